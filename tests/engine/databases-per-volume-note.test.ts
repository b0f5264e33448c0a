/**
 * The databases a volume a user sets is laid, or the design says why not. Microsoft's calculator has no
 * number for it (Input!C108, C109): asked for another number than the copies (C109 "No") it halves an
 * even number of copies and lays every copy's database on a volume for an odd one (Role Requirements!C83).
 * The calculator v7.6 (the oracle) at 5,000 mailboxes of 2 GB, 150 messages of 75 KB, 6 servers in one
 * site, 8,000 GB 7.2K SAS 3.5" disks, C108 "Yes", C109 "No": 3 copies give C83 = 3 (C62 1,862.6 GB, C79 120
 * databases); 4 copies C83 = 2 (C62 2,722.3 GB, C79 24).
 */
import { runDesign } from "../../src/cli/design";
import { REFERENCE_DESIGN_INPUTS, sizeDesign, type WorkbookInputs } from "../../src/engine/design";

const ISSUE: WorkbookInputs = {
  ...REFERENCE_DESIGN_INPUTS, exchangeVersion: 2016, users: 5000, serversSite1: 6, databasesPerVolume: 2, serverDisk: '8TB 7.2K NL-SAS 3.5"', serverSizing: "never less", copies: 3,
};
// Role Requirements!C83 at 3 and 4 copies (the oracle, above).
const CALCULATOR_C83 = { 3: 3, 4: 2 } as const;

describe("databases a volume laid as asked, or why not", () => {
  test("3 copies: the calculator's 3 a volume where 2 were asked, and the design says it is the calculator's rule", () => {
    const d = sizeDesign(ISSUE);
    expect(d.serverDisks!.databasesPerVolume).toBe(CALCULATOR_C83[3]);
    expect(d.databasesPerVolumeNote).toBe(
      'databasesPerVolume: 3 a volume where 2 were asked: Microsoft\'s calculator lays a volume with every copy\'s database or, asked for another number (Input!C109 "No"), half of an even number of copies (Role Requirements!C83): 3 copies are odd, so every copy\'s database',
    );
  });

  test("4 copies: 2 a volume, as asked: nothing to say", () => {
    const d = sizeDesign({ ...ISSUE, copies: 4 });
    expect(d.serverDisks!.databasesPerVolume).toBe(CALCULATOR_C83[4]);
    expect(d.databasesPerVolumeNote).toBeUndefined();
  });

  test("exsize design --json says so as databasesPerVolumeNote", async () => {
    const args = ["--exchange-version", "2016", "--users", "5000", "--servers-site1", "6", "--databases-per-volume", "2", "--disk", '8TB 7.2K NL-SAS 3.5"', "--server-sizing", "never less", "--copies", "3"];
    const stdout: string[] = [];
    expect(await runDesign([...args, "--json"], { stdout: (l) => stdout.push(l), stderr: () => undefined })).toBe(0);
    const d = (JSON.parse(stdout.join("\n")) as { design: { databasesPerVolumeNote: string | null } }).design;
    expect(d.databasesPerVolumeNote).toBe(sizeDesign(ISSUE).databasesPerVolumeNote);
  });
});
