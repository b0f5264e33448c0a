/**
 * Writes the limits tables — every input's accepted values and the combined rules — into
 * docs/whole-design.md and the help page (src/help/help.html) from the code that checks them
 * (src/workbook/template.ts, design-check.ts). Run with `npm run limits-tables` (it builds lib/
 * first); tests/workbook/limits-table.test.ts fails while either file differs from what this writes.
 */
const fs = require("fs");
const path = require("path");
const { COMBINED_RULES, inputLimitRows, limitsMarkdown } = require("../lib/src/workbook/design-check");
const { DESIGN_INPUT_ROWS, FACTOR_INPUT_ROWS } = require("../lib/src/workbook/template");

const root = path.join(__dirname, "..");
const limits = inputLimitRows(DESIGN_INPUT_ROWS, FACTOR_INPUT_ROWS);
const html = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

function rewrite(file, pattern, replacement) {
  const at = path.join(root, file);
  const text = fs.readFileSync(at, "utf8");
  if (!pattern.test(text)) throw new Error(`${file}: no limits table to rewrite`);
  fs.writeFileSync(at, text.replace(pattern, replacement));
  console.log(`wrote ${file}`);
}

rewrite("docs/whole-design.md", /(<!-- limits table[^\n]*-->\n)[\s\S]*?(\n<!-- end of limits table -->)/, (_, open, close) => `${open}${limitsMarkdown(limits)}${close}`);
const rows = (cells) => cells.map((c) => `<tr>${c.map((v, i) => `<td>${i === 1 && c.length === 3 ? `<code>${html(v)}</code>` : html(v)}</td>`).join("")}</tr>`).join("\n");
rewrite("src/help/help.html", /(<section id="limits">[\s\S]*?<tbody>\n)[\s\S]*?(\n<\/tbody>[\s\S]*?<tbody>\n)[\s\S]*?(\n<\/tbody>)/, (_, a, b, c) =>
  `${a}${rows(limits.map((l) => [l.input, l.name, l.rule]))}${b}${rows(COMBINED_RULES.map((r) => [r.rule, r.inputs]))}${c}`);
