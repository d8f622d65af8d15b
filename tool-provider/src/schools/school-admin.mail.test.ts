import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { QueryTypes } from 'sequelize';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_SEED } from '../seed/dev-seed';
import { insertUser } from '../../testing/fixtures';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';

/** The envelope recipients and the parsed message of a mail that arrived. */
interface Arrived {
  to: string[];
  mail: ParsedMail;
}

/**
 * Registers a school through the API (its admin and its own address are mailed), gives it a plan
 * with a platform admin's code, and has a teacher code mailed; answers the school's id and the code.
 */
async function registerAndMailCode(
  server: TestServer,
  admin: { email: string; language: 'es' | 'en' },
): Promise<{ school: number; code: string }> {
  await insertUser(server.db.sequelize, {
    email: admin.email,
    groups: ['School Admin'],
    firstName: 'Jorge',
    language: admin.language,
  });
  const client = await new TestClient(server.url).logIn(admin.email);
  const [city] = await server.db.sequelize.query<{ id: number; countryId: number }>(
    `SELECT id, country_id AS "countryId" FROM cities WHERE code = '05001'`,
    { type: QueryTypes.SELECT },
  );
  const registered = await client.post<{ institution_data: { id: number } }>('/api/registerSchool/', {
    institution_name: 'Colegio Santa Fe',
    country_id: city!.countryId,
    city_id: city!.id,
    address: 'Carrera 7 # 12-30',
    email: 'rectoria@santafe.edu.co',
    telephone: '6045551234',
  });
  expect(registered.status).toBe(201);
  const school = registered.body.institution_data.id;

  const platform = await new TestClient(server.url).logIn(DEV_SEED.users.platformAdmin.email);
  const made = await platform.post<{ code: string }>('/api/platform/school-codes/', {
    institution_name: 'Colegio Santa Fe',
    number_of_students: 200,
    code_valid_until: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    plan_valid_until: new Date(Date.now() + 365 * 86_400_000).toISOString(),
  });
  expect(made.status).toBe(201);
  const redeemed = await client.post('/api/setSchoolRegCode/', {
    institution_id: school,
    reg_code: made.body.code,
  });
  expect(redeemed.status).toBe(200);

  const created = await client.post<{ code: { code: string }; mailed: boolean }>('/api/createTeachersCode/', {
    institution_id: school,
    email: 'nuevo.profe@correo.co',
  });
  expect(created.status).toBe(201);
  expect(created.body.mailed).toBe(true);
  return { school, code: created.body.code.code };
}

describe('school mails over SMTP', () => {
  const arrived: Arrived[] = [];
  let smtp: SMTPServer;
  let server: TestServer;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const to = session.envelope.rcptTo.map((r) => r.address);
        simpleParser(stream)
          .then((mail) => {
            arrived.push({ to, mail });
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    server = await startTestServer(
      {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Kib <no-reply@kib.test>',
        PUBLIC_URL: 'https://kib.example.co',
      },
      {},
      { seeded: true },
    );
  }, 120_000);
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the registration confirmation and the teacher code, in the admin’s language', async () => {
    const { code } = await registerAndMailCode(server, { email: 'jorge@santafe.edu.co', language: 'en' });

    const byRecipient = (address: string) => arrived.filter((a) => a.to.includes(address));
    for (const address of ['jorge@santafe.edu.co', 'rectoria@santafe.edu.co']) {
      const [registered, ...more] = byRecipient(address);
      expect(more).toEqual([]);
      expect(registered!.mail.from?.value[0]?.address).toBe('no-reply@kib.test');
      expect(registered!.mail.subject).toBe('Colegio Santa Fe is registered on Kib');
      expect(registered!.mail.text).toContain('Carrera 7 # 12-30');
      expect(registered!.mail.text).toContain('https://kib.example.co/schooladmin');
    }

    const [mailed, ...more] = byRecipient('nuevo.profe@correo.co');
    expect(more).toEqual([]);
    expect(mailed!.mail.subject).toBe('Your teacher code for Colegio Santa Fe on Kib');
    expect(mailed!.mail.text).toContain(code);
    expect(mailed!.mail.text).toMatch(/expires on \d{2}-\d{2}-\d{4}\./);
    expect(mailed!.mail.text).toContain('https://kib.example.co/signup');
    expect(mailed!.mail.text).toContain('https://kib.example.co/teacher/school');
    expect(arrived).toHaveLength(3);
  });
});

describe('school mails without SMTP', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({}, {}, { seeded: true });
  }, 120_000);
  afterAll(() => server?.close());

  it('writes them to the outbox', async () => {
    const { code } = await registerAndMailCode(server, { email: 'jorge@santafe.edu.co', language: 'es' });
    const files = await fs.readdir(server.outboxDir);
    const mails = await Promise.all(
      files.map(async (f) => simpleParser(await fs.readFile(path.join(server.outboxDir, f)))),
    );
    const recipients = (mail: ParsedMail) => (mail.to && 'text' in mail.to ? mail.to.text : '');
    expect(mails.map(recipients).sort()).toEqual([
      'jorge@santafe.edu.co',
      'nuevo.profe@correo.co',
      'rectoria@santafe.edu.co',
    ]);
    const teacher = mails.find((m) => recipients(m) === 'nuevo.profe@correo.co')!;
    expect(teacher.subject).toBe('Tu código de profesor de Colegio Santa Fe en Kib');
    expect(teacher.text).toContain(code);
  });
});
