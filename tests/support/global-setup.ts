import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildDatabaseTemplates, TEMPLATES_KEY } from '@kib/tool-provider/testing';
import type { TestProject } from 'vitest/node';
import { buildServerTemplate, SERVER_TEMPLATE_KEY } from './kib-server.ts';

/**
 * Once per end-to-end run: builds the site and the widgets when they are stale, the database
 * templates that in-process servers copy (`createTestDatabase`), and the server template that each
 * suite's `npm start` copies; removes the templates after the run.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  execSync('node scripts/ensure-built.mjs', {
    cwd: fileURLToPath(new URL('../../', import.meta.url)),
    stdio: 'inherit',
  });
  const admin = process.env.DATABASE_URL;
  const [databases, server] = await Promise.all([buildDatabaseTemplates(admin), buildServerTemplate(admin)]);
  project.provide(TEMPLATES_KEY, databases.templates);
  project.provide(SERVER_TEMPLATE_KEY, server.template);
  return async () => {
    await Promise.all([databases.remove(), server.remove()]);
  };
}
