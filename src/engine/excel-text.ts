/**
 * Excel text written from numbers and formula text, for every renderer (rules/rule.ts and
 * excel-formulas.ts): numbers that read back as the same double, text constants, operands kept
 * together, and the engine's tolerant rounding (rounding.ts) written out. It imports no sizing
 * rule, so the rules can use it.
 */
import { COUNT_TOLERANCE_ABSOLUTE, COUNT_TOLERANCE_RELATIVE } from "./rounding";

/**
 * A number as formula text that reads back as the same double. Exponents are written with a
 * lower-case "e": HyperFormula reads no "E" (Excel and LibreOffice read both). More than 15
 * significant digits would be cut by Excel, so such a constant is refused rather than changed.
 */
export function numberLiteral(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`${n} cannot be written in a formula`);
  if (Number(n.toPrecision(15)) !== n) throw new RangeError(`${n} has more than 15 significant digits`);
  return String(n);
}

/** A text constant: "..." with quotes doubled. */
export function textLiteral(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** The operators at the top level of `text` (outside parentheses and quotes). */
function topLevelOperators(text: string): string {
  let found = "";
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = text[i + 1] === quote ? (i++, quote) : undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (depth === 0 && "+-*/^&=<> %,;".includes(c)) found += c;
  }
  return found;
}

const NUMBER_TEXT = /^\d+(\.\d*)?(e[+-]?\d+)?$/i;

/**
 * `text` as one operand of any operator: kept as is when it is a name, a cell, a number, a
 * function call or already in parentheses; otherwise put in parentheses, so the engine's
 * grouping (and its floating-point result) is kept.
 */
export function operand(text: string): string {
  const t = text.trim();
  return NUMBER_TEXT.test(t) || topLevelOperators(t) === "" ? t : `(${t})`;
}

/** `text` as the left operand of "*": a chain of "*" and "/" needs no parentheses (a/b*c is (a/b)*c). */
function leftFactor(text: string): string {
  const t = text.trim();
  const operators = topLevelOperators(t.startsWith("-") ? t.slice(1) : t);
  return /^[*/]*$/.test(operators) ? t : `(${t})`;
}

/**
 * The engine's rounding (src/engine/rounding.ts) with its tolerance written out: ROUNDUP and
 * ROUND alone would differ. HyperFormula rounds the raw double (ROUNDUP(12.000000000000002,0) is
 * 13, ROUND(1265.4999999999998,0) is 1265); Excel, LibreOffice and our evaluator first cut to 15
 * digits. The same operations as the engine's, on the same doubles: x − MIN(x × 1e-15, 1e-6),
 * then ROUNDUP; x + MIN(x × 1e-15, 1e-6), then ROUND (half up, as Math.round for x ≥ 0). So
 * HyperFormula computes the engine's bits, and Excel's 15-digit cut can differ only for a value
 * whose fraction lies within 5e-15 of it of the tolerance's edge — no sizing input lands there.
 * The quantities rounded are never negative, so x is |x|. `x` appears twice: the cap needs it.
 */
const RELATIVE_TOLERANCE = numberLiteral(COUNT_TOLERANCE_RELATIVE);
const ABSOLUTE_TOLERANCE = numberLiteral(COUNT_TOLERANCE_ABSOLUTE);

/** `text` as the left operand of "+" or "-": only a comparison or "&" at the top needs parentheses. */
function leftTerm(text: string): string {
  const t = text.trim();
  return /[=<>&]/.test(topLevelOperators(t)) ? `(${t})` : t;
}

const toleranceFormula = (x: string) => `MIN(${leftFactor(x)}*${RELATIVE_TOLERANCE},${ABSOLUTE_TOLERANCE})`;

/** ceilCount(x): whole units, rounded up; never below the requirement (E3). */
export function ceilCountFormula(x: string): string {
  return `ROUNDUP(${leftTerm(x)}-${toleranceFormula(x)},0)`;
}

/** provisionGB(x): whole GB, half up (000 Tables 18–19). */
export function provisionFormula(x: string): string {
  return `ROUND(${leftTerm(x)}+${toleranceFormula(x)},0)`;
}
