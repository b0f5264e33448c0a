/**
 * `exsize compare --out FILE.xlsx`: the Compare sheet holds the designs side by side, a
 * column each, every input and output as plain values equal to --json's, the cells that differ from
 * the first design marked in a last column; the file is written whole or not at all (kept without --force, exit 2).
 */
import ExcelJS from "exceljs";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "fs";
import { tmpdir } from "os";
import { join } from "path";
import { DIFFERS, EXIT_INTERRUPTED, MAX_LIVE_DESIGNS, MAX_SHEET_DESIGNS, COMPARE_LABELS, runCompare } from "../../src/cli/compare";
import { writeWhole } from "../../src/cli/write-whole";
import { inputOptions, runDesign } from "../../src/cli/design";
import { quantity, shownNumber, type QuantityKey } from "../../src/engine/catalogue";
import type { CompareKey } from "../../src/workbook/compare";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { libreOfficeAvailable, recalculateXlsx, recalculateXlsxFiles, type RecalculatedCell } from "../support/libreoffice";
import { LIBREOFFICE_MS, WORKBOOK_MS } from "../support/timeouts";

// Writes and reads workbooks with exceljs: a generous timeout on a busy two-core machine (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "compare-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A figure as the Compare sheet shows it: --json's, but blank for the papers' arrays and spindles of a
 * design by Microsoft's method, whose storage is its servers' own disks (one storage answer,
 * as on the Summary; --json keeps them).
 */
const PAPERS_STORAGE = ["arrays", "arrayModel", "arraysPerCopy", "spindles", "spindleRaid", "spindleDisk"];
const onSheet = (row: { method?: string; design?: Record<string, unknown> }, key: string): unknown =>
  row.design === undefined || (row.method === "microsoft" && PAPERS_STORAGE.includes(key)) ? null : row.design[key];

/** A note below the Compare table, its lines (a row each of column A, `columnA` from row 1) joined: from "Note k — " to a blank row or the next note. */
function noteOf(columnA: readonly string[], k: number): string | undefined {
  const start = columnA.findIndex((text) => text.startsWith(`Note ${k} — `));
  if (start < 0) return undefined;
  const lines = [columnA[start]];
  for (let r = start + 1; r < columnA.length && columnA[r] !== "" && !/^Note \d+ — /.test(columnA[r]); r++) lines.push(columnA[r]);
  return lines.join(" ");
}

async function run(args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runCompare(args, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}


describe("the Compare sheet", () => {
  const vary = ["--vary", "users=5000,20000", "--vary", "copies=2,3"];

  test("a column per design: every input and output, the values --json prints, differences from design 1 marked", async () => {
    const file = join(dir, "c.xlsx");
    const written = await run([...vary, "--out", file, "--json"]);
    expect(written.code).toBe(0);
    const rows = JSON.parse(written.stdout.join("\n")) as Array<{ inputs: Record<string, unknown>; method?: string; design?: Record<string, unknown>; problems?: string[] }>;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ExcelJS.Buffer);
    expect(book.worksheets.map((s) => s.name)).toEqual(["Compare"]);
    const sheet = book.getWorksheet("Compare")!;
    const rowOf = (label: string) => {
      for (let r = 1; r <= sheet.rowCount; r++) if (sheet.getCell(r, 1).value === label) return r;
      throw new Error(`no row ${label}`);
    };
    expect([2, 3, 4, 5].map((c) => sheet.getCell(rowOf("Design"), c).value)).toEqual([1, 2, 3, 4]);
    expect(sheet.getCell(rowOf("Design"), 6).value).toBe("Differs from design 1");
    for (const o of inputOptions()) {
      // Labelled as the Inputs sheet words them, never with a command-line option.
      const r = rowOf(o.label);
      rows.forEach((row, d) => expect(sheet.getCell(r, d + 2).value).toEqual(row.inputs[o.key] ?? null));
    }
    for (const [key, label] of Object.entries(COMPARE_LABELS)) {
      const r = rowOf(label);
      rows.forEach((row, d) => expect({ key, d, value: sheet.getCell(r, d + 2).value }).toEqual({ key, d, value: onSheet(row, key) }));
    }
    const databases = rowOf("Databases");
    const memory = rowOf("Memory a server (GB)");
    const refused = rows.flatMap((row, d) => (row.problems ? [d] : []));
    rows.forEach((row, d) => {
      // Plain numbers, equal to --json's; a refused design's outputs empty, its reason in words.
      expect(sheet.getCell(databases, d + 2).value).toBe(row.design ? row.design.databases : null);
      expect(sheet.getCell(memory, d + 2).value).toBe(row.design ? row.design.memoryPerServerGB : null);
      expect(sheet.getCell(rowOf("Cannot be built because"), d + 2).value).toBe(row.problems ? `copies and servers: see note ${refused.indexOf(d) + 1}` : null);
      expect(sheet.getCell(rowOf("Sized by the method"), d + 2).value).toBe(row.method ?? null);
    });
    // Each refused design's reason whole, in its note below the table: a line a row of column A.
    const columnA = Array.from({ length: sheet.rowCount }, (_, r) => String(sheet.getCell(r + 1, 1).value ?? ""));
    refused.forEach((d, k) => expect(noteOf(columnA, k + 1)).toBe(`Note ${k + 1} — design ${d + 1} cannot be built: ${rows[d].problems!.join("; ")}`));
    expect(typeof sheet.getCell(databases, 2).value).toBe("number");
    expect(sheet.getCell(databases, 2).numFmt).toBe("#,##0");
    // Designs 2-4 differ from design 1 in users, copies and databases, not in the servers or the quota they
    // were given: the last column says so. (Designs 2 and 4, 3 copies on 2 servers, are refused: their
    // empty outputs differ from design 1's, as the live sheet's formula has it.)
    expect(rows.map((row) => row.problems === undefined)).toEqual([true, false, true, false]);
    const marked = (label: string) => sheet.getCell(rowOf(label), 6).value ?? "";
    expect([marked("Users"), marked("Database copies"), marked("Databases"), marked("Mailbox servers, site 1"), marked("Mailbox quota")]).toEqual([DIFFERS, DIFFERS, DIFFERS, "", ""]);
    expect(sheet.getCell(rowOf("Users"), 3).numFmt).toBe("#,##0");
    // The table's labels (the notes below it quote the reasons as given).
    const tableRows = columnA.findIndex((text) => /^Note \d+ — /.test(text));
    expect(tableRows).toBeGreaterThan(0);
    for (let r = 1; r <= tableRows; r++) expect(String(sheet.getCell(r, 1).value ?? "")).not.toMatch(/\(--/);
    // One name a row: the input "Array model" and the model the design chose are two rows.
    const labels = Array.from({ length: rowOf("What the cores assume") }, (_, r) => String(sheet.getCell(r + 1, 1).value ?? "")).filter(Boolean);
    expect(labels.filter((label, i) => labels.indexOf(label) !== i)).toEqual([]);
    // It prints like the design workbook: landscape, one page wide, the designs' row on every page.
    expect(sheet.pageSetup).toMatchObject({ orientation: "landscape", fitToPage: true, fitToWidth: 1, fitToHeight: 0, printTitlesRow: `${rowOf("Design")}:${rowOf("Design")}` });
  });

  test("one storage answer a design: by Microsoft's method its arrays and spindles rows are blank, as on its Summary; --json keeps them", async () => {
    const file = join(dir, "c.xlsx");
    const written = await run(["--servers-site1", "3", "--vary", "exchange-version=2010,2019", "--out", file, "--json"]);
    expect(written.code).toBe(0);
    const rows = JSON.parse(written.stdout.join("\n")) as Array<{ method: string; design: Record<string, unknown> }>;
    expect(rows.map((row) => row.method)).toEqual(["dell", "microsoft"]);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ExcelJS.Buffer);
    const sheet = book.getWorksheet("Compare")!;
    const rowOf = (label: string) => {
      for (let r = 1; r <= sheet.rowCount; r++) if (sheet.getCell(r, 1).value === label) return r;
      throw new Error(`no row ${label}`);
    };
    for (const key of PAPERS_STORAGE) {
      const r = rowOf(COMPARE_LABELS[key as CompareKey]);
      expect({ key, dell: sheet.getCell(r, 2).value, microsoft: sheet.getCell(r, 3).value }).toEqual({ key, dell: rows[0].design[key], microsoft: null });
      expect({ key, json: rows[1].design[key] }).not.toEqual({ key, json: null });
    }
    // Microsoft's design buys its servers' own disks instead; Dell's has none.
    const disks = rowOf(COMPARE_LABELS.disksPerServer);
    expect([sheet.getCell(disks, 2).value, typeof sheet.getCell(disks, 3).value]).toEqual([null, "number"]);
  });

  test("no rows of a method the designs do not use: designs all by Microsoft's method have no arrays or spindles rows, values or live", async () => {
    for (const customer of [[], ["--customer"]]) {
      const file = join(dir, `m${customer.length}.xlsx`);
      const written = await run(["--servers-site1", "3", "--vary", "exchange-version=2019,SE", ...customer, "--out", file]);
      expect(written.code).toBe(0);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(readFileSync(file) as unknown as ExcelJS.Buffer);
      const sheet = book.getWorksheet("Compare")!;
      const labels = new Set<unknown>();
      for (let r = 1; r <= sheet.rowCount; r++) labels.add(sheet.getCell(r, 1).value);
      for (const key of PAPERS_STORAGE) expect({ key, row: labels.has(COMPARE_LABELS[key as CompareKey]) }).toEqual({ key, row: false });
      // The figures the designs are sized by stay.
      expect(labels.has(COMPARE_LABELS.disksPerServer)).toBe(true);
      expect(labels.has(COMPARE_LABELS.servers)).toBe(true);
    }
  });

  test("the answer first: the figures that differ between designs, then those the same in every design, then the inputs in the same order", async () => {
    for (const customer of [[], ["--customer"]]) {
      const file = join(dir, `o${customer.length}.xlsx`);
      expect((await run([...vary, ...customer, "--out", file])).code).toBe(0);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(readFileSync(file) as unknown as ExcelJS.Buffer);
      const sheet = book.getWorksheet("Compare")!;
      const rowOf = (label: string) => {
        for (let r = 1; r <= sheet.rowCount; r++) if (sheet.getCell(r, 1).value === label) return r;
        throw new Error(`no row ${label}`);
      };
      // The papers' rows are left out of designs all by Microsoft's method: the figures the sheet has.
      const labels = new Set<unknown>();
      for (let r = 1; r <= sheet.rowCount; r++) labels.add(sheet.getCell(r, 1).value);
      const figureRows = Object.values(COMPARE_LABELS).filter((label) => labels.has(label)).map(rowOf);
      expect(figureRows.length).toBeGreaterThan(20);
      const inputRows = inputOptions().map((o) => rowOf(o.label));
      // Every figure above every input.
      expect(Math.max(...figureRows)).toBeLessThan(Math.min(...inputRows));
      // Within each, the rows the designs differ in come first: the values file marks them; the live one's formulas do, once recalculated.
      if (customer.length === 0) {
        for (const part of [figureRows, inputRows]) {
          const marks = [...part].sort((a, b) => a - b).map((r) => sheet.getCell(r, 6).value === DIFFERS);
          expect(marks.indexOf(false)).toBeGreaterThan(0);
          expect(marks.slice(marks.indexOf(false))).not.toContain(true);
        }
      }
    }
  });

  test("a chart of the figure that changes most, over its values below the table (its designs as bars)", async () => {
    const file = join(dir, "c.xlsx");
    const written = await run(["--vary", "quota-mb=2048,5120,10240", "--out", file, "--json"]);
    expect(written.code).toBe(0);
    const rows = JSON.parse(written.stdout.join("\n")) as Array<{ design: Record<string, number> }>;
    // Whichever figure changes most relative to its largest value: computed here from --json, not assumed.
    const rel = (key: string) => {
      const v = rows.map((r) => r.design[key]);
      return (Math.max(...v) - Math.min(...v)) / Math.max(...v);
    };
    const numeric = Object.keys(COMPARE_LABELS).filter((k) => rows.every((r) => typeof r.design[k] === "number"));
    const most = numeric.reduce((a, b) => (rel(b) > rel(a) ? b : a));
    const label = COMPARE_LABELS[most as CompareKey];
    const files = unzipSync(new Uint8Array(readFileSync(file)));
    const chart = strFromU8(files["xl/charts/chart1.xml"]);
    expect(chart).toContain(`<a:t>${label}</a:t>`);
    expect(chart).toMatch(/<c:barChart>/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(file) as unknown as ExcelJS.Buffer);
    const sheet = book.getWorksheet("Compare")!;
    const values = /<c:val><c:numRef><c:f>Compare!\$B\$(\d+):\$B\$(\d+)<\/c:f>/.exec(chart)!;
    expect(values).not.toBeNull();
    const drawn = Array.from({ length: Number(values[2]) - Number(values[1]) + 1 }, (_, i) => sheet.getCell(Number(values[1]) + i, 2).value);
    expect(drawn).toEqual(rows.map((r) => r.design[most]));
    expect(strFromU8(files["xl/worksheets/sheet1.xml"])).toMatch(/<drawing r:id="rIdChart1"\/>/);
  });

  test("on a terminal, a line while the workbook is written, then cleared; piped, none", async () => {
    const file = join(dir, "c.xlsx");
    const progress: string[] = [];
    const out = { stdout: () => undefined, stderr: () => undefined, isTTY: true, progress: (t: string) => progress.push(t) };
    expect(await runCompare([...vary, "--out", file], out)).toBe(0);
    expect(progress).toContain(`\rexsize compare: writing ${file} (4 designs)…`);
    expect(progress.at(-1)).toBe("\r\x1b[K");
    const piped: string[] = [];
    expect(await runCompare([...vary, "--out", file, "--force"], { ...out, isTTY: false, progress: (t: string) => piped.push(t) })).toBe(0);
    expect(piped).toEqual([]);
  });

  test("the table, then the file written", async () => {
    const file = join(dir, "c.xlsx");
    const r = await run([...vary, "--out", file]);
    expect(r.code).toBe(0);
    expect(r.stdout.at(-1)).toBe(`Wrote ${file}: the Compare sheet, 4 designs side by side (values; differences from design 1 marked).`);
    expect(r.stdout).toHaveLength(6);
  });
});

describe("written whole or not at all", () => {
  test("a file already there stays, exit 2, before sizing; --force overwrites it", async () => {
    const file = join(dir, "c.xlsx");
    writeFileSync(file, "mine");
    const kept = await run(["--vary", "users=1000,2000", "--out", file]);
    expect(kept.code).toBe(2);
    expect(kept.stdout).toEqual([]);
    expect(kept.stderr).toEqual([`exsize compare: ${file} exists; add --force to overwrite it`]);
    expect(readFileSync(file, "utf8")).toBe("mine");
    expect((await run(["--vary", "users=1000,2000", "--out", file, "--force"])).code).toBe(0);
    expect(readFileSync(file).subarray(0, 2).toString()).toBe("PK");
    expect(readdirSync(dir)).toEqual(["c.xlsx"]);
  });

  test("a file that appears while the workbook is built stays too (linked into place, never overwritten)", async () => {
    const file = join(dir, "c.xlsx");
    writeFileSync(file, "theirs");
    const stderr: string[] = [];
    expect(await writeWhole(file, new Uint8Array([1, 2, 3]), { command: "compare", force: false }, { stdout: () => undefined, stderr: (l) => stderr.push(l) })).toBe(2);
    expect(readFileSync(file, "utf8")).toBe("theirs");
    expect(readdirSync(dir)).toEqual(["c.xlsx"]);
  });

  test("Ctrl-C while writing: no file, no temporary left", async () => {
    const file = join(dir, "c.xlsx");
    expect(await writeWhole(file, new Uint8Array([1, 2, 3]), { command: "compare", force: true, heard: () => true }, { stdout: () => undefined, stderr: () => undefined })).toBe(EXIT_INTERRUPTED);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("no design can be built: the rows say why, exit 1, nothing written", async () => {
    const file = join(dir, "c.xlsx");
    const r = await run(["--vary", "copies=3,4", "--out", file]);
    expect(r.code).toBe(1);
    expect(r.stdout.slice(1).every((l) => l.includes("cannot be built"))).toBe(true);
    expect(r.stderr).toEqual([`exsize compare: none of the 2 designs can be built; each row says why; nothing written to ${file}`]);
    expect(readdirSync(dir)).toEqual([]);
  });

  test("a folder that does not exist: exit 1, nothing written", async () => {
    const file = join(dir, "no", "c.xlsx");
    const r = await run(["--vary", "users=1000,2000", "--out", file]);
    expect(r.code).toBe(1);
    expect(r.stderr[0]).toMatch(/^exsize compare: cannot write .*c\.xlsx: ENOENT/);
    expect(existsSync(join(dir, "no"))).toBe(false);
  });

  test(`more designs than a sheet's ${MAX_SHEET_DESIGNS.toLocaleString("en-US")} columns: exit 2, before sizing`, async () => {
    const r = await run(["--vary", "users=1..16384", "--out", join(dir, "c.xlsx")]);
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toBe("exsize compare: --out: 16,384 designs; a Compare sheet holds at most 16,383, a column each (print --csv instead)");
    expect(readdirSync(dir)).toEqual([]);
  });
});

const withLibreOffice = libreOfficeAvailable() || process.env.REQUIRE_LIBREOFFICE === "1" ? describe : describe.skip;

withLibreOffice("the Compare sheet in LibreOffice", () => {
  test(
    "opens, recalculates and keeps every value: the same figures as --json (plain values, no formula to go wrong)",
    async () => {
      const file = join(dir, "c.xlsx");
      const r = await run(["--vary", "users=5000,20000", "--vary", "copies=2,3", "--out", file, "--json"]);
      expect(r.code).toBe(0);
      const rows = JSON.parse(r.stdout.join("\n")) as Array<{ design?: Record<string, number | string | null>; problems?: string[] }>;
      const sheet = (await recalculateXlsx(file)).Compare;
      const labels = Object.fromEntries(Object.entries(sheet).filter(([a]) => /^A\d+$/.test(a)).map(([a, c]) => [c.value, Number(a.slice(1))]));
      for (const [key, label] of Object.entries(COMPARE_LABELS)) {
        rows.forEach((row, d) => {
          const cell = sheet[`${"BCDE"[d]}${labels[label]}`];
          expect({ key, d, value: cell?.value ?? null, error: cell?.error }).toEqual({ key, d, value: row.design ? row.design[key] : null, error: undefined });
        });
      }
    },
    LIBREOFFICE_MS,
  );
});

describe("--customer: the Compare sheet live over each design's own sheets", () => {
  test.each<[string[], RegExp]>([
    [["--vary", "users=1000,2000", "--customer"], /^exsize compare: --customer writes a file: add --out FILE\.xlsx$/],
    [["--vary", `users=1..${MAX_LIVE_DESIGNS + 1}`, "--customer", "--out", "c.xlsx"], /^exsize compare: --customer: 11 designs; a live Compare workbook holds at most 10/],
  ])("%j: exit 2", async (args, message) => {
    const r = await run(args);
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toMatch(message);
  });

  test("the live workbook has the chart of the figure that changes most too, on the Compare sheet, over live cells", async () => {
    const file = join(dir, "live.xlsx");
    const r = await run(["--vary", "quota-mb=2048,5120", "--out", file, "--customer", "--json"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout.join("\n")) as Array<{ design: Record<string, number> }>;
    const rel = (key: string) => {
      const v = rows.map((row) => row.design[key]);
      return (Math.max(...v) - Math.min(...v)) / Math.max(...v);
    };
    const numeric = Object.keys(COMPARE_LABELS).filter((k) => rows.every((row) => typeof row.design[k] === "number"));
    const label = COMPARE_LABELS[numeric.reduce((a, b) => (rel(b) > rel(a) ? b : a)) as CompareKey];
    const files = unzipSync(new Uint8Array(readFileSync(file)));
    // The Compare sheet is the workbook's first: its drawing holds the chart titled with the figure.
    const sheetRels = strFromU8(files["xl/worksheets/_rels/sheet1.xml.rels"] ?? new Uint8Array());
    const drawing = /Target="\.\.\/drawings\/(drawing\d+\.xml)"/.exec(sheetRels);
    expect(drawing).not.toBeNull();
    const drawingRels = strFromU8(files[`xl/drawings/_rels/${drawing![1]}.rels`]);
    const charts = [...drawingRels.matchAll(/Target="\.\.\/charts\/(chart\d+\.xml)"/g)].map((m) => strFromU8(files[`xl/charts/${m[1]}`]));
    const chart = charts.find((c) => c.includes(`<a:t>${label}</a:t>`));
    expect(chart).toBeDefined();
    expect(chart).toMatch(/<c:barChart>/);
    // Its values are cells of the Compare sheet, cached with the designs' figures.
    expect(chart).toMatch(/<c:val><c:numRef><c:f>Compare!\$B\$\d+:\$B\$\d+<\/c:f>/);
    const cached = [.../<c:val>.*?<\/c:val>/s.exec(chart!)![0].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((m) => Number(m[1]));
    const key = Object.entries(COMPARE_LABELS).find(([, l]) => l === label)![0];
    expect(cached).toEqual(rows.map((row) => row.design[key]));
  });

  withLibreOffice("recalculated by LibreOffice", () => {
    test(
      "every input, the method and every output Excel formulas (none an EXSIZE one), recalculating to --json's figures; a refused design's column says why; a last column marks the rows that differ",
      async () => {
        const file = join(dir, "live.xlsx");
        const r = await run(["--servers-site1", "3", "--vary", "exchange-version=2010,2019", "--vary", "copies=2,4", "--out", file, "--customer", "--json"]);
        expect(r.code).toBe(0);
        const rows = JSON.parse(r.stdout.join("\n")) as Array<{ inputs: Record<string, unknown>; method?: string; design?: Record<string, number | string | null>; problems?: string[] }>;
        expect(rows.map((row) => row.problems === undefined)).toEqual([true, false, true, false]);
        // Live: design 3's users edited on its own Inputs sheet (Inputs 3!B6, as a person would in Excel),
        // its column recalculates to exsize design --json for the edited inputs.
        const files = unzipSync(new Uint8Array(readFileSync(file)));
        const rid = /<sheet [^>]*name="Inputs 3"[^>]*r:id="(rId\d+)"/.exec(strFromU8(files["xl/workbook.xml"]))![1];
        const target = new RegExp(`Id="${rid}"[^>]*Target="/?(?:xl/)?([^"]+)"|Target="/?(?:xl/)?([^"]+)"[^>]*Id="${rid}"`).exec(strFromU8(files["xl/_rels/workbook.xml.rels"]))!;
        const part = `xl/${target[1] ?? target[2]}`;
        const xml = strFromU8(files[part]);
        const edited = xml.replace(/(<c r="B6"[^>]*>)<v>5000<\/v>/, "$1<v>20000</v>");
        expect(edited).not.toBe(xml);
        files[part] = strToU8(edited);
        const editedFile = join(dir, "edited.xlsx");
        writeFileSync(editedFile, zipSync(files));
        // The workbook as written and as edited, in one soffice run: its start is paid once.
        const [book, editedBook] = await recalculateXlsxFiles([file, editedFile]);
        expect(Object.keys(book)).toEqual(expect.arrayContaining(["Compare", "Summary", "Inputs", "Summary 3", "Inputs 3"]));
        expect(Object.keys(book)).not.toContain("Summary 2");
        const sheet = book.Compare;
        const rowOf = Object.fromEntries(Object.entries(sheet).filter(([a]) => /^A\d+$/.test(a)).map(([a, c]) => [c.value, a.slice(1)]));
        // exceljs, reading LibreOffice's file back, drops a formula's cached 0 (<v>0</v>): it reads as no value.
        const zeroRead = (c: RecalculatedCell | undefined, want: unknown) => (want === 0 && c?.formula !== undefined && c.value === null && c.error === undefined ? { ...c, value: 0 } : c);
        const cell = (label: string, d: number) => sheet[`${"BCDE"[d]}${rowOf[label]}`];
        const refused = rows.flatMap((row, d) => (row.problems ? [d] : []));
        const lastRow = Math.max(...Object.keys(sheet).map((a) => Number(/\d+$/.exec(a)![0])));
        const columnA = Array.from({ length: lastRow }, (_, r) => String(sheet[`A${r + 1}`]?.value ?? ""));
        rows.forEach((row, d) => {
          for (const o of inputOptions()) {
            const c = zeroRead(cell(o.label, d), row.inputs[o.key]);
            expect({ key: o.key, d, value: c?.value ?? null, live: row.problems ? undefined : /^IF\(/.test(c?.formula ?? "") }).toEqual({ key: o.key, d, value: row.inputs[o.key] ?? null, live: row.problems ? undefined : true });
          }
          expect(cell("Sized by the method", d)?.value ?? null).toBe(row.method ?? null);
          // A sized design's row is a formula over its Design check: empty while it can be built.
          expect(cell("Cannot be built because", d)?.value || null).toBe(row.problems ? `copies and servers: see note ${refused.indexOf(d) + 1}` : null);
          if (row.problems) expect(noteOf(columnA, refused.indexOf(d) + 1)).toBe(`Note ${refused.indexOf(d) + 1} — design ${d + 1} cannot be built: ${row.problems.join("; ")}`);
          for (const [key, label] of Object.entries(COMPARE_LABELS)) {
            const c = zeroRead(cell(label, d), onSheet(row, key));
            const digits = quantity(key as QuantityKey).digits;
            const value = typeof c?.value === "number" && digits !== undefined ? shownNumber(c.value, digits) : (c?.value ?? null);
            expect({ key, d, value, error: c?.error }).toEqual({ key, d, value: onSheet(row, key), error: undefined });
            // Live: a formula over the design's own sheets, except the two figures no sheet shows.
            // A server's disks read the Summary's server-disk block, empty where the design has none ("—" there).
            // Each empty once its design's Design check says "Not a design" (IF(MID(…)="Not a design:","",…)).
            const over = (sheet: RegExp) => new RegExp(`^IF\\(MID\\(.*?,"",(IF\\(ISNUMBER\\()?${sheet.source}`);
            if (row.design && !["mailboxesPerDatabase", "coresBasis"].includes(key)) expect({ key, formula: c?.formula }).toEqual({ key, formula: expect.stringMatching(over(d === 0 ? /(Summary|Design)!/ : /\$?'(Summary|Design) 3'!/)) });
          }
        });
        const everyFormula = Object.values(book).flatMap((s) => Object.values(s).map((c) => c.formula ?? ""));
        expect(everyFormula.filter((f) => /EXSIZE|_xldudf/i.test(f))).toEqual([]);
        // Exchange 2019 and 4 copies differ from design 1; its users do not.
        expect(sheet[`F${rowOf["Exchange version"]}`]?.value).toBe(DIFFERS);
        expect(sheet[`F${rowOf["Users"]}`]?.value ?? "").toBe("");
        expect(sheet[`F${rowOf["Databases"]}`]?.value).toBe(DIFFERS);

        // Design 3's column in the edited copy.
        const after = editedBook.Compare;
        const lines: string[] = [];
        expect(await runDesign(["--servers-site1", "3", "--exchange-version", "2019", "--copies", "2", "--users", "20000", "--json"], { stdout: (l) => lines.push(l), stderr: () => undefined })).toBe(0);
        const alone = JSON.parse(lines.join("\n")) as { method: string; design: Record<string, number | string | null> };
        expect(after[`D${rowOf["Users"]}`]?.value).toBe(20000);
        expect(alone.design.databases).not.toBe(rows[2].design!.databases);
        for (const [key, label] of Object.entries(COMPARE_LABELS)) {
          if (["mailboxesPerDatabase", "coresBasis"].includes(key)) continue;
          const c = zeroRead(after[`D${rowOf[label]}`], onSheet(alone, key));
          const digits = quantity(key as QuantityKey).digits;
          const value = typeof c?.value === "number" && digits !== undefined ? shownNumber(c.value, digits) : (c?.value ?? null);
          expect({ key, value }).toEqual({ key, value: onSheet(alone, key) });
        }
      },
      2 * LIBREOFFICE_MS,
    );
  });
});

withLibreOffice("a live Compare column edited into a design that cannot be built", () => {
  /** The xlsx `file` with each [sheet, cell, text] set to that text (an inline string, as a person types it). */
  function editedCopy(file: string, edits: ReadonlyArray<[string, string, string]>, out: string): void {
    const files = unzipSync(new Uint8Array(readFileSync(file)));
    const workbook = strFromU8(files["xl/workbook.xml"]);
    const rels = strFromU8(files["xl/_rels/workbook.xml.rels"]);
    for (const [sheetName, address, text] of edits) {
      const rid = new RegExp(`<sheet [^>]*name="${sheetName}"[^>]*r:id="(rId\\d+)"`).exec(workbook)![1];
      const target = new RegExp(`Id="${rid}"[^>]*Target="/?(?:xl/)?([^"]+)"|Target="/?(?:xl/)?([^"]+)"[^>]*Id="${rid}"`).exec(rels)!;
      const part = `xl/${target[1] ?? target[2]}`;
      const xml = strFromU8(files[part]);
      const cell = new RegExp(`<c r="${address}"([^>]*?)(/>|>.*?</c>)`);
      const m = cell.exec(xml);
      expect(m).not.toBeNull();
      const style = /\ss="\d+"/.exec(m![1])?.[0] ?? "";
      files[part] = strToU8(xml.replace(cell, `<c r="${address}"${style} t="inlineStr"><is><t>${text}</t></is></c>`));
    }
    writeFileSync(out, zipSync(files));
  }

  test(
    "Standard edition past its 5 databases, MCDB on for Exchange 2016: the column says it cannot be built and why, and shows none of its figures",
    async () => {
      const file = join(dir, "live.xlsx");
      const r = await run(["--exchange-version", "2016", "--servers-site1", "3", "--copies", "3", "--vary", "users=2000,5000", "--out", file, "--customer", "--json"]);
      expect(r.code).toBe(0);
      const { INPUT_CELLS, DESIGN_CHECK_CELL } = await import("../../src/workbook/template");
      const edited = join(dir, "edited.xlsx");
      editedCopy(file, [["Inputs", INPUT_CELLS.mcdb, "on"], ["Inputs 2", INPUT_CELLS.edition, "Standard"]], edited);
      const [book, after] = await recalculateXlsxFiles([file, edited]);
      const rowOf = (sheet: Record<string, RecalculatedCell>) => Object.fromEntries(Object.entries(sheet).filter(([a]) => /^A\d+$/.test(a)).map(([a, c]) => [c.value, a.slice(1)]));
      const rows = rowOf(book.Compare);
      const cell = (sheet: Record<string, RecalculatedCell>, label: string, d: number) => sheet[`${"BC"[d]}${rows[label]}`];
      // As written, both build: the row is empty and the figures shown.
      for (const d of [0, 1]) {
        expect(cell(book.Compare, "Cannot be built because", d)?.value || null).toBeNull();
        expect(typeof cell(book.Compare, COMPARE_LABELS.databases, d)?.value).toBe("number");
      }
      // As edited: the Design check of each design's own sheets says "Not a design", and so does its column.
      expect(String(after.Inputs[DESIGN_CHECK_CELL.inputs].value)).toMatch(/^Not a design: MCDB is on/);
      expect(String(after["Inputs 2"][DESIGN_CHECK_CELL.inputs].value)).toMatch(/^Not a design: a server holds more database copies than the Standard edition mounts/);
      expect(String(cell(after.Compare, "Cannot be built because", 0)?.value)).toMatch(/^cannot be built: MCDB is on/);
      expect(String(cell(after.Compare, "Cannot be built because", 1)?.value)).toMatch(/^cannot be built: a server holds more database copies than the Standard edition mounts \(5\)/);
      for (const d of [0, 1]) {
        expect(cell(after.Compare, "Sized by the method", d)?.value || null).toBeNull();
        for (const label of Object.values(COMPARE_LABELS)) expect({ label, d, value: cell(after.Compare, label, d)?.value || null }).toEqual({ label, d, value: null });
      }
    },
    2 * LIBREOFFICE_MS,
  );
});
