/**
 * An input of a design, declared once: its key (the library's, `design --json`'s), how a
 * reader sees it (label, unit, what it is, where the rule comes from), its defined name on the Inputs
 * sheet, its command-line option, its group in the pane, its rule with the message a refusal gives,
 * and the reference design's value. Domain files (mailboxes, databases, servers, storage, environment,
 * document) declare theirs beside their quantities; index.ts makes them one registry, from which the
 * Inputs sheet, the CLI's options and help, the pane's fields and the functions' bounds are drawn.
 */
import { numberLiteral } from "../excel-formulas";
import { formatGeneral } from "../general-format";
import type { MicrosoftFactorName } from "../microsoft/tables";

/**
 * What a person may give, as Excel's data validation holds it: bounds (inclusive, or exclusive below
 * with `aboveMin`), a list of choices, or one line of text. `error` is the refusal's message, naming
 * the input by its key.
 */
export type InputRule = (
  | { kind: "whole" | "decimal"; min: number; max: number; aboveMin?: boolean }
  | {
      kind: "list";
      values: readonly string[];
      /**
       * The drop-down lists the cells of this range instead ("'Hardware'!$A$22:$A$30"), so choices
       * a person adds there (their own disk classes) can be picked; `values` are then the built-in ones.
       */
      range?: string;
    }
  /** One line of at most `maxLength` characters, not opening with = + - @ (a spreadsheet would read a formula). */
  | { kind: "text"; maxLength: number }
) & {
  /** Whether an empty cell is allowed (optional inputs). */
  allowBlank: boolean;
  /** Shown beside the cell when it is selected, and in `exsize help`. */
  prompt: string;
  /** Shown when a typed value breaks the rule. */
  error: string;
};
export type NumberRule = InputRule & { kind: "whole" | "decimal" };

/** The pane's sections, in its order; "advanced" inputs are on the Inputs sheet and the CLI only. */
export const INPUT_GROUPS = ["document", "mailboxes", "dag", "storage", "servers"] as const;
export type InputGroup = (typeof INPUT_GROUPS)[number];

/** A phantom of an input's value type: `value: valueOf<number | "">()` (the registry derives the inputs' record from it). */
export const valueOf = <V>(): V => undefined as V;

export interface InputDeclaration<K extends string = string, V = unknown> {
  readonly key: K;
  /** Its value's type, a phantom (valueOf). */
  readonly value: V;
  /** May a caller leave it out (an older caller's design): the reference design's value then. */
  readonly optional?: boolean;
  /** The reference design's value. */
  readonly defaultValue: V;
  /** As every surface labels it: "Mailbox quota". */
  readonly label: string;
  /** The unit a number is in ("MB", "a day", "users", "%"); "" for a choice, a count without one, or text. */
  readonly unit: string;
  /** The Inputs sheet's number format, where the unit's own is not it ("0" for the version). */
  readonly numberFormat?: string;
  /** Its defined name on the Inputs sheet, before any suffix: "QuotaMB". */
  readonly name: string;
  /** Its command-line option, where not the key in kebab case (`--quota-mb`). */
  readonly option?: string;
  /** Older or shorter options that still work: `--quota`. */
  readonly aliases?: readonly string[];
  /** Its section in the pane. */
  readonly group: InputGroup;
  /** Shown in the pane; false: on the Inputs sheet and the CLI only. */
  readonly inPane?: boolean;
  /**
   * Its rule checked in one hidden cell with the other inputs so marked, not in the workbook's Design check
   * itself, whose formula must stay within Excel's 8,192 characters (src/workbook/sheets/inputs.ts).
   */
  readonly checkedApart?: boolean;
  /** The pane's hint under the field. */
  readonly hint?: string;
  /** A choice as the pane shows it ("RAID5" → "RAID 5"); the value itself by default. */
  readonly choiceText?: (value: string) => string;
  /** What it is, on the Inputs sheet. */
  readonly what: string;
  /** Where its rule or default comes from: a paper's section, the calculator's cell, Microsoft's page. */
  readonly source: string;
  readonly rule: InputRule;
  /**
   * The factor of Microsoft's method it sets, declared here once: sizeDesign's factors and the Methods
   * sheet's factor rows (read by the EX_MS_* functions live, and by the customer copy's formulas) take it from this.
   */
  readonly microsoftFactor?: MicrosoftFactorOf<V>;
}

/** An input as a factor of Microsoft's method: its name there, its value from the input's, and the same in Excel over the input's cell. */
export interface MicrosoftFactorOf<V> {
  readonly name: MicrosoftFactorName;
  /** The factor's value where the input is `value`. */
  of(value: V): number;
  /** The same, formula text over the input's defined name. */
  formula(input: string): string;
}

/** An input that is the factor itself, a number as given. */
export const sameFactor = (name: MicrosoftFactorName): MicrosoftFactorOf<number> => ({ name, of: (value) => value, formula: (input) => input });

/**
 * A number as a person reads it in a message: 15 significant digits as Excel's General format,
 * thousands grouped: 100000000 → "100,000,000", 1.1 + 0.2 → "1.3".
 */
export function numberWords(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? "not a number" : "a number too large for a spreadsheet";
  const general = formatGeneral(n);
  if (general.includes("E")) return general;
  const [whole, fraction] = general.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** Number bounds as the functions' parameters take them: `above` an exclusive lower bound. */
export interface Bounds {
  min?: number;
  above?: number;
  max: number;
  integer?: boolean;
}

/** "a whole number from 1 to 16", "a number above 0 up to 10,000,000". */
export function rangeWords(b: Bounds): string {
  const kind = b.integer ? "a whole number" : "a number";
  const low = b.min !== undefined ? `from ${numberWords(b.min)}` : b.above !== undefined ? `above ${numberWords(b.above)}` : "";
  const high = b.min !== undefined ? `to ${numberWords(b.max)}` : `up to ${numberWords(b.max)}`;
  return `${kind} ${low} ${high}`.replace(/\s+/g, " ");
}

/** Whether the value `v` (formula text) is within the bounds: rangeWords as a formula, TRUE or FALSE. */
export function withinBoundsFormula(v: string, b: Bounds): string {
  const checks = [
    b.min !== undefined ? `${v}>=${numberLiteral(b.min)}` : `${v}>${numberLiteral(b.above ?? 0)}`,
    `${v}<=${numberLiteral(b.max)}`,
    ...(b.integer ? [`${v}=ROUND(${v},0)`] : []),
  ];
  return `AND(${checks.join(",")})`;
}

/** A number input's rule: its bounds, its prompt, and a refusal naming the input by its key. */
export function numberInputRule(key: string, bounds: Bounds, prompt: string, allowBlank = false): NumberRule {
  return {
    kind: bounds.integer ? "whole" : "decimal",
    min: bounds.min ?? bounds.above ?? 0,
    max: bounds.max,
    ...(bounds.min === undefined && bounds.above !== undefined ? { aboveMin: true } : {}),
    allowBlank,
    prompt,
    error: `${key} must be ${rangeWords(bounds)}`,
  };
}

/** A number rule's bounds, as the functions' parameters take them. */
export function boundsOf(rule: InputRule): Bounds {
  if (rule.kind !== "whole" && rule.kind !== "decimal") throw new Error(`not a number rule: ${rule.kind}`);
  return rule.aboveMin ? { above: rule.min, max: rule.max, integer: rule.kind === "whole" } : { min: rule.min, max: rule.max, integer: rule.kind === "whole" };
}

/** A choice input's rule: its values, and a refusal naming the input. */
export function choiceInputRule(key: string, values: readonly string[], prompt: string): InputRule {
  return { kind: "list", values, allowBlank: false, prompt, error: `${key} must be one of: ${values.join(", ")}` };
}

/** A text input's rule: one line of at most `maxLength` characters, not read as a formula. */
export function textInputRule(key: string, what: string, maxLength: number): InputRule {
  return {
    kind: "text",
    maxLength,
    allowBlank: true,
    prompt: `${what}: one line, up to ${maxLength} characters; empty to leave it out`,
    error: `${key} must be one line of at most ${maxLength} characters, not starting with = + - or @`,
  };
}

/** A choice as the pane shows it: "active/passive" → "Active/passive". */
export const capitalized = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** An input's command-line option: its own, or its key in kebab case (`quotaMB` → `--quota-mb`). */
export const optionName = (input: Pick<InputDeclaration, "key" | "option">): string =>
  input.option ?? "--" + input.key.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase();
