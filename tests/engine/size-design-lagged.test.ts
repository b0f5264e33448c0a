/**
 * Lagged copies as a design input (src/engine/design/inputs.ts laggedCopies, lagDays). A
 * lagged copy is counted wherever copies are and never activated: in every failure the database is
 * active on a copy that is not lagged (src/engine/layout.ts activate). Microsoft's figures are the
 * EX_MS_* functions' with the factor laggedCopies (and lagDays), and the calculator's own at the
 * lagged designs of tests/fixtures/microsoft-calculator.json that our inputs express.
 */
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { activate, balancedDatabaseCount, scenarioFailures, FAILURE_SCENARIOS } from "../../src/engine/layout";
import { EX_MS_DATABASES, EX_MS_IOPS, EX_MS_SERVER } from "../../src/functions/microsoft";
import fixture from "../fixtures/microsoft-calculator.json";

const R = REFERENCE_DESIGN_INPUTS;

/** Every failure of up to two servers, and each site with one more server: more than the scenarios try. */
function everyFailure(servers: number): number[][] {
  const out: number[][] = [[]];
  for (let a = 0; a < servers; a++) {
    out.push([a]);
    for (let b = a + 1; b < servers; b++) out.push([a, b]);
  }
  return out;
}

describe("1 lagged copy of 4 on 2 + 2 servers, active/active", () => {
  const four: WorkbookInputs = { ...R, users: 5000, quotaMB: 10240, messagesPerDay: 200, messageKB: 75, copies: 4, laggedCopies: 1, lagDays: 7, serversSite1: 2, serversSite2: 2, exchangeVersion: 2016 };

  test.each(["microsoft", "dell"] as const)("%s's method: the lagged copy never carries an active database, in any failure", (method) => {
    const d = sizeDesign({ ...four, method });
    const layout = d.layout;
    expect(layout.design.laggedCopies).toBe(1);
    for (const copies of layout.copies) expect(copies.filter((c) => c.lagged).map((c) => c.preference)).toEqual([4]);
    const failures = [...everyFailure(4), ...FAILURE_SCENARIOS.flatMap((s) => scenarioFailures(layout, s).map((f) => f.failed))];
    for (const failed of failures) {
      const a = activate(layout, failed);
      a.activeServer.forEach((server, db) => {
        if (server < 0) return;
        expect(layout.copies[db].find((c) => c.server === server)!.lagged).toBe(false);
        expect(failed).not.toContain(server);
      });
    }
  });

  test("failures count only the three copies that can be activated: the site and a server is survivable, a site and two is not", () => {
    const d = sizeDesign(four);
    expect(d.scenarios.map((s) => [s.scenario, s.survivable])).toEqual([
      ["normal", true],
      ["server", true],
      ["site", true],
      // the second site holds one HA copy and the lagged one: losing the first site and a server of the second leaves only the lagged copy
      ["site+server", false],
    ]);
    const a = activate(d.layout, [0, 1, 2]);
    expect(a.lost.length).toBeGreaterThan(0);
  });

  test("the balancing unit counts only activatable copies, and the servers carry a unit's active databases once a unit (bbe796a)", () => {
    const d = sizeDesign(four);
    const unit = balancedDatabaseCount(1, { serversPerSite: [2, 2], copies: 4, laggedCopies: 1, layout: "active/active" });
    expect(d.databases % unit).toBe(0);
    const factors = [["laggedCopies", 1], ["lagDays", 7], ["databases", unit]];
    const atUnit = EX_MS_DATABASES(5000, 200, 75, 10240, [[2], [2]], 4, "active", factors) as number;
    expect(d.microsoft!.active.worst).toBe((d.databases / unit) * atUnit);
  });

  test("Microsoft's figures are the EX_MS_* functions' with the factors laggedCopies 1 and lagDays 7", () => {
    const d = sizeDesign(four);
    const factors = [["laggedCopies", 1], ["lagDays", 7], ["databases", d.databases], ["activeDatabases", d.microsoft!.active.worst]];
    const args = [5000, 200, 75, 10240, [[2], [2]], 4] as const;
    expect(d.databases).toBe(EX_MS_DATABASES(...args, "count", factors));
    expect(d.microsoft!.logSpaceGB).toBe(EX_MS_DATABASES(...args, "logspace", factors));
    expect(d.microsoft!.copiesPerServer).toBe(EX_MS_DATABASES(...args, "copies", factors));
    expect(d.dagDatabaseIops).toBe(EX_MS_IOPS(...args, "dag", factors));
    expect(d.memoryPerServerGB).toBe(EX_MS_SERVER(...args, 16, 0, "memory", factors));
    // the replay lag is in the log space: 7 days of logs, not the 3 of truncation failure (Role Requirements!I96)
    expect(d.microsoft!.logSpaceGB).toBeGreaterThan(EX_MS_DATABASES(...args, "logspace", [["databases", d.databases]]) as number);
  });

  test("no lagged copy: lagDays is not read (7 by default, the calculator's example)", () => {
    const none = { ...four, laggedCopies: 0 };
    expect(sizeDesign({ ...none, lagDays: 14 }).microsoft!.logSpaceGB).toBe(sizeDesign(none).microsoft!.logSpaceGB);
  });
});

describe("the rules: 0 ≤ lagged ≤ copies − 2 (two copies a failure can activate); none on a stand-alone server", () => {
  test.each([
    [4, 3, /4 copies keep at most 2 lagged/],
    [2, 1, /2 copies keep at most 0 lagged/],
    [1, 1, /stand-alone server \(1 copy\) has no copy to lag/],
  ])("%i copies, %i lagged: refused", (copies, laggedCopies, why) => {
    expect(() => sizeDesign({ ...R, copies, laggedCopies, serversSite1: 4 })).toThrow(why);
  });
  test("4 copies, 2 lagged: a design", () => expect(sizeDesign({ ...R, copies: 4, laggedCopies: 2, serversSite1: 4 }).layout.design.laggedCopies).toBe(2));
});

interface FixtureDesign {
  name: string;
  design: { mailboxes: number | number[][]; messages?: number; kb?: number; quota?: number; sites: number[]; copies: number; lagged?: number; factors?: Record<string, number> };
  rows: { r: string; cell: string; calc: number | string }[];
}
const byName = (name: string) => (fixture.designs as FixtureDesign[]).find((x) => x.name === name)!;
const calc = (x: FixtureDesign, cell: string) => x.rows.find((r) => r.cell === cell)!.calc as number;
const inputsOf = ({ design: g }: FixtureDesign): WorkbookInputs => ({
  ...R,
  users: g.mailboxes as number,
  messagesPerDay: g.messages!,
  messageKB: g.kb!,
  quotaMB: g.quota!,
  copies: g.copies,
  laggedCopies: g.lagged ?? 0,
  lagDays: g.factors?.lagDays ?? 7,
  serversSite1: g.sites[0],
  serversSite2: g.sites[1] ?? "",
  exchangeVersion: 2016,
});

/**
 * The calculator's own figures (v7.6 recalculated by ../shared/ms-calc-oracle, Input!C31 lagged copies,
 * G31 their lag in hours, G33 "No"): s10 is 15,000 mailboxes of 350 messages, 75 KB, 2 GB on 6
 * servers, 3 copies of which 1 lagged by 7 days; s39 9,000 mailboxes of 200 messages, 4 GB on 4
 * servers, 4 copies of which 2 lagged by 5 days (RAID: two HA copies). Their counts are balanced
 * (s10: 120 = 6 servers × 5 × 4 units; s39: 24), so the design deploys the calculator's count.
 */
describe.each([
  ["s10", 120, 60, 24, 288],
  ["s39-lag-raid", 24, 24, 8, 160],
] as const)("the calculator's lagged design %s, as our inputs", (name, databases, copiesPerServer, active, memoryGB) => {
  const x = byName(name);
  const d = sizeDesign(inputsOf(x));
  test.each([
    ["Role Requirements!C79", databases, () => d.databases],
    ["Role Requirements!C102", copiesPerServer, () => d.microsoft!.copiesPerServer],
    ["Role Requirements!C103", active, () => d.microsoft!.active.worst],
    ["Role Requirements!C142", memoryGB, () => d.memoryPerServerGB],
  ] as const)(`${name} %s: %d`, (cell, want, got) => {
    expect(calc(x, cell)).toBe(want);
    expect(got()).toBe(want);
  });
  test(`${name} Volume Requirements!F123: the log space with the lag`, () => expect(d.microsoft!.logSpaceGB).toBeCloseTo(calc(x, "Volume Requirements!F123"), 9));
  test(`${name} Role Requirements!E281: the DAG's database IOPS, every copy`, () => expect(d.dagDatabaseIops).toBeCloseTo(calc(x, "Role Requirements!E281"), 9));
});
