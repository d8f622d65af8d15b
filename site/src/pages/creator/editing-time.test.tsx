import { describe, expect, it } from 'vitest';
import { EditingClock, IDLE_AFTER_MS } from './editing-time';

describe('EditingClock', () => {
  it('counts the gaps between actions, not a pause longer than two minutes', () => {
    const clock = new EditingClock();
    clock.activity(0);
    clock.activity(30_000);
    clock.activity(30_000 + IDLE_AFTER_MS + 1);
    clock.activity(30_000 + IDLE_AFTER_MS + 1 + 15_500);
    expect(clock.seconds()).toBe(45);
  });

  it('takes reported seconds off, never below zero', () => {
    const clock = new EditingClock();
    clock.activity(0);
    clock.activity(90_000);
    clock.spend(60);
    expect(clock.seconds()).toBe(30);
    clock.spend(100);
    expect(clock.seconds()).toBe(0);
  });
});
