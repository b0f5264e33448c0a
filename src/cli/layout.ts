/**
 * `exsize layout [INPUTS…] [--json]` — the design's DAG: its copy layout (the calculator's
 * Distribution sheet) and its failure scenarios, server by server (src/engine/layout.ts,
 * failover.ts; docs/dag-layout.md). The design is `exsize design`'s for the same inputs:
 * the same options, names, defaults and rules (src/cli/design-options.ts), sized once by the engine
 * (sizeDesign), so the databases laid out here are the ones `design --json` reports and `export`
 * deploys.
 */
import { failoverReport, type DagDesign, type ScenarioReport } from "../engine/failover";
import type { Design } from "../engine/design";
import type { CopyLayout, LayoutNames } from "../engine/layout";
import { DATABASE_PREFIX_MAX, DEFAULT_DEPLOYMENT_NAMES, deploymentNameProblem, deploymentNames, type DeploymentNames } from "../workbook/deployment";
import { designOf } from "../workbook/input-values";
import { EXIT, EXIT_STATUS_HELP, TYPING_HELP, UsageError, inputOptionsHelp, optionOf, parseCommand, readInputs, type CommandOutput, type FlagSpec } from "./design-options";
import { PRESET_HELP, presetDesign } from "./design";
import { shownNumber } from "../engine/catalogue";

/** The names of the DAG, its servers and databases: options of `layout` and `export`. */
export const NAME_FLAGS: readonly FlagSpec[] = [
  { names: ["--dag"], value: true },
  { names: ["--server-prefix"], value: true },
  { names: ["--database-prefix"], value: true },
];
export const NAME_OPTION_HELP: readonly string[] = [
  `  --dag NAME              the DAG's name (default ${DEFAULT_DEPLOYMENT_NAMES.dag}): a Windows computer name, letters, digits, hyphens, 15 at most`,
  `  --server-prefix TEXT    server names: TEXT01, TEXT02, … (default ${DEFAULT_DEPLOYMENT_NAMES.serverPrefix}): letters, digits, hyphens, 13 at most`,
  `  --database-prefix TEXT  database names: TEXT01, … (default ${DEFAULT_DEPLOYMENT_NAMES.databasePrefix}): no \\ / : * ? " < > | or comma, no = + - @ first, at most ${DATABASE_PREFIX_MAX} characters`,
];

/** The names given, each checked where Windows or Exchange would refuse it (deploymentNameProblem). */
export function readNames(flags: ReadonlyMap<string, string | true>): DeploymentNames {
  const name = (flag: string, role: keyof DeploymentNames): string => {
    const given = flags.get(flag);
    const text = typeof given === "string" ? given : DEFAULT_DEPLOYMENT_NAMES[role];
    const problem = deploymentNameProblem(flag, text, role);
    if (problem !== undefined) throw new UsageError(`${problem}; got ${JSON.stringify(text)}`);
    return text;
  };
  return { dag: name("--dag", "dag"), serverPrefix: name("--server-prefix", "serverPrefix"), databasePrefix: name("--database-prefix", "databasePrefix") };
}

/**
 * The design's DAG as the layout and failover modules take it: its mailboxes (by Microsoft's method every
 * tier's, Role Requirements!C98), servers, copies, layout and databases.
 */
export function dagOf(design: Design): DagDesign & { databases: number } {
  const d = design.layout.design;
  return { users: design.usersPerDag, serversPerSite: d.serversPerSite, copies: d.copies, layout: d.layout, databases: d.databases, laggedCopies: d.laggedCopies };
}

export interface DagReport {
  design: Design;
  layout: CopyLayout;
  names: LayoutNames;
  /** Each scenario server by server, at the design's own IOPS per mailbox. */
  scenarios: ScenarioReport[];
}

/** The layout and the scenarios of a sized design, with the names given. */
export function dagReport(design: Design, dagNames: DeploymentNames = DEFAULT_DEPLOYMENT_NAMES): DagReport {
  const dag = dagOf(design);
  const names = deploymentNames(dagNames, design.layout.siteOfServer.length, dag.databases);
  return { design, layout: design.layout, names, scenarios: failoverReport(dag, design.iopsPerMailbox, names) };
}

const SCENARIO_WORDS: Record<string, string> = {
  normal: "normal running",
  server: "the worst server down",
  site: "the worst site down",
  "site+server": "the worst site and then one more server down",
};

function scenarioJson(r: ScenarioReport, names: LayoutNames, applies: boolean) {
  if (!applies) return { scenario: r.scenario, applies: false, survivable: false, error: "the DAG has one site" };
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

export const LAYOUT_USAGE = "usage: exsize layout [INPUTS…] [--dag NAME] [--server-prefix TEXT] [--database-prefix TEXT] [--json]";
const LAYOUT_FLAGS: readonly FlagSpec[] = [...NAME_FLAGS, { names: ["--preset"], value: true }, { names: ["--json"], value: false }, { names: ["--help", "-h"], value: false }];

/** `exsize layout --help`: the design's inputs (exsize design's), the names, --json. */
export function layoutHelp(): string[] {
  return [
    LAYOUT_USAGE,
    "",
    "Prints the design's DAG: its copy layout — one row per database, one column per server, the activation",
    "preference in each cell that holds a copy — and the busiest servers of each failure scenario. The design",
    "is exsize design's for the same inputs, sized by the same method: the same databases, servers and copies.",
    "",
    "Inputs (exsize design's options: the same names, defaults and rules):",
    `  --preset NAME           ${PRESET_HELP} (a preset of several DAGs: one of them)`,
    ...inputOptionsHelp(),
    "",
    "Names and output:",
    ...NAME_OPTION_HELP,
    "  --json                  one JSON object: the design (its databases as exsize design --json reports them),",
    "                          the servers, each database's copies and the scenarios",
    "  -h, --help              this text",
    "",
    ...TYPING_HELP,
    "",
    ...EXIT_STATUS_HELP,
    "",
    "e.g. exsize layout --users 12500 --servers-site1 6 --servers-site2 3 --copies 3 --layout active/passive --exchange-version 2013",
  ];
}

export async function runLayout(args: string[], out: CommandOutput): Promise<number> {
  let flags: Map<string, string | true>;
  let names: DeploymentNames;
  let inputs: ReturnType<typeof readInputs>;
  try {
    const parsed = parseCommand(args, LAYOUT_FLAGS);
    flags = parsed.flags;
    if (flags.has("--help")) {
      layoutHelp().forEach((line) => out.stdout(line));
      return EXIT.ok;
    }
    // exsize design's preset and inputs: the same design, read the same way.
    inputs = presetDesign(parsed.given, flags).inputs;
    names = readNames(flags);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    out.stderr(`exsize layout: ${e.message}`);
    out.stderr(LAYOUT_USAGE);
    return EXIT.usage;
  }
  const sized = designOf(inputs, optionOf);
  if (!sized.ok) {
    for (const problem of sized.problems) out.stderr(`exsize layout: ${problem}`);
    out.stderr("exsize layout: the design cannot be built");
    return EXIT.failed;
  }
  const { design, layout, names: n, scenarios } = dagReport(sized.design, names);
  const applies = (r: ScenarioReport) => design.scenarios.find((s) => s.scenario === r.scenario)?.applies !== false;
  const serverCount = layout.siteOfServer.length;
  const d = layout.design;
  if (flags.has("--json")) {
    out.stdout(
      JSON.stringify({
        design: {
          dag: names.dag,
          method: design.method,
          users: design.inputs.users,
          serversPerSite: d.serversPerSite,
          copies: d.copies,
          layout: d.layout,
          databases: d.databases,
          laggedCopies: d.laggedCopies,
          // As the Design sheet shows it: '0.0000 "IOPS"'.
          iopsPerMailbox: shownNumber(design.iopsPerMailbox, 4),
        },
        servers: Array.from({ length: serverCount }, (_, s) => ({ name: n.server(s), site: layout.siteOfServer[s] + 1 })),
        databases: layout.copies.map((copies, i) => ({ name: n.database(i), copies: copies.map((c) => ({ server: n.server(c.server), preference: c.preference, lagged: c.lagged })) })),
        scenarios: scenarios.map((r) => scenarioJson(r, n, applies(r))),
      }),
    );
    return EXIT.ok;
  }
  out.stdout(
    `${names.dag}: ${design.usersPerDag.toLocaleString("en-US")} mailboxes, ${d.serversPerSite.join(" + ")} servers, ${d.copies} copies${d.laggedCopies ? ` (${d.laggedCopies} lagged)` : ""}, ${d.layout}, ${d.databases} databases (${design.method === "dell" ? "Dell's process" : "Microsoft's calculator's method"})`,
  );
  out.stdout("");
  const width = Math.max(...Array.from({ length: serverCount }, (_, s) => n.server(s).length), 2);
  const first = Math.max(8, n.database(d.databases - 1).length);
  const cell = (text: string, w: number) => text.padStart(w);
  out.stdout(`${"Database".padEnd(first)} ${Array.from({ length: serverCount }, (_, s) => cell(n.server(s), width)).join(" ")}`);
  layout.copies.forEach((copies, i) => {
    const row = Array<string>(serverCount).fill("");
    for (const c of copies) row[c.server] = `${c.preference}${c.lagged ? "L" : ""}`;
    out.stdout(`${n.database(i).padEnd(first)} ${row.map((t) => cell(t, width)).join(" ")}`);
  });
  out.stdout("");
  out.stdout("Scenario: active databases / mailboxes / target IOPS on each running server");
  for (const r of scenarios) {
    if (!applies(r)) {
      out.stdout(`${r.scenario} (${SCENARIO_WORDS[r.scenario]}): does not apply — the DAG has one site`);
      continue;
    }
    if (r.error) {
      out.stdout(`${r.scenario} (${SCENARIO_WORDS[r.scenario]}): not survivable — ${r.error.message}`);
      continue;
    }
    const busiest = r.perServer[r.busiestServer];
    const failed = r.failedServers.length ? `; down: ${r.failedServers.map(n.server).join(", ")}` : "";
    out.stdout(
      `${r.scenario} (${SCENARIO_WORDS[r.scenario]}${failed}): busiest ${n.server(r.busiestServer)} with ${busiest.activeDatabases} databases, ${busiest.activeMailboxes.toLocaleString("en-US")} mailboxes, ${busiest.targetIops} IOPS; ${r.runningServers} servers running`,
    );
    out.stdout(`  ${r.perServer.map((p) => `${n.server(p.server)} ${p.running ? `${p.activeDatabases}/${p.activeMailboxes}/${p.targetIops}` : "down"}`).join(", ")}`);
  }
  return EXIT.ok;
}

// ---------------------------------------------------------------------------------------------
// A DAG given directly

/** A DAG and its names: what the deployment's files are built from (src/workbook/deployment.ts). */
export interface DagOptions {
  design: DagDesign;
  iopsPerMailbox?: number;
  names: DeploymentNames;
}

/** A usage error of parseDagOptions. */
export class LayoutUsageError extends Error {}

/**
 * A DAG given as it is, not sized — servers of each site (`--servers 8,8`), copies, layout, a
 * database count, lagged copies and the names — for tests and scripts that hold a DAG already and
 * want its files (`exportFiles`). No command reads these options: `layout` and `export` read the
 * design's inputs and lay out its own databases.
 */
export function parseDagOptions(args: readonly string[], own: Record<string, boolean> = {}): { options: DagOptions; rest: Map<string, string | true> } {
  const DAG_FLAGS = ["--users", "--servers", "--copies", "--layout", "--databases", "--lagged", "--iops-per-mailbox", "--dag", "--server-prefix", "--database-prefix"];
  const values = new Map<string, string>();
  const rest = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const eq = arg.startsWith("--") ? arg.indexOf("=") : -1;
    const [flag, inline] = eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, undefined];
    const takesValue = DAG_FLAGS.includes(flag) || own[flag] === true;
    if (!takesValue && own[flag] !== false) throw new LayoutUsageError(`unknown option ${JSON.stringify(arg)}`);
    let value: string | true = true;
    if (takesValue) {
      if (inline !== undefined) value = inline;
      else if (args[i + 1] === undefined) throw new LayoutUsageError(`${flag} needs a value`);
      else value = args[++i];
    } else if (inline !== undefined) throw new LayoutUsageError(`${flag} takes no value`);
    if (values.has(flag) || rest.has(flag)) throw new LayoutUsageError(`${flag} given twice`);
    if (DAG_FLAGS.includes(flag)) values.set(flag, value as string);
    else rest.set(flag, value);
  }
  const whole = (flag: string, fallback: number | undefined, min: number, max: number): number | undefined => {
    const text = values.get(flag);
    if (text === undefined) return fallback;
    const n = Number(text.replace(/[,_](?=\d{3}\b)/g, ""));
    if (!Number.isInteger(n) || n < min || n > max) throw new LayoutUsageError(`${flag} must be a whole number from ${min} to ${max.toLocaleString("en-US")}; got ${JSON.stringify(text)}`);
    return n;
  };
  const serversPerSite = (values.get("--servers") ?? "8,8")
    .split(/[,+ ]+/)
    .filter((t) => t !== "")
    .map((t) => {
      const n = Number(t);
      if (!Number.isInteger(n) || n < 1 || n > 16) throw new LayoutUsageError(`--servers must be each site's servers, 1 to 16, e.g. 8,8; got ${JSON.stringify(values.get("--servers"))}`);
      return n;
    });
  const layout = (values.get("--layout") ?? "active/active").toLowerCase().replace(/\s+/g, "");
  if (layout !== "active/active" && layout !== "active/passive") throw new LayoutUsageError(`--layout must be active/active or active/passive; got ${JSON.stringify(values.get("--layout"))}`);
  const iops = values.get("--iops-per-mailbox");
  const iopsPerMailbox = iops === undefined ? 0.121 : Number(iops);
  if (!(iopsPerMailbox > 0 && iopsPerMailbox <= 1000)) throw new LayoutUsageError(`--iops-per-mailbox must be a number above 0; got ${JSON.stringify(iops)}`);
  let names: DeploymentNames;
  try {
    names = readNames(new Map([...values].filter(([flag]) => ["--dag", "--server-prefix", "--database-prefix"].includes(flag))));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    throw new LayoutUsageError(e.message);
  }
  return {
    options: {
      design: {
        users: whole("--users", 7600, 1, 100_000_000)!,
        serversPerSite,
        copies: whole("--copies", 4, 1, 16)!,
        layout: layout as DagDesign["layout"],
        databases: whole("--databases", undefined, 1, 100_000),
        laggedCopies: whole("--lagged", 0, 0, 14),
      },
      iopsPerMailbox,
      names,
    },
    rest,
  };
}

/** Server and database names from the prefixes: MBX01…, DB001… (deploymentNames, which the files use). */
export function layoutNames(options: Pick<DagOptions, "names">, servers: number, databases: number): LayoutNames {
  return deploymentNames(options.names, servers, databases);
}
