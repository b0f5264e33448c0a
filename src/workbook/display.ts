/**
 * How the workbook shows a figure, one place for every sheet: a formula from its expression, "—" where a
 * method lacks the figure, a blank where a row is empty or a figure does not apply, a text where an error
 * would show, the yes/no words of a verdict. The sheets (src/workbook/sheets) are layouts: they place these
 * and the rules' own formulas (src/workbook/formulas, src/engine), and write no Excel of their own.
 */

/** What a cell shows for a figure a method lacks (never an error in a workbook). */
export const DASH = "—";

/** A text as a formula writes it: quoted, its own quotes doubled. */
export const text = (words: string): string => `"${words.replace(/"/g, '""')}"`;

/** A cell's formula: its expression after "=". */
export const formula = (expression: string): string => `=${expression}`;

/** The figure, or "—" where it is an error (the method cannot size it). */
export const dashOnError = (expression: string): string => `IFERROR(${expression},"${DASH}")`;

/** The figure, or `words` where it is an error. */
export const wordsOnError = (expression: string, words: string): string => `IFERROR(${expression},${text(words)})`;

/** The figure, or `fallback` (an expression) where it is an error. */
export const orOnError = (expression: string, fallback: string): string => `IFERROR(${expression},${fallback})`;

/** The figure where `cell` is a number, else "—". */
export const dashUnlessNumber = (cell: string, expression = cell): string => `IF(ISNUMBER(${cell}),${expression},"${DASH}")`;

/** The figure where `condition` holds, else "—". */
export const dashUnless = (condition: string, expression: string): string => `IF(${condition},${expression},"${DASH}")`;

/** The figure where `condition` holds, else blank. */
export const blankUnless = (condition: string, expression: string): string => `IF(${condition},${expression},"")`;

/** Blank while `cell` is empty (a row not filled in), else the figure. */
export const blankWhenEmpty = (cell: string, expression: string): string => `IF(${cell}="","",${expression})`;

/** One of two figures or texts (expressions), as `condition` holds. */
export const either = (condition: string, whenTrue: string, whenFalse: string): string => `IF(${condition},${whenTrue},${whenFalse})`;

/** One of two texts, as `condition` holds. */
export const eitherWords = (condition: string, whenTrue: string, whenFalse: string): string => either(condition, text(whenTrue), text(whenFalse));

/** A verdict in words: "yes" where `condition` holds, else "no". */
export const yesNo = (condition: string): string => eitherWords(condition, "yes", "no");

/** A number's words: the singular where it is 1 (`n & " copy"`), else the plural. */
export const countWords = (n: string, one: string, many: string): string => `IF(${n}=1,${text(one)},${text(many)})`;

/** A cell's value as text (an empty cell as "", not 0). */
export const asText = (cell: string): string => `${cell}&""`;

/** Whether a cell holds a number. */
export const isNumber = (cell: string): string => `ISNUMBER(${cell})`;

/** "—" where `condition` holds (the figure is not this method's), else the figure. */
export const dashWhen = (condition: string, expression: string): string => `IF(${condition},"${DASH}",${expression})`;

/** Blank where `condition` holds (the figure is not this method's), else the figure. */
export const blankWhen = (condition: string, expression: string): string => `IF(${condition},"",${expression})`;

/** The figure where every cell is a number, else "—". */
export const dashUnlessNumbers = (cells: readonly string[], expression: string): string => `IF(AND(${cells.map(isNumber).join(",")}),${expression},"${DASH}")`;

/** Blank where the figure is an error (a lookup that finds nothing). */
export const blankOnError = (expression: string): string => `IFERROR(${expression},"")`;

/** Blank while any of `cells` is empty, else the figure. */
export const blankWhenAnyEmpty = (cells: readonly string[], expression: string): string => `IF(OR(${cells.map((c) => `${c}=""`).join(",")}),"",${expression})`;

/** The figure where `cell` is a number, else the cell's own value (its error, or its words). */
export const numberOr = (cell: string, expression: string): string => `IF(ISNUMBER(${cell}),${expression},${cell})`;
