/**
 * One property test for the design's whole catalogue. Over random designs of every version,
 * method, site count and storage (JBOD and RAID server disks, MCDB, several DAGs), every cell the
 * workbook shows a quantity in (src/workbook/quantity-cells.ts) equals that quantity's value in
 * sizeDesign's Design — in the live workbook (EXSIZE functions) and in the customer copy (Excel's own
 * formulas) — and a quantity of one method is blank or "—" under the other.
 */
import fc from "fast-check";
import { QUANTITIES, type QuantityKey } from "../../src/engine/catalogue";
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type Design, type DesignTables, type WorkbookInputs } from "../../src/engine/design";
import { EXCHANGE_VERSIONS } from "../../src/engine/version";
import { designProblems } from "../../src/workbook/design-check";
import { evaluateWorkbook, nativeModel, type WorkbookValues } from "../../src/workbook/evaluate";
import { QUANTITIES_NOT_ON_A_SHEET, QUANTITY_CELLS } from "../../src/workbook/quantity-cells";
import { distributionGridRows } from "../../src/workbook/sheets/distribution";
import { DESIGN_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { withoutDistribution } from "./light-model";
import { tablesOf, withTiers, type TypedTier } from "./tier-model";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(4 * WORKBOOK_MS);

const R = REFERENCE_DESIGN_INPUTS;
const sheets = templateSheetNames();

test("every quantity of the catalogue has its cells, or says where a reader finds it instead — never both", () => {
  const keys = QUANTITIES.map((q) => q.key as QuantityKey);
  expect(keys.filter((k) => QUANTITY_CELLS[k] === undefined && QUANTITIES_NOT_ON_A_SHEET[k] === undefined)).toEqual([]);
  expect(keys.filter((k) => QUANTITY_CELLS[k] !== undefined && QUANTITIES_NOT_ON_A_SHEET[k] !== undefined)).toEqual([]);
  expect([...Object.keys(QUANTITY_CELLS), ...Object.keys(QUANTITIES_NOT_ON_A_SHEET)].filter((k) => !keys.includes(k as QuantityKey))).toEqual([]);
});

/** Where the workbook's cells and the Design's quantities differ, a line each; none when they agree. */
function differences(values: WorkbookValues, d: Design): string[] {
  const problems: string[] = [];
  // The method that sized the design, as the Design sheet says it (the Summary and the pane read it there).
  const method = values[sheets.design]?.[DESIGN_CELLS.methodUsed];
  if (method !== d.method) problems.push(`method at design!${DESIGN_CELLS.methodUsed}: workbook ${JSON.stringify(method)}, sizeDesign ${d.method}`);
  for (const q of QUANTITIES) {
    const want = q.value(d);
    for (const at of QUANTITY_CELLS[q.key as QuantityKey] ?? []) {
      if (at.shows && !at.shows(d)) continue;
      const got = values[sheets[at.sheet]]?.[at.cell];
      const same =
        want === null
          ? got === "" || got === "—" || got === undefined || got === null
          : typeof want === "number"
            ? typeof got === "number" && Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want))
            : got === want;
      if (!same) problems.push(`${q.key} at ${at.sheet}!${at.cell}: workbook ${JSON.stringify(got)}, sizeDesign ${JSON.stringify(want)}`);
    }
  }
  return problems;
}

const buildableWith = (i: WorkbookInputs, tables: DesignTables): boolean => {
  if (designProblems(i, undefined, tables).length > 0) return false;
  try {
    sizeDesign(i, tables);
    return true;
  } catch {
    return false;
  }
};
const buildable = (i: WorkbookInputs): boolean => buildableWith(i, {});

/** Designs of every version, method, site count (one to six copies, stand-alone servers too) and disk. */
const anyDesign: fc.Arbitrary<WorkbookInputs> = fc
  .record({
    users: fc.integer({ min: 50, max: 60_000 }),
    quotaMB: fc.integer({ min: 100, max: 20_000 }),
    archiveMB: fc.constantFrom(0, 0, 5120),
    messagesPerDay: fc.integer({ min: 1, max: 500 }),
    messageKB: fc.integer({ min: 10, max: 300 }),
    exchangeVersion: fc.constantFrom(...EXCHANGE_VERSIONS),
    method: fc.constantFrom("auto", "auto", "dell", "microsoft"),
    sites: fc.constantFrom(1, 2),
    serversSite1: fc.integer({ min: 1, max: 8 }),
    serversSite2: fc.integer({ min: 1, max: 8 }),
    copies: fc.integer({ min: 1, max: 6 }),
    dagLayout: fc.constantFrom("active/active", "active/passive"),
    maxDatabaseGB: fc.constantFrom(500, 1024, 2048),
    // Microsoft's method sizes to maxDatabaseGB only when "custom" (Input!G36, G37); Dell's process always.
    maxDatabaseSizeConfiguration: fc.constantFrom("default", "default", "custom"),
    // RAID only (Input!C107 "No") where the calculator would lay JBOD.
    considerJbod: fc.constantFrom("yes", "yes", "no"),
    // The calculator's IOPS multiplication factor (Input!C66).
    iopsMultiplier: fc.constantFrom(1, 1, 1.5, 0.8),
    // Virtual mailbox servers (Input!C24).
    virtualization: fc.constantFrom("no", "no", "yes") as fc.Arbitrary<"no" | "yes">,
    // Replay Lag Manager (Input!G33).
    replayLagManager: fc.constantFrom("no", "no", "yes") as fc.Arbitrary<"no" | "yes">,
    serverDisk: fc.constantFrom('4TB 7.2K RPM SAS 3.5"', '8TB 7.2K NL-SAS 3.5"', '600GB 10K RPM SAS 2.5"', '1.2TB 10K RPM SAS 2.5"'),
    mcdb: fc.constantFrom("auto", "off"),
    environmentUsers: fc.constantFrom("" as const, 100_000),
    serverSizing: fc.constantFrom<WorkbookInputs["serverSizing"]>("calculator", "calculator", "never less"),
  })
  .map(({ sites, ...r }): WorkbookInputs => ({ ...R, ...r, method: r.method as WorkbookInputs["method"], serversSite2: sites === 2 ? r.serversSite2 : "" }))
  .filter(buildable);

/** Active/passive DAGs by Microsoft's method: the calculator's model, lagged copies and a SPECint rate too. */
const activePassive: fc.Arbitrary<WorkbookInputs> = fc
  .record({
    users: fc.integer({ min: 500, max: 40_000 }),
    quotaMB: fc.integer({ min: 500, max: 12_000 }),
    messagesPerDay: fc.integer({ min: 50, max: 500 }),
    serversSite1: fc.integer({ min: 2, max: 8 }),
    serversSite2: fc.integer({ min: 1, max: 8 }),
    copies: fc.integer({ min: 2, max: 6 }),
    laggedCopies: fc.constantFrom(0, 0, 1, 2),
    serverDisk: fc.constantFrom('4TB 7.2K RPM SAS 3.5"', '8TB 7.2K NL-SAS 3.5"', '600GB 10K RPM SAS 2.5"'),
    specIntRate: fc.constantFrom(0, 0, 1000),
    iopsMultiplier: fc.constantFrom(1, 1.5),
    virtualization: fc.constantFrom("no", "yes") as fc.Arbitrary<"no" | "yes">,
    replayLagManager: fc.constantFrom("no", "yes") as fc.Arbitrary<"no" | "yes">,
    serverSizing: fc.constantFrom<WorkbookInputs["serverSizing"]>("calculator", "never less"),
  })
  .map((r): WorkbookInputs => ({ ...R, ...r, laggedCopies: Math.min(r.laggedCopies, Math.max(0, r.copies - 2)), exchangeVersion: 2016, method: "microsoft", dagLayout: "active/passive" }))
  .filter(buildable);

/** Microsoft-method designs on JBOD disks, their databases counted from the disk or set by hand. */
const jbod: fc.Arbitrary<WorkbookInputs> = fc
  .record({
    users: fc.integer({ min: 500, max: 40_000 }),
    quotaMB: fc.integer({ min: 500, max: 12_000 }),
    messagesPerDay: fc.integer({ min: 50, max: 500 }),
    sites: fc.constantFrom(1, 2),
    serversSite1: fc.integer({ min: 3, max: 8 }),
    serversSite2: fc.integer({ min: 2, max: 8 }),
    copies: fc.integer({ min: 3, max: 6 }),
    laggedCopies: fc.constantFrom(0, 0, 1),
    serverDisk: fc.constantFrom('4TB 7.2K RPM SAS 3.5"', '8TB 7.2K NL-SAS 3.5"', '10TB 7.2K RPM SAS 3.5"', '2TB 7.2K RPM SAS 3.5"', '1.2TB 10K RPM SAS 2.5"'),
    databasesPerVolume: fc.constantFrom(0, 0, 1, 2, 3),
    databasesPerDag: fc.oneof(fc.constant("" as const), fc.integer({ min: 1, max: 400 })),
  })
  .map(({ sites, ...r }): WorkbookInputs => ({ ...R, ...r, exchangeVersion: 2016, method: "microsoft", serversSite2: sites === 2 ? r.serversSite2 : "" }))
  .filter(buildable);

/** Designs of every version and method with mailbox tiers typed (Microsoft's method sizes them; Dell's the design's one profile). */
const tiered: fc.Arbitrary<[WorkbookInputs, TypedTier[]]> = fc
  .tuple(
    fc.record({
      users: fc.integer({ min: 500, max: 20_000 }),
      quotaMB: fc.integer({ min: 500, max: 10_000 }),
      messagesPerDay: fc.integer({ min: 50, max: 400 }),
      exchangeVersion: fc.constantFrom(...EXCHANGE_VERSIONS),
      method: fc.constantFrom("auto", "auto", "dell", "microsoft"),
      sites: fc.constantFrom(1, 2),
      serversSite1: fc.integer({ min: 2, max: 8 }),
      serversSite2: fc.integer({ min: 1, max: 8 }),
      copies: fc.integer({ min: 2, max: 5 }),
      dagLayout: fc.constantFrom("active/active", "active/passive"),
      environmentUsers: fc.constantFrom("" as const, 200_000),
      serverSizing: fc.constantFrom<WorkbookInputs["serverSizing"]>("calculator", "never less"),
    }),
    fc.option(fc.integer({ min: 100, max: 20_000 }), { nil: undefined }),
    fc.array(fc.record({ mailboxes: fc.integer({ min: 1, max: 10_000 }), messagesPerDay: fc.integer({ min: 50, max: 500 }), messageKB: fc.integer({ min: 10, max: 200 }), quotaMB: fc.integer({ min: 100, max: 20_000 }) }), { minLength: 1, maxLength: 3 }),
  )
  .map(([{ sites, ...r }, first, more]): [WorkbookInputs, TypedTier[]] => [{ ...R, ...r, method: r.method as WorkbookInputs["method"], serversSite2: sites === 2 ? r.serversSite2 : "" }, [first === undefined ? {} : { mailboxes: first }, ...more]])
  .filter(([inputs, tiers]) => buildableWith(inputs, tablesOf(inputs, tiers)))
  // The customer copy's busiest server is exact while the Distribution grid, laid out for the design as written (its
  // tiers typed later), holds every database (distribution.ts): more tiers' mailboxes can outgrow it.
  .filter(([inputs, tiers]) => sizeDesign(inputs, tablesOf(inputs, tiers)).databases <= distributionGridRows(writtenDatabases(inputs)));

/** The databases the template lays the Distribution grid out for (template.ts): the design's without its tiers, if it can be sized. */
function writtenDatabases(inputs: WorkbookInputs): number | undefined {
  try {
    return sizeDesign(inputs).databases;
  } catch {
    return undefined;
  }
}

/** Designs a reader meets: the reference design, Dell EMC's 2016 DAG (004 §4), a RAID 2016 design, a two-site SE design. */
const FIXED: Array<[string, Partial<WorkbookInputs>]> = [
  ["the reference design (000_72e1ddb9bbd1ecac.txt, 3.4.2)", {}],
  ["one DAG of Dell EMC's 2016 design (004_1d3a339e6fd03f64.txt §4, Table 5)", { users: 7600, quotaMB: 20480, archiveMB: 51200, copies: 4, serversSite1: 8, serversSite2: 8, exchangeVersion: 2016, serverDisk: '8TB 7.2K NL-SAS 3.5"', databasesPerVolume: 2, environmentUsers: 100_000 }],
  ["a RAID 2016 design: 7,600 mailboxes, 2 copies on 2 servers of 600 GB 10K disks", { users: 7600, quotaMB: 2048, messageKB: 150, copies: 2, serversSite1: 2, exchangeVersion: 2016, serverDisk: '600GB 10K RPM SAS 2.5"', databasesPerVolume: 0 }],
  ["a two-site SE design on 8 TB disks with MCDB", { users: 10000, quotaMB: 10240, copies: 4, serversSite1: 4, serversSite2: 4, exchangeVersion: "SE", serverDisk: '8TB 7.2K NL-SAS 3.5"' }],
  // docs/whole-design.md: several balancing units and a lagged copy in the second site, sized never less.
  ["Dell EMC's 2016 DAG with a lagged copy, servers sized never less", { users: 7600, quotaMB: 20480, archiveMB: 51200, copies: 4, laggedCopies: 1, serversSite1: 8, serversSite2: 8, exchangeVersion: 2016, serverDisk: '8TB 7.2K NL-SAS 3.5"', databasesPerVolume: 2, serverSizing: "never less" }],
  // A custom maximum database size (Input!G36 "Custom", G37): the calculator's 92 databases at 200 GB on RAID, 96 at 500 GB on JBOD
  // (tests/fixtures/microsoft-calculator-designs.json m01, m03).
  ["the RAID 2016 design with a custom 200 GB maximum database size", { users: 7600, quotaMB: 2048, messageKB: 150, copies: 2, serversSite1: 2, exchangeVersion: 2016, serverDisk: '600GB 10K RPM SAS 2.5"', databasesPerVolume: 0, maxDatabaseSizeConfiguration: "custom", maxDatabaseGB: 200 }],
  // Found by an unseeded run: the Resilience sheet's failure modes sized a double failure without the custom maximum
  // (40 active databases on the busiest server against sizeDesign's 42 of 192).
  ["an SE design of 3 copies on 4 + 4 servers, a custom 500 GB maximum database size: a double failure", { users: 11329, quotaMB: 797, archiveMB: 5120, messagesPerDay: 301, messageKB: 245, copies: 3, serversSite1: 4, serversSite2: 4, exchangeVersion: "SE", maxDatabaseGB: 500, maxDatabaseSizeConfiguration: "custom" }],
  // m07: in two sites a RAID volume holds the databases of the custom size its disk fits (Role Requirements!C82; the calculator's 4, Volume Requirements!I7).
  ["a two-site RAID design (4 copies, 2 lagged) with a custom 500 GB maximum database size", { users: 30000, quotaMB: 2048, messagesPerDay: 200, copies: 4, laggedCopies: 2, lagDays: 3, serversSite1: 5, serversSite2: 5, exchangeVersion: 2016, serverDisk: '3TB 7.2K RPM SAS 3.5"', maxDatabaseSizeConfiguration: "custom", maxDatabaseGB: 500 }],
  // j01: the calculator's 24 databases on RAID where it lays 48 on JBOD (Role Requirements!C79; d03).
  ["a 2016 design of 3 copies that would be JBOD, on RAID only (consider JBOD no)", { users: 7600, quotaMB: 5120, copies: 3, serversSite1: 4, exchangeVersion: 2016, considerJbod: "no" }],
  // w01: one database a volume asked (Input!C108 "No") with a lagged copy in the first site: the calculator's C110 "No" puts it on RAID (Role Requirements!I127; Storage Design!C194 27).
  ["one database a volume asked, a lagged copy: RAID, as the calculator", { users: 5000, quotaMB: 2048, copies: 4, laggedCopies: 1, lagDays: 7, serversSite1: 4, exchangeVersion: 2016, databasesPerVolume: 1 }],
  ["a JBOD 2019 design with a custom 500 GB maximum database size", { users: 7600, quotaMB: 5120, copies: 3, serversSite1: 4, exchangeVersion: 2019, maxDatabaseSizeConfiguration: "custom", maxDatabaseGB: 500 }],
  // Databases a volume asked are the calculator's Input!C108, C109 (fixture v01, v04, v05): 2 of 3 copies lays 3
  // (Volume Requirements!I7; Role Requirements!C62 1,862.6 GB); 1 one, with no AutoReseed disk (Storage Design!E182 0);
  // active/passive the first site's 2 whatever is asked (Role Requirements!C83).
  ["3 copies on 6 servers of 8 TB disks, 2 databases a volume asked", { users: 5000, copies: 3, serversSite1: 6, exchangeVersion: 2016, serverDisk: '8TB 7.2K RPM SAS 3.5"', databasesPerVolume: 2 }],
  ["3 copies on 6 servers of 8 TB disks, 1 database a volume asked", { users: 5000, copies: 3, serversSite1: 6, exchangeVersion: 2016, serverDisk: '8TB 7.2K RPM SAS 3.5"', databasesPerVolume: 1 }],
  ["active/passive, 4 copies on 4 + 4 servers, 3 databases a volume asked", { users: 6000, copies: 4, serversSite1: 4, serversSite2: 4, dagLayout: "active/passive", exchangeVersion: 2016, databasesPerVolume: 3 }],
  // v06: JBOD where the calculator lays no several a volume (Role Requirements!C110 "No"): one, C62 2,000 GB, no AutoReseed disk.
  ["active/passive, 5 copies on 4 + 3 servers: one database a volume", { users: 6000, copies: 5, serversSite1: 4, serversSite2: 3, dagLayout: "active/passive", exchangeVersion: 2016, databasesPerVolume: 2 }],
  // Sized never less, a copy more never buys less (docs/whole-design.md): at 4 copies the 120 databases and 23 disks a
  // server of 3 copies (the calculator's own count at 4 is 24, Role Requirements!C79), and with the most that fit a
  // volume, the 63 disks a server of 3 copies where 4 copies pack 53.
  ["sized never less, 4 copies on 6 servers of 8 TB disks, 2 databases a volume asked: the count of 3 copies", { users: 5000, copies: 4, serversSite1: 6, exchangeVersion: 2016, serverDisk: '8TB 7.2K NL-SAS 3.5"', databasesPerVolume: 2, serverSizing: "never less" }],
  ["sized never less, 4 copies on 6 servers of 12 TB disks, the most databases a volume: the disks of 3 copies", { users: 16170, quotaMB: 6639, messagesPerDay: 289, messageKB: 53, copies: 4, serversSite1: 6, exchangeVersion: 2016, serverDisk: '12TB 7.2K RPM SAS 3.5"', databasesPerVolume: 0, maxDatabaseGB: 2048, serverSizing: "never less" }],
  ["sized never less, 4 copies on 4 servers of 20 TB disks: the databases, disks, cores and memory of 3 copies", { users: 11759, quotaMB: 6636, messagesPerDay: 68, messageKB: 79, copies: 4, serversSite1: 4, exchangeVersion: 2016, serverDisk: '20TB 7.2K RPM SAS 3.5"', databasesPerVolume: 2, serverSizing: "never less" }],
  // Where the count of fewer copies would pass 100 copies a server (Role Requirements!I158), the most the servers mount:
  // 004's DAG at the calculator's own count (fixture d09), 448 databases at 3 copies, 336 at 4 on 8 + 8 servers.
  ["sized never less, 004's DAG at the calculator's own count: the 336 databases its servers mount", { users: 7600, quotaMB: 20480, archiveMB: 51200, copies: 4, serversSite1: 8, serversSite2: 8, coresPerServer: 24, exchangeVersion: 2016, serverDisk: '8TB 7.2K NL-SAS 3.5"', databasesPerVolume: 2, serverSizing: "never less" }],
];

describe("every quantity's cells equal sizeDesign's figure, live and in the customer copy", () => {
  test.each(FIXED)("%s", (_name, inputs) => {
    const i = { ...R, ...inputs } as WorkbookInputs;
    // The live copy reads EX_FAILOVER; the customer copy's scenarios read the Distribution sheet.
    const model = referenceDesign({ inputs: i });
    const d = sizeDesign(i);
    expect(differences(evaluateWorkbook(withoutDistribution(model)), d)).toEqual([]);
    expect(differences(evaluateWorkbook(nativeModel(model)), d)).toEqual([]);
  });

  // The customer copy's scenarios read the Distribution sheet (kept): every tier's mailboxes on the busiest server.
  test.each<[string, Partial<WorkbookInputs>, TypedTier[]]>([
    // tests/fixtures/microsoft-calculator-designs.json t01, t02: Role Requirements!C100 1,350 and 912.5 active mailboxes a server.
    ["two tiers, 3 copies on 4 servers (fixture t01)", { users: 3400, quotaMB: 4096, archiveMB: 5120, copies: 3, serversSite1: 4, exchangeVersion: 2016 }, [{}, { mailboxes: 2000, messagesPerDay: 200, messageKB: 75, quotaMB: 2048 }]],
    ["three tiers, 4 copies on 4 + 4 servers (fixture t02), several DAGs", { users: 5000, quotaMB: 2048, messagesPerDay: 100, copies: 4, serversSite1: 4, serversSite2: 4, exchangeVersion: 2016, environmentUsers: 30_000 }, [{ mailboxes: 5000 }, { mailboxes: 1500, messagesPerDay: 300, messageKB: 100, quotaMB: 10240 }, { mailboxes: 800, messagesPerDay: 50, quotaMB: 1024 }]],
  ])("mailbox tiers: %s", (_name, given, tiers) => {
    const i = { ...R, ...given } as WorkbookInputs;
    const model = withTiers(referenceDesign({ inputs: i }), tiers);
    const d = sizeDesign(i, tablesOf(i, tiers));
    expect(d.usersPerDag).toBeGreaterThan(i.users);
    expect(differences(evaluateWorkbook(withoutDistribution(model)), d)).toEqual([]);
    expect(differences(evaluateWorkbook(nativeModel(model)), d)).toEqual([]);
  });

  test("random designs with mailbox tiers", () => {
    fc.assert(
      fc.property(tiered, ([inputs, tiers]) => {
        const model = withTiers(referenceDesign({ inputs }), tiers);
        const d = sizeDesign(inputs, tablesOf(inputs, tiers));
        expect({ inputs, tiers, live: differences(evaluateWorkbook(withoutDistribution(model)), d) }).toEqual({ inputs, tiers, live: [] });
        expect({ inputs, tiers, native: differences(evaluateWorkbook(nativeModel(model)), d) }).toEqual({ inputs, tiers, native: [] });
      }),
      { numRuns: Number(process.env.RUNS ?? 10) },
    );
  });

  test.each<[string, fc.Arbitrary<WorkbookInputs>, number]>([
    ["random designs of every version, method, site count and disk", anyDesign, 20],
    ["random active/passive DAGs by Microsoft's method, lagged copies and SPECint rates", activePassive, 10],
    ["random Microsoft-method designs on JBOD disks, counted from the disk or set by hand", jbod, 10],
  ])("%s", (_name, designs, runs) => {
    fc.assert(
      fc.property(designs, (inputs) => {
        const model = referenceDesign({ inputs });
        const d = sizeDesign(inputs);
        expect({ inputs, live: differences(evaluateWorkbook(withoutDistribution(model)), d) }).toEqual({ inputs, live: [] });
        expect({ inputs, native: differences(evaluateWorkbook(nativeModel(model)), d) }).toEqual({ inputs, native: [] });
      }),
      { numRuns: Number(process.env.RUNS ?? runs) },
    );
  });
});
