import { SizingError } from "./errors";
import { DELL_RULES, MINIMUM_VOLUME_GB } from "./rules/dell";
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

// Each step compiled once over the steps before it (rules/dell.ts): the rule is the one declaration.
const whiteSpace = DELL_RULES.compile("whiteSpace", ["messagesPerDay", "messageKB"]);
const dumpster = DELL_RULES.compile("dumpster", ["whiteSpace", "quotaMB"]);
const mailbox = DELL_RULES.compile("mailbox", ["quotaMB", "whiteSpace", "dumpster"]);
const mailboxFits = DELL_RULES.compile("mailboxFits", ["mailbox", "maxDatabaseGB"]) as unknown as (inputs: readonly number[], f: DatabaseFactors) => boolean;
const total = DELL_RULES.compile("total", ["users", "mailbox"]);
const count = DELL_RULES.compile("count", ["total", "maxDatabaseGB"]);
const oneDatabase = DELL_RULES.compile("databaseGB", ["total", "count"]);
const databaseVolume = DELL_RULES.compile("databaseVolume", ["databaseGB"]);
const provisioned = DELL_RULES.compile("provisionedVolume", ["gb"]);

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
  const whiteSpacePerUserMB = whiteSpace([messagesPerDay, messageKB], f);
  const dumpsterPerUserMB = dumpster([whiteSpacePerUserMB, quotaMB], f);
  const mailboxOnDiskMB = mailbox([quotaMB, whiteSpacePerUserMB, dumpsterPerUserMB], f);
  // A mailbox lives in one database: one that cannot fit the largest database makes no design.
  if (!mailboxFits([mailboxOnDiskMB, maxDatabaseGB], f)) {
    throw new SizingError("#N/A", mailboxDoesNotFit(mailboxOnDiskMB * f.growth, maxDatabaseGB));
  }
  const totalDatabaseGB = total([users, mailboxOnDiskMB], f);
  const databaseCount = count([totalDatabaseGB, maxDatabaseGB], f);
  const databaseGB = oneDatabase([totalDatabaseGB, databaseCount], f);
  const databaseVolumeGB = databaseVolume([databaseGB], f);
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

export { MINIMUM_VOLUME_GB };

/** A volume provisioned: whole GB, half up, at least MINIMUM_VOLUME_GB — 000, Tables 18-19 (rules/dell.ts provisionedVolume). */
export const provisionedVolumeGB = (gb: number): number => provisioned([gb], NO_FACTORS);
const NO_FACTORS = {};

/** The combined rule's message, as every edge words it (functions, CLI, pane, workbook check). */
export function mailboxDoesNotFit(mailboxMB: number, maxDatabaseGB: number): string {
  const gb = (x: number) => x.toLocaleString("en-US", { maximumFractionDigits: 0 });
  return (
    `quotaMB and maxDatabaseGB: a mailbox of ${gb(mailboxMB)} MB on disk cannot fit a database of at most ${gb(maxDatabaseGB)} GB; ` +
    `raise maxDatabaseGB to at least ${gb(Math.ceil(mailboxMB / 1024))} GB or lower the quota`
  );
}
