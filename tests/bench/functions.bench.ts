/**
 * `npm run bench`: evaluations per second of each worksheet function (src/functions/worksheet.ts,
 * called directly with numbers) against the same result computed inline in plain TypeScript
 * from SIZING.md, measured in the same run; then the formula path (src/formula).
 * Figures only: timing is never a pass/fail here or in jest.
 */
import { EQUALLOGIC_CATALOGUE } from "../../src/engine";
import { EX_ARRAYS, EX_DBSIZE, EX_IOPS, EX_LOGVOL, EX_SPINDLES } from "../../src/functions/worksheet";
import { evaluateFormula, parseFormula, type EvaluationContext } from "../../src/formula";

const WARM_UP_MS = 200;
const MEASURE_MS = 500;
const ROUNDS = 3;

/** Inputs vary with i so no result can be folded into a constant: 1,000–2,023 users and so on. */
const usersAt = (i: number): number => 1000 + (i & 1023);

let sink = 0;
function consume(result: unknown): void {
  sink += typeof result === "number" ? result : typeof result === "string" ? result.length : 1;
}

/** CPU seconds of this process: less disturbed than wall time by other work on a shared machine. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** Evaluations per CPU second of f: after a warm-up, the best of ROUNDS runs of at least MEASURE_MS. */
function evalsPerSecond(f: (i: number) => unknown): number {
  const runFor = (ms: number): number => {
    const start = cpuSeconds();
    let count = 0;
    let batch = 1000;
    for (;;) {
      for (let i = 0; i < batch; i++) consume(f(count + i));
      count += batch;
      const seconds = cpuSeconds() - start;
      if (seconds * 1000 >= ms) return count / seconds;
      if (seconds < 0.05) batch *= 2;
    }
  };
  runFor(WARM_UP_MS);
  let best = 0;
  for (let round = 0; round < ROUNDS; round++) best = Math.max(best, runFor(MEASURE_MS));
  return best;
}

// The bare arithmetic of SIZING.md, with its defaults, for the result each worksheet call picks.

/** SIZING.md 1 (000, Table 14): provisioned database volume, GB. */
function inlineDatabaseVolume(nu: number, mq: number, msr: number, ams: number): number {
  const wsu = (msr * ams) / 1024;
  const dsu = wsu * 14 + mq * 0.012 + mq * 0.058;
  const mbu = mq + wsu + dsu;
  const dbs = (nu * mbu * 1.0) / 1024;
  const db = Math.max(1, Math.ceil(dbs / 1024));
  return Math.floor(((dbs / db) * 1.1 * 1.2) + 0.5);
}

/** SIZING.md 2 (000, Table 15): provisioned log volume, GB. */
function inlineLogVolume(nu: number, msr: number, ams: number, db: number): number {
  const nl = msr * 0.2;
  const msf = ams <= 75 ? 1 : ams <= 150 ? 1.9 : 3.8;
  const tlc = Math.ceil(nu / db) * nl * msf * 1;
  return Math.floor((tlc * 1.1 * 3 * 1.2) / 1024 + 0.5);
}

/** SIZING.md 3 (000, Table 16): database IOPS, Exchange 2010, in a DAG. */
function inlineDatabaseIops(nu: number, msr: number): number {
  return nu * ((msr / 1000) * 1.2);
}

/** SIZING.md 4 (001, Phase 2): disks for RAID 5 on 10K disks at 60% reads. */
function inlineSpindles(iops: number): number {
  return Math.ceil((iops * 0.6 + 4 * iops * 0.4) / 140);
}

/** SIZING.md 5 (000, 3.4.1): arrays in all for RAID 50 and 2 copies; fewest, then least usable GB. */
const RAID50_ARRAYS = EQUALLOGIC_CATALOGUE.filter((m) => m.raid === "RAID50").map((m) => ({ usableGB: m.usableGB, iops: m.iops }));
function inlineArrays(capacityGB: number, iops: number): number {
  let best = Infinity;
  let bestUsable = Infinity;
  for (const a of RAID50_ARRAYS) {
    const perCopy = Math.max(1, Math.ceil(capacityGB / a.usableGB), Math.ceil(iops / a.iops));
    if (perCopy < best || (perCopy === best && a.usableGB < bestUsable)) {
      best = perCopy;
      bestUsable = a.usableGB;
    }
  }
  return best * 2;
}

interface Case {
  name: string;
  worksheet: (i: number) => unknown;
  inline: (i: number) => number;
}

const CASES: Case[] = [
  {
    name: 'EX_DBSIZE(…,"volume")',
    worksheet: (i) => EX_DBSIZE(usersAt(i), 2048, 150, 75, null, "volume"),
    inline: (i) => inlineDatabaseVolume(usersAt(i), 2048, 150, 75),
  },
  {
    name: "EX_LOGVOL",
    worksheet: (i) => EX_LOGVOL(usersAt(i), 150, 75, 12),
    inline: (i) => inlineLogVolume(usersAt(i), 150, 75, 12),
  },
  {
    name: "EX_IOPS",
    worksheet: (i) => EX_IOPS(usersAt(i), 150),
    inline: (i) => inlineDatabaseIops(usersAt(i), 150),
  },
  {
    name: "EX_SPINDLES",
    worksheet: (i) => EX_SPINDLES(usersAt(i)),
    inline: (i) => inlineSpindles(usersAt(i)),
  },
  {
    name: "EX_ARRAYS",
    worksheet: (i) => EX_ARRAYS(usersAt(i) * 15, 900),
    inline: (i) => inlineArrays(usersAt(i) * 15, 900),
  },
];

/** The inline arithmetic must give what the function gives, or the comparison means nothing. */
function disagreements(c: Case): number {
  let count = 0;
  for (let i = 0; i < 1024; i++) {
    const a = c.worksheet(i);
    const b = c.inline(i);
    if (typeof a !== "number" || Math.abs(a - b) > 1e-9 * Math.abs(b)) count++;
  }
  return count;
}

const format = (n: number): string => Math.round(n).toLocaleString("en-US");

function table(header: string[], rows: string[][]): void {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => r[c].length)));
  const line = (cells: string[]) => cells.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join("  ");
  console.log(line(header));
  console.log(widths.map((w) => "-".repeat(w)).join("  "));
  rows.forEach((r) => console.log(line(r)));
}

function main(): void {
  console.log(`node ${process.version}; evaluations per CPU second, best of ${ROUNDS} runs of ${MEASURE_MS} ms after ${WARM_UP_MS} ms warm-up\n`);
  const rows = CASES.map((c) => {
    const worksheet = evalsPerSecond(c.worksheet);
    const inline = evalsPerSecond(c.inline);
    const differ = disagreements(c);
    return [c.name, format(worksheet), format(inline), `${(inline / worksheet).toFixed(1)}×`, differ === 0 ? "agree" : `${differ}/1024 differ`];
  });
  table(["function", "evals/s", "inline evals/s", "inline ÷ function", "results"], rows);

  const text = '=EX_DBSIZE(5000,2048,150,75,,"volume")';
  const node = parseFormula(text);
  const usersInA1: EvaluationContext = { cell: () => 5000 };
  const viaCell = parseFormula('=EX_DBSIZE(A1,2048,150,75,,"volume")');
  console.log("");
  table(
    ["formula path", "evals/s"],
    [
      ["evaluateFormula(pre-parsed node)", format(evalsPerSecond(() => evaluateFormula(node)))],
      ["evaluateFormula(node reading A1)", format(evalsPerSecond(() => evaluateFormula(viaCell, usersInA1)))],
      ["evaluateFormula(text), parse cached", format(evalsPerSecond(() => evaluateFormula(text)))],
      ["parseFormula + evaluateFormula", format(evalsPerSecond(() => evaluateFormula(parseFormula(text))))],
    ],
  );
  console.log(`\n(checksum ${sink.toExponential(3)})`);
}

main();
