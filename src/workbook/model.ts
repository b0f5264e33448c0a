/**
 * A workbook as data: sheets, cells, formulas, number formats, defined names and charts.
 * The template is built as this model once; writers put it into Excel (Office.js, in the taskpane)
 * or into an .xlsx file (exceljs, in the CLI). Tests check the model and what each writer made.
 */

/** What a cell is for; writers map roles to styles (inputs are visibly editable). */
export type CellRole = "title" | "heading" | "label" | "input" | "output" | "step" | "unit" | "note" | "source";

export interface CellModel {
  /** A1 address within its sheet, e.g. "C5". */
  address: string;
  /** A constant. A cell has a value or a formula, not both. */
  value?: number | string | boolean;
  /**
   * Formula as a user types it in Excel with the add-in loaded, namespace included:
   * `=EXSIZE.EX_DBSIZE(Users,QuotaMB,MessagesPerDay,MessageKB)`. Writers for files translate the
   * custom functions to their stored form.
   */
  formula?: string;
  /** Excel number format, units included: `#,##0 "GB"`. */
  numberFormat?: string;
  role?: CellRole;
}

export interface SheetModel {
  name: string;
  /** Column widths in characters, from column A. */
  columnWidths?: number[];
  /** Rows kept in view while scrolling. */
  frozenRows?: number;
  cells: CellModel[];
}

/** A workbook-level defined name. `range` is absolute: "$C$5" or "$B$20:$C$31". */
export interface DefinedName {
  name: string;
  sheet: string;
  range: string;
  comment?: string;
}

/** A chart, drawn only by the Excel writer (exceljs cannot draw charts). */
export interface ChartModel {
  sheet: string;
  title: string;
  type: "columnStacked" | "pie" | "barClustered";
  /** Source range on `sheet`, with series in columns and a header row, e.g. "B40:D43". */
  source: string;
  /** Where it is drawn: top-left and bottom-right cells on `sheet`. */
  from: string;
  to: string;
}

export interface WorkbookModel {
  sheets: SheetModel[];
  names: DefinedName[];
  charts: ChartModel[];
}
