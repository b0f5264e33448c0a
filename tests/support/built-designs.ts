/**
 * Workbooks `exsize design` writes, built once and shared (the suite's wall time). Several
 * suites need the same file — the reference design's live workbook and its customer copy are read
 * by design.test.ts, readable-sources.test.ts, print.test.ts and customer-copy-live.test.ts — and
 * each build evaluates and writes the whole template (seconds on a busy machine).
 *
 * Jest gives every suite its own module registry, so a module-level cache alone is shared only by
 * the tests of one suite. The files also go to a cache folder in the system's temporary folder,
 * under a key of everything that can change them: the arguments, the day (the customer copy's stamp
 * carries the date), and the text of every file under src/ and of package-lock.json. Any change to
 * the code is a new key, so a stale file is never read; a file is renamed into place only once whole,
 * so two Jest workers building at once never read half a file. Keys unused for a day are removed.
 *
 * A shared file is read, never changed: a test that edits a workbook copies it first.
 */
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runDesign } from "../../src/cli/design";

export interface BuiltDesign {
  /** The workbook; read it, never write it. */
  file: string;
  /** What runDesign printed, with `file` as the path it names. */
  stdout: string[];
  stderr: string[];
}

const ROOT = path.resolve(__dirname, "../..");
const CACHE = path.join(os.tmpdir(), "exsize-built-designs");
const DAY_MS = 24 * 60 * 60_000;

let sourceKey: string | undefined;
/** A hash of every file under src/ and of package-lock.json: the code and libraries that write the workbook. */
function sourceHash(): string {
  if (sourceKey !== undefined) return sourceKey;
  const hash = createHash("sha256");
  const walk = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
  for (const file of [...walk(path.join(ROOT, "src")), path.join(ROOT, "package-lock.json")]) {
    hash.update(path.relative(ROOT, file)).update("\0");
    if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
    hash.update("\0");
  }
  sourceKey = hash.digest("hex");
  return sourceKey;
}

/** Remove cached files not used for a day; quietly, as another worker may be doing the same. */
function prune(): void {
  try {
    for (const name of fs.readdirSync(CACHE)) {
      const file = path.join(CACHE, name);
      try {
        if (Date.now() - fs.statSync(file).mtimeMs > DAY_MS) fs.rmSync(file, { force: true });
      } catch {
        /* gone already */
      }
    }
  } catch {
    /* no cache folder yet */
  }
}

const built = new Map<string, Promise<BuiltDesign>>();

/**
 * The workbook `exsize design ARGS --out FILE` writes (ARGS without --out or --force), and what it
 * printed; built once per key on this machine. A build that fails throws, with what runDesign said.
 */
export function builtDesign(args: readonly string[] = []): Promise<BuiltDesign> {
  if (args.some((a) => /^(-o|--out|--force)(=|$)/.test(a))) throw new Error("builtDesign chooses the file: leave out --out and --force");
  const today = new Date().toISOString().slice(0, 10);
  const key = createHash("sha256").update(JSON.stringify({ args, today, source: sourceHash() })).digest("hex").slice(0, 32);
  let promise = built.get(key);
  if (promise === undefined) {
    promise = buildOrRead(key, args);
    built.set(key, promise);
  }
  return promise;
}

async function buildOrRead(key: string, args: readonly string[]): Promise<BuiltDesign> {
  const file = path.join(CACHE, `${key}.xlsx`);
  const printed = path.join(CACHE, `${key}.json`);
  // The JSON is renamed into place after the workbook: when it is there, both are whole.
  if (fs.existsSync(printed) && fs.existsSync(file)) {
    const now = new Date();
    fs.utimesSync(printed, now, now);
    fs.utimesSync(file, now, now);
    return { file, ...(JSON.parse(fs.readFileSync(printed, "utf8")) as Omit<BuiltDesign, "file">) };
  }
  fs.mkdirSync(CACHE, { recursive: true });
  prune();
  const tag = `${process.pid}-${Math.random().toString(36).slice(2)}`;
  const temporary = path.join(CACHE, `${key}.${tag}.xlsx`);
  const stdout: string[] = [];
  const stderr: string[] = [];
  try {
    const code = await runDesign([...args, "--out", temporary], { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
    if (code !== 0) throw new Error(`exsize design ${args.join(" ")} exited ${code}:\n${stderr.join("\n")}`);
    const named = (lines: string[]) => lines.map((line) => line.split(temporary).join(file));
    const result = { stdout: named(stdout), stderr: named(stderr) };
    fs.renameSync(temporary, file);
    fs.writeFileSync(`${printed}.${tag}`, JSON.stringify(result));
    fs.renameSync(`${printed}.${tag}`, printed);
    return { file, ...result };
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}
