import type { DesignTables, WorkbookInputs } from "../../src/engine/design";
import type { WorkbookModel } from "../../src/workbook/model";
import { TIERS } from "../../src/workbook/sheets/inputs";
import { TIER_COLUMNS, type TierColumn } from "../../src/workbook/sheets/tiers";
import { templateSheetNames } from "../../src/workbook/template";

/** Mailbox tiers as typed on the Inputs sheet (tiers 1-4 in order): a cell left out is empty. */
export type TypedTier = Partial<Record<TierColumn, number>>;

/** The model with `tiers` typed into the Inputs sheet's tier rows. */
export function withTiers(model: WorkbookModel, tiers: readonly TypedTier[]): WorkbookModel {
  const typed = new Map<string, number>();
  tiers.forEach((t, k) =>
    TIER_COLUMNS.forEach((c) => {
      if (t[c] !== undefined) typed.set(`${TIERS.ranges[c].replace(/^\$([A-Z]+)\$.*$/, "$1")}${TIERS.firstTierRow + k}`, t[c]!);
    }),
  );
  return {
    ...model,
    sheets: model.sheets.map((sheet) => (sheet.name !== templateSheetNames().inputs ? sheet : { ...sheet, cells: sheet.cells.map((cell) => (typed.has(cell.address) ? { ...cell, value: typed.get(cell.address) } : cell)) })),
  };
}

/** The tiers as the Inputs block's rule sizes them (src/workbook/sheets/tiers.ts): tier 1 empty the design's Users, an empty profile cell the design's. */
export const tablesOf = (inputs: WorkbookInputs, tiers: readonly TypedTier[]): DesignTables => ({
  tiers: tiers
    .map((t, k) => ({ mailboxes: t.mailboxes || (k === 0 ? inputs.users : 0), messagesPerDay: t.messagesPerDay || inputs.messagesPerDay, messageKB: t.messageKB || inputs.messageKB, quotaMB: t.quotaMB || inputs.quotaMB }))
    .filter((t) => t.mailboxes > 0),
});
