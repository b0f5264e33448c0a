/**
 * A formula filled down or across is parsed once for all its cells: the evaluator matches a cell's
 * text to a parse another cell made, its relative references moved. Whatever the text, the answer is
 * the one the text read alone gives.
 */
import fc from "fast-check";
import { SizingError } from "../../src/engine";
import { cellAddress, evaluateFormula, type EvaluationContext, type FormulaResult } from "../../src/formula";
import * as parser from "../../src/formula/parser";

/** Every cell holds a value of its own: a number, and text or an error here and there. */
function cellValue(sheet: string | undefined, row: number, column: number): number | string | boolean | null | SizingError {
  const n = (row * 7 + column * 3 + (sheet?.length ?? 0)) % 23;
  if (n === 5) return "text";
  if (n === 9) return null;
  if (n === 11) return new SizingError("#N/A", `no value at ${row},${column}`);
  return n;
}

const at = (row: number, column: number): EvaluationContext => ({ sheet: "Sheet1", origin: { row, column }, cell: cellValue });
const alone = (): EvaluationContext => ({ sheet: "Sheet1", cell: cellValue });
const shown = (r: FormulaResult): unknown => (r instanceof SizingError ? r.toString() : r);

/** A reference written relative to its cell: the same piece gives A1 in B1 and A2 in B2. */
interface Piece {
  sheet: string;
  columnAnchored: boolean;
  rowAnchored: boolean;
  column: number;
  row: number;
}

function written(piece: Piece, origin: { row: number; column: number }): string {
  const column = piece.columnAnchored ? piece.column : origin.column + piece.column;
  const row = piece.rowAnchored ? piece.row : origin.row + piece.row;
  const letters = cellAddress(0, column).replace(/\d+$/, "");
  return `${piece.sheet}${piece.columnAnchored ? "$" : ""}${letters}${piece.rowAnchored ? "$" : ""}${row + 1}`;
}

type Template = (origin: { row: number; column: number }) => string;

const piece = fc.record<Piece>({
  sheet: fc.constantFrom("", "", "Sheet1!", "'My sheet'!", "AB1x!"),
  columnAnchored: fc.boolean(),
  rowAnchored: fc.boolean(),
  column: fc.integer({ min: 0, max: 5 }),
  row: fc.integer({ min: 0, max: 5 }),
});

const term: fc.Arbitrary<Template> = fc.oneof(
  piece.map((p): Template => (o) => written(p, o)),
  fc.tuple(piece, piece).map(([a, b]): Template => (o) => `SUM(${written(a, o)}:${written(b, { ...b, ...o }).replace(/^.*!/, "")})`),
  fc.constantFrom<Template>(
    () => '"A1"',
    () => '"it\'s B2"',
    () => "LOG10(100)",
    () => "LOG10 (100)",
    () => "TRUE",
    () => "2.5",
    () => "Users",
    (o) => `"${cellAddress(o.row, o.column)}"`,
    (o) => `LOG${10 + o.row}(100)`,
    (o) => `LOG${10 + o.row} (100)`,
  ),
);

const formula: fc.Arbitrary<Template> = fc
  .tuple(term, fc.constantFrom("+", "&", "*", "<", "-", ""), term, fc.boolean())
  .map(([a, op, b, damaged]): Template => (o) => `=${a(o)}${op}${op === "" ? "" : b(o)}${damaged ? ")" : ""}`);

const origin = fc.record({ row: fc.integer({ min: 0, max: 40 }), column: fc.integer({ min: 0, max: 30 }) });

describe("a formula filled across cells is parsed once and answers as its text alone", () => {
  test("random formulas, written in two cells as Excel fills them", () => {
    fc.assert(
      fc.property(formula, origin, origin, (template, first, second) => {
        for (const o of [first, second]) {
          const text = template(o);
          expect({ text, value: shown(evaluateFormula(text, at(o.row, o.column))) }).toEqual({ text, value: shown(evaluateFormula(text, alone())) });
        }
      }),
      { numRuns: 2000 },
    );
  });

  test("a column of =A1*2 … =A300*2 is parsed once, each cell reading its own row", () => {
    const parse = jest.spyOn(parser, "parseFormulaReferences");
    for (let row = 0; row < 300; row++) {
      const text = `=A${row + 1}*2+$B$1`;
      expect(shown(evaluateFormula(text, at(row, 2)))).toBe(shown(evaluateFormula(text, alone())));
    }
    expect(parse).toHaveBeenCalledTimes(1);
    parse.mockRestore();
  });

  test("a running total =SUM($A$1:A1) filled down sums a growing range", () => {
    for (let row = 0; row < 5; row++) {
      const text = `=SUM($A$1:A${row + 1})`;
      expect(shown(evaluateFormula(text, at(row, 3)))).toBe(shown(evaluateFormula(text, alone())));
    }
  });

  test("text that looks like a reference is not moved", () => {
    expect(evaluateFormula('="A1"&"-"&A1', at(0, 1))).toBe(`A1-${cellValue("Sheet1", 0, 0)}`);
    expect(evaluateFormula('="A2"&"-"&A2', at(1, 1))).toBe(`A2-${cellValue("Sheet1", 1, 0)}`);
  });

  test("a function whose name ends in digits is not a reference", () => {
    expect(shown(evaluateFormula("=SUM(1)+LOG10 (100)", at(0, 0)))).toMatch(/^#NAME\? unknown function LOG10\b/);
    expect(shown(evaluateFormula("=SUM(1)+LOG11 (100)", at(1, 0)))).toMatch(/^#NAME\? unknown function LOG11\b/);
  });

  test("a syntax error names its own text", () => {
    const first = evaluateFormula("=A1+", at(0, 0));
    const second = evaluateFormula("=A2+", at(1, 0));
    expect(shown(second)).toBe(shown(evaluateFormula("=A2+", alone())));
    expect(shown(first)).toBe(shown(evaluateFormula("=A1+", alone())));
  });
});
