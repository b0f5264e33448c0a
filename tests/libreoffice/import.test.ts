/**
 * `exsize import FILE.xlsm --out FILE.xlsx --customer` on calculator-shaped workbooks of ExchangeDsc's
 * public files (tests/fixtures/calculator-files.json): LibreOffice recalculates each customer copy to
 * the databases a DAG and memory a server the file saved — the v7.6 example's Role Requirements!C79 40
 * and C253 160 GB (Replay Lag Manager on, as saved: tests/cli/import.test.ts); the v6.6 Lab's and Prod's
 * C78 4 and 72, C240 24 and 96 GB — on every sheet that shows them (mailboxes a database are on no sheet
 * but the Distribution's rows), as `exsize import --json` sizes them.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runImport } from "../../src/cli/import";
import { shownDigits, shownNumber, QUANTITIES, type QuantityKey } from "../../src/engine/catalogue";
import { QUANTITY_CELLS } from "../../src/workbook/quantity-cells";
import { templateSheetNames } from "../../src/workbook/template";
import { calculatorFixture, calculatorWorkbook } from "../support/calculator-workbook";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, recalculateXlsxFiles, type RecalculatedWorkbook } from "../support/libreoffice";
import { WORKBOOK_MS, libreOfficeMs } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);
const required = process.env.REQUIRE_LIBREOFFICE === "1";
const available = libreOfficeAvailable();
if (!available && !required) console.warn(`LibreOffice not found: skipping the import test. Install ${LIBREOFFICE_APT_PACKAGE}, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);

const FILES: Array<[string, Partial<Record<QuantityKey, number>>]> = [
  // The v7.6 example's memory: 160 GB, as saved with Replay Lag Manager on (Input!G33 "Yes"): the second site's lagged
  // copy activated after a site's loss carries 40 active databases a server (Role Requirements!C103, C253).
  ["v7.6 example", { databases: 40, memoryPerServerGB: 160 }],
  ["v6.6 Lab", { databases: 4, memoryPerServerGB: 24 }],
  ["v6.6 Prod", { databases: 72, memoryPerServerGB: 96 }],
];
const sheets = templateSheetNames();

(available || required ? describe : describe.skip)("an imported calculator's customer copy, recalculated by LibreOffice, shows the file's figures", () => {
  const books = new Map<string, RecalculatedWorkbook>();
  let work: string;
  beforeAll(async () => {
    if (!available) throw new Error(`REQUIRE_LIBREOFFICE=1 but LibreOffice (soffice) is not installed: apt-get install ${LIBREOFFICE_APT_PACKAGE}`);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-import-lo-"));
    const copies: string[] = [];
    for (const [name] of FILES) {
      const file = path.join(work, `${name.replace(/\W+/g, "-")}.xlsm`);
      fs.writeFileSync(file, await calculatorWorkbook({ from: calculatorFixture(name) }));
      const out = file.replace(/\.xlsm$/, ".xlsx");
      const stderr: string[] = [];
      expect(await runImport([file, "--out", out, "--customer"], { stdout: () => undefined, stderr: (l) => stderr.push(l) })).toBe(0);
      copies.push(out);
    }
    const recalculated = await recalculateXlsxFiles(copies);
    FILES.forEach(([name], i) => books.set(name, recalculated[i]));
  }, FILES.length * WORKBOOK_MS + libreOfficeMs(FILES.length));
  afterAll(() => work && fs.rmSync(work, { recursive: true, force: true }));

  test.each(FILES)("%s", (name, saved) => {
    const book = books.get(name)!;
    const shown: string[] = [];
    for (const [key, want] of Object.entries(saved) as Array<[QuantityKey, number]>) {
      const q = QUANTITIES.find((x) => x.key === key)!;
      const cells = QUANTITY_CELLS[key] ?? [];
      expect(cells.length).toBeGreaterThan(0);
      for (const at of cells) {
        const value = book[sheets[at.sheet]]?.[at.cell]?.value;
        const digits = typeof value === "number" ? shownDigits(q, value) : undefined;
        const got = typeof value === "number" && digits !== undefined ? shownNumber(value, digits) : value;
        if (got !== want) shown.push(`${key} at ${at.sheet}!${at.cell}: LibreOffice ${JSON.stringify(value)}, the file ${want}`);
      }
    }
    expect(shown).toEqual([]);
  });
});
