import type { WorkbookModel } from "../../src/workbook/model";

/**
 * The model without its Distribution sheet, for tests that evaluate many random designs: the sheet
 * is Excel's own formulas in both workbooks (no EXSIZE call to compare) and nothing else reads it,
 * and tests/workbook/distribution-sheet.test.ts holds it to EX_LAYOUT and EX_FAILOVER.
 */
export function withoutDistribution(model: WorkbookModel): WorkbookModel {
  return { ...model, sheets: model.sheets.filter((sheet) => !/^Distribution\b/.test(sheet.name)) };
}
