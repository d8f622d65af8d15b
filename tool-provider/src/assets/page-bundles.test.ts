import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../testing/builds';
import { DEFAULT_SITE_DIR, PAGE_MODULES, pageFiles, type ManifestChunk } from './site-assets';

ensureBuilt('site');
const manifest = JSON.parse(
  fs.readFileSync(path.join(DEFAULT_SITE_DIR, '.vite', 'manifest.json'), 'utf8'),
) as Record<string, ManifestChunk>;

/** The scripts a page's modules load before they run, with the entry's. */
function chunksOf(sources: string[]): string[] {
  return pageFiles(manifest, ['index.html', ...sources]).filter((file) => file.endsWith('.js'));
}

/** The source modules bundled into a chunk, from its source map (the bundler's own runtime has none). */
function modulesOf(file: string): string[] {
  const map = path.join(DEFAULT_SITE_DIR, `${file}.map`);
  if (!fs.existsSync(map)) return [];
  return (JSON.parse(fs.readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/**
 * What a problem page downloads before it is usable, as built by `npm run build -w site`. A phone on a
 * slow link pays for every kilobyte before the student can type, so code only the server, the forms
 * or the staff areas run stays out: zod and the API's schemas (the client calls through the
 * schema-free route table; a problem given as data and the phone-photo dialog load theirs later), and
 * the texts of the staff areas and of English, which load when a page shows them.
 */
describe('the problem pages as built', () => {
  const solvePages = PAGE_MODULES.filter(({ path }) =>
    ['/student/solve', '/demo/student/modules/solve', '/code/student/solve'].some((page) => path.test(page)),
  );

  it('are the three kinds of problem page', () => expect(solvePages).toHaveLength(3));

  it.each(solvePages.map((page) => [String(page.path), page.sources] as const))(
    '%s loads neither zod, nor a schema, nor texts it does not show',
    (_path, sources) => {
      const modules = chunksOf(sources).flatMap(modulesOf);
      expect(modules.some((source) => source.endsWith('/solver/solver.tsx'))).toBe(true);
      expect(modules.some((source) => source.endsWith('/math-console/math-console.tsx'))).toBe(true);
      expect(modules.some((source) => source.endsWith('/i18n/src/catalog.es.ts'))).toBe(true);
      expect(
        modules.filter((source) =>
          /\/node_modules\/zod\/|\.schemas\.ts$|\/catalog\.(staff\.|en)/.test(source),
        ),
      ).toEqual([]);
    },
  );
});
