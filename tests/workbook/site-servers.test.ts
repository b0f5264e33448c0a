/**
 * An active/passive DAG's servers, each site's on its own row of the Summary (live and in the customer
 * copy): the first site's count, cores and memory (Microsoft, Exchange Server Role Requirements Calculator
 * v7.6, Role Requirements!C225, C254, C253) and the second's (D225, D254, D253), at designs the calculator
 * recalculated (tests/fixtures/microsoft-calculator-designs.json s01, s03, s04). One site, or active/active:
 * one row for the DAG's servers, as before, and the second row empty.
 */
import fixture from "../fixtures/microsoft-calculator-designs.json";
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { evaluateWorkbook, nativeModel, type WorkbookValues } from "../../src/workbook/evaluate";
import { SUMMARY_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { SUMMARY_SERVER_DISK_CELLS } from "../../src/workbook/sheets/summary";
import { withoutDistribution } from "./light-model";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(4 * WORKBOOK_MS);

const sheets = templateSheetNames();
const S = SUMMARY_CELLS;
type Row = { name: string; inputs: Partial<WorkbookInputs>; calc: Record<string, number | string> };
const row = (name: string) => (fixture.designs as unknown as Row[]).find((d) => d.name === name)!;
const num = (x: number | string | undefined) => (typeof x === "number" ? x : undefined);

function summaryServers(values: WorkbookValues) {
  const v = values[sheets.summary];
  return {
    labels: [v[`A${S.servers.slice(1)}`], v[`A${S.serversSite2.slice(1)}`]],
    site1: [v[S.servers], v[S.coresPerServer], v[S.memoryPerServerGB]],
    site2: [v[S.serversSite2], v[S.coresPerServerSite2], v[S.memoryPerServerGBSite2]],
  };
}

describe("the Summary's servers, each active/passive site's on its own row", () => {
  test.each(["s01-active-passive-second-site-raid", "s03-active-passive-sites-cores", "s04-active-passive-sites-four-copies"])("%s: the calculator's, live and in the customer copy", (name) => {
    const x = row(name);
    const inputs: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016, ...x.inputs, serverSizing: "calculator" };
    const design = sizeDesign(inputs);
    const c = (cell: string) => num(x.calc[`Role Requirements!${cell}`]);
    const model = withoutDistribution(referenceDesign({ inputs }));
    const live = summaryServers(evaluateWorkbook(model));
    expect(live.labels).toEqual(["Mailbox servers, site 1", "Mailbox servers, site 2"]);
    // Cores "--" where the calculator has no SPECint2006 rate (s01): the design's baseline server, as sizeDesign sizes it.
    expect(live.site1).toEqual([c("C225") ?? inputs.serversSite1, c("C254") ?? design.siteServers![0].coresPerServer, c("C253")]);
    expect(live.site2).toEqual([c("D225") ?? inputs.serversSite2, c("D254") ?? design.siteServers![1].coresPerServer, c("D253")]);
    expect(summaryServers(evaluateWorkbook(nativeModel(model)))).toEqual(live);
  });

  test.each<[string, Partial<WorkbookInputs>]>([
    ["one site", { serversSite1: 4, serversSite2: "", copies: 3 }],
    ["active/active on 4 + 4", { serversSite1: 4, serversSite2: 4, copies: 4, dagLayout: "active/active" }],
  ])("%s: one row for the DAG's servers, the second empty", (_name, more) => {
    const inputs: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016, ...more };
    const design = sizeDesign(inputs);
    const got = summaryServers(evaluateWorkbook(withoutDistribution(referenceDesign({ inputs }))));
    expect(got).toEqual({ labels: ["Mailbox servers", ""], site1: [design.servers, design.coresPerServer, design.memoryPerServerGB], site2: ["", "", ""] });
  });
});

/**
 * An active/passive DAG's disks, each site's JBOD or RAID as the calculator chooses for it (Role Requirements!I127,
 * I128) and laid for a first-site server's copies (Storage Design!C194:D197): the DAG's, Storage Design!C202 plus our
 * hot spare a server, live and in the customer copy — p05 and p08 put the first site on RAID and the second on JBOD,
 * v06's second site holds fewer copies a server than the first.
 */
describe("the Summary's DAG disks, each active/passive site's as the calculator lays them", () => {
  test.each(["p05-5copies-lagged-4", "p08-4copies-2lagged-raid", "v06-active-passive-one-a-volume", "s01-active-passive-second-site-raid"])("%s: Storage Design!C202 and a hot spare a server; the second site's row", (name) => {
    const x = row(name);
    const inputs: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016, ...x.inputs, serverSizing: "calculator" };
    const servers = (inputs.serversSite1 as number) + (inputs.serversSite2 as number);
    const dagDisks = num(x.calc["Storage Design!C202"])! + (inputs.spareDisks ?? 1) * servers;
    expect(sizeDesign(inputs).siteServers!.map((s) => (s.serverDisks ? "JBOD" : "RAID"))).toEqual([x.calc["Role Requirements!I127"], x.calc["Role Requirements!I128"]]);
    const model = withoutDistribution(referenceDesign({ inputs }));
    // The second site's row: its disks a server (Storage Design!D194 or D197, as I128 chooses, and our spare) and which.
    const architecture = x.calc["Role Requirements!I128"] as string;
    const secondDisks = num(x.calc[architecture === "JBOD" ? "Storage Design!D197" : "Storage Design!D194"])! + (inputs.spareDisks ?? 1);
    const D = SUMMARY_SERVER_DISK_CELLS;
    const shown = (v: WorkbookValues) => [v[sheets.summary][D.dagDisks], v[sheets.summary][D.disksPerServerSite2], v[sheets.summary][D.architectureSite2]];
    expect([shown(evaluateWorkbook(model)), shown(evaluateWorkbook(nativeModel(model)))]).toEqual([
      [dagDisks, secondDisks, architecture],
      [dagDisks, secondDisks, architecture],
    ]);
  });
});
