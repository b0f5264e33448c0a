/**
 * A Microsoft-method JBOD server's own disks on the workbook. The Inputs sheet's ServerDisk
 * (a drop-down of the Hardware sheet's server disks), DatabasesPerVolume, AutoReseedDisks and
 * SpareDisks are inputs as the CLI's options and the pane's fields are; the Methods sheet sizes the
 * disks (EX_MS_DISKS live, disk-formulas.ts in the customer copy) and the Summary's "Server disks"
 * block shows them — equal to sizeDesign's serverDisks, or its raidServerDisks where the calculator puts
 * the design on RAID, and `exsize design --json`'s figures, or a line saying why a design has none
 * (Dell's process, a disk too small).
 */
import fc from "fast-check";
import { REFERENCE_DESIGN_INPUTS, REFERENCE_PRESETS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { JBOD_CATALOGUE, jbodDisk } from "../../src/engine/microsoft/disks";
import { designProblems } from "../../src/workbook/design-check";
import { evaluateWorkbook, nativeModel, withCellValues, withInputs, type WorkbookValues } from "../../src/workbook/evaluate";
import { INPUT_ROWS, designFromCells, type CellInput, type CellRows } from "../../src/workbook/input-values";
import { HARDWARE_CELLS } from "../../src/workbook/sheets/hardware";
import { SUMMARY_SERVER_DISK_CELLS, SUMMARY_SERVER_DISKS_ROW } from "../../src/workbook/sheets/summary";
import { DESIGN_CHECK_CELL, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import type { WorkbookModel } from "../../src/workbook/model";
import { withoutDistribution } from "./light-model";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(6 * WORKBOOK_MS);

const sheets = templateSheetNames();
const S = SUMMARY_SERVER_DISK_CELLS;

/** The Summary's server-disk block, as numbers where it has them: each of SUMMARY_SERVER_DISK_CELLS's cells. */
const block = (values: WorkbookValues) => Object.fromEntries(Object.entries(S).map(([key, address]) => [key, values[sheets.summary][address]])) as Record<keyof typeof S, unknown>;

const thousands = (x: number) => Math.round(x).toLocaleString("en-US");

/** What the block shows for sizeDesign's design: its JBOD or RAID server disks, or "—" and a reason. */
/** Active/passive, a second-site server's disks and their architecture (Design.siteServers); blank otherwise. */
function secondSite(inputs: WorkbookInputs) {
  const s = sizeDesign(inputs).siteServers?.[1];
  const k = s?.serverDisks ?? s?.raidServerDisks;
  return { disksPerServerSite2: k?.disksPerServer ?? "", architectureSite2: k === undefined ? "" : s?.serverDisks ? "JBOD" : "RAID" };
}

function expected(inputs: WorkbookInputs) {
  return { ...summaryDisks(inputs), ...secondSite(inputs) };
}

function summaryDisks(inputs: WorkbookInputs) {
  const d = sizeDesign(inputs);
  const k = d.serverDisks;
  const raid = d.raidServerDisks;
  const several = inputs.environmentUsers !== undefined && inputs.environmentUsers !== "" && inputs.environmentUsers !== 0;
  if (raid) {
    return {
      disksPerServer: raid.disksPerServer,
      disk: raid.disk.name,
      dagDisks: raid.dagDisks,
      environmentDisks: several ? d.dags * raid.dagDisks : "",
      databaseLogDisks: raid.databaseLogDisks,
      databasesPerVolume: `${raid.databasesPerVolume} database${raid.databasesPerVolume === 1 ? "" : "s"} a volume`,
      volumeGB: `${thousands(raid.databaseLogGB)} GB of volumes`,
      formattedGB: raid.formattedGB,
      otherDisks: raid.disksPerServer - raid.databaseLogDisks,
      restore: `${raid.restoreDisks} restore in ${raid.restoreRaid}, ${thousands(raid.restoreVolumeGB)} GB`,
      autoReseedDisks: "no AutoReseed (JBOD only)",
      spareDisks: raid.spareDisks,
    };
  }
  if (!k) {
    // None: every cell blank, the heading says why (a row's reason was cut by the cells beside it).
    return { disksPerServer: "", disk: "", databaseLogDisks: "", otherDisks: "", dagDisks: "", environmentDisks: "", databasesPerVolume: "", volumeGB: "", formattedGB: "", restore: "", autoReseedDisks: "", spareDisks: "" };
  }
  const servers = d.serversPerDag;
  return {
    disksPerServer: k.disksPerServer,
    disk: k.disk.name,
    dagDisks: k.disksPerServer * servers,
    environmentDisks: several ? d.dags * k.disksPerServer * servers : "",
    databaseLogDisks: k.databaseLogDisks,
    databasesPerVolume: k.databasesPerVolume,
    volumeGB: k.volumeGB,
    formattedGB: k.formattedGB,
    otherDisks: k.disksPerServer - k.databaseLogDisks,
    restore: `${k.restoreDisks} restore of ${thousands(k.restoreVolumeGB)} GB`,
    autoReseedDisks: k.autoReseedDisks,
    spareDisks: k.spareDisks,
  };
}

const both = (model: WorkbookModel) => [block(evaluateWorkbook(withoutDistribution(model))), block(evaluateWorkbook(withoutDistribution(nativeModel(model))))];
/** The block's heading and its two labels that say JBOD or RAID (A19, A21, A22). */
const words = (values: WorkbookValues) => [0, 2, 3].map((i) => values[sheets.summary][`A${SUMMARY_SERVER_DISKS_ROW + i}`]);

describe("the Summary's server disks are sizeDesign's, live and in the customer copy", () => {
  test("dellemc-2016: 45 disks a server — 42 database+log disks of two databases, a restore, an AutoReseed and a spare (004 §4, Table 4, Table 5; Storage Design!C197 = 44 without the spare); 720 a DAG, 10,080 in the environment", () => {
    const inputs = REFERENCE_PRESETS["dellemc-2016"].inputs;
    const [live, native] = both(referenceDesign({ inputs }));
    expect(live).toMatchObject({ disksPerServer: 45, disk: '8TB 7.2K NL-SAS 3.5"', databaseLogDisks: 42, databasesPerVolume: 2, otherDisks: 3, autoReseedDisks: 1, spareDisks: 1, dagDisks: 720, environmentDisks: 10_080 });
    // Volume Requirements!I123 for 2 databases: 4,574.4 GB; Storage Design!C46: 8,000 GB raw formats to 7,450.6 GB.
    expect([Math.round((live.volumeGB as number) * 10) / 10, Math.round((live.formattedGB as number) * 10) / 10]).toEqual([4574.4, 7450.6]);
    expect(native).toEqual(live);
    expect(live).toEqual(expected(inputs));
  });

  test("a design with no server disks says why: Dell's process, a disk too small", () => {
    const p = REFERENCE_PRESETS["dellemc-2016"].inputs;
    const cases: [Partial<WorkbookInputs>, RegExp][] = [
      [{}, /^Server disks: none: Dell's process puts the databases on the arrays above$/],
      [{ ...p, serverDisk: '1TB 7.2K RPM SAS 3.5"' }, /^Server disks: none: a volume of the databases does not fit a 1TB 7.2K RPM SAS 3.5" disk's space or I\/O/],
    ];
    for (const [given, reason] of cases) {
      const inputs = { ...REFERENCE_DESIGN_INPUTS, ...given } as WorkbookInputs;
      const [live, native] = both(referenceDesign({ inputs }));
      expect(words(evaluateWorkbook(withoutDistribution(referenceDesign({ inputs }))))[0]).toMatch(reason);
      expect(native).toEqual(live);
      expect(live).toEqual(expected(inputs));
    }
  });

  test("the README's RAID example: 7,600 mailboxes (150 messages of 150 KB, 2 GB), 2 copies on 2 servers of 600 GB 10K disks — RAID-5 on 66, a RAID-5 restore on 6, 73 a server, 146 a DAG (Storage Design!C165 66, E165 6, C194 72; tests/fixtures/microsoft-calculator-raid.json r03), the title and labels saying RAID-5", () => {
    const inputs = { ...REFERENCE_DESIGN_INPUTS, method: "microsoft", exchangeVersion: 2016, users: 7600, messagesPerDay: 150, messageKB: 150, quotaMB: 2048, copies: 2, serversSite1: 2, serversSite2: "", serverDisk: '600GB 10K RPM SAS 2.5"', spareDisks: 1 } as WorkbookInputs;
    const model = referenceDesign({ inputs });
    const live = evaluateWorkbook(withoutDistribution(model));
    const native = evaluateWorkbook(withoutDistribution(nativeModel(model)));
    expect(block(live)).toMatchObject({ disksPerServer: 73, dagDisks: 146, databaseLogDisks: 66, databasesPerVolume: "1 database a volume", otherDisks: 7, restore: expect.stringMatching(/^6 restore in RAID-5, [\d,]+ GB$/), autoReseedDisks: "no AutoReseed (JBOD only)", spareDisks: 1 });
    expect(block(live)).toEqual(expected(inputs));
    expect(block(native)).toEqual(block(live));
    expect(words(live)).toEqual(["Server disks (RAID-5, Microsoft's method)", "Database and log disks (RAID-5)", "Restore and spare disks"]);
    expect(words(native)).toEqual(words(live));
  });

  test(`a disk typed as "SIZE GB TYPE" (the CLI's --disk '600 GB 10K RPM SAS 2.5"') is the Hardware sheet's row of that disk: a design, its disks shown`, () => {
    const inputs = { ...REFERENCE_DESIGN_INPUTS, method: "microsoft", exchangeVersion: 2016, users: 7600, messagesPerDay: 150, messageKB: 150, quotaMB: 2048, copies: 2, serversSite1: 2, serversSite2: "", serverDisk: '600 GB 10K RPM SAS 2.5"', spareDisks: 1 } as WorkbookInputs;
    const values = evaluateWorkbook(withoutDistribution(referenceDesign({ inputs })));
    // A design that builds; its 34 cores a server pass the 24 Microsoft's 2019 Preferred Architecture ("Commodity servers") gives for 2016: a warning.
    expect(values[sheets.inputs][DESIGN_CHECK_CELL.inputs]).toMatch(/^Warning: a server needs 34 cores, more than the 24 cores recommended for Exchange 2016/);
    expect(block(values)).toMatchObject({ disksPerServer: 73, disk: '600GB 10K RPM SAS 2.5"', dagDisks: 146 });
  });

  test("JBOD says so: dellemc-2016's heading and labels; a design with none says why in its heading, its labels blank", () => {
    const p = REFERENCE_PRESETS["dellemc-2016"].inputs;
    expect(words(evaluateWorkbook(withoutDistribution(referenceDesign({ inputs: p }))))).toEqual(["Server disks (JBOD, Microsoft's method)", "Database and log disks", "Restore, AutoReseed and spare disks"]);
    expect(words(evaluateWorkbook(withoutDistribution(referenceDesign({ inputs: REFERENCE_DESIGN_INPUTS }))))).toEqual(["Server disks: none: Dell's process puts the databases on the arrays above", "", ""]);
  });

  test("the calculator's RAID (3 copies on 8 + 8 servers; 2 of 4 lagged): RAID disks, live = native = sizeDesign, no parity RAID on 7.2K disks", () => {
    const p = REFERENCE_PRESETS["dellemc-2016"].inputs;
    for (const given of [{ copies: 3 }, { laggedCopies: 2 }]) {
      const inputs = { ...p, ...given } as WorkbookInputs;
      const [live, native] = both(referenceDesign({ inputs }));
      expect(sizeDesign(inputs).raidServerDisks?.databaseLogRaid).toBe("RAID-1/0");
      expect(live).toEqual(expected(inputs));
      expect(native).toEqual(live);
    }
  });

  // Microsoft-method DAGs of 3 to 5 copies (0 to 2 lagged), one or two sites, every catalogue disk, any databases a volume.
  const designs: fc.Arbitrary<WorkbookInputs> = fc
    .record({
      users: fc.integer({ min: 1000, max: 20_000 }),
      quotaMB: fc.constantFrom(2048, 10_240, 20_480),
      archiveMB: fc.constantFrom(0, 51_200),
      messagesPerDay: fc.constantFrom(100, 150, 200),
      copies: fc.integer({ min: 3, max: 5 }),
      laggedCopies: fc.integer({ min: 0, max: 2 }),
      serversSite1: fc.integer({ min: 3, max: 10 }),
      serversSite2: fc.oneof(fc.constant("" as const), fc.integer({ min: 3, max: 10 })),
      serverDisk: fc.constantFrom(...JBOD_CATALOGUE.map((d) => d.name)),
      databasesPerVolume: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 4 })),
      autoReseedDisks: fc.integer({ min: 0, max: 2 }),
      spareDisks: fc.integer({ min: 0, max: 2 }),
      dags: fc.integer({ min: 0, max: 5 }),
    })
    .map(({ dags, ...r }) => ({ ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016, maxDatabaseGB: 2048, ...r, environmentUsers: dags === 0 ? ("" as const) : dags * r.users }) as WorkbookInputs)
    .filter((inputs) => {
      if (designProblems(inputs).length > 0) return false;
      try {
        sizeDesign(inputs);
        return true;
      } catch {
        return false;
      }
    });

  test("random Microsoft-method DAGs: the block equals sizeDesign's server disks, live and native", () => {
    fc.assert(
      fc.property(designs, (inputs) => {
        const [live, native] = both(referenceDesign({ inputs }));
        expect(live).toEqual(expected(inputs));
        expect(native).toEqual(live);
      }),
      { numRuns: Number(process.env.RUNS ?? 10) },
    );
  });
});

describe("the Summary's RAID server disks are sizeDesign's raidServerDisks, live and in the customer copy", () => {
  // Microsoft-method designs the calculator puts on RAID: 1 or 2 copies, or 3-4 with lagged copies; every disk of its table (RAID-5 on 10K and 15K).
  const types = ['10K RPM SAS 2.5"', '15K RPM SAS 2.5"', '10K RPM FC/SCSI/SAS 3.5"', '7.2K RPM SAS 3.5"', '5.4K RPM SATA 2.5"'];
  const designs: fc.Arbitrary<WorkbookInputs> = fc
    .record({
      users: fc.integer({ min: 500, max: 20_000 }),
      quotaMB: fc.constantFrom(1024, 2048, 10_240),
      archiveMB: fc.constantFrom(0, 10_240),
      messagesPerDay: fc.constantFrom(50, 150, 300, 500),
      messageKB: fc.constantFrom(75, 150),
      copies: fc.integer({ min: 2, max: 4 }),
      laggedCopies: fc.integer({ min: 0, max: 2 }),
      serversSite1: fc.integer({ min: 2, max: 6 }),
      serversSite2: fc.oneof(fc.constant("" as const), fc.integer({ min: 2, max: 6 })),
      serverDisk: fc.tuple(fc.constantFrom(300, 600, 900, 1200, 2000, 4000, 8000), fc.constantFrom(...types)).map(([gb, type]) => jbodDisk(`${gb} GB ${type}`).name),
      spareDisks: fc.integer({ min: 0, max: 2 }),
      dags: fc.integer({ min: 0, max: 3 }),
    })
    .map(({ dags, ...r }) => ({ ...REFERENCE_DESIGN_INPUTS, method: "microsoft", exchangeVersion: 2016, maxDatabaseGB: 2048, ...r, laggedCopies: r.copies >= 3 ? Math.min(r.laggedCopies, r.copies - 1) : 0, environmentUsers: dags === 0 ? ("" as const) : dags * r.users }) as WorkbookInputs)
    .filter((inputs) => {
      if (designProblems(inputs).length > 0) return false;
      try {
        return sizeDesign(inputs).raidServerDisks !== undefined;
      } catch {
        return false;
      }
    });

  test("random RAID designs: the block equals sizeDesign's raidServerDisks, live and native; the heading names the level", () => {
    const levels = new Set<string>();
    fc.assert(
      fc.property(designs, (inputs) => {
        const model = referenceDesign({ inputs });
        const live = evaluateWorkbook(withoutDistribution(model));
        const native = evaluateWorkbook(withoutDistribution(nativeModel(model)));
        const level = sizeDesign(inputs).raidServerDisks!.databaseLogRaid;
        levels.add(level);
        expect(block(live)).toEqual(expected(inputs));
        expect(block(native)).toEqual(block(live));
        expect(words(live)[0]).toBe(`Server disks (${level}, Microsoft's method)`);
      }),
      { numRuns: Number(process.env.RUNS ?? 25) },
    );
    expect(levels).toEqual(new Set(["RAID-1/0", "RAID-5"]));
  });
});

describe("the user's own server disk, on the Hardware sheet", () => {
  const preset = REFERENCE_PRESETS["dellemc-2016"].inputs;
  const own = { name: "16TB 7.2K NL-SAS", rawGB: 16_000, iops: 60 };
  const row = HARDWARE_CELLS.ownServerDiskRow(0);
  const withOwnDisk = (model: WorkbookModel) =>
    withInputs(
      withCellValues(model, [
        { sheet: sheets.hardware, address: `A${row}`, value: own.name },
        { sheet: sheets.hardware, address: `B${row}`, value: own.rawGB },
        { sheet: sheets.hardware, address: `C${row}`, value: own.iops },
      ]),
      { ServerDisk: own.name },
    );

  test("named on Inputs, the Summary sizes it (live = native), and a workbook's reading (export --from, the pane's export) sizes the same disk", () => {
    const model = withOwnDisk(referenceDesign({ inputs: { ...preset, databasesPerVolume: 0 } }));
    const [live, native] = both(model);
    expect(native).toEqual(live);
    expect(live.disk).toBe(own.name);
    // 16,000 GB raw formats to 14,901.2 GB; at 60 IOPS a volume may hold up to the copies (4) if they fit.
    expect(Math.round((live.formattedGB as number) * 10) / 10).toBe(14_901.2);
    const values = evaluateWorkbook(withoutDistribution(model));
    expect(values[sheets.inputs][DESIGN_CHECK_CELL.inputs]).toMatch(/^OK:/);
    const inputs = Object.fromEntries(INPUT_ROWS.map((r) => [r.key, (values[sheets.inputs][r.cell] ?? null) as CellInput]));
    const serverDisks: CellRows = Array.from({ length: JBOD_CATALOGUE.length + 6 }, (_, i) => {
      const r = HARDWARE_CELLS.serverDiskRow(i);
      return ["A", "B", "C"].map((c) => (values[sheets.hardware][`${c}${r}`] ?? null) as CellInput);
    });
    const read = designFromCells({ inputs, serverDisks }, { input: (k) => k, range: (name, r) => `${name} row ${r}` });
    if (!read.ok) throw new Error(read.problems.join("; "));
    expect(read.design.serverDisks).toMatchObject({ disk: { name: own.name, rawGB: own.rawGB, iops: own.iops }, disksPerServer: live.disksPerServer, databasesPerVolume: live.databasesPerVolume });
  });

  test("a disk the Hardware sheet does not list, and a count past its rule, are not a design (the Design check, from its helper cell)", () => {
    const model = referenceDesign({ inputs: preset });
    for (const [name, value, message] of [
      ["ServerDisk", "16TB 7.2K NL-SAS", /^Not a design: Server disk: serverDisk must be a server disk of the Hardware sheet's table\.$/],
      ["DatabasesPerVolume", 101, /^Not a design: Databases a disk's volume: databasesPerVolume must be a whole number from 0 to 100\.$/],
      ["SpareDisks", 1.5, /^Not a design: Hot spare disks a server: spareDisks must be a whole number from 0 to 100\.$/],
    ] as const) {
      const values = evaluateWorkbook(withoutDistribution(withInputs(model, { [name]: value })));
      expect(values[sheets.inputs][DESIGN_CHECK_CELL.inputs]).toMatch(message);
    }
  });
});
