import type {
  MathType,
  MultipleChoiceEntry as CoreChoice,
  Numeral as CoreNumeral,
  Problem as CoreProblem,
  Step as CoreStep,
} from '@kib/core';
import { Op } from 'sequelize';
import type { Models } from '../db/models';
import { readMathTypeRecord, type StoredMathTypeRecord } from './math-type-record';
import type { MultipleChoiceEntry } from './multiple-choice-entry.model';
import type { Numeral } from './numeral.model';
import type { Step } from './step.model';

/** Who may see a problem that is not published: its author, a coauthor, or an account that edits any. */
export interface ProblemAccess {
  authorId: number;
  coauthorIds: number[];
  publishProblem: boolean;
}

/**
 * Loads problems with their numerals, steps, math-type records and choices, as the core `Problem`
 * (the full, server-side form: targets included). Every record is checked by its core schema on
 * the way out (`readMathTypeRecord`). Callers that answer students pass it through `toPublicProblem`.
 */
export class ProblemRepository {
  constructor(private readonly models: Models) {}

  /** The whole problem, numerals and steps in order, or null. */
  async findById(id: number): Promise<CoreProblem | null> {
    const { Problem, Numeral, Step } = this.models;
    // Only what a core Problem holds: the creation tool's columns (migration 0021) are its own.
    const problem = await Problem.findByPk(id, {
      attributes: { exclude: ['courseId'] },
      include: [
        {
          model: Numeral,
          as: 'numerals',
          attributes: { exclude: ['draftKey', 'answerTests'] },
          include: [{ model: Step, as: 'steps', attributes: { exclude: ['draftKey', 'answerTests'] } }],
        },
      ],
      order: [
        [{ model: Numeral, as: 'numerals' }, 'number', 'ASC'],
        [{ model: Numeral, as: 'numerals' }, 'id', 'ASC'],
        [{ model: Numeral, as: 'numerals' }, { model: Step, as: 'steps' }, 'number', 'ASC'],
        [{ model: Numeral, as: 'numerals' }, { model: Step, as: 'steps' }, 'id', 'ASC'],
      ],
    });
    if (!problem) return null;
    const numerals = problem.numerals ?? [];
    const choices = await this.loadChoices(
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
      numerals: numerals.map((n) => this.toNumeral(n, choices)),
    };
  }

  /** The numeral with its steps and data, and its problem's id and visibility, or null. */
  async findNumeral(
    numeralId: number,
  ): Promise<{ numeral: CoreNumeral; problem: ProblemAccess & { id: number } } | null> {
    const { Numeral, Step, Problem, ProblemCoauthor } = this.models;
    const numeral = await Numeral.findByPk(numeralId, {
      attributes: { exclude: ['draftKey', 'answerTests'] },
      include: [{ model: Step, as: 'steps', attributes: { exclude: ['draftKey', 'answerTests'] } }],
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
    const choices = await this.loadChoices([numeral], numeral.steps ?? []);
    return {
      numeral: this.toNumeral(numeral, choices),
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

  /** The multiple-choice entries of these numerals and steps, in order, keyed `n<id>` / `s<id>`. */
  private async loadChoices(numerals: Numeral[], steps: Step[]): Promise<Choices> {
    const choices: Choices = new Map();
    const numeralIds = numerals.filter((n) => n.mathType === 'multipleChoice').map((n) => n.id);
    const stepIds = steps.filter((s) => s.mathType === 'multipleChoice').map((s) => s.id);
    if (!numeralIds.length && !stepIds.length) return choices;
    const rows: MultipleChoiceEntry[] = await this.models.MultipleChoiceEntry.findAll({
      attributes: { exclude: ['draftKey', 'answerTests'] },
      where: {
        [Op.or]: [
          ...(numeralIds.length ? [{ numeralId: numeralIds }] : []),
          ...(stepIds.length ? [{ stepId: stepIds }] : []),
        ],
      },
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
    return choices;
  }

  private toNumeral(n: Numeral, choices: Choices): CoreNumeral {
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
      steps: (n.steps ?? []).map((s) => this.toStep(s, choices)),
      ...mathContent(n, `numeral ${n.id}`, choices.get(`n${n.id}`)),
    } as CoreNumeral;
  }

  private toStep(s: Step, choices: Choices): CoreStep {
    return {
      id: s.id,
      numeralId: s.numeralId,
      number: s.number,
      instruction: s.instruction,
      explanation: s.explanation,
      picture: s.picture ?? null,
      videoS3: s.videoS3 ?? null,
      calculator: s.calculator,
      ...mathContent(s, `step ${s.id}`, choices.get(`s${s.id}`)),
    } as CoreStep;
  }
}

type Choices = Map<string, CoreChoice[]>;

/** What a numeral or step asks: its math type with its checked record, or with its choices. */
function mathContent(
  owner: { mathType: MathType; data: StoredMathTypeRecord | null },
  where: string,
  choices: CoreChoice[] | undefined,
): Record<string, unknown> {
  const { mathType } = owner;
  if (mathType === 'multipleChoice') return { mathType, choices: choices ?? [] };
  return { mathType, data: readMathTypeRecord(mathType, owner.data, where) };
}
