/**
 * bin/exsize.js as a real process behind a pipe: a reader that stops early
 * (`exsize … | head -1`) ends the output quietly — exit status 0, nothing on stderr, never an EPIPE
 * stack trace — for every command.
 */
import { templateSheetNames } from "../../src/workbook/template";
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { BUILD_MS, PROCESS_MS } from "../support/timeouts";

// Each test runs exsize as a process in a shell pipeline, some writing a workbook: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(PROCESS_MS);

const ROOT = path.resolve(__dirname, "../..");
const lib = path.join(ROOT, "lib", "src", "cli", "main.js");

beforeAll(() => {
  // Build lib/ when it is missing or older than the sources it is compiled from (npm run build:node).
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
      const p = path.join(dir, e.name);
      return Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
    }, 0);
  if (!fs.existsSync(lib) || fs.statSync(lib).mtimeMs < newest(path.join(ROOT, "src"))) {
    execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.node.json"], { cwd: ROOT, stdio: "pipe" });
  }
}, BUILD_MS);

let work: string;
beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-pipe-"))));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * Runs `node bin/exsize.js ARGS… | READER` in sh; exsize's own exit status comes back on stderr as
 * the last line ("exsize exited 0"), since sh reports only the reader's.
 */
function piped(reader: string, ...args: string[]): { stdout: string; stderr: string; status: number | null; exsize: number } {
  const script = `(node bin/exsize.js "$@"; echo "exsize exited $?" >&2) | ${reader}`;
  const r = spawnSync("sh", ["-c", script, "sh", ...args], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });
  const m = /exsize exited (\d+)\n$/.exec(r.stderr);
  return { stdout: r.stdout, stderr: r.stderr.replace(/exsize exited \d+\n$/, ""), status: r.status, exsize: m ? Number(m[1]) : -1 };
}

describe("a closed pipe ends quietly", () => {
  test("exsize design … -o FILE | head -1: the first line, exit 0, empty stderr", () => {
    const file = path.join(work, "head.xlsx");
    const r = piped("head -1", "design", "--users", "7500", "-o", file);
    expect(r.stdout).toBe(`Wrote ${file}: the live design (sheets ${Object.values(templateSheetNames()).join(", ")}; ${r.stdout.match(/; (\d+) formulas/)?.[1]} formulas).\n`);
    expect(r.stderr).toBe("");
    expect(r.exsize).toBe(0);
    expect(r.status).toBe(0);
    expect(fs.existsSync(file)).toBe(true);
  });

  test("exsize design --json | head -1", () => {
    const r = piped("head -1", "design", "--json");
    expect(r).toMatchObject({ stdout: "{\n", stderr: "", exsize: 0, status: 0 });
  });

  test("exsize design --json | true: the reader is gone before the first line, still exit 0 and silent", () => {
    const r = piped("true", "design", "--json");
    expect(r).toMatchObject({ stdout: "", stderr: "", exsize: 0, status: 0 });
  });

  test("exsize eval with more output than a pipe holds | head -1", () => {
    const formulas = Array.from({ length: 40_000 }, (_, i) => `=${i}+1`);
    const r = piped("head -1", "eval", ...formulas);
    expect(r).toMatchObject({ stdout: "1\n", stderr: "", exsize: 0, status: 0 });
  });

  test("exsize eval --json … | head -1: one parsed object", () => {
    const formulas = Array.from({ length: 20_000 }, () => "=EX_IOPS(5000,150)");
    const r = piped("head -1", "eval", "--json", ...formulas);
    expect(JSON.parse(r.stdout)).toEqual({ formula: "=EX_IOPS(5000,150)", value: 900 }); // 000_72e1ddb9bbd1ecac.txt, Table 16
    expect(r).toMatchObject({ stderr: "", exsize: 0, status: 0 });
  });

  test("exsize help design | head -1, and an error result keeps its own exit status", () => {
    expect(piped("head -1", "help", "design")).toMatchObject({ stdout: "usage: exsize design [INPUTS…] (--out FILE.xlsx | --json) [--customer] [--force]\n", stderr: "", exsize: 0 });
    const formulas = [...Array.from({ length: 40_000 }, () => "=1"), "=1/0"];
    expect(piped("head -1", "eval", ...formulas)).toMatchObject({ stdout: "1\n", stderr: "", exsize: 1 });
  });

  test("design's refusal still reaches stderr when stdout is closed", () => {
    const r = piped("true", "design", "--users", "100000000", "--json");
    expect(r.exsize).toBe(1);
    expect(r.stderr).toMatch(/exsize design: the design cannot be built\n$/);
    expect(r.stderr).not.toMatch(/EPIPE|\n\s+at /);
  });
});
