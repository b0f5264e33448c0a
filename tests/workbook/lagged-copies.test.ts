/**
 * Lagged copies as an input everywhere copies are. The workbook (its LaggedCopies and
 * LagDays cells) shows sizeDesign's figures for designs with lagged copies; the Design check, the
 * rules the pane and the CLI apply (designProblems) and `exsize design` accept and refuse the same
 * lagged designs (tests/workbook/surfaces-agree.test.ts's pattern); the export writes the replay lag.
 */
import fc from "fast-check";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runDesign } from "../../src/cli/design";
import { runExport } from "../../src/cli/export";
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type Design, type WorkbookInputs } from "../../src/engine/design";
import { SizingError } from "../../src/engine/errors";
import { designCheckText, designProblems } from "../../src/workbook/design-check";
import { evaluateWorkbook, nativeModel, type WorkbookValues } from "../../src/workbook/evaluate";
import { DESIGN_CHECK_CELL, DESIGN_CELLS, RESILIENCE_CELLS, SUMMARY_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { withoutDistribution } from "./light-model";
import fixture from "../fixtures/microsoft-calculator.json";
import { WORKBOOK_MS } from "../support/timeouts";
import { scriptDatabases, scriptSetting } from "../support/deploy-script";

jest.setTimeout(5 * WORKBOOK_MS);

const R = REFERENCE_DESIGN_INPUTS;
const sheets = templateSheetNames();

/** Where the workbook's Summary, Design and Resilience cells differ from sizeDesign, as lines. */
function differences(values: WorkbookValues, d: Design): string[] {
  const summary = values[sheets.summary];
  const want: Array<[string, unknown, unknown]> = [
    ["databases", summary[SUMMARY_CELLS.databaseVolumes], d.databases],
    ["logVolumeGB", summary[SUMMARY_CELLS.logVolumeGB], d.logVolumeGB],
    ["capacityPerCopyGB", summary[SUMMARY_CELLS.capacityPerCopyGB], d.capacityPerCopyGB],
    ["capacityAllCopiesGB", summary[SUMMARY_CELLS.capacityAllCopiesGB], d.capacityAllCopiesGB],
    ["dagDatabaseIops", summary[SUMMARY_CELLS.dagDatabaseIops], d.dagDatabaseIops],
    // Where the sites are sized apart (active/passive), the Summary's server row is the first site's, the next the second's.
    ["memoryPerServerGB", summary[SUMMARY_CELLS.memoryPerServerGB], d.siteServers?.[0].memoryPerServerGB ?? d.memoryPerServerGB],
    ["coresPerServer", summary[SUMMARY_CELLS.coresPerServer], d.siteServers?.[0].coresPerServer ?? d.coresPerServer],
    ...(d.siteServers
      ? ([
          ["memoryPerServerGBSite2", summary[SUMMARY_CELLS.memoryPerServerGBSite2], d.siteServers[1].memoryPerServerGB],
          ["coresPerServerSite2", summary[SUMMARY_CELLS.coresPerServerSite2], d.siteServers[1].coresPerServer],
        ] as Array<[string, unknown, unknown]>)
      : []),
    ["worstFailure", summary[SUMMARY_CELLS.worstFailure], d.worst?.fails ?? "none survivable"],
    ["worstMailboxesPerServer", summary[SUMMARY_CELLS.worstMailboxesPerServer], d.worst?.activeMailboxes],
    ["method", values[sheets.design][DESIGN_CELLS.methodUsed], d.method],
    ["Resilience databases", values[sheets.resilience][RESILIENCE_CELLS.databases], d.databases],
  ];
  const close = (a: unknown, b: unknown) => (typeof a === "number" && typeof b === "number" ? Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(b)) : a === b);
  return want.filter(([, got, w]) => !close(got, w)).map(([what, got, w]) => `${what}: workbook ${String(got)}, sizeDesign ${String(w)}`);
}

const errorsOf = (values: WorkbookValues) =>
  Object.entries(values).flatMap(([sheet, cells]) => Object.entries(cells).filter(([, v]) => v instanceof SizingError).map(([a]) => `${sheet}!${a}`));

describe("the workbook shows sizeDesign's figures for lagged copies", () => {
  const dell: WorkbookInputs = { ...R, users: 5000, copies: 4, laggedCopies: 1, lagDays: 7, serversSite1: 2, serversSite2: 2 };
  // tests/fixtures/microsoft-calculator.json s10: 15,000 mailboxes, 350 messages of 75 KB, 2 GB, 6 servers, 3 copies of which 1 lagged 7 days.
  const s10: WorkbookInputs = { ...R, users: 15000, messagesPerDay: 350, quotaMB: 2048, copies: 3, laggedCopies: 1, lagDays: 7, serversSite1: 6, exchangeVersion: 2016, maxDatabaseGB: 2048 };
  const ms22: WorkbookInputs = { ...R, users: 5000, quotaMB: 10240, messagesPerDay: 200, copies: 4, laggedCopies: 1, lagDays: 7, serversSite1: 2, serversSite2: 2, exchangeVersion: 2016, maxDatabaseGB: 2048 };

  test("Dell's process, 1 lagged of 4 on 2 + 2 servers: live and native; the site and a server is not survivable", () => {
    const d = sizeDesign(dell);
    expect(d.scenarios.find((s) => s.scenario === "site+server")!.survivable).toBe(false);
    const model = referenceDesign({ inputs: dell });
    expect(differences(evaluateWorkbook(model), d)).toEqual([]);
    expect(differences(evaluateWorkbook(nativeModel(model)), d)).toEqual([]);
  });

  test.each([
    ["the calculator's s10 (Role Requirements!C79 120, C142 288 GB)", s10],
    ["Microsoft's method, 1 lagged of 4 on 2 + 2 servers", ms22],
  ])("%s: live (EX_MS_* with the factor laggedCopies)", (_name, inputs) => {
    const d = sizeDesign(inputs);
    const values = evaluateWorkbook(model(inputs));
    expect(differences(values, d)).toEqual([]);
    expect(errorsOf(values).slice(0, 5)).toEqual([]);
  });
  const model = (inputs: WorkbookInputs) => referenceDesign({ inputs });

  test("s10's figures are the calculator's: 120 databases, 288 GB a server (Role Requirements!C79, C142)", () => {
    const summary = evaluateWorkbook(model(s10))[sheets.summary];
    expect([summary[SUMMARY_CELLS.databaseVolumes], summary[SUMMARY_CELLS.memoryPerServerGB]]).toEqual([120, 288]);
  });

  test.each([
    ["the calculator's s10", s10],
    ["Microsoft's method, 1 lagged of 4 on 2 + 2 servers", ms22],
  ])("%s: native (the customer copy: Microsoft's method in Excel's own functions, with the lagged copies)", (_name, inputs) => {
    const d = sizeDesign(inputs);
    expect(d.method).toBe("microsoft");
    const values = evaluateWorkbook(nativeModel(model(inputs)));
    expect(differences(values, d)).toEqual([]);
    expect(errorsOf(values).slice(0, 5)).toEqual([]);
  });
});

test("the natives that now read the lagged copies stay within the customer copy's rules: no LET, LAMBDA, MOD, CEILING…, under 8,192 characters", () => {
  const cells = referenceDesign({ inputs: { ...R, copies: 4, laggedCopies: 1, serversSite1: 2, serversSite2: 2, method: "microsoft", exchangeVersion: 2016 } }).sheets.flatMap((s) => s.cells.filter((c) => c.native).map((c) => ({ at: `${s.name}!${c.address}`, native: c.native! })));
  expect(cells.filter((c) => /Lagged|lagDays|laggedCopies/i.test(c.native) || /\$L\$/.test(c.native)).length).toBeGreaterThan(0);
  expect(cells.filter((c) => /\b(LET|LAMBDA|MOD|CEILING|PERMUT|MROUND)\(/.test(c.native) || c.native.length >= 8192).map((c) => `${c.at} (${c.native.length})`)).toEqual([]);
});

interface FixtureDesign {
  name: string;
  design: { mailboxes: number; messages: number; kb: number; quota: number; sites: number[]; copies: number; lagged?: number; factors?: Record<string, number> };
  rows: { r: string; cell: string; calc: number | string }[];
}
const fixtureDesign = (name: string) => (fixture.designs as unknown as FixtureDesign[]).find((x) => x.name === name)!;
/** The Methods sheet's Microsoft figure on the row labelled `label` (column A), in column D. */
function methodsFigure(values: WorkbookValues, label: string): unknown {
  const sheet = values[sheets.methods];
  const at = Object.keys(sheet).find((a) => /^A\d+$/.test(a) && sheet[a] === label);
  if (!at) throw new Error(`no Methods row ${label}`);
  return sheet[`D${at.slice(1)}`];
}

/**
 * The calculator's own lagged designs (tests/fixtures/microsoft-calculator.json, v7.6 recalculated by
 * ../shared/ms-calc-oracle; tests/engine/size-design-lagged.test.ts): s10, 15,000 mailboxes on 6 servers,
 * 3 copies of which 1 lagged 7 days; s39, 9,000 mailboxes on 4 servers, 4 copies of which 2 lagged 5 days.
 * The customer copy (natives only) shows the calculator's figures, cell for cell.
 */
describe.each(["s10", "s39-lag-raid"])("the customer copy of the calculator's lagged design %s", (name) => {
  const x = fixtureDesign(name);
  const g = x.design;
  const inputs: WorkbookInputs = {
    ...R, users: g.mailboxes, messagesPerDay: g.messages, messageKB: g.kb, quotaMB: g.quota, copies: g.copies, laggedCopies: g.lagged ?? 0, lagDays: g.factors?.lagDays ?? 7,
    serversSite1: g.sites[0], serversSite2: g.sites[1] ?? "", exchangeVersion: 2016, maxDatabaseGB: 2048, method: "microsoft",
  };
  const calc = (cell: string) => x.rows.find((r) => r.cell === cell)!.calc as number;
  let values: WorkbookValues;
  beforeAll(() => (values = evaluateWorkbook(nativeModel(referenceDesign({ inputs })))), 5 * WORKBOOK_MS);
  test.each([
    ["Role Requirements!C79", "databases", () => values[sheets.summary][SUMMARY_CELLS.databaseVolumes]],
    ["Role Requirements!C102", "copies a server", () => methodsFigure(values, "Database copies per server")],
    ["Role Requirements!C103", "active databases, worst failure", () => methodsFigure(values, "Active databases on the busiest server, worst failure")],
    ["Role Requirements!C142", "memory a server", () => values[sheets.summary][SUMMARY_CELLS.memoryPerServerGB]],
  ] as const)("%s (%s)", (cell, _what, got) => {
    expect(got()).toBe(calc(cell));
  });
  test("Role Requirements!E281 (the DAG's database IOPS, every copy)", () => expect(values[sheets.summary][SUMMARY_CELLS.dagDatabaseIops] as number).toBeCloseTo(calc("Role Requirements!E281"), 9));
});

test("random Microsoft-method designs with 0-2 lagged copies: live and native show sizeDesign's figures", () => {
  let lagged = 0;
  const design = fc
    .record({
      users: fc.integer({ min: 500, max: 40_000 }),
      quotaMB: fc.integer({ min: 500, max: 20_000 }),
      messagesPerDay: fc.integer({ min: 50, max: 500 }),
      exchangeVersion: fc.constantFrom(2013, 2016, 2019),
      serversSite1: fc.integer({ min: 2, max: 6 }),
      serversSite2: fc.oneof(fc.constant("" as const), fc.integer({ min: 1, max: 6 })),
      copies: fc.integer({ min: 2, max: 5 }),
      // Lagged more often than not: a JBOD design (3 or more copies, counted from the disk) is refused more often.
      laggedCopies: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2 }), fc.integer({ min: 1, max: 2 })),
      lagDays: fc.constantFrom(1, 3.5, 7, 14),
      dagLayout: fc.constantFrom("active/active", "active/passive"),
    })
    .map((r): WorkbookInputs => ({ ...R, ...r, laggedCopies: Math.min(r.laggedCopies, r.copies - 2), method: "microsoft", maxDatabaseGB: 2048 }))
    .filter((i) => {
      try {
        return sizeDesign(i).method === "microsoft";
      } catch {
        return false;
      }
    });
  fc.assert(
    fc.property(design, (inputs) => {
      if ((inputs.laggedCopies ?? 0) > 0) lagged++;
      const d = sizeDesign(inputs);
      const m = referenceDesign({ inputs });
      expect(differences(evaluateWorkbook(m), d)).toEqual([]);
      expect(differences(evaluateWorkbook(nativeModel(m)), d)).toEqual([]);
    }),
    // One lagged design first (fast-check runs the examples within numRuns): six draws met none.
    { numRuns: Number(process.env.RUNS ?? 6), examples: [[{ ...R, users: 5000, quotaMB: 2048, copies: 4, laggedCopies: 1, lagDays: 7, serversSite1: 4, exchangeVersion: 2016, method: "microsoft", maxDatabaseGB: 2048 } as WorkbookInputs]] },
  );
  expect(lagged).toBeGreaterThan(0);
});

const lagged: fc.Arbitrary<WorkbookInputs> = fc
  .record({
    users: fc.integer({ min: 100, max: 50_000 }),
    copies: fc.integer({ min: 1, max: 6 }),
    laggedCopies: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4 })),
    lagDays: fc.constantFrom(1, 3.5, 7, 14),
    exchangeVersion: fc.constantFrom(2010, 2016, 2019),
    method: fc.constantFrom("auto", "dell", "microsoft"),
    serversSite1: fc.integer({ min: 1, max: 6 }),
    serversSite2: fc.oneof(fc.constant("" as const), fc.integer({ min: 1, max: 6 })),
    dagLayout: fc.constantFrom("active/active", "active/passive"),
  })
  .map((r) => ({ ...R, maxDatabaseGB: 2048, quotaMB: 4096, ...r }) as WorkbookInputs);

async function cli(inputs: WorkbookInputs): Promise<number> {
  const args = [
    ["--users", inputs.users], ["--quota-mb", inputs.quotaMB], ["--copies", inputs.copies], ["--lagged", inputs.laggedCopies!], ["--lag-days", inputs.lagDays!],
    ["--max-database-gb", inputs.maxDatabaseGB], ["--exchange-version", inputs.exchangeVersion], ["--method", inputs.method],
    ["--servers-site1", inputs.serversSite1], ["--layout", inputs.dagLayout], ...(inputs.serversSite2 === "" ? [] : [["--servers-site2", inputs.serversSite2]]),
  ].flatMap(([flag, value]) => [String(flag), String(value)]);
  return runDesign([...args, "--json"], { stdout: () => undefined, stderr: () => undefined });
}

test("the Design check, designProblems and exsize design --lagged accept and refuse the same lagged designs", async () => {
  const seen = { accepted: 0, refusedForLag: 0 };
  await fc.assert(
    fc.asyncProperty(lagged, async (inputs) => {
      const problems = designProblems(inputs);
      const cell = evaluateWorkbook(withoutDistribution(referenceDesign({ inputs })))[sheets.inputs][DESIGN_CHECK_CELL.inputs];
      const code = await cli(inputs);
      expect({ cell, code }).toEqual(problems.length === 0 ? { cell: designCheckText(inputs), code: 0 } : { cell: problems[0].summary, code: 1 });
      if (problems.length === 0) seen.accepted++;
      else if (problems[0].inputs.includes("LaggedCopies")) seen.refusedForLag++;
    }),
    // Three of each kind first (fast-check runs the examples within numRuns), so the counts below never rest on the draw.
    {
      numRuns: Number(process.env.RUNS ?? 30),
      examples: [
        ...[1, 2, 3].map((lag) => [{ ...R, maxDatabaseGB: 2048, quotaMB: 4096, users: 5000, copies: lag + 2, laggedCopies: lag, serversSite1: lag + 2, exchangeVersion: 2016, method: "microsoft" } as WorkbookInputs] as [WorkbookInputs]),
        ...[2, 3, 4].map((lag) => [{ ...R, maxDatabaseGB: 2048, quotaMB: 4096, users: 5000, copies: lag + 1, laggedCopies: lag, serversSite1: lag + 1, exchangeVersion: 2019 } as WorkbookInputs] as [WorkbookInputs]),
      ],
    },
  );
  expect(seen.accepted).toBeGreaterThan(2);
  expect(seen.refusedForLag).toBeGreaterThan(2);
});

test("the Design check names the rule: 2 lagged of 3 copies", () => {
  const inputs = { ...R, copies: 3, laggedCopies: 2, serversSite1: 3 };
  expect(designProblems(inputs)[0].message).toBe("laggedCopies and copies: 3 copies keep at most 1 lagged, so that two copies can be activated when a server fails; got 2 — give more copies or fewer lagged");
  const cell = evaluateWorkbook(withoutDistribution(referenceDesign({ inputs })))[sheets.inputs][DESIGN_CHECK_CELL.inputs];
  expect(cell).toBe(designProblems(inputs)[0].summary);
});

describe("exsize export writes each lagged copy with the design's replay lag", () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-lag-"))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("--lagged 1 --lag-days 3.5 of 4 copies on 2 + 2 servers: -ReplayLagTime '3.12:00:00' on every preference-4 copy, the others 0", async () => {
    const err: string[] = [];
    const code = await runExport(["--out", dir, "--users", "5000", "--copies", "4", "--lagged", "1", "--lag-days", "3.5", "--servers-site1", "2", "--servers-site2", "2"], { stdout: () => undefined, stderr: (l) => err.push(l) });
    expect([code, err]).toEqual([0, []]);
    const d = sizeDesign({ ...R, users: 5000, copies: 4, laggedCopies: 1, lagDays: 3.5, serversSite1: 2, serversSite2: 2 });
    const script = fs.readFileSync(path.join(dir, "Deploy-Dag.ps1"), "utf8");
    const copies = scriptDatabases(script).flatMap((db) => db.copies);
    expect(copies).toHaveLength(d.databases * 3);
    expect(scriptSetting(script, "ReplayLagTime")).toBe("3.12:00:00");
    const lagged = copies.filter((c) => c.lagged);
    expect(lagged).toHaveLength(d.databases);
    for (const c of lagged) expect(c.preference).toBe(4);
    const csv = fs.readFileSync(path.join(dir, "MailboxDatabaseCopies.csv"), "utf8");
    expect(csv.split("\r\n").filter((l) => l.includes('"3.12:00:00"'))).toHaveLength(d.databases);
  });

  test("no lagged copy: no replay lag anywhere", async () => {
    const code = await runExport(["--out", dir, "--force", "--users", "5000", "--copies", "4", "--servers-site1", "2", "--servers-site2", "2"], { stdout: () => undefined, stderr: () => undefined });
    expect(code).toBe(0);
    expect(scriptDatabases(fs.readFileSync(path.join(dir, "Deploy-Dag.ps1"), "utf8")).flatMap((db) => db.copies.filter((c) => c.lagged))).toEqual([]);
  });
});
