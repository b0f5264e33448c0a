/**
 * The pane's actions and what they tell the user, against the in-memory Excel host, with a view that
 * records what the page would show.
 */
import { EX_DBSIZE, EX_IOPS } from "../../src/functions";
import { PaneController, plainError } from "../../src/taskpane/controller";
import { DESIGN_FIELDS, readDesignForm, referenceForm, type DesignField, type DesignForm } from "../../src/taskpane/headline-form";
import { INPUTS } from "../../src/engine/catalogue";
import { DESIGN_CELLS, INPUT_CELLS, REFERENCE_DESIGN_INPUTS, RESILIENCE_CELLS, SUMMARY_CELLS, templateSheetNames } from "../../src/workbook/template";
import { csvField, DEPLOYMENT_FILE_NAMES, deploymentTable, parseCsv, type DeploymentFiles } from "../../src/workbook/deployment";
import { queueDeploymentSheets } from "../../src/taskpane/deployment";
import { exportFiles } from "../../src/cli/export";
import { dagOf } from "../../src/cli/layout";
import { sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { FakeExcelHost, FakeOfficeError, type FakeHostOptions, type FakeWorkbook } from "../support/fake-excel";
import { engineCalculation, savedFile } from "../support/fake-excel-file";
import { RecordingView } from "../support/recording-view";
import { WORKBOOK_MS } from "../support/timeouts";

// Loads designs into the fake Excel host, which calculates them with the evaluator: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

/** The template's sheets, in order, for a suffix. */
const templateSheetList = (suffix: string): string[] => Object.values(templateSheetNames(suffix));

let uninstall: () => void = () => undefined;
afterEach(() => uninstall());

function setUp(options: FakeHostOptions = {}) {
  const host: FakeExcelHost = FakeExcelHost.withBlankSheet({ calculate: engineCalculation, file: () => savedFile(host.workbook), ...options });
  uninstall = host.install();
  const view = new RecordingView();
  return { host, view, pane: new PaneController(view) };
}

const REFERENCE: DesignForm = referenceForm();
// 004_1d3a339e6fd03f64.txt, 4 and 4.1: 7,600 mailboxes, 8 + 8 servers, 4 copies, active/active (the rest the reference design's).
const INPUTS_004 = { ...REFERENCE_DESIGN_INPUTS, users: 7600, copies: 4, serversSite1: 8, serversSite2: 8 as const, dagLayout: "active/active" as const };

/** Excel's calculation without the add-in's functions loaded: every EXSIZE cell, and what follows it, is `code`. */
const calculationShowing = (code: string) => (workbook: FakeWorkbook) => {
  engineCalculation(workbook);
  for (const sheet of workbook.sheets) for (const cell of sheet.cells.values()) if (cell.formula !== undefined) cell.value = code;
};

describe("Load a design", () => {
  test("the form opens with every input of the reference design, numbers as a person writes them", () => {
    // Every input the catalogue puts in the pane has a field, and the form reads back as the reference design.
    expect(Object.keys(REFERENCE).sort()).toEqual(INPUTS.filter((i) => i.inPane !== false).map((i) => i.key).sort());
    const read = readDesignForm(REFERENCE);
    if (!read.ok) throw new Error(JSON.stringify(read));
    // The document's empty texts are left out of what the form reads (the design's defaults).
    const readKeys = Object.keys(REFERENCE).filter((k) => !["title", "preparedFor", "preparedBy"].includes(k));
    expect(read.inputs).toEqual(Object.fromEntries(readKeys.map((k) => [k, REFERENCE_DESIGN_INPUTS[k as keyof WorkbookInputs]])));
    // As a person writes them: thousands grouped, a blank for an empty input, choices as spelt (000_72e1ddb9bbd1ecac.txt, 3.4.2).
    expect(REFERENCE).toMatchObject({ users: "5,000", quotaMB: "2,048", maxDatabaseGB: "1,024", readRatio: "0.6", serversSite2: "", databasesPerDag: "", environmentUsers: "", exchangeVersion: "2010", dagLayout: "active/active", serverDisk: '4TB 7.2K RPM SAS 3.5"', title: "" });
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
    expect(host.workbook.sheet("Design")!.cell(DESIGN_CELLS.dellDagDatabaseIops)!.value).toBe(EX_IOPS(7500, 150, 3, "dag"));
  });

  test("every input of the form lands on the Inputs sheet: a two-site Exchange 2019 design", async () => {
    const { host, view, pane } = setUp();
    const form: DesignForm = {
      users: "12,500", quotaMB: "10240", messagesPerDay: "200", messageKB: "75.5", exchangeVersion: "2019", copies: "3", laggedCopies: "1", lagDays: "10", replayLagManager: "yes", environmentUsers: "40,000",
      serversSite1: "6", serversSite2: "3", maxDatabaseGB: "2,000", maxDatabaseSizeConfiguration: "custom", dagLayout: "active/passive",
      arrayRaid: "RAID10", spindleRaid: "RAID6", arrayModel: "PS6000XV 600GB", spindleDisk: "15K", method: "dell",
      serverDisk: '6TB 7.2K RPM SAS 3.5"', considerJbod: "no", databasesPerVolume: "2", autoReseedDisks: "2", spareDisks: "0", edition: "Enterprise", mcdb: "off", iopsMultiplier: "1.25", virtualization: "yes",
      title: "Contoso mail 2027", preparedFor: "Contoso", preparedBy: "J. Doe", serverSizing: "never less",
    };
    expect(await pane.loadDesign(form)).toBe(true);
    const inputs = host.workbook.sheet("Inputs")!;
    expect(Object.fromEntries(DESIGN_FIELDS.map((f) => [f, inputs.cell(INPUT_CELLS[f])!.value]))).toEqual({
      users: 12500, quotaMB: 10240, messagesPerDay: 200, messageKB: 75.5, exchangeVersion: 2019, copies: 3, laggedCopies: 1, lagDays: 10, replayLagManager: "yes", environmentUsers: 40000,
      serversSite1: 6, serversSite2: 3, maxDatabaseGB: 2000, maxDatabaseSizeConfiguration: "custom", dagLayout: "active/passive", databasesPerDag: "",
      arrayRaid: "RAID10", spindleRaid: "RAID6", arrayModel: "PS6000XV 600GB", spindleDisk: "15K", method: "dell",
      serverDisk: '6TB 7.2K RPM SAS 3.5"', considerJbod: "no", databasesPerVolume: 2, autoReseedDisks: 2, spareDisks: 0, edition: "Enterprise", mcdb: "off", iopsMultiplier: 1.25, virtualization: "yes",
      title: "Contoso mail 2027", preparedFor: "Contoso", preparedBy: "J. Doe", serverSizing: "never less",
      // Every input this form leaves out (an older caller's form lacks them) keeps the reference design's.
      ...Object.fromEntries(DESIGN_FIELDS.filter((f) => !(f in form)).map((f) => [f, REFERENCE_DESIGN_INPUTS[f as keyof typeof REFERENCE_DESIGN_INPUTS]])),
    });
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

describe("after a failed load the previous design's results are marked stale", () => {
  const STALE = /^These results are from the design on sheet Summary, loaded before: the last load failed, so they are not the answer for the inputs above\.$/;

  test("a form the checks refuse: the answer shown stays, marked as the previous design's", async () => {
    const { view, pane } = setUp();
    await pane.loadDesign(REFERENCE);
    const before = view.answer;
    expect(await pane.loadDesign({ ...REFERENCE, users: "lots" })).toBe(false);
    expect(view.results).toMatchObject({ state: "ok", sheet: "Summary", stale: expect.stringMatching(STALE) });
    expect(view.answer).toEqual(before);
  });

  test("Excel refusing the load: marked the same way; the next good load clears the mark", async () => {
    const { host, view, pane } = setUp();
    await pane.loadDesign(REFERENCE);
    host.options.excelApi = "1.3"; // the design needs ExcelApi 1.4
    expect(await pane.loadDesign({ ...REFERENCE, users: "7,500" })).toBe(false);
    expect(view.results).toMatchObject({ state: "ok", sheet: "Summary", stale: expect.stringMatching(STALE) });
    host.options.excelApi = "1.10";
    expect(await pane.loadDesign({ ...REFERENCE, users: "7,500" })).toBe(true);
    expect(view.results).toMatchObject({ state: "ok", sheet: "Summary 2" });
    expect(view.results).not.toHaveProperty("stale");
  });

  test("with no results shown, a failed load shows none", async () => {
    const { view, pane } = setUp();
    expect(await pane.loadDesign({ ...REFERENCE, users: "lots" })).toBe(false);
    expect(view.results).toBeUndefined();
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
    ["a negative message rate", { messagesPerDay: "-1" }, "messagesPerDay", "Messages per day must be a number from 0 to 100,000."],
    ["a zero message size", { messageKB: "0" }, "messageKB", "Average message size must be a number above 0 up to 1,000,000 KB."],
    ["a decimal comma", { messageKB: "75,5" }, "messageKB", "Average message size: use a point for decimals (75.5), or commas only between groups of three digits."],
    ["a comma in the wrong place", { users: "50,00" }, "users", "Users: use a point for decimals (50.00), or commas only between groups of three digits."],
    ["17 copies (a DAG has at most 16)", { copies: "17" }, "copies", "Database copies must be a whole number from 1 to 16."],
    ["no servers in site 1", { serversSite1: "" }, "serversSite1", "Mailbox servers, site 1 is required: a whole number from 1 to 16."],
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
    expect(view.fieldErrors).toEqual({ exchangeVersion: "Exchange version must be one of: 2010, 2013, 2016, 2019, Server SE." });
  });

  test("fields that are fine alone but not together: the shared design check, in the pane's words", async () => {
    let view = await messageOf({ serversSite1: "12", serversSite2: "6" });
    // Too many servers blames the servers alone, as the CLI does.
    expect(view.last.text).toBe("Mailbox servers, site 1 and Mailbox servers, site 2: a DAG has at most 16 servers; got 12 + 6. Nothing was written.");
    expect(Object.keys(view.fieldErrors).sort()).toEqual(["serversSite1", "serversSite2"]);
    view = await messageOf({ copies: "3" });
    expect(view.last.text).toMatch(/^Database copies, Mailbox servers, site 1, Mailbox servers, site 2 and DAG layout: 3 copies of each database need 3 servers, and the DAG has 2/);
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

describe("Export the deployment", () => {
  // 004_1d3a339e6fd03f64.txt, 4 and 4.1: 7,600 mailboxes, 8 + 8 servers, 4 copies, active/active.
  const FORM_004: DesignForm = { ...REFERENCE, users: "7,600", copies: "4", serversSite1: "8", serversSite2: "8", dagLayout: "active/active" };
  /** The files exsize export writes for FORM_004: its own databases, sized once. */
  const FILES_004 = () => exportFiles({ design: dagOf(sizeDesign(INPUTS_004)), names: { dag: "DAG01", serverPrefix: "MBX", databasePrefix: "DB" } });
  const resilience = (host: FakeExcelHost, suffix = "") => host.workbook.sheet(templateSheetNames(suffix).resilience)!;
  /** Every sheet of the workbook, as a comparable picture. */
  const pictures = (host: FakeExcelHost) => Object.fromEntries(host.workbook.sheets.map((s) => [s.name, host.workbook.snapshot(s.name)]));

  /** A loaded 004 design, counters reset; the DAG's databases as Excel calculated them (or `databases` in their place). */
  async function loaded004(databases?: number, options: FakeHostOptions = {}) {
    const calculate = (workbook: FakeWorkbook) => {
      engineCalculation(workbook);
      const cell = workbook.sheet("Resilience")?.cell(RESILIENCE_CELLS.databases);
      if (cell && databases !== undefined) cell.value = databases;
    };
    const set = setUp({ calculate, ...options });
    expect(await set.pane.loadDesign(FORM_004)).toBe(true);
    set.host.resetCounters();
    return set;
  }

  test("reads the design in two syncs (find it, then its inputs) and offers the four files exsize export writes, whatever a calculated cell shows", async () => {
    const { host, view, pane } = await loaded004(336);
    const before = pictures(host);
    expect(await pane.exportDeployment()).toBe(true);
    expect(host.syncCount).toBe(2);
    expect(host.unsyncedOperations).toBe(0);
    expect(pictures(host)).toEqual(before); // nothing written
    const files = FILES_004();
    expect(view.downloads?.map((f) => f.name)).toEqual(["Servers.csv", "MailboxDatabases.csv", "MailboxDatabaseCopies.csv", "Deploy-Dag.ps1"]);
    for (const file of view.downloads!) expect(file.text).toBe(files[file.name as keyof typeof files]);
    expect(view.downloads!.map((f) => f.type)).toEqual(["text/csv;charset=utf-8", "text/csv;charset=utf-8", "text/csv;charset=utf-8", "text/plain;charset=utf-8"]);
    expect(view.last).toEqual({ action: "export", kind: "success", text: `Four files from the design on Inputs (16 servers, ${sizeDesign(INPUTS_004).databases} databases): download each below. If Excel saves nothing, use Put the deployment on sheets.` });
    expect(view.busy).toEqual(["load", undefined, "export", undefined]);
  });

  test("the database count is the Resilience sheet's, as Excel calculated it for the design", async () => {
    const { host, view, pane } = await loaded004();
    const count = resilience(host).cell(RESILIENCE_CELLS.databases)!.value as number;
    expect(count % 16).toBe(0); // balanced: every server the same number of actives
    await pane.exportDeployment();
    const rows = view.downloads![1].text.split("\r\n").filter((l) => l !== "");
    expect(rows).toHaveLength(2 + count);
    expect(count).toBe(sizeDesign(INPUTS_004).databases);
    expect(view.downloads!.map((f) => f.text)).toEqual(Object.values(FILES_004()));
  });

  test("the reference design (one site, two servers, two copies) with the pane's names", async () => {
    const { host, view, pane } = setUp();
    await pane.loadDesign(REFERENCE);
    expect(await pane.exportDeployment({ dag: "DAG-HQ", serverPrefix: "EXMB", databasePrefix: "" })).toBe(true);
    const count = resilience(host).cell(RESILIENCE_CELLS.databases)!.value as number;
    expect(count).toBe(sizeDesign(REFERENCE_DESIGN_INPUTS).databases);
    const files = exportFiles({ design: dagOf(sizeDesign(REFERENCE_DESIGN_INPUTS)), names: { dag: "DAG-HQ", serverPrefix: "EXMB", databasePrefix: "DB" } });
    expect(view.downloads!.map((f) => f.text)).toEqual(Object.values(files));
    expect(view.downloads![3].text).toMatch(/^# DAG-HQ: 2 servers, 2 copies/);
    expect(view.downloads![0].text.split("\r\n")[2]).toMatch(/^"EXMB01",/);
  });

  test("a name on two lines is refused before Excel is asked anything", async () => {
    const { host, view, pane } = await loaded004();
    expect(await pane.exportDeployment({ serverPrefix: "MB\tX", dag: "A\nB" })).toBe(false);
    expect(host.syncCount).toBe(0);
    expect(view.last).toEqual({ action: "export", kind: "error", text: "The DAG's name must be on one line; The server prefix must be on one line. Nothing was exported." });
  });

  test("names that would be formulas or split a CSV list are refused before Excel is asked anything", async () => {
    const { host, view, pane } = await loaded004();
    expect(await pane.exportDeployment({ dag: '=HYPERLINK("http://evil.example","x")', serverPrefix: "+MBX", databasePrefix: "a,b" })).toBe(false);
    expect(await pane.putDeploymentOnSheets({ databasePrefix: "@SUM(A1)" })).toBe(false);
    expect(host.syncCount).toBe(0);
    expect(view.statuses.slice(-2)).toEqual([
      {
        action: "export",
        kind: "error",
        text:
          "The DAG's name must be letters, digits and hyphens, with no hyphen first or last (the DAG's name is a Windows computer name); " +
          "The server prefix must be letters, digits and hyphens, with no hyphen first (a server's name is its Windows computer name, with two digits after the prefix); " +
          "The database prefix must not contain a comma (Servers.csv lists each server's databases separated by commas). Nothing was exported.",
      },
      { action: "sheets", kind: "error", text: "The database prefix must not start with = + - @ or a space (a spreadsheet would read it as a formula). Nothing was exported." },
    ]);
  });

  test("with no design in the workbook it says so after one sync", async () => {
    const { host, view, pane } = setUp();
    expect(await pane.exportDeployment()).toBe(false);
    expect(host.syncCount).toBe(1);
    expect(view.last).toEqual({ action: "export", kind: "error", text: "This workbook has no design to export yet: load one above, then export." });
    expect(view.downloads).toBeUndefined();
  });

  test("inputs that cannot make a DAG are named in the message, and no file is offered", async () => {
    const { host, view, pane } = await loaded004(336);
    await pane.exportDeployment();
    expect(view.downloads).toHaveLength(4);
    host.workbook.sheet("Inputs")!.cell(INPUT_CELLS.copies)!.value = "four";
    expect(await pane.exportDeployment()).toBe(false);
    expect(view.downloads).toBeUndefined();
    expect(view.last.text).toBe(
      `The design on sheet Inputs cannot be exported: Database copies (Inputs!${INPUT_CELLS.copies}): copies must be a whole number from 1 to 16; got the text "four", which the workbook's formulas do not read as a number: type the number itself. Fix the yellow cells on Inputs (or wait for Excel to calculate), then export again.`,
    );
    host.workbook.sheet("Inputs")!.cell(INPUT_CELLS.copies)!.value = 4;
    host.workbook.sheet("Inputs")!.cell(INPUT_CELLS.serversSite2)!.value = 1; // 3 copies in site 1 and… the design check's
    host.workbook.sheet("Inputs")!.cell(INPUT_CELLS.serversSite1)!.value = 1;
    expect(await pane.exportDeployment()).toBe(false);
    expect(view.last.text).toMatch(
      new RegExp(`^The design on sheet Inputs cannot be exported: copies and servers: 4 copies of each database need 4 servers, and the DAG has 2: .+ \\(Database copies \\(Inputs!${INPUT_CELLS.copies}\\), .+\\)\\. Fix the yellow cells on Inputs`),
    );
  });

  test("with manual calculation Excel calculates first, in the read's batch", async () => {
    const { host, pane } = await loaded004(336);
    host.calculationMode = "Manual";
    expect(await pane.exportDeployment()).toBe(true);
    expect(host.calculations).toEqual(["Full"]);
    expect(host.syncCount).toBe(2);
  });

  test("exports the design the user is looking at", async () => {
    const { host, view, pane } = setUp();
    await pane.loadDesign(REFERENCE);
    await pane.loadDesign(FORM_004);
    host.workbook.activeSheet = "Summary";
    await pane.exportDeployment();
    expect(view.last.text).toMatch(/^Four files from the design on Inputs \(2 servers/);
    host.workbook.activeSheet = "Resilience 2";
    await pane.exportDeployment();
    expect(view.last.text).toMatch(/^Four files from the design on Inputs 2 \(16 servers/);
  });
});

describe("Put the deployment on sheets", () => {
  const FORM_004: DesignForm = { ...REFERENCE, users: "7,600", copies: "4", serversSite1: "8", serversSite2: "8", dagLayout: "active/active" };
  const pictures = (host: FakeExcelHost) => Object.fromEntries(host.workbook.sheets.map((s) => [s.name, host.workbook.snapshot(s.name)]));
  const SHEETS = ["Export Servers", "Export Databases", "Export Copies", "Export script"];
  /** The sheet's cells as rows of text, from A1: what File > Save a Copy > CSV saves, field by field. */
  const rowsOf = (host: FakeExcelHost, name: string): unknown[][] => {
    const sheet = host.workbook.sheet(name)!;
    const rows: unknown[][] = [];
    for (const [address, cell] of sheet.cells) {
      const m = /^([A-Z]+)(\d+)$/.exec(address)!;
      const column = [...m[1]].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      (rows[Number(m[2]) - 1] ??= [])[column] = cell.value;
    }
    return rows;
  };

  async function loaded(options: FakeHostOptions = {}) {
    const calculate = (workbook: FakeWorkbook) => {
      engineCalculation(workbook);
      const cell = workbook.sheet("Resilience")?.cell(RESILIENCE_CELLS.databases);
      if (cell) cell.value = 336;
    };
    const set = setUp({ calculate, ...options });
    await set.pane.loadDesign(FORM_004);
    set.host.resetCounters();
    return set;
  }

  test("writes each file on a new sheet in one sync after the read, every cell the file's text; no other sheet changes", async () => {
    const { host, view, pane } = await loaded();
    const before = pictures(host);
    const done = await pane.putDeploymentOnSheets();
    expect(view.last).toEqual({ action: "sheets", kind: "success", text: expect.any(String) });
    expect(done).toBe(true);
    expect(host.syncCount).toBe(3); // find, read, write
    expect(host.unsyncedOperations).toBe(0);
    const after = pictures(host);
    for (const [name, picture] of Object.entries(before)) expect(after[name]).toBe(picture);
    expect(host.workbook.sheets.map((s) => s.name).slice(-4)).toEqual(SHEETS);
    expect(host.workbook.activeSheet).toBe("Export Servers");

    const files = exportFiles({ design: dagOf(sizeDesign(INPUTS_004)), names: { dag: "DAG01", serverPrefix: "MBX", databasePrefix: "DB" } });
    DEPLOYMENT_FILE_NAMES.forEach((file, i) => expect(rowsOf(host, SHEETS[i])).toEqual(deploymentTable(file, files[file])));
    // Text stays text: the version row's 2.1, TRUE and the lag times are as the calculator writes them.
    const databases = rowsOf(host, "Export Databases");
    expect(databases[1].slice(0, 3)).toEqual(["VersionNumber", "2.1", "7.6"]);
    expect(databases[2][7]).toBe("TRUE");
    expect(databases[2][4]).toBe("14.00:00:00");
    expect(host.workbook.sheet("Export Servers")!.cell("B3")).toMatchObject({ value: "5", numberFormat: "@" });
    // Saved as CSV (Excel quotes only fields that need it), each sheet reads back as its file.
    const saved = (name: string) => rowsOf(host, name).map((r) => r.map((v) => (/[",\r\n]/.test(String(v)) ? csvField(String(v)) : String(v))).join(",")).join("\r\n") + "\r\n";
    expect(parseCsv(saved("Export Copies"))).toEqual(parseCsv(files["MailboxDatabaseCopies.csv"]));
    expect(rowsOf(host, "Export script").map((r) => r[0]).join("\r\n") + "\r\n").toBe(files["Deploy-Dag.ps1"]);
    expect(view.last).toEqual({
      action: "sheets",
      kind: "success",
      text:
        "Written to new sheets Export Servers, Export Databases, Export Copies, Export script; your other sheets were not changed. Save each of the first three as CSV under the file name it names (select A1 of each to read its note): " +
        "File > Save a Copy > CSV (Comma delimited). Copy column A of Export script into Deploy-Dag.ps1.",
    });
  });

  test("each sheet's note is an input message on A1, never a cell (a cell would go into the CSV); the header row stays in view", async () => {
    const { host, pane } = await loaded();
    await pane.putDeploymentOnSheets();
    const servers = host.workbook.sheet("Export Servers")!;
    expect(servers.dataValidations.get("A1")?.prompt).toEqual({ showPrompt: true, title: "Save this sheet as CSV", message: expect.stringMatching(/^Save this sheet as CSV to get Servers\.csv: File > Save a Copy > CSV \(Comma delimited\)\./) });
    expect(servers.frozenRows).toBe(2);
    expect(host.workbook.sheet("Export script")!.dataValidations.get("A1")?.prompt).toMatchObject({ title: "Copy into Deploy-Dag.ps1" });
    for (const name of SHEETS) expect([...host.workbook.sheet(name)!.dataValidations.keys()]).toEqual(["A1"]);
  });

  test("an Excel without input messages (ExcelApi 1.7) gets the sheets without notes, and the pane does not mention them", async () => {
    const { host, view, pane } = await loaded({ excelApi: "1.7" });
    expect(await pane.putDeploymentOnSheets()).toBe(true);
    expect(host.workbook.sheet("Export Servers")!.dataValidations.size).toBe(0);
    expect(view.last.text).not.toContain("select A1");
  });

  test("a second export, or a sheet of the user's named Export Servers, goes beside: the user's sheet is untouched", async () => {
    const { host, pane } = await loaded();
    host.workbook.addSheet("export servers").cells.set("A1", { value: "mine", numberFormat: "General" });
    const mine = host.workbook.snapshot("export servers");
    await pane.putDeploymentOnSheets();
    expect(host.workbook.sheets.map((s) => s.name).slice(-4)).toEqual(SHEETS.map((s) => `${s} 2`));
    await pane.putDeploymentOnSheets();
    expect(host.workbook.sheets.map((s) => s.name).slice(-4)).toEqual(SHEETS.map((s) => `${s} 3`));
    expect(host.workbook.snapshot("export servers")).toBe(mine);
  });

  test("text that Excel would read as a formula lands as text: no cell of the sheets is a formula", async () => {
    // The names the pane accepts cannot start so (above); this is the writer's own guard, for any text.
    const { host } = setUp();
    const hostile = ['=HYPERLINK("http://evil.example","x")', "+1+1", "-2+3", "@SUM(A1)", "\t=1", "=1", "'quoted", "-"];
    const csv = `${hostile.map(csvField).join(",")}\r\n${hostile.map(csvField).join(",")}\r\n`;
    const files: DeploymentFiles = { "Servers.csv": csv, "MailboxDatabases.csv": csv, "MailboxDatabaseCopies.csv": csv, "Deploy-Dag.ps1": `${hostile.join("\r\n")}\r\n` };
    await Excel.run(async (context) => {
      queueDeploymentSheets(context, files, ["Sheet1"]);
      await context.sync();
    });
    DEPLOYMENT_FILE_NAMES.forEach((file, i) => {
      const sheet = host.workbook.sheet(SHEETS[i])!;
      for (const [address, cell] of sheet.cells) expect([address, cell.formula]).toEqual([address, undefined]);
      expect(rowsOf(host, SHEETS[i])).toEqual(deploymentTable(file, files[file]));
    });
    expect(host.rangeWrites.get("formulas")).toBeUndefined(); // values, never formulas
  });

  test("with no design it writes nothing", async () => {
    const { host, view, pane } = setUp();
    expect(await pane.putDeploymentOnSheets()).toBe(false);
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
    expect(view.last).toMatchObject({ action: "sheets", kind: "error" });
  });
});
