import {
  IOPS_PER_MESSAGE,
  LOG_IOPS_SHARES,
  STANDALONE_DATABASE_OVERHEAD,
  type ExchangeVersion,
  type IopsFactors,
} from "./tables";

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
  const standaloneOverhead = version === 2010 && copies === 1 ? STANDALONE_DATABASE_OVERHEAD : 1;
  const iopsPerUser = messagesPerDay * IOPS_PER_MESSAGE[version] * standaloneOverhead * f.headroom;
  const databaseIops = users * iopsPerUser;
  const { logShareOfWrites, writeShareOfDatabase, perExtraCopy } = LOG_IOPS_SHARES;
  const logIops =
    (databaseIops * logShareOfWrites * writeShareOfDatabase + databaseIops * (copies - 1) * perExtraCopy) * f.headroom;
  return { iopsPerUser, databaseIops, logIops, dagDatabaseIops: databaseIops * copies };
}
