/**
 * `exsize design` end to end: the live workbook read back has the model's cells, stored
 * formulas, formats, names and cached results; the customer copy has no EXSIZE formula left, keeps
 * its native formulas, is stamped, and — recalculated by HyperFormula and by LibreOffice — shows no
 * error and the reference design of 000_72e1ddb9bbd1ecac.txt 3.4.2.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { DetailedCellError, HyperFormula } from "hyperformula";
import { runDesign, type CommandOutput } from "../../src/cli/design";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import { toStoredFormula } from "../../src/workbook/stored-formula";
import { EX_FAILOVER, EX_SERVER } from "../../src/functions";
import {
  DESIGN_CELLS,
  INPUT_CELLS,
  REFERENCE_INPUTS,
  RESILIENCE_CELLS,
  STAMP_CELL,
  referenceDesign,
  sheetReference,
  templateSheetNames,
  type DesignOutput,
} from "../../src/workbook/template";
import { builtDesign, type BuiltDesign } from "../support/built-designs";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, recalculateXlsx, type RecalculatedWorkbook } from "../support/libreoffice";
import { LIBREOFFICE_MS, WORKBOOK_MS } from "../support/timeouts";
import { expectSameOutput, expectedOutputs } from "../workbook/expected";

// Every test here reads, evaluates or recalculates a whole workbook: never Jest's 5 s.
jest.setTimeout(WORKBOOK_MS);

let work: string;
beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-design-test-"))));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function design(args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const out: CommandOutput = { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) };
  return { code: await runDesign(args, out), stdout, stderr };
}

async function load(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}

/** The reference design's published outputs — 000_72e1ddb9bbd1ecac.txt, Tables 18-19 and 3.4.2. */
const PUBLISHED: Array<[DesignOutput, number | string]> = [
  ["databaseCount", 12], // Table 18
  ["provisionedDatabaseVolumeGB", 1266], // Table 18
  ["logVolumeCount", 12], // Table 19
  ["provisionedLogVolumeGB", 48], // Table 19
  ["totalCapacityGB", 15768], // 3.4.2
  ["dellDatabaseIops", 900], // 3.4.2
  ["logIops", 378], // Table 17 with 2 copies (SIZING.md section 3)
  ["arrays", 2], // 3.4.2: two PS6500
  ["arrayModel", "PS6500E 500GB"], // 3.4.2: PS6500 with 500GB SATA drives
];

describe("the live workbook", () => {
  let file: string;
  let run: BuiltDesign;
  let workbook: ExcelJS.Workbook;
  const model = referenceDesign();
  const values = evaluateWorkbook(model);

  beforeAll(async () => {
    // runDesign's file, built once for every suite that reads it (tests/support/built-designs.ts; it throws unless exit 0).
    run = await builtDesign([]);
    file = run.file;
    workbook = await load(file);
  });

  test("runDesign succeeds and prints the headline numbers of 000_72e1ddb9bbd1ecac.txt 3.4.2", () => {
    expect(run.stderr).toEqual([]);
    const text = run.stdout.join("\n");
    expect(text).toContain(`Wrote ${file}: the live design`);
    expect(text).toContain("Databases: 12 × 1,266 GB volumes");
    expect(text).toContain("Logs: 12 × 48 GB volumes");
    // 15,768 GB in volumes: 000_72e1ddb9bbd1ecac.txt, 3.4.2; 15,780 GB to provision, the bound that never falls.
    expect(text).toContain("Capacity: 15,780 GB per copy to provision, 15,768 GB in volumes (31,560 GB, all copies)");
    expect(text).toContain("IOPS: 900 database, 378 log");
    expect(text).toContain("Arrays: 2 × PS6500E 500GB (1 per copy)");
  });

  test("every cell of the model is in the file: values, stored formulas with cached results, number formats", () => {
    expect(workbook.worksheets.map((w) => w.name)).toEqual(model.sheets.map((s) => s.name));
    let formulas = 0;
    for (const sheet of model.sheets) {
      const worksheet = workbook.getWorksheet(sheet.name)!;
      for (const cell of sheet.cells) {
        const target = worksheet.getCell(cell.address);
        const where = `${sheet.name}!${cell.address}`;
        if (cell.formula !== undefined) {
          formulas++;
          expect({ where, formula: target.formula }).toEqual({ where, formula: toStoredFormula(cell.formula) });
          // exceljs reads an empty text result (<v></v>, as Excel writes it) back as undefined.
          const cached = values[sheet.name][cell.address];
          expect({ where, result: target.result }).toEqual({ where, result: cached === "" ? undefined : cached });
        } else {
          // An input cell left empty for the user is an empty cell in the file.
          expect({ where, value: target.value }).toEqual({ where, value: cell.value ?? null });
        }
        expect({ where, numFmt: target.numFmt }).toEqual({ where, numFmt: cell.numberFormat });
      }
    }
    expect(formulas).toBeGreaterThan(25);
  });

  test("EXSIZE formulas are stored as _xldudf_EXSIZE_… with the published results cached", () => {
    const sheet = workbook.getWorksheet("Design")!;
    expect(sheet.getCell(DESIGN_CELLS.databaseCount).formula).toBe(
      '_xldudf_EXSIZE_EX_DBSIZE(Users,QuotaMB,MessagesPerDay,MessageKB,MaxDatabaseGB,"count",Factors)',
    );
    for (const [key, published] of PUBLISHED) expect({ key, result: sheet.getCell(DESIGN_CELLS[key]).result }).toEqual({ key, result: published });
  });

  test("the defined names are the model's", () => {
    const names = workbook.definedNames.model.map((n: { name: string; ranges: string[] }) => `${n.name}=${n.ranges.join(",")}`).sort();
    expect(names).toEqual(model.names.map((n) => `${n.name}=${sheetReference(n.sheet)}!${n.range}`).sort());
  });

  test("inputs look editable (light yellow, blue), rows are frozen, columns have widths", () => {
    const inputs = workbook.getWorksheet("Inputs")!;
    const users = inputs.getCell(INPUT_CELLS.users);
    expect(users.value).toBe(REFERENCE_INPUTS.users);
    expect(users.fill).toMatchObject({ type: "pattern", pattern: "solid", fgColor: { argb: "FFFFF2CC" } });
    expect(users.font.color).toEqual({ argb: "FF0000FF" });
    const sheetModel = model.sheets[1];
    const designSheet = workbook.getWorksheet(sheetModel.name)!;
    expect(designSheet.views[0]).toMatchObject({ state: "frozen", ySplit: sheetModel.frozenRows });
    expect(sheetModel.columnWidths!.map((_, i) => designSheet.getColumn(i + 1).width)).toEqual(sheetModel.columnWidths);
  });
});

/** A HyperFormula engine built from an .xlsx read back with exceljs: cells, formulas and defined names. */
async function hyperFormulaOf(file: string): Promise<{ hf: HyperFormula; value: (sheet: string, address: string) => unknown }> {
  const workbook = await load(file);
  const sheets: Record<string, (string | number | boolean | null)[][]> = {};
  for (const worksheet of workbook.worksheets) {
    const rows: (string | number | boolean | null)[][] = [];
    worksheet.eachRow({ includeEmpty: false }, (row, r) => {
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        (rows[r - 1] ??= [])[c - 1] =
          cell.type === ExcelJS.ValueType.Formula ? "=" + cell.formula : (cell.value as string | number | boolean | null);
      });
    });
    sheets[worksheet.name] = Array.from(rows, (row) => Array.from(row ?? [], (v) => v ?? null));
  }
  const names = workbook.definedNames.model.map((n: { name: string; ranges: string[] }) => ({ name: n.name, expression: "=" + n.ranges[0] }));
  const hf = HyperFormula.buildFromSheets(sheets, { licenseKey: "gpl-v3" }, names);
  return {
    hf,
    value: (sheet, address) => hf.getCellValue(hf.simpleCellAddressFromString(address, hf.getSheetId(sheet)!)!),
  };
}

function errorCells(hf: HyperFormula): string[] {
  return hf.getSheetNames().flatMap((sheet) =>
    hf.getSheetValues(hf.getSheetId(sheet)!).flatMap((row, r) =>
      row.flatMap((v, c) => (v instanceof DetailedCellError ? [`${sheet} row ${r + 1} column ${c + 1}: ${v.value} ${v.message}`] : [])),
    ),
  );
}

describe("the customer copy", () => {
  let file: string;
  let run: BuiltDesign;
  let workbook: ExcelJS.Workbook;
  const model = referenceDesign();

  beforeAll(async () => {
    run = await builtDesign(["--customer"]);
    file = run.file;
    workbook = await load(file);
  });

  test("runDesign says it wrote the customer copy", () => {
    expect(run.stderr).toEqual([]);
    expect(run.stdout[0]).toBe(`Wrote ${file}: the customer copy (EXSIZE formulas replaced by Excel's own; recalculates on opening; stamped on ${STAMP_CELL.sheet}!${STAMP_CELL.address}).`);
    const cells = model.sheets.reduce((n, s) => n + s.cells.filter((c) => c.native !== undefined).length, 0);
    expect(run.stdout[1]).toBe(`${cells} EXSIZE cells of the design became Excel formulas that stay live without the add-in.`);
    expect(run.stdout.join("\n")).not.toMatch(/of your own|removed/);
  });

  test("no EXSIZE formula is left: each EXSIZE cell holds its native formula, with its value cached; the other formulas stay", () => {
    const left: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => {
      if (cell.type === ExcelJS.ValueType.Formula) left.push(`${sheet.name}!${cell.address}=${cell.formula}`);
    })));
    expect(left.filter((f) => /_xldudf_|EXSIZE/i.test(f))).toEqual([]);
    const expected = model.sheets.flatMap((s) => s.cells.filter((c) => c.formula).map((c) => `${s.name}!${c.address}=${(c.native ?? c.formula)!.slice(1)}`));
    expect(left.sort()).toEqual(expected.sort());
    expect(model.sheets.flatMap((s) => s.cells).filter((c) => c.native).length).toBeGreaterThan(20);
    const cached = workbook.getWorksheet("Design")!.getCell(DESIGN_CELLS.provisionedDatabaseVolumeGB).value as ExcelJS.CellFormulaValue;
    expect(cached.result).toBe(1266); // 000_72e1ddb9bbd1ecac.txt, Table 18: shown before any recalculation
  });

  test("it carries the stamp: when, and from which inputs", () => {
    const stamp = workbook.getWorksheet(STAMP_CELL.sheet)!.getCell(STAMP_CELL.address).value as string;
    expect(stamp).toMatch(/^Customer copy of \d{4}-\d{2}-\d{2}, prepared for 5,000 users, 2,048 MB quota, 150 messages a day of 75 KB, 2 copies\. Needs no add-in\.$/);
  });

  test("recalculated by HyperFormula: no error cell, and the reference design", async () => {
    const { hf, value } = await hyperFormulaOf(file);
    expect(errorCells(hf)).toEqual([]);
    for (const [key, published] of PUBLISHED) expect({ key, value: value("Design", DESIGN_CELLS[key]) }).toEqual({ key, value: published });
    // The sheets beyond the reference design travel too: two servers in one site by default.
    expect(hf.getSheetNames()).toEqual(Object.values(templateSheetNames()));
    const normal = RESILIENCE_CELLS.scenarioRow.normal;
    expect(value("Resilience", `${RESILIENCE_CELLS.activeMailboxes}${normal}`)).toBe(EX_FAILOVER(5000, 2, 2, "normal"));
    expect(value("Resilience", `${RESILIENCE_CELLS.memoryGB}${normal}`)).toBe(EX_SERVER(EX_FAILOVER(5000, 2, 2, "normal"), "memory"));
    expect(value("Design", DESIGN_CELLS.dellDatabaseVolumeGB)).toBeCloseTo(1265.51, 2); // 000_72e1ddb9bbd1ecac.txt, Table 18 (DVS)
    expect(value("Design", DESIGN_CELLS.dellLogVolumeGB)).toBeCloseTo(48.38, 2); // 000_72e1ddb9bbd1ecac.txt, Table 19 (LVS)
    expect(value("Design", DESIGN_CELLS.usersPerDatabase)).toBe(417); // 000_72e1ddb9bbd1ecac.txt, Table 19 (NDB)
    hf.destroy();
  });

  test("control: HyperFormula does recalculate — the live workbook's EXSIZE cells are errors without the add-in", async () => {
    const { hf, value } = await hyperFormulaOf((await builtDesign([])).file);
    expect(value("Design", DESIGN_CELLS.totalCapacityGB)).toBeInstanceOf(DetailedCellError);
    expect(errorCells(hf).length).toBeGreaterThan(20);
    hf.destroy();
  });

  test("with the user's own numbers, the copy shows what the functions compute for them", async () => {
    // 3 copies need 3 servers: a server never holds two copies of one database.
    const { file: own } = await builtDesign(["--users", "7500", "--quota=4096", "--copies", "3", "--servers-site1", "3", "--customer"]);
    const { hf, value } = await hyperFormulaOf(own);
    expect(errorCells(hf)).toEqual([]);
    const expected = expectedOutputs({ ...REFERENCE_INPUTS, users: 7500, quotaMB: 4096, copies: 3 }, {}, [3]);
    for (const key of Object.keys(DESIGN_CELLS) as DesignOutput[]) expectSameOutput(value("Design", DESIGN_CELLS[key]), expected[key], key);
    expect(String(value(STAMP_CELL.sheet, STAMP_CELL.address))).toContain("prepared for 7,500 users, 4,096 MB quota");
    hf.destroy();
  });
});

const loAvailable = libreOfficeAvailable();
const loRequired = process.env.REQUIRE_LIBREOFFICE === "1";
if (!loAvailable && !loRequired) {
  console.warn(`LibreOffice (soffice) not found: skipping its recalculation of the customer copy. Install ${LIBREOFFICE_APT_PACKAGE}, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);
}

(loAvailable || loRequired ? describe : describe.skip)("the customer copy recalculated by LibreOffice", () => {
  let recalculated: RecalculatedWorkbook;

  beforeAll(async () => {
    if (!loAvailable) throw new Error(`REQUIRE_LIBREOFFICE=1 but LibreOffice (soffice) is not installed: apt-get install ${LIBREOFFICE_APT_PACKAGE}`);
    recalculated = await recalculateXlsx((await builtDesign(["--customer"])).file);
  }, LIBREOFFICE_MS);

  test("no error cell", () => {
    const errors = Object.entries(recalculated).flatMap(([sheet, cells]) =>
      Object.entries(cells).filter(([, c]) => c.error !== undefined).map(([a, c]) => `${sheet}!${a} ${c.error}`),
    );
    expect(errors).toEqual([]);
  });

  test("the reference design: 12 × 1,266 GB, 12 × 48 GB, 15,768 GB, 900 and 378 IOPS, two PS6500E arrays", () => {
    for (const [key, published] of PUBLISHED) expect({ key, value: recalculated.Design[DESIGN_CELLS[key]]?.value }).toEqual({ key, value: published });
    // Native formulas really were recalculated, not just read: LibreOffice saved them back.
    expect(recalculated.Design[DESIGN_CELLS.totalCapacityGB].formula).toBeDefined();
    expect(recalculated.Design[DESIGN_CELLS.dellDatabaseVolumeGB].value as number).toBeCloseTo(1265.51, 2); // 000_72e1ddb9bbd1ecac.txt, Table 18
  });

  test("the stamp survives", () => {
    expect(String(recalculated[STAMP_CELL.sheet][STAMP_CELL.address].value)).toMatch(/^Customer copy of \d{4}-\d{2}-\d{2}, prepared for /);
  });
});

describe("runDesign with bad options exits 2 and names the option", () => {
  test.each<[string[], RegExp]>([
    [["--users", "abc"], /--users: "abc" is not a number/],
    [["--users", "2.5"], /--users: users must be .*whole number/],
    [["--quota", "0"], /--quota: quotaMB must be a number above 0/],
    [["--messages", "-1"], /--messages: messagesPerDay must be/],
    [["--message-kb", "big"], /--message-kb: "big" is not a number/],
    [["--copies", "17"], /--copies: copies must be .*from 1 to 16/],
    [["--max-db", "0"], /--max-db: maxDatabaseGB must be/],
    [["--users"], /--users needs a value/],
    [["--users", "--customer"], /--users needs a value/],
    [["--seats", "5"], /unknown option "--seats"/],
    [["--customer=yes"], /--customer takes no value/],
  ])("%j", async (args, message) => {
    const file = path.join(work, "bad.xlsx");
    const result = await design([...args, "--out", file]);
    expect(result.code).toBe(2);
    expect(result.stderr.join("\n")).toMatch(message);
    expect(result.stderr.join("\n")).toContain("usage: exsize design");
    expect(fs.existsSync(file)).toBe(false);
  });

  test("--out is required", async () => {
    const result = await design(["--users", "5000"]);
    expect(result.code).toBe(2);
    expect(result.stderr[0]).toBe("exsize design: --out FILE.xlsx is required (or --json, to print the design without writing a file)");
  });

  test("--help prints the usage first", async () => {
    const result = await design(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout[0]).toMatch(/^usage: exsize design/);
  });

  test("a file that cannot be written is exit 1 with the reason", async () => {
    const result = await design(["--out", path.join(work, "no-such-dir", "x.xlsx")]);
    expect(result.code).toBe(1);
    expect(result.stderr[0]).toMatch(/cannot write .*no-such-dir/);
  });
});
