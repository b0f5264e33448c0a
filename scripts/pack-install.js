/**
 * The CLI package as a user gets it: `npm pack` of a copy of the repository, packed as a fresh clone
 * packs it (prepack empties lib/, prepare compiles it again), then `npm install --global` of the
 * tarball into a prefix of its own, production dependencies only, from the npm registry.
 *
 * The copy keeps the repository's own lib/ and dist/ untouched while other tests read them; it
 * borrows the repository's node_modules for the compile. Used by tests/cli/package.test.ts and by
 * scripts/bench-install.js (npm run bench:install).
 */
"use strict";
const { execFile } = require("child_process");
const fs = require("fs");
const path = require("path");

/** What a clone does not have: installed packages, build outputs, a git directory, files users write. */
const NOT_IN_A_CLONE = new Set(["node_modules", ".git", "lib", "dist", "coverage", "release", ".cache"]);

/**
 * The environment for a child npm: ours, less what an enclosing `npm test` or `npm run` sets to
 * describe its own package (npm_package_*, npm_lifecycle_*, its prefixes): a child npm would take
 * those as its own settings and pack or install the wrong package, or into the wrong place.
 */
function npmEnvironment(environment = process.env) {
  const kept = {};
  for (const [key, value] of Object.entries(environment)) {
    if (/^npm_(package|lifecycle)_/i.test(key) || /^npm_config_(local_prefix|prefix|global_prefix|global|dry_run|json)$/i.test(key) || key === "INIT_CWD") continue;
    kept[key] = value;
  }
  return kept;
}

/** Runs `command args` in `cwd`; resolves to its standard output, or rejects with its last lines of output. */
function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    execFile(command, args, { cwd, env: npmEnvironment(), maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error) {
        const tail = `${stdout}\n${stderr}`.trim().split("\n").slice(-20).join("\n");
        reject(new Error(`${command} ${args.join(" ")} (in ${cwd}) failed, exit ${error.code}:\n${tail}`));
      } else resolve(stdout);
    });
  });
}

const NPM = process.platform === "win32" ? "npm.cmd" : "npm";
/** npm's own retries, a little more patient than its defaults, for a registry reached over a busy network. */
const PATIENT = ["--fetch-retries=5", "--fetch-retry-mintimeout=2000", "--no-audit", "--no-fund", "--no-update-notifier"];

/** A copy of the repository at `root` as a clone would have it, in `destination`, with `root`'s node_modules linked in. */
function copyRepository(root, destination) {
  fs.cpSync(root, destination, {
    recursive: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      const [top] = relative.split(path.sep);
      if (relative === "") return true;
      if (NOT_IN_A_CLONE.has(top)) return false;
      if (!relative.includes(path.sep) && /\.(xlsx|tgz)$/i.test(relative)) return false; // npm run design's file, earlier packs
      return relative !== path.join("tests", "output");
    },
  });
  fs.symlinkSync(path.join(root, "node_modules"), path.join(destination, "node_modules"), process.platform === "win32" ? "junction" : "dir");
}

/**
 * `npm pack` of the repository at `root`, packed in a copy under `work`: the tarball's path and
 * npm's account of it (files, size, unpackedSize).
 */
async function packRepository(root, work) {
  const copy = path.join(work, "repository");
  const destination = path.join(work, "pack");
  fs.mkdirSync(destination, { recursive: true });
  copyRepository(root, copy);
  const stdout = await run(NPM, ["pack", "--json", "--pack-destination", destination, ...PATIENT], copy);
  // The JSON is npm's last output; anything a lifecycle script printed comes before it.
  const [report] = JSON.parse(stdout.slice(stdout.search(/^\[/m)));
  return { tarball: path.join(destination, report.filename), files: report.files.map((f) => f.path), size: report.size, unpackedSize: report.unpackedSize };
}

/** `npm install --global` of `tarball` into `prefix`, production dependencies only; resolves to the seconds it took. */
async function installGlobally(tarball, prefix) {
  const started = process.hrtime.bigint();
  await run(NPM, ["install", "--global", "--prefix", prefix, "--omit=dev", ...PATIENT, tarball], path.dirname(tarball));
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** Where `npm install --global --prefix prefix` puts the package and its command. */
function installedPaths(prefix, name = "exchange-storage-sizing") {
  const modules = process.platform === "win32" ? path.join(prefix, "node_modules") : path.join(prefix, "lib", "node_modules");
  const bin = process.platform === "win32" ? path.join(prefix, "exsize.cmd") : path.join(prefix, "bin", "exsize");
  return { modules, packageDir: path.join(modules, name), bin };
}

/**
 * The packages installed under `modules` (each directory with a package.json straight below a
 * node_modules, scoped or not), the bytes of their files, and the disk those take in whole blocks
 * (what `du` counts).
 */
function installedFigures(modules) {
  let packages = 0;
  let bytes = 0;
  let diskBytes = 0;
  const walk = (dir, underNodeModules) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      if (entry.isDirectory()) {
        const scope = underNodeModules && entry.name.startsWith("@");
        if (underNodeModules && !scope && fs.existsSync(path.join(full, "package.json"))) packages++;
        walk(full, entry.name === "node_modules" || scope);
      } else if (entry.isFile()) {
        const stat = fs.statSync(full);
        bytes += stat.size;
        diskBytes += stat.blocks * 512;
      }
    }
  };
  walk(modules, true);
  return { packages, bytes, diskBytes };
}

module.exports = { npmEnvironment, copyRepository, packRepository, installGlobally, installedPaths, installedFigures };
