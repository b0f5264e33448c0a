/**
 * What the pane's three actions do and what they tell the user, apart from the DOM (taskpane.ts
 * binds it to the page), so jest can drive it against the in-memory Excel host.
 */
import { referenceDesign } from "../workbook/template";
import { openCustomerCopy } from "./customer-copy";
import { DesignLoadError, writeDesign, type WriteReport } from "./excel-writer";
import { HEADLINE_FIELDS, readHeadlineForm, type HeadlineField, type HeadlineForm } from "./headline-form";

export type StatusKind = "info" | "success" | "error";

export interface PaneView {
  setBusy(busy: boolean): void;
  showStatus(kind: StatusKind, text: string): void;
  showFieldError(field: HeadlineField, message: string | undefined): void;
}

export function loadedMessage(what: string, report: WriteReport): string {
  const where = `Loaded ${what} into sheets ${report.sheetNames.join(", ")}`;
  return report.suffix === ""
    ? `${where}. Change the yellow cells on ${report.sheetNames.find((name) => name.startsWith("Inputs")) ?? report.sheetNames[0]} and every output follows.`
    : `${where} — your existing sheets were left as they were.`;
}

/** An error in words a user can act on: our own messages as they are, Excel's with what it means. */
export function plainError(error: unknown): string {
  if (error instanceof DesignLoadError) return error.message;
  const e = error as { code?: unknown; message?: unknown } | undefined;
  const message = typeof e?.message === "string" && e.message !== "" ? e.message : String(error);
  switch (e?.code) {
    case "ItemAlreadyExists":
      return `Excel refused to add a sheet or name because one of that name already exists (it may have been added while the pane was working). Nothing of yours was changed; try again. (${message})`;
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

export class PaneController {
  constructor(private readonly view: PaneView) {}

  private async act<T>(work: () => Promise<T>, done: (result: T) => string): Promise<boolean> {
    this.view.setBusy(true);
    this.view.showStatus("info", "Working…");
    try {
      const result = await work();
      this.view.showStatus("success", done(result));
      return true;
    } catch (error) {
      this.view.showStatus("error", plainError(error));
      return false;
    } finally {
      this.view.setBusy(false);
    }
  }

  loadReference(): Promise<boolean> {
    return this.act(
      () => Excel.run((context) => writeDesign(context, (suffix) => referenceDesign({ suffix }))),
      (report) => loadedMessage("the reference design", report),
    );
  }

  async loadWithNumbers(form: HeadlineForm): Promise<boolean> {
    const checked = readHeadlineForm(form);
    for (const field of HEADLINE_FIELDS) {
      this.view.showFieldError(field, checked.ok ? undefined : checked.fieldErrors[field]);
    }
    if (!checked.ok) {
      this.view.showStatus("error", checked.formError ?? "Some of your numbers cannot size a design: see the messages beside the fields. Nothing was written.");
      return false;
    }
    return this.act(
      () => Excel.run((context) => writeDesign(context, (suffix) => referenceDesign({ inputs: checked.inputs, suffix }))),
      (report) => loadedMessage("the design with your numbers", report),
    );
  }

  prepareCustomerCopy(): Promise<boolean> {
    return this.act(
      () => openCustomerCopy(),
      (report) =>
        `A customer copy opened in a new window: save it and send it. Your live design is unchanged. (Stamped from the inputs on ${report.inputsSheet}; EXSIZE formulas became their values.)`,
    );
  }
}
