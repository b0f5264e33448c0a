/**
 * The worksheet functions are declared once (src/functions/descriptors.ts); each surface that
 * names them is derived from that list or held equal to it here.
 */
import * as fs from "fs";
import * as path from "path";
import { EVAL_HELP } from "../../src/cli/eval";
import { defaultedSignatureOf, functionTable, renderEdge, signatureOf, WORKSHEET_FUNCTIONS } from "../../src/functions/descriptors";
import { evaluateFormula } from "../../src/formula";
import * as worksheet from "../../src/functions/worksheet";
import { FORMULA_FUNCTIONS } from "../../src/formula/functions";

const ROOT = path.resolve(__dirname, "../..");
const read = (relative: string) => fs.readFileSync(path.join(ROOT, relative), "utf8");

/** A function's parameter names as its source declares them. */
const parameterNames = (fn: (...args: never[]) => unknown): string[] =>
  /^function\s*\w*\(([^)]*)\)/.exec(fn.toString())![1].split(",").map((p) => p.trim().replace(/\s*=.*$/, "")).filter((p) => p !== "");

/** Split at commas outside quotes and braces. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "{" || c === "(")) depth++;
    else if (!quoted && (c === "}" || c === ")")) depth--;
    else if (!quoted && depth === 0 && c === ",") {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

describe("the worksheet functions, declared once", () => {
  test("src/functions/functions.ts is the edge written from the descriptors (npm run functions-edge)", () => {
    expect(read("src/functions/functions.ts")).toBe(renderEdge());
  });

  test("every EX_ function of the worksheet layer has one descriptor", () => {
    const names = WORKSHEET_FUNCTIONS.map((d) => d.name);
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(Object.keys(worksheet).filter((k) => k.startsWith("EX_")).sort());
  });

  test.each(WORKSHEET_FUNCTIONS.map((d) => [d.name, d] as const))("%s: the worksheet function takes the descriptor's arguments in its order", (_, d) => {
    expect(d.call).toBe(worksheet[d.name as keyof typeof worksheet]);
    expect(parameterNames(d.call)).toEqual(d.args.map((a) => a.name));
    // Optional arguments come last, as Excel's custom functions require.
    const firstOptional = d.args.findIndex((a) => a.optional);
    if (firstOptional >= 0) expect(d.args.slice(firstOptional).every((a) => a.optional)).toBe(true);
  });

  test.each(WORKSHEET_FUNCTIONS.map((d) => [d.name, d] as const))("%s: the evaluator's table calls it with at most its arguments", (_, d) => {
    const f = FORMULA_FUNCTIONS.get(d.name);
    expect(f).toBeDefined();
    expect("maxArgs" in f! && f.maxArgs).toBe(d.args.length);
  });

  test("the help page gives each function's signature from its descriptor", () => {
    const help = read("src/help/help.html");
    for (const d of WORKSHEET_FUNCTIONS) {
      expect(help.match(new RegExp(`<pre>=EXSIZE\\.${d.name}\\(.*\\)</pre>`, "g"))).toEqual([`<pre>=EXSIZE.${signatureOf(d)}</pre>`]);
    }
  });

  test("an argument's words name its default as the descriptor declares it", () => {
    for (const d of WORKSHEET_FUNCTIONS) {
      for (const a of d.args.filter((x) => x.default !== undefined)) expect([d.name, a.name, a.doc]).toEqual([d.name, a.name, expect.stringContaining(`Default ${JSON.stringify(a.default)}`)]);
    }
  });

  test("exsize help eval lists every function with its arguments and defaults", () => {
    expect(EVAL_HELP).toContain("  EX_IOPS(users, messagesPerDay, [copies = 2], [result], [version = 2010], [factors])");
    for (const d of WORKSHEET_FUNCTIONS) expect(EVAL_HELP).toContain(`  ${defaultedSignatureOf(d)}`);
  });

  test("docs/functions.md's table of arguments is the descriptors'", () => {
    expect(read("docs/functions.md")).toContain(`\n${functionTable()}\n`);
  });

  // Each of docs/functions.md's examples gives the same with a defaulted argument left out as with its default written in.
  test.each(WORKSHEET_FUNCTIONS.filter((d) => d.args.some((a) => a.default !== undefined)).map((d) => [d.name, d] as const))(
    "%s: an omitted argument is its descriptor's default",
    (_, d) => {
      const examples = [...read("docs/functions.md").matchAll(new RegExp(`\`=${d.name}\\((.*?)\\)\``, "g"))].map((m) => splitTopLevel(m[1]));
      expect(examples.length).toBeGreaterThan(0);
      const checked = new Set<string>();
      for (const example of examples) {
        d.args.forEach((a, i) => {
          if (a.default === undefined) return;
          const omitted = [...example, ...Array(Math.max(0, i + 1 - example.length)).fill("")];
          omitted[i] = "";
          const given = [...omitted];
          given[i] = JSON.stringify(a.default);
          const result = evaluateFormula(`=${d.name}(${omitted.join(",")})`);
          expect([a.name, evaluateFormula(`=${d.name}(${given.join(",")})`)]).toEqual([a.name, result]);
          checked.add(a.name);
        });
      }
      expect([...checked].sort()).toEqual(d.args.filter((a) => a.default !== undefined).map((a) => a.name).sort());
    },
  );
});
