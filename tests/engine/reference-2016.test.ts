/**
 * The second reference design: Dell EMC's 100,000-mailbox Exchange 2016 design
 * (004_1d3a339e6fd03f64.txt), the preset "dellemc-2016", sized by Microsoft's calculator's method.
 * Each row cites 004's section or table; where our figure differs from 004's, both are shown and the
 * departure tagged (docs/microsoft-method.md §9).
 */
import { REFERENCE_PRESETS, presetNamed, sizeDesign, PRESET_NAMES } from "../../src/engine/design";
import { CALCULATOR_DEFAULT_DISK, DELL_EMC_8TB_NL_SAS, DISK_SIZES_GB, DISK_TYPE_IOPS, JBOD_CATALOGUE, jbodDisk, serverDisks, SERVER_DISK_DEFAULTS } from "../../src/engine/microsoft/disks";
import { SizingError } from "../../src/engine/errors";

const preset = REFERENCE_PRESETS["dellemc-2016"];
const d = sizeDesign(preset.inputs);

describe("Dell EMC's 100,000-mailbox Exchange 2016 design (004_1d3a339e6fd03f64.txt), as published", () => {
  test.each<[string, unknown, unknown]>([
    ["Microsoft's method (004 §4.1, §4.2: the calculator's outputs)", d.method, "microsoft"],
    ["14 DAGs for 100,000 mailboxes (004 §4: 'to host 100,000 mailboxes the solution requires 14 DAGs')", d.dags, 14],
    ["16 servers a DAG, 8 + 8 (004 §4, Table 5)", [d.serversPerDag, d.serversPerSite], [16, [8, 8]]],
    ["7,600 mailboxes a DAG (004 §4, §5)", d.usersPerDag, 7600],
    ["100,000 mailboxes in the environment (004 §1, §4)", d.environmentUsers, 100_000],
    ["224 servers in all: 14 DAGs of 16 (004 §4.1: 'fourteen such DAGs with 16 servers per DAG')", d.environmentServers, 224],
    ["336 databases a DAG (004 §4, the activation table: 336)", d.databases, 336],
    ["475 mailboxes a server in normal running (004 §4, Table 5)", d.normalMailboxesPerServer, 475],
    ["950 mailboxes a server after a site fails (004 §4, Table 5)", d.siteFailureMailboxesPerServer, 950],
    ["1,086 mailboxes a server after a site and a server fail (004 §4, §4.1, Table 5)", d.worst?.activeMailboxes, 1086],
    ["the worst case is a site and then a server (004 §4.1)", d.worst?.scenario, "site+server"],
    ["48 active databases on a server in the worst case (004 §4, Table 5 'Number of databases per host: 48')", d.worst?.activeDatabases, 48],
    ["229 database IOPS a server (004 §4.2, Figure 6 '/ Server': 229)", Math.round(d.serverDatabaseIops), 229],
    ["3,666 database IOPS a DAG (004 §4.2, Figure 6 '/ DAG': 3666)", Math.round(d.dagDatabaseIops), 3666],
    ["775 log IOPS a DAG (004 §4.2, Figure 6 '/ DAG': 775)", Math.round(d.dagLogIops), 775],
    ["84 copies a server: 336 × 4 ÷ 16 (004 Table 5: 42 LUNs × 2 databases)", d.serverDisks?.copiesPerServer, 84],
    ["2 databases a volume (004 Table 5 'Number of DBs per LUN: 2')", d.serverDisks?.databasesPerVolume, 2],
    ["42 disks for databases and logs (004 §4 '42 disk drives (in RAID 0 containers)', Table 4, Table 5 'Number of LUNs per server: 42'; @erratum E7)", d.serverDisks?.databaseLogDisks, 42],
    ["one restore disk (004 §4, Table 4)", d.serverDisks?.restoreDisks, 1],
    ["one AutoReseed disk (004 §4, Table 4)", d.serverDisks?.autoReseedDisks, 1],
    ["one spare disk (004 §4, Table 4)", d.serverDisks?.spareDisks, 1],
    ["45 disks a server (004 Table 4 '45 x 8TB 7.2K RPM NL-SAS')", d.serverDisks?.disksPerServer, 45],
    ["90 disks a DSS 7000 chassis of two sleds: 2 × 45 (004 §4 '90x 3.5-inch LFF 7.2KRPM NL-SAS disks')", 2 * (d.serverDisks?.disksPerServer ?? 0), 90],
    ["the disk: 8 TB 7.2K NL-SAS (004 Table 4, Table 8)", [d.serverDisks?.disk.rawGB, d.serverDisks?.disk.type], [8000, '7.2K RPM SAS 3.5"']],
  ])("%s", (_what, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  test("23 mailboxes a database (004 §4, Table 5): 7,600 ÷ 336 is 22.62 on average, so the fullest holds 23", () => {
    expect(d.mailboxesPerDatabase).toBeCloseTo(22.619, 3);
    expect(Math.ceil(d.mailboxesPerDatabase)).toBe(23);
  });

  test("the worst case's target IOPS: 132, 004's (Table 9, 'Target Disk Transfers/sec'): 1,086 mailboxes at the profile Jetstress is given, 0.121", () => {
    // 004 §5 'Simulated profile: IOPS per mailbox 0.121': the calculator's 0.1206, rounded up to the three
    // decimals Jetstress is given; 1,086 × 0.121 = 131.4, rounded up. Never below 1,086 × 0.1206 = 130.97.
    expect(d.iopsPerMailbox).toBeCloseTo(0.1206, 6);
    expect(d.worst?.targetIops).toBe(132);
  });

  test("a volume of two databases fits one 8 TB disk: Volume Requirements!I123 4,574.4 GB against 7,450.6 GB formatted (the calculator at 336 databases, 42 volumes)", () => {
    expect(d.serverDisks?.volumeGB).toBeCloseTo(4574.38, 1);
    expect(d.serverDisks?.formattedGB).toBeCloseTo(7450.58, 1);
    expect(d.serverDisks?.restoreVolumeGB).toBeCloseTo(3527.77, 1); // Volume Requirements!I9
    expect(d.serverDisks?.calculatorDisks).toBe(44); // Storage Design!C197: 42 + restore + AutoReseed; 004's spare makes 45
  });

  test("336 databases as Dell EMC set them (the calculator's Input!G38 'No', G39: its Role Requirements!C79 is then 336); its own count on this disk is 224", () => {
    // tests/fixtures/microsoft-calculator-designs.json d08 (G39 336) and d09 (the calculator's own count, C79 224).
    expect(preset.inputs.databasesPerDag).toBe(336);
    expect([d.microsoftDatabases, d.databases]).toEqual([336, 336]);
    expect(sizeDesign({ ...preset.inputs, databasesPerDag: "" }).microsoftDatabases).toBe(224);
  });
});

describe("the presets", () => {
  test("dell-2010 is the 5,000-user design of 000_72e1ddb9bbd1ecac.txt 3.4.2: one DAG, no server disks (Dell's arrays)", () => {
    const p = REFERENCE_PRESETS["dell-2010"];
    const dell = sizeDesign(p.inputs);
    expect([dell.method, dell.dags, dell.usersPerDag, dell.environmentUsers, dell.databases]).toEqual(["dell", 1, 5000, 5000, 12]);
    expect(dell.serverDisks).toBeUndefined();
    expect(dell.serverDisksProblem).toMatch(/arrays/);
    expect(dell.siteFailureMailboxesPerServer).toBeUndefined();
    expect(dell.normalMailboxesPerServer).toBe(2500);
    expect(dell.serverDatabaseIops).toBe(dell.dagDatabaseIops / 2);
  });
  test("by name, case aside; another name is undefined", () => {
    expect(PRESET_NAMES).toEqual(["dell-2010", "dellemc-2016"]);
    expect(presetNamed(" DellEMC-2016 ")?.name).toBe("dellemc-2016");
    expect(presetNamed("dell-2013")).toBeUndefined();
  });
});

describe("several DAGs", () => {
  test("an environment of N mailboxes is ceil(N ÷ a DAG's) DAGs, each sized as the one design", () => {
    const e = sizeDesign(preset.inputs, { environmentUsers: 7601 });
    expect([e.dags, e.environmentServers, e.databases]).toEqual([2, 32, 336]);
    expect(sizeDesign(preset.inputs, { environmentUsers: 7600 }).dags).toBe(1);
  });
  test("fewer mailboxes than a DAG's is refused, naming both", () => {
    expect(() => sizeDesign(preset.inputs, { environmentUsers: 7599 })).toThrow(/environmentUsers .*at least a DAG's \(users, 7,600\); got 7599/);
  });
});

describe("server disks (JBOD) for Microsoft-method designs", () => {
  const need = { copiesPerServer: 84, copies: 4, databaseGB: 1657.1323939732144, logGB: 18.559326171875, mailboxesPerDatabase: 7600 / 336, iopsPerMailbox: 0.1206, contentIndexShare: 0.2, volumeFreeShare: 0.05 };
  test("the calculator's disk table: 7.2K RPM SAS 3.5\" is 57.5 IOPS (Tables!B241), 10K SAS 2.5\" 165 (B242); sizes 36 to 12,000 GB (Tables!B201:B225)", () => {
    expect(DISK_TYPE_IOPS['7.2K RPM SAS 3.5"']).toBe(57.5);
    expect(DISK_TYPE_IOPS['10K RPM SAS 2.5"']).toBe(165);
    expect(DISK_SIZES_GB[0]).toBe(36);
    expect(DISK_SIZES_GB.at(-1)).toBe(12000);
    expect(DISK_SIZES_GB).toHaveLength(25);
    expect(CALCULATOR_DEFAULT_DISK.rawGB).toBe(4000); // Input!C116
    expect(JBOD_CATALOGUE[0]).toBe(DELL_EMC_8TB_NL_SAS);
  });
  test("the catalogue offers faster disks for RAID: 10K 2.5\" SAS of 300 GB to 1.2 TB (165 IOPS, Tables!B242) and 15K of 300 and 600 GB (230, B243), each the table's own size (Tables!B201:B225)", () => {
    const fast = JBOD_CATALOGUE.filter((d) => !d.type.startsWith("7.2K"));
    expect(fast.map((d) => [d.name, d.iops])).toEqual([
      ['300GB 10K RPM SAS 2.5"', 165],
      ['600GB 10K RPM SAS 2.5"', 165],
      ['900GB 10K RPM SAS 2.5"', 165],
      ['1.2TB 10K RPM SAS 2.5"', 165],
      ['300GB 15K RPM SAS 2.5"', 230],
      ['600GB 15K RPM SAS 2.5"', 230],
    ]);
    for (const d of fast) expect(DISK_SIZES_GB).toContain(d.rawGB);
    // Chosen by name from the Inputs, a design the calculator puts on RAID sizes it: the README's RAID example.
    const raid = sizeDesign({ ...preset.inputs, users: 7600, quotaMB: 2048, archiveMB: 0, messageKB: 150, copies: 2, serversSite1: 2, serversSite2: "", serverDisk: '600GB 10K RPM SAS 2.5"', environmentUsers: "", databasesPerDag: "" }).raidServerDisks;
    expect([raid?.databaseLogRaid, raid?.disksPerServer]).toEqual(["RAID-5", 73]); // Storage Design!C164, C194 + the spare
  });
  test("a disk by name or by size and type; anything else names the choices", () => {
    expect(jbodDisk('8tb 7.2k nl-sas 3.5"')).toBe(DELL_EMC_8TB_NL_SAS);
    expect(jbodDisk('6000 GB 10K RPM SAS 2.5"')).toMatchObject({ rawGB: 6000, iops: 165 });
    expect(() => jbodDisk("7000 GB 7.2K RPM SAS 3.5\"")).toThrow(SizingError);
    expect(() => jbodDisk("fast")).toThrow(/disk must be one of .*got "fast"/);
  });
  test("databases a volume by default: the most a disk holds, at most the copies — 3 on 8 TB (4 would need 8,800 GB), so 28 disks (the calculator: Volume Requirements!E115)", () => {
    const s = serverDisks(need, { ...SERVER_DISK_DEFAULTS, disk: DELL_EMC_8TB_NL_SAS });
    expect([s.databasesPerVolume, s.databaseLogDisks, s.disksPerServer]).toEqual([3, 28, 31]);
  });
  test("a volume that outgrows its disk is refused, saying by how much", () => {
    expect(() => serverDisks(need, { ...SERVER_DISK_DEFAULTS, disk: CALCULATOR_DEFAULT_DISK, databasesPerVolume: 3 })).toThrow(/a volume of 3 databases needs 6,687(\.\d)? GB; a 4TB 7.2K RPM SAS 3.5" disk formats to 3,725.3 GB/);
  });
  test("a volume whose mailboxes need more IOPS than its disk gives is refused", () => {
    expect(() => serverDisks({ ...need, mailboxesPerDatabase: 300 }, { ...SERVER_DISK_DEFAULTS, disk: DELL_EMC_8TB_NL_SAS, databasesPerVolume: 2 })).toThrow(/needs 72\.4 IOPS; .* gives 57\.5/);
  });
  // The calculator itself (v7.6, recalculated; Input cells as docs/microsoft-method.md §8, C107 "Yes", the disk in
  // C116/C118 (and C122/C124), 7.2K RPM SAS 3.5"): its per-database figures in, its volumes and disks out.
  test.each<[string, { copiesPerServer: number; copies: number; databaseGB: number; logGB: number; mailboxesPerDatabase: number; iopsPerMailbox: number }, number, { v: number; volumeGB: number; restoreGB: number; disks: number; total: number }]>([
    // B: 6,000 mailboxes, 100 messages, 10 GB, 3 copies on 6 servers, 6,000 GB disks: C102 60, E123 526.37, F123 8.19, C81 50.
    ["B: 6,000 mailboxes on 6 servers, 3 copies, 6 TB", { copiesPerServer: 60, copies: 3, databaseGB: 526.3671875, logGB: 8.193359375, mailboxesPerDatabase: 50, iopsPerMailbox: 100 * 0.00067 * 1.2 }, 6000, { v: 3, volumeGB: 2131.3425164473683, restoreGB: 1688.0859375, disks: 20, total: 22 }],
    // C: 5,000 mailboxes, 150 messages, 2 GB, 3 copies on 4 servers, 2,000 GB disks: C102 36, E123 233.87, F123 11.49, C81 104.17.
    ["C: 5,000 mailboxes on 4 servers, 3 copies, 2 TB", { copiesPerServer: 36, copies: 3, databaseGB: 233.86637369791669, logGB: 11.493937174479166, mailboxesPerDatabase: 5000 / 48, iopsPerMailbox: 150 * 0.00067 * 1.2 }, 2000, { v: 3, volumeGB: 971.7621385005483, restoreGB: 774.8220343338816, disks: 12, total: 14 }],
  ])("as the calculator: %s (Volume Requirements!E114, I123, I9; Storage Design!C182, C197)", (_name, need, gb, want) => {
    const s = serverDisks({ ...need, contentIndexShare: 0.2, volumeFreeShare: 0.05 }, { ...SERVER_DISK_DEFAULTS, disk: jbodDisk(`${gb} GB 7.2K RPM SAS 3.5"`) });
    expect(s.databasesPerVolume).toBe(want.v);
    expect(s.volumeGB).toBeCloseTo(want.volumeGB, 6);
    expect(s.restoreVolumeGB).toBeCloseTo(want.restoreGB, 6);
    expect([s.databaseLogDisks, s.calculatorDisks, s.disksPerServer]).toEqual([want.disks, want.total, want.total + 1]);
  });
  test("as the calculator: a volume of 4 databases of 104.2 mailboxes at 200 messages (67 IOPS) is too much for a 7.2K disk — Storage Design!C182 'Insufficient Disk IO Capacity'", () => {
    // A: 20,000 mailboxes, 200 messages, 4 GB, 4 copies on 4 + 4 servers, 4,000 GB disks: C102 96, E123 456.54, F123 16.77, I123 2,473.5.
    const need = { copiesPerServer: 96, copies: 4, databaseGB: 456.54296875, logGB: 16.7724609375, mailboxesPerDatabase: 20000 / 192, iopsPerMailbox: 200 * 0.00067 * 1.2, contentIndexShare: 0.2, volumeFreeShare: 0.05 };
    expect(() => serverDisks(need, { ...SERVER_DISK_DEFAULTS, disk: CALCULATOR_DEFAULT_DISK, databasesPerVolume: 4 })).toThrow(/needs 67 IOPS; a 4TB 7\.2K RPM SAS 3\.5" disk gives 57\.5/);
  });
  test("a design the calculator puts on RAID (two copies) has no JBOD disks but RAID ones (Role Requirements!I127; Storage Design!C164: RAID-1/0 for a 7.2K disk)", () => {
    const two = sizeDesign({ ...preset.inputs, copies: 2 });
    expect([two.serverDisks, two.serverDisksProblem]).toEqual([undefined, undefined]);
    expect([two.raidServerDisks!.architecture, two.raidServerDisks!.databaseLogRaid, two.raidServerDisks!.restoreRaid]).toEqual(["RAID", "RAID-1/0", "RAID-5"]);
  });
});
