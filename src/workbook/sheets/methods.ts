/**
 * The Methods sheet: for the design's inputs, each quantity by Dell's process (000), EMC's
 * where it applies (001), and Microsoft's method (Microsoft, Exchange Server Role Requirements
 * Calculator v7.6), side by side, with the difference and why they differ in one line each.
 * Microsoft's column calls the EX_MS_* functions; each such cell carries its native rendering
 * (src/engine/microsoft/formulas.ts) for the customer copy. The papers' figures are the Design
 * sheet's own cells, passed in by key; template.ts lists the sheet.
 */
import {
  activeFormula,
  activeModeFormula,
  severalPerVolumeFormula,
  calculatedDatabasesFormula,
  copiesFirstSiteFormula,
  maxDatabasesFormula,
  permutationsFormula,
  cacheGBFormula,
  calculatedMemoryFormula,
  copiesPerServerFormula,
  coresFormula,
  microsoftCoresFormula,
  dagIopsFormula,
  dagLogIopsFormula,
  databaseGBFormula,
  databasesFormula,
  outgrownFormula,
  diskFormula,
  iopsFormula,
  logsFormula,
  megacyclesFormula,
  memoryFormula,
  peakFormula,
  perMailboxIopsFormula,
  profileFormula,
  readsFormula,
  replicationFormula,
  jbodFormula,
  secondSiteJbodFormula,
  logSpaceFormula,
  serverReadIopsFormula,
  serverWriteIopsFormula,
  serversFormula,
  tooManyCopiesFormula,
  activeOrNoneFormula,
  secondSiteWorstFormula,
  activeByUnitFormula,
  allTierMailboxesFormula,
  tierAverageFormula,
  tierItemsFormula,
  type MicrosoftCells,
} from "../../engine/microsoft/formulas";
import { SERVER_DISK_RESULTS, jbodNeedFormulas, serverDiskFormula, volumeDatabasesChoiceFormula, type ServerDiskCells, type ServerDiskResult } from "../../engine/microsoft/disk-formulas";
import { raidDiskFormula, raidVolumeDatabasesFormula, type RaidDiskCells } from "../../engine/microsoft/raid-disk-formulas";
import { secondSiteCopiesFormula, siteDagDisksFormula } from "../../engine/microsoft/site-disks";
import { MCDB_SHARE_PERCENT, MCDB_SOURCES, mcdbDisksPerSsdFormula, mcdbGBPerServerFormula, mcdbNeededGBFormula, mcdbShareFormula, mcdbSsdGBFormula, mcdbSsdsFormula, mcdbVersionFormula } from "../../engine/microsoft/mcdb";
import { METHODS_INPUT_DEFAULTS } from "../../engine/design/inputs";
import { eitherSiteServerFormula, methodsDifferenceFormula, secondSiteServerFormula, tiersGivenFormula, tiersSizedFormula } from "../../engine/design/formulas";
import { minimumMemoryFormula } from "../../engine/version";
import { atLeastCountFormula, atLeastDagDisksFormula, atLeastFormula, fewerCopiesAppliesFormula, balancedAtLeastFormula, deployedCountFormula, fewerCopiesCountedFormula, fewerCopiesCountFormula, fewerCopiesSizedFormula, mostMountedFormula, mostSoFarFormula, mountedCountFormula } from "../../engine/design/fewer-copies-formulas";
import { MICROSOFT_FACTOR_INPUTS, input, type InputKey } from "../../engine/catalogue";
import { balancedDatabasesFormula, numberLiteral, type DagArguments } from "../../engine/excel-formulas";
import { MICROSOFT_FACTOR_DEFAULTS } from "../../engine/microsoft/tables";
import { cite } from "../../engine/papers";
import type { CellModel, InputRule, SheetModel } from "../model";
import { blankUnless, dashOnError, dashUnlessNumbers, either, formula as cellFormula, isNumber, orOnError } from "../display";
import { lookupFormula } from "../formulas/lookup";
import * as rule from "../formulas/methods";
import { stackRows } from "../rows";
import { activationUnitFormula, dagFactorFormula, numberOrZeroFormula, whenPositiveFormula } from "../formulas/microsoft-factors";
import type { MicrosoftKey } from "./shared";
import { groupedFormula } from "../../engine/general-format";
import { TIER_COUNT, tierValueFormula, type TierNames } from "./tiers";

/** The papers' figures the sheet sets beside Microsoft's: the Design sheet cell of each, if it has one. */
export type DesignKey =
  | "mailboxMB"
  | "logsPerUser"
  | "iopsPerUser"
  | "emcIopsPerUser"
  | "databases"
  | "databaseGB"
  | "databaseIops"
  | "emcDatabaseIops"
  | "dagIops"
  | "logIops"
  | "serverMemoryGB"
  | "serverCores";

/**
 * Defined names of the inputs the sheet reads; the catalogue's factor inputs (MICROSOFT_FACTOR_INPUTS) under
 * their keys, each one's factor row reading it (omitted: its default).
 */
export interface MethodsNames extends Readonly<Partial<Record<InputKey, string>>> {
  users: string;
  quotaMB: string;
  messagesPerDay: string;
  messageKB: string;
  copies: string;
  /** Lagged copies of each database, and their replay lag in days (omitted: none). */
  laggedCopies?: string;
  lagDays?: string;
  serversFirstSite: string;
  /** 0 = one site. */
  serversSecondSite: string;
  archiveMB: string;
  specIntRate: string;
  coresPerServer: string;
  peakHourLogShare: string;
  /** "active/active" or "active/passive": the copies' layout, which the balanced database count follows. */
  dagLayout: string;
  /**
   * A JBOD server's disks: the Inputs' ServerDisk, DatabasesPerVolume, AutoReseedDisks and
   * SpareDisks, and the Hardware sheet's server-disk columns (names, raw GB, IOPS); for MCDB,
   * the Inputs' ExchangeVersion and MCDB and the Hardware sheet's SSD sizes. Omitted: no block.
   */
  serverDisks?: { disk: string; databasesPerVolume: string; autoReseedDisks: string; spareDisks: string; names: string; rawGB: string; iops: string; exchangeVersion: string; ssdSizes: string; mcdb: string };
  /** The DAG's databases as set (the Inputs' DatabasesPerDag, the calculator's Input!G39): empty or 0 for its own count. Omitted: none. */
  databasesPerDag?: string;
  /** How the servers are sized (the Inputs' ServerSizing): "calculator" or "never less". Omitted: the calculator's. */
  serverSizing?: string;
  /** The Inputs' MaxDatabaseSizeConfiguration and MaxDatabaseGB (Input!G36, G37): "custom" sizes to the smaller. Omitted: the calculator's own. */
  maxDatabaseSizeConfiguration?: string;
  maxDatabaseGB?: string;
  /** The method that sized the design ("microsoft" or "dell", the Design sheet's): each site's server is Microsoft's design's only. Omitted: no site cells. */
  methodUsed?: string;
}

export interface MethodsSheetParameters {
  names: MethodsNames;
  /** The Design sheet cell of a paper's figure, e.g. "Design!$C$12"; undefined when the design has none. */
  design: (key: DesignKey) => string | undefined;
  sheetName?: string;
  /**
   * The Inputs sheet's mailbox tiers (tiers.ts: tierNames()), four ranges of four cells. Given,
   * Microsoft's column sizes the tiers (all empty: the design's one profile, as without them);
   * the papers' columns keep the design's one profile.
   */
  tiers?: TierNames;
}

/** An input of Microsoft's method the Methods sheet reads: key, defined name, label, default and rule (the design's catalogue). */
export interface MethodsInput {
  key: keyof MethodsNames;
  name: string;
  label: string;
  default: number;
  rule: InputRule;
}

/** Microsoft's method's own inputs, as the catalogue declares them (src/engine/catalogue/mailboxes.ts, servers.ts). */
export const METHODS_INPUTS: readonly MethodsInput[] = (["archiveMB", "specIntRate", "coresPerServer", "peakHourLogShare"] as const).map((key) => {
  const declared = input(key);
  return { key, name: declared.name, label: declared.label, default: METHODS_INPUT_DEFAULTS[key], rule: declared.rule };
});

const NS = "EXSIZE.";
const COLUMNS = { label: "A", dell: "B", emc: "C", microsoft: "D", difference: "E", why: "F", unit: "G" } as const;
/**
 * Microsoft's column where the calculator cannot size the design (its databases would outgrow its
 * maximum size, or pass 100 copies a server; a row that needs a SPECint rate): "—", never an error
 * in a workbook. A design sized by Microsoft's method is refused by the Design check first.
 */
const unsized = dashOnError;
/**
 * Microsoft's factors and the servers of each site, as ranges its functions read, in column I's names and
 * J's values: the lagged copies and their lag, the archive, the factors the design's inputs set, then those
 * of the databases' count, the databases deployed (what every other Microsoft figure is sized at: the
 * calculator's count balanced over the layout, as sizeDesign does) and the busiest server's active databases.
 */
/**
 * The helper cells beside the table (columns I:S, off the printed page), one block under another: Microsoft's
 * factors and the servers of each site, the calculator's own count, one balancing unit, the second site's busiest
 * server, the tiers as sized, a server's disks and MCDB. Each block's rows are described where its constant is.
 */
const ROWS = stackRows(3, [
  ["lag", 2],
  ["factors", 1],
  ["inputFactors", MICROSOFT_FACTOR_INPUTS.length],
  ["diskFactors", 3],
  ["passive", 1],
  ["neverLess", 1],
  ["setDatabases", 1],
  ["maxDatabase", 1],
  ["databasesFactor", 1],
  ["activeFactor", 1],
  ["servers", 1],
  ["helpers", 4],
  ["ownCount", 1],
  ["unitFactors", 8],
  ["unitInputFactors", MICROSOFT_FACTOR_INPUTS.length],
  ["unit", 3],
  ["secondSite", 8, 1],
  ["tierTitle", 2],
  ["tiers", TIER_COUNT],
  ["tierAll", 1, 1],
  ["disksTitle", 1],
  ["disk", 1],
  ["jbod", 1],
  ["need", 3],
  ["raidNeed", 2],
  ["choice", 1],
  ["raidChoice", 1],
  ["figures", SERVER_DISK_RESULTS.length],
  ["mcdbTitle", 1],
  ["mcdb", 7],
]);
/** The lagged copies and their replay lag, the first of Microsoft's factors. */
const LAG_ROW = ROWS.lag.first;
const FACTORS_ROW = ROWS.factors.first;
/** The factors the design's inputs set, one row each in the catalogue's order (MICROSOFT_FACTOR_INPUTS: considerJbod, iopsMultiplier…). */
const INPUT_FACTORS_ROW = ROWS.inputFactors.first;
/** Each factor input's cell, by its factor's name: what the customer copy's formulas, and the Resilience sheet's factors, read. */
export const INPUT_FACTOR_CELLS: Readonly<Record<string, string>> = Object.fromEntries(MICROSOFT_FACTOR_INPUTS.map((i, k) => [i.microsoftFactor.name, `$J$${INPUT_FACTORS_ROW + k}`]));
/**
 * The JBOD disk the calculator counts the databases from (diskGB, 0 where it deploys RAID; diskIops;
 * databasesPerVolume) and a count the user sets (databases, 0 for its own): what its own count reads
 * (a JBOD design's databases were counted as on RAID).
 */
const DISK_FACTORS_ROW = ROWS.diskFactors.first;
/** An active/passive DAG (activePassive, Input!G23). */
const PASSIVE_ROW = ROWS.passive.first;
/** Servers sized never less (neverLess, the Inputs' ServerSizing; docs/whole-design.md). */
const NEVER_LESS_ROW = ROWS.neverLess.first;
const SET_DATABASES_ROW = ROWS.setDatabases.first;
/** A custom maximum database size (maxDatabaseGB, Input!G36 "Custom", G37; 0 for the calculator's own). */
const MAX_DATABASE_ROW = ROWS.maxDatabase.first;
const DATABASES_FACTOR_ROW = ROWS.databasesFactor.first;
const ACTIVE_FACTOR_ROW = ROWS.activeFactor.first;
const SERVERS_ROW = ROWS.servers.first;
const HELPER_ROW = ROWS.helpers.first;
/** The copies in the first site, a helper of the count (microsoft/formulas.ts copiesFirstSiteFormula). */
export const COPIES_FIRST_SITE_CELL = `$J$${HELPER_ROW}`;
/** The calculator's own database count, below the four helpers. */
const OWN_COUNT_ROW = ROWS.ownCount.first;
const OWN_COUNT = `$J$${OWN_COUNT_ROW}`;
/**
 * One balancing unit (the factors its functions read: archive, the lagged copies and their lag, the
 * disk's three, the layout, never less, the inputs' factors and the unit as deployed), its copies a
 * server and active databases. Sized by the calculator's rules the unit is the deployed count.
 */
const UNIT_FACTORS_ROW = ROWS.unitFactors.first;
const UNIT_INPUT_FACTORS_ROW = ROWS.unitInputFactors.first;
const UNIT_ROW = ROWS.unit.first;
const UNIT = `$J$${UNIT_ROW}`;
const UNIT_COPIES = `$J$${UNIT_ROW + 1}`;
const UNIT_ACTIVE = `$J$${UNIT_ROW + 2}`;
/**
 * Active/passive: the second site's busiest server when the first fails (Role Requirements!C127:C130,
 * a unit's once a unit), its cache, memory before the configuration step, memory (D253: at least the
 * first site's) and megacycles (D256) — what the memory, megacycles and cores rows take the larger of.
 */
const SECOND_SITE_ROW = ROWS.secondSite.first;
const SECOND_ACTIVE = `$J$${SECOND_SITE_ROW + 3}`;
const SECOND_CACHE = `$J$${SECOND_SITE_ROW + 4}`;
const SECOND_CALCULATED = `$J$${SECOND_SITE_ROW + 5}`;
const SECOND_MEMORY = `$J$${SECOND_SITE_ROW + 6}`;
const SECOND_MEGACYCLES = `$J$${SECOND_SITE_ROW + 7}`;
/**
 * Active/passive, a design Microsoft's method sized: each site's server on its own, as sizeDesign's
 * Design.siteServers — the first site's cores and memory (Role Requirements!C254, C142) and the second's
 * (D254, D253), in column M beside the second site's helpers; "" for any other design. The Summary shows them.
 */
const SITE_SERVER_ROW = SECOND_SITE_ROW;
export const SITE_SERVER_CELLS = Object.freeze({
  coresSite1: `$M$${SITE_SERVER_ROW + 1}`,
  memorySite1: `$M$${SITE_SERVER_ROW + 2}`,
  coresSite2: `$M$${SITE_SERVER_ROW + 3}`,
  memorySite2: `$M$${SITE_SERVER_ROW + 4}`,
});
/**
 * The tiers as Microsoft's column sizes them (with `tiers`): a title, a header, tiers 1-4 and their
 * average by mailboxes, in columns I:S beside the helpers, off the printed page.
 */
const TIER_TITLE_ROW = ROWS.tierTitle.first;
const TIER_FIRST_ROW = ROWS.tiers.first;
const TIER_ALL_ROW = ROWS.tierAll.first;
/** The tier helpers' rows, from their title to the tiers' total: empty without tiers. */
export const TIER_HELPER_ROWS = Object.freeze({ first: TIER_TITLE_ROW, last: TIER_ALL_ROW });
/**
 * A server's disks (serverDiskBlock), below the tiers' helpers: the disk, JBOD or RAID, what the
 * volumes need (JBOD's three rows, RAID's read and write IOPS), the databases a volume (JBOD's choice,
 * RAID's count), then each figure.
 */
const DISKS_TITLE_ROW = ROWS.disksTitle.first;
const DISK_ROW = ROWS.disk.first;
const JBOD_ROW = ROWS.jbod.first;
const NEED_ROW = ROWS.need.first;
const RAID_NEED_ROW = ROWS.raidNeed.first;
const CHOICE_ROW = ROWS.choice.first;
const RAID_CHOICE_ROW = ROWS.raidChoice.first;
const FIGURES_ROW = ROWS.figures.first;
/** Where each figure of a server's disks, JBOD or RAID, is on the Methods sheet (unqualified, absolute): "—" where the design has none. */
export const SERVER_DISK_CELLS: Readonly<Record<ServerDiskResult, string>> = Object.freeze(
  Object.fromEntries(SERVER_DISK_RESULTS.map((r, i) => [r, `$J$${FIGURES_ROW + i}`])) as Record<ServerDiskResult, string>,
);
/**
 * Exchange 2019's and SE's MCDB SSDs a server (src/engine/microsoft/mcdb.ts), below the
 * server disks' figures: whether the design has them (2019 or SE, on JBOD, its disks sized), the SSDs,
 * the disks the fullest serves, the GB it needs, the Hardware sheet's SSD chosen, the GB a server and
 * the share of the database disks. Plain Excel in both copies; "—" where the design has none.
 */
const MCDB_ROW = ROWS.mcdb.first;
export const MCDB_CELLS = Object.freeze({
  applies: `$J$${MCDB_ROW}`,
  ssds: `$J$${MCDB_ROW + 1}`,
  disksPerSsd: `$J$${MCDB_ROW + 2}`,
  neededGB: `$J$${MCDB_ROW + 3}`,
  ssdGB: `$J$${MCDB_ROW + 4}`,
  gbPerServer: `$J$${MCDB_ROW + 5}`,
  share: `$J$${MCDB_ROW + 6}`,
});
/**
 * Sized never less, the design at fewer copies (size-design.ts fewerCopiesOf), below the MCDB rows: a column
 * for each copy count 2 to 16 (U:AI, labelled in T, right of the tiers' helpers), its rows the count's steps at those copies,
 * then its servers and disks at that count, and the most so far of each. The last column's are the design's floors.
 */
const FEWER_ROW = MCDB_ROW + 8;
const FEWER_COPY_COUNTS = Array.from({ length: 15 }, (_, k) => k + 2);
const FEWER_COLUMNS = ["U", "V", "W", "X", "Y", "Z", "AA", "AB", "AC", "AD", "AE", "AF", "AG", "AH", "AI"];
const fewerColumn = (copies: number) => FEWER_COLUMNS[FEWER_COPY_COUNTS.indexOf(copies)];
const FEWER_STEPS = [
  "copies", "applies", "copiesFirstSite", "diskGB", "diskIops", "maxDatabases", "calculatedDatabases", "permutations", "own", "atLeast", "ownBalanced", "mounted", "candidate", "count", "sized",
  "copiesPerServer", "unit", "unitCopies", "unitActive", "active", "peak", "cache", "megacycles", "calculated", "memory", "cores",
  "jbod", "logGB", "mailboxesPerDatabase", "iopsPerMailbox", "databaseGB", "volumeDatabasesChoice", "readIops", "writeIops", "raidVolumeDatabases", "disks",
  "mostCores", "mostMemory", "mostJbodDisks", "mostRaidDisks",
  "secondSiteActive", "secondSiteServerActive", "secondDoubleServerActive", "secondActive", "secondCache", "secondCalculated", "secondMemoryBefore", "secondMegacycles",
  "secondCores", "secondMemory", "secondCopiesPerServer", "secondReadIops", "secondWriteIops", "secondRaidVolumeDatabases", "secondDisks",
  "mostSecondCores", "mostSecondMemory", "mostSecondJbodDisks", "mostSecondRaidDisks",
] as const;
/** The design's own count deployed sized never less, in J below the chain: at least the chain's, its own balanced, a unit, the most its servers mount. */
const DEPLOYED_ROW = FEWER_ROW + 2 + FEWER_STEPS.length;
const DEPLOYED_CELLS = Object.freeze({ atLeast: `$J$${DEPLOYED_ROW}`, ownBalanced: `$J$${DEPLOYED_ROW + 1}`, unit: `$J$${DEPLOYED_ROW + 2}`, mounted: `$J$${DEPLOYED_ROW + 3}` });
type FewerStep = (typeof FEWER_STEPS)[number];
const fewerCell = (step: FewerStep, copies: number) => `$${fewerColumn(copies)}$${FEWER_ROW + 1 + FEWER_STEPS.indexOf(step)}`;
/** What the design has at least, sized never less: the most deployed at fewer copies (0 where none). */
export const FEWER_COPIES_CELLS = Object.freeze({
  databases: fewerCell("count", 16),
  coresPerServer: fewerCell("mostCores", 16),
  memoryPerServerGB: fewerCell("mostMemory", 16),
  jbodDisksPerServer: fewerCell("mostJbodDisks", 16),
  raidDisksPerServer: fewerCell("mostRaidDisks", 16),
  /** Active/passive: the second site's servers and disks at fewer copies (0 otherwise). */
  secondCoresPerServer: fewerCell("mostSecondCores", 16),
  secondMemoryPerServerGB: fewerCell("mostSecondMemory", 16),
  secondJbodDisksPerServer: fewerCell("mostSecondJbodDisks", 16),
  secondRaidDisksPerServer: fewerCell("mostSecondRaidDisks", 16),
});
/**
 * The factors of the disk the calculator counts a DAG's databases from (diskGB 0 where it deploys RAID),
 * and the calculator's databases before its symmetry rules (Role Requirements!C77): what the Resilience
 * sheet's failure modes read, as the Methods sheet's own count does.
 */
export const DISK_FACTOR_CELLS = Object.freeze({ diskGB: `$J$${DISK_FACTORS_ROW}`, diskIops: `$J$${DISK_FACTORS_ROW + 1}`, databasesPerVolume: `$J$${DISK_FACTORS_ROW + 2}`, activePassive: `$J$${PASSIVE_ROW}` });
/** 1 where the servers are sized never less (the Inputs' ServerSizing), else 0: the factor neverLess. */
export const NEVER_LESS_CELL = `$J$${NEVER_LESS_ROW}`;
/** The count the user sets (Input!G39), 0 where the calculator's own is deployed. */
export const SET_DATABASES_CELL = `$J$${SET_DATABASES_ROW}`;
/** A custom maximum database size, GB (Input!G36 "Custom", G37), 0 for the calculator's own: the factor maxDatabaseGB. */
export const MAX_DATABASE_CELL = `$J$${MAX_DATABASE_ROW}`;
export const CALCULATED_DATABASES_CELL = `$J$${HELPER_ROW + 2}`;
/**
 * 1 where the deployed databases hold more mailboxes each than the maximum database size allows (design.ts
 * databaseSizeWarning), else 0: a number, as LibreOffice reads a helper's TRUE back as empty.
 */
export const OUTGROWN_CELL = `$K$${OWN_COUNT_ROW}`;
/** The log space a database of Microsoft's method (its databases function's "logspace", every tier's mailboxes): what its log volume holds. */
export const LOG_SPACE_CELL = `$J$${NEED_ROW}`;
/** The mailboxes Microsoft's column sizes (unqualified, absolute): every tier's, tier 1 empty the design's Users (Role Requirements!C97). */
export const TIER_MAILBOXES_CELL = `$J$${TIER_ALL_ROW}`;
/**
 * The tiers as Microsoft's column sizes them (unqualified, absolute), for other sheets' EX_MS_* calls and natives:
 * each tier's mailboxes, messages, KB and quota (ranges of tiers 1-4), and the profile and size on disk averaged by mailboxes.
 */
export const SIZED_TIER_CELLS = Object.freeze({
  mailboxes: `$J$${TIER_FIRST_ROW}:$J$${TIER_ALL_ROW - 1}`,
  messagesPerDay: `$K$${TIER_FIRST_ROW}:$K$${TIER_ALL_ROW - 1}`,
  messageKB: `$L$${TIER_FIRST_ROW}:$L$${TIER_ALL_ROW - 1}`,
  quotaMB: `$M$${TIER_FIRST_ROW}:$M$${TIER_ALL_ROW - 1}`,
  profile: `$N$${TIER_ALL_ROW}`,
  disk: `$O$${TIER_ALL_ROW}`,
  /** Each tier's mailboxes and message size, tiers 1-4: the message size averaged as design.ts weighs it (share × KB, summed from 0). */
  rows: Array.from({ length: TIER_COUNT }, (_, k) => ({ mailboxes: `$J$${TIER_FIRST_ROW + k}`, messageKB: `$L$${TIER_FIRST_ROW + k}` })),
});
/**
 * The DAG's mailboxes as sizeDesign counts them: by Microsoft's method every tier's (the Methods sheet's
 * TIER_MAILBOXES_CELL; Role Requirements!C98, which C100's active mailboxes a server read), by Dell's
 * process the design's one profile, Users. `methodUsed` the Design sheet's cell, qualified.
 */
export const dagMailboxesFormula = (methodUsed: string, methods: string, users: string): string => rule.byMethodFormula(methodUsed, `${methods}!${TIER_MAILBOXES_CELL}`, users);
/** The chosen disk's raw GB and IOPS, and whether the calculator puts the design on JBOD (TRUE) or RAID (FALSE, or no design). */
/** The disk's raw GB and IOPS, whether the first site's servers are on JBOD, and (active/passive) the second site's, beside its helpers. */
export const SERVER_DISK_HELPERS = Object.freeze({
  rawGB: `$J$${DISK_ROW}`,
  iops: `$K$${DISK_ROW}`,
  jbod: `$J$${JBOD_ROW}`,
  /** Active/passive: a second-site server's disks (the Summary's second-site row), and whether they are JBOD. */
  secondSiteDisks: `$M$${NEED_ROW + 4}`,
  secondSiteJbod: `$M$${NEED_ROW + 5}`,
});

/** Helper columns: the tier's inputs as sized, then its per-mailbox quantities (EX_MS_MAILBOX). */
const TIER_COLUMNS = { label: "I", mailboxes: "J", messagesPerDay: "K", messageKB: "L", quotaMB: "M", profile: "N", disk: "O", logs: "P", iops: "Q", reads: "R", items: "S" } as const;
type PerMailbox = "profile" | "disk" | "logs" | "iops";

interface Row {
  label: string;
  unit: string;
  /** The live formula's call, without "=" and namespace, given the factors and servers ranges. */
  call: (f: string, s: string) => string;
  native: (c: MicrosoftCells) => string;
  format: string;
  dell?: DesignKey;
  emc?: DesignKey;
  why: string;
  step?: boolean;
  /** Which MicrosoftCells field this row's cell is. */
  field?: keyof MicrosoftCells;
  /** A per-mailbox quantity: with tiers, the tiers' average by mailboxes (a helper cell). */
  perMailbox?: PerMailbox;
  /** Needs an input the design may not give: "—" instead of the error. */
  optional?: boolean;
  /** How other sheets ask for this row's cell (microsoftCell). */
  key?: MicrosoftKey;
}

/** The rows of Microsoft's column other sheets read: the design sized by Microsoft's method. */
export type { MicrosoftKey };

/** What the EX_MS_* functions size: the design's names, or the tier helper ranges. */
interface Sized {
  mailboxes: string;
  messagesPerDay: string;
  messageKB: string;
  quotaMB: string;
}

/** The arguments an EX_MS_* function sizes a design by: mailboxes, messages, KB, quota, servers, copies. */
function designArguments(n: MethodsNames, tiers: Sized | undefined, servers: string): string {
  const who = tiers ?? { mailboxes: n.users, messagesPerDay: n.messagesPerDay, messageKB: n.messageKB, quotaMB: n.quotaMB };
  return `${who.mailboxes},${who.messagesPerDay},${who.messageKB},${who.quotaMB},${servers},${n.copies}`;
}

function rows(n: MethodsNames, tiers?: Sized): Row[] {
  const m = `${n.messagesPerDay},${n.messageKB},${n.quotaMB}`;
  const design = (s: string) => designArguments(n, tiers, s);
  const server = (s: string) => `${design(s)},${n.coresPerServer},${n.specIntRate}`;
  return [
    { field: "profile", perMailbox: "profile", step: true, label: "Calculator's message profile", unit: "messages", format: "#,##0", call: (f) => rule.microsoftCall("mailbox", `${m},${n.copies}`, "profile", f), native: profileFormula, why: "The calculator offers profiles of 50 to 500 messages; a count between two is sized as the next up." },
    { key: "disk", field: "disk", perMailbox: "disk", label: "Mailbox size on disk", unit: "MB", format: "#,##0", dell: "mailboxMB", call: (f) => rule.microsoftCall("mailbox", `${m},${n.copies}`, "disk", f), native: diskFormula, why: "Microsoft: 14 days of mail + 1.2% single item recovery + 3% calendar versions (30 GB cap) + a day of white space, and the archive; Dell adds 5.8% calendar logging." },
    { key: "logs", field: "logs", perMailbox: "logs", label: "Transaction logs per mailbox per day", unit: "logs", format: "#,##0.0", dell: "logsPerUser", call: (f) => rule.microsoftCall("mailbox", `${m},${n.copies}`, "logs", f), native: logsFormula, why: "Both make 0.2 logs a message; Microsoft scales by message size in steps of 0.1 (75 KB = 1.0), Dell in bands of 1, 1.9 and 3.8." },
    { field: "iops", perMailbox: "iops", step: true, label: "IOPS per mailbox before overhead", unit: "IOPS", format: "0.0000", call: (f) => rule.microsoftCall("mailbox", `${m},${n.copies}`, "iops", f), native: iopsFormula, why: "Exchange 2013+: 0.00067 per message a day, read 60:40 in a DAG up to 250 messages." },
    { key: "iopsPerMailbox", label: "IOPS per mailbox with 20% overhead", unit: "IOPS", format: "0.0000", dell: "iopsPerUser", emc: "emcIopsPerUser", call: (f, s) => rule.microsoftCall("iops", design(s), "permailbox", f), native: perMailboxIopsFormula, why: "Dell's 2010 process uses 0.001 per message (1.2 stand-alone); Microsoft's 2013+ profile 0.00067; EMC prints 0.18 with the 20% inside." },
    { key: "databases", field: "databases", label: "Databases", unit: "databases", format: "#,##0", dell: "databases", call: () => "", native: () => "", why: "Microsoft fills databases to 2 TB (200 GB stand-alone) and rounds up for an even spread over servers and copies; Dell divides by your maximum. Both are then balanced so every server carries the same load in every failure." },
    { key: "databaseGB", label: "Size of one database", unit: "GB", format: "#,##0.0", dell: "databaseGB", call: (f, s) => rule.microsoftCall("databases", design(s), "size", f), native: databaseGBFormula, why: "Follows from the counts: the same mailboxes spread over each method's databases." },
    { key: "copiesPerServer", field: "copiesPerServer", step: true, label: "Database copies per server", unit: "copies", format: "#,##0", call: (f, s) => rule.microsoftCall("databases", design(s), "copies", f), native: copiesPerServerFormula, why: "Every copy of every database spread evenly over the DAG's servers." },
    { key: "active", field: "active", step: true, label: "Active databases on the busiest server, worst failure", unit: "databases", format: "#,##0", call: (f, s) => rule.microsoftCall("databases", design(s), "active", f), native: activeFormula, why: "The calculator's activation rules (a server, two servers, a site, a site and one or two servers fail) at the deployed count; sized never less, at one balancing unit, once a unit." },
    { key: "peak", field: "peak", label: "Database IOPS of the active databases", unit: "IOPS", format: "#,##0", dell: "databaseIops", emc: "emcDatabaseIops", call: (f, s) => rule.microsoftCall("iops", design(s), "peak", f), native: peakFormula, why: "The same mailboxes at each method's IOPS per mailbox, 20% overhead included." },
    { key: "dagIops", label: "Database IOPS of the DAG, every copy", unit: "IOPS", format: "#,##0", dell: "dagIops", call: (f, s) => rule.microsoftCall("iops", design(s), "dag", f), native: dagIopsFormula, why: "Both charge a passive copy the I/O of an active one; the difference is the IOPS per mailbox." },
    { key: "dagLogIops", label: "Log IOPS of the DAG", unit: "IOPS", format: "#,##0", dell: "logIops", call: (f, s) => rule.microsoftCall("iops", design(s), "daglog", f), native: dagLogIopsFormula, why: "Microsoft: half the database writes of every copy plus log reads per active database; Dell (Table 17): a quarter of active IOPS plus 10% per extra copy, × 1.2." },
    { field: "cache", step: true, label: "Database cache of the busiest server", unit: "GB", format: "#,##0", call: (f, s) => rule.microsoftCall("server", server(s), "cache", f), native: cacheGBFormula, why: "0.06 MB per message a day for each mailbox of the active databases in the worst failure." },
    { key: "megacycles", field: "megacycles", step: true, label: "Megacycles of the busiest server", unit: "megacycles", format: "#,##0", call: (f, s) => rule.microsoftCall("server", server(s), "megacycles", f), native: megacyclesFormula, why: "0.0425 per message a day for an active mailbox, 0.0137 passive, and 37.5% more for client access." },
    { field: "calculated", step: true, label: "Memory before the configuration step", unit: "GB", format: "#,##0.0", call: (f, s) => rule.microsoftCall("server", server(s), "calculated", f), native: calculatedMemoryFormula, why: "Database cache as a quarter of memory, plus client access, at least the minimum for the copies held." },
    { key: "memoryGB", label: "Memory per mailbox server", unit: "GB", format: "#,##0", dell: "serverMemoryGB", call: (f, s) => rule.microsoftCall("server", server(s), "memory", f), native: memoryFormula, why: "Microsoft sizes the cache of the worst failure and rounds to a memory configuration, at least the version's recommended minimum (2019, SE: 128 GB); VMware's study: 4 GB + 6 MB per mailbox." },
    { key: "cores", optional: true, label: "Processor cores per mailbox server", unit: "cores", format: "#,##0", dell: "serverCores", call: (f, s) => rule.microsoftCall("server", server(s), "cores", f), native: coresFormula, why: "Microsoft: megacycles against the server's SPECint2006 rate (none given: the calculator's baseline server, 2,000 megacycles a core); VMware's study: 1,000 mailboxes a core." },
    { optional: true, label: "Log replication between the sites, busiest hour", unit: "Mb/s", format: "#,##0.0", call: (f, s) => rule.microsoftCall("replication", `${design(s)},${n.peakHourLogShare},`, "total", f), native: replicationFormula, why: "Only Microsoft sizes the link: the busiest hour's logs, 8 Mb each, 30% compressed, for each copy in the other site." },
  ];
}

/** The Methods sheet as a model: inputs by defined name, the papers' figures by Design cell. */
export function methodsSheet(p: MethodsSheetParameters): SheetModel {
  const name = p.sheetName ?? "Methods";
  const n = p.names;
  const cells: CellModel[] = [];
  const put = (address: string, cell: Omit<CellModel, "address">) => cells.push({ address, ...cell });
  put("A1", { value: "Methods: the papers and Microsoft's calculator, side by side", role: "title" });
  const t = p.tiers;
  // EMC's column only where the caller gives EMC's figures; otherwise the note says once why there is none.
  const emcShown = rows(n, undefined).some((r) => r.emc !== undefined && p.design(r.emc) !== undefined);
  put("A2", {
    value:
      // One line within the printed width of the table (a longer one runs past the print area, cut).
      `Microsoft's column: the Exchange Server Role Requirements Calculator v7.6 at its defaults, one DAG of the design's mailboxes${t ? " (or the Inputs' tiers)" : ""}. ` +
      "Grey steps feed the rows below.",
    role: "note",
  });
  const headings = ["Quantity", "Dell sizing guide", emcShown ? "EMC building block" : "", "Microsoft calculator", "Microsoft − Dell", "Why they differ", "Unit"];
  Object.values(COLUMNS).forEach((column, i) => put(`${column}4`, { value: headings[i], role: "heading" }));
  // Microsoft's factors (archive) and the two sites' servers, as the ranges its functions read.
  // The lagged copies (never activated) and their replay lag, which only a lagged copy reads (Role Requirements!I96).
  const lagged = `$J$${LAG_ROW}`;
  const lagRows = (row: number) => {
    put(`I${row}`, { value: "laggedCopies", role: "label" });
    put(`J${row}`, n.laggedCopies === undefined ? { value: 0, role: "step" } : { formula: cellFormula(n.laggedCopies), role: "step" });
    put(`I${row + 1}`, { value: "lagDays", role: "label" });
    put(`J${row + 1}`, n.lagDays === undefined ? { value: 0, role: "step" } : { formula: cellFormula(whenPositiveFormula(`$J$${row}`, n.lagDays)), role: "step" });
  };
  lagRows(LAG_ROW);
  put(`I${FACTORS_ROW}`, { value: "archiveMB", role: "label" });
  put(`J${FACTORS_ROW}`, { formula: cellFormula(n.archiveMB), role: "step" });
  put(`I${SERVERS_ROW}`, { formula: cellFormula(n.serversFirstSite), role: "step" });
  put(`J${SERVERS_ROW}`, { formula: cellFormula(n.serversSecondSite), role: "step" });
  put(`K${FACTORS_ROW}`, { value: "Microsoft's factors", role: "note" });
  put(`K${SERVERS_ROW}`, { value: "Servers per site", role: "note" });
  // A mailbox's own figures read the lag and archive alone; the calculator's own count the disk and a set count too.
  const mailboxFactors = `$I$${LAG_ROW}:$J$${DISK_FACTORS_ROW - 1}`;
  const ownFactors = `$I$${LAG_ROW}:$J$${MAX_DATABASE_ROW}`;
  // The active row itself reads the factors without its own (activeDatabases): no circle.
  const deployedFactors = `$I$${LAG_ROW}:$J$${DATABASES_FACTOR_ROW}`;
  const factors = `$I$${LAG_ROW}:$J$${ACTIVE_FACTOR_ROW}`;
  const unitFactors = `$I$${UNIT_FACTORS_ROW}:$J$${UNIT_ROW}`;
  const servers = `$I$${SERVERS_ROW}:$J$${SERVERS_ROW}`;

  // With tiers, the EX_MS_* functions size the helper ranges of the tiers as sized (tierBlock below).
  const tierRange = (column: keyof typeof TIER_COLUMNS) => `$${TIER_COLUMNS[column]}$${TIER_FIRST_ROW}:$${TIER_COLUMNS[column]}$${TIER_ALL_ROW - 1}`;
  const allTiers = (column: keyof typeof TIER_COLUMNS) => `$${TIER_COLUMNS[column]}$${TIER_ALL_ROW}`;
  const sizedTiers = t ? { mailboxes: tierRange("mailboxes"), messagesPerDay: tierRange("messagesPerDay"), messageKB: tierRange("messageKB"), quotaMB: tierRange("quotaMB") } : undefined;
  const sized = rows(n, sizedTiers);
  const first = 5;
  const at = (i: number) => `$${COLUMNS.microsoft}$${first + i}`;
  const refs: MicrosoftCells = {
    // With tiers, the design-wide quantities read the tiers' total mailboxes and their averages.
    users: t ? allTiers("mailboxes") : n.users,
    quotaMB: n.quotaMB,
    messagesPerDay: n.messagesPerDay,
    messageKB: n.messageKB,
    copies: n.copies,
    serversFirstSite: n.serversFirstSite,
    serversSecondSite: n.serversSecondSite,
    archiveMB: n.archiveMB,
    cores: n.coresPerServer,
    specRate: n.specIntRate,
    hourShare: n.peakHourLogShare,
    profile: "",
    disk: "",
    logs: "",
    iops: "",
    databases: "",
    copiesPerServer: "",
    active: "",
    peak: "",
    cache: "",
    megacycles: "",
    calculated: "",
    copiesFirstSite: COPIES_FIRST_SITE_CELL,
    maxDatabases: `$J$${HELPER_ROW + 1}`,
    calculatedDatabases: `$J$${HELPER_ROW + 2}`,
    permutations: `$J$${HELPER_ROW + 3}`,
    // The lagged copies never activate; their lag is the transport's and logs' (formulas.ts ha1, transportFormula).
    laggedCopies: lagged,
    lagDays: `$J$${LAG_ROW + 1}`,
    ...(t ? { reads: allTiers("reads"), items: allTiers("items") } : {}),
    ...DISK_FACTOR_CELLS,
    neverLess: NEVER_LESS_CELL,
    setDatabases: `$J$${SET_DATABASES_ROW}`,
    maxDatabaseGB: `$J$${MAX_DATABASE_ROW}`,
    factors: INPUT_FACTOR_CELLS,
  };
  // The factors the design's inputs set (the catalogue's), each as its input's rule makes it; an input not given, its default's.
  MICROSOFT_FACTOR_INPUTS.forEach((i, k) => {
    const name = n[i.key];
    put(`I${INPUT_FACTORS_ROW + k}`, { value: i.microsoftFactor.name, role: "label" });
    put(`J${INPUT_FACTORS_ROW + k}`, { formula: cellFormula(name === undefined ? numberLiteral(i.microsoftFactor.of(i.defaultValue)) : i.microsoftFactor.formula(name)), role: "step" });
    put(`K${INPUT_FACTORS_ROW + k}`, { value: i.label, role: "note" });
  });
  // The disk the calculator counts from, where it deploys JBOD (design.ts prefersJbod: jbodFormula with a
  // disk), the DAG's layout (active/passive, Input!G23, only with a second site) and a set count: the
  // factors its own count reads (the rows above), and the unit's. The databases a volume asked stand on RAID too:
  // the disk group the count rounds to reads them whatever the disk (Variables!K53 from Input!C109).
  const diskRows = (row: number, own: boolean) => {
    const d = n.serverDisks;
    const disk = d ? rule.countingDiskGBFormula(SERVER_DISK_HELPERS.rawGB, jbodFormula(refs, SERVER_DISK_HELPERS.rawGB, d.databasesPerVolume)) : "0";
    // A DAG's (two or more copies): stand-alone servers have no layout.
    const passive = rule.activePassiveFactorFormula(n.dagLayout, n.serversSecondSite, n.copies);
    const values = own
      ? [disk, d ? rule.countingDiskIopsFormula(`$J$${row}`, SERVER_DISK_HELPERS.iops, MICROSOFT_FACTOR_DEFAULTS.diskIops) : `${MICROSOFT_FACTOR_DEFAULTS.diskIops}`, d ? `${d.databasesPerVolume}` : "0", passive]
      : [DISK_FACTOR_CELLS.diskGB, DISK_FACTOR_CELLS.diskIops, DISK_FACTOR_CELLS.databasesPerVolume, DISK_FACTOR_CELLS.activePassive];
    (["diskGB", "diskIops", "databasesPerVolume", "activePassive"] as const).forEach((name, k) => {
      put(`I${row + k}`, { value: name, role: "label" });
      put(`J${row + k}`, { formula: cellFormula(values[k]), role: "step" });
    });
  };
  diskRows(DISK_FACTORS_ROW, true);
  const neverLessRow = (row: number, value: string) => {
    put(`I${row}`, { value: "neverLess", role: "label" });
    put(`J${row}`, { formula: cellFormula(value), role: "step" });
  };
  neverLessRow(NEVER_LESS_ROW, n.serverSizing === undefined ? "0" : rule.neverLessFormula(n.serverSizing));
  put(`K${NEVER_LESS_ROW}`, { value: "Servers sized never less (0: the calculator's rules)", role: "note" });
  put(`K${DISK_FACTORS_ROW}`, { value: "The disk the calculator counts from (0: RAID)", role: "note" });
  put(`I${SET_DATABASES_ROW}`, { value: "databases", role: "label" });
  put(`J${SET_DATABASES_ROW}`, { formula: cellFormula(n.databasesPerDag === undefined ? "0" : numberOrZeroFormula(n.databasesPerDag)), role: "step" });
  put(`K${SET_DATABASES_ROW}`, { value: "A count set (0: the calculator's own)", role: "note" });
  const custom = n.maxDatabaseSizeConfiguration !== undefined && n.maxDatabaseGB !== undefined ? cellFormula(rule.customMaxDatabaseFormula(n.maxDatabaseSizeConfiguration, n.maxDatabaseGB)) : cellFormula("0");
  put(`I${MAX_DATABASE_ROW}`, { value: "maxDatabaseGB", role: "label" });
  put(`J${MAX_DATABASE_ROW}`, { formula: custom, role: "step" });
  put(`K${MAX_DATABASE_ROW}`, { value: "A custom maximum database size (0: the calculator's own)", role: "note" });
  sized.forEach((r, i) => {
    if (r.field) refs[r.field] = at(i);
  });
  // Intermediate counts of Microsoft's database rules, plain formulas in both copies.
  const helpers: [string, (c: MicrosoftCells) => string][] = [
    ["Copies in site 1", copiesFirstSiteFormula],
    ["Most databases per DAG", maxDatabasesFormula],
    ["Databases before symmetry", calculatedDatabasesFormula],
    ["Server-copy permutations", permutationsFormula],
  ];
  helpers.forEach(([label, render], k) => {
    put(`I${HELPER_ROW + k}`, { value: label, role: "note" });
    put(`J${HELPER_ROW + k}`, { formula: cellFormula(unsized(render(refs))), role: "step" });
  });
  // The calculator's own count (Role Requirements!C79), then balanced: the count every figure below is sized at.
  put(`I${OWN_COUNT_ROW}`, { value: "Calculator's own database count", role: "note" });
  put(`J${OWN_COUNT_ROW}`, { formula: cellFormula(unsized(rule.liveMicrosoftCall("databases", designArguments(n, sizedTiers, servers), "count", ownFactors))), native: cellFormula(unsized(databasesFormula(refs))), role: "step" });
  const deployed = refs.databases;
  // Databases that outgrow the maximum size (ours, beside a design the calculator builds): the Design check warns.
  put(OUTGROWN_CELL.replace(/\$/g, ""), { formula: cellFormula(rule.outgrownFlagFormula(deployed, outgrownFormula(refs, deployed))), role: "step" });
  put(`I${DATABASES_FACTOR_ROW}`, { value: "deployedDatabases", role: "label" });
  put(`J${DATABASES_FACTOR_ROW}`, { formula: cellFormula(dagFactorFormula(n.copies, deployed)), role: "step" });
  put(`I${ACTIVE_FACTOR_ROW}`, { value: "activeDatabases", role: "label" });
  put(`J${ACTIVE_FACTOR_ROW}`, { formula: cellFormula(dagFactorFormula(n.copies, refs.active)), role: "step" });
  // One balancing unit as the calculator sizes it: what the busiest server carries once for each unit deployed.
  const dagOf = { serversFirstSite: n.serversFirstSite, serversSecondSite: n.serversSecondSite, copies: n.copies, layout: n.dagLayout, ...(n.laggedCopies !== undefined ? { lagged: n.laggedCopies } : {}) };
  const unitRefs: MicrosoftCells = { ...refs, databases: UNIT, copiesPerServer: UNIT_COPIES };
  put(`I${UNIT_FACTORS_ROW}`, { value: "archiveMB", role: "label" });
  put(`J${UNIT_FACTORS_ROW}`, { formula: cellFormula(n.archiveMB), role: "step" });
  lagRows(UNIT_FACTORS_ROW + 1);
  diskRows(UNIT_FACTORS_ROW + 3, false);
  neverLessRow(UNIT_FACTORS_ROW + 7, NEVER_LESS_CELL);
  MICROSOFT_FACTOR_INPUTS.forEach((i, k) => {
    put(`I${UNIT_INPUT_FACTORS_ROW + k}`, { value: i.microsoftFactor.name, role: "label" });
    put(`J${UNIT_INPUT_FACTORS_ROW + k}`, { formula: cellFormula(`$J$${INPUT_FACTORS_ROW + k}`), role: "step" });
  });
  put(`I${UNIT_ROW}`, { value: "deployedDatabases", role: "label" });
  put(`J${UNIT_ROW}`, { formula: cellFormula(unsized(activationUnitFormula(n.copies, NEVER_LESS_CELL, balancedDatabasesFormula("1", dagOf), refs.databases, "1"))), role: "step" });
  put(`K${UNIT_ROW}`, { value: "A balancing unit's databases (the count, by the calculator's rules)", role: "note" });
  put(`I${UNIT_ROW + 1}`, { value: "Unit's copies a server", role: "note" });
  put(`J${UNIT_ROW + 1}`, { formula: cellFormula(unsized(copiesPerServerFormula(unitRefs))), role: "step" });
  put(`I${UNIT_ROW + 2}`, { value: "Unit's active databases", role: "note" });
  put(`J${UNIT_ROW + 2}`, {
    // Only where the deployed count can be had (a unit is never more): the active row reads it then.
    formula: cellFormula(unsized(rule.countedFormula(refs.databases, rule.liveMicrosoftCall("databases", designArguments(n, sizedTiers, servers), "active", unitFactors)))),
    native: cellFormula(unsized(rule.countedFormula(refs.databases, activeFormula(unitRefs)))),
    role: "step",
  });
  // Active/passive: the second site's busiest server, as sizeDesign's Design.microsoft.secondary.
  const secondModes = [["site", "site"], ["siteServer", "siteserver"], ["siteDoubleServer", "sitedoubleserver"]] as const;
  secondModes.forEach(([mode, result], k) => {
    put(`I${SECOND_SITE_ROW + k}`, { value: `Unit's ${result} active databases (second site)`, role: "note" });
    // Only active/passive, and where the deployed count can be had (the active row's rule).
    const only = (x: string) => cellFormula(rule.secondSiteHelperFormula(DISK_FACTOR_CELLS.activePassive, refs.databases, activeOrNoneFormula(x)));
    put(`J${SECOND_SITE_ROW + k}`, {
      formula: only(rule.liveMicrosoftCall("databases", designArguments(n, sizedTiers, servers), `active.${result}`, unitFactors)),
      native: only(activeModeFormula(unitRefs, mode)),
      role: "step",
    });
  });
  const modeCell = (k: number) => `$J$${SECOND_SITE_ROW + k}`;
  const second = { ...refs, active: SECOND_ACTIVE, cache: SECOND_CACHE, calculated: SECOND_CALCULATED };
  const secondRows: [string, string][] = [
    ["Second site's busiest server: active databases", rule.zeroUnless(rule.secondSiteCountedFormula(n.copies, DISK_FACTOR_CELLS.activePassive, refs.databases), activeByUnitFormula(secondSiteWorstFormula(modeCell(0), modeCell(1), modeCell(2)), refs.databases, UNIT))],
    ["… its database cache, GB", whenPositiveFormula(SECOND_ACTIVE, cacheGBFormula(second))],
    ["… its memory before the configuration step", whenPositiveFormula(SECOND_ACTIVE, calculatedMemoryFormula(second))],
    ["… its memory, GB", whenPositiveFormula(SECOND_ACTIVE, memoryFormula(second))],
    ["… its megacycles", whenPositiveFormula(SECOND_ACTIVE, megacyclesFormula(second))],
  ];
  secondRows.forEach(([label, formula], k) => {
    put(`I${SECOND_SITE_ROW + 3 + k}`, { value: label, role: "note" });
    // 0 where there is none (a number: "—" would compare above 0).
    put(`J${SECOND_SITE_ROW + 3 + k}`, { formula: cellFormula(orOnError(formula, "0")), role: "step" });
  });
  if (n.methodUsed !== undefined) {
    // The first site's megacycles (the megacycles row is the larger site's), then each site's cores and memory as
    // the design's rows size them: cores by the SPECint2006 rate or the baseline server, memory at least the minimum.
    const firstMegacycles = `$M$${SITE_SERVER_ROW}`;
    const secondMegacycles = secondSiteServerFormula(SECOND_ACTIVE, SECOND_MEGACYCLES, firstMegacycles, false);
    const cores = (megacycles: string) => microsoftCoresFormula(n.specIntRate, coresFormula({ ...refs, megacycles }), megacycles);
    const atLeast = (memory: string) => (n.exchangeVersion !== undefined ? minimumMemoryFormula(n.exchangeVersion, memory) : memory);
    // Sized never less, each at least its site's at fewer copies (FEWER_COPIES_CELLS).
    const F = FEWER_COPIES_CELLS;
    const siteRows: [string, string][] = [
      ["First site's server: megacycles", megacyclesFormula(refs)],
      ["First site's server: cores", atLeastFormula(cores(firstMegacycles), F.coresPerServer)],
      ["First site's server: memory, GB", atLeastFormula(atLeast(memoryFormula(refs)), F.memoryPerServerGB)],
      ["Second site's server: cores", atLeastFormula(cores(secondMegacycles), F.secondCoresPerServer)],
      ["Second site's server: memory, GB", atLeastFormula(secondSiteServerFormula(SECOND_ACTIVE, SECOND_MEMORY, atLeast(memoryFormula(refs)), true), F.secondMemoryPerServerGB)],
    ];
    const apMicrosoft = rule.microsoftActivePassiveFormula(n.methodUsed, n.copies, DISK_FACTOR_CELLS.activePassive, refs.databases);
    siteRows.forEach(([label, formula], k) => {
      put(`L${SITE_SERVER_ROW + k}`, { value: label, role: "note" });
      put(`M${SITE_SERVER_ROW + k}`, { formula: cellFormula(dashOnError(blankUnless(apMicrosoft, formula))), role: "step" });
    });
  }
  if (t) tierBlock(t, n, refs, mailboxFactors).forEach((c) => cells.push(c));
  if (n.serverDisks) serverDiskBlock(n, n.serverDisks, refs, designArguments(n, sizedTiers, servers), factors).forEach((c) => cells.push(c));
  fewerCopiesBlock(n, refs, dagOf, lagged).forEach((c) => cells.push(c));
  sized.forEach((r, i) => {
    const row = first + i;
    put(`${COLUMNS.label}${row}`, { value: r.label, role: r.step ? "step" : "label" });
    // Rows that need an input the design may not give (a SPECint rate, a second site) show "—" then.
    // Rows that need an input the design may not give (a SPECint rate, a second site) show "—" then.
    const shown = unsized;
    // A mailbox's own figures do not depend on the databases: they read the factors without the deployed count.
    const rowFactors = r.perMailbox ? mailboxFactors : factors;
    const role = r.step ? "step" : "output";
    if (t && r.perMailbox) {
      // With tiers, a per-mailbox row is the tiers' average by mailboxes, the same in both copies.
      put(`${COLUMNS.microsoft}${row}`, { formula: cellFormula(unsized(allTiers(r.perMailbox))), numberFormat: r.format, role });
    } else if (r.field === "databases") {
      // The Inputs sheet's second site is an empty cell for one site (the EX_MS_* functions read it as 0).
      // The calculator's own count; sized never less (ours), a DAG's balanced.
      // More than 100 copies on a server is refused, as the calculator refuses its own count (Role Requirements!I158).
      const balanced = `$K$${DATABASES_FACTOR_ROW}`;
      // Sized never less, at least the count deployed at fewer copies (FEWER_COPIES_CELLS).
      const D = DEPLOYED_CELLS;
      const deployedParts: [string, string, string][] = [
        [D.atLeast, "The design's count sized never less: at least fewer copies', balanced", balancedAtLeastFormula(OWN_COUNT, FEWER_COPIES_CELLS.databases, dagOf)],
        [D.ownBalanced, "… the calculator's own balanced", balancedDatabasesFormula(OWN_COUNT, dagOf)],
        [D.unit, "… a balancing unit", balancedDatabasesFormula("1", dagOf)],
        [D.mounted, "… the most its servers mount (100 copies on the busiest)", mountedCountFormula(D.unit, mostMountedFormula(n.copies, refs.copiesFirstSite, refs.serversFirstSite, refs.serversSecondSite, DISK_FACTOR_CELLS.activePassive))],
      ];
      for (const [cell, label, formula] of deployedParts) {
        put(`I${cell.slice(3)}`, { value: label, role: "note" });
        put(cell.replace(/\$/g, ""), { formula: cellFormula(unsized(formula)), role: "step" });
      }
      const atLeast = atLeastCountFormula(OWN_COUNT, D.atLeast, D.ownBalanced, D.mounted);
      put(balanced.replace(/\$/g, ""), { formula: cellFormula(unsized(rule.deployedCountFormula(n.copies, NEVER_LESS_CELL, atLeast, OWN_COUNT))), role: "step" });
      put(`${COLUMNS.microsoft}${row}`, { formula: cellFormula(unsized(rule.refusedCountFormula(n.copies, tooManyCopiesFormula(refs, balanced), balanced))), numberFormat: r.format, role });
    } else if (r.field === "active") {
      // A DAG's busiest server: the unit's active databases once a unit (the count itself by the calculator's rules); stand-alone: the calculator's.
      const own = `${NS}${r.call(deployedFactors, servers)}`;
      const byUnit = activeByUnitFormula(UNIT_ACTIVE, refs.databases, UNIT);
      put(`${COLUMNS.microsoft}${row}`, {
        formula: cellFormula(shown(rule.dagOrStandAloneFormula(n.copies, byUnit, own))),
        native: cellFormula(shown(rule.countedFormula(refs.databases, rule.dagOrStandAloneFormula(n.copies, byUnit, r.native(refs))))),
        numberFormat: r.format,
        role,
      });
    } else if (r.key === "memoryGB" || r.key === "megacycles" || r.key === "cores") {
      // A server of an active/passive DAG is either site's: the larger of the first site's busiest server and
      // the second's when the first fails (Role Requirements!C142 and D253, C256 and D256; sizeDesign's max).
      const live = `${NS}${r.call(rowFactors, servers)}`;
      const native = rule.countedFormula(refs.databases, r.native(refs));
      const secondary = r.key === "memoryGB" ? SECOND_MEMORY : r.key === "megacycles" ? SECOND_MEGACYCLES : whenPositiveFormula(SECOND_ACTIVE, coresFormula({ ...refs, megacycles: SECOND_MEGACYCLES }));
      // The cores row reads the megacycles row, already the larger, in the customer copy. With no SPECint2006
      // rate, the design's cores: the calculator's baseline server's, a core's 2,000 megacycles (Role
      // Requirements!C159), as the Design sheet and the Summary size them (microsoftCoresFormula).
      // Memory is at least the version's recommended minimum, as the design's (minimumMemoryFormula).
      // Sized never less, cores and memory at least those of fewer copies (FEWER_COPIES_CELLS; 0 where none).
      const F = FEWER_COPIES_CELLS;
      const designs = (formula: string) =>
        r.key === "cores"
          ? atLeastFormula(atLeastFormula(microsoftCoresFormula(n.specIntRate, formula, refs.megacycles), F.coresPerServer), F.secondCoresPerServer)
          : r.key === "memoryGB"
            ? atLeastFormula(atLeastFormula(n.exchangeVersion !== undefined ? minimumMemoryFormula(n.exchangeVersion, formula) : formula, F.memoryPerServerGB), F.secondMemoryPerServerGB)
            : formula;
      put(`${COLUMNS.microsoft}${row}`, {
        formula: cellFormula(shown(designs(eitherSiteServerFormula(live, secondary)))),
        native: cellFormula(shown(designs(r.key === "cores" ? native : eitherSiteServerFormula(native, secondary)))),
        numberFormat: r.format,
        role,
      });
    } else {
      // The functions size the whole DAG at its deployed count first: where that count cannot be had, so cannot they. A mailbox's own figures can.
      const native = rowFactors === mailboxFactors ? r.native(refs) : rule.countedFormula(refs.databases, r.native(refs));
      put(`${COLUMNS.microsoft}${row}`, { formula: cellFormula(shown(NS + r.call(rowFactors, servers))), native: cellFormula(shown(native)), numberFormat: r.format, role });
    }
    const dell = r.dell ? p.design(r.dell) : undefined;
    const emc = r.emc ? p.design(r.emc) : undefined;
    put(`${COLUMNS.dell}${row}`, dell ? { formula: cellFormula(dell), numberFormat: r.format, role: "output" } : { value: "—", role: "note" });
    if (emcShown) put(`${COLUMNS.emc}${row}`, emc ? { formula: cellFormula(emc), numberFormat: r.format, role: "output" } : { value: "—", role: "note" });
    const d = `${COLUMNS.microsoft}${row}`;
    const b = `${COLUMNS.dell}${row}`;
    put(`${COLUMNS.difference}${row}`, dell ? { formula: cellFormula(dashUnlessNumbers([d, b], methodsDifferenceFormula(d, b))), numberFormat: r.format, role: "output" } : { value: "—", role: "note" });
    put(`${COLUMNS.why}${row}`, { value: t ? r.why + tierWhy(r, emcShown) : r.why, role: "note" });
    put(`${COLUMNS.unit}${row}`, { value: r.unit, role: "unit" });
  });
  const last = first + sized.length - 1;
  // Said once below the table, where EMC has no figure here (a column of dashes said it before).
  const footnote = last + 2;
  if (!emcShown) put(`A${footnote}`, { value: `EMC's building block (${cite("emc")}) does not apply to these quantities: it sizes the spindles, on the Design sheet.`, role: "note" });
  // Says once why Microsoft's column is dashes (a workbook shows no error where the design stands).
  put(`${COLUMNS.microsoft}3`, {
    formula: rule.unsizedNoteFormula(refs.databases),
    role: "note",
  });
  if (t) {
    // Says, above the table, when Microsoft's column sizes tiers rather than the design's one profile.
    const used = tiersGivenFormula(t);
    const tiersSized = tiersSizedFormula(tierRange("mailboxes"));
    put("A3", {
      formula: rule.tiersNoteFormula(used, groupedFormula(allTiers("mailboxes")), tiersSized, emcShown ? "Dell and EMC size" : "Dell sizes"),
      role: "note",
    });
  }
  return {
    name,
    columnWidths: [38, 17, emcShown ? 19 : 1, 20, 17, 60, 11, 2, 26, 10, 20, ...(t ? [10, 10, 10, 10, 10, 10, 10, 10] : [])],
    frozenRows: 4,
    // The table prints; the helper cells beside it (columns I:K) stay off the page.
    print: { orientation: "landscape", fitToPagesTall: 1, titleRows: "4:4", area: `A1:${COLUMNS.unit}${emcShown ? last : footnote}` },
    cells,
  };
}

/** The clause a row's "why they differ" gains with tiers: what changes, and that the papers keep one profile. */
function tierWhy(r: Row, emcShown: boolean): string {
  const papers = r.emc && emcShown ? "Dell and EMC size" : "Dell sizes";
  if (r.perMailbox) return ` With tiers: the tiers' average by mailboxes${r.dell ? `; ${papers} the design's one profile` : ""}.`;
  if (r.dell || r.emc) return ` With tiers, Microsoft sizes the tiers on Inputs; ${papers} the design's one profile.`;
  return "";
}

/**
 * The tiers as Microsoft's column sizes them, in Methods!I13:S19: each tier's mailboxes, messages,
 * KB and quota by the Inputs block's rule (tiers.ts tierValueFormula), its per-mailbox quantities
 * (EX_MS_MAILBOX, with natives), and in the last row the total mailboxes and each quantity's
 * average weighted by mailboxes, as design.ts weighs them (share × value, summed from 0).
 */
function tierBlock(t: TierNames, n: MethodsNames, base: MicrosoftCells, factors: string): CellModel[] {
  const cells: CellModel[] = [];
  const C = TIER_COLUMNS;
  const at = (column: keyof typeof C, row: number) => `$${C[column]}$${row}`;
  cells.push({ address: `I${TIER_TITLE_ROW}`, value: "Mailbox tiers as sized (Inputs; tier 1 empty = the design's profile)", role: "note" });
  const headings: Record<keyof typeof C, string> = {
    label: "Tier", mailboxes: "Mailboxes", messagesPerDay: "Messages", messageKB: "KB", quotaMB: "Quota MB",
    profile: "Profile", disk: "Disk MB", logs: "Logs", iops: "IOPS", reads: "Reads", items: "Items",
  };
  (Object.keys(C) as (keyof typeof C)[]).forEach((k) => cells.push({ address: `${C[k]}${TIER_TITLE_ROW + 1}`, value: headings[k], role: "note" }));
  const design = { users: n.users, messagesPerDay: n.messagesPerDay, messageKB: n.messageKB, quotaMB: n.quotaMB };
  const perMailbox: [PerMailbox | "reads", (c: MicrosoftCells) => string, string][] = [
    ["profile", profileFormula, "#,##0"],
    ["disk", diskFormula, "#,##0"],
    ["logs", logsFormula, "#,##0.0"],
    ["iops", iopsFormula, "0.0000"],
    ["reads", readsFormula, "0.0000"],
  ];
  for (let k = 1; k <= TIER_COUNT; k++) {
    const row = TIER_FIRST_ROW + k - 1;
    const m = at("mailboxes", row);
    cells.push({ address: `I${row}`, value: `Tier ${k}`, role: "note" });
    cells.push({ address: `${C.mailboxes}${row}`, formula: cellFormula(tierValueFormula(t, design, "mailboxes", k, m)), numberFormat: "#,##0", role: "step" });
    for (const column of ["messagesPerDay", "messageKB", "quotaMB"] as const) {
      cells.push({ address: `${C[column]}${row}`, formula: cellFormula(tierValueFormula(t, design, column, k, m)), role: "step" });
    }
    const c: MicrosoftCells = {
      ...base,
      messagesPerDay: at("messagesPerDay", row),
      messageKB: at("messageKB", row),
      quotaMB: at("quotaMB", row),
      profile: at("profile", row),
      disk: at("disk", row),
    };
    const args = `${c.messagesPerDay},${c.messageKB},${c.quotaMB},${n.copies}`;
    for (const [result, render, format] of perMailbox) {
      cells.push({ address: `${C[result]}${row}`, formula: cellFormula(unsized(rule.liveMicrosoftCall("mailbox", args, result, factors))), native: cellFormula(unsized(render(c))), numberFormat: format, role: "step" });
    }
  }
  // The last row: total mailboxes and the averages (design.ts: tierShares, weighted; items per mailbox = Σ share × disk ÷ KB).
  const all = TIER_ALL_ROW;
  const rowsOf = Array.from({ length: TIER_COUNT }, (_, i) => TIER_FIRST_ROW + i);
  cells.push({ address: `I${all}`, value: "All tiers (average by mailboxes)", role: "note" });
  cells.push({ address: `${C.mailboxes}${all}`, formula: cellFormula(allTierMailboxesFormula(`${at("mailboxes", rowsOf[0])}:${at("mailboxes", rowsOf[rowsOf.length - 1])}`)), numberFormat: "#,##0", role: "step" });
  for (const [result, , format] of perMailbox) {
    cells.push({ address: `${C[result]}${all}`, formula: cellFormula(unsized(tierAverageFormula(rowsOf.map((row) => ({ mailboxes: at("mailboxes", row), value: at(result, row) })), at("mailboxes", all)))), numberFormat: format, role: "step" });
  }
  cells.push({ address: `${C.items}${all}`, formula: cellFormula(unsized(tierItemsFormula(rowsOf.map((row) => ({ mailboxes: at("mailboxes", row), disk: at("disk", row), messageKB: at("messageKB", row) })), at("mailboxes", all)))), numberFormat: "#,##0", role: "step" });
  return cells;
}

/**
 * A server's disks as Microsoft's calculator's Volume Requirements and Storage Design sheets give
 * them, in Methods!I:K below the tiers: the Inputs' disk (its raw GB and IOPS from the
 * Hardware sheet's server disks), whether the calculator puts the design on JBOD (prefersJbod) or
 * RAID, what the volumes need (log space and mailboxes a database, IOPS a mailbox, as sizeDesign
 * passes them to serverDisks; the server's read and write IOPS, as it passes them to raidServerDisks),
 * the databases a volume (JBOD's choice, RAID's count), then each figure: EX_MS_DISKS live, and in
 * the customer copy disk-formulas.ts on JBOD, raid-disk-formulas.ts on RAID. "—" where the design
 * has none (Dell's process, a disk too small): the Summary says why.
 */
function serverDiskBlock(n: MethodsNames, d: NonNullable<MethodsNames["serverDisks"]>, refs: MicrosoftCells, args: string, factors: string): CellModel[] {
  const cells: CellModel[] = [];
  const put = (address: string, cell: Omit<CellModel, "address">) => cells.push({ address, ...cell });
  const lookup = (column: string) => lookupFormula(column, d.disk, d.names);
  put(`I${DISKS_TITLE_ROW}`, { value: "A server's disks, JBOD or RAID (the Summary's server disks)", role: "note" });
  put(`I${DISK_ROW}`, { value: "Disk: raw GB, random IOPS", role: "note" });
  put(SERVER_DISK_HELPERS.rawGB.replace(/\$/g, ""), { formula: cellFormula(unsized(lookup(d.rawGB))), role: "step" });
  put(SERVER_DISK_HELPERS.iops.replace(/\$/g, ""), { formula: cellFormula(unsized(lookup(d.iops))), role: "step" });
  put(`I${JBOD_ROW}`, { value: "On JBOD (the calculator's choice)", role: "note" });
  put(SERVER_DISK_HELPERS.jbod.replace(/\$/g, ""), { formula: cellFormula(rule.falseOnError(rule.allOf(isNumber(refs.databases), jbodFormula(refs, SERVER_DISK_HELPERS.rawGB, n.serverDisks?.databasesPerVolume)))), role: "step" });
  const jbodNeed = jbodNeedFormulas({ mailboxes: refs.users, databases: refs.databases, peakIops: refs.peak });
  const need = { logGB: LOG_SPACE_CELL, mailboxesPerDatabase: `$J$${NEED_ROW + 1}`, iopsPerMailbox: `$J$${NEED_ROW + 2}` };
  put(`I${NEED_ROW}`, { value: "Log space a database, GB", role: "note" });
  put(`J${NEED_ROW}`, { formula: cellFormula(unsized(rule.liveMicrosoftCall("databases", args, "logspace", factors))), native: cellFormula(unsized(logSpaceFormula(refs))), role: "step" });
  put(`I${NEED_ROW + 1}`, { value: "Mailboxes a database", role: "note" });
  put(`J${NEED_ROW + 1}`, { formula: cellFormula(unsized(jbodNeed.mailboxesPerDatabase)), role: "step" });
  put(`I${NEED_ROW + 2}`, { value: "IOPS a mailbox, with overhead", role: "note" });
  put(`J${NEED_ROW + 2}`, { formula: cellFormula(unsized(jbodNeed.iopsPerMailbox)), role: "step" });
  const c: ServerDiskCells = {
    copiesPerServer: refs.copiesPerServer,
    // A volume holds at most the copies by default; active/passive, the first site's (Role Requirements!C83).
    copies: rule.volumeCopiesFormula(DISK_FACTOR_CELLS.activePassive, refs.copiesFirstSite, n.copies),
    databaseGB: microsoftCell("databaseGB"),
    ...need,
    diskRawGB: SERVER_DISK_HELPERS.rawGB,
    diskIops: SERVER_DISK_HELPERS.iops,
    volumeDatabases: d.databasesPerVolume,
    activePassive: DISK_FACTOR_CELLS.activePassive,
    // On the disk itself, not the one counted from (0 on RAID): a second site on JBOD lays it (design.ts prefersJbod).
    severalPerVolume: severalPerVolumeFormula({ ...refs, diskGB: SERVER_DISK_HELPERS.rawGB }),
    autoReseedDisks: d.autoReseedDisks,
    spareDisks: d.spareDisks,
    servers: serversFormula(refs),
    volumeDatabasesChoice: `$J$${CHOICE_ROW}`,
  };
  const jbod = SERVER_DISK_HELPERS.jbod;
  // The server's read and write IOPS, which a RAID set's I/O is sized by (raid-disks.ts; Role Requirements!I78, I79).
  const sized = isNumber(refs.databases);
  const raidNeed = { readIops: `$J$${RAID_NEED_ROW}`, writeIops: `$J$${RAID_NEED_ROW + 1}` };
  put(`I${RAID_NEED_ROW}`, { value: "Database read IOPS a server", role: "note" });
  put(`J${RAID_NEED_ROW}`, { formula: cellFormula(unsized(rule.liveMicrosoftCall("iops", args, "reads", factors))), native: cellFormula(unsized(rule.naUnless(sized, serverReadIopsFormula(refs)))), role: "step" });
  put(`I${RAID_NEED_ROW + 1}`, { value: "Database write IOPS a server", role: "note" });
  put(`J${RAID_NEED_ROW + 1}`, { formula: cellFormula(unsized(rule.liveMicrosoftCall("iops", args, "writes", factors))), native: cellFormula(unsized(rule.naUnless(sized, serverWriteIopsFormula(refs)))), role: "step" });
  put(`I${CHOICE_ROW}`, { value: "Databases a volume, as chosen (JBOD)", role: "note" });
  // Either site's servers on JBOD lay the first site's volumes (size-design.ts designDisks).
  put(`J${CHOICE_ROW}`, { formula: cellFormula(unsized(rule.naUnless(rule.anyOf(jbod, SERVER_DISK_HELPERS.secondSiteJbod), volumeDatabasesChoiceFormula(c)))), role: "step" });
  const r: RaidDiskCells = {
    copiesPerServer: refs.copiesPerServer,
    copies: n.copies,
    serversSecondSite: n.serversSecondSite,
    activePassive: DISK_FACTOR_CELLS.activePassive,
    serversFirstSite: n.serversFirstSite,
    databaseGB: c.databaseGB,
    logGB: c.logGB,
    ...raidNeed,
    diskRawGB: SERVER_DISK_HELPERS.rawGB,
    diskIops: SERVER_DISK_HELPERS.iops,
    spareDisks: d.spareDisks,
    servers: c.servers,
    maxDatabaseGB: refs.maxDatabaseGB,
    considerJbod: INPUT_FACTOR_CELLS.considerJbod,
    askedVolumeDatabases: d.databasesPerVolume,
    volumeDatabases: `$J$${RAID_CHOICE_ROW}`,
  };
  put(`I${RAID_CHOICE_ROW}`, { value: "Databases a volume (RAID, the calculator's)", role: "note" });
  put(`J${RAID_CHOICE_ROW}`, { formula: cellFormula(unsized(rule.naUnless(rule.allOf(sized, rule.not(jbod)), raidVolumeDatabasesFormula(r)))), role: "step" });
  const disk = `${SERVER_DISK_HELPERS.rawGB}:${SERVER_DISK_HELPERS.iops}`;
  const labels: Record<ServerDiskResult, string> = {
    disks: "Disks a server, hot spares included",
    calculator: "The calculator's count (Storage Design)",
    databaselog: "Database and log disks a server",
    volumedatabases: "Databases a volume",
    volumegb: "GB a volume needs",
    formattedgb: "GB a disk holds, formatted",
    restoregb: "GB of the restore volume",
    dag: "Disks of the DAG's servers",
    architecture: "JBOD or RAID (the calculator's choice)",
    databaseraid: "Database+log RAID level (RAID)",
    restoreraid: "Restore volume RAID level (RAID)",
    restoredisks: "Restore disks a server",
    databaseloggb: "GB of the database+log volumes (RAID)",
  };
  // Active/passive: the second site's servers their own disks (site-disks.ts; Storage Design!D194, D197), in helper
  // cells of their own (column M, beside the first site's): its copies a server and their read and write IOPS, a RAID
  // volume's databases (the RAID helper cell is the first site's, #N/A on JBOD), its disks a server — on RAID its own
  // copies', on JBOD a first-site server's (D145 reads the first site's copies a server) — and whether it is on JBOD.
  const activePassive = rule.activePassiveDagFormula(n.copies, DISK_FACTOR_CELLS.activePassive);
  const second = (k: number) => `$M$${NEED_ROW + k}`;
  const secondRefs = { ...refs, copiesPerServer: second(0) };
  const secondRaid: RaidDiskCells = { ...r, copiesPerServer: second(0), readIops: second(1), writeIops: second(2), volumeDatabases: second(3) };
  const secondCells: [string, string][] = [
    ["Second site: copies a server, as its disks are laid", secondSiteCopiesFormula(refs.databases, n.copies, refs.copiesFirstSite, n.serversSecondSite, refs.copiesPerServer)],
    ["… database read IOPS a server", serverReadIopsFormula(secondRefs)],
    ["… database write IOPS a server", serverWriteIopsFormula(secondRefs)],
    ["… databases a volume (RAID)", raidVolumeDatabasesFormula(r)],
    // Sized never less, at least the second site's disks of fewer copies of the same kind (FEWER_COPIES_CELLS): the more hot spares.
    [
      "… disks a server",
      either(
        rule.not(SERVER_DISK_HELPERS.secondSiteJbod),
        atLeastFormula(raidDiskFormula(secondRaid, "disks"), FEWER_COPIES_CELLS.secondRaidDisksPerServer),
        atLeastFormula(serverDiskFormula({ ...c, copiesPerServer: second(0) }, "disks"), FEWER_COPIES_CELLS.secondJbodDisksPerServer),
      ),
    ],
  ];
  secondCells.forEach(([label, formula], k) => {
    put(`L${NEED_ROW + k}`, { value: label, role: "note" });
    put(second(k).replace(/\$/g, ""), { formula: cellFormula(unsized(rule.naUnless(rule.allOf(sized, activePassive), formula))), role: "step" });
  });
  // FALSE for any other design, as the first site's JBOD cell is: the volumes' choice reads it.
  put(SERVER_DISK_HELPERS.secondSiteJbod.replace("$M$", "L"), { value: "Second site on JBOD (the calculator's choice)", role: "note" });
  put(SERVER_DISK_HELPERS.secondSiteJbod.replace(/\$/g, ""), { formula: cellFormula(rule.falseOnError(rule.allOf(sized, activePassive, secondSiteJbodFormula(refs, SERVER_DISK_HELPERS.rawGB, d.databasesPerVolume)))), role: "step" });
  const bySite = siteDagDisksFormula(SERVER_DISK_CELLS.disks, n.serversFirstSite, SERVER_DISK_HELPERS.secondSiteDisks, n.serversSecondSite);

  SERVER_DISK_RESULTS.forEach((result) => {
    const at = SERVER_DISK_CELLS[result];
    put(`I${at.slice(3)}`, { value: labels[result], role: "note" });
    // EX_MS_DISKS chooses JBOD or RAID as the calculator does; the customer copy by the JBOD helper.
    const own = either(jbod, serverDiskFormula(c, result), raidDiskFormula(r, result));
    // Sized never less, at least the disks a server of fewer copies lays of the same kind (FEWER_COPIES_CELLS): the more hot spares.
    const fewer = either(jbod, FEWER_COPIES_CELLS.jbodDisksPerServer, FEWER_COPIES_CELLS.raidDisksPerServer);
    const atLeast = (figure: string) => (result === "disks" ? atLeastFormula(figure, fewer) : result === "dag" ? atLeastDagDisksFormula(figure, fewer, c.servers) : figure);
    // Active/passive, the DAG's disks are each site's (bySite), each at least its own of fewer copies.
    const figure = (laid: string) => (result === "dag" ? either(activePassive, bySite, atLeast(laid)) : atLeast(laid));
    put(at.replace(/\$/g, ""), {
      formula: cellFormula(unsized(rule.naUnless(sized, figure(rule.liveMicrosoftCall("disks", `${args},${disk}`, result, `${d.databasesPerVolume},${d.autoReseedDisks},${d.spareDisks},${factors}`))))),
      native: cellFormula(unsized(rule.naUnless(sized, figure(own)))),
      role: "step",
    });
  });
  mcdbBlock(d).forEach((cell) => cells.push(cell));
  return cells;
}

/**
 * Sized never less, the design at each fewer copy count (FEWER_COPIES_CELLS; size-design.ts fewerCopiesOf), in
 * plain formulas in both copies: at each copy count from two HA copies to one below the design's, the
 * calculator's own count there (the helpers' steps), at least the count before it and balanced at those
 * copies; where that count can be had, its busiest server a unit at a time and its disks; the most so far
 * of each. An active/passive DAG's servers (each site sized on its own) take the count alone.
 */
function fewerCopiesBlock(n: MethodsNames, refs: MicrosoftCells, dagOf: DagArguments, lagged: string): CellModel[] {
  const cells: CellModel[] = [];
  const d = n.serverDisks;
  const servers = serversFormula(refs);
  cells.push({ address: `T${FEWER_ROW}`, value: "Sized never less: the design at fewer copies (columns: copies)", role: "note" });
  const labels: Record<FewerStep, string> = {
    copies: "Copies", applies: "Counted (fewer than the design's, from two HA copies)", copiesFirstSite: "Copies in site 1", diskGB: "diskGB", diskIops: "diskIops",
    maxDatabases: "Most databases per DAG", calculatedDatabases: "Databases before symmetry", permutations: "Server-copy permutations", own: "Calculator's own database count",
    atLeast: "At least the count before, balanced", ownBalanced: "The own count balanced", mounted: "The most the servers mount (100 copies on the busiest)",
    candidate: "Deployed there (never less)", count: "Databases deployed (the count before past 100 copies a server)", sized: "Servers and disks sized at it (a DAG of Microsoft's method)",
    copiesPerServer: "Copies a server", unit: "A balancing unit's databases", unitCopies: "Unit's copies a server", unitActive: "Unit's active databases",
    active: "Active databases, busiest server", peak: "Database IOPS of the active databases", cache: "Database cache, GB", megacycles: "Megacycles", calculated: "Memory before the configuration step",
    memory: "Memory, GB", cores: "Cores", jbod: "On JBOD (1)", logGB: "Log space a database, GB", mailboxesPerDatabase: "Mailboxes a database", iopsPerMailbox: "IOPS a mailbox, with overhead",
    databaseGB: "Size of one database", volumeDatabasesChoice: "Databases a volume (JBOD)", readIops: "Database read IOPS a server", writeIops: "Database write IOPS a server",
    raidVolumeDatabases: "Databases a volume (RAID)", disks: "Disks a server", mostCores: "Most cores so far", mostMemory: "Most memory so far, GB",
    mostJbodDisks: "Most disks a server so far (JBOD)", mostRaidDisks: "Most disks a server so far (RAID)",
    secondSiteActive: "Second site: unit's site active databases", secondSiteServerActive: "Second site: unit's siteserver active databases",
    secondDoubleServerActive: "Second site: unit's sitedoubleserver active databases", secondActive: "Second site's busiest server: active databases",
    secondCache: "… its database cache, GB", secondCalculated: "… its memory before the configuration step", secondMemoryBefore: "… its memory, GB", secondMegacycles: "… its megacycles",
    secondCores: "Second site's server: cores", secondMemory: "Second site's server: memory, GB", secondCopiesPerServer: "Second site: copies a server, as its disks are laid",
    secondReadIops: "… database read IOPS a server", secondWriteIops: "… database write IOPS a server", secondRaidVolumeDatabases: "… databases a volume (RAID)",
    secondDisks: "… disks a server", mostSecondCores: "Second site: most cores so far", mostSecondMemory: "Second site: most memory so far, GB",
    mostSecondJbodDisks: "Second site: most disks a server so far (JBOD)", mostSecondRaidDisks: "Second site: most disks a server so far (RAID)",
  };
  // Labelled in T, beside the columns: "At fewer copies: …", apart from the column's own rows.
  FEWER_STEPS.forEach((step, k) => cells.push({ address: `T${FEWER_ROW + 1 + k}`, value: `At fewer copies: ${labels[step]}`, role: "note" }));
  const microsoftUsed = n.methodUsed === undefined ? rule.ALWAYS : `${n.methodUsed}="microsoft"`;
  for (const copies of FEWER_COPY_COUNTS) {
    const at = (step: FewerStep) => fewerCell(step, copies);
    const before = (step: FewerStep) => (copies === FEWER_COPY_COUNTS[0] ? "0" : fewerCell(step, copies - 1));
    const c: MicrosoftCells = {
      ...refs,
      copies: at("copies"),
      copiesFirstSite: at("copiesFirstSite"),
      maxDatabases: at("maxDatabases"),
      calculatedDatabases: at("calculatedDatabases"),
      permutations: at("permutations"),
      diskGB: at("diskGB"),
      diskIops: at("diskIops"),
      databases: at("count"),
      copiesPerServer: at("copiesPerServer"),
      active: at("active"),
      peak: at("peak"),
      cache: at("cache"),
      megacycles: at("megacycles"),
      calculated: at("calculated"),
    };
    const unitCells: MicrosoftCells = { ...c, databases: at("unit"), copiesPerServer: at("unitCopies") };
    const dag = { ...dagOf, copies: at("copies") };
    const mostMounted = mostMountedFormula(at("copies"), at("copiesFirstSite"), refs.serversFirstSite, refs.serversSecondSite, DISK_FACTOR_CELLS.activePassive);
    const jbod = `${at("jbod")}>0`;
    // Active/passive, the second site's servers on JBOD (Role Requirements!I128), as the first site's flag is counted.
    const secondJbod = d ? `${rule.outgrownFlagFormula(at("count"), rule.allOf(rule.activePassiveDagFormula(at("copies"), DISK_FACTOR_CELLS.activePassive), secondSiteJbodFormula(c, SERVER_DISK_HELPERS.rawGB, d.databasesPerVolume)))}>0` : rule.NEVER;
    const diskCells: ServerDiskCells | undefined = d && {
      copiesPerServer: at("copiesPerServer"),
      copies: rule.volumeCopiesFormula(DISK_FACTOR_CELLS.activePassive, at("copiesFirstSite"), at("copies")),
      databaseGB: at("databaseGB"),
      logGB: at("logGB"),
      mailboxesPerDatabase: at("mailboxesPerDatabase"),
      iopsPerMailbox: at("iopsPerMailbox"),
      diskRawGB: SERVER_DISK_HELPERS.rawGB,
      diskIops: SERVER_DISK_HELPERS.iops,
      volumeDatabases: d.databasesPerVolume,
      activePassive: DISK_FACTOR_CELLS.activePassive,
      severalPerVolume: severalPerVolumeFormula({ ...c, diskGB: SERVER_DISK_HELPERS.rawGB }),
      autoReseedDisks: d.autoReseedDisks,
      spareDisks: d.spareDisks,
      servers,
      volumeDatabasesChoice: at("volumeDatabasesChoice"),
    };
    const raidCells: RaidDiskCells | undefined = d && {
      copiesPerServer: at("copiesPerServer"),
      copies: at("copies"),
      serversSecondSite: n.serversSecondSite,
      activePassive: DISK_FACTOR_CELLS.activePassive,
      serversFirstSite: n.serversFirstSite,
      databaseGB: at("databaseGB"),
      logGB: at("logGB"),
      readIops: at("readIops"),
      writeIops: at("writeIops"),
      diskRawGB: SERVER_DISK_HELPERS.rawGB,
      diskIops: SERVER_DISK_HELPERS.iops,
      spareDisks: d.spareDisks,
      servers,
      maxDatabaseGB: refs.maxDatabaseGB,
      considerJbod: INPUT_FACTOR_CELLS.considerJbod,
      askedVolumeDatabases: d.databasesPerVolume,
      volumeDatabases: at("raidVolumeDatabases"),
    };
    const most = (step: FewerStep, figure: FewerStep, where: string) => mostSoFarFormula(before(step), at("sized"), where, at(figure));
    const secondSiteSteps = (): Record<Extract<FewerStep, `${"second" | "mostSecond"}${string}`>, string> => {
      const passive = rule.activePassiveDagFormula(at("copies"), DISK_FACTOR_CELLS.activePassive);
      const mode = (m: "site" | "siteServer" | "siteDoubleServer") => rule.secondSiteHelperFormula(DISK_FACTOR_CELLS.activePassive, at("count"), activeOrNoneFormula(activeModeFormula(unitCells, m)));
      const second: MicrosoftCells = { ...c, active: at("secondActive"), cache: at("secondCache"), calculated: at("secondCalculated") };
      const whenActive = (formula: string) => orOnError(whenPositiveFormula(at("secondActive"), formula), "0");
      const megacycles = secondSiteServerFormula(at("secondActive"), at("secondMegacycles"), at("megacycles"), false);
      const secondCopies: Partial<MicrosoftCells> = { copiesPerServer: at("secondCopiesPerServer") };
      const onRaid = rule.not(secondJbod);
      const secondDisks =
        diskCells && raidCells
          ? either(
              onRaid,
              raidDiskFormula({ ...raidCells, copiesPerServer: at("secondCopiesPerServer"), readIops: at("secondReadIops"), writeIops: at("secondWriteIops"), volumeDatabases: at("secondRaidVolumeDatabases") }, "disks"),
              serverDiskFormula({ ...diskCells, copiesPerServer: at("secondCopiesPerServer") }, "disks"),
            )
          : rule.NO_FIGURE;
      return {
        secondSiteActive: mode("site"),
        secondSiteServerActive: mode("siteServer"),
        secondDoubleServerActive: mode("siteDoubleServer"),
        secondActive: orOnError(rule.zeroUnless(rule.secondSiteCountedFormula(at("copies"), DISK_FACTOR_CELLS.activePassive, at("count")), activeByUnitFormula(secondSiteWorstFormula(at("secondSiteActive"), at("secondSiteServerActive"), at("secondDoubleServerActive")), at("count"), at("unit"))), "0"),
        secondCache: whenActive(cacheGBFormula(second)),
        secondCalculated: whenActive(calculatedMemoryFormula(second)),
        secondMemoryBefore: whenActive(memoryFormula(second)),
        secondMegacycles: whenActive(megacyclesFormula(second)),
        secondCores: rule.naUnless(passive, microsoftCoresFormula(n.specIntRate, coresFormula({ ...c, megacycles }), megacycles)),
        secondMemory: rule.naUnless(passive, secondSiteServerFormula(at("secondActive"), at("secondMemoryBefore"), at("memory"), true)),
        secondCopiesPerServer: rule.naUnless(passive, secondSiteCopiesFormula(at("count"), at("copies"), at("copiesFirstSite"), n.serversSecondSite, at("copiesPerServer"))),
        secondReadIops: serverReadIopsFormula({ ...c, ...secondCopies }),
        secondWriteIops: serverWriteIopsFormula({ ...c, ...secondCopies }),
        secondRaidVolumeDatabases: raidCells ? raidVolumeDatabasesFormula(raidCells) : rule.NO_FIGURE,
        secondDisks: rule.naUnless(passive, secondDisks),
        mostSecondCores: most("mostSecondCores", "secondCores", passive),
        mostSecondMemory: most("mostSecondMemory", "secondMemory", passive),
        mostSecondJbodDisks: most("mostSecondJbodDisks", "secondDisks", rule.allOf(passive, rule.not(onRaid))),
        mostSecondRaidDisks: most("mostSecondRaidDisks", "secondDisks", rule.allOf(passive, onRaid)),
      };
    };
    const formulas: Record<FewerStep, string | number> = {
      copies,
      applies: fewerCopiesAppliesFormula(NEVER_LESS_CELL, at("copies"), n.copies, lagged),
      copiesFirstSite: copiesFirstSiteFormula(c),
      diskGB: d ? rule.countingDiskGBFormula(SERVER_DISK_HELPERS.rawGB, jbodFormula(c, SERVER_DISK_HELPERS.rawGB, d.databasesPerVolume)) : "0",
      diskIops: d ? rule.countingDiskIopsFormula(at("diskGB"), SERVER_DISK_HELPERS.iops, MICROSOFT_FACTOR_DEFAULTS.diskIops) : `${MICROSOFT_FACTOR_DEFAULTS.diskIops}`,
      maxDatabases: maxDatabasesFormula(c),
      calculatedDatabases: calculatedDatabasesFormula(c),
      permutations: permutationsFormula(c),
      own: databasesFormula(c),
      // A count that cannot be had at these copies (a site without the servers for them) leaves the one before.
      atLeast: balancedAtLeastFormula(at("own"), before("count"), dag),
      ownBalanced: balancedDatabasesFormula(at("own"), dag),
      mounted: mountedCountFormula(at("unit"), mostMounted),
      candidate: deployedCountFormula(at("atLeast"), at("ownBalanced"), at("mounted")),
      count: fewerCopiesCountFormula(at("applies"), at("own"), at("candidate"), before("count"), mostMounted),
      // Where the count can be had: at most 100 copies on the busiest server (Role Requirements!I158).
      sized: fewerCopiesSizedFormula(fewerCopiesCountedFormula(at("applies"), at("own"), at("candidate"), mostMounted), microsoftUsed),
      copiesPerServer: copiesPerServerFormula(c),
      unit: balancedDatabasesFormula("1", dag),
      unitCopies: copiesPerServerFormula(unitCells),
      unitActive: activeFormula(unitCells),
      active: activeByUnitFormula(at("unitActive"), at("count"), at("unit")),
      peak: peakFormula(c),
      cache: cacheGBFormula(c),
      megacycles: megacyclesFormula(c),
      calculated: calculatedMemoryFormula(c),
      memory: n.exchangeVersion !== undefined ? minimumMemoryFormula(n.exchangeVersion, memoryFormula(c)) : memoryFormula(c),
      cores: microsoftCoresFormula(n.specIntRate, coresFormula(c), at("megacycles")),
      jbod: d ? rule.outgrownFlagFormula(at("count"), jbodFormula(c, SERVER_DISK_HELPERS.rawGB, d.databasesPerVolume)) : "0",
      logGB: logSpaceFormula(c),
      mailboxesPerDatabase: jbodNeedFormulas({ mailboxes: refs.users, databases: at("count"), peakIops: at("peak") }).mailboxesPerDatabase,
      iopsPerMailbox: jbodNeedFormulas({ mailboxes: refs.users, databases: at("count"), peakIops: at("peak") }).iopsPerMailbox,
      databaseGB: databaseGBFormula(c),
      volumeDatabasesChoice: diskCells ? rule.naUnless(rule.anyOf(jbod, secondJbod), volumeDatabasesChoiceFormula(diskCells)) : rule.NO_FIGURE,
      readIops: serverReadIopsFormula(c),
      writeIops: serverWriteIopsFormula(c),
      raidVolumeDatabases: raidCells ? rule.naUnless(rule.not(jbod), raidVolumeDatabasesFormula(raidCells)) : rule.NO_FIGURE,
      disks: diskCells && raidCells ? either(jbod, serverDiskFormula(diskCells, "disks"), raidDiskFormula(raidCells, "disks")) : rule.NO_FIGURE,
      mostCores: most("mostCores", "cores", rule.ALWAYS),
      mostMemory: most("mostMemory", "memory", rule.ALWAYS),
      mostJbodDisks: most("mostJbodDisks", "disks", jbod),
      mostRaidDisks: most("mostRaidDisks", "disks", rule.not(jbod)),
      // Active/passive: the second site's busiest server when the first fails and its disks, as the design's own
      // second-site rows size them (SECOND_SITE_ROW; serverDiskBlock's column M).
      ...secondSiteSteps(),
    };
    FEWER_STEPS.forEach((step) => {
      const value = formulas[step];
      const address = at(step).replace(/\$/g, "");
      // "—" where a step has no number at these copies (a column past the design's copies), never an error in a workbook.
      cells.push(typeof value === "number" ? { address, value, role: "step" } : { address, formula: cellFormula(unsized(value)), role: "step" });
    });
  }
  return cells;
}

/**
 * The MCDB rows (MCDB_CELLS): mcdb.ts's rule over the server disks' figures — on JBOD, for Exchange
 * 2019 or SE, one SSD to three database disks, each the smallest of the Hardware sheet's SSDs that
 * holds 6% of its disks' raw GB (MCDB_SOURCES: the Preferred Architecture's "Solid state storage
 * class", the MetaCacheDatabase setup page's "SSD guidance").
 */
function mcdbBlock(d: NonNullable<MethodsNames["serverDisks"]>): CellModel[] {
  const M = MCDB_CELLS;
  const disks = SERVER_DISK_CELLS.databaselog;
  const raw = SERVER_DISK_HELPERS.rawGB;
  // "off" has none; "auto" and "on" have them where they apply ("on" elsewhere is no design: the Design check says so).
  const applies = rule.mcdbAppliesFormula(d.mcdb, mcdbVersionFormula(d.exchangeVersion), SERVER_DISK_HELPERS.jbod, disks);
  const when = (formula: string) => cellFormula(unsized(rule.naUnless(M.applies, formula)));
  const rows: Array<[string, string, { formula: string }]> = [
    [M.applies, "MCDB SSDs (not off; Exchange 2019 or SE, on JBOD)", { formula: cellFormula(rule.falseOnError(applies)) }],
    [M.ssds, "MCDB SSDs a server: one to three database disks", { formula: when(mcdbSsdsFormula(disks)) }],
    [M.disksPerSsd, "Database disks the fullest SSD serves", { formula: when(mcdbDisksPerSsdFormula(disks, M.ssds)) }],
    [M.neededGB, `GB an SSD holds: ${MCDB_SHARE_PERCENT}% of its disks' raw GB`, { formula: when(mcdbNeededGBFormula(M.disksPerSsd, raw)) }],
    [M.ssdGB, "MCDB SSD, GB: the smallest of the Hardware sheet's", { formula: when(mcdbSsdGBFormula(M.neededGB, d.ssdSizes)) }],
    [M.gbPerServer, "MCDB SSDs' GB a server", { formula: when(mcdbGBPerServerFormula(M.ssds, M.ssdGB)) }],
    [M.share, "Their share of the database disks' raw GB", { formula: when(mcdbShareFormula(M.gbPerServer, disks, raw)) }],
  ];
  return [
    { address: `I${ROWS.mcdbTitle.first}`, value: `MCDB on SSDs (${MCDB_SOURCES.preferredArchitecture}; ${MCDB_SOURCES.setup})`, role: "note" },
    ...rows.flatMap(([at, label, cell]): CellModel[] => [
      { address: `I${at.slice(3)}`, value: label, role: "note" },
      { address: at.replace(/\$/g, ""), ...cell, role: "step" },
    ]),
  ];
}

/** The rows of Microsoft's column, for tests and the help page: label and the cell address. */
export function methodsRows(p: MethodsSheetParameters): { label: string; address: string }[] {
  return rows(p.names).map((r, i) => ({ label: r.label, address: `${COLUMNS.microsoft}${5 + i}` }));
}

/** The cell of one of Microsoft's figures on the Methods sheet (unqualified, absolute): `$D$10`. */
export function microsoftCell(key: MicrosoftKey): string {
  const i = rows(PLACEHOLDER_NAMES).findIndex((r) => r.key === key);
  return `$${COLUMNS.microsoft}$${5 + i}`;
}
const PLACEHOLDER_NAMES: MethodsNames = {
  users: "", quotaMB: "", messagesPerDay: "", messageKB: "", copies: "", serversFirstSite: "", serversSecondSite: "",
  archiveMB: "", specIntRate: "", coresPerServer: "", peakHourLogShare: "", dagLayout: "",
};
