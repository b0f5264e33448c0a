#!/usr/bin/env node
/**
 * Validates a unified manifest for Microsoft 365 (manifest.json) against Microsoft's JSON schema,
 * offline: the schema its $schema names, as @microsoft/app-manifest bundles it, checked by that
 * package's own AppManifestUtils.validateAgainstSchema. A $schema the package does not bundle is
 * refused rather than downloaded, and any download attempted during the check fails it.
 *
 *   node scripts/validate-manifest.js manifest.json [more.json…]      errors, one a line; exit 1 if any
 *   node scripts/validate-manifest.js --json manifest.json [more…]    {"file": [errors…], …}
 *
 * A child process of its own for the tests, because the package's dependencies are ES modules that
 * Jest's module loader does not take. The XML manifest has no offline validator: Microsoft's
 * `office-addin-manifest validate` sends it to a web service.
 */
"use strict";
const fs = require("fs");
const path = require("path");

/** The bundled copy of the schema `schemaUrl` names, as the package looks it up (an optional locale after the host). */
function bundledSchema(schemaUrl) {
  const match = /^https:\/\/developer\.microsoft\.com\/(?:[a-z]{2}(?:-[a-z]{2})?\/)?(json-schemas\/teams\/v[\w.]+\/MicrosoftTeams\.schema\.json)$/i.exec(String(schemaUrl));
  if (!match) return undefined;
  const file = path.join(path.dirname(require.resolve("@microsoft/app-manifest/package.json")), "build", match[1]);
  return fs.existsSync(file) ? file : undefined;
}

/** The schema errors of `manifest` (an object), [] when it is valid. */
async function unifiedManifestErrors(manifest) {
  if (!manifest || typeof manifest !== "object") return ["the manifest must be a JSON object"];
  if (!bundledSchema(manifest.$schema)) {
    return [`$schema must name a Microsoft 365 app manifest schema that @microsoft/app-manifest bundles, such as https://developer.microsoft.com/json-schemas/teams/v1.30/MicrosoftTeams.schema.json; got ${JSON.stringify(manifest.$schema)}`];
  }
  const { AppManifestUtils } = require("@microsoft/app-manifest");
  const ownFetch = globalThis.fetch;
  globalThis.fetch = async (url) => {
    throw new Error(`validate-manifest works offline; it would have downloaded ${url}`);
  };
  try {
    return await AppManifestUtils.validateAgainstSchema(manifest);
  } finally {
    globalThis.fetch = ownFetch;
  }
}

async function main(args) {
  const json = args[0] === "--json";
  const files = json ? args.slice(1) : args;
  if (files.length === 0) {
    console.error("usage: node scripts/validate-manifest.js [--json] manifest.json [more.json…]");
    return 2;
  }
  const report = {};
  for (const file of files) {
    let manifest;
    try {
      manifest = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch (error) {
      report[file] = [`cannot read ${file} as JSON: ${error.message}`];
      continue;
    }
    report[file] = await unifiedManifestErrors(manifest);
  }
  if (json) console.log(JSON.stringify(report));
  else for (const [file, errors] of Object.entries(report)) console.log(errors.length === 0 ? `${file}: valid` : errors.map((e) => `${file}: ${e}`).join("\n"));
  return Object.values(report).some((errors) => errors.length > 0) ? 1 : 0;
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error) => {
      console.error(`validate-manifest: ${error.stack ?? error}`);
      process.exitCode = 70;
    },
  );
}

module.exports = { bundledSchema, unifiedManifestErrors };
