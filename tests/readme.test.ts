/**
 * The README is the product's front door, and docs/ the reference it links (the reference moved
 * reference there): every `| \`=FORMULA\` | \`RESULT\` |` row in them is evaluated as `exsize eval`
 * would print it, and every exsize example is run, so neither can drift from the code.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "fs";
import { tmpdir } from "os";
import { dirname, join, relative, resolve, sep } from "path";
import { inputOptions, runDesign } from "../src/cli/design";
import { displayResult, jsonResult } from "../src/cli/eval";
import { runExport } from "../src/cli/export";
import { runLayout } from "../src/cli/layout";
import { main } from "../src/cli/main";
import { evaluateFormula } from "../src/formula";
import { WORKBOOK_MS } from "./support/timeouts";

// Runs the exsize design examples of docs/cli.md, which evaluate and write workbooks: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

const README = readFileSync(join(__dirname, "../README.md"), "utf8");
/** The `exsize` reference (docs/cli.md): its options table and its examples. */
const CLI_DOC = readFileSync(join(__dirname, "../docs/cli.md"), "utf8");
/** The README and every page of docs/: the worksheet functions' examples live in docs/functions.md. */
const PAGES = [README, ...readdirSync(join(__dirname, "../docs")).filter((f) => f.endsWith(".md")).map((f) => readFileSync(join(__dirname, "../docs", f), "utf8"))].join("\n");
const EXAMPLE_ROW = /^\| `(=[^`]+)` \| `([^`]+)` \|$/gm;
const examples = [...PAGES.matchAll(EXAMPLE_ROW)].map((m) => [m[1], m[2]] as const);
const PACKAGE_VERSION = (JSON.parse(readFileSync(join(__dirname, "../package.json"), "utf8")) as { version: string }).version;

describe("README and docs/ examples", () => {
  test("there are examples for every worksheet function", () => {
    const named = new Set(examples.map(([formula]) => /^=(EX_\w+)/.exec(formula)?.[1]));
    const functions = ["EX_DBSIZE", "EX_LOGVOL", "EX_IOPS", "EX_SPINDLES", "EX_ARRAYS", "EX_FAILOVER", "EX_LAYOUT", "EX_SERVER", "EX_JETSTRESS"];
    const microsoft = ["EX_MS_MAILBOX", "EX_MS_DATABASES", "EX_MS_IOPS", "EX_MS_SERVER", "EX_MS_REPLICATION", "EX_MS_DISKS"];
    for (const fn of [...functions, ...microsoft]) {
      expect(named).toContain(fn);
    }
  });

  test.each(examples)("%s gives %s", (formula, shown) => {
    expect(displayResult(evaluateFormula(formula))).toBe(shown);
  });

  test("the quick-start eval prints what the README shows", () => {
    const block = /```sh\n(?:npx )?exsize eval '([^']+)' '([^']+)'\n(.+)\n(.+)\n/.exec(README);
    expect(block).not.toBeNull();
    const [, first, second, firstShown, secondShown] = block!;
    expect(displayResult(evaluateFormula(first))).toBe(firstShown);
    expect(displayResult(evaluateFormula(second))).toBe(secondShown);
  });

  test("the exsize design example reports the numbers docs/cli.md quotes", async () => {
    const example = /`npx exsize design (--users \d+ --customer) --out c\.xlsx`\s+reports ([^.]+)\./.exec(CLI_DOC);
    expect(example).not.toBeNull();
    const dir = mkdtempSync(join(tmpdir(), "readme-"));
    const lines: string[] = [];
    try {
      const args = [...example![1].split(" "), "--out", join(dir, "c.xlsx")];
      expect(await runDesign(args, { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) })).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const printed = lines.join("\n");
    // "17 × 1,340 GB database volumes, 17 × 51 GB log volumes, 23,647 GB, 1,350 database and 567 log IOPS and 2 × PS6500E 1TB arrays"
    const quoted = example![2].match(/\d[\d,]*(?: × [\d,]+)?|PS\w+ \w+/g)!;
    expect(quoted.length).toBeGreaterThan(6);
    for (const figure of quoted) expect(printed).toContain(figure);
  });
});

describe("docs/cli.md: the CLI's options and --json examples", () => {
  test("every input option of exsize design is in docs/cli.md's table, with its default", () => {
    const rows = CLI_DOC.split("\n").filter((line) => line.startsWith("| `--"));
    for (const o of inputOptions()) {
      const row = rows.find((line) => line.includes(`\`${o.option} `));
      expect({ option: o.option, row: row !== undefined }).toEqual({ option: o.option, row: true });
      expect(row!.split("|").at(-2)).toContain(o.defaultValue === "" ? "empty" : String(o.defaultValue));
    }
  });

  test("docs/cli.md's table names no option the catalogue lacks, each once, with the catalogue's aliases", () => {
    const rows = CLI_DOC.split("\n").filter((line) => line.startsWith("| `--"));
    // A row's first column: its options, each `--name ARG`, and their aliases, "(or `--alias`)".
    const named = rows.map((line) => [...line.split("|")[1].matchAll(/`(--[\w-]+)/g)].map((m) => m[1]));
    const options = inputOptions();
    const everyName = options.flatMap((o) => [o.option, ...o.aliases]);
    expect(named.flat().filter((name) => !everyName.includes(name))).toEqual([]);
    expect(named.flat().filter((name, i, all) => all.indexOf(name) !== i)).toEqual([]);
    for (const o of options) {
      const row = named.find((names) => names.includes(o.option))!;
      const aliasesShown = row.filter((name) => options.some((other) => other.aliases.includes(name) && other.key === o.key));
      expect({ option: o.option, aliases: aliasesShown }).toEqual({ option: o.option, aliases: [...o.aliases] });
    }
  });

  test("the exsize design --json example prints what docs/cli.md shows", async () => {
    const example = /```sh\nnpx exsize design ([^\n]*--json)\n(\{\n[\s\S]*?\n\})\n```/.exec(CLI_DOC);
    expect(example).not.toBeNull();
    const lines: string[] = [];
    expect(await runDesign(example![1].split(" "), { stdout: (l) => lines.push(l), stderr: (l) => lines.push(l) })).toBe(0);
    expect(JSON.parse(lines.join("\n"))).toEqual(JSON.parse(example![2]));
    expect(lines.join("\n")).toBe(example![2]);
  });

  test("the exsize eval --json example prints what docs/cli.md shows", () => {
    const example = /```sh\nnpx exsize eval --json '([^']+)' '([^']+)'\n(\{.*\})\n(\{.*\})\n```/.exec(CLI_DOC);
    expect(example).not.toBeNull();
    const [, first, second, firstShown, secondShown] = example!;
    expect(JSON.stringify(jsonResult(first, evaluateFormula(first)))).toBe(firstShown);
    expect(JSON.stringify(jsonResult(second, evaluateFormula(second)))).toBe(secondShown);
  });
});

/**
 * The sections on `exsize layout`, `exsize export` and `exsize help` (docs/cli.md since
 * ): each example block is run and must print what the page shows (trailing spaces aside),
 * and each exit status the prose promises is the one the command returns.
 */
describe("docs/cli.md: exsize layout, export and help print what it shows", () => {
  /** The ```sh block that starts `npx exsize COMMAND …`: its arguments and the lines shown below it. */
  function example(command: string): { args: string[]; shown: string[] } {
    const block = new RegExp("```sh\\nnpx exsize " + command + "((?: [^\\n]*)?)\\n([\\s\\S]*?)\\n```").exec(CLI_DOC);
    expect({ command, found: block !== null }).toEqual({ command, found: true });
    return { args: block![1].trim().split(/\s+/).filter((a) => a !== ""), shown: block![2].split("\n") };
  }
  const capture = () => {
    const lines: string[] = [];
    return { lines, out: { stdout: (l: string) => lines.push(l), stderr: (l: string) => lines.push(l) } };
  };
  const trimmed = (lines: string[]) => lines.join("\n").split("\n").map((l) => l.replace(/\s+$/, ""));

  test("exsize layout prints the layout and scenarios shown", async () => {
    const { args, shown } = example("layout");
    const { lines, out } = capture();
    expect(await runLayout(args, out)).toBe(0);
    expect(trimmed(lines)).toEqual(shown);
  });

  test("exsize layout exits as the page says for a design that cannot exist", async () => {
    const claim = /cannot exist \(`([^`]+)`:[^)]*\) prints why\s+and exits (\d)/.exec(CLI_DOC);
    expect(claim).not.toBeNull();
    const { lines, out } = capture();
    expect(await runLayout(claim![1].split(" "), out)).toBe(Number(claim![2]));
    expect(lines.join("\n")).toMatch(/cannot hold two copies of one database/);
  });

  test("exsize export writes the files shown, Servers.csv as shown, and keeps them as the page says", async () => {
    const { args, shown } = example("export");
    const folder = args[args.indexOf("--out") + 1];
    const dir = mkdtempSync(join(tmpdir(), "readme-export-"));
    try {
      const inDir = args.map((a, i) => (i === args.indexOf("--out") + 1 ? join(dir, folder) : a));
      const first = capture();
      expect(await runExport(inDir, first.out)).toBe(0);
      expect(first.lines.map((l) => l.split(`${dir}${sep}`).join(""))).toEqual(shown);
      const csv = /`deploy\/Servers\.csv` then reads:\s*```csv\n([\s\S]*?)\n```/.exec(CLI_DOC);
      expect(csv).not.toBeNull();
      // The files have Windows line ends (CRLF), as the calculator's exports; the page shows the text.
      expect(readFileSync(join(dir, folder, "Servers.csv"), "utf8").replace(/\r\n/g, "\n").trimEnd()).toBe(csv![1]);
      const kept = /files already there are\s+kept, and the command exits (\d) naming them, as `exsize design` does, unless you add `--force`/.exec(CLI_DOC);
      expect(kept).not.toBeNull();
      const again = capture();
      expect(await runExport(inDir, again.out)).toBe(Number(kept![1]));
      expect(again.lines.join("\n")).toContain("Servers.csv");
      expect(await runExport([...inDir, "--force"], capture().out)).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("exsize help prints the list of commands shown", async () => {
    const { args, shown } = example("help");
    const { lines, out } = capture();
    expect(await main(["help", ...args], out)).toBe(0);
    expect(trimmed(lines)).toEqual(shown);
  });
});

/**
 * A README that stands alone in a clone: every link in README.md and docs/*.md either
 * resolves to a file of the repository (and, with a #fragment, to a heading of it) or is a public
 * web page. Nothing points outside the repository — ../shared/SIZING.md and ../shared/seeds/ exist
 * only beside our working copy — nor at a build output a clone does not have.
 */
const ROOT = resolve(__dirname, "..");
const DOCUMENTS = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((f) => f.endsWith(".md")).map((f) => `docs/${f}`)];
const BUILD_OUTPUTS = ["dist", "lib", "node_modules", "coverage"];

/** Markdown without its fenced code blocks and code spans: text in code is not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/(`+)[^`]*?\1/g, "");
}

/** Every link target: inline links and images, reference definitions, and HTML href/src. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  return [
    ...[...text.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]),
    ...[...text.matchAll(/<(?:a|img)\b[^>]*\b(?:href|src)="([^"]*)"/gi)].map((m) => m[1]),
  ];
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const m of markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1]
      .replace(/<[^>]+>/g, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/ /g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** What is wrong with one link of `file` (a path from the repository root), or undefined when it is fine. */
function linkProblem(file: string, target: string, readDocument: (path: string) => string = (p) => readFileSync(join(ROOT, p), "utf8")): string | undefined {
  if (/^https?:\/\//i.test(target)) {
    const host = new URL(target).hostname;
    return /^(localhost|127\.|0\.0\.0\.0|\[::1\]|10\.|192\.168\.)/.test(host) ? `${target} is not a public web page` : undefined;
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return `${target}: only repository files and public web pages (https://…) may be linked`;
  if (target.includes("../shared") || target.includes("shared/")) return `${target} points into ../shared, which a clone does not have`;
  const [pathPart, fragment] = target.split("#", 2);
  const resolved = pathPart === "" ? join(ROOT, file) : resolve(ROOT, dirname(file), decodeURIComponent(pathPart));
  const inRepository = relative(ROOT, resolved);
  if (inRepository.startsWith("..") || resolve(inRepository) === inRepository) return `${target} leaves the repository`;
  if (BUILD_OUTPUTS.includes(inRepository.split(sep)[0])) return `${target} is a build output, not in a clone`;
  if (!existsSync(resolved)) return `${target} does not exist`;
  if (fragment !== undefined && statSync(resolved).isFile() && resolved.endsWith(".md")) {
    if (!headingAnchors(readDocument(inRepository)).has(fragment)) return `${target}: ${inRepository} has no heading #${fragment}`;
  }
  return undefined;
}

describe("README and docs/: links stay in the repository or go to public web pages", () => {
  test("the link reader finds inline links, images, reference definitions and HTML, and skips code", () => {
    const text = ["See [the spec](../shared/SIZING.md) and ![chart](docs/c.png \"Chart\").", "[ref]: docs/papers.md", '<a href="https://example.org/x">x</a>', "`[not](a-link.md)`", "```", "[nor](this.md)", "```"].join("\n");
    expect(linkTargets(text)).toEqual(["../shared/SIZING.md", "docs/c.png", "docs/papers.md", "https://example.org/x"]);
  });

  test("GitHub's heading anchors", () => {
    expect([...headingAnchors("## 9. Errata: where a paper disagrees with itself\n### `EX_DBSIZE` — database capacity (Dell, Table 14)\n## Notes\n## Notes")]).toEqual([
      "9-errata-where-a-paper-disagrees-with-itself",
      "ex_dbsize--database-capacity-dell-table-14",
      "notes",
      "notes-1",
    ]);
  });

  test.each([
    ["../shared/SIZING.md", "points into ../shared"],
    ["../shared/seeds/", "points into ../shared"],
    ["../../etc/passwd", "leaves the repository"],
    ["docs/no-such-page.md", "does not exist"],
    ["dist/help.html", "a build output"],
    ["file:///work/shared/SIZING.md", "only repository files"],
    ["https://localhost:3000/taskpane.html", "not a public web page"],
    ["docs/methods.md#no-such-heading", "has no heading"],
  ])("refuses %s", (target, problem) => {
    expect(linkProblem("README.md", target)).toContain(problem);
  });

  test.each([["docs/methods.md"], ["docs/methods.md#9-errata-where-a-paper-disagrees-with-itself"], ["https://learn.microsoft.com/"], ["LICENSE"]].filter(([t]) => t !== "LICENSE" || existsSync(join(ROOT, "LICENSE"))))("accepts %s", (target) => {
    expect(linkProblem("README.md", target)).toBeUndefined();
  });

  test.each(DOCUMENTS)("every link in %s resolves", (file) => {
    const problems = linkTargets(readFileSync(join(ROOT, file), "utf8"))
      .map((target) => linkProblem(file, target))
      .filter((p) => p !== undefined);
    expect({ [file]: problems }).toEqual({ [file]: [] });
  });

  test.each(DOCUMENTS)("%s does not mention ../shared, even in code", (file) => {
    expect(readFileSync(join(ROOT, file), "utf8")).not.toMatch(/\.\.\/shared\b/);
  });

  test("the README's install and release file names carry the package's version", () => {
    const named = [...README.matchAll(/exchange-storage-sizing-(\d+\.\d+\.\d+)\.tgz|exsize-addin-(\d+\.\d+\.\d+)|exsize --version +# (\d+\.\d+\.\d+)/g)].map((m) => m[1] ?? m[2] ?? m[3]);
    expect(named.length).toBeGreaterThan(5);
    expect(new Set(named)).toEqual(new Set([PACKAGE_VERSION]));
  });

  test("the README links to its reference in docs/: the command, the functions, the workbook, the architecture", () => {
    expect(linkTargets(README)).toEqual(expect.arrayContaining(["docs/cli.md", "docs/functions.md", "docs/workbook.md", "docs/architecture.md", "CHANGELOG.md", "LICENSE"]));
  });

  test("the README links to the methods and the papers", () => {
    const targets = linkTargets(README);
    expect(targets).toEqual(expect.arrayContaining(["docs/methods.md", "docs/papers.md"]));
  });
});
