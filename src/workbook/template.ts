/**
 * The reference-design workbook, described once as a WorkbookModel (issue 3): an Inputs sheet the
 * user edits, a Design sheet of live formulas over it, and a Sources sheet. Both writers (Office.js in
 * the taskpane, exceljs in the CLI) put this same model into a workbook.
 *
 * Defaults are the 5,000-user DAG design of 000_72e1ddb9bbd1ecac.txt, 3.4.2 (SIZING.md section 6).
 * Every formula is generated here from the sheet and name builders, so a `suffix` moves all of them.
 */
import {
  DEFAULT_MAX_DATABASE_GB,
  DEFAULT_READ_RATIO,
  DISK_CLASS_IOPS,
  EQUALLOGIC_CATALOGUE,
  EXCHANGE_VERSIONS,
  FACTOR_DEFAULTS,
  JETSTRESS_THRESHOLDS,
  MESSAGE_SIZE_LOG_FACTORS,
  type FactorName,
} from "../engine";
import type { CellModel, ChartModel, DefinedName, SheetModel, WorkbookModel } from "./model";

/** The numbers a user gives to size a design: the user profile and the DAG (000, 3.4.2). */
export interface HeadlineInputs {
  users: number;
  quotaMB: number;
  messagesPerDay: number;
  messageKB: number;
  copies: number;
  maxDatabaseGB: number;
}

/** 000_72e1ddb9bbd1ecac.txt, 3.4.2: 5,000 users, 2 GB quota, 150 messages of 75 KB, 2 copies, 1,024 GB. */
export const REFERENCE_INPUTS: Readonly<HeadlineInputs> = Object.freeze({
  users: 5000,
  quotaMB: 2048,
  messagesPerDay: 150,
  messageKB: 75,
  copies: 2,
  maxDatabaseGB: DEFAULT_MAX_DATABASE_GB,
});

export interface ReferenceDesignOptions {
  inputs?: Partial<HeadlineInputs>;
  /** Appended to every sheet name (" 2" → "Inputs 2") and, made name-safe, to every defined name ("Users_2"). */
  suffix?: string;
}

const SEED_DELL = "000_72e1ddb9bbd1ecac.txt";
const SEED_EMC = "001_0443ed4d42832f8c.txt";
const SEED_ESRP_2013 = "002_65f0dd5fd4776492.txt";
const SEED_ESRP_2016 = "004_1d3a339e6fd03f64.txt";
const SEED_VMWARE = "003_a7bfc144662ec97f.txt";

const BASE_SHEETS = {
  inputs: "Inputs",
  design: "Design",
  resilience: "Resilience",
  jetstress: "Jetstress",
  hardware: "Hardware",
  sources: "Sources",
} as const;
export type TemplateSheet = keyof typeof BASE_SHEETS;

/** The sheet names of a copy of the template. */
export function templateSheetNames(suffix = ""): Record<TemplateSheet, string> {
  return Object.fromEntries(Object.entries(BASE_SHEETS).map(([key, name]) => [key, name + suffix])) as Record<TemplateSheet, string>;
}

/** The defined-name suffix for a sheet suffix: " 2" → "_2" (names cannot hold spaces). */
export function nameSuffix(suffix = ""): string {
  const safe = suffix.trim().replace(/[^A-Za-z0-9_.]/g, "_");
  return safe === "" ? "" : "_" + safe;
}

/** A sheet name as a formula writes it: quoted when it is not a plain identifier. */
export function sheetReference(sheet: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) && !/^[A-Za-z]{1,3}\d+$/.test(sheet)
    ? sheet
    : `'${sheet.replace(/'/g, "''")}'`;
}

const absolute = (address: string): string => address.replace(/^([A-Z]+)(\d+)$/, "$$$1$$$2");

// ---------------------------------------------------------------------------------------------
// Inputs sheet

type InputKey =
  | keyof HeadlineInputs
  | "exchangeVersion"
  | "arrayRaid"
  | "arrayModel"
  | "spindleRaid"
  | "spindleDisk"
  | "readRatio"
  | "serversSite1"
  | "serversSite2"
  | "dagLayout";

/** Defined names beyond the single input cells: ranges that functions read whole. */
type RangeNameKey = "factors" | "servers" | "arrayCatalog" | "diskClasses";
type NameKey = InputKey | RangeNameKey;

interface InputRow {
  key: InputKey;
  /** Defined name, before the suffix. */
  name: string;
  label: string;
  format?: string;
  what: string;
  source: string;
}

/** The input rows, in sheet order. Values come from HeadlineInputs or OTHER_INPUT_DEFAULTS. */
const INPUT_ROWS: readonly InputRow[] = [
  { key: "users", name: "Users", label: "Users", format: '#,##0 "users"', what: "NU: mailboxes, growth included", source: `${SEED_DELL}, 3.4.2` },
  { key: "quotaMB", name: "QuotaMB", label: "Mailbox quota", format: '#,##0 "MB"', what: "MQ: mailbox quota", source: `${SEED_DELL}, 3.4.2` },
  { key: "messagesPerDay", name: "MessagesPerDay", label: "Messages per day", format: '#,##0 "msgs/day"', what: "MSR: messages sent and received per user per day", source: `${SEED_DELL}, 3.4.2` },
  { key: "messageKB", name: "MessageKB", label: "Average message size", format: '#,##0 "KB"', what: "AMS: average message size", source: `${SEED_DELL}, 3.4.2` },
  { key: "copies", name: "Copies", label: "Database copies", format: '0 "copies"', what: "DAG copies of each database (1 = stand-alone)", source: `${SEED_DELL}, 3.4.2` },
  { key: "maxDatabaseGB", name: "MaxDatabaseGB", label: "Maximum database size", format: '#,##0 "GB"', what: "The largest database allowed", source: `${SEED_DELL}, 3.4.2` },
  { key: "exchangeVersion", name: "ExchangeVersion", label: "Exchange version", format: "0", what: "2010 (IOPS per 000, Table 16) or 2013, 2016, 2019 (002, 004)", source: `${SEED_DELL}, Table 16; ${SEED_ESRP_2013}` },
  { key: "arrayRaid", name: "ArrayRaid", label: "RAID level for arrays", what: "RAID50 or RAID10, the levels the array tables measure", source: `${SEED_DELL}, Tables 12-13` },
  { key: "arrayModel", name: "ArrayModel", label: "Array model", what: '"auto" (fewest arrays, then least waste) or a model such as "PS6500E 500GB"', source: `${SEED_DELL}, 3.4.1` },
  { key: "spindleRaid", name: "SpindleRaid", label: "RAID level for spindles", what: "RAID level of your own spindle row on the Design sheet", source: `${SEED_EMC}, Phase 2` },
  { key: "spindleDisk", name: "SpindleDisk", label: "Spindle disk class", what: 'Disk class ("7.2K", "10K", "15K") or IOPS per disk', source: `${SEED_EMC}, Phase 2` },
  { key: "readRatio", name: "ReadRatio", label: "Read ratio", format: "0%", what: "Share of database I/O that is reads (3:2)", source: `${SEED_EMC}, Phase 2` },
  { key: "serversSite1", name: "ServersFirstSite", label: "Mailbox servers, site 1", format: '0 "servers"', what: "DAG members in the first site (the active site when active/passive)", source: `${SEED_ESRP_2013}, 4.1; ${SEED_ESRP_2016}, 4.1` },
  { key: "serversSite2", name: "ServersSecondSite", label: "Mailbox servers, site 2", format: '0 "servers"', what: "DAG members in a second site; leave empty for one site. Copies sit round-robin over the sites", source: `${SEED_ESRP_2013}, 4.1; ${SEED_ESRP_2016}, 4.1` },
  { key: "dagLayout", name: "DagLayout", label: "DAG layout", what: '"active/active": every server carries active copies; "active/passive": only the first site does', source: `${SEED_ESRP_2016}, 4.1 (active/active); ${SEED_ESRP_2013}, 4.1 (active/passive)` },
];

/** Defaults of the inputs beyond the headline numbers (SIZING.md sections 3-5). */
const OTHER_INPUT_DEFAULTS: Record<Exclude<InputKey, keyof HeadlineInputs>, number | string> = {
  exchangeVersion: EXCHANGE_VERSIONS[0],
  arrayRaid: "RAID50",
  arrayModel: "auto",
  spindleRaid: "RAID5",
  spindleDisk: "10K",
  readRatio: DEFAULT_READ_RATIO,
  // 000 3.4.2 gives 2 copies but no server count: two servers in one site hold them.
  serversSite1: 2,
  serversSite2: "",
  dagLayout: "active/active",
};

/** What each factor is, its display format and its source; the values are FACTOR_DEFAULTS. */
const FACTOR_ROWS: Record<FactorName, { what: string; format: string; source: string }> = {
  growth: { what: "DBS multiplier (Table 14 says 1.2; Table 18 uses none)", format: '0.00"×"', source: `${SEED_DELL}, Table 14; erratum E1` },
  retentionDays: { what: "Deleted item retention", format: '0 "days"', source: `${SEED_DELL}, Table 14 step 3` },
  singleItemRecovery: { what: "Single item recovery, share of quota", format: "0.0%", source: `${SEED_DELL}, Table 14 step 3` },
  calendarLogging: { what: "Calendar version logging, share of quota", format: "0.0%", source: `${SEED_DELL}, Table 14 step 3` },
  contentIndex: { what: "Content index on the database volume", format: '0.00"×"', source: `${SEED_DELL}, Table 14 step 7` },
  volumeFree: { what: "Free space kept on the database volume", format: '0.00"×"', source: `${SEED_DELL}, Table 14 step 7` },
  logsPerMessage: { what: "Log files per message (NL = MSR × this)", format: "0.00", source: `${SEED_DELL}, Table 15 step 2` },
  logFileMB: { what: "LFS: size of one log file", format: '0 "MB"', source: `${SEED_DELL}, Table 15 step 1` },
  moveFactor: { what: "Mailbox moves within the truncation window", format: '0.00"×"', source: `${SEED_DELL}, Table 19, 3.3.4; erratum E2` },
  truncationDays: { what: "Days of logs kept against truncation failure", format: '0 "days"', source: `${SEED_DELL}, Table 15 step 6` },
  overhead: { what: "Log volume overhead", format: '0.00"×"', source: `${SEED_DELL}, Table 15 step 6` },
  headroom: { what: "IOPS headroom for spikes", format: '0.00"×"', source: `${SEED_DELL}, Tables 16-17` },
  mailboxesPerCore: { what: "Very heavy mailboxes one core serves", format: '#,##0 "mailboxes"', source: `${SEED_VMWARE}, configuration of user and resource sizing` },
  baseMemoryGB: { what: "Mailbox server memory before mailboxes", format: '0 "GB"', source: `${SEED_VMWARE}, configuration of user and resource sizing` },
  memoryPerMailboxMB: { what: "Mailbox server memory per active mailbox", format: '0 "MB"', source: `${SEED_VMWARE}, configuration of user and resource sizing` },
};

const FACTOR_NAMES = Object.keys(FACTOR_DEFAULTS) as FactorName[];

/** Inputs sheet layout: columns A label, B value (the input), C what it is, D source. */
const INPUTS_LAYOUT = {
  title: "A1",
  note: "A2",
  /** Left empty in the live design; the customer copy writes "Customer copy prepared …" here. */
  stamp: "A3",
  profileHeading: 5,
  profileHeader: 6,
  firstInputRow: 7,
} as const;
const FACTORS_HEADING_ROW = INPUTS_LAYOUT.firstInputRow + INPUT_ROWS.length + 1;
const FIRST_FACTOR_ROW = FACTORS_HEADING_ROW + 2;
const LAST_FACTOR_ROW = FIRST_FACTOR_ROW + FACTOR_NAMES.length - 1;

/** The cell on the Inputs sheet reserved for the customer-copy stamp (sheet name without suffix). */
export const STAMP_CELL: Readonly<{ sheet: string; address: string }> = Object.freeze({
  sheet: BASE_SHEETS.inputs,
  address: INPUTS_LAYOUT.stamp,
});

/** Where each input's value sits on the Inputs sheet. */
export const INPUT_CELLS: Readonly<Record<InputKey, string>> = Object.freeze(
  Object.fromEntries(INPUT_ROWS.map((row, i) => [row.key, `B${INPUTS_LAYOUT.firstInputRow + i}`])) as Record<InputKey, string>,
);

/** Where each factor's value sits on the Inputs sheet (column A holds its name). */
export const FACTOR_CELLS: Readonly<Record<FactorName, string>> = Object.freeze(
  Object.fromEntries(FACTOR_NAMES.map((name, i) => [name, `B${FIRST_FACTOR_ROW + i}`])) as Record<FactorName, string>,
);

/**
 * The defined names, before any suffix: one per input cell; `Factors` is the name|value range,
 * `Servers` the servers of each site, `ArrayCatalog` and `DiskClasses` the user's hardware.
 */
export const INPUT_NAMES: Readonly<Record<NameKey, string>> = Object.freeze({
  ...(Object.fromEntries(INPUT_ROWS.map((row) => [row.key, row.name])) as Record<InputKey, string>),
  factors: "Factors",
  servers: "Servers",
  arrayCatalog: "ArrayCatalog",
  diskClasses: "DiskClasses",
});

function buildInputs(sheet: string, values: Record<InputKey, number | string>): SheetModel {
  const cells: CellModel[] = [
    { address: INPUTS_LAYOUT.title, value: "Exchange mailbox storage sizing: inputs", role: "title" },
    {
      address: INPUTS_LAYOUT.note,
      value: "Yellow cells are inputs: change them and every output on the Design sheet follows. Defaults: the 5,000-user DAG design of 000_72e1ddb9bbd1ecac.txt, 3.4.2.",
      role: "note",
    },
    { address: `A${INPUTS_LAYOUT.profileHeading}`, value: "User profile and design", role: "heading" },
    ...header(INPUTS_LAYOUT.profileHeader, ["Input", "Value", "What it is", "Source"]),
  ];
  INPUT_ROWS.forEach((row, i) => {
    const r = INPUTS_LAYOUT.firstInputRow + i;
    cells.push(
      { address: `A${r}`, value: row.label, role: "label" },
      { address: `B${r}`, value: values[row.key] === "" ? undefined : values[row.key], numberFormat: row.format, role: "input" },
      { address: `C${r}`, value: row.what, role: "note" },
      { address: `D${r}`, value: row.source, role: "source" },
    );
  });
  cells.push(
    { address: `A${FACTORS_HEADING_ROW}`, value: "Factors: every function reads this table; change a value to override its default (SIZING.md section 0)", role: "heading" },
    ...header(FACTORS_HEADING_ROW + 1, ["Factor", "Value", "What it is", "Source"]),
  );
  FACTOR_NAMES.forEach((name, i) => {
    const r = FIRST_FACTOR_ROW + i;
    const row = FACTOR_ROWS[name];
    cells.push(
      { address: `A${r}`, value: name, role: "label" },
      { address: `B${r}`, value: FACTOR_DEFAULTS[name], numberFormat: row.format, role: "input" },
      { address: `C${r}`, value: row.what, role: "note" },
      { address: `D${r}`, value: row.source, role: "source" },
    );
  });
  return { name: sheet, columnWidths: [26, 16, 62, 44], frozenRows: 3, cells };
}

/** A sheet's first lines: its title in A1 and a note saying how to use it in A2. */
function titleAndNote(title: string, note: string): CellModel[] {
  return [
    { address: "A1", value: title, role: "title" },
    { address: "A2", value: note, role: "note" },
  ];
}

function header(row: number, titles: string[]): CellModel[] {
  return titles.map((value, i) => ({ address: `${String.fromCharCode(65 + i)}${row}`, value, role: "heading" as const }));
}

// ---------------------------------------------------------------------------------------------
// Design sheet: columns A symbol, B what it is, C value, D unit, E formula in words, F source.

export type DesignOutput =
  | "whiteSpacePerUserMB"
  | "dumpsterPerUserMB"
  | "mailboxOnDiskMB"
  | "totalDatabaseGB"
  | "databaseCount"
  | "databaseGB"
  | "databaseVolumeGB"
  | "provisionedDatabaseVolumeGB"
  | "logFilesPerUserPerDay"
  | "messageSizeFactor"
  | "usersPerDatabase"
  | "dailyLogMBPerDatabase"
  | "logVolumeGB"
  | "provisionedLogVolumeGB"
  | "logVolumeCount"
  | "databaseVolumesTotalGB"
  | "logVolumesTotalGB"
  | "totalCapacityGB"
  | "iopsPerUser"
  | "databaseIops"
  | "logIops"
  | "dagDatabaseIops"
  | "spindlesRaid5At10K"
  | "spindlesRaid10At10K"
  | "spindlesRaid10At7200"
  | "spindlesChosen"
  | "arrays"
  | "arraysPerCopy"
  | "arrayModel";

interface OutputRow {
  key: DesignOutput;
  symbol: string;
  what: string;
  unit: string;
  format: string;
  words: string;
  source: string;
  /** The formula, given how to address inputs (by defined name) and earlier outputs. */
  formula: (ref: References) => string;
}

interface References {
  /** A defined input name, suffixed: `Users_2`. */
  input(key: NameKey): string;
  /** A factor's value cell on the Inputs sheet, qualified: `'Inputs 2'!$B$22`. */
  factor(name: FactorName): string;
  /** An earlier output on the Design sheet: `C7`. */
  output(key: DesignOutput): string;
}

const dbsize = (r: References, result: string): string =>
  `=EXSIZE.EX_DBSIZE(${r.input("users")},${r.input("quotaMB")},${r.input("messagesPerDay")},${r.input("messageKB")},${r.input("maxDatabaseGB")},"${result}",${r.input("factors")})`;
const logvol = (r: References, result: string): string =>
  `=EXSIZE.EX_LOGVOL(${r.input("users")},${r.input("messagesPerDay")},${r.input("messageKB")},${r.output("databaseCount")},"${result}",${r.input("factors")})`;
const iops = (r: References, result: string): string =>
  `=EXSIZE.EX_IOPS(${r.input("users")},${r.input("messagesPerDay")},${r.input("copies")},"${result}",${r.input("exchangeVersion")},${r.input("factors")})`;
const spindles = (r: References, raid: string, disk: string): string =>
  `=EXSIZE.EX_SPINDLES(${r.output("databaseIops")},${raid},${disk},${r.input("readRatio")},,,,"disks",${r.input("diskClasses")})`;
const arrays = (r: References, result: string): string =>
  `=EXSIZE.EX_ARRAYS(${r.output("totalCapacityGB")},${r.output("databaseIops")},${r.input("copies")},${r.input("arrayRaid")},${r.input("arrayModel")},"${result}",${r.input("arrayCatalog")})`;

/** MSF as a native formula, generated from the engine's table (000, Table 15 step 3). */
function messageSizeFactorFormula(messageKB: string): string {
  const rows = MESSAGE_SIZE_LOG_FACTORS;
  let formula = String(rows[rows.length - 1].factor);
  for (let i = rows.length - 2; i >= 0; i--) formula = `IF(${messageKB}<=${rows[i].upToKB},${rows[i].factor},${formula})`;
  return "=" + formula;
}

const T18 = `${SEED_DELL}, Table 18 (process: Table 14)`;
const T19 = `${SEED_DELL}, Table 19 (process: Table 15)`;
const SPINDLE_SOURCE = `${SEED_EMC}, Phase 2 formula; errata E3 (round up), E5 (its counts are at 1,080 IOPS)`;

interface Section {
  heading: string;
  rows: OutputRow[];
}

const DESIGN_SECTIONS: readonly Section[] = [
  {
    heading: "Database capacity, step by step as 000 Table 18",
    rows: [
      { key: "whiteSpacePerUserMB", symbol: "WSU", what: "White space per user", unit: "MB", format: '0.00 "MB"', words: "MSR × AMS / 1024", source: T18, formula: (r) => dbsize(r, "whitespace") },
      { key: "dumpsterPerUserMB", symbol: "DSU", what: "Dumpster per user", unit: "MB", format: '0.00 "MB"', words: "WSU × retentionDays + MQ × singleItemRecovery + MQ × calendarLogging", source: T18, formula: (r) => dbsize(r, "dumpster") },
      { key: "mailboxOnDiskMB", symbol: "MBU", what: "Mailbox size on disk", unit: "MB", format: '#,##0.00 "MB"', words: "MQ + WSU + DSU", source: T18, formula: (r) => dbsize(r, "mailbox") },
      { key: "totalDatabaseGB", symbol: "DBS", what: "Total database size", unit: "GB", format: '#,##0.00 "GB"', words: "NU × MBU × growth / 1024", source: `${T18}; erratum E1`, formula: (r) => dbsize(r, "total") },
      { key: "databaseCount", symbol: "DB", what: "Database count", unit: "databases", format: "#,##0", words: "DBS / maximum database size, rounded up", source: T18, formula: (r) => dbsize(r, "count") },
      { key: "databaseGB", symbol: "IDBS", what: "Individual database size", unit: "GB", format: '#,##0.00 "GB"', words: "DBS / DB", source: T18, formula: (r) => dbsize(r, "database") },
      { key: "databaseVolumeGB", symbol: "DVS", what: "Database volume size", unit: "GB", format: '#,##0.00 "GB"', words: "IDBS × contentIndex × volumeFree", source: T18, formula: (r) => `=${r.output("databaseGB")}*${r.factor("contentIndex")}*${r.factor("volumeFree")}` },
      { key: "provisionedDatabaseVolumeGB", symbol: "DVS", what: "Database volume, provisioned", unit: "GB", format: '#,##0 "GB"', words: "DVS in whole GB, half up", source: T18, formula: (r) => dbsize(r, "volume") },
    ],
  },
  {
    heading: "Log capacity, step by step as 000 Table 19",
    rows: [
      { key: "logFilesPerUserPerDay", symbol: "NL", what: "Log files per user per day", unit: "logs", format: '#,##0.0 "logs"', words: "MSR × logsPerMessage", source: T19, formula: (r) => logvol(r, "logs") },
      { key: "messageSizeFactor", symbol: "MSF", what: "Message size factor", unit: "×", format: "0.0", words: "1 up to 75 KB, 1.9 up to 150 KB, 3.8 above", source: `${SEED_DELL}, Table 15 step 3`, formula: (r) => messageSizeFactorFormula(r.input("messageKB")) },
      { key: "usersPerDatabase", symbol: "NDB", what: "Users per database", unit: "users", format: "#,##0", words: "NU / DB, rounded up", source: T19, formula: (r) => `=ROUNDUP(${r.input("users")}/${r.output("databaseCount")},0)` },
      { key: "dailyLogMBPerDatabase", symbol: "TLC", what: "Log MB per database per day", unit: "MB", format: '#,##0 "MB"', words: "NDB × NL × MSF × logFileMB", source: T19, formula: (r) => logvol(r, "daily") },
      { key: "logVolumeGB", symbol: "LVS", what: "Log volume size", unit: "GB", format: '#,##0.00 "GB"', words: "TLC × moveFactor × truncationDays × overhead / 1024", source: `${T19}; erratum E2`, formula: (r) => `=${r.output("dailyLogMBPerDatabase")}*${r.factor("moveFactor")}*${r.factor("truncationDays")}*${r.factor("overhead")}/1024` },
      { key: "provisionedLogVolumeGB", symbol: "LVS", what: "Log volume, provisioned", unit: "GB", format: '#,##0 "GB"', words: "LVS in whole GB, half up", source: T19, formula: (r) => logvol(r, "volume") },
      { key: "logVolumeCount", symbol: "", what: "Log volumes", unit: "volumes", format: "#,##0", words: "One log volume per database", source: T19, formula: (r) => `=${r.output("databaseCount")}` },
    ],
  },
  {
    heading: "Capacity of all volumes, as 000 3.4.2",
    rows: [
      { key: "databaseVolumesTotalGB", symbol: "", what: "Database volumes in all", unit: "GB", format: '#,##0 "GB"', words: "DB × provisioned DVS", source: `${SEED_DELL}, 3.4.2`, formula: (r) => `=${r.output("databaseCount")}*${r.output("provisionedDatabaseVolumeGB")}` },
      { key: "logVolumesTotalGB", symbol: "", what: "Log volumes in all", unit: "GB", format: '#,##0 "GB"', words: "Log volumes × provisioned LVS", source: `${SEED_DELL}, 3.4.2`, formula: (r) => `=${r.output("logVolumeCount")}*${r.output("provisionedLogVolumeGB")}` },
      { key: "totalCapacityGB", symbol: "", what: "Capacity of all volumes, per copy", unit: "GB", format: '#,##0 "GB"', words: "Database volumes + log volumes", source: `${SEED_DELL}, 3.4.2`, formula: (r) => `=${r.output("databaseVolumesTotalGB")}+${r.output("logVolumesTotalGB")}` },
    ],
  },
  {
    heading: "Performance: database and log IOPS, as 000 Tables 16-17",
    rows: [
      { key: "iopsPerUser", symbol: "IOPU", what: "IOPS per user, headroom included", unit: "IOPS", format: '0.000 "IOPS"', words: "2010: MSR / 1000 (× 1.2 stand-alone); 2013+: MSR × 0.00067; × headroom", source: `${SEED_DELL}, Table 16; ${SEED_ESRP_2013}; ${SEED_ESRP_2016}`, formula: (r) => iops(r, "peruser") },
      { key: "databaseIops", symbol: "DBIOP", what: "Database IOPS, active copies", unit: "IOPS", format: '#,##0 "IOPS"', words: "NU × IOPS per user", source: `${SEED_DELL}, Table 16; 3.4.2`, formula: (r) => iops(r, "database") },
      { key: "logIops", symbol: "LIOPS", what: "Log IOPS", unit: "IOPS", format: '#,##0 "IOPS"', words: "(DBIOP × 0.5 × 0.5 + DBIOP × (copies − 1) × 0.1) × headroom", source: `${SEED_DELL}, Table 17`, formula: (r) => iops(r, "log") },
      { key: "dagDatabaseIops", symbol: "", what: "Database IOPS, every copy", unit: "IOPS", format: '#,##0 "IOPS"', words: "DBIOP × copies", source: `${SEED_ESRP_2016}, Figure 6`, formula: (r) => iops(r, "dag") },
    ],
  },
  {
    heading: "Spindles for the database IOPS, as the EMC building block (001)",
    rows: [
      { key: "spindlesRaid5At10K", symbol: "", what: "RAID 5 on 10K disks", unit: "disks", format: '#,##0 "disks"', words: "(IOPS × R + 4 × IOPS × W) / 140, rounded up", source: SPINDLE_SOURCE, formula: (r) => spindles(r, '"RAID5"', '"10K"') },
      { key: "spindlesRaid10At10K", symbol: "", what: "RAID 10 on 10K disks", unit: "disks", format: '#,##0 "disks"', words: "(IOPS × R + 2 × IOPS × W) / 140, rounded up to an even count", source: SPINDLE_SOURCE, formula: (r) => spindles(r, '"RAID10"', '"10K"') },
      { key: "spindlesRaid10At7200", symbol: "", what: "RAID 10 on 7.2K disks", unit: "disks", format: '#,##0 "disks"', words: "(IOPS × R + 2 × IOPS × W) / 65, rounded up to an even count", source: SPINDLE_SOURCE, formula: (r) => spindles(r, '"RAID10"', '"7.2K"') },
      { key: "spindlesChosen", symbol: "", what: "Your RAID level and disk class (Inputs)", unit: "disks", format: '#,##0 "disks"', words: "Same formula with the Inputs sheet's RAID level and disk", source: SPINDLE_SOURCE, formula: (r) => spindles(r, r.input("spindleRaid"), r.input("spindleDisk")) },
    ],
  },
  {
    heading: "Arrays, as 000 3.4.1 (Tables 12-13)",
    rows: [
      { key: "arrays", symbol: "", what: "Arrays in all", unit: "arrays", format: '0 "arrays"', words: "Arrays per copy × copies (each copy on its own arrays)", source: `${SEED_DELL}, 3.4.1-3.4.2, Tables 12-13`, formula: (r) => arrays(r, "count") },
      { key: "arraysPerCopy", symbol: "", what: "Arrays per copy", unit: "arrays", format: '0 "arrays"', words: "max(capacity / usable GB, DBIOP / array IOPS), rounded up", source: `${SEED_DELL}, 3.4.1, Tables 12-13`, formula: (r) => arrays(r, "percopy") },
      { key: "arrayModel", symbol: "", what: "Array model and drive", unit: "", format: "@", words: "Fewest arrays, then least usable capacity", source: `${SEED_DELL}, 3.4.2`, formula: (r) => arrays(r, "model") },
    ],
  },
];

const DESIGN_HEADER_ROW = 4;

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

/** Chart data: a header row of series names and one row of GB, below the outputs. */
const CHART_HEADING_ROW =
  DESIGN_HEADER_ROW + 1 + DESIGN_SECTIONS.reduce((n, s) => n + s.rows.length + 2, 0);
const CHART_HEADER_ROW = CHART_HEADING_ROW + 1;
const CHART_DATA_ROW = CHART_HEADER_ROW + 1;

function buildDesign(sheet: string, inputsSheet: string, names: Record<NameKey, string>): { sheet: SheetModel; chart: ChartModel } {
  const inputs = sheetReference(inputsSheet);
  const ref: References = {
    input: (key) => names[key],
    factor: (name) => `${inputs}!${absolute(FACTOR_CELLS[name])}`,
    output: (key) => DESIGN_CELLS[key],
  };
  const cells: CellModel[] = [
    ...titleAndNote(
      "Exchange mailbox storage design: outputs",
      "Every value is a live formula over the Inputs sheet, through the EXSIZE functions; the steps are shown for audit.",
    ),
    ...["Symbol", "What it is", "Value", "Unit", "Formula in words", "Source"].map((value, i) => ({
      address: `${String.fromCharCode(65 + i)}${DESIGN_HEADER_ROW}`,
      value,
      role: "heading" as const,
    })),
  ];
  let row = DESIGN_HEADER_ROW + 1;
  for (const section of DESIGN_SECTIONS) {
    cells.push({ address: `A${row++}`, value: section.heading, role: "heading" });
    for (const output of section.rows) {
      if (DESIGN_CELLS[output.key] !== `C${row}`) throw new Error(`template layout: ${output.key} is not at C${row}`);
      if (output.symbol) cells.push({ address: `A${row}`, value: output.symbol, role: "label" });
      cells.push(
        { address: `B${row}`, value: output.what, role: "label" },
        { address: `C${row}`, formula: output.formula(ref), numberFormat: output.format, role: STEP_OUTPUTS.has(output.key) ? "step" : "output" },
      );
      if (output.unit) cells.push({ address: `D${row}`, value: output.unit, role: "unit" });
      cells.push({ address: `E${row}`, value: output.words, role: "note" }, { address: `F${row}`, value: output.source, role: "source" });
      row++;
    }
    row++;
  }
  const c = DESIGN_CELLS;
  cells.push(
    { address: `A${CHART_HEADING_ROW}`, value: "Capacity of one copy, for the chart", role: "heading" },
    { address: `B${CHART_HEADER_ROW}`, value: "Volume", role: "heading" },
    { address: `C${CHART_HEADER_ROW}`, value: "Database data", role: "heading" },
    { address: `D${CHART_HEADER_ROW}`, value: "Index and free space", role: "heading" },
    { address: `E${CHART_HEADER_ROW}`, value: "Log volumes", role: "heading" },
    { address: `B${CHART_DATA_ROW}`, value: "GB", role: "label" },
    { address: `C${CHART_DATA_ROW}`, formula: `=${c.totalDatabaseGB}`, numberFormat: '#,##0 "GB"', role: "output" },
    { address: `D${CHART_DATA_ROW}`, formula: `=${c.databaseVolumesTotalGB}-${c.totalDatabaseGB}`, numberFormat: '#,##0 "GB"', role: "output" },
    { address: `E${CHART_DATA_ROW}`, formula: `=${c.logVolumesTotalGB}`, numberFormat: '#,##0 "GB"', role: "output" },
  );
  const chart: ChartModel = {
    sheet,
    title: "Capacity of all volumes, one copy (GB)",
    type: "columnStacked",
    source: `B${CHART_HEADER_ROW}:E${CHART_DATA_ROW}`,
    from: "H4",
    to: "O22",
  };
  return { sheet: { name: sheet, columnWidths: [10, 40, 16, 10, 58, 60], frozenRows: DESIGN_HEADER_ROW, cells }, chart };
}

/** The intermediate steps of Tables 18-19, shown for audit; writers may style them quieter than results. */
const STEP_OUTPUTS: ReadonlySet<DesignOutput> = new Set<DesignOutput>([
  "whiteSpacePerUserMB",
  "dumpsterPerUserMB",
  "mailboxOnDiskMB",
  "totalDatabaseGB",
  "databaseGB",
  "databaseVolumeGB",
  "logFilesPerUserPerDay",
  "messageSizeFactor",
  "usersPerDatabase",
  "dailyLogMBPerDatabase",
  "logVolumeGB",
]);

// ---------------------------------------------------------------------------------------------
// Resilience sheet: failure scenarios and the servers that carry them (issue 4).
// Columns: A scenario, B what fails, C surviving servers, D active mailboxes per server,
// E target IOPS per server, F cores, G memory, H source.

const SCENARIO_ROWS: ReadonlyArray<{ scenario: string; fails: string }> = [
  { scenario: "normal", fails: "Nothing: every server up" },
  { scenario: "server", fails: "One server" },
  { scenario: "site", fails: "A whole site (the worst one to lose)" },
  { scenario: "site+server", fails: "A site, then one more server" },
];
const RESILIENCE_FIRST_ROW = 5;
const RESILIENCE_LAST_ROW = RESILIENCE_FIRST_ROW + SCENARIO_ROWS.length - 1;
const RESILIENCE_SUMMARY_ROW = RESILIENCE_LAST_ROW + 2;
const NOT_SURVIVABLE = "not survivable";

/** Where the Resilience sheet's results sit: per scenario, and the worst survivable case. */
export const RESILIENCE_CELLS = Object.freeze({
  scenarioRow: Object.fromEntries(SCENARIO_ROWS.map((row, i) => [row.scenario, RESILIENCE_FIRST_ROW + i])) as Record<string, number>,
  survivingServers: "C",
  activeMailboxes: "D",
  targetIops: "E",
  cores: "F",
  memoryGB: "G",
  /** The per-server IOPS target the storage must pass: the worst survivable scenario. */
  designTargetIops: `E${RESILIENCE_SUMMARY_ROW}`,
  designCores: `F${RESILIENCE_SUMMARY_ROW}`,
  designMemoryGB: `G${RESILIENCE_SUMMARY_ROW}`,
  /** Database IOPS per server in normal operation, every copy counted (004, Figure 6: 229). */
  normalIopsPerServer: `E${RESILIENCE_SUMMARY_ROW + 1}`,
});

function buildResilience(sheet: string, designSheet: string, names: Record<NameKey, string>): SheetModel {
  const design = sheetReference(designSheet);
  const iopsPerMailbox = `${design}!${absolute(DESIGN_CELLS.iopsPerUser)}`;
  const failover = (scenario: string, perMailbox: string, result: string) =>
    `EXSIZE.EX_FAILOVER(${names.users},${names.servers},${names.copies},"${scenario}",${names.dagLayout},${perMailbox},"${result}")`;
  const source = `${SEED_ESRP_2013}, 4.1; ${SEED_ESRP_2016}, 4.1; ${SEED_VMWARE}`;
  const cells: CellModel[] = [
    ...titleAndNote(
      "Resilience: what each surviving server carries when servers or a site fail",
      "Active mailboxes spread evenly over the servers that hold copies; the busiest server is rounded up. A scenario that leaves a database without a copy is not survivable.",
    ),
    ...header(4, ["Scenario", "What fails", "Surviving servers", "Active mailboxes per server", "Target IOPS per server", "Cores", "Memory", "Source"]),
  ];
  SCENARIO_ROWS.forEach((row, i) => {
    const r = RESILIENCE_FIRST_ROW + i;
    cells.push(
      { address: `A${r}`, value: row.scenario, role: "label" },
      { address: `B${r}`, value: row.fails, role: "note" },
      { address: `C${r}`, formula: `=IFERROR(${failover(row.scenario, "", "servers")},"${NOT_SURVIVABLE}")`, numberFormat: '0 "servers"', role: "output" },
      { address: `D${r}`, formula: `=IFERROR(${failover(row.scenario, "", "mailboxes")},"${NOT_SURVIVABLE}")`, numberFormat: '#,##0 "mailboxes"', role: "output" },
      { address: `E${r}`, formula: `=IFERROR(${failover(row.scenario, iopsPerMailbox, "target")},"—")`, numberFormat: '#,##0 "IOPS"', role: "output" },
      { address: `F${r}`, formula: `=IFERROR(EXSIZE.EX_SERVER(D${r},"cores",${names.factors}),"—")`, numberFormat: '0 "cores"', role: "output" },
      { address: `G${r}`, formula: `=IFERROR(EXSIZE.EX_SERVER(D${r},"memory",${names.factors}),"—")`, numberFormat: '0 "GB"', role: "output" },
      { address: `H${r}`, value: source, role: "source" },
    );
  });
  const s = RESILIENCE_SUMMARY_ROW;
  const span = (column: string) => `${column}${RESILIENCE_FIRST_ROW}:${column}${RESILIENCE_LAST_ROW}`;
  cells.push(
    { address: `A${s}`, value: "Design for the worst survivable case", role: "heading" },
    { address: `D${s}`, value: "Target, cores, memory:", role: "label" },
    { address: `E${s}`, formula: `=MAX(${span("E")})`, numberFormat: '#,##0 "IOPS"', role: "output" },
    { address: `F${s}`, formula: `=MAX(${span("F")})`, numberFormat: '0 "cores"', role: "output" },
    { address: `G${s}`, formula: `=MAX(${span("G")})`, numberFormat: '0 "GB"', role: "output" },
    { address: `H${s}`, value: `Jetstress must reach this target on every server (${SEED_ESRP_2013}, 6.2)`, role: "source" },
    { address: `A${s + 1}`, value: "Normal operation", role: "heading" },
    { address: `D${s + 1}`, value: "Database IOPS per server, every copy:", role: "label" },
    {
      address: `E${s + 1}`,
      formula: `=${design}!${absolute(DESIGN_CELLS.dagDatabaseIops)}/SUM(${names.servers})`,
      numberFormat: '#,##0 "IOPS"',
      role: "output",
    },
    { address: `H${s + 1}`, value: `The calculator's per-server figure (${SEED_ESRP_2016}, Figure 6: 3,666 / 16 = 229)`, role: "source" },
  );
  return { name: sheet, columnWidths: [14, 36, 18, 26, 22, 10, 10, 70], frozenRows: 4, cells };
}

// ---------------------------------------------------------------------------------------------
// Jetstress sheet: paste each server's results, see pass or fail (issue 4).

/** One row per DAG member: a DAG has at most 16 servers. */
const JETSTRESS_ROWS = 16;
const JETSTRESS_FIRST_ROW = 5;
const JETSTRESS_COLUMNS = ["Server", "Achieved IOPS", "Target IOPS", "DB read avg (ms)", "Log write avg (ms)", "DB read peak (ms)", "Log write peak (ms)", "Verdict", "Reason"] as const;

/** Where the Jetstress sheet's rows sit: `row(i)` for server i (0-based), columns by letter. */
export const JETSTRESS_CELLS = Object.freeze({
  row: (server: number) => JETSTRESS_FIRST_ROW + server,
  rows: JETSTRESS_ROWS,
  server: "A",
  achievedIops: "B",
  targetIops: "C",
  dbReadLatencyMs: "D",
  logWriteLatencyMs: "E",
  dbReadPeakMs: "F",
  logWritePeakMs: "G",
  verdict: "H",
  reason: "I",
});

function buildJetstress(sheet: string, resilienceSheet: string): SheetModel {
  const t = JETSTRESS_THRESHOLDS;
  const target = `${sheetReference(resilienceSheet)}!${absolute(RESILIENCE_CELLS.designTargetIops)}`;
  const cells: CellModel[] = [
    ...titleAndNote(
      "Jetstress validation: paste each server's results",
      `Pass: achieved IOPS at least the target, database reads at most ${t.databaseReadLatencyMs} ms and log writes at most ${t.logWriteLatencyMs} ms on average, ` +
        `peaks at most ${t.spikeLatencyMs} ms (${SEED_DELL}, 3.1.3; ESRP 6.2). The target comes from the Resilience sheet; overwrite it with your Jetstress target.`,
    ),
    ...header(4, [...JETSTRESS_COLUMNS]),
  ];
  for (let i = 0; i < JETSTRESS_ROWS; i++) {
    const r = JETSTRESS_FIRST_ROW + i;
    const args = `B${r},C${r},D${r},E${r},F${r},G${r}`;
    cells.push(
      { address: `A${r}`, role: "input" },
      { address: `B${r}`, numberFormat: '#,##0 "IOPS"', role: "input" },
      { address: `C${r}`, formula: `=${target}`, numberFormat: '#,##0 "IOPS"', role: "input" },
      ...["D", "E", "F", "G"].map((column) => ({ address: `${column}${r}`, numberFormat: '0.00 "ms"', role: "input" as const })),
      { address: `H${r}`, formula: `=IF(B${r}="","",EXSIZE.EX_JETSTRESS(${args}))`, role: "output" },
      { address: `I${r}`, formula: `=IF(B${r}="","",EXSIZE.EX_JETSTRESS(${args},"reason"))`, role: "note" },
    );
  }
  return { name: sheet, columnWidths: [16, 16, 16, 16, 16, 16, 16, 10, 60], frozenRows: 4, cells };
}

// ---------------------------------------------------------------------------------------------
// Hardware sheet: the user's own arrays and disk classes (issue 4).

const OWN_ARRAY_ROWS = 12;
const ARRAYS_FIRST_ROW = 6;
const ARRAYS_LAST_ROW = ARRAYS_FIRST_ROW + OWN_ARRAY_ROWS - 1;
const DISKS_HEADING_ROW = ARRAYS_LAST_ROW + 2;
const DISKS_FIRST_ROW = DISKS_HEADING_ROW + 2;
const DISK_CLASS_NAMES = Object.keys(DISK_CLASS_IOPS) as Array<keyof typeof DISK_CLASS_IOPS>;
const OWN_DISK_ROWS = 6;
const DISKS_LAST_ROW = DISKS_FIRST_ROW + DISK_CLASS_NAMES.length + OWN_DISK_ROWS - 1;
const BUILT_IN_HEADING_ROW = DISKS_LAST_ROW + 2;

/** Where the user's hardware rows start (0-based row i of each table). */
export const HARDWARE_CELLS = Object.freeze({
  arrayRow: (i: number) => ARRAYS_FIRST_ROW + i,
  diskRow: (i: number) => DISKS_FIRST_ROW + i,
});

function buildHardware(sheet: string): { sheet: SheetModel; arrayCatalog: string; diskClasses: string } {
  const cells: CellModel[] = [
    ...titleAndNote(
      "Your own hardware: arrays and disk classes the functions size with",
      "Add a row and the Design sheet takes it into account: EX_ARRAYS chooses among your arrays and the EqualLogic catalogue by the same rule (fewest arrays, then least waste); EX_SPINDLES reads disk classes by name.",
    ),
    { address: "A4", value: `Your arrays: one row per model, drive and RAID level (a row like a built-in one replaces it; ${SEED_DELL}, 3.4.1)`, role: "heading" },
    ...header(5, ["Model", "Drive", "RAID level", "Usable GB per array", "Measured database IOPS per array"]),
  ];
  for (let r = ARRAYS_FIRST_ROW; r <= ARRAYS_LAST_ROW; r++) {
    cells.push(
      ...["A", "B", "C"].map((column) => ({ address: `${column}${r}`, role: "input" as const })),
      { address: `D${r}`, numberFormat: '#,##0 "GB"', role: "input" },
      { address: `E${r}`, numberFormat: '#,##0 "IOPS"', role: "input" },
    );
  }
  cells.push(
    { address: `A${DISKS_HEADING_ROW}`, value: `Disk classes: random IOPS per disk (${SEED_EMC}, Phase 2; 15K from Microsoft's calculator)`, role: "heading" },
    ...header(DISKS_HEADING_ROW + 1, ["Disk class", "IOPS per disk"]),
  );
  for (let i = 0; i < DISK_CLASS_NAMES.length + OWN_DISK_ROWS; i++) {
    const r = DISKS_FIRST_ROW + i;
    const name = DISK_CLASS_NAMES[i];
    cells.push(
      { address: `A${r}`, value: name, role: "input" },
      { address: `B${r}`, value: name === undefined ? undefined : DISK_CLASS_IOPS[name], numberFormat: '#,##0 "IOPS"', role: "input" },
    );
  }
  cells.push(
    { address: `A${BUILT_IN_HEADING_ROW}`, value: `Built-in arrays, for reference (${SEED_DELL}, Tables 12-13: models with both measured IOPS and usable capacity)`, role: "heading" },
    ...header(BUILT_IN_HEADING_ROW + 1, ["Model", "Drive", "RAID level", "Usable GB per array", "Measured database IOPS per array"]),
  );
  EQUALLOGIC_CATALOGUE.forEach((m, i) => {
    const r = BUILT_IN_HEADING_ROW + 2 + i;
    cells.push(
      { address: `A${r}`, value: m.model, role: "note" },
      { address: `B${r}`, value: m.drive, role: "note" },
      { address: `C${r}`, value: m.raid, role: "note" },
      { address: `D${r}`, value: m.usableGB, numberFormat: '#,##0 "GB"', role: "note" },
      { address: `E${r}`, value: m.iops, numberFormat: '#,##0 "IOPS"', role: "note" },
    );
  });
  return {
    sheet: { name: sheet, columnWidths: [22, 14, 12, 20, 30], frozenRows: 2, cells },
    arrayCatalog: `$A$${ARRAYS_FIRST_ROW}:$E$${ARRAYS_LAST_ROW}`,
    diskClasses: `$A$${DISKS_FIRST_ROW}:$B$${DISKS_LAST_ROW}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Sources sheet

/** SIZING.md section 7, the errata: where the seeds disagree with themselves and what we use. */
const ERRATA: ReadonlyArray<[string, string, string, string, string]> = [
  ["E1", "000 Table 14 vs Table 18", "DBS = NU × MBU × 1.2", "5,000 × 2,356 (no 1.2)", "growth default 1.0 so the reference design reproduces Table 18; 1.2 is one factor away"],
  ["E2", "000 Table 15 vs Table 19", "LVS = TLC × 3 × 1.2", "TLC × 1.1 × 3 × 1.2 (10% for mailbox moves, 3.3.4)", "moveFactor default 1.1"],
  ["E3", "001 spindle counts", "ceil of the formula", '16.97 → "16", 10.8 → "10", 23.26 → "22"', "always round up: a sizing tool must never under-provision"],
  ["E4", "000 2.2", "150 msgs ↔ 9 MB cache", "one passage prints 6 MB", "9 MB (Microsoft's table: 0.06 MB × messages)"],
  ["E5", "001 IOPS requirements", "0.18 IOPS per user already includes the 20% headroom", "5,000 × 0.18 = 900, then + 20% again = 1,080", "EX_IOPS applies headroom once (900); EX_SPINDLES takes the IOPS it is given"],
  ["E6", "002 4.1 and Tables 7, 12", "12,500 mailboxes on 3 servers", 'printed "4,166" each (and 2,083 on 6), target 504', "the busiest server carries 4,167 (2,084): rounded up as E3; IOPS targets round up too (README)"],
];

function buildSources(sheet: string): SheetModel {
  const cells: CellModel[] = [
    { address: "A1", value: "Sources of the Design sheet's methods and reference numbers", role: "title" },
    ...header(3, ["Output", "Seed file", "Table or section", "Reference value"]),
  ];
  const rows: Array<[string, string, string, string]> = [
    ["Database capacity: WSU, DSU, MBU, DBS, DB, IDBS, DVS", SEED_DELL, "Table 14 (process), Table 18 (worked example)", "12 databases of 959 GB on 1,266 GB volumes"],
    ["Log capacity: NL, MSF, NDB, TLC, LVS", SEED_DELL, "Table 15 (process), Table 19 (worked example)", "12 log volumes of 48 GB"],
    ["Capacity of all volumes", SEED_DELL, "3.4.2", "15,768 GB"],
    ["Database IOPS", SEED_DELL, "Table 16; 3.4.2", "900 IOPS"],
    ["Log IOPS", SEED_DELL, "Table 17", "378 IOPS with 2 copies"],
    ["IOPS per user, Exchange 2013 and later", `${SEED_ESRP_2013}; ${SEED_ESRP_2016}`, "calculator profile; Figure 6", "0.121 at 150 messages"],
    ["Spindles", SEED_EMC, "Phase 2; Storage requirements calculated", "17 / 12 / 24 disks at 1,080 IOPS (errata E3, E5)"],
    ["Arrays", SEED_DELL, "3.4.1; Tables 12-13; 3.4.2", "two PS6500E arrays with 500GB drives"],
    ["Resilience: active mailboxes per surviving server", `${SEED_ESRP_2013}; ${SEED_ESRP_2016}`, "4.1 Failure and Recovery Scenarios", "4,166 (002, erratum E6); 1,086 (004)"],
    ["Resilience: target IOPS per server", `${SEED_ESRP_2013}; ${SEED_ESRP_2016}`, "4.2; 6.2.1 Individual Server Metrics", "503-504 (002); 132 (004)"],
    ["Resilience: cores and memory", SEED_VMWARE, "configuration of user and resource sizing", "4,000 users: 4 vCPUs, 28 GB"],
    ["Jetstress pass criteria", SEED_DELL, "3.1.3 footnotes 11-12; ESRP 6.2", "reads ≤ 20 ms, log writes ≤ 10 ms, spikes ≤ 100 ms"],
    ["Hardware: disk classes", SEED_EMC, "Phase 2", "140 IOPS (10K), 65 IOPS (7.2K); 15K: 180 from Microsoft's calculator"],
  ];
  rows.forEach((values, i) => cells.push(...textRow(4 + i, values, ["label", "source", "source", "note"])));
  const errataHeading = 4 + rows.length + 1;
  cells.push({ address: `A${errataHeading}`, value: "Errata: where the seeds disagree with themselves (SIZING.md section 7)", role: "heading" });
  cells.push(...header(errataHeading + 1, ["Erratum", "Where", "The process says", "The worked example does", "The project uses"]));
  ERRATA.forEach((values, i) => cells.push(...textRow(errataHeading + 2 + i, values, ["label", "source", "note", "note", "note"])));
  return { name: sheet, columnWidths: [48, 30, 44, 44, 70], frozenRows: 1, cells };
}

function textRow(row: number, values: readonly string[], roles: CellModel["role"][]): CellModel[] {
  return values.map((value, i) => ({ address: `${String.fromCharCode(65 + i)}${row}`, value, role: roles[i] }));
}

// ---------------------------------------------------------------------------------------------

/** The full set of input values of a design, headline inputs merged over the reference. */
function inputValues(inputs: Partial<HeadlineInputs> = {}): Record<InputKey, number | string> {
  const given = Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined));
  return { ...REFERENCE_INPUTS, ...given, ...OTHER_INPUT_DEFAULTS };
}

/**
 * The reference-design workbook: the 5,000-user DAG of 000_72e1ddb9bbd1ecac.txt 3.4.2 by default,
 * or with the user's headline numbers. `suffix` names a second copy that leaves the first untouched.
 */
export function referenceDesign(options: ReferenceDesignOptions = {}): WorkbookModel {
  const suffix = options.suffix ?? "";
  const sheets = templateSheetNames(suffix);
  const tail = nameSuffix(suffix);
  const names = Object.fromEntries(Object.entries(INPUT_NAMES).map(([key, name]) => [key, name + tail])) as Record<NameKey, string>;
  const inputs = buildInputs(sheets.inputs, inputValues(options.inputs));
  const { sheet: design, chart } = buildDesign(sheets.design, sheets.inputs, names);
  const hardware = buildHardware(sheets.hardware);
  const definedNames: DefinedName[] = [
    ...INPUT_ROWS.map((row) => ({
      name: names[row.key],
      sheet: sheets.inputs,
      range: absolute(INPUT_CELLS[row.key]),
      comment: row.label,
    })),
    {
      name: names.factors,
      sheet: sheets.inputs,
      range: `$A$${FIRST_FACTOR_ROW}:$B$${LAST_FACTOR_ROW}`,
      comment: "Factor names and values, read by every EXSIZE function",
    },
    {
      name: names.servers,
      sheet: sheets.inputs,
      range: `${absolute(INPUT_CELLS.serversSite1)}:${absolute(INPUT_CELLS.serversSite2)}`,
      comment: "Mailbox servers in each site, read by EX_FAILOVER",
    },
    { name: names.arrayCatalog, sheet: sheets.hardware, range: hardware.arrayCatalog, comment: "Your arrays, read by EX_ARRAYS" },
    { name: names.diskClasses, sheet: sheets.hardware, range: hardware.diskClasses, comment: "Disk classes, read by EX_SPINDLES" },
  ];
  const resilience = buildResilience(sheets.resilience, sheets.design, names);
  const jetstress = buildJetstress(sheets.jetstress, sheets.resilience);
  return {
    sheets: [inputs, design, resilience, jetstress, hardware.sheet, buildSources(sheets.sources)],
    names: definedNames,
    charts: [chart],
  };
}

/**
 * The text of the customer copy's stamp: when it was prepared and from which inputs.
 * `preparedOn` is an ISO date (2025-01-31).
 */
export function customerCopyStamp(inputs: HeadlineInputs, preparedOn: string): string {
  const n = (x: number) => x.toLocaleString("en-US", { maximumFractionDigits: 6 });
  return (
    `Customer copy prepared ${preparedOn} from inputs: users ${n(inputs.users)}, quota ${n(inputs.quotaMB)} MB, ` +
    `messages/day ${n(inputs.messagesPerDay)}, message ${n(inputs.messageKB)} KB, copies ${n(inputs.copies)}, ` +
    `max database ${n(inputs.maxDatabaseGB)} GB. EXSIZE formulas are replaced by their values.`
  );
}
