/**
 * The Design check's server disk rule as LibreOffice recalculates the customer copy: a name of the
 * Hardware sheet's table exactly, case aside — no COUNTIF wildcard (8TB*) and no comparison (<>x)
 * passes, as in Excel and in our evaluator (tests/workbook/design-check-inputs.test.ts).
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { runDesign } from "../../src/cli/design";
import { DESIGN_CHECK_CELL, INPUT_CELLS } from "../../src/workbook/template";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, recalculateXlsxFiles } from "../support/libreoffice";
import { WORKBOOK_MS, libreOfficeMs } from "../support/timeouts";

const required = process.env.REQUIRE_LIBREOFFICE === "1";
const available = libreOfficeAvailable();
if (!available && !required) console.warn(`LibreOffice not found: skipping the Design check's disk rule test. Install ${LIBREOFFICE_APT_PACKAGE}, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);

let work: string;
beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-check-disk-"))));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

(available || required ? test : test.skip)(
  "8TB*, <>x and 1,2TB are no design; the disk in other case is",
  async () => {
    const file = path.join(work, "design.xlsx");
    const code = await runDesign(["--exchange-version", "2016", "--customer", "-o", file], { stdout: () => undefined, stderr: () => undefined });
    expect(code).toBe(0);
    const typed = ["8TB*", "<>x", '1,2TB 7.2K RPM SAS 3.5"', '8tb 7.2k nl-sas 3.5"'];
    const edited: string[] = [];
    for (const [i, disk] of typed.entries()) {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      workbook.getWorksheet("Inputs")!.getCell(INPUT_CELLS.serverDisk).value = disk;
      edited.push(path.join(work, `disk-${i}.xlsx`));
      await workbook.xlsx.writeFile(edited[i]);
    }
    // One soffice run for the four copies: its start is paid once.
    const verdicts = (await recalculateXlsxFiles(edited)).map((book) => book["Inputs"][DESIGN_CHECK_CELL.inputs]?.value);
    expect(verdicts).toEqual([
      expect.stringMatching(/^Not a design: Server disk: /),
      expect.stringMatching(/^Not a design: Server disk: /),
      expect.stringMatching(/^Not a design: Server disk: /),
      expect.stringMatching(/^OK: /),
    ]);
  },
  WORKBOOK_MS + libreOfficeMs(4),
);
