import type {
  CoursesAnswer,
  NamedContent,
  NumeralSummary,
  ProblemSummary,
  Subtopic,
  SubtopicProblemsAnswer,
} from '@kib/core';
import { QueryTypes, type Sequelize } from 'sequelize';

/** The course → topic → subtopic tree and the published problems under it (spec 01 "Student dashboard"). */
export class ContentRepository {
  constructor(private readonly sequelize: Sequelize) {}

  private select<T extends object>(sql: string, replacements: Record<string, unknown> = {}): Promise<T[]> {
    return this.sequelize.query<T>(sql, { replacements, type: QueryTypes.SELECT });
  }

  /** Every course (or the demo courses only), by name, with the links to its topics. */
  async courses(options: { demoOnly?: boolean } = {}): Promise<CoursesAnswer> {
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

  /** The topics of a course, or null when there is no such course. */
  async topicsOfCourse(courseId: number): Promise<NamedContent[] | null> {
    const [course] = await this.select<{ id: number }>(`SELECT id FROM courses WHERE id = :courseId`, {
      courseId,
    });
    if (!course) return null;
    return this.select<NamedContent>(
      `SELECT t.id, t.name, t.name_spanish AS "nameSpanish"
         FROM topics t JOIN course_topics ct ON ct.topic_id = t.id
        WHERE ct.course_id = :courseId ORDER BY t.name, t.id`,
      { courseId },
    );
  }

  /** The subtopics of a topic, or null when there is no such topic. */
  async subtopicsOfTopic(topicId: number): Promise<Subtopic[] | null> {
    const [topic] = await this.select<{ id: number }>(`SELECT id FROM topics WHERE id = :topicId`, {
      topicId,
    });
    if (!topic) return null;
    return this.select<Subtopic>(
      `SELECT id, topic_id AS "topicId", name, name_spanish AS "nameSpanish"
         FROM subtopics WHERE topic_id = :topicId ORDER BY name, id`,
      { topicId },
    );
  }

  /** The published problems of a topic or a subtopic, ordered by numeration, with their numerals. */
  async publishedProblems(by: 'topic' | 'subtopic', id: number): Promise<SubtopicProblemsAnswer> {
    const column = by === 'topic' ? 'topic_id' : 'subtopic_id';
    const problems = await this.select<ProblemSummary>(
      `SELECT id, title, description, numeration, topic_id AS "topicId", subtopic_id AS "subtopicId"
         FROM problems WHERE ${column} = :id AND publish_problem ORDER BY id`,
      { id },
    );
    if (problems.length === 0) return { problems, numerals: [] };
    const numerals = await this.select<NumeralSummary>(
      `SELECT id, problem_id AS "problemId", number, question, math_type AS "mathType"
         FROM numerals WHERE problem_id IN (:ids) ORDER BY problem_id, number, id`,
      { ids: problems.map((p) => p.id) },
    );
    return { problems, numerals };
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
