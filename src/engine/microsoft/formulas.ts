/**
 * Microsoft's method rendered in Excel's own functions, for the customer copy of the Methods sheet
 * one design, the calculator's defaults, one profile — or several tiers, whose averages
 * (by mailboxes) the sheet gives as cells (`reads`, `items`). Each renderer mirrors the arithmetic
 * of mailbox.ts and design.ts operation for operation, over cells and defined names given as text;
 * later quantities reference the cells of earlier ones (profile, size on disk, databases…), so no
 * formula repeats the whole method. tests/workbook/methods-sheet.test.ts evaluates both renderings.
 * Functions: arithmetic, ROUND, ROUNDUP, ROUNDDOWN, MAX, MIN, IF, AND, OR, NA — no LET, no MOD.
 */
import { numberLiteral as n } from "../excel-formulas";
import { COUNT_RULES, type CountRule } from "../rules/count";
import { FAILURE_MODE_RULES, FAILURE_RULES } from "../rules/failures";
import { SERVER_DISK_RULES } from "../rules/disks";
import { LAYOUT_RULES } from "../rules/layout";
import { MICROSOFT_RULES } from "../rules/microsoft";
import type { References } from "../rules/rule";
import { MICROSOFT_FACTOR_DEFAULTS as F, type MicrosoftFactorName } from "./tables";

/** Where each input and each earlier quantity of the Methods sheet is. */
export interface MicrosoftCells {
  users: string;
  quotaMB: string;
  messagesPerDay: string;
  messageKB: string;
  copies: string;
  serversFirstSite: string;
  /** 0 = one site. */
  serversSecondSite: string;
  archiveMB: string;
  cores: string;
  specRate: string;
  hourShare: string;
  /** Cells of the sheet's own Microsoft quantities. */
  profile: string;
  disk: string;
  logs: string;
  iops: string;
  databases: string;
  copiesPerServer: string;
  active: string;
  peak: string;
  cache: string;
  megacycles: string;
  calculated: string;
  /** Helper cells of plain formulas (no EXSIZE call), so no rendering exceeds Excel's 8,192 characters. */
  copiesFirstSite: string;
  maxDatabases: string;
  calculatedDatabases: string;
  permutations: string;
  /**
   * The lagged copies of each database (never activated: Input!C31) and their replay lag in days, kept in
   * the transport's Safety Net (design.ts laggedOf, heldDays); absent, none. A cell of 0 days without a
   * lagged copy, as the Methods sheet's lagDays factor.
   */
  laggedCopies?: string;
  lagDays?: string;
  /**
   * Mailbox tiers (the Methods sheet's tier helpers): with several tiers the read share and the
   * content index's items are not functions of one profile, so the sheet gives them as cells —
   * reads per mailbox and items per mailbox, each averaged over the tiers by mailboxes. Absent,
   * they follow from the one profile as before.
   */
  reads?: string;
  items?: string;
  /**
   * The JBOD disk the calculator counts a DAG's databases from (Input!C107 "Yes", C116; design.ts
   * maxDatabaseGB, ioMailboxesPerDatabase): its raw GB (0 on RAID: the factor diskGB, which the sheet
   * writes only where the calculator deploys JBOD), random IOPS and databases a volume asked (0: the copies; design.ts volumeCopiesOf).
   * Absent: RAID, as before.
   */
  diskGB?: string;
  diskIops?: string;
  databasesPerVolume?: string;
  /** A custom maximum database size, GB (Input!G36 "Custom", G37; the factor maxDatabaseGB): 0 for the calculated. Absent: none. */
  maxDatabaseGB?: string;
  /** A count the user sets (Input!G38 "No", G39; the factor databases): 0 for the calculator's own. Absent: none. */
  setDatabases?: string;
  /**
   * 1 for an active/passive DAG of two sites (Input!G23; the factor activePassive, design.ts
   * activePassiveOf): every database active in the first site. Absent or 0: active/active.
   */
  activePassive?: string;
  /**
   * 1 where the design is sized so more load never buys less (the factor neverLess, design.ts): either
   * site fails, and memory holds where the content index stops being added. Absent or 0: the calculator's.
   */
  neverLess?: string;
  /** Cells of the factors the design's inputs set (the catalogue's factor inputs), by name; a factor absent here is the calculator's default. */
  factors?: Readonly<Partial<Record<MicrosoftFactorName, string>>>;
}

/** A factor of Microsoft's method as formula text: the design's cell for it, else the calculator's default. */
export const factorFormula = (c: Pick<MicrosoftCells, "factors">, name: MicrosoftFactorName): string => c.factors?.[name] ?? n(F[name]);

/** The DAG's servers, both sites' (design.ts servers): what a stand-alone server's share and a DAG's copies a server divide by. */
export const serversFormula = (c: MicrosoftCells): string => `(${c.serversFirstSite}+${c.serversSecondSite})`;
/** Copies in the first site, round-robin: ROUNDUP(copies ÷ sites); the second holds the rest. */
const copies1 = (c: MicrosoftCells) => c.copiesFirstSite;

/** Helper: copies in the first site, round-robin over the sites (failover.ts copiesPerSite). */
export function copiesFirstSiteFormula(c: MicrosoftCells): string {
  return LAYOUT_RULES.formula("copiesFirstSite", { copies: c.copies, twoSites: `${c.serversSecondSite}>0` });
}
const copies2 = (c: MicrosoftCells) => `(${c.copies}-${copies1(c)})`;
/** Active/passive (design.ts activePassiveOf): the cell is 1 only with two sites (the Methods sheet's activePassive). */
const passive = (c: MicrosoftCells) => (c.activePassive === undefined ? "FALSE()" : `${c.activePassive}>0`);
/** The first site's servers a whole number of its copies (Role Requirements!C110, active/passive). */
const wholeRounds = (c: MicrosoftCells) => `${c.serversFirstSite}-${copies1(c)}*ROUNDDOWN(${c.serversFirstSite}/${copies1(c)},0)=0`;
/** The design check of design.ts checkDesign (rules/count.ts designRefused): copies in a site need as many servers there; at most copies − 2 lagged. */
const guard = (c: MicrosoftCells, body: string) =>
  `IF(${COUNT_RULES.formula("designRefused", { copies: c.copies, copiesFirstSite: copies1(c), serversFirstSite: c.serversFirstSite, serversSecondSite: c.serversSecondSite, laggedCopies: c.laggedCopies ?? "0" })},NA(),${body})`;
/** A design the calculator refuses (the databases cell is #N/A) has no figures, though this one needs no count. */
const refusedWith = (c: MicrosoftCells, body: string) => `IF(${c.databases}>=1,${body},NA())`;
const sized = (c: MicrosoftCells) => MICROSOFT_RULES.formula("sizedMailboxes", { copies: c.copies, users: c.users, serversFirstSite: c.serversFirstSite, serversSecondSite: c.serversSecondSite });

/** The operands and quantities of Microsoft's rules (rules/microsoft.ts) where the sheet has them. */
const ruleCells = (c: MicrosoftCells, withProfile = true): References => ({
  messagesPerDay: c.messagesPerDay,
  messageKB: c.messageKB,
  quotaMB: c.quotaMB,
  archiveMB: c.archiveMB,
  copies: c.copies,
  users: c.users,
  serversFirstSite: c.serversFirstSite,
  serversSecondSite: c.serversSecondSite,
  databases: c.databases,
  disk: c.disk,
  ...(withProfile && { profile: c.profile }),
  ...c.factors,
});

/** The profile row: the next multiple of 50 up, at least 50; above 500 none (messageProfile). */
export const profileFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("profile", ruleCells(c, false));
/** Mailbox size on disk, MB — Role Requirements!C22. */
export const diskFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("disk", ruleCells(c));
/** Logs per mailbox per day — Role Requirements!C18. */
export const logsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("logs", ruleCells(c));
/** Reads per mailbox before overhead — Role Requirements!C27 (0.0804). */
export const readsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("reads", ruleCells(c));
/** IOPS per mailbox before overhead — Role Requirements!C30. */
export const iopsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("iops", ruleCells(c));

/** The I/O rules' operands where the sheet has them: a mailbox's IOPS (and reads, averaged over tiers), copies a server, the busiest server's active databases, the peak. */
const ioCells = (c: MicrosoftCells): References => ({
  ...ruleCells(c),
  iops: c.iops,
  ...(c.reads !== undefined && { reads: c.reads }),
  copiesPerServer: c.copiesPerServer,
  active: c.active,
  environmentIops: c.peak,
});

/** IOPS per mailbox with the I/O overhead (EX_MS_IOPS "permailbox"). */
export function perMailboxIopsFormula(c: MicrosoftCells): string {
  return guard(c, refusedWith(c, MICROSOFT_RULES.formula("perMailboxIops", ioCells(c))));
}

/** The JBOD disk's raw GB (0: RAID), databases a volume (its own, else the copies), and whether a volume holds several (design.ts prefersJbod). */
const jbodDisk = (c: MicrosoftCells) => c.diskGB ?? "0";
// Not where one a volume is asked (the factor databasesPerVolume 1, Input!C108 "No").
const severalPerVolume = (c: MicrosoftCells) =>
  `AND(${jbodDisk(c)}>0,${c.databasesPerVolume === undefined ? "" : `${c.databasesPerVolume}<>1,`}${c.copies}>=3,OR(${c.serversSecondSite}=0,${copies1(c)}=${copies2(c)},AND(${passive(c)},${wholeRounds(c)})))`;
/** Whether the calculator lays several databases a JBOD volume — Role Requirements!C110 (design.ts prefersJbod multipleDatabasesPerVolume). */
export const severalPerVolumeFormula = (c: MicrosoftCells): string => severalPerVolume(c);

/**
 * The count's operands where the sheet has them (rules/count.ts): the JBOD disk only where the sheet writes one
 * (it writes diskGB where the calculator deploys JBOD), the helper cells of the count but `own`'s, which is being written.
 */
function countCells(c: MicrosoftCells, own?: CountRule): References {
  const onJbod = c.diskGB !== undefined;
  const helpers: Partial<Record<CountRule, string>> = { maxDatabases: c.maxDatabases, calculatedDatabases: c.calculatedDatabases, permutations: c.permutations };
  if (own !== undefined) delete helpers[own];
  return {
    // The count's own factors only: the design's maxDatabaseGB and databases are its operands customMaxDatabaseGB and setDatabases.
    dataOverhead: factorFormula(c, "dataOverhead"),
    contentIndexShare: factorFormula(c, "contentIndexShare"),
    volumeFreeShare: factorFormula(c, "volumeFreeShare"),
    copies: c.copies,
    copiesFirstSite: c.copiesFirstSite,
    serversFirstSite: c.serversFirstSite,
    serversSecondSite: c.serversSecondSite,
    activePassive: c.activePassive ?? "0",
    askedVolumeDatabases: c.databasesPerVolume ?? "0",
    jbod: onJbod ? `${jbodDisk(c)}>0` : "FALSE()",
    severalPerVolume: onJbod ? severalPerVolume(c) : "FALSE()",
    diskRawGB: jbodDisk(c),
    diskIops: c.diskIops ?? n(F.diskIops),
    customMaxDatabaseGB: c.maxDatabaseGB ?? "0",
    sizedMailboxes: sized(c),
    disk: c.disk,
    peakPerMailbox: `((0+${c.users}*${c.iops})*(1+${factorFormula(c, "ioOverhead")}))/${c.users}`,
    setDatabases: c.setDatabases ?? "0",
    ...helpers,
  };
}

/** Helper: most databases per DAG — Role Requirements!C64, C65 (rules/count.ts maxDatabases). */
export const maxDatabasesFormula = (c: MicrosoftCells): string => COUNT_RULES.formula("maxDatabases", countCells(c, "maxDatabases"));

/** Helper: databases before the symmetry rules — Role Requirements!C75:C77 (rules/count.ts calculatedDatabases). */
export const calculatedDatabasesFormula = (c: MicrosoftCells): string => COUNT_RULES.formula("calculatedDatabases", countCells(c, "calculatedDatabases"));

/** Helper: PERMUT(first-site servers, first-site copies) as a product — Role Requirements!C78 (rules/count.ts permutations). */
export const permutationsFormula = (c: MicrosoftCells): string => COUNT_RULES.formula("permutations", countCells(c, "permutations"));

/** Databases per DAG — Role Requirements!C78:C80, C79 (rules/count.ts databases), where the design check passes. */
export const databasesFormula = (c: MicrosoftCells): string =>
  // A helper shows "—" where it has no figure (a profile past the calculator's table): no count, not a count of text.
  guard(c, `IF(AND(ISNUMBER(${c.maxDatabases}),ISNUMBER(${c.calculatedDatabases}),ISNUMBER(${c.permutations})),${COUNT_RULES.formula("databases", countCells(c))},NA())`);

/** Whether `databases` put more than 100 copies on a server (Role Requirements!I158; rules/count.ts tooManyCopies). */
export const tooManyCopiesFormula = (c: MicrosoftCells, databases: string): string => COUNT_RULES.formula("tooManyCopies", { ...countCells(c), countedDatabases: databases });

/** Whether `databases` hold more mailboxes each than a database of the maximum size (rules/count.ts outgrown; ours, beside a design the calculator builds). */
export const outgrownFormula = (c: MicrosoftCells, databases: string): string => COUNT_RULES.formula("outgrown", { ...countCells(c), countedDatabases: databases });

/** GB per database — Volume Requirements!E123. */
export const databaseGBFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("databaseGB", ruleCells(c));

/** Database copies per server — Role Requirements!C102. */
export const copiesPerServerFormula = (c: MicrosoftCells): string =>
  MICROSOFT_RULES.formula("copiesPerServer", { ...ruleCells(c), copiesFirstSite: copies1(c), activePassive: c.activePassive ?? "0" });

/** The DAG's copies and servers by site where the sheet has them: no lagged copy and active/active where it has no cell. */
const siteCells = (c: MicrosoftCells): References => ({
  copies: c.copies,
  laggedCopies: c.laggedCopies ?? "0",
  copiesFirstSite: c.copiesFirstSite,
  serversFirstSite: c.serversFirstSite,
  serversSecondSite: c.serversSecondSite,
  activePassive: c.activePassive ?? "0",
});

/** Worst-case active databases on a server — Role Requirements!C103 (rules/failures.ts worstActive). */
export const activeFormula = (c: MicrosoftCells): string => FAILURE_RULES.formula("worstActive", failureCells(c));

/** The failure rules' operands where the sheet has them (rules/failures.ts): the symmetric count from the count's helper cells. */
const failureCells = (c: MicrosoftCells): References => ({
  ...siteCells(c),
  databases: c.databases,
  copiesPerServer: c.copiesPerServer,
  symmetricDatabases: `ROUNDUP(${c.calculatedDatabases}/${c.permutations},0)*${c.permutations}`,
  neverLess: c.neverLess ?? "0",
  replayLagManager: factorFormula(c, "replayLagManager"),
});

/** IOPS of the active databases with overhead — Role Requirements!I76. */
export function peakFormula(c: MicrosoftCells): string {
  return guard(c, refusedWith(c, MICROSOFT_RULES.formula("environmentIops", ioCells(c))));
}

/** The server's database read and write IOPS — Role Requirements!I78, I79 (EX_MS_IOPS "reads", "writes"). */
export const serverReadIopsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("serverReadIops", ioCells(c));
export const serverWriteIopsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("serverWriteIops", ioCells(c));
/** Database IOPS of the DAG, every copy — Role Requirements!E281. */
export const dagIopsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("dagIops", ioCells(c));
/** Log IOPS of the DAG — Role Requirements!I80, I81, E282. */
export const dagLogIopsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("dagLogIops", ioCells(c));

/** The server rules' operands where the sheet has them: the copies a server, its active databases, cores and rate, the cells of its cache, megacycles and memory, the items a mailbox (tiers) and never less. */
const serverCells = (c: MicrosoftCells): References => ({
  ...ruleCells(c),
  copiesPerServer: c.copiesPerServer,
  active: c.active,
  specRate: c.specRate,
  cores: c.cores,
  cacheGB: c.cache,
  megacycles: c.megacycles,
  totalMemoryGB: c.calculated,
  ...(c.items !== undefined && { itemsPerMailbox: c.items }),
  neverLess: c.neverLess ?? "0",
});

/** Database cache of the busiest server, GB — Role Requirements!C134. */
export const cacheGBFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("cacheGB", serverCells(c));
/** Worst-case megacycles of the busiest server — Role Requirements!C256. */
export const megacyclesFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("megacycles", serverCells(c));
/** Memory before the configuration step, GB — Role Requirements!C133, C138:C141. */
export const calculatedMemoryFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("totalMemoryGB", serverCells(c));
/** Memory configuration, GB — Role Requirements!C142. */
export const memoryFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("memoryGB", serverCells(c));
/** Cores a server over the cells of the rate, the cores needed and the megacycles: the rate's, else the baseline server's — Role Requirements!C254, C159. */
export const microsoftCoresFormula = (specIntRate: string, coresNeeded: string, megacycles: string): string =>
  MICROSOFT_RULES.formula("coresPerServer", { specRate: specIntRate, coresNeeded, megacycles });
/** Cores needed — Role Requirements!C254; no SPECint rate, no answer. */
export const coresFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("coresNeeded", serverCells(c));

/**
 * Log space a database, GB — Volume Requirements!F123 (design.ts logSpaceGB, EX_MS_DATABASES
 * "logspace"): the users' logs of the days kept (the truncation failure tolerance, or the lagged
 * copies' replay lag when longer) and a week's mailbox moves, over the databases.
 */
export const logSpaceFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("logSpaceGB", logCells(c));

/** The log rules' operands where the sheet has them: a mailbox's logs, and the lagged copies with their lag (none without both). */
const logCells = (c: MicrosoftCells): References => ({
  ...ruleCells(c),
  logs: c.logs,
  ...(c.laggedCopies === undefined || c.lagDays === undefined ? { laggedCopies: "0" } : { laggedCopies: c.laggedCopies, lagDays: c.lagDays }),
});

/** Log replication between the sites in the busiest hour, Mb/s — Replication Requirements!E12, E14. */
export function replicationFormula(c: MicrosoftCells): string {
  const perDatabase = MICROSOFT_RULES.formula("replicationPerDatabase", { ...logCells(c), hourShare: c.hourShare });
  const streams = `(${FAILURE_RULES.formula("logStreams", failureCells(c))})`;
  return `IF(OR(${c.serversSecondSite}=0,${streams}=0),NA(),${perDatabase}*${streams})`;
}

/** A failure mode of activeModeFormula: design.ts MicrosoftFailureMode less the worst, which activeFormula gives. */
export type ActiveMode = "normal" | "server" | "doubleServer" | "site" | "siteServer" | "siteDoubleServer";

/**
 * Active databases on the busiest server in one failure mode — Role Requirements!C195:F195, C127:C129
 * (rules/failures.ts): a number above 0 where the mode occurs and is survivable, else 0 or below (the
 * calculator's "--"; 0 for a site in one site). Stand-alone: the server's databases in normal runtime.
 */
export const activeModeFormula = (c: MicrosoftCells, mode: ActiveMode): string => FAILURE_RULES.formula(FAILURE_MODE_RULES[mode], failureCells(c));

/** A failure mode's active databases as design.ts ActiveDatabases counts them: the calculator's "--" (activeModeFormula's 0 or below) is none. */
export const activeOrNoneFormula = (modeActive: string): string => `MAX(0,${modeActive})`;

/** The second site's busiest server of an active/passive DAG when the first site fails: the worst of its three site modes — Role Requirements!C130 (design.ts secondSiteWorst). */
export const secondSiteWorstFormula = (site: string, siteServer: string, siteDoubleServer: string): string => `MAX(${site},${siteServer},${siteDoubleServer})`;

/**
 * Active databases sized never less, a balancing unit at a time (design.ts activeByUnit): a unit's active
 * databases once a unit of the deployed count (activeByUnit scales by databases ÷ unit: the same to rounding).
 */
export const activeByUnitFormula = (unitActive: string, databases: string, unit: string): string => `${unitActive}*${databases}/${unit}`;

/**
 * The transport (Safety Net) database of a server, GB — Role Requirements!C180:C184 (rules/failures.ts
 * transportGB): the day's messages of the profile over the servers left after the worst failure (HA copies
 * only), held twice, queued and kept by Safety Net (or the lagged copies' replay lag, if longer), at the
 * message size. `serverActive`, `doubleServerActive` and `siteModes` are cells of the failure modes' active
 * databases (above 0 where the DAG survives them; activeModeFormula).
 */
export const transportFormula = (c: MicrosoftCells, serverActive: string, doubleServerActive: string, siteModes: readonly [string, string, string]): string =>
  FAILURE_RULES.formula("transportGB", {
    ...failureCells(c),
    serverActive,
    doubleServerActive,
    siteActive: siteModes[0],
    siteServerActive: siteModes[1],
    siteDoubleServerActive: siteModes[2],
    messagesPerDay: `${c.users}*${c.profile}`,
    messageKB: c.messageKB,
    lagDays: c.lagDays ?? "0",
  });

/** The JBOD choice's operands where the sheet has them (rules/disks.ts jbod, secondSiteJbod): `diskRawGB` the disk's raw GB. */
const jbodCells = (c: MicrosoftCells, diskRawGB: string, askedPerVolume?: string): References => ({
  ...siteCells(c),
  diskRawGB,
  askedVolumeDatabases: askedPerVolume ?? "0",
  ...(c.factors?.considerJbod !== undefined && { considerJbod: c.factors.considerJbod }),
});

/**
 * Whether the calculator puts the DAG on its servers' own disks (JBOD), of `diskRawGB` raw GB — design.ts prefersJbod
 * (rules/disks.ts jbod, Role Requirements!I127); TRUE or FALSE.
 */
export const jbodFormula = (c: MicrosoftCells, diskRawGB: string, askedPerVolume?: string): string => SERVER_DISK_RULES.formula("jbod", jbodCells(c, diskRawGB, askedPerVolume));

/** Whether an active/passive DAG's second site's servers are on JBOD — prefersJbod's secondSiteJbod (rules/disks.ts, Role Requirements!I128); TRUE or FALSE. */
export const secondSiteJbodFormula = (c: MicrosoftCells, diskRawGB: string, askedPerVolume?: string): string =>
  SERVER_DISK_RULES.formula("secondSiteJbod", jbodCells(c, diskRawGB, askedPerVolume));

// ---------------------------------------------------------------------------------------------
// Mailbox tiers (design.ts microsoftDatabaseCount, microsoftSizing): each a row of cells, averaged by mailboxes.

/** Every tier's mailboxes, over a range of the tiers' — Role Requirements!C98 (design.ts mailboxes). */
export const allTierMailboxesFormula = (tierMailboxes: string): string => `SUM(${tierMailboxes})`;

/** A tier's share of every tier's mailboxes (design.ts tierShares). */
const tierShare = (mailboxes: string, allMailboxes: string) => `${mailboxes}/${allMailboxes}`;

/** A per-mailbox quantity averaged over the tiers by mailboxes, summed from 0 as design.ts weighs it (Σ share × value: mailboxOnDiskMB, weighted). */
export function tierAverageFormula(tiers: readonly { mailboxes: string; value: string }[], allMailboxes: string): string {
  return `0${tiers.map((t) => `+${tierShare(t.mailboxes, allMailboxes)}*${t.value}`).join("")}`;
}

/** Items a mailbox averaged over the tiers: Σ share × size on disk ÷ message KB (design.ts itemsPerDatabase over mailboxes a database). */
export function tierItemsFormula(tiers: readonly { mailboxes: string; disk: string; messageKB: string }[], allMailboxes: string): string {
  return `0${tiers.map((t) => `+${tierShare(t.mailboxes, allMailboxes)}*${t.disk}/${t.messageKB}`).join("")}`;
}
