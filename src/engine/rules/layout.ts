/**
 * The copy layout's bound as a rule: the most databases whose copies put at most `most` on the busiest server,
 * copies round-robin over the sites (layout.ts mostMountedDatabases, unrounded; the Methods sheet's count and
 * copies chain render it). Two sites: site t's n servers hold databases × its share ÷ (active servers × n) each.
 * Microsoft's calculator bounds the average server's copies (Role Requirements!I158); this, ours, the busiest's.
 */
import { CALCULATOR } from "./microsoft";
import { input } from "./operands";
import { defineRuleSet, type Operand, type RuleSource } from "./rule";

const at = (cell: string): RuleSource => ({ ...CALCULATOR, at: cell });

export const LAYOUT_OPERANDS = {
  copies: input("database copies", "copies"),
  copiesFirstSite: input("copies in the first site", "copies"),
  serversFirstSite: input("servers in the first site", "servers"),
  serversSecondSite: input("servers in the second site", "servers"),
  activePassive: input("an active/passive DAG of two sites (1, else 0)"),
  most: input("the copies a server mounts at most", "copies"),
} as const satisfies Record<string, Operand>;

export const LAYOUT_RULES = defineRuleSet("the copy layout", LAYOUT_OPERANDS, {
  activeServers: { label: "Servers holding active copies", unit: "servers", source: at("Role Requirements!I158"), expression: "IF(activePassive>0,serversFirstSite,serversFirstSite+serversSecondSite)" },
  firstSiteShare: {
    label: "The first site's copies, each active server's",
    unit: "copies",
    source: at("Role Requirements!I158"),
    expression: "IF(activePassive>0,serversFirstSite*copiesFirstSite,serversFirstSite*copiesFirstSite+serversSecondSite*(copies-copiesFirstSite))",
  },
  secondSiteShare: {
    label: "The second site's copies, each active server's",
    unit: "copies",
    source: at("Role Requirements!I158"),
    expression: "IF(activePassive>0,serversFirstSite*(copies-copiesFirstSite),serversFirstSite*(copies-copiesFirstSite)+serversSecondSite*copiesFirstSite)",
  },
  mostMountedDatabases: {
    label: "The most databases the servers mount",
    unit: "databases",
    source: at("Role Requirements!I158"),
    expression: "IF(serversSecondSite>0,MIN(most*serversFirstSite*activeServers/firstSiteShare,most*serversSecondSite*activeServers/secondSiteShare),most*serversFirstSite/copies)",
  },
});
