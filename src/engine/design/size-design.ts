/**
 * A design, sized once: every figure a design has — databases, volumes, capacity, IOPS,
 * arrays, spindles, servers with cores and memory, the copy layout and every failure scenario — by
 * the method its Exchange version calls for. `exsize design --json`, `layout`, `export`, the pane's
 * answer and the workbook's cached values read this; the workbook's formulas are its second
 * rendering, held equal to it by tests/engine/size-design.test.ts.
 *
 * - Dell's process (000_72e1ddb9bbd1ecac.txt, Tables 14-19, 3.4.1-3.4.2) for Exchange 2010: database
 *   and log volumes, IOPS, arrays; servers by VMware's rule (003).
 * - Microsoft's calculator's (Exchange Server Role Requirements Calculator v7.6, src/engine/microsoft)
 *   for 2013 and later: databases, mailboxes per database, database and log IOPS, memory and cores.
 *
 * One database count, the one deployed: Dell's count rounded up to a balanced one (layout.ts
 * balancedDatabaseCount); Microsoft's calculator's own (Role Requirements!C79), laid out as evenly as it
 * allows, balanced only where the servers are sized never less (docs/one-design.md). Each method is
 * one function returning one record (dellMethod, microsoftMethod); the rest is the methods' alike.
 */
import { arrayModelName, chooseArrays } from "../arrays";
import { capacityToProvisionGB } from "../capacity";
import { ENVIRONMENT_RULES } from "../rules/environment";
import { TOTALS_RULES } from "../rules/totals";
import { coresToCarry, CPU_UTILIZATION_TARGET, dellDatabaseVolume, overloadedSentence, perServer, utilizationPercent, worstCpuUtilization, worstScenario } from "./formulas";
import { databaseCapacity, type DatabaseCapacity } from "../database";
import { SizingError } from "../errors";
import { iopsRequirement } from "../iops";
import {
  activeMailboxes,
  balancedDatabaseCount,
  layoutInputs,
  LAYOUT_INPUTS,
  scenarioLoads,
  copyLayout,
  defaultNames,
  FAILURE_SCENARIOS,
  busiestServerCopies,
  mostMountedDatabases,
  serverCopiesBySite,
  worstCase,
  type CopyLayout,
  type DagLayout,
  type FailureScenario,
  type LayoutDesign,
  MAX_SERVERS,
  validateLayoutDesign,
} from "../layout";
import { LAYOUT_RULES } from "../rules/layout";
import { targetIops } from "../failover";
import { grouped } from "../general-format";
import { logCapacity } from "../logs";
import { excelCeil, excelRound } from "../microsoft/excel";
import { secondSiteCopies, secondSiteServer } from "../microsoft/site-disks";
import {
  activePassiveOf,
  copiesPerServerOf,
  databaseSizeWarning,
  haCopiesPerSite,
  memoryConfigurationGB,
  microsoftCores,
  microsoftDatabaseCount,
  microsoftSizing,
  microsoftVolumes,
  minimumMemoryGB,
  prefersJbod,
  volumeCopiesOf,
  volumeDatabasesOf,
  type DatabaseSizeWarning,
  type MicrosoftDesign,
  type MicrosoftSizing,
} from "../microsoft/design";
import type { MailboxRequirement, MailboxTier } from "../microsoft/mailbox";
import { CALCULATOR_DEFAULT_DISK, SERVER_DISK_DEFAULTS, jbodNeedOf, serverDiskNamed, serverDisks, type JbodDisk, type ServerDiskChoice, type ServerDisks } from "../microsoft/disks";
import { MICROSOFT, MICROSOFT_FACTOR_DEFAULTS, type MicrosoftFactors } from "../microsoft/tables";
import { raidNeedOf, raidServerDisks, type RaidServerDisks } from "../microsoft/raid-disks";
import { MCDB_CHOICES, MCDB_NONE, mcdbChoiceOf, mcdbOnProblem, mcdbSsds, mcdbVersion, type McdbSsds } from "../microsoft/mcdb";
import { mailboxServerSize } from "../server";
import { spindleCount } from "../spindles";
import { DISK_CLASS_IOPS, EQUALLOGIC_CATALOGUE, FACTOR_DEFAULTS, type ArrayModel, type ExchangeVersion, type Factors, type RaidLevel } from "../tables";
import { designVersion, editionProblem, exchangeEditionOf, serverCoresProblem, serverLimitWarnings, versionProfile } from "../version";
import { databasesPerDagOf, databasesPerDagProblem, environmentProblem, environmentUsersOf, LAG_DEFAULTS, laggedCopiesProblem, MAX_DESIGN_DATABASES, methodOf, microsoftMethodProblem, REFERENCE_DESIGN_INPUTS, serversPerSiteOf, type SizingMethod, type WorkbookInputs } from "./inputs";
import { microsoftFactorsOf } from "../catalogue";
import type { Design, ScenarioFigures, ServersNeverLess, SiteServers } from "../catalogue/sized-design";

export type { Design, ScenarioFigures, ServersNeverLess, SiteServers };

/** What else a design may carry beyond its inputs: the Inputs sheet's tables and the Hardware sheet's rows. */
export interface DesignTables {
  /** The papers' factors (the Inputs sheet's factors table); missing names take their defaults. */
  factors?: Partial<Factors>;
  /** Microsoft's factors (diskGB, lagDays, …); missing names take the calculator's defaults. */
  microsoftFactors?: Partial<MicrosoftFactors>;
  /** Mailbox tiers for Microsoft's method; none: one tier of the headline profile. */
  tiers?: readonly Omit<MailboxTier, "archiveMB">[];
  /** Every array the choice may take (the built-in EqualLogic tables by default). */
  arrayCatalog?: readonly ArrayModel[];
  /** Random IOPS of a disk by class name (the built-in 7.2K, 10K, 15K by default). */
  diskClasses?: Readonly<Record<string, number>>;
  /**
   * The environment's mailboxes, sized as identical DAGs of `users` mailboxes each (the building block
   * of 004_1d3a339e6fd03f64.txt §4: 100,000 mailboxes as 14 DAGs of 7,600); default the input
   * environmentUsers (the Inputs sheet's EnvironmentUsers), else `users`, one DAG.
   */
  environmentUsers?: number;
  /** A Microsoft-method design's server disks (JBOD), overriding the inputs' (serverDisk, databasesPerVolume, autoReseedDisks, spareDisks). */
  serverDisks?: Partial<ServerDiskChoice>;
  /** The user's own server disks (the Hardware sheet's rows), which the input serverDisk may name. */
  ownServerDisks?: readonly JbodDisk[];
}

/** The words for each scenario, as the Resilience sheet shows them. */
export const SCENARIO_WORDS: Readonly<Record<FailureScenario, string>> = Object.freeze({
  normal: "Nothing: every server up",
  server: "One server",
  site: "A whole site (the worst one to lose)",
  "site+server": "A site, then one more server",
});

/**
 * The server the cores assume when no SPECint2006 rate is given: the calculator's baseline, 33.75
 * SPECint2006 a core, on which a core gives 2,000 megacycles (Role Requirements!C159).
 */
export const DEFAULT_SERVER = Object.freeze({
  name: "the calculator's baseline server (33.75 SPECint2006 a core, 2,000 megacycles a core)",
  specPerCore: MICROSOFT.baselineSpecPerCore,
  megacyclesPerCore: MICROSOFT.baselineMegacycles,
});

const isDiskClass = (d: string | number): d is keyof typeof DISK_CLASS_IOPS => typeof d === "string" && d in DISK_CLASS_IOPS;

function diskIopsOf(disk: string | number, classes: Readonly<Record<string, number>>): number {
  if (typeof disk === "number") return disk;
  const key = Object.keys(classes).find((name) => name.toLowerCase() === disk.trim().toLowerCase());
  if (key === undefined) throw new SizingError("#N/A", `spindleDisk must be one of the disk classes (${Object.keys(classes).join(", ")}) or an IOPS number; got ${JSON.stringify(disk)}`);
  return classes[key];
}

function candidateArrays(model: string, catalog: readonly ArrayModel[]): readonly ArrayModel[] {
  const key = model.trim().toUpperCase().replace(/\s+/g, " ");
  if (key === "AUTO" || key === "") return catalog;
  const chosen = catalog.filter((c) => {
    const name = arrayModelName(c).toUpperCase();
    return name === key || c.model.toUpperCase() === key || name.replace(/ /g, "") === key.replace(/ /g, "");
  });
  if (chosen.length === 0) {
    throw new SizingError("#N/A", `arrayModel must be "auto" or one of the catalogue's: ${[...new Set(catalog.map(arrayModelName))].join(", ")}; got ${JSON.stringify(model)}`);
  }
  return chosen;
}

/**
 * Microsoft's sizing of the design at `databases` (0: the calculator's own count). A DAG the calculator
 * puts on JBOD (Role Requirements!I127) is counted from the design's server disk, as the calculator
 * counts it from its disk (Input!C107 "Yes", C116): the largest database a volume holds and the mailboxes
 * a disk serves (Role Requirements!C62, C74, then C76:C79). Counted at RAID's 2,000 GB, 3,400
 * mailboxes on 4 servers got 24 databases of 1,374 GB where the calculator deploys 48 of 687 GB.
 */
function microsoftAt(inputs: WorkbookInputs, tables: DesignTables, serversPerSite: number[], databases: number, disks: ServerDiskChoice): MicrosoftSizing {
  const { design, factors, jbod } = microsoftArguments(inputs, tables, serversPerSite, databases, disks);
  try {
    return microsoftSizing(design, factors);
  } catch (e) {
    // A disk too slow for a database's mailboxes (Role Requirements!C74) is the input serverDisk's, when it came from there.
    if (e instanceof SizingError && jbod && tables.microsoftFactors?.diskIops === undefined && /^diskIops: /.test(e.message)) {
      throw new SizingError(e.code, `serverDisk: ${e.message.replace(/^diskIops: /, "").replace(/; give faster disks.*$/, "")}; choose a faster disk (serverDisk)`);
    }
    throw e;
  }
}

/** The DAG and factors microsoftAt sizes: its tiers, lagged copies, layout and, on JBOD, its disk. */
function microsoftArguments(inputs: WorkbookInputs, tables: DesignTables, serversPerSite: number[], databases: number, disks: ServerDiskChoice): { design: MicrosoftDesign; factors: MicrosoftFactors; jbod: boolean } {
  return microsoftOnDisk(microsoftDag(inputs, tables, serversPerSite, databases), disks);
}

/** What microsoftArguments reads of a design but its disk. */
interface MicrosoftDag {
  design: MicrosoftDesign;
  lag: Pick<MicrosoftFactors, "laggedCopies" | "lagDays">;
  /** The DAG's layout and the factors the design's inputs set (the catalogue's factor inputs: considerJbod, iopsMultiplier…). */
  layout: Pick<MicrosoftFactors, "activePassive"> & Partial<MicrosoftFactors>;
  custom: Partial<MicrosoftFactors>;
  archiveMB: number;
  tables: DesignTables;
}

function microsoftDag(inputs: WorkbookInputs, tables: DesignTables, serversPerSite: number[], databases: number): MicrosoftDag {
  const tiers = (tables.tiers && tables.tiers.length > 0 ? tables.tiers : [inputs]).map((t) => ({
    mailboxes: "mailboxes" in t ? t.mailboxes : inputs.users,
    messagesPerDay: t.messagesPerDay,
    messageKB: t.messageKB,
    quotaMB: t.quotaMB,
    archiveMB: inputs.archiveMB,
  }));
  const lag = lagFactors(inputs, tables);
  // The calculator's active/passive model (Input!G23) for an active/passive DAG of two sites.
  const layout = { ...layoutFactor(inputs, serversPerSite), ...microsoftFactorsOf(inputs) };
  // A custom maximum database size (Input!G36 "Custom") is the input maxDatabaseGB (Input!G37).
  const custom: Partial<MicrosoftFactors> = inputs.maxDatabaseSizeConfiguration === "custom" ? { maxDatabaseGB: inputs.maxDatabaseGB } : {};
  // A count the user sets is the calculator's (Input!G38 "No", G39): it rounds it as its own.
  const set = databasesPerDagOf(inputs);
  const count = databases > 0 ? { deployedDatabases: databases } : set !== undefined ? { databases: set } : {};
  return { design: { tiers, serversPerSite, copies: inputs.copies, cores: inputs.coresPerServer, specRate: inputs.specIntRate, ...count }, lag, layout, custom, archiveMB: inputs.archiveMB, tables };
}

/** Whether the calculator deploys the DAG on JBOD on this disk (prefersJbod): only then is the DAG counted from the disk. */
const onJbod = ({ design, lag, layout }: MicrosoftDag, disks: ServerDiskChoice): boolean =>
  design.copies >= 2 && prefersJbod(design.serversPerSite, design.copies, lag.laggedCopies, { diskGB: disks.disk.rawGB, databasesPerVolume: disks.databasesPerVolume, ...layout }).jbod;

/**
 * The factors microsoftAt sizes a DAG by on a disk: on JBOD the disk's GB and IOPS; the databases a volume
 * asked on RAID too, since the disk group the count rounds to reads them whatever the disk (the Input
 * sheet's macro writes Variables!K53 from C109; design.ts diskGroup). A factor the tables or the design's
 * inputs set stands over the disk's. All but the disk's are spread once, for many disks of one DAG (diskCounts).
 */
function diskFactorsOf(dag: MicrosoftDag): (disks: ServerDiskChoice, jbod: boolean) => MicrosoftFactors {
  const { layout, custom, tables, lag } = dag;
  const over: Partial<MicrosoftFactors> = { ...layout, ...tables.microsoftFactors, archiveMB: dag.archiveMB, ...lag, ...custom };
  const base: MicrosoftFactors = { ...MICROSOFT_FACTOR_DEFAULTS, ...over };
  const set = (name: keyof MicrosoftFactors) => !(name in over);
  const [volumes, gb, iops] = [set("databasesPerVolume"), set("diskGB"), set("diskIops")];
  return (disks, jbod) => {
    const f = { ...base };
    if (volumes) f.databasesPerVolume = disks.databasesPerVolume;
    if (jbod && gb) f.diskGB = disks.disk.rawGB;
    if (jbod && iops) f.diskIops = disks.disk.iops;
    return f;
  };
}

function microsoftOnDisk(dag: MicrosoftDag, disks: ServerDiskChoice, jbod = onJbod(dag, disks)): { design: MicrosoftDesign; factors: MicrosoftFactors; jbod: boolean } {
  return { design: dag.design, factors: diskFactorsOf(dag)(disks, jbod), jbod };
}

/**
 * The databases a Microsoft-method design deploys: the calculator's own count (Role Requirements!C79;
 * the calculator's count), laid out as evenly as it allows. Sized never less (ours, docs/whole-design.md): that
 * count balanced, so every server carries the same load in every failure, and a server sized at one
 * balancing unit's activation, once a unit — and whether the calculator is sized again at them.
 * Stand-alone servers (one copy) keep the calculator's count, a server each. At least `fewerCopies` (the count
 * deployed at fewer copies, fewerCopiesOf) where the servers mount it, else the most they mount (units of at most
 * 100 copies a server, Role Requirements!I158): never fewer than the count balanced.
 */
const deployedOf = LAYOUT_RULES.compileAt("deployedDatabases", [...LAYOUT_INPUTS, "count", "fewerCopiesDatabases", "most"]);

const NO_LAYOUT_SLOTS: readonly number[] = [];

function microsoftDeployment(count: number, layoutDesign: Pick<LayoutDesign, "serversPerSite" | "copies" | "laggedCopies" | "layout">, neverLess: boolean, fewerCopies = 0): { deployed: number; activationUnit: number; resized: boolean } {
  if (layoutDesign.copies < 2 || !neverLess) return { deployed: count, activationUnit: 0, resized: false };
  // The rules of rules/layout.ts (activationUnit, deployedDatabases), one or two sites, as Microsoft's method is.
  validateLayoutDesign({ ...layoutDesign, databases: 1 });
  const values = layoutInputs(layoutDesign);
  const activationUnit = values[values.length - 1] as number;
  values.push(count, fewerCopies, MICROSOFT.maxDatabasesPerServer);
  const deployed = deployedOf(values, NO_LAYOUT_SLOTS);
  return { deployed, activationUnit, resized: !(deployed === count && activationUnit === deployed) };
}

/**
 * Sized never less, what the design deploys at fewer copies (ours, docs/whole-design.md): a copy more never
 * buys less. The calculator's count can fall as copies rise — its symmetry rule rounds to the permutations of
 * the first site's servers and copies (Role Requirements!C78), and its most a DAG supports shrinks with them
 * (C65): 120 databases at 3 copies, 24 at 4 on six servers — and so can a server's disks (smaller databases
 * pack denser), cores and memory (a failed server's databases spread over more servers, C121). So from two HA
 * copies up each count c' is at least the one before it, balanced at c' copies (where its servers mount it:
 * microsoftDeployment), and the servers at c' copies sized at it a unit at a time; the design then has at least
 * the most of each over c' below its copies.
 * Disks count only where c' lays the design's kind (JBOD or RAID); an active/passive DAG's sites each at
 * least their own at c' (Design.siteServers). The Methods sheet's copies chain renders the same steps.
 */
export interface FewerCopies extends SiteFloor {
  databases: number;
  /** Active/passive: the second site's servers and disks at fewer copies (the fields above are the first site's). */
  secondSite: SiteFloor;
}

/** One site's servers and disks at fewer copies, the most over the copy counts below the design's. */
export interface SiteFloor extends ServersNeverLess {
  jbodDisksPerServer: number;
  raidDisksPerServer: number;
}

/**
 * Whether a design is sized at least as its fewer copies (FewerCopies): never less, Microsoft's method, three HA
 * copies or more. The count of fewer copies is deployed only where its busiest server mounts it (mostMountedDatabases).
 */
export const sizedOverCopies = (inputs: Pick<WorkbookInputs, "serverSizing" | "copies" | "laggedCopies">): boolean =>
  inputs.serverSizing === "never less" && inputs.copies >= (inputs.laggedCopies ?? 0) + 3;

/**
 * Each site's server as the calculator sizes it: the first site's (Role Requirements!C142, C254) and, active/passive,
 * the second's when the first fails (D253, D254; its first site's where no HA copy activates there).
 */
function siteServerFigures(ms: MicrosoftSizing, specIntRate: number, minMemoryGB: number): [ServersNeverLess, ServersNeverLess] {
  const first = { memoryPerServerGB: Math.max(ms.memoryGB, minMemoryGB), coresPerServer: microsoftCores(specIntRate, ms.coresNeeded, ms.megacycles) };
  const second = ms.secondary;
  return [first, second ? { memoryPerServerGB: Math.max(second.memoryGB, minMemoryGB), coresPerServer: microsoftCores(specIntRate, second.coresNeeded, second.megacycles) } : first];
}

const atLeastServers = (a: ServersNeverLess, b: ServersNeverLess): ServersNeverLess => ({
  coresPerServer: Math.max(a.coresPerServer, b.coresPerServer),
  memoryPerServerGB: Math.max(a.memoryPerServerGB, b.memoryPerServerGB),
});

/** The design's servers at least both sites' of fewer copies (FewerCopies). */
const atLeastFewer = (servers: ServersNeverLess, fewer: FewerCopies | undefined): ServersNeverLess =>
  fewer ? atLeastServers(atLeastServers(servers, fewer), fewer.secondSite) : servers;

function fewerCopiesOf(inputs: WorkbookInputs, sizing: DesignTables, serversPerSite: number[], layoutDesign: Pick<LayoutDesign, "serversPerSite" | "copies" | "laggedCopies" | "layout">, diskChoice: ServerDiskChoice): FewerCopies {
  const none = (): SiteFloor => ({ coresPerServer: 0, memoryPerServerGB: 0, jbodDisksPerServer: 0, raidDisksPerServer: 0 });
  const most: FewerCopies = { databases: 0, ...none(), secondSite: none() };
  const minMemoryGB = versionProfile(designVersion(inputs.exchangeVersion)).minMemoryGB;
  const passive = activePassiveOf(serversPerSite, layoutFactor(inputs, serversPerSite));
  const raise = (floor: SiteFloor, servers: ServersNeverLess, disks: Pick<SiteServers, "serverDisks" | "raidServerDisks">) => {
    floor.coresPerServer = Math.max(floor.coresPerServer, servers.coresPerServer);
    floor.memoryPerServerGB = Math.max(floor.memoryPerServerGB, servers.memoryPerServerGB);
    floor.jbodDisksPerServer = Math.max(floor.jbodDisksPerServer, disks.serverDisks?.disksPerServer ?? 0);
    floor.raidDisksPerServer = Math.max(floor.raidDisksPerServer, disks.raidServerDisks?.disksPerServer ?? 0);
  };
  for (let copies = (layoutDesign.laggedCopies ?? 0) + 2; copies < inputs.copies; copies++) {
    const at = { ...inputs, copies };
    const layoutAt = { ...layoutDesign, copies };
    try {
      const { design, factors } = microsoftArguments(at, sizing, serversPerSite, 0, diskChoice);
      const count = microsoftDeployment(microsoftDatabaseCount(design, factors).databases, layoutAt, true, most.databases).deployed;
      // A count past 100 copies on its busiest server (tooManyCopiesPerServer) refuses the design at c' copies: it sets none.
      if (count > mostMountedDatabases(layoutAt, MICROSOFT.maxDatabasesPerServer)) continue;
      most.databases = count;
    } catch (e) {
      // A count that cannot be laid at fewer copies (a site without the servers for them) sets none.
      if (!(e instanceof SizingError)) throw e;
      continue;
    }
    try {
      // The servers and disks at c' copies, at its count: each site's, active/passive.
      const unit = balancedDatabaseCount(1, layoutAt);
      const ms = microsoftAt(at, { ...sizing, microsoftFactors: { ...sizing.microsoftFactors, activationUnit: unit } }, serversPerSite, most.databases, diskChoice);
      const [first, second] = siteServerFigures(ms, inputs.specIntRate, minMemoryGB);
      const disks = designDisks({ ...at, mcdb: "off" }, sizing, { method: "microsoft", version: designVersion(inputs.exchangeVersion), microsoft: ms, serversPerSite, laggedCopies: layoutDesign.laggedCopies ?? 0, dagLayout: inputs.dagLayout });
      raise(most, first, disks);
      if (passive) raise(most.secondSite, second, disks.secondSiteDisks ?? {});
    } catch (e) {
      if (!(e instanceof SizingError)) throw e;
    }
  }
  return most;
}

/** The DAG's layout as Microsoft's factor: active/passive (Input!G23) only with two sites. */
const layoutFactor = (inputs: Pick<WorkbookInputs, "dagLayout">, serversPerSite: readonly number[]): Pick<MicrosoftFactors, "activePassive"> => ({
  activePassive: inputs.dagLayout === "active/passive" && serversPerSite.length === 2 ? 1 : 0,
});

/**
 * The design's server disks (the Inputs sheet's server disks): the factors' diskGB (a disk given as
 * a factor), else the input serverDisk; databases a volume, AutoReseed and spare disks from the inputs,
 * the tables' serverDisks overriding. What the database count (microsoftAt) and the disks lay out read.
 */
function serverDiskChoiceOf(inputs: Pick<WorkbookInputs, "databasesPerVolume" | "autoReseedDisks" | "spareDisks">, tables: DesignTables, serverDisk: JbodDisk): ServerDiskChoice {
  const diskGB = tables.microsoftFactors?.diskGB ?? MICROSOFT_FACTOR_DEFAULTS.diskGB;
  const diskIops = tables.microsoftFactors?.diskIops ?? MICROSOFT_FACTOR_DEFAULTS.diskIops;
  const given: JbodDisk | undefined = diskGB > 0 ? { name: `${diskGB} GB`, rawGB: diskGB, type: "given", iops: diskIops, source: "the factors diskGB and diskIops" } : undefined;
  return {
    ...SERVER_DISK_DEFAULTS,
    disk: given ?? serverDisk,
    databasesPerVolume: inputs.databasesPerVolume ?? SERVER_DISK_DEFAULTS.databasesPerVolume,
    autoReseedDisks: inputs.autoReseedDisks ?? SERVER_DISK_DEFAULTS.autoReseedDisks,
    spareDisks: inputs.spareDisks ?? SERVER_DISK_DEFAULTS.spareDisks,
    ...tables.serverDisks,
  };
}

/**
 * The design's lagged copies as Microsoft's factors (Input!C31, G31 ÷ 24): the input, else the
 * factors given (a preset's), else none; their replay lag only with a lagged copy (Role Requirements!I96).
 */
function lagFactors(inputs: WorkbookInputs, tables: DesignTables): Pick<MicrosoftFactors, "laggedCopies" | "lagDays"> {
  const laggedCopies = inputs.laggedCopies ?? tables.microsoftFactors?.laggedCopies ?? 0;
  const lagDays = laggedCopies > 0 ? (inputs.lagDays ?? tables.microsoftFactors?.lagDays ?? LAG_DEFAULTS.lagDays) : 0;
  return { laggedCopies, lagDays };
}

/**
 * The input serverDisk as a disk: one of the user's own (tables.ownServerDisks), or the catalogue's
 * (jbodDisk); none given, the calculator's example. Any other name is a SizingError naming serverDisk.
 */
export function serverDiskOf(inputs: Pick<WorkbookInputs, "serverDisk">, tables: Pick<DesignTables, "ownServerDisks"> = {}): JbodDisk {
  if (inputs.serverDisk === undefined || inputs.serverDisk.trim() === "") return CALCULATOR_DEFAULT_DISK;
  try {
    return serverDiskNamed(inputs.serverDisk, tables.ownServerDisks);
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    throw new SizingError("#N/A", `serverDisk ${e.message.replace(/^disk /, "")}${(tables.ownServerDisks ?? []).length > 0 ? " (or one of the Hardware sheet's own server disks)" : ""}`);
  }
}

/** A design that would deploy more databases than MAX_DESIGN_DATABASES: its quota, database size and servers say why. */
export class TooManyDatabasesError extends SizingError {}
/** A design whose servers hold more copies than the edition mounts (src/engine/version.ts editionProblem). */
export class EditionError extends SizingError {}
/**
 * A design refused once its databases are counted (more copies a server than Exchange mounts; databases past
 * the maximum size on a JBOD disk that holds none a volume; servers that cannot carry it). It names the
 * databases the count deploys, which the workbook's sheets still show.
 */
export class RefusedDatabasesError extends SizingError {
  constructor(
    message: string,
    readonly databases: number,
  ) {
    super("#N/A", message);
  }
}
/**
 * A design whose servers cannot carry it: a server past the cores its version supports (2019 and SE: 48),
 * or the servers named past the calculator's CPU utilisation target in the worst failure. `summary` is
 * the Design check's sentence (the Design sheet's server refusal row gives the same text). Refused once
 * its databases are counted, it names them (the Distribution grid holds them all).
 */
export class ServerCapacityError extends RefusedDatabasesError {
  constructor(
    message: string,
    readonly summary: string,
    databases: number,
  ) {
    super(message, databases);
  }
}
/** A design whose MCDB input is "on" where MCDB cannot be (src/engine/microsoft/mcdb.ts mcdbOnProblem). */
export class McdbError extends SizingError {}

/** Database copies, active and passive, an Exchange server mounts at most (Enterprise edition; the calculator's Variables!K35). */
export const MAX_COPIES_PER_SERVER = MICROSOFT.maxDatabasesPerServer;

/** True while sizeDesign tries the changes a refusal could advise: a trial gives no advice of its own. */
let advising = false;

/**
 * `work` with refusals that give no advice: a search (fit.ts) that refuses thousands of designs reads
 * none of it, and each advice sizes a dozen designs more.
 */
export function withoutAdvice<T>(work: () => T): T {
  const was = advising;
  advising = true;
  try {
    return work();
  } finally {
    advising = was;
  }
}

/** Whether the design with `change` is built (sized without a refusal). */
function builtWith(inputs: WorkbookInputs, tables: DesignTables, change: Partial<WorkbookInputs>): boolean {
  try {
    sizeDesign({ ...inputs, ...change }, tables);
    return true;
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return false;
  }
}

/** The fewest servers more a site (as many more in each site), up to `most` in all, with which the design is built; undefined where none. */
function fewestMoreServers(inputs: WorkbookInputs, tables: DesignTables, most: number): { serversSite1: number; serversSite2?: number } | undefined {
  const [n1, n2] = serversPerSiteOf(inputs);
  for (let more = 1; n1 + more + (n2 === undefined ? 0 : n2 + more) <= most; more++) {
    const sites = n2 === undefined ? { serversSite1: n1 + more } : { serversSite1: n1 + more, serversSite2: n2 + more };
    if (builtWith(inputs, tables, sites)) return sites;
  }
  return undefined;
}

const sitesInWords = (sites: { serversSite1: number; serversSite2?: number }): string => (sites.serversSite2 === undefined ? `${sites.serversSite1}` : `${sites.serversSite1} + ${sites.serversSite2}`);

/**
 * The fewest servers a site (as many more in each site) with which the design is built, in words, for a
 * refusal of servers that cannot carry it; "" while advising.
 */
function serversThatFit(inputs: WorkbookInputs, tables: DesignTables): string {
  if (advising) return "";
  const sites = withoutAdvice(() => fewestMoreServers(inputs, tables, MAX_SERVERS));
  if (sites === undefined) return `no DAG of up to ${MAX_SERVERS} servers carries it: put fewer mailboxes in a DAG (users), the environment's in more DAGs (environmentUsers)`;
  return `the fewest servers that carry it are ${sitesInWords(sites)} (serversSite1${sites.serversSite2 === undefined ? "" : ", serversSite2"})`;
}

/**
 * The changes that make a design of too many copies a server one that can be built, each tried:
 * larger databases, equal sites, more servers, fewer copies, Dell's method. Only those that work are
 * advised; "" when none does.
 */
function adviceThatWorks(inputs: WorkbookInputs, tables: DesignTables): string {
  if (advising) return "";
  const works = (change: Partial<WorkbookInputs>): boolean => builtWith(inputs, tables, change);
  return withoutAdvice(() => {
    const advice: string[] = [];
    for (let gb = inputs.maxDatabaseGB * 2; gb <= 1_000_000; gb *= 2) {
      const rounded = Math.ceil(gb);
      if (works({ maxDatabaseGB: rounded })) {
        advice.push(`larger databases (maxDatabaseGB ${grouped(rounded)})`);
        break;
      }
    }
    const [n1, n2] = serversPerSiteOf(inputs);
    const total = n1 + (n2 ?? 0);
    if (n2 !== undefined && n1 !== n2 && total % 2 === 0 && works({ serversSite1: total / 2, serversSite2: total / 2 })) advice.push(`equal sites (${total / 2} + ${total / 2} servers)`);
    const more = fewestMoreServers(inputs, tables, 16);
    if (more !== undefined) advice.push(`more servers (${sitesInWords(more)})`);
    for (let copies = inputs.copies - 1; copies >= 2; copies--) {
      if (works({ copies })) {
        advice.push(`${copies} copies`);
        break;
      }
    }
    if (methodOf(inputs) === "microsoft" && works({ method: "dell" })) advice.push("Dell's method");
    return advice.length === 0 ? "; neither larger databases, equal sites, more servers nor fewer copies fit it" : `; it fits with ${advice.join(", or ")}`;
  });
}

/**
 * A design whose busiest server would hold more than MAX_COPIES_PER_SERVER copies, whatever its
 * method: the SizingError saying where, and what would fit.
 */
function tooManyCopiesPerServer(inputs: WorkbookInputs, tables: DesignTables, design: LayoutDesign): SizingError | undefined {
  const bySite = serverCopiesBySite(design);
  const busiest = Math.max(...bySite);
  if (busiest <= MAX_COPIES_PER_SERVER) return undefined;
  // The advice sizes other designs: paid only by a refusal that is said.
  const sites = design.serversPerSite;
  const where = sites.length === 1 ? "on each server" : `on a server of site ${bySite.indexOf(busiest) + 1}`;
  return new RefusedDatabasesError(
    `copies and servers: the design deploys ${grouped(design.databases)} databases, ${design.copies} ${design.copies === 1 ? "copy" : "copies"} of each on ${sites.join(" + ")} servers: ` +
      `${grouped(busiest)} copies ${where}, past the ${MAX_COPIES_PER_SERVER} databases (active and passive) an Exchange server mounts${adviceThatWorks(inputs, tables)}`,
    design.databases,
  );
}

/** What every method reads of a design: its inputs and what follows from them alone. */
interface SizingContext {
  inputs: WorkbookInputs;
  tables: DesignTables;
  f: Factors;
  version: ExchangeVersion;
  serversPerSite: number[];
  layoutDesign: Pick<LayoutDesign, "serversPerSite" | "copies" | "laggedCopies" | "layout">;
  diskChoice: ServerDiskChoice;
  /** The version's least memory and page file (src/engine/version.ts). */
  profile: ReturnType<typeof versionProfile>;
  /** ServerSizing "never less" (docs/whole-design.md). */
  neverLess: boolean;
  /** Microsoft's calculator at the design, or why it cannot size it: every design shows it beside the papers. */
  beside: MicrosoftBeside;
  /** Dell's count balanced over the layout, and its steps there: every design shows them. */
  dellDatabases: number;
  dell: Design["dell"];
}

/** Microsoft's calculator beside any design: its sizing at the deployed count, its own count, or why none. */
interface MicrosoftBeside {
  microsoft?: MicrosoftSizing;
  microsoftProblem?: string;
  microsoftDatabases?: number;
  /** The count Microsoft's method deploys (microsoftDeployment), where it sizes the design. */
  deployed?: number;
  /** Why the calculator cannot size the count deployed (sized never less): the design's refusal by its method. */
  deployedRefusal?: SizingError;
  /** Sized never less at three HA copies or more, the most deployed at fewer copies (fewerCopiesOf). */
  fewerCopies?: FewerCopies;
}

/**
 * What a method makes of a design (one function per method, one record): its databases and
 * storage, and its servers, which Dell's method reads from the failure scenarios.
 */
interface MethodFigures
  extends Pick<
    Design,
    "databases" | "mailboxesPerDatabase" | "mailboxOnDiskMB" | "databaseGB" | "databaseVolumeGB" | "logVolumeGB" | "capacityPerCopyGB" | "iopsPerMailbox" | "databaseIops" | "dagDatabaseIops" | "dagLogIops" | "serverDatabaseIops"
  > {
  /**
   * The DAG's mailboxes: by Microsoft's method every tier's (Role Requirements!C98, C100: active databases
   * × C81, every tier's mailboxes a database); Dell's process sizes the design's one profile, its Users.
   */
  dagMailboxes: number;
  /** The method's cores and memory a server (before the version's least memory), from the scenarios sized. */
  servers(scenarios: readonly ScenarioFigures[]): { coresPerServer: number; memoryPerServerGB: number; coresBasis: string };
  /** The servers sized never less (ours, docs/whole-design.md), given the design's own; undefined where none. */
  neverLess(own: ServersNeverLess): ServersNeverLess | undefined;
  /** Databases past the maximum size (ours, beside a design the calculator builds). */
  databaseSize?: DatabaseSizeWarning;
}

/** Microsoft's calculator at the design's own count, or why it cannot size it. */
function calculatorAt(inputs: WorkbookInputs, tables: DesignTables, serversPerSite: number[], diskChoice: ServerDiskChoice): { microsoft: MicrosoftSizing } | { microsoftProblem: string } {
  try {
    return { microsoft: microsoftAt(inputs, tables, serversPerSite, 0, diskChoice) };
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return { microsoftProblem: e.message };
  }
}

/** Microsoft's calculator beside the design: at its own count (`first`) and, where it deploys another, at that one. */
function microsoftBeside(first: ReturnType<typeof calculatorAt>, inputs: WorkbookInputs, sizing: DesignTables, serversPerSite: number[], layoutDesign: SizingContext["layoutDesign"], diskChoice: ServerDiskChoice, neverLess: boolean): MicrosoftBeside {
  if (!("microsoft" in first)) return first;
  const microsoft = first.microsoft;
  const microsoftDatabases = microsoft.databases;
  const fewerCopies = neverLess && sizedOverCopies(inputs) ? fewerCopiesOf(inputs, sizing, serversPerSite, layoutDesign, diskChoice) : undefined;
  const fewer = fewerCopies?.databases ?? 0;
  const { deployed, activationUnit, resized } = microsoftDeployment(microsoft.databases, layoutDesign, neverLess, fewer);
  if (!resized) return { microsoft, microsoftDatabases, deployed, ...(fewerCopies ? { fewerCopies } : {}) };
  try {
    // Balancing can take far more databases than the calculator's count (unequal sites multiply the
    // rounds): past its 100 copies a server (Role Requirements!I158) the design cannot be balanced.
    const perServer = (deployed * inputs.copies) / serversPerSite.reduce((a, b) => a + b, 0);
    if (perServer > MICROSOFT.maxDatabasesPerServer) {
      const n = (x: number) => grouped(x, 1);
      throw new SizingError(
        "#N/A",
        `copies and servers: sized never less, ${inputs.copies} copies on ${serversPerSite.join(" + ")} servers balance only at ${n(deployed)} databases ` +
          `(the calculator's ${n(microsoft.databases)} rounded up so every server carries the same load in every failure), ${n(perServer)} copies a server, ` +
          `past the calculator's ${MICROSOFT.maxDatabasesPerServer}; size the servers by the calculator's rules (ServerSizing "calculator")`,
      );
    }
    // Never less: the busiest server's active databases are the calculator's at one balancing unit, once
    // for each unit deployed. Its rule at more databases (Role Requirements!C103: ROUNDUP and two more on a
    // double failure) gives each database fewer mailboxes, so more load could buy less; a unit's share never falls.
    return { microsoft: microsoftAt(inputs, { ...sizing, microsoftFactors: { ...sizing.microsoftFactors, activationUnit } }, serversPerSite, deployed, diskChoice), microsoftDatabases, deployed, ...(fewerCopies ? { fewerCopies } : {}) };
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return { microsoftProblem: e.message, microsoftDatabases, deployed, deployedRefusal: e };
  }
}

/**
 * Why a JBOD server's volumes hold `laid` databases where the inputs asked another number, or undefined.
 * The calculator has no number for it (Input!C108, C109; Role Requirements!C83, C110): where it lays several,
 * "No" at C109 halves an even number of copies only — an odd number lays every copy's database on a volume —
 * and an active/passive DAG's volume holds the first site's copies.
 */
function databasesPerVolumeNote(inputs: WorkbookInputs, serversPerSite: readonly number[], laid: number): string | undefined {
  const asked = inputs.databasesPerVolume ?? 0;
  if (!(asked > 1) || laid === asked) return undefined;
  const head = `databasesPerVolume: ${laid} a volume where ${asked} were asked`;
  if (laid === 1) return `${head}: Microsoft's calculator lays one database a volume where it lays no several (Role Requirements!C110 "No")`;
  if (serversPerSite.length === 2 && inputs.dagLayout === "active/passive") return `${head}: Microsoft's calculator lays an active/passive DAG's volume with the first site's copies (Input!G23; Role Requirements!C83)`;
  const why = inputs.copies % 2 === 1 ? `${inputs.copies} copies are odd, so every copy's database` : `half the ${inputs.copies} copies`;
  return `${head}: Microsoft's calculator lays a volume with every copy's database or, asked for another number (Input!C109 "No"), half of an even number of copies (Role Requirements!C83): ${why}`;
}

/** The busiest server's CPU utilisation in the worst failure, either site's, on the servers named (Design's cpu). */
function cpuOf(ms: MicrosoftSizing, inputs: WorkbookInputs): NonNullable<Design["cpu"]> {
  const utilization = worstCpuUtilization(Math.max(ms.megacycles, ms.secondary?.megacycles ?? 0), inputs.specIntRate);
  return { utilization, target: CPU_UTILIZATION_TARGET, coresToCarry: coresToCarry(utilization, inputs.coresPerServer) };
}

/** Dell's process (000, Tables 14-19; servers by VMware's rule, 003): Exchange 2010's method. */
function dellMethod(c: SizingContext): MethodFigures {
  const { inputs, f, dell, dellDatabases: databases } = c;
  const { database, logs } = dell;
  const iops = iopsRequirement(inputs.users, inputs.messagesPerDay, inputs.copies, c.version, f);
  return {
    dagMailboxes: inputs.users,
    databases,
    mailboxesPerDatabase: inputs.users / databases,
    mailboxOnDiskMB: database.mailboxOnDiskMB,
    databaseGB: database.databaseGB,
    databaseVolumeGB: database.provisionedDatabaseVolumeGB,
    logVolumeGB: logs.provisionedLogVolumeGB,
    capacityPerCopyGB: capacityToProvisionGB(inputs.users, database, logs, f),
    iopsPerMailbox: iops.iopsPerUser,
    databaseIops: iops.databaseIops,
    dagDatabaseIops: iops.dagDatabaseIops,
    dagLogIops: iops.logIops,
    serverDatabaseIops: perServer(iops.dagDatabaseIops, c.serversPerSite),
    // VMware's rule at the busiest server of every survivable failure.
    servers: (scenarios) => {
      const survivable = scenarios.filter((s) => s.survivable);
      return {
        coresPerServer: Math.max(0, ...survivable.map((s) => s.cores)),
        memoryPerServerGB: Math.max(0, ...survivable.map((s) => s.memoryGB)),
        coresBasis: `${grouped(f.mailboxesPerCore)} mailboxes a core (VMware's rule)`,
      };
    },
    neverLess: () => undefined,
  };
}

/** Microsoft's calculator's (v7.6, src/engine/microsoft): Exchange 2013 and later. */
function microsoftMethod(c: SizingContext): MethodFigures {
  const { inputs, tables, serversPerSite, layoutDesign, profile } = c;
  const { microsoft: ms, deployed: databases } = c.beside;
  // Sized never less, a count the calculator cannot size is the design's refusal (sizeDesign refuses the rest first).
  if (c.beside.deployedRefusal !== undefined) throw c.beside.deployedRefusal;
  if (ms === undefined || databases === undefined) throw new Error("microsoftMethod: the calculator did not size the design");
  const mf: MicrosoftFactors = { ...MICROSOFT_FACTOR_DEFAULTS, ...microsoftFactorsOf(inputs), ...tables.microsoftFactors };
  // A database volume holds the database, its content index and free space; a log volume its logs
  // and free space — Volume Requirements!I123 (example: (4 × 664.7 × 1.25 + 4 × 23.7) / 0.95 for
  // four databases a volume), one database a volume here, as Dell's design and the export lay them out.
  // Active/passive: a server is sized for the first site's worst or the second's, whichever it is (D253, D256).
  const serverOf = (s: MicrosoftSizing): ServersNeverLess => ({
    memoryPerServerGB: Math.max(s.memoryGB, s.secondary?.memoryGB ?? 0, profile.minMemoryGB),
    coresPerServer: microsoftCores(inputs.specIntRate, Math.max(s.coresNeeded, s.secondary?.coresNeeded ?? 0), Math.max(s.megacycles, s.secondary?.megacycles ?? 0)),
  });
  const fewer = c.beside.fewerCopies;
  const sized = serverOf(ms);
  // Sized never less, at least the servers of fewer copies, each site's (fewerCopiesOf).
  const own = atLeastFewer(sized, fewer);
  const databaseSize = databaseSizeWarning(ms, inputs.copies >= 2);
  return {
    dagMailboxes: ms.mailboxes,
    databases,
    // Every tier's mailboxes (Role Requirements!C81), which with tiers 2-4 are more than Users.
    mailboxesPerDatabase: ms.mailboxesPerDatabase,
    mailboxOnDiskMB: ms.mailboxOnDiskMB,
    databaseGB: ms.databaseGB,
    ...microsoftVolumes(ms.databaseGB, ms.logSpaceGB, databases, mf),
    iopsPerMailbox: ms.environmentIops / ms.mailboxes,
    databaseIops: ms.environmentIops,
    dagDatabaseIops: ms.dagIops,
    dagLogIops: ms.dagLogIops,
    serverDatabaseIops: ms.serverIops,
    servers: () => ({ ...own, coresBasis: inputs.specIntRate > 0 ? `a server of ${inputs.coresPerServer} cores rated ${inputs.specIntRate} SPECint2006` : DEFAULT_SERVER.name }),
    neverLess: (design) => {
      if (inputs.copies < 2) return undefined;
      if (c.neverLess) return design;
      try {
        // What the design sized never less deploys: the count balanced, at least what fewer copies deploy, a unit at a time.
        const unit = balancedDatabaseCount(1, layoutDesign);
        const sizing = { ...tables, microsoftFactors: { ...tables.microsoftFactors, neverLess: 1 } };
        const fewer = sizedOverCopies({ ...inputs, serverSizing: "never less" }) ? fewerCopiesOf(inputs, sizing, serversPerSite, layoutDesign, c.diskChoice) : undefined;
        const balanced = microsoftDeployment(databases, layoutDesign, true, fewer?.databases ?? 0).deployed;
        const factors = { ...sizing.microsoftFactors, activationUnit: unit };
        // Past 100 copies on its busiest server (tooManyCopiesPerServer) the count cannot be had: no figure beside.
        if (busiestServerCopies({ ...layoutDesign, databases: balanced }) > MAX_COPIES_PER_SERVER) return undefined;
        const servers = serverOf(microsoftAt(inputs, { ...tables, microsoftFactors: factors }, serversPerSite, balanced, c.diskChoice));
        return atLeastFewer(servers, fewer);
      } catch (e) {
        if (!(e instanceof SizingError)) throw e;
        return undefined;
      }
    },
    ...(databaseSize ? { databaseSize } : {}),
  };
}

/**
 * The design's inputs over the reference design's: what it gives, and the reference's where it gives none
 * (an input given as undefined is not given). One spread where nothing is undefined: copying the keys one
 * by one into a copy of the reference's many made it a slow (dictionary) object, a quarter of sizeDesign.
 */
function withDefaults(given: Partial<WorkbookInputs>): WorkbookInputs {
  for (const key in given) {
    if (given[key as keyof WorkbookInputs] !== undefined) continue;
    const inputs = { ...REFERENCE_DESIGN_INPUTS } as WorkbookInputs;
    for (const k of Object.keys(given) as Array<keyof WorkbookInputs>) if (given[k] !== undefined) (inputs as unknown as Record<string, unknown>)[k] = given[k];
    return inputs;
  }
  return { ...REFERENCE_DESIGN_INPUTS, ...given } as WorkbookInputs;
}

/**
 * Sizes a design. Inputs are taken as checked (each by its rule: src/functions/worksheet.ts
 * INPUT_PARAMETERS); those not given are the reference design's (REFERENCE_DESIGN_INPUTS), so a
 * library caller names only what differs. A design that cannot be built as a whole is a SizingError saying why.
 */
export function sizeDesign(given: Readonly<Partial<WorkbookInputs>>, tables: DesignTables = {}): Design {
  const inputs = withDefaults(given);
  const method = methodOf(inputs);
  const refused = microsoftMethodProblem(inputs);
  if (refused !== undefined) throw new SizingError("#N/A", refused);
  const lagProblem = laggedCopiesProblem(inputs);
  if (lagProblem !== undefined) throw new SizingError("#N/A", lagProblem);
  const setProblem = databasesPerDagProblem(inputs);
  if (setProblem !== undefined) throw new SizingError("#N/A", setProblem);
  // An unknown disk is refused before anything is sized (designDisks reads it again); on JBOD it counts the databases (microsoftAt).
  const serverDisk = serverDiskOf(inputs, tables);
  const diskChoice = serverDiskChoiceOf(inputs, tables, serverDisk);
  const f: Factors = { ...FACTOR_DEFAULTS, ...tables.factors };
  const serversPerSite = serversPerSiteOf(inputs);
  const servers = serversPerSite.reduce((a, b) => a + b, 0);
  // Lagged copies are the last preferences and never activate (layout.ts): the balancing unit, the
  // failures and the servers' active databases count only the copies that can be activated.
  const { laggedCopies } = lagFactors(inputs, tables);
  const layoutDesign = { serversPerSite, copies: inputs.copies, layout: inputs.dagLayout as DagLayout, laggedCopies };
  const version = designVersion(inputs.exchangeVersion);
  // ServerSizing "never less" (docs/whole-design.md): either site fails, memory holds at C141, a unit at a time.
  const neverLess = inputs.serverSizing === "never less";

  // Microsoft's calculator sizes every design it can, for the Methods sheet beside the papers.
  const sizing: DesignTables = neverLess ? { ...tables, microsoftFactors: { ...tables.microsoftFactors, neverLess: 1 } } : tables;
  const first = calculatorAt(inputs, sizing, serversPerSite, diskChoice);
  if (method === "microsoft" && "microsoftProblem" in first) throw new SizingError("#N/A", `Microsoft's method cannot size this design: ${first.microsoftProblem}`);
  // Dell's steps at its count balanced (Table 18: IDBS = DBS / DB; Table 19: NDB = ceil(NU / DB)): every design shows them.
  const raw = databaseCapacity(inputs.users, inputs.quotaMB, inputs.messagesPerDay, inputs.messageKB, inputs.maxDatabaseGB, f);
  const dellDatabases = balancedDatabaseCount(raw.databaseCount, layoutDesign);
  const database: DatabaseCapacity = { ...raw, databaseCount: dellDatabases, ...dellDatabaseVolume(raw.totalDatabaseGB, dellDatabases, f) };
  const logs = logCapacity(inputs.users, inputs.messagesPerDay, inputs.messageKB, dellDatabases, f);
  const dell = { database, logs, rawDatabases: raw.databaseCount };
  const beside = microsoftBeside(first, inputs, sizing, serversPerSite, layoutDesign, diskChoice, neverLess);
  const context: SizingContext = { inputs, tables, f, version, serversPerSite, layoutDesign, diskChoice, profile: versionProfile(version), neverLess, beside, dellDatabases, dell };
  const figures = method === "microsoft" ? microsoftMethod(context) : dellMethod(context);
  const { microsoft, microsoftProblem, microsoftDatabases } = beside;
  const databases = figures.databases;

  // Every method: Exchange mounts at most 100 databases a server, active and passive (the limit has no method).
  const crowded = databases <= MAX_DESIGN_DATABASES ? tooManyCopiesPerServer(inputs, tables, { ...layoutDesign, databases }) : undefined;
  if (crowded !== undefined) throw crowded;
  // Before anything is laid out: a layout of millions of databases would fill memory (the Design check's limit).
  if (databases > MAX_DESIGN_DATABASES) {
    const n = grouped(MAX_DESIGN_DATABASES);
    throw new TooManyDatabasesError("#N/A", `users, maxDatabaseGB and servers: the design deploys ${grouped(databases)} databases (its count balanced over the servers), more than ${n}; raise maxDatabaseGB`);
  }
  // The Standard edition mounts 5 databases a server (the Inputs' Edition; src/engine/version.ts editionProblem).
  const edition = exchangeEditionOf(inputs.edition ?? "Enterprise");
  if (edition === undefined) throw new SizingError("#VALUE!", `edition must be Enterprise or Standard; got ${JSON.stringify(inputs.edition)}`);
  const mounted = editionProblem(edition, version, databases, inputs.copies, servers);
  if (mounted !== undefined) throw new EditionError("#N/A", mounted);

  const catalog = tables.arrayCatalog ?? EQUALLOGIC_CATALOGUE;
  const choice = chooseArrays(figures.capacityPerCopyGB, figures.databaseIops, inputs.copies, inputs.arrayRaid as RaidLevel, candidateArrays(inputs.arrayModel, catalog));
  const classes = tables.diskClasses ?? DISK_CLASS_IOPS;
  const diskIops = isDiskClass(inputs.spindleDisk) && !tables.diskClasses ? DISK_CLASS_IOPS[inputs.spindleDisk] : diskIopsOf(inputs.spindleDisk, classes);
  const spindles = spindleCount({ iops: figures.databaseIops, raid: inputs.spindleRaid as RaidLevel, diskIops, readRatio: inputs.readRatio });

  // The layout is built when it is read (layout, export): the scenarios need only its closed forms.
  const deployedLayout = { ...layoutDesign, databases };
  let layout: CopyLayout | undefined;
  const layoutOnce = (): CopyLayout => (layout ??= copyLayout(deployedLayout));
  const scenarios = scenarioFigures(figures.dagMailboxes, f, deployedLayout, layoutOnce, figures.iopsPerMailbox);
  const environment = environmentOf(figures.dagMailboxes, tables.environmentUsers ?? environmentUsersOf(inputs), serversPerSite, tiered(method, tables) ? "tiers" : "users");
  const laid = designDisks(inputs, tables, { method, version, microsoft, serversPerSite, laggedCopies, dagLayout: inputs.dagLayout });
  const { serverDisksProblem: disksProblem, mcdb, mcdbProblem, secondSiteDisks } = laid;
  // Sized never less, at least the disks a server of fewer copies lays of the same kind (fewerCopiesOf): the more stand as hot spares.
  const fewer = method === "microsoft" ? beside.fewerCopies : undefined;
  const disks = laid.serverDisks && atLeastDisks(laid.serverDisks, fewer?.jbodDisksPerServer ?? 0);
  const raidDisks = laid.raidServerDisks && atLeastDisks(laid.raidServerDisks, fewer?.raidDisksPerServer ?? 0);
  // Databases past the maximum size are built, as the calculator builds them (a warning of ours), unless the
  // count is the calculator's and its JBOD disk cannot hold even one a volume: then nothing can be laid out
  // . A count the user sets stays theirs, its disks "none".
  const volumeNote = disks !== undefined ? databasesPerVolumeNote(inputs, serversPerSite, disks.databasesPerVolume) : undefined;
  const outgrown = figures.databaseSize;
  if (outgrown !== undefined && microsoft?.jbod === true && disks === undefined && disksProblem !== undefined && databasesPerDagOf(inputs) === undefined) {
    throw new RefusedDatabasesError(`${outgrown.message}; ${disksProblem}`, databases);
  }

  const worst = worstScenario(scenarios);

  // A mailbox server of the version has at least its recommended memory, and a page file by its rule (src/engine/version.ts).
  const { coresPerServer, memoryPerServerGB: methodMemoryGB, coresBasis } = figures.servers(scenarios);
  const memoryPerServerGB = Math.max(methodMemoryGB, context.profile.minMemoryGB);
  // The servers must carry the design: at most the cores the version supports (2019 and SE: 48), and the servers
  // named within the calculator's CPU utilisation target in the worst failure (Role Requirements!C255).
  const unsupported = serverCoresProblem(version, coresPerServer, () => serversThatFit(inputs, tables));
  if (unsupported !== undefined) throw new ServerCapacityError(unsupported.message, unsupported.summary, databases);
  const cpu = method === "microsoft" && microsoft !== undefined && inputs.specIntRate > 0 ? cpuOf(microsoft, inputs) : undefined;
  if (cpu !== undefined && cpu.utilization > cpu.target) {
    const percent = utilizationPercent(cpu.utilization);
    const busiest = Math.max(microsoft!.megacycles, microsoft!.secondary?.megacycles ?? 0);
    const more = advising ? "" : `; else ${serversThatFit(inputs, tables)}`;
    throw new ServerCapacityError(
      `coresPerServer and specIntRate: in the worst survivable failure the busiest server of ${inputs.coresPerServer} cores rated ${grouped(inputs.specIntRate)} SPECint2006 ` +
        `runs at ${percent}% CPU (${grouped(busiest, 0)} megacycles of its ${grouped(microsoft!.availableMegacycles, 0)}), past the ${CPU_UTILIZATION_TARGET * 100}% target of ` +
        `Microsoft's calculator (Role Requirements, Server CPU Utilization); servers of ${cpu.coresToCarry} cores at that rate a core carry it${more}`,
      overloadedSentence(String(inputs.coresPerServer), String(inputs.specIntRate), String(percent), String(cpu.coresToCarry)),
      databases,
    );
  }
  // Ours beside the calculator's (docs/whole-design.md): sized on reading, so a search that never reads it never pays for it.
  let neverLessServers: ServersNeverLess | null | undefined;
  const serversNeverLess = (): ServersNeverLess | undefined => (neverLessServers ??= figures.neverLess({ coresPerServer, memoryPerServerGB }) ?? null) ?? undefined;
  const pageFileGB = context.profile.pageFileGB?.(memoryPerServerGB);

  // Active/passive: each site's servers on their own (Role Requirements!C142, C254; D253, D254), the design's the larger;
  // sized never less, each at least its own at fewer copies (fewerCopiesOf).
  let siteServers: SiteServers[] | undefined;
  if (microsoft && secondSiteDisks) {
    const [first, second] = siteServerFigures(microsoft, inputs.specIntRate, context.profile.minMemoryGB);
    const secondFloor = fewer?.secondSite;
    const secondJbod = secondSiteDisks.serverDisks && atLeastDisks(secondSiteDisks.serverDisks, secondFloor?.jbodDisksPerServer ?? 0);
    const secondRaid = secondSiteDisks.raidServerDisks && atLeastDisks(secondSiteDisks.raidServerDisks, secondFloor?.raidDisksPerServer ?? 0);
    siteServers = [
      { servers: serversPerSite[0], copiesPerServer: microsoft.copiesPerServer, ...(fewer ? atLeastServers(first, fewer) : first), ...(disks ? { serverDisks: disks } : {}), ...(raidDisks ? { raidServerDisks: raidDisks } : {}), ...(disksProblem ? { serverDisksProblem: disksProblem } : {}) },
      {
        servers: serversPerSite[1],
        ...secondSiteDisks,
        ...(secondJbod ? { serverDisks: secondJbod } : {}),
        ...(secondRaid ? { raidServerDisks: secondRaid } : {}),
        // No HA copy in the second site: nothing activates there, its servers are the first's.
        ...(secondFloor ? atLeastServers(second, secondFloor) : second),
      },
    ];
  }
  const siteScenario = scenarios.find((s) => s.scenario === "site");
  const volumesGB = volumesGBOf([databases, figures.databaseVolumeGB, figures.logVolumeGB], []);
  return {
    inputs,
    method,
    serversPerSite,
    dell,
    ...(microsoft ? { microsoft } : {}),
    ...(microsoftProblem ? { microsoftProblem } : {}),
    ...(microsoftDatabases !== undefined ? { microsoftDatabases } : {}),
    databases,
    mailboxesPerDatabase: figures.mailboxesPerDatabase,
    mailboxOnDiskMB: figures.mailboxOnDiskMB,
    databaseGB: figures.databaseGB,
    databaseVolumeGB: figures.databaseVolumeGB,
    logVolumeGB: figures.logVolumeGB,
    volumesGB,
    capacityPerCopyGB: figures.capacityPerCopyGB,
    capacityAllCopiesGB: allCopiesOf([figures.capacityPerCopyGB, inputs.copies], []),
    iopsPerMailbox: figures.iopsPerMailbox,
    databaseIops: figures.databaseIops,
    dagDatabaseIops: figures.dagDatabaseIops,
    dagLogIops: figures.dagLogIops,
    arrays: { ...choice, modelName: arrayModelName(choice.model) },
    spindles: { disks: spindles.disks, raid: inputs.spindleRaid as RaidLevel, disk: inputs.spindleDisk, diskIops },
    servers,
    coresPerServer,
    memoryPerServerGB,
    ...(pageFileGB !== undefined ? { pageFileGB } : {}),
    warnings: [...(outgrown ? [outgrown] : []), ...serverLimitWarnings(version, coresPerServer, memoryPerServerGB)],
    coresBasis,
    ...(cpu ? { cpu } : {}),
    get neverLess() {
      return serversNeverLess();
    },
    get layout() {
      return layoutOnce();
    },
    scenarios,
    ...(worst ? { worst } : {}),
    normalMailboxesPerServer: scenarios.find((s) => s.scenario === "normal")!.activeMailboxes,
    // Only where the design survives the loss of a site: else no server carries anything of it (not 0 mailboxes).
    ...(serversPerSite.length === 2 && siteScenario?.survivable ? { siteFailureMailboxesPerServer: siteScenario.activeMailboxes } : {}),
    serverDatabaseIops: figures.serverDatabaseIops,
    ...environment,
    ...(disks ? { serverDisks: disks } : {}),
    ...(raidDisks ? { raidServerDisks: raidDisks } : {}),
    ...(disksProblem ? { serverDisksProblem: disksProblem } : {}),
    ...(volumeNote ? { databasesPerVolumeNote: volumeNote } : {}),
    ...(mcdb ? { mcdb } : {}),
    ...(mcdbProblem ? { mcdbProblem } : {}),
    ...(siteServers ? { siteServers } : {}),
  };
}

/** A server's disks, at least `most` of them: the more hot spares (sized never less, fewerCopiesOf). */
function atLeastDisks<T extends { disksPerServer: number; spareDisks: number; fewerCopiesSpareDisks?: number }>(disks: T, most: number): T {
  const more = most - disks.disksPerServer;
  return more > 0 ? { ...disks, spareDisks: disks.spareDisks + more, disksPerServer: most, fewerCopiesSpareDisks: more } : disks;
}

/** Each failure scenario's busiest server, counted exactly over the deployed layout (layout.ts scenarioLoads). */
function scenarioFigures(dagMailboxes: number, f: Factors, deployed: LayoutDesign, layoutOnce: () => CopyLayout, iopsPerMailbox: number): ScenarioFigures[] {
  const { serversPerSite, databases } = deployed;
  let counted: ReturnType<typeof scenarioLoads> | undefined;
  const loads = () => (counted ??= scenarioLoads(deployed));
  return FAILURE_SCENARIOS.map((scenario) => {
    const applies = !((scenario === "site" || scenario === "site+server") && serversPerSite.length < 2);
    const refused = (reason: string): ScenarioFigures => ({ scenario, fails: SCENARIO_WORDS[scenario], survivable: false, applies, reason, runningServers: 0, activeDatabases: 0, activeMailboxes: 0, targetIops: 0, cores: 0, memoryGB: 0 });
    if (!applies) return refused("a DAG in one site cannot lose its site: the scenario does not apply");
    // Not survivable: the simulation names the failure and the databases left without a copy — when the reason is
    // read, as a search (fit.ts) that only counts survivable scenarios never reads it.
    const load = loads()[scenario];
    if (load === undefined) {
      const unsurvivable = refused("");
      let reason: string | undefined;
      const simulated = (): string => {
        try {
          worstCase(layoutOnce(), scenario, defaultNames(serversPerSite.reduce((x, y) => x + y, 0), databases));
        } catch (why) {
          if (why instanceof SizingError) return why.message;
          throw why;
        }
        throw new Error(`scenarioLoads and worstCase disagree on "${scenario}"`);
      };
      return Object.defineProperty(unsurvivable, "reason", { enumerable: true, get: () => (reason ??= simulated()) });
    }
    const { databases: busiest, runningServers } = load;
    const mailboxes = activeMailboxes(busiest, dagMailboxes, databases);
    const server = mailboxServerSize(mailboxes, f);
    return {
      scenario,
      fails: SCENARIO_WORDS[scenario],
      survivable: true,
      applies,
      runningServers,
      activeDatabases: busiest,
      activeMailboxes: mailboxes,
      // The profile Jetstress is given, rounded up, as every surface's target (failover.ts targetIops).
      targetIops: targetIops(mailboxes, iopsPerMailbox),
      cores: server.cores,
      memoryGB: server.memoryGB,
    };
  });
}

/** What a design's disks depend on beyond the disk inputs: its method, version, sizing, sites and lagged copies. */
export interface DiskContext {
  method: SizingMethod;
  version: ExchangeVersion;
  microsoft?: MicrosoftSizing;
  serversPerSite: number[];
  laggedCopies: number;
  /** The copies' layout: active/passive is the calculator's active/passive model (Input!G23). Absent: active/active. */
  dagLayout?: string;
}

/** A design's server disks and MCDB SSDs, or why none. */
export type DesignDisks = Pick<Design, "serverDisks" | "raidServerDisks" | "serverDisksProblem" | "mcdb" | "mcdbProblem"> & {
  /** Active/passive: the second site's server disks, chosen and laid out on their own (Design.siteServers). */
  secondSiteDisks?: Pick<SiteServers, "copiesPerServer" | "serverDisks" | "raidServerDisks" | "serverDisksProblem">;
};

/**
 * The server disks and MCDB SSDs of a sized design: the only figures the disk inputs (serverDisk,
 * databasesPerVolume, autoReseedDisks, spareDisks, mcdb) change, so a search over disks (fit.ts)
 * sizes the rest once. An MCDB "on" it cannot have is an McdbError, as sizeDesign says it.
 */
export function designDisks(
  inputs: Pick<WorkbookInputs, "serverDisk" | "databasesPerVolume" | "autoReseedDisks" | "spareDisks" | "mcdb" | "copies" | "considerJbod">,
  tables: DesignTables,
  context: DiskContext,
): DesignDisks {
  const { method, version, serversPerSite, laggedCopies } = context;
  const layout = { ...layoutFactor({ dagLayout: context.dagLayout ?? "active/active" }, serversPerSite), ...microsoftFactorsOf(inputs) };
  const microsoft = context.microsoft;
  const serverDisk = serverDiskOf(inputs, tables);
  let disks: ServerDisks | undefined;
  let raidDisks: RaidServerDisks | undefined;
  let disksProblem: string | undefined;
  let onRaid = false;
  let secondSiteDisks: DesignDisks["secondSiteDisks"];
  if (method === "microsoft") {
    const ms = microsoft!;
    // The defaults themselves where the tables set none: a search (fit.ts) lays out tens of thousands of designs.
    const mf: MicrosoftFactors = tables.microsoftFactors ? { ...MICROSOFT_FACTOR_DEFAULTS, ...tables.microsoftFactors } : MICROSOFT_FACTOR_DEFAULTS;
    // The disks lay out the deployed databases, which on JBOD were counted from the same disk (sizeDesign's microsoftAt).
    const choice = serverDiskChoiceOf(inputs, tables, serverDisk);
    const preference = prefersJbod(serversPerSite, inputs.copies, laggedCopies, { diskGB: choice.disk.rawGB, databasesPerVolume: choice.databasesPerVolume, ...layout });
    onRaid = !preference.jbod;
    // A volume holds at most the copies by default; active/passive, the first site's; a number asked, the calculator's (Role Requirements!C83).
    const volumeDatabases = volumeDatabasesOf(inputs.copies, serversPerSite, { ...layout, databasesPerVolume: choice.databasesPerVolume }, preference.multipleDatabasesPerVolume);
    const volumeCopies = volumeCopiesOf(inputs.copies, serversPerSite, layout);
    // One site's server of `server.copiesPerServer` copies (the first site's: Role Requirements!C102), on RAID or JBOD.
    const laidOut = (server: MicrosoftSizing, raid: boolean): Pick<SiteServers, "serverDisks" | "raidServerDisks" | "serverDisksProblem"> => {
      try {
        // The calculator's RAID disks (Storage Design!C194, D194): a DAG, as Microsoft's method here always is.
        if (raid) return { raidServerDisks: raidServerDisks(raidNeedOf(server, { serversPerSite, copies: inputs.copies, laggedCopies, databasesPerVolume: choice.databasesPerVolume }, { ...mf, ...layout }), choice) };
        return { serverDisks: serverDisks(jbodNeedOf(server, volumeCopies, mf), { ...choice, databasesPerVolume: volumeDatabases }) };
      } catch (e) {
        // A disk that cannot hold a volume says so beside the design: the databases stand (RAID or another disk holds them).
        if (!(e instanceof SizingError)) throw e;
        return { serverDisksProblem: e.message };
      }
    };
    ({ serverDisks: disks, raidServerDisks: raidDisks, serverDisksProblem: disksProblem } = laidOut(ms, onRaid));
    if (activePassiveOf(serversPerSite, layout) && inputs.copies >= 2) {
      // Active/passive: the second site's servers hold its copies of every database (databases × its copies ÷ its
      // servers: Role Requirements!C102's where it has the calculator's servers, I89), JBOD or RAID as the calculator
      // chooses for the site (prefersJbod's secondSiteJbod: Role Requirements!I128), laid for at least the first
      // site's copies a server (site-disks.ts secondSiteServer; Storage Design!D194, D197).
      secondSiteDisks = { copiesPerServer: secondSiteCopies(ms, serversPerSite, inputs.copies), ...laidOut(secondSiteServer(ms, serversPerSite, inputs.copies), !preference.secondSiteJbod) };
    }
  } else {
    disksProblem = "Dell's process puts the databases on EqualLogic arrays (the arrays above), not on the servers' own disks";
  }
  // MCDB SSDs beside a 2019 or SE server's JBOD database disks (mcdb.ts): why none, in the Summary's order.
  let mcdb: McdbSsds | undefined;
  let mcdbProblem: string | undefined;
  const mcdbChoice = mcdbChoiceOf(inputs.mcdb ?? MCDB_CHOICES[0]);
  if (mcdbChoice === undefined) throw new SizingError("#VALUE!", `mcdb must be one of: ${MCDB_CHOICES.join(", ")}; got ${JSON.stringify(inputs.mcdb)}`);
  const refusedMcdb = mcdbChoice === "on" ? mcdbOnProblem(version, method, onRaid) : undefined;
  if (refusedMcdb !== undefined) throw new McdbError("#N/A", refusedMcdb);
  if (mcdbChoice === "off") mcdbProblem = MCDB_NONE.off;
  else if (!mcdbVersion(version)) mcdbProblem = MCDB_NONE.version(version);
  else if (method !== "microsoft") mcdbProblem = MCDB_NONE.dell;
  else if (onRaid) mcdbProblem = MCDB_NONE.raid;
  else if (!disks) mcdbProblem = MCDB_NONE.noDisks;
  else {
    try {
      mcdb = mcdbSsds(disks.databaseLogDisks, disks.disk.rawGB);
    } catch (e) {
      if (!(e instanceof SizingError)) throw e;
      mcdbProblem = e.message;
    }
  }
  return {
    ...(disks ? { serverDisks: disks } : {}),
    ...(raidDisks ? { raidServerDisks: raidDisks } : {}),
    ...(disksProblem ? { serverDisksProblem: disksProblem } : {}),
    ...(mcdb ? { mcdb } : {}),
    ...(mcdbProblem ? { mcdbProblem } : {}),
    ...(secondSiteDisks ? { secondSiteDisks } : {}),
  };
}

/**
 * What a Microsoft-method design's disk inputs (serverDisk, databasesPerVolume) change of it beyond its
 * disks (designDisks), the calculator's own count (microsoftDatabases) and the figures that show the
 * disk's limits (microsoft.maxDatabaseGB, mailboxesPerDatabaseLimit, ioMailboxesPerDatabase,
 * maxDatabases, and so the figures of the databases-past-the-maximum warning): whether the calculator
 * deploys JBOD, the databases deployed of the count it reads from them (Role Requirements!C62:C80,
 * microsoftDeployment), its symmetric count (C78), and whether those databases outgrow the maximum size. Designs that differ only in their disk
 * inputs and have the same key size alike in everything else (tests/engine/fit.test.ts), so a search
 * over disks (fit.ts) sizes one of them whole. `given` is the design but for its disk inputs, each
 * design's key then one call; undefined where the count refuses the design, and so sizeDesign.
 */
export function diskCountKeys(given: Readonly<Partial<WorkbookInputs>>, tables: DesignTables = {}): (disk: Pick<WorkbookInputs, "serverDisk" | "databasesPerVolume">) => string | undefined {
  const { countOf } = diskCounts(given, tables);
  return (disk) => countOf(disk)?.key;
}

/** A design's disk count key (diskCountKeys) and the databases it deploys. */
export interface DiskCount {
  key: string;
  databases: number;
  /** The databases outgrow the disk's maximum size (the key names the disk). */
  outgrown: boolean;
}

/**
 * The least a server of a Microsoft-method DAG needs at a count of databases deployed, whatever its
 * disk: memory and cores (Design.memoryPerServerGB, coresPerServer), and the GB of the copies a
 * first-site server holds (microsoft.copiesPerServer × databaseGB). Never more than the design sized.
 */
export interface ServerFloor {
  memoryPerServerGB: number;
  coresPerServer: number;
  dataGB: number;
}

/**
 * diskCountKeys with each key's databases deployed, and the floor of a server at such a count
 * (floorAt, read after a count: it takes the mailboxes' figures counted there). The floor follows
 * Microsoft's rules (microsoftSizing) from below, for D databases of M ÷ D mailboxes each, C copies a
 * server (Role Requirements!C102, exact at D):
 * - the busiest server's active databases in the worst failure (C103) are at least the first site's
 *   when one of its n servers fails (C117: ROUNDUP(normal + normal ÷ (n − 1)) with normal D₁ ÷ n, D₁ its
 *   share of D, C86), so at least D₁ ÷ (n − 1) with two HA copies or more there, D₁ ÷ n with one; sized
 *   never less, a unit's figure once a unit, no less; a given worst (the factor activeDatabases), none;
 * - memory (C133:C142): at least the cache of those mailboxes (C134) over its share of memory, with the
 *   client access base (C140), or the minimum by copies (C133); the index (C139) only adds; then the
 *   configuration step (C142, rising with the memory) and the version's least;
 * - megacycles (C199:C201): the active and client access megacycles of those mailboxes and the passive
 *   of the rest of the server's copies (an active mailbox costs more than a passive one, so fewer active
 *   never raise them); cores as the design counts them (microsoftCores).
 * Each figure a part in 10¹² below, for the floating point of the rules' own order.
 */
export function diskCounts(
  given: Readonly<Partial<WorkbookInputs>>,
  tables: DesignTables = {},
): { countOf: (disk: Pick<WorkbookInputs, "serverDisk" | "databasesPerVolume">) => DiskCount | undefined; floorAt: (databases: number) => ServerFloor } {
  const inputs = withDefaults(given);
  let dag: MicrosoftDag;
  let layoutDesign: Pick<LayoutDesign, "serversPerSite" | "copies" | "laggedCopies" | "layout">;
  const none = (): ServerFloor => {
    throw new Error("diskCounts: a floor is read only at a count");
  };
  try {
    dag = microsoftDag(inputs, tables, serversPerSiteOf(inputs), 0);
    layoutDesign = { serversPerSite: dag.design.serversPerSite, copies: inputs.copies, layout: inputs.dagLayout as DagLayout, laggedCopies: dag.lag.laggedCopies };
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return { countOf: () => undefined, floorAt: none };
  }
  // The deployment of each count, once a topology: the designs of a topology share a few counts.
  const deployments = new Map<number, ReturnType<typeof microsoftDeployment>>();
  // The mailboxes' figures, counted once: no disk factor moves them (mailboxRequirement).
  let counted: ReturnType<typeof microsoftDatabaseCount> | undefined;
  let factors: MicrosoftFactors | undefined;
  // Each count once: on JBOD the disk's GB and IOPS and the databases a volume move it, on RAID only the
  // databases a volume (microsoftOnDisk): every disk the calculator puts on RAID counts alike.
  const counts = new Map<string, { key: string; databases: number; outgrown: boolean } | undefined>();
  const factorsAt = diskFactorsOf(dag);
  const countAt = (choice: ServerDiskChoice, jbod: boolean) => {
    try {
      const onDisk = factorsAt(choice, jbod);
      const count = microsoftDatabaseCount(dag.design, onDisk, counted?.perTier);
      counted ??= count;
      factors ??= onDisk;
      let deployment = deployments.get(count.databases);
      if (deployment === undefined) deployments.set(count.databases, (deployment = microsoftDeployment(count.databases, layoutDesign, inputs.serverSizing === "never less")));
      const { deployed, resized } = deployment;
      // Databases past the disk's maximum size (databaseSizeWarning, which a search refuses) are refused too
      // where the disk cannot lay them out (sizeDesign): such a design is its disk's own key.
      return { key: `${jbod} ${deployed} ${count.symmetric} ${resized}`, databases: deployed, outgrown: count.sized / deployed > excelCeil(count.limit) };
    } catch (e) {
      if (!(e instanceof SizingError)) throw e;
      return undefined;
    }
  };
  // Each disk by name once a topology (serverDiskOf normalises the name each time).
  const disksNamed = new Map<string | undefined, JbodDisk>();
  const countOf = (disk: Pick<WorkbookInputs, "serverDisk" | "databasesPerVolume">): DiskCount | undefined => {
    let choice: ServerDiskChoice;
    try {
      // microsoftAt reads the disk inputs only through the disk chosen.
      const name = disk.serverDisk ?? inputs.serverDisk;
      let serverDisk = disksNamed.get(name);
      if (serverDisk === undefined) disksNamed.set(name, (serverDisk = serverDiskOf({ serverDisk: name }, tables)));
      choice = serverDiskChoiceOf({ databasesPerVolume: disk.databasesPerVolume ?? inputs.databasesPerVolume, autoReseedDisks: inputs.autoReseedDisks, spareDisks: inputs.spareDisks }, tables, serverDisk);
    } catch (e) {
      if (!(e instanceof SizingError)) throw e;
      return undefined;
    }
    const jbod = onJbod(dag, choice);
    const at = jbod ? `${choice.disk.rawGB} ${choice.disk.iops} ${choice.databasesPerVolume}` : `RAID ${choice.databasesPerVolume}`;
    let count = counts.get(at);
    if (count === undefined && !counts.has(at)) counts.set(at, (count = countAt(choice, jbod)));
    if (count === undefined) return undefined;
    return { key: count.outgrown ? `${count.key} outgrown ${choice.disk.name} ${choice.databasesPerVolume}` : count.key, databases: count.databases, outgrown: count.outgrown };
  };
  const minMemoryGB = versionProfile(designVersion(inputs.exchangeVersion)).minMemoryGB;
  const floorAt = (databases: number): ServerFloor => {
    if (counted === undefined || factors === undefined) return none();
    const f = factors;
    const { serversPerSite, copies, specRate, cores } = dag.design;
    if (!counted.ha) return { memoryPerServerGB: minMemoryGB, coresPerServer: 0, dataGB: 0 };
    const below = 1 - 1e-12;
    const { perTier, tierShares, passive } = counted;
    const weighted = (pick: (r: MailboxRequirement) => number) => perTier.reduce((a, r, i) => a + tierShares[i] * pick(r), 0);
    const mailboxesPerDatabase = counted.sized / databases;
    const copiesPerServer = copiesPerServerOf(databases, serversPerSite, copies, passive);
    // The busiest server's active databases in the worst failure, at least (C86, C116, C117, C103).
    const n = serversPerSite[0];
    const haHere = haCopiesPerSite(copies, counted.lagged, serversPerSite.length)[0];
    const share = serversPerSite.length === 2 && !passive ? MICROSOFT.firstSiteUserShare : 1;
    const spread = haHere > 1 && n >= 2 ? n - 1 : haHere > 1 || n >= 2 ? n : Infinity;
    const active = f.activeDatabases > 0 ? 0 : (databases * share) / spread;
    const activeMailboxes = active * mailboxesPerDatabase * below;
    const hasRate = specRate > 0;
    const cacheGB = excelCeil((activeMailboxes * weighted((r) => r.cacheMB)) / 1024);
    const casMemoryGB = f.multiRole > 0 ? (hasRate ? excelRound(MICROSOFT.casMemoryBaseGB) : cores * MICROSOFT.casMemoryPerCoreGB + MICROSOFT.casMemoryBaseGB) : 0;
    const memoryGB = memoryConfigurationGB(Math.max(minimumMemoryGB(copiesPerServer), cacheGB / MICROSOFT.cacheShareOfMemory + casMemoryGB));
    const activeMc = weighted((r) => r.activeMegacycles);
    const passiveMc = weighted((r) => r.passiveMegacycles);
    const casMc = f.multiRole > 0 ? weighted((r) => r.casMegacycles) : 0;
    const rise = activeMc + casMc - passiveMc;
    const megacycles = rise >= 0 ? (1 + f.hypervisor) * (activeMailboxes * rise + copiesPerServer * mailboxesPerDatabase * passiveMc) * below : 0;
    const megacyclesPerCore = hasRate ? (specRate / cores) * (MICROSOFT.baselineMegacycles / MICROSOFT.baselineSpecPerCore) : NaN;
    const coresPerServer = microsoftCores(specRate, hasRate ? excelCeil(megacycles / megacyclesPerCore) : NaN, megacycles);
    const databaseGB = ((mailboxesPerDatabase * counted.mailboxOnDiskMB) / 1024) * (1 + f.dataOverhead);
    return { memoryPerServerGB: Math.max(memoryGB, minMemoryGB), coresPerServer, dataGB: copiesPerServer * databaseGB * below };
  };
  return { countOf, floorAt };
}

/** Whether a design counts mailbox tiers: Microsoft's method with tiers given (Dell's process sizes the one profile). */
const tiered = (method: SizingMethod, tables: Pick<DesignTables, "tiers">): boolean => method === "microsoft" && (tables.tiers?.length ?? 0) > 0;

/**
 * The DAG's mailboxes sizeDesign counts: by Microsoft's method every tier's (Role Requirements!C98), else
 * Users — what several DAGs divide the environment by, and what the Design check holds it to.
 */
export function dagMailboxesOf(inputs: Pick<WorkbookInputs, "users" | "method" | "exchangeVersion" | "copies">, tables: Pick<DesignTables, "tiers"> = {}): { mailboxes: number; counted: "users" | "tiers" } {
  if (!tiered(methodOf(inputs), tables)) return { mailboxes: inputs.users, counted: "users" };
  return { mailboxes: tables.tiers!.reduce((a, t) => a + t.mailboxes, 0), counted: "tiers" };
}

// The design's totals (rules/totals.ts): the volumes of one copy, and a copy's capacity for every copy.
const volumesGBOf = TOTALS_RULES.compileAt("volumesGB", ["databases", "databaseVolumeGB", "logVolumeGB"]);
const allCopiesOf = TOTALS_RULES.compileAt("allCopies", ["perCopy", "copies"]);
// The environment's rules (rules/environment.ts): its DAGs, and a DAG's figure for all of them.
const environmentDagsOf = ENVIRONMENT_RULES.compileAt("dags", ["environmentMailboxes", "dagMailboxes"]);
const inEnvironmentOf = ENVIRONMENT_RULES.compileAt("inEnvironment", ["dags", "perDag"]);

/**
 * An environment of `environmentUsers` mailboxes as identical DAGs of `usersPerDag` each, every DAG
 * sized as the one design (004_1d3a339e6fd03f64.txt §4: "to host 100,000 mailboxes the solution
 * requires 14 DAGs" of 7,600). The calculator's number of DAGs (Input!C27) splits its mailboxes
 * evenly instead; here the DAG is the building block, as 004's.
 */
export function environmentOf(
  usersPerDag: number,
  environmentUsers: number | undefined,
  serversPerSite: readonly number[],
  counted: "users" | "tiers" = "users",
): Pick<Design, "environmentUsers" | "dags" | "usersPerDag" | "serversPerDag" | "environmentServers"> {
  const problem = environmentProblem(usersPerDag, environmentUsers, counted);
  if (problem !== undefined) throw new SizingError("#N/A", problem);
  const users = environmentUsers ?? usersPerDag;
  const serversPerDag = serversPerSite.reduce((a, b) => a + b, 0);
  const dags = environmentDagsOf([users, usersPerDag], []);
  return { environmentUsers: users, dags, usersPerDag, serversPerDag, environmentServers: inEnvironmentOf([dags, serversPerDag], []) };
}
