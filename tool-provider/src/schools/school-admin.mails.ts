import { formatDateDmy, type SchoolInstitution } from '@kib/core';
import { translate, type Language } from '@kib/i18n';
import type { MailMessage } from '../mail/mailer';

/**
 * The time zone of dates in school mails: Kib's schools are Colombian, and a code that ends at
 * midnight in Bogotá must not read as the next day.
 */
export const SCHOOL_MAIL_TIME_ZONE = 'America/Bogota';

/** A translator bound to one language. */
function translator(language: Language) {
  return (key: string, params?: Record<string, unknown>) => translate(language, key, params);
}

/** The greeting of a mail: by name when the recipient is known, else a plain one. */
function greeting(t: ReturnType<typeof translator>, name: string | null): string {
  return name ? t('mail.greeting', { name }) : t('mail.greeting-anonymous');
}

/**
 * The confirmation of a school's registration (spec 03 §8 "SchoolSuccesfullyRegistered"), in
 * `language`: the school's name and address as registered, and the next step (the school code of
 * its plan, entered at /schooladmin). `name` greets the admin; a mail to the school's own address
 * greets no one by name.
 */
export function schoolRegisteredMail(opts: {
  to: string;
  name: string | null;
  language: Language;
  school: SchoolInstitution;
  publicUrl: string;
}): MailMessage {
  const t = translator(opts.language);
  const { school } = opts;
  // "Medellín, Antioquia, Colombia"; Bogotá is its own department, named once.
  const where = [school.city.name, school.territorialEntity?.name, school.country?.name]
    .filter((part, i, all): part is string => Boolean(part) && all.indexOf(part) === i)
    .join(', ');
  return {
    to: opts.to,
    subject: t('mail.school-registered.subject', { school: school.name }),
    text: [
      greeting(t, opts.name),
      '',
      t('mail.school-registered.body', { school: school.name }),
      '',
      school.name,
      ...(school.address ? [school.address] : []),
      where,
      t('mail.school-registered.contact', { email: school.email, telephone: school.telephone }),
      '',
      t('mail.school-registered.next', { url: `${opts.publicUrl}/schooladmin` }),
      '',
      t('mail.signature'),
    ].join('\n'),
  };
}

/**
 * A teacher code sent to a teacher, in `language` (the school admin's): the school, the code, the
 * day it expires (DD-MM-YYYY, {@link SCHOOL_MAIL_TIME_ZONE}), and the steps: create a teacher
 * account at /signup, then enter the code at /teacher/school.
 */
export function teacherCodeMail(opts: {
  to: string;
  language: Language;
  schoolName: string;
  code: string;
  codeExpiration: Date;
  publicUrl: string;
}): MailMessage {
  const t = translator(opts.language);
  return {
    to: opts.to,
    subject: t('mail.teacher-code.subject', { school: opts.schoolName }),
    text: [
      greeting(t, null),
      '',
      t('mail.teacher-code.body', { school: opts.schoolName }),
      '',
      `    ${opts.code}`,
      '',
      t('mail.teacher-code.expires', {
        date: formatDateDmy(opts.codeExpiration, { timeZone: SCHOOL_MAIL_TIME_ZONE }),
      }),
      '',
      t('mail.teacher-code.steps'),
      t('mail.teacher-code.step-account', { url: `${opts.publicUrl}/signup` }),
      t('mail.teacher-code.step-code', { url: `${opts.publicUrl}/teacher/school` }),
      '',
      t('mail.signature'),
    ].join('\n'),
  };
}
