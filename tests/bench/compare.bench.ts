/**
 * `npm run bench`, the comparison: how long `exsize compare` takes to size and print a
 * sweep of 10,000 designs on one core (target under 5 s) — in one process, warm, as runCompare
 * sizes it (the chunks that let Ctrl-C be heard included) and prints it as the table, --json and
 * --csv; then the command as a process, from Node's start to the last line. The sweep varies users,
 * quota, copies, Exchange version (so both methods) and messages a day. Figures only: timing is never
 * a pass/fail here or in jest.
 */
import { spawnSync } from "child_process";
import * as path from "path";
import { runCompare } from "../../src/cli/compare";

const SWEEP = [
  "--servers-site1", "6",
  "--vary", "users=1000..100000/1000",
  "--vary", "quota-mb=1024,2048,5120,10240,51200",
  "--vary", "copies=2..6",
  "--vary", "exchange-version=2010,2019",
  "--vary", "messages-per-day=100,200",
];
const DESIGNS = 100 * 5 * 5 * 2 * 2;
const ROUNDS = 3;

/** CPU seconds of this process: less disturbed than wall time by other work on a shared machine. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The best of ROUNDS runs of the command in this process: CPU and wall seconds, the lines printed, the designs refused. */
async function inProcess(format: string[]): Promise<{ cpu: number; wall: number; lines: number; code: number }> {
  let best = { cpu: Infinity, wall: Infinity, lines: 0, code: -1 };
  for (let round = 0; round < ROUNDS; round++) {
    let lines = 0;
    let bytes = 0;
    const cpu = cpuSeconds();
    const wall = process.hrtime.bigint();
    const code = await runCompare([...SWEEP, ...format], { stdout: (l) => ((lines += 1), (bytes += l.length)), stderr: () => undefined });
    const result = { cpu: cpuSeconds() - cpu, wall: Number(process.hrtime.bigint() - wall) / 1e9, lines, code };
    if (result.cpu < best.cpu) best = result;
  }
  return best;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  console.log(`node ${process.version}; exsize compare over a sweep of ${DESIGNS.toLocaleString("en-US")} designs (one core: Node runs the sweep on one thread)`);
  // Warm: the engine's and the printer's code compiled before the figures.
  await inProcess(["--json"]);
  for (const [name, format] of [["table", []], ["--json", ["--json"]], ["--csv", ["--csv"]]] as const) {
    const r = await inProcess([...format]);
    console.log(
      `  ${name.padEnd(7)} ${r.cpu.toFixed(2).padStart(5)} CPU s, ${r.wall.toFixed(2).padStart(5)} s wall (best of ${ROUNDS}; ${Math.round(DESIGNS / r.cpu).toLocaleString("en-US")} designs a CPU second; exit ${r.code}; target < 5 s)`,
    );
  }
  const root = path.resolve(__dirname, "../../..");
  const walls: number[] = [];
  for (let run = 0; run < 4; run++) {
    const start = process.hrtime.bigint();
    const result = spawnSync(process.execPath, [path.join("bin", "exsize.js"), "compare", ...SWEEP, "--json"], { cwd: root, encoding: "utf8", maxBuffer: 1 << 30 });
    if (result.status !== 0) throw new Error(`exsize compare exited ${result.status}: ${result.stderr}`);
    if (run > 0) walls.push(Number(process.hrtime.bigint() - start) / 1e9); // the first run warms the file cache
  }
  console.log(`  node bin/exsize.js compare … --json: ${median(walls).toFixed(2)} s wall, from Node's start to the last line (median of ${walls.length}; target < 5 s)`);
}

void main();
