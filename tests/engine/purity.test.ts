/** The engine is pure (STYLE.md habit 1): it imports nothing outside itself — no Office.js, DOM, fs or exceljs. */
import { readdirSync, readFileSync } from "fs";
import { join } from "path";

const ENGINE = join(__dirname, "../../src/engine");

describe("src/engine", () => {
  const files = readdirSync(ENGINE).filter((f) => f.endsWith(".ts"));

  test("has sources to check", () => {
    expect(files.length).toBeGreaterThan(5);
  });

  test.each(files)("%s imports only from src/engine", (file) => {
    // Comments may name Office.js (to say it is not here); code may not.
    const source = readFileSync(join(ENGINE, file), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
    const imports = [...source.matchAll(/(?:from|import|require\()\s*["']([^"']+)["']/g)].map((m) => m[1]);
    // A sibling, or a file of an engine folder below (./rules/dell): never "..", a package or a path outside.
    for (const spec of imports) expect(spec).toMatch(/^\.\/[\w-]+(\/[\w-]+)*$/);
    expect(source).not.toMatch(/\b(Office|Excel|CustomFunctions|document|window)\./);
  });
});
