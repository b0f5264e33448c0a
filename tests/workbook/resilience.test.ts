/**
 * The template beyond the reference design: failure scenarios and servers on the
 * Resilience sheet, Jetstress results pasted into the Jetstress sheet, the user's own hardware.
 * Published numbers cite their seed and table; E6 is explained in the README's errata.
 */
import { evaluateWorkbook, withCellValues, withInputs } from "../../src/workbook/evaluate";
import type { WorkbookModel } from "../../src/workbook/model";
import {
  DESIGN_CELLS,
  HARDWARE_CELLS,
  JETSTRESS_CELLS,
  RESILIENCE_CELLS,
  SUMMARY_CELLS,
  referenceDesign,
  templateSheetNames,
} from "../../src/workbook/template";
import { ESRP_002_TABLE_12, ESRP_004_TABLE_9, type EsrpServerResult } from "../fixtures/esrp-jetstress";
import { WORKBOOK_MS } from "../support/timeouts";

// Builds and evaluates the template for the papers' designs: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

const sheets = templateSheetNames();
const at = (scenario: string, column: string) => `${column}${RESILIENCE_CELLS.scenarioRow[scenario]}`;

/** 004_1d3a339e6fd03f64.txt, 4: 7,600 mailboxes per DAG, 8 + 8 servers, 4 copies, Exchange 2016, active/active. */
const esrp004 = withInputs(referenceDesign(), {
  Users: 7600, ServersFirstSite: 8, ServersSecondSite: 8, Copies: 4, ExchangeVersion: 2016, DagLayout: "active/active",
});
/** 002_65f0dd5fd4776492.txt, 4: 12,500 mailboxes, 6 + 3 servers, 3 copies, Exchange 2013, active/passive. */
const esrp002 = withInputs(referenceDesign(), {
  Users: 12500, ServersFirstSite: 6, ServersSecondSite: 3, Copies: 3, ExchangeVersion: 2013, DagLayout: "active/passive",
});

describe("the Resilience sheet reproduces the ESRP failure scenarios", () => {
  const v004 = evaluateWorkbook(esrp004)[sheets.resilience];
  const v002 = evaluateWorkbook(esrp002)[sheets.resilience];

  test.each([
    ["normal", 475], // 004, Table 6: "475 (during normal operations)"
    ["site", 950], // "950 (during site failure)"
    ["site+server", 1086], // "1,086 (in tested failover during worst-case failure)"
  ])("004, %s: %i active mailboxes per server", (scenario, mailboxes) => {
    expect(v004[at(scenario, RESILIENCE_CELLS.activeMailboxes)]).toBe(mailboxes);
  });

  test("004: 229 database IOPS per server in normal operation (Figure 6: 3,666 per DAG / 16)", () => {
    expect(Math.floor(v004[RESILIENCE_CELLS.normalIopsPerServer] as number)).toBe(229);
  });

  test("004, worst case: 132 IOPS (004 Table 9): 1,086 mailboxes at 0.121, the calculator's 0.1206 as Jetstress is given it (§5)", () => {
    expect(v004[at("site+server", RESILIENCE_CELLS.targetIops)]).toBe(132);
    expect(v004[RESILIENCE_CELLS.designTargetIops]).toBe(132);
  });

  test("002, local site down: 4,167 mailboxes per server and 505 IOPS at 0.121 (@erratum E6: 002 prints 4,166 and 504)", () => {
    expect(v002[at("site", RESILIENCE_CELLS.activeMailboxes)]).toBe(4167);
    expect(v002[at("site", RESILIENCE_CELLS.targetIops)]).toBe(505);
  });

  test("002: a site and then a server is not survivable with one remote copy, and the design target skips it", () => {
    expect(v002[at("site+server", RESILIENCE_CELLS.activeMailboxes)]).toBe("not survivable");
    expect(v002[RESILIENCE_CELLS.designTargetIops]).toBe(505);
  });

  // By Dell's process (VMware's rule for the servers), 002's design: each scenario's busiest server sized.
  const esrp002ByDell = withInputs(esrp002, { Method: "dell" });
  const v002ByDell = evaluateWorkbook(esrp002ByDell)[sheets.resilience];

  test("each scenario's server by Dell's process: cores at 1,000 mailboxes, memory 4 GB + 6 MB a mailbox (003)", () => {
    expect(v002ByDell[at("site", RESILIENCE_CELLS.cores)]).toBe(5); // ceil(4,167 / 1,000)
    expect(v002ByDell[at("site", RESILIENCE_CELLS.memoryGB)]).toBe(29); // 4 + 6 × 4,167 / 1,024 = 28.4 → 29
    expect([v002ByDell[RESILIENCE_CELLS.designCores], v002ByDell[RESILIENCE_CELLS.designMemoryGB]]).toEqual([5, 29]);
  });

  test("the factors table drives the server rule: at 2,000 mailboxes per core, 4,167 need 3 cores, not 5", () => {
    const factorsRow = esrp002ByDell.names.find((n) => n.name === "Factors")!;
    const firstRow = Number(/\$(\d+):/.exec(factorsRow.range)![1]);
    const inputs = esrp002ByDell.sheets.find((s) => s.name === sheets.inputs)!;
    const row = inputs.cells.find((c) => c.value === "mailboxesPerCore" && c.address.startsWith("A"))!;
    expect(Number(row.address.slice(1))).toBeGreaterThanOrEqual(firstRow);
    const lighter = withCellValues(esrp002ByDell, [{ sheet: sheets.inputs, address: "B" + row.address.slice(1), value: 2000 }]);
    expect(evaluateWorkbook(lighter)[sheets.resilience][at("site", RESILIENCE_CELLS.cores)]).toBe(3);
  });

  test("by Microsoft's method the servers are the calculator's, as the Summary says, not VMware's rule a scenario", () => {
    const all = evaluateWorkbook(esrp004);
    const v = all[sheets.resilience];
    // 004's design (Exchange 2016: Microsoft's method): the worst case row is the Summary's cores and memory.
    expect([v[RESILIENCE_CELLS.designCores], v[RESILIENCE_CELLS.designMemoryGB]]).toEqual([
      all[sheets.summary][SUMMARY_CELLS.coresPerServer],
      all[sheets.summary][SUMMARY_CELLS.memoryPerServerGB],
    ]);
    expect(v[RESILIENCE_CELLS.designMemoryGB]).toBe(64); // Microsoft's method's memory for 004_1d3a339e6fd03f64.txt §4's DAG, as the Summary and design --json give it
    for (const scenario of ["normal", "site", "site+server"]) expect([v[at(scenario, RESILIENCE_CELLS.cores)], v[at(scenario, RESILIENCE_CELLS.memoryGB)]]).toEqual(["—", "—"]);
  });
});

describe("the Jetstress sheet", () => {
  function pasted(model: WorkbookModel, results: readonly EsrpServerResult[]): WorkbookModel {
    const J = JETSTRESS_CELLS;
    return withCellValues(
      model,
      results.flatMap((r, i) => {
        const row = J.row(i);
        return [
          { sheet: sheets.jetstress, address: `${J.server}${row}`, value: r.server },
          { sheet: sheets.jetstress, address: `${J.achievedIops}${row}`, value: r.achievedIops },
          { sheet: sheets.jetstress, address: `${J.targetIops}${row}`, value: r.targetIops },
          { sheet: sheets.jetstress, address: `${J.dbReadLatencyMs}${row}`, value: r.dbReadLatencyMs },
          { sheet: sheets.jetstress, address: `${J.logWriteLatencyMs}${row}`, value: r.logWriteLatencyMs },
        ];
      }),
    );
  }
  const verdicts = (model: WorkbookModel, n: number) => {
    const values = evaluateWorkbook(model)[sheets.jetstress];
    return Array.from({ length: n }, (_, i) => values[`${JETSTRESS_CELLS.verdict}${JETSTRESS_CELLS.row(i)}`]);
  };

  test.each([
    ["002_65f0dd5fd4776492.txt, Table 12", esrp002, ESRP_002_TABLE_12],
    ["004_1d3a339e6fd03f64.txt, Table 9", esrp004, ESRP_004_TABLE_9],
  ] as const)("every server of %s passes", (_source, model, results) => {
    expect(verdicts(pasted(model, results), results.length)).toEqual(results.map(() => "pass"));
  });

  test("a row left empty shows nothing; the target defaults to the Resilience sheet's, 004 Table 9's 132", () => {
    const values = evaluateWorkbook(esrp004)[sheets.jetstress];
    expect(values[`${JETSTRESS_CELLS.verdict}${JETSTRESS_CELLS.row(0)}`]).toBe("");
    expect(values[`${JETSTRESS_CELLS.targetIops}${JETSTRESS_CELLS.row(0)}`]).toBe(132);
  });

  test.each([
    ["database read latency over 20 ms", "dbReadLatencyMs", 20.01, "database read latency 20.01 ms is above 20 ms"],
    ["log write latency over 10 ms", "logWriteLatencyMs", 10.5, "log write latency 10.5 ms is above 10 ms"],
    ["achieved IOPS below the target", "achievedIops", 131, "achieved 131 IOPS is below the target 132"],
  ] as const)("fails when %s", (_what, field, value, reason) => {
    const pushed = ESRP_004_TABLE_9.map((r, i) => (i === 2 ? { ...r, [field]: value } : r));
    const model = pasted(esrp004, pushed);
    expect(verdicts(model, pushed.length)).toEqual(pushed.map((_, i) => (i === 2 ? "fail" : "pass")));
    expect(evaluateWorkbook(model)[sheets.jetstress][`${JETSTRESS_CELLS.reason}${JETSTRESS_CELLS.row(2)}`]).toBe(`fail: ${reason}`);
  });

  test("a peak over 100 ms fails (000, 3.1.3 footnote 11)", () => {
    const row = JETSTRESS_CELLS.row(0);
    const model = withCellValues(pasted(esrp004, ESRP_004_TABLE_9.slice(0, 1)), [
      { sheet: sheets.jetstress, address: `${JETSTRESS_CELLS.dbReadPeakMs}${row}`, value: 140 },
    ]);
    expect(verdicts(model, 1)).toEqual(["fail"]);
  });
});

describe("the Hardware sheet: the user's own arrays and disk classes", () => {
  const reference = referenceDesign();
  const design = (model: WorkbookModel) => evaluateWorkbook(model)[sheets.design];

  test("an array row of the user's changes the automatic choice exactly as the rule says (000, 3.4.1)", () => {
    // 15,768 GB and 900 IOPS: PS6500E 500GB (19,500 GB usable) wins with one per copy. A row with one
    // per copy and less usable space wins over it; one with more does not (least waste).
    const row = HARDWARE_CELLS.arrayRow(0);
    const add = (usableGB: number) =>
      withCellValues(reference, [
        { sheet: sheets.hardware, address: `A${row}`, value: "Lab array" },
        { sheet: sheets.hardware, address: `B${row}`, value: "4TB" },
        { sheet: sheets.hardware, address: `C${row}`, value: "RAID50" },
        { sheet: sheets.hardware, address: `D${row}`, value: usableGB },
        { sheet: sheets.hardware, address: `E${row}`, value: 2000 },
      ]);
    expect(design(reference)[DESIGN_CELLS.arrayModel]).toBe("PS6500E 500GB");
    expect(design(add(16000))[DESIGN_CELLS.arrayModel]).toBe("Lab array 4TB");
    expect(design(add(32000))[DESIGN_CELLS.arrayModel]).toBe("PS6500E 500GB");
  });

  test("a disk class of the user's, named on Inputs, sizes the chosen spindle row", () => {
    const row = HARDWARE_CELLS.diskRow(3); // the first free row after 7.2K, 10K, 15K
    const model = withInputs(
      withCellValues(reference, [
        { sheet: sheets.hardware, address: `A${row}`, value: "NL-SAS 8TB" },
        { sheet: sheets.hardware, address: `B${row}`, value: 75 },
      ]),
      { SpindleRaid: "RAID10", SpindleDisk: "NL-SAS 8TB" },
    );
    // 900 × 0.6 + 2 × 900 × 0.4 = 1,260 / 75 = 16.8 → 17 → an even 18.
    expect(design(model)[DESIGN_CELLS.spindlesChosen]).toBe(18);
  });
});
