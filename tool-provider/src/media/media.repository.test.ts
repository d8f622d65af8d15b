import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../testing/fixtures';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { MediaRepository } from './media.repository';

let db: TestDatabase;
let repo: MediaRepository;

beforeAll(async () => {
  db = await createTestDatabase();
  repo = new MediaRepository(db.sequelize);
});

afterAll(async () => {
  await db?.drop();
});

const picture = (n: number) => `pictures/${String(n).repeat(32).slice(0, 32)}.jpg`;

describe('MediaRepository.referenced', () => {
  it("keeps a picture a problem or a student's phone photo names, and only those", async () => {
    for (const n of [1, 2, 3])
      await repo.insert({
        key: picture(n),
        kind: 'picture',
        contentType: 'image/jpeg',
        size: 10,
        checked: true,
        createdBy: null,
      });
    const student = await insertUser(db.sequelize, { email: 'photo@media.test' });
    const [problem] = await db.sequelize.query<{ id: number }>(
      `INSERT INTO problems (title, author_id, publish_problem, picture) VALUES ('P', :student, true, :key) RETURNING id`,
      { replacements: { student, key: picture(1) }, type: QueryTypes.SELECT },
    );
    const [numeral] = await db.sequelize.query<{ id: number }>(
      `INSERT INTO numerals (problem_id, number, math_type, question) VALUES (:problem, 1, 'solve', 'q') RETURNING id`,
      { replacements: { problem: problem!.id }, type: QueryTypes.SELECT },
    );
    await db.sequelize.query(
      `INSERT INTO phone_photos (id, user_id, numeral_id, expires_at, status, picture_key, received_at)
       VALUES (gen_random_uuid(), :student, :numeral, now(), 'received', :key, now())`,
      { replacements: { student, numeral: numeral!.id, key: picture(2) } },
    );
    expect([...(await repo.referenced([picture(1), picture(2), picture(3)]))].sort()).toEqual([
      picture(1),
      picture(2),
    ]);
  });
});
