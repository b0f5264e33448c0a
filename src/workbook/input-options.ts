/**
 * The design's inputs as command-line options: one name, alias, default and rule per
 * input, as the design's catalogue declares it (src/engine/catalogue), so `exsize design`, `layout`, `export` and `compare` size the same design
 * from the same words, and a message about the design as a whole names the option that sets an input.
 * In the workbook layer, below the CLI, since the Compare sheet and the design's refusals name them too.
 */
import { input, optionName } from "../engine/catalogue";
import { INPUT_ROWS, type InputKey, type InputValue } from "./input-values";
import type { InputRule } from "./model";

/** One input of the Inputs sheet as a command-line option. */
export interface InputOption {
  key: InputKey;
  /** `--quota-mb`: the input's name in kebab case, or the name below. */
  option: string;
  /** Older or shorter names that still work: `--quota`. */
  aliases: readonly string[];
  /** The row's label on the Inputs sheet: "Mailbox quota". */
  label: string;
  /** Its cell: "Inputs!B7". */
  cell: string;
  /** The cell's data validation: bounds or choices, its prompt and its error message. */
  rule: InputRule;
  defaultValue: InputValue;
}

const OPTIONS: readonly InputOption[] = INPUT_ROWS.map((row) => {
  const declared = input(row.key);
  return { key: row.key, option: optionName(declared), aliases: declared.aliases ?? [], label: row.label, cell: `Inputs!${row.cell}`, rule: row.rule, defaultValue: row.defaultValue };
});

/** Every input of the template's Inputs sheet, in sheet order, as an option. */
export function inputOptions(): readonly InputOption[] {
  return OPTIONS;
}

/** The option that sets an input: for messages about the design as a whole. */
export const optionOf = (key: InputKey): string => OPTIONS.find((o) => o.key === key)?.option ?? key;
