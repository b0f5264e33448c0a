/**
 * Exchange versions, and what Microsoft's documentation says of a server of each: one
 * small table the engine, the cells, the CLI and the pane read, so a version's rules live here only.
 *
 * Exchange Server Subscription Edition ("SE", generally available on 1 July 2025) is sized as Exchange
 * 2019: Microsoft's Exchange team states its hardware and operating-system requirements are those of
 * Exchange 2019 CU15 (/work/shared/SIZING.md §9). Microsoft publishes no 2019 or SE calculator: its
 * Exchange Server Role Requirements Calculator v7.6 covers 2013 and 2016, and the rules below that are
 * not the calculator's come from Microsoft's documentation (MicrosoftDocs/OfficeDocs-Exchange, cited
 * by repository path and heading; docs/microsoft-method.md lists which is which).
 */
import { SizingError } from "./errors";

/** Every version a design may name: 2010 to 2019 as numbers (as the cells have always held them), SE as text. */
export const EXCHANGE_VERSIONS = [2010, 2013, 2016, 2019, "SE"] as const;
export type ExchangeVersion = (typeof EXCHANGE_VERSIONS)[number];
/** The versions whose sizing rules differ: SE is sized as 2019. */
export type SizedVersion = Exclude<ExchangeVersion, "SE">;

/** The versions in words, for messages and rules: "2010, 2013, 2016, 2019 or SE". */
export const EXCHANGE_VERSION_WORDS = `${EXCHANGE_VERSIONS.slice(0, -1).join(", ")} or ${EXCHANGE_VERSIONS[EXCHANGE_VERSIONS.length - 1]}`;

/**
 * A version as given: a number (2016), its text ("2016", " 2016 ") or SE in any case ("se",
 * "Exchange Server SE"); undefined for anything else.
 *
 * @example exchangeVersionOf("se") // "SE"
 * @example exchangeVersionOf(2019.5) // undefined
 */
export function exchangeVersionOf(value: unknown): ExchangeVersion | undefined {
  if (typeof value === "number") return EXCHANGE_VERSIONS.find((v) => v === value);
  if (typeof value !== "string") return undefined;
  const text = value.trim().toLowerCase().replace(/^exchange\s+(server\s+)?/, "");
  if (text === "se" || text === "subscription edition" || text === "server se") return "SE";
  return /^\d{4}$/.test(text) ? EXCHANGE_VERSIONS.find((v) => v === Number(text)) : undefined;
}

/** The version whose sizing rules apply: SE's are 2019's (its requirements are 2019 CU15's). */
export const sizedVersion = (version: ExchangeVersion): SizedVersion => (version === "SE" ? 2019 : version);

/** The version as a reader sees it: "Exchange 2016", "Exchange Server SE". */
export const versionName = (version: ExchangeVersion | number): string => (version === "SE" ? "Exchange Server SE" : `Exchange ${version}`);

/** A design's exchangeVersion input as a version, or a SizingError naming the input and the versions. */
export function designVersion(value: number | string): ExchangeVersion {
  const version = exchangeVersionOf(value);
  if (version === undefined) throw new SizingError("#VALUE!", `exchangeVersion must be one of: ${EXCHANGE_VERSION_WORDS}; got ${JSON.stringify(value)}`);
  return version;
}

/**
 * Where each rule is written: Microsoft's page by title and heading, as a reader finds it. In the
 * MicrosoftDocs/OfficeDocs-Exchange repository: Exchange/ExchangeServer/plan-and-deploy/deployment-ref/
 * preferred-architecture-2019.md, Exchange/ExchangeServer/plan-and-deploy/system-requirements.md and
 * Exchange/ExchangeServer2013/exchange-2013-system-requirements-exchange-2013-help.md.
 */
export const VERSION_SOURCES = Object.freeze({
  preferredArchitecture2019: 'Microsoft, "Exchange 2019 preferred architecture", section "Commodity servers"',
  systemRequirements2019: 'Microsoft, "Exchange Server system requirements", section "Hardware requirements for Exchange 2019"',
  systemRequirements2016: 'Microsoft, "Exchange Server system requirements", section "Hardware requirements for Exchange 2016"',
  systemRequirements2013: 'Microsoft, "Exchange 2013 system requirements", section "Hardware"',
  // By title only (the pages: Exchange/ExchangeServer/new-features/new-features.md; microsoft/CSS-Exchange
  // Diagnostics/HealthChecker/Analyzer/Invoke-AnalyzerHardwareInformation.ps1).
  whatsNew2019: 'Microsoft, "What\'s new in Exchange Server", section "Performance"',
  healthChecker: 'Microsoft\'s Exchange Health Checker (CSS-Exchange), its hardware checks',
});

/** What Microsoft's documentation says of a mailbox server of one version. */
export interface VersionProfile {
  version: ExchangeVersion;
  /** "Exchange Server SE". */
  name: string;
  /** The version whose sizing rules apply (SE: 2019). */
  sizedAs: SizedVersion;
  /** The most cores and memory a server is recommended (the Preferred Architecture's commodity server); undefined: none published. */
  maxCores?: number;
  maxMemoryGB?: number;
  limitsSource?: string;
  /**
   * The most cores Microsoft supports a server (2019 and SE: 48): past it the design is refused, not
   * warned of. undefined: the recommended most (maxCores) is only a warning.
   */
  supportedCores?: number;
  supportedCoresSource?: string;
  /** A mailbox server's recommended minimum memory, GB; 0: none published here (2010). */
  minMemoryGB: number;
  minMemorySource?: string;
  /** The page file for a server of `memoryGB`, GB; undefined: none published here (2010). */
  pageFileGB?: (memoryGB: number) => number;
  pageFileRule?: string;
  pageFileSource?: string;
}

/** 2016's page file — its system requirements: memory plus 10 MB, at most 32,778 MB (2013's page says the same). */
const memoryPlusTenMB = (memoryGB: number): number => Math.min(memoryGB * 1024 + 10, 32_778) / 1024;
/** 2019's page file — its system requirements: a quarter of the installed memory. */
const quarterOfMemory = (memoryGB: number): number => memoryGB * 0.25;

const PROFILE_2019 = {
  sizedAs: 2019,
  // "Commodity servers": up to 48 physical cores and 256 GB of memory a server.
  maxCores: 48,
  maxMemoryGB: 256,
  limitsSource: VERSION_SOURCES.preferredArchitecture2019,
  // "What's new in Exchange Server", Performance: "supports up to 256 GB of memory and 48 CPU cores"; Health
  // Checker reports more than 48 physical cores on a 2019 build (15.2) as an error, more than 256 GB as a warning.
  supportedCores: 48,
  supportedCoresSource: `${VERSION_SOURCES.whatsNew2019}; ${VERSION_SOURCES.healthChecker}`,
  // "Hardware requirements for Exchange 2019": Mailbox 128 GB minimum recommended; paging file 25% of installed memory.
  minMemoryGB: 128,
  minMemorySource: VERSION_SOURCES.systemRequirements2019,
  pageFileGB: quarterOfMemory,
  pageFileRule: "25% of the server's memory",
  pageFileSource: VERSION_SOURCES.systemRequirements2019,
} as const;

const PROFILES: Readonly<Record<ExchangeVersion, VersionProfile>> = Object.freeze({
  2010: { version: 2010, name: versionName(2010), sizedAs: 2010, minMemoryGB: 0 },
  // "Hardware": Mailbox 8 GB minimum; page file physical RAM plus 10 MB, at most 32,778 MB. No core or memory ceiling published.
  2013: {
    version: 2013, name: versionName(2013), sizedAs: 2013, minMemoryGB: 8, minMemorySource: VERSION_SOURCES.systemRequirements2013,
    pageFileGB: memoryPlusTenMB, pageFileRule: "the server's memory plus 10 MB, at most 32,778 MB", pageFileSource: VERSION_SOURCES.systemRequirements2013,
  },
  // The 2019 Preferred Architecture's "Commodity servers" gives 2016's as 24 cores and 192 GB ("an increase from …").
  2016: {
    version: 2016, name: versionName(2016), sizedAs: 2016, maxCores: 24, maxMemoryGB: 192, limitsSource: VERSION_SOURCES.preferredArchitecture2019,
    minMemoryGB: 8, minMemorySource: VERSION_SOURCES.systemRequirements2016,
    pageFileGB: memoryPlusTenMB, pageFileRule: "the server's memory plus 10 MB, at most 32,778 MB", pageFileSource: VERSION_SOURCES.systemRequirements2016,
  },
  2019: { version: 2019, name: versionName(2019), ...PROFILE_2019 },
  SE: { version: "SE", name: versionName("SE"), ...PROFILE_2019 },
});

/** What Microsoft's documentation says of a server of `version`. */
export const versionProfile = (version: ExchangeVersion): VersionProfile => PROFILES[version];

/** A server past what Microsoft recommends for its version: the design still builds, and says so. */
export interface ServerLimitWarning {
  limit: "cores" | "memory";
  /** What a server needs, and the most recommended. */
  needed: number;
  most: number;
  /** In full, with the page that says it: what the CLI prints and `design --json` lists. */
  message: string;
  /** One sentence, the page by title and heading: what the Design check cell shows (serverLimitsFormula gives the same text). */
  summary: string;
}

const FIX = "Add servers, or put fewer mailboxes in a DAG.";
const LIMIT_WORDS = {
  cores: { unit: (n: string) => `${n} cores`, input: "coresPerServer" },
  memory: { unit: (n: string) => `${n} GB of memory`, input: "memoryPerServerGB" },
} as const;
// No double quotes: HyperFormula reads no "" inside a formula's text, and the customer copy must recalculate there too.
const PA_SHORT = "Microsoft's Exchange 2019 preferred architecture, Commodity servers";

/** The Design check's sentence for one limit, `needed` as text (a number, or an Excel reference spliced in). */
function limitSentence(limit: "cores" | "memory", needed: string, most: number, name: string): string {
  const w = LIMIT_WORDS[limit];
  return `Warning: a server needs ${w.unit(needed)}, more than the ${w.unit(String(most))} recommended for ${name} (${PA_SHORT}). ${FIX}`;
}

/**
 * A server's cores and memory against its version's recommended most (versionProfile: 24 cores and
 * 192 GB for 2016, 48 and 256 for 2019 and SE — the 2019 Preferred Architecture's "Commodity
 * servers"): a warning for each past it, cores first; none for a version with no published limit.
 *
 * @example serverLimitWarnings(2016, 68, 320).map((w) => w.limit) // ["cores", "memory"]
 */
export function serverLimitWarnings(version: ExchangeVersion, cores: number, memoryGB: number): ServerLimitWarning[] {
  const p = versionProfile(version);
  const warnings: ServerLimitWarning[] = [];
  const check = (limit: "cores" | "memory", needed: number, most: number | undefined) => {
    if (most === undefined || !(needed > most)) return;
    const w = LIMIT_WORDS[limit];
    warnings.push({
      limit,
      needed,
      most,
      message: `${w.input}: a server needs ${w.unit(String(needed))}, more than the ${w.unit(String(most))} recommended for ${p.name} (${p.limitsSource}); add servers, or put fewer mailboxes in a DAG (users)`,
      summary: limitSentence(limit, String(needed), most, p.name),
    });
  };
  // Past the cores Microsoft supports, the design is refused (serverCoresProblem): no warning then.
  if (p.supportedCores === undefined) check("cores", cores, p.maxCores);
  check("memory", memoryGB, p.maxMemoryGB);
  return warnings;
}

// No double quotes, as PA_SHORT: the Design check's text is formula text.
const SUPPORT_SHORT = "Microsoft's What's new in Exchange Server, Performance; its Exchange Health Checker reports more as an error";

/** The Design check's sentence for a server past the cores its version supports, `needed` as text. */
function supportedCoresSentence(needed: string, most: number, name: string): string {
  return `Not a design: a server needs ${needed} cores, more than the ${most} ${name} supports (${SUPPORT_SHORT}). ${FIX}`;
}

/**
 * A server past the cores its version supports (2019 and SE: 48, versionProfile's supportedCores): the
 * design cannot be built. `advice` says what fits (the fewest servers a site), appended to the message:
 * worked out only for a design refused, as it sizes others.
 *
 * @example serverCoresProblem("SE", 60)?.summary.startsWith("Not a design") // true
 */
export function serverCoresProblem(version: ExchangeVersion, cores: number, advice: () => string = () => ""): { message: string; summary: string } | undefined {
  const p = versionProfile(version);
  const most = p.supportedCores;
  if (most === undefined || !(cores > most)) return undefined;
  return {
    message: `servers: a server needs ${grouped(cores)} cores, more than the ${most} Microsoft supports for ${p.name} (${p.supportedCoresSource}); ${advice() || "add servers, or put fewer mailboxes in a DAG (users)"}`,
    summary: supportedCoresSentence(String(cores), most, p.name),
  };
}

const grouped = (n: number): string => n.toLocaleString("en-US", { maximumFractionDigits: 2 });

// ---------------------------------------------------------------------------------------------
// The same rules as Excel formula text over the version's cell (the Design sheet renders them).

const excelText = (s: string): string => `"${s.replace(/"/g, '""')}"`;
const isVersion = (ref: string, v: ExchangeVersion): string => (typeof v === "number" ? `${ref}=${v}` : `${ref}=${excelText(v)}`);

/** A number of each version's profile as nested IFs: `IF(OR(v=2019,v="SE"),128,IF(…))`, `otherwise` for versions without it. */
export function versionNumberFormula(ref: string, pick: (p: VersionProfile) => number | undefined, otherwise: string): string {
  const groups: Array<{ value: number; versions: ExchangeVersion[] }> = [];
  for (const v of EXCHANGE_VERSIONS) {
    const value = pick(versionProfile(v));
    if (value === undefined) continue;
    const group = groups.find((g) => g.value === value);
    if (group) group.versions.push(v);
    else groups.push({ value, versions: [v] });
  }
  return groups.reduceRight((rest, g) => {
    const tests = g.versions.map((v) => isVersion(ref, v));
    return `IF(${tests.length === 1 ? tests[0] : `OR(${tests.join(",")})`},${g.value},${rest})`;
  }, otherwise);
}

/** The memory a server gets: `memory` (a formula), at least the version's recommended minimum. */
export const minimumMemoryFormula = (ref: string, memory: string): string => `MAX(${memory},${versionNumberFormula(ref, (p) => p.minMemoryGB || undefined, "0")})`;

/** The page file of a server of `memory` GB (versionProfile's pageFileGB), or "" where none is published (2010). */
export function pageFileFormula(ref: string, memory: string): string {
  const quarter = EXCHANGE_VERSIONS.filter((v) => versionProfile(v).pageFileGB === quarterOfMemory).map((v) => isVersion(ref, v));
  const plusTen = EXCHANGE_VERSIONS.filter((v) => versionProfile(v).pageFileGB === memoryPlusTenMB).map((v) => isVersion(ref, v));
  return `IF(OR(${quarter.join(",")}),${memory}*0.25,IF(OR(${plusTen.join(",")}),MIN(${memory}*1024+10,32778)/1024,""))`;
}

/** serverCoresProblem's summary as Excel formula text over the version and cores cells; `otherwise` when none. */
export function supportedCoresFormula(ref: string, cores: string, otherwise: string): string {
  const MARK = "\u0000";
  return EXCHANGE_VERSIONS.reduceRight((rest, v) => {
    const p = versionProfile(v);
    if (p.supportedCores === undefined) return rest;
    const text = supportedCoresSentence(MARK, p.supportedCores, p.name).split(MARK).map(excelText).join(`&${cores}&`);
    return `IF(AND(${isVersion(ref, v)},ISNUMBER(${cores}),${cores}>${p.supportedCores}),${text},${rest})`;
  }, otherwise);
}

/** serverLimitWarnings' first summary as Excel formula text over the version, cores and memory cells; "" when none. */
export function serverLimitsFormula(ref: string, cores: string, memory: string): string {
  const MARK = "\u0000";
  const sentence = (limit: "cores" | "memory", figure: string, most: number, name: string) =>
    limitSentence(limit, MARK, most, name)
      .split(MARK)
      .map(excelText)
      .join(`&${figure}&`);
  const branches: Array<{ test: string; text: string }> = [];
  for (const limit of ["cores", "memory"] as const) {
    const figure = limit === "cores" ? cores : memory;
    for (const v of EXCHANGE_VERSIONS) {
      const p = versionProfile(v);
      const most = limit === "cores" ? p.maxCores : p.maxMemoryGB;
      if (most === undefined || (limit === "cores" && p.supportedCores !== undefined)) continue;
      branches.push({ test: `AND(${isVersion(ref, v)},ISNUMBER(${figure}),${figure}>${most})`, text: sentence(limit, figure, most, p.name) });
    }
  }
  return branches.reduceRight((rest, b) => `IF(${b.test},${b.text},${rest})`, '""');
}

// ---------------------------------------------------------------------------------------------
// Editions: the databases a server may mount.

/** The server editions, Enterprise (the default) first. */
export const EXCHANGE_EDITIONS = ["Enterprise", "Standard"] as const;
export type ExchangeEdition = (typeof EXCHANGE_EDITIONS)[number];

/**
 * Mounted databases a server — active copies and passive copies mounted for replay, lagged ones too;
 * the recovery database aside. Microsoft, "Exchange Server editions and versions"
 * (Exchange/ExchangeServer/plan-and-deploy/deployment-ref/editions-and-versions.md, its opening list):
 * Enterprise 100, Standard 5; for 2013 (CU2 and later) the same, "Exchange 2013: editions and versions"
 * (Exchange/ExchangeServer2013/exchange-2013-editions-and-versions-exchange-2013-help.md). Exchange 2010's
 * page is not in that repository: its designs are not checked.
 */
export const MOUNTED_DATABASE_LIMITS: Readonly<Record<ExchangeEdition, number>> = Object.freeze({ Enterprise: 100, Standard: 5 });
/** Microsoft's page of the editions (OfficeDocs-Exchange: Exchange/ExchangeServer/plan-and-deploy/deployment-ref/editions-and-versions.md). */
export const EDITIONS_SOURCE = 'Microsoft, "Exchange Server editions and versions"';

/** An edition as given (case aside), or undefined. */
export const exchangeEditionOf = (value: unknown): ExchangeEdition | undefined =>
  typeof value === "string" ? EXCHANGE_EDITIONS.find((e) => e.toLowerCase() === value.trim().toLowerCase()) : undefined;

/**
 * Why a server of `edition` cannot mount the copies the design puts on it, or undefined. The copies a
 * server holds are counted as Microsoft's calculator counts them for its own 100 (Role Requirements!I158):
 * databases × copies ÷ servers, unrounded.
 */
export function editionProblem(edition: ExchangeEdition, version: ExchangeVersion, databases: number, copies: number, servers: number): string | undefined {
  // Enterprise's 100 is Microsoft's method's own check (the calculator's, src/engine/design/size-design.ts); Dell's process is not held to it.
  if (version === 2010 || edition === "Enterprise") return undefined;
  const most = MOUNTED_DATABASE_LIMITS[edition];
  const perServer = (databases * copies) / servers;
  if (!(perServer > most)) return undefined;
  const shown = Math.round(perServer * 100) / 100;
  return (
    `edition: a server of the ${edition} edition mounts at most ${most} databases (${EDITIONS_SOURCE}); this design puts ${shown} on each ` +
    `(${databases} databases × ${copies} copies ÷ ${servers} servers, active and passive alike)` +
    " — choose the edition Enterprise, or add servers, or raise maxDatabaseGB for fewer databases"
  );
}

/** editionProblem as an Excel test over the edition, version, databases, copies and servers cells: TRUE when refused. */
export function editionFailsFormula(edition: string, version: string, databases: string, copies: string, servers: string): string {
  return `AND(${version}<>2010,${edition}="Standard",IFERROR(${databases}*${copies}/${servers}>${MOUNTED_DATABASE_LIMITS.Standard},FALSE()))`;
}
