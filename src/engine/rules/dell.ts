/**
 * Dell's process as rules: the database and log capacity, the IOPS and the arrays (Dell, Sizing and
 * best practices for Microsoft Exchange 2010 on VMware vSphere 4.1 with Dell EqualLogic PS Series
 * storage, Tables 14–17 and 3.4.1; Exchange 2013+ IOPS from Dell's and Dell EMC's ESRPs), the
 * spindles (EMC's Phase 2) and the mailbox server (VMware's performance study) — each written once;
 * rule.ts derives the engine's value (database.ts, logs.ts, iops.ts, arrays.ts, spindles.ts,
 * server.ts), the worksheet functions' Excel formula (EX_DBSIZE, EX_LOGVOL, EX_IOPS, EX_ARRAYS,
 * EX_SPINDLES, EX_SERVER in the customer copy) and the words. Constants come from tables.ts, never
 * retyped; a table looked up by text (a RAID level's penalty) is the caller's, given as an operand.
 */
import type { FactorReference } from "../excel-formulas";
import { PAPERS, type PaperKey } from "../papers";
import {
  EXCHANGE_VERSIONS,
  FACTOR_DEFAULTS,
  IOPS_PER_MESSAGE,
  LOG_IOPS_SHARES,
  MESSAGE_SIZE_LOG_FACTORS,
  STANDALONE_DATABASE_OVERHEAD,
  type FactorName,
} from "../tables";
import { constant, input, literal, nestedIf } from "./operands";
import { defineRuleSet, type Operand, type References, type RuleSource } from "./rule";

const at = (paper: PaperKey, where: string): RuleSource => ({ publisher: PAPERS[paper].publisher, title: PAPERS[paper].title, at: where });
const dell = (where: string) => at("dell", where);

const factor = (label: string, name: FactorName, unit?: string): Operand => ({ kind: "factor", label, default: FACTOR_DEFAULTS[name], ...(unit !== undefined && { unit }) });

/** No volume is provisioned below 1 GB: a volume that rounds to 0 GB would hold nothing. */
export const MINIMUM_VOLUME_GB = 1;

/** MSF — Table 15 step 3, from MESSAGE_SIZE_LOG_FACTORS: IF(AMS<=75,1,IF(AMS<=150,1.9,3.8)). */
const MESSAGE_SIZE_FACTOR = nestedIf(
  MESSAGE_SIZE_LOG_FACTORS.filter((row) => Number.isFinite(row.upToKB)).map((row) => ({ test: `messageKB<=${literal(row.upToKB)}`, value: literal(row.factor) })),
  literal(MESSAGE_SIZE_LOG_FACTORS[MESSAGE_SIZE_LOG_FACTORS.length - 1].factor),
);

/** IOPS a message by version, from IOPS_PER_MESSAGE: IF(version=2010,0.001,0.00067), each value once. */
const IOPS_A_MESSAGE = (() => {
  const groups: Array<{ versions: Array<(typeof EXCHANGE_VERSIONS)[number]>; value: number }> = [];
  for (const version of EXCHANGE_VERSIONS) {
    const value = IOPS_PER_MESSAGE[version];
    const group = groups.find((g) => g.value === value);
    if (group === undefined) groups.push({ versions: [version], value });
    else group.versions.push(version);
  }
  // A rule compares numbers: every version tested (all but the last value's) must be one.
  const test = (versions: ReadonlyArray<(typeof EXCHANGE_VERSIONS)[number]>) => {
    const tests = versions.map((v) => {
      if (typeof v !== "number") throw new Error(`the IOPS a message of ${v} cannot be tested in a rule`);
      return `version=${v}`;
    });
    return tests.length === 1 ? tests[0] : `OR(${tests.join(",")})`;
  };
  return nestedIf(groups.slice(0, -1).map((g) => ({ test: test(g.versions), value: literal(g.value) })), literal(groups[groups.length - 1].value));
})();

/** What Dell's rules read: the design's inputs, the process's factors (tables.ts) and the papers' constants. */
export const DELL_OPERANDS = {
  users: input("mailboxes", "mailboxes"),
  quotaMB: input("mailbox quota", "MB"),
  messagesPerDay: input("messages a day", "messages"),
  messageKB: input("average message size", "KB"),
  maxDatabaseGB: input("the largest database", "GB"),
  databases: input("databases", "databases"),
  copies: input("database copies", "copies"),
  version: input("Exchange version"),
  mailboxes: input("mailboxes a server", "mailboxes"),
  gb: input("the volume's GB", "GB"),
  capacityGB: input("capacity a copy", "GB"),
  demandIops: input("database IOPS", "IOPS"),
  usableGB: input("the array's usable GB", "GB"),
  arrayIops: input("the array's IOPS", "IOPS"),
  frontEndIops: input("front-end IOPS", "IOPS"),
  readRatio: input("read ratio"),
  writePenalty: input("the RAID level's write penalty"),
  minimumSet: input("the RAID level's smallest set", "disks"),
  group: input("disks a group", "disks"),
  diskIops: input("IOPS a disk", "IOPS"),
  growth: factor("growth", "growth"),
  retentionDays: factor("deleted item retention", "retentionDays", "days"),
  singleItemRecovery: factor("single item recovery share", "singleItemRecovery"),
  calendarLogging: factor("calendar version logging share", "calendarLogging"),
  contentIndex: factor("content index", "contentIndex"),
  volumeFree: factor("volume free space", "volumeFree"),
  logsPerMessage: factor("logs a message", "logsPerMessage", "logs"),
  logFileMB: factor("log file size", "logFileMB", "MB"),
  moveFactor: factor("mailbox move factor", "moveFactor"),
  truncationDays: factor("truncation failure days", "truncationDays", "days"),
  overhead: factor("log volume overhead", "overhead"),
  headroom: factor("IOPS headroom", "headroom"),
  mailboxesPerCore: factor("mailboxes a core", "mailboxesPerCore", "mailboxes"),
  baseMemoryGB: factor("base memory", "baseMemoryGB", "GB"),
  memoryPerMailboxMB: factor("memory a mailbox", "memoryPerMailboxMB", "MB"),
  mbPerGB: constant("1,024", 1024, "MB"),
  minimumVolumeGB: constant("1 GB", MINIMUM_VOLUME_GB, "GB"),
  standaloneVersion: constant("2010", EXCHANGE_VERSIONS[0]),
  standaloneOverhead: constant("the stand-alone overhead, 1.2", STANDALONE_DATABASE_OVERHEAD),
  logShareOfWrites: constant("log I/O's share of writes, 0.5", LOG_IOPS_SHARES.logShareOfWrites),
  writeShareOfDatabase: constant("writes' share of database I/O, 0.5", LOG_IOPS_SHARES.writeShareOfDatabase),
  perExtraCopy: constant("0.1 a further copy", LOG_IOPS_SHARES.perExtraCopy),
} as const satisfies Record<string, Operand>;

/** Dell's rules in the paper's order: Table 14 (database), Table 15 (logs), Tables 16–17 (IOPS), then the server. */
export const DELL_RULES = defineRuleSet("Dell's process", DELL_OPERANDS, {
  // Table 14: WSU, DSU, MBU, DBS, DB, IDBS, DVS.
  whiteSpace: { label: "White space a mailbox", unit: "MB", source: dell("Table 14 step 2"), expression: "messagesPerDay*messageKB/mbPerGB" },
  dumpster: { label: "Dumpster a mailbox", unit: "MB", source: dell("Table 14 step 3"), expression: "whiteSpace*retentionDays+quotaMB*singleItemRecovery+quotaMB*calendarLogging" },
  mailbox: { label: "Mailbox on disk", unit: "MB", source: dell("Table 14 step 4"), expression: "quotaMB+whiteSpace+dumpster" },
  // A mailbox lives in one database: one that cannot fit the largest makes no design.
  mailboxFits: { label: "A mailbox fits the largest database", unit: "", source: dell("3.4.2"), expression: "mailbox*growth/mbPerGB<=maxDatabaseGB" },
  total: { label: "Every database", unit: "GB", source: dell("Table 14 step 5"), expression: "users*mailbox*growth/mbPerGB" },
  count: { label: "Databases", unit: "databases", source: dell("3.4.2"), expression: "MAX(1,CEILCOUNT(total/maxDatabaseGB))" },
  databaseGB: { label: "A database", unit: "GB", source: dell("Table 14 step 6"), expression: "total/count" },
  databaseVolume: { label: "Database volume", unit: "GB", source: dell("Table 14 step 7"), expression: "databaseGB*contentIndex*volumeFree" },
  provisionedVolume: { label: "Volume provisioned", unit: "GB", source: dell("Tables 18–19"), parameters: ["gb"], expression: "MAX(minimumVolumeGB,PROVISION(gb))" },
  databaseVolumeProvisioned: { label: "Database volume provisioned", unit: "GB", source: dell("Table 18"), expression: "provisionedVolume(databaseVolume)" },
  // Table 15: NL, MSF, NDB, TLC, LVS (moveFactor: erratum E2).
  logs: { label: "Logs a mailbox a day", unit: "logs", source: dell("Table 15 step 2"), expression: "messagesPerDay*logsPerMessage" },
  messageSizeFactor: { label: "Message size factor", unit: "", source: dell("Table 15 step 3"), expression: MESSAGE_SIZE_FACTOR },
  usersPerDatabase: { label: "Mailboxes a database", unit: "mailboxes", source: dell("Table 15 step 4"), expression: "CEILCOUNT(users/databases)" },
  dailyLogMB: { label: "Logs a database a day", unit: "MB", source: dell("Table 15 step 5"), expression: "usersPerDatabase*logs*messageSizeFactor*logFileMB" },
  logGB: { label: "Log volume", unit: "GB", source: dell("Table 15 step 6"), expression: "dailyLogMB*moveFactor*truncationDays*overhead/mbPerGB" },
  logVolume: { label: "Log volume provisioned", unit: "GB", source: dell("Tables 18–19"), expression: "provisionedVolume(logGB)" },
  // Table 16 (2010: SDBO for a stand-alone database), Table 17; 2013+ at 0.00067 a message (the ESRPs).
  standalone: { label: "Stand-alone database overhead", unit: "", source: dell("Table 16 step 2"), expression: "IF(AND(version=standaloneVersion,copies=1),standaloneOverhead,1)" },
  iopsPerMessage: { label: "IOPS a message", unit: "IOPS", source: dell("Table 16"), expression: IOPS_A_MESSAGE },
  iopsPerUser: { label: "IOPS a mailbox", unit: "IOPS", source: dell("Table 16 step 3"), expression: "messagesPerDay*iopsPerMessage*standalone*headroom" },
  databaseIops: { label: "Database IOPS", unit: "IOPS", source: dell("Table 16 step 4"), expression: "users*iopsPerUser" },
  logIops: { label: "Log IOPS", unit: "IOPS", source: dell("Table 17"), expression: "(databaseIops*logShareOfWrites*writeShareOfDatabase+databaseIops*(copies-1)*perExtraCopy)*headroom" },
  dagIops: { label: "Database IOPS of every copy", unit: "IOPS", source: at("esrp2016", "Figure 6"), expression: "databaseIops*copies" },
  // Arrays — 3.4.1 (Tables 12 and 13): Table 12 already covers log I/O and maintenance, so the IOPS are the database's.
  arraysPerCopy: { label: "Arrays a copy", unit: "arrays", source: dell("3.4.1"), expression: "MAX(1,CEILCOUNT(capacityGB/usableGB),CEILCOUNT(demandIops/arrayIops))" },
  arrays: { label: "Arrays", unit: "arrays", source: dell("3.4.1 step 6"), expression: "arraysPerCopy*copies" },
  // Spindles — EMC's Phase 2: the write penalty on the writes, whole disks up (erratum E3), at least the
  // level's smallest set when there is I/O, then whole groups (mirrors: pairs). No I/O, no disks — but an
  // unknown disk class is still an error, as EX_SPINDLES says (0 × #N/A).
  backendIops: { label: "Back-end IOPS", unit: "IOPS", source: at("emc", "Phase 2"), expression: "frontEndIops*readRatio+writePenalty*frontEndIops*(1-readRatio)" },
  spindles: {
    label: "Disks for the IOPS",
    unit: "disks",
    source: at("emc", "Phase 2"),
    expression: "IF(backendIops>0,CEILCOUNT(MAX(minimumSet,CEILCOUNT(backendIops/diskIops))/group)*group,0*diskIops)",
  },
  // The mailbox server: "1,000 very heavy users … per processor and memory … 4GB plus 6MB per mailbox".
  cores: { label: "Cores a server", unit: "cores", source: at("vmware", "configuration of user and resource sizing"), expression: "MAX(1,CEILCOUNT(mailboxes/mailboxesPerCore))" },
  memoryGB: { label: "Memory a server", unit: "GB", source: at("vmware", "configuration of user and resource sizing"), expression: "CEILCOUNT(baseMemoryGB+mailboxes*memoryPerMailboxMB/mbPerGB)" },
});

export type DellRule = keyof typeof DELL_RULES.rules;

// ---------------------------------------------------------------------------------------------
// The worksheet functions' formulas, for the customer copy: each result one rule over the
// arguments (formula text: a defined name, a cell, an expression) and the factors (FactorReference).

const FACTOR_NAMES = Object.keys(FACTOR_DEFAULTS) as FactorName[];
const withFactors = (cells: Record<string, string>, factor: FactorReference): References => ({ ...Object.fromEntries(FACTOR_NAMES.map((name) => [name, factor(name)])), ...cells });

/** provisionedVolumeGB: whole GB, half up, at least MINIMUM_VOLUME_GB — Tables 18–19. */
export const provisionedVolumeFormula = (gb: string): string => DELL_RULES.formula("provisionedVolume", { gb });

export interface DatabaseArguments {
  users: string;
  quotaMB: string;
  messagesPerDay: string;
  messageKB: string;
  maxDatabaseGB: string;
}
export type DatabaseResult = "whitespace" | "dumpster" | "mailbox" | "total" | "count" | "database" | "volume";
const DATABASE_RULES: Record<DatabaseResult, DellRule> = { whitespace: "whiteSpace", dumpster: "dumpster", mailbox: "mailbox", total: "total", count: "count", database: "databaseGB", volume: "databaseVolumeProvisioned" };

/** Whether one mailbox on disk, with growth, fits the largest database: TRUE or FALSE (the workbook's Design check reads it too). */
export const mailboxFitsFormula = (a: Omit<DatabaseArguments, "users">, factor: FactorReference): string => DELL_RULES.formula("mailboxFits", withFactors({ ...a }, factor));

/** EX_DBSIZE's results — Table 14; NA() where a mailbox does not fit the largest database, as EX_DBSIZE is #N/A. */
export function databaseFormula(result: DatabaseResult, a: DatabaseArguments, factor: FactorReference): string {
  const cells = withFactors({ ...a }, factor);
  return `IF(NOT(${DELL_RULES.formula("mailboxFits", cells)}),NA(),${DELL_RULES.formula(DATABASE_RULES[result], cells)})`;
}

export interface LogArguments {
  users: string;
  messagesPerDay: string;
  messageKB: string;
  databases: string;
}
export type LogResult = "logs" | "msf" | "perdatabase" | "daily" | "gb" | "volume";
const LOG_RULES: Record<LogResult, DellRule> = { logs: "logs", msf: "messageSizeFactor", perdatabase: "usersPerDatabase", daily: "dailyLogMB", gb: "logGB", volume: "logVolume" };

/** MSF — Table 15 step 3. Excel compares at 15 digits, so 75.00000000000001 KB counts as 75. */
export const messageSizeFactorFormula = (messageKB: string): string => DELL_RULES.formula("messageSizeFactor", { messageKB });

/** EX_LOGVOL's results (and MSF, NDB, unrounded LVS) — Table 15. */
export const logFormula = (result: LogResult, a: LogArguments, factor: FactorReference): string => DELL_RULES.formula(LOG_RULES[result], withFactors({ ...a }, factor));

export interface IopsArguments {
  users: string;
  messagesPerDay: string;
  copies: string;
  /** Exchange version: 2010, 2013, 2016, 2019 or "SE" (sized as 2019). */
  version: string;
}
export type IopsResult = "peruser" | "database" | "log" | "dag";
const IOPS_RULES: Record<IopsResult, DellRule> = { peruser: "iopsPerUser", database: "databaseIops", log: "logIops", dag: "dagIops" };

/** EX_IOPS's results — Tables 16–17 and the ESRPs. */
export const iopsFormula = (result: IopsResult, a: IopsArguments, factor: FactorReference): string => DELL_RULES.formula(IOPS_RULES[result], withFactors({ ...a }, factor));

/** Arrays one copy needs of one catalogue row — 3.4.1 (arrays.ts chooseArrays). */
export const arraysPerCopyFormula = (capacityGB: string, iops: string, usableGB: string, arrayIops: string): string =>
  DELL_RULES.formula("arraysPerCopy", { capacityGB, demandIops: iops, usableGB, arrayIops });
/** Arrays for every copy: copies live on separate arrays (3.4.1 step 6). */
export const arraysFormula = (arraysPerCopy: string, copies: string): string => DELL_RULES.formula("arrays", { arraysPerCopy, copies });

/** EX_SERVER — VMware's performance study. */
export const serverFormula = (result: "cores" | "memory", mailboxes: string, factor: FactorReference): string => DELL_RULES.formula(result === "cores" ? "cores" : "memoryGB", withFactors({ mailboxes }, factor));
