/**
 * The worksheet functions, each declared once: its name, what it gives, its arguments in order
 * (required or optional, a range or one value, what each is) and what it returns, with the
 * worksheet function that computes it. From this list come the Excel edge src/functions/functions.ts
 * (its JSDoc is functions.json: `renderEdge`, written by `npm run functions-edge`, a test holds the
 * committed file equal), the formula evaluator's table and its argument count (src/formula/functions.ts),
 * `exsize help eval`'s list, and the signatures of the help page (src/help/help.html) and the table of docs/functions.md, which
 * tests/functions/descriptors.test.ts holds equal (and each default to what omitting the argument does). The values' own bounds live with the values: the catalogue's inputs, Microsoft's factors
 * (src/engine/microsoft/tables.ts) and the parameters of src/functions/worksheet.ts.
 */
import type { CellMatrix } from "./arguments";
import * as worksheet from "./worksheet";

export interface ArgumentDescriptor {
  readonly name: string;
  /** Excel may leave it out; the function then takes its default. */
  readonly optional?: boolean;
  /** Excel passes a range or array (a 2-D array) where a single value is not enough: tiers, sites, a factors table. */
  readonly range?: boolean;
  /** What an omitted optional argument is taken as, where one value stands for it (docs/functions.md's table shows it). */
  readonly default?: number | string;
  /** What the argument is, as Excel's formula bar shows it. */
  readonly doc: string;
}

export interface FunctionDescriptor {
  readonly name: string;
  /** One sentence of what it gives and its source. */
  readonly summary: string;
  readonly args: readonly ArgumentDescriptor[];
  readonly returns: string;
  /** The result is a table that spills; else one number or text. */
  readonly spills?: boolean;
  readonly call: (...args: unknown[]) => worksheet.CellResult | CellMatrix;
}

/** The first five arguments every DAG function of Microsoft's method takes, with each function's own example. */
function dagArguments(e: { mailboxes: string; messagesPerDay: string; messageKB: string; quotaMB: string; servers: string }) {
  return [
    { name: "mailboxes", range: true, doc: `Mailboxes in the DAG (e.g. ${e.mailboxes}), or a row of up to four tiers.` },
    { name: "messagesPerDay", range: true, doc: `Messages per mailbox per day (e.g. ${e.messagesPerDay}), or one per tier.` },
    { name: "messageKB", range: true, doc: `Average message size in KB (e.g. ${e.messageKB}), or one per tier.` },
    { name: "quotaMB", range: true, doc: `Mailbox size limit in MB (e.g. ${e.quotaMB}), or one per tier.` },
    { name: "servers", range: true, doc: `Mailbox servers of the DAG: a number (one site) or two sites, e.g. ${e.servers}.` },
  ] as const;
}

export const WORKSHEET_FUNCTIONS: readonly FunctionDescriptor[] = [
  {
    name: "EX_DBSIZE",
    summary: "Exchange database capacity: total GB, MB per mailbox, database count, GB per database or provisioned GB per database volume. Source: Dell, Exchange 2010 on EqualLogic sizing guide, Tables 14 and 18.",
    args: [
      { name: "users", doc: "Number of mailboxes, including growth (a whole number, e.g. 5000)." },
      { name: "quotaMB", doc: "Mailbox quota in MB (e.g. 2048 for 2 GB)." },
      { name: "messagesPerDay", doc: "Messages sent and received per mailbox per day (e.g. 150)." },
      { name: "messageKB", doc: "Average message size in KB (e.g. 75)." },
      { name: "maxDatabaseGB", optional: true, default: 1024, doc: "Largest database in GB. Default 1024." },
      { name: "result", optional: true, doc: "\"total\" GB (default), \"mailbox\" MB per user, \"count\" databases, \"database\" GB each, \"volume\" GB provisioned per database, \"whitespace\" or \"dumpster\" MB per user." },
      { name: "factors", optional: true, range: true, doc: "Two columns of factor names and values overriding the defaults: growth 1.0, retentionDays 14, singleItemRecovery 0.012, calendarLogging 0.058, contentIndex 1.1, volumeFree 1.2." },
    ],
    returns: "The chosen size: GB, MB or a count.",
    call: worksheet.EX_DBSIZE,
  },
  {
    name: "EX_LOGVOL",
    summary: "Exchange transaction log capacity: provisioned GB per log volume, log files per user per day, or log MB per database per day. Source: Dell, Exchange 2010 on EqualLogic sizing guide, Tables 15 and 19.",
    args: [
      { name: "users", doc: "Number of mailboxes (a whole number, e.g. 5000)." },
      { name: "messagesPerDay", doc: "Messages sent and received per mailbox per day (e.g. 150)." },
      { name: "messageKB", doc: "Average message size in KB (e.g. 75); above 75 KB logs grow x1.9, above 150 KB x3.8." },
      { name: "databases", doc: "Number of databases the users are spread over (a whole number, e.g. 12 from EX_DBSIZE \"count\")." },
      { name: "result", optional: true, doc: "\"volume\" GB provisioned per log volume (default), \"logs\" files per user per day, \"daily\" MB per database per day." },
      { name: "factors", optional: true, range: true, doc: "Two columns of factor names and values overriding the defaults: logsPerMessage 0.2, logFileMB 1, moveFactor 1.1, truncationDays 3, overhead 1.2." },
    ],
    returns: "The chosen log size: GB, a count of files or MB.",
    call: worksheet.EX_LOGVOL,
  },
  {
    name: "EX_IOPS",
    summary: "Exchange database, log, per-user or all-copies (DAG) IOPS with 20% headroom. Sources: Dell, Exchange 2010 on EqualLogic sizing guide, Tables 16 and 17; for 2013 on, Dell ESRP, 12,500 mailboxes, Exchange 2013, section 4.2.",
    args: [
      { name: "users", doc: "Number of mailboxes (a whole number, e.g. 5000)." },
      { name: "messagesPerDay", doc: "Messages sent and received per mailbox per day (e.g. 150)." },
      { name: "copies", optional: true, default: 2, doc: "Database copies: 1 = stand-alone, 2 to 16 in a DAG. Default 2." },
      { name: "result", optional: true, doc: "\"database\" IOPS (default), \"log\" IOPS, \"peruser\" IOPS, \"dag\" database IOPS x copies." },
      { name: "version", optional: true, default: 2010, doc: "Exchange version: 2010, 2013, 2016, 2019 or \"SE\" (Exchange Server SE, sized as 2019). Default 2010." },
      { name: "factors", optional: true, range: true, doc: "Two columns of factor names and values overriding the default: headroom 1.2." },
    ],
    returns: "The chosen IOPS figure.",
    call: worksheet.EX_IOPS,
  },
  {
    name: "EX_SPINDLES",
    summary: "Disks needed for an IOPS load, and for a capacity if given: rounds up, never under-provisions. Source: EMC, Exchange 2010 on Symmetrix VMAX (H7018, 2010), Phase 2.",
    args: [
      { name: "iops", doc: "Front-end IOPS to serve, headroom included (e.g. 1080)." },
      { name: "raid", optional: true, default: "RAID5", doc: "RAID level: \"RAID0\", \"RAID1\", \"RAID10\", \"RAID5\", \"RAID50\", \"RAID6\" or \"RAID60\". Default \"RAID5\"." },
      { name: "disk", optional: true, default: "10K", doc: "Disk class \"7.2K\" (65 IOPS), \"10K\" (140) or \"15K\" (180), or IOPS per disk as a number. Default \"10K\"." },
      { name: "readRatio", optional: true, default: 0.6, doc: "Share of I/O that is reads, 0 to 1. Default 0.6 (3:2)." },
      { name: "capacityGB", optional: true, doc: "Capacity to hold in GB; give it with diskGB to count capacity disks too. Default none." },
      { name: "diskGB", optional: true, doc: "Size of one disk in GB; give it with capacityGB. Default none." },
      { name: "groupSize", optional: true, doc: "Disks per RAID group, e.g. 8 for RAID 5 (7+1); counts become whole groups. Default none." },
      { name: "result", optional: true, doc: "\"disks\" (default), \"backend\" IOPS after the write penalty, \"iodisks\" for IOPS alone, \"capacitydisks\" for capacity alone." },
      { name: "disks", optional: true, range: true, doc: "Your own disk classes, two columns: class name and IOPS per disk; name one in disk. Default none." },
    ],
    returns: "The chosen count of disks or back-end IOPS.",
    call: worksheet.EX_SPINDLES,
  },
  {
    name: "EX_ARRAYS",
    summary: "Dell EqualLogic arrays for a capacity and IOPS: count in all, per copy, or the model chosen. Source: Dell, Exchange 2010 on EqualLogic sizing guide, section 3.4.1 and Tables 12 and 13.",
    args: [
      { name: "capacityGB", doc: "Capacity of one database copy in GB (e.g. 15768: database plus log volumes)." },
      { name: "iops", doc: "Database IOPS of one copy (e.g. 900 from EX_IOPS); log IOPS are already covered." },
      { name: "copies", optional: true, default: 2, doc: "Database copies, each on its own arrays: 1 to 16. Default 2." },
      { name: "raid", optional: true, default: "RAID50", doc: "RAID level: \"RAID50\" or \"RAID10\" (or any level your catalog has). Default \"RAID50\"." },
      { name: "model", optional: true, default: "auto", doc: "\"auto\" to pick the fewest arrays, a model such as \"PS6500E\", or a model and drive such as \"PS6500E 500GB\". Default \"auto\"." },
      { name: "result", optional: true, doc: "\"count\" arrays in all (default), \"percopy\" arrays per copy, \"model\" the model and drive chosen." },
      { name: "catalog", optional: true, range: true, doc: "Extra arrays, five columns: model, drive, raid, usableGB, iops; a title row is skipped. Default the built-in catalogue." },
    ],
    returns: "The chosen count of arrays, or the model's name.",
    call: worksheet.EX_ARRAYS,
  },
  {
    name: "EX_FAILOVER",
    summary: "The busiest running DAG server in the worst failure: its mailboxes, active databases or IOPS target, or the servers left. Sources: Dell ESRP, 12,500 mailboxes, Exchange 2013 and Dell EMC ESRP, 100,000 mailboxes, Exchange 2016 (2016), section 4.1 of each.",
    args: [
      { name: "users", doc: "Mailboxes in the DAG (a whole number, e.g. 7600)." },
      { name: "servers", range: true, doc: "Servers in the DAG: one number for one site, or each site's servers as a row or column, e.g. {8,8}; up to 4 sites and 16 servers." },
      { name: "copies", optional: true, default: 2, doc: "Copies of each database, spread round-robin over the sites from the active copy's site; a server never holds two: 1 to 16. Default 2." },
      { name: "scenario", optional: true, default: "site+server", doc: "\"site+server\" (a site and then one more server fails), \"site\", \"server\" or \"normal\"; the worst such failure is taken. Default \"site+server\"." },
      { name: "layout", optional: true, default: "active/active", doc: "\"active/active\" (every server carries active copies) or \"active/passive\" (the first site does). Default \"active/active\"." },
      { name: "iopsPerMailbox", optional: true, doc: "Database IOPS per mailbox with headroom, e.g. 0.121 (EX_IOPS \"peruser\"); needed for \"target\", which rounds it up to three decimals as Jetstress is given it (0.1206 → 0.121). Default none." },
      { name: "result", optional: true, doc: "\"mailboxes\" on the busiest running server (default), \"databases\" active on it, \"target\" IOPS for it, \"servers\" still running, \"count\" databases in the DAG." },
      { name: "databases", optional: true, doc: "Databases in the DAG, e.g. 336. Default EX_DBSIZE's count for the users at 2 GB, 150 messages of 75 KB, rounded up so the copies spread evenly." },
      { name: "lagged", optional: true, default: 0, doc: "Lagged copies of each database, never activated: 0 to copies - 1. Default 0." },
    ],
    returns: "The chosen count of mailboxes, databases, IOPS or servers; #N/A naming the databases left without a copy where the design does not survive.",
    call: worksheet.EX_FAILOVER,
  },
  {
    name: "EX_LAYOUT",
    summary: "The DAG's database copy layout, as the Distribution sheet of Microsoft's calculator: server names, then a row per database with each copy's activation preference. Source: Dell EMC ESRP, 100,000 mailboxes, Exchange 2016 (2016), section 4, Figures 3 to 5.",
    args: [
      { name: "users", doc: "Mailboxes in the DAG (a whole number, e.g. 7600); sets the default database count." },
      { name: "servers", range: true, doc: "Servers in the DAG: one number for one site, or each site's servers as a row or column, e.g. {8,8}; up to 4 sites and 16 servers." },
      { name: "copies", optional: true, default: 2, doc: "Copies of each database, spread round-robin over the sites from the active copy's site: 1 to 16. Default 2." },
      { name: "layout", optional: true, default: "active/active", doc: "\"active/active\" or \"active/passive\". Default \"active/active\"." },
      { name: "databases", optional: true, doc: "Databases in the DAG, e.g. 336. Default as EX_FAILOVER." },
      { name: "lagged", optional: true, default: 0, doc: "Lagged copies of each database (the highest preferences): 0 to copies - 1. Default 0." },
    ],
    returns: "A range: the header row, then one row per database; empty where a server holds no copy.",
    spills: true,
    call: worksheet.EX_LAYOUT,
  },
  {
    name: "EX_SERVER",
    summary: "Mailbox server cores and memory for active mailboxes: 1,000 very heavy mailboxes a core, 4 GB + 6 MB a mailbox. Source: VMware, Exchange on Virtual SAN performance study (2014), Test Cases and Test Method.",
    args: [
      { name: "mailboxes", doc: "Active mailboxes on the server (a whole number, e.g. 4000)." },
      { name: "result", optional: true, doc: "\"cores\" (default) or \"memory\" GB, whole GB rounded up." },
      { name: "factors", optional: true, range: true, doc: "Two columns of factor names and values overriding the defaults: mailboxesPerCore 1000, baseMemoryGB 4, memoryPerMailboxMB 6." },
    ],
    returns: "The chosen count of cores or GB of memory.",
    call: worksheet.EX_SERVER,
  },
  {
    name: "EX_JETSTRESS",
    summary: "Jetstress pass or fail: achieved IOPS at least the target, database reads at most 20 ms, log writes 10 ms, peaks 100 ms. Sources: Dell, Exchange 2010 on EqualLogic sizing guide, section 3.1; Dell ESRP, 12,500 mailboxes, Exchange 2013, section 6.2.",
    args: [
      { name: "achievedIops", doc: "Transactional IOPS Jetstress achieved (e.g. 1427)." },
      { name: "targetIops", doc: "Target IOPS of the server (e.g. 504 from EX_FAILOVER \"target\")." },
      { name: "dbReadLatencyMs", doc: "Average database read latency in ms (pass at 20 or less)." },
      { name: "logWriteLatencyMs", doc: "Average log write latency in ms (pass at 10 or less)." },
      { name: "dbReadPeakMs", optional: true, doc: "Peak database read latency in ms (pass at 100 or less). Default not checked." },
      { name: "logWritePeakMs", optional: true, doc: "Peak log write latency in ms (pass at 100 or less). Default not checked." },
      { name: "result", optional: true, doc: "\"verdict\" pass or fail (default), or \"reason\" which also says what failed." },
    ],
    returns: "\"pass\" or \"fail\", with the reasons for \"reason\".",
    call: worksheet.EX_JETSTRESS,
  },
  {
    name: "EX_MS_MAILBOX",
    summary: "One mailbox by Microsoft's method (Exchange 2013-2019): size on disk, logs a day, IOPS, cache or megacycles. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements sheet.",
    args: [
      { name: "messagesPerDay", doc: "Messages sent and received per mailbox per day, up to 500 (e.g. 200); between the calculator's profiles of 50, the next one up." },
      { name: "messageKB", doc: "Average message size in KB (e.g. 75)." },
      { name: "quotaMB", doc: "Mailbox size limit in MB (e.g. 10240)." },
      { name: "copies", optional: true, default: 2, doc: "Database copies, HA and lagged; 1 = stand-alone (changes the read share). Default 2." },
      { name: "result", optional: true, doc: "\"disk\" MB on disk (default), \"logs\" per day, \"iops\", \"reads\", \"writes\", \"cache\" MB, \"active\", \"passive\" or \"cas\" megacycles, \"dumpster\" MB, \"readshare\", \"profile\" messages." },
      { name: "factors", optional: true, range: true, doc: "Two columns of factor names and values overriding the defaults: archiveMB 0, deletedItemDays 14, singleItemShare 0.012, calendarShare 0.03, iopsMultiplier 1, megacyclesMultiplier 1." },
    ],
    returns: "The chosen figure per mailbox.",
    call: worksheet.EX_MS_MAILBOX,
  },
  {
    name: "EX_MS_DATABASES",
    summary: "Databases of a DAG by Microsoft's method: count, mailboxes and GB per database, calculated maximum size. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements and Volume Requirements sheets.",
    args: [
      ...dagArguments({ mailboxes: "2500", messagesPerDay: "200", messageKB: "75", quotaMB: "10240", servers: "{2,2}" }),
      { name: "copies", optional: true, default: 2, doc: "Database copies, HA and lagged, round-robin over the sites. Default 2." },
      { name: "result", optional: true, doc: "\"count\" databases (default), \"mailboxes\" per database, \"size\" GB per database, \"maxsize\" GB, \"limit\" mailboxes at the maximum size, \"copies\" per server, \"disk\" MB per mailbox, \"logs\" per database per day, \"logspace\" GB per database, \"active\" databases on the busiest server." },
      { name: "factors", optional: true, range: true, doc: "Two columns of factor names and values overriding the defaults: diskGB 0 (RAID; a JBOD disk's raw GB), databasesPerVolume 0, databases 0 (calculated), dataOverhead 0, volumeFreeShare 0.05, contentIndexShare 0.2, archiveMB 0, moveShare 0.01, truncationFailureDays 3, lagDays 0, activePassive 0 (1: an active/passive DAG of two sites), activationUnit 0 (a balancing unit's databases: each failure mode's active databases are the unit's, once a unit), neverLess 0 (1: either site fails and memory holds at the content index rule, so more load never buys less)." },
    ],
    returns: "The chosen count or size.",
    call: worksheet.EX_MS_DATABASES,
  },
  {
    name: "EX_MS_IOPS",
    summary: "Database and log IOPS by Microsoft's method, per server, database or DAG, counting every copy. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements sheet.",
    args: [
      ...dagArguments({ mailboxes: "7600", messagesPerDay: "150", messageKB: "75", quotaMB: "20480", servers: "{8,8}" }),
      { name: "copies", optional: true, default: 2, doc: "Database copies, HA and lagged. Default 2." },
      { name: "result", optional: true, doc: "\"server\" database IOPS (default), \"log\" IOPS per server, \"dag\", \"daglog\", \"database\", \"databaselog\", \"reads\", \"writes\", \"peak\" IOPS of the active databases, \"permailbox\"." },
      { name: "factors", optional: true, range: true, doc: "Two columns of factor names and values overriding the defaults: ioOverhead 0.2, iopsMultiplier 1, databases 0 (calculated), activeDatabases 0 (calculated), and those of EX_MS_DATABASES." },
    ],
    returns: "IOPS.",
    call: worksheet.EX_MS_IOPS,
  },
  {
    name: "EX_MS_SERVER",
    summary: "Memory and processors of the busiest mailbox server by Microsoft's method, in its worst failure. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements sheet.",
    args: [
      ...dagArguments({ mailboxes: "2500", messagesPerDay: "200", messageKB: "75", quotaMB: "10240", servers: "{2,2}" }),
      { name: "copies", optional: true, default: 2, doc: "Database copies, HA and lagged. Default 2." },
      { name: "cores", optional: true, default: 16, doc: "Processor cores per server. Default 16." },
      { name: "specRate", optional: true, doc: "The server's SPECint2006 rate; needed for \"cores\" and \"utilization\". Default none." },
      { name: "result", optional: true, doc: "\"memory\" GB configuration (default), \"cache\" GB, \"calculated\" GB before rounding, \"megacycles\", \"cores\" needed, \"utilization\", \"active\" databases." },
      { name: "factors", optional: true, range: true, doc: "Two columns of factor names and values overriding the defaults: multiRole 1, hypervisor 0, megacyclesMultiplier 1, activeDatabases 0 (calculated), and those of EX_MS_DATABASES." },
    ],
    returns: "GB, megacycles, cores or a share.",
    call: worksheet.EX_MS_SERVER,
  },
  {
    name: "EX_MS_REPLICATION",
    summary: "Log replication bandwidth between two sites by Microsoft's method, Mb/s in the busiest (or a given) hour. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Replication Requirements sheet.",
    args: [
      { name: "mailboxes", range: true, doc: "Mailboxes in the DAG (e.g. 2500), or a row of up to four tiers." },
      { name: "messagesPerDay", range: true, doc: "Messages per mailbox per day (e.g. 200), or one per tier." },
      { name: "messageKB", range: true, doc: "Average message size in KB (e.g. 75), or one per tier." },
      { name: "quotaMB", range: true, doc: "Mailbox size limit in MB (e.g. 10240), or one per tier." },
      { name: "servers", range: true, doc: "Mailbox servers of the two sites, e.g. {2,2}." },
      { name: "copies", doc: "Database copies, HA and lagged, round-robin over the sites (e.g. 4)." },
      { name: "hourShares", range: true, doc: "Share of a day's logs generated in the busiest hour (e.g. 0.1), or 24 hourly shares." },
      { name: "hour", optional: true, doc: "An hour 1 to 24 of hourShares. Default the busiest." },
      { name: "result", optional: true, doc: "\"total\" Mb/s between the sites (default), \"database\" Mb/s per database, \"streams\" crossing." },
      { name: "factors", optional: true, range: true, doc: "Two columns of factor names and values overriding the defaults: logCompression 0.3, moveShare 0.01, and those of EX_MS_DATABASES." },
    ],
    returns: "Mb/s or a count of log streams.",
    call: worksheet.EX_MS_REPLICATION,
  },
  {
    name: "EX_MS_DISKS",
    summary: "A mailbox server's own disks, JBOD or RAID as Microsoft's calculator lays them, hot spares included. Sources: Microsoft, Exchange Server Role Requirements Calculator v7.6, Storage Design sheet; Dell EMC ESRP, 100,000 mailboxes, Exchange 2016 (2016).",
    args: [
      ...dagArguments({ mailboxes: "7600", messagesPerDay: "150", messageKB: "75", quotaMB: "20480", servers: "{8,8}" }),
      { name: "copies", doc: "Database copies, HA and lagged: JBOD with three or more that can be activated, else RAID (e.g. 4)." },
      { name: "disk", range: true, doc: "The disk: a name such as \"8TB 7.2K NL-SAS 3.5\" or \"6000 GB 10K RPM SAS 2.5\" (the inch mark may be left out), or a row of raw GB and random IOPS such as {8000,57.5}." },
      { name: "result", optional: true, doc: "\"disks\" a server (default), \"calculator\" (without hot spares), \"databaselog\" disks, \"volumedatabases\" databases a volume, \"volumegb\" a JBOD volume's GB, \"databaseloggb\" a RAID server's database+log GB, \"formattedgb\" a disk's, \"restoregb\" the restore volume's, \"restoredisks\", \"dag\" disks of all servers, \"architecture\" JBOD or RAID, \"databaseraid\" and \"restoreraid\" RAID levels (RAID-1/0, RAID-5). #N/A for a figure the design's architecture lacks." },
      { name: "volumeDatabases", optional: true, default: 0, doc: "Databases a JBOD volume (one disk) asked, 1 to 100, as the calculator lays them: 1 one, another number half the copies when even, else the copies. Default 0: the most that fit, at most the copies. RAID volumes hold the calculator's count." },
      { name: "autoReseedDisks", optional: true, default: 1, doc: "AutoReseed disks a JBOD server, 0 to 100 (none on RAID). Default 1." },
      { name: "spareDisks", optional: true, default: 1, doc: "Hot spare disks a server, 0 to 100. Default 1." },
      { name: "factors", optional: true, range: true, doc: "Two columns of factor names and values overriding the defaults, as EX_MS_DATABASES: archiveMB 0, databases 0 (calculated), volumeFreeShare 0.05, contentIndexShare 0.2, laggedCopies 0 …" },
    ],
    returns: "A count of disks or databases, GB, or a name; #N/A where the disk cannot hold a volume. =EX_MS_DISKS(7600,150,150,2048,2,2,\"600 GB 10K RPM SAS 2.5\") → 73 on RAID: 66 in RAID-5, a RAID-5 restore of 6 and a spare.",
    call: worksheet.EX_MS_DISKS,
  },
];

/** `=EXSIZE.EX_DBSIZE(users, quotaMB, …, [factors])`'s argument list, as the help page writes it. */
export function signatureOf(d: FunctionDescriptor): string {
  return `${d.name}(${d.args.map((a) => (a.optional ? `[${a.name}]` : a.name)).join(", ")})`;
}

/** An argument as docs/functions.md and `exsize help eval` show it: `users`, `[result]`, `[copies = 2]`. */
const argumentWords = (a: ArgumentDescriptor): string => (!a.optional ? a.name : a.default === undefined ? `[${a.name}]` : `[${a.name} = ${JSON.stringify(a.default)}]`);

/** `EX_IOPS(users, messagesPerDay, [copies = 2], …)`: `exsize help eval`'s line of a function. */
export const defaultedSignatureOf = (d: FunctionDescriptor): string => `${d.name}(${d.args.map(argumentWords).join(", ")})`;

/** docs/functions.md's table of the functions and their arguments, defaults shown. */
export function functionTable(functions: readonly FunctionDescriptor[] = WORKSHEET_FUNCTIONS): string {
  return ["| function | arguments |", "|---|---|", ...functions.map((d) => `| \`${d.name}\` | ${d.args.map(argumentWords).join(", ")} |`)].join("\n");
}

const EDGE_HEADER = `/**
 * The Excel edge of the worksheet functions: what \`=EXSIZE.EX_DBSIZE(…)\` calls.
 *
 * Written by \`npm run functions-edge\` from src/functions/descriptors.ts, where each function is
 * declared once; do not edit it by hand (tests/functions/descriptors.test.ts holds it equal). It is
 * a file of its own because custom-functions-metadata-plugin reads functions.json from this JSDoc
 * at build time (and appends the \`CustomFunctions.associate\` calls itself). Each wrapper hands
 * Excel's arguments unchanged to worksheet.ts (scalars typed \`any\` so our own validation, not
 * Excel's type coercion, writes the message naming the argument) and translates a SizingError once (excel-error.ts).
 */
import { SizingError } from "../engine";
import { toExcel } from "./excel-error";
import * as worksheet from "./worksheet";
`;

/** One function of the edge: its JSDoc (functions.json's name, description, parameters and result) and its wrapper. */
function edgeFunction(d: FunctionDescriptor): string {
  const doc = [
    d.summary,
    `@customfunction ${d.name}`,
    `@helpurl https://localhost:3000/help.html#${d.name.toLowerCase()}`,
    ...d.args.map((a) => `@param ${a.optional ? `[${a.name}]` : a.name} ${a.doc}`),
    `@returns ${d.returns}`,
  ];
  const params = d.args.map((a) => `${a.name}${a.optional ? "?" : ""}: any${a.range ? "[][]" : ""}`).join(", ");
  const call = `worksheet.${d.name}(${d.args.map((a) => a.name).join(", ")})`;
  const body = d.spills
    ? [`  const value = ${call};`, "  if (value instanceof SizingError) return [[toExcel(value)]];", "  return value;"]
    : [`  return toExcel(${call});`];
  return ["/**", ...doc.map((l) => ` * ${l}`), " */", `export function ${d.name}(${params}): ${d.spills ? "any[][]" : "number | string"} {`, ...body, "}"].join("\n");
}

/** The text of src/functions/functions.ts. */
export function renderEdge(functions: readonly FunctionDescriptor[] = WORKSHEET_FUNCTIONS): string {
  return `${EDGE_HEADER}\n${functions.map(edgeFunction).join("\n\n")}\n`;
}
