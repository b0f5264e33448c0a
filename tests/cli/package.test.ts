/**
 * The package as a user installs it: `npm pack` of the repository, as a fresh clone packs
 * it, gives a tarball with the command, the compiled library, the README, LICENSE and CHANGELOG, and
 * no tests, fixtures, CI or TypeScript sources; `npm install --global` of it with production
 * dependencies only (from the npm registry) gives an `exsize` that works outside the repository:
 * `--version` is the package's, `design --json` prints what the repository's own CLI prints, and
 * `design --out` writes the workbook.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import { builtinModules } from "module";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { installedPaths, installGlobally, packRepository } from "../../scripts/pack-install";
import { main } from "../../src/cli/main";
import { INSTALL_MS, PROCESS_MS } from "../support/timeouts";

// Packs (a tsc compile) and installs ~200 packages from the registry: tests/support/timeouts.ts.
jest.setTimeout(PROCESS_MS);

const ROOT = path.resolve(__dirname, "../..");
const PACKAGE = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  name: string;
  version: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe("the package, packed and installed", () => {
  let work: string;
  let packed: Awaited<ReturnType<typeof packRepository>>;
  let installed: ReturnType<typeof installedPaths>;
  /** A directory outside the repository, where the installed command is run. */
  let elsewhere: string;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-package-"));
    packed = await packRepository(ROOT, work);
    const prefix = path.join(work, "prefix");
    await installGlobally(packed.tarball, prefix);
    installed = installedPaths(prefix, PACKAGE.name);
    elsewhere = path.join(work, "elsewhere");
    fs.mkdirSync(elsewhere);
  }, INSTALL_MS);
  afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

  /** Runs the installed `exsize` in `elsewhere`, as a user's shell would find it on the PATH. */
  function exsize(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      execFile(installed.bin, args, { cwd: elsewhere, maxBuffer: 16 << 20 }, (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      });
    });
  }

  describe("npm pack", () => {
    test("the tarball holds the command, the compiled library, README, LICENSE and CHANGELOG", () => {
      expect(packed.files).toEqual(expect.arrayContaining(["package.json", "README.md", "LICENSE", "CHANGELOG.md", "bin/exsize.js", "lib/src/index.js", "lib/src/index.d.ts", "lib/src/cli/main.js"]));
      expect(fs.readFileSync(path.join(ROOT, "LICENSE"), "utf8")).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the exchange-storage-sizing authors\n/);
    });

    test("and no tests, fixtures, CI, TypeScript sources, source maps or add-in build", () => {
      const stray = packed.files.filter((f) => /^(tests|src|\.ci|dist|scripts|docs|assets)\//.test(f) || f.startsWith("lib/tests/") || /\.(map|ts)$/.test(f.replace(/\.d\.ts$/, "")));
      expect(stray).toEqual([]);
      const topLevel = new Set(packed.files.map((f) => f.split("/")[0]));
      expect([...topLevel].sort()).toEqual(["CHANGELOG.md", "LICENSE", "README.md", "bin", "lib", "package.json"]);
    });
  });

  describe("npm install --global of the tarball, production dependencies only", () => {
    test("installs the command, and no development dependency unless a production package needs it", () => {
      expect(fs.existsSync(installed.bin)).toBe(true);
      // Every installed package's manifest, and the names they depend on (@types/node comes with exceljs's fast-csv).
      const manifests: { name: string; dependencies?: object; optionalDependencies?: object; peerDependencies?: object }[] = [];
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          if (!entry.isDirectory()) continue;
          const full = path.join(dir, entry.name);
          if (entry.name.startsWith("@")) walk(full);
          else if (fs.existsSync(path.join(full, "package.json"))) {
            manifests.push(JSON.parse(fs.readFileSync(path.join(full, "package.json"), "utf8")));
            if (fs.existsSync(path.join(full, "node_modules"))) walk(path.join(full, "node_modules"));
          }
        }
      };
      walk(installed.modules);
      const installedNames = new Set(manifests.map((m) => m.name));
      const neededByOthers = new Set(
        manifests.filter((m) => m.name !== PACKAGE.name).flatMap((m) => [m.dependencies, m.optionalDependencies, m.peerDependencies].flatMap((d) => Object.keys(d ?? {}))),
      );
      const devOnly = Object.keys(PACKAGE.devDependencies).filter((name) => installedNames.has(name) && !neededByOthers.has(name));
      expect(devOnly).toEqual([]);
      expect(installedNames.has("typescript") || installedNames.has("jest") || installedNames.has("webpack")).toBe(false);
    });

    test("its production dependencies are exactly the packages the compiled library requires", () => {
      const required = new Set<string>();
      const walk = (dir: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) walk(full);
          else if (entry.name.endsWith(".js")) {
            for (const m of fs.readFileSync(full, "utf8").matchAll(/require\("([^"./][^"]*)"\)/g)) {
              const name = m[1].startsWith("@") ? m[1].split("/").slice(0, 2).join("/") : m[1].split("/")[0];
              if (!builtinModules.includes(name) && !name.startsWith("node:")) required.add(name);
            }
          }
        }
      };
      walk(path.join(installed.packageDir, "lib"));
      expect([...required].sort()).toEqual(Object.keys(PACKAGE.dependencies).sort());
    });

    test("exsize --version prints the package's version", async () => {
      const r = await exsize("--version");
      expect(r).toEqual({ code: 0, stdout: `${PACKAGE.version}\n`, stderr: "" });
    });

    test("exsize design --json, run outside the repository, prints what the repository's exsize prints", async () => {
      const args = ["design", "--users", "7500", "--json"];
      const r = await exsize(...args);
      expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: "" });
      const lines: string[] = [];
      expect(await main(args, { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) })).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(JSON.parse(lines.join("\n")));
      expect(JSON.parse(r.stdout).design.databaseVolumes).toBe(18);
    });

    test("exsize design --out x.xlsx writes the workbook where it is run", async () => {
      const r = await exsize("design", "--out", "x.xlsx");
      expect(r.code).toBe(0);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(path.join(elsewhere, "x.xlsx"));
      expect(workbook.worksheets.map((s) => s.name)).toEqual(expect.arrayContaining(["Summary", "Inputs", "Design"]));
    });
  });
});

describe("CHANGELOG.md", () => {
  test("has an Unreleased section above this version's", () => {
    const changelog = fs.readFileSync(path.join(ROOT, "CHANGELOG.md"), "utf8");
    const versions = [...changelog.matchAll(/^## \[([^\]]+)\]/gm)].map((m) => m[1]);
    expect(versions.slice(0, 2)).toEqual(["Unreleased", PACKAGE.version]);
  });
});
