/**
 * "A workbook a presales engineer is proud to send": the Jetstress sheet has a row per
 * server of the design, named as the layout names them; the Hardware sheet's empty rows hold no
 * stray "no"; the Methods sheet says once that EMC's building block does not apply instead of a
 * column of dashes; Sources says "undated", not "not printed"; the Summary's spindles are said to
 * be the count for the IOPS; and numbers joined into text carry thousands separators, as every
 * number format does.
 */
import { strFromU8, unzipSync } from "fflate";
import { writeXlsx } from "../../src/cli/xlsx-writer";
import { defaultNames } from "../../src/engine/layout";
import { distributionLayout } from "../../src/workbook/sheets/distribution";
import { evaluateWorkbook, type WorkbookValues } from "../../src/workbook/evaluate";
import { evaluateFormula } from "../../src/formula";
import { REFERENCE_PRESETS } from "../../src/engine/design";
import { groupedFormula } from "../../src/engine/general-format";
import { JETSTRESS_CELLS, SUMMARY_CELLS, referenceDesign, type WorkbookInputs } from "../../src/workbook/template";

const J = JETSTRESS_CELLS;
const sheetOf = (inputs: Partial<WorkbookInputs>, name: string) => referenceDesign({ inputs }).sheets.find((s) => s.name === name)!;
const valuesOf = (inputs: Partial<WorkbookInputs>): WorkbookValues => evaluateWorkbook(referenceDesign({ inputs }));

describe("the Jetstress sheet: a row per server of the design", () => {
  test.each([
    ["the reference design, 2 servers", {}, 2],
    ["20,000 users on 4 + 4 servers", { users: 20000, copies: 4, serversSite1: 4, serversSite2: 4, exchangeVersion: 2016 }, 8],
    ["the largest DAG, 16 servers", { users: 20000, copies: 4, serversSite1: 8, serversSite2: 8, exchangeVersion: 2016 }, 16],
  ] as const)("%s", (_name, inputs, servers) => {
    const v = valuesOf(inputs).Jetstress;
    const names = defaultNames(servers, 1);
    const rows = Array.from({ length: J.rows }, (_, i) => [v[`${J.server}${J.row(i)}`], v[`${J.targetIops}${J.row(i)}`]]);
    const target = rows[0][1];
    expect(target).toEqual(expect.any(Number));
    expect(rows).toEqual(Array.from({ length: J.rows }, (_, i) => (i < servers ? [names.server(i), target] : ["", ""])));
    // Every row prints (one page): servers added in the customer copy are never cut off the page.
    expect(sheetOf(inputs, "Jetstress").print?.area).toBe(`A1:I${J.row(J.rows - 1)}`);
  });
});

test("the Hardware sheet: a candidate row is considered yes or no only where it names an array", () => {
  const v = valuesOf({}).Hardware;
  const sheet = sheetOf({}, "Hardware");
  const considered = sheet.cells.filter((c) => c.address.startsWith("F") && c.formula?.includes('"yes","no"')).map((c) => Number(c.address.slice(1)));
  expect(considered.length).toBeGreaterThan(20);
  for (const r of considered) {
    const named = v[`A${r}`] !== "" && v[`A${r}`] !== null && v[`A${r}`] !== undefined;
    expect({ row: r, considered: v[`F${r}`] }).toEqual({ row: r, considered: named ? expect.stringMatching(/^(yes|no)$/) : "" });
  }
});

test("the Methods sheet: no column of dashes for EMC; a note below the table says once that it does not apply", () => {
  const sheet = sheetOf({}, "Methods");
  expect(sheet.cells.filter((c) => c.address.match(/^C\d+$/) && Number(c.address.slice(1)) >= 4 && c.value !== undefined && c.value !== "")).toEqual([]);
  expect(sheet.cells.find((c) => /^EMC's building block/.test(String(c.value)))?.value).toMatch(/EMC's building block \(EMC, .+\) does not apply to these quantities: it sizes the spindles, on the Design sheet\./);
});

test('the Sources sheet says "undated", never "not printed"', () => {
  const texts = sheetOf({}, "Sources").cells.map((c) => String(c.value ?? ""));
  expect(texts.filter((t) => /not printed/.test(t))).toEqual([]);
});

test("the Summary's spindles are the count for the IOPS; by Microsoft's method one storage answer, the arrays and spindles rows blank", () => {
  const rows = (inputs: Partial<WorkbookInputs>) => {
    const summary = evaluateWorkbook(referenceDesign({ inputs })).Summary as Record<string, unknown>;
    return [SUMMARY_CELLS.arrays, SUMMARY_CELLS.spindles].map((cell) => [summary[`A${cell.slice(1)}`], summary[cell]]);
  };
  expect(rows({})).toEqual([["Arrays", expect.any(Number)], ["Spindles for the IOPS", expect.any(Number)]]);
  // The servers' own disks are the design's storage; the papers' arrays and spindles are on the Methods sheet.
  expect(rows(REFERENCE_PRESETS["dellemc-2016"].inputs)).toEqual([["", ""], ["", ""]]);
});

describe("numbers in text have thousands separators, as the number formats do", () => {
  test.each([
    [0, "0"],
    [7, "7"],
    [75.4, "75.4"],
    [999, "999"],
    [1000, "1,000"],
    [2048, "2,048"],
    [2048.5, "2,048.5"],
    [2048.1, "2,048.1"],
    [12345, "12,345"],
    [100001, "100,001"],
    [1000000, "1,000,000"],
    [20000050, "20,000,050"],
    [100000000, "100,000,000"],
  ])("%d is %s", (x, text) => {
    expect(evaluateFormula(`=${groupedFormula(String(x))}`)).toBe(text);
  });

  test("the Summary's inputs line", () => {
    const v = valuesOf({ users: 20000, quotaMB: 10240, messageKB: 75.4, maxDatabaseGB: 2000 }).Summary;
    expect(v[SUMMARY_CELLS.inputs]).toMatch(/^20,000 users · 10,240 MB quota · 150 messages a day of 75.4 KB · 2 copies · databases up to 2,000 GB · Exchange 2010/);
  });

  test("every number format of a count or size above units groups thousands", () => {
    for (const sheet of referenceDesign().sheets) {
      for (const cell of sheet.cells) {
        const f = cell.numberFormat;
        // Text ("@"), the inputs as typed (General: the decimals a person typed) and hidden helpers (";;;") aside.
        if (!f || f === ";;;" || f.startsWith("@") || /^General/.test(f) || /^0(\.0+)?(%|"×"|")?/.test(f) || /^\[=1\]"chosen"/.test(f) || /"×"$/.test(f)) continue;
        // Fixed small quantities (ms, ratios, per-mailbox IOPS, days; a server's cores, a volume's databases, one or many) need no separator; the rest group thousands.
        if (/^0(\.0+)? "(ms|days|MB|GB|IOPS)"$|^0\.0+$|^0" per copy"$|^\[=1\]0" [^"]+";0" [^"]+"$|^0" GB memory each"$/.test(f)) continue;
        expect({ sheet: sheet.name, cell: cell.address, format: f }).toEqual({ sheet: sheet.name, cell: cell.address, format: expect.stringMatching(/#,##0/) });
      }
    }
  });
});

describe("the Distribution sheet prints the design's databases, then its scenario table", () => {
  test("two print ranges: the grid's rows of the design's 12 databases, and the table; one defined name in the file", async () => {
    const model = referenceDesign();
    const sheet = model.sheets.find((s) => s.name === "Distribution")!;
    const [grid, table] = sheet.print!.area!.split(",");
    const layout = distributionLayout(120);
    expect(grid).toBe(`A1:${layout.table.running}${layout.firstRow + 12 - 1}`);
    expect(table).toBe(`A${layout.tableTitle}:${layout.table.running}${layout.lastPrintedRow}`);
    const workbook = strFromU8(unzipSync(await writeXlsx(model, evaluateWorkbook(model)))["xl/workbook.xml"]);
    const index = model.sheets.indexOf(sheet);
    const names = [...workbook.matchAll(new RegExp(`<definedName name="_xlnm\\.Print_Area" localSheetId="${index}">([^<]*)</definedName>`, "g"))].map((m) => m[1]);
    const abs = (range: string) => range.replace(/([A-Z]+)(\d+)/g, "$$$1$$$2");
    expect(names).toEqual([`&apos;Distribution&apos;!${abs(grid)},&apos;Distribution&apos;!${abs(table)}`]);
  }, 120_000);

  test("a design whose databases fill the grid prints it whole, in one range", () => {
    const sheet = sheetOf({ users: 100000, copies: 4, serversSite1: 8, serversSite2: 8, exchangeVersion: 2016, maxDatabaseGB: 100 }, "Distribution");
    expect(sheet.print!.area!.split(",")).toHaveLength(1);
  });
});
