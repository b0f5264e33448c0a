/**
 * The calculator's rounding (src/engine/microsoft/excel.ts): its fast path, which skips cutting to 15
 * digits far from a rounding edge, gives what cutting first gives — at random numbers, and near the
 * edges where the cut matters (12.000000000000002 rounds up to 12, as Excel's ROUNDUP does).
 */
import fc from "fast-check";
import { roundTo15 } from "../../src/engine/general-format";
import { excelCeil, excelFloor, excelRound } from "../../src/engine/microsoft/excel";

const exact = { ceil: (x: number) => Math.ceil(roundTo15(x)), floor: (x: number) => Math.floor(roundTo15(x)), round: (x: number) => Math.round(roundTo15(x)) };
const fast = { ceil: excelCeil, floor: excelFloor, round: excelRound };

test("12.000000000000002 rounds up to 12 and 11.999999999999998 down to 12, as Excel cuts to 15 digits", () => {
  expect([excelCeil(12.000000000000002), excelFloor(11.999999999999998), excelRound(2.4999999999999996)]).toEqual([12, 12, 3]);
});

test("the fast path is the exact one: at random numbers, whole numbers and halves nudged by a few ulps", () => {
  const near = fc.tuple(fc.integer({ min: 0, max: 1e9 }), fc.constantFrom(0, 0.5), fc.integer({ min: -40, max: 40 })).map(([n, half, ulps]) => (n + half) * (1 + ulps * Number.EPSILON));
  const any = fc.oneof(fc.double({ min: 0, max: 1e12, noNaN: true }), near, fc.integer({ min: 0, max: 1e9 }).map((n) => n / 7));
  fc.assert(
    fc.property(any, (x) => {
      for (const k of ["ceil", "floor", "round"] as const) expect([k, x, fast[k](x)]).toEqual([k, x, exact[k](x)]);
    }),
    { numRuns: 20000 },
  );
});
