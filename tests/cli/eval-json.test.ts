/**
 * `exsize eval --json`: one JSON object a line, per formula, in order — the formula, and
 * its value or its error code and message — so scripts read what a cell would show.
 */
import { main } from "../../src/cli/main";

async function run(...argv: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

describe("exsize eval --json", () => {
  test("one object per formula, parsed: numbers, text and booleans as JSON values", async () => {
    const r = await run("eval", "--json", '=EX_DBSIZE(5000,2048,150,75,,"volume")', '=EX_ARRAYS(15768,900,,,,"model")', "=EX_IOPS(5000,150)>0");
    expect(r.code).toBe(0);
    expect(r.stderr).toEqual([]);
    expect(r.stdout.map((line) => JSON.parse(line))).toEqual([
      { formula: '=EX_DBSIZE(5000,2048,150,75,,"volume")', value: 1266 }, // 000_72e1ddb9bbd1ecac.txt, Table 18
      { formula: '=EX_ARRAYS(15768,900,,,,"model")', value: "PS6500E 500GB" }, // 000_72e1ddb9bbd1ecac.txt, 3.4.2
      { formula: "=EX_IOPS(5000,150)>0", value: true },
    ]);
  });

  test("an error is its code and message; every formula is still printed, and the exit status is 1", async () => {
    const r = await run("eval", "=EX_IOPS(5000,150)", "=EX_DBSIZE(0,2048,150,75)", "=A1", "--json");
    expect(r.code).toBe(1);
    const [first, second, third] = r.stdout.map((line) => JSON.parse(line));
    expect(first).toEqual({ formula: "=EX_IOPS(5000,150)", value: 900 }); // 000_72e1ddb9bbd1ecac.txt, Table 16
    expect(second).toEqual({ formula: "=EX_DBSIZE(0,2048,150,75)", error: "#VALUE!", message: expect.stringMatching(/^users must be /) });
    expect(third).toEqual({ formula: "=A1", error: "#REF!", message: "eval has no workbook; write the value of A1 into the formula instead" });
  });

  test("the message is what the cell shows after the code", async () => {
    const [text] = (await run("eval", "=EX_DBSIZE(0,2048,150,75)")).stdout;
    const [json] = (await run("eval", "--json", "=EX_DBSIZE(0,2048,150,75)")).stdout;
    const { error, message } = JSON.parse(json) as { error: string; message: string };
    expect(`${error} ${message}`).toBe(text);
  });

  test("a spilled array is rows of values, an error element as its code and message", async () => {
    const [line] = (await run("eval", "--json", '={1,"a";TRUE,2}*1')).stdout;
    expect(JSON.parse(line)).toEqual({
      formula: '={1,"a";TRUE,2}*1',
      value: [[1, { error: "#VALUE!", message: expect.any(String) }], [1, 2]],
    });
  });

  test("a syntax error is an error object too, never a stack trace", async () => {
    const r = await run("eval", "--json", "=EX_DBSIZE(");
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout[0])).toMatchObject({ formula: "=EX_DBSIZE(", error: "#VALUE!" });
  });

  test("--json after -- is a formula, and a near miss gets a suggestion", async () => {
    expect((await run("eval", "--", "--json")).stdout[0]).not.toMatch(/^\{/);
    const r = await run("eval", "--jsn", "=1");
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toBe("exsize eval: unknown option --jsn (did you mean --json?)");
  });
});
