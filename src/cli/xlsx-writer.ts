/**
 * The .xlsx writer: puts a WorkbookModel into a file with exceljs — values, formulas in their stored
 * form (`_xldudf_EXSIZE_EX_DBSIZE(…)`, see src/workbook/stored-formula.ts) each with its cached
 * result so the file shows numbers before any recalculation, number formats, styles by role, the
 * model's font on every written cell, column widths, frozen rows, hidden gridlines, input rules (data
 * validation), highlights and decimal formats (conditional formats), page setup and defined names; it opens on the first
 * sheet.
 *
 * Everything past cells is written as the taskpane's Excel writer writes it (src/taskpane/excel-writer.ts):
 * the same rule per cell, the same tones, margins, header and footer. tests/cli/xlsx-writer.test.ts
 * holds the two to the same result.
 *
 * Charts: exceljs cannot draw them, so the model's charts are added to the zip as DrawingML parts
 * (src/cli/xlsx-charts.ts), as the taskpane's Excel writer draws them with Office.js.
 */
import ExcelJS from "exceljs";
import { strFromU8, strToU8, unzipSync, zipSync, type Unzipped } from "fflate";
import { addCharts } from "./xlsx-charts";
import { SizingError } from "../engine";
import type { EvaluatedValue, WorkbookValues } from "../workbook/evaluate";
import type { CellModel, CellRole, DecimalFormat, Highlight, InputRule, PrintSetup, WorkbookModel } from "../workbook/model";
import { ERROR_TITLE, HIGHLIGHT_TONES, PRINT_MARGINS_INCHES, PROMPT_TITLE, blankCondition, checkHighlight, checkPrint, checkedRule, decimalCondition, pageHeaderFooter } from "../workbook/styles";
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

export { HIGHLIGHT_TONES, PRINT_MARGINS_INCHES };

/**
 * Header: the design's name left, whom it is prepared for and by in the centre, the sheet's name
 * (&A) right. Footer: the revision date (ISO) left, "Page 3 of 7" right (pageHeaderFooter).
 */
export function headerFooterCodes(model: Pick<WorkbookModel, "title" | "preparedFor" | "preparedBy" | "revised">): { header: string; footer: string } {
  const s = pageHeaderFooter(model);
  const part = (code: string, text: string) => (text ? `${code}${text}` : "");
  return { header: `${part("&L", s.leftHeader)}${part("&C", s.centerHeader)}&R${s.rightHeader}`, footer: `&L${s.leftFooter}&R${s.rightFooter}` };
}

export { PROMPT_TITLE, ERROR_TITLE };

/** An input rule as exceljs takes it (the checks are the shared checkedRule, src/workbook/styles.ts). */
export function validationOf(rule: InputRule, address: string): { type: "whole" | "decimal" | "list" | "custom"; formulae: string[] } {
  const checked = checkedRule(rule, address);
  if (checked.kind === "list") return { type: "list", formulae: [checked.source] };
  if (checked.kind === "custom") return { type: "custom", formulae: [checked.formula] };
  return { type: checked.kind, formulae: [checked.formula1, checked.formula2] };
}

function dataValidation(rule: InputRule, address: string): ExcelJS.DataValidation {
  const { type, formulae } = validationOf(rule, address);
  return {
    type,
    ...(type === "whole" || type === "decimal" ? { operator: "between" as const } : {}),
    allowBlank: rule.allowBlank,
    // A list of choices is quoted text; a list from a range is the range itself.
    formulae: type === "list" && !(rule.kind === "list" && rule.range !== undefined) ? [`"${formulae[0]}"`] : formulae,
    showInputMessage: true,
    promptTitle: PROMPT_TITLE,
    prompt: rule.prompt,
    showErrorMessage: true,
    errorStyle: "stop",
    errorTitle: ERROR_TITLE,
    error: rule.error,
  };
}

/**
 * A conditional format: cells of the range whose text contains `text` (any case, as Excel's SEARCH) take
 * the tone. The sheet's first highlight has the first priority.
 */
function conditionalFormat(highlight: Highlight, sheet: string, priority: number): ExcelJS.ConditionalFormattingOptions {
  checkHighlight(highlight, sheet);
  const tone = HIGHLIGHT_TONES[highlight.tone];
  const style = { fill: { type: "pattern" as const, pattern: "solid" as const, bgColor: argb(tone.fill) }, font: { color: argb(tone.font) } };
  if ("blankIn" in highlight) {
    return { ref: highlight.range, rules: [{ type: "expression", formulae: [blankCondition(highlight, sheet)], priority, style: { fill: style.fill } }] };
  }
  if ("equals" in highlight) {
    return { ref: highlight.range, rules: [{ type: "cellIs", operator: "equal", formulae: [String(highlight.equals)], priority, style }] };
  }
  return {
    ref: highlight.range,
    rules: [{ type: "containsText", operator: "containsText", text: highlight.text, priority, style }],
  };
}

/** A decimal format: an expression rule whose style is the number format alone (a dxf with a numFmt). */
function decimalFormat(format: DecimalFormat, sheet: string, priority: number): ExcelJS.ConditionalFormattingOptions {
  const condition = decimalCondition(format, sheet);
  return { ref: format.range, rules: [{ type: "expression", formulae: [condition], priority, style: { numFmt: format.numberFormat } }] };
}

const CONTAINS_TEXT_RULE =
  /<cfRule type="containsText"([^>]*)><formula>NOT\(ISERROR\(SEARCH\(&quot;(.*?)&quot;,([A-Z]+\d+)\)\)\)<\/formula>/g;

/**
 * exceljs writes a containsText rule as its formula alone; Excel writes `operator="containsText"
 * text="FAIL"` too, and LibreOffice reads the text from that attribute, so each rule gets them.
 */
function withContainsTextAttributes(files: Unzipped): void {
  for (const name of Object.keys(files)) {
    if (!/^xl\/worksheets\/sheet\d+\.xml$/.test(name)) continue;
    const xml = strFromU8(files[name]);
    if (!xml.includes('type="containsText"')) continue;
    files[name] = strToU8(
      xml.replace(CONTAINS_TEXT_RULE, (rule, attributes: string, text: string) =>
        /\btext="/.test(attributes) ? rule : rule.replace(attributes, `${attributes} operator="containsText" text="${text}"`),
      ),
    );
  }
  // exceljs writes a print area as "$A1:$G22" (rows relative); Excel and LibreOffice want "$A$1:$G$22".
  const workbook = strFromU8(files["xl/workbook.xml"]).replace(
    /(<definedName name="_xlnm\.Print_Area"[^>]*>[^<]*!)\$+([A-Z]+)\$*(\d+):\$+([A-Z]+)\$*(\d+)</g,
    "$1$$$2$$$3:$$$4$$$5<",
  );
  // A sheet's several print ranges are one defined name in Excel: exceljs writes one name per range.
  const areas = new Map<string, string[]>();
  for (const m of workbook.matchAll(/<definedName name="_xlnm\.Print_Area" localSheetId="(\d+)">([^<]*)<\/definedName>/g)) areas.set(m[1], [...(areas.get(m[1]) ?? []), m[2]]);
  let merged = workbook;
  for (const [sheet, ranges] of areas) {
    if (ranges.length < 2) continue;
    let first = true;
    merged = merged.replace(new RegExp(`<definedName name="_xlnm\\.Print_Area" localSheetId="${sheet}">[^<]*</definedName>`, "g"), () => {
      if (!first) return "";
      first = false;
      return `<definedName name="_xlnm.Print_Area" localSheetId="${sheet}">${ranges.join(",")}</definedName>`;
    });
  }
  files["xl/workbook.xml"] = strToU8(merged);
}

/** One page wide, `fitToPagesTall` tall (0: as many as needed), narrow margins, title rows. */
function pageSetup(print: PrintSetup, sheet: string): Partial<ExcelJS.PageSetup> {
  checkPrint(print, sheet);
  // exceljs quotes the sheet in _xlnm.Print_Titles without doubling an apostrophe.
  if (print.titleRows !== undefined && sheet.includes("'")) throw new Error(`sheet ${sheet}: print title rows cannot be written for a sheet name with an apostrophe`);
  return {
    orientation: print.orientation,
    fitToPage: true,
    fitToWidth: 1,
    fitToHeight: print.fitToPagesTall,
    margins: { ...PRINT_MARGINS_INCHES },
    ...(print.titleRows !== undefined ? { printTitlesRow: print.titleRows } : {}),
    // exceljs takes several ranges joined by "&&" (one defined name each, merged after writing).
    ...(print.area !== undefined ? { printArea: print.area.split(",").join("&&") } : {}),
  };
}

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
  // The workbook opens on the model's first sheet.
  workbook.views = [{ x: 0, y: 0, width: 20000, height: 12000, firstSheet: 0, activeTab: 0, visibility: "visible" }];
  const { header, footer } = headerFooterCodes(model);
  model.sheets.forEach((sheet, index) => {
    const view: Partial<ExcelJS.WorksheetView> = {
      ...(sheet.frozenRows ? { state: "frozen" as const, ySplit: sheet.frozenRows, xSplit: 0 } : {}),
      ...(sheet.gridlines === false ? { showGridLines: false } : {}),
      ...(index === 0 ? { tabSelected: true } : {}),
    };
    const worksheet = workbook.addWorksheet(sheet.name, {
      views: Object.keys(view).length > 0 ? [view] : [],
      ...(sheet.print ? { pageSetup: pageSetup(sheet.print, sheet.name), headerFooter: { oddHeader: header, oddFooter: footer } } : {}),
    });
    // exceljs leaves out a width of exactly 9, its default; the template avoids that width.
    sheet.columnWidths?.forEach((width, i) => (worksheet.getColumn(i + 1).width = width));
    for (const [row, points] of Object.entries(sheet.rowHeights ?? {})) worksheet.getRow(Number(row)).height = points;
    const sheetValues = values[sheet.name] ?? {};
    for (const cell of sheet.cells) {
      const target = worksheet.getCell(cell.address);
      target.value = cellValue(cell, sheetValues[cell.address]);
      if (cell.numberFormat) target.numFmt = cell.numberFormat;
      const style = cell.role ? ROLE_STYLES[cell.role] : undefined;
      // The model's font under the role's (a title keeps its size 14).
      const font = { ...(model.font ? { name: model.font.name, size: model.font.size } : {}), ...style?.font };
      if (Object.keys(font).length > 0) target.font = font;
      if (style?.fill) target.fill = style.fill;
      if (style?.border) target.border = style.border;
      if (cell.wrap || cell.align) {
        target.alignment = { ...(cell.wrap ? { wrapText: true, vertical: "top" as const } : {}), ...(cell.align ? { horizontal: cell.align } : {}) };
      }
      if (cell.rule) target.dataValidation = dataValidation(cell.rule, cell.address);
    }
    const highlights = sheet.highlights ?? [];
    highlights.forEach((highlight, i) => worksheet.addConditionalFormatting(conditionalFormat(highlight, sheet.name, i + 1)));
    (sheet.decimalFormats ?? []).forEach((format, i) => worksheet.addConditionalFormatting(decimalFormat(format, sheet.name, highlights.length + i + 1)));
  });
  for (const name of model.names) workbook.definedNames.add(`${sheetReference(name.sheet)}!${name.range}`, name.name);
  const buffer = await workbook.xlsx.writeBuffer();
  const bytes = new Uint8Array(buffer as ArrayBuffer);
  const patch = model.sheets.some((s) => (s.highlights ?? []).length > 0 || s.print?.area !== undefined);
  if (!patch && model.charts.length === 0) return bytes;
  const files = unzipSync(bytes);
  if (patch) withContainsTextAttributes(files);
  // The model's charts as DrawingML parts (src/cli/xlsx-charts.ts): exceljs draws none.
  addCharts(files, model, values);
  return zipSync(files);
}
