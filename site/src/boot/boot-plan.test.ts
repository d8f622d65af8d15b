import { API, fillPath, toSnakeCase } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { initialLanguage } from '../i18n/language';
import { BOOT_REFRESH, bootKey, bootLanguage, bootPlan, hasSessionHint } from './boot-plan';

/** The path under /api/ the API client sends an endpoint to. */
const wire = (path: string, params?: Record<string, string | number>) =>
  fillPath(path, params).replace(/^\//, '');

describe('the head script plan', () => {
  it('asks for what the contract declares, as the API client writes it (paths, bodies, methods)', () => {
    expect(BOOT_REFRESH).toMatchObject({ method: 'POST', path: wire(API.refreshSession.path), body: '{}' });
    const plan = bootPlan('/student/solve', '?problem=12&module=3&classroom=4');
    expect(plan).toEqual([
      { method: 'GET', path: wire(API.me.path), auth: 'session' },
      { method: 'GET', path: wire(API.problem.path, { id: 12 }), auth: 'session' },
      {
        method: 'POST',
        path: wire(API.solutionData.path),
        body: JSON.stringify(toSnakeCase({ problemId: 12 })),
        auth: 'session',
      },
      { method: 'GET', path: wire(API.studentClassrooms.path), auth: 'session' },
      { method: 'GET', path: wire(API.publicConfig.path), auth: 'none' },
    ]);
    for (const request of [BOOT_REFRESH, ...plan]) {
      const declared = Object.values(API).find(
        (e) => e.path.replace(/^\//, '') === request.path.replace(/\/12\//, '/:id/'),
      );
      expect(declared?.method.toUpperCase()).toBe(request.method);
    }
    // The public configuration is the same for everyone; the current user needs the session.
    expect(API.publicConfig.access).toMatchObject({ kind: 'public' });
  });

  it('asks each page for what it shows first, and nothing for a malformed address', () => {
    const paths = (p: string, q = '') => bootPlan(p, q).map((r) => `${r.method} ${r.path}:${r.auth}`);
    expect(paths('/login')).toEqual(['GET auth/users/me/:session']);
    expect(paths('/teacher/classrooms')).toEqual(['GET auth/users/me/:session']);
    expect(paths('/student')).toEqual(['GET auth/users/me/:session', 'GET get_student_classrooms/:session']);
    expect(paths('/student/modules/')).toEqual([
      'GET auth/users/me/:session',
      'GET get_student_classrooms/:session',
    ]);
    // A problem outside a module needs no classrooms.
    expect(paths('/student/solve', '?problem=5')).toEqual([
      'GET auth/users/me/:session',
      'GET problems/5/:session',
      'POST getstudentproblemsolutiondata/:session',
      'GET config/:none',
    ]);
    expect(paths('/student/solve', '?problem=5x')).toEqual([
      'GET auth/users/me/:session',
      'GET config/:none',
    ]);
    expect(paths('/demo/student/modules/solve', '?problem=1')).toEqual([
      'GET auth/users/me/:session',
      'GET problems/1/:optional',
      'GET config/:none',
    ]);
    expect(paths('/studentx')).toEqual(['GET auth/users/me/:session']);
  });

  it('keys a POST by its body, so another body is never answered with this one', () => {
    expect(bootKey('GET', 'config/')).toBe('GET config/');
    expect(bootKey('POST', 'a/', '{"x":1}')).not.toBe(bootKey('POST', 'a/', '{"x":2}'));
  });

  it('starts in the language the app starts in, from the same cookie', () => {
    for (const value of ['en', 'es', 'fr', '']) {
      document.cookie = `kib_lang=${value}; path=/`;
      expect(bootLanguage(document.cookie)).toBe(initialLanguage());
    }
    document.cookie = 'kib_lang=; path=/; max-age=0';
    expect(bootLanguage(document.cookie)).toBe(initialLanguage());
    // The session hint, which the app's own start reads the same way.
    expect(hasSessionHint('a=1; kib_session=x=y')).toBe(true);
    expect(hasSessionHint('a=1; kib_sessions=1')).toBe(false);
  });
});
