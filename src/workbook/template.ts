/**
 * The reference-design workbook, described once as a WorkbookModel (issues 3, 4 and 7): a Summary
 * that opens on the answer, an Inputs sheet the user edits, a Design sheet of live formulas over it,
 * Resilience, Jetstress and Hardware sheets, and the Sources. Both writers (Office.js in the
 * taskpane, exceljs in the CLI) put this same model into a workbook.
 *
 * Every cell that calls an EXSIZE function also carries `native`: the same quantity in Excel's own
 * functions (src/engine/excel-formulas.ts), which the customer copy holds instead, so a customer
 * without the add-in who edits an input sees every output follow.
 *
 * Defaults are the 5,000-user DAG design of 000_72e1ddb9bbd1ecac.txt, 3.4.2 (SIZING.md section 6).
 * Every formula is generated here from the sheet and name builders, so a `suffix` moves all of them.
 * Cells cite papers by publisher and title (src/engine/papers.ts), never by seed file name.
 */
import type { FactorName } from "../engine";
import { cite, PAPERS, type PaperKey } from "../engine/papers";
import { designCheckFormula } from "./design-check";
import { distributionPreferenceHighlights, distributionSheet } from "./sheets/distribution";
import { methodsSheet, microsoftCell } from "./sheets/methods";
import { tierNames } from "./sheets/tiers";
import { DESIGN_CELLS, DESIGN_HEADER_ROW, buildDesign } from "./sheets/design";
import { buildHardware, candidateColumns, diskClassNameRange } from "./sheets/hardware";
import { buildJetstress } from "./sheets/jetstress";
import { RESILIENCE_CELLS, RESILIENCE_FIRST_ROW, RESILIENCE_LAST_ROW, buildResilience } from "./sheets/resilience";
import { DESIGN_CHECK_CELL, FACTOR_CELLS, FIRST_FACTOR_ROW, INPUT_CELLS, INPUT_NAMES, INPUT_ROWS, INPUTS_LAYOUT, LAST_FACTOR_ROW, TIERS, buildInputs, checkHighlights } from "./sheets/inputs";
import {
  BASE_SHEETS,
  DELL,
  EMC,
  ESRP_2013,
  ESRP_2016,
  FORMAT,
  VMWARE,
  absolute,
  column,
  header,
  landscape,
  nameSuffix,
  portrait,
  sectionHeading,
  sheetReference,
  templateSheetNames,
  textRow,
  titleAndNote,
  wrapText,
  type DesignOutput,
  type NameKey,
  type References,
  type TemplateSheet,
} from "./sheets/shared";
import type { CellModel, DefinedName, SheetModel, WorkbookModel } from "./model";

// The inputs and their defaults are the engine's (src/engine/design/inputs.ts): one record for every edge.
import { DEFAULT_SERVER, REFERENCE_DESIGN_INPUTS, type HeadlineInputs, type WorkbookInputs } from "../engine/design";
export { REFERENCE_DESIGN_INPUTS, REFERENCE_INPUTS, type DesignInputs, type HeadlineInputs, type MethodsInputValues, type WorkbookInputs } from "../engine/design";
export { nameSuffix, sheetReference, templateSheetNames, type DesignOutput, type TemplateSheet } from "./sheets/shared";
export { DESIGN_CHECK_CELL, DESIGN_INPUT_ROWS, FACTOR_CELLS, FACTOR_INPUT_ROWS, INPUT_CELLS, INPUT_NAMES } from "./sheets/inputs";
export { DESIGN_CELLS } from "./sheets/design";
export { HARDWARE_CELLS } from "./sheets/hardware";
export { JETSTRESS_CELLS } from "./sheets/jetstress";
export { NOT_SURVIVABLE, RESILIENCE_CELLS } from "./sheets/resilience";

export interface ReferenceDesignOptions {
  inputs?: Partial<WorkbookInputs>;
  /** Appended to every sheet name (" 2" → "Inputs 2") and, made name-safe, to every defined name ("Users_2"). */
  suffix?: string;
  /** The design's name, printed in page headers. */
  title?: string;
}

/**
 * The cell of the Summary sheet that says what the workbook is: the live design, or the customer
 * copy's stamp (when and from which inputs it was prepared). Sheet name without suffix.
 */
export const STAMP_CELL: Readonly<{ sheet: string; address: string }> = Object.freeze({
  sheet: BASE_SHEETS.summary,
  address: "A3",
});

// ---------------------------------------------------------------------------------------------
// Sources sheet: the papers in full, what each output takes from which, and the errata in plain words.

/**
 * SIZING.md section 7 (and E6, README), said as a reader can follow it: where a paper contradicts
 * itself, and what this workbook does. Each checked against its paper: E1 000_72e1ddb9bbd1ecac.txt
 * Table 14 step 5 ("DBS (MB) = NU * MBU * 1.2 … a 20% overhead factor") vs Table 18 ("5000 x 2356");
 * E2 Table 15 step 6 ("LVS (MB) = TLC * 3 * 1.2") vs Table 19 ("12510 x 1.1 x 3 x 1.2 / 1024");
 * E3 001_0443ed4d42832f8c.txt, IOPS requirements ("2,376 / 140 = 16 disks", "1,512 / 140 = 10",
 * "1,512 / 65 = 22"); E5 the same ("5,000 users * .18 = 900 + 20% = 1,080 IOPS", .18 "includes 20%
 * headroom"); E6 002_65f0dd5fd4776492.txt 4.1 and Table 7 (4,166; 2,083), 6.2.1 (target 504), 4.2 and
 * 5.2 (503). E4 is withdrawn: 000 prints 9, 12, 18 and 21 MB of cache consistently (2.2); the 6 MB is
 * 003's memory rule, another quantity.
 */
const ERRATA: ReadonlyArray<[string, string, string]> = [
  ["E1", DELL("Tables 14 and 18"), "The process multiplies the total database size by 1.2, \"a 20% overhead factor\"; the worked example does not (5,000 mailboxes of 2,356 MB: 11,505 GB). The workbook follows the worked example (growth 1.0) so the reference design matches it; set growth to 1.2 on the Inputs sheet to apply the process."],
  ["E2", DELL("Tables 15 and 19"), "The process sizes a log volume as TLC × 3 × 1.2; the worked example multiplies by 1.1 as well, for 10% of mailboxes moved within the truncation window (48 GB). The workbook applies it (moveFactor 1.1)."],
  ["E3", EMC("IOPS requirements"), "The paper rounds its disk counts down: 2,376 / 140 printed as 16 disks (16.97), 1,512 / 140 as 10 (10.8), 1,512 / 65 as 22 (23.26). The workbook always rounds up (17; 12 in mirrored pairs; 24): a design is never short of disks."],
  ["E5", EMC("IOPS requirements"), "The 0.18 IOPS per user already includes 20% headroom, yet the paper adds 20% again (1,080 IOPS). The workbook applies headroom once (900 IOPS); its spindle counts reproduce the paper's from the paper's 1,080."],
  ["E6", ESRP_2013("4.1, 4.2, 6.2.1"), "The paper puts 12,500 mailboxes on 3 servers as 4,166 each (12,500 / 3 is 4,166.7) and its Jetstress reports target 504 IOPS; its text gives the calculator's 503. The workbook rounds the busiest server up (4,167) and the target up: 505 at 0.121 IOPS per mailbox, 503 at the calculator's 0.1206."],
];

const PAPER_ORDER: readonly PaperKey[] = ["dell", "emc", "esrp2013", "vmware", "esrp2016"];

function buildSources(sheet: string): SheetModel {
  const cells: CellModel[] = [
    ...titleAndNote("Sources: the papers behind the methods and the reference numbers", "Each output cites its paper and table on the Design sheet; the papers in full:"),
    ...header(4, ["Paper", "Publisher", "Title", "Year"]),
  ];
  PAPER_ORDER.forEach((key, i) => {
    const p = PAPERS[key] as { publisher: string; title: string; year?: string; short: string };
    cells.push(...textRow(5 + i, [p.short, p.publisher, p.title, p.year ?? "not printed"], ["label", "note", "note", "note"]));
  });
  const outputsHeading = 5 + PAPER_ORDER.length + 1;
  cells.push(...sectionHeading(outputsHeading, "What each output takes from which paper", 4), ...header(outputsHeading + 1, ["Output", "Paper and where", "Reference value", ""]));
  const rows: Array<[string, string, string]> = [
    ["Database capacity: WSU, DSU, MBU, DBS, DB, IDBS, DVS", DELL("Table 14 (process), Table 18 (worked example)"), "12 databases of 959 GB on 1,266 GB volumes"],
    ["Log capacity: NL, MSF, NDB, TLC, LVS", DELL("Table 15 (process), Table 19 (worked example)"), "12 log volumes of 48 GB"],
    ["Capacity of all volumes", DELL("3.4.2"), "15,768 GB"],
    ["Database IOPS", DELL("Table 16 and 3.4.2"), "900 IOPS"],
    ["Log IOPS", DELL("Table 17"), "378 IOPS with 2 copies"],
    ["IOPS per user, Exchange 2013 and later", `${ESRP_2013("calculator profile")}; ${ESRP_2016("Figure 6")}`, "0.121 at 150 messages"],
    ["Spindles", EMC("Phase 2; storage requirements calculated"), "17 / 12 / 24 disks at 1,080 IOPS (errata E3, E5)"],
    ["Arrays", DELL("3.4.1, Tables 12-13, 3.4.2"), "two PS6500E arrays with 500GB drives"],
    ["Resilience: active mailboxes per surviving server", `${ESRP_2013("4.1")}; ${ESRP_2016("4.1")}`, "4,166 (erratum E6); 1,086"],
    ["Resilience: target IOPS per server", `${ESRP_2013("4.2")}; ${ESRP_2016("6.2.1")}`, "503-504; 132"],
    ["Resilience: cores and memory", VMWARE("user and resource sizing"), "4,000 users: 4 vCPUs, 28 GB"],
    ["Jetstress pass criteria", `${DELL("3.1.3")}; the ESRPs' section 6.2`, "reads ≤ 20 ms, log writes ≤ 10 ms, spikes ≤ 100 ms"],
    ["Hardware: disk classes", EMC("Phase 2"), "140 IOPS (10K), 65 IOPS (7.2K); 15K: 180 from Microsoft's calculator"],
  ];
  rows.forEach((values, i) => cells.push(...textRow(outputsHeading + 2 + i, values, ["label", "source", "note"])));
  const errataHeading = outputsHeading + 2 + rows.length + 1;
  cells.push(
    ...sectionHeading(errataHeading, "Errata: where a paper contradicts itself, and what this workbook does", 4),
    ...header(errataHeading + 1, ["Erratum", "Paper and where", "What the paper does, and what the workbook does", ""]),
  );
  ERRATA.forEach((values, i) => cells.push(...textRow(errataHeading + 2 + i, values, ["label", "source", "note"])));
  return { name: sheet, columnWidths: [40, 44, 80, 12], frozenRows: 2, print: landscape(2), cells };
}

// ---------------------------------------------------------------------------------------------
// Summary sheet: the design at a glance, one printed page, live over the other sheets (issue 7).

/** Where the Summary says which method sized the design, in words (below the inputs line). */
export const SUMMARY_METHOD_CELL = "A7";

/** Where the Summary's answers sit, for tests and the pane's read-back. */
export const SUMMARY_CELLS = Object.freeze({
  inputs: "A6",
  databaseVolumes: "B9",
  databaseVolumeGB: "C9",
  logVolumes: "B10",
  logVolumeGB: "C10",
  capacityPerCopyGB: "B11",
  capacityAllCopiesGB: "C11",
  volumesGB: "D11",
  databaseIops: "B12",
  dagDatabaseIops: "C12",
  logIops: "B13",
  arrays: "B14",
  arrayModel: "C14",
  arraysPerCopy: "D14",
  spindles: "B15",
  spindleRaid: "C15",
  spindleDisk: "D15",
  servers: "B16",
  coresPerServer: "C16",
  memoryPerServerGB: "D16",
  worstFailure: "B17",
  worstMailboxesPerServer: "C17",
  worstTargetIops: "D17",
});

const SUMMARY_WIDTH = 5;

function buildSummary(sheets: Record<TemplateSheet, string>, names: Record<NameKey, string>): SheetModel {
  const design = (key: DesignOutput) => `${sheetReference(sheets.design)}!${absolute(DESIGN_CELLS[key])}`;
  const scenarioColumn = (col: string) =>
    `${sheetReference(sheets.resilience)}!$${col}$${RESILIENCE_FIRST_ROW}:$${col}$${RESILIENCE_LAST_ROW}`;
  // The worst survivable failure: the highest key, the more severe scenario on a tie (the last), as sizeDesign picks.
  const keys = scenarioColumn(RESILIENCE_CELLS.worstKey);
  const keyAt = (r: number) => `${sheetReference(sheets.resilience)}!$${RESILIENCE_CELLS.worstKey}$${r}`;
  let worst = "1";
  for (let r = RESILIENCE_FIRST_ROW + 1; r <= RESILIENCE_LAST_ROW; r++) worst = `IF(${keyAt(r)}=MAX(${keys}),${r - RESILIENCE_FIRST_ROW + 1},${worst})`;
  worst = `IF(MAX(${keys})<0,NA(),${worst})`;
  const n = names;
  // The inputs in one line, with Excel's own "&" (numbers print as General, in every program).
  const inputsLine =
    `=${n.users}&" users · "&${n.quotaMB}&" MB quota · "&${n.messagesPerDay}&" messages a day of "&${n.messageKB}&" KB · "` +
    `&${n.copies}&IF(${n.copies}=1," copy"," copies")&" · databases up to "&${n.maxDatabaseGB}&" GB · Exchange "&${n.exchangeVersion}` +
    `&" · "&${n.serversSite1}&IF(${n.serversSite2}="",""," + "&${n.serversSite2})&" servers, "&${n.dagLayout}`;
  const cells: CellModel[] = [
    { address: "A1", value: "Exchange mailbox storage design: summary", role: "title" },
    { address: "A2", value: "The design at a glance. Every number follows the Inputs sheet; the Design sheet shows each step and its source.", role: "note" },
    { address: STAMP_CELL.address, value: "Live design, calculated by the EXSIZE add-in from the Inputs sheet.", role: "note" },
    { address: DESIGN_CHECK_CELL.summary, formula: `=${sheetReference(sheets.inputs)}!$A$3`, role: "output" },
    ...sectionHeading(5, "Inputs", SUMMARY_WIDTH),
    { address: SUMMARY_CELLS.inputs, formula: inputsLine, role: "output" },
    {
      address: SUMMARY_METHOD_CELL,
      formula: `=IF(${design("methodUsed")}="microsoft","Sized by Microsoft's method (${cite("microsoft")}), the papers' beside it on the Methods sheet","Sized by Dell's process (${cite("dell")}), Microsoft's beside it on the Methods sheet")`,
      role: "note",
    },
    ...sectionHeading(8, "The design", SUMMARY_WIDTH),
  ];
  type Entry = { formula: string; format?: string } | undefined;
  const row = (label: string, at: string, values: Entry[]): void => {
    const r = Number(at.slice(1));
    cells.push({ address: `A${r}`, value: label, role: "label" });
    values.forEach((v, i) => {
      if (!v) return;
      cells.push({
        address: `${column(i + 1)}${r}`,
        formula: v.formula,
        ...(v.format ? { numberFormat: v.format } : {}),
        role: i === 0 ? "output" : "step",
        align: i === 0 ? "right" : "left",
      });
    });
  };
  const S = SUMMARY_CELLS;
  row("Database volumes", S.databaseVolumes, [{ formula: `=${design("databasesDeployed")}`, format: FORMAT.volumes }, { formula: `=${design("answerDatabaseVolumeGB")}`, format: '"× "#,##0" GB"' }]);
  row("Log volumes", S.logVolumes, [{ formula: `=${design("databasesDeployed")}`, format: FORMAT.volumes }, { formula: `=${design("answerLogVolumeGB")}`, format: '"× "#,##0" GB"' }]);
  row("Capacity per copy", S.capacityPerCopyGB, [
    { formula: `=${design("answerCapacityGB")}`, format: FORMAT.gb },
    { formula: `=${design("answerCapacityGB")}*${n.copies}`, format: '#,##0" GB, all copies"' },
    { formula: `=${design("answerVolumesGB")}`, format: '#,##0" GB in volumes"' },
  ]);
  row("Database IOPS", S.databaseIops, [{ formula: `=${design("answerDatabaseIops")}`, format: FORMAT.iops }, { formula: `=${design("answerDagIops")}`, format: '#,##0" IOPS, every copy"' }]);
  row("Log IOPS", S.logIops, [{ formula: `=${design("answerLogIops")}`, format: FORMAT.iops }]);
  row("Arrays", S.arrays, [{ formula: `=${design("arrays")}`, format: FORMAT.arrays }, { formula: `=${design("arrayModel")}` }, { formula: `=${design("arraysPerCopy")}`, format: '0" per copy"' }]);
  row("Spindles, your RAID level and disk", S.spindles, [{ formula: `=${design("spindlesChosen")}`, format: FORMAT.disks }, { formula: `=${n.spindleRaid}&""` }, { formula: `=${n.spindleDisk}&""`, format: '@" disks"' }]);
  row("Mailbox servers", S.servers, [
    { formula: `=SUM(${n.servers})`, format: FORMAT.servers },
    { formula: `=${design("answerCores")}`, format: '0" cores each"' },
    { formula: `=${design("answerMemoryGB")}`, format: '0" GB memory each"' },
    // What the cores assume: never "—" (issue 15).
    {
      formula: `=IF(${design("methodUsed")}="microsoft",IF(${n.specIntRate}>0,"cores for "&${n.coresPerServer}&"-core servers rated "&${n.specIntRate}&" SPECint2006","cores on ${DEFAULT_SERVER.name}"),"cores by VMware's mailboxes a core (the factors on Inputs)")`,
    },
  ]);
  row("Worst survivable failure", S.worstFailure, [
    { formula: `=IFERROR(INDEX(${scenarioColumn(RESILIENCE_CELLS.whatFails)},${worst}),"${NONE_SURVIVABLE}")` },
    { formula: `=IFERROR(INDEX(${scenarioColumn(RESILIENCE_CELLS.activeMailboxes)},${worst}),"")`, format: '#,##0" mailboxes a server"' },
    { formula: `=IFERROR(INDEX(${scenarioColumn(RESILIENCE_CELLS.targetIops)},${worst}),"")`, format: '#,##0" IOPS a server"' },
  ]);
  const methods = 19;
  cells.push(
    ...sectionHeading(methods, "Methods (full titles and errata on the Sources sheet)", SUMMARY_WIDTH),
    ...textRow(methods + 1, ["Capacity, IOPS, arrays", DELL()], ["label", "source"]),
    ...textRow(methods + 2, ["Spindles", EMC()], ["label", "source"]),
    ...textRow(methods + 3, ["IOPS from Exchange 2013, failures", `${ESRP_2013()}; ${ESRP_2016()}`], ["label", "source"]),
    ...textRow(methods + 4, ["Server cores and memory", VMWARE()], ["label", "source"]),
  );
  return {
    name: sheets.summary,
    columnWidths: [32, 18, 26, 26, 30],
    gridlines: false,
    print: portrait(1),
    highlights: [{ range: S.worstFailure, text: NONE_SURVIVABLE, tone: "bad" }, ...checkHighlights(DESIGN_CHECK_CELL.summary)],
    cells,
  };
}

const NONE_SURVIVABLE = "none survivable";

/**
 * Database rows the Distribution sheet lays out: the reference design's 12 and 004's 336 fit; a DAG
 * with more databases is said so on the sheet (its scenario figures still come from the layout).
 */
const DISTRIBUTION_ROWS = 120;

/** The Distribution grid coloured by activation preference, as Microsoft's calculator colours it. */
function withPreferenceColours(sheet: SheetModel): SheetModel {
  return { ...sheet, highlights: [...(sheet.highlights ?? []), ...distributionPreferenceHighlights({ rows: DISTRIBUTION_ROWS })] };
}

/** Columns whose text wraps within the column on each sheet (below its header), so it prints one page wide. */
const WRAPPED_COLUMNS: Readonly<Record<TemplateSheet, readonly string[]>> = {
  summary: [],
  inputs: ["C", "D"],
  design: ["D", "E"],
  methods: ["F"],
  resilience: ["B"],
  distribution: [],
  jetstress: ["I"],
  hardware: [],
  sources: ["A", "B", "C"],
};

// ---------------------------------------------------------------------------------------------

/** The full set of input values of a design, the given ones merged over the reference design. */
function inputValues(inputs: Partial<WorkbookInputs> = {}): WorkbookInputs {
  const given = Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined));
  return { ...REFERENCE_DESIGN_INPUTS, ...given };
}

/**
 * The reference-design workbook: the 5,000-user DAG of 000_72e1ddb9bbd1ecac.txt 3.4.2 by default,
 * or with the user's numbers. `suffix` names a second copy that leaves the first untouched.
 */
export function referenceDesign(options: ReferenceDesignOptions = {}): WorkbookModel {
  const suffix = options.suffix ?? "";
  const sheets = templateSheetNames(suffix);
  const tail = nameSuffix(suffix);
  const names = Object.fromEntries(Object.entries(INPUT_NAMES).map(([key, name]) => [key, name + tail])) as Record<NameKey, string>;
  const inputsRef = sheetReference(sheets.inputs);
  const factor = (name: FactorName) => `${inputsRef}!${absolute(FACTOR_CELLS[name])}`;
  const ref: References = {
    input: (key) => names[key],
    factor,
    output: (key) => DESIGN_CELLS[key],
    candidates: candidateColumns(sheets.hardware),
    microsoft: (key) => `${sheetReference(sheets.methods)}!${microsoftCell(key)}`,
    vmware: (result) => `${sheetReference(sheets.resilience)}!${absolute(result === "cores" ? RESILIENCE_CELLS.designCores : RESILIENCE_CELLS.designMemoryGB)}`,
    dag: { serversFirstSite: names.serversSite1, serversSecondSite: names.serversSite2, copies: names.copies, layout: names.dagLayout },
  };
  const check = designCheckFormula({
    users: names.users,
    quotaMB: names.quotaMB,
    messagesPerDay: names.messagesPerDay,
    messageKB: names.messageKB,
    maxDatabaseGB: names.maxDatabaseGB,
    copies: names.copies,
    serversSite1: names.serversSite1,
    serversSite2: names.serversSite2,
    dagLayout: names.dagLayout,
    method: names.method,
    exchangeVersion: names.exchangeVersion,
    factor,
  });
  const diskClassNames = diskClassNameRange(sheets.hardware);
  const inputs = buildInputs(sheets.inputs, inputValues(options.inputs), check, diskClassNames);
  const { sheet: design, chart } = buildDesign(sheets.design, ref);
  const hardware = buildHardware(sheets.hardware, sheets.design, names);
  const definedNames: DefinedName[] = [
    ...INPUT_ROWS.map((row) => ({
      name: names[row.key],
      sheet: sheets.inputs,
      range: absolute(INPUT_CELLS[row.key]),
      comment: row.label,
    })),
    {
      name: names.factors,
      sheet: sheets.inputs,
      range: `$A$${FIRST_FACTOR_ROW}:$B$${LAST_FACTOR_ROW}`,
      comment: "Factor names and values, read by every EXSIZE function",
    },
    {
      name: names.servers,
      sheet: sheets.inputs,
      range: `${absolute(INPUT_CELLS.serversSite1)}:${absolute(INPUT_CELLS.serversSite2)}`,
      comment: "Mailbox servers in each site",
    },
    { name: names.arrayCatalog, sheet: sheets.hardware, range: hardware.arrayCatalog, comment: "Your arrays" },
    { name: names.diskClasses, sheet: sheets.hardware, range: hardware.diskClasses, comment: "Disk classes" },
    ...TIERS.names(sheets.inputs, tail),
  ];
  const resilience = buildResilience(sheets.resilience, sheets.design, names, factor);
  const designRef = (key: DesignOutput) => `${sheetReference(sheets.design)}!${absolute(DESIGN_CELLS[key])}`;
  const resilienceRef = (cell: string) => `${sheetReference(sheets.resilience)}!${absolute(cell)}`;
  const methods = methodsSheet({
    sheetName: sheets.methods,
    tiers: tierNames(tail),
    names: {
      users: names.users,
      quotaMB: names.quotaMB,
      messagesPerDay: names.messagesPerDay,
      messageKB: names.messageKB,
      copies: names.copies,
      serversFirstSite: names.serversSite1,
      serversSecondSite: names.serversSite2,
      archiveMB: names.archiveMB,
      specIntRate: names.specIntRate,
      coresPerServer: names.coresPerServer,
      peakHourLogShare: names.peakHourLogShare,
      dagLayout: names.dagLayout,
    },
    // The papers' figures beside Microsoft's: the Design and Resilience cells that hold them.
    design: (key) =>
      ({
        mailboxMB: designRef("mailboxOnDiskMB"),
        logsPerUser: designRef("logFilesPerUserPerDay"),
        iopsPerUser: designRef("iopsPerUser"),
        databases: designRef("dellDatabases"),
        databaseGB: designRef("databaseGB"),
        databaseIops: designRef("databaseIops"),
        dagIops: designRef("dagDatabaseIops"),
        logIops: designRef("logIops"),
        serverMemoryGB: resilienceRef(RESILIENCE_CELLS.designMemoryGB),
        serverCores: resilienceRef(RESILIENCE_CELLS.designCores),
      })[key as string],
  });
  const jetstress = buildJetstress(sheets.jetstress, sheets.resilience);
  return {
    title: options.title ?? "Exchange mailbox storage design",
    font: { name: "Calibri", size: 11 },
    sheets: [
      buildSummary(sheets, names),
      wrapText(inputs, WRAPPED_COLUMNS.inputs, INPUTS_LAYOUT.profileHeader),
      wrapText(design, WRAPPED_COLUMNS.design, DESIGN_HEADER_ROW),
      wrapText(methods, WRAPPED_COLUMNS.methods, 4),
      wrapText(resilience, WRAPPED_COLUMNS.resilience, 4),
      withPreferenceColours(
        distributionSheet({
          sheetName: sheets.distribution,
          names: { users: names.users, serversFirstSite: names.serversSite1, serversSecondSite: names.serversSite2, copies: names.copies, dagLayout: names.dagLayout },
          databases: resilienceRef(RESILIENCE_CELLS.databases),
          rows: DISTRIBUTION_ROWS,
        }),
      ),
      wrapText(jetstress, WRAPPED_COLUMNS.jetstress, 4),
      hardware.sheet,
      wrapText(buildSources(sheets.sources), WRAPPED_COLUMNS.sources, 4),
    ],
    names: definedNames,
    charts: [chart],
  };
}

/**
 * The text of the customer copy's stamp: when it was prepared and from which inputs.
 * `preparedOn` is an ISO date (2025-01-31).
 */
export function customerCopyStamp(inputs: HeadlineInputs, preparedOn: string): string {
  const n = (x: number) => x.toLocaleString("en-US", { maximumFractionDigits: 6 });
  // One line that fits the Summary's width; the inputs it was prepared from, and that it needs no add-in.
  return (
    `Customer copy of ${preparedOn}, prepared for ${n(inputs.users)} users, ${n(inputs.quotaMB)} MB quota, ` +
    `${n(inputs.messagesPerDay)} messages a day of ${n(inputs.messageKB)} KB, ${n(inputs.copies)} ${inputs.copies === 1 ? "copy" : "copies"}. Needs no add-in.`
  );
}
