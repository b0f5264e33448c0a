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
