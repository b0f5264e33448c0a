/**
 * The Design sheet's rules (src/workbook/sheets/design.ts lays them out): Dell's worksheet functions as its
 * steps call them, the array candidate the Hardware sheet chooses, the servers' check after the edition's, and
 * a step of Microsoft's walk as its cell shows it — each a named builder, so the sheet only places them.
 */
import type { Rule } from "../../engine/rules";
import { DATABASE_SIZE_SUMMARY } from "../../engine/microsoft/design";
import { CUSTOM_FUNCTION_NAMESPACE } from "../../functions/namespace";
import { DEPLOYED_SUMMARY, VOLUMES_SUMMARY } from "../design-check";
import { dashOnError, eitherWords, numberOr, text } from "../display";
import { positionFormula } from "./lookup";
import { declared } from "./methods";

/** Dell's process's worksheet functions, as the Design sheet calls them: each one the descriptors declare. */
const DELL_FUNCTIONS = declared({ dbsize: "EX_DBSIZE", logvol: "EX_LOGVOL", iops: "EX_IOPS", spindles: "EX_SPINDLES", arrays: "EX_ARRAYS" });
export type DellFunction = keyof typeof DELL_FUNCTIONS;

/** A call of one of Dell's functions through the add-in: EXSIZE.EX_…(args,"result",rest); an empty argument is left out (its default). */
export const liveDellCall = (fn: DellFunction, args: readonly string[], result: string, rest: readonly string[]): string =>
  `${CUSTOM_FUNCTION_NAMESPACE}.${DELL_FUNCTIONS[fn]}(${[...args, text(result), ...rest].join(",")})`;

/** The figure where the database count is a number; else the count's own error (an invalid design's #VALUE!), as the function that reads it returns. */
export const countErrorOr = (databases: string, expression: string): string => numberOr(databases, expression);

/** The row of the array candidate the Hardware sheet chose: the first 1 of its `chosen` column. */
export const chosenCandidateFormula = (chosen: string): string => positionFormula("1", chosen);

/** A yes-or-no rule (a comparison, AND, OR, NOT at its top): shown in words. */
export const yesOrNo = (rule: Rule): boolean =>
  (rule.node.kind === "binary" && ["=", "<>", "<", ">", "<=", ">="].includes(rule.node.operator)) || (rule.node.kind === "call" && ["AND", "OR", "NOT"].includes(rule.node.name));

/** A step of a method's walk: its figure, a yes-or-no rule's in words; "—" where the method cannot size the design (the Design check says why). */
export const walkStepFormula = (formula: string, verdict: boolean): string => dashOnError(verdict ? eitherWords(formula, "Yes", "No") : formula);

/** The cells the servers' check reads, qualified: the design's method, its warnings and refusals, the Inputs'. */
export interface DeployedCheckCells {
  methodUsed: string;
  serverLimits: string;
  serverRefusal: string;
  databasesPerVolume: string;
  /** Microsoft's databases past the maximum size, on a JBOD disk (the Methods sheet's); omitted: none. */
  outgrown?: { outgrown: string; jbod: string; disks: string; setDatabases: string };
  /** The MCDB input's refusal; omitted: none. */
  mcdbCheck?: string;
}

/** The servers' check after the edition's: MCDB's refusal, the servers that cannot carry the design, the volumes, then the warnings. */
export function deployedCheckFormula(c: DeployedCheckCells): string {
  // MCDB's refusal sits in a cell of its own beside its input: this one, like the Design check, stays short.
  // Then the design's warnings in sizeDesign's order: databases past the maximum size (ours), the server limits.
  // Past the maximum on a JBOD disk that cannot hold one a volume, the calculator's count cannot be laid out: not a design (sizeDesign).
  const o = c.outgrown;
  const warned =
    o === undefined
      ? c.serverLimits
      : `IF(AND(${c.methodUsed}="microsoft",${o.outgrown}=1),IF(AND(${o.jbod}=TRUE(),NOT(ISNUMBER(${o.disks})),${o.setDatabases}=0),"${DEPLOYED_SUMMARY}","${DATABASE_SIZE_SUMMARY}"),${c.serverLimits})`;
  // A set count of databases a volume that no volume of the JBOD disk holds: nothing to lay out (the whole-design check, after sizeDesign's refusals).
  const laid = o === undefined ? warned : `IF(AND(${c.methodUsed}="microsoft",${o.jbod}=TRUE(),NOT(ISNUMBER(${o.disks})),${c.databasesPerVolume}>0),"${VOLUMES_SUMMARY}",${warned})`;
  // Servers that cannot carry the design are refused after the databases that cannot be laid out, before any warning (sizeDesign's order).
  const laidOut = o === undefined ? "TRUE()" : `NOT(AND(${c.methodUsed}="microsoft",${o.outgrown}=1,${o.jbod}=TRUE(),NOT(ISNUMBER(${o.disks})),${o.setDatabases}=0))`;
  const carried = `IF(AND(${laidOut},LEN(${c.serverRefusal})>0),${c.serverRefusal},${laid})`;
  return c.mcdbCheck === undefined ? carried : `IF(LEN(${c.mcdbCheck})>0,${c.mcdbCheck},${carried})`;
}
