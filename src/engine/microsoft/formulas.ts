/**
 * Microsoft's method rendered in Excel's own functions, for the customer copy of the Methods sheet
 * one design, the calculator's defaults, one profile — or several tiers, whose averages
 * (by mailboxes) the sheet gives as cells (`reads`, `items`). Each renderer mirrors the arithmetic
 * of mailbox.ts and design.ts operation for operation, over cells and defined names given as text;
 * later quantities reference the cells of earlier ones (profile, size on disk, databases…), so no
 * formula repeats the whole method. tests/workbook/methods-sheet.test.ts evaluates both renderings.
 * Functions: arithmetic, ROUND, ROUNDUP, ROUNDDOWN, MAX, MIN, IF, AND, OR, NA — no LET, no MOD.
 */
import { numberLiteral as n } from "../excel-formulas";
import { SERVER_DISK_RULES } from "../rules/disks";
import { MICROSOFT_RULES } from "../rules/microsoft";
import type { References } from "../rules/rule";
import { MICROSOFT, MICROSOFT_FACTOR_DEFAULTS as F, type MicrosoftFactorName } from "./tables";

/** Where each input and each earlier quantity of the Methods sheet is. */
export interface MicrosoftCells {
  users: string;
  quotaMB: string;
  messagesPerDay: string;
  messageKB: string;
  copies: string;
  serversFirstSite: string;
  /** 0 = one site. */
  serversSecondSite: string;
  archiveMB: string;
  cores: string;
  specRate: string;
  hourShare: string;
  /** Cells of the sheet's own Microsoft quantities. */
  profile: string;
  disk: string;
  logs: string;
  iops: string;
  databases: string;
  copiesPerServer: string;
  active: string;
  peak: string;
  cache: string;
  megacycles: string;
  calculated: string;
  /** Helper cells of plain formulas (no EXSIZE call), so no rendering exceeds Excel's 8,192 characters. */
  copiesFirstSite: string;
  maxDatabases: string;
  calculatedDatabases: string;
  permutations: string;
  /**
   * The lagged copies of each database (never activated: Input!C31) and their replay lag in days, kept in
   * the transport's Safety Net (design.ts laggedOf, heldDays); absent, none. A cell of 0 days without a
   * lagged copy, as the Methods sheet's lagDays factor.
   */
  laggedCopies?: string;
  lagDays?: string;
  /**
   * Mailbox tiers (the Methods sheet's tier helpers): with several tiers the read share and the
   * content index's items are not functions of one profile, so the sheet gives them as cells —
   * reads per mailbox and items per mailbox, each averaged over the tiers by mailboxes. Absent,
   * they follow from the one profile as before.
   */
  reads?: string;
  items?: string;
  /**
   * The JBOD disk the calculator counts a DAG's databases from (Input!C107 "Yes", C116; design.ts
   * maxDatabaseGB, ioMailboxesPerDatabase): its raw GB (0 on RAID: the factor diskGB, which the sheet
   * writes only where the calculator deploys JBOD), random IOPS and databases a volume asked (0: the copies; design.ts volumeCopiesOf).
   * Absent: RAID, as before.
   */
  diskGB?: string;
  diskIops?: string;
  databasesPerVolume?: string;
  /** A custom maximum database size, GB (Input!G36 "Custom", G37; the factor maxDatabaseGB): 0 for the calculated. Absent: none. */
  maxDatabaseGB?: string;
  /** A count the user sets (Input!G38 "No", G39; the factor databases): 0 for the calculator's own. Absent: none. */
  setDatabases?: string;
  /**
   * 1 for an active/passive DAG of two sites (Input!G23; the factor activePassive, design.ts
   * activePassiveOf): every database active in the first site. Absent or 0: active/active.
   */
  activePassive?: string;
  /**
   * 1 where the design is sized so more load never buys less (the factor neverLess, design.ts): either
   * site fails, and memory holds where the content index stops being added. Absent or 0: the calculator's.
   */
  neverLess?: string;
  /** Cells of the factors the design's inputs set (the catalogue's factor inputs), by name; a factor absent here is the calculator's default. */
  factors?: Readonly<Partial<Record<MicrosoftFactorName, string>>>;
}

/** A factor of Microsoft's method as formula text: the design's cell for it, else the calculator's default. */
export const factorFormula = (c: Pick<MicrosoftCells, "factors">, name: MicrosoftFactorName): string => c.factors?.[name] ?? n(F[name]);

const ha = (c: MicrosoftCells) => `${c.copies}>=2`;
const sites = (c: MicrosoftCells) => `IF(${c.serversSecondSite}>0,2,1)`;
/** The DAG's servers, both sites' (design.ts servers): what a stand-alone server's share and a DAG's copies a server divide by. */
export const serversFormula = (c: MicrosoftCells): string => `(${c.serversFirstSite}+${c.serversSecondSite})`;
/** Copies in the first site, round-robin: ROUNDUP(copies ÷ sites); the second holds the rest. */
const copies1 = (c: MicrosoftCells) => c.copiesFirstSite;

/** Helper: copies in the first site, round-robin over the sites (failover.ts copiesPerSite). */
export function copiesFirstSiteFormula(c: MicrosoftCells): string {
  return `ROUNDUP(${c.copies}/${sites(c)},0)`;
}
const copies2 = (c: MicrosoftCells) => `(${c.copies}-${copies1(c)})`;
/** Copies a failure can activate, all but the lagged (design.ts haCopiesPerSite: copies − lagged, round-robin, the lagged last). */
const haCopies = (c: MicrosoftCells) => (c.laggedCopies === undefined ? c.copies : `(${c.copies}-${c.laggedCopies})`);
const ha1 = (c: MicrosoftCells) => (c.laggedCopies === undefined ? copies1(c) : `ROUNDUP(${haCopies(c)}/${sites(c)},0)`);
const ha2 = (c: MicrosoftCells) => `(${haCopies(c)}-${ha1(c)})`;
/** Active/passive (design.ts activePassiveOf): the cell is 1 only with two sites (the Methods sheet's activePassive). */
const passive = (c: MicrosoftCells) => (c.activePassive === undefined ? "FALSE()" : `${c.activePassive}>0`);
/** Sized never less (the factor neverLess): TRUE or FALSE. */
const neverLess = (c: MicrosoftCells) => (c.neverLess === undefined ? "FALSE()" : `${c.neverLess}>0`);
/** The first site's servers a whole number of its copies (Role Requirements!C110, active/passive). */
const wholeRounds = (c: MicrosoftCells) => `${c.serversFirstSite}-${copies1(c)}*ROUNDDOWN(${c.serversFirstSite}/${copies1(c)},0)=0`;
/** Databases the first site holds (C86): all for active/passive, half for active/active of two sites. */
const firstSiteDatabases = (c: MicrosoftCells) =>
  c.activePassive === undefined
    ? `IF(${c.serversSecondSite}>0,ROUNDUP(${c.databases}*${n(MICROSOFT.firstSiteUserShare)},0),${c.databases})`
    : `IF(AND(${c.serversSecondSite}>0,NOT(${passive(c)})),ROUNDUP(${c.databases}*${n(MICROSOFT.firstSiteUserShare)},0),${c.databases})`;
/** design.ts checkDesign: lagged copies a whole number, none stand-alone, at most copies − 2 (two HA copies). */
const lagRefused = (c: MicrosoftCells) =>
  c.laggedCopies === undefined ? "" : `,${c.laggedCopies}<0,${c.laggedCopies}<>ROUND(${c.laggedCopies},0),${c.laggedCopies}>IF(${ha(c)},${c.copies}-2,0)`;
/** The design check of design.ts: copies in a site need as many servers there; the lagged copies as above. */
const guard = (c: MicrosoftCells, body: string) =>
  `IF(OR(${copies1(c)}>${c.serversFirstSite},AND(${c.serversSecondSite}>0,${copies2(c)}>${c.serversSecondSite})${lagRefused(c)}),NA(),${body})`;
/** A design the calculator refuses (the databases cell is #N/A) has no figures, though this one needs no count. */
const refusedWith = (c: MicrosoftCells, body: string) => `IF(${c.databases}>=1,${body},NA())`;
const sized = (c: MicrosoftCells) => `IF(${ha(c)},${c.users},${c.users}/${serversFormula(c)})`;

/** The operands and quantities of Microsoft's rules (rules/microsoft.ts) where the sheet has them. */
const ruleCells = (c: MicrosoftCells, withProfile = true): References => ({
  messagesPerDay: c.messagesPerDay,
  messageKB: c.messageKB,
  quotaMB: c.quotaMB,
  archiveMB: c.archiveMB,
  copies: c.copies,
  users: c.users,
  serversFirstSite: c.serversFirstSite,
  serversSecondSite: c.serversSecondSite,
  databases: c.databases,
  disk: c.disk,
  ...(withProfile && { profile: c.profile }),
  ...c.factors,
});

/** The profile row: the next multiple of 50 up, at least 50; above 500 none (messageProfile). */
export const profileFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("profile", ruleCells(c, false));
/** Mailbox size on disk, MB — Role Requirements!C22. */
export const diskFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("disk", ruleCells(c));
/** Logs per mailbox per day — Role Requirements!C18. */
export const logsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("logs", ruleCells(c));
/** Reads per mailbox before overhead — Role Requirements!C27 (0.0804). */
export const readsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("reads", ruleCells(c));
/** IOPS per mailbox before overhead — Role Requirements!C30. */
export const iopsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("iops", ruleCells(c));

/** The I/O rules' operands where the sheet has them: a mailbox's IOPS (and reads, averaged over tiers), copies a server, the busiest server's active databases, the peak. */
const ioCells = (c: MicrosoftCells): References => ({
  ...ruleCells(c),
  iops: c.iops,
  ...(c.reads !== undefined && { reads: c.reads }),
  copiesPerServer: c.copiesPerServer,
  active: c.active,
  environmentIops: c.peak,
});

/** IOPS per mailbox with the I/O overhead (EX_MS_IOPS "permailbox"). */
export function perMailboxIopsFormula(c: MicrosoftCells): string {
  return guard(c, refusedWith(c, MICROSOFT_RULES.formula("perMailboxIops", ioCells(c))));
}

/** The JBOD disk's raw GB (0: RAID), databases a volume (its own, else the copies), and whether a volume holds several (design.ts prefersJbod). */
const jbodDisk = (c: MicrosoftCells) => c.diskGB ?? "0";
// The calculator has no number for databases a volume (design.ts volumeCopiesOf): 1 asks one a volume
// (Input!C108 "No"), 0 or the copies C109 "Yes", any other number C109 "No", which halves even copies.
const evenCopies = (c: MicrosoftCells) => `${c.copies}-2*ROUNDDOWN(${c.copies}/2,0)=0`;
const halvesCopies = (c: MicrosoftCells, v: string) => `AND(${v}>1,${v}<>${c.copies},${evenCopies(c)})`;
// C83: one at 1; active/passive, the first site's copies; else the copies, halved as C109 "No" halves them.
const perVolume = (c: MicrosoftCells) => {
  const v = c.databasesPerVolume;
  return v === undefined ? c.copies : `IF(${v}=1,1,IF(${passive(c)},${copies1(c)},IF(${halvesCopies(c, v)},${c.copies}/2,${c.copies})))`;
};
// C62's volume (design.ts maxSizeVolumeOf): one at 1; else the copies, halved when even by C109 "No" or active/passive.
const maxSizeVolume = (c: MicrosoftCells) => {
  const v = c.databasesPerVolume;
  return v === undefined ? c.copies : `IF(${v}=1,1,IF(OR(${halvesCopies(c, v)},AND(${passive(c)},${evenCopies(c)})),${c.copies}/2,${c.copies}))`;
};
// Not where one a volume is asked (the factor databasesPerVolume 1, Input!C108 "No").
const severalPerVolume = (c: MicrosoftCells) =>
  `AND(${jbodDisk(c)}>0,${c.databasesPerVolume === undefined ? "" : `${c.databasesPerVolume}<>1,`}${c.copies}>=3,OR(${c.serversSecondSite}=0,${copies1(c)}=${copies2(c)},AND(${passive(c)},${wholeRounds(c)})))`;
/** Whether the calculator lays several databases a JBOD volume — Role Requirements!C110 (design.ts prefersJbod multipleDatabasesPerVolume). */
export const severalPerVolumeFormula = (c: MicrosoftCells): string => severalPerVolume(c);

/**
 * Helper: most databases per DAG — Role Requirements!C64, C65 (Variables!K35; stand-alone K36, design.ts
 * maxDatabasesPerServer): a server's 100, or with several databases a JBOD volume the most that fill whole
 * volumes (v × ROUNDDOWN(100 ÷ v): 99 at 3 a volume).
 */
export function maxDatabasesFormula(c: MicrosoftCells): string {
  const most = n(MICROSOFT.maxDatabasesPerServer);
  const perServer = c.diskGB === undefined ? most : `IF(${severalPerVolume(c)},${perVolume(c)}*ROUNDDOWN(${most}/${perVolume(c)},0),${most})`;
  return `IF(${ha(c)},ROUNDDOWN(${perServer}*${c.serversFirstSite}/${copies1(c)},0),${n(MICROSOFT.maxDatabasesStandalone)})`;
}

/**
 * The largest database, GB — Role Requirements!C63: the calculated (C62, design.ts maxDatabaseGB): stand-alone 200; RAID 2,000;
 * on a JBOD disk of v databases a volume formatted ÷ v × (1 − free) ÷ (1 + CI + CI ÷ v), one a volume
 * 2,000 above 2,500 raw GB, else ROUNDUP(formatted × (1 − free) ÷ (1 + 2 CI)).
 */
function maxDatabaseGBFormula(c: MicrosoftCells): string {
  const calculated = calculatedMaxDatabaseGBFormula(c);
  // Role Requirements!C63: a custom maximum where smaller than the calculated (design.ts microsoftSizing);
  // 0, none: 10⁹ GB, above any database, so the calculated appears once in the formula.
  return c.maxDatabaseGB === undefined ? calculated : `MIN(${calculated},IF(${c.maxDatabaseGB}>0,${c.maxDatabaseGB},${n(1e9)}))`;
}

function calculatedMaxDatabaseGBFormula(c: MicrosoftCells): string {
  const raid = n(MICROSOFT.maxDatabaseGBWithCopies);
  if (c.diskGB === undefined) return `IF(${ha(c)},${raid},${n(MICROSOFT.maxDatabaseGBStandalone)})`;
  const d = jbodDisk(c);
  const v = maxSizeVolume(c);
  // raw × 10⁹ ÷ 1024³: the same double as raw × formattedPerRawGB (1024³ is a power of two; disk-formulas.ts).
  const formatted = `(${d}*${n(1e9)}/${n(1024 ** 3)})`;
  const [free, ci] = [n(F.volumeFreeShare), n(F.contentIndexShare)];
  const several = `(${formatted}/${v})*(1-${free})/(1+${ci}+${ci}/${v})`;
  const one = `IF(${d}>${n(MICROSOFT.largeDiskRawGB)},${raid},ROUNDUP(${formatted}*(1-${free})/(1+${ci}*2),0))`;
  // C62: several databases a volume only where the calculator lays several (C110), else one.
  return `IF(${ha(c)},IF(${d}>0,IF(AND(${severalPerVolume(c)},${v}>1),${several},${one}),${raid}),${n(MICROSOFT.maxDatabaseGBStandalone)})`;
}

/** Mailboxes a database of the maximum size holds — Role Requirements!C75. */
const capacityLimit = (c: MicrosoftCells) => `(${maxDatabaseGBFormula(c)}*(1-${factorFormula(c, "dataOverhead")})*1024/${c.disk})`;

/**
 * Mailboxes a database holds, rounded up — Role Requirements!C76: the capacity limit (C75), and on JBOD
 * the disk's I/O (C74, design.ts ioMailboxesPerDatabase: the disk's IOPS over a mailbox's with overhead,
 * down to an even number, over the databases of a volume); #N/A for a disk too slow for one database.
 */
function perDatabaseLimitFormula(c: MicrosoftCells): string {
  const capacity = capacityLimit(c);
  if (c.diskGB === undefined) return `ROUNDUP(${capacity},0)`;
  const peak = `((0+${c.users}*${c.iops})*(1+${factorFormula(c, "ioOverhead")}))/${c.users}`;
  const vio = `IF(${severalPerVolume(c)},${perVolume(c)},1)`;
  const io = `(2*ROUNDDOWN(ROUNDDOWN(${c.diskIops ?? n(F.diskIops)}/(${peak}),0)/2,0)/${vio})`;
  return `IF(${jbodDisk(c)}>0,IF(${io}<=0,NA(),ROUNDUP(MIN(${io},${capacity}),0)),ROUNDUP(${capacity},0))`;
}

/** Helper: databases before the symmetry rules — Role Requirements!C75:C77. */
export function calculatedDatabasesFormula(c: MicrosoftCells): string {
  const raw = `(${sized(c)}/${perDatabaseLimitFormula(c)})`;
  return `MIN(IF(ROUNDUP(${raw},0)<2,ROUNDUP(${raw},0),ROUNDUP(${raw}/2,0)*2),${c.maxDatabases})`;
}

/** Helper: PERMUT(first-site servers, first-site copies) as a product — Role Requirements!C78. */
export function permutationsFormula(c: MicrosoftCells): string {
  const terms = Array.from({ length: 16 }, (_, k) => `IF(${copies1(c)}>=${k + 1},${c.serversFirstSite}-${k},1)`);
  return `1*${terms.join("*")}`;
}

/** Databases per DAG — Role Requirements!C78:C80, C79 plus its remainder of the disk group (design.ts databaseCount). */
export function databasesFormula(c: MicrosoftCells): string {
  const calculated = c.calculatedDatabases;
  const maxDatabases = c.maxDatabases;
  const perm = c.permutations;
  const symmetric = `(ROUNDUP(${calculated}/${perm},0)*${perm})`;
  const spread = `(${c.serversFirstSite}*IF(${c.serversSecondSite}>0,2,1))`;
  const count = `IF(${maxDatabases}>${symmetric},${symmetric},IF(AND(${maxDatabases}<${symmetric},${symmetric}-${maxDatabases}<${perm},${symmetric}-${perm}<>0),${symmetric}-${perm},IF(${calculated}=${maxDatabases},${calculated},IF(${calculated}<=1,1,ROUNDUP(${calculated}/${spread},0)*${spread}))))`;
  // The disk group (Variables!K53, design.ts diskGroup): active/active, the DAG's servers when databases a
  // volume match the copies (none set: Input!C109 "Yes"), else the first site's; active/passive, the first
  // site's where several databases share a volume (C110), else 1.
  const v = c.databasesPerVolume;
  const activeGroup = v === undefined ? serversFormula(c) : `IF(AND(${v}<>0,${v}<>${c.copies}),${c.serversFirstSite},${serversFormula(c)})`;
  const group = c.activePassive === undefined ? activeGroup : `IF(${passive(c)},IF(${severalPerVolume(c)},${c.serversFirstSite},1),${activeGroup})`;
  const plusRemainder = (x: string) => `(2*${x}-ROUNDDOWN((${x})/${group},0)*${group})`;
  const rounded = plusRemainder(count);
  // Refused: more than 100 copies a server (tooManyCopiesFormula). A count whose databases outgrow the
  // maximum size is built, as the calculator builds it (outgrownFormula warns).
  // Stand-alone, the count needs no IOPS, but the calculator sizes no profile past its table (messageProfile).
  const standalone = `IF(ISNUMBER(${c.profile}),MAX(1,${calculated}),NA())`;
  const own = `IF(${ha(c)},IF(${tooManyCopiesFormula(c, rounded)},NA(),${rounded}),${standalone})`;
  if (c.setDatabases === undefined) return guard(c, own);
  // A count the user sets (Input!G39): above the most a DAG supports (C65) that most, else plus its
  // remainder of the disk group as C79; its databases may outgrow the maximum size, as the calculator's.
  const s = c.setDatabases;
  const setCount = `IF(${s}>${maxDatabases},${maxDatabases},IF(${ha(c)},${plusRemainder(s)},${s}))`;
  const set = `IF(AND(${ha(c)},${tooManyCopiesFormula(c, setCount)}),NA(),${setCount})`;
  return guard(c, `IF(${s}>0,${set},${own})`);
}

/** Whether a DAG's `databases` put more than 100 copies on a server: databases × copies ÷ servers (Role Requirements!I158, design.ts checkCopiesPerServer). */
export function tooManyCopiesFormula(c: MicrosoftCells, databases: string): string {
  return `${databases}*${c.copies}/${serversFormula(c)}>${n(MICROSOFT.maxDatabasesPerServer)}`;
}

/**
 * Whether `databases` hold more mailboxes each than a database of the maximum size (C75, rounded up as C76):
 * design.ts databaseSizeWarning, ours beside a design the calculator builds.
 */
export function outgrownFormula(c: MicrosoftCells, databases: string): string {
  return `${sized(c)}/${databases}>ROUNDUP(${capacityLimit(c)},0)`;
}

/** GB per database — Volume Requirements!E123. */
export const databaseGBFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("databaseGB", ruleCells(c));

/** Database copies per server — Role Requirements!C102. */
export const copiesPerServerFormula = (c: MicrosoftCells): string =>
  MICROSOFT_RULES.formula("copiesPerServer", { ...ruleCells(c), copiesFirstSite: copies1(c), activePassive: c.activePassive ?? "0" });

/** Worst-case active databases on a server — Role Requirements!C103 (design.ts activeDatabases). */
export function activeFormula(c: MicrosoftCells): string {
  // design.ts activeDatabases: only HA copies activate (round-robin from the first site, the lagged last),
  // so the second site never holds more HA copies than the first; -1 stands for the calculator's "--" (no such case).
  const two = `${c.serversSecondSite}>0`;
  const n1 = c.serversFirstSite;
  const n2 = c.serversSecondSite;
  const h1 = ha1(c);
  const h2 = ha2(c);
  const cps = c.copiesPerServer;
  const db = c.databases;
  const d1 = firstSiteDatabases(c);
  const normal1 = `IF(${d1}=1,1,(${d1})/${n1})`;
  // C117: one server of the first site fails (a spread never equals the normal load, which is above 0).
  const one1 = `IF(${h1}>1,IF(${d1}=1,1,ROUNDUP(${normal1}+${normal1}/(${n1}-1),0)),IF(${n1}>1,${normal1},-1))`;
  // C121: two fail; two more when the first site's copies fall short of the symmetric count (C88 < C78).
  const short = `IF((${d1})*${h1}<ROUNDUP(${c.calculatedDatabases}/${c.permutations},0)*${c.permutations},2,0)`;
  const withThree = `MIN(${cps},IF(${n1}-2=1,${cps}/2,ROUNDUP(${normal1}+(${normal1}*2)/(${n1}-2),0)+${short}))`;
  const withFewer = `IF(${n1}>2,MIN(${cps},ROUNDUP(((${d1})-ROUNDUP(${normal1}/(${n1}-1),0)*2)/(${n1}-2),0)+${short}),0)`;
  const survivable1 = `IF(${two},AND(${haCopies(c)}>=3,${n2}>=4),AND(${h1}>=3,${n1}>=4))`;
  const two1 = `IF(${survivable1},IF(${h1}>=3,${withThree},${withFewer}),-1)`;
  // C127:C129, the first site failing; never less, either. Equal sites: the first site surviving covers
  // both (it holds as many HA copies or more): its servers take every database, then twice its one- and
  // two-failure figures, where the survivor's HA copies allow.
  const either = neverLess(c);
  const h = `IF(${either},${h1},${h2})`;
  const equal = [`ROUNDUP(${db}/${n1},0)`, `IF(${h}>=2,2*${one1},-1)`, `IF(AND(${h}>=3,${n1}>=4),2*${two1},-1)`];
  const unequal = (m: string, h: string) => [
    `IF(${h}>=1,ROUNDUP(${db}/${m},0),-1)`,
    `IF(AND(${h}>=2,${m}>=2),ROUNDUP(${db}/(${m}-1),0),-1)`,
    `IF(AND(${h}>=3,${m}>=4),ROUNDUP(${db}/(${m}-2),0),-1)`,
  ];
  const sites = `IF(${two},IF(${n1}=${n2},MAX(${equal.join(",")}),MAX(${[...unequal(`IF(${two},${n2},1)`, h2), ...unequal(n1, `IF(${either},${h1},0)`)].join(",")})),-1)`;
  // C103: no failure survivable (one HA copy on one server) leaves the normal load, twice it over two sites.
  // Active/passive: the first site's one and two failures alone (design.ts activePassiveDatabases), its
  // normal load when neither can be (one HA copy on one server, and no two failures survivable).
  const ap = passive(c);
  const none = `AND(${h1}<=1,${n1}=1,OR(NOT(${ap}),NOT(${survivable1})))`;
  const worst = `IF(${none},${normal1}*IF(AND(${two},NOT(${ap})),2,1),MAX(${one1},${two1},IF(${ap},0,${sites})))`;
  return `IF(${ha(c)},${worst},${db})`;
}

/** IOPS of the active databases with overhead — Role Requirements!I76. */
export function peakFormula(c: MicrosoftCells): string {
  return guard(c, refusedWith(c, MICROSOFT_RULES.formula("environmentIops", ioCells(c))));
}

/** The server's database read and write IOPS — Role Requirements!I78, I79 (EX_MS_IOPS "reads", "writes"). */
export const serverReadIopsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("serverReadIops", ioCells(c));
export const serverWriteIopsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("serverWriteIops", ioCells(c));
/** Database IOPS of the DAG, every copy — Role Requirements!E281. */
export const dagIopsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("dagIops", ioCells(c));
/** Log IOPS of the DAG — Role Requirements!I80, I81, E282. */
export const dagLogIopsFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("dagLogIops", ioCells(c));

/** The server rules' operands where the sheet has them: the copies a server, its active databases, cores and rate, the cells of its cache, megacycles and memory, the items a mailbox (tiers) and never less. */
const serverCells = (c: MicrosoftCells): References => ({
  ...ruleCells(c),
  copiesPerServer: c.copiesPerServer,
  active: c.active,
  specRate: c.specRate,
  cores: c.cores,
  cacheGB: c.cache,
  megacycles: c.megacycles,
  totalMemoryGB: c.calculated,
  ...(c.items !== undefined && { itemsPerMailbox: c.items }),
  neverLess: c.neverLess ?? "0",
});

/** Database cache of the busiest server, GB — Role Requirements!C134. */
export const cacheGBFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("cacheGB", serverCells(c));
/** Worst-case megacycles of the busiest server — Role Requirements!C256. */
export const megacyclesFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("megacycles", serverCells(c));
/** Memory before the configuration step, GB — Role Requirements!C133, C138:C141. */
export const calculatedMemoryFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("totalMemoryGB", serverCells(c));
/** Memory configuration, GB — Role Requirements!C142. */
export const memoryFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("memoryGB", serverCells(c));
/** Cores a server over the cells of the rate, the cores needed and the megacycles: the rate's, else the baseline server's — Role Requirements!C254, C159. */
export const microsoftCoresFormula = (specIntRate: string, coresNeeded: string, megacycles: string): string =>
  MICROSOFT_RULES.formula("coresPerServer", { specRate: specIntRate, coresNeeded, megacycles });
/** Cores needed — Role Requirements!C254; no SPECint rate, no answer. */
export const coresFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("coresNeeded", serverCells(c));

/**
 * Log space a database, GB — Volume Requirements!F123 (design.ts logSpaceGB, EX_MS_DATABASES
 * "logspace"): the users' logs of the days kept (the truncation failure tolerance, or the lagged
 * copies' replay lag when longer) and a week's mailbox moves, over the databases.
 */
export const logSpaceFormula = (c: MicrosoftCells): string => MICROSOFT_RULES.formula("logSpaceGB", logCells(c));

/** The log rules' operands where the sheet has them: a mailbox's logs, and the lagged copies with their lag (none without both). */
const logCells = (c: MicrosoftCells): References => ({
  ...ruleCells(c),
  logs: c.logs,
  ...(c.laggedCopies === undefined || c.lagDays === undefined ? { laggedCopies: "0" } : { laggedCopies: c.laggedCopies, lagDays: c.lagDays }),
});

/** Log replication between the sites in the busiest hour, Mb/s — Replication Requirements!E12, E14. */
export function replicationFormula(c: MicrosoftCells): string {
  const perDatabase = MICROSOFT_RULES.formula("replicationPerDatabase", { ...logCells(c), hourShare: c.hourShare });
  const d1 = firstSiteDatabases(c);
  const streams = `(${d1}*${copies2(c)}+(${c.databases}-${d1})*${copies1(c)})`;
  return `IF(OR(${c.serversSecondSite}=0,${streams}=0),NA(),${perDatabase}*${streams})`;
}

/** A failure mode of activeModeFormula: design.ts MicrosoftFailureMode less the worst, which activeFormula gives. */
export type ActiveMode = "normal" | "server" | "doubleServer" | "site" | "siteServer" | "siteDoubleServer";

/**
 * Active databases on the busiest server in one failure mode — Role Requirements!C195:F195, C127:C129
 * (design.ts activeDatabases, both sites, HA copies only): a number above 0 where the mode occurs and
 * is survivable, else 0 or below (the calculator's "--"; 0 for a site in one site). Stand-alone: the
 * server's databases in normal runtime.
 */
export function activeModeFormula(c: MicrosoftCells, mode: ActiveMode): string {
  const two = `${c.serversSecondSite}>0`;
  const sv = [c.serversFirstSite, c.serversSecondSite];
  const h = [ha1(c), ha2(c)];
  const cps = c.copiesPerServer;
  const db = c.databases;
  const d1 = firstSiteDatabases(c);
  const d = [d1, `(${db}-${d1})`];
  const normal = (s: number) => `IF(${d[s]}=1,1,(${d[s]})/${sv[s]})`;
  // C117: a server fails; the spread is above the normal load, which is above 0.
  const one = (s: number) => `IF(${h[s]}>1,IF(${d[s]}=1,1,ROUNDUP(${normal(s)}+${normal(s)}/(${sv[s]}-1),0)),IF(${sv[s]}>1,${normal(s)},-1))`;
  // C121: two fail; two more in the first site when its copies fall short of the symmetric count (C88 < C78).
  const short = (s: number) => (s === 0 ? `IF((${d1})*${h[0]}<ROUNDUP(${c.calculatedDatabases}/${c.permutations},0)*${c.permutations},2,0)` : "0");
  const survivable = (s: number) =>
    s === 0 ? `IF(${two},AND(${haCopies(c)}>=3,${sv[1]}>=4),AND(${h[0]}>=3,${sv[0]}>=4))` : `AND(${haCopies(c)}>=3,${sv[0]}+${sv[1]}>=4)`;
  const twoFail = (s: number) => {
    const withThree = `MIN(${cps},IF(${sv[s]}-2=1,${cps}/2,ROUNDUP(${normal(s)}+(${normal(s)}*2)/(${sv[s]}-2),0)+${short(s)}))`;
    const withFewer = `IF(${sv[s]}>2,MIN(${cps},ROUNDUP(((${d[s]})-ROUNDUP(${normal(s)}/(${sv[s]}-1),0)*2)/(${sv[s]}-2),0)+${short(s)}),0)`;
    return `IF(${survivable(s)},IF(${h[s]}>=3,${withThree},${withFewer}),-1)`;
  };
  // Active/passive: the second site has no active databases until the first fails.
  const bothSites = (f: (s: number) => string) => `MAX(${f(0)},IF(AND(${two},NOT(${passive(c)})),${f(1)},-1))`;
  // Replay Lag Manager (the factor replayLagManager, Input!G33): after a site fails its lagged copies count too (design.ts siteHa).
  const siteH = (s: number) => `IF(${factorFormula(c, "replayLagManager")}>0,${s === 0 ? copies1(c) : copies2(c)},${h[s]})`;
  // C127:C129: a site fails and the other's servers take every database; equal sites, twice the first site's figures.
  const siteCase = (failed: number, k: 0 | 1 | 2) => {
    const survivor = 1 - failed;
    const m = sv[survivor];
    const hs = siteH(survivor);
    const equal = `${m}=${sv[failed]}`;
    if (k === 0) return `IF(${hs}>=1,ROUNDUP(${db}/${m},0),-1)`;
    if (k === 1) return `IF(AND(${hs}>=2,${m}>=2),IF(${equal},2*${one(0)},ROUNDUP(${db}/(${m}-1),0)),-1)`;
    return `IF(AND(${hs}>=3,${m}>=4),IF(${equal},2*${twoFail(0)},ROUNDUP(${db}/(${m}-2),0)),-1)`;
  };
  // Active/passive (design.ts activePassiveDatabases): the second site takes the first's failures its copies
  // cover (C118, C122) and the first site's loss (C127:C129; equal sites, the first site's own figures).
  const [h1, h2] = h;
  const [n1, n2] = sv;
  const s2 = siteH(1);
  const passiveSite = [
    `IF(${s2}>=1,ROUNDUP(${db}/${n2},0),-1)`,
    `IF(AND(${s2}>=2,${n2}>=2),IF(${n2}=${n1},MAX(0,${one(0)}),ROUNDUP(${db}/(${n2}-1),0)),-1)`,
    `IF(AND(${s2}>=3,${n2}>=4),IF(${n2}=${n1},MAX(0,${twoFail(0)}),ROUNDUP(${db}/(${n2}-2),0)),-1)`,
  ];
  const oneInSecond = `IF(AND(${passive(c)},${h2}>=1,${h1}=1),ROUNDUP((${db}-MAX(0,${one(0)}))/${n2},0),-1)`;
  const twoInSecond = `IF(AND(${passive(c)},${h2}>=1,OR(${h1}<3,${n1}<4),${twoFail(0)}>=0),ROUNDUP((IF(${one(0)}<0,${normal(0)},${one(0)})-${normal(0)})*2/${n2},0),-1)`;
  // The first site's loss (the calculator's); never less, either's.
  const sites = (k: 0 | 1 | 2) => `IF(${two},IF(${passive(c)},${passiveSite[k]},MAX(${siteCase(0, k)},IF(${neverLess(c)},${siteCase(1, k)},-1))),-1)`;
  const byMode: Record<ActiveMode, string> = {
    normal: bothSites(normal),
    server: `MAX(${bothSites(one)},${oneInSecond})`,
    doubleServer: `MAX(${bothSites(twoFail)},${twoInSecond})`,
    site: sites(0),
    siteServer: sites(1),
    siteDoubleServer: sites(2),
  };
  return `IF(${ha(c)},${byMode[mode]},${mode === "normal" ? db : "-1"})`;
}

/** A failure mode's active databases as design.ts ActiveDatabases counts them: the calculator's "--" (activeModeFormula's 0 or below) is none. */
export const activeOrNoneFormula = (modeActive: string): string => `MAX(0,${modeActive})`;

/** The second site's busiest server of an active/passive DAG when the first site fails: the worst of its three site modes — Role Requirements!C130 (design.ts secondSiteWorst). */
export const secondSiteWorstFormula = (site: string, siteServer: string, siteDoubleServer: string): string => `MAX(${site},${siteServer},${siteDoubleServer})`;

/**
 * Active databases sized never less, a balancing unit at a time (design.ts activeByUnit): a unit's active
 * databases once a unit of the deployed count (activeByUnit scales by databases ÷ unit: the same to rounding).
 */
export const activeByUnitFormula = (unitActive: string, databases: string, unit: string): string => `${unitActive}*${databases}/${unit}`;

/**
 * The transport (Safety Net) database of a server, GB — Role Requirements!C180:C184 (design.ts
 * transportGB): the day's messages of the profile over the servers left after the worst failure (HA
 * copies only), held twice, queued and kept by Safety Net (or the lagged copies' replay lag, if longer),
 * at the message size. `serverActive` and
 * `doubleServerActive` are cells of the one- and two-server failures' active databases (above 0 where
 * the DAG survives them; activeModeFormula).
 */
export function transportFormula(c: MicrosoftCells, serverActive: string, doubleServerActive: string, siteModes?: readonly [string, string, string]): string {
  const sv = [c.serversFirstSite, c.serversSecondSite];
  const h = [ha1(c), ha2(c)];
  const lost = (s: number) => `IF(AND(${h[s]}>=3,${sv[s]}>=4),2,IF(AND(${h[s]}>=2,${sv[s]}>=2),1,0))`;
  // Replay Lag Manager (the factor replayLagManager): one or two more where the site case its lagged copies allow is the worst (design.ts serversAfterWorstFailure).
  const more = (s: number) => {
    if (siteModes === undefined) return "0";
    const [site, siteServer, siteDouble] = siteModes;
    const all = s === 0 ? copies1(c) : copies2(c);
    return `IF(${factorFormula(c, "replayLagManager")}>0,IF(AND(${all}>=3,${sv[s]}>=4,${siteDouble}>MAX(${site},${siteServer})),2,IF(AND(${all}>=2,${sv[s]}>=2,${siteServer}>${site}),1,0)),0)`;
  };
  // A site's loss leaves the other site's servers, less the one or two more failures they survive (design.ts serversAfterWorstFailure).
  const left = (survivor: number) => `IF(${h[survivor]}>=1,${sv[survivor]}-MAX(${lost(survivor)},${more(survivor)}),${n(1e9)})`;
  // The first site's loss alone is a site failure (the calculator's; always, active/passive), either's never less (design.ts serversAfterWorstFailure).
  const remaining = `IF(${ha(c)},IF(${c.serversSecondSite}>0,IF(OR(${passive(c)},NOT(${neverLess(c)})),${left(1)},MIN(${left(0)},${left(1)})),${c.serversFirstSite}-IF(${doubleServerActive}>0,2,IF(${serverActive}>0,1,0))),${serversFormula(c)})`;
  const safetyNet = c.laggedCopies === undefined || c.lagDays === undefined ? n(MICROSOFT.safetyNetDays) : `MAX(${n(MICROSOFT.safetyNetDays)},IF(${c.laggedCopies}>0,${c.lagDays},0))`;
  const days = `(1+${n(MICROSOFT.transportQueueRate)}*${n(MICROSOFT.transportQueueDays)}+${safetyNet})`;
  return `${c.users}*${c.profile}/(${remaining})*${n(MICROSOFT.transportShadowCopies)}*${days}*${c.messageKB}/${n(MICROSOFT.kbPerGB)}`;
}

/** The JBOD choice's operands where the sheet has them (rules/disks.ts jbod, secondSiteJbod): `diskRawGB` the disk's raw GB. */
const jbodCells = (c: MicrosoftCells, diskRawGB: string, askedPerVolume?: string): References => ({
  copies: c.copies,
  laggedCopies: c.laggedCopies ?? "0",
  copiesFirstSite: c.copiesFirstSite,
  serversFirstSite: c.serversFirstSite,
  serversSecondSite: c.serversSecondSite,
  activePassive: c.activePassive ?? "0",
  diskRawGB,
  askedVolumeDatabases: askedPerVolume ?? "0",
  ...(c.factors?.considerJbod !== undefined && { considerJbod: c.factors.considerJbod }),
});

/**
 * Whether the calculator puts the DAG on its servers' own disks (JBOD), of `diskRawGB` raw GB — design.ts prefersJbod
 * (rules/disks.ts jbod, Role Requirements!I127); TRUE or FALSE.
 */
export const jbodFormula = (c: MicrosoftCells, diskRawGB: string, askedPerVolume?: string): string => SERVER_DISK_RULES.formula("jbod", jbodCells(c, diskRawGB, askedPerVolume));

/** Whether an active/passive DAG's second site's servers are on JBOD — prefersJbod's secondSiteJbod (rules/disks.ts, Role Requirements!I128); TRUE or FALSE. */
export const secondSiteJbodFormula = (c: MicrosoftCells, diskRawGB: string, askedPerVolume?: string): string =>
  SERVER_DISK_RULES.formula("secondSiteJbod", jbodCells(c, diskRawGB, askedPerVolume));

// ---------------------------------------------------------------------------------------------
// Mailbox tiers (design.ts microsoftDatabaseCount, microsoftSizing): each a row of cells, averaged by mailboxes.

/** Every tier's mailboxes, over a range of the tiers' — Role Requirements!C98 (design.ts mailboxes). */
export const allTierMailboxesFormula = (tierMailboxes: string): string => `SUM(${tierMailboxes})`;

/** A tier's share of every tier's mailboxes (design.ts tierShares). */
const tierShare = (mailboxes: string, allMailboxes: string) => `${mailboxes}/${allMailboxes}`;

/** A per-mailbox quantity averaged over the tiers by mailboxes, summed from 0 as design.ts weighs it (Σ share × value: mailboxOnDiskMB, weighted). */
export function tierAverageFormula(tiers: readonly { mailboxes: string; value: string }[], allMailboxes: string): string {
  return `0${tiers.map((t) => `+${tierShare(t.mailboxes, allMailboxes)}*${t.value}`).join("")}`;
}

/** Items a mailbox averaged over the tiers: Σ share × size on disk ÷ message KB (design.ts itemsPerDatabase over mailboxes a database). */
export function tierItemsFormula(tiers: readonly { mailboxes: string; disk: string; messageKB: string }[], allMailboxes: string): string {
  return `0${tiers.map((t) => `+${tierShare(t.mailboxes, allMailboxes)}*${t.disk}/${t.messageKB}`).join("")}`;
}
