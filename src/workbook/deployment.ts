/**
 * Deploy what was designed: the DAG's copy layout as Microsoft's Exchange Server Role
 * Requirements Calculator exports it — Servers.csv, MailboxDatabases.csv and
 * MailboxDatabaseCopies.csv, in the calculator's columns with its "VersionNumber" row, as the public
 * dsccommunity/ExchangeDsc repository's examples (source/Examples/ConfigureDatabases-FromCalculator,
 * tests/Data/…V7.6.csv) that its ExchangeDscCalculatorHelper module reads — and Deploy-Dag.ps1, a
 * PowerShell script that creates the mount points, the databases and their copies with activation
 * preferences.
 *
 * Pure: text in memory, no file system and no DOM. `exsize export` (src/cli/export.ts) writes the
 * files to a folder; the pane (src/taskpane) offers them as downloads, or puts the same content on
 * new sheets (deploymentSheets) for a user whose Excel blocks downloads.
 *
 * Text from the user, and what becomes of it (`--gc '=HYPERLINK(…)'` once landed in the
 * CSVs as a formula, and `--database-prefix 'a,b'` split Servers.csv's DbMap):
 * - refused: the DAG's name and the server prefix (Windows computer names: letters, digits and
 *   hyphens, 15 characters with the number — Microsoft, "Naming conventions in Active Directory for
 *   computers, domains, sites, and OUs", KB 909264), the database prefix (a folder and file name:
 *   none of \ / : * ? " < > |, no comma, the DbMap separator, and no leading = + - @), the GC (a DNS
 *   name) and the two folders (a local path, C:\…). A quote would change the name a tool reads, so a
 *   name is refused rather than altered: deploymentNameProblem, deploymentSettingProblem.
 * - neutralised, as a second guard: every CSV field that would start with = + - @, a tab or a
 *   carriage return gets a leading single quote (OWASP, "CSV Injection"), so no spreadsheet opening
 *   the file runs it; and the pane writes every sheet cell as a value, text that Excel would read as
 *   a formula behind an apostrophe (src/taskpane/excel-writer.ts enteredText).
 *
 * @example
 * const files = deploymentFiles({ users: 7600, serversPerSite: [8, 8], copies: 4, layout: "active/active", databases: 336 });
 * files["Servers.csv"].split("\r\n")[0]; // "ServerName,StartDrive,DbPerVolume,AutoReseedVolumes,DbLogIsolation,VolumesRootFolder,DatabasesRootFolder,DbMap"
 */
import { LAG_DEFAULTS, type Design } from "../engine/design";
import { databasesOf, layoutOf, type DagDesign } from "../engine/failover";
import { designFromCells, type InputCells, type Places } from "./input-values";
import { INPUT_PARAMETERS } from "../functions/worksheet";
import type { CopyLayout, LayoutNames } from "../engine/layout";
import type { CellModel, SheetModel, WorkbookModel } from "./model";

/** The calculator's version row: its export format 2.1, calculator 7.6 (ExchangeDsc tests/Data/*V7.6.csv). */
export const CALCULATOR_VERSION = ["VersionNumber", "2.1", "7.6"] as const;

export const SERVERS_COLUMNS = ["ServerName", "StartDrive", "DbPerVolume", "AutoReseedVolumes", "DbLogIsolation", "VolumesRootFolder", "DatabasesRootFolder", "DbMap"] as const;
export const DATABASES_COLUMNS = [
  "Name", "Server", "EDBFilePath", "LogFolderPath", "DeletedItemRetention", "GC", "OAB", "RetainDeletedItemsUntilBackup", "IndexEnabled",
  "CircularLoggingEnabled", "ProhibitSendReceiveQuota", "ProhibitSendQuota", "IssueWarningQuota", "AllowFileRestore", "BackgroundDatabaseMaintenance",
  "IsExcludedFromProvisioning", "IsSuspendedFromProvisioning", "MailboxRetention", "MountAtStartup", "EventHistoryRetentionPeriod",
  "AutoDagExcludeFromMonitoring", "CalendarLoggingQuota", "IsExcludedFromInitialProvisioning", "DataMoveReplicationConstraint",
  "RecoverableItemsQuota", "RecoverableItemsWarningQuota",
] as const;
export const COPIES_COLUMNS = ["GC", "GC2", "Name", "Server", "ActivationPreference", "ReplayLagTime", "TruncationLagTime"] as const;

/** The DAG's name and the prefixes of its server and database names. */
export interface DeploymentNames {
  dag: string;
  serverPrefix: string;
  databasePrefix: string;
}

/** `exsize export`'s defaults: DAG01, servers MBX01…, databases DB01… (DB001… past 99). */
export const DEFAULT_DEPLOYMENT_NAMES: Readonly<DeploymentNames> = Object.freeze({ dag: "DAG01", serverPrefix: "MBX", databasePrefix: "DB" });

export interface DeploymentSettings {
  volumesRoot: string;
  databasesRoot: string;
  /** Databases on each volume (the calculator's DbPerVolume): the design's own (settingsFor). */
  databasesPerVolume: number;
  /** A server's AutoReseed spare volumes (the calculator's AutoReseedVolumes), one a disk: the design's own. */
  autoReseedVolumes: number;
  /** A server's restore volumes, one a disk (or a RAID set), mounted apart from the database volumes: the design's own. */
  restoreVolumes: number;
  /** Where the restore volume is mounted: outside volumesRoot, so AutoReseed never takes it for a spare. */
  restoreRoot: string;
  /** The first disk number of the database volumes (the calculator's StartDrive). */
  startDisk: number;
  /** Global catalog servers for the CSVs' GC columns; "" leaves them empty. */
  gc: string;
  /** A lagged copy's replay lag (d.hh:mm:ss). */
  replayLag: string;
  /** The design's MCDB SSDs a server and each one's raw GB (settingsFor), set up by the script's step 4; none without. */
  mcdb?: {
    ssdsPerServer: number;
    ssdGB: number;
    /** The sites (0-based) whose servers hold them: those on JBOD (ours; an active/passive second site on RAID has none). Absent: every server. */
    sites?: readonly number[];
  };
  /**
   * Active/passive: each site's servers their own volumes, as their own disks lay them (Design.siteServers: JBOD or
   * RAID a site, Role Requirements!I127, I128); absent, every server the settings' own.
   */
  siteVolumes?: readonly ServerVolumes[];
}

/** A server's volumes: the databases a volume, its AutoReseed spares and its restore volumes. */
export type ServerVolumes = Pick<DeploymentSettings, "databasesPerVolume" | "autoReseedVolumes" | "restoreVolumes">;

export const DEFAULT_DEPLOYMENT_SETTINGS: Readonly<DeploymentSettings> = Object.freeze({
  volumesRoot: "C:\\ExchangeVolumes",
  databasesRoot: "C:\\ExchangeDatabases",
  databasesPerVolume: 1,
  autoReseedVolumes: 0,
  restoreVolumes: 0,
  restoreRoot: "C:\\ExchangeRestore",
  startDisk: 5,
  gc: "",
  replayLag: "7.00:00:00",
});

/**
 * A replay lag of `days` as Add-MailboxDatabaseCopy's -ReplayLagTime and the calculator's
 * ReplayLagTime column take it, d.hh:mm:ss to the second (Microsoft, "Add-MailboxDatabaseCopy":
 * at most 14 days).
 *
 * @example replayLagTime(7);   // "7.00:00:00"
 * @example replayLagTime(1.5); // "1.12:00:00"
 */
export function replayLagTime(days: number): string {
  const seconds = Math.round(days * 86_400);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${Math.floor(seconds / 86_400)}.${two(Math.floor((seconds % 86_400) / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
}

/**
 * The export's settings for a sized design (the export deploys the volumes the design buys):
 * a server's volumes as its own disks lay them — the databases a volume, the AutoReseed and restore
 * disks of a Microsoft-method JBOD server, a RAID server's volumes and restore set — or, by Dell's
 * process, which sizes no server disks, a volume a database (Tables 18-19); its MCDB SSDs, if it has
 * any; its lagged copies' replay lag (the input lagDays); the folders, first disk and GC as given.
 */
export function settingsFor(design: Pick<Design, "inputs" | "serverDisks" | "raidServerDisks" | "siteServers" | "mcdb">, settings: DeploymentSettings = DEFAULT_DEPLOYMENT_SETTINGS): DeploymentSettings {
  const volumes = volumesOf(design);
  // Active/passive: each site's servers as their own disks lay them (one server's disks where a site has none).
  const siteVolumes = design.siteServers?.map((site) => (site.serverDisks || site.raidServerDisks ? volumesOf(site) : volumes));
  // MCDB beside JBOD database disks only: an active/passive site on RAID holds no SSDs (catalogue/storage.ts mcdbServersOf).
  const sites = design.siteServers?.flatMap((site, s) => (site.serverDisks ? [s] : []));
  const mcdb = design.mcdb ? { mcdb: { ssdsPerServer: design.mcdb.ssdsPerServer, ssdGB: design.mcdb.ssdGB, ...(sites ? { sites } : {}) } } : {};
  return { ...settings, ...volumes, ...(siteVolumes ? { siteVolumes } : {}), ...mcdb, replayLag: replayLagTime(design.inputs.lagDays ?? LAG_DEFAULTS.lagDays) };
}

/** A server's volumes as its disks lay them: JBOD's, a RAID set's, or a volume a database where it has none. */
function volumesOf(disks: Pick<Design, "serverDisks" | "raidServerDisks">): ServerVolumes {
  const jbod = disks.serverDisks;
  const raid = disks.raidServerDisks;
  if (jbod) return { databasesPerVolume: jbod.databasesPerVolume, autoReseedVolumes: jbod.autoReseedDisks, restoreVolumes: jbod.restoreDisks };
  if (raid) return { databasesPerVolume: raid.databasesPerVolume, autoReseedVolumes: 0, restoreVolumes: raid.restoreDisks > 0 ? 1 : 0 };
  return { databasesPerVolume: 1, autoReseedVolumes: 0, restoreVolumes: 0 };
}

/** The four files, in the order they are offered. */
export const DEPLOYMENT_FILE_NAMES = ["Servers.csv", "MailboxDatabases.csv", "MailboxDatabaseCopies.csv", "Deploy-Dag.ps1"] as const;
export type DeploymentFileName = (typeof DEPLOYMENT_FILE_NAMES)[number];
/** Each file's text: CRLF line ends, as Windows tools write them. */
export type DeploymentFiles = Record<DeploymentFileName, string>;

/** A CSV field, quoted as the calculator's files quote theirs (and RFC 4180: quotes doubled). */
export const csvField = (value: string | number): string => `"${String(value).replace(/"/g, '""')}"`;

/**
 * A field a spreadsheet would run as a formula (= + - @, or a tab or carriage return before one)
 * behind a single quote, as OWASP's "CSV Injection" advises; every other field as it is.
 *
 * @example
 * neutralisedField('=HYPERLINK("http://evil.example","x")'); // "'=HYPERLINK(\"http://evil.example\",\"x\")"
 */
export const neutralisedField = (value: string | number): string | number => (typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const csvLine = (fields: readonly (string | number)[]) => fields.map((f) => csvField(neutralisedField(f))).join(",");
/** The version row: VersionNumber, 2.1, 7.6 and empty fields to the header's width. */
const versionLine = (columns: number) => [...CALCULATOR_VERSION.map(csvField), ...Array<string>(columns - CALCULATOR_VERSION.length).fill("")].join(",");

/** A PowerShell single-quoted string: nothing inside is expanded; a quote (and a typographic one) is doubled. */
export const psString = (text: string): string => `'${text.replace(/'/g, "''").replace(/[\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;

const joinPath = (...parts: string[]) => parts.map((p, i) => (i === 0 ? p.replace(/\\+$/, "") : p.replace(/^\\+|\\+$/g, ""))).join("\\");

/**
 * Server and database names from the prefixes: MBX01…, DB001… — two digits at least, as the
 * calculator's, and as many as the largest number needs.
 *
 * @example
 * deploymentNames(DEFAULT_DEPLOYMENT_NAMES, 16, 336).database(0); // "DB001"
 */
export function deploymentNames(names: DeploymentNames, servers: number, databases: number): LayoutNames {
  const pad = (n: number, of: number) => String(n).padStart(Math.max(2, String(of).length), "0");
  return {
    server: (s) => `${names.serverPrefix}${pad(s + 1, servers)}`,
    database: (d) => `${names.databasePrefix}${pad(d + 1, databases)}`,
  };
}

/** A Windows computer name's longest (Microsoft KB 909264: NetBIOS names, 15 characters; the 16th is reserved). */
export const COMPUTER_NAME_MAX = 15;
/** The server prefix's longest: the name adds at least two digits (MBX01), and a DAG has at most 16 servers. */
export const SERVER_PREFIX_MAX = COMPUTER_NAME_MAX - 2;

/** A database's longest name (Microsoft, "New-MailboxDatabase", -Name: "The maximum length is 64 characters"). */
export const DATABASE_NAME_MAX = 64;
/** The database prefix's longest: its number follows, six digits in a design of 100,000 databases (the most a design holds). */
export const DATABASE_PREFIX_MAX = DATABASE_NAME_MAX - String(INPUT_PARAMETERS.databases.max).length;

/**
 * Why a name cannot be used, in the words of `label` ("--server-prefix", "The server prefix");
 * undefined when it can. The sentence does not repeat the text: the CLI adds it, the pane's field shows it. `role` says which rule: the DAG's name and the server prefix are Windows
 * computer names (KB 909264, and DNS host names since Windows 2000: letters, digits, hyphens, not
 * all digits); the database prefix becomes folder and file names (EDBFilePath) and a DbMap entry.
 */
export function deploymentNameProblem(label: string, text: string, role: keyof DeploymentNames): string | undefined {
  if (text.trim() === "") return `${label} must not be empty`;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(text)) return `${label} must be on one line`;
  if (role === "databasePrefix") {
    if (/[\\/:*?"<>|]/.test(text)) return `${label} must not contain \\ / : * ? " < > | (a database's name is a folder and a file name)`;
    if (text.includes(",")) return `${label} must not contain a comma (Servers.csv lists each server's databases separated by commas)`;
    if (/^[=+\-@\s]/.test(text)) return `${label} must not start with = + - @ or a space (a spreadsheet would read it as a formula)`;
    if (text.length > DATABASE_PREFIX_MAX) {
      return `${label} must be at most ${DATABASE_PREFIX_MAX} characters (a database's name is at most ${DATABASE_NAME_MAX}, Microsoft's New-MailboxDatabase says, and up to six digits follow the prefix)`;
    }
    return undefined;
  }
  const most = role === "dag" ? COMPUTER_NAME_MAX : SERVER_PREFIX_MAX;
  const what = role === "dag" ? "the DAG's name is a Windows computer name" : "a server's name is its Windows computer name, with two digits after the prefix";
  // A DNS label: no hyphen first, nor last in a whole name (a prefix is followed by its digits).
  const shape = role === "dag" ? /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?$/ : /^[A-Za-z0-9][A-Za-z0-9-]*$/;
  if (!shape.test(text)) return `${label} must be letters, digits and hyphens, with no hyphen first${role === "dag" ? " or last" : ""} (${what})`;
  if (text.length > most) return `${label} must be at most ${most} characters (${what}, 15 at most)`;
  if (role === "dag" && /^\d+$/.test(text)) return `${label} must not be all digits (a Windows computer name)`;
  return undefined;
}

/**
 * Why a setting's text cannot be used, in the words of `label`; undefined when it can. The folders
 * are local Windows paths (the script mounts volumes there); the GC a DNS name, or empty.
 */
export function deploymentSettingProblem(label: string, text: string, key: "volumesRoot" | "databasesRoot" | "gc"): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\u0000-\u001f\u007f]/.test(text)) return `${label} must be on one line`;
  if (key === "gc") {
    if (text === "") return undefined;
    const labels = text.split(".");
    const ok = text.length <= 253 && labels.every((l) => /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/.test(l));
    return ok ? undefined : `${label} must be a server's DNS name, such as gc1.contoso.com: letters, digits, hyphens and dots`;
  }
  if (!/^[A-Za-z]:\\/.test(text)) return `${label} must be a local folder, such as C:\\ExchangeVolumes`;
  if (/[*?"<>|]/.test(text) || text.slice(2).includes(":")) return `${label} must not contain * ? " < > | or a second colon (a Windows folder name)`;
  return undefined;
}

/** The highest first disk number the export takes. */
export const START_DISK_MAX = 1000;
/** The first database disk's rule: never disk 0, which Windows numbers first and is nearly always the system disk. */
export const START_DISK_RULE = `must be a whole number from 1 to ${START_DISK_MAX.toLocaleString("en-US")} (disk 0 is nearly always the system disk)`;

/** A replay lag of no time at all: the copy is not lagged. */
const NO_LAG = "0.00:00:00";
const LAG_RULE = "a lagged copy's replay lag must be at least one second (ReplayLagTime counts whole seconds, and 0.00:00:00 is no lag)";

/**
 * Why a design's replay lag cannot be deployed, or undefined: with lagged copies, a lag of `lagDays`
 * that rounds to 0.00:00:00 would deploy copies that are not lagged at all. Refused, not rounded up:
 * any lag we chose would be one the design did not ask for.
 */
export function replayLagProblem(lagDays: number, laggedCopies: number): string | undefined {
  if (laggedCopies === 0 || replayLagTime(lagDays) !== NO_LAG) return undefined;
  return `${LAG_RULE}; got ${lagDays.toLocaleString("en-US", { maximumFractionDigits: 20 })} days, which ReplayLagTime rounds to ${NO_LAG}`;
}

/** Names or settings that deploymentFiles refuses (its callers check first; this is the last guard). */
export class DeploymentInputError extends Error {}

/** Every problem with the names and settings, in order. */
export function deploymentInputProblems(names: DeploymentNames, settings: DeploymentSettings): string[] {
  const said = (problem: string | undefined, text: string) => (problem === undefined ? undefined : `${problem}; got ${JSON.stringify(text)}`);
  const problems = [
    said(deploymentNameProblem("the DAG's name", names.dag, "dag"), names.dag),
    said(deploymentNameProblem("the server prefix", names.serverPrefix, "serverPrefix"), names.serverPrefix),
    said(deploymentNameProblem("the database prefix", names.databasePrefix, "databasePrefix"), names.databasePrefix),
    said(deploymentSettingProblem("the volumes folder", settings.volumesRoot, "volumesRoot"), settings.volumesRoot),
    said(deploymentSettingProblem("the databases folder", settings.databasesRoot, "databasesRoot"), settings.databasesRoot),
    said(deploymentSettingProblem("the GC", settings.gc, "gc"), settings.gc),
  ];
  if (!/^\d+\.\d{2}:\d{2}:\d{2}$/.test(settings.replayLag)) problems.push(`the replay lag must be d.hh:mm:ss, such as 7.00:00:00; got ${JSON.stringify(settings.replayLag)}`);
  if (!Number.isInteger(settings.startDisk) || settings.startDisk < 1 || settings.startDisk > START_DISK_MAX) problems.push(`the start disk ${START_DISK_RULE}; got ${settings.startDisk}`);
  for (const v of [settings, ...(settings.siteVolumes ?? [])]) {
    if (!Number.isInteger(v.databasesPerVolume) || v.databasesPerVolume < 1) problems.push(`the databases a volume must be a whole number from 1; got ${v.databasesPerVolume}`);
  }
  const mcdb = settings.mcdb;
  if (mcdb && (!Number.isInteger(mcdb.ssdsPerServer) || mcdb.ssdsPerServer < 1 || !Number.isInteger(mcdb.ssdGB) || mcdb.ssdGB < 1)) {
    problems.push(`the MCDB SSDs must be a whole number from 1 a server, each a whole number of GB from 1; got ${mcdb.ssdsPerServer} of ${mcdb.ssdGB} GB`);
  }
  return problems.filter((p): p is string => p !== undefined);
}

/** Each server's databases (those it holds a copy of), in database order. */
function serverDatabases(layout: CopyLayout): number[][] {
  const held: number[][] = layout.siteOfServer.map(() => []);
  layout.copies.forEach((copies, d) => copies.forEach((c) => held[c.server].push(d)));
  return held;
}

/** What the script is written from: deploymentFiles' layout, names and paths. */
interface ScriptParts {
  dagNames: DeploymentNames;
  settings: DeploymentSettings;
  layout: CopyLayout;
  names: LayoutNames;
  held: number[][];
  /** A server's volumes, by its index: its site's own (active/passive), else the settings'. */
  volumesFor: (s: number) => ServerVolumes;
  edbPath: (d: number) => string;
  logPath: (d: number) => string;
}

/** One disk of a server as the script formats it: its number, volume label, mount folder and the databases whose folders it holds. */
interface ScriptDisk {
  disk: number;
  label: string;
  path: string;
  databases: string[];
}

const psArray = (items: readonly string[]) => `@(${items.join(", ")})`;

/**
 * Deploy-Dag.ps1: the design as data — each server's disks, each database with its copies — and one
 * loop a step over it, so the script's length is the design's and every disk it touches is a row of
 * $Servers. With MCDB SSDs, step 4 sets them up as Microsoft's "MetaCacheDatabase (MCDB) setup" does
 * (Exchange Server 2019 and SE), and step 0 first checks each server has exactly the design's raw SSDs.
 */
function deployScript({ dagNames, settings, layout, names, held, volumesFor, edbPath, logPath }: ScriptParts): string[] {
  const dag = psString(dagNames.dag);
  const mcdb = settings.mcdb;
  const label = (v: number) => `ExVol${String(v + 1).padStart(2, "0")}`;
  const serverDisks = (dbs: readonly number[], s: number): ScriptDisk[] => {
    const own = volumesFor(s);
    const volumes = Math.ceil(dbs.length / own.databasesPerVolume);
    const disks: ScriptDisk[] = [];
    for (let v = 0; v < volumes; v++) {
      const databases = dbs.slice(v * own.databasesPerVolume, (v + 1) * own.databasesPerVolume).map(names.database);
      disks.push({ disk: settings.startDisk + v, label: label(v), path: joinPath(settings.volumesRoot, label(v)), databases });
    }
    // AutoReseed's spares: formatted, mounted in the volumes folder, holding no database (Microsoft, "Configure AutoReseed for a DAG").
    for (let a = 0; a < own.autoReseedVolumes; a++) {
      disks.push({ disk: settings.startDisk + volumes + a, label: label(volumes + a), path: joinPath(settings.volumesRoot, label(volumes + a)), databases: [] });
    }
    // The restore volume, mounted apart, so that AutoReseed never takes it for a spare.
    for (let r = 0; r < own.restoreVolumes; r++) {
      const restore = own.restoreVolumes === 1 ? "ExRestore" : `ExRestore${r + 1}`;
      disks.push({ disk: settings.startDisk + volumes + own.autoReseedVolumes + r, label: restore, path: joinPath(settings.restoreRoot, restore), databases: [] });
    }
    return disks;
  };
  const d = layout.design;
  // The servers that hold the MCDB SSDs: those of the sites on JBOD, or every server.
  const mcdbServers = mcdb ? layout.siteOfServer.flatMap((site, s) => (mcdb.sites === undefined || mcdb.sites.includes(site) ? [names.server(s)] : [])) : [];
  const everyServer = mcdbServers.length === layout.siteOfServer.length;
  const ps: string[] = [
    `# ${dagNames.dag}: ${d.serversPerSite.join(" + ")} servers, ${d.copies} copies (${d.laggedCopies} lagged), ${d.layout}, ${d.databases} databases` +
      (mcdb ? `, ${mcdb.ssdsPerServer} MCDB SSDs of ${mcdb.ssdGB.toLocaleString("en-US")} GB a server${everyServer ? "" : ` on JBOD (${mcdbServers.length} servers; none on RAID)`}.` : "."),
    "# Written by exsize export from the design's copy layout. Run in the Exchange Management Shell, after the servers",
    "# have joined the DAG. Review the disk numbers in $Servers before running step 1: it formats those disks, and",
    "# no other: every disk the script touches is a row of $Servers" + (mcdb ? " (and Manage-MCDB the SSDs step 0 counts)." : "."),
    "$ErrorActionPreference = 'Stop'",
    "",
    "# Each server's disks: the number Windows gives the disk, its volume's label, where it is mounted, and the",
    "# databases whose folders are mounted on it (none for an AutoReseed spare or a restore volume).",
    "$Servers = [ordered]@{",
  ];
  held.forEach((dbs, s) => {
    ps.push(`  ${psString(names.server(s))} = @(`);
    for (const disk of serverDisks(dbs, s)) {
      ps.push(`    @{ Disk = ${disk.disk}; Label = ${psString(disk.label)}; Path = ${psString(disk.path)}; Databases = ${psArray(disk.databases.map(psString))} }`);
    }
    ps.push("  )");
  });
  ps.push(
    "}",
    "",
    "# Each database on the server of its active copy (activation preference 1), and its passive copies in preference",
    "# order; a lagged copy replays $ReplayLagTime behind and is blocked from activation.",
    "$Databases = @(",
  );
  layout.copies.forEach((dbCopies, db) => {
    const copies = dbCopies.slice(1).map((c) => `@{ Server = ${psString(names.server(c.server))}; Preference = ${c.preference}${c.lagged ? "; Lagged = $true" : ""} }`);
    ps.push(
      `  @{ Name = ${psString(names.database(db))}; Server = ${psString(names.server(dbCopies[0].server))}; EdbFilePath = ${psString(edbPath(db))}; LogFolderPath = ${psString(logPath(db))}; Copies = ${psArray(copies)} }`,
    );
  });
  ps.push(")", `$DatabasesRoot = ${psString(settings.databasesRoot)}`, `$ReplayLagTime = ${psString(settings.replayLag)}`);
  if (mcdb) {
    ps.push(
      "# The design's MCDB SSDs a server and their size in bytes (raw decimal GB × 10^9).",
      `$McdbSsdsPerServer = ${mcdb.ssdsPerServer}`,
      `$McdbSsdSizeInBytes = ${mcdb.ssdGB * 1_000_000_000}`,
      "# The servers that hold them: those on JBOD disks (a server on RAID has no MCDB).",
      `$McdbServers = ${psArray(mcdbServers.map(psString))}`,
    );
  }
  ps.push(
    "",
    "# 0. Before anything is changed: on every server, each disk of $Servers must be raw (no partition table) and",
    "#    offline, as a new disk is; a disk number that points at a disk in use stops the script here.",
    "foreach ($server in $Servers.Keys) {",
    "  $disks = $Servers[$server]",
    "  Invoke-Command -ComputerName $server -ScriptBlock {",
    "    foreach ($d in $using:disks) {",
    "      $disk = Get-Disk -Number $d.Disk",
    "      if ($disk.PartitionStyle -ne 'RAW' -or -not $disk.IsOffline) {",
    '        throw "Disk $($d.Disk) of $env:COMPUTERNAME is not a raw, offline disk (partition style $($disk.PartitionStyle), offline: $($disk.IsOffline)): check the disk numbers (exsize export --start-disk); nothing was changed"',
    "      }",
    "    }",
  );
  if (mcdb) {
    ps.push(
      "    # Manage-MCDB formats every raw SSD it finds (Microsoft, \"MetaCacheDatabase (MCDB) setup\", step 4), so besides the",
      "    # disks above a server must have exactly the design's raw SSDs, each at least the design's size (\"SSD guidance\":",
      "    # every server the same count of SSDs of one size). A server without MCDB (on RAID) is not checked.",
      "    if ($using:McdbServers -contains $using:server) {",
      "    $given = @($using:disks | ForEach-Object { $_.Disk })",
      "    $want = $using:McdbSsdsPerServer",
      "    $bytes = $using:McdbSsdSizeInBytes",
      "    $ssds = @(Get-PhysicalDisk | Where-Object { $_.MediaType -eq 'SSD' } | ForEach-Object { Get-Disk -Number $_.DeviceId } | Where-Object { $_.PartitionStyle -eq 'RAW' -and $given -notcontains $_.Number })",
      "    if ($ssds.Count -ne $want) {",
      '      throw "$env:COMPUTERNAME has $($ssds.Count) raw SSDs besides its database disks, and the design gives MCDB $want: Manage-MCDB would format every raw SSD; nothing was changed"',
      "    }",
      "    foreach ($ssd in $ssds) {",
      '      if ($ssd.Size -lt $bytes) { throw "SSD $($ssd.Number) of $env:COMPUTERNAME holds $($ssd.Size) bytes, less than the design\'s $bytes; nothing was changed" }',
      "    }",
      "    }",
    );
  }
  ps.push(
    "  }",
    "}",
    "",
    "# 1. Each disk of $Servers brought online, initialised, formatted ReFS and mounted at its folder; a database",
    "#    volume's databases' folders (under the databases folder) are mounted on it too (the calculator's layout).",
    "foreach ($server in $Servers.Keys) {",
    "  $disks = $Servers[$server]",
    "  Invoke-Command -ComputerName $server -ScriptBlock {",
    "    $root = $using:DatabasesRoot",
    "    foreach ($d in $using:disks) {",
    "      Set-Disk -Number $d.Disk -IsOffline $false",
    "      Set-Disk -Number $d.Disk -IsReadOnly $false",
    "      Initialize-Disk -Number $d.Disk -PartitionStyle GPT",
    "      $partition = New-Partition -DiskNumber $d.Disk -UseMaximumSize",
    "      Format-Volume -Partition $partition -FileSystem ReFS -AllocationUnitSize 65536 -NewFileSystemLabel $d.Label -Confirm:$false | Out-Null",
    "      foreach ($path in @($d.Path) + @($d.Databases | ForEach-Object { Join-Path $root $_ })) {",
    "        New-Item -ItemType Directory -Force -Path $path | Out-Null",
    "        Add-PartitionAccessPath -DiskNumber $d.Disk -PartitionNumber $partition.PartitionNumber -AccessPath $path",
    "      }",
    "    }",
    "  }",
    "}",
  );
  if (held.some((_, s) => volumesFor(s).autoReseedVolumes > 0) || mcdb) {
    // AutoReseed finds the spares and the databases by these folders (Microsoft, "Configure AutoReseed for a DAG"); MCDB needs AutoReseed ("Prerequisites").
    ps.push(
      "",
      "# AutoReseed: where the DAG's volumes and databases are mounted, and the databases a volume holds.",
      `Set-DatabaseAvailabilityGroup -Identity ${dag} -AutoDagVolumesRootFolderPath ${psString(settings.volumesRoot)} -AutoDagDatabasesRootFolderPath ${psString(settings.databasesRoot)} -AutoDagDatabaseCopiesPerVolume ${settings.databasesPerVolume}`,
    );
  }
  ps.push(
    "",
    "# 2. The databases, each on the server of its active copy.",
    "foreach ($db in $Databases) {",
    "  New-MailboxDatabase -Name $db.Name -Server $db.Server -EdbFilePath $db.EdbFilePath -LogFolderPath $db.LogFolderPath | Out-Null",
    "  Mount-Database -Identity $db.Name",
    "}",
    "",
    "# 3. The passive copies, in preference order; a lagged copy replays with its lag and is blocked from activation.",
    "foreach ($db in $Databases) {",
    "  foreach ($copy in $db.Copies) {",
    "    if ($copy.Lagged) {",
    "      Add-MailboxDatabaseCopy -Identity $db.Name -MailboxServer $copy.Server -ActivationPreference $copy.Preference -ReplayLagTime $ReplayLagTime",
    '      Suspend-MailboxDatabaseCopy -Identity "$($db.Name)\\$($copy.Server)" -ActivationOnly -Confirm:$false',
    "    } else {",
    "      Add-MailboxDatabaseCopy -Identity $db.Name -MailboxServer $copy.Server -ActivationPreference $copy.Preference",
    "    }",
    "  }",
    "}",
  );
  if (mcdb) {
    ps.push(
      "",
      `# 4. MetaCache Database (MCDB) on the design's SSDs, ${mcdb.ssdsPerServer} of ${mcdb.ssdGB.toLocaleString("en-US")} GB a server, set up as Microsoft's`,
      '#    "MetaCacheDatabase (MCDB) setup" page (Exchange Server 2019 and SE) sets it up, with Exchange\'s own script',
      "#    Manage-MetaCacheDatabase.ps1: the DAG's counts, the Active Directory prerequisite, each server allowed MCDB and",
      "#    its raw SSDs formatted and mounted, then each database failed over to create its MCDB instance.",
      ". (Join-Path $exscripts 'Manage-MetaCacheDatabase.ps1')",
      `Set-DatabaseAvailabilityGroup -Identity ${dag} -AutoDagTotalNumberOfDatabases ${d.databases} -AutoDagDatabaseCopiesPerDatabase ${d.copies} -AutoDagTotalNumberOfServers ${held.length}`,
      `Manage-MCDB -DagName ${dag} -ConfigureMCDBPrerequisite -SSDSizeInBytes $McdbSsdSizeInBytes -SSDCountPerServer $McdbSsdsPerServer`,
      "# The page: MCDB needs the DAG's Active Directory settings replicated in full before the servers are set up.",
      "Read-Host 'MCDB: press Enter once Active Directory has replicated the DAG''s settings'",
      "foreach ($server in $McdbServers) {",
      `  Manage-MCDB -DagName ${dag} -ServerAllowMCDB $true -ServerName $server`,
      `  Manage-MCDB -DagName ${dag} -ConfigureMCDBOnServer -ServerName $server -SSDSizeInBytes $McdbSsdSizeInBytes`,
      "}",
      "# A database's next failover creates its MCDB instance: each server's databases failed over in turn, then",
      "# returned to their preferred servers.",
      "foreach ($server in $McdbServers) {",
      `  Manage-MCDB -DagName ${dag} -ServerAllowMCDB $true -ServerName $server -ForceFailover $true`,
      "}",
      `& (Join-Path $exscripts 'RedistributeActiveDatabases.ps1') -DagName ${dag} -BalanceDbsByActivationPreference -Confirm:$false`,
    );
  }
  return ps;
}

/**
 * The four files of a design: its copy layout (src/engine/layout.ts) with the names given. A design
 * that cannot exist (more copies than servers, too many sites…) throws the engine's SizingError;
 * names or settings that deploymentInputProblems refuses, a DeploymentInputError.
 *
 * @example
 * const files = deploymentFiles({ users: 12500, serversPerSite: [6, 3], copies: 3, layout: "active/passive" });
 * files["MailboxDatabases.csv"].split("\r\n").length; // 33: header, version row, 30 databases, and the last line's end
 */
export function deploymentFiles(
  design: DagDesign,
  dagNames: DeploymentNames = DEFAULT_DEPLOYMENT_NAMES,
  settings: DeploymentSettings = DEFAULT_DEPLOYMENT_SETTINGS,
): DeploymentFiles {
  const problems = deploymentInputProblems(dagNames, settings);
  if (problems.length > 0) throw new DeploymentInputError(problems.join("; "));
  const databaseCount = databasesOf(design);
  const layout = layoutOf({ ...design, databases: databaseCount });
  if (layout.design.laggedCopies > 0 && settings.replayLag === NO_LAG) throw new DeploymentInputError(`${LAG_RULE}; got ${NO_LAG}`);
  const names = deploymentNames(dagNames, layout.siteOfServer.length, databaseCount);
  const held = serverDatabases(layout);
  /** A server's volumes: its site's (active/passive, settings.siteVolumes), else the settings' own. */
  const volumesFor = (s: number): ServerVolumes => settings.siteVolumes?.[layout.siteOfServer[s]] ?? settings;
  const dbFolder = (d: number) => joinPath(settings.databasesRoot, names.database(d));
  const edbPath = (d: number) => joinPath(dbFolder(d), `${names.database(d)}.db`, `${names.database(d)}.edb`);
  const logPath = (d: number) => joinPath(dbFolder(d), `${names.database(d)}.log`);
  const crlf = (lines: string[]) => `${lines.join("\r\n")}\r\n`;

  const servers = crlf([
    SERVERS_COLUMNS.join(","),
    versionLine(SERVERS_COLUMNS.length),
    ...held.map((dbs, s) =>
      csvLine([names.server(s), settings.startDisk, volumesFor(s).databasesPerVolume, volumesFor(s).autoReseedVolumes, 0, settings.volumesRoot, settings.databasesRoot, dbs.map(names.database).join(",")]),
    ),
  ]);
  const databases = crlf([
    DATABASES_COLUMNS.join(","),
    versionLine(DATABASES_COLUMNS.length),
    ...layout.copies.map((copies, d) =>
      csvLine([
        names.database(d), names.server(copies[0].server), edbPath(d), logPath(d), "14.00:00:00", settings.gc, "\\Default Offline Address Book", "TRUE", "True",
        "FALSE", "Unlimited", "Unlimited", "Unlimited", "True", "True", "False", "False", "30.00:00:00", "True", "7.00:00:00", "False", "1GB", "False",
        layout.design.copies > 1 ? "SecondCopy" : "None", "30", "20",
      ]),
    ),
  ]);
  const copies = crlf([
    COPIES_COLUMNS.join(","),
    versionLine(COPIES_COLUMNS.length),
    ...layout.copies.flatMap((dbCopies, d) =>
      dbCopies.slice(1).map((c) => csvLine([settings.gc, settings.gc, names.database(d), names.server(c.server), c.preference, c.lagged ? settings.replayLag : "0.00:00:00", "0.00:00:00"])),
    ),
  ]);

  const script = deployScript({ dagNames, settings, layout, names, held, volumesFor, edbPath, logPath });
  return { "Servers.csv": servers, "MailboxDatabases.csv": databases, "MailboxDatabaseCopies.csv": copies, "Deploy-Dag.ps1": crlf(script) };
}

// ---------------------------------------------------------------------------------------------
// The design as the workbook holds it

/**
 * What the pane reads from a design in the workbook: the Inputs sheet's inputs by their
 * defined names, the factors, the mailbox tiers and the disk classes, as Excel gives them, and where
 * each sits, for messages. The same cells `exsize export --from FILE.xlsx` reads from a file.
 */
export interface WorkbookDagValues {
  cells: InputCells;
  places: Places;
}

/**
 * The design the workbook's inputs make, sized by the engine as `exsize design` sizes it
 * (src/workbook/input-values.ts designFromCells: each input checked by its cell's rule, then the
 * design as a whole), and its DAG: the servers, copies and databases to deploy. What is wrong is
 * one sentence naming the cells. Lagged copies: the Inputs sheet's LaggedCopies, their replay lag its LagDays (settingsFor).
 */
export function dagDesignFromWorkbook(values: WorkbookDagValues): { ok: true; design: DagDesign & { databases: number }; sized: Design } | { ok: false; problem: string } {
  const sized = designFromCells(values.cells, values.places);
  if (!sized.ok) return { ok: false, problem: sized.problems.join("; ") };
  const d = sized.design.layout.design;
  return {
    ok: true,
    // The DAG's mailboxes: by Microsoft's method every tier's (Role Requirements!C98).
    design: { users: sized.design.usersPerDag, serversPerSite: d.serversPerSite, copies: d.copies, layout: d.layout, databases: d.databases, laggedCopies: d.laggedCopies },
    sized: sized.design,
  };
}

// ---------------------------------------------------------------------------------------------
// The same content on sheets, for an Excel that blocks downloads

/** The sheet each file goes on (before the suffix that keeps it clear of the user's sheets). */
export const DEPLOYMENT_SHEETS: Readonly<Record<DeploymentFileName, string>> = Object.freeze({
  "Servers.csv": "Export Servers",
  "MailboxDatabases.csv": "Export Databases",
  "MailboxDatabaseCopies.csv": "Export Copies",
  "Deploy-Dag.ps1": "Export script",
});

/**
 * What each sheet says about itself, shown when its first cell is selected (an input message, never
 * a cell: a note in a cell would go into the saved CSV). Titles ≤ 32 characters, messages ≤ 255, Excel's limits.
 */
export function deploymentSheetNote(file: DeploymentFileName): { title: string; message: string } {
  if (file === "Deploy-Dag.ps1") {
    return {
      title: "Copy into Deploy-Dag.ps1",
      message: "Column A is the script, a line a row. Select column A, copy, and paste into a new file named Deploy-Dag.ps1 (or save this sheet as Text). Review the disk numbers first: step 1 formats disks.",
    };
  }
  return {
    title: "Save this sheet as CSV",
    message: `Save this sheet as CSV to get ${file}: File > Save a Copy > CSV (Comma delimited). Excel saves only the sheet in view. Rows 1-2 are the calculator's header and version row: keep them.`,
  };
}

/** RFC 4180 text into rows of fields (the files' own quoting: quoted fields, doubled quotes, CRLF rows). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r") continue;
    else if (c === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** A file as the rows and columns of its sheet: a CSV by its fields, the script a line a row in column A. */
export function deploymentTable(file: DeploymentFileName, text: string): string[][] {
  if (file.endsWith(".csv")) return parseCsv(text);
  const lines = text.split("\r\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => [line]);
}

const columnName = (i: number): string => {
  let s = "";
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

/**
 * The files as sheets of a workbook model: each file's table from A1, every cell text ("@"), so
 * Excel keeps "2.1", "TRUE" and "7.00:00:00" as written and File > Save a Copy > CSV gives the
 * calculator's rows back. The CSVs' header row is a heading and rows 1-2 stay in view.
 */
export function deploymentSheets(files: DeploymentFiles, suffix = ""): WorkbookModel {
  const sheets: SheetModel[] = DEPLOYMENT_FILE_NAMES.map((file) => {
    const table = deploymentTable(file, files[file]);
    const csv = file.endsWith(".csv");
    const cells: CellModel[] = [];
    const widths: number[] = [];
    table.forEach((row, r) =>
      row.forEach((value, c) => {
        cells.push({ address: `${columnName(c)}${r + 1}`, value, numberFormat: "@", ...(csv && r === 0 ? { role: "heading" as const } : {}) });
        widths[c] = Math.max(widths[c] ?? 8, Math.min(csv ? 40 : 120, value.length + 2));
      }),
    );
    return { name: DEPLOYMENT_SHEETS[file] + suffix, cells, columnWidths: widths, ...(csv ? { frozenRows: 2 } : {}) };
  });
  return { sheets, names: [], charts: [] };
}
