/** @type {import('jest').Config} */
module.exports = {
  preset: "ts-jest",
  testEnvironment: "node",
  roots: ["<rootDir>/tests"],
  testMatch: ["**/*.test.ts"],
  setupFiles: ["<rootDir>/tests/support/fast-check-seed.ts"],
  // Jest's default of 5 s per test and hook holds only on an idle machine. CI runs on two busy cores,
  // where building, evaluating and writing a workbook in a hook takes tens of seconds (issue 16: 21
  // tests in 7 suites failed there). 120 s is the floor for every test and hook; suites that run
  // LibreOffice, a browser or a child process set their own, longer, explicitly
  // (tests/support/timeouts.ts). A test that hangs still fails, two minutes later.
  testTimeout: 120_000,
  // On two cores Jest would take one worker and run every suite in its own process, where memory
  // builds up suite after suite (a full run reached Node's 4 GB heap and aborted). Two workers share
  // the suites, each with an 8 GB heap (package.json's test script). Not workerIdleMemoryLimit: its
  // restart raced a suite's start and failed it ("terminated by another process: SIGTERM").
  maxWorkers: 2,
  transform: { "^.+\\.ts$": ["ts-jest", { tsconfig: "tsconfig.json", diagnostics: { warnOnly: false } }] },
};
