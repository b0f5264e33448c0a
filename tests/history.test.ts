/**
 * History belongs in commits and the notes, not in the code or the docs: a reader of a comment, a test's
 * name or a page has no issue tracker to look "issue 12" up in. Every file we ship or test with is
 * searched for an issue's number.
 */
import * as fs from "fs";
import * as path from "path";

const ROOT = path.resolve(__dirname, "..");
const SEARCHED = ["src", "tests", "scripts", "docs", "README.md", "CHANGELOG.md", "webpack.config.js"];
const TEXT = /\.(ts|js|mjs|cjs|json|md|html|css|py)$/;

function files(at: string): string[] {
  const full = path.join(ROOT, at);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((e) => (e.name === "node_modules" ? [] : files(path.join(at, e.name))));
}

test("no file names an issue by its number", () => {
  const found = SEARCHED.flatMap(files)
    .filter((f) => TEXT.test(f) && f !== __filename)
    .flatMap((f) => fs.readFileSync(f, "utf8").split("\n").flatMap((line, i) => (/\bissues? #?\d+/i.test(line) ? [`${path.relative(ROOT, f)}:${i + 1}: ${line.trim().slice(0, 100)}`] : [])));
  expect(found).toEqual([]);
});
