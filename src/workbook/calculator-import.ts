/**
 * A filled Microsoft calculator read as a design: its Input sheet's inputs, found by the calculator's
 * defined names (its cells, by version, where a name is missing), mapped onto the design's inputs and
 * checked and sized by the one reader every edge uses (input-values.ts designFromCells), with the
 * file's own saved figures set beside the design's, and every input the file sets that the design
 * does not take. Pure: the bytes are opened by calculator-file.ts.
 *
 * The calculators read: Exchange 2013 Server Role Requirements Calculator v6 and v7 (ExchangeDsc's
 * public v6.6 and v7.6 files), and the 2016 calculator (v8 and later, its title "Exchange 2016 …"),
 * whose names are the same; its cells are not known here, so its names must be present.
 */
import { REFERENCE_DESIGN_INPUTS, serverDiskOf, type Design } from "../engine/design";
import { designRecord } from "../engine/catalogue";
import { SizingError } from "../engine/errors";
import { cellOfName, CalculatorFileError, type CalculatorFile, type SheetCells } from "./calculator-file";
import { designFromCells, inputFromText, type CellInput, type InputCells, type InputKey, type Places, type Sized } from "./input-values";
import type { TierColumn } from "./sheets/tiers";

const INPUT = "Input";
const ROLE = "Role Requirements";

/** The calculator a file is, by its title (Input!B1) and version (Input!G2; F2 in v6). */
export interface CalculatorVersion {
  /** As the file titles itself: "Exchange 2013 Server Role Requirements Calculator". */
  title: string;
  /** "7.6". */
  number: string;
  /** The Exchange version it sizes: 2013 for v6 to v7.6, 2016 for the 2016 calculator. */
  exchangeVersion: 2013 | 2016;
}

/** The v7 Input sheet's right-hand column (G) is F in v6, its labels one column left too. */
const V6_SHIFT: Record<string, string> = { G: "F", F: "E", E: "D" };

/** Where a name sits when a file lacks it: v7.6's cells (ExchangeDsc, "E2013Calcv7.6 - Example.xlsm") and v6.6's ("E2013Calcv6.6 - Lab.xlsm"). */
function knownCell(name: string, sheet: string, v7: string, version: CalculatorVersion): string | undefined {
  const major = Number(version.number.split(".")[0]);
  if (version.exchangeVersion !== 2013 || (major !== 6 && major !== 7)) return undefined;
  if (major === 7 || sheet !== INPUT) return major === 7 ? v7 : undefined;
  return v7.replace(/^([A-Z])/, (c) => V6_SHIFT[c] ?? c);
}

/** The Input cells the design reads, by name, with v7.6's cell. */
const INPUT_NAMES_READ: Readonly<Record<string, string>> = {
  SiteResilienceEnabled: "G22", SRModel: "G23", VirtualizationEnabled: "C24", HAOption: "C25", numMBXServers: "C26", numDAGs: "C27",
  NumDBCopies: "C30", numLagDBCopies: "C31", numDBCopiesSDC: "C32", numLaggedCopiesSDC: "C33", ReplayLagHours: "G31",
  DBSizeOverride: "G36", CustomMaxDBSize: "G37", NumDBsOverride: "G38", CustomNumDBs: "G39",
  NumTier1MBX: "C55", Tier1SendReceive: "C57", Tier1AvgMessageSize: "C58", Tier1MBXLimit: "C60", Tier1ArchiveMBXLimit: "C61", Tier1DIRW: "C62", Tier1IOFactor: "C66",
  NumTier2MBX: "C74", Tier2SendReceive: "C76", Tier2AvgMessageSize: "C77", Tier2MBXLimit: "C79",
  NumTier3MBX: "G55", Tier3SendReceive: "G57", Tier3AvgMessageSize: "G58", Tier3MBXLimit: "G60",
  NumTier4MBX: "G74", Tier4SendReceive: "G76", Tier4AvgMessageSize: "G77", Tier4MBXLimit: "G79",
  JBODEvaluation: "C107", MultipleDBVolume: "C108", NumDBperVolOverride: "C109", AutoReseedVolumes: "C112",
  DBDiskSizePDC: "C116", DBDiskRPMPDC: "D116", numProcCoresPDC: "C131", numSpecRatePDC: "D131",
  ...Object.fromEntries(Array.from({ length: 24 }, (_, h) => [`LogH${h + 1}`, `C${145 + h}`])),
};
/** Names a version may lack, read as the calculator without them sizes: v6 has no Replay Lag Manager. */
const OPTIONAL_NAMES: Readonly<Record<string, CellInput>> = { ReplayLagManagerEnabled: "No" };
const OPTIONAL_CELLS: Readonly<Record<string, string>> = { ReplayLagManagerEnabled: "G33" };

/** What some inputs the design does not take move, in the calculator. */
const MOVES: Readonly<Record<string, string>> = {
  DataGrowth: "the database size (Role Requirements!C62)",
  Tier1InitialMBXSize: "the initial mailbox size, for the first years' capacity",
  Tier1NumGrowth: "the mailboxes sized (Role Requirements!C10)",
  Tier1UserMFPercentage: "the share of mailboxes the IOPS and megacycles factors apply to",
  Tier1MCFactor: "the megacycles a mailbox",
  Tier1PredictIOPS: "the IOPS a mailbox (a set value instead of the predicted)",
  Tier1IOPS: "the IOPS a mailbox, where Predict IOPS is No",
  IOGrowth: "the IOPS the disks are sized for",
  VirtCPUFactor: "the megacycles a virtual server needs (the design takes the calculator's 10%)",
  DiskLimitOverride: "the data volumes a server (Input!C111 where No)",
  NumDisksPerServer: "the data volumes a server, where Input!C110 is No",
  DBPermOverride: "the databases a DAG, rounded for a symmetrical distribution",
  MultiRoleEnabled: "memory and megacycles for the Client Access role",
  numProcCoresSDC: "the second site's servers' cores",
  numSpecRateSDC: "the second site's servers' SPECint2006 rate",
  DBDiskSizeSDC: "the second site's database disks",
  RestoreVol: "a restore volume a server",
  VolGrowth: "the volumes' free space",
  MBXMoveRate: "the log space for mailbox moves",
};

export interface SavedFigure {
  /** The design's figure it sits beside: a `design --json` key, or worstActiveDatabasesPerServer. */
  key: string;
  label: string;
  /** The calculator's defined name, sheet and cell. */
  name: string;
  sheet: string;
  cell: string;
  /** As Excel last saved it: a number, the calculator's text ("--"), or null where the file holds no value. */
  calculator: number | string | null;
  design: number | string | null;
  /** Equal; null where the calculator saved no number to compare. */
  agree: boolean | null;
  /** Where not equal (or not compared): why. */
  why?: string;
}

export interface NotTaken {
  name: string;
  sheet: string;
  cell: string;
  value: number | string | boolean | null;
  /** What it moves in the calculator, where known. */
  moves?: string;
}

/** The figures set beside the design's: the Role Requirements sheet's results, by name, with v7.6's cell. */
const SAVED: ReadonlyArray<{ key: string; label: string; name: string; v7: string }> = [
  { key: "dags", label: "DAGs in the environment", name: "calcNumDAGs", v7: "C96" },
  { key: "databases", label: "Databases a DAG", name: "RecNumDBs", v7: "C79" },
  { key: "mailboxesPerDatabase", label: "Mailboxes a database", name: "MBXPerDB", v7: "C81" },
  { key: "serversPerDag", label: "Mailbox servers a DAG", name: "TotNumMBXServersinDAG", v7: "I91" },
  { key: "normalMailboxesPerServer", label: "Active mailboxes a server, normal running", name: "TotalMBXPerSvr", v7: "C100" },
  { key: "worstActiveDatabasesPerServer", label: "Active databases a server is sized for (the worst failure)", name: "calcNumDBMemSizing", v7: "C103" },
  { key: "memoryPerServerGB", label: "Memory a server (GB)", name: "RecRAMMBXPDC", v7: "C253" },
  { key: "coresPerServer", label: "Processor cores a server", name: "calcReqMBXCoresPDCServer", v7: "C168" },
];
const SAVED_V6: Readonly<Record<string, string>> = { calcNumDAGs: "C95", RecNumDBs: "C78", MBXPerDB: "C80", TotNumMBXServersinDAG: "I90", TotalMBXPerSvr: "C99", calcNumDBMemSizing: "C102", RecRAMMBXPDC: "C240", calcReqMBXCoresPDCServer: "C173" };

export interface CalculatorImport {
  version: CalculatorVersion;
  macros: boolean;
  calculation: "automatic" | "manual";
  cells: InputCells;
  places: Places;
  /** Each design input's calculator cells and names, for messages and `inputs`' provenance. */
  from: Partial<Record<InputKey, string>>;
  notTaken: NotTaken[];
  /** Notes on stderr: an .xlsx copy read, a version whose cells are not known. */
  notes: string[];
  /** Refusals before the rules: what the design cannot take at all (a multiple-DAG site model, …). */
  problems: string[];
  saved(): Omit<SavedFigure, "design" | "agree" | "why">[];
}

const shown = (v: CellInput): string => (v === null || v === undefined || v === "" ? "an empty cell" : typeof v === "object" ? v.error : JSON.stringify(v));
const plainValue = (v: CellInput): number | string | boolean | null => (v === undefined || v === "" ? null : v !== null && typeof v === "object" ? v.error : v);

/** The calculator's title and version: refused when the Input sheet is not a calculator's. */
export function calculatorVersion(file: CalculatorFile): CalculatorVersion {
  const input = file.sheet(INPUT);
  const what = "the file is not a Microsoft Exchange Server Role Requirements Calculator";
  if (!input) throw new CalculatorFileError(`${what}: it has no Input sheet (its sheets: ${file.sheetNames.slice(0, 8).join(", ")})`);
  const title = input.values.get("B1");
  const m = typeof title === "string" ? /^\s*Exchange (2013|2016) Server Role Requirements Calculator\s*$/i.exec(title) : null;
  if (!m) throw new CalculatorFileError(`${what}: Input!B1 should be its title, "Exchange 2013 Server Role Requirements Calculator" or "Exchange 2016 …"; got ${shown(title)}`);
  const versionText = [...input.values.entries()].find(([a, v]) => /^[A-J][1-3]$/.test(a) && typeof v === "string" && /^\s*Version:?\s*\d/i.test(v));
  const number = versionText ? /(\d+(?:\.\d+)*)/.exec(String(versionText[1]))![1] : undefined;
  if (number === undefined) throw new CalculatorFileError(`${what} this reads: its version ("Version: 7.6", Input!G2 in v7, F2 in v6) is missing`);
  return { title: m[0].trim(), number, exchangeVersion: Number(m[1]) as 2013 | 2016 };
}

/**
 * The file's inputs as the design's cells. A name missing where the version's cell is not known
 * (the 2016 calculator, a version other than v6 and v7), or protected sheets, are refused as a file error.
 */
export function importCalculator(file: CalculatorFile): CalculatorImport {
  const version = calculatorVersion(file);
  const input = file.sheet(INPUT)!;
  if (input.protectedWithPassword) {
    throw new CalculatorFileError("the Input sheet is protected with a password: unprotect it in Excel (Review > Unprotect Sheet) and save the file again");
  }
  const notes: string[] = [];
  if (!file.macros) notes.push("the file holds no macros (an .xlsx saved from the calculator's .xlsm): read by its names and saved values like the .xlsm");
  const missing: string[] = [];
  const where = new Map<string, { sheet: string; cell: string }>();
  const locate = (name: string, sheet: string, v7: string): { sheet: string; cell: string } | undefined => {
    const named = file.names.get(name);
    const at = named !== undefined ? cellOfName(named) : undefined;
    if (at) return { sheet: at.sheet, cell: at.address };
    const cell = knownCell(name, sheet, v7, version);
    return cell === undefined ? undefined : { sheet, cell };
  };
  const value = (name: string): CellInput => {
    const at = where.get(name);
    if (!at) return OPTIONAL_NAMES[name];
    return (at.sheet === INPUT ? input : file.sheet(at.sheet))?.values.get(at.cell) ?? null;
  };
  for (const [name, v7] of Object.entries({ ...INPUT_NAMES_READ, ...OPTIONAL_CELLS })) {
    // A version without the name (v6 has no Replay Lag Manager) reads as the calculator without it; v7 has its cell.
    const v7File = version.exchangeVersion === 2013 && version.number.split(".")[0] === "7";
    const at = name in OPTIONAL_NAMES && file.names.get(name) === undefined && !v7File ? undefined : locate(name, INPUT, v7);
    if (name in OPTIONAL_NAMES && at === undefined) continue;
    if (at) where.set(name, at);
    else missing.push(name);
  }
  if (missing.length > 0) {
    throw new CalculatorFileError(
      `the file is ${version.title} v${version.number}, but its Input sheet lacks the defined names ${missing.slice(0, 6).join(", ")}${missing.length > 6 ? ` and ${missing.length - 6} more` : ""}, ` +
        `and their cells are known for v6 and v7 of the 2013 calculator only: restore the names (Formulas > Name Manager) or use the calculator's own file`,
    );
  }
  const at = (name: string): string => {
    const w = where.get(name)!;
    return `${w.sheet}!${w.cell} (${name})`;
  };

  const inputs: Partial<Record<InputKey, CellInput>> = {};
  const from: Partial<Record<InputKey, string>> = {};
  const problems: string[] = [];
  const set = (key: InputKey, v: CellInput, places: string) => {
    inputs[key] = v;
    from[key] = places;
  };
  const yes = (name: string) => typeof value(name) === "string" && String(value(name)).trim().toLowerCase() === "yes";
  const num = (v: CellInput): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
  // "150 messages": the message profile's drop-down text, the number checked by the input's rule.
  // The calculator's own text, not our Inputs sheet's: its number is read here, then checked as a number.
  const messages = (v: CellInput): CellInput => {
    const digits = typeof v === "string" ? /^\s*(\d+(?:\.\d+)?)\s*messages?\s*$/i.exec(v)?.[1] : undefined;
    return digits === undefined ? v : Number(digits);
  };

  // Mailboxes: tier 1 as the design's own profile; the environment's mailboxes over its DAGs (Input!C27).
  const dags = num(value("numDAGs"));
  const total = value("NumTier1MBX");
  if (dags === undefined || !Number.isInteger(dags) || dags < 1) problems.push(`${at("numDAGs")}: the DAGs must be a whole number from 1; got ${shown(value("numDAGs"))}`);
  else if (dags === 1) set("users", total, at("NumTier1MBX"));
  else if (typeof total === "number" && Number.isInteger(total / dags)) {
    set("users", total / dags, `${at("NumTier1MBX")} ÷ ${at("numDAGs")}`);
    set("environmentUsers", total, at("NumTier1MBX"));
  } else {
    problems.push(`${at("NumTier1MBX")} over ${at("numDAGs")}: the design sizes identical DAGs of whole mailboxes; ${shown(total)} mailboxes do not split evenly over ${dags} DAGs`);
  }
  set("messagesPerDay", messages(value("Tier1SendReceive")), at("Tier1SendReceive"));
  set("messageKB", value("Tier1AvgMessageSize"), at("Tier1AvgMessageSize"));
  set("quotaMB", value("Tier1MBXLimit"), at("Tier1MBXLimit"));
  set("archiveMB", value("Tier1ArchiveMBXLimit"), at("Tier1ArchiveMBXLimit"));
  set("deletedItemDays", value("Tier1DIRW"), at("Tier1DIRW"));
  set("iopsMultiplier", value("Tier1IOFactor"), at("Tier1IOFactor"));

  // Tiers 2–4 with mailboxes: sized as the design's tiers, tier 1 first (one DAG only: the calculator's tiers are the environment's).
  const tierNames = ["Tier1", "Tier2", "Tier3", "Tier4"];
  // An empty tier cell is no tier; text or an error there is refused by the tiers' rule.
  const extraTiers = tierNames.slice(1).filter((t) => ![0, null, undefined, ""].includes(value(`Num${t}MBX`) as never));
  const tierPlaces = new Map<string, string>();
  let tiersCells: InputCells["tiers"] | undefined;
  if (extraTiers.length > 0) {
    if (dags !== 1) problems.push(`${at("numDAGs")}: mailbox tiers 2–4 (${extraTiers.map((t) => at(`Num${t}MBX`)).join(", ")}) are sized in one DAG only; this file has ${shown(value("numDAGs"))} DAGs`);
    const column = (c: TierColumn, name: (t: string) => string, read: (v: CellInput) => CellInput = (v) => v) =>
      tierNames.map((t, k) => {
        tierPlaces.set(`${c}:${k + 1}`, at(name(t)));
        return read(value(name(t)));
      });
    tiersCells = {
      mailboxes: column("mailboxes", (t) => `Num${t}MBX`),
      messagesPerDay: column("messagesPerDay", (t) => `${t}SendReceive`, messages),
      messageKB: column("messageKB", (t) => `${t}AvgMessageSize`),
      quotaMB: column("quotaMB", (t) => `${t}MBXLimit`),
    };
  }

  // Copies: HA copies (active included, Input!C30) and lagged (C31), one copy without HA (C25).
  const ha = value("HAOption");
  if (typeof ha === "string" && ha.trim().toLowerCase() === "no") {
    set("copies", 1, at("HAOption"));
    set("laggedCopies", 0, at("HAOption"));
  } else {
    const [h, l] = [value("NumDBCopies"), value("numLagDBCopies")];
    set("copies", num(h) !== undefined && num(l) !== undefined ? num(h)! + num(l)! : num(h) === undefined ? h : l, `${at("NumDBCopies")} + ${at("numLagDBCopies")}`);
    set("laggedCopies", l, at("numLagDBCopies"));
  }
  const lagHours = value("ReplayLagHours");
  set("lagDays", num(lagHours) !== undefined ? num(lagHours)! / 24 : lagHours, `${at("ReplayLagHours")} ÷ 24`);

  // Sites: the first site's servers (C26); a site-resilient DAG (G22) as many in the second.
  set("serversSite1", value("numMBXServers"), at("numMBXServers"));
  if (yes("SiteResilienceEnabled")) {
    set("serversSite2", value("numMBXServers"), `${at("numMBXServers")} (${at("SiteResilienceEnabled")} "Yes")`);
    const model = String(value("SRModel") ?? "").trim().toLowerCase();
    if (model === "active/passive") set("dagLayout", "active/passive", at("SRModel"));
    else if (model === "active/active (single dag)") set("dagLayout", "active/active", at("SRModel"));
    else problems.push(`${at("SRModel")}: the design takes "Active/Passive" or "Active/Active (Single DAG)"; got ${shown(value("SRModel"))}`);
  } else {
    set("serversSite2", "", at("SiteResilienceEnabled"));
    set("dagLayout", "active/active", at("SiteResilienceEnabled"));
  }

  // Databases: the maximum size (G36:G37), the count the calculator works out or as set (G38:G39).
  set("maxDatabaseSizeConfiguration", value("DBSizeOverride"), at("DBSizeOverride"));
  if (String(value("DBSizeOverride") ?? "").trim().toLowerCase() === "custom") set("maxDatabaseGB", value("CustomMaxDBSize"), at("CustomMaxDBSize"));
  set("databasesPerDag", yes("NumDBsOverride") ? "" : value("CustomNumDBs"), yes("NumDBsOverride") ? at("NumDBsOverride") : at("CustomNumDBs"));

  // Servers: the first site's processors (C131:D131), virtualization (C24).
  set("coresPerServer", value("numProcCoresPDC"), at("numProcCoresPDC"));
  set("specIntRate", value("numSpecRatePDC"), at("numSpecRatePDC"));
  set("virtualization", value("VirtualizationEnabled"), at("VirtualizationEnabled"));
  // Replay Lag Manager (G33); a version without it (v6) sizes as "No".
  set("replayLagManager", value("ReplayLagManagerEnabled"), where.has("ReplayLagManagerEnabled") ? at("ReplayLagManagerEnabled") : `${version.title} v${version.number}, which has no Replay Lag Manager`);

  // Storage: the first site's database disk (C116:D116), JBOD (C107), databases a volume (C108:C109), AutoReseed (C112).
  const size = value("DBDiskSizePDC");
  const kind = value("DBDiskRPMPDC");
  // The calculator's size and type ("4000 GB", "7.2K RPM SAS 3.5\"") as the catalogue names that disk, where it has it.
  const disk = typeof size === "string" && typeof kind === "string" ? `${size.trim()} ${kind.trim()}` : typeof size === "string" ? kind : size;
  set("serverDisk", typeof disk === "string" ? catalogueDiskName(disk) : disk, `${at("DBDiskSizePDC")} and ${at("DBDiskRPMPDC")}`);
  set("considerJbod", value("JBODEvaluation"), at("JBODEvaluation"));
  const copies = num(inputs.copies);
  // As the calculator lays volumes (catalogue databasesPerVolume): C108 "No" one a volume; C109 "Yes" up to the copies; "No" half the even copies.
  const perVolume = !yes("MultipleDBVolume") ? 1 : yes("NumDBperVolOverride") ? 0 : copies === 2 ? 3 : 2;
  set("databasesPerVolume", perVolume, `${at("MultipleDBVolume")} and ${at("NumDBperVolOverride")}`);
  set("autoReseedDisks", value("AutoReseedVolumes"), at("AutoReseedVolumes"));

  // The log profile (C145:C168): the busiest hour's share of a day's logs.
  let logProfileUnset = false;
  const hours = Array.from({ length: 24 }, (_, h) => value(`LogH${h + 1}`));
  const numbers = hours.map(num);
  const logs = `${at("LogH1")}:${where.get("LogH24")!.cell}`;
  if (numbers.every((n) => n !== undefined)) {
    const sum = numbers.reduce((a, b) => a! + b!, 0)!;
    if (sum > 0) set("peakHourLogShare", Math.max(...(numbers as number[])) / sum, `${logs} (the busiest hour ÷ the day)`);
    else logProfileUnset = true;
  } else {
    const bad = hours.findIndex((v) => num(v) === undefined);
    problems.push(`${at(`LogH${bad + 1}`)}: a share of the day's logs must be a number; got ${shown(hours[bad])}`);
  }

  // The version the file is for; the method is the calculator's.
  set("exchangeVersion", version.exchangeVersion, `Input!B1 ("${version.title}")`);
  set("method", "microsoft", "the calculator's method");
  // The design's other core inputs (the papers' arrays and spindles, shown to compare) are the reference design's.
  for (const key of ["arrayRaid", "arrayModel", "spindleRaid", "spindleDisk", "readRatio", "maxDatabaseGB"] as const) {
    if (!(key in inputs)) inputs[key] = REFERENCE_DESIGN_INPUTS[key] as CellInput;
  }

  // Every other input the file sets: named single cells of the Input sheet that hold a value, not a formula.
  const taken = new Set([...Object.keys(INPUT_NAMES_READ)]);
  const notTaken: NotTaken[] = [];
  taken.add("ReplayLagManagerEnabled");
  for (const [name, reference] of file.names) {
    if (taken.has(name)) continue;
    const c = cellOfName(reference);
    if (!c || c.sheet !== INPUT || input.formulas.has(c.address)) continue;
    const v = input.values.get(c.address);
    if (v === undefined || v === null || v === "") continue;
    notTaken.push({ name, sheet: INPUT, cell: c.address, value: plainValue(v), ...(MOVES[name] ? { moves: MOVES[name] } : {}) });
  }
  if (logProfileUnset) {
    notTaken.push({ name: "LogH1…LogH24", sheet: INPUT, cell: `${where.get("LogH1")!.cell}:${where.get("LogH24")!.cell}`, value: 0, moves: `no log profile (every hour 0): the design takes its own busiest hour's share of a day's logs, ${REFERENCE_DESIGN_INPUTS.peakHourLogShare}` });
  }
  // Copies in the second site: the design places them round-robin over the sites.
  if (typeof inputs.serversSite2 === "number" && copies !== undefined) {
    const lagged = num(inputs.laggedCopies) ?? 0;
    const haCopies = copies - lagged;
    const site = (k: number) => k % 2;
    const haSecond = Array.from({ length: haCopies }, (_, k) => site(k)).filter((s) => s === 1).length;
    const lagSecond = Array.from({ length: lagged }, (_, k) => site(haCopies + k)).filter((s) => s === 1).length;
    for (const [name, placed] of [["numDBCopiesSDC", haSecond], ["numLaggedCopiesSDC", lagSecond]] as const) {
      if (value(name) !== placed) notTaken.push({ name, sheet: where.get(name)!.sheet, cell: where.get(name)!.cell, value: plainValue(value(name)), moves: `the copies in the second site: the design places copies round-robin over the sites, ${placed} here` });
    }
  }

  const places: Places = {
    input: (key) => from[key] ?? `${key} (not in the calculator: the reference design's value)`,
    range: (name, row) => {
      const column = ({ TierMailboxes: "mailboxes", TierMessages: "messagesPerDay", TierMessageKB: "messageKB", TierQuotaMB: "quotaMB" } as Record<string, TierColumn>)[name];
      return tierPlaces.get(`${column}:${row}`) ?? `${name} row ${row}`;
    },
  };
  const cells: InputCells = { inputs, ...(tiersCells ? { tiers: tiersCells } : {}) };
  const roleSheet: SheetCells | undefined = file.sheet(ROLE);
  return {
    version,
    macros: file.macros,
    calculation: file.calculation,
    cells,
    places,
    from,
    notTaken,
    notes,
    problems,
    saved: () =>
      SAVED.map((s) => {
        const named = file.names.get(s.name);
        const c = named !== undefined ? cellOfName(named) : undefined;
        const major = Number(version.number.split(".")[0]);
        const cell = c?.address ?? (version.exchangeVersion === 2013 ? (major === 7 ? s.v7 : major === 6 ? SAVED_V6[s.name] : undefined) : undefined);
        const v = cell === undefined ? undefined : (c ? file.sheet(c.sheet) : roleSheet)?.values.get(cell);
        return { key: s.key, label: s.label, name: s.name, sheet: c?.sheet ?? ROLE, cell: cell ?? "", calculator: v === undefined ? null : (plainValue(v) as number | string | null) };
      }),
  };
}
/** The design's figure beside a saved one: its `design --json` value; the worst failure's active databases as the largest of its modes. */
function designFigure(key: string, design: Design): number | string | null {
  const record = designRecord(design) as unknown as Record<string, number | string | null>;
  if (key !== "worstActiveDatabasesPerServer") return record[key] ?? null;
  const modes = ["normalActiveDatabases", "serverActiveDatabases", "doubleServerActiveDatabases", "siteActiveDatabases", "siteServerActiveDatabases", "siteDoubleServerActiveDatabases"];
  const numbers = modes.map((m) => record[m]).filter((v): v is number => typeof v === "number");
  return numbers.length > 0 ? Math.max(...numbers) : null;
}

/**
 * The file's saved figures beside the design's: agree, or why not — a version other than the file's,
 * an input the design does not take, a file saved with manual calculation, a rule of ours.
 */
export function compareWithCalculator(imported: CalculatorImport, design: Design): SavedFigure[] {
  const rows = imported.saved();
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const versionMoved = design.inputs.exchangeVersion !== imported.version.exchangeVersion;
  const out: SavedFigure[] = rows.map((row) => {
    const ours = designFigure(row.key, design);
    const place = `${row.sheet}!${row.cell} (${row.name})`;
    if (row.calculator === null || typeof row.calculator !== "number") {
      const why =
        row.key === "coresPerServer" && row.calculator === "--"
          ? `the calculator works out cores a server only from a SPECint2006 rate (Input!D131, numSpecRatePDC), and the file has none, so ${place} shows "--"; the design sizes them by ${design.coresBasis}`
          : row.calculator === null
            ? `the file holds no saved value at ${row.cell ? place : `${row.name} (no such name in this version)`}`
            : `the file saved ${JSON.stringify(row.calculator)} at ${place}, not a number`;
      return { ...row, design: ours, agree: null, why };
    }
    const saved = row.calculator;
    if (typeof ours === "number" && (ours === saved || (row.key === "normalMailboxesPerServer" && ours === Math.ceil(saved)))) {
      return { ...row, design: ours, agree: true, ...(ours !== saved ? { why: "the design counts whole mailboxes, rounded up" } : {}) };
    }
    const reasons: string[] = [];
    if (versionMoved) reasons.push(`the design is sized for Exchange ${design.inputs.exchangeVersion} (--exchange-version); the file for Exchange ${imported.version.exchangeVersion}`);
    const worst = byKey.get("worstActiveDatabasesPerServer");
    const worstOurs = designFigure("worstActiveDatabasesPerServer", design);
    if (["memoryPerServerGB", "coresPerServer"].includes(row.key) && worst && typeof worst.calculator === "number" && worst.calculator !== worstOurs) {
      reasons.push(`it follows the active databases a server is sized for (${worst.sheet}!${worst.cell}), which differ`);
    }
    if (imported.calculation === "manual") reasons.push("the file was saved with manual calculation: its saved figures may be from before its last changes (recalculate with F9 and save)");
    if (reasons.length === 0) {
      const moving = imported.notTaken.filter((n) => n.moves !== undefined).map((n) => n.name);
      reasons.push(moving.length > 0 ? `the file sets inputs the design does not take (notTaken: ${moving.slice(0, 6).join(", ")}${moving.length > 6 ? ", …" : ""})` : "a rule of the design's own where it departs from the calculator (exsize help design, and the Methods sheet, say which)");
    }
    return { ...row, design: ours, agree: false, why: reasons.join("; ") };
  });
  return out;
}

/** A disk as the calculator writes it, by the catalogue's name for it; as written where the catalogue has none (its rule then says why). */
function catalogueDiskName(text: string): string {
  try {
    return serverDiskOf({ serverDisk: text }).name;
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return text;
  }
}

/** The design a calculator file describes, sized by the one reader (designFromCells), at the version given or the file's. */
export function designOfCalculator(imported: CalculatorImport, exchangeVersion?: string): Sized & { refusedBy?: string } {
  if (imported.problems.length > 0) return { ok: false, refusedBy: "rule", problems: imported.problems };
  const cells = exchangeVersion === undefined ? imported.cells : { ...imported.cells, inputs: { ...imported.cells.inputs, exchangeVersion } };
  return designFromCells(cells, exchangeVersion === undefined ? imported.places : { ...imported.places, input: (key) => (key === "exchangeVersion" ? "--exchange-version" : imported.places.input(key)) });
}

/** The --exchange-version given, checked by the input's own rule. */
export function exchangeVersionOption(text: string): { value: string } | { problem: string } {
  const checked = inputFromText("exchangeVersion", text);
  return "problem" in checked ? checked : { value: String(checked.value) };
}
