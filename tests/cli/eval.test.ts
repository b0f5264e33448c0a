import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { main } from "../../src/cli/main";
import { BUILD_MS, PROCESS_MS } from "../support/timeouts";

// Runs bin/exsize.js as a process, after compiling lib/: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(PROCESS_MS);

const ROOT = path.resolve(__dirname, "../..");
const BIN = path.join(ROOT, "bin", "exsize.js");

/** Runs main() in-process and captures its lines. */
async function run(...argv: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

describe("exsize eval prints the published numbers, one line per formula", () => {
  test.each<[string, string]>([
    ['=EX_DBSIZE(5000,2048,150,75,,"volume")', "1266"], // 000_72e1ddb9bbd1ecac.txt, Table 18
    ["=EX_DBSIZE(5000,2048,150,75)", "11504.6627044678"], // 000_72e1ddb9bbd1ecac.txt, Table 18 (DBS 11,504.66 GB)
    ["=EX_LOGVOL(5000,150,75,12)", "48"], // 000_72e1ddb9bbd1ecac.txt, Table 19
    ["=EX_IOPS(5000,150)", "900"], // 000_72e1ddb9bbd1ecac.txt, Table 16
    ['=EX_IOPS(5000,150,2,"log")', "378"], // 000_72e1ddb9bbd1ecac.txt, Table 17
    ["=EX_SPINDLES(1080)", "17"], // 001_0443ed4d42832f8c.txt, "Storage requirements calculated" (erratum E3)
    ['=EX_ARRAYS(15768,900,,,,"model")', "PS6500E 500GB"], // 000_72e1ddb9bbd1ecac.txt, 3.4.2
    ["=EXSIZE.EX_IOPS(5000,150)>0", "TRUE"],
  ])("%s prints %s and exits 0", async (formula, line) => {
    expect(await run("eval", formula)).toEqual({ code: 0, stdout: [line], stderr: [] });
  });

  test("several formulas print in order", async () => {
    const r = await run("eval", "=EX_IOPS(5000,150)", '=EX_IOPS(5000,150,2,"log")', '="GB"');
    expect(r).toEqual({ code: 0, stdout: ["900", "378", "GB"], stderr: [] }); // 000_72e1ddb9bbd1ecac.txt, Tables 16–17
  });

  test("a spilled array prints as an array constant on one line", async () => {
    expect((await run("eval", '={1,"a";TRUE,2}*1')).stdout).toEqual(['{1,#VALUE!;1,2}']);
    expect((await run("eval", '={1,"a b"}')).stdout).toEqual(['{1,"a b"}']);
  });
});

describe("exsize eval reports errors as the cell shows them and exits 1", () => {
  test.each<[string, RegExp]>([
    ["=EX_DBSIZE(0,2048,150,75)", /^#VALUE! users must be the number of mailboxes, a whole number from 1 to 100,000,000; got 0$/],
    ["=EX_DBSIZE(5000,2048", /^#VALUE! formula syntax: expected "\)" to close EX_DBSIZE\( but found the end of the formula at position 21 of =EX_DBSIZE\(5000,2048$/],
    ["=A1*2", /^#REF! eval has no workbook; write the value of A1 into the formula instead$/],
    ["=Inputs!C4", /^#REF! eval has no workbook; write the value of Inputs!C4 into the formula instead$/],
    ["=1/0", /^#DIV\/0! division by zero$/],
    ["=NOPE(1)", /^#NAME\? unknown function NOPE$/],
    // A mistyped EX_ name names the function it most likely meant, as a mistyped option does.
    ["=EX_DBSIZ(5000,2048,150,75)", /^#NAME\? unknown function EX_DBSIZ \(did you mean EX_DBSIZE\?\)$/],
    ["=EXSIZE.EX_MS_DISK(1)", /^#NAME\? unknown function EX_MS_DISK \(did you mean EX_MS_DISKS\?\)$/],
    ["=EX_IPOS(5000,150)", /^#NAME\? unknown function EX_IPOS \(did you mean EX_IOPS\?\)$/],
    ["=ROUNDUPP(1.5,0)", /^#NAME\? unknown function ROUNDUPP \(did you mean ROUNDUP\?\)$/],
    ["={1,#N/A}", /^\{1,#N\/A\}$/],
  ])("%s", async (formula, line) => {
    const r = await run("eval", formula);
    expect(r.code).toBe(1);
    expect(r.stdout).toHaveLength(1);
    expect(r.stdout[0]).toMatch(line);
    expect(r.stderr).toEqual([]);
  });

  test("one error among good results still prints every line, in order, and exits 1", async () => {
    const r = await run("eval", "=EX_IOPS(5000,150)", "=EX_IOPS(0,150)", "=1+1");
    expect(r.code).toBe(1);
    expect(r.stdout[0]).toBe("900"); // 000_72e1ddb9bbd1ecac.txt, Table 16
    expect(r.stdout[1]).toMatch(/^#VALUE! users must be /);
    expect(r.stdout[2]).toBe("2");
  });
});

describe("exsize eval at the edges", () => {
  test("=1e400 is #NUM! with a message and exits 1, as Excel", async () => {
    const r = await run("eval", "=1e400");
    expect(r).toEqual({ code: 1, stdout: [expect.stringMatching(/^#NUM! .*too large/)], stderr: [] });
  });

  test("800 nested parentheses are refused with Excel's limit, not an internal error", async () => {
    const r = await run("eval", "=" + "(".repeat(800) + "1" + ")".repeat(800));
    expect(r.code).toBe(1);
    expect(r.stdout).toEqual([expect.stringMatching(/^#VALUE! .*64 levels/)]);
    expect(r.stderr).toEqual([]);
  });

  // Not timed (a process's start on a busy machine is no measure): tests/formula/limits.test.ts counts the cells read.
  test("=SUM(A1:J100000) answers #REF!, naming the range to write as values", async () => {
    const r = await run("eval", "=SUM(A1:J100000)");
    expect(r).toEqual({ code: 1, stdout: [expect.stringMatching(/^#REF! eval has no workbook; write the values of A1:J100000 into the formula instead$/)], stderr: [] });
  });

  test("numbers print without float noise, in results and in messages", async () => {
    expect((await run("eval", "=0.1+0.2")).stdout).toEqual(["0.3"]);
    expect((await run("eval", "=EX_DBSIZE(10.1+0.2,2048,150,75)")).stdout).toEqual([
      "#VALUE! users must be the number of mailboxes, a whole number from 1 to 100,000,000; got 10.3",
    ]);
    expect((await run("eval", '=EX_JETSTRESS(0.1+0.2,1500,20,10.1+0.2,,,"reason")')).stdout[0]).toMatch(/achieved 0\.3 IOPS.*log write latency 10\.3 ms/);
  });

  test('a decimal comma in a text number is refused: "2048,5" is not 20,485', async () => {
    const r = await run("eval", '=EX_DBSIZE(5000,"2048,5",150,75,,"volume")');
    expect(r.code).toBe(1);
    expect(r.stdout).toEqual([expect.stringMatching(/^#VALUE! quotaMB must be .*; got "2048,5".*use a point for decimals/)]);
  });
});

describe("exsize usage", () => {
  test.each<[string[], number, "stdout" | "stderr", RegExp]>([
    [[], 2, "stderr", /^usage: exsize <command>/],
    [["eval"], 2, "stderr", /^usage: exsize eval FORMULA/],
    [["eval", "--bogus"], 2, "stderr", /^exsize eval: unknown option --bogus$/],
    [["bogus"], 2, "stderr", /^exsize: unknown command "bogus"$/],
    [["--help"], 0, "stdout", /^usage: exsize <command>/],
    [["help"], 0, "stdout", /^usage: exsize <command>/],
    [["help", "eval"], 0, "stdout", /^usage: exsize eval FORMULA/],
    [["eval", "--help"], 0, "stdout", /^usage: exsize eval FORMULA/],
  ])("exsize %j exits %d", async (argv, code, stream, first) => {
    const r = await run(...argv);
    expect(r.code).toBe(code);
    expect(r[stream][0]).toMatch(first);
  });

  test("-- ends the options, so a formula may start with dashes", async () => {
    expect(await run("eval", "--", "--1")).toEqual({ code: 0, stdout: ["1"], stderr: [] });
  });

  test("--version prints package.json's version", async () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string };
    expect(await run("--version")).toEqual({ code: 0, stdout: [version], stderr: [] });
  });

  test("an unexpected exception is one line and exit 70, no stack trace", async () => {
    const stderr: string[] = [];
    const failing = {
      stdout: () => {
        throw new Error("stdout closed");
      },
      stderr: (l: string) => stderr.push(l),
    };
    expect(await main(["eval", "=1"], failing)).toBe(70);
    expect(stderr).toEqual(["exsize: internal error: stdout closed"]);
  });
});

describe("bin/exsize.js, as a process", () => {
  const lib = path.join(ROOT, "lib", "src", "cli", "main.js");

  beforeAll(() => {
    // Build lib/ when it is missing or older than the sources it is compiled from.
    const newest = (dir: string): number =>
      fs.readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
        const p = path.join(dir, e.name);
        return Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
      }, 0);
    if (!fs.existsSync(lib) || fs.statSync(lib).mtimeMs < newest(path.join(ROOT, "src"))) {
      execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.node.json"], { cwd: ROOT, stdio: "pipe" });
    }
  }, BUILD_MS);

  const exsize = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: "utf8" });

  test("prints the reference design's numbers and exits 0", () => {
    const r = exsize("eval", '=EX_DBSIZE(5000,2048,150,75,,"volume")', "=EX_LOGVOL(5000,150,75,12)", '=EX_ARRAYS(15768,900,,,,"model")');
    expect(r.stdout).toBe("1266\n48\nPS6500E 500GB\n"); // 000_72e1ddb9bbd1ecac.txt, Tables 18–19 and 3.4.2
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  test("bad input and a syntax error exit 1 with their messages and no stack trace", () => {
    const r = exsize("eval", "=EX_DBSIZE(-5,2048,150,75)", "=EX_DBSIZE(");
    expect(r.status).toBe(1);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^#VALUE! users must be /);
    expect(lines[1]).toMatch(/^#VALUE! formula syntax: /);
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });

  test("a usage error exits 2", () => {
    const r = exsize("frobnicate");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^exsize: unknown command "frobnicate"\nusage: /);
  });

  test("without lib/ it says to build first and exits 2", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-bin-"));
    fs.mkdirSync(path.join(dir, "bin"));
    fs.copyFileSync(BIN, path.join(dir, "bin", "exsize.js"));
    const r = spawnSync(process.execPath, [path.join(dir, "bin", "exsize.js"), "eval", "=1"], { encoding: "utf8" });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).toBe("exsize: run `npm run build:node` first\n");
    expect(r.status).toBe(2);
  });
});
