/** The formula reader and evaluator: pure, no fs or Office.js. */
export type { ArrayConstantValue, BinaryOperator, FormulaNode } from "./ast";
export { FORMULA_ERROR_CODES, FormulaSyntaxError, formulaError, type FormulaErrorCode } from "./errors";
export { evaluateFormula, type EvaluationContext, type FormulaResult } from "./evaluator";
export { FORMULA_FUNCTIONS, type FormulaFunction } from "./functions";
export { MAX_COLUMNS, MAX_ROWS, canonicalFunctionName, cellAddress, parseCellAddress, parseFormula } from "./parser";
export { formatGeneral } from "./values";
