import { ceilCount } from "./rounding";
import type { ServerFactors } from "./tables";

export interface ServerSize {
  cores: number;
  /** Whole GB, rounded up: 4 + 6 × 4,000 / 1,024 = 27.4 → 28 GB (003). */
  memoryGB: number;
}

/**
 * Mailbox server processor and memory — 003_a7bfc144662ec97f.txt, "configuration of user and
 * resource sizing": "1,000 very heavy users were configured per processor and memory was sized to
 * 4GB plus 6MB per mailbox"; its 4,000-user VM has 4 vCPUs and 28 GB.
 */
export function mailboxServerSize(mailboxes: number, f: ServerFactors): ServerSize {
  return {
    cores: Math.max(1, ceilCount(mailboxes / f.mailboxesPerCore)),
    memoryGB: ceilCount(f.baseMemoryGB + (mailboxes * f.memoryPerMailboxMB) / 1024),
  };
}
