/**
 * The Content-Security-Policy of the add-in's pages. Each page carries its own policy as
 * <meta http-equiv="Content-Security-Policy"> in its <head> (static hosting gives us no headers);
 * the dev server sends the same text as a header, read from the page here, so the two cannot drift.
 * A build checks that each emitted page still has its policy and nothing inline that the policy
 * refuses, so a page edit that would be blocked in Office fails the build with a message saying
 * where the code or style should go instead.
 */
"use strict";

/**
 * The policy in a page's meta tag, or undefined when it has none. Attributes may be quoted or not
 * (a production build minifies the pages) and in either order.
 */
function pagePolicy(html) {
  for (const tag of html.replace(/<!--[\s\S]*?-->/g, "").match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/\shttp-equiv\s*=\s*["']?content-security-policy(?=["'\s/>])/i.test(tag)) continue;
    const content = /\scontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(tag);
    if (!content) return undefined;
    return (content[1] ?? content[2] ?? content[3]).replace(/&#39;|&apos;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");
  }
  return undefined;
}

/** directive name → its sources, in order. */
function parsePolicy(policy) {
  const directives = new Map();
  for (const part of policy.split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/**
 * What in `html` its own policy would refuse, as sentences; empty when nothing. `styleFile` names
 * where the page's styles belong, for the message.
 */
function inlineViolations(html, styleFile) {
  const policy = pagePolicy(html);
  if (policy === undefined) return ["it has no <meta http-equiv=\"Content-Security-Policy\"> in its <head>"];
  const directives = parsePolicy(policy);
  const allows = (directive, keyword) => (directives.get(directive) ?? directives.get("default-src") ?? []).includes(keyword);
  const found = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, "");
  if (!allows("style-src", "'unsafe-inline'")) {
    if (/<style[\s>]/i.test(withoutComments)) found.push(`an inline <style>, which its policy refuses: put the styles in ${styleFile}`);
    if (/<[a-z][^>]*\sstyle\s*=/i.test(withoutComments)) found.push(`a style="" attribute, which its policy refuses: use a class in ${styleFile}`);
  }
  if (!allows("script-src", "'unsafe-inline'")) {
    if (/<script(?![^>]*\ssrc\s*=)[^>]*>/i.test(withoutComments)) found.push("an inline <script>, which its policy refuses: put the code in the bundle (src/taskpane/*.ts)");
    if (/<[a-z][^>]*\son[a-z]+\s*=/i.test(withoutComments)) found.push("an on…=\"\" event handler attribute, which its policy refuses: add the listener in the bundle");
    if (/\shref\s*=\s*["']?\s*javascript:/i.test(withoutComments)) found.push("a javascript: link, which its policy refuses");
  }
  return found;
}

module.exports = { pagePolicy, parsePolicy, inlineViolations };
