/**
 * Several designs side by side (issue 19), shared by `exsize compare` (src/cli/compare.ts) and the
 * pane's "Compare designs" (src/taskpane/controller.ts): a design's outputs as the workbook shows
 * them, the Compare sheet's rows, the figure that changes most, and the live Compare workbook's model
 * — each design's own sheets and a Compare sheet of formulas over them, with the chart of the figure
 * that changes most. The CLI writes that model with exceljs (then the customer copy); the pane
 * writes the same model into the open workbook through Excel JS. One builder, two writers.
 */
import type { Design, DesignTables, WorkbookInputs } from "../engine/design";
import { inputOptions, optionOf } from "../cli/design-options";
import { designOf } from "./input-values";
import type { CellModel, ChartModel, SheetModel, WorkbookModel } from "./model";
import { DESIGN_CELLS, INPUT_CELLS, SUMMARY_CELLS, referenceDesign, sheetReference, templateSheetNames } from "./template";

// ---------------------------------------------------------------------------------------------
// The design's numbers, as the workbook shows them

/**
 * The Summary's answers under their names (template.ts SUMMARY_CELLS), then what the Summary does
 * not show; each with the decimals its number format shows. Every number on the Summary shows whole
 * ('#,##0 "GB"', '0" cores each"', counts): tests/cli/design-json.test.ts holds these digits to the
 * Summary's formats and the values to the evaluated workbook.
 */
export const OUTPUT_DIGITS = Object.freeze({
  databaseVolumes: 0,
  databaseVolumeGB: 0,
  logVolumes: 0,
  logVolumeGB: 0,
  capacityPerCopyGB: 0,
  capacityAllCopiesGB: 0,
  volumesGB: 0,
  databaseIops: 0,
  dagDatabaseIops: 0,
  logIops: 0,
  arrays: 0,
  arrayModel: undefined,
  arraysPerCopy: 0,
  spindles: 0,
  spindleRaid: undefined,
  spindleDisk: undefined,
  servers: 0,
  coresPerServer: 0,
  memoryPerServerGB: 0,
  worstFailure: undefined,
  worstMailboxesPerServer: 0,
  worstTargetIops: 0,
  /** The page file a server, GB (src/engine/version.ts); null for Exchange 2010, none published. */
  pageFileGB: 1,
  databases: 0,
  mailboxesPerDatabase: 2,
  coresBasis: undefined,
} as const);
export type OutputKey = keyof typeof OUTPUT_DIGITS;

/** The Summary's words when no failure is survivable (its worst-failure cell). */
export const NONE_SURVIVABLE = "none survivable";

/**
 * A number to `digits` decimals as Excel shows it: half away from zero, on the decimal text so
 * 1.005 shows 1.01 as in Excel (not 1.00 as 1.005 × 100 in binary would give), and never -0.
 */
export function shownNumber(value: number, digits: number): number {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return value;
  // Excel shows a double's 15 significant digits, rounded half away from zero: shift by the exponent in text, not by multiplying.
  const magnitude = Math.abs(value).toPrecision(15);
  const rounded = Number(`${Math.round(Number(`${magnitude}e${digits}`))}e-${digits}`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Each value as the workbook shows it, in the digits table's order: a number with its key's decimals (undefined: as is). */
export function shownValues<K extends string>(raw: Record<K, number | string | null>, digits: Readonly<Record<K, number | undefined>>): Record<K, number | string | null> {
  return Object.fromEntries(
    (Object.keys(digits) as K[]).map((key) => {
      const d = digits[key];
      const value = raw[key];
      return [key, typeof value === "number" && d !== undefined ? shownNumber(value, d) : value];
    }),
  ) as Record<K, number | string | null>;
}

/** Every output of a design, raw: what the Summary's cells hold before their formats round them. */
export function designOutputs(d: Design): Record<OutputKey, number | string | null> {
  const worst = d.worst;
  return {
    databaseVolumes: d.databases,
    databaseVolumeGB: d.databaseVolumeGB,
    logVolumes: d.databases,
    logVolumeGB: d.logVolumeGB,
    capacityPerCopyGB: d.capacityPerCopyGB,
    capacityAllCopiesGB: d.capacityAllCopiesGB,
    volumesGB: d.volumesGB,
    databaseIops: d.databaseIops,
    dagDatabaseIops: d.dagDatabaseIops,
    logIops: d.logIops,
    arrays: d.arrays.arrays,
    arrayModel: d.arrays.modelName,
    arraysPerCopy: d.arrays.arraysPerCopy,
    spindles: d.spindles.disks,
    spindleRaid: d.spindles.raid,
    spindleDisk: String(d.spindles.disk),
    servers: d.servers,
    coresPerServer: d.coresPerServer,
    memoryPerServerGB: d.memoryPerServerGB,
    worstFailure: worst ? worst.fails : NONE_SURVIVABLE,
    worstMailboxesPerServer: worst ? worst.activeMailboxes : null,
    worstTargetIops: worst ? worst.targetIops : null,
    pageFileGB: d.pageFileGB ?? null,
    databases: d.databases,
    mailboxesPerDatabase: d.mailboxesPerDatabase,
    coresBasis: d.coresBasis,
  };
}

/** The outputs as `--json` prints them: each number with the decimals the workbook shows. */
export function shownOutputs(d: Design): Record<OutputKey, number | string | null> {
  return shownValues(designOutputs(d), OUTPUT_DIGITS);
}


// ---------------------------------------------------------------------------------------------
// The Compare sheet

/** One design of a comparison: its inputs, and its method and outputs as shown, or why it cannot be built. */
export type CompareDesign =
  | { inputs: WorkbookInputs; method: string; outputs: Record<OutputKey, number | string | null> }
  | { inputs: WorkbookInputs; problems: string[] };

/** One design sized as `exsize design` sizes it alone: the same checks (designOf), the numbers as shown. */
export function compareDesign(inputs: WorkbookInputs, tables?: DesignTables, where: (key: import("./input-values").InputKey) => string = optionOf): CompareDesign & { design?: Design } {
  const sized = designOf(inputs, where, tables);
  if (!sized.ok) return { inputs, problems: sized.problems };
  return { inputs, method: sized.design.method, outputs: shownOutputs(sized.design), design: sized.design };
}

/** Each output's row label on the Compare sheet, with its unit: as the Summary names them. */
export const OUTPUT_LABELS: Readonly<Record<OutputKey, string>> = Object.freeze({
  databaseVolumes: "Database volumes",
  databaseVolumeGB: "Database volume (GB each)",
  logVolumes: "Log volumes",
  logVolumeGB: "Log volume (GB each)",
  capacityPerCopyGB: "Capacity per copy (GB)",
  capacityAllCopiesGB: "Capacity, all copies (GB)",
  volumesGB: "Capacity in volumes (GB, a copy)",
  databaseIops: "Database IOPS (a copy)",
  dagDatabaseIops: "Database IOPS (the DAG)",
  logIops: "Log IOPS",
  arrays: "Arrays",
  arrayModel: "Array model",
  arraysPerCopy: "Arrays per copy",
  spindles: "Spindles (disks)",
  spindleRaid: "Spindles' RAID level",
  spindleDisk: "Spindles' disk",
  servers: "Mailbox servers",
  coresPerServer: "Cores a server",
  memoryPerServerGB: "Memory a server (GB)",
  worstFailure: "Worst survivable failure",
  worstMailboxesPerServer: "Worst failure: mailboxes on the busiest server",
  worstTargetIops: "Worst failure: IOPS on the busiest server",
  pageFileGB: "Page file a server (GB)",
  databases: "Databases",
  mailboxesPerDatabase: "Mailboxes per database",
  coresBasis: "What the cores assume",
});

/** A cell of the Compare sheet: a number, text, or empty. */
type SheetValue = number | string | null;

/** The Compare sheet's rows: a label and a value per design; `heading` rows start a section. */
export function compareSheetRows(rows: readonly CompareDesign[]): Array<{ label: string; heading?: boolean; format?: string; values: SheetValue[] }> {
  const inputValue = (v: unknown): SheetValue => (v === "" || v === undefined ? null : (v as number | string));
  const keys = Object.keys(OUTPUT_DIGITS) as OutputKey[];
  return [
    { label: "Design", values: rows.map((_, i) => i + 1) },
    { label: "Inputs", heading: true, values: [] },
    ...inputOptions().map((o) => ({ label: `${o.label} (${o.option})`, values: rows.map((r) => inputValue(r.inputs[o.key])) })),
    { label: "The design", heading: true, values: [] },
    { label: "Cannot be built because", values: rows.map((r) => ("problems" in r ? r.problems.join("; ") : null)) },
    { label: "Sized by the method", values: rows.map((r) => ("problems" in r ? null : r.method)) },
    ...keys.map((key) => ({
      label: OUTPUT_LABELS[key],
      ...(OUTPUT_DIGITS[key] !== undefined ? { format: OUTPUT_DIGITS[key] === 0 ? "#,##0" : "#,##0.00" } : {}),
      values: rows.map((r) => ("problems" in r ? null : r.outputs[key])),
    })),
  ];
}

/**
 * The numeric output row whose designs differ the most, relative to its largest value (ties: the
 * first, the Summary's order); undefined when no figure changes.
 */
export function mostChangedFigure(layout: ReturnType<typeof compareSheetRows>): { label: string; values: Array<number | null> } | undefined {
  const outputs = new Set(Object.values(OUTPUT_LABELS));
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

export interface LiveCompareOptions {
  /** The revision date, ISO, on each design's Summary and page footers. */
  revised: string;
  /** Each design's sheet suffix ("" → Inputs, " 3" → Inputs 3); by default design 1 "", design k " k". */
  suffixes?: readonly string[];
  /** The Compare sheet's name: "Compare" by default ("Compare 2" where the pane finds one there). */
  sheetName?: string;
}

/**
 * The live Compare workbook's model: every sized design's own sheets, as `exsize design` writes them
 * (each under its suffix), and a Compare sheet whose cells are formulas over them — each input its
 * design's Inputs cell, each output its Summary cell (databases and the method: its Design sheet) —
 * so editing a design's inputs recalculates its column. Two outputs no sheet shows
 * (mailboxesPerDatabase, coresBasis) and a refused design's column (which says why) are values. A
 * last column says "differs" (live, highlighted) where a row's designs differ from design 1. Below
 * the table, the figure that changes most, a cell a design reading its row, drawn as bars.
 */
export function liveCompareModel(designs: readonly CompareDesign[], options: LiveCompareOptions): WorkbookModel {
  const suffixOf = (d: number) => options.suffixes?.[d] ?? defaultDesignSuffix(d);
  const sheetName = options.sheetName ?? "Compare";
  const models = designs.map((row, d) => ("problems" in row ? undefined : referenceDesign({ inputs: row.inputs, suffix: suffixOf(d), revised: options.revised })));
  const at = (sheet: string, address: string) => `${sheetReference(sheet)}!$${address.replace(/(\d+)$/, "$$$1")}`;
  const layout = compareSheetRows(designs);
  const outputKeys = Object.keys(OUTPUT_DIGITS) as OutputKey[];
  const inputKeys = inputOptions().map((o) => o.key);
  const first = 5;
  const marker = columnLetters(designs.length + 2);
  const defaultNames = designs.every((_, d) => suffixOf(d) === defaultDesignSuffix(d));
  const where = defaultNames
    ? "Summary, Inputs, … for design 1; Summary 2, Inputs 2, … for design 2"
    : designs
        .map((_, d) => (models[d] ? `design ${d + 1}: ${templateSheetNames(suffixOf(d)).inputs}` : undefined))
        .filter((w) => w !== undefined)
        .join("; ");
  const cells: CellModel[] = [
    { address: "A1", value: "Designs compared", role: "title" },
    { address: "A2", value: `${designs.length} designs, each column formulas over its own sheets (${where}): edit a design's inputs there and its column recalculates.`, role: "note" },
    { address: `${marker}${first - 1}`, value: "Differs from design 1", role: "heading" },
  ];
  const rowOfLabel = new Map<string, number>();
  layout.forEach((row, i) => {
    const r = first - 1 + i;
    rowOfLabel.set(row.label, r);
    cells.push({ address: `A${r}`, value: row.label, role: row.heading || i === 0 ? "heading" : "label" });
    if (row.heading) return;
    const inputKey = i >= 2 && i < 2 + inputKeys.length ? inputKeys[i - 2] : undefined;
    const outputKey = i >= layout.length - outputKeys.length ? outputKeys[i - (layout.length - outputKeys.length)] : undefined;
    row.values.forEach((value, d) => {
      const address = `${columnLetters(d + 2)}${r}`;
      const model = models[d];
      const names = templateSheetNames(suffixOf(d));
      const constant = (): CellModel | undefined => (value === null ? undefined : { address, value, ...(row.format ? { numberFormat: row.format } : {}), role: i === 0 ? "heading" : "output" });
      let formula: string | undefined;
      if (model && inputKey !== undefined) {
        const ref = at(names.inputs, INPUT_CELLS[inputKey]);
        // An empty cell shows empty, not 0; LEN, not ref="", since LibreOffice takes 0="" as TRUE.
        formula = `=IF(LEN(${ref})=0,"",${ref})`;
      } else if (model && row.label === "Sized by the method") formula = `=${at(names.design, DESIGN_CELLS.methodUsed)}`;
      else if (model && outputKey === "databases") formula = `=${at(names.design, DESIGN_CELLS.databasesDeployed)}`;
      else if (model && outputKey !== undefined && outputKey in SUMMARY_CELLS) formula = `=${at(names.summary, SUMMARY_CELLS[outputKey as keyof typeof SUMMARY_CELLS])}`;
      const cell = formula !== undefined ? { address, formula, ...(row.format ? { numberFormat: row.format } : {}), role: "output" as const } : constant();
      if (cell) cells.push(cell);
    });
    if (i > 0 && designs.length > 1) {
      const col = (d: number) => `${columnLetters(d + 2)}${r}`;
      cells.push({ address: `${marker}${r}`, formula: `=IF(OR(${designs.slice(1).map((_, d) => `${col(d + 1)}<>${col(0)}`).join(",")}),"${DIFFERS}","")`, role: "step" });
    }
  });
  const last = first - 2 + layout.length;
  // The figure that changes most (chosen by the designs as sized), below the table: a row a design, each
  // cell reading its design's column, so the bars follow an edited design; a refused design's stays empty.
  const charts: ChartModel[] = [];
  const most = mostChangedFigure(layout);
  if (most !== undefined) {
    const top = last + 4;
    const figureRow = rowOfLabel.get(most.label)!;
    const format = layout.find((row) => row.label === most.label)?.format;
    cells.push({ address: `A${top - 1}`, value: `The figure that changes most: ${most.label}`, role: "heading" });
    cells.push({ address: `A${top}`, value: "Design", role: "label" }, { address: `B${top}`, value: most.label, role: "label" });
    most.values.forEach((value, d) => {
      cells.push({ address: `A${top + 1 + d}`, value: `Design ${d + 1}`, role: "label" });
      if (value !== null) cells.push({ address: `B${top + 1 + d}`, formula: `=${columnLetters(d + 2)}${figureRow}`, ...(format ? { numberFormat: format } : {}), role: "output" });
    });
    const rowsTall = Math.min(40, Math.max(10, most.values.length * 2 + 4));
    charts.push({
      sheet: sheetName,
      title: most.label,
      type: "barClustered",
      source: `A${top}:B${top + most.values.length}`,
      // Below the table, from column A: beside it would sit on the designs' columns.
      from: `A${top + most.values.length + 2}`,
      to: `${columnLetters(Math.max(3, Math.min(designs.length + 1, 10)))}${top + most.values.length + 2 + rowsTall}`,
    });
  }
  const compare: SheetModel = {
    name: sheetName,
    columnWidths: [46, ...designs.map(() => 16), 20],
    frozenRows: first - 1,
    cells,
    highlights: [{ range: `${marker}${first}:${marker}${last}`, text: DIFFERS, tone: "bad" }],
  };
  const sized = models.filter((m) => m !== undefined);
  return {
    ...(sized[0] ?? { charts: [] }),
    title: "Designs compared",
    sheets: [compare, ...sized.flatMap((m) => m.sheets)],
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
