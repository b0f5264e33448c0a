/**
 * The customer copy's native formulas for the DAG layout (src/engine/excel-formulas.ts) compute
 * what EX_FAILOVER and EX_LAYOUT compute, for the template's inputs: ServersFirstSite,
 * ServersSecondSite (empty: one site), Copies, DagLayout, the databases and lagged copies.
 */
import fc from "fast-check";
import {
  activeServerCount,
  balancedDatabaseCount,
  balancedDatabasesFormula,
  balancingRounds,
  failoverFormula,
  layoutPreference,
  layoutHomeFormula,
  layoutPreferenceFormula,
  layoutRoundFormula,
  SizingError,
  type DagLayout,
  type FailoverResult,
  type FailoverScenario,
} from "../../src/engine";
import { evaluateFormula } from "../../src/formula";
import { EX_FAILOVER } from "../../src/functions/worksheet";
import { namedCells } from "../support/named-cells";

const SCENARIOS: FailoverScenario[] = ["normal", "server", "site", "site+server"];
const RESULTS: FailoverResult[] = ["servers", "databases", "mailboxes", "target"];
const NAMES = { serversFirstSite: "ServersFirstSite", serversSecondSite: "ServersSecondSite", copies: "Copies", layout: "DagLayout", lagged: "Lagged" };

const sites = fc
  .tuple(fc.integer({ min: 1, max: 16 }), fc.option(fc.integer({ min: 1, max: 15 }), { nil: null }))
  .filter(([a, b]) => a + (b ?? 0) <= 16);

const sameAs = (actual: unknown, expected: unknown, formula: string) => {
  if (expected instanceof SizingError) {
    if (!(actual instanceof SizingError) || actual.code !== expected.code) throw new Error(`expected ${String(expected)}, got ${String(actual)}\n${formula.slice(0, 400)}`);
    return;
  }
  expect(actual).toBe(expected);
};

describe("failoverFormula gives what EX_FAILOVER gives, NA() where not survivable, #VALUE! where the design cannot exist", () => {
  test("004 and 002 at their published inputs", () => {
    const f004 = { users: "7600", serversFirstSite: "8", serversSecondSite: "8", copies: "4", layout: '"active/active"', iopsPerMailbox: "0.121", databases: "336" };
    expect(SCENARIOS.map((s) => evaluateFormula(failoverFormula(s, "databases", f004)))).toEqual([21, 24, 42, 48]); // 004_1d3a339e6fd03f64.txt, 4
    expect(SCENARIOS.map((s) => evaluateFormula(failoverFormula(s, "mailboxes", f004)))).toEqual([475, 543, 950, 1086]);
    const f002 = { users: "12500", serversFirstSite: "6", serversSecondSite: "3", copies: "3", layout: '"active/passive"', iopsPerMailbox: "0.121" };
    expect(evaluateFormula(failoverFormula("normal", "mailboxes", f002))).toBe(2084); // 002_65f0dd5fd4776492.txt, 4.1, @erratum E6
    expect(evaluateFormula(failoverFormula("site", "mailboxes", f002))).toBe(4167); // @erratum E6
  });

  test("for every one- or two-site design of up to 16 servers, copies, lag and layout; default databases and balanced counts given", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        sites,
        fc.integer({ min: 1, max: 16 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom<DagLayout>("active/active", "active/passive"),
        fc.option(fc.integer({ min: 1, max: 4 }), { nil: null }),
        fc.constantFrom(...SCENARIOS),
        fc.constantFrom(...RESULTS),
        (users, [s1, s2], copies, lagged, layout, units, scenario, result) => {
          const serversPerSite = s2 === null ? [s1] : [s1, s2];
          const shape = { serversPerSite, copies, layout, laggedCopies: lagged };
          let databases: number | null = null;
          try {
            const unit = activeServerCount(shape) * balancingRounds(shape);
            if (unit > 3000) return; // docs/dag-layout.md: asymmetric active/active designs balance only at large counts
            if (units !== null) databases = unit * units;
          } catch {
            /* an invalid design: both sides must say #VALUE! */
          }
          const formula = failoverFormula(scenario, result, { ...NAMES, users: "Users", iopsPerMailbox: "0.121", databases: databases === null ? "" : "Databases" });
          expect(formula.length).toBeLessThan(8192); // Excel's limit
          const context = namedCells({ Users: users, ServersFirstSite: s1, ServersSecondSite: s2, Copies: copies, DagLayout: layout, Lagged: lagged, Databases: databases });
          const expected = EX_FAILOVER(users, [[s1], [s2]], copies, scenario, layout, 0.121, result, databases, lagged);
          sameAs(evaluateFormula(formula, context), expected, formula);
        },
      ),
      { numRuns: 1500 },
    );
  });

  test("balancedDatabasesFormula is EX_FAILOVER's count: 336 stays 336 for 004, 29 becomes 30 for 002", () => {
    const a = { serversFirstSite: "8", serversSecondSite: "8", copies: "4", layout: '"active/active"' };
    expect(evaluateFormula(balancedDatabasesFormula("336", a))).toBe(336);
    expect(evaluateFormula(balancedDatabasesFormula("29", { ...a, serversSecondSite: "3", serversFirstSite: "6", copies: "3", layout: '"active/passive"' }))).toBe(30);
    fc.assert(
      fc.property(sites, fc.integer({ min: 1, max: 8 }), fc.constantFrom<DagLayout>("active/active", "active/passive"), fc.integer({ min: 1, max: 500 }), ([s1, s2], copies, layout, minimum) => {
        const shape = { serversPerSite: s2 === null ? [s1] : [s1, s2], copies, layout, laggedCopies: 0 };
        let expected: unknown;
        try {
          const count = balancedDatabaseCount(minimum, shape);
          if (count > 3000) return;
          expected = EX_FAILOVER(1, [[s1], [s2]], copies, "normal", layout, null, "count", count);
        } catch {
          expected = EX_FAILOVER(1, [[s1], [s2]], copies, "normal", layout, null, "count", 1);
        }
        const context = namedCells({ ServersFirstSite: s1, ServersSecondSite: s2, Copies: copies, DagLayout: layout, Lagged: 0 });
        sameAs(evaluateFormula(balancedDatabasesFormula(String(minimum), NAMES), context), expected, "");
      }),
      { numRuns: 500 },
    );
  });
});

describe("layoutPreferenceFormula is the Distribution sheet's cell: layoutPreference, or empty", () => {
  test("for random designs, databases and servers", () => {
    fc.assert(
      fc.property(sites, fc.integer({ min: 1, max: 16 }), fc.constantFrom<DagLayout>("active/active", "active/passive"), fc.integer({ min: 0, max: 400 }), fc.integer({ min: 0, max: 15 }), ([s1, s2], copies, layout, d, server) => {
        const serversPerSite = s2 === null ? [s1] : [s1, s2];
        const s = server % (s1 + (s2 ?? 0));
        const design = { serversPerSite, copies, layout, databases: d + 1 };
        let expected: number | string;
        try {
          EX_FAILOVER(1, [[s1], [s2]], copies, "normal", layout, null, "count", d + 1);
          balancedDatabaseCount(1, { ...design, laggedCopies: 0 });
          expected = EX_FAILOVER(1, [[s1], [s2]], copies, "normal", layout, null, "count", d + 1) instanceof SizingError ? "invalid" : (layoutPreference(design, d, s) ?? "");
        } catch {
          return;
        }
        if (expected === "invalid") return; // the sheet shows no grid: balancedDatabasesFormula is #VALUE!
        const names = { ServersFirstSite: s1, ServersSecondSite: s2, Copies: copies, DagLayout: layout, Lagged: 0, D: d, S: s };
        const home = evaluateFormula(layoutHomeFormula("D", NAMES), namedCells(names)) as number;
        const round = evaluateFormula(layoutRoundFormula("D", NAMES), namedCells(names)) as number;
        const formula = layoutPreferenceFormula("Home", "Round", "S", NAMES);
        expect(formula.length).toBeLessThan(8192);
        expect(evaluateFormula(formula, namedCells({ ...names, Home: home, Round: round }))).toBe(expected);
      }),
      { numRuns: 2000 },
    );
  });
});
