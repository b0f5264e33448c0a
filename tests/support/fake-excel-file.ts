/**
 * Node-side companions of the in-memory Excel host (kept out of fake-excel.ts so that file stays
 * import-free for the browser):
 * - `modelFromFake` reads the host's sheets and names back as a WorkbookModel;
 * - `engineCalculation` is a `calculate` hook: formula cells get the values the project's evaluator
 *   computes, as Excel's recalculation would with the add-in loaded;
 * - `savedFile` is what getFileAsync hands over: the host's workbook as .xlsx, custom functions in
 *   their stored form with cached values (written with the CLI's file writer);
 * - `cellsOf*` list a sheet's cells as formula | value | number format, so what the pane wrote and
 *   what the CLI's file holds compare cell by cell.
 */
import ExcelJS from "exceljs";
import { SizingError } from "../../src/engine";
import { writeXlsx } from "../../src/cli/xlsx-writer";
import { evaluateWorkbook, type WorkbookValues } from "../../src/workbook/evaluate";
import type { CellModel, DefinedName, WorkbookModel } from "../../src/workbook/model";
import { fromStoredFormula } from "../../src/workbook/stored-formula";
import type { FakeWorkbook } from "./fake-excel";

export function modelFromFake(workbook: FakeWorkbook): WorkbookModel {
  const sheets = workbook.sheets.map((sheet) => ({
    name: sheet.name,
    cells: [...sheet.cells.entries()]
      .filter(([, cell]) => cell.formula !== undefined || cell.value !== "")
      .map(([address, cell]): CellModel => {
        const out: CellModel = { address };
        if (cell.formula !== undefined) out.formula = cell.formula;
        else out.value = cell.value;
        if (cell.numberFormat !== "General") out.numberFormat = cell.numberFormat;
        return out;
      }),
  }));
  const names = workbook.names.map((n): DefinedName => {
    const resolved = workbook.resolveReference(n.formula);
    if (!resolved) throw new Error(`name ${n.name} refers to nothing: ${n.formula}`);
    const range = n.formula.slice(n.formula.lastIndexOf("!") + 1);
    return { name: n.name, sheet: resolved.sheet.name, range, comment: n.comment };
  });
  return { sheets, names, charts: [] };
}

/**
 * What the evaluator computes for the host's workbook. The host calculates after every sync, and about
 * half of a pane test's syncs only read, or write what the cells already hold: the values of a model
 * seen lately are kept (under its whole content, so any change to a formula, constant, sheet or name is a
 * new calculation), as Excel recalculates only what changed. The values are read, never changed.
 */
function valuesOf(model: WorkbookModel): WorkbookValues {
  const key = modelKey(model);
  let values = RECENT_VALUES.get(key);
  if (values === undefined) {
    values = evaluateWorkbook(model);
    if (RECENT_VALUES.size >= RECENT_MODELS) RECENT_VALUES.delete(RECENT_VALUES.keys().next().value!);
  } else RECENT_VALUES.delete(key);
  RECENT_VALUES.set(key, values);
  return values;
}
/** Models whose values are kept, the least recently used dropped first: a suite's few designs, a workbook of ~1 MB each. */
const RECENT_MODELS = 8;
const RECENT_VALUES = new Map<string, WorkbookValues>();

/** The model's whole content as text; numbers JSON would write alike (NaN, ±Infinity, -0) and dates kept apart. */
function modelKey(model: WorkbookModel): string {
  return JSON.stringify(model, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    if (raw instanceof Date) return { date: raw.getTime() };
    if (typeof raw === "number" && (!Number.isFinite(raw) || Object.is(raw, -0))) return { number: String(Object.is(raw, -0) ? "-0" : raw) };
    return value;
  });
}

/** Fill every formula cell's value from the project's evaluator; errors show as Excel shows them. */
export function engineCalculation(workbook: FakeWorkbook): void {
  const values = valuesOf(modelFromFake(workbook));
  for (const sheet of workbook.sheets) {
    for (const [address, cell] of sheet.cells) {
      if (cell.formula === undefined) continue;
      const v = values[sheet.name]?.[address];
      cell.value = v instanceof SizingError ? v.code : (v ?? 0);
    }
  }
}

/** The host's workbook as the .xlsx Excel would save: stored custom-function formulas, cached values. */
export function savedFile(workbook: FakeWorkbook): Promise<Uint8Array> {
  const model = modelFromFake(workbook);
  return writeXlsx(model, valuesOf(model));
}

/** One written cell, as both writers are compared: the formula as typed, else the constant; its format. */
export interface WrittenCell {
  formula?: string;
  value?: unknown;
  numberFormat: string;
}
export type WrittenSheets = Record<string, Record<string, WrittenCell>>;

/** The host's sheets (those named) as WrittenSheets. */
export function cellsOfHost(workbook: { sheets: { name: string; cells: Map<string, { formula?: string; value: unknown; numberFormat: string }> }[] }, sheetNames: readonly string[]): WrittenSheets {
  const out: WrittenSheets = {};
  for (const name of sheetNames) {
    const sheet = workbook.sheets.find((s) => s.name === name);
    if (!sheet) throw new Error(`the host has no sheet ${name}`);
    out[name] = Object.fromEntries(
      [...sheet.cells.entries()].map(([address, c]) => [
        address,
        c.formula !== undefined ? { formula: c.formula, numberFormat: c.numberFormat } : { value: c.value ?? "", numberFormat: c.numberFormat },
      ]),
    );
  }
  return out;
}

/** What the CLI's file writer puts in an .xlsx for `model`, read back with exceljs, as WrittenSheets. */
export async function cellsOfCliFile(model: WorkbookModel): Promise<WrittenSheets> {
  const file = new ExcelJS.Workbook();
  await file.xlsx.load(Buffer.from(await writeXlsx(model, evaluateWorkbook(model))) as unknown as ExcelJS.Buffer);
  const out: WrittenSheets = {};
  for (const sheet of model.sheets) {
    const cells: Record<string, WrittenCell> = {};
    file.getWorksheet(sheet.name)!.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value as ExcelJS.CellValue;
        const numberFormat = cell.numFmt || "General";
        cells[cell.address] =
          typeof v === "object" && v !== null && "formula" in v
            ? { formula: fromStoredFormula((v as ExcelJS.CellFormulaValue).formula), numberFormat }
            : { value: v, numberFormat };
      }),
    );
    // Input cells left empty for the user hold only a style: eachCell skips them, so read them by address.
    const worksheet = file.getWorksheet(sheet.name)!;
    for (const c of sheet.cells) {
      if (cells[c.address] === undefined) {
        const cell = worksheet.getCell(c.address);
        cells[c.address] = { value: cell.value ?? "", numberFormat: cell.numFmt || "General" };
      }
    }
    out[sheet.name] = cells;
  }
  return out;
}

/** The model's own cells as WrittenSheets: what both writers must produce. */
export function cellsOfModel(model: WorkbookModel): WrittenSheets {
  return Object.fromEntries(
    model.sheets.map((sheet) => [
      sheet.name,
      Object.fromEntries(
        sheet.cells.map((c) => [
          c.address,
          c.formula !== undefined ? { formula: c.formula, numberFormat: c.numberFormat ?? "General" } : { value: c.value ?? "", numberFormat: c.numberFormat ?? "General" },
        ]),
      ),
    ]),
  );
}
