/**
 * How the sheets pass a design's inputs to Microsoft's method as its factors (the EX_MS_* functions' factors
 * range, src/engine/microsoft/tables.ts): 0 where a factor does not apply, so the functions and their native
 * renderings read a number in every design.
 */

/** A DAG's factor: `value` in a DAG (two copies or more), else 0. */
export const dagFactorFormula = (copies: string, value: string): string => `IF(${copies}>=2,${value},0)`;

/** The value where `cell` is a number (an input left empty: 0). */
export const numberOrZeroFormula = (cell: string): string => `IF(ISNUMBER(${cell}),${cell},0)`;

/** `value` where `cell` is above 0 (the factor it hangs on applies), else 0. */
export const whenPositiveFormula = (cell: string, value: string): string => `IF(${cell}>0,${value},0)`;

/**
 * A balancing unit's databases: sized never less (`neverLess` above 0) one unit of the balanced count, else the deployed
 * count (the calculator's rules at the count, once); `standAlone` without a DAG.
 */
export const activationUnitFormula = (copies: string, neverLess: string, unit: string, deployed: string, standAlone: string): string =>
  `IF(${copies}>=2,IF(${neverLess}>0,${unit},${deployed}),${standAlone})`;
