/**
 * The engine's evaluation of the template: every formula of a WorkbookModel evaluated with the
 * project's formula reader, over the model's own cells and defined names. Writers use the values as
 * cached results (a file shows numbers before any recalculation); tests use them to check that
 * changing an input moves the outputs the way the worksheet functions say.
 */
import { SizingError } from "../engine";
import { evaluateFormula, type EvaluationContext, type FormulaResult } from "../formula";
import type { CellModel, DefinedName, WorkbookModel } from "./model";

/** What one cell holds once evaluated; null is an empty cell. */
export type EvaluatedValue = number | string | boolean | SizingError | null;
/** Values per sheet, then per A1 address (only cells the model has). */
export type WorkbookValues = Record<string, Record<string, EvaluatedValue>>;

export interface CellPosition {
  row: number;
  column: number;
}

/** "C12" → { row: 11, column: 2 } (0-based); dollars allowed. */
export function parseA1(address: string): CellPosition {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(address.trim());
  if (!m) throw new Error(`not an A1 cell address: ${JSON.stringify(address)}`);
  let column = 0;
  for (const ch of m[1].toUpperCase()) column = column * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, column: column - 1 };
}

/** { row: 11, column: 2 } → "C12". */
export function toA1(row: number, column: number): string {
  let letters = "";
  for (let c = column + 1; c > 0; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}

/** A defined name's range "$A$20:$B$31" as 0-based bounds. */
export function parseRange(range: string): { top: number; left: number; bottom: number; right: number } {
  const [first, last = first] = range.split(":");
  const a = parseA1(first);
  const b = parseA1(last);
  return {
    top: Math.min(a.row, b.row),
    left: Math.min(a.column, b.column),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.column, b.column),
  };
}

/** One number per cell of a sheet (Excel's columns are fewer than 16,384). */
const key = (row: number, column: number) => row * 16_384 + column;

interface EvaluatedSheet {
  name: string;
  cells: Map<number, CellModel>;
  done: Map<number, EvaluatedValue>;
  inProgress: Set<number>;
}

/**
 * Evaluate every formula of the model. Each cell is computed once (memoised); a formula that
 * depends on itself gets an error value instead of recursing forever.
 */
export function evaluateWorkbook(model: WorkbookModel): WorkbookValues {
  const sheets = new Map<string, EvaluatedSheet>();
  for (const sheet of model.sheets) {
    const cells = new Map<number, CellModel>();
    for (const cell of sheet.cells) {
      const { row, column } = parseA1(cell.address);
      cells.set(key(row, column), cell);
    }
    sheets.set(sheet.name.toUpperCase(), { name: sheet.name, cells, done: new Map(), inProgress: new Set() });
  }
  // Sheet names as formulas write them; Excel matches them ignoring case.
  const sheetsAsWritten = new Map<string, EvaluatedSheet | undefined>();
  const sheetNamed = (name: string): EvaluatedSheet | undefined => {
    if (!sheetsAsWritten.has(name)) sheetsAsWritten.set(name, sheets.get(name.toUpperCase()));
    return sheetsAsWritten.get(name);
  };
  const names = new Map<string, DefinedName>(model.names.map((n) => [n.name.toUpperCase(), n]));
  const namedRanges = new Map<string, ReturnType<NonNullable<EvaluationContext["name"]>>>();
  const namedRange = (name: string) => {
    if (!namedRanges.has(name)) {
      const defined = names.get(name.toUpperCase());
      namedRanges.set(name, defined ? { sheet: defined.sheet, ...parseRange(defined.range) } : undefined);
    }
    return namedRanges.get(name);
  };

  function valueAt(sheetName: string, row: number, column: number): EvaluatedValue {
    const sheet = sheetNamed(sheetName);
    if (!sheet) return new SizingError("#N/A", `there is no sheet named ${JSON.stringify(sheetName)}`);
    const id = key(row, column);
    const known = sheet.done.get(id);
    if (known !== undefined) return known;
    const cell = sheet.cells.get(id);
    if (!cell) return null;
    if (cell.formula === undefined) return cell.value ?? null;
    if (sheet.inProgress.has(id)) {
      return new SizingError("#NUM!", `circular reference: ${sheet.name}!${toA1(row, column)} depends on itself`);
    }
    sheet.inProgress.add(id);
    let value: EvaluatedValue;
    try {
      value = scalar(evaluateFormula(cell.formula, contextFor(sheet.name, row, column)));
      // A cell holds no negative zero: Excel stores and shows 0 (0 × −1 is 0 in a workbook, −0 in a double).
      if (Object.is(value, -0)) value = 0;
    } finally {
      sheet.inProgress.delete(id);
    }
    sheet.done.set(id, value);
    return value;
  }

  function contextFor(sheet: string, row: number, column: number): EvaluationContext {
    return {
      sheet,
      origin: { row, column },
      cell: (s, r, c) => valueAt(s ?? sheet, r, c),
      name: namedRange,
    };
  }

  const values: WorkbookValues = {};
  for (const sheet of model.sheets) {
    const out: Record<string, EvaluatedValue> = {};
    for (const cell of sheet.cells) {
      const { row, column } = parseA1(cell.address);
      out[cell.address] = valueAt(sheet.name, row, column);
    }
    values[sheet.name] = out;
  }
  return values;
}

/** A formula whose result is a range shows its top-left value in a single cell. */
function scalar(result: FormulaResult): EvaluatedValue {
  let v: FormulaResult = result;
  while (Array.isArray(v)) v = v[0]?.[0] ?? null;
  return v;
}

/** A copy of the model with some input cells changed, as a user types them: `{ sheet, address, value }`. */
export function withCellValues(
  model: WorkbookModel,
  changes: ReadonlyArray<{ sheet: string; address: string; value: number | string | boolean }>,
): WorkbookModel {
  const sheets = model.sheets.map((sheet) => {
    const mine = changes.filter((c) => c.sheet === sheet.name);
    if (mine.length === 0) return sheet;
    const cells = sheet.cells.map((cell) => ({ ...cell }));
    for (const change of mine) {
      const at = parseA1(change.address);
      const cell = cells.find((c) => {
        const p = parseA1(c.address);
        return p.row === at.row && p.column === at.column;
      });
      if (!cell) throw new Error(`${sheet.name}!${change.address} is not a cell of the model`);
      // An input may hold a default formula (the Jetstress target) that the user types over.
      if (cell.formula !== undefined && cell.role !== "input") throw new Error(`${sheet.name}!${change.address} holds a formula, not an input`);
      delete cell.formula;
      cell.value = change.value;
    }
    return { ...sheet, cells };
  });
  for (const change of changes) {
    if (!model.sheets.some((s) => s.name === change.sheet)) throw new Error(`there is no sheet named ${JSON.stringify(change.sheet)}`);
  }
  return { ...model, sheets };
}

/** A copy of the model with inputs changed by their defined names: `{ Users: 7500 }`. */
export function withInputs(model: WorkbookModel, changes: Record<string, number | string | boolean>): WorkbookModel {
  return withCellValues(
    model,
    Object.entries(changes).map(([name, value]) => {
      const defined = model.names.find((n) => n.name.toUpperCase() === name.toUpperCase());
      if (!defined) throw new Error(`there is no defined name ${JSON.stringify(name)}`);
      const range = parseRange(defined.range);
      if (range.top !== range.bottom || range.left !== range.right) throw new Error(`${name} is a range, not one input cell`);
      return { sheet: defined.sheet, address: toA1(range.top, range.left), value };
    }),
  );
}

/**
 * The model as the customer copy holds it: every formula that calls an EXSIZE function replaced by
 * its native rendering (CellModel.native). Evaluating this and the live model must agree: that is
 * the customer copy's promise, tested over random inputs.
 */
export function nativeModel(model: WorkbookModel): WorkbookModel {
  return {
    ...model,
    sheets: model.sheets.map((sheet) => ({
      ...sheet,
      cells: sheet.cells.map((cell) => (cell.native === undefined ? cell : { ...cell, formula: cell.native })),
    })),
  };
}
