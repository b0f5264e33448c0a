/**
 * Sized never less, the design at fewer copies (size-design.ts fewerCopiesOf) in Excel's own functions: the
 * Methods sheet's copies chain, a column for each copy count, and the floors the design's figures take from it.
 */
import { dagRuleFormula, numberLiteral as n, operand, type DagArguments } from "../excel-formulas";
import { MICROSOFT } from "../microsoft/tables";
import { LAYOUT_RULES } from "../rules/layout";

/** A figure at least `floor` (0 where none). */
export const atLeastFormula = (figure: string, floor: string): string => `MAX(${figure},${floor})`;

/** The DAG's disks at least `floor` disks a server on each of its `servers`. */
export const atLeastDagDisksFormula = (figure: string, floor: string, servers: string): string => `MAX(${figure},${floor}*${servers})`;

/**
 * The count deployed sized never less (size-design.ts microsoftDeployment; rules/layout.ts deployedDatabases), from
 * three cells (each balanced count is a formula of its own, within Excel's 8,192 characters): the calculator's own
 * count balanced at least the count of fewer copies (`atLeast`, balancedAtLeastFormula) where the servers mount it,
 * else the most they mount (`mounted`, mountedCountFormula), and never fewer than its own balanced (`ownBalanced`).
 */
export const deployedCountFormula = (atLeast: string, ownBalanced: string, mounted: string): string =>
  LAYOUT_RULES.formula("deployedDatabases", { atLeastBalanced: atLeast, ownBalanced, mountedDatabases: mounted });

/** A count balanced by `dag` of at least `count` and `fewer` (rules/layout.ts atLeastBalanced). */
export const balancedAtLeastFormula = (count: string, fewer: string, dag: DagArguments): string => dagRuleFormula("atLeastBalanced", dag, { count, fewerCopiesDatabases: fewer });

/**
 * The most databases whose copies put at most 100 on its busiest server (Role Requirements!I158; rules/layout.ts
 * mostMountedDatabases, unrounded), over the copies, the first site's copies, each site's servers' cells (0: one
 * site) and the cell of 1 for an active/passive DAG of two sites.
 */
export const mostMountedFormula = (copies: string, copiesFirstSite: string, serversFirstSite: string, serversSecondSite: string, activePassive: string): string =>
  LAYOUT_RULES.formula("mostMountedDatabases", {
    copies,
    copiesFirstSite,
    serversFirstSite,
    serversSecondSite,
    twoSites: `${operand(serversSecondSite)}>0`,
    passive: `${operand(activePassive)}>0`,
    most: n(MICROSOFT.maxDatabasesPerServer),
  });

/** The most databases whole balancing units of `unit` put on the servers, at most `most` (rules/layout.ts mountedDatabases). */
export const mountedCountFormula = (unit: string, most: string): string => LAYOUT_RULES.formula("mountedDatabases", { activationUnit: unit, mostMountedDatabases: most });

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
