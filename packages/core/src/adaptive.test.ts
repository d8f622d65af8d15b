import { describe, expect, it } from 'vitest';
import {
  ADAPTIVE_MODEL,
  atTime,
  evidenceWeight,
  masteryLevel,
  NEW_SKILL,
  predictSuccess,
  retrievability,
  studentK,
  uncertainty,
  updateAfterAttempt,
  type SkillState,
} from './adaptive';

const NOW = new Date('2026-12-04T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const skill = (theta: number, evidence: number, successes: number, days = 0): SkillState => ({
  theta,
  evidence,
  successes,
  lastEvidenceAt: daysAgo(days),
});

describe('the student model', () => {
  it('moves a skill up after a right answer and down after a wrong one, the numeral the other way', () => {
    const right = updateAfterAttempt([NEW_SKILL], { difficulty: 0, evidence: 0 }, true, 1, NOW);
    expect(right.predicted).toBe(0.5);
    expect(right.skills[0]!.theta).toBeCloseTo(studentK(0) * 0.5, 9);
    expect(right.numeral.difficulty).toBeLessThan(0);
    const wrong = updateAfterAttempt([NEW_SKILL], { difficulty: 0, evidence: 0 }, false, 1, NOW);
    expect(wrong.skills[0]!.theta).toBeLessThan(0);
    expect(wrong.numeral.difficulty).toBeGreaterThan(0);
    // A guided attempt moves it half as far.
    const guided = updateAfterAttempt([NEW_SKILL], { difficulty: 0, evidence: 0 }, true, 0.5, NOW);
    expect(guided.skills[0]!.theta).toBeCloseTo(right.skills[0]!.theta / 2, 9);
  });

  it('weighs a step, or an answer after hints, less', () => {
    expect(evidenceWeight({ step: false, hintsShown: 0 })).toBe(1);
    expect(evidenceWeight({ step: true, hintsShown: 0 })).toBe(ADAPTIVE_MODEL.guidedWeight);
    expect(evidenceWeight({ step: false, hintsShown: 2 })).toBe(ADAPTIVE_MODEL.guidedWeight);
  });

  it('keeps its step from shrinking below the floor, and its uncertainty shrinking with evidence', () => {
    expect(studentK(0)).toBe(ADAPTIVE_MODEL.student.a);
    expect(studentK(1_000)).toBe(ADAPTIVE_MODEL.student.floor);
    expect(uncertainty(0)).toBe(1);
    expect(uncertainty(10)).toBeCloseTo(0.3, 1);
  });

  it('forgets the weight of evidence by the half-life, not the estimate', () => {
    const old = atTime(skill(2, 8, 6, ADAPTIVE_MODEL.halfLifeDays), NOW);
    expect(old.theta).toBe(2);
    expect(old.evidence).toBeCloseTo(4, 9);
  });

  it("predicts from the mean ability of the numeral's skills against its difficulty", () => {
    expect(predictSuccess([skill(1, 1, 1), skill(3, 1, 1)], { difficulty: 2, evidence: 0 })).toBe(0.5);
    expect(predictSuccess([], { difficulty: 0, evidence: 0 })).toBe(0.5);
  });

  it('names the levels by the chance at a typical numeral, mastered only with evidence and not due for review', () => {
    expect(masteryLevel(NEW_SKILL, NOW)).toBe('not-started');
    expect(masteryLevel(skill(-1, 3, 0), NOW)).toBe('attempted');
    expect(masteryLevel(skill(0.8, 3, 2), NOW)).toBe('familiar');
    expect(masteryLevel(skill(1.5, 3, 3), NOW)).toBe('proficient');
    expect(masteryLevel(skill(2.5, 3, 3), NOW)).toBe('proficient'); // not enough evidence yet
    expect(masteryLevel(skill(2.5, 6, 6), NOW)).toBe('mastered');
    // The same chance against harder numerals is lower.
    expect(masteryLevel(skill(2.5, 6, 6), NOW, 1.5)).toBe('familiar');
    // Due for review: proficient until reviewed.
    expect(masteryLevel(skill(2.5, 60, 6, 30), NOW)).toBe('proficient');
  });

  it("recalls along FSRS's curve: 90 % after as many days as its stability, longer with more right answers", () => {
    expect(retrievability(NEW_SKILL, NOW)).toBe(0);
    expect(retrievability(skill(1, 1, 1, 0), NOW)).toBe(1);
    expect(retrievability(skill(1, 1, 1, 1), NOW)).toBeCloseTo(0.9, 2);
    expect(retrievability(skill(1, 9, 9, 5), NOW)).toBeGreaterThan(retrievability(skill(1, 3, 3, 5), NOW));
  });
});
