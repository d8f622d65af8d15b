import { describe, expect, it } from 'vitest';
import { ContactMessageSchema, RegistrationSchema, ResetPasswordConfirmSchema } from './auth.schemas';

const valid = {
  email: 'ana@colegio.edu.co',
  firstName: 'Ana',
  lastName: 'Pérez',
  password: 'secreto1',
  rePassword: 'secreto1',
  isStudent: true,
  isTeacher: false,
};

function issues(input: unknown) {
  const r = RegistrationSchema.safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
}

describe('RegistrationSchema', () => {
  it('accepts a valid student and derives the user type from the checkboxes', () => {
    expect(RegistrationSchema.parse(valid).userType).toBe('student');
    expect(RegistrationSchema.parse({ ...valid, isStudent: false, isTeacher: true }).userType).toBe(
      'teacher',
    );
    expect(RegistrationSchema.parse({ ...valid, isStudent: false, userType: 'schoolAdmin' }).userType).toBe(
      'schoolAdmin',
    );
  });

  it.each([
    ['ana@localhost', 'email', 'validation.email-invalid'],
    ['ana.colegio.co', 'email', 'validation.email-invalid'],
    ['ana @x.co', 'email', 'validation.email-invalid'],
    ['', 'email', 'validation.required'],
  ])('refuses the e-mail %j', (email, path, key) => {
    expect(issues({ ...valid, email })).toContainEqual([path, key]);
  });

  it('accepts any top-level domain text', () => {
    expect(issues({ ...valid, email: 'a@b.anything' })).toEqual([]);
  });

  it('refuses a password under 6 characters', () => {
    expect(issues({ ...valid, password: '12345', rePassword: '12345' })).toContainEqual([
      'password',
      'validation.password-too-short',
    ]);
  });

  it('names the repeat field when the passwords differ', () => {
    expect(issues({ ...valid, rePassword: 'otro' })).toEqual([
      ['rePassword', 'validation.passwords-mismatch'],
    ]);
  });

  it('refuses student and teacher at once', () => {
    expect(issues({ ...valid, isTeacher: true })).toContainEqual(['isTeacher', 'validation.role-exclusive']);
  });

  it('refuses an unknown user type', () => {
    expect(issues({ ...valid, userType: 'admin' })).toContainEqual([
      'userType',
      'validation.user-type-invalid',
    ]);
  });
});

describe('ResetPasswordConfirmSchema', () => {
  it('names reNewPassword when the new passwords differ', () => {
    const r = ResetPasswordConfirmSchema.safeParse({
      uid: 'MQ',
      token: 't',
      newPassword: 'abcdef',
      reNewPassword: 'abcdeg',
    });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['reNewPassword']);
  });
});

describe('ContactMessageSchema', () => {
  it('refuses an over-long message', () => {
    const r = ContactMessageSchema.safeParse({ name: 'A', email: 'a@b.co', message: 'x'.repeat(5001) });
    expect(r.success).toBe(false);
  });

  it('takes a name as long as its column holds, and no longer', () => {
    const message = { email: 'a@b.co', message: 'Hola' };
    expect(ContactMessageSchema.safeParse({ ...message, name: 'ñ'.repeat(150) }).success).toBe(true);
    expect(ContactMessageSchema.safeParse({ ...message, name: 'ñ'.repeat(151) }).success).toBe(false);
  });
});
