/**
 * The pane's actions and what they tell the user, against the in-memory Excel host, with a view that
 * records what the page would show.
 */
import { EX_DBSIZE, EX_IOPS, SizingError } from "../../src/functions";
import { PaneController, plainError, type PaneView, type StatusKind } from "../../src/taskpane/controller";
import { readHeadlineForm, type HeadlineField, type HeadlineForm } from "../../src/taskpane/headline-form";
import { DESIGN_CELLS, INPUT_CELLS, REFERENCE_INPUTS } from "../../src/workbook/template";
import { FakeExcelHost, FakeOfficeError, type FakeHostOptions } from "../support/fake-excel";
import { engineCalculation, savedFile } from "../support/fake-excel-file";
import { templateSheetNames } from "../../src/workbook/template";
/** The template's sheets, in order, for a suffix. */
const templateSheetList = (suffix: string): string[] => Object.values(templateSheetNames(suffix));

class RecordingView implements PaneView {
  statuses: { kind: StatusKind; text: string }[] = [];
  fieldErrors: Partial<Record<HeadlineField, string>> = {};
  busy: boolean[] = [];
  setBusy(busy: boolean) {
    this.busy.push(busy);
  }
  showStatus(kind: StatusKind, text: string) {
    this.statuses.push({ kind, text });
  }
  showFieldError(field: HeadlineField, message: string | undefined) {
    if (message === undefined) delete this.fieldErrors[field];
    else this.fieldErrors[field] = message;
  }
  get last() {
    return this.statuses[this.statuses.length - 1];
  }
}

let uninstall: () => void = () => undefined;
afterEach(() => uninstall());

function setUp(options: FakeHostOptions = {}) {
  const host: FakeExcelHost = FakeExcelHost.withBlankSheet({ calculate: engineCalculation, file: () => savedFile(host.workbook), ...options });
  uninstall = host.install();
  const view = new RecordingView();
  return { host, view, pane: new PaneController(view) };
}

// 000_72e1ddb9bbd1ecac.txt, 3.4.2: 5,000 users, 2 GB (2,048 MB), 150 messages of 75 KB, 2 copies.
const REFERENCE_FORM: HeadlineForm = { users: "5,000", quotaMB: "2048", messagesPerDay: "150", messageKB: "75", copies: "2" };

const messageOf = (result: unknown): string => {
  if (!(result instanceof SizingError)) throw new Error(`expected an error value, got ${String(result)}`);
  return result.message;
};

describe("Load the reference design", () => {
  test("reports the sheets it filled, and says the user's sheets were left alone when it used a suffix", async () => {
    const { host, view, pane } = setUp();
    expect(await pane.loadReference()).toBe(true);
    expect(view.last).toEqual({ kind: "success", text: "Loaded the reference design into sheets Summary, Inputs, Design, Resilience, Jetstress, Hardware, Sources. Change the yellow cells on Inputs and every output follows." });

    expect(await pane.loadReference()).toBe(true);
    expect(view.last).toEqual({ kind: "success", text: "Loaded the reference design into sheets Summary 2, Inputs 2, Design 2, Resilience 2, Jetstress 2, Hardware 2, Sources 2 — your existing sheets were left as they were." });
    expect(view.busy).toEqual([true, false, true, false]);
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1", ...templateSheetList(""), ...templateSheetList(" 2")]);
  });

  test("an Excel too old for the design gets the reason in plain words, not a stack trace", async () => {
    const { view, pane } = setUp({ excelApi: "1.3" });
    expect(await pane.loadReference()).toBe(false);
    expect(view.last.kind).toBe("error");
    expect(view.last.text).toMatch(/^This version of Excel cannot hold the design: it needs Excel JavaScript API 1\.4/);
    expect(view.last.text).not.toMatch(/\bat \S+ \(/);
  });
});

describe("Load with my numbers", () => {
  test("loads the design with the user's numbers, which the outputs then follow", async () => {
    const { host, view, pane } = setUp();
    expect(await pane.loadWithNumbers({ ...REFERENCE_FORM, users: "7,500", copies: "3" })).toBe(true);
    expect(view.last.text).toMatch(/^Loaded the design with your numbers into sheets Summary, Inputs, Design, Resilience, Jetstress, Hardware, Sources\. Change the yellow cells on Inputs/);
    expect(view.fieldErrors).toEqual({});
    const inputs = host.workbook.sheet("Inputs")!;
    expect(inputs.cell(INPUT_CELLS.users)!.value).toBe(7500);
    expect(inputs.cell(INPUT_CELLS.copies)!.value).toBe(3);
    expect(host.workbook.sheet("Design")!.cell(DESIGN_CELLS.dagDatabaseIops)!.value).toBe(EX_IOPS(7500, 150, 3, "dag"));
  });

  test.each<[string, Partial<HeadlineForm>, HeadlineField, unknown]>([
    ["text for users", { users: "lots" }, "users", EX_DBSIZE("lots", 2048, 150, 75)],
    ["a fractional user count", { users: "10.5" }, "users", EX_DBSIZE("10.5", 2048, 150, 75)],
    ["an empty quota", { quotaMB: "" }, "quotaMB", EX_DBSIZE(5000, "", 150, 75)],
    ["a negative message rate", { messagesPerDay: "-1" }, "messagesPerDay", EX_DBSIZE(5000, 2048, "-1", 75)],
    ["a zero message size", { messageKB: "0" }, "messageKB", EX_DBSIZE(5000, 2048, 150, "0")],
    ["17 copies (a DAG has at most 16)", { copies: "17" }, "copies", EX_IOPS(5000, 150, "17")],
  ])("%s shows the function's message beside the field and writes nothing", async (_what, change, field, expected) => {
    const { host, view, pane } = setUp();
    const before = host.workbook.snapshot("Sheet1");
    expect(await pane.loadWithNumbers({ ...REFERENCE_FORM, ...change })).toBe(false);
    expect(view.fieldErrors).toEqual({ [field]: messageOf(expected) });
    expect(view.last.kind).toBe("error");
    expect(view.last.text).toContain("Nothing was written");
    expect(host.syncCount).toBe(0);
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
    expect(host.workbook.snapshot("Sheet1")).toBe(before);
  });

  test("every bad field is reported at once, and fixed fields lose their message", async () => {
    const { view, pane } = setUp();
    await pane.loadWithNumbers({ ...REFERENCE_FORM, users: "0", copies: "x" });
    expect(Object.keys(view.fieldErrors).sort()).toEqual(["copies", "users"]);
    await pane.loadWithNumbers(REFERENCE_FORM);
    expect(view.fieldErrors).toEqual({});
  });

  test("the form reads numbers as a cell does: 5,000 is 5000", () => {
    expect(readHeadlineForm(REFERENCE_FORM)).toEqual({
      ok: true,
      inputs: { users: REFERENCE_INPUTS.users, quotaMB: REFERENCE_INPUTS.quotaMB, messagesPerDay: 150, messageKB: 75, copies: 2 },
    });
  });
});

describe("Prepare a customer copy", () => {
  test("says in plain words that a copy opened and the live design is unchanged", async () => {
    const { host, view, pane } = setUp();
    await pane.loadReference();
    expect(await pane.prepareCustomerCopy()).toBe(true);
    expect(view.last.kind).toBe("success");
    expect(view.last.text).toMatch(/^A customer copy opened in a new window: save it and send it\. Your live design is unchanged\./);
    expect(host.createdWorkbooks).toHaveLength(1);
  });

  test("without createWorkbook (an old Excel) it says so", async () => {
    const { host, view, pane } = setUp({ excelApi: "1.7" });
    await pane.loadReference();
    expect(await pane.prepareCustomerCopy()).toBe(false);
    expect(view.last).toEqual({ kind: "error", text: expect.stringMatching(/^This version of Excel cannot open a new workbook from the pane/) });
    expect(host.createdWorkbooks).toEqual([]);
  });
});

describe("plainError", () => {
  test("explains Excel's error codes and never shows a stack", () => {
    const error = new FakeOfficeError("ItemAlreadyExists", "A resource with the same name or identifier already exists.");
    const text = plainError(error);
    expect(text).toMatch(/^Excel refused to add a sheet or name because one of that name already exists/);
    expect(text).not.toContain(error.stack!.split("\n")[1].trim());
  });
});
