/**
 * The design's catalogue (issue 26): every quantity declared once, by domain, in one registry.
 * `exsize design --json`, `exsize compare`'s columns and the library read a design through it, so a
 * new figure is one entry here and one line of arithmetic in the engine.
 */
import type { Design } from "../design";
import { DATABASE_QUANTITIES } from "./databases";
import { ENVIRONMENT_QUANTITIES } from "./environment";
import { FAILURE_QUANTITIES } from "./failures";
import { shownValue, type Quantity, type QuantityValue } from "./quantity";
import { SERVER_QUANTITIES } from "./servers";
import { STORAGE_QUANTITIES } from "./storage";

export { NONE_SURVIVABLE } from "./failures";
export { labelWithUnit, shownNumber, shownValue, type Quantity, type QuantityValue } from "./quantity";

/** Every quantity of a design, in the order a reader meets them: databases, storage, servers, failures, environment. */
const DECLARED = [...DATABASE_QUANTITIES, ...STORAGE_QUANTITIES, ...SERVER_QUANTITIES, ...FAILURE_QUANTITIES, ...ENVIRONMENT_QUANTITIES] as const;
export type QuantityKey = (typeof DECLARED)[number]["key"];
export const QUANTITIES: ReadonlyArray<Quantity & { readonly key: QuantityKey }> = DECLARED;

const BY_KEY: ReadonlyMap<string, Quantity> = new Map(QUANTITIES.map((q) => [q.key, q]));
if (BY_KEY.size !== QUANTITIES.length) throw new Error("the design catalogue declares a quantity twice");

/** The quantity under `key`. */
export function quantity(key: QuantityKey): Quantity {
  return BY_KEY.get(key)!;
}

/** A design as a reader is shown it: every quantity once, under its key, each number to its decimals. */
export type DesignRecord = Record<QuantityKey, QuantityValue>;

/** Every quantity of a sized design, shown: what `exsize design --json` prints under "design". */
export function designRecord(design: Design): DesignRecord {
  const record = {} as Record<string, QuantityValue>;
  for (const q of QUANTITIES) record[q.key] = shownValue(q, design);
  return record as DesignRecord;
}
