import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Limiter } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import type { RedeemedCodeRow, SchoolAdminRepository } from './school-admin.repository';
import { SchoolAdminService, teacherCodeStatus, toSubscription } from './school-admin.service';

const NOW = new Date('2027-06-01T12:00:00Z');
const at = (iso: string) => new Date(iso);

const code = (fields: Partial<RedeemedCodeRow>): RedeemedCodeRow => ({
  code: 'PLAN',
  numberOfStudents: 100,
  planValidUntil: at('2028-01-01T00:00:00Z'),
  revokedAt: null,
  redeemedAt: at('2027-01-01T00:00:00Z'),
  ...fields,
});

describe('teacherCodeStatus', () => {
  it.each([
    ['unused until its date', null, '2027-06-02T00:00:00Z', 'unused'],
    ['expired from its date on', null, '2027-06-01T12:00:00Z', 'expired'],
    [
      'used once a teacher joined with it, even after its date',
      { id: 1, firstName: 'A', lastName: 'B', email: 'a@b.co' },
      '2027-01-01T00:00:00Z',
      'used',
    ],
  ] as const)('is %s', (_title, usedBy, expiration, status) => {
    expect(teacherCodeStatus({ usedBy, codeExpiration: at(expiration) }, NOW)).toBe(status);
  });
});

describe('toSubscription', () => {
  it('is null for a school that never redeemed a code', () => {
    expect(toSubscription([], { planValidUntil: null, studentLimit: 0, students: 0 }, 0, NOW)).toBeNull();
  });

  it.each([
    ['active while the students fit', 40, 'active'],
    ['full when the students reach the limit', 150, 'full'],
  ] as const)('is %s', (_title, students, status) => {
    const subscription = toSubscription(
      [code({ code: 'B', numberOfStudents: 50 }), code({ code: 'A' })],
      { planValidUntil: at('2028-01-01T00:00:00Z'), studentLimit: 150, students },
      3,
      NOW,
    );
    expect(subscription).toEqual({
      status,
      planValidUntil: '2028-01-01T00:00:00.000Z',
      studentLimit: 150,
      students,
      teachers: 3,
      codes: [
        {
          code: 'B',
          numberOfStudents: 50,
          planValidUntil: '2028-01-01T00:00:00.000Z',
          revoked: false,
          redeemedAt: '2027-01-01T00:00:00.000Z',
        },
        {
          code: 'A',
          numberOfStudents: 100,
          planValidUntil: '2028-01-01T00:00:00.000Z',
          revoked: false,
          redeemedAt: '2027-01-01T00:00:00.000Z',
        },
      ],
    });
  });

  it('is ended when the last plan is over, until the day it ended', () => {
    const subscription = toSubscription(
      [code({ planValidUntil: at('2027-05-01T00:00:00Z') })],
      { planValidUntil: at('2027-05-01T00:00:00Z'), studentLimit: 0, students: 12 },
      1,
      NOW,
    );
    expect(subscription).toMatchObject({ status: 'ended', planValidUntil: '2027-05-01T00:00:00.000Z' });
  });

  it('is ended when every code was revoked, until the latest day one stopped counting', () => {
    const subscription = toSubscription(
      [
        code({ code: 'B', revokedAt: at('2027-04-10T00:00:00Z') }),
        code({
          code: 'A',
          planValidUntil: at('2027-03-01T00:00:00Z'),
          revokedAt: at('2027-05-01T00:00:00Z'),
        }),
      ],
      { planValidUntil: null, studentLimit: 0, students: 12 },
      1,
      NOW,
    );
    expect(subscription).toMatchObject({ status: 'ended', planValidUntil: '2027-04-10T00:00:00.000Z' });
    expect(subscription!.codes.map((c) => c.revoked)).toEqual([true, true]);
  });
});

describe('SchoolAdminService.createTeacherCode', () => {
  it('draws again when a drawn code is taken, and stores the first free one', async () => {
    const tried: string[] = [];
    const repo = {
      administers: async () => true,
      plan: async () => ({ planValidUntil: at('2028-01-01T00:00:00Z'), studentLimit: 10, students: 10 }),
      createTeacherCode: async (_school: number, code: string, codeExpiration: Date, now: Date) => {
        tried.push(code);
        return code === 'TAKEN111'
          ? ('code-used' as const)
          : { code, codeExpiration, createdAt: now, usedBy: null };
      },
    } as unknown as SchoolAdminRepository;
    const draws = ['TAKEN111', 'FREE2222'];
    const service = new SchoolAdminService({
      repo,
      schoolCodes: { redeem: () => Promise.reject(new Error('not used')) },
      mailer: {} as Mailer,
      logger: pino({ level: 'silent' }),
      codeLimiter: {} as Limiter,
      publicUrl: 'https://kib.co',
      now: () => NOW,
      drawCode: () => draws.shift()!,
    });
    const answer = await service.createTeacherCode(
      { userId: 1, groups: ['School Admin'] },
      { institutionId: 5, validDays: 3, email: null },
    );
    expect(tried).toEqual(['TAKEN111', 'FREE2222']);
    expect(answer).toEqual({
      code: {
        code: 'FREE2222',
        codeExpiration: '2027-06-04T12:00:00.000Z',
        createdAt: NOW.toISOString(),
        status: 'unused',
        usedBy: null,
      },
      mailed: false,
    });
  });
});
