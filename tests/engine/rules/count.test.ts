/**
 * The database count declared once (src/engine/rules/count.ts): the compiled value, the formula evaluated by
 * the project's evaluator and Microsoft's calculator's Role Requirements cells agree.
 */
import { readFileSync } from "fs";
import { join } from "path";
import { evaluateFormula } from "../../../src/formula";
import { mailboxRequirement } from "../../../src/engine/microsoft/mailbox";
import { MICROSOFT_FACTOR_DEFAULTS as F } from "../../../src/engine/microsoft/tables";
import { COUNT_OPERANDS, COUNT_RULES, type CountRule } from "../../../src/engine/rules/count";

interface Row {
  name: string;
  calc: Record<string, number | string>;
}
const rows: Row[] = JSON.parse(readFileSync(join(__dirname, "../../fixtures/microsoft-calculator-designs.json"), "utf8")).designs;

describe("the database count as rules", () => {
  // d01-issue27-lagged: 3,400 mailboxes of 4 GB and a 5 GB archive at 150 messages of 75 KB, 4 servers, 3 HA copies
  // and a lagged one, the calculator's 4,000 GB 7.2K RPM SAS 3.5" disk (57.5 IOPS, Tables!B241), on JBOD with 4
  // databases a volume; recalculated by LibreOffice (tests/fixtures).
  const row = rows.find((r) => r.name === "d01-issue27-lagged")!;
  const cell = (at: string) => row.calc[at] as number;
  const mailbox = mailboxRequirement(150, 75, 4096, 5120, true, { ...F });
  const values: Record<string, number | boolean> = {
    copies: 4,
    copiesFirstSite: 4,
    serversFirstSite: 4,
    serversSecondSite: 0,
    activePassive: 0,
    askedVolumeDatabases: 0,
    jbod: true,
    severalPerVolume: true,
    diskRawGB: 4000,
    diskIops: 57.5,
    customMaxDatabaseGB: 0,
    sizedMailboxes: 3400,
    disk: mailbox.mailboxOnDiskMB,
    peakPerMailbox: mailbox.iops * (1 + F.ioOverhead),
    setDatabases: 0,
    laggedCopies: 0,
    dataOverhead: F.dataOverhead,
    contentIndexShare: F.contentIndexShare,
    volumeFreeShare: F.volumeFreeShare,
  };
  const order = Object.keys(values);
  const cells = Object.fromEntries(order.map((key, column) => [key, `${String.fromCharCode(65 + column)}1`]));
  const compiled = (key: CountRule) => COUNT_RULES.compile(key, order)(order.map((k) => values[k]), {});
  // As the Methods sheet does, the count reads its helpers' cells (row 2), so no formula repeats the whole count.
  const HELPERS = ["maxDatabases", "calculatedDatabases", "permutations"] as const;
  const evaluated = (key: CountRule) => {
    const helpers = Object.fromEntries(HELPERS.filter((h) => h !== key).map((h) => [h, `${String.fromCharCode(65 + HELPERS.indexOf(h))}2`]));
    return evaluateFormula(COUNT_RULES.formula(key, { ...cells, ...helpers }), { cell: (_s, r, c) => (r === 0 && c < order.length ? values[order[c]] : r === 1 && c < HELPERS.length ? compiled(HELPERS[c]) : null) });
  };

  test("every input the design gives is an operand of the count", () => {
    expect([...order].sort()).toEqual(Object.keys(COUNT_OPERANDS).filter((k) => COUNT_OPERANDS[k as keyof typeof COUNT_OPERANDS].kind === "input").sort());
  });

  test.each([
    ["calculatedMaxDatabaseGB", "Role Requirements!C62"],
    ["ioMailboxes", "Role Requirements!C74"],
    ["capacityMailboxes", "Role Requirements!C75"],
    ["volumeCopies", "Role Requirements!C83"],
    ["databases", "Role Requirements!C79"],
  ] as const)("%s: the compiled value, the formula's and the calculator's (%s) agree", (key, at) => {
    expect(compiled(key)).toBeCloseTo(cell(at), 9);
    expect(evaluated(key)).toBe(compiled(key));
  });

  test("the count's words read as the calculator's rule", () => {
    expect(COUNT_RULES.words("capacityMailboxes")).toBe("maximum database size × (1 − data overhead) × 1,024 ÷ mailbox size on disk");
    expect(COUNT_RULES.words("permutations")).toBe("the orders of copies in the first site of servers in the first site");
  });

  test("PERMUT: the engine's loop and the formula's product of 16 terms agree", () => {
    for (const [n, k] of [[4, 4], [8, 2], [3, 1], [16, 16], [5, 0]]) {
      const at: Record<string, number | boolean> = { ...values, serversFirstSite: n, copiesFirstSite: k };
      const expected = Array.from({ length: k }, (_, i) => n - i).reduce((a, b) => a * b, 1);
      expect(COUNT_RULES.compile("permutations", order)(order.map((key) => at[key]), {})).toBe(expected);
      expect(evaluateFormula(COUNT_RULES.formula("permutations", cells), { cell: (_s, r, c) => (r === 0 && c < order.length ? at[order[c]] : null) })).toBe(expected);
    }
  });

  test("a JBOD disk too slow for one database's mailboxes has no count (#N/A), as the calculator's C76", () => {
    const slow: Record<string, number | boolean> = { ...values, diskIops: 0.01 };
    expect(() => COUNT_RULES.compile("mailboxesPerDatabaseLimit", order)(order.map((k) => slow[k]), {})).toThrow(/no value/);
  });
});
