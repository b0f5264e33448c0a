/**
 * Every printed page of a customer copy shows its text whole. LibreOffice prints a text that runs past
 * its cell, its row or the print area clipped, yet keeps the whole text in the PDF, so pdftotext alone
 * reads it whole. Here each word pdftotext finds (pdftotext -bbox) is looked for on the rendered page
 * (pdftoppm): a word whose right end has no ink was cut on the right (by the next cell or the page's
 * print area), and a word whose box sits half over another word's was cut at its row's foot (a wrapped
 * text taller than its row). The Design and Hardware pages print at a readable size, not shrunk to fit.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { referenceDesign } from "../../src/workbook/template";
import { builtDesign } from "../support/built-designs";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, pdftotextAvailable, printXlsxFilesToPdf } from "../support/libreoffice";
import { LIBREOFFICE_MS } from "../support/timeouts";

jest.setTimeout(LIBREOFFICE_MS);

const required = process.env.REQUIRE_LIBREOFFICE === "1";
const available = libreOfficeAvailable() && pdftotextAvailable();
if (!available && !required) {
  console.warn(`LibreOffice or poppler-utils not found: skipping the whole-print test. Install ${LIBREOFFICE_APT_PACKAGE} and poppler-utils, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);
}

/** The designs looked at: Exchange SE on 4 + 4 servers with 8 TB disks, Dell EMC's preset, a two-site 2019 design. */
const DESIGNS: Array<[string, string[]]> = [
  ["Exchange SE, 4 + 4 servers, 8TB disks", ["--users", "20000", "--quota-mb", "10240", "--exchange-version", "SE", "--servers-site1", "4", "--servers-site2", "4", "--copies", "4", "--server-disk", '8TB 7.2K NL-SAS 3.5"']],
  ["Dell EMC's 2016 preset", ["--preset", "dellemc-2016"]],
  ["a two-site 2019 design", ["--exchange-version", "2019", "--users", "10000", "--quota-mb", "10240", "--copies", "4", "--servers-site1", "4", "--servers-site2", "4"]],
];

const SHEETS = referenceDesign().sheets.map((s) => s.name);
/** Rendering resolution: at 200 dpi a stroke of 7-point type is two pixels or more. */
const DPI = 200;
/** A pixel darker than this is ink (text is black, grey or blue; fills are pale). */
const INK = 215;

interface Word {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
}
interface Page {
  sheet: string;
  words: Word[];
  /** Whether any pixel of the rectangle (in points) is ink. */
  inked: (x0: number, x1: number, y0: number, y1: number) => boolean;
}

const entity = (t: string) => t.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

function printedPages(pdf: string, work: string): Page[] {
  const boxes = execFileSync("pdftotext", ["-bbox", pdf, "-"], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return [...boxes.matchAll(/<page\b[\s\S]*?<\/page>/g)].map((page, i) => {
    const words = [...page[0].matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      x0: Number(m[1]),
      y0: Number(m[2]),
      x1: Number(m[3]),
      y1: Number(m[4]),
      text: entity(m[5]),
    }));
    // The page's header: its right-hand text is the sheet's name, on the first line.
    const top = Math.min(...words.map((w) => w.y0));
    const header = words.filter((w) => w.y0 - top < 2).map((w) => w.text).join(" ");
    const sheet = SHEETS.find((name) => header.endsWith(name)) ?? `unknown page: ${header}`;
    const base = path.join(work, `page-${i + 1}`);
    execFileSync("pdftoppm", ["-f", String(i + 1), "-l", String(i + 1), "-r", String(DPI), "-gray", "-singlefile", pdf, base]);
    const pgm = fs.readFileSync(`${base}.pgm`);
    // Binary PGM: "P5\n<width> <height>\n<max>\n" then a byte a pixel.
    const head = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pgm.subarray(0, 64).toString("latin1"))!;
    const [width, height, offset] = [Number(head[1]), Number(head[2]), head[0].length];
    const scale = DPI / 72;
    const inked = (x0: number, x1: number, y0: number, y1: number) => {
      for (let y = Math.max(0, Math.floor(y0 * scale)); y <= Math.min(height - 1, Math.ceil(y1 * scale)); y++) {
        for (let x = Math.max(0, Math.floor(x0 * scale)); x <= Math.min(width - 1, Math.ceil(x1 * scale)); x++) if (pgm[offset + y * width + x] < INK) return true;
      }
      return false;
    };
    return { sheet, words, inked };
  });
}

/** Words cut on the right: no ink in the last 2.5 points of a word of letters or digits. */
function cutOnTheRight(page: Page): string[] {
  return page.words.filter((w) => /[A-Za-z0-9]/.test(w.text) && !page.inked(w.x1 - Math.min(2.5, (w.x1 - w.x0) * 0.3), w.x1, w.y0, w.y1)).map((w) => w.text);
}

/** Words cut at their row's foot: a word's box over another's by more than a third of its height (lines of one cell overlap by about a fifth). */
function cutAtTheFoot(page: Page): string[] {
  const cut: string[] = [];
  for (const [i, a] of page.words.entries()) {
    for (const b of page.words.slice(i + 1)) {
      const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (across > 0.5 && down > Math.min(a.y1 - a.y0, b.y1 - b.y0) / 3) cut.push(`${a.text} | ${b.text}`);
    }
  }
  return cut;
}

/** Known and still open: each runs as test.failing, so the suite fails once it is mended and the entry must go. None now. */
const OPEN = { cut: [] as string[], shrunk: [] as string[], symbols: [] as string[] };

/** The papers' symbols (Dell's NU, MQ, MSR, AMS, DBS, NDB, LFS, NL; DBIOP, IOPU, LIOPS; "DB"): a customer reads words. The Sources sheet lists the papers' own. */
const SYMBOLS = /^[("]*(NU|MQ|MSR|AMS|DBS|NDB|LFS|NL|DBIOP|IOPU|LIOPS|DB)[)":,;.]*$/;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

(available || required ? describe : describe.skip)("the customer copy printed whole", () => {
  let work: string;
  const printed = new Map<string, Page[]>();
  beforeAll(async () => {
    if (!available) throw new Error(`REQUIRE_LIBREOFFICE=1 but soffice or pdftotext is missing: apt-get install ${LIBREOFFICE_APT_PACKAGE} poppler-utils`);
    work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-print-whole-"));
    const files = await Promise.all(DESIGNS.map(async ([, args]) => (await builtDesign([...args, "--customer"])).file));
    const pdfs = await printXlsxFilesToPdf(files);
    for (const [i, [name]] of DESIGNS.entries()) {
      const dir = path.join(work, String(i));
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, "printed.pdf"), pdfs[i]);
      printed.set(name, printedPages(path.join(dir, "printed.pdf"), dir));
    }
  });
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  describe.each(DESIGNS.map(([name]) => name))("%s", (name) => {
    test("every page belongs to a sheet", () => {
      expect(printed.get(name)!.filter((p) => !SHEETS.includes(p.sheet)).map((p) => p.sheet)).toEqual([]);
    });

    const cutTest = (sheet: string) => (OPEN.cut.includes(sheet) ? test.failing : test);
    const shrunkTest = (sheet: string) => (OPEN.shrunk.includes(sheet) ? test.failing : test);
    for (const sheet of SHEETS) {
      cutTest(sheet)(`the ${sheet} sheet's words are printed whole: none cut on the right or at its row's foot`, () => {
        const pages = printed.get(name)!.filter((p) => p.sheet === sheet);
        expect({ sheet, right: pages.flatMap(cutOnTheRight), foot: pages.flatMap(cutAtTheFoot) }).toEqual({ sheet, right: [], foot: [] });
      });
    }

    for (const sheet of SHEETS.filter((s) => s !== "Sources")) {
      (OPEN.symbols.includes(sheet) ? test.failing : test)(`the ${sheet} sheet labels in words, not the papers' symbols`, () => {
        const words = printed.get(name)!.filter((p) => p.sheet === sheet).flatMap((p) => p.words.map((w) => w.text));
        expect({ sheet, symbols: words.filter((w) => SYMBOLS.test(w)) }).toEqual({ sheet, symbols: [] });
      });
    }

    test("the Summary names a disk's volume apart from the database volumes", () => {
      const text = printed.get(name)!.filter((p) => p.sheet === "Summary").flatMap((p) => p.words.map((w) => w.text)).join(" ");
      // "Database volumes 184 volumes × 1,695 GB" is each database's (the calculator's Volume Requirements); a JBOD disk holds several.
      expect(text).toMatch(/Database volumes \d[\d,]* volumes × [\d,]+ GB/);
      expect(text).toMatch(/\d+ databases? a disk [\d,]+ GB a disk's volume/);
      expect(text).not.toMatch(/GB a volume|databases? a volume/);
    });

    test("the Inputs sheet's inputs print on two pages, with room on the second for another input", () => {
      const inputs = printed.get(name)!.filter((p) => p.sheet === "Inputs");
      // The note below the last input row ends the inputs; the footer ("Revised …") is the page's last line.
      const last = inputs.findIndex((p) => p.words.some((w, i) => w.text === "Page" && p.words[i + 1]?.text === "headers"));
      expect(last).toBe(1);
      const page = inputs[last];
      const note = page.words.find((w, i) => w.text === "Page" && page.words[i + 1]?.text === "headers")!;
      const footer = page.words.find((w) => w.text === "Revised")!;
      const line = median(page.words.map((w) => w.y1 - w.y0));
      // An input of three lines (its description wrapped), and its row's margin.
      expect({ linesFree: Math.floor((footer.y0 - note.y1) / line) >= 4 }).toEqual({ linesFree: true });
    });

    for (const sheet of ["Design", "Hardware"]) shrunkTest(sheet)(`the ${sheet} sheet prints its text at 8 pt or more, not shrunk to fit`, () => {
      // A word's box is about 1.25 times its type's size (Calibri 11 at 100% measures 13.8 pt).
      const pages = printed.get(name)!.filter((p) => p.sheet === sheet);
      expect(pages.length).toBeGreaterThan(0);
      for (const [i, page] of pages.entries()) {
        expect({ page: i + 1, type: Math.round((median(page.words.map((w) => w.y1 - w.y0)) / 1.25) * 10) / 10 >= 8 }).toEqual({ page: i + 1, type: true });
      }
    });
  });
});
