/**
 * The Inputs sheet's mailbox tiers block: four tier rows of mailboxes, messages a day,
 * message size and quota, empty by default, with the EX_MS_* functions' own limits as input rules
 * and four defined names the Methods sheet reads.
 */
import { SizingError } from "../../src/engine";
import { EX_MS_DATABASES } from "../../src/functions/microsoft";
import { TIER_BLOCK_ROWS, TIER_BLOCK_WIDTH, TIER_COLUMNS, TIER_COUNT, TIER_NAMES, TIER_RULES, tierInputs, tierNames, type TierColumn } from "../../src/workbook/sheets/tiers";

describe("tierInputs", () => {
  const block = tierInputs(40);
  const at = (address: string) => block.cells.find((c) => c.address === address);

  test("takes seven rows of five columns: a section heading, a note, a header and tiers 1 to 4", () => {
    expect([block.rows, block.width, TIER_BLOCK_ROWS, TIER_BLOCK_WIDTH]).toEqual([7, 5, 7, 5]);
    expect(block.firstTierRow).toBe(43);
    const rows = block.cells.map((c) => Number(/\d+$/.exec(c.address)![0]));
    expect([Math.min(...rows), Math.max(...rows)]).toEqual([40, 46]);
    expect(block.cells.every((c) => /^[A-E]\d+$/.test(c.address))).toBe(true);
    expect(at("A40")?.role).toBe("heading");
    expect(at("E40")?.role).toBe("heading"); // the heading's fill runs across the block
    expect(["A42", "B42", "C42", "D42", "E42"].map((a) => at(a)?.value)).toEqual(["Tier", "Mailboxes", "Messages a day", "Message size (KB)", "Quota (MB)"]);
    expect([43, 44, 45, 46].map((r) => at(`A${r}`)?.value)).toEqual(["Tier 1", "Tier 2", "Tier 3", "Tier 4"]);
  });

  test("its sixteen inputs are empty, each with its column's rule and format", () => {
    const inputs = block.cells.filter((c) => c.role === "input");
    expect(inputs).toHaveLength(TIER_COUNT * TIER_COLUMNS.length);
    expect(inputs.every((c) => c.value === undefined && c.formula === undefined && c.rule?.allowBlank === true && c.numberFormat)).toBe(true);
    expect(at("B43")?.rule).toEqual(TIER_RULES.mailboxes);
    expect(at("E46")?.rule).toEqual(TIER_RULES.quotaMB);
  });

  test("names its four columns as ranges of the four tiers, with a suffix for a second copy", () => {
    expect(block.ranges).toEqual({ mailboxes: "$B$43:$B$46", messagesPerDay: "$C$43:$C$46", messageKB: "$D$43:$D$46", quotaMB: "$E$43:$E$46" });
    expect(block.names("Inputs").map((n) => [n.name, n.sheet, n.range])).toEqual([
      ["TierMailboxes", "Inputs", "$B$43:$B$46"],
      ["TierMessages", "Inputs", "$C$43:$C$46"],
      ["TierMessageKB", "Inputs", "$D$43:$D$46"],
      ["TierQuotaMB", "Inputs", "$E$43:$E$46"],
    ]);
    expect(block.names("Inputs 2", "_2").map((n) => n.name)).toEqual(Object.values(tierNames("_2")));
    expect(tierNames()).toEqual(TIER_NAMES);
  });
});

describe("the tier rules are the functions' limits", () => {
  /**
   * EX_MS_DATABASES with tier 2's `column` at `value`, everything else valid. A set count of 100: a
   * calculated one is capped at the DAG's most and #N/A when the databases outgrow the maximum size
   * (the fit, not the argument's rule).
   */
  function size(column: TierColumn, value: number) {
    const tiers: Record<TierColumn, number[][]> = { mailboxes: [[1000], [100]], messagesPerDay: [[100], [100]], messageKB: [[75], [75]], quotaMB: [[2048], [2048]] };
    tiers[column] = [[tiers[column][0][0]], [value]];
    return EX_MS_DATABASES(tiers.mailboxes, tiers.messagesPerDay, tiers.messageKB, tiers.quotaMB, 2, 2, "count", [["databases", 100]]);
  }
  const nameOf: Record<TierColumn, string> = { mailboxes: "mailboxes", messagesPerDay: "messagesPerDay", messageKB: "messageKB", quotaMB: "quotaMB" };

  test.each(TIER_COLUMNS.map((c) => [c]))("%s: the rule's bounds are accepted, a step beyond is the function's error in the rule's words", (column) => {
    const rule = TIER_RULES[column];
    if (rule.kind === "list" || rule.kind === "text") throw new Error("a tier rule is numeric");
    const step = rule.kind === "whole" ? 1 : 0.001;
    expect(size(column, rule.max)).toEqual(expect.any(Number));
    expect(size(column, rule.max + step)).toBeInstanceOf(SizingError);
    if (rule.aboveMin) {
      expect(size(column, rule.min)).toBeInstanceOf(SizingError);
      expect(size(column, rule.min + step)).toEqual(expect.any(Number));
    } else {
      expect(size(column, rule.min)).toEqual(expect.any(Number));
      expect(size(column, rule.min - step)).toBeInstanceOf(SizingError);
    }
    const error = size(column, rule.max + step) as SizingError;
    expect(error.message.startsWith(`${nameOf[column]} of tier 2 must be `)).toBe(true);
    expect(error.message).toContain(rule.error.replace(/^.* must be /, ""));
    expect(rule.error.startsWith(`${nameOf[column]} must be `)).toBe(true);
  });

  test("mailboxes are whole", () => {
    expect(TIER_RULES.mailboxes.kind).toBe("whole");
    expect(size("mailboxes", 10.5)).toBeInstanceOf(SizingError);
    expect(TIER_RULES.messagesPerDay.kind).toBe("decimal");
  });
});
