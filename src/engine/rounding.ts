/**
 * Rounding that ignores binary floating-point noise: 12.000000000000002 databases is 12, not 13,
 * and 1265.4999999999998 GB is what the arithmetic made of 1265.5. The tolerance (1e-12 relative)
 * is far below any difference a sizing input can make.
 */
const RELATIVE_TOLERANCE = 1e-12;

/** Whole units, rounded up: counts of databases, disks, arrays. Never under-provision (E3). */
export function ceilCount(x: number): number {
  return Math.ceil(x - Math.abs(x) * RELATIVE_TOLERANCE);
}

/** "Provisioned" volumes: whole GB, half up, as 000 Tables 18–19 print them. */
export function provisionGB(x: number): number {
  return Math.floor(x + 0.5 + Math.abs(x) * RELATIVE_TOLERANCE);
}

/** Round a count up to a whole number of groups of `size`. */
export function roundUpToMultiple(count: number, size: number): number {
  return ceilCount(count / size) * size;
}
