/**
 * The expressions rules are written in: Excel's syntax, cut to what a sizing rule needs — numbers,
 * TRUE and FALSE, named operands, calls, + − × ÷, comparisons and parentheses. The engine reads them
 * itself (it imports nothing outside src/engine); the workbook's own formula reader parses what the
 * renderings write, and tests evaluate those.
 */
export type ExpressionOperator = "+" | "-" | "*" | "/" | "=" | "<>" | "<" | ">" | "<=" | ">=";

export type Expression =
  | { kind: "number"; value: number }
  | { kind: "boolean"; value: boolean }
  | { kind: "name"; name: string }
  | { kind: "call"; name: string; args: Expression[] }
  | { kind: "negate"; operand: Expression }
  | { kind: "binary"; operator: ExpressionOperator; left: Expression; right: Expression };

const TOKEN = /\s*(?:(\d+(?:\.\d+)?)|([A-Za-z_][A-Za-z0-9_]*)|(<>|<=|>=|[-+*/=<>(),]))/y;
const LEVELS: readonly (readonly ExpressionOperator[])[] = [["=", "<>", "<", ">", "<=", ">="], ["+", "-"], ["*", "/"]];

/** Read a rule's expression; a syntax error names the rule's text and where it stops. */
export function parseExpression(text: string): Expression {
  const tokens: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length && !/^\s*$/.test(text.slice(TOKEN.lastIndex))) {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (m === null) throw new Error(`cannot read "${text}" at ${at + 1}`);
    tokens.push(m[1] ?? m[2] ?? m[3]);
  }
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`cannot read "${text}": ${why}`);
  };
  const level = (k: number): Expression => {
    if (k === LEVELS.length) return unary();
    let left = level(k + 1);
    while (i < tokens.length && (LEVELS[k] as readonly string[]).includes(tokens[i])) {
      const operator = tokens[i++] as ExpressionOperator;
      left = { kind: "binary", operator, left, right: level(k + 1) };
    }
    return left;
  };
  const unary = (): Expression => {
    if (tokens[i] === "-") {
      i++;
      return { kind: "negate", operand: unary() };
    }
    return primary();
  };
  const primary = (): Expression => {
    const t = tokens[i++];
    if (t === undefined) return fail("it ends too soon");
    if (/^\d/.test(t)) return { kind: "number", value: Number(t) };
    if (t === "(") {
      const inner = level(0);
      if (tokens[i++] !== ")") fail("a parenthesis is not closed");
      return inner;
    }
    if (!/^[A-Za-z_]/.test(t)) return fail(`unexpected ${t}`);
    if (tokens[i] !== "(") {
      const upper = t.toUpperCase();
      return upper === "TRUE" || upper === "FALSE" ? { kind: "boolean", value: upper === "TRUE" } : { kind: "name", name: t };
    }
    i++;
    const args: Expression[] = [];
    if (tokens[i] === ")") i++;
    else {
      for (;;) {
        args.push(level(0));
        const next = tokens[i++];
        if (next === ")") break;
        if (next !== ",") fail(`expected , or ) in ${t}(`);
      }
    }
    return { kind: "call", name: t.toUpperCase(), args };
  };
  const node = level(0);
  if (i < tokens.length) fail(`unexpected ${tokens[i]}`);
  return node;
}
