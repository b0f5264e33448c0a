import { SizingError } from "./errors";
import { DELL_RULES } from "./rules/dell";
import type { ArrayModel, RaidLevel } from "./tables";

const arraysPerCopyOf = DELL_RULES.compile("arraysPerCopy", ["capacityGB", "demandIops", "usableGB", "arrayIops"]);
const arraysOf = DELL_RULES.compile("arrays", ["arraysPerCopy", "copies"]);
const NO_FACTORS = {};

export interface ArrayChoice {
  model: ArrayModel;
  /** Arrays one copy of the databases needs. */
  arraysPerCopy: number;
  /** Arrays for every copy: copies live on separate arrays (000, 3.4.1 step 6). */
  arrays: number;
}

/** `PS6500E 500GB` — how a model + drive is named in cells and results. */
export function arrayModelName(m: Pick<ArrayModel, "model" | "drive">): string {
  return `${m.model} ${m.drive}`.trim();
}

/**
 * Arrays — 000_72e1ddb9bbd1ecac.txt, 3.4.1 (Tables 12 and 13):
 *   per copy = max(ceil(capacity / usable), ceil(DBIOP / array IOPS)); total = per copy × copies.
 * Table 12 already covers log I/O and maintenance, so the IOPS given are database IOPS only.
 * Among the candidates the fewest arrays win, then the least usable capacity (least waste),
 * then catalogue order.
 */
export function chooseArrays(
  capacityGB: number,
  iops: number,
  copies: number,
  raid: RaidLevel,
  candidates: readonly ArrayModel[],
): ArrayChoice {
  let best: ArrayChoice | undefined;
  for (const model of candidates) {
    if (model.raid !== raid) continue;
    const arraysPerCopy = arraysPerCopyOf([capacityGB, iops, model.usableGB, model.iops], NO_FACTORS);
    if (
      best === undefined ||
      arraysPerCopy < best.arraysPerCopy ||
      (arraysPerCopy === best.arraysPerCopy && model.usableGB < best.model.usableGB)
    ) {
      best = { model, arraysPerCopy, arrays: arraysOf([arraysPerCopy, copies], NO_FACTORS) };
    }
  }
  if (best === undefined) {
    throw new SizingError("#N/A", `no array in the catalogue has figures for ${raid}`);
  }
  return best;
}
