/**
 * The Inputs sheet: the user profile and design a person edits, the factors every
 * function reads, and the mailbox tiers of Microsoft's method, each input with its defined name, its
 * rule (the worksheet functions' own limits and words) and its source. Column A label, B value (the
 * input), C what it is, D source; A3 is the Design check (src/workbook/design-check.ts).
 * Values come from the engine's inputs (src/engine/design/inputs.ts), the reference design by default.
 */
import { FACTOR_DEFAULTS, type FactorName } from "../../engine";
import { DEFAULT_TITLE, INPUTS, type InputDeclaration } from "../../engine/catalogue";
import { methodOf, type WorkbookInputs } from "../../engine/design";
import { FACTOR_PARAMETERS } from "../../functions/arguments";
import { NOT_A_DESIGN } from "../design-check";
import type { CellModel, Highlight, InputRule, SheetModel } from "../model";
import { formula as cellFormula } from "../display";
import { DELL, FORMAT, VMWARE, header, numberRule, sectionHeading, typedDecimalFormats, type InputKey, type NameKey } from "./shared";
import { TIER_COUNT, tierInputs } from "./tiers";

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

/** Units shown as counts, "1 user" and "5,000 users". */
const COUNT_FORMATS: Readonly<Record<string, string>> = { users: FORMAT.users, mailboxes: FORMAT.mailboxes, copies: FORMAT.copies, servers: FORMAT.servers, cores: FORMAT.cores, databases: FORMAT.databases, disks: FORMAT.disks };

/** A typed unit's singular, where a value may be 1: "1 day", not "1 days". */
const SINGULAR: Readonly<Record<string, string>> = { days: "day" };

/** An input's number format on the sheet, from its unit: a count, a share, or a number with its unit ("2,048 MB"). */
function formatOf(input: InputDeclaration): string | undefined {
  if (input.numberFormat !== undefined) return input.numberFormat;
  if (input.unit === "") return undefined;
  if (input.unit === "%") return "0%";
  return COUNT_FORMATS[input.unit] ?? FORMAT.typed(input.unit, SINGULAR[input.unit]);
}

/** Every input of the design's catalogue, in its order: every yellow cell of the Inputs sheet's first table. */
export const INPUT_ROWS: readonly InputRow[] = INPUTS.map((i) => ({ key: i.key, name: i.name, label: i.label, format: formatOf(i), what: i.what, source: i.source, rule: i.rule }));

/** Who the workbook is for and from: text the engine never reads, empty by default. */
export type DocumentInputs = Required<Pick<WorkbookInputs, "title" | "preparedFor" | "preparedBy">>;
export const DOCUMENT_DEFAULTS: Readonly<DocumentInputs> = Object.freeze({ title: "", preparedFor: "", preparedBy: "" });
export { DEFAULT_TITLE };

/**
 * The inputs of the papers' arrays and spindles (Dell's EqualLogic selection, EMC's spindle count): Dell's
 * process's, below the design's inputs in a table of their own, printed only for a design Dell's process
 * sizes. By Microsoft's method the servers' own disks are the storage; the Methods and Design sheets
 * still read these names, to compare.
 */
export const PAPERS_INPUTS: readonly InputKey[] = ["arrayRaid", "arrayModel", "spindleRaid", "spindleDisk", "readRatio"];
/** The inputs as the sheet lays them out: the design's, then the papers'. */
const DESIGN_ROWS = INPUT_ROWS.filter((row) => !PAPERS_INPUTS.includes(row.key));
const PAPERS_ROWS = INPUT_ROWS.filter((row) => PAPERS_INPUTS.includes(row.key));

/** Every input row of the Inputs sheet: its key, defined name, label and rule — for the CLI, the pane and the docs. */
export const DESIGN_INPUT_ROWS: ReadonlyArray<Readonly<Pick<InputRow, "key" | "name" | "label" | "rule">>> = INPUT_ROWS.map(({ key, name, label, rule }) => ({ key, name, label, rule }));

/** What each factor is, its display format and its source; the values are FACTOR_DEFAULTS. */
const FACTOR_ROWS: Record<FactorName, { what: string; format: string; source: string }> = {
  growth: { what: "Database size growth (Dell's process says 1.2; its worked example uses none)", format: '0.00"×"', source: `${DELL("Tables 14 and 18")}; erratum E1` },
  retentionDays: { what: "Deleted item retention", format: FORMAT.typed("days", "day"), source: DELL("Table 14 step 3") },
  singleItemRecovery: { what: "Single item recovery, share of quota", format: "0.0%", source: DELL("Table 14 step 3") },
  calendarLogging: { what: "Calendar version logging, share of quota", format: "0.0%", source: DELL("Table 14 step 3") },
  contentIndex: { what: "Content index on the database volume", format: '0.00"×"', source: DELL("Table 14 step 7") },
  volumeFree: { what: "Free space kept on the database volume", format: '0.00"×"', source: DELL("Table 14 step 7") },
  logsPerMessage: { what: "Log files per message (logs a day: messages times this)", format: "0.00", source: DELL("Table 15 step 2") },
  logFileMB: { what: "The size of one log file", format: FORMAT.typed("MB"), source: DELL("Table 15 step 1") },
  moveFactor: { what: "Mailbox moves within the truncation window", format: '0.00"×"', source: `${DELL("Table 19 and 3.3.4")}; erratum E2` },
  truncationDays: { what: "Days of logs kept against truncation failure", format: FORMAT.typed("days", "day"), source: DELL("Table 15 step 6") },
  overhead: { what: "Log volume overhead", format: '0.00"×"', source: DELL("Table 15 step 6") },
  headroom: { what: "IOPS headroom for spikes", format: '0.00"×"', source: DELL("Tables 16-17") },
  mailboxesPerCore: { what: "Very heavy mailboxes one core serves", format: FORMAT.mailboxes, source: VMWARE("user and resource sizing") },
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
/** The last printed column: the tiers table's (A:E). */
const INPUTS_PRINT_RIGHT = "E";
/** The note below the design's inputs, then the papers' table: its heading, its header, its rows. */
const NOTE_ROW = INPUTS_LAYOUT.firstInputRow + DESIGN_ROWS.length;
const PAPERS_HEADING_ROW = NOTE_ROW + 2;
const FIRST_PAPERS_ROW = PAPERS_HEADING_ROW + 2;
const LAST_PAPERS_ROW = FIRST_PAPERS_ROW + PAPERS_ROWS.length - 1;
const FACTORS_HEADING_ROW = LAST_PAPERS_ROW + 2;
export const FIRST_FACTOR_ROW = FACTORS_HEADING_ROW + 2;
export const LAST_FACTOR_ROW = FIRST_FACTOR_ROW + FACTOR_NAMES.length - 1;
/** Up to four mailbox tiers (Microsoft's calculator sizes them; the papers size one profile). */
export const TIERS = tierInputs(LAST_FACTOR_ROW + 2);

/** Where each input's value sits on the Inputs sheet. */
export const INPUT_CELLS: Readonly<Record<InputKey, string>> = Object.freeze(
  Object.fromEntries([...DESIGN_ROWS.map((row, i) => [row.key, `B${INPUTS_LAYOUT.firstInputRow + i}`]), ...PAPERS_ROWS.map((row, i) => [row.key, `B${FIRST_PAPERS_ROW + i}`])]) as Record<InputKey, string>,
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

/**
 * Inputs whose own rules the Design check reads from one hidden cell (SERVER_DISKS_CHECK_CELL), so its
 * formula stays within Excel's 8,192 characters: those the catalogue marks checkedApart (the server
 * disks, the edition, MCDB, a set database count, the maximum database size configuration, consider
 * JBOD and how the servers are sized).
 */
export const OWN_CHECK_INPUTS: readonly InputKey[] = INPUTS.filter((i) => i.checkedApart).map((i) => i.key);
/** Their verdict (design-check.ts rulesCheckFormula), hidden beside ServerDisk: the Design check says it. */
export const SERVER_DISKS_CHECK_CELL = INPUT_CELLS.serverDisk.replace(/^B/, "E");
/** MCDB "on" where it cannot be (design-check.ts mcdbCheckFormula), hidden beside MCDB: the Design sheet's deployed check reads it. */
export const MCDB_CHECK_CELL = INPUT_CELLS.mcdb.replace(/^B/, "E");
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
  if (row.key === "spindleDisk") return { ...row.rule, range: hardware.diskClassNames, error: "spindleDisk must be a disk class of the Hardware sheet's table" };
  if (row.key === "serverDisk") return { ...row.rule, range: hardware.serverDiskNames, error: "serverDisk must be a server disk of the Hardware sheet's table" };
  return row.rule;
}

export function buildInputs(sheet: string, values: WorkbookInputs, check: string, hardware: { diskClassNames: string; serverDiskNames: string }, environmentCheck: string, serverDisksCheck: string, copiesPerServer?: string, mcdbCheck?: string): SheetModel {
  const ruleOf = (row: InputRow): InputRule => sheetRuleOf(row, hardware);
  const cells: CellModel[] = [
    { address: INPUTS_LAYOUT.title, value: "Exchange mailbox storage sizing: inputs", role: "title" },
    {
      address: INPUTS_LAYOUT.note,
      value: `Yellow cells are inputs: change them and every output follows. Defaults: the 5,000-user DAG design of ${DELL("3.4.2")}.`,
      role: "note",
    },
    // The inputs checked as a whole (src/workbook/design-check.ts), in Excel's own functions.
    { address: INPUTS_LAYOUT.check, formula: cellFormula(check), role: "output" },
    ...sectionHeading(INPUTS_LAYOUT.profileHeading, "User profile and design", INPUTS_WIDTH),
    ...header(INPUTS_LAYOUT.profileHeader, ["Input", "Value", "What it is", "Source"]),
  ];
  const papersShown = methodOf(values) === "dell";
  cells.push(
    ...sectionHeading(PAPERS_HEADING_ROW, papersShown ? "Arrays and spindles: Dell's process and EMC's" : "Arrays and spindles: the papers' (Dell's process and EMC's), to compare on the Methods sheet; not printed for this design", INPUTS_WIDTH),
    ...header(PAPERS_HEADING_ROW + 1, ["Input", "Value", "What it is", "Source"]),
  );
  INPUT_ROWS.forEach((row) => {
    const r = Number(INPUT_CELLS[row.key].slice(1));
    const value = values[row.key];
    cells.push(
      { address: `A${r}`, value: row.label, role: "label" },
      { address: `B${r}`, value: value === "" ? undefined : value, numberFormat: row.format, role: "input", rule: ruleOf(row) },
      { address: `C${r}`, value: row.what, role: "note" },
      { address: `D${r}`, value: row.source, role: "source" },
    );
  });
  cells.push({ address: ENVIRONMENT_CHECK_CELL, formula: cellFormula(environmentCheck), numberFormat: ";;;", role: "step" });
  cells.push({ address: SERVER_DISKS_CHECK_CELL, formula: cellFormula(serverDisksCheck), numberFormat: ";;;", role: "step" });
  if (copiesPerServer !== undefined) cells.push({ address: COPIES_PER_SERVER_CELL, formula: cellFormula(copiesPerServer), numberFormat: ";;;", role: "step" });
  if (mcdbCheck !== undefined) cells.push({ address: MCDB_CHECK_CELL, formula: cellFormula(mcdbCheck), numberFormat: ";;;", role: "step" });
  // An Excel page header is text, and reads no cell: say so where the title is typed.
  cells.push({
    address: `A${NOTE_ROW}`,
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
    columnWidths: [26, 16, 60, 60, 12],
    frozenRows: 2,
    // Fitted to the width only, at a readable size (fitted to one page, its text printed at
    // about 5 pt): the inputs, then the factors and the tiers, each range from a page of its own so the
    // factors' table does not start where a page happens to end.
    print: {
      orientation: "landscape",
      fitToPagesTall: 0,
      // By Microsoft's method the papers' arrays and spindles stay off the page (the servers' disks are the storage).
      area: `A1:${INPUTS_PRINT_RIGHT}${papersShown ? LAST_PAPERS_ROW : NOTE_ROW},A${FACTORS_HEADING_ROW}:${INPUTS_PRINT_RIGHT}${TIERS.firstTierRow + TIER_COUNT - 1}`,
    },
    highlights: checkHighlights(INPUTS_LAYOUT.check),
    // Typed decimals shown where there are some, whole numbers with thousands grouped.
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
