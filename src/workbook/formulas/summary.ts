/**
 * The Summary's words (src/workbook/sheets/summary.ts lays them out): the heading, the inputs in one line, which
 * method sized the design and what its cores assume, the page file's rule, and why a design has no server disks or
 * MCDB SSDs — each in Excel's own "&", so the same formulas serve the live design and the customer copy.
 */
import { groupedFormula, wholeGroupedFormula } from "../../engine/general-format";
import { MCDB_NONE, mcdbVersionFormula } from "../../engine/microsoft/mcdb";
import { cite } from "../../engine/papers";
import { versionName } from "../../engine/version";

/** Whether a text input is given: not empty. */
const given = (name: string) => `LEN(${name}&"")>0`;

/**
 * The Summary's heading over the Inputs' text cells: the design's title (`defaultTitle` when empty),
 * then "Prepared for … by … · revised 2026-11-24", each part only when given.
 */
export function summaryHeadingFormulas(names: { title: string; preparedFor: string; preparedBy: string }, revised: string, defaultTitle: string): { title: string; prepared: string } {
  const f = names.preparedFor;
  const b = names.preparedBy;
  return {
    title: `=IF(${given(names.title)},${names.title}&"","${defaultTitle}")&": summary"`,
    prepared:
      `=IF(${given(f)},"Prepared for "&${f},"")&IF(${given(b)},IF(${given(f)}," by ","Prepared by ")&${b},"")` +
      `&IF(OR(${given(f)},${given(b)})," · revised ","Revised ")&"${revised}"`,
  };
}

/** The inputs' names the Summary's line of inputs reads. */
export interface InputsLineNames {
  users: string;
  quotaMB: string;
  archiveMB: string;
  messagesPerDay: string;
  messageKB: string;
  copies: string;
  laggedCopies: string;
  lagDays: string;
  maxDatabaseGB: string;
  exchangeVersion: string;
  serversSite1: string;
  serversSite2: string;
  dagLayout: string;
  serverDisk: string;
  arrayRaid: string;
  arrayModel: string;
  spindleRaid: string;
  spindleDisk: string;
}

/**
 * The inputs in one line, with Excel's own "&" (numbers print as General, in every program): those the method that
 * sized the design reads (`microsoft`: the condition it is Microsoft's), and no other. Both methods: the
 * profile, the copies and any lagged, the version and the servers. Microsoft's adds the archive, the mailbox tiers
 * (`tierCount`: the tiers with mailboxes) and the server disk (it ignores the maximum database size); Dell's the
 * maximum database size and the arrays' and spindles' RAID, model and disk.
 */
export function inputsLineFormula(n: InputsLineNames, microsoft: string, tierCount: string): string {
  const positive = (name: string) => `IF(ISNUMBER(${name}),${name},0)>0`;
  const lagged = `IF(${positive(n.laggedCopies)}," ("&${n.laggedCopies}&" lagged, "&${n.lagDays}&IF(${n.lagDays}=1," day"," days")&")","")`;
  // Each number written once (groupedFormula is long; Excel's formula limit is 8,192 characters).
  return (
    `=${groupedFormula(n.users)}&" users · "&${groupedFormula(n.quotaMB)}&" MB quota"` +
    `&IF(AND(${microsoft},${positive(n.archiveMB)})," + "&${groupedFormula(n.archiveMB)}&" MB archive","")` +
    `&" · "&${groupedFormula(n.messagesPerDay)}&" messages a day of "&${groupedFormula(n.messageKB)}&" KB"` +
    `&IF(AND(${microsoft},${tierCount}>0)," · "&${tierCount}&IF(${tierCount}=1," mailbox tier"," mailbox tiers"),"")` +
    `&" · "&${n.copies}&IF(${n.copies}=1," copy"," copies")&${lagged}` +
    `&IF(${microsoft},""," · databases up to "&${groupedFormula(n.maxDatabaseGB)}&" GB")&" · "&IF(${n.exchangeVersion}="SE","${versionName("SE")}","Exchange "&${n.exchangeVersion})` +
    `&" · "&${n.serversSite1}&IF(${n.serversSite2}="",""," + "&${n.serversSite2})&" servers, "&${n.dagLayout}` +
    `&IF(${microsoft}," · "&${n.serverDisk}&" disks"," · "&${n.arrayRaid}&IF(${n.arrayModel}="auto",""," "&${n.arrayModel})&" arrays, "&${n.spindleRaid}&" "&${n.spindleDisk}&" spindles")`
  );
}

/** Which method sized the design, and where each method's storage is. */
export const methodSentenceFormula = (microsoft: string): string =>
  `=IF(${microsoft},"Sized by Microsoft's method (${cite("microsoft")}): the servers' own disks; the papers' arrays and spindles on the Methods sheet","Sized by Dell's process (${cite("dell")}): arrays and spindles; Microsoft's servers' own disks on the Methods sheet")`;

/** What the cores assume (never "—"): Microsoft's rated servers or its baseline server, or VMware's mailboxes a core. */
export const coresAssumptionFormula = (microsoft: string, n: { specIntRate: string; coresPerServer: string }, baselineServer: string, mailboxesPerCore: string): string =>
  `=IF(${microsoft},IF(${n.specIntRate}>0,"cores for "&${n.coresPerServer}&"-core servers rated "&${groupedFormula(n.specIntRate)}&" SPECint2006","cores on ${baselineServer}"),"cores by VMware's rule of "&${groupedFormula(mailboxesPerCore)}&" mailboxes a core")`;

/** The page file's rule by the version's system requirements (src/engine/version.ts pageFileFormula); Exchange 2010's is not published here. */
export const pageFileWordsFormula = (exchangeVersion: string): string =>
  `=IF(OR(${exchangeVersion}=2019,${exchangeVersion}="SE"),"25% of the memory, by Microsoft's Exchange 2019 system requirements",IF(${exchangeVersion}=2010,"none published here for Exchange 2010","the memory plus 10 MB, at most 32,778 MB, by Microsoft's system requirements"))`;

/**
 * Why a design has no server disks, in the order sizeDesign's serverDisksProblem says it: Dell's process (`dell`), a
 * design Microsoft's method cannot size (`databases` not a number), a disk too small or slow (on JBOD, `jbod`; else RAID).
 */
export const noServerDisksFormula = (dell: string, databases: string, jbod: string, serverDisk: string): string =>
  `IF(${dell},"none: Dell's process puts the databases on the arrays above",` +
  `IF(NOT(ISNUMBER(${databases})),"none: Microsoft's method cannot size this design (the Methods sheet says so)",` +
  `IF(${jbod},"none: a volume of the databases does not fit a "&${serverDisk}&" disk's space or I/O (choose a larger or faster disk, or fewer databases a volume)",` +
  `"none: the "&${serverDisk}&" disk has no GB or IOPS to size a RAID set by")))`;

/** The server disks' heading: JBOD or the database+log RAID level (`raid`, `level`) where the design has them (`has`), else why none. */
export const serverDisksHeadingFormula = (has: string, raid: string, level: string, why: string): string =>
  `=IF(${has},"Server disks ("&IF(${raid},${level},"JBOD")&", Microsoft's method)","Server disks: "&${why})`;

/** A JBOD word or RAID's (`onRaid`, an expression) where the design has server disks, else blank. */
export const jbodOrRaidWordsFormula = (has: string, raid: string, jbod: string, onRaid: string): string => `=IF(${has},IF(${raid},${onRaid},"${jbod}"),"")`;

/** What MCDB's reason reads: the Inputs' MCDB and version, the method, whether on JBOD, the database disks and the GB an SSD needs. */
export interface NoMcdbCells {
  mcdb: string;
  exchangeVersion: string;
  dell: string;
  jbod: string;
  databaseLogDisks: string;
  neededGB: string;
}

/** Why a design has no MCDB SSDs, in sizeDesign's order and words (mcdb.ts MCDB_NONE). */
export function noMcdbFormula(c: NoMcdbCells): string {
  const text = (t: string) => `"None: ${t.replace(/"/g, '""')}"`;
  return (
    `IF(${c.mcdb}="off",${text(MCDB_NONE.off)},` +
    `IF(NOT(${mcdbVersionFormula(c.exchangeVersion)}),${text(MCDB_NONE.versionWords)}&"Exchange "&${c.exchangeVersion},` +
    `IF(${c.dell},${text(MCDB_NONE.dell)},` +
    `IF(NOT(${c.jbod}),${text(MCDB_NONE.raid)},` +
    `IF(NOT(ISNUMBER(${c.databaseLogDisks})),${text(MCDB_NONE.noDisks)},` +
    `"None: no listed SSD holds "&${wholeGroupedFormula(c.neededGB)}&" GB")))))`
  );
}

/** The environment's line: its mailboxes and a DAG's where it is several DAGs, else what the line means. */
export const environmentNoteFormula = (several: string, environmentUsers: string, dagMailboxes: string): string =>
  `=IF(${several},${groupedFormula(environmentUsers)}&" mailboxes in the environment, "&${groupedFormula(dagMailboxes)}&" a DAG","the environment is this design: Mailboxes in the environment on the Inputs sheet makes several")`;

/** A count in words after it: "3 a DAG". */
export const perDagWords = (count: string): string => `${count}&" a DAG"`;

/** Whether the design is several DAGs: the environment's mailboxes given and not 0. */
export const severalDagsFormula = (environmentUsers: string): string => `AND(ISNUMBER(${environmentUsers}),${environmentUsers}<>0)`;

/** Whether the design, sized by Microsoft's method (`methodUsed`), has a figure in `cell` (a number). */
export const microsoftFigureFormula = (methodUsed: string, cell: string): string => `AND(${methodUsed}="microsoft",ISNUMBER(${cell}))`;

/** Whether an active/passive DAG's second site is on RAID (not `onJbod`): it holds no MCDB SSDs (catalogue/storage.ts mcdbServersOf). */
export const secondSiteWithoutSsdsFormula = (copies: string, activePassive: string, onJbod: string): string => `AND(${copies}>=2,${activePassive}>0,NOT(${onJbod}))`;
