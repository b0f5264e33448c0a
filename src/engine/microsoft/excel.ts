import { roundTo15 } from "../general-format";

/**
 * Rounding as the calculator's cells round: Excel cuts a result to 15 significant digits before
 * ROUNDUP, ROUNDDOWN, ROUND and CEILING, so 12.000000000000002 rounds up to 12. The method's
 * counts (databases, memory steps, whole MB) use these, so the engine, the native formulas and
 * the calculator agree on every boundary. Quantities rounded here are never negative.
 */
export const excelCeil = (x: number): number => (Number.isInteger(x) ? x : farFrom(x, 0) ? Math.ceil(x) : Math.ceil(roundTo15(x)));
export const excelFloor = (x: number): number => (Number.isInteger(x) ? x : farFrom(x, 0) ? Math.floor(x) : Math.floor(roundTo15(x)));
export const excelRound = (x: number): number => (Number.isInteger(x) ? x : farFrom(x, 0.5) ? Math.round(x) : Math.round(roundTo15(x)));

/**
 * Whether x's fraction is far from `edge` (0: a whole number; 0.5: a half) — more than 1e-13 of x
 * away, beyond what cutting to 15 digits can move it — so rounding x itself gives Excel's answer
 * without toPrecision, which cost most of sizeDesign's time (tests/engine/microsoft-excel.test.ts
 * holds the fast path to the exact one).
 */
function farFrom(x: number, edge: 0 | 0.5): boolean {
  const fraction = x - Math.floor(x);
  const distance = Math.min(Math.abs(fraction - edge), Math.abs(fraction - edge - 1), Math.abs(fraction - edge + 1));
  return distance > Math.abs(x) * 1e-13 + 1e-300;
}
