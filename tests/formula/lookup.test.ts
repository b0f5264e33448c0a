/**
 * The lookup and information functions the native formulas use (src/engine/excel-formulas.ts):
 * VLOOKUP, MATCH, INDEX, ISNUMBER, NA, LEN — with Excel's matching and errors.
 */
import { SizingError } from "../../src/engine";
import { evaluateFormula, parseCellAddress, type EvaluationContext, type FormulaResult } from "../../src/formula";

type Cell = number | string | boolean | null;

/** One sheet "S" with cells by A1 address, and names bound to ranges of it. */
function sheet(cells: Record<string, Cell>, names: Record<string, string> = {}): EvaluationContext {
  const at = new Map<string, Cell>();
  for (const [address, value] of Object.entries(cells)) {
    const { row, column } = parseCellAddress(address)!;
    at.set(`${row},${column}`, value);
  }
  return {
    sheet: "S",
    cell: (_sheet, row, column) => at.get(`${row},${column}`) ?? null,
    name(name) {
      const range = Object.entries(names).find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
      if (range === undefined) return undefined;
      const [from, to = from] = range.split(":").map((a) => parseCellAddress(a)!);
      return { sheet: "S", top: from.row, left: from.column, bottom: to.row, right: to.column };
    },
  };
}

/** The error code a result shows, or the result. */
const code = (r: FormulaResult): unknown => (r instanceof SizingError ? r.code : r);

// A disk classes table as the workbook's Hardware sheet holds one: a title row, then name | IOPS.
const DISKS = sheet(
  { A1: "Class", B1: "IOPS", A2: "7.2K", B2: 70, A3: "SSD", B3: 5000, A4: "10k", B4: 150, A5: "a*b", B5: 1, A6: 42, B6: "forty-two" },
  { DiskClasses: "A1:B6" },
);

describe("VLOOKUP with FALSE (or 0) matches exactly, as Excel", () => {
  test.each<[string, unknown]>([
    ['=VLOOKUP("SSD",DiskClasses,2,FALSE)', 5000],
    ['=VLOOKUP("ssd",DiskClasses,2,0)', 5000], // text matches case-insensitively
    ['=VLOOKUP("10K",DiskClasses,2,0)', 150],
    ['=VLOOKUP("7.2k",DiskClasses,1,0)', "7.2K"],
    ['=VLOOKUP("S*",DiskClasses,2,0)', 5000], // wildcards: * any run
    ['=VLOOKUP("1?k",DiskClasses,2,0)', 150], // ? one character
    ['=VLOOKUP("a~*b",DiskClasses,2,0)', 1], // ~ escapes a wildcard
    ['=VLOOKUP("axb",DiskClasses,2,0)', "#N/A"], // …so "a~*b" is not a pattern
    ["=VLOOKUP(42,DiskClasses,2,0)", "forty-two"], // a number matches a number…
    ['=VLOOKUP("42",DiskClasses,2,0)', "#N/A"], // …not text that looks like one
    ['=VLOOKUP("15K",DiskClasses,2,0)', "#N/A"],
    ['=VLOOKUP("SSD",DiskClasses,0,0)', "#VALUE!"],
    ['=VLOOKUP("SSD",DiskClasses,3,0)', "#REF!"],
    ['=VLOOKUP(NA(),DiskClasses,2,0)', "#N/A"],
    ['=VLOOKUP(1/0,DiskClasses,2,0)', "#DIV/0!"],
    ['=VLOOKUP("b",{"a",1;"B",2},2,0)', 2], // an array constant is a table too
  ])("%s → %p", (formula, expected) => {
    expect(code(evaluateFormula(formula, DISKS))).toEqual(expected);
  });

  test("an omitted range_lookup (…,2,) is FALSE; a missing one is TRUE", () => {
    expect(code(evaluateFormula('=VLOOKUP("b",{"a",1;"c",3},2,)'))).toBe("#N/A");
    expect(evaluateFormula('=VLOOKUP("b",{"a",1;"c",3},2)')).toBe(1);
  });

  test("an empty result cell is 0", () => {
    expect(evaluateFormula('=VLOOKUP("x",{"x"},1,0)')).toBe("x");
    const table = sheet({ A1: "x" }, { T: "A1:B1" });
    expect(evaluateFormula('=VLOOKUP("x",T,2,0)', table)).toBe(0);
  });
});

describe("VLOOKUP with TRUE and MATCH with 1 or -1 take sorted data", () => {
  test.each<[string, unknown]>([
    ["=VLOOKUP(100,{0,1;75,1.9;150,3.8},2,TRUE)", 1.9],
    ["=VLOOKUP(75,{0,1;75,1.9;150,3.8},2)", 1.9],
    ["=VLOOKUP(-1,{0,1;75,1.9;150,3.8},2)", "#N/A"],
    ["=MATCH(100,{0,75,150})", 2],
    ["=MATCH(150,{0;75;150},1)", 3],
    ["=MATCH(100,{150,75,0},-1)", 1],
    ["=MATCH(75,{150,75,0},-1)", 2],
    ["=MATCH(200,{150,75,0},-1)", "#N/A"],
  ])("%s → %p", (formula, expected) => {
    expect(code(evaluateFormula(formula))).toEqual(expected);
  });
});

describe("MATCH with 0 finds the first exact match", () => {
  test.each<[string, unknown]>([
    ['=MATCH("raid10",{"RAID5","RAID10","RAID10"},0)', 2],
    ['=MATCH("RAID6",{"RAID5","RAID10"},0)', "#N/A"],
    ['=MATCH("x",{"a","b";"c","d"},0)', "#N/A"], // two dimensions: not a row or column
    ["=MATCH(3,{1;2;3},0)", 3],
  ])("%s → %p", (formula, expected) => {
    expect(code(evaluateFormula(formula))).toEqual(expected);
  });

  test("numbers match at Excel's 15 digits, as =", () => {
    const cells = sheet({ A1: 0.1, A2: 0.3 }, { L: "A1:A2" });
    expect(evaluateFormula("=MATCH(0.1+0.2,L,0)", cells)).toBe(2);
  });
});

describe("INDEX picks by 1-based position", () => {
  test.each<[string, unknown]>([
    ["=INDEX({1,2;3,4},2,1)", 3],
    ["=INDEX({1,2;3,4},1,2)", 2],
    ["=INDEX({10,20,30},2)", 20], // one row: the index runs along it
    ["=INDEX({10;20;30},3)", 30],
    ["=INDEX({1,2;3,4},3,1)", "#REF!"],
    ["=INDEX({1,2;3,4},1,3)", "#REF!"],
    ['=INDEX({"a","b"},MATCH("B",{"a","b"},0))', "b"],
  ])("%s → %p", (formula, expected) => {
    expect(code(evaluateFormula(formula))).toEqual(expected);
  });

  test("INDEX with MATCH reads a two-column table as VLOOKUP does", () => {
    expect(evaluateFormula('=INDEX(DiskClasses,MATCH("ssd",Classes,0),2)', sheet({ A1: "7.2K", B1: 65, A2: "SSD", B2: 5000 }, { DiskClasses: "A1:B2", Classes: "A1:A2" }))).toBe(5000);
  });
});

describe("ISNUMBER, NA and LEN", () => {
  const cells = sheet({ A1: 12.5, A2: "12.5", A4: true }, { Number: "A1", Text: "A2", Empty: "A3", Logical: "A4" });
  test.each<[string, unknown]>([
    ["=ISNUMBER(Number)", true],
    ["=ISNUMBER(Text)", false], // numeric text is text
    ["=ISNUMBER(Empty)", false], // an empty cell is not a number (an empty second site)
    ["=ISNUMBER(Logical)", false],
    ["=ISNUMBER(1/0)", false], // never an error
    ["=ISNUMBER(Empty+1)", true],
    ["=NA()", "#N/A"],
    ["=IFERROR(NA(),\"not survivable\")", "not survivable"],
    ["=LEN(\"pass\")", 4],
    ["=LEN(Empty)", 0],
    ["=LEN(0.1+0.2)", 3], // "0.3", as Excel prints it
    ["=LEN(NA())", "#N/A"],
  ])("%s → %p", (formula, expected) => {
    expect(code(evaluateFormula(formula, cells))).toEqual(expected);
  });

  test("NA takes no arguments", () => {
    expect(code(evaluateFormula("=NA(1)"))).toBe("#VALUE!");
  });
});
