import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../http/errors';
import { LANE_MAX_WAITING, LoginLanes } from './login-lanes';

/** A check that runs until it is told to end, and says when it started. */
function heldCheck() {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  const check = { started: false, end, run: async () => ((check.started = true), await ended, 'done') };
  return check;
}

/** Lets the checks that can start, start. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('LoginLanes', () => {
  it('runs one check at a time per line, the others in order of arrival', async () => {
    const lanes = new LoginLanes();
    const checks = [heldCheck(), heldCheck(), heldCheck()];
    const runs = checks.map((c) => lanes.run('ana@demo.kib', 'stranger', c.run, 1000));
    await settle();
    expect(checks.map((c) => c.started)).toEqual([true, false, false]);
    checks[0]!.end();
    await settle();
    expect(checks.map((c) => c.started)).toEqual([true, true, false]);
    checks[1]!.end();
    checks[2]!.end();
    expect(await Promise.all(runs)).toEqual(['done', 'done', 'done']);
    expect(lanes.holders).toBe(0);
  });

  it("keeps an account's known addresses out of its strangers' line, and accounts apart", async () => {
    const lanes = new LoginLanes();
    const guess = heldCheck();
    const owner = heldCheck();
    const other = heldCheck();
    const runs = [
      lanes.run('ana@demo.kib', 'stranger', guess.run, 1000),
      lanes.run('ana@demo.kib', 'known', owner.run, 1000),
      lanes.run('tom@demo.kib', 'stranger', other.run, 1000),
    ];
    await settle();
    expect([guess.started, owner.started, other.started]).toEqual([true, true, true]);
    for (const c of [guess, owner, other]) c.end();
    await Promise.all(runs);
  });

  it('answers 429 login-busy at once when the line is full, with the time it needs to empty', async () => {
    const lanes = new LoginLanes();
    const held = Array.from({ length: 1 + LANE_MAX_WAITING }, heldCheck);
    const runs = held.map((c) => lanes.run('ana@demo.kib', 'stranger', c.run, 3000));
    const refused = await lanes
      .run('ana@demo.kib', 'stranger', async () => 'checked', 3000)
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(AppError);
    const busy = refused as AppError;
    const seconds = (1 + LANE_MAX_WAITING) * 3;
    expect([busy.status, busy.code, busy.headers]).toEqual([
      429,
      'login-busy',
      { 'Retry-After': String(seconds) },
    ]);
    expect(busy.detail).toEqual({ key: 'errors.login-busy', params: { seconds } });
    // The other line of the account is not full.
    expect(await lanes.run('ana@demo.kib', 'known', async () => 'checked', 100)).toBe('checked');
    for (const c of held) c.end();
    await Promise.all(runs);
    expect(lanes.holders).toBe(0);
  });

  it('asks a refused log-in to come back when the line will be empty, by the time its last check took', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const lanes = new LoginLanes(1);
      const [first, second, third] = [heldCheck(), heldCheck(), heldCheck()];
      const runs = [first, second].map((c) => lanes.run('ana@demo.kib', 'stranger', c.run, 3000));
      await settle();
      vi.advanceTimersByTime(1600);
      first.end();
      await settle();
      runs.push(lanes.run('ana@demo.kib', 'stranger', third.run, 3000));
      const refused = await lanes
        .run('ana@demo.kib', 'stranger', async () => 'checked', 3000)
        .catch((err: unknown) => err);
      // Two log-ins hold the line, and a check takes 1.6 s there (not the estimated 3 s).
      expect((refused as AppError).headers).toEqual({ 'Retry-After': '4' });
      second.end();
      third.end();
      await Promise.all(runs);
    } finally {
      vi.useRealTimers();
    }
  });

  it('frees its place in the line when a check fails', async () => {
    const lanes = new LoginLanes(0);
    const failing = lanes.run('ana@demo.kib', 'stranger', () => Promise.reject(new Error('no')), 1000);
    await expect(failing).rejects.toThrow('no');
    expect(await lanes.run('ana@demo.kib', 'stranger', async () => 'checked', 1000)).toBe('checked');
    expect(lanes.holders).toBe(0);
  });
});
