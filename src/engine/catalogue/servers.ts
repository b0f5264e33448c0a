/** The mailbox servers: how many, their cores and memory, and Microsoft's transport database on each. */
import type { Design } from "../design";
import { cite } from "../papers";
import type { Quantity } from "./quantity";

const SERVERS = `${cite("vmware", "Test Cases and Test Method")}; ${cite("microsoft", "Role Requirements!C103, C256, D208")}`;

/** Microsoft's sizing, where it sizes the design. */
const microsoftOf = (d: Design) => (d.method === "microsoft" ? d.microsoft : undefined);

export const SERVER_QUANTITIES = [
  { key: "servers", label: "Mailbox servers", unit: "", digits: 0, source: cite("esrp2016", "4.1"), value: (d) => d.servers },
  { key: "coresPerServer", label: "Cores a server", unit: "", digits: 0, source: SERVERS, value: (d) => d.coresPerServer },
  { key: "memoryPerServerGB", label: "Memory a server", unit: "GB", digits: 0, source: SERVERS, value: (d) => d.memoryPerServerGB },
  // The page file by the version's system requirements (2019 and SE: 25% of memory); null for 2010 (src/engine/version.ts).
  { key: "pageFileGB", label: "Page file a server", unit: "GB", digits: 1, source: "Microsoft, Exchange Server system requirements: page file", value: (d) => d.pageFileGB ?? null },
  { key: "coresBasis", label: "What the cores assume", unit: "", source: SERVERS, value: (d) => d.coresBasis },
  // The transport (Safety Net) database, Microsoft's method only (Role Requirements!C184, E273).
  { key: "transportGBPerServer", label: "Transport database a server", unit: "GB", digits: 0, method: "microsoft", source: cite("microsoft", "Role Requirements!C184"), value: (d) => microsoftOf(d)?.transportGB ?? null },
  { key: "transportGBPerDag", label: "Transport databases, the DAG", unit: "GB", digits: 0, method: "microsoft", source: cite("microsoft", "Role Requirements!E273"), value: (d) => microsoftOf(d)?.transportAllGB ?? null },
] as const satisfies readonly Quantity[];
