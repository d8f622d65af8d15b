// Builds the widget bundle when it is missing or older than its sources, so `npm start` on a fresh
// clone serves /widgets/ without a separate build step, and a rebuilt tree is never served stale.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bundle = path.join(root, 'widgets/dist/kib-widgets.js');
const SOURCES = [
  'widgets/src',
  'packages/core/src',
  'packages/i18n',
  'packages/checker/src',
  'packages/api-client/src',
];

function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(full) : statSync(full).mtimeMs);
  }
  return latest;
}

let built = 0;
try {
  built = statSync(bundle).mtimeMs;
} catch {
  built = 0;
}
const sources = Math.max(...SOURCES.map((s) => newest(path.join(root, s))));
if (built < sources) {
  console.log(built ? 'widgets changed: rebuilding the bundle' : 'building the widget bundle (first start)');
  execSync('npm run build -w widgets', { cwd: root, stdio: 'inherit' });
}
