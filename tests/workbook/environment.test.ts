/**
 * Several DAGs, totals for the environment. The Inputs sheet's EnvironmentUsers (the CLI's
 * --environment-users, the pane's "Mailboxes in the environment") makes the design one DAG of an
 * environment of identical DAGs; the Summary's "The environment" block shows the environment's DAGs,
 * mailbox servers and databases, live and in Excel's own functions (the customer copy), equal to
 * sizeDesign's environment (environmentOf) and `exsize design --json`'s figures; the Design check,
 * designProblems (the pane's and the CLI's rules), the pane's form and `exsize design` accept and
 * refuse the same environments.
 */
import fc from "fast-check";
import { runDesign } from "../../src/cli/design";
import { REFERENCE_DESIGN_INPUTS, REFERENCE_PRESETS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { SizingError } from "../../src/engine/errors";
import { readDesignForm, referenceForm } from "../../src/taskpane/headline-form";
import { designCheckText, designProblems } from "../../src/workbook/design-check";
import { evaluateWorkbook, nativeModel, type WorkbookValues } from "../../src/workbook/evaluate";
import { SUMMARY_ENVIRONMENT_CELLS } from "../../src/workbook/sheets/summary";
import { DESIGN_CHECK_CELL, INPUT_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { MAX_LIVE_DESIGNS } from "../../src/workbook/compare";
import { withoutDistribution } from "./light-model";
import { tablesOf, withTiers, type TypedTier } from "./tier-model";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(6 * WORKBOOK_MS);

const R = REFERENCE_DESIGN_INPUTS;
const sheets = templateSheetNames();
const E = SUMMARY_ENVIRONMENT_CELLS;

/** The Summary's environment block: DAGs, servers, databases, and the first cell's line. */
const block = (values: WorkbookValues) => {
  const s = values[sheets.summary];
  return { line: s[E.line], note: s[E.note], dags: s[E.dags], servers: s[E.servers], databases: s[E.databases] };
};
/** What the block shows for sizeDesign's design: its environment, or one line and empty cells for one DAG. */
function expected(inputs: WorkbookInputs) {
  const d = sizeDesign(inputs);
  const given = inputs.environmentUsers !== undefined && inputs.environmentUsers !== "" && inputs.environmentUsers !== 0;
  if (!given) return { line: "One DAG", note: expect.stringMatching(/^the environment is this design/), dags: "", servers: "", databases: "" };
  const n = (x: number) => x.toLocaleString("en-US");
  return { line: "DAGs in the environment", note: `${n(Number(inputs.environmentUsers))} mailboxes in the environment, ${n(inputs.users)} a DAG`, dags: d.dags, servers: d.environmentServers, databases: d.dags * d.databases };
}

describe("the Summary's environment is sizeDesign's, live and native", () => {
  // 004_1d3a339e6fd03f64.txt §4: "to host 100,000 mailboxes the solution requires 14 DAGs" of 16
  // servers (8 + 8); §4.1 Table 4: 336 databases a DAG (14 × 336 = 4,704 databases, 14 × 16 = 224 servers).
  const preset = REFERENCE_PRESETS["dellemc-2016"];
  test("dellemc-2016: 14 DAGs, 224 mailbox servers, 4,704 databases (004 §4, §4.1 Table 4), live and in the customer copy", () => {
    const model = referenceDesign({ inputs: preset.inputs });
    const want = { line: "DAGs in the environment", note: "100,000 mailboxes in the environment, 7,600 a DAG", dags: 14, servers: 224, databases: 4704 };
    expect(block(evaluateWorkbook(withoutDistribution(model)))).toEqual(want);
    expect(block(evaluateWorkbook(withoutDistribution(nativeModel(model))))).toEqual(want);
    const d = sizeDesign(preset.inputs);
    expect({ line: want.line, note: want.note, dags: d.dags, servers: d.environmentServers, databases: d.dags * d.databases }).toEqual(want);
  });

  test("the reference design (EnvironmentUsers empty) is one DAG: one line, no rows of zeros; 0 says the same", () => {
    for (const environmentUsers of ["" as const, 0]) {
      const inputs = { ...R, environmentUsers };
      expect(block(evaluateWorkbook(withoutDistribution(referenceDesign({ inputs }))))).toEqual(expected(inputs));
    }
  });

  const designs: fc.Arbitrary<WorkbookInputs> = fc
    .record({
      users: fc.integer({ min: 500, max: 30_000 }),
      quotaMB: fc.constantFrom(1024, 2048, 10_240),
      copies: fc.integer({ min: 2, max: 4 }),
      exchangeVersion: fc.constantFrom(2010, 2016, 2019),
      serversSite1: fc.integer({ min: 2, max: 6 }),
      serversSite2: fc.oneof(fc.constant("" as const), fc.integer({ min: 2, max: 6 })),
      dagLayout: fc.constantFrom("active/active", "active/passive"),
      dags: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })),
      extra: fc.nat({ max: 1 }),
    })
    .map(({ dags, extra, ...r }) => {
      // A whole number of DAGs, or one mailbox past them (one more DAG); 0 DAGs: the input empty.
      const environmentUsers = dags === 0 ? ("" as const) : dags * r.users + extra;
      return { ...R, maxDatabaseGB: 2048, ...r, environmentUsers } as WorkbookInputs;
    })
    .filter((inputs) => designProblems(inputs).length === 0);

  test("random accepted designs: the block equals sizeDesign's environment, live and native", () => {
    fc.assert(
      fc.property(designs, (inputs) => {
        const model = withoutDistribution(referenceDesign({ inputs }));
        const want = expected(inputs);
        expect(block(evaluateWorkbook(model))).toEqual(want);
        const native = block(evaluateWorkbook(nativeModel(model)));
        // Microsoft's method in Excel's own functions may show no deployed count (tests/workbook/lagged-copies.test.ts): never another number.
        if (typeof native.databases !== "number" && typeof want.databases === "number") expect({ ...native, databases: want.databases }).toEqual(want);
        else expect(native).toEqual(want);
      }),
      { numRuns: Number(process.env.RUNS ?? 12) },
    );
  });
});

/** `exsize design --json` with the design's inputs: its exit status and figures. */
async function cli(inputs: WorkbookInputs): Promise<{ code: number; figures?: Record<string, unknown>; stderr: string }> {
  const args = [
    ["--users", inputs.users], ["--copies", inputs.copies], ["--exchange-version", inputs.exchangeVersion],
    ["--servers-site1", inputs.serversSite1], ...(inputs.serversSite2 === "" ? [] : [["--servers-site2", inputs.serversSite2]]),
    ["--environment-users", inputs.environmentUsers ?? ""],
  ].flatMap(([flag, value]) => [String(flag), String(value)]);
  const out: string[] = [];
  const err: string[] = [];
  const code = await runDesign([...args, "--json"], { stdout: (l) => out.push(l), stderr: (l) => err.push(l) });
  return { code, ...(code === 0 ? { figures: JSON.parse(out.join("\n")).design } : {}), stderr: err.join("\n") };
}

/** The pane's form with the design's fields as typed. */
function pane(inputs: WorkbookInputs) {
  const form = { ...referenceForm(), users: String(inputs.users), copies: String(inputs.copies), exchangeVersion: String(inputs.exchangeVersion), serversSite1: String(inputs.serversSite1), serversSite2: String(inputs.serversSite2), environmentUsers: String(inputs.environmentUsers ?? "") };
  return readDesignForm(form);
}

describe("the Design check, the pane and exsize design accept and refuse the same environments", () => {
  const environments: fc.Arbitrary<WorkbookInputs> = fc
    .record({
      users: fc.integer({ min: 1000, max: 20_000 }),
      copies: fc.constantFrom(2, 3),
      exchangeVersion: fc.constantFrom(2010, 2016),
      serversSite1: fc.constantFrom(3, 4),
      serversSite2: fc.constantFrom("" as const, 3),
      // Below a DAG, exactly one, a DAG and a mailbox, many; empty and 0 (one DAG).
      pick: fc.constantFrom("below", "one", "oneMore", "many", "empty", "zero"),
      k: fc.integer({ min: 2, max: 50 }),
      less: fc.integer({ min: 1, max: 999 }),
    })
    .map(({ pick, k, less, ...r }) => {
      const environmentUsers = { below: r.users - less, one: r.users, oneMore: r.users + 1, many: k * r.users, empty: "" as const, zero: 0 }[pick];
      return { ...R, ...r, environmentUsers } as WorkbookInputs;
    });

  test("designProblems, the Inputs' Design check cell, the pane's form and exsize design --environment-users: one verdict, and --json's figures are the Summary's", async () => {
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(environments, async (inputs) => {
        const problems = designProblems(inputs);
        const values = evaluateWorkbook(withoutDistribution(referenceDesign({ inputs })));
        const cell = values[sheets.inputs][DESIGN_CHECK_CELL.inputs];
        const { code, figures, stderr } = await cli(inputs);
        const form = pane(inputs);
        expect({ cell, code, pane: form.ok }).toEqual(problems.length === 0 ? { cell: designCheckText(inputs), code: 0, pane: true } : { cell: problems[0].summary, code: 1, pane: false });
        if (problems.length > 0) {
          const message = `environmentUsers must be a whole number of mailboxes, at least a DAG's (users, ${inputs.users.toLocaleString("en-US")}); got ${String(inputs.environmentUsers)}`;
          expect(problems.map((p) => p.message)).toContain(message);
          expect(stderr).toContain(message);
          // The pane says it in its words: its labels for the code names.
          expect(form.ok ? [] : form.formErrors.join(" ")).toBe(`Mailboxes in the environment and Users: Mailboxes in the environment${message.slice("environmentUsers".length)}.`);
          // The engine refuses it in the same words.
          expect(() => sizeDesign(inputs)).toThrow(message);
          seen.refused++;
        } else {
          const d = sizeDesign(inputs);
          expect(figures).toMatchObject({ dags: d.dags, environmentServers: d.environmentServers, environmentDatabases: d.dags * d.databases });
          const b = block(values);
          if (b.dags !== "") expect([b.dags, b.servers, b.databases]).toEqual([figures!.dags, figures!.environmentServers, figures!.environmentDatabases]);
          else expect(figures!.dags).toBe(1);
          seen.accepted++;
        }
      }),
      // Two refused and two accepted environments always, whatever the draw (a run of 20 may draw one "below").
      { numRuns: Number(process.env.RUNS ?? 20), examples: [[{ ...R, users: 5000, environmentUsers: 4999 }], [{ ...R, users: 8000, copies: 3, serversSite1: 3, environmentUsers: 1000 }], [{ ...R, environmentUsers: 50_000 }], [{ ...R, environmentUsers: "" }]] },
    );
    expect(seen.accepted).toBeGreaterThan(3);
    expect(seen.refused).toBeGreaterThan(1);
  });

  test("each surface refuses a value its rule refuses: 12.5 and -1 mailboxes (the cell's data validation, the option, the field)", async () => {
    const cellRule = referenceDesign().sheets.find((s) => s.name === sheets.inputs)!.cells.find((c) => c.address === INPUT_CELLS.environmentUsers)!.rule!;
    expect(cellRule).toMatchObject({ kind: "whole", min: 0, max: 1_000_000_000, allowBlank: true });
    for (const bad of ["12.5", "-1"]) {
      const err: string[] = [];
      expect(await runDesign(["--environment-users", bad, "--json"], { stdout: () => undefined, stderr: (l) => err.push(l) })).toBe(2);
      expect(err[0]).toBe(`exsize design: --environment-users: environmentUsers must be a whole number from 0 to 1,000,000,000; got "${bad}"`);
      const form = readDesignForm({ ...referenceForm(), environmentUsers: bad });
      expect(form.ok ? "accepted" : form.fieldErrors.environmentUsers).toBe("Mailboxes in the environment must be a whole number from 0 to 1,000,000,000.");
    }
  });

  test("a value past the cell's validation (12,000.5 pasted) is named by the Design check as designProblems names it; the engine refuses it too", () => {
    const inputs = { ...R, environmentUsers: 12_000.5 };
    expect(evaluateWorkbook(withoutDistribution(referenceDesign({ inputs })))[sheets.inputs][DESIGN_CHECK_CELL.inputs]).toBe(designProblems(inputs)[0].summary);
    expect(designProblems(inputs)[0].summary).toBe("Not a design: Mailboxes in the environment must be empty, 0 (one DAG) or a whole number of at least a DAG's mailboxes (Users, or by Microsoft's method every mailbox tier's).");
    expect(() => sizeDesign(inputs)).toThrow(SizingError);
  });

  test("with mailbox tiers a DAG holds every tier's mailboxes: designProblems, the Design check cell, the Summary's DAGs and sizeDesign agree", () => {
    // Fixture t01 (tests/fixtures/microsoft-calculator-designs.json): 3,400 + 2,000 = 5,400 mailboxes a DAG (Role Requirements!C98).
    const base = { ...R, users: 3400, quotaMB: 4096, archiveMB: 5120, copies: 3, serversSite1: 4, exchangeVersion: 2016 } as WorkbookInputs;
    const tiers: TypedTier[] = [{}, { mailboxes: 2000, messagesPerDay: 200, messageKB: 75, quotaMB: 2048 }];
    const tables = tablesOf(base, tiers);
    const seen: Array<[number | string, unknown, unknown]> = [];
    for (const [environmentUsers, method] of [[5000, "auto"], [5400, "auto"], [10_801, "auto"], [5000, "dell"]] as const) {
      const inputs = { ...base, environmentUsers, method };
      const values = evaluateWorkbook(withoutDistribution(withTiers(referenceDesign({ inputs }), tiers)));
      const cell = values[sheets.inputs][DESIGN_CHECK_CELL.inputs];
      const problems = designProblems(inputs, undefined, tables);
      if (problems.length > 0) {
        const message = "environmentUsers must be a whole number of mailboxes, at least a DAG's (every mailbox tier's, 5,400); got 5000";
        expect(problems[0].message).toBe(message);
        expect(cell).toBe(problems[0].summary);
        expect(() => sizeDesign(inputs, tables)).toThrow(message);
        seen.push([environmentUsers, method, "refused"]);
      } else {
        expect(cell).toBe(designCheckText(inputs, undefined, tables));
        const d = sizeDesign(inputs, tables);
        expect(block(values).dags).toBe(d.dags);
        seen.push([environmentUsers, method, d.dags]);
      }
    }
    // Dell's process sizes the design's one profile: a DAG of Users (3,400), two of them in 5,000.
    expect(seen).toEqual([[5000, "auto", "refused"], [5400, "auto", 1], [10_801, "auto", 3], [5000, "dell", 2]]);
  });
});

test("the Design check stays within Excel's 8,192 characters for every design a workbook holds (the pane's Compare designs: up to MAX_LIVE_DESIGNS beside the first)", () => {
  // The environment's verdict is a helper cell's (Inputs!E, environmentCheckFormula): inline, the check passed the limit at suffix " 10".
  for (const copy of [1, 2, MAX_LIVE_DESIGNS + 1]) {
    const suffix = copy === 1 ? "" : ` ${copy}`;
    const inputs = referenceDesign({ suffix }).sheets.find((s) => s.name === templateSheetNames(suffix).inputs)!;
    const check = inputs.cells.find((c) => c.address === DESIGN_CHECK_CELL.inputs)!.formula!;
    expect({ suffix, short: check.length <= 8192 }).toEqual({ suffix, short: true });
  }
});

