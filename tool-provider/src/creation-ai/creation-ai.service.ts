import fs from 'node:fs/promises';
import {
  generatedProblemJsonSchema,
  GeneratedProblemSchema,
  ProblemDraftSchema,
  shortId,
  type AiProblemAnswer,
  type AiProblemData,
  type GeneratedProblem,
  type ProblemDraft,
} from '@kib/core';
import { AppError } from '../http/errors';
import type { Principal } from '../http/access';
import type { UploadedFile } from '../http/multipart';
import type { Limiter } from '../http/rate-limit';
import type { Logger } from '../logger';
import { authoringChecks } from '../creation/authoring-checks';
import type { AiContentPart, AiModel } from './ai-model';

/** How the AI creation service is made: no model means AI creation is not configured. */
export interface CreationAiServiceDeps {
  model: AiModel | null;
  /** The hourly allowance of generations per creator, counted in the database. */
  limiter: Limiter | null;
  logger: Logger;
}

const LANGUAGE_NAMES = { es: 'Spanish', en: 'English' } as const;

/** What the model is told once: the shape of the answer is its JSON schema, these are its rules. */
const SYSTEM_PROMPT = [
  'You write mathematics exercises for Kib, a platform where students solve them step by step.',
  'Answer only with JSON that follows the given schema: a problem with a title, a description and numerals.',
  'Each numeral has a question, an optional initial hint, optional steps, a math type and that math type’s record.',
  'Write mathematics in LaTeX; inside text fields put it between dollar signs.',
  'Every target, solution and correct choice must be mathematically right: an automatic checker verifies each one.',
  'Write every text in the requested language.',
].join(' ');

/** Turns a generated numeral's or step's content into the draft's: keys for new items, empty files. */
function draftContent(
  item: GeneratedProblem['numerals'][number] | GeneratedProblem['numerals'][number]['steps'][number],
) {
  const content = item as {
    mathType: string;
    data?: unknown;
    choices?: { text: string; correct: boolean }[];
  };
  if (content.mathType === 'multipleChoice')
    return {
      mathType: content.mathType,
      data: null,
      choices: (content.choices ?? []).map((c) => ({
        key: shortId(8),
        id: null,
        text: c.text,
        picture: null,
        correct: c.correct,
      })),
    };
  return { mathType: content.mathType, data: content.data ?? null, choices: [] };
}

/** The generated problem as a new, unpublished draft of the creation tool; null when it is not a valid draft. */
export function generatedDraft(
  generated: GeneratedProblem,
  language: AiProblemData['language'],
): ProblemDraft | null {
  const parsed = ProblemDraftSchema.safeParse({
    id: null,
    title: generated.title,
    description: generated.description,
    language,
    courseId: null,
    topicId: null,
    subtopicId: null,
    numeration: null,
    publishProblem: false,
    calculator: false,
    picture: null,
    videoS3: null,
    numerals: generated.numerals.map((n) => ({
      key: shortId(8),
      id: null,
      question: n.question,
      initialHint: n.initialHint,
      hintPicture: null,
      picture: null,
      videoS3: null,
      calculator: false,
      ...draftContent(n),
      steps: n.steps.map((s) => ({
        key: shortId(8),
        id: null,
        instruction: s.instruction,
        explanation: s.explanation,
        picture: null,
        videoS3: null,
        calculator: false,
        ...draftContent(s),
      })),
    })),
  });
  return parsed.success ? (parsed.data as ProblemDraft) : null;
}

/** The creator's request in words for the model: only what the creator typed, nothing of any student. */
function requestText(data: AiProblemData, withPicture: boolean): string {
  const lines = [
    `Topic: ${data.topicName}.`,
    `Subtopic: ${data.subTopicName}.`,
    `Language of every text: ${LANGUAGE_NAMES[data.language]}.`,
  ];
  if (data.newExercise) lines.push(`Create a new exercise: ${data.problemPrompt}`);
  else {
    lines.push(
      withPicture
        ? 'Transcribe the exercise of the picture into Kib’s format, with its answers.'
        : 'Transcribe this exercise into Kib’s format, with its answers.',
    );
    if (data.description) lines.push(`Its statement: ${data.description}`);
    if (data.numeralQuestions.length > 0)
      lines.push(`Its numerals:\n${data.numeralQuestions.map((q, i) => `${i + 1}. ${q}`).join('\n')}`);
    if (data.problemPrompt) lines.push(`Also: ${data.problemPrompt}`);
  }
  return lines.join('\n');
}

/** One generation as it waits in the queue: who asked, what for, and the exercise's picture. */
export interface AiRequest {
  userId: number;
  data: AiProblemData;
  /** The picture as a data URL (`data:image/png;base64,…`), or null. */
  picture: string | null;
}

/**
 * AI-assisted creation (spec 02 §7 create_ai_problem/): the creator's request goes to the configured
 * model, its answer is parsed with the core schemas into a draft, and every numeral and step is run
 * through the authoring checks — the checker's verdict, with its reason, comes back beside the draft.
 * `admit` takes a request in (the caller waits for it); `generate` runs it (a job's worker does).
 */
export class CreationAiService {
  private readonly jsonSchema = generatedProblemJsonSchema();

  constructor(private readonly deps: CreationAiServiceDeps) {}

  /**
   * Checks a creator's request and spends one of their generations of the hour: 503 without a model,
   * 400 for a picture the model does not read, 429 past the allowance. Answers what `generate` needs.
   */
  async admit(principal: Principal, data: AiProblemData, files: UploadedFile[]): Promise<AiRequest> {
    const { model, limiter } = this.deps;
    if (!model) throw new AppError(503, 'ai-not-configured');
    const picture = files[0];
    if (picture && picture.ext !== 'png' && picture.ext !== 'jpg')
      throw AppError.badRequest({ [picture.field]: [{ key: 'validation.ai-picture-type' }] });
    if (limiter) await this.spend(limiter, principal.userId);
    if (!picture) return { userId: principal.userId, data, picture: null };
    const bytes = await fs.readFile(picture.path);
    const mime = picture.ext === 'png' ? 'image/png' : 'image/jpeg';
    return { userId: principal.userId, data, picture: `data:${mime};base64,${bytes.toString('base64')}` };
  }

  /**
   * Asks the model for the problem and checks it. Throws the model's failure (503 busy, 504 timeout,
   * 502 failed) or 502 `ai-output-invalid` for an answer that is not a problem.
   */
  async generate({ userId, data, picture }: AiRequest): Promise<AiProblemAnswer> {
    const { model, logger } = this.deps;
    if (!model) throw new AppError(503, 'ai-not-configured');
    const user: AiContentPart[] = [{ type: 'text', text: requestText(data, Boolean(picture)) }];
    if (picture) user.push({ type: 'image', dataUrl: picture });
    const started = Date.now();
    let text: string;
    try {
      text = await model.generate({
        system: SYSTEM_PROMPT,
        user,
        schemaName: 'kib_problem',
        jsonSchema: this.jsonSchema,
      });
    } catch (err) {
      // What failed and how long it took; never the creator's words.
      const cause = err instanceof AppError ? (err.cause as { status?: number } | undefined) : undefined;
      logger.warn(
        {
          userId,
          ms: Date.now() - started,
          code: err instanceof AppError ? err.code : 'error',
          upstreamStatus: cause?.status,
        },
        'the AI model did not give a problem',
      );
      throw err;
    }
    const generated = GeneratedProblemSchema.safeParse(parseJson(text));
    const draft = generated.success ? generatedDraft(generated.data, data.language) : null;
    if (!draft) {
      logger.warn(
        { userId, issues: generated.success ? 'draft' : generated.error.issues.slice(0, 5) },
        'the AI model answered something that is not a problem',
      );
      throw new AppError(502, 'ai-output-invalid');
    }
    const checks = authoringChecks(draft);
    logger.info(
      {
        userId,
        ms: Date.now() - started,
        numerals: draft.numerals.length,
        failing: checks.filter((c) => !c.ok).length,
      },
      'AI problem generated',
    );
    return { problem: draft, checks };
  }

  /** Spends one of the creator's generations of the hour; 429 `ai-hourly-limit` when none is left. */
  private async spend(limiter: Limiter, userId: number): Promise<void> {
    try {
      await limiter.hit(`creator:${userId}`);
    } catch (err) {
      if (err instanceof AppError && err.status === 429)
        throw new AppError(
          429,
          'ai-hourly-limit',
          {
            key: 'errors.ai-hourly-limit',
            params: { max: limiter.policy.points, minutes: err.detail.params?.minutes ?? 60 },
          },
          undefined,
          err.headers,
        );
      throw err;
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
