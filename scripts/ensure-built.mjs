// Builds the widget bundle, the site and the server's production bundle when they are missing or
// older than their sources, so `npm start` on a fresh clone serves /widgets/ and the site without a
// separate build step, and a changed tree is never served or tested stale. `node
// scripts/ensure-built.mjs widgets` checks one build only (`widgets`, `site`, `server`); `npm start`
// asks for the first two (it runs the server's sources), tests that read a build ask for theirs, so
// a run of the checker's tests builds nothing. Callers at once (two test workers) take turns: the second finds the build fresh.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lockfile from 'proper-lockfile';

const root = fileURLToPath(new URL('../', import.meta.url));
const LIBRARIES = ['packages/core/src', 'packages/i18n', 'packages/checker/src', 'packages/api-client/src'];
const BUILDS = [
  {
    key: 'widgets',
    name: 'the widget bundle',
    output: 'widgets/dist/kib-widgets.js',
    sources: ['widgets/src', 'widgets/vite.config.ts', ...LIBRARIES],
    command: 'npm run build -w widgets',
  },
  {
    key: 'site',
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
  {
    key: 'server',
    name: "the server's production bundle",
    output: 'tool-provider/dist/main.mjs',
    sources: ['tool-provider/src', 'tool-provider/scripts', 'tool-provider/package.json', ...LIBRARIES],
    command: 'npm run build -w tool-provider',
  },
];

/** Tests and stories are never bundled: a change to one rebuilds nothing. */
const NOT_BUILT = /\.(test|stories)\.[cm]?[jt]sx?$|\.test-helpers\.[jt]sx?$/;

function newest(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = 0;
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    if (child.name === 'node_modules' || child.name.startsWith('.') || NOT_BUILT.test(child.name)) continue;
    latest = Math.max(latest, newest(path.join(entry, child.name)));
  }
  return latest;
}

const asked = process.argv.slice(2);
const unknown = asked.filter((key) => !BUILDS.some((build) => build.key === key));
if (unknown.length) {
  console.error(`unknown build: ${unknown.join(', ')} (known: ${BUILDS.map((b) => b.key).join(', ')})`);
  process.exit(2);
}
const lockDir = path.join(root, 'node_modules', '.cache');
mkdirSync(lockDir, { recursive: true });
const release = await lockfile.lock(lockDir, {
  lockfilePath: path.join(lockDir, 'kib-build.lock'),
  // A build takes up to a few minutes on two cores; a dead builder's lock goes stale after 10 s.
  retries: { retries: 600, minTimeout: 500, maxTimeout: 1000 },
  stale: 10_000,
});
try {
  for (const build of BUILDS.filter((b) => asked.length === 0 || asked.includes(b.key))) await ensure(build);
} finally {
  await release();
}

/** Builds `build` when it is older than its sources (asynchronously, so the lock stays fresh). */
async function ensure(build) {
  const built = newest(path.join(root, build.output));
  const sources = Math.max(...build.sources.map((s) => newest(path.join(root, s))));
  if (built < sources) {
    console.log(built ? `${build.name} changed: rebuilding` : `building ${build.name} (first start)`);
    // A bundle is always a production build, whoever asks for it: a test runner's NODE_ENV=test
    // would make Vite build React's development JSX runtime into it.
    const child = spawn(build.command, {
      cwd: root,
      shell: true,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    const code = await new Promise((resolve, reject) => child.once('error', reject).once('exit', resolve));
    if (code !== 0) throw new Error(`${build.command} failed (${code})`);
  }
}
