/**
 * `exsize import FILE.xlsm`: a filled Microsoft calculator read as a design. The files are
 * calculator-shaped workbooks the tests write (tests/support/calculator-workbook.ts) with the names,
 * cells, titles and saved figures of ExchangeDsc's public files (tests/fixtures/calculator-files.json):
 *
 * - "E2013Calcv7.6 - Example.xlsm" (Examples/ConfigureDatabases-FromCalculator/CalculatorAndScripts):
 *   Role Requirements!C79 RecNumDBs 40 databases a DAG, C81 MBXPerDB 62.5 mailboxes a database,
 *   C253 RecRAMMBXPDC 160 GB a server;
 * - "E2013Calcv6.6 - Lab.xlsm" and "- Prod.xlsm" (Examples/EndToEndExample/Calculators): Role
 *   Requirements!C78 RecNumDBs 4 and 72, C240 RecRAMMBXPDC 24 and 96 GB.
 *
 * Checked by hand on the public files too (`exsize import` on each, December 2026): the same figures.
 */
import { execFileSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { runImport } from "../../src/cli/import";
import { calculatorFixture, calculatorWorkbook, type CalculatorShape } from "../support/calculator-workbook";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

type Run = { code: number; stdout: string[]; stderr: string[] };
async function run(args: string[]): Promise<Run> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runImport(args, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

let work: string;
beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-import-"));
});
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

let count = 0;
async function written(shape: Omit<CalculatorShape, "from"> & { from?: string }, ext = ".xlsm"): Promise<string> {
  const file = path.join(work, `calculator-${++count}${ext}`);
  fs.writeFileSync(file, await calculatorWorkbook({ ...shape, from: calculatorFixture(shape.from ?? "v7.6 example") }));
  return file;
}
type Printed = {
  inputs: Record<string, unknown>;
  design: Record<string, number | string | null>;
  preset: string | null;
  presetChanges: string[] | null;
  papers: Record<string, unknown> | null;
  source: { calculator: string; version: string; exchangeVersion: number; macros: boolean };
  calculator: Array<{ key: string; name: string; cell: string; calculator: unknown; design: unknown; agree: boolean | null; why?: string }>;
  notTaken: Array<{ name: string; cell: string; value: unknown; moves?: string }>;
};
const imported = async (args: string[]): Promise<Printed & Run> => {
  const r = await run([...args, "--json"]);
  expect(r.code).toBe(0);
  return { ...r, ...(JSON.parse(r.stdout.join("\n")) as Printed) };
};
const row = (p: Printed, key: string) => p.calculator.find((c) => c.key === key)!;

test("the v7.6 example: its saved 40 databases a DAG, 62.5 mailboxes a database and 160 GB a server, Replay Lag Manager on", async () => {
  const p = await imported([await written({})]);
  expect(p.source).toMatchObject({ calculator: "Exchange 2013 Server Role Requirements Calculator", version: "7.6", exchangeVersion: 2013, macros: true });
  // design --json's record, then the file's: a design read from a file started from no preset; the papers beside it.
  expect(Object.keys(JSON.parse(p.stdout.join("\n")))).toEqual(["file", "workbook", "preset", "presetChanges", "method", "inputs", "design", "papers", "warnings", "source", "calculator", "notTaken"]);
  expect([p.preset, p.presetChanges]).toEqual([null, null]);
  expect(p.papers).toMatchObject({ arrays: expect.any(Number), spindles: expect.any(Number) });
  // Input!C55 5,000 mailboxes over Input!C27's 2 DAGs; C30 3 HA copies + C31 1 lagged; G31 168 hours; C26 2 servers a site (G22 Yes).
  expect(p.inputs).toMatchObject({ users: 2500, environmentUsers: 5000, copies: 4, laggedCopies: 1, lagDays: 7, serversSite1: 2, serversSite2: 2, dagLayout: "active/active", quotaMB: 10240, messagesPerDay: 200, messageKB: 75, exchangeVersion: 2013, method: "microsoft", serverDisk: '4TB 7.2K RPM SAS 3.5"' });
  expect(row(p, "databases")).toMatchObject({ name: "RecNumDBs", cell: "C79", calculator: 40, design: 40, agree: true });
  expect(row(p, "mailboxesPerDatabase")).toMatchObject({ name: "MBXPerDB", cell: "C81", calculator: 62.5, design: 62.5, agree: true });
  expect(row(p, "dags")).toMatchObject({ calculator: 2, design: 2, agree: true });
  // The calculator's 160 GB: Replay Lag Manager (Input!G33 "Yes") counts the second site's lagged copy as one it can
  // activate after a server there fails (Role Requirements!C128): 40 active databases a server (C103), the design's too.
  expect(p.inputs.replayLagManager).toBe("yes");
  expect(row(p, "memoryPerServerGB")).toMatchObject({ name: "RecRAMMBXPDC", cell: "C253", calculator: 160, design: 160, agree: true });
  expect(row(p, "worstActiveDatabasesPerServer")).toMatchObject({ calculator: 40, design: 40, agree: true });
  // No SPECint2006 rate (Input!D131 0): the calculator saved "--" for cores, and says so.
  expect(row(p, "coresPerServer")).toMatchObject({ calculator: "--", agree: null });
  expect(row(p, "coresPerServer").why).toMatch(/SPECint2006 rate \(Input!D131/);
  // What the design does not take, with its value: every other input the file sets (Replay Lag Manager it takes).
  expect(p.notTaken.map((n) => n.name)).not.toContain("ReplayLagManagerEnabled");
  expect(p.notTaken).toEqual(expect.arrayContaining([expect.objectContaining({ name: "MBXMoveRate", cell: "C37", value: 0.01 }), expect.objectContaining({ name: "Tier1InitialMBXSize", cell: "C59", value: 2048 })]));
  expect(p.notTaken.map((n) => n.name)).not.toContain("NumTier1MBX");
  // The example's log profile is all 0: the design's own busiest hour, said so.
  expect(p.notTaken).toEqual(expect.arrayContaining([expect.objectContaining({ name: "LogH1…LogH24", cell: "C145:C168", value: 0 })]));
});

test("with Replay Lag Manager off, as the calculator recalculated: 20 active databases and 96 GB", async () => {
  // The fixture's "recalculated": the calculator at the example's inputs with Input!G33 "No".
  const recalculated = calculatorFixture("v7.6 example").recalculated!;
  const p = await imported([await written({ inputs: { ReplayLagManagerEnabled: "No" }, saved: { calcNumDBMemSizing: 20, RecRAMMBXPDC: 96 } })]);
  expect(p.inputs.replayLagManager).toBe("no");
  expect(recalculated.saved.RecRAMMBXPDC.value).toBe(96);
  expect(row(p, "memoryPerServerGB")).toMatchObject({ calculator: 96, design: recalculated.saved.RecRAMMBXPDC.value, agree: true });
  expect(row(p, "worstActiveDatabasesPerServer")).toMatchObject({ agree: true });
  expect(p.notTaken.map((n) => n.name)).not.toContain("ReplayLagManagerEnabled");
});

test.each([
  ["v6.6 Lab", 4, 24, { users: 250, environmentUsers: null }],
  ["v6.6 Prod", 72, 96, { users: 4500, environmentUsers: 45000 }],
])("%s: its saved %d databases a DAG and %d GB a server, read at v6's cells", async (from, databases, memory, inputs) => {
  const p = await imported([await written({ from })]);
  expect(p.source.version).toBe("6.6");
  expect(p.inputs).toMatchObject(inputs);
  // v6 has the site resilience inputs one column left (Input!F22, F23, F31, F36:F39).
  expect(row(p, "databases")).toMatchObject({ cell: "C78", calculator: databases, design: databases, agree: true });
  expect(row(p, "memoryPerServerGB")).toMatchObject({ cell: "C240", calculator: memory, design: memory, agree: true });
  expect(row(p, "mailboxesPerDatabase")).toMatchObject({ calculator: 62.5, agree: true });
  // Active mailboxes a server: the calculator's 62.5 (C99), the design's whole 63.
  expect(row(p, "normalMailboxesPerServer").agree).toBe(true);
});

test("the Lab file's log profile (Input!C145:C168) is the busiest hour's share: 9% of the day at 10:00", async () => {
  const p = await imported([await written({ from: "v6.6 Lab" })]);
  expect(p.inputs.peakHourLogShare).toBeCloseTo(0.09, 12);
});

test("the deleted item retention window (Tier1DIRW, Input!C62) is the design's, and sizes its dumpster", async () => {
  const base = await imported([await written({})]);
  const month = await imported([await written({ inputs: { Tier1DIRW: 30 } })]);
  expect([base.inputs.deletedItemDays, month.inputs.deletedItemDays]).toEqual([14, 30]);
  expect(month.notTaken.map((n) => n.name)).not.toContain("Tier1DIRW");
  expect(month.design.databaseVolumeGB).toBeGreaterThan(base.design.databaseVolumeGB as number);
});

test("a name missing in v7.6 is read at its cell; the 2016 calculator's missing names are refused", async () => {
  const p = await imported([await written({ withoutNames: ["NumTier1MBX", "RecNumDBs", "ReplayLagManagerEnabled"] })]);
  expect(p.inputs.users).toBe(2500);
  // Replay Lag Manager read at Input!G33 without its name: the 160 GB, as saved.
  expect(p.inputs.replayLagManager).toBe("yes");
  expect(row(p, "memoryPerServerGB")).toMatchObject({ calculator: 160, design: 160, agree: true });
  expect(row(p, "databases")).toMatchObject({ calculator: 40, agree: true });
  // v6's right-hand column is F (Input!F22 SiteResilienceEnabled, F23 SRModel): read there without their names.
  const v6 = await imported([await written({ from: "v6.6 Lab", withoutNames: ["SiteResilienceEnabled", "SRModel", "RecRAMMBXPDC"] })]);
  expect(v6.inputs).toMatchObject({ serversSite2: 2, dagLayout: "active/active" });
  expect(row(v6, "memoryPerServerGB")).toMatchObject({ cell: "C240", calculator: 24, agree: true });
  const r = await run([await written({ title: "Exchange 2016 Server Role Requirements Calculator", version: "Version: 9.1", withoutNames: ["NumTier1MBX"] })]);
  expect(r.code).toBe(2);
  expect(r.stderr[0]).toMatch(/Exchange 2016 Server Role Requirements Calculator v9\.1, but its Input sheet lacks the defined names NumTier1MBX/);
});

test("the 2016 calculator's title sizes for Exchange 2016; --exchange-version SE sizes the same mailboxes for SE", async () => {
  const p = await imported([await written({ title: "Exchange 2016 Server Role Requirements Calculator", version: "Version: 9.1" })]);
  expect(p.inputs.exchangeVersion).toBe(2016);
  const se = await imported([await written({}), "--exchange-version", "SE"]);
  expect(se.inputs).toMatchObject({ exchangeVersion: "SE", users: 2500, environmentUsers: 5000, copies: 4 });
  expect(se.design.databases).toBe(40);
  // At the example's own inputs every saved figure agrees at SE too; with Replay Lag Manager set "No" and the
  // saved figures kept (160 GB), what differs names the version first.
  expect(se.calculator.filter((c) => c.agree === false)).toEqual([]);
  const moved = await imported([await written({ inputs: { ReplayLagManagerEnabled: "No" } }), "--exchange-version", "SE"]);
  const differs = moved.calculator.filter((c) => c.agree === false);
  expect(differs.map((c) => c.key)).toContain("memoryPerServerGB");
  for (const c of differs) expect(c.why).toMatch(/sized for Exchange SE \(--exchange-version\); the file for Exchange 2013/);
  const bad = await run([await written({}), "--exchange-version", "2012"]);
  expect(bad.code).toBe(2);
  expect(bad.stderr[0]).toMatch(/--exchange-version: exchangeVersion must be one of/);
});

test("an input the design's rules refuse names the calculator's sheet, cell and name; nothing written", async () => {
  const out = path.join(work, "refused.xlsx");
  const r = await run([await written({ inputs: { numMBXServers: 0 } }), "--out", out]);
  expect(r.code).toBe(2);
  expect(r.stderr[0]).toMatch(/^exsize import: Input!C26 \(numMBXServers\): serversSite1 must be/);
  expect(fs.existsSync(out)).toBe(false);
  const text = await run([await written({ inputs: { Tier1SendReceive: "many messages" } })]);
  expect(text.code).toBe(2);
  expect(text.stderr[0]).toMatch(/Input!C57 \(Tier1SendReceive\): messagesPerDay must be a number from 0 to 100,000; got the text "many messages"/);
  // Inputs each within its rule that together make no design exit 1, as exsize design: 4 copies on 1 + 1 servers.
  const together = await run([await written({ inputs: { numMBXServers: 1 } })]);
  expect(together.code).toBe(1);
  expect(together.stderr.join("\n")).toMatch(/Input!C26 \(numMBXServers\)/);
  const model = await run([await written({ inputs: { SRModel: "Active/Active (Multiple DAGs)" } })]);
  expect(model.stderr[0]).toMatch(/Input!G23 \(SRModel\): the design takes "Active\/Passive" or "Active\/Active \(Single DAG\)"/);
});

test("--out writes the design's workbook as design --out does; a file there needs --force", async () => {
  const out = path.join(work, "lab.xlsx");
  const file = await written({ from: "v6.6 Lab" });
  const r = await run([file, "--out", out]);
  expect(r.code).toBe(0);
  expect(r.stdout[0]).toMatch(/^Wrote .*lab\.xlsx: the live design of .* \(Exchange 2013 Server Role Requirements Calculator v6\.6\), sized for Exchange 2013\.$/);
  // Beside the design's sheets, a Calculator sheet records the comparison: the Lab file's C78 RecNumDBs 4, the design's 4.
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(out);
  const sheet = book.getWorksheet("Calculator")!;
  const figures = Array.from({ length: 8 }, (_, i) => sheet.getRow(5 + i).values as unknown[]);
  expect(figures).toEqual(expect.arrayContaining([[undefined, "Databases a DAG", "Role Requirements!C78 (RecNumDBs)", 4, 4, "yes"]]));
  const before = fs.readFileSync(out);
  const again = await run([file, "--out", out, "--customer"]);
  expect(again.code).toBe(2);
  expect(again.stderr[0]).toMatch(/exists; add --force/);
  expect(fs.readFileSync(out).equals(before)).toBe(true);
  expect((await run([file, "--out", out, "--customer", "--force"])).code).toBe(0);
});

describe("bad files: a clear error, exit 2, nothing written", () => {
  const refused = async (file: string, message: RegExp) => {
    const out = path.join(work, `never-${++count}.xlsx`);
    const r = await run([file, "--out", out]);
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toMatch(message);
    expect(r.stderr[0]).toMatch(/nothing written to/);
    expect(fs.existsSync(out)).toBe(false);
  };
  test("not a calculator", async () => {
    await refused(await written({ title: "Contoso mailbox plan" }), /not a Microsoft Exchange Server Role Requirements Calculator: Input!B1 should be its title/);
  });
  test("a damaged zip", async () => {
    const file = await written({});
    const bytes = fs.readFileSync(file);
    fs.writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refused(file, /the file is damaged: its zip package cannot be read/);
  });
  test("an encrypted workbook", async () => {
    const file = path.join(work, "encrypted.xlsm");
    fs.writeFileSync(file, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));
    await refused(file, /encrypted with a password/);
  });
  test("a password-protected Input sheet", async () => {
    await refused(await written({ password: "contoso" }), /the Input sheet is protected with a password: unprotect it/);
  });
  test("no such file, and a text file", async () => {
    await refused(path.join(work, "none.xlsm"), /no such file/);
    const file = path.join(work, "notes.xlsm");
    fs.writeFileSync(file, "mailboxes: 5000\n");
    await refused(file, /not an Excel workbook/);
  });
  test("a pipe is refused before it is read (a read would wait for a writer forever)", async () => {
    if (process.platform === "win32") return;
    const fifo = path.join(work, "pipe.xlsm");
    execFileSync("mkfifo", [fifo]);
    await refused(fifo, /not a file \(a device, a pipe or a socket\), not a workbook/);
  });
});

test("a macro-free copy (.xlsx saved from the .xlsm) is read by its names, and said so", async () => {
  const p = await imported([await written({ macros: false }, ".xlsx")]);
  expect(p.source.macros).toBe(false);
  expect(p.stderr[0]).toMatch(/note: the file holds no macros/);
  expect(row(p, "databases").agree).toBe(true);
});

test("a file saved with manual calculation: a difference says its saved figures may be stale", async () => {
  const p = await imported([await written({ manual: true, saved: { RecNumDBs: 38 } })]);
  expect(row(p, "databases")).toMatchObject({ calculator: 38, design: 40, agree: false });
  expect(row(p, "databases").why).toMatch(/saved with manual calculation/);
});

test("tiers 2-4 with mailboxes are sized as the design's tiers; --out refuses them", async () => {
  const p = await imported([await written({ from: "v6.6 Lab", inputs: { NumTier3MBX: 250 } })]);
  const one = await imported([await written({ from: "v6.6 Lab" })]);
  expect(Number(p.design.databases)).toBeGreaterThan(Number(one.design.databases));
  // An empty tier cell is no tier: the file's design is one profile, and --out writes it.
  const emptyTier = await written({ from: "v6.6 Lab", inputs: { NumTier2MBX: null } });
  expect((await imported([emptyTier])).design.databases).toBe(one.design.databases);
  expect((await run([emptyTier, "--out", path.join(work, "empty-tier.xlsx")])).code).toBe(0);
  const r = await run([await written({ from: "v6.6 Lab", inputs: { NumTier3MBX: 250 } }), "--out", path.join(work, "tiers.xlsx")]);
  expect(r.code).toBe(2);
  expect(r.stderr[0]).toMatch(/tiers 2-4 \(Input!F55 \(NumTier3MBX\)\)/);
});

test("usage: one file, no design options", async () => {
  expect((await run([])).code).toBe(2);
  const r = await run([await written({}), "--users", "10"]);
  expect(r.code).toBe(2);
  expect(r.stderr[0]).toMatch(/--users: the inputs are the file's/);
});
