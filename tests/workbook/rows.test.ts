/** The sheets' row blocks are computed from the blocks (src/workbook/rows.ts), never chained by hand. */
import { stackRows } from "../../src/workbook/rows";

describe("stackRows", () => {
  test("each block starts under the one before, after its gap", () => {
    const rows = stackRows(4, [
      ["heading", 2],
      ["table", 12, 1],
      ["empty", 0],
      ["next", 3],
    ]);
    expect(rows).toEqual({ heading: { first: 4, last: 5 }, table: { first: 6, last: 17 }, empty: { first: 19, last: 18 }, next: { first: 19, last: 21 } });
  });

  test("a block that grows moves every block below it", () => {
    const at = (n: number) => stackRows(1, [["a", n, 1], ["b", 2]]).b.first;
    expect([at(1), at(5)]).toEqual([3, 7]);
  });

  test("a block of no whole number of rows, or placed twice, is refused by name", () => {
    expect(() => stackRows(1, [["a", 1.5]])).toThrow(/block "a" must be a whole number of rows/);
    expect(() => stackRows(1, [["a", 1, -1]])).toThrow(/block "a"/);
    expect(() => stackRows(1, [["a", 1], ["a", 2]])).toThrow(/block "a" is placed twice/);
  });
});
