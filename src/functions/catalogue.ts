import { RAID_LEVELS, SizingError, type ArrayModel } from "../engine";
import { describeValue, isOmitted, readNumber, readRaid } from "./arguments";

/** Columns of a user's array catalogue, in order. */
export const CATALOGUE_COLUMNS = ["model", "drive", "raid", "usableGB", "iops"] as const;

/**
 * The `catalog` argument of EX_ARRAYS: rows of model, drive, RAID level, usable GB and measured
 * database IOPS per array, as a range or an array constant. A first row of column titles and blank
 * rows are skipped. The rows extend the built-in catalogue (000, Tables 12–13); a row naming a
 * model, drive and RAID level the catalogue already has replaces that entry.
 */
export function readCatalogue(value: unknown, name: string, builtIn: readonly ArrayModel[]): readonly ArrayModel[] {
  if (isOmitted(value)) return builtIn;
  const rows = Array.isArray(value) ? (value as unknown[]) : [value];
  const shape = `a range of ${CATALOGUE_COLUMNS.length} columns: ${CATALOGUE_COLUMNS.join(", ")}`;
  const byKey = new Map(builtIn.map((m) => [catalogueKey(m), m]));
  rows.forEach((row, index) => {
    if (!Array.isArray(row) || row.length !== CATALOGUE_COLUMNS.length) {
      throw new SizingError("#VALUE!", `${name} must be ${shape}; got ${describeValue(row)}`);
    }
    if (row.every(isOmitted)) return;
    if (index === 0 && row.every((c) => typeof c === "string") && isNaN(Number(row[3]))) return; // titles
    const at = `${name} row ${index + 1}`;
    const [model, drive, raid, usableGB, iops] = row;
    if (typeof model !== "string" || model.trim() === "") {
      throw new SizingError("#VALUE!", `${at} model must be a model name; got ${describeValue(model)}`);
    }
    const entry: ArrayModel = {
      model: model.trim(),
      drive: isOmitted(drive) ? "" : String(drive).trim(),
      raid: readRaid(raid, `${at} raid`, "RAID50", RAID_LEVELS),
      usableGB: readNumber(usableGB, { name: `${at} usableGB`, above: 0, max: 1e9, what: "usable GB per array" }),
      iops: readNumber(iops, { name: `${at} iops`, above: 0, max: 1e9, what: "measured database IOPS per array" }),
    };
    byKey.set(catalogueKey(entry), entry);
  });
  return [...byKey.values()];
}

function catalogueKey(m: ArrayModel): string {
  return `${m.model}|${m.drive}|${m.raid}`.toUpperCase();
}
