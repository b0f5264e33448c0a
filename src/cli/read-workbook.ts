/**
 * A design workbook read back (`exsize export --from FILE.xlsx`): the Inputs sheet's
 * inputs a person edited in Excel, found by the defined names the template gives them (Users,
 * QuotaMB, … — src/workbook/template.ts INPUT_NAMES), with the factors table (Factors), the mailbox
 * tiers (TierMailboxes, TierMessages, TierMessageKB, TierQuotaMB) and the Hardware sheet's disk
 * classes (DiskClasses). Read with exceljs, required only here, so no other command loads it.
 * The values are checked and sized by src/workbook/input-values.ts designFromCells, as the pane's
 * export does with the values Office.js gives.
 */
import * as fs from "fs";
import type ExcelJS from "exceljs";
import { INPUT_ROWS, type CellInput, type InputCells, type Places } from "../workbook/input-values";
import { TIER_COLUMNS, TIER_NAMES, type TierColumn } from "../workbook/sheets/tiers";

/** Why a workbook cannot be read: no such file, not an .xlsx, not a design workbook. */
export class WorkbookReadError extends Error {}

/** A defined name's range: its sheet and its cells, "Inputs!$B$6" or "'Inputs 2'!$A$29:$B$43". */
interface NamedRange {
  sheet: string;
  first: { column: number; row: number };
  last: { column: number; row: number };
}

const columnNumber = (letters: string): number => [...letters].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0);
const columnLetters = (n: number): string => (n <= 0 ? "" : columnLetters(Math.floor((n - 1) / 26)) + String.fromCharCode(65 + ((n - 1) % 26)));

function parseRange(text: string): NamedRange | undefined {
  const m = /^(?:'((?:[^']|'')+)'|([^!]+))!\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/.exec(text);
  if (!m) return undefined;
  const sheet = m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2];
  const first = { column: columnNumber(m[3]), row: Number(m[4]) };
  const last = m[5] !== undefined ? { column: columnNumber(m[5]), row: Number(m[6]) } : first;
  return { sheet, first, last };
}

/** A cell's value as the sizing reads it: a formula's cached result, rich text as its text, an error as its code. */
function cellInput(value: ExcelJS.CellValue): CellInput {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean") return value;
  if (value instanceof Date) return { error: "a date" };
  if (typeof value === "object") {
    if ("error" in value) return { error: String(value.error) };
    if ("result" in value) return value.result === undefined ? null : cellInput(value.result as ExcelJS.CellValue);
    if ("richText" in value) return value.richText.map((t) => t.text).join("");
    if ("text" in value) return String(value.text);
  }
  return { error: "a value that is not a number or text" };
}

/**
 * Why `file` cannot be read as a workbook before a byte is read, or undefined: a folder, a device, a
 * pipe or a socket (a pipe's read would wait for a writer forever), a missing or unreadable file.
 */
export function workbookFileProblem(file: string): string | undefined {
  try {
    const stat = fs.statSync(file);
    if (stat.isDirectory()) return "it is a folder, not a workbook";
    if (!stat.isFile()) return "not a file (a device, a pipe or a socket), not a workbook";
    return undefined;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (e as Error).message;
  }
}

/** A design workbook holds several designs (a Compare workbook): which one to read is the caller's to say. */
export class WhichDesignError extends Error {}

/**
 * Every input, factor, tier and disk class of a design workbook, and where each sits (for messages).
 * A workbook of several designs (exsize compare's or fit's: design N's names end in _N, its sheets in
 * " N") is read at `design` (1 the first); without it, it is refused, never guessed (WhichDesignError).
 */
export async function readWorkbookCells(file: string, design?: number): Promise<{ cells: InputCells; places: Places; designs: number }> {
  const problem = workbookFileProblem(file);
  if (problem !== undefined) throw new WorkbookReadError(problem);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Workbook } = require("exceljs") as typeof import("exceljs");
  const workbook = new Workbook();
  try {
    await workbook.xlsx.readFile(file);
  } catch (e) {
    throw new WorkbookReadError(`not an .xlsx workbook (${e instanceof Error ? e.message : String(e)})`);
  }
  const rangeOf = (name: string): NamedRange | undefined => {
    const ranges = workbook.definedNames.getRanges(name)?.ranges ?? [];
    return ranges.length > 0 ? parseRange(ranges[0]) : undefined;
  };
  // The designs: the first's names are plain, the Nth's end in _N (compare.ts liveCompareWorkbook).
  let designs = 1;
  while (INPUT_ROWS.some((r) => rangeOf(`${r.name}_${designs + 1}`) !== undefined)) designs++;
  if (design === undefined && designs > 1) {
    throw new WhichDesignError(`${file} holds ${designs} designs side by side (a Compare workbook); give --design N, 1 to ${designs}, to say which to read`);
  }
  if (design !== undefined && (!Number.isInteger(design) || design < 1 || design > designs)) {
    throw new WhichDesignError(`--design must be a whole number from 1 to ${designs}, the designs ${file} holds; got ${design}`);
  }
  const suffix = design === undefined || design === 1 ? "" : `_${design}`;
  const named = (name: string): NamedRange | undefined => rangeOf(`${name}${suffix}`);
  const cellAt = (sheet: string, column: number, row: number): CellInput => {
    const worksheet = workbook.getWorksheet(sheet);
    if (!worksheet) throw new WorkbookReadError(`its defined names point to a sheet ${JSON.stringify(sheet)} it does not have`);
    return cellInput(worksheet.getCell(row, column).value);
  };
  const rows = (range: NamedRange): CellInput[][] =>
    Array.from({ length: range.last.row - range.first.row + 1 }, (_, r) =>
      Array.from({ length: range.last.column - range.first.column + 1 }, (_, c) => cellAt(range.sheet, range.first.column + c, range.first.row + r)),
    );
  const address = (range: NamedRange, row = 1, column = range.last.column) => `${range.sheet}!${columnLetters(column)}${range.first.row + row - 1}`;

  const cells: InputCells = { inputs: {} };
  const inputPlaces = new Map<string, string>();
  for (const input of INPUT_ROWS) {
    const range = named(input.name);
    if (range === undefined) continue;
    cells.inputs[input.key] = cellAt(range.sheet, range.first.column, range.first.row);
    inputPlaces.set(input.key, `${address(range)} (${input.label})`);
  }
  if (inputPlaces.size === 0) {
    throw new WorkbookReadError(`it has none of the design's defined names (${INPUT_ROWS.slice(0, 3).map((r) => r.name).join(", ")}, …): not a design workbook written by exsize design or the add-in`);
  }
  const ranges = new Map<string, NamedRange>();
  const factors = named("Factors");
  if (factors) {
    ranges.set("Factors", factors);
    cells.factors = rows(factors);
  }
  const disks = named("DiskClasses");
  if (disks) {
    ranges.set("DiskClasses", disks);
    cells.diskClasses = rows(disks);
  }
  const serverDisks = named("ServerDisks");
  if (serverDisks) {
    ranges.set("ServerDisks", serverDisks);
    cells.serverDisks = rows(serverDisks);
  }
  const tiers: Partial<Record<TierColumn, CellInput[]>> = {};
  for (const column of TIER_COLUMNS) {
    const range = named(TIER_NAMES[column]);
    if (!range) continue;
    ranges.set(TIER_NAMES[column], range);
    tiers[column] = rows(range).map((r) => r[0]);
  }
  if (Object.keys(tiers).length > 0) cells.tiers = tiers;

  const places: Places = {
    input: (key) => inputPlaces.get(key) ?? key,
    range: (name, row) => {
      const range = ranges.get(name);
      return range ? `${address(range, row)} (${name} row ${row})` : `${name} row ${row}`;
    },
  };
  return { cells, places, designs };
}
