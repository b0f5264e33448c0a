/**
 * Exchange 2019's and SE's MetaCache Database (MCDB) SSDs beside a JBOD server's database
 * disks (src/engine/microsoft/mcdb.ts). Every figure cites the page of Microsoft's documentation
 * (MicrosoftDocs/OfficeDocs-Exchange at 52e8b70f) it comes from:
 *
 * PA    = "Exchange 2019 preferred architecture", Exchange/ExchangeServer/plan-and-deploy/deployment-ref/preferred-architecture-2019.md, "Solid state storage class"
 * SETUP = "MetaCacheDatabase (MCDB) setup", Exchange/ExchangeServer/high-availability/database-availability-groups/MetaCacheDatabase-setup.md, "SSD guidance"
 */
import fc from "fast-check";
import { McdbError, REFERENCE_DESIGN_INPUTS, REFERENCE_PRESETS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { SizingError } from "../../src/engine/errors";
import {
  DATABASE_DISKS_PER_SSD,
  MCDB_SHARE_PERCENT,
  MCDB_SSD_SIZES_GB,
  mcdbDisksPerSsdFormula,
  mcdbGBPerServerFormula,
  mcdbNeededGBFormula,
  mcdbShareFormula,
  mcdbSsdGBFormula,
  mcdbSsds,
  mcdbSsdsFormula,
  mcdbVersionFormula,
} from "../../src/engine/microsoft/mcdb";
import { evaluateFormula, type EvaluationContext } from "../../src/formula";
import "../support/fast-check-seed";

const DELL_EMC = REFERENCE_PRESETS["dellemc-2016"].inputs;

describe("the rule: one SSD to three database disks, 6% of their capacity, the smallest catalogue SSD that holds it", () => {
  test("the PA's example server: 12 database disks of 10 TB (120 TB) → 4 SSDs, 7.68 TB of MCDB, 6.4% (PA)", () => {
    const m = mcdbSsds(12, 10_000);
    expect([m.ssdsPerServer, m.databaseDisksPerSsd, m.ssdGB, m.gbPerServer, m.databaseDiskGB]).toEqual([4, 3, 1920, 7680, 120_000]);
    expect(m.share).toBeCloseTo(0.064, 12);
  });

  test("the share is inside both pages' ranges where a catalogue size meets it: 6% is SETUP's 5–6% and inside the PA's 5–10%", () => {
    expect(MCDB_SHARE_PERCENT).toBeGreaterThanOrEqual(5);
    expect(MCDB_SHARE_PERCENT).toBeLessThanOrEqual(6);
    // SETUP: "if your server contains 100 TB of HDD capacity for mailbox databases, an allocation of 5 TB to 6 TB for SSD capacity is enough".
    expect((100_000 * MCDB_SHARE_PERCENT) / 100).toBe(6000);
    expect(DATABASE_DISKS_PER_SSD).toBe(3);
  });

  test("random servers: SSDs = ⌈disks ÷ 3⌉, none serves more than 3 disks, the SSD is the smallest size holding 6% of its disks, the share never below 6%", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100 }), fc.constantFrom(1000, 1200, 2000, 4000, 6000, 8000, 10_000, 12_000, 16_000), (disks, rawGB) => {
        const m = mcdbSsds(disks, rawGB);
        expect(m.ssdsPerServer).toBe(Math.ceil(disks / 3));
        expect(m.databaseDisksPerSsd).toBeLessThanOrEqual(3);
        // The SSDs serve every disk: SETUP requires the same count and size on every server, so all are sized for the fullest.
        expect(m.ssdsPerServer * m.databaseDisksPerSsd).toBeGreaterThanOrEqual(disks);
        const need = (m.databaseDisksPerSsd * rawGB * 6) / 100;
        expect(m.ssdGB).toBe(MCDB_SSD_SIZES_GB.find((gb) => gb >= need));
        expect(m.share).toBeGreaterThanOrEqual(0.06 - 1e-12);
      }),
    );
  });

  test("a disk whose share no catalogue SSD holds is refused, naming MCDB and the sizes", () => {
    // 3 × 200,000 GB × 6% = 36,000 GB, past the largest, 30,720 GB.
    expect(() => mcdbSsds(3, 200_000)).toThrow(SizingError);
    expect(() => mcdbSsds(3, 200_000)).toThrow(/^MCDB: an SSD for 3 database disks of 200,000 GB needs 36,000 GB \(6%\), more than the largest SSD of the catalogue \(30,720 GB\)$/);
  });
});

describe("the same rule as Excel formulas (the Methods sheet's MCDB rows), evaluated by our evaluator", () => {
  /** Names as one-cell sheets, and Sizes as a column of the catalogue. */
  const context = (names: Record<string, number | string>, sizes: readonly number[] = MCDB_SSD_SIZES_GB): EvaluationContext => ({
    cell: (sheet, row, column) => (sheet === "sizes" ? (column === 0 ? (sizes[row] ?? null) : null) : row === 0 && column === 0 ? (names[sheet ?? ""] ?? null) : null),
    name: (name) => (name.toLowerCase() === "sizes" ? { sheet: "sizes", top: 0, left: 0, bottom: sizes.length - 1, right: 0 } : name in names ? { sheet: name, top: 0, left: 0, bottom: 0, right: 0 } : undefined),
  });
  const evaluate = (formula: string, names: Record<string, number | string>) => evaluateFormula(formula, context(names));

  test("random servers, and needs exactly at a size, under it and past the largest: the formulas' SSDs, size, GB a server and share are mcdbSsds'", () => {
    const disksAt = fc.integer({ min: 1, max: 100 });
    const raw = fc.oneof(fc.constantFrom(1000, 4000, 8000, 10_000, 16_000, 200_000), fc.integer({ min: 1, max: 300_000 }));
    fc.assert(
      fc.property(disksAt, raw, (disks, rawGB) => {
        const ssds = evaluate(mcdbSsdsFormula("Disks"), { Disks: disks });
        const perSsd = evaluate(mcdbDisksPerSsdFormula("Disks", "Ssds"), { Disks: disks, Ssds: ssds as number });
        const need = evaluate(mcdbNeededGBFormula("PerSsd", "Raw"), { PerSsd: perSsd as number, Raw: rawGB });
        const size = evaluate(mcdbSsdGBFormula("Need", "Sizes"), { Need: need as number });
        let expected: ReturnType<typeof mcdbSsds> | SizingError;
        try {
          expected = mcdbSsds(disks, rawGB);
        } catch (e) {
          expected = e as SizingError;
        }
        if (expected instanceof SizingError) {
          expect(size instanceof SizingError && size.code).toBe("#N/A");
        } else {
          const gb = evaluate(mcdbGBPerServerFormula("Ssds", "Size"), { Ssds: ssds as number, Size: size as number });
          const share = evaluate(mcdbShareFormula("Gb", "Disks", "Raw"), { Gb: gb as number, Disks: disks, Raw: rawGB });
          expect([ssds, perSsd, need, size, gb, share]).toEqual([expected.ssdsPerServer, expected.databaseDisksPerSsd, expected.neededGBPerSsd, expected.ssdGB, expected.gbPerServer, expected.share]);
        }
      }),
    );
    // At a size exactly, just under the smallest, between two, and past the largest.
    for (const [need, size] of [[1920, 1920], [1, 400], [1600.5, 1920], [30_720, 30_720], [30_720.5, "#N/A"]] as const) {
      const got = evaluate(mcdbSsdGBFormula("Need", "Sizes"), { Need: need });
      expect({ need, got: got instanceof SizingError ? got.code : got }).toEqual({ need, got: size });
    }
  });

  test("MCDB's versions: 2019 and SE, a number or text in the version cell; not 2010, 2013 or 2016", () => {
    const has = (v: number | string) => evaluate(mcdbVersionFormula("Version"), { Version: v });
    expect([2019, "SE", 2016, 2013, 2010].map(has)).toEqual([true, true, false, false, false]);
  });
});

describe("sizeDesign's MCDB: Exchange 2019 and SE on JBOD, beside the database disks", () => {
  test("Dell EMC's Exchange 2016 design (--preset dellemc-2016) sized as SE: 14 SSDs of 1,600 GB a server for its 42 database disks of 8 TB, the 45 disks unchanged", () => {
    const se = sizeDesign({ ...DELL_EMC, exchangeVersion: "SE" });
    // 004 Table 5: 42 database+log disks; one SSD to three (PA, SETUP): 14; 3 × 8,000 GB × 6% = 1,440 GB → 1,600 GB.
    expect(se.serverDisks).toMatchObject({ databaseLogDisks: 42, disksPerServer: 45 });
    expect(se.mcdb).toMatchObject({ ssdsPerServer: 14, databaseDisksPerSsd: 3, neededGBPerSsd: 1440, ssdGB: 1600, gbPerServer: 22_400, databaseDiskGB: 336_000 });
    expect(se.mcdb!.share).toBeGreaterThanOrEqual(0.05); // PA: 5–10%
    expect(se.mcdb!.share).toBeLessThanOrEqual(0.1);
    expect(se.mcdbProblem).toBeUndefined();
    // The SSDs are beside the disks: every other figure is the 2016 design's (bar 2019's memory minimum).
    const as2016 = sizeDesign(DELL_EMC);
    expect([se.databases, se.serverDisks, se.capacityPerCopyGB]).toEqual([as2016.databases, as2016.serverDisks, as2016.capacityPerCopyGB]);
  });

  test("the same design as 2019 has the same SSDs; as 2016 or 2013 none, saying MCDB is 2019's and SE's", () => {
    expect(sizeDesign({ ...DELL_EMC, exchangeVersion: 2019 }).mcdb).toEqual(sizeDesign({ ...DELL_EMC, exchangeVersion: "SE" }).mcdb);
    for (const v of [2016, 2013] as const) {
      const d = sizeDesign({ ...DELL_EMC, exchangeVersion: v });
      expect(d.mcdb).toBeUndefined();
      expect(d.mcdbProblem).toBe(`MCDB is Exchange 2019's and SE's; this is Exchange ${v}`);
    }
  });

  test("none on RAID, by Dell's process, or without server disks; each says why", () => {
    const cases: Array<[Partial<WorkbookInputs>, RegExp]> = [
      // Three copies on 8 + 8 servers: the calculator's RAID (Role Requirements!I127).
      [{ ...DELL_EMC, exchangeVersion: "SE", copies: 3 }, /^MCDB needs JBOD disks; this DAG is on RAID$/],
      // Dell's process counts its own databases: the preset's set 336 (the calculator's Input!G39) is Microsoft's method's.
      [{ ...DELL_EMC, exchangeVersion: "SE", method: "dell", databasesPerDag: "" }, /^Dell's process puts the databases on arrays/],
      [{ ...DELL_EMC, exchangeVersion: "SE", serverDisk: '1TB 7.2K RPM SAS 3.5"' }, /^the servers have no database disks for it/],
      [{ ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2010 }, /^MCDB is Exchange 2019's and SE's; this is Exchange 2010$/],
    ];
    for (const [given, why] of cases) {
      const d = sizeDesign(given);
      expect({ mcdb: d.mcdb, why: d.mcdbProblem }).toEqual({ mcdb: undefined, why: expect.stringMatching(why) });
    }
  });
});

describe("the input mcdb: auto (the default), on or off", () => {
  const SE = { ...DELL_EMC, exchangeVersion: "SE" as const };

  test("auto is the default; on gives a 2019 or SE JBOD design the same SSDs; off none, saying so", () => {
    expect(REFERENCE_DESIGN_INPUTS.mcdb).toBe("auto");
    const auto = sizeDesign(SE).mcdb;
    expect(sizeDesign({ ...SE, mcdb: "on" }).mcdb).toEqual(auto);
    expect(sizeDesign({ ...SE, mcdb: " ON " }).mcdb).toEqual(auto);
    const off = sizeDesign({ ...SE, mcdb: "off" });
    expect([off.mcdb, off.mcdbProblem]).toEqual([undefined, "MCDB is off (the input MCDB)"]);
    // Off takes nothing else away.
    expect(off.serverDisks).toEqual(sizeDesign(SE).serverDisks);
  });

  test('"on" where MCDB cannot be is refused, naming the input and why: an earlier version (SETUP, "Prerequisites": Exchange Server 2019), Dell\'s process, the calculator\'s RAID', () => {
    const cases: Array<[Partial<WorkbookInputs>, RegExp]> = [
      [{ ...DELL_EMC, mcdb: "on" }, /this design is Exchange 2016 — choose "auto" or "off", or the Exchange version 2019 or SE$/],
      [{ ...SE, mcdb: "on", method: "dell", databasesPerDag: "" }, /Dell's process sizes this design, on arrays — choose "auto" or "off", or the method "microsoft"$/],
      [{ ...SE, mcdb: "on", copies: 3 }, /Microsoft's calculator puts this DAG on RAID .* — choose "auto" or "off", or three or more such copies$/],
    ];
    for (const [given, why] of cases) {
      expect(() => sizeDesign(given)).toThrow(McdbError);
      expect(() => sizeDesign(given)).toThrow(/^mcdb: "on" needs Exchange 2019 or SE on JBOD database disks, by Microsoft's method \(Microsoft's "MetaCacheDatabase \(MCDB\) setup", Prerequisites/);
      expect(() => sizeDesign(given)).toThrow(why);
      // auto and off build the same design, without SSDs.
      for (const mcdb of ["auto", "off"]) expect(sizeDesign({ ...given, mcdb }).mcdb).toBeUndefined();
    }
  });

  test("any other value is refused, naming the input and its choices", () => {
    expect(() => sizeDesign({ ...SE, mcdb: "yes" })).toThrow(/^mcdb must be one of: auto, on, off; got "yes"$/);
  });
});
