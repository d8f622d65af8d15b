import type { StudentAssignment } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { studentDetailFixture, studentDetailWithPhotosFixture } from './student-detail.fixtures';
import { numeralStatus, studentName, summarizeAssignments, withPhotosFrom } from './student-detail.logic';

const numeral = (
  id: number,
  number: number,
  completed: boolean,
  attempts: number,
  answerTime = attempts * 60,
) => ({
  id,
  number,
  completed,
  attempts,
  answerTime,
  lastAttemptDate: attempts > 0 ? `2026-11-0${number}T10:00:00Z` : null,
});

const ASSIGNMENT: StudentAssignment = {
  moduleId: 40,
  name: 'Taller de repaso',
  publishDate: '2026-10-01T12:00:00Z',
  deadline: '2026-11-10T23:00:00Z',
  progress: 50,
  totalTime: 600,
  lastAttempt: '2026-11-03T10:00:00Z',
  problems: [
    { id: 3, title: 'Decimales', numeration: '10', numerals: [numeral(31, 1, false, 0)] },
    {
      id: 1,
      title: 'Fracciones',
      numeration: '2',
      numerals: [numeral(12, 2, true, 2), numeral(11, 1, true, 1)],
    },
    {
      id: 2,
      title: 'Porcentajes',
      numeration: null,
      numerals: [numeral(21, 1, true, 1), numeral(22, 2, false, 3)],
    },
  ],
};

describe('numeralStatus', () => {
  it.each([
    [{ completed: true, attempts: 0, answerTime: 0, lastAttemptDate: null }, 'completed'],
    [{ completed: false, attempts: 2, answerTime: 0, lastAttemptDate: null }, 'attempted'],
    [{ completed: false, attempts: 0, answerTime: 15, lastAttemptDate: null }, 'attempted'],
    [{ completed: false, attempts: 0, answerTime: 0, lastAttemptDate: '2026-11-01T10:00:00Z' }, 'attempted'],
    [{ completed: false, attempts: 0, answerTime: 0, lastAttemptDate: null }, 'not-attempted'],
  ])('reads %j as %s', (input, status) => {
    expect(numeralStatus(input)).toBe(status);
  });
});

describe('summarizeAssignments', () => {
  const [row] = summarizeAssignments([ASSIGNMENT], new Date('2026-11-20T00:00:00Z'));

  it('orders problems by numeration (numeric first, missing last) and numerals by number', () => {
    // The position stands in for a missing numeration.
    expect(row!.problems.map((p) => p.label)).toEqual(['2. Fracciones', '10. Decimales', '3. Porcentajes']);
    expect(row!.problems[0]!.numerals.map((n) => n.number)).toEqual([1, 2]);
  });

  it('gives each problem its status, completed numerals, progress, attempts and time', () => {
    expect(
      row!.problems.map(({ status, completed, progress, attempts, answerTime }) => ({
        status,
        completed,
        progress,
        attempts,
        answerTime,
      })),
    ).toEqual([
      { status: 'completed', completed: 2, progress: 100, attempts: 3, answerTime: 180 },
      { status: 'not-attempted', completed: 0, progress: 0, attempts: 0, answerTime: 0 },
      { status: 'attempted', completed: 1, progress: 50, attempts: 4, answerTime: 240 },
    ]);
  });

  it('counts the numerals of the assignment and marks a passed deadline', () => {
    expect(row).toMatchObject({
      numeralCount: 5,
      completedNumerals: 3,
      attempts: 7,
      status: 'attempted',
      deadlinePassed: true,
      progress: 50,
    });
    const [before] = summarizeAssignments([ASSIGNMENT], new Date('2026-11-10T22:59:00Z'));
    expect(before!.deadlinePassed).toBe(false);
    const [open] = summarizeAssignments(
      [{ ...ASSIGNMENT, deadline: null }],
      new Date('2030-01-01T00:00:00Z'),
    );
    expect(open!.deadlinePassed).toBe(false);
  });

  it('finds the mixed student of the fixtures at every stage', () => {
    const rows = summarizeAssignments(studentDetailFixture.assignments, new Date());
    const statuses = new Set(rows.flatMap((r) => r.problems.flatMap((p) => p.numerals.map((n) => n.status))));
    expect(statuses).toEqual(new Set(['completed', 'attempted', 'not-attempted']));
    expect(rows.some((r) => r.deadlinePassed)).toBe(true);
    expect(rows.some((r) => !r.deadlinePassed)).toBe(true);
  });
});

describe('studentName', () => {
  it('joins the names, trimmed', () => {
    expect(studentName({ firstName: ' Daniela ', lastName: 'Rojas' })).toBe('Daniela Rojas');
    expect(studentName({ firstName: '', lastName: ' ' })).toBe('');
  });
});

describe('withPhotosFrom', () => {
  const withPhotos = (...urls: (string | null)[]) => {
    const copy = structuredClone(studentDetailWithPhotosFixture);
    const numeral = copy.assignments
      .flatMap((a) => a.problems.flatMap((p) => p.numerals))
      .find((n) => n.photos)!;
    numeral.photos = urls.map((pictureUrl) => ({
      pictureUrl,
      latex: null,
      receivedAt: '2026-03-02T14:05:00.000Z',
    }));
    return copy;
  };
  const addresses = (detail: typeof studentDetailFixture) =>
    detail.assignments.flatMap((a) =>
      a.problems.flatMap((p) => p.numerals.flatMap((n) => (n.photos ?? []).map((ph) => ph.pictureUrl))),
    );

  it("points Kib's own photos at the API's host, not at the page that embeds the widget", () => {
    const detail = withPhotos('/media/pictures/p.jpg', null, 'https://cdn.example.org/p.jpg');
    const on = withPhotosFrom(detail, 'https://kib.example/api/', 'https://intranet.school.example/class');
    expect(addresses(on)).toEqual([
      'https://kib.example/media/pictures/p.jpg',
      null,
      'https://cdn.example.org/p.jpg',
    ]);
  });

  it("keeps them at the page's own host when the API is Kib's own (`/api/`)", () => {
    const on = withPhotosFrom(withPhotos('/media/pictures/p.jpg'), '/api/', 'http://127.0.0.1:8080/teacher');
    expect(addresses(on)).toEqual(['http://127.0.0.1:8080/media/pictures/p.jpg']);
  });

  it('leaves a record without photos as it was', () => {
    expect(withPhotosFrom(studentDetailFixture, 'https://kib.example/api/')).toEqual(studentDetailFixture);
  });
});
