/**
 * The Resilience sheet's block "Microsoft's calculator: active databases and megacycles by failure
 * mode": for a design sized by Microsoft's method, each mode's active databases and
 * megacycles of the busiest server equal sizeDesign's (Design.microsoft.failureModes), live (the
 * EX_MS_* functions) and native (the customer copy's formulas); "—" where a mode cannot occur or the
 * design is sized by Dell's process.
 */
import fc from "fast-check";
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { MICROSOFT_FAILURE_MODES } from "../../src/engine/microsoft/design";
import { evaluateWorkbook, nativeModel } from "../../src/workbook/evaluate";
import { MICROSOFT_MODE_CELLS } from "../../src/workbook/sheets/resilience";
import { referenceDesign, templateSheetNames } from "../../src/workbook/template";

jest.setTimeout(600_000);

const R = REFERENCE_DESIGN_INPUTS;
const sheets = templateSheetNames();

const designs: Array<[string, WorkbookInputs]> = [
  // 004_1d3a339e6fd03f64.txt §4.1: 21, 24, 42, 48 active databases (normal, a server, a site, a site and a server).
  // Its disks and its count as set (§4: 42 disks of 2 databases a server, 336 databases), as the preset dellemc-2016.
  ["one DAG of 004's Exchange 2016 design", { ...R, users: 7600, quotaMB: 20480, archiveMB: 51200, copies: 4, serversSite1: 8, serversSite2: 8, exchangeVersion: 2016, serverDisk: '8TB 7.2K NL-SAS 3.5"', databasesPerVolume: 2, databasesPerDag: 336 }],
  ["10,000 mailboxes on 4 + 4 servers, 4 copies, Exchange 2019", { ...R, users: 10000, quotaMB: 10240, copies: 4, serversSite1: 4, serversSite2: 4, exchangeVersion: 2019, maxDatabaseGB: 2048 }],
  ["7,600 mailboxes on 4 servers in one site, 3 copies, Exchange 2016", { ...R, users: 7600, quotaMB: 5120, copies: 3, serversSite1: 4, serversSite2: "", exchangeVersion: 2016 }],
  ["6,000 mailboxes on 3 + 2 servers, 3 copies, Exchange 2016", { ...R, users: 6000, quotaMB: 4096, copies: 3, serversSite1: 3, serversSite2: 2, exchangeVersion: 2016 }],
  // Three HA copies a site: a site's loss and two more servers survivable (Role Requirements!C129).
  ["12,000 mailboxes on 4 + 4 servers, 6 copies, Exchange 2019", { ...R, users: 12000, quotaMB: 2048, copies: 6, serversSite1: 4, serversSite2: 4, exchangeVersion: 2019, maxDatabaseGB: 2048 }],
  ["the reference design, by Dell's process", R],
  // Lagged copies: never activated, so the failures count the others (design.ts haCopiesPerSite); the lag held by Safety Net.
  ["5,000 mailboxes on 2 + 2 servers, 4 copies of which 1 lagged 7 days, Exchange 2016", { ...R, users: 5000, quotaMB: 10240, messagesPerDay: 200, copies: 4, laggedCopies: 1, lagDays: 7, serversSite1: 2, serversSite2: 2, exchangeVersion: 2016, maxDatabaseGB: 2048, method: "microsoft" }],
  // tests/fixtures/microsoft-calculator.json s10: 3 copies of which 1 lagged 7 days on 6 servers (Role Requirements!C103 24).
  ["the calculator's s10: 15,000 mailboxes on 6 servers, 3 copies of which 1 lagged", { ...R, users: 15000, messagesPerDay: 350, quotaMB: 2048, copies: 3, laggedCopies: 1, lagDays: 7, serversSite1: 6, serversSite2: "", exchangeVersion: 2016, maxDatabaseGB: 2048, method: "microsoft" }],
  ["12,000 mailboxes on 4 + 4 servers, 6 copies of which 2 lagged 14 days, Exchange 2019", { ...R, users: 12000, quotaMB: 2048, copies: 6, laggedCopies: 2, lagDays: 14, serversSite1: 4, serversSite2: 4, exchangeVersion: 2019, maxDatabaseGB: 2048, method: "microsoft" }],
  ["6,000 mailboxes on 3 + 3 servers, 5 copies of which 2 lagged 3 days, Exchange 2016", { ...R, users: 6000, quotaMB: 4096, copies: 5, laggedCopies: 2, lagDays: 3, serversSite1: 3, serversSite2: 3, exchangeVersion: 2016, maxDatabaseGB: 2048, method: "microsoft" }],
];

/** The block's figures and sizeDesign's, by mode. */
function compared(inputs: WorkbookInputs, sheet: Record<string, unknown>): { got: Record<string, unknown>; want: Record<string, unknown> } {
  const d = sizeDesign(inputs);
  const got: Record<string, unknown> = {};
  const want: Record<string, unknown> = {};
  for (const mode of MICROSOFT_FAILURE_MODES) {
    if (mode === "worst") continue;
    const row = MICROSOFT_MODE_CELLS.row[mode];
    got[mode] = [sheet[`${MICROSOFT_MODE_CELLS.activeDatabases}${row}`], sheet[`${MICROSOFT_MODE_CELLS.megacycles}${row}`]];
    const m = d.method === "microsoft" ? d.microsoft?.failureModes[mode] : undefined;
    // A unit's active databases once a unit: the engine multiplies by the units (x × D ÷ u), the sheet divides
    // after (x × D) ÷ u, so a fraction of a database may differ in its last bits (28.8 and 28.799999999999997).
    want[mode] = m && m.applies ? [expect.closeTo(m.activeDatabases, 9), expect.closeTo(m.megacycles, 6)] : ["—", "—"];
  }
  got.transport = sheet[MICROSOFT_MODE_CELLS.transportGB];
  want.transport = d.method === "microsoft" && d.microsoft ? expect.closeTo(d.microsoft.transportGB, 6) : "—";
  return { got, want };
}

describe.each(designs)("%s", (_name, inputs) => {
  const model = referenceDesign({ inputs });
  const renderings = [
    ["live", () => evaluateWorkbook(model)],
    ["native", () => evaluateWorkbook(nativeModel(model))],
  ] as const;
  test.each(renderings)("%s: each mode's active databases and megacycles, and the transport database, are sizeDesign's", (_how, evaluate) => {
    const { got, want } = compared(inputs, evaluate()[sheets.resilience]);
    expect(got).toEqual(want);
  });
});

test("random Microsoft-method designs, 1-2 sites, 2-5 copies of which 0-2 lagged, live and native", () => {
  const design = fc
    .record({
      users: fc.integer({ min: 100, max: 40_000 }),
      quotaMB: fc.integer({ min: 500, max: 20_000 }),
      messagesPerDay: fc.integer({ min: 10, max: 500 }),
      messageKB: fc.integer({ min: 20, max: 200 }),
      exchangeVersion: fc.constantFrom(2013, 2016, 2019),
      sites: fc.constantFrom(1, 2),
      serversSite1: fc.integer({ min: 2, max: 8 }),
      serversSite2: fc.integer({ min: 1, max: 8 }),
      copies: fc.integer({ min: 2, max: 5 }),
      laggedCopies: fc.integer({ min: 0, max: 2 }),
      lagDays: fc.constantFrom(1, 3.5, 7, 14),
    })
    .map(({ sites, ...r }): WorkbookInputs => ({ ...R, ...r, laggedCopies: Math.min(r.laggedCopies, r.copies - 2), method: "microsoft", maxDatabaseGB: 2048, serversSite2: sites === 2 ? r.serversSite2 : "" }))
    .filter((i) => {
      try {
        return sizeDesign(i).method === "microsoft";
      } catch {
        return false;
      }
    });
  let lagged = 0;
  fc.assert(
    fc.property(design, (inputs) => {
      if ((inputs.laggedCopies ?? 0) > 0) lagged++;
      const model = referenceDesign({ inputs });
      for (const values of [evaluateWorkbook(model), evaluateWorkbook(nativeModel(model))]) {
        const { got, want } = compared(inputs, values[sheets.resilience]);
        expect(got).toEqual(want);
      }
    }),
    { numRuns: Number(process.env.RUNS ?? 12) },
  );
  expect(lagged).toBeGreaterThan(0);
});

test("004's DAG: 21, 24, 42 and 48 active databases (004_1d3a339e6fd03f64.txt §4.1), 10,280 megacycles when a site fails (Role Requirements!F199:F201)", () => {
  const sheet = evaluateWorkbook(nativeModel(referenceDesign({ inputs: designs[0][1] })))[sheets.resilience];
  const at = (mode: keyof typeof MICROSOFT_MODE_CELLS.row, column: string) => sheet[`${column}${MICROSOFT_MODE_CELLS.row[mode]}`];
  expect(["normal", "server", "site", "siteServer"].map((m) => at(m as "normal", MICROSOFT_MODE_CELLS.activeDatabases))).toEqual([21, 24, 42, 48]);
  expect(at("site", MICROSOFT_MODE_CELLS.megacycles) as number).toBeCloseTo(10279.59375, 6);
  expect(at("siteDoubleServer", MICROSOFT_MODE_CELLS.activeDatabases)).toBe("—");
  // Role Requirements!C184 at 7,600 mailboxes of 150 messages on 8 + 8 servers, 4 copies: 209.67 GB.
  expect(sheet[MICROSOFT_MODE_CELLS.transportGB] as number).toBeCloseTo(209.67211042131697, 6);
});
