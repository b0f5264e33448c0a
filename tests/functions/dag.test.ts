/**
 * Beyond the reference design: failure scenarios, mailbox server sizing, Jetstress
 * validation and the user's own hardware. Numbers from the ESRPs and the VMware paper cite them.
 */
import fc from "fast-check";
import { EX_ARRAYS, EX_FAILOVER, EX_LAYOUT, EX_IOPS, EX_JETSTRESS, EX_SERVER, EX_SPINDLES, SizingError } from "../../src/functions";
import { ESRP_002_TABLE_12, ESRP_004_TABLE_9 } from "../fixtures/esrp-jetstress";

const errorOf = (value: unknown): string => {
  if (!(value instanceof SizingError)) throw new Error(`expected an error value, got ${String(value)}`);
  return String(value);
};

describe("EX_FAILOVER reproduces 004_1d3a339e6fd03f64.txt (7,600 mailboxes, 8 + 8 servers, 4 copies, active/active)", () => {
  test.each([
    ["normal", 475, "475 (during normal operations)"], // 004, Table 6
    ["site", 950, "950 (during site failure)"], // 004, Table 6
    ["site+server", 1086, "1,086 (in tested failover during worst-case failure)"], // 004, 4 and Table 6
  ])("%s: %i active mailboxes per server — %s", (scenario, mailboxes) => {
    expect(EX_FAILOVER(7600, [[8, 8]], 4, scenario)).toBe(mailboxes);
  });

  test("a site and one more server down is the default scenario and leaves 7 servers running", () => {
    expect(EX_FAILOVER(7600, [[8, 8]], 4)).toBe(1086);
    expect(EX_FAILOVER(7600, [[8, 8]], 4, null, null, null, "servers")).toBe(7);
  });

  // 004_1d3a339e6fd03f64.txt, 4 ("42-RAID 0 LUNs hosting one active and three passive databases", 475 per
  // server) and its activation table (42 / 950 after the site, 48 / 1,086 after one more server);
  // 24 / 543 for one server is the same rotation: a failed server's 21 actives over its 7 site peers.
  test.each([
    ["normal", 21, 475, 16],
    ["server", 24, 543, 15],
    ["site", 42, 950, 8],
    ["site+server", 48, 1086, 7],
  ])("from its own inputs, 336 databases — %s: %i active databases, %i mailboxes, %i servers running", (scenario, databases, mailboxes, running) => {
    expect(EX_FAILOVER(7600, [[8, 8]], 4, scenario, "active/active", null, "databases", 336)).toBe(databases);
    expect(EX_FAILOVER(7600, [[8, 8]], 4, scenario, "active/active", null, "mailboxes", 336)).toBe(mailboxes);
    expect(EX_FAILOVER(7600, [[8, 8]], 4, scenario, "active/active", null, "servers", 336)).toBe(running);
  });

  test("target 132 IOPS per server at 0.121 IOPS per mailbox (004, Table 9: Target Disk Transfers/sec 132)", () => {
    // 1,086 × 0.121 = 131.4, rounded up.
    expect(EX_FAILOVER(7600, [[8, 8]], 4, "site+server", "active/active", 0.121, "target")).toBe(132);
  });

  test("in normal operation 229 IOPS per server and 3,666 per DAG (004, Figure 6)", () => {
    const dag = EX_IOPS(7600, 150, 4, "dag", 2016) as number;
    expect(Math.floor(dag)).toBe(3666);
    expect(Math.floor(dag / 16)).toBe(229);
  });

  test("one server down in a site of 8: its 3,800 mailboxes on 7 servers → 543", () => {
    expect(EX_FAILOVER(7600, [[8, 8]], 4, "server")).toBe(543); // ceil(3,800 / 7 = 542.9)
  });
});

describe("EX_FAILOVER reproduces 002_65f0dd5fd4776492.txt (12,500 mailboxes, 6 + 3 servers, 3 copies, active/passive)", () => {
  test("local site down: 12,500 on 3 servers → 4,167 per server (@erratum E6: 002 prints 4,166)", () => {
    // 002, 4.1: "Each server is capable of handling the load for 4,166 users" — 12,500 / 3 = 4,166.7
    // truncated; the busiest of 3 servers carries 4,167. A sizing tool rounds up (as E3).
    expect(EX_FAILOVER(12500, [[6, 3]], 3, "site", "active/passive")).toBe(4167);
  });

  test("target ≈ 504 IOPS (002, Table 12: 504): 4,167 × 0.121 = 504.2, rounded up to 505 (@erratum E6)", () => {
    const target = EX_FAILOVER(12500, [[6, 3]], 3, "site", "active/passive", 0.121, "target") as number;
    expect(target).toBe(505);
    expect(Math.abs(target - 504)).toBeLessThanOrEqual(1);
  });

  test("with the calculator's 0.1206 per mailbox the target is 505 too: Jetstress is given the profile at three decimals, rounded up (002 §5: 0.121)", () => {
    const perMailbox = EX_IOPS(1, 150, 3, "peruser", 2013) as number;
    expect(perMailbox).toBeCloseTo(0.1206, 6);
    expect(EX_FAILOVER(12500, [[6, 3]], 3, "site", "active/passive", perMailbox, "target")).toBe(505);
    // 004 Table 9: 1,086 mailboxes → 132 (1,086 × 0.1206 is 130.97, × 0.121 is 131.4).
    expect(EX_FAILOVER(7600, [[8, 8]], 4, "site+server", "active/active", perMailbox, "target")).toBe(132);
  });

  test("normal operation: 12,500 on the 6 local servers → 2,084 (002, Table 7 prints 2,083, truncated — E6)", () => {
    expect(EX_FAILOVER(12500, [[6, 3]], 3, "normal", "active/passive")).toBe(2084);
  });

  test("a site and then a server cannot fail: the remote site keeps one copy, and #N/A names the databases", () => {
    expect(errorOf(EX_FAILOVER(12500, [[6, 3]], 3, "site+server", "active/passive"))).toBe(
      // The remote site's copies in turn from its last server (layout.ts passiveSiteCopy): every third database's on MBX07.
      "#N/A losing site 1 and then server MBX07 leaves 10 databases without an active copy: DB03, DB06, DB09, DB12, DB15, DB18 and 4 more",
    );
  });

  test("by default 30 databases (29 at the reference profile, rounded up to 5 rounds on 6 servers); a local server down → 6 on the busiest", () => {
    expect(EX_FAILOVER(12500, [[6, 3]], 3, "normal", "active/passive", null, "databases")).toBe(5);
    expect(EX_FAILOVER(12500, [[6, 3]], 3, "server", "active/passive", null, "databases")).toBe(6);
    expect(EX_FAILOVER(12500, [[6, 3]], 3, "site", "active/passive", null, "databases")).toBe(10);
    expect(EX_FAILOVER(12500, [[6, 3]], 3, "site", "active/passive", null, "servers")).toBe(3);
  });
});

describe("EX_FAILOVER, cases once wrong", () => {
  test("two copies over 8 + 8 survive one server: the other site's copies activate (535 = 475 + 475 / 8, on 128 databases)", () => {
    expect(EX_FAILOVER(7600, [[8, 8]], 2, "server")).toBe(535);
    expect(EX_FAILOVER(7600, [[8, 8]], 2, "site")).toBe(950);
  });

  test("three copies over 8 + 8 survive one server with 004's own rotation: 543", () => {
    expect(EX_FAILOVER(7600, [[8, 8]], 3, "server")).toBe(543);
  });

  test("1 + 1 servers with two copies: one server down leaves all 5,000 on the other", () => {
    expect(EX_FAILOVER(5000, [[1, 1]], 2, "server")).toBe(5000);
  });

  test('"servers" is the servers still running: 16 in normal running, 15 after one fails', () => {
    expect(EX_FAILOVER(7600, [[8, 8]], 4, "normal", null, null, "servers")).toBe(16);
    expect(EX_FAILOVER(7600, [[8, 8]], 4, "server", null, null, "servers")).toBe(15);
  });

  test.each([
    [() => EX_FAILOVER(5000, 2, 3, "normal"), "#VALUE! 3 copies of each database need 3 servers, and the DAG has 2: a server cannot hold two copies of one database"],
    [() => EX_FAILOVER(7600, [[2, 2]], 6, "normal"), "#VALUE! 6 copies of each database need 6 servers, and the DAG has 4: a server cannot hold two copies of one database"],
    [() => EX_FAILOVER(7600, [[2, 3]], 5, "normal"), "#VALUE! 5 copies over 2 sites (round-robin from the active copy's site) put 3 in site 1, which has 2 servers: a server cannot hold two copies of one database"],
  ])("a design that cannot exist is an error that says why (%#)", (call, message) => {
    expect(errorOf(call())).toBe(message);
  });

  test("lagged copies never activate: 4 copies with 2 lagged over 8 + 8 do not survive a site", () => {
    expect(errorOf(EX_FAILOVER(7600, [[8, 8]], 4, "site", null, null, null, 336, 2))).toMatch(/^#N\/A losing site 1 leaves 168 databases without an active copy: DB001, DB002/);
    expect(EX_FAILOVER(7600, [[8, 8]], 4, "server", null, null, "databases", 336, 1)).toBe(24);
  });
});

describe("EX_LAYOUT", () => {
  test("004's design: a header of 16 servers, 336 rows, preferences 1–4 in four cells of each row", () => {
    const grid = EX_LAYOUT(7600, [[8, 8]], 4, "active/active", 336) as (string | number)[][];
    expect(grid).toHaveLength(337);
    expect(grid[0]).toEqual(["Database", ...Array.from({ length: 16 }, (_, s) => `MBX${String(s + 1).padStart(2, "0")}`)]);
    for (const row of grid.slice(1)) expect(row.slice(1).filter((c) => c !== "").sort()).toEqual([1, 2, 3, 4]);
    expect(grid[1]).toEqual(["DB001", 1, 2, "", "", "", "", "", "", 3, 4, "", "", "", "", "", ""]);
  });

  test("an impossible design is the error, not a grid", () => {
    expect(errorOf(EX_LAYOUT(5000, 2, 3))).toMatch(/^#VALUE! 3 copies of each database need 3 servers/);
  });
});

describe("EX_FAILOVER, bad designs and bad input", () => {
  test.each([
    [() => EX_FAILOVER(5000, 4, 2, "site"), "#N/A a DAG in one site cannot survive the loss of its site"],
    [() => EX_FAILOVER(5000, 4, 1, "server"), "#N/A losing server MBX01 leaves 3 databases without an active copy: DB01, DB05, DB09"],
    [() => EX_FAILOVER(5000, [[12, 6]], 2), "#VALUE! servers must total at most 16 in one DAG; got 12 + 6"],
    [() => EX_FAILOVER(5000, [[8, 8], [8, 8]], 2), "#VALUE! servers must be a number or a row or column of servers per site, such as {6,3}"],
    [() => EX_FAILOVER(5000, [[8, 0]], 2), "#VALUE! servers in site 2 must be servers in a site (a DAG has up to 16), a whole number from 1 to 16; got 0"],
    [() => EX_FAILOVER(5000, [[8, 8]], 4, "meteor"), '#VALUE! scenario must be one of "site+server", "site", "server", "normal"; got "meteor"'],
    [() => EX_FAILOVER(5000, [[8, 8]], 4, "site", "mesh"), '#VALUE! layout must be one of "active/active", "active/passive"; got "mesh"'],
    [() => EX_FAILOVER(5000, [[8, 8]], 4, "site", null, null, "target"), '#N/A target needs iopsPerMailbox, such as EX_IOPS(1,150,,"peruser",2013)'],
  ])("%#: %s", (call, message) => {
    expect(errorOf(call())).toBe(message);
  });

  // The default database count was NaN (ceil(x / 0) × 0) when a one-server site would
  // hold two copies; the design is now judged before the count, so the message says what is wrong.
  test.each([
    [() => EX_FAILOVER(100, [[1, 2]], 3, "server"), "#VALUE! 3 copies over 2 sites (round-robin from the active copy's site) put 2 in site 1, which has 1 server: a server cannot hold two copies of one database"],
    [() => EX_LAYOUT(100, 1, 2), "#VALUE! 2 copies of each database need 2 servers, and the DAG has 1: a server cannot hold two copies of one database"],
    [() => EX_FAILOVER(100, 1, 2, "normal"), "#VALUE! 2 copies of each database need 2 servers, and the DAG has 1: a server cannot hold two copies of one database"],
  ])("impossible designs without a database count say why %#", (call, message) => {
    expect(errorOf(call())).toBe(message);
  });

  test("3 copies over 3 one-server sites is one copy a site: the default count is 3, as given (was NaN)", () => {
    // Losing site 1 moves DB1 to site 2's server, which already runs DB2: 2 × 100 / 3 → 67.
    expect(EX_FAILOVER(100, [[1, 1, 1]], 3, "site", null, null, "count")).toBe(3);
    expect(EX_FAILOVER(100, [[1, 1, 1]], 3, "site")).toBe(67);
    expect(EX_FAILOVER(100, [[1, 1, 1]], 3, "site", null, null, null, 3)).toBe(67);
  });

  test("a column of sites reads like a row", () => {
    expect(EX_FAILOVER(7600, [[8], [8]], 4)).toBe(1086); // 004_1d3a339e6fd03f64.txt, 4 and Table 6
  });
});

describe("EX_SERVER reproduces 003_a7bfc144662ec97f.txt: 4,000 very heavy users → 4 vCPUs, 28 GB", () => {
  test("cores: 1,000 very heavy users per core", () => {
    expect(EX_SERVER(4000)).toBe(4);
    expect(EX_SERVER(4001, "cores")).toBe(5);
  });

  test("memory: 4 GB + 6 MB × 4,000 = 27.4 GB → 28 GB", () => {
    expect(EX_SERVER(4000, "memory")).toBe(28);
  });

  test("factors change the rule, e.g. a lighter profile of 2,000 per core", () => {
    expect(EX_SERVER(4000, "cores", [["mailboxesPerCore", 2000]])).toBe(2);
  });

  test("sized for the worst failover of 004: 1,086 mailboxes → 2 cores, 11 GB", () => {
    const mailboxes = EX_FAILOVER(7600, [[8, 8]], 4);
    expect(EX_SERVER(mailboxes)).toBe(2);
    expect(EX_SERVER(mailboxes, "memory")).toBe(11); // 4 + 6 × 1,086 / 1,024 = 10.4 → 11
  });
});

describe("EX_JETSTRESS", () => {
  test.each([...ESRP_002_TABLE_12.map((r) => ["002, Table 12", r] as const), ...ESRP_004_TABLE_9.map((r) => ["004, Table 9", r] as const)])(
    "%s: %o passes",
    (_source, r) => {
      expect(EX_JETSTRESS(r.achievedIops, r.targetIops, r.dbReadLatencyMs, r.logWriteLatencyMs)).toBe("pass");
    },
  );

  const server1 = ESRP_002_TABLE_12[0];
  test.each([
    ["IOPS below the target", [503, 504, 12.01, 0.076], "fail: achieved 503 IOPS is below the target 504"],
    ["database reads over 20 ms", [1427, 504, 20.5, 0.076], "fail: database read latency 20.5 ms is above 20 ms"],
    ["log writes over 10 ms", [1427, 504, 12.01, 10.01], "fail: log write latency 10.01 ms is above 10 ms"],
    ["a read spike over 100 ms", [1427, 504, 12.01, 0.076, 101], "fail: database read peak 101 ms is above 100 ms"],
    ["a log spike over 100 ms", [1427, 504, 12.01, 0.076, 50, 150], "fail: log write peak 150 ms is above 100 ms"],
  ] as const)("fails with %s", (_what, args, reason) => {
    const [a, t, r, l, rp, lp] = args as unknown as number[];
    expect(EX_JETSTRESS(a, t, r, l, rp, lp)).toBe("fail");
    expect(EX_JETSTRESS(a, t, r, l, rp, lp, "reason")).toBe(reason);
  });

  test("exactly at the thresholds passes (at most 20 ms, 10 ms, 100 ms)", () => {
    expect(EX_JETSTRESS(server1.targetIops, server1.targetIops, 20, 10, 100, 100)).toBe("pass");
  });

  test("bad input names the argument", () => {
    expect(errorOf(EX_JETSTRESS(1427, 504, -1, 0.1))).toBe(
      "#VALUE! dbReadLatencyMs must be the average database read latency in ms, a number from 0 to 100,000; got -1",
    );
  });
});

describe("your own hardware", () => {
  test("VMAX building block (001): 1,080 IOPS and 7,530 GB on 600 GB 10K disks in RAID 5 (7+1) → 24 disks", () => {
    // 001, "Storage requirements calculated" and "Building-block design"; @erratum E3 (the IOPS need 17 → 3 groups).
    expect(EX_SPINDLES(1080, "RAID5", "10K", 0.6, 7530, 600, 8)).toBe(24);
  });

  test("R730xd + MD1400, RAID 1 pairs of 4 TB 7.2K disks (002): one server's 504 target IOPS need 12 disks", () => {
    // 504 × 0.6 + 2 × 504 × 0.4 = 705.6 back-end IOPS / 65 = 10.9 → 11 → an even 12 (002 uses 24 per server).
    expect(EX_SPINDLES(504, "RAID1", "7.2K")).toBe(12);
  });

  test("DSS 7000 single-disk RAID 0 volumes of 8 TB 7.2K NL-SAS (004): capacity, not IOPS, sets the count", () => {
    // RAID 0 has no write penalty: 132 / 65 = 2.03 → 3 disks for IOPS;
    // 1,086 mailboxes × 70 GB = 76,020 GB on 7,450 GB formatted disks → 10.2 → 11.
    expect(EX_SPINDLES(132, "RAID0", "7.2K", 0.6, 1086 * 70, 7450, null, "iodisks")).toBe(3);
    expect(EX_SPINDLES(132, "RAID0", "7.2K", 0.6, 1086 * 70, 7450)).toBe(11);
  });

  test("a disk class of your own, by name, from a disks range", () => {
    const disks = [["class", "IOPS"], ["NL-SAS 8TB", 75], ["SSD", 5000]];
    // 1,000 × 0.6 + 2 × 1,000 × 0.4 = 1,400 / 75 = 18.7 → 19 → an even 20.
    expect(EX_SPINDLES(1000, "RAID10", "NL-SAS 8TB", 0.6, null, null, null, "disks", disks)).toBe(20);
    expect(EX_SPINDLES(1000, "RAID10", "ssd", 0.6, null, null, null, "disks", disks)).toBe(2);
    // The built-in classes stay available beside them.
    expect(EX_SPINDLES(1080, "RAID5", "10K", 0.6, null, null, null, "disks", disks)).toBe(17);
    expect(errorOf(EX_SPINDLES(1000, "RAID10", "SSD", 0.6, null, null, null, "disks", [["SSD", 0]]))).toBe(
      "#VALUE! disks SSD must be IOPS per disk, a number above 0 up to 1,000,000; got 0",
    );
  });

  test("an array catalogue row of your own competes by the selection rule (000, 3.4.1)", () => {
    // A VMAX building block as an "array": 16 × 600 GB in 2 × RAID 5 (7+1) = 7,630 GB (001).
    const vmax = [["VMAX building block", "16x600GB 10K", "RAID5", 7630, 1018]];
    expect(EX_ARRAYS(7530, 900, 2, "RAID5", "auto", "model", vmax)).toBe("VMAX building block 16x600GB 10K");
    expect(EX_ARRAYS(7530, 900, 2, "RAID5", "auto", "count", vmax)).toBe(2);
  });
});

describe("no message over random designs, valid or not, says NaN, Infinity or undefined", () => {
  // Arguments as a cell may hold them: in range, past the limits, fractions, blanks, text.
  const count = (max: number) => fc.oneof(fc.integer({ min: 1, max }), fc.integer({ min: -3, max: max + 20 }), fc.double({ min: -5, max: max + 5, noNaN: true }), fc.constantFrom<unknown>(null, "", "x", true));
  const servers = fc.oneof(
    count(16),
    fc.array(fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: -1, max: 17 })), { minLength: 1, maxLength: 5 }).map((row) => [row]),
  );
  const args = fc.record({
    users: fc.oneof(fc.integer({ min: 1, max: 200_000 }), count(100)),
    servers,
    copies: count(16),
    scenario: fc.constantFrom<unknown>("normal", "server", "site", "site+server", null, "x"),
    layout: fc.constantFrom<unknown>("active/active", "active/passive", null, "mesh"),
    perMailbox: fc.oneof(fc.constant<unknown>(null), fc.double({ min: -1, max: 2, noNaN: true })),
    result: fc.constantFrom<unknown>("mailboxes", "target", "servers", "databases", "count", null),
    databases: fc.oneof(fc.constant<unknown>(null), count(400)),
    lagged: fc.oneof(fc.constant<unknown>(null), count(16)),
  });
  const bad = /NaN|Infinity|undefined/;

  test("EX_FAILOVER and EX_LAYOUT give a number, a grid or an error whose words are all meant", () => {
    fc.assert(
      fc.property(args, (a) => {
        const failover = EX_FAILOVER(a.users, a.servers as never, a.copies, a.scenario, a.layout, a.perMailbox, a.result, a.databases, a.lagged);
        if (failover instanceof SizingError) expect(String(failover)).not.toMatch(bad);
        else expect(Number.isFinite(failover)).toBe(true);
        const layout = EX_LAYOUT(a.users, a.servers as never, a.copies, a.layout, a.databases, a.lagged);
        if (layout instanceof SizingError) expect(String(layout)).not.toMatch(bad);
        // One assertion for the grid (one a cell made jest's matcher the test's cost): the cells that say a bad word.
        else expect(layout.flat().map(String).filter((cell) => bad.test(cell))).toEqual([]);
      }),
      { numRuns: 2000 },
    );
  });
});
