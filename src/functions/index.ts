/** The worksheet functions for Node: `require('exchange-storage-sizing')` gives these. */
export { EX_ARRAYS, EX_DBSIZE, EX_FAILOVER, EX_IOPS, EX_LAYOUT, EX_JETSTRESS, EX_LOGVOL, EX_SERVER, EX_SPINDLES, type CellResult, type CellMatrix } from "./worksheet";
export { SizingError } from "../engine";
export { EX_MS_DATABASES, EX_MS_DISKS, EX_MS_IOPS, EX_MS_MAILBOX, EX_MS_REPLICATION, EX_MS_SERVER } from "./worksheet";
