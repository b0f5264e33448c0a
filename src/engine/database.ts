import { SizingError } from "./errors";
import { ceilCount, provisionGB } from "./rounding";
import type { DatabaseFactors } from "./tables";

export interface DatabaseCapacity {
  /** WSU, MB per user (Table 14 step 2). */
  whiteSpacePerUserMB: number;
  /** DSU, MB per user (step 3). */
  dumpsterPerUserMB: number;
  /** MBU, MB per user (step 4). */
  mailboxOnDiskMB: number;
  /** DBS, GB (step 5). */
  totalDatabaseGB: number;
  /** DB — "Estimating Database Count": ceil(DBS / maximum database size). */
  databaseCount: number;
  /** IDBS, GB (step 6). */
  databaseGB: number;
  /** DVS, GB, unrounded (step 7). */
  databaseVolumeGB: number;
  /** DVS provisioned: whole GB, half up (Table 18: 1,266 GB). */
  provisionedDatabaseVolumeGB: number;
}

/**
 * Database capacity — 000_72e1ddb9bbd1ecac.txt, Table 14 (worked example Table 18), for NU users
 * (including growth), a quota MQ in MB, MSR messages a day of AMS KB on average.
 *   WSU = MSR × AMS / 1024
 *   DSU = WSU × retentionDays + MQ × singleItemRecovery + MQ × calendarLogging
 *   MBU = MQ + WSU + DSU
 *   DBS = NU × MBU × growth / 1024            (GB; growth 1.0 — erratum E1)
 *   DB  = ceil(DBS / maxDatabaseGB); IDBS = DBS / DB
 *   DVS = IDBS × contentIndex × volumeFree
 */
export function databaseCapacity(
  users: number,
  quotaMB: number,
  messagesPerDay: number,
  messageKB: number,
  maxDatabaseGB: number,
  f: DatabaseFactors,
): DatabaseCapacity {
  const whiteSpacePerUserMB = (messagesPerDay * messageKB) / 1024;
  const dumpsterPerUserMB =
    whiteSpacePerUserMB * f.retentionDays + quotaMB * f.singleItemRecovery + quotaMB * f.calendarLogging;
  const mailboxOnDiskMB = quotaMB + whiteSpacePerUserMB + dumpsterPerUserMB;
  // A mailbox lives in one database: one that cannot fit the largest database makes no design (issue 12).
  if ((mailboxOnDiskMB * f.growth) / 1024 > maxDatabaseGB) {
    throw new SizingError("#N/A", mailboxDoesNotFit(mailboxOnDiskMB * f.growth, maxDatabaseGB));
  }
  const totalDatabaseGB = (users * mailboxOnDiskMB * f.growth) / 1024;
  const databaseCount = Math.max(1, ceilCount(totalDatabaseGB / maxDatabaseGB));
  const databaseGB = totalDatabaseGB / databaseCount;
  const databaseVolumeGB = databaseGB * f.contentIndex * f.volumeFree;
  return {
    whiteSpacePerUserMB,
    dumpsterPerUserMB,
    mailboxOnDiskMB,
    totalDatabaseGB,
    databaseCount,
    databaseGB,
    databaseVolumeGB,
    provisionedDatabaseVolumeGB: provisionedVolumeGB(databaseVolumeGB),
  };
}

/** No volume is provisioned below 1 GB: a volume that rounds to 0 GB would hold nothing (issue 12). */
export const MINIMUM_VOLUME_GB = 1;

/** A volume provisioned: whole GB, half up, at least MINIMUM_VOLUME_GB — 000, Tables 18-19 (excel-formulas.ts provisionedVolumeFormula). */
export const provisionedVolumeGB = (gb: number): number => Math.max(MINIMUM_VOLUME_GB, provisionGB(gb));

/** The combined rule's message, as every edge words it (functions, CLI, pane, workbook check). */
export function mailboxDoesNotFit(mailboxMB: number, maxDatabaseGB: number): string {
  const gb = (x: number) => x.toLocaleString("en-US", { maximumFractionDigits: 0 });
  return (
    `quotaMB and maxDatabaseGB: a mailbox of ${gb(mailboxMB)} MB on disk cannot fit a database of at most ${gb(maxDatabaseGB)} GB; ` +
    `raise maxDatabaseGB to at least ${gb(Math.ceil(mailboxMB / 1024))} GB or lower the quota`
  );
}
