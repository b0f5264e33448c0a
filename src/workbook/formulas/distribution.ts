/**
 * The Distribution sheet's rules (src/workbook/sheets/distribution.ts lays them out): a database's and a server's
 * name, each server's site and its site's servers, a failure's penalty and its servers down, the picks past the
 * grid's rows, the status line — each a named builder over the cells the sheet gives, so the sheet only places
 * them. The layout's own arithmetic is src/engine/excel-formulas.ts and src/engine/layout-formulas.ts.
 */
import { blankUnless, blankWhen, dashWhen, either, isNumber, text } from "../display";

/** "DB" and the number, zero-padded to max(2, digits of the count) as EX_LAYOUT names them (layout.ts defaultNames). */
export function databaseNameFormula(d: number, databases: string): string {
  const number = String(d + 1);
  let zeros = "";
  // The count has at most 6 digits (100,000 databases).
  for (let width = number.length; width < 6; width++) zeros += width < 2 ? `&"0"` : `&${either(`LEN(${databases})>${width}`, '"0"', '""')}`;
  return `"DB"${zeros}&"${number}"`;
}

/** A server's name from its number (1, 2, …) in a cell: MBX01…, as EX_LAYOUT names them. */
export const serverNameFormula = (number: string): string => `"MBX"&${either(`${number}<10`, '"0"', '""')}&${number}`;

/** The site (1 or 2) of the server or database home at `position` (0 first): site 1's first `serversFirstSite`. */
export const siteOfFormula = (position: string | number, serversFirstSite: string): string => either(`${position}<${serversFirstSite}`, "1", "2");

/** The other site than the failed server's (`failed`, numbered from 1): the site lost with it. */
export const otherSiteOfFormula = (failed: string, serversFirstSite: string): string => either(`${failed}<=${serversFirstSite}`, "2", "1");

/** Server `s`'s site heading: "Site 1", "Site 2", blank beyond the DAG's servers. */
export const siteHeadingFormula = (s: number, serversFirstSite: string, servers: string): string =>
  either(`${s}<${serversFirstSite}`, text("Site 1"), blankUnless(`${s}<${servers}`, text("Site 2")));

/** Server `s`'s name in the header, blank beyond the DAG's servers. */
export const serverHeadingFormula = (s: number, servers: string, name: string): string => blankUnless(`${s}<${servers}`, text(name));

/** The servers in server `s`'s site: the first site's or the second's; blank beyond the DAG's servers. */
export const siteServersFormula = (s: number, serversFirstSite: string, serversSecondSite: string, servers: string): string =>
  either(`${s}<${serversFirstSite}`, serversFirstSite, blankUnless(`${s}<${servers}`, serversSecondSite));

/** 1 for an active/passive DAG (its second site's own sequence), else 0. */
export const activePassiveFlagFormula = (layout: string): string => either(`${layout}="active/passive"`, "1", "0");

/** A server's penalty in a failure: `penalty` where the scenario marks it `down`, so none of its copies is the lowest preference; else 0. */
export const penaltyFormula = (marked: string, down: string, penalty: number): string => either(`${marked}=${text(down)}`, String(penalty), "0");

/** Database `d`'s home on the grid, blank past the databases (or with no count). */
export const onGridFormula = (d: number, databases: string, home: string): string => blankUnless(isNumber(databases), blankUnless(`${d}<${databases}`, home));

/** Server `s` (0 first) down in the failure: the failed server (numbered from 1) or in the lost site; blank beyond the DAG's servers. */
export const downFormula = (s: number, servers: string, failed: string, siteOfServer: string, lost: string, down: string): string =>
  blankWhen(`${s}>=${servers}`, either(`OR(${s + 1}=${failed},${siteOfServer}=${lost})`, text(down), '""'));

/** A server's active databases in a failure: "—" where it is down, blank past the grid's rows (the busiest column stays exact). */
export const failedServerDatabasesFormula = (marked: string, down: string, databases: string, rows: number, count: string): string =>
  dashWhen(`${marked}=${text(down)}`, blankWhen(`${databases}>${rows}`, count));

/** Past the grid's rows (or with no count): the closed forms pick the failure. */
export const beyondGridFormula = (databases: string, rows: number): string => either(isNumber(databases), `${databases}>${rows}`, "TRUE()");

/** A site scenario of a one-site DAG: "—" (the label says it does not apply), else the figure. */
export const oneSiteDashFormula = (databases: string, twoSites: string, expression: string): string => dashWhen(`AND(${isNumber(databases)},NOT(${twoSites}))`, expression);

/**
 * failoverFormula writes a bare TRUE for a one-site DAG's site scenarios (excel-formulas.ts), which HyperFormula
 * does not read; TRUE() is the same in every target. A no-op once the renderer writes TRUE().
 */
export const trueCalls = (formula: string): string => formula.replace(/,TRUE\)/g, ",TRUE())");

/** The sheet's status line: the databases, copies and servers laid out, and the grid's rows past them; or why there is no layout. */
export function statusFormula(c: { databases: string; grouped: string; copies: string; servers: string; rows: number; shown: string }): string {
  return (
    `IF(ISNUMBER(${c.databases}),${c.grouped}&" databases, "&${c.copies}&" copies of each, on "&${c.servers}&" servers"` +
    `&IF(${c.databases}>${c.rows},": the grid shows the first "&${c.shown}&"; per-server loads after a failure need them all, the busiest server's column is exact",""),` +
    `"The design cannot lay out its copies: a server holds one copy of a database, so each site needs as many servers as the copies it holds")`
  );
}
