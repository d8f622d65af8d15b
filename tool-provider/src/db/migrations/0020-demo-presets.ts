import type { QueryInterface } from 'sequelize';

/**
 * The content a demo account (`users.is_demo`) is limited to (spec 01 §6, spec 02 §4): one preset of
 * a grade (and so its education system), a course, one topic of that course and, optionally, one
 * subtopic of that topic (null: the whole topic). There is at most one preset (`id` is always 1).
 * The database keeps it coherent: the topic must belong to the course (a `course_topics` link) and
 * the subtopic to the topic; removing any of them removes the preset, and a demo account without a
 * preset sees no content at all rather than all of it.
 */
export async function up({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of UP) await context.sequelize.query(sql, { transaction });
  });
}

const UP = [
  // What the preset's foreign key to its subtopic refers to: a subtopic together with its topic.
  `ALTER TABLE subtopics ADD CONSTRAINT subtopics_id_topic_id_key UNIQUE (id, topic_id)`,
  `CREATE TABLE demo_presets (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  grade_id integer NOT NULL REFERENCES grades (id) ON DELETE CASCADE,
  course_id integer NOT NULL,
  topic_id integer NOT NULL,
  subtopic_id integer NULL,
  CONSTRAINT demo_presets_course_topic_fkey FOREIGN KEY (course_id, topic_id)
    REFERENCES course_topics (course_id, topic_id) ON DELETE CASCADE,
  CONSTRAINT demo_presets_subtopic_fkey FOREIGN KEY (subtopic_id, topic_id)
    REFERENCES subtopics (id, topic_id) ON DELETE CASCADE
)`,
];

/** Drops the preset and the subtopics' constraint it needed. */
export async function down({ context }: { context: QueryInterface }): Promise<void> {
  await context.sequelize.transaction(async (transaction) => {
    for (const sql of [
      `DROP TABLE IF EXISTS demo_presets`,
      `ALTER TABLE subtopics DROP CONSTRAINT IF EXISTS subtopics_id_topic_id_key`,
    ])
      await context.sequelize.query(sql, { transaction });
  });
}
