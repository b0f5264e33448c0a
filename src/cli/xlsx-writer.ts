/**
 * The .xlsx writer: puts a WorkbookModel into a file with exceljs — values, formulas in their stored
 * form (`_xldudf_EXSIZE_EX_DBSIZE(…)`, see src/workbook/stored-formula.ts) each with its cached
 * result so the file shows numbers before any recalculation, number formats, styles by role,
 * column widths, frozen rows and defined names.
 *
 * No charts: exceljs cannot draw them, so the model's ChartModel is drawn only by the taskpane's
 * Excel writer.
 */
import ExcelJS from "exceljs";
import { SizingError } from "../engine";
import type { EvaluatedValue, WorkbookValues } from "../workbook/evaluate";
import type { CellModel, CellRole, WorkbookModel } from "../workbook/model";
import { toStoredFormula } from "../workbook/stored-formula";
import { sheetReference } from "../workbook/template";

const argb = (hex: string) => ({ argb: "FF" + hex });

/**
 * Styles by role. Inputs follow the calculator's convention: light yellow fill, blue font, so a user
 * sees at once which cells to edit.
 */
const ROLE_STYLES: Record<CellRole, Partial<Pick<ExcelJS.Style, "font" | "fill" | "border" | "alignment">>> = {
  title: { font: { bold: true, size: 14, color: argb("1F3864") } },
  heading: { font: { bold: true, color: argb("1F3864") }, fill: { type: "pattern", pattern: "solid", fgColor: argb("D9E1F2") } },
  label: {},
  input: {
    font: { color: argb("0000FF") },
    fill: { type: "pattern", pattern: "solid", fgColor: argb("FFF2CC") },
    border: { top: { style: "thin", color: argb("BFBFBF") }, bottom: { style: "thin", color: argb("BFBFBF") }, left: { style: "thin", color: argb("BFBFBF") }, right: { style: "thin", color: argb("BFBFBF") } },
  },
  output: { font: { bold: true } },
  step: {},
  unit: { font: { color: argb("595959") } },
  note: { font: { color: argb("595959") } },
  source: { font: { italic: true, color: argb("7F7F7F") } },
};

type CachedResult = number | string | boolean | { error: ExcelJS.CellErrorValue["error"] };

function cachedResult(value: EvaluatedValue | undefined): CachedResult | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof SizingError) return { error: value.code as ExcelJS.CellErrorValue["error"] };
  return value;
}

function cellValue(cell: CellModel, value: EvaluatedValue | undefined): ExcelJS.CellValue {
  if (cell.formula !== undefined) {
    const result = cachedResult(value);
    return { formula: toStoredFormula(cell.formula), ...(result !== undefined ? { result } : {}) } as ExcelJS.CellFormulaValue;
  }
  return cell.value ?? null;
}

/**
 * The live workbook as .xlsx bytes. `values` are the model's evaluated cells (evaluateWorkbook):
 * they become each formula's cached result.
 */
export async function writeXlsx(model: WorkbookModel, values: WorkbookValues): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "exsize";
  for (const sheet of model.sheets) {
    const views: Partial<ExcelJS.WorksheetView>[] = sheet.frozenRows ? [{ state: "frozen", ySplit: sheet.frozenRows, xSplit: 0 }] : [];
    const worksheet = workbook.addWorksheet(sheet.name, { views });
    // exceljs leaves out a width of exactly 9, its default; the template avoids that width.
    sheet.columnWidths?.forEach((width, i) => (worksheet.getColumn(i + 1).width = width));
    const sheetValues = values[sheet.name] ?? {};
    for (const cell of sheet.cells) {
      const target = worksheet.getCell(cell.address);
      target.value = cellValue(cell, sheetValues[cell.address]);
      if (cell.numberFormat) target.numFmt = cell.numberFormat;
      const style = cell.role ? ROLE_STYLES[cell.role] : undefined;
      if (style?.font) target.font = style.font;
      if (style?.fill) target.fill = style.fill;
      if (style?.border) target.border = style.border;
    }
  }
  for (const name of model.names) workbook.definedNames.add(`${sheetReference(name.sheet)}!${name.range}`, name.name);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}
