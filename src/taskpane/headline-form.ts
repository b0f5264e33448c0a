/**
 * The "Load a design" form: every input of the Inputs sheet a person sets per design, as the pane
 * labels it, checked by the worksheet functions' own rules (INPUT_PARAMETERS through readNumber and
 * describeRange), so the pane accepts and refuses exactly what a cell would, in words that name the
 * field as the pane shows it. Choices (version, RAID levels, model, disk, layout) are the Inputs
 * sheet's own lists. Pure: no DOM, no Office.js.
 */
import { DISK_CLASS_IOPS, EQUALLOGIC_CATALOGUE, EXCHANGE_VERSIONS, RAID_LEVELS, SizingError, arrayModelName } from "../engine";
import { describeRange, readNumber, type NumberParameter } from "../functions/arguments";
import { EX_DBSIZE, EX_FAILOVER, EX_IOPS, EX_LOGVOL } from "../functions";
import { INPUT_PARAMETERS } from "../functions/worksheet";
import { designProblems } from "../workbook/design-check";
import { INPUT_NAMES, REFERENCE_DESIGN_INPUTS, type DesignInputs } from "../workbook/template";

// ---------------------------------------------------------------------------------------------
// Numbers as a person types them

export type TypedNumber = { ok: true; value: number } | { ok: false; problem: "empty" | "decimal comma" | "not a number" };

/**
 * A number as a person means it: "5,000" and "1,234.5" are thousands; "75,5" is refused (a comma that
 * is not a thousands separator in groups of three is a decimal comma, which a cell would not read).
 * The one place this rule lives in the pane: point it at the shared parseNumberText of
 * src/functions/arguments.ts once that lands.
 *
 * @example parseTypedNumber("5,000") // { ok: true, value: 5000 }
 * @example parseTypedNumber("75,5")  // { ok: false, problem: "decimal comma" }
 */
export function parseTypedNumber(text: string): TypedNumber {
  const t = text.trim();
  if (t === "") return { ok: false, problem: "empty" };
  const number = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
  if (!t.includes(",")) return number.test(t) ? { ok: true, value: Number(t) } : { ok: false, problem: "not a number" };
  // Thousands: 1 to 3 digits, then groups of exactly three, then an optional decimal part.
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/.test(t)) return { ok: true, value: Number(t.replace(/,/g, "")) };
  return /^[+-]?[\d.,]+$/.test(t) ? { ok: false, problem: "decimal comma" } : { ok: false, problem: "not a number" };
}

/** A number in the pane's fields: thousands separated, as the form shows the reference design. */
export const formatTyped = (n: number): string => n.toLocaleString("en-US", { maximumFractionDigits: 6 });

// ---------------------------------------------------------------------------------------------
// The fields

export type DesignField = Exclude<keyof DesignInputs, "readRatio">;
export type FieldGroup = "mailboxes" | "dag" | "storage";

export const GROUP_TITLES: Readonly<Record<FieldGroup, string>> = {
  mailboxes: "Mailboxes",
  dag: "Database availability group",
  storage: "Storage",
};

interface FieldBase {
  key: DesignField;
  group: FieldGroup;
  /** As the pane labels it; messages name the field by this. */
  label: string;
}
export interface NumberField extends FieldBase {
  kind: "number";
  parameter: NumberParameter;
  unit?: string;
  /** May be left empty (servers in a second site: empty for one site). */
  optional?: { hint: string };
}
export interface ChoiceField extends FieldBase {
  kind: "choice";
  /** value as the Inputs sheet holds it, text as the pane shows it */
  choices: ReadonlyArray<{ value: string; text: string }>;
}
export type FormField = NumberField | ChoiceField;

const P = INPUT_PARAMETERS;
const same = (values: readonly (string | number)[]) => values.map((v) => ({ value: String(v), text: String(v) }));
const raidText = (level: string) => level.replace(/^RAID/, "RAID ");
const ARRAY_RAIDS = [...new Set(EQUALLOGIC_CATALOGUE.map((m) => m.raid))];
const ARRAY_MODELS = [...new Set(EQUALLOGIC_CATALOGUE.map(arrayModelName))];

/** The form's fields, in the pane's order (and so the keyboard's). */
export const FORM_FIELDS: readonly FormField[] = [
  { key: "users", group: "mailboxes", label: "Users", kind: "number", parameter: P.users },
  { key: "quotaMB", group: "mailboxes", label: "Mailbox quota", kind: "number", parameter: P.quotaMB, unit: "MB" },
  { key: "messagesPerDay", group: "mailboxes", label: "Messages per day", kind: "number", parameter: P.messagesPerDay, unit: "per user" },
  { key: "messageKB", group: "mailboxes", label: "Average message size", kind: "number", parameter: P.messageKB, unit: "KB" },
  { key: "exchangeVersion", group: "dag", label: "Exchange version", kind: "choice", choices: same(EXCHANGE_VERSIONS) },
  { key: "copies", group: "dag", label: "Database copies", kind: "number", parameter: P.copies },
  { key: "serversSite1", group: "dag", label: "Servers in site 1", kind: "number", parameter: P.servers },
  { key: "serversSite2", group: "dag", label: "Servers in site 2", kind: "number", parameter: P.servers, optional: { hint: "Empty for a DAG in one site" } },
  { key: "maxDatabaseGB", group: "dag", label: "Maximum database size", kind: "number", parameter: P.maxDatabaseGB, unit: "GB" },
  {
    key: "dagLayout", group: "dag", label: "DAG layout", kind: "choice",
    choices: [
      { value: "active/active", text: "Active/active" },
      { value: "active/passive", text: "Active/passive" },
    ],
  },
  { key: "arrayRaid", group: "storage", label: "Array RAID level", kind: "choice", choices: ARRAY_RAIDS.map((r) => ({ value: r, text: raidText(r) })) },
  { key: "spindleRaid", group: "storage", label: "Spindle RAID level", kind: "choice", choices: RAID_LEVELS.map((r) => ({ value: r, text: raidText(r) })) },
  { key: "arrayModel", group: "storage", label: "Array model", kind: "choice", choices: [{ value: "auto", text: "Auto: the fewest arrays" }, ...same(ARRAY_MODELS)] },
  {
    key: "spindleDisk", group: "storage", label: "Spindle disk class", kind: "choice",
    choices: (Object.keys(DISK_CLASS_IOPS) as (keyof typeof DISK_CLASS_IOPS)[]).map((d) => ({ value: d, text: `${d} rpm (${DISK_CLASS_IOPS[d]} IOPS a disk)` })),
  },
];

export const DESIGN_FIELDS: readonly DesignField[] = FORM_FIELDS.map((f) => f.key);
const FIELD_BY_KEY = new Map(FORM_FIELDS.map((f) => [f.key, f]));
export const fieldOf = (key: DesignField): FormField => FIELD_BY_KEY.get(key)!;

/** What the form holds: each field's text (a select's value). */
export type DesignForm = Record<DesignField, string>;

/** The form as the reference design fills it: the preset, and what the pane opens with. */
export function referenceForm(): DesignForm {
  const R = REFERENCE_DESIGN_INPUTS;
  return Object.fromEntries(
    DESIGN_FIELDS.map((key) => {
      const v = R[key];
      return [key, typeof v === "number" && fieldOf(key).kind === "number" ? formatTyped(v) : String(v)];
    }),
  ) as DesignForm;
}

// ---------------------------------------------------------------------------------------------
// Checking

export type FormResult =
  | { ok: true; inputs: Partial<DesignInputs> }
  | { ok: false; fieldErrors: Partial<Record<DesignField, string>>; formErrors: string[] };

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "a whole number from 1 to 16 servers": the function's range, with the field's unit. */
function rangeWithUnit(field: NumberField): string {
  return describeRange(field.parameter) + (field.unit ? ` ${field.unit}` : "");
}

/** One number field: its value, or a message that names it as the pane labels it. */
function checkNumber(field: NumberField, text: string): { value?: number | ""; error?: string } {
  const typed = parseTypedNumber(text);
  if (!typed.ok && typed.problem === "empty") {
    return field.optional ? { value: "" } : { error: `${field.label} is required: ${rangeWithUnit(field)}.` };
  }
  if (!typed.ok && typed.problem === "decimal comma") {
    return { error: `${field.label}: use a point for decimals (${text.trim().replace(/,/g, ".")}), or commas only between groups of three digits.` };
  }
  if (!typed.ok) return { error: `${field.label} must be ${rangeWithUnit(field)}; "${text.trim()}" is not a number.` };
  try {
    return { value: readNumber(typed.value, field.parameter) };
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return { error: `${field.label} must be ${rangeWithUnit(field)}.` };
  }
}

function checkChoice(field: ChoiceField, text: string): { value?: string; error?: string } {
  const choice = field.choices.find((c) => c.value === text);
  return choice ? { value: choice.value } : { error: `${field.label} must be one of: ${field.choices.map((c) => c.text).join(", ")}.` };
}

const FIELD_BY_SHEET_NAME = new Map(DESIGN_FIELDS.map((key) => [INPUT_NAMES[key].toLowerCase(), key]));

/**
 * The rules that join fields, after each field is fine on its own: the shared design check
 * (src/workbook/design-check.ts) first; where it finds nothing, the pane's own safety net — the
 * servers of both sites together, and the worksheet functions run on the whole design.
 */
function togetherProblems(inputs: DesignInputs): { fields: DesignField[]; message: string }[] {
  const shared = designProblems(inputs);
  if (shared.length > 0) {
    return shared.map((p) => ({
      fields: p.inputs.map((name) => FIELD_BY_SHEET_NAME.get(name.toLowerCase())).filter((k): k is DesignField => k !== undefined),
      message: capital(p.message),
    }));
  }
  const site2 = inputs.serversSite2 === "" ? 0 : inputs.serversSite2;
  const servers = inputs.serversSite1 + site2;
  if (servers > 16) {
    return [{ fields: ["serversSite1", "serversSite2"], message: `Servers in site 1 and site 2 must total at most 16, the most a DAG holds; they total ${servers}.` }];
  }
  if (inputs.copies > servers) {
    return [{ fields: ["copies", "serversSite1", "serversSite2"], message: `Database copies (${inputs.copies}) cannot be more than the servers that hold them (${servers}): each copy of a database sits on its own server.` }];
  }
  const u = inputs;
  const sites = inputs.serversSite2 === "" ? [[u.serversSite1]] : [[u.serversSite1], [u.serversSite2]];
  const count = EX_DBSIZE(u.users, u.quotaMB, u.messagesPerDay, u.messageKB, u.maxDatabaseGB, "count");
  const failed = [
    EX_DBSIZE(u.users, u.quotaMB, u.messagesPerDay, u.messageKB, u.maxDatabaseGB, "volume"),
    count,
    EX_LOGVOL(u.users, u.messagesPerDay, u.messageKB, count),
    EX_IOPS(u.users, u.messagesPerDay, u.copies, "dag", u.exchangeVersion),
    EX_FAILOVER(u.users, sites, u.copies, "normal", u.dagLayout),
  ].find((r): r is SizingError => r instanceof SizingError);
  return failed ? [{ fields: [], message: `These inputs cannot size a design together: ${failed.message}.` }] : [];
}

/** The form checked: the design's inputs, or a message for each field that is wrong and for the whole. */
export function readDesignForm(form: DesignForm): FormResult {
  const fieldErrors: Partial<Record<DesignField, string>> = {};
  const inputs: Record<string, number | string> = {};
  for (const field of FORM_FIELDS) {
    const text = form[field.key] ?? "";
    const checked = field.kind === "number" ? checkNumber(field, text) : checkChoice(field, text);
    if (checked.error !== undefined) fieldErrors[field.key] = checked.error;
    else inputs[field.key] = field.key === "exchangeVersion" ? Number(checked.value) : checked.value!;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors, formErrors: [] };

  const design = { ...REFERENCE_DESIGN_INPUTS, ...inputs } as DesignInputs;
  const problems = togetherProblems(design);
  if (problems.length > 0) {
    for (const p of problems) for (const key of p.fields) fieldErrors[key] ??= "See the message below.";
    return { ok: false, fieldErrors, formErrors: problems.map((p) => p.message) };
  }
  return { ok: true, inputs: inputs as Partial<DesignInputs> };
}
