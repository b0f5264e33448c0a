/**
 * The task pane page: binds taskpane.html to PaneController once Office is ready. Everything the
 * buttons do lives in controller.ts; this file only reads the form and shows what it is told.
 */
import { PaneController, type PaneView, type StatusKind } from "./controller";
import { HEADLINE_FIELDS, type HeadlineForm } from "./headline-form";

const byId = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`taskpane.html has no #${id}`);
  return element as T;
};

function domView(): PaneView {
  const status = byId<HTMLDivElement>("status");
  const buttons = Array.from(document.querySelectorAll<HTMLButtonElement>("main button"));
  return {
    setBusy(busy) {
      for (const b of buttons) b.disabled = busy;
      document.querySelector("main")?.setAttribute("aria-busy", String(busy));
    },
    showStatus(kind: StatusKind, text: string) {
      status.className = kind;
      status.textContent = text;
    },
    showFieldError(field, message) {
      const input = byId<HTMLInputElement>(field);
      byId(`${field}-error`).textContent = message ?? "";
      input.setAttribute("aria-invalid", message ? "true" : "false");
    },
  };
}

function readForm(): HeadlineForm {
  return Object.fromEntries(HEADLINE_FIELDS.map((f) => [f, byId<HTMLInputElement>(f).value])) as HeadlineForm;
}

function bind(): void {
  const controller = new PaneController(domView());
  byId("load-reference").addEventListener("click", () => void controller.loadReference());
  byId<HTMLFormElement>("headline-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void controller.loadWithNumbers(readForm()).then((ok) => {
      if (!ok) {
        // Take the user to the first field that needs fixing.
        const bad = HEADLINE_FIELDS.find((f) => byId(f).getAttribute("aria-invalid") === "true");
        if (bad) byId(bad).focus();
      }
    });
  });
  byId("customer-copy").addEventListener("click", () => void controller.prepareCustomerCopy());
  // A field's message goes as soon as the user changes it; the next submit checks it again.
  for (const field of HEADLINE_FIELDS) {
    byId<HTMLInputElement>(field).addEventListener("input", () => {
      byId(`${field}-error`).textContent = "";
      byId(field).setAttribute("aria-invalid", "false");
    });
  }
}

function outsideExcel(message: string): void {
  const view = domView();
  view.setBusy(true);
  view.showStatus("error", message);
}

if (typeof Office === "undefined" || typeof Office.onReady !== "function") {
  outsideExcel("Open this pane from Excel: it fills the open workbook, so it needs Excel around it.");
} else {
  void Office.onReady((info) => {
    if (info.host === Office.HostType.Excel) bind();
    else outsideExcel("This add-in works in Excel only.");
  });
}
