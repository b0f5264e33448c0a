/** The sizing engine: pure functions over clean numbers. No Office.js, DOM, fs or exceljs here. */
export * from "./errors";
export * from "./rounding";
export * from "./tables";
export { designVersion, EDITIONS_SOURCE, editionFailsFormula, editionProblem, EXCHANGE_EDITIONS, exchangeEditionOf, MOUNTED_DATABASE_LIMITS, type ExchangeEdition, EXCHANGE_VERSION_WORDS, exchangeVersionOf, minimumMemoryFormula, pageFileFormula, serverLimitsFormula, serverLimitWarnings, sizedVersion, versionName, versionNumberFormula, versionProfile, VERSION_SOURCES, type ServerLimitWarning, type SizedVersion, type VersionProfile } from "./version";
export * from "./database";
export * from "./logs";
export * from "./capacity";
export * from "./iops";
export * from "./spindles";
export * from "./arrays";
export * from "./layout";
export * from "./failover";
export * from "./server";
export * from "./jetstress";
export * from "./general-format";
export * from "./excel-formulas";
export * from "./microsoft";
export * from "./design";
