/**
 * The pane's actions and what they tell the user, against the in-memory Excel host, with a view that
 * records what the page would show.
 */
import { EX_DBSIZE, EX_IOPS } from "../../src/functions";
import { PaneController, plainError, type Action, type DownloadFile, type PaneView, type StatusKind } from "../../src/taskpane/controller";
import { DESIGN_FIELDS, referenceForm, type DesignField, type DesignForm } from "../../src/taskpane/headline-form";
import type { HeadlineResults } from "../../src/taskpane/results";
import { DESIGN_CELLS, INPUT_CELLS, REFERENCE_DESIGN_INPUTS, SUMMARY_CELLS, templateSheetNames } from "../../src/workbook/template";
import { FakeExcelHost, FakeOfficeError, type FakeHostOptions, type FakeWorkbook } from "../support/fake-excel";
import { engineCalculation, savedFile } from "../support/fake-excel-file";

/** The template's sheets, in order, for a suffix. */
const templateSheetList = (suffix: string): string[] => Object.values(templateSheetNames(suffix));

class RecordingView implements PaneView {
  statuses: { action: Action; kind: StatusKind; text: string }[] = [];
  fieldErrors: Partial<Record<DesignField, string>> = {};
  busy: (Action | undefined)[] = [];
  designPresent: boolean[] = [];
  results: HeadlineResults | undefined;
  downloads: DownloadFile[] | undefined;
  setBusy(action: Action | undefined) {
    this.busy.push(action);
  }
  setDesignPresent(present: boolean) {
    this.designPresent.push(present);
  }
  showStatus(action: Action, kind: StatusKind, text: string) {
    if (text !== "") this.statuses.push({ action, kind, text });
  }
  showFieldError(field: DesignField, message: string | undefined) {
    if (message === undefined) delete this.fieldErrors[field];
    else this.fieldErrors[field] = message;
  }
  showResults(results: HeadlineResults | undefined) {
    this.results = results;
  }
  offerDownloads(files: DownloadFile[] | undefined) {
    this.downloads = files;
  }
  get last() {
    return this.statuses[this.statuses.length - 1];
  }
  /** The results as label → value. */
  get answer(): Record<string, string> {
    if (this.results?.state !== "ok") throw new Error(`no answer: ${JSON.stringify(this.results)}`);
    return Object.fromEntries(this.results.rows.map((r) => [r.label, r.value]));
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

const REFERENCE: DesignForm = referenceForm();

/** Excel's calculation without the add-in's functions loaded: every EXSIZE cell, and what follows it, is `code`. */
const calculationShowing = (code: string) => (workbook: FakeWorkbook) => {
  engineCalculation(workbook);
  for (const sheet of workbook.sheets) for (const cell of sheet.cells.values()) if (cell.formula !== undefined) cell.value = code;
};

describe("Load a design", () => {
  test("the form opens with every input of the reference design, numbers as a person writes them", () => {
    expect(REFERENCE).toEqual({
      users: "5,000", quotaMB: "2,048", messagesPerDay: "150", messageKB: "75",
      exchangeVersion: "2010", copies: "2", serversSite1: "2", serversSite2: "", maxDatabaseGB: "1,024", dagLayout: "active/active",
      arrayRaid: "RAID50", spindleRaid: "RAID5", arrayModel: "auto", spindleDisk: "10K",
    });
  });

  // 000_72e1ddb9bbd1ecac.txt, 3.4.2 and Tables 18-19: 12 databases on 1,266 GB volumes, 12 log
  // volumes of 48 GB, 15,768 GB, 900 database IOPS, two PS6500E arrays with 500GB drives.
  test("loads the reference design and shows the answer Excel computed, read in one more sync", async () => {
    const { host, view, pane } = setUp();
    expect(await pane.loadDesign(REFERENCE)).toBe(true);
    expect(host.syncCount).toBe(3); // writeDesign's two, and one to read the Summary back
    expect(view.last).toEqual({ action: "load", kind: "success", text: `Loaded into sheets ${Object.values(templateSheetNames()).join(", ")}. Change the yellow cells on Inputs and every output follows.` });
    expect(view.answer).toMatchObject({
      "Database volumes": "12 × 1,266 GB",
      "Log volumes": "12 × 48 GB",
      "Database IOPS": "900 a copy, 1,800 in all",
      Arrays: "2 × PS6500E 500GB (1 a copy)",
    });
    const summary = host.workbook.sheet("Summary")!;
    const gb = (key: keyof typeof SUMMARY_CELLS) => (summary.cell(SUMMARY_CELLS[key])!.value as number).toLocaleString("en-US");
    expect(view.answer.Capacity).toBe(`${gb("capacityPerCopyGB")} GB a copy, ${gb("capacityAllCopiesGB")} GB in all`);
    expect(Object.keys(view.answer)).toEqual(["Database volumes", "Log volumes", "Capacity", "Database IOPS", "Log IOPS", "Arrays", "Spindles", "Mailbox servers", "Worst failure"]);
    expect(view.answer["Mailbox servers"]).toMatch(/^2, each \d+ cores? and \d+ GB memory$/);
    expect(view.designPresent).toEqual([true]);
    expect(view.busy).toEqual(["load", undefined]);
  });

  test("the answer is the Summary's cells as Excel computed them, whatever they are", async () => {
    const { host, view, pane } = setUp();
    await pane.loadDesign({ ...REFERENCE, users: "7,500", copies: "3", serversSite1: "3" });
    const summary = host.workbook.sheet("Summary")!;
    const value = (key: keyof typeof SUMMARY_CELLS) => summary.cell(SUMMARY_CELLS[key])!.value as number;
    expect(view.answer["Database IOPS"]).toBe(`${value("databaseIops").toLocaleString("en-US")} a copy, ${value("dagDatabaseIops").toLocaleString("en-US")} in all`);
    expect(host.workbook.sheet("Design")!.cell(DESIGN_CELLS.dagDatabaseIops)!.value).toBe(EX_IOPS(7500, 150, 3, "dag"));
  });

  test("every input of the form lands on the Inputs sheet: a two-site Exchange 2019 design", async () => {
    const { host, view, pane } = setUp();
    const form: DesignForm = {
      users: "12,500", quotaMB: "10240", messagesPerDay: "200", messageKB: "75.5", exchangeVersion: "2019", copies: "3",
      serversSite1: "6", serversSite2: "3", maxDatabaseGB: "2,000", dagLayout: "active/passive",
      arrayRaid: "RAID10", spindleRaid: "RAID6", arrayModel: "PS6000XV 600GB", spindleDisk: "15K",
    };
    expect(await pane.loadDesign(form)).toBe(true);
    const inputs = host.workbook.sheet("Inputs")!;
    expect(Object.fromEntries(DESIGN_FIELDS.map((f) => [f, inputs.cell(INPUT_CELLS[f])!.value]))).toEqual({
      users: 12500, quotaMB: 10240, messagesPerDay: 200, messageKB: 75.5, exchangeVersion: 2019, copies: 3,
      serversSite1: 6, serversSite2: 3, maxDatabaseGB: 2000, dagLayout: "active/passive",
      arrayRaid: "RAID10", spindleRaid: "RAID6", arrayModel: "PS6000XV 600GB", spindleDisk: "15K",
    });
    expect(inputs.cell(INPUT_CELLS.readRatio)!.value).toBe(REFERENCE_DESIGN_INPUTS.readRatio);
    expect(view.answer.Arrays).toMatch(/ × PS6000XV 600GB \(\d+ a copy\)$/);
    expect(view.answer.Spindles).toMatch(/^\d+ disks \(RAID 6, 15K/);
  });

  test("a second load goes beside the first and says the user's sheets were left alone", async () => {
    const { host, view, pane } = setUp();
    await pane.loadDesign(REFERENCE);
    expect(await pane.loadDesign(REFERENCE)).toBe(true);
    expect(view.last.text).toMatch(/^Loaded into sheets Summary 2, Inputs 2, .*; your existing sheets were left as they were\. Change the yellow cells on Inputs 2/);
    expect(view.results).toMatchObject({ state: "ok", sheet: "Summary 2" });
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1", ...templateSheetList(""), ...templateSheetList(" 2")]);
  });

  test("a second click while the pane is working does nothing: one design, one busy spell", async () => {
    const { host, view, pane } = setUp();
    const [first, second] = await Promise.all([pane.loadDesign(REFERENCE), pane.loadDesign(REFERENCE)]);
    expect([first, second]).toEqual([true, false]);
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1", ...templateSheetList("")]);
    expect(view.busy).toEqual(["load", undefined]);
  });

  test("an Excel too old for the design gets the reason in plain words, not a stack trace", async () => {
    const { view, pane } = setUp({ excelApi: "1.3" });
    expect(await pane.loadDesign(REFERENCE)).toBe(false);
    expect(view.last.kind).toBe("error");
    expect(view.last.text).toMatch(/^This version of Excel cannot hold the design: it needs Excel JavaScript API 1\.4/);
    expect(view.last.text).not.toMatch(/\bat \S+ \(/);
    expect(view.designPresent).toEqual([]);
  });
});

describe("when Excel has not computed the add-in's functions", () => {
  test.each<[string, FakeHostOptions, string, RegExp]>([
    ["#NAME? (functions not loaded)", { calculate: calculationShowing("#NAME?") }, "functions not loaded", /^Excel shows #NAME\? where the add-in's functions should be: they are not loaded.*open it again.*remove the add-in and add it again.*Refresh results/],
    ["#BUSY! (still calculating)", { calculate: calculationShowing("#BUSY!") }, "busy", /^Excel is still calculating the add-in's functions \(#BUSY!\)\. Wait a moment, then press Refresh results\.$/],
    ["another error", { calculate: calculationShowing("#VALUE!") }, "error", /^Excel shows #VALUE! on sheet Summary instead of an answer\..*Refresh results\.$/],
    ["no calculation at all", { calculate: undefined }, "not calculated", /^Excel has not calculated the design on sheet Summary yet\. Wait a moment/],
  ])("%s: the design loads, and the pane says plainly why there is no answer and how to fix it", async (_what, options, problem, message) => {
    const { view, pane } = setUp(options);
    expect(await pane.loadDesign(REFERENCE)).toBe(true);
    expect(view.results).toEqual({ state: "not computed", sheet: "Summary", problem, message: expect.stringMatching(message) });
  });

  test("manual calculation: the pane says how to calculate", async () => {
    const { host, view, pane } = setUp();
    host.calculationMode = "Manual";
    await pane.loadDesign(REFERENCE);
    expect(view.results).toMatchObject({ problem: "not calculated", message: expect.stringContaining("Calculation in this workbook is set to manual: press Calculate Now") });
  });
});

describe("Refresh results", () => {
  test("finds the design by its defined names and reads its answer in two syncs", async () => {
    const { host, view, pane } = setUp();
    await pane.loadDesign(REFERENCE);
    host.options.calculate = calculationShowing("#BUSY!");
    await pane.refreshResults();
    expect(view.results?.state).toBe("not computed");
    host.options.calculate = engineCalculation;
    host.resetCounters();
    expect(await pane.refreshResults()).toBe(true);
    expect(host.syncCount).toBe(2);
    expect(view.answer["Database volumes"]).toBe("12 × 1,266 GB");
    expect(view.last).toEqual({ action: "refresh", kind: "success", text: "Read from sheet Summary." });
  });

  test("with no design in the workbook it says so and keeps the customer copy off; quietly when the pane opens", async () => {
    const { view, pane } = setUp();
    expect(await pane.refreshResults(true)).toBe(true);
    expect(view.statuses).toEqual([]);
    expect(view.designPresent).toEqual([false]);
    await pane.refreshResults();
    expect(view.last).toEqual({ action: "refresh", kind: "success", text: "This workbook has no design yet: load one above." });
  });

  test("a pane opened on a workbook that holds a design shows its answer and turns the customer copy on, without a message", async () => {
    const { view, pane } = setUp();
    await pane.loadDesign(REFERENCE);
    const reopened = new RecordingView();
    expect(await new PaneController(reopened).refreshResults(true)).toBe(true);
    expect(reopened.designPresent).toEqual([true]);
    expect(reopened.answer).toEqual(view.answer);
    expect(reopened.statuses).toEqual([]);
  });

  test("sheets named like the design's are not a design without its defined names", async () => {
    const { host, view, pane } = setUp();
    host.workbook.addSheet("Inputs");
    host.workbook.addSheet("Summary");
    await pane.refreshResults(true);
    expect(view.designPresent).toEqual([false]);
  });

  test("reads the design the user is looking at", async () => {
    const { host, view, pane } = setUp();
    await pane.loadDesign(REFERENCE);
    await pane.loadDesign({ ...REFERENCE, users: "10,000" });
    host.workbook.activeSheet = "Design";
    await pane.refreshResults();
    expect(view.results).toMatchObject({ state: "ok", sheet: "Summary" });
    host.workbook.activeSheet = "Jetstress 2";
    await pane.refreshResults();
    expect(view.results).toMatchObject({ state: "ok", sheet: "Summary 2" });
  });
});

describe("the form's messages", () => {
  const messageOf = async (change: Partial<DesignForm>) => {
    const { host, view, pane } = setUp();
    const before = host.workbook.snapshot("Sheet1");
    expect(await pane.loadDesign({ ...REFERENCE, ...change })).toBe(false);
    // Nothing written, not even a sync.
    expect(host.syncCount).toBe(0);
    expect(host.workbook.snapshot("Sheet1")).toBe(before);
    expect(view.last.action).toBe("load");
    expect(view.last.kind).toBe("error");
    expect(view.last.text).toMatch(/Nothing was written\.$/);
    return view;
  };

  test.each<[string, Partial<DesignForm>, DesignField, string]>([
    ["text for users", { users: "lots" }, "users", 'Users must be a whole number from 1 to 100,000,000; "lots" is not a number.'],
    ["a fractional user count", { users: "10.5" }, "users", "Users must be a whole number from 1 to 100,000,000."],
    ["an empty quota", { quotaMB: "" }, "quotaMB", "Mailbox quota is required: a number above 0 up to 10,000,000 MB."],
    ["a negative message rate", { messagesPerDay: "-1" }, "messagesPerDay", "Messages per day must be a number from 0 to 100,000 per user."],
    ["a zero message size", { messageKB: "0" }, "messageKB", "Average message size must be a number above 0 up to 1,000,000 KB."],
    ["a decimal comma", { messageKB: "75,5" }, "messageKB", "Average message size: use a point for decimals (75.5), or commas only between groups of three digits."],
    ["a comma in the wrong place", { users: "50,00" }, "users", "Users: use a point for decimals (50.00), or commas only between groups of three digits."],
    ["17 copies (a DAG has at most 16)", { copies: "17" }, "copies", "Database copies must be a whole number from 1 to 16."],
    ["no servers in site 1", { serversSite1: "" }, "serversSite1", "Servers in site 1 is required: a whole number from 1 to 16."],
    ["a maximum database of 0 GB", { maxDatabaseGB: "0" }, "maxDatabaseGB", "Maximum database size must be a number above 0 up to 1,000,000 GB."],
  ])("%s: a message that names the field as the pane labels it", async (_what, change, field, message) => {
    const view = await messageOf(change);
    expect(view.fieldErrors).toEqual({ [field]: message });
  });

  test("every message starts with a capital and names a field by its label, never a code name", async () => {
    const view = await messageOf({ users: "x", quotaMB: "-5", messagesPerDay: "", messageKB: "1,5", copies: "99", serversSite1: "0", serversSite2: "17", maxDatabaseGB: "a" });
    const messages = Object.values(view.fieldErrors);
    expect(messages).toHaveLength(8);
    for (const m of messages) {
      expect(m).toMatch(/^[A-Z]/);
      expect(m).not.toMatch(/^(users|quotaMB|messagesPerDay|messageKB|copies|servers|serversSite\d|maxDatabaseGB)\b/);
    }
  });

  test("the worksheet functions' own rules: the pane refuses what EX_DBSIZE refuses", async () => {
    expect(EX_DBSIZE(5000, 2048, 150, 75, 0)).toBeInstanceOf(Error);
    await messageOf({ maxDatabaseGB: "0" });
  });

  test("a choice that is not on the list is refused by name", async () => {
    const view = await messageOf({ exchangeVersion: "2007" });
    expect(view.fieldErrors).toEqual({ exchangeVersion: "Exchange version must be one of: 2010, 2013, 2016, 2019." });
  });

  test("fields that are fine alone but not together: the shared design check, in the pane's words", async () => {
    let view = await messageOf({ serversSite1: "12", serversSite2: "6" });
    expect(view.last.text).toBe("Database copies, Servers in site 1, Servers in site 2 and DAG layout: a DAG has at most 16 servers; got 12 + 6. Nothing was written.");
    expect(Object.keys(view.fieldErrors).sort()).toEqual(["copies", "dagLayout", "serversSite1", "serversSite2"]);
    view = await messageOf({ copies: "3" });
    expect(view.last.text).toMatch(/^Database copies, Servers in site 1, Servers in site 2 and DAG layout: 3 copies of each database need 3 servers, and the DAG has 2/);
    view = await messageOf({ quotaMB: "2,000,000" });
    expect(view.last.text).toMatch(/^Mailbox quota and Maximum database size: a mailbox of [\d,]+ MB on disk cannot fit a database of at most 1,024 GB; raise Maximum database size to at least [\d,]+ GB or lower the quota\. Nothing was written\.$/);
    for (const m of view.statuses.map((s) => s.text)) expect(m).not.toMatch(/quotaMB|maxDatabaseGB|MaxDatabaseGB/);
  });

  test("every bad field is reported at once, and fixed fields lose their message", async () => {
    const { view, pane } = setUp();
    await pane.loadDesign({ ...REFERENCE, users: "0", copies: "x" });
    expect(Object.keys(view.fieldErrors).sort()).toEqual(["copies", "users"]);
    await pane.loadDesign(REFERENCE);
    expect(view.fieldErrors).toEqual({});
  });
});

describe("Prepare a customer copy", () => {
  test("says in plain words that a copy opened and the live design is unchanged", async () => {
    const { host, view, pane } = setUp();
    await pane.loadDesign(REFERENCE);
    expect(await pane.prepareCustomerCopy()).toBe(true);
    expect(view.last).toMatchObject({ action: "copy", kind: "success" });
    expect(view.last.text).toMatch(/^A customer copy opened in a new window: save it and send it\. Your live design is unchanged\./);
    expect(host.createdWorkbooks).toHaveLength(1);
  });

  test("without createWorkbook (an old Excel) it says so", async () => {
    const { host, view, pane } = setUp({ excelApi: "1.7" });
    await pane.loadDesign(REFERENCE);
    expect(await pane.prepareCustomerCopy()).toBe(false);
    expect(view.last).toEqual({ action: "copy", kind: "error", text: expect.stringMatching(/^This version of Excel cannot open a new workbook from the pane/) });
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
