/**
 * The Jetstress sheet prints a row for each of a DAG's 16 possible servers, so servers added
 * in the customer copy print; rows with no server yet are white, not yellow input cells. Both writers
 * write it alike: the CLI's file as an expression rule ($A5="") whose dxf is a white fill, the pane as a
 * Custom conditional format with format.fill.color.
 */
import { strFromU8, unzipSync } from "fflate";
import { writeXlsx } from "../../src/cli/xlsx-writer";
import { writeDesign } from "../../src/taskpane/excel-writer";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import type { WorkbookModel } from "../../src/workbook/model";
import { blankCondition } from "../../src/workbook/styles";
import { JETSTRESS_CELLS, referenceDesign } from "../../src/workbook/template";
import { FakeExcelHost, type FakeRequestContext } from "../support/fake-excel";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

const J = JETSTRESS_CELLS;
const jetstressOf = (model: WorkbookModel) => model.sheets.find((s) => s.name === "Jetstress")!;
const first = J.row(0);
const last = J.row(J.rows - 1);
const expected = { range: `A${first}:G${last}`, formula: `$A${first}=""`, fill: "FFFFFF" };

test("a blank-row highlight needs one rectangle and a column letter", () => {
  expect(blankCondition({ range: "A5:G20", blankIn: "A", tone: "unused" }, "Jetstress")).toBe('$A5=""');
  expect(() => blankCondition({ range: "A5:G20,A30", blankIn: "A", tone: "unused" }, "Jetstress")).toThrow(/one rectangle and a column letter/);
  expect(() => blankCondition({ range: "A5:G20", blankIn: "A1", tone: "unused" }, "Jetstress")).toThrow(/one rectangle and a column letter/);
});

describe("both writers make the Jetstress sheet's rows with no server white", () => {
  const model = referenceDesign();

  test("the CLI's file: an expression rule whose dxf is a white fill", async () => {
    const files = unzipSync(await writeXlsx(model, evaluateWorkbook(model)));
    const dxfs = [...(/<dxfs[^>]*>(.*?)<\/dxfs>/s.exec(strFromU8(files["xl/styles.xml"]))?.[1] ?? "").matchAll(/<dxf>(.*?)<\/dxf>/gs)].map((m) => m[1]);
    const index = model.sheets.indexOf(jetstressOf(model));
    const xml = strFromU8(files[`xl/worksheets/sheet${index + 1}.xml`]);
    const rules = [...xml.matchAll(/<conditionalFormatting sqref="([^"]+)"><cfRule type="expression" dxfId="(\d+)"[^>]*><formula>([^<]*)<\/formula>/g)].map((m) => ({
      range: m[1],
      formula: m[3].replace(/&quot;/g, '"'),
      fill: /<bgColor rgb="FF([0-9A-F]{6})"/.exec(dxfs[Number(m[2])])?.[1] ?? "",
    }));
    expect(rules).toEqual([expected]);
  });

  test("the pane: a Custom conditional format with format.fill.color", async () => {
    const host = FakeExcelHost.withBlankSheet();
    const uninstall = host.install();
    try {
      const report = await host.run((context: FakeRequestContext) => writeDesign(context as unknown as Excel.RequestContext, () => model));
      expect(report.skipped).toEqual([]);
      const custom = host.workbook.sheet("Jetstress")!.conditionalFormats.filter((f) => f.type === "Custom");
      expect(custom.map((f) => ({ range: f.range, formula: f.custom!.rule!.formula.replace(/^=/, ""), fill: f.custom!.fill!.replace(/^#/, "") }))).toEqual([expected]);
    } finally {
      uninstall();
    }
  });
});
