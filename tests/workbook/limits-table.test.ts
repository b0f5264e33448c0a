/**
 * "A table in docs/ of every input's limits and every combined rule, the same table the
 * help page shows" — both held to the code that checks the inputs (the template's input rules and
 * design-check's combined rules), so neither can drift.
 */
import * as fs from "fs";
import * as path from "path";
import { COMBINED_RULES, inputLimitRows, limitsMarkdown } from "../../src/workbook/design-check";
import { DESIGN_INPUT_ROWS, FACTOR_INPUT_ROWS } from "../../src/workbook/template";

const root = path.join(__dirname, "..", "..");
const limits = inputLimitRows(DESIGN_INPUT_ROWS, FACTOR_INPUT_ROWS);

test("every input of the Inputs sheet and every factor has a row", () => {
  expect(limits).toHaveLength(DESIGN_INPUT_ROWS.length + FACTOR_INPUT_ROWS.length);
  expect(limits.find((l) => l.name === "Users")?.rule).toBe("a whole number from 1 to 100,000,000");
});

test("docs/whole-design.md holds the table as the code gives it", () => {
  const doc = fs.readFileSync(path.join(root, "docs", "whole-design.md"), "utf8");
  const table = /<!-- limits table[^\n]*-->\n([\s\S]*?)\n<!-- end of limits table -->/.exec(doc)?.[1];
  // `npm run limits-tables` writes it.
  expect(table).toBe(limitsMarkdown(limits));
});

test("the help page shows the same rows", () => {
  const html = fs.readFileSync(path.join(root, "src", "help", "help.html"), "utf8");
  const section = /<section id="limits">([\s\S]*?)<\/section>/.exec(html)?.[1] ?? "";
  const cells = [...section.matchAll(/<tr><td>([\s\S]*?)<\/td><\/tr>/g)].map((m) =>
    m[1].split("</td><td>").map((c) => c.replace(/<[^>]+>/g, "").replace(/&lt;/g, "<").replace(/&amp;/g, "&")),
  );
  // `npm run limits-tables` writes it.
  expect(cells).toEqual([...limits.map((l) => [l.input, l.name, l.rule]), ...COMBINED_RULES.map((r) => [r.rule, r.inputs])]);
});
