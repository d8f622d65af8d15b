import { API } from '@kib/core';
import { translate } from '@kib/i18n';
import type { ApiRouter } from '../http/api-router';
import type { ContactService } from './contact.service';

/** POST contact_form/ (spec 01 §7). */
export function registerContactRoutes(api: ApiRouter, contact: ContactService): void {
  api.handle(API.contact, {
    handle: async ({ body, req }) => {
      const id = await contact.submit(body, req.ip ?? 'unknown', req.language);
      return { body: { id, detail: translate(req.language, 'contact.sent', { email: body.email }) } };
    },
  });
}
