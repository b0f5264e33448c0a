/**
 * Server disks past Microsoft's calculator's table (its largest: 12,000 GB, Tables!B225): 14 to 24 TB
 * in the 3.5" 7.2K types, at the calculator's random IOPS for the type (Tables!B239 SATA 55, B241 SAS
 * 57.5) — ours, the capacities of the nearline disks servers ship with (Seagate's Exos X16 to X24,
 * "Exos X24 SAS Product Manual", 2023: up to 24 TB at 7,200 RPM, 3.5"). And one name for each disk.
 */
import { runDesign } from "../../src/cli/design";
import { sizeDesign, REFERENCE_DESIGN_INPUTS } from "../../src/engine/design";
import { DELL_EMC_8TB_NL_SAS, JBOD_CATALOGUE, jbodDisk } from "../../src/engine/microsoft/disks";
import { SizingError } from "../../src/engine/errors";

describe("14 to 24 TB server disks in the 7.2K classes", () => {
  test.each([14, 16, 18, 20, 22, 24])("%s TB 7.2K SAS 3.5\" is in the catalogue, at the table's 57.5 IOPS for its type, tagged as ours", (tb) => {
    const d = JBOD_CATALOGUE.find((x) => x.name === `${tb}TB 7.2K RPM SAS 3.5"`);
    expect(d).toBeDefined();
    expect([d!.rawGB, d!.type, d!.iops]).toEqual([tb * 1000, '7.2K RPM SAS 3.5"', 57.5]);
    expect(d!.source).toMatch(/^ours/);
    expect(d!.source).toContain("Exos");
    // "SIZE GB TYPE" reads the same disk; SATA at its 55 (Tables!B239).
    expect(jbodDisk(`${tb * 1000} GB 7.2K RPM SAS 3.5"`)).toBe(d);
    expect(jbodDisk(`${tb * 1000} GB 7.2K RPM SATA 3.5"`).iops).toBe(55);
  });

  test("no 2.5\" 7.2K disk of those sizes, nor a size between them", () => {
    expect(() => jbodDisk('20000 GB 7.2K RPM SAS 2.5"')).toThrow(SizingError);
    expect(() => jbodDisk('20000 GB 10K RPM SAS 2.5"')).toThrow(SizingError);
    expect(() => jbodDisk('15000 GB 7.2K RPM SAS 3.5"')).toThrow(SizingError);
  });

  test("exsize design --server-disk '20000 GB 7.2K RPM SAS 3.5\"' builds, no more disks a server than 12 TB", async () => {
    const stdout: string[] = [];
    const args = ["--users", "20000", "--quota-mb", "10240", "--exchange-version", "SE", "--servers-site1", "4", "--servers-site2", "4", "--copies", "4", "--json"];
    const code = await runDesign([...args, "--server-disk", '20000 GB 7.2K RPM SAS 3.5"'], { stdout: (l) => stdout.push(l), stderr: () => undefined });
    expect(code).toBe(0);
    const d = (JSON.parse(stdout.join("\n")) as { design: { serverDisk: string; disksPerServer: number } }).design;
    expect(d.serverDisk).toBe('20TB 7.2K RPM SAS 3.5"');
    const twelve = sizeDesign({ ...REFERENCE_DESIGN_INPUTS, users: 20000, quotaMB: 10240, exchangeVersion: "SE", serversSite1: 4, serversSite2: 4, copies: 4, serverDisk: '12TB 7.2K RPM SAS 3.5"' });
    expect(d.disksPerServer).toBeLessThanOrEqual(twelve.serverDisks!.disksPerServer);
  });
});

describe("one name for each disk", () => {
  test("no two catalogue disks are the same size and type", () => {
    const pairs = JBOD_CATALOGUE.map((d) => `${d.rawGB} ${d.type}`);
    expect(pairs.length).toBe(new Set(pairs).size);
  });

  test("the 8 TB 7.2K SAS 3.5\" disk is Dell EMC's one, by either name", () => {
    expect(jbodDisk('8TB 7.2K RPM SAS 3.5"')).toBe(DELL_EMC_8TB_NL_SAS);
    expect(jbodDisk('8000 GB 7.2K RPM SAS 3.5"')).toBe(DELL_EMC_8TB_NL_SAS);
    expect(JBOD_CATALOGUE.filter((d) => d.rawGB === 8000 && d.type === '7.2K RPM SAS 3.5"').map((d) => d.name)).toEqual(['8TB 7.2K NL-SAS 3.5"']);
  });
});
