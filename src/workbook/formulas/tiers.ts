/**
 * The mailbox tiers' rule as Microsoft's column sizes them (src/workbook/sheets/tiers.ts lays the tiers out
 * on the Inputs sheet, methods.ts sizes them): a tier's typed value within the functions' limits, else the
 * block's own.
 */
import { withinBoundsFormula } from "../../engine/catalogue/input";
import type { NumberParameter } from "../../functions/arguments";

/**
 * The formula (without "=") of tier `k`'s value in `range` (tiers 1-4), in Excel's own functions: the typed value
 * when it is within `bounds` (outside them, #N/A, as the functions would fail), else — empty or 0 — `fallback`.
 * With `mailboxes` (a profile cell: the cell holding tier k's mailboxes as sized) a tier with no mailboxes always
 * takes `fallback`, so a stray entry in an unused tier is harmless.
 */
export function tierValueRule(range: string, bounds: NumberParameter, k: number, fallback: string, mailboxes?: string): string {
  const v = `INDEX(${range},${k})`;
  const typed = `IF(${withinBoundsFormula(v, bounds)},${v},NA())`;
  // Empty and 0 are one: INDEX gives an empty cell's reference to Excel but its value, 0, to some
  // evaluators, so no test tells them apart everywhere; 0 is no profile value anyway.
  if (mailboxes === undefined) return `IF(${v}<>0,${typed},${fallback})`;
  return `IF(AND(${mailboxes}>0,${v}<>0),${typed},${fallback})`;
}
