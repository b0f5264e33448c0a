/**
 * npm run release -- --url https://host/path/: a production build for that address and
 * two zips — every built file to serve there with both manifests for it, and the unified manifest's
 * app package (manifest.json and its two icons) for the Microsoft 365 admin center. What the zip
 * holds is what the manifests name: every URL in them is under the host and is a file of the zip.
 * The build goes to a temporary --dist, never the repository's dist/ that other tests read.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { unzipSync } from "fflate";
import { BUILD_MS, PROCESS_MS } from "../support/timeouts";

jest.setTimeout(PROCESS_MS);

const ROOT = path.resolve(__dirname, "../..");
const HOST = "https://sizing.example.org/exchange/addin/";
const VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;
const RELEASE = path.join(ROOT, "scripts", "release.js");

const { ADDIN_URL: _ignored, ...cleanEnvironment } = process.env;
function release(args: string[], cwd = ROOT): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [RELEASE, ...args], { cwd, env: cleanEnvironment, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Every https URL in a manifest's text, XML entities and JSON escapes read back; Microsoft's schema and namespace URLs aside. */
function manifestUrls(text: string): string[] {
  const xmlText = text.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
  return [...xmlText.matchAll(/https:\/\/[^"\s<]+/g)].map((m) => m[0]).filter((u) => !/^https:\/\/developer\.microsoft\.com\//.test(u));
}

let work: string;
let run: { code: number; stdout: string; stderr: string };
let site: Record<string, Uint8Array>;
let appPackage: Record<string, Uint8Array>;
const text = (files: Record<string, Uint8Array>, name: string) => Buffer.from(files[name]).toString("utf8");

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-release-"));
  run = await release(["--url", HOST, "--out", path.join(work, "out"), "--dist", path.join(work, "dist")]);
  const read = (name: string) => (fs.existsSync(path.join(work, "out", name)) ? unzipSync(fs.readFileSync(path.join(work, "out", name))) : {});
  site = read(`exsize-addin-${VERSION}.zip`);
  appPackage = read(`exsize-addin-${VERSION}-app-package.zip`);
}, BUILD_MS);
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

describe("npm run release -- --url https://sizing.example.org/exchange/addin/", () => {
  test("builds and writes the two zips, saying what each is for", () => {
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: "" });
    expect(run.stdout).toContain(`for ${HOST}`);
    expect(run.stdout).toMatch(new RegExp(`wrote .*exsize-addin-${VERSION}\\.zip: \\d+ files to serve from ${HOST.replace(/[./]/g, "\\$&")}, manifest\\.xml and manifest\\.json among them`));
    expect(run.stdout).toMatch(new RegExp(`wrote .*exsize-addin-${VERSION}-app-package\\.zip: manifest\\.json and its two icons`));
  });

  test("the site zip holds the whole build: pages, bundles, metadata, help, icons and both manifests", () => {
    const names = Object.keys(site);
    expect(names).toEqual(expect.arrayContaining(["taskpane.html", "taskpane.js", "functions.js", "functions.json", "help.html", "taskpane.css", "manifest.xml", "manifest.json", "assets/icon-16.png", "assets/icon-80.png", "assets/icon-color-192.png"]));
    const built = (dir: string, prefix = ""): string[] =>
      fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? built(dir, `${prefix}${e.name}/`) : [`${prefix}${e.name}`]));
    expect(names.sort()).toEqual(built(path.join(work, "dist")).sort());
    expect(names.filter((n) => n.endsWith(".map"))).toEqual([]);
  });

  test.each(["manifest.xml", "manifest.json", "functions.json"])("%s in it names the host and no dev server, and every URL it names is a file of the zip", (name) => {
    const content = text(site, name);
    expect(content).not.toMatch(/localhost/);
    const urls = manifestUrls(content);
    expect(urls.length).toBeGreaterThan(name === "functions.json" ? 10 : 8);
    for (const url of urls) {
      expect(url.startsWith(HOST)).toBe(true);
      const file = url.slice(HOST.length).split("#")[0];
      expect({ [url]: file in site }).toEqual({ [url]: true });
    }
  });

  test("the app package is manifest.json, the site's own, and the two icons it names", () => {
    const manifest = JSON.parse(text(appPackage, "manifest.json")) as { icons: { color: string; outline: string } };
    expect(Object.keys(appPackage).sort()).toEqual(["manifest.json", manifest.icons.color, manifest.icons.outline].sort());
    expect(text(appPackage, "manifest.json")).toBe(text(site, "manifest.json"));
    for (const icon of [manifest.icons.color, manifest.icons.outline]) expect(Buffer.from(appPackage[icon]).equals(Buffer.from(site[icon]))).toBe(true);
  });

  test("the zipped manifest.json is valid against Microsoft's schema, offline", async () => {
    const file = path.join(work, "manifest.json");
    fs.writeFileSync(file, site["manifest.json"]);
    const check = await new Promise<{ code: number; stdout: string }>((resolve) =>
      execFile(process.execPath, [path.join(ROOT, "scripts", "validate-manifest.js"), file], (error, stdout) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout })),
    );
    expect(check).toEqual({ code: 0, stdout: `${file}: valid\n` });
  });

  test("run again, it keeps the zips and exits 2 naming them, before building anything", async () => {
    const zip = path.join(work, "out", `exsize-addin-${VERSION}.zip`);
    const before = fs.statSync(zip).mtimeMs;
    const again = await release(["--url", HOST, "--out", path.join(work, "out"), "--dist", path.join(work, "dist-again")]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(new RegExp(`exsize-addin-${VERSION}\\.zip and .*app-package\\.zip already there; kept \\(add --force to replace\\)`));
    expect(fs.statSync(zip).mtimeMs).toBe(before);
    expect(fs.existsSync(path.join(work, "dist-again"))).toBe(false);
  });
});

/** Every entry under `dir`, folders with a trailing "/", sorted. */
const entriesUnder = (dir: string, prefix = ""): string[] =>
  fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? [`${prefix}${e.name}/`, ...entriesUnder(dir, `${prefix}${e.name}/`)] : [`${prefix}${e.name}`]))
    .sort();

describe("npm run release writes only into a --dist it made or one that is empty", () => {
  test("a --dist holding a file is refused before building, naming the folder and --force; the file is kept", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-release-kept-"));
    try {
      const dist = path.join(dir, "site");
      fs.mkdirSync(dist);
      fs.writeFileSync(path.join(dist, "notes.txt"), "the customer's notes");
      const r = await release(["--url", HOST, "--out", path.join(dir, "out"), "--dist", dist]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/release: --dist \S*site already holds a file or folder, which the build would replace; kept \(give --dist a new or empty folder, or add --force to replace them\)/);
      expect(entriesUnder(dir)).toEqual(["site/", "site/notes.txt"]);
      expect(fs.readFileSync(path.join(dist, "notes.txt"), "utf8")).toBe("the customer's notes");
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  /**
   * The release in a process of its own (Microsoft's schema check does not load under jest), its build a copy
   * of the one beforeAll made (no second webpack run) and its file writes `writeFile`'s JavaScript.
   */
  const releaseCopying = (args: string[], writeFile = "(file, bytes) => fs.writeFileSync(file, bytes, { flag: 'wx' })") => {
    const script = `const fs = require("fs");
      const { release } = require(${JSON.stringify(RELEASE)});
      const build = async (_base, into) => fs.cpSync(${JSON.stringify(path.join(work, "dist"))}, into, { recursive: true });
      release(process.argv.slice(1), undefined, { build, writeFile: ${writeFile} }).then((code) => (process.exitCode = code));`;
    return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(process.execPath, ["-e", script, "--", ...args], { cwd: ROOT, env: cleanEnvironment }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr })),
    );
  };

  test("with --force, a --dist holding files is replaced by the build, and nothing else is left beside it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-release-force-"));
    try {
      const dist = path.join(dir, "site");
      fs.mkdirSync(dist);
      fs.writeFileSync(path.join(dist, "old.js"), "an old build");
      const r = await releaseCopying(["--url", HOST, "--out", path.join(dir, "out"), "--dist", dist, "--force"]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
      expect(entriesUnder(dist)).toEqual(entriesUnder(path.join(work, "dist")));
      expect(fs.readdirSync(dir).sort()).toEqual(["out", "site"]);
      expect(fs.readdirSync(path.join(dir, "out")).sort()).toEqual([`exsize-addin-${VERSION}-app-package.zip`, `exsize-addin-${VERSION}.zip`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("an earlier build of the add-in in --dist is replaced without --force, as npm run build's own dist/ is", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-release-again-"));
    try {
      const dist = path.join(dir, "site");
      fs.cpSync(path.join(work, "dist"), dist, { recursive: true });
      fs.writeFileSync(path.join(dist, "taskpane.html"), "an earlier build's page");
      const r = await releaseCopying(["--url", HOST, "--out", path.join(dir, "out"), "--dist", dist]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
      expect(entriesUnder(dist)).toEqual(entriesUnder(path.join(work, "dist")));
      expect(fs.readFileSync(path.join(dist, "taskpane.html"), "utf8")).not.toBe("an earlier build's page");
      expect(fs.readdirSync(dir).sort()).toEqual(["out", "site"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("an earlier build with a file someone added is refused after building, naming the file; both are kept", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-release-added-"));
    try {
      const dist = path.join(dir, "site");
      fs.cpSync(path.join(work, "dist"), dist, { recursive: true });
      fs.writeFileSync(path.join(dist, "notes.txt"), "the customer's notes");
      const before = entriesUnder(dist);
      const r = await releaseCopying(["--url", HOST, "--out", path.join(dir, "out"), "--dist", dist]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/release: --dist \S*site holds an earlier build and \S*site\/notes\.txt, which the build does not write and would remove; kept \(give --dist a new or empty folder, or add --force to replace them\)/);
      expect(entriesUnder(dist)).toEqual(before);
      expect(fs.readFileSync(path.join(dist, "notes.txt"), "utf8")).toBe("the customer's notes");
      expect(fs.readdirSync(dir).sort()).toEqual(["site"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a zip's write failing part-way (a full disk) writes nothing and leaves no temporary file or folder", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-release-full-"));
    try {
      // The second zip's write fails part-way, as on a full disk: its first bytes are on disk.
      const fullDisk = `((writes) => (file, bytes) => {
        fs.writeFileSync(file, bytes.subarray(0, 100), { flag: "wx" });
        if (++writes === 2) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
        fs.writeFileSync(file, bytes);
      })(0)`;
      const r = await releaseCopying(["--url", HOST, "--out", path.join(dir, "out"), "--dist", path.join(dir, "site")], fullDisk);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/release: cannot write to .*out: ENOSPC: no space left on device, write; nothing written/);
      expect(entriesUnder(dir)).toEqual(["out/"]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("npm run release refuses what cannot be released, writing nothing", () => {
  test.each([
    ["no URL", [], /--url is needed: the https:\/\/ address/],
    ["an http:// URL", ["--url", "http://sizing.example.org/addin/"], /--url must use https:\/\/ \(Office loads add-ins only over HTTPS\)/],
    ["a URL with a query", ["--url", "https://sizing.example.org/addin/?v=2"], /--url must be a plain base URL without query/],
    ["an unknown option", ["--url", HOST, "--zip"], /unknown option "--zip"/],
  ])("%s: exit 2 and the usage", async (_what, args, message) => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-release-refused-"));
    try {
      const r = await release([...args, "--out", path.join(out, "out"), "--dist", path.join(out, "dist")]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain("usage: npm run release -- --url https://host/path/");
      expect(fs.readdirSync(out)).toEqual([]);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });
});
