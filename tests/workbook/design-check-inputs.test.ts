/**
 * The Design check judges every input by its own rule (a value pasted past data
 * validation is no design), and the combined rules the CLI applies — at most 16 servers, the
 * databases the design deploys within the limits — alike in the workbook's cell and designProblems.
 */
import { evaluateWorkbook, withCellValues } from "../../src/workbook/evaluate";
import { withoutDistribution } from "./light-model";
import { DESIGN_OK, NOT_A_DESIGN, designProblems, inputRuleFormula } from "../../src/workbook/design-check";
import { DESIGN_CHECK_CELL, DESIGN_INPUT_ROWS, INPUT_CELLS, REFERENCE_DESIGN_INPUTS, referenceDesign, templateSheetNames, type WorkbookInputs } from "../../src/workbook/template";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

const sheets = templateSheetNames();
/** The Design check as the workbook shows it, with cells set as a person might paste them. */
function checkWith(cells: Partial<Record<keyof WorkbookInputs, number | string | undefined>>, inputs: Partial<WorkbookInputs> = {}): unknown {
  const model = withCellValues(
    withoutDistribution(referenceDesign({ inputs })),
    Object.entries(cells).map(([key, value]) => ({ sheet: sheets.inputs, address: INPUT_CELLS[key as keyof WorkbookInputs], value })),
  );
  return evaluateWorkbook(model)[sheets.inputs][DESIGN_CHECK_CELL.inputs];
}
const label = (key: keyof WorkbookInputs) => DESIGN_INPUT_ROWS.find((r) => r.key === key)!.label;

describe("values pasted past data validation are no design, and the check names the input", () => {
  test.each<[string, keyof WorkbookInputs, number | string]>([
    ["Copies 0", "copies", 0],
    ["QuotaMB −5", "quotaMB", -5],
    ["Users 1.5", "users", 1.5],
    ["Users as text", "users", "lots"],
    ["a version that is none", "exchangeVersion", 2011],
    ["a layout that is none", "dagLayout", "both"],
    ["a method that is none", "method", "guess"],
  ])("%s", (_case, key, value) => {
    expect(checkWith({ [key]: value })).toBe(`${NOT_A_DESIGN} ${label(key)}: ${DESIGN_INPUT_ROWS.find((r) => r.key === key)!.rule.error}.`);
  });

  // A server disk is a Hardware sheet name exactly, case aside: no wildcard (COUNTIF's * and ?) and no junk.
  test.each(["*", "8TB*", "?TB 7.2K NL-SAS 3.5\"", '1,2TB 7.2K RPM SAS 3.5"', "<>x"])("server disk %s is no design", (typed) => {
    expect(checkWith({ serverDisk: typed }, { exchangeVersion: 2016 })).toMatch(new RegExp(`^${NOT_A_DESIGN} Server disk: `));
  });

  test("a server disk typed in other case is that disk", () => {
    expect(checkWith({ serverDisk: '8tb 7.2k nl-sas 3.5"' }, { exchangeVersion: 2016 })).toBe(DESIGN_OK);
  });

  test("an empty second site is one site, and a method typed in capitals is that method", () => {
    expect(checkWith({ serversSite2: undefined })).toBe(DESIGN_OK);
    expect(checkWith({ method: "Microsoft" }, { exchangeVersion: 2016 })).toBe(DESIGN_OK);
  });

  test("every rule's formula accepts the reference design's value and refuses one past its bounds", () => {
    for (const row of DESIGN_INPUT_ROWS) {
      const formula = inputRuleFormula("X", row.rule);
      expect(formula).toMatch(/^IF\(LEN\(X&""\)=0,/);
      if (row.rule.kind === "whole" || row.rule.kind === "decimal") expect(formula).toContain(`X<=${row.rule.max}`);
      if (row.rule.kind === "text") expect(formula).toContain(`LEN(X)<=${row.rule.maxLength}`);
    }
  });
});

describe("the combined rules the CLI applies, in the cell too", () => {
  test("Dell's method's 756 databases on 2 + 7 servers with 3 copies: 462 copies on a server, past the 100 Exchange mounts", () => {
    const inputs = { ...REFERENCE_DESIGN_INPUTS, serversSite1: 2, serversSite2: 7, copies: 3, maxDatabaseGB: 100 };
    const [problem] = designProblems(inputs);
    expect(problem.message).toMatch(/462 copies on a server of site 1, past the 100 databases/);
    expect(checkWith({}, { serversSite1: 2, serversSite2: 7, copies: 3, maxDatabaseGB: 100 })).toBe(problem.summary);
  });

  test("9 + 8 servers: a DAG has at most 16 servers", () => {
    const inputs = { ...REFERENCE_DESIGN_INPUTS, serversSite1: 9, serversSite2: 8 };
    const [problem] = designProblems(inputs);
    expect(problem.message).toMatch(/at most 16 servers/);
    expect(checkWith({}, { serversSite1: 9, serversSite2: 8 })).toBe(problem.summary);
    // The servers are at fault, not the copies.
    expect(problem.summary).toMatch(/a DAG has at most 16 servers/);
    expect(problem.summary).not.toMatch(/copies/);
  });

  test("100,000 users in databases of 2.3 GB on 3 servers: the balanced count passes the 100,000-database limit", () => {
    const inputs = { ...REFERENCE_DESIGN_INPUTS, users: 100_000, maxDatabaseGB: 2.30094, serversSite1: 3 };
    const [problem] = designProblems(inputs);
    expect(problem.message).toMatch(/deploys 100,002 databases/);
    expect(checkWith({}, { users: 100_000, maxDatabaseGB: 2.30094, serversSite1: 3 })).toBe(problem.summary);
  });

  test("600 messages a day on Exchange 2016: Microsoft's method sizes up to 500; Dell's process, chosen, does", () => {
    const [problem] = designProblems({ ...REFERENCE_DESIGN_INPUTS, messagesPerDay: 600, exchangeVersion: 2016 });
    expect(problem.message).toMatch(/50 to 500 messages a day; got 600/);
    expect(checkWith({}, { messagesPerDay: 600, exchangeVersion: 2016 })).toBe(problem.summary);
    expect(designProblems({ ...REFERENCE_DESIGN_INPUTS, messagesPerDay: 600, exchangeVersion: 2016, method: "dell" })).toEqual([]);
    expect(checkWith({}, { messagesPerDay: 600, exchangeVersion: 2016, method: "dell" })).toBe(DESIGN_OK);
  });
});
