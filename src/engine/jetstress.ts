import { formatGeneral } from "./general-format";

/**
 * Jetstress pass criteria — 000_72e1ddb9bbd1ecac.txt, 3.1.3 footnotes 11–12: database read latency
 * at most 20 ms on average, log writes at most 10 ms, temporary spikes up to 100 ms; and the
 * achieved transactional IOPS must meet the target (002, 6.2; 004, 6.2: "well above the target").
 */
export const JETSTRESS_THRESHOLDS = {
  databaseReadLatencyMs: 20,
  logWriteLatencyMs: 10,
  spikeLatencyMs: 100,
} as const;

/** The decimals of the IOPS a mailbox Jetstress is given, as the ESRPs state it (002 and 004 §5: 0.121). */
export const JETSTRESS_PROFILE_DECIMALS = 3;

export interface JetstressResult {
  achievedIops: number;
  targetIops: number;
  databaseReadLatencyMs: number;
  logWriteLatencyMs: number;
  /** Peaks, when the report gives them. */
  databaseReadPeakMs?: number;
  logWritePeakMs?: number;
}

export interface JetstressVerdict {
  pass: boolean;
  /** Every criterion missed, in words; empty when it passes. */
  failures: string[];
}

/**
 * One criterion: `measured` fails when it is below (IOPS) or above (latency) its limit, a
 * threshold or another measurement. A missing optional measurement (a peak) is not judged.
 * Its failure reads words[0] + measured + words[1] + limit + words[2]. One table for the
 * engine and the native formula (src/engine/excel-formulas.ts), so their texts cannot differ.
 */
export interface JetstressCriterion {
  measured: keyof JetstressResult;
  failsWhen: "below" | "above";
  limit: number | keyof JetstressResult;
  words: readonly [string, string, string];
}

const T = JETSTRESS_THRESHOLDS;

export const JETSTRESS_CRITERIA: readonly JetstressCriterion[] = [
  { measured: "achievedIops", failsWhen: "below", limit: "targetIops", words: ["achieved ", " IOPS is below the target ", ""] },
  { measured: "databaseReadLatencyMs", failsWhen: "above", limit: T.databaseReadLatencyMs, words: ["database read latency ", " ms is above ", " ms"] },
  { measured: "logWriteLatencyMs", failsWhen: "above", limit: T.logWriteLatencyMs, words: ["log write latency ", " ms is above ", " ms"] },
  { measured: "databaseReadPeakMs", failsWhen: "above", limit: T.spikeLatencyMs, words: ["database read peak ", " ms is above ", " ms"] },
  { measured: "logWritePeakMs", failsWhen: "above", limit: T.spikeLatencyMs, words: ["log write peak ", " ms is above ", " ms"] },
];

export function jetstressVerdict(r: JetstressResult): JetstressVerdict {
  const failures: string[] = [];
  for (const c of JETSTRESS_CRITERIA) {
    const value = r[c.measured];
    const limit = typeof c.limit === "number" ? c.limit : r[c.limit];
    if (value === undefined || limit === undefined) continue;
    if (c.failsWhen === "below" ? value < limit : value > limit) {
      // Numbers as a person writes them and as Excel's "&" prints them (General format, 15
      // significant digits: 0.1 + 0.2 → "0.3"), so the native formula's reason is the same text.
      failures.push(c.words[0] + formatGeneral(value) + c.words[1] + formatGeneral(limit) + c.words[2]);
    }
  }
  return { pass: failures.length === 0, failures };
}
