/**
 * The failures declared once (src/engine/rules/failures.ts): the compiled value, the formula evaluated by the
 * project's evaluator and Microsoft's calculator's Role Requirements cells agree; the engine's activeDatabases
 * is the rules' chain.
 */
import { readFileSync } from "fs";
import { join } from "path";
import { evaluateFormula } from "../../../src/formula";
import { activeDatabases } from "../../../src/engine/microsoft/design";
import { FAILURE_OPERANDS, FAILURE_RULES, type FailureRule } from "../../../src/engine/rules/failures";

interface Row {
  name: string;
  calc: Record<string, number | string>;
}
const rows: Row[] = JSON.parse(readFileSync(join(__dirname, "../../fixtures/microsoft-calculator-designs.json"), "utf8")).designs;

type Values = Record<keyof typeof FAILURE_OPERANDS, number>;
const order = Object.keys(FAILURE_OPERANDS).filter((k) => FAILURE_OPERANDS[k as keyof typeof FAILURE_OPERANDS].kind === "input");
const cells = Object.fromEntries(order.map((key, column) => [key, `${String.fromCharCode(65 + column)}1`]));
const compiled = (key: FailureRule, v: Partial<Values>) => FAILURE_RULES.compile(key, order)(order.map((k) => v[k as keyof Values] ?? 0), {});
const evaluated = (key: FailureRule, v: Partial<Values>) => evaluateFormula(FAILURE_RULES.formula(key, cells), { cell: (_s, r, c) => (r === 0 && c < order.length ? (v[order[c] as keyof Values] ?? 0) : null) });

describe("the failures as rules", () => {
  // d01-issue27-lagged: 4 servers in one site, 3 HA copies and a lagged one, 48 databases (C79), 48 copies a
  // server (C102); recalculated by LibreOffice (tests/fixtures). The symmetric count, C78, is the count's rules'
  // (tests/engine/rules/count.test.ts): 48 over PERMUT(4, 4) = 24, up to 48.
  const row = rows.find((r) => r.name === "d01-issue27-lagged")!;
  const design: Partial<Values> = { copies: 4, laggedCopies: 1, copiesFirstSite: 4, serversFirstSite: 4, databases: row.calc["Role Requirements!C79"] as number, copiesPerServer: row.calc["Role Requirements!C102"] as number, symmetricDatabases: 48 };

  test("the worst failure's active databases: compiled, formula and the calculator's C103 agree", () => {
    expect(compiled("worstActive", design)).toBe(row.calc["Role Requirements!C103"]);
    expect(evaluated("worstActive", design)).toBe(compiled("worstActive", design));
  });

  test.each(["normalActive", "serverActive", "doubleServerActive", "siteActive", "siteServerActive", "siteDoubleServerActive"] as const)("%s: the formula computes the compiled value", (key) => {
    expect(evaluated(key, design)).toBe(compiled(key, design));
  });

  test("the engine's activeDatabases is the rules' chain, each mode none below zero", () => {
    const a = activeDatabases(design.databases!, [4], 4, design.copiesPerServer!, 1, 48);
    expect(a.worst).toBe(row.calc["Role Requirements!C103"]);
    expect(a.normal).toBe(compiled("normalActive", design));
    expect(a.site).toBe(0);
  });

  // Microsoft's calculator at 500 mailboxes of 512 MB, 100 messages of 75 KB, 4 + 4 servers active/active, 6
  // copies of which 2 lagged (Input!C30 4, C31 2, C32 2, C33 1), 1 database set (G38 "No", G39 1), recalculated
  // by LibreOffice: 2 databases (Role Requirements!C79, the set one plus its remainder), 2 copies a server
  // (C102), 24 for symmetry (C78), the second site's two failures -1 (E196, D121: ROUNDUP((1 − 2) ÷ 2) rounds
  // away from zero, as Excel's ROUNDUP does), the worst 2 (C103).
  const small: Partial<Values> = { copies: 6, laggedCopies: 2, copiesFirstSite: 3, serversFirstSite: 4, serversSecondSite: 4, databases: 2, copiesPerServer: 2, symmetricDatabases: 24 };
  test("a negative count rounds up away from zero, as the calculator's Excel does (Role Requirements!D121 = E196)", () => {
    expect(compiled("secondTwo", small)).toBe(-1);
    expect(evaluated("secondTwo", small)).toBe(-1);
    expect(compiled("worstActive", small)).toBe(2);
  });

  test("equal sites, Replay Lag Manager, the first site's two failures not survivable: a site and two more fail with none, never NaN", () => {
    // 13 databases on 9 + 9 servers, 6 copies of which 4 lagged: the second site's lagged copies activate after a
    // site's loss (Input!G33), so it survives two more failures; the first site's two failures have no figure
    // (C121 "--"), which the calculator's C129 adds to itself: none here, where it would be an error there.
    const a = activeDatabases(13, [9, 9], 6, 41, 4, 80, false, true, true);
    for (const value of Object.values(a)) expect(Number.isFinite(value)).toBe(true);
    expect(a.siteDoubleServer).toBe(0);
    expect(a.worst).toBe(2);
  });
});
