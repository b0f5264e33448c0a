/**
 * A small workbook that shows what a spreadsheet does with EXSIZE custom-function formulas when the
 * add-in is not there (docs/custom-functions-in-files.md). Each probe cell carries a deliberately
 * chosen cached `<v>`, so a reader can tell "recalculated" from "cached value shown".
 *
 * Regenerate the committed copy (tests/files/custom-function-probe.xlsx), from the repository root, with:
 *   npx tsc --outDir .cache/probe --module commonjs --target es2020 --esModuleInterop --skipLibCheck \
 *     tests/support/custom-function-probe.ts && node .cache/probe/tests/support/custom-function-probe.js
 */
import * as path from "path";
import ExcelJS from "exceljs";
import { EX_DBSIZE } from "../../src/functions";

export const PROBE_SHEET = "Probe";

/** EX_DBSIZE's reference profile: 5,000 users, 2,048 MB quota, 150 messages/day of 75 KB. */
// 000_72e1ddb9bbd1ecac.txt, Table 18 (worked example); SIZING.md section 1
export const REFERENCE_ARGUMENTS = "5000,2048,150,75";

export interface ProbeCell {
  address: string;
  what: string;
  /** Stored formula text, exactly as it goes into `<f>` (no leading "="). */
  formula?: string;
  /** Cached result (for a formula) or the constant itself. */
  cached: number;
}

/** The probe cells. `dbsize` is what EX_DBSIZE gives for the reference profile with the add-in loaded. */
export function probeCells(dbsize: number): ProbeCell[] {
  return [
    {
      address: "B2",
      what: "custom function in Excel's stored form",
      formula: `_xldudf_EXSIZE_EX_DBSIZE(${REFERENCE_ARGUMENTS})`,
      cached: dbsize,
    },
    { address: "B3", what: "built-in formula with a wrong cached result", formula: "1+1", cached: 5 },
    {
      address: "B4",
      what: "custom function as typed text (namespace dot form)",
      formula: `EXSIZE.EX_DBSIZE(${REFERENCE_ARGUMENTS})`,
      cached: dbsize,
    },
    { address: "B5", what: "the customer copy: the value in place of the formula", cached: dbsize },
    {
      address: "B6",
      what: "built-in formula over the custom function's cell",
      formula: "ROUNDUP(B2,0)",
      cached: Math.ceil(dbsize),
    },
  ];
}

/** The cached EX_DBSIZE value the probe uses: computed by our own worksheet function, not typed in. */
export function referenceDbsize(): number {
  const value = EX_DBSIZE(5000, 2048, 150, 75); // 000_72e1ddb9bbd1ecac.txt, Table 18
  if (typeof value !== "number") throw new Error(`EX_DBSIZE(${REFERENCE_ARGUMENTS}) gave ${String(value)}, not a number`);
  return value;
}

export async function writeCustomFunctionProbe(xlsxPath: string): Promise<ProbeCell[]> {
  const cells = probeCells(referenceDbsize());
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(PROBE_SHEET);
  sheet.getCell("A1").value = "What the cell holds";
  sheet.getCell("B1").value = "Cell (cached value as written)";
  for (const cell of cells) {
    const row = sheet.getCell(cell.address).row;
    sheet.getCell(`A${row}`).value = cell.what;
    sheet.getCell(cell.address).value =
      cell.formula === undefined ? cell.cached : { formula: cell.formula, result: cell.cached };
  }
  sheet.getColumn(1).width = 52;
  sheet.getColumn(2).width = 30;
  await workbook.xlsx.writeFile(xlsxPath);
  return cells;
}

if (require.main === module) {
  const out = process.argv[2] ?? path.join(process.cwd(), "tests", "files", "custom-function-probe.xlsx");
  writeCustomFunctionProbe(out).then(
    () => console.log(`wrote ${out}`),
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
