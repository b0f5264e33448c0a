/**
 * `exsize layout`: the design's copy layout and its scenarios, as text and JSON.
 * The design is `exsize design`'s for the same options: its databases, servers and copies.
 */
import { main } from "../../src/cli/main";
import { runDesign } from "../../src/cli/design";
import { EX_LAYOUT } from "../../src/functions/worksheet";

jest.setTimeout(60_000);

async function run(...argv: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

/**
 * 004's DAG (004_1d3a339e6fd03f64.txt, 4: 7,600 mailboxes on 8 + 8 servers, 4 copies, 336
 * databases) as a design: databases of at most 55 GB give Dell's process 318, balanced to 336.
 */
const DAG_004 = ["--users", "7600", "--servers-site1", "8", "--servers-site2", "8", "--copies", "4", "--max-db", "55"];

describe("exsize layout lays out 004's DAG as its activation table (004_1d3a339e6fd03f64.txt, 4 and 4.1)", () => {
  test("--json: 336 databases, 21 / 24 / 42 / 48 on the busiest server and 475 / 543 / 950 / 1,086 mailboxes", async () => {
    const { code, stdout } = await run("layout", ...DAG_004, "--json");
    expect(code).toBe(0);
    const report = JSON.parse(stdout.join("\n"));
    expect(report.design).toMatchObject({ method: "dell", users: 7600, serversPerSite: [8, 8], copies: 4, databases: 336, laggedCopies: 0 });
    const busiest = report.scenarios.map((s: { busiestServer: string; servers: Array<{ server: string; activeDatabases: number; activeMailboxes: number; targetIops: number }> }) =>
      s.servers.find((p) => p.server === s.busiestServer),
    );
    expect(busiest.map((b: { activeDatabases: number }) => b.activeDatabases)).toEqual([21, 24, 42, 48]);
    expect(busiest.map((b: { activeMailboxes: number }) => b.activeMailboxes)).toEqual([475, 543, 950, 1086]);
    // The design's own IOPS a mailbox (Dell's 0.18 for Exchange 2010), rounded up per server as the Resilience sheet does.
    expect(busiest[3].targetIops).toBe(Math.ceil(1086 * report.design.iopsPerMailbox));
    expect(report.scenarios.map((s: { runningServers: number }) => s.runningServers)).toEqual([16, 15, 8, 7]);
    expect(report.databases).toHaveLength(336);
  });

  test("--json's copies are EX_LAYOUT's grid, cell for cell", async () => {
    const report = JSON.parse((await run("layout", ...DAG_004, "--json")).stdout.join("\n"));
    const grid = EX_LAYOUT(7600, [[8, 8]], 4, "active/active", 336) as (string | number)[][];
    const header = grid[0].slice(1);
    report.databases.forEach((db: { name: string; copies: Array<{ server: string; preference: number }> }, d: number) => {
      expect(grid[d + 1][0]).toBe(db.name);
      for (const c of db.copies) expect(grid[d + 1][header.indexOf(c.server) + 1]).toBe(c.preference);
    });
  });

  test("text: the grid, then one line per scenario naming the busiest server", async () => {
    const { code, stdout } = await run("layout", ...DAG_004);
    expect(code).toBe(0);
    expect(stdout[0]).toBe("DAG01: 7,600 mailboxes, 8 + 8 servers, 4 copies, active/active, 336 databases (Dell's process)");
    expect(stdout[2]).toMatch(/^Database +MBX01 +MBX02 .* MBX16$/);
    expect(stdout[3].split(/ +/)).toEqual(["DB001", "1", "2", "3", "4", ""]);
    expect(stdout.find((l) => l.startsWith("site+server"))).toMatch(/busiest MBX10 with 48 databases, 1,086 mailboxes, \d+ IOPS; 7 servers running/);
  });
});

describe("exsize layout, the other designs", () => {
  test("002_65f0dd5fd4776492.txt, 4.1 (6 + 3, 3 copies, active/passive): 4,167 a server after the site (@erratum E6); site+server not survivable", async () => {
    const { code, stdout } = await run("layout", "--users", "12500", "--servers-site1", "6", "--servers-site2", "3", "--copies", "3", "--layout", "active/passive");
    expect(code).toBe(0);
    expect(stdout.find((l) => l.startsWith("site ("))).toMatch(/4,167 mailboxes/);
    expect(stdout.find((l) => l.startsWith("site+server"))).toMatch(/not survivable — losing site 1 and then server MBX07 leaves 10 databases without an active copy/);
  });

  test("the reference design: its 12 databases on two servers; a site's loss does not apply to one site", async () => {
    const { code, stdout } = await run("layout");
    expect(code).toBe(0);
    expect(stdout[0]).toBe("DAG01: 5,000 mailboxes, 2 servers, 2 copies, active/active, 12 databases (Dell's process)");
    expect(stdout.find((l) => l.startsWith("site ("))).toBe("site (the worst site down): does not apply — the DAG has one site");
  });

  test("a design that cannot be built says why and exits 1; a bad option exits 2", async () => {
    const impossible = await run("layout", "--copies", "3");
    expect(impossible.code).toBe(1);
    expect(impossible.stdout).toEqual([]);
    expect(impossible.stderr[0]).toMatch(/3 copies of each database need 3 servers, and the DAG has 2: a server cannot hold two copies of one database \(--copies, --servers-site1, --servers-site2, --layout\)$/);
    const bad = await run("layout", "--copies", "seventeen");
    expect(bad.code).toBe(2);
    expect(bad.stderr[0]).toBe('exsize layout: --copies: "seventeen" is not a number');
  });

  test.each<[string[], RegExp]>([
    [["--servers", "8,8"], /^exsize layout: unknown option "--servers": did you mean --servers-site1 and --servers-site2\? --servers 8,8 is now --servers-site1 8 --servers-site2 8$/],
    [["--databases", "336"], /^exsize layout: unknown option "--databases": the design's own database count is laid out/],
    [["--iops-per-mailbox", "0.121"], /^exsize layout: unknown option "--iops-per-mailbox": the per-server IOPS targets use the design's own/],
    [["--server-site1", "4"], /^exsize layout: unknown option "--server-site1" \(did you mean --servers-site1\?\)$/],
  ])("the old option %j says what replaced it: exit 2", async (args, message) => {
    const r = await run("layout", ...args);
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toMatch(message);
  });

  test("every design option, with design's names and defaults: layout --json's databases are design --json's", async () => {
    const args = ["--users", "9000", "--quota", "4096", "--exchange-version", "2019", "--servers-site1", "3", "--servers-site2", "3", "--copies", "3", "--max-database-gb", "1500"];
    const lines: string[] = [];
    expect(await runDesign([...args, "--json"], { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) })).toBe(0);
    const design = JSON.parse(lines.join("\n"));
    const layout = JSON.parse((await run("layout", ...args, "--json")).stdout.join("\n"));
    expect(layout.design.method).toBe(design.method);
    expect(layout.design.databases).toBe(design.design.databases);
    expect(layout.databases).toHaveLength(design.design.databases);
    expect(layout.servers).toHaveLength(design.design.servers);
  });

  test("help names every design option and the layout's own", async () => {
    const { code, stdout } = await run("help", "layout");
    expect(code).toBe(0);
    const help = stdout.join("\n");
    for (const option of ["--users", "--quota-mb", "--servers-site1", "--servers-site2", "--exchange-version", "--method", "--dag NAME", "--server-prefix", "--database-prefix", "--json", "Exit status: 0"]) expect(help).toContain(option);
    expect(help).not.toContain("--servers N");
  });
});

describe("exsize layout and export take exsize design's --preset", () => {
  test("--preset dellemc-2016: one of 004's DAGs, the databases design --json reports (336, 004_1d3a339e6fd03f64.txt §4.1), busiest 475 / 950 / 1,086", async () => {
    const lines: string[] = [];
    expect(await runDesign(["--preset", "dellemc-2016", "--json"], { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) })).toBe(0);
    const design = JSON.parse(lines.join("\n"));
    const { code, stdout } = await run("layout", "--preset", "dellemc-2016", "--json");
    expect(code).toBe(0);
    const report = JSON.parse(stdout.join("\n"));
    expect([report.design.method, report.design.databases, report.databases.length]).toEqual(["microsoft", design.design.databases, 336]);
    const mailboxes = report.scenarios.map((s: { busiestServer: string; servers: Array<{ server: string; activeMailboxes: number }> }) => s.servers.find((p) => p.server === s.busiestServer)!.activeMailboxes);
    expect([mailboxes[0], mailboxes[2], mailboxes[3]]).toEqual([475, 950, 1086]);
  });

  test("an input given after the preset overrides it; a preset that is none is a usage error", async () => {
    const given = JSON.parse((await run("layout", "--preset", "dellemc-2016", "--copies", "3", "--json")).stdout.join("\n"));
    expect(given.design.copies).toBe(3);
    const wrong = await run("layout", "--preset", "dell-2019");
    expect(wrong.code).toBe(2);
    expect(wrong.stderr[0]).toMatch(/--preset must be dell-2010 or dellemc-2016; got "dell-2019"/);
  });

  test("export --preset writes the preset's databases; with --from it is refused", async () => {
    const fs = await import("fs");
    const os = await import("os");
    const path = await import("path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-preset-"));
    try {
      const out = path.join(dir, "deploy");
      expect((await run("export", "--preset", "dellemc-2016", "--out", out)).code).toBe(0);
      const rows = fs.readFileSync(path.join(out, "MailboxDatabases.csv"), "utf8").split("\r\n").filter((l) => l !== "");
      expect(rows).toHaveLength(2 + 336);
      const both = await run("export", "--from", path.join(dir, "x.xlsx"), "--preset", "dellemc-2016", "--out", path.join(dir, "other"));
      expect(both.code).toBe(2);
      expect(both.stderr.join("\n")).toMatch(/--preset cannot be given with it/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
