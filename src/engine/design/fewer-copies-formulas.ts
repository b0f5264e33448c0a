/**
 * Sized never less, the design at fewer copies (size-design.ts fewerCopiesOf) in Excel's own functions: the
 * Methods sheet's copies chain, a column for each copy count, and the floors the design's figures take from it.
 */
import { balancedDatabasesFormula, numberLiteral as n, type DagArguments } from "../excel-formulas";
import { MICROSOFT } from "../microsoft/tables";

/** A figure at least `floor` (0 where none). */
export const atLeastFormula = (figure: string, floor: string): string => `MAX(${figure},${floor})`;

/** The DAG's disks at least `floor` disks a server on each of its `servers`. */
export const atLeastDagDisksFormula = (figure: string, floor: string, servers: string): string => `MAX(${figure},${floor}*${servers})`;

/**
 * The count deployed sized never less (size-design.ts microsoftDeployment), from three cells (each balanced count is a
 * formula of its own, within Excel's 8,192 characters): the calculator's own count balanced at least the count of
 * fewer copies (`atLeast`, balancedAtLeastFormula) where the servers mount it, else the most they mount (`mounted`,
 * mountedCountFormula), and never fewer than its own balanced (`ownBalanced`).
 */
export const deployedCountFormula = (atLeast: string, ownBalanced: string, mounted: string): string => `MIN(${atLeast},MAX(${ownBalanced},${mounted}))`;

/** A count balanced by `dag` (balancedDatabasesFormula) of at least `a` and `b`. */
export const balancedAtLeastFormula = (a: string, b: string, dag: DagArguments): string => balancedDatabasesFormula(`MAX(${a},${b})`, dag);

/** The most databases whole balancing units of `unit` put on `servers` at `copies` copies, at most 100 copies a server (Role Requirements!I158). */
export const mountedCountFormula = (unit: string, copies: string, servers: string): string =>
  `${unit}*ROUNDDOWN((${n(MICROSOFT.maxDatabasesPerServer)}*${servers})/(${copies}*${unit}),0)`;

/** The count deployed sized never less (deployedCountFormula); `own` itself where it is none. */
export const atLeastCountFormula = (own: string, atLeast: string, ownBalanced: string, mounted: string): string => `IF(ISNUMBER(${own}),${deployedCountFormula(atLeast, ownBalanced, mounted)},${own})`;

/** 1 where the chain counts `copiesAt`: never less, fewer than the design's copies, from two HA copies up. */
export const fewerCopiesAppliesFormula = (neverLess: string, copiesAt: string, copies: string, lagged: string, even: string): string =>
  `IF(AND(${neverLess}>0,${copiesAt}<${copies},${copiesAt}>=${lagged}+2,${even}),1,0)`;

/** size-design.ts evenServers: one site, or two of as many servers each, active/active (`activePassive` 0). */
export const evenServersFormula = (serversFirstSite: string, serversSecondSite: string, activePassive: string): string =>
  `OR(IF(ISNUMBER(${serversSecondSite}),${serversSecondSite},0)=0,AND(IF(ISNUMBER(${serversSecondSite}),${serversSecondSite},0)=${serversFirstSite},${activePassive}=0))`;

/**
 * The count at `copiesAt`: the candidate, where it can be had — its own count given and at most 100 copies a server
 * (Role Requirements!I158), else the design at those copies is refused — and the one before where not.
 */
export const fewerCopiesCountFormula = (applies: string, own: string, candidate: string, before: string, copiesAt: string, servers: string): string =>
  `IF(${fewerCopiesCountedFormula(applies, own, candidate, copiesAt, servers)},${candidate},${before})`;

/** Whether the candidate is the count at `copiesAt` (fewerCopiesCountFormula): TRUE or FALSE. */
export const fewerCopiesCountedFormula = (applies: string, own: string, candidate: string, copiesAt: string, servers: string): string =>
  `IFERROR(AND(${applies}>0,ISNUMBER(${own}),ISNUMBER(${candidate}),${candidate}*${copiesAt}/${servers}<=${n(MICROSOFT.maxDatabasesPerServer)}),FALSE())`;

/** 1 where the servers and disks at `copiesAt` count: its count had there (`counted`), a DAG of Microsoft's method, active/active. */
export const fewerCopiesSizedFormula = (counted: string, microsoftUsed: string, activePassive: string): string =>
  `IFERROR(IF(AND(${counted},${microsoftUsed},NOT(${activePassive}>0)),1,0),0)`;

/** The most so far: `before`, or the `figure` where it counts (`sized`, and `where`). */
export const mostSoFarFormula = (before: string, sized: string, where: string, figure: string): string =>
  `MAX(${before},IFERROR(IF(AND(${sized}>0,${where},ISNUMBER(${figure})),${figure},0),0))`;

/** A figure at least another cell's where that cell shows a number (a row that may show "—"). */
export const atLeastShownFormula = (figure: string, shown: string): string => `MAX(${figure},IF(ISNUMBER(${shown}),${shown},0))`;
