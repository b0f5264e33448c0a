/**
 * `exsize compare [INPUTS…] --vary OPTION=V1,V2,… [--vary …] [--json | --csv] [--out FILE.xlsx [--customer]]`
 * several designs side by side. Every combination of the varied inputs over the base
 * design (a reference design, --preset, with the options given), each read by exsize design's own
 * presetDesign and sized once by the engine exactly as `exsize design` sizes it alone — the same
 * rules (designOf), the same numbers as the workbook shows them (the catalogue's designRecord)
 * — so a row of `--json` is `exsize design --json` for those options, less file and
 * workbook. A design its inputs refuse is a row that says why, not a failure of the command.
 * `--out` writes the Compare sheet as values (any number of designs a sheet holds), or with
 * `--customer` live: each design's own sheets beside it, the Compare cells formulas over them, as the
 * customer copy (Excel's own formulas).
 *
 * Exit status: 0 when at least one design is sized; 1 when none is (every row says why; no file is
 * written), or a file cannot be written; 2 a usage error (naming the option), a value its input's rule refuses, more
 * than MAX_DESIGNS combinations, or a file already there without --force; 130 stopped by Ctrl-C,
 * with nothing printed to standard output and no file written.
 */
import { promises as fs } from "fs";
import * as path from "path";
import type { WorkbookInputs } from "../engine/design";
import { designOf, inputFromText, type InputValue } from "../workbook/input-values";
import { EXIT, TYPING_HELP, UsageError, inputOptions, optionOf, parseCommand, type CommandOutput, type FlagSpec, type InputOption, type ParsedCommand } from "./design-options";
import { DESIGN_FLAGS, designJson, jsonInputs, presetDesign } from "./design";
import { QUANTITIES, designRecord, type DesignRecord } from "../engine/catalogue";
import { COMPARE_LABELS, DIFFERS, MAX_LIVE_DESIGNS, compareSheetRows, type FitFrontPage, liveCompareModel, mostChangedFigure, rangeTexts, valuesCompareModel } from "../workbook/compare";

export { COMPARE_LABELS, DIFFERS, MAX_LIVE_DESIGNS, compareSheetRows, mostChangedFigure };
import { didYouMean } from "../functions/suggest";
import { EXIT_INTERRUPTED, writeWhole } from "./write-whole";
export { EXIT_INTERRUPTED } from "./write-whole";

/** The output of a command that shows progress: whether standard error is a terminal, and a raw writer to it. */
export interface ProgressOutput extends CommandOutput {
  /** Standard error is a terminal (process.stderr.isTTY): progress is shown only then. */
  isTTY?: boolean;
  /** Text to standard error as it is, no line end added: progress redraws its line with a carriage return. */
  progress?: (text: string) => void;
}

/** The most designs one comparison sizes: 100,000 take about a minute at the engine's speed. */
export const MAX_DESIGNS = 100_000;
/** The most designs a Compare sheet holds: a column each after the labels, in Excel's 16,384 columns. */
export const MAX_SHEET_DESIGNS = 16_383;
/** Exit status after Ctrl-C, as a shell reports a process ended by SIGINT (128 + 2). */

// exsize design's options beyond the inputs, read by its own presetDesign, and the CSV.
const FLAGS: readonly FlagSpec[] = [...DESIGN_FLAGS, { names: ["--csv"], value: false }];

export const COMPARE_USAGE = "usage: exsize compare [INPUTS…] [--preset NAME] --vary OPTION=V1,V2,… [--vary …] [--json | --csv] [--out FILE.xlsx [--customer] [--force]]";

/** `exsize compare --help` and `exsize help compare`. */
export function compareHelp(): string[] {
  return [
    COMPARE_USAGE,
    "",
    "Sizes every combination of the varied inputs over the base design — a reference design (--preset) with",
    "the options of exsize design you give (exsize help design lists them: every input and --preset) — each",
    "exactly as exsize design sizes it alone, and",
    "prints them a row per design: the inputs that vary, then the method, databases, database volumes,",
    "capacity (all copies), database and log IOPS, arrays, disks and MCDB SSDs, servers, cores and memory a server, and",
    "the worst survivable failure. A design its inputs refuse is a row that says why.",
    "",
    "  --vary OPTION=V1,V2,…   an input option (users, --users or an alias such as quota) and its values,",
    "                          each checked by the input's rule; a number is written without a thousands",
    "                          comma here (5000), since the comma separates values. An empty value is an",
    "                          empty cell (--vary servers-site2=,3: one site, then two). Numbers may be a",
    "                          range FIRST..LAST/STEP (users=5000..50000/5000; the step is 1 if left out).",
    "                          Give --vary once per input; the first varies slowest.",
    "  --json                  print a JSON list, a design each, as exsize design --json prints it less file and",
    "                          workbook: {preset, presetChanges, method, inputs, design, papers, warnings}, or {inputs, problems}",
    "  --csv                   print CSV: the varied inputs, method, every output of --json, problems; a",
    "                          field a spreadsheet would run as a formula (= + - @) starts with a quote",
    "  -o, --out FILE.xlsx     also write a workbook whose Compare sheet holds the designs side by side, a",
    `                          column each (at most ${MAX_SHEET_DESIGNS.toLocaleString("en-US")}), every input and output, those that differ from`,
    "                          the first design's highlighted; values, not formulas. Written whole or not at all",
    `  --customer              with --out: the Compare sheet's cells are Excel formulas over each design's own`,
    "                          sheets, written beside it (Summary, Inputs, … for design 1; Summary 2, … for design",
    "                          2) as the customer copy: edit a design's inputs and its column recalculates, with no",
    `                          add-in; a last column says "differs" where a row differs from design 1. At most ${MAX_LIVE_DESIGNS} designs`,
    "  --force                 overwrite FILE.xlsx if it exists (default: refuse with exit status 2)",
    "  -h, --help              this text",
    "",
    `At most ${MAX_DESIGNS.toLocaleString("en-US")} designs a comparison. On a terminal, progress shows on standard error; piped, it`,
    "stays quiet. Ctrl-C stops at once: nothing is printed or written, exit status 130.",
    "",
    ...TYPING_HELP,
    "",
    "Exit status: 0 at least one design sized; 1 none could be built, or the file cannot be written; 2 a usage",
    "error, a value its input's rule refuses, too many designs, or a file already there without --force;",
    "130 stopped by Ctrl-C.",
    "",
    "Example: exsize compare --vary quota-mb=2048,5120 --vary copies=2,3 --servers-site1 4",
  ];
}

/** One varied input: its option, its values as the cells would hold them, and as typed. */
export interface Varied {
  option: InputOption;
  values: InputValue[];
  texts: string[];
}

/**
 * The texts of a --vary value list: a range's numbers (FIRST..LAST/STEP, the step 1 if left out, as
 * many as fit up to LAST), or the comma-separated values as typed. A range longer than `limit` is
 * refused before it is built.
 */
export function valueTexts(list: string, where: string, limit = MAX_DESIGNS): string[] {
  const range = rangeTexts(list, limit);
  if ("problem" in range) throw new UsageError(`${where}: ${range.problem}`);
  return range.texts ?? list.split(",");
}

/** Every option name an input goes by, without the dashes: users, quota-mb, quota. */
const bareNames = (o: InputOption): string[] => [o.option, ...o.aliases].map((n) => n.replace(/^--/, ""));

/** One --vary argument, checked: the input it names and its values by the input's rule. */
export function readVary(text: string): Varied {
  const eq = text.indexOf("=");
  if (eq <= 0) throw new UsageError(`--vary needs OPTION=V1,V2,…; got ${JSON.stringify(text)}`);
  const name = text.slice(0, eq).trim().replace(/^--/, "");
  const option = inputOptions().find((o) => bareNames(o).includes(name));
  if (!option) {
    const known = inputOptions().flatMap(bareNames);
    throw new UsageError(`--vary: no input option ${JSON.stringify(name)}${didYouMean(name, known)}; exsize help design lists them`);
  }
  const where = `--vary ${name}`;
  const list = text.slice(eq + 1);
  const texts = valueTexts(list, where);
  const values = texts.map((typed) => {
    const checked = inputFromText(option.key, typed);
    // Commas split the values, so 5,000 is two of them: say so when the list looks like one.
    const cut = /\d,\d{3}(?!\d)/.test(list) ? " (a comma separates values here: write 5000, not 5,000)" : "";
    if ("problem" in checked) throw new UsageError(`${where}: ${checked.problem}${cut}`);
    return checked.value;
  });
  return { option, values, texts };
}

interface CompareRequest {
  /** The inputs given, and exsize design's other options (--preset, …): the base design. */
  given: ParsedCommand["given"];
  flags: ParsedCommand["flags"];
  varied: Varied[];
  count: number;
  out?: string;
  force: boolean;
  customer: boolean;
  json: boolean;
  csv: boolean;
  help: boolean;
}

/** The arguments: --vary taken out (it may repeat), the rest read as exsize design reads them. */
export function parseCompare(args: readonly string[]): CompareRequest {
  const rest: string[] = [];
  const varyTexts: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--vary") {
      const next = args[i + 1];
      // `--vary --users=1,2` reads as `--vary users=1,2`; `--vary --json` lacks its value.
      if (next === undefined || (next.startsWith("--") && !next.includes("="))) throw new UsageError("--vary needs a value: OPTION=V1,V2,…");
      varyTexts.push(next);
      i++;
    } else if (arg.startsWith("--vary=")) varyTexts.push(arg.slice("--vary=".length));
    else rest.push(arg);
  }
  const { given, flags } = parseCommand(rest, FLAGS);
  const out = flags.get("--out") as string | undefined;
  const request = { force: flags.has("--force"), customer: flags.has("--customer"), json: flags.has("--json"), csv: flags.has("--csv"), help: flags.has("--help"), ...(out !== undefined ? { out } : {}) };
  if (request.help) return { ...request, given, flags, varied: [], count: 0 };
  // The base design, as exsize design reads it: a refused input or --preset is a usage error now.
  presetDesign(given, flags);
  if (request.json && request.csv) throw new UsageError("--json and --csv: choose one");
  if (request.force && out === undefined) throw new UsageError("--force overwrites a file: add --out FILE.xlsx");
  if (request.customer && out === undefined) throw new UsageError("--customer writes a file: add --out FILE.xlsx");
  if (out !== undefined) {
    if (out.trim() === "") throw new UsageError("--out needs a file name");
    if (path.extname(out).toLowerCase() !== ".xlsx") throw new UsageError(`--out must name an .xlsx file (the workbook is written as .xlsx); got ${JSON.stringify(out)}`);
  }
  if (varyTexts.length === 0) throw new UsageError("--vary OPTION=V1,V2,… is required: the input to vary and its values (exsize design sizes one design)");
  const varied: Varied[] = [];
  let count = 1;
  for (const text of varyTexts) {
    const v = readVary(text);
    const twice = varied.find((w) => w.option.key === v.option.key);
    if (twice) throw new UsageError(`--vary ${v.option.option.slice(2)} given twice: give its values once, V1,V2,…`);
    const fixed = given.get(v.option.key);
    if (fixed) throw new UsageError(`${fixed.flag} is given and varied: drop ${fixed.flag} ${fixed.text}, or its --vary`);
    count *= v.values.length;
    if (count > MAX_DESIGNS) throw new UsageError(`--vary: ${varyTexts.length > 1 ? "the combinations come to" : "that is"} more than ${MAX_DESIGNS.toLocaleString("en-US")} designs, the most a comparison sizes; vary fewer inputs or fewer values`);
    varied.push(v);
  }
  if (request.customer && count > MAX_LIVE_DESIGNS) {
    throw new UsageError(`--customer: ${count.toLocaleString("en-US")} designs; a live Compare workbook holds at most ${MAX_LIVE_DESIGNS}, each with its own sheets (leave out --customer for values)`);
  }
  if (out !== undefined && count > MAX_SHEET_DESIGNS) {
    throw new UsageError(`--out: ${count.toLocaleString("en-US")} designs; a Compare sheet holds at most ${MAX_SHEET_DESIGNS.toLocaleString("en-US")}, a column each (print --csv instead)`);
  }
  return { ...request, given, flags, varied, count };
}

// ---------------------------------------------------------------------------------------------
// Sizing the designs

/** One design of the comparison: its inputs, and its preset, method and design, or why it cannot be built. */
export type CompareRow =
  | { inputs: WorkbookInputs; preset: string; method: string; design: DesignRecord; warnings: string[] }
  | { inputs: WorkbookInputs; problems: string[] };

/**
 * The i-th design (the first varied input varies slowest), read as exsize design reads its options:
 * the options given with each varied input's value as if typed (presetDesign: the preset's inputs,
 * then those given).
 */
export function combination(request: Pick<CompareRequest, "given" | "flags" | "varied">, i: number): { inputs: WorkbookInputs; preset: string } {
  const given = new Map(request.given);
  let rest = i;
  for (let k = request.varied.length - 1; k >= 0; k--) {
    const { option, texts } = request.varied[k];
    given.set(option.key, { flag: option.option, text: texts[rest % texts.length] });
    rest = Math.floor(rest / texts.length);
  }
  return presetDesign(given, request.flags);
}

/** One design, sized as exsize design sizes it: the same checks, the same numbers as shown. */
export function compareRow({ inputs, preset }: { inputs: WorkbookInputs; preset?: string }): CompareRow {
  const sized = designOf(inputs, optionOf);
  if (!sized.ok) return { inputs, problems: sized.problems };
  const d = sized.design;
  return { inputs, preset: preset ?? "", method: d.method, design: designRecord(d), warnings: d.warnings.map((w) => w.message) };
}

/** Designs sized between checks for Ctrl-C and progress: about 20 ms of work. */
const CHUNK = 100;
const PROGRESS_EVERY_MS = 100;

/**
 * Every combination, sized in chunks with a turn of the event loop between them so Ctrl-C
 * (SIGINT) is heard; when it is, the designs sized so far and `interrupted`. Progress on a terminal only, redrawn in place.
 */
export async function sizeAll(request: Pick<CompareRequest, "given" | "flags" | "varied" | "count">, out: ProgressOutput): Promise<{ rows: CompareRow[]; interrupted: boolean }> {
  const showProgress = out.isTTY === true && out.progress !== undefined;
  const progress = (text: string) => {
    if (showProgress) out.progress!(text);
  };
  return whileHeard(async (heard) => {
    const rows: CompareRow[] = [];
    const total = request.count.toLocaleString("en-US");
    let shown = Date.now();
    progress(`\rexsize compare: 0 of ${total} designs`);
    for (let i = 0; i < request.count; i++) {
      rows.push(compareRow(combination(request, i)));
      if ((i + 1) % CHUNK === 0) {
        await new Promise((resolve) => setImmediate(resolve));
        if (heard()) break;
        if (Date.now() - shown >= PROGRESS_EVERY_MS) {
          shown = Date.now();
          progress(`\rexsize compare: ${(i + 1).toLocaleString("en-US")} of ${total} designs`);
        }
      }
    }
    // Clear the progress line: what follows on the terminal starts clean.
    progress("\r\x1b[K");
    return { rows, interrupted: heard() };
  });
}

/** Runs `work` with Ctrl-C (SIGINT) caught: `heard()` says whether it came; the handler is removed after. */
export async function whileHeard<T>(work: (heard: () => boolean) => Promise<T>): Promise<T> {
  let interrupted = false;
  const onInterrupt = () => {
    interrupted = true;
  };
  process.on("SIGINT", onInterrupt);
  try {
    return await work(() => interrupted);
  } finally {
    process.removeListener("SIGINT", onInterrupt);
  }
}

// ---------------------------------------------------------------------------------------------
// Printing: the table, JSON and CSV

/** Numbers as exsize design's text shows them (5,000; 416.67), by one formatter: toLocaleString builds one a call, a second a 10,000-row table. */
const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
export const show = (value: unknown): string => (typeof value === "number" ? NUMBER.format(value) : value === null || value === undefined || value === "" ? "" : String(value));

/** Whether an input is a number (whole or decimal): right-aligned, with thousands separators. */
const numeric = (option: InputOption): boolean => option.rule.kind === "whole" || option.rule.kind === "decimal";

/** A varied input's value in the table: an empty cell shows "(empty)"; a choice or text as it is (Exchange 2010, not 2,010). */
const shownInput = (value: unknown, option: InputOption): string => (value === "" ? "(empty)" : numeric(option) ? show(value) : String(value));

/** The table's figures after the varied inputs: a heading and the text of a sized design's row. */
export interface TableColumn {
  heading: string;
  right: boolean;
  text: (o: DesignRecord, method: string) => string;
}
export const TABLE_COLUMNS: readonly TableColumn[] = [
  { heading: "method", right: false, text: (_, method) => method },
  { heading: "databases", right: true, text: (o) => show(o.databases) },
  { heading: "volumes", right: true, text: (o) => `${show(o.databaseVolumes)} × ${show(o.databaseVolumeGB)} GB` },
  { heading: "capacity GB", right: true, text: (o) => show(o.capacityAllCopiesGB) },
  { heading: "DB IOPS", right: true, text: (o) => show(o.databaseIops) },
  { heading: "log IOPS", right: true, text: (o) => show(o.dagLogIops) },
  // What holds the databases: a Microsoft-method server's own disks; the papers' arrays and spindles by Dell's process.
  { heading: "disks a server", right: true, text: (o) => show(o.disksPerServer) },
  // Exchange 2019's and SE's MCDB SSDs beside the database disks.
  { heading: "MCDB SSDs", right: true, text: (o) => (o.mcdbSsdsPerServer === null ? "" : `${show(o.mcdbSsdsPerServer)} × ${show(o.mcdbSsdGB)} GB`) },
  { heading: "arrays", right: false, text: (o, method) => (method === "dell" ? `${show(o.arrays)} × ${show(o.arrayModel)}` : "") },
  { heading: "spindles", right: true, text: (o, method) => (method === "dell" ? show(o.spindles) : "") },
  { heading: "servers", right: true, text: (o) => show(o.servers) },
  { heading: "cores", right: true, text: (o) => show(o.coresPerServer) },
  { heading: "memory GB", right: true, text: (o) => show(o.memoryPerServerGB) },
  { heading: "worst failure", right: false, text: (o) => show(o.worstFailure) },
];

/** The text table: a row per design; a refused design's row says why after its inputs. */
export function tableLines(varied: ReadonlyArray<Pick<Varied, "option">>, rows: readonly CompareRow[], columns: readonly TableColumn[] = TABLE_COLUMNS): string[] {
  const headings = [...varied.map((v) => v.option.option.slice(2)), ...columns.map((c) => c.heading)];
  const right = [...varied.map((v) => numeric(v.option)), ...columns.map((c) => c.right)];
  const cells = rows.map((row) => {
    const inputs = varied.map((v) => shownInput(row.inputs[v.option.key], v.option));
    return "problems" in row ? [...inputs, `cannot be built: ${row.problems.join("; ")}`] : [...inputs, ...columns.map((c) => c.text(row.design, row.method))];
  });
  // A refusal's text runs past the columns: it does not widen them.
  const widths = headings.map((h, k) => Math.max(h.length, ...cells.map((r, i) => ("problems" in rows[i] && k >= varied.length ? 0 : (r[k] ?? "").length))));
  const line = (texts: string[], refused = false) =>
    texts
      .map((t, k) => (refused && k === texts.length - 1 ? t : right[k] ? t.padStart(widths[k]) : t.padEnd(widths[k])))
      .join("  ")
      .replace(/\s+$/, "");
  return [line(headings), ...cells.map((texts, i) => line(texts, "problems" in rows[i]))];
}

/** The JSON list: each design as exsize design --json prints it, less file and workbook (its preset, presetChanges, method, inputs, design, papers and warnings, or its inputs and problems). */
export function jsonRows(rows: readonly CompareRow[]): unknown[] {
  return rows.map((row) =>
    "problems" in row
      ? { inputs: jsonInputs(row.inputs), problems: row.problems }
      : designJson(row.preset, row.method, row.inputs, row.design, row.warnings),
  );
}

/** CSV lines: a header, then a row per design; every field quoted, and one a spreadsheet would run as a formula neutralised. */
export function csvLines(varied: ReadonlyArray<Pick<Varied, "option">>, rows: readonly CompareRow[]): string[] {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { csvField, neutralisedField } = require("../workbook/deployment") as typeof import("../workbook/deployment");
  const keys = QUANTITIES.map((q) => q.key);
  const line = (fields: ReadonlyArray<string | number>) => fields.map((f) => csvField(neutralisedField(f))).join(",");
  const header = [...varied.map((v) => v.option.option.slice(2)), "method", ...keys, "problems"];
  return [
    line(header),
    ...rows.map((row) => {
      const inputs = varied.map((v) => row.inputs[v.option.key] as string | number);
      const outputs = "problems" in row ? keys.map(() => "") : keys.map((k) => row.design[k] ?? "");
      return line([...inputs, "problems" in row ? "" : row.method, ...outputs, "problems" in row ? row.problems.join("; ") : ""]);
    }),
  ];
}


// ---------------------------------------------------------------------------------------------
// The workbook: a Compare sheet, a column per design (exceljs is loaded only here)

/**
 * The workbook's bytes: src/workbook/compare.ts valuesCompareModel — the Compare sheet, a column per
 * design, "differs" where a row differs from design 1, the figure that changes most as a chart —
 * written by the design workbook's writer, so it prints as the design workbook does.
 */
export async function compareWorkbook(varied: readonly Varied[], rows: readonly CompareRow[], revised: string): Promise<Uint8Array> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { writeXlsx } = require("./xlsx-writer") as typeof import("./xlsx-writer");
  const labels = new Map(inputOptions().map((o) => [o.key, o.label]));
  const model = valuesCompareModel(rows, { revised, varied: varied.map((v) => labels.get(v.option.key) ?? v.option.option) });
  // Every cell a value: the chart reads its table's numbers from the model.
  const values = Object.fromEntries(model.sheets.map((sheet) => [sheet.name, Object.fromEntries(sheet.cells.filter((c) => c.value !== undefined).map((c) => [c.address, c.value!]))]));
  return writeXlsx(model, values);
}

/* eslint-disable @typescript-eslint/no-require-imports */
/**
 * The live Compare workbook (--customer): src/workbook/compare.ts liveCompareModel — every sized
 * design's own sheets (the first design's named as the template's, design k's with " k": Summary 2,
 * Inputs 2, …), a Compare sheet of formulas over them and the chart of the figure that changes most —
 * written by exceljs, then the customer copy: every EXSIZE formula replaced by Excel's own
 * (src/workbook/customer-copy.ts), live without the add-in, in Excel and LibreOffice.
 * The problems when an evaluated cell shows an error (nothing is written then).
 */
export async function liveCompareWorkbook(rows: readonly CompareRow[], preparedOn: string, fit?: FitFrontPage): Promise<{ bytes: Uint8Array } | { problems: string[] }> {
  const { evaluateWorkbook } = require("../workbook/evaluate") as typeof import("../workbook/evaluate");
  const { writeXlsx } = require("./xlsx-writer") as typeof import("./xlsx-writer");
  const { customerCopy, nativeFormulasOf } = require("../workbook/customer-copy") as typeof import("../workbook/customer-copy");
  const { SizingError } = require("../engine/errors") as typeof import("../engine/errors");
  // The one builder the pane's Compare designs uses too (src/workbook/compare.ts).
  const model = liveCompareModel(rows, { revised: preparedOn, ...(fit ? { fit } : {}) });
  const values = evaluateWorkbook(model);
  const problems = Object.entries(values.Compare ?? {})
    .filter(([, v]) => v instanceof SizingError)
    .map(([address, v]) => `Compare!${address} would show ${String(v)}`);
  if (problems.length > 0) return { problems };
  const bytes = await writeXlsx(model, values);
  const stamp = { sheet: "Compare", address: "A3", text: `Customer copy of ${preparedOn}: every formula Excel's own. Needs no add-in.` };
  return { bytes: customerCopy(bytes, stamp, nativeFormulasOf(model)).bytes };
}
/* eslint-enable @typescript-eslint/no-require-imports */

// ---------------------------------------------------------------------------------------------

export async function runCompare(args: string[], out: ProgressOutput): Promise<number> {
  let request: CompareRequest;
  try {
    request = parseCompare(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    out.stderr(`exsize compare: ${e.message}`);
    out.stderr(COMPARE_USAGE);
    out.stderr("exsize help compare: the options; exsize help design: every input");
    return EXIT.usage;
  }
  if (request.help) {
    compareHelp().forEach((line) => out.stdout(line));
    return EXIT.ok;
  }
  if (request.out !== undefined && !request.force && (await fs.stat(request.out).then(() => true, () => false))) {
    // Said before sizing: the answer would be the same after.
    out.stderr(`exsize compare: ${request.out} exists; add --force to overwrite it`);
    return EXIT.usage;
  }
  const { rows, interrupted: stopped } = await sizeAll(request, out);
  let interrupted = stopped;
  const sized = rows.filter((r) => !("problems" in r)).length;
  // None sized: the rows say why, and no workbook is written (exit 1 writes nothing, as in exsize design).
  if (!interrupted && request.out !== undefined && sized > 0) {
    const file = request.out;
    // The workbook takes seconds (about 2.5 a design with --customer, 13 for 10,000 as values): say so on a terminal.
    const terminal = out.isTTY === true && out.progress !== undefined;
    if (terminal) out.progress!(`\rexsize compare: writing ${file} (${rows.length.toLocaleString("en-US")} designs)…`);
    const today = new Date().toISOString().slice(0, 10);
    const code = await whileHeard(async (heard) => {
      let bytes: Uint8Array;
      if (request.customer) {
        const live = await liveCompareWorkbook(rows, today);
        if ("problems" in live) {
          live.problems.forEach((problem) => out.stderr(`exsize compare: ${problem}`));
          out.stderr(`exsize compare: the live Compare workbook cannot be built; nothing written to ${file}`);
          return EXIT.failed;
        }
        bytes = live.bytes;
      } else bytes = await compareWorkbook(request.varied, rows, today);
      return heard() ? EXIT_INTERRUPTED : writeWhole(file, bytes, { command: "compare", force: request.force, heard }, out);
    });
    if (terminal) out.progress!("\r\x1b[K");
    if (code === EXIT_INTERRUPTED) interrupted = true;
    else if (code !== EXIT.ok) return code;
  }
  if (interrupted) {
    const where = request.out !== undefined ? ` and nothing written to ${request.out}` : "";
    out.stderr(`exsize compare: stopped (Ctrl-C) after ${rows.length.toLocaleString("en-US")} of ${request.count.toLocaleString("en-US")} designs; nothing printed${where}`);
    return EXIT_INTERRUPTED;
  }

  if (request.json) out.stdout(JSON.stringify(jsonRows(rows), null, 2));
  else if (request.csv) csvLines(request.varied, rows).forEach((line) => out.stdout(line));
  else tableLines(request.varied, rows).forEach((line) => out.stdout(line));
  if (request.out !== undefined && sized > 0 && !request.json && !request.csv) {
    out.stdout(
      request.customer
        ? `Wrote ${request.out}: the Compare sheet, ${rows.length} designs side by side, formulas over each design's own sheets (the customer copy: Excel's own formulas, live without the add-in).`
        : `Wrote ${request.out}: the Compare sheet, ${rows.length.toLocaleString("en-US")} designs side by side (values; differences from design 1 marked).`,
    );
  }

  if (sized === 0) {
    out.stderr(`exsize compare: none of the ${rows.length.toLocaleString("en-US")} designs can be built; each row says why${request.out !== undefined ? `; nothing written to ${request.out}` : ""}`);
    return EXIT.failed;
  }
  return EXIT.ok;
}
