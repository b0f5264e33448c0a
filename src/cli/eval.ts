/**
 * `exsize eval FORMULA…` — one line per formula, in order: what a General-format cell shows
 * (the number at 15 significant digits, TRUE/FALSE, the text) or `#CODE message` for an error.
 * Exit 0 when no result is an error, 1 when any is, 2 for a usage error.
 */
import { SizingError } from "../engine";
import { cellAddress, evaluateFormula, formatGeneral, formulaError, type EvaluationContext, type FormulaResult } from "../formula";
import type { CommandOutput } from "./design";

export const EVAL_USAGE = `usage: exsize eval FORMULA… (e.g. exsize eval '=EX_DBSIZE(5000,2048,150,75,,"volume")')`;

/** eval has no workbook: a reference is #REF!, and says what to do instead. */
const NO_WORKBOOK: EvaluationContext = {
  cell(sheet, row, column) {
    const address = sheet === undefined ? cellAddress(row, column) : `${sheet}!${cellAddress(row, column)}`;
    return formulaError("#REF!", `eval has no workbook; write the value of ${address} into the formula instead`);
  },
};

function displayElement(v: FormulaResult): string {
  if (v instanceof SizingError) return v.code;
  if (typeof v === "string") return `"${v.replace(/"/g, '""')}"`;
  return displayResult(v);
}

/** A result as the cell shows it; an array (a spilled range) as an array constant, on one line. */
export function displayResult(result: FormulaResult): string {
  if (result instanceof SizingError) return result.toString();
  if (typeof result === "number") return formatGeneral(result);
  if (typeof result === "boolean") return result ? "TRUE" : "FALSE";
  if (typeof result === "string") return result;
  return `{${result.map((row) => row.map(displayElement).join(",")).join(";")}}`;
}

export function isErrorResult(result: FormulaResult): boolean {
  if (result instanceof SizingError) return true;
  return Array.isArray(result) && result.some((row) => row.some(isErrorResult));
}

export async function runEval(args: string[], out: CommandOutput): Promise<number> {
  const formulas: string[] = [];
  let optionsEnded = false;
  for (const arg of args) {
    if (!optionsEnded && arg === "--") optionsEnded = true;
    else if (!optionsEnded && (arg === "--help" || arg === "-h")) {
      out.stdout(EVAL_USAGE);
      return 0;
    } else if (!optionsEnded && arg.startsWith("--")) {
      out.stderr(`exsize eval: unknown option ${arg}`);
      out.stderr(EVAL_USAGE);
      return 2;
    } else formulas.push(arg);
  }
  if (formulas.length === 0) {
    out.stderr(EVAL_USAGE);
    return 2;
  }
  let anyError = false;
  for (const formula of formulas) {
    const result = evaluateFormula(formula, NO_WORKBOOK);
    anyError ||= isErrorResult(result);
    out.stdout(displayResult(result));
  }
  return anyError ? 1 : 0;
}
