/**
 * Where the add-in is hosted. manifest.xml and the @helpurl tags name the dev server,
 * https://localhost:3000/; a production build rewrites that base to the hosting URL given as
 * `--env url=https://host/path/` or in the ADDIN_URL environment variable.
 */
"use strict";

const DEV_URL = "https://localhost:3000/";

/** A bad URL is the user's input, not a bug: the message alone, no stack trace, is what helps. */
function refuse(message) {
  const error = new Error(message);
  error.stack = `Error: ${message}`;
  return error;
}

/**
 * The hosting base from webpack's env or the environment, checked and ending in "/", or
 * undefined when none is given. Office loads add-ins only over HTTPS, so anything else is refused.
 */
function resolveAddinUrl(env = {}, environment = process.env) {
  const fromEnv = typeof env.url === "string" && env.url.trim() !== "";
  const raw = fromEnv ? env.url.trim() : (environment.ADDIN_URL || "").trim();
  if (raw === "") return undefined;
  const source = fromEnv ? "--env url" : "ADDIN_URL";
  const example = "such as https://sizing.example.org/addin/";
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw refuse(`${source} must be an absolute https:// URL ${example}; got ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== "https:") {
    throw refuse(`${source} must use https:// (Office loads add-ins only over HTTPS), ${example}; got ${JSON.stringify(raw)}`);
  }
  if (url.search || url.hash || url.username || url.password) {
    throw refuse(`${source} must be a plain base URL without query, fragment or credentials, ${example}; got ${JSON.stringify(raw)}`);
  }
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url.href;
}

/** Every dev-server URL in `text` moved to `base`. */
function rewriteAddinUrls(text, base) {
  return text.split(DEV_URL).join(base);
}

module.exports = { DEV_URL, resolveAddinUrl, rewriteAddinUrls };
