import { ApiError, NetworkError } from '@kib/api-client';
import { ClassroomOverviewSchema, StudentDetailSchema } from '@kib/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { credentialsFor, loadFailure, parseDashboardData } from './dashboard-data';
import { classroomFixture, classroomStudentFixtures, emptyClassroomFixture } from './dashboard.fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('loadFailure', () => {
  it.each([
    [new ApiError(401, 'not-authenticated', ''), 'common.dashboard.error-session', true],
    [new ApiError(403, 'forbidden', ''), 'common.dashboard.error-forbidden', false],
    [new ApiError(403, 'subscription-required', ''), 'errors.subscription-required', false],
    [new ApiError(404, 'not-found', ''), 'classroom-overview.not-found', false],
    [new ApiError(500, 'internal', ''), 'common.dashboard.error-server', true],
    [new NetworkError(new TypeError('Failed to fetch')), 'common.dashboard.error-network', true],
    [new Error('anything'), 'common.dashboard.error-server', true],
  ])('reads %o as %s', (error, message, retryable) => {
    expect(loadFailure(error, 'classroom-overview.not-found')).toEqual({ message, retryable });
  });
});

describe('parseDashboardData', () => {
  it('accepts the data as an object and as its JSON text', () => {
    expect(parseDashboardData(ClassroomOverviewSchema, classroomFixture)).toEqual({
      ok: true,
      data: classroomFixture,
    });
    const parsed = parseDashboardData(StudentDetailSchema, JSON.stringify(classroomStudentFixtures[3]));
    expect(parsed.ok && parsed.data).toEqual(classroomStudentFixtures[3]);
  });

  it.each([
    ['text that is not JSON', '{"classroom":'],
    ['null', null],
    ['a missing classroom', { ...emptyClassroomFixture, classroom: undefined }],
    [
      'a week number over 52',
      {
        ...emptyClassroomFixture,
        weekly: [{ week: 53, start: '2026-12-28', attempts: 0, activeStudents: 0 }],
      },
    ],
    [
      'a student without e-mail',
      { ...classroomFixture, students: [{ ...classroomFixture.students[0], email: undefined }] },
    ],
  ])('refuses %s, with the issues', (_, input) => {
    const parsed = parseDashboardData(ClassroomOverviewSchema, input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues.length).toBeGreaterThan(0);
  });
});

describe('credentialsFor', () => {
  it("sends Kib's cookies to Kib's own origin only", () => {
    vi.stubGlobal('location', new URL('https://kib.example/teacher/classroom/1'));
    expect(credentialsFor('/api/')).toBe('include');
    expect(credentialsFor('https://kib.example/api/')).toBe('include');
    expect(credentialsFor('https://api.kib.example/api/')).toBe('omit');
    vi.stubGlobal('location', new URL('https://school.example/intranet/'));
    expect(credentialsFor('https://kib.example/api/')).toBe('omit');
  });

  it('sends none outside a page', () => {
    vi.stubGlobal('location', undefined);
    expect(credentialsFor('https://kib.example/api/')).toBe('omit');
  });
});
