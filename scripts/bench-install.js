#!/usr/bin/env node
/**
 * npm run bench:install — what installing the exsize command costs a user: the tarball `npm pack`
 * makes from this repository (packed in a copy, as a fresh clone packs it), then `npm install
 * --global` of it into an empty prefix with production dependencies only, from the npm registry:
 * the wall time, the packages and the bytes installed. Figures to standard output; nothing is kept.
 * The time includes downloads, so it depends on the network and on npm's cache (~/.npm).
 */
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { packRepository, installGlobally, installedPaths, installedFigures } = require("./pack-install");

const ROOT = path.resolve(__dirname, "..");
const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "exsize-bench-install-"));
  try {
    const packed = await packRepository(ROOT, work);
    const prefix = path.join(work, "prefix");
    const seconds = await installGlobally(packed.tarball, prefix);
    const { modules, bin } = installedPaths(prefix);
    const { packages, bytes, diskBytes } = installedFigures(modules);
    console.log(`package       ${path.basename(packed.tarball)}: ${packed.files.length} files, ${megabytes(packed.size)} MB packed, ${megabytes(packed.unpackedSize)} MB unpacked`);
    console.log(`npm install   --global --omit=dev of the tarball: ${seconds.toFixed(1)} s wall (node ${process.version}, ${os.cpus().length} cores)`);
    console.log(`installed     ${packages} packages (exsize and its production dependencies): ${megabytes(bytes)} MB of files, ${megabytes(diskBytes)} MB on disk`);
    console.log(`command       ${fs.existsSync(bin) ? "exsize installed" : "exsize MISSING"}`);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`bench:install: ${error.message}`);
  process.exitCode = 1;
});
