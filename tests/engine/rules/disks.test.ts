/**
 * A server's disks, JBOD's and RAID's, declared once (src/engine/rules/disks.ts): the compiled value, the formula
 * evaluated by the project's evaluator and Microsoft's calculator's Storage Design cells agree.
 */
import { readFileSync } from "fs";
import { join } from "path";
import { evaluateFormula } from "../../../src/formula";
import { MICROSOFT_FACTOR_DEFAULTS } from "../../../src/engine/microsoft/tables";
import { SERVER_DISK_RULES, type ServerDiskRule } from "../../../src/engine/rules/disks";

interface Row {
  name: string;
  calc: Record<string, number | string>;
}
const rows: Row[] = JSON.parse(readFileSync(join(__dirname, "../../fixtures/microsoft-calculator-designs.json"), "utf8")).designs;
const factors = { ...(MICROSOFT_FACTOR_DEFAULTS as unknown as Record<string, number>), restoreVolumes: 1 };

describe("a JBOD server's disks as rules", () => {
  // d01-issue27-lagged: 3,400 mailboxes of 4 GB and a 5 GB archive, 4 servers, 3 HA copies and a lagged
  // one, the calculator's 4,000 GB disk: 4 databases a volume (Volume Requirements!I7), recalculated by
  // LibreOffice (tests/fixtures).
  const row = rows.find((r) => r.name === "d01-issue27-lagged")!;
  const cell = (at: string) => row.calc[at] as number;
  const values = {
    copiesPerServer: cell("Role Requirements!C102"),
    volumeDatabases: cell("Volume Requirements!I7"),
    v: cell("Volume Requirements!I7"),
    databaseGB: cell("Volume Requirements!E123"),
    logGB: cell("Volume Requirements!F123"),
    diskRawGB: 4000,
    askedVolumeDatabases: 0,
    autoReseedDisks: 1,
  };
  const order = Object.keys(values) as (keyof typeof values)[];
  const cells = Object.fromEntries(order.map((key, column) => [key, `${"ABCDEFGH"[column]}1`]));
  const evaluate = (key: ServerDiskRule) => evaluateFormula(SERVER_DISK_RULES.formula(key, cells), { cell: (_s, r, c) => (r === 0 && c < order.length ? values[order[c]] : null) });

  test.each([
    ["jbodVolumeGB", "Volume Requirements!I123"],
    ["jbodRestoreGB", "Volume Requirements!I9"],
    ["databaseLogVolumes", "Storage Design!C182"],
    ["jbodCalculatorDisks", "Storage Design!C197"],
  ] as const)("%s: the compiled value, the formula's and the calculator's (%s) agree", (key, at) => {
    const compiled = SERVER_DISK_RULES.compile(key, order)(order.map((k) => values[k]), factors);
    expect(compiled).toBeCloseTo(cell(at), 9);
    expect(evaluate(key)).toBe(compiled);
  });

  test("one database a volume asked has no AutoReseed disk (Volume Requirements!I10)", () => {
    const autoReseed = SERVER_DISK_RULES.compile("jbodAutoReseedDisks", ["askedVolumeDatabases", "autoReseedDisks"]);
    expect([autoReseed([1, 2], {}), autoReseed([0, 2], {}), autoReseed([3, 2], {})]).toEqual([0, 2, 2]);
  });
});

describe("a RAID server's disks as rules", () => {
  // d10-raid-2copies: 7,600 mailboxes of 150 KB messages on 2 servers, 2 copies, the calculator's 4,000 GB
  // 7.2K RPM SAS 3.5" disk (57.5 IOPS, Tables!B241), recalculated by LibreOffice (tests/fixtures).
  const row = rows.find((r) => r.name === "d10-raid-2copies")!;
  const cell = (at: string) => row.calc[at] as number;
  // The server's database IOPS (Role Requirements!D281) read 60:40 in a DAG up to 250 messages (C29).
  const serverIops = cell("Role Requirements!D281");
  const values = {
    copiesPerServer: cell("Role Requirements!C102"),
    volumeDatabases: cell("Volume Requirements!I7"),
    databaseGB: cell("Volume Requirements!E123"),
    logGB: cell("Volume Requirements!F123"),
    readIops: serverIops * 0.6,
    writeIops: serverIops * (1 - 0.6),
    diskRawGB: 4000,
    diskIops: 57.5,
    spareDisks: 0,
    servers: 2,
  };
  const order = Object.keys(values) as (keyof typeof values)[];
  const cells = Object.fromEntries(order.map((key, column) => [key, `${"ABCDEFGHIJ"[column]}1`]));
  const evaluate = (key: ServerDiskRule) => evaluateFormula(SERVER_DISK_RULES.formula(key, cells), { cell: (_s, r, c) => (r === 0 && c < order.length ? values[order[c]] : null) });

  test.each([
    ["restoreGB", "Volume Requirements!I9"],
    ["calculatorDisks", "Storage Design!C194"],
  ] as const)("%s: the compiled value, the formula's and the calculator's (%s) agree", (key, at) => {
    const compiled = SERVER_DISK_RULES.compile(key, order)(order.map((k) => values[k]), factors);
    expect(compiled).toBeCloseTo(cell(at), 9);
    expect(evaluate(key)).toBe(compiled);
  });

  test("RAID-1/0 is chosen for a 7.2K disk (Storage Design!C164), and RAID-5 only where it needs fewer disks", () => {
    expect(row.calc["Storage Design!C164"]).toBe("RAID-1/0");
    expect(evaluate("raid5Chosen")).toBe(false);
    const chosen = SERVER_DISK_RULES.compile("raid5Chosen", ["parityOffered", "raid5Disks", "raid10Disks"]);
    expect([chosen([true, 18, 20], {}), chosen([true, 20, 20], {}), chosen([false, 0, 20], {})]).toEqual([true, false, false]);
  });

  test.each([
    // j01-raid-only-s07: 3 copies on 4 servers, JBOD not considered (Input!C107 "No"): one database a volume.
    ["j01-raid-only-s07", { copies: 3, copiesFirstSite: 3, serversFirstSite: 4, serversSecondSite: 0, considerJbod: 0 }],
    // d15-raid-two-sites: 2 copies on 4 + 4 servers: too few copies for several a volume.
    ["d15-raid-two-sites", { copies: 2, copiesFirstSite: 1, serversFirstSite: 4, serversSecondSite: 4, considerJbod: 1 }],
    // d01-issue27-lagged: 4 copies in one site, JBOD considered: every copy a volume, as on its JBOD disks.
    ["d01-issue27-lagged", { copies: 4, copiesFirstSite: 4, serversFirstSite: 4, serversSecondSite: 0, considerJbod: 1 }],
  ] as const)("the databases a RAID volume holds: %s's Volume Requirements!I7", (name, d) => {
    const at = rows.find((r) => r.name === name)!.calc["Volume Requirements!I7"];
    const inputs = { ...d, activePassive: 0, diskRawGB: 4000, askedVolumeDatabases: 0, largestDatabaseGB: 2000 };
    const keys = ["copies", "copiesFirstSite", "serversFirstSite", "serversSecondSite", "activePassive", "diskRawGB", "askedVolumeDatabases", "largestDatabaseGB"] as const;
    const compiled = SERVER_DISK_RULES.compile("raidVolumeDatabases", keys)(keys.map((k) => inputs[k]), { considerJbod: d.considerJbod });
    expect(compiled).toBe(at);
    const cellsOf = Object.fromEntries([...keys, "considerJbod"].map((k, c) => [k, `${"ABCDEFGHIJ"[c]}1`]));
    const all: number[] = [...keys.map((k) => inputs[k]), d.considerJbod];
    expect(evaluateFormula(SERVER_DISK_RULES.formula("raidVolumeDatabases", cellsOf), { cell: (_s, r, c) => (r === 0 && c < all.length ? all[c] : null) })).toBe(compiled);
  });

  test("the restore volume in words", () => {
    expect(SERVER_DISK_RULES.words("restoreDisks")).toBe("restore volumes a server × whole groups with their parity disks of (the restore volume ÷ a disk's formatted capacity) rounded up, 2, 1");
  });

  test("every rule cites the calculator's sheet and cell", () => {
    for (const rule of Object.values(SERVER_DISK_RULES.rules)) {
      expect(rule.source).toMatchObject({ publisher: "Microsoft", title: "Exchange Server Role Requirements Calculator" });
      expect(rule.source.at).toMatch(/^[A-Z][A-Za-z ]+![A-Z]+\d+$/);
    }
  });
});
