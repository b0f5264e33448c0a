/**
 * What each Design output should be, computed independently of the template: the worksheet
 * functions called directly for the EX_ cells, the engine for the native-formula steps, and plain
 * arithmetic for the totals. The template's other inputs are at their SIZING.md defaults:
 * Exchange 2010 (section 3), arrays in RAID50 chosen automatically (section 5), spindles RAID5 on
 * 10K disks with a 0.6 read ratio (section 4).
 */
import { EX_ARRAYS, EX_DBSIZE, EX_IOPS, EX_LOGVOL, EX_SPINDLES } from "../../src/functions";
import { FACTOR_DEFAULTS, capacityToProvisionGB, databaseCapacity, logCapacity, messageSizeFactor, type FactorName } from "../../src/engine";
import type { DesignOutput, HeadlineInputs } from "../../src/workbook/template";

export const num = (value: unknown): number => {
  if (typeof value !== "number") throw new Error(`expected a number, got ${String(value)}`);
  return value;
};

export function expectedOutputs(
  inputs: HeadlineInputs,
  factorChanges: Partial<Record<FactorName, number>> = {},
): Record<DesignOutput, number | string> {
  const { users, quotaMB, messagesPerDay, messageKB, copies, maxDatabaseGB } = inputs;
  const rows = Object.entries(factorChanges);
  const factors = rows.length > 0 ? rows : null;
  const merged = { ...FACTOR_DEFAULTS, ...factorChanges };
  const dbsize = (result: string) => EX_DBSIZE(users, quotaMB, messagesPerDay, messageKB, maxDatabaseGB, result, factors);
  const databases = num(dbsize("count"));
  const logvol = (result: string) => EX_LOGVOL(users, messagesPerDay, messageKB, databases, result, factors);
  const iops = (result: string) => EX_IOPS(users, messagesPerDay, copies, result, 2010, factors);
  const capacity = databaseCapacity(users, quotaMB, messagesPerDay, messageKB, maxDatabaseGB, merged);
  const logs = logCapacity(users, messagesPerDay, messageKB, databases, merged);
  const databaseVolumesTotalGB = databases * num(dbsize("volume"));
  const logVolumesTotalGB = databases * num(logvol("volume"));
  const totalCapacityGB = databaseVolumesTotalGB + logVolumesTotalGB;
  const databaseIops = num(iops("database"));
  const capacityGB = capacityToProvisionGB(users, capacity, logs, merged);
  const arrays = (result: string) => EX_ARRAYS(capacityGB, databaseIops, copies, "RAID50", "auto", result);
  return {
    whiteSpacePerUserMB: dbsize("whitespace"),
    dumpsterPerUserMB: dbsize("dumpster"),
    mailboxOnDiskMB: dbsize("mailbox"),
    totalDatabaseGB: dbsize("total"),
    databaseCount: databases,
    databaseGB: dbsize("database"),
    databaseVolumeGB: capacity.databaseVolumeGB,
    provisionedDatabaseVolumeGB: dbsize("volume"),
    logFilesPerUserPerDay: logvol("logs"),
    messageSizeFactor: messageSizeFactor(messageKB),
    usersPerDatabase: logs.usersPerDatabase,
    dailyLogMBPerDatabase: logvol("daily"),
    logVolumeGB: logs.logVolumeGB,
    provisionedLogVolumeGB: logvol("volume"),
    logVolumeCount: databases,
    databaseVolumesTotalGB,
    logVolumesTotalGB,
    totalCapacityGB,
    capacityToProvisionGB: capacityGB,
    iopsPerUser: iops("peruser"),
    databaseIops,
    logIops: iops("log"),
    dagDatabaseIops: iops("dag"),
    spindlesRaid5At10K: EX_SPINDLES(databaseIops, "RAID5", "10K", 0.6),
    spindlesRaid10At10K: EX_SPINDLES(databaseIops, "RAID10", "10K", 0.6),
    spindlesRaid10At7200: EX_SPINDLES(databaseIops, "RAID10", "7.2K", 0.6),
    spindlesChosen: EX_SPINDLES(databaseIops, "RAID5", "10K", 0.6),
    arrays: arrays("count"),
    arraysPerCopy: arrays("percopy"),
    arrayModel: arrays("model"),
  } as Record<DesignOutput, number | string>;
}

/** Compare two outputs: numbers to 9 significant digits (the formula reader keeps Excel's 15), text exactly. */
export function expectSameOutput(actual: unknown, expected: number | string, what: string): void {
  if (typeof expected === "number") {
    if (typeof actual !== "number") throw new Error(`${what}: expected ${expected}, got ${String(actual)}`);
    expect(Math.abs(actual - expected)).toBeLessThanOrEqual(Math.abs(expected) * 1e-9 + 1e-9);
  } else {
    expect({ what, value: actual }).toEqual({ what, value: expected });
  }
}
