import { MATH_TYPE_DATA_SCHEMAS, MATH_TYPES, type MathType, type MathTypeDataOf } from '@kib/core';
import { VALID_MATH_TYPE_DATA } from '@kib/core/fixtures';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { axeViolations } from '../../../test/render-site';
import { mathField, renderForm, typeMath, type FormReport } from './form-harness';
import { fieldId } from './fields';
import { validateRecord } from './index';

type Screen = Awaited<ReturnType<typeof renderForm>>['screen'];

/** The record the form reported last, checked by the math type's core schema. */
function parsed<K extends MathType>(mathType: K, report: FormReport): MathTypeDataOf<K> {
  const result = MATH_TYPE_DATA_SCHEMAS[mathType].safeParse(report.data);
  if (!result.success) throw new Error(`${mathType}: ${JSON.stringify(result.error.issues)}`);
  return result.data as MathTypeDataOf<K>;
}

/** Types `keys` in the math field that has the focus, once one has it (a new list item takes it). */
async function typeInFocusedMath(keys: string) {
  await expect
    .poll(() => {
      const active = document.activeElement;
      return active?.tagName.toLowerCase() === 'math-field' && !!active.shadowRoot?.activeElement;
    })
    .toBe(true);
  await userEvent.keyboard(keys);
}

/** Types in the plain input named `name`, replacing what it holds. */
async function typeText(screen: Screen, name: string, text: string) {
  const input = screen.getByRole('textbox', { name, exact: true });
  await input.click();
  await userEvent.keyboard('{Control>}a{/Control}{Backspace}');
  if (text) await userEvent.keyboard(text);
}

/** How a creator fills each math type's form by keyboard, from the empty form. */
const FILL: { [K in MathType]: (screen: Screen) => Promise<void> } = {
  simplify: async (screen) => {
    await typeMath('n1-startingExpression', '2x+2x');
    await typeMath('n1-target', '4x');
    await screen.getByRole('button', { name: 'Añadir a «Constantes»' }).click();
    await typeInFocusedMath('k');
  },
  solve: async (screen) => {
    await typeMath('n1-startingExpression', '2x+3=7');
    await screen.getByRole('button', { name: 'Añadir a «Soluciones»' }).click();
    await typeInFocusedMath('x=2');
  },
  functions: async () => {
    await typeMath('n1-functionExpr', '2x+1');
    await typeMath('n1-xValue', '3');
  },
  equationOfALine: async () => {
    await typeMath('n1-x1', '1');
    await typeMath('n1-y1', '3');
    await typeMath('n1-x2', '3');
    await typeMath('n1-y2', '7');
  },
  findExpression: async () => {
    await typeMath('n1-definingEquation', '2x+3y=6');
    await typeMath('n1-targetExpression', '2-x');
  },
  plotFunction: async () => {
    await typeMath('n1-function', 'x+4');
  },
  plotLinearEquation: async () => {
    await typeMath('n1-m', '2');
    await typeMath('n1-b', '-1');
  },
  setPointCartesianPlane: async (screen) => {
    await typeText(screen, 'Coordenada x', '2.5');
    await typeText(screen, 'Coordenada y', '-1');
  },
  setMultiPointPlane: async (screen) => {
    await screen.getByRole('textbox', { name: 'Puntos' }).click();
    await userEvent.keyboard('(1,2){Enter}(-3,0.5)');
  },
  intervals: async (screen) => {
    await screen.getByRole('button', { name: 'Añadir intervalo' }).click();
    await typeText(screen, 'Extremo izquierdo', '-inf');
    await screen.getByRole('checkbox', { name: 'Abierto por la izquierda' }).click();
    await typeText(screen, 'Extremo derecho', '2');
  },
  numberlinePoints: async (screen) => {
    await screen.getByRole('button', { name: 'Añadir punto' }).click();
    await typeText(screen, 'Punto 1', '2');
    await screen.getByRole('button', { name: 'Añadir punto' }).click();
    await typeText(screen, 'Punto 2', '-1.5');
  },
  multipleChoice: async (screen) => {
    await typeMath('n1-choices-0-text', '2');
    await screen.getByRole('checkbox', { name: 'La opción 1 es correcta' }).click();
    await screen.getByRole('button', { name: 'Añadir opción' }).click();
    await typeMath('n1-choices-1-text', '3');
  },
  tableSimple: async (screen) => {
    await typeText(screen, 'Contenido de la celda de la fila 1, columna 1', '$x$');
    await typeText(screen, 'Contenido de la celda de la fila 2, columna 1', '1');
    await typeMath('n1-tableData-3-cellContent', '3');
  },
  primeDecomposition: async (screen) => {
    await typeText(screen, 'Número 1', '360');
  },
};

describe('the math-type forms filled by keyboard', () => {
  for (const mathType of MATH_TYPES) {
    it(`${mathType}: the empty form, filled, gives a record its core schema accepts`, async () => {
      const { screen, report } = await renderForm(mathType);
      await FILL[mathType](screen);
      if (mathType === 'multipleChoice') {
        expect(validateRecord(mathType, null, report.choices)).toEqual({});
        expect(report.choices.map((c) => [c.text, c.correct])).toEqual([
          ['$2$', true],
          ['$3$', false],
        ]);
      } else {
        await expect.poll(() => validateRecord(mathType, report.data, [])).toEqual({});
        parsed(mathType, report);
      }
    });
  }

  it('goes from field to field with Tab, math fields included', async () => {
    const { screen, report } = await renderForm('plotLinearEquation');
    await mathField('n1-b');
    await screen.getByRole('heading', { name: 'Creator' }).click();
    await userEvent.keyboard('{Tab}');
    await expect.poll(() => document.activeElement?.id).toBe('n1-m');
    await userEvent.keyboard('3{Tab}');
    await expect.poll(() => document.activeElement?.id).toBe('n1-b');
    await userEvent.keyboard('4');
    await expect.poll(() => report.data).toEqual({ m: '3', b: '4' });
  });

  it('types what the creator means in each field', async () => {
    const simplify = await renderForm('simplify');
    await FILL.simplify(simplify.screen);
    await expect.poll(() => parsed('simplify', simplify.report).constant.map((c) => c.latex)).toEqual(['k']);
    const record = parsed('simplify', simplify.report);
    expect(record).toMatchObject({ startingExpression: '2x+2x', target: '4x', interval: null, form: null });
    expect(record.constant[0]!.id).toMatch(/^[A-Za-z0-9_-]{6}$/);
  });

  it('reads typed coordinates as numbers', async () => {
    const point = await renderForm('setPointCartesianPlane');
    await FILL.setPointCartesianPlane(point.screen);
    expect(parsed('setPointCartesianPlane', point.report)).toEqual({ x: 2.5, y: -1 });
  });

  it('reads typed interval ends as numbers and infinities', async () => {
    const intervals = await renderForm('intervals');
    await FILL.intervals(intervals.screen);
    expect(parsed('intervals', intervals.report).intervals).toEqual([
      [
        { open: true, value: 'minusInf' },
        { open: false, value: 2 },
      ],
    ]);
  });

  it('reads typed points of the number line as numbers', async () => {
    const numbers = await renderForm('numberlinePoints');
    await FILL.numberlinePoints(numbers.screen);
    expect(parsed('numberlinePoints', numbers.report).points).toEqual([2, -1.5]);
  });
});

/** One field of each math type that a round trip edits, and what it then expects. */
const EDIT: {
  [K in MathType]?: { run: (screen: Screen) => Promise<void>; changed: Partial<MathTypeDataOf<K>> };
} = {
  simplify: { run: () => typeMath('n1-target', '{End}+0'), changed: { target: 'x+1+0' } },
  solve: { run: (screen) => typeText(screen, 'Incógnita', 'y'), changed: { unknownVariable: 'y' } },
  plotLinearEquation: { run: () => typeMath('n1-b', '{End}0'), changed: { b: '-10' } },
  setMultiPointPlane: {
    run: async (screen) => {
      await screen.getByRole('textbox', { name: 'Puntos' }).click();
      await userEvent.keyboard('{Control>}{End}{/Control}{Enter}(2,4)');
    },
    changed: { pointsList: '(-1,1)\n(0,0)\n(1,1)\n(2,4)' },
  },
  plotFunction: { run: () => typeMath('n1-function', '{End}+1'), changed: { function: 'x^2-4+1' } },
  setPointCartesianPlane: { run: (screen) => typeText(screen, 'Coordenada y', '-2'), changed: { y: -2 } },
  numberlinePoints: { run: (screen) => typeText(screen, 'Punto 2', '4'), changed: { points: [2, 4] } },
  primeDecomposition: {
    run: (screen) => typeText(screen, 'Número 1', '3600'),
    changed: { numbers: [{ id: 'num360', latex: '3600' }] },
  },
};

describe('editing an existing record', () => {
  for (const mathType of MATH_TYPES.filter((m) => m !== 'multipleChoice')) {
    it(`${mathType}: shows the record and gives it back unchanged but for the edit`, async () => {
      const data = VALID_MATH_TYPE_DATA[mathType];
      const { screen, report } = await renderForm(mathType, { data });
      const edit = EDIT[mathType] as { run: (s: Screen) => Promise<void>; changed: object } | undefined;
      if (edit) {
        await edit.run(screen);
        await expect.poll(() => report.data).toEqual({ ...data, ...edit.changed });
        parsed(mathType, report);
      } else {
        // A settings switch and back: the record comes back equal to what was loaded.
        const box = screen.getByRole('checkbox').first();
        await box.click();
        await box.click();
        await expect.poll(() => report.changes.length).toBe(2);
        expect(report.data).toEqual(data);
      }
    });
  }

  it('shows the loaded values in their fields', async () => {
    const { screen } = await renderForm('equationOfALine', { data: VALID_MATH_TYPE_DATA.equationOfALine });
    await expect.poll(async () => (await mathField('n1-x2')).value).toBe('3');
    await expect.poll(async () => (await mathField('n1-y2')).value).toBe('7');
    await expect.element(screen.getByRole('textbox', { name: 'Símbolo de la pendiente' })).toHaveValue('m');
    await expect.element(screen.getByRole('checkbox', { name: 'La pendiente', exact: true })).toBeChecked();
    await expect.element(screen.getByRole('checkbox', { name: 'Se da la pendiente' })).not.toBeChecked();
  });

  it('keeps multiple-choice options, their keys and pictures', async () => {
    const choices = [
      { key: 'choiceA', id: 4, text: '$\\frac{1}{2}$', picture: null, correct: true },
      { key: 'choiceB', id: 5, text: 'El doble de $x$', picture: 'abcdefgh12.png', correct: false },
    ];
    const { screen, report } = await renderForm('multipleChoice', { choices });
    await expect.poll(async () => (await mathField('n1-choices-0-text')).value).toBe('\\frac{1}{2}');
    // A text mixing words and math is edited as text.
    await expect
      .element(screen.getByRole('textbox', { name: 'Texto de la opción 2' }))
      .toHaveValue('El doble de $x$');
    await screen.getByRole('checkbox', { name: 'La opción 2 es correcta' }).click();
    expect(report.choices).toEqual([choices[0], { ...choices[1], correct: true }]);
    expect(report.changes.at(-1)?.data).toBeNull();
  });
});

describe('the rules of the forms', () => {
  it('functions asks for x or for y, never both (spec 02 §5)', async () => {
    const { screen, report } = await renderForm('functions');
    await typeMath('n1-functionExpr', '2x+1');
    await typeMath('n1-xValue', '3');
    expect(report.data).toMatchObject({ xValue: '3', yValue: null });
    await screen.getByRole('radio', { name: 'El x en que la función toma un valor dado' }).click();
    expect(report.data).toMatchObject({ xValue: null, yValue: '3' });
    await expect.element(screen.getByText('Valor de x')).not.toBeInTheDocument();
    await typeMath('n1-yValue', '{End}1');
    expect(report.data).toMatchObject({ xValue: null, yValue: '31' });
    parsed('functions', report);
    await screen.getByRole('radio', { name: 'El valor de la función en un x dado' }).click();
    expect(report.data).toMatchObject({ xValue: '31', yValue: null });
    for (const change of report.changes) {
      const { xValue, yValue } = change.data as MathTypeDataOf<'functions'>;
      expect((xValue === null) !== (yValue === null)).toBe(true);
    }
  });

  it('table: adds and deletes rows and columns; a delete is ignored when only one remains', async () => {
    const { screen, report } = await renderForm('tableSimple', { data: VALID_MATH_TYPE_DATA.tableSimple });
    const table = () => report.data as MathTypeDataOf<'tableSimple'>;
    await screen.getByRole('button', { name: 'Añadir fila' }).click();
    expect(table()).toMatchObject({ numRows: 4, numColumns: 2 });
    // The new row copies the types of the last one.
    expect(
      table()
        .tableData.filter((c) => c.rIndex === 3)
        .map((c) => c.cellType),
    ).toEqual(['text', 'mathAns']);
    await screen.getByRole('button', { name: 'Añadir columna' }).click();
    expect(table()).toMatchObject({ numRows: 4, numColumns: 3 });
    expect(table().tableData).toHaveLength(12);

    await screen.getByRole('button', { name: 'Eliminar la fila 1' }).click();
    expect(table().numRows).toBe(3);
    // The rows below moved up: the first row is now the old second one.
    expect(table().tableData.find((c) => c.rIndex === 0 && c.cIndex === 1)).toMatchObject({
      cellType: 'mathAns',
      cellContent: '1',
    });
    await screen.getByRole('button', { name: 'Eliminar la columna 3' }).click();
    await screen.getByRole('button', { name: 'Eliminar la columna 1' }).click();
    expect(table().numColumns).toBe(1);
    const deleteColumn = screen.getByRole('button', { name: 'Eliminar la columna 1' });
    await expect.element(deleteColumn).toBeDisabled();
    const before = report.changes.length;
    await deleteColumn.click({ force: true });
    expect(report.changes.length).toBe(before);
    expect(table().numColumns).toBe(1);

    await screen.getByRole('button', { name: 'Eliminar la fila 3' }).click();
    await screen.getByRole('button', { name: 'Eliminar la fila 2' }).click();
    expect(table().numRows).toBe(1);
    await expect.element(screen.getByRole('button', { name: 'Eliminar la fila 1' })).toBeDisabled();
    expect(table().tableData).toEqual([{ rIndex: 0, cIndex: 0, cellType: 'mathAns', cellContent: '1' }]);
    parsed('tableSimple', report);
  });

  it('table: the type of a cell decides what it holds, an answer cell typed as math', async () => {
    const { screen, report } = await renderForm('tableSimple');
    await screen
      .getByRole('combobox', { name: 'Tipo de la celda de la fila 2, columna 1' })
      .selectOptions('Respuesta');
    await typeMath('n1-tableData-2-cellContent', '5');
    const cells = (report.data as MathTypeDataOf<'tableSimple'>).tableData;
    expect(cells.find((c) => c.rIndex === 1 && c.cIndex === 0)).toEqual({
      rIndex: 1,
      cIndex: 0,
      cellType: 'mathAns',
      cellContent: '5',
    });
  });

  it('multiple choice: a choice can be deleted only when more than one exists (spec 02 §5)', async () => {
    const { screen, report } = await renderForm('multipleChoice');
    const deleteFirst = screen.getByRole('button', { name: 'Eliminar la opción 1' });
    await expect.element(deleteFirst).toBeDisabled();
    await expect
      .element(deleteFirst)
      .toHaveAccessibleDescription('Una opción solo se puede eliminar cuando hay más de una.');
    await deleteFirst.click({ force: true });
    expect(report.changes).toHaveLength(0);

    await screen.getByRole('button', { name: 'Añadir opción' }).click();
    await screen.getByRole('button', { name: 'Añadir opción' }).click();
    expect(report.choices).toHaveLength(3);
    const keys = report.choices.map((c) => c.key);
    await screen.getByRole('button', { name: 'Eliminar la opción 2' }).click();
    expect(report.choices.map((c) => c.key)).toEqual([keys[0], keys[2]]);
    await screen.getByRole('button', { name: 'Eliminar la opción 2' }).click();
    expect(report.choices.map((c) => c.key)).toEqual([keys[0]]);
    await expect.element(screen.getByRole('button', { name: 'Eliminar la opción 1' })).toBeDisabled();
  });

  it('multiple choice: a choice can be written as text with math between $', async () => {
    const { screen, report } = await renderForm('multipleChoice');
    await typeMath('n1-choices-0-text', '2');
    expect(report.choices[0]!.text).toBe('$2$');
    await screen
      .getByRole('checkbox', { name: 'Escribir la opción 1 como texto, con las matemáticas entre $' })
      .click();
    await typeText(screen, 'Texto de la opción 1', 'Ninguna, porque $x>2$');
    expect(report.choices[0]!.text).toBe('Ninguna, porque $x>2$');
    // A mixed text cannot go back to the math field.
    await expect
      .element(
        screen.getByRole('checkbox', {
          name: 'Escribir la opción 1 como texto, con las matemáticas entre $',
        }),
      )
      .toBeDisabled();
  });

  it('multiple choice: a picture picked goes to the parent with its choice key', async () => {
    const { screen, report } = await renderForm('multipleChoice');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'mitad.png', { type: 'image/png' });
    await screen.getByLabelText('Imagen de la opción 1').upload(file);
    await expect.poll(() => report.pictures.length).toBe(1);
    expect(report.pictures[0]!.file?.name).toBe('mitad.png');
    expect(report.pictures[0]!.key).toBe(report.choices[0]!.key);
    await expect.element(screen.getByText('Imagen elegida: mitad.png (se sube al guardar).')).toBeVisible();
    await screen.getByRole('button', { name: 'Quitar la imagen de la opción 1' }).click();
    expect(report.pictures.at(-1)).toEqual({ key: report.choices[0]!.key, file: null });
  });

  it('prime decomposition keeps one number at least, and LCM needs two', async () => {
    const { screen, report } = await renderForm('primeDecomposition');
    await expect.element(screen.getByRole('button', { name: 'Quitar Número 1' })).toBeDisabled();
    await typeText(screen, 'Número 1', '12');
    await screen.getByRole('radio', { name: 'El máximo común divisor (MCD)' }).click();
    expect(validateRecord('primeDecomposition', report.data, [])).toEqual({
      numbers: 'creator.form.error.prime-two-numbers',
    });
    await screen.getByRole('button', { name: 'Añadir a «Números»' }).click();
    await userEvent.keyboard('18');
    expect(parsed('primeDecomposition', report)).toMatchObject({ decompType: 'GCD' });
    expect((report.data as MathTypeDataOf<'primeDecomposition'>).numbers.map((n) => n.latex)).toEqual([
      '12',
      '18',
    ]);
  });

  it('an expression list adds an item with the focus in it and removes it', async () => {
    const { screen, report } = await renderForm('solve', { data: VALID_MATH_TYPE_DATA.solve });
    await screen.getByRole('button', { name: 'Añadir a «Unidades»' }).click();
    await typeInFocusedMath('m');
    await expect
      .poll(() => (report.data as MathTypeDataOf<'solve'>).units.map((u) => u.latex))
      .toEqual(['m']);
    await screen.getByRole('button', { name: 'Quitar Unidad 1' }).click();
    expect((report.data as MathTypeDataOf<'solve'>).units).toEqual([]);
    await expect.element(screen.getByRole('button', { name: 'Añadir a «Unidades»' })).toHaveFocus();
  });
});

describe('errors', () => {
  it('validateRecord names each field of an empty record with an i18n key', () => {
    expect(validateRecord('simplify', null, [])).toEqual({
      startingExpression: 'creator.form.error.required',
      target: 'creator.form.error.required',
    });
    expect(validateRecord('numberlinePoints', null, [])).toEqual({
      points: 'creator.form.error.points-required',
    });
    expect(
      validateRecord('equationOfALine', { ...VALID_MATH_TYPE_DATA.equationOfALine, x2: '1', y2: '3' }, []),
    ).toEqual({ x2: 'creator.form.error.line-same-points' });
    expect(validateRecord('functions', { ...VALID_MATH_TYPE_DATA.functions, yValue: '2' }, [])).toEqual({
      xValue: 'creator.form.error.functions-one-value',
    });
    expect(validateRecord('setMultiPointPlane', { pointsList: '(1,2)\n3,4' }, [])).toEqual({
      pointsList: 'creator.form.error.points-list-format',
    });
    expect(validateRecord('multipleChoice', null, [])).toEqual({
      choices: 'creator.form.error.choices-required',
    });
  });

  it('shows the errors at their fields, tied by aria-describedby', async () => {
    const errors = {
      target: 'creator.form.error.required',
      constant: 'creator.form.error.too-many',
    };
    const simplify = await renderForm('simplify', { errors });
    const target = await mathField('n1-target');
    expect(target.getAttribute('aria-invalid')).toBe('true');
    const describedBy = target.getAttribute('aria-describedby')?.split(' ') ?? [];
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Este campo es obligatorio.',
    );
    await expect
      .element(simplify.screen.getByRole('group', { name: 'Constantes' }))
      .toHaveAccessibleDescription('La lista tiene demasiados elementos.');
  });

  it('shows the error of a table cell at the cell', async () => {
    const data = VALID_MATH_TYPE_DATA.tableSimple;
    const table = await renderForm('tableSimple', {
      data: { ...data, tableData: data.tableData.map((c, i) => (i === 5 ? { ...c, cellContent: '' } : c)) },
      errors: { 'tableData.5.cellContent': 'creator.form.error.answer-cell-empty' },
    });
    const answer = await mathField('n1-tableData-5-cellContent');
    expect(answer.getAttribute('aria-invalid')).toBe('true');
    await expect
      .element(table.screen.getByText('Escribe la respuesta esperada de esta celda.'))
      .toBeVisible();
  });

  it('shows an error of the whole record at the top of the form', async () => {
    const { screen } = await renderForm('plotFunction', { errors: { '': 'creator.form.error.invalid' } });
    await expect
      .element(screen.getByRole('group', { name: 'Graficar una función' }))
      .toHaveAccessibleDescription('Este valor no es válido.');
  });

  it('shows what validateRecord finds, in English too', async () => {
    const record = { ...VALID_MATH_TYPE_DATA.setPointCartesianPlane, x: 'dos' };
    const errors = validateRecord('setPointCartesianPlane', record, []);
    expect(errors).toEqual({ x: 'creator.form.error.number' });
    const { screen } = await renderForm('setPointCartesianPlane', { data: record, errors, language: 'en' });
    await expect
      .element(screen.getByRole('textbox', { name: 'x coordinate' }))
      .toHaveAccessibleDescription('Type a number.');
    await expect.element(screen.getByRole('textbox', { name: 'x coordinate' })).toHaveValue('dos');
  });
});

describe('the consoles as inputs', () => {
  it('setPointCartesianPlane: a point placed on the console writes x and y', async () => {
    const { screen, report } = await renderForm('setPointCartesianPlane');
    const board = screen.getByRole('application', { name: /Plano cartesiano/ });
    await expect.element(board).toBeVisible();
    await board.click({ position: { x: 249, y: 152 } });
    await expect.poll(() => report.data).toEqual({ x: 3, y: 1 });
    await expect.element(screen.getByRole('textbox', { name: 'Coordenada x' })).toHaveValue('3');
    await expect.element(screen.getByRole('textbox', { name: 'Coordenada y' })).toHaveValue('1');
  });

  it('setPointCartesianPlane: the console takes the point by keyboard too', async () => {
    const { screen, report } = await renderForm('setPointCartesianPlane', { data: { x: 1, y: 1 } });
    const board = screen.getByRole('application', { name: /Plano cartesiano/ });
    await expect.element(board).toBeVisible();
    (board.element() as HTMLElement).focus();
    await userEvent.keyboard('{Shift>}{ArrowLeft}{ArrowLeft}{ArrowDown}{/Shift}{Enter}');
    await expect.poll(() => report.data).toEqual({ x: -2, y: -1 });
  });

  it('setMultiPointPlane: points placed on the console write the list, one (x,y) per line', async () => {
    const { screen, report } = await renderForm('setMultiPointPlane', { data: { pointsList: '(1,2)' } });
    const board = screen.getByRole('application', { name: /Plano cartesiano/ });
    await expect.element(board).toBeVisible();
    await board.click({ position: { x: 249, y: 152 } });
    await expect.poll(() => report.data).toEqual({ pointsList: '(1,2)\n(3,1)' });
    await expect.element(screen.getByRole('textbox', { name: 'Puntos' })).toHaveValue('(1,2)\n(3,1)');
  });

  it('setMultiPointPlane: a list the console cannot draw leaves the console disabled, saying why', async () => {
    const { screen } = await renderForm('setMultiPointPlane', { data: { pointsList: '(\\frac{1}{2},3)' } });
    await expect
      .element(screen.getByText('La lista tiene coordenadas que no son números decimales', { exact: false }))
      .toBeVisible();
  });

  it('plotLinearEquation: a line placed on the console writes m and b', async () => {
    const { screen, report } = await renderForm('plotLinearEquation');
    const board = screen.getByRole('application', { name: /Plano cartesiano/ });
    await expect.element(board).toBeVisible();
    // (0, 1), then (3, 2): m = 1/3, b = 1.
    await board.click({ position: { x: 100, y: 150 } });
    await board.click({ position: { x: 250, y: 100 } });
    await expect.poll(() => report.data).toEqual({ m: '\\frac{1}{3}', b: '1' });
    await expect.poll(async () => (await mathField('n1-m')).value).toBe('\\frac{1}{3}');
  });

  it('intervals: an interval drawn on the console by keyboard writes the typed ends', async () => {
    const { screen, report } = await renderForm('intervals');
    await screen.getByRole('button', { name: 'Dibujar intervalo' }).click();
    const line = screen.getByRole('application');
    await expect.element(line).toBeVisible();
    (line.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowLeft}{Enter}');
    await userEvent.keyboard('{Shift>}{ArrowRight}{ArrowRight}{ArrowRight}{/Shift}{ArrowRight}{Enter}');
    await expect
      .poll(() => report.data)
      .toEqual({
        intervals: [
          [
            { open: false, value: -2 },
            { open: false, value: 1.5 },
          ],
        ],
      });
    await expect.element(screen.getByRole('textbox', { name: 'Extremo izquierdo' })).toHaveValue('-2');
    await expect.element(screen.getByRole('textbox', { name: 'Extremo derecho' })).toHaveValue('1.5');
  });

  it('numberlinePoints: a point placed on the console by keyboard joins the typed numbers', async () => {
    const { screen, report } = await renderForm('numberlinePoints', { data: { points: [-1] } });
    await screen.getByRole('button', { name: 'Colocar punto' }).click();
    const line = screen.getByRole('application');
    await expect.element(line).toBeVisible();
    (line.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    await expect.poll(() => report.data).toEqual({ points: [-1, 1] });
    await expect.element(screen.getByRole('textbox', { name: 'Punto 2' })).toHaveValue('1');
  });

  it('numberlinePoints: the typed numbers and the console show the same points', async () => {
    const { screen, report } = await renderForm('numberlinePoints', { data: { points: [2] } });
    await expect.element(screen.getByRole('textbox', { name: 'Punto 1' })).toHaveValue('2');
    await screen.getByRole('button', { name: 'Quitar Punto 1' }).click();
    expect(report.data).toEqual({ points: [] });
    expect(validateRecord('numberlinePoints', report.data, [])).toEqual({
      points: 'creator.form.error.points-required',
    });
  });
});

describe('accessibility and languages', () => {
  for (const mathType of MATH_TYPES) {
    it(`${mathType}: axe finds nothing in the form with a record`, async () => {
      const data = mathType === 'multipleChoice' ? null : VALID_MATH_TYPE_DATA[mathType];
      await renderForm(mathType, { data });
      await mathFieldsReady();
      expect(await axeViolations()).toEqual([]);
    });

    it(`${mathType}: axe finds nothing in the empty form with its errors, each at its element, in English`, async () => {
      const errors = validateRecord(mathType, null, []);
      await renderForm(mathType, { errors, language: 'en' });
      await mathFieldsReady();
      for (const path of Object.keys(errors)) {
        const element = document.getElementById(path === '' ? 'n1-group' : fieldId('n1', path));
        expect(element, path).not.toBeNull();
        expect(element!.getAttribute('aria-invalid'), path).toBe('true');
      }
      expect(await axeViolations()).toEqual([]);
    });
  }

  it('speaks English when the site does', async () => {
    const { screen } = await renderForm('equationOfALine', { language: 'en' });
    await expect.element(screen.getByRole('group', { name: 'What is asked (at least one)' })).toBeVisible();
    await expect.element(screen.getByRole('checkbox', { name: 'The equation of the line' })).toBeChecked();
    await expect.element(screen.getByRole('textbox', { name: 'Symbol of the slope' })).toHaveValue('m');
  });
});

/** Waits until every MathLive field of the page is made (axe reads them). */
async function mathFieldsReady() {
  await expect
    .poll(() =>
      [...document.querySelectorAll('.creator-form__math-host')].every((host) =>
        host.querySelector('math-field'),
      ),
    )
    .toBe(true);
}
