/**
 * The "Load with my numbers" form, checked by the worksheet functions themselves: each field is
 * passed to EX_DBSIZE or EX_IOPS with the reference values for the other arguments, so the pane
 * accepts and refuses exactly what a cell would, and shows the function's own message.
 */
import { isSizingError } from "../engine/errors";
import { EX_DBSIZE, EX_IOPS, EX_LOGVOL } from "../functions";
import { REFERENCE_INPUTS, type HeadlineInputs } from "../workbook/template";

export type HeadlineField = "users" | "quotaMB" | "messagesPerDay" | "messageKB" | "copies";
export const HEADLINE_FIELDS: readonly HeadlineField[] = ["users", "quotaMB", "messagesPerDay", "messageKB", "copies"];

export type HeadlineForm = Record<HeadlineField, string>;

export type FormResult =
  | { ok: true; inputs: Partial<HeadlineInputs> }
  | { ok: false; fieldErrors: Partial<Record<HeadlineField, string>>; formError?: string };

const R = REFERENCE_INPUTS;

/** One check per field: the function and argument position that field feeds, other arguments at the reference. */
const FIELD_CHECKS: Readonly<Record<HeadlineField, (v: string) => unknown>> = {
  users: (v) => EX_DBSIZE(v, R.quotaMB, R.messagesPerDay, R.messageKB),
  quotaMB: (v) => EX_DBSIZE(R.users, v, R.messagesPerDay, R.messageKB),
  messagesPerDay: (v) => EX_DBSIZE(R.users, R.quotaMB, v, R.messageKB),
  messageKB: (v) => EX_DBSIZE(R.users, R.quotaMB, R.messagesPerDay, v),
  copies: (v) => EX_IOPS(R.users, R.messagesPerDay, v),
};

/** The number a function accepted: the same reading as a cell's text ("5,000" is 5000). */
const accepted = (text: string): number => Number(text.trim().replace(/,/g, ""));

export function readHeadlineForm(form: HeadlineForm): FormResult {
  const fieldErrors: Partial<Record<HeadlineField, string>> = {};
  for (const field of HEADLINE_FIELDS) {
    const result = FIELD_CHECKS[field](form[field]);
    if (isSizingError(result)) fieldErrors[field] = result.message;
  }
  if (Object.keys(fieldErrors).length > 0) return { ok: false, fieldErrors };

  const inputs: Partial<HeadlineInputs> = {};
  for (const field of HEADLINE_FIELDS) inputs[field] = accepted(form[field]);
  // Together the numbers must size a design too (e.g. a mailbox larger than the largest database).
  const together = [
    EX_DBSIZE(inputs.users, inputs.quotaMB, inputs.messagesPerDay, inputs.messageKB, R.maxDatabaseGB, "volume"),
    EX_LOGVOL(inputs.users, inputs.messagesPerDay, inputs.messageKB, EX_DBSIZE(inputs.users, inputs.quotaMB, inputs.messagesPerDay, inputs.messageKB, R.maxDatabaseGB, "count")),
    EX_IOPS(inputs.users, inputs.messagesPerDay, inputs.copies),
  ].find(isSizingError);
  if (together) return { ok: false, fieldErrors, formError: together.message };
  return { ok: true, inputs };
}
