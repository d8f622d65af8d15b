/**
 * Kib's student model (ADR 31, docs/adaptive.md): an Elo rating per student and skill with an
 * uncertainty that shrinks with evidence (Pelánek 2016), a difficulty per numeral, and forgetting.
 *
 * - P(correct) = σ(θ̄ − d): θ̄ the mean ability over the numeral's skills (after forgetting), d the
 *   numeral's difficulty.
 * - After a first checked attempt (y = 1 right, 0 wrong) of weight w (or the first of a later day,
 *   at half the weight), each skill's
 *   θ ← θ + K(n)·w·(y − P) with K(n) = a / (1 + b·n), n the skill's evidence (n ← n + w), and the
 *   numeral's d ← d + K'(m)·w·(P − y).
 * - Forgetting: the weight of evidence halves every `halfLifeDays` without evidence, so an
 *   unpractised skill becomes uncertain again and its next answers move it fast; the chance it is
 *   still recalled follows FSRS's forgetting curve ({@link retrievability}), and a mastered skill
 *   whose review is due shows as proficient until it is reviewed.
 *
 * The server runs the same update inside the answer's SQL statement (`stat.repository.ts`, tested
 * against {@link updateAfterAttempt}); this module also serves the practice policy, the bench's
 * replay and the in-browser model of the demo without an account.
 */
export const ADAPTIVE_MODEL = {
  /** Days for the weight of a skill's evidence to halve without practice. */
  halfLifeDays: 30,
  /**
   * K(n) = max(floor, a / (1 + b·n)) for a student's ability: early answers count most, and the
   * floor keeps the estimate following a student who is still learning.
   */
  student: { a: 1.2, b: 0.1, floor: 1 },
  /** K'(m) = a / (1 + b·m) for a numeral's difficulty. */
  numeral: { a: 0.5, b: 0.05 },
  /** The weight of a step's attempt, and of an attempt after hints, against a numeral's own (1). */
  guidedWeight: 0.5,
  /**
   * A numeral tried again is evidence once more after `afterHours` (a review on a later day, not a
   * retry after feedback), at `weight` times its weight.
   */
  repeat: { afterHours: 20, weight: 0.5 },
  /** The predicted success practice aims at. */
  band: { low: 0.7, high: 0.85 },
  /**
   * The levels' thresholds on the chance at a numeral of average difficulty; mastered also needs
   * `masteredEvidence` of evidence.
   */
  levels: { familiar: 0.6, proficient: 0.75, mastered: 0.85, masteredEvidence: 4 },
  /** A review is due once the chance of recall falls below this (FSRS's default desired retention). */
  reviewRetention: 0.9,
} as const;

/** The mastery levels a student sees for a skill, in order. */
export const MASTERY_LEVELS = ['not-started', 'attempted', 'familiar', 'proficient', 'mastered'] as const;
/** A mastery level. */
export type MasteryLevel = (typeof MASTERY_LEVELS)[number];

/** What the model keeps per student and skill. */
export interface SkillState {
  theta: number;
  /** The weight of the evidence so far (1 per numeral's first attempt, less for guided ones). */
  evidence: number;
  /** The weight of the right ones among it. */
  successes: number;
  /** When the last evidence came (ISO text or a Date); null before any. */
  lastEvidenceAt: string | Date | null;
}

/** A skill with no evidence yet. */
export const NEW_SKILL: SkillState = { theta: 0, evidence: 0, successes: 0, lastEvidenceAt: null };

/** What the model keeps per numeral. */
export interface NumeralState {
  difficulty: number;
  evidence: number;
}

const DAY_MS = 86_400_000;

/** The logistic function. */
export function sigmoid(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Days from `since` to `now` (0 when there is no `since`, never negative). */
export function daysSince(since: string | Date | null, now: Date): number {
  if (since === null) return 0;
  const t = typeof since === 'string' ? Date.parse(since) : since.getTime();
  return Number.isFinite(t) ? Math.max(0, (now.getTime() - t) / DAY_MS) : 0;
}

/**
 * A skill's state at `now`: the weight of its evidence forgotten by the half-life, so that the next
 * answers move an unpractised skill's estimate fast again (its ability stays as last estimated; how
 * likely it is still recalled is {@link retrievability}).
 */
export function atTime(state: SkillState, now: Date): SkillState {
  const decay = 0.5 ** (daysSince(state.lastEvidenceAt, now) / ADAPTIVE_MODEL.halfLifeDays);
  return {
    theta: state.theta,
    evidence: state.evidence * decay,
    successes: state.successes * decay,
    lastEvidenceAt: state.lastEvidenceAt,
  };
}

/** The chance of a right first attempt at a numeral from its skills' states (already at time). */
export function predictSuccess(skills: readonly SkillState[], numeral: NumeralState): number {
  const theta = skills.length === 0 ? 0 : skills.reduce((sum, s) => sum + s.theta, 0) / skills.length;
  return sigmoid(theta - numeral.difficulty);
}

/** The model's standard error of an ability after some evidence (1 with none, shrinking as 1/√(1+n)). */
export function uncertainty(evidence: number): number {
  return 1 / Math.sqrt(1 + Math.max(0, evidence));
}

/**
 * A skill's chance at a typical numeral of it (`difficulty`: the mean difficulty of the skill's
 * numerals as the model knows them; 0 before any is known).
 */
export function typicalSuccess(state: SkillState, now: Date, difficulty = 0): number {
  return sigmoid(atTime(state, now).theta - difficulty);
}

/** A skill's level at `now`, from its chance at a typical numeral of it and its evidence. */
export function masteryLevel(state: SkillState, now: Date, difficulty = 0): MasteryLevel {
  const s = atTime(state, now);
  if (state.evidence === 0) return 'not-started';
  const p = sigmoid(s.theta - difficulty);
  const { levels } = ADAPTIVE_MODEL;
  if (p < levels.familiar) return 'attempted';
  if (p < levels.proficient) return 'familiar';
  if (p < levels.mastered || s.evidence < levels.masteredEvidence) return 'proficient';
  // Mastered, but due for review: proficient until the review.
  return retrievability(state, now) < ADAPTIVE_MODEL.reviewRetention ? 'proficient' : 'mastered';
}

/**
 * The chance a skill is still recalled `now`: FSRS's power forgetting curve R = (1 + F·t/S)^C with
 * F = 19/81 and C = −0.5 (R = 0.9 when t = S), the stability S in days growing with the right
 * answers (about 1 day after one, doubling with each further one, as FSRS's "Good" reviews do).
 */
export function retrievability(state: SkillState, now: Date): number {
  if (state.evidence === 0) return 0;
  const stability = 2 ** (Math.max(0, state.successes - 1) / 2);
  return (1 + ((19 / 81) * daysSince(state.lastEvidenceAt, now)) / stability) ** -0.5;
}

/** The step of a student's ability after some evidence: K(n) = max(floor, a / (1 + b·n)). */
export function studentK(evidence: number): number {
  const { a, b, floor } = ADAPTIVE_MODEL.student;
  return Math.max(floor, a / (1 + b * evidence));
}

/** The weight of an attempt as evidence: guided (a step, or after hints) counts less. */
export function evidenceWeight(attempt: { step: boolean; hintsShown: number }): number {
  return attempt.step || attempt.hintsShown > 0 ? ADAPTIVE_MODEL.guidedWeight : 1;
}

/**
 * The states after a first attempt at a numeral: each of its skills' and the numeral's, and the
 * chance the model gave it beforehand. `skills` are the stored states (forgetting is applied here).
 */
export function updateAfterAttempt(
  skills: readonly SkillState[],
  numeral: NumeralState,
  correct: boolean,
  weight: number,
  now: Date,
): { skills: SkillState[]; numeral: NumeralState; predicted: number } {
  const current = skills.map((s) => atTime(s, now));
  const predicted = predictSuccess(current, numeral);
  const y = correct ? 1 : 0;
  const { numeral: item } = ADAPTIVE_MODEL;
  return {
    predicted,
    skills: current.map((s) => ({
      theta: s.theta + studentK(s.evidence) * weight * (y - predicted),
      evidence: s.evidence + weight,
      successes: s.successes + weight * y,
      lastEvidenceAt: now.toISOString(),
    })),
    numeral: {
      difficulty: numeral.difficulty + (item.a / (1 + item.b * numeral.evidence)) * weight * (predicted - y),
      evidence: numeral.evidence + weight,
    },
  };
}
