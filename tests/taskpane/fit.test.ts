/**
 * The pane's "Find a design", against the in-memory Excel host: the form's mailboxes as the
 * profile, searched as `exsize fit` searches; each design offered fills the form with inputs a load
 * accepts, sized by the engine to the counts its words say, none beaten on all four counts by another;
 * nothing written to the workbook. A profile fit cannot search (Exchange 2010) says why in the pane's words.
 */
import { readDesignForm, referenceForm, type DesignForm } from "../../src/taskpane/headline-form";
import { sizeDesign } from "../../src/engine/design";
import { paneOnFakeHost } from "../support/pane-on-fake-host";
import { WORKBOOK_MS } from "../support/timeouts";

jest.setTimeout(4 * WORKBOOK_MS);

const setUp = paneOnFakeHost();

/** The reference design's mailboxes (Dell, Exchange 2010 on EqualLogic sizing guide, 3.4.2) sized as Exchange 2016. */
const FORM: DesignForm = { ...referenceForm(), exchangeVersion: "2016" };

/** The numbers a found design's words end with: "in all 4 servers, 40 disks, 512 GB memory, 48 cores". */
function countsOf(text: string): number[] {
  const m = /in all ([\d,]+) servers, ([\d,]+) disks, ([\d,]+) GB memory, ([\d,]+) cores$/.exec(text);
  if (!m) throw new Error(`no counts in ${JSON.stringify(text)}`);
  return m.slice(1).map((x) => Number(x.replace(/,/g, "")));
}

describe("Find a design", () => {
  test("offers the designs no other beats, each a form a load accepts, sized to the counts it says; writes nothing", async () => {
    const { host, view, pane } = setUp();
    expect(await pane.findDesigns(FORM)).toBe(true);
    expect(view.last).toMatchObject({ action: "fit", kind: "success" });
    expect(view.last.text).toMatch(/designs searched need no more servers, disks, memory and cores than any other/);
    expect(host.workbook.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
    const fits = view.fits!;
    expect(fits.length).toBeGreaterThan(0);
    expect(fits.length).toBeLessThanOrEqual(5);
    const counts = fits.map((f) => countsOf(f.text));
    for (const [i, fit] of fits.entries()) {
      // The load's own check accepts it, and it is the form's load with what the search chose.
      const checked = readDesignForm(fit.form);
      expect(checked.ok).toBe(true);
      if (!checked.ok) continue;
      // The 5,000 mailboxes in one DAG, or split over several ("2 DAGs of …": the environment's mailboxes).
      const { users, environmentUsers, quotaMB, exchangeVersion } = checked.inputs;
      expect([typeof environmentUsers === "number" && environmentUsers > 0 ? environmentUsers : users, quotaMB, exchangeVersion]).toEqual([5000, 2048, 2016]);
      const d = sizeDesign(checked.inputs);
      expect(fit.text.startsWith(d.dags > 1 ? `${d.dags} DAGs of ` : `${d.serversPerSite[0]} servers`)).toBe(true);
      const disks = (d.serverDisks ?? d.raidServerDisks)!.disksPerServer + (d.mcdb?.ssdsPerServer ?? 0);
      const servers = d.environmentServers;
      expect(counts[i]).toEqual([servers, disks * servers, d.memoryPerServerGB * servers, d.coresPerServer * servers]);
      // None is beaten on all four counts by another offered.
      for (const other of counts) if (other !== counts[i]) expect(other.every((x, k) => x <= counts[i][k])).toBe(false);
    }
    // Fewest servers first.
    expect(counts.map((c) => c[0])).toEqual([...counts.map((c) => c[0])].sort((a, b) => a - b));
  });

  test("Exchange 2010 cannot be searched: the pane says so in its own words, without the CLI's options, and offers nothing", async () => {
    const { view, pane } = setUp();
    expect(await pane.findDesigns(referenceForm())).toBe(false);
    expect(view.last).toMatchObject({ action: "fit", kind: "error" });
    expect(view.last.text).toMatch(/Microsoft's method \(Exchange 2013 and later\)/);
    expect(view.last.text).toMatch(/Choose Exchange 2013 or later/);
    expect(view.last.text).not.toMatch(/--/);
    expect(view.fits).toBeUndefined();
  });

  test("a field that cannot be read is marked beside it, and nothing is searched", async () => {
    const { view, pane } = setUp();
    expect(await pane.findDesigns({ ...FORM, users: "five" })).toBe(false);
    expect(view.fieldErrors.users).toBeDefined();
    expect(view.last).toMatchObject({ action: "fit", kind: "error", text: "Some fields cannot size a design: see the messages beside them." });
  });
});
