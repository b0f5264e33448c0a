/**
 * One design, one answer: the workbook is the second rendering of sizeDesign. Its
 * Summary, the Resilience and Distribution sheets' database count and the Design sheet's method
 * equal the engine's figures, live (EXSIZE functions) and native (the customer copy's formulas),
 * for the designs below; random designs of every kind are tests/workbook/quantity-cells.test.ts's.
 */
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type Design, type WorkbookInputs } from "../../src/engine/design";
import { evaluateWorkbook, nativeModel, type WorkbookValues } from "../../src/workbook/evaluate";
import { DESIGN_CELLS, RESILIENCE_CELLS, SUMMARY_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";

jest.setTimeout(600_000);

const R = REFERENCE_DESIGN_INPUTS;
const sheets = templateSheetNames();

/** The Summary's figures as sizeDesign gives them, by SUMMARY_CELLS key. */
function expected(d: Design): Partial<Record<keyof typeof SUMMARY_CELLS, number | string>> {
  return {
    databaseVolumes: d.databases,
    databaseVolumeGB: d.databaseVolumeGB,
    logVolumes: d.databases,
    logVolumeGB: d.logVolumeGB,
    capacityPerCopyGB: d.capacityPerCopyGB,
    capacityAllCopiesGB: d.capacityAllCopiesGB,
    volumesGB: d.volumesGB,
    databaseIops: d.databaseIops,
    dagDatabaseIops: d.dagDatabaseIops,
    dagLogIops: d.dagLogIops,
    // By Microsoft's method one storage answer, the servers' own disks: the papers' arrays and spindles
    // are blank on the Summary (the Methods sheet shows them beside it).
    ...(d.method === "microsoft"
      ? { arrays: "", arrayModel: "", arraysPerCopy: "", spindles: "" }
      : { arrays: d.arrays.arrays, arrayModel: d.arrays.modelName, arraysPerCopy: d.arrays.arraysPerCopy, spindles: d.spindles.disks }),
    // Active/passive by Microsoft's method: a row a site, the first site's in the servers row.
    ...(d.siteServers
      ? {
          servers: d.siteServers[0].servers, coresPerServer: d.siteServers[0].coresPerServer, memoryPerServerGB: d.siteServers[0].memoryPerServerGB,
          serversSite2: d.siteServers[1].servers, coresPerServerSite2: d.siteServers[1].coresPerServer, memoryPerServerGBSite2: d.siteServers[1].memoryPerServerGB,
        }
      : { servers: d.servers, coresPerServer: d.coresPerServer, memoryPerServerGB: d.memoryPerServerGB, serversSite2: "", coresPerServerSite2: "", memoryPerServerGBSite2: "" }),
    // The page file by the version's system requirements (src/engine/version.ts); empty for 2010, none published.
    pageFileGB: d.pageFileGB ?? "",
    worstFailure: d.worst?.fails ?? "none survivable",
    ...(d.worst ? { worstMailboxesPerServer: d.worst.activeMailboxes, worstTargetIops: d.worst.targetIops } : {}),
  };
}

/** Where the workbook and the engine differ, as lines; none when they agree. */
function differences(inputs: WorkbookInputs, values: WorkbookValues, d: Design): string[] {
  const summary = values[sheets.summary];
  const problems: string[] = [];
  const close = (a: unknown, b: unknown) => (typeof a === "number" && typeof b === "number" ? Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)) : a === b);
  for (const [key, want] of Object.entries(expected(d))) {
    const got = summary[SUMMARY_CELLS[key as keyof typeof SUMMARY_CELLS]];
    if (!close(got, want)) problems.push(`${key}: workbook ${String(got)}, sizeDesign ${String(want)}`);
  }
  const more: Array<[string, unknown, unknown]> = [
    ["method", values[sheets.design][DESIGN_CELLS.methodUsed], d.method],
    ["Resilience databases", values[sheets.resilience][RESILIENCE_CELLS.databases], d.databases],
  ];
  for (const [what, got, want] of more) if (!close(got, want)) problems.push(`${what}: workbook ${String(got)}, sizeDesign ${String(want)}`);
  return problems.map((p) => `${JSON.stringify(inputs)} — ${p}`);
}

describe("numbers once wrong", () => {
  test("a server of 1,000,001 mailboxes needs 1,001 cores and 5,864 GB (VMware's rule), not 0", () => {
    const d = sizeDesign({ ...R, users: 1_000_001, maxDatabaseGB: 100_000, copies: 1, serversSite1: 1 });
    expect([d.coresPerServer, d.memoryPerServerGB]).toEqual([1001, Math.ceil(4 + (1_000_001 * 6) / 1024)]);
  });
  // Designs of 4 and 5 copies on 8 + 3 servers balance only at 336 and 3,696 databases: more copies on a
  // site-2 server than the 100 an Exchange server mounts, so Dell's process refuses them, and so
  // does Microsoft's method sized never less; by the calculator's rules it deploys the calculator's own count.
  test.each<[string, Partial<WorkbookInputs>]>([
    ["22,800 mailboxes, 4 copies on 8 + 3 active/passive, by Dell's process", { users: 22800, messagesPerDay: 0.1, copies: 4, serversSite1: 8, serversSite2: 3, dagLayout: "active/passive", exchangeVersion: 2016, maxDatabaseGB: 2048, method: "dell" }],
    ["20 mailboxes, 5 copies on 8 + 3, by Dell's process", { users: 20, quotaMB: 5.034, messagesPerDay: 362, messageKB: 6.22, copies: 5, serversSite1: 8, serversSite2: 3, exchangeVersion: 2019, method: "dell" }],
    ["20 mailboxes, 5 copies on 8 + 3, by Microsoft's method sized never less", { users: 20, quotaMB: 5.034, messagesPerDay: 362, messageKB: 6.22, copies: 5, serversSite1: 8, serversSite2: 3, exchangeVersion: 2019, serverSizing: "never less" }],
  ])("%s: past 100 copies a server, refused, saying so", (_name, inputs) => {
    expect(() => sizeDesign({ ...R, ...inputs })).toThrow(/past the (100 databases \(active and passive\) an Exchange server mounts|calculator's 100)/);
  });
  test("20 mailboxes, 5 copies on 8 + 3, by Microsoft's method: the calculator's own count, built", () => {
    const d = sizeDesign({ ...R, users: 20, quotaMB: 5.034, messagesPerDay: 362, messageKB: 6.22, copies: 5, serversSite1: 8, serversSite2: 3, exchangeVersion: 2019 });
    expect(d.databases).toBe(d.microsoftDatabases);
  });
});

describe("the workbook shows sizeDesign's figures", () => {
  const fixed: Array<[string, WorkbookInputs]> = [
    ["the reference design (000_72e1ddb9bbd1ecac.txt, 3.4.2)", R],
    // 004_1d3a339e6fd03f64.txt §4: a DAG of the 100,000-mailbox Exchange 2016 design.
    // Its disks and its count as set (§4: 42 disks of 2 databases a server, 336 databases): the preset dellemc-2016's.
    ["one DAG of 004's Exchange 2016 design", { ...R, users: 7600, quotaMB: 20480, archiveMB: 51200, copies: 4, serversSite1: 8, serversSite2: 8, exchangeVersion: 2016, serverDisk: '8TB 7.2K NL-SAS 3.5"', databasesPerVolume: 2, databasesPerDag: 336 }],
    // A case once wrong: three database counts in one workbook.
    ["10,000 mailboxes on 4 + 4 servers, Exchange 2019", { ...R, users: 10000, quotaMB: 10240, copies: 4, serversSite1: 4, serversSite2: 4, exchangeVersion: 2019, maxDatabaseGB: 2048 }],
    ["an Exchange 2016 design sized by Dell's process, chosen", { ...R, users: 7600, quotaMB: 5120, copies: 3, serversSite1: 4, exchangeVersion: 2016, method: "dell" }],
    // Cases once wrong: a million mailboxes on one server (cores and memory were 0), ties in the worst failure.
    ["1,000,001 mailboxes on one stand-alone server", { ...R, users: 1_000_001, maxDatabaseGB: 100_000, copies: 1, serversSite1: 1 }],
    // A JBOD design counted from its disk (Role Requirements!C79 48, microsoft-calculator-designs.json d01), and a count set (d16: 50, 52 with its remainder).
    ["3,400 mailboxes on 4 servers, 3 HA copies and a lagged one, the calculator's 4 TB disk", { ...R, users: 3400, quotaMB: 4096, archiveMB: 5120, copies: 4, laggedCopies: 1, lagDays: 7, serversSite1: 4, exchangeVersion: 2016 }],
    ["10,000 mailboxes on 4 + 4 servers, 4 copies, 50 databases set", { ...R, users: 10000, quotaMB: 2048, copies: 4, serversSite1: 4, serversSite2: 4, exchangeVersion: 2016, databasesPerDag: 50 }],
    // Active/passive as the calculator models it (microsoft-calculator-designs.json a02: 90 databases, 128 and 160 GB).
    ["002's shape by Microsoft's method: 12,500 mailboxes of 5 GB on 6 + 3 servers, 3 copies, active/passive", { ...R, users: 12500, quotaMB: 5120, copies: 3, serversSite1: 6, serversSite2: 3, dagLayout: "active/passive", exchangeVersion: 2016 }],
  ];
  test.each(fixed)("%s, live and native", (_name, inputs) => {
    const model = referenceDesign({ inputs });
    const d = sizeDesign(inputs);
    expect(differences(inputs, evaluateWorkbook(model), d)).toEqual([]);
    expect(differences(inputs, evaluateWorkbook(nativeModel(model)), d)).toEqual([]);
  });
  // Random designs of every kind: tests/workbook/quantity-cells.test.ts, over every quantity the workbook shows.
});
