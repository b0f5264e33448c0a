/**
 * EX_MS_DISKS, a JBOD mailbox server's own disks, and its Excel-native rendering for the
 * customer copy (src/engine/microsoft/disk-formulas.ts): the function equals sizeDesign's serverDisks
 * for the same design (Dell EMC's 100,000-mailbox Exchange 2016 design, 004_1d3a339e6fd03f64.txt, and
 * random designs), and the native formulas, recalculated by our own evaluator, equal the function for
 * every result — at random, at a volume that exactly fits its disk, and where the disk is too small.
 */
import fc from "fast-check";
import { REFERENCE_PRESETS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { SizingError } from "../../src/engine/errors";
import { serverDiskFormula, SERVER_DISK_RESULTS, volumeDatabasesChoiceFormula, type ServerDiskCells, type ServerDiskResult } from "../../src/engine/microsoft/disk-formulas";
import { DELL_EMC_8TB_NL_SAS, DISK_SIZES_GB, DISK_TYPE_IOPS, JBOD_CATALOGUE, jbodDisk } from "../../src/engine/microsoft/disks";
import { prefersJbod } from "../../src/engine/microsoft/design";
import { logSpaceFormula, type MicrosoftCells } from "../../src/engine/microsoft/formulas";
import { MICROSOFT, MICROSOFT_FACTOR_DEFAULTS } from "../../src/engine/microsoft/tables";
import { evaluateFormula } from "../../src/formula";
import { EX_MS_DATABASES, EX_MS_DISKS, EX_MS_IOPS, EX_MS_MAILBOX, MS_DISKS_RESULTS } from "../../src/functions/microsoft";
import { namedCells, type NamedCell } from "../support/named-cells";
import { WORKBOOK_MS } from "../support/timeouts";

// Each property evaluates thousands of formulas and sizes hundreds of designs: never Jest's 5 s default.
jest.setTimeout(WORKBOOK_MS);


const CELLS: ServerDiskCells = {
  copiesPerServer: "CopiesPerServer",
  copies: "Copies",
  databaseGB: "DatabaseGB",
  logGB: "LogGB",
  mailboxesPerDatabase: "MailboxesPerDatabase",
  iopsPerMailbox: "IopsPerMailbox",
  diskRawGB: "DiskRawGB",
  diskIops: "DiskIops",
  volumeDatabases: "VolumeDatabases",
  activePassive: "ActivePassive",
  severalPerVolume: "SeveralPerVolume",
  autoReseedDisks: "AutoReseedDisks",
  spareDisks: "SpareDisks",
  servers: "Servers",
  volumeDatabasesChoice: "VolumeChoice",
};

type Values = Record<Exclude<keyof ServerDiskCells, "volumeDatabasesChoice">, NamedCell>;
type Numbers = Record<keyof Values, number>;

/** Every result of the native rendering at these cell values: the helper first, then each result reading it. */
function native(values: Values): Record<ServerDiskResult, number | string | SizingError> {
  const names: Record<string, NamedCell> = Object.fromEntries(Object.entries(values).map(([k, v]) => [CELLS[k as keyof Values], v]));
  const choice = evaluateFormula(volumeDatabasesChoiceFormula(CELLS), namedCells(names));
  const context = namedCells({ ...names, [CELLS.volumeDatabasesChoice]: choice instanceof SizingError ? null : (choice as number) });
  // An error in the helper cell is the error of every result that reads it.
  const out = {} as Record<ServerDiskResult, number | string | SizingError>;
  for (const r of SERVER_DISK_RESULTS) out[r] = choice instanceof SizingError ? choice : (evaluateFormula(serverDiskFormula(CELLS, r), context) as number | string | SizingError);
  return out;
}

/** The same value, or both #N/A. */
function same(actual: unknown, expected: unknown, what: string): void {
  if (expected instanceof SizingError || actual instanceof SizingError) {
    expect({ what, actual: actual instanceof SizingError ? actual.code : actual }).toEqual({ what, actual: expected instanceof SizingError ? expected.code : expected });
    return;
  }
  expect({ what, actual }).toEqual({ what, actual: expected });
}

const preset = REFERENCE_PRESETS["dellemc-2016"];
const P = preset.inputs;
/** 004's DAG as EX_MS_DISKS's arguments: 7,600 mailboxes, 150 messages, 20 GB and a 50 GB archive, 4 copies on 8 + 8 servers. */
const P_ARGS = [P.users, P.messagesPerDay, P.messageKB, P.quotaMB, [[8, 8]], P.copies, DELL_EMC_8TB_NL_SAS.name] as const;

describe("Dell EMC's 100,000-mailbox Exchange 2016 design (004_1d3a339e6fd03f64.txt), the preset dellemc-2016", () => {
  const d = sizeDesign(preset.inputs);
  // The preset deploys 004's 336 databases (004 §4, the activation table); the calculator's own count is 288 on RAID.
  const factors = [["archiveMB", P.archiveMB], ["databases", d.databases]];
  const fn = (result: string, volumeDatabases: number | null = 2) => EX_MS_DISKS(...P_ARGS, result, volumeDatabases, null, null, factors);

  test.each<[string, string, number]>([
    ["45 disks a server (004 Table 4 '45 x 8TB 7.2K RPM NL-SAS'; §4: one spare)", "disks", 45],
    ["44 without the spare: the calculator's count (Storage Design!C197: database+log + restore + AutoReseed)", "calculator", 44],
    ["42 database+log disks (004 §4 '42 disk drives', Table 5 'Number of LUNs per server: 42'; Storage Design!C182; @erratum E7)", "databaselog", 42],
    ["2 databases a volume (004 Table 5 'Number of DBs per LUN: 2'; Volume Requirements!E114)", "volumedatabases", 2],
    ["720 disks a DAG of 16 servers: 16 × 45 (004 §4: 8 + 8 servers)", "dag", 720],
  ])("%s", (_what, result, expected) => {
    expect(fn(result)).toBe(expected);
  });

  test("every result is sizeDesign's serverDisks for the preset (Volume Requirements!I123, I9; Storage Design!C46)", () => {
    const s = d.serverDisks!;
    const jbodOnly = ["databaseraid", "restoreraid", "databaseloggb"];
    expect(SERVER_DISK_RESULTS.filter((r) => !jbodOnly.includes(r)).map((r) => fn(r))).toEqual([s.disksPerServer, s.calculatorDisks, s.databaseLogDisks, s.databasesPerVolume, s.volumeGB, s.formattedGB, s.restoreVolumeGB, s.disksPerServer * 16, "JBOD", 1]);
    // RAID's figures say why not, naming what to ask for on JBOD.
    for (const r of jbodOnly) expect([r, (fn(r) as SizingError).code, (fn(r) as SizingError).message]).toEqual([r, "#N/A", expect.stringMatching(new RegExp(`^${r} is a RAID server's .*; this design is on JBOD`))]);
    expect(fn("volumegb")).toBeCloseTo(4574.38, 2);
  });

  test("the most that fit an 8 TB disk is 3 (4 would need 8,800 GB): 28 + 3 disks", () => {
    expect([fn("volumedatabases", 0), fn("databaselog", 0), fn("disks", 0)]).toEqual([3, 28, 31]);
  });

  test('the help page\'s example, through the formula reader: =EX_MS_DISKS(7600,150,75,20480,{8,8},4,"8TB 7.2K NL-SAS 3.5""","disks",2,,,{"archiveMB",51200;"databases",336}) → 45', () => {
    const cell = evaluateFormula('=EX_MS_DISKS(7600,150,75,20480,{8,8},4,"8TB 7.2K NL-SAS 3.5""","disks",2,,,{"archiveMB",51200;"databases",336})');
    expect(cell).toBe(45);
    // A user's own disk as a row of raw GB and random IOPS: the same disk, the same count.
    expect(evaluateFormula('=EX_MS_DISKS(7600,150,75,20480,{8,8},4,{8000,57.5},"disks",2,,,{"archiveMB",51200;"databases",336})')).toBe(45);
  });

  test("two copies go on RAID (Role Requirements!I127): sizeDesign's RAID disks, a JBOD volume's GB #N/A saying why", () => {
    const two = sizeDesign({ ...preset.inputs, copies: 2 });
    const at = (r: string) => EX_MS_DISKS(P.users, P.messagesPerDay, P.messageKB, P.quotaMB, [[8, 8]], 2, DELL_EMC_8TB_NL_SAS.name, r, 2, null, null, [["archiveMB", P.archiveMB], ["databases", two.databases]]);
    const k = two.raidServerDisks!;
    expect([at("architecture"), at("disks"), at("databaseraid"), at("databaselog"), at("dag")]).toEqual(["RAID", k.disksPerServer, k.databaseLogRaid, k.databaseLogDisks, k.dagDisks]);
    // No parity RAID on a 7.2K disk (Storage Design!C74:C75).
    expect(at("databaseraid")).toBe("RAID-1/0");
    const v = at("volumegb");
    expect([(v as SizingError).code, (v as SizingError).message]).toEqual(["#N/A", expect.stringMatching(/^volumegb is a JBOD volume's GB, one disk each; this design is on RAID/)]);
  });

  test("iopsPerMailbox for the native: the peak IOPS ÷ mailboxes, as sizeDesign divides (EX_MS_IOPS \"permailbox\" can be a unit in the last place away)", () => {
    const peak = EX_MS_IOPS(P.users, P.messagesPerDay, P.messageKB, P.quotaMB, [[8, 8]], P.copies, "peak", factors) as number;
    expect(peak / P.users).toBe(d.iopsPerMailbox);
    expect(EX_MS_IOPS(P.users, P.messagesPerDay, P.messageKB, P.quotaMB, [[8, 8]], P.copies, "permailbox", factors)).toBeCloseTo(d.iopsPerMailbox, 15);
  });
});

describe("bad arguments name the argument and what it should be", () => {
  const call = (disk: unknown, more: unknown[] = []) => EX_MS_DISKS(...(P_ARGS.slice(0, 6) as [number, number, number, number, number[][], number]), disk, ...more);
  test.each<[string, () => unknown, string, RegExp]>([
    ["no disk", () => call(null), "#VALUE!", /^disk is required: a server disk, JBOD or RAID: a name of Microsoft's calculator's disk table such as "8TB 7\.2K NL-SAS 3\.5" or .* \(the inch mark may be left out\), or a row of its raw GB and random IOPS such as \{8000,57\.5\}$/],
    ["a number for a disk", () => call(8000), "#VALUE!", /^disk must be a server disk, JBOD or RAID: .*; got 8000$/],
    ["three cells", () => call([[8000, 57.5, 1]]), "#VALUE!", /^disk must be a server disk, JBOD or RAID: .*; got a range of 3 cells$/],
    ["a block of four", () => call([[8000, 57.5], [1, 2]]), "#VALUE!", /^disk must be .*got a range of 4 cells$/],
    ["an unknown name", () => call("fast"), "#N/A", /^disk must be one of '8TB 7\.2K NL-SAS 3\.5"'.*got "fast"$/],
    ["a disk of 0 GB", () => call([[0, 57.5]]), "#VALUE!", /^disk raw GB must be a disk's raw \(decimal\) GB such as 8000, a number above 0 up to 1,000,000; got 0$/],
    ["a disk of no IOPS", () => call([[8000, "x"]]), "#VALUE!", /^disk IOPS must be a disk's random IOPS such as 57\.5, a number above 0 up to 1,000,000; got "x"$/],
    ["an unknown result", () => call(DELL_EMC_8TB_NL_SAS.name, ["spindles"]), "#VALUE!", /^result must be one of "disks", "calculator", "databaselog", "volumedatabases", "volumegb", "formattedgb", "restoregb", "dag", "architecture", "databaseraid", "restoreraid", "restoredisks", "databaseloggb"; got "spindles"$/],
    ["half a database a volume", () => call(DELL_EMC_8TB_NL_SAS.name, [null, 1.5]), "#VALUE!", /^volumeDatabases must be databases a disk's volume holds \(0 = the most that fit, at most the copies\), a whole number from 0 to 100; got 1\.5$/],
    ["101 databases a volume", () => call(DELL_EMC_8TB_NL_SAS.name, [null, 101]), "#VALUE!", /^volumeDatabases must be .*; got 101$/],
    ["negative AutoReseed disks", () => call(DELL_EMC_8TB_NL_SAS.name, [null, 0, -1]), "#VALUE!", /^autoReseedDisks must be AutoReseed spare disks a server, a whole number from 0 to 100; got -1$/],
    ["too many spares", () => call(DELL_EMC_8TB_NL_SAS.name, [null, 0, 1, 101]), "#VALUE!", /^spareDisks must be hot spare disks a server, a whole number from 0 to 100; got 101$/],
    ["an unknown factor", () => call(DELL_EMC_8TB_NL_SAS.name, [null, 0, 1, 1, [["diskSize", 1]]]), "#VALUE!", /^factors must be factor names from: .*; got "diskSize"$/],
    ["copies without servers enough", () => EX_MS_DISKS(7600, 150, 75, 20480, 2, 4, DELL_EMC_8TB_NL_SAS.name), "#N/A", /^copies: 4 copies in site 1 need as many servers there; it has 2$/],
    ["a disk too small for one database", () => call('1000 GB 7.2K RPM SAS 3.5"', [null, 0, 1, 1, [["archiveMB", 51200], ["databases", 336]]]), "#N/A", /^disk: a volume of 1 database needs 2,461\.6 GB; a 1TB 7\.2K RPM SAS 3\.5" disk formats to 931\.3 GB — choose a larger disk or fewer databases a volume$/],
    ["a disk too slow", () => call([[8000, 5]], [null, 2, 1, 1, [["databases", 336]]]), "#N/A", /^disk: a volume of 2 databases needs 5\.5 IOPS; a 8,000 GB, 5 IOPS disk gives 5 — choose a faster disk or fewer databases a volume$/],
  ])("%s", (_what, f, code, message) => {
    const v = f();
    expect(v).toBeInstanceOf(SizingError);
    expect((v as SizingError).code).toBe(code);
    expect((v as SizingError).message).toMatch(message);
  });

  test("a name as a one-cell range, a row or a column of raw GB and IOPS, any case and spacing of a catalogue name", () => {
    const at = (disk: unknown) => call(disk, ["disks", 2, null, null, [["databases", 336]]]);
    expect([at([['8TB 7.2K NL-SAS 3.5"']]), at("8tb 7.2k nl-sas 3.5"), at([[8000, 57.5]]), at([[8000], [57.5]])]).toEqual([45, 45, 45, 45]);
  });

  test("result names EX_MS_DISKS takes are the native's, in the same order", () => {
    expect(MS_DISKS_RESULTS).toEqual(SERVER_DISK_RESULTS);
  });
});

/** A random Microsoft-method DAG and a JBOD disk for its servers. */
const disks = fc.oneof(
  fc.constantFrom(...JBOD_CATALOGUE),
  fc.tuple(fc.constantFrom(...DISK_SIZES_GB), fc.constantFrom(...Object.keys(DISK_TYPE_IOPS))).map(([gb, type]) => jbodDisk(`${gb} GB ${type}`)),
);
const designs = fc.record({
  users: fc.integer({ min: 100, max: 40_000 }),
  messagesPerDay: fc.integer({ min: 1, max: 500 }),
  messageKB: fc.integer({ min: 10, max: 300 }),
  quotaMB: fc.integer({ min: 256, max: 100_000 }),
  archiveMB: fc.constantFrom(0, 0, 10_240, 51_200),
  sites: fc.oneof(
    fc.integer({ min: 2, max: 8 }).map((m) => [m, m] as [number, number]),
    fc.tuple(fc.integer({ min: 1, max: 16 }), fc.integer({ min: 0, max: 15 })).filter(([a, b]) => a + b <= 16),
  ),
  copies: fc.integer({ min: 2, max: 8 }),
  lagged: fc.constantFrom(0, 0, 0, 1, 2),
  lagDays: fc.integer({ min: 1, max: 14 }),
  disk: disks,
  volumeDatabases: fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: 1, max: 6 })),
  autoReseedDisks: fc.integer({ min: 0, max: 3 }),
  spareDisks: fc.integer({ min: 0, max: 3 }),
  // Size the databases for the disk too (the factors diskGB and diskIops), or on RAID's 2,000 GB.
  diskFactors: fc.boolean(),
}).filter((g) => {
  // Designs whose copies the sites can hold (copiesPerSite: round-robin, the first site the larger share), two kept HA.
  const first = g.sites[1] > 0 ? Math.ceil(g.copies / 2) : g.copies;
  return first <= g.sites[0] && g.copies - first <= g.sites[1] && g.lagged <= g.copies - 2;
});
type Design = typeof designs extends fc.Arbitrary<infer T> ? T : never;

const sitesArg = (g: Design) => (g.sites[1] > 0 ? [[g.sites[0], g.sites[1]]] : g.sites[0]);
function factorsOf(g: Design, more: [string, number][] = []): [string, number][] {
  return [
    ["archiveMB", g.archiveMB],
    ["laggedCopies", g.lagged],
    ["lagDays", g.lagged > 0 ? g.lagDays : 0],
    ...(g.diskFactors ? ([["diskGB", g.disk.rawGB], ["diskIops", g.disk.iops]] as [string, number][]) : []),
    ...more,
  ];
}

describe("EX_MS_DISKS is sizeDesign's serverDisks for the same design", () => {
  test("random Microsoft-method designs on JBOD (and on RAID: its RAID disks)", () => {
    let compared = 0;
    let raid = 0;
    fc.assert(
      fc.property(designs, (g) => {
        const inputs: WorkbookInputs = {
          ...P,
          users: g.users,
          messagesPerDay: g.messagesPerDay,
          messageKB: g.messageKB,
          quotaMB: g.quotaMB,
          archiveMB: g.archiveMB,
          copies: g.copies,
          laggedCopies: g.lagged,
          lagDays: g.lagged > 0 ? g.lagDays : 0,
          serversSite1: g.sites[0],
          serversSite2: g.sites[1] > 0 ? g.sites[1] : "",
          environmentUsers: "",
        };
        let d;
        try {
          d = sizeDesign(inputs, {
            serverDisks: { disk: g.disk, databasesPerVolume: g.volumeDatabases, autoReseedDisks: g.autoReseedDisks, restoreDisks: 1, spareDisks: g.spareDisks },
            ...(g.diskFactors ? { microsoftFactors: { diskGB: g.disk.rawGB, diskIops: g.disk.iops } } : {}),
          });
        } catch (e) {
          if (e instanceof SizingError) return; // a design sizeDesign refuses as a whole
          throw e;
        }
        const fn = (r: string) =>
          EX_MS_DISKS(g.users, g.messagesPerDay, g.messageKB, g.quotaMB, sitesArg(g), g.copies, g.disk.name, r, g.volumeDatabases, g.autoReseedDisks, g.spareDisks, factorsOf(g, [["deployedDatabases", d.databases]]));
        const s = d.serverDisks;
        const k = d.raidServerDisks;
        if (k !== undefined) {
          // On RAID: sizeDesign's raidServerDisks (tests/functions/microsoft-raid-disks.test.ts holds every figure).
          raid++;
          expect([fn("architecture"), fn("disks"), fn("databaseraid"), fn("dag")]).toEqual(["RAID", k.disksPerServer, k.databaseLogRaid, k.dagDisks]);
          return;
        }
        if (s === undefined) {
          for (const r of SERVER_DISK_RESULTS) {
            const v = fn(r);
            expect(v).toBeInstanceOf(SizingError);
            expect([(v as SizingError).code, (v as SizingError).message]).toEqual(["#N/A", d.serverDisksProblem]);
          }
          return;
        }
        compared++;
        const expected: Record<ServerDiskResult, number | string> = {
          disks: s.disksPerServer,
          calculator: s.calculatorDisks,
          databaselog: s.databaseLogDisks,
          volumedatabases: s.databasesPerVolume,
          volumegb: s.volumeGB,
          formattedgb: s.formattedGB,
          restoregb: s.restoreVolumeGB,
          dag: s.disksPerServer * (g.sites[0] + g.sites[1]),
          architecture: "JBOD",
          databaseraid: "#N/A",
          restoreraid: "#N/A",
          restoredisks: 1,
          databaseloggb: "#N/A",
        };
        const shown = (v: unknown) => (v instanceof SizingError ? v.code : v);
        for (const r of SERVER_DISK_RESULTS) expect({ r, v: shown(fn(r)) }).toEqual({ r, v: expected[r] });
      }),
      { numRuns: 500 },
    );
    expect(compared).toBeGreaterThan(20);
    expect(raid).toBeGreaterThan(20);
  });
});

/** The cells the native reads, from the worksheet functions, as the customer copy's cells would hold them. */
function cellsOf(g: Design, disk: { rawGB: number; iops: number } = g.disk): Numbers | undefined {
  const args = [g.users, g.messagesPerDay, g.messageKB, g.quotaMB, sitesArg(g), g.copies] as const;
  const f = factorsOf(g);
  const db = (r: string) => EX_MS_DATABASES(...args, r, f);
  const values = [db("copies"), db("size"), db("logspace"), db("mailboxes"), EX_MS_IOPS(...args, "peak", f)];
  if (values.some((v) => typeof v !== "number")) return undefined;
  const [copiesPerServer, databaseGB, logGB, mailboxesPerDatabase, peak] = values as number[];
  return {
    copiesPerServer,
    copies: g.copies,
    databaseGB,
    logGB,
    mailboxesPerDatabase,
    iopsPerMailbox: peak / g.users,
    diskRawGB: disk.rawGB,
    diskIops: disk.iops,
    volumeDatabases: g.volumeDatabases,
    activePassive: 0,
    // Several databases a volume where the calculator lays several (Role Requirements!C110), as EX_MS_DISKS reads it.
    severalPerVolume: prefersJbod(g.sites[1] > 0 ? g.sites : [g.sites[0]], g.copies, g.lagged, { diskGB: disk.rawGB }).multipleDatabasesPerVolume ? 1 : 0,
    autoReseedDisks: g.autoReseedDisks,
    spareDisks: g.spareDisks,
    servers: g.sites[0] + g.sites[1],
  };
}

/** EX_MS_DISKS for the design and disk (a name, or a row of raw GB and IOPS), every result. */
function functionOf(g: Design, disk: unknown = g.disk.name): Record<ServerDiskResult, number | string | SizingError> {
  const out = {} as Record<ServerDiskResult, number | string | SizingError>;
  for (const r of SERVER_DISK_RESULTS) {
    out[r] = EX_MS_DISKS(g.users, g.messagesPerDay, g.messageKB, g.quotaMB, sitesArg(g), g.copies, disk, r, g.volumeDatabases, g.autoReseedDisks, g.spareDisks, factorsOf(g)) as number | string | SizingError;
  }
  return out;
}

describe("the native rendering (disk-formulas.ts), recalculated by our evaluator, is EX_MS_DISKS", () => {
  const ulps = fc.integer({ min: -64, max: 64 });

  function check(g: Design, disk: { rawGB: number; iops: number }, diskArg: unknown): "compared" | "refused" | "skipped" {
    const cells = cellsOf(g, disk);
    if (cells === undefined) return "skipped";
    const want = functionOf(g, diskArg);
    if (want.architecture === "RAID") return "skipped"; // raid-disk-formulas.ts renders RAID (microsoft-raid-disks.test.ts)
    const got = native(cells);
    for (const r of SERVER_DISK_RESULTS) same(got[r], want[r], r);
    return want.disks instanceof SizingError ? "refused" : "compared";
  }

  test("random designs, disks and choices", () => {
    const seen = { compared: 0, refused: 0, skipped: 0 };
    fc.assert(
      fc.property(designs, (g) => {
        seen[check(g, g.disk, g.disk.name)]++;
      }),
      { numRuns: 600 },
    );
    expect(seen.compared).toBeGreaterThan(30);
    expect(seen.refused).toBeGreaterThan(3);
  });

  test("a volume that exactly fits its disk: a disk whose formatted GB is the volume's, a few units in the last place either side", () => {
    const seen = { compared: 0, refused: 0, skipped: 0 };
    fc.assert(
      fc.property(designs, fc.integer({ min: 1, max: 8 }), ulps, (g, v, k) => {
        const cells = cellsOf(g);
        if (cells === undefined) return;
        const ci = MICROSOFT_FACTOR_DEFAULTS.contentIndexShare;
        const volume = (v * cells.databaseGB * (1 + ci + ci / v) + v * cells.logGB) / (1 - MICROSOFT_FACTOR_DEFAULTS.volumeFreeShare);
        const rawGB = (volume / MICROSOFT.formattedPerRawGB) * (1 + k * Number.EPSILON);
        // Ample IOPS: only the capacity decides; the volume given or the most that fit.
        const disk = { rawGB, iops: 1e6 };
        if (!(rawGB > 0 && rawGB <= 1_000_000)) return;
        seen[check({ ...g, volumeDatabases: g.volumeDatabases === 0 ? 0 : v }, disk, [[rawGB, 1e6]])]++;
      }),
      { numRuns: 500 },
    );
    expect(seen.compared).toBeGreaterThan(30);
  });

  test("a volume whose mailboxes need exactly its disk's IOPS, a few units in the last place either side", () => {
    const seen = { compared: 0, refused: 0, skipped: 0 };
    fc.assert(
      fc.property(designs, fc.integer({ min: 1, max: 8 }), ulps, (g, v, k) => {
        const cells = cellsOf(g);
        if (cells === undefined) return;
        const iops = v * cells.mailboxesPerDatabase * cells.iopsPerMailbox * (1 + k * Number.EPSILON);
        if (!(iops > 0 && iops <= 1_000_000)) return;
        const disk = { rawGB: 1_000_000, iops };
        seen[check({ ...g, volumeDatabases: g.volumeDatabases === 0 ? 0 : v }, disk, [[disk.rawGB, iops]])]++;
      }),
      { numRuns: 500 },
    );
    expect(seen.compared).toBeGreaterThan(30);
  });

  test("a disk too small for one database is #N/A both ways", () => {
    const g: Design = { users: 7600, messagesPerDay: 150, messageKB: 75, quotaMB: 20480, archiveMB: 51200, sites: [8, 8], copies: 4, lagged: 0, lagDays: 1, disk: jbodDisk('1000 GB 7.2K RPM SAS 3.5"'), volumeDatabases: 0, autoReseedDisks: 1, spareDisks: 1, diskFactors: false };
    const want = functionOf(g);
    const got = native(cellsOf(g)!);
    for (const r of SERVER_DISK_RESULTS) {
      expect((want[r] as SizingError).code).toBe("#N/A");
      expect((got[r] as SizingError).code).toBe("#N/A");
    }
  });

  test("an empty AutoReseed or spare cell is 1, as the function's omitted argument; inputs the function refuses are NA()", () => {
    const g: Design = { users: 7600, messagesPerDay: 150, messageKB: 75, quotaMB: 20480, archiveMB: 51200, sites: [8, 8], copies: 4, lagged: 0, lagDays: 1, disk: DELL_EMC_8TB_NL_SAS, volumeDatabases: 2, autoReseedDisks: 1, spareDisks: 1, diskFactors: false };
    const cells = cellsOf(g)!;
    expect(native({ ...cells, autoReseedDisks: null, spareDisks: null }).disks).toBe(native(cells).disks);
    expect(native({ ...cells, volumeDatabases: null }).volumedatabases).toBe(functionOf({ ...g, volumeDatabases: 0 }).volumedatabases);
    for (const bad of [{ volumeDatabases: 1.5 }, { volumeDatabases: 101 }, { autoReseedDisks: -1 }, { spareDisks: 101 }, { diskRawGB: 0 }, { diskIops: 0 }]) {
      expect({ bad, v: (native({ ...cells, ...bad }).disks as SizingError).code }).toEqual({ bad, v: "#N/A" });
    }
  });

  test("each formula stays within Excel's 8,192 characters with long sheet references", () => {
    const long = Object.fromEntries(Object.keys(CELLS).map((k, i) => [k, `'Summary sheet'!$XF$${100000 + i}`])) as unknown as ServerDiskCells;
    const lengths = [volumeDatabasesChoiceFormula(long).length, ...SERVER_DISK_RESULTS.map((r) => serverDiskFormula(long, r).length)];
    expect(Math.max(...lengths)).toBeLessThanOrEqual(8192);
  });
});

describe("logSpaceFormula (formulas.ts) is EX_MS_DATABASES \"logspace\" (Volume Requirements!F123)", () => {
  test("the calculator's example: 23.74 GB with the 7-day lag of its one lagged copy (Volume Requirements!F123)", () => {
    // 2,500 mailboxes, 200 messages of 75 KB, 10 GB, 4 copies (1 lagged, 7 days) on 2 + 2 servers, 40 databases (Role Requirements!C79).
    const v = evaluateFormula(logSpaceFormula(microsoftCells("Users", "Lagged", "LagDays")), namedCells({ Users: 2500, Copies: 4, Servers1: 2, Servers2: 2, Logs: 40, MailboxMB: 10890, Databases: 40, Lagged: 1, LagDays: 7 }));
    expect(v).toBeCloseTo(23.736572265625, 12);
  });

  test("random designs, one or two sites, stand-alone or a DAG, with and without lagged copies", () => {
    let compared = 0;
    fc.assert(
      fc.property(designs, fc.integer({ min: 1, max: 6 }), (g, copies) => {
        const d = { ...g, copies, lagged: copies >= 3 ? Math.min(g.lagged, copies - 2) : 0 };
        const args = [d.users, d.messagesPerDay, d.messageKB, d.quotaMB, sitesArg(d), d.copies] as const;
        const f = factorsOf(d);
        const want = EX_MS_DATABASES(...args, "logspace", f);
        const databases = EX_MS_DATABASES(...args, "count", f);
        if (typeof want !== "number" || typeof databases !== "number") return;
        const mailbox = (r: string) => EX_MS_MAILBOX(d.messagesPerDay, d.messageKB, d.quotaMB, d.copies, r, f) as number;
        const context = namedCells({ Users: d.users, Copies: d.copies, Servers1: d.sites[0], Servers2: d.sites[1], Logs: mailbox("logs"), MailboxMB: mailbox("disk"), Databases: databases, Lagged: d.lagged, LagDays: d.lagged > 0 ? d.lagDays : 0 });
        expect(evaluateFormula(logSpaceFormula(microsoftCells("Users", "Lagged", "LagDays")), context)).toBe(want);
        compared++;
      }),
      { numRuns: 300 },
    );
    expect(compared).toBeGreaterThan(100);
  });
});

/** MicrosoftCells naming the cells logSpaceFormula reads; the rest are never read. */
function microsoftCells(users: string, laggedCopies?: string, lagDays?: string): MicrosoftCells {
  const unused = "Unused";
  return {
    users,
    quotaMB: unused,
    messagesPerDay: unused,
    messageKB: unused,
    copies: "Copies",
    serversFirstSite: "Servers1",
    serversSecondSite: "Servers2",
    archiveMB: unused,
    cores: unused,
    specRate: unused,
    hourShare: unused,
    profile: unused,
    disk: "MailboxMB",
    logs: "Logs",
    iops: unused,
    databases: "Databases",
    copiesPerServer: unused,
    active: unused,
    peak: unused,
    cache: unused,
    megacycles: unused,
    calculated: unused,
    copiesFirstSite: unused,
    maxDatabases: unused,
    calculatedDatabases: unused,
    permutations: unused,
    ...(laggedCopies !== undefined ? { laggedCopies } : {}),
    ...(lagDays !== undefined ? { lagDays } : {}),
  };
}
