/**
 * How long a test or hook may take, by what it does, for a busy two-core CI machine (with
 * Jest's 5 s default, 21 tests in 7 suites failed there in hooks that write a workbook). jest.config.js
 * sets WORKBOOK_MS as the floor for every test; a suite that does more says so with these.
 */

/** Build, evaluate or write a workbook (the model, the evaluator, exceljs, the fake Excel host). */
export const WORKBOOK_MS = 120_000;

/** Run a child process: the CLI as a process (which builds and writes a workbook), a server. */
export const PROCESS_MS = 180_000;

/** Compile the project: tsc for lib/, webpack for the add-in (a minute idle, several on two busy cores). */
export const BUILD_MS = 300_000;

/** Drive the task pane in chromium: a page load, a design written into the fake host, screenshots. */
export const BROWSER_MS = 120_000;

/** One soffice run, before tests/support/libreoffice.ts kills it (a first start on a slow machine takes ~60 s). */
export const SOFFICE_RUN_MS = 120_000;
/** Each further file in the same soffice run: its load, recalculation and save (a second or two idle). */
export const SOFFICE_FILE_MS = 30_000;
/** One soffice run over `files` files, before it is killed. */
export function sofficeRunMs(files: number): number {
  return SOFFICE_RUN_MS + Math.max(0, files - 1) * SOFFICE_FILE_MS;
}
/** How long a call waits for the one soffice at a time on this machine (a lock held across processes). */
export const SOFFICE_LOCK_WAIT_MS = 10 * 60_000;

/** One LibreOffice call from a test: the wait for the lock, the run, and a margin to read the result back. */
export const LIBREOFFICE_MS = SOFFICE_LOCK_WAIT_MS + SOFFICE_RUN_MS + 30_000;
/** One LibreOffice call over `files` files (recalculateXlsxFiles): the wait, the run, and a margin to read each result back. */
export function libreOfficeMs(files: number): number {
  return SOFFICE_LOCK_WAIT_MS + sofficeRunMs(files) + Math.max(1, files) * 30_000;
}

/** Pack the package (a compile of lib/) and install it with its ~200 dependencies from the npm registry: minutes on two busy cores and a slow network. */
export const INSTALL_MS = 15 * 60_000;
