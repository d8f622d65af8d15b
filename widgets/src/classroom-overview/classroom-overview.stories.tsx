import { toSnakeCase } from '@kib/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ClassroomOverview } from './classroom-overview';
import { classroomOverviewEmptyFixture, classroomOverviewFixture } from './classroom-overview.fixtures';

const meta = {
  title: 'Dashboards/ClassroomOverview',
  component: ClassroomOverview,
  args: {
    data: classroomOverviewFixture,
    onSelectAssignment: fn(),
    onSelectStudent: fn(),
    onDownload: fn(),
  },
} satisfies Meta<typeof ClassroomOverview>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Last names of the students table, top to bottom. */
function lastNames(canvasElement: HTMLElement): string[] {
  const table = within(canvasElement).getByRole('table', {
    name: /Estudiantes del salón|Students of the classroom/,
  });
  return Array.from(table.querySelectorAll('tbody > tr > th'), (th) => (th.textContent ?? '').trim());
}

/** Answers the API with `status` and `body` while the story is shown (self-loading stories). */
function stubFetch(status: number, body: unknown) {
  return () => {
    const original = globalThis.fetch;
    globalThis.fetch = async () => new Response(JSON.stringify(body), { status });
    return () => {
      globalThis.fetch = original;
    };
  };
}

/** 28 students, six assignments, eight weeks: sorting by progress, then opening a student. */
export const Typical: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const students = canvas.getByRole('table', { name: 'Estudiantes del salón' });
    const progress = within(students).getByRole('columnheader', { name: 'Progreso' });
    await userEvent.click(within(progress).getByRole('button'));
    await expect(progress).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(progress).getByRole('button'));
    await expect(progress).toHaveAttribute('aria-sort', 'descending');
    const top = [...classroomOverviewFixture.students].sort((a, b) => b.progress - a.progress)[0]!;
    await expect(lastNames(canvasElement)[0]).toBe(top.lastName);
    await userEvent.click(canvas.getByRole('button', { name: `${top.lastName}, ${top.firstName}` }));
    await expect(args.onSelectStudent).toHaveBeenCalledWith(top.id);
    await userEvent.click(canvas.getByRole('button', { name: 'Taller 4 — Plano cartesiano' }));
    await expect(args.onSelectAssignment).toHaveBeenCalledWith(4105);
  },
};

/** The weekly chart's numbers as a table, opened from the button under the chart. */
export const WeeklyTable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Ver los datos en una tabla' }));
    const table = canvas.getByRole('table', { name: 'Actividad semanal: datos del gráfico' });
    await expect(table).toBeVisible();
    await expect(within(table).getAllByRole('row')).toHaveLength(9);
  },
};

/** Without callbacks nothing is a link: a page that only shows the class. */
export const ReadOnly: Story = {
  args: { onSelectAssignment: undefined, onSelectStudent: undefined },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('tbody button')).toHaveLength(0);
  },
};

/**
 * One tab of a page that shows the classroom's name itself: only the assignments and the students,
 * headed at level 2, their names real links (a plain click calls back; Ctrl or the middle button
 * would open the address in a new tab).
 */
export const SectionsWithLinks: Story = {
  args: {
    sections: ['assignments', 'students'],
    header: false,
    headingLevel: 2,
    assignmentHref: (moduleId) => `#/assignments/${moduleId}`,
    studentHref: (studentId) => `#/students/${studentId}`,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByText('Código de inscripción', { exact: false })).toBeNull();
    await expect(canvas.queryByRole('region', { name: 'Progreso del salón' })).toBeNull();
    await expect(canvas.getByRole('heading', { level: 2, name: 'Módulos asignados (6)' })).toBeVisible();
    const assignment = canvas.getByRole('link', { name: 'Taller 4 — Plano cartesiano' });
    await expect(assignment).toHaveAttribute('href', '#/assignments/4105');
    await userEvent.click(assignment);
    await expect(args.onSelectAssignment).toHaveBeenCalledWith(4105);
    const student = classroomOverviewFixture.students[0]!;
    const link = canvas.getByRole('link', { name: `${student.lastName}, ${student.firstName}` });
    await expect(link).toHaveAttribute('href', `#/students/${student.id}`);
    await userEvent.click(link);
    await expect(args.onSelectStudent).toHaveBeenCalledWith(student.id);
  },
};

/** A new classroom: nobody has joined and nothing is assigned. */
export const Empty: Story = {
  args: { data: classroomOverviewEmptyFixture },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Aún no hay estudiantes en este salón.')).toBeVisible();
    await expect(canvas.getByText('Este salón aún no tiene módulos asignados.')).toBeVisible();
  },
};

/** The English interface. */
export const English: Story = {
  args: { lang: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Download Excel' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Weekly activity' })).toBeVisible();
  },
};

/** A 360 px phone: the tables scroll sideways inside their labelled regions; the page does not. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  decorators: [
    (Story) => (
      <div style={{ width: 360, maxWidth: '100%' }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const region = canvas.getByRole('region', { name: 'Estudiantes del salón' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(canvasElement.querySelector('.kib-classroom-overview')!.scrollWidth).toBeLessThanOrEqual(
      360,
    );
  },
};

/** Loaded from the API (`api-base`, `token`, `classroom-id`), as an embedding page does. */
export const FromTheApi: Story = {
  args: { data: undefined, apiBase: 'https://kib.example/api/', token: 'kibe_demo', classroomId: 7301 },
  beforeEach: stubFetch(200, toSnakeCase(classroomOverviewFixture)),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('heading', { level: 2 })).toHaveTextContent(
      'Matemáticas 7A',
    );
  },
};

/** The API refuses: the school's plan has ended. */
export const NoPlan: Story = {
  args: { data: undefined, apiBase: 'https://kib.example/api/', token: 'expired', classroomId: 7301 },
  beforeEach: stubFetch(403, { code: 'subscription-required', detail: '' }),
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('suscripción vigente');
  },
};

/** The server cannot be reached: a message and "try again". */
export const Offline: Story = {
  args: { data: undefined, apiBase: 'https://kib.example/api/', classroomId: 7301 },
  beforeEach: () => {
    const original = globalThis.fetch;
    globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    return () => {
      globalThis.fetch = original;
    };
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'No hay conexión con el servidor de Kib',
    );
    await expect(canvas.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
  },
};
