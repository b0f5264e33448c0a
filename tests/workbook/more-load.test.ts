/**
 * More load never means less hardware, and no count is below the exact requirement.
 *
 * Over wide random designs (users 1–200,000, quotas 100 MB–100 GB, messages 10–500, message sizes
 * across every log size factor, 1–6 copies, 1–4 sites), raising any one load input — users, quota,
 * messages, message size or copies — never lowers a count or total the design buys: databases,
 * capacity to provision, IOPS, spindles, arrays, and the servers' cores and memory in the worst
 * survivable failure. A design the larger load makes impossible is refused (an error), never
 * smaller. The outputs come from the worksheet functions as the template calls them
 * (tests/workbook/expected.ts); tests/workbook/native-template.test.ts holds the template to them.
 *
 * Per-database figures (one volume's size, users per database) may fall when a database is added:
 * that step is inherent (docs/whole-design.md); the totals above may not.
 */
import fc from "fast-check";
import { EX_ARRAYS, EX_FAILOVER, EX_SERVER, EX_SPINDLES, SizingError } from "../../src/functions";
import { EQUALLOGIC_CATALOGUE, validateLayoutDesign, arrayModelName, capacityToProvisionGB, databaseCapacity, logCapacity, FACTOR_DEFAULTS } from "../../src/engine";
import type { HeadlineInputs } from "../../src/workbook/template";
import { expectedOutputs } from "./expected";

interface Load extends HeadlineInputs {
  serversPerSite: number[];
}

/** Figures of one copy of the databases; with more copies, their totals over all copies are compared. */
const PER_COPY = new Set(["dellDatabaseIops", "spindlesRaid5At10K", "spindlesRaid10At10K", "spindlesRaid10At7200"]);

/** Whether the servers can hold the copies (a design the Design check refuses otherwise). */
function buildable(l: Load): boolean {
  try {
    validateLayoutDesign({ serversPerSite: l.serversPerSite, copies: l.copies, layout: "active/active", databases: 1 });
    return true;
  } catch {
    return false;
  }
}

/** What the design buys, or the error that refuses it. */
function bought(load: Load): Record<string, number> | SizingError {
  let outputs: ReturnType<typeof expectedOutputs>;
  try {
    outputs = expectedOutputs(load, {}, load.serversPerSite);
  } catch (e) {
    return new SizingError("#N/A", String(e));
  }
  const values = Object.values(outputs) as unknown[];
  const refused = values.find((v) => v instanceof SizingError);
  if (refused) return refused as unknown as SizingError;
  const worst = EX_FAILOVER(load.users, [load.serversPerSite], load.copies, "normal", "active/active");
  const totals: Record<string, number> = {
    databases: outputs.databaseCount as number,
    deployedDatabases: outputs.dellDatabases as number,
    capacityToProvisionGB: outputs.capacityToProvisionGB as number,
    // The databases' data with index and free space: what the volumes hold, whatever their count.
    databaseDataGB: (outputs.totalDatabaseGB as number) * FACTOR_DEFAULTS.contentIndex * FACTOR_DEFAULTS.volumeFree,
    dellDatabaseIops: outputs.dellDatabaseIops as number,
    logIops: outputs.logIops as number,
    dellDagDatabaseIops: outputs.dellDagDatabaseIops as number,
    spindlesRaid5At10K: outputs.spindlesRaid5At10K as number,
    spindlesRaid10At10K: outputs.spindlesRaid10At10K as number,
    spindlesRaid10At7200: outputs.spindlesRaid10At7200 as number,
    arrays: outputs.arrays as number,
    // Disks for every copy: each copy lives on its own disks (000, 3.4.1 step 6).
    spindlesAllCopies: (outputs.spindlesRaid5At10K as number) * load.copies,
  };
  if (typeof worst === "number") {
    totals.cores = EX_SERVER(worst, "cores") as number;
    totals.memoryGB = EX_SERVER(worst, "memory") as number;
  }
  return totals;
}

const load = fc.record<Load>({
  users: fc.integer({ min: 1, max: 200_000 }),
  quotaMB: fc.double({ min: 100, max: 102_400, noNaN: true }),
  messagesPerDay: fc.integer({ min: 10, max: 500 }),
  messageKB: fc.oneof(fc.constantFrom(74, 75, 76, 149, 150, 151), fc.double({ min: 1, max: 500, noNaN: true })),
  copies: fc.integer({ min: 1, max: 6 }),
  maxDatabaseGB: fc.constantFrom(500, 1024, 2048),
  // One or two sites: the Inputs sheet's (the design's count is balanced over them).
  serversPerSite: fc.array(fc.integer({ min: 2, max: 4 }), { minLength: 1, maxLength: 2 }),
});

/** A larger value of one load input. */
const raise: Record<string, (l: Load) => fc.Arbitrary<Load>> = {
  users: (l) => fc.integer({ min: l.users, max: Math.max(l.users, 200_000) }).map((users) => ({ ...l, users })),
  quotaMB: (l) => fc.double({ min: l.quotaMB, max: Math.max(l.quotaMB, 102_400), noNaN: true }).map((quotaMB) => ({ ...l, quotaMB })),
  messagesPerDay: (l) => fc.integer({ min: l.messagesPerDay, max: 500 }).map((messagesPerDay) => ({ ...l, messagesPerDay })),
  messageKB: (l) => fc.double({ min: l.messageKB, max: Math.max(l.messageKB, 500), noNaN: true }).map((messageKB) => ({ ...l, messageKB })),
  copies: (l) => fc.integer({ min: l.copies, max: 6 }).map((copies) => ({ ...l, copies })),
};

describe("raising one load input never lowers what the design buys", () => {
  test.each(Object.keys(raise))("more %s", (input) => {
    fc.assert(
      fc.property(
        load.chain((l) => raise[input](l).map((more) => [l, more] as const)),
        ([less, more]) => {
          const a = bought(less);
          const b = bought(more);
          if (a instanceof SizingError) {
            expect(b).toBeInstanceOf(SizingError); // refused stays refused
            return;
          }
          if (b instanceof SizingError) {
            expect(b.code).toBe("#N/A"); // the larger load makes no design: refused, never smaller
            return;
          }
          for (const key of Object.keys(a)) {
            if (b[key] === undefined) continue;
            // Per copy, a stand-alone database does more I/O than a DAG member (000_72e1ddb9bbd1ecac.txt,
            // Table 16: SDBO 1.2): going from 1 copy to 2 lowers one copy's IOPS and disks, an inherent
            // step (docs/whole-design.md). What all the copies need still never falls: compared below.
            if (input === "copies" && PER_COPY.has(key)) continue;
            // More copies change the balancing unit (layout.ts balancedDatabaseCount): the deployed count may
            // fall, and with it the volumes' rounding allowance in the capacity to provision — an inherent
            // step (docs/whole-design.md); the data the volumes hold never falls (databaseDataGB).
            if (input === "copies" && (key === "deployedDatabases" || key === "capacityToProvisionGB") && b.deployedDatabases < a.deployedDatabases) continue;
            expect({ key, less: a[key], more: b[key], ok: b[key] >= a[key] }).toMatchObject({ key, ok: true });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  // Two cases found before: 4 → 2 → 4 arrays, and capacity 77,372 → 77,337 GB.
  test.each([
    [10719, 10720],
    [10720, 10730],
    [10620, 10630],
  ])("--quota 5120 --messages 100 --max-db 500: %i users never buy more than %i", (fewer, more) => {
    const design = (users: number): Load => ({ users, quotaMB: 5120, messagesPerDay: 100, messageKB: 75, copies: 2, maxDatabaseGB: 500, serversPerSite: [2] });
    const a = bought(design(fewer)) as Record<string, number>;
    const b = bought(design(more)) as Record<string, number>;
    for (const key of Object.keys(a)) expect({ key, ok: b[key] >= a[key] }).toEqual({ key, ok: true });
  });
});

describe("no count is below the exact requirement", () => {
  test("databases hold the data, arrays hold the capacity and IOPS, disks serve the IOPS, the capacity holds every volume", () => {
    fc.assert(
      fc.property(load, (l) => {
        // A design whose servers cannot hold its copies is refused (the Design check): nothing to hold.
        fc.pre(buildable(l));
        // Nor is a design past 100 copies a server.
        let outputs: ReturnType<typeof expectedOutputs>;
        try {
          outputs = expectedOutputs(l, {}, l.serversPerSite);
        } catch (e) {
          if (e instanceof SizingError) return;
          throw e;
        }
        if ((Object.values(outputs) as unknown[]).some((v) => v instanceof SizingError)) return;
        const db = databaseCapacity(l.users, l.quotaMB, l.messagesPerDay, l.messageKB, l.maxDatabaseGB, FACTOR_DEFAULTS);
        expect(db.databaseCount * l.maxDatabaseGB).toBeGreaterThanOrEqual(db.totalDatabaseGB * (1 - 1e-12));
        // The design deploys its count balanced over the servers (src/engine/design): the capacity is counted at it.
        const deployed = outputs.dellDatabases as number;
        expect(deployed).toBeGreaterThanOrEqual(db.databaseCount);
        const logs = logCapacity(l.users, l.messagesPerDay, l.messageKB, deployed, FACTOR_DEFAULTS);
        const capacity = capacityToProvisionGB(l.users, { ...db, databaseCount: deployed }, logs, FACTOR_DEFAULTS);
        // Every volume as provisioned fits in the capacity to provision.
        expect(capacity).toBeGreaterThanOrEqual(outputs.totalCapacityGB as number);
        // The chosen arrays hold the capacity and serve the database IOPS, per copy.
        const model = EQUALLOGIC_CATALOGUE.find((m) => arrayModelName(m) === outputs.arrayModel && m.raid === "RAID50")!;
        const perCopy = outputs.arraysPerCopy as number;
        expect(perCopy * model.usableGB).toBeGreaterThanOrEqual(capacity);
        expect(perCopy * model.iops).toBeGreaterThanOrEqual((outputs.dellDatabaseIops as number) * (1 - 1e-12));
        expect(EX_ARRAYS(capacity, outputs.dellDatabaseIops, l.copies, "RAID50", "auto", "count")).toBe(outputs.arrays);
        // RAID 5 on 10K disks: the disks serve the back-end IOPS (write penalty 4, 60% reads; 001, Phase 2).
        const iops = outputs.dellDatabaseIops as number;
        expect((outputs.spindlesRaid5At10K as number) * 140).toBeGreaterThanOrEqual((iops * 0.6 + 4 * iops * 0.4) * (1 - 1e-12));
        expect(EX_SPINDLES(iops, "RAID5")).toBe(outputs.spindlesRaid5At10K);
      }),
      { numRuns: 500 },
    );
  });
});
