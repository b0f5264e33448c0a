/**
 * A JBOD server's own disks (disks.ts serverDisks, EX_MS_DISKS) in Excel's own functions, for the
 * customer copy, which has no add-in: the databases a volume, the volume's GB, the disk's formatted
 * GB, the restore volume and the disks a server and a DAG, each its rule's formula (rules/disks.ts,
 * the one declaration the engine computes too) over cells and defined names given as text;
 * tests/functions/microsoft-disks.test.ts evaluates both.
 *
 * The databases a volume (0: the most that fit, at most the copies) is its rule's chain of IFs over
 * 1..16 (rules/disks.ts mostFittingVolumeDatabases) in a helper cell (volumeDatabasesChoiceFormula),
 * which the results read, so no formula repeats the chain (Excel's 8,192 characters). Where serverDisks
 * throws (a volume too large or too busy for its disk, a restore volume too large) the results are NA(). Whether the calculator puts the design on JBOD at all
 * (design.ts prefersJbod) is the sheet's to say.
 */
import { numberLiteral as n } from "../excel-text";
import { COUNT_RULES } from "../rules/count";
import { SERVER_DISK_RULES as R, type ServerDiskRule } from "../rules/disks";
import type { References } from "../rules/rule";
import { SERVER_DISK_DEFAULTS } from "./disks";

/** Where each figure serverDisks needs is: a cell or defined name, as formula text. */
export interface ServerDiskCells {
  /** Database copies on a server — Role Requirements!C102 (EX_MS_DATABASES "copies"). */
  copiesPerServer: string;
  /** Every copy of a database, HA and lagged: the most databases a volume holds by default. */
  copies: string;
  /** GB a database — Volume Requirements!E123 (EX_MS_DATABASES "size"). */
  databaseGB: string;
  /** Log space a database, GB — Volume Requirements!F123 (EX_MS_DATABASES "logspace", formulas.ts logSpaceFormula). */
  logGB: string;
  /** Mailboxes a database — Role Requirements!C81 (EX_MS_DATABASES "mailboxes"). */
  mailboxesPerDatabase: string;
  /** IOPS a mailbox with the I/O overhead: the peak IOPS (Role Requirements!I76) ÷ mailboxes, as sizeDesign divides them. */
  iopsPerMailbox: string;
  /** The disk's raw decimal GB and random IOPS (disks.ts JbodDisk rawGB, iops). */
  diskRawGB: string;
  diskIops: string;
  /** Databases a volume: 0 (or empty) the most that fit, else a whole number 1 to 100, asking the calculator's (design.ts volumeDatabasesOf). */
  volumeDatabases: string;
  /** 1 for an active/passive DAG of two sites (design.ts activePassiveOf), whose volume is `copies` whatever is asked. Absent: active/active. */
  activePassive?: string;
  /**
   * Whether the calculator lays several databases a volume (formulas.ts severalPerVolumeFormula, Role
   * Requirements!C110): where not, one a volume and no AutoReseed disk whatever is asked. Absent: several.
   */
  severalPerVolume?: string;
  /** AutoReseed and hot spare disks a server, whole numbers 0 to 100; empty: 1 each (SERVER_DISK_DEFAULTS). */
  autoReseedDisks: string;
  spareDisks: string;
  /** The DAG's mailbox servers, every site. */
  servers: string;
  /** The cell holding volumeDatabasesChoiceFormula(these cells): every result reads it. */
  volumeDatabasesChoice: string;
}

/**
 * The figures of a server's disks, as EX_MS_DISKS names them (its `result`): JBOD's and RAID's
 * (raid-disk-formulas.ts). The last five describe the architecture: "JBOD" or "RAID", the RAID levels
 * and the database+log volumes' GB (RAID's; NA() on JBOD), and the restore disks (1 on JBOD).
 */
export const SERVER_DISK_RESULTS = ["disks", "calculator", "databaselog", "volumedatabases", "volumegb", "formattedgb", "restoregb", "dag", "architecture", "databaseraid", "restoreraid", "restoredisks", "databaseloggb"] as const;
export type ServerDiskResult = (typeof SERVER_DISK_RESULTS)[number];

/**
 * What serverDisks needs beyond the sizing's own cells, as disks.ts jbodNeedOf works it out: a DAG's
 * mailboxes a database (Role Requirements!C81: every mailbox over the databases) and the IOPS a mailbox
 * with the I/O overhead (the peak, I76, over the mailboxes).
 */
export const jbodNeedFormulas = (c: { mailboxes: string; databases: string; peakIops: string }): Pick<ServerDiskCells, "mailboxesPerDatabase" | "iopsPerMailbox"> => ({
  mailboxesPerDatabase: `${c.mailboxes}/${c.databases}`,
  iopsPerMailbox: `${c.peakIops}/${c.mailboxes}`,
});

/** A disk's formatted GB, raw × 10⁹ ÷ 1024³ — Storage Design!C46 (rules/disks.ts formattedGB). Shared with the Hardware sheet. */
export const formattedGBFormula = (diskRawGB: string): string => `(${R.formula("formattedGB", { diskRawGB })})`;
/** An empty cell takes the function's default, as EX_MS_DISKS takes an omitted argument (raid-disk-formulas.ts too). */
export const orDefault = (cell: string, value: number): string => `IF(${cell}="",${n(value)},${cell})`;
/** A server's disks besides its database+log disks: restore, AutoReseed and hot spares (serverDisks' disks less databaseLogDisks). */
export const otherDisksFormula = (disks: string, databaseLogDisks: string): string => `${disks}-${databaseLogDisks}`;
/** AutoReseed disks: the calculator's count less the database+log and restore disks (Storage Design!C197). */
export const autoReseedDisksFormula = (calculatorDisks: string, databaseLogDisks: string, restoreDisks: string | number): string => `${calculatorDisks}-${databaseLogDisks}-${restoreDisks}`;
/** Hot spares: every disk less the calculator's count. */
export const spareDisksFormula = (disks: string, calculatorDisks: string): string => `${disks}-${calculatorDisks}`;
const autoReseed = (c: Omit<ServerDiskCells, "volumeDatabasesChoice">) => orDefault(c.autoReseedDisks, SERVER_DISK_DEFAULTS.autoReseedDisks);
const spares = (c: Omit<ServerDiskCells, "volumeDatabasesChoice">) => orDefault(c.spareDisks, SERVER_DISK_DEFAULTS.spareDisks);

/**
 * The rules' operands at the sheet's cells, a volume of `v` databases (a number or the helper cell);
 * the factors and restore volumes at their defaults, as the sheet has no cell for them. One database a
 * volume asked, or the calculator's only choice where it lays one a volume (severalPerVolume), reads
 * as asked 1: no AutoReseed disk.
 */
const references = (c: Omit<ServerDiskCells, "volumeDatabasesChoice">, v: string): References => ({
  copiesPerServer: c.copiesPerServer,
  volumeDatabases: v,
  v,
  databaseGB: c.databaseGB,
  logGB: c.logGB,
  mailboxesPerDatabase: c.mailboxesPerDatabase,
  iopsPerMailbox: c.iopsPerMailbox,
  diskRawGB: c.diskRawGB,
  diskIops: c.diskIops,
  autoReseedDisks: autoReseed(c),
  askedVolumeDatabases: c.severalPerVolume === undefined ? c.volumeDatabases : `IF(${c.severalPerVolume},${c.volumeDatabases},1)`,
  spareDisks: spares(c),
  servers: c.servers,
});
const formula = (rule: ServerDiskRule, c: Omit<ServerDiskCells, "volumeDatabasesChoice">, v: string) => R.formula(rule, references(c, v));
/** A whole number 0 to 100, as EX_MS_DISKS checks volumeDatabases, autoReseedDisks and spareDisks. */
const notCount = (x: string) => `${x}<0,${x}>100,${x}<>ROUND(${x},0)`;

/**
 * Helper: the databases a volume holds, before the checks — serverDisks' choice (rules/disks.ts
 * jbodVolumeDatabases over count.ts laidVolumeDatabases: the calculator's at a number asked, else the
 * most that fit the disk's capacity and IOPS, at least 1). NA() for an input EX_MS_DISKS refuses (a count
 * outside 0..100 or not whole, a disk of no GB or IOPS).
 */
export function volumeDatabasesChoiceFormula(c: Omit<ServerDiskCells, "volumeDatabasesChoice">): string {
  const refused = `OR(${notCount(c.volumeDatabases)},${notCount(autoReseed(c))},${notCount(spares(c))},${c.diskRawGB}<=0,${c.diskIops}<=0)`;
  // The sheet's copies are the volume's already (the first site's for active/passive), as serverDisks is given them.
  const laid = COUNT_RULES.formula("laidVolumeDatabases", {
    askedVolumeDatabases: c.volumeDatabases,
    copies: c.copies,
    copiesFirstSite: c.copies,
    activePassive: c.activePassive ?? "0",
    severalPerVolume: c.severalPerVolume ?? "TRUE()",
  });
  return `IF(${refused},NA(),${R.formula("jbodVolumeDatabases", { ...references(c, laid), volumeCopies: c.copies })})`;
}

/**
 * One figure of a server's disks (EX_MS_DISKS `result`), over the cells and the helper cell of the
 * databases a volume: NA() where serverDisks refuses the volume (rules/disks.ts jbodVolumeRefused: too
 * large for the disk, too many IOPS for it, or a restore volume too large), as EX_MS_DISKS is #N/A.
 */
export function serverDiskFormula(c: ServerDiskCells, result: ServerDiskResult): string {
  const v = c.volumeDatabasesChoice;
  const rules: Partial<Record<ServerDiskResult, ServerDiskRule>> = {
    disks: "jbodDisksPerServer",
    calculator: "jbodCalculatorDisks",
    databaselog: "databaseLogVolumes",
    volumegb: "jbodVolumeGB",
    formattedgb: "formattedGB",
    restoregb: "jbodRestoreGB",
    dag: "jbodDagDisks",
  };
  const rule = rules[result];
  // A JBOD volume is one disk: no RAID level, and its GB is volumegb's.
  const other: Partial<Record<ServerDiskResult, string>> = { volumedatabases: v, architecture: `"JBOD"`, restoredisks: n(SERVER_DISK_DEFAULTS.restoreDisks) };
  return `IF(${formula("jbodVolumeRefused", c, v)},NA(),${rule !== undefined ? formula(rule, c, v) : (other[result] ?? "NA()")})`;
}
