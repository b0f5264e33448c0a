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

export function jetstressVerdict(r: JetstressResult): JetstressVerdict {
  const t = JETSTRESS_THRESHOLDS;
  const failures: string[] = [];
  if (r.achievedIops < r.targetIops) failures.push(`achieved ${r.achievedIops} IOPS is below the target ${r.targetIops}`);
  if (r.databaseReadLatencyMs > t.databaseReadLatencyMs)
    failures.push(`database read latency ${r.databaseReadLatencyMs} ms is above ${t.databaseReadLatencyMs} ms`);
  if (r.logWriteLatencyMs > t.logWriteLatencyMs)
    failures.push(`log write latency ${r.logWriteLatencyMs} ms is above ${t.logWriteLatencyMs} ms`);
  if (r.databaseReadPeakMs !== undefined && r.databaseReadPeakMs > t.spikeLatencyMs)
    failures.push(`database read peak ${r.databaseReadPeakMs} ms is above ${t.spikeLatencyMs} ms`);
  if (r.logWritePeakMs !== undefined && r.logWritePeakMs > t.spikeLatencyMs)
    failures.push(`log write peak ${r.logWritePeakMs} ms is above ${t.spikeLatencyMs} ms`);
  return { pass: failures.length === 0, failures };
}
