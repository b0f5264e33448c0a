/**
 * Dell EMC's 100,000-mailbox Exchange 2016 design (004_1d3a339e6fd03f64.txt, `--preset
 * dellemc-2016`) sized as Exchange Server SE shows what SE changes: 2019's 128 GB memory minimum and
 * its MetaCache Database (MCDB) SSDs beside the 42 database disks of a server — on every surface:
 * `exsize design --json` and its text, `exsize compare` (table, --json and the live Compare workbook
 * recalculated by LibreOffice), and the Summary of a customer copy whose version cell is edited to SE
 * and recalculated by LibreOffice.
 *
 * The rule (src/engine/microsoft/mcdb.ts): one SSD for every three database disks (Microsoft, "Exchange
 * 2019 preferred architecture", Exchange/ExchangeServer/plan-and-deploy/deployment-ref/preferred-architecture-2019.md,
 * "Solid state storage class"; "MetaCacheDatabase (MCDB) setup",
 * Exchange/ExchangeServer/high-availability/database-availability-groups/MetaCacheDatabase-setup.md, "SSD
 * guidance"), each holding 6% of the raw GB of the disks it serves (the setup page's 5–6%, inside the
 * PA's 5–10%): 42 ÷ 3 = 14 SSDs; 3 × 8,000 GB × 6% = 1,440 GB → the catalogue's 1,600 GB.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { runCompare } from "../../src/cli/compare";
import { runDesign } from "../../src/cli/design";
import { COMPARE_LABELS } from "../../src/workbook/compare";
import { SUMMARY_MCDB_CELLS } from "../../src/workbook/sheets/summary";
import { INPUT_CELLS, templateSheetNames } from "../../src/workbook/template";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, recalculateXlsxFiles, type RecalculatedWorkbook } from "../support/libreoffice";
import { WORKBOOK_MS, libreOfficeMs } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

const required = process.env.REQUIRE_LIBREOFFICE === "1";
const available = libreOfficeAvailable();
if (!available && !required) console.warn(`LibreOffice not found: skipping the SE customer copy's recalculation. Install ${LIBREOFFICE_APT_PACKAGE}, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);
const withLibreOffice = available || required ? test : test.skip;

/** 14 SSDs of 1,600 GB a server (42 database disks ÷ 3; 3 × 8,000 GB × 6% = 1,440 GB), 22,400 GB, 224 on the DAG's 16 servers. */
const SE_MCDB = { mcdbSsdsPerServer: 14, mcdbSsdGB: 1600, mcdbGBPerServer: 22_400, mcdbSharePercent: 6.7, dagMcdbSsds: 224, mcdbProblem: null };
const NO_MCDB = { mcdbSsdsPerServer: null, mcdbSsdGB: null, mcdbGBPerServer: null, mcdbSharePercent: null, dagMcdbSsds: null };

let work: string;
beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-se-"))));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function cli(run: typeof runDesign, args: string[]): Promise<{ code: number; stdout: string[] }> {
  const stdout: string[] = [];
  const code = await run(args, { stdout: (l) => stdout.push(l), stderr: () => undefined });
  return { code, stdout };
}

const mcdbOf = (design: Record<string, unknown>) => Object.fromEntries(Object.entries(design).filter(([k]) => /mcdb/i.test(k)));

const VARY = ["--preset", "dellemc-2016", "--vary", "exchange-version=2016,SE"];

interface LibreOfficeFiles {
  compareCode: number;
  customerCode: number;
  /** The customer copy as written (Exchange 2016), and recalculated with its version cell edited to SE. */
  customer: string;
  compare: RecalculatedWorkbook;
  customerAsSe: RecalculatedWorkbook;
}
let libreOfficeFiles: Promise<LibreOfficeFiles> | undefined;
/** Writing both workbooks, then one soffice run over the two: the first test to ask waits for it all. */
const LIBREOFFICE_FILES_MS = 2 * WORKBOOK_MS + libreOfficeMs(2);
/**
 * The live Compare workbook and the customer copy edited to SE, both recalculated in one soffice run
 * (its start paid once); made on the first test's call, read by both tests.
 */
function recalculatedFiles(): Promise<LibreOfficeFiles> {
  libreOfficeFiles ??= (async () => {
    const compareFile = path.join(work, "compare.xlsx");
    const compareCode = (await cli(runCompare, [...VARY, "--out", compareFile, "--customer"])).code;
    const customer = path.join(work, "customer.xlsx");
    const customerCode = (await cli(runDesign, ["--preset", "dellemc-2016", "--customer", "-o", customer])).code;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(customer);
    workbook.getWorksheet(templateSheetNames().inputs)!.getCell(INPUT_CELLS.exchangeVersion).value = "SE";
    const edited = path.join(work, "customer-se.xlsx");
    await workbook.xlsx.writeFile(edited);
    const [compare, customerAsSe] = await recalculateXlsxFiles([compareFile, edited]);
    return { compareCode, customerCode, customer, compare, customerAsSe };
  })();
  return libreOfficeFiles;
}

describe("exsize design --preset dellemc-2016 --exchange-version SE", () => {
  test("--json: 14 MCDB SSDs of 1,600 GB a server beside the 45 disks (42 for databases); 2016 has none and says why", async () => {
    const se = await cli(runDesign, ["--preset", "dellemc-2016", "--exchange-version", "SE", "--json"]);
    const as2016 = await cli(runDesign, ["--preset", "dellemc-2016", "--json"]);
    expect([se.code, as2016.code]).toEqual([0, 0]);
    const [seDesign, design2016] = [JSON.parse(se.stdout.join("\n")).design, JSON.parse(as2016.stdout.join("\n")).design];
    expect(mcdbOf(seDesign)).toEqual(SE_MCDB);
    // The SSDs are beside the disks: 004 Table 5's 45 a server stand.
    expect([seDesign.disksPerServer, seDesign.databaseLogDisksPerServer, seDesign.memoryPerServerGB]).toEqual([45, 42, 128]);
    expect(mcdbOf(design2016)).toEqual({ ...NO_MCDB, mcdbProblem: "MCDB is Exchange 2019's and SE's; this is Exchange 2016" });
  });

  test("its text says the SSDs beside the database disks", async () => {
    const file = path.join(work, "se-live.xlsx");
    const { code, stdout } = await cli(runDesign, ["--preset", "dellemc-2016", "--exchange-version", "SE", "--out", file]);
    expect(code).toBe(0);
    expect(stdout).toContain("MCDB SSDs: 14 × 1,600 GB a server, beside the database disks (each for up to 3 of them; 22,400 GB, 6.7% of their 336,000 GB), 224 in the DAG");
  });
});

describe("--mcdb: auto (the default), on or off", () => {
  async function refused(args: string[]): Promise<{ code: number; stderr: string[] }> {
    const stderr: string[] = [];
    const code = await runDesign([...args, "--json"], { stdout: () => undefined, stderr: (l) => stderr.push(l) });
    return { code, stderr };
  }

  test('"on" for the 2016 design is refused, exit 1, naming --mcdb and the fix; for SE it is auto\'s design; off has none', async () => {
    const r = await refused(["--preset", "dellemc-2016", "--mcdb", "on"]);
    expect(r.code).toBe(1);
    expect(r.stderr[0]).toMatch(/^exsize design: mcdb: "on" needs Exchange 2019 or SE on JBOD database disks, by Microsoft's method \(.*\); this design is Exchange 2016 — choose "auto" or "off", or the Exchange version 2019 or SE \(--mcdb, --exchange-version/);
    const on = await cli(runDesign, ["--preset", "dellemc-2016", "--exchange-version", "SE", "--mcdb", "on", "--json"]);
    expect(mcdbOf(JSON.parse(on.stdout.join("\n")).design)).toEqual(SE_MCDB);
    const off = await cli(runDesign, ["--preset", "dellemc-2016", "--exchange-version", "SE", "--mcdb", "off", "--json"]);
    expect(mcdbOf(JSON.parse(off.stdout.join("\n")).design)).toEqual({ ...NO_MCDB, mcdbProblem: "MCDB is off (the input MCDB)" });
  });

  test("a choice it does not have: exit 2, naming --mcdb and its choices", async () => {
    const r = await refused(["--mcdb", "yes"]);
    expect([r.code, r.stderr[0]]).toEqual([2, 'exsize design: --mcdb: mcdb must be one of: auto, on, off; got "yes"']);
  });
});

describe("exsize compare --preset dellemc-2016 --vary exchange-version=2016,SE", () => {
  const vary = VARY;

  test("the table's MCDB column and --json: none for 2016, 14 × 1,600 GB for SE", async () => {
    const table = await cli(runCompare, vary);
    expect(table.code).toBe(0);
    const column = table.stdout[0].indexOf("MCDB SSDs");
    expect(column).toBeGreaterThan(0);
    expect(table.stdout[2]).toContain("14 × 1,600 GB");
    expect(table.stdout[1]).not.toContain("× 1,");
    const json = await cli(runCompare, [...vary, "--json"]);
    const rows = JSON.parse(json.stdout.join("\n")) as Array<{ design: Record<string, unknown> }>;
    expect(rows.map((r) => mcdbOf(r.design))).toEqual([{ ...NO_MCDB, mcdbProblem: expect.stringMatching(/Exchange 2016$/) }, SE_MCDB]);
  });

  withLibreOffice(
    "the live Compare workbook, recalculated by LibreOffice: its MCDB rows read each design's Summary, empty for 2016, 14 and 1,600 GB for SE",
    async () => {
      const files = await recalculatedFiles();
      expect(files.compareCode).toBe(0);
      const sheet = files.compare.Compare;
      const rowOf = Object.fromEntries(Object.entries(sheet).filter(([a]) => /^A\d+$/.test(a)).map(([a, c]) => [c.value, a.slice(1)]));
      const shown = (key: "mcdbSsdsPerServer" | "mcdbSsdGB") => ["B", "C"].map((col) => sheet[`${col}${rowOf[COMPARE_LABELS[key]]}`]);
      expect(shown("mcdbSsdsPerServer").map((c) => c?.value ?? null)).toEqual([null, 14]);
      expect(shown("mcdbSsdGB").map((c) => c?.value ?? null)).toEqual([null, 1600]);
      // Live: formulas over the designs' Summaries.
      expect(shown("mcdbSsdGB").map((c) => c?.formula)).toEqual([expect.stringMatching(/Summary!/), expect.stringMatching(/'Summary 2'!/)]);
    },
    LIBREOFFICE_FILES_MS,
  );
});

withLibreOffice(
  "the 2016 design's customer copy, its version cell edited to SE and recalculated by LibreOffice: the Summary's MCDB row shows 14 SSDs of 1,600 GB, 224 in the DAG",
  async () => {
    const files = await recalculatedFiles();
    expect(files.customerCode).toBe(0);
    const summary = templateSheetNames().summary;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(files.customer);
    // The cached 2016 copy has none.
    expect(workbook.getWorksheet(summary)!.getCell(SUMMARY_MCDB_CELLS.ssdsPerServer).result).toBe("—");
    const cells = files.customerAsSe[summary];
    const at = (address: string) => cells[address]?.value ?? null;
    expect([at(SUMMARY_MCDB_CELLS.ssdsPerServer), at(SUMMARY_MCDB_CELLS.ssdGB), at(SUMMARY_MCDB_CELLS.dagSsds)]).toEqual([14, 1600, 224]);
    expect(at(SUMMARY_MCDB_CELLS.share)).toBeCloseTo(22_400 / 336_000, 12);
  },
  LIBREOFFICE_FILES_MS,
);
