/**
 * A design checked as a whole: the combined rules every edge refuses alike — the CLI
 * before it writes a file, the pane before it loads, and the workbook's "Design check" cell, which
 * is Excel's own formula (live in the customer copy too). Each input alone is checked by the
 * functions' parameter rules and the cells' data validation; these rules join inputs.
 *
 * One set of rules, two renderings: `designProblems` in TypeScript and `designCheckFormula` as
 * Excel formula text; tests/workbook/design-check.test.ts holds them equal over random designs.
 */
import { databaseCapacity, mailboxDoesNotFit } from "../engine/database";
import { SizingError } from "../engine/errors";
import type { FactorReference } from "../engine/excel-formulas";
import { databaseFormula, mailboxFitsFormula } from "../engine/rules/dell";
import { MAX_COPIES, MAX_SERVERS, validateLayoutDesign, type DagLayout } from "../engine/layout";
import { EditionError, MAX_COPIES_PER_SERVER, McdbError, REFERENCE_DESIGN_INPUTS, ServerCapacityError, TooManyDatabasesError, dagMailboxesOf, serverDiskOf, sizeDesign, type Design, type DesignTables } from "../engine/design";
import { editionFailsFormula } from "../engine/version";
import { mcdbVersionFormula } from "../engine/microsoft/mcdb";
import { FACTOR_DEFAULTS, type Factors } from "../engine/tables";
import { INPUT_PARAMETERS } from "../functions/worksheet";
import type { InputRule } from "./model";
import { databasesPerDagProblem, environmentProblem, environmentUsersOf, laggedCopiesProblem, MAX_MICROSOFT_MAILBOXES, MAX_MICROSOFT_MESSAGE_KB, MAX_MICROSOFT_MESSAGES, microsoftMethodProblem, type DesignInputs, type WorkbookInputs } from "../engine/design/inputs";

export interface DesignProblem {
  /** The inputs the rule joins, by their defined names on the Inputs sheet: ["QuotaMB", "MaxDatabaseGB"]. */
  inputs: string[];
  /** What is wrong and what would be right, in the words the functions use (the CLI prints it). */
  message: string;
  /** The same in one sentence without figures: what the workbook's Design check cell shows. */
  summary: string;
}

/** What the Design check cell shows for a design that can be built. */
export const DESIGN_OK = "OK: the inputs make a design that can be built.";
/** How every problem the cell shows begins (the cell is highlighted red on it). */
export const NOT_A_DESIGN = "Not a design:";

const SUMMARIES = {
  mailbox: `${NOT_A_DESIGN} a mailbox, with its overheads, cannot fit the largest database. Raise the maximum database size or lower the quota.`,
  databases: `${NOT_A_DESIGN} it needs more databases than a design can hold (${INPUT_PARAMETERS.databases.max.toLocaleString("en-US")}). Raise the maximum database size.`,
  dagServers: `${NOT_A_DESIGN} a DAG has at most ${MAX_SERVERS} servers.`,
  servers: `${NOT_A_DESIGN} the servers cannot hold the copies: each copy of a database needs a server of its own, in each site as the copies are spread.`,
  // Short: the Design check's formula holds it within Excel's 8,192 characters at the longest sheet names.
  deployed: `${NOT_A_DESIGN} its databases cannot be deployed: over ${INPUT_PARAMETERS.databases.max.toLocaleString("en-US")} in all, over 100 copies a server, or more than the server disk holds. The Design sheet's count says why.`,
  lagged: `${NOT_A_DESIGN} too many lagged copies: at most copies − 2, so two copies can be activated (none with one copy). Lower the lagged copies, or add copies.`,
  environment: `${NOT_A_DESIGN} Mailboxes in the environment must be empty, 0 (one DAG) or a whole number of at least a DAG's mailboxes (Users, or by Microsoft's method every mailbox tier's).`,
  edition: `${NOT_A_DESIGN} a server holds more database copies than the Standard edition mounts (5). Choose Enterprise, add servers, or raise the maximum database size.`,
  mcdb: `${NOT_A_DESIGN} MCDB is on, but MCDB SSDs are Exchange 2019's and SE's, beside JBOD database disks by Microsoft's method (three or more copies a failure can activate). Choose MCDB auto or off, or such a design.`,
  volumes: `${NOT_A_DESIGN} the databases a volume set (Databases a disk's volume) fit no volume of the server disk. Set fewer, 0 for the most that fit, or choose a larger disk.`,
  setDatabases: `${NOT_A_DESIGN} a set database count (Databases a DAG) is Microsoft's method's; Dell's process counts from the maximum database size. Leave it empty, or choose Microsoft's method.`,
  method: `${NOT_A_DESIGN} Microsoft's method sizes DAGs of 2 or more copies, up to ${MAX_MICROSOFT_MAILBOXES.toLocaleString("en-US")} mailboxes, more than 0 and up to ${MAX_MICROSOFT_MESSAGES} messages a day of up to ${MAX_MICROSOFT_MESSAGE_KB.toLocaleString("en-US")} KB. Choose Dell's method, or change the copies, mailboxes or messages.`,
} as const;
/** The Design check's words for databases that cannot be deployed (the Design sheet's deployed check writes them too). */
export const DEPLOYED_SUMMARY = SUMMARIES.deployed;
/** The Design check's words for a set count of databases a volume that no volume of the disk holds (the Design sheet's deployed check writes them). */
export const VOLUMES_SUMMARY = SUMMARIES.volumes;

/**
 * The environment's verdict, for a cell of its own that the Design check reads: environmentProblem
 * and EnvironmentUsers's own rule in one clause and one message (its summary; "" when it is fine) —
 * empty or 0, else a whole number from a DAG's mailboxes (`users`: Users, or by Microsoft's method every
 * tier's, methods.ts dagMailboxesFormula; a negative is below it) to the rule's most.
 */
export function environmentCheckFormula(environmentUsers: string, users: string): string {
  const e = environmentUsers;
  const fails = `IF(ISNUMBER(${e}),OR(${e}>${INPUT_PARAMETERS.environmentUsers.max},ROUNDDOWN(${e},0)<>${e},AND(${e}<>0,${e}<${users})),LEN(${e}&"")>0)`;
  return `IF(${fails},"${SUMMARIES.environment.replace(/"/g, '""')}","")`;
}

/**
 * Inputs' own rules in a cell of their own, as the Design check words them ("" when each holds): the
 * Design check reads the cell, so its formula stays within Excel's 8,192 characters (the server
 * disks' four inputs).
 */
export function rulesCheckFormula(rules: ReadonlyArray<{ name: string; label: string; rule: InputRule }>, setDatabasesFail?: string): string {
  return ruleChain(rules, setDatabasesFail === undefined ? '""' : `IF(${setDatabasesFail},"${SUMMARIES.setDatabases.replace(/"/g, '""')}","")`);
}

/**
 * databasesPerDagProblem (src/engine/design/inputs.ts) as a formula: a set database count (not empty,
 * not 0) on a design Dell's process sizes — methodOf: "dell", or "auto" for Exchange 2010 or one copy.
 */
export function databasesPerDagFailsFormula(n: { databasesPerDag: string; method: string; exchangeVersion: string; copies: string }): string {
  const set = `AND(ISNUMBER(${n.databasesPerDag}),${n.databasesPerDag}<>0)`;
  const dell = `OR(${n.method}="dell",AND(${n.method}="auto",OR(${n.exchangeVersion}=2010,${n.copies}<2)))`;
  return `AND(${set},${dell})`;
}

/** Each rule in turn, the first broken one's message, else `rest`. */
function ruleChain(rules: ReadonlyArray<{ name: string; label: string; rule: InputRule }>, rest: string): string {
  return rules.reduceRight((after, r) => `IF(NOT(${inputRuleFormula(r.name, r.rule)}),"${`${NOT_A_DESIGN} ${r.label}: ${r.rule.error}.`.replace(/"/g, '""')}",${after})`, rest);
}

/** Every combined rule the design breaks; none for a design that can be built. */
export function designProblems(inputs: DesignInputs & Partial<Pick<WorkbookInputs, "method">>, factors: Factors = FACTOR_DEFAULTS, tables: Pick<DesignTables, "ownServerDisks" | "tiers"> = {}): DesignProblem[] {
  const problems = designRuleProblems(inputs, factors, tables);
  if (problems.length === 0) problems.push(...deployedProblems(inputs, factors, tables));
  return problems;
}

/**
 * The combined rules before the engine sizes the design: a caller that sizes it anyway (a search,
 * src/cli/fit.ts) reads these and then sizeDesign's refusal once, where designProblems sizes it twice.
 */
export function designRuleProblems(inputs: DesignInputs & Partial<Pick<WorkbookInputs, "method">>, factors: Factors = FACTOR_DEFAULTS, tables: Pick<DesignTables, "tiers"> = {}): DesignProblem[] {
  const problems: DesignProblem[] = [];
  // First, as the Design check reads it with the server disks' rules (their hidden cell).
  const setDatabases = databasesPerDagProblem({ ...inputs, method: inputs.method ?? "auto" });
  if (setDatabases !== undefined) problems.push({ inputs: ["DatabasesPerDag", "Method", "ExchangeVersion", "Copies"], message: setDatabases, summary: SUMMARIES.setDatabases });
  const method = microsoftMethodProblem({ ...inputs, method: inputs.method ?? "auto" });
  if (method !== undefined) problems.push({ inputs: ["Method", "ExchangeVersion", "Copies", "MessagesPerDay", "MessageKB", "Users"], message: method, summary: SUMMARIES.method });
  const lagged = laggedCopiesProblem(inputs);
  if (lagged !== undefined) problems.push({ inputs: ["LaggedCopies", "Copies"], message: lagged, summary: SUMMARIES.lagged });
  // The engine's environmentOf, in its words: several DAGs hold at least one DAG's mailboxes (every tier's by Microsoft's method).
  const dag = dagMailboxesOf({ ...inputs, method: inputs.method ?? "auto" }, tables);
  const environment = environmentProblem(dag.mailboxes, environmentUsersOf(inputs), dag.counted);
  if (environment !== undefined) problems.push({ inputs: ["EnvironmentUsers", "Users"], message: environment, summary: SUMMARIES.environment });
  // The engine itself, past the single-input limits (those are each input's own rule).
  const mailbox = databaseCapacity(1, inputs.quotaMB, inputs.messagesPerDay, inputs.messageKB, Infinity, factors).mailboxOnDiskMB;
  const fits = (mailbox * factors.growth) / 1024 <= inputs.maxDatabaseGB;
  const count = fits ? databaseCapacity(inputs.users, inputs.quotaMB, inputs.messagesPerDay, inputs.messageKB, inputs.maxDatabaseGB, factors).databaseCount : undefined;
  if (!fits) {
    problems.push({ inputs: ["QuotaMB", "MaxDatabaseGB"], message: mailboxDoesNotFit(mailbox * factors.growth, inputs.maxDatabaseGB), summary: SUMMARIES.mailbox });
  } else if (count !== undefined && count > INPUT_PARAMETERS.databases.max) {
    problems.push({
      inputs: ["Users", "QuotaMB", "MaxDatabaseGB"],
      message: `users, quotaMB and maxDatabaseGB: the design needs ${count.toLocaleString("en-US")} databases, more than ${INPUT_PARAMETERS.databases.max.toLocaleString("en-US")}; raise maxDatabaseGB`,
      summary: SUMMARIES.databases,
    });
  }
  try {
    validateLayoutDesign({
      serversPerSite: inputs.serversSite2 === "" ? [inputs.serversSite1] : [inputs.serversSite1, inputs.serversSite2],
      copies: inputs.copies,
      layout: inputs.dagLayout as DagLayout,
      databases: 1,
      laggedCopies: lagged === undefined ? (inputs.laggedCopies ?? 0) : 0,
    });
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    // Too many servers is the servers' fault alone, not the copies' (9 + 8 servers).
    const serverCount = inputs.serversSite1 + (inputs.serversSite2 === "" ? 0 : inputs.serversSite2);
    if (serverCount > MAX_SERVERS) problems.push({ inputs: ["ServersFirstSite", "ServersSecondSite"], message: `servers: ${e.message}`, summary: SUMMARIES.dagServers });
    else problems.push({ inputs: ["Copies", "ServersFirstSite", "ServersSecondSite", "DagLayout"], message: `copies and servers: ${e.message}`, summary: SUMMARIES.servers });
  }
  return problems;
}

/** The databases the design deploys (each method's count balanced over the layout) have limits of their own: the engine says which. */
function deployedProblems(inputs: DesignInputs & Partial<Pick<WorkbookInputs, "method">>, factors: Factors, tables: Pick<DesignTables, "ownServerDisks">): DesignProblem[] {
  try {
    // The count reads the server disk where the calculator deploys JBOD; a disk no table
    // names is its own rule's (the Hardware sheet's rows may name it): the calculator's is counted then.
    const given = { ...REFERENCE_DESIGN_INPUTS, ...inputs, serverDisk: knownDisk(inputs, tables) };
    return unlaidProblems(given, sizeDesign(given, { factors, ...tables }), { factors, ...tables });
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return [deployedProblem(e)];
  }
}

/**
 * What a sized design asks for and cannot be given, by Microsoft's method on JBOD with no server disk
 * holding its volumes: a set count of databases a volume (nothing to lay out: the counts from 1 to the
 * copies that can be laid are named), and MCDB "on" (no database disks to put the SSDs beside).
 */
function unlaidProblems(inputs: WorkbookInputs, design: Design, tables: DesignTables): DesignProblem[] {
  if (design.method !== "microsoft" || design.microsoft?.jbod !== true || design.serverDisks !== undefined || design.serverDisksProblem === undefined) return [];
  const problem = design.serverDisksProblem.replace(/^disk: /, "");
  const disk = serverDiskOf(inputs, tables).name;
  const problems: DesignProblem[] = [];
  if (inputs.mcdb === "on") {
    problems.push({
      inputs: ["MCDB", "ServerDisk", "DatabasesPerVolume"],
      message: `mcdb: "on" needs the servers' JBOD database disks to put the SSDs beside, and this design's server disks cannot hold its volumes (${problem}) — choose "auto" or "off", or a disk that holds them`,
      summary: SUMMARIES.mcdb,
    });
  }
  const set = inputs.databasesPerVolume ?? 0;
  if (set > 0) {
    const fits: number[] = [];
    for (let v = 1; v <= Math.max(inputs.copies, 1); v++) {
      if (v === set) continue;
      try {
        if (sizeDesign({ ...inputs, databasesPerVolume: v }, tables).serverDisks !== undefined) fits.push(v);
      } catch (e) {
        if (!(e instanceof SizingError)) throw e;
      }
    }
    const what = fits.length > 0 ? `set ${fits.join(" or ")} (what fits the ${disk}), 0 for the most that fit, or a larger disk` : `no count fits the ${disk}: choose a larger disk`;
    problems.push({ inputs: ["DatabasesPerVolume", "ServerDisk"], message: `databasesPerVolume: ${set} databases a volume cannot be laid out (${problem}); ${what}`, summary: SUMMARIES.volumes });
  }
  return problems;
}

/** sizeDesign's refusal of inputs that pass the combined rules, as the Design check words it. */
export function deployedProblem(e: SizingError): DesignProblem {
  if (e instanceof EditionError) return { inputs: ["Edition", "Copies", "ServersFirstSite", "ServersSecondSite", "MaxDatabaseGB"], message: e.message, summary: SUMMARIES.edition };
  // Servers that cannot carry the design: the sentence holds its figures (the Design sheet's server refusal row).
  if (e instanceof ServerCapacityError) return { inputs: ["CoresPerServer", "SpecIntRate", "ExchangeVersion", "Users", "ServersFirstSite", "ServersSecondSite"], message: e.message, summary: e.summary };
  if (e instanceof McdbError) return { inputs: ["MCDB", "ExchangeVersion", "Method", "Copies", "LaggedCopies", "ServersFirstSite", "ServersSecondSite"], message: e.message, summary: SUMMARIES.mcdb };
  // The server disk counts a JBOD design's databases: it is named with the servers.
  const inputNames = e instanceof TooManyDatabasesError ? ["Users", "QuotaMB", "MaxDatabaseGB", "ServersFirstSite", "ServersSecondSite"] : ["Users", "Copies", "ServersFirstSite", "ServersSecondSite", "ServerDisk"];
  return { inputs: inputNames, message: e.message, summary: SUMMARIES.deployed };
}

/** The inputs' server disk where a catalogue or the tables name it, else undefined (the calculator's). */
function knownDisk(inputs: Pick<DesignInputs, "serverDisk">, tables: Pick<DesignTables, "ownServerDisks">): string | undefined {
  try {
    serverDiskOf(inputs, tables);
    return inputs.serverDisk;
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return undefined;
  }
}

/**
 * What the Design check cell shows for these inputs: the first combined rule broken, else the design's
 * first warning (a server past its version's recommended cores or memory: sizeDesign's warnings), else
 * DESIGN_OK. `tables` as the workbook's (tiers, Microsoft's factors) when it has any.
 */
export function designCheckText(inputs: DesignInputs & Partial<WorkbookInputs>, factors: Factors = FACTOR_DEFAULTS, tables: Omit<DesignTables, "factors"> = {}): string {
  const problems = designProblems(inputs, factors, tables);
  if (problems.length > 0) return problems[0].summary;
  try {
    return sizeDesign({ ...REFERENCE_DESIGN_INPUTS, ...inputs, serverDisk: knownDisk(inputs, tables) }, { ...tables, factors }).warnings[0]?.summary ?? DESIGN_OK;
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return DESIGN_OK;
  }
}

/**
 * What the Design check shows for a design that deploys, in a cell of its own: SUMMARIES.edition when
 * the deployed copies a server (databases × copies ÷ servers) pass the edition's mounted databases
 * (src/engine/version.ts editionProblem), else `otherwise` (the server-limits cell: a warning or "").
 */
export function editionCheckFormula(edition: string, version: string, deployedDatabases: string, copies: string, servers: string, otherwise: string): string {
  return `IF(${editionFailsFormula(edition, version, deployedDatabases, copies, `SUM(${servers})`)},"${SUMMARIES.edition.replace(/"/g, '""')}",${otherwise})`;
}

/**
 * MCDB "on" where it cannot be (mcdb.ts mcdbOnProblem), for a hidden cell beside the input that the
 * Design sheet's deployed check reads: SUMMARIES.mcdb when the version is not 2019 or SE, the design is
 * Dell's, or the calculator's choice (`jbod`, the Methods sheet's helper) is RAID; else "".
 */
export function mcdbCheckFormula(mcdb: string, version: string, methodUsed: string, jbod: string, disks?: string): string {
  // On JBOD with no server disks holding the volumes there are no database disks to give SSDs (sizeDesign).
  const noDisks = disks === undefined ? "" : `,NOT(ISNUMBER(${disks}))`;
  return `IF(AND(${mcdb}="on",OR(NOT(${mcdbVersionFormula(version)}),${methodUsed}<>"microsoft",NOT(${jbod})${noDisks})),"${SUMMARIES.mcdb.replace(/"/g, '""')}","")`;
}

/**
 * The copies, active and passive, on the busiest server of the deployed count (src/engine/layout.ts
 * serverCopiesBySite): each site holds, of the databases homed in each site (in proportion to its
 * servers; all in site 1 for active/passive), the copies round-robin gives it, spread over its servers.
 * Its own cell, which the Design check compares with 100: the check is near Excel's 8,192 characters.
 */
export function copiesPerServerFormula(n: Pick<DesignCheckNames, "copies" | "serversSite1" | "serversSite2" | "dagLayout"> & { deployedDatabases: string }): string {
  const [n1, n2, D, c] = [n.serversSite1, n.serversSite2, n.deployedDatabases, n.copies];
  const [p0, p1] = [`ROUNDUP(${c}/2,0)`, `ROUNDDOWN(${c}/2,0)`];
  const homed = `IF(${n.dagLayout}="active/passive",0,${n2}/(${n1}+${n2}))`;
  const site1 = `IF(ISNUMBER(${n2}),${D}*((1-${homed})*${p0}+${homed}*${p1})/${n1},${D}*${c}/${n1})`;
  const site2 = `IF(ISNUMBER(${n2}),${D}*((1-${homed})*${p1}+${homed}*${p0})/${n2},0)`;
  // The tolerance is written out: HyperFormula, which the tests recalculate the customer copy with, cannot parse 1E-9.
  return `MAX(ROUNDUP(${site1}-0.000000001,0),ROUNDUP(${site2}-0.000000001,0))`;
}

/** The defined names (or cells) the check reads. */
export interface DesignCheckNames {
  users: string;
  quotaMB: string;
  messagesPerDay: string;
  messageKB: string;
  maxDatabaseGB: string;
  copies: string;
  /** Lagged copies of each database (omitted: none). */
  laggedCopies?: string;
  /** The environment's verdict, a cell holding environmentCheckFormula (omitted: one DAG). */
  environmentCheck?: string;
  /** The server disks' inputs' own rules, a cell holding rulesCheckFormula (omitted: none). */
  serverDisksCheck?: string;
  serversSite1: string;
  /** Empty: one site. */
  serversSite2: string;
  dagLayout: string;
  method: string;
  exchangeVersion: string;
  factor: FactorReference;
  /** The databases the design deploys (the Design sheet's cell): past the limits, or an error, is no design. */
  deployedDatabases?: string;
  /**
   * The Design sheet's cell of what a design that deploys shows instead of OK (editionCheckFormula): the
   * edition's refusal, else a server past its version's recommended cores or memory (a warning); "" for neither.
   */
  deployedCheck?: string;
  /** A cell holding copiesPerServerFormula (omitted: not checked). */
  copiesPerServerCheck?: string;
  /** Every input's cell (defined name), label and rule: a value pasted past data validation is no design either. */
  rules?: ReadonlyArray<{ name: string; label: string; rule: InputRule }>;
}

/** Whether a cell holds what its rule allows, in Excel's own functions (no ISBLANK or INT: LibreOffice and HyperFormula read these alike). */
export function inputRuleFormula(name: string, rule: InputRule): string {
  const blank = `LEN(${name}&"")=0`;
  const allowBlank = rule.allowBlank ? "TRUE()" : "FALSE()";
  if (rule.kind === "list") {
    // A name of the range exactly, case aside: "=" keeps COUNTIF from reading the text as a comparison (<>x), and a
    // text holding COUNTIF's wildcards (* ? ~) names no row (8TB* would match the first 8 TB disk).
    const noWildcard = ["*", "?", "~"].map((c) => `COUNTIF(${name},"*~${c}*")`).join("+") + "=0";
    if (rule.range !== undefined) return `IF(${blank},${allowBlank},AND(${noWildcard},IFERROR(COUNTIF(${rule.range},"="&${name})>0,FALSE())))`;
    // A choice that reads as a number (2016) may be held as one.
    const choices = rule.values.flatMap((v) => (/^\d+(\.\d+)?$/.test(v) ? [`${name}=${v}`, `${name}="${v}"`] : [`${name}="${v.replace(/"/g, '""')}"`]));
    return `IF(${blank},${allowBlank},OR(${choices.join(",")}))`;
  }
  if (rule.kind === "text") return `IF(${blank},${allowBlank},AND(LEN(${name})<=${rule.maxLength},ISERROR(FIND(CHAR(10),${name})),ISERROR(FIND(LEFT(${name},1),"=+-@"))))`;
  const bounds = [`${name}${rule.aboveMin ? ">" : ">="}${rule.min}`, `${name}<=${rule.max}`, ...(rule.kind === "whole" ? [`ROUNDDOWN(${name},0)=${name}`] : [])];
  return `IF(${blank},${allowBlank},IF(ISNUMBER(${name}),AND(${bounds.join(",")}),FALSE()))`;
}

/**
 * The Design check cell: the first rule broken, in `designProblems`' order, or DESIGN_OK. Copies
 * spread round-robin from the active copy's site (src/engine/layout.ts): with two sites, site j of
 * the spread holds ROUNDUP(c/2) or ROUNDDOWN(c/2); active/active homes databases in both sites.
 */
export function designCheckFormula(n: DesignCheckNames): string {
  const args = { users: n.users, quotaMB: n.quotaMB, messagesPerDay: n.messagesPerDay, messageKB: n.messageKB, maxDatabaseGB: n.maxDatabaseGB };
  const fits = mailboxFitsFormula(args, n.factor);
  const count = databaseFormula("count", args, n.factor);
  const twoSites = `ISNUMBER(${n.serversSite2})`;
  const first = `ROUNDUP(${n.copies}/2,0)`;
  const second = `ROUNDDOWN(${n.copies}/2,0)`;
  const tooManyServers = `${n.serversSite1}+IF(${twoSites},${n.serversSite2},0)>${MAX_SERVERS}`;
  const serversHold =
    `AND(${n.copies}<=${MAX_COPIES},` +
    `IF(${twoSites},AND(${first}<=${n.serversSite1},` +
    `IF(${n.dagLayout}="active/passive",${second}<=${n.serversSite2},${first}<=${n.serversSite2})),` +
    `${n.copies}<=${n.serversSite1}))`;
  const text = (t: string) => `"${t.replace(/"/g, '""')}"`;
  // microsoftMethodProblem: Microsoft's method (chosen, or auto for 2013+ DAGs) with one copy, no or above 500 messages, too large messages or mailboxes.
  const microsoft = `OR(${n.method}="microsoft",AND(${n.method}="auto",${n.exchangeVersion}<>2010,${n.copies}>=2))`;
  const methodFails = `AND(${microsoft},OR(${n.copies}<2,${n.messagesPerDay}>${MAX_MICROSOFT_MESSAGES},${n.messagesPerDay}<=0,${n.messageKB}>${MAX_MICROSOFT_MESSAGE_KB},${n.users}>${MAX_MICROSOFT_MAILBOXES}))`;
  // laggedCopiesProblem: at most copies − 2 lagged (none with one copy).
  const laggedFails = n.laggedCopies === undefined ? "FALSE()" : `${n.laggedCopies}>MAX(0,${n.copies}-2)`;
  // The environment's verdict is its own cell's (environmentCheckFormula): this formula is near Excel's 8,192 characters.
  const environmentFails = n.environmentCheck === undefined ? "FALSE()" : `LEN(${n.environmentCheck})>0`;
  const deployed = n.deployedDatabases;
  const mounts = n.copiesPerServerCheck === undefined ? "TRUE()" : `${n.copiesPerServerCheck}<=${MAX_COPIES_PER_SERVER}`;
  // The edition's refusal, else the version's warning, in a cell of its own (this formula is near Excel's 8,192 characters).
  const ok = text(DESIGN_OK);
  const editionChecked = n.deployedCheck === undefined ? ok : `IF(LEN(IFERROR(${n.deployedCheck},""))>0,${n.deployedCheck},${ok})`;
  const last = deployed === undefined ? ok : `IF(IFERROR(AND(${deployed}<=${INPUT_PARAMETERS.databases.max},${mounts}),FALSE()),${editionChecked},${text(SUMMARIES.deployed)})`;
  const serverDisksFails = n.serverDisksCheck === undefined ? "FALSE()" : `LEN(${n.serverDisksCheck})>0`;
  const combined =
    `IF(${serverDisksFails},${n.serverDisksCheck ?? '""'},` +
    `IF(${methodFails},${text(SUMMARIES.method)},` +
    `IF(${laggedFails},${text(SUMMARIES.lagged)},` +
    `IF(${environmentFails},${n.environmentCheck},` +
    `IF(NOT(${fits}),${text(SUMMARIES.mailbox)},` +
    `IF(${count}>${INPUT_PARAMETERS.databases.max},${text(SUMMARIES.databases)},` +
    `IF(${tooManyServers},${text(SUMMARIES.dagServers)},` +
    `IF(NOT(${serversHold}),${text(SUMMARIES.servers)},${last}))))))))`;
  // Each input by its own rule first: a value pasted past data validation (Copies 0, Users 1.5) is named.
  return ruleChain(n.rules ?? [], combined);
}

// ---------------------------------------------------------------------------------------------
// The table of every input's limits and every combined rule: docs/whole-design.md and the help page
// show it; tests/workbook/limits-table.test.ts holds both to this.

export interface LimitRow {
  input: string;
  name: string;
  rule: string;
}

/** Each input's rule, then each factor's, in words: what the cell's data validation and the functions accept. */
export function inputLimitRows(rows: ReadonlyArray<{ name: string; label: string; rule: InputRule }>, factors: ReadonlyArray<{ name: string; rule: InputRule }>): LimitRow[] {
  const words = (rule: InputRule): string => {
    if (rule.kind === "list") return `one of: ${rule.values.join(", ")}`;
    if (rule.kind === "text") return `text: one line of up to ${rule.maxLength} characters, not starting with = + - or @ (or empty)`;
    const kind = rule.kind === "whole" ? "a whole number" : "a number";
    const n = (x: number) => x.toLocaleString("en-US", { maximumFractionDigits: 6 });
    const low = rule.aboveMin ? `above ${n(rule.min)}` : `from ${n(rule.min)}`;
    return `${kind} ${low} ${rule.aboveMin ? "up " : ""}to ${n(rule.max)}${rule.allowBlank ? " (or empty)" : ""}`;
  };
  return [
    ...rows.map((r) => ({ input: r.label, name: r.name, rule: words(r.rule) })),
    ...factors.map((f) => ({ input: `factor ${f.name}`, name: f.name, rule: words(f.rule) })),
  ];
}

/** The combined rules, each with the inputs it joins: the Design check cell's sentences. */
export const COMBINED_RULES: ReadonlyArray<{ inputs: string; rule: string }> = [
  { inputs: "QuotaMB, MessagesPerDay, MessageKB, growth, MaxDatabaseGB", rule: "a mailbox on disk, times growth, fits the largest database (a mailbox lives in one database)" },
  { inputs: "Users, QuotaMB, MaxDatabaseGB", rule: `at most ${INPUT_PARAMETERS.databases.max.toLocaleString("en-US")} databases` },
  { inputs: "LaggedCopies, Copies", rule: "at most copies − 2 lagged copies: two copies a failure can activate (none with one copy)" },
  { inputs: "DatabasesPerDag, Method, ExchangeVersion, Copies", rule: "a set database count (not empty or 0) only where Microsoft's method sizes the design: Dell's process counts from MaxDatabaseGB" },
  { inputs: "EnvironmentUsers, Users", rule: "the environment's mailboxes, when given (not empty or 0), at least a DAG's users: it is DAGs of Users each" },
  { inputs: "Copies, ServersFirstSite, ServersSecondSite, DagLayout", rule: "each copy of a database on a server of its own: copies spread round-robin over the sites from the active copy's site, and each site has a server for each copy it holds" },
  { inputs: "Edition, Copies, ServersFirstSite, ServersSecondSite, MaxDatabaseGB", rule: "the database copies a server holds (databases × copies ÷ servers) at most the Standard edition's 5 mounted databases (Exchange 2013 and later; Enterprise's 100 is Microsoft's method's own check)" },
  { inputs: "MCDB, ExchangeVersion, Method, Copies, LaggedCopies, ServersFirstSite, ServersSecondSite", rule: "MCDB on only for Exchange 2019 or SE on JBOD database disks by Microsoft's method (three or more copies a failure can activate); auto gives them there, off never" },
  { inputs: "CoresPerServer, SpecIntRate, ExchangeVersion, Users, ServersFirstSite, ServersSecondSite", rule: "servers that carry the worst survivable failure: for Exchange 2019 and SE at most the 48 cores a server Microsoft supports; by Microsoft's method at a SPECint2006 rate, the busiest server's CPU utilisation of the worst failure at most the calculator's 80% target" },
];

/** The table in Markdown, as docs/whole-design.md holds it. */
export function limitsMarkdown(limits: readonly LimitRow[]): string {
  return [
    "| input | defined name | what it accepts |",
    "|---|---|---|",
    ...limits.map((l) => `| ${l.input} | \`${l.name}\` | ${l.rule} |`),
    "",
    "| combined rule | inputs it joins |",
    "|---|---|",
    ...COMBINED_RULES.map((r) => `| ${r.rule} | ${r.inputs} |`),
  ].join("\n");
}
