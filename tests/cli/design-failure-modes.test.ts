/**
 * `exsize design --json`'s figures of Microsoft's method: the busiest server's active
 * databases and megacycles in each failure mode, and the transport (Safety Net) database, for 004's
 * DAG (004_1d3a339e6fd03f64.txt) — checked against Microsoft's Exchange Server Role Requirements
 * Calculator v7.6 recalculated at 7,600 mailboxes of 150 messages on 8 + 8 servers with 4 copies
 * (Input C26:8, C30:4, C32:2, C55:7600, C57:150, C60:20480 on the one-DAG base of
 * tests/fixtures/microsoft-calculator.json s30): its own 112 databases hold three times the
 * mailboxes of 004's 336, with a third of the active databases, so the megacycles are the same.
 */
import { runDesign } from "../../src/cli/design";

jest.setTimeout(120_000);

async function figures(args: string[]): Promise<Record<string, unknown>> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runDesign([...args, "--json"], { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  expect({ code, stderr }).toEqual({ code: 0, stderr: [] });
  return (JSON.parse(stdout.join("\n")) as { design: Record<string, unknown> }).design;
}

describe("--preset dellemc-2016 --json: Microsoft's failure modes, transport and the environment's totals", () => {
  let f: Record<string, unknown>;
  beforeAll(async () => {
    f = await figures(["--preset", "dellemc-2016"]);
  });
  test.each<[string, unknown]>([
    ["normalActiveDatabases", 21], // 004 §4.1, the activation table
    ["serverActiveDatabases", 24], // 004 §4.1
    ["siteActiveDatabases", 42], // 004 §4.1
    ["siteServerActiveDatabases", 48], // 004 §4.1
    ["siteDoubleServerActiveDatabases", null], // two HA copies a site survive no third failure (Role Requirements!C129 "--")
    ["normalMegacycles", 7092], // Role Requirements!C199 + C200 + C201: 3,028.1 + 2,928.4 + 1,135.5
    ["serverMegacycles", 7547], // D199:D201: 3,460.7 + 2,788.9 + 1,297.8
    // The calculator's rule at 004's 336 (C121): 27; at its own 112 for this load (E199:E201) 9 active databases
    // and 8,003 megacycles, the same mailboxes. Sized never less (docs/whole-design.md), 33: below.
    ["doubleServerActiveDatabases", 27],
    ["doubleServerMegacycles", 8003],
    ["siteMegacycles", 10280], // F199:F201: 6,056.3 + 1,952.3 + 2,271.1
    ["siteServerMegacycles", 11190], // G199:G201 and C256: 11,190.3, the worst
    ["siteDoubleServerMegacycles", null],
    ["transportGBPerServer", 210], // Role Requirements!C184: 209.67
    ["transportGBPerDag", 3355], // Role Requirements!E273: 3,354.75
    ["environmentDatabases", 4704], // 004 §4: 14 DAGs of 336 databases
    ["environmentDisks", 10080], // 004 §4.1, Table 4: 224 servers of 45 disks
  ])("%s is %p", (key, expected) => {
    expect(f[key]).toEqual(expected);
  });
});

test("--server-sizing 'never less': a balancing unit's active databases, once a unit (33 on a double failure)", async () => {
  // 004's 336 are three units of 112; at 112 the calculator's rule gives 9 and two more for a count short of
  // its symmetric one (C121), so 11 a unit and 33; the megacycles of 33 active databases.
  const f = await figures(["--preset", "dellemc-2016", "--server-sizing", "never less"]);
  expect([f.doubleServerActiveDatabases, f.doubleServerMegacycles, f.siteServerActiveDatabases]).toEqual([33, 8914, 48]);
});

test("by Dell's method the figures of Microsoft's are null; one DAG's environment is the DAG", async () => {
  const f = await figures(["--preset", "dell-2010"]);
  expect([f.siteActiveDatabases, f.normalMegacycles, f.transportGBPerServer, f.environmentDisks]).toEqual([null, null, null, null]);
  expect(f.environmentDatabases).toBe(f.databases);
});

describe("the servers sized never less, beside the calculator's (docs/whole-design.md)", () => {
  const args = ["--exchange-version", "2016", "--users", "6000", "--archive-mb", "10240", "--copies", "3", "--servers-site1", "4"];
  test("--json gives both; the text says the never-less figure where it is more", async () => {
    const f = await figures(args);
    expect([f.coresPerServer, f.memoryPerServerGB, f.neverLessCoresPerServer, f.neverLessMemoryPerServerGB]).toEqual([15, 128, 19, 160]);
    const os = await import("node:os");
    const fs = await import("node:fs");
    const path = await import("node:path");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "never-less-"));
    const stdout: string[] = [];
    const code = await runDesign([...args, "--out", path.join(dir, "d.xlsx")], { stdout: (l) => stdout.push(l), stderr: () => undefined });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(code).toBe(0);
    expect(stdout).toContain('Sized never less (more load never buys less; --server-sizing "never less"): 19 cores and 160 GB memory each');
    // Sized never less, the design's own figures: no second line.
    const own: string[] = [];
    const dir2 = fs.mkdtempSync(path.join(os.tmpdir(), "never-less-"));
    await runDesign([...args, "--server-sizing", "never less", "--out", path.join(dir2, "d.xlsx")], { stdout: (l) => own.push(l), stderr: () => undefined });
    fs.rmSync(dir2, { recursive: true, force: true });
    expect(own.some((l) => l.startsWith("Sized never less"))).toBe(false);
    expect(own).toContain("Servers: 4, 19 cores and 160 GB memory each (cores: the calculator's baseline server (33.75 SPECint2006 a core, 2,000 megacycles a core))");
  });
});
