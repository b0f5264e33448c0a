/**
 * `exsize fit [PROFILE…] [--json | --csv] [--out FILE.xlsx] [--limit N]`: the least
 * hardware that carries a mailbox profile. The profile is exsize design's options (the load, the
 * version, …); what it does not pin — DAGs, servers a site, copies, lagged copies, the server disk,
 * databases a volume — the engine's search varies (src/engine/fit.ts), and prints the designs no
 * other beats on servers, disks, memory and cores, fewest servers first. Each design printed is
 * sized as `exsize design` sizes it alone (compare.ts compareRow), so a --json entry is exactly
 * `exsize design --json` for its inputs.
 *
 * Exit status: 0 a design fits; 1 none does (standard error says what blocked them), or the file
 * cannot be written; 2 a usage error or an input its rule refuses; 130 stopped by Ctrl-C.
 */
import { promises as fs } from "fs";
import * as path from "path";
import { FitError, SEARCHED_INPUTS, fitLimits, fitProfile, fitSteps, type FitBlocker, type FitResult, type FitStated, type SearchedInput } from "../engine/fit";
import { DEFAULT_PRESET, REFERENCE_PRESETS, presetNamed, serverDiskOf, withoutAdvice, type WorkbookInputs } from "../engine/design";
import { SizingError } from "../engine/errors";
import { designVersion, versionName } from "../engine/version";
import { fitCheck } from "../workbook/fit-check";
import { EXIT, TYPING_HELP, UsageError, inputOptions, parseCommand, wholeOption, type FlagSpec } from "./design-options";
import { designJson, jsonInputs, presetDesign } from "./design";
import { EXIT_INTERRUPTED, writeWhole } from "./write-whole";
import type { FitFrontPage } from "../workbook/compare";
import { MAX_LIVE_DESIGNS, TABLE_COLUMNS, compareRow, csvLines, liveCompareWorkbook, show, tableLines, whileHeard, type CompareRow, type ProgressOutput, type TableColumn } from "./compare";

const FLAGS: readonly FlagSpec[] = [
  { names: ["--preset"], value: true },
  { names: ["--sites"], value: true },
  { names: ["--min-copies"], value: true },
  { names: ["--lagged-copy"], value: false },
  { names: ["--survive-site-failure"], value: false },
  { names: ["--disks"], value: true },
  { names: ["--max-servers-per-dag"], value: true },
  { names: ["--max-dags"], value: true },
  { names: ["--limit"], value: true },
  { names: ["--out", "-o"], value: true },
  { names: ["--force"], value: false },
  { names: ["--json"], value: false },
  { names: ["--csv"], value: false },
  { names: ["--help", "-h"], value: false },
];

export const FIT_USAGE = "usage: exsize fit [PROFILE…] [--sites 1|2] [--min-copies N] [--lagged-copy] [--survive-site-failure] [--disks D1,D2,…] [--max-servers-per-dag N] [--max-dags N] [--json | --csv] [--out FILE.xlsx [--force]] [--limit N]";

/** `exsize fit --help` and `exsize help fit`. */
export function fitHelp(): string[] {
  return [
    FIT_USAGE,
    "",
    "Finds the least hardware that carries a mailbox profile: every design the whole-design check accepts within",
    "its Exchange version's limits (2016: 24 cores and 192 GB a server; 2019 and SE: 48 and 256), and of those",
    "the ones no other beats on servers, disks (with MCDB SSDs), memory and cores — the Pareto front, counted for",
    "the whole environment — fewest servers first. Microsoft's method: Exchange 2013 and later.",
    "",
    "The profile is exsize design's options (exsize help design lists them): the load (--users, or the mailboxes",
    "in all with --environment-users; --quota-mb, --messages-per-day, --message-kb, --archive-mb), the version,",
    "the servers' --cores-per-server and --spec-int-rate, and any other input. What it searches, unless you give",
    "it: DAGs (the mailboxes split evenly), --servers-site1 and --servers-site2, --copies, --lagged, --server-disk",
    "and --databases-per-volume; an input of these you give stays as given.",
    "",
    "  --sites 1|2                one site or two (default 1; two with --survive-site-failure)",
    "  --min-copies N             at least N copies of each database (default 2)",
    "  --lagged-copy              at least one lagged copy (default: none)",
    "  --survive-site-failure     every design survives the loss of a site (two sites)",
    "  --disks D1,D2,…            the server disks allowed (default: every disk of the catalogue)",
    "  --max-servers-per-dag N    at most N servers a DAG (default 16, Exchange's most)",
    "  --max-dags N               at most N DAGs (default 8)",
    "  --limit N                  show the best N designs only (default: every one)",
    "  --json                     print a JSON list, each design exactly as exsize design --json prints it, and",
    "                             command: the exsize design line that rebuilds it",
    "  --csv                      print CSV, as exsize compare --csv: the searched inputs, method, every output",
    `  -o, --out FILE.xlsx        also write the best designs (at most ${MAX_LIVE_DESIGNS}, or --limit) as a live Compare`,
    "                             workbook, each design on its own sheets (the customer copy: Excel's own formulas),",
    "                             opening on the profile fitted and each design's counts (the Fit sheet)",
    "  --force                    overwrite FILE.xlsx if it exists",
    "  -h, --help                 this text",
    "",
    "A profile no design carries is answered with what blocked it (exit status 1). On a terminal, progress shows on",
    "standard error; Ctrl-C stops cleanly: nothing printed or written, exit status 130.",
    "",
    ...TYPING_HELP,
    "",
    "Exit status: 0 a design fits; 1 none does, or the file cannot be written; 2 a usage error, an input its",
    "rule refuses, or a file already there without --force; 130 stopped by Ctrl-C.",
    "",
    "Example: exsize fit --users 20000 --quota-mb 10240 --messages 150 --exchange-version SE",
  ];
}

interface FitRequest {
  inputs: WorkbookInputs;
  preset: string;
  pinned: Set<SearchedInput>;
  stated: FitStated;
  limit?: number;
  out?: string;
  force: boolean;
  json: boolean;
  csv: boolean;
  help: boolean;
}

/** A whole number option of fit's own, from `min` to `max`, read as every number is (design-options.ts wholeOption). */
function wholeFlag(flags: Map<string, string | true>, name: string, min: number, max: number): number | undefined {
  const text = flags.get(name);
  return text === undefined ? undefined : wholeOption(name, String(text), min, max);
}

function parseFit(args: readonly string[]): FitRequest {
  const { given, flags } = parseCommand(args, FLAGS);
  const request = { force: flags.has("--force"), json: flags.has("--json"), csv: flags.has("--csv"), help: flags.has("--help") };
  if (request.help) return { ...request, inputs: {} as WorkbookInputs, preset: "", pinned: new Set(), stated: {} };
  if (request.json && request.csv) throw new UsageError("--json and --csv: give one");
  const { inputs, preset } = presetDesign(given, flags);
  const pinned = new Set(SEARCHED_INPUTS.filter((k) => given.has(k)));
  const sites = wholeFlag(flags, "--sites", 1, 2) as 1 | 2 | undefined;
  const disks = flags.get("--disks");
  const stated: FitStated = {
    ...(sites !== undefined ? { sites } : {}),
    ...(flags.has("--min-copies") ? { minCopies: wholeFlag(flags, "--min-copies", 2, 16) } : {}),
    ...(flags.has("--lagged-copy") ? { laggedCopy: true } : {}),
    ...(flags.has("--survive-site-failure") ? { surviveSite: true } : {}),
    ...(flags.has("--max-servers-per-dag") ? { maxServersPerDag: wholeFlag(flags, "--max-servers-per-dag", 2, 16) } : {}),
    ...(flags.has("--max-dags") ? { maxDags: wholeFlag(flags, "--max-dags", 1, 1000) } : {}),
  };
  if (disks !== undefined) {
    const names = String(disks).split(",").map((d) => d.trim());
    if (names.some((name) => name === "")) {
      throw new UsageError(`--disks must be the server disks allowed, each a disk of the catalogue, separated by commas (exsize help design lists them); got ${JSON.stringify(disks)}`);
    }
    // Each disk by its catalogue name, as exsize design prints it, whatever its case and spaces typed.
    stated.serverDisks = names.map((name) => {
      try {
        return serverDiskOf({ serverDisk: name }).name;
      } catch (e) {
        if (!(e instanceof SizingError)) throw e;
        throw new UsageError(`--disks: ${e.message.replace(/^serverDisk /, "each disk ")}`);
      }
    });
  }
  const limit = wholeFlag(flags, "--limit", 1, 1_000_000);
  const out = flags.get("--out") as string | undefined;
  if (out !== undefined) {
    if (out.trim() === "") throw new UsageError("--out needs a file name");
    if (path.extname(out).toLowerCase() !== ".xlsx") throw new UsageError(`--out must name an .xlsx file; got ${JSON.stringify(out)}`);
  }
  return { ...request, inputs, preset, pinned, stated, ...(limit !== undefined ? { limit } : {}), ...(out !== undefined ? { out } : {}) };
}

/** The searched inputs as the table's first columns: a DAG's mailboxes (the DAGs column says how many), then those that can differ. */
function searchedColumns(request: FitRequest, sites: number) {
  const differ = (k: SearchedInput) => !request.pinned.has(k) && !(k === "serversSite2" && sites === 1) && !(k === "laggedCopies" && !request.stated.laggedCopy);
  const keys = SEARCHED_INPUTS.filter((k) => k === "users" || (k !== "environmentUsers" && differ(k)));
  const options = inputOptions();
  return keys.map((k) => ({ option: options.find((o) => o.key === k)! }));
}

/** The four counts, for the whole environment, before the design's own columns. */
const TOTALS: readonly TableColumn[] = [
  { heading: "all servers", right: true, text: (o) => show(o.environmentServers) },
  { heading: "all disks", right: true, text: (o) => show((o.environmentDisks as number) + (((o.dagMcdbSsds as number | null) ?? 0) * (o.dags as number))) },
  { heading: "all memory GB", right: true, text: (o) => show((o.environmentServers as number) * (o.memoryPerServerGB as number)) },
  { heading: "all cores", right: true, text: (o) => show((o.environmentServers as number) * (o.coresPerServer as number)) },
  { heading: "DAGs", right: true, text: (o) => show(o.dags) },
];

/** A word the shell passes as it is, else single-quoted. */
const shellWord = (w: string): string => (/^[A-Za-z0-9_.,:/%+=@-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);

/**
 * The `exsize design` command line that sizes these inputs alone, as fit sized them: the preset when
 * not the default, the users (the load), and each input that differs from the preset's; the disk by
 * its catalogue name.
 */
export function designCommand(inputs: WorkbookInputs, preset: string): string {
  const from = presetNamed(preset) ?? REFERENCE_PRESETS[DEFAULT_PRESET];
  const words = ["exsize", "design", ...(from.name === DEFAULT_PRESET ? [] : ["--preset", from.name])];
  for (const o of inputOptions()) {
    const v = inputs[o.key];
    // Given --users, a preset's environment is one DAG unless --environment-users says more (design.ts presetDesign).
    if (o.key === "users" || (o.key === "environmentUsers" && v !== "") || v !== from.inputs[o.key]) words.push(o.option, shellWord(String(v)));
  }
  return [...words, "--json"].join(" ");
}

/** What blocked every design, with what would lift it. */
function blockerLines(result: FitResult, inputs: WorkbookInputs): string[] {
  const n = (x: number | undefined) => (x === undefined ? "" : x.toLocaleString("en-US"));
  const version = designVersion(inputs.exchangeVersion);
  const limits = fitLimits(inputs);
  // "every design needs", "12 of 340 designs need".
  const share = (b: FitBlocker, one: string, many: string) => (b.count >= result.candidates ? `every design ${one}` : `${n(b.count)} of ${n(result.candidates)} designs ${many}`);
  return result.blockers.map((b) => {
    switch (b.kind) {
      case "memory":
        return `memory: ${share(b, "needs", "need")} more than the ${n(limits.maxMemoryGB)} GB a server recommended for ${versionName(version)} (the least: ${n(b.least)} GB); allow more servers a DAG (--max-servers-per-dag) or more DAGs (--max-dags)`;
      case "cores":
        return `cores: ${share(b, "needs", "need")} more than the ${n(limits.maxCores)} cores a server recommended for ${versionName(version)} (the least: ${n(b.least)}); allow more servers a DAG (--max-servers-per-dag) or more DAGs (--max-dags)`;
      case "server cores":
        return `cores: ${share(b, "needs", "need")} more than the servers' ${n(inputs.coresPerServer)} cores at SPECint2006 ${n(inputs.specIntRate)} (the least: ${n(b.least)}); give servers of more cores (--cores-per-server) or allow more servers a DAG`;
      case "disks":
        return `disks: ${share(b, "has", "have")} no server disks that hold their volumes, e.g. ${b.example}; allow other disks (--disks) or fewer databases a volume`;
      case "site failure":
        return `site failure: ${share(b, "fails", "fail")} to survive the loss of a site, e.g. ${b.example.replace(/^site failure: /, "")}`;
      case "database size":
        return `database size: ${share(b, "holds", "hold")} more mailboxes a database than the maximum database size allows, e.g. ${b.example.replace(/^databases: /, "")}; allow more servers a DAG (--max-servers-per-dag) or more DAGs (--max-dags)`;
      default:
        return `the design: ${share(b, "is", "are")} refused by the whole-design check, e.g. ${b.example}`;
    }
  });
}

/** What was fitted, for the fit workbook's first page: the load as given, then the limits the search kept to. */
export function fitProfileRows(request: Pick<FitRequest, "inputs" | "pinned" | "stated">): FitFrontPage["profile"] {
  const profile = fitProfile(request.inputs, request.pinned, request.stated);
  const { base, space } = profile;
  const spread = (xs: readonly number[]): string => {
    const [least, most] = [Math.min(...xs), Math.max(...xs)];
    return least === most ? least.toLocaleString("en-US") : `${least.toLocaleString("en-US")} to ${most.toLocaleString("en-US")}`;
  };
  const whole = "#,##0";
  const sites = space.serversPerSite[0].length;
  const perVolume = space.databasesPerVolume;
  const disks = space.serverDisks;
  return [
    { label: "Mailboxes", value: profile.mailboxes, format: whole },
    ...(profile.usersPerDag !== undefined ? [{ label: "Mailboxes a DAG", value: profile.usersPerDag, format: whole }] : []),
    { label: "Mailbox quota (MB)", value: base.quotaMB, format: whole },
    ...(base.archiveMB > 0 ? [{ label: "Personal archive quota (MB)", value: base.archiveMB, format: whole }] : []),
    { label: "Messages per day", value: base.messagesPerDay, format: whole },
    { label: "Average message size (KB)", value: base.messageKB, format: whole },
    { label: "Exchange version", value: versionName(designVersion(base.exchangeVersion)) },
    // A rate of 0 (not known) leaves the servers' cores unsized: they are then no part of what was fitted.
    ...(base.specIntRate > 0
      ? [{ label: "The servers", value: `${base.coresPerServer.toLocaleString("en-US")} processor cores, SPECint2006 rate ${base.specIntRate.toLocaleString("en-US")}` }]
      : []),
    { label: "Sites", value: sites === 1 ? "one" : profile.surviveSite ? "two; every design survives the loss of a site" : "two" },
    { label: "DAGs at most", value: Math.max(...space.dags), format: whole },
    { label: "Servers a DAG at most", value: Math.max(...space.serversPerSite.map((s) => s.reduce((a, b) => a + b, 0))), format: whole },
    { label: "Copies of each database", value: spread(space.copies) },
    { label: "Lagged copies", value: space.laggedCopies.every((n) => n === 0) ? "none" : spread(space.laggedCopies) },
    { label: "Server disks", value: request.pinned.has("serverDisk") || request.stated.serverDisks !== undefined ? disks.join("; ") : `any of the catalogue's ${disks.length}` },
    { label: "Databases a volume", value: perVolume.length === 1 ? (perVolume[0] === 0 ? "the most that fit" : perVolume[0].toLocaleString("en-US")) : `the most that fit, or ${spread(perVolume.filter((n) => n > 0))}` },
  ];
}

/** The search, a step at a time with the event loop turned between steps so Ctrl-C is heard; progress on a terminal. */
async function search(request: FitRequest, out: ProgressOutput): Promise<{ result?: FitResult; interrupted: boolean }> {
  const profile = fitProfile(request.inputs, request.pinned, request.stated);
  const showProgress = out.isTTY === true && out.progress !== undefined;
  return whileHeard(async (heard) => {
    const steps = fitSteps(profile, fitCheck, { every: 500 });
    let shown = 0;
    for (;;) {
      const step = steps.next();
      if (step.done) {
        if (showProgress) out.progress!("\r\x1b[K");
        return { result: step.value, interrupted: false };
      }
      await new Promise((resolve) => setImmediate(resolve));
      if (heard()) {
        if (showProgress) out.progress!("\r\x1b[K");
        return { interrupted: true };
      }
      if (showProgress && Date.now() - shown >= 100) {
        shown = Date.now();
        out.progress!(`\rexsize fit: ${step.value.done.toLocaleString("en-US")} of ${step.value.total.toLocaleString("en-US")} candidate designs`);
      }
    }
  });
}

export async function runFit(args: string[], out: ProgressOutput): Promise<number> {
  let request: FitRequest;
  try {
    request = parseFit(args);
    if (request.help) {
      fitHelp().forEach((line) => out.stdout(line));
      return EXIT.ok;
    }
    // Said before searching: the profile's own errors (2010, too few servers for the copies, …).
    fitProfile(request.inputs, request.pinned, request.stated);
  } catch (e) {
    if (!(e instanceof UsageError) && !(e instanceof FitError)) throw e;
    out.stderr(`exsize fit: ${e.message}`);
    out.stderr(FIT_USAGE);
    out.stderr("exsize help fit: the options; exsize help design: every input");
    return EXIT.usage;
  }
  if (request.out !== undefined && !request.force && (await fs.stat(request.out).then(() => true, () => false))) {
    out.stderr(`exsize fit: ${request.out} exists; add --force to overwrite it`);
    return EXIT.usage;
  }
  const { result, interrupted } = await search(request, out);
  if (interrupted || result === undefined) {
    out.stderr(`exsize fit: stopped (Ctrl-C); nothing printed${request.out !== undefined ? ` and nothing written to ${request.out}` : ""}`);
    return EXIT_INTERRUPTED;
  }
  if (result.front.length === 0) {
    out.stderr(`exsize fit: no design of the ${result.candidates.toLocaleString("en-US")} searched carries this profile:`);
    for (const line of blockerLines(result, request.inputs)) out.stderr(`exsize fit: ${line}`);
    if (request.json) out.stdout("[]");
    return EXIT.failed;
  }
  const shown = request.limit === undefined ? result.front : result.front.slice(0, request.limit);
  // Each sized as exsize design sizes it alone: the same check, the same numbers as shown.
  const rows: CompareRow[] = withoutAdvice(() => shown.map((d) => compareRow({ inputs: d.inputs, preset: request.preset })));

  if (request.out !== undefined) {
    const file = request.out;
    const best = rows.slice(0, MAX_LIVE_DESIGNS);
    const terminal = out.isTTY === true && out.progress !== undefined;
    if (terminal) out.progress!(`\rexsize fit: writing ${file} (${best.length} designs)…`);
    const code = await whileHeard(async (heard) => {
      const live = await liveCompareWorkbook(best, new Date().toISOString().slice(0, 10), { profile: fitProfileRows(request), searched: result.candidates, front: result.front.length });
      if ("problems" in live) {
        live.problems.forEach((problem) => out.stderr(`exsize fit: ${problem}`));
        out.stderr(`exsize fit: the Compare workbook cannot be built; nothing written to ${file}`);
        return EXIT.failed;
      }
      return heard() ? EXIT_INTERRUPTED : writeWhole(file, live.bytes, { command: "fit", force: request.force, heard }, out);
    });
    if (terminal) out.progress!("\r\x1b[K");
    if (code === EXIT_INTERRUPTED) {
      out.stderr(`exsize fit: stopped (Ctrl-C); nothing printed and nothing written to ${file}`);
      return EXIT_INTERRUPTED;
    }
    if (code !== EXIT.ok) return code;
  }

  const sites = Math.max(...rows.map((r) => (r.inputs.serversSite2 === "" ? 1 : 2)));
  const columns = searchedColumns(request, sites);
  if (request.json) {
    // Each as exsize design --json prints it: no file, no workbook.
    // And the exsize design command line that rebuilds it.
    const printed = rows.map((r) => ({
      ...("problems" in r
        ? { file: null, workbook: null, inputs: jsonInputs(r.inputs), problems: r.problems }
        : { file: null, workbook: null, ...designJson(r.preset, r.method, r.inputs, r.design, r.warnings) }),
      command: designCommand(r.inputs, request.preset),
    }));
    out.stdout(JSON.stringify(printed, null, 2));
  } else if (request.csv) {
    csvLines(columns, rows).forEach((line) => out.stdout(line));
  } else {
    const of = request.limit !== undefined && request.limit < result.front.length ? `the best ${rows.length} of ${result.front.length}` : `${rows.length}`;
    out.stdout(
      `${of} design${result.front.length === 1 ? "" : "s"} no other beats on servers, disks, memory and cores (the environment's; fewest servers first), ` +
        `of ${result.candidates.toLocaleString("en-US")} candidate designs searched:`,
    );
    tableLines(columns, rows, [...TOTALS, ...TABLE_COLUMNS]).forEach((line) => out.stdout(line));
  }
  if (request.out !== undefined && !request.json && !request.csv) {
    out.stdout(`Wrote ${request.out}: the best ${Math.min(rows.length, MAX_LIVE_DESIGNS)} designs side by side, each on its own sheets (the customer copy: Excel's own formulas, live without the add-in).`);
  }
  return EXIT.ok;
}
