/**
 * A filled Microsoft Exchange Server Role Requirements Calculator (.xlsm, or an .xlsx saved from it)
 * opened as Excel last saved it: its defined names, the sheets' cells with their cached values, its
 * title and version (Input!B1, and "Version: 7.6" in Input!G2 — F2 in v6), whether it holds its
 * macros, and which sheets are protected. Only the parts the import reads are parsed: the workbook,
 * its shared strings and the sheets asked for. Pure (fflate, no fs or DOM): the CLI and the pane both
 * read the bytes they were given.
 */
import { strFromU8, unzipSync, type Unzipped } from "fflate";
import type { CellInput } from "./input-values";

/** Why a file is not a calculator that can be read: the message names what is wrong and what to do. */
export class CalculatorFileError extends Error {}

/** A sheet's cells by address ("C55"): the value Excel saved (a formula's cached result), and whether a formula holds it. */
export interface SheetCells {
  readonly values: ReadonlyMap<string, CellInput>;
  readonly formulas: ReadonlySet<string>;
  /** Protected with a password (Review > Protect Sheet). */
  readonly protectedWithPassword: boolean;
}

export interface CalculatorFile {
  /** Defined names (workbook scope) and what they refer to: "Input!$C$55". */
  readonly names: ReadonlyMap<string, string>;
  readonly sheetNames: readonly string[];
  /** Whether the file holds its macros (xl/vbaProject.bin): false for an .xlsx saved from the .xlsm. */
  readonly macros: boolean;
  /** Excel's calculation mode when it saved the file: "manual" may leave saved figures stale. */
  readonly calculation: "automatic" | "manual";
  sheet(name: string): SheetCells | undefined;
}

const ZIP_MAGIC = [0x50, 0x4b];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Uint8Array, magic: readonly number[]) => magic.every((b, i) => bytes[i] === b);

const unescapeXml = (s: string): string =>
  s.replace(/&(lt|gt|quot|apos|amp|#(\d+)|#x([0-9a-fA-F]+));/g, (_, name: string, dec?: string, hex?: string) =>
    dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(parseInt(hex, 16)) : ({ lt: "<", gt: ">", quot: '"', apos: "'", amp: "&" } as Record<string, string>)[name],
  );

const attribute = (tag: string, name: string): string | undefined => {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? unescapeXml(m[1]) : undefined;
};

/** The text runs of a shared string or inline string, joined (rich text as its text; phonetic runs left out). */
const textOf = (xml: string): string =>
  [...xml.replace(/<rPh\b[\s\S]*?<\/rPh>/g, "").matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>|<t(?:\s[^>]*)?\/>/g)].map((m) => unescapeXml(m[1] ?? "")).join("");

/**
 * Opens a calculator's bytes. A file that is not a zip (an encrypted workbook is a compound file; a
 * damaged one is neither) or has no workbook part is refused with what to do.
 */
export function openCalculatorFile(bytes: Uint8Array): CalculatorFile {
  if (startsWith(bytes, OLE_MAGIC)) {
    throw new CalculatorFileError(
      "the file is encrypted with a password (or is an old .xls workbook): open it in Excel, remove the password (File > Info > Protect Workbook > Encrypt with Password) and save it as .xlsm",
    );
  }
  if (!startsWith(bytes, ZIP_MAGIC)) throw new CalculatorFileError("the file is not an Excel workbook (.xlsm or .xlsx): it is not a zip package");
  let parts: Unzipped;
  try {
    parts = unzipSync(bytes);
  } catch (e) {
    throw new CalculatorFileError(`the file is damaged: its zip package cannot be read (${e instanceof Error ? e.message : String(e)}); save it again from Excel`);
  }
  const text = (path: string): string | undefined => (parts[path] ? strFromU8(parts[path]) : undefined);
  const workbook = text("xl/workbook.xml");
  const rels = text("xl/_rels/workbook.xml.rels");
  if (workbook === undefined || rels === undefined) throw new CalculatorFileError("the file is a zip package but not an Excel workbook: it has no xl/workbook.xml");

  const targets = new Map([...rels.matchAll(/<Relationship\b[^>]*>/g)].map((m) => [attribute(m[0], "Id") ?? "", attribute(m[0], "Target") ?? ""]));
  const sheets = new Map<string, string>();
  for (const m of workbook.matchAll(/<sheet\b[^>]*>/g)) {
    const name = attribute(m[0], "name");
    const target = targets.get(attribute(m[0], "r:id") ?? "");
    if (name !== undefined && target !== undefined) sheets.set(name, target.startsWith("/") ? target.slice(1) : `xl/${target}`);
  }
  const names = new Map<string, string>();
  for (const m of workbook.matchAll(/<definedName\b([^>]*)>([\s\S]*?)<\/definedName>/g)) {
    const tag = `<definedName${m[1]}>`;
    const name = attribute(tag, "name");
    if (name !== undefined && attribute(tag, "localSheetId") === undefined) names.set(name, unescapeXml(m[2]).trim());
  }

  let shared: string[] | undefined;
  const sharedStrings = (): string[] => {
    shared ??= [...(text("xl/sharedStrings.xml") ?? "").matchAll(/<si>([\s\S]*?)<\/si>|<si\/>/g)].map((m) => textOf(m[1] ?? ""));
    return shared;
  };
  const read = new Map<string, SheetCells>();
  return {
    names,
    sheetNames: [...sheets.keys()],
    macros: parts["xl/vbaProject.bin"] !== undefined,
    calculation: attribute(/<calcPr\b[^>]*>/.exec(workbook)?.[0] ?? "", "calcMode") === "manual" ? "manual" : "automatic",
    sheet(name) {
      const path = sheets.get(name);
      if (path === undefined) return undefined;
      const done = read.get(name);
      if (done) return done;
      const xml = text(path);
      if (xml === undefined) throw new CalculatorFileError(`the file is damaged: its sheet ${name} (${path}) is missing from the package`);
      const values = new Map<string, CellInput>();
      const formulas = new Set<string>();
      for (const m of xml.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
        const tag = `<c${m[1]}>`;
        const address = attribute(tag, "r");
        if (address === undefined) continue;
        const body = m[2] ?? "";
        if (/<f[\s>/]/.test(body)) formulas.add(address);
        const type = attribute(tag, "t");
        const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
        let value: CellInput = null;
        if (type === "inlineStr") value = textOf(body);
        else if (v === undefined) value = null;
        else if (type === "s") value = sharedStrings()[Number(v)] ?? null;
        else if (type === "str") value = unescapeXml(v);
        else if (type === "b") value = v === "1";
        else if (type === "e") value = { error: unescapeXml(v) };
        else value = Number(v);
        values.set(address, value);
      }
      const protection = /<sheetProtection\b[^>]*>/.exec(xml)?.[0];
      const on = protection !== undefined && ["1", "true"].includes(attribute(protection, "sheet") ?? "");
      const cells: SheetCells = { values, formulas, protectedWithPassword: on && (attribute(protection!, "password") !== undefined || attribute(protection!, "hashValue") !== undefined) };
      read.set(name, cells);
      return cells;
    },
  };
}

/** A defined name's single cell on a sheet: "Input!$C$55" → { sheet: "Input", address: "C55" }; a range or an error (#REF!) is not one. */
export function cellOfName(reference: string): { sheet: string; address: string } | undefined {
  const m = /^(?:'((?:[^']|'')+)'|([^!']+))!\$?([A-Z]{1,3})\$?(\d+)$/.exec(reference);
  if (!m) return undefined;
  return { sheet: m[1] !== undefined ? m[1].replace(/''/g, "'") : m[2], address: `${m[3]}${m[4]}` };
}
