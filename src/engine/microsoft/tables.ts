/**
 * Microsoft's method (Exchange 2013–2019): the constants of Microsoft, Exchange Server Role
 * Requirements Calculator v7.6 (the worked example published in dsccommunity/ExchangeDsc,
 * "E2013Calcv7.6 - Example.xlsm", commit before 7207293). Each constant names the sheet and cell it
 * comes from; docs/microsoft-method.md writes the method out. Units: MB and GB binary, as the
 * calculator divides by 1024.
 */

/**
 * One row of the calculator's message profile table — Tables!A4:F13 ("TblSendReceive"):
 * messages sent and received a day, database cache per mailbox (MB), transaction logs a day at a
 * 75 KB message, megacycles per active and passive mailbox.
 */
export interface MessageProfile {
  messages: number;
  cacheMB: number;
  logsAt75KB: number;
  activeMegacyclesTable: number;
  passiveMegacyclesTable: number;
}

/** Tables!A4:F13 — ten profiles, 50 to 500 messages a day. */
export const MESSAGE_PROFILES: readonly MessageProfile[] = [
  { messages: 50, cacheMB: 3, logsAt75KB: 10, activeMegacyclesTable: 2.1, passiveMegacyclesTable: 0.7 }, // row 4
  { messages: 100, cacheMB: 6, logsAt75KB: 20, activeMegacyclesTable: 4.3, passiveMegacyclesTable: 1.4 }, // row 5
  { messages: 150, cacheMB: 9, logsAt75KB: 30, activeMegacyclesTable: 6.4, passiveMegacyclesTable: 2.1 }, // row 6
  { messages: 200, cacheMB: 12, logsAt75KB: 40, activeMegacyclesTable: 8.5, passiveMegacyclesTable: 2.7 }, // row 7
  { messages: 250, cacheMB: 15, logsAt75KB: 50, activeMegacyclesTable: 10.6, passiveMegacyclesTable: 3.4 }, // row 8
  { messages: 300, cacheMB: 18, logsAt75KB: 60, activeMegacyclesTable: 12.8, passiveMegacyclesTable: 4.1 }, // row 9
  { messages: 350, cacheMB: 21, logsAt75KB: 70, activeMegacyclesTable: 14.9, passiveMegacyclesTable: 4.8 }, // row 10
  { messages: 400, cacheMB: 24, logsAt75KB: 80, activeMegacyclesTable: 17, passiveMegacyclesTable: 5.5 }, // row 11
  { messages: 450, cacheMB: 27, logsAt75KB: 90, activeMegacyclesTable: 19.1, passiveMegacyclesTable: 6.2 }, // row 12
  { messages: 500, cacheMB: 30, logsAt75KB: 100, activeMegacyclesTable: 21.3, passiveMegacyclesTable: 6.9 }, // row 13
];

/** The profiles step by 50 messages (Tables!A4:A13); a profile between two is sized as the next one up. */
export const MESSAGE_PROFILE_STEP = 50;
export const MAX_MESSAGE_PROFILE = 500;

export const MICROSOFT = {
  /** Base IOPS per message a day: 0.001 × 0.67 — Role Requirements!C23. */
  iopsPerMessage: 0.001 * 0.67,
  /** Database read share, DAG: 0.6 up to 250 messages, 0.5 above — Role Requirements!C29. */
  readShareHa: { upTo250: 0.6, above250: 0.5 },
  /** Database read share, stand-alone: 0.5 up to 250 messages, 0.4 above — Role Requirements!C29. */
  readShareStandalone: { upTo250: 0.5, above250: 0.4 },
  /** The message count where the read share drops — Role Requirements!C29. */
  readShareBreakMessages: 250,
  /** Active megacycles per message a day — Role Requirements!C14 (8.5 at 200). */
  activeMegacyclesPerMessage: 0.0425,
  /** Passive megacycles per message a day — Role Requirements!C15 (2.74 at 200). */
  passiveMegacyclesPerMessage: 0.0137,
  /** Client access megacycles as a share of active — Variables!K44 ("CAS Ratio"). */
  casRatio: 0.375,
  /** Log files scale with message size in steps of 0.1 of this many KB — Role Requirements!C18. */
  logSizeDivisorKB: 78.9473684210526,
  /** Dumpster of the primary or archive mailbox is capped at 30 GB (30,720 MB) — Role Requirements!C20. */
  dumpsterCapMB: 30720,
  /** Single item recovery versions, share of the quota — Variables!K41. */
  singleItemShare: 0.012,
  /** Calendar version storage, share of the quota — Variables!K42. */
  calendarShare: 0.03,
  /** Largest database with two or more copies, GB — Variables!K34. */
  maxDatabaseGBWithCopies: 2000,
  /** Largest stand-alone database, GB — Variables!K33. */
  maxDatabaseGBStandalone: 200,
  /** A JBOD disk this large (raw GB) allows the 2 TB database outright — Role Requirements!C62. */
  largeDiskRawGB: 2500,
  /** Content index, share of the database — Variables!K38. */
  contentIndexShare: 0.2,
  /** Databases a server may hold — Variables!K35. */
  maxDatabasesPerServer: 100,
  /** Databases a stand-alone server may hold: two LUNs a backup set — Variables!K36 (Role Requirements!C64). */
  maxDatabasesStandalone: 98,
  /** Active databases' users in the first datacenter, active/active — Variables!K43. */
  firstSiteUserShare: 0.5,
  /** Log writes as a share of database writes: 0.5 in a DAG, 0.4 stand-alone — Role Requirements!I80. */
  logWriteShareHa: 0.5,
  logWriteShareStandalone: 0.4,
  /** Log reads: database writes × 0.5 × 0.1 per active database — Role Requirements!I81. */
  logReadShare: 0.5 * 0.1,
  /** Database cache is a quarter of the server's memory: RAM = cache × 100 / 25 — Role Requirements!C138. */
  cacheShareOfMemory: 25 / 100,
  /** Client access memory without a SPECint rate: 2 GB + 0.2 × 2 GB per core — Role Requirements!C140. */
  casMemoryBaseGB: 2,
  casMemoryPerCoreGB: 2 * 0.2,
  /** Content indexing memory: 7 GB + 110 bytes per active item + 24 per passive — Role Requirements!C139. */
  contentIndexBaseGB: 7,
  contentIndexBytesPerActiveItem: 110,
  contentIndexBytesPerPassiveItem: 24,
  /** Megacycles per core: SPECint2006 rate per core × 2,000 / 33.75 — Role Requirements!C159. */
  baselineMegacycles: 2000,
  baselineSpecPerCore: 33.75,
  /** Log shipping: a 1 MB log is 8 Mb, over 3,600 s an hour — Replication Requirements!E12. */
  bitsPerLog: 8,
  secondsPerHour: 3600,
  /** A formatted disk: raw decimal GB × 10⁹ / 1024³ — Storage Design!C46. */
  formattedPerRawGB: (1000 * 1000 * 1000) / (1024 * 1024 * 1024),
  /** Mailbox moves are a weekly share spread over 7 days — Role Requirements!C153. */
  daysPerWeek: 7,
  /**
   * Transport (Safety Net) storage — Role Requirements!C179:C184, the calculator's defaults: every
   * message is held twice (shadow redundancy, C182), queued at half the rate (Variables!K54) for the
   * 2-day queue timeout (Input!G44), and kept by Safety Net for 7 days (Input!G45) or the lagged
   * copies' replay lag when longer (C179).
   */
  transportShadowCopies: 2,
  transportQueueRate: 0.5,
  transportQueueDays: 2,
  safetyNetDays: 7,
  /** KB to GB, as C184 divides (1,048,576). */
  kbPerGB: 1024 * 1024,
  /**
   * The CPU utilisation a mailbox server is held to in its worst failure mode: the calculator marks "Server CPU
   * Utilization" (Role Requirements!C255, D255 = G208, G209) past 80% (their conditional format).
   */
  cpuUtilizationTarget: 0.8,
} as const;

/**
 * Minimum server memory by the database copies a server holds — Tables!A16:C21
 * ("tblMinESECacheReq", looked up ascending): 1–10 → 8 GB … 41 and more → 16 GB.
 */
export const MIN_MEMORY_BY_COPIES: readonly { fromCopies: number; memoryGB: number }[] = [
  { fromCopies: 1, memoryGB: 8 }, // Tables!A16:C16
  { fromCopies: 11, memoryGB: 10 }, // Tables!A17:C17
  { fromCopies: 21, memoryGB: 12 }, // Tables!A18:C18
  { fromCopies: 31, memoryGB: 14 }, // Tables!A19:C19
  { fromCopies: 41, memoryGB: 16 }, // Tables!A20:C20 (A21: 50 → 16)
];

/**
 * Memory configurations: the calculated GB rounded up to a multiple of 32 from 64 GB, of 16 from 32,
 * of 8 from 16, of 4 from 4, else of 2; never below 8 GB — Role Requirements!C142.
 */
export const MEMORY_STEPS: readonly { fromGB: number; stepGB: number }[] = [
  { fromGB: 64, stepGB: 32 },
  { fromGB: 32, stepGB: 16 },
  { fromGB: 16, stepGB: 8 },
  { fromGB: 4, stepGB: 4 },
  { fromGB: 0, stepGB: 2 },
];
export const MIN_MEMORY_CONFIG_GB = 8;

/**
 * A factor of Microsoft's method: its default, its bounds (`above` an exclusive lower bound) and
 * what it is, in the words an argument check names it by. Declared here only: the worksheet
 * functions' `factors` checks and the catalogue's inputs that are a factor read their bounds here.
 */
export interface MicrosoftFactor {
  readonly value: number;
  readonly min?: number;
  readonly above?: number;
  readonly max: number;
  readonly integer?: boolean;
  readonly what: string;
}

/**
 * The calculator's defaults for what its Input sheet asks (the example's values), overridable by
 * name in `factors`, with the bounds a value must keep. Names differ from the papers' factors where the constants differ, so one
 * factors table can feed every function without one method's value leaking into the other.
 */
export const MICROSOFT_FACTORS = {
  /** Deleted item retention window, days — Input!C62. */
  deletedItemDays: { value: 14, min: 0, max: 3650, what: "days of deleted item retention" },
  /** Single item recovery share of the quota (0 = disabled) — Input!C63, Variables!K41. */
  singleItemShare: { value: MICROSOFT.singleItemShare, min: 0, max: 1, what: "a share of the quota such as 0.012 (0 = off)" },
  /** Calendar version storage share of the quota (0 = disabled) — Input!C64, Variables!K42. */
  calendarShare: { value: MICROSOFT.calendarShare, min: 0, max: 1, what: "a share of the quota such as 0.03 (0 = off)" },
  /** Personal archive quota, MB — Input!C61. */
  archiveMB: { value: 0, min: 0, max: 10_000_000, what: "the archive quota in MB (0 = none)" },
  /** Initial mailbox size, MB (the space model only; size on disk uses the quota) — Input!C59. */
  initialMB: { value: 0, min: 0, max: 10_000_000, what: "the initial mailbox size in MB" },
  /** I/O overhead factor — Input!C44. */
  ioOverhead: { value: 0.2, min: 0, max: 10, what: "an I/O overhead share such as 0.2" },
  /** IOPS and megacycles multiplication factors — Input!C66, Input!C67. */
  iopsMultiplier: { value: 1, above: 0, max: 100, what: "an IOPS multiplication factor such as 1" },
  megacyclesMultiplier: { value: 1, above: 0, max: 100, what: "a megacycles multiplication factor such as 1" },
  /** Data overhead factor — Input!C36. */
  dataOverhead: { value: 0, min: 0, max: 0.99, what: "a data overhead share such as 0" },
  /** Volume free space percentage — Input!C39. */
  volumeFreeShare: { value: 0.05, min: 0, max: 0.99, what: "a volume free space share such as 0.05" },
  /** Content index share of the database — Variables!K38. */
  contentIndexShare: { value: MICROSOFT.contentIndexShare, min: 0, max: 10, what: "a content index share such as 0.2" },
  /** Mailbox moves a week, share of mailboxes — Input!C37. */
  moveShare: { value: 0.01, min: 0, max: 1, what: "a share of mailboxes moved a week such as 0.01" },
  /** Log shipping compression — Input!C40, Input!C41. */
  logCompression: { value: 0.3, min: 0, max: 0.99, what: "a log shipping compression share such as 0.3 (0 = off)" },
  /** Backup/truncation failure tolerance, days — Input!C99. */
  truncationFailureDays: { value: 3, min: 0, max: 3650, what: "days of logs kept against truncation failure such as 3" },
  /** Lagged copies' replay delay, days — Input!G31 ÷ 24 (Role Requirements!I96); needs laggedCopies ≥ 1. */
  lagDays: { value: 0, min: 0, max: 14, what: "days of lagged copy replay delay (needs laggedCopies)" },
  /**
   * How many of the copies are lagged (never activated) — Input!C31 (C33 of them in the second site); at
   * most 14: a DAG's 16 copies (Variables!H20) keep two HA copies.
   */
  laggedCopies: { value: 0, min: 0, max: 14, integer: true, what: "how many of the copies are lagged, never activated (0 = none)" },
  /** 1: JBOD considered where the calculator deploys it (Input!C107 "Yes"); 0: RAID only ("No": Role Requirements!I127, C110). */
  considerJbod: { value: 1, min: 0, max: 1, integer: true, what: "1 to consider JBOD where the calculator deploys it, 0 for RAID only (Input!C107)" },
  /** Raw GB of one JBOD database disk (0 = RAID: the 2 TB limit) — Input!C116, Storage Design!C45. */
  diskGB: { value: 0, min: 0, max: 1_000_000, what: "raw GB of one JBOD database disk (0 = RAID)" },
  /**
   * Random I/O of one JBOD database disk, disk transfers a second — Storage Design!C48: 57.5 is the
   * calculator's 7.2K RPM SAS 3.5" disk (Input!D116, Tables!B241), which bounds the mailboxes a database (C74).
   */
  diskIops: { value: 57.5, above: 0, max: 1_000_000, what: "random IOPS of one JBOD database disk such as 57.5 (7.2K RPM)" },
  /**
   * Databases per volume on JBOD asked (0 = one per copy, Input!C109 "Yes"; 1 one, Input!C108 "No"; another
   * number C109 "No": half the copies when even) — Role Requirements!C83 (design.ts volumeCopiesOf).
   */
  databasesPerVolume: { value: 0, min: 0, max: 100, integer: true, what: "databases per JBOD volume (0 = one per copy)" },
  /**
   * A custom maximum database size, GB — Input!G36 "Custom", G37 (0 = "Default", the calculator's own):
   * the largest database sized (Role Requirements!C63) is the smaller of it and the calculated (C62).
   */
  maxDatabaseGB: { value: 0, min: 0, max: 1_000_000, what: "a custom maximum database size in GB, sized to where smaller than the calculated (0 = the calculated)" },
  /** Databases per DAG (0 = calculated, Input!G38 "Yes"; else Input!G39's custom count). */
  databases: { value: 0, min: 0, max: 10_000, integer: true, what: "databases per DAG (0 = calculated)" },
  /** Databases a design deploys, used exactly (0 = none): the calculator's count balanced over the layout (src/engine/design). */
  deployedDatabases: { value: 0, min: 0, max: 100_000, integer: true, what: "databases the design deploys, used exactly (0 = none)" },
  /**
   * Worst-case active databases on a server (0 = the calculator's activation rules). Not whole: the calculator's busiest
   * server with one HA copy a site is its site's databases over its servers (Role Requirements!C116), 17.5 of 35 on 2.
   */
  activeDatabases: { value: 0, min: 0, max: 10_000, what: "worst-case active databases on a server (0 = calculated)" },
  /**
   * 1: an active/passive DAG of two sites (Input!G23 "Active/Passive"): every database active in the
   * first site, the second's servers passive until the first fails. 0 (the default): active/active.
   */
  activePassive: { value: 0, min: 0, max: 1, integer: true, what: "1 for an active/passive DAG of two sites, its databases active in the first (0 = active/active)" },
  /**
   * Databases of one balancing unit (0 = none): every failure mode's active databases are the calculator's
   * rules at one unit, once for each unit of the count — a design's busiest server (src/engine/design).
   */
  activationUnit: { value: 0, min: 0, max: 100_000, integer: true, what: "databases of one balancing unit, whose active databases repeat once a unit (0 = none)" },
  /**
   * 1: sized so more load never buys less (the design's ServerSizing "never less", docs/whole-design.md):
   * either site may fail, where the calculator fails the first only (C127:C129, C107); and a server's
   * memory never falls where its content-index rule stops adding the index (C141). 0 (the default): the calculator's.
   */
  neverLess: { value: 0, min: 0, max: 1, integer: true, what: "1 to size so more load never buys less: either site fails, memory holds at the content index rule (0 = the calculator's)" },
  /** Mailbox and client access roles on one server (1 = yes) — Input!C23. */
  multiRole: { value: 1, min: 0, max: 1, integer: true, what: "1 when mailbox and client access share the server, else 0" },
  /** Hypervisor CPU adjustment (0 = physical; 0.1 when virtual) — Input!C24, Input!C136. */
  hypervisor: { value: 0, min: 0, max: 10, what: "a hypervisor CPU adjustment such as 0.1 (0 = physical)" },
  /**
   * 1: Replay Lag Manager on (Input!G33 "Yes"): after a site fails, the other site's lagged copies can be
   * activated, so its servers are sized for one or two more failures (Role Requirements!C127:C129, C107). 0 (the default): off.
   */
  replayLagManager: { value: 0, min: 0, max: 1, integer: true, what: "1 when Replay Lag Manager may activate a lagged copy after a site fails (0 = off)" },
} as const satisfies Record<string, MicrosoftFactor>;

export type MicrosoftFactorName = keyof typeof MICROSOFT_FACTORS;

/** Each factor's default, from MICROSOFT_FACTORS. */
export const MICROSOFT_FACTOR_DEFAULTS: { readonly [K in MicrosoftFactorName]: number } = Object.fromEntries(
  Object.entries(MICROSOFT_FACTORS).map(([name, f]) => [name, f.value]),
) as { readonly [K in MicrosoftFactorName]: number };

/** A factor's bounds, as a number input's rule or an argument check takes them. */
export function microsoftFactorBounds(name: MicrosoftFactorName): { min?: number; above?: number; max: number; integer?: boolean } {
  const f: MicrosoftFactor = MICROSOFT_FACTORS[name];
  return { ...(f.min !== undefined ? { min: f.min } : {}), ...(f.above !== undefined ? { above: f.above } : {}), max: f.max, ...(f.integer ? { integer: true } : {}) };
}
export type MicrosoftFactors = { -readonly [K in MicrosoftFactorName]: number };
