/** Types for scripts/release.js, so the TypeScript tests can import it. */
export interface ReleaseOutput {
  stdout: (line: string) => void;
  stderr: (line: string) => void;
}
/** What the release does to the world: the build into a folder, and writing a file whole (a test's own injects a failure). */
export interface ReleaseIO {
  build: (base: string, into: string) => Promise<void>;
  writeFile: (file: string, bytes: Uint8Array) => void;
}
/** `npm run release -- ARGS`: the exit status. */
export declare function release(args: string[], out?: ReleaseOutput, io?: ReleaseIO): Promise<number>;
