/**
 * Every workbook the CLI writes is written whole or not at all: the bytes go to a
 * temporary file beside the target (the same folder, so the rename is atomic and never crosses
 * devices), then are linked into place (without --force: a file already there stays) or renamed over
 * it (with --force). A full disk, Ctrl-C or any other failure leaves the target byte for byte as it
 * was and no temporary behind.
 */
import { promises as fs } from "fs";
import * as path from "path";
import { EXIT, type CommandOutput } from "./design-options";

/** Exit status of a command stopped by Ctrl-C (128 + SIGINT), as a shell reports it. */
export const EXIT_INTERRUPTED = 130;

/** The file operations a whole write uses: Node's own, or a test's that fails part-way. */
export type WholeFileIO = Pick<typeof fs, "writeFile" | "rename" | "link" | "rm">;

/** What a whole write is for: the command that names itself in messages, and whether to stop. */
export interface WholeWrite {
  command: string;
  force: boolean;
  /** True once the user asked to stop (Ctrl-C): the temporary is removed and the target left alone. */
  heard?: () => boolean;
  io?: WholeFileIO;
}

/** Writes `bytes` to `file` whole or not at all; the exit status, and a message on stderr when it fails. */
export async function writeWhole(file: string, bytes: Uint8Array, how: WholeWrite, out: CommandOutput): Promise<number> {
  const io = how.io ?? fs;
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}-${Date.now().toString(36)}.tmp`);
  let placing = false;
  try {
    await io.writeFile(temporary, bytes, { flag: "wx" });
    if (how.heard?.()) return EXIT_INTERRUPTED;
    placing = true;
    if (how.force) await io.rename(temporary, file);
    else await io.link(temporary, file);
    return EXIT.ok;
  } catch (e) {
    const error = e as NodeJS.ErrnoException;
    // Only the link says the target is there: a temporary's EEXIST is a write that failed.
    if (error.code === "EEXIST" && placing && !how.force) {
      out.stderr(`exsize ${how.command}: ${file} exists; add --force to overwrite it`);
      return EXIT.usage;
    }
    out.stderr(`exsize ${how.command}: cannot write ${file}: ${error.message}`);
    return EXIT.failed;
  } finally {
    await io.rm(temporary, { force: true }).catch(() => undefined);
  }
}
