import { lazy, type ComponentType } from 'react';
import { CONSOLES } from './consoles';
import type { ElementDescriptor, ElementPropType } from './element';

type AnyComponent = ComponentType<Record<string, unknown>>;

/** The solver and the dashboard load with their first element, like every console. */
const Solver = lazy(() =>
  import('./solver/solver').then((m) => ({ default: m.Solver as unknown as AnyComponent })),
);
const ActivityResults = lazy(() =>
  import('./activity-results/index').then((m) => ({ default: m.ActivityResults as unknown as AnyComponent })),
);
/**
 * The classroom dashboards load with their first element, recharts with them (never in the entry);
 * their modules are imported directly, so that their fixtures stay out of the bundle.
 */
const ClassroomOverview = lazy(() =>
  import('./classroom-overview/classroom-overview').then((m) => ({
    default: m.ClassroomOverview as unknown as AnyComponent,
  })),
);
const StudentDetail = lazy(() =>
  import('./student-detail/student-detail').then((m) => ({
    default: m.StudentDetail as unknown as AnyComponent,
  })),
);

const CONSOLE_PROPS: Record<string, ElementPropType> = {
  data: 'json',
  value: 'json',
  feedback: 'json',
  disabled: 'boolean',
  lang: 'string',
  label: 'string',
};

/**
 * Every widget with its element: the thirteen `<kib-*>` elements of ARCHITECTURE.md. The web-component
 * entry, the docs and the tests loop over this one list.
 */
export const WIDGETS: readonly ElementDescriptor[] = [
  ...CONSOLES.map((c): ElementDescriptor => ({
    tag: c.tag,
    component: c.component as unknown as ComponentType<Record<string, unknown>>,
    props: CONSOLE_PROPS,
    events: { onAnswer: 'kib-answer' },
    controlled: { prop: 'value', event: 'kib-answer' },
  })),
  {
    tag: 'kib-solver',
    component: Solver,
    props: {
      problem: 'json',
      problemId: 'number',
      apiBase: 'string',
      token: 'string',
      lang: 'string',
      pictureBaseUrl: 'string',
      videoBaseUrl: 'string',
      deadlinePassed: 'boolean',
      tempStudentId: 'number',
    },
    events: { onComplete: 'kib-complete', onNumeralComplete: 'kib-numeral-complete' },
  },
  {
    tag: 'kib-activity-results',
    component: ActivityResults,
    props: { data: 'json', lang: 'string' },
    events: { onRemoveStudent: 'kib-remove-student', onDownload: 'kib-download' },
  },
  {
    tag: 'kib-classroom-overview',
    component: ClassroomOverview,
    props: {
      data: 'json',
      lang: 'string',
      apiBase: 'string',
      token: 'string',
      classroomId: 'number',
      sections: 'string',
      header: 'boolean',
      headingLevel: 'number',
    },
    events: {
      onSelectAssignment: 'kib-select-assignment',
      onSelectStudent: 'kib-select-student',
      onDownload: 'kib-download',
    },
  },
  {
    tag: 'kib-student-detail',
    component: StudentDetail,
    props: {
      data: 'json',
      lang: 'string',
      apiBase: 'string',
      token: 'string',
      classroomId: 'number',
      studentId: 'number',
    },
    events: {},
  },
];
