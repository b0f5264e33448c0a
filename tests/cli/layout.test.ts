/** `exsize layout`: the copy layout and its scenarios, as text and JSON (issue 8). */
import { main } from "../../src/cli/main";
import { EX_LAYOUT } from "../../src/functions/worksheet";

async function run(...argv: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

describe("exsize layout reproduces 004_1d3a339e6fd03f64.txt, 4 and its activation table (8 + 8 servers, 4 copies, 336 databases)", () => {
  const argv = ["layout", "--users", "7600", "--servers", "8,8", "--copies", "4", "--databases", "336"];

  test("--json: 21 / 24 / 42 / 48 databases and 475 / 543 / 950 / 1,086 mailboxes on the busiest server; 132 IOPS at 0.121", async () => {
    const { code, stdout } = await run(...argv, "--json");
    expect(code).toBe(0);
    const report = JSON.parse(stdout.join("\n"));
    const busiest = report.scenarios.map((s: { busiestServer: string; servers: Array<{ server: string; activeDatabases: number; activeMailboxes: number; targetIops: number }> }) =>
      s.servers.find((p) => p.server === s.busiestServer),
    );
    expect(busiest.map((b: { activeDatabases: number }) => b.activeDatabases)).toEqual([21, 24, 42, 48]);
    expect(busiest.map((b: { activeMailboxes: number }) => b.activeMailboxes)).toEqual([475, 543, 950, 1086]);
    expect(busiest[3].targetIops).toBe(132); // 004, Table 9: target 132
    expect(report.scenarios.map((s: { runningServers: number }) => s.runningServers)).toEqual([16, 15, 8, 7]);
    expect(report.databases).toHaveLength(336);
  });

  test("--json's copies are EX_LAYOUT's grid, cell for cell", async () => {
    const report = JSON.parse((await run(...argv, "--json")).stdout.join("\n"));
    const grid = EX_LAYOUT(7600, [[8, 8]], 4, "active/active", 336) as (string | number)[][];
    const header = grid[0].slice(1);
    report.databases.forEach((db: { name: string; copies: Array<{ server: string; preference: number }> }, d: number) => {
      expect(grid[d + 1][0]).toBe(db.name);
      for (const c of db.copies) expect(grid[d + 1][header.indexOf(c.server) + 1]).toBe(c.preference);
    });
  });

  test("text: the grid, then one line per scenario naming the busiest server", async () => {
    const { code, stdout } = await run(...argv);
    expect(code).toBe(0);
    expect(stdout[0]).toBe("DAG01: 7,600 mailboxes, 8 + 8 servers, 4 copies, active/active, 336 databases");
    expect(stdout[2]).toMatch(/^Database +MBX01 +MBX02 .* MBX16$/);
    expect(stdout[3].split(/ +/)).toEqual(["DB001", "1", "2", "3", "4", ""]);
    expect(stdout.find((l) => l.startsWith("site+server"))).toMatch(/busiest MBX10 with 48 databases, 1,086 mailboxes, 132 IOPS; 7 servers running/);
  });
});

describe("exsize layout, the other designs", () => {
  test("002_65f0dd5fd4776492.txt, 4.1 (6 + 3, 3 copies, active/passive): 4,167 a server after the site (@erratum E6); site+server not survivable", async () => {
    const { code, stdout } = await run("layout", "--users", "12500", "--servers", "6,3", "--copies", "3", "--layout", "active/passive");
    expect(code).toBe(0);
    expect(stdout.find((l) => l.startsWith("site ("))).toMatch(/4,167 mailboxes/);
    expect(stdout.find((l) => l.startsWith("site+server"))).toMatch(/not survivable — losing site 1 and then server MBX07 leaves 10 databases without an active copy/);
  });

  test("an impossible design says why and exits 1; a bad option exits 2", async () => {
    expect(await run("layout", "--servers", "2", "--copies", "3")).toEqual({
      code: 1,
      stdout: [],
      stderr: ["exsize layout: #VALUE! 3 copies of each database need 3 servers, and the DAG has 2: a server cannot hold two copies of one database"],
    });
    const bad = await run("layout", "--copies", "seventeen");
    expect(bad.code).toBe(2);
    expect(bad.stderr[0]).toBe('exsize layout: --copies must be a whole number from 1 to 16; got "seventeen"');
  });

  test("lagged copies are marked L and never activate", async () => {
    const { stdout } = await run("layout", "--servers", "2,2", "--copies", "4", "--lagged", "1", "--databases", "4");
    expect(stdout[3].split(/ +/)).toEqual(["DB01", "1", "2", "3", "4L"]);
  });

  test("help names the options", async () => {
    const { code, stdout } = await run("help", "layout");
    expect(code).toBe(0);
    expect(stdout.join("\n")).toMatch(/--databases N/);
  });
});
