/**
 * The Excel edge, src/functions/functions.ts (and excel-error.ts), with a stand-in for Excel's global CustomFunctions:
 * numbers (or text) for good input; a thrown CustomFunctions.Error with the right code and the
 * worksheet layer's message for bad input.
 */
import { SizingError } from "../../src/engine";
import * as excel from "../../src/functions/functions";
import { toExcel } from "../../src/functions/excel-error";
import * as worksheet from "../../src/functions/worksheet";

/** What Excel's runtime provides (codes as in @types/custom-functions-runtime's ErrorCode). */
class FakeCustomFunctionsError {
  constructor(
    readonly code: string,
    readonly message?: string,
  ) {}
}
const FAKE_CUSTOM_FUNCTIONS = {
  Error: FakeCustomFunctionsError,
  ErrorCode: {
    invalidValue: "#VALUE!",
    notAvailable: "#N/A",
    invalidNumber: "#NUM!",
    divisionByZero: "#DIV/0!",
    nullReference: "#NULL!",
    gettingData: "#GETTING_DATA",
  },
  associate: () => undefined,
};

const globals = globalThis as { CustomFunctions?: unknown };
beforeAll(() => {
  globals.CustomFunctions = FAKE_CUSTOM_FUNCTIONS;
});
afterAll(() => {
  delete globals.CustomFunctions;
});

/** Run a wrapper and return what it threw (failing the test if it returned instead). */
function thrown(call: () => unknown): FakeCustomFunctionsError {
  let value: unknown;
  try {
    value = call();
  } catch (e) {
    expect(e).toBeInstanceOf(FakeCustomFunctionsError);
    return e as FakeCustomFunctionsError;
  }
  throw new Error(`expected a CustomFunctions.Error, got ${JSON.stringify(value)}`);
}

/** The message the worksheet layer gives for the same arguments: the edge must pass it on unchanged. */
function worksheetMessage(result: worksheet.CellResult): string {
  if (!(result instanceof SizingError)) throw new Error(`expected a SizingError, got ${String(result)}`);
  return result.message;
}

describe("good input gives the published numbers", () => {
  // Excel passes null for an omitted argument, and a 2-D array for a range or array constant.
  test.each([
    // 000_72e1ddb9bbd1ecac.txt, Table 18: DVS 1,265.51 GB → provisioned 1,266
    ["EX_DBSIZE volume", () => excel.EX_DBSIZE(5000, 2048, 150, 75, null, "volume"), 1266],
    // 000_72e1ddb9bbd1ecac.txt, Table 18: 12 databases
    ["EX_DBSIZE count", () => excel.EX_DBSIZE(5000, 2048, 150, 75, 1024, "count"), 12],
    // 000_72e1ddb9bbd1ecac.txt, Table 19: log volume 48 GB (@erratum E2: moveFactor 1.1)
    ["EX_LOGVOL", () => excel.EX_LOGVOL(5000, 150, 75, 12), 48],
    // 000_72e1ddb9bbd1ecac.txt, Table 16: 5,000 × 0.15 × 1.2 = 900 database IOPS
    ["EX_IOPS database", () => excel.EX_IOPS(5000, 150), 900],
    // 000_72e1ddb9bbd1ecac.txt, Table 17: (225 + 90) × 1.2 = 378 log IOPS with 2 copies
    ["EX_IOPS log", () => excel.EX_IOPS(5000, 150, 2, "log"), 378],
    // 001_0443ed4d42832f8c.txt, "Storage requirements calculated": 2,376 / 140 = 16.97 (@erratum E3: 17, not 16)
    ["EX_SPINDLES RAID 5", () => excel.EX_SPINDLES(1080), 17],
    // 001_0443ed4d42832f8c.txt, "Storage requirements calculated": 1,512 / 65 = 23.26 (@erratum E3: 24, not 22)
    ["EX_SPINDLES RAID 1/0 SATA", () => excel.EX_SPINDLES(1080, "RAID 1/0", "7.2K"), 24],
    // 000_72e1ddb9bbd1ecac.txt, 3.4.2 with Tables 12–13: one PS6500E per copy, 2 in all
    ["EX_ARRAYS count", () => excel.EX_ARRAYS(15768, 900), 2],
    ["EX_ARRAYS model", () => excel.EX_ARRAYS(15768, 900, 2, "RAID50", "auto", "model"), "PS6500E 500GB"],
    // 004_1d3a339e6fd03f64.txt, 4.1: 7,600 mailboxes on 7 surviving servers → 1,086 each
    ["EX_FAILOVER", () => excel.EX_FAILOVER(7600, [[8, 8]], 4), 1086],
    // 003_a7bfc144662ec97f.txt: 1,000 very heavy users per core
    ["EX_SERVER", () => excel.EX_SERVER(4000), 4],
    // 000_72e1ddb9bbd1ecac.txt, 2: database reads ≤ 20 ms and log writes ≤ 10 ms pass
    ["EX_JETSTRESS", () => excel.EX_JETSTRESS(1427, 504, 12.01, 0.076), "pass"],
  ])("%s", (_, call, expected) => {
    expect(call()).toBe(expected);
  });

  test("a factors range reaches the engine: growth 1.2 is Table 14's own process (@erratum E1)", () => {
    // 000_72e1ddb9bbd1ecac.txt, Table 14 multiplies by 1.2 where Table 18 does not.
    const withGrowth = excel.EX_DBSIZE(5000, 2048, 150, 75, null, "total", [["growth", 1.2]]) as number;
    const without = excel.EX_DBSIZE(5000, 2048, 150, 75) as number;
    expect(withGrowth / without).toBeCloseTo(1.2, 12);
  });
});

describe("each wrapper passes every argument, in place, to the worksheet function", () => {
  // A wrapper that dropped or swapped an argument would differ from worksheet.ts on some row.
  const rows: [string, unknown[]][] = [
    ["EX_DBSIZE", [5000, 2048, 150, 75, 512, "database", [["volumeFree", 1.5]]]],
    ["EX_DBSIZE", [5000, 2048, 150, 75, null, "mailbox", [["retentionDays", 30]]]],
    ["EX_LOGVOL", [5000, 150, 120, 10, "daily", [["logFileMB", 2]]]],
    ["EX_IOPS", [5000, 150, 3, "dag", 2016, [["headroom", 1.5]]]],
    ["EX_SPINDLES", [1080, "RAID6", 180, 0.7, 7530, 600, 8, "capacitydisks", null]],
    ["EX_SPINDLES", [1080, "RAID10", "SSD", 0.5, null, null, null, "iodisks", [["SSD", 5000]]]],
    ["EX_ARRAYS", [40000, 3000, 3, "RAID10", "PS6500E", "percopy", [["PS9", "1TB", "RAID10", 50000, 5000]]]],
    ["EX_FAILOVER", [12500, [[6], [3]], 3, "site", "active/passive", 0.121, "target"]],
    ["EX_SERVER", [6000, "memory", [["memoryPerMailboxMB", 10]]]],
    ["EX_JETSTRESS", [400, 504, 21, 12, 150, 90, "reason"]],
  ];
  test.each(rows)("%s(%j)", (name, args) => {
    const edge = excel[name as keyof typeof excel] as (...a: unknown[]) => unknown;
    const inner = worksheet[name as keyof typeof worksheet] as (...a: unknown[]) => worksheet.CellResult;
    const expected = inner(...args);
    if (expected instanceof SizingError) {
      expect(thrown(() => edge(...args))).toEqual({ code: expected.code, message: expected.message });
    } else {
      expect(edge(...args)).toBe(expected);
    }
  });

  test("omitted arguments (null) give the defaults, as leaving them out does", () => {
    // Excel passes null for an omitted range too; typing that (any[][] | null) would cost the
    // range its "matrix" in functions.json, so the test says it with a cast.
    const omittedRange = null as unknown as unknown[][];
    expect(excel.EX_IOPS(5000, 150, null, null, null, omittedRange)).toBe(excel.EX_IOPS(5000, 150));
    expect(excel.EX_SPINDLES(1080, null, null, null, null, null, null, null, omittedRange)).toBe(17);
  });
});

describe("bad input throws a CustomFunctions.Error with the code and the message that names the argument", () => {
  test("#VALUE! (invalidValue) for an argument out of range", () => {
    const error = thrown(() => excel.EX_DBSIZE(0, 2048, 150, 75));
    expect(error.code).toBe(FAKE_CUSTOM_FUNCTIONS.ErrorCode.invalidValue);
    expect(error.message).toMatch(/^users must be/);
    expect(error.message).toBe(worksheetMessage(worksheet.EX_DBSIZE(0, 2048, 150, 75)));
  });

  test.each([
    ["a missing required argument", () => excel.EX_LOGVOL(5000, 150, 75, null), /^databases is required/],
    ["text that is not a number", () => excel.EX_IOPS("many", 150), /^users must be .*; got "many"$/],
    ["an unknown result", () => excel.EX_ARRAYS(15768, 900, 2, "RAID50", "auto", "size"), /^result must be one of/],
    ["an unknown factor", () => excel.EX_DBSIZE(5000, 2048, 150, 75, null, null, [["growt", 1.2]]), /^factors must be factor names/],
    ["a range where one number belongs", () => excel.EX_DBSIZE([[1, 2]], 2048, 150, 75), /^users must be/],
  ])("#VALUE! for %s", (_, call, message) => {
    const error = thrown(call);
    expect(error.code).toBe("#VALUE!");
    expect(error.message).toMatch(message);
  });

  test("#N/A (notAvailable) when there is no such data", () => {
    const error = thrown(() => excel.EX_SPINDLES(1080, "RAID5", "10K", 0.6, null, null, null, "capacitydisks"));
    expect(error.code).toBe(FAKE_CUSTOM_FUNCTIONS.ErrorCode.notAvailable);
    expect(error.message).toBe("capacitydisks needs capacityGB and diskGB");
    expect(thrown(() => excel.EX_ARRAYS(15768, 900, 2, "RAID50", "PS9000")).code).toBe("#N/A");
  });

  test("#NUM! (invalidNumber) keeps its message, though Excel shows none for it", () => {
    const error = thrown(() => toExcel(new SizingError("#NUM!", "the result is too large to be a number")));
    expect(error).toEqual({ code: FAKE_CUSTOM_FUNCTIONS.ErrorCode.invalidNumber, message: "the result is too large to be a number" });
  });

  test("numbers and text pass through the translation unchanged", () => {
    expect(toExcel(0)).toBe(0);
    expect(toExcel("PS6500E 500GB")).toBe("PS6500E 500GB");
  });
});
