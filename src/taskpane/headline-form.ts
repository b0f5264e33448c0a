/**
 * The "Load a design" form: every input of the Inputs sheet a person sets per design, as the pane
 * labels it, checked by the worksheet functions' own rules (INPUT_PARAMETERS through readNumber and
 * describeRange), so the pane accepts and refuses exactly what a cell would, in words that name the
 * field as the pane shows it. Choices (version, RAID levels, model, disk, layout) are the Inputs
 * sheet's own lists. Pure: no DOM, no Office.js.
 */
import { SizingError, exchangeVersionOf } from "../engine";
import { INPUTS, boundsOf, input, type InputDeclaration, type InputGroup, type InputKey, type OptionalInputKey } from "../engine/catalogue";
import { isPercentText } from "../functions/typed-number";
import { describeRange, parseNumberText, pointedThousands, readNumber, type NumberParameter } from "../functions/arguments";
import { EX_DBSIZE, EX_FAILOVER, EX_IOPS, EX_LOGVOL } from "../functions";
import { designProblems } from "../workbook/design-check";
import type { MethodsInputValues, WorkbookInputs } from "../engine/design";
import { readText } from "../workbook/input-values";
import type { InputRule } from "../workbook/model";
import { INPUT_NAMES, REFERENCE_DESIGN_INPUTS, type DesignInputs } from "../workbook/template";

// ---------------------------------------------------------------------------------------------
// Numbers as a person types them

export type TypedNumber = { ok: true; value: number } | { ok: false; problem: "empty" | "decimal comma" | "not a number" };

/**
 * A number as a person means it, by the one rule the cells and `exsize` follow (parseNumberText):
 * "5,000" and "1,234.5" are thousands; "75,5" is refused as a decimal comma (a comma that is not a
 * thousands separator in groups of three), so the pane can say "use a point for decimals".
 *
 * @example parseTypedNumber("5,000") // { ok: true, value: 5000 }
 * @example parseTypedNumber("75,5")  // { ok: false, problem: "decimal comma" }
 */
export function parseTypedNumber(text: string): TypedNumber {
  if (text.trim() === "") return { ok: false, problem: "empty" };
  const value = parseNumberText(text);
  if (value !== undefined) return { ok: true, value };
  return /^\s*[+-]?[\d.,]*,[\d.,]*\s*$/.test(text) ? { ok: false, problem: "decimal comma" } : { ok: false, problem: "not a number" };
}

/** A number in the pane's fields: thousands separated, as the form shows the reference design. */
export const formatTyped = (n: number): string => n.toLocaleString("en-US", { maximumFractionDigits: 6 });

// ---------------------------------------------------------------------------------------------
// The fields

/** The inputs a person sets per design in the pane: every input of the catalogue, as the CLI takes them. */
export type DesignField = keyof WorkbookInputs;
export type FieldGroup = InputGroup;

export const GROUP_TITLES: Readonly<Record<FieldGroup, string>> = {
  document: "This design",
  mailboxes: "Mailboxes",
  dag: "Database availability group",
  storage: "Storage",
  servers: "Servers (Microsoft's method)",
};

interface FieldBase {
  key: DesignField;
  group: FieldGroup;
  /** As every surface labels it; messages name the field by this. */
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
/** Text a person writes: the design's title, whom it is for and by (the catalogue's text rule). */
export interface TextField extends FieldBase {
  kind: "text";
  rule: InputRule & { kind: "text" };
  hint: string;
}
export type FormField = NumberField | ChoiceField | TextField;

/** A version choice as the Inputs sheet holds it: 2016 a number, SE its text. */
const versionValue = (value: string | number): number | string => exchangeVersionOf(value) ?? value;

/** Whether a label says its unit already: "Users" (users), "Messages per day" (a day). */
const saysUnit = (label: string, unit: string): boolean => label.toLowerCase().includes(unit.replace(/^a /, "per "));

/** One input of the design's catalogue as a field of the form: its rule makes it a number, a choice or text. */
function fieldOfInput(declared: InputDeclaration<InputKey>): FormField {
  const base = { key: declared.key as DesignField, group: declared.group as FieldGroup, label: declared.label };
  const rule = declared.rule;
  if (rule.kind === "list") return { ...base, kind: "choice", choices: rule.values.map((v) => ({ value: v, text: declared.choiceText?.(v) ?? v })) };
  if (rule.kind === "text") return { ...base, kind: "text", rule, hint: declared.hint ?? "" };
  return {
    ...base,
    kind: "number",
    parameter: { name: declared.key, ...boundsOf(rule), what: rule.prompt },
    // "Users must be … 100,000,000", not "… 100,000,000 users": a unit the label already says is left out.
    ...(declared.unit !== "" && declared.unit !== "%" && !saysUnit(declared.label, declared.unit) ? { unit: declared.unit } : {}),
    ...(rule.allowBlank ? { optional: { hint: declared.hint ?? "" } } : {}),
  };
}

const FIELD_GROUPS = Object.keys(GROUP_TITLES) as FieldGroup[];
/** The form's fields, group by group in the pane's order, each group in the catalogue's order (and so the keyboard's). */
export const FORM_FIELDS: readonly FormField[] = FIELD_GROUPS.flatMap((group) => INPUTS.filter((i) => i.inPane !== false && i.group === group).map(fieldOfInput));

export const DESIGN_FIELDS: readonly DesignField[] = FORM_FIELDS.map((f) => f.key);
const FIELD_BY_KEY = new Map(FORM_FIELDS.map((f) => [f.key, f]));
export const fieldOf = (key: DesignField): FormField => FIELD_BY_KEY.get(key)!;

/** The form's optional fields (the catalogue's optional inputs): a form without them (an older caller) is the reference design's values there. */
/** The catalogue's optional inputs, and those the pane gained later (the read ratio, Microsoft's method's own), which an older caller's form lacks. */
const LATER_FIELDS = ["readRatio", "archiveMB", "specIntRate", "coresPerServer", "peakHourLogShare"] as const satisfies readonly (keyof MethodsInputValues | "readRatio")[];
export type OptionalField = Extract<DesignField, OptionalInputKey> | (typeof LATER_FIELDS)[number];
/** What the form holds: each field's text (a select's value). */
export type DesignForm = Record<Exclude<DesignField, OptionalField>, string> & Partial<Record<OptionalField, string>>;
const OPTIONAL_FIELDS: ReadonlySet<DesignField> = new Set<DesignField>([...INPUTS.filter((i) => i.optional === true).map((i) => i.key as DesignField), ...LATER_FIELDS]);

/** The form as the reference design fills it: the preset, and what the pane opens with. */
export function referenceForm(): DesignForm {
  const R = REFERENCE_DESIGN_INPUTS;
  return Object.fromEntries(
    DESIGN_FIELDS.map((key) => {
      const v = R[key];
      return [key, typeof v === "number" && fieldOf(key).kind === "number" ? formatTyped(v) : String(v ?? "")];
    }),
  ) as DesignForm;
}

// ---------------------------------------------------------------------------------------------
// Checking

export type FormResult =
  | { ok: true; inputs: Partial<WorkbookInputs> }
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
  const pointed = field.parameter.integer || !typed.ok ? pointedThousands(text) : undefined;
  if (pointed !== undefined) return { error: `${field.label}: "${text.trim()}" is ambiguous — ${pointed}.` };
  if (!typed.ok) return { error: `${field.label} must be ${rangeWithUnit(field)}; "${text.trim()}" is not a number.` };
  // The one reader's rule (readTypedNumber): a percent only for a share.
  if (isPercentText(text) && input(field.key).unit !== "%") return { error: `${field.label} must be ${rangeWithUnit(field)}; "${text.trim()}" is a percent, which only a share takes.` };
  try {
    return { value: readNumber(typed.value, field.parameter) };
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return { error: `${field.label} must be ${rangeWithUnit(field)}.` };
  }
}

/** One text field: trimmed, or a message naming it as the pane labels it (the cell's rule, readText). */
function checkText(field: TextField, text: string): { value?: string; error?: string } {
  const read = readText(field.rule, text);
  if ("value" in read) return { value: read.value };
  return { error: `${field.label} must be one line of at most ${field.rule.maxLength} characters, not starting with = + - or @.` };
}

function checkChoice(field: ChoiceField, text: string): { value?: string; error?: string } {
  const choice = field.choices.find((c) => c.value === text);
  return choice ? { value: choice.value } : { error: `${field.label} must be one of: ${field.choices.map((c) => c.text).join(", ")}.` };
}

/** Each field by its defined name on the Inputs sheet ("MaxDatabaseGB") and its code name ("maxDatabaseGB"), in lower case. */
const FIELD_BY_NAME = new Map(DESIGN_FIELDS.flatMap((key) => [[INPUT_NAMES[key].toLowerCase(), key], [key.toLowerCase(), key]] as const));
/** Code names a message may hold (quotaMB, MaxDatabaseGB…), each to the pane's label; plain words (users, copies) stay. */
const CODE_NAMES = new RegExp(
  `\\b(${DESIGN_FIELDS.flatMap((key) => [key, INPUT_NAMES[key]]).filter((name) => /[A-Z]/.test(name.slice(1))).join("|")})\\b`,
  "g",
);
const LABEL_BY_CODE_NAME = new Map(DESIGN_FIELDS.flatMap((key) => [[key, fieldOf(key).label], [INPUT_NAMES[key], fieldOf(key).label]] as const));
const listed = (labels: readonly string[]) => (labels.length < 2 ? labels.join("") : `${labels.slice(0, -1).join(", ")} and ${labels[labels.length - 1]}`);

/**
 * A shared rule's problem in the pane's words: the fields it joins by their labels, then what is
 * wrong with its figures, code names replaced by labels ("quotaMB and maxDatabaseGB: a mailbox …;
 * raise maxDatabaseGB" → "Mailbox quota and Maximum database size: a mailbox …; raise Maximum database size.").
 */
export function inPaneWords(problem: { inputs: readonly string[]; message: string }): { fields: DesignField[]; message: string } {
  // The functions' messages open with the inputs they join, in code names: the labels say it instead.
  const leadIn = /^([A-Za-z0-9]+(?:(?:, | and )[A-Za-z0-9]+)*): /.exec(problem.message);
  const named = problem.inputs.length > 0 ? problem.inputs : (leadIn?.[1].split(/, | and /) ?? []);
  const fields = named.map((name) => FIELD_BY_NAME.get(name.toLowerCase())).filter((k): k is DesignField => k !== undefined);
  const detail = (leadIn ? problem.message.slice(leadIn[0].length) : problem.message).replace(CODE_NAMES, (name) => LABEL_BY_CODE_NAME.get(name) ?? name);
  const text = fields.length > 0 ? `${listed(fields.map((k) => fieldOf(k).label))}: ${detail}` : capital(detail);
  return { fields, message: /[.!?]$/.test(text) ? text : `${text}.` };
}

/**
 * The rules that join fields, after each field is fine on its own: the shared design check
 * (src/workbook/design-check.ts) first; where it finds nothing, the pane's own safety net — the
 * servers of both sites together, and the worksheet functions run on the whole design.
 */
function togetherProblems(inputs: DesignInputs): { fields: DesignField[]; message: string }[] {
  const shared = designProblems(inputs);
  if (shared.length > 0) return shared.map(inPaneWords);
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
  return failed ? [inPaneWords({ inputs: [], message: failed.message })] : [];
}

/**
 * One field's text checked alone by its rule, as the form checks it: its value as the Inputs sheet
 * holds it (a choice by its value or its text, in any case), or the message naming the field.
 */
export function readField(key: DesignField, text: string): { ok: true; value: number | string } | { ok: false; error: string } {
  const field = fieldOf(key);
  if (field.kind === "choice") {
    const wanted = text.trim().toLowerCase();
    const choice = field.choices.find((c) => c.value.toLowerCase() === wanted || c.text.toLowerCase() === wanted);
    const checked = checkChoice(field, choice?.value ?? text.trim());
    if (checked.error !== undefined) return { ok: false, error: checked.error };
    return { ok: true, value: key === "exchangeVersion" ? versionValue(checked.value!) : checked.value! };
  }
  const checked = field.kind === "number" ? checkNumber(field, text) : checkText(field, text);
  return checked.error !== undefined ? { ok: false, error: checked.error } : { ok: true, value: checked.value! };
}

/** The form checked: the design's inputs, or a message for each field that is wrong and for the whole. */
export function readDesignForm(form: DesignForm): FormResult {
  const fieldErrors: Partial<Record<DesignField, string>> = {};
  const inputs: Record<string, number | string> = {};
  for (const field of FORM_FIELDS) {
    // A form without an optional field (an older caller's) leaves that input at the reference design's value.
    if (form[field.key] === undefined && OPTIONAL_FIELDS.has(field.key)) continue;
    const text = form[field.key] ?? "";
    const checked = field.kind === "number" ? checkNumber(field, text) : field.kind === "text" ? checkText(field, text) : checkChoice(field, text);
    if (checked.error !== undefined) fieldErrors[field.key] = checked.error;
    // An empty text field is no title (the workbook's default), as the reference design has none.
    else if (field.kind === "text" && checked.value === "") continue;
    else inputs[field.key] = field.key === "exchangeVersion" ? versionValue(checked.value!) : checked.value!;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors, formErrors: [] };

  const design = { ...REFERENCE_DESIGN_INPUTS, ...inputs } as WorkbookInputs;
  const problems = togetherProblems(design);
  if (problems.length > 0) {
    for (const p of problems) for (const key of p.fields) fieldErrors[key] ??= "See the message below.";
    return { ok: false, fieldErrors, formErrors: problems.map((p) => p.message) };
  }
  return { ok: true, inputs: inputs as Partial<WorkbookInputs> };
}
