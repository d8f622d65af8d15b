import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { AppError } from './errors';
import { Limiter } from './rate-limit';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.drop());

describe('Limiter', () => {
  it('counts concurrent hits from every pool connection exactly, then blocks with a retry time', async () => {
    const limiter = new Limiter(db.sequelize, { name: 'test-concurrent', points: 60, durationSeconds: 60 });
    const keys = ['a', 'b', 'c', 'd'];
    await Promise.all(Array.from({ length: 60 }, (_, i) => limiter.hit(keys[i % 4]!)));
    const [rows] = await db.sequelize.query(
      `SELECT key, points FROM rate_limits WHERE key LIKE 'test-concurrent:%' ORDER BY key`,
    );
    expect(rows).toEqual(keys.map((k) => ({ key: `test-concurrent:${k}`, points: 15 })));
    const small = new Limiter(db.sequelize, { name: 'test-small', points: 2, durationSeconds: 60 });
    await small.hit('x');
    await small.hit('x');
    const err = await small.hit('x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    await expect(small.check('x')).rejects.toBeInstanceOf(AppError);
    await small.reset('x');
    await expect(small.check('x')).resolves.toBeUndefined();
  });
});
