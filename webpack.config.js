/**
 * The add-in's web build (the Node build goes to lib/ by tsc): dist/ holds taskpane.html, which
 * loads both bundles because custom functions and the task pane share one runtime, functions.json
 * generated from the JSDoc of src/functions/functions.ts, help.html, the icons and copies of both
 * manifests: manifest.xml (add-in only) and manifest.json (the unified manifest for Microsoft 365).
 *
 *   webpack --mode development                 dist/ for https://localhost:3000/
 *   webpack serve --mode development           the same, served over https on port 3000
 *   webpack --mode production --env url=https://host/path/   (or ADDIN_URL=https://host/path/)
 *                                              dist/ to upload there; manifest and help URLs rewritten
 *
 * Content-Security-Policy: taskpane.html and help.html carry theirs as a meta tag in <head> (static
 * hosting gives us no headers); the dev server sends the same policy as a header, and every build
 * checks that the pages hold nothing inline their policy refuses (scripts/csp.js). That is why the
 * pages' styles are files (taskpane.css, help.css) and why no devtool here may use eval.
 */
"use strict";
const fs = require("fs");
const path = require("path");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const { Compilation, DefinePlugin, sources } = require("webpack");
const { DEV_URL, resolveAddinUrl, rewriteAddinUrls } = require("./scripts/addin-url");
const { inlineViolations, pagePolicy } = require("./scripts/csp");

const DEV_PORT = 3000;
const FUNCTIONS_SOURCE = "./src/functions/functions.ts";
const TASKPANE_TEMPLATE = path.resolve(__dirname, "src/taskpane/taskpane.html");
const OFFICE_JS = "https://appsforoffice.microsoft.com/lib/1/hosted/office.js";
/** The pages, each with its source (its <meta> Content-Security-Policy is read from there) and where its styles live. */
const PAGES = {
  "taskpane.html": { source: TASKPANE_TEMPLATE, styles: "src/taskpane/taskpane.css" },
  "help.html": { source: path.resolve(__dirname, "src/help/help.html"), styles: "src/help/help.css" },
};
/** Files whose dev-server URLs a hosted build must move: the manifests and the functions' help links. */
const HOSTED_FILES = ["manifest.xml", "manifest.json", "functions.json"];

/** Rewrites https://localhost:3000/ to the hosting base in HOSTED_FILES, after every plugin has emitted them. */
class HostedUrlsPlugin {
  constructor(base) {
    this.base = base;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("HostedUrlsPlugin", (compilation) => {
      compilation.hooks.processAssets.tap({ name: "HostedUrlsPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        for (const file of HOSTED_FILES) {
          if (!compilation.getAsset(file)) {
            compilation.errors.push(new Error(`HostedUrlsPlugin: ${file} was not emitted, so its URLs cannot point at ${this.base}`));
            continue;
          }
          compilation.updateAsset(file, (old) => new sources.RawSource(rewriteAddinUrls(old.source().toString(), this.base, file)));
        }
      });
    });
  }
}

/**
 * The shared runtime page must load office.js before our bundles (they call CustomFunctions.associate).
 * If the task pane's template does not include it, add it as a blocking script ahead of the deferred bundles.
 */
class OfficeJsPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap("OfficeJsPlugin", (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTags.tap("OfficeJsPlugin", (data) => {
        if (data.outputName === "taskpane.html" && !fs.readFileSync(TASKPANE_TEMPLATE, "utf8").includes("office.js")) {
          data.assetTags.scripts.unshift(HtmlWebpackPlugin.createHtmlTagObject("script", { src: OFFICE_JS }));
        }
        return data;
      });
    });
  }
}

/** Fails the build when an emitted page lost its Content-Security-Policy or holds something inline that it refuses. */
class CspCheckPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap("CspCheckPlugin", (compilation) => {
      compilation.hooks.processAssets.tap({ name: "CspCheckPlugin", stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        for (const [page, { styles }] of Object.entries(PAGES)) {
          const asset = compilation.getAsset(page);
          if (!asset) continue; // a missing page is reported by whatever should have emitted it
          for (const problem of inlineViolations(asset.source.source().toString(), styles)) {
            compilation.errors.push(new Error(`${page}: ${problem} (Content-Security-Policy, see its <head>)`));
          }
        }
      });
    });
  }
}

/**
 * Headers for the dev server: each page's own policy (the same text as its meta tag) on the page.
 * frame-ancestors, which only a header can set, is left out on purpose: Office on the web frames
 * the pane from hosts it chooses, and the desktop hosts do not frame it at all.
 */
function devServerHeaders() {
  const policies = Object.fromEntries(Object.entries(PAGES).map(([page, { source }]) => [page, pagePolicy(fs.readFileSync(source, "utf8"))]));
  return (req) => {
    const page = path.posix.basename(new URL(req.url ?? "/", "https://localhost").pathname);
    const policy = policies[page];
    return { "Access-Control-Allow-Origin": "*", ...(policy ? { "Content-Security-Policy": policy } : {}) };
  };
}

async function devServerHttps() {
  // Only when serving: it creates and trusts a localhost certificate on first use.
  const devCerts = require("office-addin-dev-certs");
  const { ca, key, cert } = await devCerts.getHttpsServerOptions();
  return { ca, key, cert };
}

module.exports = async (env = {}, argv = {}) => {
  const production = argv.mode === "production";
  const serving = Boolean(env.WEBPACK_SERVE);
  const hostedUrl = resolveAddinUrl(env); // throws a clear message for a bad url
  if (production && !hostedUrl) {
    console.warn(
      `warning: production build without a hosting URL: dist/manifest.xml and functions.json keep ${DEV_URL}.\n` +
        "         Build with  npm run build -- --env url=https://your.host/path/  (or ADDIN_URL=...) to deploy.",
    );
  } else if (!production && hostedUrl) {
    console.warn(`note: the hosting URL ${hostedUrl} applies to production builds only; this build keeps ${DEV_URL}.`);
  }

  return {
    // Never an eval-* devtool (webpack's development default): the pages' policy has no 'unsafe-eval'.
    devtool: production ? false : "source-map",
    entry: {
      functions: FUNCTIONS_SOURCE,
      taskpane: "./src/taskpane/taskpane.ts",
    },
    // The pane carries the whole engine (sizeDesign, the layout, the template it writes, the formula
    // evaluator) and the calculator workbook's reader (its zip): 471 KiB minified in early December 2026,
    // 554 KiB once the rule sets (each rule's words and sources, for the Design sheet's walk) and the
    // design at fewer copies came in — past webpack's 244 KiB hint. A budget of our own, some 15% above,
    // so growth still fails the build and is weighed when it does.
    performance: { maxAssetSize: 640 * 1024, maxEntrypointSize: 640 * 1024 },
    output: {
      path: path.resolve(__dirname, "dist"),
      filename: "[name].js",
      clean: true,
    },
    resolve: { extensions: [".ts", ".js"] },
    module: {
      rules: [
        {
          test: /\.ts$/,
          exclude: /node_modules/,
          loader: "ts-loader",
          options: {
            configFile: path.resolve(__dirname, "tsconfig.json"),
            // Type-check what the bundle contains, not the tests or the Node-only parts.
            onlyCompileBundledFiles: true,
            // ES2017 syntax keeps older Office webviews working; ES modules let webpack tree-shake.
            compilerOptions: { target: "ES2017", module: "ES2020", sourceMap: !production },
          },
        },
      ],
    },
    plugins: [
      // The pane shows the add-in's version (src/taskpane/taskpane.ts).
      new DefinePlugin({ __ADDIN_VERSION__: JSON.stringify(require("./package.json").version) }),
      new CustomFunctionsMetadataPlugin({ input: FUNCTIONS_SOURCE, output: "functions.json" }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: TASKPANE_TEMPLATE,
        chunks: ["functions", "taskpane"],
      }),
      new OfficeJsPlugin(),
      new CspCheckPlugin(),
      new CopyWebpackPlugin({
        patterns: [
          { from: "src/help/*", to: "[name][ext]" },
          { from: "src/taskpane/taskpane.css", to: "taskpane.css" },
          { from: "assets/*.png", to: "assets/[name][ext]" },
          { from: "manifest.xml", to: "manifest.xml" },
          { from: "manifest.json", to: "manifest.json" },
        ],
      }),
      ...(production && hostedUrl ? [new HostedUrlsPlugin(hostedUrl)] : []),
    ],
    devServer: {
      port: DEV_PORT,
      headers: devServerHeaders(),
      server: serving ? { type: "https", options: await devServerHttps() } : "https",
    },
  };
};
