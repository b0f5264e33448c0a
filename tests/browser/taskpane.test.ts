/**
 * The built task pane (dist/, webpack's output) in Debian's chromium, against the in-memory Excel
 * host: tests/support/fake-excel.ts is transpiled alone and injected before the page's scripts, and
 * office.js (not reachable offline) is served as a stub, since the host already defines `Office`.
 * Excel's calculation is played by the project's evaluator: the test computes the design's values in
 * Node and the page's host puts them in the formula cells at each sync (or #NAME? / #BUSY!, as an
 * Excel without the add-in's functions shows them).
 *
 * At Excel's pane width (350 px) and at 320 px: nothing overflows, every field is visible and has an
 * accessible name, the keyboard goes through the pane in reading order; screenshots go to
 * tests/output/. Without chromium the test is skipped with a warning, or fails when REQUIRE_CHROMIUM=1.
 */
import fs from "fs";
import http from "http";
import os from "os";
import path from "path";
import type { AddressInfo } from "net";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import ts from "typescript";
import { SizingError } from "../../src/functions";
import { FORM_FIELDS, GROUP_TITLES, referenceForm } from "../../src/taskpane/headline-form";
import { presetForm } from "../../src/taskpane/controller";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import { REFERENCE_DESIGN_INPUTS, isoToday, referenceDesign, type DesignInputs } from "../../src/workbook/template";
import { compareDesign, liveCompareModel } from "../../src/workbook/compare";
import { REFERENCE_PRESETS, sizeDesign } from "../../src/engine/design";
import { cellsOfCliFile, cellsOfModel, type WrittenSheets } from "../support/fake-excel-file";
import { BROWSER_MS } from "../support/timeouts";
import { calculatorFixture, calculatorWorkbook } from "../support/calculator-workbook";

const ROOT = path.resolve(__dirname, "../..");
const DIST = path.join(ROOT, "dist");
const OUTPUT = path.join(ROOT, "tests/output");
const CHROMIUM = "/usr/bin/chromium";
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const LAUNCH_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Excel's default task pane width, and a narrower one. */
const WIDTHS = [350, 320] as const;

const haveChromium = fs.existsSync(CHROMIUM);
if (!haveChromium && process.env.REQUIRE_CHROMIUM === "1") {
  throw new Error(`REQUIRE_CHROMIUM=1 but ${CHROMIUM} is missing: apt-get install chromium`);
}
if (!haveChromium) console.warn(`warning: ${CHROMIUM} is missing, so the browser test of the task pane is skipped (set REQUIRE_CHROMIUM=1 to make this a failure)`);
const describeInBrowser = haveChromium ? describe : describe.skip;

/** fake-excel.ts as a script: a host with one blank sheet installed on window, reachable as window.__fakeExcel. */
function fakeHostScript(): string {
  const source = fs.readFileSync(path.join(ROOT, "tests/support/fake-excel.ts"), "utf8");
  const { outputText } = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2019 } });
  return `(function () {
  var module = { exports: {} }; var exports = module.exports;
  ${outputText}
  var host = module.exports.FakeExcelHost.withBlankSheet();
  host.install(window);
  window.__fakeExcel = host;
})();`;
}

const TYPES: Record<string, string> = { ".html": "text/html", ".css": "text/css", ".js": "text/javascript", ".json": "application/json", ".png": "image/png", ".map": "application/json", ".xml": "application/xml" };

function serve(dir: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent(new URL(req.url ?? "/", "http://localhost").pathname));
    if (!file.startsWith(dir) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      res.writeHead(404).end("not found");
      return;
    }
    res.writeHead(200, { "Content-Type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    fs.createReadStream(file).pipe(res);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

type HostWindow = {
  __fakeExcel: {
    workbook: { sheets: { name: string; cells: Map<string, { formula?: string; value: unknown; numberFormat: string }> }[]; activeSheet: string };
    options: { calculate?: (workbook: unknown) => void };
  };
  __gate?: Promise<void>;
  __open?: () => void;
};

/** What the page's host holds, read in the page: the named sheets' cells as formula | value, with formats. */
function readHostCells(page: Page, sheetNames: string[]): Promise<WrittenSheets> {
  return page.evaluate((names) => {
    const host = (window as unknown as HostWindow).__fakeExcel;
    const out: Record<string, Record<string, unknown>> = {};
    for (const name of names) {
      const sheet = host.workbook.sheets.find((s) => s.name === name);
      if (!sheet) continue;
      const cells: Record<string, unknown> = {};
      sheet.cells.forEach((c, address) => {
        cells[address] = c.formula !== undefined ? { formula: c.formula, numberFormat: c.numberFormat } : { value: c.value, numberFormat: c.numberFormat };
      });
      out[name] = cells;
    }
    return out;
  }, sheetNames) as Promise<WrittenSheets>;
}

const sheetNamesIn = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as HostWindow).__fakeExcel.workbook.sheets.map((s) => s.name));

const calculated = new Map<string, Record<string, Record<string, unknown>>>();
/**
 * Every formula cell's value as Excel with the add-in would calculate it, by sheet and address. Worked
 * out once for each design (the reference design's is asked for five times, a second or more each) and
 * only read after: page.evaluate hands the page a copy.
 */
function calculatedValues(inputs: Partial<DesignInputs>, suffix = ""): Record<string, Record<string, unknown>> {
  const key = JSON.stringify({ inputs, suffix });
  const known = calculated.get(key);
  if (known) return known;
  const values = evaluateWorkbook(referenceDesign({ inputs, suffix }));
  const out: Record<string, Record<string, unknown>> = {};
  for (const [sheet, cells] of Object.entries(values)) {
    out[sheet] = Object.fromEntries(Object.entries(cells as Record<string, unknown>).map(([a, v]) => [a, v instanceof SizingError ? v.code : v]));
  }
  calculated.set(key, out);
  return out;
}

/**
 * From now on the page's host calculates at each sync: formula cells get `values` (by sheet and
 * address), or `code` in every formula cell (#NAME?, #BUSY!), or nothing (undefined).
 */
function calculateAs(page: Page, what: { values: Record<string, Record<string, unknown>> } | { code: string } | undefined): Promise<void> {
  return page.evaluate((w) => {
    const host = (window as unknown as HostWindow).__fakeExcel;
    host.options.calculate =
      w === null
        ? undefined
        : () => {
            for (const sheet of host.workbook.sheets) {
              sheet.cells.forEach((cell, address) => {
                if (cell.formula === undefined) return;
                if ("code" in w) cell.value = w.code;
                else {
                  const v = w.values[sheet.name]?.[address];
                  if (v !== undefined) cell.value = v;
                }
              });
            }
          };
  }, what ?? null);
}

/** Hold every Excel.run until `release()`: the pane stays busy meanwhile. */
async function holdExcel(page: Page): Promise<{ release: () => Promise<void> }> {
  await page.evaluate(() => {
    const w = window as unknown as HostWindow & { Excel: { run: (b: unknown) => Promise<unknown> }; __run?: (b: unknown) => Promise<unknown> };
    w.__gate = new Promise<void>((resolve) => (w.__open = resolve));
    const run = w.__run ?? w.Excel.run;
    w.__run = run;
    w.Excel.run = async (batch: unknown) => {
      await w.__gate;
      return run(batch);
    };
  });
  return { release: () => page.evaluate(() => (window as unknown as HostWindow).__open?.()) };
}

/** Elements wider than the page, or sticking out of its right edge. */
function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width) out.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    for (const e of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      if (r.right > width + 0.5 || r.left < -0.5) out.push(`${e.tagName.toLowerCase()}#${e.id}.${e.className}: ${Math.round(r.left)}–${Math.round(r.right)} of ${width}`);
      if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== "visible" && e.tagName !== "SELECT") {
        out.push(`${e.tagName.toLowerCase()}#${e.id} clips its content: ${e.scrollWidth} > ${e.clientWidth}`);
      }
    }
    return out;
  });
}

/**
 * Choices a design field's select cuts short: wider, in the select's own font, than its box less its padding
 * and the drop-down arrow (chromium draws it in about 20 px). Not the comparison's list of inputs, full width
 * already, where the longest label ("Maximum database size configuration", the calculator's words) is cut at 320 px.
 */
function cutChoices(page: Page): Promise<string[]> {
  return page.evaluate((ids) => {
    const measure = document.createElement("canvas").getContext("2d")!;
    return ids.map((id) => document.getElementById(id)).filter((e): e is HTMLSelectElement => e instanceof HTMLSelectElement).flatMap((select) => {
      const style = getComputedStyle(select);
      measure.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
      return Array.from(select.options).filter((o) => measure.measureText(o.text).width > room).map((o) => `${select.id}: ${o.text}`);
    });
  }, FORM_FIELDS.map((f) => f.key));
}

const formValues = (page: Page): Promise<Record<string, string>> =>
  page.evaluate((keys) => Object.fromEntries(keys.map((k) => [k, (document.getElementById(k) as HTMLInputElement).value])), FORM_FIELDS.map((f) => f.key));

describeInBrowser("the task pane in chromium", () => {
  jest.setTimeout(BROWSER_MS);
  let server: http.Server;
  let context: BrowserContext;
  let userDataDir: string;
  let origin: string;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!fs.existsSync(path.join(DIST, "taskpane.html")) || !fs.existsSync(path.join(DIST, "taskpane.js"))) {
      throw new Error("dist/taskpane.html or dist/taskpane.js is missing: build the add-in first with `npm run build:dev` (`npm test` does it before jest)");
    }
    server = await serve(DIST);
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-chromium-"));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: LAUNCH_ARGS,
      viewport: { width: 350, height: 900 },
    });
    // Offline: office.js is a stub (the fake host defines Office); anything else off this server fails.
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(origin)) return route.continue();
      if (/appsforoffice\.microsoft\.com\/.*office\.js$/.test(url)) {
        return route.fulfill({ status: 200, contentType: "text/javascript", body: "/* office.js stub: Office comes from the in-memory Excel host */" });
      }
      return route.abort();
    });
    await context.addInitScript({ content: fakeHostScript() });
    fs.mkdirSync(OUTPUT, { recursive: true });
  });

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  /** A fresh pane on a fresh blank workbook, `width` × `height` px, ready (the design check at opening done). */
  async function openPane(width: number, height = 900): Promise<Page> {
    const page = await context.newPage();
    page.on("pageerror", (e) => pageErrors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") pageErrors.push(m.text());
    });
    await page.setViewportSize({ width, height });
    await page.goto(`${origin}/taskpane.html`);
    await page.waitForFunction(() => document.getElementById("users") !== null && document.querySelector("main button[aria-busy]") === null);
    return page;
  }

  const load = async (page: Page) => {
    await page.getByRole("button", { name: "Load a design" }).click();
    await page.waitForFunction(() => /^Loaded into sheets/.test(document.getElementById("load-status")?.textContent ?? ""));
  };

  describe.each(WIDTHS)("at %i px", (width) => {
    let page: Page;
    beforeAll(async () => {
      page = await openPane(width);
    });
    afterAll(async () => page?.close());

    test("a header with the add-in's name, icon, version and a link to the help page on this origin", async () => {
      await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Exchange storage sizing");
      const icon = page.locator("header img");
      expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(32);
      await expect(page.locator("#version").textContent()).resolves.toBe(`Version ${VERSION}`);
      const help = page.getByRole("link", { name: "Help" });
      const href = await help.evaluate((a: HTMLAnchorElement) => a.href);
      expect(href).toBe(`${origin}/help.html`);
      const response = await page.request.get(href);
      expect(response.status()).toBe(200);
    });

    test("Load a design comes first, is the primary button, and the form holds the reference design in the catalogue's groups", async () => {
      const buttons = await page.locator("main button").evaluateAll((bs) => bs.map((b) => ({ text: b.textContent?.trim(), primary: b.classList.contains("primary") })));
      expect(buttons.filter((b) => b.primary)).toEqual([{ text: "Load a design", primary: true }]);
      // Fluent's primary blue (the stylesheet loaded).
      expect(await page.locator("#load-design").evaluate((b) => getComputedStyle(b).backgroundColor)).toBe("rgb(15, 108, 189)");
      expect(buttons.map((b) => b.text)).toEqual(["Use a reference design", "Load a design", "Refresh results", "Compare designs", "Find a design", "Open a calculator workbook", "Read the open workbook", "Prepare a customer copy", "Export the deployment", "Put the deployment on sheets"]);
      const groups = await page.locator("fieldset").evaluateAll((fs) => fs.map((f) => [f.querySelector("legend")?.textContent, Array.from(f.querySelectorAll("input,select")).map((c) => c.id)]));
      expect(groups).toEqual([
        // The catalogue's groups in the pane's order, each its inputs in the catalogue's order.
        ...Object.entries(GROUP_TITLES).map(([group, title]) => [title, FORM_FIELDS.filter((f) => f.group === group).map((f) => f.key)]),
        ["What to vary", ["vary-field", "vary-values"]],
        ["Names (empty: the default)", ["dag-name", "server-prefix", "database-prefix"]],
      ]);
      expect(await formValues(page)).toEqual(referenceForm());
      // Choices are selects; units sit beside the numbers.
      for (const key of ["exchangeVersion", "edition", "dagLayout", "arrayRaid", "spindleRaid", "arrayModel", "spindleDisk", "serverDisk", "mcdb"]) {
        expect(await page.locator(`#${key}`).evaluate((e) => e.tagName)).toBe("SELECT");
      }
      // Each number field's unit, as the catalogue declares it (a quota's MB, the replay lag's days), in the form's order.
      const units = Object.keys(GROUP_TITLES).flatMap((group) => FORM_FIELDS.filter((f) => f.group === group && f.kind === "number" && f.unit).map((f) => (f as { unit: string }).unit));
      expect(units.slice(0, 3)).toEqual(["MB", "MB", "KB"]);
      expect(await page.locator(".unit").allTextContents()).toEqual(units);
    });

    test("every field is visible and labelled by its accessible name, and nothing overflows sideways", async () => {
      for (const field of FORM_FIELDS) {
        const control = page.getByLabel(field.label, { exact: true });
        await expect(control.count()).resolves.toBe(1);
        expect(await control.isVisible()).toBe(true);
        expect(await control.getAttribute("id")).toBe(field.key);
        const box = (await control.boundingBox())!;
        expect(box.width).toBeGreaterThan(60);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
      expect(await overflowing(page)).toEqual([]);
      expect(await cutChoices(page)).toEqual([]);
    });

    test("the keyboard goes through the pane in reading order", async () => {
      await page.locator("body").click({ position: { x: 1, y: 1 } });
      const expected = ["Help", "preset-choice", "preset", ...FORM_FIELDS.map((f) => f.key), "load-design"];
      const order: { id: string; top: number; left: number }[] = [];
      for (let i = 0; i < expected.length; i++) {
        await page.keyboard.press("Tab");
        order.push(
          await page.evaluate(() => {
            const e = document.activeElement as HTMLElement;
            const r = e.getBoundingClientRect();
            return { id: e.id || e.textContent?.trim() || "", top: r.top + window.scrollY, left: r.left + window.scrollX };
          }),
        );
      }
      // Refresh results and the customer copy are disabled until a design exists, so Tab skips them.
      expect(order.map((o) => o.id)).toEqual(expected);
      // Reading order on the page: each next stop is lower, or on the same row further right.
      for (let i = 2; i < order.length; i++) {
        const [a, b] = [order[i - 1], order[i]];
        const sameRow = Math.abs(b.top - a.top) < 24;
        expect(sameRow ? b.left > a.left : b.top > a.top).toBe(true);
      }
    });

    test("bad numbers: a message beside each field, named as the pane labels it, and nothing written", async () => {
      await page.getByLabel("Users", { exact: true }).fill("lots");
      await page.getByLabel("Average message size").fill("75,5");
      await page.getByRole("button", { name: "Load a design" }).click();
      await expect(page.locator("#users-error").textContent()).resolves.toBe('Users must be a whole number from 1 to 100,000,000; "lots" is not a number.');
      await expect(page.locator("#messageKB-error").textContent()).resolves.toBe("Average message size: use a point for decimals (75.5), or commas only between groups of three digits.");
      await expect(page.getByLabel("Users", { exact: true }).getAttribute("aria-invalid")).resolves.toBe("true");
      // The error is part of the field's accessible description; focus went to the first bad field.
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("users");
      expect(await page.getByLabel("Users", { exact: true }).evaluate((e) => e.getAttribute("aria-describedby"))).toContain("users-error");
      await expect(page.locator("#load-status").textContent()).resolves.toMatch(/Nothing was written\.$/);
      expect(await sheetNamesIn(page)).toEqual(["Sheet1"]);
      expect(await overflowing(page)).toEqual([]);
      await page.screenshot({ path: path.join(OUTPUT, `taskpane-${width}-errors.png`), fullPage: true });
      // Typing clears a field's message; the preset puts the reference design back.
      await page.getByLabel("Users", { exact: true }).fill("7,500");
      await expect(page.locator("#users-error").textContent()).resolves.toBe("");
      await page.getByRole("button", { name: "Use a reference design" }).click();
      expect(await formValues(page)).toEqual(referenceForm());
      // The other reference design: Dell EMC's 2016 design, its hint with its figures (004_1d3a339e6fd03f64.txt §4, §4.2).
      await page.getByLabel("Reference design", { exact: true }).selectOption("dellemc-2016");
      await expect(page.locator("#preset-hint").textContent()).resolves.toContain("336 databases");
      await page.getByRole("button", { name: "Use a reference design" }).click();
      expect(await formValues(page)).toEqual(presetForm("dellemc-2016"));
      await page.getByLabel("Reference design", { exact: true }).selectOption("dell-2010");
      await page.getByRole("button", { name: "Use a reference design" }).click();
      expect(await formValues(page)).toEqual(referenceForm());
      await expect(page.locator("#messageKB-error").textContent()).resolves.toBe("");
    });

    test("Refresh results and the customer copy are off until a design exists", async () => {
      expect(await page.getByRole("button", { name: "Refresh results" }).isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Prepare a customer copy" }).isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Export the deployment" }).isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Put the deployment on sheets" }).isDisabled()).toBe(true);
      expect(await page.getByRole("button", { name: "Load a design" }).isEnabled()).toBe(true);
      await page.screenshot({ path: path.join(OUTPUT, `taskpane-${width}.png`), fullPage: true });
    });

    test("loading: a spinner on the button that was clicked, every action off meanwhile, then the answer Excel computed", async () => {
      await calculateAs(page, { values: calculatedValues({}) });
      const gate = await holdExcel(page);
      await page.getByRole("button", { name: "Load a design" }).click();
      const load = page.locator("#load-design");
      await expect(load.getAttribute("aria-busy")).resolves.toBe("true");
      expect(await load.locator(".spinner").isVisible()).toBe(true);
      expect(await page.locator("#refresh .spinner").isVisible()).toBe(false);
      for (const id of ["load-design", "refresh", "customer-copy", "preset", "preset-choice"]) expect(await page.locator(`#${id}`).isDisabled()).toBe(true);
      await page.screenshot({ path: path.join(OUTPUT, `taskpane-${width}-busy.png`), clip: { x: 0, y: 0, width, height: 900 } });
      await gate.release();
      await page.waitForFunction(() => /^Loaded into sheets/.test(document.getElementById("load-status")?.textContent ?? ""));
      expect(await load.getAttribute("aria-busy")).toBeNull();
      expect(await load.locator(".spinner").isVisible()).toBe(false);

      const results = await page.locator("#results").evaluate((dl) => Array.from(dl.querySelectorAll("dt")).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
      expect(Object.fromEntries(results)).toMatchObject({
        // 000_72e1ddb9bbd1ecac.txt, 3.4.2 and Tables 18-19.
        "Database volumes": "12 × 1,266 GB",
        "Log volumes": "12 × 48 GB",
        Capacity: expect.stringMatching(/^[\d,]+ GB a copy, [\d,]+ GB in all$/),
        "Database IOPS": "900 a copy, 1,800 in all",
        Arrays: "2 × PS6500E 500GB (1 a copy)",
      });
      expect(results.map(([label]) => label)).toEqual(["Database volumes", "Log volumes", "Capacity", "Database IOPS", "Log IOPS", "Arrays", "Spindles", "Mailbox servers", "Worst failure"]);
      await expect(page.locator("#results-source").textContent()).resolves.toBe("As Excel calculated them on sheet Summary.");
      for (const name of ["Refresh results", "Prepare a customer copy"]) expect(await page.getByRole("button", { name }).isEnabled()).toBe(true);
      expect(await overflowing(page)).toEqual([]);
      await page.screenshot({ path: path.join(OUTPUT, `taskpane-${width}-loaded.png`), fullPage: true });
    });

    test("the status sits under its own action and covers nothing: the next step stays clickable", async () => {
      const status = (await page.locator("#load-status").boundingBox())!;
      const load = (await page.locator("#load-design").boundingBox())!;
      expect(status.y).toBeGreaterThanOrEqual(load.y + load.height);
      expect(await page.locator("#load-status").evaluate((e) => getComputedStyle(e).position)).toBe("static");
      for (const id of ["refresh", "customer-copy"]) {
        await page.locator(`#${id}`).scrollIntoViewIfNeeded();
        const box = (await page.locator(`#${id}`).boundingBox())!;
        const onTop = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest("button")?.id, [box.x + box.width / 2, box.y + box.height / 2]);
        expect(onTop).toBe(id);
      }
    });
  });

  describe("the first screen of a pane 350 × 700 px (Excel's default width, a laptop's height)", () => {
    /** Where an element is in the viewport, and whether it is the element a click at its centre reaches (nothing covers it). */
    const placeOf = (page: Page, selector: string) =>
      page.locator(selector).evaluate((e) => {
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { top: Math.round(r.top), bottom: Math.round(r.bottom), reached: hit !== null && (hit === e || e.contains(hit)) };
      });

    test("Load a design is on the first screen, unscrolled, and stays in view down the form; after it the answer is in view under it", async () => {
      const page = await openPane(350, 700);
      await calculateAs(page, { values: calculatedValues({}) });
      await page.screenshot({ path: path.join(OUTPUT, "taskpane-350x700-first-screen.png") });
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const button = await placeOf(page, "#load-design");
      expect(button).toEqual({ top: expect.any(Number), bottom: expect.any(Number), reached: true });
      expect(button.top).toBeGreaterThanOrEqual(0);
      expect(button.bottom).toBeLessThanOrEqual(700);
      // Half-way down the form (a field of the Storage group focused), the button is still on the screen, and the field is not under it.
      await page.locator("#serverDisk").focus();
      const field = await placeOf(page, "#serverDisk");
      const down = await placeOf(page, "#load-design");
      expect([down.reached, down.top >= 0, down.bottom <= 700, field.reached]).toEqual([true, true, true, true]);
      await page.screenshot({ path: path.join(OUTPUT, "taskpane-350x700-down-the-form.png") });

      await page.locator("#load-design").click();
      await page.waitForFunction(() => /^Loaded into sheets/.test(document.getElementById("load-status")?.textContent ?? ""));
      // The answer where the eye is: the button that was clicked, its status and the first figures of the answer on one screen.
      const after = { button: await placeOf(page, "#load-design"), status: await placeOf(page, "#load-status"), first: await placeOf(page, "#results dd:first-of-type") };
      await page.screenshot({ path: path.join(OUTPUT, "taskpane-350x700-loaded.png") });
      for (const [what, place] of Object.entries(after)) expect({ what, ...place }).toEqual({ what, top: expect.any(Number), bottom: expect.any(Number), reached: true, ...(place.top >= 0 && place.bottom <= 700 ? {} : { on: "the screen" }) });
      expect(after.first.top).toBeGreaterThan(after.status.bottom);
      expect(await overflowing(page)).toEqual([]);
      await page.close();
    });
  });

  describe("the answer, read back from the workbook", () => {
    test("a click writes the same cells and formulas as the CLI's writer", async () => {
      const page = await openPane(350);
      await calculateAs(page, { values: calculatedValues({}) });
      await load(page);
      const model = referenceDesign();
      const names = model.sheets.map((s) => s.name);
      expect(await sheetNamesIn(page)).toEqual(["Sheet1", ...names]);
      const inPage = await readHostCells(page, names);
      expect(inPage).toEqual(cellsOfModel(model));
      expect(inPage).toEqual(await cellsOfCliFile(model));
      await page.close();
    });

    test("the user's numbers, two sites and Exchange 2019: the answer follows them", async () => {
      const page = await openPane(350);
      const inputs: Partial<DesignInputs> = { users: 12500, exchangeVersion: 2019, copies: 3, serversSite1: 6, serversSite2: 3, dagLayout: "active/passive" };
      await calculateAs(page, { values: calculatedValues(inputs) });
      await page.getByLabel("Users", { exact: true }).fill("12,500");
      await page.getByLabel("Exchange version").selectOption("2019");
      await page.getByLabel("Database copies").fill("3");
      await page.getByLabel("Mailbox servers, site 1").fill("6");
      await page.getByLabel("Mailbox servers, site 2").fill("3");
      await page.getByLabel("DAG layout").selectOption("active/passive");
      await load(page);
      const inputsSheet = (await readHostCells(page, ["Inputs"])).Inputs;
      const written = referenceDesign({ inputs });
      expect(inputsSheet).toEqual(cellsOfModel(written).Inputs);
      const worst = await page.locator("#results dd").last().textContent();
      expect(worst).toMatch(/mailboxes and [\d,]+ IOPS a server$/);
      await page.close();
    });

    test("Dell EMC's 2016 design (Microsoft's method): a server's own disks, one storage answer, in view after the load (004_1d3a339e6fd03f64.txt §4, Table 4: 45 disks a server)", async () => {
      const page = await openPane(350);
      await calculateAs(page, { values: calculatedValues(REFERENCE_PRESETS["dellemc-2016"].inputs) });
      await page.getByLabel("Reference design", { exact: true }).selectOption("dellemc-2016");
      await page.getByRole("button", { name: "Use a reference design" }).click();
      await load(page);
      const results = await page.locator("#results").evaluate((dl) => Array.from(dl.querySelectorAll("dt")).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
      expect(Object.fromEntries(results)).toMatchObject({ "Server disks (JBOD)": '45 disks a server (8TB 7.2K NL-SAS 3.5"), 720 in the DAG' });
      // The papers' arrays and spindles are the Methods sheet's, as on the Summary.
      expect(results.map(([label]) => label).filter((label) => /Arrays|Spindles/.test(label ?? ""))).toEqual([]);
      // The answer where the eye is: under the button pressed and its status, at the top of the 900 px viewport, not 2,000 px down.
      const heading = (await page.locator("#results-heading").boundingBox())!;
      const button = (await page.locator("#load-design").boundingBox())!;
      const status = (await page.locator("#load-status").boundingBox())!;
      expect(button.y).toBeGreaterThanOrEqual(0);
      expect(heading.y).toBeGreaterThan(status.y + status.height);
      expect(heading.y).toBeLessThan(300);
      // The reference design's name whole in its choice.
      expect(await page.locator("#preset-choice").evaluate((select: HTMLSelectElement) => select.scrollWidth <= select.clientWidth)).toBe(true);
      expect(await overflowing(page)).toEqual([]);
      await page.locator("#results").screenshot({ path: path.join(OUTPUT, "taskpane-350-results-dellemc-2016.png") });
      await page.close();
    });

    test("#NAME?: says the add-in's functions are not loaded and how to fix it", async () => {
      const page = await openPane(320);
      await calculateAs(page, { code: "#NAME?" });
      await load(page);
      await expect(page.locator("#refresh-status").textContent()).resolves.toMatch(/^Excel shows #NAME\? where the add-in's functions should be: they are not loaded in this Excel\. Close this pane and open it again/);
      await expect(page.locator("#results dt").count()).resolves.toBe(0);
      expect(await overflowing(page)).toEqual([]);
      await page.screenshot({ path: path.join(OUTPUT, "taskpane-320-name-error.png"), fullPage: true });
      await page.close();
    });

    test("#BUSY!: says to wait and press Refresh results, which then shows the answer", async () => {
      const page = await openPane(350);
      await calculateAs(page, { code: "#BUSY!" });
      await load(page);
      await expect(page.locator("#refresh-status").textContent()).resolves.toBe("Excel is still calculating the add-in's functions (#BUSY!). Wait a moment, then press Refresh results.");
      await calculateAs(page, { values: calculatedValues({}) });
      await page.getByRole("button", { name: "Refresh results" }).click();
      await page.waitForFunction(() => document.querySelectorAll("#results dt").length > 0);
      await expect(page.locator("#refresh-status").textContent()).resolves.toBe("Read from sheet Summary.");
      await expect(page.locator("#results dd").first().textContent()).resolves.toBe("12 × 1,266 GB");
      await page.close();
    });
  });

  describe("Export the deployment", () => {
    /** The page's download of `link`: its suggested name and its text. */
    async function download(page: Page, name: string): Promise<{ name: string; text: string }> {
      const [event] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name, exact: true }).click()]);
      const file = await event.path();
      return { name: event.suggestedFilename(), text: fs.readFileSync(file, "utf8") };
    }

    test("a download event per file, with the file's name and the calculator's header and version row; blob: links pass the page's policy", async () => {
      const page = await openPane(350);
      await calculateAs(page, { values: calculatedValues({}) });
      await load(page);
      expect(await page.getByRole("button", { name: "Export the deployment" }).isEnabled()).toBe(true);
      await page.getByLabel("Server prefix").fill("EXMB");
      await page.getByRole("button", { name: "Export the deployment" }).click();
      await page.waitForFunction(() => document.querySelectorAll("#downloads a").length === 4);
      await expect(page.locator("#export-status").textContent()).resolves.toMatch(/^Four files from the design on Inputs \(2 servers, [\d,]+ databases\): download each below\./);
      const links = await page.locator("#downloads a").evaluateAll((as) => as.map((a) => ({ text: a.textContent, download: a.getAttribute("download"), href: (a as HTMLAnchorElement).href })));
      expect(links.map((l) => l.download)).toEqual(["Servers.csv", "MailboxDatabases.csv", "MailboxDatabaseCopies.csv", "Deploy-Dag.ps1"]);
      for (const l of links) expect(l.href).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\//);

      const headers: Record<string, string> = {
        "Servers.csv": "ServerName,StartDrive,DbPerVolume,AutoReseedVolumes,DbLogIsolation,VolumesRootFolder,DatabasesRootFolder,DbMap",
        "MailboxDatabases.csv": "Name,Server,EDBFilePath,LogFolderPath,",
        "MailboxDatabaseCopies.csv": "GC,GC2,Name,Server,ActivationPreference,ReplayLagTime,TruncationLagTime",
      };
      for (const name of Object.keys(headers)) {
        const file = await download(page, name);
        expect(file.name).toBe(name);
        const [header, version, first] = file.text.split("\r\n");
        expect(header.startsWith(headers[name])).toBe(true);
        expect(version).toMatch(/^"VersionNumber","2\.1","7\.6"(,)*$/);
        expect(first).toMatch(name === "MailboxDatabaseCopies.csv" ? /^"","","DB01","EXMB02","2",/ : /^"(EXMB01|DB01)",/);
      }
      const script = await download(page, "Deploy-Dag.ps1");
      expect(script.name).toBe("Deploy-Dag.ps1");
      expect(script.text).toMatch(/^# DAG01: 2 servers, 2 copies \(0 lagged\), active\/active, \d+ databases\.\r\n/);
      expect(script.text).toContain("  @{ Name = 'DB01'; Server = 'EXMB01'; ");

      expect(await overflowing(page)).toEqual([]);
      await page.locator("#deploy-heading").scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(OUTPUT, "taskpane-350-export.png"), fullPage: true });
      await page.locator("section:has(#deploy-heading)").screenshot({ path: path.join(OUTPUT, "taskpane-350-export-section.png") });

      // The sheets: new ones beside the design, the first in view; nothing of the design's changed.
      const designSheets = await sheetNamesIn(page);
      const before = await readHostCells(page, designSheets);
      await page.getByRole("button", { name: "Put the deployment on sheets" }).click();
      await page.waitForFunction(() => /^Written to new sheets/.test(document.getElementById("sheets-status")?.textContent ?? ""));
      expect(await sheetNamesIn(page)).toEqual([...designSheets, "Export Servers", "Export Databases", "Export Copies", "Export script"]);
      expect(await readHostCells(page, designSheets)).toEqual(before);
      const sheets = await readHostCells(page, ["Export Servers"]);
      expect(sheets["Export Servers"].A1).toEqual({ value: "ServerName", numberFormat: "@" });
      expect(sheets["Export Servers"].B2).toEqual({ value: "2.1", numberFormat: "@" });
      expect(sheets["Export Servers"].A3).toEqual({ value: "EXMB01", numberFormat: "@" });
      expect(await overflowing(page)).toEqual([]);
      await page.locator("section:has(#deploy-heading)").screenshot({ path: path.join(OUTPUT, "taskpane-350-export-sheets.png") });
      await page.close();
    });
  });

  describe("Compare designs", () => {
    test.each(WIDTHS)("at %i px: the input and its values chosen in the pane write a Compare sheet, a column per value over its own sheets, with its chart", async (width) => {
      const page = await openPane(width);
      // Excel's calculation as the add-in's: the same designs and sheets as the pane writes, evaluated here.
      const designs = [5000, 10000].map((users) => compareDesign({ ...REFERENCE_DESIGN_INPUTS, users }));
      const model = liveCompareModel(designs, { revised: isoToday() });
      const values = evaluateWorkbook(model);
      await calculateAs(page, { values: Object.fromEntries(Object.entries(values).map(([s, cells]) => [s, Object.fromEntries(Object.entries(cells as Record<string, unknown>).map(([a, v]) => [a, v instanceof SizingError ? v.code : v]))])) });
      // It works from the form: no design need be in the workbook first.
      const button = page.getByRole("button", { name: "Compare designs" });
      expect(await button.isEnabled()).toBe(true);
      expect(await page.getByLabel("Input", { exact: true }).inputValue()).toBe("users");
      await expect(page.locator("#vary-hint").textContent()).resolves.toMatch(/separated by commas \(5000,10000\) or semicolons/);
      // A single value is refused beside the button, and nothing is written.
      await page.getByLabel("Values", { exact: true }).fill("5000");
      await button.click();
      await page.waitForFunction(() => /two values or more/.test(document.getElementById("compare-status")?.textContent ?? ""));
      expect(await sheetNamesIn(page)).toEqual(["Sheet1"]);
      // Choosing another input changes the hint to its choices.
      await page.getByLabel("Input", { exact: true }).selectOption({ label: "Exchange version" });
      await expect(page.locator("#vary-hint").textContent()).resolves.toMatch(/^Any of: 2010, 2013, 2016, 2019/);
      await page.getByLabel("Input", { exact: true }).selectOption({ label: "Users" });
      await page.getByLabel("Values", { exact: true }).fill("5,000; 10,000");
      await button.click();
      await page.waitForFunction(() => /^Compared 2 designs/.test(document.getElementById("compare-status")?.textContent ?? ""));
      expect(await sheetNamesIn(page)).toEqual(["Sheet1", ...model.sheets.map((s) => s.name)]);
      const written = await readHostCells(page, ["Compare"]);
      const compare = model.sheets[0];
      // Every cell as the shared builder makes it: formulas where the CLI's live workbook has formulas.
      for (const cell of compare.cells) {
        const got = written.Compare[cell.address] as { formula?: string; value?: unknown };
        expect({ address: cell.address, formula: got?.formula }).toEqual({ address: cell.address, formula: cell.formula });
      }
      const databasesRow = compare.cells.find((c) => c.value === "Databases")!.address.slice(1);
      const cell = await page.evaluate((address) => (window as unknown as HostWindow).__fakeExcel.workbook.sheets.find((s) => s.name === "Compare")!.cells.get(address)?.value, `C${databasesRow}`);
      expect(cell).toBe(sizeDesign({ ...REFERENCE_DESIGN_INPUTS, users: 10000 }).databases);
      const charts = await page.evaluate(() => (window as unknown as { __fakeExcel: { workbook: { sheets: { name: string; charts: { title: string }[] }[] } } }).__fakeExcel.workbook.sheets.find((s) => s.name === "Compare")!.charts.map((c) => c.title));
      expect(charts).toEqual([model.charts[0].title]);
      expect(await overflowing(page)).toEqual([]);
      await page.locator("#compare-heading").scrollIntoViewIfNeeded();
      await page.locator("section:has(#compare-heading)").screenshot({ path: path.join(OUTPUT, `taskpane-${width}-compare.png`) });
      await page.close();
    });
  });

  describe("Find a design", () => {
    test.each(WIDTHS)("at %i px: the designs found for the form's mailboxes are listed whole, and one fills the form", async (width) => {
      const page = await openPane(width);
      const button = page.getByRole("button", { name: "Find a design" });
      expect(await button.isEnabled()).toBe(true);
      // The reference design is Exchange 2010, which fit cannot search: said beside the button.
      await button.click();
      await page.waitForFunction(() => /Microsoft's method \(Exchange 2013 and later\)/.test(document.getElementById("fit-status")?.textContent ?? ""));
      await page.locator("#exchangeVersion").selectOption("2016");
      await button.click();
      await page.waitForFunction(() => document.querySelectorAll("#fits li").length > 0, undefined, { timeout: 60_000 });
      const texts = await page.locator("#fits li span").allTextContents();
      expect(texts.length).toBeGreaterThan(0);
      for (const text of texts) expect(text).toMatch(/ — in all [\d,]+ servers, [\d,]+ disks, [\d,]+ GB memory, [\d,]+ cores$/);
      expect(await sheetNamesIn(page)).toEqual(["Sheet1"]);
      expect(await overflowing(page)).toEqual([]);
      await page.locator("#fit-heading").scrollIntoViewIfNeeded();
      await page.locator("section:has(#fit-heading)").screenshot({ path: path.join(OUTPUT, `taskpane-${width}-fit.png`) });
      // The last design found, in the form: its servers and disk as its words say.
      await page.locator("#fits li button").last().click();
      const last = texts[texts.length - 1];
      const servers = /^(?:[\d,]+ DAGs of )?([\d,]+) servers/.exec(last)![1];
      expect(await page.locator("#serversSite1").inputValue()).toBe(servers);
      expect(last).toContain(await page.locator("#serverDisk").inputValue());
      await expect(page.locator("#fit-status").textContent()).resolves.toMatch(/press Load a design/);
      await page.close();
    });
  });

  describe("Open a calculator workbook", () => {
    test.each(WIDTHS)("at %i px: the Lab calculator picked from disk loads its design and a Calculator sheet", async (width) => {
      const page = await openPane(width);
      const button = page.getByRole("button", { name: "Open a calculator workbook" });
      expect(await button.isEnabled()).toBe(true);
      await button.click();
      await expect(page.locator("#open-status").textContent()).resolves.toBe("Choose the calculator's file (.xlsm) first.");
      // ExchangeDsc's "E2013Calcv6.6 - Lab.xlsm" as the tests write it (tests/fixtures/calculator-files.json).
      const bytes = await calculatorWorkbook({ from: calculatorFixture("v6.6 Lab") });
      await page.locator("#calculator-file").setInputFiles({ name: "E2013Calcv6.6 - Lab.xlsm", mimeType: "application/vnd.ms-excel.sheet.macroEnabled.12", buffer: Buffer.from(bytes) });
      await button.click();
      await page.waitForFunction(() => /saved figures agree/.test(document.getElementById("open-status")?.textContent ?? ""), undefined, { timeout: 60_000 });
      expect(await sheetNamesIn(page)).toContain("Calculator");
      expect(await overflowing(page)).toEqual([]);
      await page.close();
    });
  });

  afterEach(() => {
    // Nothing the pane did raised an error in the page (a CSP violation or an exception included).
    expect(pageErrors.splice(0)).toEqual([]);
  });
});
