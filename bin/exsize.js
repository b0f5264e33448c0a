#!/usr/bin/env node
// The exsize command: runs the compiled CLI in lib/ (built by `npm run build:node`).
"use strict";
const fs = require("fs");
const path = require("path");

const entry = path.join(__dirname, "..", "lib", "src", "cli", "main.js");
if (!fs.existsSync(entry)) {
  process.stderr.write("exsize: run `npm run build:node` first\n");
  process.exit(2);
}
const internalError = (error) => {
  process.stderr.write(`exsize: internal error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 70;
};
try {
  require(entry)
    .main(process.argv.slice(2))
    .then((code) => {
      process.exitCode = code;
    }, internalError);
} catch (error) {
  internalError(error);
}
