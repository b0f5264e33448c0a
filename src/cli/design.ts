/**
 * `exsize design [INPUTS…] (--out FILE.xlsx | --json) [--customer] [--force]` — writes the design
 * workbook (issues 3, 9, 12): the live design, whose EXSIZE formulas work in Excel with the add-in,
 * or with --customer the customer copy, whose EXSIZE formulas are replaced by the same quantities in
 * Excel's own functions (src/workbook/customer-copy.ts), so it stays live without the add-in.
 *
 * Every input of the template's Inputs sheet is an option, named after the input (`quotaMB` →
 * `--quota-mb`), with its label, default, unit and rule read from the template itself: a new input
 * row becomes an option, and its help, with no change here. Each value is checked by the rule its
 * cell's data validation applies, with the same message; then the design as a whole by
 * designProblems; then the evaluated workbook must show no error. Whatever fails, nothing is written.
 * The reference design of 000_72e1ddb9bbd1ecac.txt 3.4.2 by default.
 */
import { promises as fs } from "fs";
import * as path from "path";
import { SizingError } from "../engine";
import { CustomerCopyError, customerCopy, describeCustomerCopy, nativeFormulasOf, type CustomerCopyReport } from "../workbook/customer-copy";
import { designProblems, type DesignProblem } from "../workbook/design-check";
import { evaluateWorkbook, type EvaluatedValue, type WorkbookValues } from "../workbook/evaluate";
import type { InputRule, WorkbookModel } from "../workbook/model";
import {
  INPUT_CELLS,
  INPUT_NAMES,
  REFERENCE_DESIGN_INPUTS,
  STAMP_CELL,
  SUMMARY_CELLS,
  customerCopyStamp,
  referenceDesign,
  templateSheetNames,
  type DesignInputs,
} from "../workbook/template";
import { didYouMean } from "./suggest";
import { readTypedNumber } from "./typed-number";
import { writeXlsx } from "./xlsx-writer";

export interface CommandOutput {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

type InputKey = keyof DesignInputs;
type SummaryKey = keyof typeof SUMMARY_CELLS;

/** One input of the Inputs sheet as a command-line option. */
export interface InputOption {
  key: InputKey;
  /** `--quota-mb`: the input's name in kebab case, or the name below. */
  option: string;
  /** Older or shorter names that still work: `--quota`. */
  aliases: readonly string[];
  /** The row's label on the Inputs sheet: "Mailbox quota". */
  label: string;
  /** Its cell: "Inputs!B7". */
  cell: string;
  /** The cell's data validation: bounds or choices, its prompt and its error message. */
  rule: InputRule;
  /** The unit its number format shows: "MB", "users" (empty for none). */
  unit: (value: number) => string;
  defaultValue: DesignInputs[InputKey];
  /** What the help shows after the option: N, MB, VERSION. */
  placeholder: string;
}

/** Option names that are not the input's kebab-case name. */
const OPTION_NAMES: Partial<Record<InputKey, string>> = { dagLayout: "--layout" };
/** The names of issue 3's CLI, and the Inputs sheet's defined name where it differs. */
const OPTION_ALIASES: Partial<Record<InputKey, readonly string[]>> = {
  quotaMB: ["--quota"],
  messagesPerDay: ["--messages"],
  maxDatabaseGB: ["--max-db"],
  dagLayout: ["--dag-layout"],
};

const kebab = (key: string): string => "--" + key.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();

/** The unit a number format shows: `General" MB"` → MB; `[=1]0 "user";#,##0 "users"` → user / users. */
function unitOf(format: string | undefined): (value: number) => string {
  const count = format ? /^\[=1\]0 "([^"]+)";#,##0 "([^"]+)"$/.exec(format) : null;
  if (count) return (value) => (value === 1 ? count[1] : count[2]);
  const typed = format ? /^General" (.+)"$/.exec(format) : null;
  return () => (typed ? typed[1] : "");
}

let cachedOptions: readonly InputOption[] | undefined;

/** Every input of the template's Inputs sheet, in sheet order, as an option. */
export function inputOptions(): readonly InputOption[] {
  if (cachedOptions) return cachedOptions;
  const sheets = templateSheetNames();
  const inputs = referenceDesign().sheets.find((s) => s.name === sheets.inputs);
  if (!inputs) throw new Error(`template: no ${sheets.inputs} sheet`);
  const cellAt = (address: string) => inputs.cells.find((c) => c.address === address);
  cachedOptions = (Object.keys(INPUT_CELLS) as InputKey[]).map((key) => {
    const address = INPUT_CELLS[key];
    const cell = cellAt(address);
    const label = cellAt(address.replace(/^[A-Z]+/, "A"))?.value;
    if (!cell?.rule) throw new Error(`template: the input ${key} at ${sheets.inputs}!${address} has no rule`);
    const rule = cell.rule;
    const unit = unitOf(cell.numberFormat);
    const storage = unit(2);
    const placeholder =
      rule.kind === "list" ? key.replace(/^.*([A-Z][a-z]+)$/, "$1").toUpperCase() : /^[KMGT]B$/.test(storage) ? storage : "N";
    return {
      key,
      option: OPTION_NAMES[key] ?? kebab(key),
      aliases: OPTION_ALIASES[key] ?? [],
      label: typeof label === "string" ? label : key,
      cell: `${sheets.inputs}!${address}`,
      rule,
      unit,
      defaultValue: REFERENCE_DESIGN_INPUTS[key],
      placeholder,
    };
  });
  return cachedOptions;
}

/** The options that are not inputs: where and how to write. */
const OUTPUT_OPTIONS: ReadonlyArray<{ names: string; text: string }> = [
  { names: "-o, --out FILE.xlsx", text: "the workbook to write; its name must end in .xlsx. Required unless --json" },
  { names: "--force", text: "overwrite FILE.xlsx if it exists (default: refuse, and write nothing)" },
  { names: "--customer", text: "write the customer copy: every EXSIZE formula replaced by Excel's own, live without the add-in (default: the live design)" },
  { names: "--json", text: "print the inputs and the Summary's numbers as one JSON object; with --out, the file is written too" },
  { names: "-h, --help", text: "this text" },
];
const FLAGS = ["-o", "--out", "--force", "--customer", "--json", "--help", "-h"];

export const DESIGN_USAGE = "usage: exsize design [INPUTS…] (--out FILE.xlsx | --json) [--customer] [--force]";

const formatNumber = (n: number): string => n.toLocaleString("en-US", { maximumFractionDigits: 6 });

/** An input's unit in words for the help: "MB", "users", "per day"; "" for none. */
function unitName(option: InputOption): string {
  const unit = option.unit(2);
  return unit.startsWith("a ") ? `per ${unit.slice(2)}` : unit;
}

/** `exsize design --help` and `exsize help design`: every option, its default, unit and rule. */
export function designHelp(): string[] {
  const width = 36;
  const pad = (s: string) => (s.length >= width - 1 ? `${s}\n${" ".repeat(width + 2)}` : s.padEnd(width));
  const lines = [
    DESIGN_USAGE,
    "",
    "Writes the design workbook: the reference design (Dell's 5,000-user DAG, §3.4.2) with the inputs you",
    "set. Each input is checked by the rule of its cell on the Inputs sheet, with the workbook's message,",
    "then the design as a whole; when one fails, nothing is written.",
    "",
    "Inputs (the Inputs sheet's yellow cells, in its order):",
  ];
  for (const o of inputOptions()) {
    const names = [o.option, ...o.aliases].join(", ");
    const what = o.rule.prompt.toLowerCase().startsWith(o.label.toLowerCase()) ? o.rule.prompt : `${o.label}: ${o.rule.prompt}`;
    const unit = typeof o.defaultValue === "number" || o.rule.kind !== "list" ? unitName(o) : "";
    lines.push(`  ${pad(`${names} ${o.placeholder}`)}${what}`);
    lines.push(`  ${" ".repeat(width)}default ${o.defaultValue === "" ? "empty" : String(o.defaultValue)}${unit ? `; unit: ${unit}` : ""}; rule: ${o.rule.error}`);
  }
  lines.push("", "Output:");
  for (const o of OUTPUT_OPTIONS) lines.push(`  ${pad(o.names)}${o.text}`);
  lines.push(
    "",
    "Numbers: 5000 or 5,000 (a comma only between groups of three digits); a decimal takes a point: 2048.5; a share may be 60%.",
    "Choices ignore case and spaces (raid10 is RAID10). --servers-site2 \"\" is one site.",
    "",
    "Exit status: 0 written (or printed); 1 the design cannot be built (a combined rule, or a cell of the",
    "workbook would show an error) or the file cannot be written; 2 a usage error or an input its rule refuses.",
    "",
    "Example: exsize design --users 7500 --servers-site1 3 --servers-site2 3 --copies 3 --out design.xlsx",
  );
  return lines;
}

class UsageError extends Error {}

interface DesignRequest {
  /** The inputs given, as typed, with the option they were given as. */
  given: Map<InputKey, { flag: string; text: string }>;
  out?: string;
  customer: boolean;
  force: boolean;
  json: boolean;
  help: boolean;
}

function knownOptions(): string[] {
  return [...inputOptions().flatMap((o) => [o.option, ...o.aliases]), ...FLAGS];
}

function parseArguments(args: readonly string[]): DesignRequest {
  const request: DesignRequest = { given: new Map(), customer: false, force: false, json: false, help: false };
  const byName = new Map(inputOptions().flatMap((o) => [o.option, ...o.aliases].map((name) => [name, o] as const)));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const takeValue = (): string => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined || (next.startsWith("--") && next.length > 2)) throw new UsageError(`${flag} needs a value`);
      i++;
      return next;
    };
    const noValue = () => {
      if (inline !== undefined) throw new UsageError(`${flag} takes no value`);
    };
    if (flag === "--help" || flag === "-h") request.help = true;
    else if (flag === "--customer") {
      noValue();
      request.customer = true;
    } else if (flag === "--force") {
      noValue();
      request.force = true;
    } else if (flag === "--json") {
      noValue();
      request.json = true;
    } else if (flag === "--out" || flag === "-o") {
      if (request.out !== undefined) throw new UsageError(`${flag} given twice`);
      request.out = takeValue();
    } else {
      const option = byName.get(flag);
      if (!option) {
        const what = flag.startsWith("-") ? "unknown option" : "unexpected argument";
        throw new UsageError(`${what} ${JSON.stringify(arg)}${flag.startsWith("-") ? didYouMean(flag, knownOptions()) : ""}`);
      }
      const earlier = request.given.get(option.key);
      if (earlier) throw new UsageError(`${option.option} given twice (${earlier.flag} and ${flag})`);
      request.given.set(option.key, { flag, text: takeValue() });
    }
  }
  if (request.help) return request;
  if (request.out === undefined && !request.json) {
    throw new UsageError("--out FILE.xlsx is required (or --json, to print the design without writing a file)");
  }
  if (request.customer && request.out === undefined) throw new UsageError("--customer writes a file: add --out FILE.xlsx");
  if (request.out !== undefined) {
    if (request.out.trim() === "") throw new UsageError("--out needs a file name");
    if (path.extname(request.out).toLowerCase() !== ".xlsx") {
      throw new UsageError(`--out must name an .xlsx file (the workbook is written as .xlsx); got ${JSON.stringify(request.out)}`);
    }
  }
  return request;
}

const choiceKey = (s: string) => s.toLowerCase().replace(/\s+/g, "");

/** One input's text, checked by its cell's rule: the value, or the workbook's message for it. */
function readInput(option: InputOption, flag: string, text: string): DesignInputs[InputKey] {
  const rule = option.rule;
  const refuse = (): never => {
    throw new UsageError(`${flag}: ${rule.error}; got ${JSON.stringify(text)}`);
  };
  if (text.trim() === "") return rule.allowBlank ? "" : refuse();
  if (rule.kind === "list") {
    const choice = rule.values.find((v) => choiceKey(v) === choiceKey(text));
    if (choice === undefined) {
      // Suggest only what differs in punctuation, or a long name mistyped: RAID5 is not a typo of RAID50.
      const alike = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, "");
      const same = rule.values.find((v) => alike(v) === alike(text));
      const hint = same !== undefined ? ` (did you mean ${same}?)` : text.length >= 8 ? didYouMean(text, rule.values) : "";
      throw new UsageError(`${flag}: ${rule.error}; got ${JSON.stringify(text)}${hint}`);
    }
    return typeof option.defaultValue === "number" ? Number(choice) : choice;
  }
  const read = readTypedNumber(text);
  if ("problem" in read) throw new UsageError(`${flag}: ${read.problem}`);
  const value = read.value;
  const low = rule.aboveMin ? value <= rule.min : value < rule.min;
  if (low || value > rule.max || (rule.kind === "whole" && !Number.isInteger(value))) refuse();
  return value;
}

/** Every input: the given ones checked by their rules, the rest the reference design's. */
function readInputs(given: DesignRequest["given"]): DesignInputs {
  const inputs: Record<string, unknown> = { ...REFERENCE_DESIGN_INPUTS };
  for (const option of inputOptions()) {
    const typed = given.get(option.key);
    if (typed) inputs[option.key] = readInput(option, typed.flag, typed.text);
  }
  return inputs as unknown as DesignInputs;
}

/** The Summary's answers, by their names in SUMMARY_CELLS; its line restating the inputs is not one. */
export function summaryOutputs(): SummaryKey[] {
  return (Object.keys(SUMMARY_CELLS) as SummaryKey[]).filter((key) => key !== ("inputs" as string));
}

/** A Summary value for JSON: the number or text, null for an empty cell, an error as code and message. */
function jsonValue(value: EvaluatedValue | undefined): unknown {
  if (value instanceof SizingError) return { error: value.code, message: value.message };
  if (value === undefined || value === "") return null;
  return value;
}

function jsonInputs(inputs: DesignInputs): Record<string, unknown> {
  return Object.fromEntries(inputOptions().map((o) => [o.key, inputs[o.key] === "" ? null : inputs[o.key]]));
}

/** Every error a cell of the evaluated workbook shows, once per message. */
function errorCells(model: WorkbookModel, values: WorkbookValues): string[] {
  const seen = new Map<string, string[]>();
  for (const sheet of model.sheets) {
    for (const [address, value] of Object.entries(values[sheet.name] ?? {})) {
      if (value instanceof SizingError) {
        const text = value.toString();
        seen.set(text, [...(seen.get(text) ?? []), `${sheet.name}!${address}`]);
      }
    }
  }
  return [...seen].map(([text, cells]) => `${cells.slice(0, 3).join(", ")}${cells.length > 3 ? ` and ${cells.length - 3} more` : ""} would show ${text}`);
}

/** The options a problem's inputs (their defined names on the Inputs sheet: "Users") are set by. */
function optionsOf(problem: DesignProblem): string {
  const options = problem.inputs.map((name) => {
    const lower = name.toLowerCase();
    const option = inputOptions().find((o) => [INPUT_NAMES[o.key], o.key, o.label].some((n) => n.toLowerCase() === lower));
    return option?.option ?? name;
  });
  return options.length > 0 ? ` (${options.join(", ")})` : "";
}

const show = (value: EvaluatedValue | undefined, digits = 0): string =>
  typeof value === "number" ? value.toLocaleString("en-US", { maximumFractionDigits: digits }) : value instanceof SizingError ? value.toString() : String(value ?? "");

export async function runDesign(args: string[], out: CommandOutput): Promise<number> {
  let request: DesignRequest;
  let inputs: DesignInputs;
  try {
    request = parseArguments(args);
    if (request.help) {
      designHelp().forEach((line) => out.stdout(line));
      return 0;
    }
    inputs = readInputs(request.given);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    out.stderr(`exsize design: ${e.message}`);
    out.stderr(DESIGN_USAGE);
    out.stderr("exsize help design: every option, its default and its rule");
    return 2;
  }

  const refuse = (problems: string[]): number => {
    if (request.json) out.stdout(JSON.stringify({ file: null, workbook: null, inputs: jsonInputs(inputs), problems }, null, 2));
    for (const problem of problems) out.stderr(`exsize design: ${problem}`);
    out.stderr(`exsize design: the design cannot be built${request.out ? `; nothing written to ${request.out}` : ""}`);
    return 1;
  };
  const problems = designProblems(inputs);
  if (problems.length > 0) return refuse(problems.map((p) => `${p.message}${optionsOf(p)}`));

  const model = referenceDesign({ inputs });
  const values = evaluateWorkbook(model);
  const errors = errorCells(model, values);
  if (errors.length > 0) return refuse(errors);

  const sheets = templateSheetNames();
  const summary = values[sheets.summary] ?? {};
  const s = (key: SummaryKey) => summary[SUMMARY_CELLS[key]];

  let copied: CustomerCopyReport | undefined;
  if (request.out !== undefined) {
    let bytes = await writeXlsx(model, values);
    if (request.customer) {
      const preparedOn = new Date().toISOString().slice(0, 10);
      const stamp = { sheet: STAMP_CELL.sheet, address: STAMP_CELL.address, text: customerCopyStamp(inputs, preparedOn) };
      try {
        ({ bytes, report: copied } = customerCopy(bytes, stamp, nativeFormulasOf(model)));
      } catch (e) {
        if (!(e instanceof CustomerCopyError)) throw e;
        out.stderr(`exsize design: cannot prepare the customer copy: ${e.message}`);
        return 1;
      }
    }
    try {
      await fs.writeFile(request.out, bytes, { flag: request.force ? "w" : "wx" });
    } catch (e) {
      const error = e as NodeJS.ErrnoException;
      if (error.code === "EEXIST") {
        out.stderr(`exsize design: ${request.out} exists; add --force to overwrite it`);
        return 2;
      }
      out.stderr(`exsize design: cannot write ${request.out}: ${error.message}`);
      return 1;
    }
  }

  if (request.json) {
    const outputs = Object.fromEntries(summaryOutputs().map((key) => [key, jsonValue(s(key))]));
    const workbook = request.out === undefined ? null : request.customer ? "customer copy" : "live design";
    out.stdout(JSON.stringify({ file: request.out ?? null, workbook, inputs: jsonInputs(inputs), outputs }, null, 2));
    return 0;
  }

  if (request.out !== undefined) {
    const formulas = model.sheets.reduce((n, sheet) => n + sheet.cells.filter((c) => c.formula !== undefined).length, 0);
    out.stdout(
      copied
        ? `Wrote ${request.out}: the customer copy (EXSIZE formulas replaced by Excel's own; recalculates on opening; stamped on ${STAMP_CELL.sheet}!${STAMP_CELL.address}).`
        : `Wrote ${request.out}: the live design (sheets ${model.sheets.map((sheet) => sheet.name).join(", ")}; ${formulas} formulas).`,
    );
    if (copied) for (const line of describeCustomerCopy(copied)) out.stdout(line);
  }
  const servers = inputs.serversSite2 === "" ? `${inputs.serversSite1} servers in one site` : `${inputs.serversSite1} + ${inputs.serversSite2} servers in two sites`;
  out.stdout(
    `Inputs: ${formatNumber(inputs.users)} users, ${formatNumber(inputs.quotaMB)} MB quota, ${formatNumber(inputs.messagesPerDay)} messages/day of ` +
      `${formatNumber(inputs.messageKB)} KB, ${inputs.copies} copies, ${formatNumber(inputs.maxDatabaseGB)} GB maximum database, ` +
      `Exchange ${inputs.exchangeVersion}, ${servers} (${inputs.dagLayout})`,
  );
  out.stdout(`Databases: ${show(s("databaseVolumes"))} × ${show(s("databaseVolumeGB"))} GB volumes`);
  out.stdout(`Logs: ${show(s("logVolumes"))} × ${show(s("logVolumeGB"))} GB volumes`);
  out.stdout(`Capacity: ${show(s("capacityPerCopyGB"))} GB per copy to provision, ${show(s("volumesGB"))} GB in volumes (${show(s("capacityAllCopiesGB"))} GB, all copies)`);
  out.stdout(`IOPS: ${show(s("databaseIops"))} database, ${show(s("logIops"))} log`);
  out.stdout(`Arrays: ${show(s("arrays"))} × ${show(s("arrayModel"))} (${show(s("arraysPerCopy"))} per copy)`);
  out.stdout(`Spindles: ${show(s("spindles"))} (${show(s("spindleRaid"))}, ${show(s("spindleDisk"))})`);
  out.stdout(`Servers: ${show(s("servers"))}, ${show(s("coresPerServer"))} cores and ${show(s("memoryPerServerGB"))} GB memory each`);
  const worst = s("worstMailboxesPerServer");
  out.stdout(
    `Worst survivable failure: ${show(s("worstFailure"))}` +
      (typeof worst === "number" ? ` (${show(worst)} mailboxes and ${show(s("worstTargetIops"))} IOPS on the busiest server)` : ""),
  );
  return 0;
}
