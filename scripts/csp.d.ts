/** Types for scripts/csp.js, so the TypeScript tests can import it. */
export declare function pagePolicy(html: string): string | undefined;
export declare function parsePolicy(policy: string): Map<string, string[]>;
export declare function inlineViolations(html: string, styleFile: string): string[];
