import type { WorkbookModel } from "../../src/workbook/model";

/**
 * The model without its Distribution sheet, for tests that evaluate many random designs and read no
 * failure scenario: the sheet is Excel's own formulas in both workbooks (no EXSIZE call to compare), and
 * tests/workbook/distribution-sheet.test.ts holds it to EX_LAYOUT and EX_FAILOVER. The customer copy's
 * Resilience scenarios read it (its exact busiest server): a test of those keeps the whole model.
 */
export function withoutDistribution(model: WorkbookModel): WorkbookModel {
  return { ...model, sheets: model.sheets.filter((sheet) => !/^Distribution\b/.test(sheet.name)) };
}
