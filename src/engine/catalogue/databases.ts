/** The databases a design deploys and the volumes that hold them (Dell: Tables 18-19; Microsoft: Role Requirements, Volume Requirements). */
import { cite } from "../papers";
import type { Quantity } from "./quantity";

const BOTH = `${cite("dell", "Tables 18-19")}; ${cite("microsoft", "Role Requirements!C79, Volume Requirements")}`;

export const DATABASE_QUANTITIES = [
  { key: "databases", label: "Databases", unit: "", digits: 0, source: BOTH, value: (d) => d.databases },
  { key: "mailboxesPerDatabase", label: "Mailboxes per database", unit: "", digits: 2, source: BOTH, value: (d) => d.mailboxesPerDatabase },
  // One database volume and one log volume a database, as the papers lay them (Dell, Tables 18-19).
  { key: "databaseVolumes", label: "Database volumes", unit: "", digits: 0, source: BOTH, value: (d) => d.databases },
  { key: "databaseVolumeGB", label: "Database volume", unit: "GB", digits: 0, source: BOTH, value: (d) => d.databaseVolumeGB },
  { key: "logVolumes", label: "Log volumes", unit: "", digits: 0, source: BOTH, value: (d) => d.databases },
  { key: "logVolumeGB", label: "Log volume", unit: "GB", digits: 0, source: BOTH, value: (d) => d.logVolumeGB },
] as const satisfies readonly Quantity[];
