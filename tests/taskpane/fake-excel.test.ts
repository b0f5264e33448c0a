/**
 * The in-memory Excel host keeps Excel's rules, so tests that pass against it mean something:
 * properties need load + sync, writes wait for sync, shapes must match, null leaves a cell alone,
 * duplicates fail as Excel fails.
 */
import { FakeExcelHost, type FakeRequestContext } from "../support/fake-excel";

const run = <T>(host: FakeExcelHost, batch: (context: FakeRequestContext) => Promise<T>) => host.run(batch);

describe("the in-memory Excel host", () => {
  test("a property cannot be read before load() and sync(), as in Excel", async () => {
    const host = FakeExcelHost.withBlankSheet();
    await run(host, async (context) => {
      const sheet = context.workbook.worksheets.getItem("Sheet1");
      expect(() => sheet.name).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      sheet.load("name");
      expect(() => sheet.name).toThrow(/call the load method/);
      await context.sync();
      expect(sheet.name).toBe("Sheet1");
    });
    expect(host.syncCount).toBe(1);
  });

  test("writes are applied at sync, not before", async () => {
    const host = FakeExcelHost.withBlankSheet();
    await run(host, async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1").formulas = [[1, "=A1*2"]];
      expect(host.workbook.sheet("Sheet1")!.cells.size).toBe(0);
      await context.sync();
    });
    expect(host.workbook.sheet("Sheet1")!.cell("B1")).toMatchObject({ formula: "=A1*2" });
  });

  test("a 2-D array that does not match the range fails with InvalidArgument at sync", async () => {
    const host = FakeExcelHost.withBlankSheet();
    await expect(
      run(host, async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1:C2").formulas = [[1, 2, 3]];
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument", message: expect.stringContaining("doesn't match the size") });
  });

  test("null in an update leaves the cell as it is; text entry follows Excel's reading", async () => {
    const host = FakeExcelHost.withBlankSheet();
    await run(host, async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:D1");
      range.formulas = [["keep", "'007", "12", "TRUE"]];
      await context.sync();
      range.formulas = [[null as unknown as string, "x", null as unknown as string, null as unknown as string]];
      range.load("values");
      await context.sync();
      expect(range.values).toEqual([["keep", "x", 12, true]]);
    });
  });

  test("a second sheet or name of the same name (any case) fails with ItemAlreadyExists", async () => {
    const host = FakeExcelHost.withBlankSheet();
    await expect(
      run(host, async (context) => {
        context.workbook.worksheets.add("SHEET1");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "ItemAlreadyExists", message: "A resource with the same name or identifier already exists." });
    await run(host, async (context) => {
      context.workbook.names.add("Users", "=Sheet1!$A$1");
      await context.sync();
    });
    await expect(
      run(host, async (context) => {
        context.workbook.names.add("users", "=Sheet1!$B$1");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "ItemAlreadyExists" });
    await expect(
      run(host, async (context) => {
        context.workbook.names.add("B2", "=Sheet1!$B$1");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  test("collections load their items with the asked properties", async () => {
    const host = FakeExcelHost.withBlankSheet();
    await run(host, async (context) => {
      context.workbook.worksheets.add("Inputs 2");
      const sheets = context.workbook.worksheets.load("items/name");
      expect(() => sheets.items).toThrow(/not available/);
      await context.sync();
      expect(sheets.items.map((s) => s.name)).toEqual(["Sheet1", "Inputs 2"]);
    });
  });

  test("getFileAsync hands over the file in slices; createWorkbook needs ExcelApi 1.8", async () => {
    const bytes = Uint8Array.from({ length: 10 }, (_, i) => i);
    const host = new FakeExcelHost({ file: () => bytes });
    const got = await new Promise<number[]>((resolve) =>
      host.getFileAsync("compressed", { sliceSize: 4 }, (r: unknown) => {
        const file = (r as { value: { sliceCount: number; getSliceAsync: (i: number, cb: (s: { value: { data: number[] } }) => void) => void; closeAsync: (cb: () => void) => void } }).value;
        expect(file.sliceCount).toBe(3);
        const out: number[] = [];
        const next = (i: number) =>
          i === file.sliceCount ? file.closeAsync(() => resolve(out)) : file.getSliceAsync(i, (s) => (out.push(...s.value.data), next(i + 1)));
        next(0);
      }),
    );
    expect(got).toEqual([...bytes]);
    expect(host.openFileCount).toBe(0);
    await expect(new FakeExcelHost({ excelApi: "1.7" }).createWorkbook("AAAA")).rejects.toMatchObject({ code: "ApiNotFound" });
  });
});

/** Run one batch that queues `body` and syncs; the promise rejects as the sync does. */
const once = (host: FakeExcelHost, body: (context: FakeRequestContext) => void) =>
  run(host, async (context) => {
    body(context);
    await context.sync();
  });
const sheet1 = (context: FakeRequestContext) => context.workbook.worksheets.getItem("Sheet1");
const invalid = expect.objectContaining({ code: "InvalidArgument" });

describe("the in-memory Excel host: data validation, conditional formats, page layout, fonts", () => {
  test("data validation reads back as Excel gives it: formulas as string formulas, one type or Inconsistent", async () => {
    const host = FakeExcelHost.withBlankSheet();
    await run(host, async (context) => {
      const range = sheet1(context).getRange("B2:B3");
      expect(() => range.dataValidation.rule).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      range.dataValidation.rule = { wholeNumber: { operator: "Between", formula1: 1, formula2: "10" } };
      range.dataValidation.prompt = { showPrompt: true, title: "Users", message: "How many mailboxes" };
      range.dataValidation.errorAlert = { showAlert: true, style: "Stop", title: "Not a valid input", message: "1 to 10" };
      range.dataValidation.load("type,rule,prompt,errorAlert,ignoreBlanks");
      const wider = sheet1(context).getRange("B2:B4").dataValidation.load("type");
      await context.sync();
      expect(range.dataValidation.type).toBe("WholeNumber");
      expect(range.dataValidation.rule).toEqual({ wholeNumber: { operator: "Between", formula1: "=1", formula2: "=10" } });
      expect(range.dataValidation.prompt).toEqual({ showPrompt: true, title: "Users", message: "How many mailboxes" });
      expect(range.dataValidation.ignoreBlanks).toBe(true); // Excel's default
      expect(wider.type).toBe("Inconsistent");
    });
    expect(host.workbook.sheet("Sheet1")!.dataValidations.get("B3")).toMatchObject({ type: "WholeNumber", appliedTo: "B2:B3" });
  });

  test.each([
    ["two criteria at once", { rule: { wholeNumber: { operator: "Between", formula1: 1, formula2: 2 }, list: { inCellDropDown: true, source: "a,b" } } }],
    ["Between without formula2", { rule: { decimal: { operator: "Between", formula1: 1 } } }],
    ["an operator Excel does not have", { rule: { decimal: { operator: "Above", formula1: 1 } } }],
    ["a list source over 255 characters", { rule: { list: { inCellDropDown: true, source: "x,".repeat(128) } } }],
    ["a prompt title over 32 characters", { prompt: { showPrompt: true, title: "t".repeat(33), message: "" } }],
    ["an error message over 225 characters", { errorAlert: { showAlert: true, style: "Stop", title: "", message: "m".repeat(226) } }],
    ["an alert style Excel does not have", { errorAlert: { showAlert: true, style: "Error", title: "", message: "" } }],
  ])("data validation with %s fails with InvalidArgument", async (_what, set) => {
    const host = FakeExcelHost.withBlankSheet();
    await expect(once(host, (context) => Object.assign(sheet1(context).getRange("B2").dataValidation, set))).rejects.toEqual(invalid);
  });

  test.each([
    ["data validation", "1.7", (c: FakeRequestContext) => (sheet1(c).getRange("B2").dataValidation.rule = { custom: { formula: "=B2>0" } })],
    ["showGridlines", "1.7", (c: FakeRequestContext) => (sheet1(c).showGridlines = false)],
    ["conditional formats", "1.5", (c: FakeRequestContext) => sheet1(c).getRange("A1:A3").conditionalFormats.add("ContainsText")],
    ["freezePanes", "1.6", (c: FakeRequestContext) => sheet1(c).freezePanes.freezeRows(1)],
    ["pageLayout", "1.8", (c: FakeRequestContext) => (sheet1(c).pageLayout.orientation = "Landscape")],
    ["headers and footers", "1.8", (c: FakeRequestContext) => (sheet1(c).pageLayout.headersFooters.defaultForAllPages.rightHeader = "&A")],
  ])("%s on an Excel with only ExcelApi %s fails the sync with ApiNotFound", async (_what, excelApi, use) => {
    const host = FakeExcelHost.withBlankSheet({ excelApi });
    await expect(once(host, use)).rejects.toMatchObject({ code: "ApiNotFound" });
    const newer = FakeExcelHost.withBlankSheet({ excelApi: "1.9" });
    await expect(once(newer, use)).resolves.toBeUndefined();
  });

  test("a new conditional format goes to the top priority; its text rule and colours are checked", async () => {
    const host = FakeExcelHost.withBlankSheet();
    await run(host, async (context) => {
      const range = sheet1(context).getRange("C1:C9");
      for (const text of ["PASS", "FAIL"]) {
        const format = range.conditionalFormats.add("ContainsText").textComparison;
        format.format.fill.color = "#ffc7ce";
        format.rule = { operator: "Contains", text };
      }
      const items = sheet1(context).getRange("C5").conditionalFormats.load("items/type,items/priority");
      await context.sync();
      expect(items.items.map((f) => [f.type, f.priority])).toEqual([["ContainsText", 0], ["ContainsText", 1]]);
    });
    expect(host.workbook.sheet("Sheet1")!.conditionalFormats.map((f) => [f.range, f.textComparison])).toEqual([
      ["C1:C9", { fill: "#FFC7CE", rule: { operator: "Contains", text: "FAIL" } }],
      ["C1:C9", { fill: "#FFC7CE", rule: { operator: "Contains", text: "PASS" } }],
    ]);
    await expect(once(host, (c) => (sheet1(c).getRange("C1").conditionalFormats.add("ContainsText").textComparison.rule = { operator: "Has", text: "x" }))).rejects.toEqual(invalid);
    await expect(once(host, (c) => (sheet1(c).getRange("C1").conditionalFormats.add("ContainsText").textComparison.format.font.color = "dark red"))).rejects.toEqual(invalid);
    await expect(once(host, (c) => sheet1(c).getRange("C1").conditionalFormats.add("Contains"))).rejects.toEqual(invalid);
  });

  test("page layout: zoom is set as a whole object, title rows are whole rows, margins read back in points", async () => {
    const host = FakeExcelHost.withBlankSheet();
    await run(host, async (context) => {
      const layout = sheet1(context).pageLayout;
      // "use x.zoom = {...} instead of x.zoom.scale = ...": the zoom is not there to change in place.
      expect(() => layout.zoom.scale).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      layout.zoom = { horizontalFitToPages: 1, verticalFitToPages: 0 };
      layout.setPrintMargins("Inches", { left: 0.5, right: 0.5 });
      layout.setPrintTitleRows("$1:$4");
      layout.load("zoom,leftMargin,topMargin");
      const titles = layout.getPrintTitleRowsOrNullObject().load("address");
      await context.sync();
      expect(layout.zoom).toEqual({ horizontalFitToPages: 1, verticalFitToPages: 0 });
      expect([layout.leftMargin, layout.topMargin]).toEqual([36, 54]);
      expect(titles.address).toBe("Sheet1!$1:$4");
    });
    await expect(once(host, (c) => c.workbook.worksheets.getItem("Sheet1").pageLayout.setPrintTitleRows("A1:B4"))).rejects.toEqual(invalid);
    await expect(once(host, (c) => (sheet1(c).pageLayout.zoom = { scale: 50, horizontalFitToPages: 1 }))).rejects.toEqual(invalid);
    await expect(once(host, (c) => (sheet1(c).pageLayout.orientation = "Sideways"))).rejects.toEqual(invalid);
    await expect(once(host, (c) => sheet1(c).pageLayout.setPrintMargins("Furlongs", { left: 1 }))).rejects.toEqual(invalid);
    await expect(once(host, (c) => (sheet1(c).pageLayout.headersFooters.defaultForAllPages.leftHeader = "h".repeat(256)))).rejects.toEqual(invalid);
  });

  test("a font name is written per cell and cannot be read without load; an empty name is refused", async () => {
    const host = FakeExcelHost.withBlankSheet();
    await run(host, async (context) => {
      const font = sheet1(context).getRange("A1:B1").format.font;
      expect(() => font.name).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
      font.name = "Liberation Sans";
      font.size = 10;
      await context.sync();
    });
    expect(host.workbook.sheet("Sheet1")!.cell("B1")).toMatchObject({ fontName: "Liberation Sans", fontSize: 10 });
    await expect(once(host, (c) => (sheet1(c).getRange("A1").format.font.name = ""))).rejects.toEqual(invalid);
  });
});
