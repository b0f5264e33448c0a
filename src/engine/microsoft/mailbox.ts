import { SizingError } from "../errors";
import { MICROSOFT_RULES, microsoftFactorSlots } from "../rules/microsoft";
import { MAX_MESSAGE_PROFILE, MESSAGE_PROFILES, MESSAGE_PROFILE_STEP, type MessageProfile, type MicrosoftFactors } from "./tables";

/** One mailbox tier as the calculator's Input sheet asks for it (Input!B54:C71, up to four tiers). */
export interface MailboxTier {
  mailboxes: number;
  messagesPerDay: number;
  messageKB: number;
  quotaMB: number;
  /** Personal archive quota, MB (0 = none) — Input!C61. */
  archiveMB: number;
}

/**
 * The calculator's profile row for a message count — Tables!A4:F13, looked up exactly by its drop-down.
 * @compatibility A count between two rows is sized as the next row up (the calculator offers only
 * multiples of 50); above 500 is an error, as the calculator has no such row.
 */
export function messageProfile(messagesPerDay: number): MessageProfile {
  if (!(messagesPerDay > 0) || messagesPerDay > MAX_MESSAGE_PROFILE) {
    throw new SizingError("#VALUE!", `messagesPerDay must be a number above 0 up to ${MAX_MESSAGE_PROFILE} (the calculator's profiles are 50 to 500); got ${messagesPerDay}`);
  }
  const messages = profileOf([messagesPerDay], NO_FACTORS);
  return MESSAGE_PROFILES[messages / MESSAGE_PROFILE_STEP - 1];
}

export interface MailboxRequirement {
  /** The profile row used: 200 for 200 messages a day. */
  profileMessages: number;
  /** Transaction logs per mailbox per day — Role Requirements!C18 (40). */
  logsPerDay: number;
  /** Dumpster and white space of the primary mailbox, MB — Role Requirements!C20 (649.8). */
  dumpsterMB: number;
  /** Dumpster and white space of the archive, MB — Role Requirements!C21 (0 without an archive). */
  archiveDumpsterMB: number;
  /** Mailbox size on disk, whole MB rounded up — Role Requirements!C22 (10,890). */
  mailboxOnDiskMB: number;
  /** Database IOPS per mailbox, before the I/O overhead — Role Requirements!C30 (0.134). */
  iops: number;
  /** Reads and writes per mailbox — Role Requirements!C27, C28 (0.0804, 0.0536). */
  reads: number;
  writes: number;
  /** Read share of database I/O — Role Requirements!C29 (0.6). */
  readShare: number;
  /** Database cache per mailbox, MB — Role Requirements!C17 (12). */
  cacheMB: number;
  /** Megacycles per active, passive mailbox and client access — Role Requirements!C14, C15, C16 (8.5, 2.74, 3.19). */
  activeMegacycles: number;
  passiveMegacycles: number;
  casMegacycles: number;
}

const NO_FACTORS: readonly number[] = [];
// Microsoft's rules (rules/microsoft.ts), compiled once over one list of inputs: the profile (looked up
// first), the message size, the quotas, whether the design is a DAG and the read share (computed first);
// the factors read once a mailbox into the rule set's slots.
const INPUTS = ["profile", "messageKB", "quotaMB", "archiveMB", "highAvailability", "readShare"] as const;
const profileOf = MICROSOFT_RULES.compileAt("profile", ["messagesPerDay"]);
const dumpsterOf = MICROSOFT_RULES.compileAt("dumpster", ["profile", "messageKB", "size"]);
const [diskOf, logsOf, readShareOf, readsOf, writesOf, cacheOf, activeMegacyclesOf, passiveMegacyclesOf, casMegacyclesOf] = (
  ["disk", "logs", "readShare", "reads", "writes", "cacheMB", "activeMegacycles", "passiveMegacycles", "casMegacycles"] as const
).map((key) => MICROSOFT_RULES.compileAt(key, INPUTS));

/**
 * Everything the calculator derives for one mailbox — Role Requirements!C11:C30 (Tier-1 column).
 *   logs/day = profile logs at 75 KB × ROUND(KB ÷ 78.947 × 10) ÷ 10
 *   on disk  = ROUNDUP(quota + dumpster(quota) + archive + dumpster(archive))
 *   IOPS     = profile × 0.00067 × IOPS multiplier; reads = IOPS × read share
 *   megacycles = profile × 0.0425 (active), × 0.0137 (passive), active × 0.375 (client access)
 */
export function mailboxRequirement(
  messagesPerDay: number,
  messageKB: number,
  quotaMB: number,
  archiveMB: number,
  highAvailability: boolean,
  f: MicrosoftFactors,
): MailboxRequirement {
  const row = messageProfile(messagesPerDay);
  const m = row.messages;
  const inputs: [number, number, number, number, boolean, number] = [m, messageKB, quotaMB, archiveMB, highAvailability, 0];
  const factors = microsoftFactorSlots(f);
  const share = readShareOf(inputs, factors);
  inputs[5] = share;
  const reads = readsOf(inputs, factors);
  const writes = writesOf(inputs, factors);
  return {
    profileMessages: m,
    logsPerDay: logsOf(inputs, factors),
    dumpsterMB: dumpsterOf([m, messageKB, quotaMB], factors),
    archiveDumpsterMB: archiveMB > 0 ? dumpsterOf([m, messageKB, archiveMB], factors) : 0,
    mailboxOnDiskMB: diskOf(inputs, factors),
    iops: reads + writes,
    reads,
    writes,
    readShare: share,
    cacheMB: cacheOf(inputs, factors),
    activeMegacycles: activeMegacyclesOf(inputs, factors),
    passiveMegacycles: passiveMegacyclesOf(inputs, factors),
    casMegacycles: casMegacyclesOf(inputs, factors),
  };
}
