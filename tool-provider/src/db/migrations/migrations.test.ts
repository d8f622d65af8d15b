// @module-tag embedded: the migrations run on both databases
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from './index';

describe('MIGRATIONS', () => {
  it('lists every migration file of the folder, in name order', async () => {
    const dir = path.dirname(fileURLToPath(import.meta.url));
    const files = (await fs.readdir(dir))
      .filter((f) => /^\d{4}-.+\.ts$/.test(f) && !f.endsWith('.test.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(MIGRATIONS.map((m) => m.name)).toEqual(files);
  });
});
