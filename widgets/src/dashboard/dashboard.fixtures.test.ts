import { ClassroomOverviewSchema, StudentDetailSchema, WEEKLY_CHART_WEEKS } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { classroomFixture, classroomStudentFixtures, emptyClassroomFixture } from './dashboard.fixtures';

describe('the classroom fixtures', () => {
  it('match the API schemas', () => {
    expect(ClassroomOverviewSchema.parse(classroomFixture)).toEqual(classroomFixture);
    expect(ClassroomOverviewSchema.parse(emptyClassroomFixture)).toEqual(emptyClassroomFixture);
    for (const detail of classroomStudentFixtures) expect(StudentDetailSchema.parse(detail)).toEqual(detail);
  });

  it('hold a 28-student class, six assignments and eight consecutive weeks ending this week', () => {
    expect(classroomFixture.students).toHaveLength(28);
    expect(classroomFixture.assignments).toHaveLength(6);
    expect(classroomFixture.weekly).toHaveLength(WEEKLY_CHART_WEEKS);
    const starts = classroomFixture.weekly.map((week) => Date.parse(`${week.start}T00:00:00Z`));
    starts.slice(1).forEach((start, index) => expect(start - starts[index]!).toBe(7 * 86_400_000));
    expect(Date.now() - starts.at(-1)!).toBeLessThan(7 * 86_400_000);
    expect(new Date(starts[0]!).getUTCDay()).toBe(1);
    expect(emptyClassroomFixture.weekly.every((week) => week.attempts === 0)).toBe(true);
  });

  it('agree with the student details the overview is counted from', () => {
    const { progress } = classroomFixture;
    expect(progress.completed + progress.attempted + progress.notAttempted).toBe(100);
    classroomFixture.students.forEach((student, index) => {
      const detail = classroomStudentFixtures[index]!;
      expect(detail.student.id).toBe(student.id);
      expect(detail.totalTime).toBe(student.totalTime);
      expect(detail.lastAttempt).toBe(student.lastAttempt);
    });
    const attempts = classroomStudentFixtures.reduce(
      (sum, detail) => sum + detail.weekly.reduce((s, week) => s + week.attempts, 0),
      0,
    );
    expect(classroomFixture.weekly.reduce((sum, week) => sum + week.attempts, 0)).toBe(attempts);
    const individual = classroomFixture.assignments.filter((a) => a.individualStudents);
    expect(individual.map((a) => a.studentCount)).toEqual([5]);
  });

  it('have students at every stage: finished, partway and not started', () => {
    const progress = classroomFixture.students.map((student) => student.progress);
    expect(Math.min(...progress)).toBe(0);
    expect(Math.max(...progress)).toBeGreaterThan(70);
    expect(progress.some((p) => p > 20 && p < 80)).toBe(true);
    expect(classroomFixture.students.some((student) => student.lastAttempt === null)).toBe(true);
  });
});
