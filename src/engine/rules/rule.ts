/**
 * A sizing rule declared once: its expression, written in Excel's syntax over named operands, is parsed
 * at load (expression.ts) and from that one tree come
 *   - its value: compiled once into plain closures (no tree walked per design, no eval: the add-in's
 *     pages forbid it), with Excel's rounding (excel.ts), so the engine and the workbook agree;
 *   - its Excel formula, over a map from each operand (or any rule's quantity) to a cell or name;
 *   - its words, from the operands' labels, for the Design and Methods sheets.
 * Functions a rule may use: arithmetic and comparisons, IF, AND, OR, NOT, MIN, MAX, ROUND, ROUNDUP,
 * ROUNDDOWN (to 0 places), NA — those every spreadsheet the customer copy opens in recalculates alike;
 * and the engine's own counts of whole units (TOLERANT_FUNCTIONS) and PERMUT, written out in those.
 */
import { SizingError } from "../errors";
import { ceilCountFormula, numberLiteral, provisionFormula } from "../excel-text";
import { excelCeil, excelFloor, excelRound } from "../microsoft/excel";
import { roundTo15 } from "../general-format";
import { ceilCount, provisionGB } from "../rounding";
import { parseExpression, type Expression as FormulaNode, type ExpressionOperator as BinaryOperator } from "./expression";

/** Where a rule's figure comes from: the publisher's tool or paper, and its sheet and cell or table. */
export interface RuleSource {
  publisher: string;
  title: string;
  /** "Role Requirements!C22" or "Table 18". */
  at: string;
}

/**
 * An operand a rule reads: an input (a value each design gives), a factor (the design's, else its
 * default), or a constant of the method (always written as its number).
 */
export type Operand =
  | { kind: "input"; label: string; unit?: string }
  | { kind: "factor"; label: string; unit?: string; default: number }
  | { kind: "constant"; label: string; unit?: string; value: number };

export interface RuleDeclaration {
  /** What the figure is, in words: "Mailbox size on disk". */
  label: string;
  unit: string;
  source: RuleSource;
  /** The expression, Excel's syntax over operand and rule keys; a rule with parameters is called as a function. */
  expression: string;
  /** Names the expression uses for its arguments when another rule calls it: `dumpster(quotaMB)`. */
  parameters?: readonly string[];
}

export type Value = number | boolean;
/** A design's inputs by operand key (and any rule's quantity given instead of computed). */
export type Inputs = Readonly<Record<string, number | boolean>>;
/** The design's factors by key. */
export type Factors = Readonly<Record<string, number>>;
/** A compiled rule: reads the inputs (in the order compiled with) and the factors, returns the figure. */
export type Compiled = (inputs: readonly Value[], factors: Factors) => number;
/** The design's factors by position: every factor operand of the set in its declared order (RuleSet.factorSlots). */
export type FactorSlots = readonly number[];
/** A compiled rule over factors read once a design (RuleSet.factorSlots), not by name each call. */
export type CompiledAt = (inputs: readonly Value[], factors: FactorSlots) => number;
/**
 * A compiled rule's tree reads arrays, not names: the inputs in the order the caller listed them, the
 * factors in slots filled once a call (no keyed load per node).
 */
type Slots = readonly Value[];
type Closure = (inputs: Slots, factors: Slots, args: readonly Value[]) => Value;
/** Where a compiled rule finds each operand: an input by its place in the caller's list, a factor by its slot. */
interface SlotPlan {
  inputs: readonly string[];
  factors: string[];
}

/** Where the workbook has each operand and each quantity it shows: a cell or defined name, as formula text. */
export type References = Readonly<Record<string, string | undefined>>;

export interface Rule extends RuleDeclaration {
  key: string;
  method: string;
  node: FormulaNode;
}

export interface RuleSet<K extends string> {
  readonly method: string;
  readonly operands: Readonly<Record<string, Operand>>;
  readonly rules: Readonly<Record<K, Rule>>;
  /**
   * Compile `key` over `inputs`: the operands (and any rules' quantities, given instead of computed) the
   * caller passes, in this order; each input the rule reads must be listed.
   */
  compile(key: K, inputs: readonly string[]): Compiled;
  /**
   * compile's rule reading its factors by position: `factorSlots` fills them once a design, so a rule
   * called many times a design reads no factor by name.
   */
  compileAt(key: K, inputs: readonly string[]): CompiledAt;
  /** The design's factors in the set's slots, its operands' order: for compileAt's rules. */
  factorSlots(factors: Factors): number[];
  /** The rule's Excel formula (no "="): operands and rules that `references` maps are referenced, other rules inlined. */
  formula(key: K, references: References): string;
  /** The rule in words: "Mailboxes a database × mailbox size on disk ÷ 1,024 × (1 + data overhead)". */
  words(key: K): string;
}

const PRECEDENCE: Record<BinaryOperator, number> = { "=": 1, "<>": 1, "<": 1, ">": 1, "<=": 1, ">=": 1, "+": 3, "-": 3, "*": 4, "/": 4 };
const FUNCTIONS = new Set(["IF", "AND", "OR", "NOT", "MIN", "MAX", "ROUND", "ROUNDUP", "ROUNDDOWN", "NA"]);

/**
 * The papers' counts of whole units (rounding.ts): CEILCOUNT(x) is ceilCount, whole units up with
 * floating-point noise aside (erratum E3), PROVISION(x) provisionGB, whole GB half up. Their formula
 * writes the tolerance out (excel-formulas.ts ceilCountFormula, provisionFormula), so HyperFormula,
 * which rounds the raw double, computes the engine's bits as Excel and LibreOffice do.
 */
const TOLERANT_FUNCTIONS: Readonly<Record<string, { value: (x: number) => number; formula: (x: string) => string; words: string }>> = {
  CEILCOUNT: { value: ceilCount, formula: ceilCountFormula, words: "rounded up" },
  PROVISION: { value: provisionGB, formula: provisionFormula, words: "rounded to whole GB" },
};

/**
 * PERMUT(n, k), the ordered choices of k of n (Role Requirements!C78's PERMUT): a loop in the engine, in a
 * formula the product of its terms, one a copy up to the most a database has (16), as LibreOffice and
 * HyperFormula compute it alike; the same products in the same order, so the same bits.
 */
export const PERMUT_MOST = 16;
function permut(n: number, k: number): number {
  let p = 1;
  for (let i = 0; i < k && i < PERMUT_MOST; i++) p *= n - i;
  return p;
}
const permutFormula = (n: string, k: string): string => ["1", ...Array.from({ length: PERMUT_MOST }, (_, i) => `IF(${k}>=${i + 1},${n}-${i},1)`)].join("*");

/** Declare a method's rules: each expression parsed and checked here, at load, so a mistyped operand never reaches a design. */
export function defineRuleSet<K extends string>(method: string, operands: Readonly<Record<string, Operand>>, declarations: Readonly<Record<K, RuleDeclaration>>): RuleSet<K> {
  const rules = {} as Record<K, Rule>;
  const byUpper = new Map<string, K>();
  for (const key of Object.keys(declarations) as K[]) {
    if (key in operands) throw new Error(`rule ${key} of ${method} has an operand's name`);
    rules[key] = { ...declarations[key], key, method, node: parseExpression(declarations[key].expression) };
    byUpper.set(key.toUpperCase(), key);
  }
  const ruleOf = (name: string) => byUpper.get(name.toUpperCase());
  const ruleNamed = (name: string) => {
    const key = ruleOf(name);
    return key === undefined ? undefined : rules[key];
  };
  const FACTOR_KEYS = Object.keys(operands).filter((name) => operands[name].kind === "factor");
  for (const rule of Object.values(rules) as Rule[]) check(rule, rule.node, new Set(rule.parameters ?? []), operands, ruleNamed, [rule.key]);

  function compileNode(node: FormulaNode, params: readonly string[], seen: string[], plan: SlotPlan, bound: Bindings = NO_BINDINGS): Closure {
    switch (node.kind) {
      case "number": {
        const v = node.value;
        return () => v;
      }
      case "boolean": {
        const v = node.value;
        return () => v;
      }
      case "name": {
        const name = node.name;
        const leaf = bound.get(name);
        if (leaf !== undefined) return asClosure(leaf);
        const p = params.indexOf(name);
        if (p >= 0) return (_i, _f, args) => args[p];
        const operand = operands[name];
        if (operand?.kind === "constant") {
          const v = operand.value;
          return () => v;
        }
        if (operand?.kind === "factor") {
          let k = plan.factors.indexOf(name);
          if (k < 0) k = plan.factors.push(name) - 1;
          return (_i, f) => f[k];
        }
        const k = plan.inputs.indexOf(name);
        if (k >= 0) return (i) => i[k];
        if (operand?.kind === "input") throw new Error(`${method}: ${seen[0]} reads ${name}, which its inputs do not list`);
        // Compiled without parameters, the rule reads no arguments: its closure serves as it is.
        return compileNode(rules[ruleOf(name)!].node, [], [...seen, name], plan);
      }
      case "negate": {
        const x = compileNode(node.operand, params, seen, plan, bound);
        return (i, f, a) => -(x(i, f, a) as number);
      }
      case "binary": {
        const [l, r] = [node.left, node.right].map((side) => leafOf(side, params, plan, bound) ?? compileNode(side, params, seen, plan, bound));
        return arithmetic(node.operator, l, r) ?? binary(node.operator, asClosure(l), asClosure(r));
      }
      case "call": {
        const called = ruleOf(node.name);
        if (called !== undefined) {
          // Arguments that are each a number, an input or a factor are bound in the body as they are: it reads them
          // in place, as arithmetic reads its leaves, with no array of arguments.
          const leaves = node.args.map((arg) => leafOf(arg, params, plan, bound));
          const names = rules[called].parameters ?? [];
          if (leaves.every((leaf) => leaf !== undefined)) return compileNode(rules[called].node, [], [...seen, called], plan, new Map(names.map((name, k) => [name, leaves[k] as Leaf])));
        }
        const args = node.args.map((arg) => compileNode(arg, params, seen, plan, bound));
        if (called !== undefined) {
          const body = compileNode(rules[called].node, rules[called].parameters ?? [], [...seen, called], plan);
          // The arguments' values in one array of this call's own, filled each call: no rule reaches itself, so
          // nothing fills it again while its body reads it, and a design allocates nothing for it.
          const values: Value[] = args.map(() => 0);
          if (args.length === 1) {
            const [x] = args;
            return (i, f, a) => {
              values[0] = x(i, f, a);
              return body(i, f, values);
            };
          }
          return (i, f, a) => {
            for (let k = 0; k < args.length; k++) values[k] = args[k](i, f, a);
            return body(i, f, values);
          };
        }
        return call(node.name, args, method);
      }
      default:
        throw new Error(`${method}: a rule cannot hold ${JSON.stringify(node)}`);
    }
  }

  /** A number, or an input's or a factor's place, where `node` is one: arithmetic reads it without a closure. */
  function leafOf(node: FormulaNode, params: readonly string[], plan: SlotPlan, bound: Bindings = NO_BINDINGS): Leaf | undefined {
    if (node.kind === "number") return { from: CONSTANT, k: 0, value: node.value };
    if (node.kind === "negate" && node.operand.kind === "number") return { from: CONSTANT, k: 0, value: -node.operand.value };
    if (node.kind !== "name") return undefined;
    const leaf = bound.get(node.name);
    if (leaf !== undefined) return leaf;
    if (params.includes(node.name)) return undefined;
    const operand = operands[node.name];
    if (operand?.kind === "constant") return { from: CONSTANT, k: 0, value: operand.value };
    if (operand?.kind === "factor") {
      let k = plan.factors.indexOf(node.name);
      if (k < 0) k = plan.factors.push(node.name) - 1;
      return { from: FACTOR, k, value: 0 };
    }
    const k = plan.inputs.indexOf(node.name);
    return k >= 0 ? { from: INPUT, k, value: 0 } : undefined;
  }

  function render(node: FormulaNode, references: References, params: ReadonlyMap<string, string>): string {
    switch (node.kind) {
      case "number":
        return numberLiteral(node.value);
      case "boolean":
        return node.value ? "TRUE()" : "FALSE()";
      case "name": {
        const bound = params.get(node.name);
        if (bound !== undefined) return bound;
        const operand = operands[node.name];
        if (operand?.kind === "constant") return numberLiteral(operand.value);
        const ref = references[node.name];
        if (ref !== undefined) return wrap(ref);
        if (operand?.kind === "factor") return numberLiteral(operand.default);
        if (operand?.kind === "input") throw new Error(`${method}: no cell given for ${node.name}`);
        // A rule written in place: bare, its caller parenthesizes it by its top operator (shown), as any expression.
        return render(rules[ruleOf(node.name)!].node, references, new Map());
      }
      case "negate":
        return `-${atom(node.operand, references, params)}`;
      case "binary": {
        const p = PRECEDENCE[node.operator];
        const side = (child: FormulaNode, right: boolean) => {
          const text = render(child, references, params);
          const top = shown(child, references, params);
          const q = top.kind === "binary" ? PRECEDENCE[top.operator] : 9;
          return q < p || (right && q === p) ? `(${text})` : text;
        };
        return `${side(node.left, false)}${node.operator}${side(node.right, true)}`;
      }
      case "call": {
        const args = node.args.map((arg) => render(arg, references, params));
        const called = ruleOf(node.name);
        if (called !== undefined) {
          const names = rules[called].parameters ?? [];
          return `(${render(rules[called].node, references, new Map(names.map((name, k) => [name, wrap(args[k])])))})`;
        }
        const tolerant = TOLERANT_FUNCTIONS[node.name];
        if (tolerant !== undefined) return tolerant.formula(args[0]);
        if (node.name === "PERMUT") return permutFormula(wrap(args[0]), wrap(args[1]));
        return `${node.name}(${args.join(",")})`;
      }
      default:
        throw new Error(`${method}: a rule cannot hold ${JSON.stringify(node)}`);
    }
  }

  function atom(node: FormulaNode, references: References, params: ReadonlyMap<string, string>): string {
    const text = render(node, references, params);
    return shown(node, references, params).kind === "binary" ? `(${text})` : text;
  }

  /** The node whose text stands for `node` in a formula: a rule written in place is its own expression's top. */
  function shown(node: FormulaNode, references: References, params: ReadonlyMap<string, string>): FormulaNode {
    if (node.kind !== "name" || params.has(node.name) || operands[node.name] !== undefined || references[node.name] !== undefined) return node;
    const rule = ruleOf(node.name);
    return rule === undefined ? node : shown(rules[rule].node, references, new Map());
  }

  function say(node: FormulaNode, params: readonly string[]): string {
    switch (node.kind) {
      case "number":
        return node.value.toLocaleString("en-US", { maximumFractionDigits: 15 });
      case "boolean":
        return node.value ? "true" : "false";
      case "name": {
        if (params.includes(node.name)) return node.name;
        const operand = operands[node.name];
        if (operand !== undefined) return operand.label;
        return inSentence(rules[ruleOf(node.name)!].label);
      }
      case "negate":
        return `−${sayAtom(node.operand, params)}`;
      case "binary": {
        const p = PRECEDENCE[node.operator];
        const side = (child: FormulaNode, right: boolean) => {
          const text = say(child, params);
          const q = child.kind === "binary" ? PRECEDENCE[child.operator] : 9;
          return q < p || (right && q === p && (node.operator === "-" || node.operator === "/")) ? `(${text})` : text;
        };
        return `${side(node.left, false)} ${WORD_OPERATORS[node.operator]} ${side(node.right, true)}`;
      }
      case "call": {
        const args = node.args.map((arg) => say(arg, params));
        const called = ruleOf(node.name);
        if (called !== undefined) return `${inSentence(rules[called].label)} of ${args.join(", ")}`;
        switch (node.name) {
          case "IF":
            return `${args[1]} if ${args[0]}, else ${args[2]}`;
          case "ROUNDUP":
            return `${sayAtom(node.args[0], params)} rounded up`;
          case "ROUNDDOWN":
            return `${sayAtom(node.args[0], params)} rounded down`;
          case "ROUND":
            return `${sayAtom(node.args[0], params)} rounded`;
          case "MIN":
            return `the smaller of ${args.join(" and ")}`;
          case "MAX":
            return `the larger of ${args.join(" and ")}`;
          case "AND":
            return args.join(" and ");
          case "OR":
            return args.join(" or ");
          case "NOT":
            return `not ${args[0]}`;
          case "NA":
            return "none";
          case "PERMUT":
            return `the orders of ${args[1]} of ${args[0]}`;
          case "CEILCOUNT":
          case "PROVISION":
            return `${sayAtom(node.args[0], params)} ${TOLERANT_FUNCTIONS[node.name].words}`;
          default:
            return `${node.name}(${args.join(", ")})`;
        }
      }
      default:
        return "";
    }
  }

  function sayAtom(node: FormulaNode, params: readonly string[]): string {
    const text = say(node, params);
    return node.kind === "binary" || node.kind === "call" ? `(${text})` : text;
  }

  const rendered = new Map<string, string>();
  return {
    method,
    operands,
    rules,
    compile(key, inputs) {
      // A rule's parameters, compiled on its own, are inputs like any other.
      const plan: SlotPlan = { inputs, factors: [] };
      const closure = compileNode(rules[key].node, [], [key], plan);
      const names = plan.factors;
      const count = names.length;
      return (values, factors) => {
        const slots: number[] = [];
        for (let k = 0; k < count; k++) slots.push(factors[names[k]]);
        return closure(values, slots, NO_ARGUMENTS) as number;
      };
    },
    compileAt(key, inputs) {
      // The plan starts with every factor of the set in its slot, so each rule's slots are the set's.
      const plan: SlotPlan = { inputs, factors: [...FACTOR_KEYS] };
      // A rule compiled without parameters reads no arguments: its closure is the compiled rule.
      return compileNode(rules[key].node, [], [key], plan) as CompiledAt;
    },
    factorSlots(factors) {
      const slots: number[] = [];
      for (const name of FACTOR_KEYS) slots.push(factors[name]);
      return slots;
    },
    formula(key, references) {
      // A sheet writes the same rule over the same cells for every design: rendered once, read back after.
      const memo = `${key}\u0000${referencesKey(references)}`;
      let text = rendered.get(memo);
      if (text === undefined) {
        text = render(rules[key].node, references, new Map());
        if (rendered.size >= MAX_RENDERED) rendered.clear();
        rendered.set(memo, text);
      }
      return text;
    },
    words: (key) => say(rules[key].node, rules[key].parameters ?? []),
  };
}

/** The most rendered formulas a rule set keeps. */
const MAX_RENDERED = 20_000;
/** A map of references as one string, its entries in their order (the caller's object literal writes them alike each time). */
function referencesKey(references: References): string {
  let key = "";
  for (const name in references) {
    const ref = references[name];
    if (ref !== undefined) key += `${name}\u0001${ref}\u0002`;
  }
  return key;
}

/** A label within a sentence: its first word in lower case unless an acronym ("A DAG" → "a DAG", "IOPS per mailbox" stays). */
const inSentence = (label: string): string => label.replace(/^[^\s]+/, (word) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase()));

const WORD_OPERATORS: Record<BinaryOperator, string> = { "+": "+", "-": "−", "*": "×", "/": "÷", "=": "=", "<>": "≠", "<": "<", ">": ">", "<=": "≤", ">=": "≥" };

/** A cell, name or call stays as it is; anything with an operator at its top is parenthesised. */
function wrap(text: string): string {
  return /^[$A-Za-z0-9_.!']+$/.test(text) || isCall(text) ? text : `(${text})`;
}

/** A call whose parenthesis closes at the text's end, IF(…,…): an atom already (strings' parentheses aside). */
function isCall(text: string): boolean {
  const name = /^[A-Za-z_.]+\(/.exec(text);
  if (name === null || !text.endsWith(")")) return false;
  let depth = 0;
  let quoted = false;
  for (let k = name[0].length - 1; k < text.length; k++) {
    const ch = text[k];
    if (ch === '"') quoted = !quoted;
    else if (quoted) continue;
    else if (ch === "(") depth++;
    else if (ch === ")" && --depth === 0) return k === text.length - 1;
  }
  return false;
}

/** Every name an operand, a parameter or a rule; only the functions above; no rule reached again from itself. */
function check(rule: Rule, node: FormulaNode, params: ReadonlySet<string>, operands: Readonly<Record<string, Operand>>, ruleOf: (name: string) => Rule | undefined, path: readonly string[]): void {
  const fail = (why: string): never => {
    throw new Error(`rule ${rule.key} of ${rule.method}: ${why}`);
  };
  const within = (other: Rule | undefined, name: string): void => {
    if (other === undefined) return fail(`${name} is neither an operand nor a rule`);
    if (path.includes(other.key)) return fail(`${name} depends on itself`);
    check(other, other.node, new Set(other.parameters ?? []), operands, ruleOf, [...path, other.key]);
  };
  switch (node.kind) {
    case "number":
    case "boolean":
      return;
    case "name":
      if (params.has(node.name) || node.name in operands) return;
      return within(ruleOf(node.name), node.name);
    case "negate":
      return check(rule, node.operand, params, operands, ruleOf, path);
    case "binary":
      check(rule, node.left, params, operands, ruleOf, path);
      return check(rule, node.right, params, operands, ruleOf, path);
    case "call": {
      const called = ruleOf(node.name);
      if (called === undefined && !FUNCTIONS.has(node.name) && !(node.name in TOLERANT_FUNCTIONS) && node.name !== "PERMUT") fail(`${node.name} is not a function rules may use`);
      if (node.name === "PERMUT" && node.args.length !== 2) fail("PERMUT takes two arguments");
      if (called !== undefined) within(called, node.name);
      if (["ROUND", "ROUNDUP", "ROUNDDOWN"].includes(node.name) && !(node.args[1]?.kind === "number" && node.args[1].value === 0)) fail(`${node.name} rounds to 0 places only`);
      if (node.name in TOLERANT_FUNCTIONS && node.args.length !== 1) fail(`${node.name} takes one argument`);
      for (const arg of node.args) check(rule, arg, params, operands, ruleOf, path);
      return;
    }
    default:
      fail(`it cannot hold ${JSON.stringify(node)}`);
  }
}

const NO_ARGUMENTS: readonly Value[] = [];
/** A rule's parameters bound to its caller's leaves (compileNode): read in place. */
type Bindings = ReadonlyMap<string, Leaf>;
const NO_BINDINGS: Bindings = new Map();
const truthy = (v: Value) => v === true || (typeof v === "number" && v !== 0);
/** Excel's ROUNDUP and ROUNDDOWN go away from and toward zero; ROUND halves away from zero. */
const roundUp = (x: number) => (x < 0 ? -excelCeil(-x) : excelCeil(x));
const roundDown = (x: number) => (x < 0 ? -excelFloor(-x) : excelFloor(x));
const round = (x: number) => (x < 0 ? -excelRound(-x) : excelRound(x));

/**
 * An operand of arithmetic read in place — a number, an input or a factor — so the tree calls no closure
 * for it (one shape, so reading it stays monomorphic).
 */
interface Leaf {
  from: typeof CONSTANT | typeof INPUT | typeof FACTOR;
  k: number;
  value: number;
}
const [CONSTANT, INPUT, FACTOR] = [0, 1, 2] as const;
const isLeaf = (x: Leaf | Closure): x is Leaf => typeof x !== "function";
const read = (leaf: Leaf, i: Slots, f: Slots): number => (leaf.from === CONSTANT ? leaf.value : leaf.from === INPUT ? (i[leaf.k] as number) : (f[leaf.k] as number));
/** A leaf as a closure of its own kind, so the closure tests nothing when it reads. */
function asClosure(x: Leaf | Closure): Closure {
  if (!isLeaf(x)) return x;
  const { k, value } = x;
  if (x.from === CONSTANT) return () => value;
  return x.from === INPUT ? (i) => i[k] : (_i, f) => f[k];
}

/**
 * Excel compares numbers to 15 significant digits (src/formula/values.ts compareScalars): two that round
 * alike there are equal, so a volume a few units in the last place over its disk fits, as in the
 * calculator and the customer copy's formulas. Two that round alike are within 1e-13 of either: only
 * those are rounded (toPrecision is slow).
 */
const near = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-13 * Math.abs(b) && roundTo15(a) === roundTo15(b);
const ge = (a: number, b: number): boolean => a >= b || (b - a <= 1e-13 * Math.abs(b) && roundTo15(a) === roundTo15(b));
const gt = (a: number, b: number): boolean => a > b && (a - b > 1e-13 * Math.abs(b) || roundTo15(a) !== roundTo15(b));
const le = (a: number, b: number): boolean => ge(b, a);
const lt = (a: number, b: number): boolean => gt(b, a);
const eq = (a: Value, b: Value): boolean => a === b || (typeof a === "number" && typeof b === "number" && near(a, b));

/** A comparison with a leaf on either side, read in place (as arithmetic's); undefined for two closures. */
function comparison(operator: BinaryOperator, l: Leaf | Closure, r: Leaf | Closure): Closure | undefined {
  if (!isLeaf(l) && !isLeaf(r)) return undefined;
  // An input against a number, the commonest test (copies>=2): read in place.
  if (isLeaf(l) && l.from === INPUT && isLeaf(r) && r.from === CONSTANT) {
    const [k, v] = [l.k, r.value];
    if (operator === ">=") return (i) => ge(i[k] as number, v);
    if (operator === ">") return (i) => gt(i[k] as number, v);
    if (operator === "<=") return (i) => le(i[k] as number, v);
    if (operator === "<") return (i) => lt(i[k] as number, v);
    if (operator === "=") return (i) => i[k] === v || (typeof i[k] === "number" && near(i[k] as number, v));
    return (i) => i[k] !== v && !(typeof i[k] === "number" && near(i[k] as number, v));
  }
  const x = asClosure(l);
  if (isLeaf(r)) {
    const right = r;
    // A closure of each operator's own, so each calls one comparison (a shared `test` would be megamorphic).
    if (right.from === CONSTANT) {
      const v = right.value;
      if (operator === ">=") return (i, f, a) => ge(x(i, f, a) as number, v);
      if (operator === ">") return (i, f, a) => gt(x(i, f, a) as number, v);
      if (operator === "<=") return (i, f, a) => le(x(i, f, a) as number, v);
      if (operator === "<") return (i, f, a) => lt(x(i, f, a) as number, v);
      if (operator === "=") return (i, f, a) => {
        const y = x(i, f, a);
        return y === v || (typeof y === "number" && near(y, v));
      };
      return (i, f, a) => {
        const y = x(i, f, a);
        return y !== v && !(typeof y === "number" && near(y, v));
      };
    }
    if (operator === ">=") return (i, f, a) => ge(x(i, f, a) as number, read(right, i, f));
    if (operator === ">") return (i, f, a) => gt(x(i, f, a) as number, read(right, i, f));
    if (operator === "<=") return (i, f, a) => le(x(i, f, a) as number, read(right, i, f));
    if (operator === "<") return (i, f, a) => lt(x(i, f, a) as number, read(right, i, f));
    if (operator === "=") return (i, f, a) => eq(x(i, f, a), read(right, i, f));
    return (i, f, a) => !eq(x(i, f, a), read(right, i, f));
  }
  return undefined;
}

/** + − × ÷ with a leaf on either side, read in place; comparisons by comparison; undefined for two closures (binary's). */
function arithmetic(operator: BinaryOperator, l: Leaf | Closure, r: Leaf | Closure): Closure | undefined {
  if (operator !== "+" && operator !== "-" && operator !== "*" && operator !== "/") return comparison(operator, l, r);
  if (isLeaf(l) && isLeaf(r)) {
    if (l.from === CONSTANT && r.from === CONSTANT) {
      const v = binary(operator, () => l.value, () => r.value)([], [], NO_ARGUMENTS);
      return () => v;
    }
    // Two inputs, or an input and a number, the commonest leaves: read with no test of their kind.
    const [p, q] = [l.k, r.k];
    if (l.from === INPUT && r.from === INPUT) {
      if (operator === "+") return (i) => (i[p] as number) + (i[q] as number);
      if (operator === "-") return (i) => (i[p] as number) - (i[q] as number);
      if (operator === "*") return (i) => (i[p] as number) * (i[q] as number);
      return (i) => (i[p] as number) / (i[q] as number);
    }
    if (l.from === INPUT && r.from === CONSTANT) {
      const v = r.value;
      if (operator === "+") return (i) => (i[p] as number) + v;
      if (operator === "-") return (i) => (i[p] as number) - v;
      if (operator === "*") return (i) => (i[p] as number) * v;
      return (i) => (i[p] as number) / v;
    }
    if (operator === "+") return (i, f) => read(l, i, f) + read(r, i, f);
    if (operator === "-") return (i, f) => read(l, i, f) - read(r, i, f);
    if (operator === "*") return (i, f) => read(l, i, f) * read(r, i, f);
    return (i, f) => read(l, i, f) / read(r, i, f);
  }
  if (isLeaf(r) && r.from === CONSTANT) {
    const x = l as Closure;
    const v = r.value;
    if (operator === "+") return (i, f, a) => (x(i, f, a) as number) + v;
    if (operator === "-") return (i, f, a) => (x(i, f, a) as number) - v;
    if (operator === "*") return (i, f, a) => (x(i, f, a) as number) * v;
    return (i, f, a) => (x(i, f, a) as number) / v;
  }
  if (isLeaf(r)) {
    const x = l as Closure;
    if (operator === "+") return (i, f, a) => (x(i, f, a) as number) + read(r, i, f);
    if (operator === "-") return (i, f, a) => (x(i, f, a) as number) - read(r, i, f);
    if (operator === "*") return (i, f, a) => (x(i, f, a) as number) * read(r, i, f);
    return (i, f, a) => (x(i, f, a) as number) / read(r, i, f);
  }
  if (isLeaf(l)) {
    if (operator === "+") return (i, f, a) => read(l, i, f) + (r(i, f, a) as number);
    if (operator === "-") return (i, f, a) => read(l, i, f) - (r(i, f, a) as number);
    if (operator === "*") return (i, f, a) => read(l, i, f) * (r(i, f, a) as number);
    return (i, f, a) => read(l, i, f) / (r(i, f, a) as number);
  }
  return undefined;
}

function binary(operator: BinaryOperator, l: Closure, r: Closure): Closure {
  switch (operator) {
    case "+":
      return (i, f, a) => (l(i, f, a) as number) + (r(i, f, a) as number);
    case "-":
      return (i, f, a) => (l(i, f, a) as number) - (r(i, f, a) as number);
    case "*":
      return (i, f, a) => (l(i, f, a) as number) * (r(i, f, a) as number);
    case "/":
      return (i, f, a) => (l(i, f, a) as number) / (r(i, f, a) as number);
    case "=":
      return (i, f, a) => eq(l(i, f, a), r(i, f, a));
    case "<>":
      return (i, f, a) => !eq(l(i, f, a), r(i, f, a));
    case "<":
      return (i, f, a) => lt(l(i, f, a) as number, r(i, f, a) as number);
    case ">":
      return (i, f, a) => gt(l(i, f, a) as number, r(i, f, a) as number);
    case "<=":
      return (i, f, a) => le(l(i, f, a) as number, r(i, f, a) as number);
    case ">=":
      return (i, f, a) => ge(l(i, f, a) as number, r(i, f, a) as number);
    default:
      throw new Error(`the operator ${operator} is not a sizing rule's`);
  }
}

function call(name: string, args: readonly Closure[], method: string): Closure {
  const [x, y, z] = args;
  switch (name) {
    case "IF":
      return (i, f, a) => (truthy(x(i, f, a)) ? y(i, f, a) : z(i, f, a));
    case "AND":
      if (args.length === 2) return (i, f, a) => truthy(x(i, f, a)) && truthy(y(i, f, a));
      return (i, f, a) => {
        for (let k = 0; k < args.length; k++) if (!truthy(args[k](i, f, a))) return false;
        return true;
      };
    case "OR":
      if (args.length === 2) return (i, f, a) => truthy(x(i, f, a)) || truthy(y(i, f, a));
      return (i, f, a) => {
        for (let k = 0; k < args.length; k++) if (truthy(args[k](i, f, a))) return true;
        return false;
      };
    case "NOT":
      return (i, f, a) => !truthy(x(i, f, a));
    case "MIN":
      if (args.length === 2) return (i, f, a) => Math.min(x(i, f, a) as number, y(i, f, a) as number);
      if (args.length === 3) return (i, f, a) => Math.min(x(i, f, a) as number, y(i, f, a) as number, z(i, f, a) as number);
      return (i, f, a) => {
        let m = Infinity;
        for (let k = 0; k < args.length; k++) m = Math.min(m, args[k](i, f, a) as number);
        return m;
      };
    case "MAX":
      if (args.length === 2) return (i, f, a) => Math.max(x(i, f, a) as number, y(i, f, a) as number);
      if (args.length === 3) return (i, f, a) => Math.max(x(i, f, a) as number, y(i, f, a) as number, z(i, f, a) as number);
      return (i, f, a) => {
        let m = -Infinity;
        for (let k = 0; k < args.length; k++) m = Math.max(m, args[k](i, f, a) as number);
        return m;
      };
    case "ROUNDUP":
      return (i, f, a) => roundUp(x(i, f, a) as number);
    case "ROUNDDOWN":
      return (i, f, a) => roundDown(x(i, f, a) as number);
    case "ROUND":
      return (i, f, a) => round(x(i, f, a) as number);
    case "CEILCOUNT": {
      const { value } = TOLERANT_FUNCTIONS.CEILCOUNT;
      return (i, f, a) => value(x(i, f, a) as number);
    }
    case "PROVISION": {
      const { value } = TOLERANT_FUNCTIONS.PROVISION;
      return (i, f, a) => value(x(i, f, a) as number);
    }
    case "PERMUT":
      return (i, f, a) => permut(x(i, f, a) as number, y(i, f, a) as number);
    case "NA":
      return () => {
        throw new SizingError("#N/A", `${method}: the figure has no value at these inputs`);
      };
    default:
      throw new Error(`${name} is not a function rules may use`);
  }
}
