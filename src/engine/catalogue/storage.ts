/**
 * What the databases need of storage: capacity, IOPS, and what holds them — a Microsoft-method
 * server's own disks (JBOD or RAID, the calculator's Storage Design sheet), or the papers' arrays and
 * spindles (Dell's process; EMC's white paper).
 */
import type { Design } from "../design";
import { cite } from "../papers";
import type { Quantity } from "./quantity";

const BOTH = `${cite("dell", "Tables 16-19")}; ${cite("microsoft", "Role Requirements, Volume Requirements")}`;
const DISKS = cite("microsoft", "Storage Design!C164:E165, C194, C200; Volume Requirements!I7");

/** A server's own disks, JBOD or RAID, or none (Dell's process; a disk that cannot hold a volume). */
export const disksOf = (d: Design) => d.serverDisks ?? d.raidServerDisks;

export const STORAGE_QUANTITIES = [
  { key: "capacityPerCopyGB", label: "Capacity per copy", unit: "GB", digits: 0, source: BOTH, value: (d) => d.capacityPerCopyGB },
  { key: "capacityAllCopiesGB", label: "Capacity, all copies", unit: "GB", digits: 0, source: BOTH, value: (d) => d.capacityAllCopiesGB },
  { key: "volumesGB", label: "Capacity in volumes, a copy", unit: "GB", digits: 0, source: BOTH, value: (d) => d.volumesGB },
  { key: "databaseIops", label: "Database IOPS, a copy", unit: "IOPS", digits: 0, source: BOTH, value: (d) => d.databaseIops },
  { key: "dagDatabaseIops", label: "Database IOPS, the DAG", unit: "IOPS", digits: 0, source: `${BOTH}; ${cite("esrp2016", "§4.2")}`, value: (d) => d.dagDatabaseIops },
  { key: "dagLogIops", label: "Log IOPS, the DAG", unit: "IOPS", digits: 0, source: `${BOTH}; ${cite("esrp2016", "§4.2")}`, value: (d) => d.dagLogIops },
  { key: "serverDatabaseIops", label: "Database IOPS, a server", unit: "IOPS", digits: 0, source: cite("microsoft", "Role Requirements!D281"), value: (d) => d.serverDatabaseIops },
  // A Microsoft-method server's own disks (issue 17): null by Dell's process, or where the disk cannot hold a volume.
  { key: "serverDisk", label: "Server disk", unit: "", method: "microsoft", source: DISKS, value: (d) => disksOf(d)?.disk.name ?? null },
  { key: "serverDiskArchitecture", label: "Server disks laid as", unit: "", method: "microsoft", source: cite("microsoft", "Role Requirements!I127"), value: (d) => (d.serverDisks ? "JBOD" : d.raidServerDisks ? "RAID" : null) },
  { key: "disksPerServer", label: "Disks a server", unit: "disks", digits: 0, method: "microsoft", source: DISKS, value: (d) => disksOf(d)?.disksPerServer ?? null },
  { key: "databaseLogDisksPerServer", label: "Database and log disks a server", unit: "disks", digits: 0, method: "microsoft", source: DISKS, value: (d) => disksOf(d)?.databaseLogDisks ?? null },
  { key: "databasesPerVolume", label: "Databases a volume", unit: "", digits: 0, method: "microsoft", source: DISKS, value: (d) => disksOf(d)?.databasesPerVolume ?? null },
  { key: "databaseLogRaid", label: "Database and log RAID level", unit: "", method: "microsoft", source: cite("microsoft", "Storage Design!C164"), value: (d) => d.raidServerDisks?.databaseLogRaid ?? null },
  { key: "restoreRaid", label: "Restore volume RAID level", unit: "", method: "microsoft", source: cite("microsoft", "Storage Design!E164"), value: (d) => d.raidServerDisks?.restoreRaid ?? null },
  { key: "restoreDisksPerServer", label: "Restore disks a server", unit: "disks", digits: 0, method: "microsoft", source: cite("microsoft", "Storage Design!D182, E165"), value: (d) => disksOf(d)?.restoreDisks ?? null },
  { key: "dagDisks", label: "Disks, the DAG", unit: "disks", digits: 0, method: "microsoft", source: cite("microsoft", "Storage Design!C200"), value: (d) => { const disks = disksOf(d); return disks ? disks.disksPerServer * d.serversPerDag : null; } },
  { key: "serverDisksProblem", label: "Why no server disks", unit: "", method: "microsoft", source: DISKS, value: (d) => d.serverDisksProblem ?? null },
  // The papers' storage: what Dell's process buys, and what Microsoft's design is compared with.
  { key: "arrays", label: "Arrays", unit: "", digits: 0, source: cite("dell", "Tables 12-13, 3.4.1"), value: (d) => d.arrays.arrays },
  { key: "arrayModel", label: "Array model", unit: "", source: cite("dell", "Tables 12-13"), value: (d) => d.arrays.modelName },
  { key: "arraysPerCopy", label: "Arrays per copy", unit: "", digits: 0, source: cite("dell", "3.4.1"), value: (d) => d.arrays.arraysPerCopy },
  { key: "spindles", label: "Spindles", unit: "disks", digits: 0, source: cite("emc", "Phase 2"), value: (d) => d.spindles.disks },
  { key: "spindleRaid", label: "Spindles' RAID level", unit: "", source: cite("emc", "Phase 2"), value: (d) => d.spindles.raid },
  { key: "spindleDisk", label: "Spindles' disk", unit: "", source: cite("emc", "Phase 2"), value: (d) => String(d.spindles.disk) },
] as const satisfies readonly Quantity[];
