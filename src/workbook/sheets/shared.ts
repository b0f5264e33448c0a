/**
 * The template's shared vocabulary ("the house"): what every sheet of the reference-design
 * workbook (src/workbook/template.ts lists them; one file each beside this one) writes with — the
 * sheet and defined-name builders, cell addresses, number formats, input rules, headings and print
 * setups, text wrapping, the papers' cite shorthands, and how a formula addresses the other sheets.
 * Nothing here imports template.ts, so no sheet does either.
 */
import type { FactorName } from "../../engine";
import type { WorkbookInputs } from "../../engine/design";
import { cite } from "../../engine/papers";
import { SMALL_FIGURE, type Quantity } from "../../engine/catalogue";
import { describeRange, type NumberParameter } from "../../functions/arguments";
import type { CellModel, CellRole, DecimalFormat, InputRule, PrintSetup, SheetModel } from "../model";

// Cells name each paper by publisher and title (src/engine/papers.ts), never by its seed file:
// dell = 000_72e1ddb9bbd1ecac.txt, emc = 001, esrp2013 = 002, vmware = 003, esrp2016 = 004.
export const DELL = (where?: string) => cite("dell", where);
export const EMC = (where?: string) => cite("emc", where);
export const ESRP_2013 = (where?: string) => cite("esrp2013", where);
export const ESRP_2016 = (where?: string) => cite("esrp2016", where);
export const VMWARE = (where?: string) => cite("vmware", where);

export const BASE_SHEETS = {
  summary: "Summary",
  inputs: "Inputs",
  design: "Design",
  methods: "Methods",
  resilience: "Resilience",
  distribution: "Distribution",
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

export const absolute = (address: string): string => address.replace(/^([A-Z]+)(\d+)$/, "$$$1$$$2");
export const column = (i: number): string => String.fromCharCode(65 + i);

// ---------------------------------------------------------------------------------------------
// Number formats: one unit per value, in the format; singular for 1.

/**
 * A catalogue quantity's number format: grouped, to its decimals (its smallDigits below SMALL_FIGURE), its
 * unit after where `withUnit`; undefined for a word.
 */
export function quantityFormat(q: Pick<Quantity, "digits" | "smallDigits" | "unit">, withUnit = false): string | undefined {
  const after = withUnit && q.unit ? ` "${q.unit}"` : "";
  const format = (n: number) => `${n === 0 ? "#,##0" : `#,##0.${"0".repeat(n)}`}${after}`;
  if (q.digits === undefined) return undefined;
  return q.smallDigits === undefined ? format(q.digits) : `[<${SMALL_FIGURE}]${format(q.smallDigits)};${format(q.digits)}`;
}

/** Whole above SMALL_FIGURE, one decimal below it (the catalogue's smallDigits), with the unit text after. */
export const smallToOneDecimal = (after: string, before = ""): string => {
  const [b, a] = [before, after].map((t) => (t === "" ? "" : `"${t.replace(/"/g, "")}"`));
  return `[<${SMALL_FIGURE}]${b}0.0${a};${b}#,##0${a}`;
};
const count = (one: string, many: string): string => `[=1]0 "${one}";#,##0 "${many}"`;
/** A site's failure in a DAG of one site: it cannot occur, so it is neither survivable nor not. */
export const ONE_SITE = "does not apply (one site)";

export const FORMAT = {
  users: count("user", "users"),
  copies: count("copy", "copies"),
  servers: count("server", "servers"),
  databases: count("database", "databases"),
  volumes: count("volume", "volumes"),
  disks: count("disk", "disks"),
  arrays: count("array", "arrays"),
  mailboxes: count("mailbox", "mailboxes"),
  cores: count("core", "cores"),
  dags: count("DAG", "DAGs"),
  gb: '#,##0 "GB"',
  gb2: '#,##0.00 "GB"',
  mb2: '#,##0.00 "MB"',
  /** A figure below SMALL_FIGURE to a decimal, as the catalogue shows it: a 2-mailbox design's 0.3 IOPS is not "0 IOPS". */
  iops: smallToOneDecimal(' "IOPS"'),
  ms: '0.00 "ms"',
  /**
   * An input's format: thousands grouped, "2,048 MB". Its decimals, as typed (75.4 KB is not "75 KB"),
   * show through a conditional format: typedDecimalFormats.
   */
  typed: (unit: string, one?: string) => (one === undefined ? `#,##0" ${unit}"` : `[=1]#,##0" ${one}";#,##0" ${unit}"`),
} as const;

/** The unit of an input's format (FORMAT.typed; its plural where it has a singular), or undefined for any other format. */
export function typedUnit(format: string | undefined): string | undefined {
  return format ? /^(?:\[=1\]#,##0" [^"]+";)?#,##0" (.+)"$/.exec(format)?.[1] : undefined;
}

/**
 * The typed inputs among `cells` (input cells in FORMAT.typed), as decimal formats: each column's run
 * of cells in the same format one rectangle, shown with up to six decimals ("2,048.5 MB") where the
 * number has decimals, as Excel's General shows a typed value to six places and groupedFormula does.
 */
export function typedDecimalFormats(cells: readonly CellModel[]): DecimalFormat[] {
  const typed = cells
    .filter((c) => c.role === "input" && typedUnit(c.numberFormat) !== undefined)
    .map((c) => {
      const [, letters, digits] = /^([A-Z]+)(\d+)$/.exec(c.address)!;
      return { column: letters, row: Number(digits), unit: typedUnit(c.numberFormat)! };
    })
    .sort((a, b) => (a.column === b.column ? a.row - b.row : a.column < b.column ? -1 : 1));
  const formats: DecimalFormat[] = [];
  let run: { column: string; first: number; last: number; unit: string } | undefined;
  const close = () => run && formats.push({ range: run.first === run.last ? `${run.column}${run.first}` : `${run.column}${run.first}:${run.column}${run.last}`, numberFormat: `#,##0.######" ${run.unit}"` });
  for (const cell of typed) {
    if (run && run.column === cell.column && run.last === cell.row - 1 && run.unit === cell.unit) run.last = cell.row;
    else {
      close();
      run = { column: cell.column, first: cell.row, last: cell.row, unit: cell.unit };
    }
  }
  close();
  return formats;
}

// ---------------------------------------------------------------------------------------------
// Input rules: Excel data validation with the worksheet functions' own limits and words.

export function numberRule(p: NumberParameter, allowBlank = false, prompt = p.what): InputRule {
  const low = p.min ?? p.above ?? 0;
  return {
    kind: p.integer ? "whole" : "decimal",
    min: low,
    max: p.max,
    ...(p.min === undefined && p.above !== undefined ? { aboveMin: true } : {}),
    allowBlank,
    prompt: prompt.charAt(0).toUpperCase() + prompt.slice(1),
    error: `${p.name} must be ${describeRange(p)}`,
  };
}

export function listRule(name: string, values: readonly string[], prompt: string): InputRule {
  return { kind: "list", values, allowBlank: false, prompt, error: `${name} must be one of: ${values.join(", ")}` };
}

// ---------------------------------------------------------------------------------------------
// Defined names: one per input cell, and the ranges functions read whole.

export type InputKey = keyof WorkbookInputs;

/** Defined names beyond the single input cells: ranges that functions read whole. */
export type RangeNameKey = "factors" | "servers" | "arrayCatalog" | "diskClasses" | "serverDisks";
export type NameKey = InputKey | RangeNameKey;

// ---------------------------------------------------------------------------------------------
// Cells every sheet writes: headings, a title and its note, a row of text; print setups.

/** A section heading whose fill runs across the table's `width` columns. */
export function sectionHeading(row: number, text: string, width: number): CellModel[] {
  return Array.from({ length: width }, (_, i) => ({
    address: `${column(i)}${row}`,
    ...(i === 0 ? { value: text } : {}),
    role: "heading" as const,
  }));
}

export function header(row: number, titles: readonly string[]): CellModel[] {
  return titles.map((value, i) => ({ address: `${column(i)}${row}`, value, role: "heading" as const }));
}

/** A sheet's first lines: its title in A1 and a note saying how to use it in A2. */
export function titleAndNote(title: string, note: string): CellModel[] {
  return [
    { address: "A1", value: title, role: "title" },
    { address: "A2", value: note, role: "note" },
  ];
}

export function textRow(row: number, values: readonly string[], roles: CellRole[]): CellModel[] {
  return values.map((value, i) => ({ address: `${column(i)}${row}`, value, role: roles[i] }));
}

export const landscape = (fitToPagesTall: number, titleRows?: string): PrintSetup => ({ orientation: "landscape", fitToPagesTall, ...(titleRows ? { titleRows } : {}) });
export const portrait = (fitToPagesTall: number, titleRows?: string): PrintSetup => ({ orientation: "portrait", fitToPagesTall, ...(titleRows ? { titleRows } : {}) });

// ---------------------------------------------------------------------------------------------
// How a Design formula addresses inputs, factors, earlier outputs and the other sheets.

/** The Design sheet's outputs (src/workbook/sheets/design.ts), each a cell in column C. */

export type DesignOutput =
  | "methodUsed"
  | "databasesDeployed"
  | "whiteSpacePerUserMB"
  | "dumpsterPerUserMB"
  | "mailboxOnDiskMB"
  | "totalDatabaseGB"
  | "databaseCount"
  | "dellDatabases"
  | "databaseGB"
  | "dellDatabaseVolumeGB"
  | "provisionedDatabaseVolumeGB"
  | "logFilesPerUserPerDay"
  | "messageSizeFactor"
  | "usersPerDatabase"
  | "dailyLogMBPerDatabase"
  | "dellLogVolumeGB"
  | "provisionedLogVolumeGB"
  | "logVolumeCount"
  | "databaseVolumesTotalGB"
  | "logVolumesTotalGB"
  | "totalCapacityGB"
  | "capacityToProvisionGB"
  | "iopsPerUser"
  | "dellDatabaseIops"
  | "logIops"
  | "dellDagDatabaseIops"
  | "msDatabaseVolumeGB"
  | "msLogVolumeGB"
  | "msCapacityGB"
  | "msCoresNeeded"
  | "answerDatabaseVolumeGB"
  | "answerLogVolumeGB"
  | "answerVolumesGB"
  | "answerCapacityGB"
  | "answerIopsPerMailbox"
  | "answerDatabaseIops"
  | "answerDagIops"
  | "answerLogIops"
  | "answerMemoryGB"
  | "answerCores"
  | "answerPageFileGB"
  | "serverLimits"
  | "serverRefusal"
  | "deployedCheck"
  | "spindlesRaid5At10K"
  | "spindlesRaid10At10K"
  | "spindlesRaid10At7200"
  | "spindlesChosen"
  | "arrays"
  | "arraysPerCopy"
  | "arrayModel";

/** A formula in its two renderings: through the add-in's functions, and in Excel's own. */
export interface Rendered {
  formula: string;
  native?: string;
}

/** The candidate table's columns, as absolute sheet-qualified ranges. */
export interface CandidateColumns {
  model: string;
  drive: string;
  arraysPerCopy: string;
  /** 1 on the row chosen (the first of the fewest arrays, then least usable GB), else empty. */
  chosen: string;
}

/** How a Design formula addresses everything it reads; template.ts builds it for a suffix. */
/** A Microsoft figure the sheets read from the Methods sheet (methods.ts microsoftCell); here, so methods.ts and this file import no circle. */
export type MicrosoftKey = "disk" | "logs" | "iopsPerMailbox" | "databases" | "databaseGB" | "copiesPerServer" | "active" | "peak" | "dagIops" | "dagLogIops" | "megacycles" | "memoryGB" | "cores";

export interface References {
  /** A defined input name, suffixed: `Users_2`. */
  input(key: NameKey): string;
  /** A factor's value cell on the Inputs sheet, qualified: `'Inputs 2'!$B$22`. */
  factor(name: FactorName): string;
  /** An earlier output on the Design sheet: `C7`. */
  output(key: DesignOutput): string;
  /** A quantity of the design's catalogue, qualified: the first of its cells (quantity-cells.ts) that always shows it. */
  quantity(key: string): string;
  /** The array candidates on the Hardware sheet, for the native array choice. */
  candidates: CandidateColumns;
  /** One of Microsoft's figures on the Methods sheet, qualified: `Methods!$D$10`. */
  microsoft(key: MicrosoftKey): string;
  /** Microsoft's log space a database (methods.ts LOG_SPACE_CELL), qualified. */
  microsoftLogSpaceGB: string;
  /** A helper cell of the Methods sheet (its absolute address there, methods.ts), qualified. */
  methodsCell(cell: string): string;
  /** The servers' cores and memory by VMware's rule, worst survivable case (Resilience sheet), qualified. */
  vmware(result: "cores" | "memory"): string;
  /** The DAG's servers, copies and layout, for the balanced count. */
  dag: { serversFirstSite: string; serversSecondSite: string; copies: string; layout: string; lagged?: string };
  /** The mailboxes Microsoft's method sizes, every tier's (methods.ts TIER_MAILBOXES_CELL), qualified; omitted: Users. */
  mailboxes?: string;
  /** The MCDB input's refusal, a hidden cell beside it on the Inputs sheet (design-check.ts mcdbCheckFormula), qualified; omitted: none. */
  mcdbCheck?: string;
  /**
   * The Methods sheet's cells saying the deployed databases outgrow the maximum database size (OUTGROWN_CELL),
   * the design is on JBOD, its disks a server (a number where they can be laid out), and the count the user
   * sets (0: the calculator's), qualified.
   */
  outgrown?: { outgrown: string; jbod: string; disks: string; setDatabases: string };
}

// ---------------------------------------------------------------------------------------------
// Text that wraps within its column, so each sheet prints one page wide.

/** Wraps the text cells of `columns` below `belowRow`, and grows each row to the lines it takes. */

export function wrapText(sheet: SheetModel, columns: readonly string[], belowRow: number): SheetModel {
  if (columns.length === 0) return sheet;
  // Rows the sheet already sized (Resilience's site rows) keep their height, or grow to their text.
  const rowHeights: Record<number, number> = { ...sheet.rowHeights };
  const cells = sheet.cells.map((cell) => {
    const m = /^([A-Z]+)(\d+)$/.exec(cell.address)!;
    const row = Number(m[2]);
    const text = cell.role === "note" || cell.role === "source" || cell.role === "label";
    if (!(text && columns.includes(m[1]) && row > belowRow)) return cell;
    const lines = wrappedLines(String(cell.value ?? ""), sheet.columnWidths?.[m[1].charCodeAt(0) - 65] ?? 10);
    if (lines > 1) rowHeights[row] = Math.max(rowHeights[row] ?? 0, lines * LINE_HEIGHT_POINTS);
    return { ...cell, wrap: true };
  });
  // A row that grows is read from its top: its other cells align to the top too.
  const aligned = cells.map((cell) =>
    !cell.wrap && cell.role !== "heading" && cell.role !== "title" && rowHeights[Number(/\d+$/.exec(cell.address)![0])] ? { ...cell, wrap: true } : cell,
  );
  return { ...sheet, cells: aligned, ...(Object.keys(rowHeights).length > 0 ? { rowHeights } : {}) };
}

/** One line of Calibri 11 (Excel's default row height). */
const LINE_HEIGHT_POINTS = 15;

/**
 * Widths of the printable ASCII characters, " " to "~", in widths of the digit "0" (the unit of a
 * column's width): Carlito's advance widths (metric-compatible with Calibri), read from its hmtx table.
 */
const CHARACTER_WIDTHS = [
  0.45, 0.64, 0.79, 0.98, 1.0, 1.41, 1.35, 0.44, 0.6, 0.6, 0.98, 0.98, 0.49, 0.6, 0.5, 0.76, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.53, 0.53, 0.98, 0.98, 0.98, 0.91,
  1.76, 1.14, 1.07, 1.05, 1.21, 0.96, 0.91, 1.24, 1.23, 0.5, 0.63, 1.03, 0.83, 1.69, 1.27, 1.31, 1.02, 1.33, 1.07, 0.91, 0.96, 1.27, 1.12, 1.76, 1.02, 0.96, 0.92, 0.61, 0.76, 0.61,
  0.98, 0.98, 0.57, 0.95, 1.04, 0.83, 1.04, 0.98, 0.6, 0.93, 1.04, 0.45, 0.47, 0.9, 0.45, 1.58, 1.04, 1.04, 1.04, 1.04, 0.69, 0.77, 0.66, 1.04, 0.89, 1.41, 0.85, 0.89, 0.78, 0.62,
  0.91, 0.62, 0.98,
];

/** A text's width in widths of "0", as Calibri 11 prints it; a character outside ASCII as a "0". */
export function textWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += CHARACTER_WIDTHS[(ch.codePointAt(0) ?? 0) - 32] ?? 1;
  return width;
}

/**
 * Lines a text takes when wrapped in a column `width` characters wide (widths of the digit "0"),
 * each word measured by the font's widths, less the cell's margins (about 0.6 of a "0": a 54-wide
 * column prints lines of up to 53.2). A line is filled word by word, and, as LibreOffice and Excel
 * do, may break after a word's hyphen; only a word longer than a line is split.
 */
export function wrappedLines(text: string, width: number): number {
  const perLine = Math.max(1, width - 0.6);
  const space = CHARACTER_WIDTHS[0];
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    // "stand-alone" is "stand-" then "alone", with no space between.
    for (const [i, part] of (word.match(/[^-]*-+|[^-]+$/g) ?? [word]).entries()) {
      const length = textWidth(part);
      const need = used === 0 ? length : used + (i === 0 ? space : 0) + length;
      if (need <= perLine || used === 0) used = need;
      else {
        lines++;
        used = length;
      }
      // A word longer than a line (a path, a URL) is broken where the line ends, over as many lines as it takes.
      for (; used > perLine; used -= perLine) lines++;
    }
  }
  return lines;
}
