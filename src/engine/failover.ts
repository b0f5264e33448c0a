/**
 * Failure scenarios over the copy layout (layout.ts): which server carries the most active
 * mailboxes when a server, a site, or a site and one more server fail — 002_65f0dd5fd4776492.txt,
 * 4.1 (12,500 users, 6 + 3 servers, local site down → "4,166" a server) and
 * 004_1d3a339e6fd03f64.txt, 4 and 4.1 (7,600 users in 336 databases, 8 + 8 servers: 21 / 24 / 42 /
 * 48 active databases, 475 / 543 / 950 / 1,086 mailboxes on the busiest server).
 *
 * No closed formula guesses where a failed server's databases go: the layout says, and each
 * affected database activates on its next surviving copy in preference order.
 */
import { databaseCapacity } from "./database";
import { SizingError } from "./errors";
import {
  activeMailboxes,
  balancedDatabaseCount,
  copyLayout,
  defaultNames,
  worstCase,
  type CopyLayout,
  type DagLayout,
  type FailureScenario,
  type LayoutNames,
  type ScenarioOutcome,
} from "./layout";
import { LAYOUT_RULES } from "./rules/layout";
import { FACTOR_DEFAULTS } from "./tables";

export { copiesPerSite, FAILURE_SCENARIOS, type DagLayout, type FailureScenario } from "./layout";

export interface DagDesign {
  users: number;
  /** Servers in each site, the first site first: [6, 3] for 002, [8, 8] for 004. */
  serversPerSite: readonly number[];
  /** Database copies, spread round-robin over the sites from the active copy's site: 3 over 2 sites → 2 + 1 (002). */
  copies: number;
  layout: DagLayout;
  /** Databases in the DAG; default defaultDatabaseCount(users, design). */
  databases?: number;
  /** Lagged copies of each database, never activated; default 0. */
  laggedCopies?: number;
}

export interface FailoverLoad {
  /** Servers still running in the worst case of the scenario. */
  survivingServers: number;
  /** Active databases on the busiest running server. */
  activeDatabasesPerServer: number;
  /** Active mailboxes on the busiest running server: its databases × users ÷ databases, rounded up. */
  activeMailboxesPerServer: number;
  /** Databases in the DAG (given, or the default). */
  databases: number;
  outcome: ScenarioOutcome;
}

/**
 * The reference mailbox profile of SIZING.md §6 (000_72e1ddb9bbd1ecac.txt, 3.4.2): 2,048 MB quota,
 * 150 messages a day of 75 KB, databases of at most 1,024 GB.
 */
export const REFERENCE_PROFILE = { quotaMB: 2048, messagesPerDay: 150, messageKB: 75, maxDatabaseGB: 1024 } as const;

/**
 * Databases when none are given: EX_DBSIZE's count for the users at the reference profile,
 * rounded up to a balanced count (layout.ts balancedDatabaseCount), as the calculator rounds its
 * count so copies lay out evenly. 7,600 users → 18 → 112 for 004's design (336 is 3 × 112);
 * 12,500 users → 29 → 30 for 002's.
 */
export function defaultDatabaseCount(users: number, design: Omit<DagDesign, "users" | "databases">): number {
  const p = REFERENCE_PROFILE;
  const count = databaseCapacity(users, p.quotaMB, p.messagesPerDay, p.messageKB, p.maxDatabaseGB, FACTOR_DEFAULTS).databaseCount;
  return balancedDatabaseCount(count, design);
}

/** The layout of a DAG design, memoised: a sheet asks for the same design in many cells. */
const recent = new Map<string, CopyLayout>();
export function layoutOf(design: Omit<DagDesign, "users"> & { databases: number }): CopyLayout {
  const key = JSON.stringify([design.serversPerSite, design.copies, design.layout, design.databases, design.laggedCopies ?? 0]);
  const hit = recent.get(key);
  if (hit) return hit;
  const layout = copyLayout(design);
  if (recent.size >= 16) recent.delete(recent.keys().next().value as string);
  recent.set(key, layout);
  return layout;
}

/** The databases of a design: the given count, or the default for its users. */
export function databasesOf(design: DagDesign): number {
  return design.databases ?? defaultDatabaseCount(design.users, design);
}

/**
 * The worst case of a scenario and the load on its busiest running server. An unsurvivable
 * scenario, or a design that cannot exist, is a SizingError saying why.
 */
export function failoverLoad(design: DagDesign, scenario: FailureScenario, names?: LayoutNames): FailoverLoad {
  const databases = databasesOf(design);
  const layout = layoutOf({ ...design, databases });
  const outcome = worstCase(layout, scenario, names ?? defaultNames(layout.siteOfServer.length, databases));
  return {
    survivingServers: outcome.runningServers,
    activeDatabasesPerServer: outcome.busiestDatabases,
    activeMailboxesPerServer: activeMailboxes(outcome.busiestDatabases, design.users, databases),
    databases,
    outcome,
  };
}

export interface ServerLoad {
  server: number;
  running: boolean;
  activeDatabases: number;
  activeMailboxes: number;
  /** Database IOPS target, when an IOPS per mailbox is given. */
  targetIops?: number;
}

export interface ScenarioReport {
  scenario: FailureScenario;
  /** Undefined where the scenario is survivable; else why not. */
  error?: SizingError;
  failedServers: number[];
  lostSite?: number;
  runningServers: number;
  busiestServer: number;
  perServer: ServerLoad[];
}

/** Every scenario's worst case, server by server: what `exsize layout` prints and the Distribution sheet tabulates. */
export function failoverReport(design: DagDesign, iopsPerMailbox?: number, names?: LayoutNames): ScenarioReport[] {
  const databases = databasesOf(design);
  const layout = layoutOf({ ...design, databases });
  const serverCount = layout.siteOfServer.length;
  const n = names ?? defaultNames(serverCount, databases);
  const scenarios: FailureScenario[] = ["normal", "server", "site", "site+server"];
  return scenarios.map((scenario) => {
    try {
      const o = worstCase(layout, scenario, n);
      const perServer = o.activation.activeDatabases.map((count, server) => {
        const running = !o.activation.failed.includes(server);
        const mailboxes = activeMailboxes(count, design.users, databases);
        return { server, running, activeDatabases: count, activeMailboxes: mailboxes, ...(iopsPerMailbox === undefined ? {} : { targetIops: targetIops(mailboxes, iopsPerMailbox) }) };
      });
      return { scenario, failedServers: o.activation.failed.slice(), lostSite: o.lostSite, runningServers: o.runningServers, busiestServer: o.busiestServer, perServer };
    } catch (e) {
      if (!(e instanceof SizingError)) throw e;
      return { scenario, error: e, failedServers: [], runningServers: 0, busiestServer: -1, perServer: [] };
    }
  });
}

/**
 * The IOPS a mailbox Jetstress is given: the design's, rounded up to the ESRPs' three decimals — 004
 * §5 "Simulated profile: IOPS per mailbox 0.121" for the calculator's 0.1206. Up, so a target is never
 * below the requirement (erratum E3).
 */
export function jetstressIopsPerMailbox(iopsPerMailbox: number): number {
  return jetstressIopsOf([iopsPerMailbox], {});
}
const jetstressIopsOf = LAYOUT_RULES.compile("jetstressIopsPerMailbox", ["iopsPerMailbox"]);
const targetIopsOf = LAYOUT_RULES.compile("targetIops", ["mailboxes", "iopsPerMailbox"]);

/**
 * The per-server database IOPS target: mailboxes × the IOPS a mailbox Jetstress is given, whole IOPS
 * rounded up — 1,086 × 0.121 = 131.4 → 132, 004 Table 9's "Target Disk Transfers/sec".
 */
export function targetIops(activeMailboxes: number, iopsPerMailbox: number): number {
  return targetIopsOf([activeMailboxes, iopsPerMailbox], {});
}
