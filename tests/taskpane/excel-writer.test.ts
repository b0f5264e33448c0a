/**
 * The taskpane's Excel writer against the in-memory Excel host: what it writes is the model, cell by
 * cell, and the same as the CLI's file writer; it takes two syncs however large the model; it never
 * touches a sheet or name the user already has.
 */
import ExcelJS from "exceljs";
import { writeXlsx } from "../../src/cli/xlsx-writer";
import { EX_DBSIZE, EX_IOPS, EX_LOGVOL } from "../../src/functions";
import { REFERENCE_DESIGN_INPUTS, sizeDesign } from "../../src/engine/design";
import { cellBlocks, characterWidthToPoints, chooseFreeSuffix, DesignLoadError, writeDesign, type DesignBuilder } from "../../src/taskpane/excel-writer";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import type { CellModel, InputRule, WorkbookModel } from "../../src/workbook/model";
import { DESIGN_CELLS, INPUT_CELLS, referenceDesign, sheetReference } from "../../src/workbook/template";
import { FakeExcelHost, type FakeRequestContext } from "../support/fake-excel";
import { cellsOfCliFile, cellsOfHost, cellsOfModel, engineCalculation } from "../support/fake-excel-file";
import { templateSheetNames } from "../../src/workbook/template";
import { WORKBOOK_MS } from "../support/timeouts";

// Writes designs into the fake Excel host and into .xlsx files, and recalculates them: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

/** The template's sheets, in order, for a suffix. */
const templateSheetList = (suffix: string): string[] => Object.values(templateSheetNames(suffix));

const reference: DesignBuilder = (suffix) => referenceDesign({ suffix });

let uninstall: () => void = () => undefined;
afterEach(() => uninstall());

function hostWith(options: ConstructorParameters<typeof FakeExcelHost>[0] = {}): FakeExcelHost {
  const host = FakeExcelHost.withBlankSheet(options);
  uninstall = host.install();
  return host;
}

const load = (host: FakeExcelHost, build: DesignBuilder = reference) =>
  host.run((context: FakeRequestContext) => writeDesign(context as unknown as Excel.RequestContext, build));

/** Every cell of the model is in the host as the model has it, and the sheet holds nothing else. */
function expectHostHoldsModel(host: FakeExcelHost, model: WorkbookModel): void {
  for (const sheet of model.sheets) {
    const written = host.workbook.sheet(sheet.name);
    expect(written).toBeDefined();
    expect(written!.cells.size).toBe(sheet.cells.length);
    for (const cell of sheet.cells) {
      const got = written!.cell(cell.address);
      const where = `${sheet.name}!${cell.address}`;
      expect({ where, formula: got?.formula, value: cell.formula === undefined ? got?.value : undefined, numberFormat: got?.numberFormat }).toEqual({
        where,
        formula: cell.formula,
        // An input cell left empty for the user reads "" in Excel.
        value: cell.formula === undefined ? (cell.value ?? "") : undefined,
        numberFormat: cell.numberFormat ?? "General",
      });
    }
  }
  for (const name of model.names) {
    expect(host.workbook.name(name.name)).toEqual({
      name: name.name,
      formula: `=${sheetReference(name.sheet)}!${name.range}`,
      comment: name.comment ?? "",
    });
  }
}

describe("loading the reference design", () => {
  test("writes the model's cells, formulas, number formats and names, in two syncs", async () => {
    const host = hostWith();
    const report = await load(host);
    const model = referenceDesign();

    expectHostHoldsModel(host, model);
    expect(report).toMatchObject({ suffix: "", sheetNames: templateSheetList(""), syncs: 2, chartsAdded: 3 }); // the Design sheet's capacity chart and the Summary's two
    expect(report.cellsWritten).toBe(model.sheets.reduce((n, s) => n + s.cells.length, 0));
    expect(host.syncCount).toBe(2);
    expect(host.unsyncedOperations).toBe(0);
    // One formulas write (and at most one numberFormat write) per block of rows, not one per cell.
    const blocks = model.sheets.reduce((n, s) => n + cellBlocks(s.cells).length, 0);
    expect(host.rangeWrites.get("formulas")).toBe(blocks);
    expect(host.rangeWrites.get("numberFormat")).toBeLessThanOrEqual(blocks);
    expect(blocks).toBeLessThan(report.cellsWritten / 10);
    // Commands grow with runs of like cells (blocks, styles, rules, fonts), never one per cell.
    expect(host.operationsPerSync[1]).toBeLessThan(report.cellsWritten * 0.75);
  });

  test("writes EXSIZE formulas as a user types them, namespace included", async () => {
    const host = hostWith();
    await load(host);
    const formulas = [...host.workbook.sheet("Design")!.cells.values()].map((c) => c.formula).filter(Boolean) as string[];
    expect(formulas.some((f) => f.includes("EXSIZE.EX_DBSIZE("))).toBe(true);
    expect(formulas.every((f) => f.startsWith("="))).toBe(true);
  });

  test("styles inputs (yellow fill, blue font), freezes rows, sizes columns and draws the chart", async () => {
    const host = hostWith();
    await load(host);
    const model = referenceDesign();
    const inputs = host.workbook.sheet("Inputs")!;
    expect(inputs.cell(INPUT_CELLS.users)).toMatchObject({ fillColor: "#FFF2CC", fontColor: "#0000FF" });
    for (const sheet of model.sheets) {
      const written = host.workbook.sheet(sheet.name)!;
      expect(written.frozenRows).toBe(sheet.frozenRows ?? 0);
      (sheet.columnWidths ?? []).forEach((w, i) => expect(written.columnWidths.get(i)).toBe(characterWidthToPoints(w)));
    }
    const [chart] = model.charts;
    expect(host.workbook.sheet(chart.sheet)!.charts).toEqual([
      expect.objectContaining({ title: chart.title, source: `${chart.sheet}!${chart.source}`, seriesBy: "Columns", from: chart.from, to: chart.to }),
    ]);
    expect(host.workbook.activeSheet).toBe(model.sheets[0].name);
  });

  test("writes the same cells, formulas, number formats and names as the CLI's file writer", async () => {
    const host = hostWith();
    await load(host);
    const model = referenceDesign();
    const sheetNames = model.sheets.map((s) => s.name);
    const fromPane = cellsOfHost(host.workbook, sheetNames);
    expect(fromPane).toEqual(await cellsOfCliFile(model));
    expect(fromPane).toEqual(cellsOfModel(model));

    const file = new ExcelJS.Workbook();
    await file.xlsx.load(Buffer.from(await writeXlsx(model, evaluateWorkbook(model))) as unknown as ExcelJS.Buffer);
    const fileNames = file.definedNames.model.map((n) => ({ name: n.name, ranges: n.ranges }));
    const paneNames = host.workbook.names.map((n) => ({ name: n.name, ranges: [n.formula.slice(1)] }));
    expect(paneNames.sort((a, b) => a.name.localeCompare(b.name))).toEqual(fileNames.sort((a, b) => a.name.localeCompare(b.name)));
  });
});

describe("round trips", () => {
  /** A synthetic model: `rows` × 10 cells on each of three sheets, every 10th a formula. */
  function syntheticModel(rows: number): DesignBuilder {
    return (suffix) => ({
      sheets: ["Big A", "Big B", "Big C"].map((name) => ({
        name: name + suffix,
        frozenRows: 1,
        columnWidths: [12, 30],
        cells: Array.from({ length: rows * 10 }, (_, i) => {
          const address = `${String.fromCharCode(65 + (i % 10))}${Math.floor(i / 10) + 1}`;
          return i % 10 === 9
            ? { address, formula: `=SUM(A${Math.floor(i / 10) + 1}:I${Math.floor(i / 10) + 1})`, numberFormat: '#,##0 "GB"', role: "output" as const }
            : { address, value: i, role: i % 10 === 0 ? ("input" as const) : undefined };
        }),
      })),
      names: [{ name: `First${suffix.trim()}`, sheet: "Big A" + suffix, range: "$A$1" }],
      charts: [{ sheet: "Big A" + suffix, title: "t", type: "columnStacked", source: "A1:C4", from: "L2", to: "S20" }],
    });
  }

  /** `sheets` sheets of `rows` rows, each with input rules (every kind), highlights, page setup, hidden gridlines and a font. */
  function decoratedModel(sheets: number, rows: number): DesignBuilder {
    const kinds: InputRule[] = [
      { kind: "whole", min: 1, max: 100_000, allowBlank: false, prompt: "Users", error: "Too many users" },
      { kind: "decimal", min: 0, max: 1e7, aboveMin: true, allowBlank: false, prompt: "Quota", error: "Above 0" },
      { kind: "list", values: ["RAID10", "RAID50"], allowBlank: true, prompt: "RAID", error: "Pick one" },
    ];
    return (suffix) => ({
      title: "Many sheets",
      font: { name: "Arial", size: 10 },
      sheets: Array.from({ length: sheets }, (_, n) => ({
        name: `Sheet ${n + 1}${suffix}`,
        gridlines: n % 2 === 0,
        print: { orientation: n % 2 ? "landscape" : "portrait", fitToPagesTall: n % 3, titleRows: "1:2" },
        highlights: [
          { range: `C1:C${rows}`, text: "FAIL", tone: "bad" as const },
          { range: `C1:C${rows}`, text: "PASS", tone: "good" as const },
        ],
        cells: Array.from({ length: rows }, (_, r): CellModel[] => [
          { address: `A${r + 1}`, value: `Input ${r + 1}`, role: "label" },
          { address: `B${r + 1}`, value: r % 3 === 2 ? "RAID10" : r + 1, role: "input", rule: kinds[r % 3] },
          { address: `C${r + 1}`, value: r % 2 ? "PASS" : "FAIL", role: "output" },
        ]).flat(),
      })),
      names: [],
      charts: [],
    });
  }

  test.each([
    ["the reference design", 2, reference],
    ["a synthetic model of 300 cells", 2, syntheticModel(10)],
    ["a synthetic model of 30,000 cells", 2, syntheticModel(1_000)],
    ["40 sheets with input rules, highlights and page setup", 2, decoratedModel(40, 30)],
  ])("loading %s takes %i syncs", async (_what, syncs, build) => {
    const host = hostWith();
    const report = await load(host, build);
    expect(report.syncs).toBe(syncs);
    expect(host.syncCount).toBe(syncs);
    expectHostHoldsModel(host, build(""));
  });

  test("40 decorated sheets: every rule, highlight and page setup is in the host after those two syncs", async () => {
    const host = hostWith();
    const build = decoratedModel(40, 30);
    const report = await load(host, build);
    expect(report.skipped).toEqual([]);
    for (const sheet of build("").sheets) {
      const written = host.workbook.sheet(sheet.name)!;
      expect(written.dataValidations.size).toBe(sheet.cells.filter((c) => c.rule).length);
      expect(written.conditionalFormats.map((f) => f.textComparison?.rule?.text)).toEqual(["FAIL", "PASS"]);
      expect(written.pageLayout).toMatchObject({ zoom: { horizontalFitToPages: 1, verticalFitToPages: sheet.print!.fitToPagesTall }, printTitleRows: "$1:$2" });
      expect(written.showGridlines).toBe(sheet.gridlines);
    }
  });
});

describe("no data loss: loading into a workbook that already has the design's sheets and names", () => {
  async function userWorkbook(): Promise<FakeExcelHost> {
    const host = hostWith();
    // The user's own sheets with the template's names, and names the template also defines.
    await host.run(async (context) => {
      for (const name of templateSheetList("")) {
        const sheet = context.workbook.worksheets.add(name);
        const range = sheet.getRange("A1:C2");
        range.formulas = [["mine", 42, "=B1*2"], [true, "", "'007"]];
        range.numberFormat = [["General", "0.00", "0%"], [null as unknown as string, "@", "General"]];
        range.format.fill.color = "#FF0000";
        sheet.getRange("B:B").format.columnWidth = 99;
        sheet.freezePanes.freezeRows(2);
      }
      context.workbook.names.add("Users", "=Inputs!$B$1", "the user's own");
      context.workbook.names.add("Copies", "=Design!$A$1:$C$2");
      await context.sync();
    });
    host.resetCounters();
    return host;
  }

  test("keeps the user's sheets and names byte for byte and uses the next free suffix", async () => {
    const host = await userWorkbook();
    const before = ["Sheet1", ...templateSheetList("")].map((s) => host.workbook.snapshot(s));
    const namesBefore = JSON.stringify(host.workbook.names);

    const report = await load(host);

    expect(report.suffix).toBe(" 2");
    expect(report.sheetNames).toEqual(templateSheetList(" 2"));
    expect(["Sheet1", ...templateSheetList("")].map((s) => host.workbook.snapshot(s))).toEqual(before);
    expect(JSON.stringify(host.workbook.names.slice(0, 2))).toBe(namesBefore);
    expectHostHoldsModel(host, referenceDesign({ suffix: " 2" }));
    expect(host.syncCount).toBe(2);
  });

  test("a third load goes to ' 3' and leaves both earlier copies as they were", async () => {
    const host = await userWorkbook();
    await load(host);
    const second = templateSheetList(" 2").map((s) => host.workbook.snapshot(s));
    const report = await load(host);
    expect(report.sheetNames).toEqual(templateSheetList(" 3"));
    expect(templateSheetList(" 2").map((s) => host.workbook.snapshot(s))).toEqual(second);
  });

  test("sheet names clash case-insensitively, as in Excel", () => {
    expect(chooseFreeSuffix(["DESIGN"], [], reference).suffix).toBe(" 2");
  });

  test("a defined name alone is enough to move to the next suffix", () => {
    expect(chooseFreeSuffix(["Sheet1"], ["copies"], reference).suffix).toBe(" 2");
    expect(chooseFreeSuffix(["Sheet1"], ["Users_2"], reference).suffix).toBe("");
  });
});

describe("when Excel cannot take the design", () => {
  test("an Excel without ExcelApi 1.4 gets a plain message and nothing is written", async () => {
    const host = hostWith({ excelApi: "1.3" });
    const before = host.workbook.snapshot("Sheet1");
    await expect(load(host)).rejects.toThrow(DesignLoadError);
    await expect(load(host)).rejects.toThrow(/needs Excel JavaScript API 1\.4/);
    expect(host.syncCount).toBe(0);
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
    expect(host.workbook.snapshot("Sheet1")).toBe(before);
  });

  test("without ExcelApi 1.7 the design loads without frozen rows", async () => {
    const host = hostWith({ excelApi: "1.6" });
    const report = await load(host);
    expect(report.frozePanes).toBe(false);
    expect(host.workbook.sheet("Design")!.frozenRows).toBe(0);
    expectHostHoldsModel(host, referenceDesign());
  });
});

describe("the live design in the host recalculates like Excel with the add-in", () => {
  // 000_72e1ddb9bbd1ecac.txt, Tables 18-19 and 3.4.2: 1,266 GB volumes, 48 GB logs, 900 and 378 IOPS.
  test("the reference design shows the paper's numbers", async () => {
    const host = hostWith({ calculate: engineCalculation });
    await load(host);
    const design = host.workbook.sheet("Design")!;
    expect(design.cell(DESIGN_CELLS.provisionedDatabaseVolumeGB)!.value).toBe(1266); // Table 18
    expect(design.cell(DESIGN_CELLS.provisionedLogVolumeGB)!.value).toBe(48); // Table 19
    expect(design.cell(DESIGN_CELLS.dellDatabaseIops)!.value).toBeCloseTo(900, 9); // 3.4.2
    expect(design.cell(DESIGN_CELLS.logIops)!.value).toBeCloseTo(378, 9); // 3.4.2
  });

  test("changing Users on the Inputs sheet moves the outputs to what the functions compute", async () => {
    const host = hostWith({ calculate: engineCalculation });
    await load(host);
    await host.run(async (context) => {
      context.workbook.worksheets.getItem("Inputs").getRange(INPUT_CELLS.users).values = [[7500]];
      await context.sync();
    });
    const design = host.workbook.sheet("Design")!;
    // Table 18's count, then balanced over the two servers: the design's databases, as sizeDesign deploys them.
    const sized = sizeDesign({ ...REFERENCE_DESIGN_INPUTS, users: 7500 });
    expect(design.cell(DESIGN_CELLS.databaseCount)!.value).toBe(EX_DBSIZE(7500, 2048, 150, 75, 1024, "count"));
    expect(design.cell(DESIGN_CELLS.databasesDeployed)!.value).toBe(sized.databases);
    expect(design.cell(DESIGN_CELLS.provisionedDatabaseVolumeGB)!.value).toBe(sized.databaseVolumeGB);
    expect(design.cell(DESIGN_CELLS.provisionedLogVolumeGB)!.value).toBe(EX_LOGVOL(7500, 150, 75, sized.databases));
    expect(design.cell(DESIGN_CELLS.dellDatabaseIops)!.value).toBe(EX_IOPS(7500, 150, 2));
    expect(design.cell(DESIGN_CELLS.dellDatabaseIops)!.value).not.toBeCloseTo(900, 3);
  });
});
