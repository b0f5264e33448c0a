/**
 * What both writers (src/cli/xlsx-writer.ts, src/taskpane/excel-writer.ts) draw alike: the colours
 * of highlights and the print margins. One table here, so the file and the pane cannot differ.
 */
import type { Highlight } from "./model";

/**
 * Highlight tones as RGB hex without "#": Excel's own "Light red fill with dark red text" and "Green
 * fill with dark green text" presets; activation preferences as the calculator's Distribution sheet
 * tints them (the active copy green, then blue, yellow, grey).
 */
export const HIGHLIGHT_TONES: Readonly<Record<Highlight["tone"], { fill: string; font: string }>> = {
  bad: { fill: "FFC7CE", font: "9C0006" },
  good: { fill: "C6EFCE", font: "006100" },
  preference1: { fill: "C6EFCE", font: "006100" },
  preference2: { fill: "DDEBF7", font: "1F3864" },
  preference3: { fill: "FFF2CC", font: "7F6000" },
  preference4: { fill: "EDEDED", font: "404040" },
};

/** Print margins in inches: narrow at the sides so the template's columns fit one page wide. */
export const PRINT_MARGINS_INCHES = { left: 0.5, right: 0.5, top: 0.75, bottom: 0.75, header: 0.3, footer: 0.3 } as const;
