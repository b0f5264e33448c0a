/**
 * "Export the deployment" in Excel: the design's DAG read from the workbook, and the files of
 * src/workbook/deployment.ts put on new sheets for an Excel whose webview blocks downloads.
 *
 * - queueDagRead: the design's inputs — every input cell, the factors, the mailbox tiers and the
 *   disk classes, each by its defined name — queued for the caller's one sync, whatever the
 *   workbook's size. dagDesignFromWorkbook (src/workbook/deployment.ts) checks each by its rule and
 *   sizes the design with the engine, as `exsize export --from` does with a file: the
 *   databases deployed are the design's, never a cell's count that Excel may not have calculated.
 * - queueDeploymentSheets: the four sheets under the first free suffix ("Export Servers",
 *   "Export Servers 2"…), never an existing sheet, each cell text as written — a value, never a
 *   formula, whatever the user typed — in the caller's one sync.
 *
 * APIs: names.getItem/getRange, worksheets.add, range.values/numberFormat, format (ExcelApi 1.1-1.2);
 * freezePanes.freezeRows (1.7) and the note as an input message (data validation, 1.8) only where
 * Office says the set is supported.
 */
import { INPUT_CELLS, nameSuffix, templateSheetNames } from "../workbook/template";
import { INPUT_ROWS, type CellInput, type CellRows, type InputCells } from "../workbook/input-values";
import { TIER_COLUMNS, TIER_NAMES } from "../workbook/sheets/tiers";
import {
  DEPLOYMENT_FILE_NAMES,
  DEPLOYMENT_SHEETS,
  deploymentSheetNote,
  deploymentSheets,
  type DeploymentFileName,
  type DeploymentFiles,
  type WorkbookDagValues,
} from "../workbook/deployment";
import type { WorkbookModel } from "../workbook/model";
import { cellBlocks, characterWidthToPoints, chooseFreeSuffix, queueRoleStyles } from "./excel-writer";

/** The ranges beyond the inputs that the design reads, by defined name (before the suffix). */
const FACTORS = "Factors";
const DISK_CLASSES = "DiskClasses";
const SERVER_DISKS = "ServerDisks";

/**
 * Queue the read of a design's inputs (every input cell, the factors, the tiers and the disk
 * classes and server disks, by their defined names); after the caller's sync, `read()` gives them with where each
 * sits, for dagDesignFromWorkbook.
 */
export function queueDagRead(context: Excel.RequestContext, suffix: string, definedNames?: readonly string[]): { read: () => WorkbookDagValues } {
  const tail = nameSuffix(suffix);
  // A workbook written before an input existed lacks its name: the input takes its default, as
  // `exsize export --from` reads such a file (src/cli/read-workbook.ts). Excel's names ignore case.
  const present = definedNames === undefined ? undefined : new Set(definedNames.map((n) => n.toLowerCase()));
  const named = (name: string) => (present === undefined || present.has((name + tail).toLowerCase()) ? context.workbook.names.getItem(name + tail).getRange().load("values") : undefined);
  const inputs = INPUT_ROWS.map((row) => named(row.name));
  const factors = named(FACTORS);
  const disks = named(DISK_CLASSES);
  const serverDisks = named(SERVER_DISKS);
  const tiers = TIER_COLUMNS.map((column) => named(TIER_NAMES[column]));
  const sheet = templateSheetNames(suffix).inputs;
  return {
    read: () => {
      const cells: InputCells = {
        inputs: Object.fromEntries(INPUT_ROWS.flatMap((row, i) => (inputs[i] === undefined ? [] : [[row.key, inputs[i].values[0][0] as CellInput]]))),
        ...(factors ? { factors: factors.values as CellRows } : {}),
        ...(disks ? { diskClasses: disks.values as CellRows } : {}),
        ...(serverDisks ? { serverDisks: serverDisks.values as CellRows } : {}),
        tiers: Object.fromEntries(TIER_COLUMNS.flatMap((column, i) => (tiers[i] === undefined ? [] : [[column, tiers[i].values.map((r) => r[0] as CellInput)]]))),
      };
      return {
        cells,
        places: {
          input: (key) => `${INPUT_ROWS.find((r) => r.key === key)?.label ?? key} (${sheet}!${INPUT_CELLS[key]})`,
          range: (name, row) => `${name} row ${row}`,
        },
      };
    },
  };
}

const isSupported = (version: string) => typeof Office !== "undefined" && Office.context?.requirements?.isSetSupported("ExcelApi", version) === true;

/** A rule that refuses nothing: the input message needs a validation to hang on. */
const ANY_TEXT: Excel.DataValidationRule = { textLength: { operator: "GreaterThanOrEqualTo", formula1: 0 } };

export interface DeploymentSheetsReport {
  suffix: string;
  /** The sheet of each file, in file order. */
  sheets: Record<DeploymentFileName, string>;
  /** Whether each sheet carries its note (an input message on A1, ExcelApi 1.8). */
  notes: boolean;
}

/**
 * Queue the deployment's sheets, clear of `existingSheets` (what the caller's last sync found), and
 * activate the first; the caller's next sync writes them all.
 */
export function queueDeploymentSheets(context: Excel.RequestContext, files: DeploymentFiles, existingSheets: readonly string[]): DeploymentSheetsReport {
  const { suffix, model } = chooseFreeSuffix(existingSheets, [], (s) => deploymentSheets(files, s));
  const notes = isSupported("1.8");
  const freeze = isSupported("1.7");
  let first: Excel.Worksheet | undefined;
  DEPLOYMENT_FILE_NAMES.forEach((file, i) => {
    const sheet = (model as WorkbookModel).sheets[i];
    const worksheet = context.workbook.worksheets.add(sheet.name);
    first ??= worksheet;
    for (const block of cellBlocks(sheet.cells)) {
      const range = worksheet.getRange(block.address);
      // Text first, so nothing typed in is read as a number, a date or TRUE. Then values, never
      // formulas: the cells are the files' text, and text Excel would still read as a formula
      // (= + - @ first, which Range.values interprets too) carries enteredText's apostrophe.
      range.numberFormat = block.numberFormat as string[][];
      range.values = block.formulas as unknown as string[][];
    }
    queueRoleStyles(worksheet, sheet.cells);
    (sheet.columnWidths ?? []).forEach((characters, c) => {
      worksheet.getRange(`${columnName(c)}:${columnName(c)}`).format.columnWidth = characterWidthToPoints(characters);
    });
    if (freeze && sheet.frozenRows) worksheet.freezePanes.freezeRows(sheet.frozenRows);
    if (notes) {
      const note = deploymentSheetNote(file);
      const validation = worksheet.getRange("A1").dataValidation;
      validation.rule = ANY_TEXT;
      validation.prompt = { showPrompt: true, title: note.title, message: note.message };
    }
  });
  first?.activate();
  return {
    suffix,
    sheets: Object.fromEntries(DEPLOYMENT_FILE_NAMES.map((file) => [file, DEPLOYMENT_SHEETS[file] + suffix])) as Record<DeploymentFileName, string>,
    notes,
  };
}

/** Column letters of a 0-based index. */
function columnName(c: number): string {
  let s = "";
  for (let n = c + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}
