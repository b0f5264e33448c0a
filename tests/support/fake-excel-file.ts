/**
 * Node-side companions of the in-memory Excel host (kept out of fake-excel.ts so that file stays
 * import-free for the browser):
 * - `modelFromFake` reads the host's sheets and names back as a WorkbookModel;
 * - `engineCalculation` is a `calculate` hook: formula cells get the values the project's evaluator
 *   computes, as Excel's recalculation would with the add-in loaded;
 * - `savedFile` is what getFileAsync hands over: the host's workbook as .xlsx, custom functions in
 *   their stored form with cached values (written with the CLI's file writer).
 */
import { SizingError } from "../../src/engine";
import { writeXlsx } from "../../src/cli/xlsx-writer";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import type { CellModel, DefinedName, WorkbookModel } from "../../src/workbook/model";
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

/** Fill every formula cell's value from the project's evaluator; errors show as Excel shows them. */
export function engineCalculation(workbook: FakeWorkbook): void {
  const values = evaluateWorkbook(modelFromFake(workbook));
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
  return writeXlsx(model, evaluateWorkbook(model));
}
