/**
 * Numbers read as a person meant them: text numbers follow Excel's coercion of text to
 * a number, and a comma is a thousands separator only in groups of three — never a decimal comma.
 */
import { SizingError } from "../../src/engine";
import { describeValue, formatNumber, numberParameter, parseNumberText, readNumber } from "../../src/functions/arguments";
import { EX_DBSIZE } from "../../src/functions/worksheet";

describe("parseNumberText", () => {
  test.each<[string, number]>([
    ["2048", 2048],
    [" 2048 ", 2048],
    ["2,048", 2048],
    ["1,234,567", 1234567],
    ["1,234,567.25", 1234567.25],
    ["-1,000", -1000],
    ["+12.5", 12.5],
    [".5", 0.5],
    ["5.", 5],
    ["1e3", 1000],
    ["1.5E-3", 0.0015],
    ["50%", 0.5],
    ["(12)", -12],
  ])("%j is %d", (text, n) => {
    expect(parseNumberText(text)).toBe(n);
  });

  test.each(["2048,5", "1,5", "1,23", "12,3456", ",5", "1,,000", "1,000,00", "1.000,5", "", " ", "abc", "1e400", "-1e999", "1 000", "1_000", "0x10", "Infinity", "NaN", "1e", "e3", "--1"])(
    "%j is not a number",
    (text) => {
      expect(parseNumberText(text)).toBeUndefined();
    },
  );
});

describe("readNumber refuses a decimal comma with a message naming the argument", () => {
  const QUOTA = numberParameter({ name: "quotaMB", above: 0, max: 10_000_000, what: "the mailbox quota in MB" });

  test.each(["2048,5", "1,5"])("%j", (text) => {
    expect(() => readNumber(text, QUOTA)).toThrow(SizingError);
    expect(() => readNumber(text, QUOTA)).toThrow(/^quotaMB must be .*; got ".*" — use a point for decimals/);
  });

  test("EX_DBSIZE(5000,\"2048,5\",150,75,,\"volume\") is #VALUE!, not the volume of 20,485 MB", () => {
    const r = EX_DBSIZE(5000, "2048,5", 150, 75, null, "volume");
    expect(r).toBeInstanceOf(SizingError);
    expect((r as SizingError).code).toBe("#VALUE!");
    expect((r as SizingError).message).toMatch(/quotaMB.*use a point for decimals/);
  });

  test('"2,048" is 2,048 MB: the reference volume (000_72e1ddb9bbd1ecac.txt, Table 18)', () => {
    expect(EX_DBSIZE("5000", "2,048", " 150 ", "75", "", "volume")).toBe(1266);
  });
});

describe("numbers in messages read as a person writes them", () => {
  test.each<[number, string, string]>([
    [10.299999999999999, "10.3", "10.3"],
    [0.1 + 0.2, "0.3", "0.3"],
    [100_000_000, "100,000,000", "100000000"],
    [1234567.5, "1,234,567.5", "1234567.5"],
    [0.0000001, "0.0000001", "0.0000001"],
    [-1500, "-1,500", "-1500"],
    [1e21, "1E+21", "1E+21"],
    [5e-324, "4.94065645841247E-324", "4.94065645841247E-324"],
    [Infinity, "a number too large for a spreadsheet", "Infinity"],
  ])("%d → %s in a bound, %s as the value got", (n, bound, got) => {
    expect(formatNumber(n)).toBe(bound);
    expect(describeValue(n)).toBe(got);
  });

  test("a range's bounds and the value got, without noise", () => {
    const p = numberParameter({ name: "ratio", min: 0.1 + 0.2, max: 1, what: "a share" });
    expect(() => readNumber(0.1, p)).toThrow("ratio must be a share, a number from 0.3 to 1; got 0.1");
    expect(() => readNumber(1.1 + 0.2, p)).toThrow("ratio must be a share, a number from 0.3 to 1; got 1.3");
  });
});
