/**
 * Reads an Excel formula as it is typed into a cell (with or without the leading "="):
 * numbers, "text" with "" escapes, TRUE/FALSE, error literals, array constants {1,2;3,4},
 * operators with Excel's precedence, A1 references and ranges with optional sheet names,
 * defined names and function calls (EXSIZE.EX_DBSIZE, EX_DBSIZE and the stored form
 * _xldudf_EXSIZE_EX_DBSIZE are the same function).
 *
 * Excel's precedence, lowest first (Microsoft, "Calculation operators and precedence in Excel"):
 *   comparison (= <> < > <= >=), &, + -, * /, ^, %, negation.
 * Negation binds tighter than ^ (=-2^2 is 4) and ^ is left-associative (=2^3^2 is 64).
 */
import type { ArrayConstantValue, BinaryOperator, FormulaNode } from "./ast";
import { FORMULA_LIMITS, FormulaSyntaxError, NUMBER_TOO_LARGE, type FormulaErrorCode } from "./errors";
import { CUSTOM_FUNCTION_NAMESPACE, STORED_FUNCTION_PREFIX } from "../functions/namespace";

type Token =
  | { type: "number"; value: number; at: number }
  | { type: "string"; value: string; at: number }
  | { type: "error"; code: FormulaErrorCode; message?: string; at: number }
  | { type: "reference"; node: FormulaNode; at: number }
  | { type: "function"; name: string; at: number }
  | { type: "word"; text: string; at: number }
  | { type: "punctuation"; text: string; at: number }
  | { type: "end"; at: number };

/** Largest sheet in Excel 2007+: XFD1048576. */
export const MAX_ROWS = 1_048_576;
export const MAX_COLUMNS = 16_384;

/** Prefixes that name the same function: the add-in's namespace, its stored form, Excel's own. */
const FUNCTION_PREFIXES = [`${CUSTOM_FUNCTION_NAMESPACE}.`, STORED_FUNCTION_PREFIX.toUpperCase(), "_XLFN._XLWS.", "_XLFN."];

export function canonicalFunctionName(written: string): string {
  const upper = written.toUpperCase();
  for (const prefix of FUNCTION_PREFIXES) if (upper.startsWith(prefix)) return upper.slice(prefix.length);
  return upper;
}

const WHITESPACE = /\s+/y;
const NUMBER = /(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/y;
const STRING = /"((?:[^"]|"")*)"/y;
const ERROR_LITERAL = /#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A)/iy;
const QUOTED_SHEET = /'((?:[^']|'')+)'!/y;
const PLAIN_SHEET = /([A-Za-z_\\][\w.]*)!/y;
const CELL_OR_RANGE = /(\$?[A-Za-z]{1,3}\$?\d+)(?::(\$?[A-Za-z]{1,3}\$?\d+))?(?![\w.(!])/y;
const WORD = /[A-Za-z_\\][\w.\\]*/y;
const PUNCTUATION = /<>|<=|>=|[-+*/^&=<>%(),;{}:]/y;

function match(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

/** "$C$4" → 0-based row and column, or undefined when beyond the sheet. */
export function parseCellAddress(address: string): { row: number; column: number } | undefined {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(address);
  if (!m) return undefined;
  let column = 0;
  for (const letter of m[1].toUpperCase()) column = column * 26 + (letter.charCodeAt(0) - 64);
  const row = Number(m[2]);
  if (column > MAX_COLUMNS || row < 1 || row > MAX_ROWS) return undefined;
  return { row: row - 1, column: column - 1 };
}

/** 0-based row and column → "C4". */
export function cellAddress(row: number, column: number): string {
  let letters = "";
  for (let n = column + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${letters}${row + 1}`;
}

/** One corner of a reference as written: where it starts in the text, and which parts have no "$". */
export interface WrittenCorner {
  at: number;
  row: number;
  column: number;
  rowRelative: boolean;
  columnRelative: boolean;
}

/** A cell or range reference of a parsed formula, with its corners as written (a range's unordered). */
export interface WrittenReference {
  node: Extract<FormulaNode, { kind: "cell" | "range" }>;
  corners: WrittenCorner[];
}

function writtenCorner(written: string, at: number): WrittenCorner {
  const { row, column } = parseCellAddress(written)!;
  const columnRelative = written[0] !== "$";
  const rowRelative = !written.slice(1).includes("$");
  return { at, row, column, rowRelative, columnRelative };
}

class Tokenizer {
  readonly tokens: Token[] = [];
  readonly references: WrittenReference[] = [];

  constructor(private readonly text: string, start: number) {
    let at = start;
    for (;;) {
      at = this.skipWhitespace(at);
      if (at >= text.length) break;
      at = this.next(at);
    }
    this.tokens.push({ type: "end", at: text.length });
  }

  private fail(reason: string, at: number): never {
    throw new FormulaSyntaxError(reason, at + 1, this.text);
  }

  private skipWhitespace(at: number): number {
    const m = match(WHITESPACE, this.text, at);
    return m ? at + m[0].length : at;
  }

  /** Reads one token at `at`; returns where the next one starts. */
  private next(at: number): number {
    const text = this.text;
    const c = text[at];
    let m: RegExpExecArray | null;
    if ((m = match(NUMBER, text, at))) {
      const value = Number(m[0]);
      // 1e400 is beyond a double: #NUM!, as Excel, never Infinity.
      if (Number.isFinite(value)) this.tokens.push({ type: "number", value, at });
      else this.tokens.push({ type: "error", code: "#NUM!", message: `${m[0]} ${NUMBER_TOO_LARGE}`, at });
      return at + m[0].length;
    }
    if (c === '"') {
      if (!(m = match(STRING, text, at))) this.fail("text is never closed with a quote", at);
      this.tokens.push({ type: "string", value: m[1].replace(/""/g, '"'), at });
      return at + m[0].length;
    }
    if (c === "#") {
      if (!(m = match(ERROR_LITERAL, text, at))) this.fail(`unknown error value ${JSON.stringify(text.slice(at, at + 8))}`, at);
      this.tokens.push({ type: "error", code: m[0].toUpperCase() as FormulaErrorCode, at });
      return at + m[0].length;
    }
    if (c === "'" || c === "$" || /[A-Za-z_\\]/.test(c)) return this.referenceOrWord(at);
    if ((m = match(PUNCTUATION, text, at))) {
      this.tokens.push({ type: "punctuation", text: m[0], at });
      return at + m[0].length;
    }
    return this.fail(`unexpected ${JSON.stringify(c)}`, at);
  }

  private referenceOrWord(at: number): number {
    const text = this.text;
    let sheet: string | undefined;
    let from = at;
    let m = match(QUOTED_SHEET, text, at);
    if (m) sheet = m[1].replace(/''/g, "'");
    else if (text[at] === "'") this.fail("a quoted sheet name must be closed with ' and followed by !", at);
    else if ((m = match(PLAIN_SHEET, text, at))) sheet = m[1];
    if (m) from = at + m[0].length;

    const ref = match(CELL_OR_RANGE, text, from);
    const first = ref && parseCellAddress(ref[1]);
    const second = ref && ref[2] !== undefined ? parseCellAddress(ref[2]) : undefined;
    const isCall = ref && !ref[0].includes("$") && sheet === undefined && text[this.skipWhitespace(from + ref[0].length)] === "(";
    if (ref && first && (ref[2] === undefined || second) && !isCall) {
      const node: FormulaNode = second
        ? {
            kind: "range",
            ...(sheet !== undefined && { sheet }),
            top: Math.min(first.row, second.row),
            left: Math.min(first.column, second.column),
            bottom: Math.max(first.row, second.row),
            right: Math.max(first.column, second.column),
          }
        : { kind: "cell", ...(sheet !== undefined && { sheet }), row: first.row, column: first.column };
      const corners = [writtenCorner(ref[1], from)];
      if (ref[2] !== undefined) corners.push(writtenCorner(ref[2], from + ref[1].length + 1));
      this.references.push({ node, corners });
      this.tokens.push({ type: "reference", node, at });
      return from + ref[0].length;
    }
    if (sheet !== undefined) this.fail(`expected a cell or range after ${text.slice(at, from)}`, from);
    if (text[at] === "$") this.fail("expected a cell reference after $", at);

    const word = match(WORD, text, at)!;
    const end = at + word[0].length;
    const isFunction = text[this.skipWhitespace(end)] === "(";
    this.tokens.push(isFunction ? { type: "function", name: word[0], at } : { type: "word", text: word[0], at });
    return end;
  }
}

const COMPARISON = new Set(["=", "<>", "<", ">", "<=", ">="]);

const LIMITS = FORMULA_LIMITS;

class Parser {
  private index = 0;
  /** Open function calls and parentheses: bounded before recursing (Excel's limits), so no input overflows the stack. */
  private functionDepth = 0;
  private parenthesisDepth = 0;

  constructor(
    private readonly text: string,
    private readonly tokens: Token[],
  ) {}

  private get token(): Token {
    return this.tokens[this.index];
  }

  private fail(reason: string, token: Token = this.token): never {
    throw new FormulaSyntaxError(reason, token.at + 1, this.text);
  }

  private isPunctuation(text: string): boolean {
    const t = this.token;
    return t.type === "punctuation" && t.text === text;
  }

  private expect(text: string, context: string): void {
    if (!this.isPunctuation(text)) this.fail(`expected ${JSON.stringify(text)} ${context} but found ${describe(this.token)}`);
    this.index++;
  }

  parseFormula(): FormulaNode {
    if (this.tokens.length === 1) this.fail("the formula is empty");
    const node = this.comparison();
    if (this.token.type !== "end") {
      const hint = this.isPunctuation(";") ? " (separate arguments with ,)" : "";
      this.fail(`unexpected ${describe(this.token)}${hint}`);
    }
    return node;
  }

  private binaryLevel(operators: (t: string) => boolean, operand: () => FormulaNode): FormulaNode {
    let left = operand();
    for (let t = this.token; t.type === "punctuation" && operators(t.text); t = this.token) {
      this.index++;
      left = { kind: "binary", operator: t.text as BinaryOperator, left, right: operand() };
    }
    return left;
  }

  private comparison = (): FormulaNode => this.binaryLevel((t) => COMPARISON.has(t), this.concatenation);
  private concatenation = (): FormulaNode => this.binaryLevel((t) => t === "&", this.additive);
  private additive = (): FormulaNode => this.binaryLevel((t) => t === "+" || t === "-", this.multiplicative);
  private multiplicative = (): FormulaNode => this.binaryLevel((t) => t === "*" || t === "/", this.power);
  private power = (): FormulaNode => this.binaryLevel((t) => t === "^", this.unary);

  /** Signs and % are read in loops, at most 64 in a row: a chain of them is one level of nesting each. */
  private unary = (): FormulaNode => {
    const signs: Extract<Token, { type: "punctuation" }>[] = [];
    for (let t = this.token; t.type === "punctuation" && (t.text === "-" || t.text === "+"); t = this.token) {
      if (signs.length === LIMITS.signsInARow) this.fail(`more than ${LIMITS.signsInARow} signs in a row`);
      signs.push(t);
      this.index++;
    }
    let node = this.primary();
    let percents = 0;
    while (this.isPunctuation("%")) {
      if (++percents > LIMITS.signsInARow) this.fail(`more than ${LIMITS.signsInARow} % signs in a row`);
      this.index++;
      node = { kind: "percent", operand: node };
    }
    for (let i = signs.length - 1; i >= 0; i--) node = signs[i].text === "-" ? { kind: "negate", operand: node } : { kind: "plus", operand: node };
    return node;
  };

  private primary(): FormulaNode {
    const t = this.token;
    switch (t.type) {
      case "number":
        this.index++;
        return { kind: "number", value: t.value };
      case "string":
        this.index++;
        return { kind: "string", value: t.value };
      case "error":
        this.index++;
        return t.message === undefined ? { kind: "error", code: t.code } : { kind: "error", code: t.code, message: t.message };
      case "reference":
        this.index++;
        return t.node;
      case "word": {
        this.index++;
        const upper = t.text.toUpperCase();
        if (upper === "TRUE" || upper === "FALSE") return { kind: "boolean", value: upper === "TRUE" };
        return { kind: "name", name: t.text };
      }
      case "function":
        return this.call(t);
      case "punctuation":
        if (t.text === "(") {
          if (this.parenthesisDepth === LIMITS.nestedParentheses) {
            this.fail(`more than ${LIMITS.nestedParentheses} levels of nested parentheses (Excel nests formulas at most ${LIMITS.nestedFunctions} levels deep)`);
          }
          this.index++;
          this.parenthesisDepth++;
          const inner = this.comparison();
          this.expect(")", "to close the parenthesis");
          this.parenthesisDepth--;
          return inner;
        }
        if (t.text === "{") return this.arrayConstant();
        return this.fail(`expected a value but found ${describe(t)}`);
      case "end":
        return this.fail("the formula ends where a value is expected");
    }
  }

  private call(t: Extract<Token, { type: "function" }>): FormulaNode {
    if (this.functionDepth === LIMITS.nestedFunctions) this.fail(`more than ${LIMITS.nestedFunctions} levels of nested functions, Excel's limit`);
    this.functionDepth++;
    const node = this.callArguments(t);
    this.functionDepth--;
    return node;
  }

  private callArguments(t: Extract<Token, { type: "function" }>): FormulaNode {
    this.index++;
    this.expect("(", `after ${t.name}`);
    const args: FormulaNode[] = [];
    if (this.isPunctuation(")")) {
      this.index++;
      return { kind: "call", name: canonicalFunctionName(t.name), args };
    }
    for (;;) {
      args.push(this.isPunctuation(",") || this.isPunctuation(")") ? { kind: "omitted" } : this.comparison());
      if (this.isPunctuation(",")) {
        this.index++;
        continue;
      }
      const hint = this.isPunctuation(";") ? " (separate arguments with ,)" : "";
      this.expect(")", `to close ${t.name}(${hint}`);
      return { kind: "call", name: canonicalFunctionName(t.name), args };
    }
  }

  /** {1,2;3,4}: rows by ";", columns by ","; constants only (Excel allows no references here). */
  private arrayConstant(): FormulaNode {
    const open = this.token;
    this.index++;
    const rows: ArrayConstantValue[][] = [[]];
    for (;;) {
      rows[rows.length - 1].push(this.arrayElement());
      if (this.isPunctuation(",")) this.index++;
      else if (this.isPunctuation(";")) {
        this.index++;
        rows.push([]);
      } else break;
    }
    this.expect("}", "to close the array constant");
    if (rows.some((row) => row.length !== rows[0].length)) this.fail("every row of an array constant needs the same number of columns", open);
    return { kind: "array", rows };
  }

  private arrayElement(): ArrayConstantValue {
    let sign = 1;
    if (this.isPunctuation("-") || this.isPunctuation("+")) {
      if (this.isPunctuation("-")) sign = -1;
      this.index++;
      const next = this.token;
      if (next.type !== "number" && !(next.type === "error" && next.message !== undefined)) this.fail(`expected a number after the sign but found ${describe(this.token)}`);
    }
    const t = this.token;
    this.index++;
    if (t.type === "number") return sign * t.value;
    if (t.type === "error" && sign === -1 && t.message !== undefined) return { error: t.code, message: `-${t.message}` };
    if (t.type === "string") return t.value;
    if (t.type === "error") return t.message === undefined ? { error: t.code } : { error: t.code, message: t.message };
    if (t.type === "word" && /^(TRUE|FALSE)$/i.test(t.text)) return t.text.toUpperCase() === "TRUE";
    this.index--;
    return this.fail(`an array constant holds numbers, text, TRUE/FALSE or errors; found ${describe(t)}`);
  }
}

function describe(t: Token): string {
  switch (t.type) {
    case "end":
      return "the end of the formula";
    case "number":
      return String(t.value);
    case "string":
      return JSON.stringify(t.value);
    case "error":
      return t.code;
    case "reference":
      return "a reference";
    case "function":
      return t.name;
    case "word":
      return t.text;
    case "punctuation":
      return JSON.stringify(t.text);
  }
}

/**
 * Parse a formula; throws FormulaSyntaxError (a #VALUE! SizingError with the position) when the
 * text is not a formula.
 * @example parseFormula("=1+2*3") // binary + of 1 and (binary * of 2 and 3)
 */
export function parseFormula(text: string): FormulaNode {
  return parseFormulaReferences(text).node;
}

/** parseFormula, with the formula's cell and range references as written (for sharing one parse among cells). */
export function parseFormulaReferences(text: string): { node: FormulaNode; references: WrittenReference[] } {
  const first = text.search(/\S/);
  const start = first >= 0 && text[first] === "=" ? first + 1 : 0;
  const length = text.length - start;
  if (length > LIMITS.characters) {
    throw new FormulaSyntaxError(`${length.toLocaleString("en-US")} characters are more than Excel's limit of ${LIMITS.characters.toLocaleString("en-US")} characters`, LIMITS.characters + start + 1, text);
  }
  const tokenizer = new Tokenizer(text, start);
  return { node: new Parser(text, tokenizer.tokens).parseFormula(), references: tokenizer.references };
}
