/**
 * The customer copy, made at the file level (issue 3): every cell whose formula calls an EXSIZE
 * function keeps only its cached value, so the workbook shows the right numbers in Excel without
 * the add-in and in other spreadsheet programs; native formulas stay live; a stamp says when and
 * from which inputs the copy was made. Every other part of the file keeps its bytes.
 *
 * Pure (fflate, no fs or DOM): the CLI and the taskpane both use it.
 */
import { strFromU8, strToU8, unzipSync, zipSync, type Unzipped } from "fflate";
import { callsCustomFunction } from "./stored-formula";

export interface CustomerCopyStamp {
  sheet: string;
  /** A1 address, e.g. "A3". */
  address: string;
  text: string;
}

export class CustomerCopyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CustomerCopyError";
  }
}

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

/** A `<c>` element: its attribute text and its inner XML (undefined when self-closing). */
const CELL = /<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g;
const FORMULA = /<f\b([^>]*?)(?:\/>|>([\s\S]*?)<\/f>)/;
const CACHED_VALUE = /<v>([\s\S]*?)<\/v>|<v\/>/;

/** Sheet name → its worksheet part ("xl/worksheets/sheet1.xml"), from workbook.xml and its rels. */
function worksheetParts(files: Unzipped): Map<string, string> {
  const workbook = text(files, "xl/workbook.xml");
  const rels = text(files, "xl/_rels/workbook.xml.rels");
  const targets = new Map<string, string>();
  for (const m of rels.matchAll(/<Relationship\b([^>]*?)\/?>/g)) {
    const id = attribute(m[1], "Id");
    const target = attribute(m[1], "Target");
    if (id && target) targets.set(id, target.startsWith("/") ? target.slice(1) : `xl/${target}`);
  }
  const parts = new Map<string, string>();
  for (const m of workbook.matchAll(/<sheet\b([^>]*?)\/?>/g)) {
    const name = attribute(m[1], "name");
    const rid = /(?:^|\s)r:id\s*=\s*"([^"]*)"/.exec(m[1])?.[1];
    const part = rid ? targets.get(rid) : undefined;
    if (name !== undefined && part && files[part]) parts.set(name, part);
  }
  return parts;
}

function text(files: Unzipped, path: string): string {
  const bytes = files[path];
  if (!bytes) throw new CustomerCopyError(`not an .xlsx workbook: it has no ${path}`);
  return strFromU8(bytes);
}

/**
 * Replace every EXSIZE formula of one worksheet by its cached value. Shared formulas: a child
 * (`<f t="shared" si="3"/>`) follows its master, so a group is removed or kept whole.
 * Returns the new XML and how many formulas were removed.
 */
export function removeCustomFormulas(xml: string, sheet: string): { xml: string; removed: number } {
  const customShared = new Map<string, boolean>();
  for (const m of xml.matchAll(CELL)) {
    const f = m[2] ? FORMULA.exec(m[2]) : null;
    if (f && attribute(f[1], "t") === "shared" && f[2]) {
      const si = attribute(f[1], "si");
      if (si !== undefined) customShared.set(si, callsCustomFunction(unescapeXml(f[2])));
    }
  }
  let removed = 0;
  const out = xml.replace(CELL, (whole, attributes: string, inner: string | undefined) => {
    const f = inner ? FORMULA.exec(inner) : null;
    if (!f || inner === undefined) return whole;
    const custom = f[2]
      ? callsCustomFunction(unescapeXml(f[2]))
      : attribute(f[1], "t") === "shared" && customShared.get(attribute(f[1], "si") ?? "") === true;
    if (!custom) return whole;
    const where = `${sheet}!${attribute(attributes, "r") ?? "?"}`;
    const cached = CACHED_VALUE.exec(inner);
    if (!cached) {
      throw new CustomerCopyError(
        `${where} has an EXSIZE formula but no saved value: open the workbook in Excel with the add-in, let it calculate, save, and try again`,
      );
    }
    removed++;
    const value = cached[1] ?? "";
    // Cell metadata (cm) belongs to the formula (dynamic arrays); without a formula it must go.
    let attrs = withoutAttribute(attributes, "cm");
    if (attribute(attrs, "t") === "str") {
      // "str" is the type of a formula's text result; a constant text cell is an inline string.
      attrs = withoutAttribute(attrs, "t") + ' t="inlineStr"';
      return `<c${attrs}><is><t xml:space="preserve">${value}</t></is></c>`;
    }
    return `<c${attrs}><v>${value}</v></c>`;
  });
  return { xml: out, removed };
}

const columnNumber = (letters: string): number => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);

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

/** Drop the calculation chain: it lists formula cells, and Excel rebuilds it when it is absent. */
function dropCalcChain(files: Unzipped): void {
  if (!files["xl/calcChain.xml"]) return;
  delete files["xl/calcChain.xml"];
  const relsPath = "xl/_rels/workbook.xml.rels";
  files[relsPath] = strToU8(
    text(files, relsPath).replace(/<Relationship\b[^>]*Type="[^"]*\/calcChain"[^>]*\/>/g, ""),
  );
  const typesPath = "[Content_Types].xml";
  if (files[typesPath]) {
    files[typesPath] = strToU8(
      text(files, typesPath).replace(/<Override\b[^>]*PartName="\/xl\/calcChain\.xml"[^>]*\/>/g, ""),
    );
  }
}

/**
 * The customer copy of a live design workbook (.xlsx bytes in, .xlsx bytes out); the input is not
 * changed. Throws CustomerCopyError when the file is not a workbook, the stamp's sheet is missing,
 * or an EXSIZE cell has no saved value.
 */
export function prepareCustomerCopy(xlsx: Uint8Array, stamp: CustomerCopyStamp): Uint8Array {
  let files: Unzipped;
  try {
    files = unzipSync(xlsx);
  } catch (e) {
    throw new CustomerCopyError(`not an .xlsx workbook: ${(e as Error).message}`);
  }
  const parts = worksheetParts(files);
  const stampPart = parts.get(stamp.sheet);
  if (!stampPart) {
    throw new CustomerCopyError(`the stamp's sheet ${JSON.stringify(stamp.sheet)} is not in the workbook; it has: ${[...parts.keys()].join(", ")}`);
  }
  let removed = 0;
  for (const [sheet, part] of parts) {
    const original = strFromU8(files[part]);
    const result = removeCustomFormulas(original, sheet);
    let xml = result.xml;
    if (part === stampPart) xml = stampCell(xml, stamp.address, stamp.text);
    if (xml !== original) files[part] = strToU8(xml);
    removed += result.removed;
  }
  if (removed > 0) dropCalcChain(files);
  return zipSync(files, { level: 6 });
}
