/**
 * Benchmark of the LMS paths a class meets at the start of a lesson: LTI 1.1 launches (signature,
 * nonce, user, code) and their code exchange; LTI 1.3 logins and launches against the platform
 * simulator; an instructor's results of a 40-student course, the first view (reading the roster by
 * NRPS and provisioning it) and later views. Prints p50/p99 per path. Run: `npm run bench -w tool-provider`
 * (PostgreSQL through DATABASE_URL, else the embedded one).
 */
import { QueryTypes } from 'sequelize';
import { initModels } from '../src/db/models';
import { DEV_LTI_CONSUMER } from '../src/lti/v11/dev-consumer';
import { NRPS_CLAIM } from '../src/lti/v13/nrps';
import { seedDevelopment } from '../src/seed/dev-seed';
import { postSignedLaunch } from '../testing/lti-peer';
import { Lti13Flow } from '../testing/lti13-flow';
import { Lti13Peer } from '../testing/lti13-peer';
import { exchangeLaunchCode, startTestServer, type TestClient } from '../testing/test-server';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);
const CLASS_SIZE = 40;
const PUBLIC_URL = 'http://kib.test';
const L = 'https://purl.imsglobal.org/spec/lti/claim';

function percentile(times: number[], p: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(label: string, rounds: number, run: (i: number) => Promise<void>): Promise<void> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const start = performance.now();
    await run(i);
    times.push(performance.now() - start);
  }
  console.log(
    `${label.padEnd(52)} n=${String(rounds).padStart(4)}  p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms`,
  );
}

function must(ok: boolean, what: string): void {
  if (!ok) throw new Error(`bench: ${what}`);
}

const server = await startTestServer({ PUBLIC_URL });
const peer = new Lti13Peer();
try {
  await seedDevelopment(server.db.sequelize, initModels(server.db.sequelize));
  await peer.start(server.url);
  const flow = new Lti13Flow(server, peer, PUBLIC_URL);
  await flow.registerPlatform('Bench');

  const launch11 = async (i: number) => {
    const res = await postSignedLaunch(
      `${server.url}/lti/1.1/launch`,
      {
        lti_message_type: 'basic-lti-launch-request',
        lti_version: 'LTI-1p0',
        resource_link_id: 'bench-link',
        user_id: `bench-11-${i % CLASS_SIZE}`,
        roles: 'Learner',
        lis_person_name_full: `Estudiante ${i}`,
        custom_activity_code: 'DEMO42',
      },
      { consumerKey: DEV_LTI_CONSUMER.consumerKey, secret: DEV_LTI_CONSUMER.secret },
    );
    must(res.status === 303, `LTI 1.1 launch answered ${res.status}`);
    await exchangeLaunchCode(server.url, res.headers.get('location')!);
  };
  await launch11(0);
  await measure('LTI 1.1 launch + code exchange', ROUNDS, launch11);

  const launch13 = async (claims: Record<string, unknown>) => {
    const { res } = await flow.launch(claims);
    must(res.status === 303, `LTI 1.3 launch answered ${res.status}`);
    return exchangeLaunchCode(server.url, res.headers.get('location')!);
  };
  const course = (link: string) => ({
    [`${L}/resource_link`]: { id: link, title: 'Taller' },
    [`${L}/context`]: { id: 'course', title: 'Álgebra 10A' },
    [NRPS_CLAIM]: { context_memberships_url: peer.endpoints.memberships, service_versions: ['2.0'] },
  });
  await measure('LTI 1.3 login + platform + launch + code exchange', ROUNDS, async (i) => {
    await launch13({ sub: `bench-13-${i % CLASS_SIZE}`, ...course('bench-13') });
  });

  // A course of 40: half have solved every numeral of the module, half only opened it.
  peer.roster = Array.from({ length: CLASS_SIZE }, (_, i) => ({
    user_id: `bench-13-${i}`,
    roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
    status: 'Active',
    given_name: `Nombre${i}`,
    family_name: `Apellido${i}`,
  }));
  await server.db.sequelize.query(
    `INSERT INTO stats (user_id, numeral_id, completed, answer_time, attempts, last_attempt_date)
     SELECT i.user_id, n.id, true, 60, 2, now()
       FROM lti_identities i
       CROSS JOIN numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
       JOIN modules m ON m.id = mp.module_id AND m.name = 'Taller de álgebra'
      WHERE i.subject LIKE 'bench-13-%' AND right(i.subject, 1) IN ('0','2','4','6','8')
     ON CONFLICT DO NOTHING`,
    { type: QueryTypes.INSERT },
  );
  const instructor = {
    sub: 'bench-teacher',
    [`${L}/roles`]: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Instructor'],
  };
  const firstViews = Math.max(10, Math.floor(ROUNDS / 10));
  const teachers: { client: TestClient; path: string }[] = [];
  for (let i = 0; i < firstViews; i++) {
    const { client, next } = await launch13({ ...instructor, ...course(`bench-results-${i}`) });
    teachers.push({
      client,
      path: `/api/lti/links/${new URL(next, 'http://x').searchParams.get('link')}/results/`,
    });
  }
  await measure(`first results view, roster of ${CLASS_SIZE} read by NRPS`, firstViews, async (i) => {
    const res = await teachers[i]!.client.get<{ students_data: unknown[]; roster: string }>(
      teachers[i]!.path,
    );
    must(res.status === 200 && res.body.roster === 'synced', 'results answered');
    must(res.body.students_data.length === CLASS_SIZE, `results list ${res.body.students_data.length}`);
  });
  await measure(`results view of ${CLASS_SIZE} students, roster fresh`, ROUNDS, async () => {
    const res = await teachers[0]!.client.get(teachers[0]!.path);
    must(res.status === 200, 'results answered');
  });
  console.log(`database: ${server.db.kind}`);
} finally {
  await server.close();
  await peer.close();
}
