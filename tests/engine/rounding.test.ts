/**
 * Whole-count rounding (src/engine/rounding.ts): a count of databases, disks, arrays or servers is
 * never below the exact requirement (erratum E3), at every size; only floating-point noise of a few
 * units in the last place is absorbed, never a real fraction.
 */
import fc from "fast-check";
import { ceilCount, provisionGB, roundUpToMultiple } from "../../src/engine";
import { COUNT_TOLERANCE_ABSOLUTE, COUNT_TOLERANCE_RELATIVE, countTolerance } from "../../src/engine/rounding";

/** The spacing of doubles at x: one unit in the last place. */
function ulp(x: number): number {
  const a = Math.abs(x);
  if (a === 0) return Number.MIN_VALUE;
  return 2 ** (Math.floor(Math.log2(a)) - 52);
}

const whole = fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.double({ min: 0, max: 1e12, noNaN: true }).map(Math.floor));
/** A fraction that is more than noise: at least 1e-9 of a unit, and at least 16 ulps of the whole number. */
const realFraction = (k: number) => fc.double({ min: Math.max(1e-9, 16 * ulp(k + 1), 2 * COUNT_TOLERANCE_ABSOLUTE), max: 1 - 1e-9, noNaN: true });

describe("the tolerance is noise, not a fraction", () => {
  test("it is a few ulps of the number, and never more than a millionth of a unit", () => {
    expect(COUNT_TOLERANCE_RELATIVE).toBeLessThanOrEqual(1e-15);
    expect(COUNT_TOLERANCE_ABSOLUTE).toBeLessThanOrEqual(1e-6);
    for (const x of [1, 12, 1265.5, 1e6, 1e9, 1e13, 1e15, 1e300]) expect(countTolerance(x)).toBeLessThanOrEqual(Math.min(1e-15 * x, 1e-6));
  });

  test.each([1e9, 1e12, 1e13, 1e14, 1e15, 2 ** 52, 2 ** 53, 1e300])("an exact whole number %d is itself", (k) => {
    expect(ceilCount(k)).toBe(k);
    expect(provisionGB(k)).toBe(k);
  });

  test("x ≈ 1e13 with a fraction keeps its unit (1e-12 relative used to drop 10 units)", () => {
    expect(ceilCount(1e13 + 0.5)).toBe(1e13 + 1);
    expect(ceilCount(1e13 + 5)).toBe(1e13 + 5);
    expect(ceilCount(1e13 - 5)).toBe(1e13 - 5);
    expect(provisionGB(1e13 + 0.25)).toBe(1e13);
    expect(provisionGB(1e13 + 0.5)).toBe(1e13 + 1);
    expect(provisionGB(1e13 - 5)).toBe(1e13 - 5);
    expect(roundUpToMultiple(1e13 + 1, 8)).toBeGreaterThanOrEqual(1e13 + 1);
  });

  test("noise of a few ulps above a whole number adds no unit; below a half adds no GB", () => {
    expect(ceilCount(12.000000000000002)).toBe(12); // 1 ulp above 12
    expect(ceilCount(0.1 * 3 * 10)).toBe(3);
    expect(provisionGB(1265.4999999999998)).toBe(1266); // 1 ulp below 1265.5 (000, Table 18: 1,266 GB)
    expect(provisionGB(48.38)).toBe(48); // 000, Table 19
  });
});

describe("properties", () => {
  test("for x = k + f with a real fraction f, the count is never below x (k up to 1e12)", () => {
    fc.assert(
      fc.property(whole.chain((k) => fc.tuple(fc.constant(k), realFraction(k))), ([k, f]) => {
        const x = k + f;
        expect(ceilCount(x)).toBeGreaterThanOrEqual(x);
        expect(ceilCount(x)).toBe(k + 1);
      }),
      { numRuns: 5000 },
    );
  });

  test("at every size a count is at least the whole part, and below x by at most a millionth", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e300, noNaN: true }), (x) => {
        const n = ceilCount(x);
        expect(n).toBeGreaterThanOrEqual(Math.floor(x));
        expect(n).toBeGreaterThanOrEqual(x - 1e-6);
        expect(n).toBeLessThanOrEqual(Math.ceil(x));
      }),
      { numRuns: 5000 },
    );
  });

  test("a whole number with noise of up to 4 ulps is itself (k up to 1e9)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e9 }), fc.integer({ min: -4, max: 4 }), (k, n) => {
        expect(ceilCount(k + n * ulp(k))).toBe(k);
      }),
      { numRuns: 5000 },
    );
  });

  test("provisioned GB: half up, never a real fraction's GB lost (k up to 1e12)", () => {
    fc.assert(
      fc.property(whole.chain((k) => fc.tuple(fc.constant(k), realFraction(k))), ([k, f]) => {
        const x = k + f;
        const margin = Math.max(16 * ulp(k + 1), 2 * COUNT_TOLERANCE_ABSOLUTE);
        if (x - k >= 0.5 + margin) expect(provisionGB(x)).toBe(k + 1);
        if (x - k <= 0.5 - margin) expect(provisionGB(x)).toBe(k);
        expect(provisionGB(x)).toBeGreaterThanOrEqual(Math.floor(x));
        expect(provisionGB(x)).toBeLessThanOrEqual(Math.ceil(x));
      }),
      { numRuns: 5000 },
    );
  });

  test("more never rounds to less", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e15, noNaN: true }), fc.double({ min: 0, max: 1e15, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(ceilCount(lo)).toBeLessThanOrEqual(ceilCount(hi));
        expect(provisionGB(lo)).toBeLessThanOrEqual(provisionGB(hi));
      }),
      { numRuns: 5000 },
    );
  });
});
