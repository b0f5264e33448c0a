/**
 * The Calculator sheet of an imported calculator's design (`exsize import --out`, the pane's "Open a
 * calculator workbook"): the file it came from, each of its saved figures beside the design's with
 * agree or why not, and every input it sets that the design does not take. Values only: the design's
 * own sheets hold the live figures; this one records what the file said when it was read.
 */
import type { NotTaken, SavedFigure } from "../calculator-import";
import type { CellModel, SheetModel } from "../model";

/** The sheet's name for a design's suffix: "Calculator", "Calculator 2". */
export const calculatorSheetName = (suffix = ""): string => `Calculator${suffix}`;

export interface CalculatorSheetSource {
  file: string;
  calculator: string;
  version: string;
  /** The Exchange version the design is sized for, in words. */
  sizedFor: string;
}

export function calculatorSheet(suffix: string, source: CalculatorSheetSource, figures: readonly SavedFigure[], notTaken: readonly NotTaken[]): SheetModel {
  const cells: CellModel[] = [];
  const put = (address: string, value: number | string | boolean | null, role: CellModel["role"], wrap = false) => {
    if (value === null || value === "") return;
    cells.push({ address, value, role, ...(wrap ? { wrap: true } : {}) });
  };
  put("A1", `The calculator this design was read from`, "title");
  put("A2", `${source.file}: ${source.calculator} v${source.version}; the design sized for ${source.sizedFor} by the calculator's method.`, "note");
  put("A4", "Figure", "heading");
  put("B4", "Calculator cell", "heading");
  put("C4", "The file saved", "heading");
  put("D4", "The design", "heading");
  put("E4", "Agree", "heading");
  put("F4", "Why not", "heading");
  figures.forEach((f, i) => {
    const row = 5 + i;
    put(`A${row}`, f.label, "label");
    put(`B${row}`, `${f.sheet}!${f.cell} (${f.name})`, "source");
    put(`C${row}`, f.calculator, "output");
    put(`D${row}`, f.design, "output");
    put(`E${row}`, f.agree === null ? "not compared" : f.agree ? "yes" : "no", "output");
    if (f.agree !== true) put(`F${row}`, f.why ?? "", "note", true);
  });
  const start = 6 + figures.length;
  put(`A${start}`, "Inputs the file sets that the design does not take", "heading");
  put(`A${start + 1}`, "Name", "heading");
  put(`B${start + 1}`, "Cell", "heading");
  put(`C${start + 1}`, "Value", "heading");
  put(`F${start + 1}`, "What it moves in the calculator", "heading");
  notTaken.forEach((n, i) => {
    const row = start + 2 + i;
    put(`A${row}`, n.name, "label");
    put(`B${row}`, `${n.sheet}!${n.cell}`, "source");
    put(`C${row}`, n.value, "output");
    put(`F${row}`, n.moves ?? "", "note", true);
  });
  return { name: calculatorSheetName(suffix), columnWidths: [44, 40, 16, 14, 12, 80], frozenRows: 4, cells };
}
