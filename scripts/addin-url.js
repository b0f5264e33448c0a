/**
 * Where the add-in is hosted. manifest.xml and the @helpurl tags name the dev server,
 * https://localhost:3000/; a production build rewrites that base to the hosting URL given as
 * `--env url=https://host/path/` or in the ADDIN_URL environment variable.
 *
 * The URL is taken as the user meant it and written in its canonical form, which is ASCII with
 * no spaces: `new URL` percent-escapes spaces, quotes, "<", ">" and non-ASCII in the path and
 * turns a non-ASCII host into punycode (xn--…). What it keeps, such as "&" and "'", is escaped
 * for each file it goes into (XML entities in the manifest, JSON escapes in functions.json).
 * What a URL parser would silently change (tabs and newlines dropped, "\" read as "/") or
 * cannot be a valid URL (a "%" that starts no escape, more than the manifest's 2048 characters)
 * is refused with a message instead.
 */
"use strict";

const DEV_URL = "https://localhost:3000/";
/** The manifest schema's limit on a URL. */
const MAX_URL_LENGTH = 2048;
/** The longest path the manifest or functions.json adds to the base (help.html#ex_jetstress, with room to spare). */
const LONGEST_SUFFIX = 32;

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
  // Checked before parsing, because the parser would quietly change these rather than fail.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(raw)) {
    throw refuse(`${source} must not contain control characters (tab, newline…), ${example}; got ${JSON.stringify(raw)}`);
  }
  if (raw.includes("\\")) {
    throw refuse(`${source} must not contain "\\" (a URL parser reads it as "/"); use "/" or %5C, ${example}; got ${JSON.stringify(raw)}`);
  }
  if (/%(?![0-9A-Fa-f]{2})/.test(raw)) {
    throw refuse(`${source}: "%" must start an escape such as %20 (write a literal "%" as %25), ${example}; got ${JSON.stringify(raw)}`);
  }
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
  if (url.href.length + LONGEST_SUFFIX > MAX_URL_LENGTH) {
    throw refuse(
      `${source} is too long: the manifest's URLs are at most ${MAX_URL_LENGTH} characters, so the base may have at most ` +
        `${MAX_URL_LENGTH - LONGEST_SUFFIX}; got ${url.href.length} (${JSON.stringify(url.href.slice(0, 60))}…)`,
    );
  }
  return url.href;
}

/** `text` as XML character data or a double- or single-quoted attribute value. */
function escapeXml(text) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]);
}

/**
 * Every dev-server URL in `text`, the contents of the file `fileName`, moved to `base` and escaped
 * for that kind of file, so the result stays well-formed whatever the base holds:
 * - .xml / .html: entity-escaped. Comments are dropped, as no escape works inside one and a base
 *   may hold "--" (every punycode host does); they describe the dev setup, not the hosted copy.
 * - .json: JSON string escapes, and the result must still parse.
 * Any other kind of file is refused rather than rewritten blindly.
 */
function rewriteAddinUrls(text, base, fileName) {
  const extension = String(fileName).toLowerCase().split(".").pop();
  if (extension === "xml" || extension === "html") {
    const outsideComments = text.replace(/<!--[\s\S]*?-->[ \t]*(\r?\n)?/g, "");
    if (/<!\[CDATA\[/.test(outsideComments)) {
      throw new Error(`rewriteAddinUrls: ${fileName} has a CDATA section, where the URL escapes used here do not apply`);
    }
    return outsideComments.split(DEV_URL).join(escapeXml(base));
  }
  if (extension === "json") {
    const rewritten = text.split(DEV_URL).join(JSON.stringify(base).slice(1, -1));
    JSON.parse(rewritten); // throws if it is not JSON any more: a bug here, not the user's input
    return rewritten;
  }
  throw new Error(`rewriteAddinUrls: cannot escape a URL for ${fileName}; it knows .xml, .html and .json`);
}

module.exports = { DEV_URL, MAX_URL_LENGTH, resolveAddinUrl, rewriteAddinUrls };
