/**
 * What the pane's actions do and what they tell the user, apart from the DOM (taskpane.ts binds it
 * to the page), so jest can drive it against the in-memory Excel host.
 *
 * - Load a design: check the form, write the design (two syncs), read back the Summary's answers
 *   (one more sync) and show them.
 * - Refresh results: find the design in the workbook and read its answers again (two syncs).
 * - Prepare a customer copy: customer-copy.ts, enabled only once a design exists in the workbook,
 *   found by its defined names.
 * - Export the deployment: find the design (one sync, as Refresh), read its DAG — five inputs by
 *   name and the Resilience sheet's database count — in one more sync, build the four files with
 *   src/workbook/deployment.ts (as `exsize export` does) and offer them as downloads.
 * - Put the deployment on sheets: the same read, then the same files on new sheets in one more sync
 *   (deployment.ts), for an Excel whose webview blocks downloads.
 * - Compare designs: the form's design with one input varied over the values typed, each
 *   variant checked as a load checks it and sized by the engine (src/workbook/compare.ts compareDesign);
 *   a new Compare sheet (Compare 2… when one exists: nothing of the user's is touched) of formulas over
 *   each variant's own new sheets, built by the same liveCompareModel as `exsize compare --customer`.
 * - Use a reference design: either preset (src/engine/design/presets.ts) fills the form;
 *   what it sets beyond the form's fields (Dell EMC's 50 GB archive, 24 cores a server) goes with the
 *   next load, so the workbook holds the preset's design.
 */
import { LAG_DEFAULTS, PRESET_NAMES, REFERENCE_DESIGN_INPUTS, REFERENCE_PRESETS, sizeDesign, type PresetName, type WorkbookInputs } from "../engine/design";
import { SizingError } from "../engine/errors";
import { cite } from "../engine/papers";
import {
  DEFAULT_DEPLOYMENT_NAMES,
  DEPLOYMENT_FILE_NAMES,
  dagDesignFromWorkbook,
  deploymentFiles,
  settingsFor,
  deploymentNameProblem,
  replayLagProblem,
  type DeploymentFiles,
  type DeploymentNames,
} from "../workbook/deployment";
import { MAX_LIVE_DESIGNS, compareDesign, liveCompareModel, rangeTexts, type CompareDesign } from "../workbook/compare";
import type { InputKey } from "../workbook/input-values";
import { isoToday, nameSuffix, templateSheetNames, referenceDesign } from "../workbook/template";
import { fitCheck } from "../workbook/fit-check";
import { FitError, fitProfile, fitSteps, type FitResult, type SearchedInput } from "../engine/fit";
import { designSuffixes, openCustomerCopy } from "./customer-copy";
import { queueDagRead, queueDeploymentSheets } from "./deployment";
import { DesignLoadError, writeDesign, writeModel, type WriteReport } from "./excel-writer";
import { DESIGN_FIELDS, FORM_FIELDS, fieldOf, formatTyped, readDesignForm, readField, type DesignField, type DesignForm } from "./headline-form";
import { queueSummaryRead, type HeadlineResults } from "./results";
import { CalculatorFileError, openCalculatorFile } from "../workbook/calculator-file";
import { compareWithCalculator, designOfCalculator, importCalculator } from "../workbook/calculator-import";
import { calculatorSheet, calculatorSheetName } from "../workbook/sheets/calculator";
import { openWorkbookCalculator } from "./open-workbook";
import { versionName } from "../engine/version";

export type StatusKind = "info" | "success" | "error";
export type Action = "load" | "refresh" | "copy" | "export" | "sheets" | "compare" | "fit" | "open" | "read";
const ACTIONS: readonly Action[] = ["load", "refresh", "copy", "export", "sheets", "compare", "fit", "open", "read"];

/** A file the pane offers to download. */
export interface DownloadFile {
  name: string;
  /** MIME type of the Blob. */
  type: string;
  text: string;
}

/** The pane's name fields as typed; an empty field takes `exsize export`'s default. */
export type DeploymentNameForm = Record<keyof DeploymentNames, string>;
const NAME_LABELS: Record<keyof DeploymentNames, string> = { dag: "The DAG's name", serverPrefix: "The server prefix", databasePrefix: "The database prefix" };

export interface PaneView {
  /** The action whose button shows the spinner; every action is disabled while one runs. undefined: none. */
  setBusy(action: Action | undefined): void;
  /** Whether a design exists in the workbook: Refresh results and the customer copy need one. */
  setDesignPresent(present: boolean): void;
  /** A message under the action's own button (empty text clears it). */
  showStatus(action: Action, kind: StatusKind, text: string): void;
  showFieldError(field: DesignField, message: string | undefined): void;
  /** The headline answer, or what keeps Excel from having computed it; undefined hides it. */
  showResults(results: HeadlineResults | undefined): void;
  /** The deployment's files to download, one link each; undefined takes them away. */
  offerDownloads(files: DownloadFile[] | undefined): void;
  /** The designs Find a design found, each to fill the form with; undefined takes them away. */
  offerFits(fits: FitChoice[] | undefined): void;
}

/** A design Find a design found: what it needs in words, and the form that loads it. */
export interface FitChoice {
  text: string;
  form: DesignForm;
}

/** The names the user typed, with the defaults for empty fields, or what is wrong with them. */
export function deploymentNamesOf(form: Partial<DeploymentNameForm> = {}): { ok: true; names: DeploymentNames } | { ok: false; problem: string } {
  const names = { ...DEFAULT_DEPLOYMENT_NAMES };
  const problems: string[] = [];
  for (const key of Object.keys(NAME_LABELS) as (keyof DeploymentNames)[]) {
    const typed = (form[key] ?? "").trim();
    if (typed === "") continue;
    const problem = deploymentNameProblem(NAME_LABELS[key], typed, key);
    if (problem) problems.push(problem);
    else names[key] = typed;
  }
  return problems.length > 0 ? { ok: false, problem: `${problems.join("; ")}. Nothing was exported.` } : { ok: true, names };
}

/** The files as the pane offers them: CSV as text/csv, the script as text/plain. */
export function downloadsOf(files: DeploymentFiles): DownloadFile[] {
  return DEPLOYMENT_FILE_NAMES.map((name) => ({ name, type: name.endsWith(".csv") ? "text/csv;charset=utf-8" : "text/plain;charset=utf-8", text: files[name] }));
}

// ---------------------------------------------------------------------------------------------
// Reference designs

/** The reference designs the pane offers, in the order of the CLI's --preset, with the words its choice shows. */
export const PANE_PRESETS: ReadonlyArray<{ name: PresetName; text: string }> = PRESET_NAMES.map((name) => ({
  name,
  text: name === "dell-2010" ? "Dell, 5,000 users, Exchange 2010" : "Dell EMC, 100,000 mailboxes, Exchange 2016",
}));

/** A preset's inputs as the form's fields show them (numbers with thousands separators, as the reference form). */
export function presetForm(name: PresetName): DesignForm {
  return formOf(REFERENCE_PRESETS[name].inputs);
}

/**
 * The hint under the preset's choice: what the design is, from which paper (by publisher and title),
 * and for Dell EMC's the figures it publishes as this project sizes them — one DAG of the
 * environment's is what the workbook holds, the environment's totals on its Summary.
 */
export function presetHint(name: PresetName): string {
  const after = "Change any input, then load: the design goes into new sheets of this workbook as live formulas.";
  const p = REFERENCE_PRESETS[name];
  const i = p.inputs;
  if (name === "dell-2010") {
    return (
      `The reference design: ${formatTyped(i.users)} users, ${formatTyped(i.quotaMB)} MB quota, ${i.messagesPerDay} messages a day of ${i.messageKB} KB, ` +
      `${i.copies} database copies in a DAG, from ${cite("dell", "3.4.2")}. ${after}`
    );
  }
  const d = sizeDesign(p.inputs);
  const disks = d.serverDisks;
  const n = (x: number) => formatTyped(Math.round(x));
  return (
    `Dell EMC's design: ${formatTyped(d.environmentUsers)} mailboxes as ${d.dags} DAGs of ${formatTyped(i.users)} mailboxes of ${formatTyped(i.quotaMB / 1024)} GB ` +
    `with a ${formatTyped(i.archiveMB / 1024)} GB archive, ${i.messagesPerDay} messages a day, ${i.copies} copies on ${i.serversSite1} + ${i.serversSite2} servers, ` +
    `by Microsoft's method, from ${cite("esrp2016")}. Each DAG: ${d.databases} databases; ${n(d.normalMailboxesPerServer)}, ${n(d.siteFailureMailboxesPerServer ?? 0)} and ` +
    `${n(d.worst?.activeMailboxes ?? 0)} mailboxes a server (normal, a site lost, a site and a server); ${n(d.serverDatabaseIops)} database IOPS a server; ` +
    `${n(d.dagDatabaseIops)} database and ${n(d.dagLogIops)} log IOPS a DAG` +
    (disks ? `; ${disks.disksPerServer} disks a server (${disks.databaseLogDisks} for databases and logs, a restore, an AutoReseed and a spare disk)` : "") +
    `. The workbook holds one DAG, and the environment's DAGs, servers and databases on its Summary. ${after}`
  );
}


// ---------------------------------------------------------------------------------------------
// Compare designs

/** What to vary: a field of the form and its values as typed ("5000,10000" or "5,000; 10,000"). */
export interface VaryForm {
  field: string;
  values: string;
}

/** The fields a comparison can vary: every number and choice of the form (the title and names are no design's). */
export const VARY_FIELDS: readonly DesignField[] = FORM_FIELDS.filter((f) => f.kind !== "text").map((f) => f.key);

/** The hint under the values: how to separate them, or the field's choices. */
export function varyHint(field: DesignField): string {
  const f = fieldOf(field);
  if (f.kind === "choice") return `Any of: ${f.choices.map((c) => c.text).join(", ")}; separate them with commas.`;
  return `Two to ${MAX_LIVE_DESIGNS} values, separated by commas (5000,10000) or semicolons (5,000; 10,000), or a range FIRST..LAST/STEP (5000..20000/5000).`;
}

/**
 * The values typed for a field, each checked by the field's rule as the form checks it: split at
 * semicolons when there is one (so 5,000; 10,000 reads as two), else at commas (5000,10000, as the
 * CLI's --vary), or a range FIRST..LAST/STEP as the CLI's. Between 2 and MAX_LIVE_DESIGNS values, each a
 * design with its own sheets.
 */
export function variantValues(field: DesignField, text: string): { ok: true; values: Array<{ text: string; value: number | string }> } | { ok: false; problem: string } {
  const label = fieldOf(field).label;
  // A range, as exsize compare --vary takes it: users 5000..20000/5000.
  const range = rangeTexts(text, MAX_LIVE_DESIGNS);
  if ("problem" in range) return { ok: false, problem: `${label}: ${range.problem}` };
  const texts = range.texts ?? (text.includes(";") ? text.split(";") : text.split(",")).map((t) => t.trim());
  if (texts.every((t) => t === "")) return { ok: false, problem: `Type the values of ${label} to compare: ${varyHint(field)}` };
  if (texts.length < 2) return { ok: false, problem: `Give ${label} two values or more to compare (separate them with commas); one design is Load a design's.` };
  if (texts.length > MAX_LIVE_DESIGNS) return { ok: false, problem: `${texts.length} values of ${label}: at most ${MAX_LIVE_DESIGNS} designs a comparison, each with its own sheets.` };
  const values: Array<{ text: string; value: number | string }> = [];
  for (const [i, t] of texts.entries()) {
    const read = readField(field, t);
    if (!read.ok) {
      // 5,000,10,000 split at its commas: say how to write thousands here.
      const cut = !text.includes(";") && /\d,\d{3}(?!\d)/.test(text) ? " A comma separates values here: write 5000,10000, or 5,000; 10,000 with semicolons." : "";
      return { ok: false, problem: `Value ${i + 1} ("${t}"): ${read.error}${cut}` };
    }
    values.push({ text: t, value: read.value });
  }
  return { ok: true, values };
}

const lower = (s: string) => s.toLowerCase();

/**
 * Where a comparison goes, touching nothing there: the first free Compare sheet name (Compare, Compare 2,
 * …), and for each design that can be built the first free suffix whose sheets and defined names are
 * all free ("" → Inputs, " 3" → Inputs 3), as a load chooses its own.
 */
export function compareNames(existingSheets: readonly string[], existingNames: readonly string[], designs: readonly CompareDesign[]): { sheetName: string; suffixes: string[] } {
  const sheets = new Set(existingSheets.map(lower));
  const names = new Set(existingNames.map(lower));
  let k = 1;
  const compareName = (n: number) => (n === 1 ? "Compare" : `Compare ${n}`);
  while (sheets.has(lower(compareName(k)))) k++;
  const sheetName = compareName(k);
  sheets.add(lower(sheetName));
  const baseNames = referenceDesign().names.map((n) => n.name);
  const suffixes = designs.map((design) => {
    if ("problems" in design) return "";
    for (let copy = 1; copy <= 200; copy++) {
      const suffix = copy === 1 ? "" : ` ${copy}`;
      const sheetNames = Object.values(templateSheetNames(suffix));
      const definedNames = baseNames.map((n) => n + nameSuffix(suffix));
      if (sheetNames.some((s) => sheets.has(lower(s))) || definedNames.some((n) => names.has(lower(n)))) continue;
      sheetNames.forEach((s) => sheets.add(lower(s)));
      definedNames.forEach((n) => names.add(lower(n)));
      return suffix;
    }
    throw new DesignLoadError("This workbook already holds 200 copies of the design: delete some before comparing.");
  });
  return { sheetName, suffixes };
}

/** A design's input in the pane's words: its label where the form has it. */
const paneWord = (key: InputKey): string => ((DESIGN_FIELDS as readonly string[]).includes(key) ? fieldOf(key as DesignField).label : key);

/** What a deployment read found: the design's Inputs sheet, its files, and the sheets the workbook had. */
interface DeploymentRead {
  inputsSheet: string;
  files: DeploymentFiles;
  servers: number;
  databases: number;
  sheetNames: string[];
}

export function loadedMessage(report: WriteReport): string {
  const sheets = templateSheetNames(report.suffix);
  const where = `Loaded into sheets ${report.sheetNames.join(", ")}`;
  return report.suffix === ""
    ? `${where}. Change the yellow cells on ${sheets.inputs} and every output follows.`
    : `${where}; your existing sheets were left as they were. Change the yellow cells on ${sheets.inputs} and every output follows.`;
}

/** An error in words a user can act on: our own messages as they are, Excel's with what it means. */
export function plainError(error: unknown): string {
  if (error instanceof DesignLoadError) return error.message;
  const e = error as { code?: unknown; message?: unknown } | undefined;
  const message = typeof e?.message === "string" && e.message !== "" ? e.message : String(error);
  switch (e?.code) {
    case "ItemAlreadyExists":
      return `Excel refused to add a sheet or name because one of that name already exists (it may have been added while the pane was working). Nothing of yours was changed; try again. (${message})`;
    case "ItemNotFound":
      return `The design's sheets changed while the pane was reading them (was a sheet renamed or deleted?). Press Refresh results to look again. (${message})`;
    case "ApiNotFound":
      return `This version of Excel does not offer what the pane needs: ${message}`;
    case "InvalidArgument":
      return `Excel refused part of the design: ${message}`;
    case "AccessDenied":
    case "InsertDeleteConflict":
      return `Excel would not change the workbook right now (is a cell being edited, or the workbook protected?): ${message}`;
    default:
      return `Something went wrong: ${message}`;
  }
}

/** A design's model written into the workbook, then its Summary's answer read back: what loading shows. */
function writeAndReadSummary(model: Parameters<typeof writeDesign>[1]): Promise<{ report: WriteReport; results: HeadlineResults }> {
  return Excel.run(async (context) => {
    const report = await writeDesign(context, model);
    const summary = queueSummaryRead(context, report.suffix);
    await context.sync();
    return { report, results: summary.read() };
  });
}

/** The copy the user is looking at (the active sheet is one of its sheets), else the last one loaded. */
function chooseDesign(suffixes: readonly string[], activeSheet: string): string | undefined {
  const looking = suffixes.find((suffix) => Object.values(templateSheetNames(suffix)).includes(activeSheet));
  return looking ?? suffixes[suffixes.length - 1];
}

/** Where the design is: one sync, whatever the workbook's size (sheet and defined names, the active sheet, calculation mode). */
async function findDesign(context: Excel.RequestContext): Promise<{ suffix: string | undefined; sheetNames: string[]; definedNames: string[]; manual: boolean }> {
  const worksheets = context.workbook.worksheets.load("items/name");
  const names = context.workbook.names.load("items/name");
  const active = context.workbook.worksheets.getActiveWorksheet().load("name");
  const application = context.workbook.application.load("calculationMode");
  await context.sync();
  const sheetNames = worksheets.items.map((w) => w.name);
  const definedNames = names.items.map((n) => n.name);
  const suffixes = designSuffixes(sheetNames, definedNames);
  return { suffix: chooseDesign(suffixes, active.name), sheetNames, definedNames, manual: application.calculationMode === "Manual" };
}

/**
 * Find the design and read its DAG (two syncs), and build the deployment's files. With manual
 * calculation Excel calculates first, in the read's batch, so the database count follows the inputs.
 */
async function readDeployment(context: Excel.RequestContext, names: DeploymentNames): Promise<DeploymentRead> {
  const { suffix, sheetNames, definedNames, manual } = await findDesign(context);
  if (suffix === undefined) throw new DesignLoadError("This workbook has no design to export yet: load one above, then export.");
  if (manual) context.workbook.application.calculate("Full" as Excel.CalculationType);
  const dag = queueDagRead(context, suffix, definedNames);
  await context.sync();
  const inputsSheet = templateSheetNames(suffix).inputs;
  const values = dag.read();
  const read = dagDesignFromWorkbook(values);
  if (!read.ok) {
    throw new DesignLoadError(`The design on sheet ${inputsSheet} cannot be exported: ${read.problem}. Fix the yellow cells on ${inputsSheet} (or wait for Excel to calculate), then export again.`);
  }
  const lag = replayLagProblem(read.sized.inputs.lagDays ?? LAG_DEFAULTS.lagDays, read.design.laggedCopies ?? 0);
  if (lag !== undefined) {
    throw new DesignLoadError(`The design on sheet ${inputsSheet} cannot be exported: ${values.places.input("lagDays")}: ${lag}. Fix the yellow cells on ${inputsSheet}, then export again.`);
  }
  try {
    const files = deploymentFiles(read.design, names, settingsFor(read.sized));
    return { inputsSheet, files, servers: read.design.serversPerSite.reduce((a, b) => a + b, 0), databases: read.design.databases!, sheetNames };
  } catch (error) {
    if (error instanceof SizingError) throw new DesignLoadError(`The design on sheet ${inputsSheet} cannot be deployed: ${error.message}. Change its DAG inputs, then export again.`);
    throw error;
  }
}

/** A message of the engine's in the pane's words: the CLI's option names out ("give --exchange-version …"). */
const fitWords = (message: string): string => {
  const text = message.replace(/\s*[—;(]\s*(?:give|allow)[^.]*--[a-z-]+[^.]*\)?/g, "").trim();
  return /[.!?]$/.test(text) ? text.charAt(0).toUpperCase() + text.slice(1) : `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
};

/**
 * Each field read alone (no combined rule): the design's inputs, the reference design's where a field
 * is wrong or a text left empty, and each wrong field's message.
 */
function fieldInputs(form: DesignForm): { inputs: WorkbookInputs; errors: Partial<Record<DesignField, string>> } {
  const typed: Partial<Record<DesignField, number | string>> = {};
  const errors: Partial<Record<DesignField, string>> = {};
  for (const f of FORM_FIELDS) {
    const read = readField(f.key, form[f.key] ?? "");
    if (!read.ok) errors[f.key] = read.error;
    else if (!(f.kind === "text" && read.value === "")) typed[f.key] = read.value;
  }
  return { inputs: { ...REFERENCE_DESIGN_INPUTS, ...typed } as WorkbookInputs, errors };
}

/** A found design in words: its servers, copies, disk and what it needs in all. */
function fitText(inputs: WorkbookInputs, counts: { servers: number; disks: number; memoryGB: number; cores: number }): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const dags = inputs.environmentUsers !== "" && inputs.environmentUsers !== undefined && inputs.environmentUsers !== 0 ? Math.ceil(inputs.environmentUsers / inputs.users) : 1;
  const sites = inputs.serversSite2 === "" ? `${n(inputs.serversSite1)} servers` : `${n(inputs.serversSite1)} + ${n(inputs.serversSite2)} servers`;
  const lagged = (inputs.laggedCopies ?? 0) > 0 ? ` (${inputs.laggedCopies} lagged)` : "";
  return (
    `${dags > 1 ? `${n(dags)} DAGs of ` : ""}${sites}, ${inputs.copies} copies${lagged}, ${inputs.serverDisk}` +
    `${inputs.databasesPerVolume ? `, ${inputs.databasesPerVolume} ${inputs.databasesPerVolume === 1 ? "database" : "databases"} a volume` : ""}` +
    ` — in all ${n(counts.servers)} servers, ${n(counts.disks)} disks, ${n(counts.memoryGB)} GB memory, ${n(counts.cores)} cores`
  );
}

/** A design's inputs as the form's fields show them. */
function formOf(inputs: WorkbookInputs): DesignForm {
  return Object.fromEntries(
    DESIGN_FIELDS.map((key) => {
      const v = inputs[key];
      return [key, typeof v === "number" && fieldOf(key).kind === "number" ? formatTyped(v) : String(v ?? "")];
    }),
  ) as DesignForm;
}

export class PaneController {
  private busy = false;
  /** What the pane shows now, so that a failed load can mark it as the previous design's. */
  private shown: HeadlineResults | undefined;
  constructor(private readonly view: PaneView) {}

  /** Use a reference design: its form, every input of it a field. */
  usePreset(name: PresetName): DesignForm {
    return presetForm(name);
  }

  private showResults(results: HeadlineResults | undefined): void {
    this.shown = results;
    this.view.showResults(results);
  }

  /** After a failed load the results on show answer the design loaded before, not the form: say so. */
  private markResultsStale(): void {
    if (this.shown === undefined || this.shown.stale !== undefined) return;
    this.showResults({
      ...this.shown,
      stale: `These results are from the design on sheet ${this.shown.sheet}, loaded before: the last load failed, so they are not the answer for the inputs above.`,
    });
  }

  private async act<T>(action: Action, work: () => Promise<T>, done: (result: T) => string | undefined): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.view.setBusy(action);
    for (const a of ACTIONS) this.view.showStatus(a, "info", "");
    try {
      const result = await work();
      const text = done(result);
      if (text !== undefined) this.view.showStatus(action, "success", text);
      return true;
    } catch (error) {
      this.view.showStatus(action, "error", plainError(error));
      return false;
    } finally {
      this.busy = false;
      this.view.setBusy(undefined);
    }
  }

  /** Check the form and, when it holds, load the design and show what Excel computed. */
  async loadDesign(form: DesignForm): Promise<boolean> {
    if (this.busy) return false;
    const checked = readDesignForm(form);
    for (const field of DESIGN_FIELDS) this.view.showFieldError(field, checked.ok ? undefined : checked.fieldErrors[field]);
    if (!checked.ok) {
      const text = checked.formErrors.length > 0 ? checked.formErrors.join(" ") : "Some fields cannot size a design: see the messages beside them.";
      this.view.showStatus("load", "error", `${text} Nothing was written.`);
      this.markResultsStale();
      return false;
    }
    const loaded = await this.act(
      "load",
      () =>
        writeAndReadSummary((suffix) => referenceDesign({ inputs: checked.inputs, suffix })),
      ({ report, results }) => {
        this.view.setDesignPresent(true);
        this.showResults(results);
        return loadedMessage(report);
      },
    );
    if (!loaded) this.markResultsStale();
    return loaded;
  }


  /**
   * Open a calculator workbook: a filled Microsoft calculator (its bytes, as the file picker read them)
   * sized as `exsize import` sizes it, loaded into new sheets with a Calculator sheet that sets the
   * file's saved figures beside the design's. A file that is not a calculator it can read, or whose
   * inputs make no design, writes nothing.
   */
  async openCalculator(file: { name: string; bytes: Uint8Array }): Promise<boolean> {
    if (this.busy) return false;
    try {
      return await this.loadCalculator("open", file.name, importCalculator(openCalculatorFile(file.bytes)));
    } catch (e) {
      if (!(e instanceof CalculatorFileError)) throw e;
      return this.refuseCalculator("open", file.name, e.message);
    }
  }

  /** Read the open workbook: the same, when the workbook open in Excel is the filled calculator. */
  async readOpenCalculator(): Promise<boolean> {
    if (this.busy) return false;
    // Busy from the first read of the workbook, as every action is while Excel works (act), until the load takes over.
    this.busy = true;
    this.view.setBusy("read");
    let imported: ReturnType<typeof importCalculator>;
    try {
      imported = await Excel.run(async (context) => importCalculator(await openWorkbookCalculator(context)));
    } catch (e) {
      if (e instanceof CalculatorFileError) return this.refuseCalculator("read", "The open workbook", e.message);
      this.view.showStatus("read", "error", plainError(e));
      return false;
    } finally {
      this.busy = false;
      this.view.setBusy(undefined);
    }
    return this.loadCalculator("read", "the open workbook", imported);
  }

  private refuseCalculator(action: "open" | "read", name: string, text: string): false {
    for (const a of ACTIONS) this.view.showStatus(a, "info", "");
    this.view.showStatus(action, "error", `${name}: ${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.)]$/.test(text) ? "" : "."} Nothing was written.`);
    return false;
  }

  private async loadCalculator(action: "open" | "read", name: string, imported: ReturnType<typeof importCalculator>): Promise<boolean> {
    const sized = designOfCalculator(imported);
    if (!sized.ok) return this.refuseCalculator(action, name, sized.problems.join(" "));
    if (imported.cells.tiers) return this.refuseCalculator(action, name, "the file has mailboxes in tiers 2-4; the pane loads one mailbox profile (exsize import FILE --json sizes the tiers).");
    const design = sized.design;
    const figures = compareWithCalculator(imported, design);
    const source = { file: name, calculator: imported.version.title, version: imported.version.number, sizedFor: versionName(design.inputs.exchangeVersion) };
    return this.act(
      action,
      () =>
        writeAndReadSummary((suffix) => {
          const model = referenceDesign({ inputs: design.inputs, suffix });
          model.sheets.push(calculatorSheet(suffix, source, figures, imported.notTaken));
          return model;
        }),
      ({ report, results }) => {
        this.view.setDesignPresent(true);
        this.showResults(results);
        const compared = figures.filter((f) => f.agree !== null);
        const agree = compared.filter((f) => f.agree).length;
        const notes = imported.notes.map((n) => ` Note: ${n}.`).join("");
        return `${loadedMessage(report)} ${agree} of the file's ${compared.length} saved figures agree with the design; sheet ${calculatorSheetName(report.suffix)} sets them side by side, with why where they differ.${notes}`;
      },
    );
  }

  /**
   * Compare designs: the form's design with `vary.field` taking each value, a column each on a new
   * Compare sheet over each design's own new sheets (two syncs: find what exists, write). A design the
   * inputs refuse is a column that says why; a value its field refuses, or another field that cannot
   * size a design, writes nothing.
   */
  async compareDesigns(form: DesignForm, vary: VaryForm): Promise<boolean> {
    if (this.busy) return false;
    const fail = (text: string) => {
      this.view.showStatus("compare", "error", `${text} Nothing was written.`);
      return false;
    };
    if (!(VARY_FIELDS as readonly string[]).includes(vary.field)) return fail("Choose the input to vary.");
    const field = vary.field as DesignField;
    const values = variantValues(field, vary.values);
    if (!values.ok) return fail(values.problem);
    const designs: CompareDesign[] = [];
    for (const { text } of values.values) {
      const variant: DesignForm = { ...form, [field]: text };
      const checked = readDesignForm(variant);
      if (!checked.ok && checked.formErrors.length === 0) {
        // A field other than the varied one is wrong on its own: as a load, beside the fields.
        for (const f of DESIGN_FIELDS) this.view.showFieldError(f, f === field ? undefined : checked.fieldErrors[f]);
        return fail("Some fields cannot size a design: see the messages beside them.");
      }
      // Every field is right alone: the design's inputs.
      const { inputs } = fieldInputs(variant);
      // Refused together (the pane's own words, as a load says them), or by the engine: a column that says why.
      if (!checked.ok) designs.push({ inputs, problems: checked.formErrors });
      else {
        const row = compareDesign(inputs, undefined, paneWord);
        designs.push("problems" in row ? { inputs, problems: row.problems } : { inputs, method: row.method, design: row.design });
      }
    }
    for (const f of DESIGN_FIELDS) this.view.showFieldError(f, undefined);
    const sized = designs.filter((d) => !("problems" in d)).length;
    if (sized === 0) return fail(`None of the ${designs.length} designs can be built: ${designs.map((d, i) => `${i + 1}. ${(d as { problems: string[] }).problems.join(" ")}`).join(" ")}`);
    return this.act(
      "compare",
      () =>
        Excel.run((context) =>
          writeModel(context, (sheets, names) => {
            const { sheetName, suffixes } = compareNames(sheets, names, designs);
            return { suffix: sheetName, model: liveCompareModel(designs, { revised: isoToday(), suffixes, sheetName }) };
          }),
        ),
      (report) => {
        this.view.setDesignPresent(true);
        const sheetName = report.suffix;
        const inputsSheets = report.sheetNames.filter((s) => /^Inputs( \d+)?$/.test(s));
        const refused = designs.length - sized;
        return (
          `Compared ${designs.length} designs on the new sheet ${sheetName}, a column each: formulas over each design's own new sheets (${inputsSheets.join(", ")}). ` +
          `Change a design's yellow cells there and its column follows; the last column marks what differs from design 1.` +
          (refused > 0 ? ` ${refused} cannot be built: ${refused === 1 ? "its column says" : "their columns say"} why.` : "") +
          " Your other sheets were not changed."
        );
      },
    );
  }

  /**
   * Find a design: the form's mailboxes, version and servers as the profile, searched over
   * servers a site (one site, or two when the form has a second), copies, the server disk and databases
   * a volume, as `exsize fit` searches them; the designs no other beats on servers, disks, memory and
   * cores are offered, each to fill the form with. Nothing is written to the workbook.
   */
  async findDesigns(form: DesignForm, limit = 5): Promise<boolean> {
    if (this.busy) return false;
    this.view.offerFits(undefined);
    const fail = (text: string) => {
      this.view.showStatus("fit", "error", text);
      return false;
    };
    const { inputs: base, errors } = fieldInputs(form);
    for (const f of FORM_FIELDS) this.view.showFieldError(f.key, errors[f.key]);
    if (Object.keys(errors).length > 0) return fail("Some fields cannot size a design: see the messages beside them.");
    const several = base.environmentUsers !== "" && base.environmentUsers !== undefined && base.environmentUsers !== 0;
    const pinned = new Set<SearchedInput>(several ? ["users", "environmentUsers"] : []);
    let profile;
    try {
      profile = fitProfile(base, pinned, { sites: base.serversSite2 === "" ? 1 : 2, ...((base.laggedCopies ?? 0) > 0 ? { laggedCopy: true } : {}) });
    } catch (e) {
      if (!(e instanceof FitError)) throw e;
      return fail(`${fitWords(e.message)} Choose Exchange 2013 or later, and the method auto or Microsoft's.`);
    }
    return this.act(
      "fit",
      async () => {
        // A step at a time, the pane answering between steps (about 100,000 candidates; well under a second each 2,000).
        const steps = fitSteps(profile, fitCheck, { every: 2000 });
        for (;;) {
          const step = steps.next();
          if (step.done) return step.value;
          await new Promise((resolve) => setTimeout(resolve, 0));
        }
      },
      (result: FitResult) => {
        if (result.front.length === 0) {
          const why = result.blockers.map((b) => fitWords(b.example)).slice(0, 2).join(" ");
          throw new Error(`No design of the ${result.candidates.toLocaleString("en-US")} searched carries these mailboxes${why ? `: ${why}` : "."}`);
        }
        const shown = result.front.slice(0, limit);
        this.view.offerFits(shown.map((d) => ({ text: fitText(d.inputs, d.counts), form: formOf(d.inputs) })));
        return (
          `${result.front.length} of the ${result.candidates.toLocaleString("en-US")} designs searched need no more servers, disks, memory and cores than any other` +
          `${shown.length < result.front.length ? `; the ${shown.length} with the fewest servers are below` : ", below"}, fewest servers first. Use one to fill the form, then load it.`
        );
      },
    );
  }

  /**
   * Read the answers of the design in the workbook again. `quiet` (when the pane opens): no message
   * when there is no design, only the buttons follow.
   */
  refreshResults(quiet = false): Promise<boolean> {
    return this.act(
      "refresh",
      () =>
        Excel.run(async (context) => {
          const { suffix } = await findDesign(context);
          if (suffix === undefined) return undefined;
          const summary = queueSummaryRead(context, suffix);
          await context.sync();
          return summary.read();
        }),
      (results) => {
        this.view.setDesignPresent(results !== undefined);
        this.showResults(results);
        if (results === undefined) return quiet ? undefined : "This workbook has no design yet: load one above.";
        return quiet ? undefined : results.state === "ok" ? `Read from sheet ${results.sheet}.` : undefined;
      },
    );
  }

  prepareCustomerCopy(): Promise<boolean> {
    return this.act(
      "copy",
      () => openCustomerCopy(),
      (report) =>
        [
          `A customer copy opened in a new window: save it and send it. Your live design is unchanged. (Stamped from the inputs on ${report.inputsSheet}; EXSIZE formulas became Excel's own.)`,
          // What else the copy did: cells of the user's own frozen to their values, rules removed (describeCustomerCopy).
          ...report.lines.filter((line) => !/became Excel formulas/.test(line)),
        ].join(" "),
    );
  }

  /**
   * Build the deployment from the design in the workbook (two syncs: find it, read its DAG) and offer
   * the four files as downloads.
   */
  exportDeployment(form: Partial<DeploymentNameForm> = {}): Promise<boolean> {
    const named = deploymentNamesOf(form);
    if (!named.ok) {
      if (!this.busy) this.view.showStatus("export", "error", named.problem);
      return Promise.resolve(false);
    }
    return this.act(
      "export",
      () => {
        this.view.offerDownloads(undefined);
        return Excel.run((context) => readDeployment(context, named.names));
      },
      (read) => {
        this.view.offerDownloads(downloadsOf(read.files));
        return `Four files from the design on ${read.inputsSheet} (${read.servers} servers, ${read.databases.toLocaleString("en-US")} databases): download each below. If Excel saves nothing, use Put the deployment on sheets.`;
      },
    );
  }

  /**
   * The same files on new sheets, one a file (three syncs: find the design, read its DAG, write), for
   * an Excel that blocks downloads. Existing sheets are never touched.
   */
  putDeploymentOnSheets(form: Partial<DeploymentNameForm> = {}): Promise<boolean> {
    const named = deploymentNamesOf(form);
    if (!named.ok) {
      if (!this.busy) this.view.showStatus("sheets", "error", named.problem);
      return Promise.resolve(false);
    }
    return this.act(
      "sheets",
      () =>
        Excel.run(async (context) => {
          const read = await readDeployment(context, named.names);
          const report = queueDeploymentSheets(context, read.files, read.sheetNames);
          await context.sync();
          return report;
        }),
      (report) => {
        const sheets = Object.values(report.sheets);
        const how = report.notes ? " (select A1 of each to read its note)" : "";
        return (
          `Written to new sheets ${sheets.join(", ")}; your other sheets were not changed. Save each of the first three as CSV under the file name it names${how}: ` +
          `File > Save a Copy > CSV (Comma delimited). Copy column A of ${report.sheets["Deploy-Dag.ps1"]} into Deploy-Dag.ps1.`
        );
      },
    );
  }
}
