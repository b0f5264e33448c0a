/**
 * The customer copy, made at the file level: a workbook that works in Excel
 * without the add-in and in other spreadsheet programs, and that stays live when a customer edits
 * an input.
 *
 * - A cell the template wrote with an EXSIZE formula (and the user left as it was) gets the same
 *   quantity in Excel's own functions (CellModel.native), keeping its cached value so the file shows
 *   numbers before any recalculation.
 * - Any other cell whose formula calls an EXSIZE function (a user's own, or one the user changed)
 *   keeps only its cached value, and the report says where.
 * - EXSIZE calls outside cells — defined names, conditional formats, data validations — become
 *   constants where the project's evaluator can compute them from the file's cached values, and
 *   are removed (and reported) where they cannot be one constant.
 * - The copy recalculates in full when opened (`<calcPr fullCalcOnLoad="1"/>`), and a stamp says
 *   when and from which inputs it was made. Every other part of the file keeps its bytes.
 *
 * Pure (fflate, no fs or DOM): the CLI and the taskpane both use it.
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Unzipped } from "fflate";
import { SizingError } from "../engine";
import { FORMULA_FUNCTIONS, evaluateFormula, formulaError, parseFormula, type FormulaErrorCode, type EvaluationContext, type FormulaNode, type FormulaResult } from "../formula";
import type { WorkbookModel } from "./model";
import { callsCustomFunction, formulaKey, outsideQuotes, toStoredFormula } from "./stored-formula";

export interface CustomerCopyStamp {
  sheet: string;
  /** A1 address, e.g. "A3". */
  address: string;
  text: string;
}

/**
 * The native formulas of the template copies in a workbook, per sheet name, then per A1 address:
 * `live` is the model's formula (`=EXSIZE.EX_DBSIZE(…)`), `native` the same quantity in Excel's own
 * functions (`=ROUNDUP(…)`), both with their leading "=".
 */
export type NativeFormulas = Record<string, Record<string, { live: string; native: string }>>;

export interface CustomerCopyOptions {
  /**
   * The largest worksheet (or other XML part we read) in uncompressed bytes: a larger one cannot be
   * read as one string, and is refused with a CustomerCopyError. 500 MiB by default.
   */
  maxPartBytes?: number;
  /** How many frozen cells the report names one by one (20 by default). */
  listLimit?: number;
}

/** A formula outside the cells: a defined name, a conditional format, a data validation. */
export interface FormulaChange {
  kind: "defined name" | "conditional format" | "data validation";
  /** `Budget`, `Design!C5:C9`. */
  where: string;
  /** The formula as the file stored it. */
  formula: string;
  /** The constant it became (frozen), as formula text. */
  value?: string;
  /** Why it could not become a constant (removed). */
  reason?: string;
}

/** What the customer copy did with each EXSIZE call it found. */
export interface CustomerCopyReport {
  /** Template cells whose EXSIZE formula became its native formula (cached value kept). */
  nativeCells: number;
  /** Cells whose formula calls EXSIZE but is not the template's (a user's own, or changed): now values. */
  frozenCells: number;
  /** The first `listLimit` of them, as `Sheet!A1`. */
  frozenCellList: string[];
  /** Defined names, conditional formats and data validations whose EXSIZE formula became a constant. */
  frozenFormulas: FormulaChange[];
  /** Those that could not be one constant (relative references, functions we do not compute): removed. */
  removed: FormulaChange[];
}

export class CustomerCopyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CustomerCopyError";
  }
}

/** V8 cannot hold a string much longer than 2^29 characters; leave room. */
const DEFAULT_MAX_PART_BYTES = 500 * 1024 * 1024;
const DEFAULT_LIST_LIMIT = 20;

/** Every cell of `model` that has a native formula, as NativeFormulas. */
export function nativeFormulasOf(model: WorkbookModel): NativeFormulas {
  const out: NativeFormulas = {};
  for (const sheet of model.sheets) {
    for (const cell of sheet.cells) {
      if (cell.formula === undefined || cell.native === undefined) continue;
      (out[sheet.name] ??= {})[cell.address.replace(/\$/g, "").toUpperCase()] = { live: cell.formula, native: cell.native };
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// XML text helpers

const unescapeXml = (text: string): string =>
  text.replace(/&(lt|gt|amp|quot|apos|#x[0-9a-fA-F]+|#\d+);/g, (_, entity: string) => {
    switch (entity) {
      case "lt": return "<";
      case "gt": return ">";
      case "amp": return "&";
      case "quot": return '"';
      case "apos": return "'";
      default:
        return String.fromCodePoint(entity[1] === "x" ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10));
    }
  });

const escapeXml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One attribute of an XML start tag's attribute text, unescaped. */
function attribute(attributes: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return m ? unescapeXml(m[1] ?? m[2]) : undefined;
}

function withoutAttribute(attributes: string, name: string): string {
  return attributes.replace(new RegExp(`\\s${name}\\s*=\\s*(?:"[^"]*"|'[^']*')`), "");
}

function withAttribute(attributes: string, name: string, value: string): string {
  return `${withoutAttribute(attributes, name)} ${name}="${escapeXml(value)}"`;
}

/** A `<c>` element: its attribute text and its inner XML (undefined when self-closing). */
const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const FORMULA = /<f\b([^>]*?)(?:\/>|>([\s\S]*?)<\/f>)/;
const CACHED_VALUE = /<v>([\s\S]*?)<\/v>|<v\/>/;

function text(files: Unzipped, path: string): string {
  const bytes = files[path];
  if (!bytes) throw new CustomerCopyError(`not an .xlsx workbook: it has no ${path}`);
  return strFromU8(bytes);
}

/** Targets of a relationships part, by Id; and by type (the last path segment of Type). */
function relationships(xml: string): { byId: Map<string, string>; byType: Map<string, string> } {
  const byId = new Map<string, string>();
  const byType = new Map<string, string>();
  for (const m of xml.matchAll(/<Relationship\b([^>]*?)\/?>/g)) {
    const id = attribute(m[1], "Id");
    const target = attribute(m[1], "Target");
    const type = attribute(m[1], "Type");
    if (!target) continue;
    const part = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
    if (id) byId.set(id, part);
    if (type) byType.set(type.slice(type.lastIndexOf("/") + 1), part);
  }
  return { byId, byType };
}

/** Sheet name → its worksheet part ("xl/worksheets/sheet1.xml"), in workbook order. */
function worksheetParts(workbookXml: string, rels: Map<string, string>, exists: (part: string) => boolean): Map<string, string> {
  const parts = new Map<string, string>();
  for (const m of workbookXml.matchAll(/<sheet\b([^>]*?)\/?>/g)) {
    const name = attribute(m[1], "name");
    const rid = /(?:^|\s)r:id\s*=\s*"([^"]*)"/.exec(m[1])?.[1];
    const part = rid ? rels.get(rid) : undefined;
    if (name !== undefined && part && exists(part)) parts.set(name, part);
  }
  return parts;
}

/** The sheet names in workbook order (localSheetId counts in this order). */
const sheetOrder = (workbookXml: string): string[] =>
  [...workbookXml.matchAll(/<sheet\b([^>]*?)\/?>/g)].map((m) => attribute(m[1], "name") ?? "");

// ---------------------------------------------------------------------------------------------
// Formula text: references, shifting, constants

/** A1 references outside quotes: group 1 what precedes, 2 "$" or "", 3 column, 4 "$" or "", 5 row. */
const A1_REFERENCE = /(^|[^A-Za-z0-9_.])(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_.(!])/g;

/** Does the formula hold a reference with a relative row or column (`B5`, `$B5`, `B$5`)? */
function hasRelativeReference(formula: string): boolean {
  let found = false;
  outsideQuotes(formula, (code) => {
    for (const m of code.matchAll(A1_REFERENCE)) if (m[2] === "" || m[4] === "") found = true;
    return code;
  });
  return found;
}

const columnNumber = (letters: string): number => [...letters.toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
const columnLetters = (n: number): string => {
  let letters = "";
  for (let c = n; c > 0; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  return letters;
};

/** A formula as it reads `rows` and `columns` further on: what a shared formula's child holds. */
function shiftReferences(formula: string, rows: number, columns: number): string {
  return outsideQuotes(formula, (code) =>
    code.replace(A1_REFERENCE, (_, before: string, colAbs: string, col: string, rowAbs: string, row: string) => {
      const c = colAbs ? col : columnLetters(columnNumber(col) + columns);
      const r = rowAbs ? row : String(Number(row) + rows);
      return `${before}${colAbs}${c}${rowAbs}${r}`;
    }),
  );
}

const cellPosition = (address: string): { row: number; column: number } | undefined => {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)$/.exec(address.trim());
  return m ? { row: Number(m[2]) - 1, column: columnNumber(m[1]) - 1 } : undefined;
};

/** Excel allows at most 255 characters in one text literal; longer text is joined with &. */
function textLiteral(value: string): string {
  const chunks = value.match(/[\s\S]{1,255}/g) ?? [""];
  return chunks.map((chunk) => `"${chunk.replace(/"/g, '""')}"`).join("&");
}

function scalarLiteral(value: FormulaResult): string | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? String(value).toUpperCase() : undefined;
  if (typeof value === "string") return textLiteral(value);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (value instanceof SizingError) return value.code;
  return undefined;
}

/** A result as a constant formula: a number, "text", TRUE, #N/A or an array constant {1,2;3,4}. */
function constantFormula(value: FormulaResult): string | undefined {
  if (!Array.isArray(value)) return scalarLiteral(value);
  const rows = value.map((row) => row.map((v) => (Array.isArray(v) ? undefined : typeof v === "string" ? `"${v.replace(/"/g, '""')}"` : scalarLiteral(v))));
  if (rows.some((row) => row.some((v) => v === undefined))) return undefined;
  return `{${rows.map((row) => row.join(",")).join(";")}}`;
}

// ---------------------------------------------------------------------------------------------
// Cached values and defined names: what the evaluator reads

type CachedValue = number | string | boolean | null | SizingError;

interface RangeTarget {
  sheet: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
}

/** `'Inputs 2'!$B$7:$B$8` → its sheet and bounds; undefined for anything else (a formula, a constant). */
function rangeOfName(formula: string): RangeTarget | undefined {
  const m = /^\s*=?\s*(?:'((?:[^']|'')+)'|([A-Za-z_\\][\w.]*))!(\$?[A-Za-z]{1,3}\$?\d+)(?::(\$?[A-Za-z]{1,3}\$?\d+))?\s*$/.exec(formula);
  if (!m) return undefined;
  const a = cellPosition(m[3]);
  const b = cellPosition(m[4] ?? m[3]);
  if (!a || !b) return undefined;
  return {
    sheet: m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2],
    top: Math.min(a.row, b.row),
    left: Math.min(a.column, b.column),
    bottom: Math.max(a.row, b.row),
    right: Math.max(a.column, b.column),
  };
}

interface DefinedNameEntry {
  name: string;
  /** Index of the sheet it belongs to (localSheetId); undefined for a workbook name. */
  local?: number;
  formula: string;
}

const DEFINED_NAME = /<definedName\b([^>]*?)(?:\/>|>([\s\S]*?)<\/definedName>)/g;

function definedNames(workbookXml: string): DefinedNameEntry[] {
  const out: DefinedNameEntry[] = [];
  for (const m of workbookXml.matchAll(DEFINED_NAME)) {
    const name = attribute(m[1], "name");
    if (name === undefined) continue;
    const local = attribute(m[1], "localSheetId");
    out.push({ name, local: local === undefined ? undefined : Number(local), formula: unescapeXml(m[2] ?? "") });
  }
  return out;
}

/** The text of a shared string `<si>`: its runs, without phonetic guides. */
function sharedStringText(si: string): string {
  return [...si.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "").matchAll(/<t\b[^>]*?(?:\/>|>([\s\S]*?)<\/t>)/g)].map((t) => unescapeXml(t[1] ?? "")).join("");
}

/** Every cell's cached value in one worksheet, by "row,column" (0-based). */
function cachedValues(xml: string, sharedStrings: () => string[]): Map<string, CachedValue> {
  const values = new Map<string, CachedValue>();
  for (const m of xml.matchAll(CELL)) {
    const at = cellPosition(attribute(m[1], "r") ?? "");
    if (!at) continue;
    const inner = m[2] ?? "";
    const type = attribute(m[1], "t") ?? "n";
    const v = CACHED_VALUE.exec(inner)?.[1];
    let value: CachedValue = null;
    if (type === "inlineStr") value = sharedStringText(/<is>([\s\S]*?)<\/is>/.exec(inner)?.[1] ?? "");
    else if (v === undefined) value = null;
    else if (type === "s") value = sharedStrings()[Number(v)] ?? "";
    else if (type === "str") value = unescapeXml(v);
    else if (type === "b") value = v.trim() === "1";
    else if (type === "e") value = formulaError(unescapeXml(v).trim() as FormulaErrorCode, "the cell's saved error");
    else value = Number(v);
    values.set(`${at.row},${at.column}`, value);
  }
  return values;
}

/** Every node of a parsed formula. */
function* nodesOf(node: FormulaNode): Generator<FormulaNode> {
  yield node;
  switch (node.kind) {
    case "call":
      for (const arg of node.args) yield* nodesOf(arg);
      break;
    case "negate":
    case "plus":
    case "percent":
      yield* nodesOf(node.operand);
      break;
    case "binary":
      yield* nodesOf(node.left);
      yield* nodesOf(node.right);
      break;
    default:
      break;
  }
}

/** Computes formulas found outside cells from the file's cached values and its range names. */
class FileEvaluator {
  private readonly values = new Map<string, Map<string, CachedValue>>();
  private readonly sheets: string[];
  private readonly names: DefinedNameEntry[];

  constructor(
    workbookXml: string,
    private readonly sheetXml: (sheet: string) => string | undefined,
    private readonly sharedStrings: () => string[],
  ) {
    this.sheets = sheetOrder(workbookXml);
    this.names = definedNames(workbookXml);
  }

  private sheetName(sheet: string): string | undefined {
    return this.sheets.find((s) => s.toUpperCase() === sheet.toUpperCase());
  }

  private range(name: string, sheet: string | undefined): RangeTarget | undefined {
    const upper = name.toUpperCase();
    const index = sheet === undefined ? -1 : this.sheets.indexOf(sheet);
    const entry =
      this.names.find((n) => n.name.toUpperCase() === upper && n.local !== undefined && n.local === index) ??
      this.names.find((n) => n.name.toUpperCase() === upper && n.local === undefined);
    const target = entry ? rangeOfName(entry.formula) : undefined;
    const real = target && this.sheetName(target.sheet);
    return target && real ? { ...target, sheet: real } : undefined;
  }

  private cell(sheet: string, row: number, column: number): CachedValue {
    const real = this.sheetName(sheet);
    if (real === undefined) throw formulaError("#REF!", `there is no sheet ${sheet}`);
    let values = this.values.get(real);
    if (!values) {
      values = cachedValues(this.sheetXml(real) ?? "", this.sharedStrings);
      this.values.set(real, values);
    }
    return values.get(`${row},${column}`) ?? null;
  }

  /**
   * The formula's value as one constant, or why it cannot be one. `sheet`: the sheet the formula
   * belongs to (unqualified references read it); `oneCell`: whether it applies to a single cell,
   * so relative references mean what they say.
   */
  constant(formula: string, sheet: string | undefined, oneCell: boolean): { value: string } | { reason: string } {
    let node: FormulaNode;
    try {
      node = parseFormula(formula);
    } catch (e) {
      return { reason: `it cannot be read (${(e as Error).message})` };
    }
    if (!oneCell && hasRelativeReference(formula)) return { reason: "it has relative references, so its value differs from cell to cell" };
    for (const n of nodesOf(node)) {
      if (n.kind === "call" && !FORMULA_FUNCTIONS.has(n.name)) return { reason: `the function ${n.name} is not one exsize computes` };
      if (n.kind === "name" && !this.range(n.name, sheet)) return { reason: `${n.name} is not a defined name of a range` };
      if ((n.kind === "cell" || n.kind === "range") && (n.sheet === undefined ? sheet === undefined : this.sheetName(n.sheet) === undefined)) {
        return { reason: "it refers to a sheet that is not there" };
      }
    }
    const context: EvaluationContext = {
      sheet,
      cell: (s, row, column) => this.cell(s ?? sheet ?? "", row, column),
      name: (name) => this.range(name, sheet),
    };
    const value = constantFormula(evaluateFormula(node, context));
    return value === undefined ? { reason: "its value is not one a formula can hold as a constant" } : { value };
  }
}

// ---------------------------------------------------------------------------------------------
// Cells

/**
 * Convert the EXSIZE formulas of one worksheet. A cell the template wrote (its formula is the one
 * `natives` has for it) gets its native formula and keeps its cached value; any other cell whose
 * formula calls an EXSIZE function keeps only its cached value. Shared formulas: a child
 * (`<f t="shared" si="3"/>`) follows its master, so a group is converted whole — native when every
 * member is the template's own formula, else frozen.
 * Returns the new XML, how many cells went native, and the cells frozen.
 */
export function convertCustomFormulas(
  xml: string,
  sheet: string,
  natives: Record<string, { live: string; native: string }> = {},
): { xml: string; native: number; frozen: string[] } {
  const template = (address: string, stored: string): string | undefined => {
    const entry = natives[address];
    return entry && formulaKey(stored) === formulaKey(toStoredFormula(entry.live)) ? entry.native : undefined;
  };

  // Shared groups: the master's formula, and each member's address.
  const groups = new Map<string, { master?: { address: string; formula: string }; members: string[] }>();
  for (const m of xml.matchAll(CELL)) {
    const f = m[2] ? FORMULA.exec(m[2]) : null;
    if (!f || attribute(f[1], "t") !== "shared") continue;
    const si = attribute(f[1], "si") ?? "";
    const group = groups.get(si) ?? { members: [] };
    const address = (attribute(m[1], "r") ?? "").toUpperCase();
    group.members.push(address);
    if (f[2]) group.master = { address, formula: unescapeXml(f[2]) };
    groups.set(si, group);
  }
  /** Per shared group calling EXSIZE: each member's native formula, or undefined (freeze the group). */
  const sharedNatives = new Map<string, Map<string, string> | undefined>();
  for (const [si, group] of groups) {
    if (!group.master || !callsCustomFunction(group.master.formula)) continue;
    const origin = cellPosition(group.master.address);
    const out = new Map<string, string>();
    for (const address of group.members) {
      const at = cellPosition(address);
      const formula = origin && at ? shiftReferences(group.master.formula, at.row - origin.row, at.column - origin.column) : undefined;
      const native = formula === undefined ? undefined : template(address, formula);
      if (native === undefined) {
        out.clear();
        break;
      }
      out.set(address, native);
    }
    sharedNatives.set(si, out.size > 0 ? out : undefined);
  }

  let native = 0;
  const frozen: string[] = [];
  const out = xml.replace(CELL, (whole, attributes: string, inner: string | undefined) => {
    const f = inner ? FORMULA.exec(inner) : null;
    if (!f || inner === undefined) return whole;
    const type = attribute(f[1], "t");
    const si = attribute(f[1], "si") ?? "";
    const shared = type === "shared" && sharedNatives.has(si);
    const custom = shared || (f[2] !== undefined && type !== "shared" && callsCustomFunction(unescapeXml(f[2])));
    if (!custom) return whole;
    const address = (attribute(attributes, "r") ?? "?").toUpperCase();
    // Cell metadata (cm) marks a dynamic-array formula: the native formula is a plain one.
    const attrs = withoutAttribute(attributes, "cm");

    const ref = attribute(f[1], "ref");
    const singleCell = type === undefined || type === "normal" || (type === "array" && (ref === undefined || ref.toUpperCase() === address));
    const replacement = shared ? sharedNatives.get(si)?.get(address) : singleCell && f[2] !== undefined ? template(address, unescapeXml(f[2])) : undefined;
    if (replacement !== undefined) {
      native++;
      const stored = replacement.startsWith("=") ? replacement.slice(1) : replacement;
      return `<c${attrs}>${inner.replace(FORMULA, () => `<f>${escapeXml(stored)}</f>`)}</c>`;
    }

    const where = `${sheet}!${address}`;
    const cached = CACHED_VALUE.exec(inner);
    if (!cached) {
      throw new CustomerCopyError(
        `${where} has an EXSIZE formula but no saved value: open the workbook in Excel with the add-in, let it calculate, save, and try again`,
      );
    }
    frozen.push(where);
    const value = cached[1] ?? "";
    if (attribute(attrs, "t") === "str") {
      // "str" is the type of a formula's text result; a constant text cell is an inline string.
      return `<c${withoutAttribute(attrs, "t")} t="inlineStr"><is><t xml:space="preserve">${value}</t></is></c>`;
    }
    return `<c${attrs}><v>${value}</v></c>`;
  });
  return { xml: out, native, frozen };
}

/** Put an inline-string cell at `address` (keeping the style of a cell already there). */
export function stampCell(xml: string, address: string, stampText: string): string {
  const m = /^([A-Z]{1,3})(\d+)$/.exec(address.replace(/\$/g, "").toUpperCase());
  if (!m) throw new CustomerCopyError(`the stamp address must be an A1 cell such as "A3"; got ${JSON.stringify(address)}`);
  const ref = m[1] + m[2];
  const rowNumber = Number(m[2]);
  const cellXml = (style: string) =>
    `<c r="${ref}"${style} t="inlineStr"><is><t xml:space="preserve">${escapeXml(stampText)}</t></is></c>`;

  let replaced = false;
  const withCell = xml.replace(CELL, (whole, attributes: string) => {
    if (attribute(attributes, "r") !== ref) return whole;
    replaced = true;
    const style = attribute(attributes, "s");
    return cellXml(style !== undefined ? ` s="${style}"` : "");
  });
  if (replaced) return withCell;

  const rowPattern = /<row\b([^>]*?)(?:\/>|>([\s\S]*?)<\/row>)/g;
  let inserted = false;
  const withRow = xml.replace(rowPattern, (whole, attributes: string, inner: string | undefined) => {
    if (inserted || Number(attribute(attributes, "r")) !== rowNumber) return whole;
    inserted = true;
    const cells = inner ?? "";
    // Keep cells in column order; spans is only a hint, dropped since the row changes.
    let at = cells.length;
    for (const c of cells.matchAll(CELL)) {
      const r = attribute(c[1], "r");
      const col = r ? /^([A-Z]+)/.exec(r)?.[1] : undefined;
      if (col && columnNumber(col) > columnNumber(m[1])) {
        at = c.index ?? cells.length;
        break;
      }
    }
    return `<row${withoutAttribute(attributes, "spans")}>${cells.slice(0, at)}${cellXml("")}${cells.slice(at)}</row>`;
  });
  if (inserted) return withRow;

  const newRow = `<row r="${rowNumber}">${cellXml("")}</row>`;
  if (/<sheetData\s*\/>/.test(xml)) return xml.replace(/<sheetData\s*\/>/, `<sheetData>${newRow}</sheetData>`);
  let placed = false;
  const ordered = xml.replace(rowPattern, (whole, attributes: string) => {
    if (placed || Number(attribute(attributes, "r")) < rowNumber) return whole;
    placed = true;
    return newRow + whole;
  });
  return placed ? ordered : ordered.replace("</sheetData>", `${newRow}</sheetData>`);
}

// ---------------------------------------------------------------------------------------------
// Defined names, conditional formats, data validations

const isSingleCell = (sqref: string): boolean => /^\s*\$?[A-Za-z]{1,3}\$?\d+\s*$/.test(sqref);

/** Freeze or remove each defined name whose formula calls an EXSIZE function. */
function convertDefinedNames(workbookXml: string, evaluator: FileEvaluator, report: CustomerCopyReport): string {
  const sheets = sheetOrder(workbookXml);
  const out = workbookXml.replace(DEFINED_NAME, (whole, attributes: string, inner: string | undefined) => {
    const formula = unescapeXml(inner ?? "");
    if (!callsCustomFunction(formula)) return whole;
    const local = attribute(attributes, "localSheetId");
    const sheet = local === undefined ? undefined : sheets[Number(local)];
    const name = attribute(attributes, "name") ?? "?";
    const where = sheet === undefined ? name : `${name} (${sheet})`;
    const result = evaluator.constant(formula, sheet, false);
    if ("value" in result) {
      report.frozenFormulas.push({ kind: "defined name", where, formula, value: result.value });
      return `<definedName${attributes}>${escapeXml(result.value)}</definedName>`;
    }
    report.removed.push({ kind: "defined name", where, formula, reason: result.reason });
    return "";
  });
  return out.replace(/<definedNames>\s*<\/definedNames>/, "");
}

/** One formula slot of a rule: its text, as the file stores it. */
interface Slot {
  formula: string;
}

/** How one kind of rule sits in a worksheet. */
interface RuleLayout {
  kind: FormulaChange["kind"];
  /** The elements that hold rules: group 1 their attributes, group 2 their inner XML. */
  container: RegExp;
  /** Each rule inside a container. */
  rule: RegExp;
  /** The cells a rule applies to. */
  sqref(containerAttributes: string, containerInner: string, rule: string): string;
}

const sqrefElement = (xml: string): string => unescapeXml(/<xm:sqref>([\s\S]*?)<\/xm:sqref>/.exec(xml)?.[1] ?? "");

const RULE_LAYOUTS: readonly RuleLayout[] = [
  {
    kind: "conditional format",
    container: /<conditionalFormatting\b([^>]*)>([\s\S]*?)<\/conditionalFormatting>/g,
    rule: /<cfRule\b[^>]*?(?:\/>|>[\s\S]*?<\/cfRule>)/g,
    sqref: (attributes) => attribute(attributes, "sqref") ?? "",
  },
  {
    kind: "conditional format",
    container: /<x14:conditionalFormatting\b([^>]*)>([\s\S]*?)<\/x14:conditionalFormatting>/g,
    rule: /<x14:cfRule\b[^>]*?(?:\/>|>[\s\S]*?<\/x14:cfRule>)/g,
    sqref: (_, inner) => sqrefElement(inner),
  },
  {
    kind: "data validation",
    container: /<dataValidations\b([^>]*)>([\s\S]*?)<\/dataValidations>/g,
    rule: /<dataValidation\b[^>]*?(?:\/>|>[\s\S]*?<\/dataValidation>)/g,
    sqref: (_a, _i, rule) => attribute(/^<dataValidation\b([^>]*)/.exec(rule)?.[1] ?? "", "sqref") ?? "",
  },
  {
    kind: "data validation",
    container: /<x14:dataValidations\b([^>]*)>([\s\S]*?)<\/x14:dataValidations>/g,
    rule: /<x14:dataValidation\b[^>]*?(?:\/>|>[\s\S]*?<\/x14:dataValidation>)/g,
    sqref: (_a, _i, rule) => sqrefElement(rule),
  },
];

/** Formula elements inside a rule: `<formula>`, `<formula1>`, `<formula2>`, `<xm:f>`, and cfvo `val`s. */
const FORMULA_SLOT = /(<(formula|formula1|formula2|xm:f)>)([\s\S]*?)(<\/\2>)|(<(?:x14:)?cfvo\b[^>]*?\stype="formula"[^>]*?\sval=")([^"]*)(")/g;

/**
 * Convert the rules of one layout in a worksheet. A rule whose EXSIZE formulas all become constants
 * keeps those constants; any other rule calling EXSIZE is removed (and reported), and a container
 * left with no rule goes too; a container's `count` follows.
 */
function convertRules(xml: string, sheet: string, layout: RuleLayout, evaluator: FileEvaluator, report: CustomerCopyReport): string {
  return xml.replace(layout.container, (whole, attributes: string, inner: string) => {
    if (!callsCustomFunction(unescapeXml(inner))) return whole;
    let kept = 0;
    let removed = 0;
    const rules = inner.replace(layout.rule, (ruleXml: string) => {
      const slots: Slot[] = [...ruleXml.matchAll(FORMULA_SLOT)].map((m) => ({ formula: unescapeXml(m[3] ?? m[6] ?? "") }));
      if (!slots.some((s) => callsCustomFunction(s.formula))) {
        kept++;
        return ruleXml;
      }
      const sqref = layout.sqref(attributes, inner, ruleXml);
      const where = `${sheet}!${sqref.trim().replace(/\s+/g, " ")}`;
      const written: string[] = [];
      const changes: FormulaChange[] = [];
      for (const slot of slots) {
        if (!callsCustomFunction(slot.formula)) {
          written.push(slot.formula);
          continue;
        }
        const result = evaluator.constant(slot.formula, sheet, isSingleCell(sqref));
        const constant = "value" in result ? adaptConstant(ruleXml, result.value) : undefined;
        if (constant === undefined) {
          removed++;
          report.removed.push({ kind: layout.kind, where, formula: slot.formula, reason: "reason" in result ? result.reason : "a list needs text or a range, not this value" });
          return "";
        }
        changes.push({ kind: layout.kind, where, formula: slot.formula, value: constant });
        written.push(constant);
      }
      kept++;
      report.frozenFormulas.push(...changes);
      let i = 0;
      return ruleXml.replace(FORMULA_SLOT, (_m, open?: string, _n?: string, _f?: string, close?: string, valOpen?: string, _v?: string, valClose?: string) => {
        const formula = escapeXml(written[i++]);
        return open !== undefined ? `${open}${formula}${close}` : `${valOpen}${formula}${valClose}`;
      });
    });
    if (kept === 0) return "";
    const startTag = whole.slice(0, whole.indexOf(">") + 1);
    const endTag = whole.slice(whole.lastIndexOf("</"));
    const counted = removed > 0 && attribute(attributes, "count") !== undefined ? startTag.replace(attributes, () => withAttribute(attributes, "count", String(kept))) : startTag;
    return `${counted}${rules}${endTag}`;
  });
}

/** A list validation needs a delimited text ("a,b,c"), not an array constant. */
function adaptConstant(ruleXml: string, constant: string): string | undefined {
  const type = /^<[\w:]*dataValidation\b([^>]*)>/.exec(ruleXml);
  if (!type || attribute(type[1], "type") !== "list" || !constant.startsWith("{")) return constant;
  const items = constant.slice(1, -1).split(/[,;]/).map((item) => (item.startsWith('"') ? item.slice(1, -1).replace(/""/g, '"') : item));
  if (items.some((item) => item.includes(",") || item.includes('"'))) return undefined;
  const joined = items.join(",");
  return joined.length <= 255 ? `"${joined}"` : undefined;
}

function convertConditionalFormatsAndValidations(xml: string, sheet: string, evaluator: FileEvaluator, report: CustomerCopyReport): string {
  let out = xml;
  for (const layout of RULE_LAYOUTS) out = convertRules(out, sheet, layout, evaluator, report);
  if (out === xml) return xml;
  // x14 containers left empty, then their ext, then an empty extLst.
  return out
    .replace(/<x14:conditionalFormattings\b[^>]*>\s*<\/x14:conditionalFormattings>/g, "")
    .replace(/<ext\b[^>]*>\s*<\/ext>/g, "")
    .replace(/<extLst>\s*<\/extLst>/g, "");
}

// ---------------------------------------------------------------------------------------------
// The workbook

/** `<calcPr fullCalcOnLoad="1"/>`: Excel recalculates the copy when it opens it. */
function withFullCalcOnLoad(workbookXml: string): string {
  const calcPr = /<calcPr\b([^>]*?)(\/?)>/;
  if (calcPr.test(workbookXml)) {
    return workbookXml.replace(calcPr, (_, attributes: string, close: string) => `<calcPr${withAttribute(attributes, "fullCalcOnLoad", "1")}${close}>`);
  }
  // Schema order: calcPr comes after definedNames and before these.
  const after = /<(oleSize|customWorkbookViews|pivotCaches|smartTagPr|smartTagTypes|webPublishing|fileRecoveryPr|webPublishObjects|extLst)\b|<\/workbook>/.exec(workbookXml);
  if (!after) return workbookXml;
  return workbookXml.slice(0, after.index) + '<calcPr fullCalcOnLoad="1"/>' + workbookXml.slice(after.index);
}

/** Drop the calculation chain: it lists formula cells, and Excel rebuilds it when it is absent. */
function dropCalcChain(files: Unzipped): void {
  const chain = Object.keys(files).find((p) => /^xl\/calcChain\.xml$/i.test(p));
  if (chain) delete files[chain];
  const relsPath = "xl/_rels/workbook.xml.rels";
  files[relsPath] = strToU8(text(files, relsPath).replace(/<Relationship\b[^>]*Type="[^"]*\/calcChain"[^>]*\/>/g, ""));
  const typesPath = "[Content_Types].xml";
  if (files[typesPath]) {
    files[typesPath] = strToU8(text(files, typesPath).replace(/<Override\b[^>]*PartName="\/xl\/calcChain\.xml"[^>]*\/>/g, ""));
  }
}

const megabytes = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${bytes.toLocaleString("en-US")} bytes` : `${(bytes / (1024 * 1024)).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;

/**
 * Unzip, leaving XML parts above `maxPartBytes` (uncompressed, as the zip says before inflating)
 * deflated: they are named in `tooLarge`, and inflated as bytes only if a caller asks.
 */
function unzipWithin(xlsx: Uint8Array, maxPartBytes: number): { files: Unzipped; tooLarge: Map<string, number> } {
  const tooLarge = new Map<string, number>();
  let files: Unzipped;
  try {
    files = unzipSync(xlsx, {
      filter: (file) => {
        if (/\.(xml|rels)$/i.test(file.name) && file.originalSize > maxPartBytes) {
          tooLarge.set(file.name, file.originalSize);
          return false;
        }
        return true;
      },
    });
  } catch (e) {
    throw new CustomerCopyError(`not an .xlsx workbook: ${(e as Error).message}`);
  }
  return { files, tooLarge };
}

/**
 * The customer copy of a live design workbook (.xlsx bytes in), with what it did: see the module
 * comment. The input is not changed. Throws CustomerCopyError when the file is not a workbook, the
 * stamp's sheet is missing, an EXSIZE cell to freeze has no saved value, or a part is too large.
 */
export function customerCopy(
  xlsx: Uint8Array,
  stamp: CustomerCopyStamp,
  natives: NativeFormulas,
  options: CustomerCopyOptions = {},
): { bytes: Uint8Array; report: CustomerCopyReport } {
  const maxPartBytes = options.maxPartBytes ?? DEFAULT_MAX_PART_BYTES;
  const { files, tooLarge } = unzipWithin(xlsx, maxPartBytes);
  const refuse = (what: string, size: number): never => {
    throw new CustomerCopyError(
      `${what} is ${megabytes(size)} uncompressed, more than the ${megabytes(maxPartBytes)} a customer copy can read: ` +
        "move data the customer does not need out of it (or split it over several sheets), save, and try again",
    );
  };
  for (const part of ["xl/workbook.xml", "xl/_rels/workbook.xml.rels", "xl/sharedStrings.xml"]) {
    const size = tooLarge.get(part);
    if (size !== undefined) refuse(`The part ${part}`, size);
  }
  const workbookXml = text(files, "xl/workbook.xml");
  const rels = relationships(text(files, "xl/_rels/workbook.xml.rels"));
  const parts = worksheetParts(workbookXml, rels.byId, (part) => files[part] !== undefined || tooLarge.has(part));
  for (const [sheet, part] of parts) {
    const size = tooLarge.get(part);
    if (size !== undefined) refuse(`The sheet ${JSON.stringify(sheet)} (${part})`, size);
  }
  // Large parts nobody reads as text (a pivot cache, say) travel as bytes.
  const others = [...tooLarge.keys()];
  if (others.length > 0) Object.assign(files, unzipSync(xlsx, { filter: (file) => others.includes(file.name) }));

  const stampPart = parts.get(stamp.sheet);
  if (!stampPart) {
    throw new CustomerCopyError(`the stamp's sheet ${JSON.stringify(stamp.sheet)} is not in the workbook; it has: ${[...parts.keys()].join(", ")}`);
  }

  const sheetXml = new Map<string, string>();
  const read = (sheet: string): string | undefined => {
    const part = parts.get(sheet);
    if (!part) return undefined;
    let xml = sheetXml.get(sheet);
    if (xml === undefined) {
      try {
        xml = strFromU8(files[part]);
      } catch (e) {
        refuse(`The sheet ${JSON.stringify(sheet)} (${part}, ${(e as Error).message})`, files[part].length);
      }
      sheetXml.set(sheet, xml!);
    }
    return xml;
  };
  let shared: string[] | undefined;
  const sharedStrings = (): string[] => {
    if (shared === undefined) {
      const part = rels.byType.get("sharedStrings");
      shared = part && files[part] ? [...strFromU8(files[part]).matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => sharedStringText(m[1] ?? "")) : [];
    }
    return shared;
  };
  const evaluator = new FileEvaluator(workbookXml, read, sharedStrings);
  const report: CustomerCopyReport = { nativeCells: 0, frozenCells: 0, frozenCellList: [], frozenFormulas: [], removed: [] };
  const listLimit = options.listLimit ?? DEFAULT_LIST_LIMIT;

  // Everything outside cells is computed from the original file's cached values, before any change.
  const changed = new Map<string, string>();
  for (const sheet of parts.keys()) {
    const original = read(sheet)!;
    const xml = convertConditionalFormatsAndValidations(original, sheet, evaluator, report);
    if (xml !== original) changed.set(sheet, xml);
  }
  const newWorkbookXml = withFullCalcOnLoad(convertDefinedNames(workbookXml, evaluator, report));

  let formulasChanged = false;
  for (const [sheet, part] of parts) {
    const original = read(sheet)!;
    const result = convertCustomFormulas(changed.get(sheet) ?? original, sheet, natives[sheet]);
    let xml = result.xml;
    if (part === stampPart) xml = stampCell(xml, stamp.address, stamp.text);
    report.nativeCells += result.native;
    report.frozenCells += result.frozen.length;
    for (const where of result.frozen) if (report.frozenCellList.length < listLimit) report.frozenCellList.push(where);
    if (result.native + result.frozen.length > 0) formulasChanged = true;
    if (xml !== original) {
      try {
        files[part] = strToU8(xml);
      } catch (e) {
        refuse(`The sheet ${JSON.stringify(sheet)} (${part}, ${(e as Error).message})`, xml.length);
      }
    }
  }
  files["xl/workbook.xml"] = strToU8(newWorkbookXml);
  if (formulasChanged) dropCalcChain(files);
  return { bytes: zipSync(files, { level: 6 }), report };
}

/** The customer copy's bytes alone: see customerCopy. */
export function prepareCustomerCopy(xlsx: Uint8Array, stamp: CustomerCopyStamp, natives: NativeFormulas, options: CustomerCopyOptions = {}): Uint8Array {
  return customerCopy(xlsx, stamp, natives, options).bytes;
}

/** What the copy did, in sentences for the user (the CLI prints them, the pane shows them). */
export function describeCustomerCopy(report: CustomerCopyReport): string[] {
  const lines = [
    report.nativeCells === 1
      ? "1 EXSIZE cell of the design became an Excel formula that stays live without the add-in."
      : `${report.nativeCells.toLocaleString("en-US")} EXSIZE cells of the design became Excel formulas that stay live without the add-in.`,
  ];
  if (report.frozenCells > 0) {
    const more = report.frozenCells - report.frozenCellList.length;
    lines.push(
      `${report.frozenCells.toLocaleString("en-US")} ${report.frozenCells === 1 ? "cell" : "cells"} of your own that call EXSIZE functions ` +
        `${report.frozenCells === 1 ? "was" : "were"} replaced by ${report.frozenCells === 1 ? "its value" : "their values"} (they no longer follow the inputs): ` +
        report.frozenCellList.join(", ") + (more > 0 ? ` and ${more.toLocaleString("en-US")} more.` : "."),
    );
  }
  for (const f of report.frozenFormulas) lines.push(`The ${f.kind} ${f.where} called EXSIZE functions: it is now the constant ${f.value}.`);
  for (const f of report.removed) lines.push(`The ${f.kind} ${f.where} called EXSIZE functions and was removed: ${f.reason}.`);
  return lines;
}

