/**
 * The sheets are layouts: they place cells in the order and groups a reader needs, and write no Excel of
 * their own. A rule's formula comes from a named builder outside src/workbook/sheets (src/workbook/formulas/,
 * src/engine), a display rule ("—" for a figure a method lacks, the yes/no words) from the one shared helper
 * (src/workbook/display.ts). A source scan with the TypeScript compiler: it counts the string literals, template
 * literals and string concatenations in the sheets whose own text writes an Excel call — an upper-case
 * function name and "(" (IF(, ISNUMBER(, EX_MS_DATABASES(), or a formula's leading "=" — and holds the count
 * to a ceiling that only comes down.
 */
import * as ts from "typescript";
import { readFileSync, readdirSync } from "fs";
import { join, resolve } from "path";

const SHEETS = resolve(__dirname, "../../src/workbook/sheets");

/** The ceiling: at most this many Excel-writing literals in the sheets, every one counted. */
const CEILING = 0;

/** Text that writes an Excel call: a formula's "=" first, or an upper-case function name and its "(". */
const EXCEL_CALL = /^\s*=|\b[A-Z][A-Z0-9_.]*\(/;
/** Where an interpolated or concatenated expression stands in a literal's text: no word joins across it. */
const HOLE = "\u0000";

export interface ExcelLiteral {
  file: string;
  line: number;
  text: string;
}

const isPlus = (node: ts.Node): node is ts.BinaryExpression => ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken;

/** The literal text of a string, template or concatenation, its expressions as holes; undefined for any other node. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    // A string inside a concatenation is the concatenation's, counted once with it; an import's path is no text.
    if (isPlus(node.parent) || ts.isImportDeclaration(node.parent) || ts.isExportDeclaration(node.parent) || ts.isLiteralTypeNode(node.parent)) return undefined;
    return node.text;
  }
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => HOLE + span.literal.text)].join("");
  if (isPlus(node) && !isPlus(node.parent)) {
    const parts: string[] = [];
    const flatten = (e: ts.Expression): void => {
      const inner = ts.isParenthesizedExpression(e) ? e.expression : e;
      if (isPlus(inner)) {
        flatten(inner.left);
        flatten(inner.right);
      } else parts.push(ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) ? inner.text : HOLE);
    };
    flatten(node);
    return parts.some((p) => p !== HOLE) ? parts.join("") : undefined;
  }
  return undefined;
}

/** The Excel-writing literals of one source text. */
export function excelLiterals(file: string, source: string): ExcelLiteral[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: ExcelLiteral[] = [];
  const visit = (node: ts.Node): void => {
    const text = literalText(node);
    if (text !== undefined && EXCEL_CALL.test(text)) {
      found.push({ file, line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1, text: text.split(HOLE).join("${…}") });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const files = readdirSync(SHEETS).filter((name) => name.endsWith(".ts"));
const literalsOf = (name: string) => excelLiterals(name, readFileSync(join(SHEETS, name), "utf8"));

describe("the sheets write no Excel of their own", () => {
  test("the scan sees each way a sheet writes a call: a template, a string, a concatenation, a leading =", () => {
    const source = [
      'const a = `IF(${x}>0,${y},"")`;',
      'const b = "=SUM(A1:A3)";',
      'const c = "IF(" + x + ",1,0)";',
      "const d = `=${cell}`;",
      "const e = `${NS}EX_MS_DATABASES(${args})`;",
      // Not calls: words, a unit, a cell address, an import, a row of text.
      'import { x } from "./shared";',
      'const f = `Mailboxes (${n}) a database`;',
      'const g = "Processor cores per mailbox server";',
      "const h = `$J$${row}`;",
      'const i = "a (" + n + ") b";',
    ].join("\n");
    expect(excelLiterals("probe.ts", source).map((l) => l.line)).toEqual([1, 2, 3, 4, 5]);
  });

  test(`at most ${CEILING} Excel-writing literals in the sheets`, () => {
    const counted = files.flatMap(literalsOf);
    // Over the ceiling, the failure lists every literal counted, by file and line.
    expect(counted.length <= CEILING ? [] : [`${counted.length} > ${CEILING}`, ...counted.map((l) => `${l.file}:${l.line} ${l.text}`)]).toEqual([]);
  });
});

