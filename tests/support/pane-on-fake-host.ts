/**
 * The pane's controller over the in-memory Excel host (which calculates what is written as Excel
 * would, and saves the file as the add-in would get it) with a recorded view, for the taskpane's
 * action tests. Call at a test file's top: it uninstalls the host after each test.
 */
import { PaneController } from "../../src/taskpane/controller";
import { FakeExcelHost } from "./fake-excel";
import { engineCalculation, savedFile } from "./fake-excel-file";
import { RecordingView } from "./recording-view";

export function paneOnFakeHost(): () => { host: FakeExcelHost; view: RecordingView; pane: PaneController } {
  let uninstall: () => void = () => undefined;
  afterEach(() => uninstall());
  return () => {
    const host: FakeExcelHost = FakeExcelHost.withBlankSheet({ calculate: engineCalculation, file: () => savedFile(host.workbook) });
    uninstall = host.install();
    const view = new RecordingView();
    return { host, view, pane: new PaneController(view) };
  };
}
