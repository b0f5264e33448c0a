/**
 * The add-in's custom-functions namespace (manifest.xml `Functions.Namespace`, functions.json):
 * Excel shows `=EXSIZE.EX_DBSIZE(…)` and a saved file stores `_xldudf_EXSIZE_EX_DBSIZE(…)`
 * (docs/custom-functions-in-files.md). Every reader and writer of formulas takes it from here.
 */
export const CUSTOM_FUNCTION_NAMESPACE = "EXSIZE";

/** The prefix a saved .xlsx puts before each of the add-in's functions. */
export const STORED_FUNCTION_PREFIX = `_xldudf_${CUSTOM_FUNCTION_NAMESPACE}_`;
