/**
 * Benchmark of guessing one account's password from many addresses at once: 200 guessers, each
 * from its own address (X-Forwarded-For, which Kib trusts from loopback), keep one wrong password
 * each in flight at a teacher's account for BENCH_SECONDS; a guesser told 429 tries again
 * BENCH_RETRY_MS later, so the load is guessing rather than a flood of refused requests. Meanwhile
 * the owner logs in every second from an address they logged in from before, three times from a new
 * address, and a class of 40 students logs in at once from the school's address.
 *
 * Two attacks, one after the other: at an account with no failures (the first 100 guesses are not
 * slowed down), and at one already past its ceiling (LIMITS.loginPerAccount: an attack that has been
 * going on). For each it prints the password checks per second (guesses answered 401: each was
 * checked), overall and by 5 s window; the other answers; the owner's login times (p50/max) and the
 * class's; the CPU time Kib spent. Baseline in the same run: the owner's logins and the class before
 * the attacks. Kib runs as `npm start` does, in its own process (WEB_CONCURRENCY, default 1: the
 * per-account lines are per process), on a scratch database of the PostgreSQL of DATABASE_URL (by
 * default postgres://postgres@127.0.0.1:5432/postgres).
 *
 * Run: `npm run bench -w tool-provider` (or `node --import tsx bench/login-guessing.bench.ts` in
 * tool-provider). Settings: BENCH_GUESSERS (default 200), BENCH_SECONDS (default 30), BENCH_RETRY_MS
 * (default 1000), WEB_CONCURRENCY.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword } from '../src/auth/passwords';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrator';
import { LIMITS, Limiter } from '../src/http/rate-limit';
import { UserRepository } from '../src/users/user.repository';
import { insertUser } from '../testing/fixtures';
import { must } from './http-bench';
import { cpuMsOfTree, productionEnv, scratchDatabase, startKib, stopKib } from './kib-process';

const GUESSERS = Number(process.env.BENCH_GUESSERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const RETRY_MS = Number(process.env.BENCH_RETRY_MS ?? 1000);
const CLASS_SIZE = 40;
const OWNER_PASSWORD = 'Owner-Secret-2026';
const OWNER_HOME = '10.1.0.1';
const SCHOOL = '10.2.0.1';
/** The two accounts attacked: one with no failures, one past its ceiling. */
const FRESH = 'teacher.fresh@bench.kib';
const BESIEGED = 'teacher.besieged@bench.kib';

must(Number.isInteger(GUESSERS) && GUESSERS > 0 && GUESSERS <= 60_000, 'BENCH_GUESSERS must be 1 to 60,000');
must(Number.isFinite(SECONDS) && SECONDS > 0 && SECONDS <= 600, 'BENCH_SECONDS must be above 0, at most 600');
must(Number.isFinite(RETRY_MS) && RETRY_MS >= 0, 'BENCH_RETRY_MS must be 0 or more');

process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (n: number) => `${n.toFixed(0)} ms`;

/** One log-in's answer: status, error code, when it ended (ms since the attack began), its time. */
interface Answer {
  status: number;
  code: string | undefined;
  endedAt: number;
  ms: number;
}

let url = '';

async function login(email: string, password: string, address: string, epoch = 0): Promise<Answer> {
  const started = performance.now();
  const res = await fetch(`${url}/api/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json().catch(() => ({}))) as { code?: string };
  const ended = performance.now();
  return { status: res.status, code: body.code, endedAt: ended - epoch, ms: ended - started };
}

/** The class logging in at the same moment from the school: the time for all, and how many got in. */
async function classLogsIn(emails: string[]): Promise<{ ms: number; ok: number }> {
  const started = performance.now();
  const answers = await Promise.all(emails.map((email) => login(email, 'demo1234', SCHOOL)));
  return { ms: performance.now() - started, ok: answers.filter((a) => a.status === 200).length };
}

/**
 * Migrates the scratch database and adds the two accounts the guessers aim at (each with its own
 * password; the second past its ceiling of failures) and a class of students.
 */
async function seed(databaseUrl: string, dataDir: string): Promise<string[]> {
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(db.sequelize, db.kind);
    const users = new UserRepository(db.sequelize);
    const hash = await hashPassword(OWNER_PASSWORD);
    for (const email of [FRESH, BESIEGED]) {
      const id = await insertUser(db.sequelize, { email, groups: ['Teachers'] });
      await users.setPasswordHash(id, hash);
    }
    const ceiling = new Limiter(db.sequelize, LIMITS.loginPerAccount);
    for (let i = 0; i < LIMITS.loginPerAccount.points; i++) await ceiling.hit(BESIEGED);
    const students = Array.from({ length: CLASS_SIZE }, (_, i) => `student.${i + 1}@bench.kib`);
    for (const email of students) await insertUser(db.sequelize, { email });
    return students;
  } finally {
    await db.close();
  }
}

/** GUESSERS guessers at `target` for SECONDS, with the owner and the class logging in meanwhile; prints it. */
async function attack(label: string, target: string, students: string[], subnet: number, kibPid: number) {
  const cpuBefore = await cpuMsOfTree(kibPid);
  const epoch = performance.now();
  const until = SECONDS * 1000;
  const running = () => performance.now() - epoch < until;
  const guesses: Answer[] = [];
  const guesser = async (i: number) => {
    const address = `10.${subnet + Math.floor(i / 62_500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
    for (let n = 0; running(); n++) {
      const a = await login(target, `guess-${i}-${n}`, address, epoch);
      guesses.push(a);
      if (a.status === 429) await sleep(RETRY_MS);
    }
  };
  const owner: Answer[] = [];
  const ownerAtHome = async () => {
    while (running()) {
      const next = performance.now() + 1000;
      owner.push(await login(target, OWNER_PASSWORD, OWNER_HOME, epoch));
      await sleep(Math.max(0, next - performance.now()));
    }
  };
  const ownerAway = (at: number, n: number) =>
    sleep(at * until).then(() => login(target, OWNER_PASSWORD, `10.3.${subnet}.${n}`, epoch));
  const [, , away, busyClass] = await Promise.all([
    Promise.all(Array.from({ length: GUESSERS }, (_, i) => guesser(i))),
    ownerAtHome(),
    Promise.all([ownerAway(1 / 6, 1), ownerAway(1 / 2, 2), ownerAway(5 / 6, 3)]),
    sleep(until / 3).then(() => classLogsIn(students)),
  ]);
  const elapsed = (performance.now() - epoch) / 1000;
  const cpuSeconds = ((await cpuMsOfTree(kibPid)) - cpuBefore) / 1000;

  // The rate over the attack's window; the guesses still in line at its end are answered later.
  const checks = guesses.filter((g) => g.status === 401 && g.endedAt < until);
  const drained = guesses.filter((g) => g.status === 401 && g.endedAt >= until).length;
  const others = new Map<string, number>();
  for (const g of guesses.filter((g) => g.status !== 401)) {
    const answer = `${g.status} ${g.code ?? ''}`.trim();
    others.set(answer, (others.get(answer) ?? 0) + 1);
  }
  const windows = Array.from(
    { length: Math.ceil(SECONDS / 5) },
    (_, w) => checks.filter((c) => c.endedAt >= w * 5000 && c.endedAt < (w + 1) * 5000).length / 5,
  );
  const ownerMs = owner.filter((a) => a.status === 200).map((a) => a.ms);
  console.log(
    `\n${label}: ${GUESSERS} guessers from ${GUESSERS} addresses for ${SECONDS} s (ended after ${elapsed.toFixed(1)} s), retry ${RETRY_MS} ms after a 429`,
  );
  console.log(
    `  password checks (401) in the ${SECONDS} s: ${checks.length}, ${(checks.length / SECONDS).toFixed(2)}/s; ${drained} more as the line emptied`,
  );
  console.log(`  checks/s by 5 s window: ${windows.map((w) => w.toFixed(1)).join(', ')}`);
  console.log(
    `  other answers: ${[...others].map(([answer, n]) => `${answer} × ${n}`).join(', ') || 'none'}`,
  );
  console.log(
    `  owner from home every 1 s: ${ownerMs.length}/${owner.length} in, p50 ${ms(percentile(ownerMs, 50))}, max ${ms(Math.max(...ownerMs))}`,
  );
  console.log(
    `  owner from a new address: ${away.map((a) => `${a.status}${a.code ? ` ${a.code}` : ''} in ${ms(a.ms)}`).join('; ')}`,
  );
  console.log(
    `  class of ${CLASS_SIZE} at once during the attack: ${ms(busyClass.ms)}, ${busyClass.ok}/${CLASS_SIZE} in`,
  );
  console.log(`  Kib's CPU time: ${cpuSeconds.toFixed(1)} s in ${elapsed.toFixed(1)} s`);
}

const scratch = await scratchDatabase();
must(scratch.url !== undefined, 'needs PostgreSQL (DATABASE_URL)');
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-bench-'));
const processes = process.env.WEB_CONCURRENCY ?? '1';
let kib: Awaited<ReturnType<typeof startKib>> | undefined;
try {
  const students = await seed(scratch.url!, dataDir);
  kib = await startKib(productionEnv(dataDir, scratch.url, { WEB_CONCURRENCY: processes }));
  url = kib.url;
  console.log(
    `machine: ${os.availableParallelism()} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the start; Node ${process.version}; Kib in ${processes} process(es) on PostgreSQL`,
  );

  // The owner's home (and the class's school): addresses the accounts logged in from before.
  for (const email of [FRESH, BESIEGED])
    must((await login(email, OWNER_PASSWORD, OWNER_HOME)).status === 200, `${email} cannot log in`);
  const quiet: number[] = [];
  for (let i = 0; i < 10; i++) {
    const a = await login(FRESH, OWNER_PASSWORD, OWNER_HOME);
    must(a.status === 200, `the owner's login answered ${a.status}`);
    quiet.push(a.ms);
  }
  const quietClass = await classLogsIn(students);
  console.log(
    `\nbefore the attacks: owner's login from home p50 ${ms(percentile(quiet, 50))}, max ${ms(Math.max(...quiet))} (n=${quiet.length}); ` +
      `class of ${CLASS_SIZE} at once ${ms(quietClass.ms)}, ${quietClass.ok}/${CLASS_SIZE} in`,
  );

  await attack('an account with no failures', FRESH, students, 100, kib.child.pid!);
  await attack(
    `an account past its ceiling (${LIMITS.loginPerAccount.points} failures)`,
    BESIEGED,
    students,
    150,
    kib.child.pid!,
  );
  console.log(
    `\nload average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
} finally {
  if (kib) await stopKib(kib.child);
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
