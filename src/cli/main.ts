/**
 * `exsize` — the command line: `eval` prints what formulas show in a cell, `design` writes the
 * reference design workbook. Errors are one line each; never a stack trace.
 */
import * as fs from "fs";
import * as path from "path";
import type { ProgressOutput } from "./compare";
import { didYouMean } from "../functions/suggest";

// Each command's module is loaded when it runs (`exsize design --json` loads the engine
// and the input rules, not the formula interpreter, exceljs or the template's sheets).
/* eslint-disable @typescript-eslint/no-require-imports */
const design = () => require("./design") as typeof import("./design");
const evaluate = () => require("./eval") as typeof import("./eval");
const layout = () => require("./layout") as typeof import("./layout");
const deploy = () => require("./export") as typeof import("./export");
const compare = () => require("./compare") as typeof import("./compare");
const fitting = () => require("./fit") as typeof import("./fit");
const importing = () => require("./import") as typeof import("./import");
/* eslint-enable @typescript-eslint/no-require-imports */

const USAGE = [
  "usage: exsize <command> [arguments]",
  "",
  "  exsize eval [--json] FORMULA…          print what each formula shows in a cell, one line each",
  `                                         e.g. exsize eval '=EX_DBSIZE(5000,2048,150,75,,"volume")' prints 1266`,
  "  exsize design [INPUTS…] -o FILE.xlsx   write the design workbook (or --json: print the design): a reference design",
  "                                         (--preset dell-2010 or dellemc-2016), or yours (--users, --copies, --method, …);",
  "                                         e.g. exsize design --preset dellemc-2016 --json: 14 DAGs, 336 databases, 45 disks a server",
  "  exsize layout [INPUTS…] [--json]       the design's DAG: its copy layout with activation preferences, and its failures",
  "  exsize export --out DIR [INPUTS…]      the design's DAG as the calculator's CSVs and a PowerShell script that deploys it;",
  "                                         --from FILE.xlsx: the design a workbook edited in Excel holds",
  "  exsize compare --vary OPTION=V1,V2,…   designs side by side: every combination of the values over the design,",
  "                                         a row each (or --json, --csv; --out FILE.xlsx: a column each)",
  "  exsize fit [PROFILE…]                  the least hardware that carries a mailbox profile: the designs no other",
  "                                         beats on servers, disks, memory and cores (or --json, --csv, --out)",
  "  exsize import FILE.xlsm [--json]       a filled Microsoft calculator as a design: its inputs sized, its saved figures",
  "                                         beside the design's, and what the design does not take (or --out FILE.xlsx)",
  "  exsize help [COMMAND]                  this text, or a command's options with their defaults and rules",
  "  exsize --version                       the version",
  "",
  "Exit status, the same in every command: 0 done; 1 a result is an error, the design cannot be built, or a file",
  "cannot be written or read; 2 a usage error, an input its rule refuses, a file already there without --force, or",
  "(exsize import) a file that is not a calculator it can read; 70 an internal error.",
];

/** The help of each command: `exsize help COMMAND` and `exsize COMMAND --help` print the same. */
/** A command's entry of a table by its name, never an Object property (`exsize help constructor` names no command). */
const entryOf = <T>(table: Readonly<Record<string, T>>, name: string | undefined): T | undefined => (name !== undefined && Object.hasOwn(table, name) ? table[name] : undefined);

/** Each command's runner, its module read on first use. */
const COMMANDS: Readonly<Record<string, (args: string[], out: ProgressOutput) => number | Promise<number>>> = {
  eval: (args, out) => evaluate().runEval(args, out),
  design: (args, out) => design().runDesign(args, out),
  layout: (args, out) => layout().runLayout(args, out),
  export: (args, out) => deploy().runExport(args, out),
  compare: (args, out) => compare().runCompare(args, out),
  fit: (args, out) => fitting().runFit(args, out),
  import: (args, out) => importing().runImport(args, out),
};

const COMMAND_HELP: Record<string, () => readonly string[]> = {
  eval: () => evaluate().EVAL_HELP,
  design: () => design().designHelp(),
  layout: () => layout().layoutHelp(),
  export: () => deploy().exportHelp(),
  compare: () => compare().compareHelp(),
  fit: () => fitting().fitHelp(),
  import: () => importing().importHelp(),
  help: () => USAGE,
};

/**
 * Stdout and stderr of the process. A reader that closes the pipe early (`exsize … | head -1`) ends
 * the output quietly: the stream's EPIPE is caught, later lines are dropped, and the command ends
 * with its own exit status — never a stack trace.
 */
const closed = new Set<NodeJS.WriteStream>();
function processOutput(): ProgressOutput {
  for (const stream of [process.stdout, process.stderr]) {
    if (stream.listenerCount("error") > 0) continue;
    stream.on("error", (error: NodeJS.ErrnoException) => {
      closed.add(stream);
      if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") return;
      if (stream !== process.stderr && !closed.has(process.stderr)) process.stderr.write(`exsize: cannot write the output: ${error.message}\n`);
      process.exitCode = 70;
    });
  }
  const write = (stream: NodeJS.WriteStream) => (line: string) => {
    if (!closed.has(stream) && !stream.destroyed) stream.write(`${line}\n`);
  };
  // Progress (exsize compare) only where standard error is a terminal: quiet when piped.
  const progress = (text: string) => {
    if (!closed.has(process.stderr) && !process.stderr.destroyed) process.stderr.write(text);
  };
  return { stdout: write(process.stdout), stderr: write(process.stderr), isTTY: process.stderr.isTTY === true, progress };
}

/** The version in the package's package.json, found by walking up from this file (src/cli or lib/src/cli). */
function packageVersion(): string {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, "package.json");
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, "utf8")) as { name?: string; version?: string };
      if (pkg.name === "exchange-storage-sizing" && pkg.version) return pkg.version;
    }
    if (path.dirname(dir) === dir) throw new Error("package.json of exchange-storage-sizing not found");
  }
}

/** Runs one command; resolves to the exit code (0 ok, 1 a result is an error, 2 usage, 70 internal). */
export async function main(argv: string[], out: ProgressOutput = processOutput()): Promise<number> {
  try {
    const [command, ...rest] = argv;
    const run = entryOf(COMMANDS, command);
    if (run !== undefined) return await run(rest, out);
    switch (command) {
      case "help":
      case "--help":
      case "-h": {
        if (rest[0] === undefined) {
          USAGE.forEach((line) => out.stdout(line));
          return 0;
        }
        const help = entryOf(COMMAND_HELP, rest[0]);
        if (!help) {
          out.stderr(`exsize help: no command ${JSON.stringify(rest[0])}${didYouMean(rest[0], Object.keys(COMMAND_HELP))}; the commands: ${Object.keys(COMMAND_HELP).join(", ")}`);
          return 2;
        }
        help().forEach((line) => out.stdout(line));
        return 0;
      }
      case "--version":
      case "-V":
        out.stdout(packageVersion());
        return 0;
      case undefined:
        USAGE.forEach((line) => out.stderr(line));
        return 2;
      default:
        out.stderr(`exsize: unknown command ${JSON.stringify(command)}${didYouMean(command, Object.keys(COMMAND_HELP))}`);
        out.stderr(USAGE[0]);
        return 2;
    }
  } catch (e) {
    out.stderr(`exsize: internal error: ${e instanceof Error ? e.message : String(e)}`);
    return 70;
  }
}
