/**
 * Values inside the evaluator, and Excel's coercions between them.
 * A scalar is a number, text, boolean, an empty cell (null) or an error; a matrix is a range's
 * values or an array constant, row by row.
 */
import { SizingError, formatGeneral, roundTo15 } from "../engine";
import { formulaError } from "./errors";
import { parseNumberText } from "../functions/arguments";

// General-format numbers live in the engine (src/engine/general-format.ts): its texts print them too.
export { formatGeneral, roundTo15 };

export type Scalar = number | string | boolean | null | SizingError;
export type Matrix = Scalar[][];
export type Value = Scalar | Matrix;

export const isMatrix = (v: Value): v is Matrix => Array.isArray(v);

/**
 * Text Excel reads as a number in arithmetic: " 1,000 ", "1.5e3", "-2", "50%". One rule for
 * cells, the CLI and the pane (src/functions/arguments.ts): a comma only groups thousands.
 */
export function numberFromText(text: string): number | undefined {
  return parseNumberText(text);
}

/**
 * A range's rows beyond the cells that exist: one shared, frozen row of empty cells per width,
 * so a whole column costs a reference per row, and aggregates skip such rows at once.
 */
const EMPTY_ROWS = new Map<number, readonly Scalar[]>();
const EMPTY_ROW_SET = new WeakSet<readonly Scalar[]>();

export function emptyRow(width: number): Scalar[] {
  let row = EMPTY_ROWS.get(width);
  if (row === undefined) {
    row = Object.freeze(new Array<Scalar>(width).fill(null));
    if (EMPTY_ROWS.size > 64) EMPTY_ROWS.clear();
    EMPTY_ROWS.set(width, row);
    EMPTY_ROW_SET.add(row);
  }
  return row as Scalar[];
}

/** True for a row of emptyRow(): every cell empty. */
export const isEmptyRow = (row: readonly Scalar[]): boolean => EMPTY_ROW_SET.has(row);

/** Cells of a matrix, counted without reading them. */
export const matrixCells = (m: Matrix): number => m.length * (m[0]?.length ?? 0);

/** Excel arithmetic coercion: numeric text → number, TRUE → 1, empty → 0, other text → #VALUE!. */
export function toNumber(v: Scalar): number | SizingError {
  if (typeof v === "number") return v;
  if (v === null) return 0;
  if (typeof v === "boolean") return v ? 1 : 0;
  if (typeof v === "string") {
    const n = numberFromText(v);
    return n ?? formulaError("#VALUE!", `${JSON.stringify(v)} is text, not a number`);
  }
  return v;
}

/** Excel text coercion (the & operator, CONCAT): numbers as a General cell shows them. */
export function toText(v: Scalar): string | SizingError {
  if (typeof v === "string") return v;
  if (typeof v === "number") return formatGeneral(v);
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (v === null) return "";
  return v;
}

/** Excel logical coercion (IF, AND, NOT): numbers ≠ 0 are TRUE; only "TRUE"/"FALSE" text is logical. */
export function toBoolean(v: Scalar): boolean | SizingError {
  if (typeof v === "boolean") return v;
  if (typeof v === "number") return v !== 0;
  if (v === null) return false;
  if (typeof v === "string") {
    const upper = v.trim().toUpperCase();
    if (upper === "TRUE" || upper === "FALSE") return upper === "TRUE";
    return formulaError("#VALUE!", `${JSON.stringify(v)} is text, not TRUE or FALSE`);
  }
  return v;
}

/** A matrix where one value is needed: a 1×1 range is its value, anything larger is #VALUE!. */
export function toScalar(v: Value, what: string): Scalar {
  if (!isMatrix(v)) return v;
  if (v.length === 1 && v[0].length === 1) return v[0][0];
  return formulaError("#VALUE!", `${what} must be a single value, not a range of ${v.length}×${v[0]?.length ?? 0}`);
}

/** The first error in a matrix, if any (Excel passes no range with an error to a function). */
export function firstError(m: Matrix): SizingError | undefined {
  for (const row of m) if (!isEmptyRow(row)) for (const v of row) if (v instanceof SizingError) return v;
  return undefined;
}

/** Excel's ordering for comparisons: numbers < text < booleans; text case-insensitive. */
const TYPE_RANK = { number: 0, string: 1, boolean: 2 } as const;

export function compareScalars(a: number | string | boolean | null, b: number | string | boolean | null): number {
  // An empty cell compares as the other side's blank: 0, "" or FALSE.
  if (a === null) a = b === null ? 0 : typeof b === "number" ? 0 : typeof b === "string" ? "" : false;
  if (b === null) b = typeof a === "number" ? 0 : typeof a === "string" ? "" : false;
  const rankA = TYPE_RANK[typeof a as keyof typeof TYPE_RANK];
  const rankB = TYPE_RANK[typeof b as keyof typeof TYPE_RANK];
  if (rankA !== rankB) return rankA - rankB;
  if (typeof a === "number") {
    const b1 = b as number;
    if (a === b1) return 0;
    // Apart by more than 15 digits can tell, the order is the numbers' own (rounding moves each by 5e-15 at most).
    if (Math.abs(a - b1) > 1e-13 * Math.max(Math.abs(a), Math.abs(b1))) return a < b1 ? -1 : 1;
    // 15 digits, so =0.1+0.2=0.3 is TRUE as in Excel.
    const x = roundTo15(a);
    const y = roundTo15(b as number);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === "string") {
    const x = a.toLowerCase();
    const y = (b as string).toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return Number(a) - Number(b);
}
