/**
 * The reference-design workbook, described once as a WorkbookModel: a Summary
 * that opens on the answer, an Inputs sheet the user edits, a Design sheet of live formulas over it,
 * Methods, Resilience, Distribution, Jetstress and Hardware sheets, and the Sources. Both writers
 * (Office.js in the taskpane, exceljs in the CLI) put this same model into a workbook.
 *
 * Each sheet is its own file under src/workbook/sheets/, their shared vocabulary (sheet and name
 * builders, formats, headings, References) in sheets/shared.ts; this file lists the sheets in order,
 * builds the defined names and the addresses the sheets read of each other for a suffix, and
 * re-exports the cells and types the CLI, the pane and the tests read. No sheet imports this file.
 *
 * Every cell that calls an EXSIZE function also carries `native`: the same quantity in Excel's own
 * functions (src/engine/excel-formulas.ts), which the customer copy holds instead, so a customer
 * without the add-in who edits an input sees every output follow.
 *
 * Defaults are the 5,000-user DAG design of 000_72e1ddb9bbd1ecac.txt, 3.4.2 (SIZING.md section 6).
 * Every formula is generated from the sheet and name builders, so a `suffix` moves all of them.
 * Cells cite papers by publisher and title (src/engine/papers.ts), never by seed file name.
 */
import type { FactorName } from "../engine";
import { JBOD_CATALOGUE, jbodDisk, type JbodDisk } from "../engine/microsoft/disks";
import { copiesPerServerFormula, databasesPerDagFailsFormula, designCheckFormula, environmentCheckFormula, mcdbCheckFormula, rulesCheckFormula } from "./design-check";
import type { DefinedName, SheetModel, WorkbookModel } from "./model";
import { DESIGN_CELLS, DESIGN_HEADER_ROW, buildDesign } from "./sheets/design";
import { quantityReference } from "./quantity-cells";
import { distributionGridRows, distributionPreferenceHighlights, distributionSheet } from "./sheets/distribution";
import { HARDWARE_CELLS, buildHardware, candidateColumns, diskClassNameRange, serverDiskColumns, serverDiskNameRange, ssdSizeRange } from "./sheets/hardware";
import { DEFAULT_TITLE, DOCUMENT_DEFAULTS, ENVIRONMENT_CHECK_CELL, FACTOR_CELLS, MCDB_CHECK_CELL, OWN_CHECK_INPUTS, SERVER_DISKS_CHECK_CELL, COPIES_PER_SERVER_CELL, sheetRuleOf, FIRST_FACTOR_ROW, INPUT_CELLS, INPUT_NAMES, INPUT_ROWS, INPUTS_LAYOUT, LAST_FACTOR_ROW, TIERS, buildInputs, type DocumentInputs } from "./sheets/inputs";
import { buildJetstress } from "./sheets/jetstress";
import { LOG_SPACE_CELL, OUTGROWN_CELL, SET_DATABASES_CELL, SERVER_DISK_CELLS, SERVER_DISK_HELPERS, TIER_MAILBOXES_CELL, dagMailboxesFormula, methodsSheet, microsoftCell } from "./sheets/methods";
import { RESILIENCE_CELLS, buildResilience } from "./sheets/resilience";
import { absolute, nameSuffix, sheetReference, templateSheetNames, wrapText, type DesignOutput, type NameKey, type References, type TemplateSheet } from "./sheets/shared";
import { buildSources } from "./sheets/sources";
import { buildSummary, summaryCharts } from "./sheets/summary";
import { tierNames } from "./sheets/tiers";

// The inputs and their defaults are the engine's (src/engine/design/inputs.ts): one record for every edge.
import { REFERENCE_DESIGN_INPUTS, RefusedDatabasesError, methodOf, sizeDesign, type HeadlineInputs, type WorkbookInputs } from "../engine/design";
export { REFERENCE_DESIGN_INPUTS, REFERENCE_INPUTS, type DesignInputs, type HeadlineInputs, type MethodsInputValues, type WorkbookInputs } from "../engine/design";

// What other modules read of the template, from the sheet that owns it: every name importable here as before.
export { DESIGN_CELLS } from "./sheets/design";
export { HARDWARE_CELLS } from "./sheets/hardware";
export { DEFAULT_TITLE, DESIGN_CHECK_CELL, DESIGN_INPUT_ROWS, FACTOR_CELLS, FACTOR_INPUT_ROWS, INPUT_CELLS, INPUT_NAMES } from "./sheets/inputs";
export { JETSTRESS_CELLS } from "./sheets/jetstress";
export { NOT_SURVIVABLE, RESILIENCE_CELLS } from "./sheets/resilience";
export { nameSuffix, sheetReference, templateSheetNames, type DesignOutput, type TemplateSheet } from "./sheets/shared";
export { STAMP_CELL, SUMMARY_CELLS, SUMMARY_FIRST_SITE, SUMMARY_METHOD_CELL } from "./sheets/summary";

export interface ReferenceDesignOptions {
  inputs?: Partial<WorkbookInputs>;
  /** Appended to every sheet name (" 2" → "Inputs 2") and, made name-safe, to every defined name ("Users_2"). */
  suffix?: string;
  /** The design's name, printed in page headers: the Title input's by default, or DEFAULT_TITLE. */
  title?: string;
  /** The revision date, ISO (2026-11-24): on the Summary and in every page footer; today by default. */
  revised?: string;
}

/** Today as an ISO date (2026-11-24): the one date style of the workbook. */
export const isoToday = (): string => new Date().toISOString().slice(0, 10);

/** The design's databases as written, for the Distribution sheet's printed rows; undefined for a design that cannot be sized. */
function designDatabases(inputs: WorkbookInputs): number | undefined {
  try {
    return sizeDesign(inputs).databases;
  } catch (e) {
    // Refused with its databases counted (the sheets still show them): the grid holds them all.
    return e instanceof RefusedDatabasesError ? e.databases : undefined;
  }
}

/** The Distribution grid coloured by activation preference, as Microsoft's calculator colours it. */
function withPreferenceColours(sheet: SheetModel, rows: number): SheetModel {
  return { ...sheet, highlights: [...(sheet.highlights ?? []), ...distributionPreferenceHighlights({ rows })] };
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
  hardware: ["E"],
  sources: ["A", "B", "C"],
};

// ---------------------------------------------------------------------------------------------

/** The design's server disk when the catalogue lacks it (another size or type of the calculator's table): the Hardware sheet lists it as the user's own. */
function diskBeyondCatalogue(name: string | undefined): JbodDisk[] {
  try {
    const disk = name === undefined || name === "" ? undefined : jbodDisk(name);
    return disk && !JBOD_CATALOGUE.some((d) => d.name === disk.name) ? [disk] : [];
  } catch {
    return [];
  }
}

/** The full set of input values of a design, the given ones merged over the reference design. */
function inputValues(inputs: Partial<WorkbookInputs> = {}): WorkbookInputs & DocumentInputs {
  const given = Object.fromEntries(Object.entries(inputs).filter(([, v]) => v !== undefined));
  const values = { ...REFERENCE_DESIGN_INPUTS, ...DOCUMENT_DEFAULTS, ...given } as WorkbookInputs & DocumentInputs;
  // The server disk by the name the Hardware sheet lists it under ("600 GB 10K RPM SAS 2.5\"" is its
  // "600GB 10K RPM SAS 2.5\""): the sheet looks the Inputs' name up there, exactly.
  const listed = values.serverDisk ? tryDiskName(values.serverDisk) : undefined;
  return listed ? { ...values, serverDisk: listed } : values;
}

/** The catalogue or table name jbodDisk gives a disk, or undefined where it knows none (the user's own). */
function tryDiskName(name: string): string | undefined {
  try {
    return jbodDisk(name).name;
  } catch {
    return undefined;
  }
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
    quantity: (key) => quantityReference(key, sheets),
    candidates: candidateColumns(sheets.hardware),
    microsoft: (key) => `${sheetReference(sheets.methods)}!${microsoftCell(key)}`,
    mailboxes: `${sheetReference(sheets.methods)}!${TIER_MAILBOXES_CELL}`,
    microsoftLogSpaceGB: `${sheetReference(sheets.methods)}!${LOG_SPACE_CELL}`,
    methodsCell: (cell) => `${sheetReference(sheets.methods)}!${cell}`,
    vmware: (result) => `${sheetReference(sheets.resilience)}!${absolute(result === "cores" ? RESILIENCE_CELLS.vmwareCores : RESILIENCE_CELLS.vmwareMemoryGB)}`,
    dag: { serversFirstSite: names.serversSite1, serversSecondSite: names.serversSite2, copies: names.copies, layout: names.dagLayout, lagged: names.laggedCopies },
    mcdbCheck: `${inputsRef}!${absolute(MCDB_CHECK_CELL)}`,
    outgrown: { outgrown: `${sheetReference(sheets.methods)}!${OUTGROWN_CELL}`, jbod: `${sheetReference(sheets.methods)}!${SERVER_DISK_HELPERS.jbod}`, disks: `${sheetReference(sheets.methods)}!${SERVER_DISK_CELLS.disks}`, setDatabases: `${sheetReference(sheets.methods)}!${SET_DATABASES_CELL}` },
  };
  const check = designCheckFormula({
    users: names.users,
    quotaMB: names.quotaMB,
    messagesPerDay: names.messagesPerDay,
    messageKB: names.messageKB,
    maxDatabaseGB: names.maxDatabaseGB,
    copies: names.copies,
    laggedCopies: names.laggedCopies,
    environmentCheck: `${inputsRef}!${absolute(ENVIRONMENT_CHECK_CELL)}`,
    serverDisksCheck: `${inputsRef}!${absolute(SERVER_DISKS_CHECK_CELL)}`,
    copiesPerServerCheck: `${inputsRef}!${absolute(COPIES_PER_SERVER_CELL)}`,
    serversSite1: names.serversSite1,
    serversSite2: names.serversSite2,
    dagLayout: names.dagLayout,
    method: names.method,
    exchangeVersion: names.exchangeVersion,
    factor,
    deployedDatabases: `${sheetReference(sheets.design)}!${absolute(DESIGN_CELLS.databasesDeployed)}`,
    deployedCheck: `${sheetReference(sheets.design)}!${absolute(DESIGN_CELLS.deployedCheck)}`,
    // The title and whom it is for and by make no design or none: their rules are their cells' alone.
    // EnvironmentUsers's rule is its combined clause's (designCheckFormula), one message for both.
    // The server disks' rules are their own cell's (SERVER_DISKS_CHECK_CELL): the formula is near Excel's 8,192 characters.
    // The edition's, MCDB's and a set database count's rules too (a short formula is what lets it fit).
    rules: INPUT_ROWS.filter((row) => row.rule.kind !== "text" && row.key !== "environmentUsers" && !OWN_CHECK_INPUTS.includes(row.key)).map((row) => ({ name: names[row.key], label: row.label, rule: row.rule })),
  });
  const hardwareNames = { diskClassNames: diskClassNameRange(sheets.hardware), serverDiskNames: serverDiskNameRange(sheets.hardware) };
  const serverDisksCheck = rulesCheckFormula(
    INPUT_ROWS.filter((row) => OWN_CHECK_INPUTS.includes(row.key)).map((row) => ({ name: names[row.key], label: row.label, rule: sheetRuleOf(row, hardwareNames) })),
    // A set database count is Microsoft's method's (design-check.ts databasesPerDagFailsFormula).
    databasesPerDagFailsFormula(names),
  );
  const values = inputValues(options.inputs);
  const revised = options.revised ?? isoToday();
  const copiesPerServer = copiesPerServerFormula({
    copies: names.copies,
    serversSite1: names.serversSite1,
    serversSite2: names.serversSite2,
    dagLayout: names.dagLayout,
    deployedDatabases: `${sheetReference(sheets.design)}!${absolute(DESIGN_CELLS.databasesDeployed)}`,
  });
  const mcdbCheck = mcdbCheckFormula(names.mcdb, names.exchangeVersion, `${sheetReference(sheets.design)}!${absolute(DESIGN_CELLS.methodUsed)}`, `${sheetReference(sheets.methods)}!${SERVER_DISK_HELPERS.jbod}`, `${sheetReference(sheets.methods)}!${SERVER_DISK_CELLS.disks}`);
  const inputs = buildInputs(sheets.inputs, values, check, hardwareNames, environmentCheckFormula(names.environmentUsers, dagMailboxesFormula(`${sheetReference(sheets.design)}!${absolute(DESIGN_CELLS.methodUsed)}`, sheetReference(sheets.methods), names.users)), serverDisksCheck, copiesPerServer, mcdbCheck);
  const { sheet: design, chart } = buildDesign(sheets.design, ref, methodOf(values));
  const hardware = buildHardware(sheets.hardware, sheets.design, names, diskBeyondCatalogue(values.serverDisk), methodOf(values));
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
    { name: names.serverDisks, sheet: sheets.hardware, range: hardware.serverDisks, comment: "Server disks (JBOD or RAID): name, raw GB, random IOPS" },
    ...TIERS.names(sheets.inputs, tail),
  ];
  // Every database of the design as written, and room for an edited customer copy's new ones.
  const databases = designDatabases(values);
  const gridRows = distributionGridRows(databases);
  const resilience = buildResilience(sheets.resilience, sheets.design, sheets.methods, names, factor, { sheet: sheets.distribution, rows: gridRows });
  const designRef = (key: DesignOutput) => `${sheetReference(sheets.design)}!${absolute(DESIGN_CELLS[key])}`;
  const resilienceRef = (cell: string) => `${sheetReference(sheets.resilience)}!${absolute(cell)}`;
  const methods = methodsSheet({
    sheetName: sheets.methods,
    tiers: tierNames(tail),
    // The Inputs' defined names under the catalogue's keys (an input the sheet reads needs no line here), and the sites' and disks' own.
    names: {
      ...names,
      serversFirstSite: names.serversSite1,
      serversSecondSite: names.serversSite2,
      methodUsed: designRef("methodUsed"),
      serverDisks: { disk: names.serverDisk, databasesPerVolume: names.databasesPerVolume, autoReseedDisks: names.autoReseedDisks, spareDisks: names.spareDisks, ...serverDiskColumns(sheets.hardware), exchangeVersion: names.exchangeVersion, ssdSizes: ssdSizeRange(sheets.hardware), mcdb: names.mcdb },
    },
    // The papers' figures beside Microsoft's: the Design and Resilience cells that hold them.
    design: (key) =>
      ({
        mailboxMB: designRef("mailboxOnDiskMB"),
        logsPerUser: designRef("logFilesPerUserPerDay"),
        iopsPerUser: designRef("iopsPerUser"),
        databases: designRef("dellDatabases"),
        databaseGB: designRef("databaseGB"),
        databaseIops: designRef("dellDatabaseIops"),
        dagIops: designRef("dellDagDatabaseIops"),
        logIops: designRef("logIops"),
        serverMemoryGB: resilienceRef(RESILIENCE_CELLS.vmwareMemoryGB),
        serverCores: resilienceRef(RESILIENCE_CELLS.vmwareCores),
      })[key as string],
  });
  const jetstress = buildJetstress(sheets.jetstress, sheets.resilience, names.servers);
  return {
    title: options.title ?? (values.title || DEFAULT_TITLE),
    ...(values.preparedFor ? { preparedFor: values.preparedFor } : {}),
    ...(values.preparedBy ? { preparedBy: values.preparedBy } : {}),
    revised,
    font: { name: "Calibri", size: 11 },
    sheets: [
      buildSummary(sheets, names, revised, tierNames(tail)),
      wrapText(inputs, WRAPPED_COLUMNS.inputs, INPUTS_LAYOUT.profileHeader),
      wrapText(design, WRAPPED_COLUMNS.design, DESIGN_HEADER_ROW),
      wrapText(methods, WRAPPED_COLUMNS.methods, 4),
      wrapText(resilience, WRAPPED_COLUMNS.resilience, 4),
      withPreferenceColours(
        distributionSheet({
          sheetName: sheets.distribution,
          // The busiest server's mailboxes count every tier's by Microsoft's method (Role Requirements!C100).
          names: { users: dagMailboxesFormula(`${sheetReference(sheets.design)}!${absolute(DESIGN_CELLS.methodUsed)}`, sheetReference(sheets.methods), names.users), serversFirstSite: names.serversSite1, serversSecondSite: names.serversSite2, copies: names.copies, dagLayout: names.dagLayout, lagged: names.laggedCopies },
          databases: resilienceRef(RESILIENCE_CELLS.databases),
          rows: gridRows,
          printedRows: databases,
        }),
        gridRows,
      ),
      wrapText(jetstress, WRAPPED_COLUMNS.jetstress, 4),
      wrapText(hardware.sheet, WRAPPED_COLUMNS.hardware, HARDWARE_CELLS.serverDiskRow(0) - 1),
      wrapText(buildSources(sheets.sources), WRAPPED_COLUMNS.sources, 4),
    ],
    names: definedNames,
    // The Design sheet's capacity chart, and the Summary's pictures.
    charts: [chart, ...summaryCharts(sheets.summary)],
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
