/**
 * The fit and compare workbooks as printed: LibreOffice, recalculating on load as a program without
 * the add-in does, prints `exsize fit --out`'s workbook opening on its answer — page 1 states the
 * profile fitted and each design's servers, disks, memory and cores — and the Compare sheet of six
 * designs, fit's or `exsize compare --customer`'s, on at most three pages, a design that cannot be built among
 * them (its reason whole in a note below the table, not a row many lines tall). Each page's header names
 * its sheet (&A), which is how pages are counted per sheet.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runCompare, type ProgressOutput } from "../../src/cli/compare";
import { runFit } from "../../src/cli/fit";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, pdftotextAvailable, printXlsxFilesToPdf } from "../support/libreoffice";
import { libreOfficeMs } from "../support/timeouts";

const required = process.env.REQUIRE_LIBREOFFICE === "1";
const available = libreOfficeAvailable() && pdftotextAvailable();
if (!available && !required) {
  console.warn(`LibreOffice or pdftotext not found: skipping the fit print test. Install ${LIBREOFFICE_APT_PACKAGE} and poppler-utils, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);
}

let work: string;
beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-fit-print-"))));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

function capture() {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const out: ProgressOutput = { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) };
  return { out, stdout, stderr };
}

/** The pages' text in order, each with the sheet its header names. */
function pages(pdf: Buffer): Array<{ sheet: string; text: string }> {
  const file = path.join(work, `text-${Date.now()}.pdf`);
  fs.writeFileSync(file, pdf);
  const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
  return text
    .split("\f")
    .filter((p) => p.trim() !== "")
    .map((page) => {
      const header = (page.split("\n").find((line) => line.trim() !== "") ?? "").trim();
      return { sheet: header.split(/\s{2,}/).pop() ?? "", text: page };
    });
}

const words = (t: string) => t.replace(/\s+/g, " ").trim();
const n = (x: number) => x.toLocaleString("en-US");

type Printed = { design: Record<string, number | null> };

(available || required ? describe : describe.skip)("the fit and compare workbooks, printed by LibreOffice", () => {
  test(
    "fit --out: page 1 states the profile and each design's counts; the Compare sheets of six designs print on at most 3 pages",
    async () => {
      const fitFile = path.join(work, "fit.xlsx");
      const fit = capture();
      // The profile: 20,000 mailboxes of 10 GB, 150 messages a day, Exchange SE; the best six designs.
      const profile = ["--users", "20000", "--quota-mb", "10240", "--messages", "150", "--exchange-version", "SE"];
      expect(await runFit([...profile, "--limit", "6", "--out", fitFile, "--json"], fit.out)).toBe(0);
      const designs = JSON.parse(fit.stdout.join("\n")) as Printed[];
      expect(designs).toHaveLength(6);
      const compareFile = path.join(work, "compare.xlsx");
      const compare = capture();
      // Six designs that each can be built.
      expect(await runCompare([...profile, "--vary", "servers-site1=4..9", "--customer", "--out", compareFile], compare.out)).toBe(0);

      const [fitPdf, comparePdf] = await printXlsxFilesToPdf([fitFile, compareFile]);
      const fitPages = pages(fitPdf);
      // Opens on its answer: the first page is the Fit sheet, one page, the profile and the front on it.
      expect(fitPages[0].sheet).toBe("Fit");
      expect(fitPages.filter((p) => p.sheet === "Fit")).toHaveLength(1);
      const first = words(fitPages[0].text);
      for (const line of ["Mailboxes 20,000", "Mailbox quota (MB) 10,240", "Messages per day 150", "Exchange version Exchange Server SE", "DAGs at most 8", "Servers a DAG at most 16", "Copies of each database 2 to 16"]) {
        expect(first).toContain(line);
      }
      designs.forEach((p, i) => {
        const d = p.design;
        const servers = d.environmentServers!;
        const disks = d.environmentDisks! + (d.dagMcdbSsds ?? 0) * d.dags!;
        expect(first).toContain(`Design ${i + 1} ${n(d.dags!)} ${n(servers)} ${n(disks)} ${n(servers * d.memoryPerServerGB!)} ${n(servers * d.coresPerServer!)}`);
      });
      // Then the Compare sheet, then the designs' own sheets.
      expect(fitPages[1].sheet).toBe("Compare");
      for (const [name, printed] of [["fit", fitPages], ["compare --customer", pages(comparePdf)]] as const) {
        const comparePages = printed.filter((p) => p.sheet === "Compare");
        expect({ name, pages: comparePages.length, atMostThree: comparePages.length >= 1 && comparePages.length <= 3 }).toMatchObject({ name, atMostThree: true });
        // The figures before the inputs: the table (after its header row) opens on the designs' figures, the inputs after them.
        const table = words(comparePages[0].text).split("Differs from design 1")[1];
        expect({ name, servers: table.indexOf("Mailbox servers ") }).not.toEqual({ name, servers: -1 });
        expect({ name, figuresFirst: table.indexOf("Mailbox servers ") < table.indexOf("Inputs ") }).toEqual({ name, figuresFirst: true });
      }
    },
    libreOfficeMs(2) + 120_000,
  );

  test(
    "compare --customer with a design that cannot be built: its reason short in the row, whole in a note below the table; the Compare sheet on at most 3 pages",
    async () => {
      const file = path.join(work, "refused.xlsx");
      const compare = capture();
      // The profile on 2 to 7 servers: on 2 a server needs 88 cores, past the 48 Exchange SE supports.
      const profile = ["--users", "20000", "--quota-mb", "10240", "--messages", "150", "--exchange-version", "SE"];
      expect(await runCompare([...profile, "--vary", "servers-site1=2..7", "--customer", "--out", file, "--json"], compare.out)).toBe(0);
      const rows = JSON.parse(compare.stdout.join("\n")) as Array<{ problems?: string[] }>;
      expect(rows.map((r) => r.problems === undefined)).toEqual([false, true, true, true, true, true]);
      const [pdf] = await printXlsxFilesToPdf([file]);
      const comparePages = pages(pdf).filter((p) => p.sheet === "Compare");
      expect(comparePages.length).toBeGreaterThanOrEqual(1);
      expect(comparePages.length).toBeLessThanOrEqual(3);
      const printed = words(comparePages.map((p) => p.text).join(" "));
      // The whole reason, in the note the row points to, as --json gives it.
      expect(printed).toContain(words(`Note 1 — design 1 cannot be built: ${rows[0].problems!.join("; ")}`));
    },
    libreOfficeMs(1) + 60_000,
  );
});
