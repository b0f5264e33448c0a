import { roundTo15 } from "../general-format";

/**
 * Rounding as the calculator's cells round: Excel cuts a result to 15 significant digits before
 * ROUNDUP, ROUNDDOWN, ROUND and CEILING, so 12.000000000000002 rounds up to 12. The method's
 * counts (databases, memory steps, whole MB) use these, so the engine, the native formulas and
 * the calculator agree on every boundary. Quantities rounded here are never negative.
 */
export const excelCeil = (x: number): number => Math.ceil(roundTo15(x));
export const excelFloor = (x: number): number => Math.floor(roundTo15(x));
export const excelRound = (x: number): number => Math.round(roundTo15(x));
