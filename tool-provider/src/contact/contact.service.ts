import type { ContactMessage } from '@kib/core';
import { translate, type Language } from '@kib/i18n';
import sanitizeHtml from 'sanitize-html';
import type { Limiters } from '../http/rate-limit';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import type { ContactRepository } from './contact.repository';

/**
 * Plain text of user-typed HTML: every tag and attribute removed, the contents of script, style and
 * similar elements dropped, the text itself kept (entities decoded).
 */
export function toPlainText(input: string): string {
  const stripped = sanitizeHtml(input, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'template'],
  });
  return decodeEntities(stripped).trim();
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The contact form: stored first (nothing is lost), then mailed to the info address. */
export class ContactService {
  constructor(
    private readonly deps: {
      contacts: ContactRepository;
      mailer: Mailer;
      limiters: Limiters;
      logger: Logger;
      infoEmail: string;
    },
  ) {}

  /** Stores and forwards a message; returns the stored id. */
  async submit(input: ContactMessage, ip: string, language: Language): Promise<number> {
    await this.deps.limiters.contactPerAddress.hit(ip);
    const message = {
      name: toPlainText(input.name).slice(0, 200),
      email: input.email,
      message: toPlainText(input.message),
      language,
    };
    const id = await this.deps.contacts.insert(message);
    try {
      await this.deps.mailer.send({
        to: this.deps.infoEmail,
        replyTo: message.email,
        subject: translate(language, 'mail.contact.subject', { name: message.name }),
        text: `${message.name} <${message.email}>\n\n${message.message}`,
      });
      await this.deps.contacts.markSent(id);
    } catch (err) {
      this.deps.logger.error({ err, contactMessageId: id }, 'contact message stored but not mailed');
    }
    return id;
  }
}
