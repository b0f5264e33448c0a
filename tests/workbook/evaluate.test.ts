/** The model evaluator on small workbooks: references, names, ranges, cycles and edits. */
import { SizingError } from "../../src/engine";
import { evaluateWorkbook, parseA1, parseRange, toA1, withCellValues, withInputs } from "../../src/workbook/evaluate";
import type { WorkbookModel } from "../../src/workbook/model";

const workbook = (cells: WorkbookModel["sheets"][number]["cells"], names: WorkbookModel["names"] = []): WorkbookModel => ({
  sheets: [
    { name: "In put", cells: [{ address: "B2", value: 5000 }, { address: "A5", value: "growth" }, { address: "B5", value: 1.2 }] },
    { name: "Out", cells },
  ],
  names,
  charts: [],
});

describe("A1 addresses", () => {
  test.each([
    ["A1", 0, 0],
    ["C12", 11, 2],
    ["$AA$3", 2, 26],
    ["XFD1048576", 1048575, 16383],
  ])("%s is row %i, column %i (0-based) and back", (address, row, column) => {
    expect(parseA1(address)).toEqual({ row, column });
    expect(toA1(row, column)).toBe(address.replace(/\$/g, ""));
  });

  test("a range's bounds", () => expect(parseRange("$A$20:$B$31")).toEqual({ top: 19, left: 0, bottom: 30, right: 1 }));
  test("not an address", () => expect(() => parseA1("R1C1")).toThrow(/not an A1 cell address/));
});

describe("evaluateWorkbook", () => {
  test("formulas read other sheets, defined names and ranges; an empty cell reads as 0", () => {
    const model = workbook(
      [
        { address: "A1", formula: "='In put'!B2*2" },
        { address: "A2", formula: "=Users+A1" },
        { address: "A3", formula: "=EXSIZE.EX_DBSIZE(Users,2048,150,75,,\"volume\",F)" },
        { address: "A4", formula: "=Z99" },
      ],
      [
        { name: "Users", sheet: "In put", range: "$B$2" },
        { name: "F", sheet: "In put", range: "$A$5:$B$5" },
      ],
    );
    const out = evaluateWorkbook(model)["Out"];
    expect(out.A1).toBe(10000);
    expect(out.A2).toBe(15000);
    // growth 1.2 (000_72e1ddb9bbd1ecac.txt, Table 14): DBS 11,504.66 × 1.2 = 13,805.6 GB → 14 databases
    // of 986.1 GB → × 1.1 × 1.2 = 1,301.67 → 1,302 GB volumes
    expect(out.A3).toBe(1302);
    expect(out.A4).toBe(0); // an empty cell read by a formula shows 0, as in Excel
    expect(evaluateWorkbook(model)["In put"].B2).toBe(5000);
  });

  test("a formula that depends on itself is an error value, not a stack overflow", () => {
    const out = evaluateWorkbook(workbook([{ address: "A1", formula: "=A2+1" }, { address: "A2", formula: "=A1+1" }]))["Out"];
    expect(out.A1).toBeInstanceOf(SizingError);
    expect(String(out.A2)).toMatch(/circular reference/);
  });

  test("a missing sheet or name is an error value", () => {
    const out = evaluateWorkbook(workbook([{ address: "A1", formula: "=Nowhere!A1" }, { address: "A2", formula: "=NoSuchName" }]))["Out"];
    expect(out.A1).toBeInstanceOf(SizingError);
    expect(String(out.A2)).toMatch(/#NAME\?/);
  });
});

describe("editing inputs", () => {
  const model = workbook([{ address: "A1", formula: "=Users*2" }], [
    { name: "Users", sheet: "In put", range: "$B$2" },
    { name: "F", sheet: "In put", range: "$A$5:$B$5" },
  ]);

  test("withInputs changes the named cell and leaves the original model alone", () => {
    const edited = withInputs(model, { users: 7500 });
    expect(evaluateWorkbook(edited)["Out"].A1).toBe(15000);
    expect(evaluateWorkbook(model)["Out"].A1).toBe(10000);
  });

  test("names that are not one input cell, and formula cells, are refused", () => {
    expect(() => withInputs(model, { Nope: 1 })).toThrow(/no defined name "Nope"/);
    expect(() => withInputs(model, { F: 1 })).toThrow(/F is a range/);
    expect(() => withCellValues(model, [{ sheet: "Out", address: "A1", value: 1 }])).toThrow(/holds a formula/);
    expect(() => withCellValues(model, [{ sheet: "Out", address: "Q9", value: 1 }])).toThrow(/not a cell of the model/);
    expect(() => withCellValues(model, [{ sheet: "Elsewhere", address: "A1", value: 1 }])).toThrow(/no sheet named/);
  });
});
