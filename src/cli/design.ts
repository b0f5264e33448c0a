/**
 * `exsize design [--users N --quota MB --messages N --message-kb KB --copies N --max-db GB]
 *   --out FILE.xlsx [--customer]` — writes the reference-design workbook (issue 3): the live design,
 * whose EXSIZE formulas work in Excel with the add-in, or with --customer the customer copy, whose
 * EXSIZE formulas are replaced by the same quantities in Excel's own functions (src/workbook/
 * customer-copy.ts), so it stays live without the add-in. The reference design of
 * 000_72e1ddb9bbd1ecac.txt 3.4.2 by default.
 */
import { promises as fs } from "fs";
import { SizingError } from "../engine";
import { EX_DBSIZE, EX_IOPS } from "../functions";
import { customerCopy, describeCustomerCopy, nativeFormulasOf, type CustomerCopyReport } from "../workbook/customer-copy";
import { evaluateWorkbook, type EvaluatedValue } from "../workbook/evaluate";
import {
  DESIGN_CELLS,
  REFERENCE_INPUTS,
  STAMP_CELL,
  customerCopyStamp,
  referenceDesign,
  templateSheetNames,
  type DesignOutput,
  type HeadlineInputs,
} from "../workbook/template";
import { writeXlsx } from "./xlsx-writer";

export interface CommandOutput {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}

/** Each numeric option, the input it sets, and the worksheet-function parameter that checks it. */
const NUMBER_OPTIONS: ReadonlyArray<{ option: string; input: keyof HeadlineInputs; parameter: string }> = [
  { option: "--users", input: "users", parameter: "users" },
  { option: "--quota", input: "quotaMB", parameter: "quotaMB" },
  { option: "--messages", input: "messagesPerDay", parameter: "messagesPerDay" },
  { option: "--message-kb", input: "messageKB", parameter: "messageKB" },
  { option: "--copies", input: "copies", parameter: "copies" },
  { option: "--max-db", input: "maxDatabaseGB", parameter: "maxDatabaseGB" },
];

export const DESIGN_USAGE =
  "usage: exsize design [--users N] [--quota MB] [--messages N] [--message-kb KB] [--copies N] [--max-db GB] --out FILE.xlsx [--customer]";

class UsageError extends Error {}

interface DesignRequest {
  raw: Partial<Record<keyof HeadlineInputs, string>>;
  out: string;
  customer: boolean;
  help: boolean;
}

function parseArguments(args: readonly string[]): DesignRequest {
  const request: DesignRequest = { raw: {}, out: "", customer: false, help: false };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].startsWith("--") && args[i].includes("=") ? [args[i].slice(0, args[i].indexOf("=")), args[i].slice(args[i].indexOf("=") + 1)] : [args[i], undefined];
    const takeValue = (): string => {
      if (inline !== undefined) return inline;
      const next = args[i + 1];
      if (next === undefined || (next.startsWith("--") && next.length > 2)) throw new UsageError(`${flag} needs a value`);
      i++;
      return next;
    };
    if (flag === "--help" || flag === "-h") request.help = true;
    else if (flag === "--customer") {
      if (inline !== undefined) throw new UsageError("--customer takes no value");
      request.customer = true;
    } else if (flag === "--out") request.out = takeValue();
    else {
      const option = NUMBER_OPTIONS.find((o) => o.option === flag);
      if (!option) throw new UsageError(`unknown option ${JSON.stringify(args[i])}`);
      request.raw[option.input] = takeValue();
    }
  }
  if (!request.help && request.out.trim() === "") throw new UsageError("--out FILE.xlsx is required");
  return request;
}

/**
 * The headline inputs, checked by the worksheet functions' own parameter rules: EX_DBSIZE checks
 * users, quota, messages, message size and maximum database size; EX_IOPS checks copies.
 */
function readInputs(raw: DesignRequest["raw"]): HeadlineInputs {
  const given = (key: keyof HeadlineInputs): string | number => raw[key] ?? REFERENCE_INPUTS[key];
  const checks = [
    EX_DBSIZE(given("users"), given("quotaMB"), given("messagesPerDay"), given("messageKB"), given("maxDatabaseGB")),
    EX_IOPS(given("users"), given("messagesPerDay"), given("copies")),
  ];
  for (const check of checks) {
    if (check instanceof SizingError) {
      const option = NUMBER_OPTIONS.find((o) => check.message.startsWith(o.parameter + " "));
      throw new UsageError(option ? `${option.option}: ${check.message}` : check.message);
    }
  }
  const inputs = { ...REFERENCE_INPUTS };
  for (const { input } of NUMBER_OPTIONS) {
    const value = given(input);
    inputs[input] = typeof value === "number" ? value : Number(value.trim().replace(/,/g, ""));
  }
  return inputs;
}

const format = (value: EvaluatedValue, digits = 0): string =>
  typeof value === "number" ? value.toLocaleString("en-US", { maximumFractionDigits: digits }) : String(value);

export async function runDesign(args: string[], out: CommandOutput): Promise<number> {
  let request: DesignRequest;
  let inputs: HeadlineInputs;
  try {
    request = parseArguments(args);
    if (request.help) {
      out.stdout(DESIGN_USAGE);
      return 0;
    }
    inputs = readInputs(request.raw);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    out.stderr(`exsize design: ${e.message}`);
    out.stderr(DESIGN_USAGE);
    return 2;
  }

  const model = referenceDesign({ inputs });
  const values = evaluateWorkbook(model);
  let bytes = await writeXlsx(model, values);
  const sheets = templateSheetNames();
  let copied: CustomerCopyReport | undefined;
  if (request.customer) {
    const preparedOn = new Date().toISOString().slice(0, 10);
    const stamp = { sheet: STAMP_CELL.sheet, address: STAMP_CELL.address, text: customerCopyStamp(inputs, preparedOn) };
    ({ bytes, report: copied } = customerCopy(bytes, stamp, nativeFormulasOf(model)));
  }
  try {
    await fs.writeFile(request.out, bytes);
  } catch (e) {
    out.stderr(`exsize design: cannot write ${request.out}: ${(e as Error).message}`);
    return 1;
  }

  const design = values[sheets.design];
  const v = (key: DesignOutput) => design[DESIGN_CELLS[key]];
  const formulas = model.sheets.reduce((n, s) => n + s.cells.filter((c) => c.formula !== undefined).length, 0);
  out.stdout(
    copied
      ? `Wrote ${request.out}: the customer copy (EXSIZE formulas replaced by Excel's own; recalculates on opening; stamped on ${STAMP_CELL.sheet}!${STAMP_CELL.address}).`
      : `Wrote ${request.out}: the live design (sheets ${model.sheets.map((s) => s.name).join(", ")}; ${formulas} formulas).`,
  );
  if (copied) for (const line of describeCustomerCopy(copied)) out.stdout(line);
  out.stdout(
    `Inputs: ${format(inputs.users)} users, ${format(inputs.quotaMB, 6)} MB quota, ${format(inputs.messagesPerDay, 6)} messages/day of ` +
      `${format(inputs.messageKB, 6)} KB, ${format(inputs.copies)} copies, ${format(inputs.maxDatabaseGB, 6)} GB maximum database`,
  );
  out.stdout(`Databases: ${format(v("databaseCount"))} × ${format(v("provisionedDatabaseVolumeGB"))} GB volumes (${format(v("databaseGB"))} GB each)`);
  out.stdout(`Logs: ${format(v("logVolumeCount"))} × ${format(v("provisionedLogVolumeGB"))} GB volumes`);
  out.stdout(`Capacity: ${format(v("totalCapacityGB"))} GB per copy`);
  out.stdout(`IOPS: ${format(v("databaseIops"))} database, ${format(v("logIops"))} log`);
  out.stdout(`Arrays: ${format(v("arrays"))} × ${format(v("arrayModel"))} (${format(v("arraysPerCopy"))} per copy)`);

  const errors = Object.entries(design).filter(([, value]) => value instanceof SizingError);
  if (errors.length > 0) {
    for (const [address, error] of errors) out.stderr(`exsize design: ${sheets.design}!${address} shows ${String(error)}`);
    return 1;
  }
  return 0;
}
