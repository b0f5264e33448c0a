/** The worksheet functions for Node: `require('exchange-storage-sizing')` gives these. */
export { EX_ARRAYS, EX_DBSIZE, EX_IOPS, EX_LOGVOL, EX_SPINDLES, type CellResult } from "./worksheet";
export { SizingError } from "../engine";
