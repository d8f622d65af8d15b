import { ContactMessageSchema } from '@kib/core';
import { translate } from '@kib/i18n';
import { PUBLIC } from '../http/access';
import type { ApiRouter } from '../http/api-router';
import type { ContactService } from './contact.service';

/** POST contact_form/ (spec 01 §7). */
export function registerContactRoutes(api: ApiRouter, contact: ContactService): void {
  api.define({
    method: 'post',
    path: '/contact_form/',
    access: PUBLIC,
    body: ContactMessageSchema,
    handle: async ({ body, req }) => {
      const id = await contact.submit(body, req.ip ?? 'unknown', req.language);
      return {
        status: 201,
        body: { id, detail: translate(req.language, 'contact.sent', { email: body.email }) },
      };
    },
  });
}
