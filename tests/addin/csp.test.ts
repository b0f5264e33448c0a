/**
 * Content-Security-Policy of the task pane and the help page. Static hosting gives us no headers,
 * so each page carries its policy as <meta http-equiv="Content-Security-Policy">; the dev server
 * sends the same text as a header. Here, on a development build of our own (in a temp dir, so a
 * concurrent rebuild of dist/ cannot interfere): the policy read from the built pages allows only
 * what the pages load, and in chromium the pane runs against the in-memory Excel host, and the help
 * page renders, without a single violation. A development build is the one that would break: its
 * devtool must not use eval.
 *
 * Not checkable by a meta policy, so not here: frame-ancestors (ignored in meta; Office frames the
 * pane from hosts of its choosing), report-uri and sandbox.
 */
import { execFile } from "child_process";
import fs from "fs";
import http from "http";
import os from "os";
import path from "path";
import type { AddressInfo } from "net";
import { promisify } from "util";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import ts from "typescript";
import { BROWSER_MS, BUILD_MS } from "../support/timeouts";

const ROOT = path.resolve(__dirname, "../..");
const WEBPACK = path.join(ROOT, "node_modules/webpack-cli/bin/cli.js");
const CHROMIUM = "/usr/bin/chromium";
const OFFICE_HOST = "https://appsforoffice.microsoft.com";
const PAGES = ["taskpane.html", "help.html"] as const;
const LAUNCH_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];

/** An ADDIN_URL in the caller's environment must not change the build. */
const { ADDIN_URL: _ignored, ...cleanEnvironment } = process.env;

let out: string;
let buildOutput = "";
beforeAll(async () => {
  out = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-csp-"));
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [WEBPACK, "--mode", "development", "--output-path", out], {
      cwd: ROOT,
      env: cleanEnvironment,
      maxBuffer: 16 << 20,
    });
    buildOutput = stdout + stderr;
  } catch (e) {
    const failed = e as { stdout?: string; stderr?: string };
    buildOutput = `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
  }
  for (const page of PAGES) if (!fs.existsSync(path.join(out, page))) throw new Error(`the development build emitted no ${page}:\n${buildOutput}`);
}, BUILD_MS);
afterAll(() => out && fs.rmSync(out, { recursive: true, force: true }));

const built = (page: string): string => fs.readFileSync(path.join(out, page), "utf8");

/** Parsed here, independently of scripts/csp.js: every CSP meta tag's content, entities decoded. */
function metaPolicies(html: string): string[] {
  const found: string[] = [];
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/http-equiv\s*=\s*["']?content-security-policy["'\s>/]/i.test(tag)) continue;
    const content = /\scontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    found.push((content?.[1] ?? content?.[2] ?? "").replace(/&#39;|&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&"));
  }
  return found;
}

function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) {
      expect({ duplicate: map.has(name.toLowerCase()) ? name : undefined }).toEqual({ duplicate: undefined });
      map.set(name.toLowerCase(), sources);
    }
  }
  return map;
}

const policyOf = (page: string): Map<string, string[]> => directives(metaPolicies(built(page))[0] ?? "");
/** The sources a fetch directive allows, falling back to default-src as browsers do. */
const effective = (policy: Map<string, string[]>, directive: string): string[] => policy.get(directive) ?? policy.get("default-src") ?? ["*"];

describe.each(PAGES)("the Content-Security-Policy of the built %s", (page) => {
  test("is one meta tag in <head>, before anything it governs is loaded", () => {
    const html = built(page).replace(/<!--[\s\S]*?-->/g, "");
    expect(metaPolicies(html)).toHaveLength(1);
    const head = html.slice(0, html.search(/<\/head>/i));
    const meta = head.search(/<meta[^>]*content-security-policy/i);
    expect(meta).toBeGreaterThan(0);
    const firstLoad = head.search(/<(script|link|style|img)\b/i);
    if (firstLoad >= 0) expect(meta).toBeLessThan(firstLoad);
  });

  test("starts from default-src 'none' (or 'self') and allows neither eval nor inline code", () => {
    const policy = policyOf(page);
    expect(["'none'", "'self'"]).toContain(policy.get("default-src")?.join(" "));
    for (const [name, sources] of policy) {
      for (const banned of ["'unsafe-eval'", "'unsafe-inline'", "'unsafe-hashes'", "'wasm-unsafe-eval'", "*", "data:", "blob:", "https:", "http:"]) {
        expect({ [name]: sources.includes(banned) ? banned : "ok" }).toEqual({ [name]: "ok" });
      }
    }
  });

  test("runs scripts only from this origin and the office.js host", () => {
    for (const source of effective(policyOf(page), "script-src")) expect(["'self'", OFFICE_HOST, "'none'"]).toContain(source);
  });

  test("allows no plugins, no <base> and no form posts", () => {
    const policy = policyOf(page);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(["'none'", "'self'"]).toContain(policy.get("base-uri")?.join(" "));
    expect(policy.get("form-action")).toEqual(["'none'"]);
  });

  test("holds no directive a meta tag ignores (frame-ancestors, report-uri, sandbox): that would be false assurance", () => {
    for (const ignored of ["frame-ancestors", "report-uri", "report-to", "sandbox"]) expect(policyOf(page).has(ignored)).toBe(false);
  });

  test("allows what the page itself loads, and holds nothing inline", () => {
    const html = built(page).replace(/<!--[\s\S]*?-->/g, "");
    const policy = policyOf(page);
    const allowed = (directive: string, url: string): boolean => {
      const sources = effective(policy, directive);
      return /^[a-z]+:/i.test(url) ? sources.some((s) => s.startsWith("https://") && url.startsWith(s)) : sources.includes("'self'");
    };
    for (const [, src] of html.matchAll(/<script\b[^>]*\ssrc\s*=\s*"?([^"\s>]+)"?/gi)) expect({ script: src, allowed: allowed("script-src", src!) }).toEqual({ script: src, allowed: true });
    for (const [, href] of html.matchAll(/<link\b[^>]*rel\s*=\s*"?stylesheet"?[^>]*href\s*=\s*"?([^"\s>]+)"?/gi)) expect({ style: href, allowed: allowed("style-src", href!) }).toEqual({ style: href, allowed: true });
    for (const [, src] of html.matchAll(/<img\b[^>]*\ssrc\s*=\s*"?([^"\s>]+)"?/gi)) expect({ img: src, allowed: allowed("img-src", src!) }).toEqual({ img: src, allowed: true });
    expect(html).not.toMatch(/<style[\s>]/i);
    expect(html).not.toMatch(/<[a-z][^>]*\sstyle\s*=/i);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc\s*=)[^>]*>/i);
    expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+\s*=/i);
  });
});

test("the help page runs no script at all", () => {
  expect(effective(policyOf("help.html"), "script-src")).toEqual(["'none'"]);
  expect(built("help.html")).not.toMatch(/<script/i);
});

describe("webpack.config.js", () => {
  jest.mock("office-addin-dev-certs", () => ({ getHttpsServerOptions: async () => ({ ca: "ca", key: "key", cert: "cert" }) }));
  type Headers = (req: { url?: string }) => Record<string, string>;
  type Config = { devtool: string | false; devServer: { headers: Headers } };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require("../../webpack.config.js") as (env: object, argv: object) => Promise<Config>;

  test("a development build's source maps use no eval, which the policy refuses", async () => {
    const { devtool } = await config({ WEBPACK_BUILD: true }, { mode: "development" });
    expect(devtool).toBeTruthy();
    expect(String(devtool)).not.toMatch(/eval/);
    for (const bundle of ["taskpane.js", "functions.js"]) expect(fs.readFileSync(path.join(out, bundle), "utf8")).not.toMatch(/\beval\(|new Function\(/);
  });

  test.each(PAGES)("the dev server sends %s's own policy as a header too", async (page) => {
    const { devServer } = await config({ WEBPACK_SERVE: true }, { mode: "development" });
    const headers = devServer.headers({ url: `/${page}?_host_Info=Excel` });
    expect(headers["Content-Security-Policy"]).toBe(metaPolicies(built(page))[0]);
    expect(headers["Access-Control-Allow-Origin"]).toBe("*");
  });
});

// ---------------------------------------------------------------------------------------------
// In chromium: nothing the pages do is refused.

const haveChromium = fs.existsSync(CHROMIUM);
if (!haveChromium && process.env.REQUIRE_CHROMIUM === "1") throw new Error(`REQUIRE_CHROMIUM=1 but ${CHROMIUM} is missing: apt-get install chromium`);
if (!haveChromium) console.warn(`warning: ${CHROMIUM} is missing, so the browser check of the Content-Security-Policy is skipped`);
const describeInBrowser = haveChromium ? describe : describe.skip;

/** tests/support/fake-excel.ts as a script, as tests/browser/taskpane.test.ts injects it. */
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

/** Runs before any page script (and is not itself subject to the page's policy): every violation is kept. */
const RECORD_VIOLATIONS = `window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__cspViolations.push(e.effectiveDirective + " refused " + (e.blockedURI || "inline") + " (" + (e.sourceFile || "") + ":" + e.lineNumber + ")");
});`;

const TYPES: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".png": "image/png", ".map": "application/json", ".xml": "application/xml" };

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

const violationsIn = (page: Page): Promise<string[]> => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations.splice(0));
/** The pane is idle: nothing it marks busy, and a moment for the last status to be written. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null, undefined, { timeout: 30_000 });
  await page.waitForTimeout(100);
}

describeInBrowser("the built pages in chromium", () => {
  jest.setTimeout(BROWSER_MS);
  let server: http.Server;
  let context: BrowserContext;
  let userDataDir: string;
  let origin: string;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    server = await serve(out);
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-csp-chromium-"));
    context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS, viewport: { width: 360, height: 900 } });
    // Offline: office.js is a stub from its real host (so script-src is exercised); the in-memory host defines Office.
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (url.startsWith(origin)) return route.continue();
      if (/^https:\/\/appsforoffice\.microsoft\.com\/.*office\.js$/.test(url)) {
        return route.fulfill({ status: 200, contentType: "text/javascript", body: "/* office.js stub: Office comes from the in-memory Excel host */" });
      }
      return route.abort();
    });
    await context.addInitScript({ content: RECORD_VIOLATIONS });
    await context.addInitScript({ content: fakeHostScript() });
    const watch = (page: Page): void => {
      page.on("pageerror", (e) => consoleErrors.push(`${page.url()}: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() === "error" && /Content.Security.Policy|Refused to/i.test(m.text())) consoleErrors.push(`${page.url()}: ${m.text()}`);
      });
    };
    context.on("page", watch);
    for (const page of context.pages()) watch(page);
  });

  afterAll(async () => {
    await context?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    if (userDataDir) fs.rmSync(userDataDir, { recursive: true, force: true });
  });

  test("the listener sees a violation when there is one (an inline style added to the pane)", async () => {
    const page = await context.newPage();
    await page.goto(`${origin}/taskpane.html`);
    await page.addStyleTag({ content: "body { outline: 1px solid red; }" }).catch(() => undefined);
    await page.waitForTimeout(100);
    expect((await violationsIn(page)).join("\n")).toMatch(/style-src/);
    await page.close();
    consoleErrors.splice(0);
  });

  test("the pane loads and every button in it runs against the in-memory host without a violation", async () => {
    const page = await context.newPage();
    await page.goto(`${origin}/taskpane.html`);
    await settled(page);
    expect(await violationsIn(page)).toEqual([]); // loading alone: the bundles (no eval), office.js, taskpane.css, the icon
    expect(consoleErrors).toEqual([]);
    // Styles from taskpane.css applied, the icon shown: what the policy allows did load.
    expect(await page.evaluate(() => getComputedStyle(document.body).marginTop)).toBe("0px");
    const icon = page.locator("img").first();
    if ((await icon.count()) > 0) expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

    // A refused input (the pane shows its message), then every button, one at a time, each when enabled.
    const firstInput = page.locator("form input").first();
    if ((await firstInput.count()) > 0) {
      const was = await firstInput.inputValue();
      await firstInput.fill("lots");
      await page.locator("form [type=submit]").first().click();
      await settled(page);
      await firstInput.fill(was);
    }
    const buttons = page.locator("button");
    const count = await buttons.count();
    expect(count).toBeGreaterThan(0);
    let clicked = 0;
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < count; i++) {
        const button = buttons.nth(i);
        if (!(await button.isVisible()) || !(await button.isEnabled())) continue;
        await button.click();
        clicked++;
        await settled(page);
      }
    }
    expect(clicked).toBeGreaterThan(1);
    // The pane wrote a design into the host: it really ran.
    const sheets = await page.evaluate(() => (window as unknown as { __fakeExcel: { workbook: { sheets: unknown[] } } }).__fakeExcel.workbook.sheets.length);
    expect(sheets).toBeGreaterThan(1);

    for (const p of context.pages()) if (p.url().startsWith(origin)) expect(await violationsIn(p)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });

  test("the help page renders with its styles and without a violation", async () => {
    const page = await context.newPage();
    await page.goto(`${origin}/help.html`);
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => getComputedStyle(document.querySelector("h2")!).borderBottomStyle)).toBe("solid");
    await page.locator("nav a").first().click();
    expect(await violationsIn(page)).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await page.close();
  });
});
