/**
 * At most 100 database copies, active and passive, on a server, whatever the method:
 * Exchange Server's Enterprise edition mounts at most 100 databases a server (Microsoft, "Exchange
 * Server editions and versions"; the calculator's Variables!K35 holds the same 100). Dell's method
 * deployed 756 databases on 2 + 7 servers with 3 copies; the refusal now comes from every method, in
 * the cells (the Design check), the CLI and the pane alike, and advises only what would work.
 */
import fc from "fast-check";
import { REFERENCE_DESIGN_INPUTS, REFERENCE_PRESETS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { SizingError } from "../../src/engine/errors";
import { balancedDatabaseCount, busiestServerCopies, copyLayout, type LayoutDesign } from "../../src/engine/layout";
import { designProblems } from "../../src/workbook/design-check";
import { main } from "../../src/cli/main";
import { readDesignForm, referenceForm } from "../../src/taskpane/headline-form";

const DELL_2_7: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, serversSite1: 2, serversSite2: 7, copies: 3, maxDatabaseGB: 100 };

/** The copies each server holds, counted on the layout itself. */
function counted(design: LayoutDesign): number {
  const held = new Map<number, number>();
  for (const copies of copyLayout(design).copies) for (const c of copies) held.set(c.server, (held.get(c.server) ?? 0) + 1);
  return Math.max(...held.values());
}

describe("the busiest server's copies in closed form", () => {
  test("2 + 7 servers, 3 copies, 756 databases: 462 copies on each server of the first site", () => {
    const design: LayoutDesign = { serversPerSite: [2, 7], copies: 3, layout: "active/active", databases: 756 };
    expect(busiestServerCopies(design)).toBe(462);
    expect(counted(design)).toBe(462);
  });

  test("equals the layout's count for every balanced design of one or two sites", () => {
    const design = fc
      .tuple(fc.integer({ min: 1, max: 8 }), fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }), fc.integer({ min: 1, max: 6 }), fc.constantFrom("active/active", "active/passive" as const), fc.integer({ min: 1, max: 3 }))
      .map(([a, b, copies, layout, units]) => ({ serversPerSite: b === undefined ? [a] : [a, b], copies, layout: layout as LayoutDesign["layout"], units }));
    fc.assert(
      fc.property(design, ({ units, ...d }) => {
        let databases: number;
        try {
          databases = balancedDatabaseCount(1, { ...d, laggedCopies: 0 }) * units;
        } catch (e) {
          if (e instanceof SizingError) return;
          throw e;
        }
        if (databases > 3000) return;
        const full = { ...d, databases };
        expect(busiestServerCopies(full)).toBe(counted(full));
      }),
      { numRuns: 300 },
    );
  });
});

describe("every method refuses more than 100 copies a server", () => {
  test("Dell's method: 756 databases on 2 + 7 servers with 3 copies is refused, and the advice works", () => {
    expect(() => sizeDesign(DELL_2_7)).toThrow(/462 copies on a server of site 1, past the 100 databases \(active and passive\) an Exchange server mounts/);
    const message = (() => {
      try {
        sizeDesign(DELL_2_7);
      } catch (e) {
        return (e as Error).message;
      }
      return "";
    })();
    expect(message).not.toMatch(/Dell's method/);
    expect(message).not.toMatch(/maxDatabaseGB/); // one balancing unit is already 756 databases
  });

  test("Microsoft's method deploys the calculator's own count, so what a balanced count refused is built", () => {
    const built: Array<[string, WorkbookInputs]> = [
      ["2 + 7", { ...DELL_2_7, exchangeVersion: 2016, maxDatabaseGB: 2048 }],
      ["dellemc-2016 with 5 copies on 8 + 8", { ...REFERENCE_PRESETS["dellemc-2016"].inputs, copies: 5 }],
      ["3 + 5 at 20,000 users", { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016, serversSite1: 3, serversSite2: 5, copies: 3, users: 20_000 }],
    ];
    for (const [what, inputs] of built) {
      const d = sizeDesign(inputs);
      expect({ what, method: d.method, deployed: d.databases }).toEqual({ what, method: "microsoft", deployed: d.microsoftDatabases });
    }
  });

  test("each change a refusal advises makes a design that can be built, and none other is advised", () => {
    const refused: Array<[string, WorkbookInputs]> = [
      ["Dell's method on 2 + 7", DELL_2_7],
    ];
    for (const [what, inputs] of refused) {
      let message = "";
      try {
        sizeDesign(inputs);
      } catch (e) {
        message = (e as Error).message;
      }
      const advice = /; it fits with (.*)$/.exec(message)?.[1];
      expect({ what, advised: advice !== undefined || /neither larger databases/.test(message) }).toEqual({ what, advised: true });
      for (const change of advice?.split(", or ") ?? []) {
        const m = /^larger databases \(maxDatabaseGB ([\d,]+)\)$|^equal sites \((\d+) \+ (\d+) servers\)$|^more servers \((\d+)(?: \+ (\d+))?\)$|^(\d+) copies$|^(Dell's method)$/.exec(change);
        expect({ what, change, known: m !== null }).toEqual({ what, change, known: true });
        const [, gb, e1, e2, m1, m2, copies, dell] = m!;
        const changed: Partial<WorkbookInputs> = gb
          ? { maxDatabaseGB: Number(gb.replace(/,/g, "")) }
          : e1
            ? { serversSite1: Number(e1), serversSite2: Number(e2) }
            : m1
              ? { serversSite1: Number(m1), ...(m2 ? { serversSite2: Number(m2) } : {}) }
              : copies
                ? { copies: Number(copies) }
                : dell
                  ? { method: "dell" }
                  : {};
        expect(() => sizeDesign({ ...inputs, ...changed })).not.toThrow();
      }
      if (inputs.serversSite1 === inputs.serversSite2) expect(message).not.toMatch(/equal sites/);
    }
  });

  test("the Design check, the CLI and the pane refuse it alike", async () => {
    const [problem] = designProblems(DELL_2_7);
    expect(problem?.message).toMatch(/past the 100 databases/);
    const stderr: string[] = [];
    const code = await main(["design", "--servers-site1", "2", "--servers-site2", "7", "--copies", "3", "--max-db", "100", "--json"], { stdout: () => undefined, stderr: (l) => stderr.push(l) });
    expect(code).toBe(1);
    expect(stderr.join("\n")).toMatch(/past the 100 databases/);
    const form = readDesignForm({ ...referenceForm(), serversSite1: "2", serversSite2: "7", copies: "3", maxDatabaseGB: "100" });
    expect(JSON.stringify(form)).toMatch(/past the 100 databases/);
  });

  test("no design any method sizes puts more than 100 copies on a server", () => {
    const inputs = fc.record({
      users: fc.integer({ min: 100, max: 20_000 }),
      serversSite1: fc.integer({ min: 1, max: 8 }),
      serversSite2: fc.option(fc.integer({ min: 1, max: 8 }), { nil: "" as const }),
      copies: fc.integer({ min: 1, max: 4 }),
      maxDatabaseGB: fc.constantFrom(50, 100, 200, 500, 2000),
      exchangeVersion: fc.constantFrom(2010, 2016),
    });
    fc.assert(
      fc.property(inputs, (i) => {
        let d;
        try {
          d = sizeDesign({ ...REFERENCE_DESIGN_INPUTS, ...i });
        } catch (e) {
          if (e instanceof SizingError) return;
          throw e;
        }
        expect(busiestServerCopies(d.layout.design)).toBeLessThanOrEqual(100);
      }),
      { numRuns: 300 },
    );
  });
});
