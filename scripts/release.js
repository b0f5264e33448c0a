#!/usr/bin/env node
/**
 * npm run release -- --url https://host/path/ [--out release/] [--dist dist/] [--force]
 *
 * The add-in's release for one hosting address: a production build of dist/ for that URL (webpack,
 * as `npm run build -- --env url=…`), then two zips in --out:
 *   exsize-addin-VERSION.zip              every file of the build, to upload to the URL, with both
 *                                         manifests for it: manifest.xml (add-in only) and
 *                                         manifest.json (the unified manifest for Microsoft 365)
 *   exsize-addin-VERSION-app-package.zip  manifest.json and its two icons: the app package the
 *                                         Microsoft 365 admin center and Teams take for the unified manifest
 * The unified manifest is checked against Microsoft's schema first (scripts/validate-manifest.js).
 * The build is made in a new folder beside --dist and moved into place only once it is checked, so
 * --dist is written only when it is new, empty or an earlier build of this add-in (its manifest.xml
 * names this add-in's Id) every file of which the new build writes again; any other folder holding
 * files is refused without --force, which replaces them. Each zip goes to a temporary file beside it,
 * renamed into place.
 * Exit status: 0 written; 1 the build, the check or a write failed; 2 a usage error, a URL that is
 * not a plain https:// base, a zip already there or a --dist holding files without --force; 130
 * stopped by Ctrl-C. Nothing is written on failure, and no temporary file or folder is left behind.
 */
"use strict";
const { execFile } = require("child_process");
const fs = require("fs");
const path = require("path");
const { zipSync } = require("fflate");
const { DEV_URL, resolveAddinUrl } = require("./addin-url");
const { unifiedManifestErrors } = require("./validate-manifest");

const ROOT = path.resolve(__dirname, "..");
const USAGE = "usage: npm run release -- --url https://host/path/ [--out release/] [--dist dist/] [--force]";

class UsageError extends Error {}

/** The options, or a UsageError saying what is wrong. */
function parseArgs(args) {
  const options = { url: undefined, out: "release", dist: "dist", force: false };
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || v === "") throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === "--url") options.url = value();
    else if (flag === "--out" || flag === "-o") options.out = value();
    else if (flag === "--dist") options.dist = value();
    else if (flag === "--force" && inline === undefined) options.force = true;
    else if (flag === "--help" || flag === "-h") throw new UsageError("");
    else throw new UsageError(`unknown option ${JSON.stringify(args[i])}`);
  }
  return options;
}

/** The hosting base from --url or ADDIN_URL, checked as the build checks it; a UsageError when there is none or it is refused. */
function hostingUrl(url) {
  let base;
  try {
    base = resolveAddinUrl(url === undefined ? {} : { url });
  } catch (error) {
    throw new UsageError(error.message.replace(/^--env url\b/, "--url"));
  }
  if (!base) throw new UsageError("--url is needed: the https:// address the add-in's files will be served from, such as https://sizing.example.org/addin/ (or set ADDIN_URL)");
  return base;
}

/** `webpack --mode production` for `base` into `dist`; rejects with the end of webpack's output when the build fails. */
function build(base, dist) {
  const { ADDIN_URL: _ignored, ...environment } = process.env;
  const webpack = path.join(path.dirname(require.resolve("webpack-cli/package.json")), "bin", "cli.js");
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [webpack, "--mode", "production", "--env", `url=${base}`, "--output-path", dist], { cwd: ROOT, env: environment, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`the build failed:\n${`${stdout}\n${stderr}`.trim().split("\n").slice(-30).join("\n")}`));
      else resolve();
    });
  });
}

/** Every file under `dir`, as "a/b.png" paths, sorted. */
function filesUnder(dir, prefix = "") {
  return fs
    .readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const relative = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      return entry.isDirectory() ? filesUnder(dir, relative) : entry.isFile() ? [relative] : [];
    })
    .sort();
}

/** A temporary name beside `file` (the same folder, so a rename never crosses devices). */
const temporaryBeside = (file) => path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);

/** What --dist holds: "absent", "empty", the number of entries in it, or "not a folder". */
function folderState(dir) {
  try {
    const entries = fs.readdirSync(dir);
    return entries.length === 0 ? "empty" : entries.length;
  } catch (error) {
    if (error.code === "ENOENT") return "absent";
    if (error.code === "ENOTDIR") return "not a folder";
    throw error;
  }
}

/** This add-in's Id (manifest.xml), by which an earlier build of it is known. */
const ADDIN_ID = /<Id>([^<]+)<\/Id>/.exec(fs.readFileSync(path.join(ROOT, "manifest.xml"), "utf8"))[1];

/** Whether `dir` holds an earlier build of this add-in: its manifest.xml names this add-in's Id. */
function isEarlierBuild(dir) {
  try {
    return fs.readFileSync(path.join(dir, "manifest.xml"), "utf8").includes(`<Id>${ADDIN_ID}</Id>`);
  } catch (error) {
    if (error.code === "ENOENT" || error.code === "ENOTDIR" || error.code === "EISDIR") return false;
    throw error;
  }
}

/** The built folder `staging` moved to `dist`: into a new or empty folder, or (forced) over one holding files, whose files then go. */
function placeBuild(staging, dist) {
  const state = folderState(dist);
  if (state === "empty") fs.rmdirSync(dist);
  if (typeof state !== "number") return fs.renameSync(staging, dist);
  const old = `${temporaryBeside(dist)}.old`;
  fs.renameSync(dist, old);
  try {
    fs.renameSync(staging, dist);
  } catch (error) {
    fs.renameSync(old, dist);
    throw error;
  }
  fs.rmSync(old, { recursive: true, force: true });
}

/** What the release does to the world, a test's own where it injects a failure: the build, and writing a file. */
const NODE_IO = { build, writeFile: (file, bytes) => fs.writeFileSync(file, bytes, { flag: "wx" }) };

async function release(args, out = { stdout: console.log, stderr: console.error }, io = NODE_IO) {
  let options;
  let base;
  try {
    options = parseArgs(args);
    base = hostingUrl(options.url);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) out.stderr(`release: ${error.message}`);
    out.stderr(USAGE);
    return 2;
  }
  const version = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).version;
  const outDir = path.resolve(options.out);
  const dist = path.resolve(options.dist);
  const zipFile = path.join(outDir, `exsize-addin-${version}.zip`);
  const packageFile = path.join(outDir, `exsize-addin-${version}-app-package.zip`);
  const shown = (f) => path.relative(process.cwd(), f) || ".";
  const existing = [zipFile, packageFile].filter((f) => fs.existsSync(f));
  const distState = folderState(dist);
  const refusals = [];
  if (existing.length > 0 && !options.force) refusals.push(`${existing.map(shown).join(" and ")} already there; kept (add --force to replace)`);
  if (distState === "not a folder") refusals.push(`--dist ${shown(dist)} is a file, not a folder; kept`);
  else if (typeof distState === "number" && !options.force && !isEarlierBuild(dist)) {
    refusals.push(
      `--dist ${shown(dist)} already holds ${distState === 1 ? "a file or folder" : `${distState} files or folders`}, which the build would replace; kept (give --dist a new or empty folder, or add --force to replace them)`,
    );
  }
  if (refusals.length > 0) {
    refusals.forEach((r) => out.stderr(`release: ${r}`));
    return 2;
  }

  // Everything written so far, removed on failure or Ctrl-C: the build's folder and the zips' temporaries.
  const staging = temporaryBeside(dist);
  const temporaries = [staging];
  const removeTemporaries = () => temporaries.forEach((t) => fs.rmSync(t, { recursive: true, force: true }));
  const onInterrupt = () => {
    removeTemporaries();
    out.stderr("release: stopped (Ctrl-C); nothing written");
    process.exit(130);
  };
  process.on("SIGINT", onInterrupt);
  try {
    return await buildAndWrite({ base, dist, force: options.force, outDir, zips: [zipFile, packageFile], staging, temporaries, shown, out, io });
  } finally {
    removeTemporaries();
    process.off("SIGINT", onInterrupt);
  }
}

/** The build into `staging`, checked, then the two zips and the build put in place; the exit status. */
async function buildAndWrite({ base, dist, force, outDir, zips: [zipFile, packageFile], staging, temporaries, shown, out, io }) {
  try {
    fs.mkdirSync(path.dirname(dist), { recursive: true });
    await io.build(base, staging);
  } catch (error) {
    out.stderr(`release: ${error.message}`);
    return 1;
  }
  const files = filesUnder(staging).filter((f) => !f.endsWith(".map"));
  const read = (file) => fs.readFileSync(path.join(staging, file));
  const unified = JSON.parse(read("manifest.json").toString("utf8"));
  const problems = [...(await unifiedManifestErrors(unified)).map((e) => `manifest.json: ${e}`)];
  for (const manifest of ["manifest.xml", "manifest.json"]) {
    if (read(manifest).toString("utf8").includes(DEV_URL)) problems.push(`${manifest} still names ${DEV_URL}`);
  }
  const icons = [unified.icons?.color, unified.icons?.outline];
  for (const icon of icons) if (!files.includes(icon)) problems.push(`manifest.json's icon ${JSON.stringify(icon)} is not in the build`);
  if (problems.length > 0) {
    problems.forEach((p) => out.stderr(`release: ${p}`));
    return 1;
  }

  // An earlier build in --dist is replaced only when the new one writes every file of it again: a file
  // someone added there is kept, and the release refused.
  if (!force && folderState(dist) !== "absent" && folderState(dist) !== "empty") {
    const built = new Set(filesUnder(staging));
    const added = filesUnder(dist).filter((f) => !built.has(f));
    if (added.length > 0) {
      const named = added.slice(0, 3).map((f) => `${shown(dist)}/${f}`).join(", ") + (added.length > 3 ? ` and ${added.length - 3} more` : "");
      out.stderr(`release: --dist ${shown(dist)} holds an earlier build and ${named}, which the build does not write and would remove; kept (give --dist a new or empty folder, or add --force to replace them)`);
      return 2;
    }
  }
  const zips = [
    [zipFile, zipSync(Object.fromEntries(files.map((f) => [f, read(f)])), { level: 9 })],
    [packageFile, zipSync(Object.fromEntries(["manifest.json", ...icons].map((f) => [f, read(f)])), { level: 9 })],
  ];
  try {
    fs.mkdirSync(outDir, { recursive: true });
    for (const [file, bytes] of zips) {
      temporaries.push(temporaryBeside(file));
      io.writeFile(temporaryBeside(file), bytes);
    }
  } catch (error) {
    out.stderr(`release: cannot write to ${shown(outDir)}: ${error.message}; nothing written`);
    return 1;
  }
  try {
    placeBuild(staging, dist);
  } catch (error) {
    out.stderr(`release: cannot write the build to ${shown(dist)}: ${error.message}; nothing written`);
    return 1;
  }
  for (const [file] of zips) fs.renameSync(temporaryBeside(file), file);
  out.stdout(`built ${shown(dist)}/ for ${base}`);
  out.stdout(`wrote ${shown(zipFile)}: ${files.length} files to serve from ${base}, manifest.xml and manifest.json among them`);
  out.stdout(`wrote ${shown(packageFile)}: manifest.json and its two icons, the app package to upload to the Microsoft 365 admin center`);
  return 0;
}

if (require.main === module) {
  release(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error) => {
      console.error(`release: internal error: ${error.stack ?? error}`);
      process.exitCode = 70;
    },
  );
}

module.exports = { release };
