import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ActivityResults } from './activity-results';
import {
  activityResultsCompletedFixture,
  activityResultsEmptyFixture,
  activityResultsFixture,
} from './activity-results.fixtures';
import type { ActivityResultsData } from './activity-results.types';

const meta = {
  title: 'Dashboards/ActivityResults',
  component: ActivityResults,
  args: { data: activityResultsFixture, onRemoveStudent: fn(), onDownload: fn() },
} satisfies Meta<typeof ActivityResults>;

export default meta;
type Story = StoryObj<typeof meta>;

function bodyRowHeaders(canvasElement: HTMLElement): string[] {
  const panel = canvasElement.querySelector('[role="tabpanel"]:not([hidden])');
  return Array.from(panel?.querySelectorAll('.kib-ar-table > tbody > tr.kib-ar-row > th') ?? [], (th) =>
    (th.textContent ?? '').trim(),
  );
}

/** An activity nobody has joined yet. */
export const Empty: Story = {
  args: { data: activityResultsEmptyFixture },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Aún no hay estudiantes en esta actividad.')).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Estudiantes (0)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/** Twelve students on four problems; sorting by progress and opening a student's detail. */
export const Typical: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const progress = canvas.getByRole('columnheader', { name: 'Progreso' });
    await userEvent.click(within(progress).getByRole('button'));
    await expect(progress).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(within(progress).getByRole('button'));
    await expect(progress).toHaveAttribute('aria-sort', 'descending');
    await expect(bodyRowHeaders(canvasElement).slice(0, 2)).toEqual(['Valentina', 'Gabriela']);
    const toggle = canvas.getByRole('button', { name: 'Ver el detalle de Sofía Ramírez' });
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(canvas.getByRole('table', { name: 'Progreso de Sofía Ramírez por problema' })).toBeVisible();
  },
};

/** The Problems tab reached by keyboard, with one problem open on every student's status. */
export const ProblemsTab: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    canvas.getByRole('tab', { name: /Estudiantes/ }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: /Problemas/ })).toHaveAttribute('aria-selected', 'true');
    await userEvent.click(
      canvas.getByRole('button', { name: 'Ver el detalle del problema Ecuaciones lineales' }),
    );
    await expect(
      canvas.getByRole('table', { name: 'Estado de los estudiantes en 1. Ecuaciones lineales' }),
    ).toBeVisible();
  },
};

/** Removing a student: cancelled once, then confirmed. */
export const RemoveStudent: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Quitar a Matías Torres' }));
    const dialog = await canvas.findByRole('dialog', { name: 'Quitar estudiante' });
    await expect(dialog).toHaveTextContent('¿Quitar al estudiante Matías Torres de esta actividad?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(args.onRemoveStudent).not.toHaveBeenCalled();

    await userEvent.click(canvas.getByRole('button', { name: 'Quitar a Matías Torres' }));
    await userEvent.click(
      within(await canvas.findByRole('dialog')).getByRole('button', { name: 'Sí, quitar' }),
    );
    await expect(args.onRemoveStudent).toHaveBeenCalledWith(7108);
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Quitar a Matías Torres' })).toBeNull());
    await expect(canvas.getByRole('tab', { name: 'Estudiantes (11)' })).toBeInTheDocument();
  },
};

/** Every student completed every numeral. */
export const AllCompleted: Story = {
  args: { data: activityResultsCompletedFixture },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Completado: 100 %/)).toBeVisible();
  },
};

/** The English interface. */
export const English: Story = {
  args: { lang: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Download Excel' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Last name' }));
    await expect(bodyRowHeaders(canvasElement)[0]).toBe('Nicolás');
  },
};

/** A 360 px phone: the table scrolls sideways inside its labelled region. */
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
    const region = canvas.getByRole('region', { name: 'Resultados por estudiante' });
    await expect(region.scrollWidth).toBeGreaterThan(region.clientWidth);
    await expect(canvasElement.querySelector('.kib-activity-results')!.scrollWidth).toBeLessThanOrEqual(360);
    await userEvent.click(canvas.getByRole('button', { name: 'Ver el detalle de Valentina Gómez Ríos' }));
    await expect(
      canvas.getByRole('table', { name: 'Progreso de Valentina Gómez Ríos por problema' }),
    ).toBeVisible();
  },
};

/** Without `onRemoveStudent` there is nothing to remove with. */
export const WithoutRemove: Story = {
  args: { onRemoveStudent: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('table', { name: 'Resultados por estudiante' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Quitar/ })).toBeNull();
  },
};

/** Data that does not match the schema. */
export const InvalidData: Story = {
  args: {
    data: {
      assignment: { name: 'Taller' },
      problems: [],
      students: [{ id: -1 }],
    } as unknown as ActivityResultsData,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent(
      'los datos recibidos no son válidos',
    );
  },
};
