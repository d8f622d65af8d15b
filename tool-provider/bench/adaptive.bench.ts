/**
 * The student model and the practice policy checked offline (issue 35, docs/adaptive.md "How to
 * check it"): simulated students with known skills, learning and forgetting practise a module of
 * skills with prerequisites, once with Kib's policy and once in the module's fixed order. Every
 * first attempt is predicted from the past only, by Kib's model and by baselines; the report gives
 * AUC, log loss and expected calibration error, overall, for the first three attempts per skill
 * (cold start) and for the later half of the time, and the problems each student needs to reach
 * mastery under each policy. `SEED`, `STUDENTS` and `SKILLS` in the environment change the run.
 */
import {
  ADAPTIVE_MODEL,
  NEW_SKILL,
  atTime,
  predictSuccess,
  sigmoid,
  updateAfterAttempt,
  type NumeralState,
  type SkillState,
} from '@kib/core';
import { choosePractice, type Candidate, type SkillInfo } from '../src/adaptive/policy';

const SEED = Number(process.env.SEED ?? 7);
const STUDENTS = Number(process.env.STUDENTS ?? 300);
const STRANDS = 3;
const SKILLS_PER_STRAND = Number(process.env.SKILLS ?? 4);
const NUMERALS_PER_SKILL = 15;
const ATTEMPTS_PER_SESSION = 10;
const MAX_ATTEMPTS = 800;
/** True mastery: the chance at a numeral of average difficulty, as the model's mastered level. */
const TRUE_MASTERY = ADAPTIVE_MODEL.levels.mastered;
const DAY = 86_400_000;

/** A small deterministic generator (mulberry32) and a normal draw from it. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const normal = () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next());
  return { next, normal };
}

/** The simulated curriculum: strands of skills, each requiring the one before it. */
interface World {
  skills: SkillInfo[];
  numerals: { id: number; skill: number; difficulty: number; order: number }[];
}

function world(seed: number): World {
  const r = random(seed);
  const skills: SkillInfo[] = [];
  const numerals: World['numerals'] = [];
  for (let strand = 0; strand < STRANDS; strand++)
    for (let k = 0; k < SKILLS_PER_STRAND; k++) {
      const id = strand * SKILLS_PER_STRAND + k + 1;
      skills.push({ id, grade: 6 + k, position: strand, requires: k === 0 ? [] : [id - 1] });
    }
  let order = 0;
  // The module's fixed order: skill by skill as the curriculum lists them, easy to hard within one.
  for (const skill of [...skills].sort((a, b) => a.grade! - b.grade! || a.position - b.position)) {
    const ds = Array.from({ length: NUMERALS_PER_SKILL }, () => 0.9 * r.normal()).sort((a, b) => a - b);
    for (const difficulty of ds)
      numerals.push({ id: numerals.length + 1, skill: skill.id, difficulty, order: order++ });
  }
  return { skills, numerals };
}

/**
 * A simulated student (the generative model, docs/adaptive.md): a true ability per skill, lower
 * the further into a strand; each attempt teaches (most at a numeral of about even chance, less
 * while the skill's prerequisite is weak); what was learnt above the start fades between sessions
 * (which come every one to three days) along a power forgetting curve whose stability starts at
 * five days and grows each time the skill is practised again on a later day, more after a longer
 * gap (the spacing effect).
 */
interface TrueStudent {
  theta: Map<number, number>;
  start: Map<number, number>;
  stability: Map<number, number>;
  lastPractice: Map<number, number>;
  learning: number;
}

function student(w: World, seed: number): TrueStudent {
  const r = random(seed);
  const base = 0.8 * r.normal() - 0.3;
  const theta = new Map<number, number>();
  for (const s of w.skills) theta.set(s.id, base - 0.5 * (s.grade! - 6) + 0.5 * r.normal());
  return {
    theta,
    start: new Map(theta),
    stability: new Map(w.skills.map((s) => [s.id, 5])),
    lastPractice: new Map(),
    learning: 0.22 * Math.exp(0.35 * r.normal()),
  };
}

interface Prediction {
  p: Record<Baseline, number>;
  y: number;
  cold: boolean;
  day: number;
}
const BASELINES = ['kib', 'global', 'numeral', 'student', 'pfa'] as const;
type Baseline = (typeof BASELINES)[number];

/** Running means and an online PFA (a logistic model on a skill's successes and failures). */
class Baselines {
  private global = { n: 1, right: 0.5 };
  private numerals = new Map<number, { n: number; right: number }>();
  private students = new Map<number, { n: number; right: number }>();
  private pfa = { beta: new Map<number, number>(), gamma: 0.1, rho: -0.05, rate: 0.02 };

  predict(studentId: number, numeralId: number, skill: number, counts: { s: number; f: number }) {
    const mean = (m: { n: number; right: number } | undefined, prior: number) =>
      m ? (m.right + 2 * prior) / (m.n + 2) : prior;
    const global = this.global.right / this.global.n;
    return {
      global,
      numeral: mean(this.numerals.get(numeralId), global),
      student: mean(this.students.get(studentId), global),
      pfa: sigmoid((this.pfa.beta.get(skill) ?? 0) + this.pfa.gamma * counts.s + this.pfa.rho * counts.f),
    };
  }

  learn(studentId: number, numeralId: number, skill: number, counts: { s: number; f: number }, y: number) {
    this.global.n++;
    this.global.right += y;
    for (const [map, key] of [
      [this.numerals, numeralId],
      [this.students, studentId],
    ] as const) {
      const m = map.get(key) ?? { n: 0, right: 0 };
      m.n++;
      m.right += y;
      map.set(key, m);
    }
    const p = this.predict(studentId, numeralId, skill, counts).pfa;
    const g = (y - p) * this.pfa.rate;
    this.pfa.beta.set(skill, (this.pfa.beta.get(skill) ?? 0) + g);
    this.pfa.gamma += g * counts.s * 0.1;
    this.pfa.rho += g * counts.f * 0.1;
  }
}

/**
 * One student's run under a policy, with its predictions: the attempts until every skill has been
 * truly mastered once (`each`), and until all are mastered at the same time (`all`).
 */
function run(
  w: World,
  studentId: number,
  policy: 'kib' | 'fixed',
  baselines: Baselines,
  predictions: Prediction[],
): { each: number; all: number } {
  const truth = student(w, SEED * 100_003 + studentId);
  const r = random(SEED * 7_919 + studentId * 31 + (policy === 'kib' ? 1 : 2));
  const states = new Map<number, SkillState>();
  const items = new Map<number, NumeralState>();
  const history = new Map<number, { attempts: number; completed: boolean; last: Date }>();
  const counts = new Map<number, { s: number; f: number }>();
  const meanDifficulty = w.numerals.reduce((sum, n) => sum + n.difficulty, 0) / w.numerals.length;
  const mastered = () =>
    w.skills.every((s) => sigmoid(truth.theta.get(s.id)! - meanDifficulty) >= TRUE_MASTERY);
  let now = new Date(Date.UTC(2026, 1, 2));
  let last: number | null = null;
  let fixedIndex = 0;
  const byId = new Map(w.skills.map((s) => [s.id, s]));
  const reached = new Set<number>();
  let each = MAX_ATTEMPTS;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    for (const s of w.skills)
      if (sigmoid(truth.theta.get(s.id)! - meanDifficulty) >= TRUE_MASTERY) reached.add(s.id);
    if (reached.size === w.skills.length && each === MAX_ATTEMPTS) each = attempt;
    if (mastered()) return { each, all: attempt };
    if (attempt > 0 && attempt % ATTEMPTS_PER_SESSION === 0) {
      const days = 1 + Math.floor(r.next() * 3);
      now = new Date(now.getTime() + days * DAY);
      for (const s of w.skills) {
        const start = truth.start.get(s.id)!;
        const theta = truth.theta.get(s.id)!;
        const kept = (1 + ((19 / 81) * days) / truth.stability.get(s.id)!) ** -0.5;
        truth.theta.set(s.id, start + (theta - start) * kept);
      }
    }
    let numeral: World['numerals'][number];
    if (policy === 'fixed') {
      numeral = w.numerals[fixedIndex % w.numerals.length]!;
      fixedIndex++;
    } else {
      const candidates: Candidate[] = w.numerals.map((n) => ({
        problemId: n.skill,
        numeralId: n.id,
        skills: [n.skill],
        difficulty: items.get(n.id)?.difficulty ?? 0,
        attempts: history.get(n.id)?.attempts ?? 0,
        lastAttemptAt: history.get(n.id)?.last ?? null,
        completed: history.get(n.id)?.completed ?? false,
        order: n.order,
      }));
      const choice = choosePractice({
        scope: w.skills.map((s) => s.id),
        skills: byId,
        states,
        candidates,
        related: [],
        lastNumeralId: last,
        now,
      });
      const id = choice.candidate?.numeralId ?? w.numerals[fixedIndex++ % w.numerals.length]!.id;
      numeral = w.numerals[id - 1]!;
    }
    const skill = numeral.skill;
    const theta = truth.theta.get(skill)!;
    const pTrue = sigmoid(theta - numeral.difficulty);
    const y = r.next() < pTrue ? 1 : 0;
    // Learning: most at an even chance, slowed while the prerequisite is weak.
    const day = Math.floor((now.getTime() - Date.UTC(2026, 1, 2)) / DAY);
    const lastDay = truth.lastPractice.get(skill);
    if (lastDay !== undefined && day > lastDay)
      truth.stability.set(skill, truth.stability.get(skill)! * (1.2 + 0.15 * Math.min(day - lastDay, 14)));
    truth.lastPractice.set(skill, day);
    const pre = byId.get(skill)!.requires[0];
    const readiness = pre === undefined ? 1 : 0.35 + 0.65 * sigmoid(2 * truth.theta.get(pre)!);
    truth.theta.set(skill, theta + truth.learning * readiness * 4 * pTrue * (1 - pTrue) * (y ? 1.2 : 0.8));

    const seen = history.get(numeral.id) ?? { attempts: 0, completed: false, last: now };
    const hoursSince = (now.getTime() - seen.last.getTime()) / 3_600_000;
    // Evidence as the server takes it: a first attempt, or the first of a later day at a lower weight.
    const evidence =
      seen.attempts === 0
        ? 1
        : hoursSince >= ADAPTIVE_MODEL.repeat.afterHours
          ? ADAPTIVE_MODEL.repeat.weight
          : 0;
    if (evidence > 0) {
      const state = states.get(skill) ?? NEW_SKILL;
      const item = items.get(numeral.id) ?? { difficulty: 0, evidence: 0 };
      const c = counts.get(skill) ?? { s: 0, f: 0 };
      const kib = predictSuccess([atTime(state, now)], item);
      const base = baselines.predict(studentId, numeral.id, skill, c);
      predictions.push({
        p: { kib, ...base },
        y,
        cold: c.s + c.f < 3,
        day: (now.getTime() - Date.UTC(2026, 1, 2)) / DAY,
      });
      baselines.learn(studentId, numeral.id, skill, c, y);
      const updated = updateAfterAttempt([state], item, y === 1, evidence, now);
      states.set(skill, updated.skills[0]!);
      items.set(numeral.id, updated.numeral);
      counts.set(skill, { s: c.s + y, f: c.f + 1 - y });
    }
    history.set(numeral.id, { attempts: seen.attempts + 1, completed: seen.completed || y === 1, last: now });
    last = numeral.id;
  }
  return { each, all: MAX_ATTEMPTS };
}

/** The area under the ROC curve (ties counted half). */
function auc(ps: number[], ys: number[]): number {
  const order = ps.map((p, i) => ({ p, y: ys[i]! })).sort((a, b) => a.p - b.p);
  let rank = 1;
  let positives = 0;
  let sumRanks = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j < order.length && order[j]!.p === order[i]!.p) j++;
    const mid = (rank + rank + (j - i) - 1) / 2;
    for (let k = i; k < j; k++)
      if (order[k]!.y) {
        positives++;
        sumRanks += mid;
      }
    rank += j - i;
    i = j;
  }
  const negatives = order.length - positives;
  return (sumRanks - (positives * (positives + 1)) / 2) / (positives * negatives);
}

function logLoss(ps: number[], ys: number[]): number {
  let sum = 0;
  ps.forEach((p, i) => {
    const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
    sum -= ys[i] ? Math.log(q) : Math.log(1 - q);
  });
  return sum / ps.length;
}

/** Predictions in ten equal-width bins: how many, their summed predictions and outcomes. */
function bins(ps: number[], ys: number[]): { n: number; p: number; y: number }[] {
  const out = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
  ps.forEach((p, i) => {
    const b = out[Math.min(9, Math.floor(p * 10))]!;
    b.n++;
    b.p += p;
    b.y += ys[i]!;
  });
  return out;
}

/** Expected calibration error over ten equal-width bins. */
function ece(ps: number[], ys: number[]): number {
  return bins(ps, ys).reduce(
    (sum, b) => sum + (b.n ? (b.n / ps.length) * Math.abs(b.p / b.n - b.y / b.n) : 0),
    0,
  );
}

/** The reliability curve in ten bins: mean predicted → observed, and the bin's share. */
function calibration(ps: number[], ys: number[]): string {
  return bins(ps, ys)
    .filter((b) => b.n > 0)
    .map(
      (b) =>
        `${(b.p / b.n).toFixed(2)} → ${(b.y / b.n).toFixed(2)} (${((100 * b.n) / ps.length).toFixed(0)} %)`,
    )
    .join('\n');
}

function table(title: string, rows: Prediction[]) {
  const ys = rows.map((r) => r.y);
  console.log(
    `\n${title} (${rows.length} first attempts, ${((100 * ys.filter(Boolean).length) / ys.length).toFixed(1)} % right)`,
  );
  console.log('| model | AUC | log loss | ECE |');
  console.log('|---|---|---|---|');
  for (const b of BASELINES) {
    const ps = rows.map((r) => r.p[b]);
    console.log(
      `| ${b} | ${auc(ps, ys).toFixed(3)} | ${logLoss(ps, ys).toFixed(3)} | ${ece(ps, ys).toFixed(3)} |`,
    );
  }
}

function main() {
  const w = world(SEED);
  const kibRows: Prediction[] = [];
  const fixedRows: Prediction[] = [];
  const toMastery = {
    kib: [] as { each: number; all: number }[],
    fixed: [] as { each: number; all: number }[],
  };
  const kibBaselines = new Baselines();
  const fixedBaselines = new Baselines();
  const started = performance.now();
  for (let s = 1; s <= STUDENTS; s++) {
    toMastery.kib.push(run(w, s, 'kib', kibBaselines, kibRows));
    toMastery.fixed.push(run(w, s, 'fixed', fixedBaselines, fixedRows));
  }
  console.log(
    `Simulation: seed ${SEED}, ${STUDENTS} students, ${w.skills.length} skills in ${STRANDS} strands, ` +
      `${w.numerals.length} numerals, ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const lastDay = kibRows.reduce((max, r) => Math.max(max, r.day), 0);
  table("First attempts under Kib's policy", kibRows);
  table(
    'Cold start: the first three attempts per skill',
    kibRows.filter((r) => r.cold),
  );
  table(
    'Later half of the time',
    kibRows.filter((r) => r.day >= lastDay / 2),
  );
  // A split by student: the first and the second half of the students, each scored on its own.
  const half = Math.floor(kibRows.length / 2);
  table('Students of the second half', kibRows.slice(half));
  table('First attempts in the fixed order', fixedRows);

  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const capped = (xs: number[]) => xs.filter((x) => x >= MAX_ATTEMPTS).length;
  console.log('\nProblems to mastery (true ability at a numeral of average difficulty ≥ the mastered level)');
  console.log(
    `| policy | every skill mastered once: mean | median | not after ${MAX_ATTEMPTS} | all at once: mean | median | not after ${MAX_ATTEMPTS} |`,
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const [name, runs] of [
    ['Kib', toMastery.kib],
    ['fixed order', toMastery.fixed],
  ] as const) {
    const each = runs.map((r) => r.each);
    const all = runs.map((r) => r.all);
    console.log(
      `| ${name} | ${mean(each).toFixed(1)} | ${median(each)} | ${capped(each)} | ${mean(all).toFixed(1)} | ${median(all)} | ${capped(all)} |`,
    );
  }
  const kibMean = mean(toMastery.kib.map((r) => r.each));
  const fixedMean = mean(toMastery.fixed.map((r) => r.each));

  const ys = kibRows.map((r) => r.y);
  const ps = kibRows.map((r) => r.p.kib);
  console.log("\nCalibration of Kib's model under its policy (predicted → observed, share of attempts)");
  console.log(calibration(ps, ys));
  const change = Math.round((100 * (kibMean - fixedMean)) / fixedMean);
  console.log(
    `adaptive: AUC ${auc(ps, ys).toFixed(2)}, ECE ${ece(ps, ys).toFixed(2)}, problems to mastery ${change < 0 ? '−' : '+'}${Math.abs(change)} % vs fixed order`,
  );
}

main();
