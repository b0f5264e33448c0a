/**
 * The customer copy as a customer meets it (issue 7): it opens on the Summary, and LibreOffice —
 * recalculating on load, as a program without the add-in does — prints every sheet on at most two
 * pages (one page wide, by the model's page setup), the Summary on one. Each page's header names
 * its sheet (&A), which is how pages are counted per sheet.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { strFromU8, unzipSync } from "fflate";
import { referenceDesign } from "../../src/workbook/template";
import { builtDesign } from "../support/built-designs";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, printXlsxToPdf } from "../support/libreoffice";
import { LIBREOFFICE_MS } from "../support/timeouts";

const required = process.env.REQUIRE_LIBREOFFICE === "1";
const pdftotextAvailable = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const available = libreOfficeAvailable() && pdftotextAvailable;
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

/** The sheet each printed page belongs to, from the right-hand header (the sheet name). */
function pagesBySheet(pdf: Buffer, sheets: readonly string[]): Map<string, number> {
  const file = path.join(work, `print-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  const pages = new Map<string, number>();
  for (const page of text.split("\f").filter((p) => p.trim() !== "")) {
    const header = page.split("\n").find((line) => line.trim() !== "") ?? "";
    const sheet = sheets.find((name) => header.trim().endsWith(name));
    const key = sheet ?? `unknown page: ${header.trim()}`;
    pages.set(key, (pages.get(key) ?? 0) + 1);
  }
  return pages;
}

(available || required ? describe : describe.skip)("the customer copy, printed by LibreOffice", () => {
  const sheets = referenceDesign().sheets.map((s) => s.name);

  test.each([
    ["the reference design", [] as string[]],
    ["a large design (40,000 users, 10 GB, 4 copies on 2 + 2 servers)", ["--users", "40000", "--quota", "10240", "--copies", "4", "--servers-site1", "2", "--servers-site2", "2"]],
  ])("%s: every sheet on at most two pages, the Summary on one", async (_name, args) => {
    if (!available) throw new Error(`REQUIRE_LIBREOFFICE=1 but soffice or pdftotext is missing: apt-get install ${LIBREOFFICE_APT_PACKAGE} poppler-utils`);
    const pages = pagesBySheet(await printXlsxToPdf(await customerCopy(args)), sheets);
    expect([...pages.keys()].filter((k) => !sheets.includes(k))).toEqual([]);
    for (const sheet of sheets) {
      expect({ sheet, pages: pages.get(sheet) }).toEqual({ sheet, pages: expect.any(Number) });
      expect({ sheet, atMostTwo: (pages.get(sheet) ?? 0) <= 2 }).toEqual({ sheet, atMostTwo: true });
    }
    expect(pages.get("Summary")).toBe(1);
  }, LIBREOFFICE_MS);

  test("it opens on the Summary: the first sheet, the active tab", async () => {
    const files = unzipSync(fs.readFileSync(await customerCopy()));
    const workbook = strFromU8(files["xl/workbook.xml"]);
    const first = /<sheet\b[^>]*name="([^"]*)"/.exec(workbook)?.[1];
    expect(first).toBe("Summary");
    const activeTab = /<workbookView\b[^>]*activeTab="(\d+)"/.exec(workbook)?.[1] ?? "0";
    expect(activeTab).toBe("0");
  });
});
