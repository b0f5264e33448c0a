/**
 * The capacity a copy of the databases must be given, counted from the totals.
 *
 * The volumes as provisioned (000_72e1ddb9bbd1ecac.txt, Tables 18-19: whole GB, half up, one database
 * and one log volume per database) add up to the paper's 15,768 GB, but that sum can fall when the
 * load rises: a new database makes every volume smaller and rounds each anew, and the users per
 * database are rounded up per database. What is bought (arrays) must never fall, so it is counted
 * from the unrounded requirement, which only grows, with a bound on what rounding can add:
 *   database data  DBS × contentIndex × volumeFree                 (Table 14 step 7, all databases)
 *   logs           (NU + DB − 1) × NL × MSF × LFS × moveFactor × truncationDays × overhead / 1024
 *                  (Table 15: DB × ceil(NU / DB) ≤ NU + DB − 1 users' logs)
 *   rounding       each volume is provisioned at most max(1 GB, its requirement + 0.5 GB), so the
 *                  DB volumes of a kind hold at most max(DB, requirement + DB / 2)
 * rounded up to whole GB. Every term is non-decreasing in users, quota, messages and message size
 * (DB never falls), and the result is never below the provisioned volumes' sum. docs/whole-design.md.
 */
import type { DatabaseCapacity } from "./database";
import { ceilCountFormula, type FactorReference } from "./excel-formulas";
import { ceilCount } from "./rounding";
import type { LogCapacity } from "./logs";
import type { DatabaseFactors, LogFactors } from "./tables";

export function capacityToProvisionGB(
  users: number,
  database: Pick<DatabaseCapacity, "totalDatabaseGB" | "databaseCount">,
  logs: Pick<LogCapacity, "logFilesPerUserPerDay" | "messageSizeFactor">,
  f: Pick<DatabaseFactors, "contentIndex" | "volumeFree"> & Pick<LogFactors, "logFileMB" | "moveFactor" | "truncationDays" | "overhead">,
): number {
  const db = database.databaseCount;
  const data = database.totalDatabaseGB * f.contentIndex * f.volumeFree;
  const logGB = ((users + db - 1) * logs.logFilesPerUserPerDay * logs.messageSizeFactor * f.logFileMB * f.moveFactor * f.truncationDays * f.overhead) / 1024;
  return ceilCount(Math.max(db, data + db / 2) + Math.max(db, logGB + db / 2));
}

/** capacityToProvisionGB as formula text, each argument a cell or name; the factors by `factor`. */
export function capacityToProvisionFormula(
  c: { users: string; databases: string; totalDatabaseGB: string; logFilesPerUserPerDay: string; messageSizeFactor: string },
  factor: FactorReference,
): string {
  const db = c.databases;
  const data = `${c.totalDatabaseGB}*${factor("contentIndex")}*${factor("volumeFree")}`;
  const logGB = `(${c.users}+${db}-1)*${c.logFilesPerUserPerDay}*${c.messageSizeFactor}*${factor("logFileMB")}*${factor("moveFactor")}*${factor("truncationDays")}*${factor("overhead")}/1024`;
  return ceilCountFormula(`MAX(${db},${data}+${db}/2)+MAX(${db},${logGB}+${db}/2)`);
}
