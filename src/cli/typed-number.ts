/**
 * A number as a person typed it on the command line (issue 12): `5000`, `5,000`, `2048.5`,
 * `1,000,000.25`, `1e3`. A comma only ever separates thousands in groups of three, so `2048,5` —
 * a decimal comma — is refused with a message instead of becoming 20,485.
 *
 * TODO(issue 12): switch to the shared `parseNumberText` of src/functions/arguments.ts when it lands,
 * so the CLI, the pane and the functions read text numbers alike.
 */

/** The number, or why the text is not one (a sentence fragment, without the option's name). */
export type TypedNumber = { value: number } | { problem: string };

const PLAIN = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const THOUSANDS = /^[+-]?\d{1,3}(,\d{3})+(\.\d*)?$/;

/**
 * @example readTypedNumber("5,000") // { value: 5000 }
 * @example readTypedNumber("2048,5") // { problem: '"2048,5" is not a number: …' }
 */
export function readTypedNumber(text: string): TypedNumber {
  const trimmed = text.trim();
  if (PLAIN.test(trimmed)) return finite(Number(trimmed), text);
  if (THOUSANDS.test(trimmed)) return finite(Number(trimmed.replace(/,/g, "")), text);
  if (trimmed.includes(",")) {
    const decimal = /^[+-]?\d+,\d+$/.test(trimmed) ? `; for a decimal write ${trimmed.replace(",", ".")}` : "";
    return { problem: `${JSON.stringify(text)} is not a number: a comma may only separate thousands in groups of three (5,000)${decimal}` };
  }
  return { problem: `${JSON.stringify(text)} is not a number` };
}

function finite(value: number, text: string): TypedNumber {
  return Number.isFinite(value) ? { value } : { problem: `${JSON.stringify(text)} is too large a number` };
}
