/**
 * Hostile uploads against a running Kib: three teachers send the worst spreadsheets they can at once,
 * over and over, while a probe asks `/api/health/live` every 25 ms and the server's memory is read.
 *
 * The files (tool-provider/testing/hostile-files.ts), each under the 4 MB upload cap:
 * - a zip bomb whose directory tells the truth (600 MiB unpacked, 2.9 MB packed);
 * - the same bomb with a directory that lies (every part "100 bytes"), so only inflating tells;
 * - a sheet just under the unpacked limit but past the cell limit, which must be parsed whole
 *   before it is refused: the most work a file can cost.
 *
 * Kib runs as `npm start` does, in its own process (one process: WEB_CONCURRENCY=1), on a scratch
 * database (PostgreSQL at DATABASE_URL, the embedded one otherwise) with the development seed. It
 * prints each kind's answers, the health probe's p50, p99 and max, and the server's resident memory
 * (largest sample and the kernel's high-water mark), against the targets: health within 100 ms and
 * memory under 600 MB. Exits non-zero when a target is missed.
 *
 * Run: `node --import tsx bench/upload-bombs.bench.ts` in tool-provider. Settings: BENCH_SECONDS
 * (default 20), BENCH_UPLOADERS (default 3), BENCH_FILES (which files, default `told,hidden,dense`).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/database';
import { initModels } from '../src/db/models';
import { migrate } from '../src/db/migrator';
import { DEV_SEED, seedDevelopment } from '../src/seed/dev-seed';
import { insertUser } from '../testing/fixtures';
import { lyingZipBombXlsx, zipBombXlsx } from '../testing/hostile-files';
import { must } from './http-bench';
import { memoryMbOfTree, productionEnv, scratchDatabase, startKib, stopKib } from './kib-process';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const UPLOADERS = Number(process.env.BENCH_UPLOADERS ?? 3);
const PROBE_EVERY_MS = 25;
const HEALTH_TARGET_MS = 100;
const MEMORY_TARGET_MB = 600;
const MIB = 1024 * 1024;

must(Number.isFinite(SECONDS) && SECONDS > 0 && SECONDS <= 600, 'BENCH_SECONDS must be 1 to 600');
must(Number.isInteger(UPLOADERS) && UPLOADERS > 0 && UPLOADERS <= 20, 'BENCH_UPLOADERS must be 1 to 20');

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** The seeded database, with the uploading teachers beside the demo one in its school. */
async function seed(databaseUrl: string | undefined, dataDir: string): Promise<string[]> {
  const db = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrate(db.sequelize, db.kind);
    await seedDevelopment(db.sequelize, initModels(db.sequelize));
    const emails: string[] = [DEV_SEED.users.teacher.email];
    for (let i = 1; i < UPLOADERS; i++) {
      const email = `uploader${i}@bench.kib`;
      const id = await insertUser(db.sequelize, { email, groups: ['Teachers'] });
      await db.sequelize.query(
        `INSERT INTO institution_teachers (institution_id, user_id)
         SELECT id, :id FROM institutions WHERE name = :school`,
        { replacements: { id, school: DEV_SEED.institutionName } },
      );
      emails.push(email);
    }
    return emails;
  } finally {
    await db.close();
  }
}

async function post(url: string, token: string, route: string, body: unknown) {
  const res = await fetch(`${url}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

const started = performance.now();
const FILES = {
  told: { kind: 'zip bomb, sizes told (600 MiB)', make: () => zipBombXlsx(600 * MIB) },
  hidden: { kind: 'zip bomb, sizes hidden (600 MiB)', make: () => lyingZipBombXlsx(600 * MIB) },
  dense: { kind: 'sheet at the unpacked limit, past the cells', make: () => zipBombXlsx(9.5 * MIB) },
};
const chosen = (process.env.BENCH_FILES ?? 'told,hidden,dense').split(',');
must(
  chosen.length > 0 && chosen.every((name) => name in FILES),
  `BENCH_FILES must name some of ${Object.keys(FILES).join(', ')}`,
);
const files = chosen.map((name) => {
  const { kind, make } = FILES[name as keyof typeof FILES];
  const bytes = make();
  return { kind, bytes, content: Buffer.from(bytes).toString('base64') };
});
console.log(`files built in ${((performance.now() - started) / 1000).toFixed(1)} s:`);
for (const file of files) console.log(`  ${file.kind}: ${(file.bytes.length / 1024).toFixed(0)} kB`);

const scratch = await scratchDatabase();
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-bench-'));
let kib: Awaited<ReturnType<typeof startKib>>['child'] | undefined;
let failed = false;
try {
  const emails = await seed(scratch.url, dataDir);
  if (!scratch.url) delete process.env.DATABASE_URL;
  const server = await startKib(productionEnv(dataDir, scratch.url, { WEB_CONCURRENCY: '1' }));
  kib = server.child;
  const teachers = await Promise.all(
    emails.map(async (email, i) => {
      const login = await fetch(`${server.url}/api/auth/jwt/create/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEV_SEED.password }),
      });
      must(login.ok, `${email} could not log in (${login.status})`);
      const token = String(((await login.json()) as { access: string }).access);
      const classroom = await post(server.url, token, '/api/classrooms/', { name: `Cargas ${i + 1}` });
      must(classroom.status === 201 || classroom.status === 200, `a classroom answered ${classroom.status}`);
      return { token, classroom: Number(classroom.body!.id) };
    }),
  );
  const idle = await memoryMbOfTree(kib.pid!);
  console.log(`\nKib idle: ${idle.rssMb.toFixed(0)} MB resident`);

  const deadline = performance.now() + SECONDS * 1000;
  const answers = new Map<string, Map<string, number>>();
  const health: number[] = [];
  let rssMax = idle.rssMb;
  const probe = (async () => {
    while (performance.now() < deadline) {
      const at = performance.now();
      const res = await fetch(`${server.url}/api/health/live`);
      await res.arrayBuffer();
      health.push(performance.now() - at);
      if (!res.ok) health.push(Number.POSITIVE_INFINITY);
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, PROBE_EVERY_MS - (performance.now() - at))),
      );
    }
  })();
  const sampler = (async () => {
    while (performance.now() < deadline) {
      rssMax = Math.max(rssMax, (await memoryMbOfTree(kib!.pid!)).rssMb);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const uploads = teachers.map(async (teacher, t) => {
    for (let round = t; performance.now() < deadline; round++) {
      const file = files[round % files.length]!;
      const res = await post(server.url, teacher.token, '/api/createregisterstudents/file/', {
        classroom: teacher.classroom,
        content: file.content,
      });
      const seen = answers.get(file.kind) ?? new Map<string, number>();
      const answer = `${res.status} ${String(res.body?.code ?? '')}`;
      seen.set(answer, (seen.get(answer) ?? 0) + 1);
      answers.set(file.kind, seen);
    }
  });
  await Promise.all([probe, sampler, ...uploads]);
  const after = await memoryMbOfTree(kib.pid!);

  console.log(`\n${UPLOADERS} teachers uploading for ${SECONDS} s:`);
  for (const [kind, seen] of answers)
    console.log(`  ${kind}: ${[...seen].map(([answer, n]) => `${n} × ${answer}`).join(', ')}`);
  const p50 = percentile(health, 50);
  const p99 = percentile(health, 99);
  const max = Math.max(...health);
  console.log(
    `health/live (${health.length} probes): p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${max.toFixed(1)} ms (target: within ${HEALTH_TARGET_MS} ms)`,
  );
  console.log(
    `memory: largest sample ${rssMax.toFixed(0)} MB, high-water mark ${after.peakMb.toFixed(0)} MB, after ${after.rssMb.toFixed(0)} MB (target: under ${MEMORY_TARGET_MB} MB)`,
  );
  for (const seen of answers.values())
    for (const answer of seen.keys()) if (answer.startsWith('5')) failed = true;
  if (max > HEALTH_TARGET_MS || after.peakMb > MEMORY_TARGET_MB) failed = true;
  console.log(failed ? '\nFAILED: a target was missed or an upload got a 5xx' : '\nall targets met');
} finally {
  if (kib) await stopKib(kib);
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
