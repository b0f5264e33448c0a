/**
 * `exsize design --preset dell-2010|dellemc-2016`: the second reference design, Dell EMC's
 * 100,000-mailbox Exchange 2016 design (004_1d3a339e6fd03f64.txt), printed by --json with every
 * published figure; options given after override the preset's values.
 */
import { designHelp, runDesign } from "../../src/cli/design";
import { QUANTITIES } from "../../src/engine/catalogue";

jest.setTimeout(120_000);

interface Printed {
  preset: string;
  method: string;
  inputs: Record<string, unknown>;
  design: Record<string, unknown>;
}

async function design(args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runDesign(args, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}
async function json(args: string[]): Promise<Printed> {
  const r = await design([...args, "--json"]);
  expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: [] });
  return JSON.parse(r.stdout.join("\n")) as Printed;
}

describe("--preset dellemc-2016 --json: 004's figures", () => {
  let printed: Printed;
  beforeAll(async () => {
    printed = await json(["--preset", "dellemc-2016"]);
  });
  test("the preset and Microsoft's method (004 §4.2)", () => {
    expect([printed.preset, printed.method]).toEqual(["dellemc-2016", "microsoft"]);
  });
  test("the inputs: 7,600 mailboxes of 20 GB + a 50 GB archive, 150 messages, 4 copies on 8 + 8 servers, Exchange 2016 (004 §2, §4, §5, Table 5)", () => {
    expect(printed.inputs).toMatchObject({ users: 7600, quotaMB: 20480, archiveMB: 51200, messagesPerDay: 150, copies: 4, serversSite1: 8, serversSite2: 8, exchangeVersion: 2016 });
  });
  test.each<[string, unknown]>([
    ["dags", 14], // 004 §4: 14 DAGs for 100,000 mailboxes
    ["serversPerDag", 16], // 004 §4, Table 5: 8 + 8
    ["usersPerDag", 7600], // 004 §4, §5
    ["environmentUsers", 100_000], // 004 §1
    ["environmentServers", 224], // 004 §4.1: fourteen DAGs of 16 servers
    ["databases", 336], // 004 §4, the activation table
    ["normalMailboxesPerServer", 475], // 004 §4, Table 5
    ["siteFailureMailboxesPerServer", 950], // 004 §4, Table 5
    ["worstMailboxesPerServer", 1086], // 004 §4.1, Table 5
    ["serverDatabaseIops", 229], // 004 §4.2, Figure 6 "/ Server"
    ["dagDatabaseIops", 3666], // 004 §4.2, Figure 6 "/ DAG"
    ["dagLogIops", 775], // 004 §4.2, Figure 6 "/ DAG"
    ["disksPerServer", 45], // 004 Table 4: 45 x 8TB
    ["databaseLogDisksPerServer", 42], // 004 §4, Table 5 (@erratum E7: not "14 x RAID 0 volumes")
    ["databasesPerVolume", 2], // 004 Table 5
    ["serverDisk", '8TB 7.2K NL-SAS 3.5"'], // 004 Table 4, Table 8
    ["serverDisksProblem", null],
  ])("%s is %p", (key, expected) => {
    expect(printed.design[key]).toEqual(expected);
  });
  test("mailboxesPerDatabase 22.62: 004's 23 (§4, Table 5) is the fullest database, 7,600 ÷ 336 rounded up", () => {
    expect(printed.design.mailboxesPerDatabase).toBe(22.62);
  });
  test("worstTargetIops 132, 004's (Table 9): 1,086 mailboxes at 0.121, the calculator's 0.1206 as Jetstress is given it (§5)", () => {
    expect(printed.design.worstTargetIops).toBe(132);
  });
  test("each quantity once, under the catalogue's key, whatever the method", async () => {
    const dell = await json([]);
    expect(Object.keys(printed.design)).toEqual(QUANTITIES.map((q) => q.key));
    expect(Object.keys(dell.design)).toEqual(QUANTITIES.map((q) => q.key));
    expect(printed).not.toHaveProperty("outputs");
    expect(printed).not.toHaveProperty("figures");
  });
});

describe("presets and overrides", () => {
  test("dell-2010 is the default: the 5,000-user design, one DAG, no server disks", async () => {
    const a = await json([]);
    const b = await json(["--preset", "dell-2010"]);
    expect(a).toEqual(b);
    expect([a.preset, a.method, a.design.dags, a.design.usersPerDag, a.design.databases, a.design.disksPerServer]).toEqual(["dell-2010", "dell", 1, 5000, 12, null]);
    expect(a.design.siteFailureMailboxesPerServer).toBeNull();
    expect(a.design.serverDisksProblem).toMatch(/arrays/);
  });
  test("an input given after the preset overrides it; the rest stay the preset's", async () => {
    const p = await json(["--preset", "dellemc-2016", "--messages-per-day", "200"]);
    expect(p.inputs).toMatchObject({ messagesPerDay: 200, users: 7600, copies: 4 });
    expect(p.design.serverDatabaseIops).toBeGreaterThan(229);
  });
  test("--environment-users, --disk and --databases-per-volume override the preset's", async () => {
    // 4 asked of 4 copies is the calculator's Input!C109 "Yes": every copy a volume (3 would be C109 "No": the preset's 2).
    const p = await json(["--preset", "dellemc-2016", "--environment-users", "50,000", "--databases-per-volume", "4", "--disk", '10000 GB 7.2K RPM SAS 3.5"']);
    expect([p.design.dags, p.design.databasesPerVolume, p.design.databaseLogDisksPerServer, p.design.disksPerServer, p.design.serverDisk]).toEqual([7, 4, 21, 24, '10TB 7.2K RPM SAS 3.5"']);
  });
  test("--users given without --environment-users: one DAG of them", async () => {
    const p = await json(["--preset", "dellemc-2016", "--users", "7000"]);
    expect([p.design.dags, p.design.environmentUsers]).toEqual([1, 7000]);
  });
  test.each<[string[], RegExp]>([
    [["--preset", "dell-2013"], /--preset must be dell-2010 or dellemc-2016; got "dell-2013"/],
    // The Inputs sheet's EnvironmentUsers rule (empty or 0: one DAG), as its cell's data validation says it.
    [["--environment-users", "12.5"], /--environment-users: environmentUsers must be a whole number from 0 to 1,000,000,000; got "12.5"/],
    // The Inputs sheet's server-disk rules: 0 databases a volume is "the most that fit".
    [["--databases-per-volume", "101"], /--databases-per-volume: databasesPerVolume must be a whole number from 0 to 100; got "101"/],
    [["--disk", "fast"], /--disk: serverDisk must be one of '8TB 7.2K NL-SAS 3.5"', .*got "fast"/],
    [["--spare-disks", "-1"], /--spare-disks: spareDisks must be a whole number from 0 to 100; got "-1"/],
  ])("%p is a usage error naming the option", async (args, message) => {
    const r = await design([...args, "--json"]);
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toMatch(message);
  });
  test("an environment smaller than a DAG is refused (exit 1), naming both", async () => {
    const r = await design(["--environment-users", "4000", "--json"]);
    expect(r.code).toBe(1);
    expect(r.stderr.join("\n")).toMatch(/environmentUsers .*at least a DAG's \(users, 5,000\); got 4000/);
  });
});

describe("docs/cli.md: the dellemc-2016 example prints the figures the page shows", () => {
  test("npx exsize design --preset dellemc-2016 --json", async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const readme = (require("fs") as typeof import("fs")).readFileSync(require("path").join(__dirname, "../../docs/cli.md"), "utf8");
    const block = /```sh\nnpx exsize design (--preset dellemc-2016 --json)\n {2}…\n {2}"design": (\{[\s\S]*?\n {2}\})\n\}\n```/.exec(readme);
    expect(block).not.toBeNull();
    const printed = await json(block![1].split(" ").slice(0, -1));
    expect(printed.design).toEqual(JSON.parse(block![2]));
  });
});

describe("the help's examples give the numbers they say", () => {
  test("exsize help: 'exsize design --preset dellemc-2016 --json: 14 DAGs, 336 databases, 45 disks a server'", async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { main } = require("../../src/cli/main") as typeof import("../../src/cli/main");
    const lines: string[] = [];
    const sink = { stdout: (l: string) => lines.push(l), stderr: (l: string) => lines.push(l) };
    expect(await main(["help"], sink as unknown as Parameters<typeof main>[1])).toBe(0);
    const claim = /exsize design (--preset dellemc-2016 --json): (\d+) DAGs, (\d+) databases, (\d+) disks a server/.exec(lines.join("\n"));
    expect(claim).not.toBeNull();
    const printed = await json(claim![1].split(" ").slice(0, -1));
    expect([printed.design.dags, printed.design.databases, printed.design.disksPerServer]).toEqual(claim!.slice(2).map(Number));
  });
  test("exsize help design: the preset example's figures", () => {
    const text = designHelp().join("\n");
    for (const figure of ["design.databases 336", "normalMailboxesPerServer 475", "siteFailureMailboxesPerServer 950", "worstMailboxesPerServer 1086", "serverDatabaseIops 229", "dagDatabaseIops 3666", "dagLogIops 775", "disksPerServer 45"]) {
      expect(text).toContain(figure);
    }
  });
});

describe("the text beside the written workbook", () => {
  // A disk that cannot hold one volume left a design with no server disks, and the text said nothing.
  test("a design whose disk holds no volume says it has no server disks, and why", async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require("fs") as typeof import("fs");
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { join } = require("path") as typeof import("path");
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const dir = fs.mkdtempSync(join(require("os").tmpdir(), "no-disks-"));
    try {
      // Counted from the disk, its databases fit it: 6 databases set (Input!G39) are 13 TB each.
      const r = await design(["--exchange-version", "2016", "--disk", '300GB 15K RPM SAS 2.5"', "--copies", "3", "--servers-site1", "3", "--quota-mb", "10240", "--max-db", "2048", "--databases-per-dag", "6", "--out", join(dir, "d.xlsx")]);
      expect(r.stdout).toEqual(expect.arrayContaining([expect.stringMatching(/^Server disks: none — disk: a volume of \d+ databases? needs [\d,.]+ GB; a 300GB 15K RPM SAS 2\.5" disk formats to [\d,.]+ GB/)]));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("names the environment, each server's mailboxes and IOPS, and its disks (004 §4, §4.2, Table 4)", async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fs = require("fs") as typeof import("fs");
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { join } = require("path") as typeof import("path");
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const dir = fs.mkdtempSync(join(require("os").tmpdir(), "preset-"));
    try {
      const r = await design(["--preset", "dellemc-2016", "--out", join(dir, "d.xlsx")]);
      expect(r.code).toBe(0);
      expect(r.stdout).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Inputs: 7,600 users, 20,480 MB quota \+ 51,200 MB archive, 150 messages\/day/),
          "Environment: 100,000 mailboxes as 14 DAGs of 7,600 (the figures below are one DAG's), 224 servers in all",
          "Per server: 475 active mailboxes in normal running, 950 after a site fails; 229 database IOPS (every copy it holds)",
          'Server disks: 45 × 8TB 7.2K NL-SAS 3.5" a server (42 for databases and logs, 2 databases each; 1 restore, 1 AutoReseed, 1 spare)',
        ]),
      );
      // The servers' own disks hold the databases: the papers' arrays and spindles close the text, to compare.
      expect(r.stdout.slice(-3)).toEqual([
        "The papers' method, to compare (Dell's and EMC's Exchange 2010 papers; not this design's storage):",
        "  Arrays: 44 × PS6500E 2TB (11 per copy)",
        "  Spindles: 15 (RAID5, 10K)",
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
