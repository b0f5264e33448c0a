/**
 * Mailbox tiers on the Inputs sheet: up to four populations of mailboxes, each with its
 * own messages a day, message size and quota, as Microsoft's calculator asks for them (its Input
 * sheet's Tier-1 to Tier-4 columns; the engine's MailboxTier, src/engine/microsoft/mailbox.ts).
 * Only Microsoft's column of the Methods sheet reads them; Dell's and EMC's methods size the
 * design's one profile.
 *
 * The rule of the block, in one line: tier 1 left empty is the design's profile (Users,
 * MessagesPerDay, MessageKB, QuotaMB); a tier counts when it has mailboxes (tier 1 has Users when
 * its Mailboxes cell is empty or 0); a blank profile cell of a counted tier takes the design's value.
 * All four rows empty: Microsoft's column sizes exactly the design's single profile.
 *
 * The block is five columns (A:E) by TIER_BLOCK_ROWS rows; template.ts places it and defines its
 * four names. methods.ts turns the names into the tiers the EX_MS_* functions size.
 */
import { tierValueRule } from "../formulas/tiers";
import { describeRange, numberParameter, type NumberParameter } from "../../functions/arguments";
import type { CellModel, DefinedName, InputRule } from "../model";
import { FORMAT } from "./shared";

/** The four columns of a tier: the EX_MS_* functions' mailboxes, messagesPerDay, messageKB, quotaMB. */
export type TierColumn = "mailboxes" | "messagesPerDay" | "messageKB" | "quotaMB";
export const TIER_COLUMNS: readonly TierColumn[] = ["mailboxes", "messagesPerDay", "messageKB", "quotaMB"];
/** Microsoft's calculator sizes up to four tiers. */
export const TIER_COUNT = 4;

/** The defined names of the four columns, each a range of TIER_COUNT cells (before any suffix). */
export type TierNames = Readonly<Record<TierColumn, string>>;
export const TIER_NAMES: TierNames = Object.freeze({
  mailboxes: "TierMailboxes",
  messagesPerDay: "TierMessages",
  messageKB: "TierMessageKB",
  quotaMB: "TierQuotaMB",
});

/**
 * The limits of the EX_MS_* functions' tier arguments (src/functions/microsoft.ts: MAILBOXES,
 * MESSAGES, MESSAGE_KB, QUOTA_MB); tests/workbook/tiers.test.ts holds them to the functions.
 */
export const TIER_PARAMETERS: Readonly<Record<TierColumn, NumberParameter>> = Object.freeze({
  mailboxes: numberParameter({ name: "mailboxes", min: 0, max: 10_000_000, integer: true, what: "mailboxes in this tier" }),
  messagesPerDay: numberParameter({ name: "messagesPerDay", above: 0, max: 500, what: "messages sent and received per mailbox per day (the calculator's profiles run to 500)" }),
  messageKB: numberParameter({ name: "messageKB", above: 0, max: 100_000, what: "the average message size in KB" }),
  quotaMB: numberParameter({ name: "quotaMB", above: 0, max: 10_000_000, what: "the mailbox quota in MB" }),
});

const EMPTY_MEANS: Record<TierColumn, string> = {
  mailboxes: "empty or 0: tier 1 has the design's Users, tiers 2-4 none",
  messagesPerDay: "empty: the design's messages per day",
  messageKB: "empty: the design's average message size",
  quotaMB: "empty: the design's mailbox quota",
};

function tierRule(column: TierColumn): InputRule {
  const p = TIER_PARAMETERS[column];
  const what = p.what.charAt(0).toUpperCase() + p.what.slice(1);
  return {
    kind: p.integer ? "whole" : "decimal",
    min: p.min ?? p.above ?? 0,
    max: p.max,
    ...(p.min === undefined && p.above !== undefined ? { aboveMin: true } : {}),
    allowBlank: true,
    prompt: `${what}; ${EMPTY_MEANS[column]}.`,
    error: `${p.name} must be ${describeRange(p)}`,
  };
}

/** Each column's data validation: the functions' own limits, blank allowed. */
export const TIER_RULES: Readonly<Record<TierColumn, InputRule>> = Object.freeze(
  Object.fromEntries(TIER_COLUMNS.map((c) => [c, tierRule(c)])) as Record<TierColumn, InputRule>,
);

/** Number formats, as the Inputs sheet shows the design's own profile (typed decimals kept). */
export const TIER_FORMATS: Readonly<Record<TierColumn, string>> = Object.freeze({
  mailboxes: '[=1]0 "mailbox";#,##0 "mailboxes"',
  messagesPerDay: FORMAT.typed("a day"),
  messageKB: FORMAT.typed("KB"),
  quotaMB: FORMAT.typed("MB"),
});

const HEADINGS = ["Tier", "Mailboxes", "Messages a day", "Message size", "Quota"] as const;
/** Columns A (the tier) then B:E (mailboxes, messages a day, message size KB, quota MB). */
const LETTERS: Readonly<Record<TierColumn, string>> = { mailboxes: "B", messagesPerDay: "C", messageKB: "D", quotaMB: "E" };

/** Columns the block spans (A:E) and rows: heading, note, header and the four tiers. */
export const TIER_BLOCK_WIDTH = HEADINGS.length;
export const TIER_BLOCK_ROWS = 3 + TIER_COUNT;

export interface TierInputsBlock {
  /** The block's cells, from `firstRow` down: section heading, note, header, tiers 1-4 (inputs empty). */
  cells: CellModel[];
  /** Rows it takes (TIER_BLOCK_ROWS) and columns (TIER_BLOCK_WIDTH, A:E). */
  rows: number;
  width: number;
  /** The row of tier 1. */
  firstTierRow: number;
  /** Each column's range, absolute: "$B$40:$B$43". */
  ranges: Readonly<Record<TierColumn, string>>;
  /** The four defined names on `sheet`, each name followed by `tail` (template.ts nameSuffix). */
  names: (sheet: string, tail?: string) => DefinedName[];
}

/**
 * The tiers table of the Inputs sheet, its first row at `firstRow`.
 * @example
 * const tiers = tierInputs(40);
 * tiers.ranges.mailboxes // "$B$43:$B$46"
 * tiers.names("Inputs")[0] // { name: "TierMailboxes", sheet: "Inputs", range: "$B$43:$B$46", comment: … }
 */
export function tierInputs(firstRow: number): TierInputsBlock {
  const header = firstRow + 2;
  const first = header + 1;
  const last = first + TIER_COUNT - 1;
  const cells: CellModel[] = [
    // The section heading's fill runs across the block, as the Inputs sheet's other sections.
    ...HEADINGS.map((_, i) => ({
      address: `${String.fromCharCode(65 + i)}${firstRow}`,
      ...(i === 0 ? { value: "Mailbox tiers: Microsoft's method only (Methods sheet); leave empty for the design's one profile" } : {}),
      role: "heading" as const,
    })),
    {
      address: `A${firstRow + 1}`,
      value: "Tier 1 left empty is the design's profile above. A tier counts when it has mailboxes; its empty cells take the design's values. Dell and EMC size the one profile.",
      role: "note",
    },
    ...HEADINGS.map((value, i) => ({ address: `${String.fromCharCode(65 + i)}${header}`, value: i === 3 ? `${value} (KB)` : i === 4 ? `${value} (MB)` : value, role: "heading" as const })),
  ];
  for (let t = 0; t < TIER_COUNT; t++) {
    const row = first + t;
    cells.push({ address: `A${row}`, value: `Tier ${t + 1}`, role: "label" });
    for (const column of TIER_COLUMNS) {
      // Under their headings: the Inputs sheet's columns C and D are wide text columns.
      const align = column === "mailboxes" ? {} : { align: "left" as const };
      cells.push({ address: `${LETTERS[column]}${row}`, numberFormat: TIER_FORMATS[column], role: "input", rule: TIER_RULES[column], ...align });
    }
  }
  const ranges = Object.fromEntries(TIER_COLUMNS.map((c) => [c, `$${LETTERS[c]}$${first}:$${LETTERS[c]}$${last}`])) as Record<TierColumn, string>;
  const comments: Record<TierColumn, string> = {
    mailboxes: "Mailboxes of tiers 1-4 (Microsoft's method; tier 1 empty = Users)",
    messagesPerDay: "Messages a day of tiers 1-4 (empty = the design's)",
    messageKB: "Message size KB of tiers 1-4 (empty = the design's)",
    quotaMB: "Quota MB of tiers 1-4 (empty = the design's)",
  };
  return {
    cells,
    rows: TIER_BLOCK_ROWS,
    width: TIER_BLOCK_WIDTH,
    firstTierRow: first,
    ranges,
    names: (sheet, tail = "") => TIER_COLUMNS.map((c) => ({ name: TIER_NAMES[c] + tail, sheet, range: ranges[c], comment: comments[c] })),
  };
}

/** The four names with a suffix, as methodsSheet's `tiers` takes them: tierNames("_2").mailboxes → "TierMailboxes_2". */
export function tierNames(tail = ""): TierNames {
  return Object.fromEntries(TIER_COLUMNS.map((c) => [c, TIER_NAMES[c] + tail])) as Record<TierColumn, string>;
}

/** The design's single profile, by defined name: what an empty tier 1 (and any empty cell) stands for. */
export interface TierDesignNames {
  users: string;
  messagesPerDay: string;
  messageKB: string;
  quotaMB: string;
}

/**
 * The formula (without "=") of tier `k`'s value of `column` as Microsoft's column sizes it, in
 * Excel's own functions: the typed value when it is within the functions' limits (outside them,
 * #N/A, as the functions would fail), else — empty or 0 — the rule of the block: Users for tier 1's
 * mailboxes, 0 for the others', the design's value for a profile cell. A profile cell of a tier with
 * no mailboxes always takes the design's value, so a stray entry in an unused tier is harmless.
 * `mailboxes` is the cell holding tier k's mailboxes as sized (for the profile columns).
 */
export function tierValueFormula(tiers: TierNames, design: TierDesignNames, column: TierColumn, k: number, mailboxes: string): string {
  if (column === "mailboxes") return tierValueRule(tiers[column], TIER_PARAMETERS[column], k, k === 1 ? design.users : "0");
  return tierValueRule(tiers[column], TIER_PARAMETERS[column], k, design[column], mailboxes);
}
