/**
 * `exsize design` from the command line: every input of the template's Inputs
 * sheet is an option, checked by its cell's rule with the workbook's message; numbers are read as a
 * person meant them; a design that cannot be built writes nothing; --json, -o, --force, .xlsx only,
 * help generated from the template, and a suggestion for a mistyped option.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { designHelp, inputOptions, runDesign, type CommandOutput } from "../../src/cli/design";
import type { WholeFileIO } from "../../src/cli/write-whole";
import { DESIGN_INPUT_ROWS } from "../../src/workbook/template";
import { INPUT_CELLS, REFERENCE_DESIGN_INPUTS, referenceDesign, type DesignInputs, type WorkbookInputs } from "../../src/workbook/template";
import { INPUTS } from "../../src/engine/catalogue";
import { WORKBOOK_MS } from "../support/timeouts";

// Runs exsize design, which evaluates and writes the workbook: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

let work: string;
beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-design-options-"))));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function design(args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const out: CommandOutput = { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) };
  return { code: await runDesign(args, out), stdout, stderr };
}

async function load(file: string): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  return workbook;
}
// Numbers read as a person meant them, and a design that would show errors is refused.

const ALL_INPUTS = Object.keys(INPUT_CELLS) as Array<keyof DesignInputs>;

/** An input set one step from the reference design's by its catalogue rule: the next choice, or a number in bounds beside the default. */
function otherValue(key: keyof DesignInputs): [string, number | string] {
  const rule = INPUTS.find((i) => i.key === key)!.rule;
  const reference = REFERENCE_DESIGN_INPUTS[key as keyof typeof REFERENCE_DESIGN_INPUTS];
  if (rule.kind === "list") {
    const other = rule.values.find((v) => v !== reference)!;
    return [other, other];
  }
  if (rule.kind === "text") return ["Set by the test", "Set by the test"];
  const from = typeof reference === "number" ? reference : rule.min;
  const n = from + 1 <= rule.max ? from + 1 : from - 1;
  return [String(n), n];
}

describe("every input of the template is an option of exsize design", () => {
  test("one option per row of the Inputs sheet, named after the input, with its label and its cell's rule", () => {
    const options = inputOptions();
    // The options in the catalogue's order; the Inputs sheet sets the papers' own inputs apart, in a table below.
    expect([...options.map((o) => o.key)].sort()).toEqual([...ALL_INPUTS].sort());
    const inputsSheet = referenceDesign().sheets.find((s) => s.name === "Inputs")!;
    for (const o of options) {
      const cell = inputsSheet.cells.find((c) => c.address === INPUT_CELLS[o.key])!;
      const row = DESIGN_INPUT_ROWS.find((r) => r.key === o.key)!;
      const label = inputsSheet.cells.find((c) => c.address === INPUT_CELLS[o.key].replace(/^B/, "A"))!.value;
      expect({ key: o.key, rule: o.rule, label: o.label, cell: o.cell }).toEqual({ key: o.key, rule: row.rule, label, cell: `Inputs!${INPUT_CELLS[o.key]}` });
      // The cell holds the row's rule; only the disks' drop-downs list the Hardware sheet's rows (a range) in the workbook.
      if (o.key === "spindleDisk" || o.key === "serverDisk") expect(cell.rule).toMatchObject({ kind: "list", values: (row.rule as { values: readonly string[] }).values, range: expect.any(String) });
      else expect({ key: o.key, rule: cell.rule }).toEqual({ key: o.key, rule: row.rule });
      // The title and whom it is for and by are empty by default: the reference design has none.
      expect(o.defaultValue).toBe(REFERENCE_DESIGN_INPUTS[o.key] ?? "");
    }
    expect(Object.fromEntries(options.map((o) => [o.key, [o.option, ...o.aliases]]))).toMatchObject({
      users: ["--users"],
      quotaMB: ["--quota-mb", "--quota"],
      messagesPerDay: ["--messages-per-day", "--messages"],
      messageKB: ["--message-kb"],
      copies: ["--copies"],
      maxDatabaseGB: ["--max-database-gb", "--max-db"],
      exchangeVersion: ["--exchange-version"],
      method: ["--method"],
      serversSite1: ["--servers-site1"],
      serversSite2: ["--servers-site2"],
      dagLayout: ["--layout", "--dag-layout"],
      arrayRaid: ["--array-raid"],
      arrayModel: ["--array-model"],
      spindleRaid: ["--spindle-raid"],
      spindleDisk: ["--spindle-disk"],
      readRatio: ["--read-ratio"],
    });
  });

  // Each input set to something other than the reference design's, as typed and as the cell holds it.
  const TYPED: Partial<Record<keyof WorkbookInputs, [string, number | string | null]>> = {
    users: ["6,000", 6000],
    quotaMB: ["4096", 4096],
    messagesPerDay: ["100", 100],
    messageKB: ["50.5", 50.5],
    copies: ["3", 3],
    laggedCopies: ["1", 1],
    lagDays: ["3.5", 3.5],
    replayLagManager: ["Yes", "yes"],
    environmentUsers: ["100,000", 100000],
    maxDatabaseGB: ["1000", 1000],
    // Typed in capitals, held as the choice is spelt; Dell's process sizes to maxDatabaseGB either way.
    maxDatabaseSizeConfiguration: ["Custom", "custom"],
    // 0 is the method's own count (Dell's process here: a set count would be Microsoft's alone).
    databasesPerDag: ["0", 0],
    exchangeVersion: ["2019", 2019],
    method: ["Dell", "dell"],
    arrayRaid: ["raid10", "RAID10"],
    arrayModel: ["PS6500E 2TB", "PS6500E 2TB"],
    spindleRaid: ["RAID10", "RAID10"],
    spindleDisk: ["15k", "15K"],
    readRatio: ["70%", 0.7],
    serversSite1: ["3", 3],
    serversSite2: ["3", 3],
    dagLayout: ["active/passive", "active/passive"],
    archiveMB: ["2048", 2048],
    iopsMultiplier: ["1.5", 1.5],
    virtualization: ["YES", "yes"],
    specIntRate: ["1000", 1000],
    coresPerServer: ["24", 24],
    peakHourLogShare: ["15%", 0.15],
    // Typed in capitals, held as the choice is spelt.
    serverSizing: ["NEVER LESS", "never less"],
    // A server disk by its catalogue name, the inch mark aside, or "SIZE GB TYPE".
    serverDisk: ["8TB 7.2K NL-SAS 3.5", '8TB 7.2K NL-SAS 3.5"'],
    // Typed in capitals, held as the choice is spelt; Dell's process lays no server disks either way.
    considerJbod: ["NO", "no"],
    databasesPerVolume: ["3", 3],
    autoReseedDisks: ["2", 2],
    spareDisks: ["0", 0],
    // Typed in capitals, held as the choice is spelt; Standard would refuse this design (15 copies a server).
    edition: ["ENTERPRISE", "Enterprise"],
    // Typed in capitals, held as the choice is spelt; "on" would refuse this design (Dell's process: no JBOD disks).
    mcdb: ["OFF", "off"],
    title: ["  Contoso mail 2027 ", "Contoso mail 2027"],
    preparedFor: ["Contoso, Ltd & partners", "Contoso, Ltd & partners"],
    preparedBy: ["J. Doe", "J. Doe"],
  };
  // An input typed above is read as typed; any other (a new one) is set one step from the reference design's, by its rule.
  const SET = Object.fromEntries(ALL_INPUTS.map((key) => [key, TYPED[key] ?? otherValue(key)])) as Record<keyof WorkbookInputs, [string, number | string | null]>;

  test("a design with 2 sites, active/passive, Exchange 2019 and every other input set is written with those inputs", async () => {
    const file = path.join(work, "every-input.xlsx");
    const args = inputOptions().flatMap((o) => [o.option, SET[o.key][0]]);
    const run = await design([...args, "-o", file]);
    expect(run.stderr).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.stdout.join("\n")).toContain("Exchange 2019, 3 + 3 servers in two sites (active/passive)");
    const inputs = (await load(file)).getWorksheet("Inputs")!;
    const read = Object.fromEntries(ALL_INPUTS.map((key) => [key, inputs.getCell(INPUT_CELLS[key]).value]));
    expect(read).toEqual(Object.fromEntries(ALL_INPUTS.map((key) => [key, SET[key][1]])));
  });

  test("the old short names are aliases of the long ones", async () => {
    const short = await design(["--quota", "4096", "--messages", "100", "--max-db", "500", "--dag-layout", "active/passive", "--json"]);
    const long = await design(["--quota-mb", "4096", "--messages-per-day", "100", "--max-database-gb", "500", "--layout", "active/passive", "--json"]);
    expect(short.code).toBe(0);
    expect(JSON.parse(short.stdout.join("\n"))).toEqual(JSON.parse(long.stdout.join("\n")));
    expect(JSON.parse(long.stdout.join("\n")).inputs).toMatchObject({ quotaMB: 4096, messagesPerDay: 100, maxDatabaseGB: 500, dagLayout: "active/passive" });
  });

  test('--servers-site2 "" is one site', async () => {
    const run = await design(["--servers-site2", "3", "--servers-site2=", "--json"]).catch(() => undefined);
    expect(run?.code).toBe(2); // given twice
    const one = await design(["--servers-site2", "", "--json"]);
    expect(one.code).toBe(0);
    expect(JSON.parse(one.stdout.join("\n")).inputs.serversSite2).toBeNull();
  });

  const rule = (key: keyof DesignInputs) => inputOptions().find((o) => o.key === key)!.rule.error;
  test.each<[string[], () => string]>([
    [["--users", "0"], () => `--users: ${rule("users")}; got "0"`],
    [["--users", "100000001"], () => `--users: ${rule("users")}; got "100000001"`],
    [["--copies", "2.5"], () => `--copies: ${rule("copies")}; got "2.5"`],
    [["--read-ratio", "1.5"], () => `--read-ratio: ${rule("readRatio")}; got "1.5"`],
    [["--servers-site1", "17"], () => `--servers-site1: ${rule("serversSite1")}; got "17"`],
    [["--servers-site1", ""], () => `--servers-site1: ${rule("serversSite1")}; got ""`],
    [["--exchange-version", "2007"], () => `--exchange-version: ${rule("exchangeVersion")}; got "2007"`],
    [["--array-raid", "RAID5"], () => `--array-raid: ${rule("arrayRaid")}; got "RAID5"`],
    [["--spindle-disk", "5K"], () => `--spindle-disk: ${rule("spindleDisk")}; got "5K"`],
    [["--layout", "active-passive"], () => `--layout: ${rule("dagLayout")}; got "active-passive" (did you mean active/passive?)`],
  ])("%j is refused with the message the workbook's data validation gives", async (args, message) => {
    const file = path.join(work, "refused.xlsx");
    const run = await design([...args, "-o", file]);
    expect(run.code).toBe(2);
    expect(run.stderr[0]).toBe(`exsize design: ${message()}`);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe("numbers are read as a person meant them", () => {
  test.each<[string, number]>([
    ["5000", 5000],
    ["5,000", 5000],
    ["1,000,000", 1000000],
    [" 7500 ", 7500],
  ])("--users %j is %d", async (typed, users) => {
    // Databases large enough that a million mailboxes fit two servers' 100 copies each.
    const run = await design(["--users", typed, "--max-db", "1000000", "--json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout.join("\n")).inputs.users).toBe(users);
  });

  test("a share takes a percent: --read-ratio 60% is 0.6, --peak-hour-log-share 10% is 0.1", async () => {
    const inputs = JSON.parse((await design(["--read-ratio", "60%", "--peak-hour-log-share", "10%", "--json"])).stdout.join("\n")).inputs;
    expect([inputs.readRatio, inputs.peakHourLogShare]).toEqual([0.6, 0.1]);
  });

  test("--quota 2,048.5 is 2048.5 MB", async () => {
    expect(JSON.parse((await design(["--quota", "2,048.5", "--json"])).stdout.join("\n")).inputs.quotaMB).toBe(2048.5);
  });

  test.each<[string[], string]>([
    [["--quota", "2048,5"], '--quota: "2048,5" is not a number: a comma may only separate thousands in groups of three (5,000); for a decimal write 2048.5'],
    [["--users", "50,00"], '--users: "50,00" is not a number: a comma may only separate thousands in groups of three (5,000); for a decimal write 50.00'],
    [["--users", "5,0000"], '--users: "5,0000" is not a number: a comma may only separate thousands in groups of three (5,000); for a decimal write 5.0000'],
    [["--message-kb", "75,4,1"], '--message-kb: "75,4,1" is not a number: a comma may only separate thousands in groups of three (5,000)'],
    [["--users", "5 000"], '--users: "5 000" is not a number'],
    // A percent only where the input is a share: 5000% is no count of 50 users.
    [["--users", "5000%"], '--users: users must be a whole number from 1 to 100,000,000; got "5000%", a percent, which only a share takes'],
    [["--quota-mb", "2048%"], '--quota-mb: quotaMB must be a number above 0 up to 10,000,000; got "2048%", a percent, which only a share takes'],
    [["--copies", "300%"], '--copies: copies must be a whole number from 1 to 16; got "300%", a percent, which only a share takes'],
    [["--servers-site1", "400%"], '--servers-site1: serversSite1 must be a whole number from 1 to 16; got "400%", a percent, which only a share takes'],
  ])("%j is refused, not read as another number", async (args, message) => {
    const file = path.join(work, "comma.xlsx");
    const run = await design([...args, "-o", file]);
    expect(run.code).toBe(2);
    expect(run.stderr[0]).toBe(`exsize design: ${message}`);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe("a design that cannot be built writes nothing", () => {
  test("--users 100000000 passes its own rule, but the design does not: exit 1, no file, no #VALUE! workbook", async () => {
    const file = path.join(work, "huge.xlsx");
    const run = await design(["--users", "100000000", "-o", file]);
    expect(run.code).toBe(1);
    expect(run.stdout).toEqual([]);
    expect(run.stderr.at(-1)).toBe(`exsize design: the design cannot be built; nothing written to ${file}`);
    expect(run.stderr.length).toBeGreaterThan(1);
    expect(fs.existsSync(file)).toBe(false);
  });

  test("with --json the refusal is JSON too: the inputs and the problems", async () => {
    const run = await design(["--users", "100000000", "--json"]);
    expect(run.code).toBe(1);
    const refused = JSON.parse(run.stdout.join("\n"));
    expect(refused).toMatchObject({ file: null, inputs: { users: 100000000 } });
    expect(refused.problems.length).toBeGreaterThan(0);
    expect(refused.design).toBeUndefined();
  });
});

describe("exsize design --json", () => {
  test("prints the inputs, the method and the design's numbers, and writes no file without --out", async () => {
    const run = await design(["--json"]);
    expect(run.stderr).toEqual([]);
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout.join("\n"));
    expect(printed.file).toBeNull();
    expect(printed.workbook).toBeNull();
    expect(printed.method).toBe("dell");
    expect(printed.inputs).toEqual({ ...REFERENCE_DESIGN_INPUTS, serversSite2: null, environmentUsers: null, databasesPerDag: null, title: null, preparedFor: null, preparedBy: null });
    // 000_72e1ddb9bbd1ecac.txt, Tables 18-19 and 3.4.2
    expect(printed.design).toMatchObject({
      databases: 12,
      databaseVolumes: 12,
      databaseVolumeGB: 1266,
      logVolumes: 12,
      logVolumeGB: 48,
      // The volumes as provisioned are the paper's 15,768 GB; the capacity to provision per copy adds
      // the rounding bound that keeps it from ever falling as the load rises (docs/whole-design.md).
      volumesGB: 15768,
      capacityPerCopyGB: 15780,
      databaseIops: 900,
      dagLogIops: 378,
      arrays: 2,
      arrayModel: "PS6500E 500GB",
    });
  });

  test("with --out it writes the file too, and says which", async () => {
    const file = path.join(work, "json.xlsx");
    const run = await design(["--users", "7500", "--json", "--out", file, "--customer"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout.join("\n"))).toMatchObject({ file, workbook: "customer copy", inputs: { users: 7500 } });
    expect(fs.existsSync(file)).toBe(true);
  });
});

describe("where exsize design writes", () => {
  test("-o is --out", async () => {
    const file = path.join(work, "short-o.xlsx");
    const run = await design(["-o", file]);
    expect(run.code).toBe(0);
    expect(run.stdout[0]).toMatch(new RegExp(`^Wrote ${file.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: the live design`));
  });

  test("an existing file is not overwritten without --force", async () => {
    const file = path.join(work, "existing.xlsx");
    fs.writeFileSync(file, "mine");
    const run = await design(["--users", "7500", "-o", file]);
    expect(run.code).toBe(2);
    expect(run.stderr).toEqual([`exsize design: ${file} exists; add --force to overwrite it`]);
    expect(fs.readFileSync(file, "utf8")).toBe("mine");
    const forced = await design(["--users", "7500", "-o", file, "--force"]);
    expect(forced.code).toBe(0);
    expect((await load(file)).getWorksheet("Inputs")!.getCell(INPUT_CELLS.users).value).toBe(7500);
  });

  describe("a full disk leaves every file as it was", () => {
    // The kernel writes what fits, then fails with ENOSPC: this stand-in for the file system does the same to the first write.
    const fullDisk: WholeFileIO = {
      ...fs.promises,
      writeFile: async (file, bytes) => {
        await fs.promises.writeFile(file, (bytes as Uint8Array).subarray(0, 65536));
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      },
    };
    const designOn = async (args: string[]) => {
      const stderr: string[] = [];
      const code = await runDesign(args, { stdout: () => undefined, stderr: (l) => stderr.push(l) }, fullDisk);
      return { code, stderr };
    };

    test.each([[[] as string[]], [["--customer"]]])("--force over a workbook %p: exit 1, the old workbook byte for byte, no temporary", async (extra) => {
      const folder = fs.mkdtempSync(path.join(work, "full-"));
      const file = path.join(folder, "keep.xlsx");
      fs.writeFileSync(file, "the user's own workbook");
      const run = await designOn(["-o", file, "--force", ...extra]);
      expect(run.code).toBe(1);
      expect(run.stderr).toEqual([`exsize design: cannot write ${file}: ENOSPC: no space left on device, write`]);
      expect(fs.readFileSync(file, "utf8")).toBe("the user's own workbook");
      expect(fs.readdirSync(folder)).toEqual(["keep.xlsx"]);
    });

    test("a new file: exit 1, nothing left behind", async () => {
      const folder = fs.mkdtempSync(path.join(work, "full-"));
      const run = await designOn(["-o", path.join(folder, "new.xlsx")]);
      expect(run.code).toBe(1);
      expect(fs.readdirSync(folder)).toEqual([]);
    });
  });

  test.each(["design.csv", "design.xls", "design", "design.xlsx.bak"])("--out %s is refused: the workbook is .xlsx", async (name) => {
    const file = path.join(work, name);
    const run = await design(["--out", file]);
    expect(run.code).toBe(2);
    expect(run.stderr[0]).toBe(`exsize design: --out must name an .xlsx file (the workbook is written as .xlsx); got ${JSON.stringify(file)}`);
    expect(fs.existsSync(file)).toBe(false);
  });

  test("--customer without --out is refused: the customer copy is a file", async () => {
    const run = await design(["--customer", "--json"]);
    expect(run.code).toBe(2);
    expect(run.stderr[0]).toBe("exsize design: --customer writes a file: add --out FILE.xlsx");
  });

  test("DESIGN.XLSX is an .xlsx file", async () => {
    const file = path.join(work, "UPPER.XLSX");
    expect((await design(["--out", file])).code).toBe(0);
  });
});

describe("a mistyped option gets a suggestion", () => {
  test.each<[string, string]>([
    ["--user", "--users"],
    ["--usres", "--users"],
    ["--Users", "--users"],
    ["--quota-md", "--quota-mb"],
    ["--layuot", "--layout"],
    ["--servers-site3", "--servers-site1"],
    ["--messages-per", "--messages-per-day"],
    ["--forse", "--force"],
    ["--jsno", "--json"],
  ])("%s: did you mean %s?", async (typed, meant) => {
    const run = await design([typed, "5", "--json"]);
    expect(run.code).toBe(2);
    expect(run.stderr[0]).toBe(`exsize design: unknown option ${JSON.stringify(typed)} (did you mean ${meant}?)`);
  });

  test("nothing near: no suggestion", async () => {
    expect((await design(["--zebra", "5", "--json"])).stderr[0]).toBe('exsize design: unknown option "--zebra"');
  });
});

describe("exsize design --help", () => {
  const help = designHelp().join("\n");

  test("lists every option with its default, unit and rule, generated from the template's input rows", () => {
    for (const o of inputOptions()) {
      const block = help.slice(help.indexOf(`  ${o.option}`));
      const [first, second] = block.split("\n");
      expect(first).toContain([o.option, ...o.aliases].join(", "));
      expect(first).toContain(o.label);
      expect(second).toContain(`default ${o.defaultValue === "" ? "empty" : o.defaultValue}`);
      expect(second).toContain(`rule: ${o.rule.error}`);
    }
    expect(help).toMatch(/--users N +Users: The number of mailboxes\n +default 5000; unit: users; rule: users must be a whole number from 1 to 100,000,000/);
    expect(help).toMatch(/--quota-mb, --quota MB .*\n +default 2048; unit: MB; rule: quotaMB must be/);
    for (const flag of ["-o, --out FILE.xlsx", "--force", "--customer", "--json", "-h, --help"]) expect(help).toContain(`  ${flag}`);
    expect(help).toContain("Exit status: 0");
  });

  test("is what runDesign --help prints", async () => {
    expect((await design(["--help"])).stdout.join("\n")).toBe(help);
  });
});

describe("a mistyped choice gets a suggestion only when it is plainly the same", () => {
  test.each<[string[], string]>([
    [["--layout", "active passive"], "active/passive"],
    [["--array-model", "PS6500E-2TB"], "PS6500E 2TB"],
    [["--array-model", "PS6500E 2BT"], "PS6500E 2TB"],
  ])("%j: did you mean %s?", async (args, meant) => {
    expect((await design([...args, "--json"])).stderr[0]).toMatch(new RegExp(`\\(did you mean ${meant}\\?\\)$`));
  });

  test("RAID5 is another level, not a typo of RAID50: no suggestion", async () => {
    expect((await design(["--array-raid", "RAID5", "--json"])).stderr[0]).not.toContain("did you mean");
  });
});
