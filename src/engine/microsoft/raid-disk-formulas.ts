/**
 * A RAID server's own disks (raid-disks.ts raidServerDisks, EX_MS_DISKS on a design Microsoft's
 * calculator puts on RAID) rendered in Excel's own functions, for the customer copy, which has no
 * add-in (issue 17). Each renderer mirrors raidServerDisks operation for operation over cells and
 * defined names given as text, so the customer copy shows the engine's numbers;
 * tests/functions/microsoft-raid-disks.test.ts evaluates both over random RAID designs.
 *
 * The databases a RAID volume (raidDatabasesPerVolume) sit in a helper cell the results read
 * (raidVolumeDatabasesFormula), so no result repeats it. Whether the calculator puts the design on
 * RAID at all (design.ts prefersJbod) is the sheet's to say, as disk-formulas.ts leaves JBOD's.
 * Parity RAID is offered to a disk faster than every 7.2K disk of the calculator's table
 * (parityRaidOffered: for the table's types the same as its rule by type name; the sheet has the
 * disk's GB and IOPS, not its type). Functions: arithmetic, IF, AND, OR, NOT, MIN, MAX, ROUND,
 * ROUNDUP, ROUNDDOWN, NA — what our evaluator (src/formula) and every spreadsheet has.
 */
import { numberLiteral as n } from "../excel-formulas";
import { SERVER_DISK_DEFAULTS } from "./disks";
import { DATABASE_RAID_GROUPS, RAID_REBUILD_OVERHEAD, RAID_WRITE_PENALTY, RESTORE_RAID, SLOWEST_PARITY_DISK_OVER_IOPS, type CalculatorRaidLevel } from "./raid-disks";
import { formattedGBFormula, orDefault, type ServerDiskResult } from "./disk-formulas";
import { MICROSOFT, MICROSOFT_FACTOR_DEFAULTS as F } from "./tables";

/** Where each figure raidServerDisks needs is: a cell or defined name, as formula text. */
export interface RaidDiskCells {
  /** Database copies on a server — Role Requirements!C102 (EX_MS_DATABASES "copies"). */
  copiesPerServer: string;
  /** Every copy of a database, HA and lagged (the Inputs' Copies). */
  copies: string;
  /** Servers in the second site: 0 or empty for one site. */
  serversSecondSite: string;
  /**
   * Active/passive (1, with two sites; raid-disks.ts raidDatabasesPerVolume) and the first site's servers:
   * several databases a volume need the first site's servers a whole number of its copies (C110), and a
   * volume holds the first site's copies (C83). Absent: active/active.
   */
  activePassive?: string;
  serversFirstSite?: string;
  /** GB a database and its log space — Volume Requirements!E123, F123 (EX_MS_DATABASES "size", "logspace"). */
  databaseGB: string;
  logGB: string;
  /** The server's database read and write IOPS — Role Requirements!I78, I79 (EX_MS_IOPS "reads", "writes"). */
  readIops: string;
  writeIops: string;
  /** The disk's raw decimal GB and random IOPS. */
  diskRawGB: string;
  diskIops: string;
  /** Hot spares a server, a whole number 0 to 100; empty: 1 (SERVER_DISK_DEFAULTS). */
  spareDisks: string;
  /** The DAG's mailbox servers, every site. */
  servers: string;
  /** 0 for RAID only (the factor considerJbod, Input!C107 "No"): one database a volume (C110). Absent: JBOD considered. */
  considerJbod?: string;
  /** Databases a volume asked: 1 is one a volume (Input!C108 "No", C110). Absent: the calculator's. */
  askedVolumeDatabases?: string;
  /** A custom maximum database size, GB (the factor maxDatabaseGB, Input!G37): 0 for the calculator's own. Absent: none. */
  maxDatabaseGB?: string;
  /** The cell holding raidVolumeDatabasesFormula(these cells): every result reads it. */
  volumeDatabases: string;
}

const ci = n(F.contentIndexShare);
const free = n(F.volumeFreeShare);

/** A disk's formatted GB — Storage Design!C46 (disk-formulas.ts formattedGBFormula). */
const formatted = (c: RaidDiskCells) => formattedGBFormula(c.diskRawGB);
const spares = (c: RaidDiskCells) => orDefault(c.spareDisks, SERVER_DISK_DEFAULTS.spareDisks);
/** Up to whole groups, plus each group's parity disks — Storage Design!C77:C79, C89:C91 (raid-disks.ts inGroups). */
const inGroups = (disks: string, g: { data: number; parity: number }) => `(ROUNDUP(${disks}/${n(g.data)},0)*${n(g.data)}+ROUNDUP(${disks}/${n(g.data)},0)*${n(g.parity)})`;
/** Database+log volumes a server: ⌈copies ÷ databases a volume⌉ — Volume Requirements!E115. */
const volumes = (c: RaidDiskCells) => `ROUNDUP(${c.copiesPerServer}/${c.volumeDatabases},0)`;
/** The server's database+log volumes, GB — Role Requirements!D276 (raidServerDisks databaseLogGB). */
const databaseLogGB = (c: RaidDiskCells) =>
  `(${c.copiesPerServer}*${c.databaseGB}*(1+${ci})+${volumes(c)}*${ci}*${c.databaseGB}+${c.copiesPerServer}*${c.logGB})/(1-${free})`;
/** Disks for space without redundancy — Storage Design!C76. */
const raid0Capacity = (c: RaidDiskCells) => `ROUNDUP(${databaseLogGB(c)}/${formatted(c)},0)`;

/** One level's database+log disks: the more of those for I/O (C73:C75, whole groups) and for space (C77:C79). */
function levelDisks(c: RaidDiskCells, level: CalculatorRaidLevel): string {
  const g = DATABASE_RAID_GROUPS[level];
  const set = n(g.data + g.parity);
  const transfers = `(${c.readIops}+${n(RAID_WRITE_PENALTY[level])}*${c.writeIops})`; // C36:C38
  const withRebuild = `${transfers}/(1-${n(RAID_REBUILD_OVERHEAD[level])})`; // C40:C42
  const performance = `ROUNDUP(ROUNDUP(${withRebuild}/${c.diskIops},0)/${set},0)*${set}`;
  return `MAX(${performance},${inGroups(raid0Capacity(c), g)})`;
}

/** RAID-5 is chosen where offered (the disk faster than every 7.2K disk) and it needs fewer disks than RAID-1/0 — Storage Design!C133. */
const raid5Chosen = (c: RaidDiskCells) => `AND(${c.diskIops}>${n(SLOWEST_PARITY_DISK_OVER_IOPS)},${levelDisks(c, "RAID-5")}<${levelDisks(c, "RAID-1/0")})`;
const databaseLogDisks = (c: RaidDiskCells) => `IF(${raid5Chosen(c)},${levelDisks(c, "RAID-5")},${levelDisks(c, "RAID-1/0")})`;
/** The restore volume, GB — Volume Requirements!I9: the first volume's databases and logs. */
const restoreGB = (c: RaidDiskCells) => `MIN(${c.volumeDatabases},${c.copiesPerServer})*(${c.databaseGB}+${c.logGB})/(1-${free})`;
/** Restore disks a server: each restore volume a RAID-5 (2+1) set — Storage Design!C88, C90, E165. */
const restoreDisks = (c: RaidDiskCells) => `${n(SERVER_DISK_DEFAULTS.restoreDisks)}*${inGroups(`ROUNDUP(${restoreGB(c)}/${formatted(c)},0)`, RESTORE_RAID.group)}`;

/**
 * Helper: the databases a RAID volume holds — raid-disks.ts raidDatabasesPerVolume (Volume
 * Requirements!I7): one, unless three or more copies, one site or as many in each (round-robin: an
 * even count over two sites); then every copy in one site, and in two at most the databases of
 * 2,000 GB (Variables!K34), or a custom maximum where smaller (C63), a disk holds, at least one. NA() for what EX_MS_DISKS refuses (a disk of
 * no GB or IOPS, a spare count outside 0..100 or not whole).
 */
export function raidVolumeDatabasesFormula(c: Omit<RaidDiskCells, "volumeDatabases">): string {
  const x = spares(c as RaidDiskCells);
  const refused = `OR(${c.diskRawGB}<=0,${c.diskIops}<=0,${x}<0,${x}>100,${x}<>ROUND(${x},0))`;
  const two = `${c.serversSecondSite}>0`;
  const first = `ROUNDUP(${c.copies}/2,0)`;
  const passive = c.activePassive === undefined || c.serversFirstSite === undefined ? "FALSE()" : `AND(${c.activePassive}>0,${two})`;
  const whole = c.serversFirstSite === undefined ? "FALSE()" : `${c.serversFirstSite}-${first}*ROUNDDOWN(${c.serversFirstSite}/${first},0)=0`;
  const considered = c.considerJbod === undefined ? "" : `${c.considerJbod}>0,`;
  const asked = c.askedVolumeDatabases === undefined ? "" : `${c.askedVolumeDatabases}<>1,`;
  const several = `AND(${considered}${asked}${c.copies}>=3,OR(NOT(${two}),${c.copies}=2*ROUNDUP(${c.copies}/2,0),AND(${passive},${whole})))`;
  // The largest database on RAID (Role Requirements!C63): 2,000 GB, or a custom maximum where smaller.
  const raid = n(MICROSOFT.maxDatabaseGBWithCopies);
  const largest = c.maxDatabaseGB === undefined ? raid : `IF(${c.maxDatabaseGB}>0,MIN(${c.maxDatabaseGB},${raid}),${raid})`;
  const fit = `ROUNDDOWN(${formatted(c as RaidDiskCells)}/${largest},0)`;
  return `IF(${refused},NA(),IF(${several},IF(${two},IF(${passive},${first},MAX(1,MIN(${fit},${c.copies}))),${c.copies}),1))`;
}

/** "RAID-1/0", "RAID-5": the level as raid-disks.ts names it (EX_MS_DISKS "databaseraid", "restoreraid"). */
const text = (level: CalculatorRaidLevel) => `"${level}"`;

/**
 * One figure of a RAID server's disks (EX_MS_DISKS `result`), over the cells and the helper cell of
 * the databases a volume: NA() for a JBOD-only figure (the databases a JBOD disk's volume holds, its
 * GB), as EX_MS_DISKS is #N/A there.
 */
export function raidDiskFormula(c: RaidDiskCells, result: ServerDiskResult): string {
  const calculator = `${databaseLogDisks(c)}+${restoreDisks(c)}`; // Storage Design!C194
  const disks = `${calculator}+${spares(c)}`;
  const figure: Record<ServerDiskResult, string> = {
    disks,
    calculator,
    databaselog: databaseLogDisks(c),
    volumedatabases: c.volumeDatabases,
    volumegb: "NA()",
    formattedgb: formatted(c),
    restoregb: restoreGB(c),
    dag: `(${disks})*${c.servers}`,
    architecture: `"RAID"`,
    databaseraid: `IF(${raid5Chosen(c)},${text("RAID-5")},${text("RAID-1/0")})`,
    restoreraid: text(RESTORE_RAID.level),
    restoredisks: restoreDisks(c),
    databaseloggb: databaseLogGB(c),
  };
  return figure[result];
}
