/** Custom-function formulas as a file stores them: `_xldudf_EXSIZE_<NAME>(…)`. */
import { callsCustomFunction, formulaKey, fromStoredFormula, toStoredFormula } from "../../src/workbook/stored-formula";

describe("toStoredFormula", () => {
  test.each([
    ["=EXSIZE.EX_DBSIZE(Users,QuotaMB,150,75)", "_xldudf_EXSIZE_EX_DBSIZE(Users,QuotaMB,150,75)"],
    ["=exsize.ex_iops(5000,150)*2", "_xldudf_EXSIZE_ex_iops(5000,150)*2"],
    ["=EXSIZE.EX_SPINDLES(C31,\"RAID5\",\"10K\")+EXSIZE.EX_SPINDLES(C31)", "_xldudf_EXSIZE_EX_SPINDLES(C31,\"RAID5\",\"10K\")+_xldudf_EXSIZE_EX_SPINDLES(C31)"],
    ["=ROUNDUP(Users/C10,0)", "ROUNDUP(Users/C10,0)"],
    ["=\"EXSIZE.EX_DBSIZE(\"&'EXSIZE.x'!A1", "\"EXSIZE.EX_DBSIZE(\"&'EXSIZE.x'!A1"],
    ["=MYEXSIZE.F(1)", "MYEXSIZE.F(1)"],
    ["=EXSIZE.Budget+EXSIZE.EX_IOPS(1,2)", "EXSIZE.Budget+_xldudf_EXSIZE_EX_IOPS(1,2)"],
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
    // Only our namespace, and only a call of an EX_ function.
    ["EXSIZE.Budget*2", false],
    ["_xldudf_OTHER_X(1)", false],
    ["_xldudf_EXSIZE_TOTAL(1)", false],
    ["EXSIZE.EX_DBSIZE", false],
    ["MYEXSIZE.EX_DBSIZE(1)", false],
    ["_xldudf_EXSIZE_EX_IOPS (1,2)", true],
    ["[1]!_xldudf_EXSIZE_EX_IOPS(1,2)", true],
  ])("%s: %p", (formula, calls) => expect(callsCustomFunction(formula)).toBe(calls));
});

describe("formulaKey", () => {
  test.each([
    ["=EXSIZE.EX_IOPS(Users, 150)", "_xldudf_EXSIZE_EX_IOPS(Users,150)"],
    ["=exsize.ex_iops(users,150)", "_xldudf_EXSIZE_EX_IOPS(USERS,150)"],
    ['=IFERROR(EXSIZE.EX_IOPS(1),"—")', '_xlfn.IFERROR(_xldudf_EXSIZE_EX_IOPS(1),"—")'],
  ])("%s and %s are the same formula", (a, b) => expect(formulaKey(a)).toBe(formulaKey(b)));

  test("text keeps its case and spaces", () => {
    expect(formulaKey('=EXSIZE.EX_DBSIZE(1,"volume")')).not.toBe(formulaKey('=EXSIZE.EX_DBSIZE(1,"VOLUME")'));
    expect(formulaKey('="a b"')).not.toBe(formulaKey('="ab"'));
  });
});
