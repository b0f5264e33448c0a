/**
 * The engine's methods rendered as formulas of Excel's own functions (issue 7): what the customer
 * copy holds instead of the EXSIZE functions, so it stays live in Excel 2016+, Excel on the web and
 * LibreOffice with no add-in. One renderer per method, beside the arithmetic it mirrors; tests
 * (tests/engine/excel-formulas.test.ts) evaluate the text for thousands of random inputs and
 * compare with the worksheet functions, so the two cannot drift apart.
 *
 * Every argument is formula text (a defined name, a cell, an expression) without a leading "=";
 * every renderer returns formula text without the "=". Only functions every target computes:
 * arithmetic, ROUND, ROUNDUP, MAX, MIN, IF, AND, OR, ISNUMBER, VLOOKUP, INDEX, MATCH, NA, IFERROR —
 * no LET, LAMBDA or dynamic arrays.
 *
 * STUB: signatures fixed, bodies to be written.
 */
import type { FactorName } from "./tables";

/** How a factor's value is addressed: a cell of the factors table, or a default constant. */
export type FactorReference = (name: FactorName) => string;

export interface DatabaseArguments {
  users: string;
  quotaMB: string;
  messagesPerDay: string;
  messageKB: string;
  maxDatabaseGB: string;
}
export type DatabaseResult = "whitespace" | "dumpster" | "mailbox" | "total" | "count" | "database" | "volume";

/** EX_DBSIZE's results — 000_72e1ddb9bbd1ecac.txt, Table 14 (src/engine/database.ts). */
export function databaseFormula(result: DatabaseResult, a: DatabaseArguments, factor: FactorReference): string {
  throw new Error("not written yet");
}

export interface LogArguments {
  users: string;
  messagesPerDay: string;
  messageKB: string;
  databases: string;
}
export type LogResult = "logs" | "msf" | "perdatabase" | "daily" | "gb" | "volume";

/** EX_LOGVOL's results (and MSF, NDB, unrounded LVS) — 000, Table 15 (src/engine/logs.ts). */
export function logFormula(result: LogResult, a: LogArguments, factor: FactorReference): string {
  throw new Error("not written yet");
}

export interface IopsArguments {
  users: string;
  messagesPerDay: string;
  copies: string;
  /** Exchange version: 2010, 2013, 2016 or 2019. */
  version: string;
}
export type IopsResult = "peruser" | "database" | "log" | "dag";

/** EX_IOPS's results — 000 Tables 16-17, 002, 004 (src/engine/iops.ts). */
export function iopsFormula(result: IopsResult, a: IopsArguments, factor: FactorReference): string {
  throw new Error("not written yet");
}

export interface SpindleArguments {
  iops: string;
  /** RAID level text: "RAID5", "RAID10", … */
  raid: string;
  /** Random IOPS per disk (see diskIopsFormula). */
  diskIops: string;
  readRatio: string;
}

/** IOPS per disk for a disk given by class name or number, looked up in a name|IOPS range, then the built-in classes. */
export function diskIopsFormula(disk: string, diskClasses: string): string {
  throw new Error("not written yet");
}

/** EX_SPINDLES(iops, raid, disk, readRatio,,,,"disks") — 001, Phase 2 (src/engine/spindles.ts). */
export function spindlesFormula(a: SpindleArguments): string {
  throw new Error("not written yet");
}

/** Arrays one copy needs of one catalogue row — 000, 3.4.1 (src/engine/arrays.ts). */
export function arraysPerCopyFormula(capacityGB: string, iops: string, usableGB: string, arrayIops: string): string {
  throw new Error("not written yet");
}

export interface FailoverArguments {
  users: string;
  /** Servers in the first site, and in a second site (an empty cell: one site). */
  serversFirstSite: string;
  serversSecondSite: string;
  copies: string;
  /** "active/active" or "active/passive". */
  layout: string;
  iopsPerMailbox: string;
}
export type FailoverScenario = "normal" | "server" | "site" | "site+server";
export type FailoverResult = "servers" | "mailboxes" | "target";

/** EX_FAILOVER — 002 and 004, 4.1 (src/engine/failover.ts); NA() where the scenario is not survivable. */
export function failoverFormula(scenario: FailoverScenario, result: FailoverResult, a: FailoverArguments): string {
  throw new Error("not written yet");
}

/** EX_SERVER — 003 (src/engine/server.ts). */
export function serverFormula(result: "cores" | "memory", mailboxes: string, factor: FactorReference): string {
  throw new Error("not written yet");
}

export interface JetstressArguments {
  achievedIops: string;
  targetIops: string;
  dbReadLatencyMs: string;
  logWriteLatencyMs: string;
  /** Cells that may be empty (no peak reported). */
  dbReadPeakMs: string;
  logWritePeakMs: string;
}

/** EX_JETSTRESS — 000, 3.1.3 (src/engine/jetstress.ts): "pass"/"fail", or the reason text. */
export function jetstressFormula(result: "verdict" | "reason", a: JetstressArguments): string {
  throw new Error("not written yet");
}
