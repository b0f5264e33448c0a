/**
 * COUNTIF and COUNTIFS, which the Distribution sheet uses to count each server's active databases
 * over its helper columns (src/workbook/sheets/distribution.ts): Excel's criteria, checked against
 * HyperFormula on the same cells.
 */
import { DetailedCellError, HyperFormula } from "hyperformula";
import { SizingError } from "../../src/engine";
import { evaluateFormula, parseCellAddress, type EvaluationContext, type FormulaResult } from "../../src/formula";

type Cell = number | string | boolean | null;

// A1:I1 — a number, numeric text, a boolean, an error, empty text, an empty cell, text twice, another number.
const ROW: Cell[] = [1, "1", true, "#N/A", "", null, "abc", "ABC", 2];

function context(): EvaluationContext {
  const at = (column: number): Cell | SizingError => (ROW[column] === "#N/A" ? new SizingError("#N/A", "NA()") : (ROW[column] ?? null));
  return {
    sheet: "S",
    cell: (_sheet, row, column) => (row === 0 && column < ROW.length ? at(column) : null),
    name: () => undefined,
  };
}

const code = (r: FormulaResult): unknown => (r instanceof SizingError ? r.code : r);

const CASES: [string, number][] = [
  ["=COUNTIF(A1:I1,1)", 2], // the number and the numeric text
  ['=COUNTIF(A1:I1,"1")', 2],
  ['=COUNTIF(A1:I1,">1")', 1],
  ['=COUNTIF(A1:I1,"abc")', 2], // case-insensitive
  ['=COUNTIF(A1:I1,"a*")', 2], // wildcards
  ['=COUNTIF(A1:I1,"<>1")', 7], // everything else, the error and the empties included
  ["=COUNTIF(A1:I1,TRUE())", 1],
  ["=COUNTIF(A1:I1,3)", 0],
  ["=COUNTIF(A1:A1,1)", 1],
  // COUNTIFS: every pair met at the same position (A1:C1 against G1:I1: 1/"abc", "1"/"ABC", TRUE/2).
  ['=COUNTIFS(A1:C1,1,G1:I1,"abc")', 2],
  ['=COUNTIFS(A1:C1,1,G1:I1,"<>abc")', 0],
  ["=COUNTIFS(A1:I1,2)", 1],
  ["=COUNTIFS(A1:C1,TRUE(),G1:I1,2)", 1],
  ["=COUNTIFS(A1:B1,1,H1:I1,\"<>abc\")", 1],
];

describe("COUNTIF counts the cells that meet its criteria, as Excel", () => {
  test.each(CASES)("%s is %d", (formula, expected) => {
    expect(code(evaluateFormula(formula, context()))).toBe(expected);
  });

  test('"" counts the empty cells and the empty text, as Excel does', () => {
    // @compatibility: HyperFormula's buildFromArray stores "" as an empty cell, so it is left out of the comparison below.
    expect(evaluateFormula('=COUNTIF(A1:I1,"")', context())).toBe(2);
  });

  test("an error in the range is not counted and is not the result", () => {
    expect(evaluateFormula('=COUNTIF(D1:D1,"#N/A")', context())).toBe(0);
  });

  test("an error as the criteria is the result", () => {
    expect(code(evaluateFormula("=COUNTIF(A1:I1,NA())", context()))).toBe("#N/A");
  });

  test("COUNTIFS of ranges of different shapes is #VALUE!, as Excel", () => {
    expect(code(evaluateFormula("=COUNTIFS(A1:C1,1,G1:H1,1)", context()))).toBe("#VALUE!");
  });

  test("a single cell reference works as the range", () => {
    expect(parseCellAddress("B1")).toBeDefined();
    expect(evaluateFormula('=COUNTIF(B1,"1")', context())).toBe(1);
  });
});

describe("HyperFormula counts the same", () => {
  test("every case of the table", () => {
    const cells = ROW.map((v) => (v === "#N/A" ? "=NA()" : v));
    const hf = HyperFormula.buildFromArray([cells, CASES.map(([f]) => f)], { licenseKey: "gpl-v3" });
    try {
      CASES.forEach(([formula, expected], column) => {
        const value = hf.getCellValue({ sheet: 0, row: 1, col: column });
        expect([formula, value instanceof DetailedCellError ? value.value : value]).toEqual([formula, expected]);
      });
    } finally {
      hf.destroy();
    }
  });
});
