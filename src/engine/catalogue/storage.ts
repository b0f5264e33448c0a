/**
 * What the databases need of storage: capacity, IOPS, and what holds them — a Microsoft-method
 * server's own disks (JBOD or RAID, the calculator's Storage Design sheet), or the papers' arrays and
 * spindles (Dell's process; EMC's white paper).
 */
import type { Design } from "./sized-design";
import { cite } from "../papers";
import { arrayModelName } from "../arrays";
import { CALCULATOR_DEFAULT_DISK, JBOD_CATALOGUE, SERVER_DISK_DEFAULTS } from "../microsoft/disks";
import { DEFAULT_READ_RATIO, DISK_CLASS_IOPS, EQUALLOGIC_CATALOGUE, RAID_LEVELS } from "../tables";
import { capitalized, choiceInputRule, numberInputRule, valueOf, type InputDeclaration } from "./input";
import type { Quantity } from "./quantity";
import { MCDB_CHOICES, MCDB_SOURCES } from "../microsoft/mcdb";
import { siteDagDisks } from "../microsoft/site-disks";

const BOTH = `${cite("dell", "Tables 16-19")}; ${cite("microsoft", "Role Requirements, Volume Requirements")}`;
const DISKS = cite("microsoft", "Storage Design!C164:E165, C194, C200; Volume Requirements!I7");
const MCDB = `${MCDB_SOURCES.preferredArchitecture}; ${MCDB_SOURCES.setup}`;

/** A server's own disks, JBOD or RAID, or none (Dell's process; a disk that cannot hold a volume). */
export const disksOf = (d: Design) => d.serverDisks ?? d.raidServerDisks;

/** An active/passive site's server disks (Design.siteServers), or none. */
const siteDisksOf = (d: Design, site: 0 | 1) => { const s = d.siteServers?.[site]; return s?.serverDisks ?? s?.raidServerDisks; };
const siteArchitecture = (d: Design, site: 0 | 1) => { const s = d.siteServers?.[site]; return s?.serverDisks ? "JBOD" : s?.raidServerDisks ? "RAID" : null; };
const SITE_DISKS = cite("microsoft", "Role Requirements!I127, I128; Storage Design!C194, D194, C197, D197");

/**
 * Every disk of a DAG's servers: a server's × the servers; active/passive, each site's server's × its servers
 * (Storage Design!C194:F197 summed, C202, hot spares ours). Null where a server has no disks.
 */
export function dagDisksOf(d: Design): number | null {
  if (d.siteServers) {
    const [first, second] = [siteDisksOf(d, 0)?.disksPerServer, siteDisksOf(d, 1)?.disksPerServer];
    return first !== undefined && second !== undefined ? siteDagDisks(first, d.siteServers.map((s) => s.servers), second) : null;
  }
  const disks = disksOf(d);
  return disks ? disks.disksPerServer * d.serversPerDag : null;
}

/** Input!C107's choices: consider JBOD, or RAID only. */
export const JBOD_CHOICES = ["yes", "no"] as const;

export const STORAGE_QUANTITIES = [
  { key: "capacityPerCopyGB", label: "Capacity per copy", unit: "GB", digits: 0, source: BOTH, value: (d) => d.capacityPerCopyGB },
  { key: "capacityAllCopiesGB", label: "Capacity, all copies", unit: "GB", digits: 0, source: BOTH, value: (d) => d.capacityAllCopiesGB },
  { key: "volumesGB", label: "Capacity in volumes, a copy", unit: "GB", digits: 0, source: BOTH, value: (d) => d.volumesGB },
  { key: "databaseIops", label: "Database IOPS, a copy", unit: "IOPS", digits: 0, smallDigits: 1, source: BOTH, value: (d) => d.databaseIops },
  { key: "dagDatabaseIops", label: "Database IOPS, the DAG", unit: "IOPS", digits: 0, smallDigits: 1, source: `${BOTH}; ${cite("esrp2016", "§4.2")}`, value: (d) => d.dagDatabaseIops },
  { key: "dagLogIops", label: "Log IOPS, the DAG", unit: "IOPS", digits: 0, smallDigits: 1, source: `${BOTH}; ${cite("esrp2016", "§4.2")}`, value: (d) => d.dagLogIops },
  { key: "serverDatabaseIops", label: "Database IOPS, a server", unit: "IOPS", digits: 0, smallDigits: 1, source: cite("microsoft", "Role Requirements!D281"), value: (d) => d.serverDatabaseIops },
  // A Microsoft-method server's own disks: null by Dell's process, or where the disk cannot hold a volume.
  { key: "serverDisk", label: "Server disk", unit: "", method: "microsoft", source: DISKS, value: (d) => disksOf(d)?.disk.name ?? null },
  { key: "serverDiskArchitecture", label: "Server disks laid as", unit: "", method: "microsoft", source: cite("microsoft", "Role Requirements!I127"), value: (d) => (d.serverDisks ? "JBOD" : d.raidServerDisks ? "RAID" : null) },
  { key: "disksPerServer", label: "Disks a server", unit: "disks", digits: 0, method: "microsoft", source: DISKS, value: (d) => disksOf(d)?.disksPerServer ?? null },
  { key: "databaseLogDisksPerServer", label: "Database and log disks a server", unit: "disks", digits: 0, method: "microsoft", source: DISKS, value: (d) => disksOf(d)?.databaseLogDisks ?? null },
  { key: "databasesPerVolume", label: "Databases a volume", unit: "", digits: 0, method: "microsoft", source: DISKS, value: (d) => disksOf(d)?.databasesPerVolume ?? null },
  // Where the disks lay another number than the one asked: the calculator's rule, in words (Role Requirements!C83).
  { key: "databasesPerVolumeNote", label: "Why not the databases a volume asked", unit: "", method: "microsoft", source: DISKS, value: (d) => d.databasesPerVolumeNote ?? null },
  { key: "databaseLogRaid", label: "Database and log RAID level", unit: "", method: "microsoft", source: cite("microsoft", "Storage Design!C164"), value: (d) => d.raidServerDisks?.databaseLogRaid ?? null },
  { key: "restoreRaid", label: "Restore volume RAID level", unit: "", method: "microsoft", source: cite("microsoft", "Storage Design!E164"), value: (d) => d.raidServerDisks?.restoreRaid ?? null },
  { key: "restoreDisksPerServer", label: "Restore disks a server", unit: "disks", digits: 0, method: "microsoft", source: cite("microsoft", "Storage Design!D182, E165"), value: (d) => disksOf(d)?.restoreDisks ?? null },
  { key: "dagDisks", label: "Disks, the DAG", unit: "disks", digits: 0, method: "microsoft", source: cite("microsoft", "Storage Design!C200"), value: dagDisksOf },
  // Active/passive: each site's servers on their own disks, JBOD or RAID as the calculator chooses for the site (Design.siteServers); null otherwise.
  { key: "serverDiskArchitectureSite1", label: "Server disks laid as, site 1", unit: "", method: "microsoft", source: SITE_DISKS, value: (d) => siteArchitecture(d, 0) },
  { key: "serverDiskArchitectureSite2", label: "Server disks laid as, site 2", unit: "", method: "microsoft", source: SITE_DISKS, value: (d) => siteArchitecture(d, 1) },
  { key: "disksPerServerSite1", label: "Disks a server, site 1", unit: "disks", digits: 0, method: "microsoft", source: SITE_DISKS, value: (d) => siteDisksOf(d, 0)?.disksPerServer ?? null },
  { key: "disksPerServerSite2", label: "Disks a server, site 2", unit: "disks", digits: 0, method: "microsoft", source: SITE_DISKS, value: (d) => siteDisksOf(d, 1)?.disksPerServer ?? null },
  { key: "serverDisksProblem", label: "Why no server disks", unit: "", method: "microsoft", source: DISKS, value: (d) => d.serverDisksProblem ?? null },
  // Exchange 2019's and SE's MetaCache Database SSDs beside a JBOD server's database disks (src/engine/microsoft/mcdb.ts): null where none.
  { key: "mcdbSsdsPerServer", label: "MCDB SSDs a server", unit: "disks", digits: 0, method: "microsoft", source: MCDB, value: (d) => d.mcdb?.ssdsPerServer ?? null },
  { key: "mcdbSsdGB", label: "MCDB SSD", unit: "GB", digits: 0, method: "microsoft", source: MCDB, value: (d) => d.mcdb?.ssdGB ?? null },
  { key: "mcdbGBPerServer", label: "MCDB SSDs' capacity a server", unit: "GB", digits: 0, method: "microsoft", source: MCDB, value: (d) => d.mcdb?.gbPerServer ?? null },
  { key: "mcdbSharePercent", label: "MCDB SSDs' share of the database disks", unit: "%", digits: 1, method: "microsoft", source: MCDB, value: (d) => (d.mcdb ? d.mcdb.share * 100 : null) },
  // On the JBOD servers only (ours: the calculator predates MCDB): an active/passive second site on RAID has none. Its rendering: dagMcdbSsdsFormula (src/engine/design/formulas.ts).
  { key: "dagMcdbSsds", label: "MCDB SSDs, the DAG", unit: "disks", digits: 0, method: "microsoft", source: `${MCDB}; this project's rule, its JBOD servers only`, value: (d) => (d.mcdb ? d.mcdb.ssdsPerServer * mcdbServersOf(d) : null) },
  { key: "mcdbProblem", label: "Why no MCDB SSDs", unit: "", source: MCDB, value: (d) => d.mcdbProblem ?? null },
  // The papers' storage: what Dell's process buys, and what Microsoft's design is compared with.
  { key: "arrays", label: "Arrays", unit: "", digits: 0, source: cite("dell", "Tables 12-13, 3.4.1"), value: (d) => d.arrays.arrays },
  { key: "arrayModel", label: "Array model", unit: "", source: cite("dell", "Tables 12-13"), value: (d) => d.arrays.modelName },
  { key: "arraysPerCopy", label: "Arrays per copy", unit: "", digits: 0, source: cite("dell", "3.4.1"), value: (d) => d.arrays.arraysPerCopy },
  { key: "spindles", label: "Spindles", unit: "disks", digits: 0, source: cite("emc", "Phase 2"), value: (d) => d.spindles.disks },
  { key: "spindleRaid", label: "Spindles' RAID level", unit: "", source: cite("emc", "Phase 2"), value: (d) => d.spindles.raid },
  { key: "spindleDisk", label: "Spindles' disk", unit: "", source: cite("emc", "Phase 2"), value: (d) => String(d.spindles.disk) },
] as const satisfies readonly Quantity[];

const ARRAY_RAIDS = [...new Set(EQUALLOGIC_CATALOGUE.map((m) => m.raid))];
const ARRAY_MODELS = [...new Set(EQUALLOGIC_CATALOGUE.map(arrayModelName))];
const raidText = (level: string) => level.replace(/^RAID/, "RAID ");
const SERVER_DISK_INPUT = cite("microsoft", "Input!C107:C116");
const diskCount = (key: string, prompt: string) => numberInputRule(key, { min: 0, max: 100, integer: true }, prompt);

export const STORAGE_INPUTS = [
  {
    key: "arrayRaid", value: valueOf<string>(), defaultValue: "RAID50", label: "Array RAID level", unit: "", name: "ArrayRaid", group: "storage", choiceText: raidText,
    what: "RAID50 or RAID10, the levels the array tables measure", source: cite("dell", "Tables 12-13"),
    rule: choiceInputRule("arrayRaid", ARRAY_RAIDS, "RAID level of the arrays"),
  },
  {
    key: "arrayModel", value: valueOf<string>(), defaultValue: "auto", label: "Array model", unit: "", name: "ArrayModel", group: "storage",
    choiceText: (v) => (v === "auto" ? "Auto: the fewest arrays" : v),
    what: '"auto" (fewest arrays, then least waste) or a model such as "PS6500E 500GB"', source: cite("dell", "3.4.1"),
    rule: choiceInputRule("arrayModel", ["auto", ...ARRAY_MODELS], '"auto", or the array model and drive to use'),
  },
  {
    key: "spindleRaid", value: valueOf<string>(), defaultValue: "RAID5", label: "Spindle RAID level", unit: "", name: "SpindleRaid", group: "storage", choiceText: raidText,
    what: "RAID level of your own spindle row on the Design sheet", source: cite("emc", "Phase 2"),
    rule: choiceInputRule("spindleRaid", RAID_LEVELS, "RAID level for the spindle count"),
  },
  {
    key: "spindleDisk", value: valueOf<string | number>(), defaultValue: "10K", label: "Spindle disk class", unit: "", name: "SpindleDisk", group: "storage",
    choiceText: (v) => `${v} rpm (${DISK_CLASS_IOPS[v as keyof typeof DISK_CLASS_IOPS]} IOPS a disk)`,
    what: "Disk class, from the Hardware sheet's disk classes", source: cite("emc", "Phase 2"),
    rule: choiceInputRule("spindleDisk", Object.keys(DISK_CLASS_IOPS), "Disk class of the spindles"),
  },
  {
    key: "readRatio", value: valueOf<number>(), defaultValue: DEFAULT_READ_RATIO, label: "Read ratio", unit: "%", name: "ReadRatio", group: "storage",
    what: "Share of database I/O that is reads (3:2)", source: cite("emc", "Phase 2"),
    rule: numberInputRule("readRatio", { min: 0, max: 1 }, "The share of I/O that is reads"),
  },
  {
    // A Microsoft-method server's own disks: JBOD or RAID, the Summary's server disks read them.
    key: "serverDisk", checkedApart: true, value: valueOf<string>(), optional: true, defaultValue: CALCULATOR_DEFAULT_DISK.name, label: "Server disk", unit: "", name: "ServerDisk",
    aliases: ["--disk"], group: "storage",
    what: "A server's disk, from the Hardware sheet's server disks; read by Microsoft's method: JBOD with three or more copies that can be activated, else a RAID set",
    source: `${SERVER_DISK_INPUT}; ${cite("esrp2016", "4")}`,
    rule: choiceInputRule("serverDisk", JBOD_CATALOGUE.map((d) => d.name), "A server's disk, JBOD or RAID"),
  },
  {
    // The calculator's default, "Yes": a design lays its databases on its server disks (JBOD) where the calculator would (I127).
    key: "considerJbod", checkedApart: true, value: valueOf<string>(), optional: true, defaultValue: "yes", label: "Consider JBOD", unit: "", name: "ConsiderJbod",
    group: "storage", choiceText: capitalized,
    what: 'Microsoft\'s method: "yes" lays the databases on the server disks one a disk (JBOD) where the calculator would (three or more copies to activate); "no": RAID only',
    source: cite("microsoft", "Input!C107, Role Requirements!I127, C110"),
    rule: choiceInputRule("considerJbod", JBOD_CHOICES, "Microsoft's method: JBOD where the calculator would (yes), or RAID only (no)"),
    microsoftFactor: { name: "considerJbod", of: (v) => (v === "no" ? 0 : 1), formula: (input) => `IF(${input}="no",0,1)` },
  },
  {
    key: "databasesPerVolume", checkedApart: true, value: valueOf<number>(), optional: true, defaultValue: SERVER_DISK_DEFAULTS.databasesPerVolume, label: "Databases a disk's volume",
    unit: "databases", name: "DatabasesPerVolume", group: "storage", hint: "0: the most that fit",
    what: "Databases each JBOD disk's volume holds; 0: the most that fit the disk's space and I/O, at most the copies; else as Microsoft's calculator lays them: 1 one, another number half the copies when even, else the copies",
    source: `${SERVER_DISK_INPUT}; ${cite("microsoft", "Input!C108, C109, Role Requirements!C83")}; ${cite("esrp2016", "Table 5")}`,
    rule: diskCount("databasesPerVolume", "Databases a JBOD disk's volume holds (0 = the most that fit, at most the copies)"),
  },
  {
    key: "autoReseedDisks", checkedApart: true, value: valueOf<number>(), optional: true, defaultValue: SERVER_DISK_DEFAULTS.autoReseedDisks, label: "AutoReseed disks a server",
    unit: "disks", name: "AutoReseedDisks", group: "storage",
    what: "Spare disks onto which AutoReseed reseeds a failed disk's copies", source: cite("microsoft", "Input!C112"),
    rule: diskCount("autoReseedDisks", "AutoReseed spare disks a JBOD server keeps"),
  },
  {
    key: "spareDisks", checkedApart: true, value: valueOf<number>(), optional: true, defaultValue: SERVER_DISK_DEFAULTS.spareDisks, label: "Hot spare disks a server",
    unit: "disks", name: "SpareDisks", group: "storage",
    what: "Hot spares beyond the calculator's count (it counts none; Dell EMC's design keeps one)", source: cite("esrp2016", "4"),
    rule: diskCount("spareDisks", "Hot spare disks a JBOD server keeps"),
  },
  {
    // Exchange 2019's and SE's MetaCache Database SSDs beside the JBOD database disks (src/engine/microsoft/mcdb.ts):
    // "on" where they cannot be is refused (mcdbOnProblem), so auto, the default, is what a person rarely changes.
    key: "mcdb", checkedApart: true, value: valueOf<string>(), optional: true, defaultValue: MCDB_CHOICES[0], label: "MCDB SSDs (MetaCache)", unit: "", name: "MCDB", group: "storage",
    choiceText: (v) => ({ auto: "Auto: 2019 and SE on JBOD", on: "On", off: "Off" })[v] ?? v,
    what: "auto: SSDs for Exchange 2019 and SE on JBOD (one to three disks, 6% of their GB); on: refused where none can be; off: none",
    source: MCDB_SOURCES.preferredArchitecture,
    rule: choiceInputRule("mcdb", MCDB_CHOICES, "MCDB SSDs: auto (2019 and SE on JBOD), on or off"),
  },
] as const satisfies readonly InputDeclaration[];

/**
 * The servers that hold MCDB SSDs: those on JBOD (ours: MCDB sits beside JBOD database disks, and the
 * calculator, which predates it, has no rule) — an active/passive DAG's second site on RAID (Role
 * Requirements!I128) holds none; else every server of the DAG.
 */
export const mcdbServersOf = (d: Pick<Design, "siteServers" | "serversPerDag">): number =>
  d.siteServers ? d.siteServers.reduce((n, s) => n + (s.serverDisks ? s.servers : 0), 0) : d.serversPerDag;
