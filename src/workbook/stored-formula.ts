/**
 * How a custom-function formula is written inside an .xlsx file. A user types
 * `=EXSIZE.EX_DBSIZE(…)` in Excel with the add-in; the file stores `_xldudf_EXSIZE_EX_DBSIZE(…)`
 * (`_xldudf_<NAMESPACE>_<NAME>`, issue 3's brief; see docs/custom-functions-in-files.md), with no
 * leading "=". Pure text work, usable in Node and in the browser.
 */

import { CUSTOM_FUNCTION_NAMESPACE, STORED_FUNCTION_PREFIX as STORED_PREFIX } from "../functions/namespace";

export { CUSTOM_FUNCTION_NAMESPACE };

/**
 * Apply `replace` to the parts of a formula outside "text" literals and 'quoted sheet' names,
 * so a string that happens to contain "EXSIZE." is left alone.
 */
function outsideQuotes(formula: string, replace: (code: string) => string): string {
  let out = "";
  let code = "";
  for (let i = 0; i < formula.length; i++) {
    const quote = formula[i];
    if (quote !== '"' && quote !== "'") {
      code += formula[i];
      continue;
    }
    out += replace(code);
    code = "";
    let j = i + 1;
    for (; j < formula.length; j++) {
      if (formula[j] === quote) {
        if (formula[j + 1] === quote) j++; // doubled quote inside the literal
        else break;
      }
    }
    out += formula.slice(i, j + 1);
    i = j;
  }
  return out + replace(code);
}

/** `=EXSIZE.EX_DBSIZE(Users,…)` → `_xldudf_EXSIZE_EX_DBSIZE(Users,…)`: the text of a file's `<f>`. */
export function toStoredFormula(formula: string): string {
  const body = formula.startsWith("=") ? formula.slice(1) : formula;
  const typed = new RegExp(`(^|[^A-Za-z0-9_.])${CUSTOM_FUNCTION_NAMESPACE}\\.`, "gi");
  return outsideQuotes(body, (code) => code.replace(typed, `$1${STORED_PREFIX}`));
}

/** `_xldudf_EXSIZE_EX_DBSIZE(…)` → `=EXSIZE.EX_DBSIZE(…)`: what a user would type. */
export function fromStoredFormula(stored: string): string {
  const prefix = new RegExp(STORED_PREFIX, "gi");
  return "=" + outsideQuotes(stored.startsWith("=") ? stored.slice(1) : stored, (code) => code.replace(prefix, `${CUSTOM_FUNCTION_NAMESPACE}.`));
}

/** Does a formula (stored or typed form) call one of the add-in's functions? */
export function callsCustomFunction(formula: string): boolean {
  const pattern = new RegExp(`${STORED_PREFIX}|(^|[^A-Za-z0-9_])${CUSTOM_FUNCTION_NAMESPACE}\\.`, "i");
  let found = false;
  outsideQuotes(formula, (code) => {
    if (pattern.test(code)) found = true;
    return code;
  });
  return found;
}
