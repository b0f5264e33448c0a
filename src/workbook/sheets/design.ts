/**
 * The Design sheet: every output a live formula over the Inputs. First the design by
 * its method, what follows from it and the capacity of one copy by kind (the chart's source); then how
 * the method sized it, step by step: Microsoft's method as its rules declare it (src/engine/rules/
 * microsoft.ts: each rule's words, formula and source from one declaration) and its volumes and cores,
 * then Dell's Tables 18-19, spindles and arrays. A design prints the steps of its own method: Dell's
 * rows stay on the sheet, for the Methods sheet and the answer read them, but off the page of a design
 * Microsoft's method sizes.
 * Columns: A step, B what it is, C value (unit in its format), D formula in words, E source.
 * Each EXSIZE formula carries its native rendering (src/engine/excel-formulas.ts) for the customer copy.
 */
import {
  bothKindsFormula,
  byMethodFormula,
  indexAndFreeFormula,
  methodFormula,
  overloadedFormula,
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
import { microsoftCoresFormula } from "../../engine/microsoft/formulas";
import { DELL_RULES, MICROSOFT_RULES, type MicrosoftRule, type References as RuleReferences, type Rule, type RuleSource } from "../../engine/rules";
import type { SizingMethod } from "../../engine/design";
import { EDITIONS_SOURCE, minimumMemoryFormula, pageFileFormula, serverLimitsFormula, supportedCoresFormula, VERSION_SOURCES } from "../../engine/version";
import { MCDB_SOURCES } from "../../engine/microsoft/mcdb";
import { MICROSOFT_FACTOR_INPUTS, QUANTITIES, labelWithUnit, type Quantity, type QuantityKey, type QuantityRendering } from "../../engine/catalogue";
import { editionCheckFormula } from "../design-check";
import { cite } from "../../engine/papers";
import { atLeastShownFormula } from "../../engine/design/fewer-copies-formulas";
import type { CellModel, ChartModel, SheetModel } from "../model";
import { dashOnError, formula as cellFormula } from "../display";
import { indexFormula } from "../formulas/lookup";
import { chosenCandidateFormula, countErrorOr, deployedCheckFormula, liveDellCall, walkStepFormula, yesOrNo } from "../formulas/design";
import { INPUT_NAMES } from "./inputs";
import { COPIES_FIRST_SITE_CELL, DISK_FACTOR_CELLS } from "./methods";
import { DELL, EMC, ESRP_2013, ESRP_2016, FORMAT, VMWARE, absolute, header, landscape, quantityFormat, sectionHeading, titleAndNote, type DesignOutput, type NameKey, type References, type Rendered } from "./shared";

interface OutputRow {
  key: DesignOutput;
  what: string;
  format: string;
  words: string;
  /** Its source; by the design's method where the methods' sources differ. */
  source: string | ((method: SizingMethod) => string);
  /** The formula, given how to address inputs (by defined name) and earlier outputs. */
  formula: (ref: References) => Rendered;
}

const native = cellFormula;

const dbsize = (r: References, result: DatabaseResult): Rendered => ({
  formula: cellFormula(liveDellCall("dbsize", [r.input("users"), r.input("quotaMB"), r.input("messagesPerDay"), r.input("messageKB"), r.input("maxDatabaseGB")], result, [r.input("factors")])),
  native: native(
    databaseFormula(
      result,
      { users: r.input("users"), quotaMB: r.input("quotaMB"), messagesPerDay: r.input("messagesPerDay"), messageKB: r.input("messageKB"), maxDatabaseGB: r.input("maxDatabaseGB") },
      r.factor,
    ),
  ),
});
const logvol = (r: References, result: "logs" | "daily" | "volume"): Rendered => ({
  formula: cellFormula(liveDellCall("logvol", [r.input("users"), r.input("messagesPerDay"), r.input("messageKB"), r.output("dellDatabases")], result, [r.input("factors")])),
  native: native(
    // "logs" needs no database count, but EX_LOGVOL reads the argument: an invalid design's count (#VALUE!) is its result too.
    ((text) => (result === "logs" ? countErrorOr(r.output("dellDatabases"), text) : text))(
      logFormula(result as LogResult, { users: r.input("users"), messagesPerDay: r.input("messagesPerDay"), messageKB: r.input("messageKB"), databases: r.output("dellDatabases") }, r.factor),
    ),
  ),
});
const iops = (r: References, result: IopsResult): Rendered => ({
  formula: cellFormula(liveDellCall("iops", [r.input("users"), r.input("messagesPerDay"), r.input("copies")], result, [r.input("exchangeVersion"), r.input("factors")])),
  native: native(iopsFormula(result, { users: r.input("users"), messagesPerDay: r.input("messagesPerDay"), copies: r.input("copies"), version: r.input("exchangeVersion") }, r.factor)),
});
const spindles = (r: References, raid: string, disk: string): Rendered => ({
  formula: cellFormula(liveDellCall("spindles", [r.output("answerDatabaseIops"), raid, disk, r.input("readRatio"), "", "", ""], "disks", [r.input("diskClasses")])),
  native: native(spindlesFormula({ iops: r.output("answerDatabaseIops"), raid, diskIops: diskIopsFormula(disk, r.input("diskClasses")), readRatio: r.input("readRatio") })),
});
const arrays = (r: References, result: "count" | "percopy" | "model"): Rendered => {
  const c = r.candidates;
  const chosen = chosenCandidateFormula(c.chosen);
  const perCopy = indexFormula(c.arraysPerCopy, chosen);
  const nativeText =
    result === "percopy" ? perCopy : result === "count" ? arraysFormula(perCopy, r.input("copies")) : arrayModelNameFormula(indexFormula(c.model, chosen), indexFormula(c.drive, chosen));
  return {
    formula: cellFormula(liveDellCall("arrays", [r.output("answerCapacityGB"), r.output("answerDatabaseIops"), r.input("copies"), r.input("arrayRaid"), r.input("arrayModel")], result, [r.input("arrayCatalog")])),
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
  /** The method whose walk it is: on the page of a design that method sizes, off the page of one the other sizes. */
  method?: SizingMethod;
}

/** A method's rules walked in their order, each a row: its label, live formula, words and source. */
interface Walk {
  heading: string;
  walk: readonly MicrosoftRule[];
  method: SizingMethod;
}

/** Microsoft's method as its rule set declares it, every rule in the set's order (the calculator's): a rule added there is a step here. */
const MICROSOFT_WALK: Walk = {
  heading: "Microsoft's method, step by step: a mailbox, then its databases",
  walk: Object.keys(MICROSOFT_RULES.rules) as MicrosoftRule[],
  method: "microsoft",
};

/** What a parameter of a rule stands for where the walk shows the rule on its own: the dumpster of the mailbox quota. */
const WALK_PARAMETERS: Readonly<Record<string, { input: NameKey; words: string }>> = { size: { input: "quotaMB", words: "the mailbox quota" } };

/**
 * Where the walk finds each operand of Microsoft's rules: the Inputs' defined names, the mailboxes of
 * every tier and the databases deployed (the Methods sheet's), the servers of each site; a factor an
 * input sets by that input's rule; any other factor its default (rule.ts writes it as its number).
 */
function walkOperand(key: string, r: References): string | undefined {
  const operand = MICROSOFT_RULES.operands[key];
  switch (key) {
    case "users":
      return r.mailboxes ?? r.input("users");
    case "databases":
      return r.microsoft("databases");
    case "serversFirstSite":
      return r.input("serversSite1");
    case "serversSecondSite":
      return r.input("serversSite2");
    // The busiest server's figures at the deployed count, and a database's log space: the Methods sheet's.
    case "copiesPerServer":
    case "active":
      return r.microsoft(key);
    // An active/passive DAG (1, else 0) and the copies in its first site: the Methods sheet's helpers.
    case "activePassive":
      return r.methodsCell(DISK_FACTOR_CELLS.activePassive);
    case "copiesFirstSite":
      return r.methodsCell(COPIES_FIRST_SITE_CELL);
    case "hourShare":
      return r.input("peakHourLogShare");
    // The replay lag the design gives: the rules count it only where a copy is lagged.
    case "lagDays":
      return r.input("lagDays");
    case "specRate":
      return r.input("specIntRate");
    case "cores":
      return r.input("coresPerServer");
  }
  if (operand.kind === "factor") {
    const set = MICROSOFT_FACTOR_INPUTS.find((i) => i.microsoftFactor.name === key);
    return set === undefined ? undefined : `(${set.microsoftFactor.formula(r.input(set.key as NameKey))})`;
  }
  if (operand.kind === "input") {
    // An input of the design's catalogue under the same key: its defined name.
    if (!(key in INPUT_NAMES)) throw new Error(`the Design sheet's walk of ${MICROSOFT_RULES.method} has no cell for its input ${key} (${operand.label}): say where in walkOperand`);
    return r.input(key as NameKey);
  }
  return undefined;
}

/** A rule's source for a reader: "Microsoft, Exchange Server Role Requirements Calculator, Role Requirements sheet, cell C22". */
function sourceWords(source: RuleSource): string {
  const [sheet, cell] = source.at.includes("!") ? source.at.split("!") : [undefined, source.at];
  return `${source.publisher}, ${source.title}, ${sheet === undefined ? cell : `${sheet} sheet, ${cell.includes(":") ? "cells" : "cell"} ${cell}`}`;
}

/** A step's number format by its unit, with the decimals its figures have (0.0804 IOPS, 664.7 GB). */
function walkFormat(rule: Rule): string {
  const decimals: Readonly<Record<string, string>> = { IOPS: "#,##0.0###", megacycles: "#,##0.0##", "": "0.00", MB: "#,##0.0", GB: "#,##0.0", logs: "#,##0.0", mailboxes: "#,##0.0" };
  const number = decimals[rule.unit] ?? "#,##0";
  return rule.unit === "" ? number : `${number} "${rule.unit}"`;
}

/** Microsoft's volumes at the Methods sheet's databases and log space (Volume Requirements sheet). */
const msVolume = (r: References, key: "databaseVolumeGB" | "logVolumeGB" | "capacityPerCopyGB") =>
  MICROSOFT_RULES.formula(key, { databaseGB: r.microsoft("databaseGB"), logSpaceGB: r.microsoftLogSpaceGB, databases: r.microsoft("databases") });
/** A figure of Microsoft's method: "—" where it cannot size the design (the design's method is then Dell's, or the Design check says why). */
const msPlain = (formula: string): Rendered => plain(cellFormula(dashOnError(formula)));
const byMethod = (r: References, microsoft: string, dell: string): Rendered => plain(cellFormula(byMethodFormula(r.output("methodUsed"), microsoft, dell)));

const DESIGN_SECTIONS: readonly (Section | Walk)[] = [
  {
    heading: "The design, by its method",
    rows: [
      {
        key: "methodUsed", what: "Sizing method", format: "@",
        words: "Inputs' method; auto: Dell's process for Exchange 2010 and stand-alone servers, Microsoft's calculator's for 2013 and later DAGs",
        source: `${DELL()}; ${cite("microsoft")}`,
        // Excel compares text without case: "Microsoft" is "microsoft".
        formula: (r) => plain(cellFormula(methodFormula(r.input("method"), r.input("exchangeVersion"), r.input("copies")))),
      },
      {
        key: "databasesDeployed", what: "Databases deployed", format: FORMAT.databases,
        words: "The method's count: Microsoft's calculator's own (balanced when sized never less), Dell's balanced so every server carries the same active databases in every failure; what the Distribution sheet lays out and the export deploys",
        // The layout's rules: docs/dag-layout.md.
        source: DAG_LAYOUT,
        formula: (r) => byMethod(r, r.microsoft("databases"), r.output("dellDatabases")),
      },
      { key: "answerDatabaseVolumeGB", what: "Database volume, provisioned", format: FORMAT.gb, words: "Microsoft's or Dell's, by the method", source: "the steps below", formula: (r) => byMethod(r, r.output("msDatabaseVolumeGB"), r.output("provisionedDatabaseVolumeGB")) },
      { key: "answerLogVolumeGB", what: "Log volume, provisioned", format: FORMAT.gb, words: "Microsoft's or Dell's, by the method", source: "the steps below", formula: (r) => byMethod(r, r.output("msLogVolumeGB"), r.output("provisionedLogVolumeGB")) },
      { key: "answerVolumesGB", what: "Volumes in all, per copy", format: FORMAT.gb, words: "Databases deployed × (database volume + log volume)", source: (m) => (m === "microsoft" ? cite("microsoft", "Volume Requirements sheet") : DELL("3.4.2")), formula: (r) => plain(cellFormula(volumesGBFormula(r.output("databasesDeployed"), r.output("answerDatabaseVolumeGB"), r.output("answerLogVolumeGB")))) },
      { key: "answerCapacityGB", what: "Capacity to provision, per copy", format: FORMAT.gb, words: "Microsoft's or Dell's, by the method", source: "the steps below", formula: (r) => byMethod(r, r.output("msCapacityGB"), r.output("capacityToProvisionGB")) },
      { key: "answerIopsPerMailbox", what: "Database IOPS per mailbox", format: '0.0000 "IOPS"', words: "Microsoft's or Dell's, by the method", source: "the steps below", formula: (r) => byMethod(r, r.microsoft("iopsPerMailbox"), r.output("iopsPerUser")) },
      { key: "answerDatabaseIops", what: "Database IOPS, active copies", format: FORMAT.iops, words: "Microsoft's or Dell's, by the method", source: "the steps below", formula: (r) => byMethod(r, r.microsoft("peak"), r.output("dellDatabaseIops")) },
      { key: "answerDagIops", what: "Database IOPS, every copy", format: FORMAT.iops, words: "Microsoft's or Dell's, by the method", source: "the steps below", formula: (r) => byMethod(r, r.microsoft("dagIops"), r.output("dellDagDatabaseIops")) },
      { key: "answerLogIops", what: "Log IOPS", format: FORMAT.iops, words: "Microsoft's or Dell's, by the method", source: "the steps below", formula: (r) => byMethod(r, r.microsoft("dagLogIops"), r.output("logIops")) },
      {
        key: "answerMemoryGB", what: "Memory per mailbox server", format: FORMAT.gb,
        words: "Microsoft's calculator, or VMware's rule at the worst survivable failure; at least the version's recommended minimum (2013, 2016: 8 GB; 2019, SE: 128 GB)",
        source: `${cite("microsoft")}; ${VMWARE()}; ${VERSION_SOURCES.systemRequirements2019}`,
        formula: (r) => plain(cellFormula(minimumMemoryFormula(r.input("exchangeVersion"), byMethodFormula(r.output("methodUsed"), r.microsoft("memoryGB"), r.vmware("memory"))))),
      },
      { key: "answerCores", what: "Processor cores per mailbox server", format: FORMAT.cores, words: "Microsoft's calculator, or VMware's rule at the worst survivable failure", source: `${cite("microsoft")}; ${VMWARE()}`, formula: (r) => byMethod(r, r.output("msCoresNeeded"), r.vmware("cores")) },
      {
        key: "answerPageFileGB", what: "Page file per mailbox server", format: '#,##0.0 "GB"',
        words: "2019, SE: 25% of the memory; 2013, 2016: the memory plus 10 MB, at most 32,778 MB; 2010: none published here",
        source: `${VERSION_SOURCES.systemRequirements2019}; ${VERSION_SOURCES.systemRequirements2016}`,
        formula: (r) => plain(cellFormula(pageFileFormula(r.input("exchangeVersion"), r.output("answerMemoryGB")))),
      },
      {
        key: "serverLimits", what: "A server past its version's recommended cores or memory", format: "@",
        words: "2016: 24 cores, 192 GB; 2019, SE: 256 GB a server; a warning (the design still builds), shown by the Design check",
        source: VERSION_SOURCES.preferredArchitecture2019,
        formula: (r) => plain(cellFormula(serverLimitsFormula(r.input("exchangeVersion"), r.output("answerCores"), r.output("answerMemoryGB")))),
      },
      {
        key: "serverRefusal", what: "Servers that cannot carry the design", format: "@",
        words:
          "Not a design when a server needs more cores than its version supports (2019, SE: 48), or, by Microsoft's method at a SPECint2006 rate, the busiest server of the cores named runs past the calculator's 80% CPU target in the worst failure (its megacycles over the rate × 2,000 ÷ 33.75); with the cores that carry it. The Design check shows it",
        source: `${VERSION_SOURCES.whatsNew2019}; ${VERSION_SOURCES.healthChecker}; ${cite("microsoft", "Role Requirements!C254, C255, G208")}`,
        formula: (r) =>
          plain(cellFormula(supportedCoresFormula(r.input("exchangeVersion"), r.output("answerCores"), overloadedFormula(r.output("methodUsed"), r.microsoft("megacycles"), r.input("specIntRate"), r.input("coresPerServer"), '""')))),
      },
      {
        key: "deployedCheck", what: "The servers against the edition, then the version", format: "@",
        words: "Not a design when databases × copies ÷ servers pass the Standard edition's 5 mounted databases (2013 and later), or MCDB is on where it cannot be (the Inputs sheet's hidden cell beside MCDB), or by Microsoft's method on JBOD a set count of databases a volume no volume of the server disk holds; else a warning: by Microsoft's method, databases holding more mailboxes than the maximum size allows (ours), then the row above's. The Design check shows it",
        source: `${EDITIONS_SOURCE}; ${MCDB_SOURCES.setup}`,
        formula: (r) => {
          const otherwise = deployedCheckFormula({
            methodUsed: r.output("methodUsed"),
            serverLimits: r.output("serverLimits"),
            serverRefusal: r.output("serverRefusal"),
            databasesPerVolume: r.input("databasesPerVolume"),
            ...(r.outgrown !== undefined && { outgrown: r.outgrown }),
            ...(r.mcdbCheck !== undefined && { mcdbCheck: r.mcdbCheck }),
          });
          return plain(cellFormula(editionCheckFormula(r.input("edition"), r.input("exchangeVersion"), r.output("databasesDeployed"), r.input("copies"), r.input("servers"), otherwise)));
        },
      },
    ],
  },
  MICROSOFT_WALK,
  {
    heading: "Microsoft's method: the volumes and the cores, at the databases deployed (figures from the Methods sheet)",
    method: "microsoft",
    rows: [
      {
        key: "msDatabaseVolumeGB", what: "Database volume, provisioned", format: FORMAT.gb, words: "One database with its content index (20%, twice for one database a volume) and its logs over 95% usable space, whole GB up, less the log volume",
        source: cite("microsoft", "Volume Requirements sheet"), formula: (r) => msPlain(msVolume(r, "databaseVolumeGB")),
      },
      {
        key: "msLogVolumeGB", what: "Log volume, provisioned", format: FORMAT.gb, words: "A database's logs of 3 days and a week's mailbox moves, over 95% usable space, whole GB up",
        source: cite("microsoft", "Volume Requirements sheet"), formula: (r) => msPlain(msVolume(r, "logVolumeGB")),
      },
      {
        key: "msCapacityGB", what: "Capacity to provision, per copy", format: FORMAT.gb, words: "Every database and its logs over usable space, and a GB a volume for rounding: never falls as the load rises",
        source: cite("microsoft", "Volume Requirements sheet"),
        formula: (r) => msPlain(msVolume(r, "capacityPerCopyGB")),
      },
      {
        key: "msCoresNeeded", what: "Processor cores per mailbox server", format: FORMAT.cores, words: "Megacycles against the SPECint2006 rate; none given: the calculator's baseline server, 2,000 megacycles a core",
        source: cite("microsoft", "Role Requirements sheet"),
        // At least the Methods sheet's cores, which sized never less are at least those of fewer copies (fewer-copies-formulas.ts).
        formula: (r) => msPlain(atLeastShownFormula(microsoftCoresFormula(r.input("specIntRate"), r.microsoft("cores"), r.microsoft("megacycles")), r.microsoft("cores"))),
      },
    ],
  },
  {
    heading: "Dell's process: database capacity, step by step (Table 18)",
    method: "dell",
    rows: [
      { key: "whiteSpacePerUserMB", what: "White space per user", format: FORMAT.mb2, words: "Messages a day × average message size ÷ 1,024", source: T18, formula: (r) => dbsize(r, "whitespace") },
      { key: "dumpsterPerUserMB", what: "Dumpster per user", format: FORMAT.mb2, words: "White space × days of deleted item retention + mailbox quota × single item recovery + mailbox quota × calendar logging", source: T18, formula: (r) => dbsize(r, "dumpster") },
      { key: "mailboxOnDiskMB", what: "Mailbox size on disk", format: '#,##0.00 "MB"', words: "Mailbox quota + white space + dumpster", source: T18, formula: (r) => dbsize(r, "mailbox") },
      { key: "totalDatabaseGB", what: "Total database size", format: FORMAT.gb2, words: "Users × mailbox size on disk × growth ÷ 1,024", source: `${T18}; erratum E1`, formula: (r) => dbsize(r, "total") },
      { key: "databaseCount", what: "Database count", format: FORMAT.databases, words: "Total database size ÷ maximum database size, rounded up", source: T18, formula: (r) => dbsize(r, "count") },
      {
        key: "dellDatabases", what: "Databases, balanced over the servers", format: FORMAT.databases, words: "The count rounded up so every server carries the same active databases in every failure",
        source: `${T18}; ${DAG_LAYOUT}`, formula: (r) => plain(cellFormula(balancedDatabasesFormula(r.output("databaseCount"), r.dag))),
      },
      { key: "databaseGB", what: "Individual database size", format: FORMAT.gb2, words: "Total database size ÷ databases", source: T18, formula: (r) => plain(cellFormula(DELL_RULES.formula("databaseGB", { total: r.output("totalDatabaseGB"), count: r.output("dellDatabases") }))) },
      { key: "dellDatabaseVolumeGB", what: "Database volume size", format: FORMAT.gb2, words: "Database size × content index × free space kept", source: T18, formula: (r) => plain(cellFormula(DELL_RULES.formula("databaseVolume", { databaseGB: r.output("databaseGB"), contentIndex: r.factor("contentIndex"), volumeFree: r.factor("volumeFree") }))) },
      { key: "provisionedDatabaseVolumeGB", what: "Database volume, provisioned", format: FORMAT.gb, words: "The database volume in whole GB, half up (at least 1 GB)", source: T18, formula: (r) => plain(cellFormula(provisionedVolumeFormula(r.output("dellDatabaseVolumeGB")))) },
    ],
  },
  {
    heading: "Dell's process: log capacity, step by step (Table 19)",
    method: "dell",
    rows: [
      { key: "logFilesPerUserPerDay", what: "Log files per user per day", format: '#,##0.0 "logs"', words: "Messages a day × log files a message", source: T19, formula: (r) => logvol(r, "logs") },
      { key: "messageSizeFactor", what: "Message size factor", format: '0.0"×"', words: "1 up to 75 KB, 1.9 up to 150 KB, 3.8 above", source: DELL("Table 15 step 3"), formula: (r) => plain(cellFormula(messageSizeFactorFormula(r.input("messageKB")))) },
      { key: "usersPerDatabase", what: "Users per database", format: FORMAT.users, words: "Users ÷ databases, rounded up", source: T19, formula: (r) => plain(cellFormula(DELL_RULES.formula("usersPerDatabase", { users: r.input("users"), databases: r.output("dellDatabases") }))) },
      { key: "dailyLogMBPerDatabase", what: "Log MB per database per day", format: '#,##0 "MB"', words: "Users a database × log files a user × message size factor × a log file's MB", source: T19, formula: (r) => logvol(r, "daily") },
      { key: "dellLogVolumeGB", what: "Log volume size", format: FORMAT.gb2, words: "Log MB a database a day × mailbox moves × days kept against truncation failure × overhead ÷ 1,024", source: `${T19}; erratum E2`, formula: (r) => plain(cellFormula(DELL_RULES.formula("logGB", { dailyLogMB: r.output("dailyLogMBPerDatabase"), moveFactor: r.factor("moveFactor"), truncationDays: r.factor("truncationDays"), overhead: r.factor("overhead") }))) },
      { key: "provisionedLogVolumeGB", what: "Log volume, provisioned", format: FORMAT.gb, words: "The log volume in whole GB, half up", source: T19, formula: (r) => logvol(r, "volume") },
      { key: "logVolumeCount", what: "Log volumes", format: FORMAT.volumes, words: "One log volume per database", source: T19, formula: (r) => plain(cellFormula(r.output("dellDatabases"))) },
    ],
  },
  {
    heading: "Dell's process: capacity of all volumes, as its reference design",
    method: "dell",
    rows: [
      { key: "databaseVolumesTotalGB", what: "Database volumes in all", format: FORMAT.gb, words: "Databases × the provisioned database volume", source: DELL("3.4.2"), formula: (r) => plain(cellFormula(volumesInAllFormula(r.output("dellDatabases"), r.output("provisionedDatabaseVolumeGB")))) },
      { key: "logVolumesTotalGB", what: "Log volumes in all", format: FORMAT.gb, words: "Log volumes × the provisioned log volume", source: DELL("3.4.2"), formula: (r) => plain(cellFormula(volumesInAllFormula(r.output("logVolumeCount"), r.output("provisionedLogVolumeGB")))) },
      { key: "totalCapacityGB", what: "Volumes in all, per copy", format: FORMAT.gb, words: "Database volumes + log volumes", source: DELL("3.4.2"), formula: (r) => plain(cellFormula(bothKindsFormula(r.output("databaseVolumesTotalGB"), r.output("logVolumesTotalGB")))) },
      {
        key: "capacityToProvisionGB", what: "Capacity to provision, per copy", format: FORMAT.gb,
        words: "Database data (total database size × content index × free space kept) and the logs of users + databases − 1, each kind at least the larger of the databases and its need + half the databases, in GB, for rounding: never falls as the load rises",
        source: `${DELL("Tables 14-15")}; counted from the totals, as the arrays are bought`,
        formula: (r) =>
          plain(
            cellFormula(capacityToProvisionFormula(
              { users: r.input("users"), databases: r.output("dellDatabases"), totalDatabaseGB: r.output("totalDatabaseGB"), logFilesPerUserPerDay: r.output("logFilesPerUserPerDay"), messageSizeFactor: r.output("messageSizeFactor") },
              r.factor,
            )),
          ),
      },
    ],
  },
  {
    heading: "Dell's process: database and log IOPS (Tables 16-17)",
    method: "dell",
    rows: [
      { key: "iopsPerUser", what: "IOPS per user, headroom included", format: '0.000 "IOPS"', words: "2010: messages a day ÷ 1,000 (× 1.2 stand-alone); 2013 and later: messages a day × 0.00067; × headroom", source: `${DELL("Table 16")}; ${ESRP_2013()}; ${ESRP_2016()}`, formula: (r) => iops(r, "peruser") },
      { key: "dellDatabaseIops", what: "Database IOPS, active copies", format: FORMAT.iops, words: "Users × IOPS per user", source: DELL("Table 16 and 3.4.2"), formula: (r) => iops(r, "database") },
      { key: "logIops", what: "Log IOPS", format: FORMAT.iops, words: "(Database IOPS × 0.5 × 0.5 + database IOPS × (copies − 1) × 0.1) × headroom", source: DELL("Table 17"), formula: (r) => iops(r, "log") },
      { key: "dellDagDatabaseIops", what: "Database IOPS, every copy", format: FORMAT.iops, words: "Database IOPS of the active copies × copies", source: ESRP_2016("Figure 6"), formula: (r) => iops(r, "dag") },
    ],
  },
  {
    heading: "Spindles for the database IOPS, as EMC's building block",
    method: "dell",
    rows: [
      { key: "spindlesRaid5At10K", what: "RAID 5 on 10K disks", format: FORMAT.disks, words: "(IOPS × read share + 4 × IOPS × write share) ÷ 140, rounded up", source: SPINDLE_SOURCE, formula: (r) => spindles(r, '"RAID5"', '"10K"') },
      { key: "spindlesRaid10At10K", what: "RAID 10 on 10K disks", format: FORMAT.disks, words: "(IOPS × read share + 2 × IOPS × write share) ÷ 140, rounded up to an even count", source: SPINDLE_SOURCE, formula: (r) => spindles(r, '"RAID10"', '"10K"') },
      { key: "spindlesRaid10At7200", what: "RAID 10 on 7.2K disks", format: FORMAT.disks, words: "(IOPS × read share + 2 × IOPS × write share) ÷ 65, rounded up to an even count", source: SPINDLE_SOURCE, formula: (r) => spindles(r, '"RAID10"', '"7.2K"') },
      { key: "spindlesChosen", what: "Your RAID level and disk class (Inputs)", format: FORMAT.disks, words: "Same formula with the Inputs sheet's RAID level and disk", source: SPINDLE_SOURCE, formula: (r) => spindles(r, r.input("spindleRaid"), r.input("spindleDisk")) },
    ],
  },
  {
    heading: "Arrays, as Dell's selection process (Tables 12-13)",
    method: "dell",
    rows: [
      { key: "arrays", what: "Arrays in all", format: FORMAT.arrays, words: "Arrays per copy × copies (each copy on its own arrays)", source: DELL("3.4.1-3.4.2, Tables 12-13"), formula: (r) => arrays(r, "count") },
      { key: "arraysPerCopy", what: "Arrays per copy", format: FORMAT.arrays, words: "The larger of capacity ÷ an array's usable GB and database IOPS ÷ an array's IOPS, rounded up", source: DELL("3.4.1, Tables 12-13"), formula: (r) => arrays(r, "percopy") },
      { key: "arrayModel", what: "Array model and drive", format: "@", words: "Fewest arrays, then least usable capacity (Hardware sheet)", source: DELL("3.4.2"), formula: (r) => arrays(r, "model") },
    ],
  },
];

export const DESIGN_HEADER_ROW = 4;
const DESIGN_WIDTH = 5;

const isWalk = (section: Section | Walk): section is Walk => "walk" in section;
const rowCount = (section: Section | Walk): number => (isWalk(section) ? section.walk.length : section.rows.length);

/**
 * The catalogue's quantities worked out from others (a rendering on their entry: a DAG's cores from a
 * server's), one row each below the design by its method: a quantity added so needs no line of this sheet.
 */
const RENDERED = QUANTITIES.filter((q): q is Quantity & { key: QuantityKey; rendering: QuantityRendering } => q.rendering !== undefined);
/** The chart's block: its heading, header and data rows, then the chart drawn over 17 rows. */
const CHART_ROWS = 20;
/** The chart goes after Microsoft's steps, before Dell's: where either method's printed run meets it whole. */
const CHART_BEFORE = DESIGN_SECTIONS.findIndex((section) => section.method === "dell");

/**
 * Rows from the top: each section's heading, its rows, a blank line; the rendered quantities after the
 * first section (the design by its method), the chart before Dell's steps.
 */
const LAYOUT = (() => {
  const sections: number[] = [];
  let row = DESIGN_HEADER_ROW + 1;
  let rendered = 0;
  let chart = 0;
  DESIGN_SECTIONS.forEach((section, i) => {
    if (i === CHART_BEFORE) {
      chart = row;
      row += CHART_ROWS + 2;
    }
    sections.push(row);
    row += rowCount(section) + 2;
    if (i === 0) {
      rendered = row;
      row += RENDERED.length > 0 ? RENDERED.length + 2 : 0;
    }
  });
  return { sections, rendered, chart };
})();
const SECTION_ROWS: readonly number[] = LAYOUT.sections;
const RENDERED_HEADING_ROW = LAYOUT.rendered;
/** Each rendered quantity's cell (column C). */
export const RENDERED_QUANTITY_CELLS: Readonly<Partial<Record<QuantityKey, string>>> = Object.freeze(Object.fromEntries(RENDERED.map((q, i) => [q.key, `C${RENDERED_HEADING_ROW + 1 + i}`])));

/** The capacity of one copy by kind (and the source of the pane's chart). */
const CHART_HEADING_ROW = LAYOUT.chart;
const CHART_HEADER_ROW = CHART_HEADING_ROW + 1;
export const CHART_DATA_ROW = CHART_HEADER_ROW + 1;
const CHART_LAST_ROW = CHART_HEADING_ROW + CHART_ROWS;

/** Each Design output's cell (column C), computed from the layout. */
export const DESIGN_CELLS: Readonly<Record<DesignOutput, string>> = (() => {
  const cells: Partial<Record<DesignOutput, string>> = {};
  DESIGN_SECTIONS.forEach((section, i) => {
    if (!isWalk(section)) section.rows.forEach((output, k) => (cells[output.key] = `C${SECTION_ROWS[i] + 1 + k}`));
  });
  return Object.freeze(cells as Record<DesignOutput, string>);
})();

/** Each step of Microsoft's method walked, its cell (column C). */
export const MICROSOFT_WALK_CELLS: Readonly<Record<MicrosoftRule, string>> = (() => {
  const i = DESIGN_SECTIONS.indexOf(MICROSOFT_WALK);
  return Object.freeze(Object.fromEntries(MICROSOFT_WALK.walk.map((key, k) => [key, `C${SECTION_ROWS[i] + 1 + k}`])) as Record<MicrosoftRule, string>);
})();

/**
 * The rows a design of `method` prints: every block but the other method's steps, each run of rows a
 * range of the print area (a range starts a page): the design and its rendered quantities, Microsoft's
 * steps by its method; then the chart, and by Dell's process its steps after it (the sheet's last).
 */
function printArea(method: SizingMethod): string {
  // Each block's rows, its blank line after it included.
  // The chart starts a page, so that it is never drawn apart from its table, whatever the steps above it.
  const blocks: Array<{ top: number; bottom: number; method?: SizingMethod; page?: boolean }> = [
    ...DESIGN_SECTIONS.map((section, i) => ({ top: SECTION_ROWS[i], bottom: SECTION_ROWS[i] + rowCount(section) + 1, method: section.method })),
    ...(RENDERED.length > 0 ? [{ top: RENDERED_HEADING_ROW, bottom: RENDERED_HEADING_ROW + RENDERED.length + 1 }] : []),
    { top: CHART_HEADING_ROW, bottom: CHART_LAST_ROW + 1, page: true },
  ].sort((a, b) => a.top - b.top);
  const runs: [number, number][] = [[1, DESIGN_HEADER_ROW]];
  for (const block of blocks) {
    if (block.method !== undefined && block.method !== method) continue;
    const last = runs[runs.length - 1];
    if (!block.page && last[1] + 1 >= block.top) last[1] = Math.max(last[1], block.bottom);
    else runs.push([block.top, block.bottom]);
  }
  return runs.map(([top, bottom]) => `A${top}:E${bottom}`).join(",");
}

/** The walk's rows: each rule of Microsoft's method, its formula over the Inputs and the steps above, its words and source. */
function walkCells(walk: Walk, top: number, ref: References): CellModel[] {
  const references: Record<string, string | undefined> = {};
  for (const key of Object.keys(MICROSOFT_RULES.operands)) references[key] = walkOperand(key, ref);
  // A yes-or-no step's cell says it in words: the rules that read it compute it again (rule.ts inlines a rule not referenced).
  for (const key of walk.walk) if (!yesOrNo(MICROSOFT_RULES.rules[key])) references[key] = absolute(MICROSOFT_WALK_CELLS[key]);
  const cells: CellModel[] = [];
  walk.walk.forEach((key, k) => {
    const row = top + k;
    const rule = MICROSOFT_RULES.rules[key];
    const parameters = (rule.parameters ?? []).map((name) => {
      const bound = WALK_PARAMETERS[name];
      if (bound === undefined) throw new Error(`the Design sheet's walk of ${MICROSOFT_RULES.method} cannot show ${key} on its own: say what its parameter ${name} stands for in WALK_PARAMETERS`);
      return { name, ...bound };
    });
    const own: RuleReferences = {
      ...references,
      ...Object.fromEntries(parameters.map((p) => [p.name, ref.input(p.input)])),
      // The size on disk a database holds is every tier's, weighted (the Methods sheet's): with no tiers, the step above.
      ...(key !== "disk" && { disk: ref.microsoft("disk") }),
    };
    const formula = MICROSOFT_RULES.formula(key, own);
    const of = parameters.map((p) => `${p.name}: ${p.words}`).join("; ");
    const words = MICROSOFT_RULES.words(key);
    const sentence = words.charAt(0).toUpperCase() + words.slice(1);
    cells.push(
      { address: `A${row}`, value: k + 1, role: "label", align: "center" },
      { address: `B${row}`, value: of ? `${rule.label} of ${parameters.map((p) => p.words).join(" and ")}` : rule.label, role: "label" },
      // "—" where the method cannot size the design (the Design check says why), as Microsoft's other figures.
      { address: `C${row}`, formula: cellFormula(walkStepFormula(formula, yesOrNo(rule))), numberFormat: yesOrNo(rule) ? "@" : walkFormat(rule), role: k === walk.walk.length - 1 ? "output" : "step", align: "right" },
      { address: `D${row}`, value: of ? `${sentence} (${of})` : sentence, role: "note" },
      { address: `E${row}`, value: sourceWords(rule.source), role: "source" },
    );
  });
  return cells;
}

export function buildDesign(sheet: string, ref: References, method: SizingMethod = "dell"): { sheet: SheetModel; chart: ChartModel } {
  const cells: CellModel[] = [
    ...titleAndNote(
      "Exchange mailbox storage design: outputs",
      method === "microsoft"
        ? "Live formulas over the Inputs: the design, then how Microsoft's method sized it, step by step (Dell's process, to compare, on the Methods sheet)."
        : "Live formulas over the Inputs: the design, then how Dell's process sized it, step by step.",
    ),
    ...header(DESIGN_HEADER_ROW, ["Step", "What it is", "Value", "Formula in words", "Source"]),
  ];
  DESIGN_SECTIONS.forEach((section, i) => {
    let row = SECTION_ROWS[i];
    // The other method's steps stay on the sheet, off its pages: its heading says so to a reader on screen.
    const other = section.method !== undefined && section.method !== method;
    cells.push(...sectionHeading(row++, other ? `${section.heading}: to compare, not printed` : section.heading, DESIGN_WIDTH));
    if (isWalk(section)) {
      cells.push(...walkCells(section, row, ref));
      return;
    }
    // Dell's Tables numbered as steps, as Microsoft's method is.
    const steps = section.method === "dell" && STEP_OUTPUTS.has(section.rows[0].key);
    section.rows.forEach((output, k) => {
      if (DESIGN_CELLS[output.key] !== `C${row}`) throw new Error(`template layout: ${output.key} is not at C${row}`);
      if (steps) cells.push({ address: `A${row}`, value: k + 1, role: "label", align: "center" });
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
        { address: `E${row}`, value: typeof output.source === "string" ? output.source : output.source(method), role: "source" },
      );
      row++;
    });
  });
  if (RENDERED.length > 0) cells.push(...sectionHeading(RENDERED_HEADING_ROW, "More of the design, from the figures above", DESIGN_WIDTH));
  for (const q of RENDERED) {
    const address = RENDERED_QUANTITY_CELLS[q.key]!;
    cells.push(
      { address: `B${address.slice(1)}`, value: labelWithUnit(q), role: "label" },
      { address, formula: cellFormula(q.rendering.formula({ quantity: ref.quantity, input: (key) => ref.input(key as NameKey) })), numberFormat: quantityFormat(q, true) ?? "General", role: "output" },
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
    // By the design's method: Microsoft's databases and volumes, or Dell's (Tables 18-19); each sums to its volumes in all.
    { address: `C${CHART_DATA_ROW}`, formula: cellFormula(byDesignMethod(volumesInAllFormula(c.databasesDeployed, ref.microsoft("databaseGB")), c.totalDatabaseGB)), numberFormat: FORMAT.gb, role: "output" },
    {
      address: `D${CHART_DATA_ROW}`,
      formula: cellFormula(indexAndFreeFormula(byDesignMethod(volumesInAllFormula(c.databasesDeployed, c.msDatabaseVolumeGB), c.databaseVolumesTotalGB), `C${CHART_DATA_ROW}`)),
      numberFormat: FORMAT.gb,
      role: "output",
    },
    { address: `E${CHART_DATA_ROW}`, formula: cellFormula(byDesignMethod(volumesInAllFormula(c.databasesDeployed, c.msLogVolumeGB), c.logVolumesTotalGB)), numberFormat: FORMAT.gb, role: "output" },
  );
  const chart: ChartModel = {
    sheet,
    title: "Capacity of all volumes, one copy (GB)",
    type: "columnStacked",
    source: `B${CHART_HEADER_ROW}:E${CHART_DATA_ROW}`,
    from: `B${CHART_DATA_ROW + 2}`,
    to: `D${CHART_LAST_ROW}`,
  };
  return {
    sheet: { name: sheet, columnWidths: [8, 32, 22, 50, 46], frozenRows: DESIGN_HEADER_ROW, print: { ...landscape(0, `${DESIGN_HEADER_ROW}:${DESIGN_HEADER_ROW}`), area: printArea(method) }, cells },
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

