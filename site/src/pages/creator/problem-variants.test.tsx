import type { ProblemVariantsAnswer } from '@kib/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { sidebarStorageKey } from '../../layout/area-layout';
import { axeViolations, renderSite, type StubCall, type StubHandler } from '../../test/render-site';
import { refusal } from '../teacher/teacher-fixture';
import { CREATOR, creatorServer, MINE, MINE_ANSWER, NEW_PROBLEM_ID } from './creator-fixture';
import { draftStorageName } from './creator-draft.store';

/** Two variants of problem 12: its first numeral's equation with new numbers. */
function variant(n: number, equation: string, solution: string) {
  const [first, ...rest] = MINE_ANSWER.problem.numerals;
  return {
    problem: {
      ...MINE_ANSWER.problem,
      id: null,
      publishProblem: false,
      title: `${MINE_ANSWER.problem.title} (variante ${n})`,
      numerals: [
        {
          ...first!,
          key: `var${n}AAAA`,
          id: null,
          question: `Resuelve $${equation}$`,
          data: {
            ...(first!.data as object),
            startingExpression: equation,
            definedSolutions: [{ id: 'sol001', latex: solution }],
          },
        },
        ...rest.map((r, i) => ({ ...r, key: `var${n}${i}BBB`, id: null })),
      ],
    },
    answers: [],
  };
}

const VARIANTS = {
  variants: [variant(1, '3x+2=8', 'x=2'), variant(2, '5x+4=9', 'x=1')],
  varied: [{ numeral: 1, step: null, mathType: 'solve' }],
  kept: [{ numeral: 2, step: null, mathType: 'multipleChoice', reason: 'type-unsupported' }],
} as unknown as ProblemVariantsAnswer;

async function open(answer: StubHandler) {
  const calls: StubCall[] = [];
  const server = creatorServer({
    extra: {
      [`POST problems/${MINE.id}/variants/`]: (call) => {
        calls.push(call);
        return typeof answer === 'function' ? answer(call) : answer;
      },
    },
  });
  const rendered = await renderSite(`/creator/tool/${MINE.id}`, { user: CREATOR, routes: server.routes });
  return { ...rendered, calls };
}

beforeEach(() => {
  localStorage.removeItem(sidebarStorageKey('creator'));
  for (const id of [null, MINE.id, NEW_PROBLEM_ID]) localStorage.removeItem(draftStorageName(id));
});

describe('the creation tool: make variants', () => {
  it('asks for the count, lists the variants, saves one as a draft and opens another in the tool', async () => {
    const { screen, calls } = await open({ body: VARIANTS });
    const section = screen.getByRole('region', { name: 'Variantes del problema' });
    const count = section.getByRole('spinbutton', { name: 'Cuántas variantes' });
    await count.fill('2');
    await section.getByRole('button', { name: 'Crear variantes' }).click();

    await expect.element(section.getByRole('heading', { name: 'Variantes creadas' })).toHaveFocus();
    expect(calls[0]!.body).toEqual({ count: 2 });
    // The list renders the variant's math, not its LaTeX source.
    await expect.element(section.getByText('Resuelve', { exact: false }).first()).toBeVisible();
    expect(
      [...section.element().querySelectorAll('.creator-variants-list [data-latex]')].map((e) =>
        e.getAttribute('data-latex'),
      ),
    ).toContain('3x+2=8');
    expect(section.element().textContent).not.toContain('$3x+2=8$');
    await expect
      .element(section.getByText(/Quedaron igual en todas las variantes \(revísalas\): numeral 2/))
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await section.getByRole('button', { name: `Guardar como borrador: ${MINE.title} (variante 1)` }).click();
    await expect.element(section.getByRole('link', { name: 'Abrir el borrador guardado' })).toBeVisible();

    await section
      .getByRole('button', { name: `Abrir en la herramienta: ${MINE.title} (variante 2)` })
      .click();
    await expect
      .element(screen.getByRole('textbox', { name: 'Título' }))
      .toHaveValue(`${MINE.title} (variante 2)`);
    // A new, unsaved problem: it has no variants of its own yet.
    await expect
      .element(screen.getByRole('region', { name: 'Variantes del problema' }))
      .not.toBeInTheDocument();
  });

  it('shows the server’s translated reason when nothing can be varied', async () => {
    const { screen } = await open(
      refusal(422, 'variants-unsupported', 'Este problema no tiene nada que variar.'),
    );
    const section = screen.getByRole('region', { name: 'Variantes del problema' });
    await section.getByRole('button', { name: 'Crear variantes' }).click();
    await expect
      .element(section.getByRole('alert'))
      .toHaveTextContent(/Este problema no tiene nada que variar/);
  });
});
