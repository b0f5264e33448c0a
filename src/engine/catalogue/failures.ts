/**
 * What the busiest server carries when servers or a site fail: the papers' worst survivable failure
 * (Dell's process, 3.4.2; the ESRPs' Jetstress targets) and, by Microsoft's method, its active
 * databases and megacycles in each of the calculator's failure modes (Role Requirements!C195:F201).
 */
import type { Design } from "./sized-design";
import type { MicrosoftFailureMode } from "../microsoft/design";
import { cite } from "../papers";
import type { Quantity } from "./quantity";

const WORST = `${cite("dell", "3.4.2")}; ${cite("esrp2016", "§6")}`;

/** One of Microsoft's failure modes of the busiest server; null by Dell's process and where the mode cannot occur. */
const mode = (m: Exclude<MicrosoftFailureMode, "worst">, pick: "activeDatabases" | "megacycles") => (d: Design) => {
  const figures = d.method === "microsoft" ? d.microsoft?.failureModes[m] : undefined;
  return figures && figures.applies ? figures[pick] : null;
};
const MODES = cite("microsoft", "Role Requirements!C195:F201");

export const FAILURE_QUANTITIES = [
  { key: "worstFailure", label: "Worst survivable failure", unit: "", source: WORST, value: (d) => (d.worst ? d.worst.fails : NONE_SURVIVABLE) },
  { key: "worstMailboxesPerServer", label: "Worst failure: mailboxes on the busiest server", unit: "", digits: 0, source: WORST, value: (d) => d.worst?.activeMailboxes ?? null },
  { key: "worstTargetIops", label: "Worst failure: IOPS on the busiest server", unit: "IOPS", digits: 0, smallDigits: 1, source: WORST, value: (d) => d.worst?.targetIops ?? null },
  { key: "normalMailboxesPerServer", label: "Active mailboxes a server, normal running", unit: "", digits: 0, source: WORST, value: (d) => d.normalMailboxesPerServer },
  { key: "siteFailureMailboxesPerServer", label: "Active mailboxes a server, a site failed", unit: "", digits: 0, source: WORST, value: (d) => d.siteFailureMailboxesPerServer ?? null },
  { key: "normalActiveDatabases", label: "Active databases, normal running", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("normal", "activeDatabases") },
  { key: "serverActiveDatabases", label: "Active databases, a server failed", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("server", "activeDatabases") },
  { key: "doubleServerActiveDatabases", label: "Active databases, two servers failed", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("doubleServer", "activeDatabases") },
  { key: "siteActiveDatabases", label: "Active databases, a site failed", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("site", "activeDatabases") },
  { key: "siteServerActiveDatabases", label: "Active databases, a site and a server failed", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("siteServer", "activeDatabases") },
  { key: "siteDoubleServerActiveDatabases", label: "Active databases, a site and two servers failed", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("siteDoubleServer", "activeDatabases") },
  { key: "normalMegacycles", label: "Megacycles, normal running", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("normal", "megacycles") },
  { key: "serverMegacycles", label: "Megacycles, a server failed", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("server", "megacycles") },
  { key: "doubleServerMegacycles", label: "Megacycles, two servers failed", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("doubleServer", "megacycles") },
  { key: "siteMegacycles", label: "Megacycles, a site failed", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("site", "megacycles") },
  { key: "siteServerMegacycles", label: "Megacycles, a site and a server failed", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("siteServer", "megacycles") },
  { key: "siteDoubleServerMegacycles", label: "Megacycles, a site and two servers failed", unit: "", digits: 0, method: "microsoft", source: MODES, value: mode("siteDoubleServer", "megacycles") },
] as const satisfies readonly Quantity[];

/** The words for a design whose every failure leaves a database without a copy. */
export const NONE_SURVIVABLE = "none survivable";
