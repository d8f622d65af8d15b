/**
 * Load benchmark of a classroom burst: many students answering at once through `POST /api/proof/`.
 *
 * It seeds a generated school of 1,000 students (src/seed/generated-school.ts, at a small scale) on a
 * scratch database, starts Kib as `npm start` does (its own process and port, a temporary DATA_DIR;
 * on PostgreSQL when DATABASE_URL is set, on the embedded database otherwise), logs every student in
 * (not measured; the time 30 logins at once take is printed), then measures in two ways.
 *
 * Closed loop: autocannon at 50, 200 and 1,000 concurrent students, each connection one student who
 * sends the next answer as soon as the last is answered. For each level it prints attempts/s, p50,
 * p99, errors, and the stats checked against the answers acknowledged: a recorded answer must add
 * exactly one attempt to its student's stat and one row to the attempts log (lost: acknowledged but
 * not stored; not acked: stored more often than acknowledged, which is a duplicate when no request
 * failed, or an answer whose client stopped waiting).
 *
 * Open loop: answers arrive at a fixed rate, with exponentially distributed gaps (Poisson arrivals),
 * whatever the server's speed. Each answer has a scheduled time and its latency runs from that time
 * to the end of its response, so an answer that waits for a slow server counts that wait (no
 * coordinated omission). Each answer is the next student's, round-robin. At most 1,000 answers are in
 * flight; an answer that cannot be sent within 1 s of its time is not sent and is counted as late.
 * Each rate runs a 2 s warm-up (not measured) and then the measured window. For each rate it prints
 * answers sent, ok, errors, late, p50, p99, max, the achieved rate and the same stored-exactly-once
 * check (over the warm-up and the window).
 *
 * Run: `npm run bench -w tool-provider` (or `node --import tsx bench/proof-burst.bench.ts` in
 * tool-provider). Settings: BENCH_MODE (`closed`, `open` or `both`, the default: closed loop first),
 * BENCH_LEVELS (closed loop, default `50,200,1000`), BENCH_REQUESTS (closed loop, answers per level,
 * default the larger of 6,000 and 10 per student), BENCH_RATES (open loop, answers/s, default
 * `250,500,1000` on PostgreSQL and `250,500` on the embedded database), BENCH_SECONDS (open loop,
 * measured seconds per rate, default 20), WEB_CONCURRENCY (Kib's processes; `auto` on PostgreSQL, 1
 * on the embedded database), BENCH_CPU_PROF=dir (Kib runs with `--cpu-prof` into dir and the top
 * frames are printed).
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { QueryTypes, type Sequelize } from 'sequelize';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrator';
import { GENERATED_SCHOOL, seedGeneratedSchool } from '../src/seed/generated-school';
import { topFrames } from './cpu-profile';
import { must } from './http-bench';
import { cpuMsOfTree, productionEnv, scratchDatabase, startKib, stopKib } from './kib-process';

const STUDENTS = 1_000;
const LEVELS = (process.env.BENCH_LEVELS ?? '50,200,1000').split(',').map(Number);
const PROFILE_DIR = process.env.BENCH_CPU_PROF;

const MODE = process.env.BENCH_MODE ?? 'both';
const RATES = (process.env.BENCH_RATES ?? (process.env.DATABASE_URL ? '250,500,1000' : '250,500'))
  .split(',')
  .map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** The open loop's warm-up before each rate's measured window, s. */
const WARM_UP_SECONDS = 2;
/** The open loop's bound on answers in flight (and on sockets). */
const MAX_IN_FLIGHT = 1_000;
/** An open-loop answer not sent within this time of its schedule is late: counted, never sent. */
const LATE_MS = 1_000;
/** How long a client waits for an answer, both loops. */
const TIMEOUT_S = 30;

must(
  LEVELS.every((n) => Number.isInteger(n) && n > 0 && n <= STUDENTS),
  `BENCH_LEVELS must be 1 to ${STUDENTS}`,
);
must(['closed', 'open', 'both'].includes(MODE), 'BENCH_MODE must be closed, open or both');
must(
  RATES.every((r) => Number.isFinite(r) && r > 0 && r <= 20_000),
  'BENCH_RATES must be answers/s above 0 and at most 20,000',
);
must(
  Number.isFinite(SECONDS) && SECONDS > 0 && SECONDS <= 600,
  'BENCH_SECONDS must be above 0 and at most 600',
);

/** What the students answer: a numeral and an answer, right or wrong, of the development seed. */
interface Answer {
  numeral: number;
  body: string;
}

/**
 * The answers the students send, round-robin: right and wrong points of the seed's line problem
 * (a graph console) and numbers on its number line, so the checker does real but small work.
 */
async function answersOf(sequelize: Sequelize): Promise<Answer[]> {
  const rows = await sequelize.query<{ id: number; pos: string }>(
    `SELECT n.id, mp.numeration AS pos FROM numerals n
       JOIN module_problems mp ON mp.problem_id = n.problem_id
       JOIN modules m ON m.id = mp.module_id
      WHERE m.name = 'Taller de álgebra' AND mp.numeration IN ('2', '4')
      ORDER BY mp.numeration, n.number, n.id`,
    { type: QueryTypes.SELECT },
  );
  const line = rows.find((r) => r.pos === '2')?.id;
  const numberLine = rows.filter((r) => r.pos === '4')[1]?.id;
  must(line !== undefined && numberLine !== undefined, 'the seed has no line or number-line numeral');
  const body = (numeral: number, answer: unknown) =>
    JSON.stringify({ answer, numeral, current_step: null, total_time: 3 });
  return [
    {
      numeral: line!,
      body: body(line!, [
        { x: 0, y: -1 },
        { x: 2, y: 3 },
      ]),
    },
    {
      numeral: line!,
      body: body(line!, [
        { x: 0, y: 1 },
        { x: 1, y: 3 },
      ]),
    },
    { numeral: numberLine!, body: body(numberLine!, [2]) },
    { numeral: numberLine!, body: body(numberLine!, [3]) },
  ];
}

/** Seeds the database Kib will open: migrations, the development seed and a generated school. */
async function seed(databaseUrl: string | undefined, dataDir: string) {
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(db.sequelize, db.kind);
    const started = performance.now();
    const { counts } = await seedGeneratedSchool(db.sequelize, {
      scale: {
        students: STUDENTS,
        classrooms: 25,
        busyTeacherClassrooms: 5,
        classroomsPerTeacher: 5,
        modules: 40,
        problemsPerModule: 5,
        assignmentsPerClassroom: 5,
        problemCopies: 40,
        stats: 20_000,
        weeks: 2,
      },
    });
    console.log(`generated school: ${JSON.stringify(counts)}`);
    console.log(`seed time: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const students = await db.sequelize.query<{ id: number; email: string }>(
      `SELECT id, email FROM users WHERE email LIKE :pattern ORDER BY id`,
      { replacements: { pattern: `student%@${GENERATED_SCHOOL.emailDomain}` }, type: QueryTypes.SELECT },
    );
    must(students.length === STUDENTS, `the school has ${students.length} students`);
    return { kind: db.kind, students, answers: await answersOf(db.sequelize) };
  } finally {
    await db.close();
  }
}

/** Logs every student in, 30 at a time; answers their access tokens and the slowest batch's time. */
async function logIn(url: string, emails: string[]): Promise<{ tokens: string[]; batchMs: number[] }> {
  const tokens: string[] = [];
  const batchMs: number[] = [];
  for (let i = 0; i < emails.length; i += 30) {
    const started = performance.now();
    const batch = await Promise.all(
      emails.slice(i, i + 30).map(async (email) => {
        const res = await fetch(`${url}/api/auth/jwt/create/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: GENERATED_SCHOOL.password }),
        });
        must(res.status === 200, `logging in ${email} answered ${res.status}`);
        return String(((await res.json()) as { access: string }).access);
      }),
    );
    batchMs.push(performance.now() - started);
    tokens.push(...batch);
  }
  return { tokens, batchMs };
}

/** Recorded attempts per student id: the stats' attempt counts and the attempts log's rows. */
async function storedCounts(url: string | undefined, dataDir: string) {
  const db = await openDatabase({ databaseUrl: url, dataDir, access: 'client' });
  try {
    const rows = await db.sequelize.query<{ id: number; stats: number; log: number }>(
      `SELECT u.id,
              COALESCE((SELECT sum(attempts)::int FROM stats s WHERE s.user_id = u.id), 0) AS stats,
              (SELECT count(*)::int FROM attempts a WHERE a.user_id = u.id AND NOT a.deadline_passed) AS log
         FROM users u WHERE u.email LIKE :pattern`,
      { replacements: { pattern: `student%@${GENERATED_SCHOOL.emailDomain}` }, type: QueryTypes.SELECT },
    );
    return new Map(rows.map((r) => [r.id, r]));
  } finally {
    await db.close();
  }
}

interface LevelResult {
  concurrent: number;
  answers: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  lost: number;
  /** Kib's CPU time per answer (every process and thread), ms. */
  cpuMs: number;
  /** Stored more often than acknowledged: duplicates, or answers whose client gave up waiting. */
  unacknowledged: number;
}

async function burst(
  url: string,
  concurrent: number,
  students: { id: number; token: string }[],
  answers: Answer[],
  requests: number,
  acknowledged: Map<number, number>,
): Promise<autocannon.Result & { lastAnswerAt: number }> {
  let next = 0;
  let errors = 0;
  let lastAnswerAt = performance.now();
  const result = await autocannon({
    url: `${url}/api/proof/`,
    connections: concurrent,
    amount: requests,
    timeout: TIMEOUT_S,
    requests: [
      {
        method: 'POST',
        // Each connection is one student, the next one free; each of their answers the next of the list.
        setupRequest: (req, context) => {
          const ctx = context as { student?: number; round?: number };
          ctx.student ??= next++ % students.length;
          ctx.round = (ctx.round ?? ctx.student) + 1;
          const student = students[ctx.student]!;
          return {
            ...req,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${student.token}` },
            body: answers[ctx.round % answers.length]!.body,
          };
        },
        onResponse: (status, body, context) => {
          const ctx = context as { student: number };
          lastAnswerAt = performance.now();
          if (status !== 200) errors++;
          else if (body.includes('"recorded":true')) {
            const id = students[ctx.student]!.id;
            acknowledged.set(id, (acknowledged.get(id) ?? 0) + 1);
          }
        },
      },
    ],
  });
  must(errors === result.non2xx, `${errors} answers were not 200`);
  return { ...result, lastAnswerAt };
}

/**
 * Stored against acknowledged, per student: lost (acknowledged, not stored) and not acked (stored more
 * often than acknowledged), over both the stats' attempt counts and the attempts log.
 */
function unmatched(
  before: Awaited<ReturnType<typeof storedCounts>>,
  after: Awaited<ReturnType<typeof storedCounts>>,
  acknowledged: Map<number, number>,
): { lost: number; unacknowledged: number } {
  let lost = 0;
  let unacknowledged = 0;
  for (const [id, now] of after) {
    const was = before.get(id) ?? { stats: 0, log: 0 };
    const acked = acknowledged.get(id) ?? 0;
    for (const stored of [now.stats - was.stats, now.log - was.log]) {
      lost += Math.max(0, acked - stored);
      unacknowledged += Math.max(0, stored - acked);
    }
  }
  return { lost, unacknowledged };
}

/** Arrival times (ms from the start) of a Poisson process at `rate` per second over `seconds`. */
function poissonSchedule(rate: number, seconds: number): Float64Array {
  const end = seconds * 1000;
  // The count is Poisson with mean rate × seconds: half as many again is never reached in practice.
  const cap = Math.ceil(rate * seconds * 1.5) + 100;
  const times: number[] = [];
  const gap = () => (-Math.log(1 - Math.random()) / rate) * 1000;
  for (let t = gap(); t < end && times.length < cap; t += gap()) times.push(t);
  return Float64Array.from(times);
}

/** The `p`-th percentile (nearest rank) of ascending values; NaN when there are none. */
function percentileOf(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Counts of one phase of an open-loop run (the warm-up or the measured window). */
interface OpenCounts {
  sent: number;
  ok: number;
  errors: number;
  late: number;
}

interface OpenResult {
  window: OpenCounts;
  warmUp: OpenCounts;
  /** From the scheduled time to the end of the response, ms, ascending: every answer sent in the window. */
  latencies: Float64Array;
  /** From the scheduled time to the send, ms, ascending: the load client's own delay. */
  sendLag: Float64Array;
  /** Answers of the window that ended with a 200, per second from the window's start to its last answer. */
  achieved: number;
}

/**
 * Sends answers at `rate` per second, Poisson arrivals, for a warm-up and then `seconds` measured:
 * each at its scheduled time whether or not earlier ones were answered. Answer i is student
 * i mod n's, who sends the answers of the list in turn.
 */
async function openLoop(
  url: string,
  rate: number,
  seconds: number,
  students: { id: number; token: string }[],
  answers: Answer[],
  acknowledged: Map<number, number>,
): Promise<OpenResult> {
  const target = new URL(url);
  must(['127.0.0.1', 'localhost'].includes(target.hostname), `${target.hostname} is not a loopback address`);
  const warmUpMs = WARM_UP_SECONDS * 1000;
  const schedule = poissonSchedule(rate, WARM_UP_SECONDS + seconds);
  const bodies = answers.map((a) => Buffer.from(a.body));
  const authorizations = students.map((s) => `Bearer ${s.token}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT, maxFreeSockets: MAX_IN_FLIGHT });
  const window: OpenCounts = { sent: 0, ok: 0, errors: 0, late: 0 };
  const warmUp: OpenCounts = { sent: 0, ok: 0, errors: 0, late: 0 };
  const latencies: number[] = [];
  const sendLag: number[] = [];
  let lastAnswerAt = warmUpMs;
  let next = 0;
  let inFlight = 0;
  let inFlightInWindow = 0;
  let done = false;
  let timer: NodeJS.Timeout | undefined;
  const t0 = performance.now();
  const clock = () => performance.now() - t0;

  return new Promise<OpenResult>((resolve) => {
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(hardStop);
      // Only after the hard stop: answers still in flight count as errors.
      window.errors += inFlightInWindow;
      warmUp.errors += inFlight - inFlightInWindow;
      agent.destroy();
      const seconds = (lastAnswerAt - warmUpMs) / 1000;
      resolve({
        window,
        warmUp,
        latencies: Float64Array.from(latencies).sort(),
        sendLag: Float64Array.from(sendLag).sort(),
        achieved: seconds > 0 ? window.ok / seconds : 0,
      });
    };

    const send = (i: number, now: number) => {
      const scheduled = schedule[i]!;
      const measured = scheduled >= warmUpMs;
      const counts = measured ? window : warmUp;
      const student = i % students.length;
      const body = bodies[(student + Math.floor(i / students.length)) % bodies.length]!;
      counts.sent++;
      inFlight++;
      if (measured) {
        inFlightInWindow++;
        sendLag.push(now - scheduled);
      }
      let settled = false;
      const settle = (status: number, text: string) => {
        if (settled || done) return;
        settled = true;
        inFlight--;
        if (measured) {
          inFlightInWindow--;
          const at = clock();
          latencies.push(at - scheduled);
          lastAnswerAt = Math.max(lastAnswerAt, at);
        }
        if (status !== 200) counts.errors++;
        else {
          counts.ok++;
          if (text.includes('"recorded":true')) {
            const id = students[student]!.id;
            acknowledged.set(id, (acknowledged.get(id) ?? 0) + 1);
          }
        }
        pump();
      };
      const req = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          path: '/api/proof/',
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': body.length,
            authorization: authorizations[student]!,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => settle(res.statusCode ?? 0, Buffer.concat(chunks).toString('utf8')));
          res.on('error', () => settle(0, ''));
          // Closed before its end (after 'end', settle does nothing).
          res.on('close', () => settle(0, ''));
        },
      );
      req.setTimeout(TIMEOUT_S * 1000, () => req.destroy(new Error('timeout')));
      req.on('error', () => settle(0, ''));
      req.end(body);
    };

    // Sends every answer that is due, while fewer than MAX_IN_FLIGHT are in flight; counts as late
    // those more than LATE_MS past their time; then waits for the next one's time (or, when the pool
    // is full, for a free place or the first waiting answer to become late).
    const pump = () => {
      if (done) return;
      const now = clock();
      while (next < schedule.length && schedule[next]! <= now) {
        if (now - schedule[next]! >= LATE_MS) {
          (schedule[next]! >= warmUpMs ? window : warmUp).late++;
          next++;
        } else if (inFlight < MAX_IN_FLIGHT) send(next++, now);
        else break;
      }
      clearTimeout(timer);
      if (next < schedule.length) {
        const due = schedule[next]! <= now ? schedule[next]! + LATE_MS : schedule[next]!;
        timer = setTimeout(pump, Math.max(0, due - clock()));
      } else if (inFlight === 0) finish();
    };

    // The run's bound: the schedule, the late limit and one client timeout, with a margin.
    const hardStop = setTimeout(
      () => {
        for (; next < schedule.length; next++) (schedule[next]! >= warmUpMs ? window : warmUp).late++;
        agent.destroy();
        setTimeout(finish, 1_000);
      },
      (WARM_UP_SECONDS + seconds) * 1000 + LATE_MS + TIMEOUT_S * 1000 + 5_000,
    );
    pump();
  });
}

const scratch = await scratchDatabase();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-bench-'));
let kib: ChildProcess | undefined;
try {
  const { kind, students, answers } = await seed(scratch.url, dataDir);
  const env = productionEnv(dataDir, scratch.url, {
    ACCESS_TOKEN_TTL: '7200',
    // Every core on PostgreSQL unless told otherwise; the embedded database is one process's.
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? (scratch.url ? 'auto' : '1'),
  });
  if (!scratch.url) delete process.env.DATABASE_URL;
  const started = await startKib(env, { profileDir: PROFILE_DIR });
  kib = started.child;
  const { tokens, batchMs } = await logIn(
    started.url,
    students.map((s) => s.email),
  );
  const sortedBatches = [...batchMs].sort((a, b) => a - b);
  console.log(
    `30 logins at once (${batchMs.length} batches): median ${sortedBatches[Math.floor(sortedBatches.length / 2)]!.toFixed(0)} ms, slowest ${sortedBatches.at(-1)!.toFixed(0)} ms`,
  );
  const solvers = students.map((s, i) => ({ id: s.id, token: tokens[i]! }));
  // A short warm-up, so the first level does not pay for compiling and filling caches.
  await burst(started.url, 20, solvers, answers, 400, new Map());

  if (MODE !== 'open') {
    const results: LevelResult[] = [];
    for (const concurrent of LEVELS) {
      const requests = Number(process.env.BENCH_REQUESTS ?? Math.max(6_000, 10 * concurrent));
      const before = await storedCounts(scratch.url, dataDir);
      const acknowledged = new Map<number, number>();
      const cpuBefore = await cpuMsOfTree(started.child.pid!);
      // autocannon ends a run on its next one-second tick and reports whole seconds: the rate is timed
      // here, from the start to the last answer.
      const startedAt = performance.now();
      const r = await burst(started.url, concurrent, solvers, answers, requests, acknowledged);
      const seconds = (r.lastAnswerAt - startedAt) / 1000;
      const cpuUsed = (await cpuMsOfTree(started.child.pid!)) - cpuBefore;
      const after = await storedCounts(scratch.url, dataDir);
      const { lost, unacknowledged } = unmatched(before, after, acknowledged);
      results.push({
        concurrent,
        answers: r.requests.total,
        perSecond: r.requests.total / seconds,
        p50: r.latency.p50,
        p99: r.latency.p99,
        cpuMs: cpuUsed / Math.max(1, r.requests.total),
        errors: r.errors + r.timeouts + r.non2xx,
        lost,
        unacknowledged,
      });
    }

    console.log(
      `\nPOST /api/proof/ on ${kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), WEB_CONCURRENCY=${env.WEB_CONCURRENCY}`,
    );
    // With no errors, every stored answer was acknowledged: "not acked" then counts duplicates.
    console.log(
      'concurrent  answers  attempts/s  p50 ms  p99 ms  Kib CPU ms/answer  errors  lost  not acked',
    );
    for (const r of results)
      console.log(
        `${String(r.concurrent).padStart(10)}  ${String(r.answers).padStart(7)}  ${r.perSecond.toFixed(0).padStart(10)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${r.cpuMs.toFixed(2).padStart(17)}  ${String(r.errors).padStart(6)}  ${String(r.lost).padStart(4)}  ${String(r.unacknowledged).padStart(9)}`,
      );
  }

  if (MODE !== 'closed') {
    const label = kind === 'pglite' ? 'embedded' : 'postgresql';
    console.log(
      `\nopen loop, POST /api/proof/ on ${kind === 'pglite' ? 'the embedded database' : 'PostgreSQL'}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), WEB_CONCURRENCY=${env.WEB_CONCURRENCY}: Poisson arrivals, ${WARM_UP_SECONDS} s warm-up and ${SECONDS} s measured per rate, at most ${MAX_IN_FLIGHT} in flight, late after ${LATE_MS} ms`,
    );
    const ms = (v: number, digits: number) => (Number.isNaN(v) ? 'n/a' : `${v.toFixed(digits)} ms`);
    for (const rate of RATES) {
      const before = await storedCounts(scratch.url, dataDir);
      const acknowledged = new Map<number, number>();
      const cpuBefore = await cpuMsOfTree(started.child.pid!);
      const r = await openLoop(started.url, rate, SECONDS, solvers, answers, acknowledged);
      const cpuUsed = (await cpuMsOfTree(started.child.pid!)) - cpuBefore;
      const after = await storedCounts(scratch.url, dataDir);
      // Over the warm-up and the window: every answer sent since `before`.
      const { lost, unacknowledged } = unmatched(before, after, acknowledged);
      const w = r.window;
      const warmUpTrouble =
        r.warmUp.errors + r.warmUp.late > 0
          ? ` (warm-up: errors ${r.warmUp.errors}, late ${r.warmUp.late})`
          : '';
      console.log(
        `open loop ${rate}/s (${label}): sent ${w.sent}, ok ${w.ok}, errors ${w.errors}, late ${w.late}, ` +
          `p50 ${ms(percentileOf(r.latencies, 50), 1)}, p99 ${ms(percentileOf(r.latencies, 99), 1)}, ` +
          `max ${ms(r.latencies.at(-1) ?? Number.NaN, 0)}, achieved ${r.achieved.toFixed(1)}/s, ` +
          `lost ${lost}, not acked ${unacknowledged}, ` +
          `Kib CPU ${(cpuUsed / Math.max(1, w.sent + r.warmUp.sent)).toFixed(2)} ms/answer, ` +
          `send lag p99 ${ms(percentileOf(r.sendLag, 99), 1)}${warmUpTrouble}`,
      );
    }
  }
} finally {
  if (kib) await stopKib(kib);
  await scratch.drop().catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
}
if (PROFILE_DIR) await topFrames(path.resolve(PROFILE_DIR), 25);
