/**
 * An active/passive DAG's second site (Input!G23 "Active/Passive"): its servers hold every database's
 * copies there and carry the first site's databases when it fails, and the calculator chooses their disks
 * on their own (Role Requirements!I128; design.ts prefersJbod's secondSiteJbod; Storage Design!D194, D197):
 * JBOD where the site keeps two copies or more (one copy there has no other to reseed from), else RAID.
 */
import { copiesPerSite } from "../failover";
import type { MicrosoftSizing } from "./design";
import { excelRound } from "./excel";

/**
 * A second-site server as serverDisks and raidServerDisks lay its disks: the first site's copies a server
 * (Storage Design's second-site columns read TotNumDBCopiesServer, Role Requirements!C102, on the site's own
 * disk and architecture), or its own — databases × its site's copies ÷ its servers — where it holds more
 * (ours: fewer servers there than the calculator's, I89, which it cannot be given), at a database's IOPS each.
 */
export function secondSiteServer(s: MicrosoftSizing, serversPerSite: readonly number[], copies: number): MicrosoftSizing {
  const copiesPerServer = Math.max(s.copiesPerServer, secondSiteCopies(s, serversPerSite, copies));
  return { ...s, copiesPerServer, serverIops: s.databaseIops * copiesPerServer };
}

/** A second-site server's own copies: databases × its site's copies ÷ its servers (Role Requirements!C102's where its servers are the calculator's, I89). */
export const secondSiteCopies = (s: Pick<MicrosoftSizing, "databases">, serversPerSite: readonly number[], copies: number): number =>
  excelRound((s.databases * copiesPerSite(copies, 2)[1]) / serversPerSite[1]);

/** Rendered: a second-site server's copies as its disks are laid — secondSiteServer's, over the databases, copies, its servers' and the first site's copies a server's cells. */
export const secondSiteCopiesFormula = (databases: string, copies: string, serversSecondSite: string, firstCopiesPerServer: string): string =>
  `MAX(${firstCopiesPerServer},ROUND(${databases}*(${copies}-ROUNDUP(${copies}/2,0))/${serversSecondSite},0))`;
/** Rendered: the DAG's disks, each site's server's × its servers (catalogue/storage.ts dagDisksOf). */
export const siteDagDisksFormula = (firstDisks: string, firstServers: string, secondDisks: string, secondServers: string): string =>
  `${firstDisks}*${firstServers}+${secondDisks}*${secondServers}`;
