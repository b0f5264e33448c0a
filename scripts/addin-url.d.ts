/** Types for scripts/addin-url.js, so the TypeScript tests can import it. */
export declare const DEV_URL: "https://localhost:3000/";
export declare function resolveAddinUrl(env?: { url?: unknown }, environment?: { ADDIN_URL?: string }): string | undefined;
export declare function rewriteAddinUrls(text: string, base: string): string;
