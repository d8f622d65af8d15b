import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 8080,
      publicUrl: 'http://localhost:8080',
      databaseUrl: undefined,
      seed: true,
      cookieSecure: false,
      cookieSameSite: 'lax',
      accessTokenTtl: 300,
      ltiDynamicRegistration: 'open',
    });
    expect(c.dataDir.endsWith('/data')).toBe(true);
  });

  it('never seeds in production and requires a JWT secret there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET/);
    const c = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(32),
      PUBLIC_URL: 'https://kib.example',
    });
    expect(c.seed).toBe(false);
    expect(c.cookieSecure).toBe(true);
    expect(c.ltiDynamicRegistration).toBe('closed');
  });

  it('opens LTI dynamic registration in production only when told', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...production, LTI_DYNAMIC_REGISTRATION: 'open' }).ltiDynamicRegistration).toBe(
      'open',
    );
    expect(loadConfig({ LTI_DYNAMIC_REGISTRATION: 'closed' }).ltiDynamicRegistration).toBe('closed');
  });

  it('makes line items of 100 points unless LTI_LINE_ITEM_MAX_SCORE says otherwise (1 to 10000)', () => {
    expect(loadConfig({}).ltiLineItemMaxScore).toBe(100);
    expect(loadConfig({ LTI_LINE_ITEM_MAX_SCORE: '10' }).ltiLineItemMaxScore).toBe(10);
    expect(loadConfig({ LTI_LINE_ITEM_MAX_SCORE: '1' }).ltiLineItemMaxScore).toBe(1);
    for (const bad of ['0', '10001', '2.5', 'many'])
      expect(() => loadConfig({ LTI_LINE_ITEM_MAX_SCORE: bad })).toThrow(/LTI_LINE_ITEM_MAX_SCORE/);
  });

  it('leaves AI creation unconfigured unless AI_BASE_URL and AI_MODEL are both set', () => {
    expect(loadConfig({}).ai).toBeNull();
    expect(loadConfig({ AI_BASE_URL: 'http://127.0.0.1:9/v1' }).ai).toBeNull();
    expect(loadConfig({ AI_MODEL: 'gpt-4o-mini' }).ai).toBeNull();
    expect(
      loadConfig({ AI_BASE_URL: 'https://llm.example/v1/', AI_MODEL: 'm', AI_API_KEY: 'sk-1' }).ai,
    ).toEqual({
      baseUrl: 'https://llm.example/v1',
      apiKey: 'sk-1',
      model: 'm',
      timeoutMs: 60_000,
      maxTokens: 4000,
      requestsPerHour: 20,
    });
    const bounded = loadConfig({
      AI_BASE_URL: 'https://llm.example/v1',
      AI_MODEL: 'm',
      AI_TIMEOUT_MS: '5000',
      AI_MAX_TOKENS: '1000',
      AI_REQUESTS_PER_HOUR: '3',
    }).ai;
    expect(bounded).toMatchObject({
      apiKey: undefined,
      timeoutMs: 5000,
      maxTokens: 1000,
      requestsPerHour: 3,
    });
    for (const [name, bad] of [
      ['AI_BASE_URL', 'not a url'],
      ['AI_TIMEOUT_MS', '10'],
      ['AI_MAX_TOKENS', 'lots'],
      ['AI_REQUESTS_PER_HOUR', '0'],
    ] as const)
      expect(() => loadConfig({ [name]: bad })).toThrow(new RegExp(name));
  });

  it('turns the seed off with SEED=false', () => {
    expect(loadConfig({ SEED: 'false' }).seed).toBe(false);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SEED: 'maybe' })).toThrow(/PORT[\s\S]*SEED|SEED[\s\S]*PORT/);
  });
});
