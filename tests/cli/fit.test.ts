/**
 * `exsize fit`: the profile lists designs, each exactly what `exsize design --json`
 * prints for its inputs, none beaten on all four counts, none past SE's cores and memory a server
 * (the engine's version profile); a profile no design carries says what blocked it; bad options name
 * the option.
 */
import { promises as fs, readFileSync } from "fs";
import ExcelJS from "exceljs";
import * as os from "os";
import * as path from "path";
import { runDesign } from "../../src/cli/design";
import { inputOptions } from "../../src/cli/design-options";
import type { ProgressOutput } from "../../src/cli/compare";
import { runFit } from "../../src/cli/fit";
import { fitCheck } from "../../src/workbook/fit-check";
import fc from "fast-check";
import "../support/fast-check-seed";
import { REFERENCE_DESIGN_INPUTS, type WorkbookInputs } from "../../src/engine";
import { designOf } from "../../src/workbook/input-values";
import { optionOf } from "../../src/workbook/input-options";
import { main } from "../../src/cli/main";
import { versionProfile } from "../../src/engine";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

function capture(tty?: boolean) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const progress: string[] = [];
  const out: ProgressOutput = { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l), ...(tty === undefined ? {} : { isTTY: tty, progress: (t: string) => progress.push(t) }) };
  return { out, stdout, stderr, progress };
}

async function fit(args: string[], tty?: boolean) {
  const c = capture(tty);
  const code = await runFit(args, c.out);
  return { code, ...c };
}

type Printed = { inputs: Record<string, unknown>; design: Record<string, number | string | null>; warnings: string[] } & Record<string, unknown>;

/** The four counts of a printed design, for the environment. */
function counts(p: Printed): number[] {
  const d = p.design;
  const servers = d.environmentServers as number;
  return [servers, (d.environmentDisks as number) + ((d.dagMcdbSsds as number | null) ?? 0) * (d.dags as number), servers * (d.memoryPerServerGB as number), servers * (d.coresPerServer as number)];
}
/** A command line's words as a POSIX shell splits them: spaces part them, single quotes keep all, a backslash keeps the next. */
function shellWords(line: string): string[] {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (ch === " ") {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (ch === "'") {
      const end = line.indexOf("'", i + 1);
      word = (word ?? "") + line.slice(i + 1, end);
      i = end;
    } else if (ch === "\\") word = (word ?? "") + line[++i];
    else word = (word ?? "") + ch;
  }
  if (word !== undefined) words.push(word);
  return words;
}
const beats = (a: number[], b: number[]) => a.every((x, i) => x <= b[i]) && a.some((x, i) => x < b[i]);

const PROFILE = ["--users", "20000", "--quota-mb", "10240", "--messages", "150", "--exchange-version", "SE"];

describe("exsize fit: the issue's profile", () => {
  let printed: Printed[];
  beforeAll(async () => {
    const r = await fit([...PROFILE, "--json"]);
    expect(r.code).toBe(0);
    printed = JSON.parse(r.stdout.join("\n")) as Printed[];
  });

  test("lists designs, each exactly what exsize design --json prints for its inputs", async () => {
    expect(printed.length).toBeGreaterThan(0);
    for (const p of printed) {
      // Every input as its option, so design sizes exactly these inputs.
      const args = inputOptions().flatMap((o) => [`${o.option}=${p.inputs[o.key] === null ? "" : String(p.inputs[o.key])}`]);
      const c = capture();
      expect(await runDesign([...args, "--json"], c.out)).toBe(0);
      const { command, ...design } = p;
      expect(typeof command).toBe("string");
      expect(design).toEqual(JSON.parse(c.stdout.join("\n")));
    }
  });

  test("each carries the exsize design command line that rebuilds it, the disk by its catalogue name", async () => {
    for (const p of printed) {
      const words = shellWords(p.command as string);
      expect(words.slice(0, 2)).toEqual(["exsize", "design"]);
      expect(words).toContain(p.inputs.serverDisk);
      const c = capture();
      expect(await runDesign(words.slice(2), c.out)).toBe(0);
      const { command, ...design } = p;
      expect(JSON.parse(c.stdout.join("\n"))).toEqual(design);
      expect(command).toMatch(/ --server-disk '8TB 7\.2K NL-SAS 3\.5"' /);
    }
  });

  test("none is beaten by another on servers, disks, memory and cores; fewest servers first", () => {
    const all = printed.map(counts);
    for (const a of all) for (const b of all) expect(beats(b, a)).toBe(false);
    for (let i = 1; i < all.length; i++) expect(all[i][0]).toBeGreaterThanOrEqual(all[i - 1][0]);
  });

  test("none passes SE's cores and memory a server", () => {
    const { maxCores, maxMemoryGB } = versionProfile("SE");
    expect([maxCores, maxMemoryGB]).toEqual([48, 256]);
    for (const p of printed) {
      expect(p.design.coresPerServer as number).toBeLessThanOrEqual(maxCores!);
      expect(p.design.memoryPerServerGB as number).toBeLessThanOrEqual(maxMemoryGB!);
      expect(p.warnings).toEqual([]);
    }
  });
});

/** `exsize design --json` of the given options: its four counts. */
async function designCounts(args: string[]): Promise<number[]> {
  const c = capture();
  expect(await runDesign([...args, "--json"], c.out)).toBe(0);
  const p = JSON.parse(c.stdout.join("\n")) as Printed;
  expect(p.warnings).toEqual([]);
  return counts(p);
}

describe("exsize fit: designs found by hand are on the front, or one no worse", () => {
  const DISK_1_2TB = '1.2TB 10K RPM SAS 2.5"';
  test.each([
    [
      // RAID designs (consider JBOD no) were counted as JBOD: 6 servers and 396 disks listed, where these 312 disks carry it.
      "consider JBOD no",
      ["--exchange-version", "SE", "--users", "7600", "--quota-mb", "5120", "--messages", "500", "--consider-jbod", "no"],
      ["--max-servers-per-dag", "6", "--max-dags", "2", "--min-copies", "3"],
      ["--servers-site1", "6", "--copies", "3", "--server-disk", DISK_1_2TB, "--databases-per-volume", "3"],
    ],
    [
      // Two databases a volume, laid only by 0 (the most that fit): 81 disks where 3 copies' designs were not tried.
      "databases a volume 0",
      ["--exchange-version", "2016", "--users", "25000", "--quota-mb", "2048", "--messages", "50", "--databases-per-dag", "48"],
      ["--max-servers-per-dag", "3", "--max-dags", "1"],
      ["--servers-site1", "3", "--copies", "3", "--server-disk", "8TB 7.2K NL-SAS 3.5\"", "--databases-per-volume", "0"],
    ],
    [
      // A site failure survived with a lagged copy: 3 + 2 servers lay their volumes only at 0.
      "a site failure and a lagged copy",
      ["--exchange-version", "2016", "--users", "2500", "--environment-users", "5000", "--quota-mb", "10240", "--messages", "500", "--message-kb", "50", "--layout", "active/passive", "--iops-multiplier", "0.5", "--server-disk", DISK_1_2TB],
      ["--survive-site-failure", "--lagged-copy"],
      ["--servers-site1", "3", "--servers-site2", "2", "--copies", "4", "--lagged", "1"],
    ],
  ])("%s", async (_, profile, searched, byHand) => {
    const hand = await designCounts([...profile, ...byHand]);
    const r = await fit([...profile, ...searched, "--json"]);
    expect(r.code).toBe(0);
    const front = (JSON.parse(r.stdout.join("\n")) as Printed[]).map(counts);
    expect(front.some((f) => f.every((x, i) => x <= hand[i]))).toBe(true);
    for (const f of front) expect(beats(hand, f)).toBe(false);
  });
});

describe("exsize fit: what it prints", () => {
  test("the table: a line saying what the front is, then a row a design", async () => {
    // One DAG: the search the format needs, a third of the whole one's time.
    const r = await fit([...PROFILE, "--limit", "2", "--max-dags", "1"]);
    expect(r.code).toBe(0);
    expect(r.stdout[0]).toMatch(/^the best 2 of \d+ designs no other beats on servers, disks, memory and cores/);
    expect(r.stdout[1]).toMatch(/all servers +all disks +all memory GB +all cores/);
    expect(r.stdout).toHaveLength(4);
  });

  test("--csv: a header and a row a design; --limit caps them", async () => {
    const r = await fit([...PROFILE, "--csv", "--limit", "1", "--max-dags", "1"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toHaveLength(2);
    expect(r.stdout[0]).toMatch(/^"users","servers-site1","copies","server-disk","databases-per-volume","method",/);
  });

  test("progress on a terminal only", async () => {
    const tty = await fit([...PROFILE, "--limit", "1", "--max-dags", "1"], true);
    expect(tty.progress.some((t) => /candidate designs/.test(t))).toBe(true);
    const piped = await fit([...PROFILE, "--limit", "1", "--max-dags", "1"], false);
    expect(piped.progress).toEqual([]);
  });

  test("Ctrl-C (SIGINT) stops: nothing printed, exit 130, the handler removed", async () => {
    const listeners = process.listenerCount("SIGINT");
    const c = capture(true);
    // At the first progress line, Ctrl-C: the search stops at its next step.
    const out: ProgressOutput = { ...c.out, progress: (t) => (c.progress.push(t), /candidate designs/.test(t) ? void process.emit("SIGINT", "SIGINT") : undefined) };
    const code = await runFit([...PROFILE, "--json"], out);
    expect(code).toBe(130);
    expect(c.stdout).toEqual([]);
    expect(c.stderr).toEqual(["exsize fit: stopped (Ctrl-C); nothing printed"]);
    expect(process.listenerCount("SIGINT")).toBe(listeners);
  });

  test("--out writes the best designs as a live Compare workbook, whole", async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "fit-"));
    const file = path.join(dir, "fit.xlsx");
    const r = await fit([...PROFILE, "--limit", "2", "--max-dags", "1", "--out", file]);
    expect(r.code).toBe(0);
    const bytes = await fs.readFile(file);
    expect(bytes.subarray(0, 2).toString()).toBe("PK");
    expect(r.stdout[r.stdout.length - 1]).toMatch(/^Wrote .*fit\.xlsx: the best 2 designs side by side/);
    // It opens on its answer: a first sheet, the active one, that states the profile fitted and each design's counts.
    const json = JSON.parse((await fit([...PROFILE, "--limit", "2", "--max-dags", "1", "--json"])).stdout.join("\n")) as Printed[];
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ExcelJS.Buffer);
    const first = book.worksheets[0];
    expect(first.name).toBe("Fit");
    expect(book.views?.[0]?.activeTab ?? 0).toBe(0);
    expect(book.worksheets[1].name).toBe("Compare");
    const text: string[] = [];
    first.eachRow((row) => text.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? "" : typeof v === "object" && "result" in (v as object) ? String((v as { result: unknown }).result) : String(v))).join(" | ")));
    const page = text.join("\n");
    expect(page).toMatch(/Mailboxes \| 20000/);
    expect(page).toMatch(/Mailbox quota.* \| 10240/);
    expect(page).toMatch(/Exchange version \| Exchange Server SE/);
    expect(page).toMatch(/DAGs at most \| 1\b/);
    json.forEach((p, i) => {
      const [servers, disks, memory, cores] = counts(p);
      expect(page).toContain(`Design ${i + 1} | ${p.design.dags} | ${servers} | ${disks} | ${memory} | ${cores}`);
    });
    // What design 2 costs more (or less) of than design 1, in words: "+2 servers, −40 disks".
    const [a, b] = json.map(counts);
    const signed = (x: number) => (x > 0 ? `+${x.toLocaleString("en-US")}` : `−${(-x).toLocaleString("en-US")}`);
    const word = (k: number, by: number) => (k === 2 ? "GB memory" : `${["server", "disk", "", "core"][k]}${Math.abs(by) === 1 ? "" : "s"}`);
    const words = a.flatMap((_, k) => (b[k] === a[k] ? [] : [`${signed(b[k] - a[k])} ${word(k, b[k] - a[k])}`])).join(", ");
    expect(page).toContain(words);
    expect(first.pageSetup.fitToHeight).toBe(1);
    // Already there: refused before searching, exit 2.
    expect((await fit([...PROFILE, "--out", file])).code).toBe(2);
    await fs.rm(dir, { recursive: true, force: true });
  });

  test("exsize help fit prints its options", async () => {
    const c = capture();
    expect(await main(["help", "fit"], c.out)).toBe(0);
    expect(c.stdout.join("\n")).toMatch(/--max-servers-per-dag N/);
  });
});

describe("the search's check", () => {
  test("sizing once, it accepts exactly the designs designOf (exsize design's check) accepts", () => {
    fc.assert(
      fc.property(
        fc.record({
          users: fc.integer({ min: 1, max: 200_000 }),
          quotaMB: fc.constantFrom(1024, 10240, 100_000),
          exchangeVersion: fc.constantFrom<WorkbookInputs["exchangeVersion"]>(2013, 2016, 2019, "SE"),
          serversSite1: fc.integer({ min: 1, max: 16 }),
          serversSite2: fc.constantFrom<number | "">("", 1, 3, 8),
          copies: fc.integer({ min: 1, max: 6 }),
          laggedCopies: fc.integer({ min: 0, max: 2 }),
          edition: fc.constantFrom("Enterprise", "Standard"),
          mcdb: fc.constantFrom("auto", "on", "off"),
          maxDatabaseGB: fc.constantFrom(0.5, 50, 1024, 2000),
          environmentUsers: fc.constantFrom<number | "">("", 0, 150_000, 150_000.5),
          messagesPerDay: fc.constantFrom(0, 150, 600),
        }),
        (r) => {
          const inputs = { ...REFERENCE_DESIGN_INPUTS, ...r } as WorkbookInputs;
          expect(fitCheck(inputs).ok).toBe(designOf(inputs, optionOf).ok);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("docs/fit.md", () => {
  const blocks = [...readFileSync(path.join(__dirname, "../../docs/fit.md"), "utf8").matchAll(/```sh\n(npx exsize fit [^\n]+)\n([\s\S]*?)\n```/g)];

  test("its examples print what it shows: the table on standard output, the blockers on standard error", async () => {
    expect(blocks).toHaveLength(2);
    for (const [, command, shown] of blocks) {
      const r = await fit(command.split(" ").slice(3));
      expect((r.code === 0 ? r.stdout : r.stderr).join("\n")).toBe(shown);
    }
  });
});

describe("exsize fit: what cannot be", () => {
  test("a profile no design carries says what blocked it", async () => {
    const r = await fit(["--users", "10000", "--exchange-version", "SE", "--copies", "2", "--max-servers-per-dag", "2", "--max-dags", "1", "--json"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toEqual(["[]"]);
    const said = r.stderr.join("\n");
    expect(said).toMatch(/no design of the \d+ searched carries this profile/);
    expect(said).toMatch(/memory: every design needs more than the 256 GB a server recommended for Exchange Server SE \(the least: 384 GB\)/);
    expect(said).toMatch(/--max-servers-per-dag/);
  });

  test("a preset's designs carry the line that rebuilds them from the preset", async () => {
    const r = await fit(["--preset", "dellemc-2016", "--users", "5000", "--quota-mb", "2048", "--max-servers-per-dag", "4", "--max-dags", "1", "--json"]);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout.join("\n")) as Printed[];
    expect(printed.length).toBeGreaterThan(0);
    for (const { command, ...design } of printed) {
      const words = shellWords(command as string);
      expect(words.slice(2, 4)).toEqual(["--preset", "dellemc-2016"]);
      const c = capture();
      expect(await runDesign(words.slice(2), c.out)).toBe(0);
      expect(JSON.parse(c.stdout.join("\n"))).toEqual(design);
    }
  });

  test("--disks typed in any case and spacing are printed by their catalogue names", async () => {
    const r = await fit(["--users", "5000", "--exchange-version", "SE", "--disks", "8tb 7.2k  nl-sas 3.5", "--max-servers-per-dag", "3", "--max-dags", "1", "--json"]);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout.join("\n")) as Printed[];
    expect(printed.length).toBeGreaterThan(0);
    for (const p of printed) expect(p.inputs.serverDisk).toBe('8TB 7.2K NL-SAS 3.5"');
  });

  test.each([
    [["--copies", "3", "--servers-site1", "2"], "copies: 3 copies need a server each, 3 servers a DAG, and the servers given are 2 (--servers-site1 2); give fewer copies or more servers"],
    [
      ["--servers-site1", "3", "--max-servers-per-dag", "3", "--sites", "2"],
      "servers-site1: 3 servers in the first site and at least 1 in the second are more than the 3 a DAG allowed (--max-servers-per-dag 3); allow more servers a DAG, give fewer, or one site (--sites 1)",
    ],
    [["--min-copies", "5", "--max-servers-per-dag", "4"], "min-copies: 5 copies need a server each, 5 servers a DAG, and at most 4 servers a DAG are searched (--max-servers-per-dag 4); allow fewer copies or more servers"],
    [["--copies", "2", "--lagged-copy"], "lagged-copy: a lagged copy needs 3 or more copies, and --copies gives 2"],
  ])("%j: the constraint that leaves nothing to search, with its numbers", async (args, message) => {
    const r = await fit(["--users", "5000", "--exchange-version", "SE", ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toBe(`exsize fit: ${message}`);
  });

  test.each([
    [["--exchange-version", "2010"], /exchangeVersion and method: fit searches designs by Microsoft's method/],
    [["--min-copies", "1"], /--min-copies must be a whole number from 2 to 16; got "1"/],
    [["--disks", "8TB 7.2K NL-SAS 3.5\",9 parsecs"], /--disks: each disk must be one of/],
    [["--sites", "3"], /--sites must be a whole number from 1 to 2; got "3"/],
    [["--json", "--csv"], /--json and --csv: give one/],
    [["--sites", "1", "--survive-site-failure"], /survive-site-failure needs two sites/],
    // One number reader for every option (design-options.ts wholeOption): no percent, no 0x4, 0b1 or 0o2.
    [["--users", "5000%"], /--users: users must be a whole number from 1 to 100,000,000; got "5000%", a percent, which only a share takes/],
    [["--max-dags", "400%"], /--max-dags must be a whole number from 1 to 1,000; got "400%", a percent, which only a share takes/],
    [["--max-dags", "0x4"], /--max-dags must be a whole number from 1 to 1,000; got "0x4"/],
    [["--limit", "0b1"], /--limit must be a whole number from 1 to 1,000,000; got "0b1"/],
    [["--min-copies", "0o2"], /--min-copies must be a whole number from 2 to 16; got "0o2"/],
    [["--max-servers-per-dag", "4.000"], /--max-servers-per-dag must be a whole number from 2 to 16; got "4.000" — a point before three digits is ambiguous/],
    [["--disks", ""], /--disks must be the server disks allowed, each a disk of the catalogue, separated by commas .*; got ""/],
    [["--disks", "8TB 7.2K NL-SAS 3.5\",,"], /--disks must be the server disks allowed/],
  ])("%j is a usage error naming the option", async (args, message) => {
    const r = await fit([...(args.includes("--exchange-version") ? [] : ["--exchange-version", "2019"]), ...args]);
    expect(r.code).toBe(2);
    expect(r.stderr[0]).toMatch(message);
  });

  test("its own numbers are read as design reads its options: 1,000 and 1e0", async () => {
    const profile = ["--users", "2000", "--exchange-version", "2019", "--copies", "2", "--servers-site1", "2", "--json"];
    const plain = await fit([...profile, "--max-dags", "1", "--limit", "1"]);
    expect(plain.code).toBe(0);
    for (const [dags, limit] of [["1e0", "1"], ["1", "1e0"]]) {
      const r = await fit([...profile, "--max-dags", dags, "--limit", limit]);
      expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: plain.stdout });
    }
    expect((await fit([...profile, "--max-dags", "1,000", "--limit", "1"])).code).toBe(0);
  });
});
