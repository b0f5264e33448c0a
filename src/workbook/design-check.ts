/**
 * A design checked as a whole (issue 12): the combined rules every edge refuses alike — the CLI
 * before it writes a file, the pane before it loads, the workbook's "Design check" cell. Each rule
 * is a sentence naming the inputs it joins and what they should be.
 *
 * STUB: the rules are being written; the signature is fixed.
 */
import type { DesignInputs } from "./template";

export interface DesignProblem {
  /** The inputs the rule joins, by their names on the Inputs sheet: ["Users", "MaxDatabaseGB"]. */
  inputs: string[];
  /** What is wrong and what would be right, as the functions word it. */
  message: string;
}

/** Every combined rule the design breaks; none for a design that can be built. */
export function designProblems(inputs: DesignInputs): DesignProblem[] {
  void inputs;
  return [];
}
