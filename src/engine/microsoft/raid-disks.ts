/**
 * A server's own disks for a design Microsoft's calculator puts on RAID: fewer than three
 * copies that can be activated (design.ts prefersJbod false). The calculator's "Database+Log" volume
 * architecture — a database and its logs on one volume — sized as its Storage Design sheet sizes it:
 * a RAID set for the database+log volumes, wide enough for their random I/O with the RAID write
 * penalty and rebuild overhead (C40:C42, C72:C75) and for their space (C76:C79); RAID-1/0 unless
 * RAID-5 needs fewer disks (C133; RAID-5 and RAID-6 are not offered for 7.2K and slower disks, C74:C75;
 * RAID-6 only by an override we do not take, Storage Design!C27); a RAID-5 restore volume (C88:C91,
 * C137:C138); the disks a server (C194) and a DAG (C200). Hot spares are ours, as on JBOD (disks.ts
 * `spareDisks`, 004_1d3a339e6fd03f64.txt §4), and kept apart from the calculator's count; AutoReseed
 * volumes are JBOD's (Storage Design!C194 counts none on RAID).
 */
import { SizingError } from "../errors";
import { roundTo15 } from "../general-format";
import { activePassiveOf, type MicrosoftSizing } from "./design";
import { copiesPerSite } from "../failover";
import { DISK_TYPE_IOPS, type JbodDisk, type ServerDiskChoice } from "./disks";
import { DATABASE_RAID_GROUPS, SERVER_DISK_RULES, RAID_REBUILD_OVERHEAD, RAID_WRITE_PENALTY, RESTORE_RAID, SLOWEST_PARITY_DISK_OVER_IOPS, type CalculatorRaidLevel } from "../rules/disks";
import type { Factors } from "../rules/rule";
import { MICROSOFT, type MicrosoftFactors } from "./tables";

// The RAID tables live with the rules that read them (rules/disks.ts).
export { DATABASE_RAID_GROUPS, RAID_REBUILD_OVERHEAD, RAID_WRITE_PENALTY, RESTORE_RAID, SLOWEST_PARITY_DISK_OVER_IOPS, type CalculatorRaidLevel } from "../rules/disks";

// Each figure compiled once over the figures before it (rules/disks.ts): the rule is the one declaration.
const R = SERVER_DISK_RULES;
const formattedOf = R.compile("formattedGB", ["diskRawGB"]);
const volumesOf = R.compile("databaseLogVolumes", ["copiesPerServer", "volumeDatabases"]);
const databaseLogGBOf = R.compile("databaseLogGB", ["copiesPerServer", "databaseGB", "databaseLogVolumes", "logGB"]);
const raid0PerformanceOf = R.compile("raid0PerformanceDisks", ["readIops", "writeIops", "diskIops"]);
const raid0CapacityOf = R.compile("raid0CapacityDisks", ["databaseLogGB", "formattedGB"]);
const transfersOf = R.compile("transfers", ["penalty", "readIops", "writeIops"]);
const LEVEL_INPUTS = ["penalty", "rebuild", "data", "parity", "readIops", "writeIops", "diskIops", "raid0CapacityDisks"];
const performanceOf = R.compile("levelPerformanceDisks", LEVEL_INPUTS);
const capacityOf = R.compile("levelCapacityDisks", LEVEL_INPUTS);
const levelDisksOf = R.compile("levelDisks", LEVEL_INPUTS);
const raid5ChosenOf = R.compile("raid5Chosen", ["parityOffered", "raid5Disks", "raid10Disks"]) as unknown as (inputs: readonly (number | boolean)[], f: Factors) => boolean;
const databaseLogDisksOf = R.compile("databaseLogDisks", ["raid5Chosen", "raid5Disks", "raid10Disks"]);
const restoreGBOf = R.compile("restoreGB", ["volumeDatabases", "copiesPerServer", "databaseGB", "logGB"]);
const restoreDisksOf = R.compile("restoreDisks", ["restoreGB", "formattedGB"]);
const calculatorDisksOf = R.compile("calculatorDisks", ["databaseLogDisks", "restoreDisks"]);
const disksPerServerOf = R.compile("disksPerServer", ["calculatorDisks", "spareDisks"]);
const calculatorDagDisksOf = R.compile("calculatorDagDisks", ["calculatorDisks", "servers"]);
const dagDisksOf = R.compile("dagDisks", ["disksPerServer", "servers"]);

/**
 * Whether the calculator offers RAID-5 and RAID-6 for the disk — Storage Design!C74:C75: not for a
 * 7.2K, 5.2K, 5.4K or 5.9K disk (by its type's name). A disk of no type of the table (given by raw GB
 * and IOPS, or the user's own on the Hardware sheet) is offered parity RAID when faster than every
 * 7.2K disk of the table (62.5 IOPS, Tables!B240) — so the sheet, which passes EX_MS_DISKS a disk's GB
 * and IOPS, sizes it as sizeDesign does. For the table's types the two rules agree (every 7.2K and
 * slower type has 62.5 IOPS or fewer, every 10K and 15K 130 or more), which raid-disk-formulas.ts uses.
 */
export function parityRaidOffered(disk: Pick<JbodDisk, "type" | "iops">): boolean {
  const slow = /^(7\.2K|5\.2K|5\.4K|5\.9K)/.test(disk.type);
  if (slow) return false;
  // Compared as Excel compares, to 15 significant digits (disks.ts atMost): the native's test of the cell.
  return disk.type in DISK_TYPE_IOPS || roundTo15(disk.iops) > SLOWEST_PARITY_DISK_OVER_IOPS;
}

/** One RAID level's database+log disks: for I/O (Storage Design!C73:C75), for space (C77:C79), and the larger (C134). */
export interface RaidOption {
  level: CalculatorRaidLevel;
  /** Disk transfers the volumes' I/O costs at this level, before the rebuild overhead — Storage Design!C36:C38. */
  transfers: number;
  performanceDisks: number;
  capacityDisks: number;
  disks: number;
}

/** What one server of the design holds and does: the figures microsoftSizing computes. */
export interface RaidNeed {
  /** Database copies on a server — Role Requirements!C102. */
  copiesPerServer: number;
  /** Every copy, HA and lagged — Input!C30 + C31. */
  copies: number;
  laggedCopies: number;
  serversPerSite: readonly number[];
  /** An active/passive DAG of two sites (Input!G23): a volume's databases follow its first site's copies. */
  activePassive?: boolean;
  /** 0: RAID only (Input!C107 "No"), one database a volume (C110). Absent: 1. */
  considerJbod?: number;
  /** Databases a volume asked: 1 is one a volume (Input!C108 "No", C110). Absent: the calculator's. */
  databasesPerVolume?: number;
  /** A database with overhead and its log space, GB — Volume Requirements!E123, F123. */
  databaseGB: number;
  logGB: number;
  /** The server's database IOPS and their read share — Role Requirements!I77, I75. */
  serverIops: number;
  readShare: number;
  contentIndexShare: number;
  volumeFreeShare: number;
  /** The largest database sized — Role Requirements!C63: 2,000 GB on RAID, a custom maximum where smaller. Absent: 2,000. */
  maxDatabaseGB?: number;
}

export interface RaidServerDisks {
  architecture: "RAID";
  disk: JbodDisk;
  /** A disk's formatted GB: raw × 10⁹ ÷ 1024³ — Storage Design!C46. */
  formattedGB: number;
  copiesPerServer: number;
  /** Databases a volume — Volume Requirements!I7 (Role Requirements!C83): 1, or with several a volume the calculator's count. */
  databasesPerVolume: number;
  /** Database+log volumes a server: ⌈copies ÷ databases a volume⌉ — Volume Requirements!E115. */
  volumes: number;
  /** The server's database+log volumes, GB — Role Requirements!D276 (Volume Requirements!I223). */
  databaseLogGB: number;
  /** Database read and write IOPS a server — Role Requirements!I78, I79. */
  readIops: number;
  writeIops: number;
  /** Disks without redundancy, for I/O and for space — Storage Design!C72, C76. */
  raid0PerformanceDisks: number;
  raid0CapacityDisks: number;
  /** The levels the calculator weighs: RAID-1/0 always, RAID-5 and RAID-6 where the disk is fast enough (parityRaidOffered). */
  options: RaidOption[];
  /** The calculator's choice and its disks — Storage Design!C164, C165 (C133, C134). */
  databaseLogRaid: CalculatorRaidLevel;
  databaseLogDisks: number;
  /** Restore volumes a server (ServerDiskChoice.restoreDisks, Volume Requirements!E118), each a RAID-5 set. */
  restoreVolumes: number;
  /** The restore volume, GB — Volume Requirements!I9. */
  restoreVolumeGB: number;
  restoreRaid: CalculatorRaidLevel;
  /** Restore disks a server — Storage Design!E165 (C138) for each restore volume. */
  restoreDisks: number;
  /** Database+log and restore disks: the calculator's count — Storage Design!C194. */
  calculatorDisks: number;
  /** Hot spares a server (ours, as on JBOD). */
  spareDisks: number;
  /** Of the hot spares, those sized never less adds so a copy more never lays fewer disks (size-design.ts atLeastDisks). */
  fewerCopiesSpareDisks?: number;
  /** Every disk a server holds: the calculator's and the hot spares. */
  disksPerServer: number;
  /** The DAG's servers, every one on RAID (Storage Design!E194:F194 for an active/active DAG whose first site is RAID). */
  servers: number;
  /** The calculator's disks a DAG — Storage Design!C200: its count a server × the servers. */
  calculatorDagDisks: number;
  /** Every disk of the DAG's servers, hot spares included. */
  dagDisks: number;
}

/**
 * Databases a RAID volume holds — Volume Requirements!I7, Role Requirements!C83: one, unless the
 * calculator deploys several a volume (design.ts prefersJbod multipleDatabasesPerVolume, Role
 * Requirements!C110: three or more copies, as many in each site), then every copy in one site
 * (Input!C109 "Yes"); in two sites at most the databases of the largest size (2,000 GB, Variables!K34,
 * or a custom maximum where smaller: Role Requirements!C63) a disk holds (Role Requirements!C82).
 * @compatibility A disk under 2,000 GB formatted holds none there, and the calculator divides by zero
 * (its volumes, restore volume and disks are #DIV/0!); we keep one database a volume.
 */
export function raidDatabasesPerVolume(need: Pick<RaidNeed, "copies" | "laggedCopies" | "serversPerSite" | "activePassive" | "considerJbod" | "maxDatabaseGB" | "databasesPerVolume">, disk: Pick<JbodDisk, "rawGB">): number {
  const two = need.serversPerSite.length === 2;
  const values = [need.copies, copiesPerSite(need.copies, need.serversPerSite.length)[0], need.serversPerSite[0], two ? need.serversPerSite[1] : 0, need.activePassive && two ? 1 : 0, disk.rawGB, need.databasesPerVolume ?? 0, need.maxDatabaseGB ?? MICROSOFT.maxDatabaseGBWithCopies];
  return raidVolumeDatabasesOf(values, { considerJbod: need.considerJbod ?? 1 });
}
const raidVolumeDatabasesOf = SERVER_DISK_RULES.compile("raidVolumeDatabases", ["copies", "copiesFirstSite", "serversFirstSite", "serversSecondSite", "activePassive", "diskRawGB", "askedVolumeDatabases", "largestDatabaseGB"]);

/**
 * The RAID disks one server of a design the calculator puts on RAID needs, with `choice.disk` for
 * every volume (Input!C116, C118), `choice.restoreDisks` restore volumes and `choice.spareDisks` hot
 * spares. The database+log volumes of v databases each hold v databases and logs and one more
 * database's content index (Volume Requirements!I123) over the free space; the RAID set's disks are
 * the more of those for I/O and for space at each level.
 */
export function raidServerDisks(need: RaidNeed, choice: Pick<ServerDiskChoice, "disk" | "restoreDisks" | "spareDisks">): RaidServerDisks {
  const disk = choice.disk;
  if (!(disk.rawGB > 0) || !(disk.iops > 0)) throw new SizingError("#N/A", `disk: a RAID disk needs its GB and IOPS; ${disk.name} has ${disk.rawGB} GB and ${disk.iops} IOPS`);
  const f: Factors = { contentIndexShare: need.contentIndexShare, volumeFreeShare: need.volumeFreeShare, restoreVolumes: choice.restoreDisks };
  const formattedGB = formattedOf([disk.rawGB], f); // Storage Design!C46
  const v = raidDatabasesPerVolume(need, disk);
  const copies = need.copiesPerServer;
  const volumes = volumesOf([copies, v], f); // Volume Requirements!E115: the last volume may hold fewer
  const databaseLogGB = databaseLogGBOf([copies, need.databaseGB, volumes, need.logGB], f); // Role Requirements!D276
  const readIops = need.serverIops * need.readShare; // Role Requirements!I78
  const writeIops = need.serverIops * (1 - need.readShare); // I79
  const raid0PerformanceDisks = raid0PerformanceOf([readIops, writeIops, disk.iops], f); // Storage Design!C72
  const raid0CapacityDisks = raid0CapacityOf([databaseLogGB, formattedGB], f); // C76
  const offered = parityRaidOffered(disk);
  const levels: CalculatorRaidLevel[] = offered ? ["RAID-1/0", "RAID-5", "RAID-6"] : ["RAID-1/0"];
  const options = levels.map((level): RaidOption => {
    const g = DATABASE_RAID_GROUPS[level];
    const inputs = [RAID_WRITE_PENALTY[level], RAID_REBUILD_OVERHEAD[level], g.data, g.parity, readIops, writeIops, disk.iops, raid0CapacityDisks];
    return { level, transfers: transfersOf([RAID_WRITE_PENALTY[level], readIops, writeIops], f), performanceDisks: performanceOf(inputs, f), capacityDisks: capacityOf(inputs, f), disks: levelDisksOf(inputs, f) };
  });
  // Storage Design!C133: RAID-1/0 unless RAID-5 needs fewer disks (a tie is RAID-1/0).
  const raid10 = options[0];
  const raid5 = options.find((o) => o.level === "RAID-5");
  const raid5Chosen = raid5ChosenOf([offered, raid5?.disks ?? 0, raid10.disks], f);
  const chosen = raid5Chosen && raid5 !== undefined ? raid5 : raid10;
  const databaseLogDisks = databaseLogDisksOf([raid5Chosen, raid5?.disks ?? 0, raid10.disks], f); // C165
  const restoreVolumeGB = restoreGBOf([v, copies, need.databaseGB, need.logGB], f); // Volume Requirements!I9: the first volume's databases and logs
  const restoreVolumes = choice.restoreDisks;
  const restoreDisks = restoreDisksOf([restoreVolumeGB, formattedGB], f); // Storage Design!C88, C90
  const calculatorDisks = calculatorDisksOf([databaseLogDisks, restoreDisks], f); // C194
  const servers = need.serversPerSite.reduce((a, b) => a + b, 0);
  const disksPerServer = disksPerServerOf([calculatorDisks, choice.spareDisks], f);
  return {
    architecture: "RAID",
    disk,
    formattedGB,
    copiesPerServer: copies,
    databasesPerVolume: v,
    volumes,
    databaseLogGB,
    readIops,
    writeIops,
    raid0PerformanceDisks,
    raid0CapacityDisks,
    options,
    databaseLogRaid: chosen.level,
    databaseLogDisks,
    restoreVolumes,
    restoreVolumeGB,
    restoreRaid: RESTORE_RAID.level,
    restoreDisks,
    calculatorDisks,
    spareDisks: choice.spareDisks,
    disksPerServer,
    servers,
    calculatorDagDisks: calculatorDagDisksOf([calculatorDisks, servers], f), // Storage Design!C200
    dagDisks: dagDisksOf([disksPerServer, servers], f),
  };
}

/** What raidServerDisks needs, from a design's sizing (design.ts microsoftSizing) and its factors. */
export function raidNeedOf(
  s: Pick<MicrosoftSizing, "copiesPerServer" | "databaseGB" | "logSpaceGB" | "serverIops" | "readShare"> & Partial<Pick<MicrosoftSizing, "maxDatabaseGB">>,
  design: { serversPerSite: readonly number[]; copies: number; laggedCopies: number; databasesPerVolume?: number },
  f: Pick<MicrosoftFactors, "contentIndexShare" | "volumeFreeShare"> & Partial<Pick<MicrosoftFactors, "activePassive" | "considerJbod">>,
): RaidNeed {
  return {
    copiesPerServer: s.copiesPerServer,
    copies: design.copies,
    laggedCopies: design.laggedCopies,
    serversPerSite: design.serversPerSite,
    activePassive: activePassiveOf(design.serversPerSite, f),
    databaseGB: s.databaseGB,
    logGB: s.logSpaceGB,
    serverIops: s.serverIops,
    readShare: s.readShare,
    contentIndexShare: f.contentIndexShare,
    volumeFreeShare: f.volumeFreeShare,
    ...(f.considerJbod !== undefined ? { considerJbod: f.considerJbod } : {}),
    ...(s.maxDatabaseGB !== undefined ? { maxDatabaseGB: s.maxDatabaseGB } : {}),
    ...(design.databasesPerVolume !== undefined ? { databasesPerVolume: design.databasesPerVolume } : {}),
  };
}
