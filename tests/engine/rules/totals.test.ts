/**
 * The design's totals declared once (src/engine/rules/totals.ts): sizeDesign's volumes of one copy and every
 * copy's capacity are the rules', and each formula computes its compiled value.
 */
import { evaluateFormula } from "../../../src/formula";
import { sizeDesign } from "../../../src/engine/design";
import { TOTALS_RULES, type TotalsRule } from "../../../src/engine/rules/totals";

describe("the design's totals as rules", () => {
  test("the reference design's volumes of one copy and every copy's capacity are the rules' (3.4.2)", () => {
    const d = sizeDesign({});
    expect(d.volumesGB).toBe(TOTALS_RULES.compile("volumesGB", ["databases", "databaseVolumeGB", "logVolumeGB"])([d.databases, d.databaseVolumeGB, d.logVolumeGB], {}));
    expect(d.capacityAllCopiesGB).toBe(d.capacityPerCopyGB * d.inputs.copies);
  });

  // Any figures: the two renderings of one rule.
  test.each([
    ["volumesGB", { databases: 10, databaseVolumeGB: 500, logVolumeGB: 40 }],
    ["volumesInAll", { volumes: 10, volumeGB: 500 }],
    ["bothKinds", { databaseVolumesGB: 5000, logVolumesGB: 400 }],
    ["indexAndFree", { databaseVolumesGB: 5000, dataGB: 3333.3 }],
    ["allCopies", { perCopy: 5400, copies: 3 }],
  ] as const)("%s: the formula computes the compiled value", (key: TotalsRule, values: Record<string, number>) => {
    const names = Object.keys(values);
    const cells = Object.fromEntries(names.map((n, c) => [n, `${"ABC"[c]}1`]));
    const compiled = TOTALS_RULES.compile(key, names)(names.map((n) => values[n]), {});
    expect(evaluateFormula(TOTALS_RULES.formula(key, cells), { cell: (_s, r, c) => (r === 0 ? (values[names[c]] ?? null) : null) })).toBe(compiled);
  });
});
