/**
 * The customer copy stays live: a copy written for the reference inputs, whose input cells
 * a customer then edits in the file, recalculates — in LibreOffice (forced recalculation on load)
 * and in HyperFormula (every sheet and defined name) — to exactly what the EXSIZE functions compute
 * for the edited inputs, in every cell that has a formula in the model, with no #NAME? or #VALUE!.
 *
 * The expected values are the engine's: evaluateWorkbook over referenceDesign({ inputs }) for the
 * headline inputs, with the other input cells (version, servers, layout, hardware rows) overridden in
 * the model. The copy's cells are found through the copy's own defined names, as a customer finds
 * them. Eight input sets, one LibreOffice run each.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { DetailedCellError, HyperFormula } from "hyperformula";
import { SizingError } from "../../src/engine";
import { stampCell } from "../../src/workbook/customer-copy";
import { evaluateWorkbook, parseRange, toA1, withCellValues, type EvaluatedValue } from "../../src/workbook/evaluate";
import type { WorkbookModel } from "../../src/workbook/model";
import { runDesign } from "../../src/cli/design";
import { quantity, type QuantityKey } from "../../src/engine/catalogue";
import { MICROSOFT_MODE_CELLS, RESILIENCE_CELLS } from "../../src/workbook/sheets/resilience";
import { SUMMARY_CELLS, referenceDesign, templateSheetNames, type HeadlineInputs } from "../../src/workbook/template";
import { builtDesign } from "../support/built-designs";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, recalculateXlsxFiles, type RecalculatedWorkbook } from "../support/libreoffice";
import { WORKBOOK_MS, libreOfficeMs } from "../support/timeouts";

// Each test evaluates a design and recalculates a workbook with HyperFormula: never Jest's 5 s.
jest.setTimeout(WORKBOOK_MS);

type CellValue = number | string;

/** One input set: headline numbers, and other cells by defined name (a range name: its first free row). */
interface InputSet {
  name: string;
  inputs?: Partial<HeadlineInputs>;
  /** Single-cell inputs by defined name: `{ ExchangeVersion: 2016 }`. */
  named?: Record<string, CellValue>;
  /** A new row in a range name (ArrayCatalog, DiskClasses): its values from the first column. */
  rows?: Record<string, CellValue[]>;
}

const HEADLINE_NAMES: Record<keyof HeadlineInputs, string> = {
  users: "Users",
  quotaMB: "QuotaMB",
  messagesPerDay: "MessagesPerDay",
  messageKB: "MessageKB",
  copies: "Copies",
  maxDatabaseGB: "MaxDatabaseGB",
};

const LAGGED: InputSet = {
  name: "Exchange 2016 on 2 + 2 servers, four copies of which one lagged 7 days: Microsoft's method",
  inputs: { users: 5000, copies: 4, quotaMB: 10240, messagesPerDay: 200, maxDatabaseGB: 2048 },
  named: { ExchangeVersion: 2016, ServersFirstSite: 2, ServersSecondSite: 2, LaggedCopies: 1, LagDays: 7, Method: "microsoft" },
};
/** The same, its servers sized never less in the copy (either site failing, a unit at a time). */
const LAGGED_NEVER_LESS: InputSet = { ...LAGGED, name: `${LAGGED.name}, servers sized never less`, named: { ...LAGGED.named, ServerSizing: "never less" } };
/**
 * Active/passive, 22,800 mailboxes in 56 databases, 4 copies on 8 + 3 servers: the second site's copies laid out
 * evenly at a count between balanced ones (28 databases on each of the two servers left after a site and a server fail).
 */
const PASSIVE_EVEN: InputSet = {
  name: "Exchange 2016, active/passive on 8 + 3 servers, four copies, 56 databases: the second site's copies even",
  inputs: { users: 22800, copies: 4, messagesPerDay: 0.1, maxDatabaseGB: 2048 },
  named: { ExchangeVersion: 2016, ServersFirstSite: 8, ServersSecondSite: 3, DagLayout: "active/passive" },
};
const PASSIVE_EVEN_FLAGS = ["--users", "22800", "--messages", "0.1", "--copies", "4", "--servers-site1", "8", "--servers-site2", "3", "--layout", "active/passive", "--exchange-version", "2016", "--max-db", "2048"];
/** The same design as `exsize design` flags. */
const LAGGED_FLAGS = ["--users", "5000", "--copies", "4", "--quota-mb", "10240", "--messages", "200", "--max-database-gb", "2048", "--exchange-version", "2016", "--servers-site1", "2", "--servers-site2", "2", "--lagged", "1", "--lag-days", "7", "--method", "microsoft"];

const INPUT_SETS: InputSet[] = [
  { name: "the reference design (000_72e1ddb9bbd1ecac.txt 3.4.2), unedited" },
  { name: "one copy (stand-alone)", inputs: { copies: 1 } },
  { name: "50 KB messages (first log-size band)", inputs: { messageKB: 50 } },
  { name: "100 KB messages (second band) on Exchange 2016", inputs: { messageKB: 100 }, named: { ExchangeVersion: 2016 } },
  { name: "200 KB messages (third band)", inputs: { messageKB: 200 } },
  { name: "20,000 users with a 5 GB quota", inputs: { users: 20000, quotaMB: 5120 } },
  {
    name: "two sites, active/passive, three copies",
    inputs: { copies: 3 },
    named: { ServersFirstSite: 4, ServersSecondSite: 2, DagLayout: "active/passive" },
  },
  // The method cell edited in the file; every sheet follows the design's method.
  { name: "Exchange 2016 sized by Dell's process, chosen in the Method cell", named: { ExchangeVersion: 2016, Method: "dell" } },
  { name: "Exchange 2019 on 4 + 4 servers, four copies: Microsoft's method by auto", inputs: { users: 10000, copies: 4 }, named: { ExchangeVersion: 2019, ServersFirstSite: 4, ServersSecondSite: 4 } },
  // A JBOD server's disks edited in the copy — Dell EMC's disk, the most databases that fit a volume, two spares.
  {
    name: "Exchange 2016 on 4 + 4 servers, four copies on Dell EMC's 8 TB disks: the Summary's server disks",
    inputs: { users: 10000, copies: 4 },
    named: { ExchangeVersion: 2016, ServersFirstSite: 4, ServersSecondSite: 4, ServerDisk: '8TB 7.2K NL-SAS 3.5"', DatabasesPerVolume: 0, SpareDisks: 2 },
  },
  // A lagged copy, never activated, its lag in the log space and Safety Net; Microsoft's figures in Excel's own functions.
  // A design the calculator puts on RAID, its disk edited in the copy: the Summary's RAID-5 server disks.
  {
    name: "Exchange 2016 on 2 servers, two copies on 600 GB 10K disks: the Summary's RAID server disks",
    inputs: { users: 7600, copies: 2, quotaMB: 2048, messageKB: 150 },
    named: { ExchangeVersion: 2016, Method: "microsoft", ServerDisk: '600GB 10K RPM SAS 2.5"' },
  },
  LAGGED,
  LAGGED_NEVER_LESS,
  PASSIVE_EVEN,
  // The catalogue's factor inputs typed into the copy — the calculator's IOPS multiplication factor
  // (Input!C66) and virtual servers (Input!C24, 10% more megacycles: the cores a server follow).
  {
    name: "Exchange 2016 on 4 + 4 servers, four copies, an IOPS factor of 1.5 and virtual servers: Microsoft's method",
    inputs: { users: 20000, copies: 4, messagesPerDay: 200 },
    named: { ExchangeVersion: 2016, ServersFirstSite: 4, ServersSecondSite: 4, SpecIntRate: 800, IopsMultiplier: 1.5, Virtualization: "yes" },
  },
  // Exchange Server SE typed into the version cell. Past the 48 cores Microsoft supports a 2019 or SE server
  // (49 needed): the Design check says it is not a design (past 256 GB: a warning); and a small SE design at the 128 GB minimum of the
  // 2019 system requirements ("Hardware requirements for Exchange 2019"), its page file 25% of that.
  { name: "Exchange Server SE, 30,000 mailboxes on 4 + 4 servers, four copies: past 48 cores a server, not a design", inputs: { users: 30000, copies: 4 }, named: { ExchangeVersion: "SE", ServersFirstSite: 4, ServersSecondSite: 4 } },
  { name: "Exchange Server SE, 1,000 mailboxes on 2 servers: 128 GB a server, a 32 GB page file", inputs: { users: 1000 }, named: { ExchangeVersion: "SE" } },
  {
    name: "a custom array row and a custom disk class",
    named: { SpindleDisk: "SSD", ArrayModel: "auto" },
    rows: { ArrayCatalog: ["MyArray", "4TB", "RAID50", 30000, 3000], DiskClasses: ["SSD", 5000] },
  },
];

// ---------------------------------------------------------------------------------------------
// The model side: what the engine computes for an input set

interface NamedCell {
  sheet: string;
  row: number;
  column: number;
  bottom: number;
}

/** Where a defined name points in the model: its sheet, first cell and last row. */
function modelName(model: WorkbookModel): (name: string) => NamedCell {
  return (name) => {
    const defined = model.names.find((n) => n.name === name);
    if (!defined) throw new Error(`the model has no defined name ${name}`);
    const r = parseRange(defined.range);
    return { sheet: defined.sheet, row: r.top, column: r.left, bottom: r.bottom };
  };
}

/**
 * The cells an input set edits, each found through a defined name (`resolve`); a new row goes in
 * the first row of its range whose first cell is empty in the reference design.
 */
function editsOf(resolve: (name: string) => NamedCell, set: InputSet): Array<{ sheet: string; address: string; value: CellValue }> {
  const edits: Array<{ sheet: string; address: string; value: CellValue }> = [];
  for (const [key, value] of Object.entries(set.inputs ?? {})) {
    const at = resolve(HEADLINE_NAMES[key as keyof HeadlineInputs]);
    edits.push({ sheet: at.sheet, address: toA1(at.row, at.column), value: value as number });
  }
  for (const [name, value] of Object.entries(set.named ?? {})) {
    const at = resolve(name);
    edits.push({ sheet: at.sheet, address: toA1(at.row, at.column), value });
  }
  const reference = referenceDesign();
  for (const [name, values] of Object.entries(set.rows ?? {})) {
    const at = resolve(name);
    const sheet = reference.sheets.find((s) => s.name === at.sheet)!;
    const filled = (row: number) => sheet.cells.some((c) => c.address === toA1(row, at.column) && c.value !== undefined && c.value !== "");
    let row = at.row;
    while (row <= at.bottom && filled(row)) row++;
    if (row > at.bottom) throw new Error(`${name} has no free row`);
    values.forEach((value, i) => edits.push({ sheet: at.sheet, address: toA1(row, at.column + i), value }));
  }
  return edits;
}

/** The model for an input set: headline inputs through referenceDesign, the rest as edited cells. */
function expectedModel(set: InputSet): WorkbookModel {
  const model = referenceDesign({ inputs: set.inputs ?? {} });
  const others = editsOf(modelName(model), { ...set, inputs: {} });
  return others.length > 0 ? withCellValues(model, others) : model;
}

interface Expected {
  model: WorkbookModel;
  values: ReturnType<typeof evaluateWorkbook>;
}
const expectedBySet = new Map<InputSet, Expected>();
/** An input set's model and what the engine computes for it: evaluated once, read by the control, HyperFormula and LibreOffice tests. */
function expectedOf(set: InputSet): Expected {
  let expected = expectedBySet.get(set);
  if (expected === undefined) {
    const model = expectedModel(set);
    expected = { model, values: evaluateWorkbook(model) };
    expectedBySet.set(set, expected);
  }
  return expected;
}

// ---------------------------------------------------------------------------------------------
// The file side: edit cells in the .xlsx, as a customer would, then recalculate

function sheetParts(files: Record<string, Uint8Array>): Map<string, string> {
  const workbook = strFromU8(files["xl/workbook.xml"]);
  const rels = strFromU8(files["xl/_rels/workbook.xml.rels"]);
  const targets = new Map([...rels.matchAll(/<Relationship\b[^>]*?Id="([^"]+)"[^>]*?Target="([^"]+)"/g)].map((m) => [m[1], m[2].startsWith("/") ? m[2].slice(1) : `xl/${m[2]}`]));
  const unescape = (s: string) => s.replace(/&amp;/g, "&").replace(/&apos;/g, "'").replace(/&quot;/g, '"');
  return new Map([...workbook.matchAll(/<sheet\b[^>]*?name="([^"]+)"[^>]*?r:id="([^"]+)"/g)].map((m) => [unescape(m[1]), targets.get(m[2])!]));
}

/** The copy's own defined names: name → sheet, first cell and last row, read from its workbook.xml. */
function fileNames(files: Record<string, Uint8Array>): (name: string) => NamedCell {
  const workbook = strFromU8(files["xl/workbook.xml"]);
  const out = new Map<string, NamedCell>();
  for (const m of workbook.matchAll(/<definedName\b[^>]*?name="([^"]+)"[^>]*>([^<]*)<\/definedName>/g)) {
    const target = /^'?((?:[^']|'')+?)'?!(\$?[A-Z]+\$?\d+(?::\$?[A-Z]+\$?\d+)?)$/.exec(m[2]);
    if (!target) continue;
    const r = parseRange(target[2]);
    out.set(m[1], { sheet: target[1].replace(/''/g, "'"), row: r.top, column: r.left, bottom: r.bottom });
  }
  return (name) => {
    const found = out.get(name);
    if (!found) throw new Error(`the customer copy has no defined name ${name}`);
    return found;
  };
}

/** Set one cell's constant in a worksheet's XML, keeping its style: a number, or an inline string. */
function setCell(xml: string, address: string, value: CellValue): string {
  const marker = "\u0001edited\u0001";
  const withCell = stampCell(xml, address, marker);
  const pattern = new RegExp(`<c r="${address}"([^>]*?) t="inlineStr"><is><t xml:space="preserve">${marker}</t></is></c>`);
  if (!pattern.test(withCell)) throw new Error(`could not set ${address}`);
  return withCell.replace(pattern, (_, attributes: string) =>
    typeof value === "number" ? `<c r="${address}"${attributes}><v>${value}</v></c>` : `<c r="${address}"${attributes} t="inlineStr"><is><t>${value.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</t></is></c>`,
  );
}

/** The reference customer copy with an input set's cells edited, found through the copy's own defined names. */
function editCopy(copy: Uint8Array, set: InputSet): Uint8Array {
  const files = unzipSync(copy);
  const parts = sheetParts(files);
  for (const edit of editsOf(fileNames(files), set)) {
    const part = parts.get(edit.sheet)!;
    files[part] = strToU8(setCell(strFromU8(files[part]), edit.address, edit.value));
  }
  return zipSync(files);
}

/** Every sheet and defined name of a file, in HyperFormula. */
async function hyperFormulaOf(file: string): Promise<HyperFormula> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheets: Record<string, (string | number | boolean | null)[][]> = {};
  for (const worksheet of workbook.worksheets) {
    const rows: (string | number | boolean | null)[][] = [];
    worksheet.eachRow({ includeEmpty: false }, (row, r) => {
      row.eachCell({ includeEmpty: false }, (cell, c) => {
        const v = cell.value as ExcelJS.CellValue;
        (rows[r - 1] ??= [])[c - 1] =
          cell.type === ExcelJS.ValueType.Formula
            ? "=" + cell.formula
            : v !== null && typeof v === "object" && "richText" in v
              ? v.richText.map((t) => t.text).join("")
              : (v as string | number | boolean | null);
      });
    });
    sheets[worksheet.name] = Array.from(rows, (row) => Array.from(row ?? [], (v) => v ?? null));
  }
  const names = workbook.definedNames.model.map((n: { name: string; ranges: string[] }) => ({ name: n.name, expression: "=" + n.ranges[0] }));
  return HyperFormula.buildFromSheets(sheets, { licenseKey: "gpl-v3" }, names);
}

// ---------------------------------------------------------------------------------------------
// Comparing

interface Shown {
  value: number | string | boolean | null;
  error?: string;
  /** A formula cell read back with no result (see the @compatibility note below). */
  noResult?: boolean;
}

/** A difference between what a cell shows and what the engine computes, or undefined when they agree. */
function difference(got: Shown | undefined, expected: EvaluatedValue): string | undefined {
  const shown = got ?? { value: null };
  if (expected instanceof SizingError) return shown.error === expected.code ? undefined : `expected ${expected.code}, got ${shown.error ?? JSON.stringify(shown.value)}`;
  if (shown.error !== undefined) return `expected ${JSON.stringify(expected)}, got ${shown.error}`;
  const value = shown.value;
  if (typeof expected === "number") {
    const n = typeof value === "boolean" ? Number(value) : value;
    if (typeof n !== "number") return `expected ${expected}, got ${JSON.stringify(value)}`;
    return Math.abs(n - expected) <= Math.abs(expected) * 1e-9 + 1e-12 ? undefined : `expected ${expected}, got ${n}`;
  }
  if (expected === false && shown.noResult) return undefined;
  if (typeof expected === "boolean") return value === expected || value === Number(expected) ? undefined : `expected ${expected}, got ${JSON.stringify(value)}`;
  const text = expected ?? "";
  return (value ?? "") === text ? undefined : `expected ${JSON.stringify(text)}, got ${JSON.stringify(value)}`;
}

/** Each formula cell of the model whose shown value differs from the engine's: "Sheet!A1: expected …, got …". */
function differences({ model, values: expected }: Expected, shown: (sheet: string, address: string) => Shown | undefined): string[] {
  const out: string[] = [];
  for (const sheet of model.sheets) {
    for (const cell of sheet.cells) {
      if (cell.formula === undefined) continue;
      const want = expected[sheet.name][cell.address];
      const got = shown(sheet.name, cell.address);
      // @compatibility: a formula's 0 (a blank input it shows, a zero count) reads back empty through
      // exceljs from LibreOffice's file, and HyperFormula shows a reference to a blank cell as empty.
      // A difference of two figures equal but for the last bits (the Methods sheet's Dell − Microsoft IOPS of a
      // design both size alike: 1.1e-13) is 0 in LibreOffice, as in Excel, which round such a subtraction to 0.
      const zero = want === 0 || (typeof want === "number" && Math.abs(want) < 1e-9);
      if (zero && (got === undefined || (got.value === null && got.error === undefined))) continue;
      const d = difference(got, want);
      if (d) out.push(`${sheet.name}!${cell.address}: ${d}`);
    }
  }
  return out;
}

const FORBIDDEN = /^#(NAME\?|VALUE!)/;

// ---------------------------------------------------------------------------------------------

const available = libreOfficeAvailable();
const required = process.env.REQUIRE_LIBREOFFICE === "1";
if (!available && !required) {
  console.warn(`LibreOffice (soffice) not found: skipping the live customer copy in LibreOffice. Install ${LIBREOFFICE_APT_PACKAGE}, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);
}

let work: string;
let copy: Uint8Array;
const files = new Map<string, string>();

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-live-copy-"));
  // The reference customer copy, shared with the suites that read it too (tests/support/built-designs.ts); edited in copies.
  copy = new Uint8Array(fs.readFileSync((await builtDesign(["--customer"])).file));
  INPUT_SETS.forEach((set, i) => {
    const edited = path.join(work, `edited-${i}.xlsx`);
    fs.writeFileSync(edited, editCopy(copy, set));
    files.set(set.name, edited);
  });
}, WORKBOOK_MS);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe("the reference customer copy, its inputs edited in the file", () => {
  test("has no EXSIZE call left anywhere, and recalculates on opening", () => {
    const parts = unzipSync(copy);
    for (const [name, bytes] of Object.entries(parts)) if (name.endsWith(".xml")) expect({ name, calls: /_xldudf_|EXSIZE\.EX_/i.test(strFromU8(bytes)) }).toEqual({ name, calls: false });
    expect(strFromU8(parts["xl/workbook.xml"])).toMatch(/<calcPr\b[^>]*fullCalcOnLoad="1"/);
  });

  test("every input set changes something (a control: the edits reach the cells the formulas read)", () => {
    const reference = evaluateWorkbook(referenceDesign());
    for (const set of INPUT_SETS.slice(1)) {
      const { values } = expectedOf(set);
      const changed = Object.keys(values).some((sheet) => Object.keys(values[sheet]).some((a) => difference({ value: reference[sheet][a] as number }, values[sheet][a]) !== undefined));
      expect({ set: set.name, changed }).toEqual({ set: set.name, changed: true });
    }
  });

  describe.each(INPUT_SETS.map((set) => [set.name, set] as const))("%s", (_name, set) => {
    test("HyperFormula computes what the EXSIZE functions compute, in every formula cell", async () => {
      const hf = await hyperFormulaOf(files.get(set.name)!);
      try {
        const shown = (sheet: string, address: string): Shown => {
          const v = hf.getCellValue(hf.simpleCellAddressFromString(address, hf.getSheetId(sheet)!)!);
          return v instanceof DetailedCellError ? { value: null, error: v.value } : { value: v as number | string | boolean | null };
        };
        const forbidden = hf.getSheetNames().flatMap((sheet) =>
          hf.getSheetValues(hf.getSheetId(sheet)!).flatMap((row, r) =>
            row.flatMap((v, c) => (v instanceof DetailedCellError && FORBIDDEN.test(v.value) ? [`${sheet}!${toA1(r, c)} ${v.value} ${v.message}`] : [])),
          ),
        );
        expect(forbidden).toEqual([]);
        expect(differences(expectedOf(set), shown)).toEqual([]);
      } finally {
        hf.destroy();
      }
    });
  });
});

(available || required ? describe : describe.skip)("the same edited copies recalculated by LibreOffice", () => {
  const recalculated = new Map<string, RecalculatedWorkbook>();

  beforeAll(async () => {
    if (!available) throw new Error(`REQUIRE_LIBREOFFICE=1 but LibreOffice (soffice) is not installed: apt-get install ${LIBREOFFICE_APT_PACKAGE}`);
    // One soffice run for every copy: its start is paid once.
    const books = await recalculateXlsxFiles(INPUT_SETS.map((set) => files.get(set.name)!));
    INPUT_SETS.forEach((set, i) => recalculated.set(set.name, books[i]));
  }, libreOfficeMs(INPUT_SETS.length));

  test.each(INPUT_SETS.map((set) => [set.name, set] as const))("%s: every formula cell shows what the EXSIZE functions compute", (name, set) => {
    const book = recalculated.get(name)!;
    const forbidden = Object.entries(book).flatMap(([sheet, cells]) =>
      Object.entries(cells).filter(([, c]) => c.error !== undefined && FORBIDDEN.test(c.error)).map(([a, c]) => `${sheet}!${a} ${c.error} ${c.formula ?? ""}`),
    );
    expect(forbidden).toEqual([]);
    // @compatibility: exceljs, which reads LibreOffice's file back, drops a formula's FALSE result
    // (`<c t="b"><f>…</f><v>0</v></c>` reads as no result): such a cell passes where FALSE is expected.
    const shown = (sheet: string, address: string): Shown | undefined => {
      const cell = book[sheet]?.[address];
      return cell && cell.formula !== undefined && cell.value === null && cell.error === undefined ? { ...cell, noResult: true } : cell;
    };
    expect(differences(expectedOf(set), shown)).toEqual([]);
  });

  test.each([
    ["by the calculator's rules", LAGGED, LAGGED_FLAGS],
    ["sized never less", LAGGED_NEVER_LESS, [...LAGGED_FLAGS, "--server-sizing", "never less"]],
  ] as const)("the lagged Microsoft-method copy, servers %s, shows what exsize design --json prints: databases, memory, IOPS, each failure mode's active databases and megacycles, transport", async (_how, set, flags) => {
    const printed: string[] = [];
    expect(await runDesign([...flags, "--json"], { stdout: (l) => printed.push(l), stderr: () => undefined })).toBe(0);
    const printedJson = JSON.parse(printed.join("\n")) as { method: string; design: Record<string, number | null> };
    expect(printedJson.method).toBe("microsoft");
    const json = printedJson.design;
    const book = recalculated.get(set.name)!;
    const sheets = templateSheetNames();
    const at = (sheet: string, address: string) => book[sheet]?.[address]?.value ?? null;
    const got: Record<string, unknown> = {
      databases: at(sheets.summary, SUMMARY_CELLS.databaseVolumes),
      memoryPerServerGB: at(sheets.summary, SUMMARY_CELLS.memoryPerServerGB),
      dagDatabaseIops: at(sheets.summary, SUMMARY_CELLS.dagDatabaseIops),
      transportGBPerServer: at(sheets.resilience, MICROSOFT_MODE_CELLS.transportGB),
    };
    for (const mode of Object.keys(MICROSOFT_MODE_CELLS.row) as (keyof typeof MICROSOFT_MODE_CELLS.row)[]) {
      const row = MICROSOFT_MODE_CELLS.row[mode];
      const shown = (column: string) => (typeof at(sheets.resilience, `${column}${row}`) === "number" ? at(sheets.resilience, `${column}${row}`) : null);
      got[`${mode}ActiveDatabases`] = shown(MICROSOFT_MODE_CELLS.activeDatabases);
      got[`${mode}Megacycles`] = shown(MICROSOFT_MODE_CELLS.megacycles);
    }
    // --json rounds each figure to its digits (the catalogue's; the Summary's figures are whole): the copy's, so rounded, is the CLI's.
    const digits = (k: string) => quantity(k as QuantityKey).digits ?? 0;
    const rounded = Object.fromEntries(Object.entries(got).map(([k, v]) => [k, typeof v === "number" ? Math.round(v * 10 ** digits(k)) / 10 ** digits(k) : v]));
    expect(rounded).toEqual(Object.fromEntries(Object.keys(got).map((k) => [k, json[k] ?? null])));
    // A control: the lagged copy is in the design, and some failure mode has figures.
    expect(json.serverActiveDatabases).not.toBeNull();
  });

  test("active/passive on 8 + 3 servers: the copy's busiest server after a site and a server fail is exsize design --json's, 28 of 56 databases", async () => {
    const printed: string[] = [];
    expect(await runDesign([...PASSIVE_EVEN_FLAGS, "--json"], { stdout: (l) => printed.push(l), stderr: () => undefined })).toBe(0);
    const json = (JSON.parse(printed.join("\n")) as { design: Record<string, number | string | null> }).design;
    const book = recalculated.get(PASSIVE_EVEN.name)!;
    const resilience = templateSheetNames().resilience;
    const row = RESILIENCE_CELLS.scenarioRow["site+server"];
    const at = (column: string) => book[resilience]?.[`${column}${row}`]?.value ?? null;
    expect({ databases: json.databases, activeDatabases: at(RESILIENCE_CELLS.activeDatabases), activeMailboxes: at(RESILIENCE_CELLS.activeMailboxes) }).toEqual({
      databases: 56,
      activeDatabases: 28,
      activeMailboxes: json.worstMailboxesPerServer,
    });
  });
});
