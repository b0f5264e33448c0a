/**
 * Deploy-Dag.ps1 read as PowerShell would read its data (PowerShell is not on these machines): the
 * $Servers table (each server's disks) and the $Databases table (each database and its copies), from
 * the literals the script writes — single-quoted strings with doubled quotes, whole numbers, $true.
 */

/** A PowerShell single-quoted string, quotes doubled inside. */
export const PS_STRING = "'(?:[^']|'')*'";
/** A PowerShell single-quoted string's value. */
export const psValue = (quoted: string): string => quoted.slice(1, -1).replace(/''/g, "'");

export interface ScriptDisk {
  disk: number;
  label: string;
  path: string;
  databases: string[];
}
export interface ScriptCopy {
  server: string;
  preference: number;
  lagged: boolean;
}
export interface ScriptDatabase {
  name: string;
  server: string;
  edbFilePath: string;
  logFolderPath: string;
  copies: ScriptCopy[];
}

const strings = (text: string) => [...text.matchAll(new RegExp(PS_STRING, "g"))].map((m) => psValue(m[0]));

/** The lines between `opening` and the first line that is exactly `closing`, which must both be there. */
function block(lines: string[], opening: string, closing: string): string[] {
  const from = lines.indexOf(opening);
  if (from < 0) throw new Error(`the script has no line ${opening}`);
  const to = lines.indexOf(closing, from + 1);
  if (to < 0) throw new Error(`the script's ${opening} does not close`);
  return lines.slice(from + 1, to);
}

/** Each server's disks, in the script's order: `'MBX01' = @(` … `)` with a disk a line. */
export function scriptServers(script: string): Array<{ server: string; disks: ScriptDisk[] }> {
  const servers: Array<{ server: string; disks: ScriptDisk[] }> = [];
  const disk = new RegExp(`^    @\\{ Disk = (\\d+); Label = (${PS_STRING}); Path = (${PS_STRING}); Databases = @\\(((?:${PS_STRING}(?:, )?)*)\\) \\}$`);
  for (const line of block(script.split("\r\n"), "$Servers = [ordered]@{", "}")) {
    const server = new RegExp(`^  (${PS_STRING}) = @\\($`).exec(line);
    const d = disk.exec(line);
    if (server) servers.push({ server: psValue(server[1]), disks: [] });
    else if (d) servers[servers.length - 1].disks.push({ disk: Number(d[1]), label: psValue(d[2]), path: psValue(d[3]), databases: strings(d[4]) });
    else if (line !== "  )") throw new Error(`not a line of $Servers: ${line}`);
  }
  return servers;
}

/** Each database with its passive copies, in the script's order: a database a line of `$Databases = @(` … `)`. */
export function scriptDatabases(script: string): ScriptDatabase[] {
  const copy = new RegExp(`@\\{ Server = (${PS_STRING}); Preference = (\\d+)(; Lagged = \\$true)? \\}`, "g");
  const database = new RegExp(
    `^  @\\{ Name = (${PS_STRING}); Server = (${PS_STRING}); EdbFilePath = (${PS_STRING}); LogFolderPath = (${PS_STRING}); Copies = @\\(((?:@\\{[^}]*\\}(?:, )?)*)\\) \\}$`,
  );
  return block(script.split("\r\n"), "$Databases = @(", ")").map((line) => {
    const m = database.exec(line);
    if (!m) throw new Error(`not a line of $Databases: ${line}`);
    return {
      name: psValue(m[1]),
      server: psValue(m[2]),
      edbFilePath: psValue(m[3]),
      logFolderPath: psValue(m[4]),
      copies: [...m[5].matchAll(copy)].map((c) => ({ server: psValue(c[1]), preference: Number(c[2]), lagged: c[3] !== undefined })),
    };
  });
}

/** A simple assignment's value: `$Name = 12` or `$Name = 'text'`; undefined if the script has none. */
export function scriptSetting(script: string, name: string): string | number | undefined {
  const m = new RegExp(`^\\$${name} = (${PS_STRING}|\\d+)$`, "m").exec(script.split("\r\n").join("\n"));
  return m === null ? undefined : m[1].startsWith("'") ? psValue(m[1]) : Number(m[1]);
}
