/**
 * What cannot be laid out or given is refused, naming the input and what fits: a set number of
 * databases a volume whose volume no server disk holds (a JBOD design with no server disks, once
 * exit 0 with the Design check OK), and MCDB "on" for a design that has no database disks to put the
 * SSDs beside (docs/cli.md: "`on` the same, refusing any other design").
 */
import { runDesign } from "../../src/cli/design";
import { runExport } from "../../src/cli/export";
import { designCheckText } from "../../src/workbook/design-check";
import { REFERENCE_DESIGN_INPUTS } from "../../src/engine/design";
import { evaluateWorkbook, nativeModel, withCellValues } from "../../src/workbook/evaluate";
import { DESIGN_CHECK_CELL, INPUT_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(WORKBOOK_MS);

async function run(command: typeof runDesign, args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await command(args, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

// 131 mailboxes of 50 GB and a 10 GB archive on three SE servers, on the 600 GB 10K disk.
const SMALL_DISK = ["--exchange-version", "SE", "--users", "131", "--quota-mb", "51200", "--messages", "100", "--archive-mb", "10240", "--copies", "3", "--servers-site1", "3", "--server-disk", '600GB 10K RPM SAS 2.5"'];

describe("a set number of databases a volume that no volume of the disk holds", () => {
  test("exsize design: exit 1 naming the input and the count that fits", async () => {
    const r = await run(runDesign, [...SMALL_DISK, "--databases-per-volume", "2", "--json"]);
    expect(r.code).toBe(1);
    const printed = JSON.parse(r.stdout.join("\n"));
    expect(printed.problems).toEqual([
      expect.stringMatching(/^databasesPerVolume: 2 databases a volume cannot be laid out \(a volume of \d+ databases needs [\d.,]+ GB; a 600GB 10K RPM SAS 2\.5" disk formats to 558\.8 GB.*\); set 1 \(what fits the 600GB 10K RPM SAS 2\.5"\), 0 for the most that fit, or a larger disk \(--databases-per-volume, --server-disk\)$/),
    ]);
  });

  test("the count that fits is laid out, with its server disks", async () => {
    const r = await run(runDesign, [...SMALL_DISK, "--databases-per-volume", "1", "--json"]);
    expect(r.code).toBe(0);
    const { design } = JSON.parse(r.stdout.join("\n"));
    expect({ databasesPerVolume: design.databasesPerVolume, serverDisksProblem: design.serverDisksProblem }).toEqual({ databasesPerVolume: 1, serverDisksProblem: null });
    expect(design.disksPerServer).toBeGreaterThan(0);
  });

  test("the Design check says Not a design, naming the input", () => {
    const inputs = { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: "SE" as const, users: 131, quotaMB: 51200, messagesPerDay: 100, archiveMB: 10240, copies: 3, serversSite1: 3, serversSite2: "" as const, serverDisk: '600GB 10K RPM SAS 2.5"', databasesPerVolume: 2 };
    expect(designCheckText(inputs)).toMatch(/^Not a design: the databases a volume set \(Databases a disk's volume\) fit no volume of the server disk/);
  });

  test("a workbook edited to it says Not a design in its Design check, for the set count and for MCDB on", () => {
    const inputs = { exchangeVersion: "SE" as const, users: 131, quotaMB: 51200, messagesPerDay: 100, archiveMB: 10240, copies: 3, serversSite1: 3, serversSite2: "" as const, serverDisk: '600GB 10K RPM SAS 2.5"', databasesPerVolume: 0 };
    const model = referenceDesign({ inputs });
    const sheet = templateSheetNames().inputs;
    // The live workbook and the customer copy (Excel's own formulas).
    for (const book of [model, nativeModel(model)]) {
      const checkAt = (databasesPerVolume: number, mcdb: string) =>
        String(evaluateWorkbook(withCellValues(book, [{ sheet, address: INPUT_CELLS.databasesPerVolume, value: databasesPerVolume }, { sheet, address: INPUT_CELLS.mcdb, value: mcdb }]))[sheet][DESIGN_CHECK_CELL.inputs]);
      expect(checkAt(0, "on")).toMatch(/^OK:/);
      expect(checkAt(2, "auto")).toMatch(/^Not a design: the databases a volume set \(Databases a disk's volume\) fit no volume of the server disk/);
      expect(checkAt(2, "on")).toMatch(/^Not a design: MCDB is on/);
    }
  });

  test("exsize export deploys nothing: exit 1", async () => {
    const r = await run(runExport, [...SMALL_DISK, "--databases-per-volume", "2", "--out", "/nonexistent/never"]);
    expect(r.code).toBe(1);
    expect(r.stderr[0]).toMatch(/databasesPerVolume: 2 databases a volume cannot be laid out/);
  });
});

describe("MCDB on where there are no database disks to give SSDs", () => {
  test("refused naming mcdb and what would do: exit 1", async () => {
    const r = await run(runDesign, [...SMALL_DISK, "--databases-per-volume", "2", "--mcdb", "on", "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout.join("\n")).problems[0]).toMatch(/^mcdb: "on" needs the servers' JBOD database disks to put the SSDs beside, and this design's server disks cannot hold its volumes \(.*\) — choose "auto" or "off", or a disk that holds them/);
  });

  test("on a design whose disks hold its volumes, MCDB on is given", async () => {
    const r = await run(runDesign, [...SMALL_DISK, "--mcdb", "on", "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout.join("\n")).design.mcdbSsdsPerServer).toBeGreaterThan(0);
  });
});
