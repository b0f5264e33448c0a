/**
 * What the generated deployment may do to a server (issue 25, item 10): the script never addresses
 * disk 0 (nearly always the system disk), and stops with a clear message before touching a server's
 * disks unless each one it would initialise is raw (PartitionStyle RAW) and offline; a lagged copy's
 * lag that rounds to 0.00:00:00 — no lag — is refused; and a database prefix leaves room for the
 * number within Exchange's 64-character database name (Microsoft, "New-MailboxDatabase", -Name:
 * "The maximum length is 64 characters").
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import fc from "fast-check";
import { main } from "../../src/cli/main";
import type { DagDesign } from "../../src/engine/failover";
import {
  DATABASE_NAME_MAX,
  DATABASE_PREFIX_MAX,
  DEFAULT_DEPLOYMENT_NAMES,
  DEFAULT_DEPLOYMENT_SETTINGS,
  DeploymentInputError,
  deploymentFiles,
  deploymentNameProblem,
  deploymentNames,
} from "../../src/workbook/deployment";

async function cliExport(...args: string[]): Promise<{ code: number; stderr: string[]; written: string[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-deploy-safety-"));
  try {
    const stderr: string[] = [];
    const code = await main(["export", "--out", dir, ...args], { stdout: () => undefined, stderr: (l) => stderr.push(l) });
    return { code, stderr, written: fs.readdirSync(dir) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const design: DagDesign = { users: 5000, serversPerSite: [2, 2], copies: 2, layout: "active/active", databases: 8 };

/** Each Invoke-Command block of the script: the server and its lines, in order. */
function serverBlocks(script: string): Array<{ server: string; lines: string[]; at: number }> {
  const lines = script.split("\r\n");
  const blocks: Array<{ server: string; lines: string[]; at: number }> = [];
  lines.forEach((line, i) => {
    const m = /^Invoke-Command -ComputerName '([^']+)' -ScriptBlock \{$/.exec(line);
    if (m) blocks.push({ server: m[1], lines: [], at: i });
    else if (blocks.length > 0 && line.startsWith("  ") && blocks[blocks.length - 1].at + blocks[blocks.length - 1].lines.length + 1 === i) blocks[blocks.length - 1].lines.push(line);
  });
  return blocks;
}

describe("disk 0 is never addressed", () => {
  test("export --start-disk 0 is a usage error naming --start-disk, nothing written", async () => {
    const r = await cliExport("--start-disk", "0");
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toMatch(/^exsize export: --start-disk must be a whole number from 1 to 1,000 \(disk 0 is .*system disk.*\); got "0"$/);
    expect(r.written).toEqual([]);
  });

  test("deploymentFiles refuses a start disk of 0 (the last guard)", () => {
    expect(() => deploymentFiles(design, DEFAULT_DEPLOYMENT_NAMES, { ...DEFAULT_DEPLOYMENT_SETTINGS, startDisk: 0 })).toThrow(DeploymentInputError);
  });

  test("no accepted settings give a script that names disk 0, and each disk is checked raw and offline before any is initialised", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 40 }), (startDisk, databasesPerVolume, databases) => {
        const script = deploymentFiles({ ...design, databases }, DEFAULT_DEPLOYMENT_NAMES, { ...DEFAULT_DEPLOYMENT_SETTINGS, startDisk, databasesPerVolume })["Deploy-Dag.ps1"];
        expect(script).not.toMatch(/-(Disk)?Number 0\b/);
        const lines = script.split("\r\n");
        const firstInit = lines.findIndex((l) => l.includes("Initialize-Disk"));
        expect(firstInit).toBeGreaterThan(0);
        for (const block of serverBlocks(script)) {
          for (const init of block.lines.filter((l) => l.includes("Initialize-Disk"))) {
            const disk = /-Number (\d+)/.exec(init)![1];
            // The same server's check of that disk comes before the script initialises any disk at all.
            const check = serverBlocks(script).find((b) => b.server === block.server && b.at < firstInit && b.lines.some((l) => l.includes(`Get-Disk -Number ${disk}`)));
            expect({ server: block.server, disk, checked: check !== undefined }).toEqual({ server: block.server, disk, checked: true });
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  test("the check stops with a message naming the server, the disk and what it found", () => {
    const script = deploymentFiles(design)["Deploy-Dag.ps1"];
    expect(script).toContain("$disk.PartitionStyle -ne 'RAW' -or -not $disk.IsOffline");
    expect(script).toMatch(/throw "Disk 5 of \$env:COMPUTERNAME is not a raw, offline disk/);
    // The disk is brought online only after every check passed.
    expect(script.indexOf("Set-Disk -Number 5 -IsOffline $false")).toBeGreaterThan(script.lastIndexOf("Get-Disk -Number 5"));
  });
});

describe("a lagged copy's lag that rounds to no lag is refused", () => {
  test("export --lag-days 0.0000001 with a lagged copy: a usage error naming --lag-days, nothing written", async () => {
    const r = await cliExport("--servers-site1", "3", "--copies", "3", "--lagged-copies", "1", "--lag-days", "0.0000001");
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toMatch(/^exsize export: --lag-days: a lagged copy's replay lag must be at least one second .*; got 0\.0000001 days, which ReplayLagTime rounds to 0\.00:00:00$/);
    expect(r.written).toEqual([]);
  });

  test("one second is the least lag (ReplayLagTime counts whole seconds)", async () => {
    expect((await cliExport("--servers-site1", "3", "--copies", "3", "--lagged-copies", "1", "--lag-days", String(1 / 86_400))).code).toBe(0);
  });

  test("without lagged copies the lag is not used, and not refused", async () => {
    expect((await cliExport("--lag-days", "0.0000001")).code).toBe(0);
  });

  test("deploymentFiles refuses a zero lag for a design with lagged copies", () => {
    const lagged = { ...design, serversPerSite: [3], copies: 3, laggedCopies: 1 };
    expect(() => deploymentFiles(lagged, DEFAULT_DEPLOYMENT_NAMES, { ...DEFAULT_DEPLOYMENT_SETTINGS, replayLag: "0.00:00:00" })).toThrow(/replay lag must be at least one second/);
  });
});

describe("a database prefix keeps the database names within Exchange's 64 characters", () => {
  test(`the prefix is at most ${64 - 6} characters: six digits follow it in a design of up to 100,000 databases`, () => {
    expect(DATABASE_NAME_MAX).toBe(64); // Microsoft, "New-MailboxDatabase", -Name
    expect(DATABASE_PREFIX_MAX).toBe(58);
    expect(deploymentNameProblem("the database prefix", "D".repeat(58), "databasePrefix")).toBeUndefined();
    expect(deploymentNameProblem("the database prefix", "D".repeat(59), "databasePrefix")).toMatch(/must be at most 58 characters \(a database's name is at most 64/);
  });

  test("export --database-prefix of 300 characters is a usage error, nothing written", async () => {
    const r = await cliExport("--database-prefix", "D".repeat(300));
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toMatch(/^exsize export: --database-prefix must be at most 58 characters/);
    expect(r.written).toEqual([]);
  });

  test("every accepted prefix gives names of at most 64 characters, whatever the database count", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: DATABASE_PREFIX_MAX }), fc.integer({ min: 1, max: 100_000 }), (length, databases) => {
        const prefix = "D".repeat(length);
        expect(deploymentNameProblem("p", prefix, "databasePrefix")).toBeUndefined();
        expect(deploymentNames({ ...DEFAULT_DEPLOYMENT_NAMES, databasePrefix: prefix }, 2, databases).database(databases - 1).length).toBeLessThanOrEqual(64);
      }),
    );
  });
});
