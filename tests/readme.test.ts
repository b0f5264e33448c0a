/**
 * The README is the product's front door: every `| \`=FORMULA\` | \`RESULT\` |` row in it is
 * evaluated as `exsize eval` would print it, so the README cannot drift from the functions.
 */
import { mkdtempSync, readFileSync, rmSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { inputOptions, runDesign } from "../src/cli/design";
import { displayResult, jsonResult } from "../src/cli/eval";
import { evaluateFormula } from "../src/formula";

const README = readFileSync(join(__dirname, "../README.md"), "utf8");
const EXAMPLE_ROW = /^\| `(=[^`]+)` \| `([^`]+)` \|$/gm;
const examples = [...README.matchAll(EXAMPLE_ROW)].map((m) => [m[1], m[2]] as const);

describe("README examples", () => {
  test("there are examples for every worksheet function", () => {
    const named = new Set(examples.map(([formula]) => /^=(EX_\w+)/.exec(formula)?.[1]));
    const functions = ["EX_DBSIZE", "EX_LOGVOL", "EX_IOPS", "EX_SPINDLES", "EX_ARRAYS", "EX_FAILOVER", "EX_LAYOUT", "EX_SERVER", "EX_JETSTRESS"];
    const microsoft = ["EX_MS_MAILBOX", "EX_MS_DATABASES", "EX_MS_IOPS", "EX_MS_SERVER", "EX_MS_REPLICATION"];
    for (const fn of [...functions, ...microsoft]) {
      expect(named).toContain(fn);
    }
  });

  test.each(examples)("%s gives %s", (formula, shown) => {
    expect(displayResult(evaluateFormula(formula))).toBe(shown);
  });

  test("the quick-start eval prints what the README shows", () => {
    const block = /npx exsize eval '([^']+)' '([^']+)'\n(.+)\n(.+)\n/.exec(README);
    expect(block).not.toBeNull();
    const [, first, second, firstShown, secondShown] = block!;
    expect(displayResult(evaluateFormula(first))).toBe(firstShown);
    expect(displayResult(evaluateFormula(second))).toBe(secondShown);
  });

  test("the exsize design example reports the numbers the README quotes", async () => {
    const example = /`npx exsize design (--users \d+ --customer) --out c\.xlsx`\s+reports ([^.]+)\./.exec(README);
    expect(example).not.toBeNull();
    const dir = mkdtempSync(join(tmpdir(), "readme-"));
    const lines: string[] = [];
    try {
      const args = [...example![1].split(" "), "--out", join(dir, "c.xlsx")];
      expect(await runDesign(args, { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) })).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const printed = lines.join("\n");
    // "17 × 1,340 GB database volumes, 17 × 51 GB log volumes, 23,647 GB, 1,350 database and 567 log IOPS and 2 × PS6500E 1TB arrays"
    const quoted = example![2].match(/\d[\d,]*(?: × [\d,]+)?|PS\w+ \w+/g)!;
    expect(quoted.length).toBeGreaterThan(6);
    for (const figure of quoted) expect(printed).toContain(figure);
  });
});

describe("README: the CLI's options and --json examples", () => {
  test("every input option of exsize design is in the README's table, with its default", () => {
    const rows = README.split("\n").filter((line) => line.startsWith("| `--"));
    for (const o of inputOptions()) {
      const row = rows.find((line) => line.includes(`\`${o.option} `));
      expect({ option: o.option, row: row !== undefined }).toEqual({ option: o.option, row: true });
      expect(row!.split("|").at(-2)).toContain(o.defaultValue === "" ? "empty" : String(o.defaultValue));
    }
  });

  test("the exsize design --json example prints what the README shows", async () => {
    const example = /```sh\nnpx exsize design ([^\n]*--json)\n(\{\n[\s\S]*?\n\})\n```/.exec(README);
    expect(example).not.toBeNull();
    const lines: string[] = [];
    expect(await runDesign(example![1].split(" "), { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) })).toBe(0);
    expect(JSON.parse(lines.join("\n"))).toEqual(JSON.parse(example![2]));
    expect(lines.join("\n")).toBe(example![2]);
  });

  test("the exsize eval --json example prints what the README shows", () => {
    const example = /```sh\nnpx exsize eval --json '([^']+)' '([^']+)'\n(\{.*\})\n(\{.*\})\n```/.exec(README);
    expect(example).not.toBeNull();
    const [, first, second, firstShown, secondShown] = example!;
    expect(JSON.stringify(jsonResult(first, evaluateFormula(first)))).toBe(firstShown);
    expect(JSON.stringify(jsonResult(second, evaluateFormula(second)))).toBe(secondShown);
  });
});
