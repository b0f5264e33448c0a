/**
 * The customer copy names its sources by publisher and title, never by a repository path: every
 * cell of every sheet of the file `exsize design --customer` writes — its text, or a formula's
 * result as saved — holds no Markdown file (`docs/dag-layout.md`), no `docs/` folder and no path
 * of Microsoft's docs repository (`…/plan-and-deploy/system-requirements.md`). Three designs: the SE
 * design of 20,000 mailboxes on 4 + 4 servers, Dell EMC's 2016 preset and the reference design.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import ExcelJS from "exceljs";
import { main } from "../../src/cli/main";
import { repositoryPathProblems } from "../support/readable-sources";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(6 * WORKBOOK_MS);

const SE = ["--users", "20000", "--quota-mb", "10240", "--exchange-version", "SE", "--servers-site1", "4", "--servers-site2", "4", "--copies", "4", "--server-disk", '8TB 7.2K NL-SAS 3.5"'];

/** Each cell's text as a reader sees it: a value, rich text, or a formula's saved result. */
function cellText(value: ExcelJS.CellValue): string | undefined {
  if (typeof value === "string") return value;
  if (value && typeof value === "object") {
    if ("richText" in value) return value.richText.map((t) => t.text).join("");
    if ("result" in value && typeof value.result === "string") return value.result;
    if ("text" in value && typeof value.text === "string") return value.text;
  }
  return undefined;
}

/** Every sheet's texts of the customer copy of a design, by "Sheet!A1". */
async function customerTexts(args: string[]): Promise<Map<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-customer-sources-"));
  try {
    const file = path.join(dir, "customer.xlsx");
    const stderr: string[] = [];
    const code = await main(["design", ...args, "--customer", "--out", file], { stdout: () => undefined, stderr: (l) => stderr.push(l) });
    expect({ code, stderr }).toEqual({ code: 0, stderr: [] });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const texts = new Map<string, string>();
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => {
      const text = cellText(cell.value);
      if (text !== undefined) texts.set(`${sheet.name}!${cell.address}`, text);
    })));
    return texts;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("the customer copy's sources are publisher and title, never a path", () => {
  test("the rule finds the paths the issue saw, and leaves titles, web addresses and layouts alone", () => {
    expect(repositoryPathProblems("ours; docs/dag-layout.md")).not.toEqual([]);
    expect(repositoryPathProblems('Microsoft, "Exchange Server system requirements" (Exchange/ExchangeServer/plan-and-deploy/system-requirements.md, "Hardware")')).not.toEqual([]);
    expect(repositoryPathProblems("high-availability/database-availability-groups/MetaCacheDatabase-setup.md")).not.toEqual([]);
    expect(repositoryPathProblems("see docs/ for more")).not.toEqual([]);
    for (const fine of ['Microsoft, "Exchange Server system requirements", section "Hardware requirements for Exchange 2019"', "active/passive", "Mb/s", "https://learn.microsoft.com/exchange/plan-and-deploy/system-requirements", '8TB 7.2K NL-SAS 3.5"']) {
      expect({ fine, problems: repositoryPathProblems(fine) }).toEqual({ fine, problems: [] });
    }
  });

  test.each<[string, string[]]>([
    ["the SE design of 20,000 mailboxes on 4 + 4 servers", SE],
    ["Dell EMC's 2016 design (--preset dellemc-2016)", ["--preset", "dellemc-2016"]],
    ["the reference design", []],
  ])("%s: no cell of any sheet holds a repository path", async (_name, args) => {
    const texts = await customerTexts(args);
    expect(texts.size).toBeGreaterThan(500);
    const found = [...texts].flatMap(([where, text]) => repositoryPathProblems(text).map((p) => `${where}: ${p}`));
    expect(found).toEqual([]);
    // The sources the paths stood for, by publisher and title.
    const all = [...texts.values()].join("\n");
    expect(all).toContain('Microsoft, "Exchange Server system requirements", section "Hardware requirements for Exchange 2019"');
    expect(all).toContain('Microsoft, "Exchange Server editions and versions"');
    expect(all).toContain('Microsoft, "Exchange 2019 preferred architecture", section "Solid state storage class"');
  });
});
