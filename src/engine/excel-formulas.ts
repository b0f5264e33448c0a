/**
 * The engine's methods rendered as formulas of Excel's own functions: what the customer
 * copy holds instead of the EXSIZE functions, so it stays live in Excel 2016+, Excel on the web and
 * LibreOffice with no add-in. One renderer per method, beside the arithmetic it mirrors; tests
 * (tests/engine/excel-formulas.test.ts) evaluate the text for thousands of random inputs and
 * compare with the worksheet functions, so the two cannot drift apart. Dell's database, log, IOPS,
 * arrays, spindles and server figures are rules (rules/dell.ts), their formulas derived (here only
 * the RAID level's lookups around EX_SPINDLES's); the Excel text pieces are excel-text.ts's.
 *
 * Every argument is formula text (a defined name, a cell, an expression) without a leading "=";
 * every renderer returns formula text without the "=". Only functions Excel 2016, LibreOffice and
 * HyperFormula all compute: arithmetic, "&", ROUND, ROUNDUP, ROUNDDOWN, MAX, MIN, IF, AND, OR, NOT,
 * ISNUMBER, VLOOKUP, NA, IFERROR — no LET, LAMBDA, dynamic arrays or array constants. Constants come
 * from the engine's tables, never retyped; a table's rows become nested IFs.
 *
 * Arithmetic is written in the engine's order (same operands, same association), so the
 * floating-point results are the same bits, not merely close.
 */
import { formatGeneral } from "./general-format";
import { DELL_RULES, databaseFormula } from "./rules/dell";
import { LAYOUT_RULES, type LayoutRule } from "./rules/layout";
import type { References } from "./rules/rule";
import { JETSTRESS_CRITERIA, type JetstressResult } from "./jetstress";
import { numberLiteral, operand, textLiteral } from "./excel-text";
import { DISK_CLASS_IOPS, FACTOR_DEFAULTS, RAID_LAYOUTS, RAID_LEVELS, type FactorName } from "./tables";

/** How a factor's value is addressed: a cell of the factors table, or a default constant. */
export type FactorReference = (name: FactorName) => string;

/** Every factor as its default constant (src/engine/tables.ts): for a copy with no factors table. */
export const defaultFactor: FactorReference = (name) => numberLiteral(FACTOR_DEFAULTS[name]);

// ---------------------------------------------------------------------------------------------
// Pieces

export { ceilCountFormula, numberLiteral, operand, provisionFormula, textLiteral } from "./excel-text";

/** failover.ts jetstressIopsPerMailbox: the IOPS a mailbox rounded up to Jetstress's three decimals — rules/layout.ts jetstressIopsPerMailbox. */
export const jetstressProfileFormula = (iopsPerMailbox: string): string => operand(LAYOUT_RULES.formula("jetstressIopsPerMailbox", { iopsPerMailbox: operand(iopsPerMailbox) }));

/** failover.ts targetIops: a server's active mailboxes × the IOPS a mailbox Jetstress is given, whole IOPS up — rules/layout.ts targetIops. */
export const targetIopsFormula = (activeMailboxes: string, iopsPerMailbox: string): string =>
  LAYOUT_RULES.formula("targetIops", { mailboxes: operand(activeMailboxes), iopsPerMailbox: operand(iopsPerMailbox) });

/** Nested IF over table rows: IF(test1,value1,IF(test2,value2,…otherwise)). */
function nestedIf(rows: ReadonlyArray<{ test: string; value: string }>, otherwise: string): string {
  return rows.reduceRight((rest, row) => `IF(${row.test},${row.value},${rest})`, otherwise);
}

/** `x` equal to one of `keys` (Excel's "=" ignores case). */
function isOneOf(x: string, keys: readonly (string | number)[]): string {
  const tests = keys.map((k) => `${x}=${typeof k === "number" ? numberLiteral(k) : textLiteral(k)}`);
  return tests.length === 1 ? tests[0] : `OR(${tests.join(",")})`;
}

/** Keys grouped by the value they map to, in order of first appearance. */
function groupByValue<K extends string | number>(keys: readonly K[], value: (k: K) => number): Array<{ keys: K[]; value: number }> {
  const groups: Array<{ keys: K[]; value: number }> = [];
  for (const k of keys) {
    const v = value(k);
    const group = groups.find((g) => g.value === v);
    if (group) group.keys.push(k);
    else groups.push({ keys: [k], value: v });
  }
  return groups;
}

// ---------------------------------------------------------------------------------------------
// EX_SPINDLES

export interface SpindleArguments {
  iops: string;
  /** RAID level text: "RAID5", "RAID10", … */
  raid: string;
  /** Random IOPS per disk (see diskIopsFormula). */
  diskIops: string;
  readRatio: string;
}

/**
 * IOPS per disk for a disk given by class name or number, looked up in a name|IOPS range, then the built-in classes.
 * As readDiskIops (src/functions/arguments.ts): a number is itself; a name is looked up in the
 * user's range first (VLOOKUP exact, case-insensitive), then in DISK_CLASS_IOPS (001, Phase 2);
 * an unknown name is #N/A. `diskClasses` "" means no range.
 */
export function diskIopsFormula(disk: string, diskClasses: string): string {
  const d = operand(disk);
  const classes = Object.entries(DISK_CLASS_IOPS) as [string, number][];
  const builtIn = nestedIf(
    classes.map(([name, iops]) => ({ test: `${d}=${textLiteral(name)}`, value: numberLiteral(iops) })),
    "NA()",
  );
  const byName = diskClasses.trim() === "" ? builtIn : `IFERROR(VLOOKUP(${d},${diskClasses.trim()},2,0),${builtIn})`;
  return `IF(ISNUMBER(${d}),${d},${byName})`;
}

/** A RAID level's figure, by nested IF over RAID_LEVELS grouped by value; an unknown level is #N/A. */
function byRaidLevel(raid: string, value: (level: (typeof RAID_LEVELS)[number]) => number): string {
  const groups = groupByValue(RAID_LEVELS, value);
  return nestedIf(groups.map((g) => ({ test: isOneOf(raid, g.keys), value: numberLiteral(g.value) })), "NA()");
}

/**
 * EX_SPINDLES(iops, raid, disk, readRatio,,,,"disks") — 001, Phase 2: Dell's rule (rules/dell.ts
 * spindles) over the level's write penalty, smallest set and group, each looked up by nested IF.
 */
export function spindlesFormula(a: SpindleArguments): string {
  const raid = operand(a.raid);
  // Mirrors round to whole pairs (defaultGroup); the other levels to single disks.
  const mirrored = RAID_LEVELS.filter((l) => RAID_LAYOUTS[l].defaultGroup !== undefined);
  const group = nestedIf(
    groupByValue(mirrored, (l) => RAID_LAYOUTS[l].defaultGroup!).map((g) => ({ test: isOneOf(raid, g.keys), value: numberLiteral(g.value) })),
    "1",
  );
  return DELL_RULES.formula("spindles", {
    frontEndIops: a.iops,
    readRatio: a.readRatio,
    diskIops: a.diskIops,
    writePenalty: byRaidLevel(raid, (l) => RAID_LAYOUTS[l].writePenalty),
    minimumSet: byRaidLevel(raid, (l) => RAID_LAYOUTS[l].minGroup),
    group,
  });
}

/**
 * The array chosen among the candidates — 000, 3.4.2 (src/engine/arrays.ts chooseArrays): the fewest
 * arrays a copy, then the least usable capacity. A candidate's usable GB where it needs the fewest
 * (else ""), then 1 where that usable GB is the least (else "").
 */
export const fewestArraysFormula = (arraysPerCopy: string, arraysPerCopyRange: string, usableGB: string): string =>
  `IF(${arraysPerCopy}="","",IF(${arraysPerCopy}=MIN(${arraysPerCopyRange}),${usableGB},""))`;
export const chosenArrayFormula = (fewestUsableGB: string, usableGB: string, fewestUsableRange: string): string =>
  `IF(${fewestUsableGB}="","",IF(${usableGB}=MIN(${fewestUsableRange}),1,""))`;
/** arrays.ts arrayModelName: the model, and its drive after a space where it has one. */
export const arrayModelNameFormula = (model: string, drive: string): string => `${model}&IF(${drive}="",""," "&${drive})`;

// ---------------------------------------------------------------------------------------------
// EX_FAILOVER and the copy layout (src/engine/layout.ts, failover.ts; docs/dag-layout.md)

/** The design of a DAG of one or two sites, as formula text (defined names or cells). */
export interface DagArguments {
  /** Servers in the first site, and in a second site (an empty cell: one site). */
  serversFirstSite: string;
  serversSecondSite: string;
  copies: string;
  /** "active/active" or "active/passive". */
  layout: string;
  /** Lagged copies of each database; "" or omitted: 0. */
  lagged?: string;
}

export interface FailoverArguments extends DagArguments {
  users: string;
  iopsPerMailbox: string;
  /**
   * Databases in the DAG. Omitted or "": EX_FAILOVER's default, balancedDatabasesFormula of the
   * reference profile's count, written inline — long; a cell holding it keeps the formulas short.
   */
  databases?: string;
}
export type FailoverScenario = "normal" | "server" | "site" | "site+server";
export type FailoverResult = "servers" | "mailboxes" | "target" | "databases";

/** a mod b for whole a ≥ 0, b ≥ 1, with the functions every target computes. */
const modFormula = (a: string, b: string) => `(${a}-${operand(b)}*ROUNDDOWN(${operand(a)}/${operand(b)},0))`;

/*
 * The DAG's pieces, each its rule of the copy layout (rules/layout.ts) over the DAG's cells: a second site is a
 * number in `serversSecondSite`; a blank or text there is one site.
 */

/** The copy layout's operands at a DAG's cells (those given): the second site where its cell holds a number. */
function dagReferences(a: { serversFirstSite?: string; serversSecondSite: string; copies?: string; layout?: string; lagged?: string }): References {
  const s2 = operand(a.serversSecondSite);
  return {
    ...(a.serversFirstSite !== undefined && { serversFirstSite: operand(a.serversFirstSite) }),
    serversSecondSite: s2,
    twoSites: `ISNUMBER(${s2})`,
    ...(a.copies !== undefined && { copies: operand(a.copies) }),
    ...(a.layout !== undefined && { passive: `${operand(a.layout)}="active/passive"` }),
    laggedCopies: a.lagged === undefined || a.lagged.trim() === "" ? "0" : operand(a.lagged),
  };
}
const layoutFormula = (rule: LayoutRule, a: Parameters<typeof dagReferences>[0]): string => operand(LAYOUT_RULES.formula(rule, dagReferences(a)));

/** The DAG's servers, both sites' — rules/layout.ts dagServers. */
export const dagServersFormula = (serversFirstSite: string, serversSecondSite: string): string => layoutFormula("dagServers", { serversFirstSite, serversSecondSite });
/** The servers that host active copies: the first site's for active/passive, all for active/active — rules/layout.ts activeServers. */
export const activeServersFormula = (serversFirstSite: string, serversSecondSite: string, layout: string): string => layoutFormula("activeServers", { serversFirstSite, serversSecondSite, layout });
/** Copies of each database in its home site: ⌈c ÷ 2⌉ of two sites, c of one — rules/layout.ts copiesFirstSite. */
export const homeSiteCopiesFormula = (copies: string, serversSecondSite: string): string => layoutFormula("copiesFirstSite", { copies, serversSecondSite });
/** Copies of each database in the other site: ⌊c ÷ 2⌋ of two sites, none of one — rules/layout.ts copiesSecondSite. */
export const otherSiteCopiesFormula = (copies: string, serversSecondSite: string): string => layoutFormula("copiesSecondSite", { copies, serversSecondSite });
/** Copies of each database that can activate: all but the lagged — rules/layout.ts activatableCopies. */
export const activatableCopiesFormula = (copies: string, lagged: string): string => operand(LAYOUT_RULES.formula("activatableCopies", { copies: operand(copies), laggedCopies: operand(lagged) }));
/** Copies that can activate in the home site: its copies less the lagged ones the other site cannot take — rules/layout.ts homeActivatable. */
export const activatableHomeCopiesFormula = (copies: string, serversSecondSite: string, lagged: string): string => layoutFormula("homeActivatable", { copies, serversSecondSite, lagged });

/** The pieces of a one- or two-site DAG design that every renderer below shares. */
function dagPieces(a: DagArguments) {
  const [s1, s2, c] = [a.serversFirstSite, a.serversSecondSite, a.copies].map(operand);
  const references = dagReferences(a);
  const [lagged, two, passive] = [references.laggedCopies, references.twoSites, references.passive] as string[];
  const piece = (rule: LayoutRule) => operand(LAYOUT_RULES.formula(rule, references));
  return {
    s1,
    s2,
    c,
    lagged,
    two,
    passive,
    total: piece("dagServers"),
    active: piece("activeServers"),
    home: piece("homeActivatable"),
    other: piece("otherActivatable"),
    // validateLayoutDesign, for one or two sites: #VALUE! as the engine.
    invalid: piece("layoutRefused"),
  };
}

/** #VALUE! in every target: a text that is not a number, in arithmetic. */
const VALUE_ERROR = '(0+"invalid design")';

/**
 * balancedDatabaseCount (layout.ts): the smallest count of at least `minimum` that is a whole
 * number of balanced rounds on every active server; #VALUE! for a design that cannot exist.
 * EX_FAILOVER(…,"count") gives the same in the add-in.
 */
export function balancedDatabasesFormula(minimum: string, a: DagArguments): string {
  return `IF(${dagPieces(a).invalid},${VALUE_ERROR},${balancedCount(minimum, a)})`;
}

/** A rule of the copy layout (rules/layout.ts) over a DAG's cells and `more`; #VALUE! for a design that cannot exist. */
export function dagRuleFormula(rule: LayoutRule, a: DagArguments, more: References = {}): string {
  return `IF(${dagPieces(a).invalid},${VALUE_ERROR},${LAYOUT_RULES.formula(rule, { ...dagReferences(a), ...more })})`;
}

/** balancedDatabasesFormula for a design known to be valid. */
function balancedCount(minimum: string, a: DagArguments): string {
  return LAYOUT_RULES.formula("balancedDatabases", { ...dagReferences(a), minimum });
}

/** EX_FAILOVER's default databases: EX_DBSIZE's count at the reference profile (failover.ts REFERENCE_PROFILE), balanced. */
export function defaultDatabasesFormula(users: string, a: DagArguments): string {
  return `IF(${dagPieces(a).invalid},${VALUE_ERROR},${defaultCount(users, a)})`;
}

function defaultCount(users: string, a: DagArguments): string {
  const count = databaseFormula("count", { users, quotaMB: "2048", messagesPerDay: "150", messageKB: "75", maxDatabaseGB: "1024" }, defaultFactor);
  return balancedCount(count, a);
}

/**
 * EX_FAILOVER — the closed forms of layout.ts balancedLoad: exactly what the simulation gives when
 * the databases are a balanced count (the default, or balancedDatabasesFormula in a cell; a count
 * that is not balanced gives the even spread it would have, not its layout's lumps);
 * NA() where the scenario is not survivable, #VALUE! where the design cannot exist. The
 * arithmetic is the engine's, in its order, so ties break the same way.
 */
export function failoverFormula(scenario: FailoverScenario, result: FailoverResult, a: FailoverArguments): string {
  const references = { ...dagReferences(a), users: operand(a.users), iopsPerMailbox: operand(a.iopsPerMailbox) };
  const rule = (key: LayoutRule, more: References = {}) => LAYOUT_RULES.formula(key, { ...references, ...more });
  const { fails, share, running } = FAILOVER_RULES[scenario];
  const factor = share === undefined ? "1" : rule(share);
  // Only the "databases" result needs the count: the busiest server's mailboxes are its share × users ÷ active servers.
  const count = (): string => (a.databases === undefined || a.databases.trim() === "" ? defaultCount(a.users, a) : a.databases);
  const chosen =
    result === "servers"
      ? rule(running)
      : result === "databases"
        ? rule("busiestDatabases", { share: factor, databases: operand(count()) })
        : result === "mailboxes"
          ? rule("busiestMailboxes", { share: factor })
          : rule("targetIops", { mailboxes: operand(rule("busiestMailboxes", { share: factor })) });
  const survivable = fails === undefined ? chosen : `IF(${rule(fails)},NA(),${chosen})`;
  return `IF(${dagPieces(a).invalid},${VALUE_ERROR},${survivable})`;
}

/** Each scenario's rules (rules/layout.ts, as layout.ts balancedLoad computes them): whether it is not survived, the busiest survivor's share, the servers running. */
const FAILOVER_RULES: Record<FailoverScenario, { fails?: LayoutRule; share?: LayoutRule; running: LayoutRule }> = {
  normal: { running: "dagServers" },
  server: { fails: "serverFails", share: "serverFactor", running: "serverRunning" },
  site: { fails: "siteFails", share: "siteFactor", running: "siteRunning" },
  "site+server": { fails: "siteServerFails", share: "siteServerFactor", running: "siteServerRunning" },
};

/** Database `database`'s (0-based) home: its position among the active servers (layout.ts home()). A helper cell per database row. */
export function layoutHomeFormula(database: string, a: DagArguments): string {
  return modFormula(operand(database), dagPieces(a).active);
}

/** Database `database`'s round ρ: floor(database ÷ active servers). A helper cell per database row. */
export function layoutRoundFormula(database: string, a: DagArguments): string {
  return `ROUNDDOWN(${operand(database)}/${operand(dagPieces(a).active)},0)`;
}

/** A database's number (0-based), from its home and round: home + round × the first site's servers (active/passive's active servers). */
const passiveDatabaseFormula = (home: string, round: string, s1: string): string => `(${operand(round)}*${s1}+${operand(home)})`;

/**
 * layoutPreference (layout.ts) as a formula: the activation preference of a database's copy on
 * server `server` (0-based, the first site's servers first), or "" where that server holds no copy
 * — one cell of the Distribution sheet, as EX_LAYOUT spills it, for a design EX_LAYOUT accepts
 * (balancedDatabasesFormula is #VALUE! for one it does not). `home` and `round` are the database
 * row's helper cells, layoutHomeFormula and layoutRoundFormula. Two sites at most.
 */
export function layoutPreferenceFormula(home: string, round: string, server: string, a: DagArguments): string {
  const { s1, s2, c, passive } = dagPieces(a);
  const [g, rho, s] = [home, round, server].map(operand);
  const homeCopies = homeSiteCopiesFormula(c, s2);
  const otherCopies = otherSiteCopiesFormula(c, s2);
  const atHome = `(${s}<${s1})=(${g}<${s1})`;
  const n = `IF(${s}<${s1},${s1},${s2})`;
  const i = `(${g}-IF(${g}<${s1},0,${s1}))`;
  const q = `(${s}-IF(${s}<${s1},0,${s1}))`;
  // δ = (q − base) mod n: base = i at home, (i + ρ) mod n elsewhere; offsets keep the dividend ≥ 0.
  const delta = `IF(${atHome},${modFormula(`${s}-${g}+${n}`, n)},${modFormula(`${q}-${i}-${rho}+${n}*(${rho}+16)`, n)})`;
  const copiesHere = `IF(${atHome},${homeCopies},${otherCopies})`;
  const before = `IF(${atHome},0,${homeCopies})`;
  // k = (δ − 1 − ρ) mod (n − 1) + 1: the further copy that sits δ after the site's first.
  const k = `(${modFormula(`${delta}-1-${rho}+(${n}-1)*(${rho}+1)`, `${n}-1`)}+1)`;
  const rotated = `IF(${copiesHere}=0,"",IF(${delta}=0,${before}+1,IF(${k}<${copiesHere},${before}+1+${k},"")))`;
  // Active/passive, the second site's own sequence (layout.ts passiveSiteCopy): base n − 1 − (d mod n), so
  // δ = (q + 1 + d) mod n, and rotation d mod (n − 1), so k − 1 = (δ − 1 − d) mod (n − 1); q = s − s1 there.
  const d = passiveDatabaseFormula(g, rho, s1);
  const deltaPassive = modFormula(`${s}-${s1}+1+${d}`, s2);
  const kPassive = `(${modFormula(`${deltaPassive}-1-${d}+(${s2}-1)*(${d}+1)`, `${s2}-1`)}+1)`;
  // A server of the second site: two sites, so ⌈c ÷ 2⌉ copies at home and ⌊c ÷ 2⌋ there.
  const [hc, oc] = [`ROUNDUP(${c}/2,0)`, `ROUNDDOWN(${c}/2,0)`];
  const passiveSite = `IF(${oc}=0,"",IF(${deltaPassive}=0,${hc}+1,IF(${kPassive}<${oc},${hc}+1+${kPassive},"")))`;
  return `IF(AND(${passive},${s}>=${s1}),${passiveSite},${rotated})`;
}

/*
 * layoutPreference split over helper cells, for a sheet that lays out many databases (the
 * Distribution sheet): the same number as layoutPreferenceFormula in a tenth of the text, since no
 * sub-expression is written twice over long operands.
 *
 * Per database (helper columns): its position i in its home site (layoutPositionFormula), and for
 * each site t four figures (layoutSiteFormula): the server b of the site's first copy, the site's
 * rotation a, the copies the site holds, and the preference of its first copy. Per database and
 * server (a helper grid): the rank k of the server's copy in its site, 0 for the first
 * (layoutRankFormula). The grid cell: the first preference + k where k < the site's copies
 * (layoutRankPreferenceFormula).
 *
 * Why k is layout.ts's: there δ = (q − b) mod n and k = ((δ − 1 − ρ) mod (n − 1)) + 1 for q ≠ b. Leave
 * b out of the site's cycle: the other servers, in order, have j = q − [q > b] in 0…n − 2, and
 * δ − 1 ≡ j − b (mod n − 1) (q > b: δ − 1 = q − b − 1 = j − b; q < b: δ − 1 = q − b + n − 1). So
 * k − 1 = (j − a) mod (n − 1) with a = (b + ρ) mod (n − 1); both j and a lie in 0…n − 2, so the mod
 * is one comparison: j − a, plus n − 1 when j < a. b, j and a are counted from server 0 (the first
 * site's first server), so the server's own number stands for q.
 */

/** Database's position i in its home site (0-based), from its home (layoutHomeFormula). A helper cell per database row. */
export function layoutPositionFormula(home: string, a: DagArguments): string {
  const { s1 } = dagPieces(a);
  const g = operand(home);
  return `${g}-IF(${g}<${s1},0,${s1})`;
}

/** The preference of a database's k-th copy in the other site (1-based): preferences run through the home site's copies first (layout.ts placeDatabase). */
export function otherSitePreferenceFormula(homeCopies: string, k: number): string {
  return `${operand(homeCopies)}+${k}`;
}

/** The per-database, per-site helpers of layoutRankFormula and layoutRankPreferenceFormula. */
export type LayoutSiteHelper = "first" | "rotation" | "copies" | "firstPreference";

/**
 * One per-database helper for site `site` (1 or 2; "" for site 2 of a one-site DAG), from the row's
 * home, position (layoutPositionFormula) and round cells; "rotation" reads the row's "first" cell.
 * `homeCopies` and `otherCopies`, when given, are cells holding ⌈c ÷ 2⌉ and ⌊c ÷ 2⌋ (c and 0 in one
 * site), written out otherwise; `database`, the database's number (0-based), else home + round × s1;
 * `passive`, a cell holding 1 for active/passive (else 0), else the layout compared.
 * - first: the server b of the site's first copy, counted from server 0 — i at home, (i + ρ) mod n elsewhere
 *   (active/passive's second site: n − 1 − (d mod n), layout.ts passiveSiteCopy).
 * - rotation: a = (b − first server of the site + ρ) mod (n − 1), counted from server 0; 0 where n = 1
 *   (active/passive's second site: d for ρ).
 * - copies: ⌈c ÷ 2⌉ at home, ⌊c ÷ 2⌋ elsewhere (c in one site).
 * - firstPreference: 1 at home, ⌈c ÷ 2⌉ + 1 elsewhere.
 */
export function layoutSiteFormula(
  helper: LayoutSiteHelper,
  site: 1 | 2,
  cells: { home: string; position: string; round: string; first: string; homeCopies?: string; otherCopies?: string; database?: string; passive?: string },
  a: DagArguments,
): string {
  const { s1, s2, c, two, passive: layoutPassive } = dagPieces(a);
  const passive = cells.passive === undefined ? layoutPassive : `${operand(cells.passive)}=1`;
  const [g, i, rho, b] = [cells.home, cells.position, cells.round, cells.first].map(operand);
  const database = cells.database === undefined ? passiveDatabaseFormula(g, rho, s1) : operand(cells.database);
  const atHome = site === 1 ? `${g}<${s1}` : `${g}>=${s1}`;
  const n = site === 1 ? s1 : s2;
  const start = site === 1 ? "" : `${s1}+`;
  const homeCopies = cells.homeCopies === undefined ? homeSiteCopiesFormula(c, s2) : operand(cells.homeCopies);
  const otherCopies = cells.otherCopies === undefined ? otherSiteCopiesFormula(c, s2) : operand(cells.otherCopies);
  let text: string;
  switch (helper) {
    case "first":
      text = `${start}IF(${atHome},${i},${modFormula(`${i}+${rho}`, n)})`;
      // Active/passive, the second site's own sequence (layout.ts passiveSiteCopy): n − 1 − (d mod n).
      if (site === 2) text = `IF(${passive},${s1}+${s2}-1-${modFormula(database, s2)},${text})`;
      break;
    case "rotation":
      // Active/passive, the second site's further copies rotate by d mod (n − 1) (layout.ts passiveSiteCopy).
      text = `${start}IF(${n}=1,0,${modFormula(`${b}${site === 1 ? "" : `-${s1}`}+${site === 1 ? rho : `IF(${passive},${database},${rho})`}`, `${n}-1`)})`;
      break;
    case "copies":
      text = `IF(${atHome},${homeCopies},${otherCopies})`;
      break;
    case "firstPreference":
      text = `IF(${atHome},1,${otherSitePreferenceFormula(homeCopies, 1)})`;
      break;
  }
  return site === 1 ? text : `IF(${two},${text},"")`;
}

/**
 * The rank k of server `server`'s copy in its site (0-based server, a number or a cell): 0 for the
 * site's first copy, else 1 + (j − a) mod (n − 1). `first` and `rotation` are the row's helpers for
 * the server's site (layoutSiteFormula), `siteServers` that site's n. A helper grid cell.
 */
export function layoutRankFormula(server: string, first: string, rotation: string, siteServers: string): string {
  const [s, b, r, n] = [server, first, rotation, siteServers].map(operand);
  const j = `${s}-(${s}>${b})`;
  return `IF(${s}=${b},0,1+${j}-${r}+IF(${j}<${r},${n}-1,0))`;
}

/** The preference of the copy of rank `rank` (layoutRankFormula), or "" where its site holds fewer copies: layoutPreferenceFormula's number. */
export function layoutRankPreferenceFormula(rank: string, copies: string, firstPreference: string): string {
  const [k, cp, p] = [rank, copies, firstPreference].map(operand);
  return `IF(${k}<${cp},${p}+${k},"")`;
}

// ---------------------------------------------------------------------------------------------
// EX_JETSTRESS

export interface JetstressArguments {
  achievedIops: string;
  targetIops: string;
  dbReadLatencyMs: string;
  logWriteLatencyMs: string;
  /** Cells that may be empty (no peak reported). */
  dbReadPeakMs: string;
  logWritePeakMs: string;
}

/** Which argument holds each measurement of JETSTRESS_CRITERIA. */
const JETSTRESS_ARGUMENT: Record<keyof JetstressResult, keyof JetstressArguments> = {
  achievedIops: "achievedIops",
  targetIops: "targetIops",
  databaseReadLatencyMs: "dbReadLatencyMs",
  logWriteLatencyMs: "logWriteLatencyMs",
  databaseReadPeakMs: "dbReadPeakMs",
  logWritePeakMs: "logWritePeakMs",
};
const OPTIONAL_MEASUREMENTS: ReadonlySet<keyof JetstressResult> = new Set(["databaseReadPeakMs", "logWritePeakMs"]);

/**
 * EX_JETSTRESS — 000, 3.1.3 (src/engine/jetstress.ts): "pass"/"fail", or the reason text.
 * From JETSTRESS_CRITERIA: each failure is IF(test,"words"&value&"words",""), joined by "; "
 * (a separator before a failure when an earlier one failed). A peak not given (an empty cell, or
 * "" as the argument) is not judged. Numbers print through "&" as General format, as the engine.
 */
export function jetstressFormula(result: "verdict" | "reason", a: JetstressArguments): string {
  const argument = (m: keyof JetstressResult) => a[JETSTRESS_ARGUMENT[m]].trim();
  const judged = JETSTRESS_CRITERIA.filter((c) => argument(c.measured) !== "");
  const tests = judged.map((c) => {
    const value = operand(argument(c.measured));
    const limit = typeof c.limit === "number" ? numberLiteral(c.limit) : operand(argument(c.limit));
    const test = `${value}${c.failsWhen === "below" ? "<" : ">"}${limit}`;
    return OPTIONAL_MEASUREMENTS.has(c.measured) ? `AND(ISNUMBER(${value}),${test})` : test;
  });
  const anyFails = tests.length === 1 ? tests[0] : `OR(${tests.join(",")})`;
  if (result === "verdict") return `IF(${anyFails},"fail","pass")`;
  const parts = judged.map((c, i) => {
    const value = operand(argument(c.measured));
    const limit =
      typeof c.limit === "number"
        ? textLiteral(c.words[1] + formatGeneral(c.limit) + c.words[2])
        : `${textLiteral(c.words[1])}&${operand(argument(c.limit))}${c.words[2] ? `&${textLiteral(c.words[2])}` : ""}`;
    const before = i === 0 ? "" : i === 1 ? `IF(${tests[0]},"; ","")&` : `IF(OR(${tests.slice(0, i).join(",")}),"; ","")&`;
    return `IF(${tests[i]},${before}${textLiteral(c.words[0])}&${value}&${limit},"")`;
  });
  return `IF(${anyFails},"fail: "&${parts.join("&")},"pass")`;
}
