/**
 * The Resilience sheet: failure scenarios and the servers that carry them — for each, the
 * busiest running server's active databases, mailboxes, target IOPS, cores and memory, over the copy
 * layout of the DAG's databases (src/engine/layout.ts, docs/dag-layout.md) — and the worst survivable
 * case the design is sized for. Columns: A scenario, B what fails, C running servers, D active
 * databases, E active mailboxes, F target IOPS, G cores, H memory; J a helper key off the page.
 */
import type { FactorName } from "../../engine";
import { activeMailboxesFormula } from "../../engine/layout-formulas";
import { balancedDatabasesFormula, targetIopsFormula, type FailoverResult, type FailoverScenario } from "../../engine/excel-formulas";
import { dashOnError, dashUnless, dashWhen, eitherWords, formula, isNumber, text } from "../display";
import { activationUnitFormula, dagFactorFormula, numberOrZeroFormula, whenPositiveFormula } from "../formulas/microsoft-factors";
import { stackRows } from "../rows";
import { failoverRendered, modeActiveRendered, modeActiveShownFormula, modeServerRendered, vmwareServerRendered } from "../formulas/resilience";
import { CPU_UTILIZATION_TARGET, modeCpuUtilizationFormula, perServerFormula, scenarioKeyFormula, worstOfFormula } from "../../engine/design/formulas";
import { distributionLayout } from "./distribution";
import {
  activeByUnitFormula,
  activeModeFormula,
  activeOrNoneFormula,
  copiesFirstSiteFormula,
  copiesPerServerFormula,
  maxDatabasesFormula,
  megacyclesFormula,
  permutationsFormula,
  tierAverageFormula,
  transportFormula,
  type ActiveMode,
  type MicrosoftCells,
} from "../../engine/microsoft/formulas";
import { cite } from "../../engine/papers";
import type { CellModel, Highlight, SheetModel } from "../model";
import { DESIGN_CELLS } from "./design";
import { MICROSOFT_FACTOR_INPUTS } from "../../engine/catalogue";
import type { MicrosoftFactorName } from "../../engine/microsoft/tables";
import { CALCULATED_DATABASES_CELL, DISK_FACTOR_CELLS, INPUT_FACTOR_CELLS, MAX_DATABASE_CELL, NEVER_LESS_CELL, SIZED_TIER_CELLS, TIER_MAILBOXES_CELL, dagMailboxesFormula } from "./methods";
import { ONE_SITE, ESRP_2013, ESRP_2016, FORMAT, VMWARE, absolute, header, landscape, sectionHeading, sheetReference, titleAndNote, type NameKey, type Rendered } from "./shared";

const SCENARIO_ROWS: ReadonlyArray<{ scenario: FailoverScenario; fails: string }> = [
  { scenario: "normal", fails: "Nothing: every server up" },
  { scenario: "server", fails: "One server" },
  { scenario: "site", fails: "A whole site (the worst one to lose)" },
  { scenario: "site+server", fails: "A site, then one more server" },
];
/**
 * Microsoft's calculator by failure mode: for a design sized by its method, the busiest
 * server's active databases and megacycles in each failure mode, as its Role Requirements sheet lists
 * them (C195:F201; a site and one or two more servers, C128:C129) — Microsoft's databases function's "active.<mode>"
 * and its server function's "megacycles.<mode>" live, formulas.ts activeModeFormula and megacyclesFormula native, at
 * the design's deployed databases (sizeDesign's Design.microsoft.failureModes). Helpers in K:M, off the page.
 */
const MICROSOFT_MODES: ReadonlyArray<{ mode: ActiveMode; label: string; fails: string }> = [
  { mode: "normal", label: "normal", fails: "Nothing: every server up" },
  { mode: "server", label: "server", fails: "One server" },
  { mode: "doubleServer", label: "2 servers", fails: "Two servers in a site" },
  { mode: "site", label: "site", fails: "A whole site" },
  { mode: "siteServer", label: "site+server", fails: "A site, then one more server" },
  { mode: "siteDoubleServer", label: "site+2 servers", fails: "A site, then two more servers" },
];
/** The sheet's rows: the scenarios, the worst survivable case and its notes, then Microsoft's failure modes (a heading, two notes and a header over them). */
const ROWS = stackRows(5, [
  ["scenarios", SCENARIO_ROWS.length, 1],
  ["summary", 9, 1],
  ["modesHeading", 4],
  ["modes", MICROSOFT_MODES.length],
]);
export const RESILIENCE_FIRST_ROW = ROWS.scenarios.first;
export const RESILIENCE_LAST_ROW = ROWS.scenarios.last;
const RESILIENCE_SUMMARY_ROW = ROWS.summary.first;
export const NOT_SURVIVABLE = "not survivable";
export { ONE_SITE };
const NO_VALUE = "—";
/** Active mailboxes' column, which the target IOPS reads in its row. */
const C_MAILBOXES = "E";
const SITE_SCENARIOS: ReadonlySet<FailoverScenario> = new Set<FailoverScenario>(["site", "site+server"]);

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
  /** VMware's rule at the worst scenario, off the page (Dell's process's servers; the Methods sheet's papers' column). */
  vmwareCoresColumn: "L",
  vmwareMemoryColumn: "M",
  vmwareCores: `L${RESILIENCE_SUMMARY_ROW}`,
  vmwareMemoryGB: `M${RESILIENCE_SUMMARY_ROW}`,
  /** Database IOPS per server in normal operation, every copy counted (004, Figure 6: 229). */
  normalIopsPerServer: `F${RESILIENCE_SUMMARY_ROW + 1}`,
  /** The DAG's databases: the design's count, its method's (docs/one-design.md). */
  databases: `F${RESILIENCE_SUMMARY_ROW + 2}`,
});

/** The Distribution sheet whose exact loads the customer copy's scenarios read, and its grid's rows. */
export interface ResilienceDistribution {
  sheet: string;
  rows: number;
}

export function buildResilience(sheet: string, designSheet: string, methodsSheet: string, names: Record<NameKey, string>, factor: (name: FactorName) => string, distribution: ResilienceDistribution): SheetModel {
  const design = sheetReference(designSheet);
  // The Methods sheet's disk the calculator counts from and its count before symmetry: the failure modes read them.
  const methods = sheetReference(methodsSheet);
  const iopsPerMailbox = `${design}!${absolute(DESIGN_CELLS.answerIopsPerMailbox)}`;
  const databases = absolute(RESILIENCE_CELLS.databases);
  // The busiest server's active mailboxes count every tier's by Microsoft's method (Role Requirements!C100).
  const mailboxes = dagMailboxesFormula(`${design}!${absolute(DESIGN_CELLS.methodUsed)}`, methods, names.users);
  // EX_FAILOVER over the copy layout (src/engine/layout.ts, docs/dag-layout.md) of the DAG's databases.
  // The customer copy reads the Distribution sheet's busiest server, exact at any count its grid holds (layout.ts scenarioLoads).
  const grid = distributionLayout(distribution.rows);
  const table = (column: string, scenario: FailoverScenario) => `${sheetReference(distribution.sheet)}!$${column}$${grid.scenarioRows[scenario].databases}`;
  const exactOf = (scenario: FailoverScenario, perMailbox: string, result: FailoverResult, row: number): string => {
    const busiest = table(grid.table.busiest, scenario);
    if (result === "servers") return table(grid.table.running, scenario);
    if (result === "databases") return busiest;
    return result === "mailboxes" ? activeMailboxesFormula(busiest, mailboxes, databases) : targetIopsFormula(`${C_MAILBOXES}${row}`, perMailbox);
  };
  const dag = { mailboxes, servers: names.servers, copies: names.copies, dagLayout: names.dagLayout, databases, laggedCopies: names.laggedCopies };
  // A design with no count has no scenarios; a text on the Distribution sheet (not survivable, one site) is the fallback.
  const failoverOf = (scenario: FailoverScenario, perMailbox: string, result: FailoverResult, fallback: string, row: number): Rendered =>
    failoverRendered(dag, scenario, perMailbox, result, fallback, table(grid.table.busiest, scenario), exactOf(scenario, perMailbox === "" ? "0" : perMailbox, result, row));
  // A scenario's cores and memory are VMware's rule for its busiest server, Dell's process's. Microsoft's
  // calculator sizes a server once, for its worst failure mode (the worst case row, and its modes below).
  const byMicrosoft = `${design}!${absolute(DESIGN_CELLS.methodUsed)}="microsoft"`;
  // VMware's rule is kept off the page (columns L, M) for the Methods sheet's papers' column, whatever the method.
  const server = (mailboxes: string, result: "cores" | "memory"): Rendered => vmwareServerRendered(mailboxes, result, names.factors, factor);
  const shown = (helper: string): Rendered => ({ formula: formula(dashWhen(byMicrosoft, helper)) });
  const cells: CellModel[] = [
    ...titleAndNote(
      "Resilience: what the busiest running server carries when servers or a site fail",
      "Each database runs on its next copy by activation preference; each row is the busiest server of the worst failure of its kind.",
    ),
    // Its own line: on the note's, it ran off the printed page.
    { address: "A3", value: "Not survivable: a database is left without a copy.", role: "note" },
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
  // A site's failure needs a second site: in one site its row says so and holds dashes, never "not survivable".
  const twoSites = isNumber(names.serversSite2);
  const ifTwoSites = (rendered: Rendered): Rendered => ({
    formula: formula(dashUnless(twoSites, rendered.formula.slice(1))),
    ...(rendered.native ? { native: formula(dashUnless(twoSites, rendered.native.slice(1))) } : {}),
  });
  const siteRows: Record<number, number> = {};
  SCENARIO_ROWS.forEach((row, i) => {
    const r = RESILIENCE_FIRST_ROW + i;
    const site = SITE_SCENARIOS.has(row.scenario);
    const failover = (scenario: FailoverScenario, perMailbox: string, result: FailoverResult, fallback: string): Rendered =>
      site ? ifTwoSites(failoverOf(scenario, perMailbox, result, fallback, r)) : failoverOf(scenario, perMailbox, result, fallback, r);
    if (site) siteRows[r] = 2 * LINE_POINTS;
    cells.push(
      { address: `A${r}`, value: row.scenario, role: "label" },
      site
        ? { address: `${C.whatFails}${r}`, formula: formula(eitherWords(twoSites, row.fails, `${row.fails}: ${ONE_SITE}`)), role: "note", wrap: true }
        : { address: `${C.whatFails}${r}`, value: row.fails, role: "note" },
      put(`${C.survivingServers}${r}`, failover(row.scenario, "", "servers", NOT_SURVIVABLE), FORMAT.servers),
      put(`${C.activeDatabases}${r}`, failover(row.scenario, "", "databases", NOT_SURVIVABLE), FORMAT.databases),
      put(`${C.activeMailboxes}${r}`, failover(row.scenario, "", "mailboxes", NOT_SURVIVABLE), FORMAT.mailboxes),
      put(`${C.targetIops}${r}`, failover(row.scenario, iopsPerMailbox, "target", NO_VALUE), FORMAT.iops),
      put(`${C.cores}${r}`, shown(`${C.vmwareCoresColumn}${r}`), FORMAT.cores),
      put(`${C.memoryGB}${r}`, shown(`${C.vmwareMemoryColumn}${r}`), FORMAT.gb),
      { ...put(`${C.vmwareCoresColumn}${r}`, server(`${C.activeMailboxes}${r}`, "cores"), ";;;"), role: "step" },
      { ...put(`${C.vmwareMemoryColumn}${r}`, server(`${C.activeMailboxes}${r}`, "memory"), ";;;"), role: "step" },
    );
  });
  const s = RESILIENCE_SUMMARY_ROW;
  const span = (col: string) => `${col}${RESILIENCE_FIRST_ROW}:${col}${RESILIENCE_LAST_ROW}`;
  cells.push(
    // The heading's fill runs under its label (A-E); the answers beside it stay plain.
    ...sectionHeading(s, "Design for the worst survivable case", 4),
    { address: `E${s}`, value: "Worst case:", role: "heading" },
    { address: `F${s}`, formula: formula(worstOfFormula(span("F"))), numberFormat: FORMAT.iops, role: "output" },
    // The design's servers, the Design sheet's answer that the Summary shows: Microsoft's calculator's, or
    // by Dell's process VMware's rule at the worst scenario (read from here), and the version's least memory.
    { address: `G${s}`, formula: formula(`${design}!${absolute(DESIGN_CELLS.answerCores)}`), numberFormat: FORMAT.cores, role: "output" },
    { address: `H${s}`, formula: formula(`${design}!${absolute(DESIGN_CELLS.answerMemoryGB)}`), numberFormat: FORMAT.gb, role: "output" },
    // VMware's rule at the worst scenario, off the page: the papers' servers, which the Methods sheet compares.
    { address: C.vmwareCores, formula: formula(worstOfFormula(span(C.vmwareCoresColumn))), numberFormat: ";;;", role: "step" },
    { address: C.vmwareMemoryGB, formula: formula(worstOfFormula(span(C.vmwareMemoryColumn))), numberFormat: ";;;", role: "step" },
    { address: `A${s + 1}`, value: "Normal operation: database IOPS per server, every copy", role: "label" },
    {
      address: `F${s + 1}`,
      formula: formula(perServerFormula(`${design}!${absolute(DESIGN_CELLS.answerDagIops)}`, names.servers)),
      numberFormat: FORMAT.iops,
      role: "output",
    },
    { address: `A${s + 2}`, value: "Databases in the DAG: the design's count", role: "label" },
    { address: C.databases, formula: formula(`${design}!${absolute(DESIGN_CELLS.databasesDeployed)}`), numberFormat: FORMAT.databases, role: "output" },
    // Two IOPS a server that look alike: Jetstress's target (the busiest server's active mailboxes in the worst
    // failure) and normal operation's (the DAG's IOPS over its servers: every copy, passive ones too).
    { address: `A${s + 4}`, value: `Jetstress must reach the worst case's target on every server (${ESRP_2013("6.2")}): active mailboxes only.`, role: "source" },
    { address: `A${s + 5}`, value: `Normal operation counts every copy, passive too: 3,666 / 16 = 229 (${ESRP_2016("Figure 6")}).`, role: "source" },
    { address: `A${s + 6}`, value: "Databases are laid out as Microsoft's calculator spreads them; an uneven spread is counted exactly on the busiest server.", role: "source" },
    { address: `A${s + 7}`, value: `Failure scenarios: ${ESRP_2013("4.1")} and ${ESRP_2016("4.1")}.`, role: "source" },
    {
      address: `A${s + 8}`,
      formula: formula(eitherWords(byMicrosoft, `Servers' cores and memory: ${cite("microsoft")}, for the worst failure mode below.`, `Servers' cores and memory: ${VMWARE()}.`)),
      role: "source",
    },
  );
  const microsoft = microsoftModes(MODES_ROW, design, methods, names);
  cells.push(...microsoft);
  const highlights: Highlight[] = [{ range: `C${RESILIENCE_FIRST_ROW}:E${RESILIENCE_LAST_ROW}`, text: NOT_SURVIVABLE, tone: "bad" }];
  // Helper keys off the page: the worst failure is the most mailboxes on the busiest server, then
  // the most IOPS (sizeDesign's rule); not survivable is -1.
  const E = (r: number) => `${C.activeMailboxes}${r}`;
  const F = (r: number) => `${C.targetIops}${r}`;
  for (let r = RESILIENCE_FIRST_ROW; r <= RESILIENCE_LAST_ROW; r++) {
    cells.push({ address: `${C.worstKey}${r}`, formula: formula(scenarioKeyFormula(E(r), F(r), span(C.targetIops))), role: "step" });
  }
  return { name: sheet, columnWidths: [12, 30, 15, 15, 17, 13, 9, 9], frozenRows: 4, print: { ...landscape(1, "4:4"), area: `A1:H${MODES_LAST_ROW + 4}` }, rowHeights: siteRows, highlights, cells };
}

/** One line of Calibri 11, in points: a site row holds two, for "…: does not apply (one site)". */
const LINE_POINTS = 15;

const MODES_ROW = ROWS.modesHeading.first;
const MODES_FIRST_ROW = ROWS.modes.first;
const MODES_LAST_ROW = ROWS.modes.last;
export const MICROSOFT_MODE_CELLS = Object.freeze({
  /** The row of each failure mode (design.ts MicrosoftFailureMode less the worst). */
  row: Object.fromEntries(MICROSOFT_MODES.map((m, i) => [m.mode, MODES_FIRST_ROW + i])) as Record<ActiveMode, number>,
  activeDatabases: "C",
  megacycles: "D",
  /** The mode's CPU utilisation on the servers named (a SPECint2006 rate given), against the calculator's 80% (Role Requirements!C255). */
  cpuUtilization: "E",
  /** The transport (Safety Net) database of a server, GB (Role Requirements!C184). */
  transportGB: `D${MODES_LAST_ROW + 1}`,
});

function microsoftModes(top: number, design: string, methods: string, names: Record<NameKey, string>): CellModel[] {
  const at = (column: string, row: number) => `$${column}$${row}`;
  // Helpers: K labels, L values; the EX_MS_* functions' factors are L's first two rows with their names in K.
  // The third, activationUnit: a balancing unit's databases, whose active databases repeat once a unit;
  // then the lagged copies (never activated) and their replay lag, which only a lagged copy reads.
  // The first eleven are the EX_MS_* functions' factors: the disk the calculator counts from, the layout, never less and a
  // custom maximum database size are the Methods sheet's; then those the design's inputs set (the catalogue's
  // factor inputs, the Methods sheet's rows).
  const factorRows = ["archiveMB", "deployedDatabases", "activationUnit", "laggedCopies", "lagDays", "diskGB", "diskIops", "databasesPerVolume", "activePassive", "neverLess", "maxDatabaseGB"] as const;
  const inputFactors = MICROSOFT_FACTOR_INPUTS.map((i) => i.microsoftFactor.name);
  const otherRows = ["unitCopiesPerServer", "profile", "disk", "databases", "copiesPerServer", "copiesFirstSite", "maxDatabases", "calculatedDatabases", "permutations"] as const;
  type HelperRow = (typeof factorRows)[number] | (typeof otherRows)[number];
  const helperRows: readonly string[] = [...factorRows, ...inputFactors, ...otherRows];
  const helper = (key: HelperRow | MicrosoftFactorName) => at("L", top + helperRows.indexOf(key));
  const deployed = `${design}!${absolute(DESIGN_CELLS.databasesDeployed)}`;
  // The tiers as the Methods sheet sizes them (tier 1 empty: the design's profile): every tier's mailboxes, the
  // profile and size on disk averaged by mailboxes, and the message size too (design.ts microsoftSizing's transport).
  const tier = (key: Exclude<keyof typeof SIZED_TIER_CELLS, "rows">) => `${methods}!${SIZED_TIER_CELLS[key]}`;
  const c: MicrosoftCells = {
    users: `${methods}!${TIER_MAILBOXES_CELL}`,
    quotaMB: names.quotaMB,
    messagesPerDay: names.messagesPerDay,
    messageKB: `(${tierAverageFormula(SIZED_TIER_CELLS.rows.map((r) => ({ mailboxes: `${methods}!${r.mailboxes}`, value: `${methods}!${r.messageKB}` })), `${methods}!${TIER_MAILBOXES_CELL}`)})`,
    copies: names.copies,
    serversFirstSite: names.serversSite1,
    serversSecondSite: names.serversSite2,
    archiveMB: names.archiveMB,
    cores: names.coresPerServer,
    specRate: names.specIntRate,
    hourShare: "",
    profile: helper("profile"),
    disk: helper("disk"),
    logs: "",
    iops: "",
    databases: helper("databases"),
    copiesPerServer: helper("copiesPerServer"),
    active: "",
    peak: "",
    cache: "",
    megacycles: "",
    calculated: "",
    copiesFirstSite: helper("copiesFirstSite"),
    maxDatabases: helper("maxDatabases"),
    calculatedDatabases: helper("calculatedDatabases"),
    permutations: helper("permutations"),
    laggedCopies: helper("laggedCopies"),
    lagDays: helper("lagDays"),
    activePassive: helper("activePassive"),
    neverLess: helper("neverLess"),
    factors: Object.fromEntries(inputFactors.map((name) => [name, helper(name)])),
  };
  const unit: MicrosoftCells = { ...c, databases: helper("activationUnit"), copiesPerServer: helper("unitCopiesPerServer") };
  const dagOf = { serversFirstSite: names.serversSite1, serversSecondSite: names.serversSite2, copies: names.copies, layout: names.dagLayout, lagged: names.laggedCopies };
  const plain: Record<string, string> = {
    ...Object.fromEntries(inputFactors.map((name) => [name, `${methods}!${INPUT_FACTOR_CELLS[name]}`])),
    archiveMB: names.archiveMB,
    deployedDatabases: dagFactorFormula(names.copies, deployed),
    // Sized by the calculator's rules, the unit is the deployed count: its rules at the count, once.
    activationUnit: activationUnitFormula(names.copies, helper("neverLess"), balancedDatabasesFormula("1", dagOf), deployed, "0"),
    laggedCopies: numberOrZeroFormula(names.laggedCopies),
    lagDays: whenPositiveFormula(helper("laggedCopies"), names.lagDays),
    diskGB: `${methods}!${DISK_FACTOR_CELLS.diskGB}`,
    diskIops: `${methods}!${DISK_FACTOR_CELLS.diskIops}`,
    databasesPerVolume: `${methods}!${DISK_FACTOR_CELLS.databasesPerVolume}`,
    activePassive: `${methods}!${DISK_FACTOR_CELLS.activePassive}`,
    neverLess: `${methods}!${NEVER_LESS_CELL}`,
    maxDatabaseGB: `${methods}!${MAX_DATABASE_CELL}`,
    unitCopiesPerServer: copiesPerServerFormula(unit),
    profile: tier("profile"),
    disk: tier("disk"),
    databases: deployed,
    copiesPerServer: copiesPerServerFormula(c),
    copiesFirstSite: copiesFirstSiteFormula(c),
    maxDatabases: maxDatabasesFormula(c),
    // The calculator's databases before its symmetry rules, as the Methods sheet counts them (from the disk on JBOD).
    calculatedDatabases: `${methods}!${CALCULATED_DATABASES_CELL}`,
    permutations: permutationsFormula(c),
  };
  const cells: CellModel[] = helperRows.flatMap((key, k) => [
    { address: `K${top + k}`, value: key, role: "label" as const },
    // "—", not an error, where a helper has no value (a design Microsoft's method does not size): no cell of a design shows an error.
    { address: `L${top + k}`, formula: formula(dashOnError(plain[key])), role: "step" as const },
  ]);
  const factors = `${at("K", top)}:${at("L", top + factorRows.length + inputFactors.length - 1)}`;
  const args = `${tier("mailboxes")},${tier("messagesPerDay")},${tier("messageKB")},${tier("quotaMB")},${names.servers},${names.copies}`;
  const sized = `${design}!${absolute(DESIGN_CELLS.methodUsed)}="microsoft"`;
  const modeArguments = { args, coresPerServer: names.coresPerServer, specIntRate: names.specIntRate, factors };
  cells.push(
    ...sectionHeading(top, "Microsoft's calculator: active databases and megacycles by failure mode", 8),
    // Two short lines: one long line ran off the printed page.
    { address: `A${top + 1}`, value: "The busiest server in each failure mode by Microsoft's method (never less: a unit's, once a unit). —: the mode cannot occur", role: "note" },
    { address: `A${top + 2}`, value: "or leaves a database without a copy, or the design is sized by Dell's process. Every mailbox tier counts.", role: "note" },
    ...header(top + 3, ["Failure mode", "What fails", "Active databases", "Megacycles", `CPU (target ${CPU_UTILIZATION_TARGET * 100}%)`]),
  );
  MICROSOFT_MODES.forEach((m, i) => {
    const r = MODES_FIRST_ROW + i;
    const raw = at("M", r);
    const activeCell = `${MICROSOFT_MODE_CELLS.activeDatabases}${r}`;
    const mode = m.mode.toLowerCase();
    cells.push(
      { address: `A${r}`, value: m.label, role: "label" },
      { address: `B${r}`, value: m.fails, role: "note" },
      // The mode's active databases, unrounded, off the page: above 0 where the mode occurs and is survivable, else 0.
      {
        address: `M${r}`,
        // Only where the rows show it: a design Dell's process sizes may have no count Microsoft's would deploy.
        // A unit's active databases, once a unit (sizeDesign's busiest server): the worst mode is the Methods sheet's active row.
        ...modeActiveRendered(sized, modeArguments, mode, activeOrNoneFormula(activeByUnitFormula(activeModeFormula(unit, m.mode), helper("databases"), helper("activationUnit")))),
        role: "step",
      },
      { address: activeCell, formula: modeActiveShownFormula(sized, raw), numberFormat: FORMAT.databases, role: "output" },
      {
        address: `${MICROSOFT_MODE_CELLS.megacycles}${r}`,
        ...modeServerRendered(activeCell, modeArguments, `megacycles.${mode}`, megacyclesFormula({ ...c, active: activeCell })),
        numberFormat: '#,##0',
        role: "output",
      },
      // The mode's CPU utilisation on the servers named (their SPECint2006 rate): the calculator's Role Requirements!C208:G209.
      {
        address: `${MICROSOFT_MODE_CELLS.cpuUtilization}${r}`,
        formula: formula(modeCpuUtilizationFormula(`${MICROSOFT_MODE_CELLS.megacycles}${r}`, names.specIntRate, text(NO_VALUE))),
        numberFormat: "0%",
        role: "output",
      },
    );
  });
  const t = MODES_LAST_ROW + 1;
  const rawOf = (mode: ActiveMode) => at("M", MICROSOFT_MODE_CELLS.row[mode]);
  const normalCell = `${MICROSOFT_MODE_CELLS.activeDatabases}${MICROSOFT_MODE_CELLS.row.normal}`;
  cells.push(
    { address: `A${t}`, value: "Transport (Safety Net) database per server", role: "label" },
    {
      address: MICROSOFT_MODE_CELLS.transportGB,
      // Where the normal runtime has a figure: a design Microsoft's method cannot size has no transport either.
      ...modeServerRendered(normalCell, modeArguments, "transport", transportFormula(c, rawOf("server"), rawOf("doubleServer"), [rawOf("site"), rawOf("siteServer"), rawOf("siteDoubleServer")])),
      numberFormat: FORMAT.gb,
      role: "output",
    },
    { address: `A${t + 1}`, value: `Failure modes and transport: ${cite("microsoft")}, Role Requirements sheet.`, role: "source" },
    { address: `A${t + 2}`, value: `Megacycles: the busiest server's copies and client access. CPU: megacycles ÷ (rate × 2,000 ÷ 33.75), at most ${CPU_UTILIZATION_TARGET * 100}%.`, role: "source" },
    { address: `A${t + 3}`, value: "Transport: a day's messages over the servers left after the worst failure, held twice, queued, and kept 7 days by Safety Net.", role: "source" },
  );
  return cells;
}
