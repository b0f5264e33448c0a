/**
 * The environment declared once (src/engine/rules/environment.ts): its DAGs from its mailboxes and a DAG's,
 * compiled and as a formula, and the engine's environmentOf from them.
 */
import { evaluateFormula } from "../../../src/formula";
import { environmentOf } from "../../../src/engine/design/size-design";
import { ENVIRONMENT_RULES } from "../../../src/engine/rules/environment";

const dags = ENVIRONMENT_RULES.compile("dags", ["environmentMailboxes", "dagMailboxes"]);
const formula = (environment: number, dag: number) => evaluateFormula(ENVIRONMENT_RULES.formula("dags", { environmentMailboxes: "A1", dagMailboxes: "B1" }), { cell: (_s, r, c) => (r === 0 ? [environment, dag][c] ?? null : null) });

describe("the environment as rules", () => {
  test("the calculator's v7.6 example: 5,000 mailboxes (Input!C55) in DAGs of 2,500 (Role Requirements!C98) are its 2 DAGs (Input!C27)", () => {
    expect(dags([5000, 2500], {})).toBe(2);
    expect(formula(5000, 2500)).toBe(2);
    expect(environmentOf(2500, 5000, [2, 2])).toMatchObject({ dags: 2, environmentServers: 8 });
  });

  test("a mailbox past whole DAGs is one DAG more; fewer mailboxes than a DAG's are none, #N/A", () => {
    expect([dags([20001, 5000], {}), formula(20001, 5000)]).toEqual([5, 5]);
    expect(() => dags([4000, 5000], {})).toThrow(/no value/);
    expect(String(formula(4000, 5000))).toMatch(/#N\/A/);
  });
});
