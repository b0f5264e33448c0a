/**
 * The DAG copy layout: every database copy on a server, with its activation preference, as the
 * Distribution sheet of Microsoft's Exchange Server Role Requirements Calculator lays them out
 * (docs/dag-layout.md). 004_1d3a339e6fd03f64.txt, 4 and Figures 3–5: 16 servers in two
 * sites, 4 copies, 336 databases, 21 active copies a server in normal running.
 *
 * The rule — a symmetric rotation, written so that the preference of (database, server) has a
 * closed form (`layoutPreference`) and the Distribution sheet can be a native formula:
 *
 * - Active copies (preference 1) are dealt round-robin over the servers that host actives: all
 *   servers, site by site, for active/active; the first site's for active/passive. Database d sits
 *   on the (d mod M)-th of those M servers, in round ρ = floor(d / M).
 * - Copies are spread over the sites round-robin from the database's home site (3 copies over 2
 *   sites: 2 at home, 1 in the other site — 002, 4.1). Preferences run through the home site's
 *   copies first, then the next site's, and so on (the calculator's export, ExchangeDsc
 *   source/Examples/EndToEndExample/Calculators/Prod/MailboxDatabaseCopies.csv).
 * - In the home site (n servers, home position i), the k-th further copy sits at position
 *   i + 1 + ((ρ + k − 1) mod (n − 1)): as ρ runs, a server's databases send their second copy to
 *   each other server of the site in turn, so a failed server's actives spread evenly.
 * - In another site (n servers) the first copy sits at position (i + ρ) mod n and its further
 *   copies rotate after it as in the home site. With equal sites this is the calculator's mirror
 *   (server i's databases fall on server i + ρ there, a bijection for every round).
 * - Active/passive, a passive site follows its own sequence over the databases (passiveSiteCopy),
 *   as even as the count allows when the first site fails and when one more server does.
 * - Lagged copies are the last `laggedCopies` in preference order, and never activate.
 */
import { SizingError } from "./errors";
import { ceilCount } from "./rounding";
import { LAYOUT_RULES, type LayoutRule } from "./rules/layout";
import type { Compiled, Value } from "./rules/rule";

const mostMountedOf = LAYOUT_RULES.compile("mostMountedDatabases", ["copies", "copiesFirstSite", "serversFirstSite", "serversSecondSite", "twoSites", "passive", "most"]);

/**
 * The inputs of the copy layout's rules for a valid design of one or two sites, in LAYOUT_INPUTS' order: the
 * design's, then its activation unit (rules/layout.ts activationUnit). The unit is computed rule by rule, each once
 * (a compiled rule inlines what it reads, and the balanced rounds read each rotation two or three times), and kept
 * by the design's shape: a search (fit.ts) asks for the same few shapes hundreds of thousands of times.
 */
const DESIGN_INPUTS = ["copies", "copiesFirstSite", "serversFirstSite", "serversSecondSite", "twoSites", "passive", "laggedCopies"] as const;
export const LAYOUT_INPUTS = [...DESIGN_INPUTS, "activationUnit"] as const;
// Each computed over the design and those before it, in this order.
const UNIT_CHAIN = ["activeActive", "homeActivatable", "otherActivatable", "withinFirstSite", "withinSecondSite", "toSecondSite", "toFirstSite", "balancingRounds", "activationUnit"] as const;
const unitChain = UNIT_CHAIN.map((key, k) => LAYOUT_RULES.compileAt(key, [...DESIGN_INPUTS, ...UNIT_CHAIN.slice(0, k)]));
const NO_SLOTS: readonly number[] = [];
const UNITS = new Map<number, number>();
export function layoutInputs(design: Pick<LayoutDesign, "serversPerSite" | "copies" | "laggedCopies" | "layout">): Value[] {
  const [n1, n2 = 0] = design.serversPerSite;
  const { copies } = design;
  const lagged = design.laggedCopies ?? 0;
  const passive = design.layout === "active/passive";
  const values: Value[] = [copies, n2 > 0 ? Math.ceil(copies / 2) : copies, n1, n2, n2 > 0, passive, lagged];
  // Servers, copies and lag are whole numbers of at most 16 (validateLayoutDesign): the shape is one number, of 167,042 at most.
  const shape = (((n1 * 17 + n2) * 17 + copies) * 17 + lagged) * 2 + (passive ? 1 : 0);
  let unit = UNITS.get(shape);
  if (unit === undefined) {
    const chain = values.slice();
    for (let k = 0; k < unitChain.length; k++) chain.push(unitChain[k](chain, NO_SLOTS));
    unit = chain[chain.length - 1] as number;
    UNITS.set(shape, unit);
  }
  values.push(unit);
  return values;
}
const balancedOf = LAYOUT_RULES.compileAt("balancedDatabases", [...LAYOUT_INPUTS, "minimum"]);

/**
 * How active copies sit in normal operation.
 * active/active: spread over every server of every site (Microsoft's preferred architecture; 004, 4.1).
 * active/passive: all in the first site; the others hold passive copies only (002, 4.1).
 */
export type DagLayout = "active/active" | "active/passive";

export interface LayoutDesign {
  /** Servers in each site, the first site first: [6, 3] for 002, [8, 8] for 004. One to four sites, 16 servers at most. */
  serversPerSite: readonly number[];
  /** Copies of each database, the active one included: 1 to 16. */
  copies: number;
  layout: DagLayout;
  /** Databases in the DAG. */
  databases: number;
  /** Copies of each database that replay with a lag and are left out of activation; default 0. */
  laggedCopies?: number;
}

export interface DatabaseCopy {
  /** The server's index, 0-based, in site order. */
  server: number;
  /** Activation preference, 1 for the active copy in normal running. */
  preference: number;
  lagged: boolean;
}

export interface CopyLayout {
  design: Required<LayoutDesign>;
  /** The site of each server (0-based). */
  siteOfServer: readonly number[];
  /** For each database, its copies in preference order. */
  copies: readonly (readonly DatabaseCopy[])[];
}

export const MAX_SITES = 4;
export const MAX_SERVERS = 16;
export const MAX_COPIES = 16;

/** Copies of every database held in each site, round-robin from the first: 3 over 2 sites → 2 + 1 (002). */
export function copiesPerSite(copies: number, sites: number): number[] {
  // A loop, not Array.from: a search (fit.ts) reads this millions of times.
  const each: number[] = [];
  for (let s = 0; s < sites; s++) each.push(Math.floor(copies / sites) + (s < copies % sites ? 1 : 0));
  return each;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const mod = (a: number, n: number) => ((a % n) + n) % n;

/** The sites that host active copies: all for active/active, the first for active/passive. */
function activeSites(design: LayoutDesign): number[] {
  return design.layout === "active/passive" ? [0] : design.serversPerSite.map((_, s) => s);
}

/**
 * A design that cannot hold its copies is a SizingError saying why: a server never holds two
 * copies of one database, so each site holds at most as many copies as it has servers.
 */
export function validateLayoutDesign(design: LayoutDesign): Required<LayoutDesign> {
  const { serversPerSite, copies, layout, databases } = design;
  const lagged = design.laggedCopies ?? 0;
  const sites = serversPerSite.length;
  const total = sum(serversPerSite);
  const whole = (n: number) => Number.isInteger(n);
  if (sites < 1 || sites > MAX_SITES) throw new SizingError("#VALUE!", `a DAG spans 1 to ${MAX_SITES} sites; got ${sites}`);
  if (!serversPerSite.every((n) => whole(n) && n >= 1)) throw new SizingError("#VALUE!", `every site needs at least one server; got ${serversPerSite.join(" + ")}`);
  if (total > MAX_SERVERS) throw new SizingError("#VALUE!", `a DAG has at most ${MAX_SERVERS} servers; got ${serversPerSite.join(" + ")}`);
  if (!whole(copies) || copies < 1 || copies > MAX_COPIES) throw new SizingError("#VALUE!", `copies must be a whole number from 1 to ${MAX_COPIES}; got ${copies}`);
  if (!whole(databases) || databases < 1) throw new SizingError("#VALUE!", `databases must be a whole number of at least 1; got ${databases}`);
  if (!whole(lagged) || lagged < 0 || lagged >= copies) {
    throw new SizingError("#VALUE!", `lagged copies must be a whole number from 0 to copies − 1 (${copies - 1}): the active copy is never lagged; got ${lagged}`);
  }
  if (copies > total) {
    throw new SizingError("#VALUE!", `${plural(copies, "copy", "copies")} of each database need ${copies} servers, and the DAG has ${total}: a server cannot hold two copies of one database`);
  }
  for (const home of activeSites(design)) {
    const perSite = copiesPerSite(copies, sites);
    for (let j = 0; j < sites; j++) {
      const site = (home + j) % sites;
      if (perSite[j] > serversPerSite[site]) {
        const from = sites === 1 ? "" : ` over ${sites} sites (round-robin from the active copy's site)`;
        throw new SizingError(
          "#VALUE!",
          `${plural(copies, "copy", "copies")}${from} put ${perSite[j]} in site ${site + 1}, which has ${plural(serversPerSite[site], "server")}: a server cannot hold two copies of one database`,
        );
      }
    }
  }
  return { serversPerSite: [...serversPerSite], copies, layout, databases, laggedCopies: lagged };
}

/** Where database d's active copy lives: its home site, position there, and round. */
function home(design: LayoutDesign, d: number): { site: number; position: number; round: number } {
  const { serversPerSite } = design;
  if (design.layout === "active/passive") {
    const m = serversPerSite[0];
    return { site: 0, position: d % m, round: Math.floor(d / m) };
  }
  const total = sum(serversPerSite);
  let g = d % total;
  let site = 0;
  while (g >= serversPerSite[site]) g -= serversPerSite[site++];
  return { site, position: g, round: Math.floor(d / total) };
}

/** Each site's first server index. */
function firstServers(serversPerSite: readonly number[]): number[] {
  return serversPerSite.map((_, s) => sum(serversPerSite.slice(0, s)));
}

/**
 * Active/passive: where database d's copies sit in a passive site of n servers, the site's own sequence
 * — the first at n − 1 − (d mod n), the further ones rotating after it as in the home site, by
 * d mod (n − 1) — even at every count: d runs through blocks of n − 1 that all put their second copy on
 * one server σ (σ = 0, 1, … in turn), their first copies on the others. When the first site fails the
 * site carries ⌈D ÷ n⌉ of D databases at most a server, and when one more of its servers fails
 * ⌈D ÷ (n − 1)⌉: the least any layout of the count achieves (tests/engine/layout.test.ts, against a
 * brute force). Keyed on the home site's rounds the site was even only at balanced counts (56
 * databases on 8 + 3 servers: 30 on one of the two servers left, where 28 is reachable).
 */
export function passiveSiteCopy(d: number, n: number): { first: number; round: number } {
  return n === 1 ? { first: 0, round: 0 } : { first: n - 1 - (d % n), round: d % (n - 1) };
}

/** Database d's copies in preference order, as server indices (0-based). */
function placeDatabase(design: Required<LayoutDesign>, d: number, first: readonly number[], perSite: readonly number[]): number[] {
  const { serversPerSite } = design;
  const sites = serversPerSite.length;
  const { site: h, position: i, round: rho } = home(design, d);
  const passive = design.layout === "active/passive";
  const servers: number[] = [];
  for (let j = 0; j < sites; j++) {
    const t = (h + j) % sites;
    const n = serversPerSite[t];
    if (perSite[j] === 0) continue;
    const own = passive && j > 0 ? passiveSiteCopy(d, n) : undefined;
    const base = j === 0 ? i : own !== undefined ? own.first : (i + rho) % n;
    const turn = own !== undefined ? own.round : rho;
    servers.push(first[t] + base);
    for (let k = 1; k < perSite[j]; k++) servers.push(first[t] + ((base + 1 + ((turn + k - 1) % (n - 1))) % n));
  }
  return servers;
}

/** The layout of every database copy. Throws a SizingError for a design that cannot exist. */
export function copyLayout(design: LayoutDesign): CopyLayout {
  const valid = validateLayoutDesign(design);
  const first = firstServers(valid.serversPerSite);
  const siteOfServer = valid.serversPerSite.flatMap((n, s) => Array<number>(n).fill(s));
  // The copies each site holds, the same for every database: worked out once, not once a database.
  const perSite = copiesPerSite(valid.copies, valid.serversPerSite.length);
  const copies: DatabaseCopy[][] = [];
  for (let d = 0; d < valid.databases; d++) {
    const servers = placeDatabase(valid, d, first, perSite);
    copies.push(servers.map((server, k) => ({ server, preference: k + 1, lagged: k >= valid.copies - valid.laggedCopies })));
  }
  return { design: valid, siteOfServer, copies };
}

/**
 * The activation preference of database `database`'s copy on server `server` (both 0-based), or
 * undefined where that server holds no copy — the closed form behind copyLayout, which
 * excel-formulas.ts renders as layoutPreferenceFormula for the Distribution sheet.
 */
export function layoutPreference(design: LayoutDesign, database: number, server: number): number | undefined {
  const { serversPerSite, copies } = design;
  const sites = serversPerSite.length;
  const first = firstServers(serversPerSite);
  let t = sites - 1;
  while (server < first[t]) t--;
  const q = server - first[t];
  const n = serversPerSite[t];
  const { site: h, position: i, round: rho } = home(design, database);
  const j = mod(t - h, sites);
  const perSite = copiesPerSite(copies, sites);
  if (perSite[j] === 0) return undefined;
  const before = sum(perSite.slice(0, j));
  const own = design.layout === "active/passive" && j > 0 ? passiveSiteCopy(database, n) : undefined;
  const base = j === 0 ? i : own !== undefined ? own.first : (i + rho) % n;
  const turn = own !== undefined ? own.round : rho;
  if (q === base) return before + 1;
  const k = mod(mod(q - base, n) - 1 - turn, n - 1) + 1;
  return k < perSite[j] ? before + 1 + k : undefined;
}

// ---------------------------------------------------------------------------------------------
// Failure simulation

/** Which copy of every database is active when `failed` servers are down. */
export interface Activation {
  failed: readonly number[];
  /** Active databases on each server (0 on a failed one). */
  activeDatabases: number[];
  /** The server each database is active on, or -1 where no non-lagged copy is left running. */
  activeServer: number[];
  /** Databases left without an active copy (0-based). */
  lost: number[];
}

/**
 * The calculator's activation rule: every database is active on its non-lagged copy with the
 * lowest preference number on a running server (a database whose active copy survives stays put).
 */
export function activate(layout: CopyLayout, failed: Iterable<number>): Activation {
  const down = new Set(failed);
  const activeDatabases = Array<number>(layout.siteOfServer.length).fill(0);
  const activeServer: number[] = [];
  const lost: number[] = [];
  layout.copies.forEach((copies, d) => {
    const copy = copies.find((c) => !c.lagged && !down.has(c.server));
    if (copy === undefined) {
      activeServer.push(-1);
      lost.push(d);
    } else {
      activeServer.push(copy.server);
      activeDatabases[copy.server]++;
    }
  });
  return { failed: [...down].sort((a, b) => a - b), activeDatabases, activeServer, lost };
}

/** Failures the DAG must ride through (002 and 004, "Failure and Recovery Scenarios"). */
export const FAILURE_SCENARIOS = ["normal", "server", "site", "site+server"] as const;
export type FailureScenario = (typeof FAILURE_SCENARIOS)[number];

export interface ScenarioOutcome {
  scenario: FailureScenario;
  activation: Activation;
  /** The lost site (0-based), for "site" and "site+server". */
  lostSite?: number;
  runningServers: number;
  /** The first busiest running server and its active databases. */
  busiestServer: number;
  busiestDatabases: number;
}

/** Names used in messages and exports: MBX01…, DB001…, unless the caller gives its own. */
export interface LayoutNames {
  server: (index: number) => string;
  database: (index: number) => string;
}

export function defaultNames(servers: number, databases: number): LayoutNames {
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  const dbWidth = Math.max(2, String(databases).length);
  const serverWidth = Math.max(2, String(servers).length);
  return { server: (s) => `MBX${pad(s + 1, serverWidth)}`, database: (d) => `DB${pad(d + 1, dbWidth)}` };
}

/** The candidate failures of a scenario, in the order they are considered (ties keep the first). */
export function scenarioFailures(layout: CopyLayout, scenario: FailureScenario): Array<{ failed: number[]; lostSite?: number }> {
  const servers = layout.siteOfServer.length;
  const all = Array.from({ length: servers }, (_, s) => s);
  switch (scenario) {
    case "normal":
      return [{ failed: [] }];
    case "server":
      return all.map((s) => ({ failed: [s] }));
    case "site":
    case "site+server": {
      const sites = layout.design.serversPerSite.length;
      const out: Array<{ failed: number[]; lostSite?: number }> = [];
      for (let t = 0; t < sites; t++) {
        const inSite = all.filter((s) => layout.siteOfServer[s] === t);
        if (scenario === "site") out.push({ failed: inSite, lostSite: t });
        else for (const s of all) if (layout.siteOfServer[s] !== t) out.push({ failed: [...inSite, s], lostSite: t });
      }
      return out;
    }
  }
}

function describeFailure(layout: CopyLayout, failed: readonly number[], lostSite: number | undefined, names: LayoutNames): string {
  if (lostSite === undefined) return failed.length === 1 ? `losing server ${names.server(failed[0])}` : `losing ${failed.map(names.server).join(", ")}`;
  const extra = failed.filter((s) => layout.siteOfServer[s] !== lostSite);
  return `losing site ${lostSite + 1}${extra.length ? ` and then server ${extra.map(names.server).join(", ")}` : ""}`;
}

/** "DB01, DB05, DB09 and 18 more" */
export function nameList(indices: readonly number[], name: (i: number) => string, shown = 6): string {
  const head = indices.slice(0, shown).map(name).join(", ");
  return indices.length > shown ? `${head} and ${indices.length - shown} more` : head;
}

/**
 * The worst case of a scenario: of its candidate failures (every server, every site, every site and
 * one more server), the one whose busiest running server carries the most active databases. A
 * scenario in which any candidate leaves a database without a non-lagged copy on a running server
 * is not survivable: an #N/A that names the failure and the databases.
 */
export function worstCase(layout: CopyLayout, scenario: FailureScenario, names?: LayoutNames): ScenarioOutcome {
  const sites = layout.design.serversPerSite.length;
  const n = names ?? defaultNames(layout.siteOfServer.length, layout.copies.length);
  if ((scenario === "site" || scenario === "site+server") && sites < 2) {
    throw new SizingError("#N/A", "a DAG in one site cannot survive the loss of its site");
  }
  let worst: ScenarioOutcome | undefined;
  for (const { failed, lostSite } of scenarioFailures(layout, scenario)) {
    const activation = activate(layout, failed);
    if (activation.lost.length > 0) {
      throw new SizingError(
        "#N/A",
        `${describeFailure(layout, failed, lostSite, n)} leaves ${plural(activation.lost.length, "database")} without an active copy: ${nameList(activation.lost, n.database)}`,
      );
    }
    let busiestServer = -1;
    let busiestDatabases = -1;
    activation.activeDatabases.forEach((count, s) => {
      if (!failed.includes(s) && count > busiestDatabases) [busiestServer, busiestDatabases] = [s, count];
    });
    if (worst === undefined || busiestDatabases > worst.busiestDatabases) {
      worst = { scenario, activation, lostSite, runningServers: layout.siteOfServer.length - failed.length, busiestServer, busiestDatabases };
    }
  }
  return worst!;
}

/** Active mailboxes on a server with `databases` active: users spread evenly over the databases, rounded up (E6). */
export function activeMailboxes(databases: number, users: number, totalDatabases: number): number {
  return ceilCount((databases * users) / totalDatabases);
}

// ---------------------------------------------------------------------------------------------
// Balance: the database count that spreads every scenario evenly, and the closed forms that follow

/**
 * Copies of each database that can activate in its home site and in the next. Copies are spread
 * over all the sites (3 copies over 3 sites: one in each, not two at home, where the
 * two-site spread gave a period of 0 and a NaN count); the lagged ones are the last in preference
 * order, so they come off the last sites first.
 */
export function activatableCopies(design: Pick<LayoutDesign, "serversPerSite" | "copies" | "laggedCopies">): { home: number; other: number } {
  const perSite = copiesPerSite(design.copies, design.serversPerSite.length);
  const activatable = design.copies - (design.laggedCopies ?? 0);
  const [home, other = 0] = perSite;
  return { home: Math.min(home, activatable), other: Math.max(0, Math.min(other, activatable - home)) };
}

/**
 * The rounds (databases per active server) whose multiples make every scenario spread exactly
 * evenly: the product of the distinct periods of the rotations a failure exercises (a multiple of
 * their least common multiple; equal to it for 002 and 004). One or two sites; for three or four,
 * the periods of the home site and the next.
 *
 * - a server's failure within its site: n − 1 (when the home site holds two activatable copies);
 * - a server's failure to the other site (one copy at home): that site's n (active/active only —
 *   with active/passive the other site carries less than the active one anyway);
 * - a site's failure: the surviving site's n, unless it divides the lost site's;
 * - a site and a server: the surviving site's n − 1 (two activatable copies there).
 */
export function balancingPeriods(design: Pick<LayoutDesign, "serversPerSite" | "copies" | "laggedCopies" | "layout">): number[] {
  const [n1, n2] = design.serversPerSite;
  const { home, other } = activatableCopies(design);
  const periods: number[] = [];
  const sites: Array<[number, number | undefined]> = design.layout === "active/passive" || n2 === undefined ? [[n1, n2]] : [[n1, n2], [n2, n1]];
  for (const [x, y] of sites) {
    if (home >= 2) periods.push(x - 1);
    if (y === undefined) continue;
    if (home === 1 && other >= 1 && design.layout === "active/active") periods.push(y);
    if (other >= 1 && x % y !== 0) periods.push(y);
    if (other >= 2) periods.push(y - 1);
  }
  return periods;
}

/** The product of the distinct periods (at least 1). */
export function balancingRounds(design: Pick<LayoutDesign, "serversPerSite" | "copies" | "laggedCopies" | "layout">): number {
  return [...new Set(balancingPeriods(design))].reduce((a, b) => a * b, 1);
}

/** Servers that host active copies in normal running. */
export function activeServerCount(design: Pick<LayoutDesign, "serversPerSite" | "layout">): number {
  return design.layout === "active/passive" ? design.serversPerSite[0] : sum(design.serversPerSite);
}

/**
 * The smallest database count of at least `minimum` that spreads evenly in every scenario: a
 * whole number of balanced rounds on every active server. As the calculator, which rounds its
 * database count so that the copies lay out evenly (004: 336 = 16 servers × 21 rounds).
 * The design is judged first: one that cannot hold its copies (a site of one server holding two)
 * has a period of 0, and its count would be NaN; the SizingError says what is wrong instead.
 */
export function balancedDatabaseCount(minimum: number, design: Pick<LayoutDesign, "serversPerSite" | "copies" | "laggedCopies" | "layout">): number {
  validateLayoutDesign({ ...design, databases: 1 });
  // One or two sites, the rule the workbook renders (rules/layout.ts balancedDatabases); three or four, the periods of the home site and the next.
  if (design.serversPerSite.length <= 2) {
    const values = layoutInputs(design);
    values.push(minimum);
    return balancedOf(values, NO_SLOTS);
  }
  const unit = activeServerCount(design) * balancingRounds(design);
  return Math.max(1, Math.ceil(minimum / unit)) * unit;
}

/**
 * Copies (active and passive) on a server of each site, in closed form: each site holds, of every
 * database homed in site s, the copies round-robin gives it (copiesPerSite from s), spread evenly over
 * its servers — exactly so for a balanced count, and rounded up otherwise. Databases are homed in
 * turn on every active server (home), so site s homes its share of them.
 *
 * @example serverCopiesBySite({ serversPerSite: [2, 7], copies: 3, layout: "active/active", databases: 756 }) // [462, 168]
 */
export function serverCopiesBySite(design: LayoutDesign): number[] {
  const { serversPerSite, copies, databases } = design;
  const sites = serversPerSite.length;
  const perSite = copiesPerSite(copies, sites);
  const homes = activeSites(design);
  const activeServers = sum(homes.map((s) => serversPerSite[s]));
  return serversPerSite.map((n, t) => {
    let held = 0;
    for (const s of homes) held += ((databases * serversPerSite[s]) / activeServers) * perSite[mod(t - s, sites)];
    return Math.ceil(held / n - 1e-9);
  });
}

/**
 * The most databases whose copies put at most `most` on every server (serverCopiesBySite inverted): site t's
 * server holds databases × Sₜ ÷ (A × nₜ), where A is the active servers and Sₜ the copies site t takes of
 * each database homed on them (nₛ × copiesPerSite from s), so the count is at most most × nₜ × A ÷ Sₜ.
 * One site: most × servers ÷ copies. Unrounded: a count is mounted where it is no more than this.
 */
export function mostMountedDatabases(design: Pick<LayoutDesign, "serversPerSite" | "copies" | "layout">, most: number): number {
  const { serversPerSite, copies } = design;
  const [n1, n2 = 0] = serversPerSite;
  return mostMountedOf([copies, copiesPerSite(copies, n2 > 0 ? 2 : 1)[0], n1, n2, n2 > 0, design.layout === "active/passive", most], {});
}

/** Copies (active and passive) on the busiest server: the most of serverCopiesBySite. */
export function busiestServerCopies(design: LayoutDesign): number {
  return Math.max(...serverCopiesBySite(design));
}

export interface BalancedLoad {
  /** Active databases on the busiest running server. */
  databases: number;
  runningServers: number;
}

/**
 * The busiest server in the worst case of each scenario, in closed form, for one or two sites and a
 * balanced database count (a multiple of activeServerCount × balancingRounds): what worstCase finds
 * by simulation, which tests/engine/layout.test.ts checks for every design in the template's range.
 * Each scenario spreads exactly: R = databases ÷ active servers a server in normal running, and the
 * failed servers' load divides evenly among the servers that hold their next copies — the rules of
 * rules/layout.ts (serverFactor, siteFactor, …), which EX_FAILOVER's formula in the customer copy renders.
 * Throws the #N/A of an unsurvivable scenario (its words are the simulation's, without names).
 */
export function balancedLoad(design: LayoutDesign, scenario: FailureScenario): BalancedLoad {
  const valid = validateLayoutDesign(design);
  if (valid.serversPerSite.length > 2) throw new SizingError("#VALUE!", "balancedLoad counts one or two sites");
  const [n1, n2 = 0] = valid.serversPerSite;
  const values: Value[] = [valid.copies, copiesPerSite(valid.copies, n2 > 0 ? 2 : 1)[0], n1, n2, n2 > 0, valid.layout === "active/passive", valid.laggedCopies, valid.databases];
  const { fails, share, running } = SCENARIO_RULES[scenario];
  if (fails !== undefined && fails(values, {})) throw new SizingError("#N/A", `the design does not survive "${scenario}"`);
  return { databases: busiestDatabasesOf([...values, share === undefined ? 1 : share(values, {})], {}), runningServers: running(values, {}) };
}

// Each scenario's rules (rules/layout.ts) over these inputs in order: whether it is not survived, the busiest survivor's share, the servers running.
const LOAD_INPUTS = ["copies", "copiesFirstSite", "serversFirstSite", "serversSecondSite", "twoSites", "passive", "laggedCopies", "databases"];
const loadRule = (key: LayoutRule): Compiled => LAYOUT_RULES.compile(key, LOAD_INPUTS);
const busiestDatabasesOf = LAYOUT_RULES.compile("busiestDatabases", [...LOAD_INPUTS, "share"]);
const SCENARIO_RULES: Record<FailureScenario, { fails?: Compiled; share?: Compiled; running: Compiled }> = {
  normal: { running: loadRule("dagServers") },
  server: { fails: loadRule("serverFails"), share: loadRule("serverFactor"), running: loadRule("serverRunning") },
  site: { fails: loadRule("siteFails"), share: loadRule("siteFactor"), running: loadRule("siteRunning") },
  "site+server": { fails: loadRule("siteServerFails"), share: loadRule("siteServerFactor"), running: loadRule("siteServerRunning") },
};
// ---------------------------------------------------------------------------------------------
// Exact loads at any count: what worstCase finds, counted from four copies of each database

/** The worst case of a scenario as scenarioLoads counts it: the busiest survivor's active databases, the servers running, the failure. */
export interface ScenarioLoad {
  databases: number;
  runningServers: number;
  /** The failed servers of the worst candidate (worstCase's first), in index order. */
  failed: number[];
}

/**
 * Every scenario's worst case at any database count, one or two sites — what worstCase finds by
 * simulating every candidate failure, from four servers of each database: its active copy's (S1),
 * its second preference's (S2), and its first and second copies in the other site (O1, O2: the
 * copies after the home site's h, round-robin from home). A failure moves only the databases active
 * on what failed, each to its next activatable copy:
 * - a server f: f's to their S2, so server g carries A[g] + B[f][g], B counting S1 = f, S2 = g;
 * - a site t: the databases homed in t to their O1, g carrying A[g] + C[t][g];
 * - a site t and a server s of the other site: A[g] + C[t][g] + E[s][g] (O1 = s, on to O2 = g)
 *   + B[s][g] (s's own, on to S2 in their home site).
 * The Distribution sheet counts the same with COUNTIFS; tests/engine/layout.test.ts holds it equal to
 * worstCase. undefined where the scenario is not survivable or cannot occur (worstCase names why).
 */
export function scenarioLoads(design: LayoutDesign): Record<FailureScenario, ScenarioLoad | undefined> {
  // The loads follow from these five alone, and a search (fit.ts) sizes many designs of one layout
  // that differ in their disks: each layout is counted once, its loads shared (frozen, read only).
  const key = `${design.serversPerSite.join(",")} ${design.copies} ${design.layout} ${design.databases} ${design.laggedCopies ?? 0}`;
  const known = SCENARIO_LOADS.get(key);
  if (known !== undefined) return known;
  const counted = countScenarioLoads(design);
  for (const load of Object.values(counted)) if (load !== undefined) Object.freeze(Object.freeze(load).failed);
  if (SCENARIO_LOADS.size >= 4096) SCENARIO_LOADS.clear();
  SCENARIO_LOADS.set(key, Object.freeze(counted));
  return counted;
}

const SCENARIO_LOADS = new Map<string, Record<FailureScenario, ScenarioLoad | undefined>>();

function countScenarioLoads(design: LayoutDesign): Record<FailureScenario, ScenarioLoad | undefined> {
  const valid = validateLayoutDesign(design);
  const { serversPerSite, copies, databases } = valid;
  if (serversPerSite.length > 2) throw new SizingError("#VALUE!", "scenarioLoads counts one or two sites");
  const total = sum(serversPerSite);
  const two = serversPerSite.length === 2;
  const siteOf = (s: number) => (s < serversPerSite[0] ? 0 : 1);
  const { home, other } = activatableCopies(valid);
  const activatable = copies - valid.laggedCopies;
  const first = firstServers(serversPerSite);
  const perSite = copiesPerSite(copies, serversPerSite.length);
  const h = perSite[0];
  const A = Array<number>(total).fill(0);
  const matrix = () => Array.from({ length: total }, () => Array<number>(total).fill(0));
  const B = matrix();
  const C = [Array<number>(total).fill(0), Array<number>(total).fill(0)];
  const E = matrix();
  for (let d = 0; d < databases; d++) {
    const servers = placeDatabase(valid, d, first, perSite);
    const s1 = servers[0];
    A[s1]++;
    if (activatable >= 2) B[s1][servers[1]]++;
    if (two && other >= 1) {
      const t = siteOf(s1);
      C[t][servers[h]]++;
      if (other >= 2) E[servers[h]][servers[h + 1]]++;
    }
  }
  const all = Array.from({ length: total }, (_, s) => s);
  const out: Record<FailureScenario, ScenarioLoad | undefined> = { normal: { databases: Math.max(...A), runningServers: total, failed: [] }, server: undefined, site: undefined, "site+server": undefined };
  // Each scenario's candidates in worstCase's order; the first whose busiest survivor carries the most.
  const worst = (candidates: Array<{ failed: number[]; loads: number[] }>): ScenarioLoad => {
    let pick: ScenarioLoad | undefined;
    for (const { failed, loads } of candidates) {
      const most = Math.max(-1, ...loads);
      if (pick === undefined || most > pick.databases) pick = { databases: most, runningServers: total - failed.length, failed };
    }
    return pick!;
  };
  out.server = home + other < 2 ? undefined : worst(all.map((f) => ({ failed: [f], loads: all.filter((g) => g !== f).map((g) => A[g] + B[f][g]) })));
  if (!two) return out;
  const inSite = (t: number) => all.filter((s) => siteOf(s) === t);
  out.site = other < 1 ? undefined : worst([0, 1].map((t) => ({ failed: inSite(t), loads: inSite(1 - t).map((g) => A[g] + C[t][g]) })));
  out["site+server"] =
    other < 2 || home < 2
      ? undefined
      : worst(
          [0, 1].flatMap((t) =>
            inSite(1 - t).map((s) => ({
              failed: [...inSite(t), s].sort((a, b) => a - b),
              loads: inSite(1 - t).filter((g) => g !== s).map((g) => A[g] + C[t][g] + E[s][g] + B[s][g]),
            })),
          ),
        );
  return out;
}
