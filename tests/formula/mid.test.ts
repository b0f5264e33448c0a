/**
 * MID, as Excel: the characters of a text from a start (the first is 1), a number read as its General
 * text; a start below 1 or a count below 0 is #VALUE!. HyperFormula, which recalculates the customer copy
 * in the tests, gives the same. The live Compare sheet reads a design's Design check with it.
 */
import { DetailedCellError, HyperFormula } from "hyperformula";
import { SizingError } from "../../src/engine";
import { evaluateFormula, type EvaluationContext } from "../../src/formula";

const context: EvaluationContext = { sheet: "S", cell: () => null, name: () => undefined };
const ours = (f: string): unknown => {
  const r = evaluateFormula(f, context);
  return r instanceof SizingError ? r.code : r;
};
const theirs = (f: string): unknown => {
  const hf = HyperFormula.buildFromArray([[f]], { licenseKey: "gpl-v3" });
  const v = hf.getCellValue({ sheet: 0, row: 0, col: 0 });
  hf.destroy();
  return v instanceof DetailedCellError ? v.value : v;
};

describe("MID", () => {
  test.each([
    ['=MID("Not a design: why",1,13)', "Not a design:"],
    ['=MID("Not a design: why",15,2000)', "why"],
    ['=MID("abc",4,2)', ""],
    ["=MID(1234,2,2)", "23"],
    ['=MID("abc",0,1)', "#VALUE!"],
    ['=MID("abc",1,-1)', "#VALUE!"],
  ])("%s is %j, as HyperFormula's", (formula, expected) => {
    expect(ours(formula)).toBe(expected);
    expect(theirs(formula)).toBe(expected);
  });
});
