/**
 * The functions a formula can call: the sizing functions as src/functions/descriptors.ts declares them and
 * the Excel natives a sizing template needs. Each follows Excel's argument rules.
 */
import { SizingError } from "../engine";
import type { CellResult } from "../functions/worksheet";
import { WORKSHEET_FUNCTIONS } from "../functions/descriptors";
import type { CellMatrix } from "../functions/arguments";
import { formulaError } from "./errors";
import {
  compareScalars,
  firstError,
  isEmptyRow,
  isMatrix,
  numberFromText,
  roundTo15,
  toBoolean,
  toNumber,
  toScalar,
  toText,
  type Scalar,
  type Value,
} from "./values";

interface Arity {
  minArgs: number;
  maxArgs: number;
}

/** Called with every argument evaluated (an omitted one is null). */
export interface EagerFunction extends Arity {
  lazy?: false;
  /** References arrive as 1×1 ranges, as Excel's aggregates see them (SUM(A1) skips text in A1). */
  referencesAsRanges?: boolean;
  call(args: Value[]): Value;
}

/** Called with thunks; evaluates only the arguments it needs (IF, IFERROR). */
export interface LazyFunction extends Arity {
  lazy: true;
  call(args: (() => Value)[]): Value;
}

export type FormulaFunction = EagerFunction | LazyFunction;

/**
 * A sizing function as Excel calls a custom function: an argument that is an error, or a range
 * holding one, is the result and the function is not called.
 */
function sizingFunction(fn: (...args: unknown[]) => CellResult | CellMatrix, maxArgs: number): EagerFunction {
  // Too few arguments is left to the function: it names the missing one ("quotaMB is required"); too many is the descriptor's count.
  return {
    minArgs: 0,
    maxArgs,
    call(args) {
      for (const arg of args) {
        if (arg instanceof SizingError) return arg;
        if (isMatrix(arg)) {
          const error = firstError(arg);
          if (error) return error;
        }
      }
      const result = fn(...args);
      // A table (EX_LAYOUT) spills; an empty element is an empty cell.
      return Array.isArray(result) ? result.map((row) => row.map((v) => v ?? null)) : result;
    },
  };
}

const MANY = 255;

/**
 * Visit the numbers of SUM-like arguments with Excel's rules: a direct argument is coerced
 * (TRUE → 1, "5" → 5, other text → #VALUE!); inside a range or array only numbers count;
 * an error anywhere is the result.
 */
function eachNumber(args: Value[], visit: (n: number) => void): SizingError | undefined {
  for (const arg of args) {
    if (isMatrix(arg)) {
      for (const row of arg)
        if (!isEmptyRow(row))
          for (const v of row) {
            if (typeof v === "number") visit(v);
          else if (v instanceof SizingError) return v;
        }
    } else {
      const n = toNumber(arg);
      if (n instanceof SizingError) return n;
      visit(n);
    }
  }
  return undefined;
}

function aggregate(reduce: (args: Value[]) => Value): EagerFunction {
  return { minArgs: 1, maxArgs: MANY, referencesAsRanges: true, call: reduce };
}

const SUM = aggregate((args) => {
  let total = 0;
  return eachNumber(args, (n) => (total += n)) ?? total;
});

const PRODUCT = aggregate((args) => {
  let product = 1;
  let count = 0;
  return eachNumber(args, (n) => ((product *= n), count++)) ?? (count === 0 ? 0 : product);
});

function extreme(pick: (a: number, b: number) => number): EagerFunction {
  return aggregate((args) => {
    let best: number | undefined;
    return eachNumber(args, (n) => (best = best === undefined ? n : pick(best, n))) ?? best ?? 0;
  });
}

/** COUNT counts numbers and never fails: direct numbers, booleans and numeric text; in ranges only numbers. */
const COUNT = aggregate((args) => {
  let count = 0;
  for (const arg of args) {
    if (isMatrix(arg)) {
      for (const row of arg) if (!isEmptyRow(row)) for (const v of row) if (typeof v === "number") count++;
    } else if (arg !== null && !(arg instanceof SizingError) && !(toNumber(arg) instanceof SizingError)) count++;
  }
  return count;
});

/** AND/OR: ranges contribute their booleans and numbers; text and empty cells there are skipped. */
function logical(name: string, combine: (values: boolean[]) => boolean): EagerFunction {
  return aggregate((args) => {
    const values: boolean[] = [];
    for (const arg of args) {
      if (isMatrix(arg)) {
        for (const row of arg)
          if (!isEmptyRow(row))
            for (const v of row) {
              if (v instanceof SizingError) return v;
              if (typeof v === "boolean" || typeof v === "number") values.push(toBoolean(v) as boolean);
            }
      } else {
        const b = toBoolean(arg);
        if (b instanceof SizingError) return b;
        values.push(b);
      }
    }
    if (values.length === 0) return formulaError("#VALUE!", `${name} found no TRUE/FALSE values`);
    return combine(values);
  });
}

/** One number argument, for functions that take no ranges. */
function numberArgument(v: Value, what: string): number | SizingError {
  const s = toScalar(v, what);
  return s instanceof SizingError ? s : toNumber(s);
}

function textArgument(v: Value, what: string): string | SizingError {
  const s = toScalar(v, what);
  return s instanceof SizingError ? s : toText(s);
}

function logicalArgument(v: Value, what: string): boolean | SizingError {
  const s = toScalar(v, what);
  return s instanceof SizingError ? s : toBoolean(s);
}

function fixed(names: string[], body: (...numbers: number[]) => Scalar): EagerFunction {
  return {
    minArgs: names.length,
    maxArgs: names.length,
    call(args) {
      const numbers: number[] = [];
      for (let i = 0; i < args.length; i++) {
        const n = numberArgument(args[i], names[i]);
        if (n instanceof SizingError) return n;
        numbers.push(n);
      }
      return body(...numbers);
    },
  };
}

/**
 * ROUND, ROUNDUP, ROUNDDOWN: half away from zero, away from zero, toward zero, at `digits`
 * decimals (negative: tens, hundreds). The scaled value is cut to 15 digits first, so binary
 * noise does not move it: ROUNDUP(1.1, 1) is 1.1, not 1.2, as in Excel.
 */
function rounding(mode: (x: number) => number): EagerFunction {
  return fixed(["number", "num_digits"], (x, digits) => {
    const d = Math.max(-308, Math.min(308, Math.trunc(digits)));
    const sign = x < 0 ? -1 : 1;
    const scale = 10 ** Math.abs(d);
    const scaled = d >= 0 ? Math.abs(x) * scale : Math.abs(x) / scale;
    if (!Number.isFinite(scaled)) return x;
    const whole = mode(roundTo15(scaled));
    return roundTo15(sign * (d >= 0 ? whole / scale : whole * scale));
  });
}

/** CEILING(number, significance): up to a multiple; a negative number rounds toward zero unless significance is negative too. */
const CEILING = fixed(["number", "significance"], (x, significance) => {
  if (significance === 0 || x === 0) return 0;
  if (x > 0 && significance < 0) return formulaError("#NUM!", "CEILING of a positive number needs a positive significance");
  return roundTo15(Math.ceil(roundTo15(x / significance)) * significance);
});

const IF: LazyFunction = {
  lazy: true,
  minArgs: 2,
  maxArgs: 3,
  call([condition, whenTrue, whenFalse]) {
    const test = toScalar(condition(), "IF's condition");
    const b = test instanceof SizingError ? test : toBoolean(test);
    if (b instanceof SizingError) return b;
    if (b) return whenTrue();
    return whenFalse ? whenFalse() : false;
  },
};

const IFERROR: LazyFunction = {
  lazy: true,
  minArgs: 2,
  maxArgs: 2,
  call([value, fallback]) {
    const v = value();
    if (v instanceof SizingError) return fallback();
    if (!isMatrix(v) || !firstError(v)) return v;
    const instead = toScalar(fallback(), "IFERROR's value_if_error");
    return v.map((row) => row.map((s) => (s instanceof SizingError ? instead : s)));
  },
};

/** TRUE() and FALSE(): Excel's functions of no argument (HyperFormula reads no bare TRUE/FALSE name). */
const constant = (value: boolean): EagerFunction => ({ minArgs: 0, maxArgs: 0, call: () => value });

const NOT: EagerFunction = {
  minArgs: 1,
  maxArgs: 1,
  call([v]) {
    const b = logicalArgument(v, "NOT's logical");
    return b instanceof SizingError ? b : !b;
  },
};

/** CONCAT and CONCATENATE join text; ranges are read row by row. */
const CONCAT = aggregate((args) => {
  let text = "";
  for (const arg of args) {
    for (const v of isMatrix(arg) ? arg.filter((row) => !isEmptyRow(row)).flat() : [arg]) {
      const t = toText(v);
      if (t instanceof SizingError) return t;
      text += t;
    }
  }
  return text;
});

/** ISNUMBER: TRUE for a number (not numeric text, not an empty cell); never an error. */
const ISNUMBER: EagerFunction = {
  minArgs: 1,
  maxArgs: 1,
  call([v]) {
    return typeof toScalar(v, "ISNUMBER's value") === "number";
  },
};

/** NA(): the #N/A error, as a native formula says "no such value" (an unsurvivable failover). */
const NA: EagerFunction = {
  minArgs: 0,
  maxArgs: 0,
  call() {
    return formulaError("#N/A", "NA()");
  },
};

/** LEN: characters of the text (a number counts as its General-format text). */
const LEN: EagerFunction = {
  minArgs: 1,
  maxArgs: 1,
  call([v]) {
    const text = textArgument(v, "LEN's text");
    return text instanceof SizingError ? text : text.length;
  },
};

/** MID: `count` characters of the text from character `start` (the first is 1); as Excel's, start below 1 or count below 0 is #VALUE!. */
const MID: EagerFunction = {
  minArgs: 3,
  maxArgs: 3,
  call([v, start, count]) {
    const text = textArgument(v, "MID's text");
    if (text instanceof SizingError) return text;
    const from = numberArgument(start, "MID's start");
    if (from instanceof SizingError) return from;
    const length = numberArgument(count, "MID's count");
    if (length instanceof SizingError) return length;
    const [first, n] = [Math.trunc(from), Math.trunc(length)];
    if (first < 1 || n < 0) return formulaError("#VALUE!", "MID's start must be at least 1 and its count at least 0");
    return text.slice(first - 1, first - 1 + n);
  },
};

/** A lookup's value: one value, not an error. An empty cell looks up as 0, as in Excel. */
function lookupValue(v: Value, what: string): Exclude<Scalar, null> {
  const s = toScalar(v, what);
  return s === null ? 0 : s;
}

/** A lookup range or array as rows; a single value is a 1×1 table. */
const asTable = (v: Value): Scalar[][] => (isMatrix(v) ? v : [[v]]);

/**
 * Text with Excel's wildcards (* any run, ? one character, ~ escapes) as an anchored,
 * case-insensitive pattern; undefined when the text has none.
 */
function wildcardPattern(text: string): RegExp | undefined {
  if (!/[*?~]/.test(text)) return undefined;
  let source = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "~" && i + 1 < text.length && "*?~".includes(text[i + 1])) source += "\\" + text[++i];
    else if (c === "*") source += "[\\s\\S]*";
    else if (c === "?") source += "[\\s\\S]";
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`, "i");
}

/**
 * Where `key` is in `values` by exact match (MATCH type 0, VLOOKUP FALSE): same type, text
 * case-insensitive and with wildcards, numbers at 15 digits as "=". Empty cells and errors never match.
 */
function exactMatch(key: Exclude<Scalar, null | SizingError>, values: Scalar[]): number {
  const pattern = typeof key === "string" ? wildcardPattern(key) : undefined;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v instanceof SizingError || typeof v !== typeof key) continue;
    if (pattern ? pattern.test(v as string) : compareScalars(v, key) === 0) return i;
  }
  return -1;
}

/**
 * Approximate match over sorted values (MATCH 1 / -1, VLOOKUP TRUE): the last value ≤ key
 * (ascending) or ≥ key (descending) before the order breaks; values of another type are skipped.
 */
function sortedMatch(key: Exclude<Scalar, null | SizingError>, values: Scalar[], descending: boolean): number {
  let found = -1;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v === null || v instanceof SizingError || typeof v !== typeof key) continue;
    const order = compareScalars(v, key) * (descending ? -1 : 1);
    if (order > 0) break;
    found = i;
    if (order === 0 && descending) break;
  }
  return found;
}

const notFound = (key: Scalar): SizingError => formulaError("#N/A", `${typeof key === "string" ? JSON.stringify(key) : String(key)} is not in the lookup range`);

/** VLOOKUP(value, table, column, [approximate = TRUE]) with Excel's errors: #VALUE! below column 1, #REF! past the table. */
const VLOOKUP: EagerFunction = {
  minArgs: 3,
  maxArgs: 4,
  referencesAsRanges: true,
  call([value, table, column, approximate]) {
    const key = lookupValue(value, "VLOOKUP's lookup_value");
    if (key instanceof SizingError) return key;
    const rows = asTable(table);
    const n = numberArgument(column, "VLOOKUP's col_index_num");
    if (n instanceof SizingError) return n;
    const col = Math.trunc(n);
    if (col < 1) return formulaError("#VALUE!", `VLOOKUP's col_index_num must be at least 1; got ${n}`);
    if (col > (rows[0]?.length ?? 0)) return formulaError("#REF!", `VLOOKUP's col_index_num ${col} is past the table's ${rows[0]?.length ?? 0} columns`);
    let sorted: boolean | SizingError = true;
    if (approximate !== undefined) {
      const a = toScalar(approximate, "VLOOKUP's range_lookup");
      sorted = a instanceof SizingError ? a : toBoolean(a);
      if (sorted instanceof SizingError) return sorted;
    }
    const firstColumn = rows.map((row) => row[0]);
    const at = sorted ? sortedMatch(key, firstColumn, false) : exactMatch(key, firstColumn);
    if (at < 0) return notFound(key);
    const found = rows[at][col - 1];
    return found === null ? 0 : found;
  },
};

/** MATCH(value, row or column, [type = 1]): the 1-based position; type 0 exact, 1 sorted up, -1 sorted down. */
const MATCH: EagerFunction = {
  minArgs: 2,
  maxArgs: 3,
  referencesAsRanges: true,
  call([value, array, type]) {
    const key = lookupValue(value, "MATCH's lookup_value");
    if (key instanceof SizingError) return key;
    const rows = asTable(array);
    if (rows.length > 1 && rows[0].length > 1) return formulaError("#N/A", "MATCH's lookup_array must be one row or one column");
    const values = rows.length === 1 ? rows[0] : rows.map((row) => row[0]);
    let kind = 1;
    if (type !== undefined) {
      const t = numberArgument(type, "MATCH's match_type");
      if (t instanceof SizingError) return t;
      kind = Math.sign(t);
    }
    const at = kind === 0 ? exactMatch(key, values) : sortedMatch(key, values, kind < 0);
    return at < 0 ? notFound(key) : at + 1;
  },
};

/**
 * INDEX(array, row, [column]): the value at a 1-based position; one index into a single row or
 * column picks along it; 0 picks the whole row or column; out of range is #REF!.
 */
const INDEX: EagerFunction = {
  minArgs: 2,
  maxArgs: 3,
  referencesAsRanges: true,
  call([array, row, column]) {
    const rows = asTable(array);
    const error = isMatrix(array) ? undefined : array instanceof SizingError ? array : undefined;
    if (error) return error;
    const r = numberArgument(row, "INDEX's row_num");
    if (r instanceof SizingError) return r;
    let c: number | SizingError = 0;
    if (column !== undefined && column !== null) c = numberArgument(column, "INDEX's column_num");
    if (c instanceof SizingError) return c;
    let i = Math.trunc(r);
    let j = Math.trunc(c);
    const height = rows.length;
    const width = rows[0]?.length ?? 0;
    if (column === undefined && height === 1 && width > 1) [i, j] = [1, i];
    else if (column === undefined && width === 1) j = 1;
    if (i < 0 || j < 0 || i > height || j > width) return formulaError("#REF!", `INDEX(${i},${j}) is outside a range of ${height}×${width}`);
    if (i === 0 && j === 0) return rows;
    if (i === 0) return rows.map((line) => [line[j - 1]]);
    if (j === 0) return [rows[i - 1]];
    const v = rows[i - 1][j - 1];
    return v === null ? 0 : v;
  },
};

/** A COUNTIF criterion: its comparison and the value compared with. */
interface Criterion {
  operator: "=" | "<>" | "<" | "<=" | ">" | ">=";
  operand: number | string | boolean;
}

/** "<>1", ">=2", "abc", 3, TRUE → a Criterion, as Excel reads COUNTIF's criteria. */
function readCriterion(v: Scalar): Criterion | SizingError {
  if (v instanceof SizingError) return v;
  if (v === null) return { operator: "=", operand: 0 };
  if (typeof v !== "string") return { operator: "=", operand: v };
  const m = /^(<=|>=|<>|<|>|=)?([\s\S]*)$/.exec(v)!;
  const operator = (m[1] ?? "=") as Criterion["operator"];
  const text = m[2];
  const upper = text.trim().toUpperCase();
  const n = text.trim() === "" ? undefined : numberFromText(text);
  const operand = n !== undefined ? n : upper === "TRUE" || upper === "FALSE" ? upper === "TRUE" : text;
  return { operator, operand };
}

/** Whether a cell meets a criterion with Excel's COUNTIF rules (src/formula/functions.ts COUNTIF). */
function meets(cell: Scalar, c: Criterion): boolean {
  if (c.operator === "<>") return !meets(cell, { operator: "=", operand: c.operand });
  if (cell instanceof SizingError) return false;
  if (c.operator === "=") {
    if (typeof c.operand === "number") {
      // A number matches numeric text too ("1" counts for 1), as Excel and HyperFormula count.
      const n = typeof cell === "number" ? cell : typeof cell === "string" ? numberFromText(cell) : undefined;
      return n !== undefined && compareScalars(n, c.operand) === 0;
    }
    if (typeof c.operand === "boolean") return cell === c.operand;
    if (c.operand === "") return cell === null || cell === "";
    if (typeof cell !== "string") return false;
    const pattern = wildcardPattern(c.operand);
    return pattern ? pattern.test(cell) : compareScalars(cell, c.operand) === 0;
  }
  // @compatibility: an ordering compares numbers with numbers and text with text only; numeric text is not a number here.
  if (cell === null || typeof cell !== typeof c.operand) return false;
  const order = compareScalars(cell, c.operand);
  return c.operator === "<" ? order < 0 : c.operator === "<=" ? order <= 0 : c.operator === ">" ? order > 0 : order >= 0;
}

/**
 * COUNTIF(range, criteria): the cells of `range` that meet the criteria — a value (equal; text
 * case-insensitive with wildcards) or text starting with a comparison (">0", "<>lost"). Errors in
 * the range are never counted (but do meet "<>"), and never the result.
 */
const COUNTIF: EagerFunction = {
  minArgs: 2,
  maxArgs: 2,
  referencesAsRanges: true,
  call([range, criteria]) {
    const criterion = readCriterion(toScalar(criteria, "COUNTIF's criteria"));
    if (criterion instanceof SizingError) return criterion;
    let count = 0;
    for (const row of asTable(range)) for (const cell of row) if (meets(cell, criterion)) count++;
    return count;
  },
};

/**
 * COUNTIFS(range1, criteria1, range2, criteria2, …): the positions at which every range meets its criteria
 * (COUNTIF's rules each); ranges of different shapes are #VALUE!, as in Excel.
 */
const COUNTIFS: EagerFunction = {
  minArgs: 2,
  maxArgs: 254,
  referencesAsRanges: true,
  call(args) {
    if (args.length % 2 !== 0) return new SizingError("#VALUE!", "COUNTIFS takes ranges and criteria in pairs");
    const tables: Scalar[][][] = [];
    const criteria: Criterion[] = [];
    for (let i = 0; i < args.length; i += 2) {
      const criterion = readCriterion(toScalar(args[i + 1], "COUNTIFS's criteria"));
      if (criterion instanceof SizingError) return criterion;
      tables.push(asTable(args[i]));
      criteria.push(criterion);
    }
    const [first] = tables;
    const width = (t: Scalar[][]) => t[0]?.length ?? 0;
    if (tables.some((t) => t.length !== first.length || width(t) !== width(first))) return new SizingError("#VALUE!", "COUNTIFS's ranges must have the same shape");
    let count = 0;
    for (let r = 0; r < first.length; r++) for (let c = 0; c < width(first); c++) if (tables.every((t, k) => meets(t[r][c], criteria[k]))) count++;
    return count;
  },
};

/** Every function a formula can call, by upper-case name without namespace. */
export const FORMULA_FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map<string, FormulaFunction>([
  ...WORKSHEET_FUNCTIONS.map((d): [string, FormulaFunction] => [d.name, sizingFunction(d.call, d.args.length)]),
  ["SUM", SUM],
  ["PRODUCT", PRODUCT],
  ["MIN", extreme(Math.min)],
  ["MAX", extreme(Math.max)],
  ["COUNT", COUNT],
  ["COUNTIF", COUNTIF],
  ["COUNTIFS", COUNTIFS],
  ["ROUND", rounding(Math.round)],
  ["ROUNDUP", rounding(Math.ceil)],
  ["ROUNDDOWN", rounding(Math.floor)],
  ["CEILING", CEILING],
  ["IF", IF],
  ["IFERROR", IFERROR],
  ["AND", logical("AND", (values) => values.every(Boolean))],
  ["OR", logical("OR", (values) => values.some(Boolean))],
  ["NOT", NOT],
  ["TRUE", constant(true)],
  ["FALSE", constant(false)],
  ["ABS", fixed(["number"], Math.abs)],
  ["CONCAT", CONCAT],
  ["CONCATENATE", CONCAT],
  ["ISNUMBER", ISNUMBER],
  ["NA", NA],
  ["LEN", LEN],
  ["MID", MID],
  ["VLOOKUP", VLOOKUP],
  ["MATCH", MATCH],
  ["INDEX", INDEX],
]);
