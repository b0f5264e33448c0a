/**
 * "Use a reference design" in the pane: either preset fills the form, and a load writes the
 * preset's design — with what it sets beyond the form's fields (Dell EMC's 50 GB archive, 24 cores a
 * server) — as `exsize design --preset` sizes it.
 */
import { SUMMARY_ENVIRONMENT_CELLS } from "../../src/workbook/sheets/summary";
import { PANE_PRESETS, PaneController, presetForm, presetHint, type Action, type DownloadFile, type PaneView, type StatusKind } from "../../src/taskpane/controller";
import { referenceForm, type DesignField } from "../../src/taskpane/headline-form";
import type { HeadlineResults } from "../../src/taskpane/results";
import { INPUT_CELLS, RESILIENCE_CELLS } from "../../src/workbook/template";
import { FakeExcelHost } from "../support/fake-excel";
import { engineCalculation, savedFile } from "../support/fake-excel-file";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

class QuietView implements PaneView {
  statuses: { action: Action; kind: StatusKind; text: string }[] = [];
  fieldErrors: Partial<Record<DesignField, string>> = {};
  setBusy() {}
  setDesignPresent() {}
  showStatus(action: Action, kind: StatusKind, text: string) {
    if (text !== "") this.statuses.push({ action, kind, text });
  }
  showFieldError(field: DesignField, message: string | undefined) {
    if (message !== undefined) this.fieldErrors[field] = message;
  }
  showResults(_results: HeadlineResults | undefined) {}
  offerDownloads(_files: DownloadFile[] | undefined) {}
  offerFits() {}
}

describe("the presets the pane offers", () => {
  test("both, in the CLI's order", () => {
    expect(PANE_PRESETS.map((p) => p.name)).toEqual(["dell-2010", "dellemc-2016"]);
  });
  test("dell-2010 is the reference form", () => {
    expect(presetForm("dell-2010")).toEqual(referenceForm());
  });
  test("dellemc-2016: 7,600 mailboxes of 20 GB, 150 messages, 4 copies on 8 + 8 servers, Exchange 2016 by Microsoft's method (004_1d3a339e6fd03f64.txt §4, §5, Table 5)", () => {
    expect(presetForm("dellemc-2016")).toMatchObject({ users: "7,600", quotaMB: "20,480", messagesPerDay: "150", copies: "4", serversSite1: "8", serversSite2: "8", exchangeVersion: "2016", method: "microsoft", dagLayout: "active/active" });
    // 004 §1, §4: 100,000 mailboxes in the environment, the pane's "Mailboxes in the environment".
    expect(presetForm("dellemc-2016").environmentUsers).toBe("100,000");
  });
  test("dellemc-2016 shows its 50 GB archive (004 §5) and 2 × 12 cores a server (004 Table 3) in their fields", () => {
    expect(presetForm("dellemc-2016")).toMatchObject({ archiveMB: "51,200", coresPerServer: "24" });
  });
  test("the hints name the paper by publisher and title, never a file, and Dell EMC's its published figures (004 §4, §4.2, Table 4)", () => {
    expect(presetHint("dell-2010")).toMatch(/^The reference design: 5,000 users, .*Dell, Exchange 2010 on EqualLogic sizing guide, 3\.4\.2/);
    const hint = presetHint("dellemc-2016");
    expect(hint).toContain("Dell EMC ESRP, 100,000 mailboxes, Exchange 2016 (2016)");
    for (const figure of ["100,000 mailboxes as 14 DAGs of 7,600", "336 databases", "475, 950 and 1,086 mailboxes a server", "229 database IOPS a server", "3,666 database and 775 log IOPS a DAG", "45 disks a server (42 for databases and logs"]) {
      expect(hint).toContain(figure);
    }
    expect(hint).not.toMatch(/\d{3}_[0-9a-f]{16}/);
  });
});

describe("loading a preset", () => {
  let uninstall: () => void = () => undefined;
  afterEach(() => uninstall());

  test("dellemc-2016 writes its archive and cores with the form's inputs, and the workbook deploys 336 databases (004 §4)", async () => {
    const host: FakeExcelHost = FakeExcelHost.withBlankSheet({ calculate: engineCalculation, file: () => savedFile(host.workbook) });
    uninstall = host.install();
    const view = new QuietView();
    const pane = new PaneController(view);
    expect(await pane.loadDesign(pane.usePreset("dellemc-2016"))).toBe(true);
    const inputs = host.workbook.sheet("Inputs")!;
    expect([inputs.cell(INPUT_CELLS.users)!.value, inputs.cell(INPUT_CELLS.archiveMB)!.value, inputs.cell(INPUT_CELLS.coresPerServer)!.value]).toEqual([7600, 51200, 24]);
    expect(host.workbook.sheet("Resilience")!.cell(RESILIENCE_CELLS.databases)!.value).toBe(336);
    // The environment (004 §4, §4.1 Table 4): 100,000 mailboxes, 14 DAGs, 224 servers, 4,704 databases on the Summary.
    expect(inputs.cell(INPUT_CELLS.environmentUsers)!.value).toBe(100_000);
    const summary = host.workbook.sheet("Summary")!;
    const E = SUMMARY_ENVIRONMENT_CELLS;
    expect([E.dags, E.servers, E.databases].map((a) => summary.cell(a)!.value)).toEqual([14, 224, 4704]);
  });

  test("using dell-2010 after it forgets Dell EMC's archive", async () => {
    const host: FakeExcelHost = FakeExcelHost.withBlankSheet({ calculate: engineCalculation, file: () => savedFile(host.workbook) });
    uninstall = host.install();
    const pane = new PaneController(new QuietView());
    pane.usePreset("dellemc-2016");
    expect(await pane.loadDesign(pane.usePreset("dell-2010"))).toBe(true);
    const inputs = host.workbook.sheet("Inputs")!;
    expect([inputs.cell(INPUT_CELLS.users)!.value, inputs.cell(INPUT_CELLS.archiveMB)!.value]).toEqual([5000, 0]);
  });
});
