/**
 * `exsize design`'s lines for an active/passive DAG: each site's servers and server disks on their own, as
 * Microsoft's Exchange Server Role Requirements Calculator v7.6 sizes the sites apart — s01 and p08 of
 * tests/fixtures/microsoft-calculator-designs.json, recalculated by the calculator at their Input cells.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import fixture from "../fixtures/microsoft-calculator-designs.json";
import { runDesign } from "../../src/cli/design";

jest.setTimeout(120_000);

type Row = { name: string; inputs: Record<string, unknown>; calc: Record<string, number | string> };
const row = (name: string) => (fixture.designs as unknown as Row[]).find((d) => d.name === name)!;

async function lines(args: string[]): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-sites-"));
  const stdout: string[] = [];
  const stderr: string[] = [];
  try {
    const code = await runDesign([...args, "--exchange-version", "2016", "--out", path.join(dir, "design.xlsx")], { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
    expect({ code, stderr }).toEqual({ code: 0, stderr: [] });
    return stdout;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
const line = (all: string[], start: string) => all.filter((l) => l.startsWith(start));

test("s01: site 1 on JBOD (Storage Design!C197 17 and our spare), site 2 on RAID (D194 23 and our spare); 128 and 160 GB a server (Role Requirements!C142, D253)", async () => {
  const calc = row("s01-active-passive-second-site-raid").calc;
  const out = await lines(["--users", "12500", "--quota-mb", "5120", "--copies", "3", "--servers-site1", "6", "--servers-site2", "3", "--layout", "active/passive"]);
  const [site1, site2] = [line(out, "Server disks, site 1"), line(out, "Server disks, site 2")];
  expect(site1).toHaveLength(1);
  expect(site1[0]).toMatch(new RegExp(`^Server disks, site 1: ${(calc["Storage Design!C197"] as number) + 1} × 4TB`));
  expect(site2[0]).toMatch(new RegExp(`^Server disks, site 2 \\(RAID\\): ${(calc["Storage Design!D194"] as number) + 1} × 4TB`));
  expect(line(out, "Server disks:")).toEqual([]);
  expect(line(out, "Servers: ")[0]).toMatch(new RegExp(`^Servers: 9 — site 1: 6, \\d+ cores and ${calc["Role Requirements!C142"]} GB memory each; site 2: 3, \\d+ cores and ${calc["Role Requirements!D253"]} GB memory each`));
});

test("p08: the first site on RAID (Storage Design!C194 13), the second on JBOD (D197 7), each with our spare", async () => {
  const calc = row("p08-4copies-2lagged-raid").calc;
  const out = await lines(["--users", "6000", "--copies", "4", "--lagged", "2", "--servers-site1", "6", "--servers-site2", "6", "--layout", "active/passive"]);
  expect(line(out, "Server disks, site 1 (RAID)")[0]).toMatch(new RegExp(`: ${(calc["Storage Design!C194"] as number) + 1} × `));
  expect(line(out, "Server disks, site 2:")[0]).toMatch(new RegExp(`: ${(calc["Storage Design!D197"] as number) + 1} × `));
});

test("one site: one line for the server disks and one for the servers, as before", async () => {
  const out = await lines(["--users", "5000", "--servers-site1", "2"]);
  expect(line(out, "Server disks").map((l) => l.split(":")[0])).toEqual(["Server disks (RAID)"]);
  expect(line(out, "Servers: ")[0]).toMatch(/^Servers: 2, \d+ cores and \d+ GB memory each/);
});
