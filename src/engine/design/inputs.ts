/**
 * What a person gives to size a design: the Inputs sheet's yellow cells, the CLI's options and the
 * pane's fields are all this one record, each input declared once in the design's catalogue
 * (src/engine/catalogue): its type, default, rule and names on every surface.
 */
import { INPUT_DEFAULTS, METHOD_CHOICES, SIZING_METHODS, type CatalogueInputs, type SizingMethod } from "../catalogue";
import type { ExchangeVersion } from "../tables";

export { METHOD_CHOICES, SIZING_METHODS };
export type { SizingMethod };
export type MethodChoice = (typeof METHOD_CHOICES)[number];

/** Every input of the Inputs sheet (src/engine/catalogue: mailboxes, databases, servers, storage, environment, document). */
export type WorkbookInputs = CatalogueInputs;

/** Microsoft's method's own inputs: personal archive MB, SPECint2006 rate, cores, busiest hour's share of logs. */
export type MethodsInputValues = Pick<WorkbookInputs, "archiveMB" | "specIntRate" | "coresPerServer" | "peakHourLogShare">;
/** The numbers a user gives to size a design: the user profile and the DAG (000, 3.4.2). */
export type HeadlineInputs = Pick<WorkbookInputs, "users" | "quotaMB" | "messagesPerDay" | "messageKB" | "copies" | "maxDatabaseGB">;
/** Every input a design is sized from but Microsoft's method's own, the method choice and the document's text. */
export type DesignInputs = Omit<WorkbookInputs, keyof MethodsInputValues | "method" | "title" | "preparedFor" | "preparedBy">;

const pick = <K extends keyof WorkbookInputs>(keys: readonly K[]) => Object.freeze(Object.fromEntries(keys.map((k) => [k, INPUT_DEFAULTS[k]])) as Pick<Required<WorkbookInputs>, K>);

/** The server disks' defaults: the calculator's example disk (Input!C116, D116), the most databases that fit, one AutoReseed disk (Input!C112) and 004's one hot spare. */
export const SERVER_DISK_INPUT_DEFAULTS = pick(["serverDisk", "databasesPerVolume", "autoReseedDisks", "spareDisks"]);

/** The environment's mailboxes as given, or undefined for one DAG ("", 0 or none). */
export const environmentUsersOf = (inputs: Pick<DesignInputs, "environmentUsers">): number | undefined =>
  inputs.environmentUsers === undefined || inputs.environmentUsers === "" || inputs.environmentUsers === 0 ? undefined : inputs.environmentUsers;

/**
 * Why an environment of `environmentUsers` mailboxes cannot be DAGs of `usersPerDag`, or undefined:
 * it holds at least one whole DAG (the engine's environmentOf, the CLI, the pane and the Design check
 * all say it in these words).
 */
export function environmentProblem(usersPerDag: number, environmentUsers: number | undefined, counted: "users" | "tiers" = "users"): string | undefined {
  if (environmentUsers === undefined) return undefined;
  if (Number.isInteger(environmentUsers) && environmentUsers >= usersPerDag) return undefined;
  // With mailbox tiers, Microsoft's method's DAG holds every tier's mailboxes (Role Requirements!C98).
  const whose = counted === "tiers" ? "every mailbox tier's" : "users";
  return `environmentUsers must be a whole number of mailboxes, at least a DAG's (${whose}, ${usersPerDag.toLocaleString("en-US")}); got ${environmentUsers}`;
}

/** The databases a DAG as set, or undefined for the method's own count ("", 0 or none). */
export const databasesPerDagOf = (inputs: Pick<DesignInputs, "databasesPerDag">): number | undefined =>
  inputs.databasesPerDag === undefined || inputs.databasesPerDag === "" || inputs.databasesPerDag === 0 ? undefined : inputs.databasesPerDag;

/** Why a set database count cannot be, or undefined: the calculator's input (Input!G39), which Dell's process has not. */
export function databasesPerDagProblem(inputs: Pick<WorkbookInputs, "databasesPerDag" | "method" | "exchangeVersion" | "copies">): string | undefined {
  const set = databasesPerDagOf(inputs);
  if (set === undefined || methodOf(inputs) === "microsoft") return undefined;
  return `databasesPerDag: a set database count is Microsoft's calculator's (its Input!G39); Dell's process counts databases from maxDatabaseGB — leave databasesPerDag empty, or choose the method "microsoft"; got ${set}`;
}

/** The lagged copies' defaults: none, and a 7-day replay lag when there are some. */
export const LAG_DEFAULTS = pick(["laggedCopies", "lagDays"]);

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

/** 000_72e1ddb9bbd1ecac.txt, 3.4.2: 5,000 users, 2 GB quota, 150 messages of 75 KB, 2 copies, 1,024 GB. */
export const REFERENCE_INPUTS: Readonly<HeadlineInputs> = pick(["users", "quotaMB", "messagesPerDay", "messageKB", "copies", "maxDatabaseGB"]);

/** Microsoft's method's inputs by default: no archive (Input!C61), no SPECint2006 rate (Input!D131), 16 cores (Input!C131), a tenth of a day's logs in the busiest hour. */
export const METHODS_INPUT_DEFAULTS: Readonly<MethodsInputValues> = pick(["archiveMB", "specIntRate", "coresPerServer", "peakHourLogShare"]);

/** The reference design's every input (000, 3.4.2, and the defaults of SIZING.md sections 3-5): each input's declared default. */
export const REFERENCE_DESIGN_INPUTS: Readonly<WorkbookInputs> = INPUT_DEFAULTS;

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
