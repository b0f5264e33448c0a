/**
 * The form's pieces apart from Excel: numbers as a person types them, the fields against the
 * Inputs sheet, and the Summary's answers in the pane's words.
 */
import { INPUT_PARAMETERS } from "../../src/functions/worksheet";
import { DESIGN_FIELDS, FORM_FIELDS, fieldOf, parseTypedNumber, readDesignForm, readField, referenceForm, type TypedNumber } from "../../src/taskpane/headline-form";
import type { NumberParameter } from "../../src/functions/arguments";
import { REFERENCE_PRESETS } from "../../src/engine/design";
import { PANE_SUMMARY_CELLS, PANE_VALUE_CELLS, SUMMARY_BLOCK, describeResults, summaryValues, type SummaryValues } from "../../src/taskpane/results";
import { INPUT_CELLS, REFERENCE_DESIGN_INPUTS, SUMMARY_CELLS, referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { evaluateWorkbook } from "../../src/workbook/evaluate";
import { WORKBOOK_MS } from "../support/timeouts";

// Evaluates the template for designs: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

describe("parseTypedNumber: numbers as a person means them", () => {
  test.each<[string, TypedNumber]>([
    ["5000", { ok: true, value: 5000 }],
    ["5,000", { ok: true, value: 5000 }],
    [" 1,234,567.25 ", { ok: true, value: 1234567.25 }],
    ["75.5", { ok: true, value: 75.5 }],
    [".5", { ok: true, value: 0.5 }],
    ["-1", { ok: true, value: -1 }],
    ["1e3", { ok: true, value: 1000 }],
    ["", { ok: false, problem: "empty" }],
    ["   ", { ok: false, problem: "empty" }],
    ["75,5", { ok: false, problem: "decimal comma" }],
    ["1,23", { ok: false, problem: "decimal comma" }],
    ["12,3456", { ok: false, problem: "decimal comma" }],
    ["1,000,00", { ok: false, problem: "decimal comma" }],
    [",5", { ok: false, problem: "decimal comma" }],
    ["1.000,5", { ok: false, problem: "decimal comma" }],
    ["lots", { ok: false, problem: "not a number" }],
    ["5 000", { ok: false, problem: "not a number" }],
    ["5,000 users", { ok: false, problem: "not a number" }],
  ])("%j", (text, expected) => {
    expect(parseTypedNumber(text)).toEqual(expected);
  });
});

describe("the form's fields", () => {
  test("every input of the Inputs sheet has a field, as the CLI takes it: the archive, cores and SPECint rate too", () => {
    expect([...DESIGN_FIELDS].sort()).toEqual(Object.keys(INPUT_CELLS).sort());
  });

  test("number fields take the bounds of the worksheet functions' own parameters", () => {
    const bounds = (p: { min?: number; above?: number; max: number; integer?: boolean }) => ({ min: p.min, above: p.above, max: p.max, integer: p.integer ?? false });
    const parameterOf = (key: string) => (INPUT_PARAMETERS as Record<string, NumberParameter>)[key.startsWith("serversSite") ? "servers" : key];
    // Microsoft's method's own inputs (archive, SPECint rate, cores, busiest hour) feed no paper's function.
    for (const field of FORM_FIELDS) if (field.kind === "number" && parameterOf(field.key)) expect(bounds(field.parameter)).toEqual(bounds(parameterOf(field.key)));
  });

  test("every choice the Inputs sheet's list allows is offered, and the reference design's is among them", () => {
    for (const field of FORM_FIELDS) {
      if (field.kind !== "choice") continue;
      expect(field.choices.map((c) => c.value)).toContain(String(REFERENCE_DESIGN_INPUTS[field.key]));
    }
  });

  test("the reference form reads back as the reference design's inputs", () => {
    const result = readDesignForm(referenceForm());
    // An empty text field is no title: the reference design's, left as it is.
    const given = DESIGN_FIELDS.filter((k) => !(fieldOf(k).kind === "text" && REFERENCE_DESIGN_INPUTS[k] === ""));
    expect(result).toEqual({ ok: true, inputs: Object.fromEntries(given.map((k) => [k, REFERENCE_DESIGN_INPUTS[k]])) });
  });
});

describe("the Summary's answers in the pane's words", () => {
  const values = (inputs = {}): SummaryValues => {
    const model = referenceDesign({ inputs });
    const computed = evaluateWorkbook(model) as Record<string, Record<string, unknown>>;
    const sheets = templateSheetNames();
    return {
      ...Object.fromEntries(Object.entries(PANE_SUMMARY_CELLS).map(([k, address]) => [k, computed[sheets.summary][address]])),
      ...Object.fromEntries(Object.entries(PANE_VALUE_CELLS).map(([k, at]) => [k, computed[sheets[at.sheet]][at.address]])),
    } as SummaryValues;
  };

  test("one rectangle holds every answer", () => {
    const [from, to] = SUMMARY_BLOCK.split(":");
    expect(from).toMatch(/^[A-Z]+\d+$/);
    expect(to).toMatch(/^[A-Z]+\d+$/);
    const block = [["x"]];
    expect(Object.keys(summaryValues(block))).toEqual(Object.keys(PANE_SUMMARY_CELLS));
    for (const key of Object.keys(SUMMARY_CELLS)) expect(Object.keys(PANE_SUMMARY_CELLS)).toContain(key);
  });

  test("by Microsoft's method the pane says the servers' own disks, and that the papers' arrays and spindles are there to compare (004_1d3a339e6fd03f64.txt §4, Table 4: 45 disks a server)", () => {
    const results = describeResults("Summary", values(REFERENCE_PRESETS["dellemc-2016"].inputs));
    expect(results.state).toBe("ok");
    if (results.state !== "ok") return;
    const labels = results.rows.map((r) => r.label);
    expect(labels).toEqual(["Database volumes", "Log volumes", "Capacity", "Database IOPS", "Log IOPS", "Server disks (JBOD)", "Mailbox servers", "Worst failure"]);
    expect(results.rows.find((r) => r.label === "Server disks (JBOD)")?.value).toBe('45 disks a server (8TB 7.2K NL-SAS 3.5"), 720 in the DAG');
  });

  test("sized as Exchange Server SE, the same design adds its MCDB SSDs beside the disks (42 database disks ÷ 3; 3 × 8,000 GB × 6% → 1,600 GB: src/engine/microsoft/mcdb.ts); 2016 has no such row", () => {
    const results = describeResults("Summary", values({ ...REFERENCE_PRESETS["dellemc-2016"].inputs, exchangeVersion: "SE" }));
    expect(results.state === "ok" && results.rows.map((r) => r.label)).toEqual(["Database volumes", "Log volumes", "Capacity", "Database IOPS", "Log IOPS", "Server disks (JBOD)", "MCDB SSDs", "Mailbox servers", "Worst failure"]);
    expect(results.state === "ok" && results.rows.find((r) => r.label === "MCDB SSDs")?.value).toBe("14 SSDs of 1,600 GB a server, beside the database disks");
  });

  test("a design the calculator puts on RAID says its level: the README's 7,600 mailboxes, 2 copies on 2 servers of 600 GB 10K disks — 73 a server in RAID-5, 146 in the DAG (Storage Design!C164, C194)", () => {
    const inputs = { ...REFERENCE_PRESETS["dellemc-2016"].inputs, copies: 2, serversSite1: 2, serversSite2: "" as const, quotaMB: 2048, messageKB: 150, archiveMB: 0, serverDisk: '600GB 10K RPM SAS 2.5"', databasesPerVolume: 0, environmentUsers: "" as const, databasesPerDag: "" as const };
    const results = describeResults("Summary", values(inputs));
    expect(results.state === "ok" && results.rows.find((r) => r.label.startsWith("Server disks"))).toEqual({ label: "Server disks (RAID-5)", value: '73 disks a server (600GB 10K RPM SAS 2.5"), 146 in the DAG' });
  });

  test("an active/passive DAG says each site's servers: the calculator's s01, 6 of 128 GB and 3 of 160 GB (Role Requirements!C253, D253)", () => {
    const inputs = { ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016 as const, users: 12500, quotaMB: 5120, messagesPerDay: 150, messageKB: 75, serversSite1: 6, serversSite2: 3, copies: 3, dagLayout: "active/passive", serverSizing: "calculator" };
    const results = describeResults("Summary", values(inputs));
    expect(results.state === "ok" && results.rows.find((r) => r.label === "Mailbox servers")?.value).toMatch(/^site 1: 6, each \d+ cores? and 128 GB memory; site 2: 3, each \d+ cores? and 160 GB memory$/);
  });

  test("the pane decides by the Design sheet's method and the Methods sheet's disk layout, never by the Summary's words", () => {
    const v = values(REFERENCE_PRESETS["dellemc-2016"].inputs);
    expect([v.methodUsed, v.diskArchitecture]).toEqual(["microsoft", "JBOD"]);
    // A customer retitles the block: the pane's rows stay the design's.
    const results = describeResults("Summary", { ...v, serverDisksHeading: "Disks (our words)" });
    expect(results.state === "ok" && results.rows.find((r) => r.label.startsWith("Server disks"))?.label).toBe("Server disks (JBOD)");
    const dell = describeResults("Summary", { ...values(), serverDisksHeading: "Sized by Microsoft's method" });
    expect(dell.state === "ok" && dell.rows.some((r) => r.label.startsWith("Server disks"))).toBe(false);
  });

  test("a Microsoft-method design whose disk cannot hold a volume says why, in the Summary's words", () => {
    const results = describeResults("Summary", values({ ...REFERENCE_PRESETS["dellemc-2016"].inputs, serverDisk: '1TB 7.2K RPM SAS 3.5"' }));
    expect(results.state === "ok" && results.rows.find((r) => r.label.startsWith("Server disks"))?.value).toMatch(/^None: a volume of the databases does not fit/);
  });

  test("the reference design (000_72e1ddb9bbd1ecac.txt, 3.4.2)", () => {
    const results = describeResults("Summary", values());
    expect(results.state).toBe("ok");
    if (results.state !== "ok") return;
    expect(results.rows.slice(0, 2)).toEqual([
      { label: "Database volumes", value: "12 × 1,266 GB" },
      { label: "Log volumes", value: "12 × 48 GB" },
    ]);
  });

  test("no survivable failure is said in words, not as empty numbers", () => {
    const v = { ...values(), worstFailure: "none survivable", worstMailboxesPerServer: "", worstTargetIops: "" };
    const results = describeResults("Summary", v);
    expect(results.state === "ok" && results.rows.find((r) => r.label === "Worst failure")?.value).toBe("None survivable: a failure leaves databases without a copy");
  });

  test.each([
    ["#NAME?", "functions not loaded"],
    ["#BUSY!", "busy"],
    ["#VALUE!", "error"],
    ["#N/A", "error"],
    ["", "not calculated"],
  ])("%j in one answer: %s", (code, problem) => {
    expect(describeResults("Summary", { ...values(), databaseIops: code })).toMatchObject({ state: "not computed", problem });
  });

  test("#NAME? wins over #BUSY!: the functions must be loaded before anything else helps", () => {
    expect(describeResults("Summary", { ...values(), databaseIops: "#BUSY!", dagLogIops: "#NAME?" })).toMatchObject({ problem: "functions not loaded" });
  });
});

describe("the pane's number fields read a percent only for a share, as exsize does", () => {
  test("Users 5000% is refused naming the field; Read ratio 60% is 0.6", () => {
    expect(readField("users", "5000%")).toEqual({ ok: false, error: expect.stringMatching(/^Users must be .*; "5000%" is a percent, which only a share takes\.$/) });
    expect(readField("readRatio", "60%")).toEqual({ ok: true, value: 0.6 });
  });
});
