/** The mailbox servers: how many, their cores and memory, and Microsoft's transport database on each. */
import type { Design } from "./sized-design";
import { cite } from "../papers";
import { MAX_SERVERS } from "../layout";
import { EDITIONS_SOURCE, EXCHANGE_EDITIONS, EXCHANGE_VERSION_WORDS, EXCHANGE_VERSIONS, VERSION_SOURCES, designVersion, versionProfile } from "../version";
import { capitalized, choiceInputRule, numberInputRule, valueOf, type InputDeclaration } from "./input";
import type { Quantity, QuantityReferences } from "./quantity";

const SERVERS = `${cite("vmware", "Test Cases and Test Method")}; ${cite("microsoft", "Role Requirements!C103, C256, D208")}`;

/** An active/passive DAG's sites sized apart: the first site's servers and the second's (Role Requirements!C142, C254; D253, D254). */
const SITE_SERVERS = cite("microsoft", "Role Requirements!C142, C254, D253, D254");
const CPU = cite("microsoft", "Role Requirements!C255, G208, G209");
const CPU_OURS = `this project's, at ${cite("microsoft", "Role Requirements!C255")}'s 80% target`;

// The rule is docs/whole-design.md's; a reader sees it as ours, over the calculator's cells.
const NEVER_LESS = `this project's rule over ${cite("microsoft", "Role Requirements!C103, C127:C129, C141")}`;

/** A DAG's total of a server's figure: each site's × its servers where the sites are sized apart, else the one server's × all. */
const dagTotal = (d: Design, each: (s: NonNullable<Design["siteServers"]>[number]) => number, one: number): number =>
  d.siteServers ? d.siteServers.reduce((sum, s) => sum + each(s) * s.servers, 0) : one * d.servers;
function dagTotalFormula(r: QuantityReferences, key: "coresPerServer" | "memoryPerServerGB"): string {
  const [first, second] = [r.quantity(`${key}Site1`), r.quantity(`${key}Site2`)];
  const [n1, n2] = [r.input("serversSite1"), r.input("serversSite2")];
  return `IF(ISNUMBER(${first}),${first}*${n1}+${second}*${n2},${r.quantity(key)}*SUM(${n1},${n2}))`;
}

const PAGE_FILE = "Microsoft, Exchange Server system requirements: page file";
/** An active/passive site's page file, by its servers' own memory (Design.siteServers); null otherwise or where the version has none. */
const sitePageFileGB = (d: Design, site: 0 | 1): number | null =>
  d.siteServers ? (versionProfile(designVersion(d.inputs.exchangeVersion)).pageFileGB?.(d.siteServers[site].memoryPerServerGB) ?? null) : null;

/** Microsoft's sizing, where it sizes the design. */
const microsoftOf = (d: Design) => (d.method === "microsoft" ? d.microsoft : undefined);

export const SERVER_QUANTITIES = [
  { key: "servers", label: "Mailbox servers", unit: "", digits: 0, source: cite("esrp2016", "4.1"), value: (d) => d.servers },
  { key: "coresPerServer", label: "Cores a server", unit: "", digits: 0, source: SERVERS, value: (d) => d.coresPerServer },
  { key: "memoryPerServerGB", label: "Memory a server", unit: "GB", digits: 0, source: SERVERS, value: (d) => d.memoryPerServerGB },
  // What a buyer totals (processors, memory modules); each rendered over the Summary's figures a server and servers.
  // Active/passive (Design.siteServers): each site's server × its servers, summed, as the calculator sizes the sites apart.
  {
    key: "dagCores", label: "Cores, the DAG", unit: "", digits: 0, source: `${SERVERS}; ${SITE_SERVERS}`, value: (d) => dagTotal(d, (s) => s.coresPerServer, d.coresPerServer),
    rendering: { words: "Each site's cores a server × its servers (one server for all where the sites are not sized apart)", formula: (r) => dagTotalFormula(r, "coresPerServer") },
  },
  {
    key: "dagMemoryGB", label: "Memory, the DAG", unit: "GB", digits: 0, source: `${SERVERS}; ${SITE_SERVERS}`, value: (d) => dagTotal(d, (s) => s.memoryPerServerGB, d.memoryPerServerGB),
    rendering: { words: "Each site's memory a server × its servers (one server for all where the sites are not sized apart)", formula: (r) => dagTotalFormula(r, "memoryPerServerGB") },
  },
  // Active/passive, Microsoft's method: each site's servers on their own (Design.siteServers); null otherwise.
  { key: "serversSite1", label: "Mailbox servers, site 1", unit: "", digits: 0, method: "microsoft", source: SITE_SERVERS, value: (d) => d.siteServers?.[0].servers ?? null },
  { key: "serversSite2", label: "Mailbox servers, site 2", unit: "", digits: 0, method: "microsoft", source: SITE_SERVERS, value: (d) => d.siteServers?.[1].servers ?? null },
  { key: "memoryPerServerGBSite1", label: "Memory a server, site 1", unit: "GB", digits: 0, method: "microsoft", source: SITE_SERVERS, value: (d) => d.siteServers?.[0].memoryPerServerGB ?? null },
  { key: "memoryPerServerGBSite2", label: "Memory a server, site 2", unit: "GB", digits: 0, method: "microsoft", source: SITE_SERVERS, value: (d) => d.siteServers?.[1].memoryPerServerGB ?? null },
  { key: "coresPerServerSite1", label: "Cores a server, site 1", unit: "", digits: 0, method: "microsoft", source: SITE_SERVERS, value: (d) => d.siteServers?.[0].coresPerServer ?? null },
  { key: "coresPerServerSite2", label: "Cores a server, site 2", unit: "", digits: 0, method: "microsoft", source: SITE_SERVERS, value: (d) => d.siteServers?.[1].coresPerServer ?? null },
  // The page file by the version's system requirements (2019 and SE: 25% of memory); null for 2010 (src/engine/version.ts).
  { key: "pageFileGB", label: "Page file a server", unit: "GB", digits: 1, source: PAGE_FILE, value: (d) => d.pageFileGB ?? null },
  // Active/passive, each site's servers their own memory and so their own page file; the design's is the larger site's.
  { key: "pageFileGBSite1", label: "Page file a server, site 1", unit: "GB", digits: 1, method: "microsoft", source: `${PAGE_FILE}; ${SITE_SERVERS}`, value: (d) => sitePageFileGB(d, 0) },
  { key: "pageFileGBSite2", label: "Page file a server, site 2", unit: "GB", digits: 1, method: "microsoft", source: `${PAGE_FILE}; ${SITE_SERVERS}`, value: (d) => sitePageFileGB(d, 1) },
  { key: "coresBasis", label: "What the cores assume", unit: "", source: SERVERS, value: (d) => d.coresBasis },
  // The servers named (their cores and SPECint2006 rate) against the worst failure: the calculator's utilisation and target; null without a rate.
  { key: "worstCpuUtilizationPercent", label: "CPU utilisation, the worst failure", unit: "%", digits: 1, method: "microsoft", source: CPU, value: (d) => (d.cpu ? d.cpu.utilization * 100 : null) },
  { key: "cpuUtilizationTargetPercent", label: "CPU utilisation target", unit: "%", digits: 0, method: "microsoft", source: CPU, value: (d) => (d.cpu ? d.cpu.target * 100 : null) },
  { key: "coresToCarryPerServer", label: "Cores a server that carry the worst failure", unit: "", digits: 0, method: "microsoft", source: CPU_OURS, value: (d) => d.cpu?.coresToCarry ?? null },
  // Ours beside the calculator's (ServerSizing, docs/whole-design.md): a DAG's servers sized so more load never buys less.
  { key: "neverLessCoresPerServer", label: "Cores a server, sized never less", unit: "", digits: 0, method: "microsoft", source: NEVER_LESS, value: (d) => d.neverLess?.coresPerServer ?? null },
  { key: "neverLessMemoryPerServerGB", label: "Memory a server, sized never less", unit: "GB", digits: 0, method: "microsoft", source: NEVER_LESS, value: (d) => d.neverLess?.memoryPerServerGB ?? null },
  // The transport (Safety Net) database, Microsoft's method only (Role Requirements!C184, E273).
  { key: "transportGBPerServer", label: "Transport database a server", unit: "GB", digits: 0, method: "microsoft", source: cite("microsoft", "Role Requirements!C184"), value: (d) => microsoftOf(d)?.transportGB ?? null },
  { key: "transportGBPerDag", label: "Transport databases, the DAG", unit: "GB", digits: 0, method: "microsoft", source: cite("microsoft", "Role Requirements!E273"), value: (d) => microsoftOf(d)?.transportAllGB ?? null },
] as const satisfies readonly Quantity[];

/** The sizing methods: Dell's process (for Exchange 2010) and Microsoft's calculator's (2013 and later). */
export const SIZING_METHODS = ["dell", "microsoft"] as const;
export type SizingMethod = (typeof SIZING_METHODS)[number];
/** What a user picks: "auto" follows the Exchange version. */
export const METHOD_CHOICES = ["auto", ...SIZING_METHODS] as const;
export const DAG_LAYOUTS = ["active/active", "active/passive"] as const;
/**
 * How Microsoft's method sizes a server (docs/whole-design.md): "calculator", as its calculator does; or
 * "never less", so more load never buys less — either site may fail (the calculator fails the first,
 * Role Requirements!C127:C129), the failure modes are one balancing unit's once a unit (C103 gives
 * each database fewer mailboxes as the count rises), and memory holds where its content-index rule
 * stops adding the index (C141).
 */
export const SERVER_SIZINGS = ["calculator", "never less"] as const;

/** Input!C24's choices: physical mailbox servers, or virtual ones. */
export const VIRTUALIZATION_CHOICES = ["no", "yes"] as const;
/** The calculator's hypervisor CPU adjustment factor for virtual servers — Input!C136 (VirtCPUFactor). */
const HYPERVISOR_SHARE = 0.1;

const SITES = `${cite("esrp2013", "4.1")}; ${cite("esrp2016", "4.1")}`;
const serversRule = (key: string, prompt: string, allowBlank = false) => numberInputRule(key, { min: 1, max: MAX_SERVERS, integer: true }, prompt, allowBlank);

export const SERVER_INPUTS = [
  {
    key: "exchangeVersion", value: valueOf<number | "SE">(), defaultValue: EXCHANGE_VERSIONS[0], label: "Exchange version", unit: "", numberFormat: "0",
    name: "ExchangeVersion", group: "dag", choiceText: (v) => (v === "SE" ? "Server SE" : v),
    what: "2010: IOPS by Dell's Exchange 2010 process; 2013, 2016, 2019: by the ESRPs' per-mailbox profile; SE (Exchange Server SE): sized as 2019, whose requirements it shares",
    source: `${cite("dell", "Table 16")}; ${cite("esrp2013")}; ${VERSION_SOURCES.systemRequirements2019}`,
    rule: choiceInputRule("exchangeVersion", EXCHANGE_VERSIONS.map(String), `Exchange version: ${EXCHANGE_VERSION_WORDS}`),
  },
  {
    // The databases a server mounts (src/engine/version.ts MOUNTED_DATABASE_LIMITS).
    key: "edition", checkedApart: true, value: valueOf<string>(), optional: true, defaultValue: EXCHANGE_EDITIONS[0], label: "Exchange edition", unit: "", name: "Edition", group: "dag",
    what: "Enterprise mounts up to 100 databases a server, Standard 5 (active and passive copies; not checked for 2010)",
    source: EDITIONS_SOURCE, rule: choiceInputRule("edition", EXCHANGE_EDITIONS, "Exchange edition: Enterprise or Standard"),
  },
  {
    key: "method", value: valueOf<(typeof METHOD_CHOICES)[number]>(), defaultValue: "auto", label: "Sizing method", unit: "", name: "Method", group: "dag",
    choiceText: (v) => ({ auto: "By version", dell: "Dell's process", microsoft: "Microsoft's" })[v] ?? v,
    what: '"auto": Dell\'s process for Exchange 2010, Microsoft\'s calculator\'s for 2013 and later; or "dell" or "microsoft" to choose',
    source: `${cite("dell", "3.4")}; ${cite("microsoft")}`,
    rule: choiceInputRule("method", METHOD_CHOICES, "Sizing method: auto follows the Exchange version"),
  },
  {
    // 000 3.4.2 gives 2 copies but no server count: two servers in one site hold them.
    key: "serversSite1", value: valueOf<number>(), defaultValue: 2, label: "Mailbox servers, site 1", unit: "servers", name: "ServersFirstSite", group: "dag",
    what: "DAG members in the first site (the active site when active/passive)", source: SITES,
    rule: serversRule("serversSite1", "Servers in a site (a DAG has up to 16)"),
  },
  {
    key: "serversSite2", value: valueOf<number | "">(), defaultValue: "", label: "Mailbox servers, site 2", unit: "servers", name: "ServersSecondSite", group: "dag",
    hint: "Empty for a DAG in one site",
    what: "DAG members in a second site; leave empty for one site. Copies sit round-robin over the sites", source: SITES,
    rule: serversRule("serversSite2", capitalized("servers in the second site; empty for one site"), true),
  },
  {
    key: "dagLayout", value: valueOf<string>(), defaultValue: "active/active", label: "DAG layout", unit: "", name: "DagLayout",
    option: "--layout", aliases: ["--dag-layout"], group: "dag", choiceText: capitalized,
    what: '"active/active": every server carries active copies; "active/passive": only the first site does',
    source: `${cite("esrp2016", "4.1")} (active/active); ${cite("esrp2013", "4.1")} (active/passive)`,
    rule: choiceInputRule("dagLayout", DAG_LAYOUTS, "Where the active copies run"),
  },
  {
    // Input!D131 is 0 in the calculator's own example: cores then go unsized.
    key: "specIntRate", value: valueOf<number>(), defaultValue: 0, label: "SPECint2006 rate a server", unit: "", name: "SpecIntRate", group: "servers",
    what: "The server's SPECint_rate2006 result; 0 (not known) leaves cores unsized", source: cite("microsoft", "Input!D131"),
    rule: numberInputRule("specIntRate", { min: 0, max: 1_000_000 }, "The server's SPECint_rate2006 result; 0 leaves cores unsized (Microsoft's calculator, Input!D131)."),
  },
  {
    key: "coresPerServer", value: valueOf<number>(), defaultValue: 16, label: "Processor cores a server", unit: "cores", name: "CoresPerServer", group: "servers",
    what: "Physical cores of a mailbox server", source: cite("microsoft", "Input!C131"),
    rule: numberInputRule("coresPerServer", { min: 1, max: 1024, integer: true }, "Physical cores per server (Microsoft's calculator, Input!C131)."),
  },
  {
    // This project's assumption: the busiest hour carries a tenth of a day's logs (the calculator asks for all 24, Input!C145:C168).
    key: "peakHourLogShare", value: valueOf<number>(), defaultValue: 0.1, label: "Busiest hour's share of logs", unit: "%", name: "PeakHourLogShare",
    group: "servers",
    what: "Your own measurement (Microsoft's calculator, Input!C145:C168, asks for all 24 hours); 0.1 is this workbook's assumption",
    source: cite("microsoft", "Input!C145:C168"),
    rule: numberInputRule("peakHourLogShare", { min: 0, max: 1 }, "The busiest hour's share of a day's logs (Microsoft's calculator, Input!C145:C168, asks for all 24 hours); 0.1 is this workbook's assumption."),
  },
  {
    // The calculator's Input!C24 "Server Role Virtualization": every megacycle a server needs × (1 + its hypervisor factor, C136's 10%).
    key: "virtualization", checkedApart: true, value: valueOf<(typeof VIRTUALIZATION_CHOICES)[number]>(), optional: true, defaultValue: VIRTUALIZATION_CHOICES[0], label: "Mailbox servers virtualized",
    unit: "", name: "Virtualization", group: "servers", choiceText: capitalized,
    what: `Microsoft's method: "yes": servers on a hypervisor, sized for ${HYPERVISOR_SHARE * 100}% more megacycles (the calculator's CPU adjustment); "no": physical`,
    source: cite("microsoft", "Input!C24, C136; Role Requirements!C199:G201"),
    rule: choiceInputRule("virtualization", VIRTUALIZATION_CHOICES, "Microsoft's method: mailbox servers on a hypervisor (yes) or physical (no)"),
    microsoftFactor: { name: "hypervisor", of: (v) => (v === "yes" ? HYPERVISOR_SHARE : 0), formula: (input) => `IF(${input}="yes",${HYPERVISOR_SHARE},0)` },
  },
  {
    key: "serverSizing", checkedApart: true, value: valueOf<(typeof SERVER_SIZINGS)[number]>(), optional: true, defaultValue: SERVER_SIZINGS[0], label: "Servers sized by", unit: "", name: "ServerSizing",
    group: "servers", choiceText: (v) => ({ calculator: "The calculator's rules", "never less": "Never less as load rises" })[v] ?? v,
    what: '"calculator": memory and cores as Microsoft\'s calculator sizes them; "never less": also for either site failing, a balancing unit at a time, memory held at the content-index step, so more load never buys less',
    source: cite("microsoft", "Role Requirements!C103, C127:C129, C141"),
    rule: choiceInputRule("serverSizing", SERVER_SIZINGS, "Servers sized by the calculator's rules, or never less as load rises"),
  },
] as const satisfies readonly InputDeclaration[];
