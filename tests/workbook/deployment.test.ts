/**
 * The deployment's files (src/workbook/deployment.ts): the same text `exsize export` writes, for 004's
 * DAG (004_1d3a339e6fd03f64.txt, 4 and 4.1: 8 + 8 servers, 4 copies, 336 databases) and the reference
 * design (000_72e1ddb9bbd1ecac.txt, 3.4.2: 5,000 users, two copies on two servers); the workbook's
 * cells read as a design; and the sheets the pane writes, which give each file back.
 * The CSVs' columns and the script's commands are checked in tests/cli/export.test.ts.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { main } from "../../src/cli/main";
import { layoutNames, parseDagOptions } from "../../src/cli/layout";
import type { DagDesign } from "../../src/engine/failover";
import fc from "fast-check";
import {
  dagDesignFromWorkbook,
  DEFAULT_DEPLOYMENT_NAMES,
  DEFAULT_DEPLOYMENT_SETTINGS,
  DeploymentInputError,
  deploymentNameProblem,
  deploymentSettingProblem,
  neutralisedField,
  DEPLOYMENT_FILE_NAMES,
  deploymentFiles,
  deploymentNames,
  deploymentSheetNote,
  deploymentSheets,
  deploymentTable,
  parseCsv,
  type DeploymentFiles,
  type WorkbookDagValues,
} from "../../src/workbook/deployment";
import { REFERENCE_DESIGN_INPUTS, type WorkbookInputs } from "../../src/workbook/template";
import { sizeDesign } from "../../src/engine/design";
import { dagOf } from "../../src/cli/layout";
import type { InputCells, Places } from "../../src/workbook/input-values";
import { scriptDatabases, scriptServers, scriptSetting } from "../support/deploy-script";

/** What `exsize export --out DIR …` writes, file by file. */
async function cliExport(...args: string[]): Promise<DeploymentFiles> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-deployment-"));
  try {
    const code = await main(["export", "--out", dir, ...args], { stdout: () => undefined, stderr: (l) => console.error(l) });
    expect(code).toBe(0);
    return Object.fromEntries(DEPLOYMENT_FILE_NAMES.map((f) => [f, fs.readFileSync(path.join(dir, f), "utf8")])) as DeploymentFiles;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("deploymentFiles gives what exsize export writes", () => {
  test("004's DAG: 8 + 8 servers, 4 copies, 336 databases (004_1d3a339e6fd03f64.txt, 4.1)", async () => {
    const files = deploymentFiles({ users: 7600, serversPerSite: [8, 8], copies: 4, layout: "active/active", databases: 336 });
    expect(parseCsv(files["MailboxDatabases.csv"])).toHaveLength(2 + 336);
    expect(parseCsv(files["MailboxDatabaseCopies.csv"])).toHaveLength(2 + 336 * 3);
    expect(parseCsv(files["Servers.csv"])).toHaveLength(2 + 16);
  });

  test("the reference design (000_72e1ddb9bbd1ecac.txt, 3.4.2): 5,000 users, two copies on two servers in one site, its 12 databases", async () => {
    const design = sizeDesign(REFERENCE_DESIGN_INPUTS);
    const files = deploymentFiles(dagOf(design));
    expect(files).toEqual(await cliExport());
    expect(parseCsv(files["Servers.csv"]).slice(2).map((r) => r[0])).toEqual(["MBX01", "MBX02"]);
    expect(parseCsv(files["MailboxDatabases.csv"])).toHaveLength(2 + 12); // 000, Table 18: 12 databases
  });

  test("names, as the CLI's options give them, for the design of 002's inputs (6 + 3, 3 copies, active/passive)", async () => {
    const design = sizeDesign({ ...REFERENCE_DESIGN_INPUTS, users: 12500, serversSite1: 6, serversSite2: 3, copies: 3, dagLayout: "active/passive" });
    const files = deploymentFiles(dagOf(design), { dag: "DAG-East", serverPrefix: "EXMB-", databasePrefix: "MDB" });
    expect(files).toEqual(
      await cliExport("--users", "12500", "--servers-site1", "6", "--servers-site2", "3", "--copies", "3", "--layout", "active/passive", "--dag", "DAG-East", "--server-prefix", "EXMB-", "--database-prefix", "MDB"),
    );
  });

  test("server and database names are the CLI's layout names", () => {
    const { options } = parseDagOptions([], {});
    for (const [servers, databases] of [[2, 12], [16, 336], [9, 100], [1, 5]]) {
      const ours = deploymentNames(DEFAULT_DEPLOYMENT_NAMES, servers, databases);
      const cli = layoutNames(options, servers, databases);
      expect([ours.server(0), ours.server(servers - 1), ours.database(0), ours.database(databases - 1)]).toEqual([cli.server(0), cli.server(servers - 1), cli.database(0), cli.database(databases - 1)]);
    }
    expect(deploymentNames(DEFAULT_DEPLOYMENT_NAMES, 16, 336).database(0)).toBe("DB001");
  });
});

describe("dagDesignFromWorkbook: the Inputs sheet's cells as Excel gives them, sized by the engine", () => {
  const places: Places = { input: (key) => key, range: (name, row) => `${name} row ${row}` };
  const INPUTS_004 = { ...REFERENCE_DESIGN_INPUTS, users: 7600, copies: 4, serversSite1: 8, serversSite2: 8, dagLayout: "active/active" };
  const cells = (change: Partial<Record<keyof typeof INPUTS_004, unknown>> = {}): WorkbookDagValues => ({ cells: { inputs: { ...INPUTS_004, ...change } as InputCells["inputs"] }, places });

  test("004's inputs are the design's DAG, with the design's own database count and no lagged copy", () => {
    const expected = sizeDesign(INPUTS_004 as WorkbookInputs);
    expect(dagDesignFromWorkbook(cells())).toEqual({ ok: true, design: dagOf(expected), sized: expected });
    expect(dagOf(expected)).toMatchObject({ users: 7600, serversPerSite: [8, 8], copies: 4, layout: "active/active", laggedCopies: 0, databases: expected.databases });
  });

  test("with mailbox tiers the DAG holds every tier's mailboxes (Role Requirements!C98), as the design's scenarios count them", () => {
    // Exchange 2016, Microsoft's method. Tier 1 empty: the design's 7,600; a second tier of 2,400 at 200 messages of 50 KB and 4 GB.
    const tiered: WorkbookDagValues = { ...cells(), cells: { ...cells({ exchangeVersion: 2016 }).cells, tiers: { mailboxes: [null, 2400], messagesPerDay: [null, 200], messageKB: [null, 50], quotaMB: [null, 4096] } } };
    const got = dagDesignFromWorkbook(tiered);
    expect(got.ok && got.sized.usersPerDag).toBe(10_000);
    expect(got.ok && got.design).toEqual(got.ok && dagOf(got.sized));
    expect(got.ok && got.design.users).toBe(10_000);
  });

  test("an empty second site is one site; the layout in any case, as the workbook's formulas match it", () => {
    expect(dagDesignFromWorkbook(cells({ serversSite2: "", dagLayout: "Active/Passive" }))).toMatchObject({ ok: true, design: { serversPerSite: [8], layout: "active/passive" } });
  });

  test.each<[string, Record<string, unknown>, string]>([
    ["text for copies", { copies: "four" }, `copies: copies must be a whole number from 1 to 16; got the text "four", which the workbook's formulas do not read as a number: type the number itself`],
    // As the workbook's "=" reads it: every space counts.
    ["a layout with a stray space", { dagLayout: "active/passive " }, 'dagLayout: dagLayout must be one of: active/active, active/passive; got "active/passive ", which the workbook does not read as a choice: its spaces count'],
    ["a fraction of a server", { serversSite2: 2.5 }, "serversSite2: serversSite2 must be a whole number from 1 to 16; got 2.5"],
    ["an unknown layout", { dagLayout: "hot/cold" }, 'dagLayout: dagLayout must be one of: active/active, active/passive; got "hot/cold"'],
    ["no users", { users: 0 }, "users: users must be a whole number from 1 to 100,000,000; got 0"],
    ["an error in a cell", { users: "#NAME?" }, "users: users must be a whole number from 1 to 100,000,000; got #NAME?"],
  ])("%s is refused by the cell's rule, in its words", (_what, change, problem) => {
    expect(dagDesignFromWorkbook(cells(change))).toEqual({ ok: false, problem });
  });

  test("a design the inputs cannot make says why", () => {
    expect(dagDesignFromWorkbook(cells({ copies: 3, serversSite1: 2, serversSite2: "" }))).toEqual({ ok: false, problem: expect.stringMatching(/3 copies of each database need 3 servers, and the DAG has 2/) });
  });
});

describe("deploymentSheets: the same content on sheets", () => {
  const files = deploymentFiles({ users: 7600, serversPerSite: [8, 8], copies: 4, layout: "active/active", databases: 336, laggedCopies: 1 });
  const model = deploymentSheets(files, " 2");

  test("four sheets, named with the suffix, no names or charts", () => {
    expect(model.sheets.map((s) => s.name)).toEqual(["Export Servers 2", "Export Databases 2", "Export Copies 2", "Export script 2"]);
    expect(model.names).toEqual([]);
    expect(model.charts).toEqual([]);
  });

  test("every cell is text, and a sheet saved as CSV (or column A copied) gives its file back", () => {
    DEPLOYMENT_FILE_NAMES.forEach((file, i) => {
      const sheet = model.sheets[i];
      expect(sheet.cells.every((c) => typeof c.value === "string" && c.numberFormat === "@")).toBe(true);
      const rows: string[][] = [];
      for (const c of sheet.cells) {
        const m = /^([A-Z]+)(\d+)$/.exec(c.address)!;
        const column = [...m[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
        (rows[Number(m[2]) - 1] ??= [])[column] = c.value as string;
      }
      // Saved as CSV the rows parse as the file's own; column A of the script is its text, a line a row.
      if (file.endsWith(".csv")) expect(rows).toEqual(parseCsv(files[file]));
      else expect(rows.map((r) => r[0]).join("\r\n") + "\r\n").toBe(files[file]);
      expect(rows).toEqual(deploymentTable(file, files[file]));
    });
  });

  test("the CSV sheets keep the header and version row in view, the header as a heading", () => {
    expect(model.sheets.map((s) => s.frozenRows)).toEqual([2, 2, 2, undefined]);
    expect(model.sheets[0].cells.filter((c) => c.role === "heading").map((c) => c.value)).toEqual(["ServerName", "StartDrive", "DbPerVolume", "AutoReseedVolumes", "DbLogIsolation", "VolumesRootFolder", "DatabasesRootFolder", "DbMap"]);
  });

  test("each note fits Excel's input message (title 32 characters, message 255)", () => {
    for (const file of DEPLOYMENT_FILE_NAMES) {
      const note = deploymentSheetNote(file);
      expect(note.title.length).toBeLessThanOrEqual(32);
      expect(note.message.length).toBeLessThanOrEqual(255);
    }
    expect(deploymentSheetNote("MailboxDatabaseCopies.csv").message).toMatch(/^Save this sheet as CSV to get MailboxDatabaseCopies\.csv: File > Save a Copy > CSV \(Comma delimited\)\./);
  });
});

describe("parseCsv", () => {
  test("quoted fields, doubled quotes, commas and CRLF rows", () => {
    expect(parseCsv('a,"b ""c"", d",\r\n"x",""\r\n')).toEqual([["a", 'b "c", d', ""], ["x", ""]]);
  });
  test("a last row without its line end", () => {
    expect(parseCsv("a,b\r\nc,d")).toEqual([["a", "b"], ["c", "d"]]);
  });
});

describe("text from the user: refused or neutralised, never a formula", () => {
  const design: DagDesign = { users: 5000, serversPerSite: [2, 2], copies: 2, layout: "active/active", databases: 4 };
  /** Every field of the three CSVs. */
  const fieldsOf = (files: DeploymentFiles) => DEPLOYMENT_FILE_NAMES.filter((f) => f.endsWith(".csv")).flatMap((f) => parseCsv(files[f]).flat());

  test.each<[string, string, "dag" | "serverPrefix" | "databasePrefix", RegExp | undefined]>([
    ["DAG01", "DAG01", "dag", undefined],
    ["DAG-HQ", "DAG-HQ", "dag", undefined],
    ["15 characters", "DAG-HEADQUARTER", "dag", undefined],
    ["16 characters (KB 909264: 15 at most)", "DAG-HEADQUARTERS", "dag", /must be at most 15 characters/],
    ["a formula", '=HYPERLINK("http://evil.example","x")', "dag", /must be letters, digits and hyphens, with no hyphen first or last/],
    ["a trailing hyphen", "DAG-", "dag", /no hyphen first or last/],
    ["all digits", "2019", "dag", /must not be all digits/],
    ["a server prefix ending in a hyphen (EXMB-01)", "EXMB-", "serverPrefix", undefined],
    ["a server prefix with a space", "EX MB", "serverPrefix", /letters, digits and hyphens/],
    ["a server prefix starting with -", "-MBX", "serverPrefix", /no hyphen first/],
    ["a server prefix starting with +", "+MBX", "serverPrefix", /letters, digits and hyphens/],
    ["a server prefix of 14 characters (with 01, 16)", "EXCHANGEMBXSRV", "serverPrefix", /at most 13 characters/],
    ["a database prefix with a space and a quote", "Mail DB '", "databasePrefix", undefined],
    ["a comma (Servers.csv's DbMap would list four names for two databases)", "a,b", "databasePrefix", /must not contain a comma/],
    ["a backslash (a folder in EDBFilePath)", "DB\\x", "databasePrefix", /must not contain \\ \/ : \* \? " < > \|/],
    ["a quotation mark", 'DB"', "databasePrefix", /must not contain/],
    ["= first", "=1+1", "databasePrefix", /must not start with = \+ - @/],
    ["+ first", "+DB", "databasePrefix", /must not start with/],
    ["- first", "-DB", "databasePrefix", /must not start with/],
    ["@ first", "@SUM", "databasePrefix", /must not start with/],
    ["a tab", "D\tB", "databasePrefix", /must be on one line$/],
    ["a carriage return", "DB\r", "dag", /must be on one line$/],
  ])("%s: %j as %s", (_what, text, role, problem) => {
    const found = deploymentNameProblem("the name", text, role);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });

  test.each<[string, "volumesRoot" | "databasesRoot" | "gc", RegExp | undefined]>([
    ["", "gc", undefined],
    ["gc1.contoso.com", "gc", undefined],
    ['=HYPERLINK("http://evil.example","x")', "gc", /must be a server's DNS name/],
    ["+gc1", "gc", /DNS name/],
    ["-gc1", "gc", /DNS name/],
    ["@gc1", "gc", /DNS name/],
    ["\tgc1", "gc", /must be on one line$/],
    ["D:\\Vol's", "volumesRoot", undefined],
    ["D:\\Data bases, main", "databasesRoot", undefined],
    ["=D:\\x", "volumesRoot", /must be a local folder/],
    ["relative\\path", "databasesRoot", /must be a local folder/],
    ["C:\\a|b", "volumesRoot", /must not contain/],
  ])("%j as %s", (text, key, problem) => {
    const found = deploymentSettingProblem("the setting", text, key);
    if (problem === undefined) expect(found).toBeUndefined();
    else expect(found).toMatch(problem);
  });

  test("deploymentFiles refuses what the edges refuse, saying every problem", () => {
    expect(() => deploymentFiles(design, { ...DEFAULT_DEPLOYMENT_NAMES, databasePrefix: "a,b" }, { ...DEFAULT_DEPLOYMENT_SETTINGS, gc: "=1+1" })).toThrow(
      new DeploymentInputError(
        'the database prefix must not contain a comma (Servers.csv lists each server\'s databases separated by commas); got "a,b"; the GC must be a server\'s DNS name, such as gc1.contoso.com: letters, digits, hyphens and dots; got "=1+1"',
      ),
    );
  });

  test("neutralisedField: = + - @ tab and carriage return first get a single quote (OWASP); anything else is as it was", () => {
    for (const bad of ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "\r=1"]) expect(neutralisedField(bad)).toBe(`'${bad}`);
    for (const fine of ["DB01", "C:\\ExchangeDatabases", "", "'quoted", " =spaced", 5, -1]) expect(neutralisedField(fine)).toBe(fine);
  });

  test("no CSV field of any accepted names and settings starts as a formula", () => {
    const hostile = fc.string({ unit: fc.constantFrom("=", "+", "-", "@", "\t", "\r", ",", "'", '"', " ", "a", "B", "7", ":", "\\", "."), maxLength: 12 });
    // Two times in three a plain name, so that the files are built often enough to be checked.
    const text = fc.oneof({ arbitrary: hostile, weight: 1 }, { arbitrary: fc.string({ unit: fc.constantFrom("a", "B", "x", "7"), minLength: 1, maxLength: 8 }), weight: 2 });
    let built = 0;
    fc.assert(
      fc.property(text, text, text, text, text, (dag, serverPrefix, databasePrefix, gc, root) => {
        const names = { dag, serverPrefix, databasePrefix };
        const settings = { ...DEFAULT_DEPLOYMENT_SETTINGS, gc, databasesRoot: `C:\\${root}` };
        let files: DeploymentFiles;
        try {
          files = deploymentFiles(design, names, settings);
        } catch (e) {
          expect(e).toBeInstanceOf(DeploymentInputError);
          return;
        }
        for (const field of fieldsOf(files)) expect(field).not.toMatch(/^[=+\-@\t\r]/);
        // Each server's DbMap names exactly the databases it holds: two copies of four databases over four servers.
        const servers = parseCsv(files["Servers.csv"]).slice(2);
        expect(servers.reduce((n, r) => n + r[7].split(",").length, 0)).toBe(4 * 2);
        built++;
      }),
      { numRuns: 400 },
    );
    expect(built).toBeGreaterThan(20);
  });
});

/**
 * The script's MCDB step, as Microsoft's "MetaCacheDatabase (MCDB) setup" page (Exchange Server 2019,
 * MicrosoftDocs/OfficeDocs-Exchange at 52e8b70f) sets MCDB up: "MCDB setup", steps 1-4 and the failover
 * after them, with Manage-MetaCacheDatabase.ps1's Manage-MCDB; "Prerequisites" 1, AutoReseed.
 */
describe("Deploy-Dag.ps1 sets up the MCDB SSDs the design sizes", () => {
  const SE = ["--users", "20000", "--quota-mb", "10240", "--exchange-version", "SE", "--servers-site1", "4", "--servers-site2", "4", "--copies", "4", "--server-disk", '8TB 7.2K NL-SAS 3.5"'];
  const sized = sizeDesign({ ...REFERENCE_DESIGN_INPUTS, users: 20000, quotaMB: 10240, exchangeVersion: "SE", serversSite1: 4, serversSite2: 4, copies: 4, serverDisk: '8TB 7.2K NL-SAS 3.5"' });
  let script: string;
  beforeAll(async () => (script = (await cliExport(...SE))["Deploy-Dag.ps1"]));
  const code = () => script.split("\r\n").filter((l) => !l.trimStart().startsWith("#")).map((l) => l.trim());

  test("the SE design of 20,000 mailboxes on 4 + 4 servers: 8 SSDs of 1,600 GB a server, named in the script with the page it follows", () => {
    expect(sized.mcdb).toMatchObject({ ssdsPerServer: 8, ssdGB: 1600 });
    expect(scriptSetting(script, "McdbSsdsPerServer")).toBe(sized.mcdb!.ssdsPerServer);
    expect(scriptSetting(script, "McdbSsdSizeInBytes")).toBe(1_600_000_000_000);
    expect(script).toContain('# 4. MetaCache Database (MCDB) on the design\'s SSDs, 8 of 1,600 GB a server, set up as Microsoft\'s\r\n#    "MetaCacheDatabase (MCDB) setup" page');
    expect(script.split("\r\n")[0]).toMatch(/, 8 MCDB SSDs of 1,600 GB a server\.$/);
  });

  test("the page's steps in its order, with the design's figures, on every server of $Servers", () => {
    const lines = code();
    let after = -1;
    /** Where the line is, after the one found before it. */
    const at = (line: string, from = after) => {
      const i = lines.indexOf(line, from + 1);
      expect({ line, found: i >= 0 }).toEqual({ line, found: true });
      return (after = i);
    };
    const steps = [
      ". (Join-Path $exscripts 'Manage-MetaCacheDatabase.ps1')",
      // Step 1: the DAG's databases, copies a database and servers.
      `Set-DatabaseAvailabilityGroup -Identity 'DAG01' -AutoDagTotalNumberOfDatabases ${sized.databases} -AutoDagDatabaseCopiesPerDatabase 4 -AutoDagTotalNumberOfServers 8`,
      // Step 2, then the wait for Active Directory the page asks for.
      "Manage-MCDB -DagName 'DAG01' -ConfigureMCDBPrerequisite -SSDSizeInBytes $McdbSsdSizeInBytes -SSDCountPerServer $McdbSsdsPerServer",
      "Read-Host 'MCDB: press Enter once Active Directory has replicated the DAG''s settings'",
      // Steps 3 and 4 on each server with SSDs: here all (every one on JBOD).
      "foreach ($server in $McdbServers) {",
      "Manage-MCDB -DagName 'DAG01' -ServerAllowMCDB $true -ServerName $server",
      "Manage-MCDB -DagName 'DAG01' -ConfigureMCDBOnServer -ServerName $server -SSDSizeInBytes $McdbSsdSizeInBytes",
      // The failover that creates each database's MCDB instance.
      "Manage-MCDB -DagName 'DAG01' -ServerAllowMCDB $true -ServerName $server -ForceFailover $true",
    ];
    const places = steps.map((line) => at(line));
    expect(scriptServers(script).map((s) => s.server)).toEqual(["MBX01", "MBX02", "MBX03", "MBX04", "MBX05", "MBX06", "MBX07", "MBX08"]);
    expect(lines).toContain("$McdbServers = @('MBX01', 'MBX02', 'MBX03', 'MBX04', 'MBX05', 'MBX06', 'MBX07', 'MBX08')");
    // Prerequisite 1, AutoReseed, before the MCDB step; the databases and copies exist before it.
    expect(at(`Set-DatabaseAvailabilityGroup -Identity 'DAG01' -AutoDagVolumesRootFolderPath 'C:\\ExchangeVolumes' -AutoDagDatabasesRootFolderPath 'C:\\ExchangeDatabases' -AutoDagDatabaseCopiesPerVolume ${sized.serverDisks!.databasesPerVolume}`, -1)).toBeLessThan(places[0]);
    expect(lines.findIndex((l) => l.startsWith("Add-MailboxDatabaseCopy "))).toBeLessThan(places[0]);
  });

  test("the script is the design's data and a loop a step: a line a disk and a line a database, not a block a disk", () => {
    const disks = scriptServers(script).reduce((n, s) => n + s.disks.length, 0);
    expect(disks).toBe(8 * (sized.serverDisks!.databaseLogDisks + sized.serverDisks!.autoReseedDisks + sized.serverDisks!.restoreDisks));
    expect(scriptDatabases(script)).toHaveLength(sized.databases);
    expect(script.split("\r\n").length).toBeLessThan(disks + sized.databases + 150);
  });

  test("a design without MCDB (Exchange 2016) has no MCDB step", async () => {
    const files = await cliExport(...SE.map((a) => (a === "SE" ? "2016" : a)));
    expect(files["Deploy-Dag.ps1"]).not.toMatch(/MCDB|MetaCache|Get-PhysicalDisk/);
  });
});
