/**
 * What the pane's actions do and what they tell the user, apart from the DOM (taskpane.ts binds it
 * to the page), so jest can drive it against the in-memory Excel host.
 *
 * - Load a design: check the form, write the design (two syncs), read back the Summary's answers
 *   (one more sync) and show them.
 * - Refresh results: find the design in the workbook and read its answers again (two syncs).
 * - Prepare a customer copy: customer-copy.ts, enabled only once a design exists in the workbook,
 *   found by its defined names.
 */
import { templateSheetNames, referenceDesign } from "../workbook/template";
import { designSuffixes, openCustomerCopy } from "./customer-copy";
import { DesignLoadError, writeDesign, type WriteReport } from "./excel-writer";
import { DESIGN_FIELDS, readDesignForm, type DesignField, type DesignForm } from "./headline-form";
import { queueSummaryRead, type HeadlineResults } from "./results";

export type StatusKind = "info" | "success" | "error";
export type Action = "load" | "refresh" | "copy";
const ACTIONS: readonly Action[] = ["load", "refresh", "copy"];

export interface PaneView {
  /** The action whose button shows the spinner; every action is disabled while one runs. undefined: none. */
  setBusy(action: Action | undefined): void;
  /** Whether a design exists in the workbook: Refresh results and the customer copy need one. */
  setDesignPresent(present: boolean): void;
  /** A message under the action's own button (empty text clears it). */
  showStatus(action: Action, kind: StatusKind, text: string): void;
  showFieldError(field: DesignField, message: string | undefined): void;
  /** The headline answer, or what keeps Excel from having computed it; undefined hides it. */
  showResults(results: HeadlineResults | undefined): void;
}

export function loadedMessage(report: WriteReport): string {
  const sheets = templateSheetNames(report.suffix);
  const where = `Loaded into sheets ${report.sheetNames.join(", ")}`;
  return report.suffix === ""
    ? `${where}. Change the yellow cells on ${sheets.inputs} and every output follows.`
    : `${where}; your existing sheets were left as they were. Change the yellow cells on ${sheets.inputs} and every output follows.`;
}

/** An error in words a user can act on: our own messages as they are, Excel's with what it means. */
export function plainError(error: unknown): string {
  if (error instanceof DesignLoadError) return error.message;
  const e = error as { code?: unknown; message?: unknown } | undefined;
  const message = typeof e?.message === "string" && e.message !== "" ? e.message : String(error);
  switch (e?.code) {
    case "ItemAlreadyExists":
      return `Excel refused to add a sheet or name because one of that name already exists (it may have been added while the pane was working). Nothing of yours was changed; try again. (${message})`;
    case "ItemNotFound":
      return `The design's sheets changed while the pane was reading them (was a sheet renamed or deleted?). Press Refresh results to look again. (${message})`;
    case "ApiNotFound":
      return `This version of Excel does not offer what the pane needs: ${message}`;
    case "InvalidArgument":
      return `Excel refused part of the design: ${message}`;
    case "AccessDenied":
    case "InsertDeleteConflict":
      return `Excel would not change the workbook right now (is a cell being edited, or the workbook protected?): ${message}`;
    default:
      return `Something went wrong: ${message}`;
  }
}

/** The copy the user is looking at (the active sheet is one of its sheets), else the last one loaded. */
function chooseDesign(suffixes: readonly string[], activeSheet: string): string | undefined {
  const looking = suffixes.find((suffix) => Object.values(templateSheetNames(suffix)).includes(activeSheet));
  return looking ?? suffixes[suffixes.length - 1];
}

export class PaneController {
  private busy = false;
  constructor(private readonly view: PaneView) {}

  private async act<T>(action: Action, work: () => Promise<T>, done: (result: T) => string | undefined): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.view.setBusy(action);
    for (const a of ACTIONS) this.view.showStatus(a, "info", "");
    try {
      const result = await work();
      const text = done(result);
      if (text !== undefined) this.view.showStatus(action, "success", text);
      return true;
    } catch (error) {
      this.view.showStatus(action, "error", plainError(error));
      return false;
    } finally {
      this.busy = false;
      this.view.setBusy(undefined);
    }
  }

  /** Check the form and, when it holds, load the design and show what Excel computed. */
  async loadDesign(form: DesignForm): Promise<boolean> {
    if (this.busy) return false;
    const checked = readDesignForm(form);
    for (const field of DESIGN_FIELDS) this.view.showFieldError(field, checked.ok ? undefined : checked.fieldErrors[field]);
    if (!checked.ok) {
      const text = checked.formErrors.length > 0 ? checked.formErrors.join(" ") : "Some fields cannot size a design: see the messages beside them.";
      this.view.showStatus("load", "error", `${text} Nothing was written.`);
      return false;
    }
    return this.act(
      "load",
      () =>
        Excel.run(async (context) => {
          const report = await writeDesign(context, (suffix) => referenceDesign({ inputs: checked.inputs, suffix }));
          const summary = queueSummaryRead(context, report.suffix);
          await context.sync();
          return { report, results: summary.read() };
        }),
      ({ report, results }) => {
        this.view.setDesignPresent(true);
        this.view.showResults(results);
        return loadedMessage(report);
      },
    );
  }

  /**
   * Read the answers of the design in the workbook again. `quiet` (when the pane opens): no message
   * when there is no design, only the buttons follow.
   */
  refreshResults(quiet = false): Promise<boolean> {
    return this.act(
      "refresh",
      () =>
        Excel.run(async (context) => {
          const worksheets = context.workbook.worksheets.load("items/name");
          const names = context.workbook.names.load("items/name");
          const active = context.workbook.worksheets.getActiveWorksheet().load("name");
          await context.sync();
          const suffixes = designSuffixes(
            worksheets.items.map((w) => w.name),
            names.items.map((n) => n.name),
          );
          const suffix = chooseDesign(suffixes, active.name);
          if (suffix === undefined) return undefined;
          const summary = queueSummaryRead(context, suffix);
          await context.sync();
          return summary.read();
        }),
      (results) => {
        this.view.setDesignPresent(results !== undefined);
        this.view.showResults(results);
        if (results === undefined) return quiet ? undefined : "This workbook has no design yet: load one above.";
        return quiet ? undefined : results.state === "ok" ? `Read from sheet ${results.sheet}.` : undefined;
      },
    );
  }

  prepareCustomerCopy(): Promise<boolean> {
    return this.act(
      "copy",
      () => openCustomerCopy(),
      (report) =>
        [
          `A customer copy opened in a new window: save it and send it. Your live design is unchanged. (Stamped from the inputs on ${report.inputsSheet}; EXSIZE formulas became Excel's own.)`,
          // What else the copy did: cells of the user's own frozen to their values, rules removed (describeCustomerCopy).
          ...report.lines.filter((line) => !/became Excel formulas/.test(line)),
        ].join(" "),
    );
  }
}
