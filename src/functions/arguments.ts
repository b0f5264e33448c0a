/**
 * Argument checking, in one place, so the engine receives clean numbers (HyperFormula's habit).
 * Each parameter is declared once as data; a reader turns what Excel passes into a clean value
 * or throws a SizingError that names the argument and says what it should be.
 */
import {
  DISK_CLASS_IOPS,
  EXCHANGE_VERSION_WORDS,
  exchangeVersionOf,
  FACTOR_DEFAULTS,
  RAID_LEVELS,
  SizingError,
  formatGeneral,
  type DiskClass,
  type ExchangeVersion,
  type FactorName,
  type Factors,
  type RaidLevel,
} from "../engine";
import { numberWords, rangeWords } from "../engine/catalogue";

/** What Excel (or the CLI's formula reader) can pass for one argument. */
export type CellValue = number | string | boolean | null | undefined;
export type CellMatrix = CellValue[][];

export interface NumberParameter {
  name: string;
  /** Inclusive bounds; `above` is an exclusive lower bound (a quota of 0 MB means nothing). */
  min?: number;
  above?: number;
  max: number;
  integer?: boolean;
  /** Used when the argument is omitted; none means the argument is required. */
  defaultValue?: number;
  /** What the number is, for messages: "a quota in MB". */
  what: string;
}

/**
 * Every parameter through one factory, so all have one shape: the checks then read monomorphic
 * objects (a quarter of EX_DBSIZE's time went to polymorphic lookups before — npm run bench).
 */
export function numberParameter(p: NumberParameter): NumberParameter {
  return { name: p.name, min: p.min, above: p.above, max: p.max, integer: p.integer ?? false, defaultValue: p.defaultValue, what: p.what };
}

/** A number as a person writes it in a message: the catalogue's words (15 significant digits, thousands grouped). */
export const formatNumber = numberWords;

export function describeValue(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  // The value given, as the cell shows it: no float noise (10.299999999999999 → 10.3), no
  // separators added (a version 2007 stays 2007); Infinity and NaN come only from JavaScript callers.
  if (typeof value === "number") return Number.isFinite(value) ? formatGeneral(value) : String(value);
  if (Array.isArray(value)) return "a range";
  return String(value);
}

/**
 * Text that is a number, as Excel coerces a text argument (VALUE, arithmetic): spaces around,
 * a sign, digits with a decimal point, an exponent, a trailing %, or (12) for −12 — and a comma
 * only as a thousands separator, in groups of three after the first group ("2,048", "1,234,567").
 * A decimal comma ("2048,5", "1,5") is never read as a thousands separator: undefined, as is a
 * number beyond a double ("1e400"). Dates, times and currency symbols are not read.
 * The one rule for cells, `exsize` options and the pane's fields.
 * @example parseNumberText("2,048") // 2048
 * @example parseNumberText("2048,5") // undefined
 */
export function parseNumberText(text: string): number | undefined {
  const m = NUMBER_TEXT.exec(text);
  if (m === null) return undefined;
  const [, open, sign, digits, close, percent] = m;
  if ((open === "(") !== (close === ")") || (open === "(" && sign !== undefined)) return undefined;
  const n = Number(digits.replace(/,/g, ""));
  if (!Number.isFinite(n)) return undefined;
  const signed = open === "(" || sign === "-" ? -n : n;
  return percent ? signed / 100 : signed;
}

const NUMBER_TEXT = /^\s*(\()?\s*([+-])?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d*)?(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)\s*(\))?\s*(%)?\s*$/i;

/** A whole number with a point before each group of three digits: "5.000", "1.000.000". */
const POINTED_THOUSANDS = /^\s*([+-]?)([1-9]\d{0,2}(?:\.\d{3})+)\s*$/;

/**
 * A count typed as "5.000" is five thousand where a point separates thousands (much of Europe and
 * South America) and five where it is the decimal point: no whole-number input reads it. For such
 * text, how to write each meaning; undefined for any other value.
 * @example pointedThousands("5.000") // "for 5,000 write 5000 or 5,000; for 5 write 5"
 * @example pointedThousands("5,000") // undefined
 */
export function pointedThousands(value: unknown): string | undefined {
  const m = typeof value === "string" ? POINTED_THOUSANDS.exec(value) : null;
  if (m === null) return undefined;
  const sign = m[1] === "-" ? "-" : "";
  const thousands = Number(m[2].replace(/\./g, ""));
  const asDecimal = Number(m[2]);
  const many = `for ${sign}${formatNumber(thousands)} write ${sign}${thousands} or ${sign}${formatNumber(thousands)}`;
  return Number.isInteger(asDecimal) ? `${many}; for ${sign}${asDecimal} write ${sign}${asDecimal}` : many;
}

/** True for text that would be a number with a point where the comma is: "2048,5", "1,5". */
const looksLikeDecimalComma = (text: string): boolean => /^\s*[+-]?\d*,\d+\s*%?\s*$/.test(text) && parseNumberText(text.replace(",", ".")) !== undefined;

export const describeRange = (p: NumberParameter): string => rangeWords(p);

/** Omitted: Excel passes null (or undefined) for a missing optional argument, "" for an empty cell. */
export function isOmitted(value: unknown): value is null | undefined | "" {
  return value === null || value === undefined || value === "";
}

function fail(name: string, expected: string, got: unknown): never {
  const pointed = pointedThousands(got);
  const hint =
    typeof got === "string" && looksLikeDecimalComma(got)
      ? " — use a point for decimals (a comma only separates thousands, in groups of three)"
      : pointed !== undefined
        ? ` — a point before three digits is ambiguous: ${pointed}`
        : "";
  throw new SizingError("#VALUE!", `${name} must be ${expected}; got ${describeValue(got)}${hint}`);
}

/** A number as Excel would take it from a direct argument: a number, or text that is one. */
function toNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "string") return parseNumberText(value);
  return undefined;
}

export function readNumber(value: unknown, p: NumberParameter): number {
  // The common case first: a number in range.
  if (
    typeof value === "number" &&
    value <= p.max &&
    (p.min === undefined || value >= p.min) &&
    (p.above === undefined || value > p.above) &&
    (!p.integer || Number.isInteger(value))
  ) {
    return value;
  }
  if (isOmitted(value)) {
    if (p.defaultValue !== undefined) return p.defaultValue;
    throw new SizingError("#VALUE!", `${p.name} is required: ${p.what}, ${describeRange(p)}`);
  }
  const n = toNumber(value);
  if (
    n === undefined ||
    !Number.isFinite(n) ||
    (p.min !== undefined && n < p.min) ||
    (p.above !== undefined && n <= p.above) ||
    n > p.max ||
    (p.integer && (!Number.isInteger(n) || pointedThousands(value) !== undefined))
  ) {
    return fail(p.name, `${p.what}, ${describeRange(p)}`, value);
  }
  return n;
}

/** An optional number with no default: undefined when omitted. */
export function readOptionalNumber(value: unknown, p: NumberParameter): number | undefined {
  return isOmitted(value) ? undefined : readNumber(value, p);
}

/**
 * Pick one of several results by name, case-insensitively; the first name is the default.
 */
export function readChoice<K extends string>(value: unknown, name: string, choices: readonly K[]): K {
  if (isOmitted(value)) return choices[0];
  if (typeof value === "string") {
    for (const c of choices) if (c === value) return c;
    const key = value.trim().toLowerCase();
    for (const c of choices) if (c === key) return c;
  }
  return fail(name, `one of ${choices.map((c) => `"${c}"`).join(", ")}`, value);
}

/** RAID level as people write it: "RAID5", "RAID 5", "raid 1/0", "R10", 10. */
export function readRaid(value: unknown, name: string, defaultRaid: RaidLevel, allowed: readonly RaidLevel[] = RAID_LEVELS): RaidLevel {
  if (isOmitted(value)) return defaultRaid;
  for (const level of allowed) if (level === value) return level;
  if (typeof value === "string" || typeof value === "number") {
    const key = "RAID" + String(value).toUpperCase().replace(/RAID|\s|\/|-|^R/g, "");
    const level = (RAID_LEVELS as readonly string[]).includes(key) ? (key as RaidLevel) : undefined;
    if (level && allowed.includes(level)) return level;
  }
  return fail(name, `one of ${allowed.map((r) => `"${r}"`).join(", ")}`, value);
}

/** A disk: a class name ("7.2K", "10K", "15K") or its random IOPS as a number. */
export const DISK_IOPS = numberParameter({ name: "disk", above: 0, max: 1_000_000, what: 'a disk class ("7.2K", "10K", "15K") or IOPS per disk' });

const diskKey = (name: string) => name.trim().toUpperCase().replace(/RPM$/, "").replace(/\s/g, "");

/**
 * `userClasses` (from a `disks` range of name | IOPS rows) extend and override the built-in
 * classes of 001, so a user can size their own hardware by name.
 */
export function readDiskIops(value: unknown, defaultClass: DiskClass, userClasses?: ReadonlyMap<string, number>): number {
  if (isOmitted(value)) return DISK_CLASS_IOPS[defaultClass];
  if (typeof value === "string") {
    const key = diskKey(value);
    const own = userClasses?.get(key);
    if (own !== undefined) return own;
    if (key in DISK_CLASS_IOPS) return DISK_CLASS_IOPS[key as DiskClass];
  }
  return readNumber(value, DISK_IOPS);
}

/** The `disks` argument: rows of disk class name and random IOPS per disk; titles and blank rows skipped. */
export function readDiskClasses(value: unknown, name: string): ReadonlyMap<string, number> | undefined {
  if (isOmitted(value)) return undefined;
  const rows = Array.isArray(value) ? (value as unknown[]) : [value];
  const classes = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!Array.isArray(row) || row.length !== 2) fail(name, "a two-column range of disk class names and IOPS per disk", value);
    const [label, iops] = row as CellValue[];
    if (isOmitted(label) && isOmitted(iops)) return;
    if (index === 0 && typeof iops === "string" && toNumber(iops) === undefined) return; // titles
    if (typeof label !== "string" || label.trim() === "") fail(`${name} row ${index + 1}`, "a disk class name", label);
    classes.set(diskKey(label), readNumber(iops, { ...DISK_IOPS, name: `${name} ${label.trim()}`, what: "IOPS per disk" }));
  });
  return classes;
}

export function readVersion(value: unknown, name: string): ExchangeVersion {
  if (isOmitted(value)) return 2010;
  // A number (2016, or its text "2016") or SE as text: src/engine/version.ts.
  const version = exchangeVersionOf(toNumber(value) ?? value);
  return version ?? fail(name, `an Exchange version: ${EXCHANGE_VERSION_WORDS}`, value);
}

/** Limits of each factor: multipliers never below 1 (a sizing tool must not shrink), shares 0–1. */
export const FACTOR_PARAMETERS: Record<FactorName, NumberParameter> = {
  growth: numberParameter({ name: "growth", min: 1, max: 100, what: "a multiplier such as 1.2" }),
  retentionDays: numberParameter({ name: "retentionDays", min: 0, max: 3650, what: "days of deleted item retention" }),
  singleItemRecovery: numberParameter({ name: "singleItemRecovery", min: 0, max: 1, what: "a share of the quota such as 0.012" }),
  calendarLogging: numberParameter({ name: "calendarLogging", min: 0, max: 1, what: "a share of the quota such as 0.058" }),
  contentIndex: numberParameter({ name: "contentIndex", min: 1, max: 10, what: "a multiplier such as 1.1" }),
  volumeFree: numberParameter({ name: "volumeFree", min: 1, max: 10, what: "a multiplier such as 1.2" }),
  logsPerMessage: numberParameter({ name: "logsPerMessage", above: 0, max: 100, what: "log files per message such as 0.2" }),
  logFileMB: numberParameter({ name: "logFileMB", above: 0, max: 1024, what: "a log file size in MB such as 1" }),
  moveFactor: numberParameter({ name: "moveFactor", min: 1, max: 10, what: "a multiplier such as 1.1" }),
  truncationDays: numberParameter({ name: "truncationDays", above: 0, max: 3650, what: "days of logs such as 3" }),
  overhead: numberParameter({ name: "overhead", min: 1, max: 10, what: "a multiplier such as 1.2" }),
  headroom: numberParameter({ name: "headroom", min: 1, max: 10, what: "a multiplier such as 1.2" }),
  mailboxesPerCore: numberParameter({ name: "mailboxesPerCore", above: 0, max: 100_000, what: "mailboxes one core serves, such as 1000" }),
  baseMemoryGB: numberParameter({ name: "baseMemoryGB", min: 0, max: 100_000, what: "memory of a server before mailboxes, GB, such as 4" }),
  memoryPerMailboxMB: numberParameter({ name: "memoryPerMailboxMB", min: 0, max: 100_000, what: "memory per mailbox, MB, such as 6" }),
};

export const FACTOR_NAMES = Object.keys(FACTOR_DEFAULTS) as FactorName[];
const FACTOR_BY_LOWER_NAME = new Map(FACTOR_NAMES.map((n) => [n.toLowerCase(), n]));

/**
 * The `factors` argument: rows of name and value, from a two-column range or an array constant
 * such as {"growth",1.2;"moveFactor",1}. Blank rows are skipped and a blank value keeps the
 * default, so a factors table with empty lines works. Every function accepts every factor name,
 * so one factors table can feed all of them; a name no function knows is an error.
 */
export function readFactors(value: unknown, name = "factors"): Factors {
  if (isOmitted(value)) return FACTOR_DEFAULTS;
  const rows = Array.isArray(value) ? (value as unknown[]) : [value];
  if (rows.length === 0) return FACTOR_DEFAULTS;
  const factors: Factors = { ...FACTOR_DEFAULTS };
  const shape = "a two-column range or array of factor names and values";
  for (const row of rows) {
    if (!Array.isArray(row) || row.length !== 2) return fail(name, shape, value);
    const [label, raw] = row as CellValue[];
    if (isOmitted(label) && isOmitted(raw)) continue;
    const factor = typeof label === "string" ? FACTOR_BY_LOWER_NAME.get(label.trim().toLowerCase()) : undefined;
    if (factor === undefined) return fail(name, `factor names from: ${FACTOR_NAMES.join(", ")}`, label);
    if (isOmitted(raw)) continue;
    const p = FACTOR_PARAMETERS[factor];
    factors[factor] = readNumber(raw, { ...p, name: `${name} ${factor}` });
  }
  return factors;
}
