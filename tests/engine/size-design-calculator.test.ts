/**
 * For Exchange 2013 and later, the Summary's databases and memory a server (sizeDesign's)
 * are Microsoft's calculator's. The calculator's figures are rows of tests/fixtures/microsoft-calculator.json
 * (v7.6 recalculated by LibreOffice at each design's Input cells; Role Requirements!C79 the databases,
 * Role Requirements!C142 the memory a server), at every design there our inputs can express: one
 * mailbox profile, a DAG (2+ copies), no lagged copies or set disk sizes, on RAID (the fixture's runs
 * consider no disk, Input!C107 "No"; a design always has one, so one the calculator puts on JBOD is
 * counted from its disk: tests/fixtures/microsoft-calculator-designs.json, size-design-designs.test.ts).
 *
 * Departure (docs/one-design.md, "one database count"): the databases deployed are the calculator's
 * count rounded up to a balanced one, so every server carries the same load in every failure; where
 * the calculator's count is already balanced they are equal.
 * Sized never less (ServerSizing, docs/whole-design.md): a design that deploys several balancing units
 * sizes its servers as the calculator sizes one unit (its figures at that count set, Input!G38 "No",
 * G39), so more load never buys less; its memory is then at least the calculator's at its own count.
 * By the calculator's rules (the default) its memory is the calculator's at the deployed count.
 */
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { balancedDatabaseCount } from "../../src/engine/layout";
import { prefersJbod } from "../../src/engine/microsoft/design";
import fixture from "../fixtures/microsoft-calculator.json";
import onDisks from "../fixtures/microsoft-calculator-designs.json";
import { evaluateFormula } from "../../src/formula";

interface FixtureDesign {
  name: string;
  design: { mailboxes: number | number[][]; messages?: number; kb?: number; quota?: number; sites: number[]; copies: number; lagged?: number; factors?: Record<string, number>; spec?: number; cores?: number };
  rows: { r: string; cell: string; calc: number | string; why?: string }[];
}

const expressible = (fixture.designs as FixtureDesign[]).filter((x) => {
  const g = x.design;
  // The design's default disk, the calculator's own 4 TB (Input!C116): RAID only with fewer than 3 HA copies.
  const raid = !prefersJbod(g.sites, g.copies, 0, { diskGB: 4000 }).jbod;
  return raid && typeof g.mailboxes === "number" && g.copies >= 2 && !g.lagged && (g.factors === undefined || Object.keys(g.factors).every((k) => k === "archiveMB"));
});

const inputsOf = ({ design: g }: FixtureDesign): WorkbookInputs => ({
  ...REFERENCE_DESIGN_INPUTS,
  users: g.mailboxes as number,
  messagesPerDay: g.messages!,
  messageKB: g.kb!,
  quotaMB: g.quota!,
  copies: g.copies,
  serversSite1: g.sites[0],
  serversSite2: g.sites[1] ?? "",
  exchangeVersion: 2016,
  specIntRate: g.spec ?? 0,
  coresPerServer: g.cores ?? REFERENCE_DESIGN_INPUTS.coresPerServer,
  archiveMB: g.factors?.archiveMB ?? 0,
});

const calc = (x: FixtureDesign, cell: string) => {
  const row = x.rows.find((r) => r.cell === cell);
  if (row === undefined || typeof row.calc !== "number") throw new Error(`${x.name} has no number at ${cell}`);
  return row.calc;
};

test("the fixture holds the issue's designs among those our inputs express (a control)", () => {
  // s06: 7,600 mailboxes on 2 servers (150 KB messages); s07, on 4 servers with 3 copies, is JBOD (d03 on disks).
  expect(expressible.map((x) => x.name)).toEqual(expect.arrayContaining(["s06-issue2srv", "s15"]));
  expect(expressible.length).toBeGreaterThanOrEqual(8);
});

test.each(expressible.map((x) => [x.name, x] as const))("%s: memory a server is the calculator's (Role Requirements!C142), databases its count (C79)", (_name, x) => {
  const inputs = inputsOf(x);
  const d = sizeDesign(inputs);
  expect(d.method).toBe("microsoft");
  const theirs = calc(x, "Role Requirements!C79");
  // Its own count deployed, so its own memory.
  expect(d.databases).toBe(theirs);
  expect(d.memoryPerServerGB).toBe(calc(x, "Role Requirements!C142"));
});

test("the issue's two examples, by name: 10 databases and 288 GB; on the calculator's 4 TB disk, 48 databases and 160 GB", () => {
  const byName = (name: string) => sizeDesign(inputsOf(expressible.find((x) => x.name === name)!));
  // Role Requirements!C79 and C142 at s06 (tests/fixtures/microsoft-calculator.json).
  expect([byName("s06-issue2srv").databases, byName("s06-issue2srv").memoryPerServerGB]).toEqual([10, 288]);
  // s07 is JBOD: C79 48 and C142 160 at d03 (microsoft-calculator-designs.json); the memory a balancing unit's.
  const s07 = sizeDesign({ ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016, ...onDisks.designs.find((x) => x.name === "d03-s07-jbod")!.inputs } as WorkbookInputs);
  expect(s07.databases).toBe(48);
  expect(s07.memoryPerServerGB).toBe(160);
});

/**
 * Where the design deploys several balancing units, its servers are the calculator's at one unit: the
 * calculator recalculated by ../shared/ms-calc-oracle at the design's Input cells with the database count
 * set to the unit (Input!G38 "No", G39), Role Requirements!C103 and C142 — s29 and s33 on the design's
 * disk (tests/fixtures/microsoft-calculator-designs.json d05, d06 and their "-unit" rows).
 */
const onDisk = (name: string) => onDisks.designs.find((x) => x.name === name)!;
test.each([
  // name, unit (G39), C103 at the unit, C142 at the unit, C142 at the calculator's own count (fixture)
  ["d05-s29-archive", 12, 8, 160, 128],
  ["d06-s33-6copies", 24, 16, 1280, 960],
] as const)("%s deploys several units of %i databases: a server is the calculator's at one unit (%i active databases, %i GB)", (name, unit, active, memoryGB, ownGB) => {
  const x = onDisk(name);
  expect(x.calc["Role Requirements!C142"]).toBe(ownGB);
  expect([onDisk(`${name}-unit`).calc["Role Requirements!C103"], onDisk(`${name}-unit`).calc["Role Requirements!C142"]]).toEqual([active, memoryGB]);
  const inputs = { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016, ...x.inputs } as WorkbookInputs;
  const d = sizeDesign({ ...inputs, serverSizing: "never less" });
  // By the calculator's rules (the default), its own figures where it deploys its own count.
  const calculator = sizeDesign(inputs);
  if (calculator.databases === x.calc["Role Requirements!C79"]) expect(calculator.memoryPerServerGB).toBe(ownGB);
  expect(calculator.memoryPerServerGB).toBeLessThanOrEqual(d.memoryPerServerGB);
  const sites = [inputs.serversSite1, ...(inputs.serversSite2 === "" ? [] : [inputs.serversSite2])];
  expect(balancedDatabaseCount(1, { serversPerSite: sites, copies: inputs.copies, laggedCopies: 0, layout: "active/active" })).toBe(unit);
  expect(d.databases / unit).toBeGreaterThan(1);
  expect([d.microsoft!.active.worst, d.memoryPerServerGB]).toEqual([(d.databases / unit) * active, memoryGB]);
  // Every failure mode is the unit's, once a unit: the worst is the largest mode, as on the Resilience sheet.
  const modes = Object.entries(d.microsoft!.active).filter(([mode]) => mode !== "worst").map(([, x]) => x);
  expect(modes.every((x) => x % (d.databases / unit) === 0)).toBe(true);
  expect(Math.max(...modes)).toBe(d.microsoft!.active.worst);
});

test("the functions take the balancing unit as a factor: the unit's active databases in proportion to the count", () => {
  const d = sizeDesign({ ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016, ...onDisk("d05-s29-archive").inputs, serverSizing: "never less" } as WorkbookInputs);
  const cell = (formula: string) => evaluateFormula(formula, { sheet: "Sheet1", cell: () => null, name: () => undefined });
  // The design's disk, the calculator's 4 TB one, as the factor diskGB (the count it was sized at reads it).
  const active = (unit: number) => cell(`=EX_MS_DATABASES(6000,150,75,2048,4,3,"active",{"archiveMB",10240;"diskGB",4000;"deployedDatabases",${d.databases};"activationUnit",${unit}})`);
  expect(active(12)).toBe(d.microsoft!.active.worst);
  // A unit that does not divide the count (96 of 7): its active databases × 96 ÷ 7, a fraction.
  const atSeven = cell(`=EX_MS_DATABASES(6000,150,75,2048,4,3,"active",{"archiveMB",10240;"diskGB",4000;"deployedDatabases",7})`) as number;
  expect(active(7)).toBeCloseTo((atSeven * 96) / 7, 9);
});
