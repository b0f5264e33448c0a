/**
 * `npm run bench`, fit: the issue's profile searched in one process, warm — candidates, CPU
 * seconds, candidates a CPU second, and where the time goes (the designs checked and sized whole, one
 * of each disk count key; the rest: the keys, each candidate's disks, the front) — then `exsize fit …
 * --json` beside `exsize design --json` as processes, the median of runs taken in turn (target: fit
 * within ten design runs), with the spread of the runs, the load average and the processes' CPU time.
 * Figures only: timing is never a pass/fail here or in jest.
 */
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { fitProfile, fitSteps, type FitCheck, type FitResult } from "../../src/engine/fit";
import { REFERENCE_DESIGN_INPUTS, type WorkbookInputs } from "../../src/engine/design";
import { fitCheck } from "../../src/workbook/fit-check";

const PROFILE = ["--users", "20000", "--quota-mb", "10240", "--messages", "150", "--exchange-version", "SE"];
const BASE: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, users: 20000, quotaMB: 10240, messagesPerDay: 150, exchangeVersion: "SE", environmentUsers: "" };
const ROUNDS = 3;
const PROCESS_RUNS = 5;
/** Linux's clock tick (sysconf(_SC_CLK_TCK), 100 a second on every Linux Node runs on). */
const CLOCK_TICK_MS = 10;

function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** The CLI's check (src/workbook/fit-check.ts fitCheck), timed. */
function timedCheck(spent: { seconds: number; calls: number }): FitCheck {
  return (inputs) => {
    const start = cpuSeconds();
    spent.calls++;
    try {
      return fitCheck(inputs);
    } finally {
      spent.seconds += cpuSeconds() - start;
    }
  };
}

function run(): { result: FitResult; cpu: number; check: { seconds: number; calls: number } } {
  const check = { seconds: 0, calls: 0 };
  const start = cpuSeconds();
  const steps = fitSteps(fitProfile(BASE, new Set(["users"])), timedCheck(check));
  for (;;) {
    const step = steps.next();
    if (step.done) return { result: step.value, cpu: cpuSeconds() - start, check };
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function main(): void {
  console.log(`node ${process.version}; exsize fit ${PROFILE.join(" ")}`);
  run(); // warm
  let best = run();
  for (let round = 1; round < ROUNDS; round++) {
    const r = run();
    if (r.cpu < best.cpu) best = r;
  }
  const { result, cpu, check } = best;
  console.log(
    `  in process: ${result.candidates.toLocaleString("en-US")} candidate designs in ${cpu.toFixed(2)} CPU s (best of ${ROUNDS}): ` +
      `${Math.round(result.candidates / cpu).toLocaleString("en-US")} candidates a CPU second; front of ${result.front.length}; ` +
      `${result.pruned.toLocaleString("en-US")} beaten by a front design whatever their disks, not laid out`,
  );
  console.log(
    `    ${check.calls.toLocaleString("en-US")} designs checked and sized whole (one of each topology's disk count keys): ${check.seconds.toFixed(2)} s (${((100 * check.seconds) / cpu).toFixed(0)}%); ` +
      `the keys, each candidate's disks (designDisks) and the front: ${(cpu - check.seconds).toFixed(2)} s`,
  );

  const root = path.resolve(__dirname, "../../..");
  const commands = [
    [path.join("bin", "exsize.js"), "design", "--json", ...PROFILE],
    [path.join("bin", "exsize.js"), "fit", "--json", ...PROFILE],
  ];
  const times = commands.map(() => [] as number[]);
  const cpus = commands.map(() => [] as number[]);
  for (let r = 0; r < PROCESS_RUNS + 1; r++) {
    commands.forEach((args, c) => {
      const start = process.hrtime.bigint();
      const cpuStart = childrenCpuMs();
      const done = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const cpuEnd = childrenCpuMs();
      // design --json of the profile alone is refused (exit 1): its run is still the cost of one design.
      if (done.status !== 0 && !(c === 0 && done.status === 1)) throw new Error(`node ${args.join(" ")} exited ${done.status}: ${done.stderr}`);
      if (r > 0) {
        // The first run warms the file cache.
        times[c].push(ms);
        if (cpuStart !== undefined && cpuEnd !== undefined) cpus[c].push(cpuEnd - cpuStart);
      }
    });
  }
  const [design, fit] = times.map(median);
  // Each run's fit against the design run before it: how far apart the runs of a shared machine are.
  const ratios = times[1].map((f, i) => f / times[0][i]);
  // The machine may be shared: the load says how busy it was while the processes ran.
  console.log(`  wall time, median of ${PROCESS_RUNS} runs taken in turn (load average ${os.loadavg()[0].toFixed(1)}, ${os.cpus().length} CPUs):`);
  console.log(`    node bin/exsize.js design --json …  ${design.toFixed(0).padStart(6)} ms`);
  console.log(
    `    node bin/exsize.js fit --json …     ${fit.toFixed(0).padStart(6)} ms  (${(fit / design).toFixed(1)} design runs; target ≤ 10; ` +
      `runs ${Math.min(...ratios).toFixed(1)} to ${Math.max(...ratios).toFixed(1)})`,
  );
  if (cpus[0].length === PROCESS_RUNS) {
    // CPU time (user and system, the processes' own threads: the compiler's and the collector's too) moves less with the load.
    const [designCpu, fitCpu] = cpus.map(median);
    console.log(`  CPU time of the processes, median: design ${designCpu.toFixed(0)} ms, fit ${fitCpu.toFixed(0)} ms (${(fitCpu / designCpu).toFixed(1)} design runs)`);
  }
}

/** CPU milliseconds of this process's children waited for (Linux: /proc/self/stat cutime + cstime); undefined elsewhere. */
function childrenCpuMs(): number | undefined {
  try {
    const stat = fs.readFileSync("/proc/self/stat", "utf8");
    // The fields after the command name (in parentheses, which may hold spaces): cutime and cstime are the 16th and 17th.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? ticks * CLOCK_TICK_MS : undefined;
  } catch {
    return undefined;
  }
}

main();
