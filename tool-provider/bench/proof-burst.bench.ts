/**
 * Load benchmark of a classroom burst: many students answering at once through `POST /api/proof/`.
 *
 * It seeds a generated school of 1,000 students (src/seed/generated-school.ts, at a small scale) on a
 * scratch database, starts Kib as `npm start` does (its own process and port, a temporary DATA_DIR;
 * on PostgreSQL when DATABASE_URL is set, on the embedded database otherwise), logs every student in
 * (not measured; the time 30 logins at once take is printed), then drives proof/ with autocannon at
 * 50, 200 and 1,000 concurrent students, each connection one student. For each level it prints
 * attempts/s, p50, p99, errors, and the stats checked against the answers acknowledged: a recorded
 * answer must add exactly one attempt to its student's stat and one row to the attempts log (lost:
 * acknowledged but not stored; not acked: stored more often than acknowledged, which is a duplicate
 * when no request failed, or an answer whose client stopped waiting).
 *
 * Run: `npm run bench -w tool-provider` (or `node --import tsx bench/proof-burst.bench.ts` in
 * tool-provider). Settings: BENCH_LEVELS (default `50,200,1000`), BENCH_REQUESTS (answers per level,
 * default the larger of 6,000 and 10 per student), WEB_CONCURRENCY (Kib's processes; `auto` on PostgreSQL, 1 on the embedded database),
 * BENCH_CPU_PROF=dir (Kib runs with `--cpu-prof` into dir and the top frames are printed).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { QueryTypes, type Sequelize } from 'sequelize';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrator';
import { GENERATED_SCHOOL, seedGeneratedSchool } from '../src/seed/generated-school';
import { topFrames } from './cpu-profile';
import { must } from './http-bench';

const STUDENTS = 1_000;
const LEVELS = (process.env.BENCH_LEVELS ?? '50,200,1000').split(',').map(Number);
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

must(
  LEVELS.every((n) => Number.isInteger(n) && n > 0 && n <= STUDENTS),
  `BENCH_LEVELS must be 1 to ${STUDENTS}`,
);

/** A scratch database on the server of DATABASE_URL, or none (the embedded database of DATA_DIR). */
async function scratchDatabase(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) return { url: undefined, drop: async () => undefined };
  const name = `kib_bench_${crypto.randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts Kib as `npm start` does, in its own process, and waits for it to listen. */
async function startKib(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const profile = PROFILE_DIR ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`bench: Kib did not start (exit code ${child.exitCode})`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * CPU time (user + system, ms) used so far by a process and all its descendants (Linux /proc):
 * Kib's workers and threads. Unlike a rate, it does not depend on what else the machine runs.
 */
async function cpuMsOfTree(root: number): Promise<number> {
  const stats = new Map<number, { parent: number; ticks: number }>();
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const text = await fs.readFile(`/proc/${entry}/stat`, 'utf8').catch(() => null);
    if (!text) continue;
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    stats.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  let ticks = 0;
  const visit = (pid: number) => {
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.parent === pid) visit(child);
  };
  visit(root);
  // Linux counts in clock ticks of 1/100 s.
  return ticks * 10;
}

async function stopKib(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
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
    timeout: 30,
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

const scratch = await scratchDatabase();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-bench-'));
let kib: ChildProcess | undefined;
try {
  const { kind, students, answers } = await seed(scratch.url, dataDir);
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    ACCESS_TOKEN_TTL: '7200',
    DATA_DIR: dataDir,
    SEED: 'false',
    LOG_LEVEL: 'warn',
    COOKIE_SECURE: 'false',
    // Every core on PostgreSQL unless told otherwise; the embedded database is one process's.
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? (scratch.url ? 'auto' : '1'),
    ...(scratch.url ? { DATABASE_URL: scratch.url } : {}),
  };
  if (!scratch.url) delete process.env.DATABASE_URL;
  const started = await startKib(env);
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
  console.log('concurrent  answers  attempts/s  p50 ms  p99 ms  Kib CPU ms/answer  errors  lost  not acked');
  for (const r of results)
    console.log(
      `${String(r.concurrent).padStart(10)}  ${String(r.answers).padStart(7)}  ${r.perSecond.toFixed(0).padStart(10)}  ${String(r.p50).padStart(6)}  ${String(r.p99).padStart(6)}  ${r.cpuMs.toFixed(2).padStart(17)}  ${String(r.errors).padStart(6)}  ${String(r.lost).padStart(4)}  ${String(r.unacknowledged).padStart(9)}`,
    );
} finally {
  if (kib) await stopKib(kib);
  await scratch.drop().catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
}
if (PROFILE_DIR) await topFrames(path.resolve(PROFILE_DIR), 25);
