/**
 * The environment as rules: its DAGs, its mailboxes over a DAG's (Microsoft's calculator divides them the
 * other way: Role Requirements!C98 is Input!C55 over Input!C27's DAGs), and a DAG's figure for all of them.
 * Written once: size-design.ts environmentOf computes them, the Summary's environment block renders them.
 */
import { calculatorAt } from "./microsoft";
import { input } from "./operands";
import { defineRuleSet, type Operand } from "./rule";

const at = calculatorAt;

export const ENVIRONMENT_OPERANDS = {
  environmentMailboxes: input("mailboxes in the environment", "mailboxes"),
  dagMailboxes: input("mailboxes a DAG", "mailboxes"),
  perDag: input("a DAG's figure"),
} as const satisfies Record<string, Operand>;

export const ENVIRONMENT_RULES = defineRuleSet("the environment", ENVIRONMENT_OPERANDS, {
  // Fewer mailboxes than a DAG's are no environment of whole DAGs (environmentProblem says so).
  dags: { label: "DAGs in the environment", unit: "DAGs", source: at("Role Requirements!C96"), expression: "IF(environmentMailboxes<dagMailboxes,NA(),ROUNDUP(environmentMailboxes/dagMailboxes,0))" },
  inEnvironment: { label: "Every DAG's figure", unit: "", source: at("Role Requirements!C96"), expression: "dags*perDag" },
});

export type EnvironmentRule = keyof typeof ENVIRONMENT_RULES.rules;
