/**
 * The shape of a sized design: what sizeDesign (src/engine/design) returns and what the catalogue's
 * quantities read. It lives here, below the design, so the catalogue never imports the design: the
 * design reads the catalogue's inputs and fills this shape, and arrows point down (STYLE.md).
 */
import type { ArrayChoice } from "../arrays";
import type { DatabaseCapacity } from "../database";
import type { CopyLayout, FailureScenario } from "../layout";
import type { LogCapacity } from "../logs";
import type { DatabaseSizeWarning, MicrosoftSizing } from "../microsoft/design";
import type { ServerDisks } from "../microsoft/disks";
import type { McdbSsds } from "../microsoft/mcdb";
import type { RaidServerDisks } from "../microsoft/raid-disks";
import type { RaidLevel } from "../tables";
import type { ServerLimitWarning } from "../version";
import type { CatalogueInputs } from "./index";
import type { SizingMethod } from "./servers";

export interface ScenarioFigures {
  scenario: FailureScenario;
  /** What fails, in words: "One server". */
  fails: string;
  survivable: boolean;
  /** Why not, for a scenario that is not survivable (or cannot occur in one site). */
  reason?: string;
  /** Whether the scenario can occur at all (a site's loss needs two sites). */
  applies: boolean;
  runningServers: number;
  activeDatabases: number;
  activeMailboxes: number;
  targetIops: number;
  /** VMware's rule for the busiest server (000's method only). */
  cores: number;
  memoryGB: number;
}

/** A server's cores and memory, sized never less (docs/whole-design.md). */
export interface ServersNeverLess {
  coresPerServer: number;
  memoryPerServerGB: number;
}

/** One site's servers of an active/passive DAG: how many, and what each needs (Design.siteServers). */
export interface SiteServers {
  servers: number;
  /** Database copies a server holds — Role Requirements!C102 (the first site); the second site's databases × its copies ÷ its servers. */
  copiesPerServer: number;
  memoryPerServerGB: number;
  coresPerServer: number;
  /** Its disks, JBOD or RAID as the calculator chooses for the site; else why none. */
  serverDisks?: ServerDisks;
  raidServerDisks?: RaidServerDisks;
  serverDisksProblem?: string;
}

export interface Design {
  inputs: Readonly<CatalogueInputs>;
  method: SizingMethod;
  serversPerSite: number[];
  /** Dell's steps (Tables 18-19) at its own count balanced: every design shows them (the Design and Methods sheets). */
  dell: { database: DatabaseCapacity; logs: LogCapacity; rawDatabases: number };
  /** Microsoft's calculator at its own count balanced; undefined when its method cannot size the design (it says why in microsoftProblem). */
  microsoft?: MicrosoftSizing;
  microsoftProblem?: string;
  /** The calculator's own database count, before balancing (Role Requirements!C79). */
  microsoftDatabases?: number;
  /** The one database count: deployed, laid out, exported. */
  databases: number;
  mailboxesPerDatabase: number;
  /** Mailbox size on disk by the method, MB. */
  mailboxOnDiskMB: number;
  /** One database's data, GB. */
  databaseGB: number;
  /** Each database's volume and each log volume, whole GB (one of each per database). */
  databaseVolumeGB: number;
  logVolumeGB: number;
  /** databases × (database volume + log volume), GB. */
  volumesGB: number;
  /** What one copy needs provisioned: counted from the totals, never falls as the load rises (capacity.ts). */
  capacityPerCopyGB: number;
  capacityAllCopiesGB: number;
  /** Database IOPS per mailbox, headroom or overhead included. */
  iopsPerMailbox: number;
  /** Database IOPS of the active copies, of every copy, and log IOPS of the DAG. */
  databaseIops: number;
  dagDatabaseIops: number;
  dagLogIops: number;
  arrays: ArrayChoice & { modelName: string };
  spindles: { disks: number; raid: RaidLevel; disk: string | number; diskIops: number };
  servers: number;
  coresPerServer: number;
  /** The method's memory, at least the version's recommended minimum (128 GB for 2019 and SE: src/engine/version.ts). */
  memoryPerServerGB: number;
  /** The page file a server, GB, by its version's system requirements (25% of memory for 2019 and SE); undefined for 2010. */
  pageFileGB?: number;
  /**
   * What the design exceeds and still builds, the first what the Design check shows: by Microsoft's method,
   * databases that hold more mailboxes than the maximum database size allows (ours: the calculator builds
   * them); a server past its version's recommended cores or memory.
   */
  warnings: Array<ServerLimitWarning | DatabaseSizeWarning>;
  /** What the cores assume: the SPECint2006 rate given, Microsoft's baseline server, or VMware's mailboxes a core. */
  coresBasis: string;
  /**
   * By Microsoft's method at a SPECint2006 rate: the busiest server's CPU utilisation in the worst failure on
   * the servers named (coresPerServer input, its rate; Role Requirements!G208, G209, the larger), the
   * calculator's target for it (80%, C255) and the cores a server that carry it within the target (ours).
   * A design past the target is refused (ServerCapacityError).
   */
  cpu?: { utilization: number; target: number; coresToCarry: number };
  /**
   * By Microsoft's method, a DAG's servers sized never less (ServerSizing "never less", docs/whole-design.md):
   * ours beside the calculator's, equal to the design's own when it is sized so. Absent otherwise.
   */
  readonly neverLess?: ServersNeverLess;
  /** The copy layout of the databases deployed (built when first read). */
  readonly layout: CopyLayout;
  scenarios: ScenarioFigures[];
  /** The worst survivable failure: most mailboxes on the busiest server, then most IOPS, then the more severe. */
  worst?: ScenarioFigures;
  /** Active mailboxes on the busiest server in normal running, and after a site fails (undefined in one site). */
  normalMailboxesPerServer: number;
  siteFailureMailboxesPerServer?: number;
  /** Database IOPS of every copy a server holds — Role Requirements!D281 (Microsoft's); Dell's: the DAG's ÷ its servers. */
  serverDatabaseIops: number;
  /** The environment: its mailboxes as `dags` identical DAGs of `usersPerDag` (this design) and their servers. */
  environmentUsers: number;
  dags: number;
  usersPerDag: number;
  serversPerDag: number;
  environmentServers: number;
  /** A Microsoft-method JBOD design's disks a server (src/engine/microsoft/disks.ts); else why none, in serverDisksProblem. */
  serverDisks?: ServerDisks;
  /** A Microsoft-method design the calculator puts on RAID (prefersJbod false): its RAID disks a server (src/engine/microsoft/raid-disks.ts). */
  raidServerDisks?: RaidServerDisks;
  serverDisksProblem?: string;
  /** Why the JBOD disks lay another number of databases a volume than the one asked (the calculator's rule); absent when they lay it. */
  databasesPerVolumeNote?: string;
  /**
   * Active/passive (Microsoft's method, two sites): each site's servers sized on their own, as the calculator
   * sizes them — the first site's (Role Requirements!C142 memory, C254 cores, I127 and Storage Design!C194,
   * C197 its disks) and the second's, which carry the first's databases when it fails (D253, D254, I128,
   * D194, D197). The design's memoryPerServerGB and coresPerServer are the larger of the two.
   */
  siteServers?: readonly SiteServers[];
  /**
   * Exchange 2019's and SE's MetaCache Database SSDs a JBOD server holds beside its database disks
   * (src/engine/microsoft/mcdb.ts: one SSD to three database disks, 6% of their capacity); else why
   * none, in mcdbProblem.
   */
  mcdb?: McdbSsds;
  mcdbProblem?: string;
}
