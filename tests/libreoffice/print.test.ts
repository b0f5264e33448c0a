/**
 * The customer copy as a customer meets it: it opens on the Summary, and LibreOffice —
 * recalculating on load, as a program without the add-in does — prints every sheet on at most two
 * pages (one page wide, by the model's page setup), the Summary on one; the Distribution of a DAG
 * with more databases than a page holds on as many pages as they take. Each page's header names
 * its sheet (&A), which is how pages are counted per sheet. For the reference design, a
 * 20,000-user two-site design and the largest DAG (16 servers), no second page is near-empty and
 * no label the model prints is cut (each unwrapped text is on its sheet's pages whole).
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { strFromU8, unzipSync } from "fflate";
import { parseCommand, readInputs } from "../../src/cli/design-options";
import { STAMP_CELL, referenceDesign } from "../../src/workbook/template";
import { builtDesign } from "../support/built-designs";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, pdftotextAvailable, printXlsxFilesToPdf } from "../support/libreoffice";
import { WORKBOOK_MS, libreOfficeMs } from "../support/timeouts";

const required = process.env.REQUIRE_LIBREOFFICE === "1";
const available = libreOfficeAvailable() && pdftotextAvailable();
if (!available && !required) {
  console.warn(`LibreOffice or pdftotext not found: skipping the print test. Install ${LIBREOFFICE_APT_PACKAGE} and poppler-utils, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);
}

let work: string;
beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-print-"))));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The customer copy `exsize design ARGS --customer` writes, shared with the other suites that read it (tests/support/built-designs.ts). */
async function customerCopy(args: string[] = []): Promise<string> {
  return (await builtDesign([...args, "--customer"])).file;
}

/** Each page's text by the sheet it belongs to (the right-hand header), in page order. */
function pageTexts(pdf: Buffer, sheets: readonly string[]): Map<string, string[]> {
  const file = path.join(work, `text-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  const pages = new Map<string, string[]>();
  for (const page of text.split("\f").filter((p) => p.trim() !== "")) {
    const header = page.split("\n").find((line) => line.trim() !== "") ?? "";
    const sheet = sheets.find((name) => header.trim().endsWith(name)) ?? `unknown page: ${header.trim()}`;
    pages.set(sheet, [...(pages.get(sheet) ?? []), page]);
  }
  return pages;
}

const words = (t: string) => t.replace(/\s+/g, " ").trim();
/** Lines of a page with text, its header and footer aside. */
const bodyLines = (page: string) => page.split("\n").filter((l) => l.trim() !== "").slice(1, -1).length;

/** Three designs: the reference design, a 20,000-user two-site design, the largest DAG (16 servers). */
const DESIGNS: Array<[string, string[]]> = [
  ["the reference design", []],
  ["20,000 users, 4 copies on 4 + 4 servers in two sites, Exchange 2016", ["--users", "20000", "--copies", "4", "--servers-site1", "4", "--servers-site2", "4", "--exchange-version", "2016"]],
  ["the largest DAG: 16 servers (8 + 8), 20,000 users, 4 copies, Exchange 2016", ["--users", "20000", "--copies", "4", "--servers-site1", "8", "--servers-site2", "8", "--exchange-version", "2016"]],
  // 4 + 4 servers and databases of up to 4 TB: on 2 + 2 at 1 TB its 428 databases put 428 copies on a server, past the
  // 100 an Exchange server mounts.
  ["a large design (40,000 users, 10 GB, 4 copies on 4 + 4 servers)", ["--users", "40000", "--quota", "10240", "--copies", "4", "--servers-site1", "4", "--servers-site2", "4", "--max-db", "4096"]],
  // The Summary's environment block filled: the dellemc-2016 preset's inputs, 14 DAGs of its 100,000 mailboxes.
  [
    "Dell EMC's 2016 design: one DAG of an environment of 14",
    // Its disks and the 336 databases it sets (004 §4, Table 4, Table 5): counted from the calculator's 4 TB disk, its 70 GB mailboxes outgrow a database.
    ["--users", "7600", "--environment-users", "100000", "--quota-mb", "20480", "--archive-mb", "51200", "--copies", "4", "--servers-site1", "8", "--servers-site2", "8", "--exchange-version", "2016", "--method", "microsoft", "--cores-per-server", "24", "--disk", '8TB 7.2K NL-SAS 3.5"', "--databases-per-volume", "2", "--databases-per-dag", "336"],
  ],
];

/** The row and column (1-based) an A1 address names. */
function rowColumn(address: string): [number, number] {
  const m = /^([A-Z]+)(\d+)$/.exec(address)!;
  return [Number(m[2]), [...m[1]].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0)];
}

(available || required ? describe : describe.skip)("the customer copy, printed by LibreOffice", () => {
  const sheets = referenceDesign().sheets.map((s) => s.name);
  const printed = new Map<string, Buffer>();

  beforeAll(async () => {
    if (!available) throw new Error(`REQUIRE_LIBREOFFICE=1 but soffice or pdftotext is missing: apt-get install ${LIBREOFFICE_APT_PACKAGE} poppler-utils`);
    const copies: string[] = [];
    for (const [, args] of DESIGNS) copies.push(await customerCopy(args));
    // One soffice run prints every copy: its start is paid once.
    const pdfs = await printXlsxFilesToPdf(copies);
    DESIGNS.forEach(([name], i) => printed.set(name, pdfs[i]));
  }, DESIGNS.length * WORKBOOK_MS + libreOfficeMs(DESIGNS.length));

  test.each(DESIGNS)("%s: every sheet on at most two pages, the Summary on one, no near-empty page, no cut label", (name, args) => {
    const pages = pageTexts(printed.get(name)!, sheets);
    expect([...pages.keys()].filter((k) => !sheets.includes(k))).toEqual([]);
    const model = referenceDesign({ inputs: readInputs(parseCommand(args, []).given) });
    for (const sheet of sheets) {
      const count = pages.get(sheet)?.length ?? 0;
      // A sheet fitted to its width only takes the pages it needs: the Distribution's every database, the Inputs at a readable size.
      const most = model.sheets.find((s) => s.name === sheet)!.print!.fitToPagesTall === 0 ? Infinity : 2;
      expect({ sheet, pages: count >= 1 && count <= most }).toEqual({ sheet, pages: true });
      // Every page after the first carries a real share of the sheet, not a few stray rows (Distribution's page 2).
      for (const later of (pages.get(sheet) ?? []).slice(1)) expect({ sheet, laterPageLines: bodyLines(later) >= 10 }).toEqual({ sheet, laterPageLines: true });
    }
    expect(pages.get("Summary")).toHaveLength(1);

    // No cut label: every unwrapped text the model prints (its print area) is on the sheet's pages whole.
    for (const sheet of model.sheets) {
      const printed = words((pages.get(sheet.name) ?? []).join("\n"));
      // The print area: one range or several ("A1:I20,A125:I145"); none, the whole sheet.
      const areas = (sheet.print?.area ?? "A1:XFD1048576").split(",").map((a) => a.split(":").map(rowColumn));
      const cut = sheet.cells
        // The customer copy's stamp replaces the Summary's live-design line.
        .filter((c) => typeof c.value === "string" && c.value.trim() !== "" && !c.wrap && c.role !== "step" && !(sheet.name === STAMP_CELL.sheet && c.address === STAMP_CELL.address))
        .filter((c) => {
          const [r, col] = rowColumn(c.address);
          return areas.some(([[top, left], [bottom, right]]) => r >= top && r <= bottom && col >= left && col <= right);
        })
        .filter((c) => !printed.includes(words(String(c.value))))
        .map((c) => `${c.address}: ${String(c.value)}`);
      expect({ sheet: sheet.name, cut }).toEqual({ sheet: sheet.name, cut: [] });
    }
  });

  test("it opens on the Summary: the first sheet, the active tab", async () => {
    const files = unzipSync(fs.readFileSync(await customerCopy()));
    const workbook = strFromU8(files["xl/workbook.xml"]);
    const first = /<sheet\b[^>]*name="([^"]*)"/.exec(workbook)?.[1];
    expect(first).toBe("Summary");
    const activeTab = /<workbookView\b[^>]*activeTab="(\d+)"/.exec(workbook)?.[1] ?? "0";
    expect(activeTab).toBe("0");
  });
});
