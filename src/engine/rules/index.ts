/** Sizing rules declared once: value, Excel formula and words from one expression. */
export { defineRuleSet, type Compiled, type CompiledAt, type FactorSlots, type Factors, type Inputs, type Operand, type References, type Rule, type RuleDeclaration, type RuleSet, type RuleSource } from "./rule";
export { CALCULATOR, MICROSOFT_OPERANDS, MICROSOFT_RULES, type MicrosoftRule } from "./microsoft";
export { DELL_OPERANDS, DELL_RULES, type DellRule } from "./dell";
export { SERVER_DISK_OPERANDS, SERVER_DISK_RULES, type ServerDiskRule } from "./disks";
export { COUNT_OPERANDS, COUNT_RULES, type CountRule } from "./count";
export { FAILURE_OPERANDS, FAILURE_RULES, type FailureRule } from "./failures";
export { ENVIRONMENT_OPERANDS, ENVIRONMENT_RULES, type EnvironmentRule } from "./environment";
export { TOTALS_OPERANDS, TOTALS_RULES, type TotalsRule } from "./totals";
