/**
 * A DAG in one site cannot lose a site. Its site scenarios say "does not apply (one site)"
 * once, in words, on Resilience and Distribution — never the red "not survivable" or "down" a real
 * failure earns — live and in the customer copy's Excel-only formulas alike; a two-site DAG keeps its
 * numbers. The Summary's worst failure is a failure that can occur.
 */
import { evaluateWorkbook, nativeModel, type WorkbookValues } from "../../src/workbook/evaluate";
import { NOT_SURVIVABLE, RESILIENCE_CELLS, SUMMARY_CELLS, referenceDesign, type WorkbookInputs } from "../../src/workbook/template";
import { ONE_SITE } from "../../src/workbook/sheets/resilience";

const text = (v: unknown) => (typeof v === "string" ? v : "");
const cellsSaying = (values: WorkbookValues, sheet: string, what: string) =>
  Object.entries(values[sheet]).filter(([, v]) => text(v).includes(what)).map(([address]) => address);

const ONE_SITE_DESIGNS: Array<[string, Partial<WorkbookInputs>]> = [
  ["the reference design (2 servers, one site)", {}],
  ["20,000 users, 3 copies on 6 servers in one site, Exchange 2016", { users: 20000, copies: 3, serversSite1: 6, exchangeVersion: 2016 }],
];

describe.each([
  ["live", (inputs: Partial<WorkbookInputs>) => evaluateWorkbook(referenceDesign({ inputs }))],
  ["customer copy (Excel's own functions)", (inputs: Partial<WorkbookInputs>) => evaluateWorkbook(nativeModel(referenceDesign({ inputs })))],
])("%s", (_kind, values) => {
  test.each(ONE_SITE_DESIGNS)("%s: the site scenarios do not apply, in words; nothing is red", (_name, inputs) => {
    const v = values(inputs);
    for (const sheet of ["Summary", "Resilience", "Distribution"]) {
      expect({ sheet, notSurvivable: cellsSaying(v, sheet, NOT_SURVIVABLE) }).toEqual({ sheet, notSurvivable: [] });
    }
    // The one server that fails is down; no site is.
    expect(cellsSaying(v, "Distribution", "down")).toHaveLength(1);
    for (const scenario of ["site", "site+server"]) {
      const r = RESILIENCE_CELLS.scenarioRow[scenario];
      expect(v.Resilience[`${RESILIENCE_CELLS.whatFails}${r}`]).toMatch(new RegExp(`: ${ONE_SITE.replace(/[()]/g, "\\$&")}$`));
      expect(["C", "D", "E", "F", "G", "H"].map((c) => v.Resilience[`${c}${r}`])).toEqual(["—", "—", "—", "—", "—", "—"]);
    }
    // Once on each sheet's scenario table: the site row and the site-and-server row.
    expect(cellsSaying(v, "Distribution", ONE_SITE)).toHaveLength(2);
    expect(v.Summary[SUMMARY_CELLS.worstFailure]).toBe("One server");
  });

  test("a two-site DAG keeps its site scenarios' numbers", () => {
    const v = values({ serversSite1: 2, serversSite2: 2, copies: 2 });
    expect(cellsSaying(v, "Resilience", ONE_SITE)).toEqual([]);
    expect(cellsSaying(v, "Distribution", ONE_SITE)).toEqual([]);
    const r = RESILIENCE_CELLS.scenarioRow.site;
    expect(v.Resilience[`${RESILIENCE_CELLS.whatFails}${r}`]).toBe("A whole site (the worst one to lose)");
    expect(v.Resilience[`${RESILIENCE_CELLS.activeMailboxes}${r}`]).toEqual(expect.any(Number));
  });
});
