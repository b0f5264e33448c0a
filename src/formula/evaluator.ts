/**
 * Evaluates a parsed formula. A node is compiled once into closures (kept in a WeakMap), and
 * formula text is parsed once (kept by text), so a template recalculated many times costs only
 * the arithmetic and the function calls.
 */
import { SizingError } from "../engine";
import type { BinaryOperator, FormulaNode } from "./ast";
import { formulaError, type FormulaErrorCode } from "./errors";
import { FORMULA_FUNCTIONS } from "./functions";
import { cellAddress, parseFormula } from "./parser";
import {
  compareScalars,
  isMatrix,
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
}

type Compiled = (context: EvaluationContext | undefined) => Value;

/** A range larger than this is refused rather than read cell by cell. */
const MAX_RANGE_CELLS = 1_000_000;

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
  if ((bottom - top + 1) * (right - left + 1) > MAX_RANGE_CELLS) {
    return formulaError("#VALUE!", `${qualified(sheet, address)} has more than ${MAX_RANGE_CELLS.toLocaleString("en-US")} cells`);
  }
  const rows: Matrix = [];
  for (let r = top; r <= bottom; r++) {
    const row: Scalar[] = [];
    for (let c = left; c <= right; c++) row.push(readCell(context, sheet, r, c));
    rows.push(row);
  }
  return rows;
}

/** Apply a scalar operation to a value, element by element when it is a matrix. */
function map1(v: Value, f: (s: Scalar) => Scalar): Value {
  return isMatrix(v) ? v.map((row) => row.map(f)) : f(v);
}

/**
 * Apply a scalar operation to two values. With matrices, Excel pairs elements; a single row or
 * column is repeated to fit, and a position one side lacks is #N/A.
 */
function map2(a: Value, b: Value, f: (x: Scalar, y: Scalar) => Scalar): Value {
  if (!isMatrix(a) && !isMatrix(b)) return f(a, b);
  const height = Math.max(isMatrix(a) ? a.length : 1, isMatrix(b) ? b.length : 1);
  const width = Math.max(isMatrix(a) ? a[0].length : 1, isMatrix(b) ? b[0].length : 1);
  const at = (v: Value, r: number, c: number): Scalar => {
    if (!isMatrix(v)) return v;
    const rr = v.length === 1 ? 0 : r;
    const cc = v[0].length === 1 ? 0 : c;
    return rr < v.length && cc < v[0].length ? v[rr][cc] : formulaError("#N/A", "the arrays are of different sizes");
  };
  const rows: Matrix = [];
  for (let r = 0; r < height; r++) {
    const row: Scalar[] = [];
    for (let c = 0; c < width; c++) row.push(f(at(a, r, c), at(b, r, c)));
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

/** Compile a node to a closure. `asRange`: a reference yields a matrix even for one cell. */
function compile(node: FormulaNode, asRange = false): Compiled {
  switch (node.kind) {
    case "number":
    case "string":
    case "boolean": {
      const value = node.value;
      return () => value;
    }
    case "error": {
      const error = formulaError(node.code, ERROR_LITERAL_MESSAGE);
      return () => error;
    }
    case "array": {
      const matrix: Matrix = node.rows.map((row) =>
        row.map((v) => (typeof v === "object" ? formulaError(v.error, ERROR_LITERAL_MESSAGE) : v)),
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
      return compileCall(node);
    case "negate": {
      const operand = compile(node.operand);
      return (context) => map1(operand(context), negate);
    }
    case "plus":
      return compile(node.operand, asRange);
    case "percent": {
      const operand = compile(node.operand);
      return (context) => map1(operand(context), percent);
    }
    case "binary": {
      const left = compile(node.left);
      const right = compile(node.right);
      const f = scalarOperation(node.operator);
      return (context) => map2(left(context), right(context), f);
    }
  }
}

function constantError(code: FormulaErrorCode, message: string): Compiled {
  const error = formulaError(code, message);
  return () => error;
}

function compileCall(node: Extract<FormulaNode, { kind: "call" }>): Compiled {
  const fn = FORMULA_FUNCTIONS.get(node.name);
  if (fn === undefined) return constantError("#NAME?", `unknown function ${node.name}`);
  const count = node.args.length;
  if (count < fn.minArgs || count > fn.maxArgs) {
    const expected = fn.minArgs === fn.maxArgs ? `${fn.minArgs}` : fn.maxArgs >= 255 ? `at least ${fn.minArgs}` : `${fn.minArgs} to ${fn.maxArgs}`;
    return constantError("#VALUE!", `${node.name} takes ${expected} argument${expected === "1" ? "" : "s"}; got ${count}`);
  }
  const args = node.args.map((a) => compile(a, !fn.lazy && fn.referencesAsRanges === true));
  if (fn.lazy) return (context) => fn.call(args.map((arg) => () => arg(context)));
  return (context) => {
    const values: Value[] = new Array(count);
    for (let i = 0; i < count; i++) values[i] = args[i](context);
    return fn.call(values);
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

function toResult(v: Value): FormulaResult {
  if (v === null) return 0; // a formula showing an empty cell shows 0
  if (!isMatrix(v)) return v;
  if (v.length === 1 && v[0].length === 1) return toResult(v[0][0]);
  return v.map((row) => row.map((s) => (s === null ? 0 : s)));
}

/**
 * Evaluate a formula as Excel would in a cell: the value, or the error as a SizingError value.
 * Text is parsed once and cached; a syntax error is returned as its #VALUE! error.
 * Without a context, references are #REF! and names #NAME?.
 * @example evaluateFormula('=EX_DBSIZE(5000,2048,150,75,,"volume")') // 1266
 */
export function evaluateFormula(formula: string | FormulaNode, context?: EvaluationContext): FormulaResult {
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
  try {
    return toResult(compiled(context));
  } catch (e) {
    // A context may report a problem by throwing a SizingError; anything else is a bug and surfaces.
    if (e instanceof SizingError) return e;
    throw e;
  }
}
