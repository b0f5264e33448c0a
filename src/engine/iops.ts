import { DELL_RULES } from "./rules/dell";
import type { ExchangeVersion, IopsFactors } from "./tables";

// Each step compiled once over the steps before it (rules/dell.ts). The version is read as it is
// (2010, …, "SE"): the rules compare it with 2010 only.
const perUser = DELL_RULES.compile("iopsPerUser", ["messagesPerDay", "version", "copies"]);
const database = DELL_RULES.compile("databaseIops", ["users", "iopsPerUser"]);
const log = DELL_RULES.compile("logIops", ["databaseIops", "copies"]);
const dag = DELL_RULES.compile("dagIops", ["databaseIops", "copies"]);

export interface IopsRequirement {
  /** IOPS per mailbox, headroom included (0.18 for 2010 at 150 messages; 0.1206 for 2013+). */
  iopsPerUser: number;
  /** DBIOP — database IOPS of the active copies (000, Table 16 step 4). */
  databaseIops: number;
  /** LIOPS — log IOPS (000, Table 17). */
  logIops: number;
  /** Database IOPS counting every copy, as the calculator's per-DAG total (004, Figure 6). */
  dagDatabaseIops: number;
}

/**
 * Database and log IOPS.
 * 000_72e1ddb9bbd1ecac.txt, Table 16 (Exchange 2010):
 *   IOPU = SDBO × MSR / 1000, SDBO 1.2 with one copy, 1.0 in a DAG;  DBIOP = NU × IOPU × headroom
 * 002 / 004 (Exchange 2013+): IOPU = MSR × 0.00067 (no SDBO).
 * 000, Table 17:  LIOPS = (DBIOP × 0.5 × 0.5 + DBIOP × (copies − 1) × 0.1) × headroom
 */
export function iopsRequirement(
  users: number,
  messagesPerDay: number,
  copies: number,
  version: ExchangeVersion,
  f: IopsFactors,
): IopsRequirement {
  const iopsPerUser = perUser([messagesPerDay, version as number, copies], f);
  const databaseIops = database([users, iopsPerUser], f);
  return { iopsPerUser, databaseIops, logIops: log([databaseIops, copies], f), dagDatabaseIops: dag([databaseIops, copies], f) };
}
