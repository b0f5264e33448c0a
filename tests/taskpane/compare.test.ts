/**
 * The pane's "Compare designs", against the in-memory Excel host, which calculates the
 * written formulas with the evaluator as Excel would: a Compare sheet with a column per value of the
 * varied input, each column formulas over its own new sheets and equal to the engine's design for
 * those inputs; a refused design a column that says why; an existing Compare sheet (or any sheet of
 * the user's) never touched.
 */
import { variantValues } from "../../src/taskpane/controller";
import { referenceForm, type DesignForm } from "../../src/taskpane/headline-form";
import { COMPARE_KEYS, DIFFERS, COMPARE_LABELS, mostChangedFigure, compareSheetRows } from "../../src/workbook/compare";
import { designRecord, quantity, shownNumber } from "../../src/engine/catalogue";
import { REFERENCE_DESIGN_INPUTS, SUMMARY_CELLS, templateSheetNames } from "../../src/workbook/template";
import { inputOptions } from "../../src/cli/design-options";
import { sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import ExcelJS from "exceljs";
import type { FakeSheet } from "../support/fake-excel";
import { paneOnFakeHost } from "../support/pane-on-fake-host";
import { WORKBOOK_MS } from "../support/timeouts";

// Writes several designs into the fake host and calculates them: a generous timeout on a busy two-core machine.
jest.setTimeout(4 * WORKBOOK_MS);

const setUp = paneOnFakeHost();

const REFERENCE: DesignForm = referenceForm();

/** The Compare sheet's rows by their label in column A. */
function rowsOf(sheet: FakeSheet): Record<string, number> {
  const rows: Record<string, number> = {};
  for (const [address, cell] of sheet.cells) if (/^A\d+$/.test(address) && typeof cell.value === "string") rows[cell.value] ??= Number(address.slice(1));
  return rows;
}

const column = (d: number) => String.fromCharCode(66 + d);

describe("Compare designs", () => {
  test("a Compare sheet with a column per value, each column formulas over its own sheets, its figures the engine's for its inputs", async () => {
    const { host, view, pane } = setUp();
    expect(await pane.compareDesigns(REFERENCE, { field: "users", values: "5000,10000, 20,000" })).toBe(false);
    // 5000,10000 read at commas; "5,000; 10,000" at semicolons.
    expect(await pane.compareDesigns(REFERENCE, { field: "users", values: "5,000; 10,000" })).toBe(true);
    expect(view.last).toMatchObject({ action: "compare", kind: "success" });
    expect(view.last.text).toMatch(/^Compared 2 designs on the new sheet Compare, a column each: formulas over each design's own new sheets \(Inputs, Inputs 2\)\./);
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1", "Compare", ...Object.values(templateSheetNames("")), ...Object.values(templateSheetNames(" 2"))]);
    const sheet = host.workbook.sheet("Compare")!;
    const rows = rowsOf(sheet);
    const cell = (label: string, d: number) => sheet.cell(`${column(d)}${rows[label]}`);
    const users = [5000, 10000];
    users.forEach((n, d) => {
      const inputs: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, users: n };
      // Every input the design's own Inputs cell, through a formula.
      for (const o of inputOptions()) {
        const c = cell(o.label, d)!;
        expect({ key: o.key, value: c.value === "" ? null : c.value, live: /^=IF\(LEN\(/.test(c.formula ?? "") }).toEqual({ key: o.key, value: inputs[o.key] === "" ? null : (inputs[o.key] ?? null), live: true });
      }
      // Every figure a Summary shows: a formula over this design's own sheets, equal to sizeDesign's for its inputs.
      const shownByEngine = designRecord(sizeDesign(inputs));
      // Each empty once the design's own Design check says "Not a design" (IF(MID(…)="Not a design:","",…)).
      const own = d === 0 ? /^=IF\(MID\(.*?,"",(Summary|Design)!\$/ : /^=IF\(MID\(.*?,"",'(Summary|Design) 2'!\$/;
      for (const key of COMPARE_KEYS.filter((k) => k in SUMMARY_CELLS || k === "databases")) {
        const c = cell(COMPARE_LABELS[key], d)!;
        const digits = quantity(key).digits;
        const shown = (v: unknown) => (typeof v === "number" && digits !== undefined ? shownNumber(v, digits) : v);
        expect({ key, d, value: shown(c.value), live: own.test(c.formula ?? "") }).toEqual({ key, d, value: shownByEngine[key] ?? "", live: true });
      }
    });
    expect(cell("Databases", 1)!.value).toBe(sizeDesign({ ...REFERENCE_DESIGN_INPUTS, users: 10000 }).databases);
    // The last column marks what differs from design 1: users and databases do; copies do not.
    expect(sheet.cell(`D${rows["Users"]}`)!.value).toBe(DIFFERS);
    expect(sheet.cell(`D${rows["Database copies"]}`)!.value).toBe("");
    expect(sheet.conditionalFormats.length).toBeGreaterThan(0);
    // The figure that changes most, charted on the Compare sheet over cells that read its row.
    const most = mostChangedFigure(compareSheetRows(users.map((n) => ({ inputs: { ...REFERENCE_DESIGN_INPUTS, users: n }, method: "", design: designRecord(sizeDesign({ ...REFERENCE_DESIGN_INPUTS, users: n })) }))))!;
    expect(sheet.charts).toHaveLength(1);
    expect(sheet.charts[0]).toMatchObject({ title: most.label, type: "BarClustered" });
    expect(sheet.charts[0].source).toMatch(/^Compare!A\d+:B\d+$/);
    expect(host.workbook.activeSheet).toBe("Compare");
    expect(view.designPresent).toEqual([true]);
  });

  test("a design its inputs refuse is a column that says why; the others are sized", async () => {
    const { host, view, pane } = setUp();
    // The reference design has 2 servers in one site: 3 copies cannot be placed.
    expect(await pane.compareDesigns(REFERENCE, { field: "copies", values: "2,3" })).toBe(true);
    expect(view.last.text).toMatch(/1 cannot be built: its column says why\./);
    const sheet = host.workbook.sheet("Compare")!;
    const rows = rowsOf(sheet);
    // The design that is built: its row reads its Design check, empty while it can be built.
    expect(sheet.cell(`B${rows["Cannot be built because"]}`)?.value ?? "").toBe("");
    // The refused design's row points to its note below the table, which says why in the pane's words.
    expect(String(sheet.cell(`C${rows["Cannot be built because"]}`)!.value)).toMatch(/see note 1$/);
    const note = Object.keys(rows).find((label) => label.startsWith("Note 1 — design 2 cannot be built: "));
    const lines = [note!];
    for (let r = rows[note!] + 1; typeof sheet.cell(`A${r}`)?.value === "string" && sheet.cell(`A${r}`)!.value !== ""; r++) lines.push(String(sheet.cell(`A${r}`)!.value));
    expect(lines.join(" ")).toMatch(/Database copies/);
    expect(sheet.cell(`C${rows["Database copies"]}`)!.value).toBe(3);
    expect(sheet.cell(`C${rows["Databases"]}`)).toBeUndefined();
    expect(sheet.cell(`B${rows["Databases"]}`)!.value).toBe(sizeDesign(REFERENCE_DESIGN_INPUTS).databases);
    // Only the design that can be built has sheets.
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1", "Compare", ...Object.values(templateSheetNames(""))]);
  });

  test("an existing Compare sheet, and every sheet already there, is kept as it was: the new one is Compare 2", async () => {
    const { host, view, pane } = setUp();
    expect(await pane.compareDesigns(REFERENCE, { field: "quotaMB", values: "2048,5120" })).toBe(true);
    // The user edits the first comparison's sheet.
    host.workbook.sheet("Compare")!.cells.set("A3", { value: "my notes" } as never);
    const before = Object.fromEntries(host.workbook.sheets.map((s) => [s.name, host.workbook.snapshot(s.name)]));
    expect(await pane.compareDesigns(REFERENCE, { field: "quotaMB", values: "2048,10240" })).toBe(true);
    expect(view.last.text).toMatch(/on the new sheet Compare 2, .*\(Inputs 3, Inputs 4\)/);
    for (const [name, picture] of Object.entries(before)) expect({ name, same: host.workbook.snapshot(name) === picture }).toEqual({ name, same: true });
    expect(host.workbook.sheet("Compare")!.cell("A3")!.value).toBe("my notes");
    const second = host.workbook.sheet("Compare 2")!;
    const rows = rowsOf(second);
    expect([second.cell(`B${rows["Mailbox quota"]}`)!.value, second.cell(`C${rows["Mailbox quota"]}`)!.value]).toEqual([2048, 10240]);
    expect(second.cell(`C${rows["Mailbox quota"]}`)!.formula).toMatch(/^=IF\(LEN\('Inputs 4'!\$B\$/);
  });

  test("a value its field refuses, or a field of the form that cannot size a design, writes nothing and says why", async () => {
    const { host, view, pane } = setUp();
    expect(await pane.compareDesigns(REFERENCE, { field: "users", values: "5000,lots" })).toBe(false);
    expect(view.last).toMatchObject({ action: "compare", kind: "error" });
    expect(view.last.text).toMatch(/^Value 2 \("lots"\): Users must be .*Nothing was written\.$/);
    expect(await pane.compareDesigns({ ...REFERENCE, messageKB: "75,5" }, { field: "users", values: "5000,10000" })).toBe(false);
    expect(view.fieldErrors.messageKB).toMatch(/use a point for decimals/);
    expect(await pane.compareDesigns(REFERENCE, { field: "users", values: "5000" })).toBe(false);
    expect(view.last.text).toMatch(/two values or more/);
    expect(await pane.compareDesigns(REFERENCE, { field: "title", values: "a,b" })).toBe(false);
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
  });

  test("the customer copy keeps the Compare sheet live: its formulas Excel's own over each design's sheets, no EXSIZE anywhere", async () => {
    const { host, pane } = setUp();
    expect(await pane.compareDesigns(REFERENCE, { field: "users", values: "5000,10000" })).toBe(true);
    expect(await pane.prepareCustomerCopy()).toBe(true);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(host.createdWorkbooks[0], "base64") as unknown as ExcelJS.Buffer);
    const formulas: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => {
      const v = cell.value as ExcelJS.CellFormulaValue | null;
      if (v && typeof v === "object" && "formula" in v) formulas.push(`${sheet.name}!${cell.address} ${v.formula}`);
    })));
    expect(formulas.filter((f) => /EXSIZE|_xldudf/i.test(f))).toEqual([]);
    const rows = rowsOf(host.workbook.sheet("Compare")!);
    const databases = book.getWorksheet("Compare")!.getCell(`C${rows["Databases"]}`).value as ExcelJS.CellFormulaValue;
    expect(databases.formula).toMatch(/^IF\(MID\(.*?,"",'Design 2'!\$/);
    expect(databases.result).toBe(sizeDesign({ ...REFERENCE_DESIGN_INPUTS, users: 10000 }).databases);
  });

  test("values: commas, or semicolons when thousands are written with commas; choices by value or text", () => {
    expect(variantValues("users", "5000,10000")).toEqual({ ok: true, values: [{ text: "5000", value: 5000 }, { text: "10000", value: 10000 }] });
    expect(variantValues("users", "5,000; 10,000")).toEqual({ ok: true, values: [{ text: "5,000", value: 5000 }, { text: "10,000", value: 10000 }] });
    expect(variantValues("users", "5,000,10,000")).toMatchObject({ ok: false, problem: expect.stringMatching(/A comma separates values here/) });
    expect(variantValues("spindleRaid", "RAID 10, raid5")).toEqual({ ok: true, values: [{ text: "RAID 10", value: "RAID10" }, { text: "raid5", value: "RAID5" }] });
    expect(variantValues("exchangeVersion", "2010,2019")).toEqual({ ok: true, values: [{ text: "2010", value: 2010 }, { text: "2019", value: 2019 }] });
    expect(variantValues("users", Array.from({ length: 11 }, (_, i) => 1000 * (i + 1)).join(","))).toMatchObject({ ok: false, problem: expect.stringMatching(/at most 10 designs/) });
    // A range, as exsize compare --vary takes it.
    expect(variantValues("users", "5000..20000/5000")).toEqual({ ok: true, values: [5000, 10000, 15000, 20000].map((v) => ({ text: String(v), value: v })) });
    expect(variantValues("users", "1000..11000/1000")).toMatchObject({ ok: false, problem: expect.stringMatching(/the range has 11 values; at most 10 designs/) });
    expect(variantValues("users", "5000..1000")).toMatchObject({ ok: false, problem: expect.stringMatching(/last value must not be below its first/) });
  });
});
