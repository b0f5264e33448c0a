/** Building a rule set's operands and expressions from the engine's tables (rules/dell.ts, rules/disks.ts). */
import type { Operand } from "./rule";

export const input = (label: string, unit?: string): Operand => ({ kind: "input", label, ...(unit !== undefined && { unit }) });
export const constant = (label: string, value: number, unit?: string): Operand => ({ kind: "constant", label, value, ...(unit !== undefined && { unit }) });

/** A table's number as an expression reads it (digits and a point), checked to read back the same. */
export function literal(value: number): string {
  const text = String(value);
  if (!/^\d+(\.\d+)?$/.test(text) || Number(text) !== value) throw new Error(`${value} cannot be written in a rule`);
  return text;
}

/** IF over a table's rows: IF(test1,value1,IF(test2,value2,…otherwise)). */
export const nestedIf = (rows: ReadonlyArray<{ test: string; value: string }>, otherwise: string): string => rows.reduceRight((rest, row) => `IF(${row.test},${row.value},${rest})`, otherwise);
