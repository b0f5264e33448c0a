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
import { DISK_CLASS_IOPS, EQUALLOGIC_CATALOGUE, JETSTRESS_THRESHOLDS, type FactorName } from "../engine";
import { arraysPerCopyFormula, failoverFormula, jetstressFormula, serverFormula, type FailoverResult, type FailoverScenario } from "../engine/excel-formulas";
import { cite, PAPERS, type PaperKey } from "../engine/papers";
import { RAID_LEVELS } from "../engine/tables";
import { INPUT_PARAMETERS } from "../functions/worksheet";
import { designCheckFormula } from "./design-check";
import { distributionPreferenceHighlights, distributionSheet } from "./sheets/distribution";
import { methodsSheet, microsoftCell } from "./sheets/methods";
import { tierNames } from "./sheets/tiers";
import { DESIGN_CELLS, DESIGN_HEADER_ROW, buildDesign } from "./sheets/design";
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
  listRule,
  nameSuffix,
  numberRule,
  portrait,
  sectionHeading,
  sheetReference,
  templateSheetNames,
  textRow,
  titleAndNote,
  wrapText,
  type CandidateColumns,
  type DesignOutput,
  type NameKey,
  type References,
  type Rendered,
  type TemplateSheet,
} from "./sheets/shared";
import type { CellModel, DefinedName, Highlight, SheetModel, WorkbookModel } from "./model";

// The inputs and their defaults are the engine's (src/engine/design/inputs.ts): one record for every edge.
import { DEFAULT_SERVER, REFERENCE_DESIGN_INPUTS, type HeadlineInputs, type WorkbookInputs } from "../engine/design";
export { REFERENCE_DESIGN_INPUTS, REFERENCE_INPUTS, type DesignInputs, type HeadlineInputs, type MethodsInputValues, type WorkbookInputs } from "../engine/design";
export { nameSuffix, sheetReference, templateSheetNames, type DesignOutput, type TemplateSheet } from "./sheets/shared";
export { DESIGN_CHECK_CELL, DESIGN_INPUT_ROWS, FACTOR_CELLS, FACTOR_INPUT_ROWS, INPUT_CELLS, INPUT_NAMES } from "./sheets/inputs";
export { DESIGN_CELLS } from "./sheets/design";

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
// Resilience sheet: failure scenarios and the servers that carry them (issue 4).
// Columns: A scenario, B what fails, C surviving servers, D active mailboxes per server,
// E target IOPS per server, F cores, G memory, H source.

const SCENARIO_ROWS: ReadonlyArray<{ scenario: FailoverScenario; fails: string }> = [
  { scenario: "normal", fails: "Nothing: every server up" },
  { scenario: "server", fails: "One server" },
  { scenario: "site", fails: "A whole site (the worst one to lose)" },
  { scenario: "site+server", fails: "A site, then one more server" },
];
const RESILIENCE_FIRST_ROW = 5;
const RESILIENCE_LAST_ROW = RESILIENCE_FIRST_ROW + SCENARIO_ROWS.length - 1;
const RESILIENCE_SUMMARY_ROW = RESILIENCE_LAST_ROW + 2;
export const NOT_SURVIVABLE = "not survivable";
const NO_VALUE = "—";

/** Where the Resilience sheet's results sit: per scenario, and the worst survivable case. */
export const RESILIENCE_CELLS = Object.freeze({
  scenarioRow: Object.fromEntries(SCENARIO_ROWS.map((row, i) => [row.scenario, RESILIENCE_FIRST_ROW + i])) as Record<string, number>,
  firstRow: RESILIENCE_FIRST_ROW,
  lastRow: RESILIENCE_LAST_ROW,
  whatFails: "B",
  survivingServers: "C",
  /** Active databases on the busiest running server (004's activation table: 21 / 24 / 42 / 48). */
  activeDatabases: "D",
  activeMailboxes: "E",
  targetIops: "F",
  cores: "G",
  memoryGB: "H",
  /** A helper column off the page: each scenario's key for the worst failure (mailboxes, then IOPS). */
  worstKey: "J",
  /** The per-server IOPS target the storage must pass: the worst survivable scenario. */
  designTargetIops: `F${RESILIENCE_SUMMARY_ROW}`,
  designCores: `G${RESILIENCE_SUMMARY_ROW}`,
  designMemoryGB: `H${RESILIENCE_SUMMARY_ROW}`,
  /** Database IOPS per server in normal operation, every copy counted (004, Figure 6: 229). */
  normalIopsPerServer: `F${RESILIENCE_SUMMARY_ROW + 1}`,
  /** The DAG's databases: the design's count rounded up to a balanced one (docs/dag-layout.md). */
  databases: `F${RESILIENCE_SUMMARY_ROW + 2}`,
});

function buildResilience(sheet: string, designSheet: string, names: Record<NameKey, string>, factor: (name: FactorName) => string): SheetModel {
  const design = sheetReference(designSheet);
  const iopsPerMailbox = `${design}!${absolute(DESIGN_CELLS.answerIopsPerMailbox)}`;
  const databases = absolute(RESILIENCE_CELLS.databases);
  const dag = { serversFirstSite: names.serversSite1, serversSecondSite: names.serversSite2, copies: names.copies, layout: names.dagLayout };
  // EX_FAILOVER over the copy layout (src/engine/layout.ts, docs/dag-layout.md) of the DAG's databases.
  const failover = (scenario: FailoverScenario, perMailbox: string, result: FailoverResult, fallback: string): Rendered => ({
    formula: `=IFERROR(EXSIZE.EX_FAILOVER(${names.users},${names.servers},${names.copies},"${scenario}",${names.dagLayout},${perMailbox},"${result}",${databases}),"${fallback}")`,
    native: `=IFERROR(${failoverFormula(scenario, result, { ...dag, users: names.users, iopsPerMailbox: perMailbox === "" ? "0" : perMailbox, databases })},"${fallback}")`,
  });
  const server = (mailboxes: string, result: "cores" | "memory"): Rendered => ({
    formula: `=IFERROR(EXSIZE.EX_SERVER(${mailboxes},"${result}",${names.factors}),"${NO_VALUE}")`,
    native: `=IFERROR(${serverFormula(result, mailboxes, factor)},"${NO_VALUE}")`,
  });
  const source = `${ESRP_2013("4.1")} and ${ESRP_2016("4.1")}; servers, ${VMWARE()}`;
  const cells: CellModel[] = [
    ...titleAndNote(
      "Resilience: what the busiest running server carries when servers or a site fail",
      "Each database runs on its next copy by activation preference; each row is the busiest server of the worst failure of its kind. Not survivable: a database is left without a copy.",
    ),
    ...header(4, ["Scenario", "What fails", "Running servers", "Active databases", "Active mailboxes", "Target IOPS", "Cores", "Memory"]),
  ];
  const put = (address: string, rendered: Rendered, numberFormat: string): CellModel => ({
    address,
    formula: rendered.formula,
    ...(rendered.native ? { native: rendered.native } : {}),
    numberFormat,
    role: "output",
  });
  const C = RESILIENCE_CELLS;
  SCENARIO_ROWS.forEach((row, i) => {
    const r = RESILIENCE_FIRST_ROW + i;
    cells.push(
      { address: `A${r}`, value: row.scenario, role: "label" },
      { address: `${C.whatFails}${r}`, value: row.fails, role: "note" },
      put(`${C.survivingServers}${r}`, failover(row.scenario, "", "servers", NOT_SURVIVABLE), FORMAT.servers),
      put(`${C.activeDatabases}${r}`, failover(row.scenario, "", "databases", NOT_SURVIVABLE), FORMAT.databases),
      put(`${C.activeMailboxes}${r}`, failover(row.scenario, "", "mailboxes", NOT_SURVIVABLE), FORMAT.mailboxes),
      put(`${C.targetIops}${r}`, failover(row.scenario, iopsPerMailbox, "target", NO_VALUE), FORMAT.iops),
      put(`${C.cores}${r}`, server(`${C.activeMailboxes}${r}`, "cores"), FORMAT.cores),
      put(`${C.memoryGB}${r}`, server(`${C.activeMailboxes}${r}`, "memory"), FORMAT.gb),
    );
  });
  const s = RESILIENCE_SUMMARY_ROW;
  const span = (col: string) => `${col}${RESILIENCE_FIRST_ROW}:${col}${RESILIENCE_LAST_ROW}`;
  cells.push(
    // The heading's fill runs under its label (A-E); the answers beside it stay plain.
    ...sectionHeading(s, "Design for the worst survivable case", 4),
    { address: `E${s}`, value: "Worst case:", role: "heading" },
    { address: `F${s}`, formula: `=MAX(${span("F")})`, numberFormat: FORMAT.iops, role: "output" },
    { address: `G${s}`, formula: `=MAX(${span("G")})`, numberFormat: FORMAT.cores, role: "output" },
    { address: `H${s}`, formula: `=MAX(${span("H")})`, numberFormat: FORMAT.gb, role: "output" },
    { address: `A${s + 1}`, value: "Normal operation: database IOPS per server, every copy", role: "label" },
    {
      address: `F${s + 1}`,
      formula: `=${design}!${absolute(DESIGN_CELLS.answerDagIops)}/SUM(${names.servers})`,
      numberFormat: FORMAT.iops,
      role: "output",
    },
    { address: `A${s + 2}`, value: "Databases in the DAG: the design's count, balanced", role: "label" },
    { address: C.databases, formula: `=${design}!${absolute(DESIGN_CELLS.databasesDeployed)}`, numberFormat: FORMAT.databases, role: "output" },
    { address: `A${s + 4}`, value: `The worst case's target is what Jetstress must reach on every server (${ESRP_2013("6.2")}).`, role: "source" },
    { address: `A${s + 5}`, value: `Database IOPS per server is the calculator's per-server figure (${ESRP_2016("Figure 6")}: 3,666 / 16 = 229).`, role: "source" },
    { address: `A${s + 6}`, value: "The DAG's databases are rounded up so every server carries the same active databases in every failure, as Microsoft's calculator spreads them.", role: "source" },
    { address: `A${s + 7}`, value: `Failure scenarios: ${source}.`, role: "source" },
  );
  const highlights: Highlight[] = [{ range: `C${RESILIENCE_FIRST_ROW}:E${RESILIENCE_LAST_ROW}`, text: NOT_SURVIVABLE, tone: "bad" }];
  // Helper keys off the page: the worst failure is the most mailboxes on the busiest server, then
  // the most IOPS (sizeDesign's rule); not survivable is -1.
  const E = (r: number) => `${C.activeMailboxes}${r}`;
  const F = (r: number) => `${C.targetIops}${r}`;
  for (let r = RESILIENCE_FIRST_ROW; r <= RESILIENCE_LAST_ROW; r++) {
    cells.push({ address: `${C.worstKey}${r}`, formula: `=IF(ISNUMBER(${E(r)}),${E(r)}+IF(ISNUMBER(${F(r)}),${F(r)},0)/(1+MAX(${span(C.targetIops)})),-1)`, role: "step" });
  }
  return { name: sheet, columnWidths: [12, 30, 15, 15, 17, 13, 9, 9], frozenRows: 4, print: { ...landscape(1, "4:4"), area: `A1:H${s + 7}` }, highlights, cells };
}

// ---------------------------------------------------------------------------------------------
// Jetstress sheet: paste each server's results, see pass or fail (issue 4).

/** One row per DAG member: a DAG has at most 16 servers. */
const JETSTRESS_ROWS = 16;
const JETSTRESS_FIRST_ROW = 5;
const JETSTRESS_COLUMNS = ["Server", "Achieved IOPS", "Target IOPS", "DB read avg", "Log write avg", "DB read peak", "Log write peak", "Verdict", "Reason"] as const;

/** Where the Jetstress sheet's rows sit: `row(i)` for server i (0-based), columns by letter. */
export const JETSTRESS_CELLS = Object.freeze({
  row: (server: number) => JETSTRESS_FIRST_ROW + server,
  rows: JETSTRESS_ROWS,
  server: "A",
  achievedIops: "B",
  targetIops: "C",
  dbReadLatencyMs: "D",
  logWriteLatencyMs: "E",
  dbReadPeakMs: "F",
  logWritePeakMs: "G",
  verdict: "H",
  reason: "I",
});

function buildJetstress(sheet: string, resilienceSheet: string): SheetModel {
  const t = JETSTRESS_THRESHOLDS;
  const target = `${sheetReference(resilienceSheet)}!${absolute(RESILIENCE_CELLS.designTargetIops)}`;
  const cells: CellModel[] = [
    ...titleAndNote(
      "Jetstress validation: paste each server's results",
      `Pass: achieved IOPS at least the target; database reads at most ${t.databaseReadLatencyMs} ms and log writes at most ${t.logWriteLatencyMs} ms on average; peaks at most ${t.spikeLatencyMs} ms.`,
    ),
    {
      address: "A3",
      value: `Thresholds: ${DELL("3.1.3")}, and the ESRPs' section 6.2. The target comes from the Resilience sheet; type your own over it.`,
      role: "note",
    },
    ...header(4, [...JETSTRESS_COLUMNS]),
  ];
  const latency = numberRule(INPUT_PARAMETERS.latency, true, "latency in ms from the Jetstress report");
  for (let i = 0; i < JETSTRESS_ROWS; i++) {
    const r = JETSTRESS_FIRST_ROW + i;
    const args = `B${r},C${r},D${r},E${r},F${r},G${r}`;
    const jetstress = { achievedIops: `B${r}`, targetIops: `C${r}`, dbReadLatencyMs: `D${r}`, logWriteLatencyMs: `E${r}`, dbReadPeakMs: `F${r}`, logWritePeakMs: `G${r}` };
    cells.push(
      { address: `A${r}`, role: "input" },
      { address: `B${r}`, numberFormat: FORMAT.iops, role: "input", rule: numberRule(INPUT_PARAMETERS.achievedIops, true) },
      { address: `C${r}`, formula: `=${target}`, numberFormat: FORMAT.iops, role: "input", rule: numberRule(INPUT_PARAMETERS.targetIops, true) },
      ...["D", "E", "F", "G"].map((col) => ({ address: `${col}${r}`, numberFormat: FORMAT.ms, role: "input" as const, rule: latency })),
      {
        address: `H${r}`,
        formula: `=IF(B${r}="","",EXSIZE.EX_JETSTRESS(${args}))`,
        native: `=IF(B${r}="","",${jetstressFormula("verdict", jetstress)})`,
        role: "output",
      },
      {
        address: `I${r}`,
        formula: `=IF(B${r}="","",EXSIZE.EX_JETSTRESS(${args},"reason"))`,
        native: `=IF(B${r}="","",${jetstressFormula("reason", jetstress)})`,
        role: "note",
      },
    );
  }
  const last = JETSTRESS_FIRST_ROW + JETSTRESS_ROWS - 1;
  const highlights: Highlight[] = [
    { range: `H${JETSTRESS_FIRST_ROW}:I${last}`, text: "fail", tone: "bad" },
    { range: `H${JETSTRESS_FIRST_ROW}:H${last}`, text: "pass", tone: "good" },
  ];
  return { name: sheet, columnWidths: [14, 14, 13, 12, 12, 12, 13, 9, 50], frozenRows: 4, print: landscape(1, "4:4"), highlights, cells };
}

// ---------------------------------------------------------------------------------------------
// Hardware sheet: the user's own arrays and disk classes (issue 4), and the array candidates the
// choice is made among — Excel's own formulas, live in the add-in workbook and the customer copy.

const OWN_ARRAY_ROWS = 12;
const ARRAYS_FIRST_ROW = 6;
const ARRAYS_LAST_ROW = ARRAYS_FIRST_ROW + OWN_ARRAY_ROWS - 1;
const DISKS_HEADING_ROW = ARRAYS_LAST_ROW + 2;
const DISKS_FIRST_ROW = DISKS_HEADING_ROW + 2;
const DISK_CLASS_NAMES = Object.keys(DISK_CLASS_IOPS) as Array<keyof typeof DISK_CLASS_IOPS>;
const OWN_DISK_ROWS = 6;
const DISKS_LAST_ROW = DISKS_FIRST_ROW + DISK_CLASS_NAMES.length + OWN_DISK_ROWS - 1;
const CANDIDATES_HEADING_ROW = DISKS_LAST_ROW + 2;
const CANDIDATES_FIRST_ROW = CANDIDATES_HEADING_ROW + 2;
const CANDIDATES_LAST_ROW = CANDIDATES_FIRST_ROW + EQUALLOGIC_CATALOGUE.length + OWN_ARRAY_ROWS - 1;
const HARDWARE_WIDTH = 10;

/** Where the user's hardware rows start (0-based row i of each table). */
export const HARDWARE_CELLS = Object.freeze({
  arrayRow: (i: number) => ARRAYS_FIRST_ROW + i,
  diskRow: (i: number) => DISKS_FIRST_ROW + i,
  candidateRow: (i: number) => CANDIDATES_FIRST_ROW + i,
});

function candidateColumns(hardwareSheet: string): CandidateColumns {
  const range = (col: string) => `${sheetReference(hardwareSheet)}!$${col}$${CANDIDATES_FIRST_ROW}:$${col}$${CANDIDATES_LAST_ROW}`;
  return { model: range("A"), drive: range("B"), arraysPerCopy: range("G"), chosen: range("I") };
}

/**
 * The user's rows replace a built-in row with the same model, drive and RAID level in its place;
 * the others follow the catalogue — the order src/functions/catalogue.ts merges them in, which
 * breaks ties. Column J is each row's key (model|drive|RAID).
 */
function buildHardware(sheet: string, designSheet: string, names: Record<NameKey, string>): { sheet: SheetModel; arrayCatalog: string; diskClasses: string } {
  const cells: CellModel[] = [
    ...titleAndNote(
      "Your own hardware: arrays and disk classes the design is sized with",
      "Add a row and the design follows: arrays are chosen among yours and the EqualLogic catalogue (fewest arrays, then least waste).",
    ),
    ...sectionHeading(4, `Your arrays: one row per model, drive and RAID level; a row like a built-in one replaces it (${DELL("3.4.1")})`, HARDWARE_WIDTH),
    ...header(5, ["Model", "Drive", "RAID level", "Usable GB", "IOPS per array", "Key"]),
  ];
  const usable = numberRule({ name: "usableGB", above: 0, max: 1e9, what: "usable GB per array" }, true);
  const arrayIops = numberRule({ name: "iops", above: 0, max: 1e9, what: "measured database IOPS per array" }, true);
  for (let r = ARRAYS_FIRST_ROW; r <= ARRAYS_LAST_ROW; r++) {
    cells.push(
      { address: `A${r}`, role: "input" },
      { address: `B${r}`, role: "input" },
      { address: `C${r}`, role: "input", rule: { ...listRule("raid", RAID_LEVELS, "RAID level the figures are for"), allowBlank: true } },
      { address: `D${r}`, numberFormat: FORMAT.gb, role: "input", rule: usable },
      { address: `E${r}`, numberFormat: FORMAT.iops, role: "input", rule: arrayIops },
      { address: `F${r}`, formula: `=IF(A${r}="","",A${r}&"|"&B${r}&"|"&C${r})`, role: "note" },
    );
  }
  cells.push(
    ...sectionHeading(DISKS_HEADING_ROW, `Disk classes: random IOPS per disk (${EMC("Phase 2")}; 15K from Microsoft's calculator)`, HARDWARE_WIDTH),
    ...header(DISKS_HEADING_ROW + 1, ["Disk class", "IOPS per disk"]),
  );
  const diskIops = numberRule({ name: "disk", above: 0, max: 1_000_000, what: "random IOPS per disk" }, true);
  for (let i = 0; i < DISK_CLASS_NAMES.length + OWN_DISK_ROWS; i++) {
    const r = DISKS_FIRST_ROW + i;
    const name = DISK_CLASS_NAMES[i];
    cells.push(
      { address: `A${r}`, value: name, role: "input" },
      { address: `B${r}`, value: name === undefined ? undefined : DISK_CLASS_IOPS[name], numberFormat: FORMAT.iops, role: "input", rule: diskIops },
    );
  }

  // The candidates: every built-in row (or the user's row that replaces it), then the user's new rows.
  const design = sheetReference(designSheet);
  const capacity = `${design}!${absolute(DESIGN_CELLS.answerCapacityGB)}`;
  const demand = `${design}!${absolute(DESIGN_CELLS.answerDatabaseIops)}`;
  const userKeys = `$F$${ARRAYS_FIRST_ROW}:$F$${ARRAYS_LAST_ROW}`;
  const builtInKeys = `$J$${CANDIDATES_FIRST_ROW}:$J$${CANDIDATES_FIRST_ROW + EQUALLOGIC_CATALOGUE.length - 1}`;
  const g = `$G$${CANDIDATES_FIRST_ROW}:$G$${CANDIDATES_LAST_ROW}`;
  const h = `$H$${CANDIDATES_FIRST_ROW}:$H$${CANDIDATES_LAST_ROW}`;
  cells.push(
    ...sectionHeading(CANDIDATES_HEADING_ROW, `Arrays the design chooses among, for its capacity and IOPS (${DELL("3.4.1, Tables 12-13")})`, HARDWARE_WIDTH),
    ...header(CANDIDATES_HEADING_ROW + 1, ["Model", "Drive", "RAID level", "Usable GB", "IOPS per array", "Considered", "Arrays per copy", "If fewest: usable GB", "Chosen", "Key"]),
  );
  const considered = (r: number) =>
    `IF(AND(A${r}<>"",C${r}=${names.arrayRaid},OR(${names.arrayModel}="",${names.arrayModel}="auto",${names.arrayModel}=A${r},${names.arrayModel}=A${r}&" "&B${r})),"yes","no")`;
  const choice = (r: number): CellModel[] => [
    { address: `G${r}`, formula: `=IF(F${r}="yes",${arraysPerCopyFormula(capacity, demand, `D${r}`, `E${r}`)},"")`, numberFormat: FORMAT.arrays, role: "output" },
    { address: `H${r}`, formula: `=IF(G${r}="","",IF(G${r}=MIN(${g}),D${r},""))`, numberFormat: FORMAT.gb, role: "step" },
    { address: `I${r}`, formula: `=IF(H${r}="","",IF(D${r}=MIN(${h}),1,""))`, numberFormat: '[=1]"chosen";""', role: "output" },
  ];
  EQUALLOGIC_CATALOGUE.forEach((m, i) => {
    const r = CANDIDATES_FIRST_ROW + i;
    const own = (col: string) => `INDEX($${col}$${ARRAYS_FIRST_ROW}:$${col}$${ARRAYS_LAST_ROW},MATCH(J${r},${userKeys},0))`;
    cells.push(
      { address: `A${r}`, value: m.model, role: "label" },
      { address: `B${r}`, value: m.drive, role: "label" },
      { address: `C${r}`, value: m.raid, role: "label" },
      { address: `D${r}`, formula: `=IFERROR(${own("D")},${m.usableGB})`, numberFormat: FORMAT.gb, role: "step" },
      { address: `E${r}`, formula: `=IFERROR(${own("E")},${m.iops})`, numberFormat: FORMAT.iops, role: "step" },
      { address: `F${r}`, formula: `=${considered(r)}`, role: "step" },
      ...choice(r),
      { address: `J${r}`, value: `${m.model}|${m.drive}|${m.raid}`, role: "note" },
    );
  });
  for (let k = 0; k < OWN_ARRAY_ROWS; k++) {
    const r = CANDIDATES_FIRST_ROW + EQUALLOGIC_CATALOGUE.length + k;
    const u = ARRAYS_FIRST_ROW + k;
    cells.push(
      { address: `A${r}`, formula: `=IF(ISNUMBER(MATCH(J${r},${builtInKeys},0)),"",A${u}&"")`, role: "label" },
      { address: `B${r}`, formula: `=B${u}&""`, role: "label" },
      { address: `C${r}`, formula: `=C${u}&""`, role: "label" },
      { address: `D${r}`, formula: `=IF(A${r}="","",D${u})`, numberFormat: FORMAT.gb, role: "step" },
      { address: `E${r}`, formula: `=IF(A${r}="","",E${u})`, numberFormat: FORMAT.iops, role: "step" },
      { address: `F${r}`, formula: `=${considered(r)}`, role: "step" },
      ...choice(r),
      { address: `J${r}`, formula: `=F${u}`, role: "note" },
    );
  }
  return {
    sheet: {
      name: sheet,
      columnWidths: [20, 11, 11, 13, 14, 12, 15, 19, 9, 26],
      frozenRows: 2,
      print: landscape(2),
      cells,
    },
    arrayCatalog: `$A$${ARRAYS_FIRST_ROW}:$E$${ARRAYS_LAST_ROW}`,
    diskClasses: `$A$${DISKS_FIRST_ROW}:$B$${DISKS_LAST_ROW}`,
  };
}

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
  const diskClassNames = `${sheetReference(sheets.hardware)}!$A$${DISKS_FIRST_ROW}:$A$${DISKS_LAST_ROW}`;
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
