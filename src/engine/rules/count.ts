/**
 * The database count of Microsoft's method as rules — Role Requirements!C62:C80: the largest database,
 * the mailboxes one holds, the most databases the DAG supports and the count the calculator deploys,
 * each written once (rule.ts derives the engine's value, microsoft/design.ts microsoftDatabaseCount, the
 * Methods sheet's formulas and the words). Whether the DAG is on JBOD, and with several databases a
 * volume, is the server disks' rules' (rules/disks.ts jbod, severalPerVolume), given here as inputs.
 */
import { MICROSOFT } from "../microsoft/tables";
import { calculatorAt, SITE_RULES } from "./microsoft";
import { constant, input, SITE_OPERANDS } from "./operands";
import { defineRuleSet, type Operand } from "./rule";

const at = calculatorAt;

export const COUNT_OPERANDS = {
  ...SITE_OPERANDS,
  askedVolumeDatabases: input("databases a volume asked (0: the calculator's)", "databases"),
  jbod: input("the DAG on JBOD"),
  severalPerVolume: input("several databases a volume"),
  diskRawGB: input("the JBOD disk's raw GB", "GB"),
  diskIops: input("the JBOD disk's IOPS", "IOPS"),
  customMaxDatabaseGB: input("a custom maximum database size (0: none)", "GB"),
  sizedMailboxes: input("mailboxes sized", "mailboxes"),
  disk: input("mailbox size on disk", "MB"),
  peakPerMailbox: input("IOPS a mailbox with the I/O overhead", "IOPS"),
  setDatabases: input("databases set (0: the calculator's)", "databases"),
  laggedCopies: input("lagged copies of each database", "copies"),
  // The design's factors, given as inputs: the count is sized for each disk a search tries, each its own factors.
  dataOverhead: input("data overhead"),
  contentIndexShare: input("content index share"),
  volumeFreeShare: input("free space share of a volume"),
  standaloneMaxGB: constant("200 GB stand-alone", MICROSOFT.maxDatabaseGBStandalone, "GB"),
  raidMaxGB: constant("2,000 GB", MICROSOFT.maxDatabaseGBWithCopies, "GB"),
  largeDiskGB: constant("2,500 GB", MICROSOFT.largeDiskRawGB, "GB"),
  noCustomMaxGB: constant("no maximum", 1e9, "GB"),
  noIoLimit: constant("no I/O limit", 1e15, "mailboxes"),
  bytesPerGB: constant("10⁹ bytes", 1e9, "bytes"),
  bytesPerGiB: constant("1024³ bytes", 1024 ** 3, "bytes"),
  mbPerGB: constant("1,024", 1024, "MB"),
  mostPerServer: constant("100 databases a server", MICROSOFT.maxDatabasesPerServer, "databases"),
  mostStandalone: constant("98 databases stand-alone", MICROSOFT.maxDatabasesStandalone, "databases"),
} as const satisfies Record<string, Operand>;

export const COUNT_RULES = defineRuleSet("Microsoft's method", COUNT_OPERANDS, {
  highAvailability: SITE_RULES.highAvailability,
  servers: SITE_RULES.servers,
  // The calculator has no number for the databases a volume, only Input!C108 ("No": one a volume) and C109 ("Yes":
  // every copy; "No": half the copies when even): 1 asks C108 "No", 0 or the copies C109 "Yes", any other C109 "No".
  evenCopies: { label: "An even number of copies", unit: "", source: at("Role Requirements!C83"), expression: "copies-2*ROUNDDOWN(copies/2,0)=0" },
  halvesCopies: { label: "Half the copies a volume asked", unit: "", source: at("Input!C109"), expression: "AND(askedVolumeDatabases>1,askedVolumeDatabases<>copies,evenCopies)" },
  // Active/passive (Input!G23): a volume holds the first site's copies whatever C109 says.
  volumeCopies: { label: "Databases a JBOD volume", unit: "databases", source: at("Role Requirements!C83"), expression: "IF(askedVolumeDatabases=1,1,IF(activePassive>0,copiesFirstSite,IF(halvesCopies,copies/2,copies)))" },
  // The databases a JBOD volume is laid out for: one where the calculator lays one a volume (C110 "1 Volume / DB"), the
  // calculator's at a number asked, 0 (the most that fit its disk, rules/disks.ts jbodVolumeDatabases) where none is.
  laidVolumeDatabases: { label: "Databases a JBOD volume laid out (0: the most that fit)", unit: "databases", source: at("Volume Requirements!C110"), expression: "IF(severalPerVolume,IF(askedVolumeDatabases>0,volumeCopies,0),1)" },
  // The design the calculator cannot size (design.ts checkDesign): a site's copies need as many servers there, and a DAG
  // keeps two HA copies (Input!C30 offers 0, 2, 3 … HA copies), so at most copies − 2 lagged, none stand-alone.
  designRefused: { label: "A design the calculator cannot size", unit: "", source: at("Input!C30:C33"), expression: "OR(copiesFirstSite>serversFirstSite,AND(serversSecondSite>0,copies-copiesFirstSite>serversSecondSite),laggedCopies<0,laggedCopies<>ROUND(laggedCopies,0),laggedCopies>IF(highAvailability,copies-2,0))" },
  // C62's volume, where the calculator lays several databases a volume: one at 1; else every copy, halved when even
  // where C109 "No" or active/passive halves them.
  maxSizeVolume: { label: "Databases of the volume the largest database is sized for", unit: "databases", source: at("Role Requirements!C62"), expression: "IF(askedVolumeDatabases=1,1,IF(OR(halvesCopies,AND(activePassive>0,evenCopies)),copies/2,copies))" },
  formattedGB: { label: "The JBOD disk's formatted capacity", unit: "GB", source: at("Storage Design!C46"), expression: "diskRawGB*bytesPerGB/bytesPerGiB" },
  // Stand-alone 200 GB (Variables!K33), RAID 2,000 (K34); a JBOD volume of v databases its formatted capacity ÷ v
  // less the free space, over each database and its content index (and one more's); one a volume, 2,000 GB on a
  // disk above 2,500 GB, else the disk less free space over a database and two content indexes, whole GB up.
  calculatedMaxDatabaseGB: { label: "Calculated maximum database size", unit: "GB", source: at("Role Requirements!C62"), expression: "IF(copies<2,standaloneMaxGB,IF(AND(jbod,diskRawGB>0),IF(AND(severalPerVolume,maxSizeVolume>1),formattedGB/maxSizeVolume*(1-volumeFreeShare)/(1+contentIndexShare+contentIndexShare/maxSizeVolume),IF(diskRawGB>largeDiskGB,raidMaxGB,ROUNDUP(formattedGB*(1-volumeFreeShare)/(1+contentIndexShare*2),0))),raidMaxGB))" },
  // A custom maximum (Input!G36 "Custom", G37) where smaller.
  maxDatabaseGB: { label: "Maximum database size", unit: "GB", source: at("Role Requirements!C63"), expression: "MIN(calculatedMaxDatabaseGB,IF(customMaxDatabaseGB>0,customMaxDatabaseGB,noCustomMaxGB))" },
  capacityMailboxes: { label: "Mailboxes a database of the maximum size holds", unit: "mailboxes", source: at("Role Requirements!C75"), expression: "maxDatabaseGB*(1-dataOverhead)*mbPerGB/disk" },
  // JBOD: the disk's IOPS over a mailbox's, down to an even number, shared by the databases of a volume.
  ioMailboxes: { label: "Mailboxes a JBOD disk serves for I/O", unit: "mailboxes", source: at("Role Requirements!C74"), expression: "2*ROUNDDOWN(ROUNDDOWN(diskIops/peakPerMailbox,0)/2,0)/IF(severalPerVolume,volumeCopies,1)" },
  // The smaller of the two on JBOD (none on RAID: no I/O limit); a disk too slow for one database's mailboxes has none.
  mailboxesPerDatabaseLimit: { label: "Mailboxes a database holds", unit: "mailboxes", source: at("Role Requirements!C76"), expression: "MIN(capacityMailboxes,IF(jbod,IF(ioMailboxes<=0,NA(),ioMailboxes),noIoLimit))" },
  // Stand-alone 98 (Variables!K36); with several databases a JBOD volume the most that fill whole volumes (99 at 3).
  mostDatabasesPerServer: { label: "Most databases a server", unit: "databases", source: at("Role Requirements!C64"), expression: "IF(highAvailability,IF(severalPerVolume,volumeCopies*ROUNDDOWN(mostPerServer/volumeCopies,0),mostPerServer),mostStandalone)" },
  maxDatabases: { label: "Most databases the DAG supports", unit: "databases", source: at("Role Requirements!C65"), expression: "IF(highAvailability,ROUNDDOWN(mostDatabasesPerServer*serversFirstSite/copiesFirstSite,0),mostDatabasesPerServer)" },
  rawDatabases: { label: "Databases for the mailboxes", unit: "databases", source: at("Role Requirements!C77"), expression: "sizedMailboxes/ROUNDUP(mailboxesPerDatabaseLimit,0)" },
  // Up to an even count from two; at most the DAG's most.
  calculatedDatabases: { label: "Databases before symmetry", unit: "databases", source: at("Role Requirements!C77"), expression: "MIN(IF(ROUNDUP(rawDatabases,0)<2,ROUNDUP(rawDatabases,0),ROUNDUP(rawDatabases/2,0)*2),maxDatabases)" },
  permutations: { label: "Server-copy permutations of the first site", unit: "", source: at("Role Requirements!C78"), expression: "PERMUT(serversFirstSite,copiesFirstSite)" },
  symmetricDatabases: { label: "Databases for symmetrical distribution", unit: "databases", source: at("Role Requirements!C78"), expression: "IF(highAvailability,ROUNDUP(calculatedDatabases/permutations,0)*permutations,calculatedDatabases)" },
  // Symmetric where the DAG supports it; a permutation less where that much above its most; else spread over the sites' servers.
  spread: { label: "The first site's servers, each site", unit: "servers", source: at("Role Requirements!C80"), expression: "serversFirstSite*IF(serversSecondSite>0,2,1)" },
  countBeforeGroup: { label: "Databases before the disk group", unit: "databases", source: at("Role Requirements!C80"), expression: "IF(maxDatabases>symmetricDatabases,symmetricDatabases,IF(AND(maxDatabases<symmetricDatabases,symmetricDatabases-maxDatabases<permutations,symmetricDatabases-permutations<>0),symmetricDatabases-permutations,IF(calculatedDatabases=maxDatabases,calculatedDatabases,IF(calculatedDatabases<=1,1,ROUNDUP(calculatedDatabases/spread,0)*spread))))" },
  // Variables!K53, which C79 reads as MOD(count, group): active/active, the DAG's servers when databases a volume
  // match the copies (C109 "Yes"), else the first site's; active/passive, the first site's with several a volume, else 1.
  diskGroup: { label: "The disk group", unit: "servers", source: at("Variables!K53"), expression: "IF(activePassive>0,IF(severalPerVolume,serversFirstSite,1),IF(OR(askedVolumeDatabases=0,askedVolumeDatabases=copies),servers,serversFirstSite))" },
  withRemainder: { label: "A count plus its remainder of the disk group", unit: "databases", source: at("Role Requirements!C79"), parameters: ["count"], expression: "2*count-ROUNDDOWN(count/diskGroup,0)*diskGroup" },
  // A count set (Input!G39): above the DAG's most that most, else plus its remainder as C79; stand-alone at least one.
  countedDatabases: { label: "Databases counted", unit: "databases", source: at("Role Requirements!C79"), expression: "IF(setDatabases>0,IF(setDatabases>maxDatabases,maxDatabases,IF(highAvailability,withRemainder(setDatabases),setDatabases)),IF(highAvailability,withRemainder(countBeforeGroup),MAX(1,calculatedDatabases)))" },
  // More than 100 copies on a server, unrounded, the calculator refuses (Role Requirements!I158, Variables!K35).
  tooManyCopies: { label: "More copies a server than the calculator allows", unit: "", source: at("Role Requirements!I158"), expression: "IF(highAvailability,countedDatabases*copies/servers,countedDatabases)>mostPerServer" },
  databases: { label: "Databases of the DAG", unit: "databases", source: at("Role Requirements!C79"), expression: "IF(tooManyCopies,NA(),countedDatabases)" },
  // Ours, beside a design the calculator builds: databases holding more mailboxes than one of the maximum size.
  outgrown: { label: "Databases above the maximum size", unit: "", source: at("Role Requirements!C75"), expression: "sizedMailboxes/countedDatabases>ROUNDUP(capacityMailboxes,0)" },
});

export type CountRule = keyof typeof COUNT_RULES.rules;
