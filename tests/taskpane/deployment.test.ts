/**
 * The pane's "Export the deployment" reads the design as `exsize export --from` does:
 * every input of the Inputs sheet by its defined name, checked by its rule and sized by the engine
 * (src/taskpane/deployment.ts queueDagRead → src/workbook/deployment.ts dagDesignFromWorkbook), so
 * the databases it exports are `exsize design --json`'s for the inputs in the cells — whatever a
 * calculated cell shows.
 */
import { runDesign } from "../../src/cli/design";
import { exportFiles } from "../../src/cli/export";
import { dagOf } from "../../src/cli/layout";
import { sizeDesign } from "../../src/engine/design";
import { PaneController, type Action, type DownloadFile, type PaneView, type StatusKind } from "../../src/taskpane/controller";
import { referenceForm } from "../../src/taskpane/headline-form";
import { parseCsv, settingsFor } from "../../src/workbook/deployment";
import { INPUT_CELLS, REFERENCE_DESIGN_INPUTS, RESILIENCE_CELLS, type WorkbookInputs } from "../../src/workbook/template";
import { FakeExcelHost, type FakeWorkbook } from "../support/fake-excel";
import { engineCalculation, savedFile } from "../support/fake-excel-file";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

class View implements PaneView {
  statuses: { action: Action; kind: StatusKind; text: string }[] = [];
  downloads: DownloadFile[] | undefined;
  setBusy() {}
  setDesignPresent() {}
  showStatus(action: Action, kind: StatusKind, text: string) {
    if (text !== "") this.statuses.push({ action, kind, text });
  }
  showFieldError() {}
  showResults() {}
  offerDownloads(files: DownloadFile[] | undefined) {
    this.downloads = files;
  }
  offerFits() {}
  get last() {
    return this.statuses[this.statuses.length - 1];
  }
}

let uninstall: () => void = () => undefined;
afterEach(() => uninstall());

/** The reference design loaded by the pane; `calculate` may spoil a calculated cell after Excel's calculation. */
async function loaded(after: (workbook: FakeWorkbook) => void = () => undefined) {
  const host: FakeExcelHost = FakeExcelHost.withBlankSheet({
    calculate: (workbook) => {
      engineCalculation(workbook);
      after(workbook);
    },
    file: () => savedFile(host.workbook),
  });
  uninstall = host.install();
  const view = new View();
  const pane = new PaneController(view);
  expect(await pane.loadDesign(referenceForm())).toBe(true);
  return { host, view, pane, inputs: host.workbook.sheet("Inputs")! };
}

const databaseRows = (view: View) => parseCsv(view.downloads!.find((f) => f.name === "MailboxDatabases.csv")!.text).slice(2).length;
const designJson = async (args: string[]) => {
  const lines: string[] = [];
  expect(await runDesign([...args, "--json"], { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) })).toBe(0);
  return JSON.parse(lines.join("\n"));
};

test("inputs edited in the cells: the pane exports the databases exsize design --json gives for them, the files export writes", async () => {
  const { view, pane, inputs } = await loaded();
  inputs.cell(INPUT_CELLS.users)!.value = 12500;
  inputs.cell(INPUT_CELLS.serversSite1)!.value = 6;
  inputs.cell(INPUT_CELLS.serversSite2)!.value = 3;
  inputs.cell(INPUT_CELLS.copies)!.value = 3;
  inputs.cell(INPUT_CELLS.dagLayout)!.value = "active/passive";
  inputs.cell(INPUT_CELLS.exchangeVersion)!.value = 2013;
  expect(await pane.exportDeployment()).toBe(true);
  const args = ["--users", "12500", "--servers-site1", "6", "--servers-site2", "3", "--copies", "3", "--layout", "active/passive", "--exchange-version", "2013"];
  const design = await designJson(args);
  expect(databaseRows(view)).toBe(design.design.databases);
  const changed: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, users: 12500, serversSite1: 6, serversSite2: 3, copies: 3, dagLayout: "active/passive", exchangeVersion: 2013 };
  // The volumes are the design's own (settingsFor), as exsize export lays them.
  const files = exportFiles({ design: dagOf(sizeDesign(changed)), names: { dag: "DAG01", serverPrefix: "MBX", databasePrefix: "DB" } }, settingsFor(sizeDesign(changed)));
  for (const file of view.downloads!) expect({ name: file.name, text: file.text }).toEqual({ name: file.name, text: files[file.name as keyof typeof files] });
  expect(view.last.text).toMatch(new RegExp(`\\(9 servers, ${design.design.databases} databases\\)`));
});

test("a workbook written before an input existed (no LaggedCopies, ServerDisk … names): the pane exports it with those inputs' defaults, as exsize export --from does", async () => {
  const { host, view, pane } = await loaded();
  const older = ["LaggedCopies", "LagDays", "ServerDisk", "DatabasesPerVolume", "AutoReseedDisks", "SpareDisks", "ServerDisks", "EnvironmentUsers"];
  const names = host.workbook.names as { name: string }[];
  for (let i = names.length - 1; i >= 0; i--) if (older.includes(names[i].name)) names.splice(i, 1);
  expect(names.some((n) => older.includes(n.name))).toBe(false);
  expect(await pane.exportDeployment()).toBe(true);
  const files = exportFiles({ design: dagOf(sizeDesign(REFERENCE_DESIGN_INPUTS)), names: { dag: "DAG01", serverPrefix: "MBX", databasePrefix: "DB" } }, settingsFor(sizeDesign(REFERENCE_DESIGN_INPUTS)));
  for (const file of view.downloads!) expect({ name: file.name, text: file.text }).toEqual({ name: file.name, text: files[file.name as keyof typeof files] });
});

test("a calculated cell that shows another count does not change what is deployed: the design's own databases", async () => {
  const { view, pane } = await loaded((workbook) => {
    const cell = workbook.sheet("Resilience")?.cell(RESILIENCE_CELLS.databases);
    if (cell) cell.value = 336;
  });
  expect(await pane.exportDeployment()).toBe(true);
  expect(databaseRows(view)).toBe((await designJson([])).design.databases); // 000, Table 18: 12
  expect(databaseRows(view)).toBe(12);
});

test("a lagged copy's lag that rounds to no lag is refused, naming the cell; nothing is offered", async () => {
  const { view, pane, inputs } = await loaded();
  inputs.cell(INPUT_CELLS.serversSite1)!.value = 3;
  inputs.cell(INPUT_CELLS.copies)!.value = 3;
  inputs.cell(INPUT_CELLS.laggedCopies)!.value = 1;
  inputs.cell(INPUT_CELLS.lagDays)!.value = 0.0000001;
  expect(await pane.exportDeployment()).toBe(false);
  expect(view.downloads).toBeUndefined();
  expect(view.last.text).toMatch(
    new RegExp(`^The design on sheet Inputs cannot be exported: Replay lag \\(Inputs!${INPUT_CELLS.lagDays}\\): a lagged copy's replay lag must be at least one second .*; got 0\\.0000001 days, which ReplayLagTime rounds to 0\\.00:00:00\\. Fix`),
  );
});

test("a cell its rule refuses is named by label and cell, in the rule's words; nothing is offered", async () => {
  const { view, pane, inputs } = await loaded();
  inputs.cell(INPUT_CELLS.copies)!.value = "four";
  expect(await pane.exportDeployment()).toBe(false);
  expect(view.downloads).toBeUndefined();
  expect(view.last.text).toBe(
    `The design on sheet Inputs cannot be exported: Database copies (Inputs!${INPUT_CELLS.copies}): copies must be a whole number from 1 to 16; got the text "four", which the workbook's formulas do not read as a number: type the number itself. Fix the yellow cells on Inputs (or wait for Excel to calculate), then export again.`,
  );
});
