/**
 * "Export the deployment" in Excel: the design's DAG read from the workbook, and the files of
 * src/workbook/deployment.ts put on new sheets for an Excel whose webview blocks downloads.
 *
 * - queueDagRead: the Inputs cells (by defined name) and the Resilience sheet's "Databases in the
 *   DAG", queued for the caller's one sync — six cells, whatever the workbook's size.
 * - queueDeploymentSheets: the four sheets under the first free suffix ("Export Servers",
 *   "Export Servers 2"…), never an existing sheet, each cell text as written — a value, never a
 *   formula, whatever the user typed (issue 16) — in the caller's one sync.
 *
 * APIs: names.getItem/getRange, worksheets.add, range.values/numberFormat, format (ExcelApi 1.1-1.2);
 * freezePanes.freezeRows (1.7) and the note as an input message (data validation, 1.8) only where
 * Office says the set is supported.
 */
import { RESILIENCE_CELLS, INPUT_NAMES, nameSuffix, templateSheetNames } from "../workbook/template";
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
import { cellBlocks, characterWidthToPoints, chooseFreeSuffix, roleRanges, ROLE_STYLES } from "./excel-writer";

const INPUT_KEYS = ["users", "copies", "serversSite1", "serversSite2", "dagLayout"] as const;

/** Queue the read of a design's DAG inputs and database count; after the caller's sync, `read()` gives them. */
export function queueDagRead(context: Excel.RequestContext, suffix: string): { read: () => WorkbookDagValues } {
  const tail = nameSuffix(suffix);
  const inputs = INPUT_KEYS.map((key) => context.workbook.names.getItem(INPUT_NAMES[key] + tail).getRange().load("values"));
  const databases = context.workbook.worksheets.getItem(templateSheetNames(suffix).resilience).getRange(RESILIENCE_CELLS.databases).load("values");
  return {
    read: () => {
      const values = Object.fromEntries(INPUT_KEYS.map((key, i) => [key, inputs[i].values[0][0]])) as Omit<WorkbookDagValues, "databases">;
      return { ...values, databases: databases.values[0][0] };
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
    for (const { role, address } of roleRanges(sheet.cells)) {
      const style = ROLE_STYLES[role]!;
      const format = worksheet.getRange(address).format;
      if (style.fill) format.fill.color = style.fill;
      if (style.font) format.font.color = style.font;
      if (style.bold) format.font.bold = true;
    }
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
