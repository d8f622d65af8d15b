import { describe, expect, it, vi } from 'vitest';
import { API } from '@kib/core';
import { ApiClient, ApiError, NetworkError } from './index';

type Call = { url: string; init: RequestInit };

function fakeFetch(answers: ((call: Call) => Response)[]) {
  const calls: Call[] = [];
  const impl = vi.fn(async (url: URL | RequestInfo, init?: RequestInit) => {
    const call = { url: String(url), init: init ?? {} };
    calls.push(call);
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected request');
    return answer(call);
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('ApiClient', () => {
  it('has a method for every endpoint of the contract', () => {
    const api = new ApiClient({ baseUrl: 'http://kib.test/api/', fetch: fakeFetch([]).impl });
    expect(Object.keys(api.endpoints).sort()).toEqual(Object.keys(API).sort());
  });

  it('has one typed method per declared endpoint: body sent snake_case, answer camelCased', async () => {
    const { impl, calls } = fakeFetch([
      () =>
        json(201, {
          email: 'a@b.co',
          first_name: 'Ana',
          last_name: 'Ruiz',
          groups: ['Students'],
          language: 'es',
          is_demo: false,
        }),
      () => new Response(null, { status: 204 }),
    ]);
    const api = new ApiClient({ baseUrl: 'http://kib.test/api/', fetch: impl });
    const user = await api.endpoints.register({
      body: {
        email: 'a@b.co',
        firstName: 'Ana',
        lastName: 'Ruiz',
        password: 'secret1',
        rePassword: 'secret1',
        isStudent: true,
      },
    });
    expect(user).toMatchObject({ firstName: 'Ana', isDemo: false });
    expect(calls[0]!.url).toBe('http://kib.test/api/auth/users/');
    expect(calls[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]!.init.body))).toMatchObject({
      first_name: 'Ana',
      re_password: 'secret1',
    });
    expect(await api.endpoints.resetPassword({ body: { email: 'a@b.co' } })).toBeUndefined();
    expect(calls[1]!.url).toBe('http://kib.test/api/auth/users/reset_password/');
  });

  it('fills path parameters, URI-encoded, and sends the query snake_case', async () => {
    const { impl, calls } = fakeFetch([
      () => new Response(null, { status: 204 }),
      () => json(200, { ok: true }),
    ]);
    const api = new ApiClient({ baseUrl: 'http://kib.test/api/', fetch: impl });
    expect(await api.call('revokeEmbedToken', { params: { id: '7', tokenId: 'a b/c' } })).toBeUndefined();
    expect(calls[0]!.url).toBe('http://kib.test/api/classrooms/7/embed-tokens/a%20b%2Fc/');
    expect(calls[0]!.init.method).toBe('DELETE');
    await api.endpoints.courseTopics({
      params: { id: '3' },
      query: { pageSize: 20, empty: null },
    } as never);
    expect(calls[1]!.url).toBe('http://kib.test/api/courses/3/topics/?page_size=20');
  });

  it('sends snake_case with the bearer token and answers camelCase', async () => {
    const { impl, calls } = fakeFetch([
      () => json(200, { correct_ans: true, numeral_completed: false, result: {} }),
    ]);
    const api = new ApiClient({ baseUrl: 'http://kib.test/api', token: 'T', fetch: impl, lang: 'en' });
    const r = await api.endpoints.proof({
      body: { answer: [{ math: 'x' }], numeral: 3, currentStep: null, totalTime: 4 },
    });
    expect(r).toMatchObject({ correctAns: true, numeralCompleted: false });
    expect(calls[0]!.url).toBe('http://kib.test/api/proof/');
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      answer: [{ math: 'x' }],
      numeral: 3,
      current_step: null,
      total_time: 4,
    });
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer T');
    expect(headers['accept-language']).toBe('en');
    expect(calls[0]!.init.credentials).toBe('include');
  });

  it('refreshes once after a 401 and retries with the new token', async () => {
    const { impl, calls } = fakeFetch([
      () => json(401, { detail: 'expired', code: 'unauthenticated' }),
      () => json(200, { access: 'NEW' }),
      () => json(200, { data: [{ numeral_id: 1, completed: true }] }),
    ]);
    const onTokenChange = vi.fn();
    const api = new ApiClient({ baseUrl: '/api/', token: 'OLD', fetch: impl, onTokenChange });
    expect(await api.endpoints.solutionData({ body: { problemId: 9 } })).toEqual({
      data: [{ numeralId: 1, completed: true }],
    });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/api/getstudentproblemsolutiondata/',
      '/api/auth/jwt/refresh/',
      '/api/getstudentproblemsolutiondata/',
    ]);
    expect((calls[2]!.init.headers as Record<string, string>).authorization).toBe('Bearer NEW');
    expect(onTokenChange).toHaveBeenCalledWith('NEW');
  });

  it('sends no cookies and never refreshes when told to omit credentials (a page on another origin)', async () => {
    const { impl, calls } = fakeFetch([
      () => json(200, { tokens: [] }),
      () => json(401, { detail: 'expired', code: 'session-expired' }),
    ]);
    const api = new ApiClient({
      baseUrl: 'https://kib.test/api/',
      token: 'kibe_x',
      fetch: impl,
      credentials: 'omit',
    });
    await api.endpoints.embedTokens({ params: { id: '3' } });
    expect(calls[0]!.init.credentials).toBe('omit');
    await expect(api.endpoints.classroomOverview({ params: { id: '3' } })).rejects.toMatchObject({
      status: 401,
    });
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/api/classrooms/3/embed-tokens/',
      '/api/classrooms/3/overview/',
    ]);
  });

  it('turns an error answer into an ApiError with its translated detail and fields', async () => {
    const { impl } = fakeFetch([
      () =>
        json(400, {
          detail: 'Revisa los campos.',
          code: 'invalid',
          fields: { answer: ['Valor no válido.'] },
        }),
    ]);
    const api = new ApiClient({ baseUrl: '/api/', token: 'T', fetch: impl });
    const error = await api.endpoints
      .hints({ body: { answer: 1, numeral: 1, currentStep: null, totalTime: 0 } })
      .catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'invalid', fields: { answer: ['Valor no válido.'] } });
  });

  it('uploads to a multipart endpoint: JSON fields as snake_case JSON text, each file with its formdata', async () => {
    const { impl, calls } = fakeFetch([
      () => json(200, { problem_id: 7, uploaded_pics: [{ type: 'problem', id: '7', name: 'k.png' }] }),
    ]);
    const api = new ApiClient({ baseUrl: 'http://kib.test/api/', token: 'tok', fetch: impl });
    const picture = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    const answer = await api.upload('saveProblem', {
      body: {
        state: {
          title: 'Parábola',
          description: '',
          language: 'es',
          publishProblem: false,
          calculator: false,
          subtopicId: 3,
        },
        userType: 'creator',
      },
      files: [
        {
          field: 'picture_0',
          file: picture,
          name: 'parabola.png',
          formdata: { name: 'parabola.png', type: 'problem', id: '' },
        },
      ],
    });
    expect(answer).toMatchObject({
      problemId: 7,
      uploadedPics: [{ type: 'problem', id: '7', name: 'k.png' }],
    });
    const [call] = calls;
    expect(call!.url).toBe('http://kib.test/api/send_create_problem_data/');
    expect(call!.init.method).toBe('POST');
    const headers = call!.init.headers as Record<string, string>;
    expect(headers['content-type']).toBeUndefined();
    expect(headers.authorization).toBe('Bearer tok');
    const form = call!.init.body as FormData;
    expect(JSON.parse(form.get('state') as string)).toEqual({
      title: 'Parábola',
      description: '',
      language: 'es',
      publish_problem: false,
      calculator: false,
      subtopic_id: 3,
    });
    expect(form.get('user_type')).toBe('creator');
    const file = form.get('picture_0') as File;
    expect(file.name).toBe('parabola.png');
    expect(file.size).toBe(4);
    expect(JSON.parse(form.get('formdata_0') as string)).toEqual({
      name: 'parabola.png',
      type: 'problem',
      id: '',
    });
  });

  it('refuses to upload to an endpoint that does not take multipart', async () => {
    const api = new ApiClient({ baseUrl: 'http://kib.test/api/', fetch: fakeFetch([]).impl });
    await expect(
      api.upload('login' as never, { body: { email: 'a@b.co', password: 'x' } } as never),
    ).rejects.toThrow(/does not take multipart/);
  });

  it('reports a dead network as NetworkError', async () => {
    const impl = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    const api = new ApiClient({ baseUrl: '/api/', fetch: impl });
    await expect(api.endpoints.problem({ params: { id: '1' } })).rejects.toBeInstanceOf(NetworkError);
  });

  it('shares one refresh between concurrent callers and forgets the token when it fails', async () => {
    const { impl, calls } = fakeFetch([() => json(401, { detail: 'no', code: 'unauthenticated' })]);
    const api = new ApiClient({ baseUrl: '/api/', token: 'OLD', fetch: impl });
    const [a, b] = await Promise.all([api.refresh(), api.refresh()]);
    expect([a, b]).toEqual([false, false]);
    expect(calls).toHaveLength(1);
    expect(api.token).toBeNull();
  });
});
