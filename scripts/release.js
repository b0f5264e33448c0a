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
 * Exit status: 0 written; 1 the build, the check or a write failed; 2 a usage error, a URL that is
 * not a plain https:// base, or a zip already there without --force. Nothing is written on failure.
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

/** `bytes` written to `file` whole or not at all: a temporary file beside it, renamed over it. */
function writeWhole(file, bytes) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, file);
  } finally {
    fs.rmSync(temporary, { force: true });
  }
}

async function release(args, out = { stdout: console.log, stderr: console.error }) {
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
  const existing = [zipFile, packageFile].filter((f) => fs.existsSync(f));
  if (existing.length > 0 && !options.force) {
    out.stderr(`release: ${existing.map((f) => path.relative(process.cwd(), f)).join(" and ")} already there; kept (add --force to replace)`);
    return 2;
  }

  try {
    await build(base, dist);
  } catch (error) {
    out.stderr(`release: ${error.message}`);
    return 1;
  }
  const files = filesUnder(dist).filter((f) => !f.endsWith(".map"));
  const read = (file) => fs.readFileSync(path.join(dist, file));
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

  try {
    fs.mkdirSync(outDir, { recursive: true });
    writeWhole(zipFile, zipSync(Object.fromEntries(files.map((f) => [f, read(f)])), { level: 9 }));
    writeWhole(packageFile, zipSync(Object.fromEntries(["manifest.json", ...icons].map((f) => [f, read(f)])), { level: 9 }));
  } catch (error) {
    out.stderr(`release: cannot write to ${outDir}: ${error.message}`);
    return 1;
  }
  const shown = (f) => path.relative(process.cwd(), f) || ".";
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
