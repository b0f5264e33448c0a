import fc from "fast-check";
import { SizingError } from "../../src/engine";
import { EX_DBSIZE } from "../../src/functions";
import * as worksheet from "../../src/functions/worksheet";
import {
  evaluateFormula,
  formatGeneral,
  parseCellAddress,
  parseFormula,
  type EvaluationContext,
  type FormulaResult,
} from "../../src/formula";
import * as parser from "../../src/formula/parser";
import { compareScalars, roundTo15 } from "../../src/formula/values";

type CellValue = number | string | boolean | null | SizingError;

/** A workbook of a few sheets, cells by A1 address, and defined names; it counts the cells read. */
function fakeWorkbook(
  sheets: Record<string, Record<string, CellValue>>,
  names: Record<string, { sheet: string; range: string }> = {},
  sheet = "Inputs",
): EvaluationContext & { reads: number } {
  const context = {
    sheet,
    reads: 0,
    cell(sheetName: string | undefined, row: number, column: number): CellValue {
      context.reads++;
      const cells = sheets[sheetName ?? ""] ?? {};
      for (const [address, value] of Object.entries(cells)) {
        const at = parseCellAddress(address)!;
        if (at.row === row && at.column === column) return value;
      }
      return null;
    },
    name(name: string) {
      const entry = Object.entries(names).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
      if (!entry) return undefined;
      const [from, to = from] = entry.range.split(":").map((a) => parseCellAddress(a)!);
      return { sheet: entry.sheet, top: from.row, left: from.column, bottom: to.row, right: to.column };
    },
  };
  return context;
}

/** An error result as the cell shows it; anything else as is. */
const shown = (r: FormulaResult): unknown => (r instanceof SizingError ? r.toString() : r);

describe("the sizing functions give the published reference values", () => {
  test.each<[string, FormulaResult]>([
    ['=EX_DBSIZE(5000,2048,150,75,,"volume")', 1266], // 000_72e1ddb9bbd1ecac.txt, Table 18
    ['=EXSIZE.EX_DBSIZE(5000,2048,150,75,,"count")', 12], // 000_72e1ddb9bbd1ecac.txt, Table 18
    ['=_xldudf_EXSIZE_EX_DBSIZE(5000,2048,150,75,1024,"VOLUME")', 1266], // 000_72e1ddb9bbd1ecac.txt, Table 18
    ["=EX_LOGVOL(5000,150,75,12)", 48], // 000_72e1ddb9bbd1ecac.txt, Table 19
    ["=EX_IOPS(5000,150)", 900], // 000_72e1ddb9bbd1ecac.txt, Table 16
    ['=EX_IOPS(5000,150,2,"log")', 378], // 000_72e1ddb9bbd1ecac.txt, Table 17
    ["=EX_SPINDLES(1080)", 17], // 001_0443ed4d42832f8c.txt, "Storage requirements calculated" (erratum E3)
    ['=EX_SPINDLES(1080,"RAID10")', 12], // 001_0443ed4d42832f8c.txt, "Storage requirements calculated" (erratum E3)
    ['=EX_ARRAYS(15768,900,,,,"model")', "PS6500E 500GB"], // 000_72e1ddb9bbd1ecac.txt, 3.4.2
    ["=EX_ARRAYS(15768,900)", 2], // 000_72e1ddb9bbd1ecac.txt, 3.4.2
    // 12 × 1,266 + 12 × 48 = 15,768 GB — 000_72e1ddb9bbd1ecac.txt, 3.4.2
    ['=EX_DBSIZE(5000,2048,150,75,,"count")*(EX_DBSIZE(5000,2048,150,75,,"volume")+EX_LOGVOL(5000,150,75,12))', 15768],
  ])("%s → %p", (formula, expected) => {
    expect(evaluateFormula(formula)).toBe(expected);
  });

  test("a factors array constant reaches the function as rows of name and value", () => {
    const viaFormula = evaluateFormula('=EX_DBSIZE(5000,2048,150,75,,"total",{"growth",1.2;"moveFactor",1})');
    const direct = EX_DBSIZE(5000, 2048, 150, 75, null, "total", [["growth", 1.2], ["moveFactor", 1]]);
    expect(viaFormula).toBe(direct);
    expect(viaFormula).not.toBe(evaluateFormula("=EX_DBSIZE(5000,2048,150,75)"));
  });
});

describe("every worksheet function is callable from a formula", () => {
  const names = Object.keys(worksheet).filter((n) => n.startsWith("EX_"));
  test.each(names)("%s with no arguments gives what the function itself gives", (name) => {
    const direct = (worksheet as unknown as Record<string, () => unknown>)[name]();
    expect(shown(evaluateFormula(`=EXSIZE.${name}()`))).toEqual(shown(direct as FormulaResult));
    expect(shown(direct as FormulaResult)).not.toMatch(/^#NAME\?/);
  });
});

describe("arithmetic, text and comparison follow Excel", () => {
  test.each<[string, FormulaResult]>([
    ["=1+2*3", 7],
    ["=(1+2)*3", 9],
    ["=2^3^2", 64],
    ["=-2^2", 4],
    ["=0-2^2", -4],
    ["=50%", 0.5],
    ["=200*10%", 20],
    ['="3"+4', 7],
    ['=" 1,000 "+1', 1001],
    ['="50%"*2', 1],
    ["=TRUE+TRUE", 2],
    ['=+"kept"', "kept"],
    ['="a"&"b"', "ab"],
    ['="GB: "&1265.5', "GB: 1265.5"],
    ['="x"&1/3', "x0.333333333333333"],
    ['="x"&TRUE', "xTRUE"],
    ["=0.1+0.2=0.3", true],
    ['="abc"="ABC"', true],
    ['="a"<"b"', true],
    ['=1<"a"', true],
    ['="z"<TRUE', true],
    ["=2<>2", false],
    ["=3>=3", true],
    ["={1,2;3,4}*10", [[10, 20], [30, 40]]],
    ["={1,2}+{10;20}", [[11, 12], [21, 22]]],
    ["={1,2,3}+{1,2}", [[2, 4, expect.any(SizingError) as unknown as FormulaResult]]],
  ])("%s → %p", (formula, expected) => {
    expect(evaluateFormula(formula)).toEqual(expected);
  });

  test.each<[string, string]>([
    ["=1/0", "#DIV/0! division by zero"],
    ["=0^0", "#NUM! 0^0 is not a number"],
    ["=0^-1", "#DIV/0! 0 to a negative power is a division by zero"],
    ["=(-8)^0.5", "#NUM! -8^0.5 is not a real number"],
    ["=1e308*10", "#NUM! the result is too large to be a number"],
    ['="abc"+1', '#VALUE! "abc" is text, not a number'],
    ['=""*2', '#VALUE! "" is text, not a number'],
    ["=#N/A+1", "#N/A as written in the formula"],
    ["=1+#REF!", "#REF! as written in the formula"],
    ['=#VALUE!&"x"', "#VALUE! as written in the formula"],
    ["=1/0=1", "#DIV/0! division by zero"],
  ])("%s → %s", (formula, expected) => {
    expect(shown(evaluateFormula(formula))).toBe(expected);
  });
});

describe("the Excel natives", () => {
  test.each<[string, FormulaResult]>([
    ["=SUM(1,2,3)", 6],
    ['=SUM(1,"2",TRUE)', 4],
    ['=SUM({1,"2",TRUE})', 1],
    ["=SUM(1,,2)", 3],
    ["=PRODUCT(2,3,4)", 24],
    ['=PRODUCT({"a"})', 0],
    ["=MIN(3,1,2)", 1],
    ["=MAX(3,1,2)", 3],
    ['=MAX({"a"})', 0],
    ['=COUNT(1,"2","x",TRUE,{1,"a"},#N/A)', 4],
    ["=ROUND(2.5,0)", 3],
    ["=ROUND(-2.5,0)", -3],
    ["=ROUND(1.005,2)", 1.01],
    ["=ROUND(1250,-2)", 1300],
    ["=ROUND(1265.508,1.9)", 1265.5],
    ["=ROUNDUP(1.1,1)", 1.1],
    ["=ROUNDUP(1.01,1)", 1.1],
    ["=ROUNDUP(-1.01,1)", -1.1],
    ["=ROUNDDOWN(1.99,0)", 1],
    ["=ROUNDDOWN(-1.99,0)", -1],
    ["=CEILING(2.5,1)", 3],
    ["=CEILING(0.25,0.1)", 0.3],
    ["=CEILING(17,8)", 24],
    ["=CEILING(-2.5,2)", -2],
    ["=CEILING(-2.5,-2)", -4],
    ["=CEILING(5,0)", 0],
    ['=IF(1>2,"yes","no")', "no"],
    ['=IF(1<2,"yes","no")', "yes"],
    ["=IF(FALSE,1)", false],
    ["=IF(TRUE,,1)", 0],
    ['=IF("true",1,2)', 1],
    ["=IF(TRUE,1,1/0)", 1],
    ["=IFERROR(1/0,-1)", -1],
    ["=IFERROR(7,1/0)", 7],
    ["=IFERROR({1,#N/A},0)", [[1, 0]]],
    ["=AND(TRUE,1,{TRUE,\"text\"})", true],
    ["=AND(TRUE,0)", false],
    ["=OR(FALSE,0,1)", true],
    ["=OR(FALSE,0)", false],
    ["=NOT(0)", true],
    ["=ABS(-3.5)", 3.5],
    ['=CONCAT("a",1,TRUE,{"b","c"})', "a1TRUEbc"],
    ['=CONCATENATE("EX","_","DBSIZE")', "EX_DBSIZE"],
    ["=_xlfn.CONCAT(1,2)", "12"],
  ])("%s → %p", (formula, expected) => {
    expect(evaluateFormula(formula)).toEqual(expected);
  });

  test.each<[string, string]>([
    ['=SUM(1,"x")', '#VALUE! "x" is text, not a number'],
    ["=SUM(1,{2,#N/A})", "#N/A as written in the formula"],
    ["=CEILING(2.5,-1)", "#NUM! CEILING of a positive number needs a positive significance"],
    ["=ROUND(1)", "#VALUE! ROUND takes 2 arguments; got 1"],
    ["=NOT(1,2)", "#VALUE! NOT takes 1 argument; got 2"],
    ["=SUM()", "#VALUE! SUM takes at least 1 arguments; got 0"],
    ["=EX_IOPS(1,2,3,4,5,6,7)", "#VALUE! EX_IOPS takes 0 to 6 arguments; got 7"],
    ['=IF("maybe",1,2)', '#VALUE! "maybe" is text, not TRUE or FALSE'],
    ['=AND("x")', '#VALUE! "x" is text, not TRUE or FALSE'],
    ['=AND({"x"})', "#VALUE! AND found no TRUE/FALSE values"],
    ["=ABS({1,2})", "#VALUE! number must be a single value, not a range of 1×2"],
    ["=FOO(1)", "#NAME? unknown function FOO"],
    ["=EXSIZE.EX_NOPE(1)", "#NAME? unknown function EX_NOPE"],
    ["=Users", "#NAME? Users is not a defined name"],
  ])("%s → %s", (formula, expected) => {
    expect(shown(evaluateFormula(formula))).toBe(expected);
  });
});

describe("errors reach the sizing functions as Excel passes them", () => {
  test.each<[string, string]>([
    // An argument that is an error is the result; the function is not called (it would say "users must be …").
    ["=EX_DBSIZE(1/0,2048,150,75)", "#DIV/0! division by zero"],
    ["=EX_DBSIZE(#N/A,-1,150,75)", "#N/A as written in the formula"],
    ['=EX_DBSIZE(5000,2048,150,75,,"total",{"growth",#N/A})', "#N/A as written in the formula"],
    ["=EX_DBSIZE(0,2048,150,75)", "#VALUE! users must be the number of mailboxes, a whole number from 1 to 100,000,000; got 0"],
    ["=EX_DBSIZE(5000)", "#VALUE! quotaMB is required: the mailbox quota in MB, a number above 0 up to 10,000,000"],
    ['=EX_DBSIZE(5000,2048,150,75,,"nope")', expect.stringMatching(/^#VALUE! result must be one of "total", /) as unknown as string],
    ['=EX_ARRAYS(15768,900,,,"PS9999")', expect.stringMatching(/^#N\/A model must be "auto" or one of/) as unknown as string],
  ])("%s → %s", (formula, expected) => {
    expect(shown(evaluateFormula(formula))).toEqual(expected);
  });

  test("a syntax error is the formula's #VALUE! value", () => {
    expect(shown(evaluateFormula("=EX_DBSIZE(5000,2048"))).toBe(
      '#VALUE! formula syntax: expected ")" to close EX_DBSIZE( but found the end of the formula at position 21 of =EX_DBSIZE(5000,2048',
    );
  });
});

describe("references through an evaluation context", () => {
  const workbook = () =>
    fakeWorkbook(
      {
        // The reference design's inputs — 000_72e1ddb9bbd1ecac.txt, 3.4.2.
        Inputs: { C4: 5000, C5: 2048, C6: 150, C7: 75, C8: null, C9: "volume", D1: "5", E1: "x", F1: new SizingError("#N/A", "no data") },
        "Design sheet": { B20: "growth", C20: 1.2, B21: "moveFactor", C21: 1, B22: null, C22: null },
      },
      {
        Users: { sheet: "Inputs", range: "C4" },
        Profile: { sheet: "Inputs", range: "C4:C7" },
        Factors: { sheet: "Design sheet", range: "B20:C22" },
      },
    );

  test.each<[string, FormulaResult]>([
    ["=C4", 5000],
    ["=$C$4*2", 10000],
    ["=Inputs!C4", 5000],
    ["='Design sheet'!$C$20", 1.2],
    ["=C8", 0], // an empty cell shows 0
    ["=C8+1", 1],
    ['=C8&"|"', "|"],
    ["=C8=0", true],
    ['=C8=""', true],
    ["=Users", 5000],
    ["=users*2", 10000],
    ["=SUM(Profile)", 5000 + 2048 + 150 + 75],
    ["=C4:C5", [[5000], [2048]]],
    ["=SUM(C4:C7,D1)", 7273], // D1 holds the text "5": a reference's text is not summed, as in Excel
    ["=D1+1", 6], // but arithmetic reads it as a number
    ["=COUNT(C4:C9)", 4],
    ["=EX_DBSIZE(C4,C5,C6,C7,C8,C9)", 1266], // 000_72e1ddb9bbd1ecac.txt, Table 18
    ["=EX_DBSIZE(Users,C5,C6,C7,,C9)", 1266], // 000_72e1ddb9bbd1ecac.txt, Table 18
    ['=EX_DBSIZE(C4,C5,C6,C7,,"total",\'Design sheet\'!B20:C22)', EX_DBSIZE(5000, 2048, 150, 75, null, "total", [["growth", 1.2], ["moveFactor", 1], [null, null]]) as number],
    ['=EX_DBSIZE(C4,C5,C6,C7,,"total",Factors)', EX_DBSIZE(5000, 2048, 150, 75, null, "total", [["growth", 1.2], ["moveFactor", 1]]) as number],
  ])("%s → %p", (formula, expected) => {
    expect(evaluateFormula(formula, workbook())).toEqual(expected);
  });

  test.each<[string, string]>([
    ["=E1*2", '#VALUE! "x" is text, not a number'],
    ["=F1", "#N/A no data"],
    ["=EX_DBSIZE(F1,C5,C6,C7)", "#N/A no data"],
    ["=EX_DBSIZE(C4:C5,C5,C6,C7)", "#VALUE! users must be the number of mailboxes, a whole number from 1 to 100,000,000; got a range"],
    ["=SUM(C4,F1)", "#N/A no data"],
    ["=IFERROR(F1,\"fallback\")", "fallback"],
    ["=Nowhere", "#NAME? Nowhere is not a defined name"],
  ])("%s → %s", (formula, expected) => {
    expect(shown(evaluateFormula(formula, workbook()))).toBe(expected);
  });

  test("unqualified references resolve on the context's sheet", () => {
    const context = workbook();
    expect(evaluateFormula("=C20", { ...context, sheet: "Design sheet", cell: context.cell })).toBe(1.2);
  });

  test("without a context a reference is #REF! and names the cell", () => {
    expect(shown(evaluateFormula("=Inputs!C4*2"))).toBe("#REF! no workbook to read Inputs!C4 from");
    expect(shown(evaluateFormula("=SUM('Design sheet'!B20:C22)"))).toBe("#REF! no workbook to read 'Design sheet'!B20:C22 from");
  });

  test("IF evaluates only the branch it takes", () => {
    const context = workbook();
    evaluateFormula("=IF(TRUE,C4,SUM(C4:C9))", context);
    expect(context.reads).toBe(1);
  });
});

describe("evaluation is quick: parses once, compiles once", () => {
  afterEach(() => jest.restoreAllMocks());

  test("a pre-parsed node evaluates without parsing again, to the same value each time", () => {
    const node = parseFormula('=EX_DBSIZE(5000,2048,150,75,,"volume")');
    const parse = jest.spyOn(parser, "parseFormula");
    for (let i = 0; i < 3; i++) expect(evaluateFormula(node)).toBe(1266); // 000_72e1ddb9bbd1ecac.txt, Table 18
    expect(parse).not.toHaveBeenCalled();
  });

  test("the same text is parsed once", () => {
    const parse = jest.spyOn(parser, "parseFormula");
    const text = "=1+2+3+4+5+6+7+8+9";
    expect(evaluateFormula(text)).toBe(45);
    expect(evaluateFormula(text)).toBe(45);
    expect(parse).toHaveBeenCalledTimes(1);
  });
});

describe("formatGeneral shows numbers as a General cell at full precision", () => {
  test.each<[number, string]>([
    [1266, "1266"],
    [1265.50880288696, "1265.50880288696"],
    [11504.66270446777, "11504.6627044678"],
    [0.1 + 0.2, "0.3"],
    [1 / 3, "0.333333333333333"],
    [-2.5, "-2.5"],
    [0, "0"],
    [-0, "0"],
    [123456789012345, "123456789012345"],
    [1e15, "1E+15"],
    [1234567890123456, "1.23456789012346E+15"],
    [0.000001, "0.000001"],
    [1e-10, "1E-10"],
    // The largest double: 15 digits round past it, yet it prints as Excel shows it (found by the fuzz test).
    [Number.MAX_VALUE, "1.79769313486232E+308"],
    [-Number.MAX_VALUE, "-1.79769313486232E+308"],
  ])("%p → %s", (n, text) => {
    expect(formatGeneral(n)).toBe(text);
  });
});

describe("comparisons at Excel's 15 digits", () => {
  const sign = (x: number) => (x < 0 ? -1 : x > 0 ? 1 : 0);
  // Pairs far apart, and pairs a few units in the last place apart (where 15 digits make them equal or not).
  const near = fc.tuple(fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.integer({ min: -40, max: 40 })).map(([a, k]) => [a, a + k * Number.EPSILON * Math.abs(a)] as const);
  const apart = fc.tuple(fc.double({ min: -1e12, max: 1e12, noNaN: true }), fc.double({ min: -1e12, max: 1e12, noNaN: true }));

  test("order two numbers as their 15-digit roundings do", () => {
    fc.assert(
      fc.property(fc.oneof(near, apart), ([a, b]) => {
        expect(compareScalars(a, b)).toBe(sign(roundTo15(a) - roundTo15(b)));
      }),
      { numRuns: 20000 },
    );
    expect(compareScalars(0.1 + 0.2, 0.3)).toBe(0);
  });
});
