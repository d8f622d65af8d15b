import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds what a test reads (`site`, `widgets`, the `server`'s production bundle) when it is missing
 * or older than its sources, as `npm start` does (scripts/ensure-built.mjs): test workers asking at
 * once take turns.
 */
export function ensureBuilt(...builds: ('site' | 'widgets' | 'server')[]): void {
  execFileSync(process.execPath, ['scripts/ensure-built.mjs', ...builds], { cwd: ROOT, stdio: 'inherit' });
}
