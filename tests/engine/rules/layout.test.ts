/**
 * The copy layout's balanced count as a rule (rules/layout.ts): for every DAG of one or two sites the engine can
 * lay out, the rule's count equals the product of the distinct periods of layout.ts balancingPeriods (the general
 * model, which three and four sites still use), and its formula, evaluated, equals the rule.
 */
import { evaluateFormula } from "../../../src/formula";
import { activeServerCount, balancingRounds, balancedDatabaseCount, MAX_COPIES, MAX_SERVERS, validateLayoutDesign, type LayoutDesign } from "../../../src/engine/layout";
import { LAYOUT_RULES } from "../../../src/engine/rules/layout";

type Design = Pick<LayoutDesign, "serversPerSite" | "copies" | "laggedCopies" | "layout">;

/** Every valid design of one or two sites, at most 16 servers and 16 copies, with every count of lagged copies. */
function everyDesign(): Design[] {
  const designs: Design[] = [];
  for (let n1 = 1; n1 <= MAX_SERVERS; n1++) {
    for (let n2 = 0; n1 + n2 <= MAX_SERVERS; n2++) {
      for (let copies = 1; copies <= MAX_COPIES; copies++) {
        for (let lagged = 0; lagged < copies; lagged++) {
          for (const layout of n2 === 0 ? (["active/active"] as const) : (["active/active", "active/passive"] as const)) {
            const design: Design = { serversPerSite: n2 === 0 ? [n1] : [n1, n2], copies, laggedCopies: lagged, layout };
            try {
              validateLayoutDesign({ ...design, databases: 1 });
            } catch {
              continue;
            }
            designs.push(design);
          }
        }
      }
    }
  }
  return designs;
}

describe("the balanced count, a rule", () => {
  const designs = everyDesign();

  test("there are designs of both kinds (a control)", () => {
    expect(designs.filter((d) => d.serversPerSite.length === 2 && d.layout === "active/passive").length).toBeGreaterThan(1000);
    expect(designs.filter((d) => d.serversPerSite.length === 1).length).toBeGreaterThan(500);
  });

  test("for every design of one or two sites, the rule's count is the product of the distinct periods", () => {
    const differ: string[] = [];
    for (const design of designs) {
      const unit = activeServerCount(design) * balancingRounds(design);
      for (const minimum of [1, 7, 100, 1000]) {
        const expected = Math.max(1, Math.ceil(minimum / unit)) * unit;
        const got = balancedDatabaseCount(minimum, design);
        if (got !== expected) differ.push(`${JSON.stringify(design)} at ${minimum}: ${got}, periods ${expected}`);
      }
    }
    expect(differ.slice(0, 5)).toEqual([]);
  });

  test("its formula over cells, evaluated, is the rule's value", () => {
    const cells = { copies: "A1", copiesFirstSite: "A2", serversFirstSite: "A3", serversSecondSite: "A4", twoSites: "A5", passive: "A6", laggedCopies: "A7", minimum: "A8" };
    const formula = `=${LAYOUT_RULES.formula("balancedDatabases", cells)}`;
    const differ: string[] = [];
    designs.forEach((design, k) => {
      if (k % 7 !== 0) return;
      const [n1, n2 = 0] = design.serversPerSite;
      // One site: no number in the second site's cell, as the customer copy leaves it.
      const values = [design.copies, Math.ceil(design.copies / (n2 > 0 ? 2 : 1)), n1, n2 > 0 ? n2 : "", n2 > 0, design.layout === "active/passive", design.laggedCopies ?? 0, 100];
      const value = evaluateFormula(formula, { cell: (_sheet, row) => values[row] });
      const got = balancedDatabaseCount(100, design);
      if (value !== got) differ.push(`${JSON.stringify(design)}: formula ${String(value)}, rule ${got}`);
    });
    expect(differ.slice(0, 5)).toEqual([]);
  });
});

describe("the design the layout refuses, a rule", () => {
  test("for every design of one or two sites, the rule refuses exactly what layout.ts validateLayoutDesign refuses", () => {
    const refused = LAYOUT_RULES.compile("layoutRefused", ["copies", "serversFirstSite", "serversSecondSite", "twoSites", "passive", "laggedCopies"]);
    const differ: string[] = [];
    let refusals = 0;
    for (let n1 = 1; n1 <= MAX_SERVERS; n1++) {
      for (let n2 = 0; n1 + n2 <= MAX_SERVERS; n2++) {
        for (let copies = 1; copies <= MAX_COPIES; copies++) {
          for (let lagged = 0; lagged <= copies; lagged++) {
            for (const layout of ["active/active", "active/passive"] as const) {
              const design: LayoutDesign = { serversPerSite: n2 === 0 ? [n1] : [n1, n2], copies, laggedCopies: lagged, layout, databases: 1 };
              let engine = false;
              try {
                validateLayoutDesign(design);
              } catch {
                engine = true;
              }
              const rule = refused([copies, n1, n2, n2 > 0, layout === "active/passive", lagged], {}) as unknown as boolean;
              if (rule) refusals++;
              if (rule !== engine) differ.push(`${JSON.stringify(design)}: rule ${rule}, engine ${engine}`);
            }
          }
        }
      }
    }
    expect(refusals).toBeGreaterThan(1000);
    expect(differ.slice(0, 5)).toEqual([]);
  });
});
