/**
 * An in-memory Excel host for exactly the Excel JavaScript API calls the taskpane makes, faithful
 * where it matters for correctness:
 * - proxies: a property can be read only after `load()` and `context.sync()` (PropertyNotLoaded
 *   otherwise, as Excel); writes and loads are queued and applied in order at `sync()`;
 * - a 2-D `formulas`/`values`/`numberFormat` must match the range's shape (InvalidArgument), and
 *   `null` in it leaves that cell unchanged (Excel's "null input is ignored");
 * - duplicate sheets and names fail with ItemAlreadyExists ("A resource with the same name or
 *   identifier already exists."); every sync is counted;
 * - an API above the host's ExcelApi version (`excelApi` option) fails the sync with ApiNotFound:
 *   conditional formats (1.6), freezePanes (1.7), data validation and showGridlines (1.8), pageLayout (1.9);
 * - data validation, conditional formats, page layout and fonts check their arguments as Excel does
 *   (one rule type at a time, operators and styles from their enums, Excel's length limits) and keep
 *   what was set, per sheet, for tests to read.
 * It also plays `Office.context.document.getFileAsync` (slices of an .xlsx the test supplies) and
 * `Excel.createWorkbook` (records the base64). `install()` puts `Excel`, `Office` and
 * `CustomFunctions` on a global object, for jest or for a browser page.
 *
 * This file imports nothing, so the browser test can transpile it alone and inject it into a page.
 */

// ---------------------------------------------------------------------------------------------
// Errors, as OfficeExtension.Error carries them

export const ErrorCodes = {
  apiNotFound: "ApiNotFound",
  generalException: "GeneralException",
  invalidArgument: "InvalidArgument",
  invalidReference: "InvalidReference",
  itemAlreadyExists: "ItemAlreadyExists",
  itemNotFound: "ItemNotFound",
  propertyNotLoaded: "PropertyNotLoaded",
} as const;

export class FakeOfficeError extends Error {
  readonly debugInfo: { code: string; message: string; errorLocation?: string };
  constructor(
    readonly code: string,
    message: string,
    errorLocation?: string,
  ) {
    super(message);
    this.name = "RichApi.Error";
    this.debugInfo = { code, message, errorLocation };
  }
}

const MESSAGES = {
  alreadyExists: "A resource with the same name or identifier already exists.",
  invalidArgument: "The argument is invalid or missing or has an incorrect format.",
  shapeMismatch: "The number of rows or columns in the input array doesn't match the size or dimensions of the range.",
  notFound: "The requested resource doesn't exist.",
  apiNotFound: "The API you are trying to use could not be found. It may be available in a newer version of Excel.",
  notLoaded: (p: string) =>
    `The property '${p}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
};

// ---------------------------------------------------------------------------------------------
// A1 addresses

const MAX_ROWS = 1_048_576;
const MAX_COLUMNS = 16_384;

export interface CellRect {
  top: number; // 0-based
  left: number;
  rows: number;
  columns: number;
}

export function columnIndex(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

export function columnLetters(index: number): string {
  let s = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export const cellAddress = (row: number, column: number): string => `${columnLetters(column)}${row + 1}`;

/** "B3", "A1:C3", "$B$3", "B:B", "A:C", "1:4"; anything else (or a sheet-qualified address) is InvalidArgument. */
export function parseRangeAddress(address: string): CellRect {
  const text = address.replace(/\$/g, "").toUpperCase();
  const bad = () => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, `getRange(${JSON.stringify(address)})`);
  const cols = /^([A-Z]{1,3}):([A-Z]{1,3})$/.exec(text);
  if (cols) {
    const a = columnIndex(cols[1]);
    const b = columnIndex(cols[2]);
    if (a > b || b >= MAX_COLUMNS) throw bad();
    return { top: 0, left: a, rows: MAX_ROWS, columns: b - a + 1 };
  }
  const rows = /^(\d{1,7}):(\d{1,7})$/.exec(text);
  if (rows) {
    const a = Number(rows[1]) - 1;
    const b = Number(rows[2]) - 1;
    if (a < 0 || a > b || b >= MAX_ROWS) throw bad();
    return { top: a, left: 0, rows: b - a + 1, columns: MAX_COLUMNS };
  }
  const m = /^([A-Z]{1,3})(\d{1,7})(?::([A-Z]{1,3})(\d{1,7}))?$/.exec(text);
  if (!m) throw bad();
  const r1 = Number(m[2]) - 1;
  const c1 = columnIndex(m[1]);
  const r2 = m[3] ? Number(m[4]) - 1 : r1;
  const c2 = m[3] ? columnIndex(m[3]) : c1;
  if (r1 < 0 || r2 < r1 || c2 < c1 || r2 >= MAX_ROWS || c2 >= MAX_COLUMNS) throw bad();
  return { top: r1, left: c1, rows: r2 - r1 + 1, columns: c2 - c1 + 1 };
}

function rectAddress(rect: CellRect): string {
  if (rect.left === 0 && rect.columns === MAX_COLUMNS) return `${rect.top + 1}:${rect.top + rect.rows}`;
  const a = cellAddress(rect.top, rect.left);
  const b = cellAddress(rect.top + rect.rows - 1, rect.left + rect.columns - 1);
  return a === b ? a : `${a}:${b}`;
}

function quoteSheet(sheet: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) && !/^[A-Za-z]{1,3}\d+$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
}

// ---------------------------------------------------------------------------------------------
// The document

export type FakeValue = number | string | boolean;

export interface FakeCell {
  /** What Range.values reads: the constant, or a formula's calculated value ("" until calculated). */
  value: FakeValue;
  /** "=…" for a formula; absent for a constant. */
  formula?: string;
  numberFormat: string;
  fillColor?: string;
  fontColor?: string;
  bold?: boolean;
  italic?: boolean;
  fontName?: string;
  wrapText?: boolean;
  horizontalAlignment?: string;
  verticalAlignment?: string;
  fontSize?: number;
}

/** What Range.dataValidation holds for one cell; `appliedTo` is the range the rule was set on. */
export interface FakeDataValidation {
  type: "None" | "WholeNumber" | "Decimal" | "List" | "TextLength" | "Custom";
  /** As Excel reads it back: formula1/formula2 as string formulas ("=10"). */
  rule: Record<string, unknown> | null;
  ignoreBlanks: boolean;
  prompt: { message: string; showPrompt: boolean; title: string };
  errorAlert: { message: string; showAlert: boolean; style: "Stop" | "Warning" | "Information"; title: string };
  appliedTo: string;
}

/** A conditional format; index 0 of FakeSheet.conditionalFormats has the top priority. */
export interface FakeConditionalFormat {
  type: string;
  /** "C5:C9" */
  range: string;
  stopIfTrue: boolean;
  textComparison?: { rule?: { operator: string; text: string }; fill?: string; fontColor?: string; bold?: boolean; italic?: boolean };
  /** A "CellValue" format: a comparison with formula1 (and formula2 for Between). */
  cellValue?: { rule?: { operator: string; formula1: string; formula2?: string }; fill?: string; fontColor?: string; bold?: boolean; italic?: boolean };
  /** A "Custom" format: a formula (relative to the range's first cell) and, here, a number format or a fill. */
  custom?: { rule?: { formula: string }; numberFormat?: string; fill?: string };
}

export interface FakeHeaderFooter {
  leftHeader: string;
  centerHeader: string;
  rightHeader: string;
  leftFooter: string;
  centerFooter: string;
  rightFooter: string;
}

/** Worksheet.pageLayout, margins in points as Excel reads them back. */
export interface FakePageLayout {
  orientation: "Portrait" | "Landscape";
  zoom: { scale?: number; horizontalFitToPages?: number; verticalFitToPages?: number };
  leftMargin: number;
  rightMargin: number;
  topMargin: number;
  bottomMargin: number;
  headerMargin: number;
  footerMargin: number;
  /** "$1:$4", or null when none is set. */
  printTitleRows: string | null;
  /** "A1:G30" as set by setPrintArea, or null. */
  printArea?: string | null;
  headersFooters: { state: string; defaultForAllPages: FakeHeaderFooter };
}

/** Excel's Normal margins, in points. */
const DEFAULT_PAGE_LAYOUT = (): FakePageLayout => ({
  orientation: "Portrait",
  zoom: { scale: 100 },
  leftMargin: 0.7 * 72,
  rightMargin: 0.7 * 72,
  topMargin: 0.75 * 72,
  bottomMargin: 0.75 * 72,
  headerMargin: 0.3 * 72,
  footerMargin: 0.3 * 72,
  printTitleRows: null,
  headersFooters: { state: "Default", defaultForAllPages: { leftHeader: "", centerHeader: "", rightHeader: "", leftFooter: "", centerFooter: "", rightFooter: "" } },
});

export interface FakeChart {
  name: string;
  type: string;
  /** Source range, sheet-qualified: "Design!B40:D43". */
  source: string;
  seriesBy: string;
  title: string;
  /** Top-left and bottom-right cells from setPosition. */
  from?: string;
  to?: string;
}

export class FakeSheet {
  readonly cells = new Map<string, FakeCell>();
  /** Column width in points, by 0-based column index; unset columns have Excel's default. */
  readonly columnWidths = new Map<number, number>();
  /** Row heights in points by 0-based row, where set. */
  readonly rowHeights = new Map<number, number>();
  frozenRows = 0;
  showGridlines = true;
  readonly charts: FakeChart[] = [];
  /** Data validation by cell address ("B7"). */
  readonly dataValidations = new Map<string, FakeDataValidation>();
  readonly conditionalFormats: FakeConditionalFormat[] = [];
  pageLayout: FakePageLayout = DEFAULT_PAGE_LAYOUT();
  constructor(public name: string) {}

  cell(address: string): FakeCell | undefined {
    return this.cells.get(address.replace(/\$/g, "").toUpperCase());
  }
}

export interface FakeName {
  name: string;
  /** "=Inputs!$B$7" */
  formula: string;
  comment: string;
}

export const DEFAULT_COLUMN_WIDTH_POINTS = 48;
const SHEET_NAME_FORBIDDEN = /[\\/?*[\]:]/;

export class FakeWorkbook {
  readonly sheets: FakeSheet[] = [];
  readonly names: FakeName[] = [];
  activeSheet = "";

  sheet(name: string): FakeSheet | undefined {
    return this.sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
  }

  addSheet(name: string): FakeSheet {
    if (name.length === 0 || name.length > 31 || SHEET_NAME_FORBIDDEN.test(name) || /^'|'$/.test(name)) {
      throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, `Worksheets.add(${JSON.stringify(name)})`);
    }
    if (this.sheet(name)) throw new FakeOfficeError(ErrorCodes.itemAlreadyExists, MESSAGES.alreadyExists, "Worksheets.add");
    const sheet = new FakeSheet(name);
    this.sheets.push(sheet);
    if (!this.activeSheet) this.activeSheet = name;
    return sheet;
  }

  name(name: string): FakeName | undefined {
    return this.names.find((n) => n.name.toLowerCase() === name.toLowerCase());
  }

  /** Resolve "=Sheet!$A$1" / "='Inputs 2'!$B$7:$B$9" to its sheet and rectangle. */
  resolveReference(formula: string): { sheet: FakeSheet; rect: CellRect } | undefined {
    const m = /^=?(?:'((?:[^']|'')+)'|([^'!]+))!(\$?[A-Z]+\$?\d+(?::\$?[A-Z]+\$?\d+)?)$/i.exec(formula.trim());
    if (!m) return undefined;
    const sheet = this.sheet(m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2]);
    if (!sheet) return undefined;
    return { sheet, rect: parseRangeAddress(m[3]) };
  }

  /** A deep, comparable picture of one sheet: cells, widths, frozen rows, charts, validation, conditional formats, page layout. */
  snapshot(sheetName: string): string {
    const s = this.sheet(sheetName);
    if (!s) throw new Error(`no sheet ${sheetName}`);
    return JSON.stringify({
      name: s.name,
      cells: [...s.cells.entries()].sort(([a], [b]) => a.localeCompare(b)),
      widths: [...s.columnWidths.entries()].sort(([a], [b]) => a - b),
      frozenRows: s.frozenRows,
      showGridlines: s.showGridlines,
      charts: s.charts,
      dataValidations: [...s.dataValidations.entries()].sort(([a], [b]) => a.localeCompare(b)),
      conditionalFormats: s.conditionalFormats,
      pageLayout: s.pageLayout,
    });
  }
}

const NAME_SYNTAX = /^[A-Za-z_\\][A-Za-z0-9_.\\?]*$/;
/** Names that read as a cell (A1, XFD100) or R1C1 are not allowed, as in Excel. */
const LOOKS_LIKE_CELL = /^([A-Za-z]{1,3}\d+|[Rr]\d*[Cc]\d*|[RrCc])$/;

function checkDefinedName(name: string): void {
  if (name.length === 0 || name.length > 255 || !NAME_SYNTAX.test(name) || LOOKS_LIKE_CELL.test(name)) {
    throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, `NamedItemCollection.add(${JSON.stringify(name)})`);
  }
}

/**
 * What typing `input` into a cell through `Range.formulas` or `Range.values` stores. Both read text
 * that starts with = + - (Excel's Range.values documentation: "Excel interprets this value as a
 * formula") or @ (implicit intersection, as typing it) as a formula; an apostrophe first keeps it text.
 */
function enteredCell(input: FakeValue): { value: FakeValue; formula?: string } {
  if (typeof input !== "string") return { value: input };
  if (input.startsWith("'")) return { value: input.slice(1) };
  const trimmed = input.trim();
  if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return { value: Number(trimmed) };
  if (/^(true|false)$/i.test(trimmed)) return { value: trimmed.toUpperCase() === "TRUE" };
  if (/^[=+\-@]/.test(input) && input.length > 1) return { value: "", formula: input.startsWith("=") ? input : `=${input}` };
  return { value: input };
}

// ---------------------------------------------------------------------------------------------
// Proxy objects

type Op = () => void;

/** Properties an object can load: name → how to read it from the document at sync. */
type Readers = Record<string, () => unknown>;

abstract class FakeClientObject {
  private readonly loadedValues = new Map<string, unknown>();
  constructor(readonly context: FakeRequestContext) {}

  protected abstract readers(): Readers;

  /** `load("a,b")`, `load(["a"])`, `load({ select: "a" })` or `load()` for every property. */
  load(option?: string | string[] | { select?: string | string[] }): this {
    const wanted = normaliseSelect(option);
    const readers = this.readers();
    const names = wanted.length > 0 ? wanted : Object.keys(readers);
    for (const n of names) {
      if (!(n in readers)) {
        throw new FakeOfficeError(ErrorCodes.invalidArgument, `The property '${n}' does not exist on ${this.constructor.name}.`);
      }
    }
    this.context.queue(() => {
      for (const n of names) this.loadedValues.set(n, readers[n]());
    });
    return this;
  }

  protected loaded<T>(property: string): T {
    if (!this.loadedValues.has(property)) {
      throw new FakeOfficeError(ErrorCodes.propertyNotLoaded, MESSAGES.notLoaded(property));
    }
    return this.loadedValues.get(property) as T;
  }

  /** Set after the sync that applied it, as Excel's proxies do once a write round-trips. */
  protected remember(property: string, value: unknown): void {
    this.loadedValues.set(property, value);
  }
}

function normaliseSelect(option?: string | string[] | { select?: string | string[] }): string[] {
  const raw = option === undefined ? [] : typeof option === "string" || Array.isArray(option) ? option : (option.select ?? []);
  const list = typeof raw === "string" ? raw.split(",") : raw;
  return list.map((s) => s.trim()).filter((s) => s !== "");
}

/** Collections load `items` or `items/prop,…`; each item is a fresh proxy with those props loaded. */
abstract class FakeCollection<T extends FakeClientObject> {
  private loadedItems: T[] | undefined;
  constructor(readonly context: FakeRequestContext) {}
  protected abstract currentItems(): T[];

  load(option?: string | string[] | { select?: string | string[] }): this {
    const wanted = normaliseSelect(option)
      .map((s) => s.replace(/^items\/?/, ""))
      .filter((s) => s !== "");
    this.context.queue(() => {
      const items = this.currentItems();
      // Loading the item props is itself part of this sync: read them now, in order.
      for (const item of items) {
        const readers = (item as unknown as { readers(): Readers }).readers();
        for (const n of wanted.length > 0 ? wanted : Object.keys(readers)) {
          if (!(n in readers)) throw new FakeOfficeError(ErrorCodes.invalidArgument, `The property '${n}' does not exist.`);
          (item as unknown as { remember(p: string, v: unknown): void }).remember(n, readers[n]());
        }
      }
      this.loadedItems = items;
    });
    return this;
  }

  get items(): T[] {
    if (!this.loadedItems) throw new FakeOfficeError(ErrorCodes.propertyNotLoaded, MESSAGES.notLoaded("items"));
    return this.loadedItems;
  }
}

export class FakeRequestContext {
  private pending: Op[] = [];
  readonly workbook: FakeWorkbookProxy;
  constructor(readonly host: FakeExcelHost) {
    this.workbook = new FakeWorkbookProxy(this);
  }

  queue(op: Op): void {
    this.pending.push(op);
  }

  /** Queue `op`, which fails the sync with ApiNotFound where the host lacks ExcelApi `version`, as Excel does for `member`. */
  queueApi(version: string, member: string, op: Op): void {
    this.queue(() => {
      if (!this.host.isSetSupported("ExcelApi", version)) {
        throw new FakeOfficeError(ErrorCodes.apiNotFound, MESSAGES.apiNotFound, member);
      }
      op();
    });
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /** Apply every queued write and load, in order; the first failure rejects and drops the rest. */
  async sync(): Promise<void> {
    this.host.syncCount += 1;
    const ops = this.pending;
    this.pending = [];
    this.host.operationsPerSync.push(ops.length);
    await Promise.resolve();
    for (const op of ops) op();
    this.host.recalculate();
  }
}

class FakeWorkbookProxy {
  readonly worksheets: FakeWorksheetCollection;
  readonly names: FakeNamedItemCollection;
  readonly application: FakeApplication;
  constructor(readonly context: FakeRequestContext) {
    this.worksheets = new FakeWorksheetCollection(context);
    this.names = new FakeNamedItemCollection(context);
    this.application = new FakeApplication(context);
  }
}

// ---------------------------------------------------------------------------------------------
// Application: the calculation mode, and calculate() (the customer copy calculates a manual workbook)

const CALCULATION_TYPES = ["Recalculate", "Full", "FullRebuild"];

class FakeApplication extends FakeClientObject {
  protected readers(): Readers {
    return { calculationMode: () => this.context.host.calculationMode };
  }
  get calculationMode(): string {
    return this.loaded("calculationMode");
  }
  /** Queued like every call; at sync it is recorded in host.calculations and calculates even when manual. */
  calculate(calculationType: string): void {
    if (!CALCULATION_TYPES.includes(calculationType)) throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "Application.calculate");
    this.context.queue(() => {
      this.context.host.calculations.push(calculationType);
      this.context.host.calculateNow();
    });
  }
}

type SheetResolver = () => FakeSheet | undefined;

class FakeWorksheetCollection extends FakeCollection<FakeWorksheet> {
  private get doc(): FakeWorkbook {
    return this.context.host.workbook;
  }
  protected currentItems(): FakeWorksheet[] {
    return this.doc.sheets.map((s) => new FakeWorksheet(this.context, () => s));
  }

  add(name?: string): FakeWorksheet {
    let created: FakeSheet | undefined;
    this.context.queue(() => {
      created = this.doc.addSheet(name ?? `Sheet${this.doc.sheets.length + 1}`);
    });
    return new FakeWorksheet(this.context, () => created);
  }

  getItem(name: string): FakeWorksheet {
    return new FakeWorksheet(this.context, () => {
      const s = this.doc.sheet(name);
      if (!s) throw new FakeOfficeError(ErrorCodes.itemNotFound, MESSAGES.notFound, `Worksheets.getItem(${JSON.stringify(name)})`);
      return s;
    });
  }

  getItemOrNullObject(name: string): FakeWorksheet {
    return new FakeWorksheet(this.context, () => this.doc.sheet(name), true);
  }

  getActiveWorksheet(): FakeWorksheet {
    return new FakeWorksheet(this.context, () => this.doc.sheet(this.doc.activeSheet));
  }
}

class FakeWorksheet extends FakeClientObject {
  readonly freezePanes: { freezeRows: (count?: number) => void };
  readonly charts: FakeChartCollection;
  private pageLayoutProxy: FakePageLayoutProxy | undefined;
  constructor(
    context: FakeRequestContext,
    private readonly resolveSheet: SheetResolver,
    private readonly nullable = false,
  ) {
    super(context);
    this.freezePanes = {
      freezeRows: (count = 1) => {
        this.context.queueApi("1.7", "WorksheetFreezePanes.freezeRows", () => {
          if (!Number.isInteger(count) || count < 1) throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "freezeRows");
          this.sheet().frozenRows = count;
        });
      },
    };
    this.charts = new FakeChartCollection(context, () => this.sheet());
  }

  /** ExcelApi 1.9; the same proxy each time, as a navigation property. */
  get pageLayout(): FakePageLayoutProxy {
    return (this.pageLayoutProxy ??= new FakePageLayoutProxy(this.context, () => this.sheet()));
  }

  get showGridlines(): boolean {
    return this.loaded("showGridlines");
  }
  set showGridlines(show: boolean) {
    this.context.queueApi("1.8", "Worksheet.showGridlines", () => {
      if (typeof show !== "boolean") throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "Worksheet.showGridlines");
      this.sheet().showGridlines = show;
    });
  }

  /** The sheet at sync time; a null object or a missing sheet fails the way Excel does. */
  sheet(): FakeSheet {
    const s = this.resolveSheet();
    if (!s) throw new FakeOfficeError(ErrorCodes.itemNotFound, MESSAGES.notFound, "Worksheet");
    return s;
  }

  protected readers(): Readers {
    return {
      name: () => this.sheet().name,
      isNullObject: () => this.resolveSheet() === undefined,
      showGridlines: () => this.sheet().showGridlines,
    };
  }

  load(option?: string | string[] | { select?: string | string[] }): this {
    // A null object loads only isNullObject; its other properties stay unreadable.
    if (this.nullable) {
      this.context.queue(() => {
        const exists = this.resolveSheet() !== undefined;
        this.remember("isNullObject", !exists);
        if (exists) for (const n of normaliseSelect(option)) this.remember(n, this.readers()[n]?.());
      });
      return this;
    }
    return super.load(option);
  }

  get name(): string {
    return this.loaded("name");
  }
  get isNullObject(): boolean {
    return this.loaded("isNullObject");
  }

  getRange(address?: string): FakeRange {
    return new FakeRange(this.context, () => this.sheet(), address ?? "A1:XFD1048576");
  }

  activate(): void {
    this.context.queue(() => {
      this.context.host.workbook.activeSheet = this.sheet().name;
    });
  }
}

/** A 2-D input must be exactly rows × columns of the range. */
function checkShape(input: unknown, rect: CellRect, what: string): FakeValue[][] | (FakeValue | null)[][] {
  if (
    !Array.isArray(input) ||
    input.length !== rect.rows ||
    input.some((row) => !Array.isArray(row) || row.length !== rect.columns)
  ) {
    throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.shapeMismatch, `Range.${what}`);
  }
  return input as (FakeValue | null)[][];
}

function checkCellInput(v: unknown, what: string): void {
  if (v === null || typeof v === "string" || typeof v === "boolean") return;
  if (typeof v === "number" && Number.isFinite(v)) return;
  throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, `Range.${what}`);
}

class FakeRange extends FakeClientObject {
  readonly format: FakeRangeFormat;
  readonly dataValidation: FakeDataValidationProxy;
  readonly conditionalFormats: FakeConditionalFormatCollection;
  private rectCache: CellRect | undefined;
  constructor(
    context: FakeRequestContext,
    readonly resolveSheet: () => FakeSheet,
    readonly address0: string,
  ) {
    super(context);
    this.format = new FakeRangeFormat(context, this);
    this.dataValidation = new FakeDataValidationProxy(context, this);
    this.conditionalFormats = new FakeConditionalFormatCollection(context, this);
  }

  /** The addresses of the range's cells, row by row; a whole-column or whole-row range is refused (too many to keep per cell). */
  cellAddresses(what: string): string[] {
    const { top, left, rows, columns } = this.rect();
    if (rows * columns > 100_000) throw new Error(`the fake keeps ${what} per cell and does not model ranges of ${rows * columns} cells`);
    const out: string[] = [];
    for (let r = 0; r < rows; r++) for (let c = 0; c < columns; c++) out.push(cellAddress(top + r, left + c));
    return out;
  }

  rect(): CellRect {
    return (this.rectCache ??= parseRangeAddress(this.address0));
  }

  /**
   * Every cell of the range, row by row, creating blank cells for writes; `skip(r, c)` leaves a
   * position alone (a null in a 2-D update), so no cell appears there.
   */
  forEachCell(fn: (cell: FakeCell, r: number, c: number) => void, create: boolean, skip?: (r: number, c: number) => boolean): void {
    const sheet = this.resolveSheet();
    const { top, left, rows, columns } = this.rect();
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < columns; c++) {
        if (skip?.(r, c)) continue;
        const key = cellAddress(top + r, left + c);
        let cell = sheet.cells.get(key);
        if (!cell && create) {
          cell = { value: "", numberFormat: "General" };
          sheet.cells.set(key, cell);
        }
        if (cell) fn(cell, r, c);
      }
    }
  }

  private grid<T>(read: (cell: FakeCell | undefined) => T): T[][] {
    const sheet = this.resolveSheet();
    const { top, left, rows, columns } = this.rect();
    if (rows * columns > 5_000_000) throw new FakeOfficeError(ErrorCodes.generalException, "The range is too large to read.");
    return Array.from({ length: rows }, (_, r) =>
      Array.from({ length: columns }, (_, c) => read(sheet.cells.get(cellAddress(top + r, left + c)))),
    );
  }

  protected readers(): Readers {
    return {
      address: () => `${quoteSheet(this.resolveSheet().name)}!${rectAddress(this.rect())}`,
      rowCount: () => this.rect().rows,
      columnCount: () => this.rect().columns,
      values: () => this.grid((c) => (c ? c.value : "")),
      formulas: () => this.grid((c) => (c ? (c.formula ?? c.value) : "")),
      numberFormat: () => this.grid((c) => (c ? c.numberFormat : "General")),
    };
  }

  get address(): string {
    return this.loaded("address");
  }
  get values(): FakeValue[][] {
    return this.loaded("values");
  }
  get formulas(): FakeValue[][] {
    return this.loaded("formulas");
  }
  get numberFormat(): string[][] {
    return this.loaded("numberFormat");
  }

  set values(input: FakeValue[][]) {
    this.write("values", input);
  }
  set formulas(input: FakeValue[][]) {
    this.write("formulas", input);
  }
  set numberFormat(input: string[][]) {
    this.context.queue(() => {
      this.countWrite("numberFormat");
      const grid = checkShape(input, this.rect(), "numberFormat");
      grid.forEach((row) => row.forEach((v) => checkCellInput(v, "numberFormat")));
      this.forEachCell(
        (cell, r, c) => {
          const f = grid[r][c];
          cell.numberFormat = f === "" ? "General" : String(f);
        },
        true,
        (r, c) => grid[r][c] === null,
      );
    });
  }

  private countWrite(what: string): void {
    const writes = this.context.host.rangeWrites;
    writes.set(what, (writes.get(what) ?? 0) + 1);
  }

  private write(what: "values" | "formulas", input: FakeValue[][]): void {
    this.context.queue(() => {
      this.countWrite(what);
      const grid = checkShape(input, this.rect(), what);
      grid.forEach((row) => row.forEach((v) => checkCellInput(v, what)));
      this.forEachCell(
        (cell, r, c) => {
          const entered = enteredCell(grid[r][c] as FakeValue);
          cell.value = entered.value;
          if (entered.formula !== undefined) cell.formula = entered.formula;
          else delete cell.formula;
        },
        true,
        (r, c) => grid[r][c] === null, // Excel: null in an update leaves the cell as it is.
      );
    });
  }
}

class FakeRangeFormat extends FakeClientObject {
  readonly fill: { color: string };
  readonly font: { color: string; bold: boolean; italic: boolean; name: string; size: number };
  constructor(
    context: FakeRequestContext,
    private readonly range: FakeRange,
  ) {
    super(context);
    const setter = (apply: (cell: FakeCell, v: never) => void, check: (v: unknown) => boolean) => (v: unknown) =>
      this.context.queue(() => {
        if (!check(v)) throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "RangeFormat");
        this.range.forEachCell((cell) => apply(cell, v as never), true);
      });
    const isColor = (v: unknown) => typeof v === "string" && /^(#[0-9A-Fa-f]{6}|[A-Za-z]+)$/.test(v);
    const writeOnly = (p: string) => () => {
      throw new FakeOfficeError(ErrorCodes.propertyNotLoaded, MESSAGES.notLoaded(p));
    };
    const fillColor = setter((cell, v: string) => (cell.fillColor = v.toUpperCase()), isColor);
    const fontColor = setter((cell, v: string) => (cell.fontColor = v.toUpperCase()), isColor);
    const bold = setter((cell, v: boolean) => (cell.bold = v), (v) => typeof v === "boolean");
    const italic = setter((cell, v: boolean) => (cell.italic = v), (v) => typeof v === "boolean");
    const size = setter((cell, v: number) => (cell.fontSize = v), (v) => typeof v === "number" && v >= 1 && v <= 409);
    // Excel takes any font name up to 31 characters (a missing font is substituted at display time).
    const name = setter((cell, v: string) => (cell.fontName = v), (v) => typeof v === "string" && v.trim() !== "" && v.length <= 31);
    this.fill = Object.defineProperties({} as { color: string }, {
      color: { get: writeOnly("color"), set: fillColor, enumerable: true },
    });
    this.font = Object.defineProperties({} as { color: string; bold: boolean; italic: boolean; name: string; size: number }, {
      name: { get: writeOnly("name"), set: name, enumerable: true },
      color: { get: writeOnly("color"), set: fontColor, enumerable: true },
      bold: { get: writeOnly("bold"), set: bold, enumerable: true },
      italic: { get: writeOnly("italic"), set: italic, enumerable: true },
      size: { get: writeOnly("size"), set: size, enumerable: true },
    });
  }

  protected readers(): Readers {
    return {
      columnWidth: () => {
        const sheet = this.range.resolveSheet();
        const { left, columns } = this.range.rect();
        const widths = Array.from({ length: columns }, (_, i) => sheet.columnWidths.get(left + i) ?? DEFAULT_COLUMN_WIDTH_POINTS);
        return widths.every((w) => w === widths[0]) ? widths[0] : null;
      },
    };
  }

  // Alignment, wrapping and row height (ExcelApi 1.1): Excel's enum strings only.
  set wrapText(v: boolean) {
    this.context.queue(() => {
      if (typeof v !== "boolean") throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "RangeFormat.wrapText");
      this.range.forEachCell((cell) => (cell.wrapText = v), true);
    });
  }
  set horizontalAlignment(v: string) {
    this.context.queue(() => {
      if (!["General", "Left", "Center", "Right", "Fill", "Justify", "CenterAcrossSelection", "Distributed"].includes(v)) {
        throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "RangeFormat.horizontalAlignment");
      }
      this.range.forEachCell((cell) => (cell.horizontalAlignment = v), true);
    });
  }
  set verticalAlignment(v: string) {
    this.context.queue(() => {
      if (!["Top", "Center", "Bottom", "Justify", "Distributed"].includes(v)) {
        throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "RangeFormat.verticalAlignment");
      }
      this.range.forEachCell((cell) => (cell.verticalAlignment = v), true);
    });
  }
  set rowHeight(points: number) {
    this.context.queue(() => {
      if (typeof points !== "number" || !(points >= 0) || points > 409) {
        throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "RangeFormat.rowHeight");
      }
      const sheet = this.range.resolveSheet();
      const { top, rows } = this.range.rect();
      for (let i = 0; i < rows; i++) sheet.rowHeights.set(top + i, points);
    });
  }

  get columnWidth(): number {
    return this.loaded("columnWidth");
  }
  set columnWidth(points: number) {
    this.context.queue(() => {
      if (typeof points !== "number" || !(points >= 0) || points > 255 * 7.5) {
        throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "RangeFormat.columnWidth");
      }
      const sheet = this.range.resolveSheet();
      const { left, columns } = this.range.rect();
      for (let i = 0; i < columns; i++) sheet.columnWidths.set(left + i, points);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Data validation (ExcelApi 1.8)

const VALIDATION_OPERATORS = new Set(["Between", "NotBetween", "EqualTo", "NotEqualTo", "GreaterThan", "LessThan", "GreaterThanOrEqualTo", "LessThanOrEqualTo"]);
const RULE_TYPES: Record<string, FakeDataValidation["type"]> = { wholeNumber: "WholeNumber", decimal: "Decimal", list: "List", textLength: "TextLength", custom: "Custom" };
const ALERT_STYLES = new Set(["Stop", "Warning", "Information"]);
/** Excel's limits: input-message and error-alert titles 32 characters, input message 255, error message 225, list source 255. */
const MAX_VALIDATION_TITLE = 32;
const MAX_PROMPT_MESSAGE = 255;
const MAX_ERROR_MESSAGE = 225;
const MAX_LIST_SOURCE = 255;

const blankValidation = (appliedTo: string): FakeDataValidation => ({
  type: "None",
  rule: null,
  ignoreBlanks: true,
  prompt: { message: "", showPrompt: true, title: "" },
  errorAlert: { message: "", showAlert: true, style: "Stop", title: "" },
  appliedTo,
});

/** A BasicDataValidation formula as Excel reads it back: always a string formula ("=10", "=A1"). */
function validationFormula(v: unknown, where: string): string {
  const bad = () => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, where);
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw bad();
    return `=${v}`;
  }
  if (v instanceof FakeRange) return `=${absoluteRect(v.rect())}`;
  if (typeof v !== "string" || v.trim() === "") throw bad();
  if (v.startsWith("=")) return v;
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(v.trim())) throw bad();
  return `=${Number(v)}`;
}

/** Check a DataValidationRule as Excel does and give it back as Excel reads it. */
function normaliseRule(rule: unknown): { type: FakeDataValidation["type"]; rule: Record<string, unknown> } {
  const bad = (what: string) => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, `DataValidation.rule${what}`);
  if (typeof rule !== "object" || rule === null) throw bad("");
  const keys = Object.keys(rule).filter((k) => (rule as Record<string, unknown>)[k] !== undefined);
  // "You can only use one of them at a time."
  if (keys.length !== 1) throw bad("");
  const [key] = keys;
  const body = (rule as Record<string, Record<string, unknown>>)[key];
  if (key === "date" || key === "time") throw new Error(`the fake does not model ${key} data validation`);
  if (!(key in RULE_TYPES) || typeof body !== "object" || body === null) throw bad(`.${key}`);
  if (key === "list") {
    const source = body.source instanceof FakeRange ? `=${absoluteRect(body.source.rect())}` : body.source;
    if (typeof source !== "string" || source.trim() === "" || source.length > MAX_LIST_SOURCE) throw bad(".list.source");
    if (body.inCellDropDown !== undefined && typeof body.inCellDropDown !== "boolean") throw bad(".list.inCellDropDown");
    return { type: "List", rule: { list: { inCellDropDown: body.inCellDropDown ?? true, source } } };
  }
  if (key === "custom") {
    if (typeof body.formula !== "string" || body.formula.trim() === "") throw bad(".custom.formula");
    return { type: "Custom", rule: { custom: { formula: body.formula.startsWith("=") ? body.formula : `=${body.formula}` } } };
  }
  const operator = body.operator;
  if (typeof operator !== "string" || !VALIDATION_OPERATORS.has(operator)) throw bad(`.${key}.operator`);
  const ternary = operator === "Between" || operator === "NotBetween";
  if (body.formula1 === undefined || (ternary && body.formula2 === undefined)) throw bad(`.${key}`);
  const out: Record<string, unknown> = { operator, formula1: validationFormula(body.formula1, `DataValidation.rule.${key}.formula1`) };
  if (ternary) out.formula2 = validationFormula(body.formula2, `DataValidation.rule.${key}.formula2`);
  return { type: RULE_TYPES[key], rule: { [key]: out } };
}

class FakeDataValidationProxy extends FakeClientObject {
  constructor(
    context: FakeRequestContext,
    private readonly range: FakeRange,
  ) {
    super(context);
  }

  /** Change each cell's validation at sync. */
  private update(member: string, change: (v: FakeDataValidation, appliedTo: string) => void): void {
    this.context.queueApi("1.8", `DataValidation.${member}`, () => {
      const sheet = this.range.resolveSheet();
      const appliedTo = rectAddress(this.range.rect());
      for (const address of this.range.cellAddresses("data validation")) {
        const v = structuredClone(sheet.dataValidations.get(address) ?? blankValidation(appliedTo));
        change(v, appliedTo);
        if (v.type === "None" && v.rule === null) sheet.dataValidations.delete(address);
        else sheet.dataValidations.set(address, v);
      }
    });
  }

  /** One value for the range when every cell agrees; "Inconsistent" for type otherwise, as Excel. */
  private read<T>(pick: (v: FakeDataValidation) => T, inconsistent: T): T {
    const sheet = this.range.resolveSheet();
    const all = this.range.cellAddresses("data validation").map((a) => pick(sheet.dataValidations.get(a) ?? blankValidation(a)));
    return all.every((x) => JSON.stringify(x) === JSON.stringify(all[0])) ? all[0] : inconsistent;
  }

  protected readers(): Readers {
    return {
      type: () => this.read((v) => v.type as string, "Inconsistent"),
      rule: () => this.read((v) => v.rule, null),
      ignoreBlanks: () => this.read((v) => v.ignoreBlanks, null),
      prompt: () => this.read((v) => v.prompt, null),
      errorAlert: () => this.read((v) => v.errorAlert, null),
    };
  }

  get type(): string {
    return this.loaded("type");
  }
  get rule(): Record<string, unknown> {
    return this.loaded("rule");
  }
  set rule(rule: Record<string, unknown>) {
    // Checked when queued, as Excel checks the request (the rule object is copied now, not read at sync).
    let normal: ReturnType<typeof normaliseRule> | undefined;
    let failure: unknown;
    try {
      normal = normaliseRule(rule);
    } catch (error) {
      failure = error;
    }
    this.update("rule", (v, appliedTo) => {
      if (failure) throw failure;
      v.type = normal!.type;
      v.rule = structuredClone(normal!.rule);
      v.appliedTo = appliedTo;
    });
  }
  get ignoreBlanks(): boolean {
    return this.loaded("ignoreBlanks");
  }
  set ignoreBlanks(ignore: boolean) {
    this.update("ignoreBlanks", (v) => {
      if (typeof ignore !== "boolean") throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "DataValidation.ignoreBlanks");
      v.ignoreBlanks = ignore;
    });
  }
  get prompt(): FakeDataValidation["prompt"] {
    return this.loaded("prompt");
  }
  set prompt(prompt: Partial<FakeDataValidation["prompt"]>) {
    const given = { ...prompt };
    this.update("prompt", (v) => {
      const bad = () => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "DataValidation.prompt");
      if (given.showPrompt !== undefined && typeof given.showPrompt !== "boolean") throw bad();
      if (given.title !== undefined && (typeof given.title !== "string" || given.title.length > MAX_VALIDATION_TITLE)) throw bad();
      if (given.message !== undefined && (typeof given.message !== "string" || given.message.length > MAX_PROMPT_MESSAGE)) throw bad();
      v.prompt = { ...v.prompt, ...given };
    });
  }
  get errorAlert(): FakeDataValidation["errorAlert"] {
    return this.loaded("errorAlert");
  }
  set errorAlert(alert: Partial<FakeDataValidation["errorAlert"]>) {
    const given = { ...alert };
    this.update("errorAlert", (v) => {
      const bad = () => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "DataValidation.errorAlert");
      if (given.showAlert !== undefined && typeof given.showAlert !== "boolean") throw bad();
      if (given.style !== undefined && !ALERT_STYLES.has(given.style)) throw bad();
      if (given.title !== undefined && (typeof given.title !== "string" || given.title.length > MAX_VALIDATION_TITLE)) throw bad();
      if (given.message !== undefined && (typeof given.message !== "string" || given.message.length > MAX_ERROR_MESSAGE)) throw bad();
      v.errorAlert = { ...v.errorAlert, ...given };
    });
  }

  clear(): void {
    this.context.queueApi("1.8", "DataValidation.clear", () => {
      const sheet = this.range.resolveSheet();
      for (const address of this.range.cellAddresses("data validation")) sheet.dataValidations.delete(address);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Conditional formats (ExcelApi 1.6)

const CONDITIONAL_FORMAT_TYPES = new Set(["Custom", "DataBar", "ColorScale", "IconSet", "TopBottom", "PresetCriteria", "ContainsText", "CellValue"]);
const TEXT_OPERATORS = new Set(["Contains", "NotContains", "BeginsWith", "EndsWith"]);
const isColor = (v: unknown) => typeof v === "string" && /^(#[0-9A-Fa-f]{6}|[A-Za-z]+)$/.test(v);

function rectsIntersect(a: CellRect, b: CellRect): boolean {
  return a.top < b.top + b.rows && b.top < a.top + a.rows && a.left < b.left + b.columns && b.left < a.left + a.columns;
}

/** Range.conditionalFormats: the formats that touch the range, top priority first. */
class FakeConditionalFormatCollection extends FakeCollection<FakeConditionalFormatProxy> {
  constructor(
    context: FakeRequestContext,
    private readonly range: FakeRange,
  ) {
    super(context);
  }
  protected currentItems(): FakeConditionalFormatProxy[] {
    const sheet = this.range.resolveSheet();
    return sheet.conditionalFormats
      .filter((f) => rectsIntersect(parseRangeAddress(f.range), this.range.rect()))
      .map((f) => new FakeConditionalFormatProxy(this.context, () => f));
  }

  /** "Adds a new conditional format to the collection at the first/top priority." */
  add(type: string): FakeConditionalFormatProxy {
    let created: FakeConditionalFormat | undefined;
    this.context.queueApi("1.6", "ConditionalFormatCollection.add", () => {
      if (!CONDITIONAL_FORMAT_TYPES.has(type)) throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "ConditionalFormatCollection.add");
      if (type !== "ContainsText" && type !== "CellValue" && type !== "Custom") throw new Error(`the fake does not model ${type} conditional formats`);
      const part = type === "ContainsText" ? { textComparison: {} } : type === "CellValue" ? { cellValue: {} } : { custom: {} };
      created = { type, range: rectAddress(this.range.rect()), stopIfTrue: false, ...part };
      this.range.resolveSheet().conditionalFormats.unshift(created);
    });
    return new FakeConditionalFormatProxy(this.context, () => created);
  }
}

class FakeConditionalFormatProxy extends FakeClientObject {
  readonly textComparison: FakeTextConditionalFormatProxy;
  readonly cellValue: FakeCellValueConditionalFormatProxy;
  readonly custom: FakeCustomConditionalFormatProxy;
  constructor(
    context: FakeRequestContext,
    private readonly resolveFormat: () => FakeConditionalFormat | undefined,
  ) {
    super(context);
    this.textComparison = new FakeTextConditionalFormatProxy(context, () => {
      const f = this.format();
      // The text properties of a format of another type: Excel refuses them.
      if (f.type !== "ContainsText" || !f.textComparison) throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "ConditionalFormat.textComparison");
      return f.textComparison;
    });
    this.cellValue = new FakeCellValueConditionalFormatProxy(context, () => {
      const f = this.format();
      if (f.type !== "CellValue" || !f.cellValue) throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "ConditionalFormat.cellValue");
      return f.cellValue;
    });
    this.custom = new FakeCustomConditionalFormatProxy(context, () => {
      const f = this.format();
      if (f.type !== "Custom" || !f.custom) throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "ConditionalFormat.custom");
      return f.custom;
    });
  }
  private format(): FakeConditionalFormat {
    const f = this.resolveFormat();
    if (!f) throw new FakeOfficeError(ErrorCodes.itemNotFound, MESSAGES.notFound, "ConditionalFormat");
    return f;
  }
  protected readers(): Readers {
    return {
      type: () => this.format().type,
      stopIfTrue: () => this.format().stopIfTrue,
      priority: () => {
        const f = this.format();
        for (const sheet of this.context.host.workbook.sheets) {
          const i = sheet.conditionalFormats.indexOf(f);
          if (i >= 0) return i;
        }
        throw new FakeOfficeError(ErrorCodes.itemNotFound, MESSAGES.notFound, "ConditionalFormat");
      },
    };
  }
  get type(): string {
    return this.loaded("type");
  }
  get priority(): number {
    return this.loaded("priority");
  }
  get stopIfTrue(): boolean {
    return this.loaded("stopIfTrue");
  }
}

type TextComparison = NonNullable<FakeConditionalFormat["textComparison"]>;

class FakeTextConditionalFormatProxy extends FakeClientObject {
  readonly format: { fill: { color: string }; font: { color: string; bold: boolean; italic: boolean } };
  constructor(
    context: FakeRequestContext,
    private readonly resolve: () => TextComparison,
  ) {
    super(context);
    const bad = (what: string) => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, `ConditionalRangeFormat.${what}`);
    const writeOnly = (p: string) => () => {
      throw new FakeOfficeError(ErrorCodes.propertyNotLoaded, MESSAGES.notLoaded(p));
    };
    const setter = <K extends keyof TextComparison>(key: K, check: (v: unknown) => boolean, what: string, map: (v: never) => TextComparison[K] = (v) => v) => (v: unknown) =>
      this.context.queue(() => {
        if (!check(v)) throw bad(what);
        this.resolve()[key] = map(v as never);
      });
    const upper = (v: string) => v.toUpperCase();
    this.format = {
      fill: Object.defineProperties({} as { color: string }, {
        color: { get: writeOnly("color"), set: setter("fill", isColor, "fill.color", upper as never), enumerable: true },
      }),
      font: Object.defineProperties({} as { color: string; bold: boolean; italic: boolean }, {
        color: { get: writeOnly("color"), set: setter("fontColor", isColor, "font.color", upper as never), enumerable: true },
        bold: { get: writeOnly("bold"), set: setter("bold", (v) => typeof v === "boolean", "font.bold"), enumerable: true },
        italic: { get: writeOnly("italic"), set: setter("italic", (v) => typeof v === "boolean", "font.italic"), enumerable: true },
      }),
    };
  }
  protected readers(): Readers {
    return { rule: () => structuredClone(this.resolve().rule ?? { operator: "Invalid", text: "" }) };
  }
  get rule(): { operator: string; text: string } {
    return this.loaded("rule");
  }
  set rule(rule: { operator: string; text: string }) {
    const given = { ...rule };
    this.context.queue(() => {
      if (!TEXT_OPERATORS.has(given.operator) || typeof given.text !== "string") {
        throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "TextConditionalFormat.rule");
      }
      this.resolve().rule = { operator: given.operator, text: given.text };
    });
  }
}

const CELL_VALUE_OPERATORS = new Set(["Between", "NotBetween", "EqualTo", "NotEqualTo", "GreaterThan", "LessThan", "GreaterThanOrEqual", "LessThanOrEqual"]);
type CellValueComparison = NonNullable<FakeConditionalFormat["cellValue"]>;

/** ConditionalFormat.cellValue (ExcelApi 1.6): its format and its rule { formula1, formula2?, operator }. */
class FakeCellValueConditionalFormatProxy extends FakeClientObject {
  readonly format: { fill: { color: string }; font: { color: string } };
  constructor(
    context: FakeRequestContext,
    private readonly resolve: () => CellValueComparison,
  ) {
    super(context);
    const bad = (what: string) => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, `ConditionalRangeFormat.${what}`);
    const writeOnly = (p: string) => () => {
      throw new FakeOfficeError(ErrorCodes.propertyNotLoaded, MESSAGES.notLoaded(p));
    };
    const color = (key: "fill" | "fontColor", what: string) => (v: unknown) =>
      this.context.queue(() => {
        if (!isColor(v)) throw bad(what);
        this.resolve()[key] = (v as string).toUpperCase();
      });
    this.format = {
      fill: Object.defineProperties({} as { color: string }, { color: { get: writeOnly("color"), set: color("fill", "fill.color"), enumerable: true } }),
      font: Object.defineProperties({} as { color: string }, { color: { get: writeOnly("color"), set: color("fontColor", "font.color"), enumerable: true } }),
    };
  }
  protected readers(): Readers {
    return { rule: () => structuredClone(this.resolve().rule ?? { operator: "Invalid", formula1: "" }) };
  }
  get rule(): { operator: string; formula1: string; formula2?: string } {
    return this.loaded("rule");
  }
  set rule(rule: { operator: string; formula1: string; formula2?: string }) {
    const given = { ...rule };
    this.context.queue(() => {
      const needsSecond = given.operator === "Between" || given.operator === "NotBetween";
      if (!CELL_VALUE_OPERATORS.has(given.operator) || typeof given.formula1 !== "string" || (needsSecond && typeof given.formula2 !== "string")) {
        throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "CellValueConditionalFormat.rule");
      }
      this.resolve().rule = { operator: given.operator, formula1: given.formula1, ...(needsSecond ? { formula2: given.formula2 } : {}) };
    });
  }
}

type CustomComparison = NonNullable<FakeConditionalFormat["custom"]>;

/**
 * ConditionalFormat.custom (ExcelApi 1.6): rule.formula (a formula, "=" first, as Excel takes it) and
 * format.numberFormat and format.fill.color, write-only here as the writer uses them.
 */
class FakeCustomConditionalFormatProxy extends FakeClientObject {
  readonly rule: { formula: string };
  readonly format: { numberFormat: string; fill: { color: string } };
  constructor(
    context: FakeRequestContext,
    private readonly resolve: () => CustomComparison,
  ) {
    super(context);
    const bad = (what: string) => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, what);
    const writeOnly = (p: string) => () => {
      throw new FakeOfficeError(ErrorCodes.propertyNotLoaded, MESSAGES.notLoaded(p));
    };
    this.rule = Object.defineProperties({} as { formula: string }, {
      formula: {
        get: writeOnly("formula"),
        set: (v: unknown) =>
          this.context.queue(() => {
            if (typeof v !== "string" || !v.startsWith("=") || v.length < 2) throw bad("ConditionalFormatRule.formula");
            this.resolve().rule = { formula: v };
          }),
        enumerable: true,
      },
    });
    this.format = Object.defineProperties({} as { numberFormat: string; fill: { color: string } }, {
      fill: {
        value: Object.defineProperties({} as { color: string }, {
          color: {
            get: writeOnly("color"),
            set: (v: unknown) =>
              this.context.queue(() => {
                if (!isColor(v)) throw bad("ConditionalRangeFormat.fill.color");
                this.resolve().fill = (v as string).toUpperCase();
              }),
            enumerable: true,
          },
        }),
        enumerable: true,
      },
      numberFormat: {
        get: writeOnly("numberFormat"),
        set: (v: unknown) =>
          this.context.queue(() => {
            if (typeof v !== "string" || v === "" || v.length > 255) throw bad("ConditionalRangeFormat.numberFormat");
            this.resolve().numberFormat = v;
          }),
        enumerable: true,
      },
    });
  }
  protected readers(): Readers {
    return {};
  }
}

// ---------------------------------------------------------------------------------------------
// Page layout (ExcelApi 1.9)

const POINTS_PER: Record<string, number> = { Points: 1, Inches: 72, Centimeters: 72 / 2.54 };
const MARGIN_KEYS = { left: "leftMargin", right: "rightMargin", top: "topMargin", bottom: "bottomMargin", header: "headerMargin", footer: "footerMargin" } as const;
/** Excel: a header or footer holds at most 255 characters, its three sections together. */
const MAX_HEADER_FOOTER = 255;

class FakePageLayoutProxy extends FakeClientObject {
  readonly headersFooters: FakeHeaderFooterGroupProxy;
  /** Defined in the constructor: read after load, set in points. */
  declare leftMargin: number;
  declare rightMargin: number;
  declare topMargin: number;
  declare bottomMargin: number;
  declare headerMargin: number;
  declare footerMargin: number;
  constructor(
    context: FakeRequestContext,
    private readonly sheet: () => FakeSheet,
  ) {
    super(context);
    this.headersFooters = new FakeHeaderFooterGroupProxy(context, () => this.layout());
    for (const key of Object.values(MARGIN_KEYS)) {
      Object.defineProperty(this, key, {
        get: () => this.loaded(key),
        set: (points: number) =>
          this.change(key, (layout) => {
            if (typeof points !== "number" || !(points >= 0)) throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, `PageLayout.${key}`);
            layout[key] = points;
          }),
        enumerable: true,
      });
    }
  }
  private layout(): FakePageLayout {
    return this.sheet().pageLayout;
  }
  private change(member: string, apply: (layout: FakePageLayout) => void): void {
    this.context.queueApi("1.9", `PageLayout.${member}`, () => apply(this.layout()));
  }
  protected readers(): Readers {
    const layout = () => this.layout();
    return {
      orientation: () => layout().orientation,
      zoom: () => ({ ...layout().zoom }),
      ...Object.fromEntries(Object.values(MARGIN_KEYS).map((k) => [k, () => layout()[k]])),
    };
  }

  get orientation(): string {
    return this.loaded("orientation");
  }
  set orientation(orientation: string) {
    this.change("orientation", (layout) => {
      if (orientation !== "Portrait" && orientation !== "Landscape") throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "PageLayout.orientation");
      layout.orientation = orientation;
    });
  }

  /** Read back as a copy: "must be set as a JSON object (use x.zoom = {...} instead of x.zoom.scale = ...)". */
  get zoom(): FakePageLayout["zoom"] {
    return this.loaded("zoom");
  }
  set zoom(zoom: FakePageLayout["zoom"]) {
    const given = { ...zoom };
    this.change("zoom", (layout) => {
      const bad = () => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "PageLayout.zoom");
      const pages = (v: unknown) => v === undefined || (typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= 32767);
      if (!pages(given.horizontalFitToPages) || !pages(given.verticalFitToPages)) throw bad();
      if (given.scale !== undefined && (typeof given.scale !== "number" || given.scale < 10 || given.scale > 400)) throw bad();
      const fits = given.horizontalFitToPages !== undefined || given.verticalFitToPages !== undefined;
      if (fits && given.scale !== undefined) throw bad();
      if (!fits && given.scale === undefined) throw bad();
      layout.zoom = fits
        ? { horizontalFitToPages: given.horizontalFitToPages ?? 1, verticalFitToPages: given.verticalFitToPages ?? 1 }
        : { scale: given.scale };
    });
  }

  setPrintMargins(unit: string, options: Partial<Record<keyof typeof MARGIN_KEYS, number>>): void {
    const given = { ...options };
    this.change("setPrintMargins", (layout) => {
      const bad = () => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "PageLayout.setPrintMargins");
      const factor = POINTS_PER[unit];
      if (factor === undefined) throw bad();
      for (const [side, value] of Object.entries(given)) {
        if (!(side in MARGIN_KEYS) || typeof value !== "number" || !(value >= 0)) throw bad();
      }
      for (const [side, value] of Object.entries(given)) layout[MARGIN_KEYS[side as keyof typeof MARGIN_KEYS]] = (value as number) * factor;
    });
  }

  /** Whole rows only: "$1:$4", "1:4" or such a Range. */
  setPrintTitleRows(rows: string | FakeRange): void {
    this.change("setPrintTitleRows", (layout) => {
      const bad = () => new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "PageLayout.setPrintTitleRows");
      let rect: CellRect;
      if (rows instanceof FakeRange) rect = rows.rect();
      else if (typeof rows === "string") rect = parseRangeAddress(rows);
      else throw bad();
      if (rect.left !== 0 || rect.columns !== MAX_COLUMNS) throw bad();
      layout.printTitleRows = `$${rect.top + 1}:$${rect.top + rect.rows}`;
    });
  }

  /**
   * An A1 address ("A1:G30"), several joined by commas as a RangeAreas address ("A1:G30,A40:G50"),
   * or such a Range (PageLayout.setPrintArea, ExcelApi 1.9: Range | RangeAreas | string).
   */
  setPrintArea(area: string | FakeRange): void {
    this.change("setPrintArea", (layout) => {
      const rect = area instanceof FakeRange ? area.rect() : typeof area === "string" ? area.split(",").map((a) => parseRangeAddress(a.trim()))[0] : undefined;
      if (!rect) throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "PageLayout.setPrintArea");
      layout.printArea = typeof area === "string" ? area.replace(/\$/g, "") : null;
    });
  }

  getPrintTitleRowsOrNullObject(): FakeRange {
    this.context.queueApi("1.9", "PageLayout.getPrintTitleRowsOrNullObject", () => undefined);
    const range = new FakeRange(this.context, () => this.sheet(), "A1");
    const current = () => this.layout().printTitleRows;
    Object.defineProperty(range, "rect", { value: () => parseRangeAddress(current() ?? "1:1") });
    const readers = (range as unknown as { readers(): Readers }).readers.bind(range);
    Object.defineProperty(range, "readers", {
      value: () => ({ ...readers(), isNullObject: () => current() === null, address: () => `${quoteSheet(this.sheet().name)}!${current() ?? ""}` }),
    });
    Object.defineProperty(range, "isNullObject", { get: () => (range as unknown as { loaded(p: string): boolean }).loaded("isNullObject") });
    return range;
  }
}

class FakeHeaderFooterGroupProxy extends FakeClientObject {
  readonly defaultForAllPages: FakeHeaderFooterProxy;
  constructor(
    context: FakeRequestContext,
    private readonly layout: () => FakePageLayout,
  ) {
    super(context);
    this.defaultForAllPages = new FakeHeaderFooterProxy(context, () => this.layout().headersFooters.defaultForAllPages);
  }
  protected readers(): Readers {
    return { state: () => this.layout().headersFooters.state };
  }
  get state(): string {
    return this.loaded("state");
  }
}

const HEADER_FOOTER_KEYS = ["leftHeader", "centerHeader", "rightHeader", "leftFooter", "centerFooter", "rightFooter"] as const;

class FakeHeaderFooterProxy extends FakeClientObject {
  /** Defined in the constructor: read after load; Excel's header and footer codes (&A, &P…). */
  declare leftHeader: string;
  declare centerHeader: string;
  declare rightHeader: string;
  declare leftFooter: string;
  declare centerFooter: string;
  declare rightFooter: string;
  constructor(
    context: FakeRequestContext,
    private readonly resolve: () => FakeHeaderFooter,
  ) {
    super(context);
    for (const key of HEADER_FOOTER_KEYS) {
      Object.defineProperty(this, key, {
        get: () => this.loaded(key),
        set: (text: string) => {
          this.context.queueApi("1.9", `HeaderFooter.${key}`, () => {
            const hf = this.resolve();
            const part = key.endsWith("Header") ? "Header" : "Footer";
            const others = HEADER_FOOTER_KEYS.filter((k) => k.endsWith(part) && k !== key).reduce((n, k) => n + hf[k].length, 0);
            if (typeof text !== "string" || others + text.length > MAX_HEADER_FOOTER) {
              throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, `HeaderFooter.${key}`);
            }
            hf[key] = text;
          });
        },
        enumerable: true,
      });
    }
  }
  protected readers(): Readers {
    return Object.fromEntries(HEADER_FOOTER_KEYS.map((k) => [k, () => this.resolve()[k]]));
  }
}

/** Excel.ChartType values the fake accepts (a subset of Excel's, enough to catch a misspelt type). */
const CHART_TYPES = new Set([
  "ColumnClustered",
  "ColumnStacked",
  "ColumnStacked100",
  "BarClustered",
  "BarStacked",
  "BarStacked100",
  "Line",
  "Pie",
  "Doughnut",
  "Area",
  "XYScatter",
]);
const SERIES_BY = new Set(["Auto", "Columns", "Rows"]);

class FakeChartCollection extends FakeCollection<FakeChartProxy> {
  constructor(
    context: FakeRequestContext,
    private readonly sheet: () => FakeSheet,
  ) {
    super(context);
  }
  protected currentItems(): FakeChartProxy[] {
    return this.sheet().charts.map((c) => new FakeChartProxy(this.context, () => c));
  }

  add(type: string, sourceData: FakeRange, seriesBy: string = "Auto"): FakeChartProxy {
    let created: FakeChart | undefined;
    this.context.queue(() => {
      if (!CHART_TYPES.has(type) || !SERIES_BY.has(seriesBy) || !(sourceData instanceof FakeRange)) {
        throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "ChartCollection.add");
      }
      const sheet = this.sheet();
      const source = `${quoteSheet(sourceData.resolveSheet().name)}!${rectAddress(sourceData.rect())}`;
      created = { name: `Chart ${sheet.charts.length + 1}`, type, source, seriesBy, title: "" };
      sheet.charts.push(created);
    });
    return new FakeChartProxy(this.context, () => created);
  }
}

class FakeChartProxy extends FakeClientObject {
  readonly title: { text: string };
  constructor(
    context: FakeRequestContext,
    private readonly resolveChart: () => FakeChart | undefined,
  ) {
    super(context);
    const chart = () => {
      const c = this.resolveChart();
      if (!c) throw new FakeOfficeError(ErrorCodes.itemNotFound, MESSAGES.notFound, "Chart");
      return c;
    };
    this.title = Object.defineProperty({} as { text: string }, "text", {
      get: () => {
        throw new FakeOfficeError(ErrorCodes.propertyNotLoaded, MESSAGES.notLoaded("text"));
      },
      set: (text: string) => this.context.queue(() => (chart().title = String(text))),
      enumerable: true,
    });
    this.chart = chart;
  }
  private readonly chart: () => FakeChart;

  protected readers(): Readers {
    return { name: () => this.chart().name, chartType: () => this.chart().type };
  }
  get name(): string {
    return this.loaded("name");
  }
  set name(name: string) {
    this.context.queue(() => (this.chart().name = name));
  }

  setPosition(startCell: string | FakeRange, endCell?: string | FakeRange): void {
    this.context.queue(() => {
      const cell = (c: string | FakeRange) => {
        const address = typeof c === "string" ? c : c.address0;
        const rect = parseRangeAddress(address);
        return cellAddress(rect.top, rect.left);
      };
      const chart = this.chart();
      chart.from = cell(startCell);
      if (endCell !== undefined) chart.to = cell(endCell);
    });
  }
}

class FakeNamedItemCollection extends FakeCollection<FakeNamedItem> {
  private get doc(): FakeWorkbook {
    return this.context.host.workbook;
  }
  protected currentItems(): FakeNamedItem[] {
    return this.doc.names.map((n) => new FakeNamedItem(this.context, () => n));
  }

  add(name: string, reference: string | FakeRange, comment?: string): FakeNamedItem {
    let created: FakeName | undefined;
    this.context.queue(() => {
      checkDefinedName(name);
      if (this.doc.name(name)) {
        throw new FakeOfficeError(ErrorCodes.itemAlreadyExists, MESSAGES.alreadyExists, "NamedItemCollection.add");
      }
      const formula =
        typeof reference === "string"
          ? reference.startsWith("=")
            ? reference
            : `=${reference}`
          : `=${quoteSheet(reference.resolveSheet().name)}!${absoluteRect(reference.rect())}`;
      if (!this.doc.resolveReference(formula)) {
        throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, `NamedItemCollection.add(${JSON.stringify(name)})`);
      }
      created = { name, formula, comment: comment ?? "" };
      this.doc.names.push(created);
    });
    return new FakeNamedItem(this.context, () => created);
  }

  getItem(name: string): FakeNamedItem {
    return new FakeNamedItem(this.context, () => {
      const n = this.doc.name(name);
      if (!n) throw new FakeOfficeError(ErrorCodes.itemNotFound, MESSAGES.notFound, `NamedItemCollection.getItem(${JSON.stringify(name)})`);
      return n;
    });
  }
}

function absoluteRect(rect: CellRect): string {
  return rectAddress(rect).replace(/([A-Z]+)(\d+)/g, "$$$1$$$2");
}

class FakeNamedItem extends FakeClientObject {
  constructor(
    context: FakeRequestContext,
    private readonly resolveName: () => FakeName | undefined,
  ) {
    super(context);
  }
  private item(): FakeName {
    const n = this.resolveName();
    if (!n) throw new FakeOfficeError(ErrorCodes.itemNotFound, MESSAGES.notFound, "NamedItem");
    return n;
  }
  protected readers(): Readers {
    return {
      name: () => this.item().name,
      formula: () => this.item().formula,
      comment: () => this.item().comment,
      type: () => "Range",
      // Excel: "For a named range, it will return the range address."
      value: () => this.item().formula.slice(1),
    };
  }
  get name(): string {
    return this.loaded("name");
  }
  get formula(): string {
    return this.loaded("formula");
  }
  get comment(): string {
    return this.loaded("comment");
  }
  get value(): string {
    return this.loaded("value");
  }
  get type(): string {
    return this.loaded("type");
  }

  getRange(): FakeRange {
    const target = () => {
      const resolved = this.context.host.workbook.resolveReference(this.item().formula);
      if (!resolved) throw new FakeOfficeError(ErrorCodes.invalidReference, "The reference is not valid.", "NamedItem.getRange");
      return resolved;
    };
    const range = new FakeRange(this.context, () => target().sheet, "A1");
    // The rectangle is known only at sync; resolve it lazily from the name.
    Object.defineProperty(range, "rect", { value: () => target().rect });
    return range;
  }
}

// ---------------------------------------------------------------------------------------------
// The host: Excel.run, Excel.createWorkbook, Office.context, CustomFunctions

export interface FakeHostOptions {
  /** The highest ExcelApi requirement set this host supports ("1.10" by default). */
  excelApi?: string;
  /** The current document as an .xlsx, for getFileAsync; absent: getFileAsync fails as unsupported. */
  file?: () => Uint8Array | Promise<Uint8Array>;
  /** Whether the host offers Document.getFileAsync at all (old hosts may not). */
  getFileAsync?: boolean;
  /** Runs after every sync: fills formula cells' values, as Excel's calculation would. */
  calculate?: (workbook: FakeWorkbook) => void;
}

const versionNumber = (v: string): number[] => v.split(".").map((x) => Number(x) || 0);
function atMost(wanted: string, supported: string): boolean {
  const [a, b] = [versionNumber(wanted), versionNumber(supported)];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0);
  }
  return true;
}

const DEFAULT_SLICE_BYTES = 4 * 1024 * 1024;
/** "No more than two documents are allowed to be in memory; otherwise the getFileAsync operation will fail." */
const MAX_OPEN_FILES = 2;

export class FakeExcelHost {
  readonly workbook = new FakeWorkbook();
  syncCount = 0;
  /** How many queued operations each sync applied, in order. */
  readonly operationsPerSync: number[] = [];
  /** Operations left queued when an Excel.run batch ended without syncing them. */
  unsyncedOperations = 0;
  /** How many times each Range property was written (formulas, values, numberFormat), over all syncs. */
  readonly rangeWrites = new Map<string, number>();
  /** Base64 files passed to Excel.createWorkbook, in order. */
  readonly createdWorkbooks: string[] = [];
  readonly associatedFunctions = new Map<string, unknown>();
  private openFiles = 0;
  readonly options: Required<Omit<FakeHostOptions, "file" | "calculate">> & Pick<FakeHostOptions, "file" | "calculate">;

  constructor(options: FakeHostOptions = {}) {
    this.options = { excelApi: "1.10", getFileAsync: true, ...options };
  }

  /** A workbook as a new Excel window opens it: one empty Sheet1. */
  static withBlankSheet(options: FakeHostOptions = {}): FakeExcelHost {
    const host = new FakeExcelHost(options);
    host.workbook.addSheet("Sheet1");
    return host;
  }

  /** Application.calculationMode: with "Manual", syncs no longer recalculate; calculate() still does. */
  calculationMode: "Automatic" | "AutomaticExceptTables" | "Manual" = "Automatic";
  /** The types of the Application.calculate calls, in order. */
  readonly calculations: string[] = [];

  calculateNow(): void {
    this.options.calculate?.(this.workbook);
  }

  recalculate(): void {
    if (this.calculationMode === "Manual") return;
    this.options.calculate?.(this.workbook);
  }

  resetCounters(): void {
    this.syncCount = 0;
    this.operationsPerSync.length = 0;
    this.rangeWrites.clear();
    this.unsyncedOperations = 0;
  }

  async run<T>(batch: (context: FakeRequestContext) => Promise<T>): Promise<T> {
    const context = new FakeRequestContext(this);
    const result = await batch(context);
    this.unsyncedOperations += context.pendingCount;
    return result;
  }

  isSetSupported(name: string, version?: string): boolean {
    if (name === "ExcelApi") return atMost(version ?? "1.1", this.options.excelApi);
    if (name === "File" || name === "CompressedFile") return this.options.getFileAsync;
    return false;
  }

  /** Office.context.document.getFileAsync(fileType, [options], callback). */
  getFileAsync(fileType: string, optionsOrCallback?: unknown, maybeCallback?: unknown): void {
    const callback = (typeof optionsOrCallback === "function" ? optionsOrCallback : maybeCallback) as (r: unknown) => void;
    const options = (typeof optionsOrCallback === "object" && optionsOrCallback) || {};
    const sliceSize = Number((options as { sliceSize?: number }).sliceSize ?? DEFAULT_SLICE_BYTES);
    const fail = (message: string, code: number): void => {
      setTimeout(() => callback({ status: "failed", error: { name: "Internal Error", message, code } }), 0);
    };
    if (fileType !== "compressed") return fail("The file type is not supported by this host.", 5001);
    if (!this.options.file) return fail("An internal error has occurred.", 5001);
    if (this.openFiles >= MAX_OPEN_FILES) return fail("Too many documents are open; close one with File.closeAsync.", 5001);
    this.openFiles += 1;
    const file = this.options.file;
    new Promise<Uint8Array>((resolve) => resolve(file())).then(
      (bytes) => this.handOver(bytes, sliceSize, callback),
      (error: Error) => {
        this.openFiles -= 1;
        fail(error.message, 5001);
      },
    );
  }

  private handOver(bytes: Uint8Array, sliceSize: number, callback: (r: unknown) => void): void {
    const slices = Math.max(1, Math.ceil(bytes.length / sliceSize));
    let closed = false;
    const file = {
      size: bytes.length,
      sliceCount: slices,
      getSliceAsync: (index: number, cb: (r: unknown) => void) =>
        setTimeout(() => {
          if (closed || index < 0 || index >= slices) {
            cb({ status: "failed", error: { name: "Invalid slice", message: "The slice index is out of range.", code: 5002 } });
            return;
          }
          const data = Array.from(bytes.subarray(index * sliceSize, Math.min(bytes.length, (index + 1) * sliceSize)));
          cb({ status: "succeeded", value: { data, index, size: data.length } });
        }, 0),
      closeAsync: (cb?: (r: unknown) => void) =>
        setTimeout(() => {
          if (!closed) this.openFiles -= 1;
          closed = true;
          cb?.({ status: "succeeded" });
        }, 0),
    };
    setTimeout(() => callback({ status: "succeeded", value: file }), 0);
  }

  get openFileCount(): number {
    return this.openFiles;
  }

  async createWorkbook(base64?: string): Promise<void> {
    if (!this.isSetSupported("ExcelApi", "1.8")) {
      throw new FakeOfficeError(ErrorCodes.apiNotFound, "The API you are trying to use could not be found. It may be available in a newer version of Excel.");
    }
    if (base64 !== undefined && !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
      throw new FakeOfficeError(ErrorCodes.invalidArgument, MESSAGES.invalidArgument, "createWorkbook");
    }
    this.createdWorkbooks.push(base64 ?? "");
  }

  /** The globals office.js would define, bound to this host. */
  globals(): { Excel: unknown; Office: unknown; CustomFunctions: unknown } {
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const host = this;
    const Excel = {
      run: <T>(batch: (context: FakeRequestContext) => Promise<T>) => host.run(batch),
      createWorkbook: (base64?: string) => host.createWorkbook(base64),
      ChartSeriesBy: { auto: "Auto", columns: "Columns", rows: "Rows" },
      ChartType: {
        columnClustered: "ColumnClustered",
        columnStacked: "ColumnStacked",
        barClustered: "BarClustered",
        pie: "Pie",
        line: "Line",
      },
      ConditionalFormatType: { containsText: "ContainsText", custom: "Custom", cellValue: "CellValue" },
      ConditionalTextOperator: { contains: "Contains", notContains: "NotContains", beginsWith: "BeginsWith", endsWith: "EndsWith" },
      DataValidationOperator: {
        between: "Between",
        notBetween: "NotBetween",
        equalTo: "EqualTo",
        notEqualTo: "NotEqualTo",
        greaterThan: "GreaterThan",
        lessThan: "LessThan",
        greaterThanOrEqualTo: "GreaterThanOrEqualTo",
        lessThanOrEqualTo: "LessThanOrEqualTo",
      },
      DataValidationAlertStyle: { stop: "Stop", warning: "Warning", information: "Information" },
      PageOrientation: { portrait: "Portrait", landscape: "Landscape" },
      PrintMarginUnit: { points: "Points", inches: "Inches", centimeters: "Centimeters" },
      ErrorCodes,
      CalculationMode: { automatic: "Automatic", automaticExceptTables: "AutomaticExceptTables", manual: "Manual" },
      CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
    };
    const document: Record<string, unknown> = {};
    if (this.options.getFileAsync) {
      document.getFileAsync = (t: string, o?: unknown, c?: unknown) => host.getFileAsync(t, o, c);
    }
    const Office = {
      HostType: { Excel: "Excel" },
      PlatformType: { PC: "PC", OfficeOnline: "OfficeOnline" },
      FileType: { Compressed: "compressed", Pdf: "pdf", Text: "text" },
      AsyncResultStatus: { Succeeded: "succeeded", Failed: "failed" },
      context: {
        requirements: { isSetSupported: (name: string, version?: string) => host.isSetSupported(name, version) },
        document,
      },
      onReady: (callback?: (info: { host: string; platform: string }) => void) => {
        const info = { host: "Excel", platform: "PC" };
        return new Promise((resolve) =>
          setTimeout(() => {
            callback?.(info);
            resolve(info);
          }, 0),
        );
      },
    };
    class CustomFunctionsError extends Error {
      constructor(
        readonly code: string,
        message?: string,
      ) {
        super(message);
      }
    }
    const CustomFunctions = {
      associate: (id: string | Record<string, unknown>, fn?: unknown) => {
        if (typeof id === "string") host.associatedFunctions.set(id, fn);
        else for (const [k, v] of Object.entries(id)) host.associatedFunctions.set(k, v);
      },
      Error: CustomFunctionsError,
      ErrorCode: { invalidValue: "#VALUE!", notAvailable: "#N/A", invalidNumber: "#NUM!", divisionByZero: "#DIV/0!", nullReference: "#NULL!", invalidName: "#NAME?", invalidReference: "#REF!" },
    };
    return { Excel, Office, CustomFunctions };
  }

  /** Define Excel, Office and CustomFunctions on `target` (globalThis by default); returns an uninstall. */
  install(target: Record<string, unknown> = globalThis as unknown as Record<string, unknown>): () => void {
    const previous = { Excel: target.Excel, Office: target.Office, CustomFunctions: target.CustomFunctions };
    Object.assign(target, this.globals());
    return () => Object.assign(target, previous);
  }
}
