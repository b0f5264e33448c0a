/**
 * Page headers are text written with the workbook: an Excel header reads no cell (its codes
 * are the sheet, file, page and date), so a title edited on Inputs leaves the printed headers as they
 * were. The Inputs sheet says so beside the title, prepared-for and prepared-by inputs.
 */
import { INPUT_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";

test("a note below the title and names says page headers keep them as written", () => {
  const sheet = referenceDesign().sheets.find((s) => s.name === templateSheetNames().inputs)!;
  const below = Number(INPUT_CELLS.preparedBy.slice(1)) + 1;
  const row = sheet.cells.filter((c) => Number(c.address.replace(/^[A-Z]+/, "")) === below);
  expect(row).toEqual([{ address: `A${below}`, value: expect.stringMatching(/^Page headers print the title and names as written with the workbook/), role: "note" }]);
  expect(String(row[0].value).length).toBeLessThanOrEqual(140);
});
