/**
 * manifest.json, the unified manifest for Microsoft 365, beside manifest.xml, the add-in
 * only manifest that perpetual Office still needs. The unified one is valid against Microsoft's own
 * JSON schema, read from the copy @microsoft/app-manifest bundles (scripts/validate-manifest.js: no
 * network, a download fails the check), and both name the same add-in: id, version, functions
 * namespace, pages, scripts, metadata, icons, ribbon and help. `npm test` builds dist/ first
 * (pretest); with `npx jest` alone, build it.
 */
import { execFile } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { DEV_URL } from "../../scripts/addin-url";
import { PROCESS_MS } from "../support/timeouts";

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { parseStringPromise } = require("xml2js") as { parseStringPromise(xml: string): Promise<XmlNode> };

const ROOT = path.resolve(__dirname, "../..");
const SOURCE = fs.readFileSync(path.join(ROOT, "manifest.json"), "utf8");
const PACKAGE_VERSION = (JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as { version: string }).version;

/** What the tests read of the unified manifest (the schema holds the rest). */
type Icon = { size: number; url: string };
type Unified = {
  $schema: string;
  manifestVersion: string;
  version: string;
  id: string;
  name: { short: string; full: string };
  description: { short: string; full: string };
  developer: { name: string; websiteUrl: string };
  icons: { color: string; outline: string };
  authorization: { permissions: { resourceSpecific: { name: string; type: string }[] } };
  extensions: {
    requirements: { scopes: string[]; capabilities: { name: string; minVersion: string }[] };
    runtimes: {
      id: string;
      lifetime: string;
      code: { page: string; script?: string };
      actions: { id: string; type: string; view?: string }[];
      customFunctions?: { namespace: { id: string; name: string }; metadataUrl: string };
    }[];
    ribbons: { tabs: { builtInTabId: string; groups: { id: string; label: string; icons: Icon[]; controls: { id: string; label: string; icons: Icon[]; supertip: { title: string; description: string }; actionId: string }[] }[] }[] }[];
    getStartedMessages: { title: string; description: string; learnMoreUrl: string }[];
    alternates: { alternateIcons: { icon: Icon; highResolutionIcon: Icon } }[];
  }[];
};
const unified = JSON.parse(SOURCE) as Unified;
const extension = unified.extensions[0];
const runtime = extension.runtimes[0];
const group = extension.ribbons[0].tabs[0].groups[0];
const button = group.controls[0];

/** The bundled copy of the schema `schemaUrl` names. */
function bundledSchemaPath(schemaUrl: string): string {
  const suffix = /^https:\/\/developer\.microsoft\.com\/(json-schemas\/teams\/v[\w.]+\/MicrosoftTeams\.schema\.json)$/.exec(schemaUrl);
  if (!suffix) throw new Error(`$schema ${schemaUrl} is not one of Microsoft's app manifest schemas`);
  return path.join(path.dirname(require.resolve("@microsoft/app-manifest/package.json")), "build", suffix[1]);
}

/**
 * Microsoft's validation of each manifest, offline (scripts/validate-manifest.js, in a process of its
 * own: @microsoft/app-manifest's dependencies are ES modules Jest's loader does not take).
 */
async function schemaErrors(...manifests: object[]): Promise<string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-manifest-"));
  try {
    const files = manifests.map((m, i) => {
      const file = path.join(dir, `manifest-${i}.json`);
      fs.writeFileSync(file, JSON.stringify(m));
      return file;
    });
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, [path.join(ROOT, "scripts", "validate-manifest.js"), "--json", ...files], { cwd: ROOT }, (error, out, err) =>
        error && error.code !== 1 ? reject(new Error(`${error.message}\n${err}`)) : resolve(out),
      ),
    );
    const report = JSON.parse(stdout) as Record<string, string[]>;
    return files.map((f) => report[f]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe("manifest.json against Microsoft's schema, offline", () => {
  test("names a Microsoft 365 app manifest schema that @microsoft/app-manifest bundles, its version the manifestVersion", () => {
    expect(fs.existsSync(bundledSchemaPath(unified.$schema))).toBe(true);
    expect(unified.$schema).toBe(`https://developer.microsoft.com/json-schemas/teams/v${unified.manifestVersion}/MicrosoftTeams.schema.json`);
  });

  test("that schema lets a runtime carry custom functions (extensions[].runtimes[].customFunctions)", () => {
    const schema = JSON.parse(fs.readFileSync(bundledSchemaPath(unified.$schema), "utf8")) as { definitions: Record<string, { items?: { properties?: Record<string, unknown> } }> };
    expect(Object.keys(schema.definitions.extensionRuntimesArray.items?.properties ?? {})).toContain("customFunctions");
  });

  /** manifest.json spoilt one way each, and what the validation must say of it. */
  const SPOILT: [string, (m: Unified) => unknown, RegExp][] = [
    ["a namespace with a space", (m) => (m.extensions[0].runtimes[0].customFunctions!.namespace.id = "EX SIZE"), /namespace\/id must match pattern/],
    ["no developer", (m) => delete (m as Partial<Unified>).developer, /must have required property 'developer'/],
    ["an http:// metadata URL", (m) => (m.extensions[0].runtimes[0].customFunctions!.metadataUrl = "http://localhost:3000/functions.json"), /metadataUrl must match pattern/],
    ["a short description past 80 characters", (m) => (m.description.short = "x".repeat(81)), /description\/short must NOT have more than 80 characters/],
    ["a schema it does not bundle, which it would have to download", (m) => (m.$schema = m.$schema.replace(/v[\d.]+\//, "v9.99/")), /must name a Microsoft 365 app manifest schema that @microsoft\/app-manifest bundles/],
  ];

  test(
    "is valid, and the same validation refuses it spoilt: " + SPOILT.map(([what]) => what).join("; "),
    async () => {
      const spoilt = SPOILT.map(([, spoil]) => {
        const copy = JSON.parse(SOURCE) as Unified;
        spoil(copy);
        return copy;
      });
      const [own, ...others] = await schemaErrors(unified, ...spoilt);
      expect(own).toEqual([]);
      others.forEach((errors, i) => expect({ [SPOILT[i][0]]: errors.join("\n") }).toEqual({ [SPOILT[i][0]]: expect.stringMatching(SPOILT[i][2]) }));
    },
    PROCESS_MS,
  );
});

/* ---------- the two manifests name the same add-in ---------- */

type XmlNode = { $?: Record<string, string>; _?: string } & { [child: string]: XmlNode[] | Record<string, string> | string | undefined };
const children = (node: XmlNode | undefined, name: string): XmlNode[] => (node?.[name] as XmlNode[] | undefined) ?? [];
const child = (node: XmlNode | undefined, name: string): XmlNode => {
  const found = children(node, name);
  if (found.length !== 1) throw new Error(`expected one <${name}>, found ${found.length}`);
  return found[0];
};
const attr = (node: XmlNode, name: string): string => node.$?.[name] ?? "";
const text = (node: XmlNode): string => (typeof node === "string" ? node : (node._ ?? "")).trim();

describe("manifest.json and manifest.xml name the same add-in", () => {
  let app: XmlNode;
  let host: XmlNode;
  /** resid → DefaultValue, across the Resources' URLs, images and strings. */
  let resource: (resid: string) => string;

  beforeAll(async () => {
    app = ((await parseStringPromise(fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8"))) as unknown as { OfficeApp: XmlNode }).OfficeApp;
    const overrides = child(app, "VersionOverrides");
    host = child(child(overrides, "Hosts"), "Host");
    const resources = child(overrides, "Resources");
    const table = new Map<string, string>();
    for (const [groupName, item] of [["bt:Urls", "bt:Url"], ["bt:Images", "bt:Image"], ["bt:ShortStrings", "bt:String"], ["bt:LongStrings", "bt:String"]]) {
      for (const n of children(child(resources, groupName), item)) table.set(attr(n, "id"), attr(n, "DefaultValue"));
    }
    resource = (resid) => {
      if (!table.has(resid)) throw new Error(`manifest.xml has no resource ${resid}`);
      return table.get(resid)!;
    };
  });

  const customFunctionsPoint = () => children(child(host, "AllFormFactors"), "ExtensionPoint").find((e) => attr(e, "xsi:type") === "CustomFunctions")!;
  const source = (point: XmlNode, element: string) => resource(attr(child(child(point, element), "SourceLocation"), "resid"));
  const xmlTab = () => child(children(child(host, "DesktopFormFactor"), "ExtensionPoint").find((e) => attr(e, "xsi:type") === "PrimaryCommandSurface"), "OfficeTab");
  const xmlIcons = (node: XmlNode): Icon[] => children(child(node, "Icon"), "bt:Image").map((i) => ({ size: Number(attr(i, "size")), url: resource(attr(i, "resid")) }));

  test("the same id, and the package's version (the XML's with a fourth part, .0)", () => {
    expect(unified.id).toBe(text(child(app, "Id")));
    expect(unified.version).toBe(PACKAGE_VERSION);
    expect(text(child(app, "Version"))).toBe(`${PACKAGE_VERSION}.0`);
  });

  test("the same name, provider and description", () => {
    expect(unified.name.short).toBe(attr(child(app, "DisplayName"), "DefaultValue"));
    expect(unified.developer.name).toBe(text(child(app, "ProviderName")));
    expect(unified.description.full).toBe(attr(child(app, "Description"), "DefaultValue"));
  });

  test("the same custom functions: namespace EXSIZE, metadata, script, and the task pane's page as their shared runtime", () => {
    const point = customFunctionsPoint();
    expect(runtime.customFunctions?.namespace).toEqual({ id: "EXSIZE", name: resource(attr(child(point, "Namespace"), "resid")) });
    expect(runtime.customFunctions?.metadataUrl).toBe(source(point, "Metadata"));
    expect(runtime.code.script).toBe(source(point, "Script"));
    expect(runtime.code.page).toBe(source(point, "Page"));
    const xmlRuntime = child(child(host, "Runtimes"), "Runtime");
    expect([extension.runtimes.length, runtime.lifetime]).toEqual([1, attr(xmlRuntime, "lifetime")]);
    expect(runtime.code.page).toBe(resource(attr(xmlRuntime, "resid")));
  });

  test("the same requirements: Excel (workbook) with the shared runtime 1.1", () => {
    expect(extension.requirements.scopes).toEqual(["workbook"]);
    const sets = children(child(child(app, "Requirements"), "Sets"), "Set").map((s) => ({ name: attr(s, "Name"), minVersion: attr(s, "MinVersion") }));
    expect(extension.requirements.capabilities).toEqual(expect.arrayContaining(sets));
  });

  test("the same ribbon: Home's group and button, with their icons, opening the task pane in that runtime", () => {
    expect(extension.ribbons[0].tabs[0].builtInTabId).toBe(attr(xmlTab(), "id"));
    const xml = child(xmlTab(), "Group");
    expect([group.id, group.label]).toEqual([attr(xml, "id"), resource(attr(child(xml, "Label"), "resid"))]);
    expect(group.icons).toEqual(xmlIcons(xml));
    const control = child(xml, "Control");
    expect([button.id, button.label, button.supertip.description]).toEqual([attr(control, "id"), resource(attr(child(control, "Label"), "resid")), resource(attr(child(child(control, "Supertip"), "Description"), "resid"))]);
    expect(button.icons).toEqual(xmlIcons(control));
    const action = runtime.actions.find((a) => a.id === button.actionId);
    const xmlAction = child(control, "Action");
    expect(action).toEqual(expect.objectContaining({ type: "openPage", view: text(child(xmlAction, "TaskpaneId")) }));
    expect(resource(attr(child(xmlAction, "SourceLocation"), "resid"))).toBe(runtime.code.page);
  });

  test("the same icons for clients that read the XML, and the same first-run message and help page", () => {
    const { icon, highResolutionIcon } = extension.alternates[0].alternateIcons;
    expect([icon.url, highResolutionIcon.url]).toEqual([attr(child(app, "IconUrl"), "DefaultValue"), attr(child(app, "HighResolutionIconUrl"), "DefaultValue")]);
    const getStarted = child(child(host, "DesktopFormFactor"), "GetStarted");
    expect(extension.getStartedMessages).toEqual([
      { title: resource(attr(child(getStarted, "Title"), "resid")), description: resource(attr(child(getStarted, "Description"), "resid")), learnMoreUrl: resource(attr(child(getStarted, "LearnMoreUrl"), "resid")) },
    ]);
    expect(unified.developer.websiteUrl).toBe(attr(child(app, "SupportUrl"), "DefaultValue"));
  });

  test("the same permission: read and write the document", () => {
    expect(text(child(app, "Permissions"))).toBe("ReadWriteDocument");
    expect(unified.authorization.permissions.resourceSpecific).toEqual([{ name: "Document.ReadWrite.User", type: "Delegated" }]);
  });
});

describe("manifest.json's files", () => {
  test("its app package icons are committed PNGs: 192 pixels in colour, a 32 pixel outline white on transparent", () => {
    const png = (file: string) => fs.readFileSync(path.join(ROOT, file));
    for (const [file, size] of [[unified.icons.color, 192], [unified.icons.outline, 32]] as const) {
      const image = png(file);
      expect(image.subarray(1, 4).toString("ascii")).toBe("PNG");
      expect([image.readUInt32BE(16), image.readUInt32BE(20), image[25]]).toEqual([size, size, 6]); // IHDR width, height, RGBA
    }
  });

  test("every dev-server URL in it is a file the build emits, and dist/ carries the same manifest", () => {
    const served = [...SOURCE.matchAll(/https:\/\/localhost:3000\/([^"#?\s]*)/g)].map((m) => m[1]);
    expect(served.length).toBeGreaterThan(8);
    for (const file of new Set(served)) expect({ [file]: fs.existsSync(path.join(ROOT, "dist", file)) }).toEqual({ [file]: true });
    expect(fs.readFileSync(path.join(ROOT, "dist", "manifest.json"), "utf8")).toBe(SOURCE);
    expect(SOURCE.split(DEV_URL).length - 1).toBe(served.length);
  });
});
