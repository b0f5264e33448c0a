/** @type {import('jest').Config} */
module.exports = {
  preset: "ts-jest",
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  setupFiles: ["<rootDir>/tests/support/fast-check-seed.ts"],
  // Jest's default of 5 s per test and hook holds only on an idle machine. CI runs on two busy cores,
  // where building, evaluating and writing a workbook in a hook takes tens of seconds (21 tests in
  // 7 suites failed there at 5 s). 120 s is the floor for every test and hook; suites that run
  // LibreOffice, a browser or a child process set their own, longer, explicitly
  // (tests/support/timeouts.ts). A test that hangs still fails, two minutes later.
  testTimeout: 120_000,
  // Two workers, one a core (on two cores Jest would otherwise run every suite in its own process),
  // each with an 8 GB heap (package.json's test script): a suite that runs away with memory fails
  // alone instead of aborting the run. Not workerIdleMemoryLimit: its restart raced a suite's start.
  maxWorkers: 2,
  // The longest suites first, so the two workers end together (tests/support/sequencer.js).
  testSequencer: "<rootDir>/tests/support/sequencer.js",
  // Each file transpiled on its own (tsconfig.test.json: isolatedModules), not type-checked file by file: on a
  // fresh clone ts-jest type-checked every suite's imports again in each worker, a second or more a suite.
  // tests/typecheck.test.ts type-checks src and tests once instead, so a type error still fails the run.
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.test.json", diagnostics: { warnOnly: false } }] },
};
