/**
 * One figure, one number: the Methods sheet's Microsoft column shows the design's processor cores and
 * memory a server, the Summary's, live (the add-in's workbook) and in the customer copy (Excel's own
 * functions). With no SPECint2006 rate the cores are the calculator's baseline server's, 2,000
 * megacycles a core (Microsoft, Exchange Server Role Requirements Calculator v7.6, Role
 * Requirements!C159); the memory at least the version's recommended minimum (Microsoft, "Exchange
 * Server system requirements", "Hardware requirements for Exchange 2019": 128 GB).
 */
import { REFERENCE_DESIGN_INPUTS, REFERENCE_PRESETS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { evaluateWorkbook, nativeModel, type WorkbookValues } from "../../src/workbook/evaluate";
import { SUMMARY_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import type { WorkbookModel } from "../../src/workbook/model";
import { withoutDistribution } from "./light-model";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(4 * WORKBOOK_MS);

const sheets = templateSheetNames();
const CORES = "Processor cores per mailbox server";
const MEMORY = "Memory per mailbox server";

/** The Methods sheet's Microsoft cell of a row, by its label. */
function microsoftCell(model: WorkbookModel, label: string): string {
  const methods = model.sheets.find((s) => s.name === sheets.methods)!;
  const row = methods.cells.find((c) => c.address.startsWith("A") && c.value === label)!.address.slice(1);
  return `D${row}`;
}

/** Methods' Microsoft cores and memory, and the Summary's, in one evaluation. */
function figures(values: WorkbookValues, model: WorkbookModel) {
  return {
    methods: { cores: values[sheets.methods][microsoftCell(model, CORES)], memoryGB: values[sheets.methods][microsoftCell(model, MEMORY)] },
    summary: { cores: values[sheets.summary][SUMMARY_CELLS.coresPerServer], memoryGB: values[sheets.summary][SUMMARY_CELLS.memoryPerServerGB] },
  };
}

const SE: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, users: 20000, quotaMB: 10240, exchangeVersion: "SE", serversSite1: 4, serversSite2: 4, copies: 4, serverDisk: '8TB 7.2K NL-SAS 3.5"' };
/** A small two-site 2019 design, whose calculated memory is below 2019's 128 GB minimum. */
const TWO_SITE_2019: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, users: 2000, exchangeVersion: 2019, serversSite1: 2, serversSite2: 2, copies: 4 };

describe("Methods' Microsoft column: the design's cores and memory, the Summary's", () => {
  test.each<[string, WorkbookInputs, { cores: number; memoryGB: number } | undefined]>([
    // The SE design: 33 cores of the baseline server, as the Summary says.
    ["the SE design of 20,000 mailboxes of 10 GB on 4 + 4 servers, 4 copies", SE, { cores: 33, memoryGB: 256 }],
    ["a two-site 2019 design of 2,000 mailboxes, 2 + 2 servers, 4 copies: 96 GB calculated, 128 GB the minimum", TWO_SITE_2019, { cores: 9, memoryGB: 128 }],
    ["Dell EMC's 2016 design (--preset dellemc-2016)", REFERENCE_PRESETS["dellemc-2016"].inputs as WorkbookInputs, { cores: 6, memoryGB: 64 }],
    ["the same with its servers rated 400 SPECint2006 at 24 cores", { ...(REFERENCE_PRESETS["dellemc-2016"].inputs as WorkbookInputs), specIntRate: 400, coresPerServer: 24 }, undefined],
  ])("%s: live and in the customer copy", (_name, inputs, known) => {
    const design = sizeDesign(inputs);
    expect(design.method).toBe("microsoft");
    const want = { cores: design.coresPerServer, memoryGB: design.memoryPerServerGB };
    if (known) expect(want).toEqual(known);
    const model = withoutDistribution(referenceDesign({ inputs }));
    const live = figures(evaluateWorkbook(model), model);
    const customer = figures(evaluateWorkbook(nativeModel(model)), model);
    expect(live).toEqual({ methods: want, summary: want });
    expect(customer).toEqual(live);
  });

  test("the two-site 2019 design's memory is the version's minimum, on both sheets", () => {
    const design = sizeDesign(TWO_SITE_2019);
    expect(design.memoryPerServerGB).toBe(128);
    expect(design.microsoft!.memoryGB).toBeLessThan(128);
  });

  test("the rows say what the cores and memory assume", () => {
    const model = referenceDesign({ inputs: SE });
    const why = (label: string) => model.sheets.find((s) => s.name === sheets.methods)!.cells.find((c) => c.address === microsoftCell(model, label).replace("D", "F"))!.value;
    expect(why(CORES)).toMatch(/none given: the calculator's baseline server, 2,000 megacycles a core/);
    expect(why(MEMORY)).toMatch(/at least the version's recommended minimum \(2019, SE: 128 GB\)/);
  });
});
