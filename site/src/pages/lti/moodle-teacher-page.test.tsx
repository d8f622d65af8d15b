import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';
import { LTI_TEACHER } from './lti-fixture';

const RETURN_URL = 'https://moodle.example/mod/lti/contentitem_return.php?course=2&id=7&sesskey=abc';
const SIGNED = {
  url: RETURN_URL,
  fields: [
    { name: 'lti_message_type', value: 'ContentItemSelection' },
    { name: 'lti_version', value: 'LTI-1p0' },
    { name: 'content_items', value: '{"@graph":[{"title":"\\"><script>alert(1)</script>"}]}' },
    { name: 'oauth_signature', value: 'abc+/=' },
  ],
};

let submitted: HTMLFormElement[] = [];
beforeEach(() => {
  submitted = [];
  // The real submit would take the test page to the LMS.
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
});
afterEach(async () => {
  vi.restoreAllMocks();
  await page.viewport(1024, 768);
});

describe('MoodleTeacherPage', () => {
  it('sends the code and posts the server-signed fields, escaped, to the return URL it gave', async () => {
    const { screen, calls } = await renderSite('/moodleteacher?selection=sel-1', {
      user: LTI_TEACHER,
      routes: { 'POST lti/content-item/': { body: SIGNED } },
    });
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Editor de actividades' }))
      .toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await screen.getByLabelText('Código de la actividad').fill(' demo 42 ');
    await screen.getByRole('button', { name: 'Enviar código' }).click();
    await expect.poll(() => submitted.length).toBe(1);
    expect(calls.find((c) => c.path === 'lti/content-item/')?.body).toEqual({
      selection: 'sel-1',
      activityCode: 'demo42',
    });
    const form = submitted[0]!;
    expect(form.action).toBe(RETURN_URL);
    expect(form.method).toBe('post');
    const inputs = [...form.querySelectorAll('input')];
    expect(inputs.every((i) => i.type === 'hidden')).toBe(true);
    expect(inputs.map((i) => [i.name, i.value])).toEqual(SIGNED.fields.map((f) => [f.name, f.value]));
    // The value stays text: nothing of it became markup.
    expect(form.querySelector('script')).toBeNull();
    await expect.element(screen.getByRole('status')).toHaveTextContent('Agregando la actividad a tu curso…');
  });

  it("shows 'Código Erroneo' with the hint to copy the code from the Custom parameters", async () => {
    const { screen } = await renderSite('/moodleteacher?selection=sel-1', {
      user: LTI_TEACHER,
      routes: {
        'POST lti/content-item/': {
          status: 404,
          body: {
            code: 'lti-activity-unknown',
            detail: 'Código Erroneo',
            fields: { activity_code: ['Código Erroneo'] },
          },
        },
      },
    });
    const field = screen.getByLabelText('Código de la actividad');
    await field.fill('NOPE99');
    await screen.getByRole('button', { name: 'Enviar código' }).click();
    await expect.element(screen.getByText('Código Erroneo')).toBeVisible();
    await expect.element(field).toHaveAttribute('aria-invalid', 'true');
    await expect.element(field).toHaveAccessibleDescription(/Parámetros personalizados/);
    await expect.element(field).toHaveFocus();
    expect(submitted).toEqual([]);
    expect(await axeViolations()).toEqual([]);
  });

  it("offers the teacher's earlier activities, each chosen with one button", async () => {
    const { screen, calls } = await renderSite('/moodleteacher?selection=sel-1', {
      user: LTI_TEACHER,
      routes: {
        'GET lti/recent-activities/': {
          body: {
            activities: [
              { moduleId: 5, name: 'Taller de álgebra', activityCode: 'DEMO42', contextTitle: 'Álgebra 10A' },
            ],
          },
        },
        'POST lti/content-item/': { body: SIGNED },
      },
    });
    await expect
      .element(screen.getByRole('heading', { level: 2, name: 'Tus actividades de Kib' }))
      .toBeVisible();
    await expect.element(screen.getByText('Usada por última vez en Álgebra 10A')).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('button', { name: 'Elegir Taller de álgebra' }).click();
    await expect.poll(() => submitted.length).toBe(1);
    expect(calls.find((c) => c.path === 'lti/content-item/')?.body).toEqual({
      selection: 'sel-1',
      activityCode: 'DEMO42',
    });
  });

  it('checks the shape of the code before asking the server, in English', async () => {
    const { screen, calls } = await renderSite('/moodleteacher?selection=sel-1', {
      user: LTI_TEACHER,
      language: 'en',
    });
    await screen.getByLabelText('Activity code').fill('<b>');
    await screen.getByRole('button', { name: 'Send code' }).click();
    await expect.element(screen.getByText('An activity code has 4 to 16 letters or digits.')).toBeVisible();
    expect(calls.some((c) => c.path === 'lti/content-item/')).toBe(false);
  });

  it("offers 'Nuevo ejercicio' (the creation tool, for this selection) and fits a 360 px phone", async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/moodleteacher?selection=sel-1', { user: LTI_TEACHER });
    await expect
      .element(screen.getByRole('link', { name: 'Nuevo ejercicio' }))
      .toHaveAttribute('href', '/creator/tool?lti=sel-1');
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });

  it('explains where the page comes from when it has no selection', async () => {
    const { screen } = await renderSite('/moodleteacher', { user: LTI_TEACHER, language: 'en' });
    await expect
      .element(screen.getByText('This page opens when you add a Kib activity from your Moodle course.'))
      .toBeVisible();
  });
});
