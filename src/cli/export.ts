/**
 * `exsize export --out DIR [DESIGN…] [--force]` — deploy what was designed: the copy layout as
 * Microsoft's calculator exports it (Servers.csv, MailboxDatabases.csv, MailboxDatabaseCopies.csv:
 * the calculator's columns and its "VersionNumber" row, as the examples of the public
 * dsccommunity/ExchangeDsc repository, source/Examples/ConfigureDatabases-FromCalculator and tests/Data/…V7.6.csv,
 * which its ExchangeDscCalculatorHelper module reads), and a PowerShell script that creates the
 * mount points, the databases and their copies with activation preferences.
 *
 * The files are built as text in memory first (exportFiles), and written second.
 */
import * as fs from "fs";
import * as path from "path";
import { SizingError } from "../engine/errors";
import type { CopyLayout } from "../engine/layout";
import type { CommandOutput } from "./design";
import { dagReport, DESIGN_OPTION_HELP, LayoutUsageError, parseDagOptions, type DagOptions } from "./layout";

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

export interface ExportSettings {
  volumesRoot: string;
  databasesRoot: string;
  /** Databases on each volume (the calculator's DbPerVolume). */
  databasesPerVolume: number;
  /** The first disk number of the database volumes (the calculator's StartDrive). */
  startDisk: number;
  /** Global catalog servers for the CSVs' GC columns; "" leaves them empty. */
  gc: string;
  /** A lagged copy's replay lag (d.hh:mm:ss). */
  replayLag: string;
}

export const DEFAULT_SETTINGS: ExportSettings = {
  volumesRoot: "C:\\ExchangeVolumes",
  databasesRoot: "C:\\ExchangeDatabases",
  databasesPerVolume: 1,
  startDisk: 5,
  gc: "",
  replayLag: "7.00:00:00",
};

/** A CSV field, quoted as the calculator's files quote theirs (and RFC 4180: quotes doubled). */
export const csvField = (value: string | number): string => `"${String(value).replace(/"/g, '""')}"`;
const csvLine = (fields: readonly (string | number)[]) => fields.map(csvField).join(",");
/** The version row: VersionNumber, 2.1, 7.6 and empty fields to the header's width. */
const versionLine = (columns: number) => [...CALCULATOR_VERSION.map(csvField), ...Array<string>(columns - CALCULATOR_VERSION.length).fill("")].join(",");

/** A PowerShell single-quoted string: nothing inside is expanded; a quote is doubled. */
export const psString = (text: string): string => `'${text.replace(/'/g, "''").replace(/[\u2018\u2019\u201a\u201b]/g, (q) => q + q)}'`;

const joinPath = (...parts: string[]) => parts.map((p, i) => (i === 0 ? p.replace(/\\+$/, "") : p.replace(/^\\+|\\+$/g, ""))).join("\\");

export interface ExportFiles {
  "Servers.csv": string;
  "MailboxDatabases.csv": string;
  "MailboxDatabaseCopies.csv": string;
  "Deploy-Dag.ps1": string;
}

/** Each server's databases (those it holds a copy of), in database order, and their volumes. */
function serverDatabases(layout: CopyLayout): number[][] {
  const held: number[][] = layout.siteOfServer.map(() => []);
  layout.copies.forEach((copies, d) => copies.forEach((c) => held[c.server].push(d)));
  return held;
}

/** The four files of a design, as text (CRLF line ends, as Windows tools write them). */
export function exportFiles(options: DagOptions, settings: ExportSettings = DEFAULT_SETTINGS): ExportFiles {
  const { layout, names } = dagReport(options);
  const held = serverDatabases(layout);
  const dbFolder = (d: number) => joinPath(settings.databasesRoot, names.database(d));
  const edbPath = (d: number) => joinPath(dbFolder(d), `${names.database(d)}.db`, `${names.database(d)}.edb`);
  const logPath = (d: number) => joinPath(dbFolder(d), `${names.database(d)}.log`);
  const crlf = (lines: string[]) => `${lines.join("\r\n")}\r\n`;

  const servers = crlf([
    SERVERS_COLUMNS.join(","),
    versionLine(SERVERS_COLUMNS.length),
    ...held.map((dbs, s) =>
      csvLine([names.server(s), settings.startDisk, settings.databasesPerVolume, 0, 0, settings.volumesRoot, settings.databasesRoot, dbs.map(names.database).join(",")]),
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

  const ps: string[] = [
    `# ${options.names.dag}: ${layout.design.serversPerSite.join(" + ")} servers, ${layout.design.copies} copies (${layout.design.laggedCopies} lagged), ${layout.design.layout}, ${layout.design.databases} databases.`,
    "# Written by exsize export from the copy layout (docs/dag-layout.md). Run in the Exchange Management Shell,",
    "# after the servers have joined the DAG. Review the disk numbers before running step 1: it formats disks.",
    "$ErrorActionPreference = 'Stop'",
    "",
    "# 1. Database volumes and their mount points: one volume per DbPerVolume databases, mounted under the",
    "#    volumes folder, and each database's folder mounted on its volume (the calculator's layout).",
  ];
  held.forEach((dbs, s) => {
    ps.push(`Invoke-Command -ComputerName ${psString(names.server(s))} -ScriptBlock {`);
    const volumes = Math.ceil(dbs.length / settings.databasesPerVolume);
    for (let v = 0; v < volumes; v++) {
      const disk = settings.startDisk + v;
      const label = `ExVol${String(v + 1).padStart(2, "0")}`;
      const volumePath = joinPath(settings.volumesRoot, label);
      ps.push(`  Initialize-Disk -Number ${disk} -PartitionStyle GPT`);
      ps.push(`  $partition = New-Partition -DiskNumber ${disk} -UseMaximumSize`);
      ps.push(`  Format-Volume -Partition $partition -FileSystem ReFS -AllocationUnitSize 65536 -NewFileSystemLabel ${psString(label)} -Confirm:$false | Out-Null`);
      ps.push(`  New-Item -ItemType Directory -Force -Path ${psString(volumePath)} | Out-Null`);
      ps.push(`  Add-PartitionAccessPath -DiskNumber ${disk} -PartitionNumber $partition.PartitionNumber -AccessPath ${psString(volumePath)}`);
      for (const d of dbs.slice(v * settings.databasesPerVolume, (v + 1) * settings.databasesPerVolume)) {
        ps.push(`  New-Item -ItemType Directory -Force -Path ${psString(dbFolder(d))} | Out-Null`);
        ps.push(`  Add-PartitionAccessPath -DiskNumber ${disk} -PartitionNumber $partition.PartitionNumber -AccessPath ${psString(dbFolder(d))}`);
      }
    }
    ps.push("}");
  });
  ps.push("", "# 2. The databases, each on the server of its active copy (activation preference 1).");
  layout.copies.forEach((dbCopies, d) => {
    ps.push(
      `New-MailboxDatabase -Name ${psString(names.database(d))} -Server ${psString(names.server(dbCopies[0].server))} -EdbFilePath ${psString(edbPath(d))} -LogFolderPath ${psString(logPath(d))}`,
    );
    ps.push(`Mount-Database -Identity ${psString(names.database(d))}`);
  });
  ps.push("", "# 3. The passive copies, in preference order; lagged copies replay with a lag and are blocked from activation.");
  layout.copies.forEach((dbCopies, d) => {
    for (const c of dbCopies.slice(1)) {
      const lag = c.lagged ? ` -ReplayLagTime ${psString(settings.replayLag)}` : "";
      ps.push(`Add-MailboxDatabaseCopy -Identity ${psString(names.database(d))} -MailboxServer ${psString(names.server(c.server))} -ActivationPreference ${c.preference}${lag}`);
      if (c.lagged) ps.push(`Suspend-MailboxDatabaseCopy -Identity ${psString(`${names.database(d)}\\${names.server(c.server)}`)} -ActivationOnly -Confirm:$false`);
    }
  });
  return { "Servers.csv": servers, "MailboxDatabases.csv": databases, "MailboxDatabaseCopies.csv": copies, "Deploy-Dag.ps1": crlf(ps) };
}

export const EXPORT_USAGE = "usage: exsize export --out DIR [--users N] [--servers N,N] [--copies N] [--layout L] [--databases N] [--lagged N] [--force]";
export const EXPORT_HELP: readonly string[] = [
  EXPORT_USAGE,
  "",
  "Writes the DAG's copy layout as Microsoft's calculator exports it — Servers.csv, MailboxDatabases.csv and",
  "MailboxDatabaseCopies.csv, with the calculator's columns and version row — and Deploy-Dag.ps1, which creates",
  "the mount points, the databases and their copies with activation preferences.",
  "",
  "  -o, --out DIR           the folder to write (created if missing)",
  "  --force                 overwrite files already there (refused otherwise)",
  ...DESIGN_OPTION_HELP,
  "  --volumes-root PATH     the volumes' mount folder (default C:\\ExchangeVolumes)",
  "  --databases-root PATH   the databases' folder (default C:\\ExchangeDatabases)",
  "  --db-per-volume N       databases on each volume (default 1)",
  "  --start-disk N          the first database disk's number (default 5)",
  "  --gc NAME               a global catalog server for the CSVs' GC columns (default empty)",
];

export async function runExport(args: string[], out: CommandOutput): Promise<number> {
  let options: DagOptions;
  let rest: Map<string, string | true>;
  const own = { "--out": true, "-o": true, "--force": false, "--help": false, "-h": false, "--volumes-root": true, "--databases-root": true, "--db-per-volume": true, "--start-disk": true, "--gc": true };
  const settings: ExportSettings = { ...DEFAULT_SETTINGS };
  try {
    ({ options, rest } = parseDagOptions(args, own));
    if (rest.has("--help") || rest.has("-h")) {
      EXPORT_HELP.forEach((line) => out.stdout(line));
      return 0;
    }
    const dir = (rest.get("--out") ?? rest.get("-o")) as string | undefined;
    if (rest.has("--out") && rest.has("-o")) throw new LayoutUsageError("--out given twice");
    if (dir === undefined || dir.trim() === "") throw new LayoutUsageError("--out DIR is required");
    const text = (flag: string, key: "volumesRoot" | "databasesRoot" | "gc") => {
      const v = rest.get(flag);
      if (typeof v === "string") {
        if (/[\r\n]/.test(v)) throw new LayoutUsageError(`${flag} must be on one line`);
        settings[key] = v;
      }
    };
    text("--volumes-root", "volumesRoot");
    text("--databases-root", "databasesRoot");
    text("--gc", "gc");
    for (const [flag, key, min] of [["--db-per-volume", "databasesPerVolume", 1], ["--start-disk", "startDisk", 0]] as const) {
      const v = rest.get(flag);
      if (typeof v !== "string") continue;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > 1000) throw new LayoutUsageError(`${flag} must be a whole number from ${min} to 1,000; got ${JSON.stringify(v)}`);
      settings[key] = n;
    }
    let files: ExportFiles;
    try {
      files = exportFiles(options, settings);
    } catch (e) {
      if (!(e instanceof SizingError)) throw e;
      out.stderr(`exsize export: ${String(e)}`);
      return 1;
    }
    const targets = Object.keys(files).map((name) => path.join(dir, name));
    const existing = targets.filter((t) => fs.existsSync(t));
    if (existing.length > 0 && !rest.has("--force")) {
      out.stderr(`exsize export: ${existing.join(", ")} already exist${existing.length === 1 ? "s" : ""}; give --force to overwrite`);
      return 1;
    }
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), content, "utf8");
    targets.forEach((t) => out.stdout(`wrote ${t}`));
    return 0;
  } catch (e) {
    if (!(e instanceof LayoutUsageError)) throw e;
    out.stderr(`exsize export: ${e.message}`);
    out.stderr(EXPORT_USAGE);
    return 2;
  }
}
