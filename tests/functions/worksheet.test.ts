/**
 * The worksheet functions as a cell sees them: Excel-style arguments in, a number, a text or an
 * error value out. Published numbers are in tests/engine/reference-design.test.ts; the cases here
 * are beyond the papers, computed by hand from SIZING.md's formulas (arithmetic shown).
 */
import { EX_ARRAYS, EX_DBSIZE, EX_IOPS, EX_LOGVOL, EX_SPINDLES, SizingError } from "../../src/functions";

const errorOf = (value: unknown): string => {
  if (!(value instanceof SizingError)) throw new Error(`expected an error value, got ${String(value)}`);
  return String(value);
};

describe("EX_DBSIZE, beyond the paper: 3,000 users, 4 GB quota, 200 messages of 100 KB", () => {
  const wsu = (200 * 100) / 1024; // 19.53125 MB
  const dsu = wsu * 14 + 4096 * 0.012 + 4096 * 0.058; // 560.1575 MB
  const mbu = 4096 + wsu + dsu; // 4,675.68875 MB
  const dbs = (3000 * mbu) / 1024; // 13,698.31 GB
  const count = 14; // ceil(13,698.31 / 1,024 = 13.38)

  test.each([
    ["whitespace", wsu],
    ["dumpster", dsu],
    ["mailbox", mbu],
    ["total", dbs],
    ["count", count],
    ["database", dbs / count],
    ["volume", 1292], // 978.45 × 1.1 × 1.2 = 1,291.55 → 1,292
  ])('result "%s" is %d', (result, expected) => {
    expect(EX_DBSIZE(3000, 4096, 200, 100, null, result)).toBeCloseTo(expected as number, 9);
  });

  test("the default result is the total in GB, and names are case-insensitive", () => {
    expect(EX_DBSIZE(3000, 4096, 200, 100)).toBeCloseTo(dbs, 9);
    expect(EX_DBSIZE(3000, 4096, 200, 100, undefined, " TOTAL ")).toBeCloseTo(dbs, 9);
  });

  test("a smaller maximum database size gives more, smaller databases", () => {
    expect(EX_DBSIZE(3000, 4096, 200, 100, 500, "count")).toBe(28); // ceil(13,698.31 / 500 = 27.4)
  });

  test("an exact multiple of the maximum is not rounded up by floating-point noise", () => {
    // 1,024 users of 1,024 MB with no dumpster or white space = exactly 1,024 GB = one database.
    const none = [["retentionDays", 0], ["singleItemRecovery", 0], ["calendarLogging", 0]];
    expect(EX_DBSIZE(1024, 1024, 0, 75, 1024, "count", none)).toBe(1);
  });
});

describe("factors override the defaults", () => {
  test("growth 1.2 — Table 14's process value (@erratum E1) — scales the total by 1.2", () => {
    const base = EX_DBSIZE(5000, 2048, 150, 75) as number;
    expect(EX_DBSIZE(5000, 2048, 150, 75, null, "total", [["growth", 1.2]])).toBeCloseTo(base * 1.2, 9);
  });

  test("names are case-insensitive, blank rows and blank values are skipped", () => {
    const factors = [["GROWTH", 1.2], ["", ""], [null, null], ["retentionDays", ""]];
    const base = EX_DBSIZE(5000, 2048, 150, 75) as number;
    expect(EX_DBSIZE(5000, 2048, 150, 75, null, "total", factors)).toBeCloseTo(base * 1.2, 9);
  });

  test("one factors table feeds every function: EX_LOGVOL takes moveFactor 1 (Table 15 as printed)", () => {
    const table = [["growth", 1.0], ["moveFactor", 1], ["headroom", 1.2]];
    // 12,510 MB × 1 × 3 × 1.2 / 1,024 = 43.98 → 44 GB (000, Table 15 without the 10% of Table 19).
    expect(EX_LOGVOL(5000, 150, 75, 12, "volume", table)).toBe(44);
  });

  test("headroom 1.0 removes the 20% from database IOPS: 5,000 × 0.15 = 750", () => {
    expect(EX_IOPS(5000, 150, 2, "database", 2010, [["headroom", 1]])).toBeCloseTo(750, 9);
  });

  test.each([
    [[["bogus", 1]], /factors must be factor names from: growth, .*; got "bogus"/],
    [[["growth", 0.5]], /factors growth must be a multiplier such as 1.2, a number from 1 to 100; got 0.5/],
    [[["singleItemRecovery", 2]], /singleItemRecovery must be .* from 0 to 1; got 2/],
    [[["growth", 1.2, "extra"]], /factors must be a two-column range/],
    [[["growth", "lots"]], /factors growth must be .*; got "lots"/],
  ])("bad factors %j give #VALUE! naming the factor", (factors, message) => {
    const result = errorOf(EX_DBSIZE(5000, 2048, 150, 75, null, null, factors));
    expect(result.startsWith("#VALUE! ")).toBe(true);
    expect(result).toMatch(message);
  });
});

describe("EX_LOGVOL, beyond the paper", () => {
  test("1,000 users, 100 messages of 200 KB, 3 databases", () => {
    // NL 20; MSF 3.8 (> 150 KB); NDB ceil(333.3) = 334; TLC 334 × 20 × 3.8 = 25,384 MB;
    // LVS 25,384 × 1.1 × 3 × 1.2 / 1,024 = 98.16 → 98 GB.
    expect(EX_LOGVOL(1000, 100, 200, 3, "logs")).toBeCloseTo(20, 12);
    expect(EX_LOGVOL(1000, 100, 200, 3, "daily")).toBeCloseTo(25384, 9);
    expect(EX_LOGVOL(1000, 100, 200, 3)).toBe(98);
  });

  test.each([
    [75, 1.0],
    [75.5, 1.9],
    [150, 1.9],
    [151, 3.8],
  ])("a %d KB message has message size factor %d (000, Table 15 step 3)", (kb, msf) => {
    // 1,200 users in 1 database, 100 messages: TLC = 1,200 × 20 × MSF.
    expect(EX_LOGVOL(1200, 100, kb, 1, "daily")).toBeCloseTo(1200 * 20 * msf, 9);
  });
});

describe("EX_IOPS, beyond the paper", () => {
  test.each([
    // [users, messages, copies, result, version, expected, arithmetic]
    [1000, 100, 1, "database", 2010, 144, "1,000 × 0.1 × SDBO 1.2 × 1.2"],
    [1000, 100, 1, "log", 2010, 43.2, "(144 × 0.25) × 1.2"],
    [1000, 100, 3, "log", 2010, 64.8, "(120 × 0.25 + 120 × 2 × 0.1) × 1.2"],
    [1000, 100, 3, "dag", 2010, 360, "120 × 3 copies"],
    [1000, 100, 1, "database", 2013, 80.4, "1,000 × 100 × 0.00067 × 1.2: no SDBO after 2010"],
    [1000, 100, 2, "peruser", 2019, 0.0804, "100 × 0.00067 × 1.2"],
  ])("%i users, %i msgs, %i copies: %s (%i) = %d — %s", (users, msgs, copies, result, version, expected, _arithmetic) => {
    expect(EX_IOPS(users, msgs, copies, result, version)).toBeCloseTo(expected, 9);
  });

  test("copies default to 2 and the version to 2010", () => {
    expect(EX_IOPS(5000, 150)).toBeCloseTo(900, 9);
    expect(EX_IOPS(5000, 150, null, "log", null)).toBeCloseTo(378, 9);
  });
});

describe("EX_SPINDLES, beyond the paper", () => {
  test.each([
    // [iops, raid, disk, readRatio, capacityGB, diskGB, groupSize, result, expected, arithmetic]
    [500, "RAID6", "15K", 0.5, null, null, 6, "iodisks", 12, "250 + 6 × 250 = 1,750 / 180 = 9.7 → 10 → 2 groups of 6"],
    [500, "RAID 6", "15k", 0.5, 10000, 1200, 6, "capacitydisks", 18, "9 data disks / 4 per group → 3 groups of 6"],
    [500, "raid6", "15K", 0.5, 10000, 1200, 6, "disks", 18, "max(12, 18)"],
    [500, "RAID60", "15K", 0.5, 10000, 1200, null, "capacitydisks", 11, "9 data disks + 2 parity"],
    [1000, "RAID0", "7.2K", 0.6, null, null, null, "disks", 16, "1,000 / 65 = 15.4 → 16"],
    [1080, "RAID5", 150, 0.6, null, null, null, "disks", 16, "2,376 / 150 = 15.8 → 16"],
    [1080, "RAID50", "10K", 0.6, 7530, 600, null, "capacitydisks", 14, "13 data disks + 1 parity"],
    [1000, "RAID1", "10K", 1, null, null, null, "disks", 8, "all reads: 1,000 / 140 = 7.1 → 8, even"],
    [1000, "R10", "10K", 0, 3000, 600, null, "capacitydisks", 10, "5 data disks mirrored"],
    [1000, "RAID 1/0", "10K", 0, null, null, 8, "iodisks", 16, "2,000 / 140 = 14.3 → 15 → 2 groups of 8"],
    [0, "RAID5", "10K", 0.6, null, null, null, "disks", 0, "no I/O, no capacity: no disks"],
  ])("%i IOPS, %s, disk %s, read %d, %s GB on %s GB disks, group %s: %s = %i (%s)",
    (iops, raid, disk, read, capacity, diskGB, group, result, expected, _arithmetic) => {
      expect(EX_SPINDLES(iops, raid, disk, read, capacity, diskGB, group, result)).toBe(expected);
    });

  test("the back-end IOPS follow the write penalty: 1,000 × 0.7 + 6 × 1,000 × 0.3 = 2,500 in RAID 6", () => {
    expect(EX_SPINDLES(1000, "RAID6", "10K", 0.7, null, null, null, "backend")).toBeCloseTo(2500, 9);
  });

  test("capacitydisks without a capacity is #N/A, with a message", () => {
    expect(errorOf(EX_SPINDLES(1080, "RAID5", "10K", 0.6, null, null, null, "capacitydisks"))).toBe(
      "#N/A capacitydisks needs capacityGB and diskGB",
    );
  });
});

describe("EX_ARRAYS, beyond the paper", () => {
  test("IOPS drive the count: 1,000 GB at 5,000 IOPS in RAID 50 → 3 PS6000XV 300GB per copy", () => {
    // PS6500E: ceil(5,000 / 1,800) = 3; PS6000XV: ceil(5,000 / 1,745) = 3; PS6000X: 5. Tie at 3:
    // least usable capacity wins — PS6000XV 300GB (3,600 GB) over PS6500E 500GB (19,500 GB).
    expect(EX_ARRAYS(1000, 5000, 2, "RAID50", null, "model")).toBe("PS6000XV 300GB");
    expect(EX_ARRAYS(1000, 5000, 2, "RAID50", null, "percopy")).toBe(3);
    expect(EX_ARRAYS(1000, 5000, 2, "RAID50")).toBe(6);
  });

  test("RAID 10 halves the usable space: the reference needs a PS6500E with 1TB drives", () => {
    // 15,768 GB: PS6500E 500GB RAID 10 holds 11,500 → 2 per copy; 1TB holds 23,000 → 1.
    expect(EX_ARRAYS(15768, 900, 2, "RAID10", "auto", "model")).toBe("PS6500E 1TB");
    expect(EX_ARRAYS(15768, 900, 2, "RAID 1/0")).toBe(2);
  });

  test("a named model is sized as named: 15,768 GB on PS6000XV 600GB (7,200 GB) → 3 per copy", () => {
    expect(EX_ARRAYS(15768, 900, 2, "RAID50", "PS6000XV 600GB", "percopy")).toBe(3);
    expect(EX_ARRAYS(15768, 900, 3, "RAID50", "ps6000xv 600gb")).toBe(9);
  });

  test("a model without a drive chooses among its drives by the same rule", () => {
    // 300GB: ceil(15,768 / 3,600) = 5; 450GB: ceil(/ 5,400) = 3; 600GB: ceil(/ 7,200) = 3.
    // Tie at 3 per copy: the least usable capacity, 450GB, wastes least.
    expect(EX_ARRAYS(15768, 900, 2, "RAID50", "PS6000XV", "model")).toBe("PS6000XV 450GB");
  });

  test("a user catalogue row extends the built-in one and can win by the rule", () => {
    const catalog = [
      ["model", "drive", "raid", "usableGB", "iops"],
      ["Lab array", "4TB", "RAID50", 16000, 2000],
    ];
    // One per copy like the PS6500E 500GB (19,500 GB), with less waste: it wins.
    expect(EX_ARRAYS(15768, 900, 2, "RAID50", "auto", "model", catalog)).toBe("Lab array 4TB");
    // With more usable space than the PS6500E 500GB it would not.
    const roomy = [["Lab array", "8TB", "RAID50", 32000, 2000]];
    expect(EX_ARRAYS(15768, 900, 2, "RAID50", "auto", "model", roomy)).toBe("PS6500E 500GB");
  });

  test("a catalogue may bring RAID levels Tables 12–13 lack", () => {
    const catalog = [["R730xd", "4TB 7.2K", "RAID1", 3700, 300]];
    expect(EX_ARRAYS(7000, 500, 2, "RAID1", null, "percopy", catalog)).toBe(2);
    expect(errorOf(EX_ARRAYS(7000, 500, 2, "RAID6"))).toMatch(/^#VALUE! raid must be one of "RAID50", "RAID10"; got "RAID6"/);
  });

  test("an unknown model is #N/A listing the catalogue", () => {
    expect(errorOf(EX_ARRAYS(15768, 900, 2, "RAID50", "PS9999"))).toMatch(/^#N\/A model must be "auto" or one of the catalogue's: PS6000X 300GB, /);
  });
});

describe("bad input gives #VALUE! naming the argument and what it should be", () => {
  test.each([
    [() => EX_DBSIZE(null, 2048, 150, 75), "#VALUE! users is required: the number of mailboxes, a whole number from 1 to 100,000,000"],
    [() => EX_DBSIZE(0, 2048, 150, 75), "#VALUE! users must be the number of mailboxes, a whole number from 1 to 100,000,000; got 0"],
    [() => EX_DBSIZE(10.5, 2048, 150, 75), "#VALUE! users must be the number of mailboxes, a whole number from 1 to 100,000,000; got 10.5"],
    [() => EX_DBSIZE("many", 2048, 150, 75), '#VALUE! users must be the number of mailboxes, a whole number from 1 to 100,000,000; got "many"'],
    [() => EX_DBSIZE(true, 2048, 150, 75), "#VALUE! users must be the number of mailboxes, a whole number from 1 to 100,000,000; got TRUE"],
    [() => EX_DBSIZE(5000, 0, 150, 75), "#VALUE! quotaMB must be the mailbox quota in MB, a number above 0 up to 10,000,000; got 0"],
    [() => EX_DBSIZE(5000, 2048, -1, 75), "#VALUE! messagesPerDay must be messages sent and received per user per day, a number from 0 to 100,000; got -1"],
    [() => EX_DBSIZE(5000, 2048, 150, Infinity), "#VALUE! messageKB must be the average message size in KB, a number above 0 up to 1,000,000; got Infinity"],
    [() => EX_DBSIZE(5000, 2048, 150, NaN), "#VALUE! messageKB must be the average message size in KB, a number above 0 up to 1,000,000; got NaN"],
    [() => EX_DBSIZE(5000, 2048, 150, 75, 0), "#VALUE! maxDatabaseGB must be the largest database in GB, a number above 0 up to 1,000,000; got 0"],
    [() => EX_DBSIZE(5000, 2048, 150, 75, null, "size"), '#VALUE! result must be one of "total", "mailbox", "count", "database", "volume", "whitespace", "dumpster"; got "size"'],
    [() => EX_LOGVOL(5000, 150, 75, 0), "#VALUE! databases must be the number of databases, a whole number from 1 to 100,000; got 0"],
    [() => EX_IOPS(5000, 150, 17), "#VALUE! copies must be database copies (1 = stand-alone, a DAG has up to 16), a whole number from 1 to 16; got 17"],
    [() => EX_IOPS(5000, 150, 2, "database", 2007), "#VALUE! version must be an Exchange version: 2010, 2013, 2016, 2019 or SE; got 2007"],
    [() => EX_SPINDLES(-5), "#VALUE! iops must be the IOPS to serve, a number from 0 to 1,000,000,000; got -5"],
    [() => EX_SPINDLES(1000, "RAID7"), '#VALUE! raid must be one of "RAID0", "RAID1", "RAID10", "RAID5", "RAID50", "RAID6", "RAID60"; got "RAID7"'],
    [() => EX_SPINDLES(1000, "RAID5", "5K"), '#VALUE! disk must be a disk class ("7.2K", "10K", "15K") or IOPS per disk, a number above 0 up to 1,000,000; got "5K"'],
    [() => EX_SPINDLES(1000, "RAID5", "10K", 1.5), "#VALUE! readRatio must be the share of I/O that is reads, a number from 0 to 1; got 1.5"],
    [() => EX_SPINDLES(1000, "RAID5", "10K", 0.6, 7530), "#VALUE! diskGB is required when capacityGB is given"],
    [() => EX_SPINDLES(1000, "RAID5", "10K", 0.6, null, 600), "#VALUE! capacityGB is required when diskGB is given"],
    [() => EX_SPINDLES(1000, "RAID5", "10K", 0.6, null, null, 2), "#VALUE! groupSize must be at least 3 for RAID5; got 2"],
    [() => EX_SPINDLES(1000, "RAID10", "10K", 0.6, null, null, 5), "#VALUE! groupSize must be an even number of disks, at least 2 for RAID10; got 5"],
    [() => EX_ARRAYS(-1, 900), "#VALUE! capacityGB must be the capacity to hold in GB, a number from 0 to 1,000,000,000,000; got -1"],
    [() => EX_ARRAYS(15768, 900, 2, "RAID50", null, null, [["x", "y"]]), "#VALUE! catalog must be a range of 5 columns: model, drive, raid, usableGB, iops; got a range"],
    [() => EX_ARRAYS(15768, 900, 2, "RAID50", null, null, [["Lab", "4TB", "RAID50", 0, 100]]), "#VALUE! catalog row 1 usableGB must be usable GB per array, a number above 0 up to 1,000,000,000; got 0"],
  ])("%#: %s", (call, message) => {
    expect(errorOf(call())).toBe(message);
  });

  test("numbers typed as text are read as Excel reads a direct argument", () => {
    expect(EX_DBSIZE("5000", "2,048", " 150 ", "75", "", "volume")).toBe(1266);
  });
});
