/**
 * `exsize design [--users N --quota MB --messages N --message-kb KB --copies N --max-db GB]
 *   --out FILE.xlsx [--customer]` — placeholder until the workbook writer lands.
 */
export interface CommandOutput {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

export async function runDesign(_args: string[], out: CommandOutput): Promise<number> {
  out.stderr("exsize design: not available yet");
  return 2;
}
