/**
 * The task pane page: builds the form from the field table (headline-form.ts), binds taskpane.html
 * to PaneController once Office is ready, and shows what the controller tells it. Everything the
 * buttons do lives in controller.ts.
 */
import { cite } from "../engine/papers";
import { REFERENCE_DESIGN_INPUTS } from "../workbook/template";
import { PANE_PRESETS, PaneController, VARY_FIELDS, presetHint, varyHint, type Action, type DeploymentNameForm, type DownloadFile, type FitChoice, type PaneView, type StatusKind } from "./controller";
import type { PresetName } from "../engine/design";
import { DESIGN_FIELDS, FORM_FIELDS, GROUP_TITLES, fieldOf, formatTyped, referenceForm, type DesignField, type DesignForm, type FieldGroup, type FormField } from "./headline-form";
import type { HeadlineResults } from "./results";

/** package.json's version, put in at build time by webpack's DefinePlugin. */
declare const __ADDIN_VERSION__: string | undefined;
const VERSION = typeof __ADDIN_VERSION__ === "string" ? __ADDIN_VERSION__ : "development";

const BUTTONS: Record<Action, string> = { load: "load-design", refresh: "refresh", copy: "customer-copy", export: "export-deployment", sheets: "deployment-sheets", compare: "compare-designs", fit: "find-design", open: "open-calculator", read: "read-calculator" };
const STATUSES: Record<Action, string> = { load: "load-status", refresh: "refresh-status", copy: "copy-status", export: "export-status", sheets: "sheets-status", compare: "compare-status", fit: "fit-status", open: "open-status", read: "open-status" };
/** Actions that work from the form, with no design in the workbook yet. */
const FROM_FORM: ReadonlySet<Action> = new Set<Action>(["load", "compare", "fit", "open", "read"]);

const byId = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`taskpane.html has no #${id}`);
  return element as T;
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<Record<string, string>> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) e.setAttribute(name, value);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** One field: label, the control (with its unit), a hint where it has one, and its error line. */
function fieldElement(field: FormField, value: string): HTMLElement {
  const id = field.key;
  const wrapper = element("div", { class: "field" });
  wrapper.append(element("label", { for: id, id: `${id}-label` }, field.label));
  const control = element("div", { class: "control" });
  const hint = field.kind === "number" ? field.optional?.hint : field.kind === "text" ? field.hint : undefined;
  const described = [field.kind === "number" && field.unit ? `${id}-unit` : undefined, hint !== undefined ? `${id}-hint` : undefined, `${id}-error`]
    .filter(Boolean)
    .join(" ");
  if (field.kind === "number" || field.kind === "text") {
    const input = element("input", {
      id,
      name: id,
      type: "text",
      ...(field.kind === "number" ? { inputmode: field.parameter.integer ? "numeric" : "decimal", spellcheck: "false" } : { maxlength: String(field.rule.maxLength) }),
      autocomplete: "off",
      "aria-describedby": described,
      "aria-invalid": "false",
      ...(field.kind === "text" || field.optional ? {} : { "aria-required": "true" }),
    });
    input.value = value;
    control.append(input);
    if (field.kind === "number" && field.unit) control.append(element("span", { class: "unit", id: `${id}-unit` }, field.unit));
  } else {
    const select = element("select", { id, name: id, "aria-describedby": described, "aria-invalid": "false" });
    for (const choice of field.choices) select.append(element("option", { value: choice.value }, choice.text));
    select.value = value;
    control.append(select);
  }
  wrapper.append(control);
  const notes = element("div", { class: "notes" });
  if (hint !== undefined) notes.append(element("p", { class: "field-hint", id: `${id}-hint` }, hint));
  notes.append(element("p", { class: "field-error", id: `${id}-error` }));
  wrapper.append(notes);
  return wrapper;
}

function buildForm(): void {
  const form = referenceForm();
  // One fieldset a group of the catalogue, titled as the catalogue titles it, before the form's buttons.
  const actions = byId("design-form").querySelector(".actions")!;
  for (const [group, title] of Object.entries(GROUP_TITLES) as Array<[FieldGroup, string]>) {
    const fields = FORM_FIELDS.filter((f) => f.group === group);
    if (fields.length === 0) continue;
    const list = element("div", { class: "fields" });
    for (const field of fields) list.append(fieldElement(field, form[field.key] ?? ""));
    const fieldset = element("fieldset", { id: `group-${group}` });
    fieldset.append(element("legend", {}, title), list);
    actions.before(fieldset);
  }
  // "Use a reference design": a choice of either preset beside the button; the hint says what the choice holds.
  const button = byId<HTMLButtonElement>("preset");
  button.textContent = "Use a reference design";
  const choice = element("select", { id: "preset-choice", "aria-label": "Reference design", "aria-describedby": "preset-hint" });
  for (const p of PANE_PRESETS) choice.append(element("option", { value: p.name }, p.text));
  // Their own row under the heading, so a narrow pane (320 px) wraps them rather than scrolling sideways.
  const row = element("div", { class: "preset-row" });
  Object.assign(row.style, { display: "flex", flexWrap: "wrap", gap: "8px", alignItems: "center", margin: "4px 0" });
  // The choice a row of its own, the button below: beside it, a 350 px pane cut the name ("…Exchange 201").
  Object.assign(choice.style, { flex: "1 1 100%", minWidth: "0", maxWidth: "100%" });
  byId("preset-hint").before(row);
  row.append(choice, button);
  const R = REFERENCE_DESIGN_INPUTS;
  byId("preset-hint").textContent =
    `The form starts with the reference design: ${formatTyped(R.users)} users, ${formatTyped(R.quotaMB)} MB quota, ${R.messagesPerDay} messages a day of ${R.messageKB} KB, ` +
    `${R.copies} database copies in a DAG, from ${cite("dell", "3.4.2")}. Change any input, then load: the design goes into new sheets of this workbook as live formulas.`;
  choice.addEventListener("change", () => {
    byId("preset-hint").textContent = presetHint(choice.value as PresetName);
  });
  byId("version").textContent = `Version ${VERSION}`;
  // Compare designs: the inputs a comparison can vary, as the form labels them; the hint follows the choice.
  const vary = byId<HTMLSelectElement>("vary-field");
  for (const key of VARY_FIELDS) vary.append(element("option", { value: key }, fieldOf(key).label));
  vary.value = "users";
  byId("vary-hint").textContent = varyHint("users");
  vary.addEventListener("change", () => {
    byId("vary-hint").textContent = varyHint(vary.value as DesignField);
  });
}

const control = (field: DesignField) => byId<HTMLInputElement | HTMLSelectElement>(field);

function readForm(): DesignForm {
  return Object.fromEntries(DESIGN_FIELDS.map((f) => [f, control(f).value])) as DesignForm;
}

function fillForm(form: DesignForm): void {
  for (const f of DESIGN_FIELDS) {
    control(f).value = form[f] ?? "";
    clearFieldError(f);
  }
}

function clearFieldError(field: DesignField): void {
  byId(`${field}-error`).textContent = "";
  control(field).setAttribute("aria-invalid", "false");
}

function readDeploymentNames(): DeploymentNameForm {
  return {
    dag: byId<HTMLInputElement>("dag-name").value,
    serverPrefix: byId<HTMLInputElement>("server-prefix").value,
    databasePrefix: byId<HTMLInputElement>("database-prefix").value,
  };
}

const sizeText = (bytes: number) => (bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: bytes < 10240 ? 1 : 0 })} KB`);

/**
 * One link a file: a Blob behind an object URL, saved under the file's name by the <a download>.
 * The page's Content-Security-Policy governs what it loads, not what a link saves, so blob: needs
 * no source there. The URLs of an earlier export are revoked when it is replaced.
 */
let objectUrls: string[] = [];
function showDownloads(files: DownloadFile[] | undefined): void {
  objectUrls.forEach((url) => URL.revokeObjectURL(url));
  objectUrls = [];
  const list = byId("downloads");
  list.replaceChildren();
  for (const file of files ?? []) {
    const blob = new Blob([file.text], { type: file.type });
    const url = URL.createObjectURL(blob);
    objectUrls.push(url);
    const link = element("a", { href: url, download: file.name }, file.name);
    const rows = file.text.split("\r\n").length - 1;
    const what = file.name.endsWith(".csv") ? `${(rows - 2).toLocaleString("en-US")} rows` : `${rows.toLocaleString("en-US")} lines`;
    const item = element("li");
    item.append(link, element("span", { class: "size" }, `${what}, ${sizeText(blob.size)}`));
    list.append(item);
  }
}

function domView(): PaneView {
  const buttons = Object.entries(BUTTONS).map(([action, id]) => ({ action: action as Action, button: byId<HTMLButtonElement>(id) }));
  let busy: Action | undefined;
  let designPresent = false;
  const enable = () => {
    for (const { action, button } of buttons) {
      const needsDesign = !FROM_FORM.has(action);
      button.disabled = busy !== undefined || (needsDesign && !designPresent);
      if (busy === action) button.setAttribute("aria-busy", "true");
      else button.removeAttribute("aria-busy");
    }
    byId<HTMLButtonElement>("preset").disabled = busy !== undefined;
    byId<HTMLSelectElement>("preset-choice").disabled = busy !== undefined;
    byId<HTMLSelectElement>("vary-field").disabled = busy !== undefined;
  };
  enable();
  return {
    setBusy(action) {
      busy = action;
      enable();
    },
    setDesignPresent(present) {
      designPresent = present;
      enable();
    },
    showStatus(action: Action, kind: StatusKind, text: string) {
      const status = byId(STATUSES[action]);
      status.className = text === "" ? "status" : `status ${kind}`;
      status.textContent = text;
    },
    showFieldError(field, message) {
      byId(`${field}-error`).textContent = message ?? "";
      control(field).setAttribute("aria-invalid", message ? "true" : "false");
    },
    showResults(results: HeadlineResults | undefined) {
      const list = byId("results");
      const source = byId("results-source");
      list.replaceChildren();
      if (results === undefined) {
        source.textContent = "This workbook has no design yet. Load a design to see its answer here, as Excel calculated it.";
        return;
      }
      list.classList.toggle("stale", results.stale !== undefined);
      if (results.state !== "ok") {
        source.textContent = results.stale ?? `The design on sheet ${results.sheet} has no answer yet.`;
        if (results.stale === undefined) this.showStatus("refresh", "error", results.message);
        return;
      }
      if (results.stale === undefined) this.showStatus("refresh", "info", "");
      source.textContent = results.stale ?? `As Excel calculated them on sheet ${results.sheet}.`;
      for (const row of results.rows) list.append(element("dt", {}, row.label), element("dd", {}, row.value));
      // The answer where the eye is: below a long form, a fresh answer would sit some 2,000 px down the pane.
      if (results.stale === undefined) byId("results-heading").scrollIntoView?.({ block: "start" });
    },
    offerDownloads: showDownloads,
    offerFits: showFits,
  };
}

/** The designs found, each with a button that puts it in the form (the user then loads it). */
function showFits(fits: FitChoice[] | undefined): void {
  const list = byId("fits");
  list.replaceChildren();
  for (const [i, fit] of (fits ?? []).entries()) {
    const use = element("button", { type: "button", class: "subtle" }, "Use this design");
    use.addEventListener("click", () => {
      fillForm(fit.form);
      const status = byId("fit-status");
      status.className = "status info";
      status.textContent = `The form holds design ${i + 1} of those found: press Load a design to put it in the workbook.`;
      byId("load-design").scrollIntoView?.({ block: "center" });
      byId("load-design").focus();
    });
    const item = element("li", {});
    item.append(element("span", {}, fit.text), use);
    list.append(item);
  }
}

/**
 * After a load, the answer where the eye is: the button just pressed and its status at the top of the
 * pane, the Results section's answer right under them. The bar's own place, not where it sticks: the
 * form's end, the bar its last child.
 */
function showAnswerUnderButton(): void {
  const actions = byId("load-design").closest<HTMLElement>(".actions");
  const form = byId("design-form");
  if (!actions) return;
  const top = form.getBoundingClientRect().bottom + window.scrollY - actions.offsetHeight;
  window.scrollTo?.({ top: Math.max(0, top) });
}

function bind(): void {
  const controller = new PaneController(domView());
  byId<HTMLFormElement>("design-form").addEventListener("submit", (event) => {
    event.preventDefault();
    void controller.loadDesign(readForm()).then((ok) => {
      if (ok) {
        showAnswerUnderButton();
        return;
      }
      // Take the user to the first field that needs fixing.
      const bad = DESIGN_FIELDS.find((f) => control(f).getAttribute("aria-invalid") === "true");
      if (bad) control(bad).focus();
    });
  });
  byId("preset").addEventListener("click", () => {
    fillForm(controller.usePreset(byId<HTMLSelectElement>("preset-choice").value as PresetName));
    byId("load-status").textContent = "";
    byId("load-status").className = "status";
    control(DESIGN_FIELDS[0]).focus();
  });
  byId("refresh").addEventListener("click", () => void controller.refreshResults());
  byId("compare-designs").addEventListener("click", () => void controller.compareDesigns(readForm(), { field: byId<HTMLSelectElement>("vary-field").value, values: byId<HTMLInputElement>("vary-values").value }));
  byId("find-design").addEventListener("click", () => void controller.findDesigns(readForm()));
  byId("customer-copy").addEventListener("click", () => void controller.prepareCustomerCopy());
  byId("open-calculator").addEventListener("click", () => {
    const picked = byId<HTMLInputElement>("calculator-file").files?.[0];
    if (!picked) {
      domView().showStatus("open", "error", "Choose the calculator's file (.xlsm) first.");
      return;
    }
    void picked.arrayBuffer().then((buffer) => controller.openCalculator({ name: picked.name, bytes: new Uint8Array(buffer) }));
  });
  byId("read-calculator").addEventListener("click", () => void controller.readOpenCalculator());
  byId("export-deployment").addEventListener("click", () => void controller.exportDeployment(readDeploymentNames()));
  byId("deployment-sheets").addEventListener("click", () => void controller.putDeploymentOnSheets(readDeploymentNames()));
  // A field's message goes as soon as the user changes it; the next load checks it again.
  for (const field of DESIGN_FIELDS) {
    control(field).addEventListener("input", () => clearFieldError(field));
    control(field).addEventListener("change", () => clearFieldError(field));
  }
  // Is there a design in the workbook already? Its answers, and the buttons that need one.
  void controller.refreshResults(true);
}

/** The drop-down arrow chromium and Edge's webview draw inside a select, beside its padding. */
const SELECT_ARROW_PX = 20;

/**
 * A select whose longest choice its half-width box would cut takes the pane's full width. Measured in the
 * select's own font as this webview draws it (Office's fonts differ between platforms), at load and as the
 * pane is resized; a field once widened stays so.
 */
function widenCutSelects(): void {
  const measure = document.createElement("canvas").getContext("2d");
  if (!measure) return;
  for (const select of Array.from(document.querySelectorAll<HTMLSelectElement>("fieldset .field:not(.wide) select"))) {
    const style = getComputedStyle(select);
    measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - SELECT_ARROW_PX;
    // Not laid out, or a window too narrow to hold a form (a pane hidden, collapsed to a pixel): nothing to decide by.
    if (room <= 0) continue;
    if (Array.from(select.options).some((o) => measure.measureText(o.text).width > room)) select.closest(".field")?.classList.add("wide");
  }
}

function outsideExcel(message: string): void {
  domView().showStatus("load", "error", message);
  for (const id of [...Object.values(BUTTONS), "preset", "preset-choice", "vary-field"]) byId<HTMLButtonElement>(id).disabled = true;
}

buildForm();
widenCutSelects();
window.addEventListener("resize", widenCutSelects);
if (typeof Office === "undefined" || typeof Office.onReady !== "function") {
  outsideExcel("Open this pane from Excel: it fills the open workbook, so it needs Excel around it.");
} else {
  void Office.onReady((info) => {
    if (info.host === Office.HostType.Excel) bind();
    else outsideExcel("This add-in works in Excel only.");
  });
}
