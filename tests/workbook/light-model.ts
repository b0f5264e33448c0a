import type { WorkbookModel } from "../../src/workbook/model";

/**
 * The model without its Distribution sheet, for tests that evaluate many random designs: the sheet
 * is Excel's own formulas in both workbooks and tests/workbook/distribution-sheet.test.ts holds it to
 * EX_LAYOUT and EX_FAILOVER. Kept where another sheet reads it: the customer copy's Resilience
 * scenarios are the Distribution sheet's exact busiest server (the live ones EX_FAILOVER's), so a model whose native formulas read it keeps it.
 */
export function withoutDistribution(model: WorkbookModel): WorkbookModel {
  const distribution = (name: string) => /^Distribution\b/.test(name);
  const read = model.sheets.some((sheet) => !distribution(sheet.name) && sheet.cells.some((cell) => `${cell.formula ?? ""}${cell.native ?? ""}`.includes("Distribution!")));
  return read ? model : { ...model, sheets: model.sheets.filter((sheet) => !distribution(sheet.name)) };
}
