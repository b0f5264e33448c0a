/**
 * Jest transpiles each file on its own (jest.config.js, tsconfig.test.json) and so sees no type error: this
 * type-checks src and tests once, as `npm run typecheck` does, so that a type error still fails `npm test`.
 */
import { spawnSync } from "child_process";
import { join } from "path";
import { BUILD_MS } from "./support/timeouts";

const ROOT = join(__dirname, "..");

test("src and tests type-check (tsc --noEmit -p tsconfig.json)", () => {
  const tsc = spawnSync(process.execPath, [require.resolve("typescript/bin/tsc"), "--noEmit", "-p", join(ROOT, "tsconfig.json")], { cwd: ROOT, encoding: "utf8" });
  expect({ status: tsc.status, errors: tsc.stdout.split("\n").filter((line) => /error TS\d+/.test(line)) }).toEqual({ status: 0, errors: [] });
}, BUILD_MS);
