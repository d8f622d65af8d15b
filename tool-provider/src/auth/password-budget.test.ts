import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors';
import { PasswordBudget, type PasswordWork } from './password-budget';

/** Hashing whose every call runs until it is told to end; counts the calls under way. */
function heldWork() {
  const ends: (() => void)[] = [];
  const state = { running: 0, most: 0, started: [] as string[] };
  const hold = async (password: string) => {
    state.running++;
    state.most = Math.max(state.most, state.running);
    state.started.push(password);
    await new Promise<void>((resolve) => ends.push(resolve));
    state.running--;
  };
  const work: PasswordWork = {
    hash: async (password) => (await hold(password), `hash:${password}`),
    verify: async (hash, password) => (await hold(password), hash === `hash:${password}`),
  };
  return { work, state, endAll: () => ends.splice(0).forEach((end) => end()) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PasswordBudget', () => {
  it('runs at most `threads` hashes at once, the others in order of arrival', async () => {
    const { work, state, endAll } = heldWork();
    const budget = new PasswordBudget({ threads: 2, perSecond: 100, burst: 0, work });
    const done = ['a', 'b', 'c', 'd'].map((p) => budget.hash(p));
    await settle();
    expect(state.started).toEqual(['a', 'b']);
    endAll();
    await settle();
    expect(state.started).toEqual(['a', 'b', 'c', 'd']);
    endAll();
    expect(await Promise.all(done)).toEqual(['hash:a', 'hash:b', 'hash:c', 'hash:d']);
    expect(state.most).toBe(2);
  });

  it('answers 429 password-checks-busy when its rate is spent and enough wait already', async () => {
    const { work, endAll } = heldWork();
    const budget = new PasswordBudget({ threads: 4, perSecond: 1, burst: 1, maxWaiting: 0, work });
    const spent = [budget.verify('hash:a', 'a'), budget.verify('hash:b', 'b')];
    const refused = await budget.verify('hash:c', 'c').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    const busy = refused as AppError;
    expect([busy.status, busy.code, busy.headers]).toEqual([
      429,
      'password-checks-busy',
      { 'Retry-After': '1' },
    ]);
    await settle();
    endAll();
    expect(await Promise.all(spent)).toEqual([true, true]);
  });

  it('lets a trusted log-in past a spent rate, but not past the threads', async () => {
    const { work, state, endAll } = heldWork();
    const budget = new PasswordBudget({ threads: 1, perSecond: 1, burst: 0, maxWaiting: 0, work });
    const first = budget.verify('hash:a', 'a');
    await expect(budget.verify('hash:b', 'b')).rejects.toMatchObject({ code: 'password-checks-busy' });
    const trusted = budget.verify('hash:owner', 'owner', { trusted: true });
    await settle();
    expect(state.started).toEqual(['a']);
    endAll();
    await settle();
    expect(state.started).toEqual(['a', 'owner']);
    endAll();
    expect(await Promise.all([first, trusted])).toEqual([true, true]);
  });

  it('spends a check to refuse an unknown e-mail', async () => {
    const { work, state, endAll } = heldWork();
    const budget = new PasswordBudget({ threads: 1, work });
    const burnt = budget.burn('guess');
    await expect.poll(() => state.started).toEqual(['guess']);
    endAll();
    await burnt;
  });
});
