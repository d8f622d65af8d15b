import type {
  CoursesAnswer,
  NamedContent,
  NumeralSummary,
  ProblemSummary,
  Subtopic,
  SubtopicProblemsAnswer,
} from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';

/** The content a demo account is limited to (table `demo_presets`, migration 0020). */
export interface DemoPreset {
  /** The grade, and through it the education system, the preset is for. */
  gradeId: number;
  courseId: number;
  /** A topic of the course. */
  topicId: number;
  /** A subtopic of the topic, or null for the whole topic. */
  subtopicId: number | null;
}

/**
 * What content a caller sees: all of it (a visitor without an account, a temporary student, every
 * account but a demo one), or a demo account's preset only — and nothing at all when no preset is
 * set, so a missing preset never opens everything.
 */
export type ContentScope = { demo: false } | { demo: true; preset: DemoPreset | null };

/** The scope of everybody but a demo account. */
export const ALL_CONTENT: ContentScope = { demo: false };

/** The course → topic → subtopic tree and the published problems under it (spec 01 "Student dashboard"). */
export class ContentRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(sql: string, replacements: Record<string, unknown> = {}): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }

  /**
   * What content an account sees ({@link ContentScope}); null (no account) sees it all. An account
   * that no longer exists is not a demo account.
   */
  async scopeOf(userId: number | null): Promise<ContentScope> {
    if (userId === null) return ALL_CONTENT;
    const [row] = await this.select<{ isDemo: boolean; preset: DemoPreset | null }>(
      `SELECT u.is_demo AS "isDemo",
              (SELECT json_build_object('gradeId', d.grade_id, 'courseId', d.course_id,
                                        'topicId', d.topic_id, 'subtopicId', d.subtopic_id)
                 FROM demo_presets d) AS preset
         FROM users u WHERE u.id = :userId`,
      { userId },
    );
    return row?.isDemo ? { demo: true, preset: row.preset } : ALL_CONTENT;
  }

  /**
   * Whether an account may open a problem: always, but for a demo account, which may open only the
   * published problems of its preset's topic (and subtopic, when the preset names one).
   */
  async accountMayOpen(userId: number, problemId: number): Promise<boolean> {
    const [row] = await this.select<{ ok: boolean }>(
      `SELECT NOT u.is_demo OR EXISTS (
                SELECT 1 FROM demo_presets d
                  JOIN problems p ON p.topic_id = d.topic_id
                                 AND (d.subtopic_id IS NULL OR p.subtopic_id = d.subtopic_id)
                 WHERE p.id = :problemId AND p.publish_problem) AS ok
         FROM users u WHERE u.id = :userId`,
      { userId, problemId },
    );
    return row?.ok ?? true;
  }

  /**
   * Every course (or the demo courses only), by name, with the links to its topics. A demo account
   * gets its preset's course and topic only, whatever `demoOnly` says.
   */
  async courses(options: { demoOnly?: boolean; scope?: ContentScope } = {}): Promise<CoursesAnswer> {
    const scope = options.scope ?? ALL_CONTENT;
    if (scope.demo) {
      if (!scope.preset) return { courses: [], coursesTopics: [] };
      const { courseId, topicId } = scope.preset;
      return {
        courses: await this.select<NamedContent>(
          `SELECT id, name, name_spanish AS "nameSpanish" FROM courses WHERE id = :courseId`,
          { courseId },
        ),
        coursesTopics: await this.select<CoursesAnswer['coursesTopics'][number]>(
          `SELECT course_id AS course, topic_id AS topic FROM course_topics
            WHERE course_id = :courseId AND topic_id = :topicId`,
          { courseId, topicId },
        ),
      };
    }
    const demo = options.demoOnly ? 'WHERE c.in_demo' : '';
    const courses = await this.select<NamedContent>(
      `SELECT c.id, c.name, c.name_spanish AS "nameSpanish" FROM courses c ${demo} ORDER BY c.name, c.id`,
    );
    const coursesTopics = await this.select<CoursesAnswer['coursesTopics'][number]>(
      `SELECT ct.course_id AS course, ct.topic_id AS topic
         FROM course_topics ct JOIN courses c ON c.id = ct.course_id ${demo}
        ORDER BY ct.course_id, ct.topic_id`,
    );
    return { courses, coursesTopics };
  }

  /**
   * The topics of a course, or null when there is no such course (for a demo account: unless it is
   * its preset's course, of which it gets the preset's topic only).
   */
  async topicsOfCourse(courseId: number, scope: ContentScope = ALL_CONTENT): Promise<NamedContent[] | null> {
    const preset = scope.demo ? scope.preset : undefined;
    if (preset === null || (preset && preset.courseId !== courseId)) return null;
    const [course] = await this.select<{ id: number }>(`SELECT id FROM courses WHERE id = :courseId`, {
      courseId,
    });
    if (!course) return null;
    return this.select<NamedContent>(
      `SELECT t.id, t.name, t.name_spanish AS "nameSpanish"
         FROM topics t JOIN course_topics ct ON ct.topic_id = t.id
        WHERE ct.course_id = :courseId ${preset ? 'AND t.id = :topicId' : ''} ORDER BY t.name, t.id`,
      { courseId, topicId: preset?.topicId },
    );
  }

  /**
   * The subtopics of a topic, or null when there is no such topic (for a demo account: unless it is
   * its preset's topic, of which it gets the preset's subtopic only when the preset names one).
   */
  async subtopicsOfTopic(topicId: number, scope: ContentScope = ALL_CONTENT): Promise<Subtopic[] | null> {
    const preset = scope.demo ? scope.preset : undefined;
    if (preset === null || (preset && preset.topicId !== topicId)) return null;
    const [topic] = await this.select<{ id: number }>(`SELECT id FROM topics WHERE id = :topicId`, {
      topicId,
    });
    if (!topic) return null;
    const oneSubtopic = preset?.subtopicId != null;
    return this.select<Subtopic>(
      `SELECT id, topic_id AS "topicId", name, name_spanish AS "nameSpanish"
         FROM subtopics WHERE topic_id = :topicId ${oneSubtopic ? 'AND id = :subtopicId' : ''}
        ORDER BY name, id`,
      { topicId, subtopicId: preset?.subtopicId },
    );
  }

  /**
   * The published problems of a topic or a subtopic, ordered by numeration, with their numerals. For
   * a demo account, only those of its preset (its topic, and its subtopic when it names one), and
   * null when the topic or subtopic asked for is not in the preset.
   */
  async publishedProblems(
    by: 'topic' | 'subtopic',
    id: number,
    scope: ContentScope = ALL_CONTENT,
  ): Promise<SubtopicProblemsAnswer | null> {
    const preset = scope.demo ? scope.preset : undefined;
    if (preset === null) return null;
    if (preset && !(await this.inPreset(preset, by, id))) return null;
    const column = by === 'topic' ? 'topic_id' : 'subtopic_id';
    const limit = preset
      ? `AND topic_id = :topicId ${preset.subtopicId !== null ? 'AND subtopic_id = :subtopicId' : ''}`
      : '';
    const problems = await this.select<ProblemSummary>(
      `SELECT id, title, description, numeration, topic_id AS "topicId", subtopic_id AS "subtopicId"
         FROM problems WHERE ${column} = :id AND publish_problem ${limit} ORDER BY id`,
      { id, topicId: preset?.topicId, subtopicId: preset?.subtopicId },
    );
    if (problems.length === 0) return { problems, numerals: [] };
    const numerals = await this.select<NumeralSummary>(
      `SELECT id, problem_id AS "problemId", number, question, math_type AS "mathType"
         FROM numerals WHERE problem_id IN (:ids) ORDER BY problem_id, number, id`,
      { ids: problems.map((p) => p.id) },
    );
    return { problems, numerals };
  }

  /** Whether a topic or a subtopic is in a demo preset: its topic, or a subtopic of it the preset allows. */
  private async inPreset(preset: DemoPreset, by: 'topic' | 'subtopic', id: number): Promise<boolean> {
    if (by === 'topic') return id === preset.topicId;
    if (preset.subtopicId !== null) return id === preset.subtopicId;
    const rows = await this.select(`SELECT 1 FROM subtopics WHERE id = :id AND topic_id = :topicId`, {
      id,
      topicId: preset.topicId,
    });
    return rows.length === 1;
  }

  /** True when a problem is published and belongs to a topic of a demo course. */
  async isDemoProblem(problemId: number): Promise<boolean> {
    const rows = await this.select<{ id: number }>(
      `SELECT p.id FROM problems p
         JOIN course_topics ct ON ct.topic_id = p.topic_id
         JOIN courses c ON c.id = ct.course_id
        WHERE p.id = :problemId AND p.publish_problem AND c.in_demo
        LIMIT 1`,
      { problemId },
    );
    return rows.length > 0;
  }
}
