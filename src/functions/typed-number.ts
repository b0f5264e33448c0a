/**
 * A number as a person typed it on the command line, read by the functions' own
 * `parseNumberText` (src/functions/arguments.ts), so the CLI, the pane and the cells agree: `5000`,
 * `5,000`, `2048.5`, `1,000,000.25`, `1e3`, `60%`. A comma only ever separates thousands in groups of
 * three, so `2048,5` — a decimal comma — is refused with a message instead of becoming 20,485.
 */
import { parseNumberText, pointedThousands } from "./arguments";

/** The number, or why the text is not one (a sentence fragment, without the option's name). */
export type TypedNumber = { value: number } | { problem: string };

/** What a number is, where it changes how it is read: a share (0.6 or 60%) takes a percent; nothing else does. */
export interface TypedNumberKind {
  share?: boolean;
}

/** True for text that ends in a percent sign: "60%", "5000 %". */
export const isPercentText = (text: string): boolean => /%\s*$/.test(text);

/**
 * The one reader of a number a person typed, for every option of every command and every text a
 * workbook's cell holds: the functions' own rule, and a percent only for a share — `--users 5000%` is
 * no count of 50 users.
 * @example readTypedNumber("5,000") // { value: 5000 }
 * @example readTypedNumber("2048,5") // { problem: '"2048,5" is not a number: …; for a decimal write 2048.5' }
 * @example readTypedNumber("5000%") // { problem: '"5000%" is a percent, which only a share takes' }
 */
export function readTypedNumber(text: string, kind: TypedNumberKind = {}): TypedNumber {
  const value = parseNumberText(text);
  if (value !== undefined && isPercentText(text) && !kind.share) return { problem: `${JSON.stringify(text)} is a percent, which only a share takes; write the number itself` };
  if (value !== undefined) return { value };
  const trimmed = text.trim();
  if (trimmed.includes(",")) {
    const decimal = /^[+-]?\d+,\d+%?$/.test(trimmed) ? `; for a decimal write ${trimmed.replace(",", ".")}` : "";
    return { problem: `${JSON.stringify(text)} is not a number: a comma may only separate thousands in groups of three (5,000)${decimal}` };
  }
  const pointed = pointedThousands(text);
  return { problem: `${JSON.stringify(text)} is not a number${pointed === undefined ? "" : ` — a point before three digits is ambiguous: ${pointed}`}` };
}
