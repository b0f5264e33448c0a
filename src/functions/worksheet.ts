/**
 * The five worksheet functions as Excel sees them: the same argument order, defaults and `result`
 * choices as SIZING.md section 0. Each returns what the cell shows — a number, a text, or a
 * SizingError value — and never throws for bad input. The Excel edge (functions.ts), the CLI and
 * the package's main entry all call these, so `exsize eval` prints what the cell would show.
 */
// Imported from each module, not the engine's index: `export *` compiles to a getter per access,
// a tenth of EX_DBSIZE's time (npm run bench).
import { arrayModelName, chooseArrays } from "../engine/arrays";
import { databaseCapacity, type DatabaseCapacity } from "../engine/database";
import { boundsOf, input, type InputKey } from "../engine/catalogue";
import { SizingError } from "../engine/errors";
import { databasesOf, failoverLoad, layoutOf, targetIops, type DagLayout, type FailureScenario } from "../engine/failover";
import { defaultNames, MAX_COPIES } from "../engine/layout";
import { iopsRequirement, type IopsRequirement } from "../engine/iops";
import { jetstressVerdict } from "../engine/jetstress";
import { logCapacity, type LogCapacity } from "../engine/logs";
import { SERVER_DISK_DEFAULTS } from "../engine/microsoft/disks";
import { mailboxServerSize } from "../engine/server";
import { spindleCount, type SpindleCount } from "../engine/spindles";
import { DEFAULT_MAX_DATABASE_GB, DEFAULT_READ_RATIO, EQUALLOGIC_CATALOGUE, RAID_LAYOUTS, type ArrayModel, type RaidLevel } from "../engine/tables";
import {
  isOmitted,
  readChoice,
  readDiskClasses,
  readDiskIops,
  readFactors,
  readNumber,
  readOptionalNumber,
  readRaid,
  readVersion,
  numberParameter as param,
  type NumberParameter,
} from "./arguments";
import { readCatalogue } from "./catalogue";

export type CellResult = number | string | SizingError;

/** An input's bounds as the design's catalogue declares them: a cell and the function it feeds take the same numbers. */
const declared = (key: InputKey) => boundsOf(input(key).rule);
const USERS = param({ name: "users", ...declared("users"), what: "the number of mailboxes" });
const QUOTA_MB = param({ name: "quotaMB", ...declared("quotaMB"), what: "the mailbox quota in MB" });
const MESSAGES_PER_DAY = param({ name: "messagesPerDay", ...declared("messagesPerDay"), what: "messages sent and received per user per day" });
const MESSAGE_KB = param({ name: "messageKB", ...declared("messageKB"), what: "the average message size in KB" });
const MAX_DATABASE_GB = param({ name: "maxDatabaseGB", ...declared("maxDatabaseGB"), defaultValue: DEFAULT_MAX_DATABASE_GB, what: "the largest database in GB" });
const DATABASES = param({ name: "databases", min: 1, max: 100_000, integer: true, what: "the number of databases" });
const COPIES = param({ name: "copies", ...declared("copies"), defaultValue: 2, what: "database copies (1 = stand-alone, a DAG has up to 16)" });
const IOPS = param({ name: "iops", min: 0, max: 1_000_000_000, what: "the IOPS to serve" });
const READ_RATIO = param({ name: "readRatio", ...declared("readRatio"), defaultValue: DEFAULT_READ_RATIO, what: "the share of I/O that is reads" });
// Every design the Design check accepts fits: at most 100,000 databases of at most 1,000,000 GB, × 1.32 for the
// content index and free space (000, Table 18), plus logs, is under 1.5e11 GB a copy (20,000,000 users passed 1e9).
const CAPACITY_GB = param({ name: "capacityGB", min: 0, max: 1_000_000_000_000, what: "the capacity to hold in GB" });
const DISK_GB = param({ name: "diskGB", above: 0, max: 1_000_000, what: "the size of one disk in GB" });
const GROUP_SIZE = param({ name: "groupSize", min: 1, max: 256, integer: true, what: "disks per RAID group" });

/**
 * Each function body runs in `try { return checked(…) } catch (e) { return caught(e) }`: a
 * SizingError becomes the cell's value; anything else is a bug and surfaces. (A plain try/catch
 * rather than a wrapper taking a closure: no allocation per call.)
 */
function checked(value: number | string): CellResult {
  if (typeof value === "number" && !Number.isFinite(value)) {
    return new SizingError("#NUM!", "the result is too large to be a number");
  }
  return value;
}

function caught(e: unknown): SizingError {
  if (e instanceof SizingError) return e;
  throw e;
}

const DBSIZE_RESULTS = {
  total: (c: DatabaseCapacity) => c.totalDatabaseGB,
  mailbox: (c: DatabaseCapacity) => c.mailboxOnDiskMB,
  count: (c: DatabaseCapacity) => c.databaseCount,
  database: (c: DatabaseCapacity) => c.databaseGB,
  volume: (c: DatabaseCapacity) => c.provisionedDatabaseVolumeGB,
  whitespace: (c: DatabaseCapacity) => c.whiteSpacePerUserMB,
  dumpster: (c: DatabaseCapacity) => c.dumpsterPerUserMB,
};
const DBSIZE_RESULT_NAMES = Object.keys(DBSIZE_RESULTS) as (keyof typeof DBSIZE_RESULTS)[];

export function EX_DBSIZE(
  users: unknown,
  quotaMB: unknown,
  messagesPerDay: unknown,
  messageKB: unknown,
  maxDatabaseGB?: unknown,
  result?: unknown,
  factors?: unknown,
): CellResult {
  try {
    const nu = readNumber(users, USERS);
    const mq = readNumber(quotaMB, QUOTA_MB);
    const msr = readNumber(messagesPerDay, MESSAGES_PER_DAY);
    const ams = readNumber(messageKB, MESSAGE_KB);
    const maxDb = readNumber(maxDatabaseGB, MAX_DATABASE_GB);
    const pick = DBSIZE_RESULTS[readChoice(result, "result", DBSIZE_RESULT_NAMES)];
    return checked(pick(databaseCapacity(nu, mq, msr, ams, maxDb, readFactors(factors))));
  } catch (e) {
    return caught(e);
  }
}

const LOGVOL_RESULTS = {
  volume: (c: LogCapacity) => c.provisionedLogVolumeGB,
  logs: (c: LogCapacity) => c.logFilesPerUserPerDay,
  daily: (c: LogCapacity) => c.dailyLogMBPerDatabase,
};
const LOGVOL_RESULT_NAMES = Object.keys(LOGVOL_RESULTS) as (keyof typeof LOGVOL_RESULTS)[];

export function EX_LOGVOL(
  users: unknown,
  messagesPerDay: unknown,
  messageKB: unknown,
  databases: unknown,
  result?: unknown,
  factors?: unknown,
): CellResult {
  try {
    const nu = readNumber(users, USERS);
    const msr = readNumber(messagesPerDay, MESSAGES_PER_DAY);
    const ams = readNumber(messageKB, MESSAGE_KB);
    const db = readNumber(databases, DATABASES);
    const pick = LOGVOL_RESULTS[readChoice(result, "result", LOGVOL_RESULT_NAMES)];
    return checked(pick(logCapacity(nu, msr, ams, db, readFactors(factors))));
  } catch (e) {
    return caught(e);
  }
}

const IOPS_RESULTS = {
  database: (r: IopsRequirement) => r.databaseIops,
  log: (r: IopsRequirement) => r.logIops,
  peruser: (r: IopsRequirement) => r.iopsPerUser,
  dag: (r: IopsRequirement) => r.dagDatabaseIops,
};
const IOPS_RESULT_NAMES = Object.keys(IOPS_RESULTS) as (keyof typeof IOPS_RESULTS)[];

export function EX_IOPS(
  users: unknown,
  messagesPerDay: unknown,
  copies?: unknown,
  result?: unknown,
  version?: unknown,
  factors?: unknown,
): CellResult {
  try {
    const nu = readNumber(users, USERS);
    const msr = readNumber(messagesPerDay, MESSAGES_PER_DAY);
    const n = readNumber(copies, COPIES);
    const pick = IOPS_RESULTS[readChoice(result, "result", IOPS_RESULT_NAMES)];
    return checked(pick(iopsRequirement(nu, msr, n, readVersion(version, "version"), readFactors(factors))));
  } catch (e) {
    return caught(e);
  }
}

const SPINDLES_RESULTS = {
  disks: (s: SpindleCount) => s.disks,
  backend: (s: SpindleCount) => s.backendIops,
  iodisks: (s: SpindleCount) => s.iopsDisks,
  capacitydisks: (s: SpindleCount) => {
    if (s.capacityDisks === undefined) {
      throw new SizingError("#N/A", "capacitydisks needs capacityGB and diskGB");
    }
    return s.capacityDisks;
  },
};
const SPINDLES_RESULT_NAMES = Object.keys(SPINDLES_RESULTS) as (keyof typeof SPINDLES_RESULTS)[];

export function EX_SPINDLES(
  iops: unknown,
  raid?: unknown,
  disk?: unknown,
  readRatio?: unknown,
  capacityGB?: unknown,
  diskGB?: unknown,
  groupSize?: unknown,
  result?: unknown,
  disks?: unknown,
): CellResult {
  try {
    const level = readRaid(raid, "raid", "RAID5");
    const capacity = readOptionalNumber(capacityGB, CAPACITY_GB);
    const diskSize = readOptionalNumber(diskGB, DISK_GB);
    if ((capacity === undefined) !== (diskSize === undefined)) {
      const missing = capacity === undefined ? "capacityGB" : "diskGB";
      throw new SizingError("#VALUE!", `${missing} is required when ${missing === "diskGB" ? "capacityGB" : "diskGB"} is given`);
    }
    const group = readOptionalNumber(groupSize, GROUP_SIZE);
    if (group !== undefined) checkGroupSize(level, group);
    const pick = SPINDLES_RESULTS[readChoice(result, "result", SPINDLES_RESULT_NAMES)];
    return checked(pick(
      spindleCount({
        iops: readNumber(iops, IOPS),
        raid: level,
        diskIops: readDiskIops(disk, "10K", readDiskClasses(disks, "disks")),
        readRatio: readNumber(readRatio, READ_RATIO),
        capacityGB: capacity,
        diskGB: diskSize,
        groupSize: group,
      }),
    ));
  } catch (e) {
    return caught(e);
  }
}

function checkGroupSize(level: ReturnType<typeof readRaid>, group: number): void {
  const layout = RAID_LAYOUTS[level];
  if (group < layout.minGroup || group % layout.groupMultiple !== 0) {
    const even = layout.groupMultiple === 2 ? "an even number of disks, " : "";
    throw new SizingError("#VALUE!", `groupSize must be ${even}at least ${layout.minGroup} for ${level}; got ${group}`);
  }
}

const ARRAYS_RESULTS = {
  count: (a: ReturnType<typeof chooseArrays>) => a.arrays,
  percopy: (a: ReturnType<typeof chooseArrays>) => a.arraysPerCopy,
  model: (a: ReturnType<typeof chooseArrays>) => arrayModelName(a.model),
};
const ARRAYS_RESULT_NAMES = Object.keys(ARRAYS_RESULTS) as (keyof typeof ARRAYS_RESULTS)[];

export function EX_ARRAYS(
  capacityGB: unknown,
  iops: unknown,
  copies?: unknown,
  raid?: unknown,
  model?: unknown,
  result?: unknown,
  catalog?: unknown,
): CellResult {
  try {
    const capacity = readNumber(capacityGB, CAPACITY_GB);
    const demand = readNumber(iops, IOPS);
    const n = readNumber(copies, COPIES);
    const candidates = readCatalogue(catalog, "catalog", EQUALLOGIC_CATALOGUE);
    const raids = candidates === EQUALLOGIC_CATALOGUE ? EQUALLOGIC_RAIDS : raidLevelsOf(candidates);
    const level = readRaid(raid, "raid", "RAID50", raids);
    const pick = ARRAYS_RESULTS[readChoice(result, "result", ARRAYS_RESULT_NAMES)];
    return checked(pick(chooseArrays(capacity, demand, n, level, selectModel(model, candidates))));
  } catch (e) {
    return caught(e);
  }
}

const raidLevelsOf = (models: readonly ArrayModel[]): RaidLevel[] => [...new Set(models.map((c) => c.raid))];
const EQUALLOGIC_RAIDS = raidLevelsOf(EQUALLOGIC_CATALOGUE);

/** "auto" (or omitted) offers the whole catalogue; "PS6500E" offers its drives; "PS6500E 500GB" one entry. */
function selectModel(model: unknown, candidates: readonly ArrayModel[]): readonly ArrayModel[] {
  if (isOmitted(model)) return candidates;
  const key = typeof model === "string" ? model.trim().toUpperCase().replace(/\s+/g, " ") : "";
  if (key === "AUTO") return candidates;
  const chosen = candidates.filter((c) => {
    const name = arrayModelName(c).toUpperCase();
    return name === key || c.model.toUpperCase() === key || name.replace(/ /g, "") === key.replace(/ /g, "");
  });
  if (chosen.length > 0) return chosen;
  const names = [...new Set(candidates.map(arrayModelName))].join(", ");
  throw new SizingError("#N/A", `model must be "auto" or one of the catalogue's: ${names}; got ${JSON.stringify(model)}`);
}

const USERS_IN_DAG = param({ ...USERS, what: "the mailboxes in the DAG" });
const SERVERS_IN_SITE = param({ name: "servers", ...declared("serversSite1"), what: "servers in a site (a DAG has up to 16)" });
const IOPS_PER_MAILBOX = param({ name: "iopsPerMailbox", above: 0, max: 1000, what: "database IOPS per mailbox with headroom, such as 0.121" });

/** `servers`: one number (one site) or a row or column of each site's servers, e.g. {6,3}. */
function readServersPerSite(value: unknown): number[] {
  if (!Array.isArray(value)) return [readNumber(value, SERVERS_IN_SITE)];
  const cells = (value as unknown[][]).flat().filter((c) => !isOmitted(c));
  const rows = value.length;
  const columns = Array.isArray(value[0]) ? value[0].length : 0;
  if (cells.length === 0 || (rows > 1 && columns > 1)) {
    throw new SizingError("#VALUE!", "servers must be a number or a row or column of servers per site, such as {6,3}");
  }
  const perSite = cells.map((c, i) => readNumber(c, { ...SERVERS_IN_SITE, name: `servers in site ${i + 1}` }));
  if (perSite.reduce((a, b) => a + b, 0) > 16) {
    throw new SizingError("#VALUE!", `servers must total at most 16 in one DAG; got ${perSite.join(" + ")}`);
  }
  return perSite;
}

const FAILOVER_RESULTS = ["mailboxes", "target", "servers", "databases", "count"] as const;
const DATABASES_IN_DAG = param({ name: "databases", min: 1, max: 100_000, integer: true, what: "databases in the DAG" });
const LAGGED_COPIES = param({ name: "lagged", min: 0, max: MAX_COPIES - 1, integer: true, defaultValue: 0, what: "lagged copies of each database, never activated" });

/** The DAG design of EX_FAILOVER and EX_LAYOUT from their shared arguments. */
function readDagDesign(users: unknown, servers: unknown, copies: unknown, layout: unknown, databases: unknown, lagged: unknown) {
  return {
    users: readNumber(users, USERS_IN_DAG),
    serversPerSite: readServersPerSite(servers),
    copies: readNumber(copies, COPIES),
    layout: readChoice(layout, "layout", DAG_LAYOUTS),
    databases: readOptionalNumber(databases, DATABASES_IN_DAG),
    laggedCopies: readNumber(lagged, LAGGED_COPIES),
  };
}

/**
 * Worst-case load on the busiest running server of the DAG's copy layout (src/engine/layout.ts),
 * and the per-server IOPS target that follows (002 and 004, 4.1). `servers` is the servers still
 * running; `databases` the active databases on the busiest. `databases` (the argument) defaults to
 * EX_DBSIZE's count for the users at the reference profile, rounded up to a balanced count.
 */
export function EX_FAILOVER(
  users: unknown,
  servers: unknown,
  copies?: unknown,
  scenario?: unknown,
  layout?: unknown,
  iopsPerMailbox?: unknown,
  result?: unknown,
  databases?: unknown,
  lagged?: unknown,
): CellResult {
  try {
    const design = readDagDesign(users, servers, copies, layout, databases, lagged);
    const which = readChoice(scenario, "scenario", SCENARIOS_WORST_FIRST);
    const pick = readChoice(result, "result", FAILOVER_RESULTS);
    const perMailbox = readOptionalNumber(iopsPerMailbox, IOPS_PER_MAILBOX);
    const load = failoverLoad(design, which);
    if (pick === "servers") return checked(load.survivingServers);
    if (pick === "databases") return checked(load.activeDatabasesPerServer);
    if (pick === "count") return checked(load.databases);
    if (pick === "mailboxes") return checked(load.activeMailboxesPerServer);
    if (perMailbox === undefined) throw new SizingError("#N/A", "target needs iopsPerMailbox, such as EX_IOPS(1,150,,\"peruser\",2013)");
    return checked(targetIops(load.activeMailboxesPerServer, perMailbox));
  } catch (e) {
    return caught(e);
  }
}

/** A spilled range: text, numbers and "" for an empty cell. */
export type CellMatrix = (string | number)[][];

/**
 * The copy layout as the calculator's Distribution sheet shows it: a header row ("Database" and
 * each server's name), then one row per database with the activation preference in each cell
 * that holds a copy and "" elsewhere. Lagged copies are the highest preferences.
 */
export function EX_LAYOUT(
  users: unknown,
  servers: unknown,
  copies?: unknown,
  layout?: unknown,
  databases?: unknown,
  lagged?: unknown,
): CellMatrix | SizingError {
  try {
    const design = readDagDesign(users, servers, copies, layout, databases, lagged);
    const count = databasesOf(design);
    const copyLayout = layoutOf({ ...design, databases: count });
    const serverCount = copyLayout.siteOfServer.length;
    const names = defaultNames(serverCount, count);
    const header: (string | number)[] = ["Database", ...Array.from({ length: serverCount }, (_, s) => names.server(s))];
    const rows = copyLayout.copies.map((dbCopies, d) => {
      const row: (string | number)[] = [names.database(d), ...Array<string | number>(serverCount).fill("")];
      for (const c of dbCopies) row[c.server + 1] = c.preference;
      return row;
    });
    return [header, ...rows];
  } catch (e) {
    return caught(e);
  }
}

const DAG_LAYOUTS = ["active/active", "active/passive"] as const satisfies readonly DagLayout[];
/** The default scenario is the worst the papers test: a site and then one more server (004). */
const SCENARIOS_WORST_FIRST = ["site+server", "site", "server", "normal"] as const satisfies readonly FailureScenario[];

// As many as a design has users: in a one-server design, or a failure, one server carries them all.
const MAILBOXES = param({ name: "mailboxes", min: 0, max: 100_000_000, integer: true, what: "active mailboxes on the server" });
const SERVER_RESULTS = ["cores", "memory"] as const;

/** Mailbox server cores and memory (003): 1,000 very heavy mailboxes a core, 4 GB + 6 MB a mailbox. */
export function EX_SERVER(mailboxes: unknown, result?: unknown, factors?: unknown): CellResult {
  try {
    const size = mailboxServerSize(readNumber(mailboxes, MAILBOXES), readFactors(factors));
    return checked(readChoice(result, "result", SERVER_RESULTS) === "cores" ? size.cores : size.memoryGB);
  } catch (e) {
    return caught(e);
  }
}

const LATENCY = (name: string, what: string): NumberParameter => param({ name, min: 0, max: 100_000, what: `${what} in ms` });
const ACHIEVED_IOPS = param({ name: "achievedIops", min: 0, max: 1e9, what: "the transactional IOPS Jetstress achieved" });
const TARGET_IOPS = param({ name: "targetIops", min: 0, max: 1e9, what: "the target IOPS of the server" });
const JETSTRESS_RESULTS = ["verdict", "reason"] as const;

/**
 * Jetstress pass or fail against the thresholds of 000 (20 ms database reads, 10 ms log writes,
 * 100 ms spikes) and the target IOPS. `reason` says which criteria failed.
 */
export function EX_JETSTRESS(
  achievedIops: unknown,
  targetIops: unknown,
  dbReadLatencyMs: unknown,
  logWriteLatencyMs: unknown,
  dbReadPeakMs?: unknown,
  logWritePeakMs?: unknown,
  result?: unknown,
): CellResult {
  try {
    const verdict = jetstressVerdict({
      achievedIops: readNumber(achievedIops, ACHIEVED_IOPS),
      targetIops: readNumber(targetIops, TARGET_IOPS),
      databaseReadLatencyMs: readNumber(dbReadLatencyMs, LATENCY("dbReadLatencyMs", "the average database read latency")),
      logWriteLatencyMs: readNumber(logWriteLatencyMs, LATENCY("logWriteLatencyMs", "the average log write latency")),
      databaseReadPeakMs: readOptionalNumber(dbReadPeakMs, LATENCY("dbReadPeakMs", "the peak database read latency")),
      logWritePeakMs: readOptionalNumber(logWritePeakMs, LATENCY("logWritePeakMs", "the peak log write latency")),
    });
    if (readChoice(result, "result", JETSTRESS_RESULTS) === "verdict") return checked(verdict.pass ? "pass" : "fail");
    return checked(verdict.pass ? "pass" : `fail: ${verdict.failures.join("; ")}`);
  } catch (e) {
    return caught(e);
  }
}

/**
 * The parameters a design's input cells feed, so the template's data validation uses the same limits
 * and words as the functions: a customer cannot type what the add-in would reject.
 */
export const INPUT_PARAMETERS = Object.freeze({
  users: USERS,
  quotaMB: QUOTA_MB,
  messagesPerDay: MESSAGES_PER_DAY,
  messageKB: MESSAGE_KB,
  maxDatabaseGB: MAX_DATABASE_GB,
  databases: DATABASES,
  copies: COPIES,
  laggedCopies: param({ name: "laggedCopies", ...declared("laggedCopies"), defaultValue: 0, what: "lagged copies of each database, counted among the copies and never activated (0 = none)" }),
  lagDays: param({ name: "lagDays", ...declared("lagDays"), defaultValue: 7, what: "the lagged copies' replay lag in days, up to Exchange's 14" }),
  readRatio: READ_RATIO,
  servers: SERVERS_IN_SITE,
  // The environment of several DAGs (004_1d3a339e6fd03f64.txt §4): at least a DAG's users, a rule joining Users (design-check.ts).
  environmentUsers: param({ name: "environmentUsers", ...declared("environmentUsers"), defaultValue: 0, what: "the environment's mailboxes, sized as identical DAGs of Users each: at least Users (empty or 0 = this DAG alone)" }),
  // The databases a DAG as set (the calculator's Input!G38 "No", G39: Dell EMC's 336, 004_1d3a339e6fd03f64.txt §4).
  databasesPerDag: param({ name: "databasesPerDag", ...declared("databasesPerDag"), defaultValue: 0, what: "databases a DAG as you set them, Microsoft's method (empty or 0 = the method's own count)" }),
  // A Microsoft-method JBOD server's own disks (the calculator's Input!C109:C112, 004_1d3a339e6fd03f64.txt §4).
  databasesPerVolume: param({ name: "databasesPerVolume", ...declared("databasesPerVolume"), defaultValue: SERVER_DISK_DEFAULTS.databasesPerVolume, what: "databases a JBOD disk's volume holds (0 = the most that fit, at most the copies)" }),
  autoReseedDisks: param({ name: "autoReseedDisks", ...declared("autoReseedDisks"), defaultValue: SERVER_DISK_DEFAULTS.autoReseedDisks, what: "AutoReseed spare disks a JBOD server keeps" }),
  spareDisks: param({ name: "spareDisks", ...declared("spareDisks"), defaultValue: SERVER_DISK_DEFAULTS.spareDisks, what: "hot spare disks a JBOD server keeps" }),
  achievedIops: ACHIEVED_IOPS,
  targetIops: TARGET_IOPS,
  latency: LATENCY("latency", "a latency"),
});

// Microsoft's method (Exchange 2013–2019), after Microsoft, Exchange Server Role Requirements Calculator v7.6.
export { EX_MS_DATABASES, EX_MS_DISKS, EX_MS_IOPS, EX_MS_MAILBOX, EX_MS_REPLICATION, EX_MS_SERVER } from "./microsoft";
