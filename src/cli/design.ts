/**
 * `exsize design [INPUTS…] (--out FILE.xlsx | --json) [--customer] [--force]` — the design of the
 * inputs given: the reference design of 000_72e1ddb9bbd1ecac.txt 3.4.2 by
 * default. Its numbers come from the engine, sized once (src/engine/design sizeDesign), by the
 * method its Exchange version calls for; `--json` and the text print them without building a
 * workbook. `--out` writes the design workbook: the live design, whose EXSIZE formulas work in Excel
 * with the add-in, or with --customer the customer copy, whose EXSIZE formulas are replaced by the
 * same quantities in Excel's own functions (src/workbook/customer-copy.ts), live without the add-in.
 *
 * Every input of the template's Inputs sheet is an option (src/cli/design-options.ts), checked by
 * the rule of its cell with the workbook's message; then the design as a whole by designProblems and
 * the engine; then, when a file is written, the evaluated workbook must show no error. Whatever
 * fails, nothing is written.
 */
import * as path from "path";
import { writeWhole, type WholeFileIO } from "./write-whole";
import { SizingError } from "../engine/errors";
import { versionName } from "../engine/version";
import { DEFAULT_PRESET, PRESET_NAMES, REFERENCE_PRESETS, presetNamed, type Design, type PresetName, type WorkbookInputs } from "../engine/design";
import type { ServerDisks } from "../engine/microsoft/disks";
import type { RaidServerDisks } from "../engine/microsoft/raid-disks";
import { designOf } from "../workbook/input-values";
import { INPUT_DEFAULTS, QUANTITIES, designRecord, labelWithUnit, type DesignRecord, type QuantityKey } from "../engine/catalogue";
import {
  EXIT,
  EXIT_STATUS_HELP,
  TYPING_HELP,
  UsageError,
  inputOptions,
  inputOptionsHelp,
  optionOf,
  parseCommand,
  readInputs,
  type CommandOutput,
  type FlagSpec,
  type InputOption,
} from "./design-options";

export { inputOptions, type CommandOutput, type InputOption };

/** What --preset does, in every command that takes it (design, layout, export). */
export const PRESET_HELP = `the reference design to start from: ${PRESET_NAMES.join(" or ")} (default ${DEFAULT_PRESET}); inputs given override its values`;

/** The options that are not inputs: where and how to write. */
const OUTPUT_OPTIONS: ReadonlyArray<{ names: string; text: string }> = [
  { names: "--preset NAME", text: PRESET_HELP },
  { names: "-o, --out FILE.xlsx", text: "the workbook to write; its name must end in .xlsx. Required unless --json" },
  { names: "--force", text: "overwrite FILE.xlsx if it exists (default: refuse with exit status 2, and write nothing)" },
  { names: "--customer", text: "write the customer copy: every EXSIZE formula replaced by Excel's own, live without the add-in (default: the live design)" },
  { names: "--json", text: "print the inputs and the design's numbers as one JSON object; with --out, the file is written too" },
  { names: "-h, --help", text: "this text" },
];
/** exsize design's options beyond the inputs (compare takes them too). */
export const DESIGN_FLAGS: readonly FlagSpec[] = [
  { names: ["--preset"], value: true },
  { names: ["--out", "-o"], value: true },
  { names: ["--force"], value: false },
  { names: ["--customer"], value: false },
  { names: ["--json"], value: false },
  { names: ["--help", "-h"], value: false },
];

export const DESIGN_USAGE = "usage: exsize design [INPUTS…] (--out FILE.xlsx | --json) [--customer] [--force]";

const formatNumber = (n: number): string => n.toLocaleString("en-US", { maximumFractionDigits: 6 });

/** The quantities `--json` prints, from the catalogue: key, label, unit and decimals. */
function jsonHelp(): string[] {
  return QUANTITIES.map((q) => `  ${q.key.padEnd(32)}${labelWithUnit(q)}${q.digits === undefined ? "" : q.digits === 0 ? ", whole" : `, ${q.digits} decimals`}${q.method === "microsoft" ? "; Microsoft's method" : ""}`);
}

/** `exsize design --help` and `exsize help design`: every option, its default, unit and rule. */
export function designHelp(): string[] {
  const width = 36;
  const pad = (s: string) => (s.length >= width - 1 ? `${s}\n${" ".repeat(width + 2)}` : s.padEnd(width));
  return [
    DESIGN_USAGE,
    "",
    "Sizes the design — a reference design (--preset: Dell's 5,000-user DAG by default, or Dell EMC's 100,000-mailbox",
    "Exchange 2016 design) with the inputs you set — by the method its Exchange version calls for (--method), and",
    "prints it (--json) or writes its workbook (one DAG: a design of several DAGs writes the one they all repeat).",
    "Each input is checked by the rule of its cell on the Inputs sheet, with the workbook's message, then",
    "the design as a whole; when one fails, nothing is written. exsize layout and exsize export take the",
    "same inputs and lay out and deploy this design.",
    "",
    "Inputs (the Inputs sheet's yellow cells, in its order):",
    ...inputOptionsHelp(width),
    "",
    "Design and output:",
    ...OUTPUT_OPTIONS.map((o) => `  ${pad(o.names)}${o.text}`),
    "",
    ...TYPING_HELP,
    "",
    "--json prints {file, workbook, preset, presetChanges, method, inputs, design, papers, warnings}: preset is the",
    "reference design it started from, presetChanges the inputs (their keys under inputs) whose value is not the",
    "preset's ([] for the preset's own); method is dell or microsoft (the one used); inputs",
    "every input under its option's key; design every quantity of the design once, under the name the library's",
    "catalogue gives it, as the workbook shows it (rounded half away from zero to the decimals below, as Excel shows",
    "it), null where the design has none (one site: no site failure; Dell's process: no server disks):",
    ...jsonHelp(),
    "papers: by Microsoft's method, the papers' arrays and spindles for the same mailboxes, to compare (arrays,",
    "arrayModel, arraysPerCopy, spindles, spindleRaid, spindleDisk; under design too, deprecated there); null by",
    "Dell's process, whose arrays and spindles are the design's own.",
    "warnings (beside design) lists what the design passes and still builds, and stderr says it too: by Microsoft's",
    "method, databases holding more mailboxes than the maximum database size allows (the calculator builds them; the",
    "warning is ours); a server past its version's recommended cores or memory (2016: 24 cores, 192 GB; 2019 and SE:",
    "48 cores, 256 GB), in words with Microsoft's page.",
    "",
    ...EXIT_STATUS_HELP,
    "",
    "Example: exsize design --users 7500 --servers-site1 3 --servers-site2 3 --copies 3 --out design.xlsx",
    "Example: exsize design --preset dellemc-2016 --json — Dell EMC's 100,000 mailboxes as 14 DAGs of 16 servers:",
    "  design.databases 336, normalMailboxesPerServer 475, siteFailureMailboxesPerServer 950, worstMailboxesPerServer 1086,",
    "  serverDatabaseIops 229, dagDatabaseIops 3666, dagLogIops 775, disksPerServer 45, siteActiveDatabases 42,",
    "  siteMegacycles 10280, transportGBPerServer 210.",
  ];
}

export interface DesignRequest {
  inputs: WorkbookInputs;
  preset: PresetName;
  out?: string;
  customer: boolean;
  force: boolean;
  json: boolean;
  help: boolean;
}

/** The preset's inputs, then the inputs given (each checked by its cell's rule), and what the design carries beyond them. */
export function presetDesign(given: Parameters<typeof readInputs>[0], flags: Map<string, string | true>): Pick<DesignRequest, "inputs" | "preset"> {
  const name = flags.get("--preset");
  const preset = name === undefined ? REFERENCE_PRESETS[DEFAULT_PRESET] : presetNamed(String(name));
  if (preset === undefined) throw new UsageError(`--preset must be ${PRESET_NAMES.join(" or ")}; got ${JSON.stringify(name)}`);
  const read = readInputs(given);
  // A preset's environment is its DAGs of its users: given --users, one DAG of them unless --environment-users says more.
  const oneDag = given.has("users") && !given.has("environmentUsers") ? { environmentUsers: "" as const } : {};
  const inputs = { ...preset.inputs, ...oneDag, ...Object.fromEntries([...given.keys()].map((key) => [key, read[key]])) } as WorkbookInputs;
  return { inputs, preset: preset.name };
}

function parseArguments(args: readonly string[]): DesignRequest {
  const { given, flags } = parseCommand(args, DESIGN_FLAGS);
  const out = flags.get("--out") as string | undefined;
  const request = { customer: flags.has("--customer"), force: flags.has("--force"), json: flags.has("--json"), help: flags.has("--help"), ...(out !== undefined ? { out } : {}) };
  if (request.help) return { ...request, inputs: readInputs(new Map()), preset: DEFAULT_PRESET };
  const { inputs, preset } = presetDesign(given, flags);
  if (out === undefined && !request.json) throw new UsageError("--out FILE.xlsx is required (or --json, to print the design without writing a file)");
  if (request.customer && out === undefined) throw new UsageError("--customer writes a file: add --out FILE.xlsx");
  if (out !== undefined) {
    if (out.trim() === "") throw new UsageError("--out needs a file name");
    if (path.extname(out).toLowerCase() !== ".xlsx") throw new UsageError(`--out must name an .xlsx file (the workbook is written as .xlsx); got ${JSON.stringify(out)}`);
  }
  return { ...request, inputs, preset };
}

export function jsonInputs(inputs: WorkbookInputs): Record<string, unknown> {
  return Object.fromEntries(inputOptions().map((o) => [o.key, inputs[o.key] === "" ? null : inputs[o.key]]));
}

/** The text's heading for the papers' arrays and spindles beside a design Microsoft's method sizes. */
export const PAPERS_HEADING = "The papers' method, to compare";

/** The figures of the papers' method (Dell's EqualLogic arrays, EMC's spindles), as `--json` prints them. */
export const PAPER_KEYS = ["arrays", "arrayModel", "arraysPerCopy", "spindles", "spindleRaid", "spindleDisk"] as const satisfies readonly QuantityKey[];

/**
 * `--json`'s papers: by Microsoft's method, the papers' arrays and spindles, to compare (the servers' own
 * disks hold the databases); null by Dell's process, whose arrays and spindles are the design's own.
 */
export function papersRecord(method: string, record: DesignRecord): Partial<DesignRecord> | null {
  return method === "microsoft" ? Object.fromEntries(PAPER_KEYS.map((key) => [key, record[key]])) : null;
}

/** The inputs, by key in the inputs' order, whose value differs from the preset's: what changed the design it started from. */
export function presetChanges(preset: string, inputs: WorkbookInputs): string[] {
  const started = presetNamed(preset);
  if (started === undefined) throw new Error(`no reference design is named ${JSON.stringify(preset)}`);
  const from = jsonInputs({ ...INPUT_DEFAULTS, ...started.inputs } as WorkbookInputs);
  const now = jsonInputs(inputs);
  return Object.keys(now).filter((key) => JSON.stringify(now[key]) !== JSON.stringify(from[key]));
}

/**
 * A sized design as every command's `--json` prints it (design, compare, fit, import): the preset it
 * started from and the inputs that changed it (null for a design read from a calculator's file), its
 * method, inputs, figures, the papers' figures beside it and its warnings.
 */
export function designJson(preset: string | null, method: string, inputs: WorkbookInputs, record: DesignRecord, warnings: readonly string[]) {
  return { preset, presetChanges: preset === null ? null : presetChanges(preset, inputs), method, inputs: jsonInputs(inputs), design: record, papers: papersRecord(method, record), warnings };
}

/** What the method is, in words, naming its source by publisher and title. */
export function methodWords(d: Design): string {
  // Lazily: papers.ts is small, but only the text output names the sources.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { cite } = require("../engine/papers") as typeof import("../engine/papers");
  return d.method === "dell" ? `Dell's process (${cite("dell")})` : `Microsoft's calculator's (${cite("microsoft")})`;
}

// ---------------------------------------------------------------------------------------------
// Writing the workbook: the template, the evaluator and exceljs are loaded only here.

export type Written = { ok: true; copied?: import("../workbook/customer-copy").CustomerCopyReport; sheets: string[]; formulas: number } | { ok: false; code: number; problems?: string[] };

/** Every error a cell of the evaluated workbook shows, once per message. */
export function errorCells(model: import("../workbook/model").WorkbookModel, values: import("../workbook/evaluate").WorkbookValues): string[] {
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

/* eslint-disable @typescript-eslint/no-require-imports */
export async function writeWorkbook(
  request: Pick<DesignRequest, "inputs" | "customer" | "force">,
  file: string,
  out: CommandOutput,
  io?: WholeFileIO,
  command = "design",
  /** Sheets added after the template's (exsize import's Calculator sheet). */
  more: readonly import("../workbook/model").SheetModel[] = [],
): Promise<Written> {
  const template = require("../workbook/template") as typeof import("../workbook/template");
  const { evaluateWorkbook } = require("../workbook/evaluate") as typeof import("../workbook/evaluate");
  const { writeXlsx } = require("./xlsx-writer") as typeof import("./xlsx-writer");
  const model = template.referenceDesign({ inputs: request.inputs });
  model.sheets.push(...more);
  const values = evaluateWorkbook(model);
  const errors = errorCells(model, values);
  if (errors.length > 0) return { ok: false, code: EXIT.failed, problems: errors };
  let bytes = await writeXlsx(model, values);
  let copied: import("../workbook/customer-copy").CustomerCopyReport | undefined;
  if (request.customer) {
    const { CustomerCopyError, customerCopy, nativeFormulasOf } = require("../workbook/customer-copy") as typeof import("../workbook/customer-copy");
    const preparedOn = new Date().toISOString().slice(0, 10);
    const stamp = { sheet: template.STAMP_CELL.sheet, address: template.STAMP_CELL.address, text: template.customerCopyStamp(request.inputs, preparedOn) };
    try {
      ({ bytes, report: copied } = customerCopy(bytes, stamp, nativeFormulasOf(model)));
    } catch (e) {
      if (!(e instanceof CustomerCopyError)) throw e;
      out.stderr(`exsize ${command}: cannot prepare the customer copy: ${e.message}`);
      return { ok: false, code: EXIT.failed };
    }
  }
  const code = await writeWhole(file, bytes, { command, force: request.force, io }, out);
  if (code !== EXIT.ok) return { ok: false, code };
  const formulas = model.sheets.reduce((n, sheet) => n + sheet.cells.filter((c) => c.formula !== undefined).length, 0);
  return { ok: true, ...(copied ? { copied } : {}), sheets: model.sheets.map((s) => s.name), formulas };
}
/* eslint-enable @typescript-eslint/no-require-imports */

// ---------------------------------------------------------------------------------------------

/** `exsize design`; `io` lets a test stand in for the file system when the workbook is written. */
export async function runDesign(args: string[], out: CommandOutput, io?: WholeFileIO): Promise<number> {
  let request: DesignRequest;
  try {
    request = parseArguments(args);
    if (request.help) {
      designHelp().forEach((line) => out.stdout(line));
      return EXIT.ok;
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    out.stderr(`exsize design: ${e.message}`);
    out.stderr(DESIGN_USAGE);
    out.stderr("exsize help design: every option, its default and its rule");
    return EXIT.usage;
  }
  const inputs = request.inputs;

  const refuse = (problems: string[]): number => {
    if (request.json) out.stdout(JSON.stringify({ file: null, workbook: null, inputs: jsonInputs(inputs), problems }, null, 2));
    for (const problem of problems) out.stderr(`exsize design: ${problem}`);
    out.stderr(`exsize design: the design cannot be built${request.out ? `; nothing written to ${request.out}` : ""}`);
    return EXIT.failed;
  };
  const sized = designOf(inputs, optionOf);
  if (!sized.ok) return refuse(sized.problems);
  const design = sized.design;
  // A server past its version's recommended cores or memory: the design builds, and stderr says so (as the Design check cell).
  for (const warning of design.warnings) out.stderr(`exsize design: warning: ${warning.message}`);

  let written: Extract<Written, { ok: true }> | undefined;
  if (request.out !== undefined) {
    const result = await writeWorkbook(request, request.out, out, io);
    if (!result.ok) return result.problems ? refuse(result.problems) : result.code;
    written = result;
  }

  if (request.json) {
    const workbook = request.out === undefined ? null : request.customer ? "customer copy" : "live design";
    const printed = { file: request.out ?? null, workbook, ...designJson(request.preset, design.method, inputs, designRecord(design), design.warnings.map((w) => w.message)) };
    out.stdout(JSON.stringify(printed, null, 2));
    return EXIT.ok;
  }

  if (written !== undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const template = require("../workbook/template") as typeof import("../workbook/template");
    out.stdout(
      written.copied
        ? `Wrote ${request.out}: the customer copy (EXSIZE formulas replaced by Excel's own; recalculates on opening; stamped on ${template.STAMP_CELL.sheet}!${template.STAMP_CELL.address}).`
        : `Wrote ${request.out}: the live design (sheets ${written.sheets.join(", ")}; ${written.formulas} formulas).`,
    );
    if (written.copied) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { describeCustomerCopy } = require("../workbook/customer-copy") as typeof import("../workbook/customer-copy");
      for (const line of describeCustomerCopy(written.copied)) out.stdout(line);
    }
  }
  const o = designRecord(design);
  const show = (value: number | string | null): string => (typeof value === "number" ? value.toLocaleString("en-US", { maximumFractionDigits: 2 }) : String(value ?? ""));
  const servers = inputs.serversSite2 === "" ? `${inputs.serversSite1} servers in one site` : `${inputs.serversSite1} + ${inputs.serversSite2} servers in two sites`;
  out.stdout(
    `Inputs: ${formatNumber(inputs.users)} users, ${formatNumber(inputs.quotaMB)} MB quota${inputs.archiveMB > 0 ? ` + ${formatNumber(inputs.archiveMB)} MB archive` : ""}, ${formatNumber(inputs.messagesPerDay)} messages/day of ` +
      `${formatNumber(inputs.messageKB)} KB, ${inputs.copies} copies, ${formatNumber(inputs.maxDatabaseGB)} GB maximum database, ` +
      `${versionName(inputs.exchangeVersion)}, ${servers} (${inputs.dagLayout})`,
  );
  out.stdout(`Method: ${methodWords(design)}`);
  if (design.dags > 1) {
    out.stdout(`Environment: ${show(o.environmentUsers)} mailboxes as ${show(o.dags)} DAGs of ${show(o.usersPerDag)} (the figures below are one DAG's), ${show(o.environmentServers)} servers in all`);
  }
  out.stdout(`Databases: ${show(o.databaseVolumes)} × ${show(o.databaseVolumeGB)} GB volumes (${show(o.mailboxesPerDatabase)} mailboxes each)`);
  out.stdout(`Logs: ${show(o.logVolumes)} × ${show(o.logVolumeGB)} GB volumes`);
  out.stdout(`Capacity: ${show(o.capacityPerCopyGB)} GB per copy to provision, ${show(o.volumesGB)} GB in volumes (${show(o.capacityAllCopiesGB)} GB, all copies)`);
  out.stdout(`IOPS: ${show(o.databaseIops)} database, ${show(o.dagLogIops)} log`);
  // By Microsoft's method the servers' own disks hold the databases: the papers' arrays and spindles
  // are not its figures, and stand apart at the end, to compare. By Dell's process they are the design's.
  const arrays = `Arrays: ${show(o.arrays)} × ${show(o.arrayModel)} (${show(o.arraysPerCopy)} per copy)`;
  const spindles = `Spindles: ${show(o.spindles)} (${show(o.spindleRaid)}, ${show(o.spindleDisk)})`;
  if (design.method === "dell") {
    out.stdout(arrays);
    out.stdout(spindles);
  }
  out.stdout(
    `Per server: ${show(o.normalMailboxesPerServer)} active mailboxes in normal running` +
      (o.siteFailureMailboxesPerServer !== null ? `, ${show(o.siteFailureMailboxesPerServer)} after a site fails` : "") +
      `; ${show(o.serverDatabaseIops)} database IOPS (every copy it holds)`,
  );
  // Sized never less, the spares that keep a copy more from laying fewer disks are said apart from those asked.
  const spares = (k: { spareDisks: number; fewerCopiesSpareDisks?: number }) =>
    k.fewerCopiesSpareDisks ? `${show(k.spareDisks)} spare, ${show(k.fewerCopiesSpareDisks)} of them so a copy more never lays fewer disks` : `${show(k.spareDisks)} spare`;
  const raidLine = (label: string, k: RaidServerDisks) =>
    `${label} (RAID): ${show(k.disksPerServer)} × ${k.disk.name} a server (${show(k.databaseLogDisks)} in ${k.databaseLogRaid} for databases and logs, ` +
    `${show(k.restoreDisks)} in ${k.restoreRaid} for the restore volume, ${spares(k)})`;
  const jbodLine = (label: string, k: ServerDisks) =>
    `${label}: ${show(k.disksPerServer)} × ${k.disk.name} a server (${show(k.databaseLogDisks)} for databases and logs, ${show(k.databasesPerVolume)} databases each; ` +
    `${show(k.restoreDisks)} restore, ${show(k.autoReseedDisks)} AutoReseed, ${spares(k)})`;
  // Active/passive, each site's servers their own disks, JBOD or RAID as the calculator chooses for the site.
  const sites = design.siteServers?.map((s, i) => ({ label: `Server disks, site ${i + 1}`, serverDisks: s.serverDisks, raidServerDisks: s.raidServerDisks, problem: s.serverDisksProblem })) ?? [
    { label: "Server disks", serverDisks: design.serverDisks, raidServerDisks: design.raidServerDisks, problem: design.serverDisksProblem },
  ];
  for (const site of sites) {
    if (site.raidServerDisks) out.stdout(raidLine(site.label, site.raidServerDisks));
    if (site.serverDisks) out.stdout(jbodLine(site.label, site.serverDisks));
    // A Microsoft-method design whose disk holds no volume has no server disks: say so, and why.
    if (design.method === "microsoft" && !site.serverDisks && !site.raidServerDisks && site.problem !== undefined) out.stdout(`${site.label}: none — ${site.problem}`);
  }
  if (design.serverDisks && design.databasesPerVolumeNote) out.stdout(`  (${design.databasesPerVolumeNote})`);
  // Exchange 2019's and SE's MetaCache Database SSDs, beside the JBOD database disks (src/engine/microsoft/mcdb.ts).
  if (design.mcdb) {
    out.stdout(
      `MCDB SSDs: ${show(o.mcdbSsdsPerServer)} × ${show(o.mcdbSsdGB)} GB a server, beside the database disks (each for up to ${show(design.mcdb.databaseDisksPerSsd)} of them; ` +
        `${show(o.mcdbGBPerServer)} GB, ${show(o.mcdbSharePercent)}% of their ${show(design.mcdb.databaseDiskGB)} GB), ${show(o.dagMcdbSsds)} in the DAG`,
    );
  }
  // Active/passive, each site's servers sized on their own (Role Requirements!C142, C254; D253, D254).
  const each =
    o.serversSite1 !== null && o.serversSite2 !== null
      ? ` — site 1: ${show(o.serversSite1)}, ${show(o.coresPerServerSite1)} cores and ${show(o.memoryPerServerGBSite1)} GB memory each; ` +
        `site 2: ${show(o.serversSite2)}, ${show(o.coresPerServerSite2)} cores and ${show(o.memoryPerServerGBSite2)} GB memory each`
      : `, ${show(o.coresPerServer)} cores and ${show(o.memoryPerServerGB)} GB memory each`;
  out.stdout(`Servers: ${show(o.servers)}${each} (cores: ${show(o.coresBasis)})`);
  // The servers named against the worst failure, as the calculator's Role Requirements sheet shows them (its 80% target).
  if (design.cpu) {
    out.stdout(
      `CPU in the worst failure: ${show(o.worstCpuUtilizationPercent)}% of a server of ${show(inputs.coresPerServer)} cores rated ${show(inputs.specIntRate)} SPECint2006 ` +
        `(Microsoft's calculator's target: at most ${show(o.cpuUtilizationTargetPercent)}%; ${show(o.coresToCarryPerServer)} cores at that rate a core carry it)`,
    );
  }
  // Ours beside the calculator's (docs/whole-design.md): what the servers need so more load never buys less, where it is more.
  if (design.inputs.serverSizing !== "never less" && design.neverLess && (design.neverLess.coresPerServer > design.coresPerServer || design.neverLess.memoryPerServerGB > design.memoryPerServerGB)) {
    out.stdout(`Sized never less (more load never buys less; --server-sizing "never less"): ${show(o.neverLessCoresPerServer)} cores and ${show(o.neverLessMemoryPerServerGB)} GB memory each`);
  }
  out.stdout(
    `Worst survivable failure: ${show(o.worstFailure)}` +
      (o.worstMailboxesPerServer !== null ? ` (${show(o.worstMailboxesPerServer)} mailboxes and ${show(o.worstTargetIops)} IOPS on the busiest server)` : ""),
  );
  if (design.method === "microsoft") {
    out.stdout(`${PAPERS_HEADING} (Dell's and EMC's Exchange 2010 papers; not this design's storage):`);
    out.stdout(`  ${arrays}`);
    out.stdout(`  ${spindles}`);
  }
  return EXIT.ok;
}
