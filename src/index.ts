/**
 * The package's main entry, for Node: the five worksheet functions with Excel's argument order,
 * each returning what the cell would show (a number, a text, or a SizingError value).
 */
export * from "./functions";
/** One design, sized once: `sizeDesign(inputs)` gives every figure the workbook, the CLI and the pane show. */
export { sizeDesign, methodOf, REFERENCE_DESIGN_INPUTS, SCENARIO_WORDS, DEFAULT_SERVER, type Design, type DesignTables, type WorkbookInputs, type SizingMethod, type MethodChoice } from "./engine/design";
