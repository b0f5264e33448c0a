/**
 * Production hosting: `npm run build -- --env url=https://host/path/` (or ADDIN_URL) moves every
 * https://localhost:3000/ in the dist/ manifest and the functions' help URLs to that base, and
 * refuses anything that is not https. A base with characters that XML or JSON treat specially
 * (`&`, `'`, `"`, `<`, spaces, non-ASCII, `--` in a comment) still gives well-formed files that
 * point where the user said; what cannot be a URL is refused. The builds here go to temp dirs,
 * not to dist/.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { DEV_URL, resolveAddinUrl, rewriteAddinUrls } from "../../scripts/addin-url";
import { BUILD_MS } from "../support/timeouts";

// Builds the add-in with webpack: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(BUILD_MS);

const ROOT = path.resolve(__dirname, "../..");
const WEBPACK = path.join(ROOT, "node_modules/webpack-cli/bin/cli.js");
const HOST = "https://sizing.example.org/addin/";

// xml2js (with office-addin-manifest) parses strictly: a malformed manifest fails the test.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseStringPromise } = require("xml2js") as { parseStringPromise(xml: string): Promise<unknown> };

/** Every attribute value in a parsed manifest that is an https URL, not a namespace (xml2js puts attributes under "$"). */
function urlAttributes(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) urlAttributes(item, found);
  else if (node && typeof node === "object") {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$") {
        for (const attribute of Object.values(value as Record<string, string>)) if (/^https:\/\//i.test(attribute)) found.push(attribute);
      } else urlAttributes(value, found);
    }
  }
  return found;
}

const SOURCE_MANIFEST = fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
/** The manifest's URLs after the dev server's base, e.g. "assets/icon-16.png", in document order. */
let sourceSuffixes: string[];
beforeAll(async () => {
  const urls = urlAttributes(await parseStringPromise(SOURCE_MANIFEST));
  expect(urls.length).toBeGreaterThan(5);
  for (const u of urls) expect(u.startsWith(DEV_URL)).toBe(true);
  sourceSuffixes = urls.map((u) => u.slice(DEV_URL.length));
});

/** What the user typed, as the characters they meant: the issue's `&`, then every character XML, JSON or HTML treat specially. */
const AWKWARD_URLS = [
  "https://sizing.example.org/r&d/addin/",
  "https://sizing.example.org/it's/",
  'https://sizing.example.org/"quoted"/',
  "https://sizing.example.org/<addin>/",
  "https://sizing.example.org/my add-in/",
  "https://sizing.example.org/für Müller/größen/",
  "https://größen.example.org/addin/", // an IDN host becomes xn--…, and "--" may not appear in an XML comment
  "https://sizing.example.org/a--b/",
  "https://sizing.example.org/&amp;/", // already looks escaped: still taken literally
  "https://sizing.example.org/r%26d/", // a valid escape is kept as the user wrote it
];

const run = promisify(execFile);
/** An ADDIN_URL in the caller's environment must not leak into a build that tests something else. */
const { ADDIN_URL: _ignored, ...cleanEnvironment } = process.env;

async function webpack(args: string[], environment: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  try {
    const env = { ...cleanEnvironment, ...environment };
    const { stdout, stderr } = await run(process.execPath, [WEBPACK, ...args], { cwd: ROOT, env, maxBuffer: 16 << 20 });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

/**
 * The two production builds below compile the same bundles for different hosting URLs: they share a
 * webpack filesystem cache, made for this file and removed after it, so the second reuses the first's
 * compiled and minified modules (some 45 s of a busy machine's time) while every plugin still runs and
 * emits its files for its own URL. The refused builds stop before compiling and take no cache.
 */
let sharedCache: string | undefined;
function productionCache(): string[] {
  sharedCache ??= fs.mkdtempSync(path.join(os.tmpdir(), "exsize-webpack-cache-"));
  return ["--cache-type", "filesystem", "--cache-cache-directory", sharedCache];
}
afterAll(() => {
  if (sharedCache) fs.rmSync(sharedCache, { recursive: true, force: true });
});

describe("the hosting URL", () => {
  test.each([
    [{ url: HOST }, {}, HOST],
    [{ url: "https://sizing.example.org/addin" }, {}, HOST], // a trailing slash is added
    [{ url: " https://SIZING.example.org/addin/ " }, {}, HOST], // trimmed; host names are case-insensitive
    [{}, { ADDIN_URL: HOST }, HOST],
    [{ url: HOST }, { ADDIN_URL: "https://elsewhere.example.org/" }, HOST], // --env wins
    [{}, {}, undefined],
    [{ url: "" }, { ADDIN_URL: "  " }, undefined],
  ])("env %j with environment %j is %s", (env, environment, expected) => {
    expect(resolveAddinUrl(env, environment)).toBe(expected);
  });

  test.each([
    ["http://sizing.example.org/addin/", /--env url must use https:\/\//],
    ["ftp://sizing.example.org/", /must use https:\/\//],
    ["sizing.example.org/addin/", /must be an absolute https:\/\/ URL/],
    ["https://", /must be an absolute https:\/\/ URL/],
    ["https://sizing.example.org/addin/?v=2", /without query, fragment or credentials/],
    ["https://user:secret@sizing.example.org/", /without query, fragment or credentials/],
  ])("refuses %s with a message saying what it should be", (url, message) => {
    expect(() => resolveAddinUrl({ url }, {})).toThrow(message);
  });

  test("names ADDIN_URL when that is where the bad URL came from", () => {
    expect(() => resolveAddinUrl({}, { ADDIN_URL: "http://x.example.org/" })).toThrow(/^ADDIN_URL must use https/);
  });

  // A URL parser silently drops tabs and newlines, turns "\\" into "/" and keeps a "%" that
  // starts no escape: the URL written would not be the one the user gave, or not a valid one.
  test.each([
    ["a tab", "https://sizing.example.org/r\td/", /must not contain control characters \(tab, newline…\)/],
    ["a newline", "https://sizing.example.org/a\nb/", /must not contain control characters/],
    ["a backslash", "https://sizing.example.org/r\\d/", /must not contain "\\"/],
    ["a % that starts no escape", "https://sizing.example.org/100%/", /"%" must start an escape such as %20/],
    ["a % before non-hex", "https://sizing.example.org/%zz/", /"%" must start an escape such as %20/],
    ["2,000 characters", `https://sizing.example.org/${"a".repeat(2040)}/`, /at most 2048 characters/],
  ])("refuses a URL with %s, which cannot be written as the URL it says", (_what, url, message) => {
    expect(() => resolveAddinUrl({ url }, {})).toThrow(message);
  });

  test.each(AWKWARD_URLS)("takes %s as the URL it means, escaped as a URL", (url) => {
    const base = resolveAddinUrl({ url }, {})!;
    expect(base).toBe(new URL(url).href);
    expect(base).toMatch(/^https:\/\/[\x21-\x7e]+\/$/); // ASCII, no spaces: percent-escaped and punycode
  });

  test("rewrites every dev-server URL and nothing else", () => {
    const text = `<a href="${DEV_URL}help.html#ex_dbsize"/><b href="${DEV_URL}assets/icon-16.png"/><c href="https://go.microsoft.com/"/>`;
    expect(rewriteAddinUrls(text, HOST, "manifest.xml")).toBe(
      `<a href="${HOST}help.html#ex_dbsize"/><b href="${HOST}assets/icon-16.png"/><c href="https://go.microsoft.com/"/>`,
    );
  });

  test.each(AWKWARD_URLS)("the manifest for %s is well-formed XML whose every URL starts at that base", async (url) => {
    const base = resolveAddinUrl({ url }, {})!;
    const hosted = rewriteAddinUrls(SOURCE_MANIFEST, base, "manifest.xml");
    expect(hosted).not.toMatch(/localhost/);
    expect(urlAttributes(await parseStringPromise(hosted))).toEqual(sourceSuffixes.map((suffix) => base + suffix));
  });

  test.each(AWKWARD_URLS)("a JSON file for %s still parses, with the URL in its strings", (url) => {
    const base = resolveAddinUrl({ url }, {})!;
    const json = JSON.stringify({ functions: [{ id: "EX_DBSIZE", helpUrl: `${DEV_URL}help.html#ex_dbsize` }] }, null, 2);
    const hosted = JSON.parse(rewriteAddinUrls(json, base, "functions.json")) as { functions: { helpUrl: string }[] };
    expect(hosted.functions[0]!.helpUrl).toBe(`${base}help.html#ex_dbsize`);
  });

  test("refuses to rewrite a kind of file it does not know how to escape for", () => {
    expect(() => rewriteAddinUrls(DEV_URL, HOST, "notes.txt")).toThrow(/notes\.txt/);
  });
});

describe("webpack.config.js", () => {
  // Loaded through jest so office-addin-dev-certs can be replaced: a plain build must never touch
  // certificates (the real call creates and trusts a CA on this machine).
  const getHttpsServerOptions = jest.fn(async () => ({ ca: "ca", key: "key", cert: "cert" }));
  jest.mock("office-addin-dev-certs", () => ({ getHttpsServerOptions }));
  type Config = { devServer: { port: number; server: unknown }; output: { path: string } };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require("../../webpack.config.js") as (env: object, argv: object) => Promise<Config>;

  beforeEach(() => getHttpsServerOptions.mockClear());

  test("a build (not serving) does not ask for dev certificates", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const built = await config({ WEBPACK_BUILD: true }, { mode: "development" });
      expect(getHttpsServerOptions).not.toHaveBeenCalled();
      expect(built.output.path).toBe(path.join(ROOT, "dist"));
    } finally {
      warn.mockRestore();
    }
  });

  test("serving uses the dev certificates, https on port 3000", async () => {
    const served = await config({ WEBPACK_SERVE: true }, { mode: "development" });
    expect(getHttpsServerOptions).toHaveBeenCalledTimes(1);
    expect(served.devServer.port).toBe(3000);
    expect(served.devServer.server).toEqual({ type: "https", options: { ca: "ca", key: "key", cert: "cert" } });
  });

  test("a production build without a URL keeps localhost and warns", async () => {
    const warn = jest.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      await config({ WEBPACK_BUILD: true }, { mode: "production" });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/without a hosting URL.*keep https:\/\/localhost:3000\//s));
    } finally {
      warn.mockRestore();
    }
  });
});

describe("a production build for https://sizing.example.org/addin/", () => {
  let out: string;
  let build: { code: number; output: string };
  beforeAll(async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-hosted-"));
    build = await webpack(["--mode", "production", "--env", `url=${HOST}`, "--output-path", out, ...productionCache()]);
  }, BUILD_MS);
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  test("succeeds", () => {
    expect(build.output).toMatch(/compiled successfully/);
    expect(build.code).toBe(0);
  });

  test("leaves no localhost in the manifest, and every URL it had now starts at the host", async () => {
    const hosted = fs.readFileSync(path.join(out, "manifest.xml"), "utf8");
    expect(hosted).not.toMatch(/localhost/);
    expect(urlAttributes(await parseStringPromise(hosted))).toEqual(sourceSuffixes.map((suffix) => HOST + suffix));
  });

  test("moves every URL of the unified manifest (manifest.json) to the host too, and nothing else in it", () => {
    const source = fs.readFileSync(path.join(ROOT, "manifest.json"), "utf8");
    const hosted = fs.readFileSync(path.join(out, "manifest.json"), "utf8");
    expect(hosted).not.toMatch(/localhost/);
    expect(JSON.parse(hosted)).toEqual(JSON.parse(source.split(DEV_URL).join(HOST)));
  });

  test("points every function's help URL at the hosted help page", () => {
    const { functions } = JSON.parse(fs.readFileSync(path.join(out, "functions.json"), "utf8")) as { functions: { id: string; helpUrl: string }[] };
    expect(functions.length).toBeGreaterThanOrEqual(5);
    for (const f of functions) expect(f.helpUrl).toBe(`${HOST}help.html#${f.id.toLowerCase()}`);
    expect(fs.readFileSync(path.join(out, "functions.json"), "utf8")).not.toMatch(/localhost/);
  });

  test("emits what the manifest names: pages, scripts, metadata, icons", () => {
    for (const file of ["taskpane.html", "functions.js", "taskpane.js", "functions.json", "help.html", "assets/icon-16.png", "assets/icon-80.png"]) {
      expect({ [file]: fs.existsSync(path.join(out, file)) }).toEqual({ [file]: true });
    }
  });
});

/** The issue's `&`, and every other character XML, JSON or HTML treat specially, in one hosting URL given as ADDIN_URL. */
describe("a production build for a hosting URL with & ' \" < spaces and non-ASCII in it", () => {
  const AWKWARD = `https://größen.example.org/r&d/it's "new" <addin> für Müller/`;
  const BASE = "https://xn--gren-wna1l.example.org/r&d/it's%20%22new%22%20%3Caddin%3E%20f%C3%BCr%20M%C3%BCller/";
  const MEANT = `/r&d/it's "new" <addin> für Müller/`;
  let out: string;
  let build: { code: number; output: string };
  beforeAll(async () => {
    out = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-awkward-"));
    build = await webpack(["--mode", "production", "--output-path", out, ...productionCache()], { ADDIN_URL: AWKWARD });
  }, BUILD_MS);
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  test("succeeds", () => {
    expect(build.output).toMatch(/compiled successfully/);
    expect(build.code).toBe(0);
  });

  test("writes a well-formed manifest whose every URL is the hosted one, pointing where the user said", async () => {
    const hosted = fs.readFileSync(path.join(out, "manifest.xml"), "utf8");
    expect(hosted).not.toMatch(/localhost/);
    const urls = urlAttributes(await parseStringPromise(hosted));
    expect(urls).toEqual(sourceSuffixes.map((suffix) => BASE + suffix));
    for (const u of urls) {
      const parsed = new URL(u);
      expect(parsed.href).toBe(u);
      expect(parsed.hostname).toBe("xn--gren-wna1l.example.org");
      expect(decodeURIComponent(parsed.pathname).startsWith(MEANT)).toBe(true);
    }
  });

  test("writes a manifest.json that parses, whose every URL is the hosted one, pointing where the user said", () => {
    const text = fs.readFileSync(path.join(out, "manifest.json"), "utf8");
    expect(text).not.toMatch(/localhost/);
    const urls = [...text.matchAll(/"(https:\/\/[^"]*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).filter((u) => !u.includes("developer.microsoft.com"));
    expect(urls.length).toBeGreaterThan(8);
    for (const u of urls) {
      expect(u.startsWith(BASE)).toBe(true);
      expect(decodeURIComponent(new URL(u).pathname).startsWith(MEANT)).toBe(true);
    }
    expect(() => JSON.parse(text)).not.toThrow();
  });

  test("writes a functions.json that parses, with every help URL at the hosted help page", () => {
    const text = fs.readFileSync(path.join(out, "functions.json"), "utf8");
    const { functions } = JSON.parse(text) as { functions: { id: string; helpUrl: string }[] };
    expect(functions.length).toBeGreaterThanOrEqual(5);
    for (const f of functions) {
      expect(f.helpUrl).toBe(`${BASE}help.html#${f.id.toLowerCase()}`);
      expect(decodeURIComponent(new URL(f.helpUrl).pathname)).toBe(`${MEANT}help.html`);
    }
    expect(text).not.toMatch(/localhost/);
  });

  test("names the hosting URL nowhere in the pages, so no HTML attribute needs it escaped", () => {
    for (const page of ["taskpane.html", "help.html"]) expect(fs.readFileSync(path.join(out, page), "utf8")).not.toMatch(/example\.org|localhost:3000/);
  });
});

test("a build for a URL with a tab in it is refused, naming what is wrong", async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-refused-"));
  try {
    const refused = await webpack(["--mode", "production", "--output-path", out], { ADDIN_URL: "https://sizing.example.org/r\td/" });
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/ADDIN_URL must not contain control characters/);
    expect(fs.readdirSync(out)).toEqual([]);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}, BUILD_MS);

test("a build for an http:// URL is refused before it compiles anything", async () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-refused-"));
  try {
    const refused = await webpack(["--mode", "production", "--env", "url=http://sizing.example.org/addin/", "--output-path", out]);
    expect(refused.code).not.toBe(0);
    expect(refused.output).toMatch(/--env url must use https:\/\/ \(Office loads add-ins only over HTTPS\)/);
    expect(fs.readdirSync(out)).toEqual([]);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}, BUILD_MS);
