/**
 * Exchange 2019's MetaCache Database (MCDB) on SSDs, beside a JBOD server's database disks.
 * Microsoft's design, from two pages of its documentation (MicrosoftDocs/OfficeDocs-Exchange, read at
 * commit 52e8b70f; docs/microsoft-method.md says which rule is whose):
 *
 * - MCDB_SOURCES.preferredArchitecture, "Solid state storage class": "For every three traditional
 *   disks within the server a single solid-state disk will be deployed"; "roughly 5-10% additional
 *   storage as solid state storage"; its example server, 12 database disks of 10 TB (120 TB) and 4
 *   SSDs, 7.68 TB of MCDB, "roughly 6.4%". The AutoReseed spare is not counted (12 disks, not 13).
 * - MCDB_SOURCES.setup, "SSD guidance": one SSD for every three HDDs; "5% to 6% of SSD capacity
 *   relative to total HDD capacity is sufficient"; every server the same count of SSDs of one size;
 *   mixed-use SSDs of one drive write a day or more. "Prerequisites": AutoReseed, Exchange 2019.
 *
 * The pages disagree on the share: 6% is the most the setup page calls sufficient and inside the
 * Preferred Architecture's 5–10%, and with the PA's 1.92 TB SSD it gives the PA's own example
 * (12 × 10,000 GB: 3 disks an SSD × 10,000 × 6% = 1,800 GB → 1,920 GB, 4 SSDs, 7,680 GB, 6.4%).
 */
import { SizingError } from "../errors";
import { grouped, roundTo15 } from "../general-format";
import { numberLiteral as n } from "../excel-formulas";
import { EXCHANGE_VERSIONS, sizedVersion, versionName, type ExchangeVersion } from "../version";
import { excelCeil } from "./excel";

/**
 * Where each MCDB rule is written: Microsoft's page by title and heading. In MicrosoftDocs/OfficeDocs-Exchange:
 * Exchange/ExchangeServer/plan-and-deploy/deployment-ref/preferred-architecture-2019.md and
 * Exchange/ExchangeServer/high-availability/database-availability-groups/MetaCacheDatabase-setup.md.
 */
export const MCDB_SOURCES = Object.freeze({
  preferredArchitecture: 'Microsoft, "Exchange 2019 preferred architecture", section "Solid state storage class"',
  setup: 'Microsoft, "MetaCacheDatabase (MCDB) setup", section "SSD guidance"',
});

/** Database disks an SSD serves at most: both pages' 3:1 (PA "Solid state storage class"; setup "SSD guidance"). */
export const DATABASE_DISKS_PER_SSD = 3;

/**
 * SSD capacity as a share of the database disks' raw capacity, in percent: 6, the top of the setup
 * page's "5% to 6% … is sufficient", inside the PA's "roughly 5-10%" (and what gives the PA's example).
 * A whole percent so that disks × GB × 6 ÷ 100 is exact, in the engine and in Excel alike.
 */
export const MCDB_SHARE_PERCENT = 6;

/**
 * The SSD sizes a design picks from, raw decimal GB, smallest first: the two series enterprise
 * mixed-use SSDs are sold in — 480 GB doubling (the Preferred Architecture's example SSD, 1.92 TB:
 * its 7.68 TB of MCDB ÷ 4 SSDs) and 400 GB doubling (the more over-provisioned drives). Only 1.92 TB
 * is Microsoft's; the others are the market's sizes, to check against a vendor's. The smallest that
 * holds an SSD's share is chosen; the Hardware sheet lists them.
 */
export const MCDB_SSD_SIZES_GB: readonly number[] = Object.freeze([400, 480, 800, 960, 1600, 1920, 3200, 3840, 6400, 7680, 12800, 15360, 30720]);

/** The MCDB SSDs of one server. */
export interface McdbSsds {
  /** SSDs a server: ROUNDUP(database disks ÷ 3). */
  ssdsPerServer: number;
  /** The database disks the fullest SSD serves: ROUNDUP(database disks ÷ SSDs); identical SSDs are sized for it. */
  databaseDisksPerSsd: number;
  /** What that SSD must hold, GB: its disks × raw GB × 6%. */
  neededGBPerSsd: number;
  /** The SSD chosen: the smallest of MCDB_SSD_SIZES_GB at least neededGBPerSsd. */
  ssdGB: number;
  /** SSDs × their GB. */
  gbPerServer: number;
  /** The database disks' raw capacity a server, GB. */
  databaseDiskGB: number;
  /** gbPerServer ÷ databaseDiskGB: at least 6%. */
  share: number;
}

/** Whether a version has MCDB: Exchange 2019, and SE sized as 2019 (its requirements are 2019 CU15's). */
export const mcdbVersion = (version: ExchangeVersion): boolean => sizedVersion(version) === 2019;

/**
 * The MCDB SSDs of a server with `databaseDisks` database (and log) disks of `diskRawGB` raw GB each:
 * one SSD to three disks, each the smallest catalogue size holding 6% of the disks it serves. A
 * SizingError when no size of the catalogue is large enough (a disk over 170 TB).
 *
 * @example mcdbSsds(12, 10_000).ssdGB // 1920 — the Preferred Architecture's example server
 */
export function mcdbSsds(databaseDisks: number, diskRawGB: number, sizes: readonly number[] = MCDB_SSD_SIZES_GB): McdbSsds {
  const ssdsPerServer = excelCeil(databaseDisks / DATABASE_DISKS_PER_SSD);
  const databaseDisksPerSsd = excelCeil(databaseDisks / ssdsPerServer);
  const neededGBPerSsd = (databaseDisksPerSsd * diskRawGB * MCDB_SHARE_PERCENT) / 100;
  // As Excel compares, to 15 significant digits (disks.ts atMost): a need a few units in the last place over a size is that size.
  // Rounding moves the need by at most 5e-15 of it: only a size within 1e-13 below it is compared so (toPrecision is slow).
  const ssdGB = sizes.find((gb) => gb >= neededGBPerSsd || (neededGBPerSsd - gb <= 1e-13 * neededGBPerSsd && roundTo15(neededGBPerSsd) <= gb));
  if (ssdGB === undefined) {
    throw new SizingError(
      "#N/A",
      `MCDB: an SSD for ${databaseDisksPerSsd} database disks of ${grouped(diskRawGB)} GB needs ${grouped(neededGBPerSsd, 1)} GB (${MCDB_SHARE_PERCENT}%), ` +
        `more than the largest SSD of the catalogue (${grouped(sizes[sizes.length - 1])} GB)`,
    );
  }
  const databaseDiskGB = databaseDisks * diskRawGB;
  const gbPerServer = ssdsPerServer * ssdGB;
  return { ssdsPerServer, databaseDisksPerSsd, neededGBPerSsd, ssdGB, gbPerServer, databaseDiskGB, share: gbPerServer / databaseDiskGB };
}

/**
 * The input mcdb: "auto" (the default) gives a design MCDB SSDs where they apply (Exchange 2019 or SE,
 * Microsoft's method, the calculator's JBOD); "on" asks for them and refuses a design where they
 * cannot be (mcdbOnProblem); "off" leaves them out.
 */
export const MCDB_CHOICES = ["auto", "on", "off"] as const;
export type McdbChoice = (typeof MCDB_CHOICES)[number];

/** A choice as given (case and spaces aside), or undefined. */
export const mcdbChoiceOf = (value: unknown): McdbChoice | undefined =>
  typeof value === "string" ? MCDB_CHOICES.find((c) => c === value.trim().toLowerCase()) : undefined;

/**
 * Why "on" cannot be, or undefined: MCDB is Exchange 2019's and SE's (MCDB_SOURCES.setup,
 * "Prerequisites": Exchange Server 2019), beside JBOD database disks (MCDB_SOURCES.preferredArchitecture:
 * the solid-state class beside JBOD's traditional one), which Microsoft's method sizes here.
 */
export function mcdbOnProblem(version: ExchangeVersion, method: "dell" | "microsoft", onRaid: boolean): string | undefined {
  const why = !mcdbVersion(version)
    ? `this design is ${versionName(version)} — choose "auto" or "off", or the Exchange version 2019 or SE`
    : method !== "microsoft"
      ? `Dell's process sizes this design, on arrays — choose "auto" or "off", or the method "microsoft"`
      : onRaid
        ? `Microsoft's calculator puts this DAG on RAID (fewer than three copies a failure can activate, Role Requirements!I127) — choose "auto" or "off", or three or more such copies`
        : undefined;
  const pages = `Microsoft's "MetaCacheDatabase (MCDB) setup", Prerequisites; its "Exchange 2019 preferred architecture", Solid state storage class`;
  return why === undefined ? undefined : `mcdb: "on" needs Exchange 2019 or SE on JBOD database disks, by Microsoft's method (${pages}); ${why}`;
}

/** Why a design has no MCDB SSDs, in the order sizeDesign and the Summary ask: short, so the Summary prints each whole in two lines. */
const NOT_THIS_VERSION = "MCDB is Exchange 2019's and SE's; this is ";
export const MCDB_NONE = Object.freeze({
  off: "MCDB is off (the input MCDB)",
  /** Before the version's name (the Summary joins its cell's). */
  versionWords: NOT_THIS_VERSION,
  version: (version: ExchangeVersion) => `${NOT_THIS_VERSION}${versionName(version)}`,
  dell: "Dell's process puts the databases on arrays",
  raid: "MCDB needs JBOD disks; this DAG is on RAID",
  noDisks: "the servers have no database disks for it (see the server disks)",
});

// ---------------------------------------------------------------------------------------------
// The same rule as Excel formula text (the Methods sheet's MCDB rows; live in the customer copy).

/** TRUE for a version with MCDB (mcdbVersion), over the version's cell: OR(v=2019,v="SE"). */
export function mcdbVersionFormula(version: string): string {
  const tests = EXCHANGE_VERSIONS.filter(mcdbVersion).map((v) => (typeof v === "number" ? `${version}=${v}` : `${version}="${v}"`));
  return `OR(${tests.join(",")})`;
}

/** SSDs a server over the database disks' cell: ROUNDUP(disks ÷ 3). */
export const mcdbSsdsFormula = (databaseDisks: string): string => `ROUNDUP(${databaseDisks}/${n(DATABASE_DISKS_PER_SSD)},0)`;

/** The fullest SSD's database disks: ROUNDUP(disks ÷ SSDs). */
export const mcdbDisksPerSsdFormula = (databaseDisks: string, ssds: string): string => `ROUNDUP(${databaseDisks}/${ssds},0)`;

/** What an SSD must hold, GB, in mcdbSsds' order of operations: disks × raw GB × 6 ÷ 100. */
export const mcdbNeededGBFormula = (disksPerSsd: string, diskRawGB: string): string => `${disksPerSsd}*${diskRawGB}*${n(MCDB_SHARE_PERCENT)}/100`;

/**
 * The smallest size of `sizes` (a column, smallest first) at least `needed`: the last size ≤ needed
 * when it equals needed, else the next one; NA() past the largest. MATCH's sorted lookup, which our
 * evaluator, HyperFormula, LibreOffice and every Excel read alike (no MINIFS, no array formula).
 */
export function mcdbSsdGBFormula(needed: string, sizes: string): string {
  const at = `MATCH(${needed},${sizes},1)`;
  return `IFERROR(IF(IFERROR(INDEX(${sizes},${at})=${needed},FALSE()),${needed},INDEX(${sizes},IFERROR(${at},0)+1)),NA())`;
}

/** The MCDB SSDs' GB a server: SSDs × their GB (mcdbSsds gbPerServer). */
export const mcdbGBPerServerFormula = (ssds: string, ssdGB: string): string => `${ssds}*${ssdGB}`;

/** Their share of the database disks' raw GB: GB a server ÷ (disks × raw GB), as mcdbSsds divides (share). */
export const mcdbShareFormula = (gbPerServer: string, databaseDisks: string, diskRawGB: string): string => `${gbPerServer}/(${databaseDisks}*${diskRawGB})`;
