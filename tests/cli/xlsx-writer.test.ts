/**
 * The two writers put the same input rules, highlights, page setup, font, gridlines and opening sheet
 * into their workbooks: the CLI's .xlsx read back with exceljs and from its XML, the taskpane's from
 * the in-memory Excel host. A small model built here, not the template (which changes under us), holds
 * every kind of rule. LibreOffice then prints a wide sheet to PDF: one page wide, as set.
 */
import { spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pathToFileURL } from "url";
import ExcelJS from "exceljs";
import { strFromU8, unzipSync } from "fflate";
import { writeXlsx } from "../../src/cli/xlsx-writer";
import { writeDesign, type WriteReport } from "../../src/taskpane/excel-writer";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import type { CellModel, InputRule, SheetModel, WorkbookModel } from "../../src/workbook/model";
import { FakeExcelHost, type FakeHostOptions, type FakeRequestContext, type FakeSheet } from "../support/fake-excel";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, sofficePath } from "../support/libreoffice";
import { WORKBOOK_MS } from "../support/timeouts";

// Writes, reads back and recalculates workbooks: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

// ---------------------------------------------------------------------------------------------
// A model with every kind of rule, two highlights, two page setups, a font and a gridless sheet

const rule = (r: Partial<InputRule> & Pick<InputRule, "kind">): InputRule =>
  ({ allowBlank: false, prompt: `Type a ${r.kind} value.`, error: `EX_DBSIZE: that ${r.kind} value is out of range.`, ...r }) as InputRule;

const RAID = ["RAID10", "RAID50", "RAID5", "RAID6"];

/** 12 columns of 20 characters: far wider than a landscape page at 100 %. */
function wideSheet(name: string, print: SheetModel["print"]): SheetModel {
  const columns = "ABCDEFGHIJKL".split("");
  const cells: CellModel[] = [
    { address: "A1", value: `${name}: results by array`, role: "title" },
    ...columns.map((c, i): CellModel => ({ address: `${c}2`, value: `Array ${i + 1} survivability`, role: "heading" })),
  ];
  for (let row = 3; row <= 8; row++) {
    columns.forEach((c, i) => cells.push({ address: `${c}${row}`, value: (row + i) % 3 === 0 ? "FAIL: over IOPS" : "PASS", role: "output" }));
  }
  return {
    name,
    gridlines: false,
    columnWidths: columns.map(() => 20),
    ...(print ? { print } : {}),
    highlights: [
      { range: "A3:L8", text: "FAIL", tone: "bad" },
      { range: "A3:L8", text: "PASS", tone: "good" },
    ],
    cells,
  };
}

function testModel(suffix = ""): WorkbookModel {
  return {
    title: "Contoso & Partners mailbox design",
    preparedFor: "Fabrikam",
    preparedBy: "A & B Consulting",
    revised: "2026-11-24",
    font: { name: "Liberation Sans", size: 10 },
    sheets: [
      {
        name: `Inputs${suffix}`,
        frozenRows: 4,
        columnWidths: [34, 14, 10],
        print: { orientation: "portrait", fitToPagesTall: 0, titleRows: "1:4" },
        cells: [
          { address: "A1", value: "Inputs", role: "title" },
          { address: "A3", value: "Change the yellow cells.", role: "note" },
          { address: "A5", value: "Users", role: "label" },
          { address: "B5", value: 5000, role: "input", rule: rule({ kind: "whole", min: 1, max: 1_000_000 }) },
          { address: "A6", value: "Mailbox quota", role: "label" },
          { address: "B6", value: 2048, role: "input", rule: rule({ kind: "decimal", min: 0, max: 10_000_000, aboveMin: true }) },
          { address: "C6", value: "MB", role: "unit" },
          { address: "A7", value: "Growth factor", role: "label" },
          { address: "B7", value: 1.2, role: "input", rule: rule({ kind: "decimal", min: 1, max: 3 }) },
          { address: "A8", value: "Copies", role: "label" },
          { address: "B8", value: 3, role: "input", rule: rule({ kind: "whole", min: 0, max: 16, aboveMin: true, allowBlank: true }) },
          { address: "A9", value: "Database RAID", role: "label" },
          { address: "B9", value: "RAID10", role: "input", rule: rule({ kind: "list", values: RAID }) },
          { address: "A10", value: "Log RAID", role: "label" },
          { address: "B10", value: "RAID10", role: "input", rule: rule({ kind: "list", values: RAID }) },
        ],
      },
      wideSheet(`Results${suffix}`, { orientation: "landscape", fitToPagesTall: 1, titleRows: "1:2" }),
    ],
    names: [],
    charts: [],
  };
}

// ---------------------------------------------------------------------------------------------
// One shape for what each writer made

interface Validation {
  type: string;
  formulae: string[];
  allowBlank: boolean;
  promptTitle?: string;
  prompt?: string;
  errorStyle?: string;
  errorTitle?: string;
  error?: string;
}
interface Highlighted {
  range: string;
  text: string;
  fill: string;
  font: string;
}
interface Printed {
  orientation: string;
  pagesWide: number;
  pagesTall: number;
  titleRows: string | null;
  margins: Record<string, number>;
  header: string;
  footer: string;
}
interface Written {
  activeSheet: string;
  sheets: Record<string, { validations: Record<string, Validation>; highlights: Highlighted[]; print: Printed; gridlines: boolean; fonts: Record<string, string> }>;
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** The CLI's file, read back with exceljs (validations, fonts, page setup) and from its XML (conditional formats). */
async function writtenByFile(model: WorkbookModel): Promise<{ written: Written; xml: Record<string, string> }> {
  const bytes = await writeXlsx(model, evaluateWorkbook(model));
  const xml = Object.fromEntries(Object.entries(unzipSync(bytes)).filter(([n]) => n.endsWith(".xml")).map(([n, b]) => [n, strFromU8(b)]));
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as unknown as ExcelJS.Buffer);
  const dxfs = [...(/<dxfs[^>]*>(.*?)<\/dxfs>/s.exec(xml["xl/styles.xml"])?.[1] ?? "").matchAll(/<dxf>(.*?)<\/dxf>/gs)].map((m) => ({
    font: /<font><color rgb="FF([0-9A-F]{6})"/.exec(m[1])?.[1] ?? "",
    fill: /<bgColor rgb="FF([0-9A-F]{6})"/.exec(m[1])?.[1] ?? "",
  }));
  const written: Written = { activeSheet: book.worksheets[book.views[0]?.activeTab ?? 0].name, sheets: {} };
  model.sheets.forEach((sheet, i) => {
    const ws = book.getWorksheet(sheet.name)!;
    const validations: Record<string, Validation> = {};
    const fonts: Record<string, string> = {};
    for (const cell of sheet.cells) {
      const c = ws.getCell(cell.address);
      fonts[cell.address] = `${c.font?.name} ${c.font?.size}`;
      const v = c.dataValidation;
      if (!v) continue;
      validations[cell.address] = {
        type: v.type,
        formulae: v.formulae.map(String),
        allowBlank: v.allowBlank === true,
        promptTitle: v.promptTitle,
        prompt: v.prompt,
        errorStyle: v.errorStyle,
        errorTitle: v.errorTitle,
        error: v.error,
      };
    }
    const sheetXml = xml[`xl/worksheets/sheet${i + 1}.xml`];
    const rules = [...sheetXml.matchAll(/<conditionalFormatting sqref="([^"]+)"><cfRule ([^>]*)>/g)].map((m) => {
      const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(m[2])?.[1] ?? "";
      expect(attr("type")).toBe("containsText");
      expect(attr("operator")).toBe("containsText");
      return { priority: Number(attr("priority")), range: m[1], text: attr("text"), ...dxfs[Number(attr("dxfId"))] };
    });
    const setup = ws.pageSetup;
    written.sheets[sheet.name] = {
      validations,
      fonts,
      highlights: rules.sort((a, b) => a.priority - b.priority).map(({ range, text, fill, font }) => ({ range, text, fill, font })),
      gridlines: ws.views[0]?.showGridLines !== false,
      print: {
        orientation: setup.orientation ?? "",
        pagesWide: setup.fitToPage ? (setup.fitToWidth ?? NaN) : NaN,
        pagesTall: setup.fitToPage ? (setup.fitToHeight ?? NaN) : NaN,
        titleRows: setup.printTitlesRow ?? null,
        margins: Object.fromEntries(Object.entries(setup.margins ?? {}).map(([k, v]) => [k, round(v as number)])),
        header: ws.headerFooter.oddHeader ?? "",
        footer: ws.headerFooter.oddFooter ?? "",
      },
    };
  });
  return { written, xml };
}

const TYPES: Record<string, string> = { WholeNumber: "whole", Decimal: "decimal", List: "list", Custom: "custom" };
const ALERT_STYLES: Record<string, string> = { Stop: "stop", Warning: "warning", Information: "information" };
const unformula = (f: unknown) => String(f).replace(/^=/, "");

function sections(left: string, center: string, right: string): string {
  return (left ? `&L${left}` : "") + (center ? `&C${center}` : "") + (right ? `&R${right}` : "");
}

/** The taskpane's workbook, as the in-memory host holds it. */
function writtenByHost(sheets: FakeSheet[], activeSheet: string, model: WorkbookModel): Written {
  const written: Written = { activeSheet, sheets: {} };
  for (const sheet of model.sheets) {
    const s = sheets.find((x) => x.name === sheet.name)!;
    const validations: Record<string, Validation> = {};
    for (const [address, v] of s.dataValidations) {
      const [key, body] = Object.entries(v.rule ?? {})[0] as [string, Record<string, unknown>];
      const formulae =
        key === "list" ? [`"${body.source}"`] : key === "custom" ? [unformula(body.formula)] : [body.formula1, body.formula2].filter((f) => f !== undefined).map(unformula);
      validations[address] = {
        type: TYPES[v.type],
        formulae,
        allowBlank: v.ignoreBlanks,
        ...(v.prompt.showPrompt ? { promptTitle: v.prompt.title, prompt: v.prompt.message } : {}),
        ...(v.errorAlert.showAlert ? { errorStyle: ALERT_STYLES[v.errorAlert.style], errorTitle: v.errorAlert.title, error: v.errorAlert.message } : {}),
      };
    }
    const layout = s.pageLayout;
    const hf = layout.headersFooters.defaultForAllPages;
    const points = (p: number) => round(p / 72);
    written.sheets[sheet.name] = {
      validations,
      fonts: Object.fromEntries(sheet.cells.map((c) => [c.address, `${s.cell(c.address)?.fontName} ${s.cell(c.address)?.fontSize}`])),
      highlights: s.conditionalFormats.map((f) => {
        expect(f).toMatchObject({ type: "ContainsText", textComparison: { rule: { operator: "Contains" } } });
        return { range: f.range, text: f.textComparison!.rule!.text, fill: f.textComparison!.fill!.slice(1), font: f.textComparison!.fontColor!.slice(1) };
      }),
      gridlines: s.showGridlines,
      print: {
        orientation: layout.orientation.toLowerCase(),
        pagesWide: layout.zoom.horizontalFitToPages ?? NaN,
        pagesTall: layout.zoom.verticalFitToPages ?? NaN,
        titleRows: layout.printTitleRows?.replace(/\$/g, "") ?? null,
        margins: {
          left: points(layout.leftMargin),
          right: points(layout.rightMargin),
          top: points(layout.topMargin),
          bottom: points(layout.bottomMargin),
          header: points(layout.headerMargin),
          footer: points(layout.footerMargin),
        },
        header: sections(hf.leftHeader, hf.centerHeader, hf.rightHeader),
        footer: sections(hf.leftFooter, hf.centerFooter, hf.rightFooter),
      },
    };
  }
  return written;
}

let uninstall: () => void = () => undefined;
afterEach(() => uninstall());

async function loadIntoHost(model: WorkbookModel | ((suffix: string) => WorkbookModel), options: FakeHostOptions = {}): Promise<{ host: FakeExcelHost; report: WriteReport }> {
  const host = FakeExcelHost.withBlankSheet(options);
  uninstall = host.install();
  const build = typeof model === "function" ? model : () => model;
  const report = await host.run((context: FakeRequestContext) => writeDesign(context as unknown as Excel.RequestContext, build));
  return { host, report };
}

// ---------------------------------------------------------------------------------------------

describe("both writers write the same rules, highlights, page setup, font, gridlines and opening sheet", () => {
  let file: Written;
  let xml: Record<string, string>;
  let pane: Written;
  let report: WriteReport;
  let host: FakeExcelHost;
  const model = testModel();

  beforeAll(async () => {
    ({ written: file, xml } = await writtenByFile(model));
    const loaded = await loadIntoHost(model);
    report = loaded.report;
    host = loaded.host;
    pane = writtenByHost(loaded.host.workbook.sheets, loaded.host.workbook.activeSheet, model);
  });

  test("the taskpane's workbook equals the file, feature for feature", () => {
    expect(pane).toEqual(file);
    expect(report).toMatchObject({ syncs: 2, skipped: [] });
  });

  test("the taskpane sets one validation on a run of cells with the same rule, as the file holds it (sqref B9:B10)", () => {
    expect(host.workbook.sheet("Inputs")!.dataValidations.get("B10")!.appliedTo).toBe("B9:B10");
    expect(host.workbook.sheet("Inputs")!.dataValidations.get("B6")!.appliedTo).toBe("B6");
  });

  test("every input rule is Excel data validation with the model's bounds, choices and words", () => {
    const inputs = file.sheets.Inputs.validations;
    const words = (kind: string, allowBlank = false) => ({
      allowBlank,
      promptTitle: "Allowed values",
      prompt: `Type a ${kind} value.`,
      errorStyle: "stop",
      errorTitle: "Not a valid input",
      error: `EX_DBSIZE: that ${kind} value is out of range.`,
    });
    expect(inputs).toEqual({
      B5: { type: "whole", formulae: ["1", "1000000"], ...words("whole") },
      // Above 0, at most 10,000,000: no single operator says that for decimals.
      B6: { type: "custom", formulae: ["AND(ISNUMBER(B6),B6>0,B6<=10000000)"], ...words("decimal") },
      B7: { type: "decimal", formulae: ["1", "3"], ...words("decimal") },
      // Whole numbers above 0 are the whole numbers from 1.
      B8: { type: "whole", formulae: ["1", "16"], ...words("whole", true) },
      B9: { type: "list", formulae: ['"RAID10,RAID50,RAID5,RAID6"'], ...words("list") },
      B10: { type: "list", formulae: ['"RAID10,RAID50,RAID5,RAID6"'], ...words("list") },
    });
    const sheet = xml["xl/worksheets/sheet1.xml"];
    expect(sheet).toMatch(/<dataValidation type="whole" showInputMessage="1" promptTitle="Allowed values" prompt="Type a whole value\." showErrorMessage="1" errorStyle="stop" errorTitle="Not a valid input" error="[^"]+" sqref="B5"><formula1>1<\/formula1><formula2>1000000<\/formula2>/);
    expect(sheet).toContain('<dataValidation type="list" showInputMessage="1"');
    expect(sheet).toMatch(/sqref="B9:B10"><formula1>&quot;RAID10,RAID50,RAID5,RAID6&quot;<\/formula1>/);
  });

  test("highlights are Excel's light-red and green presets on the cells that contain the text", () => {
    expect(file.sheets.Results.highlights).toEqual([
      { range: "A3:L8", text: "FAIL", fill: "FFC7CE", font: "9C0006" },
      { range: "A3:L8", text: "PASS", fill: "C6EFCE", font: "006100" },
    ]);
    expect(xml["xl/worksheets/sheet2.xml"]).toContain(
      '<conditionalFormatting sqref="A3:L8"><cfRule type="containsText" dxfId="0" priority="1" operator="containsText" text="FAIL"><formula>NOT(ISERROR(SEARCH(&quot;FAIL&quot;,A3)))</formula>',
    );
    expect(file.sheets.Inputs.highlights).toEqual([]);
  });

  test("each sheet prints one page wide, its title rows on every page, the design's name, whom it is for and by and the sheet's in the header, the revision date in the footer", () => {
    const margins = { left: 0.5, right: 0.5, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 };
    const header = "&LContoso && Partners mailbox design&CPrepared for Fabrikam by A && B Consulting&R&A";
    const footer = "&LRevised 2026-11-24&RPage &P of &N";
    expect(file.sheets.Inputs.print).toEqual({ orientation: "portrait", pagesWide: 1, pagesTall: 0, titleRows: "1:4", margins, header, footer });
    expect(file.sheets.Results.print).toEqual({ orientation: "landscape", pagesWide: 1, pagesTall: 1, titleRows: "1:2", margins, header, footer });

    const [inputs, results] = [xml["xl/worksheets/sheet1.xml"], xml["xl/worksheets/sheet2.xml"]];
    expect(inputs).toContain('<pageSetUpPr fitToPage="1"/>');
    expect(inputs).toMatch(/<pageSetup orientation="portrait"[^>]* fitToWidth="1" fitToHeight="0"\/>/);
    expect(results).toMatch(/<pageSetup orientation="landscape"[^>]* fitToWidth="1" fitToHeight="1"\/>/);
    expect(inputs).toContain('<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>');
    expect(inputs).toContain(
      "<headerFooter><oddHeader>&amp;LContoso &amp;&amp; Partners mailbox design&amp;CPrepared for Fabrikam by A &amp;&amp; B Consulting&amp;R&amp;A</oddHeader>" +
        "<oddFooter>&amp;LRevised 2026-11-24&amp;RPage &amp;P of &amp;N</oddFooter></headerFooter>",
    );
    const workbook = xml["xl/workbook.xml"];
    expect(workbook).toContain('<definedName name="_xlnm.Print_Titles" localSheetId="0">&apos;Inputs&apos;!$1:$4</definedName>');
    expect(workbook).toContain('<definedName name="_xlnm.Print_Titles" localSheetId="1">&apos;Results&apos;!$1:$2</definedName>');
  });

  test("every written cell has the model's font; a title keeps its own size", () => {
    for (const sheet of model.sheets) {
      for (const cell of sheet.cells) {
        expect(`${sheet.name}!${cell.address} ${file.sheets[sheet.name].fonts[cell.address]}`).toBe(
          `${sheet.name}!${cell.address} Liberation Sans ${cell.role === "title" ? 14 : 10}`,
        );
      }
    }
  });

  test("the gridless sheet has no gridlines, the other keeps them; the workbook opens on the first sheet", () => {
    expect(file.sheets.Results.gridlines).toBe(false);
    expect(file.sheets.Inputs.gridlines).toBe(true);
    expect(xml["xl/worksheets/sheet2.xml"]).toContain('showGridLines="0"');
    expect(file.activeSheet).toBe("Inputs");
    expect(xml["xl/workbook.xml"]).toContain('activeTab="0"');
    expect(xml["xl/worksheets/sheet1.xml"]).toContain('tabSelected="1"');
  });
});

describe("what Excel would refuse fails at write time, in both writers, before anything is written", () => {
  const withRule = (r: InputRule): WorkbookModel => {
    const model = testModel();
    model.sheets[0].cells.find((c) => c.address === "B9")!.rule = r;
    return model;
  };
  const longList = withRule(rule({ kind: "list", values: Array.from({ length: 30 }, (_, i) => `Choice number ${i + 1}`) }));

  test.each([
    ["a list of choices longer than 255 characters", longList, /choices take 500 characters; an Excel list takes at most 255/],
    ["a choice holding a comma", withRule(rule({ kind: "list", values: ["RAID 1,0", "RAID5"] })), /holds a comma or double quote/],
    ["an error message over 225 characters", withRule(rule({ kind: "whole", min: 0, max: 1, error: "x".repeat(226) })), /Excel allows 225/],
    ["bounds that leave nothing", withRule(rule({ kind: "whole", min: 5, max: 5, aboveMin: true })), /no number is above 5 and at most 5/],
  ])("%s", async (_what, model, message) => {
    await expect(writtenByFile(model)).rejects.toThrow(message);
    const host = FakeExcelHost.withBlankSheet();
    uninstall = host.install();
    await expect(host.run((context) => writeDesign(context as unknown as Excel.RequestContext, () => model))).rejects.toThrow(message);
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
    expect(host.syncCount).toBe(1);
  });
});

describe("an older Excel takes the design without what it cannot do, and says so", () => {
  test.each([
    ["1.9", []],
    ["1.8", ["page setup (ExcelApi 1.9)"]],
    ["1.7", ["input rules (ExcelApi 1.8)", "hidden gridlines (ExcelApi 1.8)", "page setup (ExcelApi 1.9)"]],
    ["1.5", ["frozen rows (ExcelApi 1.7)", "highlights (ExcelApi 1.6)", "input rules (ExcelApi 1.8)", "hidden gridlines (ExcelApi 1.8)", "page setup (ExcelApi 1.9)"]],
  ])("ExcelApi %s skips %j", async (excelApi, skipped) => {
    // The fake fails a sync that uses an API above its version (ApiNotFound): loading at all shows the gates hold.
    const { host, report } = await loadIntoHost(testModel(), { excelApi });
    expect(report.skipped).toEqual(skipped);
    expect(report.syncs).toBe(2);
    const results = host.workbook.sheet("Results")!;
    expect(results.conditionalFormats.length > 0).toBe(!skipped.some((s) => s.startsWith("highlights")));
    expect(host.workbook.sheet("Inputs")!.dataValidations.size > 0).toBe(!skipped.some((s) => s.startsWith("input rules")));
    expect(results.pageLayout.zoom.horizontalFitToPages === 1).toBe(!skipped.some((s) => s.startsWith("page setup")));
    expect(results.showGridlines).toBe(skipped.some((s) => s.startsWith("hidden gridlines")));
    // Fonts need only ExcelApi 1.1.
    expect(results.cell("B3")).toMatchObject({ fontName: "Liberation Sans", fontSize: 10 });
  });
});

// ---------------------------------------------------------------------------------------------
// LibreOffice prints the wide sheet on one page

const available = libreOfficeAvailable();
const required = process.env.REQUIRE_LIBREOFFICE === "1";
if (!available && !required) {
  console.warn(`LibreOffice (soffice) not found: skipping the print test. Install the Debian package ${LIBREOFFICE_APT_PACKAGE}, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);
}
const describeWithLibreOffice = available || required ? describe : describe.skip;

/** soffice --convert-to pdf in a throwaway profile; the process group is killed if it outlives `timeoutMs`. */
async function printToPdf(xlsx: string, outDir: string, timeoutMs = 120_000): Promise<Buffer> {
  const soffice = sofficePath();
  if (!soffice) throw new Error(`REQUIRE_LIBREOFFICE=1 but LibreOffice (soffice) is not installed: apt-get install ${LIBREOFFICE_APT_PACKAGE}`);
  const profile = path.join(outDir, "profile");
  fs.mkdirSync(profile, { recursive: true });
  const args = [`-env:UserInstallation=${pathToFileURL(profile).href}`, "--headless", "--norestore", "--nolockcheck", "--nodefault", "--nologo", "--convert-to", "pdf", "--outdir", outDir, xlsx];
  const child = spawn(soffice, args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const killGroup = () => {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  };
  const code = await new Promise<number | null>((resolve, reject) => {
    const timer = setTimeout(() => (killGroup(), reject(new Error(`soffice took over ${timeoutMs / 1000} s:\n${output}`))), timeoutMs);
    child.on("error", (e) => (clearTimeout(timer), killGroup(), reject(e)));
    child.on("close", (c) => (clearTimeout(timer), killGroup(), resolve(c)));
  });
  const pdf = path.join(outDir, path.basename(xlsx).replace(/\.xlsx$/, ".pdf"));
  if (code !== 0 || !fs.existsSync(pdf)) throw new Error(`soffice did not print ${xlsx} (exit ${code}):\n${output}`);
  return fs.readFileSync(pdf);
}

/** Page objects in a PDF (LibreOffice writes them uncompressed): "/Type /Page", not "/Type /Pages". */
const pageCount = (pdf: Buffer): number => (pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-z])/g) ?? []).length;

describeWithLibreOffice("LibreOffice prints the wide sheet as the page setup says", () => {
  let work: string;
  const pages: Record<string, number> = {};

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-print-test-"));
    const designs: Record<string, SheetModel> = {
      fitted: wideSheet("Results", { orientation: "landscape", fitToPagesTall: 1, titleRows: "1:2" }),
      unfitted: wideSheet("Results", undefined),
    };
    for (const [name, sheet] of Object.entries(designs)) {
      const model: WorkbookModel = { title: "Print test", font: { name: "Liberation Sans", size: 10 }, sheets: [sheet], names: [], charts: [] };
      const file = path.join(work, `${name}.xlsx`);
      fs.writeFileSync(file, await writeXlsx(model, evaluateWorkbook(model)));
      pages[name] = pageCount(await printToPdf(file, path.join(work, name)));
    }
  }, 300_000);

  afterAll(() => {
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  test("12 columns of 20 characters, fit 1 page wide and 1 tall, print on one page", () => {
    expect(pages.fitted).toBe(1);
  });

  test("the same sheet without the page setup runs onto several pages (the check can fail)", () => {
    expect(pages.unfitted).toBeGreaterThan(1);
  });
});
