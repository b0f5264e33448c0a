/**
 * Mailbox tiers: the whole customer copy of a tiered design (Excel's own formulas), as a
 * customer without the add-in opens it, recalculated by LibreOffice, shows sizeDesign's figure in every
 * quantity cell (src/workbook/quantity-cells.ts) — the busiest server's mailboxes of every tier, the
 * failure modes, the transport database and the environment's DAGs included.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { QUANTITIES, type QuantityKey } from "../../src/engine/catalogue";
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";
import { writeXlsx } from "../../src/cli/xlsx-writer";
import { evaluateWorkbook, nativeModel } from "../../src/workbook/evaluate";
import { QUANTITY_CELLS } from "../../src/workbook/quantity-cells";
import { referenceDesign, templateSheetNames } from "../../src/workbook/template";
import { tablesOf, withTiers, type TypedTier } from "../workbook/tier-model";
import { LIBREOFFICE_APT_PACKAGE, libreOfficeAvailable, recalculateXlsx } from "../support/libreoffice";
import { LIBREOFFICE_MS } from "../support/timeouts";

jest.setTimeout(3 * LIBREOFFICE_MS);

const available = libreOfficeAvailable();
const required = process.env.REQUIRE_LIBREOFFICE === "1";
const describeWithLibreOffice = available || required ? describe : describe.skip;
const sheets = templateSheetNames();

describeWithLibreOffice("LibreOffice recalculates a tiered design's customer copy to sizeDesign's figures", () => {
  // tests/fixtures/microsoft-calculator-designs.json t02: 5,000 + 1,500 + 800 = 7,300 mailboxes a DAG (Role Requirements!C98),
  // 912.5 active a server at normal runtime (C100); 30,000 in the environment: 5 DAGs.
  test("three tiers, 4 copies on 4 + 4 servers, several DAGs (fixture t02)", async () => {
    if (!available) throw new Error(`REQUIRE_LIBREOFFICE=1 but LibreOffice is not installed: apt-get install ${LIBREOFFICE_APT_PACKAGE}`);
    const inputs = { ...REFERENCE_DESIGN_INPUTS, users: 5000, quotaMB: 2048, messagesPerDay: 100, copies: 4, serversSite1: 4, serversSite2: 4, exchangeVersion: 2016, environmentUsers: 30_000 } as WorkbookInputs;
    const tiers: TypedTier[] = [{ mailboxes: 5000 }, { mailboxes: 1500, messagesPerDay: 300, messageKB: 100, quotaMB: 10240 }, { mailboxes: 800, messagesPerDay: 50, quotaMB: 1024 }];
    const d = sizeDesign(inputs, tablesOf(inputs, tiers));
    expect([d.usersPerDag, d.normalMailboxesPerServer, d.dags]).toEqual([7300, 913, 5]);
    const copy = nativeModel(withTiers(referenceDesign({ inputs }), tiers));
    const work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-tiers-design-"));
    try {
      const file = path.join(work, "tiers.xlsx");
      fs.writeFileSync(file, await writeXlsx(copy, evaluateWorkbook(copy)));
      const theirs = await recalculateXlsx(file);
      const differences: string[] = [];
      for (const q of QUANTITIES) {
        const want = q.value(d);
        for (const at of QUANTITY_CELLS[q.key as QuantityKey] ?? []) {
          if ((at.shows && !at.shows(d)) || typeof want !== "number") continue;
          const got = theirs[sheets[at.sheet]]?.[at.cell]?.value;
          if (!(typeof got === "number" && Math.abs(got - want) <= 1e-9 * Math.max(1, Math.abs(want)))) differences.push(`${q.key} at ${at.sheet}!${at.cell}: LibreOffice ${JSON.stringify(got)}, sizeDesign ${want}`);
        }
      }
      expect(differences).toEqual([]);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
