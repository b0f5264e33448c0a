/**
 * One number style on the Inputs sheet: an input's own format groups thousands ("2,048 MB"),
 * and a decimal format — a conditional format, ROUND(cell,6)<>ROUND(cell,0) — shows the decimals a person
 * typed ("2,048.5 MB"). Both writers write it alike: the CLI's file as an expression rule whose dxf is
 * the number format, the pane as a Custom conditional format with format.numberFormat (ExcelApi 1.6).
 * tests/libreoffice/input-numbers.test.ts reads the result as LibreOffice prints it.
 */
import { strFromU8, unzipSync } from "fflate";
import { writeXlsx } from "../../src/cli/xlsx-writer";
import { writeDesign } from "../../src/taskpane/excel-writer";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import type { WorkbookModel } from "../../src/workbook/model";
import { typedDecimalFormats } from "../../src/workbook/sheets/shared";
import { decimalCondition } from "../../src/workbook/styles";
import { referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { FakeExcelHost, type FakeRequestContext } from "../support/fake-excel";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

const inputsOf = (model: WorkbookModel) => model.sheets.find((s) => s.name === templateSheetNames().inputs)!;

/** Rows of `range` ("B6:B9" or "B6") in column order. */
function cellsOf(range: string): string[] {
  const [first, last = first] = range.split(":");
  const column = first.replace(/\d+$/, "");
  const from = Number(first.slice(column.length));
  const to = Number(last.slice(column.length));
  return Array.from({ length: to - from + 1 }, (_, i) => `${column}${from + i}`);
}

test("every number input on the Inputs sheet groups thousands or is a ratio; each with a unit keeps its typed decimals", () => {
  const sheet = inputsOf(referenceDesign());
  const covered = new Map((sheet.decimalFormats ?? []).flatMap((f) => cellsOf(f.range).map((address) => [address, f.numberFormat] as const)));
  const numeric = sheet.cells.filter((c) => c.role === "input" && c.rule && (c.rule.kind === "whole" || c.rule.kind === "decimal"));
  expect(numeric.length).toBeGreaterThan(30);
  for (const cell of numeric) {
    const f = cell.numberFormat ?? "";
    // General shows 2048 without its separator: no input is General-based.
    expect({ cell: cell.address, format: f }).toEqual({ cell: cell.address, format: expect.not.stringMatching(/General/) });
    const unit = /^#,##0" (.+)"$/.exec(f)?.[1];
    if (unit !== undefined) expect({ cell: cell.address, decimals: covered.get(cell.address) }).toEqual({ cell: cell.address, decimals: `#,##0.######" ${unit}"` });
  }
  // The quota, the message size, the tiers' quotas: all covered.
  expect(covered.size).toBeGreaterThanOrEqual(15);
});

test("runs of cells in one column and unit are one rectangle; another unit or a gap starts another", () => {
  const input = (address: string, unit: string) => ({ address, numberFormat: `#,##0" ${unit}"`, role: "input" as const });
  expect(typedDecimalFormats([input("B7", "MB"), input("B6", "MB"), input("B8", "KB"), input("B10", "KB"), input("C6", "MB"), { address: "B9", numberFormat: '#,##0" KB"' }])).toEqual([
    { range: "B6:B7", numberFormat: '#,##0.######" MB"' },
    { range: "B8", numberFormat: '#,##0.######" KB"' },
    { range: "B10", numberFormat: '#,##0.######" KB"' },
    { range: "C6", numberFormat: '#,##0.######" MB"' },
  ]);
});

test("the condition: decimals to six places, relative to the range's first cell; a range that is not one rectangle is refused", () => {
  expect(decimalCondition({ range: "B6:B9", numberFormat: "0.0" }, "Inputs")).toBe("ROUND(B6,6)<>ROUND(B6,0)");
  expect(() => decimalCondition({ range: "B6:B9,C6", numberFormat: "0.0" }, "Inputs")).toThrow(/Inputs!B6:B9,C6: its range must be one rectangle/);
  expect(() => decimalCondition({ range: "B6", numberFormat: "" }, "Inputs")).toThrow(/number format must be 1 to 255 characters/);
});

describe("both writers write the Inputs sheet's decimal formats", () => {
  const model = referenceDesign();
  const expected = inputsOf(model).decimalFormats!.map((f) => ({ range: f.range, formula: `ROUND(${f.range.split(":")[0]},6)<>ROUND(${f.range.split(":")[0]},0)`, numberFormat: f.numberFormat }));

  test("the CLI's file: an expression rule whose dxf holds the number format", async () => {
    const files = unzipSync(await writeXlsx(model, evaluateWorkbook(model)));
    const dxfs = [...(/<dxfs[^>]*>(.*?)<\/dxfs>/s.exec(strFromU8(files["xl/styles.xml"]))?.[1] ?? "").matchAll(/<dxf>(.*?)<\/dxf>/gs)].map((m) => m[1]);
    const index = model.sheets.indexOf(inputsOf(model));
    const xml = strFromU8(files[`xl/worksheets/sheet${index + 1}.xml`]);
    const rules = [...xml.matchAll(/<conditionalFormatting sqref="([^"]+)"><cfRule type="expression" dxfId="(\d+)"[^>]*><formula>([^<]*)<\/formula>/g)].map((m) => ({
      range: m[1],
      formula: m[3].replace(/&lt;/g, "<").replace(/&gt;/g, ">"),
      numberFormat: (/<numFmt numFmtId="\d+" formatCode="([^"]*)"\/>/.exec(dxfs[Number(m[2])])?.[1] ?? "").replace(/&quot;/g, '"'),
    }));
    expect(rules).toEqual(expected);
  });

  test("the pane: a Custom conditional format with format.numberFormat, below the Design check's highlights", async () => {
    const host = FakeExcelHost.withBlankSheet();
    const uninstall = host.install();
    try {
      const report = await host.run((context: FakeRequestContext) => writeDesign(context as unknown as Excel.RequestContext, () => model));
      expect(report.skipped).toEqual([]);
      const sheet = host.workbook.sheet(inputsOf(model).name)!;
      const custom = sheet.conditionalFormats.filter((f) => f.type === "Custom");
      expect(custom.map((f) => ({ range: f.range, formula: f.custom!.rule!.formula.replace(/^=/, ""), numberFormat: f.custom!.numberFormat }))).toEqual(expected);
      // Index 0 is the top priority: the highlights first, as the file's priorities.
      expect(sheet.conditionalFormats.findIndex((f) => f.type === "Custom")).toBe(sheet.conditionalFormats.length - custom.length);
    } finally {
      uninstall();
    }
  });
});
