import { ApiClient, ApiError, NetworkError } from '@kib/api-client';
import { describe, expect, it } from 'vitest';
import type { ResponseOf, API } from '@kib/core';
import { followJob } from './follow-job';

type AiJobAnswer = ResponseOf<typeof API.aiProblemJob>;

const ID = '7a4f4c8e-1b2d-4e5f-9a0b-1c2d3e4f5a6b';
const job = (state: AiJobAnswer['state'], extra: Partial<AiJobAnswer> = {}): AiJobAnswer => ({
  id: ID,
  state,
  failedTries: 0,
  answer: null,
  error: null,
  ...extra,
});
const ANSWER = { problem: { title: 'Ecuaciones' }, checks: [] } as unknown as NonNullable<
  AiJobAnswer['answer']
>;

/** Follows a generation through the client, as the creation tool does. */
const follow = (api: ApiClient, first: AiJobAnswer, options: Parameters<typeof followJob<unknown>>[2]) =>
  followJob<unknown>(first, (id) => api.endpoints.aiProblemJob({ params: { id } }), options);

/** A client whose create_ai_problem/{id}/ answers `replies` in turn: a job, an HTTP status, or a network failure. */
function client(replies: (AiJobAnswer | number | 'offline')[]) {
  let asked = 0;
  const api = new ApiClient({
    baseUrl: '/api/',
    fetch: async (input) => {
      expect(String(input)).toContain(`/api/create_ai_problem/${ID}/`);
      const reply = replies[Math.min(asked++, replies.length - 1)]!;
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      if (typeof reply === 'number')
        return new Response(JSON.stringify({ code: reply === 404 ? 'not-found' : 'error', detail: 'x' }), {
          status: reply,
        });
      return new Response(JSON.stringify({ ...reply, failed_tries: reply.failedTries }), { status: 200 });
    },
  });
  return { api, asked: () => asked };
}

const quick = { tooLong: () => new Error('too long'), sleep: () => Promise.resolve() };

describe('following a background job', () => {
  it('waits out a server that is away (a restart, the network) and answers the draft', async () => {
    const { api, asked } = client([job('running'), 503, 'offline', 502, job('done', { answer: ANSWER })]);
    const seen: string[] = [];
    const answer = await follow(api, job('queued'), {
      ...quick,
      onProgress: (j: { state: string }) => seen.push(j.state),
    });
    expect(answer).toEqual(ANSWER);
    expect(asked()).toBe(5);
    expect(seen).toEqual(['queued', 'running', 'running', 'running', 'running', 'done']);
  });

  it('throws the failure of the last try, a refusal of the question, and gives up past its time', async () => {
    const failed = job('failed', {
      error: { status: 503, code: 'ai-busy', detail: 'El modelo está ocupado.' },
    });
    const error = await follow(client([failed]).api, job('queued'), {
      ...quick,
      onProgress: () => {},
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, code: 'ai-busy', detail: 'El modelo está ocupado.' });

    const gone = await follow(client([404]).api, job('queued'), {
      ...quick,
      onProgress: () => {},
    }).catch((e: unknown) => e);
    expect(gone).toMatchObject({ status: 404, code: 'not-found' });

    const offline = await follow(client(['offline']).api, job('queued'), {
      ...quick,
      onProgress: () => {},
    }).catch((e: unknown) => e);
    expect(offline).toBeInstanceOf(NetworkError);

    let clock = 0;
    const late = await follow(client([job('running')]).api, job('queued'), {
      ...quick,
      onProgress: () => {},
      now: () => (clock += 60_000),
    }).catch((e: unknown) => e);
    expect(late).toEqual(new Error('too long'));
  });
});
