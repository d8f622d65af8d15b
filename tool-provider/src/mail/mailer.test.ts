import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer';

const logger = pino({ level: 'silent' });

describe('createMailer over SMTP', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let smtp: SMTPServer;
  let port: number;

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

  it('delivers the message to a real SMTP server, with sender, recipient, subject and UTF-8 body intact', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Kib <no-reply@kib.test>',
      outboxDir: '/nonexistent',
      logger,
    });
    await mailer.send({
      to: 'ana@colegio.co',
      subject: 'Activa tu cuenta de Kib',
      text: 'Hola Ana:\nhttp://localhost:8080/activate/MQ/abc\nÁlgebra ñ',
      replyTo: 'reply@colegio.co',
    });
    mailer.close();
    expect(received).toHaveLength(1);
    expect(received[0]!.from).toBe('no-reply@kib.test');
    expect(received[0]!.to).toEqual(['ana@colegio.co']);
    const parsed = await simpleParser(received[0]!.raw);
    expect(parsed.subject).toBe('Activa tu cuenta de Kib');
    expect(parsed.text).toContain('http://localhost:8080/activate/MQ/abc');
    expect(parsed.text).toContain('Álgebra ñ');
    expect(parsed.replyTo?.text).toBe('reply@colegio.co');
  });
});

describe('createMailer without SMTP', () => {
  it('writes an .eml file per message into the outbox', async () => {
    const outboxDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'kib-mail-')), 'outbox');
    const mailer = createMailer({ from: 'Kib <no-reply@kib.test>', outboxDir, logger });
    await mailer.send({ to: 'a@b.co', subject: 'Uno', text: 'primero' });
    await mailer.send({ to: 'c@d.co', subject: 'Dos', text: 'segundo' });
    const files = (await fs.readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const parsed = await simpleParser(await fs.readFile(path.join(outboxDir, files[1]!)));
    expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('c@d.co');
    expect(parsed.text?.trim()).toBe('segundo');
  });
});
