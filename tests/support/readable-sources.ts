/**
 * Is a text fit for a customer to read? Everything a person reads — workbook cells, the help page,
 * function descriptions, the pane — must name a paper by publisher, title and year (src/engine/papers.ts),
 * never by the project's internal codes: the seed file names (000_72e1ddb9bbd1ecac.txt), their bare
 * numbers ("(000, Table 18)", "(002; 004)"), the word "seed", or SIZING.md. A customer cannot look
 * those up. Code comments and tests keep the file names (../shared/seeds/README.md).
 *
 * `userFacingProblems` is the one check; the rest of this file pulls the readable text out of each
 * kind of surface (HTML, functions.json, the manifest, a webpack bundle's string literals), so the
 * same check can run over anything else later, e.g. a written workbook's cell texts:
 *
 *   for (const cell of cells) expect({ [cell.address]: userFacingProblems(cell.text) }).toEqual({ [cell.address]: [] });
 */
import * as ts from "typescript";

interface Rule {
  what: string;
  pattern: RegExp;
}

const RULES: readonly Rule[] = [
  { what: "a seed file name", pattern: /\b00[0-4]_[0-9a-f]{16}\.txt\b/gi },
  { what: "SIZING.md, an internal file", pattern: /\bSIZING\.md\b/gi },
  { what: 'the word "seed", an internal term', pattern: /\bseeds?\b/gi },
  // "(000, Tables 14 and 18)", "(001)", "002; 004", "Dell 000 §3.4.2" — but not the digit groups of
  // "100,000" or "1,000,000", nor the decimals of "0.001".
  { what: "a bare paper number", pattern: /(?<![\d.,])\b00[0-4]\b(?![.,]?\d)/g },
];

const CONTEXT = 40;

/**
 * Every internal code in a text a customer reads, each as "what it is: …the text around it…";
 * an empty list when the text is fit to show.
 */
export function userFacingProblems(text: string): string[] {
  const problems: string[] = [];
  for (const { what, pattern } of RULES) {
    for (const m of text.matchAll(pattern)) {
      const at = m.index ?? 0;
      const before = text.slice(Math.max(0, at - CONTEXT), at);
      const after = text.slice(at + m[0].length, at + m[0].length + CONTEXT);
      problems.push(`${what} "${m[0]}": …${before}${m[0]}${after}…`.replace(/\s+/g, " "));
    }
  }
  return problems;
}

/** A text and where it was found, for a failure message that says where to look. */
export interface Located {
  where: string;
  text: string;
}

const ENTITIES: Record<string, string> = { quot: '"', apos: "'", lt: "<", gt: ">", amp: "&", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") return String.fromCodePoint(name[1].toLowerCase() === "x" ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Attributes a browser or a screen reader shows to the user. */
const VISIBLE_ATTRIBUTES = /\b(?:title|alt|aria-label|placeholder|value)="([^"]*)"/gi;

/**
 * What a reader of an HTML page sees or hears: the text between the tags and the visible attributes,
 * without <style>, <script> and comments.
 */
export function visibleHtmlText(html: string): string {
  const body = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(style|script)\b[^>]*>[\s\S]*?<\/\1>/gi, " ");
  const attributes = [...body.matchAll(VISIBLE_ATTRIBUTES)].map((m) => m[1]);
  const text = body.replace(/<[^>]*>/g, " ");
  return decodeEntities([text, ...attributes].join(" ")).replace(/\s+/g, " ").trim();
}

interface FunctionsJson {
  functions: { id: string; description?: string; parameters?: { name: string; description?: string }[]; result?: { description?: string } }[];
}

/** Each function's description, each parameter's, and the result's, as Excel shows them. */
export function functionsJsonTexts(json: string): Located[] {
  const texts: Located[] = [];
  for (const f of (JSON.parse(json) as FunctionsJson).functions) {
    if (f.description !== undefined) texts.push({ where: f.id, text: f.description });
    for (const p of f.parameters ?? []) if (p.description !== undefined) texts.push({ where: `${f.id}(${p.name})`, text: p.description });
    if (f.result?.description !== undefined) texts.push({ where: `${f.id} result`, text: f.result.description });
  }
  return texts;
}

/** The manifest's words for the store, the ribbon and the callout: DefaultValue of every element that is not a URL or an image. */
export function manifestTexts(xml: string): Located[] {
  const texts: Located[] = [];
  for (const m of xml.matchAll(/<([\w:]+)\b([^>]*?)\bDefaultValue="([^"]*)"/g)) {
    if (/Url|Image|Icon/i.test(m[1]) || /^https?:/.test(m[3])) continue;
    const id = /\bid="([^"]*)"/.exec(m[2])?.[1];
    texts.push({ where: id ?? m[1], text: decodeEntities(m[3]) });
  }
  for (const m of xml.matchAll(/<(ProviderName)>([^<]*)</g)) texts.push({ where: m[1], text: decodeEntities(m[2]) });
  return texts;
}

/**
 * The string literals of a development (non-minified) webpack bundle, by the module they come from
 * ("./src/taskpane/controller.ts"): what the code can put on screen, without its comments.
 * Modules outside ./src/ (libraries) are left out.
 */
export function bundleStringsByModule(js: string): Map<string, string[]> {
  const file = ts.createSourceFile("bundle.js", js, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const byModule = new Map<string, string[]>();
  const collect = (node: ts.Node, into: string[]): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) into.push(node.text);
    ts.forEachChild(node, (child) => collect(child, into));
  };
  const visit = (node: ts.Node): void => {
    // webpack's development output: var __webpack_modules__ = ({ "./src/x.ts"(module, exports, require) { … } }),
    // or, from older webpack 5 releases, { "./src/x.ts": ((module, exports, require) => { … }) }.
    if ((ts.isPropertyAssignment(node) || ts.isMethodDeclaration(node)) && ts.isStringLiteral(node.name) && node.name.text.startsWith("./")) {
      if (node.name.text.startsWith("./src/")) {
        const strings: string[] = [];
        const body = ts.isPropertyAssignment(node) ? node.initializer : node.body;
        if (body) collect(body, strings);
        byModule.set(node.name.text, strings);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return byModule;
}

const PATH_RULES: readonly Rule[] = [
  { what: "a Markdown file", pattern: /[\w./-]*\b[\w-]+\.md\b/g },
  { what: "a repository folder", pattern: /(?<![\w/.:-])(?:docs|src|tests|lib|scripts|deploy|source|Exchange)\/[\w./-]*/g },
  { what: "a path", pattern: /(?<![\w/.:-])[\w.-]+(?:\/[\w.-]+){2,}/g },
];

/**
 * Every repository path in a text a customer reads (a Markdown file, `docs/…`, a path of three
 * parts or more), each as "what it is: …the text around it…": a reader sees a source by publisher
 * and title, never where this project or Microsoft's docs repository keeps it. A web address is not a path.
 */
export function repositoryPathProblems(text: string): string[] {
  const withoutUrls = text.replace(/\bhttps?:\/\/\S+/g, "");
  const problems: string[] = [];
  for (const { what, pattern } of PATH_RULES) {
    for (const m of withoutUrls.matchAll(pattern)) {
      const at = m.index ?? 0;
      problems.push(`${what} "${m[0]}": …${withoutUrls.slice(Math.max(0, at - CONTEXT), at + m[0].length + CONTEXT)}…`.replace(/\s+/g, " "));
    }
  }
  return [...new Set(problems)];
}
