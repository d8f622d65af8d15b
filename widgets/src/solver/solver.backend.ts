import type { ApiClient } from '@kib/api-client';
import type { FeedbackMessage, PublicProblem } from '@kib/core';

/** One check of an answer. */
export interface CheckInput {
  numeralId: number;
  /** The step answered, or null for the numeral itself. */
  step: number | null;
  answer: unknown;
  /** Seconds spent since the last attempt (spec 01 "Time tracking"). */
  totalTime: number;
  /** Hints the student has seen for this numeral (weaker evidence for the student model). */
  hintsShown?: number;
}

/** What a check gives back: the console's feedback and whether the step or numeral is now right. */
export interface CheckOutput {
  correct: boolean;
  numeralCompleted: boolean;
  /**
   * The checker's result in the console's feedback shape (spec 02 §3), camelCase from either
   * backend (the API's answer also carries each feedback key's text).
   */
  feedback: unknown;
  /** False when the attempt was checked but not recorded: see `notRecordedBecause`. */
  recorded: boolean;
  /**
   * Why an attempt was not recorded: a passed deadline (also when a backend does not say), or the
   * demo, which has no account to record it for and no deadline.
   */
  notRecordedBecause?: 'deadline-passed' | 'demo';
}

/** A hint: a translatable message or an author's own text. */
export type HintMessage = FeedbackMessage | { text: string };

/** The hints for the current answer, as many as have been asked for. */
export interface HintsOutput {
  hints: HintMessage[];
  picture: string | null;
  exhausted: boolean;
}

/**
 * Where the solver gets problems and checks answers: the API (a logged-in student, an LMS launch) or
 * the browser itself (offline practice with the problem's full data).
 */
export interface SolverBackend {
  /** Loads the problem in its public form. */
  loadProblem(): Promise<PublicProblem>;
  /** Ids of the numerals already completed. */
  completedNumerals(): Promise<number[]>;
  check(input: CheckInput): Promise<CheckOutput>;
  hints(input: CheckInput & { shown: number }): Promise<HintsOutput>;
}

/** The solver against Kib's API: GET problems/{id}/, POST proof/, hints/, getstudentproblemsolutiondata/. */
export class ApiBackend implements SolverBackend {
  private readonly demoProgress: LocalProgress | null;

  /**
   * `demo`: no account — answers go to the demo endpoints (demo problems only, nothing recorded) and
   * progress is kept in the browser.
   */
  constructor(
    private readonly api: ApiClient,
    private readonly problemId: number,
    private readonly extra: { deadlinePassed?: boolean; tempStudentId?: number | null; demo?: boolean } = {},
  ) {
    this.demoProgress = extra.demo ? new LocalProgress(safeLocalStorage(), `kib:demo:${problemId}`) : null;
  }

  async loadProblem(): Promise<PublicProblem> {
    return this.api.endpoints.problem({ params: { id: String(this.problemId) } });
  }

  async completedNumerals(): Promise<number[]> {
    if (this.demoProgress) return this.demoProgress.read();
    if (!this.api.token) return [];
    const { data } = await this.api.endpoints.solutionData({ body: { problemId: this.problemId } });
    return data.filter((d) => d.completed).map((d) => d.numeralId);
  }

  async check(input: CheckInput): Promise<CheckOutput> {
    const proof = this.demoProgress ? this.api.endpoints.demoProof : this.api.endpoints.proof;
    const r = await proof({ body: { ...this.payload(input), shown: input.hintsShown ?? 0 } });
    if (r.numeralCompleted) this.demoProgress?.add(input.numeralId);
    return {
      correct: r.correctAns,
      numeralCompleted: r.numeralCompleted,
      feedback: r.result,
      recorded: r.recorded,
      ...(r.recorded ? {} : { notRecordedBecause: this.demoProgress ? 'demo' : 'deadline-passed' }),
    };
  }

  async hints(input: CheckInput & { shown: number }): Promise<HintsOutput> {
    const hints = this.demoProgress ? this.api.endpoints.demoHints : this.api.endpoints.hints;
    const r = await hints({ body: { ...this.payload(input), shown: input.shown } });
    return {
      hints: r.hints.map((text) => ({ text })),
      picture: r.hintPicture,
      exhausted: r.exhausted,
    };
  }

  private payload(input: CheckInput) {
    return {
      answer: input.answer,
      numeral: input.numeralId,
      currentStep: input.step,
      totalTime: Math.round(input.totalTime),
      deadlinePassed: this.extra.deadlinePassed ?? false,
      tempStudentId: this.extra.tempStudentId ?? null,
    };
  }
}

/** An answer that does not fit its console's shape (an empty or half-made answer). */
export class InvalidAnswerError extends Error {
  constructor() {
    super('invalid answer');
    this.name = 'InvalidAnswerError';
  }
}

/**
 * Progress kept in the browser (localStorage) for one problem: the ids of its completed numerals.
 * Blocked or full storage (private mode, sandboxed iframes) keeps it for the page's life only.
 */
export class LocalProgress {
  private memory: number[] = [];

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null,
    private readonly key: string,
  ) {}

  read(): number[] {
    try {
      const raw = this.storage?.getItem(this.key);
      if (!raw) return [...this.memory];
      const parsed = JSON.parse(raw) as { completed?: unknown };
      return Array.isArray(parsed.completed) ? parsed.completed.filter(Number.isInteger) : [];
    } catch {
      return [...this.memory];
    }
  }

  add(numeralId: number): void {
    const completed = this.read();
    if (!completed.includes(numeralId)) completed.push(numeralId);
    this.memory = completed;
    try {
      this.storage?.setItem(this.key, JSON.stringify({ completed }));
    } catch {
      // Kept in memory above.
    }
  }
}

/** The page's localStorage, or null where it is blocked (a sandboxed frame, private mode). */
export function safeLocalStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
