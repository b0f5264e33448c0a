/**
 * `exsize` — the command line: `eval` prints what formulas show in a cell, `design` writes the
 * reference design workbook. Errors are one line each; never a stack trace.
 */
import * as fs from "fs";
import * as path from "path";
import { runDesign, type CommandOutput } from "./design";
import { EVAL_USAGE, runEval } from "./eval";

const USAGE = [
  "usage: exsize <command> [arguments]",
  "",
  "  exsize eval FORMULA…               print what each formula shows in a cell, one line each",
  `                                     e.g. exsize eval '=EX_DBSIZE(5000,2048,150,75,,"volume")' prints 1266`,
  "  exsize design --out FILE.xlsx …    write the reference design workbook",
  "  exsize help | --help               this text",
  "  exsize --version                   the version",
];

const processOutput: CommandOutput = {
  stdout: (line) => process.stdout.write(`${line}\n`),
  stderr: (line) => process.stderr.write(`${line}\n`),
};

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
export async function main(argv: string[], out: CommandOutput = processOutput): Promise<number> {
  try {
    const [command, ...rest] = argv;
    switch (command) {
      case "eval":
        return await runEval(rest, out);
      case "design":
        return await runDesign(rest, out);
      case "help":
      case "--help":
      case "-h":
        if (rest[0] === "eval") out.stdout(EVAL_USAGE);
        else USAGE.forEach((line) => out.stdout(line));
        return 0;
      case "--version":
      case "-V":
        out.stdout(packageVersion());
        return 0;
      case undefined:
        USAGE.forEach((line) => out.stderr(line));
        return 2;
      default:
        out.stderr(`exsize: unknown command ${JSON.stringify(command)}`);
        out.stderr(USAGE[0]);
        return 2;
    }
  } catch (e) {
    out.stderr(`exsize: internal error: ${e instanceof Error ? e.message : String(e)}`);
    return 70;
  }
}
