/** The databases a design deploys and the volumes that hold them (Dell: Tables 18-19; Microsoft: Role Requirements, Volume Requirements). */
import { cite } from "../papers";
import { MAX_COPIES } from "../layout";
import { DEFAULT_MAX_DATABASE_GB } from "../tables";
import { capitalized, choiceInputRule, numberInputRule, valueOf, type InputDeclaration } from "./input";
import type { Quantity } from "./quantity";

const BOTH = `${cite("dell", "Tables 18-19")}; ${cite("microsoft", "Role Requirements!C79, Volume Requirements")}`;

/** Input!G36's choices: the calculator's own maximum database size, or MaxDatabaseGB where smaller. */
export const MAX_DATABASE_SIZE_CONFIGURATIONS = ["default", "custom"] as const;

/** Input!G33's choices: Replay Lag Manager off (the calculator's default) or on. */
export const REPLAY_LAG_MANAGER_CHOICES = ["no", "yes"] as const;

export const DATABASE_QUANTITIES = [
  { key: "databases", label: "Databases", unit: "", digits: 0, source: BOTH, value: (d) => d.databases },
  { key: "mailboxesPerDatabase", label: "Mailboxes per database", unit: "", digits: 2, source: BOTH, value: (d) => d.mailboxesPerDatabase },
  // The mailbox as its database holds it: quota, white space and dumpster (Dell, Table 18's MBU; Microsoft, Role Requirements!C22, every tier's weighted).
  { key: "mailboxOnDiskMB", label: "Mailbox size on disk", unit: "MB", digits: 2, source: `${cite("dell", "Table 18")}; ${cite("microsoft", "Role Requirements!C22")}`, value: (d) => d.mailboxOnDiskMB },
  // One database volume and one log volume a database, as the papers lay them (Dell, Tables 18-19).
  { key: "databaseVolumes", label: "Database volumes", unit: "", digits: 0, source: BOTH, value: (d) => d.databases },
  { key: "databaseVolumeGB", label: "Database volume", unit: "GB", digits: 0, source: BOTH, value: (d) => d.databaseVolumeGB },
  { key: "logVolumes", label: "Log volumes", unit: "", digits: 0, source: BOTH, value: (d) => d.databases },
  { key: "logVolumeGB", label: "Log volume", unit: "GB", digits: 0, source: BOTH, value: (d) => d.logVolumeGB },
] as const satisfies readonly Quantity[];

export const DATABASE_INPUTS = [
  {
    key: "copies", value: valueOf<number>(), defaultValue: 2, label: "Database copies", unit: "copies", name: "Copies", group: "dag",
    what: "DAG copies of each database (1 = stand-alone)", source: cite("dell", "3.4.2"),
    rule: numberInputRule("copies", { min: 1, max: MAX_COPIES, integer: true }, "Database copies (1 = stand-alone, a DAG has up to 16)"),
  },
  {
    // At most copies − 2, so a DAG keeps two copies a failure can activate (Input!C30 offers 0, 2, 3 … HA copies): design-check.ts.
    key: "laggedCopies", value: valueOf<number>(), optional: true, defaultValue: 0, label: "Lagged copies", unit: "copies", name: "LaggedCopies",
    option: "--lagged", aliases: ["--lagged-copies"], group: "dag",
    what: "How many of the copies replay with a lag: counted for storage, never activated; at most copies − 2 (0 = none)", source: cite("microsoft", "Input!C31"),
    rule: numberInputRule("laggedCopies", { min: 0, max: MAX_COPIES - 2, integer: true }, "Lagged copies of each database, counted among the copies and never activated (0 = none)"),
  },
  {
    // 7 days: the calculator's example (Input!G31 = 168 hours); 14, Exchange's longest replay lag.
    key: "lagDays", value: valueOf<number>(), optional: true, defaultValue: 7, label: "Replay lag", unit: "days", name: "LagDays", group: "dag",
    what: "The lagged copies' replay lag: Microsoft's log space keeps it, the export sets it (-ReplayLagTime); read only with a lagged copy",
    source: cite("microsoft", "Input!G31"),
    rule: numberInputRule("lagDays", { above: 0, max: 14 }, "The lagged copies' replay lag in days, up to Exchange's 14"),
  },
  {
    // The calculator's Input!G33 (ReplayLagManagerEnabled): with it on, a site's loss lets the other site activate its lagged
    // copies, so its servers are sized for one or two more failures there (Role Requirements!C127:C129, C107).
    key: "replayLagManager", checkedApart: true, value: valueOf<(typeof REPLAY_LAG_MANAGER_CHOICES)[number]>(), optional: true, defaultValue: REPLAY_LAG_MANAGER_CHOICES[0],
    label: "Replay Lag Manager", unit: "", name: "ReplayLagManager", group: "dag", choiceText: capitalized,
    what: 'Microsoft\'s method: "yes": after a site fails, the other site\'s lagged copies may activate, so its servers carry more; "no": never',
    source: cite("microsoft", "Input!G33; Role Requirements!C107, C127:C129"),
    rule: choiceInputRule("replayLagManager", REPLAY_LAG_MANAGER_CHOICES, "Microsoft's method: Replay Lag Manager activates lagged copies after a site fails (yes) or not (no)"),
    microsoftFactor: { name: "replayLagManager", of: (v) => (v === "yes" ? 1 : 0), formula: (input) => `IF(${input}="yes",1,0)` },
  },
  {
    key: "maxDatabaseGB", value: valueOf<number>(), defaultValue: DEFAULT_MAX_DATABASE_GB, label: "Maximum database size", unit: "GB", name: "MaxDatabaseGB",
    aliases: ["--max-db"], group: "dag",
    what: 'The largest database allowed, in GB: Dell\'s process\'s; Microsoft\'s method\'s with the maximum database size configuration "custom"',
    source: `${cite("dell", "3.4.2")}; ${cite("microsoft", "Input!G37")}`,
    rule: numberInputRule("maxDatabaseGB", { above: 0, max: 1_000_000 }, "The largest database in GB"),
  },
  {
    // The calculator's default, "Default", keeps its own maximum (Role Requirements!C62); "custom" is its
    // "Custom" (Input!G36, G37 the size): C63, the largest database sized, is then the smaller of the two.
    key: "maxDatabaseSizeConfiguration", checkedApart: true, value: valueOf<string>(), optional: true, defaultValue: "default", label: "Maximum database size configuration", unit: "",
    name: "MaxDatabaseSizeConfiguration", option: "--max-db-config", group: "dag", choiceText: capitalized,
    what: 'Microsoft\'s method: "default" sizes databases up to its own maximum (2,000 GB on RAID, the disk\'s on JBOD, 200 GB stand-alone); "custom" up to the smaller of that and MaxDatabaseGB',
    source: cite("microsoft", "Input!G36:G37, Role Requirements!C62:C63"),
    rule: choiceInputRule("maxDatabaseSizeConfiguration", MAX_DATABASE_SIZE_CONFIGURATIONS, "Microsoft's method: its own maximum database size (default) or MaxDatabaseGB where smaller (custom)"),
  },
  {
    // A count set by hand: the calculator keeps it as it rounds its own count, plus its remainder of the disk
    // group and at most the most a DAG supports (Role Requirements!C65, C79). Dell EMC's design sets 336 (§4: 42 disks of
    // 2 databases on each of 16 servers, 4 copies). Microsoft's method only: databasesPerDagProblem, design-check.ts.
    key: "databasesPerDag", checkedApart: true, value: valueOf<number | "">(), optional: true, defaultValue: "", label: "Databases a DAG, as set", unit: "databases",
    name: "DatabasesPerDag", group: "dag", hint: "Empty for the method's own count (Microsoft's method)",
    what: "Microsoft's method: the DAG's databases as you set them, which the calculator keeps as it rounds its own count; empty or 0: its own count",
    source: `${cite("microsoft", "Input!G38:G39")}; ${cite("esrp2016", "§4")}`,
    rule: numberInputRule("databasesPerDag", { min: 0, max: 10_000, integer: true }, "Databases a DAG as you set them, Microsoft's method (empty or 0 = the method's own count)", true),
  },
] as const satisfies readonly InputDeclaration[];
