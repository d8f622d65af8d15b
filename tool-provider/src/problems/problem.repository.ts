import type {
  MathType,
  MultipleChoiceEntry as CoreChoice,
  Numeral as CoreNumeral,
  Problem as CoreProblem,
  Step as CoreStep,
} from '@kib/core';
import { Op } from 'sequelize';
import { MATH_TYPE_MODELS, isRecordMathType, type Models } from '../db/models';
import type { MultipleChoiceEntry } from './multiple-choice-entry.model';
import type { Numeral } from './numeral.model';
import type { Step } from './step.model';

const RECORD_META = new Set(['id', 'numeralId', 'stepId', 'createdAt', 'updatedAt']);

/** Who may see a problem that is not published: its author, a coauthor, or an account that edits any. */
export interface ProblemAccess {
  authorId: number;
  coauthorIds: number[];
  publishProblem: boolean;
}

/**
 * Loads problems with their numerals, steps, math-type records and choices, as the core `Problem`
 * (the full, server-side form: targets included). Callers that answer students pass it through
 * `toPublicProblem`.
 */
export class ProblemRepository {
  constructor(private readonly models: Models) {}

  /** The whole problem, numerals and steps in order, or null. */
  async findById(id: number): Promise<CoreProblem | null> {
    const { Problem, Numeral, Step } = this.models;
    const problem = await Problem.findByPk(id, {
      include: [{ model: Numeral, as: 'numerals', include: [{ model: Step, as: 'steps' }] }],
      order: [
        [{ model: Numeral, as: 'numerals' }, 'number', 'ASC'],
        [{ model: Numeral, as: 'numerals' }, 'id', 'ASC'],
        [{ model: Numeral, as: 'numerals' }, { model: Step, as: 'steps' }, 'number', 'ASC'],
        [{ model: Numeral, as: 'numerals' }, { model: Step, as: 'steps' }, 'id', 'ASC'],
      ],
    });
    if (!problem) return null;
    const numerals = problem.numerals ?? [];
    const content = await this.loadContent(
      numerals,
      numerals.flatMap((n) => n.steps ?? []),
    );
    return {
      id: problem.id,
      title: problem.title,
      description: problem.description,
      language: problem.language,
      picture: problem.picture ?? null,
      subtopicId: problem.subtopicId,
      topicId: problem.topicId,
      authorId: problem.authorId,
      numeration: problem.numeration ?? null,
      publishProblem: problem.publishProblem,
      videoS3: problem.videoS3 ?? null,
      calculator: problem.calculator,
      numerals: numerals.map((n) => this.toNumeral(n, content)),
    };
  }

  /** The numeral with its steps and data, and its problem's id and visibility, or null. */
  async findNumeral(
    numeralId: number,
  ): Promise<{ numeral: CoreNumeral; problem: ProblemAccess & { id: number } } | null> {
    const { Numeral, Step, Problem, ProblemCoauthor } = this.models;
    const numeral = await Numeral.findByPk(numeralId, {
      include: [{ model: Step, as: 'steps' }],
      order: [
        [{ model: Step, as: 'steps' }, 'number', 'ASC'],
        [{ model: Step, as: 'steps' }, 'id', 'ASC'],
      ],
    });
    if (!numeral) return null;
    const problem = await Problem.findByPk(numeral.problemId, {
      attributes: ['id', 'authorId', 'publishProblem'],
    });
    if (!problem) return null;
    const coauthors = await ProblemCoauthor.findAll({
      where: { problemId: problem.id },
      attributes: ['userId'],
    });
    const content = await this.loadContent([numeral], numeral.steps ?? []);
    return {
      numeral: this.toNumeral(numeral, content),
      problem: {
        id: problem.id,
        authorId: problem.authorId,
        publishProblem: problem.publishProblem,
        coauthorIds: coauthors.map((c) => c.userId),
      },
    };
  }

  /** Author, coauthors and publication of a problem, or null. */
  async findAccess(problemId: number): Promise<ProblemAccess | null> {
    const { Problem, ProblemCoauthor } = this.models;
    const problem = await Problem.findByPk(problemId, { attributes: ['id', 'authorId', 'publishProblem'] });
    if (!problem) return null;
    const coauthors = await ProblemCoauthor.findAll({ where: { problemId }, attributes: ['userId'] });
    return {
      authorId: problem.authorId,
      publishProblem: problem.publishProblem,
      coauthorIds: coauthors.map((c) => c.userId),
    };
  }

  /** Math-type records and choices of these numerals and steps, keyed `n<id>` / `s<id>`. */
  private async loadContent(numerals: Numeral[], steps: Step[]): Promise<Content> {
    const data = new Map<string, Record<string, unknown>>();
    const choices = new Map<string, CoreChoice[]>();
    const owners = [...numerals, ...steps];
    const types = new Set(owners.map((o) => o.mathType));
    const numeralIds = numerals.map((n) => n.id);
    const stepIds = steps.map((s) => s.id);
    const ownerWhere = {
      [Op.or]: [
        ...(numeralIds.length ? [{ numeralId: numeralIds }] : []),
        ...(stepIds.length ? [{ stepId: stepIds }] : []),
      ],
    };
    if (!numeralIds.length && !stepIds.length) return { data, choices };
    for (const mathType of types) {
      if (!isRecordMathType(mathType)) continue;
      const model = MATH_TYPE_MODELS[mathType] as unknown as {
        findAll(o: object): Promise<{ get(o: { plain: true }): Record<string, unknown> }[]>;
      };
      for (const row of await model.findAll({ where: ownerWhere })) {
        const plain = row.get({ plain: true });
        const key = plain.numeralId ? `n${String(plain.numeralId)}` : `s${String(plain.stepId)}`;
        data.set(key, Object.fromEntries(Object.entries(plain).filter(([k]) => !RECORD_META.has(k))));
      }
    }
    if (types.has('multipleChoice')) {
      const rows: MultipleChoiceEntry[] = await this.models.MultipleChoiceEntry.findAll({
        where: ownerWhere,
        order: [
          ['position', 'ASC'],
          ['id', 'ASC'],
        ],
      });
      for (const r of rows) {
        const key = r.numeralId ? `n${r.numeralId}` : `s${r.stepId}`;
        const list = choices.get(key) ?? [];
        list.push({
          id: r.id,
          position: r.position,
          text: r.text,
          picture: r.picture ?? null,
          correct: r.correct,
          numeralId: r.numeralId ?? null,
          stepId: r.stepId ?? null,
        });
        choices.set(key, list);
      }
    }
    return { data, choices };
  }

  private toNumeral(n: Numeral, content: Content): CoreNumeral {
    return {
      id: n.id,
      problemId: n.problemId,
      number: n.number,
      question: n.question,
      initialHint: n.initialHint ?? null,
      hintPicture: n.hintPicture ?? null,
      picture: n.picture ?? null,
      videoS3: n.videoS3 ?? null,
      calculator: n.calculator,
      steps: (n.steps ?? []).map((s) => this.toStep(s, content)),
      ...mathContent(n.mathType, `n${n.id}`, content),
    } as CoreNumeral;
  }

  private toStep(s: Step, content: Content): CoreStep {
    return {
      id: s.id,
      numeralId: s.numeralId,
      number: s.number,
      instruction: s.instruction,
      explanation: s.explanation,
      picture: s.picture ?? null,
      videoS3: s.videoS3 ?? null,
      calculator: s.calculator,
      ...mathContent(s.mathType, `s${s.id}`, content),
    } as CoreStep;
  }
}

interface Content {
  data: Map<string, Record<string, unknown>>;
  choices: Map<string, CoreChoice[]>;
}

function mathContent(mathType: MathType, key: string, content: Content): Record<string, unknown> {
  if (mathType === 'multipleChoice') return { mathType, choices: content.choices.get(key) ?? [] };
  return { mathType, data: content.data.get(key) ?? null };
}
