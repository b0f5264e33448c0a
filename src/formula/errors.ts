/**
 * Errors a formula can produce beyond the engine's own (#VALUE!, #N/A, #NUM!): the Excel codes a
 * formula reader needs. They are SizingError values, so every edge shows them the same way
 * (`#DIV/0! division by zero`).
 */
import { SizingError, type SizingErrorCode } from "../engine";

export type FormulaErrorCode = SizingErrorCode | "#DIV/0!" | "#REF!" | "#NAME?";

export const FORMULA_ERROR_CODES: readonly FormulaErrorCode[] = ["#VALUE!", "#N/A", "#NUM!", "#DIV/0!", "#REF!", "#NAME?"];

/**
 * A SizingError with any formula error code. SizingErrorCode (src/engine/errors.ts) lists only the
 * engine's three codes; the cast is the one place that widens it.
 */
export function formulaError(code: FormulaErrorCode, message: string): SizingError {
  return new SizingError(code as SizingErrorCode, message);
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
    super("#VALUE!", `formula syntax: ${reason} at position ${position} of ${formula}`);
    this.name = "FormulaSyntaxError";
  }
}
