/**
 * `exsize compare`: every combination of the varied inputs over the base design, each
 * row what `exsize design --json` prints for those options alone; a refused design is a row with its
 * reason; ranges; CSV neutralised as the deployment's export; progress only on a terminal; Ctrl-C.
 */
import { COMPARE_USAGE, EXIT_INTERRUPTED, MAX_DESIGNS, csvLines, readVary, runCompare, valueTexts, type CompareRow, type ProgressOutput } from "../../src/cli/compare";
import { runDesign } from "../../src/cli/design";
import { UsageError } from "../../src/cli/design-options";
import { main } from "../../src/cli/main";
import { REFERENCE_DESIGN_INPUTS } from "../../src/engine/design";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

function capture(tty?: boolean): { out: ProgressOutput; stdout: string[]; stderr: string[]; progress: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const progress: string[] = [];
  const out: ProgressOutput = { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l), ...(tty === undefined ? {} : { isTTY: tty, progress: (t: string) => progress.push(t) }) };
  return { out, stdout, stderr, progress };
}

async function compare(args: string[], tty?: boolean) {
  const c = capture(tty);
  const code = await runCompare(args, c.out);
  return { code, ...c };
}

async function designJson(args: string[]): Promise<{ code: number; printed: Record<string, unknown> }> {
  const c = capture();
  const code = await runDesign([...args, "--json"], c.out);
  return { code, printed: JSON.parse(c.stdout.join("\n")) as Record<string, unknown> };
}

describe("each row is exsize design --json for its options alone", () => {
  // Both methods, one and two sites, a refusal (3 copies on 2 servers) and an empty value (one site).
  const base = ["--servers-site1", "3", "--quota-mb", "5120"];
  const vary = ["--vary", "exchange-version=2010,2016", "--vary", "copies=2,3,4", "--vary", "servers-site2=,3", "--vary", "users=4000,25000"];

  test("--json: a list of {preset, method, inputs, outputs, figures}, or {inputs, problems}, each design --json's less file and workbook", async () => {
    const r = await compare([...base, ...vary, "--json"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout.join("\n")) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(2 * 3 * 2 * 2);
    let refused = 0;
    for (const [i, row] of rows.entries()) {
      // The first varied input varies slowest.
      const version = [2010, 2016][Math.floor(i / 12)];
      const copies = [2, 3, 4][Math.floor(i / 4) % 3];
      const site2 = ["", "3"][Math.floor(i / 2) % 2];
      const users = [4000, 25000][i % 2];
      const alone = await designJson([...base, "--exchange-version", String(version), "--copies", String(copies), `--servers-site2=${site2}`, "--users", String(users)]);
      const inputs = row.inputs as Record<string, unknown>;
      expect([inputs.exchangeVersion, inputs.copies, inputs.serversSite2, inputs.users]).toEqual([version, copies, site2 === "" ? null : 3, users]);
      if ("problems" in row) {
        refused++;
        expect(alone.code).toBe(1);
        expect(row).toEqual({ inputs: alone.printed.inputs, problems: alone.printed.problems });
      } else {
        expect(alone.code).toBe(0);
        const { file, workbook, ...printed } = alone.printed;
        expect([file, workbook]).toEqual([null, null]);
        expect(row).toEqual(printed);
        expect(JSON.stringify(row)).toBe(JSON.stringify(printed));
      }
    }
    // 4 copies on 3 servers in one site, never; both methods sized some.
    expect(refused).toBeGreaterThan(0);
    expect(new Set(rows.filter((r) => "method" in r).map((r) => r.method))).toEqual(new Set(["dell", "microsoft"]));
  });

  test("--preset and exsize design's other options: each row exsize design --json's for the same options", async () => {
    const args = ["--preset", "dellemc-2016", "--disk", "10TB 7.2K RPM SAS 3.5\"", "--vary", "users=7600,10000", "--vary", "copies=3,4"];
    const r = await compare([...args, "--json"]);
    expect(r.code).toBe(0);
    const rows = JSON.parse(r.stdout.join("\n")) as Array<Record<string, unknown>>;
    expect(rows).toHaveLength(4);
    for (const [i, row] of rows.entries()) {
      const alone = await designJson(["--preset", "dellemc-2016", "--disk", "10TB 7.2K RPM SAS 3.5\"", "--users", ["7600", "10000"][i >> 1], "--copies", ["3", "4"][i % 2]]);
      const { file, workbook, ...printed } = alone.printed;
      expect([file, workbook]).toEqual([null, null]);
      // The preset's 336 databases are set (the calculator's Input!G39): 10,000 mailboxes with 4 copies keep them too.
      expect(alone.code).toBe(0);
      expect(row).toEqual(printed);
    }
    expect(rows[0].preset).toBe("dellemc-2016");
    expect((rows[0].design as Record<string, unknown>).disksPerServer).toBe(((await designJson(["--preset", "dellemc-2016", "--disk", "10TB 7.2K RPM SAS 3.5\"", "--users", "7600", "--copies", "3"])).printed.design as Record<string, unknown>).disksPerServer);
  });

  test("the table: the varied inputs then the figures, a refused design's row saying why", async () => {
    const r = await compare(["--vary", "users=5000,20000", "--vary", "copies=2,3"]);
    expect(r.code).toBe(0);
    expect(r.stderr).toEqual([]);
    expect(r.stdout).toHaveLength(5);
    expect(r.stdout[0]).toMatch(/^\s*users\s+copies\s+method\s+databases\s+volumes\s+capacity GB\s+DB IOPS\s+log IOPS\s+disks a server\s+MCDB SSDs\s+arrays\s+spindles\s+servers\s+cores\s+memory GB\s+worst failure$/);
    const alone = (await designJson(["--users", "5000"])).printed.design as Record<string, number | string>;
    expect(r.stdout[1]).toMatch(/^\s*5,000\s+2\s+dell\s+12\s+12 × 1,266 GB\s+31,560\s+900\s+378\s+2 × PS6500E 500GB\s+15\s+2\s+5\s+34\s+One server$/);
    expect(r.stdout[1]).toContain(`${alone.databaseVolumes} × ${alone.databaseVolumeGB.toLocaleString("en-US")} GB`);
    expect(r.stdout[2]).toMatch(/^\s*5,000\s+3\s+cannot be built: copies and servers: 3 copies of each database need 3 servers, and the DAG has 2.*\(--copies, --servers-site1/);
    expect(r.stdout[3]).toMatch(/^\s*20,000\s+2\s+dell\s+46\s/);
  });

  test("a choice shows as it is (Exchange 2010, not 2,010); an empty cell as (empty)", async () => {
    const r = await compare(["--servers-site1", "3", "--vary", "exchange-version=2010,2019", "--vary", "servers-site2=,3"]);
    expect(r.code).toBe(0);
    expect(r.stdout.slice(1).map((l) => l.split(/\s+/).slice(0, 3).join(" "))).toEqual(["2010 (empty) dell", "2010 3 dell", "2019 (empty) microsoft", "2019 3 microsoft"]);
  });

  test("text is left-aligned as typed; a number right-aligned", async () => {
    const r = await compare(["--vary", "title=Plan A,Plan B2", "--vary", "users=500,25000"]);
    expect(r.code).toBe(0);
    expect(r.stdout.slice(1).map((l) => l.slice(0, 16))).toEqual(["Plan A      500 ", "Plan A   25,000 ", "Plan B2     500 ", "Plan B2  25,000 "]);
  });

  test("every design refused: each row says why, exit 1", async () => {
    const r = await compare(["--vary", "copies=3,4"]);
    expect(r.code).toBe(1);
    expect(r.stdout.slice(1).every((l) => l.includes("cannot be built: copies and servers"))).toBe(true);
    expect(r.stderr).toEqual(["exsize compare: none of the 2 designs can be built; each row says why"]);
  });

  test("exsize compare runs through main, and its help through exsize help compare", async () => {
    const c = capture();
    expect(await main(["compare", "--vary", "users=1000,2000", "--csv"], c.out)).toBe(0);
    expect(c.stdout).toHaveLength(3);
    const h = capture();
    expect(await main(["help", "compare"], h.out)).toBe(0);
    expect(h.stdout[0]).toBe(COMPARE_USAGE);
  });
});

describe("--vary: values, ranges and usage errors", () => {
  test.each<[string, string[]]>([
    ["5000..50000/5000", ["5000", "10000", "15000", "20000", "25000", "30000", "35000", "40000", "45000", "50000"]],
    ["1..3", ["1", "2", "3"]],
    ["0.1..0.3/0.1", ["0.1", "0.2", "0.3"]],
    ["1000..2500/1000", ["1000", "2000"]],
    ["7..7", ["7"]],
    ["2048,5120", ["2048", "5120"]],
    [",3", ["", "3"]],
  ])("%s gives %j", (list, texts) => {
    expect(valueTexts(list, "--vary x")).toEqual(texts);
  });

  test("a range is read as numbers by the input's rule", () => {
    expect(readVary("users=5000..50000/5000").values).toEqual([5000, 10000, 15000, 20000, 25000, 30000, 35000, 40000, 45000, 50000]);
    expect(readVary("--quota=1024,2048").values).toEqual([1024, 2048]);
    // A percent only for a share: users=5000% is refused, read-ratio=60% is 0.6.
    expect(() => readVary("users=5000%,200")).toThrow('--vary users: users must be a whole number from 1 to 100,000,000; got "5000%", a percent, which only a share takes');
    expect(readVary("read-ratio=60%,0.7").values).toEqual([0.6, 0.7]);
    expect(readVary("layout=Active/Passive,active/active").values).toEqual(["active/passive", "active/active"]);
  });

  test("a range of users prints a row each", async () => {
    const r = await compare(["--vary", "users=5000..50000/5000", "--servers-site1", "4"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toHaveLength(11);
    expect(r.stdout[10]).toMatch(/^\s*50,000\s/);
  });

  test.each<[string[], RegExp]>([
    [["--vary", "usres=1,2"], /^exsize compare: --vary: no input option "usres" \(did you mean users\?\)/],
    [["--vary", "--copeis=1,2"], /no input option "copeis" \(did you mean copies\?\)/],
    [["--vary", "users"], /^exsize compare: --vary needs OPTION=V1,V2,…; got "users"$/],
    [["--vary"], /--vary needs a value/],
    [["--vary", "users=1000,0"], /^exsize compare: --vary users: users must be a whole number from 1 to 100,000,000; got "0"$/],
    [["--vary", "users=5,000,10,000"], /--vary users: .*got "000" \(a comma separates values here: write 5000, not 5,000\)/],
    [["--vary", "copies=2..1"], /--vary copies: the range's last value must not be below its first/],
    [["--vary", "copies=1..3/0"], /--vary copies: the range's step must be more than 0/],
    [["--vary", "layout=sideways"], /--vary layout: dagLayout must be one of/],
    [["--vary", "users=1..1000000"], /--vary users: the range has 1,000,000 values; at most 100,000 designs/],
    [["--vary", "users=1..1000", "--vary", "quota-mb=1..1000"], /more than 100,000 designs, the most a comparison sizes/],
    [["--users", "100", "--vary", "users=1,2"], /--users is given and varied/],
    [["--vary", "users=1,2", "--vary", "users=3"], /--vary users given twice/],
    [["--vary", "users=1,2", "--json", "--csv"], /--json and --csv: choose one/],
    [["--users", "5"], /--vary OPTION=V1,V2,… is required/],
    [["--vary", "users=1,2", "--usres", "3"], /unknown option "--usres" \(did you mean --users\?\)/],
    [["--vary", "users=1,2", "--out", "x.csv"], /--out must name an \.xlsx file/],
  ])("%j: exit 2 naming the option", async (args, message) => {
    const r = await compare(args);
    expect(r.code).toBe(2);
    expect(r.stdout).toEqual([]);
    expect(r.stderr[0]).toMatch(message);
    expect(r.stderr[1]).toBe(COMPARE_USAGE);
  });

  test("the cap is MAX_DESIGNS exactly", () => {
    expect(MAX_DESIGNS).toBe(100_000);
    expect(() => valueTexts("1..100000", "--vary users")).not.toThrow();
    expect(() => valueTexts("1..100001", "--vary users")).toThrow(UsageError);
  });
});

describe("--csv", () => {
  test("a header and a row per design: the varied inputs, method, every output of --json, problems", async () => {
    const r = await compare(["--vary", "copies=2,3", "--csv"]);
    expect(r.code).toBe(0);
    const json = JSON.parse((await compare(["--vary", "copies=2,3", "--json"])).stdout.join("\n")) as Array<{ design?: Record<string, unknown> }>;
    const keys = Object.keys(json[0].design!);
    expect(r.stdout[0]).toBe(["copies", "method", ...keys, "problems"].map((k) => `"${k}"`).join(","));
    expect(r.stdout[1]).toBe(['"2"', '"dell"', ...keys.map((k) => `"${String(json[0].design![k] ?? "")}"`), '""'].join(","));
    expect(r.stdout[2]).toMatch(new RegExp(`^"3","",("",){${keys.length}}"copies and servers: 3 copies of each database need 3 servers`));
  });

  test("a field a spreadsheet would run as a formula starts with a quote, as the deployment's CSVs", () => {
    const [copies] = [readVary("copies=2")];
    const rows: CompareRow[] = [
      { inputs: { ...REFERENCE_DESIGN_INPUTS, copies: 2 }, problems: ['=HYPERLINK("http://evil.example","x")', "+1", "-1", "@SUM(A1)"] },
      { inputs: { ...REFERENCE_DESIGN_INPUTS, copies: 2 }, problems: ["-2"] },
    ];
    const lines = csvLines([copies], rows);
    expect(lines[1].endsWith(`"'=HYPERLINK(""http://evil.example"",""x""); +1; -1; @SUM(A1)"`)).toBe(true);
    expect(lines[2].endsWith(`"'-2"`)).toBe(true);
  });
});

describe("progress on standard error only on a terminal, and Ctrl-C", () => {
  const sweep = ["--vary", "users=1000..1250", "--json"];

  test("on a terminal: progress redrawn in place, then cleared; standard output unchanged", async () => {
    const tty = await compare(sweep, true);
    const piped = await compare(sweep, false);
    expect(tty.code).toBe(0);
    expect(tty.progress[0]).toBe("\rexsize compare: 0 of 251 designs");
    expect(tty.progress.every((t) => t.startsWith("\r"))).toBe(true);
    expect(tty.progress.at(-1)).toBe("\r\x1b[K");
    expect(tty.stderr).toEqual([]);
    expect(tty.stdout).toEqual(piped.stdout);
  });

  test("piped (or no terminal said): no progress at all", async () => {
    const piped = await compare(sweep, false);
    expect(piped.progress).toEqual([]);
    expect(piped.stderr).toEqual([]);
    const unknown = await compare(sweep);
    expect(unknown.stderr).toEqual([]);
  });

  test("Ctrl-C (SIGINT) stops: nothing printed, exit 130, the handler removed", async () => {
    const listeners = process.listenerCount("SIGINT");
    const c = capture(true);
    // The first progress line comes before any design is sized: Ctrl-C then.
    const out: ProgressOutput = { ...c.out, progress: (t) => (c.progress.push(t), t.includes(" 0 of ") ? void process.emit("SIGINT", "SIGINT") : undefined) };
    const code = await runCompare(sweep, out);
    expect(code).toBe(EXIT_INTERRUPTED);
    expect(c.stdout).toEqual([]);
    // It stops at the first check, after the first chunk of 100, not at the end.
    expect(c.stderr).toEqual(["exsize compare: stopped (Ctrl-C) after 100 of 251 designs; nothing printed"]);
    expect(process.listenerCount("SIGINT")).toBe(listeners);
  });
});

describe("the table shows what each design buys", () => {
  test("--vary server-disk: each row's disks a server is that disk's, as exsize design --json prints it (no longer the papers' spindles)", async () => {
    const disks = ['8TB 7.2K NL-SAS 3.5"', '12TB 7.2K RPM SAS 3.5"'];
    const r = await compare(["--preset", "dellemc-2016", "--databases-per-volume", "0", "--vary", `server-disk=${disks.join(",")}`]);
    expect(r.code).toBe(0);
    // The column is right-aligned: a row's figure ends where the heading ends.
    const end = r.stdout[0].indexOf("disks a server") + "disks a server".length;
    const shown = r.stdout.slice(1).map((line) => Number(/(\S+)$/.exec(line.slice(0, end))![1].replace(/,/g, "")));
    const alone = await Promise.all(disks.map(async (disk) => ((await designJson(["--preset", "dellemc-2016", "--databases-per-volume", "0", "--server-disk", disk])).printed.design as Record<string, number>).disksPerServer));
    expect(shown).toEqual(alone);
    expect(new Set(shown).size).toBe(2);
  });
});
