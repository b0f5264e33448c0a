/**
 * What must hold everywhere (fast-check): more users, larger quotas or more messages never need
 * fewer GB, disks or arrays; and every call gives a finite number, a text or a typed error —
 * never a throw, a NaN or an Infinity.
 */
import fc from "fast-check";
import { EX_ARRAYS, EX_DBSIZE, EX_IOPS, EX_LOGVOL, EX_SPINDLES, SizingError } from "../../src/functions";

const RUNS = { numRuns: 500 };
const users = fc.integer({ min: 1, max: 2_000_000 });
const quotaMB = fc.double({ min: 1, max: 1_000_000, noNaN: true });
const messages = fc.double({ min: 0, max: 10_000, noNaN: true });
const messageKB = fc.double({ min: 0.1, max: 100_000, noNaN: true });
const maxDb = fc.double({ min: 1, max: 100_000, noNaN: true });
const copies = fc.integer({ min: 1, max: 16 });
const version = fc.constantFrom(2010, 2013, 2016, 2019);
const raid = fc.constantFrom("RAID0", "RAID1", "RAID10", "RAID5", "RAID50", "RAID6", "RAID60");
const disk = fc.oneof(fc.constantFrom("7.2K", "10K", "15K"), fc.integer({ min: 1, max: 100_000 }));
/** Two values in order: the property compares the smaller input with the larger. */
const ordered = <T extends number>(arb: fc.Arbitrary<T>) => fc.tuple(arb, arb).map(([a, b]) => (a <= b ? [a, b] : [b, a]));

const num = (v: unknown): number => {
  if (typeof v !== "number") throw new Error(`expected a number, got ${String(v)}`);
  return v;
};

/**
 * `more` needs at least what `less` needs: both numbers, more ≥ less; or the larger load makes a
 * design that cannot exist (a mailbox too big for a database: #N/A), which is refused, never less.
 * A refused smaller load stays refused under a larger one.
 */
function atLeast(more: unknown, less: unknown): void {
  if (less instanceof SizingError) {
    expect(more).toBeInstanceOf(SizingError);
    return;
  }
  if (more instanceof SizingError) {
    expect(more.code).toBe("#N/A");
    return;
  }
  expect(num(more)).toBeGreaterThanOrEqual(num(less));
}

describe("more demand never needs less", () => {
  test("more users: no fewer GB, databases, log GB or IOPS", () => {
    fc.assert(
      fc.property(ordered(users), quotaMB, messages, messageKB, maxDb, ([u1, u2], q, m, kb, max) => {
        for (const result of ["total", "count"]) {
          atLeast(EX_DBSIZE(u2, q, m, kb, max, result), EX_DBSIZE(u1, q, m, kb, max, result));
        }
        expect(num(EX_LOGVOL(u2, m, kb, 12))).toBeGreaterThanOrEqual(num(EX_LOGVOL(u1, m, kb, 12)));
        expect(num(EX_IOPS(u2, m))).toBeGreaterThanOrEqual(num(EX_IOPS(u1, m)));
      }),
      RUNS,
    );
  });

  test("larger quotas: no fewer GB or databases", () => {
    fc.assert(
      fc.property(users, ordered(quotaMB), messages, messageKB, maxDb, (u, [q1, q2], m, kb, max) => {
        for (const result of ["total", "mailbox", "count"]) {
          atLeast(EX_DBSIZE(u, q2, m, kb, max, result), EX_DBSIZE(u, q1, m, kb, max, result));
        }
      }),
      RUNS,
    );
  });

  test("more or larger messages: no fewer GB, log GB or IOPS", () => {
    fc.assert(
      fc.property(users, quotaMB, ordered(messages), ordered(messageKB), copies, version, (u, q, [m1, m2], [k1, k2], c, v) => {
        atLeast(EX_DBSIZE(u, q, m2, k2), EX_DBSIZE(u, q, m1, k1));
        expect(num(EX_LOGVOL(u, m2, k2, 4))).toBeGreaterThanOrEqual(num(EX_LOGVOL(u, m1, k1, 4)));
        expect(num(EX_IOPS(u, m2, c, "database", v))).toBeGreaterThanOrEqual(num(EX_IOPS(u, m1, c, "database", v)));
        expect(num(EX_IOPS(u, m2, c, "log", v))).toBeGreaterThanOrEqual(num(EX_IOPS(u, m1, c, "log", v)));
      }),
      RUNS,
    );
  });

  test("more IOPS or capacity: no fewer disks", () => {
    const iops = fc.double({ min: 0, max: 1_000_000, noNaN: true });
    const capacity = fc.double({ min: 0, max: 1_000_000, noNaN: true });
    fc.assert(
      fc.property(ordered(iops), ordered(capacity), raid, disk, fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 50, max: 20_000 }),
        ([i1, i2], [c1, c2], r, d, read, diskGB) => {
          expect(num(EX_SPINDLES(i2, r, d, read, c1, diskGB))).toBeGreaterThanOrEqual(num(EX_SPINDLES(i1, r, d, read, c1, diskGB)));
          expect(num(EX_SPINDLES(i1, r, d, read, c2, diskGB))).toBeGreaterThanOrEqual(num(EX_SPINDLES(i1, r, d, read, c1, diskGB)));
        }),
      RUNS,
    );
  });

  test("more capacity, IOPS or copies: no fewer arrays", () => {
    const gb = fc.double({ min: 0, max: 10_000_000, noNaN: true });
    const iops = fc.double({ min: 0, max: 1_000_000, noNaN: true });
    fc.assert(
      fc.property(ordered(gb), ordered(iops), ordered(copies), fc.constantFrom("RAID50", "RAID10"), ([g1, g2], [i1, i2], [c1, c2], r) => {
        const base = num(EX_ARRAYS(g1, i1, c1, r));
        expect(num(EX_ARRAYS(g2, i1, c1, r))).toBeGreaterThanOrEqual(base);
        expect(num(EX_ARRAYS(g1, i2, c1, r))).toBeGreaterThanOrEqual(base);
        expect(num(EX_ARRAYS(g1, i1, c2, r))).toBeGreaterThanOrEqual(base);
      }),
      RUNS,
    );
  });
});

describe("every input gives a finite number, a text or a typed error", () => {
  /** What Excel can pass to one argument: any number (incl. NaN, ±Infinity, huge), text, booleans, blanks, ranges. */
  const anyCell = fc.oneof(
    fc.double(),
    fc.integer(),
    fc.constantFrom(0, -0, 1, 2, 5000, 1e308, -1e308, Number.MAX_SAFE_INTEGER, 1e-300),
    fc.string(),
    fc.constantFrom("RAID5", "raid 1/0", "10K", "7.2K", "volume", "count", "model", "peruser", "auto", "2013", "1e400"),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(fc.array(fc.oneof(fc.string(), fc.double(), fc.constant(null), fc.constantFrom("growth", "headroom")), { maxLength: 6 }), { maxLength: 4 }),
  );
  const args = fc.array(anyCell, { minLength: 0, maxLength: 8 });

  test.each([
    ["EX_DBSIZE", EX_DBSIZE],
    ["EX_LOGVOL", EX_LOGVOL],
    ["EX_IOPS", EX_IOPS],
    ["EX_SPINDLES", EX_SPINDLES],
    ["EX_ARRAYS", EX_ARRAYS],
  ] as const)("%s", (_name, fn) => {
    fc.assert(
      fc.property(args, (a) => {
        const value = (fn as (...xs: unknown[]) => unknown)(...a);
        if (value instanceof SizingError) {
          expect(["#VALUE!", "#N/A", "#NUM!"]).toContain(value.code);
          expect(value.message.length).toBeGreaterThan(10);
        } else if (typeof value === "number") {
          expect(Number.isFinite(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        } else {
          expect(typeof value).toBe("string");
        }
      }),
      { numRuns: 2000 },
    );
  });

  test.each([
    ["EX_DBSIZE at every upper bound", () => EX_DBSIZE(100_000_000, 10_000_000, 100_000, 1_000_000, 1e-9, "count", [["growth", 100], ["retentionDays", 3650]])],
    ["EX_LOGVOL at every upper bound", () => EX_LOGVOL(100_000_000, 100_000, 1_000_000, 1, "volume", [["logsPerMessage", 100], ["logFileMB", 1024], ["truncationDays", 3650], ["overhead", 10], ["moveFactor", 10]])],
    ["EX_SPINDLES at every upper bound", () => EX_SPINDLES(1e9, "RAID60", 1e-9, 0, 1e9, 1e-9, 4)],
  ])("%s is finite, a #NUM! error, or a design refused as a whole (#N/A)", (_name, call) => {
    const value = call();
    if (value instanceof SizingError) expect(["#NUM!", "#N/A"]).toContain(value.code);
    else expect(Number.isFinite(value as number)).toBe(true);
  });
});
