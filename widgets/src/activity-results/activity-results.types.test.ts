import { describe, expect, it } from 'vitest';
import { activityResultsFixture } from './activity-results.fixtures';
import { ActivityResultsDataSchema, parseActivityResultsData } from './activity-results.types';

const valid = activityResultsFixture;

describe('ActivityResultsDataSchema', () => {
  it('accepts the fixture, as an object and as JSON text', () => {
    expect(ActivityResultsDataSchema.safeParse(valid).success).toBe(true);
    const parsed = parseActivityResultsData(JSON.stringify(valid));
    expect(parsed.ok && parsed.data).toEqual(valid);
  });

  it('accepts an anonymous student without code or stats', () => {
    const data = { ...valid, students: [{ id: 1, firstName: '', lastName: '', stats: [] }] };
    expect(parseActivityResultsData(data).ok).toBe(true);
  });

  const student = valid.students[0]!;
  const problem = valid.problems[0]!;
  it.each([
    ['not JSON', '{"assignment":'],
    ['no assignment', { ...valid, assignment: undefined }],
    ['a string id', { ...valid, students: [{ ...student, id: '7' }] }],
    [
      'a negative answer time',
      { ...valid, students: [{ ...student, stats: [{ ...student.stats[0]!, answerTime: -1 }] }] },
    ],
    [
      'a fractional attempt count',
      { ...valid, students: [{ ...student, stats: [{ ...student.stats[0]!, attempts: 1.5 }] }] },
    ],
    [
      'an unreadable date',
      { ...valid, students: [{ ...student, stats: [{ ...student.stats[0]!, lastAttemptDate: 'ayer' }] }] },
    ],
    ['repeated student ids', { ...valid, students: [student, student] }],
    ['repeated problem ids', { ...valid, problems: [problem, problem] }],
    ['a numeral in two problems', { ...valid, problems: [problem, { ...problem, id: 1 }] }],
    [
      'two stats on one numeral',
      { ...valid, students: [{ ...student, stats: [student.stats[0]!, student.stats[0]!] }] },
    ],
    ['null', null],
  ])('refuses %s', (_, input) => {
    const parsed = parseActivityResultsData(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.issues.length).toBeGreaterThan(0);
  });
});
