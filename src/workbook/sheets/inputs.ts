/**
 * The Inputs sheet (issues 3, 4, 12): the user profile and design a person edits, the factors every
 * function reads, and the mailbox tiers of Microsoft's method, each input with its defined name, its
 * rule (the worksheet functions' own limits and words) and its source. Column A label, B value (the
 * input), C what it is, D source; A3 is the Design check (src/workbook/design-check.ts).
 * Values come from the engine's inputs (src/engine/design/inputs.ts), the reference design by default.
 */
import { DISK_CLASS_IOPS, EDITIONS_SOURCE, EQUALLOGIC_CATALOGUE, EXCHANGE_EDITIONS, EXCHANGE_VERSION_WORDS, EXCHANGE_VERSIONS, FACTOR_DEFAULTS, VERSION_SOURCES, type FactorName } from "../../engine";
import { arrayModelName } from "../../engine/arrays";
import { JBOD_CATALOGUE } from "../../engine/microsoft/disks";
import { METHOD_CHOICES, type WorkbookInputs } from "../../engine/design";
import { cite } from "../../engine/papers";
import { RAID_LEVELS } from "../../engine/tables";
import { FACTOR_PARAMETERS } from "../../functions/arguments";
import { INPUT_PARAMETERS } from "../../functions/worksheet";
import { NOT_A_DESIGN } from "../design-check";
import type { CellModel, Highlight, InputRule, SheetModel } from "../model";
import { METHODS_INPUTS } from "./methods";
import { DELL, EMC, ESRP_2013, ESRP_2016, FORMAT, VMWARE, header, landscape, listRule, numberRule, sectionHeading, typedDecimalFormats, type InputKey, type NameKey } from "./shared";
import { tierInputs } from "./tiers";

const ARRAY_RAIDS = [...new Set(EQUALLOGIC_CATALOGUE.map((m) => m.raid))];
const ARRAY_NAMES = [...new Set(EQUALLOGIC_CATALOGUE.map(arrayModelName))];
const DAG_LAYOUTS = ["active/active", "active/passive"] as const;

interface InputRow {
  key: InputKey;
  /** Defined name, before the suffix. */
  name: string;
  label: string;
  format?: string;
  what: string;
  source: string;
  rule: InputRule;
}

const P = INPUT_PARAMETERS;

/** The sizing input rows, in sheet order. Values come from DesignInputs, the reference design by default. */
const SIZING_INPUT_ROWS: readonly InputRow[] = [
  { key: "users", name: "Users", label: "Users", format: FORMAT.users, what: "NU: mailboxes, growth included", source: DELL("3.4.2"), rule: numberRule(P.users) },
  { key: "quotaMB", name: "QuotaMB", label: "Mailbox quota", format: FORMAT.typed("MB"), what: "MQ: mailbox quota in MB", source: DELL("3.4.2"), rule: numberRule(P.quotaMB) },
  { key: "messagesPerDay", name: "MessagesPerDay", label: "Messages per day", format: FORMAT.typed("a day"), what: "MSR: messages sent and received per user per day", source: DELL("3.4.2"), rule: numberRule(P.messagesPerDay) },
  { key: "messageKB", name: "MessageKB", label: "Average message size", format: FORMAT.typed("KB"), what: "AMS: average message size in KB", source: DELL("3.4.2"), rule: numberRule(P.messageKB) },
  { key: "copies", name: "Copies", label: "Database copies", format: FORMAT.copies, what: "DAG copies of each database (1 = stand-alone)", source: DELL("3.4.2"), rule: numberRule(P.copies) },
  {
    key: "laggedCopies", name: "LaggedCopies", label: "Lagged copies", format: FORMAT.copies,
    what: "How many of the copies replay with a lag: counted for storage, never activated; at most copies − 2 (0 = none)",
    source: cite("microsoft", "Input sheet"), rule: numberRule(P.laggedCopies),
  },
  {
    key: "lagDays", name: "LagDays", label: "Replay lag", format: FORMAT.typed("days"),
    what: "The lagged copies' replay lag: Microsoft's log space keeps it, the export sets it (-ReplayLagTime); read only with a lagged copy",
    source: cite("microsoft", "Input sheet"), rule: numberRule(P.lagDays),
  },
  { key: "maxDatabaseGB", name: "MaxDatabaseGB", label: "Maximum database size", format: FORMAT.typed("GB"), what: "The largest database allowed, in GB", source: DELL("3.4.2"), rule: numberRule(P.maxDatabaseGB) },
  {
    key: "exchangeVersion", name: "ExchangeVersion", label: "Exchange version", format: "0",
    what: "2010: IOPS by Dell's Exchange 2010 process; 2013, 2016, 2019: by the ESRPs' per-mailbox profile; SE (Exchange Server SE): sized as 2019, whose requirements it shares",
    source: `${DELL("Table 16")}; ${ESRP_2013()}; ${VERSION_SOURCES.systemRequirements2019}`,
    rule: listRule("version", EXCHANGE_VERSIONS.map(String), `Exchange version: ${EXCHANGE_VERSION_WORDS}`),
  },
  {
    key: "method", name: "Method", label: "Sizing method",
    what: '"auto": Dell\'s process for Exchange 2010, Microsoft\'s calculator\'s for 2013 and later; or "dell" or "microsoft" to choose',
    source: `${DELL("3.4")}; ${cite("microsoft")}`,
    rule: listRule("method", METHOD_CHOICES, "Sizing method: auto follows the Exchange version"),
  },
  { key: "arrayRaid", name: "ArrayRaid", label: "RAID level for arrays", what: "RAID50 or RAID10, the levels the array tables measure", source: DELL("Tables 12-13"), rule: listRule("raid", ARRAY_RAIDS, "RAID level of the arrays") },
  {
    key: "arrayModel", name: "ArrayModel", label: "Array model", what: '"auto" (fewest arrays, then least waste) or a model such as "PS6500E 500GB"', source: DELL("3.4.1"),
    rule: listRule("model", ["auto", ...ARRAY_NAMES], '"auto", or the array model and drive to use'),
  },
  { key: "spindleRaid", name: "SpindleRaid", label: "RAID level for spindles", what: "RAID level of your own spindle row on the Design sheet", source: EMC("Phase 2"), rule: listRule("raid", RAID_LEVELS, "RAID level for the spindle count") },
  {
    key: "spindleDisk", name: "SpindleDisk", label: "Spindle disk class", what: "Disk class, from the Hardware sheet's disk classes", source: EMC("Phase 2"),
    rule: listRule("disk", Object.keys(DISK_CLASS_IOPS), "Disk class of the spindles"),
  },
  { key: "readRatio", name: "ReadRatio", label: "Read ratio", format: "0%", what: "Share of database I/O that is reads (3:2)", source: EMC("Phase 2"), rule: numberRule(P.readRatio) },
  { key: "serversSite1", name: "ServersFirstSite", label: "Mailbox servers, site 1", format: FORMAT.servers, what: "DAG members in the first site (the active site when active/passive)", source: `${ESRP_2013("4.1")}; ${ESRP_2016("4.1")}`, rule: numberRule(P.servers) },
  {
    key: "serversSite2", name: "ServersSecondSite", label: "Mailbox servers, site 2", format: FORMAT.servers,
    what: "DAG members in a second site; leave empty for one site. Copies sit round-robin over the sites",
    source: `${ESRP_2013("4.1")}; ${ESRP_2016("4.1")}`, rule: numberRule(P.servers, true, "servers in the second site; empty for one site"),
  },
  {
    key: "dagLayout", name: "DagLayout", label: "DAG layout",
    what: '"active/active": every server carries active copies; "active/passive": only the first site does',
    source: `${ESRP_2016("4.1")} (active/active); ${ESRP_2013("4.1")} (active/passive)`,
    rule: listRule("layout", DAG_LAYOUTS, "Where the active copies run"),
  },
  {
    key: "environmentUsers", name: "EnvironmentUsers", label: "Mailboxes in the environment", format: FORMAT.users,
    what: "The environment's mailboxes, sized as identical DAGs of Users each (the Summary's environment); empty or 0: this DAG alone",
    source: ESRP_2016("4"), rule: numberRule(P.environmentUsers, true),
  },
  // Microsoft's method on the Methods sheet (src/workbook/sheets/methods.ts): its own inputs.
  ...METHODS_INPUTS.map((input) => ({
    key: input.key as InputKey,
    name: input.name,
    label: input.label,
    format: input.key === "peakHourLogShare" ? "0%" : input.key === "archiveMB" ? FORMAT.typed("MB") : input.key === "coresPerServer" ? FORMAT.cores : undefined,
    what: input.rule.prompt,
    source: cite("microsoft", "Input sheet"),
    rule: input.rule,
  })),
  // A Microsoft-method server's own disks, JBOD or RAID (issue 17): the Summary's server disks read them.
  {
    key: "serverDisk", name: "ServerDisk", label: "Server disk",
    what: "A server's disk, from the Hardware sheet's server disks; read by Microsoft's method: JBOD with three or more copies that can be activated, else a RAID set",
    source: `${cite("microsoft", "Input sheet")}; ${ESRP_2016("4")}`,
    rule: listRule("serverDisk", JBOD_CATALOGUE.map((d) => d.name), "A server's disk, JBOD or RAID"),
  },
  {
    key: "databasesPerVolume", name: "DatabasesPerVolume", label: "Databases a disk's volume", format: FORMAT.typed("databases"),
    what: "Databases each JBOD disk's volume holds; 0: the most that fit the disk's space and I/O, at most the copies",
    source: `${cite("microsoft", "Input sheet")}; ${ESRP_2016("Table 5")}`, rule: numberRule(P.databasesPerVolume),
  },
  { key: "autoReseedDisks", name: "AutoReseedDisks", label: "AutoReseed disks a server", format: FORMAT.typed("disks"), what: "Spare disks AutoReseed reseeds a failed disk's copies onto", source: cite("microsoft", "Input sheet"), rule: numberRule(P.autoReseedDisks) },
  { key: "spareDisks", name: "SpareDisks", label: "Hot spare disks a server", format: FORMAT.typed("disks"), what: "Hot spares beyond the calculator's count (it counts none; Dell EMC's design keeps one)", source: ESRP_2016("4"), rule: numberRule(P.spareDisks) },
  // Issue 31: the databases a server mounts, by edition (src/engine/version.ts MOUNTED_DATABASE_LIMITS).
  {
    key: "edition", name: "Edition", label: "Exchange edition",
    what: "Enterprise mounts up to 100 databases a server, Standard 5 (active and passive copies; not checked for 2010)",
    source: EDITIONS_SOURCE, rule: listRule("edition", EXCHANGE_EDITIONS, "Exchange edition: Enterprise or Standard"),
  },
];

/**
 * Who the workbook is for and from (issue 18): the Summary's heading and every page header show
 * them. Text, not sizing inputs: the engine never reads them, and the Design check leaves them out.
 */
export interface DocumentInputs {
  title: string;
  preparedFor: string;
  preparedBy: string;
}
export const DOCUMENT_DEFAULTS: Readonly<DocumentInputs> = Object.freeze({ title: "", preparedFor: "", preparedBy: "" });
/** The design's name in page headers and on the Summary when no title is given. */
export const DEFAULT_TITLE = "Exchange mailbox storage design";

// The one record of a design's inputs (src/engine/design/inputs.ts, issue 15) holds these too, so
// the CLI's options, the pane's fields and the cells stay one list; optional there, "" by default here.
declare module "../../engine/design/inputs" {
  interface WorkbookInputs {
    title?: string;
    preparedFor?: string;
    preparedBy?: string;
  }
}

/** One line, no formula-like opening, a length a page header holds beside the others. */
const textRule = (what: string, maxLength: number): InputRule => ({
  kind: "text",
  maxLength,
  allowBlank: true,
  prompt: `${what}: one line, up to ${maxLength} characters; empty to leave it out`,
  error: `${what.toLowerCase()} must be one line of at most ${maxLength} characters, not starting with = + - or @`,
});

const DOCUMENT_ROWS: readonly InputRow[] = [
  { key: "title", name: "DesignTitle", label: "Design title", format: "@", what: `The design's name on the Summary and in every page header; empty: "${DEFAULT_TITLE}"`, source: "Yours", rule: textRule("Design title", 60) },
  { key: "preparedFor", name: "PreparedFor", label: "Prepared for", format: "@", what: "The customer or project, in every page header", source: "Yours", rule: textRule("Prepared for", 50) },
  { key: "preparedBy", name: "PreparedBy", label: "Prepared by", format: "@", what: "Who prepared the design, in every page header", source: "Yours", rule: textRule("Prepared by", 50) },
];

/** The sizing inputs and then the document's: every yellow cell of the Inputs sheet's first table, in order. */
export const INPUT_ROWS: readonly InputRow[] = [...SIZING_INPUT_ROWS, ...DOCUMENT_ROWS];

/** Every input row of the Inputs sheet: its key, defined name, label and rule — for the CLI, the pane and the docs. */
export const DESIGN_INPUT_ROWS: ReadonlyArray<Readonly<Pick<InputRow, "key" | "name" | "label" | "rule">>> = INPUT_ROWS.map(({ key, name, label, rule }) => ({ key, name, label, rule }));

/** What each factor is, its display format and its source; the values are FACTOR_DEFAULTS. */
const FACTOR_ROWS: Record<FactorName, { what: string; format: string; source: string }> = {
  growth: { what: "DBS multiplier (Dell's process says 1.2; its worked example uses none)", format: '0.00"×"', source: `${DELL("Tables 14 and 18")}; erratum E1` },
  retentionDays: { what: "Deleted item retention", format: FORMAT.typed("days"), source: DELL("Table 14 step 3") },
  singleItemRecovery: { what: "Single item recovery, share of quota", format: "0.0%", source: DELL("Table 14 step 3") },
  calendarLogging: { what: "Calendar version logging, share of quota", format: "0.0%", source: DELL("Table 14 step 3") },
  contentIndex: { what: "Content index on the database volume", format: '0.00"×"', source: DELL("Table 14 step 7") },
  volumeFree: { what: "Free space kept on the database volume", format: '0.00"×"', source: DELL("Table 14 step 7") },
  logsPerMessage: { what: "Log files per message (NL = MSR × this)", format: "0.00", source: DELL("Table 15 step 2") },
  logFileMB: { what: "LFS: size of one log file", format: FORMAT.typed("MB"), source: DELL("Table 15 step 1") },
  moveFactor: { what: "Mailbox moves within the truncation window", format: '0.00"×"', source: `${DELL("Table 19 and 3.3.4")}; erratum E2` },
  truncationDays: { what: "Days of logs kept against truncation failure", format: FORMAT.typed("days"), source: DELL("Table 15 step 6") },
  overhead: { what: "Log volume overhead", format: '0.00"×"', source: DELL("Table 15 step 6") },
  headroom: { what: "IOPS headroom for spikes", format: '0.00"×"', source: DELL("Tables 16-17") },
  mailboxesPerCore: { what: "Very heavy mailboxes one core serves", format: '#,##0 "mailboxes"', source: VMWARE("user and resource sizing") },
  baseMemoryGB: { what: "Mailbox server memory before mailboxes", format: FORMAT.typed("GB"), source: VMWARE("user and resource sizing") },
  memoryPerMailboxMB: { what: "Mailbox server memory per active mailbox", format: FORMAT.typed("MB"), source: VMWARE("user and resource sizing") },
};

const FACTOR_NAMES = Object.keys(FACTOR_DEFAULTS) as FactorName[];

/** Each factor of the Inputs sheet's factors table with its rule (the functions' limits). */
export const FACTOR_INPUT_ROWS: ReadonlyArray<{ name: FactorName; rule: InputRule }> = FACTOR_NAMES.map((name) => ({ name, rule: numberRule(FACTOR_PARAMETERS[name]) }));

/** Inputs sheet layout: columns A label, B value (the input), C what it is, D source. */
export const INPUTS_LAYOUT = {
  title: "A1",
  note: "A2",
  check: "A3",
  profileHeading: 4,
  profileHeader: 5,
  firstInputRow: 6,
} as const;
const INPUTS_WIDTH = 4;
const FACTORS_HEADING_ROW = INPUTS_LAYOUT.firstInputRow + INPUT_ROWS.length + 1;
export const FIRST_FACTOR_ROW = FACTORS_HEADING_ROW + 2;
export const LAST_FACTOR_ROW = FIRST_FACTOR_ROW + FACTOR_NAMES.length - 1;
/** Up to four mailbox tiers (Microsoft's calculator sizes them; the papers size one profile). */
export const TIERS = tierInputs(LAST_FACTOR_ROW + 2);

/** Where each input's value sits on the Inputs sheet. */
export const INPUT_CELLS: Readonly<Record<InputKey, string>> = Object.freeze(
  Object.fromEntries(INPUT_ROWS.map((row, i) => [row.key, `B${INPUTS_LAYOUT.firstInputRow + i}`])) as Record<InputKey, string>,
);

/** Where each factor's value sits on the Inputs sheet (column A holds its name). */
export const FACTOR_CELLS: Readonly<Record<FactorName, string>> = Object.freeze(
  Object.fromEntries(FACTOR_NAMES.map((name, i) => [name, `B${FIRST_FACTOR_ROW + i}`])) as Record<FactorName, string>,
);

/**
 * The environment's verdict (design-check.ts environmentCheckFormula) beside its input, in column E:
 * the Design check reads it, so its formula stays within Excel's 8,192 characters. Hidden (";;;"):
 * the Design check above says it.
 */
export const ENVIRONMENT_CHECK_CELL = INPUT_CELLS.environmentUsers.replace(/^B/, "E");

/** The server disks' inputs, whose own rules the Design check reads from one hidden cell (SERVER_DISKS_CHECK_CELL). */
export const SERVER_DISK_INPUTS: readonly InputKey[] = ["serverDisk", "databasesPerVolume", "autoReseedDisks", "spareDisks"];
/** Their verdict (design-check.ts rulesCheckFormula), hidden beside ServerDisk: the Design check says it. */
export const SERVER_DISKS_CHECK_CELL = INPUT_CELLS.serverDisk.replace(/^B/, "E");
/** The busiest server's copies (design-check.ts copiesPerServerFormula), hidden beside Copies: the Design check compares it with 100. */
export const COPIES_PER_SERVER_CELL = INPUT_CELLS.copies.replace(/^B/, "E");

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
  serverDisks: "ServerDisks",
});

/** An input's rule on the sheet: the disk drop-downs list the Hardware sheet's rows, so a disk a person adds there can be picked. */
export function sheetRuleOf(row: Pick<InputRow, "key" | "rule">, hardware: { diskClassNames: string; serverDiskNames: string }): InputRule {
  if (row.rule.kind !== "list") return row.rule;
  if (row.key === "spindleDisk") return { ...row.rule, range: hardware.diskClassNames, error: "disk must be a disk class of the Hardware sheet's table" };
  if (row.key === "serverDisk") return { ...row.rule, range: hardware.serverDiskNames, error: "serverDisk must be a server disk of the Hardware sheet's table" };
  return row.rule;
}

export function buildInputs(sheet: string, values: WorkbookInputs, check: string, hardware: { diskClassNames: string; serverDiskNames: string }, environmentCheck: string, serverDisksCheck: string, copiesPerServer?: string): SheetModel {
  const ruleOf = (row: InputRow): InputRule => sheetRuleOf(row, hardware);
  const cells: CellModel[] = [
    { address: INPUTS_LAYOUT.title, value: "Exchange mailbox storage sizing: inputs", role: "title" },
    {
      address: INPUTS_LAYOUT.note,
      value: `Yellow cells are inputs: change them and every output follows. Defaults: the 5,000-user DAG design of ${DELL("3.4.2")}.`,
      role: "note",
    },
    // The inputs checked as a whole (src/workbook/design-check.ts), in Excel's own functions.
    { address: INPUTS_LAYOUT.check, formula: "=" + check, role: "output" },
    ...sectionHeading(INPUTS_LAYOUT.profileHeading, "User profile and design", INPUTS_WIDTH),
    ...header(INPUTS_LAYOUT.profileHeader, ["Input", "Value", "What it is", "Source"]),
  ];
  INPUT_ROWS.forEach((row, i) => {
    const r = INPUTS_LAYOUT.firstInputRow + i;
    const value = values[row.key];
    cells.push(
      { address: `A${r}`, value: row.label, role: "label" },
      { address: `B${r}`, value: value === "" ? undefined : value, numberFormat: row.format, role: "input", rule: ruleOf(row) },
      { address: `C${r}`, value: row.what, role: "note" },
      { address: `D${r}`, value: row.source, role: "source" },
    );
  });
  cells.push({ address: ENVIRONMENT_CHECK_CELL, formula: "=" + environmentCheck, numberFormat: ";;;", role: "step" });
  cells.push({ address: SERVER_DISKS_CHECK_CELL, formula: "=" + serverDisksCheck, numberFormat: ";;;", role: "step" });
  if (copiesPerServer !== undefined) cells.push({ address: COPIES_PER_SERVER_CELL, formula: "=" + copiesPerServer, numberFormat: ";;;", role: "step" });
  // An Excel page header is text, and reads no cell: say so where the title is typed (issue 18).
  cells.push({
    address: `A${INPUTS_LAYOUT.firstInputRow + INPUT_ROWS.length}`,
    value: "Page headers print the title and names as written with the workbook: a header cannot read a cell, so edits here reach the Summary only.",
    role: "note",
  });
  cells.push(
    ...sectionHeading(FACTORS_HEADING_ROW, "Factors: every function reads this table; change a value to override its default", INPUTS_WIDTH),
    ...header(FACTORS_HEADING_ROW + 1, ["Factor", "Value", "What it is", "Source"]),
  );
  FACTOR_NAMES.forEach((name, i) => {
    const r = FIRST_FACTOR_ROW + i;
    const row = FACTOR_ROWS[name];
    cells.push(
      { address: `A${r}`, value: name, role: "label" },
      { address: `B${r}`, value: FACTOR_DEFAULTS[name], numberFormat: row.format, role: "input", rule: numberRule(FACTOR_PARAMETERS[name]) },
      { address: `C${r}`, value: row.what, role: "note" },
      { address: `D${r}`, value: row.source, role: "source" },
    );
  });
  // Mailbox tiers for Microsoft's method (the Methods sheet), below the factors.
  cells.push(...TIERS.cells);
  return {
    name: sheet,
    columnWidths: [26, 16, 54, 54, 12],
    frozenRows: 2,
    print: landscape(1, `${INPUTS_LAYOUT.profileHeader}:${INPUTS_LAYOUT.profileHeader}`),
    highlights: checkHighlights(INPUTS_LAYOUT.check),
    // Typed decimals shown where there are some, whole numbers with thousands grouped (issue 18).
    decimalFormats: typedDecimalFormats(cells),
    cells,
  };
}

/** The Design check cell: red when the inputs make no design, green when they do. */
export const checkHighlights = (address: string): Highlight[] => [
  { range: address, text: NOT_A_DESIGN, tone: "bad" },
  { range: address, text: "OK:", tone: "good" },
];

/** Where the Design check sits on the Inputs sheet (and, as a copy, on the Summary). */
export const DESIGN_CHECK_CELL = Object.freeze({ inputs: "A3", summary: "A4" });
