/**
 * Errors a formula can produce beyond the engine's own (#VALUE!, #N/A, #NUM!): the Excel codes a
 * formula reader needs. They are SizingError values, so every edge shows them the same way
 * (`#DIV/0! division by zero`).
 */
import { SizingError, type SizingErrorCode } from "../engine";

export type FormulaErrorCode = SizingErrorCode | "#DIV/0!" | "#REF!" | "#NAME?" | "#NULL!";

export const FORMULA_ERROR_CODES: readonly FormulaErrorCode[] = ["#VALUE!", "#N/A", "#NUM!", "#DIV/0!", "#REF!", "#NAME?", "#NULL!"];

/**
 * A SizingError with any formula error code. SizingErrorCode (src/engine/errors.ts) lists only the
 * engine's three codes; the cast is the one place that widens it.
 */
export function formulaError(code: FormulaErrorCode, message: string): SizingError {
  // A value, never thrown: no stack to record (an evaluation makes thousands, for IFERROR, NA() and ISNUMBER).
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new SizingError(code as SizingErrorCode, message);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * A formula that cannot be read. Excel refuses such a formula when it is typed; outside Excel it
 * is a #VALUE! error naming what was expected and where (1-based character position).
 */
export class FormulaSyntaxError extends SizingError {
  constructor(
    readonly reason: string,
    readonly position: number,
    readonly formula: string,
  ) {
    super("#VALUE!", `formula syntax: ${reason} at position ${position} of ${shortened(formula)}`);
    this.name = "FormulaSyntaxError";
  }
}

/** A long formula is quoted by its first 100 characters: a message stays one readable line. */
function shortened(formula: string): string {
  return formula.length <= 120 ? formula : `${formula.slice(0, 100)}… (${formula.length.toLocaleString("en-US")} characters)`;
}

/**
 * Excel's limits on a formula (Microsoft, "Excel specifications and limits"): 8,192 characters
 * of contents and 64 levels of nested functions. Parentheses, signs in a row and % in a row are
 * held to 64 levels too, so no formula nests deeper than the reader and evaluator can recurse.
 */
export const FORMULA_LIMITS = {
  characters: 8192,
  nestedFunctions: 64,
  nestedParentheses: 64,
  signsInARow: 64,
} as const;

/** A number literal beyond a double (1e400): #NUM!, as Excel. */
export const NUMBER_TOO_LARGE = "is too large to be a number (a double reaches about 1.79769313486232E+308)";
