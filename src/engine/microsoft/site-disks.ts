/**
 * An active/passive DAG's second site (Input!G23 "Active/Passive"): its servers hold every database's
 * copies there and carry the first site's databases when it fails, and the calculator lays their disks
 * out on their own (Role Requirements!I128; Storage Design!D194, D197): JBOD where the first site is and
 * the second keeps two copies or more (one copy there has no other to reseed from), else RAID.
 */
import { copiesPerSite } from "../failover";
import type { MicrosoftSizing } from "./design";
import { excelRound } from "./excel";

/**
 * A second-site server as serverDisks and raidServerDisks read one: databases × its site's copies ÷ its
 * servers (Role Requirements!C102's where its servers are the calculator's, I89), at a database's IOPS each.
 */
export function secondSiteServer(s: MicrosoftSizing, serversPerSite: readonly number[], copies: number): MicrosoftSizing {
  const copiesPerServer = excelRound((s.databases * copiesPerSite(copies, 2)[1]) / serversPerSite[1]);
  return { ...s, copiesPerServer, serverIops: s.databaseIops * copiesPerServer };
}

/** Whether the second site's servers are on RAID — Role Requirements!I128: where the first's are, or with one copy there. */
export const secondSiteOnRaid = (firstOnRaid: boolean, copies: number): boolean => firstOnRaid || copiesPerSite(copies, 2)[1] < 2;

/** Rendered: a second-site server's copies — secondSiteServer's, over the databases, copies and its servers' cells. */
export const secondSiteCopiesFormula = (databases: string, copies: string, serversSecondSite: string): string =>
  `ROUND(${databases}*(${copies}-ROUNDUP(${copies}/2,0))/${serversSecondSite},0)`;
/** Rendered: secondSiteOnRaid, over whether the first site is on JBOD. */
export const secondSiteOnRaidFormula = (firstOnJbod: string, copies: string): string => `OR(NOT(${firstOnJbod}),${copies}-ROUNDUP(${copies}/2,0)<2)`;
/** Rendered: the DAG's disks, each site's server's × its servers (catalogue/storage.ts dagDisksOf). */
export const siteDagDisksFormula = (firstDisks: string, firstServers: string, secondDisks: string, secondServers: string): string =>
  `${firstDisks}*${firstServers}+${secondDisks}*${secondServers}`;
