/**
 * Microsoft's rules, the database count and the failures, over random designs: each rule's compiled value (the
 * engine's) is what its formula (the customer copy's) computes in the project's evaluator, and the engine's
 * activeDatabases is the failure rules' chain. These hold the rules' two renderings together without a workbook; the Methods and
 * Resilience sheets' tests hold the sheets' wiring of them.
 */
import fc from "fast-check";
import { SizingError } from "../../../src/engine/errors";
import { evaluateFormula } from "../../../src/formula";
import { activeDatabases } from "../../../src/engine/microsoft/design";
import { MICROSOFT_FACTOR_DEFAULTS as F } from "../../../src/engine/microsoft/tables";
import { MICROSOFT_RULES, type MicrosoftRule } from "../../../src/engine/rules/microsoft";
import { COUNT_OPERANDS, COUNT_RULES, type CountRule } from "../../../src/engine/rules/count";
import { FAILURE_MODE_RULES, FAILURE_OPERANDS, FAILURE_RULES, type FailureRule } from "../../../src/engine/rules/failures";
import type { RuleSet } from "../../../src/engine/rules/rule";

type Values = Record<string, number | boolean>;
/** Every factor at the calculator's default: the formulas write an absent factor as its default. */
const FACTORS = F as unknown as Readonly<Record<string, number>>;

const inputsOf = (operands: Readonly<Record<string, { kind: string }>>) => Object.keys(operands).filter((k) => operands[k].kind === "input");
const column = (k: number) => (k < 26 ? String.fromCharCode(65 + k) : `A${String.fromCharCode(65 + k - 26)}`);

/** Both renderings of `key` at `values`: the compiled value and the formula's, an error (or a number that is none) as "#N/A". */
function both<K extends string>(set: RuleSet<K>, key: K, values: Values, helpers: Partial<Record<string, number>> = {}) {
  const order = inputsOf(set.operands);
  const cells = Object.fromEntries(order.map((name, k) => [name, `${column(k)}1`]));
  const helperNames = Object.keys(helpers).filter((h) => h !== key);
  // The helpers' cells down column A from row 2, as a sheet gives a rule's quantities their own cells.
  const references = { ...cells, ...Object.fromEntries(helperNames.map((h, k) => [h, `A${k + 2}`])) };
  let compiled: number | string;
  try {
    compiled = set.compile(key, order)(order.map((k) => values[k]), FACTORS);
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    compiled = "#N/A";
  }
  const evaluated = evaluateFormula(set.formula(key, references), { cell: (_s, r, c) => (r === 0 && c < order.length ? values[order[c]] : r >= 1 && c === 0 && r - 1 < helperNames.length ? (helpers[helperNames[r - 1]] ?? null) : null) });
  // A figure divided by none (a second site's in one site, read by no other rule there) is NaN to the engine and an error to Excel.
  if (typeof compiled === "number" && !Number.isFinite(compiled)) compiled = "#N/A";
  return { compiled, evaluated: evaluated instanceof SizingError ? "#N/A" : evaluated };
}

/** A design the calculator sizes (design.ts checkDesign): each site's copies on as many servers. */
const valid = (d: { copies: number; serversFirstSite: number; serversSecondSite: number }) => {
  const first = Math.ceil(d.copies / (d.serversSecondSite > 0 ? 2 : 1));
  return first <= d.serversFirstSite && d.copies - first <= d.serversSecondSite + (d.serversSecondSite > 0 ? 0 : d.copies);
};
const design = fc.record({
  copies: fc.integer({ min: 1, max: 8 }),
  lagged: fc.integer({ min: 0, max: 6 }),
  serversFirstSite: fc.integer({ min: 1, max: 16 }),
  serversSecondSite: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 16 })),
  activePassive: fc.boolean(),
  databases: fc.integer({ min: 1, max: 200 }),
  copiesPerServer: fc.integer({ min: 1, max: 100 }),
  symmetricDatabases: fc.integer({ min: 0, max: 400 }),
  neverLess: fc.boolean(),
  replayLagManager: fc.boolean(),
}).filter(valid);

describe("Microsoft's rules over random designs", () => {
  test("every rule's formula computes its compiled value", () => {
    fc.assert(
      fc.property(
        design,
        fc.record({
          users: fc.integer({ min: 1, max: 60000 }),
          messagesPerDay: fc.integer({ min: 1, max: 520 }),
          messageKB: fc.double({ min: 1, max: 400, noNaN: true }),
          quotaMB: fc.integer({ min: 100, max: 102400 }),
          archiveMB: fc.constantFrom(0, 0, 10240),
          hourShare: fc.constantFrom(0.05, 0.1, 0.2),
          specRate: fc.constantFrom(0, 0, 500, 1200),
          cores: fc.constantFrom(8, 16, 24),
        }),
        (d, m) => {
          const two = d.serversSecondSite > 0;
          const values: Values = {
            ...m,
            copies: d.copies,
            serversFirstSite: d.serversFirstSite,
            serversSecondSite: d.serversSecondSite,
            databases: d.databases,
            laggedCopies: d.copies >= 2 ? Math.min(d.lagged, d.copies - 2) : 0,
            activePassive: two && d.activePassive ? 1 : 0,
            copiesFirstSite: Math.ceil(d.copies / (two ? 2 : 1)),
            active: Math.min(d.databases, d.copiesPerServer),
          };
          const keys = (Object.keys(MICROSOFT_RULES.rules) as MicrosoftRule[]).filter((key) => (MICROSOFT_RULES.rules[key].parameters ?? []).length === 0);
          const helpers: Record<string, number> = {};
          for (const key of keys) {
            const { compiled } = both(MICROSOFT_RULES, key, values);
            if (typeof compiled === "number") helpers[key] = compiled;
          }
          for (const key of keys) {
            // Written in full where Excel's 8,192 characters allow, else over its quantities' cells, as the sheets write it.
            const whole = MICROSOFT_RULES.formula(key, Object.fromEntries(Object.keys(values).map((k) => [k, "A1"]))).length < 8192;
            const { compiled, evaluated } = both(MICROSOFT_RULES, key, values, whole ? {} : helpers);
            expect([key, evaluated]).toEqual([key, compiled]);
          }
        },
      ),
      { numRuns: 80 },
    );
  });
});

describe("the failures' rules over random designs", () => {
  test("every rule's formula computes its compiled value; the engine's modes are the rules', none below zero", () => {
    fc.assert(
      fc.property(design, (d) => {
        const two = d.serversSecondSite > 0;
        const laggedCopies = d.copies >= 2 ? Math.min(d.lagged, d.copies - 2) : 0;
        const values: Values = {
          copies: d.copies,
          laggedCopies,
          copiesFirstSite: Math.ceil(d.copies / (two ? 2 : 1)),
          serversFirstSite: d.serversFirstSite,
          serversSecondSite: d.serversSecondSite,
          activePassive: two && d.activePassive ? 1 : 0,
          databases: d.databases,
          copiesPerServer: d.copiesPerServer,
          symmetricDatabases: d.symmetricDatabases,
          neverLess: d.neverLess ? 1 : 0,
          replayLagManager: d.replayLagManager ? 1 : 0,
          messagesPerDay: 150 * d.databases * 50,
          messageKB: 75,
          lagDays: laggedCopies > 0 ? 7 : 0,
          megacycles: 400 * d.databases,
          specRate: [0, 500, 1200][d.databases % 3],
          cores: [8, 16, 24][d.copiesPerServer % 3],
        };
        // The transport reads the modes' cells, as the Resilience sheet gives them.
        const modes = Object.fromEntries(Object.values(FAILURE_MODE_RULES).map((key) => [key, both(FAILURE_RULES, key, values).compiled as number]));
        for (const key of Object.keys(FAILURE_RULES.rules) as FailureRule[]) {
          if ((FAILURE_RULES.rules[key].parameters ?? []).length > 0) continue;
          const { compiled, evaluated } = both(FAILURE_RULES, key, values, /^transport/.test(key) ? modes : {});
          expect([key, evaluated]).toEqual([key, compiled]);
        }
        const sites = two ? [d.serversFirstSite, d.serversSecondSite] : [d.serversFirstSite];
        const a = activeDatabases(d.databases, sites, d.copies, d.copiesPerServer, laggedCopies, d.symmetricDatabases, d.activePassive && two, d.neverLess, d.replayLagManager);
        for (const [mode, key] of Object.entries(FAILURE_MODE_RULES)) {
          const v = both(FAILURE_RULES, key, values).compiled as number;
          expect([mode, a[mode as keyof typeof a]]).toEqual([mode, mode === "worst" ? v : Math.max(0, v)]);
          expect(Number.isFinite(a[mode as keyof typeof a])).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("the count's rules over random designs", () => {
  test("every rule's formula, reading the helpers' cells as the Methods sheet does, computes its compiled value", () => {
    const HELPERS = ["maxDatabases", "calculatedDatabases", "permutations"] as const;
    fc.assert(
      fc.property(
        design,
        fc.record({
          disk: fc.integer({ min: 100, max: 60000 }),
          peak: fc.double({ min: 0.01, max: 2, noNaN: true }),
          sized: fc.integer({ min: 1, max: 100000 }),
          diskRawGB: fc.constantFrom(0, 2000, 4000, 8000),
          diskIops: fc.constantFrom(57.5, 100, 200),
          asked: fc.constantFrom(0, 1, 2, 3),
          jbod: fc.boolean(),
          several: fc.boolean(),
          customMax: fc.constantFrom(0, 0, 500),
          set: fc.constantFrom(0, 0, 0, 1, 7, 40),
        }),
        (d, c) => {
          const two = d.serversSecondSite > 0;
          const values: Values = {
            copies: d.copies,
            copiesFirstSite: Math.ceil(d.copies / (two ? 2 : 1)),
            serversFirstSite: d.serversFirstSite,
            serversSecondSite: d.serversSecondSite,
            activePassive: two && d.activePassive ? 1 : 0,
            askedVolumeDatabases: c.asked,
            jbod: c.jbod && c.diskRawGB > 0,
            severalPerVolume: c.several && c.diskRawGB > 0,
            diskRawGB: c.diskRawGB,
            diskIops: c.diskIops,
            customMaxDatabaseGB: c.customMax,
            sizedMailboxes: c.sized,
            disk: c.disk,
            peakPerMailbox: c.peak,
            setDatabases: c.set,
            laggedCopies: d.lagged,
            dataOverhead: F.dataOverhead,
            contentIndexShare: F.contentIndexShare,
            volumeFreeShare: F.volumeFreeShare,
          };
          const helpers: Record<string, number> = {};
          for (const h of HELPERS) {
            const { compiled } = both(COUNT_RULES, h, values);
            if (typeof compiled !== "number") return; // a disk too slow for a database: no count, as the calculator's C76
            helpers[h] = compiled;
          }
          for (const key of Object.keys(COUNT_RULES.rules) as CountRule[]) {
            if ((COUNT_RULES.rules[key].parameters ?? []).length > 0) continue;
            const { compiled, evaluated } = both(COUNT_RULES, key, values, helpers);
            expect([key, evaluated]).toEqual([key, compiled]);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  test("a control: every input of both sets is given", () => {
    expect(inputsOf(COUNT_OPERANDS).length).toBe(19);
    expect(inputsOf(FAILURE_OPERANDS).length).toBe(17);
  });
});
