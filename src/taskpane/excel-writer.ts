/**
 * Puts a WorkbookModel into the open workbook through the Excel JavaScript API, in two round trips
 * whatever the size of the model: one sync reads the sheet and defined names already there (to pick
 * a suffix that touches nothing of the user's), one sync applies everything else. Each contiguous
 * block of rows is one rectangular `range.formulas` and one `range.numberFormat` (null where the model
 * has no cell: Excel leaves those cells alone), so the queued commands grow with blocks, not cells.
 *
 * APIs used, all ExcelApi ≤ 1.10: worksheets.add, getRange, formulas, numberFormat, format fill/font
 * (1.1), format.columnWidth (1.2), names.add (1.4), freezePanes.freezeRows (1.7), charts.add,
 * chart.title, chart.setPosition (1.1).
 */
import type { CellModel, CellRole, ChartModel, SheetModel, WorkbookModel } from "../workbook/model";
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

function columnLetters(index: number): string {
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
 * Rectangles of cells with the same role, for one format command each: runs of adjacent cells in a
 * row, merged down while the next row has the same run ("B7:B18" for a column of inputs).
 */
export function roleRanges(cells: readonly CellModel[]): { role: CellRole; address: string }[] {
  const byRow = new Map<number, { column: number; role: CellRole }[]>();
  for (const cell of cells) {
    if (!cell.role || !ROLE_STYLES[cell.role]) continue;
    const at = parseCell(cell.address);
    const row = byRow.get(at.row) ?? [];
    row.push({ column: at.column, role: cell.role });
    byRow.set(at.row, row);
  }
  interface Rect {
    role: CellRole;
    top: number;
    bottom: number;
    left: number;
    right: number;
  }
  const done: Rect[] = [];
  /** Rectangles that reached the previous row, by "role left right": they may grow by one row. */
  let open = new Map<string, Rect>();
  let previousRow = -2;
  for (const [row, list] of [...byRow.entries()].sort((a, b) => a[0] - b[0])) {
    list.sort((a, b) => a.column - b.column);
    const next = new Map<string, Rect>();
    let i = 0;
    while (i < list.length) {
      let j = i;
      while (j + 1 < list.length && list[j + 1].role === list[i].role && list[j + 1].column === list[j].column + 1) j++;
      const key = `${list[i].role} ${list[i].column} ${list[j].column}`;
      const growing = row === previousRow + 1 ? open.get(key) : undefined;
      if (growing) {
        growing.bottom = row;
        open.delete(key);
        next.set(key, growing);
      } else {
        next.set(key, { role: list[i].role, top: row, bottom: row, left: list[i].column, right: list[j].column });
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
      return { role: r.role, address: from === to ? from : `${from}:${to}` };
    });
}

// ---------------------------------------------------------------------------------------------

const lower = (s: string) => s.toLowerCase();

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

function queueSheet(worksheet: Excel.Worksheet, sheet: SheetModel, freeze: boolean): void {
  for (const block of cellBlocks(sheet.cells)) {
    const range = worksheet.getRange(block.address);
    range.formulas = block.formulas as unknown as string[][];
    if (block.numberFormat.some((row) => row.some((f) => f !== null))) {
      range.numberFormat = block.numberFormat as unknown as string[][];
    }
  }
  for (const { role, address } of roleRanges(sheet.cells)) {
    const style = ROLE_STYLES[role]!;
    const format = worksheet.getRange(address).format;
    if (style.fill) format.fill.color = style.fill;
    if (style.font) format.font.color = style.font;
    if (style.bold) format.font.bold = true;
    if (style.italic) format.font.italic = true;
    if (style.size) format.font.size = style.size;
  }
  (sheet.columnWidths ?? []).forEach((characters, i) => {
    const column = columnLetters(i);
    worksheet.getRange(`${column}:${column}`).format.columnWidth = characterWidthToPoints(characters);
  });
  if (freeze && sheet.frozenRows) worksheet.freezePanes.freezeRows(sheet.frozenRows);
}

/**
 * Load a copy of the design into the workbook of `context`: new sheets and names only, under the first
 * free suffix. Two syncs: read what exists, then write.
 */
export async function writeDesign(context: Excel.RequestContext, build: DesignBuilder): Promise<WriteReport> {
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
  const { suffix, model } = chooseFreeSuffix(
    worksheets.items.map((w) => w.name),
    names.items.map((n) => n.name),
    build,
  );

  const freeze = isSupported(FREEZE_PANES_API);
  const added = new Map<string, Excel.Worksheet>();
  for (const sheet of model.sheets) {
    const worksheet = context.workbook.worksheets.add(sheet.name);
    added.set(sheet.name, worksheet);
    queueSheet(worksheet, sheet, freeze);
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
    frozePanes: freeze && model.sheets.some((s) => (s.frozenRows ?? 0) > 0),
    syncs,
  };
}
