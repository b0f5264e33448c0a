/**
 * The design's title, whom it is prepared for and by, and its revision date — cells on
 * Inputs, options of `exsize design` (derived from the input rows), fields of the pane — on the
 * Summary's heading and in every sheet's printed header and footer, in one date style (ISO).
 */
import ExcelJS from "exceljs";
import { headerFooterCodes } from "../../src/cli/xlsx-writer";
import { inputOptions, parseCommand, readInputs } from "../../src/cli/design-options";
import { readDesignForm, referenceForm, FORM_FIELDS } from "../../src/taskpane/headline-form";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import { inputFromCell, inputFromText } from "../../src/workbook/input-values";
import { checkedRule } from "../../src/workbook/styles";
import { DEFAULT_TITLE, INPUT_CELLS, referenceDesign } from "../../src/workbook/template";
import { SUMMARY_HEADING_CELLS } from "../../src/workbook/sheets/summary";
import { builtDesign } from "../support/built-designs";
import { WORKBOOK_MS } from "../support/timeouts";

const GIVEN = { title: "Contoso mail 2027", preparedFor: "Contoso, Ltd & partners", preparedBy: "J. Doe" };

describe("the Summary's heading", () => {
  test("names the design, whom it is prepared for and by, and the revision date", () => {
    const model = referenceDesign({ inputs: GIVEN, revised: "2026-11-24" });
    const summary = evaluateWorkbook(model).Summary;
    expect(summary[SUMMARY_HEADING_CELLS.title]).toBe("Contoso mail 2027: summary");
    expect(summary[SUMMARY_HEADING_CELLS.prepared]).toBe("Prepared for Contoso, Ltd & partners by J. Doe · revised 2026-11-24");
  });

  test.each([
    [{}, `${DEFAULT_TITLE}: summary`, "Revised 2026-11-24"],
    [{ preparedBy: "J. Doe" }, `${DEFAULT_TITLE}: summary`, "Prepared by J. Doe · revised 2026-11-24"],
    [{ preparedFor: "Contoso" }, `${DEFAULT_TITLE}: summary`, "Prepared for Contoso · revised 2026-11-24"],
  ])("without some of them: %j", (inputs, title, prepared) => {
    const summary = evaluateWorkbook(referenceDesign({ inputs, revised: "2026-11-24" })).Summary;
    expect([summary[SUMMARY_HEADING_CELLS.title], summary[SUMMARY_HEADING_CELLS.prepared]]).toEqual([title, prepared]);
  });

  test("the revision date is today's, ISO, when none is given", () => {
    const model = referenceDesign();
    expect(model.revised).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(model.revised).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe("every printed page", () => {
  test("the header holds the title, whom it is for and by, and the sheet; the footer the revision date, ISO", () => {
    const model = referenceDesign({ inputs: GIVEN, revised: "2026-11-24" });
    expect(headerFooterCodes(model)).toEqual({
      header: "&LContoso mail 2027&CPrepared for Contoso, Ltd && partners by J. Doe&R&A",
      footer: "&LRevised 2026-11-24&RPage &P of &N",
    });
  });

  test("without them: the default title and the date, no empty centre", () => {
    expect(headerFooterCodes(referenceDesign({ revised: "2026-11-24" }))).toEqual({ header: `&L${DEFAULT_TITLE}&R&A`, footer: "&LRevised 2026-11-24&RPage &P of &N" });
  });
});

describe("the three text inputs' rule", () => {
  test.each([
    ["title", "  Contoso mail 2027 ", { value: "Contoso mail 2027" }],
    ["title", "", { value: "" }],
    ["preparedFor", "Contoso, Ltd", { value: "Contoso, Ltd" }],
  ] as const)("%s %j is accepted", (key, text, expected) => {
    expect(inputFromText(key, text)).toEqual(expected);
  });

  test.each([
    ["title", "=HYPERLINK(\"http://x\")"],
    ["title", "+44 20"],
    ["preparedFor", "-x"],
    ["preparedBy", "@cmd"],
    ["title", "two\nlines"],
    ["title", "x".repeat(61)],
    ["preparedBy", "y".repeat(51)],
  ] as const)("%s %j is refused, with the rule's words", (key, text) => {
    const checked = inputFromText(key, text);
    expect(checked).toEqual({ problem: expect.stringMatching(/must be one line of at most \d+ characters, not starting with = \+ - or @; got /) });
  });

  test("a number typed in the cell is its text; an error cell is refused", () => {
    expect(inputFromCell("title", 2027)).toEqual({ value: "2027" });
    expect(inputFromCell("title", { error: "#N/A" })).toEqual({ problem: expect.stringContaining("got #N/A") });
  });

  test("the cell's data validation is the same rule: length, one line, no formula-like opening", () => {
    expect(checkedRule(referenceDesign().sheets.find((s) => s.name === "Inputs")!.cells.find((c) => c.address === INPUT_CELLS.title)!.rule!, INPUT_CELLS.title)).toEqual({
      kind: "custom",
      formula: `AND(LEN(${INPUT_CELLS.title})<=60,ISERROR(FIND(CHAR(10),${INPUT_CELLS.title})),ISERROR(FIND(LEFT(${INPUT_CELLS.title},1),"=+-@")))`,
    });
  });
});

describe("the CLI and the pane take them", () => {
  test("options --title, --prepared-for, --prepared-by, read as text", () => {
    expect(inputOptions().filter((o) => o.rule.kind === "text").map((o) => o.option)).toEqual(["--title", "--prepared-for", "--prepared-by"]);
    const inputs = readInputs(parseCommand(["--title", "Contoso mail 2027", "--prepared-for=Contoso, Ltd & partners", "--prepared-by", "J. Doe"], []).given);
    expect(inputs).toMatchObject(GIVEN);
    expect(() => readInputs(parseCommand(["--title", "=1+1"], []).given)).toThrow(/^--title: title must be one line/);
  });

  test("the pane's optional text fields: empty is fine, a formula-like text is refused by the field's label", () => {
    expect(FORM_FIELDS.filter((f) => f.kind === "text").map((f) => f.key)).toEqual(["title", "preparedFor", "preparedBy"]);
    const empty = readDesignForm(referenceForm());
    expect(empty.ok && ["title" in empty.inputs, "preparedFor" in empty.inputs, "preparedBy" in empty.inputs]).toEqual([false, false, false]);
    const given = readDesignForm({ ...referenceForm(), ...GIVEN });
    expect(given.ok && given.inputs).toMatchObject(GIVEN);
    const refused = readDesignForm({ ...referenceForm(), title: "=cmd" });
    expect(refused.ok ? undefined : refused.fieldErrors.title).toBe("Design title must be one line of at most 60 characters, not starting with = + - or @.");
  });

  test(
    "exsize design --title … writes them on Inputs, the Summary's heading and every sheet's header",
    async () => {
      const { file } = await builtDesign(["--title", GIVEN.title, "--prepared-for", GIVEN.preparedFor, "--prepared-by", GIVEN.preparedBy]);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.readFile(file);
      const inputs = workbook.getWorksheet("Inputs")!;
      expect([inputs.getCell(INPUT_CELLS.title).value, inputs.getCell(INPUT_CELLS.preparedFor).value, inputs.getCell(INPUT_CELLS.preparedBy).value]).toEqual([
        GIVEN.title,
        GIVEN.preparedFor,
        GIVEN.preparedBy,
      ]);
      const heading = workbook.getWorksheet("Summary")!.getCell(SUMMARY_HEADING_CELLS.title).value as ExcelJS.CellFormulaValue;
      expect(heading.result).toBe("Contoso mail 2027: summary");
      for (const sheet of workbook.worksheets) {
        expect({ sheet: sheet.name, header: sheet.headerFooter.oddHeader }).toEqual({
          sheet: sheet.name,
          header: "&LContoso mail 2027&CPrepared for Contoso, Ltd && partners by J. Doe&R&A",
        });
        expect(sheet.headerFooter.oddFooter).toMatch(/^&LRevised \d{4}-\d{2}-\d{2}&RPage &P of &N$/);
      }
    },
    WORKBOOK_MS,
  );
});
