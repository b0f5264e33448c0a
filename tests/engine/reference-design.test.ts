/**
 * The published numbers, reproduced by the engine. Each row cites its seed (../shared/seeds) and
 * table; rows that differ from a paper's own arithmetic are tagged with the erratum (SIZING.md §7).
 */
import {
  DATABASE_FACTOR_DEFAULTS,
  IOPS_FACTOR_DEFAULTS,
  LOG_FACTOR_DEFAULTS,
  EQUALLOGIC_CATALOGUE,
  arrayModelName,
  chooseArrays,
  databaseCapacity,
  iopsRequirement,
  logCapacity,
  spindleCount,
} from "../../src/engine";

// 000_72e1ddb9bbd1ecac.txt, 3.4.2: 5,000 users, 2 GB quota, 150 messages/day, 75 KB, max 1,024 GB.
const REFERENCE_PROFILE = [5000, 2048, 150, 75] as const;

describe("database capacity reproduces 000_72e1ddb9bbd1ecac.txt, Table 18", () => {
  // @erratum E1: growth 1.0 (Table 14 says × 1.2; the worked example Table 18 applies none).
  const c = databaseCapacity(...REFERENCE_PROFILE, 1024, DATABASE_FACTOR_DEFAULTS);

  test.each([
    ["WSU, white space per user (MB)", c.whiteSpacePerUserMB, 11, 0], // Table 18: "WSU = 11MB"
    ["DSU, dumpster per user (MB)", c.dumpsterPerUserMB, 297, 0], // "DSU = 297MB"
    ["MBU, mailbox size per user (MB)", c.mailboxOnDiskMB, 2356, 0], // "MBU = 2356MB"
    ["DBS, total database size (GB)", c.totalDatabaseGB, 11505, 0], // "DBS = 11505GB"
    ["IDBS, individual database (GB)", c.databaseGB, 959, 0], // "IDBS = 959GB"
    ["DVS, database volume (GB)", c.databaseVolumeGB, 1266, 0], // "DVS = 1266GB"
  ])("%s is %d as printed (to the paper's whole units)", (_step, actual, printed, digits) => {
    expect(Number(actual.toFixed(digits))).toBe(printed);
  });

  test.each([
    // SIZING.md §1 restates the unrounded values to two decimals.
    ["WSU", c.whiteSpacePerUserMB, 10.99],
    ["DSU", c.dumpsterPerUserMB, 297.17],
    ["MBU", c.mailboxOnDiskMB, 2356.15],
    ["DBS", c.totalDatabaseGB, 11504.66],
    ["IDBS", c.databaseGB, 958.72],
    ["DVS", c.databaseVolumeGB, 1265.51],
  ])("%s to two decimals is %d (SIZING.md §1)", (_step, actual, expected) => {
    expect(actual).toBeCloseTo(expected, 2);
  });

  test("12 databases (Table 18: DB = 12) on provisioned volumes of 1,266 GB", () => {
    expect(c.databaseCount).toBe(12);
    expect(c.provisionedDatabaseVolumeGB).toBe(1266);
  });
});

describe("log capacity reproduces 000_72e1ddb9bbd1ecac.txt, Table 19", () => {
  // @erratum E2: moveFactor 1.1 (Table 19's "x 1.1"; Table 15 omits it).
  const l = logCapacity(5000, 150, 75, 12, LOG_FACTOR_DEFAULTS);

  test.each([
    ["NL, logs per user per day", l.logFilesPerUserPerDay, 30],
    ["MSF, message size factor", l.messageSizeFactor, 1],
    ["NDB, users per database (5000 / 12, rounded up)", l.usersPerDatabase, 417],
    ["TLC, log MB per database per day", l.dailyLogMBPerDatabase, 12510],
    ["LVS provisioned, GB", l.provisionedLogVolumeGB, 48],
  ])("%s is %d", (_step, actual, printed) => {
    expect(actual).toBeCloseTo(printed, 9);
  });

  test("LVS unrounded is 48.38 GB (SIZING.md §2)", () => {
    expect(l.logVolumeGB).toBeCloseTo(48.38, 2);
  });

  test("12 × 1,266 + 12 × 48 = 15,768 GB for all volumes (000, 3.4.2)", () => {
    const c = databaseCapacity(...REFERENCE_PROFILE, 1024, DATABASE_FACTOR_DEFAULTS);
    expect(c.databaseCount * c.provisionedDatabaseVolumeGB + c.databaseCount * l.provisionedLogVolumeGB).toBe(15768);
  });
});

describe("IOPS reproduce 000 Tables 16–17 and the ESRPs", () => {
  test("5,000 users × 0.15 × 1.2 = 900 database IOPS in a 2-copy DAG (000, Table 16; 3.4.2)", () => {
    expect(iopsRequirement(5000, 150, 2, 2010, IOPS_FACTOR_DEFAULTS).databaseIops).toBeCloseTo(900, 9);
  });

  test("(225 + 90) × 1.2 = 378 log IOPS with 2 copies (000, Table 17; SIZING.md §3)", () => {
    expect(iopsRequirement(5000, 150, 2, 2010, IOPS_FACTOR_DEFAULTS).logIops).toBeCloseTo(378, 9);
  });

  test("a stand-alone database carries SDBO 1.2: 5,000 × 0.15 × 1.2 × 1.2 = 1,080 (000, Table 16 step 2)", () => {
    expect(iopsRequirement(5000, 150, 1, 2010, IOPS_FACTOR_DEFAULTS).databaseIops).toBeCloseTo(1080, 9);
  });

  test.each([2013, 2016, 2019] as const)(
    "Exchange %i: 150 messages × 0.00067 × 1.2 = 0.1206 IOPS per mailbox (002 and 004 print 0.121)",
    (version) => {
      expect(iopsRequirement(1, 150, 3, version, IOPS_FACTOR_DEFAULTS).iopsPerUser).toBeCloseTo(0.1206, 12);
    },
  );

  test("7,600 mailboxes × 0.1206 × 4 copies = 3,666 database IOPS per DAG (004_1d3a339e6fd03f64.txt, Figure 6)", () => {
    const r = iopsRequirement(7600, 150, 4, 2016, IOPS_FACTOR_DEFAULTS);
    expect(Math.floor(r.dagDatabaseIops)).toBe(3666);
    expect(Math.floor(r.dagDatabaseIops / 16)).toBe(229); // ÷ 16 servers (004, Figure 6)
  });
});

describe("spindles reproduce 001_0443ed4d42832f8c.txt, \"Storage requirements calculated\"", () => {
  // 001: "5,000 users * .18 = 900 + 20% = 1,080 IOPS" — @erratum E5: the 20% is counted twice there;
  // EX_SPINDLES takes the IOPS it is given, so the paper's 1,080 reproduces its disk counts.
  const iops = 1080;
  test.each([
    // @erratum E3: the paper prints 16, 10 and 22 — rounded down; we round up.
    ["RAID5", 140, 2376, 17], // "2,376 / 140 = 16" (16.97)
    ["RAID10", 140, 1512, 12], // "1,512 / 140 = 10" (10.8 → 11 → an even 12)
    ["RAID10", 65, 1512, 24], // "1,512 / 65 = 22" (23.26 → 24)
  ] as const)("%s on disks of %i IOPS: back end %i IOPS → %i disks", (raid, diskIops, backend, disks) => {
    const s = spindleCount({ iops, raid, diskIops, readRatio: 0.6 });
    expect(s.backendIops).toBeCloseTo(backend, 9);
    expect(s.disks).toBe(disks);
  });

  test("the building block's 7,530 GB on 600 GB disks in RAID 5 (7+1) needs 16 disks — the paper's count", () => {
    // 001: "Total space required: 7,530 GB"; "Sixteen 600 GB 10k rpm drives in two RAID 5 (7+1)".
    const s = spindleCount({ iops, raid: "RAID5", diskIops: 140, readRatio: 0.6, capacityGB: 7530, diskGB: 600, groupSize: 8 });
    expect(s.capacityDisks).toBe(16);
    // Its IOPS need 17 disks → 3 groups of 8 (@erratum E3, SIZING.md §4).
    expect(s.iopsDisks).toBe(24);
    expect(s.disks).toBe(24);
  });
});

describe("arrays reproduce 000_72e1ddb9bbd1ecac.txt, 3.4.2 (Tables 12 and 13)", () => {
  test("15,768 GB and 900 IOPS in RAID 50 with 2 copies → one PS6500E with 500GB drives per copy, 2 arrays", () => {
    const choice = chooseArrays(15768, 900, 2, "RAID50", EQUALLOGIC_CATALOGUE);
    expect(arrayModelName(choice.model)).toBe("PS6500E 500GB");
    expect(choice.arraysPerCopy).toBe(1);
    expect(choice.arrays).toBe(2);
  });

  test("the catalogue offers only model + drive entries with both Table 12 IOPS and Table 13 capacity", () => {
    const names = new Set(EQUALLOGIC_CATALOGUE.map(arrayModelName));
    // Table 13 lists PS6000E and PS6500X drives, but Table 12 has no IOPS for those models.
    expect([...names].sort()).toEqual(
      [
        "PS6000X 300GB", "PS6000X 400GB", "PS6000X 600GB",
        "PS6000XV 300GB", "PS6000XV 450GB", "PS6000XV 600GB",
        "PS6500E 500GB", "PS6500E 1TB", "PS6500E 2TB",
      ].sort(),
    );
  });

  test.each([
    // Table 12 IOPS and Table 13 capacity, RAID 50 / RAID 10, for one entry of each model.
    ["PS6000XV", "600GB", "RAID50", 7200, 1745],
    ["PS6000XV", "600GB", "RAID10", 4200, 2165],
    ["PS6000X", "400GB", "RAID50", 4800, 1100],
    ["PS6000X", "400GB", "RAID10", 2800, 1365],
    ["PS6500E", "2TB", "RAID50", 78000, 1800],
    ["PS6500E", "2TB", "RAID10", 46000, 2400],
  ])("%s %s %s: %i GB usable, %i IOPS (000, Tables 12–13)", (model, drive, raid, usableGB, iops) => {
    expect(EQUALLOGIC_CATALOGUE).toContainEqual({ model, drive, raid, usableGB, iops });
  });
});
