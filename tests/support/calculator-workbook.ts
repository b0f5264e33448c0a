/**
 * Calculator-shaped workbooks the tests write themselves: Microsoft's calculator's Input and Role
 * Requirements sheets reduced to what `exsize import` reads — the title (Input!B1), the version
 * ("Version: 7.6", a formula's cached text in Input!G2, F2 in v6), the defined names with their cells
 * and values, and the saved figures as formulas' cached results — from
 * tests/fixtures/calculator-files.json (read from ExchangeDsc's public files; none of Microsoft's
 * files is in this repository). With macros, the package holds an xl/vbaProject.bin part, as an .xlsm does.
 */
import ExcelJS from "exceljs";
import { strToU8, unzipSync, zipSync } from "fflate";
import FIXTURE from "../fixtures/calculator-files.json";

export type CalculatorFixture = (typeof FIXTURE.files)[number];
export const CALCULATOR_FILES: readonly CalculatorFixture[] = FIXTURE.files;
export const calculatorFixture = (name: string): CalculatorFixture => FIXTURE.files.find((f) => f.name === name)!;

type Value = number | string | boolean | null;

export interface CalculatorShape {
  /** The file it starts from: "v7.6 example", "v6.6 Lab", "v6.6 Prod". */
  from: CalculatorFixture;
  /** Input values changed, by name (null empties the cell). */
  inputs?: Record<string, Value>;
  /** Saved figures changed, by name. */
  saved?: Record<string, Value>;
  /** Input!B1, and the version text ("Version: 9.1"). */
  title?: string;
  version?: string;
  /** Defined names left out (the cell keeps its value). */
  withoutNames?: readonly string[];
  /** An xl/vbaProject.bin part (an .xlsm); false: a macro-free .xlsx copy. */
  macros?: boolean;
  /** Protect the Input sheet with this password. */
  password?: string;
  /** Excel's calculation mode when it saved the file. */
  manual?: boolean;
}

/** The workbook's bytes. */
export async function calculatorWorkbook(shape: CalculatorShape): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const input = workbook.addWorksheet("Input");
  const role = workbook.addWorksheet("Role Requirements");
  input.getCell("B1").value = shape.title ?? shape.from.title;
  const version = shape.version ?? shape.from.version;
  input.getCell(shape.from.versionCell).value = { formula: `"${version}"`, result: version } as ExcelJS.CellFormulaValue;
  const withoutNames = new Set(shape.withoutNames ?? []);
  const put = (sheet: ExcelJS.Worksheet, sheetName: string, name: string, cell: string, value: Value, formula: boolean) => {
    const c = sheet.getCell(cell);
    c.value = formula && value !== null ? ({ formula: typeof value === "string" ? `"${value}"` : String(value), result: value } as ExcelJS.CellFormulaValue) : value;
    const [, column, row] = /^([A-Z]+)(\d+)$/.exec(cell)!;
    if (!withoutNames.has(name)) workbook.definedNames.add(`'${sheetName}'!$${column}$${row}`, name);
  };
  for (const [name, { cell, value }] of Object.entries(shape.from.inputs)) {
    put(input, "Input", name, cell, shape.inputs && name in shape.inputs ? shape.inputs[name] : (value as Value), false);
  }
  for (const name of Object.keys(shape.inputs ?? {})) {
    if (!(name in shape.from.inputs)) throw new Error(`the fixture has no input ${name}`);
  }
  for (const [name, { cell, value }] of Object.entries(shape.from.saved)) {
    put(role, "Role Requirements", name, cell, shape.saved && name in shape.saved ? shape.saved[name] : (value as Value), true);
  }
  if (shape.password !== undefined) await input.protect(shape.password, {});
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  const parts = unzipSync(bytes);
  if (shape.manual) parts["xl/workbook.xml"] = strToU8(new TextDecoder().decode(parts["xl/workbook.xml"]).replace(/<calcPr\b[^>]*\/>/, '<calcPr calcId="152511" calcMode="manual"/>'));
  if (shape.macros !== false) parts["xl/vbaProject.bin"] = strToU8("not Microsoft's macros: a stand-in part");
  return zipSync(parts);
}
