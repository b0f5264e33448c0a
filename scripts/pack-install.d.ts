/** Types for scripts/pack-install.js, so the TypeScript tests can import it. */
export declare function npmEnvironment(environment?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
export declare function copyRepository(root: string, destination: string): void;
export declare function packRepository(root: string, work: string): Promise<{ tarball: string; files: string[]; size: number; unpackedSize: number }>;
export declare function installGlobally(tarball: string, prefix: string): Promise<number>;
export declare function installedPaths(prefix: string, name?: string): { modules: string; packageDir: string; bin: string };
export declare function installedFigures(modules: string): { packages: number; bytes: number; diskBytes: number };
