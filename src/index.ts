/**
 * The package's main entry, for Node: the five worksheet functions with Excel's argument order,
 * each returning what the cell would show (a number, a text, or a SizingError value).
 */
export * from "./functions";
