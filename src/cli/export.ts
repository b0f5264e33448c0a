/**
 * `exsize export --out DIR [DESIGN…] [--force]` — deploy what was designed: the copy layout as
 * Microsoft's calculator exports it (Servers.csv, MailboxDatabases.csv, MailboxDatabaseCopies.csv:
 * the calculator's columns and its "VersionNumber" row, as the examples of the public
 * dsccommunity/ExchangeDsc repository, source/Examples/ConfigureDatabases-FromCalculator and tests/Data/…V7.6.csv,
 * which its ExchangeDscCalculatorHelper module reads), and a PowerShell script that creates the
 * mount points, the databases and their copies with activation preferences.
 *
 * The files are built as text in memory first (src/workbook/deployment.ts, shared with the pane's
 * "Export the deployment"), and written second.
 */
import * as fs from "fs";
import * as path from "path";
import { SizingError } from "../engine/errors";
import { DEFAULT_DEPLOYMENT_SETTINGS, deploymentFiles, type DeploymentFiles, type DeploymentSettings } from "../workbook/deployment";
import type { CommandOutput } from "./design";
import { DESIGN_OPTION_HELP, LayoutUsageError, parseDagOptions, type DagOptions } from "./layout";

export { CALCULATOR_VERSION, COPIES_COLUMNS, csvField, DATABASES_COLUMNS, psString, SERVERS_COLUMNS } from "../workbook/deployment";
export type ExportSettings = DeploymentSettings;
export const DEFAULT_SETTINGS: ExportSettings = DEFAULT_DEPLOYMENT_SETTINGS;
export type ExportFiles = DeploymentFiles;

/** The four files of a design, as text (src/workbook/deployment.ts, which the pane uses too). */
export function exportFiles(options: DagOptions, settings: ExportSettings = DEFAULT_SETTINGS): ExportFiles {
  return deploymentFiles(options.design, options.names, settings);
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
