/**
 * The design's inputs as command-line options, shared by `exsize design`, `layout` and `export`
 * one name, alias, default and rule per input of the Inputs sheet, so the three commands
 * size the same design from the same words — the reference design of 000_72e1ddb9bbd1ecac.txt 3.4.2
 * by default. Every input of the design's catalogue (src/engine/catalogue) is an option, named
 * after the input (`quotaMB` → `--quota-mb`), checked by its rule with its message
 * (src/workbook/input-values.ts), so a new input becomes an option with no change here.
 *
 * Reading options builds no workbook: the rules are data, and the design is sized by the engine;
 * the help reads each input's unit from the catalogue.
 */
import { input } from "../engine/catalogue";
import { pointedThousands } from "../functions/arguments";
import { didYouMean } from "../functions/suggest";
import { readTypedNumber } from "../functions/typed-number";
import { inputFromText, type InputKey } from "../workbook/input-values";
import { inputOptions, optionOf, type InputOption } from "../workbook/input-options";

export { inputOptions, optionOf, type InputOption };
import { REFERENCE_DESIGN_INPUTS, type WorkbookInputs } from "../engine/design";

export interface CommandOutput {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

/** A usage error or an input its rule refuses: exit status 2 in every command. */
export class UsageError extends Error {}

/**
 * Exit statuses, one per kind of failure and the same in every command: 0 done; 1 the design cannot
 * be built, or a file cannot be written (or read, for --from); 2 a usage error, an input its rule
 * refuses, or a file already there without --force (a refusal the user lifts by changing the command).
 */
export const EXIT = Object.freeze({ ok: 0, failed: 1, usage: 2 });
export const EXIT_STATUS_HELP: readonly string[] = [
  "Exit status: 0 done; 1 the design cannot be built, or a file cannot be written or read; 2 a usage error,",
  "an input its rule refuses, or a file already there without --force.",
];

/**
 * Options that are gone, and what says the same now: `layout` and `export` once had their own
 * design options; they now take `design`'s, and lay out the design's own databases.
 */
export const RETIRED_OPTIONS: Readonly<Record<string, string>> = Object.freeze({
  "--servers": "did you mean --servers-site1 and --servers-site2? --servers 8,8 is now --servers-site1 8 --servers-site2 8",
  "--iops-per-mailbox": "the per-server IOPS targets use the design's own IOPS per mailbox, from its method, --exchange-version and --messages-per-day",
  "--databases": "the design's own database count is laid out; it follows --users, --quota-mb, --max-database-gb and --method, or --databases-per-dag for Microsoft's method",
});

/** A flag of a command that is not an input: `--out` (with a value), `--json` (none). */
export interface FlagSpec {
  /** Its names, the first the one messages use: ["--out", "-o"]. */
  names: readonly string[];
  value: boolean;
}

export interface ParsedCommand {
  /** The inputs given, as typed, with the option they were given as. */
  given: Map<InputKey, { flag: string; text: string }>;
  /** The other flags by their first name: a value, or true for a flag without one. */
  flags: Map<string, string | true>;
}

/**
 * A command's arguments: every input option, and the command's own flags. `--name=value` or
 * `--name value`; a flag given twice, an unknown option (with the nearest known one, or what
 * replaced a retired one) and a stray argument are usage errors.
 */
export function parseCommand(args: readonly string[], own: readonly FlagSpec[]): ParsedCommand {
  const parsed: ParsedCommand = { given: new Map(), flags: new Map() };
  const byName = new Map(inputOptions().flatMap((o) => [o.option, ...o.aliases].map((name) => [name, o] as const)));
  const flagByName = new Map(own.flatMap((f) => f.names.map((name) => [name, f] as const)));
  const seenAs = new Map<string, string>();
  const known = () => [...inputOptions().flatMap((o) => [o.option, ...o.aliases]), ...own.flatMap((f) => f.names)];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const takeValue = (): string => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined || (next.startsWith("--") && next.length > 2)) throw new UsageError(`${flag} needs a value`);
      i++;
      return next;
    };
    const option = byName.get(flag);
    const spec = flagByName.get(flag);
    if (option) {
      const earlier = parsed.given.get(option.key);
      if (earlier) throw new UsageError(`${option.option} given twice (${earlier.flag} and ${flag})`);
      parsed.given.set(option.key, { flag, text: takeValue() });
    } else if (spec) {
      const name = spec.names[0];
      const earlier = seenAs.get(name);
      if (earlier !== undefined) throw new UsageError(earlier === flag ? `${flag} given twice` : `${name} given twice (${earlier} and ${flag})`);
      seenAs.set(name, flag);
      if (spec.value) parsed.flags.set(name, takeValue());
      else if (inline !== undefined) throw new UsageError(`${flag} takes no value`);
      else parsed.flags.set(name, true);
    } else if (RETIRED_OPTIONS[flag] !== undefined) {
      throw new UsageError(`unknown option ${JSON.stringify(flag)}: ${RETIRED_OPTIONS[flag]}`);
    } else {
      const what = flag.startsWith("-") ? "unknown option" : "unexpected argument";
      throw new UsageError(`${what} ${JSON.stringify(arg)}${flag.startsWith("-") ? didYouMean(flag, known()) : ""}`);
    }
  }
  return parsed;
}

/** Every input: the given ones checked by their cells' rules (a refusal names the option), the rest the reference design's. */
export function readInputs(given: ParsedCommand["given"]): WorkbookInputs {
  const inputs: Record<string, unknown> = { ...REFERENCE_DESIGN_INPUTS };
  for (const option of inputOptions()) {
    const typed = given.get(option.key);
    if (!typed) continue;
    const checked = inputFromText(option.key, typed.text);
    if ("problem" in checked) throw new UsageError(`${typed.flag}: ${checked.problem}`);
    inputs[option.key] = checked.value;
  }
  return inputs as unknown as WorkbookInputs;
}

/**
 * A whole number of a command's own option (fit's --limit, export's --start-disk, …), read by the reader
 * every input is read by (readTypedNumber: 5,000 and 1e3 as design reads them, no percent, no 0x4) and
 * held from `min` to `max`; a refusal names the option and what it should be.
 */
export function wholeOption(flag: string, text: string, min: number, max: number, rule = `must be a whole number from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}`): number {
  const read = readTypedNumber(text);
  const pointed = pointedThousands(text);
  if ("problem" in read || !Number.isInteger(read.value) || read.value < min || read.value > max || pointed !== undefined) {
    const why = pointed !== undefined ? ` — a point before three digits is ambiguous: ${pointed}` : "problem" in read && /percent/.test(read.problem) ? ", a percent, which only a share takes" : "";
    throw new UsageError(`${flag} ${rule}; got ${JSON.stringify(text)}${why}`);
  }
  return read.value;
}

// ---------------------------------------------------------------------------------------------
// Help: every input option, its default, unit and rule.

/** The help's lines for every input option: its names, what it is, its default, unit and rule. */
export function inputOptionsHelp(width = 36): string[] {
  const pad = (s: string) => (s.length >= width - 1 ? `${s}\n${" ".repeat(width + 2)}` : s.padEnd(width));
  const lines: string[] = [];
  for (const o of inputOptions()) {
    const declared = input(o.key);
    // A share is typed 0.6 or 60%: its unit is the rule's words, not a word after the number.
    const storage = declared.unit === "%" ? "" : declared.unit;
    const placeholder = o.rule.kind === "list" ? o.key.replace(/^.*([A-Z][a-z]+)$/, "$1").toUpperCase() : o.rule.kind === "text" ? "TEXT" : /^[KMGT]B$/.test(storage) ? storage : "N";
    const unitName = storage.startsWith("a ") ? `per ${storage.slice(2)}` : storage;
    const names = [o.option, ...o.aliases].join(", ");
    const what = o.rule.prompt.toLowerCase().startsWith(o.label.toLowerCase()) ? o.rule.prompt : `${o.label}: ${o.rule.prompt}`;
    const shown = typeof o.defaultValue === "number" || o.rule.kind !== "list" ? unitName : "";
    lines.push(`  ${pad(`${names} ${placeholder}`)}${what}`);
    lines.push(`  ${" ".repeat(width)}default ${o.defaultValue === "" ? "empty" : String(o.defaultValue)}${shown ? `; unit: ${shown}` : ""}; rule: ${o.rule.error}`);
  }
  return lines;
}

/** How numbers and choices are typed, for every command's help. */
export const TYPING_HELP: readonly string[] = [
  "Numbers: 5000 or 5,000 (a comma only between groups of three digits); a decimal takes a point: 2048.5; only a share may be 60%.",
  "Choices ignore case and spaces (raid10 is RAID10). --servers-site2 \"\" is one site.",
];
