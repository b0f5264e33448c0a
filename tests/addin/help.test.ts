/**
 * The help page (src/help/help.html, Excel's "Help on this function") may not drift from what the
 * functions return: every example formula on it is recalculated here through the Excel edge
 * (src/functions/functions.ts), with the arguments Excel would pass.
 */
import * as fs from "fs";
import * as path from "path";
import * as excel from "../../src/functions/functions";
import { MICROSOFT_FACTOR_DEFAULTS } from "../../src/engine/microsoft/tables";
import { SizingError } from "../../src/engine";
import { evaluateFormula } from "../../src/formula";

type Argument = number | string | null | (number | string)[][];

/** Split at commas outside quotes and braces. */
function splitTopLevel(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && c === "{") depth++;
    else if (!quoted && c === "}") depth--;
    else if (!quoted && depth === 0 && c === separator) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** One literal argument as Excel passes it: null when omitted, a 2-D array for an array constant. */
function literal(text: string): Argument {
  const t = text.trim();
  if (t === "") return null;
  if (t.startsWith('"')) return t.slice(1, -1).replace(/""/g, '"');
  if (t.startsWith("{")) return t.slice(1, -1).split(";").map((row) => splitTopLevel(row, ",").map((c) => literal(c) as number | string));
  if (!/^-?\d+(\.\d+)?$/.test(t)) throw new Error(`the help page's example uses ${t}, which this test cannot read`);
  return Number(t);
}

type Shown = number | string | { code: string; message?: string };

/**
 * What the cell shows for `=EXSIZE.NAME(literal, …)`: the value, or the thrown error's code and
 * message. A function that spills a range (EX_LAYOUT) is shown one cell at a time, as Excel's
 * `=INDEX(EXSIZE.NAME(…),row,column)` picks it.
 */
function evaluate(formula: string): Shown {
  const index = /^=INDEX\((EXSIZE\..*),(\d+),(\d+)\)$/.exec(formula);
  const call = /^=?EXSIZE\.(EX_[A-Z_]+)\((.*)\)$/.exec(index ? index[1] : formula);
  if (!call) throw new Error(`not an EXSIZE call: ${formula}`);
  const fn = excel[call[1] as keyof typeof excel] as ((...args: Argument[]) => number | string | (number | string)[][]) | undefined;
  if (typeof fn !== "function") throw new Error(`functions.ts has no ${call[1]}`);
  try {
    const value = fn(...splitTopLevel(call[2], ",").map(literal));
    if (!Array.isArray(value)) {
      if (index) throw new Error(`${call[1]} returns one value, not a range to INDEX: ${formula}`);
      return value;
    }
    if (!index) throw new Error(`${call[1]} spills a range: show one cell of it with INDEX: ${formula}`);
    const cell = value[Number(index[2]) - 1]?.[Number(index[3]) - 1];
    return cell === undefined ? { code: "#REF!", message: `no row ${index[2]}, column ${index[3]} in ${value.length} × ${value[0]?.length ?? 0}` } : cell;
  } catch (e) {
    if (e instanceof Error) throw e;
    return e as { code: string; message?: string };
  }
}

class FakeCustomFunctionsError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}
const globals = globalThis as { CustomFunctions?: unknown };
beforeAll(() => {
  globals.CustomFunctions = {
    Error: FakeCustomFunctionsError,
    ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A", invalidNumber: "#NUM!" },
  };
});
afterAll(() => {
  delete globals.CustomFunctions;
});

const HELP = fs.readFileSync(path.resolve(__dirname, "../../src/help/help.html"), "utf8");

const decode = (html: string): string =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .trim();

/** Rows of the example tables: <td><code>=EXSIZE.…</code></td><td>what it gives</td> (or =INDEX(EXSIZE.…,row,column)). */
const EXAMPLES = [...HELP.matchAll(/<tr><td><code>(=(?:INDEX\()?EXSIZE\.[^<]+)<\/code><\/td><td>([^<]+)<\/td><\/tr>/g)].map(
  ([, formula, gives]) => [decode(formula), decode(gives)] as const,
);

test("the help page has examples for every function section", () => {
  const sections = [...HELP.matchAll(/<section id="(ex_[a-z_]+)">/g)].map((m) => m[1].toUpperCase());
  expect(sections).toEqual(expect.arrayContaining(["EX_LAYOUT", "EX_MS_MAILBOX", "EX_MS_DATABASES", "EX_MS_IOPS", "EX_MS_SERVER", "EX_MS_REPLICATION", "EX_MS_DISKS"]));
  for (const name of sections) {
    expect({ [name]: EXAMPLES.some(([f]) => f.startsWith(`=EXSIZE.${name}(`) || f.startsWith(`=INDEX(EXSIZE.${name}(`)) }).toEqual({ [name]: true });
  }
});

test.each(EXAMPLES)("%s gives %s", (formula, gives) => {
  const value = evaluate(formula);
  if (typeof value === "object") throw new Error(`${formula} gives ${value.code} ${value.message}`);
  const shown = gives.replace(/,/g, "");
  if (typeof value === "number" && /^-?\d+(\.\d+)?$/.test(shown)) {
    // The page shows the number as a cell would at its precision: 2 decimals, or a whole number.
    const decimals = shown.includes(".") ? shown.split(".")[1].length : 0;
    expect(Math.abs(value - Number(shown))).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
  } else {
    expect(value).toBe(gives);
  }
});

test("the error example shows the message the function really gives", () => {
  const example = /<code>(=EXSIZE\.EX_DBSIZE\(0,[^<]+)<\/code> →\s*<em>([^<]+)<\/em>/.exec(HELP);
  expect(example).not.toBeNull();
  expect(evaluate(example![1])).toEqual({ code: "#VALUE!", message: example![2].replace(/\s+/g, " ") });
});

test("the #NAME? example shows the nearest name exsize eval suggests for a mistyped function", () => {
  const example = /<code>(=EXSIZE\.EX_DBSIZ\([^<]+)<\/code> →\s*<em>([^<]+)<\/em>/.exec(HELP);
  expect(example).not.toBeNull();
  const shown = evaluateFormula(decode(example![1]));
  expect(shown instanceof SizingError ? { code: shown.code, message: shown.message } : shown).toEqual({ code: "#NAME?", message: example![2].replace(/\s+/g, " ") });
});

test("the table of Microsoft's factors lists every factor the EX_MS_ functions take, with its default", () => {
  const section = /<section id="ms_factors">([\s\S]*?)<\/section>/.exec(HELP)?.[1] ?? "";
  const rows = [...section.matchAll(/<tr><td><code>(\w+)<\/code><\/td><td>([^<]+)<\/td>/g)].map(([, name, value]) => [name, Number(value)]);
  expect(Object.fromEntries(rows)).toEqual(MICROSOFT_FACTOR_DEFAULTS);
});
