/**
 * `exsize design --json` reads the engine's design, not the evaluated workbook, and
 * prints its numbers as the workbook shows them (no "logIops": 795.9599999999999): the
 * Summary's answers under their names, rounded as the Summary's number formats show them, and
 * equal to the evaluated workbook's Summary for the same inputs; the method used at the top.
 */
import { runDesign } from "../../src/cli/design";
import { QUANTITIES, quantity, shownNumber, type QuantityKey } from "../../src/engine/catalogue";
import { REFERENCE_DESIGN_INPUTS, SUMMARY_CELLS, SUMMARY_FIRST_SITE, RESILIENCE_CELLS, referenceDesign, templateSheetNames, type WorkbookInputs } from "../../src/workbook/template";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import { SizingError } from "../../src/engine/errors";

jest.setTimeout(180_000);

async function json(args: string[]): Promise<{ code: number; printed: { method: string; inputs: Record<string, unknown>; design: Record<QuantityKey, unknown> }; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runDesign([...args, "--json"], { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, printed: JSON.parse(stdout.join("\n")), stderr };
}

const summaryKeys = () => (Object.keys(SUMMARY_CELLS) as Array<keyof typeof SUMMARY_CELLS>).filter((k) => k !== "inputs");

/** Decimals a number format shows, from its first section with quoted text taken out; undefined for text. */
function formatDigits(format: string | undefined): number | undefined {
  if (format === undefined) return undefined;
  const first = format.replace(/"[^"]*"/g, "").split(";").at(-1)!.replace(/\[[^\]]*\]/g, "");
  if (!/[0#]/.test(first)) return undefined;
  const decimals = /\.([0#]+)/.exec(first);
  return decimals ? decimals[1].length : 0;
}

describe("the design's quantities are the Summary's, shown as the Summary shows them", () => {
  const summary = referenceDesign().sheets.find((s) => s.name === templateSheetNames().summary)!;

  test("every Summary answer is a quantity of the catalogue, under the same name", () => {
    const keys = new Set<string>(QUANTITIES.map((q) => q.key));
    expect(summaryKeys().filter((key) => !keys.has(key))).toEqual([]);
  });

  test.each(summaryKeys())("%s has the decimals its Summary cell's number format shows", (key) => {
    const cell = summary.cells.find((c) => c.address === SUMMARY_CELLS[key])!;
    expect({ key, digits: quantity(key as QuantityKey).digits }).toEqual({ key, digits: formatDigits(cell.numberFormat) });
  });

  test("formatDigits reads the formats it is given", () => {
    expect(formatDigits('#,##0 "GB"')).toBe(0);
    expect(formatDigits('"× "#,##0" GB"')).toBe(0);
    expect(formatDigits('[=1]0 "disk";#,##0 "disks"')).toBe(0);
    expect(formatDigits('0.000 "IOPS"')).toBe(3);
    expect(formatDigits('@" disks"')).toBeUndefined();
  });
});

describe("shownNumber rounds as Excel shows a number", () => {
  test.each<[number, number, number]>([
    [795.9599999999999, 0, 796],
    [586.5984000000003, 0, 587],
    [916.56, 0, 917],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [1.005, 2, 1.01], // 1.005 × 100 is 100.49999999999999 in binary; Excel shows 1.01
    [416.6666666666667, 2, 416.67],
    [-0.4, 0, 0],
    [15780, 0, 15780],
  ])("%d to %d decimals is %d", (value, digits, shown) => {
    expect(Object.is(shownNumber(value, digits), shown)).toBe(true);
  });
});

/** Designs of every method and shape: the reference, the 2016 and 2019 designs, two sites active/passive, a method chosen. */
const DESIGNS: Array<[string, string[]]> = [
  ["the reference design (000, 3.4.2)", []],
  ["7,600 mailboxes, 5 GB, 3 copies on 4 servers, Exchange 2016", ["--users", "7600", "--quota", "5120", "--copies", "3", "--servers-site1", "4", "--exchange-version", "2016"]],
  ["10,000 mailboxes, 10 GB, 4 copies on 4 + 4, Exchange 2019", ["--users", "10000", "--quota-mb", "10240", "--copies", "4", "--servers-site1", "4", "--servers-site2", "4", "--exchange-version", "2019", "--max-db", "2048"]],
  ["12,500 mailboxes, 6 + 3 active/passive, 3 copies, Exchange 2013 (002)", ["--users", "12500", "--servers-site1", "6", "--servers-site2", "3", "--copies", "3", "--layout", "active/passive", "--exchange-version", "2013"]],
  ["Exchange 2016 sized by Dell's process", ["--exchange-version", "2016", "--method", "dell", "--users", "6000", "--servers-site1", "3", "--copies", "3"]],
  ["Exchange 2010 sized by Microsoft's method", ["--method", "microsoft", "--users", "3000", "--messages", "200"]],
];

describe.each(DESIGNS)("%s: --json equals the evaluated workbook's Summary", (_name, args) => {
  let printed: Awaited<ReturnType<typeof json>>["printed"];
  let summary: Record<string, unknown>;
  let resilience: Record<string, unknown>;
  beforeAll(async () => {
    const run = await json(args);
    expect(run.stderr).toEqual([]);
    expect(run.code).toBe(0);
    printed = run.printed;
    const values = evaluateWorkbook(referenceDesign({ inputs: printed.inputs as Partial<WorkbookInputs> }));
    summary = values[templateSheetNames().summary];
    resilience = values[templateSheetNames().resilience];
  });

  test("every Summary answer, rounded as its format shows it", () => {
    // By Microsoft's method the Summary leaves the papers' arrays and spindles to the Methods sheet: blank there, in --json still.
    const papers = ["arrays", "arrayModel", "arraysPerCopy", "spindles", "spindleRaid", "spindleDisk"];
    for (const key of summaryKeys()) {
      const cell = summary[SUMMARY_CELLS[key]];
      expect(cell).not.toBeInstanceOf(SizingError);
      if (printed.method === "microsoft" && papers.includes(key)) {
        expect({ key, cell }).toEqual({ key, cell: "" });
        continue;
      }
      // Active/passive by Microsoft's method, the servers row is the first site's (its second row the second's).
      const shown = (printed.design.serversSite1 !== null && (SUMMARY_FIRST_SITE as Record<string, string>)[key]) || key;
      const digits = quantity(shown as QuantityKey).digits;
      const expected = cell === "" ? null : typeof cell === "number" && digits !== undefined ? shownNumber(cell, digits) : cell;
      expect({ key: shown, value: printed.design[shown as QuantityKey] }).toEqual({ key: shown, value: expected });
    }
  });

  test("databases is the count the Resilience and Distribution sheets lay out; method is the one used", () => {
    expect(printed.design.databases).toBe(resilience[RESILIENCE_CELLS.databases]);
    expect(printed.design.databaseVolumes).toBe(printed.design.databases);
    const version = Number(printed.inputs.exchangeVersion);
    const chosen = printed.inputs.method;
    expect(printed.method).toBe(chosen === "auto" ? (version === 2010 ? "dell" : "microsoft") : chosen);
  });

  test("no number has more decimals than the workbook shows", () => {
    for (const [key, value] of Object.entries(printed.design)) {
      if (typeof value !== "number") continue;
      const digits = quantity(key as QuantityKey).digits ?? 0;
      expect({ key, value }).toEqual({ key, value: shownNumber(value, digits) });
    }
    expect(typeof printed.design.coresBasis).toBe("string");
  });
});

test("the reference design's inputs are the defaults", async () => {
  expect((await json([])).printed.inputs).toEqual({ ...REFERENCE_DESIGN_INPUTS, serversSite2: null, environmentUsers: null, databasesPerDag: null, title: null, preparedFor: null, preparedBy: null });
});

test("by Microsoft's method a custom maximum database size gives the calculator's count: 92 databases at 200 GB, 10 at 2,000 GB; by default maxDatabaseGB is Dell's alone", async () => {
  // 7,600 mailboxes of 2 GB, 150 messages of 150 KB, 2 copies on 2 servers of RAID disks: the calculator's
  // Role Requirements!C79 is 92 at Input!G36 "Custom", G37 200, and 10 at 2,000 or "Default"
  // (tests/fixtures/microsoft-calculator-designs.json m01, m02, d10).
  const design = ["--exchange-version", "2016", "--users", "7600", "--quota-mb", "2048", "--message-kb", "150", "--copies", "2", "--servers-site1", "2", "--server-disk", '600GB 10K RPM SAS 2.5"'];
  const count = async (args: string[]) => {
    const run = await json([...design, ...args]);
    expect(run.code).toBe(0);
    expect(run.printed.method).toBe("microsoft");
    return run.printed.design.databases;
  };
  expect(await count(["--max-db-config", "custom", "--max-db", "200"])).toBe(92);
  expect(await count(["--max-db-config", "custom", "--max-db", "2000"])).toBe(10);
  expect(await count(["--max-db", "200"])).toBe(10);
});

test("consider JBOD no puts by Microsoft's method on RAID what the calculator would lay on JBOD: 24 databases of 3 copies on 4 servers, not 48", async () => {
  // 7,600 mailboxes of 5 GB, 150 messages of 75 KB, 3 copies on 4 servers, the 4 TB disk: the calculator's
  // Role Requirements!C79 is 48 on JBOD (Input!C107 "Yes") and 24 on RAID ("No"), Storage Design!C194 29 RAID disks
  // (tests/fixtures/microsoft-calculator-designs.json d03, j01).
  const design = ["--exchange-version", "2016", "--users", "7600", "--quota-mb", "5120", "--copies", "3", "--servers-site1", "4"];
  const laid = async (args: string[]) => {
    const run = await json([...design, ...args]);
    expect(run.code).toBe(0);
    return [run.printed.design.databases, run.printed.design.serverDiskArchitecture];
  };
  expect(await laid([])).toEqual([48, "JBOD"]);
  expect(await laid(["--consider-jbod", "no"])).toEqual([24, "RAID"]);
});

test("active/passive: each site's servers on their own, beside the design's larger (memoryPerServerGB) — the calculator's two server models", async () => {
  // 12,500 mailboxes of 5 GB on 6 + 3 servers, 3 copies (2 + 1), active/passive: the calculator sizes a first-site
  // server at 128 GB (Role Requirements!C253) on 17 JBOD disks (I127, Storage Design!C197) and a second-site one,
  // which carries 30 databases when the first site fails, at 160 GB (D253) on 23 RAID disks (I128, D194): the hot
  // spare is ours, one a server (tests/fixtures/microsoft-calculator-designs.json s01).
  const run = await json(["--exchange-version", "2016", "--users", "12500", "--quota-mb", "5120", "--copies", "3", "--servers-site1", "6", "--servers-site2", "3", "--layout", "active/passive"]);
  expect(run.code).toBe(0);
  const d = run.printed.design;
  expect([d.memoryPerServerGBSite1, d.memoryPerServerGBSite2, d.memoryPerServerGB]).toEqual([128, 160, 160]);
  expect([d.serverDiskArchitectureSite1, d.serverDiskArchitectureSite2]).toEqual(["JBOD", "RAID"]);
  expect([d.disksPerServerSite1, d.disksPerServerSite2]).toEqual([17 + 1, 23 + 1]);
  // The DAG's disks: each site's server's × its servers — the calculator's 17 × 6 + 23 × 3 = 171 (Storage Design!C202), a hot spare a server more.
  expect(d.dagDisks).toBe(18 * 6 + 24 * 3);
  expect(typeof d.coresPerServerSite1).toBe("number");
  // Active/active and one site: none (null), as for every figure a design does not have.
  const one = (await json(["--exchange-version", "2016", "--servers-site1", "6", "--servers-site2", "3", "--copies", "3"])).printed.design;
  expect([one.memoryPerServerGBSite1, one.disksPerServerSite2, one.serverDiskArchitectureSite2]).toEqual([null, null, null]);
});
