/**
 * The figures sizeDesign works out beyond the worksheet functions, each as its arithmetic and, beside
 * it, its Excel rendering: the Design sheet lays them out and writes no sizing formula of its
 * own. Every argument of a rendering is formula text (a defined name, a cell); every rendering returns
 * formula text without "=". The workbook's quantity cells hold the two equal over random designs
 * (tests/workbook/quantity-cells.test.ts), live and in the customer copy.
 */
import { numberLiteral } from "../excel-formulas";
import { DELL_RULES } from "../rules/dell";
import { ENVIRONMENT_RULES } from "../rules/environment";
import { TOTALS_RULES } from "../rules/totals";
import { FAILURE_RULES } from "../rules/failures";
import { provisionedVolumeGB } from "../database";
import { MICROSOFT } from "../microsoft/tables";
import { EXCHANGE_VERSIONS } from "../version";
import type { SizingMethod } from "./inputs";

// ---------------------------------------------------------------------------------------------
// The method (inputs.ts methodOf)

/** The copies below which "auto" sizes stand-alone servers by Dell's process (inputs.ts methodOf). */
export const MICROSOFT_METHOD_MIN_COPIES = 2;

/** methodOf: "dell" or "microsoft"; "auto" follows the version (2010: Dell's) and stand-alone servers (Dell's). Excel compares text without case. */
export function methodFormula(method: string, version: string, copies: string): string {
  const dell: SizingMethod = "dell";
  const microsoft: SizingMethod = "microsoft";
  return `IF(${method}="auto",IF(OR(${version}=${numberLiteral(EXCHANGE_VERSIONS[0])},${copies}<${MICROSOFT_METHOD_MIN_COPIES}),"${dell}","${microsoft}"),IF(${method}="${microsoft}","${microsoft}","${dell}"))`;
}

/** The design's figure by its method: Microsoft's where the method cell says "microsoft", else Dell's. */
export const byMethodFormula = (methodUsed: string, microsoft: string, dell: string): string => `IF(${methodUsed}="microsoft",${microsoft},${dell})`;

/** The DAG's servers, over a range of both sites' counts (the defined name Servers); excel-formulas.ts dagServersFormula takes the two cells. */
export const sitesServersFormula = (serversPerSite: string): string => `SUM(${serversPerSite})`;

/** A DAG's figure spread over its servers in normal runtime: Dell's database IOPS a server, every copy. */
export const perServer = (total: number, serversPerSite: readonly number[]): number => total / serversPerSite.reduce((a, b) => a + b, 0);
export const perServerFormula = (total: string, serversPerSite: string): string => `${total}/${sitesServersFormula(serversPerSite)}`;

/** Every copy's figure: one copy's × the copies (sizeDesign's capacityAllCopiesGB). */
export const allCopiesFormula = (perCopy: string, copies: string): string => TOTALS_RULES.formula("allCopies", { perCopy, copies });

// ---------------------------------------------------------------------------------------------
// The worst survivable failure (sizeDesign's worst; the Resilience sheet's worst case and the Summary's)

interface ScenarioLoad {
  survivable: boolean;
  activeMailboxes: number;
  targetIops: number;
}

/** The most mailboxes on the busiest server, then the most IOPS; on a tie the later, more severe scenario. */
export function worstScenario<S extends ScenarioLoad>(scenarios: readonly S[]): S | undefined {
  let worst: S | undefined;
  for (const s of scenarios) {
    if (!s.survivable) continue;
    if (worst === undefined || s.activeMailboxes > worst.activeMailboxes || (s.activeMailboxes === worst.activeMailboxes && s.targetIops >= worst.targetIops)) worst = s;
  }
  return worst;
}

/**
 * worstScenario's order as one number a scenario: its mailboxes, and its target IOPS as a fraction below
 * one (over 1 + the largest target); -1 where it is not survivable (no number of mailboxes).
 */
export const scenarioKeyFormula = (activeMailboxes: string, targetIops: string, targetRange: string): string =>
  `IF(ISNUMBER(${activeMailboxes}),${activeMailboxes}+IF(ISNUMBER(${targetIops}),${targetIops},0)/(1+MAX(${targetRange})),-1)`;

/** The worst scenario's position (1-based) among the keys (one cell each, in order, and their range): the highest, the later on a tie; #N/A where none is survivable. */
export function worstScenarioFormula(keys: readonly string[], keyRange: string): string {
  let worst = "1";
  for (let i = 1; i < keys.length; i++) worst = `IF(${keys[i]}=MAX(${keyRange}),${i + 1},${worst})`;
  return `IF(MAX(${keyRange})<0,NA(),${worst})`;
}

/** A figure at the worst survivable failure: the most of any scenario's (the Jetstress target; VMware's cores and memory). */
export const worstOfFormula = (scenarioRange: string): string => `MAX(${scenarioRange})`;

// ---------------------------------------------------------------------------------------------
// The environment (sizeDesign's environmentOf)

/** DAGs in the environment: its mailboxes over a DAG's, rounded up; #N/A below one DAG (rules/environment.ts dags). */
export const environmentDagsFormula = (environmentMailboxes: string, dagMailboxes: string): string => ENVIRONMENT_RULES.formula("dags", { environmentMailboxes, dagMailboxes });
/** A DAG's figure for every DAG of the environment: its servers, databases, disks (rules/environment.ts inEnvironment). */
export const environmentFormula = (dags: string, perDag: string): string => ENVIRONMENT_RULES.formula("inEnvironment", { dags, perDag });

// ---------------------------------------------------------------------------------------------
// Dell's Tables 18-19 at the balanced database count (sizeDesign: every design shows them)

/**
 * IDBS = DBS / DB and DVS = IDBS × contentIndex × volumeFree, provisioned in whole GB, half up — Dell's rules
 * (rules/dell.ts databaseGB, databaseVolume) at the balanced database count.
 */
export function dellDatabaseVolume(totalDatabaseGB: number, databases: number, f: { contentIndex: number; volumeFree: number }) {
  const databaseGB = dellDatabaseGBOf([totalDatabaseGB, databases], f);
  const databaseVolumeGB = dellDatabaseVolumeOf([totalDatabaseGB, databases], f);
  return { databaseGB, databaseVolumeGB, provisionedDatabaseVolumeGB: provisionedVolumeGB(databaseVolumeGB) };
}
const [dellDatabaseGBOf, dellDatabaseVolumeOf] = (["databaseGB", "databaseVolume"] as const).map((key) => DELL_RULES.compile(key, ["total", "count"]));

/** Volumes in all: each database's volume of a kind (000, 3.4.2: one database and one log volume a database). */
export const volumesInAllFormula = (volumes: string, volumeGB: string): string => TOTALS_RULES.formula("volumesInAll", { volumes, volumeGB });
/** Database volumes and log volumes together. */
export const bothKindsFormula = (databaseVolumesGB: string, logVolumesGB: string): string => TOTALS_RULES.formula("bothKinds", { databaseVolumesGB, logVolumesGB });
/** The index and free space of the database volumes: the volumes less the data they hold (the Design sheet's chart). */
export const indexAndFreeFormula = (volumesGB: string, dataGB: string): string => TOTALS_RULES.formula("indexAndFree", { databaseVolumesGB: volumesGB, dataGB });
/** The volumes of one copy: databases × (database volume + log volume) — sizeDesign's volumesGB. */
export const volumesGBFormula = (databases: string, databaseVolumeGB: string, logVolumeGB: string): string => TOTALS_RULES.formula("volumesGB", { databases, databaseVolumeGB, logVolumeGB });

// ---------------------------------------------------------------------------------------------
// Microsoft's servers of two sites (its cores a server: rules/microsoft.ts coresPerServer)

/** Active/passive: a server is sized for the first site's busiest server or the second's, whichever it is (D253, D256; sizeDesign's serverOf takes the larger). */
export const eitherSiteServerFormula = (firstSite: string, secondSite: string): string => `MAX(${firstSite},${secondSite})`;
/**
 * Active/passive: the second site's server on its own (sizeDesign's siteServers[1]): its own figure where a
 * database activates there (`secondActive` > 0), else the first site's; memory at least the first site's (D253).
 */
export const secondSiteServerFormula = (secondActive: string, secondSite: string, firstSite: string, atLeastFirst: boolean): string =>
  `IF(${secondActive}>0,${atLeastFirst ? eitherSiteServerFormula(firstSite, secondSite) : secondSite},${firstSite})`;

// ---------------------------------------------------------------------------------------------
// The methods side by side (the Methods sheet) and the mailbox tiers Microsoft's method sizes

/** How much more Microsoft's calculator sizes a quantity than Dell's process: Microsoft − Dell. */
export const methodsDifferenceFormula = (microsoft: string, dell: string): string => `${microsoft}-${dell}`;

/** Whether any tier cell is given, over the tiers' four ranges: all empty, Microsoft's method sizes the design's one profile. */
export const tiersGivenFormula = (tiers: { mailboxes: string; messagesPerDay: string; messageKB: string; quotaMB: string }): string =>
  `COUNT(${tiers.mailboxes},${tiers.messagesPerDay},${tiers.messageKB},${tiers.quotaMB})>0`;
/** The tiers whose mailboxes are given, over the tiers' mailboxes as typed (the Summary's inputs line). */
export const tiersWithMailboxesFormula = (tierMailboxes: string): string => `COUNT(${tierMailboxes})`;
/** The tiers sized, over their mailboxes as sized: a tier counts when it has mailboxes (the tiers sizeDesign is given; EX_MS_* sizes no empty tier). */
export const tiersSizedFormula = (tierMailboxes: string): string => `COUNTIF(${tierMailboxes},">0")`;

// ---------------------------------------------------------------------------------------------
// The servers named against the worst failure: the calculator's CPU utilisation and its target

/** The CPU utilisation Microsoft's calculator holds a mailbox server to in its worst failure (tables.ts cpuUtilizationTarget). */
export const CPU_UTILIZATION_TARGET = MICROSOFT.cpuUtilizationTarget;

/** The busiest server's CPU utilisation in the worst failure on the servers named — rules/failures.ts cpuUtilization (Role Requirements!G208). */
export const worstCpuUtilization = (megacycles: number, specIntRate: number): number => cpuUtilizationOf([megacycles, specIntRate], []);
export const worstCpuUtilizationFormula = (megacycles: string, specIntRate: string): string => FAILURE_RULES.formula("cpuUtilization", { megacycles, specRate: specIntRate });

/** The cores a server, at the same rate a core, that carry the worst failure within the target — rules/failures.ts coresToCarry (ours). */
export const coresToCarry = (utilization: number, coresPerServer: number): number => coresToCarryOf([utilization, coresPerServer], []);
export const coresToCarryFormula = (utilization: string, coresPerServer: string): string => FAILURE_RULES.formula("coresToCarry", { cpuUtilization: utilization, cores: coresPerServer });
const cpuUtilizationOf = FAILURE_RULES.compileAt("cpuUtilization", ["megacycles", "specRate"]);
const coresToCarryOf = FAILURE_RULES.compileAt("coresToCarry", ["cpuUtilization", "cores"]);

const UTILIZATION_SOURCE = "Microsoft's calculator, Role Requirements, Server CPU Utilization";

/** The Design check's sentence for servers that cannot carry the worst failure; each figure as text (a number, or a reference spliced in). */
export function overloadedSentence(cores: string, rate: string, percent: string, carry: string): string {
  return (
    `Not a design: in the worst survivable failure a server of ${cores} cores rated ${rate} SPECint2006 runs at ${percent}% CPU, ` +
    `past the ${CPU_UTILIZATION_TARGET * 100}% target of ${UTILIZATION_SOURCE}. Servers of ${carry} cores at that rate a core carry it, or more servers a site.`
  );
}

/** overloadedSentence's figures from the design's: the utilisation as a whole percent. */
export const utilizationPercent = (utilization: number): number => Math.round(utilization * 100);

/**
 * overloadedSentence as Excel formula text over the method, megacycles (the busiest server's, the larger
 * of both sites'), rate and cores cells, when Microsoft's method sizes the design at a rate and the
 * utilisation passes the target; else `otherwise`.
 */
export function overloadedFormula(methodUsed: string, megacycles: string, specIntRate: string, coresPerServer: string, otherwise: string): string {
  const u = worstCpuUtilizationFormula(megacycles, specIntRate);
  const MARK = "\u0000";
  const parts = overloadedSentence(MARK, MARK, MARK, MARK).split(MARK).map((t) => `"${t.replace(/"/g, '""')}"`);
  const figures = [coresPerServer, specIntRate, `ROUND(${u}*100,0)`, coresToCarryFormula(u, coresPerServer)];
  const text = parts.map((p, i) => (i < figures.length ? `${p}&${figures[i]}&` : p)).join("");
  return `IF(AND(${methodUsed}="microsoft",ISNUMBER(${specIntRate}),IFERROR(${specIntRate}>0,FALSE()),ISNUMBER(${megacycles})),IF(${u}>${numberLiteral(CPU_UTILIZATION_TARGET)},${text},${otherwise}),${otherwise})`;
}

/**
 * A failure mode's CPU utilisation on the servers named, for the Resilience sheet: the mode's megacycles
 * (a cell) over the server's (worstCpuUtilizationFormula), or `none` without a SPECint2006 rate or figure.
 */
export const modeCpuUtilizationFormula = (megacycles: string, specIntRate: string, none: string): string =>
  `IF(AND(ISNUMBER(${megacycles}),ISNUMBER(${specIntRate})),IF(${specIntRate}>0,${worstCpuUtilizationFormula(megacycles, specIntRate)},${none}),${none})`;

/**
 * dagMcdbSsds as formula text (catalogue/storage.ts mcdbServersOf): the SSDs a server × the DAG's servers (a
 * range of the sites' counts), or the first site's alone where `secondOnRaid` (an active/passive second site on RAID) holds.
 */
export const dagMcdbSsdsFormula = (ssdsPerServer: string, serversPerSite: string, secondOnRaid: string, serversFirstSite: string): string =>
  `${ssdsPerServer}*IF(${secondOnRaid},${serversFirstSite},${sitesServersFormula(serversPerSite)})`;
