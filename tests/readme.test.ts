/**
 * The README is the product's front door: every `| \`=FORMULA\` | \`RESULT\` |` row in it is
 * evaluated as `exsize eval` would print it, so the README cannot drift from the functions.
 */
import { readFileSync } from "fs";
import { join } from "path";
import { displayResult } from "../src/cli/eval";
import { evaluateFormula } from "../src/formula";

const README = readFileSync(join(__dirname, "../README.md"), "utf8");
const EXAMPLE_ROW = /^\| `(=[^`]+)` \| `([^`]+)` \|$/gm;
const examples = [...README.matchAll(EXAMPLE_ROW)].map((m) => [m[1], m[2]] as const);

describe("README examples", () => {
  test("there are examples for every worksheet function", () => {
    const named = new Set(examples.map(([formula]) => /^=(EX_\w+)/.exec(formula)?.[1]));
    for (const fn of ["EX_DBSIZE", "EX_LOGVOL", "EX_IOPS", "EX_SPINDLES", "EX_ARRAYS", "EX_FAILOVER", "EX_SERVER", "EX_JETSTRESS"]) {
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
});
