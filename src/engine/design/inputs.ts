/**
 * What a person gives to size a design: the Inputs sheet's yellow cells, the CLI's options and the
 * pane's fields are all this one record (issue 15). The workbook, the CLI and the pane read the
 * defaults from here.
 */
import { CALCULATOR_DEFAULT_DISK, SERVER_DISK_DEFAULTS } from "../microsoft/disks";
import { DEFAULT_MAX_DATABASE_GB, DEFAULT_READ_RATIO, EXCHANGE_VERSIONS, type ExchangeVersion } from "../tables";
import { EXCHANGE_EDITIONS } from "../version";

/** The numbers a user gives to size a design: the user profile and the DAG (000, 3.4.2). */
export interface HeadlineInputs {
  users: number;
  quotaMB: number;
  messagesPerDay: number;
  messageKB: number;
  copies: number;
  maxDatabaseGB: number;
}

/** The sizing methods: Dell's process (000, for Exchange 2010) and Microsoft's calculator's (2013 and later). */
export const SIZING_METHODS = ["dell", "microsoft"] as const;
export type SizingMethod = (typeof SIZING_METHODS)[number];
/** What a user picks: "auto" follows the Exchange version. */
export const METHOD_CHOICES = ["auto", ...SIZING_METHODS] as const;
export type MethodChoice = (typeof METHOD_CHOICES)[number];

/** Every input of the Inputs sheet a person sets per design, headline numbers first. */
export interface DesignInputs extends HeadlineInputs {
  /** 2010, 2013, 2016, 2019 (numbers, as the cells hold them) or "SE": one of EXCHANGE_VERSIONS (src/engine/version.ts). */
  exchangeVersion: number | "SE";
  arrayRaid: string;
  arrayModel: string;
  spindleRaid: string;
  spindleDisk: string | number;
  readRatio: number;
  serversSite1: number;
  /** "" for a DAG in one site. */
  serversSite2: number | "";
  dagLayout: string;
  /**
   * How many of the `copies` are lagged (Microsoft's calculator's Input!C31): counted wherever copies
   * are (storage, passive copies), never activated. Default 0; at most copies − 2, so a DAG keeps two
   * copies a failure can activate (the calculator's Input!C30 offers 0, 2, 3 … HA copies).
   */
  laggedCopies?: number;
  /**
   * Their replay lag, days (Input!G31 ÷ 24): kept in Microsoft's log space (Role Requirements!I96) and
   * written as each lagged copy's -ReplayLagTime by the export. Read only with a lagged copy; default 7,
   * the calculator's example (G31 = 168 hours); at most 14, Exchange's longest replay lag.
   */
  lagDays?: number;
  /**
   * The environment's mailboxes, sized as identical DAGs of `users` each (004_1d3a339e6fd03f64.txt
   * §4: 100,000 mailboxes as 14 DAGs of 7,600): "" or 0 (the default) is this DAG's users alone; else a
   * whole number, at least `users` (environmentProblem).
   */
  environmentUsers?: number | "";
  /**
   * A Microsoft-method JBOD server's own disks (issue 17; the calculator's Input!C107:C116, 004's
   * §4): the disk by name (src/engine/microsoft/disks.ts jbodDisk, or a row of the Hardware sheet's
   * server disks), the databases a disk's volume holds (0: the most that fit, at most the copies), and
   * a server's AutoReseed and hot-spare disks. Defaults SERVER_DISK_INPUT_DEFAULTS.
   */
  serverDisk?: string;
  databasesPerVolume?: number;
  autoReseedDisks?: number;
  spareDisks?: number;
  /** The server edition, "Enterprise" (the default) or "Standard": the databases a server mounts (src/engine/version.ts MOUNTED_DATABASE_LIMITS). */
  edition?: string;
}

/** The server disks' defaults: the calculator's example disk (Input!C116, D116), the most databases that fit, one AutoReseed disk (Input!C112) and 004's one hot spare. */
export const SERVER_DISK_INPUT_DEFAULTS = Object.freeze({
  serverDisk: CALCULATOR_DEFAULT_DISK.name,
  databasesPerVolume: SERVER_DISK_DEFAULTS.databasesPerVolume,
  autoReseedDisks: SERVER_DISK_DEFAULTS.autoReseedDisks,
  spareDisks: SERVER_DISK_DEFAULTS.spareDisks,
});

/** The environment's mailboxes as given, or undefined for one DAG ("", 0 or none). */
export const environmentUsersOf = (inputs: Pick<DesignInputs, "environmentUsers">): number | undefined =>
  inputs.environmentUsers === undefined || inputs.environmentUsers === "" || inputs.environmentUsers === 0 ? undefined : inputs.environmentUsers;

/**
 * Why an environment of `environmentUsers` mailboxes cannot be DAGs of `usersPerDag`, or undefined:
 * it holds at least one whole DAG (the engine's environmentOf, the CLI, the pane and the Design check
 * all say it in these words).
 */
export function environmentProblem(usersPerDag: number, environmentUsers: number | undefined): string | undefined {
  if (environmentUsers === undefined) return undefined;
  if (Number.isInteger(environmentUsers) && environmentUsers >= usersPerDag) return undefined;
  return `environmentUsers must be a whole number of mailboxes, at least a DAG's (users, ${usersPerDag.toLocaleString("en-US")}); got ${environmentUsers}`;
}

/** The lagged copies' defaults: none, and a 7-day replay lag when there are some. */
export const LAG_DEFAULTS = Object.freeze({ laggedCopies: 0, lagDays: 7 });

/** A DAG's lagged copies, the input or 0. */
export const laggedCopiesOf = (inputs: Pick<DesignInputs, "laggedCopies">): number => inputs.laggedCopies ?? 0;

/**
 * Why the lagged copies cannot be, or undefined: a DAG keeps at least two copies that a failure can
 * activate (Microsoft's calculator, Input!C30: 0, 2, 3 … HA copies), and stand-alone servers (one copy)
 * have none to lag.
 */
export function laggedCopiesProblem(inputs: Pick<DesignInputs, "laggedCopies" | "copies">): string | undefined {
  const lagged = laggedCopiesOf(inputs);
  if (lagged === 0) return undefined;
  const most = Math.max(0, inputs.copies - 2);
  if (lagged <= most) return undefined;
  return inputs.copies < 2
    ? `laggedCopies and copies: a stand-alone server (1 copy) has no copy to lag; got ${lagged} lagged — give 0, or 3 or more copies`
    : `laggedCopies and copies: ${inputs.copies} copies keep at most ${most} lagged, so that two copies can be activated when a server fails; got ${lagged} — give more copies or fewer lagged`;
}

/** Microsoft's method's own inputs: personal archive MB, SPECint2006 rate, cores, busiest hour's share of logs. */
export interface MethodsInputValues {
  archiveMB: number;
  specIntRate: number;
  coresPerServer: number;
  peakHourLogShare: number;
}

/** Every input of the Inputs sheet. */
export interface WorkbookInputs extends DesignInputs, MethodsInputValues {
  /** "auto" (Dell's process for Exchange 2010, Microsoft's calculator's for 2013 and later), "dell" or "microsoft". */
  method: MethodChoice;
}

/** 000_72e1ddb9bbd1ecac.txt, 3.4.2: 5,000 users, 2 GB quota, 150 messages of 75 KB, 2 copies, 1,024 GB. */
export const REFERENCE_INPUTS: Readonly<HeadlineInputs> = Object.freeze({
  users: 5000,
  quotaMB: 2048,
  messagesPerDay: 150,
  messageKB: 75,
  copies: 2,
  maxDatabaseGB: DEFAULT_MAX_DATABASE_GB,
});

/**
 * Microsoft's method's inputs by default: no archive (Input!C61), no SPECint2006 rate (Input!D131
 * is 0 in the calculator's own example), 16 cores a server (Input!C131), and this project's
 * assumption that the busiest hour carries a tenth of a day's logs (the calculator asks for all 24).
 */
export const METHODS_INPUT_DEFAULTS: Readonly<MethodsInputValues> = Object.freeze({
  archiveMB: 0,
  specIntRate: 0,
  coresPerServer: 16,
  peakHourLogShare: 0.1,
});

/** The reference design's every input (000, 3.4.2, and the defaults of SIZING.md sections 3-5). */
export const REFERENCE_DESIGN_INPUTS: Readonly<WorkbookInputs> = Object.freeze({
  ...REFERENCE_INPUTS,
  exchangeVersion: EXCHANGE_VERSIONS[0],
  arrayRaid: "RAID50",
  arrayModel: "auto",
  spindleRaid: "RAID5",
  spindleDisk: "10K",
  readRatio: DEFAULT_READ_RATIO,
  // 000 3.4.2 gives 2 copies but no server count: two servers in one site hold them.
  serversSite1: 2,
  serversSite2: "",
  dagLayout: "active/active",
  ...LAG_DEFAULTS,
  // One DAG: the environment is this design alone.
  environmentUsers: "",
  ...METHODS_INPUT_DEFAULTS,
  ...SERVER_DISK_INPUT_DEFAULTS,
  edition: EXCHANGE_EDITIONS[0],
  method: "auto",
});

/**
 * The method a design is sized by: the one chosen, or for "auto" the one its Exchange version calls
 * for — Dell's process for 2010, Microsoft's calculator's for 2013 and later DAGs. Stand-alone
 * servers (one copy) are sized by Dell's process: the calculator sizes those per server, which
 * this workbook's single-DAG layout does not model (docs/one-design.md).
 */
export function methodOf(inputs: Pick<WorkbookInputs, "method" | "exchangeVersion" | "copies">): SizingMethod {
  if (inputs.method === "dell" || inputs.method === "microsoft") return inputs.method;
  return (inputs.exchangeVersion as ExchangeVersion) === 2010 || inputs.copies < 2 ? "dell" : "microsoft";
}

/** Why Microsoft's method cannot size these inputs, when it is the design's method; undefined when it can. */
export function microsoftMethodProblem(inputs: Pick<WorkbookInputs, "method" | "exchangeVersion" | "copies" | "messagesPerDay" | "users"> & Partial<Pick<WorkbookInputs, "messageKB">>): string | undefined {
  if (methodOf(inputs) !== "microsoft") return undefined;
  if (inputs.copies < 2) return `method and copies: Microsoft's method here sizes a DAG of 2 or more copies; got ${inputs.copies} copy — choose the method "dell" for stand-alone servers`;
  if (inputs.messagesPerDay > MAX_MICROSOFT_MESSAGES) {
    return `method and messagesPerDay: Microsoft's calculator sizes 50 to ${MAX_MICROSOFT_MESSAGES} messages a day; got ${inputs.messagesPerDay} — choose the method "dell", or fewer messages`;
  }
  if (!(inputs.messagesPerDay > 0)) {
    return `method and messagesPerDay: Microsoft's calculator sizes mailboxes that send and receive messages (its profiles run from 50 to ${MAX_MICROSOFT_MESSAGES} a day); got ${inputs.messagesPerDay} — choose the method "dell", or more messages`;
  }
  if (inputs.messageKB !== undefined && inputs.messageKB > MAX_MICROSOFT_MESSAGE_KB) {
    return `method and messageKB: Microsoft's method here sizes messages of up to ${MAX_MICROSOFT_MESSAGE_KB.toLocaleString("en-US")} KB; got ${inputs.messageKB.toLocaleString("en-US")} — choose the method "dell", or a smaller message size`;
  }
  if (inputs.users > MAX_MICROSOFT_MAILBOXES) {
    return `method and users: Microsoft's method sizes a DAG of up to ${MAX_MICROSOFT_MAILBOXES.toLocaleString("en-US")} mailboxes; got ${inputs.users.toLocaleString("en-US")} — choose the method "dell", or split the mailboxes over several DAGs`;
  }
  return undefined;
}

/** The most mailboxes the EX_MS_* functions size in one DAG (src/functions/microsoft.ts, its tiers' mailboxes). */
export const MAX_MICROSOFT_MAILBOXES = 10_000_000;

/** The most databases a design deploys: the worksheet functions' own limit (src/functions/worksheet.ts, databases). */
export const MAX_DESIGN_DATABASES = 100_000;

/** The largest average message the EX_MS_* functions size (src/functions/microsoft.ts MESSAGE_KB). */
export const MAX_MICROSOFT_MESSAGE_KB = 100_000;

/** The calculator's largest message profile — Tables!A13 (500 messages). */
export const MAX_MICROSOFT_MESSAGES = 500;

/** Servers of each site, the first site first. */
export function serversPerSiteOf(inputs: Pick<DesignInputs, "serversSite1" | "serversSite2">): number[] {
  return inputs.serversSite2 === "" ? [inputs.serversSite1] : [inputs.serversSite1, inputs.serversSite2];
}
