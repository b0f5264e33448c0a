/**
 * `npm run bench`, fit (issue 30): the profile searched in one process, warm — candidates, CPU
 * seconds, candidates a CPU second, and where the time goes (the designs checked and sized whole, one
 * of each disk count key; the rest: the keys, each candidate's disks, the front) — then `exsize fit …
 * --json` beside `exsize design --json` as processes, the median of runs taken in turn (target: fit
 * within ten design runs), with the load average. Figures only: timing is never a pass/fail here or in jest.
 */
import { spawnSync } from "child_process";
import * as os from "os";
import * as path from "path";
import { fitProfile, fitSteps, type FitCheck, type FitResult } from "../../src/engine/fit";
import { REFERENCE_DESIGN_INPUTS, type WorkbookInputs } from "../../src/engine/design";
import { fitCheck } from "../../src/workbook/fit-check";

const PROFILE = ["--users", "20000", "--quota-mb", "10240", "--messages", "150", "--exchange-version", "SE"];
const BASE: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, users: 20000, quotaMB: 10240, messagesPerDay: 150, exchangeVersion: "SE", environmentUsers: "" };
const ROUNDS = 3;
const PROCESS_RUNS = 5;

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
  for (let r = 0; r < PROCESS_RUNS + 1; r++) {
    commands.forEach((args, c) => {
      const start = process.hrtime.bigint();
      const done = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      // design --json of the profile alone is refused (exit 1): its run is still the cost of one design.
      if (done.status !== 0 && !(c === 0 && done.status === 1)) throw new Error(`node ${args.join(" ")} exited ${done.status}: ${done.stderr}`);
      if (r > 0) times[c].push(ms); // the first run warms the file cache
    });
  }
  const [design, fit] = times.map(median);
  // The machine may be shared: the load says how busy it was while the processes ran.
  console.log(`  wall time, median of ${PROCESS_RUNS} runs taken in turn (load average ${os.loadavg()[0].toFixed(1)}, ${os.cpus().length} CPUs):`);
  console.log(`    node bin/exsize.js design --json …  ${design.toFixed(0).padStart(6)} ms`);
  console.log(`    node bin/exsize.js fit --json …     ${fit.toFixed(0).padStart(6)} ms  (${(fit / design).toFixed(1)} design runs; target ≤ 10)`);
}

main();
