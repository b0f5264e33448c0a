/**
 * The Distribution sheet on a small model: an Inputs stub with the defined names, a
 * "Databases in the DAG" cell holding balancedDatabasesFormula (as the template's Resilience sheet
 * will), and the sheet. Its grid is EX_LAYOUT's, cell for cell; its scenario table is EX_FAILOVER's
 * busiest server and the engine's activation of the worst failure, server by server — for the
 * papers' designs and for random ones, with our evaluator, and for a sample with HyperFormula.
 */
import fc from "fast-check";
import { DetailedCellError, HyperFormula } from "hyperformula";
import {
  activate,
  activeMailboxes,
  balancedDatabaseCount,
  balancedDatabasesFormula,
  copyLayout,
  failoverLoad,
  SizingError,
  validateLayoutDesign,
  type DagLayout,
  type FailureScenario,
} from "../../src/engine";
import { parseFormula } from "../../src/formula";
import { EX_FAILOVER, EX_LAYOUT } from "../../src/functions/worksheet";
import { evaluateWorkbook, parseA1, parseRange, toA1, type EvaluatedValue } from "../../src/workbook/evaluate";
import type { WorkbookModel } from "../../src/workbook/model";
import {
  DOWN,
  LOST,
  NOT_SURVIVABLE,
  distributionLayout,
  distributionPreferenceHighlights,
  distributionSheet,
  type DistributionSheetParameters,
} from "../../src/workbook/sheets/distribution";
import { WORKBOOK_MS } from "../support/timeouts";

// Evaluates the Distribution sheet for many designs: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

interface Design {
  users: number;
  serversFirstSite: number;
  /** null: one site. */
  serversSecondSite: number | null;
  copies: number;
  layout: DagLayout;
  /** The design's own database count, before balancing. */
  minimumDatabases: number;
  lagged?: number;
  /** Deploy minimumDatabases as it is, not balanced (Microsoft's method deploys the calculator's own count). */
  asIs?: boolean;
}

const INPUT_NAMES = ["Users", "ServersFirstSite", "ServersSecondSite", "Copies", "DagLayout", "Lagged", "MinimumDatabases"] as const;
/** Where the template will put it: a cell on another sheet, passed as an absolute reference. */
const DATABASES_CELL = "Resilience!$C$12";

function parameters(rows: number, lagged = true): DistributionSheetParameters {
  return {
    names: { users: "Users", serversFirstSite: "ServersFirstSite", serversSecondSite: "ServersSecondSite", copies: "Copies", dagLayout: "DagLayout", ...(lagged ? { lagged: "Lagged" } : {}) },
    databases: DATABASES_CELL,
    rows,
  };
}

function model(d: Design, rows: number, lagged = true): WorkbookModel {
  const values = [d.users, d.serversFirstSite, d.serversSecondSite, d.copies, d.layout, d.lagged ?? 0, d.minimumDatabases];
  const balanced = balancedDatabasesFormula("MinimumDatabases", { serversFirstSite: "ServersFirstSite", serversSecondSite: "ServersSecondSite", copies: "Copies", layout: "DagLayout", lagged: "Lagged" });
  // As is: the count where the design can exist (the balanced count's cell says whether), beside it.
  const count = d.asIs ? "IF(ISNUMBER(Resilience!$C$13),MinimumDatabases,Resilience!$C$13)" : balanced;
  return {
    sheets: [
      { name: "Inputs", cells: values.flatMap((v, r) => (v === null ? [] : [{ address: `B${r + 1}`, value: v }])) },
      { name: "Resilience", cells: [{ address: "C12", formula: `=${count}` }, { address: "C13", formula: `=${balanced}` }] },
      distributionSheet(parameters(rows, lagged)),
    ],
    names: INPUT_NAMES.map((name, r) => ({ name, sheet: "Inputs", range: `$B$${r + 1}` })),
    charts: [],
  };
}

const serversOf = (d: Design) => (d.serversSecondSite === null ? [d.serversFirstSite] : [d.serversFirstSite, d.serversSecondSite]);
const shapeOf = (d: Design) => ({ serversPerSite: serversOf(d), copies: d.copies, layout: d.layout, laggedCopies: d.lagged ?? 0 });
const serversArgument = (d: Design) => [[d.serversFirstSite], [d.serversSecondSite]];
const show = (v: EvaluatedValue) => (v instanceof SizingError ? `${v.code} ${v.message}` : JSON.stringify(v));
const SCENARIOS: FailureScenario[] = ["normal", "server", "site", "site+server"];

/** What the sheet shows, read by its layout. */
function read(d: Design, rows: number, values: Record<string, EvaluatedValue>) {
  const L = distributionLayout(rows);
  const at = (column: string, row: number) => values[`${column}${row}`];
  const grid = Array.from({ length: rows }, (_, i) => [at("A", L.firstRow + i), ...Array.from({ length: L.servers }, (_, s) => at(L.serverColumn(s), L.firstRow + i))]);
  const header = [at("A", L.headerRow), ...Array.from({ length: L.servers }, (_, s) => at(L.serverColumn(s), L.headerRow))];
  const sites = Array.from({ length: L.servers }, (_, s) => at(L.serverColumn(s), L.siteRow));
  const table = Object.fromEntries(
    SCENARIOS.map((scenario) => {
      const r = L.scenarioRows[scenario];
      const perServer = (row: number) => Array.from({ length: L.servers }, (_, s) => at(L.serverColumn(s), row));
      return [
        scenario,
        {
          down: r.down === undefined ? undefined : perServer(r.down),
          databases: perServer(r.databases),
          mailboxes: perServer(r.mailboxes),
          busiestDatabases: at(L.table.busiest, r.databases),
          busiestMailboxes: at(L.table.busiest, r.mailboxes),
          running: at(L.table.running, r.databases),
        },
      ];
    }),
  ) as Record<FailureScenario, { down?: EvaluatedValue[]; databases: EvaluatedValue[]; mailboxes: EvaluatedValue[]; busiestDatabases: EvaluatedValue; busiestMailboxes: EvaluatedValue; running: EvaluatedValue }>;
  return { L, grid, header, sites, table, status: values[L.statusCell], databases: d };
}

/**
 * Every check the sheet must pass for a design that can exist: the grid is EX_LAYOUT's; each row
 * holds preferences 1..copies once each; the busiest server is EX_FAILOVER's; each server's load
 * is the engine's activation of the worst failure (the same failure worstCase picks).
 */
function checkDesign(d: Design, rows: number): ReturnType<typeof read> {
  const values = evaluateWorkbook(model(d, rows)).Distribution;
  const sheet = read(d, rows, values);
  const databases = d.asIs ? d.minimumDatabases : balancedDatabaseCount(d.minimumDatabases, shapeOf(d));
  const total = serversOf(d).reduce((a, b) => a + b, 0);
  const layout = EX_LAYOUT(d.users, serversArgument(d), d.copies, d.layout, databases, d.lagged ?? 0);
  if (layout instanceof SizingError) throw layout;
  const blank = (n: number) => Array<string>(n).fill("");

  // The grid: EX_LAYOUT's header and rows, blank beyond the DAG's servers and databases.
  expect(sheet.header).toEqual([...layout[0], ...blank(sheet.L.servers - total)]);
  expect(sheet.sites).toEqual([...serversOf(d).flatMap((n, t) => Array<string>(n).fill(`Site ${t + 1}`)), ...blank(sheet.L.servers - total)]);
  for (let i = 0; i < rows; i++) {
    const expected = i < databases ? [...layout[i + 1], ...blank(sheet.L.servers - total)] : blank(sheet.L.servers + 1);
    if (JSON.stringify(sheet.grid[i]) !== JSON.stringify(expected)) throw new Error(`row ${i + 1}: ${sheet.grid[i].map(show).join(",")} ≠ ${expected.join(",")}`);
    if (i < databases) {
      const preferences = sheet.grid[i].slice(1).filter((v) => v !== "");
      expect([...preferences].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: d.copies }, (_, k) => k + 1));
    }
  }

  // The scenario table.
  const copies = copyLayout({ ...shapeOf(d), databases });
  for (const scenario of SCENARIOS) {
    const row = sheet.table[scenario];
    const figure = (result: string) => {
      // A site's failure in one site cannot occur: a dash, its label says "does not apply (one site)".
      if ((scenario === "site" || scenario === "site+server") && !(typeof d.serversSecondSite === "number")) return "—";
      const v = EX_FAILOVER(d.users, serversArgument(d), d.copies, scenario, d.layout, null, result, databases, d.lagged ?? 0);
      return v instanceof SizingError ? NOT_SURVIVABLE : v;
    };
    expect([scenario, row.busiestDatabases, row.busiestMailboxes, row.running]).toEqual([scenario, figure("databases"), figure("mailboxes"), figure("servers")]);
    let outcome;
    try {
      outcome = failoverLoad({ ...shapeOf(d), users: d.users, databases }, scenario).outcome;
    } catch {
      expect(row.databases).toEqual(blank(sheet.L.servers));
      expect(row.mailboxes).toEqual(blank(sheet.L.servers));
      continue;
    }
    const failed = new Set(outcome.activation.failed);
    const activation = activate(copies, failed);
    const shown = databases <= rows || scenario === "normal";
    const expectedDatabases = Array.from({ length: sheet.L.servers }, (_, s) => (s >= total ? "" : failed.has(s) ? "—" : shown ? activation.activeDatabases[s] : ""));
    const expectedMailboxes = expectedDatabases.map((v) => (typeof v === "number" ? activeMailboxes(v, d.users, databases) : v));
    expect([scenario, row.databases]).toEqual([scenario, expectedDatabases]);
    expect([scenario, row.mailboxes]).toEqual([scenario, expectedMailboxes]);
    if (row.down) expect([scenario, row.down]).toEqual([scenario, Array.from({ length: sheet.L.servers }, (_, s) => (s < total && failed.has(s) ? DOWN : ""))]);
    if (shown) expect(Math.max(...expectedDatabases.filter((v): v is number => typeof v === "number"))).toBe(row.busiestDatabases);
  }
  expect(typeof sheet.status === "string" && sheet.status.startsWith(`${databases} databases`)).toBe(true);
  return sheet;
}

/** A design the layout refuses (EX_LAYOUT's #VALUE!): every grid and table cell blank, the status saying why. */
function checkInvalid(d: Design, rows: number): void {
  expect(EX_LAYOUT(d.users, serversArgument(d), d.copies, d.layout, 12, d.lagged ?? 0)).toBeInstanceOf(SizingError);
  const sheet = read(d, rows, evaluateWorkbook(model(d, rows)).Distribution);
  expect(sheet.grid.flat().every((v) => v === "")).toBe(true);
  expect(SCENARIOS.flatMap((s) => [...sheet.table[s].databases, ...sheet.table[s].mailboxes, sheet.table[s].busiestDatabases]).every((v) => v === "")).toBe(true);
  expect(sheet.status).toMatch(/cannot lay out its copies/);
}

describe("the papers' designs", () => {
  test("004: 8 + 8 servers, 4 copies, 7,600 mailboxes in 336 databases — 21 / 24 / 42 / 48 active databases, 475 / 543 / 950 / 1,086 mailboxes", () => {
    // 004_1d3a339e6fd03f64.txt, section 4.1 and its activation table (Figures 3–5).
    const d: Design = { users: 7600, serversFirstSite: 8, serversSecondSite: 8, copies: 4, layout: "active/active", minimumDatabases: 336 };
    const sheet = checkDesign(d, 336);
    expect(SCENARIOS.map((s) => sheet.table[s].busiestDatabases)).toEqual([21, 24, 42, 48]);
    expect(SCENARIOS.map((s) => sheet.table[s].busiestMailboxes)).toEqual([475, 543, 950, 1086]);
    expect(sheet.table.normal.databases).toEqual(Array(16).fill(21)); // 21 active databases on every server in normal running
    expect(sheet.grid[0]).toEqual(["DB001", 1, 2, "", "", "", "", "", "", 3, 4, "", "", "", "", "", ""]);
  }, WORKBOOK_MS);

  test("002: 6 + 3 servers, 3 copies, active/passive, 12,500 mailboxes in 30 databases — 2,084 normal, 4,167 after a site (erratum E6)", () => {
    // 002_65f0dd5fd4776492.txt, 4.1.
    const d: Design = { users: 12500, serversFirstSite: 6, serversSecondSite: 3, copies: 3, layout: "active/passive", minimumDatabases: 29 };
    const sheet = checkDesign(d, 40);
    expect(sheet.table.normal.busiestMailboxes).toBe(2084); // @erratum E6
    expect(sheet.table.site.busiestMailboxes).toBe(4167); // @erratum E6: the paper prints 4,166
    expect(sheet.table["site+server"].busiestMailboxes).toBe(NOT_SURVIVABLE);
    expect(sheet.table.normal.databases).toEqual([5, 5, 5, 5, 5, 5, 0, 0, 0, ...Array(7).fill("")]); // the second site is passive
    expect(sheet.grid[30]).toEqual(Array(17).fill("")); // rows beyond the DAG's 30 databases are blank
  }, WORKBOOK_MS);

  test("000: one site of 2 servers, 2 copies, 5,000 users in 12 databases — 6 active each, 12 (5,000 mailboxes) on the survivor", () => {
    // 000_72e1ddb9bbd1ecac.txt, 3.4.2.
    const d: Design = { users: 5000, serversFirstSite: 2, serversSecondSite: null, copies: 2, layout: "active/active", minimumDatabases: 12 };
    const sheet = checkDesign(d, 12);
    expect(sheet.table.normal.databases.slice(0, 3)).toEqual([6, 6, ""]);
    expect(sheet.table.server.databases.slice(0, 2)).toEqual(["—", 12]);
    expect(sheet.table.server.mailboxes.slice(0, 2)).toEqual(["—", 5000]);
    expect(sheet.table.site.busiestDatabases).toBe("—"); // one site cannot lose a site: the scenario does not apply, its label says so
    expect(sheet.sites.slice(0, 3)).toEqual(["Site 1", "Site 1", ""]);
  });
});

describe("random designs", () => {
  const design = fc
    .record({
      users: fc.integer({ min: 1, max: 200_000 }),
      serversFirstSite: fc.integer({ min: 1, max: 12 }),
      serversSecondSite: fc.option(fc.integer({ min: 1, max: 8 }), { nil: null }),
      copies: fc.integer({ min: 1, max: 6 }),
      lagged: fc.integer({ min: 0, max: 2 }),
      layout: fc.constantFrom<DagLayout>("active/active", "active/passive"),
      minimumDatabases: fc.integer({ min: 1, max: 60 }),
      asIs: fc.boolean(),
    })
    .filter((d) => d.serversFirstSite + (d.serversSecondSite ?? 0) <= 16 && d.lagged < d.copies);

  test("the grid is EX_LAYOUT's, each row holds preferences 1..copies once, the table is EX_FAILOVER's and the engine's activation", () => {
    let checked = 0;
    fc.assert(
      fc.property(design, (d) => {
        try {
          validateLayoutDesign({ ...shapeOf(d), databases: 1 });
        } catch {
          checkInvalid(d, 4);
          return;
        }
        const databases = d.asIs ? d.minimumDatabases : balancedDatabaseCount(d.minimumDatabases, shapeOf(d));
        if (databases > 60) return; // the evaluator's time; 004's 336 rows are checked above
        checkDesign(d, databases + 2);
        checked++;
      }),
      // A fixed seed: the check below counts how many random designs were valid, which must not vary by run.
      { numRuns: 60, seed: 20261123 },
    );
    expect(checked).toBeGreaterThan(15);
  }, WORKBOOK_MS);

  test("a DAG of more databases than the grid's rows: the grid shows the first, normal running and the busiest server stay exact, failures per server are left blank", () => {
    const d: Design = { users: 7600, serversFirstSite: 8, serversSecondSite: 8, copies: 4, layout: "active/active", minimumDatabases: 336 };
    checkDesign(d, 40);
    const values = evaluateWorkbook(model(d, 40)).Distribution;
    expect(values[distributionLayout(40).statusCell]).toMatch(/^336 databases.*the grid shows the first 40/);
  }, WORKBOOK_MS);

  test("a count that is not balanced lumps, and the sheet shows the exact busiest server: 60 databases on 4 + 4, 4 copies", () => {
    // 10,000 mailboxes : the closed forms' even spread would be 3,334 on the busiest server.
    const d: Design = { users: 10_000, serversFirstSite: 4, serversSecondSite: 4, copies: 4, layout: "active/active", minimumDatabases: 60, asIs: true };
    const sheet = checkDesign(d, 62);
    expect(sheet.table.server.busiestDatabases).toBeGreaterThan(8 + 8 / 3);
  }, WORKBOOK_MS);

  test("a design that cannot exist: blank grid and table, and the status says why", () => {
    checkInvalid({ users: 5000, serversFirstSite: 2, serversSecondSite: null, copies: 3, layout: "active/active", minimumDatabases: 12 }, 12);
    checkInvalid({ users: 5000, serversFirstSite: 3, serversSecondSite: 1, copies: 4, layout: "active/active", minimumDatabases: 12 }, 12);
  });

  test("without a Lagged name the sheet reads no lagged copies", () => {
    const d: Design = { users: 12500, serversFirstSite: 6, serversSecondSite: 3, copies: 3, layout: "active/passive", minimumDatabases: 29 };
    const withName = evaluateWorkbook(model(d, 30)).Distribution;
    const without = evaluateWorkbook(model(d, 30, false)).Distribution;
    expect(without).toEqual(withName);
  }, WORKBOOK_MS);
});

describe("the sheet as the template will hold it: 200 rows, 16 server columns", () => {
  const sheet = distributionSheet(parameters(200, false));
  const L = distributionLayout(200);
  /** The functions a formula calls: names before "(" outside its text literals. */
  const functionsOf = (formula: string) => [...formula.replace(/"(?:[^"]|"")*"/g, '""').matchAll(/([A-Z][A-Z0-9_.]*)\(/gi)].map((m) => m[1].toUpperCase());
  const PORTABLE = new Set(["ABS", "AND", "FALSE", "TRUE", "IF", "IFERROR", "INDEX", "ISNUMBER", "MATCH", "MAX", "MIN", "NA", "NOT", "OR", "ROUND", "ROUNDDOWN", "ROUNDUP", "SUM", "VLOOKUP", "LEN", "COUNT", "COUNTIF", "COUNTIFS"]);

  test("fewer than 12,000 cells, every formula under Excel's 8,192 characters, under 8,000 characters of formulas a database row", () => {
    // 11,271 since the exact loads (four helpers a database, a row of loads for each candidate failure).
    expect(sheet.cells.length).toBeLessThan(12_000);
    expect(Math.max(...sheet.cells.map((c) => c.formula?.length ?? 0))).toBeLessThan(8192);
    // layoutPreferenceFormula in every grid cell wrote some 46,000 characters a row (9.2 MB at 200 rows);
    // the helper cells (the rank grid, each site's helpers) write no long sub-expression twice.
    const text = sheet.cells.reduce((sum, c) => sum + (c.formula?.length ?? 0), 0);
    expect(text).toBeLessThan(200 * 8000);
    for (const column of [L.serverColumn(0), L.rankColumn(0)]) expect(sheet.cells.find((c) => c.address === `${column}${L.firstRow}`)!.formula!.length).toBeLessThan(200);
  });

  test("every formula is plain: no EXSIZE function (so no native rendering is needed), only portable functions, no LET, LAMBDA, MOD or capital exponent", () => {
    const used = new Set<string>();
    // The cells that break a rule, each with its formula: one assertion (one a cell made jest's matcher the test's cost).
    const unportable = /EXSIZE\.|\b(LET|LAMBDA|MOD|TEXT|REPT|SUMPRODUCT)\(|\dE[+-]?\d|[^A-Z_](TRUE|FALSE)[^A-Z_(]/;
    const broken: string[] = [];
    for (const c of sheet.cells.filter((x) => x.formula !== undefined)) {
      if (c.native !== undefined) broken.push(`${c.address} has a native rendering`);
      if (unportable.test(c.formula!)) broken.push(`${c.address}: ${c.formula}`);
      parseFormula(c.formula!);
      for (const f of functionsOf(c.formula!)) used.add(f);
    }
    expect(broken).toEqual([]);
    expect([...used].filter((f) => !PORTABLE.has(f))).toEqual([]);
  });

  test("one row per database, one column per server, the helper columns labelled, the scenario table below the grid", () => {
    const addresses = new Set(sheet.cells.map((c) => c.address));
    for (let r = L.firstRow; r <= L.lastRow; r++) for (const column of ["A", L.serverColumn(0), L.serverColumn(15), ...Object.values(L.helper)]) expect(addresses.has(`${column}${r}`)).toBe(true);
    const heading = (address: string) => sheet.cells.find((c) => c.address === address)?.value;
    for (let r = L.firstRow; r <= L.lastRow; r++) for (let s = 0; s < L.servers; s++) expect(addresses.has(`${L.rankColumn(s)}${r}`)).toBe(true);
    for (const column of [...Object.values(L.helper), ...Array.from({ length: L.servers }, (_, s) => L.rankColumn(s))]) expect(String(heading(`${column}${L.headerRow}`))).toMatch(/^Helper: /);
    for (const row of [L.serverRows.inFirstSite, L.serverRows.siteServers, ...Object.values(L.penaltyRows)]) {
      expect(String(heading(`A${row}`))).toMatch(/^Helper: /);
      for (let s = 0; s < L.servers; s++) expect(addresses.has(`${L.serverColumn(s)}${row}`)).toBe(true);
    }
    expect(L.tableHeader).toBeGreaterThan(L.lastRow);
    expect(Math.max(...sheet.cells.map((c) => parseA1(c.address).column))).toBe(parseA1(`${L.lastColumn}1`).column);
  });

  test("prints one page wide and as many tall as its rows take, the server names on every page, no helper cell", () => {
    // The note takes three lines (one ran off the page); 200 rows print on as many pages as they take, every database whole.
    expect(sheet.print).toEqual({ orientation: "landscape", fitToPagesTall: 0, titleRows: `${L.siteRow}:${L.headerRow}`, area: `A1:${L.table.running}${L.lastPrintedRow}` });
    expect(L.lastPrintedRow).toBe(L.noteRow + 2);
    const area = parseRange(L.printArea);
    const printed = (address: string) => {
      const { row, column } = parseA1(address);
      return row >= area.top && row <= area.bottom && column >= area.left && column <= area.right;
    };
    // Every helper (labelled "Helper: …", the design's mirrors, the per-database helpers, the rank grid, the per-server rows) lies outside.
    const helperColumns = new Set([...Object.values(L.helper), ...Array.from({ length: L.servers }, (_, s) => L.rankColumn(s))]);
    const helpers = sheet.cells.filter((c) => /^Helper/.test(String(c.value ?? "")) || helperColumns.has(c.address.replace(/\d+$/, "")) || parseA1(c.address).row > L.lastPrintedRow);
    expect(helpers.length).toBeGreaterThan(L.rows * (L.servers + 10));
    expect(helpers.filter((c) => printed(c.address)).map((c) => c.address)).toEqual([]);
    // Everything a reader needs prints: the grid, the table, the notes.
    for (const address of ["A1", L.statusCell, `${L.serverColumn(15)}${L.lastRow}`, `${L.table.running}${L.scenarioRows["site+server"].databases}`, `A${L.noteRow}`, `A${L.lastPrintedRow}`]) expect(printed(address)).toBe(true);
    expect(sheet.frozenRows).toBe(L.headerRow);
    expect(sheet.columnWidths).toHaveLength(parseA1(`${L.lastColumn}1`).column + 1);
  });

  test("colour by preference: the proposed value highlights cover the grid for preferences 1 to 4", () => {
    expect(distributionPreferenceHighlights({ rows: 200 })).toEqual([1, 2, 3, 4].map((equals) => ({ range: `B6:Q205`, equals, tone: `preference${equals}` })));
    expect(sheet.highlights?.filter((h) => "text" in h).map((h) => ("text" in h ? h.text : ""))).toEqual([NOT_SURVIVABLE, DOWN]);
    expect(LOST).toBe("lost");
  });
});

describe("HyperFormula computes the same sheet", () => {
  /** The model's cells into HyperFormula sheets, the names as named expressions; every Distribution cell compared. */
  function hyperFormula(m: WorkbookModel) {
    const hf = HyperFormula.buildEmpty({ licenseKey: "gpl-v3", smartRounding: false });
    for (const s of m.sheets) hf.addSheet(s.name);
    for (const n of m.names) hf.addNamedExpression(n.name, `=${n.sheet}!${n.range}`);
    for (const s of m.sheets) {
      const id = hf.getSheetId(s.name)!;
      hf.batch(() => {
        for (const c of s.cells) {
          const { row, column } = parseA1(c.address);
          hf.setCellContents({ sheet: id, row, col: column }, c.formula ?? c.value ?? null);
        }
      });
    }
    return hf;
  }

  test.each<[string, Design, number]>([
    ["002 (6 + 3, active/passive)", { users: 12500, serversFirstSite: 6, serversSecondSite: 3, copies: 3, layout: "active/passive", minimumDatabases: 29 }, 32],
    ["5 + 3, 3 copies, one lagged", { users: 3000, serversFirstSite: 5, serversSecondSite: 3, copies: 3, layout: "active/active", minimumDatabases: 20, lagged: 1 }, 130],
    ["one site of 4, 2 copies", { users: 4000, serversFirstSite: 4, serversSecondSite: null, copies: 2, layout: "active/active", minimumDatabases: 10 }, 14],
  ])("%s", (_, d, rows) => {
    const m = model(d, rows);
    const ours = evaluateWorkbook(m).Distribution;
    const hf = hyperFormula(m);
    try {
      const id = hf.getSheetId("Distribution")!;
      const differences: string[] = [];
      for (const [address, value] of Object.entries(ours)) {
        const { row, column } = parseA1(address);
        const theirs = hf.getCellValue({ sheet: id, row, col: column });
        const same =
          value instanceof SizingError
            ? theirs instanceof DetailedCellError && theirs.value === value.code
            : typeof value === "number"
              ? typeof theirs === "number" && Math.abs(theirs - value) <= 1e-9 * Math.max(1, Math.abs(value))
              : (theirs ?? null) === value || (value === null && theirs === "");
        if (!same) differences.push(`${toA1(row, column)}: ours ${show(value)}, HyperFormula ${JSON.stringify(theirs)}`);
      }
      expect(differences.slice(0, 10)).toEqual([]);
    } finally {
      hf.destroy();
    }
  }, WORKBOOK_MS);
});
