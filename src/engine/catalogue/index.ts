/**
 * The design's catalogue: every input and every quantity declared once, by domain
 * (mailboxes, databases, servers, storage, failures, environment, document), in one registry.
 * The Inputs sheet, the CLI's options and help, the pane's fields, `exsize design --json`,
 * `exsize compare`'s columns and the library read a design through it, so a new input or figure is
 * one entry in its domain's file and its arithmetic in the engine.
 */
import type { Design } from "./sized-design";
import { DATABASE_INPUTS, DATABASE_QUANTITIES } from "./databases";
import { DOCUMENT_INPUTS } from "./document";
import { ENVIRONMENT_INPUTS, ENVIRONMENT_QUANTITIES } from "./environment";
import { FAILURE_QUANTITIES } from "./failures";
import type { InputDeclaration, MicrosoftFactorOf } from "./input";
import type { MicrosoftFactors } from "../microsoft/tables";
import { MAILBOX_INPUTS } from "./mailboxes";
import { shownValue, type Quantity, type QuantityValue } from "./quantity";
import { SERVER_INPUTS, SERVER_QUANTITIES } from "./servers";
import { STORAGE_INPUTS, STORAGE_QUANTITIES } from "./storage";

export { NONE_SURVIVABLE } from "./failures";
export { DEFAULT_TITLE } from "./document";
export { DAG_LAYOUTS, METHOD_CHOICES, SIZING_METHODS, type SizingMethod } from "./servers";
export {
  INPUT_GROUPS,
  boundsOf,
  numberWords,
  optionName,
  rangeWords,
  type Bounds,
  type InputDeclaration,
  type InputGroup,
  type InputRule,
  type MicrosoftFactorOf,
  type NumberRule,
} from "./input";
export { SMALL_FIGURE, labelWithUnit, shownDigits, shownNumber, shownValue, type Quantity, type QuantityReferences, type QuantityRendering, type QuantityValue } from "./quantity";

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

// ---------------------------------------------------------------------------------------------
// Inputs

/** Every input, in the order the Inputs sheet, the help and the pane list them: by domain. */
const DECLARED_INPUTS = [...MAILBOX_INPUTS, ...DATABASE_INPUTS, ...SERVER_INPUTS, ...STORAGE_INPUTS, ...ENVIRONMENT_INPUTS, ...DOCUMENT_INPUTS] as const;
type DeclaredInput = (typeof DECLARED_INPUTS)[number];
export type InputKey = DeclaredInput["key"];
/** The inputs a caller may leave out. */
export type OptionalInputKey = Extract<DeclaredInput, { optional: true }>["key"];

/** A design's inputs, each of its declared type; those declared optional may be left out (the reference design's value then). */
export type CatalogueInputs = { [D in DeclaredInput as D extends { optional: true } ? never : D["key"]]: D["value"] } & {
  [D in DeclaredInput as D extends { optional: true } ? D["key"] : never]?: D["value"];
};

export const INPUTS: ReadonlyArray<InputDeclaration<InputKey>> = DECLARED_INPUTS;

const INPUT_BY_KEY: ReadonlyMap<string, InputDeclaration<InputKey>> = new Map(INPUTS.map((i) => [i.key, i]));
if (INPUT_BY_KEY.size !== INPUTS.length) throw new Error("the design catalogue declares an input twice");

/** The input under `key`. */
export function input(key: InputKey): InputDeclaration<InputKey> {
  return INPUT_BY_KEY.get(key)!;
}

/** The reference design's every input: each input's declared default. */
export const INPUT_DEFAULTS: Readonly<Required<CatalogueInputs>> = Object.freeze(
  Object.fromEntries(INPUTS.map((i) => [i.key, i.defaultValue])) as unknown as Required<CatalogueInputs>,
);

/** The inputs that set a factor of Microsoft's method, in the catalogue's order: the Methods sheet's factor rows. */
export const MICROSOFT_FACTOR_INPUTS: ReadonlyArray<InputDeclaration<InputKey> & { readonly microsoftFactor: MicrosoftFactorOf<unknown> }> = INPUTS.filter(
  (i): i is InputDeclaration<InputKey> & { readonly microsoftFactor: MicrosoftFactorOf<unknown> } => i.microsoftFactor !== undefined,
);
if (new Set(MICROSOFT_FACTOR_INPUTS.map((i) => i.microsoftFactor.name)).size !== MICROSOFT_FACTOR_INPUTS.length) throw new Error("the design catalogue sets a factor of Microsoft's method twice");

/** The factors of Microsoft's method a design's inputs set: each factor input given, as its factor (those left out keep the defaults). */
export function microsoftFactorsOf(inputs: Readonly<Partial<Record<InputKey, unknown>>>): Partial<MicrosoftFactors> {
  const factors: Partial<MicrosoftFactors> = {};
  for (const i of MICROSOFT_FACTOR_INPUTS) {
    const value = inputs[i.key];
    if (value !== undefined) factors[i.microsoftFactor.name] = i.microsoftFactor.of(value);
  }
  return factors;
}
