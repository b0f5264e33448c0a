import { SizingError } from "../errors";
import { excelCeil, excelRound } from "./excel";
import { copiesPerSite } from "../failover";
import { mailboxRequirement, type MailboxRequirement, type MailboxTier } from "./mailbox";
import { MICROSOFT, type MicrosoftFactors } from "./tables";
import { MICROSOFT_RULES, microsoftFactorSlots } from "../rules/microsoft";
import { SERVER_DISK_RULES } from "../rules/disks";
import { COUNT_RULES } from "../rules/count";
import { FAILURE_RULES } from "../rules/failures";
import type { Value } from "../rules/rule";

// Microsoft's rules (rules/microsoft.ts), compiled once: the size of a database from its mailboxes and their size on disk (weighted over the tiers).
const databaseGBOf = MICROSOFT_RULES.compileAt("databaseGB", ["mailboxesPerDatabase", "disk"]);
const VOLUME_INPUTS = ["databaseGB", "logSpaceGB", "databases"] as const;
const [databaseVolumeOf, logVolumeOf, capacityPerCopyOf] = (["databaseVolumeGB", "logVolumeGB", "capacityPerCopyGB"] as const).map((key) => MICROSOFT_RULES.compileAt(key, VOLUME_INPUTS));

// The DAG's I/O (rules/microsoft.ts, Role Requirements!I75:I83, E281:E282) from its transfers (summed over
// the tiers), its databases, copies a server, whether it is a DAG, the busiest server's active databases
// and its servers (IO_GIVEN); each figure computed once and given to the next (IO_CHAINED, filled in this order).
const IO_GIVEN = ["transfers", "readTransfers", "databases", "copiesPerServer", "highAvailability", "active", "servers"] as const;
const IO_CHAINED = ["ioReadShare", "environmentIops", "databaseIops", "serverIops", "serverLogWrites", "serverLogReads", "serverLogIops"] as const;
const IO_INPUTS = [...IO_GIVEN, ...IO_CHAINED] as const;
const IO_CHAIN = IO_CHAINED.map((key) => MICROSOFT_RULES.compileAt(key, IO_INPUTS));
const [dagIopsOf, dagLogIopsOf, databaseLogIopsOf] = (["dagIops", "dagLogIops", "databaseLogIops"] as const).map((key) => MICROSOFT_RULES.compileAt(key, IO_INPUTS));

// The busiest server (rules/microsoft.ts, Role Requirements!C133:C142, C199:G201, C254): from its active
// databases, the mailboxes a database and their per-mailbox figures weighted over the tiers; each figure
// computed once and given to the next (the SERVER_INPUTS after "cores", filled in this order).
const SERVER_INPUTS = [
  "highAvailability", "active", "databases", "copiesPerServer", "mailboxesPerDatabase", "activeMegacycles", "passiveMegacycles", "casMegacycles", "cacheMB", "itemsPerMailbox", "specRate", "cores",
  "busyActive", "busyPassive", "busyActiveMegacycles", "busyPassiveMegacycles", "busyCasMegacycles", "megacycles", "megacyclesPerCore", "cacheGB", "casMemoryGB", "calculatedMemoryGB", "contentIndexMemoryGB", "totalMemoryGB",
] as const;
type ServerInput = (typeof SERVER_INPUTS)[number];
const AT = Object.fromEntries(SERVER_INPUTS.map((key, k) => [key, k])) as Record<ServerInput, number>;
const serverRule = (key: Parameters<typeof MICROSOFT_RULES.compileAt>[0]) => MICROSOFT_RULES.compileAt(key, SERVER_INPUTS);
const [busyActiveOf, busyPassiveOf, busyActiveMegacyclesOf, busyPassiveMegacyclesOf, busyCasMegacyclesOf, megacyclesOf, megacyclesPerCoreOf, coresNeededOf] = (
  ["busyActive", "busyPassive", "busyActiveMegacycles", "busyPassiveMegacycles", "busyCasMegacycles", "megacycles", "megacyclesPerCore", "coresNeeded"] as const
).map(serverRule);
const [cacheGBOf, minimumMemoryOf, casMemoryOf, calculatedMemoryOf, contentIndexMemoryOf, totalMemoryOf] = (
  ["cacheGB", "minimumMemoryGB", "casMemoryGB", "calculatedMemoryGB", "contentIndexMemoryGB", "totalMemoryGB"] as const
).map(serverRule);
const memoryGBOf = MICROSOFT_RULES.compileAt("memoryGB", ["totalMemoryGB"]);
const minimumMemoryByCopiesOf = MICROSOFT_RULES.compileAt("minimumMemoryGB", ["copiesPerServer"]);
const NO_SLOTS: readonly number[] = [];
const coresPerServerOf = MICROSOFT_RULES.compileAt("coresPerServer", ["specRate", "coresNeeded", "megacycles"]);

/** The cores the SPECint2006 rate needs, or with no rate the baseline server's (rules/microsoft.ts coresPerServer, Role Requirements!C254, C159). */
export const microsoftCores = (specIntRate: number, coresNeeded: number, megacycles: number): number => coresPerServerOf([specIntRate, coresNeeded, megacycles], NO_SLOTS);

// The logs (rules/microsoft.ts, Role Requirements!C147:C156, Volume Requirements!F123) from the users' logs
// and the mailboxes moved, summed over the tiers; each figure given to the next.
const LOG_INPUTS = ["dailyLogs", "movedGB", "highAvailability", "servers", "laggedCopies", "databases", "userLogs", "movesGB", "keptLogDays"] as const;
const [userLogsOf, movesGBOf, keptLogDaysOf, logSpaceGBOf, logsPerDatabaseOf] = (["userLogs", "movesGB", "keptLogDays", "logSpaceGB", "logsPerDatabase"] as const).map((key) =>
  MICROSOFT_RULES.compileAt(key, LOG_INPUTS),
);
const replicationPerDatabaseOf = MICROSOFT_RULES.compileAt("replicationPerDatabase", ["logsPerDatabase", "hourShare"]);

// The database count (rules/count.ts, Role Requirements!C62:C80) from the design (COUNT_GIVEN); each figure
// computed once and given to the next (COUNT_CHAINED, filled in this order).
const COUNT_GIVEN = [
  "copies", "copiesFirstSite", "serversFirstSite", "serversSecondSite", "activePassive", "askedVolumeDatabases", "jbod", "severalPerVolume",
  "diskRawGB", "diskIops", "customMaxDatabaseGB", "sizedMailboxes", "disk", "peakPerMailbox", "setDatabases", "dataOverhead", "contentIndexShare", "volumeFreeShare",
] as const;
const COUNT_CHAINED = [
  "highAvailability", "servers", "halvesCopies", "volumeCopies", "maxSizeVolume", "formattedGB", "calculatedMaxDatabaseGB", "maxDatabaseGB", "capacityMailboxes", "ioMailboxes",
  "mailboxesPerDatabaseLimit", "mostDatabasesPerServer", "maxDatabases", "rawDatabases", "calculatedDatabases", "permutations", "symmetricDatabases", "diskGroup", "countedDatabases",
] as const;
const COUNT_CHAIN = COUNT_CHAINED.map((key) => COUNT_RULES.compileAt(key, [...COUNT_GIVEN, ...COUNT_CHAINED]));
const IO_MAILBOXES = COUNT_CHAINED.indexOf("ioMailboxes");
/** Where the count's figures that microsoftDatabaseCount returns sit among its inputs and figures. */
const COUNT_FIGURES = (["maxDatabaseGB", "capacityMailboxes", "ioMailboxes", "maxDatabases", "symmetricDatabases", "countedDatabases"] as const).map((key) => COUNT_GIVEN.length + COUNT_CHAINED.indexOf(key));
const volumeCopiesRule = COUNT_RULES.compileAt("volumeCopies", ["copies", "copiesFirstSite", "activePassive", "askedVolumeDatabases"]);
const laidVolumeDatabasesRule = COUNT_RULES.compileAt("laidVolumeDatabases", ["copies", "copiesFirstSite", "activePassive", "askedVolumeDatabases", "severalPerVolume"]);
const tooManyCopiesOf = COUNT_RULES.compileAt("tooManyCopies", ["copies", "serversFirstSite", "serversSecondSite", "countedDatabases"]);

// The failures (rules/failures.ts, Role Requirements!C103, C116:C130) from the count (FAILURE_GIVEN); each site's
// loads computed once and given to the modes (FAILURE_CHAINED, filled in this order, the modes last).
const FAILURE_GIVEN = ["copies", "laggedCopies", "copiesFirstSite", "serversFirstSite", "serversSecondSite", "activePassive", "databases", "copiesPerServer", "symmetricDatabases", "neverLess", "replayLagManager"] as const;
const FAILURE_MODES = ["normalActive", "serverActive", "doubleServerActive", "siteActive", "siteServerActive", "siteDoubleServerActive", "worstActive"] as const;
const FAILURE_CHAINED = [
  "highAvailability", "twoSites", "passive", "bothActive", "haCopies", "haFirstSite", "haSecondSite", "copiesSecondSite", "firstSiteDatabases", "secondSiteDatabases",
  "shortFirstSite", "survivableFirstSite", "survivableSecondSite", "firstNormal", "firstOne", "firstTwo", "secondNormal", "secondOne", "secondTwo",
  "oneInSecond", "twoInSecond", "siteHaFirst", "siteHaSecond", "equalOne", "equalTwo", "eitherSiteLost", "equalSites", "survivorHa", "noFailureSurvivable", ...FAILURE_MODES,
] as const;
const FAILURE_CHAIN = FAILURE_CHAINED.map((key) => FAILURE_RULES.compileAt(key, [...FAILURE_GIVEN, ...FAILURE_CHAINED]));
// The transport (rules/failures.ts, Role Requirements!C107, C180:C184) from the failure modes the design sizes.
const TRANSPORT_INPUTS = [
  "copies", "laggedCopies", "copiesFirstSite", "serversFirstSite", "serversSecondSite", "activePassive", "neverLess", "replayLagManager",
  "serverActive", "doubleServerActive", "siteActive", "siteServerActive", "siteDoubleServerActive", "messagesPerDay", "messageKB", "lagDays", "transportServers",
] as const;
const [transportServersOf, transportGBOf] = (["transportServers", "transportGB"] as const).map((key) => FAILURE_RULES.compileAt(key, TRANSPORT_INPUTS));
const logStreamsOf = FAILURE_RULES.compileAt("logStreams", ["databases", "copies", "copiesFirstSite", "serversSecondSite", "activePassive"]);
/** Which of the chained figures a design skips, by place. */
const chained = (keys: readonly (typeof FAILURE_CHAINED)[number][]): readonly boolean[] => FAILURE_CHAINED.map((key) => (keys as readonly string[]).includes(key));
const NONE_SKIPPED = chained([]);
const FAILURE_MODES_AT = FAILURE_GIVEN.length + FAILURE_CHAINED.indexOf(FAILURE_MODES[0]);
const PASSIVE_ONLY = chained(["oneInSecond", "twoInSecond"]);
const ONE_SITE_NONE = chained(["secondNormal", "secondOne", "secondTwo", "oneInSecond", "twoInSecond", "siteHaFirst", "siteHaSecond", "equalOne", "equalTwo", "survivorHa", "siteActive", "siteServerActive", "siteDoubleServerActive"]);

/**
 * Microsoft's volumes of one copy, one database a volume — Volume Requirements!I123 (rules/microsoft.ts
 * databaseVolumeGB, logVolumeGB, capacityPerCopyGB): a database volume, a log volume, and the capacity.
 */
export function microsoftVolumes(databaseGB: number, logSpaceGB: number, databases: number, f: MicrosoftFactors) {
  const inputs = [databaseGB, logSpaceGB, databases];
  const slots = microsoftFactorSlots(f);
  return { databaseVolumeGB: databaseVolumeOf(inputs, slots), logVolumeGB: logVolumeOf(inputs, slots), capacityPerCopyGB: capacityPerCopyOf(inputs, slots) };
}

/**
 * One DAG (or, with one copy, stand-alone servers) as the calculator sizes it: the mailbox tiers it
 * holds, its servers per site (Input!C26: servers hosting active mailboxes per datacenter; one or
 * two sites, active/active as the Input!G23 example) and its database copies (HA plus lagged,
 * Input!C30 + C31), placed round-robin over the sites from the first, the lagged ones last.
 */
export interface MicrosoftDesign {
  tiers: readonly MailboxTier[];
  serversPerSite: readonly number[];
  copies: number;
  /**
   * How many of the copies are lagged (Input!C31): never activated, their replay lag (lagDays) kept in
   * the log space. Absent: the factors' laggedCopies (0 by default).
   */
  laggedCopies?: number;
  /** Specific databases per DAG instead of the calculated count (Input!G38 "No", G39). */
  databases?: number;
  /** The databases a design deploys, used exactly (the calculator's count balanced over our layout; src/engine/design). */
  deployedDatabases?: number;
  /** Processor cores per server and its SPECint2006 rate (0 = not given) — Input!C131, D131. */
  cores: number;
  specRate: number;
}

/**
 * Databases a JBOD volume holds at the databases a volume asked (0: C109 "Yes") — Role Requirements!C83,
 * Volume Requirements!I7: one at 1; active/passive (Input!G23), the first site's copies whatever C109 says;
 * else the copies, halved when C109 "No" halves them.
 */
export function volumeCopiesOf(copies: number, serversPerSite: readonly number[], f: Partial<Pick<MicrosoftFactors, "activePassive" | "databasesPerVolume">>): number {
  return volumeCopiesRule([copies, copiesPerSite(copies, serversPerSite.length)[0], activePassiveOf(serversPerSite, f) ? 1 : 0, f.databasesPerVolume ?? 0], NO_SLOTS);
}

/**
 * The databases a volume a JBOD server's disks lay out (serverDisks' choice): the calculator's
 * (volumeCopiesOf) for any number asked; 0 stays 0, the most that fit (docs/microsoft-method.md §9).
 * Where the calculator lays no several a volume (`several`: prefersJbod's multipleDatabasesPerVolume,
 * Role Requirements!C110 "No") one, as Volume Requirements!C110 "1 Volume / DB".
 */
export const volumeDatabasesOf = (copies: number, serversPerSite: readonly number[], f: Partial<Pick<MicrosoftFactors, "activePassive" | "databasesPerVolume">>, several = true): number =>
  laidVolumeDatabasesRule([copies, Math.ceil(copies / serversPerSite.length), activePassiveOf(serversPerSite, f) ? 1 : 0, f.databasesPerVolume ?? 0, several], NO_SLOTS);

/** An active/passive DAG (Input!G23 "Active/Passive"): two sites, every database active in the first. */
export const activePassiveOf = (serversPerSite: readonly number[], f: Partial<Pick<MicrosoftFactors, "activePassive">>): boolean => serversPerSite.length === 2 && (f.activePassive ?? 0) > 0;

// The DAG's JBOD or RAID (rules/disks.ts, Role Requirements!I127, I128; Volume Requirements!C110), over these inputs in order.
const JBOD_INPUTS = ["copies", "laggedCopies", "copiesFirstSite", "serversFirstSite", "serversSecondSite", "activePassive", "diskRawGB", "askedVolumeDatabases"] as const;
const [jbodOf, severalPerVolumeOf, secondSiteJbodOf] = (["jbod", "severalPerVolume", "secondSiteJbod"] as const).map((key) => SERVER_DISK_RULES.compile(key, JBOD_INPUTS));

/**
 * Whether the calculator deploys the DAG on JBOD — Role Requirements!I127 ("Preferred Storage
 * Architecture"): a JBOD disk given (Input!C107 "Yes", our diskGB), three or more HA copies
 * (Input!C30), in the first site no lagged copy or, without several databases a volume (C110), two;
 * and with two sites more than one copy in the second. `secondSiteJbod`: an active/passive DAG's second site's
 * servers on JBOD (I128). Several databases a volume (C110) need three
 * copies in all and, with two sites, as many in each — and not one a volume asked (databasesPerVolume
 * 1, Input!C108 "No").
 */
export function prefersJbod(
  serversPerSite: readonly number[],
  copies: number,
  laggedCopies: number,
  f: Pick<MicrosoftFactors, "diskGB"> & Partial<Pick<MicrosoftFactors, "activePassive" | "considerJbod" | "databasesPerVolume">>,
): { jbod: boolean; multipleDatabasesPerVolume: boolean; secondSiteJbod: boolean } {
  const two = serversPerSite.length === 2;
  const values = [copies, laggedCopies, copiesPerSite(copies, serversPerSite.length)[0], serversPerSite[0], two ? serversPerSite[1] : 0, activePassiveOf(serversPerSite, f) ? 1 : 0, f.diskGB, f.databasesPerVolume ?? 0];
  const factors = { considerJbod: f.considerJbod ?? 1 };
  // Yes-or-no rules: their closures give TRUE or FALSE (Compiled types every value a number).
  return { jbod: Boolean(jbodOf(values, factors)), multipleDatabasesPerVolume: Boolean(severalPerVolumeOf(values, factors)), secondSiteJbod: Boolean(secondSiteJbodOf(values, factors)) };
}

/** Active databases on the busiest server in each failure the calculator models — Role Requirements!C194:G196. */
export interface ActiveDatabases {
  normal: number;
  server: number;
  doubleServer: number;
  site: number;
  siteServer: number;
  siteDoubleServer: number;
  /** The largest: what memory, megacycles and log reads are sized for — Role Requirements!C103 (40). */
  worst: number;
}

/** The failure modes the calculator sizes the busiest server for, in its order (Role Requirements!C194:G194, C127:C129). */
export type MicrosoftFailureMode = keyof ActiveDatabases;
export const MICROSOFT_FAILURE_MODES: readonly MicrosoftFailureMode[] = ["normal", "server", "doubleServer", "site", "siteServer", "siteDoubleServer", "worst"];

/**
 * One failure mode of the busiest server: its active databases and megacycles — Role Requirements!C195:G195
 * and C199:G201 (normal, single, double, site failure, worst; the calculator shows no megacycles for a site
 * and one or two more servers, C128:C129, which we size the same way). A mode that cannot occur or is not
 * survivable (the calculator's "--", or 0 for a site in one site) does not apply: its megacycles are NaN.
 */
export interface MicrosoftModeFigures {
  applies: boolean;
  activeDatabases: number;
  /** Active, passive and client access megacycles, and their sum — C199, C200, C201. */
  activeMegacycles: number;
  passiveMegacycles: number;
  casMegacycles: number;
  megacycles: number;
}

export interface MicrosoftSizing {
  mailboxes: number;
  perTier: MailboxRequirement[];
  /** Share of each tier among the mailboxes — Role Requirements!C66:C69. */
  tierShares: number[];
  /** Weighted mailbox size on disk, MB. */
  mailboxOnDiskMB: number;
  /** The largest database sized — Role Requirements!C63: the calculated (C62, 707.8), or a custom maximum (the factor maxDatabaseGB) where smaller. */
  maxDatabaseGB: number;
  /** Mailboxes a database of the maximum size holds — Role Requirements!C75 (66.56). */
  mailboxesPerDatabaseLimit: number;
  /** Whether the calculator deploys JBOD — Role Requirements!I127 (prefersJbod). */
  jbod: boolean;
  /** Mailboxes a JBOD database can hold for I/O — Role Requirements!C74 (NaN on RAID, the calculator's "--"). */
  ioMailboxesPerDatabase: number;
  /** The most databases the DAG supports — Role Requirements!C65 (100); stand-alone a server's, C64 (98). */
  maxDatabases: number;
  /** Databases per DAG — Role Requirements!C79 (40); per server when stand-alone. */
  databases: number;
  /** Role Requirements!C81 (62.5). */
  mailboxesPerDatabase: number;
  /** Database size with overhead, GB — Volume Requirements!E123 (664.7). */
  databaseGB: number;
  /** Database copies on each server — Role Requirements!C102 (40). */
  copiesPerServer: number;
  servers: number;
  active: ActiveDatabases;
  /** Database IOPS of the DAG's active databases with overhead — Role Requirements!I76 (402). */
  environmentIops: number;
  /** The I/O overhead applied (Input!C44). */
  ioOverhead: number;
  readShare: number;
  /** Per database, per server, per DAG — Role Requirements!C281, D281, E281 (10.05, 402, 1,608). */
  databaseIops: number;
  serverIops: number;
  dagIops: number;
  /** Log IOPS: writes and reads per server, per server, per DAG — Role Requirements!I80, I81, D282, E282 (80.4 + 8.04 = 88.44; 353.8). */
  serverLogWrites: number;
  serverLogReads: number;
  serverLogIops: number;
  dagLogIops: number;
  databaseLogIops: number;
  /** Database cache the busiest server needs, GB — Role Requirements!C134 (30). */
  cacheGB: number;
  /** Role Requirements!C133, C140, C138, C139, C141, C142 (14, 8.4, 128.4, 7.04, 128.4, 160). */
  minimumMemoryGB: number;
  casMemoryGB: number;
  calculatedMemoryGB: number;
  contentIndexMemoryGB: number;
  totalMemoryGB: number;
  memoryGB: number;
  /** Worst-case megacycles of the busiest server — Role Requirements!G199:G201, C256 (21,250 + 0 + 7,968.75). */
  activeMegacycles: number;
  passiveMegacycles: number;
  casMegacycles: number;
  megacycles: number;
  /** Megacycles per core and per server from the SPECint2006 rate — Role Requirements!C159, C162; NaN without a rate. */
  megacyclesPerCore: number;
  availableMegacycles: number;
  /** Cores needed and utilisation — Role Requirements!C254, G208; NaN without a rate. */
  coresNeeded: number;
  utilization: number;
  /** Logs per database per day: users' and mailbox moves' — Role Requirements!C148, C154, C155 (2,500 + 972.3). */
  userLogsPerDatabase: number;
  moveLogsPerDatabase: number;
  logsPerDatabase: number;
  /** Log space per database, GB — Volume Requirements!F123 (23.7 with the example's 7-day lag). */
  logSpaceGB: number;
  /** Log streams that cross between the sites — Role Requirements!I173 (80). */
  logStreams: number;
  /** Each failure mode's active databases and megacycles on the busiest server — Role Requirements!C195:G201. */
  failureModes: Record<MicrosoftFailureMode, MicrosoftModeFigures>;
  /** Servers left after the worst failure, which share the transport load — Role Requirements!C107 (2). */
  transportServers: number;
  /**
   * Active/passive: the second site's servers, when the first site fails — their busiest server's active
   * databases (Role Requirements!C130, G196), megacycles (D256), memory (D253: at least the first site's)
   * and cores. Absent for active/active and one site.
   */
  secondary?: { activeDatabases: number; megacycles: number; memoryGB: number; coresNeeded: number };
  /** Transport (Safety Net) database per server and for all servers, GB — Role Requirements!C184, D273, E273 (643.7; 2,574.9). */
  transportGB: number;
  transportAllGB: number;
}

/** Lagged copies of the design (Input!C31): the design's own, else the factors'. */
const laggedOf = (d: MicrosoftDesign, f: MicrosoftFactors): number => d.laggedCopies ?? f.laggedCopies ?? 0;

/** HA copies in each site: the copies round-robin from the first site, the lagged ones last (Input!C30:C33). */
export function haCopiesPerSite(copies: number, laggedCopies: number, sites: number): number[] {
  return copiesPerSite(copies - laggedCopies, sites);
}

function checkDesign(d: MicrosoftDesign, f: MicrosoftFactors): void {
  if (d.tiers.length === 0 || d.tiers.every((t) => t.mailboxes === 0)) throw new SizingError("#VALUE!", "mailboxes must total at least 1");
  if (d.serversPerSite.length < 1 || d.serversPerSite.length > 2) throw new SizingError("#VALUE!", "servers must be one or two sites");
  const lagged = laggedOf(d, f);
  if (f.lagDays > 0 && lagged === 0) {
    throw new SizingError("#VALUE!", `lagDays is the replay delay of lagged copies: give laggedCopies, how many of the ${d.copies} copies are lagged (1 or more), or lagDays 0`);
  }
  const [n1, n2 = 0] = d.serversPerSite;
  // The rule the customer copy renders (rules/count.ts designRefused) decides; the checks below say why.
  if (!designRefusedOf([d.copies, Math.ceil(d.copies / d.serversPerSite.length), n1, n2, lagged], NO_SLOTS)) return;
  if (d.copies < 2 && lagged !== 0) throw new SizingError("#VALUE!", `laggedCopies must be 0 for stand-alone servers (one copy): they have no copy to lag; got ${lagged}`);
  if (!Number.isInteger(lagged) || lagged < 0 || (d.copies >= 2 && lagged > d.copies - 2)) {
    // Input!C30 offers 0, 2, 3 … HA copies: a DAG keeps two that can be activated.
    throw new SizingError("#VALUE!", `laggedCopies must be at most ${d.copies - 2}: a DAG keeps two HA copies of its ${d.copies}; got ${lagged}`);
  }
  const perSite = copiesPerSite(d.copies, d.serversPerSite.length);
  perSite.forEach((c, s) => {
    if (c > d.serversPerSite[s]) {
      throw new SizingError("#N/A", `copies: ${c} copies in site ${s + 1} need as many servers there; it has ${d.serversPerSite[s]}`);
    }
  });
  throw new Error("designRefused refused a design no check names");
}
const designRefusedOf = COUNT_RULES.compileAt("designRefused", ["copies", "copiesFirstSite", "serversFirstSite", "serversSecondSite", "laggedCopies"]);

/**
 * The calculator refuses a design with more than 100 database copies a server (Role Requirements!I158,
 * Variables!K35): databases × copies ÷ servers, unrounded; stand-alone, the databases of a server.
 */
function checkCopiesPerServer(databases: number, copies: number, serversPerSite: readonly number[]): void {
  if (!tooManyCopiesOf([copies, serversPerSite[0], serversPerSite.length === 2 ? serversPerSite[1] : 0, databases], NO_SLOTS)) return;
  const servers = serversPerSite.reduce((a, b) => a + b, 0);
  const ha = copies >= 2;
  const what = ha ? `${databases} databases × ${copies} copies on ${servers} servers put ${excelRound(((databases * copies) / servers) * 10) / 10} copies on a server` : `${databases} databases on a server`;
  throw new SizingError("#N/A", `databases: ${what}; Microsoft's calculator allows at most ${MICROSOFT.maxDatabasesPerServer} (set fewer databases, or more servers)`);
}

/** Databases larger than the maximum database size: ours, beside a design the calculator builds. */
export interface DatabaseSizeWarning {
  limit: "databaseSize";
  /** Mailboxes a database, and the most a database of the maximum size holds. */
  needed: number;
  most: number;
  message: string;
  summary: string;
}

/** The Design check's sentence (design-check.ts renders the same text in the Design sheet). */
export const DATABASE_SIZE_SUMMARY =
  "Warning: each database holds more mailboxes than the maximum database size allows (the calculator builds it so; the check is ours). Add servers, choose a larger disk, or set smaller mailboxes.";

/**
 * @compatibility A calculated count capped at the most the DAG supports (C65), or a count set (Input!G39),
 * can leave more mailboxes a database than its maximum size holds (C75, rounded up as C76 does): the
 * calculator builds such databases, larger than its own maximum (C62), as a valid design, and so do we;
 * the warning is ours, with its figures. (Above JBOD's I/O-driven limit, C74, the calculator's count
 * stands: its disks are slower than the design, not its databases too large.)
 */
export function databaseSizeWarning(s: Pick<MicrosoftSizing, "mailboxesPerDatabase" | "mailboxesPerDatabaseLimit" | "maxDatabaseGB" | "databases" | "maxDatabases" | "jbod">, ha: boolean): DatabaseSizeWarning | undefined {
  const holds = excelCeil(s.mailboxesPerDatabaseLimit);
  const each = s.mailboxesPerDatabase;
  if (!(each > holds)) return undefined;
  const where = ha ? "the DAG" : "a stand-alone server";
  const most = s.databases === s.maxDatabases ? `the most ${where} supports` : `of the ${s.maxDatabases} ${where} supports`;
  return {
    limit: "databaseSize",
    needed: each,
    most: holds,
    message:
      `databases: ${s.databases} databases (${most}) hold ${excelRound(each * 10) / 10} mailboxes each, above the ${holds} a database of at most ${excelRound(s.maxDatabaseGB * 10) / 10} GB holds ` +
      `(Microsoft's calculator builds it so; the check is ours); add servers, ${s.jbod ? "choose a larger disk, " : ""}or set smaller mailboxes`,
    summary: DATABASE_SIZE_SUMMARY,
  };
}

/**
 * Active databases on the busiest server — Role Requirements!C116:C130, for one or two sites,
 * active/active: the databases split half and half between the sites (Variables!K43, C86), each
 * spread over its site's servers (C116). Only HA copies activate (the calculator's "Actual" copies):
 * - a server fails (C117): ROUNDUP(normal + normal ÷ (n − 1)) with two HA copies in the site; with one,
 *   the site's servers keep their normal load (the calculator shows it, though that copy is lost);
 * - two fail (C121): with three HA copies and 4 servers (two sites: three HA copies in all and 4 in the
 *   other site), MIN(copies a server, ROUNDUP(normal + 2 normal ÷ (n − 2)) + 2 when the first site's
 *   databases × its HA copies (C88) fall short of `symmetricDatabases` (C78)); with fewer HA copies in
 *   the site, its databases less the two failed servers' shares over n − 2;
 * - a site fails (C127): the other site's servers take every database, ROUNDUP(D ÷ m) (an HA copy there);
 *   then one more (C128, two HA copies there) and two more (C129, three and 4 servers): with equal sites
 *   twice the first site's one- and two-failure figures, else ROUNDUP(D ÷ (m − 1)), ROUNDUP(D ÷ (m − 2)).
 * The worst (C103) is the largest of the first site's failures and the site cases — or, when no failure
 * is survivable, the normal load (twice that with one HA copy a site in two sites).
 * The calculator fails the first site only (C127:C129); `eitherSite` (the factor neverLess) fails
 * either. They differ only when the second site has fewer HA copies than the first — a lagged copy there.
 */
export function activeDatabases(databases: number, serversPerSite: readonly number[], copies: number, copiesPerServer: number, laggedCopies = 0, symmetricDatabases = 0, activePassive = false, eitherSite = false, lagActivated = false): ActiveDatabases {
  const two = serversPerSite.length === 2;
  const values: Value[] = [
    copies, laggedCopies, copiesPerSite(copies, serversPerSite.length)[0], serversPerSite[0], two ? serversPerSite[1] : 0, activePassive && two ? 1 : 0,
    databases, copiesPerServer, symmetricDatabases, eitherSite ? 1 : 0, lagActivated ? 1 : 0,
  ];
  // A second site's figures are read only with two sites (one site has none to divide by), the second site's share of
  // the first's failures only active/passive: elsewhere the calculator's "--".
  const skipped = two ? (activePassive ? NONE_SKIPPED : PASSIVE_ONLY) : ONE_SITE_NONE;
  for (let k = 0; k < FAILURE_CHAIN.length; k++) values.push(skipped[k] ? -1 : FAILURE_CHAIN[k](values, NO_SLOTS));
  const at = FAILURE_MODES_AT;
  return {
    normal: Math.max(0, values[at] as number),
    server: Math.max(0, values[at + 1] as number),
    doubleServer: Math.max(0, values[at + 2] as number),
    site: Math.max(0, values[at + 3] as number),
    siteServer: Math.max(0, values[at + 4] as number),
    siteDoubleServer: Math.max(0, values[at + 5] as number),
    worst: values[at + 6] as number,
  };
}

/** The second site's busiest server of an active/passive DAG, when its first site fails: Role Requirements!C130 (G196). */
export const secondSiteWorst = (a: ActiveDatabases): number => Math.max(a.site, a.siteServer, a.siteDoubleServer);

/**
 * Sized never less (the factor activationUnit; docs/whole-design.md): each failure mode's active databases
 * at `databases`: the calculator's rules (C103) at one balancing unit of `unit` databases, in proportion to the
 * count (once a unit at a balanced count). Its rules at the whole count give each database fewer mailboxes as
 * the count rises (ROUNDUP, and two more on a double failure), so more load could buy less; a unit's share of
 * the mailboxes never falls, and k × ROUNDUP(x) ≥ ROUNDUP(k × x).
 */
function activeByUnit(databases: number, unit: number, d: MicrosoftDesign, laggedCopies: number, symmetricDatabases: number, passive: boolean, eitherSite: boolean, lagActivated: boolean): ActiveDatabases {
  const one = activeDatabases(unit, d.serversPerSite, d.copies, copiesPerServerOf(unit, d.serversPerSite, d.copies, passive), laggedCopies, symmetricDatabases, passive, eitherSite, lagActivated);
  const units = databases / unit;
  return Object.fromEntries(Object.entries(one).map(([mode, x]) => [mode, x * units])) as unknown as ActiveDatabases;
}

const copiesPerServerRule = MICROSOFT_RULES.compileAt("copiesPerServer", ["highAvailability", "activePassive", "databases", "copiesFirstSite", "serversFirstSite", "copies", "servers"]);

/**
 * Database copies on a server — Role Requirements!C102: ROUND(databases × copies ÷ servers); active/passive,
 * a first-site server's: ROUND(databases × the first site's copies ÷ its servers).
 */
export function copiesPerServerOf(databases: number, serversPerSite: readonly number[], copies: number, activePassive: boolean): number {
  const passive = activePassive && serversPerSite.length === 2;
  return copiesPerServerRule([true, passive ? 1 : 0, databases, passive ? copiesPerSite(copies, 2)[0] : 0, serversPerSite[0], copies, serversPerSite.reduce((a, b) => a + b, 0)], NO_SLOTS);
}

/** Memory rounded up to a configuration — Role Requirements!C142. */
export function memoryConfigurationGB(gb: number): number {
  return memoryGBOf([gb], NO_SLOTS);
}

/** Minimum memory by copies on the server — Tables!A16:C21, ascending lookup. */
export function minimumMemoryGB(copiesOnServer: number): number {
  return minimumMemoryByCopiesOf([copiesOnServer], NO_SLOTS);
}

/**
 * The database count of one DAG and what it is counted from — Role Requirements!C62:C80: the first
 * part of microsoftSizing, which the rest reads. Every figure of the sizing that the disk factors
 * (diskGB, diskIops, databasesPerVolume) move passes through this: a search over disks (fit.ts)
 * reads `jbod`, `databases` and `symmetric` to tell designs that differ only in maxDatabaseGB,
 * mailboxesPerDatabaseLimit, ioMailboxesPerDatabase and maxDatabases. Each tier's mailbox requirement
 * (`given`) may come from a caller that counts many disks of one DAG: no disk factor moves it.
 */
export function microsoftDatabaseCount(d: MicrosoftDesign, f: MicrosoftFactors, given?: MailboxRequirement[]) {
  checkDesign(d, f);
  const ha = d.copies >= 2;
  const lagged = laggedOf(d, f);
  const servers = d.serversPerSite.reduce((a, b) => a + b, 0);
  const perTier = given ?? d.tiers.map((t) => mailboxRequirement(t.messagesPerDay, t.messageKB, t.quotaMB, t.archiveMB, ha, f));
  const mailboxes = d.tiers.reduce((a, t) => a + t.mailboxes, 0);
  const tierShares = d.tiers.map((t) => t.mailboxes / mailboxes);
  const mailboxOnDiskMB = perTier.reduce((a, r, i) => a + tierShares[i] * r.mailboxOnDiskMB, 0);

  // Stand-alone servers each hold their share of the mailboxes (Role Requirements!C77 "TotalMBXPerSvr").
  const sized = ha ? mailboxes : mailboxes / servers;
  const { jbod, multipleDatabasesPerVolume } = prefersJbod(d.serversPerSite, d.copies, lagged, f);
  // Active/passive (Input!G23): every database active in the first site (C86), a volume its copies there (C83).
  const passive = ha && activePassiveOf(d.serversPerSite, f);
  const peakPerMailbox = (perTier.reduce((a, r, i) => a + d.tiers[i].mailboxes * r.iops, 0) * (1 + f.ioOverhead)) / mailboxes; // I76 ÷ C98
  const two = d.serversPerSite.length === 2;
  const count: Value[] = [
    d.copies, copiesPerSite(d.copies, d.serversPerSite.length)[0], d.serversPerSite[0], two ? d.serversPerSite[1] : 0, activePassiveOf(d.serversPerSite, f) ? 1 : 0,
    f.databasesPerVolume ?? 0, jbod, multipleDatabasesPerVolume, f.diskGB, f.diskIops, f.maxDatabaseGB, sized, mailboxOnDiskMB, peakPerMailbox, d.databases ?? 0,
    f.dataOverhead, f.contentIndexShare, f.volumeFreeShare,
  ];
  for (let k = 0; k < COUNT_CHAIN.length; k++) {
    // C74, the disk's I/O, on JBOD only (the calculator's "--" on RAID); a disk too slow for one database is refused with its figures.
    const value = k === IO_MAILBOXES && !jbod ? NaN : COUNT_CHAIN[k](count, NO_SLOTS);
    if (k === IO_MAILBOXES && value <= 0) {
      throw new SizingError("#N/A", `diskIops: a JBOD disk of ${f.diskIops} IOPS cannot serve the mailboxes of one database at ${excelRound(peakPerMailbox * 1000) / 1000} IOPS each; give faster disks (diskIops) or RAID (diskGB 0)`);
    }
    count.push(value);
  }
  const [maxDb, limit, ioLimit, maxDatabases, symmetric, counted] = COUNT_FIGURES.map((k) => count[k]) as number[];
  // A design deploys exactly its balanced count (src/engine/design): no rounding of the calculator's.
  const databases = d.deployedDatabases !== undefined && d.deployedDatabases > 0 ? d.deployedDatabases : counted;
  checkCopiesPerServer(databases, d.copies, d.serversPerSite);
  return { ha, lagged, servers, perTier, mailboxes, tierShares, mailboxOnDiskMB, sized, jbod, passive, maxDb, limit, ioLimit, databases, symmetric, maxDatabases };
}

/** The whole calculation for one DAG; each field names the calculator cell it reproduces. */
export function microsoftSizing(d: MicrosoftDesign, f: MicrosoftFactors): MicrosoftSizing {
  const { ha, lagged, servers, perTier, mailboxes, tierShares, mailboxOnDiskMB, sized, jbod, passive, maxDb, limit, ioLimit, databases, symmetric, maxDatabases } = microsoftDatabaseCount(d, f);
  const weighted = (pick: (r: MailboxRequirement, i: number) => number) => perTier.reduce((a, r, i) => a + tierShares[i] * pick(r, i), 0);
  const mailboxesPerDatabase = sized / databases; // C81
  const slots = microsoftFactorSlots(f);
  const databaseGB = databaseGBOf([mailboxesPerDatabase, mailboxOnDiskMB], slots); // Volume Requirements!D123, E123
  const copiesPerServer = ha ? copiesPerServerOf(databases, d.serversPerSite, d.copies, passive) : databases; // C102
  const computed =
    ha && f.activationUnit > 0
      ? activeByUnit(databases, f.activationUnit, d, lagged, symmetric, passive, f.neverLess > 0, f.replayLagManager > 0)
      : activeDatabases(databases, d.serversPerSite, d.copies, copiesPerServer, lagged, symmetric, passive, f.neverLess > 0, f.replayLagManager > 0);
  const active = f.activeDatabases > 0 ? { ...computed, worst: f.activeDatabases } : computed;

  // I/O — Role Requirements!C31, I75:I83.
  const transfers = perTier.reduce((a, r, i) => a + d.tiers[i].mailboxes * r.iops, 0) / (ha ? 1 : servers);
  const readTransfers = perTier.reduce((a, r, i) => a + d.tiers[i].mailboxes * r.reads, 0) / (ha ? 1 : servers);
  const io: Value[] = [transfers, readTransfers, databases, copiesPerServer, ha, active.worst, servers];
  for (const rule of IO_CHAIN) io.push(rule(io, slots));
  const [readShare, environmentIops, databaseIops, serverIops, serverLogWrites, serverLogReads, serverLogIops] = io.slice(IO_GIVEN.length) as number[];

  // Megacycles of the busiest server with `x` active databases, the rest of its copies passive — C199:G201.
  const busyActive = ha ? active.worst : databases;
  const hasRate = d.specRate > 0;
  const server = SERVER_INPUTS.map((): Value => 0);
  server[AT.highAvailability] = ha;
  server[AT.databases] = databases;
  server[AT.copiesPerServer] = copiesPerServer;
  server[AT.mailboxesPerDatabase] = mailboxesPerDatabase;
  server[AT.activeMegacycles] = weighted((r) => r.activeMegacycles);
  server[AT.passiveMegacycles] = weighted((r) => r.passiveMegacycles);
  server[AT.casMegacycles] = weighted((r) => r.casMegacycles);
  server[AT.cacheMB] = weighted((r) => r.cacheMB);
  server[AT.itemsPerMailbox] = perTier.reduce((a, r, i) => a + (tierShares[i] * r.mailboxOnDiskMB) / d.tiers[i].messageKB, 0);
  server[AT.specRate] = d.specRate;
  server[AT.cores] = d.cores;
  const megacyclesPerCore = hasRate ? megacyclesPerCoreOf(server, slots) : NaN;
  server[AT.megacyclesPerCore] = megacyclesPerCore;
  // The busiest server with `x` active databases: its active and passive databases sized.
  const busyAt = (x: number) => {
    server[AT.active] = x;
    server[AT.busyActive] = busyActiveOf(server, slots);
    server[AT.busyPassive] = busyPassiveOf(server, slots);
  };
  const megacyclesAt = (x: number, applies = true): MicrosoftModeFigures => {
    if (!applies) return { applies, activeDatabases: x, activeMegacycles: NaN, passiveMegacycles: NaN, casMegacycles: NaN, megacycles: NaN };
    busyAt(x);
    const a = busyActiveMegacyclesOf(server, slots);
    const p = busyPassiveMegacyclesOf(server, slots);
    const c = busyCasMegacyclesOf(server, slots);
    server[AT.busyActiveMegacycles] = a;
    server[AT.busyPassiveMegacycles] = p;
    server[AT.busyCasMegacycles] = c;
    return { applies, activeDatabases: x, activeMegacycles: a, passiveMegacycles: p, casMegacycles: c, megacycles: megacyclesOf(server, slots) };
  };
  const { activeMegacycles, passiveMegacycles, casMegacycles, megacycles } = megacyclesAt(busyActive);
  // Normal runtime and the worst always apply; a failure mode with no active databases cannot occur or is not survivable.
  const failureModes = Object.fromEntries(
    MICROSOFT_FAILURE_MODES.map((mode) => [mode, mode === "worst" ? megacyclesAt(busyActive) : megacyclesAt(active[mode], mode === "normal" || active[mode] > 0)]),
  ) as Record<MicrosoftFailureMode, MicrosoftModeFigures>;
  const availableMegacycles = d.cores * megacyclesPerCore;
  // Cores of the busiest server at `mc` megacycles: none without a rate (the rule's #N/A).
  const coresAt = (mc: number) => {
    if (!hasRate) return NaN;
    server[AT.megacycles] = mc;
    return coresNeededOf(server, slots);
  };
  const coresNeeded = coresAt(megacycles);
  const utilization = megacycles / availableMegacycles;

  // Memory — C133:C142, of a server with `x` active databases, the rest of its copies passive.
  const minimumMemory = minimumMemoryOf(server, slots);
  const memoryAt = (x: number, cas: number) => {
    busyAt(x);
    server[AT.busyCasMegacycles] = cas;
    const cacheGB = cacheGBOf(server, slots);
    server[AT.cacheGB] = cacheGB;
    const casMemoryGB = casMemoryOf(server, slots);
    server[AT.casMemoryGB] = casMemoryGB;
    const calculatedMemoryGB = calculatedMemoryOf(server, slots);
    server[AT.calculatedMemoryGB] = calculatedMemoryGB;
    const contentIndexMemoryGB = contentIndexMemoryOf(server, slots);
    server[AT.contentIndexMemoryGB] = contentIndexMemoryGB;
    return { cacheGB, casMemoryGB, calculatedMemoryGB, contentIndexMemoryGB, totalMemoryGB: totalMemoryOf(server, slots) };
  };
  const { cacheGB, casMemoryGB, calculatedMemoryGB, contentIndexMemoryGB, totalMemoryGB } = memoryAt(busyActive, casMegacycles);
  const memoryGB = memoryConfigurationGB(totalMemoryGB);
  // Active/passive: the second site's servers when the first fails (Role Requirements!C130, I134:I141,
  // G202:G204): the same rules at their busiest server's active databases, with a first-site server's
  // copies (C102); their memory never below the first site's (I141).
  let secondary: MicrosoftSizing["secondary"];
  if (passive && ha && secondSiteWorst(active) > 0) {
    const x = secondSiteWorst(active);
    const m = megacyclesAt(x);
    const secondaryMemory = memoryConfigurationGB(memoryAt(x, m.casMegacycles).totalMemoryGB);
    secondary = { activeDatabases: x, megacycles: m.megacycles, memoryGB: Math.max(secondaryMemory, memoryGB), coresNeeded: coresAt(m.megacycles) };
  }

  // Logs — Role Requirements!C147:C155, Volume Requirements!F123.
  const logs: Value[] = [
    perTier.reduce((a, r, i) => a + r.logsPerDay * d.tiers[i].mailboxes, 0),
    perTier.reduce((a, r, i) => a + ((d.tiers[i].mailboxes / (ha ? 1 : servers)) * f.moveShare * r.mailboxOnDiskMB) / 1024, 0),
    ha,
    servers,
    lagged,
    databases,
  ];
  const userLogs = userLogsOf(logs, slots);
  logs.push(userLogs);
  const moveGB = movesGBOf(logs, slots);
  logs.push(moveGB);
  // Logs kept: the truncation failure tolerance, or the lagged copies' replay lag (I96; lagDays needs laggedCopies).
  logs.push(keptLogDaysOf(logs, slots));
  const userLogsPerDatabase = userLogs / databases;
  const moveLogsPerDatabase = (moveGB * 1024) / databases / MICROSOFT.daysPerWeek;
  const logSpaceGB = logSpaceGBOf(logs, slots);
  const siteCopies = copiesPerSite(d.copies, d.serversPerSite.length);
  const logStreams = logStreamsOf([databases, d.copies, siteCopies[0], d.serversPerSite.length === 2 ? d.serversPerSite[1] : 0, passive ? 1 : 0], NO_SLOTS);

  // Transport — Role Requirements!C180:C184: a day's messages (the profiles') over the servers left after
  // the worst failure (stand-alone: every server), held twice, queued and kept by Safety Net, at the
  // average message size by mailboxes.
  const messagesPerDay = perTier.reduce((a, r, i) => a + d.tiers[i].mailboxes * r.profileMessages, 0);
  const messageKB = d.tiers.reduce((a, t, i) => a + tierShares[i] * t.messageKB, 0);
  const transport: Value[] = [
    d.copies, lagged, siteCopies[0], d.serversPerSite[0], d.serversPerSite.length === 2 ? d.serversPerSite[1] : 0, passive ? 1 : 0, f.neverLess > 0 ? 1 : 0, f.replayLagManager > 0 ? 1 : 0,
    computed.server, computed.doubleServer, computed.site, computed.siteServer, computed.siteDoubleServer, messagesPerDay, messageKB, f.lagDays,
  ];
  const transportServers = transportServersOf(transport, NO_SLOTS);
  transport.push(transportServers);
  const transportGB = transportGBOf(transport, NO_SLOTS);

  return {
    mailboxes,
    perTier,
    tierShares,
    mailboxOnDiskMB,
    maxDatabaseGB: maxDb,
    mailboxesPerDatabaseLimit: limit,
    jbod,
    ioMailboxesPerDatabase: ioLimit,
    maxDatabases,
    databases,
    mailboxesPerDatabase,
    databaseGB,
    copiesPerServer,
    servers,
    active,
    environmentIops,
    ioOverhead: f.ioOverhead,
    readShare,
    databaseIops,
    serverIops,
    dagIops: dagIopsOf(io, slots),
    serverLogWrites,
    serverLogReads,
    serverLogIops,
    dagLogIops: dagLogIopsOf(io, slots),
    databaseLogIops: databaseLogIopsOf(io, slots),
    cacheGB,
    minimumMemoryGB: minimumMemory,
    casMemoryGB,
    calculatedMemoryGB,
    contentIndexMemoryGB,
    totalMemoryGB,
    memoryGB,
    ...(secondary ? { secondary } : {}),
    activeMegacycles,
    passiveMegacycles,
    casMegacycles,
    megacycles,
    megacyclesPerCore,
    availableMegacycles,
    coresNeeded,
    utilization,
    userLogsPerDatabase,
    moveLogsPerDatabase,
    logsPerDatabase: logsPerDatabaseOf(logs, slots),
    logSpaceGB,
    logStreams,
    failureModes,
    transportServers,
    transportGB,
    transportAllGB: transportGB * servers,
  };
}

/**
 * Log replication between the sites, Mb/s, in an hour that generates `hourShare` of the day's logs —
 * Replication Requirements!E12, E14: share × logs per database per day × 8 Mb ÷ 3,600 s ×
 * (1 − compression), per database and times the log streams that cross.
 */
export function replicationMbps(logsPerDatabasePerDay: number, hourShare: number, streams: number, f: MicrosoftFactors): { perDatabase: number; total: number } {
  const perDatabase = replicationPerDatabaseOf([logsPerDatabasePerDay, hourShare], microsoftFactorSlots(f));
  return { perDatabase, total: perDatabase * streams };
}
