import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { makeDirectory } from '../health/storage-failure';
import type { Logger } from '../logger';

/** A message to send: plain text, optionally with a reply-to address. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
}

/** Sends e-mail. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * The configured mailer: SMTP when `smtpUrl` is set; otherwise every message is written as an .eml file
 * to `outboxDir` (and its subject and links logged), so development needs no mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: opts.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: opts.from, ...message });
      // A read-only DATA_DIR must say EROFS (answered 503), not the ENOENT of Node's recursive mkdir.
      await makeDirectory(opts.outboxDir);
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(opts.outboxDir, name);
      await fs.writeFile(file, info.message as Buffer).catch(async (err: unknown) => {
        // A disk that filled up mid-write leaves a truncated message: it was not sent, and a retry
        // writes it whole under another name.
        await fs.rm(file, { force: true }).catch(() => undefined);
        throw err;
      });
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      opts.logger.info(
        { to: message.to, subject: message.subject, file, links },
        'mail written to the outbox',
      );
    },
    close: () => transport.close(),
  };
}
