/**
 * Where the workbook shows each quantity of the design's catalogue: every cell that shows
 * it, by sheet. One table, so that one property test (tests/workbook/quantity-cells.test.ts) holds
 * every one of them equal to sizeDesign over random designs, live and in the customer copy, and a
 * quantity added to the catalogue is either given its cells here or said not to be on a sheet.
 */
import type { Design } from "../engine/design";
import type { QuantityKey } from "../engine/catalogue";
import { MICROSOFT_MODE_CELLS } from "./sheets/resilience";
import { SITE_SERVER_CELLS, microsoftCell } from "./sheets/methods";
import { SUMMARY_ENVIRONMENT_CELLS, SUMMARY_MCDB_CELLS, SUMMARY_SERVER_DISK_CELLS } from "./sheets/summary";
import { absolute, sheetReference, type TemplateSheet } from "./sheets/shared";
import { DESIGN_CELLS, RENDERED_QUANTITY_CELLS } from "./sheets/design";
import { RESILIENCE_CELLS } from "./sheets/resilience";
import { SUMMARY_CELLS } from "./sheets/summary";

export interface QuantityCell {
  sheet: TemplateSheet;
  cell: string;
  /**
   * Whether the cell shows this quantity for the design: else it shows something else in its place
   * (the papers' arrays are blank on a Microsoft-method Summary; a RAID set's databases a volume are
   * words). Always, when left out.
   */
  shows?: (design: Design) => boolean;
}

const microsoft = (d: Design) => d.method === "microsoft";
const dell = (d: Design) => d.method === "dell";
const jbod = (d: Design) => d.method === "microsoft" && d.serverDisks !== undefined;
/** Two sites, and the design survives the loss of one (else the row says "not survivable"). */
const siteSurvived = (d: Design) => d.serversPerSite.length === 2 && d.siteFailureMailboxesPerServer !== undefined;
const several = (d: Design) => d.dags > 1;
/** Active/passive by Microsoft's method: each site's servers sized on their own, on the Summary's rows of their own. */
const bySite = (d: Design) => d.siteServers !== undefined;
const oneServer = (d: Design) => !bySite(d);
const methods = (cell: string): QuantityCell => ({ sheet: "methods", cell: cell.replace(/\$/g, "") });
const summary = (cell: string, shows?: QuantityCell["shows"]): QuantityCell => ({ sheet: "summary", cell, ...(shows ? { shows } : {}) });
const resilience = (cell: string, shows?: QuantityCell["shows"]): QuantityCell => ({ sheet: "resilience", cell, ...(shows ? { shows } : {}) });
const design = (cell: string): QuantityCell => ({ sheet: "design", cell });
const mode = (m: keyof typeof MICROSOFT_MODE_CELLS.row, column: "activeDatabases" | "megacycles"): QuantityCell => resilience(`${MICROSOFT_MODE_CELLS[column]}${MICROSOFT_MODE_CELLS.row[m]}`, microsoft);
const S = SUMMARY_CELLS;
/** The Design sheet's answer rows: the design's figure by its method (its other rows are each method's own). */
const DC = DESIGN_CELLS;
const D = SUMMARY_SERVER_DISK_CELLS;
const R = RESILIENCE_CELLS;

type QuantityCells = Readonly<Partial<Record<QuantityKey, readonly QuantityCell[]>>>;

/**
 * Tables of quantities' cells made one, each quantity and each cell given once: a quantity given cells in two
 * tables, or a cell given to two quantities, is an error here rather than the later table's silently — unless
 * each says when it shows there (`shows`: the Summary's server row is one server's, or the first site's), which
 * the property test holds against every design.
 */
export function joinedQuantityCells(...tables: readonly QuantityCells[]): QuantityCells {
  const joined: Partial<Record<QuantityKey, readonly QuantityCell[]>> = {};
  const shownAt = new Map<string, { key: string; turns: boolean }>();
  for (const table of tables) {
    for (const [key, cells] of Object.entries(table) as Array<[QuantityKey, readonly QuantityCell[]]>) {
      if (joined[key] !== undefined) throw new Error(`the quantity ${key} is given its cells twice`);
      for (const { sheet, cell, shows } of cells) {
        const other = shownAt.get(`${sheet}!${cell}`);
        if (other !== undefined && !(other.turns && shows !== undefined)) throw new Error(`the cell ${sheet}!${cell} is given to both ${other.key} and ${key}`);
        shownAt.set(`${sheet}!${cell}`, { key, turns: shows !== undefined });
      }
      joined[key] = cells;
    }
  }
  return Object.freeze(joined);
}

/** Each quantity's cells. A quantity of one method shows blank or "—" under the other (the test holds that too). */
export const QUANTITY_CELLS: QuantityCells = joinedQuantityCells({
  databases: [resilience(R.databases), design(DC.databasesDeployed)],
  // Each method's own row: Dell's Table 18 on the Design sheet, Microsoft's column of the Methods sheet (every tier's, weighted).
  mailboxOnDiskMB: [{ ...design(DC.mailboxOnDiskMB), shows: dell }, { ...methods(microsoftCell("disk")), shows: microsoft }],
  databaseVolumes: [summary(S.databaseVolumes)],
  databaseVolumeGB: [summary(S.databaseVolumeGB), design(DC.answerDatabaseVolumeGB)],
  logVolumes: [summary(S.logVolumes)],
  logVolumeGB: [summary(S.logVolumeGB), design(DC.answerLogVolumeGB)],
  capacityPerCopyGB: [summary(S.capacityPerCopyGB), design(DC.answerCapacityGB)],
  capacityAllCopiesGB: [summary(S.capacityAllCopiesGB)],
  volumesGB: [summary(S.volumesGB), design(DC.answerVolumesGB)],
  databaseIops: [summary(S.databaseIops), design(DC.answerDatabaseIops)],
  dagDatabaseIops: [summary(S.dagDatabaseIops), design(DC.answerDagIops)],
  dagLogIops: [summary(S.dagLogIops), design(DC.answerLogIops)],
  disksPerServer: [summary(D.disksPerServer)],
  serverDisk: [summary(D.disk)],
  dagDisks: [summary(D.dagDisks)],
  databaseLogDisksPerServer: [summary(D.databaseLogDisks)],
  databasesPerVolume: [summary(D.databasesPerVolume, jbod)],
  mcdbSsdsPerServer: [summary(SUMMARY_MCDB_CELLS.ssdsPerServer, (d) => d.mcdb !== undefined)],
  mcdbSsdGB: [summary(SUMMARY_MCDB_CELLS.ssdGB, (d) => d.mcdb !== undefined)],
  dagMcdbSsds: [summary(SUMMARY_MCDB_CELLS.dagSsds, (d) => d.mcdb !== undefined)],
  arrays: [summary(S.arrays, dell)],
  arrayModel: [summary(S.arrayModel, dell)],
  arraysPerCopy: [summary(S.arraysPerCopy, dell)],
  spindles: [summary(S.spindles, dell)],
  servers: [summary(S.servers, oneServer)],
  coresPerServer: [summary(S.coresPerServer, oneServer), resilience(R.designCores), design(DC.answerCores)],
  memoryPerServerGB: [summary(S.memoryPerServerGB, oneServer), resilience(R.designMemoryGB), design(DC.answerMemoryGB)],
  serversSite1: [summary(S.servers, bySite)],
  serversSite2: [summary(S.serversSite2)],
  disksPerServerSite2: [summary(D.disksPerServerSite2)],
  serverDiskArchitectureSite2: [summary(D.architectureSite2)],
  coresPerServerSite1: [methods(SITE_SERVER_CELLS.coresSite1), summary(S.coresPerServer, bySite)],
  memoryPerServerGBSite1: [methods(SITE_SERVER_CELLS.memorySite1), summary(S.memoryPerServerGB, bySite)],
  coresPerServerSite2: [methods(SITE_SERVER_CELLS.coresSite2), summary(S.coresPerServerSite2)],
  memoryPerServerGBSite2: [methods(SITE_SERVER_CELLS.memorySite2), summary(S.memoryPerServerGBSite2)],
  pageFileGB: [summary(S.pageFileGB), design(DC.answerPageFileGB)],
  transportGBPerServer: [resilience(MICROSOFT_MODE_CELLS.transportGB, microsoft)],
  worstFailure: [summary(S.worstFailure)],
  worstMailboxesPerServer: [summary(S.worstMailboxesPerServer)],
  worstTargetIops: [summary(S.worstTargetIops), resilience(R.designTargetIops)],
  normalMailboxesPerServer: [resilience(`${R.activeMailboxes}${R.scenarioRow.normal}`)],
  siteFailureMailboxesPerServer: [resilience(`${R.activeMailboxes}${R.scenarioRow.site}`, siteSurvived)],
  normalActiveDatabases: [mode("normal", "activeDatabases")],
  serverActiveDatabases: [mode("server", "activeDatabases")],
  doubleServerActiveDatabases: [mode("doubleServer", "activeDatabases")],
  siteActiveDatabases: [mode("site", "activeDatabases")],
  siteServerActiveDatabases: [mode("siteServer", "activeDatabases")],
  siteDoubleServerActiveDatabases: [mode("siteDoubleServer", "activeDatabases")],
  normalMegacycles: [mode("normal", "megacycles")],
  serverMegacycles: [mode("server", "megacycles")],
  doubleServerMegacycles: [mode("doubleServer", "megacycles")],
  siteMegacycles: [mode("site", "megacycles")],
  siteServerMegacycles: [mode("siteServer", "megacycles")],
  siteDoubleServerMegacycles: [mode("siteDoubleServer", "megacycles")],
  dags: [summary(SUMMARY_ENVIRONMENT_CELLS.dags, several)],
  environmentServers: [summary(SUMMARY_ENVIRONMENT_CELLS.servers, several)],
  environmentDatabases: [summary(SUMMARY_ENVIRONMENT_CELLS.databases, several)],
  environmentDisks: [summary(D.environmentDisks, (d) => several(d) && d.method === "microsoft")],
},
  // The catalogue's rendered quantities, each in its row of the Design sheet.
  Object.fromEntries(Object.entries(RENDERED_QUANTITY_CELLS).map(([key, cell]) => [key, [design(cell!)]])),
);

/** The first cell that always shows a quantity, qualified by its sheet's name: what a rendering over it reads. */
export function quantityReference(key: string, sheets: Readonly<Record<TemplateSheet, string>>): string {
  const cell = QUANTITY_CELLS[key as QuantityKey]?.find((c) => c.shows === undefined);
  if (cell === undefined) throw new Error(`the quantity ${key} has no cell that always shows it, for a rendering to read`);
  return `${sheetReference(sheets[cell.sheet])}!${absolute(cell.cell)}`;
}

/** The quantities no sheet shows as a figure of their own, and where a reader finds them instead. */
export const QUANTITIES_NOT_ON_A_SHEET: Readonly<Partial<Record<QuantityKey, string>>> = Object.freeze({
  mailboxesPerDatabase: "the Distribution sheet's databases, each with its mailboxes",
  serverDatabaseIops: "the Jetstress sheet's targets a server",
  serverDiskArchitecture: "the Summary's server-disk heading, in words (JBOD or the RAID level)",
  databaseLogRaid: "the Summary's server-disk labels, in words",
  restoreRaid: "the Summary's restore cell, in words",
  restoreDisksPerServer: "the Summary's restore cell, in words",
  serverDisksProblem: "the Summary's server-disk heading, in words",
  databasesPerVolumeNote: "exsize design's server-disk line and --json; the Summary's databases a volume shows the number laid",
  mcdbGBPerServer: "the Methods sheet's MCDB rows",
  mcdbSharePercent: "the Summary's MCDB row, in words",
  mcdbProblem: "the Summary's MCDB row, in words",
  spindleRaid: "the Summary's spindles row, in words",
  spindleDisk: "the Summary's spindles row, in words",
  coresBasis: "the Summary's servers row, in words",
  worstCpuUtilizationPercent: "the Design sheet's servers that cannot carry the design, and the Design check, in words, past the target",
  cpuUtilizationTargetPercent: "the Design sheet's servers that cannot carry the design, in words",
  coresToCarryPerServer: "the Design sheet's servers that cannot carry the design, and the Design check, in words, past the target",
  neverLessCoresPerServer: "the Summary's cores a server, when the Inputs' ServerSizing is \"never less\"",
  neverLessMemoryPerServerGB: "the Summary's memory a server, when the Inputs' ServerSizing is \"never less\"",
  transportGBPerDag: "the transport database a server × the servers",
  // Active/passive's sites' disks: design --json for now; the Summary's server disks show the first site's.
  serverDiskArchitectureSite1: "design --json; the Summary's server-disk heading, in words, is the first site's",
  disksPerServerSite1: "design --json; the Summary's disks a server are the first site's",
  pageFileGBSite1: "design --json; the Summary's page file is the larger site's server's",
  pageFileGBSite2: "design --json; the Summary's page file is the larger site's server's",
  serversPerDag: "the Summary's servers",
  usersPerDag: "the Inputs sheet's Users",
  environmentUsers: "the Inputs sheet's Mailboxes in the environment",
});
