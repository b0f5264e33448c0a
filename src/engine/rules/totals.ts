/**
 * The design's totals as rules, either method's: the volumes of one copy, a kind of volume in all, both kinds,
 * the room the database volumes keep beside their data, and a copy's capacity for every copy — Dell's
 * reference design adds its volumes up so (3.4.2). Written once: size-design.ts computes them, the Design and
 * Summary sheets render them.
 */
import { PAPERS } from "../papers";
import { input } from "./operands";
import { defineRuleSet, type Operand, type RuleSource } from "./rule";

const dell = (where: string): RuleSource => ({ publisher: PAPERS.dell.publisher, title: PAPERS.dell.title, at: where });

export const TOTALS_OPERANDS = {
  databases: input("databases", "databases"),
  databaseVolumeGB: input("a database volume", "GB"),
  logVolumeGB: input("a log volume", "GB"),
  volumes: input("volumes of a kind", "volumes"),
  volumeGB: input("a volume of that kind", "GB"),
  databaseVolumesGB: input("the database volumes", "GB"),
  logVolumesGB: input("the log volumes", "GB"),
  dataGB: input("the data the volumes hold", "GB"),
  perCopy: input("a copy's figure"),
  copies: input("database copies", "copies"),
} as const satisfies Record<string, Operand>;

export const TOTALS_RULES = defineRuleSet("the design's totals", TOTALS_OPERANDS, {
  volumesGB: { label: "Volumes in all, per copy", unit: "GB", source: dell("3.4.2"), expression: "databases*(databaseVolumeGB+logVolumeGB)" },
  volumesInAll: { label: "Volumes of a kind in all", unit: "GB", source: dell("3.4.2"), expression: "volumes*volumeGB" },
  bothKinds: { label: "Database and log volumes", unit: "GB", source: dell("3.4.2"), expression: "databaseVolumesGB+logVolumesGB" },
  indexAndFree: { label: "Index and free space of the database volumes", unit: "GB", source: dell("3.4.2"), expression: "databaseVolumesGB-dataGB" },
  allCopies: { label: "Every copy's figure", unit: "", source: dell("3.4.2"), expression: "perCopy*copies" },
});

export type TotalsRule = keyof typeof TOTALS_RULES.rules;
