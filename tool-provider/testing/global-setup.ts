import type { TestProject } from 'vitest/node';
import { buildDatabaseTemplates, TEMPLATES_KEY } from './database-templates';

/**
 * Migrates once per run: builds the migrated and the seeded template on the run's database (see
 * {@link buildDatabaseTemplates}), which every test database then copies, and removes them after
 * the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { templates, remove } = await buildDatabaseTemplates(process.env.DATABASE_URL);
  project.provide(TEMPLATES_KEY, templates);
  return remove;
}
