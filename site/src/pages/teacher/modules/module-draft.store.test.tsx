import { describe, expect, it } from 'vitest';
import { isoToMoment, momentToIso, NO_MOMENT } from './module-dates';
import {
  checkDraft,
  createModuleDraftStore,
  draftFromModule,
  emptyDraft,
  toAssignmentsInput,
  toModuleInput,
  type DraftProblem,
} from './module-draft.store';
import { FUNCIONES_DETAIL } from './module-fixture';

const A: DraftProblem = { id: 1, title: 'A', numeralCount: 1 };
const B: DraftProblem = { id: 2, title: 'B', numeralCount: 2 };
const C: DraftProblem = { id: 3, title: 'C', numeralCount: 3 };
const D: DraftProblem = { id: 4, title: 'D', numeralCount: 1 };

/** A store holding A, B, C in that order, not dirty. */
function withProblems() {
  return createModuleDraftStore({ ...emptyDraft(), problems: [A, B, C] });
}
const ids = (store: ReturnType<typeof withProblems>) => store.getState().problems.map((p) => p.id);
/** The ISO instant of a local day and time, computed apart from the code under test. */
const local = (text: string) => new Date(text).toISOString();

describe('the module draft store', () => {
  it('adds a problem once: a second add of the same problem changes nothing and says so', () => {
    const store = createModuleDraftStore();
    expect(store.getState().addProblem(A)).toBe(true);
    expect(store.getState().addProblem(B)).toBe(true);
    const revision = store.getState().revision;
    expect(store.getState().addProblem({ ...A, title: 'A again' })).toBe(false);
    expect(store.getState().problems).toEqual([A, B]);
    expect(store.getState().revision).toBe(revision);
    expect(store.getState().dirty).toBe(true);
  });

  it('adds many at the end in their order, skipping those present and repeated ones, and counts them', () => {
    const store = withProblems();
    expect(store.getState().addProblems([B, D, D, A])).toBe(1);
    expect(ids(store)).toEqual([1, 2, 3, 4]);
    expect(store.getState().addProblems([A, B])).toBe(0);
    expect(createModuleDraftStore().getState().dirty).toBe(false);
  });

  it('removes a problem, and ignores one that is not there', () => {
    const store = withProblems();
    store.getState().removeProblem(2);
    expect(ids(store)).toEqual([1, 3]);
    const revision = store.getState().revision;
    store.getState().removeProblem(99);
    expect(store.getState().revision).toBe(revision);
  });

  it.each([
    { id: 2, offset: -1, moved: true, order: [2, 1, 3] },
    { id: 2, offset: 1, moved: true, order: [1, 3, 2] },
    { id: 1, offset: -1, moved: false, order: [1, 2, 3] },
    { id: 3, offset: 1, moved: false, order: [1, 2, 3] },
    { id: 1, offset: 2, moved: true, order: [2, 3, 1] },
    { id: 9, offset: 1, moved: false, order: [1, 2, 3] },
  ])('moves problem $id by $offset: moved $moved, order $order', ({ id, offset, moved, order }) => {
    const store = withProblems();
    expect(store.getState().move(id, offset)).toBe(moved);
    expect(ids(store)).toEqual(order);
    expect(store.getState().dirty).toBe(moved);
  });

  it.each([
    { active: 1, over: 3, order: [2, 3, 1] },
    { active: 3, over: 1, order: [3, 1, 2] },
    { active: 2, over: 2, order: [1, 2, 3] },
    { active: 2, over: 9, order: [1, 2, 3] },
  ])('reorders by drag and drop: $active onto $over gives $order', ({ active, over, order }) => {
    const store = withProblems();
    store.getState().reorder(active, over);
    expect(ids(store)).toEqual(order);
  });

  it('assigns a classroom as a whole without dates, changes it, and takes it away', () => {
    const store = createModuleDraftStore();
    store.getState().setAssignment(11, { studentIds: [7] });
    expect(store.getState().assignments).toEqual([]);
    store.getState().assign(11, true);
    store.getState().assign(11, true);
    expect(store.getState().assignments).toEqual([
      { classroomId: 11, studentIds: null, publish: NO_MOMENT, deadline: NO_MOMENT, studentDeadlines: [] },
    ]);
    store.getState().setAssignment(11, { studentIds: [7], deadline: { date: '2030-03-20', time: '' } });
    expect(store.getState().assignments[0]).toMatchObject({
      studentIds: [7],
      deadline: { date: '2030-03-20', time: '' },
    });
    store.getState().assign(11, false);
    expect(store.getState().assignments).toEqual([]);
  });

  it("sets, replaces and clears a student's own deadline", () => {
    const store = createModuleDraftStore();
    store.getState().assign(11, true);
    store.getState().setStudentDeadline(11, 7, { date: '2030-03-21', time: '' });
    store.getState().setStudentDeadline(11, 7, { date: '2030-03-22', time: '10:00' });
    store.getState().setStudentDeadline(11, 8, { date: '2030-03-23', time: '' });
    expect(store.getState().assignments[0]?.studentDeadlines).toEqual([
      { studentId: 7, deadline: { date: '2030-03-22', time: '10:00' } },
      { studentId: 8, deadline: { date: '2030-03-23', time: '' } },
    ]);
    store.getState().setStudentDeadline(11, 7, NO_MOMENT);
    expect(store.getState().assignments[0]?.studentDeadlines.map((s) => s.studentId)).toEqual([8]);
  });

  it('is clean once saved, unless it changed while the save was on its way', () => {
    const store = createModuleDraftStore();
    store.getState().setName('Taller');
    store.getState().setCreateCodes(true);
    const sent = store.getState().revision;
    store.getState().saved({ moduleId: 30, codes: { students: 'S', teachers: 'T' }, revision: sent });
    expect(store.getState()).toMatchObject({
      moduleId: 30,
      dirty: false,
      createCodes: false,
      codes: { students: 'S' },
    });

    store.getState().setName('Taller 2');
    const second = store.getState().revision;
    store.getState().addProblem(A);
    store.getState().saved({ moduleId: 30, codes: { students: 'S', teachers: 'T' }, revision: second });
    expect(store.getState().dirty).toBe(true);
  });

  it('gives each builder its own draft', () => {
    const one = createModuleDraftStore();
    const two = createModuleDraftStore();
    one.getState().addProblem(A);
    one.getState().setName('Uno');
    expect(two.getState().problems).toEqual([]);
    expect(two.getState().name).toBe('');
  });
});

describe('what a save sends', () => {
  it('sends the trimmed name and description, the problem ids in order and the code choice', () => {
    const store = withProblems();
    store.getState().setName('  Taller  ');
    store.getState().setDescription(' Primer periodo ');
    store.getState().move(3, -2);
    store.getState().setCreateCodes(true);
    expect(toModuleInput(store.getState())).toEqual({
      name: 'Taller',
      description: 'Primer periodo',
      problemIds: [3, 1, 2],
      createCodes: true,
    });
  });

  it('sends dates as ISO instants of local time, a day alone at 00:00 (publish) or 23:59 (deadline)', () => {
    const store = createModuleDraftStore();
    store.getState().assign(11, true);
    store.getState().setAssignment(11, {
      publish: { date: '2030-03-10', time: '' },
      deadline: { date: '2030-03-20', time: '17:30' },
    });
    store.getState().setStudentDeadline(11, 8, { date: '2030-03-25', time: '' });
    store.getState().assign(12, true);
    store.getState().setAssignment(12, { studentIds: [9] });
    store.getState().setStudentDeadline(12, 9, { date: '2030-03-26', time: '08:00' });
    store.getState().setStudentDeadline(12, 10, { date: '2030-03-27', time: '08:00' });
    expect(toAssignmentsInput(store.getState())).toEqual([
      {
        classroomId: 11,
        publishDate: local('2030-03-10T00:00'),
        deadline: local('2030-03-20T17:30'),
        studentIds: null,
        studentDeadlines: [{ studentId: 8, deadline: local('2030-03-25T23:59') }],
      },
      {
        classroomId: 12,
        publishDate: null,
        deadline: null,
        studentIds: [9],
        // Student 10 is not among the chosen: their deadline is not sent.
        studentDeadlines: [{ studentId: 9, deadline: local('2030-03-26T08:00') }],
      },
    ]);
  });

  it('loads a saved module and sends its assignments back unchanged', () => {
    const draft = draftFromModule(FUNCIONES_DETAIL);
    expect(draft.problems.map((p) => p.id)).toEqual([102, 9001]);
    expect(draft.dirty).toBe(false);
    expect(toAssignmentsInput(draft)).toEqual(
      FUNCIONES_DETAIL.assignments.map(({ classroomName: _name, ...a }) => a),
    );
  });
});

describe('checking a draft before it is sent', () => {
  it('finds nothing wrong with a named module', () => {
    expect(checkDraft({ ...emptyDraft(), name: 'Taller' })).toBeNull();
  });

  it('needs a name (ModuleBlank)', () => {
    expect(checkDraft({ ...emptyDraft(), name: '   ' })).toEqual({
      name: 'validation.module-blank',
      assignments: {},
    });
  });

  it('finds chosen students missing, a deadline before the publish date and dates that are not real', () => {
    const store = createModuleDraftStore({ ...emptyDraft(), name: 'Taller' });
    store.getState().assign(11, true);
    store.getState().setAssignment(11, {
      studentIds: [],
      publish: { date: '2030-03-10', time: '12:00' },
      deadline: { date: '2030-03-10', time: '11:00' },
    });
    store.getState().assign(12, true);
    store.getState().setAssignment(12, { publish: { date: '', time: '08:00' } });
    store.getState().setStudentDeadline(12, 9, { date: '2030-02-31', time: '' });
    expect(checkDraft(store.getState())).toEqual({
      assignments: {
        11: {
          students: 'teacher-modules.no-students-chosen',
          deadline: 'teacher-modules.deadline-before-publish',
        },
        12: { publish: 'teacher-modules.moment-invalid', studentDeadlines: [9] },
      },
    });
  });
});

describe('typed moments', () => {
  it.each([
    { moment: { date: '', time: '' }, iso: null },
    { moment: { date: '', time: '10:00' }, iso: null },
    { moment: { date: '2030-02-31', time: '' }, iso: null },
    { moment: { date: '2030-02-28', time: '25:00' }, iso: null },
    { moment: { date: '2030-02-28', time: '' }, iso: local('2030-02-28T07:15') },
    { moment: { date: '2030-12-31', time: '18:45' }, iso: local('2030-12-31T18:45') },
  ])('reads $moment.date $moment.time as $iso', ({ moment, iso }) => {
    expect(momentToIso(moment, '07:15')).toBe(iso);
  });

  it('shows an instant as the day and time of the local clock, and back', () => {
    const iso = local('2030-03-10T08:05');
    expect(isoToMoment(iso)).toEqual({ date: '2030-03-10', time: '08:05' });
    expect(momentToIso(isoToMoment(iso), '00:00')).toBe(iso);
    expect(isoToMoment(null)).toEqual(NO_MOMENT);
  });
});
