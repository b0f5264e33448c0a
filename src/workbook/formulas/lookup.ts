/** A row's value looked up by its key: how the sheets read a user's row, a disk by its name, a tier by its number. */

/** The value of `range` on the row where `keys` holds `key` (an exact match). */
export const lookupFormula = (range: string, key: string, keys: string): string => `INDEX(${range},MATCH(${key},${keys},0))`;

/** Whether `keys` holds `key` (an exact match). */
export const foundFormula = (key: string, keys: string): string => `ISNUMBER(MATCH(${key},${keys},0))`;

/** The `n`th value of `range`. */
export const indexFormula = (range: string, n: string | number): string => `INDEX(${range},${n})`;

/** Where `keys` holds `key`, 1 first (an exact match); #N/A where it does not. */
export const positionFormula = (key: string, keys: string): string => `MATCH(${key},${keys},0)`;
