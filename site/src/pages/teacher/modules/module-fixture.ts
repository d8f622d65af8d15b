import {
  ProblemSchema,
  toPublicProblem,
  type AssignmentInput,
  type AssignmentView,
  type CoursesAnswer,
  type ModuleByCode,
  type ModuleDetail,
  type ModuleInput,
  type ModuleProblemItem,
  type ModuleSummary,
  type NamedContent,
  type Subtopic,
  type SubtopicProblemsAnswer,
  type TeacherData,
} from '@kib/core';
import sample from '@kib/widgets/sample-problem.json' with { type: 'json' };
import type { StubCall, StubHandler } from '../../../test/render-site';
import { GRADO_10A, GRADO_9B, refusal, TEACHER_DATA, teacherServer } from '../teacher-fixture';

/** The widgets' sample problem as GET problems/{id}/ answers it (id 9001, three questions with math). */
export const PUBLIC_SAMPLE = toPublicProblem(ProblemSchema.parse(sample));

/** The course picker's content: one course with one topic with one subtopic of three problems. */
export const ALGEBRA: NamedContent = { id: 1, name: 'Algebra', nameSpanish: 'Álgebra' };
export const TRIGONOMETRY: NamedContent = { id: 2, name: 'Trigonometry', nameSpanish: 'Trigonometría' };
export const LINEAR: NamedContent = { id: 3, name: 'Linear equations', nameSpanish: 'Ecuaciones lineales' };
export const ONE_UNKNOWN: Subtopic = { id: 5, topicId: 3, name: 'One unknown', nameSpanish: 'Una incógnita' };

export const COURSES: CoursesAnswer = {
  courses: [ALGEBRA, TRIGONOMETRY],
  coursesTopics: [{ course: ALGEBRA.id, topic: LINEAR.id }],
};

/** The published problems of "Una incógnita": the sample problem and two more. */
export const SUBTOPIC_PROBLEMS: SubtopicProblemsAnswer = {
  problems: [
    {
      id: PUBLIC_SAMPLE.id,
      title: PUBLIC_SAMPLE.title,
      description: PUBLIC_SAMPLE.description,
      numeration: '1',
      topicId: LINEAR.id,
      subtopicId: ONE_UNKNOWN.id,
    },
    { id: 102, title: 'Despejar la incógnita', description: '', numeration: '2', topicId: 3, subtopicId: 5 },
    { id: 103, title: 'Problema de edades', description: '', numeration: '3', topicId: 3, subtopicId: 5 },
  ],
  numerals: [
    ...PUBLIC_SAMPLE.numerals.map((n) => ({
      id: n.id,
      problemId: PUBLIC_SAMPLE.id,
      number: n.number,
      question: n.question,
      mathType: n.mathType,
    })),
    { id: 201, problemId: 102, number: 0, question: 'Despeja $x$ en $2x+3=7$.', mathType: 'simplify' },
    { id: 202, problemId: 103, number: 0, question: '¿Qué edad tiene Ana?', mathType: 'simplify' },
    { id: 203, problemId: 103, number: 1, question: '¿Y su hermano?', mathType: 'simplify' },
  ],
};

/** A problem as the module endpoints list it. */
export const item = (
  id: number,
  title: string,
  numeralCount: number,
  numeration: string | null = null,
): ModuleProblemItem => ({
  id,
  title,
  numeration,
  topicId: LINEAR.id,
  subtopicId: ONE_UNKNOWN.id,
  numeralCount,
});

export const SAMPLE_ITEM = item(PUBLIC_SAMPLE.id, PUBLIC_SAMPLE.title, 3);
export const DESPEJAR_ITEM = item(102, 'Despejar la incógnita', 1);
export const EDADES_ITEM = item(103, 'Problema de edades', 2);
/** A problem of another subtopic, found only through a cloned module. */
export const FRACCIONES_ITEM = item(104, 'Fracciones equivalentes', 2);

/** A module with codes, assigned to both classrooms. */
export const FUNCIONES: ModuleSummary = {
  id: 21,
  name: 'Funciones lineales',
  description: 'Taller del primer periodo',
  numProblems: 2,
  numClassrooms: 2,
  classroomIds: [GRADO_10A.id, GRADO_9B.id],
  progress: 45,
  creationDate: '2030-03-05T15:00:00.000Z',
  codes: { students: 'STU234', teachers: 'TEA567' },
};

/** An older module without codes, assigned nowhere. */
export const ECUACIONES: ModuleSummary = {
  id: 22,
  name: 'Ecuaciones cuadráticas',
  description: '',
  numProblems: 1,
  numClassrooms: 0,
  classroomIds: [],
  progress: 0,
  creationDate: '2030-02-10T15:00:00.000Z',
  codes: { students: null, teachers: null },
};

/** Funciones lineales, whole: two problems, Grado 10A with dates, Grado 9B for Ana only. */
export const FUNCIONES_DETAIL: ModuleDetail = {
  id: FUNCIONES.id,
  name: FUNCIONES.name,
  description: FUNCIONES.description,
  creationDate: FUNCIONES.creationDate,
  problems: [
    { ...DESPEJAR_ITEM, numeration: '1' },
    { ...SAMPLE_ITEM, numeration: '2' },
  ],
  assignments: [
    {
      classroomId: GRADO_10A.id,
      classroomName: GRADO_10A.name,
      publishDate: '2030-03-10T13:00:00.000Z',
      deadline: '2030-03-20T22:30:00.000Z',
      studentIds: null,
      studentDeadlines: [{ studentId: 8, deadline: '2030-03-25T22:30:00.000Z' }],
    },
  ],
  codes: FUNCIONES.codes,
};

/** Ecuaciones cuadráticas, whole. */
export const ECUACIONES_DETAIL: ModuleDetail = {
  id: ECUACIONES.id,
  name: ECUACIONES.name,
  description: '',
  creationDate: ECUACIONES.creationDate,
  problems: [{ ...EDADES_ITEM, numeration: '1' }],
  assignments: [],
  codes: ECUACIONES.codes,
};

/** What GET module-by-code/?code=CLON12 finds: a module with a problem already in Funciones and a new one. */
export const CLONED: ModuleByCode = {
  name: 'Taller compartido',
  description: 'Del profe Ramírez',
  problems: [DESPEJAR_ITEM, FRACCIONES_ITEM],
};

const ITEMS = [SAMPLE_ITEM, DESPEJAR_ITEM, EDADES_ITEM, FRACCIONES_ITEM];

/** The id the module server gives the next new module. */
export const NEW_MODULE_ID = 30;

/**
 * A small module server on top of the teacher server: the module list (filtered by its query), the
 * modules whole, creation and changes (a repeated name refused as the real one does), assignments,
 * deletion, activity codes, clone by code and the course content of the picker. `extra` adds or
 * replaces answers.
 */
export function moduleServer(
  options: { data?: TeacherData; modules?: ModuleDetail[]; extra?: Record<string, StubHandler> } = {},
) {
  const details = new Map((options.modules ?? [FUNCIONES_DETAIL, ECUACIONES_DETAIL]).map((m) => [m.id, m]));
  const summaries = new Map<number, ModuleSummary>(
    [FUNCIONES, ECUACIONES].filter((m) => details.has(m.id)).map((m) => [m.id, m]),
  );
  const classroomName = (id: number) =>
    (options.data ?? TEACHER_DATA).classrooms.find((c) => c.id === id)?.name ?? '';

  const summaryOf = (detail: ModuleDetail): ModuleSummary => ({
    id: detail.id,
    name: detail.name,
    description: detail.description,
    numProblems: detail.problems.length,
    numClassrooms: detail.assignments.length,
    classroomIds: detail.assignments.map((a) => a.classroomId),
    progress: summaries.get(detail.id)?.progress ?? 0,
    creationDate: detail.creationDate,
    codes: detail.codes,
  });

  const save = (id: number, input: ModuleInput, creationDate: string) => {
    const name = input.name.trim();
    const taken = [...details.values()].some((m) => m.id !== id && m.name === name);
    if (taken)
      return refusal(400, 'validation', 'Revisa los campos marcados.', {
        name: ['Ya tienes un módulo con este nombre.'],
      });
    const before = details.get(id);
    const codes =
      before?.codes.students || !input.createCodes
        ? (before?.codes ?? { students: null, teachers: null })
        : { students: `NEW${id}S`, teachers: `NEW${id}T` };
    const detail: ModuleDetail = {
      id,
      name,
      description: (input.description ?? '').trim(),
      creationDate,
      problems: input.problemIds.map((pid, index) => ({
        ...(ITEMS.find((p) => p.id === pid) ?? item(pid, `Problema ${pid}`, 1)),
        numeration: String(index + 1),
      })),
      assignments: before?.assignments ?? [],
      codes,
    };
    details.set(id, detail);
    summaries.set(id, summaryOf(detail));
    return { status: before ? 200 : 201, body: detail };
  };

  const routes: Record<string, StubHandler> = {
    'GET modules/': ({ query }: StubCall) => {
      const classroom = Number(query.get('classroom')) || null;
      const after = query.get('created_after');
      const before = query.get('created_before');
      const day = (iso: string) => iso.slice(0, 10);
      const modules = [...summaries.values()]
        .filter((m) => classroom === null || m.classroomIds.includes(classroom))
        .filter((m) => !after || day(m.creationDate) >= after)
        .filter((m) => !before || day(m.creationDate) <= before)
        // Oldest first on purpose: the page puts the newest first itself.
        .sort((a, b) => Date.parse(a.creationDate) - Date.parse(b.creationDate));
      return { body: { modules } };
    },
    'POST modules/': ({ body }: StubCall) =>
      save(NEW_MODULE_ID, body as ModuleInput, '2030-04-01T12:00:00.000Z'),
    'POST delete-module/': ({ body }: StubCall) => {
      const { id } = body as { id: number };
      if (!details.has(id)) return refusal(404, 'not-found', 'No encontramos lo que buscas.');
      details.delete(id);
      summaries.delete(id);
      return { status: 204 };
    },
    'GET module-by-code/': ({ query }: StubCall) =>
      query.get('code') === 'CLON12'
        ? { body: CLONED }
        : refusal(404, 'module-code-invalid', '¡Código erróneo!'),
    'GET courses/': { body: COURSES },
    [`GET courses/${ALGEBRA.id}/topics/`]: { body: [LINEAR] },
    [`GET courses/${TRIGONOMETRY.id}/topics/`]: { body: [] },
    'GET get-subtopics/': ({ query }: StubCall) => ({
      body: query.get('topic_id') === String(LINEAR.id) ? [ONE_UNKNOWN] : [],
    }),
    [`GET problems/subtopic/${ONE_UNKNOWN.id}/`]: { body: SUBTOPIC_PROBLEMS },
    [`GET problems/${PUBLIC_SAMPLE.id}/`]: { body: PUBLIC_SAMPLE },
    'POST getstudentproblemsolutiondata/': { body: { data: [] } },
  };
  for (const id of [...details.keys(), NEW_MODULE_ID]) {
    routes[`GET modules/${id}/`] = () => {
      const detail = details.get(id);
      return detail ? { body: detail } : refusal(404, 'not-found', 'No encontramos lo que buscas.');
    };
    routes[`PUT modules/${id}/`] = ({ body }: StubCall) =>
      details.has(id)
        ? save(id, body as ModuleInput, details.get(id)!.creationDate)
        : refusal(404, 'not-found', 'No encontramos lo que buscas.');
    routes[`PUT modules/${id}/assignments/`] = ({ body }: StubCall) => {
      const detail = details.get(id);
      if (!detail) return refusal(404, 'not-found', 'No encontramos lo que buscas.');
      const assignments: AssignmentView[] = (body as { assignments: AssignmentInput[] }).assignments.map(
        (a) => ({
          classroomId: a.classroomId,
          classroomName: classroomName(a.classroomId),
          publishDate: a.publishDate ?? null,
          deadline: a.deadline ?? null,
          studentIds: a.studentIds ?? null,
          studentDeadlines: (a.studentDeadlines ?? []).map((s) => ({
            studentId: s.studentId,
            deadline: s.deadline,
          })),
        }),
      );
      const next = { ...detail, assignments };
      details.set(id, next);
      summaries.set(id, summaryOf(next));
      return { body: { assignments } };
    };
    routes[`POST modules/${id}/codes/`] = () => {
      const detail = details.get(id);
      if (!detail) return refusal(404, 'not-found', 'No encontramos lo que buscas.');
      const codes = detail.codes.students ? detail.codes : { students: `COD${id}S`, teachers: `COD${id}T` };
      details.set(id, { ...detail, codes });
      summaries.set(id, summaryOf({ ...detail, codes }));
      return { body: codes };
    };
  }
  const teacher = teacherServer(options.data ?? TEACHER_DATA, { ...routes, ...options.extra });
  return { details, routes: teacher.routes };
}
