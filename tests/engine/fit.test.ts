/**
 * Fit: the fast search's front is the exhaustive search's — every candidate checked and
 * sized whole — over random small profiles; and a front is what it says: each design accepted, none
 * beaten on all four counts, within the version's limits.
 */
import fc from "fast-check";
import "../support/fast-check-seed";
import { FitError, fewestDisks, fit, fitProfile, type FitCounts, type FitProfile, type FitSpace } from "../../src/engine/fit";
import { JBOD_CATALOGUE, MICROSOFT, REFERENCE_DESIGN_INPUTS, diskCountKeys, diskCounts, sizeDesign, versionProfile, type Design, type WorkbookInputs } from "../../src/engine";
import { SizingError } from "../../src/engine/errors";
import { sizedOverCopies } from "../../src/engine/design";

/**
 * A topology fit searches by its disk count keys: sized never less over copies, fit sizes each disk whole (a disk
 * also moves fewer copies' counts, fit.ts), so such a draw is taken by the calculator's rules instead.
 */
const keyed = (top: WorkbookInputs): WorkbookInputs => (sizedOverCopies(top) ? { ...top, serverSizing: "calculator" } : top);

/** The profile's base at one of its searched topologies (servers a site, copies, lagged copies), picked by `pick`, keyed. */
function keyedTopology(profile: FitProfile, pick: number): WorkbookInputs {
  const { space } = profile;
  const sites = space.serversPerSite[pick % space.serversPerSite.length];
  return keyed({ ...profile.base, serversSite1: sites[0], serversSite2: sites.length > 1 ? sites[1] : "", copies: space.copies[pick % space.copies.length], laggedCopies: space.laggedCopies[pick % space.laggedCopies.length] });
}
import { quantity } from "../../src/engine/catalogue";
import { fitCheck } from "../../src/workbook/fit-check";

// The check exsize fit and the pane search with: the whole-design check's rules and sizing.
const check = fitCheck;
const DISKS = JBOD_CATALOGUE.map((d) => d.name);
const beats = (a: FitCounts, b: FitCounts) => a.servers <= b.servers && a.disks <= b.disks && a.memoryGB <= b.memoryGB && a.cores <= b.cores && (a.servers < b.servers || a.disks < b.disks || a.memoryGB < b.memoryGB || a.cores < b.cores);

/** A small space: a few DAG counts, sites, copies, disks and volume counts, so the exhaustive search is quick. */
const smallProfile: fc.Arbitrary<FitProfile> = fc
  .record({
    users: fc.integer({ min: 500, max: 40_000 }),
    quotaMB: fc.constantFrom(1024, 2048, 5120, 10240),
    messagesPerDay: fc.constantFrom(50, 100, 150, 250),
    exchangeVersion: fc.constantFrom<WorkbookInputs["exchangeVersion"]>(2013, 2016, 2019, "SE"),
    mcdb: fc.constantFrom("auto", "off", "on"),
    specIntRate: fc.constantFrom(0, 0, 900),
    serverSizing: fc.constantFrom<WorkbookInputs["serverSizing"]>("calculator", "calculator", "never less"),
    dags: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 2 }),
    twoSites: fc.boolean(),
    servers: fc.uniqueArray(fc.integer({ min: 2, max: 8 }), { minLength: 1, maxLength: 3 }),
    copies: fc.uniqueArray(fc.integer({ min: 2, max: 5 }), { minLength: 1, maxLength: 3 }),
    lagged: fc.constantFrom([0], [0, 1], [1]),
    disks: fc.uniqueArray(fc.constantFrom(...DISKS), { minLength: 1, maxLength: 3 }),
    volumes: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 4 }),
    surviveSite: fc.boolean(),
    considerJbod: fc.constantFrom("yes", "no"),
    dagLayout: fc.constantFrom("active/active", "active/active", "active/passive"),
    iopsMultiplier: fc.constantFrom(1, 1, 0.5, 2),
    spareDisks: fc.constantFrom(1, 1, 0, 2),
  })
  .map((r) => {
    const space: FitSpace = {
      dags: r.dags,
      serversPerSite: r.servers.map((n) => (r.twoSites ? [n, Math.max(1, n - 1)] : [n])),
      copies: r.copies,
      laggedCopies: r.lagged,
      serverDisks: r.disks,
      databasesPerVolume: r.volumes,
    };
    const base: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, users: r.users, quotaMB: r.quotaMB, messagesPerDay: r.messagesPerDay, exchangeVersion: r.exchangeVersion, mcdb: r.mcdb, specIntRate: r.specIntRate, coresPerServer: 24, serverSizing: r.serverSizing, considerJbod: r.considerJbod, dagLayout: r.dagLayout, iopsMultiplier: r.iopsMultiplier, spareDisks: r.spareDisks };
    return { base, mailboxes: r.users, space, ...(r.twoSites && r.surviveSite ? { surviveSite: true } : {}) };
  });

/**
 * The space docs/fit.md states, enumerated here apart from fit.ts: DAGs 1 to the most (⌈mailboxes ÷ DAGs⌉
 * each), servers a site 1 to the most a DAG in all, copies from the least to the servers, lagged copies,
 * each disk, databases a volume 0 and the copies down to 1. Each candidate is sized whole and judged as
 * the docs say; the front is the count vectors no other beats on all four.
 */
function exhaustiveFront(base: WorkbookInputs, stated: { sites: 1 | 2; maxServersPerDag: number; maxDags: number; minCopies: number; laggedCopy: boolean; serverDisks: string[]; surviveSite: boolean }): string[] {
  const accepted: FitCounts[] = [];
  const sitesOf: number[][] = [];
  for (let a = 1; a <= stated.maxServersPerDag; a++) {
    if (stated.sites === 1) sitesOf.push([a]);
    else for (let b = 1; a + b <= stated.maxServersPerDag; b++) sitesOf.push([a, b]);
  }
  for (let dags = 1; dags <= stated.maxDags; dags++) {
    const users = Math.ceil(base.users / dags);
    for (const sites of sitesOf) {
      const servers = sites[0] + (sites[1] ?? 0);
      for (let copies = stated.minCopies; copies <= servers; copies++) {
        for (const laggedCopies of stated.laggedCopy ? Array.from({ length: Math.max(0, copies - 2) }, (_, i) => i + 1) : [0]) {
          for (const serverDisk of stated.serverDisks) {
            for (let databasesPerVolume = 0; databasesPerVolume <= copies; databasesPerVolume++) {
              const inputs: WorkbookInputs = { ...base, users, environmentUsers: users === base.users ? "" : base.users, serversSite1: sites[0], serversSite2: sites[1] ?? "", copies, laggedCopies, serverDisk, databasesPerVolume };
              const sized = check(inputs);
              if (!sized.ok) continue;
              const d = sized.design;
              if (d.method !== "microsoft" || d.warnings.length > 0) continue;
              if (d.inputs.specIntRate > 0 && d.coresPerServer > d.inputs.coresPerServer) continue;
              if (stated.surviveSite && !d.scenarios.find((s) => s.scenario === "site")?.survivable) continue;
              const disks = environmentDisksAndSsds(d);
              if (disks === null) continue;
              const n = d.environmentServers;
              accepted.push({ servers: n, disks, memoryGB: n * d.memoryPerServerGB, cores: n * d.coresPerServer });
            }
          }
        }
      }
    }
  }
  const front = accepted.filter((c) => !accepted.some((o) => beats(o, c)));
  return [...new Set(front.map(countsText))].sort();
}
/** The disks fit counts, as design --json gives them: the environment's server disks (each site's) and its MCDB SSDs. */
function environmentDisksAndSsds(d: Design): number | null {
  const disks = quantity("environmentDisks").value(d) as number | null;
  return disks === null ? null : disks + d.dags * ((quantity("dagMcdbSsds").value(d) as number | null) ?? 0);
}
const countsText = (c: FitCounts) => `${c.servers} servers, ${c.disks} disks, ${c.memoryGB} GB, ${c.cores} cores`;

describe("fit", () => {
  test("over random small profiles (consider JBOD either way, databases a volume 0, lagged copies, two sites, several DAGs), the front is an exhaustive search's", () => {
    fc.assert(
      fc.property(
        fc.record({
          users: fc.integer({ min: 500, max: 30_000 }),
          quotaMB: fc.constantFrom(1024, 2048, 5120, 10240),
          messagesPerDay: fc.constantFrom(50, 150, 500),
          exchangeVersion: fc.constantFrom<WorkbookInputs["exchangeVersion"]>(2013, 2016, 2019, "SE"),
          considerJbod: fc.constantFrom("yes", "no"),
          dagLayout: fc.constantFrom("active/active", "active/passive"),
          iopsMultiplier: fc.constantFrom(1, 0.5),
          sites: fc.constantFrom<1 | 2>(1, 2),
          maxServersPerDag: fc.integer({ min: 2, max: 5 }),
          maxDags: fc.integer({ min: 1, max: 3 }),
          minCopies: fc.constantFrom(2, 2, 3),
          laggedCopy: fc.boolean(),
          serverDisks: fc.uniqueArray(fc.constantFrom(...DISKS), { minLength: 1, maxLength: 2 }),
          surviveSite: fc.boolean(),
        }),
        (r) => {
          const base: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, users: r.users, environmentUsers: "", quotaMB: r.quotaMB, messagesPerDay: r.messagesPerDay, exchangeVersion: r.exchangeVersion, considerJbod: r.considerJbod, dagLayout: r.dagLayout, iopsMultiplier: r.iopsMultiplier };
          const stated = { ...r, surviveSite: r.surviveSite && r.sites === 2, minCopies: Math.min(r.minCopies, r.maxServersPerDag) };
          let profile: FitProfile;
          try {
            profile = fitProfile(base, new Set(), stated);
          } catch (e) {
            // Only a space with nothing in it (no lagged copy fits the copies) is refused.
            expect(e).toBeInstanceOf(FitError);
            expect(r.laggedCopy && r.maxServersPerDag < 3).toBe(true);
            return;
          }
          const { front } = fit(profile, check);
          expect([...new Set(front.map((d) => countsText(d.counts)))].sort()).toEqual(exhaustiveFront(base, stated));
        },
      ),
      { numRuns: 40 },
    );
  });


  test("over random small profiles, the front equals the exhaustive search's", () => {
    fc.assert(
      fc.property(smallProfile, (profile) => {
        const fast = fit(profile, check);
        const whole = fit(profile, check, { exhaustive: true });
        expect(fast.candidates).toBe(whole.candidates);
        expect(fast.front).toEqual(whole.front);
        // With no design to show, what blocked them is what the CLI and the pane say: the same as every candidate sized.
        if (whole.front.length === 0) expect(fast.blockers).toEqual(whole.blockers);
      }),
      { numRuns: 40 },
    );
  });

  test("with no design accepted, the search says what blocked them as the exhaustive search does (the outgrown candidates in their words)", () => {
    // Small DAGs of large mailboxes on small disks: databases past the disk's maximum size, skipped by the fast search.
    const profile: FitProfile = {
      base: { ...REFERENCE_DESIGN_INPUTS, users: 20000, quotaMB: 10240, messagesPerDay: 150, exchangeVersion: "SE", environmentUsers: "" },
      mailboxes: 20000,
      space: { dags: [1], serversPerSite: [[8]], copies: [3], laggedCopies: [0], serverDisks: ['1TB 7.2K RPM SAS 3.5"', '1.5TB 7.2K RPM SAS 3.5"'], databasesPerVolume: [0, 3, 2] },
    };
    const fast = fit(profile, check);
    const whole = fit(profile, check, { exhaustive: true });
    expect(whole.front).toEqual([]);
    // Both ways databases outgrow the disk: laid out, with the warning; or not laid out at all.
    expect(whole.blockers.map((b) => b.kind).sort()).toEqual(["database size", "design"]);
    expect(fast.blockers).toEqual(whole.blockers);
  });

  test("no design has fewer disks than fewestDisks, the bound the search prunes by (JBOD or RAID, one site or two, lagged copies)", () => {
    let laid = 0;
    fc.assert(
      fc.property(smallProfile, fc.nat(), (profile, pick) => {
        const { space } = profile;
        const sites = space.serversPerSite[pick % space.serversPerSite.length];
        const copies = space.copies[pick % space.copies.length];
        const dags = space.dags[pick % space.dags.length];
        const users = Math.ceil(profile.mailboxes / dags);
        const top: WorkbookInputs = { ...profile.base, users, environmentUsers: users === profile.mailboxes ? "" : profile.mailboxes, serversSite1: sites[0], serversSite2: sites.length > 1 ? sites[1] : "", copies, laggedCopies: space.laggedCopies[pick % space.laggedCopies.length] };
        for (const serverDisk of DISKS) {
          for (const databasesPerVolume of [0, 1, 2, 3, 4, 5]) {
            const sized = check({ ...top, serverDisk, databasesPerVolume });
            if (!sized.ok || sized.design.microsoft === undefined) continue;
            const d = sized.design;
            const disks = environmentDisksAndSsds(d);
            if (disks === null) continue;
            laid++;
            const formattedGB = JBOD_CATALOGUE.find((x) => x.name === serverDisk)!.rawGB * MICROSOFT.formattedPerRawGB;
            expect(disks).toBeGreaterThanOrEqual(fewestDisks(d, d.microsoft!.copiesPerServer * d.microsoft!.databaseGB, formattedGB, 1 + (d.inputs.spareDisks ?? 1)));
          }
        }
      }),
      { numRuns: 30 },
    );
    expect(laid).toBeGreaterThan(100);
  });

  test("no design needs less memory or cores a server, or holds less data, than its disk count's floor (diskCounts), the bound the search prunes unsized keys by", () => {
    let sized = 0;
    let tight = 0;
    fc.assert(
      fc.property(
        smallProfile,
        fc.nat(),
        fc.record({ virtualization: fc.constantFrom<"no" | "yes">("no", "yes"), replayLagManager: fc.constantFrom<"no" | "yes">("no", "yes"), messageKB: fc.constantFrom(75, 50, 150), archiveMB: fc.constantFrom(0, 0, 2048) }),
        (profile, pick, more) => {
          const { space } = profile;
          const sites = space.serversPerSite[pick % space.serversPerSite.length];
          const copies = space.copies[pick % space.copies.length];
          const dags = space.dags[pick % space.dags.length];
          const users = Math.ceil(profile.mailboxes / dags);
          const drawn: WorkbookInputs = { ...profile.base, ...more, users, environmentUsers: users === profile.mailboxes ? "" : profile.mailboxes, serversSite1: sites[0], serversSite2: sites.length > 1 ? sites[1] : "", copies, laggedCopies: space.laggedCopies[pick % space.laggedCopies.length] };
          const top = keyed(drawn);
          const { countOf, floorAt } = diskCounts(top);
          for (const serverDisk of DISKS) {
            for (const databasesPerVolume of [0, 1, 2, 3, 4, 5]) {
              const checked = check({ ...top, serverDisk, databasesPerVolume });
              if (!checked.ok || checked.design.microsoft === undefined) continue;
              const d = checked.design;
              const count = countOf({ serverDisk, databasesPerVolume });
              // A design sized has its key, at the databases it deploys.
              expect(count?.databases).toBe(d.databases);
              const floor = floorAt(count!.databases);
              sized++;
              expect(floor.memoryPerServerGB).toBeLessThanOrEqual(d.memoryPerServerGB);
              expect(floor.coresPerServer).toBeLessThanOrEqual(d.coresPerServer);
              expect(floor.dataGB).toBeLessThanOrEqual(d.microsoft!.copiesPerServer * d.microsoft!.databaseGB);
              if (floor.memoryPerServerGB === d.memoryPerServerGB && floor.coresPerServer === d.coresPerServer) tight++;
            }
          }
        },
      ),
      { numRuns: 40 },
    );
    expect(sized).toBeGreaterThan(200);
    // A floor that bounds nothing would prune nothing: many designs meet it on both counts (fewer by the
    // calculator's rules, whose worst failure lies above the floor's one server lost).
    expect(tight).toBeGreaterThan(sized / 8);
  });

  test("a candidate whose disk count key says its databases outgrow the disk is refused, so the search may skip it", () => {
    fc.assert(
      fc.property(smallProfile, fc.nat(), (profile, pick) => {
        const top = keyedTopology(profile, pick);
        const keyOf = diskCountKeys(top);
        for (const serverDisk of DISKS) {
          for (const databasesPerVolume of [0, 1, 2, 3, 4, 5]) {
            const key = keyOf({ serverDisk, databasesPerVolume });
            if (key === undefined || !/ outgrown /.test(key)) continue;
            const sized = check({ ...top, serverDisk, databasesPerVolume });
            // Refused by the check, or sized with the warning the search refuses (fit.ts refusalsOf).
            if (sized.ok) expect(sized.design.warnings.map((w) => w.limit)).toContain("databaseSize");
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  test("designs that differ only in their disk inputs and share a disk count key size alike but for their disks", () => {
    // What the disk inputs may change of a design beside the key (size-design.ts diskCountKeys); and the servers sized
    // never less beside the calculator's (neverLess), which count fewer copies from the disk too: the search keeps a
    // front design's inputs and sizes it whole, so it never reads them from the key's design.
    const DISK_FIELDS = new Set(["inputs", "layout", "siteServers", "databasesPerVolumeNote", "serverDisks", "raidServerDisks", "serverDisksProblem", "mcdb", "mcdbProblem", "microsoft", "microsoftDatabases", "neverLess"]);
    const DISK_LIMITS = new Set(["maxDatabaseGB", "mailboxesPerDatabaseLimit", "ioMailboxesPerDatabase", "maxDatabases"]);
    const without = (o: object, names: Set<string>) => Object.fromEntries(Object.keys(o).filter((k) => !names.has(k)).map((k) => [k, (o as Record<string, unknown>)[k]]));
    // A warning's kind is the key's (databases past the maximum size); its figures are the disk's limits.
    const alike = (d: Design) => ({ ...without(d, DISK_FIELDS), microsoft: d.microsoft && without(d.microsoft, DISK_LIMITS), warnings: d.warnings.map((w) => (w.limit === "databaseSize" ? w.limit : w)) });
    fc.assert(
      fc.property(smallProfile, fc.nat(), (profile, pick) => {
        const top = keyedTopology(profile, pick);
        const keyOf = diskCountKeys(top);
        const first = new Map<string, Design | "refused">();
        for (const serverDisk of DISKS) {
          for (const databasesPerVolume of [0, 1, 2, 3, 4, 5]) {
            const inputs = { ...top, serverDisk, databasesPerVolume };
            const key = keyOf(inputs);
            let design: Design | "refused";
            try {
              design = sizeDesign(inputs);
            } catch (e) {
              if (!(e instanceof SizingError)) throw e;
              design = "refused";
            }
            // No key: the count refuses the design, and so sizeDesign.
            if (key === undefined) {
              expect(design).toBe("refused");
              continue;
            }
            const seen = first.get(key);
            if (seen === undefined) first.set(key, design);
            else if (seen === "refused" || design === "refused") expect(design).toBe(seen);
            else expect(alike(design)).toEqual(alike(seen));
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  test("over random small profiles, each front design is accepted, within its version's limits, and beaten by none", () => {
    fc.assert(
      fc.property(smallProfile, (profile) => {
        const { front } = fit(profile, check);
        for (const d of front) {
          const sized = check(d.inputs);
          expect(sized.ok).toBe(true);
          if (!sized.ok) continue;
          const design = sized.design;
          expect(design.warnings).toEqual([]);
          const p = versionProfile(design.inputs.exchangeVersion as never);
          if (p.maxCores !== undefined) expect(design.coresPerServer).toBeLessThanOrEqual(p.maxCores);
          if (p.maxMemoryGB !== undefined) expect(design.memoryPerServerGB).toBeLessThanOrEqual(p.maxMemoryGB);
          expect(d.counts.servers).toBe(design.environmentServers);
          expect(d.counts.memoryGB).toBe(design.environmentServers * design.memoryPerServerGB);
          expect(d.counts.cores).toBe(design.environmentServers * design.coresPerServer);
          expect(d.counts.disks).toBe(environmentDisksAndSsds(design));
          if (profile.surviveSite) expect(design.scenarios.find((s) => s.scenario === "site")?.survivable).toBe(true);
          for (const other of front) expect(beats(other.counts, d.counts)).toBe(false);
        }
        // Fewest servers first.
        for (let i = 1; i < front.length; i++) expect(front[i].counts.servers).toBeGreaterThanOrEqual(front[i - 1].counts.servers);
      }),
      { numRuns: 25 },
    );
  });

  test("a profile whose every design is past the version's memory says so", () => {
    // 10,000 mailboxes on two SE servers: each needs 384 GB, past the 256 GB recommended.
    const base = { ...REFERENCE_DESIGN_INPUTS, users: 10_000, exchangeVersion: "SE" as const };
    const profile = fitProfile(base, new Set(["copies"] as const), { maxServersPerDag: 2, maxDags: 1 });
    const result = fit(profile, check);
    expect(result.front).toEqual([]);
    expect(result.blockers.map((b) => b.kind)).toContain("memory");
    const memory = result.blockers.find((b) => b.kind === "memory")!;
    expect(memory.least).toBeGreaterThan(256);
  });

  test("the profile's pinned inputs stay; the rest take their ranges", () => {
    const base = { ...REFERENCE_DESIGN_INPUTS, users: 9000, copies: 3, exchangeVersion: 2019 as const };
    const pinned = fitProfile(base, new Set(["copies"] as const));
    expect(pinned.space.copies).toEqual([3]);
    const free = fitProfile(base, new Set(), { minCopies: 3, maxServersPerDag: 6, sites: 2 });
    expect(free.space.copies).toEqual([3, 4, 5, 6]);
    expect(free.space.serversPerSite.every((s) => s.length === 2 && s[0] + s[1] <= 6)).toBe(true);
    expect(free.space.laggedCopies).toEqual([0]);
    expect(fitProfile(base, new Set(), { laggedCopy: true, maxServersPerDag: 5 }).space.laggedCopies).toEqual([1, 2, 3]);
  });

  test("users with environmentUsers pin a DAG's mailboxes: the DAGs follow", () => {
    const base = { ...REFERENCE_DESIGN_INPUTS, users: 7600, environmentUsers: 100_000, exchangeVersion: 2016 as const };
    const profile = fitProfile(base, new Set(["users", "environmentUsers"] as const), { maxServersPerDag: 4, serverDisks: DISKS.slice(0, 2) });
    const { front } = fit(profile);
    expect(front.length).toBeGreaterThan(0);
    for (const d of front) expect([d.inputs.users, d.inputs.environmentUsers]).toEqual([7600, 100_000]);
    expect(sizeDesign(front[0].inputs).dags).toBe(14);
  });

  test("a profile fit cannot search is a FitError naming the input", () => {
    expect(() => fitProfile({ ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2010 }, new Set())).toThrow(FitError);
    expect(() => fitProfile({ ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016 }, new Set(), { maxServersPerDag: 1 })).toThrow(/max-servers-per-dag/);
    expect(() => fitProfile({ ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016 }, new Set(), { surviveSite: true, sites: 1 })).toThrow(/two sites/);
  });

  test("each front design sizes to the counts it is judged on (the engine alone)", () => {
    const base = { ...REFERENCE_DESIGN_INPUTS, users: 12_000, quotaMB: 5120, exchangeVersion: 2016 as const };
    const profile = fitProfile(base, new Set(), { maxServersPerDag: 6, maxDags: 2, serverDisks: DISKS.slice(0, 4) });
    const { front } = fit(profile);
    expect(front.length).toBeGreaterThan(0);
    for (const d of front) {
      const design = sizeDesign(d.inputs);
      expect(environmentDisksAndSsds(design)).not.toBeNull();
      expect(d.counts.disks).toBe(environmentDisksAndSsds(design));
    }
  });
});
