import {
  MAX_ATTEMPT_SECONDS,
  isModuleActive,
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
import type { ProblemAccess, ProblemRepository } from '../problems/problem.repository';
import { feedbackCodes } from './feedback-codes';
import type { Solver, StatRepository } from './stat.repository';

/** What a temporary (code) student's token may do with one problem right now. */
export interface TempStudentProblemAccess {
  /** The student still exists in their module (a teacher may have removed them). */
  studentExists: boolean;
  /** The problem is a published problem of the student's module. */
  inModule: boolean;
  /** At least one student code of the module (activity or module code) has not expired: attempts are recorded. */
  activityOpen: boolean;
}

/** The solver an attempt is recorded for: the token's account, or its temporary student. */
function solverOf(principal: Principal): Solver {
  return principal.tempStudent ? { tempStudentId: principal.tempStudent.id } : { userId: principal.userId };
}

/** Solving problems: checking attempts, recording stats, giving hints. */
export class SolvingService {
  constructor(
    private readonly deps: {
      problems: ProblemRepository;
      stats: StatRepository;
      /** May the user see unpublished problems (author, coauthor, reviewer, editor of any problem)? */
      canSeeUnpublished: (principal: Principal, access: ProblemAccess) => Promise<boolean>;
      /** Is the problem open to the demo mode (published, in a demo course)? */
      isDemoProblem: (problemId: number) => Promise<boolean>;
      /** May the account open the problem (false for a demo account outside its preset content)? */
      accountMayOpen: (userId: number, problemId: number) => Promise<boolean>;
      /** What a temporary (code) student may do with a problem of their module at `now`. */
      tempStudentAccess: (
        student: { id: number; moduleId: number },
        problemId: number,
        now: Date,
      ) => Promise<TempStudentProblemAccess>;
      /**
       * Told after a recorded attempt completed a numeral of an account's, before the answer leaves
       * (the LTI adapter marks the grade to send back to the student's LMS).
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
    const { numeral, problem, stepIndex, activityOpen } = await this.load(principal, request, now);
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
    };
    let late: boolean;
    if (principal.tempStudent) late = !activityOpen;
    else {
      const assignments = await this.deps.stats.assignments(principal.userId, problem.id);
      late = assignments.length > 0 && assignments.every((a) => !isModuleActive(a.deadline, now));
    }
    let stat: AttemptOutcome['stat'] = { numeralId: numeral.id };
    if (late) await this.deps.stats.logLateAttempt(attempt);
    else stat = await this.deps.stats.recordAttempt({ ...attempt, completed: numeralCompleted });
    if (!late && numeralCompleted && !principal.tempStudent)
      await this.deps.onNumeralCompleted?.(principal, problem.id);
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
  /**
   * Throws unless the caller may answer the numeral, by the rules of an attempt (404 for a numeral
   * they may not see, 401 for a removed temporary student); answers the numeral's problem id.
   */
  async assertMayAnswer(principal: Principal, numeralId: number): Promise<number> {
    const request = { numeral: numeralId, currentStep: null } as AttemptRequest;
    const { problem } = await this.load(principal, request, this.deps.now?.() ?? new Date());
    return problem.id;
  }

  }

  /** The numerals of a problem the caller has completed. */
  async solutionData(principal: Principal, problemId: number): Promise<SolutionData> {
    if (principal.tempStudent) {
      await this.tempStudentProblem(principal.tempStudent, problemId, this.deps.now?.() ?? new Date());
    } else {
      const access = await this.deps.problems.findAccess(problemId);
      if (!access) throw AppError.notFound();
      await this.accountProblem(principal, { id: problemId, ...access });
    }
    return { data: await this.deps.stats.solutionData(solverOf(principal), problemId) };
  }

  /**
   * A temporary student may use only published problems of their module, and only while they exist
   * (a teacher may remove them: their token then stops working).
   */
  private async tempStudentProblem(
    student: { id: number; moduleId: number },
    problemId: number,
    now: Date,
  ): Promise<TempStudentProblemAccess> {
    const access = await this.deps.tempStudentAccess(student, problemId, now);
    if (!access.studentExists) throw AppError.unauthenticated('session-expired', 'errors.session-expired');
    if (!access.inModule) throw AppError.notFound();
    return access;
  }

  private async load(principal: Principal, request: AttemptRequest, now: Date) {
    const found = await this.deps.problems.findNumeral(request.numeral);
    if (!found) throw AppError.notFound();
    if (principal.tempStudent) {
      const access = await this.tempStudentProblem(principal.tempStudent, found.problem.id, now);
      return { ...found, stepIndex: stepIndexOf(request), activityOpen: access.activityOpen };
    }
    await this.accountProblem(principal, found.problem);
    return { ...found, stepIndex: stepIndexOf(request), activityOpen: true };
  }

  /**
   * An account may use a published problem, or a draft it may see, unless it is a demo account and
   * the problem is outside its preset content (spec 01 §6): each answers 404, like a missing problem.
   */
  private async accountProblem(principal: Principal, problem: ProblemAccess & { id: number }): Promise<void> {
    if (!problem.publishProblem && !(await this.deps.canSeeUnpublished(principal, problem)))
      throw AppError.notFound();
    if (!(await this.deps.accountMayOpen(principal.userId, problem.id))) throw AppError.notFound();
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
