/**
 * The add-in's contract with Excel: the built dist/functions.json (generated from the JSDoc of
 * src/functions/functions.ts) and manifest.xml. `npm test` builds dist/ first (pretest runs
 * `npm run build:dev`); with `npx jest` alone, build it yourself.
 */
import * as fs from "fs";
import * as path from "path";
import * as worksheet from "../../src/functions/worksheet";

// xml2js comes with office-addin-manifest; it parses strictly, so malformed XML fails the test.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseStringPromise } = require("xml2js") as { parseStringPromise(xml: string): Promise<XmlNode> };

const ROOT = path.resolve(__dirname, "../..");
const DIST = path.join(ROOT, "dist");
const DEV_URL = "https://localhost:3000/";

/**
 * The public interface, copied by hand (not generated from the code under test): arguments in
 * [brackets] are optional. The first five are SIZING.md section 0; EX_SPINDLES's `disks`, EX_FAILOVER,
 * EX_LAYOUT, EX_SERVER and EX_JETSTRESS are README.md, "The worksheet functions" (commit dea8062 added
 * them to worksheet.ts); the EX_MS_* functions, Microsoft's calculator method, are another's (EX_MS_DISKS, a JBOD server's own disks) and
 * docs/microsoft-method.md, with the parameters their JSDoc in src/functions/functions.ts declares.
 */
const PUBLIC_INTERFACE: Record<string, string> = {
  EX_DBSIZE: "users, quotaMB, messagesPerDay, messageKB, [maxDatabaseGB], [result], [factors]",
  EX_LOGVOL: "users, messagesPerDay, messageKB, databases, [result], [factors]",
  EX_IOPS: "users, messagesPerDay, [copies], [result], [version], [factors]",
  EX_SPINDLES: "iops, [raid], [disk], [readRatio], [capacityGB], [diskGB], [groupSize], [result], [disks]",
  EX_ARRAYS: "capacityGB, iops, [copies], [raid], [model], [result], [catalog]",
  EX_FAILOVER: "users, servers, [copies], [scenario], [layout], [iopsPerMailbox], [result], [databases], [lagged]",
  EX_LAYOUT: "users, servers, [copies], [layout], [databases], [lagged]",
  EX_SERVER: "mailboxes, [result], [factors]",
  EX_JETSTRESS: "achievedIops, targetIops, dbReadLatencyMs, logWriteLatencyMs, [dbReadPeakMs], [logWritePeakMs], [result]",
  EX_MS_MAILBOX: "messagesPerDay, messageKB, quotaMB, [copies], [result], [factors]",
  EX_MS_DATABASES: "mailboxes, messagesPerDay, messageKB, quotaMB, servers, [copies], [result], [factors]",
  EX_MS_IOPS: "mailboxes, messagesPerDay, messageKB, quotaMB, servers, [copies], [result], [factors]",
  EX_MS_SERVER: "mailboxes, messagesPerDay, messageKB, quotaMB, servers, [copies], [cores], [specRate], [result], [factors]",
  EX_MS_REPLICATION: "mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, hourShares, [hour], [result], [factors]",
  EX_MS_DISKS: "mailboxes, messagesPerDay, messageKB, quotaMB, servers, copies, disk, [result], [volumeDatabases], [autoReseedDisks], [spareDisks], [factors]",
};
/**
 * Arguments that take a range or an array constant, so Excel passes them whole (matrix) instead of
 * calling the function once per cell: factors (SIZING.md section 0), catalog (section 5), disks
 * (README) and servers, one number or each site's servers such as {8,8} (README, EX_FAILOVER).
 */
const RANGE_ARGUMENTS = new Set(["factors", "catalog", "disks", "servers"]);
/**
 * And per function: Microsoft's method sizes up to four mailbox tiers, so the DAG-wide EX_MS_*
 * functions take mailboxes, messagesPerDay, messageKB and quotaMB as a row of one value per tier
 * (docs/microsoft-method.md section 1); EX_MS_REPLICATION's hourShares is one share or 24 (section 6);
 * EX_MS_DISKS's disk is a name or a row of raw GB and random IOPS, such as {8000,57.5}.
 * EX_MS_MAILBOX sizes one mailbox of one tier, so its arguments are single values.
 */
const TIERS = ["mailboxes", "messagesPerDay", "messageKB", "quotaMB"];
const RANGE_ARGUMENTS_OF: Record<string, readonly string[]> = {
  EX_MS_DATABASES: TIERS,
  EX_MS_IOPS: TIERS,
  EX_MS_SERVER: TIERS,
  EX_MS_REPLICATION: [...TIERS, "hourShares"],
  EX_MS_DISKS: [...TIERS, "disk"],
};
const takesRange = (id: string, parameter: string): boolean => RANGE_ARGUMENTS.has(parameter) || (RANGE_ARGUMENTS_OF[id] ?? []).includes(parameter);

interface Parameter {
  name: string;
  optional: boolean;
}
const expectedParameters = (signature: string): Parameter[] =>
  signature.split(",").map((s) => {
    const text = s.trim();
    const optional = text.startsWith("[");
    return { name: optional ? text.slice(1, -1) : text, optional };
  });

/** The parameter names of a compiled function, from its source text. */
function parameterNames(fn: (...args: never[]) => unknown): string[] {
  const list = /^[^(]*\(([^)]*)\)/.exec(fn.toString())?.[1] ?? "";
  return list
    .split(",")
    .map((p) => p.trim().replace(/\s*=.*$/, ""))
    .filter(Boolean);
}

interface FunctionMetadata {
  id: string;
  name: string;
  description?: string;
  helpUrl?: string;
  parameters: { name: string; description?: string; type?: string; optional?: boolean; dimensionality?: string }[];
  result?: { type?: string; dimensionality?: string };
}

function readBuilt(file: string): string {
  const at = path.join(DIST, file);
  if (!fs.existsSync(at)) {
    throw new Error(`${path.relative(ROOT, at)} is missing: run \`npm run build:dev\` first (\`npm test\` does it for you)`);
  }
  return fs.readFileSync(at, "utf8");
}

describe("functions.json, as built from the JSDoc of src/functions/functions.ts", () => {
  let functions: FunctionMetadata[];
  beforeAll(() => {
    functions = (JSON.parse(readBuilt("functions.json")) as { functions: FunctionMetadata[] }).functions;
  });
  const byId = (id: string) => {
    const found = functions.find((f) => f.id === id);
    if (!found) throw new Error(`functions.json has no function ${id}; it has ${functions.map((f) => f.id).join(", ")}`);
    return found;
  };

  test("lists exactly the worksheet functions of the public interface", () => {
    expect(functions.map((f) => f.id).sort()).toEqual(Object.keys(PUBLIC_INTERFACE).sort());
  });

  test("registers every EX_ function worksheet.ts exports (a new one needs a wrapper in functions.ts)", () => {
    const exported = Object.keys(worksheet).filter((name) => name.startsWith("EX_"));
    expect(exported.sort()).toEqual(Object.keys(PUBLIC_INTERFACE).sort());
  });

  describe.each(Object.entries(PUBLIC_INTERFACE))("%s", (id, signature) => {
    const expected = expectedParameters(signature);

    test("is named in upper case (Excel shows EXSIZE.<name>)", () => {
      expect(byId(id).name).toBe(id);
    });

    test("has the parameters of the public interface, in order, required before optional", () => {
      expect(byId(id).parameters.map((p) => ({ name: p.name, optional: p.optional === true }))).toEqual(expected);
    });

    test("takes the same arguments, in the same order, as the worksheet function it wraps", () => {
      const wrapped = worksheet[id as keyof typeof PUBLIC_INTERFACE & keyof typeof worksheet] as (...args: never[]) => unknown;
      expect(parameterNames(wrapped)).toEqual(expected.map((p) => p.name));
    });

    test("takes ranges (matrix) where a range is meant, and single values (typed any) for the rest", () => {
      for (const p of byId(id).parameters) {
        if (takesRange(id, p.name)) expect({ [p.name]: p.dimensionality }).toEqual({ [p.name]: "matrix" });
        else expect({ [p.name]: p.dimensionality }).toEqual({ [p.name]: undefined });
        // "any", so worksheet.ts, not Excel's coercion, writes the message naming the argument.
        expect({ [p.name]: p.type }).toEqual({ [p.name]: "any" });
      }
    });

    test("describes itself and every parameter; optional parameters state their default", () => {
      const f = byId(id);
      expect(f.description?.length ?? 0).toBeGreaterThan(20);
      for (const p of f.parameters) {
        expect({ [p.name]: (p.description ?? "").length > 10 }).toEqual({ [p.name]: true });
        if (p.optional) expect({ [p.name]: /default/i.test(p.description ?? "") }).toEqual({ [p.name]: true });
      }
    });

    test("has a help URL with its own anchor on help.html, and that anchor exists", () => {
      expect(byId(id).helpUrl).toBe(`${DEV_URL}help.html#${id.toLowerCase()}`);
      const help = fs.readFileSync(path.join(ROOT, "src/help/help.html"), "utf8");
      expect(help).toContain(`id="${id.toLowerCase()}"`);
    });
  });

  test("the shared runtime page loads office.js once, then the functions and the task pane bundles", () => {
    const page = readBuilt("taskpane.html");
    const scripts = [...page.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(["https://appsforoffice.microsoft.com/lib/1/hosted/office.js", "functions.js", "taskpane.js"]);
  });

  test("the bundle registers each function itself (the plugin appends CustomFunctions.associate)", () => {
    const bundle = readBuilt("functions.js");
    for (const id of Object.keys(PUBLIC_INTERFACE)) expect(bundle).toContain(`CustomFunctions.associate("${id}"`);
  });
});

/* ---------- manifest.xml ---------- */

type XmlNode = { $?: Record<string, string>; _?: string } & { [child: string]: XmlNode[] | Record<string, string> | string | undefined };

const children = (node: XmlNode | undefined, name: string): XmlNode[] => (node?.[name] as XmlNode[] | undefined) ?? [];
const child = (node: XmlNode | undefined, name: string): XmlNode => {
  const found = children(node, name);
  if (found.length !== 1) throw new Error(`expected one <${name}>, found ${found.length}`);
  return found[0];
};
const text = (node: XmlNode): string => (typeof node === "string" ? node : (node._ ?? "")).trim();
const attr = (node: XmlNode, name: string): string | undefined => node.$?.[name];

describe("manifest.xml", () => {
  const source = fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
  let app: XmlNode;
  let host: XmlNode;
  let resources: XmlNode;
  /** resid → DefaultValue, for each kind of resource. */
  let urls: Map<string, string>;
  let images: Map<string, string>;
  let shortStrings: Map<string, string>;
  let longStrings: Map<string, string>;

  beforeAll(async () => {
    app = ((await parseStringPromise(source)) as { OfficeApp: XmlNode }).OfficeApp;
    const overrides = child(app, "VersionOverrides");
    host = child(child(overrides, "Hosts"), "Host");
    resources = child(overrides, "Resources");
    const table = (group: string, item: string) =>
      new Map(children(child(resources, group), item).map((n) => [attr(n, "id") ?? "", attr(n, "DefaultValue") ?? ""]));
    urls = table("bt:Urls", "bt:Url");
    images = table("bt:Images", "bt:Image");
    shortStrings = table("bt:ShortStrings", "bt:String");
    longStrings = table("bt:LongStrings", "bt:String");
  });

  const url = (resid: string | undefined): string => {
    const value = urls.get(resid ?? "");
    if (!value) throw new Error(`no <bt:Url id="${resid}"> in Resources`);
    return value;
  };
  const customFunctions = () => {
    const point = children(child(host, "AllFormFactors"), "ExtensionPoint").find((e) => attr(e, "xsi:type") === "CustomFunctions");
    if (!point) throw new Error("no <ExtensionPoint xsi:type=\"CustomFunctions\"> under AllFormFactors");
    return point;
  };
  const sourceResid = (point: XmlNode, element: string) => attr(child(child(point, element), "SourceLocation"), "resid");
  const runtimeResid = () => {
    const runtimes = children(child(host, "Runtimes"), "Runtime");
    expect(runtimes).toHaveLength(1);
    return attr(runtimes[0], "resid");
  };

  test("is a task pane add-in for Excel (Workbook) only, with a GUID of its own", () => {
    expect(attr(app, "xsi:type")).toBe("TaskPaneApp");
    expect(children(child(app, "Hosts"), "Host").map((h) => attr(h, "Name"))).toEqual(["Workbook"]);
    expect(attr(host, "xsi:type")).toBe("Workbook");
    expect(text(child(app, "Id"))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(text(child(app, "Id"))).not.toBe("05c2e1c9-3e1d-406e-9a91-e9ac64854143"); // the Yeoman template's
  });

  test("asks for ReadWriteDocument and nothing more", () => {
    expect(children(app, "Permissions").map(text)).toEqual(["ReadWriteDocument"]);
  });

  test("declares one long-lived shared runtime and requires SharedRuntime 1.1", () => {
    const runtime = child(child(host, "Runtimes"), "Runtime");
    expect(attr(runtime, "lifetime")).toBe("long");
    expect(url(attr(runtime, "resid"))).toBe(`${DEV_URL}taskpane.html`);
    const sets = children(child(child(app, "Requirements"), "Sets"), "Set").map((s) => [attr(s, "Name"), attr(s, "MinVersion")]);
    expect(sets).toContainEqual(["SharedRuntime", "1.1"]);
  });

  test("points custom functions at functions.json, functions.js, the shared page and namespace EXSIZE", () => {
    const point = customFunctions();
    expect(url(sourceResid(point, "Metadata"))).toBe(`${DEV_URL}functions.json`);
    expect(url(sourceResid(point, "Script"))).toBe(`${DEV_URL}functions.js`);
    // Shared runtime: the functions' page is the runtime's page (the task pane), which loads both bundles.
    expect(sourceResid(point, "Page")).toBe(runtimeResid());
    expect(shortStrings.get(attr(child(point, "Namespace"), "resid") ?? "")).toBe("EXSIZE");
  });

  test("the ribbon button opens the task pane in the shared runtime", () => {
    const desktop = child(host, "DesktopFormFactor");
    expect(attr(child(desktop, "FunctionFile"), "resid")).toBe(runtimeResid());
    const surface = children(desktop, "ExtensionPoint").find((e) => attr(e, "xsi:type") === "PrimaryCommandSurface");
    const buttons = children(child(child(surface, "OfficeTab"), "Group"), "Control").filter((c) => attr(c, "xsi:type") === "Button");
    expect(buttons).toHaveLength(1);
    const action = child(buttons[0], "Action");
    expect(attr(action, "xsi:type")).toBe("ShowTaskpane");
    expect(attr(child(action, "SourceLocation"), "resid")).toBe(runtimeResid());
  });

  test("every resid refers to a resource of the right kind, 32 characters at most", () => {
    const refs = [...source.matchAll(/<([\w:]+)\b[^>]*\bresid="([^"]+)"/g)].map(([, element, resid]) => ({ element, resid }));
    expect(refs.length).toBeGreaterThan(10);
    for (const { element, resid } of refs) {
      expect(resid.length).toBeLessThanOrEqual(32);
      const kind = element === "bt:Image" ? images : ["Label", "Title", "Namespace"].includes(element) ? shortStrings : element === "Description" ? longStrings : urls;
      expect({ [resid]: kind.has(resid) }).toEqual({ [resid]: true });
    }
  });

  test("has icons of 16, 32, 64 and 80 pixels, committed as PNGs of that size", () => {
    const iconUrls = [attr(child(app, "IconUrl"), "DefaultValue"), attr(child(app, "HighResolutionIconUrl"), "DefaultValue"), ...images.values()];
    const sizes = new Set<number>();
    for (const iconUrl of iconUrls) {
      const file = path.join(ROOT, (iconUrl ?? "").replace(DEV_URL, ""));
      const png = fs.readFileSync(file);
      expect(png.subarray(1, 4).toString("ascii")).toBe("PNG");
      const width = png.readUInt32BE(16); // IHDR width
      expect(path.basename(file)).toBe(`icon-${width}.png`);
      sizes.add(width);
    }
    expect([...sizes].sort((a, b) => a - b)).toEqual([16, 32, 64, 80]);
  });

  test("has a support URL: the help page", () => {
    expect(attr(child(app, "SupportUrl"), "DefaultValue")).toBe(`${DEV_URL}help.html`);
  });

  test("every URL in it is https (namespace names aside, which are never fetched)", () => {
    const withoutNamespaces = source.replace(/\sxmlns(:\w+)?="[^"]*"/g, "");
    const found = [...withoutNamespaces.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi)].map((m) => m[0]);
    expect(found.length).toBeGreaterThan(10);
    expect(found.filter((u) => !u.startsWith("https://"))).toEqual([]);
  });

  test("every dev-server URL in it is a file the build emits, and dist/ carries the same manifest", () => {
    const served = [...source.matchAll(/https:\/\/localhost:3000\/([^"#?\s]*)/g)].map((m) => m[1]);
    for (const file of new Set(served)) expect({ [file]: fs.existsSync(path.join(DIST, file)) }).toEqual({ [file]: true });
    expect(readBuilt("manifest.xml")).toBe(source);
  });
});
