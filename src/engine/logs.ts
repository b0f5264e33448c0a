import { provisionedVolumeGB } from "./database";
import { ceilCount } from "./rounding";
import { MESSAGE_SIZE_LOG_FACTORS, type LogFactors } from "./tables";

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

/** MSF — 000, Table 15 step 3. */
export function messageSizeFactor(messageKB: number): number {
  for (const row of MESSAGE_SIZE_LOG_FACTORS) if (messageKB <= row.upToKB) return row.factor;
  return MESSAGE_SIZE_LOG_FACTORS[MESSAGE_SIZE_LOG_FACTORS.length - 1].factor;
}

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
  const logFilesPerUserPerDay = messagesPerDay * f.logsPerMessage;
  const msf = messageSizeFactor(messageKB);
  const usersPerDatabase = ceilCount(users / databases);
  const dailyLogMBPerDatabase = usersPerDatabase * logFilesPerUserPerDay * msf * f.logFileMB;
  const logVolumeGB = (dailyLogMBPerDatabase * f.moveFactor * f.truncationDays * f.overhead) / 1024;
  return {
    logFilesPerUserPerDay,
    messageSizeFactor: msf,
    usersPerDatabase,
    dailyLogMBPerDatabase,
    logVolumeGB,
    provisionedLogVolumeGB: provisionedVolumeGB(logVolumeGB),
  };
}
