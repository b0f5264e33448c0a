/**
 * The customer copy from the pane. The live design is never changed: the pane takes the current file
 * (Office.context.document.getFileAsync, compressed = .xlsx), and in that copy (customerCopy, pure)
 * gives each template cell its native formula, freezes any other EXSIZE formula to its value, and
 * stamps the design's Summary sheet; it opens the result as a new workbook (Excel.createWorkbook, ExcelApi
 * 1.8). Two syncs, whatever the size: one finds the design's sheets and names and the calculation
 * mode, one reads its input values (after a full calculation when calculation is manual, so the
 * file's saved values are current).
 */
import { customerCopy, describeCustomerCopy, nativeFormulasOf, type CustomerCopyReport as CopyChanges, type NativeFormulas } from "../workbook/customer-copy";
import { INPUT_NAMES, STAMP_CELL, customerCopyStamp, nameSuffix, referenceDesign, templateSheetNames, type HeadlineInputs } from "../workbook/template";
import { DesignLoadError } from "./excel-writer";

export const CREATE_WORKBOOK_API = "1.8";
/** Slices of 4 MB (the largest getFileAsync allows) keep the number of callbacks small. */
const SLICE_BYTES = 4 * 1024 * 1024;

const HEADLINE_KEYS: readonly (keyof HeadlineInputs)[] = ["users", "quotaMB", "messagesPerDay", "messageKB", "copies", "maxDatabaseGB"];

export interface CustomerCopyReport {
  /** The Inputs sheet the stamp was taken from: "Inputs" or "Inputs 2". */
  inputsSheet: string;
  /** The sheet that carries the stamp: "Summary" or "Summary 2". */
  stampSheet: string;
  stamp: string;
  bytes: number;
  syncs: number;
  /** Whether the pane had Excel calculate first (calculation was manual). */
  calculated: boolean;
  /** What the copy did with each EXSIZE call, and the same in sentences for the user. */
  changes: CopyChanges;
  lines: string[];
}

/** Why a customer copy cannot be made here, in plain words; undefined when it can. */
export function customerCopyUnavailable(): string | undefined {
  const office = typeof Office === "undefined" ? undefined : Office;
  const canCreate = office?.context?.requirements?.isSetSupported("ExcelApi", CREATE_WORKBOOK_API) === true && typeof Excel?.createWorkbook === "function";
  const canRead = typeof office?.context?.document?.getFileAsync === "function";
  if (!canRead && !canCreate) return "This version of Excel cannot hand the pane a copy of the file or open a new workbook, so it cannot prepare a customer copy. Use Excel 2019 or later, Microsoft 365 or Excel on the web, or run `exsize design --customer`.";
  if (!canRead) return "This version of Excel cannot hand the pane a copy of the file, so it cannot prepare a customer copy. Run `exsize design --customer` instead.";
  if (!canCreate) return `This version of Excel cannot open a new workbook from the pane (it needs Excel JavaScript API ${CREATE_WORKBOOK_API}: Excel 2019 or later, Microsoft 365 or Excel on the web). Run \`exsize design --customer\` instead.`;
  return undefined;
}

/** The design copies in a workbook: suffixes whose Inputs sheet and input names all exist. */
export function designSuffixes(sheetNames: readonly string[], definedNames: readonly string[]): string[] {
  const names = new Set(definedNames.map((n) => n.toLowerCase()));
  const base = templateSheetNames("").inputs;
  return sheetNames
    .filter((s) => s.startsWith(base))
    .map((s) => s.slice(base.length))
    .filter((suffix) => HEADLINE_KEYS.every((key) => names.has((INPUT_NAMES[key] + nameSuffix(suffix)).toLowerCase())));
}

/** The copy the user is looking at (the active sheet is one of its sheets), else the first one. */
function chooseDesign(suffixes: readonly string[], activeSheet: string): string | undefined {
  const looking = suffixes.find((suffix) => Object.values(templateSheetNames(suffix)).includes(activeSheet));
  return looking ?? suffixes[0];
}

/**
 * The native formulas of every template copy in the workbook. They depend only on the copy's suffix
 * (its sheet and name references), not on its input values.
 */
export function nativeFormulasOfCopies(suffixes: readonly string[]): NativeFormulas {
  return Object.assign({}, ...suffixes.map((suffix) => nativeFormulasOf(referenceDesign({ suffix })))) as NativeFormulas;
}

/** The current document as .xlsx bytes, slice by slice; the file is always closed again. */
export function currentFileBytes(): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    Office.context.document.getFileAsync(Office.FileType.Compressed, { sliceSize: SLICE_BYTES }, (result) => {
      if (result.status !== Office.AsyncResultStatus.Succeeded) {
        reject(new DesignLoadError(`Excel could not hand over a copy of this workbook: ${result.error.message}`));
        return;
      }
      const file = result.value;
      const slices: Uint8Array[] = [];
      const finish = (error?: Error) =>
        file.closeAsync(() => {
          if (error) return reject(error);
          const bytes = new Uint8Array(slices.reduce((n, s) => n + s.length, 0));
          let at = 0;
          for (const s of slices) {
            bytes.set(s, at);
            at += s.length;
          }
          resolve(bytes);
        });
      const next = (index: number) => {
        if (index >= file.sliceCount) return finish();
        file.getSliceAsync(index, (slice) => {
          if (slice.status !== Office.AsyncResultStatus.Succeeded) {
            return finish(new DesignLoadError(`Excel stopped while handing over the workbook: ${slice.error.message}`));
          }
          slices.push(Uint8Array.from(slice.value.data as ArrayLike<number>));
          next(index + 1);
        });
      };
      next(0);
    });
  });
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = "";
  const CHUNK = 0x8000; // String.fromCharCode takes a bounded number of arguments
  for (let i = 0; i < bytes.length; i += CHUNK) binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  return btoa(binary);
}

/** yyyy-mm-dd in the user's time zone: the day they prepared it. */
export function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Read the design's inputs (two syncs), then build and open the customer copy in a new window. */
export async function openCustomerCopy(now: Date = new Date()): Promise<CustomerCopyReport> {
  const unavailable = customerCopyUnavailable();
  if (unavailable) throw new DesignLoadError(unavailable);

  const { inputsSheet, stampSheet, inputs, syncs, suffixes, calculated } = await Excel.run(async (context) => {
    let count = 0;
    const worksheets = context.workbook.worksheets.load("items/name");
    const names = context.workbook.names.load("items/name");
    const active = context.workbook.worksheets.getActiveWorksheet().load("name");
    const application = context.workbook.application.load("calculationMode");
    await context.sync();
    count += 1;
    const suffixes = designSuffixes(
      worksheets.items.map((w) => w.name),
      names.items.map((n) => n.name),
    );
    const suffix = chooseDesign(suffixes, active.name);
    if (suffix === undefined) {
      throw new DesignLoadError("This workbook has no design to copy yet: load the reference design first, then prepare the customer copy.");
    }
    // With manual calculation the saved values may be stale: calculate in full, in this same batch,
    // before the reads below (it changes results only, never a formula or an input).
    const calculated = application.calculationMode === "Manual";
    if (calculated) application.calculate("Full");
    const ranges = HEADLINE_KEYS.map((key) => context.workbook.names.getItem(INPUT_NAMES[key] + nameSuffix(suffix)).getRange().load("values"));
    await context.sync();
    count += 1;
    const sheet = templateSheetNames(suffix).inputs;
    const values = {} as HeadlineInputs;
    HEADLINE_KEYS.forEach((key, i) => {
      const value = ranges[i].values[0][0];
      if (typeof value !== "number" || !Number.isFinite(value)) {
        throw new DesignLoadError(`The input ${INPUT_NAMES[key]} on sheet ${sheet} is not a number (${JSON.stringify(value)}): fix it, then prepare the customer copy.`);
      }
      values[key] = value;
    });
    return { inputsSheet: sheet, stampSheet: STAMP_CELL.sheet + suffix, inputs: values, syncs: count, suffixes, calculated };
  });

  const stamp = customerCopyStamp(inputs, isoDay(now));
  const live = await currentFileBytes();
  const { bytes: copy, report: changes } = customerCopy(live, { sheet: stampSheet, address: STAMP_CELL.address, text: stamp }, nativeFormulasOfCopies(suffixes));
  await Excel.createWorkbook(bytesToBase64(copy));
  return { inputsSheet, stampSheet, stamp, bytes: copy.length, syncs, calculated, changes, lines: describeCustomerCopy(changes) };
}
