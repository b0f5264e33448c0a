/**
 * The Jetstress sheet: paste each server's Jetstress results, see pass or fail against the
 * papers' thresholds (src/engine/jetstress.ts) and the per-server target of the Resilience sheet's
 * worst survivable case. A row per server of the design, named as the layout names them (MBX01…,
 * src/engine/layout.ts defaultNames); rows past the design's servers stay blank and print blank, so
 * the page holds a DAG's servers grown on Inputs too.
 */
import { JETSTRESS_THRESHOLDS } from "../../engine";
import { blankWhenEmpty, formula } from "../display";
import { jetstressRendered, serverNameFormula } from "../formulas/jetstress";
import { INPUT_PARAMETERS } from "../../functions/worksheet";
import type { CellModel, Highlight, SheetModel } from "../model";
import { RESILIENCE_CELLS } from "./resilience";
import { DELL, FORMAT, absolute, header, landscape, numberRule, sheetReference, titleAndNote } from "./shared";

/** One row per DAG member: a DAG has at most 16 servers. */
const JETSTRESS_ROWS = 16;
const JETSTRESS_FIRST_ROW = 5;
const JETSTRESS_COLUMNS = ["Server", "Achieved IOPS", "Target IOPS", "Read average", "Log write average", "Read peak", "Log write peak", "Verdict", "Reason"] as const;

/** Where the Jetstress sheet's rows sit: `row(i)` for server i (0-based), columns by letter. */
export const JETSTRESS_CELLS = Object.freeze({
  row: (server: number) => JETSTRESS_FIRST_ROW + server,
  rows: JETSTRESS_ROWS,
  server: "A",
  achievedIops: "B",
  targetIops: "C",
  dbReadLatencyMs: "D",
  logWriteLatencyMs: "E",
  dbReadPeakMs: "F",
  logWritePeakMs: "G",
  verdict: "H",
  reason: "I",
});

/** `servers`: the defined name of both sites' servers. */
export function buildJetstress(sheet: string, resilienceSheet: string, servers: string): SheetModel {
  const t = JETSTRESS_THRESHOLDS;
  const target = `${sheetReference(resilienceSheet)}!${absolute(RESILIENCE_CELLS.designTargetIops)}`;
  const cells: CellModel[] = [
    ...titleAndNote(
      "Jetstress validation: paste each server's results",
      `Pass: achieved IOPS at least the target; database reads at most ${t.databaseReadLatencyMs} ms and log writes at most ${t.logWriteLatencyMs} ms on average; peaks at most ${t.spikeLatencyMs} ms.`,
    ),
    {
      address: "A3",
      value: `Thresholds: ${DELL("3.1.3")}, and the ESRPs' section 6.2. The target comes from the Resilience sheet; type your own over it.`,
      role: "note",
    },
    ...header(4, [...JETSTRESS_COLUMNS]),
  ];
  const latency = numberRule(INPUT_PARAMETERS.latency, true, "latency in ms from the Jetstress report");
  for (let i = 0; i < JETSTRESS_ROWS; i++) {
    const r = JETSTRESS_FIRST_ROW + i;
    const jetstress = { achievedIops: `B${r}`, targetIops: `C${r}`, dbReadLatencyMs: `D${r}`, logWriteLatencyMs: `E${r}`, dbReadPeakMs: `F${r}`, logWritePeakMs: `G${r}` };
    const [verdict, reason] = [jetstressRendered("verdict", jetstress), jetstressRendered("reason", jetstress)];
    cells.push(
      { address: `A${r}`, formula: serverNameFormula(i, servers), role: "input" },
      { address: `B${r}`, numberFormat: FORMAT.iops, role: "input", rule: numberRule(INPUT_PARAMETERS.achievedIops, true) },
      { address: `C${r}`, formula: formula(blankWhenEmpty(`A${r}`, target)), numberFormat: FORMAT.iops, role: "input", rule: numberRule(INPUT_PARAMETERS.targetIops, true) },
      ...["D", "E", "F", "G"].map((col) => ({ address: `${col}${r}`, numberFormat: FORMAT.ms, role: "input" as const, rule: latency })),
      {
        address: `H${r}`,
        formula: formula(blankWhenEmpty(`B${r}`, verdict.formula)),
        native: formula(blankWhenEmpty(`B${r}`, verdict.native)),
        role: "output",
      },
      {
        address: `I${r}`,
        formula: formula(blankWhenEmpty(`B${r}`, reason.formula)),
        native: formula(blankWhenEmpty(`B${r}`, reason.native)),
        role: "note",
      },
    );
  }
  const last = JETSTRESS_FIRST_ROW + JETSTRESS_ROWS - 1;
  const highlights: Highlight[] = [
    // Rows past the DAG's servers are white until a server is added (their name comes with it).
    { range: `A${JETSTRESS_FIRST_ROW}:G${last}`, blankIn: "A", tone: "unused" },
    { range: `H${JETSTRESS_FIRST_ROW}:I${last}`, text: "fail", tone: "bad" },
    { range: `H${JETSTRESS_FIRST_ROW}:H${last}`, text: "pass", tone: "good" },
  ];
  // Every row prints, up to a DAG's 16 servers: one page whatever the design, and a DAG grown on Inputs
  // (in the customer copy) prints its new servers' rows. A print area that follows the servers (a
  // formula in Print_Area) works in Excel only: LibreOffice ignores it and prints the whole used range.
  return { name: sheet, columnWidths: [14, 14, 13, 13, 16, 12, 13, 9, 50], frozenRows: 4, print: { ...landscape(1, "4:4"), area: `A1:I${last}` }, highlights, cells };
}
