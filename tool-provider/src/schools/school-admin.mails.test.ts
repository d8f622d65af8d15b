import type { SchoolInstitution } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { schoolRegisteredMail, teacherCodeMail } from './school-admin.mails';

const SCHOOL: SchoolInstitution = {
  id: 7,
  name: 'Colegio San José',
  country: { id: 1, name: 'Colombia' },
  territorialEntity: { id: 2, name: 'Antioquia' },
  city: { id: 3, name: 'Medellín' },
  address: 'Calle 10 # 43-12',
  email: 'rectoria@sanjose.edu.co',
  telephone: '6044445566',
  createdAt: '2027-01-10T15:00:00.000Z',
};

describe('schoolRegisteredMail', () => {
  it.each([
    [
      'es',
      'Ana',
      'Colegio San José quedó registrado en Kib',
      [
        'Hola Ana:',
        '',
        'Tu colegio quedó registrado en Kib con estos datos:',
        '',
        'Colegio San José',
        'Calle 10 # 43-12',
        'Medellín, Antioquia, Colombia',
        'Correo: rectoria@sanjose.edu.co · Teléfono: 6044445566',
        '',
        'Siguiente paso: entra a https://kib.co/schooladmin e ingresa el código de colegio que recibiste al adquirir tu plan. Con el plan activo podrás generar los códigos con los que tus profesores se unen al colegio.',
        '',
        'El equipo de Kib',
      ],
    ],
    [
      'en',
      null,
      'Colegio San José is registered on Kib',
      [
        'Hello,',
        '',
        'Your school is registered on Kib with these details:',
        '',
        'Colegio San José',
        'Calle 10 # 43-12',
        'Medellín, Antioquia, Colombia',
        'E-mail: rectoria@sanjose.edu.co · Telephone: 6044445566',
        '',
        'Next step: go to https://kib.co/schooladmin and enter the school code you received with your plan. Once the plan runs you can make the codes your teachers join the school with.',
        '',
        'The Kib team',
      ],
    ],
  ] as const)(
    'in %s, greeting %s, says where the school is and what comes next',
    (language, name, subject, lines) => {
      const mail = schoolRegisteredMail({
        to: 'ana@sanjose.edu.co',
        name,
        language,
        school: SCHOOL,
        publicUrl: 'https://kib.co',
      });
      expect(mail).toEqual({ to: 'ana@sanjose.edu.co', subject, text: lines.join('\n') });
    },
  );

  it('names Bogotá once when the city is its own district, and leaves out an empty address', () => {
    const { text } = schoolRegisteredMail({
      to: 'a@b.co',
      name: null,
      language: 'es',
      school: {
        ...SCHOOL,
        address: '',
        territorialEntity: { id: 11, name: 'Bogotá, D.C.' },
        city: { id: 12, name: 'Bogotá, D.C.' },
      },
      publicUrl: 'https://kib.co',
    });
    expect(text.split('\n').slice(4, 6)).toEqual(['Colegio San José', 'Bogotá, D.C., Colombia']);
  });
});

describe('teacherCodeMail', () => {
  it.each([
    // 04:30 UTC is still the evening before in Bogotá (UTC−5).
    [
      'es',
      '2027-03-01T04:30:00Z',
      'vence el 28-02-2027.',
      'Tu código de profesor de Colegio San José en Kib',
    ],
    ['en', '2027-03-01T05:30:00Z', 'expires on 01-03-2027.', 'Your teacher code for Colegio San José on Kib'],
  ] as const)(
    'in %s, gives the code, its last day in Bogotá and the steps',
    (language, expiry, day, subject) => {
      const mail = teacherCodeMail({
        to: 'profe@correo.co',
        language,
        schoolName: 'Colegio San José',
        code: 'ACDE3467',
        codeExpiration: new Date(expiry),
        publicUrl: 'https://kib.co',
      });
      expect(mail.to).toBe('profe@correo.co');
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain('\n    ACDE3467\n');
      expect(mail.text).toContain(day);
      expect(mail.text).toMatch(
        /\n1\. .*https:\/\/kib\.co\/signup .*\n2\. .*https:\/\/kib\.co\/teacher\/school\.\n/,
      );
    },
  );
});
