/**
 * The house of the workbook: one file per template sheet under src/workbook/sheets/, a
 * template.ts that only lists them, and no import circle — design-check.ts once imported types from
 * template.ts while template.ts imported it. A source scan: it reads the files as text, compiles nothing.
 */
import { readFileSync, readdirSync, existsSync } from "fs";
import { dirname, join, relative, resolve } from "path";

const ROOT = resolve(__dirname, "../..");
const WORKBOOK = join(ROOT, "src/workbook");
const TEMPLATE = join(WORKBOOK, "template.ts");

/** `from "…"` (import and export), `import "…"`, `import("…")` and `require("…")` of a relative path. */
const RELATIVE_IMPORT = /(?:\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*|^\s*import\s+)["'](\.{1,2}\/[^"']*)["']/gm;

const specifiers = (text: string): string[] => [...text.matchAll(RELATIVE_IMPORT)].map((m) => m[1]);

/** The files a TypeScript file imports, re-exports or requires by a relative path, resolved. */
function relativeImports(file: string): string[] {
  return specifiers(readFileSync(file, "utf8")).map((spec) => {
    const base = resolve(dirname(file), spec);
    return [`${base}.ts`, join(base, "index.ts"), base].find((candidate) => existsSync(candidate)) ?? base;
  });
}

const sheetFiles = readdirSync(join(WORKBOOK, "sheets"))
  .filter((name) => name.endsWith(".ts"))
  .map((name) => join(WORKBOOK, "sheets", name));

describe("src/workbook has no import circle through template.ts", () => {
  test.each([join(WORKBOOK, "design-check.ts"), ...sheetFiles].map((file) => [relative(ROOT, file)]))("%s does not import template.ts", (file) => {
    expect(relativeImports(join(ROOT, file))).not.toContain(TEMPLATE);
  });

  test("the scan sees each kind of relative import: from, export from, require, import()", () => {
    // A guard on the scan itself: each way a file can import template.ts is seen.
    const forms = ['import type { X } from "../template";', 'export { X } from "../template";', 'const t = require("../template");', 'void import("../template");', 'import "../template";'];
    for (const form of forms) expect(specifiers(form)).toEqual(["../template"]);
  });

  test("no file of src/workbook reaches itself through its relative imports", () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith(".ts")) files.push(path);
      }
    };
    walk(WORKBOOK);
    const inside = (file: string) => file.startsWith(WORKBOOK + "/");
    const graph = new Map(files.map((file) => [file, relativeImports(file).filter(inside)]));
    const circles: string[] = [];
    // Depth-first from each file; a file met again on the current path closes a circle.
    const visit = (file: string, path: string[], done: Set<string>): void => {
      if (path.includes(file)) {
        circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(ROOT, f)).join(" → "));
        return;
      }
      if (done.has(file)) return;
      done.add(file);
      for (const next of graph.get(file) ?? []) visit(next, [...path, file], done);
    };
    for (const file of files) visit(file, [], new Set());
    expect(circles).toEqual([]);
  });
});

describe("template.ts lists the sheets; each sheet is its own file", () => {
  test("template.ts stays under 300 lines", () => {
    const lines = readFileSync(TEMPLATE, "utf8").split("\n").length;
    expect(lines).toBeLessThan(300);
  });

  test.each(["summary", "inputs", "design", "methods", "resilience", "distribution", "jetstress", "hardware", "sources", "tiers", "shared"])(
    "src/workbook/sheets/%s.ts exists",
    (name) => {
      expect(existsSync(join(WORKBOOK, "sheets", `${name}.ts`))).toBe(true);
    },
  );
});
