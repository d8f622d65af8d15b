// Compiles the server for production (ADR 25): the server and its three commands, each one ES
// module of plain JavaScript in dist/ with the workspace packages (@kib/core, @kib/checker,
// @kib/i18n) inside it, so `node dist/main.mjs` needs neither tsx nor the workspaces' TypeScript.
// Every other package stays an import of node_modules, as installed by `npm ci --omit=dev`: native
// modules (sharp, argon2), the embedded database's WebAssembly and workers resolve there as they do
// in development. The build fails when an import is not a runtime dependency of the tool provider.
import { readFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('../', import.meta.url));
const outdir = path.join(here, 'dist');
const ENTRIES = {
  main: 'src/main.ts',
  migrate: 'src/cli/migrate.ts',
  seed: 'src/cli/seed.ts',
  lti: 'src/cli/lti.ts',
};

const manifest = JSON.parse(await readFile(path.join(here, 'package.json'), 'utf8'));
const workspace = (name) => name.startsWith('@kib/');

/** The packages a bare import may come from at run time: the tool provider's, and its workspaces'. */
async function runtimePackages() {
  const names = new Set(Object.keys(manifest.dependencies).filter((name) => !workspace(name)));
  for (const name of Object.keys(manifest.dependencies).filter(workspace)) {
    const file = path.join(here, '..', 'node_modules', name, 'package.json');
    const own = JSON.parse(await readFile(file, 'utf8'));
    for (const dep of Object.keys(own.dependencies ?? {})) if (!workspace(dep)) names.add(dep);
  }
  return names;
}

/** `lodash/fp` → `lodash`, `@aws-sdk/client-s3/x` → `@aws-sdk/client-s3`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const allowed = await runtimePackages();
const strays = new Set();

/** Bare imports other than the workspaces' stay imports of node_modules; each must be a runtime dependency. */
const externals = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (workspace(args.path)) return undefined;
      if (args.path.startsWith('node:') || builtinModules.includes(args.path)) return { external: true };
      if (!allowed.has(packageOf(args.path))) strays.add(`${packageOf(args.path)} (from ${args.importer})`);
      return { external: true };
    });
  },
};

/**
 * Each module's own address, not the bundle's: `new URL('./embedded-worker.mjs', import.meta.url)`
 * and the like go on finding the files beside their source (workers, reference tables, the site's
 * build), so the bundle behaves as the sources do under tsx. `import.meta.dirname` and `filename`
 * would name the bundle's folder instead, so they are refused.
 */
const moduleAddresses = {
  name: 'module-addresses',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, 'utf8');
      if (/import\.meta\.(dirname|filename)\b/.test(text))
        return {
          errors: [
            {
              text: `${path.relative(here, args.path)}: use new URL(…, import.meta.url), which the bundle keeps`,
            },
          ],
        };
      const from = path.relative(outdir, args.path).split(path.sep).join('/');
      return {
        contents: text.replaceAll(
          'import.meta.url',
          `new URL(${JSON.stringify(from)}, import.meta.url).href`,
        ),
        loader: 'ts',
      };
    });
  },
};

const result = await build({
  absWorkingDir: here,
  entryPoints: ENTRIES,
  outdir,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  // Stack traces keep the functions' names; the sources are small next to node_modules.
  minify: false,
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  plugins: [externals, moduleAddresses],
});

if (strays.size > 0) {
  console.error(
    `tool-provider/scripts/build.mjs: imports of packages that are not runtime dependencies of @kib/tool-provider:\n  ${[...strays].join('\n  ')}`,
  );
  process.exit(1);
}
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(
  `built ${Object.keys(ENTRIES)
    .map((e) => `dist/${e}.mjs`)
    .join(', ')} (${Math.round(bytes / 1024)} kB with source maps) for ${pathToFileURL(outdir).pathname}`,
);
