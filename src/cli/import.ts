/**
 * `exsize import FILE.xlsm [--json | --out FILE.xlsx [--customer]] [--exchange-version V] [--force]` — a
 * filled Microsoft calculator read as a design (src/workbook/calculator-import.ts): its Input sheet's
 * inputs by the calculator's names, sized by the version the file is for (or --exchange-version, the
 * migration design), its own saved figures set beside the design's, and every input it sets that the
 * design does not take. `--out` writes the workbook as `exsize design --out` does. A file that is not a
 * calculator, or cannot be read, is refused (exit 2) and nothing is written.
 */
import * as fs from "fs";
import * as path from "path";
import { designRecord } from "../engine/catalogue";
import { versionName } from "../engine/version";
import { EXIT, EXIT_STATUS_HELP, UsageError, inputOptions, parseCommand, type CommandOutput, type FlagSpec } from "./design-options";
import { designJson, writeWorkbook } from "./design";
import type { WholeFileIO } from "./write-whole";
import { CalculatorFileError, openCalculatorFile } from "../workbook/calculator-file";
import { calculatorSheet } from "../workbook/sheets/calculator";
import { compareWithCalculator, designOfCalculator, exchangeVersionOption, importCalculator } from "../workbook/calculator-import";
import { workbookFileProblem } from "./read-workbook";

const FLAGS: readonly FlagSpec[] = [
  { names: ["--json"], value: false },
  { names: ["--out", "-o"], value: true },
  { names: ["--customer"], value: false },
  { names: ["--force"], value: false },
  { names: ["--help", "-h"], value: false },
];

export const IMPORT_USAGE = "usage: exsize import FILE.xlsm [--json | --out FILE.xlsx [--customer]] [--exchange-version V] [--force]";

export function importHelp(): string[] {
  return [
    IMPORT_USAGE,
    "",
    "Reads a filled Microsoft Exchange Server Role Requirements Calculator (2013: v6 to v7.6; 2016: v8 and later) by the",
    "defined names of its Input sheet (its cells, for v6 and v7, where a name is missing), sizes the design it describes by",
    "the calculator's method for the version its title names (Input!B1), and sets the file's own saved figures beside the",
    "design's. Tier 1 is the design's mailbox profile; tiers 2-4 with mailboxes are sized as its tiers (one DAG only).",
    "",
    "  --json                   print what `exsize design --json` prints, and source (the calculator, its version), calculator",
    "                           (each saved figure: name, sheet, cell, the file's value, the design's, agree, why) and notTaken",
    "                           (every input the file sets that the design does not take: name, cell, value, what it moves)",
    "  --out FILE.xlsx, -o      write the design workbook, as `exsize design --out` does, with a Calculator sheet of the",
    "                           comparison and what the design does not take; --customer: the customer copy",
    "  --exchange-version V     size the same inputs for another version: 2013, 2016, 2019 or SE (the migration design)",
    "  --force                  overwrite FILE.xlsx",
    "",
    "Without --json or --out: the comparison, a line a figure. A macro-free copy (.xlsx saved from the .xlsm) is read the",
    "same way, by its names and saved values. Refused, with exit status 2 and nothing written: a file that is not a",
    "calculator, one whose names are missing where its cells are not known, a damaged or encrypted file, a password-",
    "protected Input sheet; an input the design's rules refuse names the calculator's sheet, cell and name (inputs",
    "each within their rules that together make no design exit 1, as in `exsize design`).",
    "",
    ...EXIT_STATUS_HELP,
    "",
    "Example: exsize import 'E2013Calcv7.6 - Example.xlsm' --json — ExchangeDsc's example: 40 databases a DAG and 62.5",
    "  mailboxes a database and 160 GB a server, as the file saved (its Replay Lag Manager on, Input!G33).",
  ];
}

/** `exsize import`; `io` lets a test stand in for the file system when the workbook is written. */
export async function runImport(args: string[], out: CommandOutput, io?: WholeFileIO): Promise<number> {
  const usage = (message: string): number => {
    out.stderr(`exsize import: ${message}`);
    out.stderr(IMPORT_USAGE);
    return EXIT.usage;
  };
  // The file is the one argument that is not an option or an option's value.
  const valued = new Set(["--out", "-o", ...inputOptions().flatMap((o) => [o.option, ...o.aliases])]);
  const files = args.filter((a, i) => !a.startsWith("-") && !(i > 0 && valued.has(args[i - 1])));
  let flags: Map<string, string | true>;
  let given: ReturnType<typeof parseCommand>["given"];
  try {
    ({ flags, given } = parseCommand(args.filter((a) => !files.includes(a)), FLAGS));
    const other = [...given.entries()].filter(([key]) => key !== "exchangeVersion");
    if (other.length > 0) throw new UsageError(`${other[0][1].flag}: the inputs are the file's; --exchange-version alone may size them for another version (or edit the written workbook's Inputs sheet)`);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    return usage(e.message);
  }
  if (flags.has("--help")) {
    importHelp().forEach((line) => out.stdout(line));
    return EXIT.ok;
  }
  if (files.length !== 1) return usage(files.length === 0 ? "name the calculator's file (.xlsm)" : `one calculator file at a time; got ${files.length}: ${files.join(", ")}`);
  const file = files[0];
  const outFile = flags.get("--out") as string | undefined;
  const json = flags.has("--json");
  const customer = flags.has("--customer");
  if (customer && outFile === undefined) return usage("--customer writes a file: add --out FILE.xlsx");
  if (outFile !== undefined && path.extname(outFile).toLowerCase() !== ".xlsx") return usage(`--out must name an .xlsx file (the workbook is written as .xlsx); got ${JSON.stringify(outFile)}`);
  let version: string | undefined;
  const versionGiven = given.get("exchangeVersion");
  if (versionGiven) {
    const checked = exchangeVersionOption(versionGiven.text);
    if ("problem" in checked) return usage(`--exchange-version: ${checked.problem}`);
    version = checked.value;
  }

  let imported: ReturnType<typeof importCalculator>;
  try {
    let bytes: Uint8Array;
    try {
      const problem = workbookFileProblem(file);
      if (problem !== undefined) throw new CalculatorFileError(problem);
      bytes = fs.readFileSync(file);
    } catch (e) {
      if (e instanceof CalculatorFileError) throw e;
      const code = (e as NodeJS.ErrnoException).code;
      throw new CalculatorFileError(code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (e as Error).message);
    }
    imported = importCalculator(openCalculatorFile(bytes));
  } catch (e) {
    if (!(e instanceof CalculatorFileError)) throw e;
    out.stderr(`exsize import: cannot read ${file}: ${e.message}${outFile ? `; nothing written to ${outFile}` : ""}`);
    return EXIT.usage;
  }
  for (const note of imported.notes) out.stderr(`exsize import: note: ${note}`);

  const sized = designOfCalculator(imported, version);
  if (!sized.ok) {
    for (const problem of sized.problems) out.stderr(`exsize import: ${problem}`);
    out.stderr(`exsize import: the file's design cannot be built${outFile ? `; nothing written to ${outFile}` : ""}`);
    // As exsize design: an input its rule refuses exits 2; inputs that together make no design, 1.
    return sized.refusedBy === "design" ? EXIT.failed : EXIT.usage;
  }
  const design = sized.design;
  for (const warning of design.warnings) out.stderr(`exsize import: warning: ${warning.message}`);
  const calculator = compareWithCalculator(imported, design);
  const source = {
    file,
    calculator: imported.version.title,
    version: imported.version.number,
    exchangeVersion: imported.version.exchangeVersion,
    macros: imported.macros,
    calculation: imported.calculation,
    inputsFrom: version === undefined ? imported.from : { ...imported.from, exchangeVersion: "--exchange-version" },
  };

  if (outFile !== undefined) {
    if (imported.cells.tiers) {
      const tiers = (imported.cells.tiers.mailboxes ?? []).flatMap((v, k) => (k > 0 && v !== 0 ? [imported.places.range("TierMailboxes", k + 1)] : []));
      out.stderr(`exsize import: --out writes one mailbox profile, and the file has mailboxes in tiers 2-4 (${tiers.join(", ")}): print the design with --json, or type the tiers on the workbook's Tiers sheet; nothing written to ${outFile}`);
      return EXIT.usage;
    }
    const sheet = calculatorSheet("", { file: path.basename(file), calculator: imported.version.title, version: imported.version.number, sizedFor: versionName(design.inputs.exchangeVersion) }, calculator, imported.notTaken);
    const written = await writeWorkbook({ inputs: design.inputs, customer, force: flags.has("--force") }, outFile, out, io, "import", [sheet]);
    if (!written.ok) {
      for (const problem of written.problems ?? []) out.stderr(`exsize import: ${problem}`);
      return written.code;
    }
    if (!json) out.stdout(`Wrote ${outFile}: ${customer ? "the customer copy" : "the live design"} of ${file} (${imported.version.title} v${imported.version.number}), sized for ${versionName(design.inputs.exchangeVersion)}.`);
  }

  if (json) {
    const workbook = outFile === undefined ? null : customer ? "customer copy" : "live design";
    const printed = {
      file: outFile ?? null,
      workbook,
      ...designJson(null, design.method, design.inputs, designRecord(design), design.warnings.map((w) => w.message)),
      source,
      calculator,
      notTaken: imported.notTaken,
    };
    out.stdout(JSON.stringify(printed, null, 2));
    return EXIT.ok;
  }
  if (outFile !== undefined) return EXIT.ok;
  const show = (v: number | string | null) => (v === null ? "none" : typeof v === "number" ? v.toLocaleString("en-US", { maximumFractionDigits: 2 }) : v);
  out.stdout(`${file}: ${imported.version.title} v${imported.version.number}; the design sized for ${versionName(design.inputs.exchangeVersion)} by ${design.method === "microsoft" ? "the calculator's method" : design.method}`);
  for (const row of calculator) {
    const verdict = row.agree === true ? "agree" : row.agree === false ? "differ" : "not compared";
    out.stdout(`  ${row.label}: the file ${show(row.calculator)} (${row.sheet}!${row.cell}), the design ${show(row.design)} — ${verdict}${row.why && row.agree !== true ? `: ${row.why}` : ""}`);
  }
  out.stdout(`Not taken: ${imported.notTaken.length} inputs the file sets that the design does not take (--json lists them)`);
  return EXIT.ok;
}
