/**
 * Charts in the .xlsx the CLI writes: exceljs draws none, so each ChartModel becomes the
 * parts Excel and LibreOffice read — xl/charts/chartN.xml (DrawingML chart: a bar, column or pie
 * chart whose series reference the model's cells, with their values cached so the file shows the
 * chart before any recalculation), xl/drawings/drawingN.xml (where it sits on its sheet), the
 * relationships from sheet to drawing to chart, the sheet's <drawing> element and the content types —
 * added to the zip exceljs wrote. The pane's Excel writer draws the same models with Office.js.
 *
 * A chart's `source` is a range on its sheet with a header row and series in columns: the first
 * column holds the categories, each further column a series named by its header (as Excel's
 * charts.add(type, range, "Columns") reads it).
 */
import { strFromU8, strToU8, type Unzipped } from "fflate";
import type { EvaluatedValue, WorkbookValues } from "../workbook/evaluate";
import type { ChartModel, WorkbookModel } from "../workbook/model";
import { sheetReference } from "../workbook/template";

const NS = {
  c: "http://schemas.openxmlformats.org/drawingml/2006/chart",
  a: "http://schemas.openxmlformats.org/drawingml/2006/main",
  r: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  xdr: "http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing",
  rel: "http://schemas.openxmlformats.org/package/2006/relationships",
  chartRel: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart",
  drawingRel: "http://schemas.openxmlformats.org/officeDocument/2006/relationships/drawing",
  chartType: "application/vnd.openxmlformats-officedocument.drawingml.chart+xml",
  drawingType: "application/vnd.openxmlformats-officedocument.drawing+xml",
} as const;

/** Series colours: the workbook's blues and its tones, in order. */
const COLOURS = ["4472C4", "ED7D31", "A5A5A5", "FFC000", "5B9BD5", "70AD47"];

const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** Zero-based column and row of an A1 address. */
function position(address: string): { column: number; row: number } {
  const m = /^\$?([A-Z]+)\$?(\d+)$/.exec(address);
  if (!m) throw new Error(`a chart's cell must be an A1 address, not ${JSON.stringify(address)}`);
  return { column: [...m[1]].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1, row: Number(m[2]) - 1 };
}
const letters = (column: number): string => (column < 26 ? "" : letters(Math.floor(column / 26) - 1)) + String.fromCharCode(65 + (column % 26));
const a1 = (column: number, row: number) => `${letters(column)}${row + 1}`;
const absolute = (column: number, row: number) => `$${letters(column)}$${row + 1}`;

/** What a chart reads: its category cells, and each series' name cell and value cells. */
export interface ChartReferences {
  categories: string[];
  series: Array<{ name: string; values: string[] }>;
}

/** The cells of a chart's source: categories down the first column, a series per further column. */
export function chartReferences(chart: ChartModel): ChartReferences {
  const [from, to] = chart.source.split(":").map(position);
  if (!to || to.column <= from.column || to.row <= from.row) throw new Error(`chart "${chart.title}": its source ${chart.source} needs a header row and a category column`);
  const rows = Array.from({ length: to.row - from.row }, (_, i) => from.row + 1 + i);
  return {
    categories: rows.map((r) => a1(from.column, r)),
    series: Array.from({ length: to.column - from.column }, (_, k) => from.column + 1 + k).map((c) => ({ name: a1(c, from.row), values: rows.map((r) => a1(c, r)) })),
  };
}

/** A range formula over contiguous cells of one column or row: Summary!$B$26:$B$29. */
function rangeOf(sheet: string, cells: readonly string[]): string {
  const first = position(cells[0]);
  const last = position(cells[cells.length - 1]);
  const start = absolute(first.column, first.row);
  return `${sheetReference(sheet)}!${cells.length === 1 ? start : `${start}:${absolute(last.column, last.row)}`}`;
}

function strCache(values: ReadonlyArray<EvaluatedValue | undefined>): string {
  const points = values.map((v, i) => `<c:pt idx="${i}"><c:v>${escape(v === null || v === undefined || typeof v === "object" ? "" : String(v))}</c:v></c:pt>`).join("");
  return `<c:strCache><c:ptCount val="${values.length}"/>${points}</c:strCache>`;
}

function numCache(values: ReadonlyArray<EvaluatedValue | undefined>): string {
  // A cell that holds no number (a dash, an error) is left out: a gap, as Excel caches it.
  const points = values.map((v, i) => (typeof v === "number" && Number.isFinite(v) ? `<c:pt idx="${i}"><c:v>${v}</c:v></c:pt>` : "")).join("");
  return `<c:numCache><c:formatCode>General</c:formatCode><c:ptCount val="${values.length}"/>${points}</c:numCache>`;
}

/** The chart part: DrawingML for a stacked column, horizontal bar or pie chart over the model's cells. */
export function chartXml(chart: ChartModel, values: WorkbookValues): string {
  const refs = chartReferences(chart);
  const cell = (address: string) => values[chart.sheet]?.[address];
  const pie = chart.type === "pie";
  // Each slice or bar labelled with its value, grouped in thousands as the cells are.
  const labels = pie
    ? '<c:dLbls><c:numFmt formatCode="#,##0" sourceLinked="0"/><c:spPr><a:noFill/><a:ln><a:noFill/></a:ln></c:spPr><c:showLegendKey val="0"/><c:showVal val="1"/><c:showCatName val="0"/><c:showSerName val="0"/><c:showPercent val="0"/><c:showBubbleSize val="0"/></c:dLbls>'
    : '<c:dLbls><c:numFmt formatCode="#,##0" sourceLinked="0"/><c:spPr><a:noFill/><a:ln><a:noFill/></a:ln></c:spPr><c:showLegendKey val="0"/><c:showVal val="1"/><c:showCatName val="0"/><c:showSerName val="0"/><c:showPercent val="0"/><c:showBubbleSize val="0"/></c:dLbls>';
  const series = refs.series
    .map((s, k) => {
      const fill = (colour: string) => `<c:spPr><a:solidFill><a:srgbClr val="${colour}"/></a:solidFill></c:spPr>`;
      const points = pie ? refs.categories.map((_, i) => `<c:dPt><c:idx val="${i}"/><c:bubble3D val="0"/>${fill(COLOURS[i % COLOURS.length])}</c:dPt>`).join("") : "";
      return (
        `<c:ser><c:idx val="${k}"/><c:order val="${k}"/>` +
        `<c:tx><c:strRef><c:f>${escape(rangeOf(chart.sheet, [s.name]))}</c:f>${strCache([cell(s.name)])}</c:strRef></c:tx>` +
        (pie ? "" : fill(COLOURS[k % COLOURS.length])) +
        (pie ? "" : '<c:invertIfNegative val="0"/>') +
        points +
        labels +
        `<c:cat><c:strRef><c:f>${escape(rangeOf(chart.sheet, refs.categories))}</c:f>${strCache(refs.categories.map(cell))}</c:strRef></c:cat>` +
        `<c:val><c:numRef><c:f>${escape(rangeOf(chart.sheet, s.values))}</c:f>${numCache(s.values.map(cell))}</c:numRef></c:val>` +
        "</c:ser>"
      );
    })
    .join("");
  const title =
    `<c:title><c:tx><c:rich><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="1200" b="1"/></a:pPr><a:r><a:rPr lang="en-US" sz="1200" b="1"/>` +
    `<a:t>${escape(chart.title)}</a:t></a:r></a:p></c:rich></c:tx><c:overlay val="0"/></c:title><c:autoTitleDeleted val="0"/>`;
  let plot: string;
  if (pie) {
    plot = `<c:pieChart><c:varyColors val="1"/>${series}<c:firstSliceAng val="0"/></c:pieChart>`;
  } else {
    const horizontal = chart.type === "barClustered";
    const stacked = chart.type === "columnStacked";
    plot =
      `<c:barChart><c:barDir val="${horizontal ? "bar" : "col"}"/><c:grouping val="${stacked ? "stacked" : "clustered"}"/><c:varyColors val="0"/>${series}` +
      `<c:gapWidth val="80"/>${stacked ? '<c:overlap val="100"/>' : ""}<c:axId val="101"/><c:axId val="102"/></c:barChart>` +
      // Horizontal bars read top-down in the table's order.
      `<c:catAx><c:axId val="101"/><c:scaling><c:orientation val="${horizontal ? "maxMin" : "minMax"}"/></c:scaling><c:delete val="0"/><c:axPos val="${horizontal ? "l" : "b"}"/>` +
      `<c:numFmt formatCode="General" sourceLinked="0"/><c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:crossAx val="102"/><c:crosses val="autoZero"/><c:auto val="1"/><c:lblAlgn val="ctr"/><c:lblOffset val="100"/><c:noMultiLvlLbl val="0"/></c:catAx>` +
      `<c:valAx><c:axId val="102"/><c:scaling><c:orientation val="minMax"/></c:scaling><c:delete val="0"/><c:axPos val="${horizontal ? "b" : "l"}"/><c:majorGridlines/>` +
      `<c:numFmt formatCode="#,##0" sourceLinked="0"/><c:majorTickMark val="none"/><c:minorTickMark val="none"/><c:tickLblPos val="nextTo"/><c:crossAx val="101"/><c:crosses val="${horizontal ? "max" : "autoZero"}"/><c:crossBetween val="between"/></c:valAx>`;
  }
  const legend = pie || refs.series.length > 1 ? '<c:legend><c:legendPos val="b"/><c:overlay val="0"/></c:legend>' : "";
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n` +
    `<c:chartSpace xmlns:c="${NS.c}" xmlns:a="${NS.a}" xmlns:r="${NS.r}"><c:roundedCorners val="0"/>` +
    `<c:chart>${title}<c:plotArea><c:layout/>${plot}</c:plotArea>${legend}<c:plotVisOnly val="1"/><c:dispBlanksAs val="gap"/></c:chart>` +
    `<c:txPr><a:bodyPr/><a:lstStyle/><a:p><a:pPr><a:defRPr sz="900"/></a:pPr><a:endParaRPr lang="en-US"/></a:p></c:txPr>` +
    `</c:chartSpace>`
  );
}

/** A drawing part holding the sheet's charts, each anchored over its model's from..to cells. */
function drawingXml(charts: ReadonlyArray<{ chart: ChartModel; relId: string; id: number }>): string {
  const anchors = charts
    .map(({ chart, relId, id }) => {
      const from = position(chart.from);
      const to = position(chart.to);
      const marker = (tag: string, p: { column: number; row: number }) =>
        `<xdr:${tag}><xdr:col>${p.column}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${p.row}</xdr:row><xdr:rowOff>0</xdr:rowOff></xdr:${tag}>`;
      return (
        `<xdr:twoCellAnchor editAs="oneCell">${marker("from", from)}${marker("to", { column: to.column + 1, row: to.row + 1 })}` +
        `<xdr:graphicFrame macro=""><xdr:nvGraphicFramePr><xdr:cNvPr id="${id + 1}" name="${escape(chart.title)}"/><xdr:cNvGraphicFramePr/></xdr:nvGraphicFramePr>` +
        `<xdr:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/></xdr:xfrm><a:graphic><a:graphicData uri="${NS.c}">` +
        `<c:chart xmlns:c="${NS.c}" xmlns:r="${NS.r}" r:id="${relId}"/></a:graphicData></a:graphic></xdr:graphicFrame><xdr:clientData/></xdr:twoCellAnchor>`
      );
    })
    .join("");
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<xdr:wsDr xmlns:xdr="${NS.xdr}" xmlns:a="${NS.a}">${anchors}</xdr:wsDr>`;
}

const relationships = (rels: ReadonlyArray<{ id: string; type: string; target: string }>) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${NS.rel}">` +
  rels.map((r) => `<Relationship Id="${r.id}" Type="${r.type}" Target="${r.target}"/>`).join("") +
  "</Relationships>";

/** Elements that follow <drawing> in a worksheet (CT_Worksheet's order): it goes before the first of them. */
const AFTER_DRAWING = ["<legacyDrawing", "<legacyDrawingHF", "<drawingHF", "<picture", "<oleObjects", "<controls", "<webPublishItems", "<tableParts", "<extLst", "</worksheet>"];

/**
 * Adds every chart of the model to the unzipped workbook exceljs wrote (its sheets are
 * xl/worksheets/sheetN.xml in the model's order). Changes `files` in place.
 */
export function addCharts(files: Unzipped, model: WorkbookModel, values: WorkbookValues): void {
  if (model.charts.length === 0) return;
  const overrides: string[] = [];
  let chartNumber = 0;
  model.sheets.forEach((sheet, index) => {
    const charts = model.charts.filter((c) => c.sheet === sheet.name);
    if (charts.length === 0) return;
    const drawingNumber = index + 1;
    const placed = charts.map((chart, k) => {
      chartNumber++;
      files[`xl/charts/chart${chartNumber}.xml`] = strToU8(chartXml(chart, values));
      overrides.push(`<Override PartName="/xl/charts/chart${chartNumber}.xml" ContentType="${NS.chartType}"/>`);
      return { chart, relId: `rId${k + 1}`, id: k + 1, target: `../charts/chart${chartNumber}.xml` };
    });
    files[`xl/drawings/drawing${drawingNumber}.xml`] = strToU8(drawingXml(placed));
    files[`xl/drawings/_rels/drawing${drawingNumber}.xml.rels`] = strToU8(relationships(placed.map((p) => ({ id: p.relId, type: NS.chartRel, target: p.target }))));
    overrides.push(`<Override PartName="/xl/drawings/drawing${drawingNumber}.xml" ContentType="${NS.drawingType}"/>`);

    // The sheet's relationship to its drawing, beside any exceljs wrote.
    const sheetPart = `xl/worksheets/sheet${index + 1}.xml`;
    const relsPart = `xl/worksheets/_rels/sheet${index + 1}.xml.rels`;
    const existing = files[relsPart] ? strFromU8(files[relsPart]) : relationships([]);
    let id = 1;
    while (existing.includes(`Id="rIdChart${id}"`)) id++;
    const relId = `rIdChart${id}`;
    files[relsPart] = strToU8(existing.replace("</Relationships>", `<Relationship Id="${relId}" Type="${NS.drawingRel}" Target="../drawings/drawing${drawingNumber}.xml"/></Relationships>`));
    let xml = strFromU8(files[sheetPart]);
    if (!/<worksheet[^>]*xmlns:r=/.test(xml)) xml = xml.replace("<worksheet ", `<worksheet xmlns:r="${NS.r}" `);
    const at = Math.min(...AFTER_DRAWING.map((tag) => xml.indexOf(tag)).filter((i) => i >= 0));
    files[sheetPart] = strToU8(`${xml.slice(0, at)}<drawing r:id="${relId}"/>${xml.slice(at)}`);
  });
  const types = strFromU8(files["[Content_Types].xml"]);
  files["[Content_Types].xml"] = strToU8(types.replace("</Types>", `${overrides.join("")}</Types>`));
}
