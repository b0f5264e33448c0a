/**
 * MCDB SSDs on an active/passive DAG's JBOD servers only. Microsoft's calculator v7.6 predates MCDB (Exchange
 * 2019) and has no rule for it: the rule is this project's (MCDB beside JBOD database disks, Microsoft's
 * "MetaCacheDatabase (MCDB) setup"), over the calculator's choice of each site's storage. At the fixture's s01
 * (12,500 mailboxes of 5 GB, 6 + 3 servers, 3 copies, active/passive, recalculated by the calculator), the first
 * site is on JBOD (Role Requirements!I127) and the second on RAID (I128): the first site's servers hold SSDs, the
 * second's none — in the design, the Summary, the export's servers and its script.
 */
import fixture from "../fixtures/microsoft-calculator-designs.json";
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { quantity } from "../../src/engine/catalogue";
import { evaluateWorkbook, nativeModel } from "../../src/workbook/evaluate";
import { referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { SUMMARY_MCDB_CELLS } from "../../src/workbook/sheets/summary";
import { deploymentFiles, settingsFor } from "../../src/workbook/deployment";
import { withoutDistribution } from "./light-model";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(4 * WORKBOOK_MS);

type Row = { name: string; inputs: Partial<WorkbookInputs>; calc: Record<string, number | string> };
const s01 = (fixture.designs as unknown as Row[]).find((d) => d.name === "s01-active-passive-second-site-raid")!;
// Exchange 2019, whose servers MCDB applies to; the disks are the calculator's at the same inputs (memory aside: 2019's floor).
const inputs: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2019, ...s01.inputs, serverSizing: "calculator" };

describe("MCDB SSDs on the JBOD servers only (ours): the calculator's s01 at Exchange 2019", () => {
  const design = sizeDesign(inputs);

  test("the sites' storage is the calculator's: JBOD, then RAID (Role Requirements!I127, I128)", () => {
    expect([s01.calc["Role Requirements!I127"], s01.calc["Role Requirements!I128"]]).toEqual(["JBOD", "RAID"]);
    expect([design.siteServers![0].serverDisks !== undefined, design.siteServers![1].raidServerDisks !== undefined]).toEqual([true, true]);
    expect(design.mcdb).toBeDefined();
  });

  test("the DAG's SSDs are the first site's 6 servers', not every server's", () => {
    expect(quantity("dagMcdbSsds").value(design)).toBe(design.mcdb!.ssdsPerServer * 6);
  });

  test("the Summary's SSDs in the DAG, live and in the customer copy", () => {
    const model = withoutDistribution(referenceDesign({ inputs }));
    const summary = templateSheetNames().summary;
    const live = evaluateWorkbook(model)[summary][SUMMARY_MCDB_CELLS.dagSsds];
    expect(live).toBe(design.mcdb!.ssdsPerServer * 6);
    expect(evaluateWorkbook(nativeModel(model))[summary][SUMMARY_MCDB_CELLS.dagSsds]).toBe(live);
  });

  test("the export sets MCDB up on the first site's servers alone", () => {
    const settings = settingsFor(design);
    expect(settings.mcdb?.sites).toEqual([0]);
    const script = deploymentFiles({ users: inputs.users, serversPerSite: [6, 3], copies: 3, layout: "active/passive", databases: design.databases }, undefined, settings)["Deploy-Dag.ps1"];
    expect(script).toContain("$McdbServers = @('MBX01', 'MBX02', 'MBX03', 'MBX04', 'MBX05', 'MBX06')");
    expect(script).not.toMatch(/foreach \(\$server in \$Servers\.Keys\) \{\r?\n\s*Manage-MCDB/);
  });
});
