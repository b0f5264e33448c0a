/**
 * The reference designs a person can start from: Dell's 5,000-user Exchange 2010 DAG
 * (000_72e1ddb9bbd1ecac.txt, 3.4.2), sized by Dell's process, and Dell EMC's 100,000-mailbox
 * Exchange 2016 design (004_1d3a339e6fd03f64.txt), sized by Microsoft's calculator's method. A preset
 * is every input of the Inputs sheet, the environment's mailboxes and the servers' disks among them;
 * `exsize design --preset` and the pane's "Use a reference design" read them from here.
 */
import { DELL_EMC_8TB_NL_SAS } from "../microsoft/disks";
import { REFERENCE_DESIGN_INPUTS, type WorkbookInputs } from "./inputs";

export const PRESET_NAMES = ["dell-2010", "dellemc-2016"] as const;
export type PresetName = (typeof PRESET_NAMES)[number];
export const DEFAULT_PRESET: PresetName = "dell-2010";

export interface ReferencePreset {
  name: PresetName;
  /** Which paper, in words a reader reads (papers.ts keys: the caller cites it). */
  paper: "dell" | "esrp2016";
  /** What it is, in a few words: "5,000 users, Exchange 2010, one DAG of 2 servers". */
  summary: string;
  /** The whole design: the environment and the servers' disks are inputs too. */
  inputs: Readonly<WorkbookInputs>;
}

/**
 * 004: 7,600 mailboxes a DAG (§4, §5) of a 20 GB mailbox and a 50 GB archive (§2, §5: "70 GB Mailbox
 * quota per mailbox (20 GB Primary Mailbox, 50 GB Personal Archive)"), 150 messages a day (§5.1),
 * 4 copies, two in each site (Table 5), on 8 + 8 servers active/active (§4), Exchange 2016 (§1),
 * 2 × 12 cores a server (Table 3); 100,000 mailboxes as 14 such DAGs (§4). Sized as 004 sized it, by
 * Microsoft's calculator (§4.1, §4.2). 004 prints no message size: 75 KB is the calculator's own
 * (Input!C58). The disks (§4, Table 4, Table 5, Table 8): 8 TB 7.2K NL-SAS, one disk a volume of two
 * databases (Table 5 "Number of DBs per LUN: 2"), one restore, one AutoReseed and one spare disk
 * (@erratum E7, docs/microsoft-method.md: 42 single-disk volumes, not Table 4's "14 x RAID 0 volumes").
 */
const DELLEMC_2016_INPUTS: Readonly<WorkbookInputs> = Object.freeze({
  ...REFERENCE_DESIGN_INPUTS,
  users: 7600,
  quotaMB: 20 * 1024,
  archiveMB: 50 * 1024,
  messagesPerDay: 150,
  messageKB: 75,
  copies: 4,
  exchangeVersion: 2016,
  serversSite1: 8,
  serversSite2: 8,
  dagLayout: "active/active",
  coresPerServer: 24,
  method: "microsoft",
  // §1, §4: 100,000 mailboxes, 14 DAGs of 7,600.
  environmentUsers: 100_000,
  // §4, Table 4, Table 5 ("Number of DBs per LUN: 2"): 8 TB NL-SAS disks, one AutoReseed and one spare disk a server.
  serverDisk: DELL_EMC_8TB_NL_SAS.name,
  databasesPerVolume: 2,
  // §4: 42 disks of 2 databases on each of 16 servers, 4 copies: 336 databases, a count Dell EMC set (the
  // calculator's Input!G38 "No", G39). Its own count on this disk is 224 (Role Requirements!C79).
  databasesPerDag: 336,
  autoReseedDisks: 1,
  spareDisks: 1,
});

export const REFERENCE_PRESETS: Readonly<Record<PresetName, ReferencePreset>> = Object.freeze({
  "dell-2010": {
    name: "dell-2010",
    paper: "dell",
    summary: "5,000 users, Exchange 2010, one DAG of 2 servers, by Dell's process",
    inputs: REFERENCE_DESIGN_INPUTS,
  },
  "dellemc-2016": {
    name: "dellemc-2016",
    paper: "esrp2016",
    summary: "100,000 mailboxes, Exchange 2016, 14 DAGs of 7,600 on 8 + 8 servers, by Microsoft's method",
    inputs: DELLEMC_2016_INPUTS,
  },
});

/** A preset by name (case and spaces aside); undefined for another name. */
export function presetNamed(name: string): ReferencePreset | undefined {
  const key = name.trim().toLowerCase();
  return (PRESET_NAMES as readonly string[]).includes(key) ? REFERENCE_PRESETS[key as PresetName] : undefined;
}
