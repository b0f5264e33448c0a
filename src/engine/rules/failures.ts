/**
 * The failures Microsoft's calculator sizes the busiest server for, as rules — Role Requirements!C86,
 * C103, C116:C130: the active databases on the busiest server in normal runtime, when one or two servers
 * fail, when a site fails and when a site and one or two more servers do, and the worst of them. Each is
 * written once (rule.ts derives the engine's value, microsoft/design.ts activeDatabases, the Methods
 * sheet's formulas and the words). A mode that cannot occur or is not survivable is the calculator's "--":
 * `noCase`, below zero, which the engine reads as none.
 *
 * Only HA copies activate, round-robin from the first site, the lagged last (Input!C30:C33). An
 * active/active DAG of two sites holds half its databases in each (Variables!K43); an active/passive one
 * (Input!G23) every database in the first, the second's servers passive until it fails.
 */
import { MICROSOFT } from "../microsoft/tables";
import { calculatorAt, SITE_RULES } from "./microsoft";
import { constant, input, SITE_OPERANDS } from "./operands";
import { defineRuleSet, type Operand } from "./rule";

const at = calculatorAt;

export const FAILURE_OPERANDS = {
  ...SITE_OPERANDS,
  laggedCopies: input("lagged copies", "copies"),
  databases: input("databases", "databases"),
  copiesPerServer: input("database copies a server", "copies"),
  symmetricDatabases: input("databases for symmetrical distribution", "databases"),
  // The design's factors, given as inputs: sized never less (either site fails) and Replay Lag Manager (Input!G33).
  neverLess: input("sized never less (1, else 0)"),
  replayLagManager: input("Replay Lag Manager (1, else 0)"),
  // The transport: the day's messages of every mailbox, their average size, the lagged copies' replay lag.
  messagesPerDay: input("messages a day, every mailbox's", "messages"),
  messageKB: input("average message size", "KB"),
  lagDays: input("replay lag", "days"),
  firstSiteShare: constant("half the databases", MICROSOFT.firstSiteUserShare),
  noCase: constant("none", -1, "databases"),
  noSurvivor: constant("no server left", 1e9, "servers"),
  shadowCopies: constant("2 copies of each message", MICROSOFT.transportShadowCopies, "copies"),
  queueShare: constant("half a day's messages queued", MICROSOFT.transportQueueRate),
  queueDays: constant("2 days", MICROSOFT.transportQueueDays, "days"),
  safetyNetDays: constant("7 days of Safety Net", MICROSOFT.safetyNetDays, "days"),
  kbPerGB: constant("1,024² KB", MICROSOFT.kbPerGB, "KB"),
  // The servers named against the worst failure: their SPECint2006 rate and cores, and the busiest server's megacycles then.
  megacycles: input("megacycles of the busiest server, the worst failure", "megacycles"),
  specRate: input("SPECint2006 rate a server"),
  cores: input("processor cores a server", "cores"),
  baselineMegacycles: constant("2,000 megacycles a core", MICROSOFT.baselineMegacycles, "megacycles"),
  baselineSpecPerCore: constant("33.75, the baseline's rate a core", MICROSOFT.baselineSpecPerCore),
  cpuTarget: constant("the 80% CPU target", MICROSOFT.cpuUtilizationTarget),
} as const satisfies Record<string, Operand>;

/** The failure modes' rules, by the mode (microsoft/design.ts ActiveDatabases). */
export const FAILURE_MODE_RULES = {
  normal: "normalActive",
  server: "serverActive",
  doubleServer: "doubleServerActive",
  site: "siteActive",
  siteServer: "siteServerActive",
  siteDoubleServer: "siteDoubleServerActive",
  worst: "worstActive",
} as const;

export const FAILURE_RULES = defineRuleSet("Microsoft's method", FAILURE_OPERANDS, {
  highAvailability: SITE_RULES.highAvailability,
  twoSites: { label: "Two sites", unit: "", source: at("Input!C26"), expression: "serversSecondSite>0" },
  passive: { label: "An active/passive DAG", unit: "", source: at("Input!G23"), expression: "AND(twoSites,activePassive>0)" },
  bothActive: { label: "Both sites active", unit: "", source: at("Input!G23"), expression: "AND(twoSites,NOT(passive))" },
  haCopies: { label: "HA copies", unit: "copies", source: at("Input!C30"), expression: "copies-laggedCopies" },
  haFirstSite: { label: "HA copies in the first site", unit: "copies", source: at("Role Requirements!I63"), expression: "ROUNDUP(haCopies/IF(twoSites,2,1),0)" },
  haSecondSite: { label: "HA copies in the second site", unit: "copies", source: at("Role Requirements!I65"), expression: "haCopies-haFirstSite" },
  copiesSecondSite: SITE_RULES.copiesSecondSite,
  firstSiteDatabases: { label: "Databases active in the first site", unit: "databases", source: at("Role Requirements!C86"), expression: "IF(bothActive,ROUNDUP(databases*firstSiteShare,0),databases)" },
  secondSiteDatabases: { label: "Databases active in the second site", unit: "databases", source: at("Role Requirements!C86"), expression: "databases-firstSiteDatabases" },
  // A site's d databases over its n servers (C116), then one of them failing (C117): its share spread over the
  // rest where the site holds two HA copies; with one, the servers keep their normal load.
  normalLoad: { label: "Active databases a server, normal runtime", unit: "databases", source: at("Role Requirements!C116"), parameters: ["d", "n"], expression: "IF(d=1,1,d/n)" },
  oneFailureLoad: { label: "Active databases a server, a server failed", unit: "databases", source: at("Role Requirements!C117"), parameters: ["d", "n", "h"], expression: "IF(h>1,IF(d=1,1,ROUNDUP(normalLoad(d,n)+normalLoad(d,n)/(n-1),0)),IF(n>1,normalLoad(d,n),noCase))" },
  // Two fail (C121) where survivable: with three HA copies at most the copies a server; with fewer, the site's
  // databases less the two failed servers' shares; two more where the first site's copies fall short of the
  // symmetric count (C88 < C78).
  twoFailureLoad: { label: "Active databases a server, two servers failed", unit: "databases", source: at("Role Requirements!C121"), parameters: ["d", "n", "h", "short", "survivable"], expression: "IF(survivable,IF(h>=3,MIN(copiesPerServer,IF(n-2=1,copiesPerServer/2,ROUNDUP(normalLoad(d,n)+normalLoad(d,n)*2/(n-2),0)+short)),IF(n>2,MIN(copiesPerServer,ROUNDUP((d-ROUNDUP(normalLoad(d,n)/(n-1),0)*2)/(n-2),0)+short),0)),noCase)" },
  shortFirstSite: { label: "Two more where the first site's copies fall short", unit: "databases", source: at("Role Requirements!C88"), expression: "IF(firstSiteDatabases*haFirstSite<symmetricDatabases,2,0)" },
  // Three HA copies and 4 servers: in one site its own; in two, in all and in the other site (the second, both).
  survivableFirstSite: { label: "Two failures in the first site survivable", unit: "", source: at("Role Requirements!C121"), expression: "IF(twoSites,AND(haCopies>=3,serversSecondSite>=4),AND(haFirstSite>=3,serversFirstSite>=4))" },
  survivableSecondSite: { label: "Two failures in the second site survivable", unit: "", source: at("Role Requirements!D121"), expression: "AND(haCopies>=3,serversFirstSite+serversSecondSite>=4)" },
  firstNormal: { label: "A first-site server, normal runtime", unit: "databases", source: at("Role Requirements!C116"), expression: "normalLoad(firstSiteDatabases,serversFirstSite)" },
  firstOne: { label: "A first-site server, a server failed", unit: "databases", source: at("Role Requirements!C117"), expression: "oneFailureLoad(firstSiteDatabases,serversFirstSite,haFirstSite)" },
  firstTwo: { label: "A first-site server, two servers failed", unit: "databases", source: at("Role Requirements!C121"), expression: "twoFailureLoad(firstSiteDatabases,serversFirstSite,haFirstSite,shortFirstSite,survivableFirstSite)" },
  secondNormal: { label: "A second-site server, normal runtime", unit: "databases", source: at("Role Requirements!D116"), expression: "normalLoad(secondSiteDatabases,serversSecondSite)" },
  secondOne: { label: "A second-site server, a server failed", unit: "databases", source: at("Role Requirements!D117"), expression: "oneFailureLoad(secondSiteDatabases,serversSecondSite,haSecondSite)" },
  secondTwo: { label: "A second-site server, two servers failed", unit: "databases", source: at("Role Requirements!D121"), expression: "twoFailureLoad(secondSiteDatabases,serversSecondSite,haSecondSite,0,survivableSecondSite)" },
  // Active/passive, the second site takes the first's failures its copies cover: one HA copy at home (C118), two failures (C122).
  oneInSecond: { label: "A second-site server, a first-site server failed", unit: "databases", source: at("Role Requirements!C118"), expression: "IF(AND(passive,haSecondSite>=1,haFirstSite=1),ROUNDUP((databases-MAX(0,firstOne))/serversSecondSite,0),noCase)" },
  twoInSecond: { label: "A second-site server, two first-site servers failed", unit: "databases", source: at("Role Requirements!C122"), expression: "IF(AND(passive,haSecondSite>=1,OR(haFirstSite<3,serversFirstSite<4),firstTwo>=0),ROUNDUP((IF(firstOne<0,firstNormal,firstOne)-firstNormal)*2/serversSecondSite,0),noCase)" },
  // A site fails (C127:C129): the other's m servers take every database, then one and two more fail where its HA
  // copies allow (Replay Lag Manager: its lagged copies too); equal sites, the first site's one- and two-failure
  // load twice (active/passive, once: its second site's servers were passive).
  siteHaFirst: { label: "Copies a first-site loss leaves in the first site", unit: "copies", source: at("Input!G33"), expression: "IF(replayLagManager>0,copiesFirstSite,haFirstSite)" },
  siteHaSecond: { label: "Copies a first-site loss leaves in the second site", unit: "copies", source: at("Input!G33"), expression: "IF(replayLagManager>0,copiesSecondSite,haSecondSite)" },
  // Equal sites: whichever site is lost, the other's servers carry the first site's load (either holds as many HA copies or more).
  equalOne: { label: "A site's loss and a server, equal sites", unit: "databases", source: at("Role Requirements!C128"), expression: "IF(passive,1,2)*MAX(0,firstOne)" },
  equalTwo: { label: "A site's loss and two servers, equal sites", unit: "databases", source: at("Role Requirements!C129"), expression: "IF(passive,1,2)*MAX(0,firstTwo)" },
  // The first site's loss (the calculator's; always, active/passive); sized never less, either's.
  eitherSiteLost: { label: "Either site's loss sized", unit: "", source: at("Role Requirements!C127"), expression: "AND(neverLess>0,NOT(passive))" },
  equalSites: { label: "Sites of equal servers", unit: "", source: at("Role Requirements!C128"), expression: "serversFirstSite=serversSecondSite" },
  survivorHa: { label: "Copies the better survivor of a site's loss holds", unit: "copies", source: at("Role Requirements!C128"), expression: "MAX(siteHaSecond,IF(eitherSiteLost,siteHaFirst,0))" },
  siteLoss: { label: "A site lost", unit: "databases", source: at("Role Requirements!C127"), parameters: ["m", "hs"], expression: "IF(hs>=1,ROUNDUP(databases/m,0),noCase)" },
  siteServerLoss: { label: "A site lost and a server", unit: "databases", source: at("Role Requirements!C128"), parameters: ["m", "hs"], expression: "IF(AND(hs>=2,m>=2),ROUNDUP(databases/(m-1),0),noCase)" },
  siteDoubleLoss: { label: "A site lost and two servers", unit: "databases", source: at("Role Requirements!C129"), parameters: ["m", "hs"], expression: "IF(AND(hs>=3,m>=4),ROUNDUP(databases/(m-2),0),noCase)" },
  normalActive: { label: "Active databases on the busiest server, normal runtime", unit: "databases", source: at("Role Requirements!C195"), expression: "IF(highAvailability,MAX(firstNormal,IF(bothActive,secondNormal,noCase)),databases)" },
  serverActive: { label: "Active databases on the busiest server, a server failed", unit: "databases", source: at("Role Requirements!D195"), expression: "IF(highAvailability,MAX(firstOne,IF(bothActive,secondOne,noCase),oneInSecond),noCase)" },
  doubleServerActive: { label: "Active databases on the busiest server, two servers failed", unit: "databases", source: at("Role Requirements!E195"), expression: "IF(highAvailability,MAX(firstTwo,IF(bothActive,secondTwo,noCase),twoInSecond),noCase)" },
  siteActive: { label: "Active databases on the busiest server, a site failed", unit: "databases", source: at("Role Requirements!C127"), expression: "IF(AND(highAvailability,twoSites),MAX(siteLoss(serversSecondSite,siteHaSecond),IF(eitherSiteLost,siteLoss(serversFirstSite,siteHaFirst),noCase)),noCase)" },
  siteServerActive: { label: "Active databases on the busiest server, a site and a server failed", unit: "databases", source: at("Role Requirements!C128"), expression: "IF(AND(highAvailability,twoSites),IF(equalSites,IF(AND(survivorHa>=2,serversFirstSite>=2),equalOne,noCase),MAX(siteServerLoss(serversSecondSite,siteHaSecond),IF(eitherSiteLost,siteServerLoss(serversFirstSite,siteHaFirst),noCase))),noCase)" },
  siteDoubleServerActive: { label: "Active databases on the busiest server, a site and two servers failed", unit: "databases", source: at("Role Requirements!C129"), expression: "IF(AND(highAvailability,twoSites),IF(equalSites,IF(AND(survivorHa>=3,serversFirstSite>=4),equalTwo,noCase),MAX(siteDoubleLoss(serversSecondSite,siteHaSecond),IF(eitherSiteLost,siteDoubleLoss(serversFirstSite,siteHaFirst),noCase))),noCase)" },
  noFailureSurvivable: { label: "No failure survivable", unit: "", source: at("Role Requirements!C103"), expression: "AND(haFirstSite<=1,serversFirstSite=1,OR(NOT(passive),NOT(survivableFirstSite)))" },
  worstActive: { label: "Active databases on the busiest server, worst failure", unit: "databases", source: at("Role Requirements!C103"), expression: "IF(highAvailability,IF(noFailureSurvivable,firstNormal*IF(bothActive,2,1),MAX(firstOne,firstTwo,IF(passive,0,MAX(siteActive,siteServerActive,siteDoubleServerActive)))),databases)" },
  // The transport (Safety Net) database — Role Requirements!C107, C180:C184: a day's messages over the servers left
  // after the worst failure, held twice, queued and kept by Safety Net (or the lagged copies' replay lag, if longer).
  servers: SITE_RULES.servers,
  // A site's m servers lose two with three HA copies and 4 servers, one with two and 2; Replay Lag Manager, one or
  // two more where the site case its lagged copies allow is the worst.
  lostInSite: { label: "Servers a site loses", unit: "servers", source: at("Role Requirements!C107"), parameters: ["h", "m"], expression: "IF(AND(h>=3,m>=4),2,IF(AND(h>=2,m>=2),1,0))" },
  moreLostInSite: { label: "Servers more a site loses with its lagged copies activated", unit: "servers", source: at("Role Requirements!C107"), parameters: ["all", "m"], expression: "IF(replayLagManager>0,IF(AND(all>=3,m>=4,siteDoubleServerActive>MAX(siteActive,siteServerActive)),2,IF(AND(all>=2,m>=2,siteServerActive>siteActive),1,0)),0)" },
  leftInSite: { label: "Servers left in a site after a site's loss", unit: "servers", source: at("Role Requirements!C107"), parameters: ["m", "h", "all"], expression: "IF(h>=1,m-MAX(lostInSite(h,m),moreLostInSite(all,m)),noSurvivor)" },
  // One site: its servers less the one or two failures the DAG survives; two, the other site's after the first's loss
  // (sized never less, the fewer of either's); stand-alone, every server.
  transportServers: { label: "Servers left after the worst failure", unit: "servers", source: at("Role Requirements!C107"), expression: "IF(highAvailability,IF(twoSites,IF(eitherSiteLost,MIN(leftInSite(serversFirstSite,haFirstSite,copiesFirstSite),leftInSite(serversSecondSite,haSecondSite,copiesSecondSite)),leftInSite(serversSecondSite,haSecondSite,copiesSecondSite)),serversFirstSite-IF(doubleServerActive>0,2,IF(serverActive>0,1,0))),servers)" },
  // Replication Requirements!E14: each database's copies in the site it is not active in receive its logs.
  logStreams: { label: "Log streams between the sites", unit: "streams", source: at("Role Requirements!I173"), expression: "IF(twoSites,firstSiteDatabases*copiesSecondSite+secondSiteDatabases*copiesFirstSite,0)" },
  transportDays: { label: "Days a message is held", unit: "days", source: at("Role Requirements!C182"), expression: "1+queueShare*queueDays+MAX(safetyNetDays,IF(laggedCopies>0,lagDays,0))" },
  transportGB: { label: "Transport database a server", unit: "GB", source: at("Role Requirements!C184"), expression: "messagesPerDay/transportServers*shadowCopies*transportDays*messageKB/kbPerGB" },
  // The busiest server's CPU utilisation in the worst failure (Role Requirements!G208: its megacycles over the
  // server's, the rate × 2,000 ÷ 33.75, C159, C162), and the cores at that rate a core that keep it within the
  // target (ours: the calculator marks the utilisation, it does not size to it).
  cpuUtilization: { label: "CPU utilisation of the busiest server, the worst failure", unit: "", source: at("Role Requirements!G208"), expression: "megacycles*baselineSpecPerCore/(specRate*baselineMegacycles)" },
  coresToCarry: { label: "Cores a server that carry the worst failure within the target", unit: "cores", source: at("Role Requirements!C255"), expression: "CEILCOUNT(cpuUtilization*cores/cpuTarget)" },
});

export type FailureRule = keyof typeof FAILURE_RULES.rules;
