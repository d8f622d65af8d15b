import type { QueryInterface } from 'sequelize';

/**
 * Phone photos (spec 03 §4): a short-lived link between a solver's problem page and their phone,
 * kept in the database so the phone and the desktop may reach different instances. The row is the
 * link (its single-use phone token spent once `phone_opened_at` is set) and, once the photo arrived,
 * the photo attached to the solver's work on the numeral (a stored picture, and the LaTeX read from
 * it when handwriting recognition is configured).
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  `CREATE TABLE phone_photos (
     id uuid PRIMARY KEY,
     user_id integer NULL REFERENCES users (id) ON DELETE CASCADE,
     temp_student_id integer NULL REFERENCES temp_students (id) ON DELETE CASCADE,
     numeral_id integer NOT NULL REFERENCES numerals (id) ON DELETE CASCADE,
     expires_at timestamptz NOT NULL,
     phone_opened_at timestamptz NULL,
     status varchar(12) NOT NULL DEFAULT 'waiting'
       CHECK (status IN ('waiting', 'connected', 'received', 'failed')),
     failure varchar(40) NULL,
     picture_key varchar(80) NULL REFERENCES media_files (key) ON DELETE SET NULL,
     latex text NULL,
     received_at timestamptz NULL,
     created_at timestamptz NOT NULL DEFAULT now(),
     CHECK ((user_id IS NULL) <> (temp_student_id IS NULL))
   )`,
  `CREATE INDEX phone_photos_numeral_id_idx ON phone_photos (numeral_id)`,
  `CREATE INDEX phone_photos_user_id_idx ON phone_photos (user_id)`,
  `CREATE INDEX phone_photos_temp_student_id_idx ON phone_photos (temp_student_id)`,
];

/** Drops the table. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.query(`DROP TABLE IF EXISTS phone_photos`);
}
