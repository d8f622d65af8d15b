import { zodResolver } from '@hookform/resolvers/zod';
import { ApiError } from '@kib/api-client';
import { ContactMessageSchema, type ContactMessage } from '@kib/core';
import { useRef, useState } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { useApi } from '../app/api';
import { useT } from '../i18n/language';
import { errorMessage } from '../ui/error-message';
import { cleanContactMessage } from './clean-contact-text';

/** A field of a contact message. */
export type ContactField = keyof ContactMessage;

const FIELDS: readonly ContactField[] = ['name', 'email', 'message'];

/** Longest text each field takes, read from the schema so the form and the server agree. */
export const CONTACT_MAX_LENGTH: Record<ContactField, number> = {
  name: ContactMessageSchema.shape.name.maxLength ?? 200,
  email: ContactMessageSchema.shape.email.maxLength ?? 254,
  message: ContactMessageSchema.shape.message.maxLength ?? 5000,
};

/** What a send came to: the e-mail the answer goes to, or the reason it failed. */
export type ContactResult = { sent: true; email: string } | { sent: false; detail: string };

/**
 * A form that writes to Kib (contact_form/): validated with the core schema, cleaned of HTML, script
 * tags and code keywords before sending (spec 01 §5), server field errors put under their fields.
 * `onlyCodeKey` names the text shown when cleaning leaves a field empty; `keep` decides what stays
 * filled after a successful send.
 */
export function useContactForm(options: {
  defaultValues: ContactMessage;
  onlyCodeKey: string;
  keep: 'nothing' | 'sender';
}) {
  const t = useT();
  const api = useApi();
  const [result, setResult] = useState<ContactResult | null>(null);
  const firstInvalid = useRef<ContactField | null>(null);
  const form = useForm<ContactMessage>({
    resolver: zodResolver(ContactMessageSchema),
    defaultValues: options.defaultValues,
  });
  const { setError, setFocus, reset, resetField, handleSubmit } = form;

  // Schema and cleaning messages are i18n keys; server messages arrive translated.
  const errorText = (field: ContactField, error?: FieldError) =>
    !error?.message
      ? undefined
      : error.type === 'server'
        ? error.message
        : t(error.message, { max: CONTACT_MAX_LENGTH[field] });

  const onSubmit = handleSubmit(async (values) => {
    firstInvalid.current = null;
    setResult(null);
    const cleaned = ContactMessageSchema.safeParse(cleanContactMessage(values));
    if (!cleaned.success) {
      // Only HTML or code was typed: nothing would be left to send.
      const fields = new Set(cleaned.error.issues.map((issue) => issue.path[0] as ContactField));
      const invalid = FIELDS.filter((f) => fields.has(f));
      for (const field of invalid) setError(field, { type: 'cleaned', message: options.onlyCodeKey });
      if (invalid[0]) setFocus(invalid[0]);
      return;
    }
    try {
      await api.endpoints.contact({ body: cleaned.data });
      if (options.keep === 'sender') resetField('message');
      else reset();
      setResult({ sent: true, email: cleaned.data.email });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.fields[field]?.[0];
          if (!message) continue;
          setError(field, { type: 'server', message });
          firstInvalid.current ??= field;
        }
      }
      setResult({ sent: false, detail: errorMessage(error, t) });
    }
  });

  return { form, errorText, onSubmit, result, setResult, firstInvalid };
}
