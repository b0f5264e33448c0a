/**
 * `exsize design` refuses what the combined rules refuse: designProblems is called with
 * every input, and its messages are printed with the options that set the inputs they join; the exit
 * status is 1 and no file is written. The rules themselves are tested in tests/workbook; here they
 * are replaced by one, so this holds whatever rules there are.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { runDesign } from "../../src/cli/design";
import { designProblems } from "../../src/workbook/design-check";
import { WORKBOOK_MS } from "../support/timeouts";

// Runs exsize design, which evaluates the workbook: never Jest's 5 s default (tests/support/timeouts.ts).
jest.setTimeout(WORKBOOK_MS);

// The real rules, watched: the CLI must call them with every input.
jest.mock("../../src/workbook/design-check", () => {
  const actual = jest.requireActual("../../src/workbook/design-check");
  return { ...actual, designProblems: jest.fn(actual.designProblems) };
});

const THREE_COPIES =
  "copies and servers: 3 copies of each database need 3 servers, and the DAG has 2: a server cannot hold two copies of one database (--copies, --servers-site1, --servers-site2, --layout)";

let work: string;
beforeAll(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-refused-"))));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function design(args: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runDesign(args, { stdout: (l) => stdout.push(l), stderr: (l) => stderr.push(l) });
  return { code, stdout, stderr };
}

test("designProblems sees every input, the given ones and the reference design's", async () => {
  await design(["--copies", "2", "--layout", "active/passive", "--json"]);
  // The tables too: the server disk counts a JBOD design's databases, and they may name it.
  expect(designProblems).toHaveBeenLastCalledWith(expect.objectContaining({ users: 5000, copies: 2, dagLayout: "active/passive", serversSite2: "" }), expect.anything(), expect.anything());
});

test("a design the combined rules refuse: its message with the options, exit 1, no file", async () => {
  const file = path.join(work, "three-copies.xlsx");
  const run = await design(["--copies", "3", "-o", file]);
  expect(run.code).toBe(1);
  expect(run.stdout).toEqual([]);
  expect(run.stderr).toEqual([
    `exsize design: ${THREE_COPIES}`,
    `exsize design: the design cannot be built; nothing written to ${file}`,
  ]);
  expect(fs.existsSync(file)).toBe(false);
});

test("with --json the problems are in the JSON too", async () => {
  const run = await design(["--copies", "3", "--json"]);
  expect(run.code).toBe(1);
  expect(JSON.parse(run.stdout.join("\n")).problems).toEqual([
    THREE_COPIES,
  ]);
});

test("a mailbox too big for the largest database: refused before anything is written", async () => {
  const file = path.join(work, "huge-mailboxes.xlsx");
  const run = await design(["--users", "10", "--quota", "2000000", "-o", file]);
  expect(run.code).toBe(1);
  expect(run.stderr[0]).toMatch(/^exsize design: quotaMB and maxDatabaseGB: a mailbox of [\d,]+ MB on disk cannot fit a database of at most 1,024 GB; raise maxDatabaseGB to at least [\d,]+ GB or lower the quota \(--quota-mb, --max-database-gb\)$/);
  expect(fs.existsSync(file)).toBe(false);
});

test("the same design on enough servers is written", async () => {
  const file = path.join(work, "enough.xlsx");
  const run = await design(["--copies", "3", "--servers-site1", "3", "-o", file]);
  expect(run.code).toBe(0);
  expect(fs.existsSync(file)).toBe(true);
});
