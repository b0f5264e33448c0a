/** Custom-function formulas as a file stores them: `_xldudf_EXSIZE_<NAME>(…)`. */
import { callsCustomFunction, fromStoredFormula, toStoredFormula } from "../../src/workbook/stored-formula";

describe("toStoredFormula", () => {
  test.each([
    ["=EXSIZE.EX_DBSIZE(Users,QuotaMB,150,75)", "_xldudf_EXSIZE_EX_DBSIZE(Users,QuotaMB,150,75)"],
    ["=exsize.ex_iops(5000,150)*2", "_xldudf_EXSIZE_ex_iops(5000,150)*2"],
    ["=EXSIZE.EX_SPINDLES(C31,\"RAID5\",\"10K\")+EXSIZE.EX_SPINDLES(C31)", "_xldudf_EXSIZE_EX_SPINDLES(C31,\"RAID5\",\"10K\")+_xldudf_EXSIZE_EX_SPINDLES(C31)"],
    ["=ROUNDUP(Users/C10,0)", "ROUNDUP(Users/C10,0)"],
    ["=\"EXSIZE.EX_DBSIZE(\"&'EXSIZE.x'!A1", "\"EXSIZE.EX_DBSIZE(\"&'EXSIZE.x'!A1"],
    ["=MYEXSIZE.F(1)", "MYEXSIZE.F(1)"],
  ])("%s → %s", (typed, stored) => {
    expect(toStoredFormula(typed)).toBe(stored);
  });

  test("fromStoredFormula gives back what a user types", () => {
    expect(fromStoredFormula("_xldudf_EXSIZE_EX_ARRAYS(C27,C31,Copies)")).toBe("=EXSIZE.EX_ARRAYS(C27,C31,Copies)");
    expect(fromStoredFormula(toStoredFormula('=IF(A1>0,EXSIZE.EX_LOGVOL(1,2,3,4),"EXSIZE.")'))).toBe('=IF(A1>0,EXSIZE.EX_LOGVOL(1,2,3,4),"EXSIZE.")');
  });
});

describe("callsCustomFunction", () => {
  test.each([
    ["_xldudf_EXSIZE_EX_DBSIZE(1,2,3,4)", true],
    ["EXSIZE.EX_DBSIZE(1,2,3,4)", true],
    ["=1+exsize.ex_iops(1,2)", true],
    ["_xll.EXSIZE.EX_IOPS(1,2)", true],
    ["SUM(A1:A3)", false],
    ['CONCAT("EXSIZE.EX_DBSIZE",A1)', false],
    ["'_xldudf_EXSIZE_x'!A1*2", false],
  ])("%s: %p", (formula, calls) => expect(callsCustomFunction(formula)).toBe(calls));
});
