import type {
  ChoiceDraft,
  CreatorProblemRow,
  CreatorProblemsQuery,
  Language,
  MathType,
  NumeralDraft,
  ProblemDraft,
  ProblemSkill,
  StepDraft,
} from '@kib/core';
import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import type { Models } from '../db/models';
import { AppError } from '../http/errors';
import { readMathTypeRecord, toStoredContent, type StoredMathTypeRecord } from '../problems/math-type-record';
import type { MultipleChoiceEntry } from '../problems/multiple-choice-entry.model';
import type { Numeral } from '../problems/numeral.model';
import type { Step } from '../problems/step.model';

/** Who may change a problem: its author and coauthors, and whether the caller may edit any problem. */
export interface EditAccess {
  authorId: number;
  coauthorIds: number[];
  publishProblem: boolean;
}

/** A problem opened in the creation tool, with what the tool shows beside it. */
export interface LoadedDraft {
  problem: ProblemDraft;
  /** The skills the problem is tied to, in `problem.skillIds`' order. */
  skills: ProblemSkill[];
  authorId: number;
  authorName: string;
  modules: number;
  updatedAt: Date;
}

/** The key of an item saved before the creation tool gave it one: its kind's letter and its id. */
const fallbackKey = (prefix: 'n' | 's' | 'c', id: number) => `${prefix}${String(id).padStart(5, '0')}`;

/** Lower case, without accents: how the table's search compares text (the same in SQL below). */
export function searchFold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
const ACCENTED = 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc';
const fold = (sql: string) => `lower(translate(${sql}, '${ACCENTED}', '${PLAIN}'))`;

/** The columns of a draft's problem, numeral, step and choice that hold stored files' keys. */
export function fileKeysOf(draft: ProblemDraft): string[] {
  const keys = [draft.picture, draft.videoS3];
  for (const n of draft.numerals) {
    keys.push(n.picture, n.hintPicture, n.videoS3, ...n.choices.map((c) => c.picture));
    for (const s of n.steps) keys.push(s.picture, s.videoS3, ...s.choices.map((c) => c.picture));
  }
  return keys.filter((k): k is string => typeof k === 'string');
}

type Owner = { mathType: MathType; data: StoredMathTypeRecord | null };

/** A list of ids as a PostgreSQL array literal, for `CAST(:x AS integer[])` (empty lists included). */
const idArray = (ids: readonly number[]): string => `{${ids.join(',')}}`;

/** The order of the thinkings in the Colombian document, for ORDER BY. */
const THINKING_ORDER = `array_position(ARRAY['numeric','spatial','metric','random','variational']::varchar[], ls.thinking)`;

/**
 * The creator area's reads and writes: the problem table (one statement), a problem in the creation
 * tool's shape, saving a draft in the caller's transaction (changing only what changed), clone and
 * delete.
 */
export class CreationRepository {
  constructor(
    private readonly sequelize: Sequelize,
    private readonly models: Models,
  ) {}

  /** Whether the account may edit any problem (`users.can_edit_any_problem`). */
  async canEditAny(userId: number): Promise<boolean> {
    const rows = await this.sequelize.query<{ ok: boolean }>(
      `SELECT can_edit_any_problem AS ok FROM users WHERE id = :userId`,
      { replacements: { userId }, type: QueryTypes.SELECT },
    );
    return rows[0]?.ok === true;
  }

  async editAccess(problemId: number, transaction?: Transaction): Promise<EditAccess | null> {
    const rows = await this.sequelize.query<{
      authorId: number;
      publishProblem: boolean;
      coauthorIds: number[];
    }>(
      `SELECT p.author_id AS "authorId", p.publish_problem AS "publishProblem",
              COALESCE((SELECT array_agg(c.user_id) FROM problem_coauthors c WHERE c.problem_id = p.id), '{}') AS "coauthorIds"
         FROM problems p WHERE p.id = :problemId`,
      { replacements: { problemId }, type: QueryTypes.SELECT, transaction },
    );
    const row = rows[0];
    return row ? { ...row, coauthorIds: (row.coauthorIds ?? []).map(Number) } : null;
  }

  /**
   * One page of the problem table, newest change first, and the total: published problems, and
   * unpublished ones the caller may see (its author or a coauthor, or all for `seesAll`). One
   * statement; a second only to count when the page is past the end.
   */
  async table(
    caller: { userId: number; canEditAny: boolean; seesAll: boolean },
    query: CreatorProblemsQuery,
  ): Promise<{ rows: CreatorProblemRow[]; total: number }> {
    const where: string[] = [
      `(p.publish_problem OR :seesAll OR :canEditAny OR p.author_id = :userId
        OR EXISTS (SELECT 1 FROM problem_coauthors pc WHERE pc.problem_id = p.id AND pc.user_id = :userId))`,
    ];
    const replacements: Record<string, unknown> = {
      userId: caller.userId,
      canEditAny: caller.canEditAny,
      seesAll: caller.seesAll,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    };
    if (query.mine)
      where.push(`(p.author_id = :userId
        OR EXISTS (SELECT 1 FROM problem_coauthors pc WHERE pc.problem_id = p.id AND pc.user_id = :userId))`);
    if (query.courseId !== undefined) {
      where.push(`(p.course_id = :courseId
        OR p.topic_id IN (SELECT ct.topic_id FROM course_topics ct WHERE ct.course_id = :courseId))`);
      replacements.courseId = query.courseId;
    }
    if (query.topicId !== undefined) {
      where.push(`p.topic_id = :topicId`);
      replacements.topicId = query.topicId;
    }
    if (query.subtopicId !== undefined) {
      where.push(`p.subtopic_id = :subtopicId`);
      replacements.subtopicId = query.subtopicId;
    }
    const q = searchFold(query.q ?? '').trim();
    if (q) {
      where.push(`(${fold('p.title')} LIKE :q ESCAPE '\\' OR ${fold('p.description')} LIKE :q ESCAPE '\\')`);
      replacements.q = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    }
    const filter = where.join(' AND ');
    const rows = await this.sequelize.query<
      CreatorProblemRow & { total: string | number; updatedAt: Date | string }
    >(
      `SELECT p.id, p.title, p.description, p.numeration, p.language,
              p.topic_id AS "topicId", p.subtopic_id AS "subtopicId", p.author_id AS "authorId",
              btrim(u.first_name || ' ' || u.last_name) AS "authorName",
              p.publish_problem AS "publishProblem", p.updated_at AS "updatedAt",
              (SELECT count(*)::int FROM numerals n WHERE n.problem_id = p.id) AS numerals,
              (SELECT count(DISTINCT mp.module_id)::int FROM module_problems mp WHERE mp.problem_id = p.id) AS modules,
              (:canEditAny OR p.author_id = :userId
                OR EXISTS (SELECT 1 FROM problem_coauthors pc WHERE pc.problem_id = p.id AND pc.user_id = :userId)) AS "canEdit",
              count(*) OVER () AS total
         FROM problems p JOIN users u ON u.id = p.author_id
        WHERE ${filter}
        ORDER BY p.updated_at DESC, p.id DESC
        LIMIT :limit OFFSET :offset`,
      { replacements, type: QueryTypes.SELECT },
    );
    let total = Number(rows[0]?.total ?? 0);
    if (rows.length === 0 && query.page > 1) {
      const [count] = await this.sequelize.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM problems p WHERE ${filter}`,
        { replacements, type: QueryTypes.SELECT },
      );
      total = count?.n ?? 0;
    }
    return {
      rows: rows.map(({ total: _total, ...row }) => ({
        ...row,
        authorName: row.authorName || '',
        updatedAt: new Date(row.updatedAt).toISOString(),
      })),
      total,
    };
  }

  /** A problem in the creation tool's shape (answers included), or null. */
  async loadDraft(problemId: number, transaction?: Transaction): Promise<LoadedDraft | null> {
    const { Problem, Numeral, Step, User } = this.models;
    const problem = await Problem.findByPk(problemId, { transaction });
    if (!problem) return null;
    const numerals = await Numeral.findAll({
      where: { problemId },
      include: [{ model: Step, as: 'steps' }],
      order: [
        ['number', 'ASC'],
        ['id', 'ASC'],
        [{ model: Step, as: 'steps' }, 'number', 'ASC'],
        [{ model: Step, as: 'steps' }, 'id', 'ASC'],
      ],
      transaction,
    });
    const steps = numerals.flatMap((n) => n.steps ?? []);
    const choices = await this.choicesOf(
      numerals.map((n) => n.id),
      steps.map((s) => s.id),
      transaction,
    );
    const author = await User.findByPk(problem.authorId, {
      attributes: ['firstName', 'lastName'],
      transaction,
    });
    const [modules] = await this.sequelize.query<{ n: number }>(
      `SELECT count(DISTINCT module_id)::int AS n FROM module_problems WHERE problem_id = :problemId`,
      { replacements: { problemId }, type: QueryTypes.SELECT, transaction },
    );
    const skills = await this.skillsOf(problemId, transaction);
    return {
      problem: {
        id: problem.id,
        title: problem.title,
        description: problem.description,
        language: problem.language,
        courseId: problem.courseId ?? null,
        topicId: problem.topicId,
        subtopicId: problem.subtopicId,
        numeration: problem.numeration ?? null,
        publishProblem: problem.publishProblem,
        calculator: problem.calculator,
        picture: problem.picture ?? null,
        videoS3: problem.videoS3 ?? null,
        numerals: numerals.map((n) => this.numeralDraft(n, choices)),
        skillIds: skills.map((s) => s.id),
      },
      skills,
      authorId: problem.authorId,
      authorName: author ? `${author.firstName} ${author.lastName}`.trim() : '',
      modules: modules?.n ?? 0,
      updatedAt: problem.updatedAt,
    };
  }

  /**
   * The learning-standard skills a problem is tied to, with where each sits, by education system,
   * grade and the document's order.
   */
  async skillsOf(problemId: number, transaction?: Transaction): Promise<ProblemSkill[]> {
    return this.sequelize.query<ProblemSkill>(
      `SELECT s.id, s.learning_standard_id AS "learningStandardId", s.name, s.name_english AS "nameEnglish",
              ls.grade_id AS "gradeId", g.education_system_id AS "educationSystemId"
         FROM problem_skills ps JOIN skills s ON s.id = ps.skill_id
         JOIN learning_standards ls ON ls.id = s.learning_standard_id JOIN grades g ON g.id = ls.grade_id
        WHERE ps.problem_id = :problemId
        ORDER BY g.education_system_id, g.numeration, ${THINKING_ORDER} NULLS LAST, ls.position, ls.id,
                 s.position, s.id`,
      { replacements: { problemId }, type: QueryTypes.SELECT, transaction },
    );
  }

  /**
   * Ties a problem to exactly these skills in `transaction` (the ids checked by {@link checkReferences});
   * answers whether its skills changed.
   */
  private async setSkills(problemId: number, skillIds: readonly number[], transaction: Transaction) {
    const removed = await this.sequelize.query<{ skillId: number }>(
      `DELETE FROM problem_skills
        WHERE problem_id = :problemId AND NOT (skill_id = ANY(CAST(:ids AS integer[])))
        RETURNING skill_id AS "skillId"`,
      { replacements: { problemId, ids: idArray(skillIds) }, type: QueryTypes.SELECT, transaction },
    );
    const added = await this.sequelize.query<{ skillId: number }>(
      `INSERT INTO problem_skills (problem_id, skill_id)
       SELECT :problemId, x FROM unnest(CAST(:ids AS integer[])) AS x
       ON CONFLICT (problem_id, skill_id) DO NOTHING
       RETURNING skill_id AS "skillId"`,
      { replacements: { problemId, ids: idArray(skillIds) }, type: QueryTypes.SELECT, transaction },
    );
    return removed.length > 0 || added.length > 0;
  }

  private async choicesOf(
    numeralIds: number[],
    stepIds: number[],
    transaction?: Transaction,
  ): Promise<Map<string, MultipleChoiceEntry[]>> {
    const map = new Map<string, MultipleChoiceEntry[]>();
    if (numeralIds.length === 0 && stepIds.length === 0) return map;
    const rows = await this.sequelize.query<{ id: number }>(
      `SELECT id FROM multiple_choice_entries
        WHERE numeral_id IN (:numeralIds) OR step_id IN (:stepIds) ORDER BY position, id`,
      {
        replacements: {
          numeralIds: numeralIds.length ? numeralIds : [0],
          stepIds: stepIds.length ? stepIds : [0],
        },
        type: QueryTypes.SELECT,
        transaction,
      },
    );
    const entries = await this.models.MultipleChoiceEntry.findAll({
      where: { id: rows.map((r) => r.id) },
      order: [
        ['position', 'ASC'],
        ['id', 'ASC'],
      ],
      transaction,
    });
    for (const e of entries) {
      const owner = e.numeralId ? `n${e.numeralId}` : `s${e.stepId}`;
      map.set(owner, [...(map.get(owner) ?? []), e]);
    }
    return map;
  }

  private content(owner: Owner, where: string, choices: MultipleChoiceEntry[] | undefined) {
    if (owner.mathType === 'multipleChoice')
      return {
        mathType: owner.mathType,
        data: null,
        choices: (choices ?? []).map((c): ChoiceDraft => ({
          key: c.draftKey ?? fallbackKey('c', c.id),
          id: c.id,
          text: c.text,
          picture: c.picture ?? null,
          correct: c.correct,
        })),
      };
    return {
      mathType: owner.mathType,
      data: readMathTypeRecord(owner.mathType, owner.data, where),
      choices: [],
    };
  }

  private numeralDraft(n: Numeral, choices: Map<string, MultipleChoiceEntry[]>): NumeralDraft {
    return {
      key: n.draftKey ?? fallbackKey('n', n.id),
      id: n.id,
      question: n.question,
      initialHint: n.initialHint ?? null,
      hintPicture: n.hintPicture ?? null,
      picture: n.picture ?? null,
      videoS3: n.videoS3 ?? null,
      calculator: n.calculator,
      answerTests: n.answerTests ?? [],
      steps: (n.steps ?? []).map((s: Step): StepDraft => ({
        key: s.draftKey ?? fallbackKey('s', s.id),
        id: s.id,
        instruction: s.instruction,
        explanation: s.explanation,
        picture: s.picture ?? null,
        videoS3: s.videoS3 ?? null,
        calculator: s.calculator,
        answerTests: s.answerTests ?? [],
        ...this.content(s, `step ${s.id}`, choices.get(`s${s.id}`)),
      })),
      ...this.content(n, `numeral ${n.id}`, choices.get(`n${n.id}`)),
    };
  }

  /**
   * Whether courses, topics, subtopics and skills named by a draft exist, and the subtopic is in the
   * topic.
   */
  async checkReferences(draft: ProblemDraft): Promise<Record<string, string>> {
    const [row] = await this.sequelize.query<{
      course: boolean;
      topic: boolean;
      subtopic: boolean;
      within: boolean;
      skills: boolean;
    }>(
      `SELECT (:courseId::int IS NULL OR EXISTS (SELECT 1 FROM courses WHERE id = :courseId::int)) AS course,
              (:topicId::int IS NULL OR EXISTS (SELECT 1 FROM topics WHERE id = :topicId::int)) AS topic,
              (:subtopicId::int IS NULL OR EXISTS (SELECT 1 FROM subtopics WHERE id = :subtopicId::int)) AS subtopic,
              (:subtopicId::int IS NULL OR :topicId::int IS NULL
                OR EXISTS (SELECT 1 FROM subtopics WHERE id = :subtopicId::int AND topic_id = :topicId::int)) AS within,
              NOT EXISTS (SELECT 1 FROM unnest(CAST(:skillIds AS integer[])) AS x(id)
                           WHERE NOT EXISTS (SELECT 1 FROM skills s WHERE s.id = x.id)) AS skills`,
      {
        replacements: {
          courseId: draft.courseId,
          topicId: draft.topicId,
          subtopicId: draft.subtopicId,
          skillIds: idArray(draft.skillIds ?? []),
        },
        type: QueryTypes.SELECT,
      },
    );
    const errors: Record<string, string> = {};
    if (!row?.course) errors['state.course_id'] = 'validation.reference-unknown';
    if (!row?.topic) errors['state.topic_id'] = 'validation.reference-unknown';
    if (!row?.subtopic) errors['state.subtopic_id'] = 'validation.reference-unknown';
    else if (!row?.within) errors['state.subtopic_id'] = 'validation.subtopic-not-in-topic';
    if (!row?.skills) errors['state.skill_ids'] = 'validation.skill-unknown';
    return errors;
  }

  /**
   * Writes a draft in `transaction`: the problem (new, the caller its author, or the one of
   * `draft.id`), its numerals and steps in the draft's order (number = position), their records and
   * choices. Kept items keep their ids and rows change only where a field changed; items gone are
   * deleted, unless students' results hold them (409 naming the numeral or step). The problem's
   * skills become `draft.skillIds` when the draft names them, and stay as they are when it does not.
   * Coauthors are left as they are. Answers the problem's id.
   */
  async saveDraft(draft: ProblemDraft, authorId: number, transaction: Transaction): Promise<number> {
    const { Problem, Numeral, Step } = this.models;
    const fields = {
      title: draft.title,
      description: draft.description,
      language: draft.language as Language,
      courseId: draft.courseId,
      topicId: draft.topicId,
      subtopicId: draft.subtopicId,
      numeration: draft.numeration,
      publishProblem: draft.publishProblem,
      calculator: draft.calculator,
      picture: draft.picture,
      videoS3: draft.videoS3,
    };
    let changed = false;
    let problem = draft.id
      ? await Problem.findByPk(draft.id, { transaction, lock: transaction.LOCK.UPDATE })
      : null;
    if (draft.id && !problem) throw AppError.notFound();
    if (!problem) {
      problem = await Problem.create({ ...fields, authorId }, { transaction });
    } else {
      problem.set(fields);
      changed = problem.changed() !== false;
      await problem.save({ transaction });
    }
    const problemId = problem.id;
    const stored = await Numeral.findAll({
      where: { problemId },
      include: [{ model: Step, as: 'steps' }],
      transaction,
    });
    const storedById = new Map(stored.map((n) => [n.id, n]));
    const errors: Record<string, { key: string }[]> = {};
    draft.numerals.forEach((n, i) => {
      if (n.id !== null && !storedById.has(n.id))
        errors[`state.numerals.${i}.id`] = [{ key: 'validation.item-unknown' }];
      n.steps.forEach((s, j) => {
        const owner = n.id !== null ? storedById.get(n.id) : undefined;
        if (s.id !== null && !owner?.steps?.some((st) => st.id === s.id))
          errors[`state.numerals.${i}.steps.${j}.id`] = [{ key: 'validation.item-unknown' }];
      });
    });
    if (Object.keys(errors).length > 0) throw AppError.badRequest(errors);

    // What goes: numerals not in the draft, and steps not in their numeral's draft.
    const keptNumerals = new Set(draft.numerals.map((n) => n.id).filter((id): id is number => id !== null));
    const keptSteps = new Set(
      draft.numerals.flatMap((n) => n.steps.map((s) => s.id)).filter((id): id is number => id !== null),
    );
    const goneNumerals = stored.filter((n) => !keptNumerals.has(n.id));
    const goneSteps = stored.flatMap((n) =>
      (n.steps ?? []).filter((s) => !keptSteps.has(s.id)).map((s) => ({ step: s, numeral: n })),
    );
    await this.refuseRemovingResults(goneNumerals, goneSteps, transaction);
    if (goneSteps.length > 0) {
      await Step.destroy({ where: { id: goneSteps.map((g) => g.step.id) }, transaction });
      changed = true;
    }
    if (goneNumerals.length > 0) {
      await Numeral.destroy({ where: { id: goneNumerals.map((n) => n.id) }, transaction });
      changed = true;
    }

    for (const [i, n] of draft.numerals.entries()) {
      const row = await this.upsertItem(
        Numeral,
        n.id === null ? undefined : storedById.get(n.id),
        {
          problemId,
          number: i,
          question: n.question,
          initialHint: n.initialHint,
          hintPicture: n.hintPicture,
          picture: n.picture,
          videoS3: n.videoS3,
          calculator: n.calculator,
          draftKey: n.key,
          answerTests: n.answerTests ?? [],
          ...this.columns(n),
        },
        transaction,
      );
      changed ||= row.changed;
      const numeralChoices = await this.syncChoices(
        { numeralId: row.id, stepId: null },
        n,
        `state.numerals.${i}`,
        transaction,
      );
      changed ||= numeralChoices;
      const storedSteps = new Map((storedById.get(row.id)?.steps ?? []).map((s) => [s.id, s]));
      for (const [j, s] of n.steps.entries()) {
        const step = await this.upsertItem(
          Step,
          s.id === null ? undefined : storedSteps.get(s.id),
          {
            numeralId: row.id,
            number: j,
            instruction: s.instruction,
            explanation: s.explanation,
            picture: s.picture,
            videoS3: s.videoS3,
            calculator: s.calculator,
            draftKey: s.key,
            answerTests: s.answerTests ?? [],
            ...this.columns(s),
          },
          transaction,
        );
        changed ||= step.changed;
        const stepChoices = await this.syncChoices(
          { numeralId: null, stepId: step.id },
          s,
          `state.numerals.${i}.steps.${j}`,
          transaction,
        );
        changed ||= stepChoices;
      }
    }
    if (draft.skillIds !== undefined && (await this.setSkills(problemId, draft.skillIds, transaction)))
      changed = true;
    if (changed && draft.id)
      await this.sequelize.query(`UPDATE problems SET updated_at = now() WHERE id = :problemId`, {
        replacements: { problemId },
        transaction,
      });
    return problemId;
  }

  /** The `math_type` and `data` columns of a draft item (its record checked by its core schema). */
  private columns(item: { mathType: MathType; data: unknown }): {
    mathType: MathType;
    data: StoredMathTypeRecord | null;
  } {
    if (item.mathType === 'multipleChoice' || item.data === null || item.data === undefined)
      return { mathType: item.mathType, data: null };
    return toStoredContent({ mathType: item.mathType, data: item.data } as Parameters<
      typeof toStoredContent
    >[0]).columns;
  }

  private async upsertItem(
    model: typeof Numeral | typeof Step,
    existing: Numeral | Step | undefined,
    values: Record<string, unknown>,
    transaction: Transaction,
  ): Promise<{ id: number; changed: boolean }> {
    if (!existing) {
      const created = await (model as typeof Numeral).create(values as never, { transaction });
      return { id: created.id, changed: true };
    }
    (existing as Numeral).set(values as never);
    const changed = existing.changed() !== false;
    if (changed) await existing.save({ transaction });
    return { id: existing.id, changed };
  }

  /** Makes an item's multiple-choice entries the draft's: kept ones keep their ids; others go. */
  private async syncChoices(
    owner: { numeralId: number; stepId: null } | { numeralId: null; stepId: number },
    item: { mathType: MathType; choices: ChoiceDraft[] },
    path: string,
    transaction: Transaction,
  ): Promise<boolean> {
    const { MultipleChoiceEntry } = this.models;
    const existing = await MultipleChoiceEntry.findAll({
      where: owner.numeralId !== null ? { numeralId: owner.numeralId } : { stepId: owner.stepId },
      transaction,
    });
    const wanted = item.mathType === 'multipleChoice' ? item.choices : [];
    const byId = new Map(existing.map((e) => [e.id, e]));
    let changed = false;
    const kept = new Set<number>();
    for (const [position, choice] of wanted.entries()) {
      const values = {
        position,
        text: choice.text,
        picture: choice.picture,
        correct: choice.correct,
        draftKey: choice.key,
      };
      const row = choice.id !== null ? byId.get(choice.id) : undefined;
      if (choice.id !== null && !row)
        throw AppError.badRequest({
          [`${path}.choices.${position}.id`]: [{ key: 'validation.item-unknown' }],
        });
      if (row) {
        kept.add(row.id);
        row.set(values);
        if (row.changed() !== false) {
          await row.save({ transaction });
          changed = true;
        }
      } else {
        await MultipleChoiceEntry.create({ ...owner, ...values }, { transaction });
        changed = true;
      }
    }
    const gone = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
    if (gone.length > 0) {
      await MultipleChoiceEntry.destroy({ where: { id: gone }, transaction });
      changed = true;
    }
    return changed;
  }

  /** 409 when a numeral or step about to go has students' results (stats or attempts). */
  private async refuseRemovingResults(
    numerals: Numeral[],
    steps: { step: Step; numeral: Numeral }[],
    transaction: Transaction,
  ): Promise<void> {
    if (numerals.length > 0) {
      const rows = await this.sequelize.query<{ id: number }>(
        `SELECT numeral_id AS id FROM stats WHERE numeral_id IN (:ids)
         UNION SELECT numeral_id AS id FROM attempts WHERE numeral_id IN (:ids)`,
        { replacements: { ids: numerals.map((n) => n.id) }, type: QueryTypes.SELECT, transaction },
      );
      const held = numerals
        .filter((n) => rows.some((r) => r.id === n.id))
        .sort((a, b) => a.number - b.number)[0];
      if (held) {
        const message = { key: 'errors.numeral-has-results', params: { numeral: held.number + 1 } };
        throw new AppError(409, 'numeral-has-results', message, { 'state.numerals': [message] });
      }
    }
    if (steps.length > 0) {
      const rows = await this.sequelize.query<{ id: number }>(
        `SELECT DISTINCT step_id AS id FROM attempts WHERE step_id IN (:ids)`,
        { replacements: { ids: steps.map((s) => s.step.id) }, type: QueryTypes.SELECT, transaction },
      );
      const held = steps.find((s) => rows.some((r) => r.id === s.step.id));
      if (held) {
        const message = {
          key: 'errors.step-has-results',
          params: { numeral: held.numeral.number + 1, step: held.step.number + 1 },
        };
        throw new AppError(409, 'step-has-results', message, { 'state.numerals': [message] });
      }
    }
  }

  /** Whether a module or students' results hold the problem (it is then unpublished, never deleted). */
  async isHeld(problemId: number, transaction?: Transaction): Promise<boolean> {
    const [row] = await this.sequelize.query<{ held: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM module_problems WHERE problem_id = :problemId)
           OR EXISTS (SELECT 1 FROM stats s JOIN numerals n ON n.id = s.numeral_id WHERE n.problem_id = :problemId)
           OR EXISTS (SELECT 1 FROM attempts a JOIN numerals n ON n.id = a.numeral_id WHERE n.problem_id = :problemId)
           AS held`,
      { replacements: { problemId }, type: QueryTypes.SELECT, transaction },
    );
    return row?.held === true;
  }

  async unpublish(problemId: number, transaction?: Transaction): Promise<void> {
    await this.sequelize.query(
      `UPDATE problems SET publish_problem = false, updated_at = now() WHERE id = :problemId AND publish_problem`,
      { replacements: { problemId }, transaction },
    );
  }

  /** Records editing time the creation tool reported with a save of `problemId` (creator statistics). */
  async recordEditingTime(
    userId: number,
    problemId: number,
    seconds: number,
    transaction: Transaction,
  ): Promise<void> {
    await this.sequelize.query(
      `INSERT INTO authoring_time (user_id, problem_id, seconds) VALUES (:userId, :problemId, :seconds)`,
      { replacements: { userId, problemId, seconds }, transaction },
    );
  }

  /** Deletes a problem with its numerals, steps and choices (cascades). */
  async destroy(problemId: number, transaction?: Transaction): Promise<void> {
    await this.models.Problem.destroy({ where: { id: problemId }, transaction });
  }

  /**
   * Copies a problem for `authorId`: title + ' (clon)', unpublished, every numeral, step, record and
   * choice, its skills, the same files (stored files never change, so copies share them). Answers the copy's id.
   */
  async clone(problemId: number, authorId: number, transaction: Transaction): Promise<number> {
    const loaded = await this.loadDraft(problemId, transaction);
    if (!loaded) throw AppError.notFound();
    const source = loaded.problem;
    const title = `${source.title.slice(0, 255 - ' (clon)'.length)} (clon)`;
    const copy: ProblemDraft = {
      ...source,
      id: null,
      title,
      publishProblem: false,
      numerals: source.numerals.map((n) => ({
        ...n,
        id: null,
        choices: n.choices.map((c) => ({ ...c, id: null })),
        steps: n.steps.map((s) => ({ ...s, id: null, choices: s.choices.map((c) => ({ ...c, id: null })) })),
      })),
    };
    return this.saveDraft(copy, authorId, transaction);
  }
}
