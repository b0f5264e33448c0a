/**
 * The open workbook as a calculator file (the pane's "Read the open workbook"): its defined names and
 * the Input and Role Requirements sheets' values as Excel calculated them, in the shape the import
 * reads from a file (src/workbook/calculator-file.ts), so both are read and sized by the same code.
 * One sync for the names and sheets, one for the cells.
 */
import { CalculatorFileError, type CalculatorFile, type SheetCells } from "../workbook/calculator-file";
import { isExcelErrorText, type CellInput } from "../workbook/input-values";
import { columnLetters } from "./excel-writer";

/** The calculator's sheets the import reads, and the cells it reads them over (v7.6's Input ends at row 225, Role Requirements at 288). */
const READ_SHEETS = ["Input", "Role Requirements"] as const;
const READ_RANGE = "A1:J300";

/** A value as Office.js gives it: "" for an empty cell, an error as its text (#N/A). */
function cellInput(value: unknown): CellInput {
  if (value === "" || value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean") return value;
  const text = String(value);
  return isExcelErrorText(text) ? { error: text } : text;
}

export async function openWorkbookCalculator(context: Excel.RequestContext): Promise<CalculatorFile> {
  const worksheets = context.workbook.worksheets.load("items/name");
  const names = context.workbook.names.load("items/name,items/formula");
  const application = context.workbook.application.load("calculationMode");
  await context.sync();
  const sheetNames = worksheets.items.map((w) => w.name);
  if (!sheetNames.includes("Input")) throw new CalculatorFileError(`this is not a Microsoft Exchange Server Role Requirements Calculator: it has no Input sheet (its sheets: ${sheetNames.slice(0, 8).join(", ")})`);
  const ranges = READ_SHEETS.filter((s) => sheetNames.includes(s)).map((s) => [s, context.workbook.worksheets.getItem(s).getRange(READ_RANGE).load("values,formulas")] as const);
  await context.sync();
  const sheets = new Map<string, SheetCells>();
  for (const [name, range] of ranges) {
    const values = new Map<string, CellInput>();
    const formulas = new Set<string>();
    range.values.forEach((row, r) =>
      row.forEach((value, c) => {
        const address = `${columnLetters(c)}${r + 1}`;
        const v = cellInput(value);
        if (v !== null) values.set(address, v);
        const formula = range.formulas[r]?.[c];
        if (typeof formula === "string" && formula.startsWith("=")) formulas.add(address);
      }),
    );
    // The pane reads the cells Excel shows it; a protected sheet's values are as readable, so nothing is refused for it.
    sheets.set(name, { values, formulas, protectedWithPassword: false });
  }
  return {
    names: new Map(names.items.map((n) => [n.name, String(n.formula ?? "").replace(/^=/, "")])),
    sheetNames,
    macros: true,
    calculation: application.calculationMode === "Manual" ? "manual" : "automatic",
    sheet: (name) => sheets.get(name),
  };
}
