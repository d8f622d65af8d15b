import { z } from 'zod';
import { ContactMessageSchema } from './auth.schemas';
import { endpoint, PUBLIC } from './contract';

/** The landing page's contact form. */
export const CONTACT_ENDPOINTS = {
  contact: endpoint({
    method: 'post',
    path: '/contact_form/',
    access: PUBLIC,
    tag: 'contact',
    summary: 'Sends a message to the Kib team: its id, and a translated acknowledgement',
    body: ContactMessageSchema,
    response: z.object({ id: z.number().int(), detail: z.string() }),
    status: 201,
  }),
};
