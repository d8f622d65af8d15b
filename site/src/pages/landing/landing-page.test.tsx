import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';
import { DEMO_VIDEO_IDS } from './demo-video';

afterEach(async () => {
  document.cookie = 'kib_lang=; path=/; max-age=0';
  await page.viewport(1024, 768);
});

const SECTIONS = {
  es: [
    ['whatIsKib', 'Qué es Kib', '¿Qué es Kib?'],
    ['Demo', 'Demo', 'Mira Kib en acción'],
    ['whyKib', 'Por qué Kib', '¿Por qué usar Kib?'],
    ['contact', 'Contacto', 'Contáctanos'],
  ],
  en: [
    ['whatIsKib', 'What is Kib', 'What is Kib?'],
    ['Demo', 'Demo', 'See Kib in action'],
    ['whyKib', 'Why Kib', 'Why use Kib?'],
    ['contact', 'Contact', 'Contact us'],
  ],
} as const;

describe('landing page', () => {
  it.each([
    ['es', 'Matemáticas adaptativas y efectivas'],
    ['en', 'Adaptive, effective mathematics'],
  ] as const)('presents Kib with its sections and their anchors in %s', async (language, title) => {
    const { screen } = await renderSite('/', { language });
    await expect.element(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const sections = screen.getByRole('list', {
      name: language === 'es' ? 'Secciones de la página' : 'Page sections',
    });
    for (const [id, link, heading] of SECTIONS[language]) {
      await expect
        .element(sections.getByRole('link', { name: link, exact: true }))
        .toHaveAttribute('href', `#${id}`);
      const section = document.getElementById(id);
      expect(section?.querySelector('h2')?.textContent).toBe(heading);
    }
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    await expect.poll(() => document.title).toBe(`${title} · Kib`);
  });

  it('leads to /code/student to start learning and to /demo/student to try the demo', async () => {
    const { screen, router } = await renderSite('/');
    await expect
      .element(screen.getByRole('link', { name: 'Prueba la demo', exact: true }))
      .toHaveAttribute('href', '/demo/student');
    await screen.getByRole('link', { name: 'Empieza a aprender' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/code/student');
  });

  it("shows the company's e-mail and Colombian phone in the contact section", async () => {
    const { screen } = await renderSite('/');
    const contact = screen.getByRole('region', { name: 'Contáctanos' });
    await expect
      .element(contact.getByRole('link', { name: 'info@kib.la' }))
      .toHaveAttribute('href', 'mailto:info@kib.la');
    await expect
      .element(contact.getByRole('link', { name: '+57 601 555 0123' }))
      .toHaveAttribute('href', 'tel:+576015550123');
  });

  it('shows three reasons to use Kib: for students, teachers and schools', async () => {
    const { screen } = await renderSite('/', { language: 'en' });
    const why = screen.getByRole('region', { name: 'Why use Kib?' });
    for (const name of ['For students', 'For teachers', 'For schools'])
      await expect.element(why.getByRole('heading', { level: 3, name })).toBeVisible();
    await expect
      .element(why.getByRole('link', { name: 'Register your school' }))
      .toHaveAttribute('href', '/signup?user=schoolAdmin');
  });

  it('switches to English from the language menu and remembers it in the kib_lang cookie', async () => {
    const { screen } = await renderSite('/');
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Matemáticas adaptativas y efectivas' }))
      .toBeVisible();
    await screen.getByRole('combobox', { name: 'Idioma' }).selectOptions('en');
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Adaptive, effective mathematics' }))
      .toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Start learning' })).toBeVisible();
    expect(document.cookie).toContain('kib_lang=en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('loads no video until play is pressed, then plays the recording of the reader’s language', async () => {
    const { screen } = await renderSite('/');
    const demo = screen.getByRole('region', { name: 'Mira Kib en acción' });
    await expect
      .element(demo.getByRole('button', { name: 'Reproducir el video de demostración' }))
      .toBeVisible();
    expect(document.querySelector('iframe')).toBeNull();

    await demo.getByRole('button', { name: 'Reproducir el video de demostración' }).click();
    const esVideo = demo.getByTitle('Video de demostración de Kib');
    await expect
      .element(esVideo)
      .toHaveAttribute('src', expect.stringContaining(`youtube-nocookie.com/embed/${DEMO_VIDEO_IDS.es}`));
    await expect.element(esVideo).toHaveFocus();

    await screen.getByRole('combobox', { name: 'Idioma' }).selectOptions('en');
    const enDemo = screen.getByRole('region', { name: 'See Kib in action' });
    await enDemo.getByRole('button', { name: 'Play the demo video' }).click();
    await expect
      .element(enDemo.getByTitle('Kib demo video'))
      .toHaveAttribute('src', expect.stringContaining(`/embed/${DEMO_VIDEO_IDS.en}`));
    expect(DEMO_VIDEO_IDS.es).not.toBe(DEMO_VIDEO_IDS.en);
  });

  it('is accessible in Spanish and in English', async () => {
    const { screen } = await renderSite('/');
    await expect.element(screen.getByRole('button', { name: 'Enviar mensaje' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
    await screen.getByRole('combobox', { name: 'Idioma' }).selectOptions('en');
    await expect.element(screen.getByRole('button', { name: 'Send message' })).toBeVisible();
    expect(await axeViolations()).toEqual([]);
  });

  it('fits a 360 px phone: nothing overflows and the sections fold into the menu', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/');
    const menu = screen.getByRole('button', { name: 'Menú' });
    await expect.element(menu).toHaveAttribute('aria-expanded', 'false');
    await expect.element(screen.getByRole('link', { name: 'Qué es Kib' })).not.toBeInTheDocument();

    await menu.click();
    await expect.element(menu).toHaveAttribute('aria-expanded', 'true');
    await expect.element(screen.getByRole('link', { name: 'Qué es Kib' })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);

    await userEvent.keyboard('{Escape}');
    await expect.element(menu).toHaveAttribute('aria-expanded', 'false');
    await expect.element(menu).toHaveFocus();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
  });
});
