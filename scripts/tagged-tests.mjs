// Lists the test files under the given folders that carry a vitest tag (`// @module-tag NAME` at the
// top of the file, or `tags: ['NAME']` on a suite or a test), one path a line, for a run of that tag
// alone: `vitest run --tags-filter=NAME $(node scripts/tagged-tests.mjs NAME tool-provider/src)`.
// vitest's tag filter skips the tests of other files, but still imports those files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [tag, ...roots] = process.argv.slice(2);
if (!tag || !/^[\w-]+$/.test(tag) || roots.length === 0) {
  console.error('usage: node scripts/tagged-tests.mjs TAG FOLDER…');
  process.exit(2);
}
const moduleTag = new RegExp(`(//|\\*)\\s*@module-tag\\s+${tag}\\b`);
const testTag = new RegExp(`tags:\\s*\\[[^\\]]*['"]${tag}['"]`);

function* testFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(full);
    else if (/\.test\.tsx?$/.test(entry.name)) yield full;
  }
}

const tagged = roots
  .flatMap((root) => [...testFiles(root)])
  .filter((file) => {
    const text = readFileSync(file, 'utf8');
    return moduleTag.test(text) || testTag.test(text);
  })
  .sort();
if (tagged.length === 0) {
  console.error(`no test file carries the tag ${tag}`);
  process.exit(1);
}
console.log(tagged.join('\n'));
