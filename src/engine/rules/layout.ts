/**
 * The copy layout's bound as a rule: the most databases whose copies put at most `most` on the busiest server,
 * copies round-robin over the sites (layout.ts mostMountedDatabases, unrounded; the Methods sheet's count and
 * copies chain render it). Two sites: site t's n servers hold databases × its share ÷ (active servers × n) each.
 * Microsoft's calculator bounds the average server's copies (Role Requirements!I158); this, ours, the busiest's.
 */
import { calculatorAt } from "./microsoft";
import { input, SITE_OPERANDS } from "./operands";
import { defineRuleSet, type Operand } from "./rule";

const at = calculatorAt;

export const LAYOUT_OPERANDS = {
  ...SITE_OPERANDS,
  most: input("the copies a server mounts at most", "copies"),
} as const satisfies Record<string, Operand>;

export const LAYOUT_RULES = defineRuleSet("the copy layout", LAYOUT_OPERANDS, {
  // Site t's share: the copies its servers take of each database homed on an active server (the first site's alone, active/passive).
  firstSiteShare: { label: "The first site's copies, each active server's", unit: "copies", source: at("Role Requirements!I158"), expression: "IF(activePassive>0,serversFirstSite*copiesFirstSite,serversFirstSite*copiesFirstSite+serversSecondSite*(copies-copiesFirstSite))" },
  secondSiteShare: { label: "The second site's copies, each active server's", unit: "copies", source: at("Role Requirements!I158"), expression: "IF(activePassive>0,serversFirstSite*(copies-copiesFirstSite),serversFirstSite*(copies-copiesFirstSite)+serversSecondSite*copiesFirstSite)" },
  // The active servers: the first site's, active/passive; else both sites'.
  mostMountedDatabases: { label: "The most databases the servers mount", unit: "databases", source: at("Role Requirements!I158"), expression: "IF(serversSecondSite>0,MIN(most*serversFirstSite*IF(activePassive>0,serversFirstSite,serversFirstSite+serversSecondSite)/firstSiteShare,most*serversSecondSite*IF(activePassive>0,serversFirstSite,serversFirstSite+serversSecondSite)/secondSiteShare),most*serversFirstSite/copies)" },
});
