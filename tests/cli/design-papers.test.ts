/**
 * `exsize design`: one figure, one number. A design Microsoft's method sizes (Exchange 2013 and later)
 * names only that method's figures in its text; the papers' arrays and spindles (Dell's EqualLogic
 * sizing guide, EMC's VMAX paper, both Exchange 2010) stand in a block of their own at the end, and in
 * --json under `papers`. A design Dell's process sizes (Exchange 2010) prints them as its own figures.
 * `preset` names what the design started from, `presetChanges` the inputs that changed it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runDesign } from "../../src/cli/design";
import { inputOptions } from "../../src/cli/design-options";

jest.setTimeout(120_000);

const SE_JBOD = ["--users", "20000", "--quota-mb", "10240", "--exchange-version", "SE", "--servers-site1", "4", "--servers-site2", "4", "--copies", "4", "--server-disk", '8TB 7.2K NL-SAS 3.5"'];
const PAPER_KEYS = ["arrays", "arrayModel", "arraysPerCopy", "spindles", "spindleRaid", "spindleDisk"];
const HEADING = "The papers' method, to compare";

async function design(args: string[]): Promise<{ code: number; stdout: string[]; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runDesign(args, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}
async function json(args: string[]): Promise<Record<string, unknown> & { design: Record<string, unknown>; papers: Record<string, unknown> | null }> {
  const r = await design([...args, "--json"]);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout.join("\n"));
}

// The text is printed after the workbook is written: each text test writes one to a scratch folder.
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "exsize-text-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("text: the method's figures, then the papers' to compare", () => {
  test("an SE JBOD design: no array or spindle line among its figures; a headed block at the end holds them", async () => {
    const { code, stdout } = await design([...SE_JBOD, "--out", join(dir, "se.xlsx")]);
    expect(code).toBe(0);
    const heading = stdout.findIndex((l) => l.startsWith(HEADING));
    expect(heading).toBeGreaterThan(0);
    const figures = stdout.slice(0, heading);
    expect(figures.filter((l) => /arrays?\b|spindles?\b|PS6500|papers/i.test(l))).toEqual([]);
    // The block is last, and names the figures the workbook's Design sheet shows (Dell's Tables 12-13, EMC's Phase 2).
    const block = stdout.slice(heading + 1);
    expect(block.map((l) => l.trim().split(":")[0])).toEqual(["Arrays", "Spindles"]);
    expect(block[0]).toMatch(/^ {2}Arrays: \d+ × PS6500E \S+ \(\d+ per copy\)/);
    expect(block[1]).toMatch(/^ {2}Spindles: \d+ \(RAID5, 10K\)/);
  });

  test("Dell's process (Exchange 2010): the arrays and spindles are the design's own, with no block", async () => {
    const { code, stdout } = await design(["--out", join(dir, "dell.xlsx")]);
    expect(code).toBe(0);
    expect(stdout.some((l) => l.startsWith(HEADING))).toBe(false);
    expect(stdout.filter((l) => /^(Arrays|Spindles):/.test(l))).toHaveLength(2);
    expect(stdout.some((l) => l.includes("to compare"))).toBe(false);
  });
});

describe("--json: papers", () => {
  test("by Microsoft's method, papers holds the papers' arrays and spindles, the same numbers design still carries", async () => {
    const printed = await json(SE_JBOD);
    expect(printed.method).toBe("microsoft");
    expect(printed.papers).not.toBeNull();
    expect(Object.keys(printed.papers!)).toEqual(PAPER_KEYS);
    for (const key of PAPER_KEYS) expect({ key, value: printed.papers![key] }).toEqual({ key, value: printed.design[key] });
    expect(printed.papers!.arrayModel).toMatch(/^PS6500E/);
  });
  test("by Dell's process, papers is null: its arrays and spindles are the design's, under design", async () => {
    const printed = await json([]);
    expect(printed.method).toBe("dell");
    expect(printed.papers).toBeNull();
    expect(printed.design.arrays).toBe(2);
  });
});

describe("--json: preset and presetChanges", () => {
  test("a preset alone changed by nothing", async () => {
    expect((await json([])).presetChanges).toEqual([]);
    const dellemc = await json(["--preset", "dellemc-2016"]);
    expect([dellemc.preset, dellemc.presetChanges]).toEqual(["dellemc-2016", []]);
  });
  test("the SE design started from dell-2010 and names each input it changed, in the inputs' order", async () => {
    const printed = await json(SE_JBOD);
    expect(printed.preset).toBe("dell-2010");
    expect(new Set(printed.presetChanges as string[])).toEqual(new Set(["users", "quotaMB", "copies", "exchangeVersion", "serversSite1", "serversSite2", "serverDisk"]));
    const keys = Object.keys(printed.inputs as object);
    const order = (printed.presetChanges as string[]).map((k) => keys.indexOf(k));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });
  test("an input given at the preset's own value changes nothing", async () => {
    expect((await json(["--users", "5000", "--copies", "2"])).presetChanges).toEqual([]);
  });
  test.each(["dell-2010", "dellemc-2016"])("%s: every input given at the preset's own value changes nothing; each one changed is named alone", async (preset) => {
    const own = await json(["--preset", preset]);
    const inputs = own.inputs as Record<string, unknown>;
    const args = inputOptions().map((o) => `${o.option}=${inputs[o.key] === null ? "" : String(inputs[o.key])}`);
    expect((await json(["--preset", preset, ...args])).presetChanges).toEqual([]);
    const copies = await json(["--preset", preset, "--copies", String(Number(inputs.copies) + 1), "--servers-site1", "8", "--servers-site2", "8"]);
    expect(copies.presetChanges).toEqual(["copies", "serversSite1", "serversSite2"].filter((k) => inputs[k] !== (copies.inputs as Record<string, unknown>)[k]));
  });
});
