/**
 * The failure simulation of layout.ts (activate, scenarioLoads, worstCase, activeMailboxes) as
 * formula text, for the Distribution sheet (the sheet lays its cells out, the engine writes
 * their arithmetic). The copy layout's own renderings (layoutHomeFormula, layoutSiteFormula, …) and
 * EX_FAILOVER's closed forms are in excel-formulas.ts; these count over the sheet's helper cells
 * instead: each database's preferences on its grid row, and its home and next copies in helper columns.
 * Every argument is formula text (a cell, a range, a name) but a server's number, a count the sheet
 * knows when it is written (0-based, the first site's servers first); every rendering returns formula
 * text without "=". tests/workbook/distribution-sheet.test.ts holds the sheet equal to the engine.
 */
import { ceilCountFormula, operand } from "./excel-formulas";
import type { FailureScenario } from "./layout";

// ---------------------------------------------------------------------------------------------
// The grid

/** The databases the grid lays out: the first `gridRows` of them. */
export function databasesOnGridFormula(databases: string, gridRows: string): string {
  return `MIN(${databases},${gridRows})`;
}

/**
 * A server's active databases in normal running, in closed form at any count: database d is active
 * on the (d mod M)-th of the M active servers (layout.ts home), so ⌊D ÷ M⌋ each and one more on the
 * first D mod M; 0 on a server that hosts none.
 */
export function normalActiveDatabasesFormula(server: number, databases: string, activeServers: string): string {
  const [D, M] = [databases, activeServers].map(operand);
  const each = `ROUNDDOWN(${D}/${M},0)`;
  return `IF(${server}<${M},${each}+IF(${server}<${D}-${M}*${each},1,0),0)`;
}

/** The busiest server in normal running: ⌈D ÷ M⌉ (normalActiveDatabasesFormula's first server). */
export function normalBusiestFormula(databases: string, activeServers: string): string {
  return `ROUNDUP(${operand(databases)}/${operand(activeServers)},0)`;
}

// ---------------------------------------------------------------------------------------------
// Activation (layout.ts activate)

/**
 * What a copy that cannot activate adds to its preference (on a failed server; lagged): more than
 * any preference (layout.ts MAX_COPIES, 16), so the least penalised preference is never it.
 */
export const INACTIVE_PENALTY = 99;

/**
 * The server (1-based column of `preferenceRow`) a database is active on after a failure — layout.ts
 * activate: its non-lagged copy of the lowest preference on a running server; `lost` where none is
 * left. `preferences`: the database's cell on each server ("" where it has no copy); `penalties`:
 * each server's INACTIVE_PENALTY where it is down, else 0; `activatable`: the copies that can
 * activate, those of a higher preference lagged (undefined: none lagged). A penalised minimum
 * matches no preference, so MATCH fails: lost.
 */
export function activeServerFormula(preferences: readonly string[], penalties: readonly string[], preferenceRow: string, lost: string, activatable?: string): string {
  const terms = preferences.map((cell, s) => {
    const lagged = activatable === undefined ? "" : `+${INACTIVE_PENALTY}*(${cell}>${activatable})`;
    return `IF(ISNUMBER(${cell}),${cell}${lagged},${INACTIVE_PENALTY})+${penalties[s]}`;
  });
  return `IFERROR(MATCH(MIN(${terms.join(",")}),${preferenceRow},0),${lost})`;
}

/** A server's active databases: the databases whose active server (activeServerFormula's, a range) is it — activate's activeDatabases. */
export function activeDatabasesFormula(activeServers: string, server: number): string {
  return `COUNTIF(${activeServers},${server + 1})`;
}

/** Active mailboxes on a server of `databases` active: users spread evenly over the databases, rounded up — layout.ts activeMailboxes (E6). */
export function activeMailboxesFormula(databases: string, users: string, totalDatabases: string): string {
  return ceilCountFormula(`${operand(databases)}*${operand(users)}/${operand(totalDatabases)}`);
}

// ---------------------------------------------------------------------------------------------
// Each candidate failure's load on each server (layout.ts scenarioLoads), -1 where the server is down or none

/** Each database's helpers that the loads count, as ranges over the grid's rows (layout.ts scenarioLoads' S1, S2, O1, O2). */
export interface LoadColumns {
  /** Its active copy's server, 0-based (layoutHomeFormula). */
  home: string;
  /** Its second preference's server, 1-based. */
  second: string;
  /** Its home site, 1 or 2. */
  homeSite: string;
  /** Its first and second copies' servers in the other site, 1-based. */
  otherFirst: string;
  otherSecond: string;
}

/** Server `server`'s active databases in normal running, counted from the homes: scenarioLoads' A[g]. `servers`: the DAG's. */
export function normalLoadFormula(server: number, servers: string, c: Pick<LoadColumns, "home">): string {
  return `IF(${server}<${servers},COUNTIF(${c.home},${server}),-1)`;
}

/** Server `server`'s load when server `failed` fails: A[g] + B[f][g], f's databases moving to their second preference. `normalLoad`: A[g]'s cell. */
export function serverFailureLoadFormula(failed: number, server: number, servers: string, normalLoad: string, c: LoadColumns): string {
  if (failed === server) return "-1";
  return `IF(OR(${failed}>=${servers},${server}>=${servers}),-1,${normalLoad}+COUNTIFS(${c.home},${failed},${c.second},${server + 1}))`;
}

/**
 * Server `server`'s load when site `site` fails: A[g] + C[t][g], the site's databases moving to their
 * first copy in the other site. `serverSite`: the server's site, 1 or 2.
 */
export function siteFailureLoadFormula(site: 1 | 2, server: number, serverSite: string, servers: string, normalLoad: string, c: LoadColumns): string {
  return `IF(OR(${server}>=${servers},${serverSite}=${site}),-1,${normalLoad}+COUNTIFS(${c.homeSite},${site},${c.otherFirst},${server + 1}))`;
}

/**
 * Server `server`'s load when the site other than server `failed`'s fails, and then `failed`:
 * A[g] + C[t][g] + E[f][g] + B[f][g] — the lost site's databases to their first copy in this site, on
 * to their second where the first was `failed`, and `failed`'s own to their second preference.
 * `serverSite` and `failedSite`: the two servers' sites, 1 or 2.
 */
export function siteAndServerFailureLoadFormula(failed: number, server: number, serverSite: string, failedSite: string, servers: string, normalLoad: string, c: LoadColumns): string {
  if (failed === server) return "-1";
  const lostSite = `(3-${failedSite})`;
  return (
    `IF(OR(${failed}>=${servers},${server}>=${servers},${serverSite}<>${failedSite}),-1,${normalLoad}+COUNTIFS(${c.homeSite},${lostSite},${c.otherFirst},${server + 1})` +
    `+COUNTIFS(${c.homeSite},${lostSite},${c.otherFirst},${failed + 1},${c.otherSecond},${server + 1})+COUNTIFS(${c.home},${failed},${c.second},${server + 1}))`
  );
}

// ---------------------------------------------------------------------------------------------
// The worst case (layout.ts worstCase: of a scenario's candidates, the first whose busiest survivor carries the most)

/** The most active databases among `loads` (a range): a candidate's busiest survivor (-1 for a server down), or a scenario's worst candidate's. */
export function busiestFormula(loads: string): string {
  return `MAX(${loads})`;
}

/** The first candidate (1-based, of the range `busiest`) whose busiest survivor carries the most: ties keep the first. */
export function firstWorstFormula(busiest: string): string {
  return `MATCH(MAX(${busiest}),${busiest},0)`;
}

/** The site whose loss loads the survivors more, 1 or 2, from each site's candidate's busiest: ties keep site 1. */
export function worseSiteFormula(busiestSite1: string, busiestSite2: string): string {
  return `IF(${busiestSite2}>${busiestSite1},2,1)`;
}

/**
 * A site-and-server candidate's place in worstCase's order (scenarioFailures): site 1 lost with each
 * server of site 2, then site 2 lost with each of site 1; past them all (99) a server beyond the DAG's.
 */
export function siteAndServerOrderFormula(failed: number, servers: string, serversFirstSite: string): string {
  return `IF(${failed}>=${servers},99,IF(${failed}>=${serversFirstSite},${failed}-${serversFirstSite},${servers}+${failed}))`;
}

/** A candidate's key: its order where its busiest survivor carries the most of `allBusiest`, else past every order (999). */
export function worstKeyFormula(busiest: string, allBusiest: string, order: string): string {
  return `IF(AND(${busiest}>=0,${busiest}=MAX(${allBusiest})),${order},999)`;
}

/** The candidate of the least key (worstKeyFormula): worstCase's pick among candidates not in order of the range. */
export function leastKeyFormula(keys: string): string {
  return `MATCH(MIN(${keys}),${keys},0)`;
}

/**
 * Which failure the worst case picks, in closed form (exact at a balanced count, as layout.ts
 * balancedLoad) — the lost site (1 or 2) and the failed server (1-based). A site: site 2 when it is
 * the larger (its loss loads site 1's fewer survivors, and site 1 then loses one of fewer servers);
 * a site and a server: that site and the other site's first server. One server, active/active: the
 * first server of the site whose server's actives spread over fewer peers — its own site's others
 * (two activatable copies at home) or the other site's servers. Active/passive: the first server,
 * unless the active site is one server whose loss spreads its databases over a larger passive site,
 * when a passive server's loss (nothing moves) leaves the busiest as it was, and busier.
 * `activatableHomeCopies`: excel-formulas.ts activatableHomeCopiesFormula.
 */
export function closedWorstFailureFormulas(serversFirstSite: string, serversSecondSite: string, layout: string, activatableHomeCopies: string) {
  const [s1, s2, home] = [serversFirstSite, serversSecondSite, activatableHomeCopies].map(operand);
  const two = `ISNUMBER(${s2})`;
  const passive = `${operand(layout)}="active/passive"`;
  const lostSite = `IF(AND(${two},${s2}>${s1}),2,1)`;
  const firstServerOfSecondSite = `${s1}+1`;
  const secondSiteWorse = `IF(${passive},AND(${home}<2,${s1}=1,${s2}>1),IF(${home}>=2,${s2}<${s1},${s1}<${s2}))`;
  return {
    lostSite,
    /** The server of the "server" scenario. */
    failedServer: `IF(${two},IF(${secondSiteWorse},${firstServerOfSecondSite},1),1)`,
    /** The server of the "site+server" scenario. */
    failedWithSite: `IF(${lostSite}=2,1,${firstServerOfSecondSite})`,
  };
}

/**
 * The servers running in a failure scenario's worst case — layout.ts worstCase's runningServers, the
 * servers less the failed: one fewer; the other site's (`lostSite`, 1 or 2); the failed server's site's
 * less it (`failedServer`, 1-based).
 */
export function runningServersFormula(
  scenario: Exclude<FailureScenario, "normal">,
  c: { servers: string; serversFirstSite: string; serversSecondSite: string; lostSite: string; failedServer: string },
): string {
  const [total, s1, s2] = [c.servers, c.serversFirstSite, c.serversSecondSite].map(operand);
  switch (scenario) {
    case "server":
      return `${total}-1`;
    case "site":
      return `IF(${c.lostSite}=1,${s2},${s1})`;
    case "site+server":
      return `IF(${c.failedServer}<=${s1},${s1}-1,${s2}-1)`;
  }
}
