/**
 * Sized never less, the design at fewer copies (size-design.ts fewerCopiesOf) in Excel's own functions: the
 * Methods sheet's copies chain, a column for each copy count, and the floors the design's figures take from it.
 */
import { balancedDatabasesFormula, numberLiteral as n, type DagArguments } from "../excel-formulas";
import { MICROSOFT } from "../microsoft/tables";
import { LAYOUT_RULES } from "../rules/layout";

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

/**
 * The most databases whose copies put at most 100 on its busiest server (Role Requirements!I158; rules/layout.ts
 * mostMountedDatabases, unrounded), over the copies, the first site's copies and each site's servers' cells.
 */
export const mostMountedFormula = (copies: string, copiesFirstSite: string, serversFirstSite: string, serversSecondSite: string, activePassive: string): string =>
  LAYOUT_RULES.formula("mostMountedDatabases", { copies, copiesFirstSite, serversFirstSite, serversSecondSite, activePassive, most: n(MICROSOFT.maxDatabasesPerServer) });

/** The most databases whole balancing units of `unit` put on the servers, at most `most` (mostMountedFormula). */
export const mountedCountFormula = (unit: string, most: string): string => `${unit}*ROUNDDOWN((${most})/${unit},0)`;

/** The count deployed sized never less (deployedCountFormula); `own` itself where it is none. */
export const atLeastCountFormula = (own: string, atLeast: string, ownBalanced: string, mounted: string): string => `IF(ISNUMBER(${own}),${deployedCountFormula(atLeast, ownBalanced, mounted)},${own})`;

/** 1 where the chain counts `copiesAt`: never less, fewer than the design's copies, from two HA copies up. */
export const fewerCopiesAppliesFormula = (neverLess: string, copiesAt: string, copies: string, lagged: string): string =>
  `IF(AND(${neverLess}>0,${copiesAt}<${copies},${copiesAt}>=${lagged}+2),1,0)`;

/**
 * The count at `copiesAt`: the candidate, where it can be had — its own count given and at most 100 copies on its
 * busiest server (`most`, mostMountedFormula), else the design at those copies is refused — and the one before where not.
 */
export const fewerCopiesCountFormula = (applies: string, own: string, candidate: string, before: string, most: string): string =>
  `IF(${fewerCopiesCountedFormula(applies, own, candidate, most)},${candidate},${before})`;

/** Whether the candidate is the count at `copiesAt` (fewerCopiesCountFormula): TRUE or FALSE. */
export const fewerCopiesCountedFormula = (applies: string, own: string, candidate: string, most: string): string =>
  `IFERROR(AND(${applies}>0,ISNUMBER(${own}),ISNUMBER(${candidate}),${candidate}<=${most}),FALSE())`;

/** 1 where the servers and disks at `copiesAt` count: its count had there (`counted`), a DAG of Microsoft's method. */
export const fewerCopiesSizedFormula = (counted: string, microsoftUsed: string): string => `IFERROR(IF(AND(${counted},${microsoftUsed}),1,0),0)`;

/** The most so far: `before`, or the `figure` where it counts (`sized`, and `where`). */
export const mostSoFarFormula = (before: string, sized: string, where: string, figure: string): string =>
  `MAX(${before},IFERROR(IF(AND(${sized}>0,${where},ISNUMBER(${figure})),${figure},0),0))`;

/** A figure at least another cell's where that cell shows a number (a row that may show "—"). */
export const atLeastShownFormula = (figure: string, shown: string): string => `MAX(${figure},IF(ISNUMBER(${shown}),${shown},0))`;
