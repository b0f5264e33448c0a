/**
 * The section on `exsize compare` (docs/cli.md): its example prints what the
 * page shows, and the exit statuses and limits it states are the command's.
 */
import { readFileSync } from "fs";
import { join } from "path";
import { MAX_DESIGNS, MAX_LIVE_DESIGNS, MAX_SHEET_DESIGNS, runCompare } from "../../src/cli/compare";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

const CLI_DOC = readFileSync(join(__dirname, "../../docs/cli.md"), "utf8");
const section = CLI_DOC.slice(CLI_DOC.indexOf("## Several designs side by side: `exsize compare`"));

async function run(args: string[]) {
  const lines: string[] = [];
  const code = await runCompare(args, { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) });
  return { code, lines };
}

describe("docs/cli.md: exsize compare", () => {
  test("the example prints what the page shows", async () => {
    const block = /```sh\nnpx exsize compare ([^\n]*)\n([\s\S]*?)\n```/.exec(section);
    expect(block).not.toBeNull();
    const { code, lines } = await run(block![1].split(" "));
    expect(code).toBe(0);
    expect(lines.map((l) => l.replace(/\s+$/, ""))).toEqual(block![2].split("\n"));
  });

  test("the exit statuses and limits it states", async () => {
    expect(section).toContain("exits 0 when at least one design is sized, and 1 when none can be");
    expect((await run(["--vary", "copies=3,4"])).code).toBe(1);
    expect(section).toContain(`more than ${MAX_DESIGNS.toLocaleString("en-US")} designs`);
    expect(section).toContain(`at most ${MAX_SHEET_DESIGNS.toLocaleString("en-US")}`);
    expect(section).toContain(`With \`--customer\` (at most ${MAX_LIVE_DESIGNS}\n`);
    const unknown = await run(["--vary", "usres=1,2"]);
    expect(unknown.code).toBe(2);
    expect(unknown.lines[0]).toContain("did you mean users?");
    expect(section).toMatch(/did\s+you mean users\?/);
  });

  test("the page's help block lists compare as exsize help does", () => {
    expect(CLI_DOC).toContain("  exsize compare --vary OPTION=V1,V2,…   designs side by side");
  });
});
