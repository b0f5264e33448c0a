/**
 * An active/passive DAG's second site (Input!G23 "Active/Passive"): its servers hold every database's
 * copies there and carry the first site's databases when it fails, and the calculator chooses their disks
 * on their own (Role Requirements!I128; design.ts prefersJbod's secondSiteJbod; Storage Design!D194, D197):
 * JBOD where the site keeps two copies or more (one copy there has no other to reseed from), else RAID.
 */
import { copiesPerSite } from "../failover";
import { SERVER_DISK_RULES as R } from "../rules/disks";
import type { MicrosoftSizing } from "./design";
import { MICROSOFT_FACTOR_DEFAULTS as F } from "./tables";

const ownCopiesOf = R.compile("secondSiteCopiesPerServer", ["databases", "copies", "copiesFirstSite", "serversSecondSite"]);
const laidCopiesOf = R.compile("secondSiteLaidCopies", ["copiesPerServer", "databases", "copies", "copiesFirstSite", "serversSecondSite"]);
const siteDagDisksOf = R.compile("siteDagDisks", ["firstSiteDisks", "serversFirstSite", "secondSiteDisks", "serversSecondSite"]);

/** A second-site server as serverDisks and raidServerDisks lay its disks (rules/disks.ts secondSiteLaidCopies), at a database's IOPS each copy. */
export function secondSiteServer(s: MicrosoftSizing, serversPerSite: readonly number[], copies: number): MicrosoftSizing {
  const copiesPerServer = laidCopiesOf([s.copiesPerServer, s.databases, copies, copiesPerSite(copies, 2)[0], serversPerSite[1]], F);
  return { ...s, copiesPerServer, serverIops: s.databaseIops * copiesPerServer };
}

/** A second-site server's own copies (rules/disks.ts secondSiteCopiesPerServer). */
export const secondSiteCopies = (s: Pick<MicrosoftSizing, "databases">, serversPerSite: readonly number[], copies: number): number =>
  ownCopiesOf([s.databases, copies, copiesPerSite(copies, 2)[0], serversPerSite[1]], F);

/** Rendered: secondSiteServer's copies, over the databases, copies, the first site's copies, the second site's servers and a first-site server's copies. */
export const secondSiteCopiesFormula = (databases: string, copies: string, copiesFirstSite: string, serversSecondSite: string, firstCopiesPerServer: string): string =>
  R.formula("secondSiteLaidCopies", { databases, copies, copiesFirstSite, serversSecondSite, copiesPerServer: firstCopiesPerServer });

/** Active/passive, the DAG's disks (rules/disks.ts siteDagDisks): each site's server's disks × its servers. */
export const siteDagDisks = (firstSiteDisks: number, serversPerSite: readonly number[], secondSiteDisks: number): number =>
  siteDagDisksOf([firstSiteDisks, serversPerSite[0], secondSiteDisks, serversPerSite[1]], F);

/** Rendered: siteDagDisks, over each site's disks a server and servers. */
export const siteDagDisksFormula = (firstSiteDisks: string, serversFirstSite: string, secondSiteDisks: string, serversSecondSite: string): string =>
  R.formula("siteDagDisks", { firstSiteDisks, serversFirstSite, secondSiteDisks, serversSecondSite });
