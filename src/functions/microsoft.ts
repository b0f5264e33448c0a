/**
 * The worksheet functions of Microsoft's method (Exchange 2013–2019), after Microsoft, Exchange
 * Server Role Requirements Calculator v7.6: the same conventions as worksheet.ts — arguments checked
 * in one place, `result` picks one number, `factors` overrides defaults by name, errors are values
 * naming the argument. worksheet.ts re-exports them; docs/microsoft-method.md is the specification.
 */
import { boundsOf, input } from "../engine/catalogue";
import { SizingError } from "../engine/errors";
import { mailboxRequirement, type MailboxRequirement, type MailboxTier } from "../engine/microsoft/mailbox";
import { activePassiveOf, MICROSOFT_FAILURE_MODES, microsoftSizing, prefersJbod, replicationMbps, volumeCopiesOf, volumeDatabasesOf, type MicrosoftFailureMode, type MicrosoftModeFigures, type MicrosoftSizing } from "../engine/microsoft/design";
import { SERVER_DISK_RESULTS, type ServerDiskResult } from "../engine/microsoft/disk-formulas";
import { jbodDisk, jbodNeedOf, SERVER_DISK_DEFAULTS, serverDisks, type JbodDisk, type ServerDisks } from "../engine/microsoft/disks";
import { raidNeedOf, raidServerDisks, type RaidServerDisks } from "../engine/microsoft/raid-disks";
import { secondSiteServer, siteDagDisks } from "../engine/microsoft/site-disks";
import { MICROSOFT_FACTOR_DEFAULTS, MICROSOFT_FACTORS, microsoftFactorBounds, type MicrosoftFactorName, type MicrosoftFactors } from "../engine/microsoft/tables";
import { describeValue, FACTOR_NAMES, formatNumber, isOmitted, numberParameter as param, readChoice, readNumber, readOptionalNumber, type CellValue, type NumberParameter } from "./arguments";

export type MicrosoftCellResult = number | string | SizingError;

function checked(value: number): MicrosoftCellResult {
  if (!Number.isFinite(value)) return new SizingError("#NUM!", "the result is too large to be a number");
  return value;
}

function caught(e: unknown): SizingError {
  if (e instanceof SizingError) return e;
  throw e;
}

const MAILBOXES = param({ name: "mailboxes", min: 0, max: 10_000_000, integer: true, what: "mailboxes in the DAG" });
const MESSAGES = param({ name: "messagesPerDay", above: 0, max: 500, what: "messages sent and received per mailbox per day (the calculator's profiles run to 500)" });
const MESSAGE_KB = param({ name: "messageKB", above: 0, max: 100_000, what: "the average message size in KB" });
const QUOTA_MB = param({ name: "quotaMB", above: 0, max: 10_000_000, what: "the mailbox quota in MB" });
const COPIES = param({ name: "copies", min: 1, max: 16, integer: true, defaultValue: 2, what: "database copies, HA and lagged (1 = stand-alone)" });
const SERVERS = param({ name: "servers", min: 1, max: 16, integer: true, what: "mailbox servers in a site" });
const CORES = param({ name: "cores", ...boundsOf(input("coresPerServer").rule), defaultValue: 16, what: "processor cores per server" });
const SPEC_RATE = param({ name: "specRate", ...boundsOf(input("specIntRate").rule), defaultValue: 0, what: "the server's SPECint2006 rate (0 = not known)" });
const HOUR = param({ name: "hour", min: 1, max: 24, integer: true, what: "an hour of the day, 1 to 24" });
const SHARE = param({ name: "hourShares", min: 0, max: 1, what: "a share of the day's logs generated in an hour, such as 0.1" });

/** Each factor's check, from its one declaration with the factor (MICROSOFT_FACTORS). */
const MICROSOFT_FACTOR_PARAMETERS = Object.fromEntries(
  (Object.keys(MICROSOFT_FACTORS) as MicrosoftFactorName[]).map((name) => [name, param({ name, ...microsoftFactorBounds(name), what: MICROSOFT_FACTORS[name].what })]),
) as Record<MicrosoftFactorName, NumberParameter>;
const MICROSOFT_NAMES = Object.keys(MICROSOFT_FACTOR_DEFAULTS) as MicrosoftFactorName[];
const BY_LOWER = new Map<string, MicrosoftFactorName>(MICROSOFT_NAMES.map((n) => [n.toLowerCase(), n]));
/** The papers' factor names: accepted and left alone, so one factors table feeds every function. */
const PAPER_NAMES = new Set(FACTOR_NAMES.map((n) => n.toLowerCase()));

/** `factors` for Microsoft's functions: rows of name and value; the papers' names are ignored here. */
export function readMicrosoftFactors(value: unknown, name = "factors"): MicrosoftFactors {
  const factors: MicrosoftFactors = { ...MICROSOFT_FACTOR_DEFAULTS };
  if (isOmitted(value)) return factors;
  const rows = Array.isArray(value) ? (value as unknown[]) : [value];
  const shape = "a two-column range or array of factor names and values";
  for (const row of rows) {
    if (!Array.isArray(row) || row.length !== 2) throw new SizingError("#VALUE!", `${name} must be ${shape}`);
    const [label, raw] = row as CellValue[];
    if (isOmitted(label) && isOmitted(raw)) continue;
    const key = typeof label === "string" ? label.trim().toLowerCase() : "";
    const factor = BY_LOWER.get(key);
    if (factor === undefined) {
      if (PAPER_NAMES.has(key)) continue;
      throw new SizingError("#VALUE!", `${name} must be factor names from: ${MICROSOFT_NAMES.join(", ")}; got ${JSON.stringify(label)}`);
    }
    if (isOmitted(raw)) continue;
    factors[factor] = readNumber(raw, { ...MICROSOFT_FACTOR_PARAMETERS[factor], name: `${name} ${factor}` });
  }
  return factors;
}

/** A scalar, or a row or column of up to four values (one per mailbox tier, Input!B54:G90). */
function readTierValues(value: unknown, p: NumberParameter): number[] {
  if (!Array.isArray(value)) return [readNumber(value, p)];
  const cells = (value as unknown[][]).flat();
  if (cells.length > 4 || (value.length > 1 && Array.isArray(value[0]) && value[0].length > 1)) {
    throw new SizingError("#VALUE!", `${p.name} must be a number or a row or column of up to four tiers`);
  }
  return cells.map((c, i) => readNumber(c, { ...p, name: cells.length > 1 ? `${p.name} of tier ${i + 1}` : p.name }));
}

function readTiers(mailboxes: unknown, messagesPerDay: unknown, messageKB: unknown, quotaMB: unknown, f: MicrosoftFactors): MailboxTier[] {
  const columns = [readTierValues(mailboxes, MAILBOXES), readTierValues(messagesPerDay, MESSAGES), readTierValues(messageKB, MESSAGE_KB), readTierValues(quotaMB, QUOTA_MB)];
  const tiers = Math.max(...columns.map((c) => c.length));
  const names = ["mailboxes", "messagesPerDay", "messageKB", "quotaMB"];
  columns.forEach((c, i) => {
    if (c.length !== 1 && c.length !== tiers) throw new SizingError("#VALUE!", `${names[i]} must give one value or one per tier (${tiers}); got ${c.length}`);
  });
  const at = (c: number[], i: number) => (c.length === 1 ? c[0] : c[i]);
  const result = Array.from({ length: tiers }, (_, i) => ({
    mailboxes: at(columns[0], i),
    messagesPerDay: at(columns[1], i),
    messageKB: at(columns[2], i),
    quotaMB: at(columns[3], i),
    archiveMB: f.archiveMB,
  }));
  if (result.every((t) => t.mailboxes === 0)) throw new SizingError("#VALUE!", "mailboxes must total at least 1");
  return result.filter((t) => t.mailboxes > 0);
}

/** `servers`: one number (one site) or a row or column of two sites' servers, e.g. {2,2}. */
function readSites(value: unknown): number[] {
  // A second site of 0 servers is no site, so a sheet can pass its two site cells whatever the design.
  const cells = Array.isArray(value) ? (value as unknown[][]).flat().filter((c, i) => !isOmitted(c) && !(i > 0 && c === 0)) : [value];
  if (cells.length < 1 || cells.length > 2) throw new SizingError("#VALUE!", "servers must be a number or the servers of two sites, such as {2,2}");
  const sites = cells.map((c, i) => readNumber(c, { ...SERVERS, name: cells.length > 1 ? `servers in site ${i + 1}` : "servers" }));
  if (sites.reduce((a, b) => a + b, 0) > 16) throw new SizingError("#VALUE!", `servers must total at most 16 in one DAG; got ${sites.join(" + ")}`);
  return sites;
}

/** The sizing with what it was sized for: the sites, the copies and the factors (EX_MS_DISKS reads them too). */
interface Sized {
  sizing: MicrosoftSizing;
  serversPerSite: number[];
  copies: number;
  factors: MicrosoftFactors;
}

function sized(mailboxes: unknown, messagesPerDay: unknown, messageKB: unknown, quotaMB: unknown, servers: unknown, copies: unknown, factors: unknown, cores?: unknown, specRate?: unknown): Sized {
  const f = readMicrosoftFactors(factors);
  const tiers = readTiers(mailboxes, messagesPerDay, messageKB, quotaMB, f);
  const serversPerSite = readSites(servers);
  const c = readNumber(copies, COPIES);
  const sizing = microsoftSizing(
    {
      tiers,
      serversPerSite,
      copies: c,
      databases: f.databases > 0 ? f.databases : undefined,
      deployedDatabases: f.deployedDatabases > 0 ? f.deployedDatabases : undefined,
      cores: readNumber(cores, CORES),
      specRate: readNumber(specRate, SPEC_RATE),
    },
    f,
  );
  return { sizing, serversPerSite, copies: c, factors: f };
}

function sizeDesign(mailboxes: unknown, messagesPerDay: unknown, messageKB: unknown, quotaMB: unknown, servers: unknown, copies: unknown, factors: unknown, cores?: unknown, specRate?: unknown): MicrosoftSizing {
  return sized(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, factors, cores, specRate).sizing;
}

const MAILBOX_RESULTS = {
  disk: (r: MailboxRequirement) => r.mailboxOnDiskMB,
  logs: (r: MailboxRequirement) => r.logsPerDay,
  iops: (r: MailboxRequirement) => r.iops,
  reads: (r: MailboxRequirement) => r.reads,
  writes: (r: MailboxRequirement) => r.writes,
  cache: (r: MailboxRequirement) => r.cacheMB,
  active: (r: MailboxRequirement) => r.activeMegacycles,
  passive: (r: MailboxRequirement) => r.passiveMegacycles,
  cas: (r: MailboxRequirement) => r.casMegacycles,
  dumpster: (r: MailboxRequirement) => r.dumpsterMB + r.archiveDumpsterMB,
  readshare: (r: MailboxRequirement) => r.readShare,
  profile: (r: MailboxRequirement) => r.profileMessages,
};
export const MS_MAILBOX_RESULTS = Object.keys(MAILBOX_RESULTS) as (keyof typeof MAILBOX_RESULTS)[];

/** One mailbox by Microsoft's method: =EX_MS_MAILBOX(200,75,10240) → 10,890 MB on disk. */
export function EX_MS_MAILBOX(messagesPerDay: unknown, messageKB: unknown, quotaMB: unknown, copies?: unknown, result?: unknown, factors?: unknown): MicrosoftCellResult {
  try {
    const m = readNumber(messagesPerDay, MESSAGES);
    const kb = readNumber(messageKB, MESSAGE_KB);
    const q = readNumber(quotaMB, QUOTA_MB);
    const c = readNumber(copies, COPIES);
    const pick = MAILBOX_RESULTS[readChoice(result, "result", MS_MAILBOX_RESULTS)];
    const f = readMicrosoftFactors(factors);
    return checked(pick(mailboxRequirement(m, kb, q, f.archiveMB, c >= 2, f)));
  } catch (e) {
    return caught(e);
  }
}

/** A failure mode as a result names it, lowercase: "active.doubleserver" (MICROSOFT_FAILURE_MODES, less the worst). */
const MODES = MICROSOFT_FAILURE_MODES.filter((m) => m !== "worst");
const MODE_WORDS: Record<MicrosoftFailureMode, string> = {
  normal: "normal runtime",
  server: "a server's failure",
  doubleServer: "two servers' failure",
  site: "a site's failure",
  siteServer: "a site's and one more server's failure",
  siteDoubleServer: "a site's and two more servers' failure",
  worst: "the worst failure",
};
/** Results per failure mode, `prefix.mode`; a mode that cannot occur or is not survivable is #N/A saying so. */
function byMode<P extends string>(prefix: P, pick: (m: MicrosoftModeFigures) => number): Record<`${P}.${string}`, (s: MicrosoftSizing) => number> {
  return Object.fromEntries(
    MODES.map((mode) => [
      `${prefix}.${mode.toLowerCase()}`,
      (s: MicrosoftSizing) => {
        const m = s.failureModes[mode];
        if (!m.applies) throw new SizingError("#N/A", `${prefix}.${mode.toLowerCase()}: ${MODE_WORDS[mode]} cannot occur in this design or leaves a database without a copy (one site, or too few servers or HA copies)`);
        return pick(m);
      },
    ]),
  ) as Record<`${P}.${string}`, (s: MicrosoftSizing) => number>;
}

const DATABASE_RESULTS = {
  count: (s: MicrosoftSizing) => s.databases,
  mailboxes: (s: MicrosoftSizing) => s.mailboxesPerDatabase,
  size: (s: MicrosoftSizing) => s.databaseGB,
  maxsize: (s: MicrosoftSizing) => s.maxDatabaseGB,
  limit: (s: MicrosoftSizing) => s.mailboxesPerDatabaseLimit,
  iolimit: (s: MicrosoftSizing) => {
    if (Number.isNaN(s.ioMailboxesPerDatabase)) throw new SizingError("#N/A", "iolimit is the I/O-driven limit of JBOD disks (diskGB, with three or more HA copies); this design is on RAID");
    return s.ioMailboxesPerDatabase;
  },
  maxcount: (s: MicrosoftSizing) => s.maxDatabases,
  copies: (s: MicrosoftSizing) => s.copiesPerServer,
  disk: (s: MicrosoftSizing) => s.mailboxOnDiskMB,
  logs: (s: MicrosoftSizing) => s.logsPerDatabase,
  logspace: (s: MicrosoftSizing) => s.logSpaceGB,
  active: (s: MicrosoftSizing) => s.active.worst,
  ...byMode("active", (m) => m.activeDatabases),
};
export const MS_DATABASES_RESULTS = Object.keys(DATABASE_RESULTS) as (keyof typeof DATABASE_RESULTS)[];

/**
 * Databases of a DAG by Microsoft's method: count, mailboxes and GB per database, calculated maximum size. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements and Volume Requirements sheets.
 * @param mailboxes Mailboxes in the DAG (e.g. 2500), or a row of up to four tiers.
 * @param messagesPerDay Messages per mailbox per day (e.g. 200), or one per tier.
 * @param messageKB Average message size in KB (e.g. 75), or one per tier.
 * @param quotaMB Mailbox size limit in MB (e.g. 10240), or one per tier.
 * @param servers Mailbox servers of the DAG: a number (one site) or two sites, e.g. {2,2}.
 * @param [copies] Database copies, HA and lagged (factor laggedCopies says how many are lagged), round-robin over the sites. Default 2.
 * @param [result] "count" (default), "mailboxes", "size" GB, "maxsize" GB, "limit" mailboxes at maxsize, "iolimit" for JBOD I/O, "maxcount" databases the DAG allows, "copies" a server, "disk", "logs", "logspace", "active" (worst failure), or the busiest server's active databases in one failure mode: "active.normal", "active.server", "active.doubleserver", "active.site", "active.siteserver", "active.sitedoubleserver" (#N/A where the mode cannot occur or is not survivable). =EX_MS_DATABASES(7600,150,75,20480,{8,8},4,"active.site") → 14.
 * @param [factors] Names and values: diskGB 0 (RAID), diskIops 57.5, databasesPerVolume 0, databases 0, laggedCopies 0, lagDays 0, dataOverhead 0, volumeFreeShare 0.05, archiveMB 0, moveShare 0.01, truncationFailureDays 3 …
 * @returns The chosen count or size. =EX_MS_DATABASES(2500,200,75,10240,{2,2},4,"count",{"diskGB",4000}) → 40.
 */
export function EX_MS_DATABASES(mailboxes: unknown, messagesPerDay: unknown, messageKB: unknown, quotaMB: unknown, servers: unknown, copies?: unknown, result?: unknown, factors?: unknown): MicrosoftCellResult {
  try {
    const pick = DATABASE_RESULTS[readChoice(result, "result", MS_DATABASES_RESULTS)];
    return checked(pick(sizeDesign(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, factors)));
  } catch (e) {
    return caught(e);
  }
}

const IOPS_RESULTS = {
  server: (s: MicrosoftSizing) => s.serverIops,
  log: (s: MicrosoftSizing) => s.serverLogIops,
  dag: (s: MicrosoftSizing) => s.dagIops,
  daglog: (s: MicrosoftSizing) => s.dagLogIops,
  database: (s: MicrosoftSizing) => s.databaseIops,
  databaselog: (s: MicrosoftSizing) => s.databaseLogIops,
  reads: (s: MicrosoftSizing) => s.serverIops * s.readShare,
  writes: (s: MicrosoftSizing) => s.serverIops * (1 - s.readShare),
  peak: (s: MicrosoftSizing) => s.environmentIops,
  permailbox: (s: MicrosoftSizing) => s.perTier.reduce((a, r, i) => a + s.tierShares[i] * r.iops, 0) * (1 + s.ioOverhead),
};
export const MS_IOPS_RESULTS = Object.keys(IOPS_RESULTS) as (keyof typeof IOPS_RESULTS)[];

/**
 * Database and log IOPS by Microsoft's method, per server, database or DAG, counting every copy (lagged ones too). Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements sheet.
 * @param [copies] Database copies, HA and lagged (factor laggedCopies). Default 2.
 * @param [result] "server" (default), "log", "dag", "daglog" (stand-alone: all servers), "database", "databaselog", "reads", "writes", "peak", "permailbox".
 * @param [factors] ioOverhead 0.2, iopsMultiplier 1, databases 0, activeDatabases 0, laggedCopies 0, and those of EX_MS_DATABASES.
 * @returns IOPS. =EX_MS_IOPS(7600,150,75,20480,{8,8},4,"daglog",{"databases",336}) → 775.2.
 */
export function EX_MS_IOPS(mailboxes: unknown, messagesPerDay: unknown, messageKB: unknown, quotaMB: unknown, servers: unknown, copies?: unknown, result?: unknown, factors?: unknown): MicrosoftCellResult {
  try {
    const pick = IOPS_RESULTS[readChoice(result, "result", MS_IOPS_RESULTS)];
    return checked(pick(sizeDesign(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, factors)));
  } catch (e) {
    return caught(e);
  }
}

const SERVER_RESULTS = {
  memory: (s: MicrosoftSizing) => s.memoryGB,
  cache: (s: MicrosoftSizing) => s.cacheGB,
  calculated: (s: MicrosoftSizing) => s.totalMemoryGB,
  megacycles: (s: MicrosoftSizing) => s.megacycles,
  cores: (s: MicrosoftSizing) => s.coresNeeded,
  utilization: (s: MicrosoftSizing) => s.utilization,
  active: (s: MicrosoftSizing) => s.active.worst,
  transport: (s: MicrosoftSizing) => s.transportGB,
  transportall: (s: MicrosoftSizing) => s.transportAllGB,
  ...byMode("megacycles", (m) => m.megacycles),
};
export const MS_SERVER_RESULTS = Object.keys(SERVER_RESULTS) as (keyof typeof SERVER_RESULTS)[];

/**
 * Memory and processors of the busiest server in its worst failure (lagged copies never activate) by Microsoft's method. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements sheet.
 * @param [result] "memory" GB (default), "cache" GB, "calculated" GB, "megacycles", "cores" (needs specRate), "utilization", "active" databases; "transport" GB, the transport (Safety Net) database of a server, "transportall" of all the DAG's servers (=EX_MS_SERVER(7600,150,75,20480,{8,8},4,,,"transport") → 209.7); the megacycles of one failure mode: "megacycles.normal", "megacycles.server", "megacycles.doubleserver", "megacycles.site", "megacycles.siteserver", "megacycles.sitedoubleserver" (=EX_MS_SERVER(7600,150,75,20480,{8,8},4,,,"megacycles.site") → 10,279.6; #N/A where the mode cannot occur).
 * @param [factors] multiRole 1, hypervisor 0, megacyclesMultiplier 1, laggedCopies 0, and those of EX_MS_DATABASES.
 * @returns GB, megacycles, cores or a share. =EX_MS_SERVER(2500,200,75,10240,{2,2},4) → 160.
 */
export function EX_MS_SERVER(mailboxes: unknown, messagesPerDay: unknown, messageKB: unknown, quotaMB: unknown, servers: unknown, copies?: unknown, cores?: unknown, specRate?: unknown, result?: unknown, factors?: unknown): MicrosoftCellResult {
  try {
    const which = readChoice(result, "result", MS_SERVER_RESULTS);
    const s = sizeDesign(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, factors, cores, specRate);
    if ((which === "cores" || which === "utilization") && !(s.megacyclesPerCore > 0)) {
      throw new SizingError("#N/A", `${which} needs specRate, the server's SPECint2006 rate (e.g. 1000)`);
    }
    return checked(SERVER_RESULTS[which](s));
  } catch (e) {
    return caught(e);
  }
}

/** `hourShares`: one share, or 24 (or fewer) hourly shares of the day's logs — Input!C145:C168. */
function readHourShares(value: unknown): number[] {
  const cells = Array.isArray(value) ? (value as unknown[][]).flat() : [value];
  if (cells.length > 24) throw new SizingError("#VALUE!", "hourShares must be one share or up to 24 hourly shares");
  return cells.map((c, i) => (isOmitted(c) && cells.length > 1 ? 0 : readNumber(c, { ...SHARE, name: cells.length > 1 ? `hourShares hour ${i + 1}` : "hourShares" })));
}

const REPLICATION_RESULTS = ["total", "database", "streams"] as const;

/** Log replication between two sites, Mb/s: =EX_MS_REPLICATION(2500,200,75,10240,{2,2},4,0.1) → 43.2. */
export function EX_MS_REPLICATION(mailboxes: unknown, messagesPerDay: unknown, messageKB: unknown, quotaMB: unknown, servers: unknown, copies: unknown, hourShares: unknown, hour?: unknown, result?: unknown, factors?: unknown): MicrosoftCellResult {
  try {
    const shares = readHourShares(hourShares);
    const h = readOptionalNumber(hour, HOUR);
    if (h !== undefined && h > shares.length) throw new SizingError("#VALUE!", `hour must be at most ${shares.length}, the hours hourShares gives; got ${h}`);
    const which = readChoice(result, "result", REPLICATION_RESULTS);
    const s = sizeDesign(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, factors);
    if (s.logStreams === 0) throw new SizingError("#N/A", "replication between sites needs servers and copies in two sites, such as servers {2,2} and copies 4");
    if (which === "streams") return checked(s.logStreams);
    const share = h === undefined ? Math.max(...shares) : shares[h - 1];
    const r = replicationMbps(s.logsPerDatabase, share, s.logStreams, readMicrosoftFactors(factors));
    return checked(which === "total" ? r.total : r.perDatabase);
  } catch (e) {
    return caught(e);
  }
}

const VOLUME_DATABASES = param({ name: "volumeDatabases", min: 0, max: 100, integer: true, defaultValue: SERVER_DISK_DEFAULTS.databasesPerVolume, what: "databases a disk's volume holds (0 = the most that fit, at most the copies)" });
const AUTORESEED_DISKS = param({ name: "autoReseedDisks", min: 0, max: 100, integer: true, defaultValue: SERVER_DISK_DEFAULTS.autoReseedDisks, what: "AutoReseed spare disks a server" });
const SPARE_DISKS = param({ name: "spareDisks", min: 0, max: 100, integer: true, defaultValue: SERVER_DISK_DEFAULTS.spareDisks, what: "hot spare disks a server" });
const DISK_RAW_GB = param({ name: "disk raw GB", above: 0, max: 1_000_000, what: "a disk's raw (decimal) GB such as 8000" });
const DISK_IOPS = param({ name: "disk IOPS", above: 0, max: 1_000_000, what: "a disk's random IOPS such as 57.5" });
const DISK_SHAPE = `a server disk, JBOD or RAID: a name of Microsoft's calculator's disk table such as "8TB 7.2K NL-SAS 3.5" or "6000 GB 10K RPM SAS 2.5" (the inch mark may be left out), or a row of its raw GB and random IOPS such as {8000,57.5}`;

/** `disk`: a name jbodDisk knows, or a row (or column) of raw GB and random IOPS — a user's own disk, as a sheet's table gives it. */
function readServerDisk(value: unknown): JbodDisk {
  let one = value;
  if (Array.isArray(value)) {
    const rows = value as unknown[];
    const cells = rows.flatMap((r) => (Array.isArray(r) ? (r as unknown[]) : [r]));
    const line = rows.length === 1 || rows.every((r) => !Array.isArray(r) || r.length === 1);
    if (cells.length === 2 && line) {
      const rawGB = readNumber(cells[0], DISK_RAW_GB);
      const iops = readNumber(cells[1], DISK_IOPS);
      return { name: `${formatNumber(rawGB)} GB, ${formatNumber(iops)} IOPS`, rawGB, type: "given", iops, source: "the disk given" };
    }
    if (cells.length !== 1) throw new SizingError("#VALUE!", `disk must be ${DISK_SHAPE}; got a range of ${cells.length} cells`);
    one = cells[0];
  }
  if (isOmitted(one)) throw new SizingError("#VALUE!", `disk is required: ${DISK_SHAPE}`);
  if (typeof one !== "string") throw new SizingError("#VALUE!", `disk must be ${DISK_SHAPE}; got ${describeValue(one)}`);
  return jbodDisk(one);
}

/** A figure with no meaning for the architecture: #N/A saying why and what to ask for instead. */
const notOn = (why: string) => (): never => {
  throw new SizingError("#N/A", why);
};
const JBOD_RESULTS: Record<ServerDiskResult, (d: ServerDisks, s: MicrosoftSizing) => number | string> = {
  disks: (d) => d.disksPerServer,
  calculator: (d) => d.calculatorDisks,
  databaselog: (d) => d.databaseLogDisks,
  volumedatabases: (d) => d.databasesPerVolume,
  volumegb: (d) => d.volumeGB,
  formattedgb: (d) => d.formattedGB,
  restoregb: (d) => d.restoreVolumeGB,
  dag: (d, s) => d.disksPerServer * s.servers,
  architecture: () => "JBOD",
  databaseraid: notOn("databaseraid is a RAID server's database+log RAID level; this design is on JBOD, each database+log volume one disk (volumegb its GB)"),
  restoreraid: notOn("restoreraid is a RAID server's restore volume RAID level; this design is on JBOD, its restore volume one disk"),
  restoredisks: (d) => d.restoreDisks,
  databaseloggb: notOn("databaseloggb is a RAID server's database+log volumes, GB; this design is on JBOD: volumegb is a volume's GB, one disk each"),
};
const RAID_RESULTS: Record<ServerDiskResult, (d: RaidServerDisks) => number | string> = {
  disks: (d) => d.disksPerServer,
  calculator: (d) => d.calculatorDisks,
  databaselog: (d) => d.databaseLogDisks,
  volumedatabases: (d) => d.databasesPerVolume,
  volumegb: notOn("volumegb is a JBOD volume's GB, one disk each; this design is on RAID, its volumes on one RAID set: databaseloggb is their GB"),
  formattedgb: (d) => d.formattedGB,
  restoregb: (d) => d.restoreVolumeGB,
  dag: (d) => d.dagDisks,
  architecture: () => "RAID",
  databaseraid: (d) => d.databaseLogRaid,
  restoreraid: (d) => d.restoreRaid,
  restoredisks: (d) => d.restoreDisks,
  databaseloggb: (d) => d.databaseLogGB,
};
export const MS_DISKS_RESULTS: readonly ServerDiskResult[] = SERVER_DISK_RESULTS;
const cellOf = (v: number | string): MicrosoftCellResult => (typeof v === "string" ? v : checked(v));

/**
 * A server's own disks by Microsoft's method, JBOD or RAID as its calculator deploys them (JBOD with three or more copies that can be activated, else RAID). JBOD: database+log volumes of one disk each, a restore disk, AutoReseed and hot spare disks. RAID: a RAID-1/0 or RAID-5 set for the database+log volumes (their I/O with the write penalty and rebuild overhead, and their space), a RAID-5 restore volume and hot spares. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Volume Requirements and Storage Design sheets; the hot spares as Dell EMC ESRP, 100,000 mailboxes, Exchange 2016 (2016), §4. The databases are sized as EX_MS_DATABASES sizes them (the same arguments and factors); the disks hold their copies as sizeDesign does.
 * @param disk A disk name ("8TB 7.2K NL-SAS 3.5", "600 GB 10K RPM SAS 2.5"; the inch mark may be left out) or a row of raw GB and random IOPS, e.g. {8000,57.5}.
 * @param [result] "disks" a server, hot spares included (default); "calculator" the calculator's count; "databaselog" database+log disks; "volumedatabases" databases a volume; "volumegb" a JBOD volume's GB; "databaseloggb" a RAID server's database+log GB; "formattedgb" a disk's; "restoregb" the restore volume's; "restoredisks"; "dag" every disk of the DAG's servers; "architecture" "JBOD" or "RAID"; "databaseraid" and "restoreraid" the RAID levels ("RAID-1/0", "RAID-5"). A figure the architecture lacks is #N/A saying so. =EX_MS_DISKS(7600,150,150,2048,2,2,"600 GB 10K RPM SAS 2.5","databaseraid") → RAID-5.
 * @param [volumeDatabases] Databases a JBOD volume asked, as the calculator lays them (1 one, another number half the copies when even, else the copies); 0 (default) the most that fit, at most the copies. RAID volumes hold the calculator's own count.
 * @param [autoReseedDisks] AutoReseed disks a JBOD server (none on RAID). Default 1.
 * @param [spareDisks] Hot spare disks a server. Default 1.
 * @returns A count of disks, databases or GB, or a name. =EX_MS_DISKS(7600,150,75,20480,{8,8},4,"8TB 7.2K NL-SAS 3.5""","disks",2,,,{"archiveMB",51200;"databases",336}) → 45 on JBOD; =EX_MS_DISKS(7600,150,150,2048,2,2,"600 GB 10K RPM SAS 2.5") → 73 on RAID (66 in RAID-5, a RAID-5 restore of 6, a spare).
 */
export function EX_MS_DISKS(mailboxes: unknown, messagesPerDay: unknown, messageKB: unknown, quotaMB: unknown, servers: unknown, copies: unknown, disk: unknown, result?: unknown, volumeDatabases?: unknown, autoReseedDisks?: unknown, spareDisks?: unknown, factors?: unknown): MicrosoftCellResult {
  try {
    const which = readChoice(result, "result", MS_DISKS_RESULTS);
    const d = readServerDisk(disk);
    const choice = {
      disk: d,
      databasesPerVolume: readNumber(volumeDatabases, VOLUME_DATABASES),
      autoReseedDisks: readNumber(autoReseedDisks, AUTORESEED_DISKS),
      restoreDisks: SERVER_DISK_DEFAULTS.restoreDisks,
      spareDisks: readNumber(spareDisks, SPARE_DISKS),
    };
    const { sizing: s, serversPerSite, copies: c, factors: f } = sized(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, factors);
    // As sizeDesign: a design the calculator puts on RAID (Role Requirements!I127) has its RAID disks.
    const preferred = prefersJbod(serversPerSite, c, f.laggedCopies, { diskGB: d.rawGB, activePassive: f.activePassive, considerJbod: f.considerJbod, databasesPerVolume: choice.databasesPerVolume });
    const layout = { activePassive: f.activePassive };
    // A server of `server.copiesPerServer` copies on RAID or JBOD; a number of databases a volume asked is the calculator's (Role Requirements!C83), 0 the most that fit, at most the copies.
    const onRaid = (server: MicrosoftSizing) => raidServerDisks(raidNeedOf(server, { serversPerSite, copies: c, laggedCopies: f.laggedCopies, databasesPerVolume: choice.databasesPerVolume }, f), choice);
    const onJbod = (server: MicrosoftSizing) => {
      const v = volumeDatabasesOf(c, serversPerSite, { ...layout, databasesPerVolume: choice.databasesPerVolume }, preferred.multipleDatabasesPerVolume);
      return serverDisks(jbodNeedOf(server, volumeCopiesOf(c, serversPerSite, layout), f), { ...choice, databasesPerVolume: v });
    };
    const first = preferred.jbod ? onJbod(s) : onRaid(s);
    if (which === "dag" && c >= 2 && activePassiveOf(serversPerSite, f)) {
      // Active/passive: each site's servers their own disks (site-disks.ts; Storage Design!C194:F197).
      const server = secondSiteServer(s, serversPerSite, c);
      const second = preferred.secondSiteJbod ? onJbod(server) : onRaid(server);
      return cellOf(siteDagDisks(first.disksPerServer, serversPerSite, second.disksPerServer));
    }
    return cellOf("architecture" in first ? RAID_RESULTS[which](first) : JBOD_RESULTS[which](first, s));
  } catch (e) {
    return caught(e);
  }
}
