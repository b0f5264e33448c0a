/**
 * A quantity of a design, declared once: its key (the name `exsize design --json`, the
 * library and every surface use), how a reader sees it (label, unit, decimals) and where its rule
 * comes from, beside the one function that reads it from the sized Design. Domain files (databases,
 * storage, servers, failures, environment) each list theirs; index.ts makes them one registry.
 */
import type { SizingMethod } from "./servers";
import type { Design } from "./sized-design";

/** A quantity's value: a number, a word (a RAID level, a disk's name), or null where the design has none. */
export type QuantityValue = number | string | null;

export interface Quantity {
  /** One name on every surface: `--json`'s key, the library's, the compare column's. */
  readonly key: string;
  /** As a reader sees it, without the unit: "Database volume". */
  readonly label: string;
  /** The unit a number is in ("GB", "IOPS", "disks"); "" for a count or a word. */
  readonly unit: string;
  /** Decimals shown; undefined for a word. */
  readonly digits?: number;
  /** Decimals shown below SMALL_FIGURE, where whole would say 0 of a real need (a 2-mailbox design's 0.3 IOPS). */
  readonly smallDigits?: number;
  /** The method whose figure it is, where only one sizes it (null under the other). */
  readonly method?: SizingMethod;
  /** Where its rule comes from: a paper's table or the calculator's sheet and cell. */
  readonly source: string;
  /** Its value in a sized design. */
  readonly value: (design: Design) => QuantityValue;
  /**
   * Its Excel rendering, for a quantity worked out from others (a DAG's figure from a server's), beside
   * `value`'s arithmetic: formula text over their cells and the inputs' names, and the rule in words. The
   * workbook shows each such quantity in a row of its own (the Design sheet's "More of the design"), and
   * tests/workbook/quantity-cells.test.ts holds that cell equal to `value` over random designs.
   */
  readonly rendering?: QuantityRendering;
}

/** Where a rendering finds what it reads: another quantity's cell (one that always shows it), an input's defined name. */
export interface QuantityReferences {
  quantity(key: string): string;
  input(key: string): string;
}

export interface QuantityRendering {
  /** The rule as the sheet says it: "Cores a server × mailbox servers". */
  readonly words: string;
  readonly formula: (r: QuantityReferences) => string;
}

/**
 * A number to `digits` decimals as Excel shows it: half away from zero, on the decimal text so
 * 1.005 shows 1.01 as in Excel (not 1.00 as 1.005 × 100 in binary would give), and never -0.
 */
export function shownNumber(value: number, digits: number): number {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return value;
  // Excel shows a double's 15 significant digits, rounded half away from zero: shift by the exponent in text, not by multiplying.
  const magnitude = Math.abs(value).toPrecision(15);
  const rounded = Number(`${Math.round(Number(`${magnitude}e${digits}`))}e-${digits}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Below this a figure with smallDigits shows them; at it one decimal would show 10.0, so whole. */
export const SMALL_FIGURE = 9.95;

/** The decimals a quantity's value is shown to: its smallDigits below SMALL_FIGURE, else its digits. */
export const shownDigits = (quantity: Pick<Quantity, "digits" | "smallDigits">, value: number): number | undefined =>
  quantity.smallDigits !== undefined && Math.abs(value) < SMALL_FIGURE ? quantity.smallDigits : quantity.digits;

/** A quantity's value as a reader is shown it: a number to its decimals, a word as it is. */
export function shownValue(quantity: Quantity, design: Design): QuantityValue {
  const value = quantity.value(design);
  const digits = typeof value === "number" ? shownDigits(quantity, value) : undefined;
  return typeof value === "number" && digits !== undefined ? shownNumber(value, digits) : value;
}

/** A label with its unit, as a table's heading or a row shows it: "Database volume (GB)". */
export const labelWithUnit = (quantity: Pick<Quantity, "label" | "unit">): string => (quantity.unit === "" ? quantity.label : `${quantity.label} (${quantity.unit})`);
