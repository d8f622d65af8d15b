import {
  ADAPTIVE_MODEL,
  atTime,
  daysSince,
  masteryLevel,
  NEW_SKILL,
  predictSuccess,
  retrievability,
  sigmoid,
  type MasteryLevel,
  type PracticeStatus,
  type SkillState,
} from '@kib/core';

/** A numeral the policy may offer, as the student's model and history see it. */
export interface Candidate {
  problemId: number;
  numeralId: number;
  /** The skills it trains: its own, else its problem's. */
  skills: readonly number[];
  difficulty: number;
  /** The student's attempts at it so far, and when the last one was (null: never). */
  attempts: number;
  lastAttemptAt: string | Date | null;
  completed: boolean;
  /** Its place in the content's order (problem numeration, then numeral number). */
  order: number;
}

/** A skill the policy reasons about. */
export interface SkillInfo {
  id: number;
  /** Its grade's numeration in the standards (lower is taught earlier); null when unknown. */
  grade: number | null;
  position: number;
  /** The skills it requires (explicit prerequisites). */
  requires: readonly number[];
}

/** What the policy decides from. */
export interface PolicyInput {
  /** The skills of the scope asked about (a topic's, a subtopic's or one skill). */
  scope: readonly number[];
  skills: ReadonlyMap<number, SkillInfo>;
  /** The student's stored states (missing: no evidence yet). */
  states: ReadonlyMap<number, SkillState>;
  /** The scope's numerals. */
  candidates: readonly Candidate[];
  /** Numerals outside the scope that train a prerequisite of, or a skill after, the scope's. */
  related: readonly Candidate[];
  /** The numeral the student answered last (never offered again straight away). */
  lastNumeralId: number | null;
  now: Date;
}

/** The reason's sentence: a key of `practice.reason` and its skill parameters. */
export interface PolicyReason {
  key: 'start' | 'practice' | 'easier' | 'review' | 'prerequisite' | 'mastered-next' | 'mastered' | 'empty';
  skill: number | null;
  other: number | null;
  days: number;
}

/** What the policy chose. */
export interface PolicyChoice {
  status: PracticeStatus;
  candidate: Candidate | null;
  predicted: number | null;
  reason: PolicyReason;
  nextSkill: number | null;
}

/** A skill is struggled with once its evidence reaches this and its estimate is below one half. */
const STRUGGLE_EVIDENCE = 2;

const LEVEL_RANK: Record<MasteryLevel, number> = {
  'not-started': 0,
  attempted: 1,
  familiar: 2,
  proficient: 3,
  mastered: 4,
};

/**
 * Chooses what a student practises next (docs/adaptive.md "How Kib chooses"), in this order:
 * 1. a prerequisite, when the student struggles with a scope skill whose prerequisite is not yet
 *    proficient;
 * 2. a review of the scope's most faded proficient or mastered skill, once its recall is due;
 * 3. practice of the first skill, in the curriculum's order, not yet mastered whose prerequisites
 *    are (those in the scope: proficient), the numeral whose predicted success is nearest the band
 *    (70–85 %), new numerals before tried ones;
 * 4. once every scope skill is mastered, "mastered" and a skill that comes after it.
 * The numeral answered last is never chosen.
 */
export function choosePractice(input: PolicyInput): PolicyChoice {
  const { now } = input;
  const state = (id: number) => input.states.get(id) ?? NEW_SKILL;
  const typical = typicalDifficulties([...input.candidates, ...input.related]);
  const level = (id: number) => masteryLevel(state(id), now, typical.get(id) ?? 0);
  const eligible = (c: Candidate) => c.numeralId !== input.lastNumeralId;
  const predicted = (c: Candidate) =>
    predictSuccess(
      c.skills.map((s) => atTime(state(s), now)),
      { difficulty: c.difficulty, evidence: 0 },
    );
  const all = [...input.candidates, ...input.related].filter(eligible);
  const training = (skill: number, pool: readonly Candidate[]) =>
    pool.filter((c) => eligible(c) && c.skills.includes(skill));
  const info = (id: number): SkillInfo =>
    input.skills.get(id) ?? { id, grade: null, position: 0, requires: [] };
  const curriculumOrder = (a: number, b: number) =>
    (info(a).grade ?? 99) - (info(b).grade ?? 99) || info(a).position - info(b).position || a - b;
  const choice = (
    status: PracticeStatus,
    pool: readonly Candidate[],
    reason: Omit<PolicyReason, 'days'> & { days?: number },
    nextSkill: number | null = null,
  ): PolicyChoice | null => {
    const best = bestInBand(pool, predicted, now);
    if (!best) return null;
    return {
      status,
      candidate: best.candidate,
      predicted: best.p,
      reason: { days: 0, ...reason },
      nextSkill,
    };
  };

  const scope = [...new Set(input.scope)].sort(curriculumOrder);
  if (input.candidates.length === 0 && scope.length === 0) return empty();

  // 1. Prerequisites of a skill the student struggles with.
  for (const skill of scope) {
    const s = atTime(state(skill), now);
    if (s.evidence < STRUGGLE_EVIDENCE || sigmoid(s.theta - (typical.get(skill) ?? 0)) >= 0.5) continue;
    for (const pre of [...info(skill).requires].sort(curriculumOrder)) {
      if (LEVEL_RANK[level(pre)] >= LEVEL_RANK.proficient) continue;
      const picked = choice('prerequisite', training(pre, all), { key: 'prerequisite', skill, other: pre });
      if (picked) return picked;
    }
  }

  // 2. The most faded skill the student had made their own.
  const due = scope
    .filter((skill) => LEVEL_RANK[level(skill)] >= LEVEL_RANK.proficient)
    .map((skill) => ({ skill, r: retrievability(state(skill), now) }))
    .filter((d) => d.r < ADAPTIVE_MODEL.reviewRetention)
    .sort((a, b) => a.r - b.r);
  for (const { skill } of due) {
    const days = Math.floor(daysSince(state(skill).lastEvidenceAt, now));
    const picked = choice('review', training(skill, input.candidates), {
      key: 'review',
      skill,
      other: null,
      days,
    });
    if (picked) return picked;
  }

  // 3. What is not mastered yet, prerequisites (within the scope) before what needs them.
  const open = scope.filter((skill) => level(skill) !== 'mastered');
  const ready = open.filter((skill) =>
    info(skill).requires.every(
      (pre) => !open.includes(pre) || LEVEL_RANK[level(pre)] >= LEVEL_RANK.proficient,
    ),
  );
  // The first skill in the curriculum's order that has something to offer is the focus.
  for (const focus of [...ready, ...open.filter((skill) => !ready.includes(skill))]) {
    const best = bestInBand(training(focus, input.candidates), predicted, now);
    if (!best) continue;
    const s = atTime(state(focus), now);
    const key =
      level(focus) === 'not-started'
        ? 'start'
        : s.evidence >= STRUGGLE_EVIDENCE && sigmoid(s.theta - (typical.get(focus) ?? 0)) < 0.5
          ? 'easier'
          : 'practice';
    return {
      status: 'practice',
      candidate: best.candidate,
      predicted: best.p,
      reason: { key, skill: focus, other: null, days: 0 },
      nextSkill: null,
    };
  }

  // Numerals that train no skill: practised by their difficulty alone.
  const untagged = input.candidates.filter((c) => eligible(c) && c.skills.length === 0);
  if (scope.length === 0) {
    const picked = choice('practice', untagged, { key: 'practice', skill: null, other: null });
    return picked ?? empty();
  }

  // 4. Everything mastered: the next skill, one that requires a scope skill or comes after them.
  const mastered = scope.at(-1)!;
  const after = [...input.skills.values()]
    .filter((s) => !scope.includes(s.id) && level(s.id) !== 'mastered')
    .filter((s) => s.requires.some((r) => scope.includes(r)) || training(s.id, input.related).length > 0)
    .map((s) => s.id)
    .sort(
      (a, b) =>
        Number(!info(a).requires.some((r) => scope.includes(r))) -
          Number(!info(b).requires.some((r) => scope.includes(r))) || curriculumOrder(a, b),
    );
  for (const next of after) {
    const picked = choice(
      'mastered',
      training(next, input.related),
      { key: 'mastered-next', skill: mastered, other: next },
      next,
    );
    if (picked) return picked;
  }
  return {
    status: 'mastered',
    candidate: null,
    predicted: null,
    reason: { key: 'mastered', skill: mastered, other: null, days: 0 },
    nextSkill: null,
  };
}

/** The mean difficulty of each skill's numerals, as the model knows them. */
export function typicalDifficulties(candidates: readonly Candidate[]): Map<number, number> {
  const sums = new Map<number, { sum: number; n: number; seen: Set<number> }>();
  for (const c of candidates)
    for (const skill of c.skills) {
      const entry = sums.get(skill) ?? { sum: 0, n: 0, seen: new Set<number>() };
      if (entry.seen.has(c.numeralId)) continue;
      entry.seen.add(c.numeralId);
      entry.sum += c.difficulty;
      entry.n++;
      sums.set(skill, entry);
    }
  return new Map([...sums].map(([skill, { sum, n }]) => [skill, sum / n]));
}

function empty(): PolicyChoice {
  return {
    status: 'empty',
    candidate: null,
    predicted: null,
    reason: { key: 'empty', skill: null, other: null, days: 0 },
    nextSkill: null,
  };
}

/**
 * The candidate to offer: a numeral not tried in the last hours before one that was (a retry then
 * is no evidence), a numeral never tried before one that was, then the one whose predicted success
 * is nearest the band (0 inside it), a numeral not yet done before a done one, fewer attempts
 * first, then the content's order.
 */
export function bestInBand(
  pool: readonly Candidate[],
  predicted: (c: Candidate) => number,
  now: Date,
): { candidate: Candidate; p: number } | null {
  const { low, high } = ADAPTIVE_MODEL.band;
  const recentDays = ADAPTIVE_MODEL.repeat.afterHours / 24;
  let best: { candidate: Candidate; p: number; score: number[] } | null = null;
  for (const candidate of pool) {
    const p = predicted(candidate);
    const distance = p < low ? low - p : p > high ? p - high : 0;
    const recent = candidate.lastAttemptAt !== null && daysSince(candidate.lastAttemptAt, now) < recentDays;
    const score = [
      Number(recent),
      Number(candidate.attempts > 0),
      Math.round(distance * 100),
      Number(candidate.completed),
      candidate.attempts,
      candidate.order,
    ];
    if (!best || lexicographicallyLess(score, best.score)) best = { candidate, p, score };
  }
  return best && { candidate: best.candidate, p: best.p };
}

function lexicographicallyLess(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
