import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { StudentDetail } from './student-detail';
import {
  studentDetailCompletedFixture,
  studentDetailFixture,
  studentDetailInactiveFixture,
  studentDetailWithPhotosFixture,
} from './student-detail.fixtures';

const meta = {
  title: 'Dashboards/StudentDetail',
  component: StudentDetail,
  args: { data: studentDetailFixture },
} satisfies Meta<typeof StudentDetail>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A student with mixed results: the Overview tab. */
export const Mixed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2 })).toHaveTextContent('Daniela Rojas');
    await expect(canvas.getByRole('tab', { name: 'Resumen' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('region', { name: 'Progreso' })).toBeVisible();
  },
};

/** The Assignments tab reached by keyboard, with one assignment open on its problems and numerals. */
export const Assignments: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('tab', { name: 'Resumen' }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: /Módulos/ })).toHaveAttribute('aria-selected', 'true');
    const first = studentDetailFixture.assignments[0]!;
    await userEvent.click(canvas.getByRole('button', { name: `Detalle por problema: ${first.name}` }));
    await expect(
      canvas.getByRole('table', { name: `${first.name}: detalle por problema y numeral` }),
    ).toBeVisible();
    await expect(canvas.getAllByText('Vencida').length).toBeGreaterThan(0);
  },
};

/** A numeral with the photos the student sent from a phone: a picture, and one read as LaTeX. */
export const PhonePhotos: Story = {
  args: { data: studentDetailWithPhotosFixture },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: /Módulos/ }));
    for (const button of canvas.getAllByRole('button', { name: /^Detalle por problema: / }))
      await userEvent.click(button);
    const list = canvas.getByRole('list', { name: /^Fotos del teléfono del numeral/ });
    await expect(within(list).getByRole('img', { name: /^Foto 1 del numeral/ })).toBeVisible();
    await expect(within(list).getByText('x=2')).toBeVisible();
  },
};

/** A student who completes everything published. */
export const Completed: Story = {
  args: { data: studentDetailCompletedFixture },
};

/** A student who joined and has not answered anything yet. */
export const NotStarted: Story = {
  args: { data: studentDetailInactiveFixture },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Sin intentar: 100 %')).toBeVisible();
  },
};

/** The English interface. */
export const English: Story = {
  args: { lang: 'en' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('tab', { name: 'Overview' })).toBeVisible();
  },
};

/** A 360 px phone: the open detail table scrolls inside its region. */
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
    await userEvent.click(canvas.getByRole('tab', { name: /Módulos/ }));
    await userEvent.click(canvas.getAllByRole('button', { name: /^Detalle por problema/ })[0]!);
    const region = canvas.getByRole('region', { name: /detalle por problema y numeral/ });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(canvasElement.querySelector('.kib-student-detail')!.scrollWidth).toBeLessThanOrEqual(360);
  },
};

/** The student is not in the classroom (a 404 from the API). */
export const NotFound: Story = {
  args: { data: undefined, apiBase: 'https://kib.example/api/', token: 't', classroomId: 7301, studentId: 1 },
  beforeEach: () => {
    const original = globalThis.fetch;
    globalThis.fetch = async () => new Response('{"code":"not-found","detail":""}', { status: 404 });
    return () => {
      globalThis.fetch = original;
    };
  },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'No encontramos a este estudiante en el salón.',
    );
  },
};
