import { SizingError } from "./errors";
import { ceilCount } from "./rounding";

/**
 * How active copies sit in normal operation.
 * active/active: spread over every server of every site (Microsoft's preferred architecture; 004, 4.1).
 * active/passive: all in the first site; the others hold passive copies only (002, 4.1).
 */
export type DagLayout = "active/active" | "active/passive";

/** Failures the DAG must ride through (002 and 004, "Failure and Recovery Scenarios"). */
export const FAILURE_SCENARIOS = ["normal", "server", "site", "site+server"] as const;
export type FailureScenario = (typeof FAILURE_SCENARIOS)[number];

export interface DagDesign {
  users: number;
  /** Servers in each site, the first site first: [6, 3] for 002, [8, 8] for 004. */
  serversPerSite: readonly number[];
  /** Database copies, placed round-robin over the sites from the first: 3 over 2 sites → 2 + 1 (002). */
  copies: number;
  layout: DagLayout;
}

export interface FailoverLoad {
  /** Servers left to carry the active mailboxes. */
  survivingServers: number;
  /** Active mailboxes on the busiest surviving server: users spread evenly, rounded up. */
  activeMailboxesPerServer: number;
}

/** Copies of every database held in each site: round-robin from the first site. */
export function copiesPerSite(copies: number, sites: number): number[] {
  return Array.from({ length: sites }, (_, s) => Math.floor(copies / sites) + (s < copies % sites ? 1 : 0));
}

/**
 * Worst-case active mailboxes per surviving server — 002_65f0dd5fd4776492.txt, 4.1 (12,500 users,
 * 6 + 3 servers, local site down → "4,166" per server) and 004_1d3a339e6fd03f64.txt, 4.1 (7,600
 * users, 8 + 8 servers, a site and one more server down → 1,086).
 *
 * The calculator spreads the active copies evenly over the servers that hold copies, so the busiest
 * server carries ceil(users ÷ servers carrying them). Of the sites that could fail, the worst is the
 * one that leaves the fewest servers; a scenario that leaves some database without any copy is an
 * error, not a number.
 */
export function failoverLoad(design: DagDesign, scenario: FailureScenario): FailoverLoad {
  const { users, serversPerSite, copies, layout } = design;
  const sites = serversPerSite.length;
  const siteCopies = copiesPerSite(copies, sites);
  const total = serversPerSite.reduce((a, b) => a + b, 0);
  /** Users whose active copies live in site s in normal operation. */
  const siteUsers = (s: number) =>
    layout === "active/passive" ? (s === 0 ? users : 0) : (users * serversPerSite[s]) / total;

  let worst: FailoverLoad | undefined;
  const consider = (survivingServers: number, load: number) => {
    const perServer = ceilCount(load / survivingServers);
    if (worst === undefined || perServer > worst.activeMailboxesPerServer) {
      worst = { survivingServers, activeMailboxesPerServer: perServer };
    }
  };

  switch (scenario) {
    case "normal":
      for (let s = 0; s < sites; s++) if (siteUsers(s) > 0) consider(serversPerSite[s], siteUsers(s));
      break;
    case "server":
      // One server of a loaded site fails; its databases activate on the site's other copies.
      for (let s = 0; s < sites; s++) {
        if (siteUsers(s) === 0) continue;
        if (serversPerSite[s] < 2 || siteCopies[s] < 2) {
          throw new SizingError(
            "#N/A",
            `a server failure in site ${s + 1} leaves its databases without a copy in that site (${serversPerSite[s]} server(s), ${siteCopies[s]} copy/copies there)`,
          );
        }
        consider(serversPerSite[s] - 1, siteUsers(s));
      }
      break;
    case "site":
    case "site+server": {
      if (sites < 2) throw new SizingError("#N/A", "a DAG in one site cannot survive the loss of its site");
      const extraServer = scenario === "site+server" ? 1 : 0;
      for (let lost = 0; lost < sites; lost++) {
        const copiesLeft = copies - siteCopies[lost];
        const serversLeft = total - serversPerSite[lost] - extraServer;
        if (copiesLeft < 1 + extraServer || serversLeft < 1) {
          const then = extraServer ? " and then one more server" : "";
          throw new SizingError(
            "#N/A",
            `losing site ${lost + 1}${then} leaves databases without a copy: ${copies} copies over ${sites} sites keep ${copiesLeft} elsewhere`,
          );
        }
        consider(serversLeft, users);
      }
      break;
    }
  }
  return worst!;
}

/** The per-server database IOPS target: mailboxes × IOPS per mailbox, whole IOPS rounded up. */
export function targetIops(activeMailboxes: number, iopsPerMailbox: number): number {
  return ceilCount(activeMailboxes * iopsPerMailbox);
}
