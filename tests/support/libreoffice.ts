/**
 * Recalculate an .xlsx with real LibreOffice Calc, headless, and read back every cell.
 *
 * LibreOffice keeps an .xlsx's cached `<v>` results on load unless its profile says otherwise, so
 * each call gets a throwaway user profile whose registrymodifications.xcu sets
 * /org.openoffice.Office.Calc/Formula/Load OOXMLRecalcMode (and ODFRecalcMode) to 0, "always
 * recalculate". The file is converted xlsx → xlsx, which saves the recalculated results, and the
 * copy is read back with exceljs (error cells come back as `{ error: "#NAME?" }`).
 *
 * Several files can go through one soffice run (recalculateXlsxFiles): its start, several seconds,
 * is paid once.
 *
 * One soffice at a time: calls are queued in this process and hold a lock directory across
 * processes (jest workers), and the whole soffice process group is killed on timeout.
 */
import { execFileSync, spawn } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { pathToFileURL } from "url";
import ExcelJS from "exceljs";
import { SOFFICE_LOCK_WAIT_MS, sofficeRunMs } from "./timeouts";

/** The Debian package that provides headless `soffice` with Calc. */
export const LIBREOFFICE_APT_PACKAGE = "libreoffice-calc-nogui";

export interface RecalculatedCell {
  value: number | string | boolean | null;
  /** Excel error code the cell holds after recalculation: "#NAME?", "#VALUE!", "#DIV/0!"… */
  error?: string;
  /** The formula as LibreOffice saved it (it lower-cases names it does not know), without "=". */
  formula?: string;
}

export type RecalculatedWorkbook = Record<string /*sheet*/, Record<string /*A1*/, RecalculatedCell>>;

export interface RecalculateOptions {
  /** Give up (and kill soffice) after this long. A first start on a slow machine can take ~60 s. */
  timeoutMs?: number;
}

const LOCK_DIR = path.join(os.tmpdir(), "exsize-soffice.lock");
const LOCK_WAIT_MS = SOFFICE_LOCK_WAIT_MS;

/** Where soffice is: $SOFFICE_PATH if set (and only there), else the first `soffice` on PATH, else the usual install places. */
export function sofficePath(): string | null {
  const explicit = process.env.SOFFICE_PATH;
  const candidates = explicit
    ? [explicit]
    : [
        ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, "soffice")),
        "/usr/lib/libreoffice/program/soffice",
        "/opt/libreoffice/program/soffice",
        "/Applications/LibreOffice.app/Contents/MacOS/soffice",
      ];
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here; try the next place
    }
  }
  return null;
}

export function libreOfficeAvailable(): boolean {
  return sofficePath() !== null;
}

/** Whether poppler's pdftotext runs: the print tests read LibreOffice's pages with it. */
export function pdftotextAvailable(): boolean {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

let queue: Promise<unknown> = Promise.resolve();

/** Opens the file in LibreOffice with recalculation on load forced, saves the recalculated result, reads every cell. */
export async function recalculateXlsx(xlsxPath: string, options: RecalculateOptions = {}): Promise<RecalculatedWorkbook> {
  return (await recalculateXlsxFiles([xlsxPath], options))[0];
}

/**
 * recalculateXlsx for several files in one soffice run, the results in the order given. Starting
 * soffice costs several seconds, and each further file in the same run about a second or two: a
 * suite that recalculates several workbooks pays the start once. Each file is loaded, recalculated
 * and saved as its own document, as in a run of its own.
 */
export async function recalculateXlsxFiles(xlsxPaths: readonly string[], options: RecalculateOptions = {}): Promise<RecalculatedWorkbook[]> {
  // Read back after the lock is let go: another process's soffice need not wait for exceljs.
  return convertInTurn(xlsxPaths, XLSX_FILTER, options, async (converted) => {
    const books: RecalculatedWorkbook[] = [];
    for (const file of converted) books.push(await readEveryCell(file));
    return books;
  });
}

/**
 * Converts the files in one soffice run, in this process's turn and under the lock between processes,
 * then reads the converted files (after the lock is let go) before their folder is removed.
 */
async function convertInTurn<T>(xlsxPaths: readonly string[], filter: typeof XLSX_FILTER, options: RecalculateOptions, read: (converted: string[]) => Promise<T[]> | T[]): Promise<T[]> {
  if (xlsxPaths.length === 0) return [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-lo-"));
  try {
    const run = queue.then(() => withCrossProcessLock(() => convertNow(xlsxPaths, work, filter, options)));
    queue = run.catch(() => undefined);
    return await read(await run);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** soffice's --convert-to: the recalculated workbook saved as .xlsx, or printed. */
const XLSX_FILTER = { convertTo: "xlsx:Calc MS Excel 2007 XML", extension: ".xlsx", did: "convert" };
const PDF_FILTER = { convertTo: "pdf", extension: ".pdf", did: "print" };

/** Converts each .xlsx in `work` with recalculation forced; the converted files, in the order given. */
async function convertNow(xlsxPaths: readonly string[], work: string, filter: typeof XLSX_FILTER, options: RecalculateOptions): Promise<string[]> {
  const soffice = sofficePath();
  if (!soffice) {
    throw new Error(`LibreOffice (soffice) was not found; install the Debian package ${LIBREOFFICE_APT_PACKAGE} or set SOFFICE_PATH`);
  }
  const sources = xlsxPaths.map((p) => path.resolve(p));
  for (const source of sources) if (!fs.existsSync(source)) throw new Error(`LibreOffice: no such file ${source}`);

  const profile = path.join(work, "profile");
  const input = path.join(work, "in");
  const output = path.join(work, "out");
  for (const dir of [path.join(profile, "user"), input, output]) fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(profile, "user", "registrymodifications.xcu"), RECALCULATE_ALWAYS_XCU);
  // Copies under fixed names: an input's own name may have characters soffice mangles, and two inputs may share one.
  const copies = sources.map((source, i) => {
    const copy = path.join(input, `workbook-${i}.xlsx`);
    fs.copyFileSync(source, copy);
    return copy;
  });

  const args = [
    `-env:UserInstallation=${pathToFileURL(profile).href}`,
    "--headless",
    "--norestore",
    "--nolockcheck",
    "--nodefault",
    "--nologo",
    "--convert-to",
    filter.convertTo,
    "--outdir",
    output,
    ...copies,
  ];
  const run = await runProcessGroup(soffice, args, options.timeoutMs ?? sofficeRunMs(copies.length));
  const converted = copies.map((copy) => path.join(output, path.basename(copy, ".xlsx") + filter.extension));
  const missing = sources.filter((_, i) => !fs.existsSync(converted[i]));
  if (run.code !== 0 || missing.length > 0) {
    throw new Error(
      `soffice did not ${filter.did} ${(missing.length > 0 ? missing : sources).join(", ")} (exit ${run.code ?? run.signal}):\n${run.stdout}${run.stderr}`.trim(),
    );
  }
  return converted;
}

/**
 * Prints the workbook with LibreOffice (recalculating on load, as a customer's program would) and
 * returns the PDF: every sheet, with each sheet's own page setup.
 */
export async function printXlsxToPdf(xlsxPath: string, options: RecalculateOptions = {}): Promise<Buffer> {
  return (await printXlsxFilesToPdf([xlsxPath], options))[0];
}

/** printXlsxToPdf for several files in one soffice run (its start paid once), the PDFs in the order given. */
export async function printXlsxFilesToPdf(xlsxPaths: readonly string[], options: RecalculateOptions = {}): Promise<Buffer[]> {
  return convertInTurn(xlsxPaths, PDF_FILTER, options, (printed) => printed.map((pdf) => fs.readFileSync(pdf)));
}

/** Profile settings: recalculate every formula on load, for .xlsx (OOXML) and .ods (ODF). 0 = always. */
const RECALCULATE_ALWAYS_XCU = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse"><value>0</value></prop></item>
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="ODFRecalcMode" oor:op="fuse"><value>0</value></prop></item>
</oor:items>
`;

interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * Run a command in its own process group (soffice is a script that starts oosplash and soffice.bin),
 * and make sure nothing of that group outlives the call: on timeout, and after a normal exit, any
 * member still alive is killed.
 */
function runProcessGroup(command: string, args: string[], timeoutMs: number): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const killGroup = () => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is already gone
      }
    };
    const timer = setTimeout(() => {
      killGroup();
      reject(new Error(`soffice took longer than ${timeoutMs / 1000} s and was killed:\n${stdout}${stderr}`.trim()));
    }, timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      killGroup();
      reject(error);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      killGroup();
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** Hold a lock directory shared by every process on this machine while running `body`. */
async function withCrossProcessLock<T>(body: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      fs.mkdirSync(LOCK_DIR);
      fs.writeFileSync(path.join(LOCK_DIR, "pid"), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (lockHolderIsGone()) {
        fs.rmSync(LOCK_DIR, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`waited too long for ${LOCK_DIR} (another soffice run holds it)`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  try {
    return await body();
  } finally {
    fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

function lockHolderIsGone(): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(path.join(LOCK_DIR, "pid"), "utf8"));
  } catch {
    // Just created by another process that has not written its pid yet, or already removed.
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}

async function readEveryCell(xlsxPath: string): Promise<RecalculatedWorkbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(xlsxPath);
  const result: RecalculatedWorkbook = {};
  workbook.eachSheet((sheet) => {
    const cells: Record<string, RecalculatedCell> = {};
    sheet.eachRow({ includeEmpty: false }, (row) => {
      row.eachCell({ includeEmpty: false }, (cell) => {
        cells[cell.address] = toRecalculatedCell(cell.value);
      });
    });
    result[sheet.name] = cells;
  });
  return result;
}

/** exceljs cell value → what the cell shows. */
function toRecalculatedCell(raw: ExcelJS.CellValue): RecalculatedCell {
  if (raw !== null && typeof raw === "object" && !(raw instanceof Date)) {
    if ("formula" in raw || "sharedFormula" in raw) {
      const f = raw as { formula?: string; sharedFormula?: string; result?: unknown };
      const shown = toRecalculatedCell((f.result ?? null) as ExcelJS.CellValue);
      const formula = f.formula ?? f.sharedFormula;
      return formula === undefined ? shown : { ...shown, formula };
    }
    if ("error" in raw) return { value: null, error: String((raw as { error: unknown }).error) };
    if ("richText" in raw) return { value: raw.richText.map((run) => run.text).join("") };
    if ("text" in raw) return { value: String((raw as { text: unknown }).text) };
  }
  if (raw instanceof Date) return { value: excelSerialDate(raw) };
  if (typeof raw === "number" || typeof raw === "string" || typeof raw === "boolean") return { value: raw };
  return { value: null };
}

/** A date as Excel's serial day number (1900 date system; day 0 = 1899-12-30 counting Excel's 1900 leap-year bug). */
function excelSerialDate(date: Date): number {
  return (date.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000;
}
