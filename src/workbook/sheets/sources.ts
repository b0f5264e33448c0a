/**
 * The Sources sheet: the papers in full (publisher, title, year), what each output takes from which
 * paper with the reference value it reproduces, and the papers' errata in plain words.
 */
import { PAPERS, type PaperKey } from "../../engine/papers";
import type { CellModel, SheetModel } from "../model";
import { DELL, EMC, ESRP_2013, ESRP_2016, VMWARE, header, landscape, sectionHeading, textRow, titleAndNote } from "./shared";

/**
 * SIZING.md section 7 (and E6, README), said as a reader can follow it: where a paper contradicts
 * itself, and what this workbook does. Each checked against its paper: E1 000_72e1ddb9bbd1ecac.txt
 * Table 14 step 5 ("DBS (MB) = NU * MBU * 1.2 … a 20% overhead factor") vs Table 18 ("5000 x 2356");
 * E2 Table 15 step 6 ("LVS (MB) = TLC * 3 * 1.2") vs Table 19 ("12510 x 1.1 x 3 x 1.2 / 1024");
 * E3 001_0443ed4d42832f8c.txt, IOPS requirements ("2,376 / 140 = 16 disks", "1,512 / 140 = 10",
 * "1,512 / 65 = 22"); E5 the same ("5,000 users * .18 = 900 + 20% = 1,080 IOPS", .18 "includes 20%
 * headroom"); E6 002_65f0dd5fd4776492.txt 4.1 and Table 7 (4,166; 2,083), 6.2.1 (target 504), 4.2 and
 * 5.2 (503). E4 is withdrawn: 000 prints 9, 12, 18 and 21 MB of cache consistently (2.2); the 6 MB is
 * 003's memory rule, another quantity.
 */
const ERRATA: ReadonlyArray<[string, string, string]> = [
  ["E1", DELL("Tables 14 and 18"), "The process multiplies the total database size by 1.2, \"a 20% overhead factor\"; the worked example does not (5,000 mailboxes of 2,356 MB: 11,505 GB). The workbook follows the worked example (growth 1.0) so the reference design matches it; set growth to 1.2 on the Inputs sheet to apply the process."],
  ["E2", DELL("Tables 15 and 19"), "The process sizes a log volume as TLC × 3 × 1.2; the worked example multiplies by 1.1 as well, for 10% of mailboxes moved within the truncation window (48 GB). The workbook applies it (moveFactor 1.1)."],
  ["E3", EMC("IOPS requirements"), "The paper rounds its disk counts down: 2,376 / 140 printed as 16 disks (16.97), 1,512 / 140 as 10 (10.8), 1,512 / 65 as 22 (23.26). The workbook always rounds up (17; 12 in mirrored pairs; 24): a design is never short of disks."],
  ["E5", EMC("IOPS requirements"), "The 0.18 IOPS per user already includes 20% headroom, yet the paper adds 20% again (1,080 IOPS). The workbook applies headroom once (900 IOPS); its spindle counts reproduce the paper's from the paper's 1,080."],
  ["E6", ESRP_2013("4.1, 4.2, 6.2.1"), "The paper puts 12,500 mailboxes on 3 servers as 4,166 each (12,500 / 3 is 4,166.7) and its Jetstress reports target 504 IOPS; its text gives the calculator's 503. The workbook rounds the busiest server up (4,167) and the target up: Jetstress is given the IOPS a mailbox at three decimals, rounded up (the calculator's 0.1206 is 0.121), so 505."],
];

const PAPER_ORDER: readonly PaperKey[] = ["dell", "emc", "esrp2013", "vmware", "esrp2016"];

export function buildSources(sheet: string): SheetModel {
  const cells: CellModel[] = [
    ...titleAndNote("Sources: the papers behind the methods and the reference numbers", "Each output cites its paper and table on the Design sheet; the papers in full:"),
    ...header(4, ["Paper", "Publisher", "Title", "Year"]),
  ];
  PAPER_ORDER.forEach((key, i) => {
    const p = PAPERS[key] as { publisher: string; title: string; year?: string; short: string };
    cells.push(...textRow(5 + i, [p.short, p.publisher, p.title, p.year ?? "undated"], ["label", "note", "note", "note"]));
  });
  const outputsHeading = 5 + PAPER_ORDER.length + 1;
  cells.push(...sectionHeading(outputsHeading, "What each output takes from which paper", 4), ...header(outputsHeading + 1, ["Output", "Paper and where", "Reference value", ""]));
  const rows: Array<[string, string, string]> = [
    ["Database capacity: WSU, DSU, MBU, DBS, DB, IDBS, DVS", DELL("Table 14 (process), Table 18 (worked example)"), "12 databases of 959 GB on 1,266 GB volumes"],
    ["Log capacity: NL, MSF, NDB, TLC, LVS", DELL("Table 15 (process), Table 19 (worked example)"), "12 log volumes of 48 GB"],
    ["Capacity of all volumes", DELL("3.4.2"), "15,768 GB"],
    ["Database IOPS", DELL("Table 16 and 3.4.2"), "900 IOPS"],
    ["Log IOPS", DELL("Table 17"), "378 IOPS with 2 copies"],
    ["IOPS per user, Exchange 2013 and later", `${ESRP_2013("calculator profile")}; ${ESRP_2016("Figure 6")}`, "0.121 at 150 messages"],
    ["Spindles", EMC("Phase 2; storage requirements calculated"), "17 / 12 / 24 disks at 1,080 IOPS (errata E3, E5)"],
    ["Arrays", DELL("3.4.1, Tables 12-13, 3.4.2"), "two PS6500E arrays with 500GB drives"],
    ["Resilience: active mailboxes per surviving server", `${ESRP_2013("4.1")}; ${ESRP_2016("4.1")}`, "4,166 (erratum E6); 1,086"],
    ["Resilience: target IOPS per server", `${ESRP_2013("6.2.1")}; ${ESRP_2016("6.2.1")}`, "504 (erratum E6); 132"],
    ["Resilience: cores and memory", VMWARE("user and resource sizing"), "4,000 users: 4 vCPUs, 28 GB"],
    ["Jetstress pass criteria", `${DELL("3.1.3")}; the ESRPs' section 6.2`, "reads ≤ 20 ms, log writes ≤ 10 ms, spikes ≤ 100 ms"],
    ["Hardware: disk classes", EMC("Phase 2"), "140 IOPS (10K), 65 IOPS (7.2K); 15K: 180 from Microsoft's calculator"],
  ];
  rows.forEach((values, i) => cells.push(...textRow(outputsHeading + 2 + i, values, ["label", "source", "note"])));
  const errataHeading = outputsHeading + 2 + rows.length + 1;
  cells.push(
    ...sectionHeading(errataHeading, "Errata: where a paper contradicts itself, and what this workbook does", 4),
    ...header(errataHeading + 1, ["Erratum", "Paper and where", "What the paper does, and what the workbook does", ""]),
  );
  ERRATA.forEach((values, i) => cells.push(...textRow(errataHeading + 2 + i, values, ["label", "source", "note"])));
  // One page: on two, the errata's heading was left alone at the foot of the first.
  return { name: sheet, columnWidths: [40, 44, 80, 12], frozenRows: 2, print: landscape(1), cells };
}
