/**
 * A customer can read every printed page. Dell EMC's 100,000-mailbox Exchange 2016 design
 * with a lagged copy (`exsize design --preset dellemc-2016 --lagged 1 --customer`), printed by
 * LibreOffice recalculating on load as a program without the add-in does, read back with pdftotext:
 * every database on the Distribution sheet with its header row on each page, the Inputs sheet at a
 * readable size, and no text cut ("…") or garbled ("1 databases") on any page.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { parseA1 } from "../../src/workbook/evaluate";
import { runCompare } from "../../src/cli/compare";
import { designRecord } from "../../src/engine/catalogue";
import { sizeDesign } from "../../src/engine/design";
import { referenceDesign } from "../../src/workbook/template";
import { builtDesign } from "../support/built-designs";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, pdftotextAvailable, printXlsxToPdf, recalculateXlsx, type RecalculatedWorkbook } from "../support/libreoffice";
import { LIBREOFFICE_MS } from "../support/timeouts";

jest.setTimeout(LIBREOFFICE_MS);

const required = process.env.REQUIRE_LIBREOFFICE === "1";
const available = libreOfficeAvailable() && pdftotextAvailable();
if (!available && !required) {
  console.warn(`LibreOffice or pdftotext not found: skipping the readable-print test. Install ${LIBREOFFICE_APT_PACKAGE} and poppler-utils, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);
}

/** Dell EMC ESRP, 100,000 mailboxes, Exchange 2016 (2016), §4 — the preset — with one lagged copy of the four. */
const DELL_EMC_LAGGED = ["--preset", "dellemc-2016", "--lagged", "1"];
/** Dell EMC ESRP (2016), Table 5: 336 databases in a DAG of 16 servers. */
const DELL_EMC_DATABASES = 336;

const SHEETS = referenceDesign().sheets.map((s) => s.name);

interface PrintedPage {
  /** The sheet the page belongs to (its header's right-hand text). */
  sheet: string;
  /** pdftotext -layout's text of the page. */
  text: string;
  /** Each word's height in points: the printed size of its text. */
  wordHeights: number[];
}

/** The pages of a PDF: each page's sheet (by its header), text, and word heights (pdftotext -bbox). */
function printedPages(pdf: Buffer, work: string): PrintedPage[] {
  const file = path.join(work, "printed.pdf");
  fs.writeFileSync(file, pdf);
  const texts = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).split("\f");
  const boxes = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const heights = [...boxes.matchAll(/<page\b[\s\S]*?<\/page>/g)].map((page) =>
    [...page[0].matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">/g)].map((m) => Number(m[2]) - Number(m[1])),
  );
  return heights.map((wordHeights, i) => {
    const text = texts[i] ?? "";
    const header = text.split("\n").find((line) => line.trim() !== "") ?? "";
    const sheet = SHEETS.find((name) => header.trim().endsWith(name)) ?? `unknown page: ${header.trim()}`;
    return { sheet, text, wordHeights };
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const words = (t: string) => t.replace(/\s+/g, " ").trim();

/** Each sheet's print ranges as the file says (xl/workbook.xml's _xlnm.Print_Area), by sheet name; none: the whole sheet. */
function printRanges(file: string): Map<string, Array<{ top: number; left: number; bottom: number; right: number }>> {
  const workbook = strFromU8(unzipSync(fs.readFileSync(file))["xl/workbook.xml"]);
  const sheets = [...workbook.matchAll(/<sheet\b[^>]*name="([^"]*)"/g)].map((m) => m[1].replace(/&apos;/g, "'"));
  const ranges = new Map<string, Array<{ top: number; left: number; bottom: number; right: number }>>();
  for (const m of workbook.matchAll(/<definedName name="_xlnm\.Print_Area" localSheetId="(\d+)">([^<]*)<\/definedName>/g)) {
    const areas = [...m[2].matchAll(/\$([A-Z]+)\$(\d+):\$([A-Z]+)\$(\d+)/g)].map(([, c1, r1, c2, r2]) => {
      const a = parseA1(`${c1}${r1}`);
      const b = parseA1(`${c2}${r2}`);
      return { top: a.row, left: a.column, bottom: b.row, right: b.column };
    });
    ranges.set(sheets[Number(m[1])], areas);
  }
  return ranges;
}

/** Words a page shows with a number before a plural noun: "1 databases a volume". */
const ONE_AND_A_PLURAL = /\b1 (?!(?:is|as|was|has|does|plus|minus|always|days?\b))([a-z]+s)\b/gi;

(available || required ? describe : describe.skip)("Dell EMC's design with a lagged copy, printed from the customer copy", () => {
  let work: string;
  let file: string;
  let pages: PrintedPage[];
  let recalculated: RecalculatedWorkbook;
  beforeAll(async () => {
    if (!available) throw new Error(`REQUIRE_LIBREOFFICE=1 but soffice or pdftotext is missing: apt-get install ${LIBREOFFICE_APT_PACKAGE} poppler-utils`);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-print-readable-"));
    file = (await builtDesign([...DELL_EMC_LAGGED, "--customer"])).file;
    pages = printedPages(await printXlsxToPdf(file), work);
    recalculated = await recalculateXlsx(file);
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));
  const of = (sheet: string) => pages.filter((p) => p.sheet === sheet);

  test("every page belongs to a sheet", () => {
    expect(pages.filter((p) => !SHEETS.includes(p.sheet)).map((p) => p.sheet)).toEqual([]);
  });

  test("the Distribution sheet prints every database, DB001 to DB336, in order, its header row on each page", () => {
    const distribution = of("Distribution");
    const printed = distribution.flatMap((p) => [...p.text.matchAll(/^\s*(DB\d{3,})\b/gm)].map((m) => m[1]));
    expect(printed).toEqual(Array.from({ length: DELL_EMC_DATABASES }, (_, i) => `DB${String(i + 1).padStart(3, "0")}`));
    for (const [i, page] of distribution.entries()) {
      expect({ page: i + 1, header: /^\s*Database\s+MBX01\b.*\bMBX16\s*$/m.test(page.text) }).toEqual({ page: i + 1, header: true });
    }
  });

  test("the Inputs sheet prints at a readable size: its text at 8 pt or more, not fitted to one page", () => {
    // A word's box is about 1.25 times the type's size (Calibri 11 at 100% measures 13.8 pt here).
    const inputs = of("Inputs");
    expect(inputs.length).toBeGreaterThan(1);
    for (const [i, page] of inputs.entries()) expect({ page: i + 1, type: median(page.wordHeights) / 1.25 >= 8 }).toEqual({ page: i + 1, type: true });
  });

  test("no page shows a cut word's ellipsis, or a 1 before a plural (\"1 databases a volume\")", () => {
    for (const page of pages) {
      expect({ sheet: page.sheet, ellipsis: page.text.includes("…") }).toEqual({ sheet: page.sheet, ellipsis: false });
      expect({ sheet: page.sheet, agreement: [...page.text.matchAll(ONE_AND_A_PLURAL)].map((m) => m[0]) }).toEqual({ sheet: page.sheet, agreement: [] });
    }
  });

  test("every text a printed cell shows, recalculated, is on its sheet's pages whole (none cut by the next cell)", async () => {
    const source = new ExcelJS.Workbook();
    await source.xlsx.readFile(file);
    const ranges = printRanges(file);
    for (const sheet of SHEETS) {
      const printed = words(of(sheet).map((p) => p.text).join("\n"));
      const worksheet = source.getWorksheet(sheet)!;
      // A text several cells show is printed whole as often as they show it.
      const shown = new Map<string, string[]>();
      for (const [address, cell] of Object.entries(recalculated[sheet] ?? {})) {
        if (typeof cell.value !== "string" || cell.value.trim() === "") continue;
        const { row, column } = parseA1(address);
        const areas = ranges.get(sheet);
        if (areas && !areas.some((a) => row >= a.top && row <= a.bottom && column >= a.left && column <= a.right)) continue;
        // Wrapped text runs over lines between other columns' text; hidden cells (";;;") print nothing.
        const written = worksheet.getCell(address);
        if (written.alignment?.wrapText || written.numFmt === ";;;") continue;
        shown.set(words(cell.value), [...(shown.get(words(cell.value)) ?? []), address]);
      }
      const cut = [...shown].filter(([text, cells]) => printed.split(text).length - 1 < cells.length).map(([text, cells]) => `${cells.join(", ")}: ${text}`);
      expect({ sheet, cut }).toEqual({ sheet, cut: [] });
    }
  });

  test("the Summary gives one storage answer, the servers' own disks, and names the archive and the lagged copy in its inputs line", () => {
    const [summary, ...more] = of("Summary");
    expect(more).toEqual([]);
    const text = words(summary.text);
    // Dell EMC ESRP (2016), §4: 45 disks a server, 8TB NL-SAS; the preset's 51,200 MB archive; one lagged copy of four.
    expect(text).toMatch(/45 disks 8TB 7\.2K NL-SAS 3\.5"/);
    expect(text).toMatch(/20,480 MB quota \+ 51,200 MB archive/);
    expect(text).toMatch(/4 copies \(1 lagged, \d+ days?\)/);
    // The papers' arrays and spindles, and the maximum database size Microsoft's method ignores, are not on it.
    expect(text).not.toMatch(/PS6\d00|Spindles for the IOPS|\bArrays\b|databases up to/);
  });
});

describe("exsize compare --out: six designs, printed", () => {
  let work: string;
  beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-print-compare-"))));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  (available || required ? test : test.skip)("on at most three pages, one page wide, in one font, without option names", async () => {
    const file = path.join(work, "compare.xlsx");
    const lines: string[] = [];
    const code = await runCompare(["--vary", "users=5000,10000,15000,20000,25000,30000", "--out", file], { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) });
    expect({ code, lines: code === 0 ? [] : lines }).toEqual({ code: 0, lines: [] });
    const pdf = path.join(work, "compare.pdf");
    fs.writeFileSync(pdf, await printXlsxToPdf(file));
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"], { encoding: "utf8" });
    const pages = text.split("\f").filter((p) => p.trim() !== "");
    expect(pages.length).toBeLessThanOrEqual(3);
    expect(text).not.toMatch(/\(--[a-z]/);
    // Grouped numbers: design 6's 30,000 users.
    expect(text).toMatch(/\b30,000\b/);
    // One font: pdffonts lists each font the pages use (bold and regular of one family).
    const fonts = execFileSync("pdffonts", [pdf], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean).map((l) => l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, "").replace(/[-,](Bold|Regular|Italic|BoldItalic)$/, ""));
    expect([...new Set(fonts)]).toHaveLength(1);
  });
});

/** A 2-mailbox design's IOPS are a fraction of one; printed whole they read "0 IOPS", a need of none. */
(available || required ? describe : describe.skip)("a design of 2 mailboxes, printed", () => {
  test("the Summary shows its IOPS to a decimal, as design --json gives them, never 0 IOPS", async () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-print-small-"));
    try {
      const built = await builtDesign(["--users", "2", "--customer"]);
      const summary = printedPages(await printXlsxToPdf(built.file), work).filter((p) => p.sheet === "Summary").map((p) => words(p.text)).join(" ");
      const record = designRecord(sizeDesign({ users: 2 }));
      // As the catalogue shows a small figure: one decimal, a whole one too (1.0).
      const shown = (v: unknown) => (v as number).toFixed(1);
      expect(record.databaseIops).toBeGreaterThan(0);
      expect(summary).toContain(`Database IOPS ${shown(record.databaseIops)} IOPS every copy: ${shown(record.dagDatabaseIops)} IOPS`);
      expect(summary).toContain(`Log IOPS ${shown(record.dagLogIops)} IOPS`);
      expect(summary).toContain(`${shown(record.worstTargetIops)} IOPS a server`);
      expect(summary).not.toMatch(/(?<![\d.,])[01] IOPS/);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
