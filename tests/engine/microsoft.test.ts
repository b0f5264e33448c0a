/**
 * Microsoft's method reproduces Microsoft, Exchange Server Role Requirements Calculator v7.6, on its
 * own worked example ("E2013Calcv7.6 - Example.xlsm", dsccommunity/ExchangeDsc, the commit before
 * 7207293): 5,000 mailboxes in 2 DAGs (2,500 each) of 2 + 2 servers, 3 HA copies and 1 lagged (4),
 * 200 messages of 75 KB, 10 GB quota, 2 GB initial, JBOD on 4,000 GB disks, 7-day replay lag.
 * Each row cites the sheet and cell that shows the value. And 004's calculator figure (Figure 6).
 */
import fc from "fast-check";
import {
  MICROSOFT_FACTOR_DEFAULTS,
  SizingError,
  activeDatabases,
  databaseSizeWarning,
  mailboxRequirement,
  memoryConfigurationGB,
  messageProfile,
  microsoftSizing,
  replicationMbps,
  type MicrosoftDesign,
  type MicrosoftFactors,
} from "../../src/engine";
import { COUNT_RULES } from "../../src/engine/rules";

// The example's Replay Lag Manager is on (Input!G33 "Yes"): when the first site fails, the second's lagged
// copy activates, so its one server left carries what either site's loss would. With its equal sites that is
// what neverLess sizes (either site failing); the calculator's rules at G33 "No" size half (the test below).
const f: MicrosoftFactors = { ...MICROSOFT_FACTOR_DEFAULTS, diskGB: 4000, lagDays: 7, neverLess: 1 };
const example: MicrosoftDesign = {
  tiers: [{ mailboxes: 2500, messagesPerDay: 200, messageKB: 75, quotaMB: 10240, archiveMB: 0 }],
  serversPerSite: [2, 2],
  copies: 4,
  laggedCopies: 1,
  cores: 16,
  specRate: 0,
};
const sizing = microsoftSizing(example, f);
const mailbox = sizing.perTier[0];

describe("the calculator's worked example, cell by cell", () => {
  test.each([
    ["Role Requirements!C18 — transaction logs / mailbox / day", mailbox.logsPerDay, 40, 9],
    ["Role Requirements!C20 — dumpster and white space, MB", mailbox.dumpsterMB, 649.80656249999993, 9],
    ["Role Requirements!C22 — mailbox size on disk, MB", mailbox.mailboxOnDiskMB, 10890, 9],
    ["Role Requirements!C30 — IOPS profile / mailbox", mailbox.iops, 0.134, 12],
    ["Role Requirements!C27 — DB reads / mailbox", mailbox.reads, 0.0804, 12],
    ["Role Requirements!C28 — DB writes / mailbox", mailbox.writes, 0.0536, 12],
    ["Role Requirements!C17 — DB cache profile / mailbox, MB", mailbox.cacheMB, 12, 9],
    ["Role Requirements!C14 — active megacycles / mailbox", mailbox.activeMegacycles, 8.5, 9],
    ["Role Requirements!C15 — passive megacycles / mailbox", mailbox.passiveMegacycles, 2.74, 9],
    ["Role Requirements!C16 — CAS megacycles / mailbox", mailbox.casMegacycles, 3.1875, 9],
    ["Role Requirements!C62 — calculated maximum database size, GB", sizing.maxDatabaseGB, 707.80515670776367, 9],
    ["Role Requirements!C75 — mailboxes / database, capacity driven", sizing.mailboxesPerDatabaseLimit, 66.555783330463726, 9],
    ["Role Requirements!C79 — recommended databases / DAG", sizing.databases, 40, 9],
    ["Role Requirements!C81 — recommended mailboxes / database", sizing.mailboxesPerDatabase, 62.5, 9],
    ["Volume Requirements!E123 — database space / database, GB", sizing.databaseGB, 664.6728515625, 9],
    ["Role Requirements!C102 — database copies / server", sizing.copiesPerServer, 40, 9],
    ["Role Requirements!C116 — active databases / server, normal", sizing.active.normal, 10, 9],
    ["Role Requirements!C117 — active databases / server, first failure", sizing.active.server, 20, 9],
    ["Role Requirements!C103 — databases used in memory sizing", sizing.active.worst, 40, 9],
    ["Role Requirements!I76 — peak IOPS (DAG's active databases)", sizing.environmentIops, 402, 9],
    ["Role Requirements!C281 — database IOPS / database", sizing.databaseIops, 10.05, 9],
    ["Role Requirements!D281 — database IOPS / server", sizing.serverIops, 402, 9],
    ["Role Requirements!E281 — database IOPS / DAG", sizing.dagIops, 1608, 9],
    ["Role Requirements!I80 — log writes / server", sizing.serverLogWrites, 80.4, 9],
    ["Role Requirements!I81 — log reads / server", sizing.serverLogReads, 8.04, 9],
    ["Role Requirements!D282 — log IOPS / server", sizing.serverLogIops, 88.44, 9],
    ["Role Requirements!E282 — log IOPS / DAG", sizing.dagLogIops, 353.76, 9],
    ["Role Requirements!C282 — log IOPS / database", sizing.databaseLogIops, 2.211, 9],
    ["Role Requirements!I75 — read share", sizing.readShare, 0.6, 12],
    ["Role Requirements!C134 — database cache memory, GB", sizing.cacheGB, 30, 9],
    ["Role Requirements!C133 — minimum memory, GB", sizing.minimumMemoryGB, 14, 9],
    ["Role Requirements!C140 — CAS memory, GB", sizing.casMemoryGB, 8.4, 9],
    ["Role Requirements!C138 — calculated server RAM, GB", sizing.calculatedMemoryGB, 128.4, 9],
    ["Role Requirements!C139 — content index memory, GB", sizing.contentIndexMemoryGB, 7.0371877104043961, 9],
    ["Role Requirements!C141 — total server RAM, GB", sizing.totalMemoryGB, 128.4, 9],
    ["Role Requirements!C253 — recommended RAM configuration, GB", sizing.memoryGB, 160, 9],
    ["Role Requirements!G199 — active mailbox megacycles / server, worst", sizing.activeMegacycles, 21250, 6],
    ["Role Requirements!G200 — passive mailbox megacycles / server, worst", sizing.passiveMegacycles, 0, 6],
    ["Role Requirements!G201 — CAS megacycles / server, worst", sizing.casMegacycles, 7968.75, 6],
    ["Role Requirements!C256 — server megacycle requirements", sizing.megacycles, 29218.75, 6],
    ["Role Requirements!C148 — user logs / database / day", sizing.userLogsPerDatabase, 2500, 9],
    ["Role Requirements!C154 — move logs / database / day", sizing.moveLogsPerDatabase, 972.32142857142856, 9],
    ["Role Requirements!C155 — logs / database / day", sizing.logsPerDatabase, 3472.3214285714284, 9],
    ["Volume Requirements!F123 — log space / database, GB", sizing.logSpaceGB, 23.736572265625, 9],
    ["Role Requirements!I173 — log streams between datacenters", sizing.logStreams, 80, 9],
  ])("%s = %d", (_cell, actual, expected, digits) => {
    expect(actual).toBeCloseTo(expected, digits);
  });

  test("Role Requirements!C200 passive megacycles at normal runtime: 10 active of 40 copies → 5,137.5", () => {
    expect((sizing.copiesPerServer - sizing.active.normal) * sizing.mailboxesPerDatabase * mailbox.passiveMegacycles).toBeCloseTo(5137.5, 6);
  });
});

describe("004's calculator figure (004_1d3a339e6fd03f64.txt, 4.2 Figure 6; 4.1 activation table)", () => {
  // 7,600 mailboxes, 150 messages, 8 + 8 servers, 4 copies, 336 databases per DAG.
  const dell = microsoftSizing(
    { tiers: [{ mailboxes: 7600, messagesPerDay: 150, messageKB: 75, quotaMB: 20480, archiveMB: 51200 }], serversPerSite: [8, 8], copies: 4, databases: 336, cores: 20, specRate: 0 },
    { ...MICROSOFT_FACTOR_DEFAULTS },
  );
  test.each([
    ["Total Database Required IOPS / Server: 229", dell.serverIops, 229],
    ["Total Database Required IOPS / DAG: 3,666", dell.dagIops, 3666],
    ["Total Log Required IOPS / Server: 48", dell.serverLogIops, 48],
    ["Total Log Required IOPS / DAG: 775", dell.dagLogIops, 775],
    ["Database copies per server: 84 (1,344 MB/s BDM per DAG ÷ 16 ÷ 1 MB/s)", dell.copiesPerServer, 84],
  ])("%s", (_what, actual, printed) => {
    expect(Math.round(actual)).toBe(printed);
  });
  test("active databases on the busiest server: 21 normal, 24 after a server, 42 after a site, 48 after a site and a server", () => {
    expect([dell.active.normal, dell.active.server, dell.active.site, dell.active.siteServer, dell.active.worst]).toEqual([21, 24, 42, 48, 48]);
  });
});

/**
 * Differential rows: the calculator itself (the example copy, v7.6) recalculated at other inputs by
 * ../shared/ms-calc-oracle (not in CI). ONE_DAG is what we set on the example copy so that its own
 * settings (2 DAGs, a lagged copy, 4,000 GB JBOD disks, 2 GB initial size…) do not leak in; each row
 * adds its design's cells. docs/microsoft-method.md §8 gives the mapping.
 */
const ONE_DAG = { C23: "Yes", C24: "No", C25: "Yes", C27: 1, G25: "No", G26: "No", G30: "No", G33: "No", C31: 0, C33: 0, G31: 0, C59: 0, C61: 0, C74: 0, G55: 0, G74: 0, C107: "No", G38: "Yes", C131: 16, D131: 0 };
type Cells = Record<string, number | string>;
const at = (cells: Cells) => JSON.stringify({ ...ONE_DAG, ...cells });
const one = (mailboxes: number, messagesPerDay: number, messageKB: number, quotaMB: number, serversPerSite: number[], copies: number, extra: Partial<MicrosoftDesign> = {}): MicrosoftDesign => ({
  tiers: [{ mailboxes, messagesPerDay, messageKB, quotaMB, archiveMB: 0 }],
  serversPerSite,
  copies,
  cores: 16,
  specRate: 0,
  ...extra,
});
const defaults = (more: Partial<MicrosoftFactors> = {}): MicrosoftFactors => ({ ...MICROSOFT_FACTOR_DEFAULTS, ...more });

describe("the disk group: Variables!K53, the DAG's active servers (Role Requirements!C79)", () => {
  // 7,600 mailboxes, 150 messages of 150 KB, 2 GB, 2 servers in one site, 2 copies: the disk group is 2, not 4.
  const twoServers = microsoftSizing(one(7600, 150, 150, 2048, [2], 2), defaults());
  const cells2 = { C55: 7600, C57: 150, C58: 150, C60: 2048, C26: 2, C30: 2, C32: 0, G22: "No" };
  // 16,000 mailboxes, 150 messages of 75 KB, 2 GB, 3 + 3 servers, 4 copies: the disk group is 6.
  const sixServers = microsoftSizing(one(16000, 150, 75, 2048, [3, 3], 4), defaults());
  const cells6 = { C55: 16000, C57: 150, C58: 75, C60: 2048, C26: 3, C30: 4, C32: 2, G22: "Yes", G23: "Active/Active (Single DAG)" };
  test.each([
    [`Role Requirements!C79 at ${at(cells2)}`, 10, twoServers.databases],
    [`Role Requirements!C81 at ${at(cells2)}`, 760, twoServers.mailboxesPerDatabase],
    [`Role Requirements!C102 at ${at(cells2)}`, 10, twoServers.copiesPerServer],
    [`Role Requirements!C103 at ${at(cells2)}`, 10, twoServers.active.worst],
    [`Role Requirements!C79 at ${at(cells6)}`, 18, sixServers.databases],
    [`Role Requirements!C102 at ${at(cells6)}`, 12, sixServers.copiesPerServer],
  ])("%s = %d", (_cell, expected, actual) => {
    expect(actual).toBeCloseTo(expected, 9);
  });
});

describe("a database count the user sets (Input!G38 \"No\", G39): capped, then plus its remainder of the disk group (Role Requirements!C79)", () => {
  const dell = { C55: 7600, C57: 150, C58: 75, C60: 20480, C26: 8, C30: 4, C32: 2, G22: "Yes", G23: "Active/Active (Single DAG)", G38: "No" };
  const dellDesign = (databases: number) => one(7600, 150, 75, 20480, [8, 8], 4, { databases });
  const cells6 = { C55: 20000, C57: 150, C58: 75, C60: 2048, C26: 3, C30: 4, C32: 2, G22: "Yes", G23: "Active/Active (Single DAG)", G38: "No" };
  test.each([
    [`Role Requirements!C79 at ${at({ ...dell, G39: 100 })}`, 104, microsoftSizing(dellDesign(100), defaults()).databases],
    [`Role Requirements!C102 at ${at({ ...dell, G39: 100 })}`, 26, microsoftSizing(dellDesign(100), defaults()).copiesPerServer],
    [`Role Requirements!C79 at ${at({ ...dell, G39: 336 })}`, 336, microsoftSizing(dellDesign(336), defaults()).databases],
    [`Role Requirements!C79 at ${at({ ...dell, G39: 420 })} (above C65's 400: capped, not rounded)`, 400, microsoftSizing(dellDesign(420), defaults()).databases],
  ])("%s = %d", (_cell, expected, actual) => {
    expect(actual).toBe(expected);
  });

  test(`Role Requirements!I158: more than 100 copies a server is refused — 148 databases become 152 (+ 148 mod 6), 101 copies a server, at ${at({ ...cells6, G39: 148 })}`, () => {
    expect(() => microsoftSizing(one(20000, 150, 75, 2048, [3, 3], 4, { databases: 148 }), defaults())).toThrow(/152 databases × 4 copies on 6 servers put 101.3 copies on a server; .* at most 100/);
  });
});

describe("lagged copies (Input!C30:C31): counted in copies, never activated, their replay lag in the log space", () => {
  // 6,000 mailboxes, 250 messages of 120 KB, 10 GB, 4 servers, 3 copies of which 1 lagged by 7 days.
  const cells = { C55: 6000, C57: 250, C58: 120, C60: 10240, C26: 4, C30: 2, C31: 1, G31: 168, C32: 0, G22: "No" };
  const lagged = microsoftSizing(one(6000, 250, 120, 10240, [4], 3, { laggedCopies: 1 }), defaults({ lagDays: 7 }));
  const allHa = microsoftSizing(one(6000, 250, 120, 10240, [4], 3), defaults());
  test.each([
    [`Role Requirements!C79 at ${at(cells)}`, 48, lagged.databases],
    [`Role Requirements!C102 at ${at(cells)}`, 36, lagged.copiesPerServer],
    [`Role Requirements!C117 at ${at(cells)}`, 16, lagged.active.server],
    [`Role Requirements!C103 at ${at(cells)} (C121 "--": two HA copies survive no double failure)`, 16, lagged.active.worst],
    [`Role Requirements!C142 at ${at(cells)}`, 160, lagged.memoryGB],
    [`Role Requirements!C256 at ${at(cells)}`, 37781.25, lagged.megacycles],
    [`Volume Requirements!F123 at ${at(cells)} (7 days of logs, Role Requirements!I96)`, 77.64892578125, lagged.logSpaceGB],
    [`Role Requirements!C103 at ${at({ ...cells, C30: 3, C31: 0, G31: 0 })} (three HA copies)`, 24, allHa.active.worst],
    [`Volume Requirements!F123 at ${at({ ...cells, C30: 3, C31: 0, G31: 0 })}`, 41.02783203125, allHa.logSpaceGB],
  ])("%s = %d", (_cell, expected, actual) => {
    expect(actual).toBeCloseTo(expected, 9);
  });

  test("a replay lag without a lagged copy, or lagged copies without an HA copy to activate, is an error", () => {
    expect(() => microsoftSizing(one(6000, 250, 120, 10240, [4], 3), defaults({ lagDays: 7 }))).toThrow(/lagDays .*laggedCopies/);
    // A DAG keeps two HA copies (Input!C30 offers 0, 2, 3 … 16 HA copies).
    expect(() => microsoftSizing(one(6000, 250, 120, 10240, [4], 3, { laggedCopies: 2 }), defaults({ lagDays: 7 }))).toThrow(/laggedCopies must be at most 1: a DAG keeps two HA copies/);
  });

  // @compatibility The calculator keeps a stand-alone server's "lagged copy" replay lag in its log space
  // (Volume Requirements!F123 18.96 GB against 9.20 GB without, at {C25:"No",C26:2,C31:1,G31:168,C55:3000,
  // C57:150,C58:75,C60:2048}): a stand-alone server has no copy to lag, so we refuse the lag instead.
  test("@compatibility stand-alone servers have no lagged copy: the lag is refused, not added to the log space", () => {
    expect(() => microsoftSizing(one(3000, 150, 75, 2048, [2], 1, { laggedCopies: 1 }), defaults({ lagDays: 7 }))).toThrow(/laggedCopies must be 0 for stand-alone servers/);
    expect(microsoftSizing(one(3000, 150, 75, 2048, [2], 1), defaults()).logSpaceGB).toBeCloseTo(9.195149739583334, 9);
  });
});

describe("a double failure adds 2 active databases when the copies fall short of the symmetric count (Role Requirements!C121)", () => {
  // 20,000 mailboxes, 150 messages of 75 KB, 5 GB, 8 servers, 3 copies: 56 databases, 56 × 3 = 168 copies
  // against C78's 336 (PERMUT(8, 3)), so two failed servers leave 10 + 2 = 12 on the busiest.
  const cells = { C55: 20000, C57: 150, C58: 75, C60: 5120, C26: 8, C30: 3, C32: 0, G22: "No" };
  const s = microsoftSizing(one(20000, 150, 75, 5120, [8], 3), defaults());
  test.each([
    [`Role Requirements!C79 at ${at(cells)}`, 56, s.databases],
    [`Role Requirements!C117 at ${at(cells)}`, 8, s.active.server],
    [`Role Requirements!C121 at ${at(cells)}`, 12, s.active.doubleServer],
    [`Role Requirements!C103 at ${at(cells)}`, 12, s.active.worst],
    [`Role Requirements!C134 at ${at(cells)}`, 38, s.cacheGB],
    [`Role Requirements!C142 at ${at(cells)}`, 192, s.memoryGB],
    [`Role Requirements!C256 at ${at(cells)}`, 44172.321428571435, s.megacycles],
    [`Role Requirements!D282 at ${at(cells)}`, 191.23714285714286, s.serverLogIops],
  ])("%s = %d", (_cell, expected, actual) => {
    expect(actual).toBeCloseTo(expected, 9);
  });
});

describe("JBOD (Role Requirements!I127) and its I/O-driven mailboxes per database (C74) on the calculator's 7.2K disks", () => {
  // 20,000 mailboxes, 500 messages of 75 KB, 5 GB, 8 servers, 4 copies on 4,000 GB JBOD disks of 57.5 random IOPS
  // (Input!D116 "7.2K RPM SAS 3.5"", Storage Design!C48): 57.5 ÷ 0.402 → 142 (even), ÷ 4 databases a volume = 35.5.
  const cells = { C55: 20000, C57: 500, C58: 75, C60: 5120, C26: 8, C30: 4, C32: 0, G22: "No", C107: "Yes", C116: "4000 GB" };
  const io = microsoftSizing(one(20000, 500, 75, 5120, [8], 4), defaults({ diskGB: 4000 }));
  const ioLagged = microsoftSizing(one(20000, 500, 75, 5120, [8], 4, { laggedCopies: 1 }), defaults({ diskGB: 4000, lagDays: 7 }));
  const lagCells = { ...cells, C30: 3, C31: 1, G31: 168 };
  // Two HA copies are not JBOD (I127 needs three): RAID's 2,000 GB databases.
  const twoCopies = microsoftSizing(one(7600, 150, 75, 2048, [2], 2), defaults({ diskGB: 4000 }));
  const twoCells = { C55: 7600, C57: 150, C58: 75, C60: 2048, C26: 2, C30: 2, C32: 0, G22: "No", C107: "Yes", C116: "4000 GB" };
  const haTwo = microsoftSizing(one(6000, 250, 120, 10240, [4], 3, { laggedCopies: 1 }), defaults({ diskGB: 4000, lagDays: 7 }));
  const haTwoCells = { C55: 6000, C57: 250, C58: 120, C60: 10240, C26: 4, C30: 2, C31: 1, G31: 168, C32: 0, G22: "No", C107: "Yes", C116: "4000 GB" };
  test.each([
    [`Role Requirements!C74 at ${at(cells)}`, 35.5, io.ioMailboxesPerDatabase],
    [`Role Requirements!C75 at ${at(cells)}`, 123.15929999468989, io.mailboxesPerDatabaseLimit],
    [`Role Requirements!C79 at ${at(cells)}`, 200, io.databases],
    [`Role Requirements!C81 at ${at(cells)}`, 100, io.mailboxesPerDatabase],
    [`Role Requirements!C102 at ${at(cells)}`, 100, io.copiesPerServer],
    [`Role Requirements!C62 at ${at(cells)}`, 707.8051567077637, io.maxDatabaseGB],
    [`Role Requirements!C74 at ${at(lagCells)}`, 35.5, ioLagged.ioMailboxesPerDatabase],
    [`Role Requirements!C79 at ${at(lagCells)}`, 200, ioLagged.databases],
    [`Role Requirements!C62 at ${at(twoCells)} (RAID: I127 needs 3 HA copies)`, 2000, twoCopies.maxDatabaseGB],
    [`Role Requirements!C79 at ${at(twoCells)}`, 10, twoCopies.databases],
    [`Role Requirements!C62 at ${at(haTwoCells)} (2 HA + 1 lagged: RAID)`, 2000, haTwo.maxDatabaseGB],
    [`Role Requirements!C79 at ${at(haTwoCells)}`, 48, haTwo.databases],
  ])("%s = %d", (_cell, expected, actual) => {
    expect(actual).toBeCloseTo(expected, 9);
  });
  test(`Role Requirements!I127 at ${at(cells)} is JBOD; at ${at(twoCells)} RAID, so C74 is "--"`, () => {
    expect(io.jbod).toBe(true);
    expect(twoCopies.jbod).toBe(false);
    expect(twoCopies.ioMailboxesPerDatabase).toBeNaN();
  });
});

describe("a site and then its servers fail (Role Requirements!C127:C130)", () => {
  // 12,000 mailboxes, 300 messages of 75 KB, 8 GB, 3 + 3 servers, 4 copies, 8,000 GB JBOD: 150 databases;
  // after the first site, one more server: twice the first site's one-failure figure, 2 × 38 (C128).
  const cells = { C55: 12000, C57: 300, C58: 75, C60: 8192, C26: 3, C30: 4, C32: 2, G22: "Yes", G23: "Active/Active (Single DAG)", C107: "Yes", C116: "8000 GB", C122: "8000 GB" };
  const s = microsoftSizing(one(12000, 300, 75, 8192, [3, 3], 4), defaults({ diskGB: 8000 }));
  test.each([
    [`Role Requirements!C79 at ${at(cells)}`, 150, s.databases],
    [`Role Requirements!C117 at ${at(cells)}`, 38, s.active.server],
    [`Role Requirements!C127 at ${at(cells)}`, 50, s.active.site],
    [`Role Requirements!C128 at ${at(cells)}`, 76, s.active.siteServer],
    [`Role Requirements!C103 at ${at(cells)}`, 76, s.active.worst],
    [`Role Requirements!C134 at ${at(cells)}`, 107, s.cacheGB],
    [`Role Requirements!C142 at ${at(cells)}`, 448, s.memoryGB],
    [`Role Requirements!C256 at ${at(cells)}`, 114481.20000000001, s.megacycles],
    [`Role Requirements!D282 at ${at(cells)}`, 519.0624, s.serverLogIops],
  ])("%s = %d", (_cell, expected, actual) => {
    expect(actual).toBeCloseTo(expected, 9);
  });

  // The calculator fails only the first site (C127:C129). With the lagged copy in the second site (4 copies,
  // 1 lagged, 2 + 2 servers, 5,000 mailboxes: 76 databases) it finds the second site unable to lose a server
  // after the first fails, and sizes for 38 (C103 at G33 "No"). Sized never less we also fail the second site,
  // after which the first site's two HA copies let one server carry all 76 — the calculator's own figure at
  // the example's G33 "Yes" (Replay Lag Manager counts the lagged copy).
  test("the calculator's rules fail the first site: 38 active databases (Replay Lag Manager off); never less, either: 76", () => {
    const cellsLag = { C55: 5000, C57: 200, C58: 75, C60: 10240, C26: 2, C30: 3, C31: 1, G31: 168, C32: 1, C33: 1, G22: "Yes", G23: "Active/Active (Single DAG)", C107: "Yes", C116: "4000 GB", C122: "4000 GB" };
    const design = one(5000, 200, 75, 10240, [2, 2], 4, { laggedCopies: 1 });
    const lag = microsoftSizing(design, defaults({ diskGB: 4000, lagDays: 7 }));
    expect(lag.databases).toBe(76); // Role Requirements!C79 at either G33
    expect(lag.active.site).toBe(38); // C127 at `at(cellsLag)`
    expect(lag.active.worst).toBe(38); // C103 at ${at(cellsLag)}
    expect(at(cellsLag)).toContain('"G33":"No"');
    const either = microsoftSizing(design, defaults({ diskGB: 4000, lagDays: 7, neverLess: 1 }));
    expect(either.active.worst).toBe(76); // C103 at G33 "Yes"
  });
});

describe("the most databases a server and a DAG support (Role Requirements!C64, C65)", () => {
  // Stand-alone servers: 98 (Variables!K36, two LUNs a backup set; Volume Requirements!I6 "1/7").
  const standalone = microsoftSizing(one(3000, 150, 75, 2048, [2], 1), defaults());
  const saCells = { C55: 3000, C57: 150, C58: 75, C60: 2048, C26: 2, C25: "No", C30: 0, G22: "No" };
  // At 40,000 mailboxes of 1 GB the calculator caps the count there: 98 databases (C79) of 204.1 mailboxes,
  // 245.5 GB each against the stand-alone 200 GB (C62) — databases above the maximum, which we refuse (below).
  const bigCells = { ...saCells, C55: 40000, C60: 1024 };
  // Three copies a JBOD volume: 99 a server, the most that is a whole number of volumes; 99 × 4 ÷ 3 = 132 a DAG.
  const jbod = microsoftSizing(one(10000, 150, 75, 2048, [4], 3), defaults({ diskGB: 4000 }));
  const jbodCells = { C55: 10000, C57: 150, C58: 75, C60: 2048, C26: 4, C30: 3, G22: "No", C107: "Yes", C116: "4000 GB" };
  const raid = microsoftSizing(one(10000, 150, 75, 2048, [4], 3), defaults());
  const raidCells = { ...jbodCells, C107: "No" };
  test.each([
    [`Role Requirements!C64 at ${at(saCells)}`, 98, standalone.maxDatabases],
    [`Role Requirements!C65 at ${at(jbodCells)}`, 132, jbod.maxDatabases],
    [`Role Requirements!C79 at ${at(jbodCells)}`, 72, jbod.databases],
    [`Role Requirements!C65 at ${at(raidCells)}`, 133, raid.maxDatabases],
  ])("%s = %d", (_cell, expected, actual) => {
    expect(actual).toBeCloseTo(expected, 9);
  });
  test(`@compatibility stand-alone, the count capped at 98 (Role Requirements!C79 at ${at(bigCells)}) leaves 245.5 GB databases above the 200 GB maximum: built as the calculator builds it, with our warning`, () => {
    const s = microsoftSizing(one(40000, 150, 75, 1024, [2], 1), defaults());
    expect(s.databases).toBe(98);
    expect(databaseSizeWarning(s, false)?.message).toMatch(/^databases: 98 databases \(the most a stand-alone server supports\) hold 204\.1 mailboxes each, above the 167/);
  });
});

describe("databases above the maximum size", () => {
  // @compatibility 20,000 mailboxes of 50 GB on 2 + 2 servers, 4 copies, 4,000 GB JBOD disks: the calculator caps the
  // count at the DAG's 100 (Role Requirements!C65, C79), 200 mailboxes a database of 10,452 GB (Volume Requirements!E123)
  // against its own 707.8 GB maximum (C62), and calls the design valid (I160 = 0). We build it, and warn.
  const cells = { C55: 20000, C57: 150, C58: 75, C60: 51200, C26: 2, C30: 4, C32: 2, G22: "Yes", G23: "Active/Active (Single DAG)", C107: "Yes", C116: "4000 GB", C122: "4000 GB" };
  test(`@compatibility a capped count leaves databases above the maximum: the calculator's 10,452 GB at ${at(cells)}, and our warning`, () => {
    const s = microsoftSizing(one(20000, 150, 75, 51200, [2, 2], 4), defaults({ diskGB: 4000 }));
    expect([s.databases, s.databaseGB]).toEqual([100, expect.closeTo(10452.34375, 6)]);
    expect(databaseSizeWarning(s, true)?.message).toMatch(/^databases: 100 databases \(the most the DAG supports\) hold 200 mailboxes each, above the 14 a database of at most 707\.8 GB holds/);
  });
  test("a count the user sets is the user's: its size is reported, as the calculator's (Input!G39)", () => {
    expect(microsoftSizing(one(20000, 150, 75, 51200, [2, 2], 4, { databases: 100 }), defaults({ diskGB: 4000 })).databaseGB).toBeCloseTo(10452.34375, 6);
  });
});

describe("stand-alone servers' processors", () => {
  // @compatibility 2,000 mailboxes of 200 messages of 100 KB, 4 GB, on 3 stand-alone servers of 16 cores rated 800:
  // the calculator's worst case (G195 "--") leaves C256, C254 and, through C140, C142 at #VALUE! (its own fault). We
  // size the normal runtime it does show, by its own formulas: C199 + C200 + C201, over C159 and C162.
  const cells = { C55: 2000, C57: 200, C58: 100, C60: 4096, C26: 3, C25: "No", C30: 0, G22: "No", D131: 800 };
  const s = microsoftSizing(one(2000, 200, 100, 4096, [3], 1, { specRate: 800 }), defaults());
  test(`@compatibility megacycles are C199 + C200 + C201 = 5,666.7 + 0 + 2,125 where C256 is #VALUE! at ${at(cells)}`, () => {
    expect(s.databases).toBe(16); // Role Requirements!C79
    expect(s.megacycles).toBeCloseTo(5666.666666666666 + 0 + 2125, 9);
    expect(s.megacyclesPerCore).toBeCloseTo(2962.962962962963, 9); // C159
    expect(s.coresNeeded).toBe(Math.ceil((5666.666666666666 + 2125) / 2962.962962962963)); // C254's rule: 3
    // C140's rule over C201 and C162: ROUND(2 + 2,125 ÷ 47,407.4 × 16 × 2) = 3; C138 = MAX(C133 10, C134 8 × 4 + 3) = 35.
    expect(s.calculatedMemoryGB).toBe(35);
    expect(s.memoryGB).toBe(48);
  });
});

describe("pieces", () => {
  test("profiles round up to the next row of Tables!A4:A13; above 500 is an error", () => {
    expect(messageProfile(150).messages).toBe(150);
    expect(messageProfile(151).messages).toBe(200);
    expect(messageProfile(1).messages).toBe(50);
    expect(() => messageProfile(501)).toThrow(SizingError);
  });
  test("maximum database size: 200 GB stand-alone (Variables!K33), 2,000 GB on RAID (Variables!K34)", () => {
    const largest = COUNT_RULES.compile("calculatedMaxDatabaseGB", ["copies", "jbod", "diskRawGB", "severalPerVolume", "askedVolumeDatabases", "activePassive", "contentIndexShare", "volumeFreeShare"]);
    const { contentIndexShare, volumeFreeShare } = MICROSOFT_FACTOR_DEFAULTS;
    expect(largest([1, false, 0, false, 0, 0, contentIndexShare, volumeFreeShare], {})).toBe(200);
    expect(largest([3, false, 0, false, 0, 0, contentIndexShare, volumeFreeShare], {})).toBe(2000);
  });
  test("memory configurations (Role Requirements!C142): 128.4 → 160, 40 → 48, 17 → 24, 5 → 8, 3 → 8", () => {
    expect([128.4, 40, 17, 5, 3].map(memoryConfigurationGB)).toEqual([160, 48, 24, 8, 8]);
  });
  test("an archive adds its quota and its own dumpster (Role Requirements!C21, C22)", () => {
    const r = mailboxRequirement(200, 75, 10240, 10240, true, { ...MICROSOFT_FACTOR_DEFAULTS });
    expect(r.archiveDumpsterMB).toBeCloseTo(649.80656249999993, 9);
    expect(r.mailboxOnDiskMB).toBe(Math.ceil(10240 * 2 + 649.80656249999993 * 2));
  });
  test("replication: 10% of the example's 3,472 logs in one hour over 80 streams", () => {
    const r = replicationMbps(3472.3214285714284, 0.1, 80, { ...MICROSOFT_FACTOR_DEFAULTS });
    expect(r.perDatabase).toBeCloseTo((0.1 * 3472.3214285714284 * 8) / 3600 * 0.7, 12);
    expect(r.total).toBeCloseTo(r.perDatabase * 80, 9);
  });
  test("one site, two copies: a server failure spreads its databases over the others", () => {
    expect(activeDatabases(12, [4], 2, 6)).toMatchObject({ normal: 3, server: 4, worst: 4 });
  });
});

describe("properties", () => {
  const design = fc.record({
    mailboxes: fc.integer({ min: 1, max: 100_000 }),
    messagesPerDay: fc.integer({ min: 1, max: 500 }),
    messageKB: fc.double({ min: 1, max: 1000, noNaN: true }),
    quotaMB: fc.double({ min: 1, max: 200_000, noNaN: true }),
    archiveMB: fc.constantFrom(0, 1024, 51200),
    site1: fc.integer({ min: 1, max: 8 }),
    site2: fc.integer({ min: 0, max: 8 }),
    copies: fc.integer({ min: 1, max: 6 }),
    specRate: fc.constantFrom(0, 400, 1000),
  });
  const build = (d: { mailboxes: number; messagesPerDay: number; messageKB: number; quotaMB: number; archiveMB: number; site1: number; site2: number; copies: number; specRate: number }): MicrosoftDesign => ({
    tiers: [{ mailboxes: d.mailboxes, messagesPerDay: d.messagesPerDay, messageKB: d.messageKB, quotaMB: d.quotaMB, archiveMB: d.archiveMB }],
    serversPerSite: d.site2 > 0 ? [d.site1, d.site2] : [d.site1],
    copies: d.copies,
    cores: 16,
    specRate: d.specRate,
  });
  const numbers = (s: ReturnType<typeof microsoftSizing>) =>
    Object.entries(s).filter(
      ([k, v]) =>
        typeof v === "number" &&
        !(s.megacyclesPerCore !== s.megacyclesPerCore && ["megacyclesPerCore", "availableMegacycles", "coresNeeded", "utilization"].includes(k)) &&
        !(k === "ioMailboxesPerDatabase" && !s.jbod),
    );

  test("every result is a finite number or a SizingError, never a throw of anything else", () => {
    fc.assert(
      fc.property(design, (d) => {
        try {
          const s = microsoftSizing(build(d), { ...MICROSOFT_FACTOR_DEFAULTS });
          for (const [k, v] of numbers(s)) if (!Number.isFinite(v as number)) throw new Error(`${k} = ${v}`);
        } catch (e) {
          if (!(e instanceof SizingError)) throw e;
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("more mailboxes never need less: IOPS, memory, megacycles, databases × size", () => {
    fc.assert(
      fc.property(design, fc.integer({ min: 1, max: 50_000 }), (d, more) => {
        let a, b;
        try {
          a = microsoftSizing(build(d), { ...MICROSOFT_FACTOR_DEFAULTS });
          b = microsoftSizing(build({ ...d, mailboxes: d.mailboxes + more }), { ...MICROSOFT_FACTOR_DEFAULTS });
        } catch (e) {
          if (e instanceof SizingError) return;
          throw e;
        }
        const tol = 1e-9;
        expect(b.environmentIops).toBeGreaterThanOrEqual(a.environmentIops - tol);
        expect(b.databases * b.databaseGB).toBeGreaterThanOrEqual(a.databases * a.databaseGB - tol);
        // The DAG figures are the busiest server's activation times the servers (Role Requirements!D281),
        // so they fall where the databases get finer and spread the load better: with unequal sites
        // (2 + 8: 61,274 → 79,537 mailboxes, 30,790 → 26,645 IOPS), and where the count itself grows
        // (8 + 8, 5 copies, 17.5 MB mailboxes: 95,223 → 102,401 mailboxes, 2 → 16 databases, 30,624 →
        // 20,583 IOPS, while the mailboxes' own IOPS rise). The calculator's figures, left as it computes
        // them; held for one site or equal sites at the same database count.
        if ((d.site2 === 0 || d.site1 === d.site2) && b.databases === a.databases) {
          expect(b.dagIops).toBeGreaterThanOrEqual(a.dagIops - tol);
          expect(b.dagLogIops).toBeGreaterThanOrEqual(a.dagLogIops * 0.999 - tol);
        }
      }),
      { numRuns: 1000 },
    );
  });

  test("more messages a day never need less per mailbox", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 499 }), fc.integer({ min: 1, max: 100 }), (m, more) => {
        const a = mailboxRequirement(m, 75, 2048, 0, true, { ...MICROSOFT_FACTOR_DEFAULTS });
        const b = mailboxRequirement(Math.min(500, m + more), 75, 2048, 0, true, { ...MICROSOFT_FACTOR_DEFAULTS });
        expect(b.logsPerDay).toBeGreaterThanOrEqual(a.logsPerDay);
        expect(b.mailboxOnDiskMB).toBeGreaterThanOrEqual(a.mailboxOnDiskMB);
        expect(b.cacheMB).toBeGreaterThanOrEqual(a.cacheMB);
        expect(b.activeMegacycles).toBeGreaterThanOrEqual(a.activeMegacycles);
      }),
    );
  });
});
