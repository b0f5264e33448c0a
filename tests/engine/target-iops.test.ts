/**
 * A Jetstress target is never below the requirement. Jetstress is given the
 * profile as IOPS a mailbox, which the ESRPs state at three decimals (002 and 004 §5: "Simulated
 * profile: IOPS per mailbox 0.121" for the calculator's 0.1206); the target is that profile, rounded
 * up, times the busiest server's mailboxes, rounded up.
 */
import fc from "fast-check";
import { jetstressIopsPerMailbox, targetIops } from "../../src/engine/failover";

describe("targetIops: whole IOPS at the profile Jetstress is given, both rounded up", () => {
  test("004's worst case: 1,086 mailboxes at the calculator's 0.1206 → 132 (004 Table 9, 'Target Disk Transfers/sec': 132)", () => {
    expect(jetstressIopsPerMailbox(150 * 0.00067 * 1.2)).toBe(0.121);
    expect(targetIops(1086, 150 * 0.00067 * 1.2)).toBe(132);
  });

  test("a profile already at three decimals is kept: 0.121 and 0.18 (001's building block) are what they say", () => {
    expect(jetstressIopsPerMailbox(0.121)).toBe(0.121);
    expect(jetstressIopsPerMailbox(0.18)).toBe(0.18);
    expect(targetIops(1086, 0.18)).toBe(196); // 195.48, rounded up
  });

  test("never below the requirement, nor below mailboxes × the profile as stated; at most a mailbox's thousandth and one IOPS above", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.double({ min: 0.001, max: 5, noNaN: true }), (mailboxes, perMailbox) => {
        const target = targetIops(mailboxes, perMailbox);
        expect(Number.isInteger(target)).toBe(true);
        expect(target).toBeGreaterThanOrEqual(mailboxes * perMailbox * (1 - 1e-12));
        expect(target).toBeGreaterThanOrEqual(mailboxes * jetstressIopsPerMailbox(perMailbox) * (1 - 1e-12));
        expect(target).toBeLessThan(mailboxes * (perMailbox + 0.001) + 1 + 1e-9);
      }),
    );
  });

  test("more mailboxes or more IOPS a mailbox never lower the target", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 1000 }), fc.double({ min: 0.001, max: 5, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (m, more, x, dx) => {
        expect(targetIops(m + more, x + dx)).toBeGreaterThanOrEqual(targetIops(m, x));
      }),
    );
  });
});
