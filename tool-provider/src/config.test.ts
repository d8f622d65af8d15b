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

  it('turns the seed off with SEED=false', () => {
    expect(loadConfig({ SEED: 'false' }).seed).toBe(false);
  });

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', SEED: 'maybe' })).toThrow(/PORT[\s\S]*SEED|SEED[\s\S]*PORT/);
  });
});
