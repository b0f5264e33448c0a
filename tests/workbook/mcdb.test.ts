/**
 * Exchange 2019's and SE's MetaCache Database (MCDB) SSDs on the workbook. The Methods
 * sheet sizes them from the server disks' figures and the Hardware sheet's SSD sizes, in Excel's own
 * functions (the same in the live design and the customer copy); the Summary's server disks end with
 * their row — equal to sizeDesign's mcdb, or "—" and why none in its words (mcdbProblem).
 *
 * PA    = Microsoft, "Exchange 2019 preferred architecture" (Exchange/ExchangeServer/plan-and-deploy/deployment-ref/preferred-architecture-2019.md, "Solid state storage class")
 * SETUP = Microsoft, "MetaCacheDatabase (MCDB) setup" (Exchange/ExchangeServer/high-availability/database-availability-groups/MetaCacheDatabase-setup.md, "SSD guidance")
 */
import fc from "fast-check";
import { REFERENCE_DESIGN_INPUTS, REFERENCE_PRESETS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { JBOD_CATALOGUE } from "../../src/engine/microsoft/disks";
import { MCDB_SSD_SIZES_GB } from "../../src/engine/microsoft/mcdb";
import { designCheckText, designProblems } from "../../src/workbook/design-check";
import { evaluateWorkbook, nativeModel, withInputs, type WorkbookValues } from "../../src/workbook/evaluate";
import { HARDWARE_CELLS } from "../../src/workbook/sheets/hardware";
import { SUMMARY_MCDB_CELLS, SUMMARY_MCDB_ROW } from "../../src/workbook/sheets/summary";
import { DESIGN_CHECK_CELL, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import type { WorkbookModel } from "../../src/workbook/model";
import { withoutDistribution } from "./light-model";
import { WORKBOOK_MS } from "../support/timeouts";
import "../support/fast-check-seed";

jest.setTimeout(6 * WORKBOOK_MS);

const sheets = templateSheetNames();
const DELL_EMC = REFERENCE_PRESETS["dellemc-2016"].inputs;

/** The Summary's MCDB row: SSDs, GB each (or why none), share, the DAG's SSDs. */
const row = (values: WorkbookValues) => Object.fromEntries(Object.entries(SUMMARY_MCDB_CELLS).map(([key, address]) => [key, values[sheets.summary][address]])) as Record<keyof typeof SUMMARY_MCDB_CELLS, unknown>;
const both = (model: WorkbookModel) => [row(evaluateWorkbook(withoutDistribution(model))), row(evaluateWorkbook(withoutDistribution(nativeModel(model))))];

/** What the row shows for sizeDesign's design. */
function expected(inputs: WorkbookInputs) {
  const d = sizeDesign(inputs);
  if (!d.mcdb) return { ssdsPerServer: "—", ssdGB: `None: ${d.mcdbProblem}`, share: "", dagSsds: "" };
  return { ssdsPerServer: d.mcdb.ssdsPerServer, ssdGB: d.mcdb.ssdGB, share: expect.closeTo(d.mcdb.share, 12), dagSsds: d.mcdb.ssdsPerServer * d.serversPerDag };
}

describe("the Summary's MCDB SSDs are sizeDesign's, live and in the customer copy", () => {
  test("Dell EMC's design (--preset dellemc-2016) sized as SE: 14 SSDs of 1,600 GB a server for its 42 database disks of 8 TB (one to three, PA and SETUP; 3 × 8,000 GB × 6% = 1,440 GB), 224 in the DAG", () => {
    const inputs = { ...DELL_EMC, exchangeVersion: "SE" } as WorkbookInputs;
    const [live, native] = both(referenceDesign({ inputs }));
    expect(live).toEqual({ ssdsPerServer: 14, ssdGB: 1600, share: expect.closeTo(22_400 / 336_000, 12), dagSsds: 224 });
    expect(native).toEqual(live);
    expect(live).toEqual(expected(inputs));
  });

  test("the same design in the version cell as 2016 has none, and says MCDB is 2019's and SE's; as 2019 the SSDs return", () => {
    const model = referenceDesign({ inputs: { ...DELL_EMC, exchangeVersion: "SE" } as WorkbookInputs });
    const as2016 = row(evaluateWorkbook(withoutDistribution(withInputs(model, { ExchangeVersion: 2016 }))));
    expect(as2016).toEqual({ ssdsPerServer: "—", ssdGB: "None: MCDB is Exchange 2019's and SE's; this is Exchange 2016", share: "", dagSsds: "" });
    expect(as2016).toEqual(expected(DELL_EMC));
    expect(row(evaluateWorkbook(withoutDistribution(withInputs(model, { ExchangeVersion: 2019 }))))).toMatchObject({ ssdsPerServer: 14, ssdGB: 1600 });
  });

  test("none on RAID, by Dell's process or without server disks: each says why, as sizeDesign", () => {
    const se = { ...DELL_EMC, exchangeVersion: "SE" } as WorkbookInputs;
    // Dell's process counts its own databases: the preset's set 336 (the calculator's Input!G39) is left out for it.
    for (const given of [{ copies: 3 }, { method: "dell", databasesPerDag: "" }, { serverDisk: '1TB 7.2K RPM SAS 3.5"' }, {}] as Partial<WorkbookInputs>[]) {
      const inputs = { ...(Object.keys(given).length === 0 ? REFERENCE_DESIGN_INPUTS : se), ...given } as WorkbookInputs;
      const [live, native] = both(referenceDesign({ inputs }));
      expect(live).toEqual(expected(inputs));
      expect(native).toEqual(live);
      expect(live.ssdsPerServer).toBe("—");
    }
  });

  test("the row's label", () => {
    expect(evaluateWorkbook(withoutDistribution(referenceDesign()))[sheets.summary][`A${SUMMARY_MCDB_ROW}`]).toBe("MCDB (MetaCache) SSDs a server");
  });

  // 2019 and SE DAGs by Microsoft's method, 3 to 5 copies (0 to 2 lagged: some on RAID), every catalogue disk, any databases a volume.
  const designs: fc.Arbitrary<WorkbookInputs> = fc
    .record({
      exchangeVersion: fc.constantFrom(2019, "SE" as const),
      users: fc.integer({ min: 1000, max: 20_000 }),
      quotaMB: fc.constantFrom(2048, 10_240, 20_480),
      messagesPerDay: fc.constantFrom(100, 150, 200),
      copies: fc.integer({ min: 3, max: 5 }),
      laggedCopies: fc.integer({ min: 0, max: 2 }),
      serversSite1: fc.integer({ min: 3, max: 10 }),
      serversSite2: fc.oneof(fc.constant("" as const), fc.integer({ min: 3, max: 10 })),
      serverDisk: fc.constantFrom(...JBOD_CATALOGUE.map((d) => d.name)),
      databasesPerVolume: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4 })),
      mcdb: fc.constantFrom("auto", "on", "off"),
    })
    .map((r) => ({ ...REFERENCE_DESIGN_INPUTS, maxDatabaseGB: 2048, ...r }) as WorkbookInputs)
    .filter((inputs) => {
      if (designProblems(inputs).length > 0) return false;
      try {
        sizeDesign(inputs);
        return true;
      } catch {
        return false;
      }
    });

  test("random 2019 and SE DAGs: the row equals sizeDesign's MCDB, live and native", () => {
    let sized = 0;
    fc.assert(
      fc.property(designs, (inputs) => {
        const [live, native] = both(referenceDesign({ inputs }));
        expect(live).toEqual(expected(inputs));
        expect(native).toEqual(live);
        if (typeof live.ssdsPerServer === "number") sized++;
      }),
      { numRuns: Number(process.env.RUNS ?? 10) },
    );
    // A control: some of the designs have SSDs.
    expect(sized).toBeGreaterThan(0);
  });
});

describe("the MCDB input on the Inputs sheet", () => {
  const SE = { ...DELL_EMC, exchangeVersion: "SE" } as WorkbookInputs;
  const check = (model: WorkbookModel) => evaluateWorkbook(withoutDistribution(model))[sheets.inputs][DESIGN_CHECK_CELL.inputs];

  test("off: no SSDs, and the Summary says MCDB is off; auto and on: the SSDs", () => {
    const model = referenceDesign({ inputs: SE });
    expect(row(evaluateWorkbook(withoutDistribution(withInputs(model, { MCDB: "off" }))))).toEqual({ ssdsPerServer: "—", ssdGB: "None: MCDB is off (the input MCDB)", share: "", dagSsds: "" });
    expect(row(evaluateWorkbook(withoutDistribution(withInputs(model, { MCDB: "off" }))))).toEqual(expected({ ...SE, mcdb: "off" }));
    for (const mcdb of ["auto", "on", "ON"]) expect(row(evaluateWorkbook(withoutDistribution(withInputs(model, { MCDB: mcdb }))))).toMatchObject({ ssdsPerServer: 14, ssdGB: 1600 });
  });

  test('"on" where MCDB cannot be: the Design check says no design, as designProblems, live and native — 2016, Dell\'s process, RAID', () => {
    const model = referenceDesign({ inputs: { ...SE, mcdb: "on" } });
    expect(check(model)).toMatch(/^OK: /);
    // Dell's process with the method's own count (0): the preset's set 336 is Microsoft's method's (Input!G39).
    for (const edit of [{ ExchangeVersion: 2016 }, { Method: "dell", DatabasesPerDag: 0 }, { Copies: 3 }] as Record<string, number | string>[]) {
      const edited = withInputs(model, edit);
      const inputs = { ...SE, mcdb: "on", ...(edit.ExchangeVersion ? { exchangeVersion: 2016 } : edit.Method ? { method: "dell", databasesPerDag: 0 } : { copies: 3 }) } as WorkbookInputs;
      const [problem] = designProblems(inputs);
      expect(problem.inputs[0]).toBe("MCDB");
      expect(problem.summary).toMatch(/^Not a design: MCDB is on, but MCDB SSDs are Exchange 2019's and SE's/);
      expect([check(edited), check(nativeModel(edited))]).toEqual([problem.summary, problem.summary]);
      expect(check(withInputs(edited, { MCDB: "auto" }))).not.toMatch(/MCDB/);
    }
  });

  test("a value pasted past the drop-down is no design, naming the input", () => {
    expect(check(withInputs(referenceDesign({ inputs: SE }), { MCDB: "yes" }))).toBe("Not a design: MCDB SSDs (MetaCache): mcdb must be one of: auto, on, off.");
  });

  test("random designs of every version and MCDB choice: the Design check is designCheckText", () => {
    const inputs = fc
      .record({
        exchangeVersion: fc.constantFrom(2010, 2016, 2019, "SE" as const),
        method: fc.constantFrom("auto", "dell", "microsoft"),
        copies: fc.integer({ min: 2, max: 4 }),
        serversSite1: fc.integer({ min: 2, max: 5 }),
        serversSite2: fc.oneof(fc.constant("" as const), fc.integer({ min: 2, max: 5 })),
        mcdb: fc.constantFrom("auto", "on", "off"),
      })
      .map((r) => ({ ...REFERENCE_DESIGN_INPUTS, ...r }) as WorkbookInputs);
    const seen = new Set<string>();
    fc.assert(
      fc.property(inputs, (i) => {
        const text = designCheckText(i);
        seen.add(text.slice(0, 40));
        expect(check(referenceDesign({ inputs: i }))).toBe(text);
      }),
      // The control's two cases always among them (15 random draws miss an MCDB refusal about one run in 30).
      { numRuns: Number(process.env.RUNS ?? 15), examples: [[{ ...REFERENCE_DESIGN_INPUTS, ...SE, mcdb: "on", exchangeVersion: 2016 } as WorkbookInputs], [{ ...REFERENCE_DESIGN_INPUTS, ...SE } as WorkbookInputs]] },
    );
    // A control: some design was refused for MCDB, and some built.
    expect([[...seen].some((t) => t.startsWith("Not a design: MCDB")), [...seen].some((t) => !t.startsWith("Not a design"))]).toEqual([true, true]);
  });
});

test("the Hardware sheet lists the SSD sizes a design picks from, smallest first, the PA's 1.92 TB among them", () => {
  const values = evaluateWorkbook(withoutDistribution(referenceDesign()));
  const listed = MCDB_SSD_SIZES_GB.map((_, i) => values[sheets.hardware][`B${HARDWARE_CELLS.ssdRow(i)}`]);
  expect(listed).toEqual([...MCDB_SSD_SIZES_GB]);
  expect(listed).toEqual([...listed].sort((a, b) => (a as number) - (b as number)));
  // PA: 7.68 TB of MCDB on 4 SSDs.
  expect(listed).toContain(7680 / 4);
});
