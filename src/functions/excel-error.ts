/**
 * A SizingError becomes a thrown CustomFunctions.Error, as the custom-functions docs ("Handle and
 * return errors from your custom function") do for bad input; a number or text is the cell's value.
 * Excel shows the message for #VALUE! and #N/A only; #NUM! keeps it for the debugger's sake.
 */
import { SizingError } from "../engine";
import type { CellResult } from "./worksheet";

export function toExcel(value: CellResult): number | string {
  if (!(value instanceof SizingError)) return value;
  const code =
    value.code === "#N/A"
      ? CustomFunctions.ErrorCode.notAvailable
      : value.code === "#NUM!"
        ? CustomFunctions.ErrorCode.invalidNumber
        : CustomFunctions.ErrorCode.invalidValue;
  throw new CustomFunctions.Error(code, value.message);
}
