/**
 * Arrows point down inside the engine too (STYLE.md): the catalogue declares the inputs and quantities and
 * the shape of a sized design; the design (src/engine/design) reads the catalogue and sizes. The catalogue
 * never imports the design, not even a type, so the two never import each other.
 */
import { readdirSync, readFileSync } from "fs";
import { dirname, join, relative, resolve } from "path";

const ENGINE = resolve(__dirname, "../../src/engine");

/** Every .ts file under a folder, recursively. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** The engine folders a file imports from (type-only imports and re-exports included), relative to src/engine. */
function importedPaths(file: string): string[] {
  const source = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  const specs = [...source.matchAll(/(?:\bfrom|^\s*import|\bimport\(|\brequire\()\s*["']([^"']+)["']/gm)].map((m) => m[1]);
  return specs.filter((s) => s.startsWith(".")).map((s) => relative(ENGINE, resolve(dirname(file), s)).replace(/\\/g, "/"));
}

/** Each layer and what it may never import: a path under any of these. */
const LOWER_LAYERS: Record<string, readonly string[]> = {
  catalogue: ["design"],
};

const reachesInto = (path: string, layer: string) => path === layer || path.startsWith(`${layer}/`);

describe("the engine's layers", () => {
  test("the walk sees each import: the catalogue's of its domain files, the design's of the catalogue", () => {
    const catalogueIndex = join(ENGINE, "catalogue/index.ts");
    expect(importedPaths(catalogueIndex)).toContain("catalogue/databases");
    expect(importedPaths(join(ENGINE, "design/size-design.ts"))).toContain("catalogue");
  });

  for (const [layer, above] of Object.entries(LOWER_LAYERS)) {
    const files = sources(join(ENGINE, layer));
    test(`src/engine/${layer} has sources to check`, () => expect(files.length).toBeGreaterThan(3));
    test.each(files.map((f) => relative(ENGINE, f)))(`%s imports nothing from ${above.map((a) => `src/engine/${a}`).join(", ")}`, (file) => {
      const upward = importedPaths(join(ENGINE, file)).filter((p) => above.some((a) => reachesInto(p, a)));
      expect(upward).toEqual([]);
    });
  }
});
