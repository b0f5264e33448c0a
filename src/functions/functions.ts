/**
 * The Excel edge of the worksheet functions: what `=EXSIZE.EX_DBSIZE(…)` calls.
 *
 * Written by `npm run functions-edge` from src/functions/descriptors.ts, where each function is
 * declared once; do not edit it by hand (tests/functions/descriptors.test.ts holds it equal). It is
 * a file of its own because custom-functions-metadata-plugin reads functions.json from this JSDoc
 * at build time (and appends the `CustomFunctions.associate` calls itself). Each wrapper hands
 * Excel's arguments unchanged to worksheet.ts (scalars typed `any` so our own validation, not
 * Excel's type coercion, writes the message naming the argument) and translates a SizingError once (excel-error.ts).
 */
import { SizingError } from "../engine";
import { toExcel } from "./excel-error";
import * as worksheet from "./worksheet";

/**
 * Exchange database capacity: total GB, MB per mailbox, database count, GB per database or provisioned GB per database volume. Source: Dell, Exchange 2010 on EqualLogic sizing guide, Tables 14 and 18.
 * @customfunction EX_DBSIZE
 * @helpurl https://localhost:3000/help.html#ex_dbsize
 * @param users Number of mailboxes, including growth (a whole number, e.g. 5000).
 * @param quotaMB Mailbox quota in MB (e.g. 2048 for 2 GB).
 * @param messagesPerDay Messages sent and received per mailbox per day (e.g. 150).
 * @param messageKB Average message size in KB (e.g. 75).
 * @param [maxDatabaseGB] Largest database in GB. Default 1024.
 * @param [result] "total" GB (default), "mailbox" MB per user, "count" databases, "database" GB each, "volume" GB provisioned per database, "whitespace" or "dumpster" MB per user.
 * @param [factors] Two columns of factor names and values overriding the defaults: growth 1.0, retentionDays 14, singleItemRecovery 0.012, calendarLogging 0.058, contentIndex 1.1, volumeFree 1.2.
 * @returns The chosen size: GB, MB or a count.
 */
export function EX_DBSIZE(users: any, quotaMB: any, messagesPerDay: any, messageKB: any, maxDatabaseGB?: any, result?: any, factors?: any[][]): number | string {
  return toExcel(worksheet.EX_DBSIZE(users, quotaMB, messagesPerDay, messageKB, maxDatabaseGB, result, factors));
}

/**
 * Exchange transaction log capacity: provisioned GB per log volume, log files per user per day, or log MB per database per day. Source: Dell, Exchange 2010 on EqualLogic sizing guide, Tables 15 and 19.
 * @customfunction EX_LOGVOL
 * @helpurl https://localhost:3000/help.html#ex_logvol
 * @param users Number of mailboxes (a whole number, e.g. 5000).
 * @param messagesPerDay Messages sent and received per mailbox per day (e.g. 150).
 * @param messageKB Average message size in KB (e.g. 75); above 75 KB logs grow x1.9, above 150 KB x3.8.
 * @param databases Number of databases the users are spread over (a whole number, e.g. 12 from EX_DBSIZE "count").
 * @param [result] "volume" GB provisioned per log volume (default), "logs" files per user per day, "daily" MB per database per day.
 * @param [factors] Two columns of factor names and values overriding the defaults: logsPerMessage 0.2, logFileMB 1, moveFactor 1.1, truncationDays 3, overhead 1.2.
 * @returns The chosen log size: GB, a count of files or MB.
 */
export function EX_LOGVOL(users: any, messagesPerDay: any, messageKB: any, databases: any, result?: any, factors?: any[][]): number | string {
  return toExcel(worksheet.EX_LOGVOL(users, messagesPerDay, messageKB, databases, result, factors));
}

/**
 * Exchange database, log, per-user or all-copies (DAG) IOPS with 20% headroom. Sources: Dell, Exchange 2010 on EqualLogic sizing guide, Tables 16 and 17; for 2013 on, Dell ESRP, 12,500 mailboxes, Exchange 2013, section 4.2.
 * @customfunction EX_IOPS
 * @helpurl https://localhost:3000/help.html#ex_iops
 * @param users Number of mailboxes (a whole number, e.g. 5000).
 * @param messagesPerDay Messages sent and received per mailbox per day (e.g. 150).
 * @param [copies] Database copies: 1 = stand-alone, 2 to 16 in a DAG. Default 2.
 * @param [result] "database" IOPS (default), "log" IOPS, "peruser" IOPS, "dag" database IOPS x copies.
 * @param [version] Exchange version: 2010, 2013, 2016, 2019 or "SE" (Exchange Server SE, sized as 2019). Default 2010.
 * @param [factors] Two columns of factor names and values overriding the default: headroom 1.2.
 * @returns The chosen IOPS figure.
 */
export function EX_IOPS(users: any, messagesPerDay: any, copies?: any, result?: any, version?: any, factors?: any[][]): number | string {
  return toExcel(worksheet.EX_IOPS(users, messagesPerDay, copies, result, version, factors));
}

/**
 * Disks needed for an IOPS load, and for a capacity if given: rounds up, never under-provisions. Source: EMC, Exchange 2010 on Symmetrix VMAX (H7018, 2010), Phase 2.
 * @customfunction EX_SPINDLES
 * @helpurl https://localhost:3000/help.html#ex_spindles
 * @param iops Front-end IOPS to serve, headroom included (e.g. 1080).
 * @param [raid] RAID level: "RAID0", "RAID1", "RAID10", "RAID5", "RAID50", "RAID6" or "RAID60". Default "RAID5".
 * @param [disk] Disk class "7.2K" (65 IOPS), "10K" (140) or "15K" (180), or IOPS per disk as a number. Default "10K".
 * @param [readRatio] Share of I/O that is reads, 0 to 1. Default 0.6 (3:2).
 * @param [capacityGB] Capacity to hold in GB; give it with diskGB to count capacity disks too. Default none.
 * @param [diskGB] Size of one disk in GB; give it with capacityGB. Default none.
 * @param [groupSize] Disks per RAID group, e.g. 8 for RAID 5 (7+1); counts become whole groups. Default none.
 * @param [result] "disks" (default), "backend" IOPS after the write penalty, "iodisks" for IOPS alone, "capacitydisks" for capacity alone.
 * @param [disks] Your own disk classes, two columns: class name and IOPS per disk; name one in disk. Default none.
 * @returns The chosen count of disks or back-end IOPS.
 */
export function EX_SPINDLES(iops: any, raid?: any, disk?: any, readRatio?: any, capacityGB?: any, diskGB?: any, groupSize?: any, result?: any, disks?: any[][]): number | string {
  return toExcel(worksheet.EX_SPINDLES(iops, raid, disk, readRatio, capacityGB, diskGB, groupSize, result, disks));
}

/**
 * Dell EqualLogic arrays for a capacity and IOPS: count in all, per copy, or the model chosen. Source: Dell, Exchange 2010 on EqualLogic sizing guide, section 3.4.1 and Tables 12 and 13.
 * @customfunction EX_ARRAYS
 * @helpurl https://localhost:3000/help.html#ex_arrays
 * @param capacityGB Capacity of one database copy in GB (e.g. 15768: database plus log volumes).
 * @param iops Database IOPS of one copy (e.g. 900 from EX_IOPS); log IOPS are already covered.
 * @param [copies] Database copies, each on its own arrays: 1 to 16. Default 2.
 * @param [raid] RAID level: "RAID50" or "RAID10" (or any level your catalog has). Default "RAID50".
 * @param [model] "auto" to pick the fewest arrays, a model such as "PS6500E", or a model and drive such as "PS6500E 500GB". Default "auto".
 * @param [result] "count" arrays in all (default), "percopy" arrays per copy, "model" the model and drive chosen.
 * @param [catalog] Extra arrays, five columns: model, drive, raid, usableGB, iops; a title row is skipped. Default the built-in catalogue.
 * @returns The chosen count of arrays, or the model's name.
 */
export function EX_ARRAYS(capacityGB: any, iops: any, copies?: any, raid?: any, model?: any, result?: any, catalog?: any[][]): number | string {
  return toExcel(worksheet.EX_ARRAYS(capacityGB, iops, copies, raid, model, result, catalog));
}

/**
 * The busiest running DAG server in the worst failure: its mailboxes, active databases or IOPS target, or the servers left. Sources: Dell ESRP, 12,500 mailboxes, Exchange 2013 and Dell EMC ESRP, 100,000 mailboxes, Exchange 2016 (2016), section 4.1 of each.
 * @customfunction EX_FAILOVER
 * @helpurl https://localhost:3000/help.html#ex_failover
 * @param users Mailboxes in the DAG (a whole number, e.g. 7600).
 * @param servers Servers in the DAG: one number for one site, or each site's servers as a row or column, e.g. {8,8}; up to 4 sites and 16 servers.
 * @param [copies] Copies of each database, spread round-robin over the sites from the active copy's site; a server never holds two: 1 to 16. Default 2.
 * @param [scenario] "site+server" (a site and then one more server fails), "site", "server" or "normal"; the worst such failure is taken. Default "site+server".
 * @param [layout] "active/active" (every server carries active copies) or "active/passive" (the first site does). Default "active/active".
 * @param [iopsPerMailbox] Database IOPS per mailbox with headroom, e.g. 0.121 (EX_IOPS "peruser"); needed for "target", which rounds it up to three decimals as Jetstress is given it (0.1206 → 0.121). Default none.
 * @param [result] "mailboxes" on the busiest running server (default), "databases" active on it, "target" IOPS for it, "servers" still running, "count" databases in the DAG.
 * @param [databases] Databases in the DAG, e.g. 336. Default EX_DBSIZE's count for the users at 2 GB, 150 messages of 75 KB, rounded up so the copies spread evenly.
 * @param [lagged] Lagged copies of each database, never activated: 0 to copies - 1. Default 0.
 * @returns The chosen count of mailboxes, databases, IOPS or servers; #N/A naming the databases left without a copy where the design does not survive.
 */
export function EX_FAILOVER(users: any, servers: any[][], copies?: any, scenario?: any, layout?: any, iopsPerMailbox?: any, result?: any, databases?: any, lagged?: any): number | string {
  return toExcel(worksheet.EX_FAILOVER(users, servers, copies, scenario, layout, iopsPerMailbox, result, databases, lagged));
}

/**
 * The DAG's database copy layout, as the Distribution sheet of Microsoft's calculator: server names, then a row per database with each copy's activation preference. Source: Dell EMC ESRP, 100,000 mailboxes, Exchange 2016 (2016), section 4, Figures 3 to 5.
 * @customfunction EX_LAYOUT
 * @helpurl https://localhost:3000/help.html#ex_layout
 * @param users Mailboxes in the DAG (a whole number, e.g. 7600); sets the default database count.
 * @param servers Servers in the DAG: one number for one site, or each site's servers as a row or column, e.g. {8,8}; up to 4 sites and 16 servers.
 * @param [copies] Copies of each database, spread round-robin over the sites from the active copy's site: 1 to 16. Default 2.
 * @param [layout] "active/active" or "active/passive". Default "active/active".
 * @param [databases] Databases in the DAG, e.g. 336. Default as EX_FAILOVER.
 * @param [lagged] Lagged copies of each database (the highest preferences): 0 to copies - 1. Default 0.
 * @returns A range: the header row, then one row per database; empty where a server holds no copy.
 */
export function EX_LAYOUT(users: any, servers: any[][], copies?: any, layout?: any, databases?: any, lagged?: any): any[][] {
  const value = worksheet.EX_LAYOUT(users, servers, copies, layout, databases, lagged);
  if (value instanceof SizingError) return [[toExcel(value)]];
  return value;
}

/**
 * Mailbox server cores and memory for active mailboxes: 1,000 very heavy mailboxes a core, 4 GB + 6 MB a mailbox. Source: VMware, Exchange on Virtual SAN performance study (2014), Test Cases and Test Method.
 * @customfunction EX_SERVER
 * @helpurl https://localhost:3000/help.html#ex_server
 * @param mailboxes Active mailboxes on the server (a whole number, e.g. 4000).
 * @param [result] "cores" (default) or "memory" GB, whole GB rounded up.
 * @param [factors] Two columns of factor names and values overriding the defaults: mailboxesPerCore 1000, baseMemoryGB 4, memoryPerMailboxMB 6.
 * @returns The chosen count of cores or GB of memory.
 */
export function EX_SERVER(mailboxes: any, result?: any, factors?: any[][]): number | string {
  return toExcel(worksheet.EX_SERVER(mailboxes, result, factors));
}

/**
 * Jetstress pass or fail: achieved IOPS at least the target, database reads at most 20 ms, log writes 10 ms, peaks 100 ms. Sources: Dell, Exchange 2010 on EqualLogic sizing guide, section 3.1; Dell ESRP, 12,500 mailboxes, Exchange 2013, section 6.2.
 * @customfunction EX_JETSTRESS
 * @helpurl https://localhost:3000/help.html#ex_jetstress
 * @param achievedIops Transactional IOPS Jetstress achieved (e.g. 1427).
 * @param targetIops Target IOPS of the server (e.g. 504 from EX_FAILOVER "target").
 * @param dbReadLatencyMs Average database read latency in ms (pass at 20 or less).
 * @param logWriteLatencyMs Average log write latency in ms (pass at 10 or less).
 * @param [dbReadPeakMs] Peak database read latency in ms (pass at 100 or less). Default not checked.
 * @param [logWritePeakMs] Peak log write latency in ms (pass at 100 or less). Default not checked.
 * @param [result] "verdict" pass or fail (default), or "reason" which also says what failed.
 * @returns "pass" or "fail", with the reasons for "reason".
 */
export function EX_JETSTRESS(achievedIops: any, targetIops: any, dbReadLatencyMs: any, logWriteLatencyMs: any, dbReadPeakMs?: any, logWritePeakMs?: any, result?: any): number | string {
  return toExcel(worksheet.EX_JETSTRESS(achievedIops, targetIops, dbReadLatencyMs, logWriteLatencyMs, dbReadPeakMs, logWritePeakMs, result));
}

/**
 * One mailbox by Microsoft's method (Exchange 2013-2019): size on disk, logs a day, IOPS, cache or megacycles. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements sheet.
 * @customfunction EX_MS_MAILBOX
 * @helpurl https://localhost:3000/help.html#ex_ms_mailbox
 * @param messagesPerDay Messages sent and received per mailbox per day, up to 500 (e.g. 200); between the calculator's profiles of 50, the next one up.
 * @param messageKB Average message size in KB (e.g. 75).
 * @param quotaMB Mailbox size limit in MB (e.g. 10240).
 * @param [copies] Database copies, HA and lagged; 1 = stand-alone (changes the read share). Default 2.
 * @param [result] "disk" MB on disk (default), "logs" per day, "iops", "reads", "writes", "cache" MB, "active", "passive" or "cas" megacycles, "dumpster" MB, "readshare", "profile" messages.
 * @param [factors] Two columns of factor names and values overriding the defaults: archiveMB 0, deletedItemDays 14, singleItemShare 0.012, calendarShare 0.03, iopsMultiplier 1, megacyclesMultiplier 1.
 * @returns The chosen figure per mailbox.
 */
export function EX_MS_MAILBOX(messagesPerDay: any, messageKB: any, quotaMB: any, copies?: any, result?: any, factors?: any[][]): number | string {
  return toExcel(worksheet.EX_MS_MAILBOX(messagesPerDay, messageKB, quotaMB, copies, result, factors));
}

/**
 * Databases of a DAG by Microsoft's method: count, mailboxes and GB per database, calculated maximum size. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements and Volume Requirements sheets.
 * @customfunction EX_MS_DATABASES
 * @helpurl https://localhost:3000/help.html#ex_ms_databases
 * @param mailboxes Mailboxes in the DAG (e.g. 2500), or a row of up to four tiers.
 * @param messagesPerDay Messages per mailbox per day (e.g. 200), or one per tier.
 * @param messageKB Average message size in KB (e.g. 75), or one per tier.
 * @param quotaMB Mailbox size limit in MB (e.g. 10240), or one per tier.
 * @param servers Mailbox servers of the DAG: a number (one site) or two sites, e.g. {2,2}.
 * @param [copies] Database copies, HA and lagged, round-robin over the sites. Default 2.
 * @param [result] "count" databases (default), "mailboxes" per database, "size" GB per database, "maxsize" GB, "limit" mailboxes at the maximum size, "copies" per server, "disk" MB per mailbox, "logs" per database per day, "logspace" GB per database, "active" databases on the busiest server.
 * @param [factors] Two columns of factor names and values overriding the defaults: diskGB 0 (RAID; a JBOD disk's raw GB), databasesPerVolume 0, databases 0 (calculated), dataOverhead 0, volumeFreeShare 0.05, contentIndexShare 0.2, archiveMB 0, moveShare 0.01, truncationFailureDays 3, lagDays 0, activePassive 0 (1: an active/passive DAG of two sites), activationUnit 0 (a balancing unit's databases: each failure mode's active databases are the unit's, once a unit), neverLess 0 (1: either site fails and memory holds at the content index rule, so more load never buys less).
 * @returns The chosen count or size.
 */
export function EX_MS_DATABASES(mailboxes: any[][], messagesPerDay: any[][], messageKB: any[][], quotaMB: any[][], servers: any[][], copies?: any, result?: any, factors?: any[][]): number | string {
  return toExcel(worksheet.EX_MS_DATABASES(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, result, factors));
}

/**
 * Database and log IOPS by Microsoft's method, per server, database or DAG, counting every copy. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements sheet.
 * @customfunction EX_MS_IOPS
 * @helpurl https://localhost:3000/help.html#ex_ms_iops
 * @param mailboxes Mailboxes in the DAG (e.g. 7600), or a row of up to four tiers.
 * @param messagesPerDay Messages per mailbox per day (e.g. 150), or one per tier.
 * @param messageKB Average message size in KB (e.g. 75), or one per tier.
 * @param quotaMB Mailbox size limit in MB (e.g. 20480), or one per tier.
 * @param servers Mailbox servers of the DAG: a number (one site) or two sites, e.g. {8,8}.
 * @param [copies] Database copies, HA and lagged. Default 2.
 * @param [result] "server" database IOPS (default), "log" IOPS per server, "dag", "daglog", "database", "databaselog", "reads", "writes", "peak" IOPS of the active databases, "permailbox".
 * @param [factors] Two columns of factor names and values overriding the defaults: ioOverhead 0.2, iopsMultiplier 1, databases 0 (calculated), activeDatabases 0 (calculated), and those of EX_MS_DATABASES.
 * @returns IOPS.
 */
export function EX_MS_IOPS(mailboxes: any[][], messagesPerDay: any[][], messageKB: any[][], quotaMB: any[][], servers: any[][], copies?: any, result?: any, factors?: any[][]): number | string {
  return toExcel(worksheet.EX_MS_IOPS(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, result, factors));
}

/**
 * Memory and processors of the busiest mailbox server by Microsoft's method, in its worst failure. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Role Requirements sheet.
 * @customfunction EX_MS_SERVER
 * @helpurl https://localhost:3000/help.html#ex_ms_server
 * @param mailboxes Mailboxes in the DAG (e.g. 2500), or a row of up to four tiers.
 * @param messagesPerDay Messages per mailbox per day (e.g. 200), or one per tier.
 * @param messageKB Average message size in KB (e.g. 75), or one per tier.
 * @param quotaMB Mailbox size limit in MB (e.g. 10240), or one per tier.
 * @param servers Mailbox servers of the DAG: a number (one site) or two sites, e.g. {2,2}.
 * @param [copies] Database copies, HA and lagged. Default 2.
 * @param [cores] Processor cores per server. Default 16.
 * @param [specRate] The server's SPECint2006 rate; needed for "cores" and "utilization". Default none.
 * @param [result] "memory" GB configuration (default), "cache" GB, "calculated" GB before rounding, "megacycles", "cores" needed, "utilization", "active" databases.
 * @param [factors] Two columns of factor names and values overriding the defaults: multiRole 1, hypervisor 0, megacyclesMultiplier 1, activeDatabases 0 (calculated), and those of EX_MS_DATABASES.
 * @returns GB, megacycles, cores or a share.
 */
export function EX_MS_SERVER(mailboxes: any[][], messagesPerDay: any[][], messageKB: any[][], quotaMB: any[][], servers: any[][], copies?: any, cores?: any, specRate?: any, result?: any, factors?: any[][]): number | string {
  return toExcel(worksheet.EX_MS_SERVER(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, cores, specRate, result, factors));
}

/**
 * Log replication bandwidth between two sites by Microsoft's method, Mb/s in the busiest (or a given) hour. Source: Microsoft, Exchange Server Role Requirements Calculator v7.6, Replication Requirements sheet.
 * @customfunction EX_MS_REPLICATION
 * @helpurl https://localhost:3000/help.html#ex_ms_replication
 * @param mailboxes Mailboxes in the DAG (e.g. 2500), or a row of up to four tiers.
 * @param messagesPerDay Messages per mailbox per day (e.g. 200), or one per tier.
 * @param messageKB Average message size in KB (e.g. 75), or one per tier.
 * @param quotaMB Mailbox size limit in MB (e.g. 10240), or one per tier.
 * @param servers Mailbox servers of the two sites, e.g. {2,2}.
 * @param copies Database copies, HA and lagged, round-robin over the sites (e.g. 4).
 * @param hourShares Share of a day's logs generated in the busiest hour (e.g. 0.1), or 24 hourly shares.
 * @param [hour] An hour 1 to 24 of hourShares. Default the busiest.
 * @param [result] "total" Mb/s between the sites (default), "database" Mb/s per database, "streams" crossing.
 * @param [factors] Two columns of factor names and values overriding the defaults: logCompression 0.3, moveShare 0.01, and those of EX_MS_DATABASES.
 * @returns Mb/s or a count of log streams.
 */
export function EX_MS_REPLICATION(mailboxes: any[][], messagesPerDay: any[][], messageKB: any[][], quotaMB: any[][], servers: any[][], copies: any, hourShares: any[][], hour?: any, result?: any, factors?: any[][]): number | string {
  return toExcel(worksheet.EX_MS_REPLICATION(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, hourShares, hour, result, factors));
}

/**
 * A mailbox server's own disks, JBOD or RAID as Microsoft's calculator lays them, hot spares included. Sources: Microsoft, Exchange Server Role Requirements Calculator v7.6, Storage Design sheet; Dell EMC ESRP, 100,000 mailboxes, Exchange 2016 (2016).
 * @customfunction EX_MS_DISKS
 * @helpurl https://localhost:3000/help.html#ex_ms_disks
 * @param mailboxes Mailboxes in the DAG (e.g. 7600), or a row of up to four tiers.
 * @param messagesPerDay Messages per mailbox per day (e.g. 150), or one per tier.
 * @param messageKB Average message size in KB (e.g. 75), or one per tier.
 * @param quotaMB Mailbox size limit in MB (e.g. 20480), or one per tier.
 * @param servers Mailbox servers of the DAG: a number (one site) or two sites, e.g. {8,8}.
 * @param copies Database copies, HA and lagged: JBOD with three or more that can be activated, else RAID (e.g. 4).
 * @param disk The disk: a name such as "8TB 7.2K NL-SAS 3.5" or "6000 GB 10K RPM SAS 2.5" (the inch mark may be left out), or a row of raw GB and random IOPS such as {8000,57.5}.
 * @param [result] "disks" a server (default), "calculator" (without hot spares), "databaselog" disks, "volumedatabases" databases a volume, "volumegb" a JBOD volume's GB, "databaseloggb" a RAID server's database+log GB, "formattedgb" a disk's, "restoregb" the restore volume's, "restoredisks", "dag" disks of all servers, "architecture" JBOD or RAID, "databaseraid" and "restoreraid" RAID levels (RAID-1/0, RAID-5). #N/A for a figure the design's architecture lacks.
 * @param [volumeDatabases] Databases a JBOD volume (one disk) asked, 1 to 100, as the calculator lays them: 1 one, another number half the copies when even, else the copies. Default 0: the most that fit, at most the copies. RAID volumes hold the calculator's count.
 * @param [autoReseedDisks] AutoReseed disks a JBOD server, 0 to 100 (none on RAID). Default 1.
 * @param [spareDisks] Hot spare disks a server, 0 to 100. Default 1.
 * @param [factors] Two columns of factor names and values overriding the defaults, as EX_MS_DATABASES: archiveMB 0, databases 0 (calculated), volumeFreeShare 0.05, contentIndexShare 0.2, laggedCopies 0 …
 * @returns A count of disks or databases, GB, or a name; #N/A where the disk cannot hold a volume. =EX_MS_DISKS(7600,150,150,2048,2,2,"600 GB 10K RPM SAS 2.5") → 73 on RAID: 66 in RAID-5, a RAID-5 restore of 6 and a spare.
 */
export function EX_MS_DISKS(mailboxes: any[][], messagesPerDay: any[][], messageKB: any[][], quotaMB: any[][], servers: any[][], copies: any, disk: any[][], result?: any, volumeDatabases?: any, autoReseedDisks?: any, spareDisks?: any, factors?: any[][]): number | string {
  return toExcel(worksheet.EX_MS_DISKS(mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, disk, result, volumeDatabases, autoReseedDisks, spareDisks, factors));
}
