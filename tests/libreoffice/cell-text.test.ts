/**
 * A customer copy's input cell holding what a person typed past the drop-down — a choice with a stray
 * space, a number stored as text — is read by `exsize export --from` as the workbook's own formulas read
 * it: LibreOffice recalculates the copy (as a customer's program does, on load), and where its Design
 * check says "Not a design" for the cell, the export refuses it naming the cell (exit 2, nothing
 * written); where the workbook reads a choice in another case as the choice, the export deploys it.
 * Never exit 0 deploying a design the workbook does not show.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { runDesign } from "../../src/cli/design";
import { runExport } from "../../src/cli/export";
import { stampCell } from "../../src/workbook/customer-copy";
import { DESIGN_CHECK_CELL, INPUT_CELLS } from "../../src/workbook/template";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, recalculateXlsxFiles, type RecalculatedWorkbook } from "../support/libreoffice";
import { WORKBOOK_MS, libreOfficeMs } from "../support/timeouts";

const required = process.env.REQUIRE_LIBREOFFICE === "1";
const available = libreOfficeAvailable();
if (!available && !required) console.warn(`LibreOffice not found: skipping the cells-as-text test. Install ${LIBREOFFICE_APT_PACKAGE}, or set REQUIRE_LIBREOFFICE=1 to make this a failure.`);

type Edit = { key: keyof typeof INPUT_CELLS; value: number | string };
// Refused by the workbook (its label in the Design check) and so by the export.
const REFUSED: ReadonlyArray<[Edit, string]> = [
  [{ key: "considerJbod", value: " no" }, "Consider JBOD"],
  [{ key: "virtualization", value: "yes " }, "Mailbox servers virtualized"],
  [{ key: "maxDatabaseSizeConfiguration", value: "custom " }, "Maximum database size configuration"],
  [{ key: "dagLayout", value: "active / passive" }, "DAG layout"],
  [{ key: "exchangeVersion", value: "SE " }, "Exchange version"],
  [{ key: "users", value: "7600" }, "Users"],
  [{ key: "users", value: "7,600" }, "Users"],
];
// Read by the workbook as the choice: exported as the choice.
const READ: readonly Edit[] = [
  { key: "virtualization", value: "Yes" },
  { key: "considerJbod", value: "NO" },
];

/** A worksheet's XML with one cell's constant set: a number, or an inline string, its style kept. */
function setCell(xml: string, address: string, value: number | string): string {
  const marker = "\u0001edited\u0001";
  const pattern = new RegExp(`<c r="${address}"([^>]*?) t="inlineStr"><is><t xml:space="preserve">${marker}</t></is></c>`);
  const stamped = stampCell(xml, address, marker);
  if (!pattern.test(stamped)) throw new Error(`could not set ${address}`);
  return stamped.replace(pattern, (_, a: string) =>
    typeof value === "number" ? `<c r="${address}"${a}><v>${value}</v></c>` : `<c r="${address}"${a} t="inlineStr"><is><t xml:space="preserve">${value}</t></is></c>`,
  );
}

/** The copy with one Inputs cell edited in its XML, as a customer's program saves it. */
function edited(copy: Uint8Array, edit: Edit): Uint8Array {
  const files = unzipSync(copy);
  const workbook = strFromU8(files["xl/workbook.xml"]);
  const rels = strFromU8(files["xl/_rels/workbook.xml.rels"]);
  const id = /<sheet\b[^>]*?name="Inputs"[^>]*?r:id="([^"]+)"/.exec(workbook)![1];
  const target = new RegExp(`<Relationship\\b[^>]*?Id="${id}"[^>]*?Target="([^"]+)"`).exec(rels)![1];
  const part = target.startsWith("/") ? target.slice(1) : `xl/${target}`;
  files[part] = strToU8(setCell(strFromU8(files[part]), INPUT_CELLS[edit.key], edit.value));
  return zipSync(files);
}

let work: string;
let files: string[];
let books: RecalculatedWorkbook[];
const quiet = () => {
  const stderr: string[] = [];
  return { stderr, out: { stdout: () => undefined, stderr: (l: string) => stderr.push(l) } };
};

beforeAll(async () => {
  if (!available && !required) return;
  work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-cell-text-"));
  const copy = path.join(work, "copy.xlsx");
  expect(await runDesign(["--exchange-version", "2019", "--users", "5000", "--customer", "--out", copy], quiet().out)).toBe(0);
  const bytes = fs.readFileSync(copy);
  files = [...REFUSED.map(([e]) => e), ...READ].map((edit, i) => {
    const file = path.join(work, `edited-${i}.xlsx`);
    fs.writeFileSync(file, edited(bytes, edit));
    return file;
  });
  books = await recalculateXlsxFiles(files);
}, WORKBOOK_MS + libreOfficeMs(REFUSED.length + READ.length));
afterAll(() => work && fs.rmSync(work, { recursive: true, force: true }));

const check = (i: number) => String(books[i].Inputs[DESIGN_CHECK_CELL.inputs]?.value);

(available || required ? describe : describe.skip)("a customer copy's cell as its formulas read it, and as export --from reads it", () => {
  test.each(REFUSED.map(([edit, label], i) => [edit.key, edit.value, label, i] as const))("%s %j: the workbook says Not a design, the export refuses it naming the cell", async (key, _value, label, i) => {
    expect(check(i)).toMatch(new RegExp(`^Not a design: ${label}: ${key} must be`));
    const { stderr, out } = quiet();
    const dir = path.join(work, `out-${i}`);
    expect(await runExport(["--from", files[i], "--out", dir], out)).toBe(2);
    expect(stderr[0]).toContain(`Inputs!${INPUT_CELLS[key]} (${label}): ${key} must be`);
    expect(fs.existsSync(dir)).toBe(false);
  });

  test.each(READ.map((edit, i) => [edit.key, edit.value, REFUSED.length + i] as const))("%s %j: the workbook reads the choice, and the export deploys it", async (_key, _value, i) => {
    expect(check(i)).not.toMatch(/^Not a design/);
    const { stderr, out } = quiet();
    expect(await runExport(["--from", files[i], "--out", path.join(work, `out-${i}`)], out)).toBe(0);
    expect(stderr).toEqual([]);
  });
});
