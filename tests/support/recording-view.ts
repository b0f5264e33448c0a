/**
 * The pane's view, recorded: what the controller shows (statuses, field errors, busy states, results,
 * downloads), for the in-memory-host tests of the taskpane (controller, compare).
 */
import type { Action, DownloadFile, FitChoice, PaneView, StatusKind } from "../../src/taskpane/controller";
import type { DesignField } from "../../src/taskpane/headline-form";
import type { HeadlineResults } from "../../src/taskpane/results";

export class RecordingView implements PaneView {
  statuses: { action: Action; kind: StatusKind; text: string }[] = [];
  fieldErrors: Partial<Record<DesignField, string>> = {};
  busy: (Action | undefined)[] = [];
  designPresent: boolean[] = [];
  results: HeadlineResults | undefined;
  downloads: DownloadFile[] | undefined;
  fits: FitChoice[] | undefined;
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
  offerFits(fits: FitChoice[] | undefined) {
    this.fits = fits;
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
