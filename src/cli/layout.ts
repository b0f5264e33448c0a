/**
 * `exsize layout [DESIGN…] [--json]` — the DAG's copy layout (the calculator's Distribution sheet)
 * and its failure scenarios, server by server (src/engine/layout.ts, failover.ts; docs/dag-layout.md).
 */
import { failoverReport, layoutOf, databasesOf, type DagDesign, type ScenarioReport } from "../engine/failover";
import { SizingError } from "../engine/errors";
import type { CopyLayout, DagLayout, LayoutNames } from "../engine/layout";
import { deploymentNameProblem, type DeploymentNames } from "../workbook/deployment";
import type { CommandOutput } from "./design";

export class LayoutUsageError extends Error {}

/** The design and the names, as options: shared by `layout` and `export`. */
export interface DagOptions {
  design: DagDesign;
  iopsPerMailbox?: number;
  names: { dag: string; serverPrefix: string; databasePrefix: string };
}

export const DESIGN_OPTION_HELP: readonly string[] = [
  "  --users N               mailboxes in the DAG (default 7600)",
  "  --servers N[,N…]        servers in each site, e.g. 8,8 (default 8,8; up to 4 sites, 16 servers)",
  "  --copies N              copies of each database, 1 to 16 (default 4)",
  "  --layout L              active/active or active/passive (default active/active)",
  "  --databases N           databases in the DAG (default: the reference profile's count, balanced)",
  "  --lagged N              lagged copies of each database, never activated (default 0)",
  "  --iops-per-mailbox X    database IOPS per mailbox, for the per-server targets (default 0.121)",
  "  --dag NAME              the DAG's name (default DAG01): a Windows computer name, letters, digits, hyphens, 15 at most",
  "  --server-prefix TEXT    server names: TEXT01, TEXT02, … (default MBX): letters, digits, hyphens, 13 at most",
  "  --database-prefix TEXT  database names: TEXT01, … (default DB): no \\ / : * ? \" < > | or comma, no = + - @ first",
];

const DESIGN_FLAGS = ["--users", "--servers", "--copies", "--layout", "--databases", "--lagged", "--iops-per-mailbox", "--dag", "--server-prefix", "--database-prefix"];

/**
 * Reads the design options from `args`; the flags in `own` (with a value, or none when mapped to
 * false) are handed back in `rest`.
 */
export function parseDagOptions(args: readonly string[], own: Record<string, boolean>): { options: DagOptions; rest: Map<string, string | true> } {
  const values = new Map<string, string>();
  const rest = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const takesValue = DESIGN_FLAGS.includes(flag) || own[flag] === true;
    if (!takesValue && own[flag] !== false) throw new LayoutUsageError(`unknown option ${JSON.stringify(arg)}`);
    let value: string | true = true;
    if (takesValue) {
      if (inline !== undefined) value = inline;
      else if (args[i + 1] === undefined) throw new LayoutUsageError(`${flag} needs a value`);
      else value = args[++i];
    } else if (inline !== undefined) throw new LayoutUsageError(`${flag} takes no value`);
    if (values.has(flag) || rest.has(flag)) throw new LayoutUsageError(`${flag} given twice`);
    if (DESIGN_FLAGS.includes(flag)) values.set(flag, value as string);
    else rest.set(flag, value);
  }
  const whole = (flag: string, fallback: number | undefined, min: number, max: number): number | undefined => {
    const text = values.get(flag);
    if (text === undefined) return fallback;
    const n = Number(text.replace(/[,_](?=\d{3}\b)/g, ""));
    if (!Number.isInteger(n) || n < min || n > max) throw new LayoutUsageError(`${flag} must be a whole number from ${min} to ${max.toLocaleString("en-US")}; got ${JSON.stringify(text)}`);
    return n;
  };
  const servers = (values.get("--servers") ?? "8,8").split(/[,+ ]+/).filter((s) => s !== "");
  const serversPerSite = servers.map((s) => {
    const n = Number(s);
    if (!Number.isInteger(n) || n < 1 || n > 16) throw new LayoutUsageError(`--servers must be each site's servers, 1 to 16, e.g. 8,8; got ${JSON.stringify(values.get("--servers"))}`);
    return n;
  });
  const layout = (values.get("--layout") ?? "active/active").toLowerCase().replace(/\s+/g, "");
  if (layout !== "active/active" && layout !== "active/passive") throw new LayoutUsageError(`--layout must be active/active or active/passive; got ${JSON.stringify(values.get("--layout"))}`);
  const iops = values.get("--iops-per-mailbox");
  const iopsPerMailbox = iops === undefined ? 0.121 : Number(iops);
  if (!(iopsPerMailbox > 0 && iopsPerMailbox <= 1000)) throw new LayoutUsageError(`--iops-per-mailbox must be a number above 0; got ${JSON.stringify(iops)}`);
  const name = (flag: string, fallback: string, role: keyof DeploymentNames) => {
    const text = values.get(flag) ?? fallback;
    const problem = deploymentNameProblem(flag, text, role);
    if (problem !== undefined) throw new LayoutUsageError(`${problem}; got ${JSON.stringify(text)}`);
    return text;
  };
  return {
    options: {
      design: {
        users: whole("--users", 7600, 1, 100_000_000)!,
        serversPerSite,
        copies: whole("--copies", 4, 1, 16)!,
        layout: layout as DagLayout,
        databases: whole("--databases", undefined, 1, 100_000),
        laggedCopies: whole("--lagged", 0, 0, 15),
      },
      iopsPerMailbox,
      names: { dag: name("--dag", "DAG01", "dag"), serverPrefix: name("--server-prefix", "MBX", "serverPrefix"), databasePrefix: name("--database-prefix", "DB", "databasePrefix") },
    },
    rest,
  };
}

/** Server and database names from the prefixes: MBX01…, DB001… (two digits at least, as the calculator's). */
export function layoutNames(options: DagOptions, servers: number, databases: number): LayoutNames {
  const pad = (n: number, of: number) => String(n).padStart(Math.max(2, String(of).length), "0");
  return {
    server: (s) => `${options.names.serverPrefix}${pad(s + 1, servers)}`,
    database: (d) => `${options.names.databasePrefix}${pad(d + 1, databases)}`,
  };
}

/** The layout and the scenarios of a design; a design that cannot exist is a SizingError. */
export function dagReport(options: DagOptions): { layout: CopyLayout; names: LayoutNames; scenarios: ScenarioReport[] } {
  const databases = databasesOf(options.design);
  const design = { ...options.design, databases };
  const layout = layoutOf(design);
  const names = layoutNames(options, layout.siteOfServer.length, databases);
  return { layout, names, scenarios: failoverReport(design, options.iopsPerMailbox, names) };
}

const SCENARIO_WORDS: Record<string, string> = {
  normal: "normal running",
  server: "the worst server down",
  site: "the worst site down",
  "site+server": "the worst site and then one more server down",
};

function scenarioJson(r: ScenarioReport, names: LayoutNames) {
  if (r.error) return { scenario: r.scenario, survivable: false, error: String(r.error) };
  return {
    scenario: r.scenario,
    survivable: true,
    failedServers: r.failedServers.map(names.server),
    ...(r.lostSite === undefined ? {} : { lostSite: r.lostSite + 1 }),
    runningServers: r.runningServers,
    busiestServer: names.server(r.busiestServer),
    servers: r.perServer.map((p) => ({ server: names.server(p.server), running: p.running, activeDatabases: p.activeDatabases, activeMailboxes: p.activeMailboxes, targetIops: p.targetIops })),
  };
}

export const LAYOUT_USAGE = "usage: exsize layout [--users N] [--servers N,N] [--copies N] [--layout L] [--databases N] [--lagged N] [--json]";
export const LAYOUT_HELP: readonly string[] = [
  LAYOUT_USAGE,
  "",
  "Prints the DAG's copy layout — one row per database, one column per server, the activation",
  "preference in each cell that holds a copy — and the busiest servers of each failure scenario.",
  "",
  ...DESIGN_OPTION_HELP,
  "  --json                  one JSON object: the design, the layout and the scenarios",
  "",
  "e.g. exsize layout --users 7600 --servers 8,8 --copies 4 --databases 336   (004's DAG: 21 / 24 / 42 / 48)",
];

export async function runLayout(args: string[], out: CommandOutput): Promise<number> {
  let options: DagOptions;
  let rest: Map<string, string | true>;
  try {
    ({ options, rest } = parseDagOptions(args, { "--json": false, "--help": false, "-h": false }));
  } catch (e) {
    if (!(e instanceof LayoutUsageError)) throw e;
    out.stderr(`exsize layout: ${e.message}`);
    out.stderr(LAYOUT_USAGE);
    return 2;
  }
  if (rest.has("--help") || rest.has("-h")) {
    LAYOUT_HELP.forEach((line) => out.stdout(line));
    return 0;
  }
  let report: ReturnType<typeof dagReport>;
  try {
    report = dagReport(options);
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    out.stderr(`exsize layout: ${String(e)}`);
    return 1;
  }
  const { layout, names, scenarios } = report;
  const serverCount = layout.siteOfServer.length;
  const d = layout.design;
  if (rest.has("--json")) {
    out.stdout(
      JSON.stringify({
        design: { dag: options.names.dag, users: options.design.users, serversPerSite: d.serversPerSite, copies: d.copies, layout: d.layout, databases: d.databases, laggedCopies: d.laggedCopies, iopsPerMailbox: options.iopsPerMailbox },
        servers: Array.from({ length: serverCount }, (_, s) => ({ name: names.server(s), site: layout.siteOfServer[s] + 1 })),
        databases: layout.copies.map((copies, i) => ({ name: names.database(i), copies: copies.map((c) => ({ server: names.server(c.server), preference: c.preference, lagged: c.lagged })) })),
        scenarios: scenarios.map((r) => scenarioJson(r, names)),
      }),
    );
    return 0;
  }
  out.stdout(
    `${options.names.dag}: ${options.design.users.toLocaleString("en-US")} mailboxes, ${d.serversPerSite.join(" + ")} servers, ${d.copies} copies${d.laggedCopies ? ` (${d.laggedCopies} lagged)` : ""}, ${d.layout}, ${d.databases} databases`,
  );
  out.stdout("");
  const width = Math.max(...Array.from({ length: serverCount }, (_, s) => names.server(s).length), 2);
  const first = Math.max(8, names.database(d.databases - 1).length);
  const cell = (text: string, w: number) => text.padStart(w);
  out.stdout(`${"Database".padEnd(first)} ${Array.from({ length: serverCount }, (_, s) => cell(names.server(s), width)).join(" ")}`);
  layout.copies.forEach((copies, i) => {
    const row = Array<string>(serverCount).fill("");
    for (const c of copies) row[c.server] = `${c.preference}${c.lagged ? "L" : ""}`;
    out.stdout(`${names.database(i).padEnd(first)} ${row.map((t) => cell(t, width)).join(" ")}`);
  });
  out.stdout("");
  out.stdout("Scenario: active databases / mailboxes / target IOPS on each running server");
  for (const r of scenarios) {
    if (r.error) {
      out.stdout(`${r.scenario} (${SCENARIO_WORDS[r.scenario]}): not survivable — ${r.error.message}`);
      continue;
    }
    const busiest = r.perServer[r.busiestServer];
    const failed = r.failedServers.length ? `; down: ${r.failedServers.map(names.server).join(", ")}` : "";
    out.stdout(
      `${r.scenario} (${SCENARIO_WORDS[r.scenario]}${failed}): busiest ${names.server(r.busiestServer)} with ${busiest.activeDatabases} databases, ${busiest.activeMailboxes.toLocaleString("en-US")} mailboxes, ${busiest.targetIops} IOPS; ${r.runningServers} servers running`,
    );
    out.stdout(`  ${r.perServer.map((p) => `${names.server(p.server)} ${p.running ? `${p.activeDatabases}/${p.activeMailboxes}/${p.targetIops}` : "down"}`).join(", ")}`);
  }
  return 0;
}
