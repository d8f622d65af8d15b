import {
  evidenceWeight,
  MAX_ATTEMPT_SECONDS,
  type AttemptOutcome,
  type AttemptRequest,
  type HintOutcome,
  type Numeral,
  type SolutionData,
} from '@kib/core';
import { checkNumeral, numeralHints, type CheckResult, type NumeralCheckRefused } from '@kib/checker';
import { translate, type Language } from '@kib/i18n';
import type { Principal } from '../http/access';
import { AppError } from '../http/errors';
import { seesUnpublished } from '../problems/problem-visibility';
import type { ProblemAccess, ProblemRepository } from '../problems/problem.repository';
import { feedbackCodes } from './feedback-codes';
import type { NumeralCache, NumeralWithProblem } from './numeral-cache';
import type {
  AccountProblemFacts,
  SolvingAccessRepository,
  TempStudentProblemAccess,
} from './solving-access.repository';
import type { Solver, StatRepository } from './stat.repository';

/** The solver an attempt is recorded for: the token's account, or its temporary student. */
function solverOf(principal: Principal): Solver {
  return principal.tempStudent ? { tempStudentId: principal.tempStudent.id } : { userId: principal.userId };
}

/** Solving problems: checking attempts, recording stats, giving hints. */
export class SolvingService {
  constructor(
    private readonly deps: {
      problems: ProblemRepository;
      /** The numerals answers are checked against, kept in memory while the content version holds. */
      numerals: NumeralCache;
      stats: StatRepository;
      /** Each caller's access to a problem and the lateness of an answer, in one statement. */
      access: SolvingAccessRepository;
      /** Is the problem open to the demo mode (published, in a demo course)? */
      isDemoProblem: (problemId: number) => Promise<boolean>;
      /**
       * Told after a recorded attempt completed a numeral of an account's to which an LMS grade is
       * bound, before the answer leaves (the LTI adapter marks the grade to send back to the LMS).
       */
      onNumeralCompleted?: (principal: Principal, problemId: number) => Promise<void>;
      now?: () => Date;
    },
  ) {}

  /**
   * Checks an attempt and records it, unless every assignment of the problem is past its deadline
   * (a temporary student: unless their module's activities have all expired).
   */
  async attempt(principal: Principal, request: AttemptRequest, language: Language): Promise<AttemptOutcome> {
    const now = this.deps.now?.() ?? new Date();
    const { numeral, problem, stepIndex, late } = await this.load(principal, request, now);
    const { answer, result, correct, numeralCompleted } = checked(
      checkNumeral({ numeral, step: stepIndex, answer: request.answer }),
    );
    const seconds = Math.round(Math.min(request.totalTime, MAX_ATTEMPT_SECONDS));
    const attempt = {
      solver: solverOf(principal),
      numeralId: numeral.id,
      stepId: stepIndex === null ? null : (numeral.steps[stepIndex]?.id ?? null),
      correct,
      answer,
      seconds,
      feedbackCodes: feedbackCodes(result, correct),
      weight: evidenceWeight({ step: stepIndex !== null, hintsShown: request.shown }),
    };
    let stat: AttemptOutcome['stat'] = { numeralId: numeral.id };
    let gradesBound = false;
    if (late) await this.deps.stats.logLateAttempt(attempt);
    else
      ({ stat, gradesBound } = await this.deps.stats.recordAttempt({
        ...attempt,
        completed: numeralCompleted,
      }));
    // Only a recorded attempt of an account can have a grade bound (never a code student's).
    if (numeralCompleted && gradesBound) await this.deps.onNumeralCompleted?.(principal, problem.id);
    return {
      correctAns: correct,
      numeralCompleted,
      recorded: !late,
      stat,
      fromBack: true,
      result: localize(result, language),
    };
  }

  /** Checks an attempt on a demo problem, for a visitor without an account: nothing is recorded. */
  async demoAttempt(request: AttemptRequest, language: Language): Promise<AttemptOutcome> {
    const { numeral, stepIndex } = await this.loadDemo(request);
    const { result, correct, numeralCompleted } = checked(
      checkNumeral({ numeral, step: stepIndex, answer: request.answer }),
    );
    return {
      correctAns: correct,
      numeralCompleted,
      recorded: false,
      stat: { numeralId: numeral.id },
      fromBack: true,
      result: localize(result, language),
    };
  }

  /** The next hint(s) for the current answer: the author's first, then generated ones. */
  async hints(principal: Principal, request: AttemptRequest, language: Language): Promise<HintOutcome> {
    const { numeral, stepIndex } = await this.load(principal, request, this.deps.now?.() ?? new Date());
    return this.hintsFor(numeral, stepIndex, request, language);
  }

  /** Hints on a demo problem, for a visitor without an account. */
  async demoHints(request: AttemptRequest, language: Language): Promise<HintOutcome> {
    const { numeral, stepIndex } = await this.loadDemo(request);
    return this.hintsFor(numeral, stepIndex, request, language);
  }

  private hintsFor(
    numeral: Numeral,
    stepIndex: number | null,
    request: AttemptRequest,
    language: Language,
  ): HintOutcome {
    const result = checked(
      numeralHints({ numeral, step: stepIndex, answer: request.answer, shown: request.shown }),
    );
    const messages = result.hints.map((h) =>
      'text' in h ? { text: h.text } : { ...h, text: translate(language, h.key, h.params) },
    );
    return {
      hints: messages.map((m) => m.text),
      hintMessages: messages,
      hintPicture: result.hintPicture,
      startingMath: result.startingMath,
      lineIndex: result.lineIndex,
      initialHint: result.initialHint,
      exhausted: result.exhausted,
    };
  }

  /** The numerals of a problem the caller has completed. */
  async solutionData(principal: Principal, problemId: number): Promise<SolutionData> {
    const now = this.deps.now?.() ?? new Date();
    if (principal.tempStudent) {
      this.tempStudentProblem(await this.deps.access.tempStudent(principal.tempStudent, problemId, now));
    } else {
      const access = await this.deps.problems.findAccess(problemId);
      if (!access) throw AppError.notFound();
      const facts = await this.deps.access.account(principal.userId, problemId, now);
      this.accountProblem(principal, access, facts);
    }
    return { data: await this.deps.stats.solutionData(solverOf(principal), problemId) };
  }

  /**
   * Throws unless the caller may answer the numeral, by the rules of an attempt (404 for a numeral
   * they may not see, 401 for a removed temporary student); answers the numeral's problem id.
   */
  async assertMayAnswer(principal: Principal, numeralId: number): Promise<number> {
    const request = { numeral: numeralId, currentStep: null } as AttemptRequest;
    const { problem } = await this.load(principal, request, this.deps.now?.() ?? new Date());
    return problem.id;
  }

  /**
   * A temporary student may use only published problems of their module, and only while they exist
   * (a teacher may remove them: their token then stops working).
   */
  private tempStudentProblem(access: TempStudentProblemAccess): void {
    if (!access.studentExists) throw AppError.unauthenticated('session-expired', 'errors.session-expired');
    if (!access.inModule) throw AppError.notFound();
  }

  /**
   * The numeral answered, once the caller may use its problem, and whether the answer is late (not
   * recorded for the teacher). Two statements when nothing changed: the caller's access read with
   * the content version, and the cached numeral checked against it; a changed version reads the
   * numeral again.
   */
  private async load(
    principal: Principal,
    request: AttemptRequest,
    now: Date,
  ): Promise<NumeralWithProblem & { stepIndex: number | null; late: boolean }> {
    const cached = await this.deps.numerals.cached(request.numeral);
    if (!cached) throw AppError.notFound();
    const problemId = cached.found.problem.id;
    const facts = principal.tempStudent
      ? await this.deps.access.tempStudent(principal.tempStudent, problemId, now)
      : await this.deps.access.account(principal.userId, problemId, now);
    const found =
      facts.contentVersion === cached.version
        ? cached.found
        : await this.deps.numerals.fresh(request.numeral, facts.contentVersion);
    // A numeral is never moved to another problem; one deleted meanwhile is not found.
    if (!found || found.problem.id !== problemId) throw AppError.notFound();
    let late: boolean;
    if ('studentExists' in facts) {
      this.tempStudentProblem(facts);
      late = !facts.activityOpen;
    } else {
      this.accountProblem(principal, found.problem, facts);
      late = facts.late;
    }
    return { ...found, stepIndex: stepIndexOf(request), late };
  }

  /**
   * An account may use a published problem, or a draft it may see, unless it is a demo account and
   * the problem is outside its preset content (spec 01 §6): each answers 404, like a missing problem.
   */
  private accountProblem(principal: Principal, problem: ProblemAccess, facts: AccountProblemFacts): void {
    if (!problem.publishProblem && !seesUnpublished(principal, problem, facts.editsAny))
      throw AppError.notFound();
    if (!facts.mayOpen) throw AppError.notFound();
  }

  private async loadDemo(request: AttemptRequest) {
    const found = await this.deps.problems.findNumeral(request.numeral);
    if (!found || !(await this.deps.isDemoProblem(found.problem.id))) throw AppError.notFound();
    return { ...found, stepIndex: stepIndexOf(request) };
  }
}

/** The step an attempt answers: null (or -1, the old clients' way) for the numeral itself. */
function stepIndexOf(request: AttemptRequest): number | null {
  return request.currentStep === null || request.currentStep < 0 ? null : request.currentStep;
}

/** The checker's outcome, or the error answered when it could not check the answer. */
function checked<T extends { ok: true }>(outcome: T | NumeralCheckRefused): T {
  if (outcome.ok) return outcome;
  switch (outcome.error) {
    case 'step-not-found':
      throw AppError.badRequest({ current_step: [{ key: 'validation.invalid' }] });
    case 'answer-invalid':
      throw AppError.badRequest({ answer: [{ key: 'validation.invalid' }] });
    case 'problem-incomplete':
      throw new AppError(409, 'conflict', { key: 'errors.problem-incomplete' });
  }
}

/**
 * Adds the reader's text beside every feedback key of a checker result: `{key, params}` objects get
 * `text`, and a plot feedback's `feedbacks` key gets `feedbacksText`.
 */
export function localize(result: CheckResult | unknown, language: Language): unknown {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(o)) out[k] = walk(val);
    if (typeof o.key === 'string' && o.key.startsWith('feedback.')) {
      out.text = translate(language, o.key, (o.params as Record<string, unknown>) ?? {});
    }
    if (typeof o.feedbacks === 'string' && o.feedbacks.startsWith('feedback.')) {
      out.feedbacksText = translate(language, o.feedbacks);
    }
    return out;
  };
  return walk(result);
}
