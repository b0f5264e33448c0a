/**
 * The reference-design template as a model, evaluated by the engine: it shows the
 * published design, each output is what the worksheet function gives, and editing an input moves
 * the outputs the way the functions say.
 */
import { FACTOR_DEFAULTS, type FactorName } from "../../src/engine";
import { FORMULA_FUNCTIONS, parseFormula, type FormulaNode } from "../../src/formula";
import { evaluateWorkbook, parseA1, parseRange, withCellValues, withInputs } from "../../src/workbook/evaluate";
import type { WorkbookModel } from "../../src/workbook/model";
import {
  DESIGN_CELLS,
  FACTOR_CELLS,
  INPUT_CELLS,
  REFERENCE_INPUTS,
  STAMP_CELL,
  referenceDesign,
  templateSheetNames,
  type DesignOutput,
  type HeadlineInputs,
} from "../../src/workbook/template";
import { expectSameOutput, expectedOutputs } from "./expected";
import { WORKBOOK_MS } from "../support/timeouts";

// Builds and evaluates the template: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

/** The template's sheets, in order, for a suffix. */
const templateSheetList = (suffix: string): string[] => Object.values(templateSheetNames(suffix));

const designValues = (model: WorkbookModel, suffix = "") => evaluateWorkbook(model)[templateSheetNames(suffix).design];
const output = (model: WorkbookModel, key: DesignOutput) => designValues(model)[DESIGN_CELLS[key]];
/** The reference model and its values, built and evaluated once for the tests that only read them. */
const REFERENCE_MODEL = referenceDesign();
let referenceValues: ReturnType<typeof evaluateWorkbook> | undefined;
const evaluatedReference = () => (referenceValues ??= evaluateWorkbook(REFERENCE_MODEL));

describe("the evaluated reference model shows the published 5,000-user DAG design", () => {
  const values = evaluatedReference()[templateSheetNames().design];
  test.each<[DesignOutput, number | string, number, string]>([
    // [output, published value, decimals compared, source]
    ["whiteSpacePerUserMB", 10.99, 2, "000_72e1ddb9bbd1ecac.txt, Table 18 (WSU; SIZING.md section 1 to 2 decimals)"],
    ["dumpsterPerUserMB", 297.17, 2, "000_72e1ddb9bbd1ecac.txt, Table 18 (DSU)"],
    ["mailboxOnDiskMB", 2356.15, 2, "000_72e1ddb9bbd1ecac.txt, Table 18 (MBU)"],
    ["totalDatabaseGB", 11504.66, 2, "000_72e1ddb9bbd1ecac.txt, Table 18 (DBS; erratum E1)"],
    ["databaseCount", 12, 10, "000_72e1ddb9bbd1ecac.txt, Table 18 (DB)"],
    ["databaseGB", 958.72, 2, "000_72e1ddb9bbd1ecac.txt, Table 18 (IDBS)"],
    ["dellDatabaseVolumeGB", 1265.51, 2, "000_72e1ddb9bbd1ecac.txt, Table 18 (DVS)"],
    ["provisionedDatabaseVolumeGB", 1266, 10, "000_72e1ddb9bbd1ecac.txt, Table 18 (DVS = 1266GB)"],
    ["logFilesPerUserPerDay", 30, 10, "000_72e1ddb9bbd1ecac.txt, Table 19 (NL)"],
    ["messageSizeFactor", 1, 10, "000_72e1ddb9bbd1ecac.txt, Table 19 (MSF)"],
    ["usersPerDatabase", 417, 10, "000_72e1ddb9bbd1ecac.txt, Table 19 (NDB)"],
    ["dailyLogMBPerDatabase", 12510, 10, "000_72e1ddb9bbd1ecac.txt, Table 19 (TLC)"],
    ["dellLogVolumeGB", 48.38, 2, "000_72e1ddb9bbd1ecac.txt, Table 19 (LVS; erratum E2)"],
    ["provisionedLogVolumeGB", 48, 10, "000_72e1ddb9bbd1ecac.txt, Table 19 (LVS = 48GB)"],
    ["logVolumeCount", 12, 10, "000_72e1ddb9bbd1ecac.txt, Table 19 (12 log volumes)"],
    ["totalCapacityGB", 15768, 10, "000_72e1ddb9bbd1ecac.txt, 3.4.2 (15768GB)"],
    ["dellDatabaseIops", 900, 10, "000_72e1ddb9bbd1ecac.txt, 3.4.2 (5000 x 0.15 x 1.2)"],
    ["logIops", 378, 10, "000_72e1ddb9bbd1ecac.txt, Table 17 (SIZING.md section 3)"],
    ["arrays", 2, 10, "000_72e1ddb9bbd1ecac.txt, 3.4.2 (two PS6500)"],
    ["arraysPerCopy", 1, 10, "000_72e1ddb9bbd1ecac.txt, 3.4.2"],
    ["arrayModel", "PS6500E 500GB", 0, "000_72e1ddb9bbd1ecac.txt, 3.4.2 (PS6500 with 500GB SATA drives)"],
  ])("%s is %p (%i decimals; %s)", (key, published, decimals) => {
    const value = values[DESIGN_CELLS[key]];
    if (typeof published === "string") expect(value).toBe(published);
    else expect(value).toBeCloseTo(published, decimals);
  });

  test("each Design output equals the worksheet function (or engine step) computed directly", () => {
    const expected = expectedOutputs(REFERENCE_INPUTS);
    for (const key of Object.keys(DESIGN_CELLS) as DesignOutput[]) expectSameOutput(values[DESIGN_CELLS[key]], expected[key], key);
  });

  test("no cell of any sheet evaluates to an error", () => {
    const all = evaluatedReference();
    const errors = Object.entries(all).flatMap(([sheet, cells]) =>
      Object.entries(cells).filter(([, v]) => v instanceof Error).map(([a, v]) => `${sheet}!${a}: ${String(v)}`),
    );
    expect(errors).toEqual([]);
  });
});

describe("changing an input moves the dependent outputs to what the functions compute", () => {
  const reference = evaluatedReference()[templateSheetNames().design];
  const cases: Array<[string, Partial<HeadlineInputs>, Partial<Record<FactorName, number>>, DesignOutput[]]> = [
    // [change, headline inputs, factor changes, outputs that must differ from the reference]
    ["users 7,500", { users: 7500 }, {}, ["totalDatabaseGB", "databaseCount", "totalCapacityGB", "dellDatabaseIops", "logIops"]],
    ["quota 4,096 MB", { quotaMB: 4096 }, {}, ["dumpsterPerUserMB", "mailboxOnDiskMB", "databaseCount", "totalCapacityGB"]],
    ["messages 200 of 100 KB (MSF 1.9)", { messagesPerDay: 200, messageKB: 100 }, {}, ["whiteSpacePerUserMB", "messageSizeFactor", "dailyLogMBPerDatabase", "dellDatabaseIops"]],
    ["3 copies", { copies: 3 }, {}, ["logIops", "dellDagDatabaseIops", "arrays"]], // on 3 servers: a server holds one copy of a database
    ["growth 1.2 (erratum E1: Table 14's factor)", {}, { growth: 1.2 }, ["totalDatabaseGB", "databaseCount", "totalCapacityGB"]],
    ["moveFactor 1 (erratum E2: Table 15 without moves)", {}, { moveFactor: 1 }, ["dellLogVolumeGB", "provisionedLogVolumeGB"]],
  ];

  test.each(cases)("%s, edited in the evaluated model", (_change, headline, factorChanges, moved) => {
    const inputs = { ...REFERENCE_INPUTS, ...headline };
    const names: Record<keyof HeadlineInputs, string> = {
      users: "Users", quotaMB: "QuotaMB", messagesPerDay: "MessagesPerDay", messageKB: "MessageKB", copies: "Copies", maxDatabaseGB: "MaxDatabaseGB",
    };
    // 3 copies need 3 servers: a server holds one copy of a database (the copies' layout).
    const servers = inputs.copies > 2 ? inputs.copies : 2;
    let model = withInputs(referenceDesign(), { ...Object.fromEntries(Object.entries(headline).map(([k, v]) => [names[k as keyof HeadlineInputs], v])), ServersFirstSite: servers });
    model = withCellValues(
      model,
      Object.entries(factorChanges).map(([name, value]) => ({ sheet: "Inputs", address: FACTOR_CELLS[name as FactorName], value })),
    );
    const values = designValues(model);
    const expected = expectedOutputs(inputs, factorChanges, [servers]);
    for (const key of Object.keys(DESIGN_CELLS) as DesignOutput[]) expectSameOutput(values[DESIGN_CELLS[key]], expected[key], key);
    for (const key of moved) expect({ key, value: values[DESIGN_CELLS[key]] }).not.toEqual({ key, value: reference[DESIGN_CELLS[key]] });
  });

  test("referenceDesign({ inputs }) builds the same design as editing the inputs", () => {
    const built = designValues(referenceDesign({ inputs: { users: 7500, quotaMB: 4096 } }));
    const edited = designValues(withInputs(referenceDesign(), { Users: 7500, QuotaMB: 4096 }));
    expect(built).toEqual(edited);
    expect(output(referenceDesign({ inputs: { users: 7500 } }), "dellDatabaseIops")).toBeCloseTo(7500 * 0.15 * 1.2, 9); // 000, Table 16
  });
});

describe("the Inputs sheet", () => {
  const model = referenceDesign();
  const inputs = model.sheets.find((s) => s.name === "Inputs")!;
  const cellAt = (address: string) => inputs.cells.find((c) => c.address === address);

  test("every factor default in the model equals FACTOR_DEFAULTS, named as the functions read them", () => {
    for (const name of Object.keys(FACTOR_DEFAULTS) as FactorName[]) {
      const value = cellAt(FACTOR_CELLS[name]);
      const label = cellAt(FACTOR_CELLS[name].replace(/^B/, "A"));
      expect({ name, value: value?.value, role: value?.role, label: label?.value }).toEqual({ name, value: FACTOR_DEFAULTS[name], role: "input", label: name });
    }
    const factors = model.names.find((n) => n.name === "Factors")!;
    const range = parseRange(factors.range);
    const rows = Object.values(FACTOR_CELLS).map((a) => parseA1(a).row);
    expect(range).toEqual({ top: Math.min(...rows), bottom: Math.max(...rows), left: 0, right: 1 });
    expect(range.bottom - range.top + 1).toBe(Object.keys(FACTOR_DEFAULTS).length);
  });

  test("every input has a defined name, a value of the reference design and the input role", () => {
    expect(cellAt(INPUT_CELLS.users)?.value).toBe(5000); // 000_72e1ddb9bbd1ecac.txt, 3.4.2
    expect(cellAt(INPUT_CELLS.quotaMB)?.value).toBe(2048);
    expect(cellAt(INPUT_CELLS.messagesPerDay)?.value).toBe(150);
    expect(cellAt(INPUT_CELLS.messageKB)?.value).toBe(75);
    expect(cellAt(INPUT_CELLS.copies)?.value).toBe(2);
    expect(cellAt(INPUT_CELLS.maxDatabaseGB)?.value).toBe(1024);
    for (const address of Object.values(INPUT_CELLS)) {
      expect(cellAt(address)?.role).toBe("input");
      expect(model.names.some((n) => n.sheet === "Inputs" && parseRange(n.range).top === parseA1(address).row && n.range.startsWith("$B$"))).toBe(true);
    }
  });

  test("the stamp cell is on the Summary, the first sheet, and says the workbook is the live design", () => {
    expect(STAMP_CELL.sheet).toBe("Summary");
    expect(model.sheets[0].name).toBe("Summary");
    const stamp = model.sheets[0].cells.find((c) => c.address === STAMP_CELL.address);
    expect(stamp?.value).toMatch(/^Live design/);
  });

  test("inputs with units carry them in their number formats", () => {
    // Thousands grouped; the decimals a person typed show through the sheet's decimal formats.
    expect(cellAt(INPUT_CELLS.quotaMB)?.numberFormat).toBe('#,##0" MB"');
    expect(cellAt(INPUT_CELLS.messageKB)?.numberFormat).toBe('#,##0" KB"');
    expect(cellAt(INPUT_CELLS.maxDatabaseGB)?.numberFormat).toBe('#,##0" GB"');
    const design = model.sheets.find((s) => s.name === "Design")!;
    const fmt = (key: DesignOutput) => design.cells.find((c) => c.address === DESIGN_CELLS[key])?.numberFormat;
    expect(fmt("provisionedDatabaseVolumeGB")).toBe('#,##0 "GB"');
    // Whole, and a decimal below 10 (a 2-mailbox design's 0.4 IOPS is not "0 IOPS").
    expect(fmt("dellDatabaseIops")).toBe('[<9.95]0.0" IOPS";#,##0" IOPS"');
    expect(fmt("whiteSpacePerUserMB")).toBe('#,##0.00 "MB"');
    // Counts say "1 array", "2 arrays".
    expect(fmt("arrays")).toBe('[=1]0 "array";#,##0 "arrays"');
    expect(fmt("databaseCount")).toBe('[=1]0 "database";#,##0 "databases"');
  });
});

/**
 * Functions every target of the customer copy computes: Excel 2016 and later, Excel on the web,
 * LibreOffice and HyperFormula — no LET, LAMBDA, dynamic arrays or 2019+ functions.
 */
const PORTABLE_FUNCTIONS = new Set(["ABS", "AND", "COUNTIF", "COUNTIFS", "FALSE", "TRUE", "IF", "IFERROR", "INDEX", "ISNUMBER", "MATCH", "MAX", "MIN", "NA", "NOT", "OR", "ROUND", "ROUNDDOWN", "ROUNDUP", "SUM", "VLOOKUP", "LEN", "COUNT"]);

/** Every sheet, name, function and cell a formula refers to. */
function references(node: FormulaNode, found: { sheets: Set<string>; names: Set<string>; functions: Set<string>; cells: Array<[string | undefined, number, number]> }): void {
  switch (node.kind) {
    case "cell":
      if (node.sheet) found.sheets.add(node.sheet);
      found.cells.push([node.sheet, node.row, node.column]);
      return;
    case "range":
      if (node.sheet) found.sheets.add(node.sheet);
      return;
    case "name":
      found.names.add(node.name);
      return;
    case "call":
      found.functions.add(node.name);
      node.args.forEach((a) => references(a, found));
      return;
    case "negate":
    case "plus":
    case "percent":
      references(node.operand, found);
      return;
    case "binary":
      references(node.left, found);
      references(node.right, found);
      return;
    default:
      return;
  }
}

/** Each sheet's cell positions ("row,column", 0-based), once per model. */
const positions = new WeakMap<WorkbookModel, Map<string, Set<string>>>();
function addresses(model: WorkbookModel): Map<string, Set<string>> {
  let found = positions.get(model);
  if (!found) {
    found = new Map(model.sheets.map((sheet) => [sheet.name, new Set(sheet.cells.map((c) => {
      const p = parseA1(c.address);
      return `${p.row},${p.column}`;
    }))]));
    positions.set(model, found);
  }
  return found;
}

function formulaReferences(model: WorkbookModel, which: "formula" | "native" = "formula") {
  const found = { sheets: new Set<string>(), names: new Set<string>(), functions: new Set<string>(), cells: [] as Array<[string | undefined, number, number]>, missingCells: [] as string[] };
  for (const sheet of model.sheets) {
    for (const cell of sheet.cells) {
      const text = which === "native" ? cell.native ?? cell.formula : cell.formula;
      if (text === undefined) continue;
      expect(text.startsWith("=")).toBe(true);
      const mine = { ...found, cells: [] as Array<[string | undefined, number, number]> };
      references(parseFormula(text), mine);
      for (const [target, row, column] of mine.cells) {
        const hit = addresses(model).get(target ?? sheet.name)?.has(`${row},${column}`) ?? false;
        if (!hit) found.missingCells.push(`${sheet.name}!${cell.address} → ${target ?? sheet.name} row ${row + 1} column ${column + 1}`);
      }
    }
  }
  return found;
}

test("no sheet has two cells at one address", () => {
  const duplicates = referenceDesign().sheets.flatMap((sheet) => {
    const seen = new Set<string>();
    return sheet.cells.filter((c) => (seen.has(c.address) ? true : (seen.add(c.address), false))).map((c) => `${sheet.name}!${c.address}`);
  });
  expect(duplicates).toEqual([]);
});

describe("every formula parses and refers only to what the model has", () => {
  test.each([[""], [" 2"]])("suffix %p", (suffix) => {
    const model = referenceDesign({ suffix });
    const found = formulaReferences(model);
    const sheetNames = model.sheets.map((s) => s.name);
    const definedNames = model.names.map((n) => n.name);
    expect([...found.sheets].filter((s) => !sheetNames.includes(s))).toEqual([]);
    expect([...found.names].filter((n) => !definedNames.includes(n))).toEqual([]);
    expect([...found.functions].filter((f) => !FORMULA_FUNCTIONS.has(f))).toEqual([]);
    expect(found.missingCells).toEqual([]);
    expect([...found.functions].filter((f) => !f.startsWith("EX_") && !PORTABLE_FUNCTIONS.has(f))).toEqual([]);
    for (const n of model.names) expect(sheetNames).toContain(n.sheet);
  });

  test.each([[""], [" 2"]])("the customer copy's formulas (suffix %p) use only functions Excel 2016, LibreOffice and HyperFormula compute", (suffix) => {
    const model = referenceDesign({ suffix });
    const found = formulaReferences(model, "native");
    expect([...found.names].filter((n) => !model.names.some((d) => d.name === n))).toEqual([]);
    expect(found.missingCells).toEqual([]);
    expect([...found.functions].filter((f) => !PORTABLE_FUNCTIONS.has(f))).toEqual([]);
  });
});

describe("a suffixed copy stands beside the first without touching it", () => {
  const first = referenceDesign();
  const second = referenceDesign({ suffix: " 2" });

  test("every sheet and defined name carries the suffix", () => {
    expect(second.sheets.map((s) => s.name)).toEqual(templateSheetList(" 2"));
    for (const n of second.names) expect(n.name).toMatch(/_2$/);
    expect(second.names.map((n) => n.name)).toContain("Users_2");
    expect(second.charts.map((c) => c.sheet)).toEqual(["Design 2", "Summary 2", "Summary 2"]);
  });

  test("no formula of the copy uses a sheet or name of the unsuffixed model", () => {
    const found = formulaReferences(second);
    const firstSheets = first.sheets.map((s) => s.name.toUpperCase());
    const firstNames = first.names.map((n) => n.name.toUpperCase());
    expect([...found.sheets].filter((s) => firstSheets.includes(s.toUpperCase()))).toEqual([]);
    expect([...found.names].filter((n) => firstNames.includes(n.toUpperCase()))).toEqual([]);
    for (const sheet of found.sheets) expect(templateSheetList(" 2")).toContain(sheet);
    expect(found.sheets).toContain("Inputs 2");
  });

  test("both in one workbook: names are unique and each copy follows only its own inputs", () => {
    const both: WorkbookModel = {
      sheets: [...first.sheets, ...withInputs(second, { Users_2: 7500 }).sheets],
      names: [...first.names, ...second.names],
      charts: [...first.charts, ...second.charts],
    };
    const names = both.names.map((n) => n.name.toUpperCase());
    expect(new Set(names).size).toBe(names.length);
    const values = evaluateWorkbook(both);
    expect(values["Design"][DESIGN_CELLS.totalCapacityGB]).toBe(15768); // 000_72e1ddb9bbd1ecac.txt, 3.4.2
    expectSameOutput(values["Design 2"][DESIGN_CELLS.totalCapacityGB], expectedOutputs({ ...REFERENCE_INPUTS, users: 7500 }).totalCapacityGB, "copy total");
  });
});

describe("the chart", () => {
  test("stacks database data, index and free space, and logs to the total capacity", () => {
    const [chart] = REFERENCE_MODEL.charts;
    expect(chart.sheet).toBe("Design");
    const values = evaluatedReference()["Design"];
    const range = parseRange(chart.source);
    expect(range.bottom - range.top).toBe(1); // a header row and one row of GB
    const dataRow = range.bottom + 1;
    let sum = 0;
    for (let column = range.left + 1; column <= range.right; column++) sum += values[`${String.fromCharCode(65 + column)}${dataRow}`] as number;
    expect(sum).toBeCloseTo(15768, 6); // 000_72e1ddb9bbd1ecac.txt, 3.4.2
  });
});
