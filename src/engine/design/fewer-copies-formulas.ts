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

/** The count deployed sized never less: the calculator's own (`own`) at least `fewer`, balanced; `own` itself where it is none. */
export const atLeastCountFormula = (own: string, fewer: string, dag: DagArguments): string => `IF(ISNUMBER(${own}),${balancedDatabasesFormula(`MAX(${own},${fewer})`, dag)},${own})`;

/** 1 where the chain counts `copiesAt`: never less, fewer than the design's copies, from two HA copies up. */
export const fewerCopiesAppliesFormula = (neverLess: string, copiesAt: string, copies: string, lagged: string): string =>
  `IF(AND(${neverLess}>0,${copiesAt}<${copies},${copiesAt}>=${lagged}+2),1,0)`;

/** The count at `copiesAt` (balanced there by `dag`): at least the one before; the one before where none can be had. */
export const fewerCopiesCountFormula = (applies: string, own: string, before: string, dag: DagArguments): string =>
  `IF(AND(${applies}>0,ISNUMBER(${own})),IFERROR(${balancedDatabasesFormula(`MAX(${own},${before})`, dag)},${before}),${before})`;

/** 1 where the servers and disks at `copiesAt` count: a DAG of Microsoft's method, active/active, its count at most 100 copies a server (Role Requirements!I158). */
export const fewerCopiesSizedFormula = (applies: string, own: string, microsoftUsed: string, activePassive: string, count: string, copiesAt: string, servers: string): string =>
  `IFERROR(IF(AND(${applies}>0,ISNUMBER(${own}),${microsoftUsed},NOT(${activePassive}>0),${count}*${copiesAt}/${servers}<=${n(MICROSOFT.maxDatabasesPerServer)}),1,0),0)`;

/** The most so far: `before`, or the `figure` where it counts (`sized`, and `where`). */
export const mostSoFarFormula = (before: string, sized: string, where: string, figure: string): string =>
  `MAX(${before},IFERROR(IF(AND(${sized}>0,${where},ISNUMBER(${figure})),${figure},0),0))`;

/** A figure at least another cell's where that cell shows a number (a row that may show "—"). */
export const atLeastShownFormula = (figure: string, shown: string): string => `MAX(${figure},IF(ISNUMBER(${shown}),${shown},0))`;
