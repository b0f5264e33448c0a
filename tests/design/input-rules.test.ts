/**
 * The written workbook's input rules: every input cell of the Inputs sheet has data
 * validation with the functions' own limits, and the disk class drop-down lists the Hardware sheet's
 * classes — so a class a person adds there can be picked, and nothing else can be typed.
 */
import * as fs from "fs";
import { strFromU8, unzipSync } from "fflate";
import { HARDWARE_CELLS, INPUT_CELLS, templateSheetNames } from "../../src/workbook/template";
import { builtDesign } from "../support/built-designs";
import { WORKBOOK_MS } from "../support/timeouts";

let xml: string;
beforeAll(async () => {
  // The reference live workbook exsize design writes, shared with the suites that read it too.
  const files = unzipSync(fs.readFileSync((await builtDesign([])).file));
  const workbook = strFromU8(files["xl/workbook.xml"]);
  const rels = strFromU8(files["xl/_rels/workbook.xml.rels"]);
  const rid = new RegExp(`<sheet[^>]*name="${templateSheetNames().inputs}"[^>]*r:id="([^"]+)"`).exec(workbook)![1];
  const target = new RegExp(`Id="${rid}"[^>]*Target="([^"]+)"`).exec(rels)?.[1] ?? new RegExp(`Target="([^"]+)"[^>]*Id="${rid}"`).exec(rels)![1];
  xml = strFromU8(files[`xl/${target.replace(/^\/?xl\//, "")}`]);
}, WORKBOOK_MS);

/** The <dataValidation> whose sqref covers `address` (exceljs writes one per cell or run of cells). */
function validationOf(address: string): string | undefined {
  return [...xml.matchAll(/<dataValidation\b([^>]*)>([\s\S]*?)<\/dataValidation>/g)].find((m) => {
    const sqref = /sqref="([^"]+)"/.exec(m[1])?.[1] ?? "";
    return sqref.split(" ").some((ref) => ref === address || (ref.includes(":") && within(address, ref)));
  })?.[0];
}

function within(address: string, range: string): boolean {
  const [a, b] = range.split(":");
  const pos = (x: string) => ({ col: x.replace(/\d+/g, ""), row: Number(x.replace(/[A-Z]+/g, "")) });
  const p = pos(address), s = pos(a), e = pos(b);
  return p.col >= s.col && p.col <= e.col && p.row >= s.row && p.row <= e.row;
}

test("every input cell of the Inputs sheet has its rule", () => {
  for (const address of Object.values(INPUT_CELLS)) expect({ address, rule: validationOf(address) !== undefined }).toEqual({ address, rule: true });
});

test("users: a whole number from 1 to 100,000,000, the function's own words", () => {
  const rule = validationOf(INPUT_CELLS.users)!;
  expect(rule).toMatch(/type="whole"/);
  expect(rule).toMatch(/<formula1>1<\/formula1><formula2>100000000<\/formula2>/);
  expect(rule).toContain("users must be a whole number from 1 to 100,000,000");
});

test("the disk class drop-down lists the Hardware sheet's disk classes", () => {
  const rule = validationOf(INPUT_CELLS.spindleDisk)!;
  expect(rule).toMatch(/type="list"/);
  const first = HARDWARE_CELLS.diskRow(0);
  expect(rule).toMatch(new RegExp(`<formula1>'?${templateSheetNames().hardware}'?!\\$A\\$${first}:\\$A\\$\\d+</formula1>`));
});

test("the RAID level drop-down is a fixed list", () => {
  expect(validationOf(INPUT_CELLS.arrayRaid)).toMatch(/<formula1>&quot;RAID50,RAID10&quot;<\/formula1>/);
});
