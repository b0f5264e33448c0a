/**
 * Rounding that ignores binary floating-point noise, and nothing more: 12.000000000000002
 * databases is 12, not 13, and 1265.4999999999998 GB is what the arithmetic made of 1265.5.
 *
 * The tolerance is the smaller of
 * - 1e-15 of the number: 4.5 to 9 units in the last place (ulps) of a double, the noise a few
 *   roundings leave in the sizing arithmetic (every step is a product or sum of positive terms);
 * - 1e-6 of a unit: above a billion, a few ulps would be a real fraction (at 1e13 an ulp is
 *   0.002), so the tolerance stops growing. There, noise may add a unit: a count may be one too
 *   many at a billion disks, never one too few.
 * So a count is never below the exact requirement by a whole unit at any size, nor by more than
 * a millionth of a unit (erratum E3: never under-provision). The old tolerance, 1e-12 of the
 * number, dropped 10 units at 1e13.
 *
 * The native formulas (src/engine/excel-text.ts, ceilCountFormula and provisionFormula) write
 * the same arithmetic, operation for operation, so Excel, LibreOffice and HyperFormula agree.
 */
export const COUNT_TOLERANCE_RELATIVE = 1e-15;
export const COUNT_TOLERANCE_ABSOLUTE = 1e-6;

/** The noise absorbed at x: min(1e-15 × |x|, 1e-6). */
export function countTolerance(x: number): number {
  return Math.min(Math.abs(x) * COUNT_TOLERANCE_RELATIVE, COUNT_TOLERANCE_ABSOLUTE);
}

/**
 * Whole units, rounded up: counts of databases, disks, arrays. Never under-provision (E3).
 * @example ceilCount(12.000000000000002) // 12
 * @example ceilCount(1e13 + 0.5) // 10000000000001
 */
export function ceilCount(x: number): number {
  return Math.ceil(x - countTolerance(x));
}

/**
 * "Provisioned" volumes: whole GB, half up, as 000 Tables 18–19 print them.
 * @example provisionGB(1265.4999999999998) // 1266
 */
export function provisionGB(x: number): number {
  return Math.round(x + countTolerance(x));
}

/** Round a count up to a whole number of groups of `size`. */
export function roundUpToMultiple(count: number, size: number): number {
  return ceilCount(count / size) * size;
}
