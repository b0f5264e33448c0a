/**
 * `exsize export --out DIR [INPUTS…] [--force]` and `exsize export --out DIR --from FILE.xlsx` —
 * deploy what was designed: the design's copy layout as Microsoft's calculator exports it
 * (Servers.csv, MailboxDatabases.csv, MailboxDatabaseCopies.csv: the calculator's columns and its
 * "VersionNumber" row, as the examples of the public dsccommunity/ExchangeDsc repository,
 * source/Examples/ConfigureDatabases-FromCalculator and tests/Data/…V7.6.csv, which its
 * ExchangeDscCalculatorHelper module reads), and a PowerShell script that creates the mount points,
 * the databases and their copies with activation preferences.
 *
 * The design is `exsize design`'s: the same input options, names, defaults and rules, or
 * with --from the inputs of a design workbook a person edited in Excel (its Inputs sheet read back
 * by the defined names, each value checked by its rule as the options are), sized once by the
 * engine, so the databases, servers and copies deployed are the ones the workbook sizes.
 *
 * The files are built as text in memory first (src/workbook/deployment.ts, shared with the pane's
 * "Export the deployment"), and written second, all or none (a folder in the way of the
 * script once left the three CSVs written): every target is checked, the four texts go to
 * temporary files in the target folder, and only then are they renamed into place; a failure at
 * any step removes the temporaries, puts back any file already replaced, and leaves the folder as
 * it was.
 */
import * as fs from "fs";
import * as path from "path";
import { SizingError } from "../engine/errors";
import { LAG_DEFAULTS } from "../engine/design";
import {
  DEFAULT_DEPLOYMENT_SETTINGS,
  DeploymentInputError,
  START_DISK_RULE,
  deploymentFiles,
  deploymentSettingProblem,
  replayLagProblem,
  settingsFor,
  type DeploymentFiles,
  type DeploymentSettings,
} from "../workbook/deployment";
import { designFromCells, designOf, type Sized } from "../workbook/input-values";
import { EXIT, EXIT_STATUS_HELP, TYPING_HELP, UsageError, inputOptionsHelp, optionOf, parseCommand, wholeOption, type CommandOutput, type FlagSpec } from "./design-options";
import { NAME_FLAGS, NAME_OPTION_HELP, dagOf, readNames, type DagOptions } from "./layout";
import { PRESET_HELP, presetDesign } from "./design";
import { readWorkbookCells, WhichDesignError, WorkbookReadError } from "./read-workbook";

export { CALCULATOR_VERSION, COPIES_COLUMNS, csvField, DATABASES_COLUMNS, psString, SERVERS_COLUMNS } from "../workbook/deployment";
export type ExportSettings = DeploymentSettings;
export const DEFAULT_SETTINGS: ExportSettings = DEFAULT_DEPLOYMENT_SETTINGS;
export type ExportFiles = DeploymentFiles;

/** The four files of a DAG, as text (src/workbook/deployment.ts, which the pane uses too). */
export function exportFiles(options: DagOptions, settings: ExportSettings = DEFAULT_SETTINGS): ExportFiles {
  return deploymentFiles(options.design, options.names, settings);
}

export const EXPORT_USAGE = "usage: exsize export --out DIR ([INPUTS…] | --from FILE.xlsx [--design N]) [--dag NAME] [--server-prefix TEXT] [--database-prefix TEXT] [--force]";
const EXPORT_FLAGS: readonly FlagSpec[] = [
  { names: ["--out", "-o"], value: true },
  { names: ["--from"], value: true },
  { names: ["--design"], value: true },
  { names: ["--preset"], value: true },
  { names: ["--force"], value: false },
  { names: ["--help", "-h"], value: false },
  ...NAME_FLAGS,
  { names: ["--volumes-root"], value: true },
  { names: ["--databases-root"], value: true },
  { names: ["--db-per-volume"], value: true },
  { names: ["--start-disk"], value: true },
  { names: ["--gc"], value: true },
];

/** `exsize export --help`. */
export function exportHelp(): string[] {
  return [
    EXPORT_USAGE,
    "",
    "Writes the design's DAG as Microsoft's calculator exports it — Servers.csv, MailboxDatabases.csv and",
    "MailboxDatabaseCopies.csv, with the calculator's columns and version row — and Deploy-Dag.ps1, which creates",
    "the mount points, the databases and their copies with activation preferences, and sets up the MCDB SSDs of an",
    "Exchange 2019 or SE design as Microsoft's \"MetaCacheDatabase (MCDB) setup\" does. The design is exsize design's",
    "for the same inputs (the same databases, servers and copies), or the one a workbook holds (--from).",
    "",
    "  -o, --out DIR           the folder to write (created if missing)",
    "  --from FILE.xlsx        export the design of a workbook written by exsize design -o or the add-in and edited",
    "                          in Excel: its Inputs sheet's inputs (by their defined names), factors, mailbox tiers",
    "                          and disk classes, each checked by its rule as the options are; no input options with it",
    "  --design N              with --from, the Nth design of a workbook of several (exsize compare -o, exsize fit",
    "                          --out): such a workbook is refused without it, never guessed",
    "  --force                 overwrite files already there (refused otherwise, exit status 2, as exsize design)",
    "",
    "Inputs (exsize design's options: the same names, defaults and rules):",
    `  --preset NAME           ${PRESET_HELP} (a preset of several DAGs: one of them)`,
    ...inputOptionsHelp(),
    "",
    "Names and folders:",
    ...NAME_OPTION_HELP,
    "  --volumes-root PATH     the volumes' mount folder, a local path (default C:\\ExchangeVolumes)",
    "  --databases-root PATH   the databases' folder, a local path (default C:\\ExchangeDatabases)",
    "  --start-disk N          the first database disk's number, 1 or more: never disk 0, the system disk (default 5);",
    "                          the script stops before changing anything unless each disk it uses is raw and offline",
    "  --gc NAME               a global catalog server's DNS name for the CSVs' GC columns (default empty)",
    "  -h, --help              this text",
    "",
    ...TYPING_HELP,
    "",
    "Names and folders are refused, not altered, where Windows or Exchange would refuse them: the DAG's name",
    "and the server names are Windows computer names (Microsoft, \"Naming conventions in Active Directory for",
    "computers, domains, sites, and OUs\", KB 909264); a database name is a folder and file name with no comma",
    "(Servers.csv's DbMap separates names with commas) and no = + - @ first. As a second guard, any CSV field",
    "that a spreadsheet would run as a formula (first character = + - @, tab or return) starts with a single",
    "quote (OWASP, \"CSV Injection\").",
    "",
    "All four files are written, or none: a file or folder in the way, or a folder that cannot be written,",
    "leaves what was there untouched.",
    "",
    ...EXIT_STATUS_HELP,
  ];
}

/** The settings of the files: folders, disks and the GC, each checked. */
function readSettings(flags: ReadonlyMap<string, string | true>): ExportSettings {
  const settings: ExportSettings = { ...DEFAULT_SETTINGS };
  for (const [flag, key] of [["--volumes-root", "volumesRoot"], ["--databases-root", "databasesRoot"], ["--gc", "gc"]] as const) {
    const v = flags.get(flag);
    if (typeof v !== "string") continue;
    const problem = deploymentSettingProblem(flag, v, key);
    if (problem !== undefined) throw new UsageError(`${problem}; got ${JSON.stringify(v)}`);
    settings[key] = v;
  }
  if (flags.has("--db-per-volume")) {
    throw new UsageError("--db-per-volume is gone: the export lays out the volumes the design buys; set the design's --databases-per-volume (0: the most that fit a disk)");
  }
  for (const [flag, key, rule] of [["--start-disk", "startDisk", START_DISK_RULE]] as const) {
    const v = flags.get(flag);
    if (typeof v !== "string") continue;
    settings[key] = wholeOption(flag, v, 1, 1000, rule);
  }
  return settings;
}

export async function runExport(args: string[], out: CommandOutput): Promise<number> {
  const usage = (message: string): number => {
    out.stderr(`exsize export: ${message}`);
    out.stderr(EXPORT_USAGE);
    return EXIT.usage;
  };
  let sized: Sized;
  /** Where the design's lag is set, for a message: the option, or the workbook's cell. */
  let lagPlace = optionOf("lagDays");
  let dir: string;
  let options: Omit<DagOptions, "design">;
  let settings: ExportSettings;
  let force: boolean;
  try {
    const { given, flags } = parseCommand(args, EXPORT_FLAGS);
    if (flags.has("--help")) {
      exportHelp().forEach((line) => out.stdout(line));
      return EXIT.ok;
    }
    const target = flags.get("--out");
    if (typeof target !== "string" || target.trim() === "") throw new UsageError("--out DIR is required");
    dir = target;
    force = flags.has("--force");
    options = { names: readNames(flags) };
    settings = readSettings(flags);
    const from = flags.get("--from");
    if (typeof from === "string") {
      const [first] = given.values();
      if (first !== undefined) throw new UsageError(`--from reads every input from ${from}; ${first.flag} cannot be given with it (change the workbook's Inputs sheet instead)`);
      if (flags.has("--preset")) throw new UsageError(`--from reads every input from ${from}; --preset cannot be given with it`);
      if (path.extname(from).toLowerCase() !== ".xlsx") throw new UsageError(`--from must name an .xlsx workbook (written by exsize design -o or the add-in); got ${JSON.stringify(from)}`);
      const which = flags.get("--design");
      // Read as every number option is; its most, the workbook's designs, is checked once it is read.
      const design = which === undefined ? undefined : wholeOption("--design", String(which), 1, Number.MAX_SAFE_INTEGER, "must be a whole number, 1 or more");
      let read: Awaited<ReturnType<typeof readWorkbookCells>>;
      try {
        read = await readWorkbookCells(from, design);
      } catch (e) {
        if (e instanceof WhichDesignError) throw new UsageError(e.message);
        if (!(e instanceof WorkbookReadError)) throw e;
        out.stderr(`exsize export: cannot read ${from}: ${e.message}; nothing written`);
        return EXIT.failed;
      }
      sized = designFromCells(read.cells, read.places);
      lagPlace = `${from}: ${read.places.input("lagDays")}`;
      // A value its cell's rule refuses is an input error, as an option's would be: exit 2.
      if (!sized.ok && sized.refusedBy === "rule") {
        for (const problem of sized.problems) out.stderr(`exsize export: ${from}: ${problem}`);
        out.stderr(`exsize export: the workbook's inputs are refused by their rules; nothing written`);
        return EXIT.usage;
      }
    } else {
      if (flags.has("--design")) throw new UsageError("--design picks a design of a workbook: give it with --from FILE.xlsx");
      // exsize design's preset and inputs: the same design, read the same way.
      sized = designOf(presetDesign(given, flags).inputs, optionOf);
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    return usage(e.message);
  }
  if (!sized.ok) {
    for (const problem of sized.problems) out.stderr(`exsize export: ${problem}`);
    out.stderr("exsize export: the design cannot be built; nothing written");
    return EXIT.failed;
  }
  const lag = replayLagProblem(sized.design.inputs.lagDays ?? LAG_DEFAULTS.lagDays, sized.design.layout.design.laggedCopies);
  if (lag !== undefined) return usage(`${lagPlace}: ${lag}`);
  let files: ExportFiles;
  try {
    // A lagged copy replays with the design's lag (its input lagDays): -ReplayLagTime and the CSV's ReplayLagTime.
    files = exportFiles({ ...options, design: dagOf(sized.design) }, settingsFor(sized.design, settings));
  } catch (e) {
    if (e instanceof DeploymentInputError) return usage(e.message);
    if (!(e instanceof SizingError)) throw e;
    out.stderr(`exsize export: ${String(e)}`);
    return EXIT.failed;
  }
  const written = writeAllOrNothing(dir, files, force);
  if (written.kind === "exists") {
    out.stderr(`exsize export: ${written.paths.join(", ")} already exist${written.paths.length === 1 ? "s" : ""}; give --force to overwrite`);
    return EXIT.usage;
  }
  if (written.kind === "cannot write") {
    out.stderr(`exsize export: cannot write ${written.path}: ${written.reason}; nothing written`);
    return EXIT.failed;
  }
  written.paths.forEach((t) => out.stdout(`wrote ${t}`));
  return EXIT.ok;
}

/** What writeAllOrNothing asks of the file system. */
export type FileOperations = Pick<typeof fs, "statSync" | "mkdirSync" | "writeFileSync" | "renameSync" | "rmSync">;

export type WriteOutcome =
  | { kind: "written"; paths: string[] }
  /** Files already there, and no --force: a refusal the user can lift. */
  | { kind: "exists"; paths: string[] }
  | { kind: "cannot write"; path: string; reason: string };

/** An error's words for a person: "permission denied", not "EACCES: permission denied, open '…'". */
function reasonOf(e: unknown): string {
  const error = e as NodeJS.ErrnoException;
  const words: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "permission denied",
    EROFS: "the file system is read-only",
    ENOSPC: "no space left on the device",
    EDQUOT: "the disk quota is used up",
    ENOTDIR: "a part of the path is a file, not a folder",
    EISDIR: "a folder is in the way",
    ENAMETOOLONG: "the name is too long",
  };
  return (error.code !== undefined && words[error.code]) || (error instanceof Error ? error.message : String(e));
}

/**
 * Writes every file into `dir`, or none: the folder (made if missing) and every target are checked
 * first; the texts go to temporary files beside their targets (same folder, so a rename is atomic
 * and cannot cross devices), and are renamed into place only once all four are on disk. On any
 * failure the temporaries are removed, files already replaced are put back, and a folder this call
 * made is removed again. `io` is node's fs; tests give one that fails where a disk would.
 */
export function writeAllOrNothing(dir: string, files: Readonly<Record<string, string>>, force: boolean, io: FileOperations = fs): WriteOutcome {
  const stat = (p: string) => {
    try {
      return io.statSync(p);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw e;
    }
  };
  const targets = Object.keys(files).map((name) => path.join(dir, name));
  try {
    const folder = stat(dir);
    if (folder !== undefined && !folder.isDirectory()) return { kind: "cannot write", path: dir, reason: "it is a file, not a folder" };
    if (folder !== undefined) {
      const inTheWay = targets.filter((t) => {
        const s = stat(t);
        return s !== undefined && !s.isFile();
      });
      if (inTheWay.length > 0) return { kind: "cannot write", path: inTheWay[0], reason: "it is a folder (or another thing that is not a file), which --force does not replace" };
      const existing = targets.filter((t) => stat(t) !== undefined);
      if (existing.length > 0 && !force) return { kind: "exists", paths: existing };
    }
  } catch (e) {
    return { kind: "cannot write", path: dir, reason: reasonOf(e) };
  }

  let made: string | undefined;
  try {
    made = io.mkdirSync(dir, { recursive: true });
  } catch (e) {
    return { kind: "cannot write", path: dir, reason: reasonOf(e) };
  }
  const tag = `${process.pid}-${Date.now().toString(36)}`;
  const temporaries: string[] = [];
  const backups: Array<{ target: string; backup: string }> = [];
  const placed: string[] = [];
  let failedAt = dir;
  try {
    for (const [name, content] of Object.entries(files)) {
      const temporary = path.join(dir, `.${name}.${tag}.tmp`);
      try {
        io.writeFileSync(temporary, content, { encoding: "utf8", flag: "wx" });
      } catch (e) {
        // A write that fails part-way (a full disk) has made its temporary: it goes with the rest. One
        // already there (EEXIST) is not ours, and stays.
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") temporaries.push(temporary);
        throw e;
      }
      temporaries.push(temporary);
    }
    targets.forEach((target, i) => {
      failedAt = target;
      if (stat(target) !== undefined) {
        const backup = path.join(dir, `.${path.basename(target)}.${tag}.old`);
        io.renameSync(target, backup);
        backups.push({ target, backup });
      }
      io.renameSync(temporaries[i], target);
      placed.push(target);
    });
  } catch (e) {
    // Undo in reverse: take out what was placed, put back what it replaced, drop the rest.
    const quietly = (f: () => void) => {
      try {
        f();
      } catch {
        /* best effort: the first error is the one to report */
      }
    };
    for (const target of placed) quietly(() => io.rmSync(target, { force: true }));
    for (const { target, backup } of backups) quietly(() => io.renameSync(backup, target));
    for (const temporary of temporaries) quietly(() => io.rmSync(temporary, { force: true }));
    if (made !== undefined) quietly(() => io.rmSync(made!, { recursive: true, force: true }));
    return { kind: "cannot write", path: failedAt, reason: reasonOf(e) };
  }
  for (const { backup } of backups) {
    try {
      io.rmSync(backup, { force: true });
    } catch {
      /* the export is written; a leftover backup is harmless */
    }
  }
  return { kind: "written", paths: targets };
}
