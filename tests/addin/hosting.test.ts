/**
 * Production hosting: `npm run build -- --env url=https://host/path/` (or ADDIN_URL) moves every
 * https://localhost:3000/ in the dist/ manifest and the functions' help URLs to that base, and
 * refuses anything that is not https. The builds here go to temp dirs, not to dist/.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { promisify } from "util";
import { DEV_URL, resolveAddinUrl, rewriteAddinUrls } from "../../scripts/addin-url";

const ROOT = path.resolve(__dirname, "../..");
const WEBPACK = path.join(ROOT, "node_modules/webpack-cli/bin/cli.js");
const HOST = "https://sizing.example.org/addin/";

const run = promisify(execFile);
/** An ADDIN_URL in the caller's environment must not leak into a build that tests something else. */
const { ADDIN_URL: _ignored, ...cleanEnvironment } = process.env;

async function webpack(args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [WEBPACK, ...args], { cwd: ROOT, env: cleanEnvironment, maxBuffer: 16 << 20 });
    return { code: 0, output: stdout + stderr };
  } catch (e) {
    const failed = e as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : 1, output: `${failed.stdout ?? ""}${failed.stderr ?? ""}` };
  }
}

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

  test("rewrites every dev-server URL and nothing else", () => {
    const text = `<a href="${DEV_URL}help.html#ex_dbsize"/><b href="${DEV_URL}assets/icon-16.png"/><c href="https://go.microsoft.com/"/>`;
    expect(rewriteAddinUrls(text, HOST)).toBe(
      `<a href="${HOST}help.html#ex_dbsize"/><b href="${HOST}assets/icon-16.png"/><c href="https://go.microsoft.com/"/>`,
    );
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
    build = await webpack(["--mode", "production", "--env", `url=${HOST}`, "--output-path", out]);
  }, 120_000);
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  test("succeeds", () => {
    expect(build.output).toMatch(/compiled successfully/);
    expect(build.code).toBe(0);
  });

  test("leaves no localhost in the manifest, and every URL it had now starts at the host", () => {
    const source = fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
    const hosted = fs.readFileSync(path.join(out, "manifest.xml"), "utf8");
    expect(hosted).not.toMatch(/localhost/);
    const before = source.match(/https:\/\/localhost:3000\/[^"]*/g) ?? [];
    const after = hosted.match(/https:\/\/sizing\.example\.org\/addin\/[^"]*/g) ?? [];
    expect(before.length).toBeGreaterThan(5);
    expect(after).toEqual(before.map((u) => u.replace(DEV_URL, HOST)));
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
}, 60_000);
