/**
 * `npm run bench`, the design: how many designs a second the engine sizes (sizeDesign,
 * warm, in one process, over varied inputs: every Exchange version and method, one or two sites,
 * 1 to 4 copies, both layouts; target 5,000 or more), and the wall time of `exsize design --json`
 * beside Node's own start (`node -e 0`), the median of several runs taken in turn (target within 3×).
 * Figures only: timing is never a pass/fail here or in jest.
 */
import { spawnSync } from "child_process";
import * as path from "path";
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { variedDesigns } from "./varied-designs";

const WARM_UP_MS = 1000;
const MEASURE_MS = 1000;
const ROUNDS = 3;
const PROCESS_RUNS = 11;

/** CPU seconds of this process: less disturbed than wall time by other work on a shared machine. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

let sink = 0;

/** Designs sized per CPU second: after a warm-up, the best of ROUNDS runs of at least MEASURE_MS. */
function designsPerSecond(designs: readonly WorkbookInputs[]): number {
  const runFor = (ms: number): number => {
    const start = cpuSeconds();
    let count = 0;
    for (;;) {
      for (let i = 0; i < 64; i++) sink += sizeDesign(designs[(count + i) % designs.length]).databases;
      count += 64;
      const seconds = cpuSeconds() - start;
      if (seconds * 1000 >= ms) return count / seconds;
    }
  };
  runFor(WARM_UP_MS);
  let best = 0;
  for (let round = 0; round < ROUNDS; round++) best = Math.max(best, runFor(MEASURE_MS));
  return best;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall milliseconds of a command, run PROCESS_RUNS times each, the commands in turn so both see the same load. */
function wallTimes(commands: ReadonlyArray<readonly string[]>): number[][] {
  const root = path.resolve(__dirname, "../../..");
  const times = commands.map(() => [] as number[]);
  for (let run = 0; run < PROCESS_RUNS + 1; run++) {
    commands.forEach((args, c) => {
      const start = process.hrtime.bigint();
      const result = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8" });
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (result.status !== 0) throw new Error(`node ${args.join(" ")} exited ${result.status}: ${result.stderr}`);
      if (run > 0) times[c].push(ms); // the first run warms the file cache
    });
  }
  return times;
}

function main(): void {
  const designs = variedDesigns({ REFERENCE_DESIGN_INPUTS, sizeDesign });
  const methods = new Set(designs.map((d) => `${d.exchangeVersion}/${d.method}`)).size;
  console.log(`node ${process.version}; sizeDesign over ${designs.length} varied designs (${methods} version and method pairs, 1-2 sites, 1-4 copies, both layouts)`);
  const rate = designsPerSecond(designs);
  console.log(`sizeDesign: ${Math.round(rate).toLocaleString("en-US")} designs per CPU second, warm (best of ${ROUNDS} runs of ${MEASURE_MS} ms; target ≥ 5,000)`);
  // By size: the layout and its failure scenarios grow with databases × servers.
  const sized = designs.map((d) => ({ d, n: sizeDesign(d).databases }));
  for (const [label, low, high] of [["up to 48 databases", 0, 48], ["49 to 200", 49, 200], ["over 200", 201, Infinity]] as const) {
    const group = sized.filter((x) => x.n >= low && x.n <= high).map((x) => x.d);
    if (group.length > 0) console.log(`  ${label.padEnd(20)} ${String(group.length).padStart(4)} designs: ${Math.round(designsPerSecond(group)).toLocaleString("en-US").padStart(7)} a second`);
  }

  const [nodeStart, design] = wallTimes([["-e", "0"], [path.join("bin", "exsize.js"), "design", "--json"]]);
  const a = median(nodeStart);
  const b = median(design);
  console.log("");
  console.log(`wall time, median of ${PROCESS_RUNS} runs taken in turn:`);
  console.log(`  node -e 0                           ${a.toFixed(0).padStart(6)} ms`);
  console.log(`  node bin/exsize.js design --json    ${b.toFixed(0).padStart(6)} ms  (${(b / a).toFixed(2)}× Node's start; target within 3×)`);
  console.log(`\n(checksum ${sink})`);
}

main();
