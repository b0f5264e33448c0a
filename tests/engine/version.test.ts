/**
 * Exchange Server SE and 2019. SE is a version wherever one is taken, sized as 2019 and
 * named "Exchange Server SE"; each version's server limits, memory minimum and page file are
 * Microsoft's documentation's (MicrosoftDocs/OfficeDocs-Exchange, commit 52e8b70f, path and heading
 * cited on each row), a server past the limits a warning on every surface.
 */
import { runDesign } from "../../src/cli/design";
import { EX_IOPS } from "../../src/functions";
import { EditionError, REFERENCE_DESIGN_INPUTS, REFERENCE_PRESETS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { EXCHANGE_VERSIONS, exchangeVersionOf, MOUNTED_DATABASE_LIMITS, serverLimitWarnings, versionName, versionProfile } from "../../src/engine/version";
import { readDesignForm, referenceForm, FORM_FIELDS } from "../../src/taskpane/headline-form";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import { designCheckText, DESIGN_OK } from "../../src/workbook/design-check";
import { DESIGN_CELLS, DESIGN_CHECK_CELL, SUMMARY_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { withoutDistribution } from "../workbook/light-model";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(4 * WORKBOOK_MS);

// Microsoft's pages, as a reader finds them: by title (OfficeDocs-Exchange: Exchange/ExchangeServer/plan-and-deploy/
// deployment-ref/preferred-architecture-2019.md and Exchange/ExchangeServer/plan-and-deploy/system-requirements.md).
const PA = 'Microsoft, "Exchange 2019 preferred architecture"';
const REQUIREMENTS = 'Microsoft, "Exchange Server system requirements"';

/** The issue's 2016 design: 7,600 mailboxes of 150 KB messages and 5 GB on 2 servers of 24 cores rated 400 SPECint2006, 600 GB 10K disks. */
const ISSUE_2016: WorkbookInputs = {
  ...REFERENCE_DESIGN_INPUTS, users: 7600, messageKB: 150, quotaMB: 5120, copies: 2, serversSite1: 2, exchangeVersion: 2016,
  // The calculator's baseline server (no SPECint2006 rate): servers of 24 cores rated 400 would not carry it
  // (68 cores at 100%: a design refused, tests/engine/server-capacity.test.ts).
  serverDisk: '600GB 10K RPM SAS 2.5"', specIntRate: 0, coresPerServer: 24,
};
const argsOf = (i: WorkbookInputs): string[] => [
  "--users", String(i.users), "--message-kb", String(i.messageKB), "--quota", String(i.quotaMB), "--copies", String(i.copies),
  "--servers-site1", String(i.serversSite1), "--exchange-version", String(i.exchangeVersion), "--server-disk", String(i.serverDisk),
  "--spec-int-rate", String(i.specIntRate), "--cores-per-server", String(i.coresPerServer),
];
interface Printed {
  inputs: { exchangeVersion: unknown };
  design: { memoryPerServerGB: number; pageFileGB: number | null };
  warnings: string[];
}
async function designJson(args: string[]): Promise<{ code: number; json: Printed; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runDesign([...args, "--json"], { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, json: JSON.parse(stdout.join("\n")) as Printed, stderr };
}

describe("Exchange Server SE is a version, sized as 2019", () => {
  test.each([
    ["SE", "SE"], ["se", "SE"], [" Exchange Server SE ", "SE"], [2019, 2019], ["2016", 2016], [2020, undefined], ["SX", undefined], [2019.5, undefined],
  ])("%j reads as %j", (given, version) => expect(exchangeVersionOf(given)).toBe(version));

  test("a reader sees it named", () => {
    expect([versionName("SE"), versionName(2019)]).toEqual(["Exchange Server SE", "Exchange 2019"]);
  });

  test('EX_IOPS takes "SE" as its version and gives 2019\'s IOPS', () => {
    // 5,000 mailboxes × 150 messages × 0.00067 × 1.2 = 603 (004_1d3a339e6fd03f64.txt §5.1's 0.121 a mailbox).
    expect(EX_IOPS(5000, 150, undefined, undefined, "SE")).toBeCloseTo(603, 9);
    expect(EX_IOPS(5000, 150, undefined, undefined, "SE")).toBe(EX_IOPS(5000, 150, undefined, undefined, 2019));
  });

  test("an SE design is a 2019 design", () => {
    const se = sizeDesign({ ...ISSUE_2016, exchangeVersion: "SE" });
    const v2019 = sizeDesign({ ...ISSUE_2016, exchangeVersion: 2019 });
    const { inputs: _a, layout: _b, warnings: seWarnings, ...seFigures } = se;
    const { inputs: _c, layout: _d, warnings: warnings2019, ...figures2019 } = v2019;
    expect(seFigures).toEqual(figures2019);
    // The same warnings (288 GB past 256; 34 cores within 48), naming the version as given.
    expect(seWarnings.map((w) => [w.limit, w.needed, w.most, w.summary.replace("Exchange Server SE", "Exchange 2019")])).toEqual(warnings2019.map((w) => [w.limit, w.needed, w.most, w.summary]));
  });

  test("exsize design --exchange-version SE builds it; --json keeps SE", async () => {
    const { code, json } = await designJson(argsOf({ ...ISSUE_2016, exchangeVersion: "SE" }));
    expect([code, json.inputs.exchangeVersion]).toEqual([0, "SE"]);
  });

  test("the pane offers it, by its name, and loads it as the Inputs cell holds it", () => {
    const field = FORM_FIELDS.find((f) => f.key === "exchangeVersion");
    expect(field?.kind === "choice" && field.choices.map((c) => c.value)).toEqual(EXCHANGE_VERSIONS.map(String));
    const read = readDesignForm({ ...referenceForm(), exchangeVersion: "SE" });
    expect(read.ok && read.inputs.exchangeVersion).toBe("SE");
  });

  test("the workbook's Summary says Exchange Server SE and its figures are 2019's", () => {
    const sheets = templateSheetNames();
    const at = (version: WorkbookInputs["exchangeVersion"]) => evaluateWorkbook(withoutDistribution(referenceDesign({ inputs: { ...ISSUE_2016, exchangeVersion: version } })))[sheets.summary];
    const [se, v2019] = [at("SE"), at(2019)];
    expect(String(se[SUMMARY_CELLS.inputs])).toContain("· Exchange Server SE ·");
    for (const key of ["databaseVolumes", "capacityPerCopyGB", "coresPerServer", "memoryPerServerGB", "pageFileGB"] as const) expect([key, se[SUMMARY_CELLS[key]]]).toEqual([key, v2019[SUMMARY_CELLS[key]]]);
  });
});

describe("each version's server, as Microsoft's documentation gives it", () => {
  test.each([
    // PA, "Commodity servers": up to 48 cores and 256 GB, "an increase from 24 cores" and "from 192 GB in Exchange 2016".
    [2016, 24, 192, PA],
    [2019, 48, 256, PA],
    // SE: 2019's requirements (2019 CU15's, SIZING.md §9).
    ["SE", 48, 256, PA],
    // No limits published for these.
    [2013, undefined, undefined, undefined],
    [2010, undefined, undefined, undefined],
  ] as const)("%s: at most %s cores and %s GB a server (%s)", (version, cores, memory, page) => {
    const p = versionProfile(version);
    expect([p.maxCores, p.maxMemoryGB]).toEqual([cores, memory]);
    if (page) expect(p.limitsSource).toContain(page);
  });

  test.each([
    // REQUIREMENTS, "Hardware requirements for Exchange 2019": Mailbox 128 GB minimum recommended; paging file 25% of installed memory.
    [2019, 128, 256, 64],
    ["SE", 128, 128, 32],
    // REQUIREMENTS, "Hardware requirements for Exchange 2016": Mailbox 8 GB minimum; page file RAM + 10 MB, at most 32,778 MB.
    [2016, 8, 16, (16 * 1024 + 10) / 1024],
    [2016, 8, 192, 32_778 / 1024],
    // exchange-2013-system-requirements-exchange-2013-help.md, "Hardware": the same as 2016.
    [2013, 8, 64, 32_778 / 1024],
  ] as const)("%s: a mailbox server at least %s GB; with %s GB a page file of %s GB", (version, minimum, memory, pageFile) => {
    const p = versionProfile(version);
    expect(p.minMemoryGB).toBe(minimum);
    expect(p.pageFileGB?.(memory)).toBeCloseTo(pageFile, 9);
    if (version !== 2013) expect(p.minMemorySource).toContain(REQUIREMENTS);
  });

  test("active/passive, each site's page file by its own servers' memory (s01 on SE: 128 GB and 160 GB a server)", async () => {
    // Role Requirements!C142 128 and D253 160 at s01 (tests/fixtures/microsoft-calculator-designs.json); 25% of each (REQUIREMENTS).
    const { code, json } = await designJson(["--exchange-version", "SE", "--users", "12500", "--quota-mb", "5120", "--servers-site1", "6", "--servers-site2", "3", "--copies", "3", "--layout", "active/passive"]);
    const figures = (p: Printed) => p.design as unknown as Record<string, number | null>;
    const d = figures(json);
    expect([code, d.memoryPerServerGBSite1, d.memoryPerServerGBSite2, d.pageFileGBSite1, d.pageFileGBSite2, d.pageFileGB]).toEqual([0, 128, 160, 32, 40, 40]);
    const one = figures((await designJson(["--exchange-version", "SE", "--users", "1000", "--servers-site1", "2"])).json);
    expect([one.pageFileGBSite1, one.pageFileGBSite2]).toEqual([null, null]);
  });

  test("the issue's 2019 design of 1,000 mailboxes on 2 servers gets 128 GB a server, and a 32 GB page file", async () => {
    const { code, json } = await designJson(["--users", "1000", "--copies", "2", "--servers-site1", "2", "--exchange-version", "2019"]);
    expect([code, json.design.memoryPerServerGB, json.design.pageFileGB, json.warnings]).toEqual([0, 128, 32, []]);
  });
});

describe("a server past its version's recommended cores or memory is a warning on every surface", () => {
  test("the issue's 2016 design (34 cores, 288 GB a server) builds, and warns of both", async () => {
    const d = sizeDesign(ISSUE_2016);
    expect([d.coresPerServer, d.memoryPerServerGB]).toEqual([34, 288]);
    expect(d.warnings.map((w) => [w.limit, w.needed, w.most])).toEqual([["cores", 34, 24], ["memory", 288, 192]]);
    // Each says the figure, the limit, the page and the fix.
    for (const w of d.warnings) {
      expect(w.message).toContain(PA);
      expect(w.message).toContain("add servers, or put fewer mailboxes in a DAG");
    }
    const { code, json, stderr } = await designJson(argsOf(ISSUE_2016));
    expect([code, json.warnings]).toEqual([0, d.warnings.map((w) => w.message)]);
    expect(stderr).toEqual(d.warnings.map((w) => `exsize design: warning: ${w.message}`));
  });

  test("under SE, 48 cores are within its limit and 320 GB past its 256; 2013 has no published limit", () => {
    expect(serverLimitWarnings("SE", 48, 320).map((w) => [w.limit, w.most])).toEqual([["memory", 256]]);
    expect(serverLimitWarnings(2013, 68, 320)).toEqual([]);
  });

  test("the workbook's Design check cell, on Inputs and Summary, shows the warning sizeDesign gives, figures and all", () => {
    const sheets = templateSheetNames();
    const values = evaluateWorkbook(withoutDistribution(referenceDesign({ inputs: ISSUE_2016 })));
    const warning = sizeDesign(ISSUE_2016).warnings[0].summary;
    expect(warning).toBe(
      'Warning: a server needs 34 cores, more than the 24 cores recommended for Exchange 2016 (Microsoft\'s Exchange 2019 preferred architecture, Commodity servers). Add servers, or put fewer mailboxes in a DAG.',
    );
    expect([values[sheets.inputs][DESIGN_CHECK_CELL.inputs], values[sheets.summary][DESIGN_CHECK_CELL.summary]]).toEqual([warning, warning]);
    expect(designCheckText(ISSUE_2016)).toBe(warning);
    // Within the limits the cell says OK, as before.
    const within = evaluateWorkbook(withoutDistribution(referenceDesign({ inputs: { ...ISSUE_2016, exchangeVersion: 2013 } })));
    expect([within[sheets.inputs][DESIGN_CHECK_CELL.inputs], within[sheets.design][DESIGN_CELLS.serverLimits]]).toEqual([DESIGN_OK, ""]);
  });
});

describe("the edition: the databases a server mounts", () => {
  // Microsoft, "Exchange Server editions and versions" (Exchange/ExchangeServer/plan-and-deploy/deployment-ref/editions-and-versions.md,
  // its opening list): Enterprise up to 100 mounted databases a server, Standard 5; active and passive copies mounted alike.
  test.each([
    ["Standard", 5],
    ["Enterprise", 100],
  ] as const)("%s mounts %s", (edition, most) => expect(MOUNTED_DATABASE_LIMITS[edition]).toBe(most));

  // The reference profile's 5,000 mailboxes on SE, 2 servers, 2 copies: 6 databases, each server holding 6 copies (3 active, 3 passive).
  const STANDARD: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: "SE", edition: "Standard" };

  test("a Standard server holding 6 copies is refused, naming the edition input and the fix, on every surface", async () => {
    expect(sizeDesign({ ...STANDARD, edition: "Enterprise" }).databases).toBe(6);
    expect(() => sizeDesign(STANDARD)).toThrow(EditionError);
    const stderr: string[] = [];
    const code = await runDesign(["--exchange-version", "SE", "--edition", "Standard", "--json"], { stdout: () => undefined, stderr: (l) => stderr.push(l) });
    expect(code).toBe(1);
    expect(stderr[0]).toMatch(/^exsize design: edition: a server of the Standard edition mounts at most 5 databases .*\(Microsoft, "Exchange Server editions and versions"\); this design puts 6 on each.*choose the edition Enterprise, or add servers.*\(--edition, /);
    const sheets = templateSheetNames();
    const cell = evaluateWorkbook(withoutDistribution(referenceDesign({ inputs: STANDARD })))[sheets.inputs][DESIGN_CHECK_CELL.inputs];
    expect(cell).toBe(designCheckText(STANDARD));
    expect(String(cell)).toMatch(/^Not a design: a server holds more database copies than the Standard edition mounts \(5\)/);
  });

  test("the same design on Enterprise builds; and on 3 servers at 5 copies a server, Standard builds too", () => {
    expect(designCheckText({ ...STANDARD, edition: "Enterprise" })).toBe(DESIGN_OK);
    // On 3 servers, 2 copies: 6 databases × 2 ÷ 3 = 4 copies a server.
    const three = { ...STANDARD, serversSite1: 3 };
    expect((sizeDesign(three).databases * 2) / 3).toBeLessThanOrEqual(5);
    expect(designCheckText(three)).toBe(DESIGN_OK);
  });

  test("Exchange 2010 is not checked (its page is not in Microsoft's repository)", () => {
    expect(() => sizeDesign({ ...STANDARD, exchangeVersion: 2010 })).not.toThrow();
  });
});

describe("Dell EMC's Exchange 2016 design (004_1d3a339e6fd03f64.txt, --preset dellemc-2016) sized as Exchange Server SE", () => {
  const as2016 = sizeDesign(REFERENCE_PRESETS["dellemc-2016"].inputs);
  const asSE = sizeDesign({ ...REFERENCE_PRESETS["dellemc-2016"].inputs, exchangeVersion: "SE" });

  test("its databases, disks, IOPS and cores do not change: SE is sized by the same calculator rules", () => {
    // 004 §4: 336 databases in the environment, 24 a DAG; Table 5: 45 disks a server of which 42 hold databases and logs.
    for (const d of [as2016, asSE]) expect([d.databases, d.serverDisks?.disksPerServer, d.serverDisks?.databaseLogDisks, d.coresPerServer]).toEqual([as2016.databases, 45, 42, as2016.coresPerServer]);
    expect([asSE.dagDatabaseIops, asSE.capacityPerCopyGB]).toEqual([as2016.dagDatabaseIops, as2016.capacityPerCopyGB]);
  });

  test("a server's memory rises to 2019's recommended 128 GB minimum; its page file is 25% of that", () => {
    // REQUIREMENTS, "Hardware requirements for Exchange 2019" (128 GB minimum, page file 25%); "… for Exchange 2016" (8 GB; memory + 10 MB, at most 32,778 MB).
    expect(as2016.memoryPerServerGB).toBeLessThan(128);
    expect([asSE.memoryPerServerGB, asSE.pageFileGB]).toEqual([128, 32]);
    expect(as2016.pageFileGB).toBeCloseTo(Math.min(as2016.memoryPerServerGB * 1024 + 10, 32_778) / 1024, 9);
  });

  test("its servers are within both versions' recommended cores and memory: no warning", () => {
    // PA, "Commodity servers": 24 cores and 192 GB for 2016, 48 and 256 for 2019.
    expect([as2016.warnings, asSE.warnings]).toEqual([[], []]);
  });
});
