/**
 * Several designs side by side, shared by `exsize compare` (src/cli/compare.ts) and the
 * pane's "Compare designs" (src/taskpane/controller.ts): a design's outputs as the workbook shows
 * them, the Compare sheet's rows, the figure that changes most, and the live Compare workbook's model
 * — each design's own sheets and a Compare sheet of formulas over them, with the chart of the figure
 * that changes most. The CLI writes that model with exceljs (then the customer copy); the pane
 * writes the same model into the open workbook through Excel JS. One builder, two writers.
 */
import type { Design, DesignTables, WorkbookInputs } from "../engine/design";
import { inputOptions, optionOf } from "./input-options";
import { designOf } from "./input-values";
import type { CellModel, ChartModel, SheetModel, WorkbookModel } from "./model";
import { quantityFormat, textWidth, wrappedLines } from "./sheets/shared";
import { DESIGN_CELLS, DESIGN_CHECK_CELL, INPUT_CELLS, SUMMARY_CELLS, referenceDesign, sheetReference, templateSheetNames } from "./template";
import { NOT_A_DESIGN } from "./design-check";
import { SUMMARY_MCDB_CELLS, SUMMARY_SERVER_DISK_CELLS } from "./sheets/summary";
import { designRecord, labelWithUnit, quantity, type DesignRecord, type QuantityKey } from "../engine/catalogue";

// ---------------------------------------------------------------------------------------------
// The design's numbers, as the workbook shows them

/**
 * The Compare sheet's figures, in order (the sheet lists the catalogue's keys; labels,
 * units and decimals are the catalogue's): the Summary's answers, then the server disks a design by
 * Microsoft's method buys, then two figures no sheet shows. `--json` and `--csv` carry every quantity.
 */
export const COMPARE_KEYS = [
  "databaseVolumes",
  "databaseVolumeGB",
  "logVolumes",
  "logVolumeGB",
  "capacityPerCopyGB",
  "capacityAllCopiesGB",
  "volumesGB",
  "databaseIops",
  "dagDatabaseIops",
  "dagLogIops",
  "arrays",
  "arrayModel",
  "arraysPerCopy",
  "spindles",
  "spindleRaid",
  "spindleDisk",
  "servers",
  "coresPerServer",
  "memoryPerServerGB",
  "worstFailure",
  "worstMailboxesPerServer",
  "worstTargetIops",
  "pageFileGB",
  "disksPerServer",
  // Exchange 2019's and SE's MCDB SSDs beside the database disks: empty where a design has none.
  "mcdbSsdsPerServer",
  "mcdbSsdGB",
  "databases",
  "mailboxesPerDatabase",
  "coresBasis",
] as const satisfies readonly QuantityKey[];
export type CompareKey = (typeof COMPARE_KEYS)[number];

/** A Compare row's number format: grouped, with the quantity's decimals. */
const formatOf = (key: QuantityKey): string | undefined => quantityFormat(quantity(key));

// ---------------------------------------------------------------------------------------------
// The Compare sheet

/** One design of a comparison: its inputs, and its method and outputs as shown, or why it cannot be built. */
export type CompareDesign =
  | { inputs: WorkbookInputs; method: string; design: DesignRecord }
  | { inputs: WorkbookInputs; problems: string[] };

/** One design sized as `exsize design` sizes it alone: the same checks (designOf), the numbers as shown. */
export function compareDesign(inputs: WorkbookInputs, tables?: DesignTables, where: (key: import("./input-values").InputKey) => string = optionOf): CompareDesign & { sized?: Design } {
  const sized = designOf(inputs, where, tables);
  if (!sized.ok) return { inputs, problems: sized.problems };
  return { inputs, method: sized.design.method, design: designRecord(sized.design), sized: sized.design };
}

/**
 * Each figure's row label on the Compare sheet, with its unit: the catalogue's words, but where an
 * input has the same label on the Inputs sheet (the inputs' rows above use those labels):
 * the array model the design chose is not the input "Array model" (auto or a model). One name a row.
 */
const COMPARE_LABEL_OVERRIDES: Readonly<Partial<Record<CompareKey, string>>> = { arrayModel: "Array model chosen" };
export const COMPARE_LABELS: Readonly<Record<CompareKey, string>> = Object.freeze(
  Object.fromEntries(COMPARE_KEYS.map((key) => [key, COMPARE_LABEL_OVERRIDES[key] ?? labelWithUnit(quantity(key))])) as Record<CompareKey, string>,
);

/**
 * The papers' storage, which by Microsoft's method is not the design's: its servers' own disks hold
 * the databases. The Summary leaves these rows blank for such a design (one storage answer),
 * the live Compare sheet reads the Summary, and the values sheet leaves them blank too; `--json` and
 * `--csv` keep them, as `exsize design --json` does.
 */
export const PAPERS_STORAGE_KEYS: readonly CompareKey[] = ["arrays", "arrayModel", "arraysPerCopy", "spindles", "spindleRaid", "spindleDisk"];

/** A design's figure as the Compare sheet shows it: blank where the design's method does not read it. */
export const comparedFigure = (method: string, key: CompareKey, design: DesignRecord): number | string | null =>
  method === "microsoft" && PAPERS_STORAGE_KEYS.includes(key) ? null : design[key];

/**
 * The Compare sheet's figures for these designs: without the papers' storage rows when no design is
 * sized by Dell's process (their arrays and spindles are no design's answer then, only empty rows).
 */
export function compareKeysOf(rows: readonly CompareDesign[]): readonly CompareKey[] {
  const papers = rows.some((r) => !("problems" in r) && r.method !== "microsoft");
  return papers ? COMPARE_KEYS : COMPARE_KEYS.filter((key) => !PAPERS_STORAGE_KEYS.includes(key));
}

/** A cell of the Compare sheet: a number, text, or empty. */
type SheetValue = number | string | null;

/** A Compare row: a label and a value per design; `heading` rows start a section; `input` or `output` the key it shows. */
export interface CompareSheetRow {
  label: string;
  heading?: boolean;
  format?: string;
  decimals?: boolean;
  values: SheetValue[];
  input?: import("./input-values").InputKey;
  output?: CompareKey;
  /** The whole text of a value the row shortens (a design's reason it cannot be built), printed as a note below the table. */
  notes?: Array<string | null>;
}

/** What the Compare sheet's row of refusals says of a refused design: its inputs' part of the reason (before the first colon) and its note. */
export const REFUSAL_ROW = "Cannot be built because";
const shortReason = (reason: string, note: number): string => {
  const head = /^([^:]{1,40}): /.exec(reason)?.[1];
  return head !== undefined ? `${head}: see note ${note}` : `see note ${note}`;
};

/**
 * The Compare sheet's rows: the designs' figures first, those that differ between designs before
 * those the same in every design, then the inputs in the same two parts — so a reader meets what sets
 * the designs apart on the first page (the figures are the answer; the inputs what was asked).
 */
export function compareSheetRows(rows: readonly CompareDesign[]): CompareSheetRow[] {
  const inputValue = (v: unknown): SheetValue => (v === "" || v === undefined ? null : (v as number | string));
  const differs = (row: CompareSheetRow) => row.values.some((v) => v !== row.values[0]);
  const differingFirst = (part: CompareSheetRow[]) => [...part.filter(differs), ...part.filter((row) => !differs(row))];
  const figures: CompareSheetRow[] = compareKeysOf(rows).map((key) => {
    const format = formatOf(key);
    return { label: COMPARE_LABELS[key], output: key, ...(format ? { format } : {}), values: rows.map((r) => ("problems" in r ? null : comparedFigure(r.method, key, r.design))) };
  });
  // As the Inputs sheet words them: a customer reads this page, not the command line.
  // Numbers grouped ("5,000"), a decimal input's typed decimals shown where it has some (decimalFormats).
  const inputs: CompareSheetRow[] = inputOptions().map((o) => ({
    label: o.label,
    input: o.key,
    ...(o.rule.kind === "whole" || o.rule.kind === "decimal" ? { format: "#,##0" } : {}),
    ...(o.rule.kind === "decimal" ? { decimals: true } : {}),
    values: rows.map((r) => inputValue(r.inputs[o.key])),
  }));
  return [
    { label: "Design", values: rows.map((_, i) => i + 1) },
    { label: "The design", heading: true, values: [] },
    // A reason is a paragraph: the row says whose inputs and the note below the table that gives it whole (a
    // row as tall as the reason wrapped in a design's column would take a page of its own).
    (() => {
      const reasons = rows.map((r) => ("problems" in r ? r.problems.join("; ") : null));
      let note = 0;
      return { label: REFUSAL_ROW, values: reasons.map((reason) => (reason === null ? null : shortReason(reason, ++note))), notes: reasons };
    })(),
    { label: "Sized by the method", values: rows.map((r) => ("problems" in r ? null : r.method)) },
    ...differingFirst(figures),
    { label: "Inputs", heading: true, values: [] },
    ...differingFirst(inputs),
  ];
}

/**
 * The numeric output row whose designs differ the most, relative to its largest value (ties: the
 * first, the Summary's order); undefined when no figure changes.
 */
export function mostChangedFigure(layout: ReturnType<typeof compareSheetRows>): { label: string; values: Array<number | null> } | undefined {
  const outputs = new Set(Object.values(COMPARE_LABELS));
  let best: { label: string; values: Array<number | null>; change: number } | undefined;
  for (const row of layout) {
    if (!outputs.has(row.label)) continue;
    const numbers = row.values.filter((v): v is number => typeof v === "number");
    if (numbers.length < 2 || numbers.length !== row.values.filter((v) => v !== null).length) continue;
    const top = Math.max(...numbers.map(Math.abs));
    const change = top === 0 ? 0 : (Math.max(...numbers) - Math.min(...numbers)) / top;
    if (change > 0 && (best === undefined || change > best.change)) best = { label: row.label, values: row.values.map((v) => (typeof v === "number" ? v : null)), change };
  }
  return best && { label: best.label, values: best.values };
}



/** The most designs a live Compare workbook holds: each brings its own ten sheets (about 2.5 s each to build and write). */
export const MAX_LIVE_DESIGNS = 10;

/** The text a cell of the live Compare sheet marks a row with when a design differs from design 1 there. */
export const DIFFERS = "differs";

/** A column's letters: 1 → A, 27 → AA. */
export function columnLetters(n: number): string {
  let letters = "";
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) letters = String.fromCharCode(65 + ((k - 1) % 26)) + letters;
  return letters;
}

/** The suffix of design d's sheets in the CLI's live workbook: design 1 the template's names, design k " k". */
export const defaultDesignSuffix = (d: number): string => (d === 0 ? "" : ` ${d + 1}`);

/**
 * The fit workbook's first page: what was fitted (the load, and the limits the search kept to), each
 * row a label and its value, the value's number format where it is a number.
 */
export interface FitFrontPage {
  profile: ReadonlyArray<{ label: string; value: number | string; format?: string }>;
  /** Candidate designs searched. */
  searched: number;
  /** Designs on the front, of which the workbook holds the first ones. */
  front: number;
}

/** A design's four counts for the whole environment, as fit judges them: servers, disks (with MCDB SSDs), memory GB, cores. */
export function fitCounts(design: DesignRecord): [number, number, number, number] {
  const servers = design.environmentServers as number;
  const disks = (design.environmentDisks as number) + ((design.dagMcdbSsds as number | null) ?? 0) * (design.dags as number);
  return [servers, disks, servers * (design.memoryPerServerGB as number), servers * (design.coresPerServer as number)];
}

const FIT_COUNT_WORDS = [["server", "servers"], ["disk", "disks"], ["GB memory", "GB memory"], ["core", "cores"]] as const;

/** What `counts` costs more (+) and less (−) of than `reference`, in words: "+2 servers, −40 disks"; "" when the same. */
export function countsAgainst(counts: readonly number[], reference: readonly number[]): string {
  const signed = (x: number) => (x > 0 ? `+${x.toLocaleString("en-US")}` : `−${(-x).toLocaleString("en-US")}`);
  return FIT_COUNT_WORDS.flatMap(([one, many], k) => {
    const by = counts[k] - reference[k];
    return by === 0 ? [] : [`${signed(by)} ${Math.abs(by) === 1 ? one : many}`];
  }).join(", ");
}

/** The fit page's name: the workbook's first sheet. */
export const FIT_SHEET = "Fit";

/**
 * The fit workbook's first sheet, one page: the profile fitted, then the front — each design's DAGs,
 * servers, disks, memory and cores for the whole environment, and what it costs more and less of than
 * design 1 (the fewest servers). Values as fitted: each design's own sheets, and its Compare column,
 * recalculate when its inputs are edited; this page states what the search found.
 */
export function fitFrontSheet(designs: readonly CompareDesign[], page: FitFrontPage, suffixOf: (d: number) => string): SheetModel {
  const cells: CellModel[] = [
    { address: "A1", value: "The least hardware that carries this profile", role: "title" },
    {
      address: "A2",
      value: `${page.front.toLocaleString("en-US")} design${page.front === 1 ? "" : "s"} no other beats on servers, disks, memory and cores (the whole environment's), of ${page.searched.toLocaleString("en-US")} searched; fewest servers first${designs.length < page.front ? `; the first ${designs.length} here` : ""}.`,
      role: "note",
    },
    { address: "A4", value: "The profile fitted", role: "heading" },
  ];
  let r = 5;
  for (const row of page.profile) {
    cells.push({ address: `A${r}`, value: row.label, role: "label" });
    cells.push({ address: `B${r}`, value: row.value, role: "output", align: "left", ...(row.format ? { numberFormat: row.format } : {}) });
    r++;
  }
  r++;
  cells.push({ address: `A${r}`, value: "The designs", role: "heading" });
  r++;
  const header = r;
  // Column G a gap between the cores, right-aligned, and the words after them.
  ["Design", "DAGs", "Servers", "Disks", "Memory GB", "Cores", "", "Against design 1", "Its sheets"].forEach((heading, c) =>
    cells.push({ address: `${columnLetters(c + 1)}${header}`, value: heading, role: "heading", ...(c > 0 && c < 6 ? { align: "right" as const } : {}) }),
  );
  const sized = designs.map((d) => ("problems" in d ? undefined : fitCounts(d.design)));
  const reference = sized[0];
  designs.forEach((d, i) => {
    const row = header + 1 + i;
    cells.push({ address: `A${row}`, value: `Design ${i + 1}`, role: "label" });
    const counts = sized[i];
    if ("problems" in d) {
      cells.push({ address: `H${row}`, value: `cannot be built: ${d.problems.join("; ")}`, role: "output", wrap: true });
      return;
    }
    if (counts === undefined) return;
    [d.design.dags as number, ...counts].forEach((n, c) => cells.push({ address: `${columnLetters(c + 2)}${row}`, value: n, numberFormat: "#,##0", role: "output" }));
    const against = i === 0 || reference === undefined ? "the fewest servers" : countsAgainst(counts, reference) || "the same counts";
    cells.push({ address: `H${row}`, value: against, role: "output" });
    cells.push({ address: `I${row}`, value: templateSheetNames(suffixOf(i)).summary, role: "output" });
  });
  const last = header + designs.length;
  cells.push(
    { address: `A${last + 2}`, value: "The Compare sheet sets every figure of these designs side by side; each design's own sheets follow it, its Summary first.", role: "note" },
    { address: `A${last + 3}`, value: "The counts here are as fitted: edit a design's Inputs and its own sheets and its Compare column recalculate.", role: "note" },
  );
  return {
    name: FIT_SHEET,
    columnWidths: [34, 8, 10, 10, 12, 10, 2, 46, 14],
    cells,
    gridlines: false,
    print: { orientation: "landscape", fitToPagesTall: 1, area: `A1:I${last + 3}` },
  };
}

export interface LiveCompareOptions {
  /** The revision date, ISO, on each design's Summary and page footers. */
  revised: string;
  /** Each design's sheet suffix ("" → Inputs, " 3" → Inputs 3); by default design 1 "", design k " k". */
  suffixes?: readonly string[];
  /** The Compare sheet's name: "Compare" by default ("Compare 2" where the pane finds one there). */
  sheetName?: string;
  /** A fit's workbook: its first sheet states the profile fitted and the front (fitFrontSheet). */
  fit?: FitFrontPage;
}

/** The Compare sheet's label column and each design's column, in characters. */
const LABEL_WIDTH = 40;
const DESIGN_WIDTH = 16;
/** The last column's, which says "differs". */
const MARKER_WIDTH = 20;
/** One line of Calibri 11, in points (Excel's default row height). */
const LINE_HEIGHT_POINTS = 15;

/** The Compare sheet's first table row (the "Design" row); rows 1-2 hold its title and note. */
const FIRST_TABLE_ROW = 4;

interface CompareSheetParts {
  sheetName: string;
  /** The line under the title: what the columns are. */
  note: string;
  /** A design's cell of a row as a formula (the live workbook), or undefined: the row's value. */
  cellOf?: (rowIndex: number, design: number, address: string) => CellModel | undefined;
  /** The last column's "differs" cell of a row, over the designs' columns; by default the value, worked out here. */
  differs?: (marker: string, row: number, columns: string[]) => { formula: string };
}

/**
 * A text cut into lines of at most `width` characters (widths of the digit "0", as wrappedLines measures
 * them), word by word; a word longer than a line stands on a line of its own.
 */
function lineBreaks(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line === "" ? word : `${line} ${word}`;
    if (line !== "" && textWidth(next) > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line !== "") lines.push(line);
  return lines;
}

/**
 * The Compare sheet: the rows of compareSheetRows, a column per design and a last one that says
 * "differs" (highlighted) where a row differs from design 1, then the figure that changes most as a
 * table and a bar chart. It prints like the design's sheets: landscape, one page wide, the
 * table from its own page with the designs' row on each, the chart's table and the chart on the next.
 */
export function compareSheet(layout: ReturnType<typeof compareSheetRows>, parts: CompareSheetParts): { sheet: SheetModel; charts: ChartModel[] } {
  const designs = layout[0].values.length;
  const first = FIRST_TABLE_ROW;
  const marker = columnLetters(designs + 2);
  const columns = Array.from({ length: designs }, (_, d) => columnLetters(d + 2));
  const cells: CellModel[] = [
    { address: "A1", value: "Designs compared", role: "title" },
    { address: "A2", value: parts.note, role: "note" },
    { address: `${marker}${first}`, value: "Differs from design 1", role: "heading", align: "right" },
  ];
  const rowOfLabel = new Map<string, number>();
  const rowHeights: Record<number, number> = {};
  layout.forEach((row, i) => {
    const r = first + i;
    rowOfLabel.set(row.label, r);
    // Text that is wider than its column wraps, the row as tall as its longest (no text cut by the next column).
    const lines = Math.max(wrappedLines(row.label, LABEL_WIDTH), ...row.values.map((v) => (typeof v === "string" ? wrappedLines(v, DESIGN_WIDTH) : 1)));
    if (lines > 1) rowHeights[r] = lines * LINE_HEIGHT_POINTS;
    const wrap = lines > 1 ? { wrap: true } : {};
    cells.push({ address: `A${r}`, value: row.label, role: row.heading || i === 0 ? "heading" : "label", ...wrap });
    if (row.heading) return;
    row.values.forEach((value, d) => {
      const address = `${columns[d]}${r}`;
      // Every design's value right-aligned under its number, text and numbers alike.
      const formula = parts.cellOf?.(i, d, address);
      if (formula) cells.push({ ...formula, align: "right", ...wrap });
      else if (value !== null) cells.push({ address, value, ...(row.format ? { numberFormat: row.format } : {}), role: i === 0 ? "heading" : "output", align: "right", ...wrap });
    });
    if (i > 0 && designs > 1) {
      const differs = parts.differs
        ? parts.differs(marker, r, columns)
        : { value: row.values.slice(1).some((v) => v !== row.values[0]) ? DIFFERS : "" };
      cells.push({ address: `${marker}${r}`, ...differs, role: "step", align: "right" });
    }
  });
  const tableLast = first + layout.length - 1;
  // Each shortened value's whole text, below the table: a line a row across the table's width (each cell
  // of column A runs over the empty cells right of it), so a reason of many lines is a few rows, not one tall row.
  const notes = layout.flatMap((row) => (row.notes ?? []).flatMap((text, d) => (text === null ? [] : [`design ${d + 1} cannot be built: ${text}`])));
  let last = tableLast;
  if (notes.length > 0) {
    // Less a cell's margins and a character to spare: the line must end inside the printed table.
    const width = LABEL_WIDTH + designs * DESIGN_WIDTH + MARKER_WIDTH - 2;
    let r = tableLast + 2;
    notes.forEach((text, k) => {
      for (const line of lineBreaks(`Note ${k + 1} — ${text}`, width)) cells.push({ address: `A${r++}`, value: line, role: "note" });
    });
    last = r - 1;
  }
  const decimalFormats = layout.flatMap((row, i) => (row.decimals ? [{ range: `${columns[0]}${first + i}:${columns[designs - 1]}${first + i}`, numberFormat: "#,##0.######" }] : []));
  // The figure that changes most (chosen by the designs as sized), below the table: a row a design, each
  // cell reading its design's column, so the bars follow an edited design; a refused design's stays empty.
  const charts: ChartModel[] = [];
  const most = mostChangedFigure(layout);
  let printedTo = last;
  let chartBlock: string | undefined;
  if (most !== undefined) {
    const top = last + 4;
    const figureRow = rowOfLabel.get(most.label)!;
    const format = layout.find((row) => row.label === most.label)?.format;
    cells.push({ address: `A${top - 1}`, value: `The figure that changes most: ${most.label}`, role: "heading" });
    cells.push({ address: `A${top}`, value: "Design", role: "label" }, { address: `B${top}`, value: most.label, role: "label" });
    most.values.forEach((value, d) => {
      cells.push({ address: `A${top + 1 + d}`, value: `Design ${d + 1}`, role: "label" });
      if (value === null) return;
      const shown = parts.cellOf ? { formula: `=${columns[d]}${figureRow}` } : { value };
      cells.push({ address: `B${top + 1 + d}`, ...shown, ...(format ? { numberFormat: format } : {}), role: "output" });
    });
    const rowsTall = Math.min(40, Math.max(10, most.values.length * 2 + 4));
    const chartTop = top + most.values.length + 2;
    // Below the table, from column A: beside it would sit on the designs' columns; as wide as the table.
    const to = `${marker}${chartTop + rowsTall}`;
    charts.push({ sheet: parts.sheetName, title: most.label, type: "barClustered", source: `A${top}:B${top + most.values.length}`, from: `A${chartTop}`, to });
    chartBlock = `A${top - 1}:${marker}${chartTop + rowsTall}`;
    printedTo = chartTop + rowsTall;
  }
  const sheet: SheetModel = {
    name: parts.sheetName,
    columnWidths: [LABEL_WIDTH, ...columns.map(() => DESIGN_WIDTH), MARKER_WIDTH],
    frozenRows: first,
    cells,
    rowHeights,
    highlights: [{ range: `${marker}${first + 1}:${marker}${tableLast}`, text: DIFFERS, tone: "bad" }],
    decimalFormats,
    // The table, then the chart whole on a page of its own: one page wide, the designs' row on every page.
    print: {
      orientation: "landscape",
      fitToPagesTall: 0,
      titleRows: `${first}:${first}`,
      area: chartBlock ? `A1:${marker}${last},${chartBlock}` : `A1:${marker}${printedTo}`,
    },
  };
  return { sheet, charts };
}

/**
 * The Compare workbook as values (`exsize compare --out`, without --customer): the Compare sheet
 * alone, each design sized as `exsize design` sizes it, printed as the design workbook prints.
 */
export function valuesCompareModel(designs: readonly CompareDesign[], options: { revised: string; varied: readonly string[] }): WorkbookModel {
  const layout = compareSheetRows(designs);
  const note = `${designs.length.toLocaleString("en-US")} designs, varying ${options.varied.join(", ")}: each column sized as the design workbook sizes it alone; values, not formulas.`;
  const { sheet, charts } = compareSheet(layout, { sheetName: "Compare", note });
  return { title: "Designs compared", revised: options.revised, font: { name: "Calibri", size: 11 }, sheets: [sheet], names: [], charts };
}

/**
 * The live Compare workbook's model: every sized design's own sheets, as `exsize design` writes them
 * (each under its suffix), and a Compare sheet whose cells are formulas over them — each input its
 * design's Inputs cell, each output its Summary cell (databases and the method: its Design sheet) —
 * so editing a design's inputs recalculates its column. Two outputs no sheet shows
 * (mailboxesPerDatabase, coresBasis) are values, and a refused design's column (which says why).
 * A column whose design's Design check says "Not a design" (an edit that cannot be built) says
 * "cannot be built" and why in its "Cannot be built because" row and shows none of its figures. A
 * last column says "differs" (live, highlighted) where a row's designs differ from design 1. Below
 * the table, the figure that changes most, a cell a design reading its row, drawn as bars.
 */
export function liveCompareModel(designs: readonly CompareDesign[], options: LiveCompareOptions): WorkbookModel {
  const suffixOf = (d: number) => options.suffixes?.[d] ?? defaultDesignSuffix(d);
  const sheetName = options.sheetName ?? "Compare";
  const models = designs.map((row, d) => ("problems" in row ? undefined : referenceDesign({ inputs: row.inputs, suffix: suffixOf(d), revised: options.revised })));
  const at = (sheet: string, address: string) => `${sheetReference(sheet)}!$${address.replace(/(\d+)$/, "$$$1")}`;
  const layout = compareSheetRows(designs);
  const defaultNames = designs.every((_, d) => suffixOf(d) === defaultDesignSuffix(d));
  const where = defaultNames
    ? "Summary, Inputs, … for design 1; Summary 2, Inputs 2, … for design 2"
    : designs
        .map((_, d) => (models[d] ? `design ${d + 1}: ${templateSheetNames(suffixOf(d)).inputs}` : undefined))
        .filter((w) => w !== undefined)
        .join("; ");
  const cellOf = (i: number, d: number, address: string): CellModel | undefined => {
    const row = layout[i];
    const inputKey = row.input;
    const outputKey = row.output;
    const model = models[d];
    const names = templateSheetNames(suffixOf(d));
    // A design edited into one that cannot be built: its Design check says so; its column says why and shows none of its figures.
    const check = at(names.inputs, DESIGN_CHECK_CELL.inputs);
    const refused = `MID(${check},1,${NOT_A_DESIGN.length})="${NOT_A_DESIGN}"`;
    const unlessRefused = (f: string) => `=IF(${refused},"",${f.replace(/^=/, "")})`;
    const literal = (v: SheetValue) => (typeof v === "number" ? String(v) : `"${String(v ?? "").replace(/"/g, '""')}"`);
    let formula: string | undefined;
    if (model && row.label === REFUSAL_ROW) {
      formula = `=IF(${refused},"cannot be built: "&MID(${check},${NOT_A_DESIGN.length + 2},2000),"")`;
      return { address, formula, role: "output" as const };
    }
    if (model && outputKey !== undefined && (outputKey === "mailboxesPerDatabase" || outputKey === "coresBasis")) {
      // No sheet shows these two: the value as sized, gone once the design cannot be built.
      formula = unlessRefused(literal(row.values[d]));
      return { address, formula, ...(row.format ? { numberFormat: row.format } : {}), role: "output" as const };
    }
    if (model && inputKey !== undefined) {
      const ref = at(names.inputs, INPUT_CELLS[inputKey]);
      // An empty cell shows empty, not 0; LEN, not ref="", since LibreOffice takes 0="" as TRUE.
      formula = `=IF(LEN(${ref})=0,"",${ref})`;
    } else if (model && row.label === "Sized by the method") formula = `=${at(names.design, DESIGN_CELLS.methodUsed)}`;
    else if (model && outputKey === "databases") formula = `=${at(names.design, DESIGN_CELLS.databasesDeployed)}`;
    else if (model && outputKey !== undefined && outputKey in SUMMARY_CELLS) formula = `=${at(names.summary, SUMMARY_CELLS[outputKey as keyof typeof SUMMARY_CELLS])}`;
    else if (model && outputKey === "disksPerServer") formula = `=IF(ISNUMBER(${at(names.summary, SUMMARY_SERVER_DISK_CELLS.disksPerServer)}),${at(names.summary, SUMMARY_SERVER_DISK_CELLS.disksPerServer)},"")`;
    else if (model && (outputKey === "mcdbSsdsPerServer" || outputKey === "mcdbSsdGB")) {
      const cell = at(names.summary, outputKey === "mcdbSsdsPerServer" ? SUMMARY_MCDB_CELLS.ssdsPerServer : SUMMARY_MCDB_CELLS.ssdGB);
      formula = `=IF(ISNUMBER(${cell}),${cell},"")`;
    }
    if (formula !== undefined && inputKey === undefined) formula = unlessRefused(formula);
    return formula !== undefined ? { address, formula, ...(row.format ? { numberFormat: row.format } : {}), role: "output" as const } : undefined;
  };
  const note = `${designs.length} designs, each column formulas over its own sheets (${where}): edit a design's inputs there and its column recalculates.`;
  const { sheet: compare, charts } = compareSheet(layout, { sheetName, note, cellOf, differs: (marker, r, cols) => ({ formula: `=IF(OR(${cols.slice(1).map((c) => `${c}${r}<>${cols[0]}${r}`).join(",")}),"${DIFFERS}","")` }) });
  const sized = models.filter((m) => m !== undefined);
  return {
    ...(sized[0] ?? { charts: [] }),
    title: options.fit ? "The least hardware for a profile" : "Designs compared",
    sheets: [...(options.fit ? [fitFrontSheet(designs, options.fit, suffixOf)] : []), compare, ...sized.flatMap((m) => m.sheets)],
    names: sized.flatMap((m) => m.names),
    charts: [...charts, ...sized.flatMap((m) => m.charts)],
  };
}

/** FIRST..LAST/STEP: plain decimal numbers, no thousands comma. */
const RANGE = /^\s*([0-9]+(?:\.[0-9]+)?)\s*\.\.\s*([0-9]+(?:\.[0-9]+)?)\s*(?:\/\s*([0-9]+(?:\.[0-9]+)?)\s*)?$/;

/**
 * A range of values to compare, as `exsize compare --vary` and the pane take it: FIRST..LAST/STEP (the
 * step 1 if left out), as many as fit up to LAST; `texts` absent when the list is not a range. A range
 * longer than `limit` is refused before it is built.
 */
export function rangeTexts(list: string, limit: number): { texts?: string[] } | { problem: string } {
  const range = RANGE.exec(list);
  if (!range) return {};
  const [first, last, step] = [Number(range[1]), Number(range[2]), range[3] === undefined ? 1 : Number(range[3])];
  if (!(step > 0)) return { problem: `the range's step must be more than 0; got ${JSON.stringify(list)}` };
  if (last < first) return { problem: `the range's last value must not be below its first; got ${JSON.stringify(list)}` };
  // A hair over the count so 0.1..0.3/0.1 reaches 0.3 despite binary fractions.
  const count = Math.floor((last - first) / step + 1e-9) + 1;
  if (count > limit) return { problem: `the range has ${count.toLocaleString("en-US")} values; at most ${limit.toLocaleString("en-US")} designs a comparison` };
  return { texts: Array.from({ length: count }, (_, i) => String(Number((first + i * step).toPrecision(12)))) };
}
