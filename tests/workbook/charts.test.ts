/**
 * Charts in every workbook the CLI writes — exceljs draws none, so the writer adds the
 * DrawingML parts itself (src/cli/xlsx-charts.ts). On the Summary: a server's disks by what each is
 * for, and the mailboxes the busiest server carries in each failure; on the Design sheet its capacity
 * chart. Each chart part is present, wired sheet → drawing → chart with its content types, and
 * references the right cells, its cached values the cells' own.
 */
import ExcelJS from "exceljs";
import * as fs from "fs";
import { strFromU8, unzipSync } from "fflate";
import { writeXlsx } from "../../src/cli/xlsx-writer";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import { DESIGN_CELLS, RESILIENCE_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { CHART_DATA_ROW } from "../../src/workbook/sheets/design";
import { REFERENCE_PRESETS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { SUMMARY_PICTURES } from "../../src/workbook/sheets/summary";
import { designRecord } from "../../src/engine/catalogue";
import { builtDesign } from "../support/built-designs";
import { WORKBOOK_MS } from "../support/timeouts";

type Files = Record<string, string>;
const text = (bytes: Uint8Array): Files => Object.fromEntries(Object.entries(unzipSync(bytes)).map(([name, data]) => [name, strFromU8(data)]));

/** Each chart part's formulas (<c:f>) and cached numbers, by the sheet whose drawing holds it. */
function chartsOf(files: Files): Array<{ sheet: string; title: string; refs: string[]; numbers: number[]; kind: string }> {
  const workbook = files["xl/workbook.xml"];
  const sheetNames = [...workbook.matchAll(/<sheet\b[^>]*name="([^"]*)"/g)].map((m) => m[1]);
  const found: Array<{ sheet: string; title: string; refs: string[]; numbers: number[]; kind: string }> = [];
  sheetNames.forEach((sheet, i) => {
    const rels = files[`xl/worksheets/_rels/sheet${i + 1}.xml.rels`] ?? "";
    const drawing = /Type="[^"]*\/drawing" Target="\.\.\/drawings\/(drawing\d+\.xml)"/.exec(rels)?.[1];
    if (!drawing) return;
    const id = /Id="([^"]+)"[^>]*\/drawing"/.exec(rels)?.[1];
    expect(files[`xl/worksheets/sheet${i + 1}.xml`]).toContain(`<drawing r:id="${id}"/>`);
    const drawingRels = files[`xl/drawings/_rels/${drawing}.rels`];
    for (const m of files[`xl/drawings/${drawing}`].matchAll(/r:id="(rId\d+)"/g)) {
      const target = new RegExp(`Id="${m[1]}"[^>]*Target="\\.\\./charts/(chart\\d+\\.xml)"`).exec(drawingRels)![1];
      const chart = files[`xl/charts/${target}`];
      expect(files["[Content_Types].xml"]).toContain(`<Override PartName="/xl/charts/${target}" ContentType="application/vnd.openxmlformats-officedocument.drawingml.chart+xml"/>`);
      found.push({
        sheet,
        title: /<a:t>([^<]*)<\/a:t>/.exec(chart)![1],
        kind: /<c:(pieChart|barChart)>/.exec(chart)![1] + (/<c:barDir val="(\w+)"/.exec(chart)?.[1] ?? ""),
        refs: [...chart.matchAll(/<c:f>([^<]*)<\/c:f>/g)].map((f) => f[1]),
        numbers: [...chart.matchAll(/<c:numCache>(.*?)<\/c:numCache>/g)].flatMap((c) => [...c[1].matchAll(/<c:v>([^<]*)<\/c:v>/g)].map((v) => Number(v[1]))),
      });
    }
    expect(files["[Content_Types].xml"]).toContain(`<Override PartName="/xl/drawings/${drawing}" ContentType="application/vnd.openxmlformats-officedocument.drawing+xml"/>`);
  });
  return found;
}

describe("the charts of the workbook the CLI writes", () => {
  const model = referenceDesign();
  const values = evaluateWorkbook(model);
  let files: Files;
  beforeAll(async () => {
    files = text(await writeXlsx(model, values));
  }, WORKBOOK_MS);

  test("the Summary's two charts and the Design sheet's, each over its cells, with the cells' values cached", () => {
    const charts = chartsOf(files);
    const s = values.Summary;
    const r = Number(SUMMARY_PICTURES.disks.match(/\d+/)![0]);
    expect(charts).toEqual([
      {
        sheet: "Summary",
        title: "A server's disks, by what each is for",
        kind: "barChartbar",
        refs: [`Summary!$B$${r}`, `Summary!$A$${r + 1}:$A$${r + 5}`, `Summary!$B$${r + 1}:$B$${r + 5}`],
        // Dell's process puts the databases on arrays: no server disks, an empty chart.
        numbers: [],
      },
      {
        sheet: "Summary",
        title: "Mailboxes on the busiest server, by failure",
        kind: "barChartbar",
        refs: [`Summary!$E$${r}`, `Summary!$D$${r + 1}:$D$${r + 4}`, `Summary!$E$${r + 1}:$E$${r + 4}`],
        // One site: the site failures cannot occur, a gap in the chart.
        numbers: [2500, 5000],
      },
      expect.objectContaining({ sheet: "Design", title: "Capacity of all volumes, one copy (GB)", kind: "barChartcol" }),
    ]);
    expect([1, 2, 3, 4, 5].map((i) => s[`B${r + i}`])).toEqual(["", "", "", "", ""]);
  });

  test("an Exchange 2019 JBOD design charts its server's disks as sizeDesign counts them", async () => {
    const inputs = { exchangeVersion: 2019, users: 10000, quotaMB: 10240, copies: 4, serversSite1: 4, serversSite2: 4 } as const;
    const jbod = referenceDesign({ inputs });
    const v = evaluateWorkbook(jbod);
    const charts = chartsOf(text(await writeXlsx(jbod, v)));
    const d = designRecord(sizeDesign(inputs)) as Record<string, number>;
    const r = Number(SUMMARY_PICTURES.disks.match(/\d+/)![0]);
    expect([1, 2, 3, 4, 5].map((i) => v.Summary[`A${r + i}`])).toEqual(["Database and log disks", "Restore disks", "AutoReseed disks", "Hot spares", "MCDB SSDs"]);
    // The disks add up to the server's; the SSDs are the MCDB's, beside them.
    const counts = [1, 2, 3, 4, 5].map((i) => v.Summary[`B${r + i}`] as number);
    expect(counts[0]).toBe(d.databaseLogDisksPerServer);
    expect(counts[1]).toBe(d.restoreDisksPerServer);
    expect(counts[0] + counts[1] + counts[2] + counts[3]).toBe(d.disksPerServer);
    expect(counts[4]).toBe(d.mcdbSsdsPerServer);
    expect(charts[0].numbers).toEqual(counts);
  }, WORKBOOK_MS);

  test("the failure table reads the Resilience sheet's busiest server, each scenario's row", () => {
    const summary = model.sheets.find((x) => x.name === "Summary")!;
    const r = Number(SUMMARY_PICTURES.failures.match(/\d+/)![0]);
    const formulas = [1, 2, 3, 4].map((i) => summary.cells.find((c) => c.address === `E${r + i}`)!.formula);
    (["normal", "server", "site", "site+server"] as const).forEach((scenario, i) =>
      expect(formulas[i]).toContain(`Resilience!$${RESILIENCE_CELLS.activeMailboxes}$${RESILIENCE_CELLS.scenarioRow[scenario]}`),
    );
  });

  test("a two-site design that survives every failure charts every failure", async () => {
    // 4 copies on 2 + 2 servers: two copies a site, so a site and then a server leave one.
    const twoSites = referenceDesign({ inputs: { serversSite1: 2, serversSite2: 2, copies: 4 } });
    const v = evaluateWorkbook(twoSites);
    const charts = chartsOf(text(await writeXlsx(twoSites, v)));
    const r = Number(SUMMARY_PICTURES.failures.match(/\d+/)![0]);
    expect(charts[1].numbers).toEqual([1, 2, 3, 4].map((i) => v.Summary[`E${r + i}`]));
    expect(charts[1].numbers).toHaveLength(4);
  }, WORKBOOK_MS);

  test(
    "exsize design's live workbook and its customer copy hold the charts, and exceljs reads them back",
    async () => {
      for (const args of [[], ["--customer"]]) {
        const { file } = await builtDesign(args);
        const charts = chartsOf(text(new Uint8Array(fs.readFileSync(file))));
        expect(charts.map((c) => `${c.sheet}: ${c.title}`)).toEqual([
          "Summary: A server's disks, by what each is for",
          "Summary: Mailboxes on the busiest server, by failure",
          "Design: Capacity of all volumes, one copy (GB)",
        ]);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.readFile(file);
        expect(workbook.getWorksheet("Summary")).toBeDefined();
      }
    },
    WORKBOOK_MS,
  );
});

describe("the Design sheet's capacity of one copy is the design's method's", () => {
  const sheets = templateSheetNames();
  /** The chart's three kinds of one copy, and the volumes the design provisions in all. */
  const kinds = (inputs: Partial<WorkbookInputs>) => {
    const values = evaluateWorkbook(referenceDesign({ inputs }))[sheets.design];
    const data = ["C", "D", "E"].map((column) => values[`${column}${CHART_DATA_ROW}`] as number);
    return { data, sum: data.reduce((a, b) => a + b, 0), volumes: values[DESIGN_CELLS.answerVolumesGB] as number, method: values[DESIGN_CELLS.methodUsed] };
  };
  test.each<[string, Partial<WorkbookInputs>]>([
    ["Dell EMC's 2016 design (Microsoft's method)", REFERENCE_PRESETS["dellemc-2016"].inputs],
    ["the reference design (Dell's process)", {}],
    ["a 2019 design on two sites (Microsoft's method)", { users: 10000, quotaMB: 10240, copies: 4, serversSite1: 4, serversSite2: 4, exchangeVersion: 2019 }],
  ])("%s: data, index and free space, and logs add up to the volumes the design provisions", (_name, inputs) => {
    const { data, sum, volumes } = kinds(inputs);
    for (const kind of data) expect(kind).toBeGreaterThan(0);
    expect(sum).toBeCloseTo(volumes, 6);
  });
});
