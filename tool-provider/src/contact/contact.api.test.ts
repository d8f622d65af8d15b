import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage } from '../mail/mailer';
import { startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { toPlainText } from './contact.service';

let server: TestServer;
const sent: MailMessage[] = [];

beforeAll(async () => {
  server = await startTestServer({ INFO_EMAIL: 'info@kib.test' });
  const original = server.kib.mailer.send.bind(server.kib.mailer);
  server.kib.mailer.send = async (m) => {
    sent.push(m);
    await original(m);
  };
});
afterAll(() => server?.close());

describe('toPlainText', () => {
  it.each([
    ['<b>Hola</b> profe', 'Hola profe'],
    ['antes<script>alert(1)</script>después', 'antesdespués'],
    ['<img src=x onerror=alert(1)>texto', 'texto'],
    ['2 < 3 y 5 > 4', '2 < 3 y 5 > 4'],
    ['import os; class A: pass', 'import os; class A: pass'],
    ['<style>body{}</style><a href="javascript:x">clic</a>', 'clic'],
  ])('%j → %j', (input, output) => {
    expect(toPlainText(input)).toBe(output);
  });
});

describe('POST /api/contact_form/', () => {
  it('stores the cleaned message, mails it to the info address and answers 201', async () => {
    const res = await new TestClient(server.url).post(
      '/api/contact_form/',
      {
        name: '<b>Ana</b>',
        email: 'ana@colegio.co',
        message: 'Hola <script>alert(1)</script>quiero una demo',
      },
      { 'accept-language': 'en' },
    );
    expect(res.status).toBe(201);
    expect(res.body.detail).toBe('Thank you for writing to us! We will answer at ana@colegio.co.');
    const [rows] = await server.db.sequelize.query(
      `SELECT name, email, message, sent_at FROM contact_messages`,
    );
    expect(rows).toEqual([
      { name: 'Ana', email: 'ana@colegio.co', message: 'Hola quiero una demo', sent_at: expect.any(Date) },
    ]);
    expect(sent.at(-1)).toMatchObject({ to: 'info@kib.test', replyTo: 'ana@colegio.co' });
    expect(sent.at(-1)!.text).toContain('Hola quiero una demo');
  });

  it('answers 400 naming each missing field', async () => {
    const res = await new TestClient(server.url).post('/api/contact_form/', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields as object).sort()).toEqual(['email', 'message', 'name']);
  });

  it('limits how many messages one address sends in an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await new TestClient(server.url).post('/api/contact_form/', {
        name: 'Spam',
        email: 'spam@x.co',
        message: `mensaje ${i}`,
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
  });
});
