/**
 * SizeDesign sizes a RAID server's own disks where Microsoft's calculator puts the DAG on
 * RAID (design.ts prefersJbod false), as raid-disks.ts raidServerDisks, instead of saying "none". The
 * calculator's figures are rows of tests/fixtures/microsoft-calculator-raid.json (v7.6 recalculated by
 * LibreOffice): where the design deploys the calculator's own database count (Role Requirements!C79),
 * its disks a server and a DAG are the calculator's (Storage Design!C194, C200) plus our hot spare.
 */
import { REFERENCE_DESIGN_INPUTS, REFERENCE_PRESETS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import fixture from "../fixtures/microsoft-calculator-raid.json";

interface RaidDesign {
  name: string;
  design: { mailboxes: number; messages: number; kb: number; quota: number; sites: number[]; copies: number; lagged: number; lagDays: number; diskGB: number; diskType: string };
  valid: boolean;
  cells: Record<string, number | string | null>;
}
const valid = (fixture.designs as RaidDesign[]).filter((x) => x.valid);

const inputsOf = ({ design: g }: RaidDesign): WorkbookInputs => ({
  ...REFERENCE_DESIGN_INPUTS,
  method: "microsoft",
  exchangeVersion: 2016,
  users: g.mailboxes,
  messagesPerDay: g.messages,
  messageKB: g.kb,
  quotaMB: g.quota,
  copies: g.copies,
  laggedCopies: g.lagged,
  lagDays: g.lagDays,
  serversSite1: g.sites[0],
  serversSite2: g.sites[1] ?? "",
  serverDisk: `${g.diskGB} GB ${g.diskType}`,
  spareDisks: 1,
});

const sized = valid.map((x) => ({ x, d: sizeDesign(inputsOf(x)) }));
const atTheirCount = sized.filter(({ x, d }) => d.databases === x.cells["Role Requirements!C79"]);

test("the RAID designs that deploy the calculator's own count are many (a control)", () => {
  expect(atTheirCount.length).toBeGreaterThanOrEqual(8);
});

test.each(sized.map(({ x, d }) => [x.name, x, d] as const))("%s: RAID disks instead of a problem; JBOD's figures absent", (_name, x, d) => {
  expect(d.serverDisksProblem).toBeUndefined();
  expect(d.serverDisks).toBeUndefined();
  const r = d.raidServerDisks!;
  expect(r.architecture).toBe("RAID");
  expect(r.disk.rawGB).toBe(x.design.diskGB);
  expect(r.disksPerServer).toBe(r.calculatorDisks + 1);
  expect(r.dagDisks).toBe(r.disksPerServer * d.servers);
});

test.each(atTheirCount.map(({ x, d }) => [x.name, x, d] as const))("%s: at the calculator's count, its RAID levels and disks (Storage Design!C164:E165, C194, C200)", (_name, x, d) => {
  const r = d.raidServerDisks!;
  expect([r.databaseLogRaid, r.databaseLogDisks, r.restoreRaid, r.restoreDisks]).toEqual([
    x.cells["Storage Design!C164"],
    x.cells["Storage Design!C165"],
    x.cells["Storage Design!E164"],
    x.cells["Storage Design!E165"],
  ]);
  expect([r.calculatorDisks, r.calculatorDagDisks]).toEqual([x.cells["Storage Design!C194"], x.cells["Storage Design!C200"]]);
});

test("a disk of no IOPS says why none, beside the design (the databases stand)", () => {
  const d = sizeDesign(inputsOf(valid[0]), { serverDisks: { disk: { name: "0 IOPS", rawGB: 4000, type: "given", iops: 0, source: "test" } } });
  expect(d.raidServerDisks).toBeUndefined();
  expect(d.serverDisksProblem).toMatch(/disk: a RAID disk needs its GB and IOPS/);
  expect(d.databases).toBe(valid[0].cells["Role Requirements!C79"]);
});

test("dellemc-2016 stays JBOD: 45 disks a server (004_1d3a339e6fd03f64.txt §4, Table 5), no RAID figures", () => {
  const d = sizeDesign(REFERENCE_PRESETS["dellemc-2016"].inputs);
  expect(d.serverDisks!.disksPerServer).toBe(45);
  expect(d.raidServerDisks).toBeUndefined();
});

test("README's RAID example: 7,600 mailboxes, 2 copies on 2 servers of 600 GB 10K disks — RAID-5 on 66, a RAID-5 restore on 6, 73 a server with the spare, 146 a DAG (r03: Storage Design!C165 66, E165 6, C194 72)", () => {
  const x = valid.find((y) => y.name === "r03")!;
  const d = sizeDesign(inputsOf(x));
  const r = d.raidServerDisks!;
  expect([r.databaseLogRaid, r.databaseLogDisks, r.restoreRaid, r.restoreDisks, r.disksPerServer, r.dagDisks]).toEqual(["RAID-5", 66, "RAID-5", 6, 73, 146]);
  expect(r.calculatorDisks).toBe(x.cells["Storage Design!C194"]);
});
