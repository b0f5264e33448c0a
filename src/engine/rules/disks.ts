/**
 * A server's own disks in Microsoft's method as rules, JBOD's and RAID's: each figure of Microsoft,
 * Exchange Server Role Requirements Calculator's Volume Requirements and Storage Design sheets written
 * once (rule.ts derives the engine's value, microsoft/disks.ts serverDisks and raid-disks.ts
 * raidServerDisks, the customer copy's Excel formula, disk-formulas.ts and raid-disk-formulas.ts, and
 * the words). The RAID tables are declared here, where the rules read them; raid-disks.ts re-exports them.
 */
import { MAX_COPIES } from "../layout";
import { MICROSOFT_FACTOR_DEFAULTS as F } from "../microsoft/tables";
import { calculatorAt, SITE_RULES } from "./microsoft";
import { constant, input, literal } from "./operands";
import { defineRuleSet, type Operand } from "./rule";

export type CalculatorRaidLevel = "RAID-1/0" | "RAID-5" | "RAID-6";

/** A RAID group: data and parity (or mirror) disks — Tables!A164:D196, as the calculator's defaults choose them. */
export interface RaidGroup {
  data: number;
  parity: number;
}

/** The database+log RAID groups — Storage Design!C17:C19 (1+1, 5+1, 6+2; Tables!A165, A175, A195). */
export const DATABASE_RAID_GROUPS: Readonly<Record<CalculatorRaidLevel, RaidGroup>> = Object.freeze({
  "RAID-1/0": { data: 1, parity: 1 },
  "RAID-5": { data: 5, parity: 1 },
  "RAID-6": { data: 6, parity: 2 },
});

/** The restore volume's RAID-5 group, 2+1 — Storage Design!F18, F20 (Tables!A172). */
export const RESTORE_RAID: { level: CalculatorRaidLevel; group: RaidGroup } = Object.freeze({ level: "RAID-5", group: Object.freeze({ data: 2, parity: 1 }) });

/** Disk transfers a host write costs: RAID-1/0 two, RAID-5 four, RAID-6 six — Storage Design!C36:C38. */
export const RAID_WRITE_PENALTY: Readonly<Record<CalculatorRaidLevel, number>> = Object.freeze({ "RAID-1/0": 2, "RAID-5": 4, "RAID-6": 6 });

/** Share of a disk's I/O kept for a rebuild — Storage Design!C22:C24. */
export const RAID_REBUILD_OVERHEAD: Readonly<Record<CalculatorRaidLevel, number>> = Object.freeze({ "RAID-1/0": 0.35, "RAID-5": 0.5, "RAID-6": 0.5 });

/** Restore volumes a server — Volume Requirements!E118 (1): the default of microsoft/disks.ts SERVER_DISK_DEFAULTS. */
export const RESTORE_VOLUMES = 1;

/** The most random IOPS of a 7.2K or slower disk of the calculator's table — Tables!B240 (7.2K RPM SAS 2.5"). */
export const SLOWEST_PARITY_DISK_OVER_IOPS = 62.5;

const at = calculatorAt;

/**
 * The most databases a JBOD volume holds that fit its disk: v from 1 while the next is at most the volume's
 * copies (at most a database's, layout.ts MAX_COPIES) and its volume fits (the first that does not ends the search), at least 1 — an IF a count, lazily
 * evaluated from the first, as a loop would stop.
 */
function mostFitting(most: number): string {
  let text = literal(most);
  for (let k = most; k >= 1; k--) text = `IF(AND(volumeCopies>=${k},volumeFits(${k})),${text},${Math.max(1, k - 1)})`;
  return text;
}

/** One level's arguments to the level rules: its write penalty, rebuild overhead, data and parity disks. */
export const levelArguments = (level: CalculatorRaidLevel): string =>
  [RAID_WRITE_PENALTY[level], RAID_REBUILD_OVERHEAD[level], DATABASE_RAID_GROUPS[level].data, DATABASE_RAID_GROUPS[level].parity].map(literal).join(",");
const LEVEL = ["penalty", "rebuild", "data", "parity"] as const;

/** What the RAID rules read: the server's sizing, the disk, the choice, the factors and the calculator's constants. */
export const SERVER_DISK_OPERANDS = {
  copiesPerServer: input("database copies a server", "copies"),
  volumeDatabases: input("databases a volume", "databases"),
  databaseGB: input("a database", "GB"),
  logGB: input("its log space", "GB"),
  readIops: input("the server's database reads", "IOPS"),
  writeIops: input("the server's database writes", "IOPS"),
  diskRawGB: input("the disk's raw GB", "GB"),
  diskIops: input("the disk's IOPS", "IOPS"),
  spareDisks: input("hot spares a server", "disks"),
  servers: input("the DAG's servers", "servers"),
  v: input("databases a volume", "databases"),
  volumeCopies: input("copies a JBOD volume holds at most", "copies"),
  mailboxesPerDatabase: input("mailboxes a database", "mailboxes"),
  iopsPerMailbox: input("IOPS a mailbox with overhead", "IOPS"),
  autoReseedDisks: input("AutoReseed disks a server", "disks"),
  askedVolumeDatabases: input("databases a volume asked", "databases"),
  penalty: input("the level's write penalty"),
  rebuild: input("the level's rebuild overhead"),
  data: input("the group's data disks", "disks"),
  parity: input("the group's parity disks", "disks"),
  disks: input("disks", "disks"),
  databases: input("databases", "databases"),
  copies: input("database copies", "copies"),
  copiesFirstSite: input("copies in the first site", "copies"),
  serversFirstSite: input("servers in the first site", "servers"),
  serversSecondSite: input("servers in the second site", "servers"),
  firstSiteDisks: input("disks a first-site server", "disks"),
  secondSiteDisks: input("disks a second-site server", "disks"),
  laggedCopies: input("lagged copies", "copies"),
  activePassive: input("an active/passive DAG of two sites (1, else 0)"),
  largestDatabaseGB: input("the largest database", "GB"),
  considerJbod: { kind: "factor", label: "JBOD considered (Input!C107)", default: F.considerJbod },
  contentIndexShare: { kind: "factor", label: "content index share", default: F.contentIndexShare },
  volumeFreeShare: { kind: "factor", label: "volume free share", default: F.volumeFreeShare },
  restoreVolumes: { kind: "factor", label: "restore volumes a server", unit: "volumes", default: RESTORE_VOLUMES },
  bytesPerGB: constant("10⁹ bytes", 1e9, "bytes"),
  bytesPerGiB: constant("1024³ bytes", 1024 ** 3, "bytes"),
  slowestParityDiskIops: constant("62.5 IOPS", SLOWEST_PARITY_DISK_OVER_IOPS, "IOPS"),
} as const satisfies Record<string, Operand>;

/** A server's own disks: JBOD's volumes and disks (Volume Requirements, Storage Design!C182:C197), RAID's sets (Storage Design!C17:C200). */
export const SERVER_DISK_RULES = defineRuleSet("Microsoft's method", SERVER_DISK_OPERANDS, {
  // 1024³ is a power of two: raw × 10⁹ ÷ 1024³ is the same double as raw × (10⁹ ÷ 1024³).
  formattedGB: { label: "A disk's formatted capacity", unit: "GB", source: at("Storage Design!C46"), expression: "diskRawGB*bytesPerGB/bytesPerGiB" },
  // JBOD or RAID as the calculator deploys the DAG's servers (microsoft/design.ts prefersJbod): each site's copies and
  // HA copies round-robin from the first, the lagged last; JBOD considered where a disk is given and Input!C107 says so.
  haCopiesFirstSite: { label: "HA copies in the first site", unit: "copies", source: at("Role Requirements!I63"), expression: "ROUNDUP((copies-laggedCopies)/IF(serversSecondSite>0,2,1),0)" },
  copiesSecondSite: SITE_RULES.copiesSecondSite,
  haCopiesSecondSite: { label: "HA copies in the second site", unit: "copies", source: at("Role Requirements!I65"), expression: "copies-laggedCopies-haCopiesFirstSite" },
  jbodConsidered: { label: "JBOD considered", unit: "", source: at("Input!C107"), expression: "AND(diskRawGB>0,copies>=2,considerJbod>0)" },
  // Several databases a volume need three copies in all and, with two sites, as many in each (active/passive: the
  // first site's servers a whole number of its copies); not where one a volume is asked (Input!C108 "No").
  severalPerVolume: { label: "Several databases a volume", unit: "", source: at("Volume Requirements!C110"), expression: "AND(jbodConsidered,askedVolumeDatabases<>1,copies>=3,OR(serversSecondSite=0,copiesFirstSite=copiesSecondSite,AND(activePassive>0,serversFirstSite-copiesFirstSite*ROUNDDOWN(serversFirstSite/copiesFirstSite,0)=0)))" },
  // Three HA copies or more; in the first site no lagged copy or, without several a volume, two; active/active of two
  // sites, more than one copy in the second (an active/passive second site is passive, I128 its own).
  jbod: { label: "The DAG on JBOD", unit: "", source: at("Role Requirements!I127"), expression: "AND(jbodConsidered,copies-laggedCopies>=3,OR(copiesFirstSite-haCopiesFirstSite=0,IF(severalPerVolume,copiesFirstSite-haCopiesFirstSite>=1,copiesFirstSite-haCopiesFirstSite>=2)),OR(serversSecondSite=0,activePassive>0,IF(severalPerVolume,copiesSecondSite<>1,haCopiesSecondSite<>1)))" },
  // An active/passive second site's servers on their own: two copies there or more and, one database a volume, two HA
  // copies and no lone lagged one — whatever the first site's are on.
  secondSiteJbod: { label: "The second site on JBOD", unit: "", source: at("Role Requirements!I128"), expression: "AND(jbodConsidered,serversSecondSite>0,IF(severalPerVolume,copiesSecondSite>=2,AND(haCopiesSecondSite>=2,copiesSecondSite-haCopiesSecondSite<>1)))" },
  // Active/passive, a second-site server (site-disks.ts): its own copies, its site's over its servers (C102's rule);
  // its disks laid for at least a first-site server's (Storage Design's second-site columns read C102, D145), its
  // own where it holds more (ours: fewer servers there than the calculator's own, I89, which it cannot be given).
  secondSiteCopiesPerServer: { label: "Database copies a second-site server", unit: "copies", source: at("Role Requirements!C102"), expression: "ROUND(databases*(copies-copiesFirstSite)/serversSecondSite,0)" },
  secondSiteLaidCopies: { label: "Copies a second-site server's disks are laid for", unit: "copies", source: at("Storage Design!D145"), expression: "MAX(copiesPerServer,secondSiteCopiesPerServer)" },
  // Active/passive, the DAG's disks: each site's server's × its servers (Storage Design!C194:F197 summed, C202).
  siteDagDisks: { label: "Disks of the DAG's servers, each site's", unit: "disks", source: at("Storage Design!C202"), expression: "firstSiteDisks*serversFirstSite+secondSiteDisks*serversSecondSite" },
  // RAID: several databases a volume where the calculator lays several — in one site every copy; active/passive the
  // first site's copies; else as many databases of the largest size as a disk holds, at least one, at most the copies.
  raidVolumeDatabases: { label: "Databases a RAID volume", unit: "databases", source: at("Volume Requirements!I7"), expression: "IF(severalPerVolume,IF(serversSecondSite=0,copies,IF(activePassive>0,copiesFirstSite,MAX(1,MIN(ROUNDDOWN(formattedGB/largestDatabaseGB,0),copies)))),1)" },
  databaseLogVolumes: { label: "Database+log volumes a server", unit: "volumes", source: at("Volume Requirements!E115"), expression: "ROUNDUP(copiesPerServer/volumeDatabases,0)" },
  // JBOD: a volume is one disk; v databases with their content indexes (and one more's) and logs, over the free space.
  jbodVolumeGB: { label: "A volume of v databases", unit: "GB", source: at("Volume Requirements!I123"), parameters: ["v"], expression: "(v*databaseGB*(1+contentIndexShare+contentIndexShare/v)+v*logGB)/(1-volumeFreeShare)" },
  jbodVolumeIops: { label: "Its mailboxes' IOPS", unit: "IOPS", source: at("Role Requirements!C74"), parameters: ["v"], expression: "v*mailboxesPerDatabase*iopsPerMailbox" },
  jbodRestoreGB: { label: "The restore volume of v databases", unit: "GB", source: at("Volume Requirements!I9"), parameters: ["v"], expression: "v*(databaseGB+logGB)/(1-volumeFreeShare)" },
  // Excel's comparisons, to 15 digits (rule.ts): a volume a few units in the last place over its disk fits, as in the calculator.
  volumeFits: { label: "A volume of v databases fits its disk", unit: "", source: at("Volume Requirements!I123"), parameters: ["v"], expression: "AND(jbodVolumeGB(v)<=formattedGB,jbodVolumeIops(v)<=diskIops)" },
  mostFittingVolumeDatabases: { label: "The most databases a volume that fit its disk", unit: "databases", source: at("Volume Requirements!E114"), expression: mostFitting(MAX_COPIES) },
  // The databases a volume laid out (0: the most that fit), as the design lays them (count.ts laidVolumeDatabases).
  jbodVolumeDatabases: { label: "Databases a JBOD volume", unit: "databases", source: at("Volume Requirements!E114"), expression: "IF(volumeDatabases>0,volumeDatabases,mostFittingVolumeDatabases)" },
  // Where the disk cannot hold them, the calculator's Storage Design says "Insufficient Disk Capacity" (D182) and EX_MS_DISKS is #N/A.
  jbodVolumeTooLarge: { label: "The volume larger than its disk", unit: "", source: at("Storage Design!C182"), expression: "jbodVolumeGB(volumeDatabases)>formattedGB" },
  jbodVolumeTooBusy: { label: "The volume busier than its disk", unit: "", source: at("Role Requirements!C74"), expression: "jbodVolumeIops(volumeDatabases)>diskIops" },
  jbodRestoreTooLarge: { label: "The restore volume larger than its disk", unit: "", source: at("Storage Design!D182"), expression: "AND(restoreVolumes>0,jbodRestoreGB(volumeDatabases)>formattedGB)" },
  jbodVolumeRefused: { label: "A volume its disk cannot hold", unit: "", source: at("Storage Design!C182"), expression: "OR(jbodVolumeTooLarge,jbodVolumeTooBusy,jbodRestoreTooLarge)" },
  // One database a volume asked is the calculator's Input!C108 "No": no AutoReseed volume (Volume Requirements!I10 counts Input!C112's only with several a volume, Role Requirements!C110).
  jbodAutoReseedDisks: { label: "AutoReseed disks a server", unit: "disks", source: at("Volume Requirements!I10"), expression: "IF(askedVolumeDatabases=1,0,autoReseedDisks)" },
  jbodCalculatorDisks: { label: "The calculator's disks a JBOD server", unit: "disks", source: at("Storage Design!C197"), expression: "databaseLogVolumes+restoreVolumes+jbodAutoReseedDisks" },
  jbodDisksPerServer: { label: "Disks a JBOD server", unit: "disks", source: at("Storage Design!C197"), expression: "jbodCalculatorDisks+spareDisks" },
  jbodDagDisks: { label: "Disks a JBOD DAG", unit: "disks", source: at("Storage Design!C200"), expression: "jbodDisksPerServer*servers" },
  // Volume Requirements!I123 summed over the volumes: each volume's databases with their content indexes and logs, plus one database's content index a volume.
  databaseLogGB: { label: "The server's database+log volumes", unit: "GB", source: at("Role Requirements!D276"), expression: "(copiesPerServer*databaseGB*(1+contentIndexShare)+databaseLogVolumes*contentIndexShare*databaseGB+copiesPerServer*logGB)/(1-volumeFreeShare)" },
  raid0PerformanceDisks: { label: "Disks for I/O without redundancy", unit: "disks", source: at("Storage Design!C72"), expression: "ROUNDUP((readIops+writeIops)/diskIops,0)" },
  raid0CapacityDisks: { label: "Disks for space without redundancy", unit: "disks", source: at("Storage Design!C76"), expression: "ROUNDUP(databaseLogGB/formattedGB,0)" },
  inGroups: { label: "Whole groups with their parity disks", unit: "disks", source: at("Storage Design!C77"), parameters: ["disks", "data", "parity"], expression: "ROUNDUP(disks/data,0)*data+ROUNDUP(disks/data,0)*parity" },
  transfers: { label: "Disk transfers at the level", unit: "IOPS", source: at("Storage Design!C36"), parameters: ["penalty"], expression: "readIops+penalty*writeIops" },
  levelPerformanceDisks: { label: "Disks for I/O at the level, whole groups", unit: "disks", source: at("Storage Design!C73"), parameters: [...LEVEL], expression: "ROUNDUP(ROUNDUP(transfers(penalty)/(1-rebuild)/diskIops,0)/(data+parity),0)*(data+parity)" },
  levelCapacityDisks: { label: "Disks for space at the level", unit: "disks", source: at("Storage Design!C77"), parameters: ["data", "parity"], expression: "inGroups(raid0CapacityDisks,data,parity)" },
  levelDisks: { label: "Database+log disks at the level", unit: "disks", source: at("Storage Design!C134"), parameters: [...LEVEL], expression: "MAX(levelPerformanceDisks(penalty,rebuild,data,parity),levelCapacityDisks(data,parity))" },
  // Parity RAID is offered for a disk faster than every 7.2K disk (Storage Design!C74:C75; raid-disks.ts parityRaidOffered, by type, gives the engine's).
  parityOffered: { label: "Parity RAID offered", unit: "", source: at("Storage Design!C74"), expression: "diskIops>slowestParityDiskIops" },
  raid10Disks: { label: "RAID-1/0 database+log disks", unit: "disks", source: at("Storage Design!C134"), expression: `levelDisks(${levelArguments("RAID-1/0")})` },
  raid5Disks: { label: "RAID-5 database+log disks", unit: "disks", source: at("Storage Design!C134"), expression: `levelDisks(${levelArguments("RAID-5")})` },
  // RAID-1/0 unless RAID-5 needs fewer disks (a tie is RAID-1/0).
  raid5Chosen: { label: "RAID-5 chosen", unit: "", source: at("Storage Design!C133"), expression: "AND(parityOffered,raid5Disks<raid10Disks)" },
  databaseLogDisks: { label: "Database+log disks a server", unit: "disks", source: at("Storage Design!C165"), expression: "IF(raid5Chosen,raid5Disks,raid10Disks)" },
  restoreGB: { label: "The restore volume", unit: "GB", source: at("Volume Requirements!I9"), expression: "MIN(volumeDatabases,copiesPerServer)*(databaseGB+logGB)/(1-volumeFreeShare)" },
  restoreDisks: { label: "Restore disks a server", unit: "disks", source: at("Storage Design!E165"), expression: `restoreVolumes*inGroups(ROUNDUP(restoreGB/formattedGB,0),${literal(RESTORE_RAID.group.data)},${literal(RESTORE_RAID.group.parity)})` },
  calculatorDisks: { label: "The calculator's disks a server", unit: "disks", source: at("Storage Design!C194"), expression: "databaseLogDisks+restoreDisks" },
  disksPerServer: { label: "Disks a server", unit: "disks", source: at("Storage Design!C194"), expression: "calculatorDisks+spareDisks" },
  calculatorDagDisks: { label: "The calculator's disks a DAG", unit: "disks", source: at("Storage Design!C200"), expression: "calculatorDisks*servers" },
  dagDisks: { label: "Disks a DAG", unit: "disks", source: at("Storage Design!C200"), expression: "disksPerServer*servers" },
});

export type ServerDiskRule = keyof typeof SERVER_DISK_RULES.rules;
