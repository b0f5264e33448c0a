// @ts-check
/**
 * The order suites start in: the longest first, so two workers end together instead of one finishing
 * a long suite alone at the end. Jest orders by the last run's times when it has them; a fresh clone
 * (CI, a newcomer) has none and would order by file size. These are the suites that took longest in
 * CI (each over 25 s on two busy cores); every other suite follows in Jest's own order.
 */
const Sequencer = require("@jest/test-sequencer").default;

const LONGEST_FIRST = [
  "tests/workbook/native-template.test.ts",
  "tests/browser/taskpane.test.ts",
  "tests/libreoffice/customer-copy-live.test.ts",
  "tests/cli/fit.test.ts",
  "tests/taskpane/controller.test.ts",
  "tests/cli/package.test.ts",
  "tests/libreoffice/print-readable.test.ts",
  "tests/addin/hosting.test.ts",
  "tests/addin/csp.test.ts",
  "tests/cli/se-reference.test.ts",
  "tests/addin/release.test.ts",
  "tests/engine/layout.test.ts",
  "tests/engine/excel-formulas.test.ts",
  "tests/workbook/quantity-cells.test.ts",
  "tests/cli/compare-workbook.test.ts",
  "tests/design/design.test.ts",
];

class LongestFirst extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      const i = LONGEST_FIRST.findIndex((suffix) => test.path.endsWith(suffix));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    // Jest's own order (a failed suite first, then by last run's times or size) within the rest: sort is stable.
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongestFirst;
