/**
 * Fit: the least hardware that carries a mailbox profile. Every design of a space — DAGs,
 * servers a site, copies, lagged copies, the server disk and databases a volume — that the whole-design
 * check accepts within the version's limits, and of those the Pareto front on servers, disks, memory
 * and cores in the environment: the designs no other beats on all four.
 *
 * Speed without pruning a front design: by Dell's process only the server disks and MCDB SSDs depend on
 * the disk inputs (size-design.ts designDisks), so a topology (DAGs, sites, copies, lagged copies) is
 * checked and sized once and each disk tried on it. By Microsoft's method the disk also counts the
 * databases, but designs of a topology with the same disk count key (size-design.ts
 * diskCountKeys) size alike but for their disks: one of each key is checked and sized whole. A key whose
 * databases outgrow the disk's maximum size is refused either way (the warning, or no disk lays them out),
 * so its candidates are skipped unsized, and sized only for their words if no design is accepted. A key
 * not yet sized has a floor (size-design.ts diskCounts: the least memory, cores and data a server can have
 * at its databases whatever the disk); a candidate a front design beats at it is skipped unsized. The search
 * visits every candidate in one canonical order; ties (the same four counts) keep the first, as the
 * exhaustive search (`exhaustive: true`) does.
 */
import { designDisks, diskCounts, environmentOf, environmentUsersOf, methodOf, serversPerSiteOf, sizeDesign, sizedOverCopies, withoutAdvice, type Design, type DesignDisks, type DiskContext, type DiskCount, type WorkbookInputs } from "./design";
import { designVersion, versionProfile } from "./version";
import { MAX_COPIES, MAX_SERVERS } from "./layout";
import { SizingError } from "./errors";
import { JBOD_CATALOGUE, MICROSOFT, SERVER_DISK_DEFAULTS, jbodDisk } from "./microsoft";

/**
 * The whole-design check and sizing of one design's inputs: the design, or why not (workbook/input-values.ts
 * designOf). It refuses what sizeDesign refuses and reads the disk inputs only through sizeDesign: the
 * search gives designs of one disk count key one verdict.
 */
export type FitCheck = (inputs: WorkbookInputs) => { ok: true; design: Design } | { ok: false; problems: string[] };

/** sizeDesign alone, for a caller without the workbook's combined rules. */
export const sizeOnly: FitCheck = (inputs) => {
  try {
    return { ok: true, design: sizeDesign(inputs) };
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return { ok: false, problems: [e.message] };
  }
};

/** What the search varies: each list in the order it is tried (the canonical order ties are broken by). */
export interface FitSpace {
  /** DAGs the mailboxes are split over (identical DAGs of ⌈mailboxes ÷ DAGs⌉ each). */
  dags: readonly number[];
  /** Servers of each site: [n] for one site, [n1, n2] for two. */
  serversPerSite: ReadonlyArray<readonly number[]>;
  copies: readonly number[];
  laggedCopies: readonly number[];
  serverDisks: readonly string[];
  /** Databases a JBOD volume; most first, so a tie keeps the fewer, larger volumes. */
  databasesPerVolume: readonly number[];
}

/** A mailbox profile and what the architect states: the load and everything the search does not vary are `base`. */
export interface FitProfile {
  base: WorkbookInputs;
  /** Every mailbox, over all DAGs. */
  mailboxes: number;
  /** A DAG's mailboxes when the architect gives them (users with environmentUsers): the DAGs are then ⌈mailboxes ÷ this⌉. */
  usersPerDag?: number;
  space: FitSpace;
  /** Every design must survive the loss of a site (two sites). */
  surviveSite?: boolean;
}

/** The four counts a design is judged on, for the whole environment. */
export interface FitCounts {
  servers: number;
  /** Server disks and MCDB SSDs. */
  disks: number;
  memoryGB: number;
  cores: number;
}

export interface FitDesign {
  inputs: WorkbookInputs;
  counts: FitCounts;
}

/** Why designs were refused, by kind: how many, the first message, and for memory and cores the least a server needed. */
export interface FitBlocker {
  kind: "design" | "memory" | "cores" | "server cores" | "disks" | "site failure" | "database size";
  count: number;
  example: string;
  least?: number;
  most?: number;
}

export interface FitResult {
  /** The Pareto front, fewest servers first (then disks, memory, cores, the search's order). */
  front: FitDesign[];
  candidates: number;
  /** Candidates the check accepted, of those laid out; a candidate a front design beats by its bound (`pruned`) is neither. */
  accepted: number;
  /** Candidates never laid out: a front design beats them on all four whatever their disks (at their key's design, or its floor). */
  pruned: number;
  blockers: FitBlocker[];
}

/** A profile that cannot be searched (Dell's process, an empty space): the input and what it should be. */
export class FitError extends Error {}

/** What one step of the search reports: candidates visited of all. */
export interface FitProgress {
  done: number;
  total: number;
}

const COUNT_KEYS = ["servers", "disks", "memoryGB", "cores"] as const;
/** a is no worse than b on every count. */
const noWorse = (a: FitCounts, b: FitCounts): boolean => a.servers <= b.servers && a.disks <= b.disks && a.memoryGB <= b.memoryGB && a.cores <= b.cores;

/** The front so far: a candidate joins unless one already there is no worse on all four (a tie keeps the first). */
class Front {
  readonly items: Array<FitDesign & { order: number }> = [];
  /** `inputs` is read only for a candidate that joins: a search places tens of thousands. */
  add(counts: FitCounts, inputs: () => WorkbookInputs, order: number): void {
    for (const f of this.items) if (noWorse(f.counts, counts)) return;
    for (let i = this.items.length - 1; i >= 0; i--) if (noWorse(counts, this.items[i].counts)) this.items.splice(i, 1);
    this.items.push({ inputs: inputs(), counts, order });
  }
  sorted(): FitDesign[] {
    return [...this.items]
      .sort((a, b) => COUNT_KEYS.reduce((c, k) => c || a.counts[k] - b.counts[k], 0) || a.order - b.order)
      .map(({ inputs, counts }) => ({ inputs, counts }));
  }
}

/** ⌈mailboxes ÷ dags⌉ a DAG, each DAG count that gives a different DAG once (the fewest DAGs for it). */
function dagSizes(mailboxes: number, dags: readonly number[]): Array<{ users: number; environmentUsers: number | "" }> {
  const seen = new Set<number>();
  const sizes: Array<{ users: number; environmentUsers: number | "" }> = [];
  for (const k of dags) {
    const users = Math.ceil(mailboxes / k);
    if (seen.has(users)) continue;
    seen.add(users);
    sizes.push({ users, environmentUsers: users === mailboxes ? "" : mailboxes });
  }
  return sizes;
}

function topologies(profile: FitProfile): WorkbookInputs[] {
  const { base, space } = profile;
  const all: WorkbookInputs[] = [];
  const sizes = profile.usersPerDag !== undefined ? [{ users: profile.usersPerDag, environmentUsers: profile.mailboxes === profile.usersPerDag ? ("" as const) : profile.mailboxes }] : dagSizes(profile.mailboxes, space.dags);
  for (const dag of sizes) {
    for (const sites of space.serversPerSite) {
      // A copy needs a server of its own: more copies than servers are not candidates.
      const servers = sites.reduce((a, b) => a + b, 0);
      for (const copies of space.copies) {
        if (copies > servers) continue;
        for (const laggedCopies of space.laggedCopies) {
          all.push({
            ...base,
            ...dag,
            serversSite1: sites[0],
            serversSite2: sites.length > 1 ? sites[1] : "",
            copies,
            laggedCopies,
            serverDisk: space.serverDisks[0],
            databasesPerVolume: space.databasesPerVolume[0],
          });
        }
      }
    }
  }
  return all;
}

/** A sized design's disks as designDisks gives them: active/passive, the second site's its own. */
function disksOfDesign(d: Design): DesignDisks {
  // Field by field: spreading a Design would read its lazy figures (neverLess, layout), which the search never needs.
  const second = d.siteServers?.[1];
  return {
    ...(d.serverDisks ? { serverDisks: d.serverDisks } : {}),
    ...(d.raidServerDisks ? { raidServerDisks: d.raidServerDisks } : {}),
    ...(d.serverDisksProblem ? { serverDisksProblem: d.serverDisksProblem } : {}),
    ...(d.mcdb ? { mcdb: d.mcdb } : {}),
    ...(d.mcdbProblem ? { mcdbProblem: d.mcdbProblem } : {}),
    ...(second ? { secondSiteDisks: second } : {}),
  };
}

/** What the search keeps of a sized design: what its counts read. */
type CountedDesign = Pick<Design, "environmentServers" | "memoryPerServerGB" | "coresPerServer" | "serversPerSite" | "dags">;

/** The environment's four counts of a design and its disks (none: the design has no server disks). */
function countsOf(design: CountedDesign, disks: DesignDisks): FitCounts | undefined {
  const own = disks.serverDisks ?? disks.raidServerDisks;
  if (own === undefined) return undefined;
  const n = design.environmentServers;
  const mcdb = disks.mcdb?.ssdsPerServer ?? 0;
  // Active/passive: each site's servers their own disks, and the design's MCDB SSDs on its JBOD servers
  // only (dagMcdbSsds: a second site on RAID has none).
  const second = disks.secondSiteDisks;
  if (second !== undefined && design.serversPerSite.length === 2) {
    const theirs = second.serverDisks ?? second.raidServerDisks;
    if (theirs === undefined) return undefined;
    const [s1, s2] = design.serversPerSite;
    const dag = s1 * (own.disksPerServer + mcdb) + s2 * (theirs.disksPerServer + (second.serverDisks ? mcdb : 0));
    return { servers: n, disks: design.dags * dag, memoryGB: n * design.memoryPerServerGB, cores: n * design.coresPerServer };
  }
  return { servers: n, disks: n * (own.disksPerServer + mcdb), memoryGB: n * design.memoryPerServerGB, cores: n * design.coresPerServer };
}

/** A topology's servers and DAGs as sizeDesign counts them (environmentOf); undefined where it refuses them. */
function environmentOfTop(top: WorkbookInputs): Pick<CountedDesign, "environmentServers" | "serversPerSite" | "dags"> | undefined {
  const serversPerSite = serversPerSiteOf(top);
  try {
    const { environmentServers, dags } = environmentOf(top.users, environmentUsersOf(top), serversPerSite);
    return { environmentServers, dags, serversPerSite };
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return undefined;
  }
}

/**
 * The fewest disks a design's environment can have on a disk of `formattedGB`: each first-site server
 * holds its copies' databases (copies a server × a database's GB, `dataGB`) on database disks of at most
 * the disk's GB — on JBOD ⌈copies ÷ v⌉ volumes, each at most the disk and holding v databases and more
 * (disks.ts serverDisks); on RAID at least the RAID-0 capacity disks (raid-disks.ts raidServerDisks) —
 * and each server's restore volumes (one disk each and more on RAID) and hot spares, `everyServer`, add to
 * them; the rest (AutoReseed, MCDB SSDs, the second site's) only adds.
 */
export function fewestDisks(design: Pick<Design, "environmentServers" | "dags" | "serversPerSite">, dataGB: number, formattedGB: number, everyServer = 0): number {
  // A part in 10¹² below the quotient: the disks' own comparison lets a volume be 10⁻¹³ over its disk.
  const perServer = Math.max(0, Math.ceil((dataGB / formattedGB) * (1 - 1e-12)));
  return Math.min(design.environmentServers, design.dags * design.serversPerSite[0]) * (perServer > 0 ? perServer + everyServer : 0);
}

/**
 * Counts refusals by kind, keeping the extremes and the message of the first candidate in the search's
 * order (`order`), so candidates judged out of order (the outgrown ones, at the end) give the same list.
 */
class Blockers {
  private readonly byKind = new Map<FitBlocker["kind"], FitBlocker & { order: number }>();
  add(kind: FitBlocker["kind"], example: string, order: number, times = 1, needed?: number): void {
    const b = this.byKind.get(kind) ?? { kind, count: 0, example, order };
    b.count += times;
    if (order < b.order) {
      b.order = order;
      b.example = example;
    }
    if (needed !== undefined) {
      b.least = Math.min(b.least ?? Infinity, needed);
      b.most = Math.max(b.most ?? -Infinity, needed);
    }
    this.byKind.set(kind, b);
  }
  has(kind: FitBlocker["kind"]): boolean {
    return this.byKind.has(kind);
  }
  list(): FitBlocker[] {
    return [...this.byKind.values()].sort((a, b) => b.count - a.count || a.order - b.order).map(({ order: _, ...b }) => b);
  }
}

type Refusal = { kind: FitBlocker["kind"]; message: string; needed?: number };

/** Why a sized design is past what the profile allows beyond the check (each reason: a server past both limits counts for both); none if within. */
function refusalsOf(design: Design, profile: FitProfile): Refusal[] {
  const refusals: Refusal[] = design.warnings.map((w) => ({ kind: w.limit === "databaseSize" ? "database size" : w.limit, message: w.message, needed: w.needed }));
  const more = refusalOf(design, profile);
  return more ? [...refusals, more] : refusals;
}

function refusalOf(design: Design, profile: FitProfile): Refusal | undefined {
  if (design.method !== "microsoft") return { kind: "design", message: "method: fit sizes Microsoft's method (Exchange 2013 and later, 2 or more copies)" };
  const inputs = design.inputs;
  if (inputs.specIntRate > 0 && design.coresPerServer > inputs.coresPerServer) {
    return {
      kind: "server cores",
      message: `coresPerServer: a server needs ${design.coresPerServer} cores at a SPECint2006 rate of ${inputs.specIntRate}; the servers have ${inputs.coresPerServer}`,
      needed: design.coresPerServer,
    };
  }
  if (profile.surviveSite) {
    const site = design.scenarios.find((s) => s.scenario === "site");
    if (!site || !site.survivable) return { kind: "site failure", message: `site failure: ${site?.reason ?? "one site cannot lose its site"}` };
  }
  return undefined;
}

/**
 * The search, a step at a time: each `yield` reports progress (a caller turns its event loop there, to
 * hear Ctrl-C); its return is the result. `check` is the whole-design check and sizing (designOf);
 * `exhaustive` checks and sizes every candidate whole, as a reference for the fast search.
 */
export function* fitSteps(profile: FitProfile, check: FitCheck = sizeOnly, options: { exhaustive?: boolean; every?: number } = {}): Generator<FitProgress, FitResult> {
  const { space } = profile;
  const version = designVersion(profile.base.exchangeVersion);
  const tops = topologies(profile);
  // A volume holds at most the copies' databases, unless one count is pinned.
  // Most databases a volume first — 0, the most that fit, before any count — the order the fast search's skipping relies on.
  const most = (v: number) => (v === 0 ? Number.MAX_SAFE_INTEGER : v);
  const volumes = [...space.databasesPerVolume].sort((a, b) => most(b) - most(a));
  const volumeCounts = (copies: number) => (volumes.length === 1 ? volumes : volumes.filter((v) => v <= copies));
  const total = tops.reduce((n, t) => n + space.serverDisks.length * volumeCounts(t.copies).length, 0);
  const front = new Front();
  const blockers = new Blockers();
  let done = 0;
  let accepted = 0;
  let pruned = 0;
  let order = 0;
  // A disk's formatted GB (Storage Design!C46), once a disk; a name the catalogue does not know bounds nothing.
  const formatted = new Map<string, number>();
  const formattedGB = (name: string): number => {
    let gb = formatted.get(name);
    if (gb === undefined) {
      try {
        gb = jbodDisk(name).rawGB * MICROSOFT.formattedPerRawGB;
      } catch (e) {
        if (!(e instanceof SizingError)) throw e;
        gb = Infinity;
      }
      formatted.set(name, gb);
    }
    return gb;
  };
  /**
   * A candidate sized as its key's design but for its disks (servers, memory and cores its key's) that a
   * front design already beats or ties on all four however few its disks (fewestDisks): it cannot join.
   */
  // The restore volumes and hot spares each server has (size-design.ts serverDiskChoiceOf: no tables here).
  const everyServer = SERVER_DISK_DEFAULTS.restoreDisks + (profile.base.spareDisks ?? SERVER_DISK_DEFAULTS.spareDisks);
  const beaten = (design: CountedDesign, dataGB: number, serverDisk: string): boolean => {
    const n = design.environmentServers;
    const memoryGB = n * design.memoryPerServerGB;
    const cores = n * design.coresPerServer;
    const disks = fewestDisks(design, dataGB, formattedGB(serverDisk), everyServer);
    for (const f of front.items) if (f.counts.servers <= n && f.counts.disks <= disks && f.counts.memoryGB <= memoryGB && f.counts.cores <= cores) return true;
    return false;
  };
  const every = options.every ?? 2000;
  let reported = 0;
  // The outgrown candidates skipped while no design is accepted (undefined once one is: none is needed then).
  let outgrown: Array<{ inputs: WorkbookInputs; at: number }> | undefined = options.exhaustive ? undefined : [];
  // A refused candidate is a thrown SizingError: its stack, never read here, was most of the search's time.
  const stackTraceLimit = Error.stackTraceLimit;
  const visit = (top: WorkbookInputs): number => {
    const counts = volumeCounts(top.copies);
    const variants = space.serverDisks.length * counts.length;
    // A candidate checked and sized whole: it joins the front or is refused; its design, when the check accepted it.
    // What the rest of its key read of a design: its counts but for the disks, and what lays its disks.
    // Only these are kept, so each design sized whole is garbage at once (the search sizes tens of thousands).
    const judge = (inputs: WorkbookInputs, at: number): { design: CountedDesign; context: DiskContext; refused: Refusal[]; dataGB?: number } | { problem: string } => {
      const sized = check(inputs);
      if (!sized.ok) {
        blockers.add("design", sized.problems[0], at);
        return { problem: sized.problems[0] };
      }
      const d = sized.design;
      const refused = refusalsOf(d, profile);
      for (const r of refused) blockers.add(r.kind, r.message, at, 1, r.needed);
      if (refused.length === 0) place(() => inputs, d, disksOfDesign(d), at);
      const context: DiskContext = { method: d.method, version, ...(d.microsoft ? { microsoft: d.microsoft } : {}), serversPerSite: d.serversPerSite, laggedCopies: d.inputs.laggedCopies ?? 0, dagLayout: d.inputs.dagLayout };
      return {
        design: { environmentServers: d.environmentServers, memoryPerServerGB: d.memoryPerServerGB, coresPerServer: d.coresPerServer, serversPerSite: d.serversPerSite, dags: d.dags },
        context,
        refused,
        ...(d.microsoft ? { dataGB: d.microsoft.copiesPerServer * d.microsoft.databaseGB } : {}),
      };
    };
    const place = (inputs: () => WorkbookInputs, design: CountedDesign, disks: DesignDisks, at: number): void => {
      const four = countsOf(design, disks);
      if (four === undefined) {
        blockers.add("disks", disks.serverDisksProblem ?? "no server disks", at);
        return;
      }
      accepted++;
      front.add(four, inputs, at);
    };
    const whole = () => {
      for (const serverDisk of space.serverDisks) {
        for (const v of counts) {
          judge({ ...top, serverDisk, databasesPerVolume: v }, ++order);
        }
      }
    };
    // Microsoft's method: candidates of one topology with the same disk count key (diskCountKeys: JBOD or
    // not, the calculator's database count) size alike but for their disks, so the first is checked and
    // sized whole and the rest take its verdict, or its design with their own disks (designDisks).
    const keyed = () => {
      const { countOf, floorAt } = diskCounts(top);
      // A key not yet sized: its floor (diskCounts: servers, DAGs, and each server's least memory, cores and
      // data whatever its disk). A candidate a front design beats at its floor is pruned unsized; its key is
      // sized whole at the first candidate of it that is not.
      const floors = new Map<string, { design: CountedDesign; dataGB: number }>();
      const environment = environmentOfTop(top);
      const beatenAtFloor = (count: DiskCount, serverDisk: string): boolean => {
        if (front.items.length === 0 || environment === undefined) return false;
        let got = floors.get(count.key);
        if (got === undefined) {
          const floor = floorAt(count.databases);
          floors.set(count.key, (got = { design: { ...environment, memoryPerServerGB: floor.memoryPerServerGB, coresPerServer: floor.coresPerServer }, dataGB: floor.dataGB }));
        }
        return beaten(got.design, got.dataGB, serverDisk);
      };
      const verdicts = new Map<string, ReturnType<typeof judge>>();
      for (const serverDisk of space.serverDisks) {
        for (const v of counts) {
          const at = ++order;
          const disk = { serverDisk, databasesPerVolume: v };
          // The whole inputs are built only where read: for the check, or a design that joins the front.
          const inputs = (): WorkbookInputs => ({ ...top, ...disk });
          const count = countOf(disk);
          const key = count?.key;
          const verdict = key === undefined ? undefined : verdicts.get(key);
          // No key: sizeDesign refuses the design, and so the check; its words are read once, for the first refusal.
          if (key === undefined && blockers.has("design")) blockers.add("design", "", at);
          else if (count?.outgrown === true) {
            // Databases past the disk's maximum size: refused whether the disk lays them out (the warning,
            // refusalsOf) or not (sizeDesign's refusal), so never on the front. Their words are needed only
            // if no design is accepted: they are judged then, at their place in the order.
            if (front.items.length > 0) outgrown = undefined;
            else outgrown?.push({ inputs: inputs(), at });
          } else if (verdict === undefined && count !== undefined && beatenAtFloor(count, serverDisk)) pruned++;
          else if (verdict === undefined) {
            const judged = judge(inputs(), at);
            if (key !== undefined) verdicts.set(key, judged);
          } else if ("problem" in verdict) blockers.add("design", verdict.problem, at);
          else if (verdict.refused.length > 0) for (const r of verdict.refused) blockers.add(r.kind, r.message, at, 1, r.needed);
          else if (verdict.dataGB !== undefined && beaten(verdict.design, verdict.dataGB, serverDisk)) pruned++;
          else {
            const design = verdict.design;
            let disks: DesignDisks | undefined;
            try {
              // The candidate's whole inputs, as sizeDesign passes them: its factor inputs (considerJbod,
              // iopsMultiplier, …) choose JBOD or RAID and size the disks.
              // designDisks reads them by name: the topology's stand behind the candidate's own two, uncopied.
              disks = designDisks(Object.assign(Object.create(top) as WorkbookInputs, disk), {}, verdict.context);
            } catch (e) {
              if (!(e instanceof SizingError)) throw e;
            }
            // Disks sizeDesign would refuse (an MCDB "on" they cannot have): the check words why.
            if (disks === undefined) judge(inputs(), at);
            else place(inputs, design, disks, at);
          }
        }
      }
    };
    // By Microsoft's method the server disk and the databases a volume count the databases (on JBOD,
    // Role Requirements!C62, C74, C76:C79) and choose JBOD or RAID, so designs are sized once a disk count
    // key; the topology sized once serves Dell's process, whose arrays no disk input moves.
    // Sized never less over copies (sizedOverCopies), a disk also moves the counts and disks of fewer copies: each sized whole.
    if (options.exhaustive || (methodOf(top) === "microsoft" && sizedOverCopies(top))) whole();
    else if (methodOf(top) === "microsoft") keyed();
    else {
      const sized = check(top);
      const refused = sized.ok ? refusalsOf(sized.design, profile) : [];
      if (!sized.ok) blockers.add("design", sized.problems[0], order + 1, variants);
      else if (refused.length > 0) for (const r of refused) blockers.add(r.kind, r.message, order + 1, variants, r.needed);
      else {
        const design = sized.design;
        const context = { method: design.method, version, ...(design.microsoft ? { microsoft: design.microsoft } : {}), serversPerSite: design.serversPerSite, laggedCopies: design.inputs.laggedCopies ?? 0, dagLayout: design.inputs.dagLayout };
        space.serverDisks.forEach((serverDisk, d) => {
          // Each disk's volume counts, most first: a volume of more databases needs more GB and IOPS and a
          // larger restore volume (disks.ts serverDisks), so those that fit the disk are the last ones, and
          // of them the first needs fewest disks (⌈copies a server ÷ databases a volume⌉; an SSD to three,
          // which every catalogue disk's 6% fits). The later ones it beats or ties, and a tie keeps the
          // first: the first that fits, found by bisection, is the only one that can be on the front.
          // 0 (the most that fit the disk's GB and IOPS, up to the copies) comes first: when it fits it beats
          // or ties every count; when it does not, its count fails the restore volume, as every larger one
          // fails, and the rest bisect as before.
          const diskInputs = { ...top, serverDisk };
          const tried = new Map<number, DesignDisks | string>();
          const disksAt = (i: number): DesignDisks | string => {
            let got = tried.get(i);
            if (got === undefined) {
              try {
                got = designDisks({ ...diskInputs, databasesPerVolume: counts[i] }, {}, context);
              } catch (e) {
                if (!(e instanceof SizingError)) throw e;
                got = e.message;
              }
              tried.set(i, got);
            }
            return got;
          };
          const fits = (i: number): boolean => {
            const got = disksAt(i);
            return typeof got !== "string" && countsOf(design, got) !== undefined;
          };
          let lo = 0;
          let hi = counts.length;
          if (counts[0] === 0) {
            if (fits(0)) hi = 0;
            else lo = 1;
          }
          while (lo < hi) {
            const mid = (lo + hi) >> 1;
            if (fits(mid)) hi = mid;
            else lo = mid + 1;
          }
          if (lo > 0) {
            const got = disksAt(lo - 1);
            blockers.add(typeof got === "string" ? "design" : "disks", typeof got === "string" ? got : (got.serverDisksProblem ?? "no server disks"), order + d * counts.length + 1, lo);
          }
          if (lo === counts.length) return;
          const got = disksAt(lo) as DesignDisks;
          accepted++;
          front.add(countsOf(design, got)!, () => ({ ...top, serverDisk, databasesPerVolume: counts[lo] }), order + d * counts.length + lo + 1);
        });
      }
      order += variants;
    }
    return variants;
  };
  for (const top of tops) {
    Error.stackTraceLimit = 0;
    try {
      done += withoutAdvice(() => visit(top));
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
    if (done - reported >= every) {
      reported = done;
      yield { done, total };
    }
  }
  if (outgrown !== undefined && outgrown.length > 0 && front.items.length === 0) {
    // No design accepted: what blocked the outgrown candidates, in their words, as the exhaustive search says it.
    const late = outgrown;
    Error.stackTraceLimit = 0;
    try {
      withoutAdvice(() => {
        for (const c of late) {
          const sized = check(c.inputs);
          if (!sized.ok) blockers.add("design", sized.problems[0], c.at);
          else for (const r of refusalsOf(sized.design, profile)) blockers.add(r.kind, r.message, c.at, 1, r.needed);
        }
      });
    } finally {
      Error.stackTraceLimit = stackTraceLimit;
    }
  }
  return { front: front.sorted(), candidates: total, accepted, pruned, blockers: blockers.list() };
}

/** The search run through: the front, the candidates, the refusals. */
export function fit(profile: FitProfile, check: FitCheck = sizeOnly, options: { exhaustive?: boolean } = {}): FitResult {
  const steps = fitSteps(profile, check, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/** What an architect states beyond the load, each optional: what is not stated the search varies over its default range. */
export interface FitStated {
  /** One site or two (default one). */
  sites?: 1 | 2;
  /** Copies at least this (default 2: a DAG). */
  minCopies?: number;
  /** Servers a DAG at most (default 16, Exchange's). */
  maxServersPerDag?: number;
  /** DAGs at most (default 8). */
  maxDags?: number;
  /** A lagged copy required (default: none). */
  laggedCopy?: boolean;
  /** The server disks allowed, by name (default: every disk of the catalogue). */
  serverDisks?: readonly string[];
  surviveSite?: boolean;
}

/** The inputs the search sets; any of them given pins it. */
export const SEARCHED_INPUTS = ["users", "environmentUsers", "serversSite1", "serversSite2", "copies", "laggedCopies", "serverDisk", "databasesPerVolume"] as const;
export type SearchedInput = (typeof SEARCHED_INPUTS)[number];

const range = (from: number, to: number): number[] => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * The profile of a load and what the architect states: the space searched (each input the architect
 * pinned, `pinned`, stays as given) and the mailboxes in all (environmentUsers when given, else users).
 * A FitError names the input when nothing could be searched.
 */
export function fitProfile(base: WorkbookInputs, pinned: ReadonlySet<SearchedInput>, stated: FitStated = {}): FitProfile {
  const version = designVersion(base.exchangeVersion);
  if (version === 2010 || base.method === "dell") {
    throw new FitError(`exchangeVersion and method: fit searches designs by Microsoft's method (Exchange 2013 and later); got ${version === 2010 ? "Exchange 2010" : 'the method "dell"'} — give --exchange-version 2013, 2016, 2019 or SE`);
  }
  const environment = base.environmentUsers === "" || base.environmentUsers === undefined || base.environmentUsers === 0 ? undefined : base.environmentUsers;
  const mailboxes = environment ?? base.users;
  const maxServers = stated.maxServersPerDag ?? MAX_SERVERS;
  if (!Number.isInteger(maxServers) || maxServers < 2 || maxServers > MAX_SERVERS) throw new FitError(`max-servers-per-dag must be a whole number from 2 to ${MAX_SERVERS}; got ${maxServers}`);
  const sites = pinned.has("serversSite2") ? (base.serversSite2 === "" ? 1 : 2) : (stated.sites ?? (stated.surviveSite ? 2 : 1));
  if (stated.surviveSite && sites !== 2) throw new FitError("survive-site-failure needs two sites: give --sites 2 (or leave --servers-site2 out)");
  const minCopies = stated.minCopies ?? 2;
  if (!Number.isInteger(minCopies) || minCopies < 2 || minCopies > MAX_COPIES) throw new FitError(`min-copies must be a whole number from 2 to ${MAX_COPIES}; got ${minCopies}`);
  const maxDags = stated.maxDags ?? 8;
  if (!Number.isInteger(maxDags) || maxDags < 1 || maxDags > 1000) throw new FitError(`max-dags must be a whole number from 1 to 1,000; got ${maxDags}`);

  const perSite = (site: 0 | 1): number[] => {
    const key = site === 0 ? "serversSite1" : "serversSite2";
    return pinned.has(key) ? [base[key] as number] : range(1, maxServers);
  };
  const serversPerSite: number[][] = [];
  if (sites === 1) {
    for (const n of perSite(0)) if (n <= maxServers) serversPerSite.push([n]);
  } else {
    for (const a of perSite(0)) for (const b of perSite(1)) if (a + b <= maxServers) serversPerSite.push([a, b]);
  }
  const n = (x: number) => x.toLocaleString("en-US");
  const atMost = `--max-servers-per-dag ${n(maxServers)}`;
  if (serversPerSite.length === 0) {
    // Only pinned servers can ask more than a DAG holds: each site has at least one.
    const first = pinned.has("serversSite1") ? (base.serversSite1 as number) : 1;
    const second = pinned.has("serversSite2") ? `${n(base.serversSite2 as number)} (--servers-site2)` : "at least 1";
    throw new FitError(
      sites === 1
        ? `servers-site1: ${n(first)} servers, more than the ${n(maxServers)} a DAG allowed (${atMost}); allow more servers a DAG or give fewer`
        : `servers-site1: ${n(first)} servers in the first site and ${second} in the second are more than the ${n(maxServers)} a DAG allowed (${atMost}); allow more servers a DAG, give fewer${pinned.has("serversSite2") ? "" : ", or one site (--sites 1)"}`,
    );
  }
  const mostServers = Math.max(...serversPerSite.map((s) => s.reduce((x, y) => x + y, 0)));
  // A copy needs a server of its own: what caps the servers, in the words the architect gave it.
  const serversCap = pinned.has("serversSite1") && (sites === 1 || pinned.has("serversSite2"))
    ? `the servers given are ${n(mostServers)} (--servers-site1 ${n(base.serversSite1 as number)}${sites === 2 ? ` --servers-site2 ${n(base.serversSite2 as number)}` : ""})`
    : `at most ${n(mostServers)} servers a DAG are searched (${atMost}${pinned.has("serversSite1") ? `, --servers-site1 ${n(base.serversSite1 as number)}` : ""}${pinned.has("serversSite2") ? `, --servers-site2 ${n(base.serversSite2 as number)}` : ""})`;
  if (pinned.has("copies") && base.copies > mostServers) throw new FitError(`copies: ${n(base.copies)} copies need a server each, ${n(base.copies)} servers a DAG, and ${serversCap}; give fewer copies or more servers`);
  const copies = pinned.has("copies") ? [base.copies] : range(minCopies, Math.min(MAX_COPIES, mostServers));
  if (copies.length === 0) throw new FitError(`min-copies: ${n(minCopies)} copies need a server each, ${n(minCopies)} servers a DAG, and ${serversCap}; allow fewer copies or more servers`);
  const mostCopies = Math.max(...copies);
  const laggedCopies = pinned.has("laggedCopies") ? [base.laggedCopies ?? 0] : stated.laggedCopy ? range(1, mostCopies - 2) : [0];
  if (laggedCopies.length === 0) {
    throw new FitError(`lagged-copy: a lagged copy needs 3 or more copies, and ${pinned.has("copies") ? `--copies gives ${n(base.copies)}` : `at most ${n(mostCopies)} fit: ${serversCap}`}`);
  }
  const disks = pinned.has("serverDisk") ? [base.serverDisk!] : [...(stated.serverDisks ?? JBOD_CATALOGUE.map((d) => d.name))];
  // 0, the most that fit (exsize design's default), lays volumes no count does: it is searched too.
  const databasesPerVolume = pinned.has("databasesPerVolume") ? [base.databasesPerVolume ?? 0] : [0, ...range(1, mostCopies).reverse()];
  const dagPinned = pinned.has("users") && pinned.has("environmentUsers");
  const dags = dagPinned ? [Math.ceil(mailboxes / base.users)] : range(1, maxDags);
  return {
    base,
    mailboxes,
    ...(dagPinned ? { usersPerDag: base.users } : {}),
    space: { dags, serversPerSite, copies, laggedCopies, serverDisks: disks, databasesPerVolume },
    ...(stated.surviveSite ? { surviveSite: true } : {}),
  };
}

/** The most cores and memory a server of the profile's version may have (undefined: none published). */
export function fitLimits(base: Pick<WorkbookInputs, "exchangeVersion">): { maxCores?: number; maxMemoryGB?: number } {
  const p = versionProfile(designVersion(base.exchangeVersion));
  return { ...(p.maxCores !== undefined ? { maxCores: p.maxCores } : {}), ...(p.maxMemoryGB !== undefined ? { maxMemoryGB: p.maxMemoryGB } : {}) };
}
