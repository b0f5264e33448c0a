/**
 * One number style on the Inputs sheet: every number a person reads there groups thousands
 * when whole ("2,048 MB", as every other sheet's "5,000") and keeps the decimals a person typed
 * ("2,048.5 MB"). No one Excel number format does both (`#,##0.##` leaves "2,048." on a whole
 * number), so an input cell's format groups thousands and a conditional format shows the decimals where
 * there are some. Read here as LibreOffice prints it — recalculating on load, as a customer's program
 * does — for the workbook `exsize design` writes and for its customer copy.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { builtDesign } from "../support/built-designs";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, pdftotextAvailable, printXlsxFilesToPdf } from "../support/libreoffice";
import { WORKBOOK_MS, libreOfficeMs } from "../support/timeouts";

const required = process.env.REQUIRE_LIBREOFFICE === "1";
const available = libreOfficeAvailable() && pdftotextAvailable();
if (!available && !required) {
  console.warn(`LibreOffice or pdftotext not found: skipping the Inputs number style test. Install ${LIBREOFFICE_APT_PACKAGE} and poppler-utils, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);
}

let work: string;
beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-input-numbers-"))));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The text of the Inputs sheet's printed pages: those whose header (first line) ends with the sheet's name. */
function inputsText(pdf: Buffer): string {
  const file = path.join(work, `inputs-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  const pages = text.split("\f").filter((page) => (page.split("\n").find((line) => line.trim() !== "") ?? "").trim().endsWith("Inputs"));
  return pages.join("\n").replace(/[ \t]+/g, " ");
}

// Whole and typed-decimal inputs of each unit the sheet shows: the quota whole, the archive with a decimal.
const ARGS = ["--quota-mb", "2048", "--archive-mb", "2048.5", "--message-kb", "75.4", "--max-db", "2000", "--messages", "1500"];

const WORKBOOKS: Array<[string, string[]]> = [
  ["the workbook exsize design writes", []],
  ["its customer copy", ["--customer"]],
];

let printed: Promise<Buffer[]> | undefined;
/** Both workbooks printed in one soffice run (its start paid once), on the first test's call. */
function printedWorkbooks(): Promise<Buffer[]> {
  printed ??= (async () => {
    const files: string[] = [];
    for (const [, extra] of WORKBOOKS) files.push((await builtDesign([...ARGS, ...extra])).file);
    return printXlsxFilesToPdf(files);
  })();
  return printed;
}

describe.each(WORKBOOKS.map(([what], i) => [what, i] as const))("%s, printed by LibreOffice", (_what, i) => {
  (available || required ? test : test.skip)(
    "whole numbers group thousands; typed decimals are kept",
    async () => {
      const text = inputsText((await printedWorkbooks())[i]);
      expect(text).toMatch(/Exchange mailbox storage sizing: inputs/);
      const row = (label: string) => text.split("\n").find((line) => line.trimStart().startsWith(label)) ?? `no row ${label}`;
      expect(row("Mailbox quota")).toMatch(/ 2,048 MB /);
      expect(row("Personal archive quota")).toMatch(/ 2,048\.5 MB /);
      expect(row("Average message size")).toMatch(/ 75\.4 KB /);
      expect(row("Maximum database size")).toMatch(/ 2,000 GB /);
      expect(row("Messages per day")).toMatch(/ 1,500 a day /);
      // No number of four digits or more without its separator, and no whole number with a stray point.
      expect(text.match(/(?<![\d,.])\d{4,}(\.\d+)? (MB|GB|KB|a day|days)\b/g) ?? []).toEqual([]);
      expect(text.match(/\d\. (MB|GB|KB|a day|days)\b/g) ?? []).toEqual([]);
    },
    // The first test builds and prints both workbooks.
    2 * WORKBOOK_MS + libreOfficeMs(2),
  );
});
