/**
 * What each Design output should be, computed independently of the template: the worksheet
 * functions called directly for the EX_ cells, the engine for the native-formula steps, and plain
 * arithmetic for the totals. The template's other inputs are at their SIZING.md defaults:
 * Exchange 2010 (section 3), arrays in RAID50 chosen automatically (section 5), spindles RAID5 on
 * 10K disks with a 0.6 read ratio (section 4).
 */
import { EX_ARRAYS, EX_DBSIZE, EX_IOPS, EX_LOGVOL, EX_SPINDLES } from "../../src/functions";
import { FACTOR_DEFAULTS, balancedDatabaseCount, capacityToProvisionGB, databaseCapacity, logCapacity, messageSizeFactor, provisionGB, type FactorName } from "../../src/engine";
import { REFERENCE_DESIGN_INPUTS, sizeDesign } from "../../src/engine/design";
import type { DesignOutput, HeadlineInputs } from "../../src/workbook/template";

export const num = (value: unknown): number => {
  if (typeof value !== "number") throw new Error(`expected a number, got ${String(value)}`);
  return value;
};

export function expectedOutputs(
  inputs: HeadlineInputs,
  factorChanges: Partial<Record<FactorName, number>> = {},
  serversPerSite: readonly number[] = [2],
): Record<DesignOutput, number | string> {
  const { users, quotaMB, messagesPerDay, messageKB, copies, maxDatabaseGB } = inputs;
  const rows = Object.entries(factorChanges);
  const factors = rows.length > 0 ? rows : null;
  const merged = { ...FACTOR_DEFAULTS, ...factorChanges };
  const dbsize = (result: string) => EX_DBSIZE(users, quotaMB, messagesPerDay, messageKB, maxDatabaseGB, result, factors);
  const rawDatabases = num(dbsize("count"));
  // Dell's count balanced over the servers (src/engine/layout.ts), as the Distribution sheet lays it out.
  const databases = balancedDatabaseCount(rawDatabases, { serversPerSite, copies, layout: "active/active" });
  const logvol = (result: string) => EX_LOGVOL(users, messagesPerDay, messageKB, databases, result, factors);
  const iops = (result: string) => EX_IOPS(users, messagesPerDay, copies, result, 2010, factors);
  const raw = databaseCapacity(users, quotaMB, messagesPerDay, messageKB, maxDatabaseGB, merged);
  const databaseGB = raw.totalDatabaseGB / databases;
  const capacity = { ...raw, databaseCount: databases, databaseGB, databaseVolumeGB: databaseGB * merged.contentIndex * merged.volumeFree };
  const provisionedDatabaseVolumeGB = Math.max(1, provisionGB(capacity.databaseVolumeGB));
  const logs = logCapacity(users, messagesPerDay, messageKB, databases, merged);
  const databaseVolumesTotalGB = databases * provisionedDatabaseVolumeGB;
  const logVolumesTotalGB = databases * num(logvol("volume"));
  const totalCapacityGB = databaseVolumesTotalGB + logVolumesTotalGB;
  const databaseIops = num(iops("database"));
  const capacityGB = capacityToProvisionGB(users, capacity, logs, merged);
  const arrays = (result: string) => EX_ARRAYS(capacityGB, databaseIops, copies, "RAID50", "auto", result);
  // Microsoft's rows (the Methods sheet's column, sized at its own balanced count) as the engine's design gives them.
  // A design whose servers cannot hold its copies has no layout: the engine refuses it, the sheet shows errors.
  const design = sizeDesign({ ...REFERENCE_DESIGN_INPUTS, ...inputs, serversSite1: serversPerSite[0], serversSite2: serversPerSite[1] ?? "" }, { factors: merged });
  const ms = (x: number | undefined) => (design.microsoft === undefined || x === undefined ? "—" : x);
  // One database a volume, the database and log volume of Role Requirements!C276 whole GB up, less the log volume.
  const msLogVolume = design.microsoft && Math.max(1, Math.ceil(design.microsoft.logSpaceGB / 0.95 - 1e-9));
  const msVolume = design.microsoft && Math.max(1, Math.ceil((design.microsoft.databaseGB * 1.4 + design.microsoft.logSpaceGB) / 0.95 - 1e-9) - msLogVolume!);
  const vmware = design.scenarios.filter((x) => x.survivable);
  return {
    methodUsed: "dell",
    databasesDeployed: databases,
    dellDatabases: databases,
    msDatabaseVolumeGB: ms(msVolume),
    msLogVolumeGB: ms(msLogVolume),
    msCapacityGB: ms(design.microsoft && Math.ceil(((design.microsoft.databaseGB * 1.4 + design.microsoft.logSpaceGB) * design.microsoft.databases) / 0.95 + 2 * design.microsoft.databases - 1e-9)),
    msCoresNeeded: ms(design.microsoft && Math.max(1, Math.ceil(design.microsoft.megacycles / 2000 - 1e-9))),
    answerDatabaseVolumeGB: provisionedDatabaseVolumeGB,
    answerLogVolumeGB: num(logvol("volume")),
    answerVolumesGB: totalCapacityGB,
    answerCapacityGB: capacityGB,
    answerIopsPerMailbox: iops("peruser"),
    answerDatabaseIops: databaseIops,
    answerDagIops: iops("dag"),
    answerLogIops: iops("log"),
    answerMemoryGB: vmware.length ? Math.max(...vmware.map((x) => x.memoryGB)) : 0,
    answerCores: vmware.length ? Math.max(...vmware.map((x) => x.cores)) : 0,
    // Exchange 2010 (the template's default): no page file rule in Microsoft's repository, no server limits, no edition check (src/engine/version.ts).
    answerPageFileGB: design.pageFileGB ?? "",
    serverLimits: design.warnings[0]?.summary ?? "",
    // A design sizeDesign builds: its servers carry it (a refusal is thrown, tests/engine/server-capacity.test.ts).
    serverRefusal: "",
    deployedCheck: design.warnings[0]?.summary ?? "",
    whiteSpacePerUserMB: dbsize("whitespace"),
    dumpsterPerUserMB: dbsize("dumpster"),
    mailboxOnDiskMB: dbsize("mailbox"),
    totalDatabaseGB: dbsize("total"),
    databaseCount: rawDatabases,
    databaseGB,
    dellDatabaseVolumeGB: capacity.databaseVolumeGB,
    provisionedDatabaseVolumeGB,
    logFilesPerUserPerDay: logvol("logs"),
    messageSizeFactor: messageSizeFactor(messageKB),
    usersPerDatabase: logs.usersPerDatabase,
    dailyLogMBPerDatabase: logvol("daily"),
    dellLogVolumeGB: logs.logVolumeGB,
    provisionedLogVolumeGB: logvol("volume"),
    logVolumeCount: databases,
    databaseVolumesTotalGB,
    logVolumesTotalGB,
    totalCapacityGB,
    capacityToProvisionGB: capacityGB,
    iopsPerUser: iops("peruser"),
    dellDatabaseIops: databaseIops,
    logIops: iops("log"),
    dellDagDatabaseIops: iops("dag"),
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
