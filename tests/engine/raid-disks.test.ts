/**
 * A RAID server's own disks (src/engine/microsoft/raid-disks.ts) against Microsoft's
 * calculator. The calculator's figures are rows of tests/fixtures/microsoft-calculator-raid.json (v7.6
 * recalculated by LibreOffice at each design's Input cells): 17 valid designs it puts on RAID — 2
 * copies, 3 copies with 1 lagged, 4 with 2 lagged; one and two sites; 500 to 50,000 mailboxes; 146 GB
 * to 12 TB disks of 5.4K to 15K — and one it cannot size (r09: #DIV/0!), which we size (@compatibility).
 */
import { MICROSOFT_FACTOR_DEFAULTS, microsoftSizing, prefersJbod, type MicrosoftFactors } from "../../src/engine";
import { DISK_TYPE_IOPS, type JbodDisk } from "../../src/engine/microsoft/disks";
import { parityRaidOffered, raidNeedOf, raidServerDisks, type RaidServerDisks } from "../../src/engine/microsoft/raid-disks";
import fixture from "../fixtures/microsoft-calculator-raid.json";

interface RaidDesign {
  name: string;
  design: { mailboxes: number; messages: number; kb: number; quota: number; sites: number[]; copies: number; lagged: number; lagDays: number; diskGB: number; diskType: string };
  valid: boolean;
  cells: Record<string, number | string | null>;
}
const designs = fixture.designs as RaidDesign[];
const valid = designs.filter((x) => x.valid);

/** Our sizing of a fixture design, and its RAID disks with the calculator's one restore volume and no hot spare. */
function ours(x: RaidDesign, spareDisks = 0): { disks: RaidServerDisks; databases: number } {
  const g = x.design;
  const f: MicrosoftFactors = { ...MICROSOFT_FACTOR_DEFAULTS, laggedCopies: g.lagged, lagDays: g.lagDays, diskGB: g.diskGB, diskIops: DISK_TYPE_IOPS[g.diskType] };
  const design = { tiers: [{ mailboxes: g.mailboxes, messagesPerDay: g.messages, messageKB: g.kb, quotaMB: g.quota, archiveMB: 0 }], serversPerSite: g.sites, copies: g.copies, laggedCopies: g.lagged, cores: 16, specRate: 0 };
  const s = microsoftSizing(design, f);
  const disk: JbodDisk = { name: `${g.diskGB} GB ${g.diskType}`, rawGB: g.diskGB, type: g.diskType, iops: DISK_TYPE_IOPS[g.diskType], source: "test" };
  const need = raidNeedOf(s, { serversPerSite: g.sites, copies: g.copies, laggedCopies: g.lagged }, f);
  return { disks: raidServerDisks(need, { disk, restoreDisks: 1, spareDisks }), databases: s.databases };
}

const cell = (x: RaidDesign, at: string): number => {
  const v = x.cells[at];
  if (typeof v !== "number") throw new Error(`${x.name}: no number at ${at} (${String(v)})`);
  return v;
};

test("the fixture: at least 12 valid RAID designs, 1 and 2 sites, lagged copies, 10K/15K disks and RAID-5 chosen (a control)", () => {
  expect(valid.length).toBeGreaterThanOrEqual(12);
  expect(new Set(valid.map((x) => x.design.sites.length))).toEqual(new Set([1, 2]));
  expect(valid.some((x) => x.design.lagged > 0)).toBe(true);
  expect(valid.some((x) => x.cells["Storage Design!C164"] === "RAID-5")).toBe(true);
  expect(valid.some((x) => x.cells["Storage Design!C164"] === "RAID-1/0")).toBe(true);
  for (const x of valid) expect(prefersJbod(x.design.sites, x.design.copies, x.design.lagged, { diskGB: x.design.diskGB }).jbod).toBe(false);
});

describe.each(valid.map((x) => [x.name, x] as const))("%s: the calculator's RAID disks", (_name, x) => {
  const { disks: d, databases } = ours(x);

  test("the same databases and copies a server (Role Requirements!C79, C102): the figures below compare like with like", () => {
    expect(databases).toBe(cell(x, "Role Requirements!C79"));
    expect(d.copiesPerServer).toBe(cell(x, "Role Requirements!C102"));
  });

  test("databases a volume, the database+log space and the restore volume (Volume Requirements!I7, Role Requirements!D276, Volume Requirements!I9)", () => {
    expect(d.databasesPerVolume).toBe(cell(x, "Volume Requirements!I7"));
    expect(d.databaseLogGB).toBeCloseTo(cell(x, "Role Requirements!D276"), 6);
    expect(d.restoreVolumeGB).toBeCloseTo(cell(x, "Volume Requirements!I9"), 6);
    expect(d.readIops + d.writeIops).toBeCloseTo(cell(x, "Role Requirements!I77"), 9);
  });

  test("disks for I/O and for space at each RAID level (Storage Design!C72:C79; RAID-5/6 '--' for 7.2K and slower)", () => {
    expect(d.raid0PerformanceDisks).toBe(cell(x, "Storage Design!C72"));
    expect(d.raid0CapacityDisks).toBe(cell(x, "Storage Design!C76"));
    const level = (l: string) => d.options.find((o) => o.level === l);
    expect(level("RAID-1/0")!.performanceDisks).toBe(cell(x, "Storage Design!C73"));
    expect(level("RAID-1/0")!.capacityDisks).toBe(cell(x, "Storage Design!C77"));
    if (x.cells["Storage Design!C74"] === "--") {
      expect([level("RAID-5"), level("RAID-6")]).toEqual([undefined, undefined]);
    } else {
      expect(level("RAID-5")!.performanceDisks).toBe(cell(x, "Storage Design!C74"));
      expect(level("RAID-6")!.performanceDisks).toBe(cell(x, "Storage Design!C75"));
      expect(level("RAID-5")!.capacityDisks).toBe(cell(x, "Storage Design!C78"));
      expect(level("RAID-6")!.capacityDisks).toBe(cell(x, "Storage Design!C79"));
    }
  });

  test("the chosen RAID levels and disks a server and a DAG (Storage Design!C164:E165, C194, C200)", () => {
    expect([d.databaseLogRaid, d.databaseLogDisks]).toEqual([x.cells["Storage Design!C164"], cell(x, "Storage Design!C165")]);
    expect([d.restoreRaid, d.restoreDisks]).toEqual([x.cells["Storage Design!E164"], cell(x, "Storage Design!E165")]);
    expect(d.calculatorDisks).toBe(cell(x, "Storage Design!C194"));
    expect(d.calculatorDagDisks).toBe(cell(x, "Storage Design!C200"));
    // No hot spare asked: every disk is the calculator's.
    expect(d.disksPerServer).toBe(d.calculatorDisks);
  });
});

test("hot spares are ours, kept apart from the calculator's count (004_1d3a339e6fd03f64.txt §4: one spare)", () => {
  const x = valid.find((y) => y.name === "r03")!;
  const d = ours(x, 1).disks;
  expect(d.calculatorDisks).toBe(cell(x, "Storage Design!C194")); // 72: 66 RAID-5 + 6 restore
  expect(d.disksPerServer).toBe(73);
  expect(d.dagDisks).toBe(73 * 2);
  expect(d.calculatorDagDisks).toBe(cell(x, "Storage Design!C200"));
});

test("@compatibility: two sites with several databases a volume on a disk under 2,000 GB formatted — the calculator divides by zero (Role Requirements!C82 0, Storage Design!C72 #DIV/0!), we keep one database a volume", () => {
  const x = designs.find((y) => y.name === "r09")!;
  expect(x.valid).toBe(false);
  expect(x.cells["Storage Design!C72"]).toBe("ERR:532");
  expect(x.cells["Volume Requirements!I7"]).toBe(0);
  const d = ours(x).disks;
  expect(d.databasesPerVolume).toBe(1);
  expect(d.volumes).toBe(d.copiesPerServer);
  expect([Number.isFinite(d.databaseLogGB), d.databaseLogDisks > 0, d.restoreDisks > 0]).toEqual([true, true, true]);
});

test("RAID-5 and RAID-6 are offered by the disk's type (Storage Design!C74:C75), a disk of GB and IOPS alone by its IOPS", () => {
  expect(parityRaidOffered({ type: '7.2K RPM SAS 3.5"', iops: 57.5 })).toBe(false);
  expect(parityRaidOffered({ type: '5.4K RPM SATA 2.5"', iops: 55 })).toBe(false);
  expect(parityRaidOffered({ type: '10K RPM SAS 2.5"', iops: 165 })).toBe(true);
  expect(parityRaidOffered({ type: "given", iops: 62.5 })).toBe(false);
  expect(parityRaidOffered({ type: "given", iops: 130 })).toBe(true);
});

test("a disk of no GB or IOPS is refused, naming the disk", () => {
  const x = valid[0];
  const { disks } = ours(x);
  const need = { copiesPerServer: 2, copies: 2, laggedCopies: 0, serversPerSite: [2], databaseGB: 100, logGB: 10, serverIops: 40, readShare: 0.6, contentIndexShare: 0.2, volumeFreeShare: 0.05 };
  expect(() => raidServerDisks(need, { disk: { ...disks.disk, iops: 0 }, restoreDisks: 1, spareDisks: 0 })).toThrow(/disk: a RAID disk needs its GB and IOPS/);
});

test("a tie between RAID-1/0 and RAID-5 is RAID-1/0 (Storage Design!C133: RAID-1/0's disks ≤ RAID-5's)", () => {
  // 3 copies of 500 GB on a 1,000 GB 10K disk (931 GB formatted): 3 disks of space (Storage Design!C76), so 6 for RAID-1/0 and 6 for RAID-5 (5+1).
  const need = { copiesPerServer: 3, copies: 2, laggedCopies: 0, serversPerSite: [3], databaseGB: 500, logGB: 0, serverIops: 10, readShare: 0.6, contentIndexShare: 0.2, volumeFreeShare: 0.05 };
  const disk: JbodDisk = { name: "1000 GB 10K", rawGB: 1000, type: '10K RPM FC/SCSI/SAS 3.5"', iops: 130, source: "test" };
  const d = raidServerDisks(need, { disk, restoreDisks: 1, spareDisks: 0 });
  expect(d.options.map((o) => [o.level, o.disks])).toEqual([["RAID-1/0", 6], ["RAID-5", 6], ["RAID-6", 8]]);
  expect([d.databaseLogRaid, d.databaseLogDisks]).toEqual(["RAID-1/0", 6]);
});
