/**
 * A workbook for the formula evaluator in which every defined name is a one-cell sheet of its own:
 * enough to evaluate a native formula written over names (tests of the customer copy's formulas).
 */
import type { EvaluationContext } from "../../src/formula";

export type NamedCell = number | string | null;

export function namedCells(names: Record<string, NamedCell>): EvaluationContext {
  const cells = new Map(Object.entries(names).map(([n, v]) => [n.toLowerCase(), v]));
  return {
    cell: (sheet, row, column) => (row === 0 && column === 0 ? (cells.get(sheet ?? "") ?? null) : null),
    name: (name) => (cells.has(name.toLowerCase()) ? { sheet: name.toLowerCase(), top: 0, left: 0, bottom: 0, right: 0 } : undefined),
  };
}
