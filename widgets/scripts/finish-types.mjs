// The declarations of the React library: tsc emits them for widgets/ and the private @kib packages it
// bundles; imports of those packages become relative paths, and dist/lib/index.d.ts points at them.
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const types = path.join(dist, 'types');
const PACKAGES = { core: 'core', i18n: 'i18n', checker: 'checker', 'api-client': 'api-client' };

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.name.endsWith('.d.ts')) yield full;
  }
}

for await (const file of files(types)) {
  const text = await readFile(file, 'utf8');
  const rewritten = text.replace(/(['"])@kib\/([a-z0-9-]+)\1/g, (match, quote, name) => {
    if (!(name in PACKAGES)) return match;
    const target = path.join(types, 'packages', PACKAGES[name], 'src', 'index');
    let relative = path.relative(path.dirname(file), target).split(path.sep).join('/');
    if (!relative.startsWith('.')) relative = `./${relative}`;
    return `${quote}${relative}${quote}`;
  });
  if (rewritten !== text) await writeFile(file, rewritten);
}
// The translation key type is read from the catalogs themselves.
await cp(
  fileURLToPath(new URL('../../packages/i18n/locales', import.meta.url)),
  path.join(types, 'packages/i18n/locales'),
  {
    recursive: true,
  },
);
await writeFile(path.join(dist, 'lib', 'index.d.ts'), "export * from '../types/widgets/src/index';\n");
