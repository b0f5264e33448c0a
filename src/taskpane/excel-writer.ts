/**
 * Puts a WorkbookModel into the open workbook through the Excel JavaScript API, in two round trips
 * whatever the size of the model: one sync reads the sheet and defined names already there (to pick
 * a suffix that touches nothing of the user's), one sync applies everything else. Each contiguous
 * block of rows is one rectangular `range.formulas` and one `range.numberFormat` (null where the model
 * has no cell: Excel leaves those cells alone), so the queued commands grow with blocks, not cells.
 *
 * APIs used, and the requirement set of each: worksheets.add, getRange, formulas, numberFormat,
 * format fill/font (color, bold, italic, name, size), worksheet.activate, charts.add, chart.title,
 * chart.setPosition (ExcelApi 1.1); format.columnWidth (1.2); names.add (1.4);
 * range.conditionalFormats.add("ContainsText") with textComparison.rule/format, add("Custom") with
 * custom.rule.formula and custom.format.numberFormat (1.6);
 * freezePanes.freezeRows (1.7); range.dataValidation rule/prompt/errorAlert/ignoreBlanks and
 * worksheet.showGridlines (1.8); worksheet.pageLayout orientation, zoom, setPrintMargins,
 * setPrintTitleRows, headersFooters.defaultForAllPages (1.9). Anything above 1.4 is written only
 * where Office says the set is supported; what was left out is in WriteReport.skipped.
 *
 * Input rules, highlights, margins, header and footer are written as the CLI's file writer writes
 * them (src/cli/xlsx-writer.ts); tests/cli/xlsx-writer.test.ts holds the two to the same result.
 */
import type { CellModel, CellRole, ChartModel, Highlight, InputRule, PrintSetup, SheetModel, WorkbookModel } from "../workbook/model";
import { ERROR_TITLE, HIGHLIGHT_TONES as TONES, PRINT_MARGINS_INCHES, PROMPT_TITLE, blankCondition, checkHighlight, checkPrint, checkedRule, decimalCondition, pageHeaderFooter } from "../workbook/styles";
import { sheetReference } from "../workbook/template";

export interface WriteReport {
  /** "" for the first copy, " 2" for the second… */
  suffix: string;
  sheetNames: string[];
  cellsWritten: number;
  namesAdded: string[];
  chartsAdded: number;
  /** Whether rows were frozen (needs ExcelApi 1.7). */
  frozePanes: boolean;
  /** What the model asks for and this Excel cannot do, with the set it lacks: "page setup (ExcelApi 1.9)". */
  skipped: string[];
  /** context.sync() calls this load made. */
  syncs: number;
}

/** A problem the user can act on, said in plain words; the pane shows `message` as it is. */
export class DesignLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DesignLoadError";
  }
}

/** The model for a given suffix ("" first, then " 2", " 3"…): the writer picks the first free one. */
export type DesignBuilder = (suffix: string) => WorkbookModel;

/** Names and the requirement sets the writer needs. */
export const REQUIRED_EXCEL_API = "1.4";
const FREEZE_PANES_API = "1.7";
/** The requirement set of each optional feature, in the words WriteReport.skipped uses. */
const FEATURE_APIS = {
  "frozen rows": FREEZE_PANES_API,
  highlights: "1.6",
  "decimals as typed": "1.6",
  "input rules": "1.8",
  "hidden gridlines": "1.8",
  "page setup": "1.9",
} as const;
type Feature = keyof typeof FEATURE_APIS;
const MAX_COPIES = 100;

/**
 * Styles by role, the same colours as the file writer (src/cli/xlsx-writer.ts). Inputs look editable,
 * as in Microsoft's calculators: light-yellow fill, blue font.
 */
export const ROLE_STYLES: Readonly<Partial<Record<CellRole, { fill?: string; font?: string; bold?: boolean; italic?: boolean; size?: number }>>> = {
  title: { bold: true, size: 14, font: "#1F3864" },
  heading: { bold: true, font: "#1F3864", fill: "#D9E1F2" },
  input: { fill: "#FFF2CC", font: "#0000FF" },
  output: { bold: true },
  unit: { font: "#595959" },
  note: { font: "#595959" },
  source: { italic: true, font: "#7F7F7F" },
};

/** The shared tones and margins, with "#" as the Excel API takes colours. */
export const HIGHLIGHT_TONES: Readonly<Record<Highlight["tone"], { fill: string; font: string }>> = Object.fromEntries(
  Object.entries(TONES).map(([tone, { fill, font }]) => [tone, { fill: `#${fill}`, font: `#${font}` }]),
) as Record<Highlight["tone"], { fill: string; font: string }>;
export { PRINT_MARGINS_INCHES };

/** Header: the design's name, whom it is for and by, the sheet; footer: the revision date and "Page 3 of 7" (as the file writer's: pageHeaderFooter). */
export const headerFooterSections = pageHeaderFooter;

export { PROMPT_TITLE, ERROR_TITLE };

/** An input rule as Excel.DataValidationRule on `address` (checked by the shared checkedRule, as the file writer's). */
export function dataValidationRule(rule: InputRule, address: string): Excel.DataValidationRule {
  const checked = checkedRule(rule, address);
  switch (checked.kind) {
    case "list":
      return { list: { inCellDropDown: true, source: checked.fromRange ? `=${checked.source}` : checked.source } };
    case "custom":
      return { custom: { formula: `=${checked.formula}` } };
    case "whole":
      return { wholeNumber: { operator: "Between", formula1: checked.formula1, formula2: checked.formula2 } };
    case "decimal":
      return { decimal: { operator: "Between", formula1: checked.formula1, formula2: checked.formula2 } };
  }
}

const CHART_TYPES: Readonly<Record<ChartModel["type"], Excel.ChartType>> = {
  columnStacked: "ColumnStacked" as Excel.ChartType,
  pie: "Pie" as Excel.ChartType,
  barClustered: "BarClustered" as Excel.ChartType,
};

/** Column width in characters (of the default font's "0") to points, as Excel sizes Calibri 11: 7 px per character + 5 px padding, 0.75 pt per px. */
export function characterWidthToPoints(characters: number): number {
  return Math.round((characters * 7 + 5) * 0.75 * 100) / 100;
}

// ---------------------------------------------------------------------------------------------

interface Position {
  row: number; // 0-based
  column: number;
}

function parseCell(address: string): Position {
  const m = /^\$?([A-Z]{1,3})\$?(\d+)$/.exec(address.toUpperCase());
  if (!m) throw new Error(`not a cell address: ${address}`);
  let column = 0;
  for (const ch of m[1]) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, column: column - 1 };
}

/** A 0-based column index as its letters (0: A, 26: AA). */
export function columnLetters(index: number): string {
  let s = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const a1 = (row: number, column: number): string => `${columnLetters(column)}${row + 1}`;

/** A rectangle of the sheet to write at once: rows top..top+rows-1, columns left..left+columns-1. */
export interface CellBlock {
  address: string;
  formulas: (string | number | boolean | null)[][];
  numberFormat: (string | null)[][];
}

/**
 * Text that Excel would read as something else when entered (a formula, a number, a date, TRUE)
 * gets a leading apostrophe, so the cell holds exactly the model's text.
 */
export function enteredText(text: string): string {
  const t = text.trim();
  const reinterpreted =
    /^[=+\-@']/.test(t) || /^[\d\s.,:/%$()€£-]+$/.test(t) || /^(true|false)$/i.test(t) || /^#[A-Z/0!]+[?!]?$/.test(t);
  return t !== "" && reinterpreted ? `'${text}` : text;
}

function entered(cell: CellModel): string | number | boolean {
  if (cell.formula !== undefined) return cell.formula;
  const v = cell.value;
  if (v === undefined) return "";
  return typeof v === "string" ? enteredText(v) : v;
}

/** Group a sheet's cells into blocks of consecutive rows, each spanning the columns its rows use. */
export function cellBlocks(cells: readonly CellModel[]): CellBlock[] {
  const placed = cells.map((cell) => ({ cell, at: parseCell(cell.address) })).sort((a, b) => a.at.row - b.at.row || a.at.column - b.at.column);
  const blocks: CellBlock[] = [];
  let start = 0;
  while (start < placed.length) {
    let end = start + 1;
    while (end < placed.length && placed[end].at.row - placed[end - 1].at.row <= 1) end++;
    const run = placed.slice(start, end);
    const top = run[0].at.row;
    const bottom = run[run.length - 1].at.row;
    const left = Math.min(...run.map((p) => p.at.column));
    const right = Math.max(...run.map((p) => p.at.column));
    const grid = <T>(): (T | null)[][] => Array.from({ length: bottom - top + 1 }, () => new Array<T | null>(right - left + 1).fill(null));
    const formulas = grid<string | number | boolean>();
    const numberFormat = grid<string>();
    for (const { cell, at } of run) {
      formulas[at.row - top][at.column - left] = entered(cell);
      if (cell.numberFormat !== undefined) numberFormat[at.row - top][at.column - left] = cell.numberFormat;
    }
    const address = top === bottom && left === right ? a1(top, left) : `${a1(top, left)}:${a1(bottom, right)}`;
    blocks.push({ address, formulas, numberFormat });
    start = end;
  }
  return blocks;
}

/**
 * Rectangles of cells with the same key, for one command each: runs of adjacent cells in a row,
 * merged down while the next row has the same run ("B7:B18" for a column of inputs). Cells whose key
 * is undefined are left out.
 */
const ALIGNMENTS: Readonly<Record<NonNullable<CellModel["align"]>, Excel.HorizontalAlignment>> = {
  left: "Left" as Excel.HorizontalAlignment,
  center: "Center" as Excel.HorizontalAlignment,
  right: "Right" as Excel.HorizontalAlignment,
};

/** Consecutive rows of one height, as whole-row addresses: one command each ("7:9" at 30 points). */
function rowHeightRuns(heights: Readonly<Record<number, number>>): { rows: string; points: number }[] {
  const rows = Object.keys(heights).map(Number).sort((a, b) => a - b);
  const runs: { first: number; last: number; points: number }[] = [];
  for (const row of rows) {
    const run = runs[runs.length - 1];
    if (run && run.last === row - 1 && run.points === heights[row]) run.last = row;
    else runs.push({ first: row, last: row, points: heights[row] });
  }
  return runs.map((r) => ({ rows: `${r.first}:${r.last}`, points: r.points }));
}

export function rectanglesBy(cells: readonly CellModel[], keyOf: (cell: CellModel) => string | undefined): { key: string; address: string }[] {
  const byRow = new Map<number, { column: number; key: string }[]>();
  for (const cell of cells) {
    const key = keyOf(cell);
    if (key === undefined) continue;
    const at = parseCell(cell.address);
    const row = byRow.get(at.row) ?? [];
    row.push({ column: at.column, key });
    byRow.set(at.row, row);
  }
  interface Rect {
    key: string;
    top: number;
    bottom: number;
    left: number;
    right: number;
  }
  const done: Rect[] = [];
  /** Rectangles that reached the previous row, by "left right key": they may grow by one row. */
  let open = new Map<string, Rect>();
  let previousRow = -2;
  for (const [row, list] of [...byRow.entries()].sort((a, b) => a[0] - b[0])) {
    list.sort((a, b) => a.column - b.column);
    const next = new Map<string, Rect>();
    let i = 0;
    while (i < list.length) {
      let j = i;
      while (j + 1 < list.length && list[j + 1].key === list[i].key && list[j + 1].column === list[j].column + 1) j++;
      const id = `${list[i].column} ${list[j].column} ${list[i].key}`;
      const growing = row === previousRow + 1 ? open.get(id) : undefined;
      if (growing) {
        growing.bottom = row;
        open.delete(id);
        next.set(id, growing);
      } else {
        next.set(id, { key: list[i].key, top: row, bottom: row, left: list[i].column, right: list[j].column });
      }
      i = j + 1;
    }
    done.push(...open.values());
    open = next;
    previousRow = row;
  }
  done.push(...open.values());
  return done
    .sort((a, b) => a.top - b.top || a.left - b.left)
    .map((r) => {
      const from = a1(r.top, r.left);
      const to = a1(r.bottom, r.right);
      return { key: r.key, address: from === to ? from : `${from}:${to}` };
    });
}

/** Rectangles of cells with the same role, for one format command each. */
export function roleRanges(cells: readonly CellModel[]): { role: CellRole; address: string }[] {
  return rectanglesBy(cells, (cell) => (cell.role && ROLE_STYLES[cell.role] ? cell.role : undefined)).map(({ key, address }) => ({
    role: key as CellRole,
    address,
  }));
}

// ---------------------------------------------------------------------------------------------

const lower = (s: string) => s.toLowerCase();

/** Each role's fill, font colour, weight, slant and size over the cells of that role, one rectangle a call. */
export function queueRoleStyles(worksheet: Excel.Worksheet, cells: readonly CellModel[]): void {
  for (const { role, address } of roleRanges(cells)) {
    const style = ROLE_STYLES[role]!;
    const format = worksheet.getRange(address).format;
    if (style.fill) format.fill.color = style.fill;
    if (style.font) format.font.color = style.font;
    if (style.bold) format.font.bold = true;
    if (style.italic) format.font.italic = true;
    if (style.size) format.font.size = style.size;
  }
}

/** The first suffix ("", " 2", " 3"…) whose sheets and names are all free (Excel compares them case-insensitively). */
export function chooseFreeSuffix(existingSheets: readonly string[], existingNames: readonly string[], build: DesignBuilder): { suffix: string; model: WorkbookModel } {
  const sheets = new Set(existingSheets.map(lower));
  const names = new Set(existingNames.map(lower));
  for (let copy = 1; copy <= MAX_COPIES; copy++) {
    const suffix = copy === 1 ? "" : ` ${copy}`;
    const model = build(suffix);
    const clash = model.sheets.some((s) => sheets.has(lower(s.name))) || model.names.some((n) => names.has(lower(n.name)));
    if (!clash) return { suffix, model };
  }
  throw new DesignLoadError(`This workbook already holds ${MAX_COPIES} copies of the design: delete one before loading another.`);
}

function isSupported(version: string): boolean {
  return typeof Office !== "undefined" && Office.context?.requirements?.isSetSupported("ExcelApi", version) === true;
}

/** Which optional features this Excel supports. */
type Supported = Record<Feature, boolean>;

function queueSheet(worksheet: Excel.Worksheet, sheet: SheetModel, model: WorkbookModel, supported: Supported): void {
  for (const block of cellBlocks(sheet.cells)) {
    const range = worksheet.getRange(block.address);
    range.formulas = block.formulas as unknown as string[][];
    if (block.numberFormat.some((row) => row.some((f) => f !== null))) {
      range.numberFormat = block.numberFormat as unknown as string[][];
    }
  }
  // The model's font on exactly the written cells, before the roles' (a title keeps its size 14).
  if (model.font) {
    for (const { address } of rectanglesBy(sheet.cells, () => "font")) {
      const font = worksheet.getRange(address).format.font;
      font.name = model.font.name;
      font.size = model.font.size;
    }
  }
  queueRoleStyles(worksheet, sheet.cells);
  (sheet.columnWidths ?? []).forEach((characters, i) => {
    const column = columnLetters(i);
    worksheet.getRange(`${column}:${column}`).format.columnWidth = characterWidthToPoints(characters);
  });
  // Wrapped text: one command per rectangle; rows take the model's heights, as the file writer's.
  for (const { address } of rectanglesBy(sheet.cells, (cell) => (cell.wrap ? "wrap" : undefined))) {
    const format = worksheet.getRange(address).format;
    format.wrapText = true;
    format.verticalAlignment = "Top" as Excel.VerticalAlignment;
  }
  for (const { rows, points } of rowHeightRuns(sheet.rowHeights ?? {})) worksheet.getRange(rows).format.rowHeight = points;
  for (const { key, address } of rectanglesBy(sheet.cells, (cell) => cell.align)) {
    worksheet.getRange(address).format.horizontalAlignment = ALIGNMENTS[key as NonNullable<CellModel["align"]>];
  }

  if (supported["frozen rows"] && sheet.frozenRows) worksheet.freezePanes.freezeRows(sheet.frozenRows);
  if (supported["hidden gridlines"] && sheet.gridlines === false) worksheet.showGridlines = false;
  if (supported["input rules"]) queueInputRules(worksheet, sheet);
  // Decimal formats first: each add takes the top priority, so the highlights end above them, as in the file.
  if (supported["decimals as typed"]) queueDecimalFormats(worksheet, sheet);
  if (supported.highlights) queueHighlights(worksheet, sheet);
  if (supported["page setup"] && sheet.print) queuePageSetup(worksheet, sheet.print, model);
}

/** One validation per rectangle of cells with the same rule (a custom formula names its cell, so stands alone). */
function queueInputRules(worksheet: Excel.Worksheet, sheet: SheetModel): void {
  const byKey = new Map<string, { rule: Excel.DataValidationRule; input: InputRule }>();
  const keyOf = (cell: CellModel): string | undefined => {
    if (!cell.rule) return undefined;
    const rule = dataValidationRule(cell.rule, cell.address);
    const key = JSON.stringify([rule, cell.rule.allowBlank, cell.rule.prompt, cell.rule.error]);
    byKey.set(key, { rule, input: cell.rule });
    return key;
  };
  for (const { key, address } of rectanglesBy(sheet.cells, keyOf)) {
    const { rule, input } = byKey.get(key)!;
    const validation = worksheet.getRange(address).dataValidation;
    validation.rule = rule;
    validation.ignoreBlanks = input.allowBlank;
    validation.prompt = { showPrompt: true, title: PROMPT_TITLE, message: input.prompt };
    validation.errorAlert = { showAlert: true, style: "Stop", title: ERROR_TITLE, message: input.error };
  }
}

/** Each highlight as a "text contains" conditional format; added last first, so the sheet's first has the top priority. */
function queueHighlights(worksheet: Excel.Worksheet, sheet: SheetModel): void {
  for (const highlight of [...(sheet.highlights ?? [])].reverse()) {
    const tone = HIGHLIGHT_TONES[highlight.tone];
    const formats = worksheet.getRange(highlight.range).conditionalFormats;
    if ("blankIn" in highlight) {
      const custom = formats.add("Custom" as Excel.ConditionalFormatType).custom;
      custom.rule.formula = `=${blankCondition(highlight, sheet.name)}`;
      custom.format.fill.color = tone.fill;
      continue;
    }
    if ("equals" in highlight) {
      const value = formats.add("CellValue" as Excel.ConditionalFormatType).cellValue;
      value.format.fill.color = tone.fill;
      value.format.font.color = tone.font;
      value.rule = { formula1: `=${highlight.equals}`, operator: "EqualTo" };
      continue;
    }
    const text = formats.add("ContainsText").textComparison;
    text.format.fill.color = tone.fill;
    text.format.font.color = tone.font;
    text.rule = { operator: "Contains", text: highlight.text };
  }
}

/** Each decimal format as a custom conditional format whose format is the number format alone (as the file writer's); added last first, as the highlights. */
function queueDecimalFormats(worksheet: Excel.Worksheet, sheet: SheetModel): void {
  for (const format of [...(sheet.decimalFormats ?? [])].reverse()) {
    const custom = worksheet.getRange(format.range).conditionalFormats.add("Custom" as Excel.ConditionalFormatType).custom;
    custom.rule.formula = `=${decimalCondition(format, sheet.name)}`;
    custom.format.numberFormat = format.numberFormat;
  }
}

/** One page wide and `fitToPagesTall` tall (0: as many as needed), narrow margins, title rows, header and footer. */
function queuePageSetup(worksheet: Excel.Worksheet, print: PrintSetup, model: WorkbookModel): void {
  const layout = worksheet.pageLayout;
  layout.orientation = print.orientation === "landscape" ? "Landscape" : "Portrait";
  layout.zoom = { horizontalFitToPages: 1, verticalFitToPages: print.fitToPagesTall };
  layout.setPrintMargins("Inches", { ...PRINT_MARGINS_INCHES });
  if (print.titleRows) {
    const [first, last] = print.titleRows.split(":");
    layout.setPrintTitleRows(`$${first}:$${last}`);
  }
  if (print.area) layout.setPrintArea(print.area);
  const sections = headerFooterSections(model);
  const page = layout.headersFooters.defaultForAllPages;
  if (sections.leftHeader) page.leftHeader = sections.leftHeader;
  if (sections.centerHeader) page.centerHeader = sections.centerHeader;
  page.rightHeader = sections.rightHeader;
  page.leftFooter = sections.leftFooter;
  page.rightFooter = sections.rightFooter;
}

/** What Excel would refuse or misread, found before anything is queued: the same checks as the file writer, whatever this Excel supports. */
function checkModel(model: WorkbookModel): void {
  for (const sheet of model.sheets) {
    for (const cell of sheet.cells) if (cell.rule) dataValidationRule(cell.rule, cell.address);
    for (const highlight of sheet.highlights ?? []) checkHighlight(highlight, sheet.name);
    for (const format of sheet.decimalFormats ?? []) decimalCondition(format, sheet.name);
    if (sheet.print) checkPrint(sheet.print, sheet.name);
  }
}

/** Features the model uses that this Excel lacks, as "page setup (ExcelApi 1.9)". */
function skippedFeatures(model: WorkbookModel, supported: Supported): string[] {
  const used: Record<Feature, boolean> = {
    "frozen rows": model.sheets.some((s) => (s.frozenRows ?? 0) > 0),
    highlights: model.sheets.some((s) => (s.highlights ?? []).length > 0),
    "decimals as typed": model.sheets.some((s) => (s.decimalFormats ?? []).length > 0),
    "input rules": model.sheets.some((s) => s.cells.some((c) => c.rule)),
    "hidden gridlines": model.sheets.some((s) => s.gridlines === false),
    "page setup": model.sheets.some((s) => s.print),
  };
  return (Object.keys(FEATURE_APIS) as Feature[]).filter((f) => used[f] && !supported[f]).map((f) => `${f} (ExcelApi ${FEATURE_APIS[f]})`);
}

/**
 * Load a copy of the design into the workbook of `context`: new sheets and names only, under the first
 * free suffix. Two syncs: read what exists, then write.
 */
export function writeDesign(context: Excel.RequestContext, build: DesignBuilder): Promise<WriteReport> {
  return writeModel(context, (sheets, names) => chooseFreeSuffix(sheets, names, build));
}

/**
 * Put a model into the workbook that `choose` picks from the sheet and defined names already there
 * (the design's first free suffix; the Compare sheet's free names): new sheets and names only — one
 * that exists after all is refused, never overwritten. Two syncs: read what exists, then write.
 */
export async function writeModel(
  context: Excel.RequestContext,
  choose: (existingSheets: readonly string[], existingNames: readonly string[]) => { suffix: string; model: WorkbookModel },
): Promise<WriteReport> {
  if (!isSupported(REQUIRED_EXCEL_API)) {
    throw new DesignLoadError(
      `This version of Excel cannot hold the design: it needs Excel JavaScript API ${REQUIRED_EXCEL_API} (Excel 2016 or later, or Excel on the web).`,
    );
  }
  let syncs = 0;
  const sync = async () => {
    syncs += 1;
    await context.sync();
  };

  const worksheets = context.workbook.worksheets.load("items/name");
  const names = context.workbook.names.load("items/name");
  await sync();
  const existingSheets = worksheets.items.map((w) => w.name);
  const existingNames = names.items.map((n) => n.name);
  const { suffix, model } = choose(existingSheets, existingNames);
  const taken = new Set([...existingSheets, ...existingNames].map(lower));
  const clash = [...model.sheets.map((s) => s.name), ...model.names.map((n) => n.name)].find((name) => taken.has(lower(name)));
  if (clash !== undefined) throw new DesignLoadError(`This workbook already has "${clash}": nothing was written, so nothing of yours was changed.`);

  checkModel(model);
  const supported = Object.fromEntries((Object.keys(FEATURE_APIS) as Feature[]).map((f) => [f, isSupported(FEATURE_APIS[f])])) as Supported;
  const added = new Map<string, Excel.Worksheet>();
  for (const sheet of model.sheets) {
    const worksheet = context.workbook.worksheets.add(sheet.name);
    added.set(sheet.name, worksheet);
    queueSheet(worksheet, sheet, model, supported);
  }
  for (const name of model.names) {
    context.workbook.names.add(name.name, `=${sheetReference(name.sheet)}!${name.range}`, name.comment);
  }
  for (const chart of model.charts) {
    const worksheet = added.get(chart.sheet);
    if (!worksheet) throw new Error(`chart "${chart.title}" is on sheet ${chart.sheet}, which the model does not have`);
    const drawn = worksheet.charts.add(CHART_TYPES[chart.type], worksheet.getRange(chart.source), Excel.ChartSeriesBy.columns);
    drawn.title.text = chart.title;
    drawn.setPosition(chart.from, chart.to);
  }
  added.get(model.sheets[0].name)?.activate();
  await sync();

  return {
    suffix,
    sheetNames: model.sheets.map((s) => s.name),
    cellsWritten: model.sheets.reduce((n, s) => n + s.cells.length, 0),
    namesAdded: model.names.map((n) => n.name),
    chartsAdded: model.charts.length,
    frozePanes: supported["frozen rows"] && model.sheets.some((s) => (s.frozenRows ?? 0) > 0),
    skipped: skippedFeatures(model, supported),
    syncs,
  };
}
