/** Building a rule set's operands and expressions from the engine's tables (rules/dell.ts, rules/disks.ts). */
import type { Operand } from "./rule";

export const input = (label: string, unit?: string): Operand => ({ kind: "input", label, ...(unit !== undefined && { unit }) });
export const constant = (label: string, value: number, unit?: string): Operand => ({ kind: "constant", label, value, ...(unit !== undefined && { unit }) });

/** The DAG's copies and servers by site, which most of Microsoft's rule sets read (the copies round-robin from the first site). */
export const SITE_OPERANDS = {
  copies: input("database copies", "copies"),
  copiesFirstSite: input("copies in the first site", "copies"),
  serversFirstSite: input("servers in the first site", "servers"),
  serversSecondSite: input("servers in the second site", "servers"),
  activePassive: input("an active/passive DAG of two sites (1, else 0)"),
} as const satisfies Record<string, Operand>;

/** A table's number as an expression reads it (digits and a point), checked to read back the same. */
export function literal(value: number): string {
  const text = String(value);
  if (!/^\d+(\.\d+)?$/.test(text) || Number(text) !== value) throw new Error(`${value} cannot be written in a rule`);
  return text;
}

/** IF over a table's rows: IF(test1,value1,IF(test2,value2,…otherwise)). */
export const nestedIf = (rows: ReadonlyArray<{ test: string; value: string }>, otherwise: string): string => rows.reduceRight((rest, row) => `IF(${row.test},${row.value},${rest})`, otherwise);
