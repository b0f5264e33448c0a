/**
 * How a custom-function formula is written inside an .xlsx file. A user types
 * `=EXSIZE.EX_DBSIZE(…)` in Excel with the add-in; the file stores `_xldudf_EXSIZE_EX_DBSIZE(…)`
 * (`_xldudf_<NAMESPACE>_<NAME>`; see docs/custom-functions-in-files.md), with no
 * leading "=". Pure text work, usable in Node and in the browser.
 */

import { CUSTOM_FUNCTION_NAMESPACE, STORED_FUNCTION_PREFIX as STORED_PREFIX } from "../functions/namespace";

export { CUSTOM_FUNCTION_NAMESPACE };

/**
 * Apply `replace` to the parts of a formula outside "text" literals and 'quoted sheet' names,
 * so a string that happens to contain "EXSIZE." is left alone.
 */
export function outsideQuotes(formula: string, replace: (code: string) => string): string {
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

/**
 * A call of one of the add-in's functions, as typed (`EXSIZE.EX_DBSIZE(`) or as stored
 * (`_xldudf_EXSIZE_EX_DBSIZE(`): the namespace, then a function whose id starts `EX_`, then "(".
 * Nothing else is ours: a user's defined name `EXSIZE.Budget`, another add-in's `_xldudf_OTHER_X(`
 * or `MYEXSIZE.F(` are left alone. Group 1 is what precedes the call, group 2 the prefix, group 3
 * the function id.
 */
const callPattern = (flags: string): RegExp =>
  new RegExp(`(^|[^A-Za-z0-9_])(${CUSTOM_FUNCTION_NAMESPACE}\\.|${STORED_PREFIX})(EX_[A-Za-z0-9_]+)(?=\\s*\\()`, flags);

/** `=EXSIZE.EX_DBSIZE(Users,…)` → `_xldudf_EXSIZE_EX_DBSIZE(Users,…)`: the text of a file's `<f>`. */
export function toStoredFormula(formula: string): string {
  const body = formula.startsWith("=") ? formula.slice(1) : formula;
  return outsideQuotes(body, (code) => code.replace(callPattern("gi"), (_, before: string, _prefix: string, id: string) => `${before}${STORED_PREFIX}${id}`));
}

/** `_xldudf_EXSIZE_EX_DBSIZE(…)` → `=EXSIZE.EX_DBSIZE(…)`: what a user would type. */
export function fromStoredFormula(stored: string): string {
  const body = stored.startsWith("=") ? stored.slice(1) : stored;
  return "=" + outsideQuotes(body, (code) => code.replace(callPattern("gi"), (_, before: string, _prefix: string, id: string) => `${before}${CUSTOM_FUNCTION_NAMESPACE}.${id}`));
}

/** Does a formula (stored or typed form) call one of the add-in's functions? */
export function callsCustomFunction(formula: string): boolean {
  const pattern = callPattern("i");
  let found = false;
  outsideQuotes(formula, (code) => {
    if (pattern.test(code)) found = true;
    return code;
  });
  return found;
}

/**
 * A formula as a comparison key, so that what Excel saved and what the template wrote compare equal
 * when they are the same formula: no leading "=", no whitespace, names and functions in upper case,
 * Excel's `_xlfn.` prefixes dropped, our functions in their typed form. "Text" literals and
 * 'quoted sheet' names are kept as written.
 * @example formulaKey("=exsize.ex_iops( Users, 150 )") === formulaKey("_xldudf_EXSIZE_EX_IOPS(Users,150)") // true
 */
export function formulaKey(formula: string): string {
  const body = formula.trim().startsWith("=") ? formula.trim().slice(1) : formula.trim();
  return outsideQuotes(body, (code) =>
    code
      .replace(/\s+/g, "")
      .toUpperCase()
      .replace(/(^|[^A-Z0-9_.])_XLFN\.(?:_XLWS\.)?/g, "$1")
      .replace(callPattern("gi"), (_, before: string, _prefix: string, id: string) => `${before}${CUSTOM_FUNCTION_NAMESPACE}.${id}`),
  );
}
