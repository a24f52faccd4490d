/**
 * Flags every Node process of the portal starts with (package.json scripts, the Dockerfile,
 * scripts/test-all.sh and the processes tests and benchmarks spawn carry the same).
 *
 * --no-memory-protection-keys: on CPUs with memory protection keys (PKU), V8's JIT page registry
 * can lose track of WebAssembly code pages when PGlite instances come and go, and the process
 * aborts with "Check failed: jit_page.has_value()" (nodejs/node#64500, V8 bug 360909072; seen in
 * CI in `npm run admin:create`). Machines without PKU never use the registry, so the flag changes
 * nothing there.
 */
export const NODE_FLAGS = ['--no-memory-protection-keys'];

/** The command line that runs a TypeScript entry point on this Node, as `npm start` does. */
export function typescriptEntry(entry: string): [string, string[]] {
  return [process.execPath, [...NODE_FLAGS, '--import', 'tsx', entry]];
}
