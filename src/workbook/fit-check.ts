/**
 * The check a search for designs (src/engine/fit.ts) applies to each candidate, for the CLI's
 * `exsize fit` and the pane's "Find a design" alike: the whole-design check's rules and sizing, the
 * design sized once (designOf sizes it twice); the same designs pass.
 */
import type { FitCheck } from "../engine/fit";
import { sizeDesign } from "../engine/design";
import { SizingError } from "../engine/errors";
import { designRuleProblems, deployedProblem } from "./design-check";

export const fitCheck: FitCheck = (inputs) => {
  const rules = designRuleProblems(inputs);
  if (rules.length > 0) return { ok: false, problems: rules.map((p) => p.message) };
  try {
    return { ok: true, design: sizeDesign(inputs) };
  } catch (e) {
    if (!(e instanceof SizingError)) throw e;
    return { ok: false, problems: [deployedProblem(e).message] };
  }
};
