/**
 * The published data the methods use, as typed constants. Each cites its seed (in ../shared/seeds)
 * and table; SIZING.md restates them.
 */
import type { ExchangeVersion } from "./version";

/** Default factors of the database capacity process — 000, Table 14 (growth: erratum E1). */
export const DATABASE_FACTOR_DEFAULTS = {
  /** DBS overhead; Table 14 says 1.2, the worked example (Table 18) uses none — E1. */
  growth: 1.0,
  /** Deleted item retention, days (Table 14 step 3). */
  retentionDays: 14,
  /** Single item recovery, share of quota (Table 14 step 3: 1.2%). */
  singleItemRecovery: 0.012,
  /** Calendar version logging, share of quota (Table 14 step 3: 5.8%). */
  calendarLogging: 0.058,
  /** Content index, share of the database within its volume (Table 14 step 7: +10%). */
  contentIndex: 1.1,
  /** Free space kept in the database volume (Table 14 step 7: +20%). */
  volumeFree: 1.2,
} as const;

/** Default factors of the log capacity process — 000, Table 15 (moveFactor: erratum E2). */
export const LOG_FACTOR_DEFAULTS = {
  /** NL = MSR × 0.2 (Table 15 step 2). */
  logsPerMessage: 0.2,
  /** LFS: an Exchange 2010 log file is 1 MB (Table 15 step 1). */
  logFileMB: 1,
  /** 10% of mailboxes moved within the truncation window: Table 19 and 3.3.4, not Table 15 — E2. */
  moveFactor: 1.1,
  /** Days of logs kept against truncation failure (Table 15 step 6). */
  truncationDays: 3,
  /** Log volume overhead (Table 15 step 6: +20%). */
  overhead: 1.2,
} as const;

/** Default factor of the IOPS processes — 000, Tables 16–17 ("a 20% overhead is recommended"). */
export const IOPS_FACTOR_DEFAULTS = {
  headroom: 1.2,
} as const;

/** Mailbox server sizing — 003, "1,000 very heavy users … per processor", "4GB plus 6MB per mailbox". */
export const SERVER_FACTOR_DEFAULTS = {
  mailboxesPerCore: 1000,
  baseMemoryGB: 4,
  memoryPerMailboxMB: 6,
} as const;

/** Every factor any function reads; one factors table in a workbook can feed them all. */
export const FACTOR_DEFAULTS = {
  ...DATABASE_FACTOR_DEFAULTS,
  ...LOG_FACTOR_DEFAULTS,
  ...IOPS_FACTOR_DEFAULTS,
  ...SERVER_FACTOR_DEFAULTS,
} as const;

export type DatabaseFactors = { [K in keyof typeof DATABASE_FACTOR_DEFAULTS]: number };
export type LogFactors = { [K in keyof typeof LOG_FACTOR_DEFAULTS]: number };
export type IopsFactors = { [K in keyof typeof IOPS_FACTOR_DEFAULTS]: number };
export type ServerFactors = { [K in keyof typeof SERVER_FACTOR_DEFAULTS]: number };
export type FactorName = keyof typeof FACTOR_DEFAULTS;
export type Factors = { [K in FactorName]: number };

/** Maximum database size when none is given, GB — 000, 3.4.2. */
export const DEFAULT_MAX_DATABASE_GB = 1024;

/**
 * Message size factor MSF — 000, Table 15 step 3: log files grow ×1.9 when the average message
 * doubles to 150 KB and ×3.8 above that. Rows are upper bounds, inclusive.
 */
export const MESSAGE_SIZE_LOG_FACTORS: ReadonlyArray<{ upToKB: number; factor: number }> = [
  { upToKB: 75, factor: 1.0 },
  { upToKB: 150, factor: 1.9 },
  { upToKB: Infinity, factor: 3.8 },
];

export { EXCHANGE_VERSIONS, type ExchangeVersion } from "./version";

/**
 * IOPS per mailbox before headroom.
 * 2010 — 000, Table 16: MSR / 1000 × SDBO, SDBO 1.2 stand-alone, 1.0 in a DAG.
 * 2013+ — 002 and 004 (the Microsoft calculator's profile): MSR × 0.00067, the same with or
 * without copies; with 20% headroom 0.1206 at 150 messages, printed 0.121 in the ESRPs.
 */
export const IOPS_PER_MESSAGE = {
  2010: 1 / 1000,
  2013: 0.00067,
  2016: 0.00067,
  2019: 0.00067,
  // Exchange Server SE is sized as 2019 (src/engine/version.ts).
  SE: 0.00067,
} as const satisfies Record<ExchangeVersion, number>;

/** SDBO, stand-alone database overhead — 000, Table 16 step 2 (Exchange 2010 only). */
export const STANDALONE_DATABASE_OVERHEAD = 1.2;

/**
 * Log IOPS shares — 000, Table 17: log I/O is about 50% of database writes, writes about 50% of
 * database I/O, and each extra DAG copy adds 10% of log I/O for replication.
 */
export const LOG_IOPS_SHARES = {
  logShareOfWrites: 0.5,
  writeShareOfDatabase: 0.5,
  perExtraCopy: 0.1,
} as const;

/** RAID levels the spindle and array methods know. */
export const RAID_LEVELS = ["RAID0", "RAID1", "RAID10", "RAID5", "RAID50", "RAID6", "RAID60"] as const;
export type RaidLevel = (typeof RAID_LEVELS)[number];

/**
 * Write penalty and layout of each RAID level — 001, "Phase 2" (RAID 1 = 2, RAID 5 = 4);
 * RAID 0 = 1 and RAID 6 = 6 are the standard penalties (SIZING.md section 4).
 * `dataDisksPerGroup(g)` is how many of a group's g disks hold data; `defaultGroup` is the
 * granularity when no group size is given (a mirrored pair for RAID 1/10; none for parity RAID,
 * which then adds its parity disks once: d + 1 or d + 2).
 */
export interface RaidLayout {
  writePenalty: number;
  minGroup: number;
  /** Disks a group must be a multiple of (mirrors come in pairs). */
  groupMultiple: number;
  dataDisksPerGroup(groupSize: number): number;
  /** Parity disks added once when no group size is given. */
  parityDisks: number;
  defaultGroup: number | undefined;
}

const STRIPE: RaidLayout = { writePenalty: 1, minGroup: 1, groupMultiple: 1, dataDisksPerGroup: (g) => g, parityDisks: 0, defaultGroup: undefined };
const MIRROR: RaidLayout = { writePenalty: 2, minGroup: 2, groupMultiple: 2, dataDisksPerGroup: (g) => g / 2, parityDisks: 0, defaultGroup: 2 };
const PARITY5: RaidLayout = { writePenalty: 4, minGroup: 3, groupMultiple: 1, dataDisksPerGroup: (g) => g - 1, parityDisks: 1, defaultGroup: undefined };
const PARITY6: RaidLayout = { writePenalty: 6, minGroup: 4, groupMultiple: 1, dataDisksPerGroup: (g) => g - 2, parityDisks: 2, defaultGroup: undefined };

export const RAID_LAYOUTS: Record<RaidLevel, RaidLayout> = {
  RAID0: STRIPE,
  RAID1: MIRROR,
  RAID10: MIRROR,
  RAID5: PARITY5,
  RAID50: PARITY5,
  RAID6: PARITY6,
  RAID60: PARITY6,
};

/**
 * Random IOPS per disk for Exchange — 001, "Phase 2": 140 for 10k rpm, 65 for 7.2k rpm SATA.
 * 15K: 180, from the Microsoft Exchange calculator's 3.5" disk table (not in the seeds).
 */
export const DISK_CLASS_IOPS = {
  "7.2K": 65,
  "10K": 140,
  "15K": 180,
} as const;
export type DiskClass = keyof typeof DISK_CLASS_IOPS;

/** Default read share of Exchange 2010 database I/O: the 3:2 read:write ratio of 001, Phase 2. */
export const DEFAULT_READ_RATIO = 0.6;

/** An array model with one drive size: what EX_ARRAYS chooses among. */
export interface ArrayModel {
  /** e.g. "PS6500E" */
  model: string;
  /** e.g. "500GB" */
  drive: string;
  raid: RaidLevel;
  usableGB: number;
  /** Measured database IOPS per array (includes log I/O and maintenance: 000, 3.4.1 step 4). */
  iops: number;
}

/** 000, Table 12 — measured transactional IOPS per array, RAID 50 / RAID 10. */
const TABLE_12_IOPS: Record<string, { RAID50: number; RAID10: number }> = {
  PS6000XV: { RAID50: 1745, RAID10: 2165 },
  PS6000X: { RAID50: 1100, RAID10: 1365 },
  PS6500E: { RAID50: 1800, RAID10: 2400 },
};

/** 000, Table 13 — usable GB per array by series and drive, RAID 50 / RAID 10, with the models sold. */
const TABLE_13_USABLE: ReadonlyArray<{ series: string; drive: string; models: string[]; RAID50: number; RAID10: number }> = [
  { series: "PS6000", drive: "250GB", models: ["E"], RAID50: 3000, RAID10: 1750 },
  { series: "PS6000", drive: "300GB", models: ["X", "XV"], RAID50: 3600, RAID10: 2100 },
  { series: "PS6000", drive: "400GB", models: ["X"], RAID50: 4800, RAID10: 2800 },
  { series: "PS6000", drive: "450GB", models: ["XV"], RAID50: 5400, RAID10: 3150 },
  { series: "PS6000", drive: "500GB", models: ["E"], RAID50: 6000, RAID10: 3500 },
  { series: "PS6000", drive: "600GB", models: ["X", "XV"], RAID50: 7200, RAID10: 4200 },
  { series: "PS6000", drive: "1TB", models: ["E"], RAID50: 12000, RAID10: 7000 },
  { series: "PS6000", drive: "2TB", models: ["E"], RAID50: 24000, RAID10: 14000 },
  { series: "PS6500", drive: "500GB", models: ["E"], RAID50: 19500, RAID10: 11500 },
  { series: "PS6500", drive: "600GB", models: ["X"], RAID50: 23400, RAID10: 13800 },
  { series: "PS6500", drive: "1TB", models: ["E"], RAID50: 39000, RAID10: 23000 },
  { series: "PS6500", drive: "2TB", models: ["E"], RAID50: 78000, RAID10: 46000 },
];

/**
 * The built-in catalogue: every model + drive that has both a usable capacity (Table 13) and a
 * measured IOPS (Table 12) for a RAID level — SIZING.md section 5. PS6000E and PS6500X have no
 * measured IOPS in Table 12, so they are not offered.
 */
export const EQUALLOGIC_CATALOGUE: readonly ArrayModel[] = TABLE_13_USABLE.flatMap((row) =>
  row.models.flatMap((letter) => {
    const model = row.series + letter;
    const iops = TABLE_12_IOPS[model];
    if (!iops) return [];
    return (["RAID50", "RAID10"] as const).map((raid) => ({
      model,
      drive: row.drive,
      raid,
      usableGB: row[raid],
      iops: iops[raid],
    }));
  }),
);
