import type { StudentClassrooms } from '@kib/core';
import { describe, expect, it } from 'vitest';
import { NO_CLASSROOMS, STUDENT_DATA } from './student-fixture';
import {
  allModules,
  classroomSummaries,
  findClassroom,
  findModule,
  moduleProgress,
  moduleStatus,
  modulesOfClassroom,
  parseDate,
  pieCounts,
  problemProgress,
  problemsOfModule,
} from './student-data';

const NOW = new Date('2025-01-15T10:00:00');

describe('parseDate', () => {
  it.each([
    [null, null],
    ['', null],
    ['not a date', null],
    ['2024-05-10T18:30:00', new Date('2024-05-10T18:30:00')],
  ])('reads %s as %s', (input, expected) => {
    expect(parseDate(input)).toEqual(expected);
  });
});

describe('moduleStatus', () => {
  it.each([
    {
      case: "the student's own passed deadline overrides the classroom's future one",
      moduleId: 10,
      classroomId: 1,
      expected: { deadline: new Date('2024-05-10T18:30:00'), published: true, active: false },
    },
    {
      case: 'the classroom deadline applies when the student has none',
      moduleId: 11,
      classroomId: 1,
      expected: { deadline: new Date('2099-06-15T12:00:00'), published: true, active: true },
    },
    {
      case: 'no deadline keeps the module active',
      moduleId: 12,
      classroomId: 2,
      expected: { deadline: null, published: true, active: true },
    },
    {
      case: 'a module not assigned to that classroom has no status',
      moduleId: 12,
      classroomId: 1,
      expected: null,
    },
  ])('$case', ({ moduleId, classroomId, expected }) => {
    expect(moduleStatus(STUDENT_DATA, moduleId, classroomId, NOW)).toEqual(expected);
  });

  it('is inactive from the deadline instant on, and unpublished before the publish date', () => {
    const deadline = new Date('2024-05-10T18:30:00');
    expect(moduleStatus(STUDENT_DATA, 10, 1, deadline)?.active).toBe(false);
    expect(moduleStatus(STUDENT_DATA, 10, 1, new Date(deadline.getTime() - 1))?.active).toBe(true);
    expect(moduleStatus(STUDENT_DATA, 10, 1, new Date('2024-03-01T00:00:00'))?.published).toBe(false);
  });
});

describe('problemsOfModule', () => {
  it("orders by numeration: '2', '10', then the missing and non-numeric ones in their stored order", () => {
    expect(problemsOfModule(STUDENT_DATA, 11).map((p) => [p.position, p.id, p.numeration])).toEqual([
      [1, 103, '2'],
      [2, 101, '10'],
      [3, 102, null],
      [4, 104, 'b'],
    ]);
  });

  it('gives each problem its completed, attempted and done counts', () => {
    expect(
      problemsOfModule(STUDENT_DATA, 11).map(({ id, numerals, completed, attempted, done }) => ({
        id,
        numerals,
        completed,
        attempted,
        done,
      })),
    ).toEqual([
      { id: 103, numerals: 2, completed: 2, attempted: 0, done: true },
      { id: 101, numerals: 3, completed: 1, attempted: 1, done: false },
      { id: 102, numerals: 1, completed: 0, attempted: 0, done: false },
      { id: 104, numerals: 1, completed: 1, attempted: 0, done: true },
    ]);
  });

  it('skips problems the answer does not describe and is empty for an unknown module', () => {
    const data: StudentClassrooms = {
      ...STUDENT_DATA,
      moduleProblems: [...STUDENT_DATA.moduleProblems, { moduleId: 12, problemId: 999, numeration: '0' }],
    };
    expect(problemsOfModule(data, 12).map((p) => p.id)).toEqual([301]);
    expect(problemsOfModule(STUDENT_DATA, 77)).toEqual([]);
  });
});

describe('problemProgress', () => {
  it.each([
    [103, { numerals: 2, completed: 2, attempted: 0, done: true }],
    [101, { numerals: 3, completed: 1, attempted: 1, done: false }],
    [201, { numerals: 2, completed: 0, attempted: 1, done: false }],
    [555, { numerals: 0, completed: 0, attempted: 0, done: false }],
  ])('problem %i → %o', (problemId, expected) => {
    expect(problemProgress(STUDENT_DATA, problemId)).toEqual(expected);
  });
});

describe('moduleProgress', () => {
  it.each([
    [11, { numerals: 7, completed: 4, percent: 57 }],
    [10, { numerals: 2, completed: 0, percent: 0 }],
    [12, { numerals: 1, completed: 1, percent: 100 }],
    [77, { numerals: 0, completed: 0, percent: 0 }],
  ])('module %i → %o', (moduleId, expected) => {
    expect(moduleProgress(STUDENT_DATA, moduleId)).toEqual(expected);
  });
});

describe('modulesOfClassroom and allModules', () => {
  it('lists a classroom’s modules newest first with deadline, status and progress', () => {
    expect(
      modulesOfClassroom(STUDENT_DATA, 1, NOW).map((m) => [m.id, m.classroomName, m.active, m.percent]),
    ).toEqual([
      [11, 'Matemáticas 7A', true, 57],
      [10, 'Matemáticas 7A', false, 0],
    ]);
  });

  it('lists every module of every classroom newest first, a shared module once per classroom', () => {
    const shared: StudentClassrooms = {
      ...STUDENT_DATA,
      moduleClassrooms: [
        ...STUDENT_DATA.moduleClassrooms,
        { moduleId: 12, classroomId: 1, deadline: null, publishDate: null },
      ],
    };
    expect(allModules(STUDENT_DATA, NOW).map((m) => [m.id, m.classroomId])).toEqual([
      [11, 1],
      [10, 1],
      [12, 2],
    ]);
    expect(allModules(shared, NOW).map((m) => [m.id, m.classroomId])).toEqual([
      [11, 1],
      [10, 1],
      [12, 2],
      [12, 1],
    ]);
  });

  it('leaves out a module whose publish date has not come, even if the cache still holds it', () => {
    const early: StudentClassrooms = {
      ...STUDENT_DATA,
      modules: [
        ...STUDENT_DATA.modules,
        { id: 13, name: 'Mañana', description: '', creationDate: '2024-06-01' },
      ],
      moduleClassrooms: [
        ...STUDENT_DATA.moduleClassrooms,
        { moduleId: 13, classroomId: 2, deadline: null, publishDate: '2099-01-01T00:00:00' },
      ],
    };
    expect(modulesOfClassroom(early, 2, NOW).map((m) => m.id)).toEqual([12]);
    expect(findModule(early, 13, 2, NOW)).toBeNull();
  });
});

describe('classroomSummaries', () => {
  it('names the teacher and counts the published modules', () => {
    expect(classroomSummaries(STUDENT_DATA, NOW)).toEqual([
      {
        id: 1,
        name: 'Matemáticas 7A',
        description: 'Grupo de la mañana',
        teacherName: 'Laura Pérez',
        moduleCount: 2,
      },
      { id: 2, name: 'Refuerzo de álgebra', description: '', teacherName: 'Carlos Ruiz', moduleCount: 1 },
    ]);
    expect(classroomSummaries(NO_CLASSROOMS, NOW)).toEqual([]);
  });

  it('finds one classroom, or none for a classroom the student is not in', () => {
    expect(findClassroom(STUDENT_DATA, 2, NOW)?.name).toBe('Refuerzo de álgebra');
    expect(findClassroom(STUDENT_DATA, 9, NOW)).toBeNull();
  });
});

describe('pieCounts', () => {
  it.each([
    {
      case: 'classroom 1 (modules 10 and 11)',
      modules: [10, 11],
      expected: { totalSlots: 9, completed: 4, attempted: 2, notAttempted: 3 },
      percents: [44, 22, 33],
    },
    {
      case: 'a module repeated counts its numerals once',
      modules: [12, 12],
      expected: { totalSlots: 1, completed: 1, attempted: 0, notAttempted: 0 },
      percents: [100, 0, 0],
    },
    {
      case: 'no modules',
      modules: [],
      expected: { totalSlots: 0, completed: 0, attempted: 0, notAttempted: 0 },
      percents: [0, 0, 0],
    },
  ])('$case', ({ modules, expected, percents }) => {
    const pie = pieCounts(STUDENT_DATA, modules);
    expect(pie).toMatchObject(expected);
    expect([pie.completedPercent, pie.attemptedPercent, pie.notAttemptedPercent]).toEqual(percents);
  });
});
