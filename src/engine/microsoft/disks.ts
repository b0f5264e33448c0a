/**
 * A server's own disks for a design sized by Microsoft's method: the JBOD disks the
 * calculator offers (its disk table, Tables!A199:C245) and Dell EMC's 8 TB NL-SAS disk of the
 * 100,000-mailbox Exchange 2016 design (004_1d3a339e6fd03f64.txt, Table 4, Table 8), and the disks a
 * server needs: its database+log volumes (Volume Requirements!E115, one disk each on JBOD, Storage
 * Design!C182), a restore volume (E118, Storage Design!D182), its AutoReseed volumes (Input!C112,
 * E117, Storage Design!E182) and hot spares — which 004 adds (§4: "One disk drive as a spare
 * drive") and the calculator does not count (Storage Design!C197 is the other three).
 */
import { SizingError } from "../errors";
import { grouped } from "../general-format";
import type { MicrosoftSizing } from "./design";
import { RESTORE_VOLUMES, SERVER_DISK_RULES as R } from "../rules/disks";
import type { MicrosoftFactors } from "./tables";

// Each figure compiled once over the figures before it (rules/disks.ts): the rule is the one declaration. Each reads
// the factors by position, filled once a server (a search, fit.ts, lays out tens of thousands).
const formattedOf = R.compileAt("formattedGB", ["diskRawGB"]);
const volumeGBOf = R.compileAt("jbodVolumeGB", ["v", "databaseGB", "logGB"]);
const volumeIopsOf = R.compileAt("jbodVolumeIops", ["v", "mailboxesPerDatabase", "iopsPerMailbox"]);
const restoreGBOf = R.compileAt("jbodRestoreGB", ["v", "databaseGB", "logGB"]);
// The databases a volume and whether its disk holds them, over these figures in order.
const VOLUME_INPUTS = ["volumeDatabases", "volumeCopies", "databaseGB", "logGB", "mailboxesPerDatabase", "iopsPerMailbox", "diskRawGB", "diskIops"] as const;
const [volumeDatabasesOf, volumeRefusedOf, volumeTooLargeOf, volumeTooBusyOf] = (["jbodVolumeDatabases", "jbodVolumeRefused", "jbodVolumeTooLarge", "jbodVolumeTooBusy"] as const).map((key) =>
  R.compileAt(key, VOLUME_INPUTS),
);
const databaseLogDisksOf = R.compileAt("databaseLogVolumes", ["copiesPerServer", "volumeDatabases"]);
const autoReseedDisksOf = R.compileAt("jbodAutoReseedDisks", ["askedVolumeDatabases", "autoReseedDisks"]);
const calculatorDisksOf = R.compileAt("jbodCalculatorDisks", ["databaseLogVolumes", "jbodAutoReseedDisks"]);
const disksPerServerOf = R.compileAt("jbodDisksPerServer", ["jbodCalculatorDisks", "spareDisks"]);

/** Random I/O of a disk by its type, disk transfers a second — Tables!A229:B245 ("Random Disk I/O"). */
export const DISK_TYPE_IOPS: Readonly<Record<string, number>> = Object.freeze({
  '5.2K RPM SATA 2.5"': 55, // Tables!B229
  '5.4K RPM SATA 2.5"': 55, // B230
  '5.9K RPM SATA 2.5"': 55, // B231
  '5.2K RPM SATA 3.5"': 50, // B232
  '5.4K RPM SATA 3.5"': 50, // B233
  '5.9K RPM SATA 3.5"': 50, // B234
  '5.2K RPM SAS 3.5"': 52.5, // B235
  '5.4K RPM SAS 3.5"': 52.5, // B236
  '5.9K RPM SAS 3.5"': 52.5, // B237
  '7.2K RPM SATA 2.5"': 60, // B238
  '7.2K RPM SATA 3.5"': 55, // B239
  '7.2K RPM SAS 2.5"': 62.5, // B240
  '7.2K RPM SAS 3.5"': 57.5, // B241
  '10K RPM SAS 2.5"': 165, // B242
  '15K RPM SAS 2.5"': 230, // B243
  '10K RPM FC/SCSI/SAS 3.5"': 130, // B244
  '15K RPM FC/SCSI/SAS 3.5"': 180, // B245
});

/** The disk capacities the calculator offers, raw decimal GB — Tables!B201:B225 (36 GB to 12,000 GB). */
export const DISK_SIZES_GB: readonly number[] = Object.freeze([
  36, 72, 120, 146, 160, 250, 300, 320, 400, 450, 500, 600, 640, 750, 900, 1000,
  1200, 1500, 2000, 3000, 4000, 6000, 8000, 10000, 12000,
]);

/**
 * Larger disks than the calculator's table (ours): 14 to 24 TB, the capacities of the 3.5" 7,200 RPM
 * nearline SAS and SATA disks servers ship with in 2026 — Seagate's Exos X16 (14, 16 TB), X18, X20, X22 and
 * X24 (24 TB; Seagate, "Exos X24 SAS Product Manual", 2023: 12 to 24 TB, 7,200 RPM, 3.5"), Western
 * Digital's Ultrastar DC HC550 to HC580 and Toshiba's MG10 (22 TB). Only the 3.5" 7.2K types hold them (no
 * 2.5" 7.2K disk comes near), each with the calculator's random IOPS for its type (Tables!B239, B241):
 * the calculator's method, at sizes it does not list.
 */
export const OUR_DISK_SIZES_GB: readonly number[] = Object.freeze([14000, 16000, 18000, 20000, 22000, 24000]);
/** The types the larger disks come in: the table's 3.5" 7.2K ones (Tables!A239, A241). */
export const OUR_DISK_TYPES: readonly string[] = Object.freeze(['7.2K RPM SAS 3.5"', '7.2K RPM SATA 3.5"']);
const OUR_DISKS_SOURCE =
  'ours, beyond Microsoft\'s calculator\'s table (its IOPS for the type): the sizes of the 3.5" 7,200 RPM nearline disks of Seagate\'s Exos X16 to X24, Western Digital\'s Ultrastar and Toshiba\'s MG10 lines';

/** Whether a size and type pair is one jbodDisk reads: the calculator's table's, or ours (OUR_DISK_SIZES_GB). */
const sizeOfType = (gb: number, type: string): boolean => DISK_SIZES_GB.includes(gb) || (OUR_DISK_SIZES_GB.includes(gb) && OUR_DISK_TYPES.includes(type));

/** One JBOD disk: raw decimal GB, its type, and the random IOPS the calculator gives that type. */
export interface JbodDisk {
  /** "8TB 7.2K NL-SAS 3.5\"". */
  name: string;
  rawGB: number;
  type: string;
  iops: number;
  /** Where it comes from, for a reader (no seed file names). */
  source: string;
}

const disk = (
  rawGB: number,
  type: string,
  name?: string,
  source = "Microsoft's calculator's disk table",
): JbodDisk => ({
  name: name ?? `${rawGB >= 1000 ? `${rawGB / 1000}TB` : `${rawGB}GB`} ${type}`,
  rawGB,
  type,
  iops: DISK_TYPE_IOPS[type],
  source,
});

/**
 * Dell EMC's disk: 8 TB 7.2K RPM NL-SAS 3.5" (Seagate ST8000NM0055) — 004 Table 4, Table 8 (7.27 TB
 * raw per disk as formatted: 8,000 × 10⁹ ÷ 1024⁴). NL-SAS is a 7.2K disk with a SAS interface: the
 * calculator's "7.2K RPM SAS 3.5"" (Tables!A241, 57.5 IOPS).
 */
export const DELL_EMC_8TB_NL_SAS: JbodDisk = Object.freeze(
  disk(
    8000,
    '7.2K RPM SAS 3.5"',
    '8TB 7.2K NL-SAS 3.5"',
    "Dell EMC's 100,000-mailbox Exchange 2016 design (Table 4, Table 8)",
  ),
);

/** The calculator's example disk for databases and logs: 4,000 GB 7.2K RPM SAS 3.5" — Input!C116, D116. */
export const CALCULATOR_DEFAULT_DISK: JbodDisk = Object.freeze(
  disk(4000, '7.2K RPM SAS 3.5"'),
);

/**
 * The server-disk catalogue: 004's disk first, then every size from 1 TB of the calculator's table
 * (Tables!B201:B225) in the 3.5" 7.2K SAS type of its example (Input!D116) — the disks a JBOD Exchange
 * server is built from — then the table's 10K and 15K 2.5" SAS types (Tables!A242, A243) at the sizes
 * such disks are made in, for a design the calculator puts on RAID, where speed buys fewer disks
 * (RAID-5 is offered only above 7.2K, Storage Design!C74). Any other size and type pair of the table is
 * `jbodDisk("SIZE GB TYPE")`.
 */
export const JBOD_CATALOGUE: readonly JbodDisk[] = Object.freeze([
  DELL_EMC_8TB_NL_SAS,
  // One name a disk: the table's 8,000 GB 7.2K SAS 3.5" is Dell EMC's disk above ("8TB 7.2K RPM SAS 3.5"" reads as it: DISK_ALIASES).
  ...DISK_SIZES_GB.filter((gb) => gb >= 1000 && gb !== DELL_EMC_8TB_NL_SAS.rawGB).map((gb) =>
    disk(gb, '7.2K RPM SAS 3.5"'),
  ),
  ...OUR_DISK_SIZES_GB.map((gb) => disk(gb, '7.2K RPM SAS 3.5"', undefined, OUR_DISKS_SOURCE)),
  ...[300, 600, 900, 1200].map((gb) => disk(gb, '10K RPM SAS 2.5"')),
  ...[300, 600].map((gb) => disk(gb, '15K RPM SAS 2.5"')),
]);

/**
 * Names an earlier catalogue listed beside another for the same disk, read as that disk: the table's 8 TB
 * 7.2K SAS 3.5" stood next to Dell EMC's 8 TB NL-SAS 3.5" (the same 8,000 GB at 57.5 IOPS).
 */
export const DISK_ALIASES: Readonly<Record<string, JbodDisk>> = Object.freeze({ '8TB 7.2K RPM SAS 3.5"': DELL_EMC_8TB_NL_SAS });

/** A name as a reader would type it: in double quotes, or in single quotes when it holds an inch mark (not `3.5\"`). */
const quoted = (s: string) => (s.includes('"') ? `'${s}'` : `"${s}"`);

/**
 * A disk's name as compared: case, runs of spaces and the closing inch mark aside — every other
 * character counts, so `1,2TB` is not `12TB` and `-600GB` or `0600GB` not `600GB`.
 */
const keyOf = (s: string) => s.trim().replace(/\s*"$/, "").replace(/\s+/g, " ").toLowerCase();
/** Names already read: sizeDesign reads the design's disk by name every time, and a search (fit.ts) sizes thousands. */
const KEYS = new Map<string, string>();
const key = (s: string): string => {
  let k = KEYS.get(s);
  if (k === undefined) {
    k = keyOf(s);
    if (KEYS.size < 1024) KEYS.set(s, k);
  }
  return k;
};

/**
 * Every disk jbodDisk knows, by its name's key: the catalogue's, then each size and type of the
 * calculator's table under its own name ("6TB 10K RPM SAS 2.5\""). Built once: sizeDesign reads the
 * design's disk by name every time it sizes one.
 */
const DISKS_BY_KEY: ReadonlyMap<string, JbodDisk> = (() => {
  const byKey = new Map<string, JbodDisk>(JBOD_CATALOGUE.map((d) => [key(d.name), d]));
  for (const [alias, d] of Object.entries(DISK_ALIASES)) byKey.set(key(alias), d);
  for (const gb of [...DISK_SIZES_GB, ...OUR_DISK_SIZES_GB]) {
    for (const type of Object.keys(DISK_TYPE_IOPS)) {
      if (!sizeOfType(gb, type)) continue;
      const d = Object.freeze(disk(gb, type, undefined, DISK_SIZES_GB.includes(gb) ? undefined : OUR_DISKS_SOURCE));
      if (!byKey.has(key(d.name))) byKey.set(key(d.name), d);
    }
  }
  return byKey;
})();

/**
 * A disk by name from the catalogue ("8TB 7.2K NL-SAS 3.5\"", "4TB 7.2K RPM SAS 3.5\""; case, runs of
 * spaces and the inch mark aside), or any size of the calculator's table with any of its types as
 * "SIZE GB TYPE" ("6000 GB 10K RPM SAS 2.5\""). Anything else is a SizingError naming the choices.
 */
export function jbodDisk(name: string): JbodDisk {
  const known = DISKS_BY_KEY.get(key(name));
  if (known) return known;
  // The size as the table writes it: digits without a sign or a leading zero.
  const m = /^([1-9]\d*) ?gb (.+)$/.exec(key(name));
  if (m) {
    const gb = Number(m[1]);
    const type = Object.keys(DISK_TYPE_IOPS).find((t) => key(t) === m[2]);
    if (type !== undefined && sizeOfType(gb, type)) return DISKS_BY_KEY.get(key(disk(gb, type).name))!;
  }
  throw new SizingError(
    "#N/A",
    `disk must be one of ${JBOD_CATALOGUE.map((d) => quoted(d.name)).join(", ")}, or "SIZE GB TYPE" with a size of Microsoft's calculator's table ` +
      `(${DISK_SIZES_GB.join(", ")} GB) and one of its types (${Object.keys(DISK_TYPE_IOPS).join(", ")}), or ${OUR_DISK_SIZES_GB.join(", ")} GB ` +
      `in a 3.5" 7.2K type (${OUR_DISK_TYPES.join(", ")}); got ${quoted(name)}`,
  );
}

/**
 * A server disk by name: the user's own disks first (the Hardware sheet's server-disk rows, same
 * name rules as jbodDisk), then jbodDisk's catalogue and the calculator's table.
 */
export function serverDiskNamed(name: string, own: readonly JbodDisk[] = []): JbodDisk {
  const k = key(name);
  return own.find((d) => key(d.name) === k) ?? jbodDisk(name);
}

/** How a server's disks are chosen: the disk, databases a volume (0: the most that fit), AutoReseed volumes, restore volumes, hot spares. */
export interface ServerDiskChoice {
  disk: JbodDisk;
  /**
   * Databases a database+log volume (one disk) holds — Volume Requirements!E114; 0: the most that fit, at
   * most the copies. A design lays out the calculator's at the number asked (design.ts volumeDatabasesOf).
   */
  databasesPerVolume: number;
  /** AutoReseed spare volumes a server — Input!C112 (1). */
  autoReseedDisks: number;
  /** Restore volumes a server — Volume Requirements!E118 (1). */
  restoreDisks: number;
  /** Hot spares a server: 004 §4 keeps one; the calculator counts none (Storage Design!C197). */
  spareDisks: number;
  /** Of the hot spares, those sized never less adds so a copy more never lays fewer disks (size-design.ts atLeastDisks). */
  fewerCopiesSpareDisks?: number;
}

/** The calculator's example (Input!C112, Volume Requirements!E118) and 004's one hot spare (§4, Table 4). */
export const SERVER_DISK_DEFAULTS: Readonly<Omit<ServerDiskChoice, "disk">> =
  Object.freeze({
    databasesPerVolume: 0,
    autoReseedDisks: 1,
    restoreDisks: RESTORE_VOLUMES,
    spareDisks: 1,
  });

export interface ServerDisks extends ServerDiskChoice {
  /** Database copies on a server — Role Requirements!C102. */
  copiesPerServer: number;
  /** A database+log volume's size, GB — Volume Requirements!I123: (v × database × (1 + CI + CI ÷ v) + v × logs) ÷ (1 − free). */
  volumeGB: number;
  /** A disk's formatted capacity, GB: raw × 10⁹ ÷ 1024³ — Storage Design!C46. */
  formattedGB: number;
  /** The restore volume, GB — Volume Requirements!I9: a volume's databases and logs without content indexes, ÷ (1 − free). */
  restoreVolumeGB: number;
  /** Database+log volumes, one disk each — Volume Requirements!E115, Storage Design!C182. */
  databaseLogDisks: number;
  /** Database+log + restore + AutoReseed: the calculator's count — Storage Design!C197. */
  calculatorDisks: number;
  /** Every disk a server holds: the calculator's and the hot spares. */
  disksPerServer: number;
}

/** What one server of a JBOD design holds: the figures microsoftSizing computes (jbodNeedOf). */
export interface ServerDiskNeed {
  /** Database copies on a server — Role Requirements!C102. */
  copiesPerServer: number;
  /** Every copy of a database, HA and lagged: the most databases a volume holds by default. */
  copies: number;
  /** A database with overhead and its log space, GB — Volume Requirements!E123, F123. */
  databaseGB: number;
  logGB: number;
  /** Mailboxes a database and a mailbox's IOPS with overhead (the peak IOPS ÷ mailboxes). */
  mailboxesPerDatabase: number;
  iopsPerMailbox: number;
  contentIndexShare: number;
  volumeFreeShare: number;
}

/** What serverDisks needs, from a design's sizing (design.ts microsoftSizing) and its factors — as raid-disks.ts raidNeedOf. */
export function jbodNeedOf(
  s: Pick<MicrosoftSizing, "copiesPerServer" | "databaseGB" | "logSpaceGB" | "mailboxesPerDatabase" | "environmentIops" | "mailboxes">,
  copies: number,
  f: Pick<MicrosoftFactors, "contentIndexShare" | "volumeFreeShare">,
): ServerDiskNeed {
  return {
    copiesPerServer: s.copiesPerServer,
    copies,
    databaseGB: s.databaseGB,
    logGB: s.logSpaceGB,
    mailboxesPerDatabase: s.mailboxesPerDatabase,
    iopsPerMailbox: s.environmentIops / s.mailboxes,
    contentIndexShare: f.contentIndexShare,
    volumeFreeShare: f.volumeFreeShare,
  };
}

/**
 * The disks one server of a JBOD design needs for `copiesPerServer` database copies of `databaseGB`
 * each with `logGB` of logs. A volume of v databases must fit the disk's formatted capacity
 * (Volume Requirements!I123 against Storage Design!C46) and its mailboxes' IOPS the disk's random
 * I/O (Role Requirements!C74: v databases × mailboxes × IOPS ≤ the disk's). With v 0, the most that
 * fit, at most the copies (the calculator's default, Input!C109 "Yes"); a volume that does not fit is a
 * SizingError saying so. At v 1 (the calculator's one a volume) no AutoReseed disk. Each is its rule
 * (rules/disks.ts jbodVolumeDatabases, jbodVolumeTooLarge, jbodVolumeTooBusy, jbodRestoreTooLarge).
 */
export function serverDisks(need: ServerDiskNeed, choice: ServerDiskChoice): ServerDisks {
  const f = R.factorSlots({ considerJbod: 1, contentIndexShare: need.contentIndexShare, volumeFreeShare: need.volumeFreeShare, restoreVolumes: choice.restoreDisks });
  const formattedGB = formattedOf([choice.disk.rawGB], f);
  const values = [choice.databasesPerVolume, need.copies, need.databaseGB, need.logGB, need.mailboxesPerDatabase, need.iopsPerMailbox, choice.disk.rawGB, choice.disk.iops];
  const v = volumeDatabasesOf(values, f);
  values[0] = v;
  const volumeGB = volumeGBOf([v, need.databaseGB, need.logGB], f);
  const restoreVolumeGB = restoreGBOf([v, need.databaseGB, need.logGB], f);
  if (volumeRefusedOf(values, f)) {
    const n = (x: number) => grouped(x, 1);
    const volume = `disk: a volume of ${v} database${v === 1 ? "" : "s"} needs`;
    // Storage Design!D182 says "Insufficient Disk Capacity" when the restore volume outgrows its disk.
    throw new SizingError(
      "#N/A",
      volumeTooLargeOf(values, f)
        ? `${volume} ${n(volumeGB)} GB; a ${choice.disk.name} disk formats to ${n(formattedGB)} GB — choose a larger disk or fewer databases a volume`
        : volumeTooBusyOf(values, f)
          ? `${volume} ${n(volumeIopsOf([v, need.mailboxesPerDatabase, need.iopsPerMailbox], f))} IOPS; a ${choice.disk.name} disk gives ${n(choice.disk.iops)} — choose a faster disk or fewer databases a volume`
          : `disk: the restore volume needs ${n(restoreVolumeGB)} GB; a ${choice.disk.name} disk formats to ${n(formattedGB)} GB — choose a larger disk or fewer databases a volume`,
    );
  }
  const databaseLogDisks = databaseLogDisksOf([need.copiesPerServer, v], f);
  // One database a volume asked: no AutoReseed volume (rules/disks.ts jbodAutoReseedDisks).
  const autoReseedDisks = autoReseedDisksOf([choice.databasesPerVolume, choice.autoReseedDisks], f);
  const calculatorDisks = calculatorDisksOf([databaseLogDisks, autoReseedDisks], f);
  // Each field named, in the order a spread of the design's choice (serverDiskChoiceOf) gives: a search
  // (fit.ts) lays out tens of thousands, and a spread costs a copy of the choice's every key each time.
  return {
    databasesPerVolume: v,
    autoReseedDisks,
    restoreDisks: choice.restoreDisks,
    spareDisks: choice.spareDisks,
    disk: choice.disk,
    copiesPerServer: need.copiesPerServer,
    volumeGB,
    formattedGB,
    restoreVolumeGB,
    databaseLogDisks,
    calculatorDisks,
    disksPerServer: disksPerServerOf([calculatorDisks, choice.spareDisks], f),
  };
}
