/**
 * The customer copy at the file level, on a small hand-written .xlsx that has what Excel writes and
 * exceljs does not: shared formulas, a calculation chain, text and error results of formulas,
 * defined names, conditional formats and data validations that call EXSIZE functions.
 */
import * as fs from "fs";
import * as path from "path";
import ExcelJS from "exceljs";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import {
  CustomerCopyError,
  convertCustomFormulas,
  customerCopy,
  describeCustomerCopy,
  nativeFormulasOf,
  prepareCustomerCopy,
  stampCell,
  type NativeFormulas,
} from "../../src/workbook/customer-copy";
import type { WorkbookModel } from "../../src/workbook/model";
import { WORKBOOK_MS } from "../support/timeouts";

// Builds workbooks and rewrites them as customer copies: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

const sheetXml = (rows: string, after = "") => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ${NS}><sheetData>${rows}</sheetData>${after}</worksheet>`;

const INPUTS_ROWS = '<row r="2"><c r="B2"><v>5000</v></c></row><row r="5"><c r="A5" t="inlineStr"><is><t>growth</t></is></c></row>';
const DESIGN_ROWS =
  '<row r="1" spans="1:3"><c r="A1" s="1"><f>_xldudf_EXSIZE_EX_DBSIZE(Users,2048,150,75,,"volume")</f><v>1266</v></c>' +
  '<c r="B1" t="str"><f>_xldudf_EXSIZE_EX_ARRAYS(15768,900,2,,,"model")</f><v>PS6500E 500GB</v></c>' +
  '<c r="C1"><f>A1*12</f><v>15192</v></c></row>' +
  '<row r="2"><c r="A2"><f t="shared" ref="A2:A4" si="0">_xldudf_EXSIZE_EX_IOPS(Users,150)+ROW()</f><v>902</v></c>' +
  '<c r="B2"><f t="shared" ref="B2:B3" si="1">A2*2</f><v>1804</v></c></row>' +
  '<row r="3"><c r="A3"><f t="shared" si="0"/><v>903</v></c><c r="B3"><f t="shared" si="1"/><v>1806</v></c></row>' +
  '<row r="4"><c r="A4" t="e"><f t="shared" si="0"/><v>#VALUE!</v></c><c r="B4" t="b"><f>EXSIZE.EX_IOPS(1,1)&gt;0</f><v>1</v></c></row>';
const SOURCES_ROWS = '<row r="1"><c r="A1" t="inlineStr"><is><t>000_72e1ddb9bbd1ecac.txt</t></is></c></row>';

function workbookFiles(design = DESIGN_ROWS, definedNames = '<definedName name="Users">Inputs!$B$2</definedName>', calcPr = ""): Record<string, Uint8Array> {
  return {
    "[Content_Types].xml": strToU8(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        [1, 2, 3].map((i) => `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join("") +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '<Override PartName="/xl/calcChain.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.calcChain+xml"/></Types>',
    ),
    "_rels/.rels": strToU8(`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    "xl/workbook.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><workbook ${NS}><sheets><sheet name="Inputs" sheetId="1" r:id="rId1"/><sheet name="Design &amp; more" sheetId="2" r:id="rId2"/><sheet name="Sources" sheetId="3" r:id="rId3"/></sheets>` +
        `<definedNames>${definedNames}</definedNames>${calcPr}</workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
        [1, 2, 3].map((i) => `<Relationship Id="rId${i}" Type="${REL}/worksheet" Target="worksheets/sheet${i}.xml"/>`).join("") +
        `<Relationship Id="rId8" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId9" Type="${REL}/calcChain" Target="calcChain.xml"/></Relationships>`,
    ),
    "xl/worksheets/sheet1.xml": strToU8(sheetXml(INPUTS_ROWS)),
    "xl/worksheets/sheet2.xml": strToU8(sheetXml(design)),
    "xl/worksheets/sheet3.xml": strToU8(sheetXml(SOURCES_ROWS)),
    "xl/styles.xml": strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0 &quot;GB&quot;"/></numFmts>` +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs></styleSheet>',
    ),
    "xl/calcChain.xml": strToU8('<?xml version="1.0" encoding="UTF-8"?><calcChain xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><c r="A1" i="2"/><c r="C1"/><c r="A2"/><c r="B2"/></calcChain>'),
  };
}

const STAMP = { sheet: "Inputs", address: "A3", text: "Customer copy prepared 2025-01-31 from inputs: users 5,000 & <more>" };
const part = (xlsx: Uint8Array, path: string) => strFromU8(unzipSync(xlsx)[path]);

describe("prepareCustomerCopy, with no native formulas: every EXSIZE cell keeps only its value", () => {
  const live = zipSync(workbookFiles());
  const liveBefore = live.slice();
  const copy = prepareCustomerCopy(live, STAMP, {});
  const design = part(copy, "xl/worksheets/sheet2.xml");

  test("an EXSIZE cell keeps its cached value and type, and loses its formula", () => {
    expect(design).toContain('<c r="A1" s="1"><v>1266</v></c>');
    expect(design).toContain('<c r="A4" t="e"><v>#VALUE!</v></c>');
    expect(design).toContain('<c r="B4" t="b"><v>1</v></c>');
  });

  test("a text result becomes an inline string (t=\"str\" is for formula results)", () => {
    expect(design).toContain('<c r="B1" t="inlineStr"><is><t xml:space="preserve">PS6500E 500GB</t></is></c>');
  });

  test("a shared EXSIZE formula goes from its master and every child; a shared native formula stays whole", () => {
    expect(design).toContain('<c r="A2"><v>902</v></c>');
    expect(design).toContain('<c r="A3"><v>903</v></c>');
    expect(design).toContain('<c r="B2"><f t="shared" ref="B2:B3" si="1">A2*2</f><v>1804</v></c>');
    expect(design).toContain('<c r="B3"><f t="shared" si="1"/><v>1806</v></c>');
    expect(design).toContain('<c r="C1"><f>A1*12</f><v>15192</v></c>');
    expect(design).not.toMatch(/_xldudf_|EXSIZE/i);
  });

  test("the stamp is an inline string in its reserved cell, in row order, with its text escaped", () => {
    const inputs = part(copy, "xl/worksheets/sheet1.xml");
    expect(inputs).toContain(
      '<row r="2"><c r="B2"><v>5000</v></c></row><row r="3"><c r="A3" t="inlineStr"><is><t xml:space="preserve">Customer copy prepared 2025-01-31 from inputs: users 5,000 &amp; &lt;more&gt;</t></is></c></row><row r="5">',
    );
  });

  test("the calculation chain goes, with its relationship and content type", () => {
    const files = unzipSync(copy);
    expect(files["xl/calcChain.xml"]).toBeUndefined();
    expect(strFromU8(files["xl/_rels/workbook.xml.rels"])).not.toContain("calcChain");
    expect(strFromU8(files["[Content_Types].xml"])).not.toContain("calcChain");
    expect(strFromU8(files["xl/_rels/workbook.xml.rels"])).toContain('Target="styles.xml"');
  });

  test("every other part keeps its bytes, and the live file is not changed", () => {
    const before = unzipSync(live);
    const after = unzipSync(copy);
    for (const path of ["xl/styles.xml", "xl/worksheets/sheet3.xml", "_rels/.rels"]) expect(after[path]).toEqual(before[path]);
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).filter((p) => p !== "xl/calcChain.xml").sort());
    expect(live).toEqual(liveBefore);
  });

  test("exceljs reads the copy: values where EXSIZE was, native formulas, the stamp", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(copy) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet("Design & more")!;
    expect(sheet.getCell("A1").value).toBe(1266);
    expect(sheet.getCell("B1").value).toBe("PS6500E 500GB");
    expect(sheet.getCell("C1").formula).toBe("A1*12");
    expect(workbook.getWorksheet("Inputs")!.getCell("A3").value).toBe(STAMP.text);
  });
});

describe("prepareCustomerCopy refuses what it cannot do right", () => {
  test("an EXSIZE cell without a saved value names the cell", () => {
    const live = zipSync(workbookFiles('<row r="7"><c r="C7"><f>_xldudf_EXSIZE_EX_IOPS(1,1)</f></c></row>'));
    expect(() => prepareCustomerCopy(live, STAMP, {})).toThrow(CustomerCopyError);
    expect(() => prepareCustomerCopy(live, STAMP, {})).toThrow(/Design & more!C7 has an EXSIZE formula but no saved value/);
  });

  test("a stamp sheet that is not there", () => {
    expect(() => prepareCustomerCopy(zipSync(workbookFiles()), { ...STAMP, sheet: "Inputs 2" }, {})).toThrow(/"Inputs 2" is not in the workbook; it has: Inputs, Design & more, Sources/);
  });

  test("bytes that are not a workbook", () => {
    expect(() => prepareCustomerCopy(new Uint8Array([1, 2, 3]), STAMP, {})).toThrow(/not an .xlsx workbook/);
    expect(() => prepareCustomerCopy(zipSync({ "a.txt": strToU8("a") }), STAMP, {})).toThrow(/has no xl\/workbook.xml/);
  });

  test("with no EXSIZE formula, the calculation chain stays", () => {
    const copy = prepareCustomerCopy(zipSync(workbookFiles('<row r="1"><c r="C1"><f>1+1</f><v>2</v></c></row>')), STAMP, {});
    expect(unzipSync(copy)["xl/calcChain.xml"]).toBeDefined();
  });
});

describe("stampCell", () => {
  const text = "prepared";
  const inline = '<is><t xml:space="preserve">prepared</t></is>';

  test("replaces a cell already there, keeping its style", () => {
    const xml = sheetXml('<row r="3"><c r="A3" s="4" t="s"><v>0</v></c><c r="B3"><v>1</v></c></row>');
    expect(stampCell(xml, "A3", text)).toContain(`<row r="3"><c r="A3" s="4" t="inlineStr">${inline}</c><c r="B3"><v>1</v></c></row>`);
  });

  test("goes into its row in column order", () => {
    const xml = sheetXml('<row r="3" spans="1:4"><c r="A3"><v>1</v></c><c r="D3"><v>2</v></c></row>');
    expect(stampCell(xml, "B3", text)).toContain(`<row r="3"><c r="A3"><v>1</v></c><c r="B3" t="inlineStr">${inline}</c><c r="D3"><v>2</v></c></row>`);
  });

  test("adds its row after the last one, or into an empty sheet", () => {
    expect(stampCell(sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>'), "A3", text)).toContain(`</row><row r="3"><c r="A3" t="inlineStr">${inline}</c></row></sheetData>`);
    expect(stampCell(sheetXml("").replace("<sheetData></sheetData>", "<sheetData/>"), "A3", text)).toContain(`<sheetData><row r="3"><c r="A3" t="inlineStr">${inline}</c></row></sheetData>`);
  });

  test("refuses an address that is not one cell", () => {
    expect(() => stampCell(sheetXml(""), "A3:B4", text)).toThrow(/A1 cell/);
  });
});

describe("convertCustomFormulas", () => {
  test("counts what it froze and leaves a sheet without EXSIZE formulas as it was", () => {
    const xml = sheetXml(DESIGN_ROWS);
    expect(convertCustomFormulas(xml, "Design").frozen).toEqual(["Design!A1", "Design!B1", "Design!A2", "Design!A3", "Design!A4", "Design!B4"]);
    const native = sheetXml('<row r="1"><c r="C1"><f>A1*12</f><v>1</v></c></row>');
    expect(convertCustomFormulas(native, "X")).toEqual({ xml: native, native: 0, frozen: [] });
  });
});

// ---------------------------------------------------------------------------------------------
// Native formulas for the template's own cells

const DESIGN = "Design & more";
const NATIVES: NativeFormulas = {
  [DESIGN]: {
    A1: { live: '=EXSIZE.EX_DBSIZE(Users,2048,150,75,,"volume")', native: "=ROUND(Users*0.2532,0)" },
    B1: { live: '=EXSIZE.EX_ARRAYS(15768,900,2,,,"model")', native: '="PS6500E "&"500GB"' },
    A2: { live: "=EXSIZE.EX_IOPS(Users,150)+ROW()", native: "=Users*0.18+ROW()" },
    A3: { live: "=EXSIZE.EX_IOPS(Users,150)+ROW()", native: "=Users*0.18+ROW()" },
    A4: { live: "=EXSIZE.EX_IOPS(Users,150)+ROW()", native: "=Users*0.18+ROW()" },
  },
};

describe("customerCopy gives the template's own EXSIZE cells their native formulas", () => {
  const { bytes, report } = customerCopy(zipSync(workbookFiles()), STAMP, NATIVES);
  const design = part(bytes, "xl/worksheets/sheet2.xml");

  test("a template cell gets its native formula (stored form, escaped) and keeps its cached value and type", () => {
    expect(design).toContain('<c r="A1" s="1"><f>ROUND(Users*0.2532,0)</f><v>1266</v></c>');
    expect(design).toContain('<c r="B1" t="str"><f>&quot;PS6500E &quot;&amp;&quot;500GB&quot;</f><v>PS6500E 500GB</v></c>');
  });

  test("a shared group of template cells becomes plain native formulas, one per cell", () => {
    expect(design).toContain('<c r="A2"><f>Users*0.18+ROW()</f><v>902</v></c>');
    expect(design).toContain('<c r="A3"><f>Users*0.18+ROW()</f><v>903</v></c>');
    expect(design).toContain('<c r="A4" t="e"><f>Users*0.18+ROW()</f><v>#VALUE!</v></c>');
    expect(design).toContain('<c r="B3"><f t="shared" si="1"/><v>1806</v></c>');
  });

  test("a cell of the user's own that calls EXSIZE is frozen, and the report says where", () => {
    expect(design).toContain('<c r="B4" t="b"><v>1</v></c>');
    expect(design).not.toMatch(/_xldudf_|EXSIZE/i);
    expect(report).toEqual({ nativeCells: 5, frozenCells: 1, frozenCellList: [`${DESIGN}!B4`], frozenFormulas: [], removed: [] });
    expect(describeCustomerCopy(report)).toEqual([
      "5 EXSIZE cells of the design became Excel formulas that stay live without the add-in.",
      `1 cell of your own that call EXSIZE functions was replaced by its value (they no longer follow the inputs): ${DESIGN}!B4.`,
    ]);
  });

  test("the copy recalculates in full when opened: calcPr fullCalcOnLoad, inserted or set", () => {
    expect(part(bytes, "xl/workbook.xml")).toMatch(/<\/definedNames><calcPr fullCalcOnLoad="1"\/><\/workbook>$/);
    const withCalcPr = prepareCustomerCopy(zipSync(workbookFiles(DESIGN_ROWS, undefined, '<calcPr calcId="171027" fullCalcOnLoad="0"/>')), STAMP, NATIVES);
    expect(part(withCalcPr, "xl/workbook.xml")).toContain('<calcPr calcId="171027" fullCalcOnLoad="1"/>');
  });

  test("exceljs reads the natives back as formulas with their results", async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet(DESIGN)!;
    expect(sheet.getCell("A1").value).toEqual({ formula: "ROUND(Users*0.2532,0)", result: 1266 });
    expect(sheet.getCell("B1").value).toEqual({ formula: '"PS6500E "&"500GB"', result: "PS6500E 500GB" });
  });
});

describe("what counts as the formula the template wrote", () => {
  const one = (stored: string, live = '=EXSIZE.EX_DBSIZE(Users,2048,150,75,,"volume")', cell = "A1") =>
    convertCustomFormulas(sheetXml(`<row r="1"><c r="${cell}"><f>${stored}</f><v>1266</v></c></row>`), "D", { A1: { live, native: "=1266" } });

  test.each([
    ["the stored form", '_xldudf_EXSIZE_EX_DBSIZE(Users,2048,150,75,,&quot;volume&quot;)'],
    ["spaces, lower case and a leading =", '=_xldudf_exsize_ex_dbsize( users, 2048,150,75,,&quot;volume&quot; )'],
    ["the typed form", 'EXSIZE.EX_DBSIZE(Users,2048,150,75,,&quot;volume&quot;)'],
  ])("%s: native", (_what, stored) => {
    expect(one(stored)).toMatchObject({ native: 1, frozen: [] });
  });

  test("native functions Excel saved with _xlfn. match the template's plain names", () => {
    const live = '=IFERROR(EXSIZE.EX_DBSIZE(Users),"—")';
    expect(one('_xlfn.IFERROR(_xldudf_EXSIZE_EX_DBSIZE(Users),"—")'.replace(/"/g, "&quot;"), live)).toMatchObject({ native: 1 });
  });

  test.each([
    ["another argument", '_xldudf_EXSIZE_EX_DBSIZE(Users,4096,150,75,,&quot;volume&quot;)'],
    ["another result word (text keeps its case)", '_xldudf_EXSIZE_EX_DBSIZE(Users,2048,150,75,,&quot;VOLUME&quot;)'],
    ["more around it", '_xldudf_EXSIZE_EX_DBSIZE(Users,2048,150,75,,&quot;volume&quot;)*2'],
  ])("changed by the user (%s): frozen", (_what, stored) => {
    expect(one(stored)).toMatchObject({ native: 0, frozen: ["D!A1"] });
  });

  test("a cell the natives do not know is frozen; the report lists at most listLimit cells", () => {
    const rows = Array.from({ length: 30 }, (_, i) => `<row r="${i + 1}"><c r="C${i + 1}"><f>_xldudf_EXSIZE_EX_IOPS(${i},1)</f><v>${i}</v></c></row>`).join("");
    const { report } = customerCopy(zipSync(workbookFiles(rows)), STAMP, NATIVES, { listLimit: 3 });
    expect(report.frozenCells).toBe(30);
    expect(report.frozenCellList).toEqual([`${DESIGN}!C1`, `${DESIGN}!C2`, `${DESIGN}!C3`]);
    expect(describeCustomerCopy(report)[1]).toMatch(/^30 cells of your own that call EXSIZE functions were replaced by their values .*: Design & more!C1, Design & more!C2, Design & more!C3 and 27 more\.$/);
  });

  test("a shared group with relative references: native when every member is the template's, else frozen whole", () => {
    const rows =
      '<row r="5"><c r="C5" t="str"><f t="shared" ref="C5:C6" si="4">_xldudf_EXSIZE_EX_JETSTRESS(B5,100)</f><v>pass</v></c></row>' +
      '<row r="6"><c r="C6" t="str"><f t="shared" si="4"/><v>fail</v></c></row>';
    const natives = (second: string) => ({
      C5: { live: "=EXSIZE.EX_JETSTRESS(B5,100)", native: '=IF(B5>=100,"pass","fail")' },
      C6: { live: `=EXSIZE.EX_JETSTRESS(${second},100)`, native: `=IF(${second}>=100,"pass","fail")` },
    });
    const same = convertCustomFormulas(sheetXml(rows), "J", natives("B6"));
    expect(same.native).toBe(2);
    expect(same.xml).toContain('<c r="C6" t="str"><f>IF(B6&gt;=100,&quot;pass&quot;,&quot;fail&quot;)</f><v>fail</v></c>');
    const changed = convertCustomFormulas(sheetXml(rows), "J", natives("$B$6"));
    expect(changed).toMatchObject({ native: 0, frozen: ["J!C5", "J!C6"] });
    expect(changed.xml).toContain('<c r="C6" t="inlineStr"><is><t xml:space="preserve">fail</t></is></c>');
  });

  test("a dynamic-array cell (cm, t=array on itself) gets a plain native formula", () => {
    const xml = sheetXml('<row r="1"><c r="A1" cm="1"><f t="array" ref="A1">_xldudf_EXSIZE_EX_DBSIZE(Users,2048,150,75,,"volume")</f><v>1266</v></c></row>');
    expect(convertCustomFormulas(xml, "D", NATIVES[DESIGN]).xml).toContain('<c r="A1"><f>ROUND(Users*0.2532,0)</f><v>1266</v></c>');
  });
});

describe("only our namespace is touched", () => {
  test.each([
    ["a user's defined name EXSIZE.Budget", "EXSIZE.Budget*2"],
    ["another add-in's function", "_xldudf_OTHER_X(1)"],
    ["our namespace without EX_", "_xldudf_EXSIZE_TOTAL(1)"],
    ["text that looks like a call", '"EXSIZE.EX_DBSIZE("&amp;A1'],
  ])("%s stays as it is", (_what, formula) => {
    const xml = sheetXml(`<row r="1"><c r="A1"><f>${formula}</f><v>1</v></c></row>`);
    expect(convertCustomFormulas(xml, "D")).toEqual({ xml, native: 0, frozen: [] });
  });
});

describe("nativeFormulasOf", () => {
  test("lists every cell of the model that has a native formula, by sheet and address", () => {
    const model: WorkbookModel = {
      sheets: [
        { name: "Design", cells: [{ address: "C5", formula: "=EXSIZE.EX_IOPS(1,2)", native: "=1*2" }, { address: "C6", formula: "=C5*2" }, { address: "C7", value: 3 }] },
        { name: "Inputs", cells: [{ address: "B7", value: 5000 }] },
      ],
      names: [],
      charts: [],
    };
    expect(nativeFormulasOf(model)).toEqual({ Design: { C5: { live: "=EXSIZE.EX_IOPS(1,2)", native: "=1*2" } } });
  });
});

// ---------------------------------------------------------------------------------------------
// EXSIZE calls outside cells

describe("EXSIZE calls in defined names, conditional formats and data validations", () => {
  const names =
    '<definedName name="Users">Inputs!$B$2</definedName>' +
    '<definedName name="Budget">_xldudf_EXSIZE_EX_DBSIZE(Users,2048,150,75,,&quot;volume&quot;)*2</definedName>' +
    '<definedName name="Drift">_xldudf_EXSIZE_EX_IOPS(Inputs!B2,150)</definedName>' +
    '<definedName name="Label" localSheetId="1">_xldudf_EXSIZE_EX_ARRAYS(15768,900,2,,,&quot;model&quot;)</definedName>' +
    '<definedName name="Odd">_xldudf_EXSIZE_EX_IOPS(Users,150)+NOSUCH(1)</definedName>' +
    '<definedName name="Plain">Inputs!$B$2*2</definedName>';
  const formats =
    '<conditionalFormatting sqref="C1"><cfRule type="expression" dxfId="0" priority="1"><formula>A1&gt;_xldudf_EXSIZE_EX_DBSIZE(Inputs!B2,2048,150,75,,"volume")</formula></cfRule></conditionalFormatting>' +
    '<conditionalFormatting sqref="A1:A4"><cfRule type="expression" dxfId="1" priority="2"><formula>A1&gt;_xldudf_EXSIZE_EX_IOPS(Users,150)</formula></cfRule></conditionalFormatting>' +
    '<conditionalFormatting sqref="B1:B4 D1"><cfRule type="cellIs" dxfId="0" priority="3" operator="between"><formula>0</formula><formula>_xldudf_EXSIZE_EX_IOPS(Users,150)</formula></cfRule>' +
    '<cfRule type="containsText" dxfId="1" priority="4" operator="containsText" text="fail"><formula>NOT(ISERROR(SEARCH("fail",B1)))</formula></cfRule></conditionalFormatting>';
  const validations =
    '<dataValidations count="3">' +
    '<dataValidation type="whole" allowBlank="1" sqref="B2:B3"><formula1>1</formula1><formula2>_xldudf_EXSIZE_EX_IOPS(Inputs!$B$2,150)*100</formula2></dataValidation>' +
    '<dataValidation type="list" sqref="E1:E4"><formula1>_xldudf_EXSIZE_EX_ARRAYS(A1,900,2,,,"model")</formula1></dataValidation>' +
    '<dataValidation type="list" sqref="F1"><formula1>"RAID5,RAID10"</formula1></dataValidation>' +
    "</dataValidations>";
  const files = workbookFiles(DESIGN_ROWS, names);
  files["xl/worksheets/sheet2.xml"] = strToU8(sheetXml(DESIGN_ROWS, formats + validations));
  const { bytes, report } = customerCopy(zipSync(files), STAMP, NATIVES);
  const workbook = part(bytes, "xl/workbook.xml");
  const design = part(bytes, "xl/worksheets/sheet2.xml");

  test("a defined name the evaluator can compute becomes its value; one it cannot is removed", () => {
    expect(workbook).toContain('<definedName name="Budget">2532</definedName>');
    expect(workbook).toContain('<definedName name="Label" localSheetId="1">&quot;PS6500E 500GB&quot;</definedName>');
    expect(workbook).toContain('<definedName name="Plain">Inputs!$B$2*2</definedName>');
    expect(workbook).toContain('<definedName name="Users">Inputs!$B$2</definedName>');
    expect(workbook).not.toContain("Drift");
    expect(workbook).not.toContain("Odd");
    expect(report.removed.filter((r) => r.kind === "defined name")).toEqual([
      { kind: "defined name", where: "Drift", formula: "_xldudf_EXSIZE_EX_IOPS(Inputs!B2,150)", reason: "it has relative references, so its value differs from cell to cell" },
      { kind: "defined name", where: "Odd", formula: "_xldudf_EXSIZE_EX_IOPS(Users,150)+NOSUCH(1)", reason: "the function NOSUCH is not one exsize computes" },
    ]);
  });

  test("a conditional format on one cell is frozen even with relative references; on many cells only without them", () => {
    expect(design).toContain('<conditionalFormatting sqref="C1"><cfRule type="expression" dxfId="0" priority="1"><formula>FALSE</formula></cfRule></conditionalFormatting>');
    expect(design).not.toContain('sqref="A1:A4"');
    expect(design).toContain('<formula>0</formula><formula>900</formula></cfRule><cfRule type="containsText"');
    expect(report.removed).toContainEqual({
      kind: "conditional format",
      where: `${DESIGN}!A1:A4`,
      formula: "A1>_xldudf_EXSIZE_EX_IOPS(Users,150)",
      reason: "it has relative references, so its value differs from cell to cell",
    });
  });

  test("data validations: a bound becomes a number, a list rule that cannot be one constant goes, the count follows", () => {
    expect(design).toContain('<dataValidations count="2"><dataValidation type="whole" allowBlank="1" sqref="B2:B3"><formula1>1</formula1><formula2>90000</formula2></dataValidation>');
    expect(design).toContain('<dataValidation type="list" sqref="F1"><formula1>"RAID5,RAID10"</formula1></dataValidation></dataValidations>');
    expect(design).not.toMatch(/_xldudf_|EXSIZE/i);
    expect(report.removed.map((r) => `${r.kind} ${r.where}`)).toEqual(["conditional format Design & more!A1:A4", "data validation Design & more!E1:E4", "defined name Drift", "defined name Odd"]);
  });

  test("the report lists every constant and every removal in sentences", () => {
    expect(report.frozenFormulas.map((f) => `${f.kind} ${f.where} = ${f.value}`)).toEqual([
      "conditional format Design & more!C1 = FALSE",
      "conditional format Design & more!B1:B4 D1 = 900",
      "data validation Design & more!B2:B3 = 90000",
      "defined name Budget = 2532",
      'defined name Label (Design & more) = "PS6500E 500GB"',
    ]);
    const lines = describeCustomerCopy(report);
    expect(lines).toContain("The defined name Budget called EXSIZE functions: it is now the constant 2532.");
    expect(lines).toContain("The conditional format Design & more!A1:A4 called EXSIZE functions and was removed: it has relative references, so its value differs from cell to cell.");
  });

  test("the x14 forms Excel writes for validations and formats over other sheets are handled alike", () => {
    const ext =
      '<extLst><ext uri="{CCE6A557-97BC-4b89-ADB6-D9C93CAAB3DF}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">' +
      '<x14:dataValidations count="1" xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:dataValidation type="decimal" allowBlank="1">' +
      "<x14:formula1><xm:f>0</xm:f></x14:formula1><x14:formula2><xm:f>_xldudf_EXSIZE_EX_IOPS(Inputs!$B$2,150)</xm:f></x14:formula2><xm:sqref>G1:G9</xm:sqref></x14:dataValidation></x14:dataValidations></ext>" +
      '<ext uri="{78C0D931-6437-407d-A8EE-F0AAD7539E65}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"><x14:conditionalFormattings>' +
      '<x14:conditionalFormatting xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main"><x14:cfRule type="expression" priority="5" id="{1}"><xm:f>H1&gt;_xldudf_EXSIZE_EX_IOPS(Users,150)</xm:f></x14:cfRule><xm:sqref>H1:H9</xm:sqref></x14:conditionalFormatting>' +
      "</x14:conditionalFormattings></ext></extLst>";
    const more = workbookFiles();
    more["xl/worksheets/sheet2.xml"] = strToU8(sheetXml(DESIGN_ROWS, ext));
    const result = customerCopy(zipSync(more), STAMP, NATIVES);
    const xml = part(result.bytes, "xl/worksheets/sheet2.xml");
    expect(xml).toContain("<x14:formula2><xm:f>900</xm:f></x14:formula2><xm:sqref>G1:G9</xm:sqref>");
    expect(xml).not.toContain("x14:conditionalFormatting");
    expect(xml).not.toMatch(/_xldudf_|EXSIZE/i);
    expect(result.report.removed.map((r) => r.where)).toEqual([`${DESIGN}!H1:H9`]);
  });
});

describe("a part too large to read", () => {
  test("names the sheet, its size and what to do, as a CustomerCopyError (not a TypeError)", () => {
    const files = workbookFiles(DESIGN_ROWS.repeat(3));
    expect(files["xl/worksheets/sheet2.xml"].length).toBeGreaterThan(2000);
    for (const [name, bytes] of Object.entries(files)) if (name !== "xl/worksheets/sheet2.xml") expect(bytes.length).toBeLessThan(2000);
    let error: unknown;
    try {
      customerCopy(zipSync(files), STAMP, NATIVES, { maxPartBytes: 2000 });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CustomerCopyError);
    expect((error as Error).message).toMatch(/^The sheet "Design & more" \(xl\/worksheets\/sheet2\.xml\) is [\d,]+ bytes uncompressed, more than the 2,000 bytes a customer copy can read: move data/);
  });

  test("a large part the copy does not read (a pivot cache, say) travels unchanged", () => {
    const files = workbookFiles();
    files["xl/pivotCache/pivotCacheRecords1.xml"] = strToU8(`<pivotCacheRecords>${"<r/>".repeat(2000)}</pivotCacheRecords>`);
    const copy = customerCopy(zipSync(files), STAMP, NATIVES, { maxPartBytes: 5000 });
    expect(unzipSync(copy.bytes)["xl/pivotCache/pivotCacheRecords1.xml"]).toEqual(files["xl/pivotCache/pivotCacheRecords1.xml"]);
  });
});

describe("the real probe file tests/files/custom-function-probe.xlsx", () => {
  const probe = new Uint8Array(fs.readFileSync(path.join(__dirname, "..", "files", "custom-function-probe.xlsx")));
  const stamp = { sheet: "Probe", address: "D1", text: "copy" };

  test("with no natives, both EXSIZE cells are frozen and the rest stays", async () => {
    const { bytes, report } = customerCopy(probe, stamp, {});
    expect(report).toMatchObject({ nativeCells: 0, frozenCells: 2, frozenCellList: ["Probe!B2", "Probe!B4"] });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
    expect(book.getWorksheet("Probe")!.getCell("B6").formula).toBe("ROUNDUP(B2,0)");
  });

  test("with a native formula for B2, B2 stays live and B4 (the dot form, not the template's) is frozen", async () => {
    const { bytes, report } = customerCopy(probe, stamp, { Probe: { B2: { live: "=EXSIZE.EX_DBSIZE(5000,2048,150,75)", native: "=5000*2.5" } } });
    expect(report).toMatchObject({ nativeCells: 1, frozenCells: 1, frozenCellList: ["Probe!B4"] });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
    expect(book.getWorksheet("Probe")!.getCell("B2").formula).toBe("5000*2.5");
  });
});
