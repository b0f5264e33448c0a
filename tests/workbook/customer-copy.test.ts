/**
 * The customer copy at the file level, on a small hand-written .xlsx that has what Excel writes and
 * exceljs does not: shared formulas, a calculation chain, text and error results of formulas.
 */
import ExcelJS from "exceljs";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { CustomerCopyError, prepareCustomerCopy, removeCustomFormulas, stampCell } from "../../src/workbook/customer-copy";

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

const sheetXml = (rows: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`;

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

function workbookFiles(design = DESIGN_ROWS): Record<string, Uint8Array> {
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
        '<definedNames><definedName name="Users">Inputs!$B$2</definedName></definedNames></workbook>',
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

describe("prepareCustomerCopy", () => {
  const live = zipSync(workbookFiles());
  const liveBefore = live.slice();
  const copy = prepareCustomerCopy(live, STAMP);
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
    for (const path of ["xl/workbook.xml", "xl/styles.xml", "xl/worksheets/sheet3.xml", "_rels/.rels"]) expect(after[path]).toEqual(before[path]);
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
    expect(() => prepareCustomerCopy(live, STAMP)).toThrow(CustomerCopyError);
    expect(() => prepareCustomerCopy(live, STAMP)).toThrow(/Design & more!C7 has an EXSIZE formula but no saved value/);
  });

  test("a stamp sheet that is not there", () => {
    expect(() => prepareCustomerCopy(zipSync(workbookFiles()), { ...STAMP, sheet: "Inputs 2" })).toThrow(/"Inputs 2" is not in the workbook; it has: Inputs, Design & more, Sources/);
  });

  test("bytes that are not a workbook", () => {
    expect(() => prepareCustomerCopy(new Uint8Array([1, 2, 3]), STAMP)).toThrow(/not an .xlsx workbook/);
    expect(() => prepareCustomerCopy(zipSync({ "a.txt": strToU8("a") }), STAMP)).toThrow(/has no xl\/workbook.xml/);
  });

  test("with no EXSIZE formula, the calculation chain stays", () => {
    const copy = prepareCustomerCopy(zipSync(workbookFiles('<row r="1"><c r="C1"><f>1+1</f><v>2</v></c></row>')), STAMP);
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

describe("removeCustomFormulas", () => {
  test("counts what it removed and leaves a sheet without EXSIZE formulas as it was", () => {
    const xml = sheetXml(DESIGN_ROWS);
    expect(removeCustomFormulas(xml, "Design").removed).toBe(6); // A1, B1, the shared A2:A4, B4
    const native = sheetXml('<row r="1"><c r="C1"><f>A1*12</f><v>1</v></c></row>');
    expect(removeCustomFormulas(native, "X")).toEqual({ xml: native, removed: 0 });
  });
});
