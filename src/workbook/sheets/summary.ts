/**
 * The Summary sheet: the design at a glance on one printed page, live over the other
 * sheets — the inputs in one line, which method sized the design, volumes, capacity, IOPS, arrays,
 * spindles, servers (and what their cores assume), the worst survivable failure — and the stamp that
 * says whether the workbook is the live design or a customer copy.
 */
import { DEFAULT_SERVER } from "../../engine/design";
import { groupedFormula, wholeGroupedFormula } from "../../engine/general-format";
import { asText, blankUnless, blankWhen, countWords, dashUnless, dashUnlessNumber, either, eitherWords, formula as cellFormula, isNumber, orOnError, text, wordsOnError } from "../display";
import { indexFormula } from "../formulas/lookup";
import { stackRows } from "../rows";
import { coresAssumptionFormula, environmentNoteFormula, inputsLineFormula, jbodOrRaidWordsFormula, methodSentenceFormula, noMcdbFormula, noServerDisksFormula, pageFileWordsFormula, perDagWords, serverDisksHeadingFormula, severalDagsFormula, summaryHeadingFormulas, microsoftFigureFormula, secondSiteWithoutSsdsFormula } from "../formulas/summary";
import { allCopiesFormula, dagMcdbSsdsFormula, sitesServersFormula, environmentDagsFormula, environmentFormula, tiersWithMailboxesFormula, worstScenarioFormula } from "../../engine/design/formulas";
import { autoReseedDisksFormula, otherDisksFormula, spareDisksFormula } from "../../engine/microsoft/disk-formulas";
import { SERVER_DISK_DEFAULTS } from "../../engine/microsoft/disks";
import { cite } from "../../engine/papers";
import { NONE_SURVIVABLE } from "../../engine/catalogue";
import type { CellModel, ChartModel, SheetModel } from "../model";
import { DESIGN_CELLS } from "./design";
import { DEFAULT_TITLE, DESIGN_CHECK_CELL, FACTOR_CELLS, checkHighlights } from "./inputs";
import { DISK_FACTOR_CELLS, MCDB_CELLS, SERVER_DISK_CELLS, SERVER_DISK_HELPERS, SITE_SERVER_CELLS, dagMailboxesFormula, microsoftCell } from "./methods";
import { MCDB_NONE } from "../../engine/microsoft/mcdb";
import { RESILIENCE_CELLS, RESILIENCE_FIRST_ROW, RESILIENCE_LAST_ROW } from "./resilience";
import { TIER_NAMES, type TierNames } from "./tiers";
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
  portrait,
  smallToOneDecimal,
  sectionHeading,
  sheetReference,
  wrappedLines,
  type DesignOutput,
  type NameKey,
  type TemplateSheet,
} from "./shared";

/**
 * The cell of the Summary sheet that says what the workbook is: the live design, or the customer
 * copy's stamp (when and from which inputs it was prepared). Sheet name without suffix.
 */
export const STAMP_CELL: Readonly<{ sheet: string; address: string }> = Object.freeze({
  sheet: BASE_SHEETS.summary,
  address: "A3",
});

/** Where the Summary says which method sized the design, in words (below the inputs line). */
export const SUMMARY_METHOD_CELL = "A7";

/**
 * Active/passive by Microsoft's method (Design.siteServers), the servers row shows the first site's: the
 * quantity each of its cells shows then, in place of the DAG's.
 */
export const SUMMARY_FIRST_SITE = Object.freeze({ servers: "serversSite1", coresPerServer: "coresPerServerSite1", memoryPerServerGB: "memoryPerServerGBSite1" } as const);

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
  dagLogIops: "B13",
  arrays: "B14",
  arrayModel: "C14",
  arraysPerCopy: "D14",
  spindles: "B15",
  spindleRaid: "C15",
  spindleDisk: "D15",
  /** Active/passive by Microsoft's method: the first site's servers, each site's on its own row (else the DAG's). */
  servers: "B16",
  coresPerServer: "C16",
  memoryPerServerGB: "D16",
  /** Active/passive by Microsoft's method: the second site's servers, cores and memory each; empty otherwise. */
  serversSite2: "B17",
  coresPerServerSite2: "C17",
  memoryPerServerGBSite2: "D17",
  worstFailure: "B18",
  // The failure's words run on from B over an empty C (right-aligned, they were cut by A's label): its figures in D and E.
  worstMailboxesPerServer: "D18",
  worstTargetIops: "E18",
  /** The page file a server, by its version's system requirements (empty for 2010); its rule in words beside it. */
  pageFileGB: "B19",
});

const SUMMARY_WIDTH = 5;

/**
 * The blocks below the design's rows, each under the one before: a server's disks (a heading and three rows) and its
 * MCDB row, the environment (a heading and three rows), the methods' sources (a heading and four rows), and the
 * pictures (a heading, then their tables).
 */
const ROWS = stackRows(20, [
  ["serverDisks", 5],
  ["mcdb", 1, 1],
  ["environment", 4, 1],
  ["methods", 5, 1],
  ["pictures", 1],
  ["pictureTable", 1],
]);

/**
 * The environment: the DAGs the Inputs' EnvironmentUsers makes of this design, and their
 * mailbox servers and databases, as sizeDesign's environmentOf and `exsize design --json`'s figures
 * (dags, environmentServers, environmentDatabases). With EnvironmentUsers empty or 0, the first row
 * says the design is one DAG and the other cells are empty.
 */
export const SUMMARY_ENVIRONMENT_ROW = ROWS.environment.first;

/**
 * A Microsoft-method server's own disks, JBOD or RAID, from the Methods sheet's server-disk
 * block (EX_MS_DISKS live; disk-formulas.ts or raid-disk-formulas.ts in the customer copy): disks a
 * server, of the DAG and of the environment; database and log disks with their databases (on RAID:
 * the level in the label), volume GB (RAID: the volumes' GB) and disk GB; the restore
 * (RAID: its disks and level), AutoReseed (JBOD only) and spare disks. A design with none ("—") says
 * why in the first row.
 */
export const SUMMARY_SERVER_DISKS_ROW = ROWS.serverDisks.first;
export const SUMMARY_SERVER_DISK_CELLS = Object.freeze({
  disksPerServer: `B${SUMMARY_SERVER_DISKS_ROW + 1}`,
  /** The disk's name, or why there are none. */
  disk: `C${SUMMARY_SERVER_DISKS_ROW + 1}`,
  dagDisks: `D${SUMMARY_SERVER_DISKS_ROW + 1}`,
  environmentDisks: `E${SUMMARY_SERVER_DISKS_ROW + 1}`,
  databaseLogDisks: `B${SUMMARY_SERVER_DISKS_ROW + 2}`,
  databasesPerVolume: `C${SUMMARY_SERVER_DISKS_ROW + 2}`,
  volumeGB: `D${SUMMARY_SERVER_DISKS_ROW + 2}`,
  formattedGB: `E${SUMMARY_SERVER_DISKS_ROW + 2}`,
  otherDisks: `B${SUMMARY_SERVER_DISKS_ROW + 3}`,
  restore: `C${SUMMARY_SERVER_DISKS_ROW + 3}`,
  autoReseedDisks: `D${SUMMARY_SERVER_DISKS_ROW + 3}`,
  spareDisks: `E${SUMMARY_SERVER_DISKS_ROW + 3}`,
  /** Active/passive: a second-site server's disks and whether JBOD or RAID (Design.siteServers); blank otherwise. */
  disksPerServerSite2: `B${SUMMARY_SERVER_DISKS_ROW + 4}`,
  architectureSite2: `C${SUMMARY_SERVER_DISKS_ROW + 4}`,
});
/**
 * Exchange 2019's and SE's MCDB SSDs, the server disks' last row, from the Methods sheet's
 * MCDB rows (src/engine/microsoft/mcdb.ts): SSDs a server, each one's GB (or why none), their share
 * of the database disks' raw GB, and the DAG's SSDs.
 */
export const SUMMARY_MCDB_ROW = ROWS.mcdb.first;
const SUMMARY_COLUMN_WIDTHS = [32, 18, 26, 26, 30];
/** The lines the MCDB row's longest "None: …" takes in column C (the needed GB at its widest). */
const SUMMARY_MCDB_LINES = Math.max(
  ...[MCDB_NONE.off, `${MCDB_NONE.versionWords}Exchange 2016`, MCDB_NONE.dell, MCDB_NONE.raid, MCDB_NONE.noDisks, "no listed SSD holds 1,000,000 GB"].map((t) => wrappedLines(`None: ${t}`, SUMMARY_COLUMN_WIDTHS[2])),
);
export const SUMMARY_MCDB_CELLS = Object.freeze({
  ssdsPerServer: `B${SUMMARY_MCDB_ROW}`,
  /** The SSD's GB, or why none ("None: …"). */
  ssdGB: `C${SUMMARY_MCDB_ROW}`,
  share: `D${SUMMARY_MCDB_ROW}`,
  dagSsds: `E${SUMMARY_MCDB_ROW}`,
});
export const SUMMARY_ENVIRONMENT_CELLS = Object.freeze({
  /** The one-DAG line, or the DAGs row's label. */
  line: `A${SUMMARY_ENVIRONMENT_ROW + 1}`,
  dags: `B${SUMMARY_ENVIRONMENT_ROW + 1}`,
  /** The environment's mailboxes and a DAG's; for one DAG, what the line means. */
  note: `C${SUMMARY_ENVIRONMENT_ROW + 1}`,
  servers: `B${SUMMARY_ENVIRONMENT_ROW + 2}`,
  databases: `B${SUMMARY_ENVIRONMENT_ROW + 3}`,
});

/** Where the Summary names the design (the Title input) and says for whom, by whom and when it was revised. */
export const SUMMARY_HEADING_CELLS = Object.freeze({ title: "A1", prepared: "A2" });

/**
 * The Summary's heading over the Inputs' text cells: the design's title (DEFAULT_TITLE when empty),
 * then "Prepared for … by … · revised 2026-11-24", each part only when given.
 */
export function summaryHeading(names: Pick<Record<NameKey, string>, "title" | "preparedFor" | "preparedBy">, revised: string): { title: string; prepared: string } {
  return summaryHeadingFormulas(names, revised, DEFAULT_TITLE);
}

export function buildSummary(sheets: Record<TemplateSheet, string>, names: Record<NameKey, string>, revised: string, tiers: TierNames = TIER_NAMES): SheetModel {
  const design = (key: DesignOutput) => `${sheetReference(sheets.design)}!${absolute(DESIGN_CELLS[key])}`;
  const scenarioColumn = (col: string) =>
    `${sheetReference(sheets.resilience)}!$${col}$${RESILIENCE_FIRST_ROW}:$${col}$${RESILIENCE_LAST_ROW}`;
  // The worst survivable failure: the highest key, the more severe scenario on a tie (the last), as sizeDesign picks.
  const keys = scenarioColumn(RESILIENCE_CELLS.worstKey);
  const keyAt = (r: number) => `${sheetReference(sheets.resilience)}!$${RESILIENCE_CELLS.worstKey}$${r}`;
  const worst = worstScenarioFormula(
    Array.from({ length: RESILIENCE_LAST_ROW - RESILIENCE_FIRST_ROW + 1 }, (_, i) => keyAt(RESILIENCE_FIRST_ROW + i)),
    keys,
  );
  const n = names;
  const heading = summaryHeading(names, revised);
  const microsoft = `${design("methodUsed")}="microsoft"`;
  const inputsLine = inputsLineFormula(n, microsoft, tiersWithMailboxesFormula(tiers.mailboxes));
  const cells: CellModel[] = [
    { address: SUMMARY_HEADING_CELLS.title, formula: heading.title, role: "title" },
    { address: SUMMARY_HEADING_CELLS.prepared, formula: heading.prepared, role: "note" },
    { address: STAMP_CELL.address, value: "Live design, calculated by the EXSIZE add-in from the Inputs sheet: every number follows it.", role: "note" },
    { address: DESIGN_CHECK_CELL.summary, formula: cellFormula(`${sheetReference(sheets.inputs)}!$A$3`), role: "output" },
    ...sectionHeading(5, "Inputs", SUMMARY_WIDTH),
    { address: SUMMARY_CELLS.inputs, formula: inputsLine, role: "output" },
    {
      address: SUMMARY_METHOD_CELL,
      formula: methodSentenceFormula(microsoft),
      role: "note",
    },
    ...sectionHeading(8, "The design", SUMMARY_WIDTH),
  ];
  type Entry = { formula: string; format?: string; align?: "left" | "right" } | undefined;
  const row = (label: string | { formula: string }, at: string, values: Entry[]): void => {
    const r = Number(at.slice(1));
    cells.push(typeof label === "string" ? { address: `A${r}`, value: label, role: "label" } : { address: `A${r}`, formula: label.formula, role: "label" });
    values.forEach((v, i) => {
      if (!v) return;
      cells.push({
        address: `${column(i + 1)}${r}`,
        formula: v.formula,
        ...(v.format ? { numberFormat: v.format } : {}),
        role: i === 0 ? "output" : "step",
        align: v.align ?? (i === 0 ? "right" : "left"),
      });
    });
  };
  const S = SUMMARY_CELLS;
  row("Database volumes", S.databaseVolumes, [{ formula: cellFormula(design("databasesDeployed")), format: FORMAT.volumes }, { formula: cellFormula(design("answerDatabaseVolumeGB")), format: '"× "#,##0" GB"' }]);
  row("Log volumes", S.logVolumes, [{ formula: cellFormula(design("databasesDeployed")), format: FORMAT.volumes }, { formula: cellFormula(design("answerLogVolumeGB")), format: '"× "#,##0" GB"' }]);
  row("Capacity per copy", S.capacityPerCopyGB, [
    { formula: cellFormula(design("answerCapacityGB")), format: FORMAT.gb },
    { formula: cellFormula(allCopiesFormula(design("answerCapacityGB"), n.copies)), format: '"all copies: "#,##0" GB"' },
    { formula: cellFormula(design("answerVolumesGB")), format: '"in volumes: "#,##0" GB"' },
  ]);
  row("Database IOPS", S.databaseIops, [{ formula: cellFormula(design("answerDatabaseIops")), format: FORMAT.iops }, { formula: cellFormula(design("answerDagIops")), format: smallToOneDecimal(" IOPS", "every copy: ") }]);
  row("Log IOPS", S.dagLogIops, [{ formula: cellFormula(design("answerLogIops")), format: FORMAT.iops }]);
  // The papers' arrays and spindles size a design by Dell's process only: by Microsoft's method the servers'
  // own disks hold the databases (Server disks below), and the papers' figures are on the Methods sheet
  // to compare. One storage answer a Summary: these rows are blank by formula, so a design
  // edited on the Inputs from one method to the other shows its own.
  const dellOnly = (formula: string) => cellFormula(blankWhen(microsoft, formula));
  row({ formula: dellOnly(text("Arrays")) }, S.arrays, [
    { formula: dellOnly(design("arrays")), format: FORMAT.arrays },
    { formula: dellOnly(design("arrayModel")) },
    { formula: dellOnly(design("arraysPerCopy")), format: '0" per copy"' },
  ]);
  // The spindles the IOPS alone need (EMC's building block), at the Inputs' RAID level and disk: not a count for capacity.
  row({ formula: dellOnly(text("Spindles for the IOPS")) }, S.spindles, [
    { formula: dellOnly(design("spindlesChosen")), format: FORMAT.disks },
    { formula: dellOnly(asText(n.spindleRaid)) },
    { formula: dellOnly(asText(n.spindleDisk)) },
  ]);
  // Active/passive by Microsoft's method: each site's servers on a row of their own, as the calculator sizes them
  // (Role Requirements!C142, C254 the first site's; D253, D254 the second's); else one row for the DAG's servers.
  const site = (key: keyof typeof SITE_SERVER_CELLS) => `${sheetReference(sheets.methods)}!${SITE_SERVER_CELLS[key]}`;
  const bySite = isNumber(site("memorySite1"));
  row({ formula: cellFormula(eitherWords(bySite, "Mailbox servers, site 1", "Mailbox servers")) }, S.servers, [
    { formula: cellFormula(either(bySite, n.serversSite1, sitesServersFormula(n.servers))), format: FORMAT.servers },
    { formula: cellFormula(either(bySite, site("coresSite1"), design("answerCores"))), format: '[=1]0" core each";0" cores each"' },
    { formula: cellFormula(either(bySite, site("memorySite1"), design("answerMemoryGB"))), format: '0" GB memory each"' },
    // What the cores assume: never "—".
    {
      formula: coresAssumptionFormula(`${design("methodUsed")}="microsoft"`, n, DEFAULT_SERVER.name, `${sheetReference(sheets.inputs)}!${absolute(FACTOR_CELLS.mailboxesPerCore)}`),
    },
  ]);
  row({ formula: cellFormula(eitherWords(bySite, "Mailbox servers, site 2", "")) }, S.serversSite2, [
    { formula: cellFormula(blankUnless(bySite, n.serversSite2)), format: FORMAT.servers },
    { formula: cellFormula(blankUnless(bySite, site("coresSite2"))), format: '[=1]0" core each";0" cores each"' },
    { formula: cellFormula(blankUnless(bySite, site("memorySite2"))), format: '0" GB memory each"' },
  ]);
  row("Worst survivable failure", S.worstFailure, [
    { formula: cellFormula(wordsOnError(indexFormula(scenarioColumn(RESILIENCE_CELLS.whatFails), worst), NONE_SURVIVABLE)), align: "left" },
    undefined,
    { formula: cellFormula(orOnError(indexFormula(scenarioColumn(RESILIENCE_CELLS.activeMailboxes), worst), text(""))), format: '[=1]0" mailbox a server";#,##0" mailboxes a server"' },
    { formula: cellFormula(orOnError(indexFormula(scenarioColumn(RESILIENCE_CELLS.targetIops), worst), text(""))), format: smallToOneDecimal(" IOPS a server") },
  ]);
  // The page file by the version's system requirements (src/engine/version.ts pageFileFormula); Exchange 2010's is not published here.
  row("Page file a server", S.pageFileGB, [
    { formula: cellFormula(design("answerPageFileGB")), format: '#,##0.0" GB"' },
    {
      formula: pageFileWordsFormula(n.exchangeVersion),
    },
  ]);
  /** A row of label and source: Microsoft's words or Dell's, by the method that sized the design. */
  const byMethod = (r: number, ms: [string, string], dell: [string, string]): CellModel[] => [
    { address: `A${r}`, formula: cellFormula(eitherWords(microsoft, ms[0], dell[0])), role: "label" },
    { address: `B${r}`, formula: cellFormula(eitherWords(microsoft, ms[1], dell[1])), role: "source" },
  ];
  cells.push(...serverDiskCells(sheets, names, design));
  cells.push(...environmentCells(names, design, dagMailboxesFormula(design("methodUsed"), sheetReference(sheets.methods), n.users)));
  const methods = ROWS.methods.first;
  cells.push(
    ...sectionHeading(methods, "Methods (full titles and errata on the Sources sheet)", SUMMARY_WIDTH),
    // The sources of this design's figures, by the method that sized it.
    ...byMethod(methods + 1, ["Capacity, IOPS, servers, disks", cite("microsoft")], ["Capacity, IOPS, arrays", DELL()]),
    ...byMethod(methods + 2, ["Dell EMC's disks and volumes", ESRP_2016()], ["Spindles", EMC()]),
    ...byMethod(methods + 3, ["Failures, copy layout", `${ESRP_2013()}; ${ESRP_2016()}`], ["IOPS from Exchange 2013, failures", `${ESRP_2013()}; ${ESRP_2016()}`]),
    ...byMethod(methods + 4, ["The papers' arrays, spindles", "on the Methods sheet, to compare"], ["Server cores and memory", VMWARE()]),
  );
  cells.push(...pictureCells(sheets, names));
  return {
    name: sheets.summary,
    columnWidths: SUMMARY_COLUMN_WIDTHS,
    rowHeights: { [SUMMARY_MCDB_ROW]: SUMMARY_MCDB_LINES * 15 },
    gridlines: false,
    print: portrait(1),
    highlights: [{ range: S.worstFailure, text: NONE_SURVIVABLE, tone: "bad" }, ...checkHighlights(DESIGN_CHECK_CELL.summary)],
    cells,
  };
}



/**
 * The server-disk block: plain Excel over the Methods sheet's cells (live and native there), the same
 * in both copies. Its title and labels say JBOD or RAID as the calculator deploys the design; on RAID
 * the cells of JBOD-only figures show RAID's: the database+log RAID level and its volumes' GB, the
 * restore volume's disks and level; AutoReseed (JBOD's) says there is none.
 */
function serverDiskCells(sheets: Record<TemplateSheet, string>, n: Record<NameKey, string>, design: (key: DesignOutput) => string): CellModel[] {
  const r = SUMMARY_SERVER_DISKS_ROW;
  const S = SUMMARY_SERVER_DISK_CELLS;
  const methods = (cell: string) => `${sheetReference(sheets.methods)}!${cell}`;
  const m = (key: keyof typeof SERVER_DISK_CELLS) => methods(SERVER_DISK_CELLS[key]);
  // The Methods sheet sizes Microsoft's column for every design: its disks are the design's where Microsoft's method sized it.
  const has = microsoftFigureFormula(design("methodUsed"), m("disks"));
  // Active/passive by Microsoft's method: the second site's disks a server, a number only there (the Methods sheet's helper).
  const bySite = microsoftFigureFormula(design("methodUsed"), methods(SERVER_DISK_HELPERS.secondSiteDisks));
  const raid = `${m("architecture")}="RAID"`;
  const shown = (formula: string) => cellFormula(blankUnless(has, formula));
  const count = (address: string, formula: string, format: string) => ({ address, formula: cellFormula(formula), numberFormat: format, role: "output" as const, align: "right" as const });
  const step = (address: string, formula: string, format?: string) => ({ address, formula: shown(formula), ...(format ? { numberFormat: format } : {}), role: "step" as const, align: "left" as const });
  /** A label that says JBOD's words or RAID's; blank where the design has no server disks (the heading says why). */
  const label = (row: number, jbod: string, onRaid: string) => ({ address: `A${row}`, formula: jbodOrRaidWordsFormula(has, raid, jbod, onRaid), role: "label" as const });
  // Why none, in the order sizeDesign's serverDisksProblem says it: Dell's process, a design Microsoft's method cannot size, a disk too small or slow.
  const why = noServerDisksFormula(`${design("methodUsed")}<>"microsoft"`, methods(microsoftCell("databases")), methods(SERVER_DISK_HELPERS.jbod), n.serverDisk);
  const several = severalDagsFormula(n.environmentUsers);
  const RESTORE = SERVER_DISK_DEFAULTS.restoreDisks;
  const gb = wholeGroupedFormula;
  return [
    // The heading's first cell a formula: JBOD or the database+log RAID level, as the calculator deploys the design.
    ...sectionHeading(r, "", SUMMARY_WIDTH).slice(1),
    // Where the design has none, the heading says why, over the empty heading cells (a row's text would be cut by the cells beside it).
    { address: `A${r}`, formula: serverDisksHeadingFormula(has, raid, m("databaseraid"), why), role: "heading" },
    // Active/passive, each site's servers their own disks: the rows above the second site's are the first site's.
    { address: `A${r + 1}`, formula: cellFormula(either(bySite, text("Disks a server, site 1"), eitherWords(has, "Disks a server", ""))), role: "label" },
    count(S.disksPerServer, blankUnless(has, m("disks")), FORMAT.disks),
    { address: S.disk, formula: cellFormula(blankUnless(has, asText(n.serverDisk))), role: "step" },
    step(S.dagDisks, m("dag"), '#,##0" in the DAG"'),
    step(S.environmentDisks, blankUnless(several, environmentFormula(SUMMARY_ENVIRONMENT_CELLS.dags, m("dag"))), '#,##0" in the environment"'),
    label(r + 2, "Database and log disks", `"Database and log disks ("&${m("databaseraid")}&")"`),
    count(S.databaseLogDisks, blankUnless(has, m("databaselog")), FORMAT.disks),
    // JBOD: databases a disk (one volume each), and the disk's volume: named apart from the database volumes above
    // (the Inputs sheet's "Databases a disk's volume"). RAID: the volumes' databases, in words (the level is in the label).
    step(S.databasesPerVolume, either(raid, `${m("volumedatabases")}&${countWords(m("volumedatabases"), " database", " databases")}&" a volume"`, m("volumedatabases")), '[=1]0" database a disk";0" databases a disk"'),
    step(S.volumeGB, either(raid, `${gb(m("databaseloggb"))}&" GB of volumes"`, m("volumegb")), '#,##0" GB a disk\'s volume"'),
    step(S.formattedGB, m("formattedgb"), '#,##0" GB a disk, formatted"'),
    label(r + 3, "Restore, AutoReseed and spare disks", text("Restore and spare disks")),
    count(S.otherDisks, blankUnless(has, otherDisksFormula(m("disks"), m("databaselog"))), FORMAT.disks),
    step(
      S.restore,
      either(raid, `${m("restoredisks")}&" restore in "&${m("restoreraid")}&", "&${gb(m("restoregb"))}&" GB"`, `"${RESTORE} restore of "&${gb(m("restoregb"))}&" GB"`),
    ),
    step(S.autoReseedDisks, either(raid, text("no AutoReseed (JBOD only)"), autoReseedDisksFormula(m("calculator"), m("databaselog"), RESTORE)), '0" AutoReseed"'),
    step(S.spareDisks, spareDisksFormula(m("disks"), m("calculator")), '0" hot spare";0" hot spares";"no hot spare"'),
    { address: `A${r + 4}`, formula: cellFormula(eitherWords(bySite, "Disks a server, site 2", "")), role: "label" },
    count(S.disksPerServerSite2, blankUnless(bySite, methods(SERVER_DISK_HELPERS.secondSiteDisks)), FORMAT.disks),
    { address: S.architectureSite2, formula: cellFormula(blankUnless(bySite, eitherWords(methods(SERVER_DISK_HELPERS.secondSiteJbod), "JBOD", "RAID"))), role: "step" },
    ...mcdbCells(sheets, n, design),
  ];
}

/**
 * The MCDB row: the Methods sheet's MCDB figures where the design has them (Microsoft's method, 2019
 * or SE, on JBOD), else "—" and why, in sizeDesign's order and words (mcdb.ts MCDB_NONE).
 */
function mcdbCells(sheets: Record<TemplateSheet, string>, n: Record<NameKey, string>, design: (key: DesignOutput) => string): CellModel[] {
  const methods = (cell: string) => `${sheetReference(sheets.methods)}!${cell}`;
  const M = SUMMARY_MCDB_CELLS;
  const ssds = methods(MCDB_CELLS.ssds);
  const has = microsoftFigureFormula(design("methodUsed"), ssds);
  const why = noMcdbFormula({
    mcdb: n.mcdb,
    exchangeVersion: n.exchangeVersion,
    dell: `${design("methodUsed")}<>"microsoft"`,
    jbod: methods(SERVER_DISK_HELPERS.jbod),
    databaseLogDisks: methods(SERVER_DISK_CELLS.databaselog),
    neededGB: methods(MCDB_CELLS.neededGB),
  });
  const shown = (formula: string) => cellFormula(blankUnless(has, formula));
  return [
    // The row grows to its "None: …": every cell of it wraps, so all are read from the row's top.
    { address: `A${SUMMARY_MCDB_ROW}`, value: "MCDB (MetaCache) SSDs a server", role: "label", wrap: true },
    { address: M.ssdsPerServer, formula: cellFormula(dashUnless(has, ssds)), numberFormat: '[=1]0" SSD";#,##0" SSDs"', role: "output", align: "right", wrap: true },
    // Why none wraps in its cell: the cells beside it hold formulas, which a text cannot run over (SUMMARY_MCDB_LINES).
    { address: M.ssdGB, formula: cellFormula(either(has, methods(MCDB_CELLS.ssdGB), why)), numberFormat: '#,##0" GB each"', role: "step", align: "left", wrap: true },
    { address: M.share, formula: shown(methods(MCDB_CELLS.share)), numberFormat: '0.0%" of the database disks"', role: "step", align: "left", wrap: true },
    // An active/passive second site on RAID holds no SSDs (catalogue/storage.ts mcdbServersOf).
    { address: M.dagSsds, formula: shown(dagMcdbSsdsFormula(ssds, n.servers, secondSiteWithoutSsdsFormula(n.copies, methods(DISK_FACTOR_CELLS.activePassive), methods(SERVER_DISK_HELPERS.secondSiteJbod)), n.serversSite1)), numberFormat: '#,##0" in the DAG"', role: "step", align: "left", wrap: true },
  ];
}

/**
 * The environment block: plain Excel over the Inputs' names and the Design sheet's deployed databases
 * (itself live and native), so the same formulas serve the live design and the customer copy.
 */
function environmentCells(n: Record<NameKey, string>, design: (key: DesignOutput) => string, mailboxes: string): CellModel[] {
  const r = SUMMARY_ENVIRONMENT_ROW + 1;
  const E = SUMMARY_ENVIRONMENT_CELLS;
  const env = n.environmentUsers;
  // environmentUsersOf: empty or 0 is one DAG; environmentOf: ROUNDUP(environment ÷ a DAG's mailboxes) DAGs, at least one whole DAG
  // (`mailboxes`: by Microsoft's method every tier's, Role Requirements!C98).
  const several = severalDagsFormula(env);
  const dags = environmentDagsFormula(env, mailboxes);
  const shown = (formula: string) => cellFormula(blankUnless(several, formula));
  const label = (words: string) => ({ formula: shown(text(words)), role: "label" as const });
  const value = (address: string, formula: string, format: string) => ({ address, formula: shown(formula), numberFormat: format, role: "output" as const, align: "right" as const });
  const note = (address: string, formula: string) => ({ address, formula: shown(formula), role: "step" as const });
  return [
    ...sectionHeading(SUMMARY_ENVIRONMENT_ROW, "The environment", SUMMARY_WIDTH),
    { address: E.line, formula: cellFormula(eitherWords(several, "DAGs in the environment", "One DAG")), role: "label" },
    value(E.dags, dags, FORMAT.dags),
    // One DAG: the line runs on from C over the empty D and E (B's "" would stop it in A).
    {
      address: E.note,
      formula: environmentNoteFormula(several, env, mailboxes),
      role: "step",
    },
    { address: `A${r + 1}`, ...label("Mailbox servers in the environment") },
    value(E.servers, environmentFormula(E.dags, sitesServersFormula(n.servers)), FORMAT.servers),
    note(`C${r + 1}`, perDagWords(sitesServersFormula(n.servers))),
    { address: `A${r + 2}`, ...label("Databases in the environment") },
    value(E.databases, environmentFormula(E.dags, design("databasesDeployed")), FORMAT.databases),
    note(`C${r + 2}`, perDagWords(groupedFormula(design("databasesDeployed")))),
  ];
}

// ---------------------------------------------------------------------------------------------
// Pictures: a server's disks by what each is for, and the mailboxes the busiest server
// carries in each failure — each chart over a small table on the Summary, so both writers draw it
// from the same cells and a reader sees the numbers beside the picture.

const PICTURES_ROW = ROWS.pictures.first;
const PICTURE_TABLE_ROW = ROWS.pictureTable.first;
const FAILURE_ROWS: ReadonlyArray<{ scenario: "normal" | "server" | "site" | "site+server"; label: string }> = [
  { scenario: "normal", label: "Normal running" },
  { scenario: "server", label: "One server fails" },
  { scenario: "site", label: "A site fails" },
  { scenario: "site+server", label: "Site + server fail" },
];

/** Where the pictures' tables sit on the Summary: a server's disks in A:B, failures in D:E, from the header row. */
export const SUMMARY_PICTURES = Object.freeze({
  disks: `A${PICTURE_TABLE_ROW}:B${PICTURE_TABLE_ROW + 5}`,
  failures: `D${PICTURE_TABLE_ROW}:E${PICTURE_TABLE_ROW + FAILURE_ROWS.length}`,
});

function pictureCells(sheets: Record<TemplateSheet, string>, names: Record<NameKey, string>): CellModel[] {
  const r = PICTURE_TABLE_ROW;
  const resilience = (col: string, row: number) => `${sheetReference(sheets.resilience)}!$${col}$${row}`;
  const twoSites = isNumber(names.serversSite2);
  const D = SUMMARY_SERVER_DISK_CELLS;
  // A server's disks by what each is for, read from the rows above; blank where the design has none (Dell's process).
  const number = (cell: string) => blankUnless(isNumber(cell), cell);
  const disks: Array<[string, string]> = [
    ["Database and log disks", number(D.databaseLogDisks)],
    ["Restore disks", blankUnless(isNumber(D.databaseLogDisks), number(`${sheetReference(sheets.methods)}!${SERVER_DISK_CELLS.restoredisks}`))],
    ["AutoReseed disks", number(D.autoReseedDisks)],
    ["Hot spares", number(D.spareDisks)],
    ["MCDB SSDs", number(SUMMARY_MCDB_CELLS.ssdsPerServer)],
  ];
  const format = (label: string) => (label === "MCDB SSDs" ? '[=1]0" SSD";0" SSDs"' : FORMAT.disks);
  return [
    ...sectionHeading(PICTURES_ROW, "The design in pictures", SUMMARY_WIDTH),
    { address: `A${r}`, value: "A server's disks", role: "heading" },
    { address: `B${r}`, value: "Disks", role: "heading", align: "right" },
    ...disks.flatMap(([label, formula], i): CellModel[] => [
      { address: `A${r + 1 + i}`, value: label, role: "label" },
      { address: `B${r + 1 + i}`, formula: cellFormula(formula), numberFormat: format(label), role: "step", align: "right" },
    ]),
    { address: `D${r}`, value: "Failure", role: "heading" },
    { address: `E${r}`, value: "Mailboxes, busiest server", role: "heading", align: "right" },
    ...FAILURE_ROWS.flatMap(({ scenario, label }, i) => {
      const row = RESILIENCE_CELLS.scenarioRow[scenario];
      const site = scenario === "site" || scenario === "site+server";
      const mailboxes = resilience(RESILIENCE_CELLS.activeMailboxes, row);
      return [
        site
          ? { address: `D${r + 1 + i}`, formula: cellFormula(eitherWords(twoSites, label, `${label.replace(/ fails?$/, "")}: does not apply`)), role: "label" as const }
          : { address: `D${r + 1 + i}`, value: label, role: "label" as const },
        // A failure the design does not survive, or cannot have, is a dash: a gap in the chart.
        { address: `E${r + 1 + i}`, formula: cellFormula(dashUnlessNumber(mailboxes)), numberFormat: FORMAT.mailboxes, role: "step" as const, align: "right" as const },
      ];
    }),
  ];
}

/** The Summary's two charts, over its pictures' tables. */
export function summaryCharts(sheet: string): ChartModel[] {
  const below = PICTURE_TABLE_ROW + 5 + 2;
  return [
    { sheet, title: "A server's disks, by what each is for", type: "barClustered", source: SUMMARY_PICTURES.disks, from: `A${below}`, to: `B${below + 16}` },
    { sheet, title: "Mailboxes on the busiest server, by failure", type: "barClustered", source: SUMMARY_PICTURES.failures, from: `C${below}`, to: `E${below + 16}` },
  ];
}
