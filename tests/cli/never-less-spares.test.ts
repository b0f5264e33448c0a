/**
 * Sized never less, a copy more never lays fewer disks a server (docs/whole-design.md): the disks that
 * keep it so are hot spares, and the text says which of the spares they are, apart from those asked.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runDesign } from "../../src/cli/design";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

async function serverDisksLine(args: string[]): Promise<string | undefined> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "never-less-spares-"));
  try {
    const stdout: string[] = [];
    expect(await runDesign([...args, "--out", path.join(dir, "d.xlsx")], { stdout: (l) => stdout.push(l), stderr: () => undefined })).toBe(0);
    return stdout.find((l) => l.startsWith("Server disks"));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// 1,461 mailboxes of 10 GB on 5 servers of 10 TB disks, 2 databases a volume asked: the calculator lays 51 disks a
// server at 4 copies and 7 at 5 (its count falls from 120 to 20); sized never less, 5 copies keep the 51.
const DESIGN = ["--exchange-version", "2016", "--users", "1461", "--quota-mb", "10240", "--servers-site1", "5", "--disk", '10TB 7.2K RPM SAS 3.5"', "--databases-per-volume", "2"];

test("the spares that keep a copy more from laying fewer disks are said apart from the one asked", async () => {
  expect(await serverDisksLine([...DESIGN, "--copies", "5", "--server-sizing", "never less"])).toMatch(/^Server disks: 51 × .*; 1 restore, 1 AutoReseed, 29 spare, 28 of them so a copy more never lays fewer disks\)$/);
});

test("a design the calculator sizes says only the spares asked", async () => {
  expect(await serverDisksLine([...DESIGN, "--copies", "5"])).toMatch(/^Server disks: 7 × .*; 1 restore, 1 AutoReseed, 1 spare\)$/);
});
