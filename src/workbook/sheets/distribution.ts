/**
 * The Distribution sheet, as the Distribution sheet of Microsoft's Exchange Server Role
 * Requirements Calculator: one row per database (DB001…), one column per server (MBX01…, under a
 * row naming each server's site), the activation preference in each cell that holds a copy — and
 * below the grid, for normal running, one server, a site, and a site and one more server failing:
 * the active databases and mailboxes on each server, and the busiest server.
 *
 * Every cell is a plain formula in Excel's own functions, the same in the add-in workbook and the
 * customer copy, so the grid follows the Inputs live everywhere (EX_LAYOUT spills the same grid for
 * a user who wants it with the add-in). The layout is src/engine/layout.ts, rendered by
 * src/engine/excel-formulas.ts (layoutHomeFormula, layoutRoundFormula, layoutPositionFormula,
 * layoutSiteFormula, layoutRankFormula, layoutRankPreferenceFormula, failoverFormula;
 * docs/dag-layout.md) and its failures counted by src/engine/layout-formulas.ts (activate,
 * scenarioLoads and worstCase over the helper cells), for one or two sites; the sheet writes no
 * arithmetic of its own. template.ts lists the sheet.
 *
 * Helpers, none of them printed (the print area is the title, the grid and the table, A1 to the
 * table's "Servers running"): per database, right of the printed columns, its home, round and
 * position in its home site, and each site's first copy, rotation, copies and first preference;
 * then the rank grid, one column per server, each copy's rank in its site; below the sheet, one
 * row per server-dependent term (in site 1, its site's servers) and each failure's penalty. A grid
 * cell reads only its rank and its site's helpers: some 70 characters, and the rank some 160, where
 * layoutPreferenceFormula in one cell is some 2,500 (it repeats δ and the mod's argument).
 *
 * How the scenario table is computed natively:
 * - Normal running: a server's active databases in closed form, ⌊D ÷ M⌋ or one more (the first
 *   D mod M active servers): exact for any count, the grid's rows or not.
 * - A failure: the failure the worst case of the scenario picks (worstCase in layout.ts: the first
 *   server, or the first of the site whose loss loads the survivors most, by the closed forms of
 *   failoverFormula), its servers marked "down"; a helper column per scenario gives each database's
 *   server after the failure — its lowest running, non-lagged preference (MIN over the row, MATCH for
 *   the column) — and COUNTIF counts each server's. Exact while the grid holds every database.
 * - The busiest server and the servers running: failoverFormula, exact at every balanced count.
 * Mailboxes are ⌈active databases × the DAG's mailboxes ÷ databases⌉, as EX_FAILOVER: `names.users` is Users,
 * or every tier's by Microsoft's method (methods.ts dagMailboxesFormula).
 */
import {
  activatableCopiesFormula,
  activatableHomeCopiesFormula,
  activeServersFormula,
  dagServersFormula,
  failoverFormula,
  homeSiteCopiesFormula,
  layoutHomeFormula,
  layoutPositionFormula,
  layoutRankFormula,
  layoutRankPreferenceFormula,
  layoutRoundFormula,
  layoutSiteFormula,
  otherSiteCopiesFormula,
  otherSitePreferenceFormula,
  type DagArguments,
  type FailoverScenario,
  type LayoutSiteHelper,
} from "../../engine/excel-formulas";
import {
  INACTIVE_PENALTY,
  activeDatabasesFormula,
  activeMailboxesFormula,
  activeServerFormula,
  busiestFormula,
  closedWorstFailureFormulas,
  databasesOnGridFormula,
  firstWorstFormula,
  leastKeyFormula,
  normalActiveDatabasesFormula,
  normalBusiestFormula,
  normalLoadFormula,
  runningServersFormula,
  serverFailureLoadFormula,
  siteAndServerFailureLoadFormula,
  siteAndServerOrderFormula,
  siteFailureLoadFormula,
  worseSiteFormula,
  worstKeyFormula,
  type LoadColumns,
} from "../../engine/layout-formulas";
import { toA1 } from "../evaluate";
import { ONE_SITE } from "./shared";
import { groupedFormula } from "../../engine/general-format";
import { cite } from "../../engine/papers";
import { MICROSOFT } from "../../engine/microsoft/tables";
import type { CellModel, Highlight, PrintSetup, SheetModel } from "../model";
import { asText, blankOnError, blankUnless, blankWhen, blankWhenAnyEmpty, blankWhenEmpty, either, formula, isNumber, numberOr, text as quoted, wordsOnError } from "../display";
import { positionFormula } from "../formulas/lookup";
import { numberOrZeroFormula } from "../formulas/microsoft-factors";
import * as rule from "../formulas/distribution";

/** Defined names (or absolute references) of the Inputs the sheet reads. */
export interface DistributionNames {
  /** The DAG's mailboxes: Users, or a formula of them (every tier's by Microsoft's method). */
  users: string;
  serversFirstSite: string;
  /** Empty: one site. */
  serversSecondSite: string;
  copies: string;
  /** "active/active" or "active/passive". */
  dagLayout: string;
  /** Lagged copies of each database; omitted: none. */
  lagged?: string;
}

export interface DistributionSheetParameters {
  names: DistributionNames;
  /**
   * The DAG's databases: a defined name or an absolute reference ("Resilience!$C$12") of a cell
   * holding balancedDatabasesFormula over the design's count — #VALUE! for a design that cannot exist.
   */
  databases: string;
  /** Database rows laid out (DB001…); databases beyond them are not on the grid. Default 200. */
  rows?: number;
  /** Server columns (MBX01…); a DAG has at most 16. Default 16. */
  servers?: number;
  sheetName?: string;
  /**
   * The design's databases when the workbook is written: only those grid rows print, then the
   * scenario table on its own page, instead of the empty rows between. The sheet keeps
   * every row live; a design grown on Inputs prints its first rows until the print area is widened.
   */
  printedRows?: number;
}

export const DISTRIBUTION_DEFAULTS = Object.freeze({ rows: 200, servers: 16, sheetName: "Distribution" });

/** What a failed server's cells and a database without a copy show; highlighted. */
export const DOWN = "down";
export const LOST = "lost";
export const NOT_SURVIVABLE = "not survivable";
/**
 * Printed rows (title, grid, scenario table, note) that go on one landscape page: one page wide
 * takes about 60 rows a page, so past 80 the second page holds at least a third of a page.
 */
const ONE_PAGE_ROWS = 80;
/** Grid rows that print on one page of their own, the table on a second (the two-range print). */
const GRID_PAGE_ROWS = 60;

/** The fewest grid rows the template lays out (the grid's length before it grew with the design). */
const GRID_ROWS_AT_LEAST = 120;
/**
 * The grid rows the template lays out for a design of `databases` (undefined: it cannot be sized):
 * every database of the design as written (Dell EMC's DAG: 336), and at least 120, so a
 * design grown on the Inputs of a customer copy stays on the grid as exsize design would lay it out
 * (one with more is said so on the sheet, its scenario figures still from the layout); at
 * most a DAG's 16 servers of 100 databases each (Microsoft's calculator's limit, maxDatabasesPerServer).
 */
export function distributionGridRows(databases: number | undefined): number {
  return Math.min(DISTRIBUTION_DEFAULTS.servers * MICROSOFT.maxDatabasesPerServer, Math.max(GRID_ROWS_AT_LEAST, databases ?? 0));
}

const TITLE_ROW = 1;
const NOTE_ROW = 2;
const STATUS_ROW = 3;
const SITE_ROW = 4;
const HEADER_ROW = 5;
const FIRST_ROW = 6;

const SCENARIOS: ReadonlyArray<{ scenario: FailoverScenario; label: string }> = [
  { scenario: "normal", label: "Normal running" },
  { scenario: "server", label: "One server fails" },
  { scenario: "site", label: "A site fails" },
  { scenario: "site+server", label: "Site and server fail" },
];
type FailureScenario = Exclude<FailoverScenario, "normal">;
const FAILURES: readonly FailureScenario[] = ["server", "site", "site+server"];

/** The per-database helpers of each site (layoutSiteFormula), in column order: site 1's, then site 2's. */
const SITE_HELPERS: ReadonlyArray<{ helper: LayoutSiteHelper; heading: string }> = [
  { helper: "first", heading: "first copy's server" },
  { helper: "rotation", heading: "rotation" },
  { helper: "copies", heading: "copies" },
  { helper: "firstPreference", heading: "first preference" },
];
type SiteHelperKey = `${LayoutSiteHelper}${1 | 2}`;

/** A column's letters by its 0-based index (A, B, … AA): worked out once, as the grid asks for them thousands of times. */
const COLUMN_LETTERS: string[] = [];
const columnLetters = (i: number): string => (COLUMN_LETTERS[i] ??= toA1(0, i).replace(/\d+$/, ""));

/**
 * Where everything sits, for a grid of `rows` databases and `servers` server columns. What prints
 * (`printArea`): the title, the grid and the scenario table, columns A to the table's "Servers
 * running"; the helpers lie right of it (per database, then the rank grid) and below it (per server).
 */
export function distributionLayout(rows: number = DISTRIBUTION_DEFAULTS.rows, servers: number = DISTRIBUTION_DEFAULTS.servers) {
  const lastRow = FIRST_ROW + rows - 1;
  const column = columnLetters;
  const serverColumn = (s: number) => column(1 + s);
  const after = 1 + servers;
  // The scenario table below the grid uses the two columns right of the servers for its own figures;
  // they are blank beside the grid, and the last columns that print.
  const table = { busiest: column(after), running: column(after + 1), lostSite: column(after + 2), failedServer: column(after + 3) } as const;
  // Helper columns of the grid, right of the printed columns: each database's home, round and position
  // in its home site, each site's four helpers, and each failure's active server.
  const helperKeys = [
    "home",
    "round",
    "position",
    ...([1, 2] as const).flatMap((site) => SITE_HELPERS.map(({ helper }) => `${helper}${site}` as SiteHelperKey)),
    "server",
    "site",
    "site+server",
    "second",
    "otherFirst",
    "otherSecond",
    "homeSite",
  ] as const;
  const helper = Object.fromEntries(helperKeys.map((key, i) => [key, column(after + 2 + i)])) as Record<(typeof helperKeys)[number], string>;
  // The rank grid (layoutRankFormula): one helper column per server, right of the helper columns.
  const firstRank = after + 2 + helperKeys.length;
  const rankColumn = (s: number) => column(firstRank + s);
  const tableTitle = lastRow + 2;
  const tableHeader = lastRow + 3;
  const scenarioRows = {} as Record<FailoverScenario, { down?: number; databases: number; mailboxes: number }>;
  let r = tableHeader + 1;
  for (const { scenario } of SCENARIOS) {
    const down = scenario === "normal" ? undefined : r++;
    scenarioRows[scenario] = { down, databases: r, mailboxes: r + 1 };
    r += 2;
  }
  const noteRow = r + 1;
  // Helper rows below the note, one cell per server: its site, its site's servers, and each failure's penalty.
  // The note takes three lines, each within the printed page; the helpers follow a row below.
  const noteLines = 3;
  const helpersFrom = noteRow + noteLines - 1;
  const serverRows = { heading: helpersFrom + 2, inFirstSite: helpersFrom + 3, siteServers: helpersFrom + 4 } as const;
  const penaltyRows = { server: helpersFrom + 5, site: helpersFrom + 6, "site+server": helpersFrom + 7 } as const;
  // The exact loads (layout.ts scenarioLoads), one row per candidate failure, one column per server: a row's
  // most in the table's busiest column; site and server failures' order of candidates in its running column.
  const loads = { heading: helpersFrom + 9, normal: helpersFrom + 10, server: helpersFrom + 11, site: helpersFrom + 11 + servers, siteServer: helpersFrom + 13 + servers } as const;
  // The design's mirrors: label in row 1, value in row 2, over the helper columns.
  const design = {
    serversFirstSite: { column: helper.home, row: 2 },
    serversSecondSite: { column: helper.round, row: 2 },
    copies: { column: helper.position, row: 2 },
    layout: { column: helper.first1, row: 2 },
    activatable: { column: helper.rotation1, row: 2 },
    homeCopies: { column: helper.copies1, row: 2 },
    otherCopies: { column: helper.firstPreference1, row: 2 },
    passive: { column: helper.first2, row: 2 },
  } as const;
  return {
    rows,
    servers,
    design,
    siteRow: SITE_ROW,
    headerRow: HEADER_ROW,
    firstRow: FIRST_ROW,
    lastRow,
    statusCell: `A${STATUS_ROW}`,
    databaseColumn: "A",
    serverColumn,
    helper,
    rankColumn,
    serverRows,
    penaltyRows,
    table,
    tableHeader,
    tableTitle,
    scenarioRows,
    noteRow,
    printArea: `A1:${table.running}${noteRow + noteLines - 1}`,
    lastPrintedRow: noteRow + noteLines - 1,
    lastColumn: rankColumn(servers - 1),
    loads,
    lastHelperRow: loads.siteServer + servers - 1,
  };
}

/** The proposed model extension (model.ts is the template owner's): cells of `range` equal to `equals` shown in `tone`. */
export interface ValueHighlight {
  range: string;
  equals: number;
  tone: PreferenceTone;
}
/** Preference 1 (active), 2, 3, 4 and beyond: the calculator's colours by preference. */
export type PreferenceTone = "preference1" | "preference2" | "preference3" | "preference4";

/** Colouring by preference, once the model has ValueHighlight: 1 to 4 on the grid (further preferences plain). */
export function distributionPreferenceHighlights(p: Pick<DistributionSheetParameters, "rows" | "servers">): ValueHighlight[] {
  const L = distributionLayout(p.rows, p.servers);
  const range = `${L.serverColumn(0)}${L.firstRow}:${L.serverColumn(L.servers - 1)}${L.lastRow}`;
  return ([1, 2, 3, 4] as const).map((equals) => ({ range, equals, tone: `preference${equals}` as PreferenceTone }));
}

const serverName = (s: number) => `MBX${String(s + 1).padStart(2, "0")}`;

/** The Distribution sheet as a model. */
export function distributionSheet(p: DistributionSheetParameters): SheetModel {
  const L = distributionLayout(p.rows, p.servers);
  const name = p.sheetName ?? DISTRIBUTION_DEFAULTS.sheetName;
  const n = p.names;
  const D = p.databases;
  const dag: DagArguments = {
    serversFirstSite: n.serversFirstSite,
    serversSecondSite: n.serversSecondSite,
    copies: n.copies,
    layout: n.dagLayout,
    ...(n.lagged !== undefined ? { lagged: n.lagged } : {}),
  };
  const s1 = n.serversFirstSite;
  const s2 = n.serversSecondSite;
  const two = isNumber(s2);
  const total = dagServersFormula(s1, s2);
  const active = activeServersFormula(s1, s2, n.dagLayout);
  const lagged = n.lagged === undefined ? "0" : numberOrZeroFormula(n.lagged);
  const homeCopies = activatableHomeCopiesFormula(n.copies, s2, lagged);
  const activatable = n.lagged === undefined ? n.copies : activatableCopiesFormula(n.copies, lagged);

  const cells: CellModel[] = [];
  const put = (address: string, cell: Omit<CellModel, "address">) => cells.push({ address, ...cell });

  // The design, mirrored into short absolute cells that the grid's thousands of formulas read: with
  // the Inputs' names written out, the grid's helpers would be several times longer.
  const M = L.design;
  const mirrors: Array<[keyof typeof M, string, string]> = [
    ["serversFirstSite", "Helper: servers, site 1", s1],
    ["serversSecondSite", "Helper: servers, site 2", blankUnless(isNumber(s2), s2)],
    ["copies", "Helper: copies", n.copies],
    ["layout", "Helper: layout", n.dagLayout],
    ["activatable", "Helper: copies that activate", activatable],
    ["homeCopies", "Helper: copies in the home site", homeSiteCopiesFormula(n.copies, s2)],
    ["otherCopies", "Helper: copies in the other site", otherSiteCopiesFormula(n.copies, s2)],
    // Active/passive: the second site's own sequence (layoutSiteFormula), read by every row.
    ["passive", "Helper: active/passive", rule.activePassiveFlagFormula(n.dagLayout)],
  ];
  for (const [key, label, text] of mirrors) {
    const { column, row } = M[key];
    put(`${column}${row - 1}`, { value: label, role: "step", wrap: true });
    put(`${column}${row}`, { formula: formula(text), role: "step", ...(key === "layout" ? {} : { numberFormat: "0" }) });
  }
  const at = (key: keyof typeof M) => `$${M[key].column}$${M[key].row}`;
  const grid: DagArguments = { serversFirstSite: at("serversFirstSite"), serversSecondSite: at("serversSecondSite"), copies: at("copies"), layout: at("layout") };
  const gridTotal = dagServersFormula(at("serversFirstSite"), at("serversSecondSite"));

  put(`A${TITLE_ROW}`, { value: "Distribution: each database's copies on the DAG's servers, by activation preference", role: "title" });
  put(`A${NOTE_ROW}`, {
    value:
      // One line that fits the printed page (it ran off it).
      "1 is the active copy; when its server fails, the next running copy by preference takes over (never a lagged one). The grid follows the Inputs; each scenario's loads are below it.",
    role: "note",
  });
  const shown = databasesOnGridFormula(D, String(L.rows));
  put(L.statusCell, {
    formula: formula(rule.statusFormula({ databases: D, grouped: groupedFormula(D), copies: n.copies, servers: total, rows: L.rows, shown })),
    role: "note",
  });

  // Header rows: each server's site, then its name; blank beyond the DAG's servers.
  put(`A${SITE_ROW}`, { value: "Site", role: "heading" });
  put(`A${HEADER_ROW}`, { value: "Database", role: "heading" });
  for (let s = 0; s < L.servers; s++) {
    const c = L.serverColumn(s);
    put(`${c}${SITE_ROW}`, { formula: formula(rule.siteHeadingFormula(s, s1, total)), role: "heading", align: "center" });
    put(`${c}${HEADER_ROW}`, { formula: formula(rule.serverHeadingFormula(s, total, serverName(s))), role: "heading", align: "center" });
  }
  const siteHeadings = Object.fromEntries(
    ([1, 2] as const).flatMap((site) => SITE_HELPERS.map(({ helper, heading }) => [`${helper}${site}`, `Helper: site ${site}, ${heading}`])),
  ) as Record<SiteHelperKey, string>;
  const helperHeadings: Record<keyof typeof L.helper, string> = {
    home: "Helper: home position",
    round: "Helper: round",
    position: "Helper: position in home site",
    ...siteHeadings,
    server: "Helper: active on, server fails",
    site: "Helper: active on, site fails",
    "site+server": "Helper: active on, site + server",
    second: "Helper: second preference's server",
    otherFirst: "Helper: first copy's server in the other site",
    otherSecond: "Helper: second copy's server in the other site",
    homeSite: "Helper: home site",
  };
  for (const [key, column] of Object.entries(L.helper)) put(`${column}${HEADER_ROW}`, { value: helperHeadings[key as keyof typeof L.helper], role: "step", wrap: true });
  put(`${L.helper.home}${SITE_ROW}`, { value: "Helper columns (do not type here)", role: "step" });
  for (let s = 0; s < L.servers; s++) put(`${L.rankColumn(s)}${HEADER_ROW}`, { value: `Helper: rank of the copy on ${serverName(s)}`, role: "step", wrap: true });
  put(`${L.rankColumn(0)}${SITE_ROW}`, { value: "Helper: each copy's rank in its site, 0 for the site's first (do not type here)", role: "step" });

  // Helper rows below the sheet, one cell per server: whether it is in site 1 (which site's helpers
  // its cells read), its site's servers ("" beyond the DAG's servers), and each failure's penalty
  // (99 on a failed server, so a copy there never has the lowest preference).
  const S = L.serverRows;
  const P = L.penaltyRows;
  const penaltyLabels: Record<FailureScenario, string> = {
    server: "Helper: penalty, one server fails",
    site: "Helper: penalty, a site fails",
    "site+server": "Helper: penalty, a site and a server fail",
  };
  put(`A${S.heading}`, { value: "Helper rows (do not type here)", role: "step" });
  put(`A${S.inFirstSite}`, { value: "Helper: in site 1", role: "step" });
  put(`A${S.siteServers}`, { value: "Helper: servers in its site", role: "step" });
  for (const scenario of FAILURES) put(`A${P[scenario]}`, { value: penaltyLabels[scenario], role: "step" });
  for (let s = 0; s < L.servers; s++) {
    const c = L.serverColumn(s);
    put(`${c}${S.inFirstSite}`, { formula: formula(`${s}<${at("serversFirstSite")}`), role: "step", align: "center" });
    put(`${c}${S.siteServers}`, {
      formula: formula(rule.siteServersFormula(s, at("serversFirstSite"), at("serversSecondSite"), gridTotal)),
      role: "step",
      numberFormat: "0",
      align: "center",
    });
    for (const scenario of FAILURES) {
      put(`${c}${P[scenario]}`, { formula: formula(rule.penaltyFormula(`${c}$${L.scenarioRows[scenario].down!}`, DOWN, INACTIVE_PENALTY)), role: "step", numberFormat: "0", align: "center" });
    }
  }

  // The grid: per database, the helpers of layoutSiteFormula; per server, the copy's rank in its
  // site (the rank grid) and, in the grid, its preference — layoutPreferenceFormula's number.
  const firstServer = L.serverColumn(0);
  const lastServer = L.serverColumn(L.servers - 1);
  const step = { role: "step", numberFormat: "0" } as const;
  for (let d = 0; d < L.rows; d++) {
    const r = L.firstRow + d;
    const row = (key: keyof typeof L.helper) => `$${L.helper[key]}${r}`;
    const home = row("home");
    const blankOr = (text: string) => formula(blankWhenEmpty(home, text));
    put(`${L.helper.home}${r}`, { formula: formula(rule.onGridFormula(d, D, layoutHomeFormula(String(d), grid))), ...step });
    put(`${L.helper.round}${r}`, { formula: blankOr(layoutRoundFormula(String(d), grid)), ...step });
    put(`${L.helper.position}${r}`, { formula: blankOr(layoutPositionFormula(home, grid)), ...step });
    for (const site of [1, 2] as const) {
      for (const { helper } of SITE_HELPERS) {
        const cells = { home, position: row("position"), round: row("round"), first: row(`first${site}`), homeCopies: at("homeCopies"), otherCopies: at("otherCopies"), database: String(d), passive: at("passive") };
        put(`${L.helper[`${helper}${site}`]}${r}`, { formula: blankOr(layoutSiteFormula(helper, site, cells, grid)), ...step });
      }
    }
    put(`A${r}`, { formula: blankOr(rule.databaseNameFormula(d, D)), role: "label" });
    for (let s = 0; s < L.servers; s++) {
      const c = L.serverColumn(s);
      // Site 1's helper or site 2's, by the server's site.
      const ofSite = (helper: LayoutSiteHelper) => either(`${c}$${S.inFirstSite}`, row(`${helper}1`), row(`${helper}2`));
      const siteServers = `${c}$${S.siteServers}`;
      put(`${L.rankColumn(s)}${r}`, {
        formula: formula(blankWhenAnyEmpty([home, siteServers], layoutRankFormula(String(s), ofSite("first"), ofSite("rotation"), siteServers))),
        ...step,
      });
      const rank = `${L.rankColumn(s)}${r}`;
      put(`${c}${r}`, {
        formula: formula(blankWhenEmpty(rank, layoutRankPreferenceFormula(rank, ofSite("copies"), ofSite("firstPreference")))),
        role: "output",
        numberFormat: "0",
        align: "center",
      });
    }
    // Each failure's server for this database: its lowest running, non-lagged preference.
    for (const scenario of FAILURES) {
      const preferences = Array.from({ length: L.servers }, (_, s) => `${L.serverColumn(s)}${r}`);
      const penalties = Array.from({ length: L.servers }, (_, s) => `${L.serverColumn(s)}$${P[scenario]}`);
      const activatableCopies = n.lagged === undefined ? undefined : at("activatable");
      put(`${L.helper[scenario]}${r}`, {
        formula: blankOr(activeServerFormula(preferences, penalties, `$${firstServer}${r}:$${lastServer}${r}`, `"${LOST}"`, activatableCopies)),
        ...step,
      });
    }
    // Where a failure moves this database (layout.ts scenarioLoads): its second preference, and its first and
    // second copies in the other site (the preferences after the home site's), as server numbers; its home site.
    const serverOf = (preference: string) => blankOr(blankOnError(positionFormula(preference, `$${firstServer}${r}:$${lastServer}${r}`)));
    put(`${L.helper.second}${r}`, { formula: serverOf("2"), ...step });
    put(`${L.helper.otherFirst}${r}`, { formula: serverOf(otherSitePreferenceFormula(at("homeCopies"), 1)), ...step });
    put(`${L.helper.otherSecond}${r}`, { formula: serverOf(otherSitePreferenceFormula(at("homeCopies"), 2)), ...step });
    put(`${L.helper.homeSite}${r}`, { formula: blankOr(rule.siteOfFormula(home, at("serversFirstSite"))), ...step });
  }

  // The exact loads: each candidate failure's load on each server (-1 where it is down or no server),
  // counted from the helpers above as layout.ts scenarioLoads counts them.
  const X = L.loads;
  const T = L.table;
  const column = (key: keyof typeof L.helper) => `$${L.helper[key]}$${L.firstRow}:$${L.helper[key]}$${L.lastRow}`;
  const loadColumns: LoadColumns = { home: column("home"), second: column("second"), homeSite: column("homeSite"), otherFirst: column("otherFirst"), otherSecond: column("otherSecond") };
  const siteOfServer = (s: number) => rule.siteOfFormula(s, at("serversFirstSite"));
  put(`A${X.heading}`, { value: "Helper rows: each candidate failure's active databases on each server, and its busiest (do not type here)", role: "step" });
  put(`A${X.normal}`, { value: "Helper: normal running", role: "step" });
  const normalLoad = (g: number) => `$${L.serverColumn(g)}$${X.normal}`;
  for (let g = 0; g < L.servers; g++) {
    put(`${L.serverColumn(g)}${X.normal}`, { formula: formula(normalLoadFormula(g, gridTotal, loadColumns)), ...step });
  }
  const candidate = (row: number, label: string, load: (g: number) => string, order?: string) => {
    put(`A${row}`, { value: label, role: "step" });
    for (let g = 0; g < L.servers; g++) put(`${L.serverColumn(g)}${row}`, { formula: formula(load(g)), ...step });
    put(`${T.busiest}${row}`, { formula: formula(busiestFormula(`${firstServer}${row}:${lastServer}${row}`)), ...step });
    if (order !== undefined) put(`${T.running}${row}`, { formula: formula(order), ...step });
  };
  for (let f = 0; f < L.servers; f++) {
    candidate(X.server + f, `Helper: ${serverName(f)} fails`, (g) => serverFailureLoadFormula(f, g, gridTotal, normalLoad(g), loadColumns));
  }
  for (const t of [1, 2] as const) {
    candidate(X.site + t - 1, `Helper: site ${t} fails`, (g) => siteFailureLoadFormula(t, g, siteOfServer(g), gridTotal, normalLoad(g), loadColumns));
  }
  const busiestOf = (first: number, count: number) => `$${T.busiest}$${first}:$${T.busiest}$${first + count - 1}`;
  for (let f = 0; f < L.servers; f++) {
    const order = siteAndServerOrderFormula(f, gridTotal, at("serversFirstSite"));
    candidate(
      X.siteServer + f,
      `Helper: the other site and ${serverName(f)} fail`,
      (g) => siteAndServerFailureLoadFormula(f, g, siteOfServer(g), siteOfServer(f), gridTotal, normalLoad(g), loadColumns),
      order,
    );
    // The candidate's key: the first worst candidate in worstCase's order has the least.
    const row = X.siteServer + f;
    put(`${T.lostSite}${row}`, { formula: formula(worstKeyFormula(`$${T.busiest}$${row}`, busiestOf(X.siteServer, L.servers), `$${T.running}$${row}`)), ...step });
  }
  const keysOf = `$${T.lostSite}$${X.siteServer}:$${T.lostSite}$${X.siteServer + L.servers - 1}`;
  const exact = {
    server: { most: busiestFormula(busiestOf(X.server, L.servers)), failed: firstWorstFormula(busiestOf(X.server, L.servers)) },
    site: { most: busiestFormula(busiestOf(X.site, 2)), lost: worseSiteFormula(`$${T.busiest}$${X.site}`, `$${T.busiest}$${X.site + 1}`) },
    "site+server": { most: busiestFormula(busiestOf(X.siteServer, L.servers)), failed: leastKeyFormula(keysOf) },
  };

  // The scenario table.
  put(`A${L.tableTitle}`, { value: "Active databases and mailboxes on each server, by scenario (the worst failure of each)", role: "heading" });
  put(`A${L.tableHeader}`, { value: "Scenario", role: "heading" });
  for (let s = 0; s < L.servers; s++) put(`${L.serverColumn(s)}${L.tableHeader}`, { formula: formula(asText(`${L.serverColumn(s)}$${HEADER_ROW}`)), role: "heading", align: "center" });
  put(`${T.busiest}${L.tableHeader}`, { value: "Busiest server", role: "heading", wrap: true });
  put(`${T.running}${L.tableHeader}`, { value: "Servers running", role: "heading", wrap: true });
  put(`${T.lostSite}${L.tableHeader}`, { value: "Helper: site lost", role: "step", wrap: true });
  put(`${T.failedServer}${L.tableHeader}`, { value: "Helper: server failed", role: "step", wrap: true });

  const guarded = (text: string) => blankUnless(isNumber(D), wordsOnError(text, NOT_SURVIVABLE));
  // A site's failure in one site cannot occur: its rows say so once, in the label, and hold no red.
  const siteScenario = (scenario: FailoverScenario) => scenario === "site" || scenario === "site+server";
  const ifTwoSites = (scenario: FailoverScenario, text: string) => (siteScenario(scenario) ? rule.oneSiteDashFormula(D, two, text) : text);
  const loss = (scenario: FailoverScenario, result: "databases" | "mailboxes" | "servers") =>
    guarded(rule.trueCalls(failoverFormula(scenario, result, { ...dag, users: n.users, iopsPerMailbox: "0", databases: D })));
  // Which failure the worst case picks (layout.ts worstCase), in closed form.
  const closedPick = closedWorstFailureFormulas(s1, s2, n.dagLayout, homeCopies);

  // Past the grid's rows the closed forms pick (exact at a balanced count); on it, the exact loads.
  const beyond = rule.beyondGridFormula(D, L.rows);
  const exactPicks = {
    server: { lost: "0", failed: either(beyond, closedPick.failedServer, exact.server.failed) },
    site: { lost: either(beyond, closedPick.lostSite, exact.site.lost), failed: "0" },
    "site+server": { lost: either(beyond, closedPick.lostSite, rule.otherSiteOfFormula(exact["site+server"].failed, s1)), failed: either(beyond, closedPick.failedWithSite, exact["site+server"].failed) },
  } as const;
  for (const { scenario, label } of SCENARIOS) {
    const rows = L.scenarioRows[scenario];
    const dbRow = rows.databases;
    const mbRow = rows.mailboxes;
    if (rows.down !== undefined) {
      const r = rows.down;
      const lost = `$${T.lostSite}$${r}`;
      const failed = `$${T.failedServer}$${r}`;
      const pick = exactPicks[scenario as FailureScenario];
      put(`${T.lostSite}${r}`, { formula: formula(pick.lost), role: "step", numberFormat: "0" });
      put(`${T.failedServer}${r}`, { formula: formula(pick.failed), role: "step", numberFormat: "0" });
      const site = `"site "&${lost}`;
      const server = rule.serverNameFormula(failed);
      const what = scenario === "server" ? server : scenario === "site" ? site : `${site}&" and "&${server}`;
      const labelled = `"${label}: "&${what}`;
      put(`A${r}`, { formula: formula(siteScenario(scenario) ? either(two, labelled, quoted(`${label}: ${ONE_SITE}`)) : labelled), role: "label" });
      for (let s = 0; s < L.servers; s++) {
        const inSite = rule.siteOfFormula(s, s1);
        const down = rule.downFormula(s, total, failed, inSite, lost, DOWN);
        put(`${L.serverColumn(s)}${r}`, { formula: formula(siteScenario(scenario) ? blankUnless(two, down) : down), role: "output", align: "center" });
      }
    }
    put(`A${dbRow}`, { value: rows.down === undefined ? `${label}: active databases` : "active databases", role: "label" });
    put(`A${mbRow}`, { value: rows.down === undefined ? `${label}: active mailboxes` : "active mailboxes", role: "label" });
    if (scenario === "normal") {
      // ⌈D ÷ M⌉ on the first active servers: exact at any count.
      const closed = `$${T.lostSite}$${dbRow}`;
      put(closed.replace(/\$/g, ""), { formula: formula(loss(scenario, "databases")), role: "step", numberFormat: "0" });
      put(`${T.busiest}${dbRow}`, { formula: formula(numberOr(closed, normalBusiestFormula(D, active))), role: "output", numberFormat: "#,##0" });
      put(`${T.running}${dbRow}`, { formula: formula(loss(scenario, "servers")), role: "output", numberFormat: "#,##0" });
    } else {
      // The closed forms, off the page: whether the scenario is survivable, and its figures past the grid's rows.
      const closedDatabases = `$${T.lostSite}$${dbRow}`;
      const closedServers = `$${T.failedServer}$${dbRow}`;
      put(closedDatabases.replace(/\$/g, ""), { formula: formula(ifTwoSites(scenario, loss(scenario, "databases"))), role: "step", numberFormat: "0" });
      put(closedServers.replace(/\$/g, ""), { formula: formula(ifTwoSites(scenario, loss(scenario, "servers"))), role: "step", numberFormat: "0" });
      const failed = `$${T.failedServer}$${rows.down!}`;
      const lost = `$${T.lostSite}$${rows.down!}`;
      const running = runningServersFormula(scenario, { servers: total, serversFirstSite: s1, serversSecondSite: s2, lostSite: lost, failedServer: failed });
      const exactOr = (closed: string, figure: string) => numberOr(closed, either(beyond, closed, figure));
      put(`${T.busiest}${dbRow}`, { formula: formula(exactOr(closedDatabases, exact[scenario as FailureScenario].most)), role: "output", numberFormat: "#,##0" });
      put(`${T.running}${dbRow}`, { formula: formula(exactOr(closedServers, running)), role: "output", numberFormat: "#,##0" });
    }
    const busiestDatabases = `${T.busiest}${dbRow}`;
    put(`${T.busiest}${mbRow}`, { formula: formula(either(isNumber(busiestDatabases), activeMailboxesFormula(busiestDatabases, n.users, D), asText(busiestDatabases))), role: "output", numberFormat: "#,##0" });
    const survivable = isNumber(`$${T.busiest}$${dbRow}`);
    for (let s = 0; s < L.servers; s++) {
      const c = L.serverColumn(s);
      let count: string;
      if (scenario === "normal") {
        count = normalActiveDatabasesFormula(s, D, active);
      } else {
        const helper = L.helper[scenario];
        count = rule.failedServerDatabasesFormula(`${c}$${rows.down}`, DOWN, D, L.rows, activeDatabasesFormula(`$${helper}$${L.firstRow}:$${helper}$${L.lastRow}`, s));
      }
      put(`${c}${dbRow}`, { formula: formula(blankWhen(`${s}>=${total}`, blankUnless(survivable, count))), role: "output", numberFormat: "#,##0", align: "center" });
      const databases = `${c}${dbRow}`;
      put(`${c}${mbRow}`, {
        formula: formula(either(isNumber(databases), activeMailboxesFormula(databases, n.users, D), asText(databases))),
        role: "output",
        numberFormat: "#,##0",
        align: "center",
      });
    }
  }
  [
    "The failure shown is the scenario's worst: the server, site, or site and server whose loss loads the busiest survivor most (the first such).",
    "Mailboxes: a server's active databases × the DAG's mailboxes (every tier's by Microsoft's method) ÷ databases, rounded up. The layout follows Microsoft's calculator's Distribution sheet.",
    `Sources: ${cite("esrp2016", "section 4 (Figures 3–5)")}; ${cite("esrp2013", "4.1")}.`,
  ].forEach((value, i) => put(`A${L.noteRow + i}`, { value, role: "source" }));

  const tableRange = `${firstServer}${L.tableHeader + 1}:${T.running}${L.scenarioRows["site+server"].mailboxes}`;
  const highlights: Highlight[] = [
    { range: tableRange, text: NOT_SURVIVABLE, tone: "bad" },
    { range: tableRange, text: DOWN, tone: "bad" },
  ];
  return {
    name,
    // The table's two columns (wide enough for "not survivable" whole), the helper columns, the rank grid.
    // Column A holds the scenario labels ("Site and server fail: does not apply (one site)") whole.
    columnWidths: [36, ...Array<number>(L.servers).fill(6.5), 14, 14, ...Array<number>(Object.keys(L.helper).length).fill(10), ...Array<number>(L.servers).fill(6.5)],
    frozenRows: HEADER_ROW,
    print: printSetup(L, p.printedRows),
    rowHeights: { [HEADER_ROW]: 45, [L.tableHeader]: 30 },
    highlights,
    cells,
  };
}

/**
 * The grid's databases and the table print. With `printedRows` fewer than the grid's, the grid's
 * first `printedRows` rows and the table as two print ranges, each starting its own page. A sheet
 * that fits a page prints on one; a grid of a page or less and the table on two; a longer grid on
 * as many pages as it takes, one page wide, its header rows on each (every database printed, DB336
 * of Dell EMC's DAG too).
 */
function printSetup(L: ReturnType<typeof distributionLayout>, printedRows: number | undefined): PrintSetup {
  const titleRows = `${SITE_ROW}:${HEADER_ROW}`;
  const gridRows = printedRows === undefined ? L.rows : Math.min(L.rows, Math.max(1, printedRows));
  if (gridRows === L.rows) {
    return { orientation: "landscape", fitToPagesTall: L.lastPrintedRow <= ONE_PAGE_ROWS ? 1 : 0, titleRows, area: L.printArea };
  }
  const gridEnd = L.firstRow + gridRows - 1;
  const area = `A1:${L.table.running}${gridEnd},A${L.tableTitle}:${L.table.running}${L.lastPrintedRow}`;
  return { orientation: "landscape", fitToPagesTall: gridRows <= GRID_PAGE_ROWS ? 2 : 0, titleRows, area };
}
