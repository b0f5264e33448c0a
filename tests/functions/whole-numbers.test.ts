/**
 * A whole number written with a point before three digits: `5.000` is five
 * thousand where a point separates thousands (much of Europe and South America) and five where it
 * is the decimal point. No whole-number input guesses: the CLI's options, the worksheet functions'
 * text arguments, a workbook's cells (export --from) and the pane's fields refuse it, say how to
 * write five thousand, and name the input as that surface does. `5,000` and `5000` are five thousand.
 */
import fc from "fast-check";
import { SizingError } from "../../src/engine";
import { EX_DBSIZE } from "../../src/functions";
import { readNumber } from "../../src/functions/arguments";
import { INPUT_PARAMETERS } from "../../src/functions/worksheet";
import { main } from "../../src/cli/main";
import { inputOptions } from "../../src/cli/design-options";
import { FORM_FIELDS, readField } from "../../src/taskpane/headline-form";
import { INPUT_ROWS, designFromCells, inputFromText } from "../../src/workbook/input-values";
import { REFERENCE_DESIGN_INPUTS } from "../../src/workbook/template";

/** A whole number with a point before each group of three digits: 5.000, 12.500, 1.000.000. */
const pointed = fc
  .tuple(fc.integer({ min: 1, max: 999 }), fc.array(fc.integer({ min: 0, max: 999 }), { minLength: 1, maxLength: 3 }), fc.constantFrom("", " ", "+"))
  .map(([head, groups, around]) => (around === "+" ? "+" : around) + [String(head), ...groups.map((g) => String(g).padStart(3, "0"))].join(".") + (around === " " ? " " : ""));

const WHOLE_ROWS = INPUT_ROWS.filter((r) => r.rule.kind === "whole");
const WHOLE_PARAMETERS = Object.entries(INPUT_PARAMETERS).filter(([, p]) => p.integer);
const WHOLE_FIELDS = FORM_FIELDS.filter((f) => f.kind === "number" && f.parameter.integer);

test("there are whole-number inputs on each surface", () => {
  expect(WHOLE_ROWS.map((r) => r.key)).toEqual(expect.arrayContaining(["users", "copies", "serversSite1"]));
  expect(WHOLE_PARAMETERS.length).toBeGreaterThan(3);
  expect(WHOLE_FIELDS.map((f) => f.key)).toEqual(expect.arrayContaining(["users", "copies", "serversSite1"]));
});

describe("5.000 is refused by every whole-number input, saying how to write five thousand", () => {
  test.each(WHOLE_ROWS.map((r) => [r.key]))("the typed input %s (CLI options, compare --vary, a workbook's text cell)", (key) => {
    expect(inputFromText(key, "5.000")).toEqual({ problem: expect.stringContaining("write 5000 or 5,000") });
  });

  test.each(inputOptions().filter((o) => o.rule.kind === "whole").map((o) => [o.option]))("exsize design %s 5.000 exits 2 naming the option", async (option) => {
    const stderr: string[] = [];
    const code = await main(["design", option, "5.000", "--json"], { stdout: () => undefined, stderr: (l) => stderr.push(l) });
    expect(code).toBe(2);
    expect(stderr[0]).toMatch(new RegExp(`^exsize design: ${option}: .*"5\\.000" .*write 5000 or 5,000`));
  });

  test.each(WHOLE_PARAMETERS.map(([key, p]) => [key, p]))("the worksheet functions' %s", (_key, p) => {
    expect(() => readNumber("5.000", p)).toThrow(new RegExp(`^${p.name} must be .*; got "5\\.000" — .*write 5000 or 5,000`));
  });

  test("=EX_DBSIZE(\"5.000\",…) is #VALUE! saying so", () => {
    const r = EX_DBSIZE("5.000", 2048, 150, 75);
    expect(r).toBeInstanceOf(SizingError);
    expect((r as SizingError).message).toMatch(/^users must be .*write 5000 or 5,000/);
  });

  test.each(WHOLE_FIELDS.map((f) => [f.key, f.label]))("the pane's field %s, by its label", (key, label) => {
    const read = readField(key, "5.000");
    expect(read).toEqual({ ok: false, error: expect.stringContaining(label) });
    expect(read.ok ? "" : read.error).toContain("write 5000 or 5,000");
  });

  test("a tier's mailboxes in a workbook's cell", () => {
    const places = { input: (key: string) => `Inputs!${key}`, range: (name: string, row: number) => `${name} row ${row}` };
    const sized = designFromCells({ inputs: { ...REFERENCE_DESIGN_INPUTS }, tiers: { mailboxes: ["2.500"] } }, places);
    expect(sized.ok ? [] : sized.problems).toEqual([expect.stringMatching(/^TierMailboxes row 1: .*write 2500 or 2,500/)]);
  });

  test("any number of groups, with a sign or spaces around, on the CLI's reader and the functions'", () => {
    fc.assert(
      fc.property(pointed, (text) => {
        expect(inputFromText("users", text)).toEqual({ problem: expect.stringMatching(/write \d+ or [\d,]+/) });
        expect(() => readNumber(text, INPUT_PARAMETERS.users)).toThrow(SizingError);
        expect(readField("users", text).ok).toBe(false);
      }),
    );
  });

  test("five thousand written plainly is five thousand; a decimal input keeps its point", () => {
    expect(inputFromText("users", "5,000")).toEqual({ value: 5000 });
    expect(inputFromText("users", "5000")).toEqual({ value: 5000 });
    expect(readField("users", "5,000")).toEqual({ ok: true, value: 5000 });
    expect(inputFromText("maxDatabaseGB", "2.048")).toEqual({ value: 2.048 });
    expect(readNumber("5.5", INPUT_PARAMETERS.quotaMB)).toBe(5.5);
  });
});
