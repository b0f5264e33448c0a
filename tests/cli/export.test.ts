/**
 * `exsize export`: the calculator's three CSVs and the deployment script. PowerShell is not
 * on these machines, so the script is checked by parsing it: every database and copy once, the
 * preferences of the layout, quoting that survives names with spaces and quotes.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { main } from "../../src/cli/main";
import { COPIES_COLUMNS, DATABASES_COLUMNS, exportFiles, SERVERS_COLUMNS, writeAllOrNothing, type FileOperations } from "../../src/cli/export";
import { parseDagOptions } from "../../src/cli/layout";
import { DEFAULT_DEPLOYMENT_SETTINGS, parseCsv } from "../../src/workbook/deployment";
import { EX_LAYOUT } from "../../src/functions/worksheet";
import { PS_STRING, scriptDatabases, scriptServers, scriptSetting } from "../support/deploy-script";

async function run(...argv: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

/** Import-Csv: the header names the columns; the calculator's version row comes first. */
function importCsv(text: string, columns: readonly string[]): Array<Record<string, string>> {
  const [header, version, ...rows] = parseCsv(text);
  expect(header).toEqual([...columns]);
  expect(version.slice(0, 3)).toEqual(["VersionNumber", "2.1", "7.6"]); // ExchangeDsc tests/Data/*V7.6.csv
  expect(version).toHaveLength(columns.length);
  return rows.map((r) => {
    expect(r).toHaveLength(columns.length);
    return Object.fromEntries(columns.map((c, i) => [c, r[i]]));
  });
}


/** Every single-quoted string of the script closes on its line: no name breaks out of its quotes. */
function checkQuoting(script: string): void {
  for (const line of script.split("\r\n")) {
    if (line.startsWith("#")) continue;
    const stripped = line.replace(new RegExp(PS_STRING, "g"), "S");
    expect(stripped).not.toMatch(/'/);
  }
}

describe("the export of 004's DAG (004_1d3a339e6fd03f64.txt, 4: 8 + 8 servers, 4 copies, 336 databases)", () => {
  const { options } = parseDagOptions(["--users", "7600", "--servers", "8,8", "--copies", "4", "--databases", "336", "--lagged", "1"], {});
  const files = exportFiles(options);
  const grid = EX_LAYOUT(7600, [[8, 8]], 4, "active/active", 336, 1) as (string | number)[][];
  const servers = grid[0].slice(1) as string[];
  const preference = (db: string, server: string) => grid.find((r) => r[0] === db)![servers.indexOf(server) + 1];

  test("Servers.csv: one row per server, its DbMap the databases it holds a copy of (84 each)", () => {
    const rows = importCsv(files["Servers.csv"], SERVERS_COLUMNS);
    expect(rows.map((r) => r.ServerName)).toEqual(servers);
    for (const r of rows) {
      const dbs = r.DbMap.split(",");
      expect(dbs).toHaveLength(84);
      for (const db of dbs) expect(preference(db, r.ServerName)).not.toBe("");
    }
  });

  test("MailboxDatabases.csv: one row per database, on the server of its preference-1 copy", () => {
    const rows = importCsv(files["MailboxDatabases.csv"], DATABASES_COLUMNS);
    expect(rows).toHaveLength(336);
    for (const r of rows) expect(preference(r.Name, r.Server)).toBe(1);
    expect(rows[0].EDBFilePath).toBe("C:\\ExchangeDatabases\\DB001\\DB001.db\\DB001.edb");
  });

  test("MailboxDatabaseCopies.csv: one row per passive copy with the layout's preference; the lagged one has a replay lag", () => {
    const rows = importCsv(files["MailboxDatabaseCopies.csv"], COPIES_COLUMNS);
    expect(rows).toHaveLength(336 * 3);
    for (const r of rows) {
      expect(preference(r.Name, r.Server)).toBe(Number(r.ActivationPreference));
      expect(r.ReplayLagTime).toBe(r.ActivationPreference === "4" ? "7.00:00:00" : "0.00:00:00");
    }
  });

  test("Deploy-Dag.ps1 creates each database once on its active server and each copy once, in the layout's preferences", () => {
    const script = files["Deploy-Dag.ps1"];
    checkQuoting(script);
    const databases = scriptDatabases(script);
    expect(databases).toHaveLength(336);
    expect(new Set(databases.map((d) => d.name)).size).toBe(336);
    for (const d of databases) expect(preference(d.name, d.server)).toBe(1);
    const copies = databases.flatMap((d) => d.copies.map((c) => ({ ...c, database: d.name })));
    expect(copies).toHaveLength(336 * 3);
    expect(new Set(copies.map((c) => `${c.database}@${c.server}`)).size).toBe(336 * 3);
    for (const c of copies) expect(preference(c.database, c.server)).toBe(c.preference);
    expect(copies.filter((c) => c.lagged).map((c) => c.preference)).toEqual(Array(336).fill(4));
    expect(scriptSetting(script, "ReplayLagTime")).toBe("7.00:00:00");
    // Mount points: every database folder on a volume of each server holding a copy of it, once.
    const mounted = scriptServers(script).flatMap((s) => s.disks.flatMap((d) => d.databases.map((db) => `${db}@${s.server}`)));
    expect(mounted).toHaveLength(336 * 4);
    expect(new Set(mounted)).toEqual(new Set(databases.flatMap((d) => [d.server, ...d.copies.map((c) => c.server)].map((s) => `${d.name}@${s}`))));
  });

  test("Deploy-Dag.ps1 loops over its data: each step's command is written once, whatever the design's size", () => {
    const lines = files["Deploy-Dag.ps1"].split("\r\n");
    for (const command of ["Initialize-Disk", "Format-Volume", "New-MailboxDatabase", "Mount-Database", "Suspend-MailboxDatabaseCopy"]) {
      expect({ command, lines: lines.filter((l) => l.trimStart().startsWith(`${command} `)).length }).toEqual({ command, lines: 1 });
    }
    expect(lines.filter((l) => l.trimStart().startsWith("Add-MailboxDatabaseCopy "))).toHaveLength(2); // lagged and not
    // The data's lines and the code's: a line a disk, a line a database, and the steps.
    const disks = scriptServers(files["Deploy-Dag.ps1"]).reduce((n, s) => n + s.disks.length, 0);
    expect(lines.length).toBeLessThan(disks + 336 + 16 * 2 + 120);
  });
});

describe("names with spaces and quotes stay inside their quotes", () => {
  // Server names are Windows computer names (no quotes or spaces: refused below); a database name
  // and a folder may hold both.
  test("database and path names with ' and spaces", () => {
    const { options } = parseDagOptions(["--servers", "2,2", "--copies", "2", "--databases", "4", "--server-prefix", "EX-HQ", "--database-prefix", "Mail DB '"], {});
    const files = exportFiles(options, { ...DEFAULT_DEPLOYMENT_SETTINGS, volumesRoot: "D:\\Vol's", databasesRoot: "D:\\Data bases", databasesPerVolume: 2, startDisk: 3, gc: "gc1.contoso.com", replayLag: "7.00:00:00" });
    checkQuoting(files["Deploy-Dag.ps1"]);
    const [first] = scriptDatabases(files["Deploy-Dag.ps1"]);
    expect(first.name).toBe("Mail DB '01");
    expect(first.server).toBe("EX-HQ01");
    expect(first.edbFilePath).toBe("D:\\Data bases\\Mail DB '01\\Mail DB '01.db\\Mail DB '01.edb");
    expect(scriptSetting(files["Deploy-Dag.ps1"], "DatabasesRoot")).toBe("D:\\Data bases");
    // Two databases a volume, from disk 3: the first server's first two of its DbMap in Servers.csv.
    const dbMap = importCsv(files["Servers.csv"], SERVERS_COLUMNS)[0].DbMap.split(",");
    expect(scriptServers(files["Deploy-Dag.ps1"])[0].disks[0]).toEqual({ disk: 3, label: "ExVol01", path: "D:\\Vol's\\ExVol01", databases: dbMap.slice(0, 2) });
    expect(dbMap.slice(0, 2)).toEqual(["Mail DB '01", "Mail DB '03"]);
    const rows = importCsv(files["MailboxDatabaseCopies.csv"], COPIES_COLUMNS);
    expect(rows[0]).toMatchObject({ GC: "gc1.contoso.com", Name: "Mail DB '01", Server: "EX-HQ03", ActivationPreference: "2" });
  });
});

describe("hostile text is refused before anything is written (CSV formula injection)", () => {
  const design = ["--servers-site1", "2", "--servers-site2", "2", "--copies", "2"];
  test.each([
    [["--gc", '=HYPERLINK("http://evil.example","x")'], '--gc must be a server\'s DNS name, such as gc1.contoso.com: letters, digits, hyphens and dots; got "=HYPERLINK(\\"http://evil.example\\",\\"x\\")"'],
    [["--gc", "+1+1"], '--gc must be a server\'s DNS name, such as gc1.contoso.com: letters, digits, hyphens and dots; got "+1+1"'],
    [["--gc", "-2+3"], '--gc must be a server\'s DNS name, such as gc1.contoso.com: letters, digits, hyphens and dots; got "-2+3"'],
    [["--gc", "@SUM(A1)"], '--gc must be a server\'s DNS name, such as gc1.contoso.com: letters, digits, hyphens and dots; got "@SUM(A1)"'],
    [["--gc", "\t=1"], '--gc must be on one line; got "\\t=1"'],
    [["--volumes-root", "=cmd|' /C calc'!A0"], '--volumes-root must be a local folder, such as C:\\ExchangeVolumes; got "=cmd|\' /C calc\'!A0"'],
    [["--database-prefix", "a,b"], '--database-prefix must not contain a comma (Servers.csv lists each server\'s databases separated by commas); got "a,b"'],
    [["--database-prefix", "=DB"], '--database-prefix must not start with = + - @ or a space (a spreadsheet would read it as a formula); got "=DB"'],
    [["--server-prefix", "@MBX"], '--server-prefix must be letters, digits and hyphens, with no hyphen first (a server\'s name is its Windows computer name, with two digits after the prefix); got "@MBX"'],
    [["--dag", "-DAG"], '--dag must be letters, digits and hyphens, with no hyphen first or last (the DAG\'s name is a Windows computer name); got "-DAG"'],
    [["--dag", "DAG\r"], '--dag must be on one line; got "DAG\\r"'],
  ])("%j: a usage error, exit 2, nothing written", async (flags, message) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-export-"));
    try {
      const r = await run("export", "--out", dir, ...design, ...flags);
      expect(r.code).toBe(2);
      expect(r.stderr[0]).toBe(`exsize export: ${message}`);
      expect(fs.readdirSync(dir)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the help says which text is refused and which neutralised", async () => {
    const help = (await run("export", "--help")).stdout.join("\n");
    expect(help).toContain("Names and folders are refused, not altered");
    expect(help).toContain('starts with a single\nquote (OWASP, "CSV Injection")');
  });
});

describe("exsize export writes the files and refuses to overwrite them", () => {
  test("--out DIR, then again without --force is refused, with --force written", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-export-"));
    try {
      const argv = ["export", "--out", dir, "--users", "12500", "--servers-site1", "6", "--servers-site2", "3", "--copies", "3", "--layout", "active/passive"];
      const first = await run(...argv);
      expect(first.code).toBe(0);
      expect(fs.readdirSync(dir).sort()).toEqual(["Deploy-Dag.ps1", "MailboxDatabaseCopies.csv", "MailboxDatabases.csv", "Servers.csv"]);
      // The design's databases: 12,500 of 002's users at the reference profile, 26, balanced over 6 + 3 active/passive: 30.
      expect(importCsv(fs.readFileSync(path.join(dir, "MailboxDatabases.csv"), "utf8"), DATABASES_COLUMNS)).toHaveLength(30);
      const again = await run(...argv);
      expect(again.code).toBe(2); // as exsize design's "exists; add --force" (src/cli/design.ts)
      expect(again.stderr[0]).toMatch(/already exist; give --force to overwrite$/);
      expect((await run(...argv, "--force")).code).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("no --out is a usage error", async () => {
    const r = await run("export", "--servers-site1", "4");
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toBe("exsize export: --out DIR is required");
  });
});

describe("exsize export writes every file or none", () => {
  const design = ["--users", "12500", "--servers-site1", "6", "--servers-site2", "3", "--copies", "3", "--layout", "active/passive"];
  let work: string;
  beforeEach(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-export-"));
  });
  afterEach(() => {
    fs.rmSync(work, { recursive: true, force: true });
  });
  /** Every file under a folder with its text: what a failed export must leave as it was. */
  const snapshot = (dir: string): Record<string, string> =>
    Object.fromEntries(fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort().map((f) => {
      const p = path.join(dir, f);
      return [f, fs.statSync(p).isDirectory() ? "<folder>" : fs.readFileSync(p, "utf8")];
    }));

  test("--out naming an existing file: a clear refusal, exit 1, the file untouched", async () => {
    const file = path.join(work, "notes.txt");
    fs.writeFileSync(file, "mine");
    const r = await run("export", "--out", file, ...design);
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([`exsize export: cannot write ${file}: it is a file, not a folder; nothing written`]);
    expect(snapshot(work)).toEqual({ "notes.txt": "mine" });
  });

  test("--out under a regular file (a folder that cannot be made): exit 1, nothing written", async () => {
    fs.writeFileSync(path.join(work, "plain"), "mine");
    const dir = path.join(work, "plain", "deploy");
    const r = await run("export", "--out", dir, ...design);
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([`exsize export: cannot write ${dir}: a part of the path is a file, not a folder; nothing written`]);
    expect(snapshot(work)).toEqual({ plain: "mine" });
  });

  /** node's fs, but the n-th call of `operation` fails with `code`, as a full or failing disk would. */
  const failing = (operation: "writeFileSync" | "renameSync", n: number, code: string): FileOperations => {
    let calls = 0;
    const fail = () => {
      if (++calls === n) throw Object.assign(new Error(`${code}: failed`), { code });
    };
    return {
      ...fs,
      writeFileSync: (...args: Parameters<typeof fs.writeFileSync>) => {
        if (operation === "writeFileSync") fail();
        fs.writeFileSync(...args);
      },
      renameSync: (...args: Parameters<typeof fs.renameSync>) => {
        if (operation === "renameSync") fail();
        fs.renameSync(...args);
      },
    };
  };
  const texts = () => exportFiles(parseDagOptions(["--users", "12500", "--servers", "6,3", "--copies", "3", "--layout", "active/passive"], {}).options);

  test("a folder it may not write: exit 1, nothing written", async () => {
    const dir = path.join(work, "locked");
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, "keep.txt"), "mine");
    fs.chmodSync(dir, 0o500);
    let root = false;
    try {
      fs.writeFileSync(path.join(dir, "probe"), "");
      fs.rmSync(path.join(dir, "probe"));
      root = true; // chmod does not stop root: the next test fails the writes instead
    } catch {
      /* chmod holds */
    }
    const r = await run("export", "--out", dir, ...design).finally(() => fs.chmodSync(dir, 0o700));
    if (root) {
      expect(r.code).toBe(0);
      return;
    }
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([`exsize export: cannot write ${dir}: permission denied; nothing written`]);
    expect(snapshot(dir)).toEqual({ "keep.txt": "mine" });
  });

  test("the third file's write failing (permission, full disk) leaves no temporaries and nothing written", () => {
    fs.writeFileSync(path.join(work, "keep.txt"), "mine");
    const outcome = writeAllOrNothing(work, texts(), false, failing("writeFileSync", 3, "EACCES"));
    expect(outcome).toEqual({ kind: "cannot write", path: work, reason: "permission denied" });
    expect(snapshot(work)).toEqual({ "keep.txt": "mine" });
  });

  test("a rename failing half-way puts back the files already replaced and removes the new ones", async () => {
    expect((await run("export", "--out", work, ...design)).code).toBe(0);
    fs.writeFileSync(path.join(work, "MailboxDatabases.csv"), "edited by hand");
    const before = snapshot(work);
    // A backup and a placing rename for each file: the fifth is the third file's backup.
    const outcome = writeAllOrNothing(work, exportFiles(parseDagOptions(["--users", "7600", "--servers", "8,8", "--copies", "4"], {}).options), true, failing("renameSync", 5, "EIO"));
    expect(outcome).toEqual({ kind: "cannot write", path: path.join(work, "MailboxDatabaseCopies.csv"), reason: "EIO: failed" });
    expect(snapshot(work)).toEqual(before);
  });

  test("a full disk part-way through a file's write (its temporary made, then ENOSPC) leaves no temporary behind", () => {
    fs.writeFileSync(path.join(work, "keep.txt"), "mine");
    let calls = 0;
    const fullDisk: FileOperations = {
      ...fs,
      writeFileSync: (...args: Parameters<typeof fs.writeFileSync>) => {
        if (++calls < 3) return fs.writeFileSync(...args);
        // As a full disk does: the file is made and its first bytes land, then the write fails.
        fs.writeFileSync(args[0], String(args[1]).slice(0, 10), args[2]);
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
      },
    };
    const outcome = writeAllOrNothing(work, texts(), false, fullDisk);
    expect(outcome).toEqual({ kind: "cannot write", path: work, reason: "no space left on the device" });
    expect(snapshot(work)).toEqual({ "keep.txt": "mine" });
  });

  test("a new folder that cannot be filled is removed again", () => {
    const dir = path.join(work, "new", "deploy");
    const outcome = writeAllOrNothing(dir, texts(), false, failing("writeFileSync", 1, "ENOSPC"));
    expect(outcome).toEqual({ kind: "cannot write", path: dir, reason: "no space left on the device" });
    expect(snapshot(work)).toEqual({});
  });

  test("--force with a folder named Deploy-Dag.ps1 in the way: exit 1, nothing written, earlier files unchanged", async () => {
    fs.writeFileSync(path.join(work, "Servers.csv"), "an earlier export");
    fs.mkdirSync(path.join(work, "Deploy-Dag.ps1"));
    const before = snapshot(work);
    const r = await run("export", "--out", work, ...design, "--force");
    expect(r.code).toBe(1);
    expect(r.stderr).toEqual([
      `exsize export: cannot write ${path.join(work, "Deploy-Dag.ps1")}: it is a folder (or another thing that is not a file), which --force does not replace; nothing written`,
    ]);
    expect(snapshot(work)).toEqual(before);
  });

  test("the help says all or none, and which exit status means what", async () => {
    const help = (await run("export", "--help")).stdout.join("\n");
    expect(help).toContain("All four files are written, or none");
    expect(help).toContain("exit status 2, as exsize design");
  });
});

describe("the export deploys the volumes the design buys", () => {
  let work: string;
  beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-export-volumes-"))));
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  /** The disks Deploy-Dag.ps1 initialises on each server, in order, and its volumes' labels. */
  const serverBlocks = (script: string) => scriptServers(script).map((s) => ({ disks: s.disks.map((d) => d.disk), mounts: s.disks.map((d) => d.label) }));

  test("Dell EMC's 2016 design: 2 databases a volume on 42 disks, one AutoReseed and one restore volume a server (004 §4, Table 5)", async () => {
    const dir = path.join(work, "dellemc");
    const r = await run("export", "--preset", "dellemc-2016", "--out", dir);
    expect(r.stderr).toEqual([]);
    const design = JSON.parse((await run("design", "--preset", "dellemc-2016", "--json")).stdout.join("\n")).design;
    const servers = importCsv(fs.readFileSync(path.join(dir, "Servers.csv"), "utf8"), SERVERS_COLUMNS);
    expect(servers).toHaveLength(16);
    for (const row of servers) expect([row.DbPerVolume, row.AutoReseedVolumes]).toEqual([String(design.databasesPerVolume), "1"]);
    const blocks = serverBlocks(fs.readFileSync(path.join(dir, "Deploy-Dag.ps1"), "utf8"));
    expect(blocks).toHaveLength(16);
    for (const block of blocks) {
      // A server's disks less its hot spare, which no volume uses: 42 + 1 AutoReseed + 1 restore = 44 of 45.
      expect(block.disks).toHaveLength(design.disksPerServer - 1);
      expect(block.disks).toEqual(block.disks.map((_, i) => 5 + i));
      expect(block.mounts.filter((m) => m.startsWith("ExVol"))).toHaveLength(design.databaseLogDisksPerServer + 1);
      expect(block.mounts.filter((m) => m.startsWith("ExRestore"))).toHaveLength(design.restoreDisksPerServer);
    }
    expect(fs.readFileSync(path.join(dir, "Deploy-Dag.ps1"), "utf8")).toContain("Set-DatabaseAvailabilityGroup -Identity 'DAG01' -AutoDagVolumesRootFolderPath 'C:\\ExchangeVolumes' -AutoDagDatabasesRootFolderPath 'C:\\ExchangeDatabases' -AutoDagDatabaseCopiesPerVolume 2");
  });

  test("by Dell's process (no server disks sized): a volume a database, no AutoReseed or restore volume (000, Tables 18-19)", async () => {
    const dir = path.join(work, "dell");
    expect((await run("export", "--out", dir)).code).toBe(0);
    const servers = importCsv(fs.readFileSync(path.join(dir, "Servers.csv"), "utf8"), SERVERS_COLUMNS);
    for (const row of servers) expect([row.DbPerVolume, row.AutoReseedVolumes]).toEqual(["1", "0"]);
    const blocks = serverBlocks(fs.readFileSync(path.join(dir, "Deploy-Dag.ps1"), "utf8"));
    for (const [s, block] of blocks.entries()) expect(block.disks).toHaveLength(servers[s].DbMap.split(",").length);
  });

  test("active/passive: each site's servers their own volumes — JBOD in the first site, RAID in the second (the calculator's I127, I128)", async () => {
    // 12,500 mailboxes of 5 GB on 6 + 3 servers, 3 copies: the first site's servers on JBOD, 17 disks (Storage Design!C197:
    // 15 database+log, a restore and an AutoReseed disk), the second's, one copy each, on RAID (D194, 23 disks: its volumes
    // on one RAID-1/0 set, a RAID-5 restore set, no AutoReseed) — tests/fixtures/microsoft-calculator-designs.json s01.
    const args = ["--exchange-version", "2016", "--users", "12500", "--quota-mb", "5120", "--copies", "3", "--servers-site1", "6", "--servers-site2", "3", "--layout", "active/passive"];
    const dir = path.join(work, "active-passive");
    expect((await run("export", ...args, "--out", dir)).code).toBe(0);
    const design = JSON.parse((await run("design", ...args, "--json")).stdout.join("\n")).design;
    expect([design.serverDiskArchitectureSite1, design.serverDiskArchitectureSite2]).toEqual(["JBOD", "RAID"]);
    const servers = importCsv(fs.readFileSync(path.join(dir, "Servers.csv"), "utf8"), SERVERS_COLUMNS);
    expect(servers.map((row) => row.AutoReseedVolumes)).toEqual(["1", "1", "1", "1", "1", "1", "0", "0", "0"]);
    const blocks = serverBlocks(fs.readFileSync(path.join(dir, "Deploy-Dag.ps1"), "utf8"));
    const spares = blocks.map((b) => b.mounts.filter((m) => m.startsWith("ExVol")).length - Math.ceil(servers[blocks.indexOf(b)].DbMap.split(",").length / Number(servers[blocks.indexOf(b)].DbPerVolume)));
    expect(spares).toEqual([1, 1, 1, 1, 1, 1, 0, 0, 0]);
    // A first-site server's volumes take its disks less the hot spare (17 of 18); every server one restore volume.
    expect(blocks[0].disks).toHaveLength(design.disksPerServerSite1 - 1);
    for (const block of blocks) expect(block.mounts.filter((m) => m.startsWith("ExRestore"))).toHaveLength(1);
  });

  test("--db-per-volume is refused, pointing at the design's own input", async () => {
    const r = await run("export", "--out", path.join(work, "x"), "--db-per-volume", "2");
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toContain("--databases-per-volume");
  });
});
