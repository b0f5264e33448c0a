/**
 * The headline answer as Excel computed it: the Summary sheet's cells at SUMMARY_CELLS, read back in
 * one sync whatever the template's size (one rectangle around them, and the calculation mode), and
 * put in the pane's words. When Excel has not computed the add-in's functions — `#NAME?` (the
 * functions are not loaded), `#BUSY!` (still calculating), another error, or no value at all — the
 * pane says so plainly and what to do.
 */
import { SMALL_FIGURE } from "../engine/catalogue";
import { SERVER_DISK_CELLS } from "../workbook/sheets/methods";
import { SUMMARY_MCDB_CELLS, SUMMARY_SERVER_DISK_CELLS, SUMMARY_SERVER_DISKS_ROW } from "../workbook/sheets/summary";
import { DESIGN_CELLS, SUMMARY_CELLS, templateSheetNames } from "../workbook/template";

/**
 * What the pane reads of the Summary: its answers and a server's own disks (a Microsoft-method
 * design's storage: the Summary's "Server disks" block).
 */
export const PANE_SUMMARY_CELLS = Object.freeze({
  ...SUMMARY_CELLS,
  /** The block's heading: "Server disks (JBOD, …)", or "Server disks: none: " and why, shown as the Summary words it. */
  serverDisksHeading: `A${SUMMARY_SERVER_DISKS_ROW}`,
  serverDisks: SUMMARY_SERVER_DISK_CELLS.disksPerServer,
  serverDisk: SUMMARY_SERVER_DISK_CELLS.disk,
  dagServerDisks: SUMMARY_SERVER_DISK_CELLS.dagDisks,
  /** Exchange 2019's and SE's MCDB SSDs a server and their GB (the Summary's last server-disk row). */
  mcdbSsds: SUMMARY_MCDB_CELLS.ssdsPerServer,
  mcdbSsdGB: SUMMARY_MCDB_CELLS.ssdGB,
});

/**
 * What the pane decides by, read as values from the sheets that compute them, never from the Summary's
 * words: the method that sized the design, and how the calculator lays the server disks.
 */
export const PANE_VALUE_CELLS = Object.freeze({
  /** "microsoft" or "dell". */
  methodUsed: { sheet: "design", address: DESIGN_CELLS.methodUsed },
  /** "JBOD" or "RAID". */
  diskArchitecture: { sheet: "methods", address: SERVER_DISK_CELLS.architecture.replace(/\$/g, "") },
  /** "RAID-5" and the like, on RAID. */
  databaseRaid: { sheet: "methods", address: SERVER_DISK_CELLS.databaseraid.replace(/\$/g, "") },
} as const);

export type SummaryKey = keyof typeof PANE_SUMMARY_CELLS | keyof typeof PANE_VALUE_CELLS;
export type SummaryValues = Record<SummaryKey, unknown>;

export interface ResultRow {
  label: string;
  value: string;
}

/**
 * `stale`: the results are still shown, but no longer answer the form — a later load failed;
 * the sentence says so, and the pane shows it in place of where the results came from.
 */
export type HeadlineResults = (
  | { state: "ok"; sheet: string; rows: ResultRow[] }
  | { state: "not computed"; sheet: string; problem: "functions not loaded" | "busy" | "error" | "not calculated"; message: string }
) & { stale?: string };

interface Cell {
  row: number;
  column: number;
}

const cellOf = (address: string): Cell => {
  const m = /^([A-Z]+)(\d+)$/.exec(address)!;
  let column = 0;
  for (const ch of m[1]) column = column * 26 + ch.charCodeAt(0) - 64;
  return { row: Number(m[2]), column };
};
const letters = (column: number): string => {
  let s = "";
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
};

const KEYS = Object.keys(PANE_SUMMARY_CELLS) as Array<keyof typeof PANE_SUMMARY_CELLS>;
const CELLS = KEYS.map((k) => cellOf(PANE_SUMMARY_CELLS[k]));
/** Beside the answers: an error there (a server disk's figure) does not keep the answers from being shown. */
const ASIDE: readonly SummaryKey[] = ["serverDisksHeading", "serverDisks", "serverDisk", "dagServerDisks", "mcdbSsds", "mcdbSsdGB"];
const ANSWER_KEYS = KEYS.filter((k) => !ASIDE.includes(k));
const TOP = Math.min(...CELLS.map((c) => c.row));
const LEFT = Math.min(...CELLS.map((c) => c.column));

/** The one rectangle of the Summary sheet that holds every answer: "B10:D18". */
export const SUMMARY_BLOCK = `${letters(LEFT)}${TOP}:${letters(Math.max(...CELLS.map((c) => c.column)))}${Math.max(...CELLS.map((c) => c.row))}`;

/** The answers out of the block's values, and the values the pane decides by, by key. */
export function summaryValues(block: readonly (readonly unknown[])[], decided: Partial<Record<keyof typeof PANE_VALUE_CELLS, unknown>> = {}): SummaryValues {
  return { ...Object.fromEntries(KEYS.map((k, i) => [k, block[CELLS[i].row - TOP]?.[CELLS[i].column - LEFT]])), ...decided } as SummaryValues;
}

/**
 * Queue the read of a design's Summary answers and the calculation mode; after the caller's one
 * `context.sync()`, `read()` gives the answers in words.
 */
export function queueSummaryRead(context: Excel.RequestContext, suffix: string): { read: () => HeadlineResults } {
  const sheets = templateSheetNames(suffix);
  const sheet = sheets.summary;
  const range = context.workbook.worksheets.getItem(sheet).getRange(SUMMARY_BLOCK).load("values");
  const decided = Object.entries(PANE_VALUE_CELLS).map(([key, at]) => [key, context.workbook.worksheets.getItem(sheets[at.sheet]).getRange(at.address).load("values")] as const);
  const application = context.workbook.application.load("calculationMode");
  return {
    read: () => describeResults(sheet, summaryValues(range.values, Object.fromEntries(decided.map(([key, r]) => [key, r.values[0]?.[0]]))), application.calculationMode === "Manual"),
  };
}

/** The Summary's "Server disks: none: why" as the pane's row value, "None: why" (the sentence shown, not parsed). */
const noneBecause = (heading: string): string => {
  const why = heading.slice(heading.indexOf(":") + 1).trim();
  return why === "" ? "None" : why.charAt(0).toUpperCase() + why.slice(1);
};

const n0 = (v: number) => v.toLocaleString("en-US", { maximumFractionDigits: 0 });
/** IOPS as the catalogue shows them: whole, and to a decimal below SMALL_FIGURE (0.3, not 0). */
const iops = (v: number) => v.toLocaleString("en-US", { minimumFractionDigits: v < SMALL_FIGURE ? 1 : 0, maximumFractionDigits: v < SMALL_FIGURE ? 1 : 0 });
const plural = (v: number, one: string, many: string) => `${n0(v)} ${v === 1 ? one : many}`;
const isError = (v: unknown): v is string => typeof v === "string" && /^#[A-Z0-9/]+[!?]?/.test(v);

/** The papers' figures the Summary shows by Dell's process only. */
const PAPERS_ONLY: readonly SummaryKey[] = ["arrays", "arraysPerCopy", "spindles"];
/** Values that must be numbers for the answer to mean anything. */
const NUMERIC: readonly SummaryKey[] = [
  "databaseVolumes", "databaseVolumeGB", "logVolumes", "logVolumeGB", "capacityPerCopyGB", "capacityAllCopiesGB",
  "databaseIops", "dagDatabaseIops", "dagLogIops", "arrays", "arraysPerCopy", "spindles", "servers", "coresPerServer", "memoryPerServerGB",
];

const FIX_NOT_LOADED =
  "Excel shows #NAME? where the add-in's functions should be: they are not loaded in this Excel. Close this pane and open it again from the ribbon; if the cells still show #NAME?, remove the add-in and add it again (Home > Add-ins), then press Refresh results.";
const FIX_BUSY = "Excel is still calculating the add-in's functions (#BUSY!). Wait a moment, then press Refresh results.";

/** The Summary's answers in the pane's words, or what keeps Excel from having computed them. */
export function describeResults(sheet: string, v: SummaryValues, manual = false): HeadlineResults {
  const values = ANSWER_KEYS.map((k) => v[k]);
  if (values.some((x) => x === "#NAME?")) return { state: "not computed", sheet, problem: "functions not loaded", message: FIX_NOT_LOADED };
  if (values.some((x) => x === "#BUSY!" || x === "#GETTING_DATA")) return { state: "not computed", sheet, problem: "busy", message: FIX_BUSY };
  const errors = ANSWER_KEYS.filter((k) => isError(v[k]));
  if (errors.length > 0) {
    const codes = [...new Set(errors.map((k) => String(v[k])))].join(" and ");
    return {
      state: "not computed", sheet, problem: "error",
      message: `Excel shows ${codes} on sheet ${sheet} instead of an answer. An input is probably out of range: hover over the cell with the error on the Design sheet to read why, fix the yellow cell on the Inputs sheet, then press Refresh results.`,
    };
  }
  // By Microsoft's method the Summary leaves the papers' arrays and spindles out: they are on its Methods sheet.
  const microsoft = v.methodUsed === "microsoft";
  const numeric = microsoft ? NUMERIC.filter((k) => !PAPERS_ONLY.includes(k)) : NUMERIC;
  if (numeric.some((k) => typeof v[k] !== "number")) {
    const how = manual
      ? "Calculation in this workbook is set to manual: press Calculate Now (Formulas > Calculate Now, or F9), then Refresh results."
      : "Wait a moment for Excel to calculate, then press Refresh results.";
    return { state: "not computed", sheet, problem: "not calculated", message: `Excel has not calculated the design on sheet ${sheet} yet. ${how}` };
  }
  const num = (k: SummaryKey) => v[k] as number;
  const text = (k: SummaryKey) => String(v[k] ?? "");
  const worst = text("worstFailure");
  const worstLoad = typeof v.worstMailboxesPerServer === "number" && typeof v.worstTargetIops === "number"
    ? `: ${plural(num("worstMailboxesPerServer"), "mailbox", "mailboxes")} and ${iops(num("worstTargetIops"))} IOPS a server`
    : "";
  const disks = v.serverDisks;
  const architecture = v.diskArchitecture === "RAID" ? ` (${text("databaseRaid")})` : v.diskArchitecture === "JBOD" ? " (JBOD)" : "";
  const serverDisks: ResultRow[] = !microsoft
    ? []
    : typeof disks === "number"
      ? [{ label: `Server disks${architecture}`, value: `${plural(disks, "disk", "disks")} a server (${text("serverDisk")}), ${n0(Number(v.dagServerDisks))} in the DAG` }]
      : [{ label: "Server disks", value: noneBecause(text("serverDisksHeading")) }];
  // Exchange 2019's and SE's MCDB SSDs beside the database disks, where the design has them.
  const mcdb: ResultRow[] = microsoft && typeof v.mcdbSsds === "number" && typeof v.mcdbSsdGB === "number"
    ? [{ label: "MCDB SSDs", value: `${plural(num("mcdbSsds"), "SSD", "SSDs")} of ${n0(num("mcdbSsdGB"))} GB a server, beside the database disks` }]
    : [];
  const rows: ResultRow[] = [
    { label: "Database volumes", value: `${n0(num("databaseVolumes"))} × ${n0(num("databaseVolumeGB"))} GB` },
    { label: "Log volumes", value: `${n0(num("logVolumes"))} × ${n0(num("logVolumeGB"))} GB` },
    { label: "Capacity", value: `${n0(num("capacityPerCopyGB"))} GB a copy, ${n0(num("capacityAllCopiesGB"))} GB in all` },
    { label: "Database IOPS", value: `${iops(num("databaseIops"))} a copy, ${iops(num("dagDatabaseIops"))} in all` },
    { label: "Log IOPS", value: iops(num("dagLogIops")) },
    // One storage answer, as the Summary: the arrays and spindles by Dell's process, the servers' own disks by Microsoft's.
    ...(microsoft
      ? []
      : [
          { label: "Arrays", value: `${n0(num("arrays"))} × ${text("arrayModel")} (${n0(num("arraysPerCopy"))} a copy)` },
          { label: "Spindles", value: `${plural(num("spindles"), "disk", "disks")} (${text("spindleRaid").replace(/^RAID/, "RAID ")}, ${text("spindleDisk").replace(/\s*disks?$/, "")})` },
        ]),
    ...serverDisks,
    ...mcdb,
    // Active/passive by Microsoft's method, the Summary's servers a row a site: each site's with its count.
    typeof v.serversSite2 === "number"
      ? {
          label: "Mailbox servers",
          value:
            `site 1: ${n0(num("servers"))}, each ${plural(num("coresPerServer"), "core", "cores")} and ${n0(num("memoryPerServerGB"))} GB memory; ` +
            `site 2: ${n0(num("serversSite2"))}, each ${plural(num("coresPerServerSite2"), "core", "cores")} and ${n0(num("memoryPerServerGBSite2"))} GB memory`,
        }
      : { label: "Mailbox servers", value: `${n0(num("servers"))}, each ${plural(num("coresPerServer"), "core", "cores")} and ${n0(num("memoryPerServerGB"))} GB memory` },
    { label: "Worst failure", value: worst === "none survivable" ? "None survivable: a failure leaves databases without a copy" : `${worst}${worstLoad}` },
  ];
  return { state: "ok", sheet, rows };
}
