/**
 * A design can be built only when the servers it names carry its worst survivable failure: the
 * busiest server's CPU utilisation as Microsoft's calculator computes it (Role Requirements!G208 and
 * G209, the larger), within the calculator's own target (80%: C255 and D255 are marked above it), and
 * for Exchange 2019 and SE at most the 48 cores Microsoft supports a server (Microsoft, "What's new in
 * Exchange Server", Performance; its Exchange Health Checker reports more as an error).
 */
import { runDesign } from "../../src/cli/design";
import { REFERENCE_DESIGN_INPUTS, ServerCapacityError, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { CPU_UTILIZATION_TARGET } from "../../src/engine/design/formulas";
import { serverLimitWarnings } from "../../src/engine/version";
import { designCheckText } from "../../src/workbook/design-check";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import { DESIGN_CELLS, DESIGN_CHECK_CELL, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { MICROSOFT_MODE_CELLS } from "../../src/workbook/sheets/resilience";
import { withoutDistribution } from "../workbook/light-model";
import { WORKBOOK_MS } from "../support/timeouts";

async function design(args: string[]): Promise<{ code: number; stdout: string; stderr: string[] }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runDesign([...args, "--json"], { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout: stdout.join("\n"), stderr };
}

// The design: 20,000 mailboxes of 10 GB, SE, 4 + 4 servers, four copies, servers of 16 cores rated 800.
const SIXTEEN_CORES: WorkbookInputs = {
  ...REFERENCE_DESIGN_INPUTS, users: 20000, quotaMB: 10240, exchangeVersion: "SE", serversSite1: 4, serversSite2: 4, copies: 4, coresPerServer: 16, specIntRate: 800,
};
const SIXTEEN_CORE_ARGS = ["--users", "20000", "--quota-mb", "10240", "--exchange-version", "SE", "--servers-site1", "4", "--servers-site2", "4", "--copies", "4", "--cores-per-server", "16", "--spec-int-rate", "800"];

// The calculator v7.6 at that design (the oracle, Input!C55 20000, C60 10240, C26 4, G22 Yes, C30 4 (2 a site),
// C131/C132 16, D131/D132 800): Role Requirements!C256 65,287.5 megacycles, C257 47,407.4 available,
// G208 = C255 1.3771582 (shown "138% (64 active)", G262), C254 23 cores utilised.
const CALCULATOR = { megacycles: 65287.5, available: 47407.40740740741, utilization: 1.3771582031250003, coresUtilized: 23 };

describe("the servers named carry the worst failure, or the design is refused", () => {
  test("the target is the calculator's: 80% (Role Requirements!C255's mark)", () => expect(CPU_UTILIZATION_TARGET).toBe(0.8));

  test("16-core servers rated 800 cannot carry the issue's design: refused, with the cores and the servers that carry it", () => {
    let refusal: unknown;
    try {
      sizeDesign(SIXTEEN_CORES);
    } catch (e) {
      refusal = e;
    }
    expect(refusal).toBeInstanceOf(ServerCapacityError);
    const e = refusal as ServerCapacityError;
    // 65,287.5 ÷ 47,407.4 = 138%; at 80%: 65,287.5 ÷ (2,962.96 × 0.8) = 27.5 → 28 cores.
    expect(e.message).toContain("runs at 138% CPU (65,288 megacycles of its 47,407)");
    expect(e.message).toContain("past the 80% target of Microsoft's calculator");
    expect(e.message).toContain("servers of 28 cores at that rate a core carry it");
    expect(e.message).toMatch(/the fewest servers that carry it are (\d+) \+ \1/);
    expect(e.summary).toBe(
      "Not a design: in the worst survivable failure a server of 16 cores rated 800 SPECint2006 runs at 138% CPU, past the 80% target of Microsoft's calculator, Role Requirements, Server CPU Utilization. Servers of 28 cores at that rate a core carry it, or more servers a site.",
    );
    expect(designCheckText(SIXTEEN_CORES)).toBe(e.summary);
  });

  test("the utilisation is the calculator's (Role Requirements!G208), and the servers the refusal names carry it", () => {
    // 28 cores at the same 50 SPECint2006 a core: within the target.
    const carried = sizeDesign({ ...SIXTEEN_CORES, coresPerServer: 28, specIntRate: 1400 });
    expect(carried.cpu!.utilization).toBeCloseTo((CALCULATOR.utilization * 16) / 28, 9);
    expect(carried.cpu!.utilization).toBeLessThanOrEqual(0.8);
    expect(carried.coresPerServer).toBe(CALCULATOR.coresUtilized);
    expect(CALCULATOR.megacycles / CALCULATOR.available).toBeCloseTo(CALCULATOR.utilization, 12);
    // 27 cores: 81.6%, past it.
    expect(() => sizeDesign({ ...SIXTEEN_CORES, coresPerServer: 27, specIntRate: 1350 })).toThrow(ServerCapacityError);
  });

  test("exsize design exits 1: the 16-core servers cannot carry it", async () => {
    const { code, stdout, stderr } = await design(SIXTEEN_CORE_ARGS);
    expect(code).toBe(1);
    const printed = JSON.parse(stdout) as { design?: unknown; problems: string[] };
    expect(printed.design).toBeUndefined();
    expect(printed.problems[0]).toContain("the busiest server of 16 cores rated 800 SPECint2006 runs at 138% CPU");
    expect(stderr.at(-1)).toBe("exsize design: the design cannot be built");
  });

  test("a design the servers carry shows their utilisation, the target and the cores that carry it in --json", async () => {
    const { code, stdout } = await design([...SIXTEEN_CORE_ARGS.slice(0, -4), "--cores-per-server", "32", "--spec-int-rate", "1600"]);
    expect(code).toBe(0);
    const d = (JSON.parse(stdout) as { design: Record<string, unknown> }).design;
    expect([d.worstCpuUtilizationPercent, d.cpuUtilizationTargetPercent, d.coresToCarryPerServer]).toEqual([68.9, 80, 28]);
  });

  test(
    "the Resilience sheet shows each failure mode's CPU utilisation on the servers named; the worst is the design's",
    () => {
      const carried = { ...SIXTEEN_CORES, coresPerServer: 32, specIntRate: 1600 };
      const sheet = evaluateWorkbook(withoutDistribution(referenceDesign({ inputs: carried })))[templateSheetNames().resilience];
      const shown = Object.values(MICROSOFT_MODE_CELLS.row).map((r) => sheet[`${MICROSOFT_MODE_CELLS.cpuUtilization}${r}`]).filter((v): v is number => typeof v === "number");
      expect(shown.length).toBeGreaterThan(1);
      expect(Math.max(...shown)).toBeCloseTo(sizeDesign(carried).cpu!.utilization, 9);
    },
    WORKBOOK_MS,
  );

  test(
    "the workbook's Design check says the same, live",
    () => {
      const sheets = templateSheetNames();
      const values = evaluateWorkbook(withoutDistribution(referenceDesign({ inputs: SIXTEEN_CORES })));
      const summary = designCheckText(SIXTEEN_CORES);
      expect([values[sheets.inputs][DESIGN_CHECK_CELL.inputs], values[sheets.summary][DESIGN_CHECK_CELL.summary], values[sheets.design][DESIGN_CELLS.serverRefusal]]).toEqual([summary, summary, summary]);
    },
    WORKBOOK_MS,
  );
});

describe("an Exchange 2019 or SE server past 48 cores is not a design; past 256 GB a warning", () => {
  const MILLION: WorkbookInputs = { ...REFERENCE_DESIGN_INPUTS, users: 1_000_000, quotaMB: 51200, exchangeVersion: "SE", serversSite1: 2 };

  test("the issue's 1,000,000 mailboxes on 2 servers: exit 1, naming 48 cores and what fits", async () => {
    const { code, stdout } = await design(["--users", "1000000", "--quota-mb", "51200", "--exchange-version", "SE", "--servers-site1", "2"]);
    expect(code).toBe(1);
    const problem = (JSON.parse(stdout) as { problems: string[] }).problems[0];
    expect(problem).toContain("more than the 48 Microsoft supports for Exchange Server SE");
    expect(problem).toContain("What's new in Exchange Server");
    expect(problem).toContain("Exchange Health Checker");
    expect(problem).toContain("no DAG of up to 16 servers carries it");
    expect(designCheckText(MILLION)).toMatch(/^Not a design: a server needs \d+ cores, more than the 48 Exchange Server SE supports/);
  });

  test("48 cores build; memory past 256 GB stays a warning, as Health Checker's", () => {
    expect(serverLimitWarnings("SE", 60, 320).map((w) => w.limit)).toEqual(["memory"]);
    expect(serverLimitWarnings(2019, 48, 256)).toEqual([]);
  });

  test(
    "the workbook's Design check refuses it too",
    () => {
      const sheets = templateSheetNames();
      const values = evaluateWorkbook(withoutDistribution(referenceDesign({ inputs: MILLION })));
      expect(values[sheets.inputs][DESIGN_CHECK_CELL.inputs]).toBe(designCheckText(MILLION));
    },
    WORKBOOK_MS,
  );
});
