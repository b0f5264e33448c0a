/**
 * Numbers as Excel's General format writes them, which is also what Excel's "&" concatenation
 * prints: 15 significant digits, no trailing zeros. Here in the engine so the engine's own texts
 * (the Jetstress reason) read as a person writes them and as the native formula's "&" prints them;
 * the formula evaluator (src/formula/values.ts) uses the same function.
 */

/** Excel keeps 15 significant digits. An integer below 1e15 has no more (and -0 becomes 0, as toPrecision makes it). */
export const roundTo15 = (n: number): number => (Number.isInteger(n) && Math.abs(n) < 1e15 ? n + 0 : Number(n.toPrecision(15)));

/**
 * A number as a General-format cell shows it at full precision: 15 significant digits, no
 * trailing zeros, no exponent from 1e-9 up to 1e15 (every size, count and rate here), and
 * Excel's own exponent form outside that: 1.23456789012346E+15, 1E-10.
 * @example formatGeneral(1265.5088028870) // "1265.508802887"
 * @example formatGeneral(0.1 + 0.2) // "0.3"
 */
export function formatGeneral(n: number): string {
  if (n === 0 || Object.is(n, -0)) return "0";
  const rounded = roundTo15(n);
  const magnitude = Math.abs(rounded);
  // Near the largest double, 15 digits round past it (1.79769313486232E+308 is Infinity as a
  // number): the digits then come from the number itself, as Excel prints them.
  if (!Number.isFinite(rounded)) {
    const [mantissa, exponent] = n.toExponential(14).split("e");
    return `${mantissa.replace(/\.?0+$/, "")}E+${String(Math.abs(Number(exponent))).padStart(2, "0")}`;
  }
  if (magnitude >= 1e15 || magnitude < 1e-9) {
    const [mantissa, exponent] = rounded.toExponential(14).split("e");
    const digits = mantissa.replace(/\.?0+$/, "");
    const power = Number(exponent);
    return `${digits}E${power < 0 ? "-" : "+"}${String(Math.abs(power)).padStart(2, "0")}`;
  }
  const decimals = Math.min(100, Math.max(0, 14 - Math.floor(Math.log10(magnitude))));
  const fixed = rounded.toFixed(decimals);
  return fixed.includes(".") ? fixed.replace(/\.?0+$/, "") : fixed;
}

const GROUPED = new Map<number, Intl.NumberFormat>();

/**
 * x as en-US writes it, with thousands separators and at most `decimals` decimals ("1,234.5"): what
 * toLocaleString("en-US", …) gives, from one cached formatter a precision — toLocaleString builds
 * one a call, which cost sizeDesign a tenth of its time in messages of refused designs.
 */
export function grouped(x: number, decimals = 3): string {
  let format = GROUPED.get(decimals);
  if (format === undefined) {
    format = new Intl.NumberFormat("en-US", { maximumFractionDigits: decimals });
    GROUPED.set(decimals, format);
  }
  return format.format(x);
}

/**
 * grouped as formula text: a number as text with thousands separators, in the workbook's one number style (5,000; 2,048.5;
 * 100,000,000), for a number a text formula joins ("5,000 users · 2,048 MB quota"). Built of the
 * functions every program and our evaluator read alike (TEXT's formats differ between programs);
 * below a billion, decimals to six places, as Excel's General shows a typed value.
 */
export function groupedFormula(x: string): string {
  const six = (e: string) => `ROUND(${e},6)`;
  const pad = (e: string) => `IF(${e}<10,"00",IF(${e}<100,"0",""))&${e}`;
  const thousands = `ROUNDDOWN(${x}/1000,0)`;
  const millions = `ROUNDDOWN(${x}/1000000,0)`;
  const units = six(`${x}-1000*${thousands}`);
  const middle = `(${thousands}-1000*${millions})`;
  return `IF(ABS(${x})<1000,${six(x)}&"",IF(${x}<1000000,${thousands}&","&${pad(units)},${millions}&","&${pad(middle)}&","&${pad(units)}))`;
}

/** A number in whole units, grouped: groupedFormula of the number rounded half up (GB a volume, a restore volume). */
export const wholeGroupedFormula = (x: string): string => groupedFormula(`ROUND(${x},0)`);
