/**
 * Evaluates a parsed formula. A node is compiled once into closures (kept in a WeakMap), and
 * formula text is parsed once (kept by text), so a template recalculated many times costs only
 * the arithmetic and the function calls.
 */
import { SizingError } from "../engine";
import type { BinaryOperator, FormulaNode } from "./ast";
import { formulaError, type FormulaErrorCode } from "./errors";
import { FORMULA_FUNCTIONS } from "./functions";
import { cellAddress, parseFormula, parseFormulaReferences, MAX_COLUMNS, MAX_ROWS, type WrittenCorner, type WrittenReference } from "./parser";
import { nearest } from "../functions/suggest";
import {
  compareScalars,
  emptyRow,
  isEmptyRow,
  isMatrix,
  matrixCells,
  toNumber,
  toText,
  type Matrix,
  type Scalar,
  type Value,
} from "./values";

export type FormulaResult = number | string | boolean | SizingError | FormulaResult[][];

export interface EvaluationContext {
  /** Sheet of the cell being evaluated: unqualified references resolve here. */
  sheet?: string;
  /** Value of one cell (row/column 0-based): number, string, boolean, null when empty, or a SizingError. */
  cell(sheet: string | undefined, row: number, column: number): number | string | boolean | null | SizingError;
  /** A workbook-level defined name → its sheet and range, or undefined. Called with the name as written; Excel names ignore case. */
  name?(name: string): { sheet: string; top: number; left: number; bottom: number; right: number } | undefined;
  /**
   * A whole range at once, when the context can answer without visiting its cells (eval with no
   * workbook: one #REF!); undefined to have it read cell by cell.
   */
  range?(sheet: string | undefined, top: number, left: number, bottom: number, right: number): Scalar[][] | SizingError | undefined;
  /**
   * How far the cells that exist reach on a sheet (rows and columns from A1): beyond, every
   * cell is empty and is not read, so a range costs what its content costs.
   */
  extent?(sheet: string | undefined): { rows: number; columns: number } | undefined;
  /**
   * The cell the formula is in (0-based). Given, a formula is parsed once for every cell that writes it
   * alike relative to its own cell (=B5*2 in C5, =B6*2 in C6), as a filled column is.
   */
  origin?: { row: number; column: number };
}

type Compiled = (context: EvaluationContext | undefined) => Value;

/** A parse shared by the cells that write a formula alike: its relative references move with the cell. */
interface Shape {
  origin: { row: number; column: number };
  relative: ReadonlyMap<FormulaNode, WrittenReference>;
}

/**
 * Cells read one by one from a context, at most: a range with more cells that exist is refused
 * rather than read. Cells beyond the context's extent cost nothing and do not count.
 */
const MAX_RANGE_CELLS = 1_000_000;
/** An element-by-element result (A1:A1048576*2, a spilled range) larger than this is refused. */
const MAX_ARRAY_CELLS = 4_194_304;

function qualified(sheet: string | undefined, address: string): string {
  if (sheet === undefined) return address;
  return /^[A-Za-z_][\w.]*$/.test(sheet) ? `${sheet}!${address}` : `'${sheet.replace(/'/g, "''")}'!${address}`;
}

function readCell(context: EvaluationContext | undefined, sheet: string | undefined, row: number, column: number): Scalar {
  if (context === undefined) return formulaError("#REF!", `no workbook to read ${qualified(sheet, cellAddress(row, column))} from`);
  const v = context.cell(sheet ?? context.sheet, row, column);
  if (v === undefined) return null;
  if (typeof v === "number" && !Number.isFinite(v)) return formulaError("#NUM!", `${qualified(sheet, cellAddress(row, column))} is not a finite number`);
  return v;
}

function readRange(
  context: EvaluationContext | undefined,
  sheet: string | undefined,
  top: number,
  left: number,
  bottom: number,
  right: number,
): Matrix | SizingError {
  const address = `${cellAddress(top, left)}:${cellAddress(bottom, right)}`;
  if (context === undefined) return formulaError("#REF!", `no workbook to read ${qualified(sheet, address)} from`);
  if (top !== bottom || left !== right) {
    const whole = context.range?.(sheet ?? context.sheet, top, left, bottom, right);
    if (whole !== undefined) return whole;
  }
  const extent = context.extent?.(sheet ?? context.sheet);
  const width = right - left + 1;
  // Rows and columns past the extent are empty: not read, and rows share one empty row.
  const lastRow = extent === undefined ? bottom : Math.min(bottom, top + Math.max(0, extent.rows - top) - 1);
  const lastColumn = extent === undefined ? right : Math.min(right, extent.columns - 1);
  const usedCells = (lastRow - top + 1) * width;
  if (usedCells > MAX_RANGE_CELLS) {
    return formulaError("#VALUE!", `${qualified(sheet, address)} has more than ${MAX_RANGE_CELLS.toLocaleString("en-US")} cells to read`);
  }
  const rows: Matrix = [];
  for (let r = top; r <= lastRow; r++) {
    const row: Scalar[] = new Array(width);
    for (let c = left; c <= right; c++) row[c - left] = c <= lastColumn ? readCell(context, sheet, r, c) : null;
    rows.push(row);
  }
  const empty = emptyRow(width);
  for (let r = Math.max(top, lastRow + 1); r <= bottom; r++) rows.push(empty);
  return rows;
}

/** An element-by-element result too large to hold. */
function tooManyCells(cells: number): SizingError {
  return formulaError("#NUM!", `an array of ${cells.toLocaleString("en-US")} cells is more than ${MAX_ARRAY_CELLS.toLocaleString("en-US")}, too large to compute element by element`);
}

/** Apply a scalar operation to a value, element by element when it is a matrix. */
function map1(v: Value, f: (s: Scalar) => Scalar): Value {
  if (!isMatrix(v)) return f(v);
  if (matrixCells(v) > MAX_ARRAY_CELLS) return tooManyCells(matrixCells(v));
  let mappedEmpty: Scalar[] | undefined;
  // Rows past the cells that exist are one shared row: mapped once (f is pure).
  return v.map((row) => (isEmptyRow(row) ? (mappedEmpty ??= row.map(f)) : row.map(f)));
}

/**
 * Apply a scalar operation to two values. With matrices, Excel pairs elements; a single row or
 * column is repeated to fit, and a position one side lacks is #N/A.
 */
function map2(a: Value, b: Value, f: (x: Scalar, y: Scalar) => Scalar): Value {
  if (!isMatrix(a) && !isMatrix(b)) return f(a, b);
  const height = Math.max(isMatrix(a) ? a.length : 1, isMatrix(b) ? b.length : 1);
  const width = Math.max(isMatrix(a) ? a[0].length : 1, isMatrix(b) ? b[0].length : 1);
  if (height * width > MAX_ARRAY_CELLS) return tooManyCells(height * width);
  const at = (v: Value, r: number, c: number): Scalar => {
    if (!isMatrix(v)) return v;
    const rr = v.length === 1 ? 0 : r;
    const cc = v[0].length === 1 ? 0 : c;
    return rr < v.length && cc < v[0].length ? v[rr][cc] : formulaError("#N/A", "the arrays are of different sizes");
  };
  const rowOf = (v: Value, r: number): Scalar[] | undefined => (isMatrix(v) ? (v.length === 1 ? v[0] : v[r]) : undefined);
  const rows: Matrix = [];
  let sharedRow: Scalar[] | undefined;
  for (let r = 0; r < height; r++) {
    // Where both sides are a shared empty row (or a single value), the result row is the same: computed once.
    const ra = rowOf(a, r);
    const rb = rowOf(b, r);
    const reaches = (v: Value) => !isMatrix(v) || v.length === 1 || r < v.length;
    const shared = (ra === undefined || isEmptyRow(ra)) && (rb === undefined || isEmptyRow(rb)) && reaches(a) && reaches(b);
    if (shared && sharedRow !== undefined && sharedRow.length === width) {
      rows.push(sharedRow);
      continue;
    }
    const row: Scalar[] = [];
    for (let c = 0; c < width; c++) row.push(f(at(a, r, c), at(b, r, c)));
    if (shared) sharedRow = row;
    rows.push(row);
  }
  return rows;
}

const TOO_LARGE = (): SizingError => formulaError("#NUM!", "the result is too large to be a number");

function finite(n: number): number | SizingError {
  return Number.isFinite(n) ? n : TOO_LARGE();
}

type Arithmetic = (a: number, b: number) => number | SizingError;

const ARITHMETIC: Record<"+" | "-" | "*" | "/" | "^", Arithmetic> = {
  "+": (a, b) => finite(a + b),
  "-": (a, b) => finite(a - b),
  "*": (a, b) => finite(a * b),
  "/": (a, b) => (b === 0 ? formulaError("#DIV/0!", "division by zero") : finite(a / b)),
  "^": (a, b) => {
    if (a === 0 && b === 0) return formulaError("#NUM!", "0^0 is not a number");
    if (a === 0 && b < 0) return formulaError("#DIV/0!", "0 to a negative power is a division by zero");
    const n = a ** b;
    if (Number.isNaN(n)) return formulaError("#NUM!", `${a}^${b} is not a real number`);
    return finite(n);
  },
};

function scalarOperation(operator: BinaryOperator): (x: Scalar, y: Scalar) => Scalar {
  if (operator === "&") {
    return (x, y) => {
      const a = toText(x);
      if (a instanceof SizingError) return a;
      const b = toText(y);
      return b instanceof SizingError ? b : a + b;
    };
  }
  if (operator in ARITHMETIC) {
    const op = ARITHMETIC[operator as keyof typeof ARITHMETIC];
    return (x, y) => {
      const a = toNumber(x);
      if (a instanceof SizingError) return a;
      const b = toNumber(y);
      return b instanceof SizingError ? b : op(a, b);
    };
  }
  const test: Record<string, (order: number) => boolean> = {
    "=": (o) => o === 0,
    "<>": (o) => o !== 0,
    "<": (o) => o < 0,
    ">": (o) => o > 0,
    "<=": (o) => o <= 0,
    ">=": (o) => o >= 0,
  };
  const holds = test[operator];
  return (x, y) => {
    if (x instanceof SizingError) return x;
    if (y instanceof SizingError) return y;
    return holds(compareScalars(x, y));
  };
}

const negate = (x: Scalar): Scalar => {
  const n = toNumber(x);
  return n instanceof SizingError ? n : -n;
};
const percent = (x: Scalar): Scalar => {
  const n = toNumber(x);
  return n instanceof SizingError ? n : n / 100;
};

const ERROR_LITERAL_MESSAGE = "as written in the formula";

/** Where a corner written relative to the shape's origin lies for the cell being evaluated; undefined off the sheet. */
function movedCorner(corner: WrittenCorner, shape: Shape, context: EvaluationContext | undefined): { row: number; column: number } | undefined {
  const at = context?.origin ?? shape.origin;
  const row = corner.rowRelative ? corner.row + at.row - shape.origin.row : corner.row;
  const column = corner.columnRelative ? corner.column + at.column - shape.origin.column : corner.column;
  return row < 0 || column < 0 || row >= MAX_ROWS || column >= MAX_COLUMNS ? undefined : { row, column };
}

const OFF_THE_SHEET = (): SizingError => formulaError("#REF!", "the reference moves off the sheet");

/** A reference of a shared parse, moved to the cell being evaluated. */
function compileMovedReference(reference: WrittenReference, shape: Shape, asRange: boolean): Compiled {
  const { node, corners } = reference;
  const sheet = node.sheet;
  if (node.kind === "cell") {
    return (context) => {
      const at = movedCorner(corners[0], shape, context);
      if (at === undefined) return OFF_THE_SHEET();
      return asRange ? [[readCell(context, sheet, at.row, at.column)]] : readCell(context, sheet, at.row, at.column);
    };
  }
  return (context) => {
    const a = movedCorner(corners[0], shape, context);
    const b = movedCorner(corners[1], shape, context);
    if (a === undefined || b === undefined) return OFF_THE_SHEET();
    return readRange(context, sheet, Math.min(a.row, b.row), Math.min(a.column, b.column), Math.max(a.row, b.row), Math.max(a.column, b.column));
  };
}

/** Compile a node to a closure. `asRange`: a reference yields a matrix even for one cell. */
function compile(node: FormulaNode, asRange = false, shape?: Shape): Compiled {
  const moved = shape?.relative.get(node);
  if (moved !== undefined) return compileMovedReference(moved, shape!, asRange);
  switch (node.kind) {
    case "number":
    case "string":
    case "boolean": {
      const value = node.value;
      return () => value;
    }
    case "error": {
      const error = formulaError(node.code, node.message ?? ERROR_LITERAL_MESSAGE);
      return () => error;
    }
    case "array": {
      const matrix: Matrix = node.rows.map((row) =>
        row.map((v) => (typeof v === "object" ? formulaError(v.error, v.message ?? ERROR_LITERAL_MESSAGE) : v)),
      );
      return () => matrix;
    }
    case "omitted":
      return () => null;
    case "cell": {
      const { sheet, row, column } = node;
      return asRange ? (context) => [[readCell(context, sheet, row, column)]] : (context) => readCell(context, sheet, row, column);
    }
    case "range": {
      const { sheet, top, left, bottom, right } = node;
      return (context) => readRange(context, sheet, top, left, bottom, right);
    }
    case "name": {
      const name = node.name;
      return (context) => {
        const target = context?.name?.(name);
        if (target === undefined) return formulaError("#NAME?", `${name} is not a defined name`);
        const { sheet, top, left, bottom, right } = target;
        if (!asRange && top === bottom && left === right) return readCell(context, sheet, top, left);
        return readRange(context, sheet, top, left, bottom, right);
      };
    }
    case "call":
      return compileCall(node, shape);
    case "negate": {
      const operand = compile(node.operand, false, shape);
      return (context) => map1(operand(context), negate);
    }
    case "plus":
      return compile(node.operand, asRange, shape);
    case "percent": {
      const operand = compile(node.operand, false, shape);
      return (context) => map1(operand(context), percent);
    }
    case "binary":
      return compileBinaryChain(node, shape);
  }
}

/**
 * A chain of binary operators, 1+2+3+…: the parser builds it left-deep, as long as the formula.
 * Its left spine is walked in a loop, compiled and evaluated in a loop, so a chain of 4,000
 * operators recurses no deeper than one; the right operands are of higher precedence (or in
 * parentheses, bounded by Excel's limits) and recurse as usual. Same order as Excel: left to right.
 */
function compileBinaryChain(node: Extract<FormulaNode, { kind: "binary" }>, shape?: Shape): Compiled {
  const steps: Extract<FormulaNode, { kind: "binary" }>[] = [];
  let leftmost: FormulaNode = node;
  while (leftmost.kind === "binary") {
    steps.push(leftmost);
    leftmost = leftmost.left;
  }
  steps.reverse();
  const first = compile(leftmost, false, shape);
  const rights = steps.map((step) => compile(step.right, false, shape));
  const operations = steps.map((step) => scalarOperation(step.operator));
  return (context) => {
    let value = first(context);
    for (let i = 0; i < rights.length; i++) value = map2(value, rights[i](context), operations[i]);
    return value;
  };
}

/** A function's number beyond a double (SUM(1e308,1e308)) is #NUM!, as Excel; never Infinity or NaN. */
function finiteResult(name: string, v: Value): Value {
  if (typeof v === "number") return Number.isFinite(v) ? v : notFinite(name, v);
  if (!isMatrix(v)) return v;
  let bad: number | undefined;
  for (const row of v) {
    if (isEmptyRow(row)) continue;
    for (const s of row) if (typeof s === "number" && !Number.isFinite(s)) bad = s;
  }
  if (bad === undefined) return v;
  const n = bad;
  return v.map((row) => row.map((s) => (typeof s === "number" && !Number.isFinite(s) ? notFinite(name, n) : s)));
}

function notFinite(name: string, n: number): SizingError {
  return formulaError("#NUM!", Number.isNaN(n) ? `${name}'s result is not a number` : `${name}'s result is too large to be a number`);
}

function constantError(code: FormulaErrorCode, message: string): Compiled {
  const error = formulaError(code, message);
  return () => error;
}

const KNOWN_FUNCTIONS: readonly string[] = [...FORMULA_FUNCTIONS.keys()];

/**
 * " (did you mean EX_DBSIZE?)" for a mistyped name, or "". An EX_ or EX_MS_ name is matched on what
 * follows its prefix among the functions with that prefix, so the prefix every name shares does not
 * make a far name near (EX_NOPE is not EX_IOPS).
 */
function suggestFunction(name: string): string {
  const prefix = /^EX_(MS_)?/.exec(name)?.[0] ?? "";
  const family = KNOWN_FUNCTIONS.filter((known) => known.startsWith(prefix)).map((known) => known.slice(prefix.length));
  const stem = nearest(name.slice(prefix.length), family);
  return stem === undefined ? "" : ` (did you mean ${prefix}${stem}?)`;
}

function compileCall(node: Extract<FormulaNode, { kind: "call" }>, shape?: Shape): Compiled {
  const fn = FORMULA_FUNCTIONS.get(node.name);
  if (fn === undefined) return constantError("#NAME?", `unknown function ${node.name}${suggestFunction(node.name)}`);
  const count = node.args.length;
  if (count < fn.minArgs || count > fn.maxArgs) {
    const expected = fn.minArgs === fn.maxArgs ? `${fn.minArgs}` : fn.maxArgs >= 255 ? `at least ${fn.minArgs}` : `${fn.minArgs} to ${fn.maxArgs}`;
    return constantError("#VALUE!", `${node.name} takes ${expected} argument${expected === "1" ? "" : "s"}; got ${count}`);
  }
  const args = node.args.map((a) => compile(a, !fn.lazy && fn.referencesAsRanges === true, shape));
  const name = node.name;
  if (fn.lazy) return (context) => finiteResult(name, fn.call(args.map((arg) => () => arg(context))));
  return (context) => {
    const values: Value[] = new Array(count);
    for (let i = 0; i < count; i++) values[i] = args[i](context);
    return finiteResult(name, fn.call(values));
  };
}

const compiledByNode = new WeakMap<FormulaNode, Compiled>();
/** Parses by text; a syntax error is cached too (it is the formula's value). */
const parsedByText = new Map<string, FormulaNode | SizingError>();
const MAX_CACHED_TEXTS = 10_000;

function parseCached(text: string): FormulaNode | SizingError {
  let parsed = parsedByText.get(text);
  if (parsed === undefined) {
    try {
      parsed = parseFormula(text);
    } catch (e) {
      if (!(e instanceof SizingError)) throw e;
      parsed = e;
    }
    if (parsedByText.size >= MAX_CACHED_TEXTS) parsedByText.clear();
    parsedByText.set(text, parsed);
  }
  return parsed;
}

/**
 * Strings, quoted sheet names and A1 cell references, in the order the tokenizer meets them: the
 * references are found here without tokenizing, so a cell's formula is matched to a parse another
 * cell made. Each shared parse is checked once against the tokenizer's own references (sharedParse).
 */
const SHAPE_PARTS = /"(?:[^"]|"")*"|'(?:[^']|'')+'!|(?<![\w.\\$])(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![\w.(!]|\s*\()/g;
const SHAPE_MARK = "\u0001";

/**
 * The formula with its relative references written as offsets from its cell: equal for =B5*2 in C5
 * and =B6*2 in C6. Undefined when a reference is off the sheet (it is not one then) or the text
 * holds the mark.
 */
function shapeKey(text: string, origin: { row: number; column: number }, corners: WrittenCorner[]): string | undefined {
  if (text.includes(SHAPE_MARK)) return undefined;
  let offSheet = false;
  const key = text.replace(SHAPE_PARTS, (part: string, columnAnchor: string | undefined, letters: string | undefined, rowAnchor: string, digits: string, at: number) => {
    if (letters === undefined) return part;
    let column = 0;
    for (const letter of letters.toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
    const row = Number(digits);
    if (column > MAX_COLUMNS || row < 1 || row > MAX_ROWS) offSheet = true;
    const columnRelative = columnAnchor === "";
    const rowRelative = rowAnchor === "";
    corners.push({ at, row: row - 1, column: column - 1, rowRelative, columnRelative });
    const c = columnRelative ? `c${column - 1 - origin.column}` : `$${column}`;
    const r = rowRelative ? `r${row - 1 - origin.row}` : `$${row}`;
    return `${SHAPE_MARK}${c}${r}${SHAPE_MARK}`;
  });
  return offSheet ? undefined : key;
}

/** A parse shared by every cell whose formula has its key, or null where the text is read alone. */
const compiledByShape = new Map<string, Compiled | null>();

const sameCorner = (a: WrittenCorner, b: WrittenCorner): boolean =>
  a.at === b.at && a.row === b.row && a.column === b.column && a.rowRelative === b.rowRelative && a.columnRelative === b.columnRelative;

/**
 * The compiled formula of a cell, shared with the cells that write it alike; undefined to read the text
 * alone: a syntax error (its message quotes the text), or references found otherwise than the tokenizer
 * finds them.
 */
function sharedParse(text: string, origin: { row: number; column: number }): Compiled | undefined {
  // The same text in the same cell (a workbook evaluated again) is found without working out its key: by the
  // text itself (a model's formula is the same string each time, its hash kept) and then the cell's place,
  // not by a new string of both, which is hashed anew every time (formulas run to thousands of characters).
  let cells = compiledHere.get(text);
  const at = origin.row * (MAX_COLUMNS + 1) + origin.column;
  const known = cells?.get(at);
  if (known !== undefined) return known ?? undefined;
  const compiled = sharedParseOf(text, origin);
  if (cells === undefined) {
    if (compiledHere.size >= MAX_CACHED_TEXTS * 5) compiledHere.clear();
    compiledHere.set(text, (cells = new Map()));
  }
  cells.set(at, compiled ?? null);
  return compiled;
}

/** sharedParse's cells: a formula by its text, then its cell; null where the text is read alone. */
const compiledHere = new Map<string, Map<number, Compiled | null>>();

function sharedParseOf(text: string, origin: { row: number; column: number }): Compiled | undefined {
  const corners: WrittenCorner[] = [];
  const key = shapeKey(text, origin, corners);
  if (key === undefined) return undefined;
  const known = compiledByShape.get(key);
  if (known !== undefined) return known ?? undefined;
  let compiled: Compiled | null = null;
  try {
    const { node, references } = parseFormulaReferences(text);
    const written = references.flatMap((r) => r.corners);
    if (written.length === corners.length && written.every((c, i) => sameCorner(c, corners[i]))) {
      const relative = new Map<FormulaNode, WrittenReference>();
      for (const r of references) if (r.corners.some((c) => c.rowRelative || c.columnRelative)) relative.set(r.node, r);
      compiled = compile(node, false, { origin, relative });
    }
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
  }
  if (compiledByShape.size >= MAX_CACHED_TEXTS) compiledByShape.clear();
  compiledByShape.set(key, compiled);
  return compiled ?? undefined;
}

function toResult(v: Value): FormulaResult {
  if (v === null) return 0; // a formula showing an empty cell shows 0
  if (typeof v === "number") return Number.isFinite(v) ? v : notFinite("the formula", v);
  if (!isMatrix(v)) return v;
  if (v.length === 1 && v[0].length === 1) return toResult(v[0][0]);
  if (matrixCells(v) > MAX_ARRAY_CELLS) return tooManyCells(matrixCells(v));
  const shown = (row: Scalar[]): FormulaResult[] => row.map((s) => (s === null ? 0 : typeof s === "number" && !Number.isFinite(s) ? notFinite("the formula", s) : s));
  let emptyShown: FormulaResult[] | undefined;
  return v.map((row) => (isEmptyRow(row) ? (emptyShown ??= shown(row)) : shown(row)));
}

/**
 * Evaluate a formula as Excel would in a cell: the value, or the error as a SizingError value.
 * Text is parsed once and cached; a syntax error is returned as its #VALUE! error.
 * Without a context, references are #REF! and names #NAME?.
 * @example evaluateFormula('=EX_DBSIZE(5000,2048,150,75,,"volume")') // 1266
 */
export function evaluateFormula(formula: string | FormulaNode, context?: EvaluationContext): FormulaResult {
  const shared = typeof formula === "string" && context?.origin !== undefined ? sharedParse(formula, context.origin) : undefined;
  if (shared !== undefined) return run(shared, context);
  let node: FormulaNode;
  if (typeof formula === "string") {
    const parsed = parseCached(formula);
    if (parsed instanceof SizingError) return parsed;
    node = parsed;
  } else node = formula;
  let compiled = compiledByNode.get(node);
  if (compiled === undefined) {
    compiled = compile(node);
    compiledByNode.set(node, compiled);
  }
  return run(compiled, context);
}

function run(compiled: Compiled, context: EvaluationContext | undefined): FormulaResult {
  try {
    return toResult(compiled(context));
  } catch (e) {
    // A context may report a problem by throwing a SizingError; anything else is a bug and surfaces.
    if (e instanceof SizingError) return e;
    throw e;
  }
}
