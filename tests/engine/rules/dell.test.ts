/**
 * Dell's process declared once (src/engine/rules/dell.ts): the compiled value, the formula evaluated
 * by the project's evaluator, and the paper's worked example agree; each rule cites the paper.
 */
import { evaluateFormula } from "../../../src/formula";
import { defaultFactor } from "../../../src/engine/excel-formulas";
import { DISK_CLASS_IOPS, FACTOR_DEFAULTS, RAID_LAYOUTS } from "../../../src/engine/tables";
import { DELL_RULES, type DellRule } from "../../../src/engine/rules/dell";

const factors = FACTOR_DEFAULTS as unknown as Record<string, number>;
const order = ["users", "quotaMB", "messagesPerDay", "messageKB", "maxDatabaseGB", "databases", "copies", "version"] as const;
const cells = Object.fromEntries(order.map((key, column) => [key, `${"ABCDEFGH"[column]}1`]));
const evaluate = (key: DellRule, values: Record<(typeof order)[number], number>) =>
  evaluateFormula(DELL_RULES.formula(key, cells), { cell: (_sheet, row, column) => (row === 0 && column < order.length ? values[order[column]] : null) });

describe("Dell's process as rules", () => {
  // 000_72e1ddb9bbd1ecac.txt, Tables 18–19 (5,000 users, 2,048 MB, 150 messages of 75 KB, 12 databases:
  // 12 databases, DVS 1,266 GB provisioned, NDB 417, LVS 48 GB), Table 16 (900 IOPS), Table 17 (378 IOPS).
  const example = { users: 5000, quotaMB: 2048, messagesPerDay: 150, messageKB: 75, maxDatabaseGB: 1024, databases: 12, copies: 2, version: 2010 };
  test.each([
    ["count", 12],
    ["databaseVolumeProvisioned", 1266],
    ["usersPerDatabase", 417],
    ["logVolume", 48],
    ["databaseIops", 900],
    ["logIops", 378],
  ] as const)("%s: the compiled value, the formula's and the paper's agree", (key, paper) => {
    const compiled = DELL_RULES.compile(key, order)(order.map((k) => example[k]), factors);
    expect(compiled).toBeCloseTo(paper, 9);
    expect(evaluate(key, example)).toBe(compiled);
  });

  test("the message size factor is Table 15's, inclusive at 75 and 150 KB", () => {
    const msf = DELL_RULES.compile("messageSizeFactor", ["messageKB"]);
    expect([75, 75.01, 150, 150.01, 1000].map((kb) => msf([kb], {}))).toEqual([1, 1.9, 1.9, 3.8, 3.8]);
    expect(DELL_RULES.words("messageSizeFactor")).toBe("1 if average message size ≤ 75, else 1.9 if average message size ≤ 150, else 3.8");
  });

  test("2010's stand-alone overhead, and 2013+ at 0.00067 a message, SE as 2019 (Table 16; the ESRPs)", () => {
    const perUser = DELL_RULES.compile("iopsPerUser", ["messagesPerDay", "version", "copies"]);
    expect(perUser([150, 2010, 1], factors)).toBeCloseTo(0.216, 12); // 150 ÷ 1,000 × 1.2 × 1.2
    expect(perUser([150, 2013, 1], factors)).toBeCloseTo(0.1206, 12); // 0.121 in the ESRPs
    expect(perUser([150, "SE" as unknown as number, 2], factors)).toBe(perUser([150, 2019, 2], factors));
  });

  test("the database size in words, and the formula over default factors", () => {
    expect(DELL_RULES.words("total")).toBe("mailboxes × mailbox on disk × growth ÷ 1,024");
    expect(DELL_RULES.formula("logs", { messagesPerDay: "M", logsPerMessage: defaultFactor("logsPerMessage") })).toBe("M*0.2");
  });

  test("spindles: 1,080 IOPS read 60:40 on 10K disks, RAID 5 17 disks and RAID 10 12 (EMC's Phase 2; errata E3, E5)", () => {
    const spindles = DELL_RULES.compile("spindles", ["frontEndIops", "readRatio", "writePenalty", "minimumSet", "group", "diskIops"]);
    const tenK = DISK_CLASS_IOPS["10K"];
    const raid5 = [1080, 0.6, RAID_LAYOUTS.RAID5.writePenalty, RAID_LAYOUTS.RAID5.minGroup, 1, tenK];
    const raid10 = [1080, 0.6, RAID_LAYOUTS.RAID10.writePenalty, RAID_LAYOUTS.RAID10.minGroup, RAID_LAYOUTS.RAID10.defaultGroup!, tenK];
    expect([spindles(raid5, {}), spindles(raid10, {})]).toEqual([17, 12]);
    const names = { frontEndIops: "A1", readRatio: "B1", writePenalty: "C1", minimumSet: "D1", group: "E1", diskIops: "F1" };
    expect(evaluateFormula(DELL_RULES.formula("spindles", names), { cell: (_s, r, c) => (r === 0 ? raid5[c] : null) })).toBe(17);
    // No I/O, no disks.
    expect(spindles([0, 0.6, 4, 3, 1, tenK], {})).toBe(0);
  });

  test("arrays a copy: the more of capacity and IOPS, at least one (3.4.1)", () => {
    const perCopy = DELL_RULES.compile("arraysPerCopy", ["capacityGB", "demandIops", "usableGB", "arrayIops"]);
    // 3,000 GB on arrays of 1,600 GB usable is 2; 900 IOPS on arrays of 1,000 is 1; nothing is still 1.
    expect([perCopy([3000, 900, 1600, 1000], {}), perCopy([1000, 2500, 1600, 1000], {}), perCopy([0, 0, 1600, 1000], {})]).toEqual([2, 3, 1]);
    expect(DELL_RULES.words("arraysPerCopy")).toBe("the larger of 1 and (capacity a copy ÷ the array's usable GB) rounded up and (database IOPS ÷ the array's IOPS) rounded up");
  });

  test("every rule cites a paper by publisher, title and where", () => {
    for (const rule of Object.values(DELL_RULES.rules)) {
      expect(rule.source.publisher).toMatch(/^(Dell|Dell EMC|EMC|VMware)$/);
      expect(rule.source.title.length).toBeGreaterThan(20);
      expect(rule.source.at).toMatch(/^(Table|Tables|Figure|Phase|\d)|configuration/);
    }
  });
});
