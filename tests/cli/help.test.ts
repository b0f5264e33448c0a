/**
 * Help: `exsize help COMMAND` and `exsize COMMAND --help` print the same text, with every
 * option; a mistyped command gets a suggestion.
 */
import { designHelp, inputOptions } from "../../src/cli/design";
import { EVAL_HELP } from "../../src/cli/eval";
import { importHelp } from "../../src/cli/import";
import { main } from "../../src/cli/main";

async function run(...argv: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await main(argv, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

describe("help for each command", () => {
  test.each<[string, readonly string[]]>([
    ["design", designHelp()],
    ["eval", EVAL_HELP],
    ["import", importHelp()],
  ])("exsize help %s and exsize %s --help print its whole help", async (command, help) => {
    const viaHelp = await run("help", command);
    const viaFlag = await run(command, "--help");
    const viaShortFlag = await run(command, "-h");
    expect(viaHelp).toEqual({ code: 0, stdout: [...help], stderr: [] });
    expect(viaFlag).toEqual(viaHelp);
    expect(viaShortFlag).toEqual(viaHelp);
    expect(help.length).toBeGreaterThan(5);
  });

  test("design's help names every input option, its default, unit and rule", async () => {
    const text = (await run("help", "design")).stdout.join("\n");
    for (const o of inputOptions()) {
      expect(text).toContain(o.option);
      expect(text).toContain(o.rule.error);
    }
    expect(text).toContain("default 5000; unit: users; rule: users must be a whole number from 1 to 100,000,000");
    expect(text).toContain("default active/active; rule: dagLayout must be one of: active/active, active/passive");
    expect(text).toContain('default empty; unit: servers; rule: serversSite2 must be a whole number from 1 to 16');
  });

  test("eval's help names --json, -- and --help, and the exit statuses", () => {
    const text = EVAL_HELP.join("\n");
    for (const option of ["--json", "--  ", "-h, --help", "Exit status: 0"]) expect(text).toContain(option);
  });

  test("the top-level help names each command and how to get its help", async () => {
    const text = (await run("help")).stdout.join("\n");
    for (const line of ["exsize eval [--json] FORMULA…", "exsize design [INPUTS…] -o FILE.xlsx", "exsize import FILE.xlsm [--json]", "exsize help [COMMAND]"]) expect(text).toContain(line);
    expect((await run("--help")).stdout.join("\n")).toBe(text);
  });

  test("help for a command that does not exist: exit 2 and a suggestion", async () => {
    const r = await run("help", "desing");
    expect(r.code).toBe(2);
    expect(r.stderr).toHaveLength(1);
    expect(r.stderr[0]).toMatch(/^exsize help: no command "desing" \(did you mean design\?\); the commands: eval, design, (.+, )?help$/);
  });

  test.each(["constructor", "toString", "__proto__"])("a name every object has is no command: exsize help %s, and the command itself, exit 2", async (name) => {
    const help = await run("help", name);
    expect([help.code, help.stderr]).toEqual([2, [`exsize help: no command "${name}"; the commands: eval, design, layout, export, compare, fit, import, help`]]);
    const command = await run(name);
    expect([command.code, command.stderr[0]]).toEqual([2, `exsize: unknown command "${name}"`]);
  });

  test("a mistyped command: did you mean", async () => {
    const r = await run("desgin", "--users", "5");
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toBe('exsize: unknown command "desgin" (did you mean design?)');
  });
});
