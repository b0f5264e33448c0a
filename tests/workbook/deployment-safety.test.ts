/**
 * What the generated deployment may do to a server: the script never addresses
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
import { scriptServers, scriptSetting } from "../support/deploy-script";

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

/** The lines of the step that starts at the comment `# N.` up to the next step's comment (or the end). */
function step(script: string, n: number): string[] {
  const lines = script.split("\r\n");
  const from = lines.findIndex((l) => l.startsWith(`# ${n}. `));
  expect(from).toBeGreaterThan(0);
  const to = lines.findIndex((l, i) => i > from && /^# \d+\. /.test(l));
  return lines.slice(from, to < 0 ? undefined : to);
}

/** The commands that change a disk: its state, its partitions, its file system, its mount points. */
const CHANGES_A_DISK = /\b(Set-Disk|Initialize-Disk|Clear-Disk|New-Partition|Remove-Partition|Format-Volume|Add-PartitionAccessPath|Set-Partition)\b/;

/** The loop over every server's disks of $Servers that each of steps 0 and 1 is. */
const OVER_THE_DISKS = ["foreach ($server in $Servers.Keys) {", "  $disks = $Servers[$server]", "  Invoke-Command -ComputerName $server -ScriptBlock {"];

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

  test("no accepted settings give a script that names disk 0; each disk it changes is a row of $Servers, checked raw and offline before any is changed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 2 }),
        fc.integer({ min: 0, max: 1 }),
        fc.option(fc.record({ ssdsPerServer: fc.integer({ min: 1, max: 16 }), ssdGB: fc.constantFrom(400, 1600, 7680) }), { nil: undefined }),
        (startDisk, databasesPerVolume, databases, autoReseedVolumes, restoreVolumes, mcdb) => {
          const settings = { ...DEFAULT_DEPLOYMENT_SETTINGS, startDisk, databasesPerVolume, autoReseedVolumes, restoreVolumes, ...(mcdb ? { mcdb } : {}) };
          const script = deploymentFiles({ ...design, databases }, DEFAULT_DEPLOYMENT_NAMES, settings)["Deploy-Dag.ps1"];
          // The disks: each server's, numbered from the start disk, its volumes, spares and restore volumes.
          for (const server of scriptServers(script)) {
            const volumes = Math.ceil(server.disks.filter((d) => d.databases.length > 0).length);
            expect(server.disks.map((d) => d.disk)).toEqual(Array.from({ length: volumes + autoReseedVolumes + restoreVolumes }, (_, i) => startDisk + i));
          }
          // No number in the script's code addresses a disk: every disk command takes $d.Disk, a row of $Servers.
          expect(script).not.toMatch(/-(Disk)?Number \d/);
          const zero = step(script, 0);
          const one = step(script, 1);
          expect(zero.slice(2, 5)).toEqual(OVER_THE_DISKS);
          expect(one.slice(2, 5)).toEqual(OVER_THE_DISKS);
          expect(zero).toContain("      $disk = Get-Disk -Number $d.Disk");
          expect(zero.filter((l) => CHANGES_A_DISK.test(l))).toEqual([]);
          // Only step 1 changes a disk, and it comes after step 0 has checked them all.
          const lines = script.split("\r\n");
          const changes = lines.flatMap((l, i) => (CHANGES_A_DISK.test(l) && !l.trimStart().startsWith("#") ? [i] : []));
          const firstOfOne = lines.indexOf(one[0]);
          expect(changes.every((i) => i > firstOfOne && i < firstOfOne + one.length)).toBe(true);
          expect(lines.indexOf(zero[0])).toBeLessThan(firstOfOne);
          for (const l of one.filter((line) => CHANGES_A_DISK.test(line))) expect(l).toMatch(/-(Disk)?Number \$d\.Disk|-Partition \$partition/);
          // MCDB: Manage-MCDB formats raw SSDs, so it runs only with the design's SSDs, and step 0 counts them first.
          if (mcdb) {
            expect(scriptSetting(script, "McdbSsdsPerServer")).toBe(mcdb.ssdsPerServer);
            expect(scriptSetting(script, "McdbSsdSizeInBytes")).toBe(mcdb.ssdGB * 1e9);
            expect(zero.join("\n")).toMatch(/if \(\$ssds\.Count -ne \$want\) \{\n\s+throw /);
            expect(lines.findIndex((l) => l.trimStart().startsWith("Manage-MCDB "))).toBeGreaterThan(firstOfOne + one.length);
          } else {
            expect(script).not.toMatch(/Manage-MCDB|MetaCache|Get-PhysicalDisk/);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  test("the check stops with a message naming the server, the disk and what it found, before step 1 brings any disk online", () => {
    const script = deploymentFiles(design)["Deploy-Dag.ps1"];
    const zero = step(script, 0).join("\n");
    expect(zero).toContain("if ($disk.PartitionStyle -ne 'RAW' -or -not $disk.IsOffline) {");
    expect(zero).toMatch(/throw "Disk \$\(\$d\.Disk\) of \$env:COMPUTERNAME is not a raw, offline disk \(partition style \$\(\$disk\.PartitionStyle\), offline: \$\(\$disk\.IsOffline\)\).*nothing was changed"/);
    expect(script.indexOf("Set-Disk -Number $d.Disk -IsOffline $false")).toBeGreaterThan(script.lastIndexOf("Get-Disk -Number $d.Disk"));
    expect(scriptServers(script).map((s) => s.disks.map((d) => d.disk))).toEqual([[5, 6, 7, 8], [5, 6, 7, 8], [5, 6, 7, 8], [5, 6, 7, 8]]);
  });

  test("with MCDB, a server with more or fewer raw SSDs than the design gives, or smaller ones, stops the script before any change", () => {
    const script = deploymentFiles(design, DEFAULT_DEPLOYMENT_NAMES, { ...DEFAULT_DEPLOYMENT_SETTINGS, mcdb: { ssdsPerServer: 2, ssdGB: 1600 } })["Deploy-Dag.ps1"];
    const zero = step(script, 0).join("\n");
    // The SSDs Manage-MCDB would format: raw, MediaType SSD, and none of the disks $Servers gives the databases.
    expect(zero).toContain("Where-Object { $_.MediaType -eq 'SSD' }");
    expect(zero).toContain("Where-Object { $_.PartitionStyle -eq 'RAW' -and $given -notcontains $_.Number }");
    expect(zero).toMatch(/throw "\$env:COMPUTERNAME has \$\(\$ssds\.Count\) raw SSDs besides its database disks, and the design gives MCDB \$want: .*nothing was changed"/);
    expect(zero).toMatch(/if \(\$ssd\.Size -lt \$bytes\) \{ throw "SSD .* less than the design's \$bytes; nothing was changed" \}/);
  });

  test("deploymentFiles refuses MCDB SSDs that are not whole numbers (the last guard)", () => {
    expect(() => deploymentFiles(design, DEFAULT_DEPLOYMENT_NAMES, { ...DEFAULT_DEPLOYMENT_SETTINGS, mcdb: { ssdsPerServer: 0, ssdGB: 1600 } })).toThrow(/the MCDB SSDs must be a whole number from 1 a server/);
    expect(() => deploymentFiles(design, DEFAULT_DEPLOYMENT_NAMES, { ...DEFAULT_DEPLOYMENT_SETTINGS, mcdb: { ssdsPerServer: 2, ssdGB: 1.5 } })).toThrow(DeploymentInputError);
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
