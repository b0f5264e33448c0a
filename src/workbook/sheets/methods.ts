/**
 * The Methods sheet (issue 10): for the design's inputs, each quantity by Dell's process (000), EMC's
 * where it applies (001), and Microsoft's method (Microsoft, Exchange Server Role Requirements
 * Calculator v7.6), side by side, with the difference and why they differ in one line each.
 * Microsoft's column calls the EX_MS_* functions; each such cell carries its native rendering
 * (src/engine/microsoft/formulas.ts) for the customer copy. The papers' figures are the Design
 * sheet's own cells, passed in by key; template.ts lists the sheet.
 */
import {
  activeFormula,
  calculatedDatabasesFormula,
  copiesFirstSiteFormula,
  maxDatabasesFormula,
  permutationsFormula,
  cacheGBFormula,
  calculatedMemoryFormula,
  copiesPerServerFormula,
  coresFormula,
  dagIopsFormula,
  dagLogIopsFormula,
  databaseGBFormula,
  databasesFormula,
  diskFormula,
  iopsFormula,
  logsFormula,
  megacyclesFormula,
  memoryFormula,
  peakFormula,
  perMailboxIopsFormula,
  profileFormula,
  replicationFormula,
  type MicrosoftCells,
} from "../../engine/microsoft/formulas";
import type { CellModel, InputRule, SheetModel } from "../model";

/** The papers' figures the sheet sets beside Microsoft's: the Design sheet cell of each, if it has one. */
export type DesignKey =
  | "mailboxMB"
  | "logsPerUser"
  | "iopsPerUser"
  | "emcIopsPerUser"
  | "databases"
  | "databaseGB"
  | "databaseIops"
  | "emcDatabaseIops"
  | "dagIops"
  | "logIops"
  | "serverMemoryGB"
  | "serverCores";

/** Defined names of the inputs the sheet reads. */
export interface MethodsNames {
  users: string;
  quotaMB: string;
  messagesPerDay: string;
  messageKB: string;
  copies: string;
  serversFirstSite: string;
  /** 0 = one site. */
  serversSecondSite: string;
  archiveMB: string;
  specIntRate: string;
  coresPerServer: string;
  peakHourLogShare: string;
}

export interface MethodsSheetParameters {
  names: MethodsNames;
  /** The Design sheet cell of a paper's figure, e.g. "Design!$C$12"; undefined when the design has none. */
  design: (key: DesignKey) => string | undefined;
  sheetName?: string;
}

/** An input the Methods sheet needs that the Inputs sheet does not have yet. */
export interface MethodsInput {
  key: keyof MethodsNames;
  name: string;
  label: string;
  default: number;
  rule: InputRule;
}

/** New Inputs for the owner of the Inputs sheet: key, defined name, label, default and data validation. */
export const METHODS_INPUTS: readonly MethodsInput[] = [
  {
    key: "archiveMB",
    name: "ArchiveMB",
    label: "Personal archive quota (MB, 0 = none)",
    default: 0,
    rule: { kind: "decimal", min: 0, max: 10_000_000, allowBlank: false, prompt: "The personal archive's size limit in MB; 0 for no archive (Microsoft's calculator, Input!C61).", error: "archiveMB must be a number from 0 to 10,000,000" },
  },
  {
    key: "specIntRate",
    name: "SpecIntRate",
    label: "SPECint2006 rate of a mailbox server (0 = not known)",
    default: 0,
    rule: { kind: "decimal", min: 0, max: 1_000_000, allowBlank: false, prompt: "The server's SPECint_rate2006 result; 0 leaves cores unsized (Microsoft's calculator, Input!D131).", error: "specRate must be a number from 0 to 1,000,000" },
  },
  {
    key: "coresPerServer",
    name: "CoresPerServer",
    label: "Processor cores per mailbox server",
    default: 16,
    rule: { kind: "whole", min: 1, max: 1024, allowBlank: false, prompt: "Physical cores per server (Microsoft's calculator, Input!C131).", error: "cores must be a whole number from 1 to 1,024" },
  },
  {
    key: "peakHourLogShare",
    name: "PeakHourLogShare",
    label: "Share of a day's logs in the busiest hour",
    default: 0.1,
    rule: { kind: "decimal", min: 0, max: 1, allowBlank: false, prompt: "Your own measurement (Microsoft's calculator, Input!C145:C168, asks for all 24 hours); 0.1 is this workbook's assumption.", error: "hourShares must be a number from 0 to 1" },
  },
];

const NS = "EXSIZE.";
const COLUMNS = { label: "A", dell: "B", emc: "C", microsoft: "D", difference: "E", why: "F", unit: "G" } as const;
/** Microsoft's factors and the servers of each site, as ranges its functions read. */
const FACTORS_ROW = 5;
const SERVERS_ROW = 6;
const HELPER_ROW = 8;

interface Row {
  label: string;
  unit: string;
  /** The live formula's call, without "=" and namespace, given the factors and servers ranges. */
  call: (f: string, s: string) => string;
  native: (c: MicrosoftCells) => string;
  format: string;
  dell?: DesignKey;
  emc?: DesignKey;
  why: string;
  step?: boolean;
  /** Which MicrosoftCells field this row's cell is. */
  field?: keyof MicrosoftCells;
  /** Needs an input the design may not give: "—" instead of the error. */
  optional?: boolean;
}

function rows(n: MethodsNames): Row[] {
  const m = `${n.messagesPerDay},${n.messageKB},${n.quotaMB}`;
  const design = (s: string) => `${n.users},${m},${s},${n.copies}`;
  const server = (s: string) => `${design(s)},${n.coresPerServer},${n.specIntRate}`;
  return [
    { field: "profile", step: true, label: "Calculator's message profile", unit: "messages", format: "#,##0", call: (f) => `EX_MS_MAILBOX(${m},${n.copies},"profile",${f})`, native: profileFormula, why: "The calculator offers profiles of 50 to 500 messages; a count between two is sized as the next up." },
    { field: "disk", label: "Mailbox size on disk", unit: "MB", format: "#,##0", dell: "mailboxMB", call: (f) => `EX_MS_MAILBOX(${m},${n.copies},"disk",${f})`, native: diskFormula, why: "Microsoft: 14 days of mail + 1.2% single item recovery + 3% calendar versions (30 GB cap) + a day of white space, and the archive; Dell adds 5.8% calendar logging." },
    { field: "logs", label: "Transaction logs per mailbox per day", unit: "logs", format: "#,##0.0", dell: "logsPerUser", call: (f) => `EX_MS_MAILBOX(${m},${n.copies},"logs",${f})`, native: logsFormula, why: "Both make 0.2 logs a message; Microsoft scales by message size in steps of 0.1 (75 KB = 1.0), Dell in bands of 1, 1.9 and 3.8." },
    { field: "iops", step: true, label: "IOPS per mailbox before overhead", unit: "IOPS", format: "0.0000", call: (f) => `EX_MS_MAILBOX(${m},${n.copies},"iops",${f})`, native: iopsFormula, why: "Exchange 2013+: 0.00067 per message a day, read 60:40 in a DAG up to 250 messages." },
    { label: "IOPS per mailbox with 20% overhead", unit: "IOPS", format: "0.0000", dell: "iopsPerUser", emc: "emcIopsPerUser", call: (f, s) => `EX_MS_IOPS(${design(s)},"permailbox",${f})`, native: perMailboxIopsFormula, why: "Dell's 2010 process uses 0.001 per message (1.2 stand-alone); Microsoft's 2013+ profile 0.00067; EMC prints 0.18 with the 20% inside." },
    { field: "databases", label: "Databases", unit: "databases", format: "#,##0", dell: "databases", call: (f, s) => `EX_MS_DATABASES(${design(s)},"count",${f})`, native: databasesFormula, why: "Microsoft fills databases to 2 TB (200 GB stand-alone) and rounds up for an even spread over servers and copies; Dell divides by your maximum." },
    { label: "Size of one database", unit: "GB", format: "#,##0.0", dell: "databaseGB", call: (f, s) => `EX_MS_DATABASES(${design(s)},"size",${f})`, native: databaseGBFormula, why: "Follows from the counts: the same mailboxes spread over each method's databases." },
    { field: "copiesPerServer", step: true, label: "Database copies per server", unit: "copies", format: "#,##0", call: (f, s) => `EX_MS_DATABASES(${design(s)},"copies",${f})`, native: copiesPerServerFormula, why: "Every copy of every database spread evenly over the DAG's servers." },
    { field: "active", step: true, label: "Active databases on the busiest server, worst failure", unit: "databases", format: "#,##0", call: (f, s) => `EX_MS_DATABASES(${design(s)},"active",${f})`, native: activeFormula, why: "The calculator's activation rules: a server, two servers, a site, a site and one or two servers fail." },
    { field: "peak", label: "Database IOPS of the active databases", unit: "IOPS", format: "#,##0", dell: "databaseIops", emc: "emcDatabaseIops", call: (f, s) => `EX_MS_IOPS(${design(s)},"peak",${f})`, native: peakFormula, why: "The same mailboxes at each method's IOPS per mailbox, 20% overhead included." },
    { label: "Database IOPS of the DAG, every copy", unit: "IOPS", format: "#,##0", dell: "dagIops", call: (f, s) => `EX_MS_IOPS(${design(s)},"dag",${f})`, native: dagIopsFormula, why: "Both charge a passive copy the I/O of an active one; the difference is the IOPS per mailbox." },
    { label: "Log IOPS of the DAG", unit: "IOPS", format: "#,##0", dell: "logIops", call: (f, s) => `EX_MS_IOPS(${design(s)},"daglog",${f})`, native: dagLogIopsFormula, why: "Microsoft: half the database writes of every copy plus log reads per active database; Dell (Table 17): a quarter of active IOPS plus 10% per extra copy, × 1.2." },
    { field: "cache", step: true, label: "Database cache of the busiest server", unit: "GB", format: "#,##0", call: (f, s) => `EX_MS_SERVER(${server(s)},"cache",${f})`, native: cacheGBFormula, why: "0.06 MB per message a day for each mailbox of the active databases in the worst failure." },
    { field: "megacycles", step: true, label: "Megacycles of the busiest server", unit: "megacycles", format: "#,##0", call: (f, s) => `EX_MS_SERVER(${server(s)},"megacycles",${f})`, native: megacyclesFormula, why: "0.0425 per message a day for an active mailbox, 0.0137 passive, and 37.5% more for client access." },
    { field: "calculated", step: true, label: "Memory before the configuration step", unit: "GB", format: "#,##0.0", call: (f, s) => `EX_MS_SERVER(${server(s)},"calculated",${f})`, native: calculatedMemoryFormula, why: "Database cache as a quarter of memory, plus client access, at least the minimum for the copies held." },
    { label: "Memory per mailbox server", unit: "GB", format: "#,##0", dell: "serverMemoryGB", call: (f, s) => `EX_MS_SERVER(${server(s)},"memory",${f})`, native: memoryFormula, why: "Microsoft sizes the cache of the worst failure and rounds to a memory configuration; VMware's study: 4 GB + 6 MB per mailbox." },
    { optional: true, label: "Processor cores per mailbox server", unit: "cores", format: "#,##0", dell: "serverCores", call: (f, s) => `EX_MS_SERVER(${server(s)},"cores",${f})`, native: coresFormula, why: "Microsoft: megacycles against the server's SPECint2006 rate (none given: #N/A); VMware's study: 1,000 mailboxes a core." },
    { optional: true, label: "Log replication between the sites, busiest hour", unit: "Mb/s", format: "#,##0.0", call: (f, s) => `EX_MS_REPLICATION(${design(s)},${n.peakHourLogShare},,"total",${f})`, native: replicationFormula, why: "Only Microsoft sizes the link: the busiest hour's logs, 8 Mb each, 30% compressed, for each copy in the other site." },
  ];
}

/** The Methods sheet as a model: inputs by defined name, the papers' figures by Design cell. */
export function methodsSheet(p: MethodsSheetParameters): SheetModel {
  const name = p.sheetName ?? "Methods";
  const n = p.names;
  const cells: CellModel[] = [];
  const put = (address: string, cell: Omit<CellModel, "address">) => cells.push({ address, ...cell });
  put("A1", { value: "Methods: the papers and Microsoft's calculator, side by side", role: "title" });
  put("A2", {
    value: "Microsoft's column follows Microsoft, Exchange Server Role Requirements Calculator v7.6 with its defaults, the design's mailboxes in one DAG. Steps in grey feed the rows below them.",
    role: "note",
  });
  const headings = ["Quantity", "Dell sizing guide", "EMC building block", "Microsoft calculator", "Microsoft − Dell", "Why they differ", "Unit"];
  Object.values(COLUMNS).forEach((column, i) => put(`${column}4`, { value: headings[i], role: "heading" }));
  // Microsoft's factors (archive) and the two sites' servers, as the ranges its functions read.
  put(`I${FACTORS_ROW}`, { value: "archiveMB", role: "label" });
  put(`J${FACTORS_ROW}`, { formula: `=${n.archiveMB}`, role: "step" });
  put(`I${SERVERS_ROW}`, { formula: `=${n.serversFirstSite}`, role: "step" });
  put(`J${SERVERS_ROW}`, { formula: `=${n.serversSecondSite}`, role: "step" });
  put(`K${FACTORS_ROW}`, { value: "Microsoft's factors", role: "note" });
  put(`K${SERVERS_ROW}`, { value: "Servers per site", role: "note" });
  const factors = `$I$${FACTORS_ROW}:$J$${FACTORS_ROW}`;
  const servers = `$I$${SERVERS_ROW}:$J$${SERVERS_ROW}`;

  const list = rows(n);
  const first = 5;
  const at = (i: number) => `$${COLUMNS.microsoft}$${first + i}`;
  const refs: MicrosoftCells = {
    users: n.users,
    quotaMB: n.quotaMB,
    messagesPerDay: n.messagesPerDay,
    messageKB: n.messageKB,
    copies: n.copies,
    serversFirstSite: n.serversFirstSite,
    serversSecondSite: n.serversSecondSite,
    archiveMB: n.archiveMB,
    cores: n.coresPerServer,
    specRate: n.specIntRate,
    hourShare: n.peakHourLogShare,
    profile: "",
    disk: "",
    logs: "",
    iops: "",
    databases: "",
    copiesPerServer: "",
    active: "",
    peak: "",
    cache: "",
    megacycles: "",
    calculated: "",
    copiesFirstSite: `$J$${HELPER_ROW}`,
    maxDatabases: `$J$${HELPER_ROW + 1}`,
    calculatedDatabases: `$J$${HELPER_ROW + 2}`,
    permutations: `$J$${HELPER_ROW + 3}`,
  };
  list.forEach((r, i) => {
    if (r.field) refs[r.field] = at(i);
  });
  // Intermediate counts of Microsoft's database rules, plain formulas in both copies.
  const helpers: [string, (c: MicrosoftCells) => string][] = [
    ["Copies in site 1", copiesFirstSiteFormula],
    ["Most databases per DAG", maxDatabasesFormula],
    ["Databases before symmetry", calculatedDatabasesFormula],
    ["Server-copy permutations", permutationsFormula],
  ];
  helpers.forEach(([label, render], k) => {
    put(`I${HELPER_ROW + k}`, { value: label, role: "note" });
    put(`J${HELPER_ROW + k}`, { formula: `=${render(refs)}`, role: "step" });
  });
  list.forEach((r, i) => {
    const row = first + i;
    put(`${COLUMNS.label}${row}`, { value: r.label, role: r.step ? "step" : "label" });
    // Rows that need an input the design may not give (a SPECint rate, a second site) show "—" then.
    const shown = (text: string) => (r.optional ? `IFERROR(${text},"—")` : text);
    put(`${COLUMNS.microsoft}${row}`, { formula: `=${shown(NS + r.call(factors, servers))}`, native: `=${shown(r.native(refs))}`, numberFormat: r.format, role: r.step ? "step" : "output" });
    const dell = r.dell ? p.design(r.dell) : undefined;
    const emc = r.emc ? p.design(r.emc) : undefined;
    put(`${COLUMNS.dell}${row}`, dell ? { formula: `=${dell}`, numberFormat: r.format, role: "output" } : { value: "—", role: "note" });
    put(`${COLUMNS.emc}${row}`, emc ? { formula: `=${emc}`, numberFormat: r.format, role: "output" } : { value: "—", role: "note" });
    const d = `${COLUMNS.microsoft}${row}`;
    const b = `${COLUMNS.dell}${row}`;
    put(`${COLUMNS.difference}${row}`, dell ? { formula: `=IF(AND(ISNUMBER(${d}),ISNUMBER(${b})),${d}-${b},"—")`, numberFormat: r.format, role: "output" } : { value: "—", role: "note" });
    put(`${COLUMNS.why}${row}`, { value: r.why, role: "note" });
    put(`${COLUMNS.unit}${row}`, { value: r.unit, role: "unit" });
  });
  const last = first + list.length - 1;
  return {
    name,
    columnWidths: [38, 17, 19, 20, 17, 60, 11, 2, 26, 10, 20],
    frozenRows: 4,
    // The table prints; the helper cells beside it (columns I:K) stay off the page.
    print: { orientation: "landscape", fitToPagesTall: 1, titleRows: "4:4", area: `A1:${COLUMNS.unit}${last}` },
    cells,
  };
}

/** The rows of Microsoft's column, for tests and the help page: label and the cell address. */
export function methodsRows(p: MethodsSheetParameters): { label: string; address: string }[] {
  return rows(p.names).map((r, i) => ({ label: r.label, address: `${COLUMNS.microsoft}${5 + i}` }));
}
