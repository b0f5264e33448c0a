/**
 * The Design sheet (issues 3, 7, 15): every output a live formula over the Inputs, the steps of Dell's
 * Tables 18-19 shown for audit, Microsoft's figures read from the Methods sheet, the design's answer
 * by its method, spindles and arrays, and the capacity of one copy by kind (the chart's source).
 * Columns: A symbol, B what it is, C value (unit in its format), D formula in words, E source.
 * Each EXSIZE formula carries its native rendering (src/engine/excel-formulas.ts) for the customer copy.
 */
import {
  bothKindsFormula,
  byMethodFormula,
  indexAndFreeFormula,
  databaseGBFormula,
  databaseVolumeFormula,
  logVolumeFormula,
  methodFormula,
  microsoftCoresFormula,
  overloadedFormula,
  microsoftVolumeFormulas,
  usersPerDatabaseFormula,
  volumesGBFormula,
  volumesInAllFormula,
} from "../../engine/design/formulas";
import { capacityToProvisionFormula } from "../../engine/capacity";
import { arrayModelNameFormula, balancedDatabasesFormula, diskIopsFormula, spindlesFormula } from "../../engine/excel-formulas";
import {
  arraysFormula,
  databaseFormula,
  iopsFormula,
  logFormula,
  messageSizeFactorFormula,
  provisionedVolumeFormula,
  type DatabaseResult,
  type IopsResult,
  type LogResult,
} from "../../engine/rules/dell";
import { MICROSOFT_FACTOR_DEFAULTS } from "../../engine/microsoft/tables";
import { EDITIONS_SOURCE, minimumMemoryFormula, pageFileFormula, serverLimitsFormula, supportedCoresFormula, VERSION_SOURCES } from "../../engine/version";
import { MCDB_SOURCES } from "../../engine/microsoft/mcdb";
import { QUANTITIES, labelWithUnit, type Quantity, type QuantityKey, type QuantityRendering } from "../../engine/catalogue";
import { DATABASE_SIZE_SUMMARY } from "../../engine/microsoft/design";
import { DEPLOYED_SUMMARY, VOLUMES_SUMMARY, editionCheckFormula } from "../design-check";
import { cite } from "../../engine/papers";
import type { CellModel, ChartModel, SheetModel } from "../model";
import { DELL, EMC, ESRP_2013, ESRP_2016, FORMAT, VMWARE, header, landscape, quantityFormat, sectionHeading, titleAndNote, type DesignOutput, type NameKey, type References, type Rendered } from "./shared";

interface OutputRow {
  key: DesignOutput;
  symbol: string;
  what: string;
  format: string;
  words: string;
  source: string;
  /** The formula, given how to address inputs (by defined name) and earlier outputs. */
  formula: (ref: References) => Rendered;
}

const native = (text: string): string => "=" + text;

const dbsize = (r: References, result: DatabaseResult): Rendered => ({
  formula: `=EXSIZE.EX_DBSIZE(${r.input("users")},${r.input("quotaMB")},${r.input("messagesPerDay")},${r.input("messageKB")},${r.input("maxDatabaseGB")},"${result}",${r.input("factors")})`,
  native: native(
    databaseFormula(
      result,
      { users: r.input("users"), quotaMB: r.input("quotaMB"), messagesPerDay: r.input("messagesPerDay"), messageKB: r.input("messageKB"), maxDatabaseGB: r.input("maxDatabaseGB") },
      r.factor,
    ),
  ),
});
const logvol = (r: References, result: "logs" | "daily" | "volume"): Rendered => ({
  formula: `=EXSIZE.EX_LOGVOL(${r.input("users")},${r.input("messagesPerDay")},${r.input("messageKB")},${r.output("dellDatabases")},"${result}",${r.input("factors")})`,
  native: native(
    // "logs" needs no database count, but EX_LOGVOL reads the argument: an invalid design's count (#VALUE!) is its result too.
    ((text) => (result === "logs" ? `IF(ISNUMBER(${r.output("dellDatabases")}),${text},${r.output("dellDatabases")})` : text))(
      logFormula(result as LogResult, { users: r.input("users"), messagesPerDay: r.input("messagesPerDay"), messageKB: r.input("messageKB"), databases: r.output("dellDatabases") }, r.factor),
    ),
  ),
});
const iops = (r: References, result: IopsResult): Rendered => ({
  formula: `=EXSIZE.EX_IOPS(${r.input("users")},${r.input("messagesPerDay")},${r.input("copies")},"${result}",${r.input("exchangeVersion")},${r.input("factors")})`,
  native: native(iopsFormula(result, { users: r.input("users"), messagesPerDay: r.input("messagesPerDay"), copies: r.input("copies"), version: r.input("exchangeVersion") }, r.factor)),
});
const spindles = (r: References, raid: string, disk: string): Rendered => ({
  formula: `=EXSIZE.EX_SPINDLES(${r.output("answerDatabaseIops")},${raid},${disk},${r.input("readRatio")},,,,"disks",${r.input("diskClasses")})`,
  native: native(spindlesFormula({ iops: r.output("answerDatabaseIops"), raid, diskIops: diskIopsFormula(disk, r.input("diskClasses")), readRatio: r.input("readRatio") })),
});
const arrays = (r: References, result: "count" | "percopy" | "model"): Rendered => {
  const c = r.candidates;
  const chosen = `MATCH(1,${c.chosen},0)`;
  const perCopy = `INDEX(${c.arraysPerCopy},${chosen})`;
  const nativeText =
    result === "percopy" ? perCopy : result === "count" ? arraysFormula(perCopy, r.input("copies")) : arrayModelNameFormula(`INDEX(${c.model},${chosen})`, `INDEX(${c.drive},${chosen})`);
  return {
    formula: `=EXSIZE.EX_ARRAYS(${r.output("answerCapacityGB")},${r.output("answerDatabaseIops")},${r.input("copies")},${r.input("arrayRaid")},${r.input("arrayModel")},"${result}",${r.input("arrayCatalog")})`,
    native: native(nativeText),
  };
};
const plain = (formula: string): Rendered => ({ formula });

const T18 = DELL("Table 18 (process: Table 14)");
/** The copy layout's rules, ours (after Microsoft's calculator's exports): what the Distribution sheet lays out. */
const DAG_LAYOUT = "ours: the copy layout of the Distribution sheet, after Microsoft's calculator's exports";
const T19 = DELL("Table 19 (process: Table 15)");
const SPINDLE_SOURCE = `${EMC("Phase 2 formula")}; errata E3 (round up), E5`;

interface Section {
  heading: string;
  rows: OutputRow[];
}

/** Microsoft's volumes at the Methods sheet's databases and log space (Volume Requirements sheet). */
const msVolumes = (r: References) =>
  microsoftVolumeFormulas({ databaseGB: r.microsoft("databaseGB"), logSpaceGB: r.microsoftLogSpaceGB, databases: r.microsoft("databases") }, MICROSOFT_FACTOR_DEFAULTS);
/** A figure of Microsoft's method: "—" where it cannot size the design (the design's method is then Dell's, or the Design check says why). */
const msPlain = (formula: string): Rendered => plain(`=IFERROR(${formula},"—")`);
const byMethod = (r: References, microsoft: string, dell: string): Rendered => plain(`=${byMethodFormula(r.output("methodUsed"), microsoft, dell)}`);

const DESIGN_SECTIONS: readonly Section[] = [
  {
    heading: "The method and the databases the design deploys",
    rows: [
      {
        key: "methodUsed", symbol: "", what: "Sizing method", format: "@",
        words: "Inputs' method; auto: Dell's process for Exchange 2010 and stand-alone servers, Microsoft's calculator's for 2013 and later DAGs",
        source: `${DELL()}; ${cite("microsoft")}`,
        // Excel compares text without case: "Microsoft" is "microsoft".
        formula: (r) => plain(`=${methodFormula(r.input("method"), r.input("exchangeVersion"), r.input("copies"))}`),
      },
      {
        key: "databasesDeployed", symbol: "DB", what: "Databases deployed", format: FORMAT.databases,
        words: "The method's count: Microsoft's calculator's own (balanced when sized never less), Dell's balanced so every server carries the same active databases in every failure; what the Distribution sheet lays out and the export deploys",
        // The layout's rules: docs/dag-layout.md.
        source: DAG_LAYOUT,
        formula: (r) => byMethod(r, r.microsoft("databases"), r.output("dellDatabases")),
      },
    ],
  },
  {
    heading: "Database capacity, step by step as Dell's Table 18",
    rows: [
      { key: "whiteSpacePerUserMB", symbol: "WSU", what: "White space per user", format: FORMAT.mb2, words: "MSR × AMS / 1024", source: T18, formula: (r) => dbsize(r, "whitespace") },
      { key: "dumpsterPerUserMB", symbol: "DSU", what: "Dumpster per user", format: FORMAT.mb2, words: "WSU × retentionDays + MQ × singleItemRecovery + MQ × calendarLogging", source: T18, formula: (r) => dbsize(r, "dumpster") },
      { key: "mailboxOnDiskMB", symbol: "MBU", what: "Mailbox size on disk", format: '#,##0.00 "MB"', words: "MQ + WSU + DSU", source: T18, formula: (r) => dbsize(r, "mailbox") },
      { key: "totalDatabaseGB", symbol: "DBS", what: "Total database size", format: FORMAT.gb2, words: "NU × MBU × growth / 1024", source: `${T18}; erratum E1`, formula: (r) => dbsize(r, "total") },
      { key: "databaseCount", symbol: "", what: "Database count", format: FORMAT.databases, words: "DBS / maximum database size, rounded up", source: T18, formula: (r) => dbsize(r, "count") },
      {
        key: "dellDatabases", symbol: "DB", what: "Databases, balanced over the servers", format: FORMAT.databases, words: "The count rounded up so every server carries the same active databases in every failure",
        source: `${T18}; ${DAG_LAYOUT}`, formula: (r) => plain(`=${balancedDatabasesFormula(r.output("databaseCount"), r.dag)}`),
      },
      { key: "databaseGB", symbol: "IDBS", what: "Individual database size", format: FORMAT.gb2, words: "DBS / DB", source: T18, formula: (r) => plain(`=${databaseGBFormula(r.output("totalDatabaseGB"), r.output("dellDatabases"))}`) },
      { key: "dellDatabaseVolumeGB", symbol: "DVS", what: "Database volume size", format: FORMAT.gb2, words: "IDBS × contentIndex × volumeFree", source: T18, formula: (r) => plain(`=${databaseVolumeFormula(r.output("databaseGB"), r.factor("contentIndex"), r.factor("volumeFree"))}`) },
      { key: "provisionedDatabaseVolumeGB", symbol: "DVS", what: "Database volume, provisioned", format: FORMAT.gb, words: "DVS in whole GB, half up (at least 1 GB)", source: T18, formula: (r) => plain(`=${provisionedVolumeFormula(r.output("dellDatabaseVolumeGB"))}`) },
    ],
  },
  {
    heading: "Log capacity, step by step as Dell's Table 19",
    rows: [
      { key: "logFilesPerUserPerDay", symbol: "NL", what: "Log files per user per day", format: '#,##0.0 "logs"', words: "MSR × logsPerMessage", source: T19, formula: (r) => logvol(r, "logs") },
      { key: "messageSizeFactor", symbol: "MSF", what: "Message size factor", format: '0.0"×"', words: "1 up to 75 KB, 1.9 up to 150 KB, 3.8 above", source: DELL("Table 15 step 3"), formula: (r) => plain(`=${messageSizeFactorFormula(r.input("messageKB"))}`) },
      { key: "usersPerDatabase", symbol: "NDB", what: "Users per database", format: FORMAT.users, words: "NU / DB, rounded up", source: T19, formula: (r) => plain(`=${usersPerDatabaseFormula(r.input("users"), r.output("dellDatabases"))}`) },
      { key: "dailyLogMBPerDatabase", symbol: "TLC", what: "Log MB per database per day", format: '#,##0 "MB"', words: "NDB × NL × MSF × logFileMB", source: T19, formula: (r) => logvol(r, "daily") },
      { key: "dellLogVolumeGB", symbol: "LVS", what: "Log volume size", format: FORMAT.gb2, words: "TLC × moveFactor × truncationDays × overhead / 1024", source: `${T19}; erratum E2`, formula: (r) => plain(`=${logVolumeFormula(r.output("dailyLogMBPerDatabase"), r.factor("moveFactor"), r.factor("truncationDays"), r.factor("overhead"))}`) },
      { key: "provisionedLogVolumeGB", symbol: "LVS", what: "Log volume, provisioned", format: FORMAT.gb, words: "LVS in whole GB, half up", source: T19, formula: (r) => logvol(r, "volume") },
      { key: "logVolumeCount", symbol: "", what: "Log volumes", format: FORMAT.volumes, words: "One log volume per database", source: T19, formula: (r) => plain(`=${r.output("dellDatabases")}`) },
    ],
  },
  {
    heading: "Capacity of all volumes, as Dell's reference design",
    rows: [
      { key: "databaseVolumesTotalGB", symbol: "", what: "Database volumes in all", format: FORMAT.gb, words: "DB × provisioned DVS", source: DELL("3.4.2"), formula: (r) => plain(`=${volumesInAllFormula(r.output("dellDatabases"), r.output("provisionedDatabaseVolumeGB"))}`) },
      { key: "logVolumesTotalGB", symbol: "", what: "Log volumes in all", format: FORMAT.gb, words: "Log volumes × provisioned LVS", source: DELL("3.4.2"), formula: (r) => plain(`=${volumesInAllFormula(r.output("logVolumeCount"), r.output("provisionedLogVolumeGB"))}`) },
      { key: "totalCapacityGB", symbol: "", what: "Volumes in all, per copy", format: FORMAT.gb, words: "Database volumes + log volumes", source: DELL("3.4.2"), formula: (r) => plain(`=${bothKindsFormula(r.output("databaseVolumesTotalGB"), r.output("logVolumesTotalGB"))}`) },
      {
        key: "capacityToProvisionGB", symbol: "", what: "Capacity to provision, per copy", format: FORMAT.gb,
        words: "Database data (DBS × contentIndex × volumeFree) and logs of (NU + DB − 1) users, each kind at least max(DB, requirement + DB / 2) GB for rounding: never falls as the load rises",
        source: `${DELL("Tables 14-15")}; counted from the totals, as the arrays are bought`,
        formula: (r) =>
          plain(
            `=${capacityToProvisionFormula(
              { users: r.input("users"), databases: r.output("dellDatabases"), totalDatabaseGB: r.output("totalDatabaseGB"), logFilesPerUserPerDay: r.output("logFilesPerUserPerDay"), messageSizeFactor: r.output("messageSizeFactor") },
              r.factor,
            )}`,
          ),
      },
    ],
  },
  {
    heading: "Performance: database and log IOPS, as Dell's Tables 16-17",
    rows: [
      { key: "iopsPerUser", symbol: "IOPU", what: "IOPS per user, headroom included", format: '0.000 "IOPS"', words: "2010: MSR / 1000 (× 1.2 stand-alone); 2013+: MSR × 0.00067; × headroom", source: `${DELL("Table 16")}; ${ESRP_2013()}; ${ESRP_2016()}`, formula: (r) => iops(r, "peruser") },
      { key: "dellDatabaseIops", symbol: "DBIOP", what: "Database IOPS, active copies", format: FORMAT.iops, words: "NU × IOPS per user", source: DELL("Table 16 and 3.4.2"), formula: (r) => iops(r, "database") },
      { key: "logIops", symbol: "LIOPS", what: "Log IOPS", format: FORMAT.iops, words: "(DBIOP × 0.5 × 0.5 + DBIOP × (copies − 1) × 0.1) × headroom", source: DELL("Table 17"), formula: (r) => iops(r, "log") },
      { key: "dellDagDatabaseIops", symbol: "", what: "Database IOPS, every copy", format: FORMAT.iops, words: "DBIOP × copies", source: ESRP_2016("Figure 6"), formula: (r) => iops(r, "dag") },
    ],
  },
  {
    heading: "Microsoft's calculator at its databases (figures from the Methods sheet)",
    rows: [
      {
        key: "msDatabaseVolumeGB", symbol: "", what: "Database volume, provisioned", format: FORMAT.gb, words: "One database with its content index (20%, twice for one database a volume) over 95% usable space, whole GB up",
        source: cite("microsoft", "Volume Requirements sheet"), formula: (r) => msPlain(msVolumes(r).databaseVolumeGB),
      },
      {
        key: "msLogVolumeGB", symbol: "", what: "Log volume, provisioned", format: FORMAT.gb, words: "A database's logs of 3 days and a week's mailbox moves, over 95% usable space, whole GB up",
        source: cite("microsoft", "Volume Requirements sheet"), formula: (r) => msPlain(msVolumes(r).logVolumeGB),
      },
      {
        key: "msCapacityGB", symbol: "", what: "Capacity to provision, per copy", format: FORMAT.gb, words: "Every database and its logs over usable space, and a GB a volume for rounding: never falls as the load rises",
        source: cite("microsoft", "Volume Requirements sheet"),
        formula: (r) => msPlain(msVolumes(r).capacityPerCopyGB),
      },
      {
        key: "msCoresNeeded", symbol: "", what: "Processor cores per mailbox server", format: FORMAT.cores, words: "Megacycles against the SPECint2006 rate; none given: the calculator's baseline server, 2,000 megacycles a core",
        source: cite("microsoft", "Role Requirements sheet"),
        formula: (r) => msPlain(microsoftCoresFormula(r.input("specIntRate"), r.microsoft("cores"), r.microsoft("megacycles"))),
      },
    ],
  },
  {
    heading: "The design, by its method",
    rows: [
      { key: "answerDatabaseVolumeGB", symbol: "", what: "Database volume, provisioned", format: FORMAT.gb, words: "Microsoft's or Dell's, by the method", source: "the rows above", formula: (r) => byMethod(r, r.output("msDatabaseVolumeGB"), r.output("provisionedDatabaseVolumeGB")) },
      { key: "answerLogVolumeGB", symbol: "", what: "Log volume, provisioned", format: FORMAT.gb, words: "Microsoft's or Dell's, by the method", source: "the rows above", formula: (r) => byMethod(r, r.output("msLogVolumeGB"), r.output("provisionedLogVolumeGB")) },
      { key: "answerVolumesGB", symbol: "", what: "Volumes in all, per copy", format: FORMAT.gb, words: "Databases deployed × (database volume + log volume)", source: DELL("3.4.2"), formula: (r) => plain(`=${volumesGBFormula(r.output("databasesDeployed"), r.output("answerDatabaseVolumeGB"), r.output("answerLogVolumeGB"))}`) },
      { key: "answerCapacityGB", symbol: "", what: "Capacity to provision, per copy", format: FORMAT.gb, words: "Microsoft's or Dell's, by the method", source: "the rows above", formula: (r) => byMethod(r, r.output("msCapacityGB"), r.output("capacityToProvisionGB")) },
      { key: "answerIopsPerMailbox", symbol: "", what: "Database IOPS per mailbox", format: '0.0000 "IOPS"', words: "Microsoft's or Dell's, by the method", source: "the rows above", formula: (r) => byMethod(r, r.microsoft("iopsPerMailbox"), r.output("iopsPerUser")) },
      { key: "answerDatabaseIops", symbol: "", what: "Database IOPS, active copies", format: FORMAT.iops, words: "Microsoft's or Dell's, by the method", source: "the rows above", formula: (r) => byMethod(r, r.microsoft("peak"), r.output("dellDatabaseIops")) },
      { key: "answerDagIops", symbol: "", what: "Database IOPS, every copy", format: FORMAT.iops, words: "Microsoft's or Dell's, by the method", source: "the rows above", formula: (r) => byMethod(r, r.microsoft("dagIops"), r.output("dellDagDatabaseIops")) },
      { key: "answerLogIops", symbol: "", what: "Log IOPS", format: FORMAT.iops, words: "Microsoft's or Dell's, by the method", source: "the rows above", formula: (r) => byMethod(r, r.microsoft("dagLogIops"), r.output("logIops")) },
      {
        key: "answerMemoryGB", symbol: "", what: "Memory per mailbox server", format: FORMAT.gb,
        words: "Microsoft's calculator, or VMware's rule at the worst survivable failure; at least the version's recommended minimum (2013, 2016: 8 GB; 2019, SE: 128 GB)",
        source: `${cite("microsoft")}; ${VMWARE()}; ${VERSION_SOURCES.systemRequirements2019}`,
        formula: (r) => plain(`=${minimumMemoryFormula(r.input("exchangeVersion"), byMethodFormula(r.output("methodUsed"), r.microsoft("memoryGB"), r.vmware("memory")))}`),
      },
      { key: "answerCores", symbol: "", what: "Processor cores per mailbox server", format: FORMAT.cores, words: "Microsoft's calculator, or VMware's rule at the worst survivable failure", source: `${cite("microsoft")}; ${VMWARE()}`, formula: (r) => byMethod(r, r.output("msCoresNeeded"), r.vmware("cores")) },
      {
        key: "answerPageFileGB", symbol: "", what: "Page file per mailbox server", format: '#,##0.0 "GB"',
        words: "2019, SE: 25% of the memory; 2013, 2016: the memory plus 10 MB, at most 32,778 MB; 2010: none published here",
        source: `${VERSION_SOURCES.systemRequirements2019}; ${VERSION_SOURCES.systemRequirements2016}`,
        formula: (r) => plain(`=${pageFileFormula(r.input("exchangeVersion"), r.output("answerMemoryGB"))}`),
      },
      {
        key: "serverLimits", symbol: "", what: "A server past its version's recommended cores or memory", format: "@",
        words: "2016: 24 cores, 192 GB; 2019, SE: 256 GB a server; a warning (the design still builds), shown by the Design check",
        source: VERSION_SOURCES.preferredArchitecture2019,
        formula: (r) => plain(`=${serverLimitsFormula(r.input("exchangeVersion"), r.output("answerCores"), r.output("answerMemoryGB"))}`),
      },
      {
        key: "serverRefusal", symbol: "", what: "Servers that cannot carry the design", format: "@",
        words:
          "Not a design when a server needs more cores than its version supports (2019, SE: 48), or, by Microsoft's method at a SPECint2006 rate, the busiest server of the cores named runs past the calculator's 80% CPU target in the worst failure (its megacycles over the rate × 2,000 ÷ 33.75); with the cores that carry it. The Design check shows it",
        source: `${VERSION_SOURCES.whatsNew2019}; ${VERSION_SOURCES.healthChecker}; ${cite("microsoft", "Role Requirements!C254, C255, G208")}`,
        formula: (r) =>
          plain(`=${supportedCoresFormula(r.input("exchangeVersion"), r.output("answerCores"), overloadedFormula(r.output("methodUsed"), r.microsoft("megacycles"), r.input("specIntRate"), r.input("coresPerServer"), '""'))}`),
      },
      {
        key: "deployedCheck", symbol: "", what: "The servers against the edition, then the version", format: "@",
        words: "Not a design when databases × copies ÷ servers pass the Standard edition's 5 mounted databases (2013 and later), or MCDB is on where it cannot be (the Inputs sheet's hidden cell beside MCDB), or by Microsoft's method on JBOD a set count of databases a volume no volume of the server disk holds; else a warning: by Microsoft's method, databases holding more mailboxes than the maximum size allows (ours), then the row above's. The Design check shows it",
        source: `${EDITIONS_SOURCE}; ${MCDB_SOURCES.setup}`,
        formula: (r) => {
          // MCDB's refusal sits in a cell of its own beside its input: this one, like the Design check, stays short.
          // Then the design's warnings in sizeDesign's order: databases past the maximum size (ours), the server limits.
          // Past the maximum on a JBOD disk that cannot hold one a volume, the calculator's count cannot be laid out: not a design (sizeDesign).
          const o = r.outgrown;
          const warned =
            o === undefined
              ? r.output("serverLimits")
              : `IF(AND(${r.output("methodUsed")}="microsoft",${o.outgrown}=1),IF(AND(${o.jbod}=TRUE(),NOT(ISNUMBER(${o.disks})),${o.setDatabases}=0),"${DEPLOYED_SUMMARY}","${DATABASE_SIZE_SUMMARY}"),${r.output("serverLimits")})`;
          // A set count of databases a volume that no volume of the JBOD disk holds: nothing to lay out (the whole-design check, after sizeDesign's refusals).
          const laid = o === undefined ? warned : `IF(AND(${r.output("methodUsed")}="microsoft",${o.jbod}=TRUE(),NOT(ISNUMBER(${o.disks})),${r.input("databasesPerVolume")}>0),"${VOLUMES_SUMMARY}",${warned})`;
          // Servers that cannot carry the design are refused after the databases that cannot be laid out, before any warning (sizeDesign's order).
          const laidOut = o === undefined ? "TRUE()" : `NOT(AND(${r.output("methodUsed")}="microsoft",${o.outgrown}=1,${o.jbod}=TRUE(),NOT(ISNUMBER(${o.disks})),${o.setDatabases}=0))`;
          const carried = `IF(AND(${laidOut},LEN(${r.output("serverRefusal")})>0),${r.output("serverRefusal")},${laid})`;
          const otherwise = r.mcdbCheck === undefined ? carried : `IF(LEN(${r.mcdbCheck})>0,${r.mcdbCheck},${carried})`;
          return plain(`=${editionCheckFormula(r.input("edition"), r.input("exchangeVersion"), r.output("databasesDeployed"), r.input("copies"), r.input("servers"), otherwise)}`);
        },
      },
    ],
  },
  {
    heading: "Spindles for the database IOPS, as EMC's building block",
    rows: [
      { key: "spindlesRaid5At10K", symbol: "", what: "RAID 5 on 10K disks", format: FORMAT.disks, words: "(IOPS × R + 4 × IOPS × W) / 140, rounded up", source: SPINDLE_SOURCE, formula: (r) => spindles(r, '"RAID5"', '"10K"') },
      { key: "spindlesRaid10At10K", symbol: "", what: "RAID 10 on 10K disks", format: FORMAT.disks, words: "(IOPS × R + 2 × IOPS × W) / 140, rounded up to an even count", source: SPINDLE_SOURCE, formula: (r) => spindles(r, '"RAID10"', '"10K"') },
      { key: "spindlesRaid10At7200", symbol: "", what: "RAID 10 on 7.2K disks", format: FORMAT.disks, words: "(IOPS × R + 2 × IOPS × W) / 65, rounded up to an even count", source: SPINDLE_SOURCE, formula: (r) => spindles(r, '"RAID10"', '"7.2K"') },
      { key: "spindlesChosen", symbol: "", what: "Your RAID level and disk class (Inputs)", format: FORMAT.disks, words: "Same formula with the Inputs sheet's RAID level and disk", source: SPINDLE_SOURCE, formula: (r) => spindles(r, r.input("spindleRaid"), r.input("spindleDisk")) },
    ],
  },
  {
    heading: "Arrays, as Dell's selection process (Tables 12-13)",
    rows: [
      { key: "arrays", symbol: "", what: "Arrays in all", format: FORMAT.arrays, words: "Arrays per copy × copies (each copy on its own arrays)", source: DELL("3.4.1-3.4.2, Tables 12-13"), formula: (r) => arrays(r, "count") },
      { key: "arraysPerCopy", symbol: "", what: "Arrays per copy", format: FORMAT.arrays, words: "max(capacity / usable GB, DBIOP / array IOPS), rounded up", source: DELL("3.4.1, Tables 12-13"), formula: (r) => arrays(r, "percopy") },
      { key: "arrayModel", symbol: "", what: "Array model and drive", format: "@", words: "Fewest arrays, then least usable capacity (Hardware sheet)", source: DELL("3.4.2"), formula: (r) => arrays(r, "model") },
    ],
  },
];

export const DESIGN_HEADER_ROW = 4;
const DESIGN_WIDTH = 5;

/** Each Design output's cell (column C), computed from the layout. */
export const DESIGN_CELLS: Readonly<Record<DesignOutput, string>> = (() => {
  const cells: Partial<Record<DesignOutput, string>> = {};
  let row = DESIGN_HEADER_ROW + 1;
  for (const section of DESIGN_SECTIONS) {
    row++; // heading
    for (const output of section.rows) cells[output.key] = `C${row++}`;
    row++; // blank line
  }
  return Object.freeze(cells as Record<DesignOutput, string>);
})();

/**
 * The catalogue's quantities worked out from others (a rendering on their entry: a DAG's cores from a
 * server's), one row each below the outputs: a quantity added so needs no line of this sheet.
 */
const RENDERED = QUANTITIES.filter((q): q is Quantity & { key: QuantityKey; rendering: QuantityRendering } => q.rendering !== undefined);
const RENDERED_HEADING_ROW = DESIGN_HEADER_ROW + 1 + DESIGN_SECTIONS.reduce((n, s) => n + s.rows.length + 2, 0);
/** Each rendered quantity's cell (column C). */
export const RENDERED_QUANTITY_CELLS: Readonly<Partial<Record<QuantityKey, string>>> = Object.freeze(Object.fromEntries(RENDERED.map((q, i) => [q.key, `C${RENDERED_HEADING_ROW + 1 + i}`])));

/** The capacity of one copy by kind, below the outputs (and the source of the pane's chart). */
const CHART_HEADING_ROW = RENDERED_HEADING_ROW + (RENDERED.length > 0 ? RENDERED.length + 2 : 0);
const CHART_HEADER_ROW = CHART_HEADING_ROW + 1;
export const CHART_DATA_ROW = CHART_HEADER_ROW + 1;

export function buildDesign(sheet: string, ref: References): { sheet: SheetModel; chart: ChartModel } {
  const cells: CellModel[] = [
    ...titleAndNote(
      "Exchange mailbox storage design: outputs",
      "Every value is a live formula over the Inputs sheet; the steps are shown for audit.",
    ),
    ...header(DESIGN_HEADER_ROW, ["Symbol", "What it is", "Value", "Formula in words", "Source"]),
  ];
  let row = DESIGN_HEADER_ROW + 1;
  for (const section of DESIGN_SECTIONS) {
    cells.push(...sectionHeading(row++, section.heading, DESIGN_WIDTH));
    for (const output of section.rows) {
      if (DESIGN_CELLS[output.key] !== `C${row}`) throw new Error(`template layout: ${output.key} is not at C${row}`);
      if (output.symbol) cells.push({ address: `A${row}`, value: output.symbol, role: "label" });
      const rendered = output.formula(ref);
      cells.push(
        { address: `B${row}`, value: output.what, role: "label" },
        {
          address: `C${row}`,
          formula: rendered.formula,
          ...(rendered.native ? { native: rendered.native } : {}),
          numberFormat: output.format,
          role: STEP_OUTPUTS.has(output.key) ? "step" : "output",
        },
        { address: `D${row}`, value: output.words, role: "note" },
        { address: `E${row}`, value: output.source, role: "source" },
      );
      row++;
    }
    row++;
  }
  if (RENDERED.length > 0) cells.push(...sectionHeading(RENDERED_HEADING_ROW, "More of the design, from the figures above", DESIGN_WIDTH));
  for (const q of RENDERED) {
    const address = RENDERED_QUANTITY_CELLS[q.key]!;
    cells.push(
      { address: `B${address.slice(1)}`, value: labelWithUnit(q), role: "label" },
      { address, formula: `=${q.rendering.formula({ quantity: ref.quantity, input: (key) => ref.input(key as NameKey) })}`, numberFormat: quantityFormat(q, true) ?? "General", role: "output" },
      { address: `D${address.slice(1)}`, value: q.rendering.words, role: "note" },
      { address: `E${address.slice(1)}`, value: q.source, role: "source" },
    );
  }
  const c = DESIGN_CELLS;
  const byDesignMethod = (microsoft: string, dell: string) => byMethodFormula(c.methodUsed, microsoft, dell);
  cells.push(
    ...sectionHeading(CHART_HEADING_ROW, "Capacity of one copy, by kind, by the design's method", DESIGN_WIDTH),
    { address: `B${CHART_HEADER_ROW}`, value: "Volume", role: "heading" },
    { address: `C${CHART_HEADER_ROW}`, value: "Database data", role: "heading" },
    { address: `D${CHART_HEADER_ROW}`, value: "Index and free space", role: "heading" },
    { address: `E${CHART_HEADER_ROW}`, value: "Log volumes", role: "heading" },
    { address: `B${CHART_DATA_ROW}`, value: "One copy", role: "label" },
    // By the design's method (issue 26): Microsoft's databases and volumes, or Dell's (Tables 18-19); each sums to its volumes in all.
    { address: `C${CHART_DATA_ROW}`, formula: `=${byDesignMethod(volumesInAllFormula(c.databasesDeployed, ref.microsoft("databaseGB")), c.totalDatabaseGB)}`, numberFormat: FORMAT.gb, role: "output" },
    {
      address: `D${CHART_DATA_ROW}`,
      formula: `=${indexAndFreeFormula(byDesignMethod(volumesInAllFormula(c.databasesDeployed, c.msDatabaseVolumeGB), c.databaseVolumesTotalGB), `C${CHART_DATA_ROW}`)}`,
      numberFormat: FORMAT.gb,
      role: "output",
    },
    { address: `E${CHART_DATA_ROW}`, formula: `=${byDesignMethod(volumesInAllFormula(c.databasesDeployed, c.msLogVolumeGB), c.logVolumesTotalGB)}`, numberFormat: FORMAT.gb, role: "output" },
  );
  const chart: ChartModel = {
    sheet,
    title: "Capacity of all volumes, one copy (GB)",
    type: "columnStacked",
    source: `B${CHART_HEADER_ROW}:E${CHART_DATA_ROW}`,
    from: `B${CHART_DATA_ROW + 2}`,
    to: `D${CHART_DATA_ROW + 18}`,
  };
  return {
    sheet: { name: sheet, columnWidths: [8, 36, 18, 50, 46], frozenRows: DESIGN_HEADER_ROW, print: landscape(0, `${DESIGN_HEADER_ROW}:${DESIGN_HEADER_ROW}`), cells },
    chart,
  };
}

/** The intermediate steps of Tables 18-19, shown for audit; writers may style them quieter than results. */
const STEP_OUTPUTS: ReadonlySet<DesignOutput> = new Set<DesignOutput>([
  "whiteSpacePerUserMB",
  "dumpsterPerUserMB",
  "mailboxOnDiskMB",
  "totalDatabaseGB",
  "databaseGB",
  "dellDatabaseVolumeGB",
  "logFilesPerUserPerDay",
  "messageSizeFactor",
  "usersPerDatabase",
  "dailyLogMBPerDatabase",
  "dellLogVolumeGB",
]);

