/** A parsed formula: plain data, so it can be cached, compared in tests and evaluated many times. */
import type { FormulaErrorCode } from "./errors";

/** A constant inside an array constant `{"growth",1.2;"moveFactor",1}`. */
export type ArrayConstantValue = number | string | boolean | { error: FormulaErrorCode; message?: string };

export type BinaryOperator = "+" | "-" | "*" | "/" | "^" | "&" | "=" | "<>" | "<" | ">" | "<=" | ">=";

export type FormulaNode =
  | { kind: "number"; value: number }
  | { kind: "string"; value: string }
  | { kind: "boolean"; value: boolean }
  /** An error literal (#N/A), or a number literal beyond a double (#NUM!, with its message). */
  | { kind: "error"; code: FormulaErrorCode; message?: string }
  | { kind: "array"; rows: ArrayConstantValue[][] }
  /** An argument left out: `EX_DBSIZE(5000,2048,150,75,,"volume")`. */
  | { kind: "omitted" }
  /** One cell; row and column 0-based; sheet undefined means the formula's own sheet. */
  | { kind: "cell"; sheet?: string; row: number; column: number }
  | { kind: "range"; sheet?: string; top: number; left: number; bottom: number; right: number }
  /** A workbook-level defined name, as written (names are case-insensitive in Excel). */
  | { kind: "name"; name: string }
  /** A function call; `name` is upper case without namespace: EXSIZE.EX_DBSIZE → EX_DBSIZE. */
  | { kind: "call"; name: string; args: FormulaNode[] }
  | { kind: "negate"; operand: FormulaNode }
  /** Unary plus: Excel keeps the operand as it is (`=+"a"` is "a"). */
  | { kind: "plus"; operand: FormulaNode }
  | { kind: "percent"; operand: FormulaNode }
  | { kind: "binary"; operator: BinaryOperator; left: FormulaNode; right: FormulaNode };
