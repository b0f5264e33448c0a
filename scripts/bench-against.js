#!/usr/bin/env node
/**
 * npm run bench:against -- COMMIT [ROUNDS] — sizeDesign's designs a CPU second here (lib/, as `npm run
 * build:node` writes it) and at COMMIT (its tree from git archive, built in a temporary directory with
 * this checkout's node_modules), side by side: each build measured in a process of its own, the two in
 * turn ROUNDS times (default 8), so both see the same load on a shared machine; then each one's median
 * and best, and the median of the rounds' ratios. Two builds in one process disturb each other (their
 * garbage and compiled code), so neither is measured beside the other. The designs are
 * tests/bench/design.bench.ts's (the same seed). Figures only; nothing is kept.
 */
"use strict";
const { execFileSync, spawnSync } = require("child_process");
const fs = require("fs");
const os = require("os");
const path = require("path");

const ROOT = path.resolve(__dirname, "..");
const WARM_UP_MS = 1000;
const MEASURE_MS = 1000;
const RUNS = 3;

/** In a child: designs a CPU second of the build at `root`, after a warm-up, the best of RUNS. */
function rate(root) {
  const m = require(path.join(root, "lib/src/engine/design"));
  // The benches' 512 varied designs (tests/bench/varied-designs.ts, as this checkout's lib/ has it), over the build's engine.
  const { variedDesigns } = require(path.join(ROOT, "lib/tests/bench/varied-designs"));
  const designs = variedDesigns(m);
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1e6;
  };
  let sink = 0;
  const runFor = (ms) => {
    const start = cpu();
    for (let count = 64; ; count += 64) {
      for (let i = 0; i < 64; i++) sink += m.sizeDesign(designs[(count + i) % designs.length]).databases;
      const seconds = cpu() - start;
      if (seconds * 1000 >= ms) return count / seconds;
    }
  };
  runFor(WARM_UP_MS);
  let best = 0;
  for (let run = 0; run < RUNS; run++) best = Math.max(best, runFor(MEASURE_MS));
  process.stdout.write(`${best} ${sink}\n`);
}

function measure(root) {
  const r = spawnSync(process.execPath, [__filename, "--rate", root], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`measuring ${root}: ${r.stderr}`);
  return Number(r.stdout.split(" ")[0]);
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const perSecond = (x) => Math.round(x).toLocaleString("en-US");

function main(commit, rounds) {
  if (!fs.existsSync(path.join(ROOT, "lib/src/engine/design/index.js"))) throw new Error("no lib/ here: run npm run build:node first");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-bench-against-"));
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", commit], { cwd: ROOT, encoding: "utf8" }).trim();
    execFileSync("sh", ["-c", `git archive ${sha} | tar -x -C "${work}"`], { cwd: ROOT });
    fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(work, "node_modules"));
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.node.json"], { cwd: work, stdio: "inherit" });
    const here = [];
    const there = [];
    for (let round = 0; round < rounds; round++) {
      there.push(measure(work));
      here.push(measure(ROOT));
    }
    const ratios = here.map((h, k) => h / there[k]);
    console.log(`node ${process.version}; sizeDesign over design.bench.ts's 512 designs, designs a CPU second, ${rounds} rounds in turn (each the best of ${RUNS} runs of ${MEASURE_MS} ms)`);
    console.log(`  ${sha.padEnd(12)} median ${perSecond(median(there)).padStart(7)}  best ${perSecond(Math.max(...there)).padStart(7)}`);
    console.log(`  ${"this build".padEnd(12)} median ${perSecond(median(here)).padStart(7)}  best ${perSecond(Math.max(...here)).padStart(7)}`);
    console.log(`  this build ÷ ${sha}: ${median(ratios).toFixed(3)} (median of the rounds' ratios)`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--rate") rate(process.argv[3]);
else if (process.argv[2] === undefined) {
  console.error("usage: npm run bench:against -- COMMIT [ROUNDS]");
  process.exit(2);
} else main(process.argv[2], Number(process.argv[3] ?? 8));
