/**
 * `exsize export --from FILE.xlsx`: the design of a workbook a person edited in Excel —
 * written by `exsize design -o`, an input cell changed (here with exceljs, as Excel saves it), read
 * back by the Inputs sheet's defined names, each value checked by its rule as design's options are,
 * sized by the engine and exported: the CSVs hold the databases `design --json` reports for the
 * changed inputs.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { runDesign } from "../../src/cli/design";
import { runExport } from "../../src/cli/export";
import { runFit } from "../../src/cli/fit";
import { parseCsv } from "../../src/workbook/deployment";
import { FACTOR_CELLS, INPUT_CELLS, REFERENCE_DESIGN_INPUTS } from "../../src/workbook/template";
import { sizeDesign } from "../../src/engine/design";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

type Run = { code: number; stdout: string[]; stderr: string[] };
async function run(command: typeof runDesign, args: string[]): Promise<Run> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await command(args, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

let work: string;
/** A 2016 design on four servers, written once; each test edits a copy. */
let written: string;
const DESIGN = ["--exchange-version", "2016", "--servers-site1", "4", "--copies", "3"];
beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-export-from-"));
  written = path.join(work, "design.xlsx");
  const r = await run(runDesign, [...DESIGN, "-o", written]);
  expect(r.stderr).toEqual([]);
  expect(r.code).toBe(0);
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** The written workbook with cells of the Inputs sheet changed, saved as a new file. */
async function edited(name: string, cells: Record<string, ExcelJS.CellValue>): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(written);
  const inputs = workbook.getWorksheet("Inputs")!;
  for (const [address, value] of Object.entries(cells)) inputs.getCell(address).value = value;
  const file = path.join(work, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

const databasesOf = (dir: string) => parseCsv(fs.readFileSync(path.join(dir, "MailboxDatabases.csv"), "utf8")).slice(2).length;
const designJson = async (args: string[]) => JSON.parse((await run(runDesign, [...args, "--json"])).stdout.join("\n"));

test("the users changed in the workbook: the CSVs hold the databases design --json reports for the changed inputs", async () => {
  // 40,000: on the calculator's 4 TB disk 50,000 outgrow the 120 databases 4 servers hold (counted from the disk).
  const file = await edited("users.xlsx", { [INPUT_CELLS.users]: 40000 });
  const dir = path.join(work, "users");
  const r = await run(runExport, ["--out", dir, "--from", file]);
  expect(r.stderr).toEqual([]);
  expect(r.code).toBe(0);
  const changed = await designJson([...DESIGN, "--users", "40000"]);
  const unchanged = await designJson(DESIGN);
  expect(changed.design.databases).not.toBe(unchanged.design.databases); // the edit is what is exported
  expect(databasesOf(dir)).toBe(changed.design.databases);
  expect(parseCsv(fs.readFileSync(path.join(dir, "Servers.csv"), "utf8")).slice(2)).toHaveLength(4);
});

test("several inputs changed, a second site and a factor: the same design as the options give", async () => {
  const file = await edited("several.xlsx", {
    [INPUT_CELLS.serversSite2]: 4,
    [INPUT_CELLS.copies]: 4,
    [INPUT_CELLS.exchangeVersion]: 2010,
    [INPUT_CELLS.quotaMB]: 4096,
    [FACTOR_CELLS.growth]: 1.2, // 000, Table 14 step 5: the process's 20% (erratum E1)
  });
  const dir = path.join(work, "several");
  expect((await run(runExport, ["--out", dir, "--from", file])).code).toBe(0);
  // The factor has no option: the engine's design with it (Dell's count grows with the 20%), and without it fewer.
  const inputs = { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2010, serversSite1: 4, serversSite2: 4, copies: 4, quotaMB: 4096 };
  const withGrowth = sizeDesign(inputs, { factors: { growth: 1.2 } });
  expect(databasesOf(dir)).toBe(withGrowth.databases);
  const without = await designJson(["--servers-site1", "4", "--servers-site2", "4", "--copies", "4", "--exchange-version", "2010", "--quota-mb", "4096"]);
  expect(without.design.databases).toBeLessThan(withGrowth.databases);
  const Servers = parseCsv(fs.readFileSync(path.join(dir, "Servers.csv"), "utf8")).slice(2);
  expect(Servers).toHaveLength(8);
});

test("the same as design's options where no factor changed: export --from and export with the options write the same files", async () => {
  const file = await edited("same.xlsx", { [INPUT_CELLS.users]: 9000, [INPUT_CELLS.dagLayout]: "active/passive", [INPUT_CELLS.serversSite2]: 2 });
  const fromDir = path.join(work, "same-from");
  const optionsDir = path.join(work, "same-options");
  expect((await run(runExport, ["--out", fromDir, "--from", file])).code).toBe(0);
  expect((await run(runExport, ["--out", optionsDir, ...DESIGN, "--users", "9000", "--layout", "active/passive", "--servers-site2", "2"])).code).toBe(0);
  for (const name of fs.readdirSync(optionsDir)) expect({ name, text: fs.readFileSync(path.join(fromDir, name), "utf8") }).toEqual({ name, text: fs.readFileSync(path.join(optionsDir, name), "utf8") });
});

test("a value its cell's rule refuses: named by cell and label with the rule's words, exit 2, nothing written", async () => {
  const file = await edited("refused.xlsx", { [INPUT_CELLS.users]: "lots", [INPUT_CELLS.copies]: 2.5, [INPUT_CELLS.dagLayout]: "hot/cold" });
  const dir = path.join(work, "refused");
  const r = await run(runExport, ["--out", dir, "--from", file]);
  expect(r.code).toBe(2);
  expect(r.stderr).toEqual([
    `exsize export: ${file}: Inputs!${INPUT_CELLS.users} (Users): users must be a whole number from 1 to 100,000,000; got the text "lots", which the workbook's formulas do not read as a number: type the number itself`,
    `exsize export: ${file}: Inputs!${INPUT_CELLS.copies} (Database copies): copies must be a whole number from 1 to 16; got 2.5`,
    `exsize export: ${file}: Inputs!${INPUT_CELLS.dagLayout} (DAG layout): dagLayout must be one of: active/active, active/passive; got "hot/cold"`,
    "exsize export: the workbook's inputs are refused by their rules; nothing written",
  ]);
  expect(fs.existsSync(dir)).toBe(false);
});

// A cell is read as the workbook's own formulas read it (the Design check's rules, design-check.ts
// inputRuleFormula; tests/libreoffice/cell-text.test.ts holds LibreOffice's recalculation to the same):
// a number held as text is no number, and a choice matches case aside but every space counting.
test.each<[string, string, ExcelJS.CellValue, string]>([
  ["ConsiderJbod", INPUT_CELLS.considerJbod, " no", 'considerJbod must be one of: yes, no; got " no", which the workbook does not read as a choice: its spaces count'],
  ["Virtualization", INPUT_CELLS.virtualization, "yes ", 'virtualization must be one of: no, yes; got "yes ", which the workbook does not read as a choice: its spaces count'],
  ["MaxDatabaseSizeConfiguration", INPUT_CELLS.maxDatabaseSizeConfiguration, "custom ", 'maxDatabaseSizeConfiguration must be one of: default, custom; got "custom ", which the workbook does not read as a choice: its spaces count'],
  ["DagLayout", INPUT_CELLS.dagLayout, "active / passive", 'dagLayout must be one of: active/active, active/passive; got "active / passive", which the workbook does not read as a choice: its spaces count'],
  ["ExchangeVersion", INPUT_CELLS.exchangeVersion, "SE ", 'exchangeVersion must be one of: 2010, 2013, 2016, 2019, SE; got "SE ", which the workbook does not read as a choice: its spaces count'],
  ["ExchangeVersion", INPUT_CELLS.exchangeVersion, "2010", 'exchangeVersion must be one of: 2010, 2013, 2016, 2019, SE; got "2010", text where the workbook reads a number: type the number itself'],
  ["Users", INPUT_CELLS.users, "7600", 'users must be a whole number from 1 to 100,000,000; got the text "7600", which the workbook\'s formulas do not read as a number: type the number itself'],
  ["Users", INPUT_CELLS.users, "7,600", 'users must be a whole number from 1 to 100,000,000; got the text "7,600", which the workbook\'s formulas do not read as a number: type the number itself'],
  ["Users", INPUT_CELLS.users, "5000%", 'users must be a whole number from 1 to 100,000,000; got the text "5000%", which the workbook\'s formulas do not read as a number: type the number itself'],
  ["ServerDisk", INPUT_CELLS.serverDisk, '8TB 7.2K  NL-SAS 3.5"', 'got "8TB 7.2K  NL-SAS 3.5\\"" (did you mean 8TB 7.2K NL-SAS 3.5"? the workbook reads only a name of the Hardware sheet\'s server disks, as written there)'],
])("%s (Inputs!%s) holding %j, which the workbook does not read as that: refused naming the cell and its choices, nothing written", async (name, cell, value, message) => {
  const file = await edited(`text-${name}-${String(value).length}.xlsx`, { [cell]: value });
  const dir = path.join(work, `text-${name}`);
  const r = await run(runExport, ["--out", dir, "--from", file]);
  expect(r.code).toBe(2);
  expect(r.stderr[0]).toContain(`${file}: Inputs!${cell} (`);
  expect(r.stderr[0]).toContain(message);
  expect(fs.existsSync(dir)).toBe(false);
});

test("a choice in another case is the choice, as the workbook reads it: Yes, Custom and se deploy what yes, custom and SE do", async () => {
  const files = async (tag: string, cells: Record<string, ExcelJS.CellValue>) => {
    const dir = path.join(work, `case-${tag}`);
    const r = await run(runExport, ["--out", dir, "--from", await edited(`case-${tag}.xlsx`, cells)]);
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: [] });
    return ["Servers.csv", "MailboxDatabases.csv", "MailboxDatabaseCopies.csv", "Deploy-Dag.ps1"].map((f) => fs.readFileSync(path.join(dir, f), "utf8"));
  };
  const custom = { [INPUT_CELLS.maxDatabaseGB]: 500 };
  expect(await files("upper", { [INPUT_CELLS.virtualization]: "Yes", [INPUT_CELLS.maxDatabaseSizeConfiguration]: "Custom", [INPUT_CELLS.exchangeVersion]: "se", ...custom })).toEqual(
    await files("lower", { [INPUT_CELLS.virtualization]: "yes", [INPUT_CELLS.maxDatabaseSizeConfiguration]: "custom", [INPUT_CELLS.exchangeVersion]: "SE", ...custom }),
  );
});

test("inputs that make no design together: exit 1 with the reason, naming the cells", async () => {
  const file = await edited("no-design.xlsx", { [INPUT_CELLS.copies]: 5 });
  const r = await run(runExport, ["--out", path.join(work, "no-design"), "--from", file]);
  expect(r.code).toBe(1);
  expect(r.stderr[0]).toMatch(/5 copies of each database need 5 servers, and the DAG has 4: .*\(Inputs!B\d+ \(Database copies\), Inputs!B\d+ \(Mailbox servers, site 1\)/);
});

test.each<[string, () => string, number, RegExp]>([
  ["no such file", () => path.join(work, "missing.xlsx"), 1, /cannot read .*missing\.xlsx: no such file; nothing written$/],
  ["not a workbook", () => { const f = path.join(work, "text.xlsx"); fs.writeFileSync(f, "not a zip"); return f; }, 1, /cannot read .*text\.xlsx: not an \.xlsx workbook/],
  ["a workbook that is not a design", () => path.join(work, "plain.xlsx"), 1, /cannot read .*plain\.xlsx: it has none of the design's defined names \(Users, QuotaMB, ArchiveMB, …\)/],
  ["not .xlsx", () => path.join(work, "design.csv"), 2, /--from must name an \.xlsx workbook/],
])("--from %s: refused with the reason", async (_what, file, code, message) => {
  const plain = new ExcelJS.Workbook();
  plain.addWorksheet("Sheet1").getCell("A1").value = 1;
  await plain.xlsx.writeFile(path.join(work, "plain.xlsx"));
  const r = await run(runExport, ["--out", path.join(work, "never"), "--from", file()]);
  expect(r.code).toBe(code);
  expect(r.stderr[0]).toMatch(message);
  expect(fs.existsSync(path.join(work, "never"))).toBe(false);
});

/** The written workbook with defined names removed, saved as a new file. */
async function withoutNames(name: string, removed: readonly string[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(written);
  for (const n of removed) for (const range of workbook.definedNames.getRanges(n).ranges) workbook.definedNames.remove(range, n);
  const file = path.join(work, name);
  await workbook.xlsx.writeFile(file);
  return file;
}

// A workbook whose core input's name was deleted exported the 5,000-user default design, silently.
test.each(["Users", "ServersFirstSite", "Copies", "DagLayout"])("a workbook without the name %s every design workbook has: refused naming it, nothing written", async (name) => {
  const file = await withoutNames(`no-${name}.xlsx`, [name]);
  const dir = path.join(work, `no-${name}`);
  const r = await run(runExport, ["--out", dir, "--from", file]);
  expect(r.code).toBe(2);
  expect(r.stderr[0]).toMatch(new RegExp(`^exsize export: ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: the workbook has no defined name ${name} `));
  expect(fs.existsSync(dir)).toBe(false);
});

test("a workbook without the names of inputs added later (LaggedCopies, ServerDisk, …) takes their defaults", async () => {
  const file = await withoutNames("older.xlsx", ["LaggedCopies", "LagDays", "ServerDisk", "DatabasesPerVolume", "AutoReseedDisks", "SpareDisks", "EnvironmentUsers"]);
  expect((await run(runExport, ["--out", path.join(work, "older"), "--from", file])).code).toBe(0);
});

// A FIFO or a link to a device is no workbook, and no folder either.
test.each([
  ["a FIFO", (f: string) => execFileSync("mkfifo", [f])],
  ["a link to /dev/zero", (f: string) => fs.symlinkSync("/dev/zero", f)],
])("--from %s: refused as not a workbook file, not as a folder", async (_what, make) => {
  const file = path.join(work, `special-${_what.length}.xlsx`);
  make(file);
  const r = await run(runExport, ["--out", path.join(work, "never"), "--from", file]);
  expect(r.code).toBe(1);
  expect(r.stderr[0]).toMatch(/: not a file \(a device, a pipe or a socket\), not a workbook; nothing written$/);
});

test("--from with an input option is a usage error: the workbook holds every input", async () => {
  const r = await run(runExport, ["--out", path.join(work, "never"), "--from", written, "--users", "5"]);
  expect(r.code).toBe(2);
  expect(r.stderr[0]).toBe(`exsize export: --from reads every input from ${written}; --users cannot be given with it (change the workbook's Inputs sheet instead)`);
});

describe("a workbook of several designs (exsize fit --out, exsize compare -o)", () => {
  let several: string;
  let printed: Array<{ design: { databases: number; serversPerDag: number } }>;
  const PROFILE = ["--users", "5000", "--exchange-version", "SE", "--max-servers-per-dag", "4", "--max-dags", "1", "--limit", "3"];
  beforeAll(async () => {
    several = path.join(work, "several-designs.xlsx");
    const made = await run(runFit, [...PROFILE, "--out", several]);
    expect(made.code).toBe(0);
    printed = JSON.parse((await run(runFit, [...PROFILE, "--json"])).stdout.join("\n"));
    expect(printed.length).toBeGreaterThan(1);
  });

  test("without --design it is refused, never guessed: exit 2, nothing written", async () => {
    const dir = path.join(work, "several-unsaid");
    const r = await run(runExport, ["--out", dir, "--from", several]);
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toBe(`exsize export: ${several} holds ${printed.length} designs side by side (a Compare workbook); give --design N, 1 to ${printed.length}, to say which to read`);
    expect(fs.existsSync(dir)).toBe(false);
    const past = await run(runExport, ["--out", dir, "--from", several, "--design", String(printed.length + 1)]);
    expect(past.code).toBe(2);
    expect(past.stderr[0]).toMatch(new RegExp(`--design must be a whole number from 1 to ${printed.length}`));
    // Read as every number option is (wholeOption): no hexadecimal, no percent, never another value.
    for (const text of ["0x1", "100%", "1.5"]) {
      const odd = await run(runExport, ["--out", dir, "--from", several, "--design", text]);
      expect({ text, code: odd.code }).toEqual({ text, code: 2 });
      expect(odd.stderr[0]).toContain(`--design must be a whole number, 1 or more; got ${JSON.stringify(text)}`);
    }
    expect(fs.existsSync(dir)).toBe(false);
  });

  test("--design N exports the Nth design: its databases and servers", async () => {
    for (const n of [2, 1]) {
      const dir = path.join(work, `several-${n}`);
      const r = await run(runExport, ["--out", dir, "--from", several, "--design", String(n)]);
      expect(r.stderr).toEqual([]);
      expect(r.code).toBe(0);
      expect(databasesOf(dir)).toBe(printed[n - 1].design.databases);
      expect(parseCsv(fs.readFileSync(path.join(dir, "Servers.csv"), "utf8")).slice(2)).toHaveLength(printed[n - 1].design.serversPerDag);
    }
    expect(printed[0].design.databases === printed[1].design.databases && printed[0].design.serversPerDag === printed[1].design.serversPerDag).toBe(false);
  });

  test("--design is for a workbook: with the options it is a usage error", async () => {
    const r = await run(runExport, ["--out", path.join(work, "several-options"), "--design", "2", ...DESIGN]);
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toMatch(/--design picks a design of a workbook: give it with --from FILE\.xlsx/);
  });
});
