/**
 * The five papers the methods come from, and Microsoft's calculator beside them, as a reader names
 * them: publisher, title and year (../shared/seeds/README.md, "How to name them to a reader").
 * Everything a person reads — workbook cells, the help page, function descriptions, the pane — cites
 * a source through this table, never by its seed file name; code comments and tests keep the file names.
 */
export interface Paper {
  /** Publisher as printed in the paper. */
  publisher: string;
  /** Title as printed; where none is printed, a description that says so. */
  title: string;
  /** Year or date as printed; undefined where the paper prints none. */
  year?: string;
  /** A short name for table cells: "Dell EqualLogic sizing guide". */
  short: string;
}

export const PAPERS = {
  /** 000_72e1ddb9bbd1ecac.txt — no title or date printed in the text (seeds/README.md). */
  dell: {
    publisher: "Dell",
    title: "Sizing and best practices for Microsoft Exchange 2010 on VMware vSphere 4.1 with Dell EqualLogic PS Series storage",
    short: "Dell, Exchange 2010 on EqualLogic sizing guide",
  },
  /** 001_0443ed4d42832f8c.txt — white paper H7018, May 2010. */
  emc: {
    publisher: "EMC",
    title:
      "Microsoft Exchange 2010 Efficiency, Flexibility, Performance, and Availability at Scale Enabled by EMC Symmetrix VMAX, Virtual Provisioning, and VMware vSphere (white paper H7018)",
    year: "2010",
    short: "EMC, Exchange 2010 on Symmetrix VMAX (H7018, 2010)",
  },
  /** 002_65f0dd5fd4776492.txt — ESRP v4.0; Exchange 2013 solution. */
  esrp2013: {
    publisher: "Dell",
    title: "ESRP – Storage v4.0: 12,500-mailbox Exchange 2013 solution on Dell PowerEdge R730xd with Dell Storage MD1400",
    short: "Dell ESRP, 12,500 mailboxes, Exchange 2013",
  },
  /** 003_a7bfc144662ec97f.txt — VMware performance study, "Copyright © 2014". */
  vmware: {
    publisher: "VMware",
    title: "Microsoft Exchange Server Performance on VMware Virtual SAN (performance study)",
    year: "2014",
    short: "VMware, Exchange on Virtual SAN performance study (2014)",
  },
  /** 004_1d3a339e6fd03f64.txt — tested December 2016. */
  esrp2016: {
    publisher: "Dell EMC",
    title: "DSS 7000/DSS 7500 100,000 Mailbox Resiliency Microsoft Exchange 2016 Storage Solution — ESRP – Storage v4.0",
    year: "2016",
    short: "Dell EMC ESRP, 100,000 mailboxes, Exchange 2016 (2016)",
  },
  /**
   * Not a seed: Microsoft's Excel workbook, version 7.6 (its Version Changes sheet), the copy with its
   * worked example that dsccommunity/ExchangeDsc published (docs/microsoft-method.md). Its Input sheet
   * heads it "Exchange 2013 Server Role Requirements Calculator"; it prints no year.
   */
  microsoft: {
    publisher: "Microsoft",
    title: "Exchange Server Role Requirements Calculator v7.6",
    short: "Microsoft, Exchange Server Role Requirements Calculator v7.6",
  },
} as const satisfies Record<string, Paper>;

export type PaperKey = keyof typeof PAPERS;

/** "Dell, Exchange 2010 on EqualLogic sizing guide, Table 18" — a paper and where in it. */
export function cite(paper: PaperKey, where?: string): string {
  return where ? `${PAPERS[paper].short}, ${where}` : PAPERS[paper].short;
}

/** The full reference: publisher, title, year. */
export function reference(paper: PaperKey): string {
  const p: Paper = PAPERS[paper];
  return `${p.publisher}: ${p.title}${p.year ? `, ${p.year}` : ""}`;
}
