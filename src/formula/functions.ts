/**
 * The functions a formula can call: the sizing functions of src/functions/worksheet.ts and
 * the Excel natives a sizing template needs. Each follows Excel's argument rules.
 */
import { SizingError } from "../engine";
import {
  EX_ARRAYS,
  EX_DBSIZE,
  EX_FAILOVER,
  EX_IOPS,
  EX_JETSTRESS,
  EX_LOGVOL,
  EX_SERVER,
  EX_SPINDLES,
  type CellResult,
} from "../functions/worksheet";
import { formulaError } from "./errors";
import {
  firstError,
  isMatrix,
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
function sizingFunction(fn: (...args: unknown[]) => CellResult): EagerFunction {
  // Too few arguments is left to the function: it names the missing one ("quotaMB is required").
  return {
    minArgs: 0,
    maxArgs: fn.length,
    call(args) {
      for (const arg of args) {
        if (arg instanceof SizingError) return arg;
        if (isMatrix(arg)) {
          const error = firstError(arg);
          if (error) return error;
        }
      }
      return fn(...args);
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
      for (const row of arg) for (const v of row) if (typeof v === "number") count++;
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

const NOT: EagerFunction = {
  minArgs: 1,
  maxArgs: 1,
  call([v]) {
    const s = toScalar(v, "NOT's logical");
    const b = s instanceof SizingError ? s : toBoolean(s);
    return b instanceof SizingError ? b : !b;
  },
};

/** CONCAT and CONCATENATE join text; ranges are read row by row. */
const CONCAT = aggregate((args) => {
  let text = "";
  for (const arg of args) {
    for (const v of isMatrix(arg) ? arg.flat() : [arg]) {
      const t = toText(v);
      if (t instanceof SizingError) return t;
      text += t;
    }
  }
  return text;
});

/** Every function a formula can call, by upper-case name without namespace. */
export const FORMULA_FUNCTIONS: ReadonlyMap<string, FormulaFunction> = new Map<string, FormulaFunction>([
  ["EX_DBSIZE", sizingFunction(EX_DBSIZE)],
  ["EX_LOGVOL", sizingFunction(EX_LOGVOL)],
  ["EX_IOPS", sizingFunction(EX_IOPS)],
  ["EX_SPINDLES", sizingFunction(EX_SPINDLES)],
  ["EX_ARRAYS", sizingFunction(EX_ARRAYS)],
  ["EX_FAILOVER", sizingFunction(EX_FAILOVER)],
  ["EX_SERVER", sizingFunction(EX_SERVER)],
  ["EX_JETSTRESS", sizingFunction(EX_JETSTRESS)],
  ["SUM", SUM],
  ["PRODUCT", PRODUCT],
  ["MIN", extreme(Math.min)],
  ["MAX", extreme(Math.max)],
  ["COUNT", COUNT],
  ["ROUND", rounding(Math.round)],
  ["ROUNDUP", rounding(Math.ceil)],
  ["ROUNDDOWN", rounding(Math.floor)],
  ["CEILING", CEILING],
  ["IF", IF],
  ["IFERROR", IFERROR],
  ["AND", logical("AND", (values) => values.every(Boolean))],
  ["OR", logical("OR", (values) => values.some(Boolean))],
  ["NOT", NOT],
  ["ABS", fixed(["number"], Math.abs)],
  ["CONCAT", CONCAT],
  ["CONCATENATE", CONCAT],
]);
