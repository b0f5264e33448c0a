/**
 * The Methods sheet (issue 10) on a small model: an Inputs stub with the defined names, a Design stub
 * with the papers' figures, and the sheet. Its Microsoft column computes the calculator's numbers, and
 * its native renderings (the customer copy) compute what its EX_MS_* formulas compute, cell for cell,
 * for the reference design and for random designs.
 */
import fc from "fast-check";
import { SizingError } from "../../src/engine";
import { evaluateWorkbook, nativeModel, withCellValues, type EvaluatedValue } from "../../src/workbook/evaluate";
import type { WorkbookModel } from "../../src/workbook/model";
import { METHODS_INPUTS, methodsRows, methodsSheet, type DesignKey, type MethodsNames, type MethodsSheetParameters } from "../../src/workbook/sheets/methods";

const INPUTS: { name: keyof MethodsNames; defined: string; value: number }[] = [
  { name: "users", defined: "Users", value: 5000 },
  { name: "quotaMB", defined: "QuotaMB", value: 2048 },
  { name: "messagesPerDay", defined: "MessagesPerDay", value: 150 },
  { name: "messageKB", defined: "MessageKB", value: 75 },
  { name: "copies", defined: "Copies", value: 2 },
  { name: "serversFirstSite", defined: "ServersFirstSite", value: 2 },
  { name: "serversSecondSite", defined: "ServersSecondSite", value: 0 },
  ...METHODS_INPUTS.map((i) => ({ name: i.key, defined: i.name, value: i.default })),
];
const DESIGN: Partial<Record<DesignKey, number>> = { mailboxMB: 2356.15, logsPerUser: 30, iopsPerUser: 0.18, emcIopsPerUser: 0.18, databases: 12, databaseGB: 958.72, databaseIops: 900, dagIops: 1800, logIops: 378, serverMemoryGB: 28, serverCores: 4 };
const designKeys = Object.keys(DESIGN) as DesignKey[];

function parameters(): MethodsSheetParameters {
  const names = Object.fromEntries(INPUTS.map((i) => [i.name, i.defined])) as unknown as MethodsNames;
  return { names, design: (key) => (key in DESIGN ? `Design!$B$${designKeys.indexOf(key) + 1}` : undefined) };
}

function model(values: Partial<Record<keyof MethodsNames, number>> = {}): WorkbookModel {
  return {
    sheets: [
      { name: "Inputs", cells: INPUTS.map((i, r) => ({ address: `B${r + 1}`, value: values[i.name] ?? i.value })) },
      { name: "Design", cells: designKeys.map((k, r) => ({ address: `B${r + 1}`, value: DESIGN[k] as number })) },
      methodsSheet(parameters()),
    ],
    names: INPUTS.map((i, r) => ({ name: i.defined, sheet: "Inputs", range: `$B$${r + 1}` })),
    charts: [],
  };
}

const callsExsize = (formula: string | undefined) => formula !== undefined && /EXSIZE\./i.test(formula);
const show = (v: EvaluatedValue) => (v instanceof SizingError ? `${v.code} ${v.message}` : JSON.stringify(v));
function same(a: EvaluatedValue, b: EvaluatedValue): boolean {
  if (a instanceof SizingError || b instanceof SizingError) return a instanceof SizingError && b instanceof SizingError;
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
  return a === b;
}
function mismatches(m: WorkbookModel): string[] {
  const live = evaluateWorkbook(m);
  const native = evaluateWorkbook(nativeModel(m));
  const sheet = m.sheets[2];
  return sheet.cells
    .filter((c) => c.formula !== undefined)
    .filter((c) => !same(live[sheet.name][c.address], native[sheet.name][c.address]))
    .map((c) => `${c.address}: live ${show(live[sheet.name][c.address])}, native ${show(native[sheet.name][c.address])}`);
}
const microsoft = (m: WorkbookModel) => {
  const values = evaluateWorkbook(m).Methods;
  return Object.fromEntries(methodsRows(parameters()).map((r) => [r.label, values[r.address]]));
};

describe("the Methods sheet", () => {
  test("every EXSIZE cell has a native rendering, no native calls EXSIZE, and natives use no LET, LAMBDA or capital exponent", () => {
    const sheet = methodsSheet(parameters());
    expect(sheet.cells.filter((c) => callsExsize(c.formula) && c.native === undefined).map((c) => c.address)).toEqual([]);
    expect(sheet.cells.filter((c) => callsExsize(c.native)).map((c) => c.address)).toEqual([]);
    for (const c of sheet.cells.filter((x) => x.native)) {
      expect(c.native).not.toMatch(/\b(LET|LAMBDA|MOD|CEILING|PERMUT|MROUND)\(|\dE[+-]?\d/);
      expect(c.native!.length).toBeLessThan(8192);
    }
  });

  test("the calculator's own example in the sheet: 2,500 mailboxes, 200 messages of 75 KB, 10 GB, 2 + 2 servers, 4 copies", () => {
    // Without a JBOD disk the sheet sizes RAID (2 TB databases); the per-mailbox rows are the example's.
    const m = model({ users: 2500, messagesPerDay: 200, quotaMB: 10240, copies: 4, serversSecondSite: 2 });
    const v = microsoft(m);
    expect(v["Mailbox size on disk"]).toBe(10890); // Role Requirements!C22
    expect(v["Transaction logs per mailbox per day"]).toBe(40); // Role Requirements!C18
    expect(v["IOPS per mailbox before overhead"] as number).toBeCloseTo(0.134, 12); // Role Requirements!C30
    expect(v["Megacycles of the busiest server"] as number).toBeGreaterThan(0);
    expect(mismatches(m)).toEqual([]);
  });

  test("the reference design (000's 5,000 mailboxes, 150 messages, 2 GB, 2 copies on 2 servers), cell for cell", () => {
    const m = model();
    const v = microsoft(m);
    expect(v["Mailbox size on disk"]).toBe(Math.ceil(2048 + Math.min(150 * (75 / 1024) * 14 + 2048 * 0.012 + 2048 * 0.03, 30720) + 150 * (75 / 1024)));
    expect(v["Log replication between the sites, busiest hour"]).toBe("—"); // one site: nothing to replicate between sites
    expect(v["Processor cores per mailbox server"]).toBe("—"); // no SPECint rate: not sized
    expect(mismatches(m)).toEqual([]);
  });

  test("random designs: natives compute what the EX_MS_* formulas compute", () => {
    fc.assert(
      fc.property(
        fc.record({
          users: fc.integer({ min: 1, max: 60_000 }),
          quotaMB: fc.integer({ min: 100, max: 102_400 }),
          messagesPerDay: fc.integer({ min: 1, max: 520 }),
          messageKB: fc.integer({ min: 10, max: 400 }),
          copies: fc.integer({ min: 1, max: 6 }),
          serversFirstSite: fc.integer({ min: 1, max: 8 }),
          serversSecondSite: fc.integer({ min: 0, max: 8 }),
          archiveMB: fc.constantFrom(0, 10240, 51200),
          specIntRate: fc.constantFrom(0, 500, 1200),
          coresPerServer: fc.constantFrom(8, 16, 24),
          peakHourLogShare: fc.constantFrom(0.05, 0.1, 0.2),
        }),
        (values) => {
          expect(mismatches(model(values))).toEqual([]);
        },
      ),
      { numRuns: 150 },
    );
  });

  test("the inputs it adds are listed with defaults and rules", () => {
    expect(METHODS_INPUTS.map((i) => [i.name, i.default])).toEqual([
      ["ArchiveMB", 0],
      ["SpecIntRate", 0],
      ["CoresPerServer", 16],
      ["PeakHourLogShare", 0.1],
    ]);
  });
});

// Keep the changes helper in view for the owner's wiring tests.
void withCellValues;
