/**
 * The Jetstress sheet's rules (src/workbook/sheets/jetstress.ts lays them out): a row's server name while
 * the row is within the DAG's servers, and a row's verdict and reason — EX_JETSTRESS live, its own rule
 * (src/engine/excel-formulas.ts jetstressFormula) in the customer copy.
 */
import { sitesServersFormula } from "../../engine/design/formulas";
import { jetstressFormula, type JetstressArguments } from "../../engine/excel-formulas";

/** The server name of row i as a formula: MBX01…MBX16 while i is within the DAG's servers, else blank. */
export const serverNameFormula = (i: number, servers: string): string => `=IF(${i}<${sitesServersFormula(servers)},"MBX${String(i + 1).padStart(2, "0")}","")`;

/** A row's verdict ("pass" or "fail") or the reason, live: EX_JETSTRESS over the row's cells. */
export function jetstressCall(result: "verdict" | "reason", a: JetstressArguments): string {
  const args = [a.achievedIops, a.targetIops, a.dbReadLatencyMs, a.logWriteLatencyMs, a.dbReadPeakMs, a.logWritePeakMs].join(",");
  return result === "verdict" ? `EXSIZE.EX_JETSTRESS(${args})` : `EXSIZE.EX_JETSTRESS(${args},"reason")`;
}

/** A row's verdict or reason in its two renderings: EX_JETSTRESS, and Excel's own rule. */
export const jetstressRendered = (result: "verdict" | "reason", a: JetstressArguments): { formula: string; native: string } => ({ formula: jetstressCall(result, a), native: jetstressFormula(result, a) });
