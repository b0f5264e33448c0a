/**
 * The Resilience sheet's rules (src/workbook/sheets/resilience.ts lays them out): each failure scenario's busiest
 * server by EX_FAILOVER live and by the Distribution sheet's exact loads in the customer copy, VMware's rule for its
 * cores and memory, and Microsoft's figures by failure mode (its databases' "active.<mode>", its server's
 * "megacycles.<mode>" and "transport").
 */
import type { FactorName } from "../../engine";
import type { FailoverResult, FailoverScenario } from "../../engine/excel-formulas";
import { serverFormula } from "../../engine/rules/dell";
import { dashOnError, dashUnless, dashUnlessNumber, formula, isNumber, orOnError, wordsOnError } from "../display";
import { liveMicrosoftCall } from "./methods";

/** A formula in its two renderings: through the add-in's functions, and in Excel's own. */
interface Rendered {
  formula: string;
  native?: string;
}

/** What EX_FAILOVER reads: the DAG's mailboxes, servers, copies, layout, databases and lagged copies. */
export interface FailoverNames {
  mailboxes: string;
  servers: string;
  copies: string;
  dagLayout: string;
  databases: string;
  laggedCopies: string;
}

/**
 * A scenario's figure: EX_FAILOVER over the copy layout live; in the customer copy `exact`, the Distribution sheet's
 * busiest server (`busiest`) exact at any count its grid holds. A design with no count has no scenarios; `fallback`
 * (not survivable, one site) where there is no figure.
 */
export const failoverRendered = (n: FailoverNames, scenario: FailoverScenario, perMailbox: string, result: FailoverResult, fallback: string, busiest: string, exact: string): Rendered => ({
  formula: formula(wordsOnError(`EXSIZE.EX_FAILOVER(${n.mailboxes},${n.servers},${n.copies},"${scenario}",${n.dagLayout},${perMailbox},"${result}",${n.databases},${n.laggedCopies})`, fallback)),
  native: formula(wordsOnError(`IF(AND(ISNUMBER(${n.databases}),ISNUMBER(${busiest})),${exact},NA())`, fallback)),
});

/** VMware's rule for a server of `mailboxes` active mailboxes (Dell's process): EX_SERVER live, its rule native. */
export const vmwareServerRendered = (mailboxes: string, result: "cores" | "memory", factors: string, factor: (name: FactorName) => string): Rendered => ({
  formula: formula(dashOnError(`EXSIZE.EX_SERVER(${mailboxes},"${result}",${factors})`)),
  native: formula(dashOnError(serverFormula(result, mailboxes, factor))),
});

/** What Microsoft's EX_MS_* functions read for a failure mode: the tiers' arguments, the servers' and the factors range. */
export interface ModeArguments {
  /** Mailboxes, messages, KB, quota (the tiers as sized), servers, copies. */
  args: string;
  coresPerServer: string;
  specIntRate: string;
  factors: string;
}

/**
 * A mode's active databases, unrounded (`sized`: the design is Microsoft's method's), 0 where the mode does not apply,
 * in both copies (the function's #N/A, the formula's 0 or -1): Microsoft's databases "active.<mode>" live, `native` (a unit's
 * active databases, once a unit) in the customer copy.
 */
export const modeActiveRendered = (sized: string, a: ModeArguments, mode: string, native: string): Rendered => ({
  formula: formula(`IF(${sized},${orOnError(liveMicrosoftCall("databases", a.args, `active.${mode}`, a.factors), "0")},0)`),
  native: formula(`IF(${sized},${orOnError(native, "0")},0)`),
});

/** A mode's active databases as shown: above 0 where the mode occurs and is survivable, else "—". */
export const modeActiveShownFormula = (sized: string, raw: string): string => formula(dashUnless(`AND(${sized},${isNumber(raw)})`, dashUnless(`${raw}>0`, raw)));

/** A figure of Microsoft's server function (`result`: "megacycles.<mode>", "transport") where `shown` is a number, else "—"; `native` its rule. */
export const modeServerRendered = (shown: string, a: ModeArguments, result: string, native: string): Rendered => ({
  formula: formula(dashUnlessNumber(shown, dashOnError(liveMicrosoftCall("server", `${a.args},${a.coresPerServer},${a.specIntRate}`, result, a.factors)))),
  native: formula(dashUnlessNumber(shown, dashOnError(native))),
});
