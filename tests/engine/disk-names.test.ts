/**
 * A server disk by name: a catalogue name or a name of Microsoft's calculator's
 * table, with case, runs of spaces and the closing inch mark aside, or "SIZE GB TYPE" as documented
 * ('600 GB 10K RPM SAS 2.5"'); nothing else. `1,2TB 7.2K RPM SAS 3.5"` is not the 12 TB disk, and
 * `-600GB`, `+600GB`, `0600 GB` are not the 600 GB one. The same rule in `exsize design --disk`,
 * EX_MS_DISKS, and a workbook's cell as `export --from` and the pane read it.
 */
import fc from "fast-check";
import { DISK_ALIASES, DISK_SIZES_GB, DISK_TYPE_IOPS, JBOD_CATALOGUE, jbodDisk, OUR_DISK_SIZES_GB, OUR_DISK_TYPES, serverDiskNamed } from "../../src/engine/microsoft/disks";
import { SizingError } from "../../src/engine/errors";
import { evaluateFormula } from "../../src/formula";
import { main } from "../../src/cli/main";
import { designFromCells, inputFromText } from "../../src/workbook/input-values";
import { REFERENCE_DESIGN_INPUTS } from "../../src/workbook/template";

const TYPES = Object.keys(DISK_TYPE_IOPS);
/** Every name jbodDisk knows: the catalogue's and each size and type of the calculator's table ("6TB 10K RPM SAS 2.5\""). */
const TABLE_NAMES = DISK_SIZES_GB.flatMap((gb) => TYPES.map((type) => `${gb >= 1000 ? `${gb / 1000}TB` : `${gb}GB`} ${type}`));
/** Ours beyond the table: 14 to 24 TB in the 3.5" 7.2K types. */
const OUR_NAMES = OUR_DISK_SIZES_GB.flatMap((gb) => OUR_DISK_TYPES.flatMap((type) => [`${gb / 1000}TB ${type}`, `${gb} GB ${type}`, `${gb}GB ${type}`]));
const KNOWN = new Set([
  ...JBOD_CATALOGUE.map((d) => d.name), ...Object.keys(DISK_ALIASES), ...TABLE_NAMES, ...OUR_NAMES,
  ...DISK_SIZES_GB.flatMap((gb) => TYPES.flatMap((type) => [`${gb} GB ${type}`, `${gb}GB ${type}`])),
]);
const squash = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim().replace(/ ?"$/, "");
const KNOWN_KEYS = new Set([...KNOWN].map(squash));

const refused = (name: string) => {
  expect(() => jbodDisk(name)).toThrow(SizingError);
  expect(() => jbodDisk(name)).toThrow(/disk must be one of "8TB 7.2K NL-SAS 3.5""|disk must be one of '8TB 7.2K NL-SAS 3.5"'/);
};

describe("a disk's name matches exactly: case, runs of spaces and the inch mark aside", () => {
  test.each([
    ['1,2TB 7.2K RPM SAS 3.5"', "a comma is not a decimal point: not the 12 TB disk"],
    ["-600GB 10K RPM SAS 2.5\"", "a sign"],
    ["+600GB 10K RPM SAS 2.5\"", "a sign"],
    ['0600 GB 10K RPM SAS 2.5"', "a leading zero"],
    ['0600GB 10K RPM SAS 2.5"', "a leading zero"],
    ['600GB 10K RPM SAS 2,5"', "a comma for the point"],
    ['600GB 10K RPM SAS 2.5""', "two inch marks"],
    ['600GB_10K_RPM_SAS_2.5"', "underscores for spaces"],
    ['8TB 7.2K NLSAS 3.5"', "NL-SAS without its hyphen"],
    ['8TB 7.2K NL-SAS 35"', "3.5 without its point"],
    ['6 00GB 10K RPM SAS 2.5"', "a space inside the size"],
    ['600 GB 10K RPM SAS 2.5" x', "a word after"],
  ])("%s is refused (%s), naming the catalogue", (name) => refused(name));

  test.each([
    ['8tb 7.2k nl-sas 3.5"', '8TB 7.2K NL-SAS 3.5"'],
    ["8TB 7.2K NL-SAS 3.5", '8TB 7.2K NL-SAS 3.5"'],
    ['  8TB   7.2K  NL-SAS\t3.5 " ', '8TB 7.2K NL-SAS 3.5"'],
    ['600 GB 10K RPM SAS 2.5"', '600GB 10K RPM SAS 2.5"'],
    ['600GB 10K RPM SAS 2.5"', '600GB 10K RPM SAS 2.5"'],
    ["6000 GB 10K RPM SAS 2.5", '6TB 10K RPM SAS 2.5"'],
    ['1.2TB 10K RPM SAS 2.5"', '1.2TB 10K RPM SAS 2.5"'],
    ['12TB 7.2K RPM SAS 3.5"', '12TB 7.2K RPM SAS 3.5"'],
  ])("%s is the %s", (typed, name) => expect(jbodDisk(typed).name).toBe(name));

  test("every known name, its case changed, its spaces doubled and its inch mark kept or dropped, is that disk", () => {
    fc.assert(
      fc.property(fc.constantFrom(...KNOWN), fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }), fc.boolean(), fc.constantFrom(" ", "  ", "\t", " \u00a0"), (name, upper, dropInch, space) => {
        const typed = [...(dropInch ? name.replace(/"$/, "") : name)].map((c, i) => (c === " " ? space : upper[i % 60] ? c.toUpperCase() : c.toLowerCase())).join("");
        expect(squash(jbodDisk(typed).name)).toBe(squash(jbodDisk(name).name));
      }),
    );
  });

  test("a known name with a junk character inserted is refused, unless the result is itself a known name", () => {
    const junk = fc.constantFrom(",", ".", "-", "+", "0", "_", "/", "'", '"', "#", "(", "*", "?", "x", "1", ";");
    fc.assert(
      fc.property(fc.constantFrom(...KNOWN), junk, fc.nat(), (name, c, at) => {
        const i = at % (name.length + 1);
        const typed = name.slice(0, i) + c + name.slice(i);
        if (KNOWN_KEYS.has(squash(typed))) return;
        refused(typed);
      }),
      { numRuns: 2000 },
    );
  });

  test("the user's own disks (the Hardware sheet's rows) by the same rule", () => {
    const own = [{ name: "Contoso 10TB", rawGB: 10000, iops: 80, type: "own", source: "the Hardware sheet" }];
    expect(serverDiskNamed("contoso  10tb", own).rawGB).toBe(10000);
    expect(() => serverDiskNamed("Contoso 1,0TB", own)).toThrow(SizingError);
    expect(() => serverDiskNamed("Contoso-10TB", own)).toThrow(SizingError);
  });
});

describe("the same rule on every surface", () => {
  const BAD = '1,2TB 7.2K RPM SAS 3.5"';

  test("exsize design --disk refuses it, naming --disk", async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await main(["design", "--exchange-version", "2016", "--disk", BAD], { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
    expect(code).toBe(2);
    expect(stderr.join("\n")).toMatch(/--disk: serverDisk must be one of .*got '1,2TB 7\.2K RPM SAS 3\.5"'/);
  });

  test("the pane's and the CLI's reader of a typed input refuses it", () => {
    expect(inputFromText("serverDisk", BAD)).toEqual({ problem: expect.stringMatching(/^serverDisk must be one of /) });
    expect(inputFromText("serverDisk", "-600GB 10K RPM SAS 2.5")).toEqual({ problem: expect.stringMatching(/^serverDisk must be one of /) });
  });

  test("EX_MS_DISKS refuses it", () => {
    const r = evaluateFormula(`=EX_MS_DISKS(7600,150,75,20480,{8,8},4,"${BAD.replace(/"/g, '""')}","disks")`);
    expect(r).toBeInstanceOf(SizingError);
    expect((r as SizingError).message).toMatch(/^disk must be one of /);
  });

  test("a workbook's cell, as export --from and the pane read it, is refused naming the cell", () => {
    const places = { input: (key: string) => `Inputs!${key}`, range: (name: string, row: number) => `${name} row ${row}` };
    const sized = designFromCells({ inputs: { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016, serverDisk: "0600 GB 10K RPM SAS 2.5\"" } }, places);
    expect(sized).toMatchObject({ ok: false, refusedBy: "rule" });
    expect(sized.ok ? [] : sized.problems).toEqual([expect.stringMatching(/^Inputs!serverDisk: serverDisk must be one of .*got '0600 GB 10K RPM SAS 2\.5"'$/)]);
  });
});
