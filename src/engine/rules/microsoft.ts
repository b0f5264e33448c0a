/**
 * Microsoft's method as rules: each figure of Microsoft, Exchange Server Role Requirements Calculator
 * written once (rule.ts derives its value, Excel formula and words), in the calculator's order.
 */
import { MINIMUM_VOLUME_GB } from "../database";
import { MAX_MESSAGE_PROFILE, MEMORY_STEPS, MESSAGE_PROFILE_STEP, MICROSOFT, MICROSOFT_FACTOR_DEFAULTS as F, MIN_MEMORY_BY_COPIES, MIN_MEMORY_CONFIG_GB, type MicrosoftFactors } from "../microsoft/tables";
import { defineRuleSet, type Operand, type RuleDeclaration, type RuleSource } from "./rule";

export const CALCULATOR = { publisher: "Microsoft", title: "Exchange Server Role Requirements Calculator" } as const;
/** A rule's source: the calculator's sheet and cell. */
export const calculatorAt = (cell: string): RuleSource => ({ ...CALCULATOR, at: cell });
const at = calculatorAt;

const input = (label: string, unit?: string): Operand => ({ kind: "input", label, ...(unit !== undefined && { unit }) });
const factor = (label: string, name: keyof typeof F, unit?: string): Operand => ({ kind: "factor", label, default: F[name], ...(unit !== undefined && { unit }) });
const constant = (label: string, value: number, unit?: string): Operand => ({ kind: "constant", label, value, ...(unit !== undefined && { unit }) });

/**
 * Rules of the DAG's copies and servers that several of Microsoft's sets read (the count, the failures, the
 * disks): declared here once, placed in each set that reads them.
 */
export const SITE_RULES = {
  highAvailability: { label: "A DAG (two copies or more)", unit: "", source: at("Input!C30:C31"), expression: "copies>=2" },
  servers: { label: "Servers of the DAG", unit: "servers", source: at("Input!C26"), expression: "serversFirstSite+serversSecondSite" },
  copiesSecondSite: { label: "Copies in the second site", unit: "copies", source: at("Input!C32"), expression: "copies-copiesFirstSite" },
} as const satisfies Record<string, RuleDeclaration>;

/** What Microsoft's rules read: the design's inputs, its factors, and the calculator's constants. */
export const MICROSOFT_OPERANDS = {
  messagesPerDay: input("messages a day", "messages"),
  messageKB: input("average message size", "KB"),
  quotaMB: input("mailbox quota", "MB"),
  archiveMB: input("archive quota", "MB"),
  copies: input("database copies", "copies"),
  deletedItemDays: factor("deleted item retention", "deletedItemDays", "days"),
  singleItemShare: factor("single item recovery share", "singleItemShare"),
  calendarShare: factor("calendar version share", "calendarShare"),
  iopsMultiplier: factor("IOPS multiplier", "iopsMultiplier"),
  megacyclesMultiplier: factor("megacycles multiplier", "megacyclesMultiplier"),
  dataOverhead: factor("data overhead", "dataOverhead"),
  users: input("mailboxes", "mailboxes"),
  serversFirstSite: input("servers in the first site", "servers"),
  serversSecondSite: input("servers in the second site", "servers"),
  databases: input("databases", "databases"),
  profileStep: constant("the profiles' step", MESSAGE_PROFILE_STEP, "messages"),
  largestProfile: constant("the largest profile", MAX_MESSAGE_PROFILE, "messages"),
  dumpsterCapMB: constant("the 30 GB dumpster cap", MICROSOFT.dumpsterCapMB, "MB"),
  messagesPerLog: constant("5 messages a log", 5, "messages"),
  logSizeStepKB: constant("78.9 KB a log step", MICROSOFT.logSizeDivisorKB, "KB"),
  iopsPerMessage: constant("0.00067 IOPS a message", MICROSOFT.iopsPerMessage, "IOPS"),
  readShareBreak: constant("250 messages", MICROSOFT.readShareBreakMessages, "messages"),
  readShareHaLight: constant("0.6 in a DAG", MICROSOFT.readShareHa.upTo250),
  readShareHaHeavy: constant("0.5 in a DAG", MICROSOFT.readShareHa.above250),
  readShareAloneLight: constant("0.5 stand-alone", MICROSOFT.readShareStandalone.upTo250),
  readShareAloneHeavy: constant("0.4 stand-alone", MICROSOFT.readShareStandalone.above250),
  activeMegacyclesPerMessage: constant("0.0425 megacycles a message", MICROSOFT.activeMegacyclesPerMessage, "megacycles"),
  passiveMegacyclesPerMessage: constant("0.0137 megacycles a message", MICROSOFT.passiveMegacyclesPerMessage, "megacycles"),
  casRatio: constant("the client access ratio, 0.375", MICROSOFT.casRatio),
  mbPerGB: constant("1,024", 1024, "MB"),
  cacheMBPerStep: constant("3 MB each 50 messages", 3, "MB"),
  laggedCopies: input("lagged copies", "copies"),
  activePassive: input("an active/passive DAG of two sites (1, else 0)"),
  copiesFirstSite: input("copies in the first site", "copies"),
  hourShare: input("the busiest hour's share of a day's logs"),
  moveShare: factor("share of mailboxes moved a week", "moveShare"),
  truncationFailureDays: factor("days of logs kept against truncation failure", "truncationFailureDays", "days"),
  lagDays: factor("replay lag", "lagDays", "days"),
  logCompression: factor("log compression", "logCompression"),
  daysPerWeek: constant("7 days", MICROSOFT.daysPerWeek, "days"),
  bitsPerLog: constant("8 Mb a log", MICROSOFT.bitsPerLog, "Mb"),
  secondsPerHour: constant("3,600 seconds", MICROSOFT.secondsPerHour, "seconds"),
  active: input("active databases on the busiest server", "databases"),
  ioOverhead: factor("I/O overhead", "ioOverhead"),
  logWriteShareHa: constant("half the database writes in a DAG", MICROSOFT.logWriteShareHa),
  logWriteShareAlone: constant("0.4 of the database writes stand-alone", MICROSOFT.logWriteShareStandalone),
  logReadShare: constant("a tenth of half the database writes", MICROSOFT.logReadShare),
  specRate: input("SPECint2006 rate a server"),
  cores: input("processor cores a server", "cores"),
  hypervisor: factor("hypervisor CPU adjustment", "hypervisor"),
  multiRole: factor("mailbox and client access on one server", "multiRole"),
  neverLess: factor("sized never less", "neverLess"),
  baselineMegacycles: constant("2,000 megacycles a core", MICROSOFT.baselineMegacycles, "megacycles"),
  baselineSpecPerCore: constant("33.75, the baseline's rate a core", MICROSOFT.baselineSpecPerCore),
  casMemoryBaseGB: constant("2 GB", MICROSOFT.casMemoryBaseGB, "GB"),
  casMemoryPerCoreGB: constant("0.4 GB a core", MICROSOFT.casMemoryPerCoreGB, "GB"),
  cacheShareOfMemory: constant("a quarter of memory", MICROSOFT.cacheShareOfMemory),
  contentIndexBaseGB: constant("7 GB", MICROSOFT.contentIndexBaseGB, "GB"),
  contentIndexBytesPerActiveItem: constant("110 bytes an active item", MICROSOFT.contentIndexBytesPerActiveItem, "bytes"),
  contentIndexBytesPerPassiveItem: constant("24 bytes a passive item", MICROSOFT.contentIndexBytesPerPassiveItem, "bytes"),
  bytesPerGB: constant("1,024³", 1024 ** 3, "bytes"),
  minMemoryConfigGB: constant("8 GB", MIN_MEMORY_CONFIG_GB, "GB"),
  contentIndexShare: factor("content index share", "contentIndexShare"),
  volumeFreeShare: factor("free space share of a volume", "volumeFreeShare"),
  minimumVolumeGB: constant("1 GB", MINIMUM_VOLUME_GB, "GB"),
  roundingGBPerDatabase: constant("2 GB a database", 2, "GB"),
} as const satisfies Record<string, Operand>;

/**
 * A mailbox on disk, its I/O and its megacycles — Role Requirements!C11:C30, the Tier-1 column; then
 * the databases' size (Volume Requirements!E123) and their volumes (I123), one database a volume.
 */
export const MICROSOFT_RULES = defineRuleSet("Microsoft's method", MICROSOFT_OPERANDS, {
  highAvailability: SITE_RULES.highAvailability,
  profile: {
    label: "Calculator's message profile",
    unit: "messages",
    source: at("Tables!A4:A13"),
    // The profiles are 50 to 500 messages; a count between two is sized as the next one up, above 500 none.
    expression: "IF(OR(messagesPerDay<=0,messagesPerDay>largestProfile),NA(),MAX(profileStep,ROUNDUP(messagesPerDay/profileStep,0)*profileStep))",
  },
  dailyMB: { label: "A day's mail", unit: "MB", source: at("Role Requirements!C20"), expression: "profile*(messageKB/1024)" },
  dumpster: { label: "Dumpster and white space", unit: "MB", source: at("Role Requirements!C20:C21"), parameters: ["size"], expression: "MIN(dailyMB*deletedItemDays+size*singleItemShare+size*calendarShare,dumpsterCapMB)+dailyMB" },
  disk: { label: "Mailbox size on disk", unit: "MB", source: at("Role Requirements!C22"), expression: "ROUNDUP(quotaMB+dumpster(quotaMB)+archiveMB+IF(archiveMB>0,dumpster(archiveMB),0),0)" },
  logs: { label: "Transaction logs per mailbox per day", unit: "logs", source: at("Role Requirements!C18"), expression: "profile/messagesPerLog*(ROUND(messageKB/logSizeStepKB*10,0)/10)" },
  readShare: { label: "Read share of database I/O", unit: "", source: at("Role Requirements!C29"), expression: "IF(highAvailability,IF(profile<=readShareBreak,readShareHaLight,readShareHaHeavy),IF(profile<=readShareBreak,readShareAloneLight,readShareAloneHeavy))" },
  reads: { label: "Reads per mailbox before overhead", unit: "IOPS", source: at("Role Requirements!C27"), expression: "profile*iopsPerMessage*readShare*iopsMultiplier" },
  writes: { label: "Writes per mailbox before overhead", unit: "IOPS", source: at("Role Requirements!C28"), expression: "profile*iopsPerMessage*(1-readShare)*iopsMultiplier" },
  iops: { label: "IOPS per mailbox before overhead", unit: "IOPS", source: at("Role Requirements!C30"), expression: "reads+writes" },
  // Tables!B4:B13: 3 MB at 50 messages, 30 MB at 500, in steps of the profiles.
  cacheMB: { label: "Database cache per mailbox", unit: "MB", source: at("Role Requirements!C17"), expression: "profile/profileStep*cacheMBPerStep" },
  activeMegacycles: { label: "Megacycles per active mailbox", unit: "megacycles", source: at("Role Requirements!C14"), expression: "profile*activeMegacyclesPerMessage*megacyclesMultiplier" },
  passiveMegacycles: { label: "Megacycles per passive mailbox", unit: "megacycles", source: at("Role Requirements!C15"), expression: "profile*passiveMegacyclesPerMessage*megacyclesMultiplier" },
  casMegacycles: { label: "Client access megacycles per mailbox", unit: "megacycles", source: at("Role Requirements!C16"), expression: "activeMegacycles*casRatio" },
  servers: SITE_RULES.servers,
  // Stand-alone servers each hold their share of the mailboxes (Role Requirements!C77).
  sizedMailboxes: { label: "Mailboxes sized", unit: "mailboxes", source: at("Role Requirements!C77"), expression: "IF(highAvailability,users,users/servers)" },
  mailboxesPerDatabase: { label: "Mailboxes a database", unit: "mailboxes", source: at("Role Requirements!C81"), expression: "sizedMailboxes/databases" },
  databaseGB: { label: "Size of one database", unit: "GB", source: at("Volume Requirements!E123"), expression: "mailboxesPerDatabase*disk/mbPerGB*(1+dataOverhead)" },
  // Active/passive, a first-site server's: its site's copies over its servers.
  copiesPerServer: { label: "Database copies a server", unit: "copies", source: at("Role Requirements!C102"), expression: "IF(highAvailability,IF(activePassive>0,ROUND(databases*copiesFirstSite/serversFirstSite,0),ROUND(databases*copies/servers,0)),databases)" },
  // The I/O of the DAG's databases — Role Requirements!I75:I83, E281:E282: a stand-alone server's share of
  // the mailboxes; the overhead on every transfer; a server's copies each charged the I/O of an active one.
  perMailboxIops: { label: "IOPS per mailbox with the I/O overhead", unit: "IOPS", source: at("Role Requirements!C31"), expression: "iops*(1+ioOverhead)" },
  transfers: { label: "Database transfers of the mailboxes", unit: "IOPS", source: at("Role Requirements!I76"), expression: "users*iops/IF(highAvailability,1,servers)" },
  readTransfers: { label: "Database reads of the mailboxes", unit: "IOPS", source: at("Role Requirements!I78"), expression: "users*reads/IF(highAvailability,1,servers)" },
  ioReadShare: { label: "Read share of the databases' I/O", unit: "", source: at("Role Requirements!I75"), expression: "IF(transfers>0,readTransfers/transfers,0)" },
  environmentIops: { label: "IOPS of the active databases with overhead", unit: "IOPS", source: at("Role Requirements!I76"), expression: "transfers*(1+ioOverhead)" },
  databaseIops: { label: "IOPS a database", unit: "IOPS", source: at("Role Requirements!I82"), expression: "environmentIops/databases" },
  serverIops: { label: "Database IOPS a server", unit: "IOPS", source: at("Role Requirements!I77"), expression: "IF(highAvailability,databaseIops*copiesPerServer,environmentIops)" },
  serverReadIops: { label: "Database read IOPS a server", unit: "IOPS", source: at("Role Requirements!I78"), expression: "serverIops*ioReadShare" },
  serverWriteIops: { label: "Database write IOPS a server", unit: "IOPS", source: at("Role Requirements!I79"), expression: "serverIops*(1-ioReadShare)" },
  dagIops: { label: "Database IOPS of the DAG, every copy", unit: "IOPS", source: at("Role Requirements!E281"), expression: "serverIops*servers" },
  serverLogWrites: { label: "Log writes a server", unit: "IOPS", source: at("Role Requirements!I80"), expression: "serverIops*(1-ioReadShare)*IF(highAvailability,logWriteShareHa,logWriteShareAlone)" },
  // Log reads for replication, each active database's copies.
  serverLogReads: { label: "Log reads a server", unit: "IOPS", source: at("Role Requirements!I81"), expression: "IF(highAvailability,databaseIops*(1-ioReadShare)*logReadShare*active,0)" },
  serverLogIops: { label: "Log IOPS a server", unit: "IOPS", source: at("Role Requirements!I80:I81"), expression: "serverLogWrites+serverLogReads" },
  dagLogIops: { label: "Log IOPS of the DAG", unit: "IOPS", source: at("Role Requirements!E282"), expression: "serverLogIops*servers" },
  databaseLogIops: { label: "Log IOPS a log stream", unit: "IOPS", source: at("Role Requirements!I83"), expression: "databaseIops*(1-ioReadShare)*IF(highAvailability,logWriteShareHa,logWriteShareAlone)+IF(highAvailability,databaseIops*(1-ioReadShare)*logReadShare,0)" },
  // The busiest server — Role Requirements!C133:C142, C199:G201, C254:C256: its active databases (a DAG's
  // busiest in the mode sized, stand-alone every database of the server) and the rest of its copies passive.
  busyActive: { label: "Active databases sized", unit: "databases", source: at("Role Requirements!C103"), expression: "IF(highAvailability,active,databases)" },
  busyPassive: { label: "Passive copies sized", unit: "copies", source: at("Role Requirements!C102"), expression: "IF(highAvailability,copiesPerServer-active,0)" },
  busyActiveMegacycles: { label: "Active mailbox megacycles of the busiest server", unit: "megacycles", source: at("Role Requirements!C199:G199"), expression: "busyActive*(mailboxesPerDatabase*activeMegacycles)*(1+hypervisor)" },
  busyPassiveMegacycles: { label: "Passive mailbox megacycles of the busiest server", unit: "megacycles", source: at("Role Requirements!C200:G200"), expression: "busyPassive*(mailboxesPerDatabase*passiveMegacycles)*(1+hypervisor)" },
  busyCasMegacycles: { label: "Client access megacycles of the busiest server", unit: "megacycles", source: at("Role Requirements!C201:G201"), expression: "IF(multiRole>0,busyActive*(mailboxesPerDatabase*casMegacycles)*(1+hypervisor),0)" },
  megacycles: { label: "Megacycles of the busiest server", unit: "megacycles", source: at("Role Requirements!C256"), expression: "busyActiveMegacycles+busyPassiveMegacycles+busyCasMegacycles" },
  // Role Requirements!C159: a core of the server's rate against the baseline's 2,000 megacycles at 33.75 a core.
  megacyclesPerCore: { label: "Megacycles a core", unit: "megacycles", source: at("Role Requirements!C159"), expression: "specRate/cores*(baselineMegacycles/baselineSpecPerCore)" },
  coresNeeded: { label: "Cores needed", unit: "cores", source: at("Role Requirements!C254"), expression: "IF(specRate>0,ROUNDUP(megacycles/megacyclesPerCore,0),NA())" },
  // No rate: the calculator's baseline server (C159), a core's 2,000 megacycles, at least one core.
  coresPerServer: { label: "Processor cores per mailbox server", unit: "cores", source: at("Role Requirements!C254"), expression: "IF(specRate>0,coresNeeded,MAX(1,CEILCOUNT(megacycles/baselineMegacycles)))" },
  cacheGB: { label: "Database cache of the busiest server", unit: "GB", source: at("Role Requirements!C134"), expression: "ROUNDUP(busyActive*(mailboxesPerDatabase*cacheMB)/mbPerGB,0)" },
  // Tables!A16:C21, looked up ascending by the copies a server holds.
  minimumMemoryGB: { label: "Minimum memory for the copies held", unit: "GB", source: at("Role Requirements!C133"), expression: lookupAscending("copiesPerServer", MIN_MEMORY_BY_COPIES.map((row) => [row.fromCopies, row.memoryGB])) },
  // With a rate, 2 GB and twice the client access share of the cores' megacycles; without, 2 GB and 0.4 GB a core.
  casMemoryGB: { label: "Memory for client access", unit: "GB", source: at("Role Requirements!C140"), expression: "IF(specRate>0,ROUND(casMemoryBaseGB+busyCasMegacycles/(cores*megacyclesPerCore)*cores*2,0),cores*casMemoryPerCoreGB+casMemoryBaseGB)" },
  calculatedMemoryGB: { label: "Calculated memory", unit: "GB", source: at("Role Requirements!C138"), expression: "MAX(minimumMemoryGB,cacheGB/cacheShareOfMemory+IF(multiRole>0,casMemoryGB,0))" },
  itemsPerMailbox: { label: "Items a mailbox", unit: "items", source: at("Role Requirements!C139"), expression: "disk/messageKB" },
  itemsPerDatabase: { label: "Items a database", unit: "items", source: at("Role Requirements!C139"), expression: "mailboxesPerDatabase*itemsPerMailbox" },
  contentIndexMemoryGB: { label: "Memory for content indexing", unit: "GB", source: at("Role Requirements!C139"), expression: "contentIndexBaseGB+(itemsPerDatabase*busyActive*contentIndexBytesPerActiveItem+itemsPerDatabase*busyPassive*contentIndexBytesPerPassiveItem)/bytesPerGB" },
  // C141 adds the index only while it is above the rest's other three quarters, so memory fell where the
  // rest grew past that; sized never less, the index is added up to that point and the total held there.
  totalMemoryGB: { label: "Memory before the configuration step", unit: "GB", source: at("Role Requirements!C141"), expression: "IF(neverLess>0,MAX(calculatedMemoryGB,MIN(calculatedMemoryGB,contentIndexMemoryGB/(1-cacheShareOfMemory))+contentIndexMemoryGB),IF(cacheShareOfMemory*calculatedMemoryGB+contentIndexMemoryGB>calculatedMemoryGB,calculatedMemoryGB+contentIndexMemoryGB,calculatedMemoryGB))" },
  // The steps of a memory configuration (tables.ts MEMORY_STEPS), looked up descending from the largest.
  memoryStepGB: { label: "Memory configuration step", unit: "GB", source: at("Role Requirements!C142"), expression: lookupAscending("totalMemoryGB", [...MEMORY_STEPS].reverse().map((s) => [s.fromGB, s.stepGB])) },
  memoryGB: { label: "Memory configuration", unit: "GB", source: at("Role Requirements!C142"), expression: "MAX(ROUNDUP(totalMemoryGB/memoryStepGB,0)*memoryStepGB,minMemoryConfigGB)" },
  // The logs — Role Requirements!C147:C156, Volume Requirements!F123: the users' logs (a stand-alone server's
  // share) and a week's mailbox moves, with the data overhead; kept the truncation failure tolerance's days,
  // or the lagged copies' replay lag when longer (I96).
  dailyLogs: { label: "Logs of the mailboxes a day", unit: "logs", source: at("Role Requirements!C147"), expression: "logs*users" },
  userLogs: { label: "User transaction logs a day", unit: "logs", source: at("Role Requirements!C147"), expression: "dailyLogs/IF(highAvailability,1,servers)*(1+dataOverhead)" },
  movedGB: { label: "Mailboxes moved a week", unit: "GB", source: at("Role Requirements!C150"), expression: "users/IF(highAvailability,1,servers)*moveShare*disk/mbPerGB" },
  movesGB: { label: "Log space of a week's mailbox moves", unit: "GB", source: at("Role Requirements!C150"), expression: "movedGB*(1+dataOverhead)" },
  keptLogDays: { label: "Days of logs kept", unit: "days", source: at("Role Requirements!I96"), expression: "MAX(truncationFailureDays,IF(laggedCopies>0,lagDays,0),1)" },
  logSpaceGB: { label: "Log space a database", unit: "GB", source: at("Volume Requirements!F123"), expression: "(userLogs*keptLogDays/mbPerGB+movesGB)/databases" },
  logsPerDatabase: { label: "Logs a database a day", unit: "logs", source: at("Role Requirements!C155"), expression: "userLogs/databases+movesGB*mbPerGB/databases/daysPerWeek" },
  // Replication Requirements!E12: the busiest hour's logs of a database, 8 Mb each, compressed.
  replicationPerDatabase: { label: "Log replication a database, busiest hour", unit: "Mb/s", source: at("Replication Requirements!E12"), expression: "hourShare*logsPerDatabase*bitsPerLog/secondsPerHour*(1-logCompression)" },
  // Volume Requirements!I123 for one database a volume, as Dell's design and the export lay them out: the
  // calculator's one database+log volume (Role Requirements!C276) split in two, each over the share of a
  // volume that may be filled (Input!C39), at least 1 GB: the log volume its logs, whole GB up; the database
  // volume its database and content index (counted twice), the rest of that volume whole GB up, so the two
  // sum to C276 rounded up (each rounded up on its own, they would sum to a GB more: 249 + 12 for 259.3).
  logVolumeGB: { label: "Log volume, provisioned", unit: "GB", source: at("Volume Requirements!I123"), expression: "MAX(minimumVolumeGB,CEILCOUNT(logSpaceGB/(1-volumeFreeShare)))" },
  databaseVolumeGB: { label: "Database volume, provisioned", unit: "GB", source: at("Volume Requirements!I123"), expression: "MAX(minimumVolumeGB,CEILCOUNT((databaseGB*(1+2*contentIndexShare)+logSpaceGB)/(1-volumeFreeShare))-logVolumeGB)" },
  // Counted from the totals, which never fall as the load rises: every database's data and logs, plus a GB
  // a volume (two a database) of the volumes' rounding.
  capacityPerCopyGB: { label: "Capacity per copy", unit: "GB", source: at("Volume Requirements!I123"), expression: "CEILCOUNT((databaseGB*(1+2*contentIndexShare)+logSpaceGB)*databases/(1-volumeFreeShare)+roundingGBPerDatabase*databases)" },
});

/**
 * A table looked up ascending (Excel's LOOKUP over sorted keys): the value of the last row whose key `x`
 * reaches, the first row's below them all — as nested IFs, the last row outermost.
 */
function lookupAscending(x: string, rows: readonly (readonly [number, number])[]): string {
  let expression = String(rows[0][1]);
  for (const [from, value] of rows.slice(1)) expression = `IF(${x}>=${from},${value},${expression})`;
  return expression;
}

const SLOTS = new WeakMap<MicrosoftFactors, number[]>();
/**
 * A design's factors in Microsoft's rules' slots (RuleSet.factorSlots), filled once a factors object:
 * the engine never changes one once made (each is spread from the defaults and the design's).
 */
export function microsoftFactorSlots(f: MicrosoftFactors): readonly number[] {
  let slots = SLOTS.get(f);
  if (slots === undefined) SLOTS.set(f, (slots = MICROSOFT_RULES.factorSlots(f as unknown as Readonly<Record<string, number>>)));
  return slots;
}

export type MicrosoftRule = keyof typeof MICROSOFT_RULES.rules;
