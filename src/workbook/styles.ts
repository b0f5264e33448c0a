/**
 * What both writers (src/cli/xlsx-writer.ts, src/taskpane/excel-writer.ts) draw alike: the colours
 * of highlights and the print margins. One table here, so the file and the pane cannot differ.
 */
import type { DecimalFormat, Highlight, InputRule, PrintSetup, WorkbookModel } from "./model";

/**
 * Highlight tones as RGB hex without "#": Excel's own "Light red fill with dark red text" and "Green
 * fill with dark green text" presets; activation preferences as the calculator's Distribution sheet
 * tints them (the active copy green, then blue, yellow, grey).
 */
export const HIGHLIGHT_TONES: Readonly<Record<Highlight["tone"], { fill: string; font: string }>> = {
  bad: { fill: "FFC7CE", font: "9C0006" },
  good: { fill: "C6EFCE", font: "006100" },
  preference1: { fill: "C6EFCE", font: "006100" },
  preference2: { fill: "DDEBF7", font: "1F3864" },
  preference3: { fill: "FFF2CC", font: "7F6000" },
  preference4: { fill: "EDEDED", font: "404040" },
  // A row with nothing to type yet (the Jetstress sheet past the DAG's servers): the page's own white.
  unused: { fill: "FFFFFF", font: "000000" },
};

/** Print margins in inches: narrow at the sides so the template's columns fit one page wide. */
export const PRINT_MARGINS_INCHES = { left: 0.5, right: 0.5, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 } as const;

// ---------------------------------------------------------------------------------------------
// Input rules, highlights and page setup: checked once here, so both writers refuse alike and
// before anything is written.

/** Titles of the input message and the error alert; Excel allows 32 characters in each. */
export const PROMPT_TITLE = "Allowed values";
export const ERROR_TITLE = "Not a valid input";

/** Excel's limits on data validation text, in characters. */
const MAX_PROMPT = 255;
const MAX_ERROR = 225;
const MAX_LIST_SOURCE = 255;

/** A number as formula text (Excel reads 1E-07, not 1e-7). */
function formulaNumber(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`an input rule's bound must be a finite number, not ${n}`);
  return String(n).toUpperCase();
}

/**
 * An input rule as Excel validates it on `address`: whole numbers above min are whole between
 * floor(min)+1 and max; decimals above min are the custom formula AND(ISNUMBER(B7),B7>min,B7<=max);
 * a list is its choices comma-separated (none empty or holding a comma or double quote, 255
 * characters at most), or the cells of its range. Throws for a rule Excel would refuse.
 */
export type CheckedRule =
  | { kind: "list"; source: string; fromRange: boolean }
  | { kind: "whole" | "decimal"; formula1: string; formula2: string }
  | { kind: "custom"; formula: string };

export function checkedRule(rule: InputRule, address: string): CheckedRule {
  const where = `the input rule on ${address}`;
  if (rule.prompt.length > MAX_PROMPT) throw new Error(`${where}: its prompt has ${rule.prompt.length} characters; Excel allows ${MAX_PROMPT}`);
  if (rule.error.length > MAX_ERROR) throw new Error(`${where}: its error has ${rule.error.length} characters; Excel allows ${MAX_ERROR}`);
  if (rule.kind === "list") {
    if (rule.range !== undefined) return { kind: "list", source: rule.range, fromRange: true };
    if (rule.values.length === 0) throw new Error(`${where}: a list needs at least one choice`);
    const bad = rule.values.find((v) => v === "" || /[,"]/.test(v));
    if (bad !== undefined) throw new Error(`${where}: the choice ${JSON.stringify(bad)} is empty or holds a comma or double quote`);
    const source = rule.values.join(",");
    if (source.length > MAX_LIST_SOURCE) {
      throw new Error(`${where}: its choices take ${source.length} characters; an Excel list takes at most ${MAX_LIST_SOURCE}`);
    }
    return { kind: "list", source, fromRange: false };
  }
  if (rule.kind === "text") {
    // One line, at most maxLength characters, not opening as a formula would (FIND: no wildcards, unlike SEARCH).
    const cell = address.replace(/\$/g, "");
    if (!Number.isInteger(rule.maxLength) || rule.maxLength < 1) throw new Error(`${where}: a text's maximum length must be a whole number of characters, not ${rule.maxLength}`);
    return { kind: "custom", formula: `AND(LEN(${cell})<=${rule.maxLength},ISERROR(FIND(CHAR(10),${cell})),ISERROR(FIND(LEFT(${cell},1),"=+-@")))` };
  }
  const { min, max } = rule;
  if (!(rule.aboveMin ? min < max : min <= max)) throw new Error(`${where}: no number is above ${min} and at most ${max}`);
  if (!rule.aboveMin) return { kind: rule.kind, formula1: formulaNumber(min), formula2: formulaNumber(max) };
  if (rule.kind === "whole") return { kind: "whole", formula1: formulaNumber(Math.floor(min) + 1), formula2: formulaNumber(max) };
  const cell = address.replace(/\$/g, "");
  return { kind: "custom", formula: `AND(ISNUMBER(${cell}),${cell}>${formulaNumber(min)},${cell}<=${formulaNumber(max)})` };
}

/** A highlight Excel can hold: a finite number, or non-empty text without a double quote. */
export function checkHighlight(highlight: Highlight, sheet: string): void {
  if ("blankIn" in highlight) {
    blankCondition(highlight, sheet);
    return;
  }
  if ("equals" in highlight) {
    if (!Number.isFinite(highlight.equals)) throw new Error(`the highlight on ${sheet}!${highlight.range} compares with ${highlight.equals}: it must be a number`);
    return;
  }
  // exceljs writes the text into SEARCH("…") unescaped; Excel's own dialog cannot hold a quote either.
  if (highlight.text === "" || highlight.text.includes('"')) {
    throw new Error(`the highlight on ${sheet}!${highlight.range} looks for ${JSON.stringify(highlight.text)}: it must be non-empty text without a double quote`);
  }
}

/** When a `blankIn` highlight shows, relative to the range's first cell: that row's cell in the column is blank ("" from a formula too). */
export function blankCondition(highlight: Highlight & { blankIn: string }, sheet: string): string {
  const m = /^[A-Z]{1,3}(\d+)(:[A-Z]{1,3}\d+)?$/.exec(highlight.range);
  if (!m || !/^[A-Z]{1,3}$/.test(highlight.blankIn)) throw new Error(`the highlight on ${sheet}!${highlight.range} by blank ${highlight.blankIn}: it needs one rectangle and a column letter`);
  return `$${highlight.blankIn}${m[1]}=""`;
}

/**
 * When a decimal format shows (both writers' conditional formats), relative to the range's first cell:
 * the number has decimals to six places. Six, as the format shows; a value a hair off whole (2048.0000001,
 * or 2048.9999999) keeps the whole format, so no "2,048." appears. Text and blanks never match.
 */
export function decimalCondition(format: DecimalFormat, sheet: string): string {
  const m = /^([A-Z]{1,3}\d+)(:[A-Z]{1,3}\d+)?$/.exec(format.range);
  if (!m) throw new Error(`the decimal format on ${sheet}!${format.range}: its range must be one rectangle such as B6:B9`);
  if (format.numberFormat === "" || format.numberFormat.length > 255) throw new Error(`the decimal format on ${sheet}!${format.range}: its number format must be 1 to 255 characters`);
  const cell = m[1];
  return `ROUND(${cell},6)<>ROUND(${cell},0)`;
}

/** A page setup Excel can hold: whole pages tall, title rows like "1:4". */
export function checkPrint(print: PrintSetup, sheet: string): void {
  if (!Number.isInteger(print.fitToPagesTall) || print.fitToPagesTall < 0) {
    throw new Error(`sheet ${sheet}: fitToPagesTall must be a whole number of pages (0 for as many as needed), not ${print.fitToPagesTall}`);
  }
  if (print.titleRows !== undefined && !/^\d+:\d+$/.test(print.titleRows)) {
    throw new Error(`sheet ${sheet}: titleRows must read like "1:4", not ${JSON.stringify(print.titleRows)}`);
  }
}

/**
 * Every printed page's header and footer, for both writers: the design's title left,
 * whom it is prepared for and by in the centre, the sheet's name (&A) right; the revision date
 * (ISO, the workbook's one date style) left and "Page 3 of 7" right below. "&" is doubled, as
 * Excel's header codes need; `revised` falls back to today.
 */
export function pageHeaderFooter(model: Pick<WorkbookModel, "title" | "preparedFor" | "preparedBy" | "revised">): {
  leftHeader: string;
  centerHeader: string;
  rightHeader: string;
  leftFooter: string;
  rightFooter: string;
} {
  const text = (t: string | undefined) => (t ?? "").replace(/&/g, "&&");
  const prepared = [model.preparedFor ? `Prepared for ${model.preparedFor}` : "", model.preparedBy ? `${model.preparedFor ? "by" : "Prepared by"} ${model.preparedBy}` : ""].filter(Boolean).join(" ");
  const revised = model.revised ?? new Date().toISOString().slice(0, 10);
  return { leftHeader: text(model.title), centerHeader: text(prepared), rightHeader: "&A", leftFooter: `Revised ${revised}`, rightFooter: "Page &P of &N" };
}
