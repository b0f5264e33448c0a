/**
 * A factor of Microsoft's method has its bounds declared once, with the factor (MICROSOFT_FACTORS in
 * src/engine/microsoft/tables.ts): the worksheet functions' `factors` checks and the catalogue's inputs
 * that are the factor read them there, so no surface can keep a bound of its own that drifts.
 */
import * as fs from "fs";
import * as path from "path";
import { boundsOf, INPUTS, MICROSOFT_FACTOR_INPUTS } from "../../src/engine/catalogue";
import { MICROSOFT_FACTOR_DEFAULTS, MICROSOFT_FACTORS, microsoftFactorBounds, type MicrosoftFactorName } from "../../src/engine/microsoft/tables";
import { EX_MS_DATABASES } from "../../src/functions";
import { SizingError } from "../../src/engine";

const SRC = path.resolve(__dirname, "../../src");
const HOME = path.join("engine", "microsoft", "tables.ts");
const NAMES = Object.keys(MICROSOFT_FACTORS) as MicrosoftFactorName[];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const file = path.join(dir, e.name);
    return e.isDirectory() ? sources(file) : /\.ts$/.test(e.name) ? [file] : [];
  });
}

/** The inputs whose value is the factor as given (sameFactor): the factor itself, so the factor's bounds. */
const SAME = MICROSOFT_FACTOR_INPUTS.filter((i) => i.microsoftFactor.formula("X") === "X" && i.microsoftFactor.of(7 as never) === 7);

/** Where a source file declares a number bound for a factor, keyed by its name (`x: param({ … max: … })`, `x: { min: … }`), or a same-factor input's literal rule. */
function boundDeclarations(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    for (const name of NAMES) {
      const bound = /\b(min|above|max)\s*:\s*[-\d(]/.test(line);
      // Keyed by the factor's name, as a table of the factors' checks is; an argument of the papers' functions that shares a name (EX_DBSIZE's databases) is another thing.
      const named = new RegExp(`\\b${name}:\\s*(param|numberParameter|numberRule)?\\(?\\{`).test(line);
      const sameInput = SAME.some((i) => i.microsoftFactor.name === name && new RegExp(`numberInputRule\\("${i.key}",\\s*\\{`).test(line));
      if ((bound && named) || sameInput) found.push(`${name}: ${line.trim().slice(0, 100)}`);
    }
  }
  return found;
}

describe("a factor's bounds, declared once with the factor", () => {
  test("no source file but tables.ts declares a factor's bounds", () => {
    const elsewhere = sources(SRC)
      .filter((f) => path.relative(SRC, f) !== HOME)
      .flatMap((f) => boundDeclarations(fs.readFileSync(f, "utf8")).map((d) => `${path.relative(SRC, f)} ${d}`));
    expect(elsewhere).toEqual([]);
  });

  test("tables.ts declares every factor's bounds once", () => {
    const table = fs.readFileSync(path.join(SRC, HOME), "utf8");
    for (const name of NAMES) expect(table.match(new RegExp(`^\\s*${name}: \\{ value: .*\\bmax: `, "gm"))?.length).toBe(1);
  });

  test("each default is within its factor's bounds", () => {
    for (const name of NAMES) {
      const b = microsoftFactorBounds(name);
      const v = MICROSOFT_FACTOR_DEFAULTS[name];
      expect([name, v <= b.max && (b.min === undefined || v >= b.min) && (b.above === undefined || v > b.above) && (!b.integer || Number.isInteger(v))]).toEqual([name, true]);
    }
  });

  test("an input that is a factor as given takes the factor's bounds", () => {
    expect(SAME.map((i) => i.key)).toContain("iopsMultiplier");
    for (const i of SAME) expect([i.key, boundsOf(i.rule)]).toEqual([i.key, { integer: false, ...microsoftFactorBounds(i.microsoftFactor.name) }]);
  });

  test("a design and the functions allow as many lagged copies", () => {
    // The design's input is bounded by the copies (at most copies − 2); the factor by the most copies less two.
    const design = INPUTS.find((i) => i.key === "laggedCopies")!;
    expect(boundsOf(design.rule).max).toBe(microsoftFactorBounds("laggedCopies").max);
  });

  test("the functions' factors check reads the bounds and words of tables.ts", () => {
    // Source of the example: Microsoft, Exchange Server Role Requirements Calculator v7.6, Input!C66 (IOPS multiplication factor, above 0).
    const r = EX_MS_DATABASES(2500, 200, 75, 10240, 2, 2, "count", [["iopsMultiplier", 0]]);
    expect(r).toBeInstanceOf(SizingError);
    expect((r as SizingError).message).toBe(`factors iopsMultiplier must be ${MICROSOFT_FACTORS.iopsMultiplier.what}, a number above 0 up to 100; got 0`);
  });
});
