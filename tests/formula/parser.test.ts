import { SizingError } from "../../src/engine";
import { FormulaSyntaxError, parseFormula, type FormulaNode } from "../../src/formula";

const num = (value: number): FormulaNode => ({ kind: "number", value });
const str = (value: string): FormulaNode => ({ kind: "string", value });
const bin = (operator: string, left: FormulaNode, right: FormulaNode) => ({ kind: "binary", operator, left, right }) as FormulaNode;
const call = (name: string, ...args: FormulaNode[]): FormulaNode => ({ kind: "call", name, args });
const omitted: FormulaNode = { kind: "omitted" };

describe("parseFormula reads literals", () => {
  test.each<[string, FormulaNode]>([
    ["=42", num(42)],
    ["42", num(42)],
    ["  =42", num(42)],
    ["=1e3", num(1000)],
    ["=.5", num(0.5)],
    ["=2.5E-2", num(0.025)],
    ['="volume"', str("volume")],
    ['="say ""hi"""', str('say "hi"')],
    ['=""', str("")],
    ["=TRUE", { kind: "boolean", value: true }],
    ["=false", { kind: "boolean", value: false }],
    ["=#N/A", { kind: "error", code: "#N/A" }],
    ["=#div/0!", { kind: "error", code: "#DIV/0!" }],
  ])("%s", (text, expected) => {
    expect(parseFormula(text)).toEqual(expected);
  });
});

describe("parseFormula follows Excel's operator precedence", () => {
  test.each<[string, FormulaNode]>([
    ["=1+2*3", bin("+", num(1), bin("*", num(2), num(3)))],
    ["=(1+2)*3", bin("*", bin("+", num(1), num(2)), num(3))],
    ["=10-4-3", bin("-", bin("-", num(10), num(4)), num(3))],
    ["=8/4/2", bin("/", bin("/", num(8), num(4)), num(2))],
    // ^ is left-associative in Excel: 2^3^2 = 64.
    ["=2^3^2", bin("^", bin("^", num(2), num(3)), num(2))],
    // Negation binds tighter than ^: -2^2 = 4.
    ["=-2^2", bin("^", { kind: "negate", operand: num(2) }, num(2))],
    ["=2^-1", bin("^", num(2), { kind: "negate", operand: num(1) })],
    ["=50%*2", bin("*", { kind: "percent", operand: num(50) }, num(2))],
    ["=+1", { kind: "plus", operand: num(1) }],
    ['="a"&1+2', bin("&", str("a"), bin("+", num(1), num(2)))],
    ['=1+2&"b"=3', bin("=", bin("&", bin("+", num(1), num(2)), str("b")), num(3))],
    ["=1<>2", bin("<>", num(1), num(2))],
    ["=1<=2", bin("<=", num(1), num(2))],
    ["=1 >= 2", bin(">=", num(1), num(2))],
  ])("%s", (text, expected) => {
    expect(parseFormula(text)).toEqual(expected);
  });
});

describe("parseFormula reads array constants", () => {
  test.each<[string, unknown[][]]>([
    ['={"growth",1.2;"moveFactor",1}', [["growth", 1.2], ["moveFactor", 1]]],
    ["={1,2,3}", [[1, 2, 3]]],
    ["={1;2;3}", [[1], [2], [3]]],
    ["={-1,+2,TRUE,#N/A}", [[-1, 2, true, { error: "#N/A" }]]],
  ])("%s", (text, rows) => {
    expect(parseFormula(text)).toEqual({ kind: "array", rows });
  });
});

describe("parseFormula reads function calls", () => {
  const dbsize = call("EX_DBSIZE", num(5000), num(2048), num(150), num(75), omitted, str("volume"));
  test.each<[string, FormulaNode]>([
    ['=EX_DBSIZE(5000,2048,150,75,,"volume")', dbsize],
    ['=EXSIZE.EX_DBSIZE(5000,2048,150,75,,"volume")', dbsize],
    ['=exsize.ex_dbsize(5000, 2048, 150, 75, , "volume")', dbsize],
    ['=_xldudf_EXSIZE_EX_DBSIZE(5000,2048,150,75,,"volume")', dbsize],
    ["=_xlfn.CONCAT(1)", call("CONCAT", num(1))],
    ["=SUM()", call("SUM")],
    ["=SUM(,)", call("SUM", omitted, omitted)],
    ["=IF(TRUE,,1)", call("IF", { kind: "boolean", value: true }, omitted, num(1))],
    ["=LOG10(1)", call("LOG10", num(1))],
    ["=ROUND(SUM(1,2)/3, 0)", call("ROUND", bin("/", call("SUM", num(1), num(2)), num(3)), num(0))],
  ])("%s", (text, expected) => {
    expect(parseFormula(text)).toEqual(expected);
  });
});

describe("parseFormula reads references and names", () => {
  test.each<[string, FormulaNode]>([
    ["=A1", { kind: "cell", row: 0, column: 0 }],
    ["=$B$3", { kind: "cell", row: 2, column: 1 }],
    ["=Inputs!C4", { kind: "cell", sheet: "Inputs", row: 3, column: 2 }],
    ["='Design sheet'!$C$4", { kind: "cell", sheet: "Design sheet", row: 3, column: 2 }],
    ["='Bob''s'!A1", { kind: "cell", sheet: "Bob's", row: 0, column: 0 }],
    ["=Inputs!B20:C31", { kind: "range", sheet: "Inputs", top: 19, left: 1, bottom: 30, right: 2 }],
    ["=C31:B20", { kind: "range", top: 19, left: 1, bottom: 30, right: 2 }],
    ["=XFD1048576", { kind: "cell", row: 1048575, column: 16383 }],
    ["=Users", { kind: "name", name: "Users" }],
    // Beyond the last column (XFD) it is a name, as in Excel.
    ["=XFE1", { kind: "name", name: "XFE1" }],
    ["=Quota_MB.2", { kind: "name", name: "Quota_MB.2" }],
  ])("%s", (text, expected) => {
    expect(parseFormula(text)).toEqual(expected);
  });
});

describe("parseFormula rejects what is not a formula, saying what and where", () => {
  test.each<[string, string, number]>([
    ["=", "the formula is empty", 2],
    ["=EX_DBSIZE(5000,2048", 'expected ")" to close EX_DBSIZE(', 21],
    ["=1+", "the formula ends where a value is expected", 4],
    ["=1;2", 'unexpected ";" (separate arguments with ,)', 3],
    ["=SUM(1;2)", 'expected ")" to close SUM( (separate arguments with ,)', 7],
    ['="open', "text is never closed", 2],
    ["=1 2", "unexpected 2", 4],
    ["=(1", 'expected ")" to close the parenthesis', 4],
    ["={1,2;3}", "every row of an array constant needs the same number of columns", 2],
    ["={A1}", "an array constant holds numbers, text, TRUE/FALSE or errors", 3],
    ["=Inputs!", "expected a cell or range after Inputs!", 9],
    ["='Inputs", "a quoted sheet name must be closed", 2],
    ["=#BAD!", "unknown error value", 2],
    ["=1@2", 'unexpected "@"', 3],
  ])("%s", (text, reason, position) => {
    let thrown: unknown;
    try {
      parseFormula(text);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(FormulaSyntaxError);
    expect(thrown).toBeInstanceOf(SizingError);
    const error = thrown as FormulaSyntaxError;
    expect(error.code).toBe("#VALUE!");
    expect(error.reason).toContain(reason);
    expect(error.position).toBe(position);
    expect(error.toString()).toBe(`#VALUE! formula syntax: ${error.reason} at position ${position} of ${text}`);
  });
});
