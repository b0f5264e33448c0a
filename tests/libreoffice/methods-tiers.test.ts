/**
 * The customer copy of a tiered Methods sheet stays live in LibreOffice: a small workbook
 * (Inputs with the tiers block, a Design stub, the Methods sheet with its tiers) written in its
 * native form, recalculated on load by LibreOffice, gives our evaluator's value in every Methods
 * cell — empty tier cells read as empty (tier 1 = the design's profile), not as typed zeros.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { SizingError } from "../../src/engine";
import { writeXlsx } from "../../src/cli/xlsx-writer";
import { evaluateWorkbook, nativeModel, type EvaluatedValue } from "../../src/workbook/evaluate";
import type { WorkbookModel } from "../../src/workbook/model";
import { METHODS_INPUTS, methodsSheet, type MethodsNames } from "../../src/workbook/sheets/methods";
import { TIER_COLUMNS, tierInputs, tierNames, type TierColumn } from "../../src/workbook/sheets/tiers";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, recalculateXlsxFiles, type RecalculatedCell, type RecalculatedWorkbook } from "../support/libreoffice";
import { WORKBOOK_MS, libreOfficeMs } from "../support/timeouts";

// Builds and evaluates designs; the LibreOffice test waits longer, as it says: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

const available = libreOfficeAvailable();
const required = process.env.REQUIRE_LIBREOFFICE === "1";
const describeWithLibreOffice = available || required ? describe : describe.skip;

const INPUTS: [keyof MethodsNames, string, number | string][] = [
  ["users", "Users", 2500],
  ["quotaMB", "QuotaMB", 10240],
  ["messagesPerDay", "MessagesPerDay", 200],
  ["messageKB", "MessageKB", 75],
  ["copies", "Copies", 4],
  ["serversFirstSite", "ServersFirstSite", 2],
  ["serversSecondSite", "ServersSecondSite", 2],
  // The layout the balanced database count follows (MethodsNames.dagLayout).
  ["dagLayout", "DagLayout", "active/active"],
  ...METHODS_INPUTS.map((i): [keyof MethodsNames, string, number | string] => [i.key, i.name, i.key === "specIntRate" ? 1000 : i.default]),
];
const LETTER: Record<TierColumn, string> = { mailboxes: "B", messagesPerDay: "C", messageKB: "D", quotaMB: "E" };

/** The small workbook with `tiers` typed into the block (a missing column: an empty cell). */
function model(tiers: Partial<Record<TierColumn, number>>[]): WorkbookModel {
  const block = tierInputs(INPUTS.length + 3);
  const cells = block.cells.map((c) => {
    const m = /^([A-E])(\d+)$/.exec(c.address)!;
    const column = TIER_COLUMNS.find((k) => LETTER[k] === m[1]);
    const typed = column ? tiers[Number(m[2]) - block.firstTierRow]?.[column] : undefined;
    return typed === undefined ? c : { ...c, value: typed };
  });
  const names = Object.fromEntries(INPUTS.map(([key, name]) => [key, name])) as unknown as MethodsNames;
  return {
    sheets: [
      { name: "Inputs", cells: [...INPUTS.map(([, , value], r) => ({ address: `B${r + 1}`, value })), ...cells] },
      { name: "Design", cells: [{ address: "B1", value: 12 }] },
      methodsSheet({ names, design: (key) => (key === "databases" ? "Design!$B$1" : undefined), tiers: tierNames() }),
    ],
    names: [...INPUTS.map(([, name], r) => ({ name, sheet: "Inputs", range: `$B$${r + 1}` })), ...block.names("Inputs")],
    charts: [],
  };
}

function agree(ours: EvaluatedValue, theirs: RecalculatedCell | undefined): boolean {
  if (ours instanceof SizingError) return theirs?.error !== undefined;
  // @compatibility: exceljs, reading LibreOffice's file back, gives some formula cells whose result is 0 no value.
  if (ours === 0 && theirs?.formula !== undefined && theirs.value === null && theirs.error === undefined) return true;
  if (typeof ours === "number") return typeof theirs?.value === "number" && Math.abs(theirs.value - ours) <= 1e-9 * Math.max(1, Math.abs(ours));
  if (ours === "" || ours === null) return theirs === undefined || theirs.value === null || theirs.value === "";
  return theirs?.value === ours;
}

const TIERS: Array<[string, Partial<Record<TierColumn, number>>[]]> = [
  ["all tiers empty: the design's one profile", []],
  ["tier 1 empty, two more tiers, one with empty profile cells", [{}, { mailboxes: 800, messagesPerDay: 100, messageKB: 50, quotaMB: 2048 }, { mailboxes: 300 }]],
];

describeWithLibreOffice("LibreOffice recalculates the customer copy's tiered Methods sheet", () => {
  let copies: WorkbookModel[];
  let ours: ReturnType<typeof evaluateWorkbook>[];
  let theirs: RecalculatedWorkbook[];

  beforeAll(async () => {
    if (!available) throw new Error(`REQUIRE_LIBREOFFICE=1 but LibreOffice is not installed: apt-get install ${LIBREOFFICE_APT_PACKAGE}`);
    copies = TIERS.map(([, tiers]) => nativeModel(model(tiers)));
    ours = copies.map((copy) => evaluateWorkbook(copy));
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-tiers-"));
    try {
      const files = copies.map((_, i) => path.join(work, `tiers-${i}.xlsx`));
      for (const [i, copy] of copies.entries()) fs.writeFileSync(files[i], await writeXlsx(copy, ours[i]));
      // One soffice run for both workbooks: its start is paid once.
      theirs = await recalculateXlsxFiles(files);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }, WORKBOOK_MS + libreOfficeMs(TIERS.length));

  test.each(TIERS.map(([name], i) => [name, i] as const))("%s", (_, i) => {
    const methods = theirs[i].Methods;
    const formulas = copies[i].sheets[2].cells.filter((c) => c.formula !== undefined).map((c) => c.address);
    const differences = formulas.filter((a) => !agree(ours[i].Methods[a], methods[a])).map((a) => `${a}: ours ${String(ours[i].Methods[a])}, LibreOffice ${JSON.stringify(methods[a])}`);
    expect(differences).toEqual([]);
    expect(formulas.length).toBeGreaterThan(60);
  });
});
