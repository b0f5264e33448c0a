/**
 * The Hardware sheet: the user's own arrays and disk classes, and the array candidates the
 * design chooses among (fewest arrays, then least usable capacity) — Excel's own formulas, live in
 * the add-in workbook and the customer copy.
 */
import { DISK_CLASS_IOPS, EQUALLOGIC_CATALOGUE } from "../../engine";
import { chosenArrayFormula, fewestArraysFormula } from "../../engine/excel-formulas";
import { asText, blankUnless, blankWhenEmpty, formula, isNumber, orOnError } from "../display";
import { arrayKeyFormula, consideredArraysFormula, consideredFormula, ownArrayModelFormula } from "../formulas/hardware";
import { lookupFormula } from "../formulas/lookup";
import { stackRows } from "../rows";
import { formattedGBFormula } from "../../engine/microsoft/disk-formulas";
import { JBOD_CATALOGUE, type JbodDisk } from "../../engine/microsoft/disks";
import { MCDB_SHARE_PERCENT, MCDB_SSD_SIZES_GB } from "../../engine/microsoft/mcdb";
import type { SizingMethod } from "../../engine/design/inputs";
import { RAID_LEVELS } from "../../engine/tables";
import { cite } from "../../engine/papers";
import type { CellModel, SheetModel } from "../model";
import { DESIGN_CELLS } from "./design";
import { DELL, EMC, ESRP_2016, FORMAT, absolute, header, listRule, landscape, numberRule, sectionHeading, sheetReference, titleAndNote, type CandidateColumns, type NameKey } from "./shared";

const OWN_ARRAY_ROWS = 12;
const DISK_CLASS_NAMES = Object.keys(DISK_CLASS_IOPS) as Array<keyof typeof DISK_CLASS_IOPS>;
const OWN_DISK_ROWS = 6;
const OWN_SERVER_DISK_ROWS = 6;
/**
 * The sheet's tables, each a section heading and a header over its rows, an empty row after: the user's arrays, the
 * disk classes, the candidates (every built-in array, then the user's), the server disks (JBOD or RAID: the
 * catalogue's, then the user's own rows) and the MCDB SSDs (the sizes a 2019 or SE JBOD server's SSDs are
 * chosen from, smallest first).
 */
const ROWS = stackRows(4, [
  ["arraysHeading", 2],
  ["arrays", OWN_ARRAY_ROWS, 1],
  ["disksHeading", 2],
  ["disks", DISK_CLASS_NAMES.length + OWN_DISK_ROWS, 1],
  ["candidatesHeading", 2],
  ["candidates", EQUALLOGIC_CATALOGUE.length + OWN_ARRAY_ROWS, 1],
  ["serverDisksHeading", 2],
  ["serverDisks", JBOD_CATALOGUE.length + OWN_SERVER_DISK_ROWS, 1],
  ["ssdsHeading", 2],
  ["ssds", MCDB_SSD_SIZES_GB.length],
]);
const ARRAYS_FIRST_ROW = ROWS.arrays.first;
const ARRAYS_LAST_ROW = ROWS.arrays.last;
const DISKS_HEADING_ROW = ROWS.disksHeading.first;
const DISKS_FIRST_ROW = ROWS.disks.first;
const DISKS_LAST_ROW = ROWS.disks.last;
const CANDIDATES_HEADING_ROW = ROWS.candidatesHeading.first;
const CANDIDATES_FIRST_ROW = ROWS.candidates.first;
const CANDIDATES_LAST_ROW = ROWS.candidates.last;
const SERVER_DISKS_HEADING_ROW = ROWS.serverDisksHeading.first;
const SERVER_DISKS_FIRST_ROW = ROWS.serverDisks.first;
const SERVER_DISKS_LAST_ROW = ROWS.serverDisks.last;
const SSDS_HEADING_ROW = ROWS.ssdsHeading.first;
const SSDS_FIRST_ROW = ROWS.ssds.first;
const SSDS_LAST_ROW = ROWS.ssds.last;
const HARDWARE_WIDTH = 10;

/** Where the user's hardware rows start (0-based row i of each table). */
export const HARDWARE_CELLS = Object.freeze({
  arrayRow: (i: number) => ARRAYS_FIRST_ROW + i,
  diskRow: (i: number) => DISKS_FIRST_ROW + i,
  serverDiskRow: (i: number) => SERVER_DISKS_FIRST_ROW + i,
  ssdRow: (i: number) => SSDS_FIRST_ROW + i,
  ownServerDiskRow: (i: number) => SERVER_DISKS_FIRST_ROW + JBOD_CATALOGUE.length + i,
  candidateRow: (i: number) => CANDIDATES_FIRST_ROW + i,
});


export function candidateColumns(hardwareSheet: string): CandidateColumns {
  const range = (col: string) => `${sheetReference(hardwareSheet)}!$${col}$${CANDIDATES_FIRST_ROW}:$${col}$${CANDIDATES_LAST_ROW}`;
  return { model: range("A"), drive: range("B"), arraysPerCopy: range("G"), chosen: range("I") };
}

/**
 * The user's rows replace a built-in row with the same model, drive and RAID level in its place;
 * the others follow the catalogue — the order src/functions/catalogue.ts merges them in, which
 * breaks ties. Column J is each row's key (model|drive|RAID).
 */
export function buildHardware(
  sheet: string,
  designSheet: string,
  names: Record<NameKey, string>,
  ownServerDisks: readonly JbodDisk[] = [],
  method: SizingMethod = "dell",
): { sheet: SheetModel; arrayCatalog: string; diskClasses: string; serverDisks: string } {
  const cells: CellModel[] = [
    ...(method === "microsoft"
      ? titleAndNote(
          "Your own hardware: the server disks and MCDB SSDs the design is sized with",
          "Add a disk below the table and name it on the Inputs sheet; the arrays and disk classes of Dell's Exchange 2010 process are above the disks, off the printed page.",
        )
      : titleAndNote(
          "Your own hardware: arrays and disk classes the design is sized with",
          "Add a row and the design follows: arrays are chosen among yours and the EqualLogic catalogue (fewest arrays, then least waste).",
        )),
    ...sectionHeading(ROWS.arraysHeading.first, `Your arrays: one row per model, drive and RAID level; a row like a built-in one replaces it (${DELL("3.4.1")})`, HARDWARE_WIDTH),
    ...header(ROWS.arraysHeading.first + 1, ["Model", "Drive", "RAID level", "Usable GB", "IOPS per array", "Key"]),
  ];
  const usable = numberRule({ name: "usableGB", above: 0, max: 1e9, what: "usable GB per array" }, true);
  const arrayIops = numberRule({ name: "iops", above: 0, max: 1e9, what: "measured database IOPS per array" }, true);
  for (let r = ARRAYS_FIRST_ROW; r <= ARRAYS_LAST_ROW; r++) {
    cells.push(
      { address: `A${r}`, role: "input" },
      { address: `B${r}`, role: "input" },
      { address: `C${r}`, role: "input", rule: { ...listRule("raid", RAID_LEVELS, "RAID level the figures are for"), allowBlank: true } },
      { address: `D${r}`, numberFormat: FORMAT.gb, role: "input", rule: usable },
      { address: `E${r}`, numberFormat: FORMAT.iops, role: "input", rule: arrayIops },
      { address: `F${r}`, formula: formula(arrayKeyFormula(`A${r}`, `B${r}`, `C${r}`)), role: "note" },
    );
  }
  cells.push(
    ...sectionHeading(DISKS_HEADING_ROW, `Disk classes: random IOPS per disk (${EMC("Phase 2")}; 15K from Microsoft's calculator)`, HARDWARE_WIDTH),
    ...header(DISKS_HEADING_ROW + 1, ["Disk class", "IOPS per disk"]),
  );
  const diskIops = numberRule({ name: "disk", above: 0, max: 1_000_000, what: "random IOPS per disk" }, true);
  for (let i = 0; i < DISK_CLASS_NAMES.length + OWN_DISK_ROWS; i++) {
    const r = DISKS_FIRST_ROW + i;
    const name = DISK_CLASS_NAMES[i];
    cells.push(
      { address: `A${r}`, value: name, role: "input" },
      { address: `B${r}`, value: name === undefined ? undefined : DISK_CLASS_IOPS[name], numberFormat: FORMAT.iops, role: "input", rule: diskIops },
    );
  }

  // The candidates: every built-in row (or the user's row that replaces it), then the user's new rows.
  const design = sheetReference(designSheet);
  const capacity = `${design}!${absolute(DESIGN_CELLS.answerCapacityGB)}`;
  const demand = `${design}!${absolute(DESIGN_CELLS.answerDatabaseIops)}`;
  const userKeys = `$F$${ARRAYS_FIRST_ROW}:$F$${ARRAYS_LAST_ROW}`;
  const builtInKeys = `$J$${CANDIDATES_FIRST_ROW}:$J$${CANDIDATES_FIRST_ROW + EQUALLOGIC_CATALOGUE.length - 1}`;
  const g = `$G$${CANDIDATES_FIRST_ROW}:$G$${CANDIDATES_LAST_ROW}`;
  const h = `$H$${CANDIDATES_FIRST_ROW}:$H$${CANDIDATES_LAST_ROW}`;
  cells.push(
    ...sectionHeading(CANDIDATES_HEADING_ROW, `Arrays the design chooses among, for its capacity and IOPS (${DELL("3.4.1, Tables 12-13")})`, HARDWARE_WIDTH),
    ...header(CANDIDATES_HEADING_ROW + 1, ["Model", "Drive", "RAID level", "Usable GB", "IOPS per array", "Considered", "Arrays per copy", "If fewest: usable GB", "Chosen", "Key"]),
  );
  const considered = (r: number) => consideredFormula(`A${r}`, `B${r}`, `C${r}`, names);
  const choice = (r: number): CellModel[] => [
    { address: `G${r}`, formula: formula(consideredArraysFormula(`F${r}`, capacity, demand, `D${r}`, `E${r}`)), numberFormat: FORMAT.arrays, role: "output" },
    { address: `H${r}`, formula: formula(fewestArraysFormula(`G${r}`, g, `D${r}`)), numberFormat: FORMAT.gb, role: "step" },
    { address: `I${r}`, formula: formula(chosenArrayFormula(`H${r}`, `D${r}`, h)), numberFormat: '[=1]"chosen";""', role: "output" },
  ];
  EQUALLOGIC_CATALOGUE.forEach((m, i) => {
    const r = CANDIDATES_FIRST_ROW + i;
    const own = (col: string) => lookupFormula(`$${col}$${ARRAYS_FIRST_ROW}:$${col}$${ARRAYS_LAST_ROW}`, `J${r}`, userKeys);
    cells.push(
      { address: `A${r}`, value: m.model, role: "label" },
      { address: `B${r}`, value: m.drive, role: "label" },
      { address: `C${r}`, value: m.raid, role: "label" },
      { address: `D${r}`, formula: formula(orOnError(own("D"), String(m.usableGB))), numberFormat: FORMAT.gb, role: "step" },
      { address: `E${r}`, formula: formula(orOnError(own("E"), String(m.iops))), numberFormat: FORMAT.iops, role: "step" },
      { address: `F${r}`, formula: formula(considered(r)), role: "step", align: "center" },
      ...choice(r),
      { address: `J${r}`, value: `${m.model}|${m.drive}|${m.raid}`, role: "note" },
    );
  });
  for (let k = 0; k < OWN_ARRAY_ROWS; k++) {
    const r = CANDIDATES_FIRST_ROW + EQUALLOGIC_CATALOGUE.length + k;
    const u = ARRAYS_FIRST_ROW + k;
    cells.push(
      { address: `A${r}`, formula: formula(ownArrayModelFormula(`J${r}`, builtInKeys, `A${u}`)), role: "label" },
      { address: `B${r}`, formula: formula(asText(`B${u}`)), role: "label" },
      { address: `C${r}`, formula: formula(asText(`C${u}`)), role: "label" },
      { address: `D${r}`, formula: formula(blankWhenEmpty(`A${r}`, `D${u}`)), numberFormat: FORMAT.gb, role: "step" },
      { address: `E${r}`, formula: formula(blankWhenEmpty(`A${r}`, `E${u}`)), numberFormat: FORMAT.iops, role: "step" },
      { address: `F${r}`, formula: formula(considered(r)), role: "step", align: "center" },
      ...choice(r),
      { address: `J${r}`, formula: formula(`F${u}`), role: "note" },
    );
  }
  cells.push(...serverDiskCells(ownServerDisks), ...ssdCells());
  return {
    sheet: {
      name: sheet,
      // Column E is wide for the server disks' sources, which wrap in it.
      columnWidths: [20, 11, 13, 13, 56, 12, 15, 19, 9, 26],
      frozenRows: 2,
      // Fitted to the width only, at a readable size (fitted to one page its text printed at about 5 pt);
      // the helper keys (column J) off the page. By Microsoft's method the page is its server disks (the
      // catalogue and the design's own, not the empty rows) and SSDs under the title: no EqualLogic array.
      print:
        method === "microsoft"
          ? { ...landscape(0, "1:2"), area: `A${SERVER_DISKS_HEADING_ROW}:I${SERVER_DISKS_FIRST_ROW + JBOD_CATALOGUE.length + ownServerDisks.length - 1},A${SSDS_HEADING_ROW}:I${SSDS_LAST_ROW}` }
          : { ...landscape(0), area: `A1:I${SSDS_LAST_ROW}` },
      cells,
    },
    arrayCatalog: `$A$${ARRAYS_FIRST_ROW}:$E$${ARRAYS_LAST_ROW}`,
    diskClasses: `$A$${DISKS_FIRST_ROW}:$B$${DISKS_LAST_ROW}`,
    serverDisks: SERVER_DISKS_RANGE,
  };
}

/** The disk class names on the Hardware sheet, qualified: the Inputs sheet's disk drop-down lists them. */
export function diskClassNameRange(hardwareSheet: string): string {
  return `${sheetReference(hardwareSheet)}!$A$${DISKS_FIRST_ROW}:$A$${DISKS_LAST_ROW}`;
}

/** The rules of an own server disk's raw GB and random IOPS cells; a workbook's reading (input-values.ts) checks them alike. */
export const SERVER_DISK_RULES = Object.freeze({
  rawGB: numberRule({ name: "rawGB", above: 0, max: 1_000_000, what: "a disk's raw decimal GB" }, true),
  iops: numberRule({ name: "diskIops", above: 0, max: 1_000_000, what: "a disk's random IOPS" }, true),
});

/** The server disks' rows, unqualified: name, raw GB, random IOPS (the Summary's disk reads them by name). */
const SERVER_DISKS_RANGE = `$A$${SERVER_DISKS_FIRST_ROW}:$C$${SERVER_DISKS_LAST_ROW}`;

/**
 * The server disks a Microsoft-method JBOD design chooses among by the Inputs' ServerDisk: Dell EMC's
 * and the calculator's table of sizes (src/engine/microsoft/disks.ts JBOD_CATALOGUE), then rows for
 * the user's own disks — a name, its raw decimal GB and its random IOPS.
 */
function serverDiskCells(own: readonly JbodDisk[]): CellModel[] {
  const cells: CellModel[] = [
    ...sectionHeading(SERVER_DISKS_HEADING_ROW, `Server disks (${cite("microsoft", "disk table")}; ${ESRP_2016("Table 4")})`, HARDWARE_WIDTH),
    ...header(SERVER_DISKS_HEADING_ROW + 1, ["Disk", "Raw GB", "Random IOPS", "Formatted GB", "Source"]),
  ];
  const { rawGB: raw, iops } = SERVER_DISK_RULES;
  const formatted = (r: number) => ({ address: `D${r}`, formula: formula(blankUnless(isNumber(`B${r}`), formattedGBFormula(`B${r}`))), numberFormat: FORMAT.gb, role: "step" as const });
  JBOD_CATALOGUE.forEach((d, i) => {
    const r = SERVER_DISKS_FIRST_ROW + i;
    cells.push(
      { address: `A${r}`, value: d.name, role: "label" },
      { address: `B${r}`, value: d.rawGB, numberFormat: FORMAT.gb, role: "label" },
      { address: `C${r}`, value: d.iops, numberFormat: '0.0 "IOPS"', role: "label" },
      formatted(r),
      { address: `E${r}`, value: d.source, role: "source" },
    );
  });
  for (let k = 0; k < OWN_SERVER_DISK_ROWS; k++) {
    const r = SERVER_DISKS_FIRST_ROW + JBOD_CATALOGUE.length + k;
    // A disk the design names beyond the catalogue (exsize design --server-disk "6000 GB 10K RPM SAS 2.5\"") is the first own row.
    const d = own[k];
    cells.push(
      { address: `A${r}`, value: d?.name, role: "input" },
      { address: `B${r}`, value: d?.rawGB, numberFormat: FORMAT.gb, role: "input", rule: raw },
      { address: `C${r}`, value: d?.iops, numberFormat: '0.0 "IOPS"', role: "input", rule: iops },
      formatted(r),
    );
  }
  return cells;
}

/**
 * The MCDB SSDs a 2019 or SE JBOD server's are chosen from (src/engine/microsoft/mcdb.ts
 * MCDB_SSD_SIZES_GB): the smallest that holds 6% of the database disks it serves. The Preferred
 * Architecture's example SSD is 1.92 TB; the others are the sizes such SSDs are sold in.
 */
function ssdCells(): CellModel[] {
  const cells: CellModel[] = [
    ...sectionHeading(SSDS_HEADING_ROW, `MCDB SSDs (Exchange 2019 and SE on JBOD): one to three database disks, the smallest holding ${MCDB_SHARE_PERCENT}% of their raw GB`, HARDWARE_WIDTH),
    ...header(SSDS_HEADING_ROW + 1, ["SSD", "Raw GB", "Source"]),
  ];
  MCDB_SSD_SIZES_GB.forEach((gb, i) => {
    const r = SSDS_FIRST_ROW + i;
    cells.push(
      { address: `A${r}`, value: `${gb >= 1000 ? `${gb / 1000}TB` : `${gb}GB`} SSD`, role: "label" },
      { address: `B${r}`, value: gb, numberFormat: FORMAT.gb, role: "label" },
      {
        address: `C${r}`,
        // The setup page asks for mixed-use SSDs of one drive write a day or more (MCDB_SOURCES.setup).
        value: gb === 1920 ? "Microsoft's Exchange 2019 preferred architecture: its example, 7.68 TB on 4 SSDs" : "a size mixed-use SSDs are sold in: check your vendor's",
        role: "source",
      },
    );
  });
  return cells;
}

/** The MCDB SSDs' sizes on the Hardware sheet, qualified, smallest first: the Methods sheet picks from them. */
export function ssdSizeRange(hardwareSheet: string): string {
  return `${sheetReference(hardwareSheet)}!$B$${SSDS_FIRST_ROW}:$B$${SSDS_LAST_ROW}`;
}

/** The server disk names on the Hardware sheet, qualified: the Inputs sheet's ServerDisk drop-down lists them. */
export function serverDiskNameRange(hardwareSheet: string): string {
  return `${sheetReference(hardwareSheet)}!$A$${SERVER_DISKS_FIRST_ROW}:$A$${SERVER_DISKS_LAST_ROW}`;
}

/** The server disks' columns, qualified: names, raw GB and random IOPS (the Methods sheet looks the Inputs' disk up in them). */
export function serverDiskColumns(hardwareSheet: string): { names: string; rawGB: string; iops: string } {
  const column = (c: string) => `${sheetReference(hardwareSheet)}!$${c}$${SERVER_DISKS_FIRST_ROW}:$${c}$${SERVER_DISKS_LAST_ROW}`;
  return { names: column("A"), rawGB: column("B"), iops: column("C") };
}
