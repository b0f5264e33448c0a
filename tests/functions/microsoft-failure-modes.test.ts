/**
 * Each failure mode's active databases and megacycles of the busiest server, and the transport
 * (Safety Net) database, against Microsoft's Exchange Server Role Requirements Calculator v7.6 itself
 * (recalculated by ../shared/ms-calc-oracle at each design; the figures kept here, cell by cell).
 * Designs are Input-sheet cells on the one-DAG base of tests/fixtures/microsoft-calculator.json
 * (design s30-aa66-2c's inputs, or the fixture design named).
 */
import { SizingError } from "../../src/engine";
import { evaluateFormula } from "../../src/formula";

const cell = (formula: string) => evaluateFormula(formula, { sheet: "Sheet1", cell: () => null, name: () => undefined });

interface Design {
  /** The Input cells the oracle was given (beyond the base's). */
  at: string;
  args: string;
  factors?: string;
  /** Role Requirements!C195:F195 (normal, single, double, site failure; null: the calculator's "--" or 0 where no such case). */
  active: [number, number, number | null, number | null];
  /** C199 + C200 + C201 … F199 + F200 + F201 (active, passive and client access megacycles of each mode). */
  megacycles: [number, number, number | null, number | null];
  /** Role Requirements!C184 and E273 (D273 and F273 stand-alone). */
  transport: number;
  transportAll: number;
}

const DESIGNS: Design[] = [
  {
    at: 'base s30 with C26:8, C30:4, C32:2, C55:7600, C57:150, C60:20480 (004\'s DAG on the calculator\'s own count, 112)',
    args: "7600,150,75,20480,{8,8},4",
    active: [7, 8, 9, 14],
    megacycles: [3028.125 + 2928.375 + 1135.546875, 3460.7142857142862 + 2788.9285714285716 + 1297.7678571428576, 3893.303571428572 + 2649.482142857143 + 1459.9888392857147, 6056.250000000001 + 1952.2500000000002 + 2271.093750000001],
    transport: 209.67211042131697,
    transportAll: 3354.7537667410716,
  },
  {
    at: "base s30 with C26:2, C30:4, C32:2, C55:5000, C57:200, C60:10240",
    args: "5000,200,75,10240,{2,2},4",
    active: [7, 14, null, 14],
    megacycles: [10625 + 10275.000000000002 + 3984.375, 21250 + 6850.000000000001 + 7968.75, null, 21250 + 6850.000000000001 + 7968.75],
    transport: 1287.4603271484375,
    transportAll: 5149.84130859375,
  },
  {
    at: "fixture s07-issue4srv (C26:4, C30:3, C55:7600, C57:150, C60:5120, one site)",
    args: "7600,150,75,5120,4,3",
    active: [6, 8, 12, null],
    megacycles: [12112.500000000004 + 7809.000000000002 + 4542.187500000002, 16150.000000000004 + 6507.500000000001 + 6056.250000000002, 24225.000000000007 + 3904.500000000001 + 9084.375000000004, null],
    transport: 733.8523864746094,
    transportAll: 2935.4095458984375,
  },
  {
    at: 'fixture s12-io (C26:8, C30:4, C55:20000, C57:500, C60:5120, C107:"Yes", C116:"4000 GB")',
    args: "20000,500,75,5120,8,4",
    factors: '{"diskGB",4000}',
    active: [25, 29, 36, null],
    megacycles: [53125 + 51375 + 19921.875, 61625 + 48635 + 23109.375, 76500 + 43840 + 28687.5, null],
    transport: 2145.767211914063,
    transportAll: 17166.137695312504,
  },
  {
    at: 'fixture s24 (C26:4, C30:3, C31:1, 14 days\' lag, C55:8000, C57:200, C60:4096, JBOD 4000 GB): the lag, longer than Safety Net\'s 7 days, is kept (C179)',
    args: "8000,200,75,4096,4,4",
    factors: '{"diskGB",4000;"laggedCopies",1;"lagDays",14}',
    active: [24, 32, 48, null],
    megacycles: [17000 + 16440 + 6375, 22666.666666666664 + 14613.333333333334 + 8500, 34000 + 10960 + 12750, null],
    transport: 1831.0546875,
    transportAll: 7324.21875,
  },
];

const MODES = ["normal", "server", "doubleserver", "site"] as const;

describe.each(DESIGNS)("at $at", (d) => {
  const f = d.factors ? `,${d.factors}` : "";
  test.each(MODES.map((mode, i) => [mode, i] as const))("%s: active databases (Role Requirements!C195:F195) and megacycles (C199:F201)", (mode, i) => {
    const active = cell(`=EX_MS_DATABASES(${d.args},"active.${mode}"${f})`);
    const megacycles = cell(`=EX_MS_SERVER(${d.args},16,,"megacycles.${mode}"${f})`);
    if (d.active[i] === null) {
      expect(active).toBeInstanceOf(SizingError);
      expect((active as SizingError).code).toBe("#N/A");
      expect(megacycles).toBeInstanceOf(SizingError);
      return;
    }
    expect(active).toBe(d.active[i]);
    expect(megacycles as number).toBeCloseTo(d.megacycles[i] as number, 6);
  });

  test("transport database: a server's (Role Requirements!C184) and the DAG's (E273)", () => {
    expect(cell(`=EX_MS_SERVER(${d.args},16,,"transport"${f})`) as number).toBeCloseTo(d.transport, 6);
    expect(cell(`=EX_MS_SERVER(${d.args},16,,"transportall"${f})`) as number).toBeCloseTo(d.transportAll, 6);
  });
});

describe("stand-alone and the worst case", () => {
  test("stand-alone servers share the day's messages: 228.9 GB a server, 686.6 for the three (Role Requirements!D273, F273 at fixture s03-standalone3: C26:3, C30:1, C55:2000, C57:200, C58:100, C60:4096)", () => {
    expect(cell('=EX_MS_SERVER(2000,200,100,4096,3,1,,,"transport")') as number).toBeCloseTo(228.8818359375, 6);
    expect(cell('=EX_MS_SERVER(2000,200,100,4096,3,1,,,"transportall")') as number).toBeCloseTo(686.6455078125, 6);
    expect(cell('=EX_MS_DATABASES(2000,200,100,4096,3,1,"active.normal")')).toBe(16); // Role Requirements!C195
    expect(cell('=EX_MS_DATABASES(2000,200,100,4096,3,1,"active.server")')).toBeInstanceOf(SizingError);
  });

  test("the worst mode's megacycles are the busiest server's (Role Requirements!C256: 11,190.3 at 7,600 mailboxes on 8 + 8 servers)", () => {
    expect(cell('=EX_MS_SERVER(7600,150,75,20480,{8,8},4,16,,"megacycles")') as number).toBeCloseTo(11190.321428571431, 6);
    // A site and one more server: twice the first site's one-failure figure (Role Requirements!C128, G195: 16).
    expect(cell('=EX_MS_DATABASES(7600,150,75,20480,{8,8},4,"active.siteserver")')).toBe(16);
  });

  test("with a lagged copy in the second site the calculator fails the first site only: 643.7 GB of transport a server (C184); never less, either, and then one of the second's servers: 1,287.5 GB, at fixture s05-example1dag", () => {
    const jbod = '{"diskGB",4000;"lagDays",7;"laggedCopies",1}';
    expect(cell(`=EX_MS_DATABASES(5000,200,75,10240,{2,2},4,"active.site",${jbod})`)).toBe(38); // Role Requirements!F195
    expect(cell(`=EX_MS_DATABASES(5000,200,75,10240,{2,2},4,"active.server",${jbod})`)).toBe(38); // D195
    expect(cell(`=EX_MS_SERVER(5000,200,75,10240,{2,2},4,16,,"megacycles.server",${jbod})`) as number).toBeCloseTo(21249.999999999996 + 6850 + 7968.75, 6); // D199:D201
    expect(cell(`=EX_MS_SERVER(5000,200,75,10240,{2,2},4,16,,"transport",${jbod})`) as number).toBeCloseTo(643.7301635742188, 6); // C184
    const either = '{"diskGB",4000;"lagDays",7;"laggedCopies",1;"neverLess",1}';
    expect(cell(`=EX_MS_SERVER(5000,200,75,10240,{2,2},4,16,,"transport",${either})`) as number).toBeCloseTo(1287.4603271484375, 6);
  });

  test("a mode that cannot occur says so, naming the result", () => {
    const v = cell('=EX_MS_SERVER(7600,150,75,5120,4,3,16,,"megacycles.site")');
    expect(v).toBeInstanceOf(SizingError);
    expect((v as SizingError).message).toMatch(/megacycles\.site: a site's failure cannot occur in this design/);
  });
});
