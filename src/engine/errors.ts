/**
 * The one error type of the project. The engine and the argument layer throw it; each edge
 * translates it once: `CustomFunctions.Error` in Excel, `#VALUE! message` text in the CLI.
 *
 * Excel shows the message only for #VALUE! and #N/A, so argument problems are #VALUE! and
 * "no such data" is #N/A; #NUM! is kept for a result that would not be a finite number.
 */
export type SizingErrorCode = "#VALUE!" | "#N/A" | "#NUM!";

export class SizingError extends Error {
  constructor(
    readonly code: SizingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "SizingError";
  }

  /** What a cell (and `exsize eval`) shows: `#VALUE! users must be …`. */
  override toString(): string {
    return `${this.code} ${this.message}`;
  }
}

export function isSizingError(value: unknown): value is SizingError {
  return value instanceof SizingError;
}
