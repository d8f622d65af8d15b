import type { NewStudentRow, RegisteredStudent } from '@kib/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite, type StubCall, type StubHandler } from '../../test/render-site';
import { GRADO_10A, refusal, TEACHER, TEACHER_DATA, teacherServer } from './teacher-fixture';
import { TEACHER_SIDEBAR_KEY } from './teacher-layout';

const PATH = `/teacher/classroom/${GRADO_10A.id}/createRegisterStudents`;

/** The server's answer to one row: what the e-mail says it is (a toy of the real rules). */
function outcome(input: NewStudentRow, index: number): RegisteredStudent {
  const base = {
    row: index + 1,
    firstName: input.firstName ?? '',
    lastName: input.lastName ?? '',
    email: input.email ?? '',
  };
  if (!base.email.includes('@'))
    return { ...base, action: 'Error', password: null, error: 'validation.email-invalid' };
  if (base.email.startsWith('ya')) return { ...base, action: 'AlreadyExisted', password: null, error: null };
  if (base.email.startsWith('sleepy'))
    return { ...base, action: 'WasNotActive', password: null, error: null };
  const password = `${base.firstName.replace(/\s+/g, '').toLowerCase()}.1234`;
  return { ...base, action: 'Created', password, error: null };
}

/** The id of the registration job the stub server starts. */
const JOB_ID = '0b6a2f1e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';

/** The job the last registration started: what `GET createregisterstudents/{id}/` answers. */
let job: Record<string, unknown> | null = null;

/**
 * The server's side of a registration, as a background job: the POST answers it queued and the
 * job's address then answers `finish(call)` (its outcome, or its failure) once done.
 */
function asJob(finish: (call: StubCall) => Record<string, unknown>): StubHandler {
  return (call) => {
    job = { id: JOB_ID, failedTries: 0, answer: null, error: null, ...finish(call) };
    return { status: 202, body: { id: JOB_ID, state: 'queued', failedTries: 0, answer: null, error: null } };
  };
}

const registerRows = asJob(({ body }) => ({
  state: 'done',
  answer: { results: (body as { newStudents: NewStudentRow[] }).newStudents.map(outcome) },
}));

/** Two students of a spreadsheet, as the server reads them. */
const FILE_RESULTS: RegisteredStudent[] = [
  outcome({ firstName: 'Alumno Uno', lastName: 'Excel', email: 'excel1@test.kib' }, 0),
  outcome({ firstName: 'Alumno Dos', lastName: 'Excel', email: 'ya.excel2@test.kib' }, 1),
];

/** The registration page of Grado 10A as the seeded teacher opens it. */
function open(options: { path?: string; routes?: Record<string, StubHandler>; language?: 'es' | 'en' } = {}) {
  const server = teacherServer(TEACHER_DATA, {
    'POST createregisterstudents/': registerRows,
    'POST createregisterstudents/file/': asJob(() => ({ state: 'done', answer: { results: FILE_RESULTS } })),
    [`GET createregisterstudents/${JOB_ID}/`]: () => ({ body: job }),
    ...options.routes,
  });
  return renderSite(options.path ?? PATH, {
    user: TEACHER,
    routes: server.routes,
    language: options.language,
  });
}

/** Base64 of bytes, computed apart from the page's own conversion. */
function base64(bytes: Uint8Array): string {
  return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
}

let downloads: { name: string; blob: Blob }[];
beforeEach(() => {
  downloads = [];
  localStorage.removeItem(TEACHER_SIDEBAR_KEY);
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:kib-test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.href);
    if (blob) downloads.push({ name: this.download, blob });
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await page.viewport(1024, 768);
});

describe('the way in', () => {
  it('is a Register students link on each classroom card', async () => {
    const { screen, router } = await renderSite('/teacher', {
      user: TEACHER,
      routes: teacherServer().routes,
    });
    const link = screen
      .getByRole('article', { name: 'Grado 10A' })
      .getByRole('link', { name: 'Registrar estudiantes Grado 10A' });
    await expect.element(link).toHaveAttribute('href', PATH);
    await link.click();
    await expect.poll(() => router.state.location.pathname).toBe(PATH);
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Registrar estudiantes en Grado 10A' }))
      .toBeVisible();
  });
});

describe('the registration page', () => {
  it('names the classroom, leads back to the classrooms and explains the spreadsheet', async () => {
    const { screen } = await open();
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Registrar estudiantes en Grado 10A' }))
      .toBeVisible();
    expect(document.title).toBe('Registrar estudiantes en Grado 10A · Kib');
    const trail = screen.getByRole('navigation', { name: 'Estás en' });
    await expect
      .element(trail.getByRole('link', { name: 'Mis salones' }))
      .toHaveAttribute('href', '/teacher');
    const table = screen.getByRole('form', { name: 'Escribir los estudiantes' });
    await expect.element(table.getByLabelText('Nombre, fila 1')).toBeVisible();
    await expect.element(table.getByLabelText('Correo electrónico, fila 5')).toBeVisible();
    expect(table.getByRole('textbox').elements()).toHaveLength(15);
    await expect
      .element(
        screen
          .getByRole('region', { name: 'Subir una hoja de cálculo' })
          .getByText('salta su primera fila (los títulos)', { exact: false }),
      )
      .toBeVisible();
    const file = screen.getByRole('form', { name: 'Subir una hoja de cálculo' });
    await expect
      .element(file.getByLabelText('Archivo de estudiantes'))
      .toHaveAttribute('accept', '.xlsx,.xls,.ods,.csv');
    await expect
      .element(file.getByLabelText('Archivo de estudiantes'))
      .toHaveAccessibleDescription('Un archivo .xlsx, .xls, .ods o .csv de máximo 4 MB.');
    expect(await axeViolations()).toEqual([]);
  });

  it('registers the typed rows, skipping empty ones, and shows each outcome with the passwords', async () => {
    const { screen, calls } = await open();
    const table = screen.getByRole('form', { name: 'Escribir los estudiantes' });
    await table.getByLabelText('Nombre, fila 1').fill('María José');
    await table.getByLabelText('Apellido, fila 1').fill('Ríos');
    await table.getByLabelText('Correo electrónico, fila 1').fill('mjrios@test.kib');
    await table.getByLabelText('Nombre, fila 3').fill('Pedro');
    await table.getByLabelText('Apellido, fila 3').fill('=1+1');
    await table.getByLabelText('Correo electrónico, fila 3').fill('ya.pedro@test.kib');
    await table.getByLabelText('Nombre, fila 4').fill('Sin');
    await table.getByLabelText('Correo electrónico, fila 4').fill('no-es-correo');
    await table.getByLabelText('Nombre, fila 5').fill('Dormido');
    await table.getByLabelText('Correo electrónico, fila 5').fill(' sleepy@test.kib ');
    await table.getByRole('button', { name: 'Registrar estos estudiantes' }).click();
    // The server registers them in the background; meanwhile the page says so.
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'La inscripción espera su turno…' }))
      .toBeVisible();

    const results = screen.getByRole('region', { name: 'Resultados' });
    await expect.element(results).toBeVisible();
    expect(calls.find((c) => c.path === 'createregisterstudents/')?.body).toEqual({
      classroom: GRADO_10A.id,
      newStudents: [
        { firstName: 'María José', lastName: 'Ríos', email: 'mjrios@test.kib' },
        { firstName: 'Pedro', lastName: '=1+1', email: 'ya.pedro@test.kib' },
        { firstName: 'Sin', lastName: '', email: 'no-es-correo' },
        { firstName: 'Dormido', lastName: '', email: 'sleepy@test.kib' },
      ],
    });
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'Resultado:' }))
      .toHaveTextContent('Resultado: 1 creado, 2 ya existían, 1 con error.');
    await expect.element(results.getByRole('heading', { name: 'Resultados' })).toHaveFocus();
    const rows = results.getByRole('row').elements().slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['1', 'María José', 'Ríos', 'mjrios@test.kib', 'Creado', 'maríajosé.1234'],
      ['3', 'Pedro', '=1+1', 'ya.pedro@test.kib', 'Ya existía', '—Sin contraseña nueva'],
      ['4', 'Sin', '', 'no-es-correo', 'Introduce un correo electrónico válido.', '—Sin contraseña nueva'],
      ['5', 'Dormido', '', 'sleepy@test.kib', 'No estaba activo (activado)', '—Sin contraseña nueva'],
    ]);
    // Only the refused row stays in the table, to be corrected.
    await expect.element(table.getByLabelText('Correo electrónico, fila 1')).toHaveValue('no-es-correo');
    expect(table.getByRole('textbox').elements()).toHaveLength(3);
    await expect
      .element(results.getByText('Las filas con error quedaron en la tabla', { exact: false }))
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);

    await results.getByRole('button', { name: 'Descargar resultados (CSV)' }).click();
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.name).toBe('estudiantes Grado 10A.csv');
    expect(downloads[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await downloads[0]!.blob.arrayBuffer());
    expect(csv.split('\r\n')).toEqual([
      '\uFEFFFila,Nombre,Apellido,Correo electrónico,Estado,Contraseña',
      '1,María José,Ríos,mjrios@test.kib,Creado,maríajosé.1234',
      "3,Pedro,'=1+1,ya.pedro@test.kib,Ya existía,",
      '4,Sin,,no-es-correo,Introduce un correo electrónico válido.,',
      '5,Dormido,,sleepy@test.kib,No estaba activo (activado),',
      '',
    ]);
  });

  it('adds and removes rows from the keyboard, the focus following', async () => {
    const { screen, calls } = await open();
    const table = screen.getByRole('form', { name: 'Escribir los estudiantes' });
    await table.getByRole('button', { name: 'Agregar fila' }).click();
    await expect.element(table.getByLabelText('Nombre, fila 6')).toHaveFocus();
    await table.getByLabelText('Nombre, fila 2').fill('Segunda');
    await table.getByLabelText('Nombre, fila 3').fill('Tercera');
    await table.getByRole('button', { name: 'Quitar la fila 2' }).click();
    await expect.element(table.getByLabelText('Nombre, fila 2')).toHaveValue('Tercera');
    await expect.element(table.getByRole('button', { name: 'Quitar la fila 2' })).toHaveFocus();
    expect(table.getByRole('textbox').elements()).toHaveLength(15);

    // Nothing typed: nothing is sent, and the table says so.
    await table.getByLabelText('Nombre, fila 2').fill('');
    await table.getByRole('button', { name: 'Registrar estos estudiantes' }).click();
    await expect
      .element(table.getByRole('alert'))
      .toHaveTextContent('Escribe al menos un estudiante en la tabla.');
    await expect.element(table.getByLabelText('Nombre, fila 1')).toHaveFocus();
    await expect
      .element(table.getByLabelText('Nombre, fila 1'))
      .toHaveAccessibleDescription('Escribe al menos un estudiante en la tabla.');
    expect(calls.filter((c) => c.path.startsWith('createregisterstudents'))).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('uploads a spreadsheet in base64 and shows the rows the server read', async () => {
    const { screen, calls } = await open();
    const bytes = new Uint8Array(3000).map((_, i) => (i * 7) % 256);
    const file = new File([bytes], 'estudiantes.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    const form = screen.getByRole('form', { name: 'Subir una hoja de cálculo' });
    await form.getByLabelText('Archivo de estudiantes').upload(file);
    await form.getByRole('button', { name: 'Subir y registrar' }).click();

    const results = screen.getByRole('region', { name: 'Resultados' });
    await expect.element(results.getByText('alumnouno.1234')).toBeVisible();
    expect(calls.find((c) => c.path === 'createregisterstudents/file/')?.body).toEqual({
      classroom: GRADO_10A.id,
      content: base64(bytes),
    });
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'Resultado:' }))
      .toHaveTextContent('Resultado: 1 creado, 1 ya existía, 0 con error.');
    const rows = results.getByRole('row').elements().slice(1);
    expect(rows.map((row) => row.querySelector('td')?.textContent)).toEqual(['1', '2']);
    await expect.element(results.getByText('Ya existía')).toBeVisible();
    expect(results.getByText('Las filas con error', { exact: false }).elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('refuses a file over 4 MB before sending it', async () => {
    const { screen, calls } = await open();
    const form = screen.getByRole('form', { name: 'Subir una hoja de cálculo' });
    const input = form.getByLabelText('Archivo de estudiantes');
    await input.upload(new File([new Uint8Array(4 * 1024 * 1024 + 1)], 'enorme.csv', { type: 'text/csv' }));
    await form.getByRole('button', { name: 'Subir y registrar' }).click();
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(input).toHaveAccessibleDescription(/El archivo es demasiado grande: máximo 4 MB\./);
    await expect.element(input).toHaveFocus();
    expect(calls.filter((c) => c.path.startsWith('createregisterstudents'))).toEqual([]);
    expect(await axeViolations()).toEqual([]);

    // Without a file it asks for one.
    await input.upload([]);
    await form.getByRole('button', { name: 'Subir y registrar' }).click();
    await expect.element(input).toHaveAccessibleDescription(/Elige un archivo\./);
  });

  it("puts the server's refusal of the file under the file input", async () => {
    const { screen } = await open({
      routes: {
        'POST createregisterstudents/file/': refusal(400, 'validation', 'Revisa los campos marcados.', {
          content: ['Este archivo no es una hoja de cálculo: sube un archivo .xlsx, .xls, .ods o .csv.'],
        }),
      },
    });
    const form = screen.getByRole('form', { name: 'Subir una hoja de cálculo' });
    const input = form.getByLabelText('Archivo de estudiantes');
    await input.upload(new File(['\x89PNG'], 'foto.csv', { type: 'text/csv' }));
    await form.getByRole('button', { name: 'Subir y registrar' }).click();
    await expect.element(input).toHaveAccessibleDescription(/Este archivo no es una hoja de cálculo/);
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert').elements()).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Resultados' }).elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
  });

  it('says why when the school plan has ended', async () => {
    const { screen } = await open({
      routes: {
        'POST createregisterstudents/': refusal(
          403,
          'subscription-required',
          'Las clases y los módulos necesitan una suscripción vigente de tu colegio.',
        ),
      },
    });
    const table = screen.getByRole('form', { name: 'Escribir los estudiantes' });
    await table.getByLabelText('Nombre, fila 1').fill('Ana');
    await table.getByLabelText('Correo electrónico, fila 1').fill('ana@test.kib');
    await table.getByRole('button', { name: 'Registrar estos estudiantes' }).click();
    await expect
      .element(table.getByRole('alert'))
      .toHaveTextContent('Las clases y los módulos necesitan una suscripción vigente de tu colegio.');
    await expect.element(table.getByLabelText('Nombre, fila 1')).toHaveValue('Ana');
    expect(await axeViolations()).toEqual([]);
  });

  it('says why when the school plan has no room for the new students, typed or uploaded, keeping what was sent', async () => {
    const full =
      'El plan de tu colegio permite 200 estudiantes y el colegio ya tiene 182; este registro agregaría 25 más. No se registró a nadie: pide al administrador de tu colegio un plan con más cupos o registra menos estudiantes.';
    const { screen, calls } = await open({
      routes: {
        // The plan is checked when the job runs: the registration fails there, with the reason.
        'POST createregisterstudents/': asJob(() => ({
          state: 'failed',
          error: { status: 409, code: 'plan-student-limit', detail: full },
        })),
        'POST createregisterstudents/file/': refusal(409, 'plan-student-limit', full),
      },
    });
    const table = screen.getByRole('form', { name: 'Escribir los estudiantes' });
    await table.getByLabelText('Nombre, fila 1').fill('Ana');
    await table.getByLabelText('Correo electrónico, fila 1').fill('ana@test.kib');
    const reads = () => calls.filter((c) => c.path === 'get-teacher-data/').length;
    const readsBefore = reads();
    await table.getByRole('button', { name: 'Registrar estos estudiantes' }).click();
    await expect.element(table.getByRole('alert')).toHaveTextContent(full);
    await expect.element(table.getByLabelText('Nombre, fila 1')).toHaveValue('Ana');
    await expect.element(table.getByLabelText('Correo electrónico, fila 1')).toHaveValue('ana@test.kib');
    // The school's count is read again, so the school page says where the plan stands.
    await expect.poll(reads).toBeGreaterThan(readsBefore);
    expect(screen.getByRole('region', { name: 'Resultados' }).elements()).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);

    const upload = screen.getByRole('form', { name: 'Subir una hoja de cálculo' });
    const input = upload.getByLabelText('Archivo de estudiantes');
    await input.upload(
      new File(['Nombre,Apellido,Correo\nEva,Ríos,eva@test.kib'], 'curso.csv', { type: 'text/csv' }),
    );
    await upload.getByRole('button', { name: 'Subir y registrar' }).click();
    await expect.element(upload.getByRole('alert')).toHaveTextContent(full);
    await expect.element(input).not.toHaveAttribute('aria-invalid');
    expect(table.getByRole('alert').elements()).toHaveLength(0);
    expect(
      calls.filter((c) => c.method === 'POST' && c.path.startsWith('createregisterstudents')),
    ).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'Resultados' }).elements()).toHaveLength(0);
  });

  it('says the classroom is not found for an unknown id', async () => {
    const { screen, calls } = await open({ path: '/teacher/classroom/999/createRegisterStudents' });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'No encontramos ese salón' }))
      .toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Volver a mis salones' }))
      .toHaveAttribute('href', '/teacher');
    expect(calls.filter((c) => c.path.startsWith('createregisterstudents'))).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it('says the classroom is not found when the server no longer knows it', async () => {
    const gone = await open({
      routes: {
        'POST createregisterstudents/': refusal(404, 'not-found', 'No encontramos lo que buscas.'),
      },
    });
    const table = gone.screen.getByRole('form', { name: 'Escribir los estudiantes' });
    await table.getByLabelText('Nombre, fila 1').fill('Ana');
    await table.getByRole('button', { name: 'Registrar estos estudiantes' }).click();
    await expect
      .element(gone.screen.getByRole('heading', { level: 1, name: 'No encontramos ese salón' }))
      .toBeVisible();
  });

  it('speaks English', async () => {
    const { screen } = await open({ language: 'en' });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Register students in Grado 10A' }))
      .toBeVisible();
    await expect
      .element(
        screen.getByRole('navigation', { name: 'You are here' }).getByRole('link', { name: 'My classrooms' }),
      )
      .toBeVisible();
    const table = screen.getByRole('form', { name: 'Type the students' });
    await table.getByLabelText('First name, row 1').fill('Ana');
    await table.getByLabelText('Last name, row 1').fill('Pérez');
    await table.getByLabelText('E-mail, row 1').fill('ana.perez@test.kib');
    await table.getByLabelText('First name, row 2').fill('Luis');
    await table.getByLabelText('E-mail, row 2').fill('luis');
    await table.getByRole('button', { name: 'Register these students' }).click();
    const results = screen.getByRole('region', { name: 'Results' });
    await expect.element(results.getByText('ana.1234')).toBeVisible();
    await expect.element(results.getByText('Created', { exact: true })).toBeVisible();
    await expect.element(results.getByText('Enter a valid e-mail address.')).toBeVisible();
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'Result:' }))
      .toHaveTextContent('Result: 1 created, 0 already existed, 1 error.');
    await expect
      .element(screen.getByRole('form', { name: 'Upload a spreadsheet' }).getByLabelText('Student file'))
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('fits a 360 px phone: the tables scroll inside their own box', async () => {
    await page.viewport(360, 740);
    const { screen } = await open();
    const table = screen.getByRole('form', { name: 'Escribir los estudiantes' });
    await table.getByLabelText('Nombre, fila 1').fill('María José');
    await table.getByLabelText('Correo electrónico, fila 1').fill('mjrios@test.kib');
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    const wrap = table.element().querySelector('.teacher-table-wrap')!;
    expect(wrap.scrollWidth).toBeGreaterThan(wrap.clientWidth);
    await table.getByRole('button', { name: 'Registrar estos estudiantes' }).click();
    await expect.element(screen.getByRole('region', { name: 'Resultados' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});

describe("the classroom's students", () => {
  it('lists them by last name with the day they joined and their account, and reads them again after a registration', async () => {
    const { calls } = await open();
    const table = page.getByRole('table', { name: `Estudiantes de ${GRADO_10A.name}` });
    await expect.element(table).toBeVisible();
    await expect.element(page.getByRole('heading', { name: 'Estudiantes del salón (2)' })).toBeVisible();
    await expect
      .element(table.getByRole('row').nth(1))
      .toHaveTextContent(/Gómez\s*Ana\s*student@demo.kib\s*02-02-2030\s*Activa/);
    await expect.element(table.getByRole('row').nth(2)).toHaveTextContent(/Sin activar/);
    const reads = () => calls.filter((c) => c.path === 'getregisterstudents/').length;
    expect(calls.find((c) => c.path === 'getregisterstudents/')!.query.get('classroom')).toBe(
      String(GRADO_10A.id),
    );
    const before = reads();
    const form = page.getByRole('form', { name: 'Escribir los estudiantes' });
    await form.getByLabelText('Nombre, fila 1').fill('Sara');
    await form.getByLabelText('Correo electrónico, fila 1').fill('sara@test.kib');
    await form.getByRole('button', { name: 'Registrar estos estudiantes' }).click();
    await expect.poll(reads).toBeGreaterThan(before);
    expect(await axeViolations()).toEqual([]);
  });
});
