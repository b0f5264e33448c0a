/**
 * The rules a single function can hold: a mailbox fits a database, no volume below 1 GB,
 * a RAID set has at least its level's disks. Each row is a case the issue found answered wrongly.
 */
import { EX_DBSIZE, EX_LOGVOL, EX_SPINDLES, SizingError } from "../../src/functions";

describe("a mailbox lives in one database: one too big for the largest database is refused", () => {
  test("10 users of 2 TB mailboxes with 1,024 GB databases is #N/A saying what to change", () => {
    for (const result of ["count", "volume", "total", "mailbox"]) {
      const value = EX_DBSIZE(10, 2_000_000, 150, 75, 1024, result);
      expect(value).toBeInstanceOf(SizingError);
      expect((value as SizingError).code).toBe("#N/A");
      expect((value as SizingError).message).toMatch(/^quotaMB and maxDatabaseGB: a mailbox of [\d,]+ MB on disk cannot fit a database of at most 1,024 GB; raise maxDatabaseGB to at least [\d,]+ GB or lower the quota$/);
    }
  });

  test("the limit is the mailbox on disk with its growth, not the quota alone", () => {
    // 2,048 MB quota → 2,356.15 MB on disk (000_72e1ddb9bbd1ecac.txt, Table 18): fits 3 GB, not 2 GB.
    expect(EX_DBSIZE(1, 2048, 150, 75, 3, "count")).toBe(1);
    expect(EX_DBSIZE(1, 2048, 150, 75, 2, "count")).toBeInstanceOf(SizingError);
    expect(EX_DBSIZE(1, 2048, 150, 75, 3, "count", [["growth", 1.4]])).toBeInstanceOf(SizingError);
  });
});

describe("no volume is provisioned below 1 GB", () => {
  test("a log volume that rounds to 0 GB is 1 GB", () => {
    // 10 users × 2 logs a day: 0.0077 GB of logs per database.
    expect(EX_LOGVOL(10, 10, 10, 10, "volume")).toBe(1);
    expect(EX_DBSIZE(1, 1, 0, 1, 1024, "volume")).toBe(1);
  });
});

describe("a RAID set has at least its level's minimum disks", () => {
  test.each([
    ["RAID0", 1],
    ["RAID1", 2],
    ["RAID10", 2],
    ["RAID5", 3],
    ["RAID50", 3],
    ["RAID6", 4],
    ["RAID60", 4],
  ])("100 IOPS in %s needs %i disks", (raid, disks) => {
    expect(EX_SPINDLES(100, raid)).toBe(disks);
  });

  test("no I/O needs no disks", () => {
    expect(EX_SPINDLES(0, "RAID5")).toBe(0);
  });

  test("a capacity of one disk in RAID 5 is a set of three, not two", () => {
    expect(EX_SPINDLES(0, "RAID5", "10K", 0.6, 500, 600, undefined, "capacitydisks")).toBe(3);
  });

  test("the building block's counts are unchanged (001_0443ed4d42832f8c.txt; errata E3, E5)", () => {
    expect(EX_SPINDLES(1080)).toBe(17);
    expect(EX_SPINDLES(1080, "RAID10")).toBe(12);
    expect(EX_SPINDLES(1080, "RAID10", "7.2K")).toBe(24);
  });
});
