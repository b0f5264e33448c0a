/**
 * Writes src/functions/functions.ts, the Excel edge whose JSDoc custom-functions-metadata-plugin
 * turns into functions.json, from the descriptors of src/functions/descriptors.ts. Run with
 * `npm run functions-edge` (it builds lib/ first); tests/functions/descriptors.test.ts fails
 * while the committed file differs from what this writes.
 */
const fs = require("fs");
const path = require("path");
const { renderEdge } = require("../lib/src/functions/descriptors");

const out = path.join(__dirname, "..", "src", "functions", "functions.ts");
fs.writeFileSync(out, renderEdge());
console.log(`wrote ${path.relative(process.cwd(), out)}`);
