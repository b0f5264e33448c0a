/**
 * The built task pane (dist/, webpack's output) in Debian's chromium, against the in-memory Excel
 * host: tests/support/fake-excel.ts is transpiled alone and injected before the page's scripts, and
 * office.js (not reachable offline) is served as a stub, since the host already defines `Office`.
 * A click on "Load the reference design" must write the same cells and formulas as the CLI's file
 * writer; a screenshot of the pane goes to tests/output/taskpane.png.
 *
 * Without chromium the test is skipped with a warning, or fails when REQUIRE_CHROMIUM=1.
 */
import fs from "fs";
import http from "http";
import os from "os";
import path from "path";
import type { AddressInfo } from "net";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import ts from "typescript";
import { EX_DBSIZE, SizingError } from "../../src/functions";
import { referenceDesign } from "../../src/workbook/template";
import { cellsOfCliFile, cellsOfModel, type WrittenSheets } from "../support/fake-excel-file";

const ROOT = path.resolve(__dirname, "../..");
const DIST = path.join(ROOT, "dist");
const CHROMIUM = "/usr/bin/chromium";
const SCREENSHOT = path.join(ROOT, "tests/output/taskpane.png");
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

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".json": "application/json", ".png": "image/png", ".map": "application/json", ".xml": "application/xml" };

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

/** What the page's host holds, read in the page: the named sheets' cells as formula | value, with formats. */
function readHostCells(page: Page, sheetNames: string[]): Promise<WrittenSheets> {
  return page.evaluate((names) => {
    type Cell = { formula?: string; value: unknown; numberFormat: string };
    const host = (window as unknown as { __fakeExcel: { workbook: { sheets: { name: string; cells: Map<string, Cell> }[] } } }).__fakeExcel;
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

const sheetNamesIn = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as { __fakeExcel: { workbook: { sheets: { name: string }[] } } }).__fakeExcel.workbook.sheets.map((s) => s.name));

describeInBrowser("the task pane in chromium", () => {
  jest.setTimeout(90_000);
  let server: http.Server;
  let context: BrowserContext;
  let page: Page;
  let userDataDir: string;
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
      // A task pane is about 350 px wide; tall enough that the whole pane is in view.
      viewport: { width: 360, height: 900 },
    });
    // Offline: office.js is a stub (the fake host defines Office); anything else off this server fails.
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(origin)) return route.continue();
      if (/appsforoffice\.microsoft\.com\/.*office\.js$/.test(url)) {
        return route.fulfill({ status: 200, contentType: "text/javascript", body: "/* office.js stub: Office comes from the in-memory Excel host */" });
      }
      return route.abort();
    });
    await context.addInitScript({ content: fakeHostScript() });
    page = context.pages()[0] ?? (await context.newPage());
    page.on("pageerror", (e) => pageErrors.push(e.message));
    page.on("console", (m) => {
      if (m.type() === "error") pageErrors.push(m.text());
    });
    await page.goto(`${origin}/taskpane.html`);
  });

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  test("bad numbers show the function's message beside the field and write nothing", async () => {
    await page.getByLabel("Users").fill("lots");
    await page.getByRole("button", { name: "Load with my numbers" }).click();
    const expected = EX_DBSIZE("lots", 2048, 150, 75);
    if (!(expected instanceof SizingError)) throw new Error("EX_DBSIZE should refuse text for users");
    await expect(page.locator("#users-error").textContent()).resolves.toBe(expected.message);
    await expect(page.getByLabel("Users").getAttribute("aria-invalid")).resolves.toBe("true");
    await expect(page.locator("#status").textContent()).resolves.toContain("Nothing was written");
    expect(await sheetNamesIn(page)).toEqual(["Sheet1"]);
    await page.getByLabel("Users").fill("5,000");
    await expect(page.locator("#users-error").textContent()).resolves.toBe("");
  });

  test("a click on Load the reference design writes the same cells and formulas as the CLI's writer", async () => {
    await page.getByRole("button", { name: "Load the reference design" }).click();
    await page.waitForFunction(() => /Loaded the reference design/.test(document.getElementById("status")?.textContent ?? ""));
    const status = await page.locator("#status").textContent();
    expect(status).toBe("Loaded the reference design into sheets Inputs, Design, Resilience, Jetstress, Hardware, Sources. Change the yellow cells on Inputs and every output follows.");

    const model = referenceDesign();
    const names = model.sheets.map((s) => s.name);
    expect(await sheetNamesIn(page)).toEqual(["Sheet1", ...names]);
    const inPage = await readHostCells(page, names);
    expect(inPage).toEqual(cellsOfModel(model));
    expect(inPage).toEqual(await cellsOfCliFile(model));

    fs.mkdirSync(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    expect(fs.statSync(SCREENSHOT).size).toBeGreaterThan(10_000);
    expect(pageErrors).toEqual([]);
  });
});
