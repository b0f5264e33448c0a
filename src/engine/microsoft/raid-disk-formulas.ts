/**
 * A RAID server's own disks (raid-disks.ts raidServerDisks, EX_MS_DISKS on a design Microsoft's
 * calculator puts on RAID) in Excel's own functions, for the customer copy, which has no add-in: each
 * figure is its rule's formula (rules/disks.ts, the one declaration the engine computes too) over the
 * sheet's cells; tests/functions/microsoft-raid-disks.test.ts evaluates both over random RAID designs.
 *
 * The databases a RAID volume (rules/disks.ts raidVolumeDatabases) sit in a helper cell the results
 * read (raidVolumeDatabasesFormula), so no result repeats it. Whether the calculator puts the design on RAID at all (design.ts prefersJbod) is
 * the sheet's to say, as disk-formulas.ts leaves JBOD's. Parity RAID is offered to a disk faster than
 * every 7.2K disk of the calculator's table (parityRaidOffered: for the table's types the same as its
 * rule by type name; the sheet has the disk's GB and IOPS, not its type).
 */
import { numberLiteral as n } from "../excel-text";
import { COUNT_RULES } from "../rules/count";
import { LAYOUT_RULES } from "../rules/layout";
import { SERVER_DISK_RULES, RESTORE_RAID, type CalculatorRaidLevel, type ServerDiskRule } from "../rules/disks";
import type { References } from "../rules/rule";
import { SERVER_DISK_DEFAULTS } from "./disks";
import { orDefault, type ServerDiskResult } from "./disk-formulas";
import { MICROSOFT } from "./tables";

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

const spares = (c: RaidDiskCells) => orDefault(c.spareDisks, SERVER_DISK_DEFAULTS.spareDisks);

/**
 * Helper: the databases a RAID volume holds — rules/disks.ts raidVolumeDatabases (Volume Requirements!I7),
 * over the sheet's cells, the largest database 2,000 GB (Variables!K34) or a custom maximum where smaller
 * (C63). NA() for what EX_MS_DISKS refuses (a disk of no GB or IOPS, a spare count outside 0..100 or not whole).
 */
export function raidVolumeDatabasesFormula(c: Omit<RaidDiskCells, "volumeDatabases">): string {
  const x = spares(c as RaidDiskCells);
  const refused = `OR(${c.diskRawGB}<=0,${c.diskIops}<=0,${x}<0,${x}>100,${x}<>ROUND(${x},0))`;
  // The largest database on RAID (Role Requirements!C63, rules/count.ts maxDatabaseGB): 2,000 GB, or a custom maximum where smaller.
  const raid = n(MICROSOFT.maxDatabaseGBWithCopies);
  const largest = c.maxDatabaseGB === undefined ? raid : COUNT_RULES.formula("maxDatabaseGB", { calculatedMaxDatabaseGB: raid, customMaxDatabaseGB: c.maxDatabaseGB });
  const passive = c.activePassive !== undefined && c.serversFirstSite !== undefined;
  const references: References = {
    copies: c.copies,
    copiesFirstSite: LAYOUT_RULES.formula("copiesFirstSite", { copies: c.copies, twoSites: `${c.serversSecondSite}>0` }),
    serversFirstSite: c.serversFirstSite ?? "0",
    serversSecondSite: c.serversSecondSite,
    activePassive: passive ? `IF(${c.serversSecondSite}>0,${c.activePassive},0)` : "0",
    diskRawGB: c.diskRawGB,
    askedVolumeDatabases: c.askedVolumeDatabases ?? "0",
    largestDatabaseGB: largest,
    ...(c.considerJbod !== undefined && { considerJbod: c.considerJbod }),
  };
  return `IF(${refused},NA(),${SERVER_DISK_RULES.formula("raidVolumeDatabases", references)})`;
}

/** "RAID-1/0", "RAID-5": the level as raid-disks.ts names it (EX_MS_DISKS "databaseraid", "restoreraid"). */
const text = (level: CalculatorRaidLevel) => `"${level}"`;

/** The rules' operands at the sheet's cells (rules/disks.ts); the factors and restore volumes at their defaults, as the sheet has no cell for them. */
const references = (c: RaidDiskCells): References => ({
  copiesPerServer: c.copiesPerServer,
  volumeDatabases: c.volumeDatabases,
  databaseGB: c.databaseGB,
  logGB: c.logGB,
  readIops: c.readIops,
  writeIops: c.writeIops,
  diskRawGB: c.diskRawGB,
  diskIops: c.diskIops,
  spareDisks: spares(c),
  servers: c.servers,
});

/** Each EX_MS_DISKS result a RAID server has, by its rule. */
const RESULT_RULES: Partial<Record<ServerDiskResult, ServerDiskRule>> = {
  disks: "disksPerServer",
  calculator: "calculatorDisks",
  databaselog: "databaseLogDisks",
  formattedgb: "formattedGB",
  restoregb: "restoreGB",
  dag: "dagDisks",
  restoredisks: "restoreDisks",
  databaseloggb: "databaseLogGB",
};

/**
 * One figure of a RAID server's disks (EX_MS_DISKS `result`), from its rule over the cells and the
 * helper cell of the databases a volume: NA() for a JBOD-only figure (the databases a JBOD disk's
 * volume holds, its GB), as EX_MS_DISKS is #N/A there.
 */
export function raidDiskFormula(c: RaidDiskCells, result: ServerDiskResult): string {
  const rule = RESULT_RULES[result];
  if (rule !== undefined) return SERVER_DISK_RULES.formula(rule, references(c));
  switch (result) {
    case "volumedatabases":
      return c.volumeDatabases;
    case "architecture":
      return `"RAID"`;
    case "databaseraid":
      return `IF(${SERVER_DISK_RULES.formula("raid5Chosen", references(c))},${text("RAID-5")},${text("RAID-1/0")})`;
    case "restoreraid":
      return text(RESTORE_RAID.level);
    default:
      return "NA()";
  }
}
