/** The worksheet functions for Node: `require('exchange-storage-sizing')` gives these. */
export { EX_ARRAYS, EX_DBSIZE, EX_FAILOVER, EX_IOPS, EX_JETSTRESS, EX_LOGVOL, EX_SERVER, EX_SPINDLES, type CellResult } from "./worksheet";
export { SizingError } from "../engine";
