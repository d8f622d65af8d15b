import type { CurrentUser } from '@kib/api-client';
import type {
  AuthoringCheck,
  CreatorProblemAnswer,
  CreatorProblemRow,
  FileFormData,
  GradeContent,
  NumeralDraft,
  ProblemDraft,
  ProblemSkill,
  SaveProblemAnswer,
} from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { STUDENT, type StubCall, type StubHandler } from '../../test/render-site';
import {
  ALGEBRA,
  COURSES,
  LINEAR,
  ONE_UNKNOWN,
  PUBLIC_SAMPLE,
  TRIGONOMETRY,
} from '../teacher/modules/module-fixture';
import { refusal } from '../teacher/teacher-fixture';

/** A creator (first group Creators): lands on /creator. */
export const CREATOR: CurrentUser = {
  ...STUDENT,
  id: 40,
  email: 'carla@example.com',
  firstName: 'Carla',
  lastName: 'Ruiz',
  groups: ['Creators'],
};

/** A teacher who also authors problems from the teacher's menu. */
export const AUTHOR_TEACHER: CurrentUser = { ...CREATOR, id: 41, firstName: 'Luis', groups: ['Teachers'] };

/** A row of the problem table. */
export function row(id: number, change: Partial<CreatorProblemRow> = {}): CreatorProblemRow {
  return {
    id,
    title: `Problema ${id}`,
    description: `Descripción del problema ${id}`,
    numeration: String(id),
    language: 'es',
    topicId: LINEAR.id,
    subtopicId: ONE_UNKNOWN.id,
    authorId: 90,
    authorName: 'Otra Autora',
    publishProblem: true,
    numerals: 1,
    modules: 0,
    canEdit: false,
    updatedAt: '2030-03-01T10:00:00.000Z',
    ...change,
  };
}

/** Carla's own problem, with math in its title: editable, unpublished. */
export const MINE = row(12, {
  title: 'Ecuación $2x+3=7$',
  description: 'Despeja $x$',
  authorId: CREATOR.id,
  authorName: 'Carla Ruiz',
  publishProblem: false,
  canEdit: true,
});
/** Carla's problem that a module holds: deleting it unpublishes it. */
export const IN_MODULE = row(14, {
  title: 'Problema en un módulo',
  authorId: CREATOR.id,
  authorName: 'Carla Ruiz',
  modules: 2,
  canEdit: true,
});
/** The widgets' sample problem, someone else's: preview and try only. */
export const SAMPLE_ROW = row(PUBLIC_SAMPLE.id, {
  title: PUBLIC_SAMPLE.title,
  description: PUBLIC_SAMPLE.description,
});

/** Thirty problems: Carla's two, the sample, and 27 others, newest change first. */
export const ROWS: CreatorProblemRow[] = [
  MINE,
  IN_MODULE,
  SAMPLE_ROW,
  ...Array.from({ length: 27 }, (_, i) => row(100 + i, i % 2 ? { subtopicId: 99, topicId: 98 } : {})),
];

/** A solve numeral, answered. */
export function solveNumeral(key: string, question: string, id: number | null = null): NumeralDraft {
  return {
    key,
    id,
    question,
    initialHint: null,
    hintPicture: null,
    picture: null,
    videoS3: null,
    calculator: false,
    steps: [],
    mathType: 'solve',
    data: VALID_MATH_TYPE_DATA.solve,
    choices: [],
  };
}

/** Problem 12 as the creation tool opens it: two numerals, the first with a step. */
export const MINE_DRAFT: ProblemDraft = {
  id: MINE.id,
  title: MINE.title,
  description: MINE.description,
  language: 'es',
  courseId: ALGEBRA.id,
  topicId: LINEAR.id,
  subtopicId: ONE_UNKNOWN.id,
  numeration: '12',
  publishProblem: false,
  calculator: false,
  picture: 'pic12abcd.png',
  videoS3: null,
  numerals: [
    {
      ...solveNumeral('numAAA', 'Resuelve $2x+3=7$', 501),
      steps: [
        {
          key: 'stpAAA',
          id: 601,
          instruction: 'Resta 3 a ambos lados',
          explanation: '',
          picture: null,
          videoS3: null,
          calculator: false,
          mathType: 'solve',
          data: VALID_MATH_TYPE_DATA.solve,
          choices: [],
        },
      ],
    },
    solveNumeral('numBBB', 'Comprueba la solución', 502),
  ],
};

/** What the tool opens for problem 12. */
export const MINE_ANSWER: CreatorProblemAnswer = {
  problem: MINE_DRAFT,
  canEdit: true,
  authorId: CREATOR.id,
  authorName: 'Carla Ruiz',
  modules: 0,
  updatedAt: '2030-03-01T10:00:00.000Z',
  skills: [],
  checks: null,
};

/** The learning standards the creation tool's skills are chosen from: one system, one grade. */
export const STANDARDS = {
  systems: {
    educationSystems: [
      { id: 1, name: 'Estándares Básicos de Competencias (Colombia)', learningStandardName: '' },
    ],
    grades: [],
  },
  grades: {
    grades: [
      {
        id: 5,
        educationSystemId: 1,
        name: 'Décimo a undécimo',
        nameEnglish: 'Tenth to eleventh',
        numeration: 10,
      },
    ],
  },
  content: {
    learningStandards: [
      {
        id: 51,
        gradeId: 5,
        name: 'Describo y modelo fenómenos periódicos.',
        nameEnglish: 'I model periodic phenomena.',
        thinking: 'variational',
      },
    ],
    skills: [
      { id: 71, learningStandardId: 51, name: 'Grafica el seno.', nameEnglish: 'Graphs the sine.' },
      { id: 72, learningStandardId: 51, name: 'Verifica identidades.', nameEnglish: 'Verifies identities.' },
    ],
  } satisfies GradeContent,
};
/** The skills of {@link STANDARDS} as a problem's skills. */
export const SKILLS: ProblemSkill[] = STANDARDS.content.skills.map((s) => ({
  ...s,
  gradeId: 5,
  educationSystemId: 1,
}));

/** The id a first save gives a new problem. */
export const NEW_PROBLEM_ID = 77;
/** The id of a clone of problem 12. */
export const CLONE_ID = 13;

/** A failing authoring check of the second numeral. */
export const FAILED_CHECK: AuthoringCheck = {
  numeral: 2,
  step: null,
  key: 'numBBB',
  mathType: 'solve',
  ok: false,
  reason: 'authoring.solutions-wrong',
  params: { answer: 'x=3' },
  answer: 'x=3',
};

/** A save as the stub received it: the draft and the files with their formdata, by field. */
export interface ReceivedSave {
  state: Record<string, unknown>;
  userType: string | null;
  files: { field: string; name: string; size: number; formdata: FileFormData }[];
}

/** Reads the multipart body of a save. */
export function receivedSave(call: StubCall): ReceivedSave {
  const form = call.form;
  if (!form) throw new Error('the save was not multipart');
  const files: ReceivedSave['files'] = [];
  for (const [field, value] of form.entries()) {
    const n = /^(?:picture|video)_(\d+)$/.exec(field)?.[1];
    if (n === undefined || typeof value === 'string') continue;
    files.push({
      field,
      name: value.name,
      size: value.size,
      formdata: JSON.parse(String(form.get(`formdata_${n}`))) as ReceivedSave['files'][number]['formdata'],
    });
  }
  return {
    state: JSON.parse(String(form.get('state'))) as Record<string, unknown>,
    userType: form.get('user_type') as string | null,
    files,
  };
}

const camel = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(camel);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()),
        camel(v),
      ]),
    );
  return value;
};

/**
 * The creator area's server: the problem table (filters, pages), problem 12 to edit, saving (ids
 * given to new items, files stored under made-up keys, publishing refused when `refuse` holds
 * checks), clone and delete; the content lists and the sample problem for preview and try.
 */
export function creatorServer(
  options: {
    rows?: CreatorProblemRow[];
    refuse?: AuthoringCheck[];
    saveError?: StubHandler;
    extra?: Record<string, StubHandler>;
    /** The skills a save's `skillIds` may name; the answer names those it finds. */
    skills?: ProblemSkill[];
  } = {},
) {
  const rows = options.rows ?? ROWS;
  const saves: ReceivedSave[] = [];
  let nextId = 900;
  const routes: Record<string, StubHandler> = {
    'GET creator/problems/': ({ query }) => {
      const page = Number(query.get('page') ?? 1);
      const size = Number(query.get('page_size') ?? 25);
      const q = (query.get('q') ?? '').toLowerCase();
      const subtopic = query.get('subtopic_id');
      const found = rows.filter(
        (r) =>
          (query.get('mine') !== 'true' || r.authorId === CREATOR.id) &&
          (!subtopic || String(r.subtopicId) === subtopic) &&
          (!q || r.title.toLowerCase().includes(q) || r.description.toLowerCase().includes(q)),
      );
      return {
        body: {
          problems: found.slice((page - 1) * size, page * size),
          total: found.length,
          page,
          pageSize: size,
        },
      };
    },
    [`GET creator/problems/${MINE.id}/`]: { body: MINE_ANSWER },
    [`GET creator/problems/${CLONE_ID}/`]: {
      body: { ...MINE_ANSWER, problem: { ...MINE_DRAFT, id: CLONE_ID, title: `${MINE_DRAFT.title} (clon)` } },
    },
    [`POST creator/problems/${MINE.id}/clone/`]: { status: 201, body: { problemId: CLONE_ID } },
    [`DELETE problems/delete/${MINE.id}/`]: { body: { outcome: 'deleted' } },
    [`DELETE problems/delete/${IN_MODULE.id}/`]: { body: { outcome: 'unpublished' } },
    'POST send_create_problem_data/':
      options.saveError ??
      ((call) => {
        const received = receivedSave(call);
        saves.push(received);
        const state = camel(received.state) as ProblemDraft;
        const problemId = state.id ?? NEW_PROBLEM_ID;
        const stored = (file: ReceivedSave['files'][number]) => ({
          type: file.formdata.type,
          id: file.formdata.id,
          name: `${file.field.replace('_', '')}stored.${file.name.split('.').pop()}`,
        });
        const problem: ProblemDraft = {
          ...state,
          id: problemId,
          numerals: state.numerals.map((n) => ({
            ...n,
            id: n.id ?? nextId++,
            steps: n.steps.map((s) => ({ ...s, id: s.id ?? nextId++ })),
          })),
        };
        const refused = state.publishProblem && (options.refuse?.length ?? 0) > 0;
        const answer: SaveProblemAnswer = {
          problemId,
          problem: { ...problem, publishProblem: state.publishProblem && !refused },
          uploadedPics: received.files.filter((f) => f.field.startsWith('picture')).map(stored),
          uploadedVideos: received.files.filter((f) => f.field.startsWith('video')).map(stored),
          checks: refused ? (options.refuse ?? []) : [],
          published: state.publishProblem && !refused,
          skills: (state.skillIds ?? []).flatMap(
            (id) => (options.skills ?? SKILLS).find((s) => s.id === id) ?? [],
          ),
        };
        return { body: answer };
      }),
    'GET courses/': { body: COURSES },
    [`GET courses/${ALGEBRA.id}/topics/`]: { body: [LINEAR] },
    [`GET courses/${TRIGONOMETRY.id}/topics/`]: { body: [] },
    'GET get-subtopics/': ({ query }) => ({
      body: query.get('topic_id') === String(LINEAR.id) ? [ONE_UNKNOWN] : [],
    }),
    'GET languages/': {
      body: [
        { id: 'es', name: 'Spanish', nameSpanish: 'Español' },
        { id: 'en', name: 'English', nameSpanish: 'Inglés' },
      ],
    },
    [`GET problems/${PUBLIC_SAMPLE.id}/`]: { body: PUBLIC_SAMPLE },
    'GET get-education-systems/': { body: STANDARDS.systems },
    'GET education-system-grades/': ({ query }) =>
      query.get('education_system') === '1'
        ? { body: STANDARDS.grades }
        : refusal(404, 'not-found', 'No encontramos lo que buscas.'),
    'GET get-grade-content/': ({ query }) =>
      query.get('grade_id') === '5'
        ? { body: STANDARDS.content }
        : refusal(404, 'not-found', 'No encontramos lo que buscas.'),
    'POST getstudentproblemsolutiondata/': { body: { data: [] } },
    [`GET creator/problems/404/`]: refusal(404, 'not-found', 'No encontramos lo que buscas.'),
    ...options.extra,
  };
  return { routes, saves };
}
