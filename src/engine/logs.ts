import { provisionedVolumeGB } from "./database";
import { DELL_RULES } from "./rules/dell";
import type { LogFactors } from "./tables";

export interface LogCapacity {
  /** NL — log files per user per day (Table 15 step 2). */
  logFilesPerUserPerDay: number;
  /** MSF — message size factor (step 3). */
  messageSizeFactor: number;
  /** NDB — users per database, rounded up (step 4; Table 19: 5000 / 12 → 417). */
  usersPerDatabase: number;
  /** TLC — log MB per database per day (step 5). */
  dailyLogMBPerDatabase: number;
  /** LVS, GB, unrounded (step 6). */
  logVolumeGB: number;
  /** LVS provisioned: whole GB, half up (Table 19: 48 GB). */
  provisionedLogVolumeGB: number;
}

// Each step compiled once over the steps before it (rules/dell.ts).
const logs = DELL_RULES.compile("logs", ["messagesPerDay"]);
const msfOf = DELL_RULES.compile("messageSizeFactor", ["messageKB"]);
const perDatabase = DELL_RULES.compile("usersPerDatabase", ["users", "databases"]);
const daily = DELL_RULES.compile("dailyLogMB", ["usersPerDatabase", "logs", "messageSizeFactor"]);
const logGB = DELL_RULES.compile("logGB", ["dailyLogMB"]);
const NO_FACTORS = {};

/** MSF — 000, Table 15 step 3. */
export const messageSizeFactor = (messageKB: number): number => msfOf([messageKB], NO_FACTORS);

/**
 * Log capacity — 000_72e1ddb9bbd1ecac.txt, Table 15 (worked example Table 19).
 *   NL  = MSR × logsPerMessage
 *   NDB = ceil(NU / DB)
 *   TLC = NDB × NL × MSF × LFS                                      (MB)
 *   LVS = TLC × moveFactor × truncationDays × overhead / 1024        (GB; moveFactor — erratum E2)
 */
export function logCapacity(
  users: number,
  messagesPerDay: number,
  messageKB: number,
  databases: number,
  f: LogFactors,
): LogCapacity {
  const logFilesPerUserPerDay = logs([messagesPerDay], f);
  const msf = messageSizeFactor(messageKB);
  const usersPerDatabase = perDatabase([users, databases], f);
  const dailyLogMBPerDatabase = daily([usersPerDatabase, logFilesPerUserPerDay, msf], f);
  const logVolumeGB = logGB([dailyLogMBPerDatabase], f);
  return {
    logFilesPerUserPerDay,
    messageSizeFactor: msf,
    usersPerDatabase,
    dailyLogMBPerDatabase,
    logVolumeGB,
    provisionedLogVolumeGB: provisionedVolumeGB(logVolumeGB),
  };
}
