/** Types for scripts/addin-url.js, so the TypeScript tests can import it. */
export declare const DEV_URL: "https://localhost:3000/";
export declare const MAX_URL_LENGTH: 2048;
export declare function resolveAddinUrl(env?: { url?: unknown }, environment?: { ADDIN_URL?: string }): string | undefined;
/** `text` of the file `fileName` (.xml, .html or .json) with every dev-server URL moved to `base`, escaped for that kind of file. */
export declare function rewriteAddinUrls(text: string, base: string, fileName: string): string;
