/**
 * One design, one answer: for the same options, `exsize design --json`, `exsize layout
 * --json` and `exsize export` size one design — the same method, the same databases, servers and
 * copies — over random designs of every Exchange version, one or two sites, 1 to 6 copies, both
 * layouts and every method; a combination that makes no design is refused by all three alike
 * (exit 1, the same reasons). In process for speed (runDesign, runLayout, runExport), and a few
 * designs as real processes (bin/exsize.js).
 */
import { execFileSync, spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import fc from "fast-check";
import { runDesign } from "../../src/cli/design";
import { runExport } from "../../src/cli/export";
import { runLayout } from "../../src/cli/layout";
import { parseCsv } from "../../src/workbook/deployment";
import { PROCESS_MS, BUILD_MS } from "../support/timeouts";

type Run = { code: number; stdout: string[]; stderr: string[] };
const capture = async (command: (args: string[], out: { stdout: (l: string) => void; stderr: (l: string) => void }) => Promise<number>, args: string[]): Promise<Run> => {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await command(args, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
};

let work: string;
beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-one-design-"))));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/** A design's options, every one by exsize design's name. */
const designArgs = fc
  .record({
    users: fc.integer({ min: 50, max: 40_000 }),
    quota: fc.constantFrom(512, 1024, 2048, 5120, 10240),
    messages: fc.constantFrom(50, 100, 150, 200, 300, 500),
    messageKB: fc.constantFrom(50, 75, 100, 150),
    maxDb: fc.constantFrom(200, 500, 1024, 2048),
    copies: fc.integer({ min: 1, max: 6 }),
    site1: fc.integer({ min: 1, max: 8 }),
    site2: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
    layout: fc.constantFrom("active/active", "active/passive"),
    version: fc.constantFrom(2010, 2013, 2016, 2019),
    method: fc.constantFrom("auto", "auto", "dell", "microsoft"),
  })
  .map((d) => [
    "--users", String(d.users), "--quota-mb", String(d.quota), "--messages-per-day", String(d.messages), "--message-kb", String(d.messageKB),
    "--max-database-gb", String(d.maxDb), "--copies", String(d.copies), "--servers-site1", String(d.site1), "--servers-site2", d.site2 === undefined ? "" : String(d.site2),
    "--layout", d.layout, "--exchange-version", String(d.version), "--method", d.method,
  ]);

/** The busiest server of the worst survivable scenario in layout --json: most mailboxes, then most IOPS. */
function worstOf(layout: { scenarios: Array<{ survivable: boolean; busiestServer?: string; servers?: Array<{ server: string; activeMailboxes: number; targetIops: number }> }> }) {
  let worst: { mailboxes: number; iops: number } | undefined;
  for (const s of layout.scenarios) {
    if (!s.survivable) continue;
    const b = s.servers!.find((p) => p.server === s.busiestServer)!;
    if (worst === undefined || b.activeMailboxes > worst.mailboxes || (b.activeMailboxes === worst.mailboxes && b.targetIops >= worst.iops)) worst = { mailboxes: b.activeMailboxes, iops: b.targetIops };
  }
  return worst;
}

/** A command's reasons for refusing, without its name and its closing line. */
const reasons = (r: Run) => r.stderr.map((l) => l.replace(/^exsize \w+: /, "")).filter((l) => !l.startsWith("the design cannot be built"));

let counted = { built: 0, refused: 0 };
test("design --json, layout --json and export's MailboxDatabases.csv: one database count, or one refusal", async () => {
  counted = { built: 0, refused: 0 };
  let n = 0;
  await fc.assert(
    fc.asyncProperty(designArgs, async (args) => {
      const design = await capture(runDesign, [...args, "--json"]);
      const layout = await capture(runLayout, [...args, "--json"]);
      const dir = path.join(work, `export-${n++}`);
      const exported = await capture(runExport, ["--out", dir, ...args]);
      if (design.code !== 0) {
        // Refused alike: the same status and the same reasons, nothing written.
        expect(design.code).toBe(1);
        expect({ layout: layout.code, export: exported.code }).toEqual({ layout: 1, export: 1 });
        expect(reasons(layout)).toEqual(reasons(design));
        expect(reasons(exported).filter((l) => !l.startsWith("the design cannot be built"))).toEqual(reasons(design).map((l) => l));
        expect(fs.existsSync(dir)).toBe(false);
        counted.refused++;
        return;
      }
      counted.built++;
      expect({ layout: layout.stderr, export: exported.stderr }).toEqual({ layout: [], export: [] });
      const d = JSON.parse(design.stdout.join("\n"));
      const l = JSON.parse(layout.stdout.join("\n"));
      const rows = parseCsv(fs.readFileSync(path.join(dir, "MailboxDatabases.csv"), "utf8")).slice(2);
      const servers = parseCsv(fs.readFileSync(path.join(dir, "Servers.csv"), "utf8")).slice(2);
      const copies = parseCsv(fs.readFileSync(path.join(dir, "MailboxDatabaseCopies.csv"), "utf8")).slice(2);
      expect({ layout: l.design.databases, laidOut: l.databases.length, exported: rows.length }).toEqual({ layout: d.design.databases, laidOut: d.design.databases, exported: d.design.databases });
      expect({ servers: l.servers.length, exported: servers.length }).toEqual({ servers: d.design.servers, exported: d.design.servers });
      expect(copies).toHaveLength(d.design.databases * (d.inputs.copies - 1));
      expect(l.design.method).toBe(d.method);
      // The worst failure the layout shows is the one the design reports.
      const worst = worstOf(l);
      expect(worst === undefined ? null : worst).toEqual(d.design.worstMailboxesPerServer === null ? null : { mailboxes: d.design.worstMailboxesPerServer, iops: d.design.worstTargetIops });
      fs.rmSync(dir, { recursive: true, force: true });
    }),
    { numRuns: 100 },
  );
  // Both branches were exercised: designs built and combinations refused.
  expect(counted.built).toBeGreaterThan(20);
  expect(counted.refused).toBeGreaterThan(0);
}, 600_000);

test("a combination its rules refuse is refused by all three with the same reason: 3 copies on 2 servers", async () => {
  const args = ["--copies", "3", "--servers-site1", "2"];
  const design = await capture(runDesign, args.concat("--json"));
  const layout = await capture(runLayout, args);
  const exported = await capture(runExport, ["--out", path.join(work, "refused"), ...args]);
  expect([design.code, layout.code, exported.code]).toEqual([1, 1, 1]);
  expect(reasons(layout)).toEqual(reasons(design));
  expect(reasons(exported)[0]).toBe(reasons(design)[0]);
  expect(reasons(design)[0]).toMatch(/3 copies of each database need 3 servers/);
});

describe("as processes: node bin/exsize.js", () => {
  const ROOT = path.resolve(__dirname, "../..");
  const lib = path.join(ROOT, "lib", "src", "cli", "main.js");
  beforeAll(() => {
    // lib/ when it is missing or older than the sources it is compiled from (npm run build:node).
    const newest = (dir: string): number =>
      fs.readdirSync(dir, { withFileTypes: true }).reduce((t, e) => {
        const p = path.join(dir, e.name);
        return Math.max(t, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
      }, 0);
    if (!fs.existsSync(lib) || fs.statSync(lib).mtimeMs < newest(path.join(ROOT, "src"))) {
      execFileSync(process.execPath, [require.resolve("typescript/bin/tsc"), "-p", "tsconfig.node.json"], { cwd: ROOT, stdio: "pipe" });
    }
  }, BUILD_MS);
  const exsize = (...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, "bin", "exsize.js"), ...args], { cwd: ROOT, encoding: "utf8", maxBuffer: 64 << 20 });

  test.each<[string, string[]]>([
    ["the reference design", []],
    ["12,500 mailboxes on 6 + 3, active/passive, Exchange 2013", ["--users", "12500", "--servers-site1", "6", "--servers-site2", "3", "--copies", "3", "--layout", "active/passive", "--exchange-version", "2013"]],
    ["10,000 mailboxes on 4 + 4, 4 copies, Exchange 2019", ["--users", "10000", "--quota-mb", "10240", "--copies", "4", "--servers-site1", "4", "--servers-site2", "4", "--exchange-version", "2019", "--max-db", "2048"]],
  ])("%s: the same databases from design, layout and export, and what runDesign prints", async (_name, args) => {
    const design = exsize("design", ...args, "--json");
    expect({ status: design.status, stderr: design.stderr }).toEqual({ status: 0, stderr: "" });
    const inProcess = await capture(runDesign, [...args, "--json"]);
    expect(design.stdout).toBe(inProcess.stdout.join("\n") + "\n");
    const d = JSON.parse(design.stdout);
    const layout = exsize("layout", ...args, "--json");
    expect(layout.status).toBe(0);
    expect(JSON.parse(layout.stdout).design.databases).toBe(d.design.databases);
    const dir = path.join(work, `process-${d.design.databases}-${d.design.servers}`);
    const exported = exsize("export", "--out", dir, ...args);
    expect({ status: exported.status, stderr: exported.stderr }).toEqual({ status: 0, stderr: "" });
    expect(parseCsv(fs.readFileSync(path.join(dir, "MailboxDatabases.csv"), "utf8")).slice(2)).toHaveLength(d.design.databases);
  }, PROCESS_MS);
});
