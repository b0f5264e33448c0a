/**
 * The Inputs sheet's values as a design: each input checked by the rule of its cell, the
 * design as a whole by the combined rules (design-check.ts), then sized once by the engine
 * (sizeDesign). One path for every edge that reads inputs: `exsize design`'s options (typed text),
 * `exsize export --from FILE.xlsx` (a workbook edited in Excel, read with exceljs) and the pane's
 * "Export the deployment" (the cells as Office.js gives them), so all three size the same design
 * from the same inputs. Pure: no file system, no DOM.
 */
import { INPUT_DEFAULTS, input } from "../engine/catalogue";
import { serverDiskOf, sizeDesign, type Design, type DesignTables } from "../engine/design";
import { SizingError } from "../engine/errors";
import { DISK_CLASS_IOPS, FACTOR_DEFAULTS, type FactorName, type Factors } from "../engine/tables";
import { FACTOR_PARAMETERS, pointedThousands, readDiskClasses } from "../functions/arguments";
import { JBOD_CATALOGUE, type JbodDisk } from "../engine/microsoft/disks";
import { nearest } from "../functions/suggest";
import { isPercentText, readTypedNumber } from "../functions/typed-number";
import { designProblems, type DesignProblem } from "./design-check";
import type { InputRule } from "./model";
import { SERVER_DISK_RULES } from "./sheets/hardware";
import { TIER_COUNT, TIER_NAMES, TIER_RULES, type TierColumn } from "./sheets/tiers";
import { DESIGN_INPUT_ROWS, FACTOR_INPUT_ROWS, INPUT_CELLS, INPUT_NAMES, REFERENCE_DESIGN_INPUTS, type WorkbookInputs } from "./template";

export type InputKey = keyof WorkbookInputs;
export type InputValue = Exclude<WorkbookInputs[InputKey], undefined>;

/** An input of the Inputs sheet: its key, defined name, label, cell and rule. */
export interface InputRow {
  key: InputKey;
  /** Its defined name, before any suffix: "Users". */
  name: string;
  /** The row's label on the Inputs sheet: "Mailbox quota". */
  label: string;
  /** Its cell on the Inputs sheet: "B6". */
  cell: string;
  rule: InputRule;
  /** The reference design's value (000_72e1ddb9bbd1ecac.txt, 3.4.2); "" for the document's text. */
  defaultValue: InputValue;
}

/** Every input, in the sheet's order. */
export const INPUT_ROWS: readonly InputRow[] = DESIGN_INPUT_ROWS.map((row) => ({
  key: row.key,
  name: INPUT_NAMES[row.key],
  label: row.label,
  cell: INPUT_CELLS[row.key],
  rule: row.rule,
  defaultValue: INPUT_DEFAULTS[row.key],
}));

const ROWS = new Map(INPUT_ROWS.map((row) => [row.key, row]));
export function inputRow(key: InputKey): InputRow {
  const row = ROWS.get(key);
  if (!row) throw new Error(`no input ${key}`);
  return row;
}

/** A value, or why it is refused: the rule's own message and what was given, without where it came from. */
export type Checked<T> = { value: T } | { problem: string };

const choiceKey = (s: string) => s.toLowerCase().replace(/\s+/g, "");

/** A number against a number rule: its bounds, and whole where the rule says so. */
function withinRule(rule: InputRule & { kind: "whole" | "decimal" }, value: number): boolean {
  const low = rule.aboveMin ? value <= rule.min : value < rule.min;
  return Number.isFinite(value) && !low && value <= rule.max && (rule.kind !== "whole" || Number.isInteger(value));
}

/**
 * A choice, as typed: case and spaces aside ("raid10" is RAID10). The suggestion only where the
 * text is plainly the same choice (punctuation aside) or a long name mistyped: RAID5 is another
 * level, not a typo of RAID50.
 */
function readChoice(row: InputRow, values: readonly string[], text: string): Checked<InputValue> {
  const choice = values.find((v) => choiceKey(v) === choiceKey(text));
  // A numeric choice (2016) is held as a number; a text choice of the same list (the version SE) as its text.
  if (choice !== undefined) return { value: typeof row.defaultValue === "number" && /^\d+$/.test(choice) ? Number(choice) : choice };
  const alike = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, "");
  const same = values.find((v) => alike(v) === alike(text)) ?? (text.length >= 8 ? nearest(text, values) : undefined);
  return { problem: `${row.rule.error}; got ${JSON.stringify(text)}${same !== undefined ? ` (did you mean ${same}?)` : ""}` };
}

/**
 * One input as a person typed it (an option of `exsize design`, a cell holding text), checked by its
 * cell's rule: the value as the cell holds it, or the rule's message. Numbers are read by the
 * functions' own rule (parseNumberText: 5,000; 2048.5; 60%), choices ignore case and spaces; an
 * empty text is an empty cell.
 */
export function inputFromText(key: InputKey, text: string): Checked<InputValue> {
  const row = inputRow(key);
  const rule = row.rule;
  if (text.trim() === "") return rule.allowBlank ? { value: "" } : { problem: `${rule.error}; got ${JSON.stringify(text)}` };
  if (key === "serverDisk") return readServerDisk(text);
  if (rule.kind === "list") return readChoice(row, rule.values, text);
  if (rule.kind === "text") return readText(rule, text);
  const read = readTypedNumber(text, { share: input(key).unit === "%" });
  if ("problem" in read) return isPercentText(text) ? { problem: `${rule.error}; got ${JSON.stringify(text)}, a percent, which only a share takes` } : read;
  const value = read.value;
  const pointed = rule.kind === "whole" ? pointedThousands(text) : undefined;
  if (pointed !== undefined) return { problem: `${rule.error}; got ${JSON.stringify(text)} — a point before three digits is ambiguous: ${pointed}` };
  return withinRule(rule, value) ? { value } : { problem: `${rule.error}; got ${JSON.stringify(text)}` };
}

/**
 * A server disk as typed: a catalogue name (case, runs of spaces and the inch mark aside: `8tb 7.2K  NL-SAS 3.5`)
 * or "SIZE GB TYPE" of Microsoft's calculator's table, held by its catalogue
 * name (src/engine/microsoft/disks.ts jbodDisk). The template lists a disk beyond the catalogue
 * among the Hardware sheet's own server disks, so the cell's drop-down holds it.
 */
function readServerDisk(text: string, own: readonly JbodDisk[] = []): Checked<InputValue> {
  try {
    return { value: serverDiskOf({ serverDisk: text }, { ownServerDisks: own }).name };
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return { problem: e.message };
  }
}

/**
 * A server disk as its cell holds it: a name of the Hardware sheet's table (the catalogue's and the
 * workbook's own), matched as the Design check matches it (COUNTIF: case aside, every space counting).
 */
function serverDiskFromCell(text: string, own: readonly JbodDisk[]): Checked<InputValue> {
  const names = [...JBOD_CATALOGUE, ...own].map((d) => d.name);
  const name = names.find((n) => n.toLowerCase() === text.toLowerCase());
  if (name !== undefined) return readServerDisk(name, own);
  const read = readServerDisk(text, own);
  if ("problem" in read) return read;
  return { problem: `${inputRow("serverDisk").rule.error}; got ${JSON.stringify(text)} (did you mean ${read.value}? the workbook reads only a name of the Hardware sheet's server disks, as written there)` };
}

/**
 * Text against a text rule (the design's title, whom it is for and by): trimmed, one line without
 * control characters, at most the rule's length, not opening with = + - @, which a spreadsheet
 * would read as a formula. The same test as the cell's data validation (src/workbook/styles.ts).
 *
 * @example readText(rule, "  Contoso mail 2027 ") // { value: "Contoso mail 2027" }
 * @example readText(rule, "=HYPERLINK(…)")      // { problem: "… not starting with = + - or @; got \"=HYPERLINK(…)\"" }
 */
export function readText(rule: InputRule & { kind: "text" }, text: string): Checked<string> {
  const value = text.trim();
  // eslint-disable-next-line no-control-regex
  const fits = value.length <= rule.maxLength && !/[\u0000-\u001f\u007f]/.test(value) && !/^[=+\-@]/.test(value);
  return fits ? { value } : { problem: `${rule.error}; got ${JSON.stringify(text.length > 80 ? text.slice(0, 77) + "..." : text)}` };
}

/** A cell's value as Excel or exceljs gives it: a number, text, TRUE/FALSE, empty, or an error such as #N/A. */
export type CellInput = number | string | boolean | null | undefined | { error: string };

/** An Excel error as Office.js gives a cell's value: its text (#N/A), and the pending ones (#BUSY!, #GETTING_DATA). */
export const isExcelErrorText = (text: string): boolean => /^#(NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|SPILL!|CALC!|BUSY!|GETTING_DATA)$/.test(text);

/** A cell's value in a message: 5000, "RAID5", TRUE, an empty cell, #N/A. */
function shownCell(value: CellInput): string {
  if (value === null || value === undefined || value === "") return "an empty cell";
  if (typeof value === "object") return value.error;
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return JSON.stringify(value);
}

/**
 * Text in an input's cell, read as the workbook's own formulas read it (design-check.ts
 * inputRuleFormula), so a deployment is the design the workbook shows: a number must be held as a
 * number (text "7600" is no number to ISNUMBER, and the sheets' comparisons order text above every
 * number), and a choice matches by Excel's "=" — case aside, but every space counts (" no" is no
 * choice). Anything else is refused, naming the choices.
 */
function inputFromCellText(row: InputRow, text: string): Checked<InputValue> {
  const rule = row.rule;
  if (text === "") return rule.allowBlank ? { value: "" } : { problem: `${rule.error}; got an empty cell` };
  // Office.js gives a cell's error as its text.
  if (isExcelErrorText(text)) return { problem: `${rule.error}; got ${text}` };
  if (rule.kind !== "list" && rule.kind !== "text") {
    return { problem: `${rule.error}; got the text ${JSON.stringify(text)}, which the workbook's formulas do not read as a number: type the number itself` };
  }
  if (rule.kind === "text") return readText(rule, text);
  const choice = rule.values.find((v) => v.toLowerCase() === text.toLowerCase());
  // A numeric choice (the version 2016) held as text is no number to the sheets' comparisons (2010's method).
  const numeric = typeof row.defaultValue === "number" && choice !== undefined && /^\d+$/.test(choice);
  if (choice !== undefined && !numeric) return { value: choice };
  const spaced = choice === undefined && rule.values.some((v) => choiceKey(v) === choiceKey(text));
  const why = numeric ? ", text where the workbook reads a number: type the number itself" : spaced ? ", which the workbook does not read as a choice: its spaces count" : "";
  return { problem: `${rule.error}; got ${JSON.stringify(text)}${why}` };
}

/**
 * One input as its cell holds it, checked by the same rule as the option: a number against the
 * bounds (or, for a numeric choice such as the Exchange version, the choices), text as the
 * workbook's formulas read it (inputFromCellText).
 */
export function inputFromCell(key: InputKey, value: CellInput): Checked<InputValue> {
  const row = inputRow(key);
  const rule = row.rule;
  if (typeof value === "string") return inputFromCellText(row, value);
  const refuse = (): Checked<InputValue> => ({ problem: `${rule.error}; got ${shownCell(value)}` });
  if (value === null || value === undefined) return rule.allowBlank ? { value: "" } : refuse();
  if (typeof value !== "number") return refuse();
  if (rule.kind === "list") return Number.isFinite(value) ? readChoice(row, rule.values, String(value)) : refuse();
  // A title typed as a number (2027) is held as one: it is its text.
  if (rule.kind === "text") return Number.isFinite(value) ? readText(rule, String(value)) : refuse();
  return withinRule(rule, value) ? { value } : refuse();
}

/** A factor's cell (the Inputs sheet's factors table), checked by its rule. */
export function factorFromCell(name: FactorName, value: CellInput): Checked<number> {
  const rule = FACTOR_INPUT_ROWS.find((f) => f.name === name)!.rule as InputRule & { kind: "whole" | "decimal" };
  // The functions read a factor's text as Excel coerces it (the add-in's cells); a percent only for a share of the quota.
  const read = typeof value === "string" ? readTypedNumber(value, { share: FACTOR_PARAMETERS[name].what.startsWith("a share") }) : undefined;
  const number = read === undefined ? value : "value" in read ? read.value : undefined;
  if (typeof number === "number" && withinRule(rule, number)) return { value: number };
  return { problem: `${rule.error}; got ${shownCell(value)}${read !== undefined && "problem" in read && typeof value === "string" && isPercentText(value) ? ", a percent, which only a share takes" : ""}` };
}

/** A combined rule's message, with where each of its inputs is set (options, or cells). */
function problemText(problem: DesignProblem, where: (key: InputKey) => string): string {
  const keys = problem.inputs.map((name) => {
    const lower = name.toLowerCase();
    return INPUT_ROWS.find((r) => [r.name, r.key, r.label].some((n) => n.toLowerCase() === lower));
  });
  const places = keys.map((row, i) => (row ? where(row.key) : problem.inputs[i]));
  return `${problem.message}${places.length > 0 ? ` (${places.join(", ")})` : ""}`;
}

/** A design, or why not: `refusedBy` "rule" when a value breaks its own cell's rule, "design" when the inputs together make no design. */
export type Sized = { ok: true; design: Design } | { ok: false; problems: string[]; refusedBy: "rule" | "design" };

/**
 * The design of checked inputs: refused by the combined rules (each message naming where its inputs
 * are set: `where` gives an option's name or a cell), or by the engine (SizingError), or sized.
 */
export function designOf(inputs: WorkbookInputs, where: (key: InputKey) => string, tables: DesignTables = {}): Sized {
  const factors: Factors = { ...FACTOR_DEFAULTS, ...tables.factors };
  const problems = designProblems(inputs, factors, tables);
  if (problems.length > 0) return { ok: false, refusedBy: "design", problems: problems.map((p) => problemText(p, where)) };
  try {
    return { ok: true, design: sizeDesign(inputs, tables) };
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return { ok: false, refusedBy: "design", problems: [e.message] };
  }
}

/** A range's values as Excel, Office.js or exceljs give them: rows of cells. */
export type CellRows = ReadonlyArray<readonly CellInput[]>;

/**
 * What a workbook holds beyond the inputs' cells, by the defined names the template gives them:
 * the factors table (Factors: name | value), the mailbox tiers (TierMailboxes, TierMessages,
 * TierMessageKB, TierQuotaMB: four cells each) and the Hardware sheet's disk classes (DiskClasses:
 * name | IOPS). Each is optional: a workbook without one sizes with the defaults.
 */
export interface InputCells {
  /** Each input's cell; an input the workbook has no cell for (written before it existed) takes the reference design's value. */
  inputs: Partial<Record<InputKey, CellInput>>;
  factors?: CellRows;
  tiers?: Partial<Record<TierColumn, readonly CellInput[]>>;
  diskClasses?: CellRows;
  /** The Hardware sheet's server disks (ServerDisks: name | raw GB | random IOPS); the user's rows follow the catalogue's. */
  serverDisks?: CellRows;
}

/** Where a value sits, for messages: an input's cell, or a named range's row. */
export interface Places {
  input(key: InputKey): string;
  /** "Factors", "TierMailboxes", "DiskClasses" and the row (1-based) within it. */
  range(name: string, row: number): string;
}

const plain = (value: CellInput): unknown => (value !== null && typeof value === "object" ? value.error : value);

/**
 * The tiers as the Methods sheet reads them (src/workbook/sheets/tiers.ts tierValueFormula): a
 * tier's mailboxes, 0 or empty for none (tier 1: the design's Users); a counted tier's empty
 * profile cell takes the design's value. Only tiers with mailboxes are sized.
 */
function tiersOf(cells: NonNullable<InputCells["tiers"]>, inputs: WorkbookInputs, places: Places, problems: string[]): DesignTables["tiers"] {
  const tiers: Array<{ mailboxes: number; messagesPerDay: number; messageKB: number; quotaMB: number }> = [];
  for (let k = 0; k < TIER_COUNT; k++) {
    const read = (column: TierColumn, fallback: number): number => {
      const value = cells[column]?.[k];
      if (value === null || value === undefined || value === "" || value === 0) return fallback;
      const rule = TIER_RULES[column] as InputRule & { kind: "whole" | "decimal" };
      // Text is no number to the Methods sheet's tier formulas (tierValueFormula shows #N/A for it).
      const pointed = rule.kind === "whole" ? pointedThousands(value) : undefined;
      if (typeof value === "number" && withinRule(rule, value)) return value;
      const text = typeof value === "string" ? (pointed !== undefined ? ` — a point before three digits is ambiguous: ${pointed}` : ", text, which the workbook's formulas do not read as a number: type the number itself") : "";
      problems.push(`${places.range(TIER_NAMES[column], k + 1)}: ${rule.error}; got ${shownCell(value)}${text}`);
      return fallback;
    };
    const mailboxes = read("mailboxes", k === 0 ? inputs.users : 0);
    if (mailboxes === 0) continue;
    tiers.push({ mailboxes, messagesPerDay: read("messagesPerDay", inputs.messagesPerDay), messageKB: read("messageKB", inputs.messageKB), quotaMB: read("quotaMB", inputs.quotaMB) });
  }
  return tiers;
}

/**
 * The server disks a workbook adds (rows of ServerDisks not in the catalogue, with a name): each a raw
 * GB and random IOPS above 0, as the Hardware sheet's cells' rules say.
 */
function ownServerDisks(rows: CellRows, places: Places, problems: string[]): JbodDisk[] {
  const own: JbodDisk[] = [];
  rows.forEach((row, i) => {
    const name = typeof row[0] === "string" ? row[0].trim() : typeof row[0] === "number" ? String(row[0]) : "";
    if (name === "" || JBOD_CATALOGUE.some((d) => d.name === name)) return;
    const [rawGB, iops] = [row[1], row[2]].map((v) => (typeof v === "string" ? ((r) => ("value" in r ? r.value : undefined))(readTypedNumber(v)) : v));
    const within = (rule: InputRule, v: unknown): v is number => typeof v === "number" && withinRule(rule as InputRule & { kind: "decimal" }, v);
    if (!within(SERVER_DISK_RULES.rawGB, rawGB) || !within(SERVER_DISK_RULES.iops, iops)) {
      problems.push(`${places.range("ServerDisks", i + 1)} (${name}): a server disk needs its raw GB and random IOPS, each a number above 0 and at most 1,000,000; got ${shownCell(row[1] as CellInput)} and ${shownCell(row[2] as CellInput)}`);
      return;
    }
    own.push({ name, rawGB, type: "your own", iops, source: "the Hardware sheet's own server disks" });
  });
  return own;
}

/**
 * The inputs every design workbook has had since its DAG's servers were inputs: a workbook without
 * one of their names is refused. Inputs added later (LaggedCopies, ServerDisk, DatabasesPerVolume, …)
 * take the reference design's value in a workbook written before they existed.
 */
const CORE_INPUTS: readonly InputKey[] = [
  "users", "quotaMB", "messagesPerDay", "messageKB", "copies", "maxDatabaseGB", "exchangeVersion", "arrayRaid", "arrayModel",
  "spindleRaid", "spindleDisk", "readRatio", "serversSite1", "serversSite2", "dagLayout",
];

/**
 * A workbook's design: each input checked by its rule as `exsize design` checks its options, the
 * factors, tiers and disk classes as the workbook's formulas read them, then the design they make —
 * what `exsize export --from` and the pane export.
 */
export function designFromCells(cells: InputCells, places: Places): Sized {
  const problems: string[] = [];
  // A core input's name deleted is refused, not read as the reference design's value.
  for (const key of CORE_INPUTS) {
    if (key in cells.inputs) continue;
    const row = inputRow(key);
    problems.push(`the workbook has no defined name ${row.name} (${row.label}), which every design workbook has: restore it on the Inputs sheet's cell (Formulas > Name Manager), or write the design again`);
  }
  const inputs: Record<string, unknown> = { ...REFERENCE_DESIGN_INPUTS };
  const tables: DesignTables = {};

  // The Hardware sheet's disk classes (name | IOPS) extend the built-in ones, as the spindle formula reads them.
  let ownClasses: ReadonlyMap<string, number> | undefined;
  if (cells.diskClasses) {
    try {
      ownClasses = readDiskClasses(cells.diskClasses.map((row) => row.map(plain)), "DiskClasses");
    } catch (e) {
      if (!(e instanceof SizingError)) throw e;
      problems.push(`${places.range("DiskClasses", 1)}: ${e.message}`);
    }
  }

  if (ownClasses !== undefined && ownClasses.size > 0) tables.diskClasses = { ...DISK_CLASS_IOPS, ...Object.fromEntries(ownClasses) };

  // The Hardware sheet's own server disks: a named row with its raw GB and IOPS (the catalogue's rows are the engine's own).
  const ownDisks = ownServerDisks(cells.serverDisks ?? [], places, problems);
  if (ownDisks.length > 0) tables.ownServerDisks = ownDisks;

  for (const row of INPUT_ROWS) {
    if (!(row.key in cells.inputs)) continue;
    const value = cells.inputs[row.key];
    const checked = row.key === "serverDisk" && typeof value === "string" && value !== "" ? serverDiskFromCell(value, ownDisks) : inputFromCell(row.key, value);
    const diskKey = typeof value === "string" ? value.trim().toUpperCase().replace(/RPM$/, "").replace(/\s/g, "") : "";
    if (row.key === "spindleDisk" && ownClasses?.has(diskKey)) inputs[row.key] = diskKey;
    else if ("problem" in checked) problems.push(`${places.input(row.key)}: ${checked.problem}`);
    else inputs[row.key] = checked.value;
  }

  const factors: Partial<Factors> = {};
  (cells.factors ?? []).forEach((row, i) => {
    const name = typeof row[0] === "string" ? (row[0].trim() as FactorName) : undefined;
    if (name === undefined || !(name in FACTOR_DEFAULTS)) return;
    const checked = factorFromCell(name, row[1]);
    if ("problem" in checked) problems.push(`${places.range("Factors", i + 1)} (${name}): ${checked.problem}`);
    else if (checked.value !== FACTOR_DEFAULTS[name]) factors[name] = checked.value;
  });
  if (Object.keys(factors).length > 0) tables.factors = factors;

  if (cells.tiers) {
    const tiers = tiersOf(cells.tiers, inputs as unknown as WorkbookInputs, places, problems);
    if (tiers && tiers.length > 0) tables.tiers = tiers;
  }
  if (problems.length > 0) return { ok: false, refusedBy: "rule", problems };
  return designOf(inputs as unknown as WorkbookInputs, places.input, tables);
}
