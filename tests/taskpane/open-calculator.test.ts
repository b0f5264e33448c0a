/**
 * The pane's "Open a calculator workbook": a calculator-shaped workbook of ExchangeDsc's public v6.6
 * Lab file (tests/fixtures/calculator-files.json: Role Requirements!C78 RecNumDBs 4, C240 RecRAMMBXPDC
 * 24 GB) loaded into new sheets of the in-memory Excel host, sized as `exsize import` sizes it, with a
 * Calculator sheet that sets the file's saved figures beside the design's; a file that is not a
 * calculator writes nothing.
 */
import { PaneController } from "../../src/taskpane/controller";
import { INPUT_CELLS, RESILIENCE_CELLS, templateSheetNames } from "../../src/workbook/template";
import { FakeExcelHost } from "../support/fake-excel";
import { engineCalculation, savedFile } from "../support/fake-excel-file";
import { RecordingView } from "../support/recording-view";
import { calculatorFixture, calculatorWorkbook } from "../support/calculator-workbook";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

let uninstall: () => void = () => undefined;
afterEach(() => uninstall());

function setUp() {
  const host: FakeExcelHost = FakeExcelHost.withBlankSheet({ calculate: engineCalculation, file: () => savedFile(host.workbook) });
  uninstall = host.install();
  const view = new RecordingView();
  return { host, view, pane: new PaneController(view) };
}

test("the Lab calculator: its design in new sheets, the file's 4 databases and 24 GB beside the design's on the Calculator sheet", async () => {
  const { host, view, pane } = setUp();
  const bytes = await calculatorWorkbook({ from: calculatorFixture("v6.6 Lab") });
  expect(await pane.openCalculator({ name: "E2013Calcv6.6 - Lab.xlsm", bytes })).toBe(true);
  expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1", ...Object.values(templateSheetNames()), "Calculator"]);
  const inputs = host.workbook.sheet("Inputs")!;
  // Input!C55 250 mailboxes, C30 3 + C31 1 copies, C26 2 servers in each of two sites (F22 Yes).
  expect([INPUT_CELLS.users, INPUT_CELLS.copies, INPUT_CELLS.serversSite1, INPUT_CELLS.serversSite2, INPUT_CELLS.exchangeVersion].map((c) => inputs.cell(c)!.value)).toEqual([250, 4, 2, 2, 2013]);
  expect(host.workbook.sheet("Resilience")!.cell(RESILIENCE_CELLS.databases)!.value).toBe(4);
  const calculator = host.workbook.sheet("Calculator")!;
  const rows = Array.from({ length: 8 }, (_, i) => ["A", "B", "C", "D", "E"].map((c) => calculator.cell(`${c}${5 + i}`)?.value));
  expect(rows).toEqual(expect.arrayContaining([
    ["Databases a DAG", "Role Requirements!C78 (RecNumDBs)", 4, 4, "yes"],
    ["Memory a server (GB)", "Role Requirements!C240 (RecRAMMBXPDC)", 24, 24, "yes"],
  ]));
  expect(view.last).toMatchObject({ action: "open", kind: "success" });
  expect(view.last.text).toMatch(/7 of the file's 7 saved figures agree with the design; sheet Calculator sets them side by side/);
});

test("a file that is not a calculator, or a protected Input sheet: why, and nothing written", async () => {
  const { host, view, pane } = setUp();
  expect(await pane.openCalculator({ name: "notes.xlsm", bytes: new TextEncoder().encode("mailboxes: 5000") })).toBe(false);
  expect(view.last).toMatchObject({ action: "open", kind: "error" });
  expect(view.last.text).toMatch(/^notes\.xlsm: The file is not an Excel workbook .* Nothing was written\.$/);
  const locked = await calculatorWorkbook({ from: calculatorFixture("v7.6 example"), password: "contoso" });
  expect(await pane.openCalculator({ name: "locked.xlsm", bytes: locked })).toBe(false);
  expect(view.last.text).toMatch(/the Input sheet is protected with a password/i);
  expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
});

/** The Lab calculator open in the host, as Excel holds it: its inputs as constants, its title and saved figures as formulas' values. */
function openLab(host: FakeExcelHost) {
  const lab = calculatorFixture("v6.6 Lab");
  const input = host.workbook.addSheet("Input");
  const role = host.workbook.addSheet("Role Requirements");
  input.cells.set("B1", { value: lab.title, numberFormat: "General" });
  input.cells.set(lab.versionCell, { value: lab.version, formula: `="${lab.version}"`, numberFormat: "General" });
  for (const [name, { cell, value }] of Object.entries(lab.inputs)) {
    if (value !== null) input.cells.set(cell, { value, numberFormat: "General" });
    host.workbook.names.push({ name, formula: `=Input!$${cell.replace(/(\d+)/, "$$$1")}`, comment: "" });
  }
  for (const [name, { cell, value }] of Object.entries(lab.saved)) {
    role.cells.set(cell, { value, formula: typeof value === "string" ? `="${value}"` : `=${value}`, numberFormat: "General" });
    host.workbook.names.push({ name, formula: `='Role Requirements'!$${cell.replace(/(\d+)/, "$$$1")}`, comment: "" });
  }
  return { input };
}

test("Read the open workbook: the Lab calculator open in Excel, its design in new sheets beside its own", async () => {
  const { host, view, pane } = setUp();
  const { input } = openLab(host);
  expect(await pane.readOpenCalculator()).toBe(true);
  expect(view.last).toMatchObject({ action: "read", kind: "success" });
  expect(view.last.text).toMatch(/7 of the file's 7 saved figures agree/);
  expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1", "Input", "Role Requirements", ...Object.values(templateSheetNames()), "Calculator"]);
  expect(host.workbook.sheet("Resilience")!.cell(RESILIENCE_CELLS.databases)!.value).toBe(4);
  // The calculator's own cells are as they were.
  expect(input.cell("C55")!.value).toBe(250);
});

test("Read the open workbook: busy from the first read, so a second click meanwhile writes no second design", async () => {
  const { host, view, pane } = setUp();
  openLab(host);
  const first = pane.readOpenCalculator();
  // The spinner is on while the workbook is read, before anything is written.
  expect(view.busy).toEqual(["read"]);
  expect(await pane.readOpenCalculator()).toBe(false);
  expect(await first).toBe(true);
  expect(view.busy[0]).toBe("read");
  expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1", "Input", "Role Requirements", ...Object.values(templateSheetNames()), "Calculator"]);
});

test("Read the open workbook when it is not a calculator: why, and nothing written", async () => {
  const { host, view, pane } = setUp();
  expect(await pane.readOpenCalculator()).toBe(false);
  expect(view.last).toMatchObject({ action: "read", kind: "error" });
  expect(view.last.text).toMatch(/^The open workbook: This is not a Microsoft Exchange Server Role Requirements Calculator: it has no Input sheet/);
  expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
});
