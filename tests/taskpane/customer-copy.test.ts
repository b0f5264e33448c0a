/**
 * The customer copy from the pane, against the in-memory Excel host: the file Excel hands over is
 * the live workbook as saved (stored EXSIZE formulas with cached values); the copy opened in a new
 * window has no EXSIZE formula, shows the reference numbers and the stamp; the live design is untouched.
 */
import ExcelJS from "exceljs";
import { customerCopyUnavailable, designSuffixes, openCustomerCopy } from "../../src/taskpane/customer-copy";
import { writeDesign } from "../../src/taskpane/excel-writer";
import { callsCustomFunction } from "../../src/workbook/stored-formula";
import { DESIGN_CELLS, INPUT_CELLS, REFERENCE_INPUTS, STAMP_CELL, customerCopyStamp, referenceDesign } from "../../src/workbook/template";
import { FakeExcelHost, type FakeHostOptions, type FakeRequestContext } from "../support/fake-excel";
import { engineCalculation, savedFile } from "../support/fake-excel-file";
import { templateSheetNames } from "../../src/workbook/template";
import { WORKBOOK_MS } from "../support/timeouts";

// Writes designs into the fake Excel host and prepares customer copies of them: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

/** The template's sheets, in order, for a suffix. */
const templateSheetList = (suffix: string): string[] => Object.values(templateSheetNames(suffix));

let uninstall: () => void = () => undefined;
afterEach(() => uninstall());

const PREPARED = new Date(2025, 0, 31, 15, 30);

function hostWith(options: FakeHostOptions = {}): FakeExcelHost {
  const host: FakeExcelHost = FakeExcelHost.withBlankSheet({ calculate: engineCalculation, file: () => savedFile(host.workbook), ...options });
  uninstall = host.install();
  return host;
}

async function loadDesign(host: FakeExcelHost, users?: number): Promise<void> {
  await host.run((context: FakeRequestContext) =>
    writeDesign(context as unknown as Excel.RequestContext, (suffix) => referenceDesign({ suffix, inputs: users ? { users } : {} })),
  );
}

async function openedCopy(host: FakeExcelHost): Promise<ExcelJS.Workbook> {
  expect(host.createdWorkbooks).toHaveLength(1);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(host.createdWorkbooks[0], "base64") as unknown as ExcelJS.Buffer);
  return book;
}

function formulasOf(book: ExcelJS.Workbook): { where: string; formula: string }[] {
  const out: { where: string; formula: string }[] = [];
  book.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        const v = cell.value as ExcelJS.CellFormulaValue | null;
        if (v && typeof v === "object" && "formula" in v) out.push({ where: `${sheet.name}!${cell.address}`, formula: v.formula });
      }),
    ),
  );
  return out;
}

const resultOf = (book: ExcelJS.Workbook, sheet: string, address: string): unknown => {
  const v = book.getWorksheet(sheet)!.getCell(address).value as ExcelJS.CellValue;
  return v && typeof v === "object" && "result" in v ? v.result : v;
};

describe("preparing a customer copy of the reference design", () => {
  test("opens a new workbook with no EXSIZE formula, the reference numbers and the stamp; the live design is unchanged", async () => {
    const host = hostWith();
    await loadDesign(host);
    const live = host.workbook.sheets.map((s) => host.workbook.snapshot(s.name));
    const liveNames = JSON.stringify(host.workbook.names);
    host.resetCounters();

    const report = await openCustomerCopy(PREPARED);

    // The live workbook: not one cell, name or sheet changed, and no file left open.
    expect(host.workbook.sheets.map((s) => host.workbook.snapshot(s.name))).toEqual(live);
    expect(JSON.stringify(host.workbook.names)).toBe(liveNames);
    expect(host.openFileCount).toBe(0);
    expect(report.syncs).toBe(2);
    expect(host.syncCount).toBe(2);

    const copy = await openedCopy(host);
    expect(copy.worksheets.map((s) => s.name)).toEqual(["Sheet1", ...templateSheetList("")]);
    expect(formulasOf(copy).filter((f) => callsCustomFunction(f.formula))).toEqual([]);
    // Every formula stays live: an EXSIZE cell holds its native formula, the others their own.
    const model = referenceDesign();
    const expected = model.sheets.flatMap((s) => s.cells.filter((c) => c.formula).map((c) => ({ where: `${s.name}!${c.address}`, formula: (c.native ?? c.formula)!.slice(1) })));
    const byPlace = (a: { where: string }, b: { where: string }) => a.where.localeCompare(b.where);
    expect(formulasOf(copy).sort(byPlace)).toEqual(expected.sort(byPlace));
    const natives = model.sheets.flatMap((s) => s.cells).filter((c) => c.native).length;
    expect(report.changes).toEqual({ nativeCells: natives, frozenCells: 0, frozenCellList: [], frozenFormulas: [], removed: [] });
    expect(report.lines).toEqual([`${natives} EXSIZE cells of the design became Excel formulas that stay live without the add-in.`]);
    expect(report.calculated).toBe(false);
    expect(host.calculations).toEqual([]);

    // 000_72e1ddb9bbd1ecac.txt, Table 18: 1,266 GB database volumes; Table 19: 48 GB log volumes;
    // 3.4.2: 900 database IOPS, 378 log IOPS, two PS6500E arrays.
    expect(resultOf(copy, "Design", DESIGN_CELLS.provisionedDatabaseVolumeGB)).toBe(1266);
    expect(resultOf(copy, "Design", DESIGN_CELLS.provisionedLogVolumeGB)).toBe(48);
    expect(resultOf(copy, "Design", DESIGN_CELLS.dellDatabaseIops)).toBeCloseTo(900, 9);
    expect(resultOf(copy, "Design", DESIGN_CELLS.logIops)).toBeCloseTo(378, 9);
    expect(resultOf(copy, "Design", DESIGN_CELLS.arrays)).toBe(2);

    const stamp = customerCopyStamp(REFERENCE_INPUTS, "2025-01-31");
    expect(report.stamp).toBe(stamp);
    expect(copy.getWorksheet(STAMP_CELL.sheet)!.getCell(STAMP_CELL.address).value).toBe(stamp);
  });

  test("the round trips do not grow with the workbook: two syncs with a thousand more cells", async () => {
    const host = hostWith();
    await loadDesign(host);
    await host.run(async (context) => {
      const rows = Array.from({ length: 1000 }, (_, i) => [i, `=A${i + 1}*2`]);
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1000").formulas = rows;
      await context.sync();
    });
    host.resetCounters();
    expect((await openCustomerCopy(PREPARED)).syncs).toBe(2);
    expect(host.syncCount).toBe(2);
  });

  test("stamps the copy the user is looking at, with the inputs in its cells", async () => {
    const host = hostWith();
    await loadDesign(host);
    await loadDesign(host, 7500);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Design 2").activate();
      await context.sync();
    });

    const report = await openCustomerCopy(PREPARED);

    expect(report.inputsSheet).toBe("Inputs 2");
    expect(report.stampSheet).toBe(`${STAMP_CELL.sheet} 2`);
    const copy = await openedCopy(host);
    const stamp = customerCopyStamp({ ...REFERENCE_INPUTS, users: 7500 }, "2025-01-31");
    expect(copy.getWorksheet(`${STAMP_CELL.sheet} 2`)!.getCell(STAMP_CELL.address).value).toBe(stamp);
    expect(copy.getWorksheet(STAMP_CELL.sheet)!.getCell(STAMP_CELL.address).value).not.toBe(stamp);
    expect(copy.getWorksheet("Inputs 2")!.getCell(INPUT_CELLS.users).value).toBe(7500);
    // Both copies stay live: the second copy's cells get their own natives, over its own names.
    const second = referenceDesign({ suffix: " 2" });
    const natives = second.sheets.flatMap((s) => s.cells).filter((c) => c.native).length;
    expect(report.changes.nativeCells).toBe(2 * natives);
    const cell = second.sheets.find((s) => s.name === "Design 2")!.cells.find((c) => c.address === DESIGN_CELLS.databaseCount)!;
    expect(copy.getWorksheet("Design 2")!.getCell(cell.address).formula).toBe(cell.native!.slice(1));
    expect(formulasOf(copy).filter((f) => callsCustomFunction(f.formula))).toEqual([]);
  });

  test("a cell of the user's own that calls EXSIZE keeps only its value, and the report says where", async () => {
    const host = hostWith();
    await loadDesign(host);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B2").formulas = [["=EXSIZE.EX_IOPS(Users,MessagesPerDay)*2"]];
      // A template cell the user changed is the user's own too.
      context.workbook.worksheets.getItem("Design").getRange(DESIGN_CELLS.dellDatabaseIops).formulas = [["=EXSIZE.EX_IOPS(Users,MessagesPerDay)"]];
      await context.sync();
    });
    const report = await openCustomerCopy(PREPARED);
    expect(report.changes).toMatchObject({ frozenCells: 2, frozenCellList: ["Sheet1!B2", `Design!${DESIGN_CELLS.dellDatabaseIops}`] });
    expect(report.lines[1]).toBe(`2 cells of your own that call EXSIZE functions were replaced by their values (they no longer follow the inputs): Sheet1!B2, Design!${DESIGN_CELLS.dellDatabaseIops}.`);
    const copy = await openedCopy(host);
    expect(copy.getWorksheet("Sheet1")!.getCell("B2").value).toBeCloseTo(1800, 9); // 000_72e1ddb9bbd1ecac.txt, 3.4.2: 900 IOPS, twice
    expect(formulasOf(copy).filter((f) => callsCustomFunction(f.formula))).toEqual([]);
  });

  test("with manual calculation, Excel calculates in full first, in the same two syncs", async () => {
    const host = hostWith();
    await loadDesign(host);
    host.calculationMode = "Manual";
    host.resetCounters();
    const report = await openCustomerCopy(PREPARED);
    expect(report.calculated).toBe(true);
    expect(host.calculations).toEqual(["Full"]);
    expect(host.syncCount).toBe(2);
    expect(host.createdWorkbooks).toHaveLength(1);
  });
});

describe("when a customer copy cannot be made", () => {
  test("a workbook without the design says to load it first and opens nothing", async () => {
    const host = hostWith();
    await expect(openCustomerCopy(PREPARED)).rejects.toThrow("This workbook has no design to copy yet: load the reference design first");
    expect(host.createdWorkbooks).toEqual([]);
  });

  test("an input that is not a number is named, and nothing opens", async () => {
    const host = hostWith();
    await loadDesign(host);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Inputs").getRange(INPUT_CELLS.copies).values = [["two"]];
      await context.sync();
    });
    await expect(openCustomerCopy(PREPARED)).rejects.toThrow('The input Copies on sheet Inputs is not a number ("two")');
    expect(host.createdWorkbooks).toEqual([]);
  });

  test.each([
    ["an Excel without ExcelApi 1.8 (no createWorkbook)", { excelApi: "1.7" }, /cannot open a new workbook from the pane \(it needs Excel JavaScript API 1\.8/],
    ["an Excel without getFileAsync", { getFileAsync: false }, /cannot hand the pane a copy of the file/],
  ])("%s is told so plainly", async (_what, options: FakeHostOptions, message) => {
    const host = hostWith(options);
    await loadDesign(host);
    expect(customerCopyUnavailable()).toMatch(message);
    host.resetCounters();
    await expect(openCustomerCopy(PREPARED)).rejects.toThrow(message);
    expect(host.syncCount).toBe(0);
    expect(host.createdWorkbooks).toEqual([]);
  });

  test("a failing getFileAsync is reported and no file stays open", async () => {
    const host = hostWith({
      file: () => {
        throw new Error("The document is busy.");
      },
    });
    await loadDesign(host);
    await expect(openCustomerCopy(PREPARED)).rejects.toThrow("Excel could not hand over a copy of this workbook: The document is busy.");
    expect(host.openFileCount).toBe(0);
    expect(host.createdWorkbooks).toEqual([]);
  });
});

describe("designSuffixes", () => {
  test("finds each copy whose Inputs sheet and input names exist", () => {
    const names = (tail: string) => ["Users", "QuotaMB", "MessagesPerDay", "MessageKB", "Copies", "MaxDatabaseGB"].map((n) => n + tail);
    expect(designSuffixes(["Inputs", "Design", "Inputs 2", "Inputs 3"], [...names(""), ...names("_2")])).toEqual(["", " 2"]);
    expect(designSuffixes(["Inputs"], ["Users"])).toEqual([]);
  });
});
