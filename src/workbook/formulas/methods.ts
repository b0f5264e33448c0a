/**
 * The Methods sheet's rules (src/workbook/sheets/methods.ts lays them out): Microsoft's functions as its column
 * calls them, and the helper cells' own rules — the factors passed to the functions, the count deployed, the second
 * site's busiest server, the server's disks and MCDB — each a named builder, so the sheet only places them.
 */
import { WORKSHEET_FUNCTIONS } from "../../functions/descriptors";

/**
 * Microsoft's method's worksheet functions, as the workbook calls them: each named here once, and each one the
 * descriptors declare (src/functions/descriptors.ts), so a function renamed there fails here, not in a workbook.
 */
const MICROSOFT_FUNCTIONS = declared({ mailbox: "EX_MS_MAILBOX", databases: "EX_MS_DATABASES", iops: "EX_MS_IOPS", server: "EX_MS_SERVER", replication: "EX_MS_REPLICATION", disks: "EX_MS_DISKS" });
export type MicrosoftFunction = keyof typeof MICROSOFT_FUNCTIONS;

/** Worksheet functions' names, each checked against the descriptors when the module loads. */
export function declared<T extends Record<string, string>>(names: T): T {
  for (const name of Object.values(names)) if (!WORKSHEET_FUNCTIONS.some((d) => d.name === name)) throw new Error(`${name} is no worksheet function the descriptors declare`);
  return Object.freeze(names);
}

/** A call of one of Microsoft's functions without the add-in's namespace: `EX_MS_…(args,"result",rest)`; `rest` the factors (and any arguments after the result). */
export const microsoftCall = (fn: MicrosoftFunction, args: string, result: string, rest: string): string => `${MICROSOFT_FUNCTIONS[fn]}(${args},"${result}",${rest})`;

/** The call through the add-in: EXSIZE.EX_MS_…(…). */
export const liveMicrosoftCall = (fn: MicrosoftFunction, args: string, result: string, rest: string): string => `EXSIZE.${microsoftCall(fn, args, result, rest)}`;

/** Every condition holds. */
export const allOf = (...conditions: string[]): string => `AND(${conditions.join(",")})`;

/** One condition or more holds. */
export const anyOf = (...conditions: string[]): string => `OR(${conditions.join(",")})`;

/** The figure where `condition` holds, else #N/A (the method has no figure; the cell shows "—"). */
export const naUnless = (condition: string, expression: string): string => `IF(${condition},${expression},NA())`;

/** The figure where the deployed count (`databases`) can be had, else #N/A: the functions size the whole DAG at it first. */
export const countedFormula = (databases: string, expression: string): string => naUnless(`ISNUMBER(${databases})`, expression);

/** `value` where `condition` holds, else 0. */
export const zeroUnless = (condition: string, value: string): string => `IF(${condition},${value},0)`;

/** A condition that is FALSE where it is an error. */
export const falseOnError = (condition: string): string => `IFERROR(${condition},FALSE())`;

/** A figure by the method that sized the design (`methodUsed`): Microsoft's, else Dell's. */
export const byMethodFormula = (methodUsed: string, microsoft: string, dell: string): string => `IF(${methodUsed}="microsoft",${microsoft},${dell})`;

/** A DAG's figure (two copies or more), else a stand-alone server's. */
export const dagOrStandAloneFormula = (copies: string, dag: string, standAlone: string): string => `IF(${copies}>=2,${dag},${standAlone})`;

/** An active/passive DAG: two copies or more, the layout active/passive (`activePassive` above 0). */
export const activePassiveDagFormula = (copies: string, activePassive: string): string => `AND(${copies}>=2,${activePassive}>0)`;

/** The DAG's layout factor: 1 active/passive with a second site and a DAG (stand-alone servers have no layout), else 0. */
export const activePassiveFactorFormula = (layout: string, serversSecondSite: string, copies: string): string =>
  `IF(${layout}="active/passive",IF(AND(${serversSecondSite}>0,${copies}>=2),1,0),0)`;

/** The disk the calculator counts from: its raw GB where it deploys JBOD (`jbod`), else 0 (RAID). */
export const countingDiskGBFormula = (rawGB: string, jbod: string): string => `IFERROR(IF(AND(${rawGB}>0,${jbod}),${rawGB},0),0)`;

/** The counting disk's IOPS: the disk's where there is one (`diskGB` above 0), else the calculator's default. */
export const countingDiskIopsFormula = (diskGB: string, iops: string, defaultIops: number): string => `IF(${diskGB}>0,${iops},${defaultIops})`;

/** The factor neverLess: 1 where the servers are sized never less (the Inputs' ServerSizing), else 0. */
export const neverLessFormula = (serverSizing: string): string => `IF(${serverSizing}="never less",1,0)`;

/** The factor maxDatabaseGB: the custom maximum where the configuration is "custom", else 0 (the calculator's own). */
export const customMaxDatabaseFormula = (configuration: string, maxDatabaseGB: string): string => `IF(${configuration}="custom",${maxDatabaseGB},0)`;

/** 1 where the deployed databases outgrow the maximum size (`outgrown`), else 0: a number, as LibreOffice reads a helper's TRUE back as empty. */
export const outgrownFlagFormula = (databases: string, outgrown: string): string => `IFERROR(IF(AND(ISNUMBER(${databases}),${outgrown}),1,0),0)`;

/** The count deployed: sized never less, a DAG's balanced count; else the calculator's own. */
export const deployedCountFormula = (copies: string, neverLess: string, balanced: string, own: string): string => `IF(AND(${copies}>=2,${neverLess}>0),${balanced},${own})`;

/** The count, refused (#N/A) where a DAG would pass 100 copies a server (`tooMany`), as the calculator refuses its own. */
export const refusedCountFormula = (copies: string, tooMany: string, count: string): string => `IF(AND(${copies}>=2,${tooMany}),NA(),${count})`;

/** A second-site helper: where the layout is active/passive and the count can be had, `value`; else 0. */
export const secondSiteHelperFormula = (activePassive: string, databases: string, value: string): string => `IFERROR(IF(AND(${activePassive}>0,ISNUMBER(${databases})),${value},0),0)`;

/** An active/passive DAG whose count can be had: the second site's busiest server applies. */
export const secondSiteCountedFormula = (copies: string, activePassive: string, databases: string): string => `AND(${copies}>=2,${activePassive}>0,ISNUMBER(${databases}))`;

/** An active/passive DAG Microsoft's method sized: each site's server on its own. */
export const microsoftActivePassiveFormula = (methodUsed: string, copies: string, activePassive: string, databases: string): string =>
  `AND(${methodUsed}="microsoft",${copies}>=2,${activePassive}>0,ISNUMBER(${databases}))`;

/** A volume's copies: active/passive, the first site's (Role Requirements!C83); else the database's copies. */
export const volumeCopiesFormula = (activePassive: string, copiesFirstSite: string, copies: string): string => `IF(${activePassive}>0,${copiesFirstSite},${copies})`;

/** MCDB applies: not "off", a version that has it (`version`), on JBOD, the database disks sized. */
export const mcdbAppliesFormula = (mcdb: string, version: string, jbod: string, disks: string): string => `AND(${mcdb}<>"off",${version},${jbod},ISNUMBER(${disks}))`;

/** Why Microsoft's column is dashes, once above it: empty where the count can be had. */
export const unsizedNoteFormula = (databases: string): string =>
  `=IF(ISNUMBER(${databases}),"","Microsoft's calculator cannot size this design: its databases would outgrow its largest, it would pass 100 copies a server, or a tier is outside its limits.")`;

/** When Microsoft's column sizes the tiers rather than the design's one profile (`used`), says so; `papers` the papers' words. */
export const tiersNoteFormula = (used: string, mailboxes: string, tiersSized: string, papers: string): string =>
  `=IFERROR(IF(${used},"Mailbox tiers on Inputs: Microsoft's column sizes "&${mailboxes}&" mailboxes in "&${tiersSized}&IF(${tiersSized}=1," tier"," tiers")&"; ${papers} the design's one profile.",""),"")`;

/** The condition does not hold. */
export const not = (condition: string): string => `NOT(${condition})`;

/** No figure here (#N/A): the cell shows "—". */
export const NO_FIGURE = "NA()";

/** A condition that always holds. */
export const ALWAYS = "TRUE()";

/** A condition that never holds. */
export const NEVER = "FALSE()";
