/**
 * src/workbook/quantity-cells.ts is the one table of where the sheets show each quantity: each quantity and
 * each cell in it once (a later entry never overrides an earlier one), and every cell it names one the
 * sheets lay out with a formula. That the cells hold the design's figures is tests/workbook/quantity-cells.test.ts.
 */
import type { QuantityKey } from "../../src/engine/catalogue";
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { joinedQuantityCells, QUANTITY_CELLS } from "../../src/workbook/quantity-cells";
import { referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(2 * WORKBOOK_MS);

describe("joining tables of quantities' cells", () => {
  test("a quantity given its cells twice is an error, not the later table's", () => {
    expect(() => joinedQuantityCells({ databases: [{ sheet: "summary", cell: "C5" }] }, { databases: [{ sheet: "design", cell: "C9" }] })).toThrow("the quantity databases is given its cells twice");
  });
  test("a cell given to two quantities is an error", () => {
    expect(() => joinedQuantityCells({ databases: [{ sheet: "summary", cell: "C5" }] }, { servers: [{ sheet: "summary", cell: "C5" }] })).toThrow("the cell summary!C5 is given to both databases and servers");
    // Two that take turns, each saying when it shows there, may share it; one that always shows may not.
    const one = () => true;
    expect(() => joinedQuantityCells({ databases: [{ sheet: "summary", cell: "C5", shows: one }] }, { servers: [{ sheet: "summary", cell: "C5", shows: one }] })).not.toThrow();
    expect(() => joinedQuantityCells({ databases: [{ sheet: "summary", cell: "C5", shows: one }] }, { servers: [{ sheet: "summary", cell: "C5" }] })).toThrow("is given to both");
  });
  test("the same cell on two sheets is two cells", () => {
    expect(Object.keys(joinedQuantityCells({ databases: [{ sheet: "summary", cell: "C5" }] }, { servers: [{ sheet: "design", cell: "C5" }] }))).toEqual(["databases", "servers"]);
  });
});

// Designs whose layouts show every quantity's cells: Dell's (the papers' arrays), and an SE design of two sites on
// JBOD with MCDB in several DAGs (Microsoft's method's rows).
const DESIGNS: Array<[string, Partial<WorkbookInputs>]> = [
  ["the reference design (Dell's process)", {}],
  ["a two-site SE design on 8 TB disks with MCDB, several DAGs", { users: 10000, quotaMB: 10240, copies: 4, serversSite1: 4, serversSite2: 4, exchangeVersion: "SE", serverDisk: '8TB 7.2K NL-SAS 3.5"', environmentUsers: 100_000 }],
];

describe.each(DESIGNS)("every cell quantity-cells names is a figure the sheets lay out, a formula: %s", (_name, given) => {
  const inputs = { ...REFERENCE_DESIGN_INPUTS, ...given } as WorkbookInputs;
  const d = sizeDesign(inputs);
  const model = referenceDesign({ inputs });
  const names = templateSheetNames();
  const shown = (Object.entries(QUANTITY_CELLS) as Array<[QuantityKey, NonNullable<(typeof QUANTITY_CELLS)[QuantityKey]>]>).flatMap(([key, cells]) => cells.filter((c) => !c.shows || c.shows(d)).map((c) => [key, c.sheet, c.cell] as const));

  test("the design shows cells to check", () => expect(shown.length).toBeGreaterThan(20));
  test.each(shown)("%s at %s!%s", (_key, sheet, cell) => {
    const laid = model.sheets.find((s) => s.name === names[sheet])?.cells.find((c) => c.address === cell);
    // A figure's cell (an output, or a step of the Summary's working), not a title, label or note that happens to be a formula.
    expect({ formula: laid?.formula?.startsWith("="), role: laid?.role }).toEqual({ formula: true, role: expect.stringMatching(/^(output|step)$/) });
  });
});
