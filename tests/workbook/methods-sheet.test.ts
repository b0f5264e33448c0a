/**
 * The Methods sheet on a small model: an Inputs stub with the defined names, a Design stub
 * with the papers' figures, and the sheet. Its Microsoft column computes the calculator's numbers, and
 * its native renderings (the customer copy) compute what its EX_MS_* formulas compute, cell for cell,
 * for the reference design and for random designs.
 */
import fc from "fast-check";
import { DetailedCellError, HyperFormula } from "hyperformula";
import { SizingError } from "../../src/engine";
import { evaluateWorkbook, nativeModel, parseA1, withCellValues, type EvaluatedValue, type WorkbookValues } from "../../src/workbook/evaluate";
import type { WorkbookModel } from "../../src/workbook/model";
import { METHODS_INPUTS, TIER_HELPER_ROWS, methodsRows, methodsSheet, type DesignKey, type MethodsNames, type MethodsSheetParameters } from "../../src/workbook/sheets/methods";
import { TIER_COLUMNS, tierInputs, tierNames, type TierColumn } from "../../src/workbook/sheets/tiers";
import { microsoftSizing, replicationMbps, MICROSOFT_FACTOR_DEFAULTS, type MicrosoftSizing } from "../../src/engine/microsoft";
import { microsoftCores } from "../../src/engine/microsoft/design";

const INPUTS: { name: keyof MethodsNames; defined: string; value: number | string }[] = [
  { name: "users", defined: "Users", value: 5000 },
  { name: "quotaMB", defined: "QuotaMB", value: 2048 },
  { name: "messagesPerDay", defined: "MessagesPerDay", value: 150 },
  { name: "messageKB", defined: "MessageKB", value: 75 },
  { name: "copies", defined: "Copies", value: 2 },
  { name: "serversFirstSite", defined: "ServersFirstSite", value: 2 },
  { name: "serversSecondSite", defined: "ServersSecondSite", value: 0 },
  { name: "dagLayout", defined: "DagLayout", value: "active/active" },
  // Lagged copies: none by default, as the Inputs sheet's.
  { name: "laggedCopies", defined: "LaggedCopies", value: 0 },
  { name: "lagDays", defined: "LagDays", value: 7 },
  ...METHODS_INPUTS.map((i) => ({ name: i.key, defined: i.name, value: i.default })),
];
const DESIGN: Partial<Record<DesignKey, number>> = { mailboxMB: 2356.15, logsPerUser: 30, iopsPerUser: 0.18, emcIopsPerUser: 0.18, databases: 12, databaseGB: 958.72, databaseIops: 900, dagIops: 1800, logIops: 378, serverMemoryGB: 28, serverCores: 4 };
const designKeys = Object.keys(DESIGN) as DesignKey[];

function parameters(withTiers = false): MethodsSheetParameters {
  const names = Object.fromEntries(INPUTS.map((i) => [i.name, i.defined])) as unknown as MethodsNames;
  return { names, design: (key) => (key in DESIGN ? `Design!$B$${designKeys.indexOf(key) + 1}` : undefined), ...(withTiers ? { tiers: tierNames() } : {}) };
}

/** One tier row of the Inputs block as typed: a missing column is an empty cell. */
type TierRow = Partial<Record<TierColumn, number>>;
/** The Inputs stub's tiers block, below its single inputs, as template.ts would place it. */
const TIERS = tierInputs(INPUTS.length + 3);
const TIER_LETTERS: Record<TierColumn, string> = { mailboxes: "B", messagesPerDay: "C", messageKB: "D", quotaMB: "E" };

/** The stub workbook; `tiers` given (even []), the Methods sheet reads the Inputs tiers block. */
function model(values: Partial<Record<keyof MethodsNames, number>> = {}, tiers?: readonly TierRow[]): WorkbookModel {
  const tierCells = tiers
    ? TIERS.cells.map((c) => {
        const m = /^([A-E])(\d+)$/.exec(c.address)!;
        const t = Number(m[2]) - TIERS.firstTierRow;
        const column = TIER_COLUMNS.find((k) => TIER_LETTERS[k] === m[1]);
        const typed = column && t >= 0 ? tiers[t]?.[column] : undefined;
        return typed === undefined ? c : { ...c, value: typed };
      })
    : [];
  return {
    sheets: [
      // One site is an empty second-site cell, as on the template's Inputs sheet.
      { name: "Inputs", cells: [...INPUTS.map((i, r) => ({ address: `B${r + 1}`, value: i.name === "serversSecondSite" && !values[i.name] ? undefined : (values[i.name] ?? i.value) })), ...tierCells] },
      { name: "Design", cells: designKeys.map((k, r) => ({ address: `B${r + 1}`, value: DESIGN[k] as number })) },
      methodsSheet(parameters(tiers !== undefined)),
    ],
    names: [...INPUTS.map((i, r) => ({ name: i.defined, sheet: "Inputs", range: `$B$${r + 1}` })), ...(tiers ? TIERS.names("Inputs") : [])],
    charts: [],
  };
}

const callsExsize = (formula: string | undefined) => formula !== undefined && /EXSIZE\./i.test(formula);
const show = (v: EvaluatedValue) => (v instanceof SizingError ? `${v.code} ${v.message}` : JSON.stringify(v));
function same(a: EvaluatedValue, b: EvaluatedValue): boolean {
  if (a instanceof SizingError || b instanceof SizingError) return a instanceof SizingError && b instanceof SizingError;
  if (typeof a === "number" && typeof b === "number") return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a));
  return a === b;
}
function mismatches(m: WorkbookModel): string[] {
  const live = evaluateWorkbook(m);
  const native = evaluateWorkbook(nativeModel(m));
  const sheet = m.sheets[2];
  return sheet.cells
    .filter((c) => c.formula !== undefined)
    .filter((c) => !same(live[sheet.name][c.address], native[sheet.name][c.address]))
    .map((c) => `${c.address}: live ${show(live[sheet.name][c.address])}, native ${show(native[sheet.name][c.address])}`);
}
const microsoft = (m: WorkbookModel) => {
  const values = evaluateWorkbook(m).Methods;
  return Object.fromEntries(methodsRows(parameters()).map((r) => [r.label, values[r.address]]));
};

describe("the Methods sheet", () => {
  test("every EXSIZE cell has a native rendering, no native calls EXSIZE, and natives use no LET, LAMBDA or capital exponent", () => {
    const sheet = methodsSheet(parameters());
    expect(sheet.cells.filter((c) => callsExsize(c.formula) && c.native === undefined).map((c) => c.address)).toEqual([]);
    expect(sheet.cells.filter((c) => callsExsize(c.native)).map((c) => c.address)).toEqual([]);
    for (const c of sheet.cells.filter((x) => x.native)) {
      expect(c.native).not.toMatch(/\b(LET|LAMBDA|MOD|CEILING|PERMUT|MROUND)\(|\dE[+-]?\d/);
      expect(c.native!.length).toBeLessThan(8192);
    }
  });

  test("the calculator's own example in the sheet: 2,500 mailboxes, 200 messages of 75 KB, 10 GB, 2 + 2 servers, 4 copies", () => {
    // Without a JBOD disk the sheet sizes RAID (2 TB databases); the per-mailbox rows are the example's.
    const m = model({ users: 2500, messagesPerDay: 200, quotaMB: 10240, copies: 4, serversSecondSite: 2 });
    const v = microsoft(m);
    expect(v["Mailbox size on disk"]).toBe(10890); // Role Requirements!C22
    expect(v["Transaction logs per mailbox per day"]).toBe(40); // Role Requirements!C18
    expect(v["IOPS per mailbox before overhead"] as number).toBeCloseTo(0.134, 12); // Role Requirements!C30
    expect(v["Megacycles of the busiest server"] as number).toBeGreaterThan(0);
    expect(mismatches(m)).toEqual([]);
  });

  test("the reference design (000's 5,000 mailboxes, 150 messages, 2 GB, 2 copies on 2 servers), cell for cell", () => {
    const m = model();
    const v = microsoft(m);
    expect(v["Mailbox size on disk"]).toBe(Math.ceil(2048 + Math.min(150 * (75 / 1024) * 14 + 2048 * 0.012 + 2048 * 0.03, 30720) + 150 * (75 / 1024)));
    expect(v["Log replication between the sites, busiest hour"]).toBe("—"); // one site: nothing to replicate between sites
    // No SPECint rate: the calculator's baseline server, 2,000 megacycles a core (Role Requirements!C159), as the design's cores.
    expect(v["Processor cores per mailbox server"]).toBe(Math.max(1, Math.ceil((v["Megacycles of the busiest server"] as number) / 2000)));
    expect(mismatches(m)).toEqual([]);
  });

  test("random designs, 0-2 lagged copies: natives compute what the EX_MS_* formulas compute", () => {
    fc.assert(
      fc.property(
        fc.record({
          users: fc.integer({ min: 1, max: 60_000 }),
          quotaMB: fc.integer({ min: 100, max: 102_400 }),
          messagesPerDay: fc.integer({ min: 1, max: 520 }),
          messageKB: fc.integer({ min: 10, max: 400 }),
          copies: fc.integer({ min: 1, max: 6 }),
          // Past copies − 2 too: both copies refuse the design ("—").
          laggedCopies: fc.integer({ min: 0, max: 2 }),
          lagDays: fc.constantFrom(1, 3.5, 7, 14),
          serversFirstSite: fc.integer({ min: 1, max: 8 }),
          serversSecondSite: fc.integer({ min: 0, max: 8 }),
          archiveMB: fc.constantFrom(0, 10240, 51200),
          specIntRate: fc.constantFrom(0, 500, 1200),
          coresPerServer: fc.constantFrom(8, 16, 24),
          peakHourLogShare: fc.constantFrom(0.05, 0.1, 0.2),
        }),
        (values) => {
          expect(mismatches(model(values))).toEqual([]);
        },
      ),
      // The sheet's wiring of the rules: their two renderings are held over many more designs without a
      // workbook (tests/engine/rules/*properties*), so a few dozen whole sheets suffice here.
      { numRuns: 50 },
    );
  });

  test("stand-alone past the calculator's 500 messages a day (its profile table's last row): no count, live or native", () => {
    // Found by the random designs above: a stand-alone count needs no IOPS, so only the profile refuses it.
    const m = model({ users: 1, quotaMB: 100, messagesPerDay: 501, messageKB: 10, copies: 1, serversFirstSite: 1, serversSecondSite: 0 });
    expect(microsoft(m)["Databases"]).toBe("—");
    expect(mismatches(m)).toEqual([]);
  });

  test("the inputs it adds are listed with defaults and rules", () => {
    expect(METHODS_INPUTS.map((i) => [i.name, i.default])).toEqual([
      ["ArchiveMB", 0],
      ["SpecIntRate", 0],
      ["CoresPerServer", 16],
      ["PeakHourLogShare", 0.1],
    ]);
  });
});

describe("the Methods sheet with mailbox tiers on Inputs", () => {
  type Values = Partial<Record<keyof MethodsNames, number>>;
  const CALCULATOR: Values = { users: 2500, messagesPerDay: 200, quotaMB: 10240, copies: 4, serversSecondSite: 2 };
  const design = (values: Values) => ({ ...Object.fromEntries(INPUTS.map((i) => [i.name, i.value])), ...values }) as Record<keyof MethodsNames, number>;

  /** The tiers as the block's rule sizes them, then the engine's own tier sizing (design.ts microsoftSizing). */
  function engine(values: Values, typed: readonly TierRow[]): MicrosoftSizing {
    const v = design(values);
    const tiers = Array.from({ length: 4 }, (_, k) => {
      const row = typed[k] ?? {};
      const mailboxes = row.mailboxes || (k === 0 ? v.users : 0);
      const pick = (column: "messagesPerDay" | "messageKB" | "quotaMB") => (mailboxes > 0 ? row[column] || v[column] : v[column]);
      return { mailboxes, messagesPerDay: pick("messagesPerDay"), messageKB: pick("messageKB"), quotaMB: pick("quotaMB"), archiveMB: v.archiveMB };
    }).filter((t) => t.mailboxes > 0);
    const sites = v.serversSecondSite > 0 ? [v.serversFirstSite, v.serversSecondSite] : [v.serversFirstSite];
    return microsoftSizing({ tiers, serversPerSite: sites, copies: v.copies, cores: v.coresPerServer, specRate: v.specIntRate }, { ...MICROSOFT_FACTOR_DEFAULTS, archiveMB: v.archiveMB });
  }

  /** Each row of Microsoft's column from the engine's sizing: averages by the tiers' shares, as design.ts weighs them. */
  function expected(s: MicrosoftSizing, values: Values): Record<string, number | string> {
    const v = design(values);
    const average = (pick: (i: number) => number) => s.perTier.reduce((a, _, i) => a + s.tierShares[i] * pick(i), 0);
    return {
      "Calculator's message profile": average((i) => s.perTier[i].profileMessages),
      "Mailbox size on disk": s.mailboxOnDiskMB,
      "Transaction logs per mailbox per day": average((i) => s.perTier[i].logsPerDay),
      "IOPS per mailbox before overhead": average((i) => s.perTier[i].iops),
      "IOPS per mailbox with 20% overhead": average((i) => s.perTier[i].iops) * (1 + s.ioOverhead),
      Databases: s.databases,
      "Size of one database": s.databaseGB,
      "Database copies per server": s.copiesPerServer,
      "Active databases on the busiest server, worst failure": s.active.worst,
      "Database IOPS of the active databases": s.environmentIops,
      "Database IOPS of the DAG, every copy": s.dagIops,
      "Log IOPS of the DAG": s.dagLogIops,
      "Database cache of the busiest server": s.cacheGB,
      "Megacycles of the busiest server": s.megacycles,
      "Memory before the configuration step": s.totalMemoryGB,
      "Memory per mailbox server": s.memoryGB,
      "Processor cores per mailbox server": microsoftCores(v.specIntRate, s.coresNeeded, s.megacycles),
      "Log replication between the sites, busiest hour":
        s.logStreams > 0 ? replicationMbps(s.logsPerDatabase, v.peakHourLogShare, s.logStreams, { ...MICROSOFT_FACTOR_DEFAULTS, archiveMB: v.archiveMB }).total : "—",
    };
  }

  const columnOf = (values: WorkbookValues) => Object.fromEntries(methodsRows(parameters(true)).map((r) => [r.label, values.Methods[r.address]]));

  test.each<[string, Values, TierRow[]]>([
    ["two tiers: tier 1 empty (the reference design's 5,000 at 150 messages), 500 at 300 messages of 100 KB, 10 GB", {}, [{}, { mailboxes: 500, messagesPerDay: 300, messageKB: 100, quotaMB: 10240 }]],
    [
      "three tiers typed in full, in the calculator's example DAG (2 + 2 servers, 4 copies)",
      CALCULATOR,
      [
        { mailboxes: 1500, messagesPerDay: 200, messageKB: 75, quotaMB: 10240 },
        { mailboxes: 800, messagesPerDay: 100, messageKB: 50, quotaMB: 2048 },
        { mailboxes: 200, messagesPerDay: 500, messageKB: 150, quotaMB: 51200 },
      ],
    ],
    ["four tiers, empty profile cells taking the design's", {}, [{ mailboxes: 3000 }, { mailboxes: 1000, messagesPerDay: 250 }, { mailboxes: 700, messageKB: 120 }, { mailboxes: 300, quotaMB: 25600 }]],
    ["tier 1's messages only: the design's Users at 100 messages", {}, [{ messagesPerDay: 100 }]],
    ["tier 1's mailboxes 0, as empty: the design's Users, beside tiers 2 and 3", {}, [{ mailboxes: 0 }, { mailboxes: 3000, messagesPerDay: 50 }, { mailboxes: 1200 }]],
    // Within the calculator's stand-alone databases (at most 200 GB): 5,000 + 2,000 mailboxes with 10 GB archives outgrow them (#N/A).
    ["stand-alone servers (1 copy), two tiers, an archive and a SPECint rate", { copies: 1, serversFirstSite: 4, users: 1000, archiveMB: 2048, specIntRate: 1000 }, [{}, { mailboxes: 1000, messagesPerDay: 400, quotaMB: 5120 }]],
    ["two sites, a stray profile in an unused tier ignored", { ...CALCULATOR, peakHourLogShare: 0.15 }, [{}, { mailboxes: 0, messagesPerDay: 450 }, { mailboxes: 600, messagesPerDay: 350, messageKB: 40 }]],
  ])("%s: live and native are the engine's tier sizing", (_, values, tiers) => {
    const m = model(values, tiers);
    const want = expected(engine(values, tiers), values);
    for (const got of [columnOf(evaluateWorkbook(m)), columnOf(evaluateWorkbook(nativeModel(m)))]) {
      for (const [label, value] of Object.entries(want)) {
        if (typeof value === "string") expect([label, got[label]]).toEqual([label, value]);
        else expect([label, same(got[label], value) ? true : `${String(got[label])} vs ${value}`]).toEqual([label, true]);
      }
    }
    expect(mismatches(m)).toEqual([]);
  });

  test("all tier rows empty: Microsoft's column is what it is without tiers, cell for cell", () => {
    for (const values of [{}, CALCULATOR, { copies: 1 }, { archiveMB: 51200, specIntRate: 800 }]) {
      const without = columnOf(evaluateWorkbook(model(values)));
      const empty = columnOf(evaluateWorkbook(model(values, [])));
      expect(Object.entries(empty).filter(([label, v]) => !same(v, without[label]))).toEqual([]);
    }
  });

  test("without tiers the sheet is unchanged: no tier helpers, no note in A3, the formulas of before", () => {
    const sheet = methodsSheet(parameters());
    // The tier helpers' rows (below the factors, a balancing unit's block and the second site's server).
    const tierRow = (address: string) => /^[I-K]\d+$/.test(address) && Number(address.slice(1)) >= TIER_HELPER_ROWS.first && Number(address.slice(1)) <= TIER_HELPER_ROWS.last;
    expect(sheet.cells.filter((c) => /^[L-S]\d+$/.test(c.address) || tierRow(c.address) || c.address === "A3")).toEqual([]);
    expect(sheet.cells.some((c) => /Tier/.test(c.formula ?? ""))).toBe(false);
  });

  test("A3 says when Microsoft's column sizes tiers, and the rows that change say the papers keep one profile", () => {
    expect(evaluateWorkbook(model({}, [])).Methods.A3).toBe("");
    expect(evaluateWorkbook(model({}, [{}, { mailboxes: 500 }])).Methods.A3).toBe("Mailbox tiers on Inputs: Microsoft's column sizes 5,500 mailboxes in 2 tiers; Dell and EMC size the design's one profile.");
    expect(evaluateWorkbook(model({}, [{ mailboxes: 800 }])).Methods.A3).toMatch(/sizes 800 mailboxes in 1 tier;/);
    const sheet = methodsSheet(parameters(true));
    const why = (label: string) => {
      const row = sheet.cells.find((c) => c.value === label)!.address.slice(1);
      return String(sheet.cells.find((c) => c.address === `F${row}`)!.value);
    };
    expect(why("Databases")).toMatch(/With tiers, Microsoft sizes the tiers on Inputs; Dell sizes the design's one profile\.$/);
    expect(why("Database IOPS of the active databases")).toMatch(/Dell and EMC size the design's one profile\.$/);
    expect(why("Mailbox size on disk")).toMatch(/With tiers: the tiers' average by mailboxes; Dell sizes the design's one profile\.$/);
  });

  test("natives of the tier cells obey the customer copy's rules", () => {
    const sheet = methodsSheet(parameters(true));
    expect(sheet.cells.filter((c) => callsExsize(c.formula) && c.native === undefined).map((c) => c.address)).toEqual([]);
    for (const c of sheet.cells.filter((x) => x.native)) {
      expect(c.native).not.toMatch(/\b(LET|LAMBDA|MOD|CEILING|PERMUT|MROUND|SUMPRODUCT)\(|\dE[+-]?\d/);
      expect(c.native!.length).toBeLessThan(8192);
    }
  });

  test("a tier outside the functions' limits: Microsoft's column is dashes in both copies, and a note above it says why (no error cell)", () => {
    const m = model({}, [{}, { mailboxes: 100, messagesPerDay: 600 }]);
    const values = evaluateWorkbook(m);
    expect(columnOf(values).Databases).toBe("—");
    expect(values.Methods.D3).toMatch(/^Microsoft's calculator cannot size this design: .*a tier is outside its limits\.$/);
    expect(evaluateWorkbook(model({}, [])).Methods.D3).toBe("");
    expect(mismatches(m)).toEqual([]);
    expect(mismatches(model({}, [{ mailboxes: 10.5 }]))).toEqual([]);
    expect(mismatches(model({}, [{ mailboxes: -5 }, { mailboxes: 100 }]))).toEqual([]);
    expect(columnOf(evaluateWorkbook(model({}, [{ mailboxes: -5 }, { mailboxes: 100 }]))).Databases).toBe("—");
  });

  test("random tiers (2 to 4) over random designs: natives compute what the EX_MS_* formulas compute", () => {
    const kept = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined, freq: 3 });
    const tier = fc.record(
      {
        mailboxes: kept(fc.integer({ min: 0, max: 20_000 })),
        messagesPerDay: kept(fc.integer({ min: 1, max: 500 })),
        messageKB: kept(fc.integer({ min: 10, max: 400 })),
        quotaMB: kept(fc.integer({ min: 100, max: 102_400 })),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(
        fc.record({
          users: fc.integer({ min: 1, max: 60_000 }),
          copies: fc.integer({ min: 1, max: 6 }),
          serversFirstSite: fc.integer({ min: 1, max: 8 }),
          serversSecondSite: fc.integer({ min: 0, max: 8 }),
          archiveMB: fc.constantFrom(0, 10240),
          specIntRate: fc.constantFrom(0, 1200),
        }),
        fc.array(tier, { minLength: 2, maxLength: 4 }),
        (values, tiers) => {
          // Drop undefined keys, so a missing column is an empty cell.
          const rows = tiers.map((t) => Object.fromEntries(Object.entries(t).filter(([, x]) => x !== undefined)) as TierRow);
          expect(mismatches(model(values, rows))).toEqual([]);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("HyperFormula computes the customer copy's tiered Methods sheet as our evaluator does", () => {
  /** The model's cells into HyperFormula sheets, the names as named expressions (tests/workbook/distribution-sheet.test.ts). */
  function hyperFormula(m: WorkbookModel) {
    const hf = HyperFormula.buildEmpty({ licenseKey: "gpl-v3", smartRounding: false });
    for (const sheet of m.sheets) hf.addSheet(sheet.name);
    for (const n of m.names) hf.addNamedExpression(n.name, `=${n.sheet}!${n.range}`);
    for (const sheet of m.sheets) {
      const id = hf.getSheetId(sheet.name)!;
      hf.batch(() => {
        for (const c of sheet.cells) {
          const { row, column } = parseA1(c.address);
          hf.setCellContents({ sheet: id, row, col: column }, c.formula ?? c.value ?? null);
        }
      });
    }
    return hf;
  }

  test.each<[string, TierRow[]]>([
    ["all tiers empty", []],
    ["tier 1 empty, tier 2 of 500 at 300 messages", [{}, { mailboxes: 500, messagesPerDay: 300, messageKB: 100, quotaMB: 10240 }]],
    ["tier 1 of 0 mailboxes, tiers 2 to 4 with empty profile cells", [{ mailboxes: 0 }, { mailboxes: 3000, messagesPerDay: 50 }, { mailboxes: 1200 }, { mailboxes: 100, quotaMB: 51200 }]],
  ])("%s", (_, tiers) => {
    const m = nativeModel(model({ serversSecondSite: 2, copies: 4, specIntRate: 1000 }, tiers));
    const ours = evaluateWorkbook(m).Methods;
    const hf = hyperFormula(m);
    try {
      const id = hf.getSheetId("Methods")!;
      const differences = Object.entries(ours).flatMap(([address, value]) => {
        const { row, column } = parseA1(address);
        const theirs = hf.getCellValue({ sheet: id, row, col: column });
        const agree =
          value instanceof SizingError
            ? theirs instanceof DetailedCellError
            : typeof value === "number"
              ? typeof theirs === "number" && Math.abs(theirs - value) <= 1e-9 * Math.max(1, Math.abs(value))
              : (theirs ?? null) === value || (value === "" && theirs === null);
        return agree ? [] : [`${address}: ours ${show(value as EvaluatedValue)}, HyperFormula ${JSON.stringify(theirs)}`];
      });
      expect(differences.slice(0, 10)).toEqual([]);
    } finally {
      hf.destroy();
    }
  }, 60_000);
});

// Keep the changes helper in view for the owner's wiring tests.
void withCellValues;
