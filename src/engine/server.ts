import { DELL_RULES } from "./rules/dell";
import type { ServerFactors } from "./tables";

const cores = DELL_RULES.compile("cores", ["mailboxes"]);
const memoryGB = DELL_RULES.compile("memoryGB", ["mailboxes"]);

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
  return { cores: cores([mailboxes], f), memoryGB: memoryGB([mailboxes], f) };
}
