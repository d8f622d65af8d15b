// Builds the widget bundle and the site when they are missing or older than their sources, so
// `npm start` on a fresh clone serves /widgets/ and the site without a separate build step, and a
// changed tree is never served stale.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const LIBRARIES = ['packages/core/src', 'packages/i18n', 'packages/checker/src', 'packages/api-client/src'];
const BUILDS = [
  {
    name: 'the widget bundle',
    output: 'widgets/dist/kib-widgets.js',
    sources: ['widgets/src', 'widgets/vite.config.ts', ...LIBRARIES],
    command: 'npm run build -w widgets',
  },
  {
    name: 'the site',
    output: 'site/dist/index.html',
    sources: [
      'site/src',
      'site/public',
      'site/index.html',
      'site/vite.config.ts',
      'widgets/src',
      ...LIBRARIES,
    ],
    command: 'npm run build -w site',
  },
];

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    if (child.name === 'node_modules' || child.name.startsWith('.')) continue;
    latest = Math.max(latest, newest(path.join(entry, child.name)));
  }
  return latest;
}

for (const build of BUILDS) {
  const built = newest(path.join(root, build.output));
  const sources = Math.max(...build.sources.map((s) => newest(path.join(root, s))));
  if (built < sources) {
    console.log(built ? `${build.name} changed: rebuilding` : `building ${build.name} (first start)`);
    // A bundle is always a production build, whoever asks for it: a test runner's NODE_ENV=test
    // would make Vite build React's development JSX runtime into it.
    execSync(build.command, { cwd: root, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  }
}
