/**
 * The copy layout of one or two sites as rules (layout.ts; docs/dag-layout.md): the DAG's copies by site, the
 * copies that activate, the balanced count (a whole number of rounds on every active server, so every failure
 * spreads evenly) and the design the layout refuses; and its bound, the most databases whose copies put at most
 * `most` on the busiest server (layout.ts mostMountedDatabases, unrounded). Two sites: site t's n servers hold
 * databases × its share ÷ (active servers × n) each. Microsoft's calculator bounds the average server's copies
 * (Role Requirements!I158); this, ours, the busiest's. A second site is `twoSites`; its servers are read in
 * arithmetic only where it is (the customer copy leaves a one-site DAG's cell without a number).
 */
import { JETSTRESS_PROFILE_DECIMALS } from "../jetstress";
import { PAPERS } from "../papers";
import { calculatorAt } from "./microsoft";
import { constant, input, SITE_OPERANDS } from "./operands";
import { defineRuleSet, type Operand } from "./rule";

const at = calculatorAt;
/** Ours: the copy layout (docs/dag-layout.md), which the calculator does not lay out. */
const ours = (what: string) => ({ publisher: "exsize", title: "The DAG copy layout", at: what });
const esrp2016 = (where: string) => ({ publisher: PAPERS.esrp2016.publisher, title: PAPERS.esrp2016.title, at: where });

// The first site's copies are the layout's own rule here (round-robin); a caller that has them gives them.
const { copiesFirstSite: _givenHere, ...SITES } = SITE_OPERANDS;

export const LAYOUT_OPERANDS = {
  ...SITES,
  most: input("the copies a server mounts at most", "copies"),
  laggedCopies: input("lagged copies of each database", "copies"),
  twoSites: input("a second site"),
  passive: input("the active/passive layout"),
  minimum: input("databases at least", "databases"),
  databases: input("databases of the DAG", "databases"),
  count: input("the calculator's count", "databases"),
  fewerCopiesDatabases: input("the databases deployed at fewer copies (0: none)", "databases"),
  users: input("mailboxes", "mailboxes"),
  iopsPerMailbox: input("IOPS a mailbox", "IOPS"),
  jetstressScale: constant("Jetstress's three decimals", 10 ** JETSTRESS_PROFILE_DECIMALS),
} as const satisfies Record<string, Operand>;

export const LAYOUT_RULES = defineRuleSet("the copy layout", LAYOUT_OPERANDS, {
  // Round-robin from the active copy's site: ⌈c ÷ 2⌉ at home of two sites (layout.ts copiesPerSite).
  copiesFirstSite: { label: "Copies in the first site", unit: "copies", source: at("Input!C32"), expression: "IF(twoSites,ROUNDUP(copies/2,0),copies)" },
  copiesSecondSite: { label: "Copies in the second site", unit: "copies", source: at("Input!C32"), expression: "copies-copiesFirstSite" },
  dagServers: { label: "Servers of the DAG", unit: "servers", source: at("Input!C26"), expression: "serversFirstSite+IF(twoSites,serversSecondSite,0)" },
  activatableCopies: { label: "Copies of a database that can activate", unit: "copies", source: ours("activation"), expression: "copies-laggedCopies" },
  // layout.ts validateLayoutDesign, for one or two sites: a server never holds two copies of one database, so each site
  // holds at most its servers' (active/passive: the first site's copies at home, the rest in the second).
  layoutRefused: { label: "A design the layout cannot hold", unit: "", source: ours("design check"), expression: "OR(copies<1,copies>dagServers,laggedCopies<0,laggedCopies>=copies,copiesFirstSite>serversFirstSite,IF(twoSites,IF(passive,copiesSecondSite,copiesFirstSite)>serversSecondSite,FALSE))" },
  // Site t's share: the copies its servers take of each database homed on an active server (the first site's alone, active/passive).
  firstSiteShare: { label: "The first site's copies, each active server's", unit: "copies", source: at("Role Requirements!I158"), expression: "IF(passive,serversFirstSite*copiesFirstSite,serversFirstSite*copiesFirstSite+serversSecondSite*(copies-copiesFirstSite))" },
  secondSiteShare: { label: "The second site's copies, each active server's", unit: "copies", source: at("Role Requirements!I158"), expression: "IF(passive,serversFirstSite*(copies-copiesFirstSite),serversFirstSite*(copies-copiesFirstSite)+serversSecondSite*copiesFirstSite)" },
  mostMountedDatabases: { label: "The most databases the servers mount", unit: "databases", source: at("Role Requirements!I158"), expression: "IF(twoSites,MIN(most*serversFirstSite*activeServers/firstSiteShare,most*serversSecondSite*activeServers/secondSiteShare),most*serversFirstSite/copies)" },
  // The balanced count (layout.ts balancedDatabaseCount, one or two sites): a whole number of rounds on every active
  // server, a round the product of the distinct periods a failure rotates over (layout.ts balancingPeriods). The
  // lagged copies are the last in preference order: they come off the second site's first.
  activeActive: { label: "An active/active DAG of two sites", unit: "", source: ours("active/active"), expression: "AND(twoSites,NOT(passive))" },
  homeActivatable: { label: "Copies that activate in a database's home site", unit: "copies", source: ours("activation"), expression: "MIN(copiesFirstSite,activatableCopies)" },
  otherActivatable: { label: "Copies that activate in the other site", unit: "copies", source: ours("activation"), expression: "MAX(0,copies-copiesFirstSite-laggedCopies)" },
  // A server's failure within the first site (n₁ − 1: two activatable copies at home, or active/active, at the other).
  withinFirstSite: { label: "A failure rotating within the first site", unit: "", source: ours("balanced rounds"), expression: "OR(homeActivatable>=2,AND(activeActive,otherActivatable>=2))" },
  withinSecondSite: { label: "A failure rotating within the second site", unit: "", source: ours("balanced rounds"), expression: "AND(twoSites,OR(otherActivatable>=2,AND(activeActive,homeActivatable>=2)))" },
  // A failure carried to the other site's n servers: one copy at home (active/active), or a site whose servers do not divide
  // the other's. IF, not AND: Excel computes every argument of AND, and one site would divide by zero.
  toSecondSite: { label: "A failure rotating over the second site", unit: "", source: ours("balanced rounds"), expression: "IF(twoSites,OR(AND(activeActive,homeActivatable=1,otherActivatable>=1),AND(otherActivatable>=1,serversFirstSite-serversSecondSite*ROUNDDOWN(serversFirstSite/serversSecondSite,0)<>0)),FALSE)" },
  toFirstSite: { label: "A failure rotating over the first site", unit: "", source: ours("balanced rounds"), expression: "IF(activeActive,OR(AND(homeActivatable=1,otherActivatable>=1),AND(otherActivatable>=1,serversSecondSite-serversFirstSite*ROUNDDOWN(serversSecondSite/serversFirstSite,0)<>0)),FALSE)" },
  // n₁ − 1, n₂ − 1, n₂ and n₁, each once: a period equal to one taken before is not taken again. The second site's
  // servers in arithmetic only where a branch has it (one site's cell may hold no number).
  balancingRounds: {
    label: "Rounds that balance every failure",
    unit: "rounds",
    source: ours("balanced rounds"),
    expression:
      "IF(withinFirstSite,serversFirstSite-1,1)" +
      "*IF(AND(withinSecondSite,NOT(AND(withinFirstSite,serversSecondSite=serversFirstSite))),serversSecondSite-1,1)" +
      "*IF(AND(toSecondSite,NOT(AND(withinFirstSite,serversSecondSite=serversFirstSite-1))),serversSecondSite,1)" +
      "*IF(AND(toFirstSite,NOT(AND(withinSecondSite,serversFirstSite+1=serversSecondSite)),NOT(AND(toSecondSite,serversFirstSite=serversSecondSite))),serversFirstSite,1)",
  },
  activeServers: { label: "Servers that host active copies", unit: "servers", source: ours("active servers"), expression: "serversFirstSite+IF(activeActive,serversSecondSite,0)" },
  activationUnit: { label: "Databases of one balanced round on every active server", unit: "databases", source: ours("balanced count"), expression: "activeServers*balancingRounds" },
  balancedDatabases: { label: "The balanced count of at least the databases", unit: "databases", source: ours("balanced count"), parameters: ["minimum"], expression: "MAX(1,ROUNDUP(minimum/activationUnit,0))*activationUnit" },
  // Sized never less (ours, docs/whole-design.md): the calculator's count balanced, at least the count deployed at
  // fewer copies where the servers mount it, else the most whole rounds they mount — never fewer than its own balanced.
  atLeastBalanced: { label: "The count balanced, at least fewer copies'", unit: "databases", source: ours("sized never less"), expression: "balancedDatabases(MAX(count,fewerCopiesDatabases))" },
  ownBalanced: { label: "The calculator's count balanced", unit: "databases", source: ours("sized never less"), expression: "balancedDatabases(count)" },
  mountedDatabases: { label: "The most databases whole rounds put on the servers", unit: "databases", source: at("Role Requirements!I158"), expression: "activationUnit*ROUNDDOWN(mostMountedDatabases/activationUnit,0)" },
  deployedDatabases: { label: "The databases deployed sized never less", unit: "databases", source: ours("sized never less"), expression: "MIN(atLeastBalanced,MAX(ownBalanced,mountedDatabases))" },
  // Each scenario's worst case at a balanced count, in closed form (EX_FAILOVER; what layout.ts worstCase finds by
  // simulation there): R = databases ÷ active servers a server in normal running, the failed servers' load spread
  // evenly over the servers holding their next copies — the busiest survivor carries R × its factor.
  // A server: over its site's others (two activatable copies at home), else over the other site's servers.
  serverFails: { label: "A server's failure not survived", unit: "", source: ours("a server fails"), expression: "homeActivatable+otherActivatable<2" },
  serverSpread: { label: "The busiest survivor's share when a server of n fails, m in the other site", unit: "", source: ours("a server fails"), parameters: ["n", "m"], expression: "IF(homeActivatable>=2,1+1/(n-1),1+1/m)" },
  serverFactor: { label: "The busiest survivor's share when a server fails", unit: "", source: ours("a server fails"), expression: "IF(activeActive,MAX(serverSpread(serversFirstSite,serversSecondSite),serverSpread(serversSecondSite,serversFirstSite)),IF(homeActivatable>=2,1+1/(serversFirstSite-1),1))" },
  serverRunning: { label: "Servers running when a server fails", unit: "servers", source: ours("a server fails"), expression: "dagServers-1" },
  // A site: its databases to their first copy in the other; the busier loss is the worst.
  siteFails: { label: "A site's failure not survived", unit: "", source: ours("a site fails"), expression: "IF(twoSites,otherActivatable<1,TRUE)" },
  firstSiteLost: { label: "The busiest survivor's share when the first site fails", unit: "", source: ours("a site fails"), expression: "IF(passive,serversFirstSite/serversSecondSite,dagServers/serversSecondSite)" },
  secondSiteLost: { label: "The busiest survivor's share when the second site fails", unit: "", source: ours("a site fails"), expression: "IF(passive,1,dagServers/serversFirstSite)" },
  siteFactor: { label: "The busiest survivor's share when a site fails", unit: "", source: ours("a site fails"), expression: "MAX(firstSiteLost,secondSiteLost)" },
  siteRunning: { label: "Servers running when a site fails", unit: "servers", source: ours("a site fails"), expression: "IF(secondSiteLost>firstSiteLost,serversFirstSite,serversSecondSite)" },
  // A site and a server of the other: the active servers' databases over the other site's servers less one.
  siteServerFails: { label: "A site's and a server's failure not survived", unit: "", source: ours("a site and a server fail"), expression: "IF(twoSites,OR(otherActivatable<2,homeActivatable<2),TRUE)" },
  firstSiteServerLost: { label: "The busiest survivor's share when the first site and a server fail", unit: "", source: ours("a site and a server fail"), expression: "activeServers/(serversSecondSite-1)" },
  secondSiteServerLost: { label: "The busiest survivor's share when the second site and a server fail", unit: "", source: ours("a site and a server fail"), expression: "activeServers/(serversFirstSite-1)" },
  siteServerFactor: { label: "The busiest survivor's share when a site and a server fail", unit: "", source: ours("a site and a server fail"), expression: "MAX(firstSiteServerLost,secondSiteServerLost)" },
  siteServerRunning: { label: "Servers running when a site and a server fail", unit: "servers", source: ours("a site and a server fail"), expression: "IF(secondSiteServerLost>firstSiteServerLost,serversFirstSite-1,serversSecondSite-1)" },
  // The busiest survivor: R × its share databases; its mailboxes, share × users ÷ active servers, whole up (layout.ts activeMailboxes, E6).
  busiestDatabases: { label: "Active databases on the busiest server", unit: "databases", source: ours("the busiest server"), parameters: ["share"], expression: "ROUND(databases/activeServers*share,0)" },
  busiestMailboxes: { label: "Active mailboxes on the busiest server", unit: "mailboxes", source: ours("the busiest server"), parameters: ["share"], expression: "CEILCOUNT(share*users/activeServers)" },
  // The IOPS a mailbox Jetstress is given, up to its three decimals, and a server's target, whole IOPS up — Dell EMC's 2016 design, Table 9.
  jetstressIopsPerMailbox: { label: "IOPS a mailbox as Jetstress is given it", unit: "IOPS", source: esrp2016("Table 9"), expression: "CEILCOUNT(iopsPerMailbox*jetstressScale)/jetstressScale" },
  targetIops: { label: "A server's Jetstress target", unit: "IOPS", source: esrp2016("Table 9"), parameters: ["mailboxes"], expression: "CEILCOUNT(mailboxes*jetstressIopsPerMailbox)" },
});

export type LayoutRule = keyof typeof LAYOUT_RULES.rules;
