import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';
import { DEMO_VIDEO_IDS } from '../landing/demo-video';

afterEach(async () => {
  await page.viewport(1024, 768);
});

describe('demo video page', () => {
  it('shows the Spanish demo video behind a play button and a way to try the demo', async () => {
    const { screen, router } = await renderSite('/demo');
    await expect
      .element(screen.getByRole('heading', { level: 1, name: 'Video de demostración' }))
      .toBeVisible();
    await expect.poll(() => document.title).toBe('Video de demostración · Kib');
    expect(document.querySelector('iframe')).toBeNull();
    expect(await axeViolations()).toEqual([]);

    await screen.getByRole('button', { name: 'Reproducir el video de demostración' }).click();
    await expect
      .element(screen.getByTitle('Video de demostración de Kib'))
      .toHaveAttribute(
        'src',
        expect.stringContaining(`https://www.youtube-nocookie.com/embed/${DEMO_VIDEO_IDS.es}?`),
      );

    await screen.getByRole('link', { name: 'Prueba la demo' }).click();
    await expect.poll(() => router.state.location.pathname).toBe('/demo/student');
  });

  it('plays the English recording for an English reader', async () => {
    const { screen } = await renderSite('/demo', { language: 'en' });
    await expect.element(screen.getByRole('heading', { level: 1, name: 'Demo video' })).toBeVisible();
    await expect
      .element(screen.getByRole('link', { name: 'Try the demo' }))
      .toHaveAttribute('href', '/demo/student');
    await screen.getByRole('button', { name: 'Play the demo video' }).click();
    const video = screen.getByTitle('Kib demo video');
    await expect
      .element(video)
      .toHaveAttribute('src', expect.stringContaining(`/embed/${DEMO_VIDEO_IDS.en}?`));
    await expect.element(video).toHaveAttribute('src', expect.not.stringContaining(DEMO_VIDEO_IDS.es));
  });

  it('shows no landing anchors in the navigation', async () => {
    const { screen } = await renderSite('/demo');
    await expect.element(screen.getByRole('heading', { level: 1 })).toBeVisible();
    await expect.element(screen.getByRole('link', { name: 'Qué es Kib' })).not.toBeInTheDocument();
  });

  it('fits a 360 px phone', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite('/demo');
    await expect
      .element(screen.getByRole('button', { name: 'Reproducir el video de demostración' }))
      .toBeVisible();
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });
});
