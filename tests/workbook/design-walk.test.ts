/**
 * The Design sheet walks the method that sized the design. By Microsoft's method, each of its rules
 * (src/engine/rules/microsoft.ts) in their order, the calculator's: a row with the rule's label, its
 * words, its source (publisher, title, sheet and cell) and its value, a live formula over the Inputs
 * equal to the engine's — in the add-in's workbook and in the customer copy. Dell's Tables 18-19 print
 * for a design Dell's process sizes (Exchange 2010), and not for one Microsoft's method sizes.
 */
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { SizingError } from "../../src/engine/errors";
import { MICROSOFT_RULES, type MicrosoftRule } from "../../src/engine/rules";
import { evaluateWorkbook, nativeModel } from "../../src/workbook/evaluate";
import type { CellModel, SheetModel } from "../../src/workbook/model";
import { DESIGN_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { withoutDistribution } from "./light-model";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(4 * WORKBOOK_MS);

const R = REFERENCE_DESIGN_INPUTS;
const sheets = templateSheetNames();
/** The designs print-whole looks at: an SE design (4 + 4 servers, 8 TB disks) and a two-site 2019 design. */
const SE: WorkbookInputs = { ...R, users: 20000, quotaMB: 10240, exchangeVersion: "SE", serversSite1: 4, serversSite2: 4, copies: 4, serverDisk: '8TB 7.2K NL-SAS 3.5"' };
const TWO_SITE_2019: WorkbookInputs = { ...R, users: 10000, quotaMB: 10240, exchangeVersion: 2019, serversSite1: 4, serversSite2: 4, copies: 4 };
const RULES = Object.keys(MICROSOFT_RULES.rules) as MicrosoftRule[];
const OPERANDS = MICROSOFT_RULES.operands;

const designSheet = (inputs: WorkbookInputs): SheetModel => referenceDesign({ inputs }).sheets.find((s) => s.name === sheets.design)!;
const rowOf = (address: string) => Number(/\d+$/.exec(address)![0]);
const at = (sheet: SheetModel, address: string): CellModel | undefined => sheet.cells.find((c) => c.address === address);

/** Each rule's row of the Design sheet: the row whose label (column B) is the rule's. */
function walkRows(sheet: SheetModel): Map<MicrosoftRule, number> {
  const rows = new Map<MicrosoftRule, number>();
  // The walk's own rows, below its heading: an answer row above may share a rule's label ("Processor cores per mailbox server").
  const heading = sheet.cells.find((c) => typeof c.value === "string" && c.value.startsWith("Microsoft's method, step by step"));
  const top = heading === undefined ? 0 : rowOf(heading.address);
  for (const key of RULES) {
    // Dell's Table 18 has a "Mailbox size on disk" too: the rule's row is the one citing the rule's source.
    const source = (row: number) => String(at(sheet, `E${row}`)?.value);
    const label = sheet.cells.find(
      (c) => c.address.startsWith("B") && rowOf(c.address) > top && typeof c.value === "string" && (c.value === MICROSOFT_RULES.rules[key].label || c.value.startsWith(`${MICROSOFT_RULES.rules[key].label} of `)) && source(rowOf(c.address)).startsWith(MICROSOFT_RULES.rules[key].source.publisher),
    );
    if (label) rows.set(key, rowOf(label.address));
  }
  return rows;
}

/** The rule's value by the engine's compiled rule at the design's inputs (its mailboxes and databases sizeDesign's). */
function engineValue(key: MicrosoftRule, inputs: WorkbookInputs): number | boolean {
  const d = sizeDesign(inputs);
  const given: Record<string, number> = {
    messagesPerDay: inputs.messagesPerDay,
    messageKB: inputs.messageKB,
    quotaMB: inputs.quotaMB,
    archiveMB: inputs.archiveMB ?? 0,
    copies: inputs.copies,
    users: d.microsoft!.mailboxes,
    serversFirstSite: inputs.serversSite1,
    serversSecondSite: inputs.serversSite2 === "" ? 0 : inputs.serversSite2,
    databases: d.databases,
    // The busiest server's copies and active databases, and a database's log space, at the deployed count.
    copiesPerServer: d.microsoft!.copiesPerServer,
    active: d.microsoft!.active.worst,
    logSpaceGB: d.microsoft!.logSpaceGB,
    specRate: inputs.specIntRate ?? 0,
    laggedCopies: inputs.laggedCopies ?? 0,
    hourShare: inputs.peakHourLogShare ?? REFERENCE_DESIGN_INPUTS.peakHourLogShare,
    // Both designs are active/active: no first site's copies of their own.
    activePassive: 0,
    copiesFirstSite: 0,
    cores: inputs.coresPerServer ?? 16,
    // A rule with a parameter (the dumpster of a size) is walked at the mailbox quota.
    size: inputs.quotaMB,
  };
  const names = Object.keys(given);
  const factors = Object.fromEntries(Object.entries(OPERANDS).flatMap(([name, o]) => (o.kind === "factor" ? [[name, o.default]] : [])));
  return MICROSOFT_RULES.compile(key, names)(
    names.map((n) => given[n]),
    factors,
  );
}

describe.each([
  ["an Exchange SE design", SE],
  ["a two-site 2019 design", TWO_SITE_2019],
])("%s: the Design sheet walks Microsoft's method", (_name, inputs) => {
  const sheet = designSheet(inputs);
  const rows = walkRows(sheet);

  test("a row for every rule of Microsoft's method, in the rule set's order", () => {
    expect([...rows.keys()]).toEqual(RULES);
    const order = [...rows.values()];
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  test("each row says the rule's words and its source: publisher, title, sheet and cell", () => {
    for (const [key, row] of rows) {
      const rule = MICROSOFT_RULES.rules[key];
      const [sheetName, cell] = rule.source.at.split("!");
      // The rule's words as a sentence, its first letter a capital.
      expect({ key, words: String(at(sheet, `D${row}`)?.value).toLowerCase() }).toEqual({ key, words: expect.stringContaining(MICROSOFT_RULES.words(key).toLowerCase()) });
      const source = String(at(sheet, `E${row}`)?.value);
      for (const part of [rule.source.publisher, rule.source.title, sheetName, cell]) expect({ key, source }).toEqual({ key, source: expect.stringContaining(part) });
    }
  });

  test.each([
    ["the add-in's workbook", false],
    ["the customer copy", true],
  ])("in %s each step's value is the engine's", (_copy, native) => {
    const model = withoutDistribution(referenceDesign({ inputs }));
    const values = evaluateWorkbook(native ? nativeModel(model) : model)[sheets.design];
    const got = Object.fromEntries([...rows].map(([key, row]) => [key, values[`C${row}`]]));
    // A rule with no value at these inputs (NA(): the cores without a SPECint2006 rate) shows "—".
    const valueOrDash = (key: MicrosoftRule) => {
      try {
        return engineValue(key, inputs);
      } catch (e) {
        if (e instanceof SizingError && e.code === "#N/A") return "—";
        throw e;
      }
    };
    const want = Object.fromEntries(RULES.map((key) => [key, valueOrDash(key)]));
    for (const key of RULES) {
      const w = want[key];
      // A yes-or-no step reads as words ("Yes"), not TRUE.
      if (w === "—") expect({ key, value: got[key] }).toEqual({ key, value: "—" });
      else if (typeof w === "boolean") expect({ key, value: got[key] }).toEqual({ key, value: w ? "Yes" : "No" });
      else expect({ key, value: got[key] }).toEqual({ key, value: expect.closeTo(w as number, 9) });
    }
    // And the engine's own figures, where sizeDesign names them.
    const d = sizeDesign(inputs);
    expect([got.disk, got.databaseGB]).toEqual([d.microsoft!.perTier[0].mailboxOnDiskMB, expect.closeTo(d.databaseGB, 9)]);
  });
});

/** The rows a sheet prints: its print area's ranges. */
function printedRows(sheet: SheetModel): (row: number) => boolean {
  const area = sheet.print?.area;
  if (area === undefined) return () => true;
  const ranges = area.split(",").map((r) => r.split(":").map(rowOf));
  return (row) => ranges.some(([top, bottom]) => row >= top && row <= bottom);
}
/** The printed rows' text: headings, labels and words (a source may cite Dell's guide for a rule the methods share). */
const printedText = (sheet: SheetModel): string[] => {
  const printed = printedRows(sheet);
  return sheet.cells.filter((c) => typeof c.value === "string" && !c.address.startsWith("E") && printed(rowOf(c.address))).map((c) => c.value as string);
};

test("an SE design's Design pages print Microsoft's walk and none of Dell's Tables 18-19, arrays or spindles", () => {
  const text = printedText(designSheet(SE));
  expect(text).toContain(MICROSOFT_RULES.rules.databaseGB.label);
  expect(text.filter((t) => /Table 1[4-9]|EqualLogic|[Ss]pindle|RAID 5 on 10K/.test(t))).toEqual([]);
});

test("a 2010 design's Design pages print Dell's Tables 18-19 and not Microsoft's walk", () => {
  const text = printedText(designSheet({ ...R, exchangeVersion: 2010 }));
  expect(text.some((t) => /Table 18/.test(t))).toBe(true);
  expect(text).not.toContain(MICROSOFT_RULES.rules.databaseGB.label);
});

describe("the Inputs sheet's arrays and spindles, the papers' inputs", () => {
  const inputsSheet = (inputs: WorkbookInputs): SheetModel => referenceDesign({ inputs }).sheets.find((s) => s.name === sheets.inputs)!;
  const PAPERS = /^(Array RAID level|Array model|Spindle RAID level|Spindle disk class|Read ratio)$/;

  test("print only for a design Dell's process sizes", () => {
    expect(printedText(inputsSheet(SE)).filter((t) => PAPERS.test(t))).toEqual([]);
    expect(printedText(inputsSheet({ ...R, exchangeVersion: 2010 })).filter((t) => PAPERS.test(t))).toHaveLength(5);
  });

  test("keep their defined names, which the Methods and Design sheets read: an SE customer copy still counts the papers' arrays", () => {
    const model = referenceDesign({ inputs: SE });
    const names = new Map(model.names.map((n) => [n.name, n]));
    const sheet = inputsSheet(SE);
    for (const name of ["ArrayRaid", "ArrayModel", "SpindleRaid", "SpindleDisk", "ReadRatio"]) {
      const cell = names.get(name)!.range.replace(/\$/g, "");
      expect({ name, input: at(sheet, cell)?.role }).toEqual({ name, input: "input" });
    }
    const d = sizeDesign(SE);
    const design = evaluateWorkbook(nativeModel(withoutDistribution(model)))[sheets.design];
    expect(design[DESIGN_CELLS.arrays]).toBe(d.arrays.arrays);
    expect(design[DESIGN_CELLS.spindlesChosen]).toBe(d.spindles.disks);
  });
});
