/**
 * `exsize eval FORMULA…` — one line per formula, in order: what a General-format cell shows
 * (the number at 15 significant digits, TRUE/FALSE, the text) or `#CODE message` for an error.
 * Exit 0 when no result is an error, 1 when any is, 2 for a usage error.
 */
import { SizingError } from "../engine";
import { cellAddress, evaluateFormula, formatGeneral, formulaError, type EvaluationContext, type FormulaResult } from "../formula";
import type { CommandOutput } from "./design";
import { didYouMean } from "../functions/suggest";
import { defaultedSignatureOf, WORKSHEET_FUNCTIONS } from "../functions/descriptors";

export const EVAL_USAGE = `usage: exsize eval FORMULA… [--json] (e.g. exsize eval '=EX_DBSIZE(5000,2048,150,75,,"volume")')`;

/** `exsize eval --help` and `exsize help eval`. */
export const EVAL_HELP: readonly string[] = [
  EVAL_USAGE,
  "",
  "Prints what each formula shows in a cell, one line each, in order: a number at 15 significant digits,",
  "TRUE/FALSE, the text, or the error code and its message (#VALUE! users must be …). The worksheet",
  "functions work with or without their EXSIZE. prefix; there is no workbook, so a cell reference is #REF!.",
  "A text's own line breaks print as they are, as a cell shows them; --json keeps one line a formula.",
  "",
  "Options:",
  "  --json         one JSON object a line, per formula: {\"formula\", \"value\"} or {\"formula\", \"error\", \"message\"};",
  "                 a spilled array's value is rows of values (an error element as {\"error\", \"message\"})",
  "                 (default: the cell's text)",
  "  --             what follows is a formula even if it starts with --",
  "  -h, --help     this text",
  "",
  "Exit status: 0 every result is a value; 1 a result is an error (every line is still printed); 2 a usage error.",
  "",
  "The worksheet functions ([optional = default]; docs/functions.md has each one's results and examples):",
  ...WORKSHEET_FUNCTIONS.map((d) => `  ${defaultedSignatureOf(d)}`),
];

type JsonElement = number | string | boolean | { error: string; message: string };

function jsonElement(v: FormulaResult): JsonElement | JsonElement[][] {
  if (v instanceof SizingError) return { error: v.code, message: v.message };
  if (Array.isArray(v)) return v.map((row) => row.map((e) => jsonElement(e) as JsonElement));
  return v;
}

/** One formula's result for --json: its value, or its error code and message. */
export function jsonResult(formula: string, result: FormulaResult): Record<string, unknown> {
  if (result instanceof SizingError) return { formula, error: result.code, message: result.message };
  return { formula, value: jsonElement(result) };
}

/** eval has no workbook: a reference is #REF!, and says what to do instead. */
const NO_WORKBOOK: EvaluationContext = {
  cell(sheet, row, column) {
    const address = sheet === undefined ? cellAddress(row, column) : `${sheet}!${cellAddress(row, column)}`;
    return formulaError("#REF!", `eval has no workbook; write the value of ${address} into the formula instead`);
  },
  /** A range is one #REF! at once: no cell of it exists (=SUM(A1:J100000) costs nothing). */
  range(sheet, top, left, bottom, right) {
    const range = `${cellAddress(top, left)}:${cellAddress(bottom, right)}`;
    const address = sheet === undefined ? range : `${sheet}!${range}`;
    return formulaError("#REF!", `eval has no workbook; write the values of ${address} into the formula instead`);
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
  let json = false;
  for (const arg of args) {
    if (!optionsEnded && arg === "--") optionsEnded = true;
    else if (!optionsEnded && (arg === "--help" || arg === "-h")) {
      EVAL_HELP.forEach((line) => out.stdout(line));
      return 0;
    } else if (!optionsEnded && arg === "--json") json = true;
    else if (!optionsEnded && arg.startsWith("--")) {
      out.stderr(`exsize eval: unknown option ${arg}${didYouMean(arg, ["--json", "--help"])}`);
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
    out.stdout(json ? JSON.stringify(jsonResult(formula, result)) : displayResult(result));
  }
  return anyError ? 1 : 0;
}
