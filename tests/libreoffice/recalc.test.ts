/**
 * The LibreOffice harness really recalculates, and an EXSIZE formula without the add-in is an error
 * once recalculated — the reason the customer copy replaces every EX_ formula with its value
 * (docs/custom-functions-in-files.md).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, recalculateXlsx, type RecalculatedWorkbook } from "../support/libreoffice";
import { PROBE_SHEET, probeCells, referenceDbsize, writeCustomFunctionProbe } from "../support/custom-function-probe";
import { LIBREOFFICE_MS, WORKBOOK_MS } from "../support/timeouts";

// Writes workbooks; the LibreOffice hook waits longer, as it says: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

const available = libreOfficeAvailable();
const required = process.env.REQUIRE_LIBREOFFICE === "1";

if (!available && !required) {
  console.warn(
    `LibreOffice (soffice) not found: skipping tests/libreoffice. Install the Debian package ${LIBREOFFICE_APT_PACKAGE}, ` +
      "or set REQUIRE_LIBREOFFICE=1 to make this a failure.",
  );
}

const describeWithLibreOffice = available || required ? describe : describe.skip;

describeWithLibreOffice("recalculating the custom-function probe with LibreOffice", () => {
  let work: string;
  let recalculated: RecalculatedWorkbook;
  const dbsize = referenceDbsize();

  beforeAll(async () => {
    if (!available) {
      throw new Error(
        `REQUIRE_LIBREOFFICE=1 but LibreOffice (soffice) is not installed: apt-get install ${LIBREOFFICE_APT_PACKAGE}`,
      );
    }
    work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-recalc-test-"));
    const probe = path.join(work, "probe.xlsx");
    await writeCustomFunctionProbe(probe);
    recalculated = await recalculateXlsx(probe);
  }, LIBREOFFICE_MS);

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test("a built-in formula's wrong cached result is replaced: =1+1 cached as 5 reads 2", () => {
    expect(recalculated[PROBE_SHEET].B3).toEqual({ value: 2, formula: "1+1" });
  });

  test("the stored custom-function form _xldudf_EXSIZE_EX_DBSIZE(…) is #NAME? and its cached value is gone", () => {
    const cell = recalculated[PROBE_SHEET].B2;
    expect(cell.error).toBe("#NAME?");
    expect(cell.value).toBeNull();
    // LibreOffice lower-cases the name it does not know when it saves: never round-trip designer files through it.
    expect(cell.formula).toBe("_xldudf_exsize_ex_dbsize(5000,2048,150,75)");
  });

  test("the typed form EXSIZE.EX_DBSIZE(…) is #NAME? too", () => {
    const cell = recalculated[PROBE_SHEET].B4;
    expect(cell.error).toBe("#NAME?");
    expect(cell.formula).toBe("exsize.ex_dbsize(5000,2048,150,75)");
  });

  test("the error spreads to built-in formulas that use the custom function's cell", () => {
    expect(recalculated[PROBE_SHEET].B6.error).toBe("#NAME?");
  });

  test("the customer copy's plain value survives recalculation unchanged", () => {
    const cell = recalculated[PROBE_SHEET].B5;
    expect(cell.error).toBeUndefined();
    expect(cell.formula).toBeUndefined();
    // LibreOffice saves 15 significant digits, as Excel does: equal to 9 decimals here, not bit for bit.
    expect(cell.value).toBeCloseTo(dbsize, 9);
  });

  test("labels and other constants read back as written", () => {
    for (const cell of probeCells(dbsize)) {
      const row = Number(cell.address.slice(1));
      expect(recalculated[PROBE_SHEET][`A${row}`]).toEqual({ value: cell.what });
    }
  });
});

describe("the committed probe workbook tests/files/custom-function-probe.xlsx", () => {
  test("holds the probe's formulas and cached values", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path.join(__dirname, "..", "files", "custom-function-probe.xlsx"));
    const sheet = workbook.getWorksheet(PROBE_SHEET);
    expect(sheet).toBeDefined();
    for (const cell of probeCells(referenceDbsize())) {
      const expected = cell.formula === undefined ? cell.cached : { formula: cell.formula, result: cell.cached };
      expect(sheet!.getCell(cell.address).value).toEqual(expected);
    }
  });
});
