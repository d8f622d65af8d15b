import { beforeEach, describe, expect, it, vi } from 'vitest';
// The runtime alone, as the site's bundle has it: Spanish only until English is asked for.
import { hasCatalog, loadLanguage, translate } from './runtime';

describe('the translation runtime without the English catalog', () => {
  it('has Spanish from the start and English only once loaded', async () => {
    expect(hasCatalog('es')).toBe(true);
    expect(hasCatalog('en')).toBe(false);
    // Before English arrives, an English reader gets the Spanish text, never a key.
    expect(translate('en', 'solver.check-answer')).toBe(translate('es', 'solver.check-answer'));
    expect(translate('en', 'solver.check-answer')).not.toBe('solver.check-answer');

    const loading = loadLanguage('en');
    // Everyone who asks meanwhile shares the one download.
    expect(loadLanguage('en')).toBe(loading);
    await loading;

    expect(hasCatalog('en')).toBe(true);
    expect(translate('en', 'solver.check-answer')).toBe('Check answer');
    expect(translate('es', 'solver.check-answer')).toBe('Comprobar respuesta');
  });

  it('answers at once for Spanish', async () => {
    await expect(loadLanguage('es')).resolves.toBeUndefined();
  });
});

describe("the staff areas' texts", () => {
  beforeEach(() => vi.resetModules());

  it('load apart, in every language loaded, and a page that waits for them never shows a key', async () => {
    const runtime = await import('./runtime');
    expect(runtime.translate('es', 'teacher.area-title')).toBe('teacher.area-title');
    expect(runtime.translate('es', 'solver.check-answer')).toBe('Comprobar respuesta');

    await runtime.loadLanguage('en');
    const loading = runtime.loadTexts('staff');
    // Until they are here, no language counts as loaded: a page switching to it would show keys.
    expect(runtime.hasCatalog('en')).toBe(false);
    await loading;

    expect(runtime.hasCatalog('es')).toBe(true);
    expect(runtime.hasCatalog('en')).toBe(true);
    expect(runtime.translate('es', 'teacher.area-title')).toBe('Panel del profesor');
    expect(runtime.translate('en', 'teacher.area-title')).toBe('Teacher dashboard');
  });

  it('come with a language loaded after a page asked for them', async () => {
    const runtime = await import('./runtime');
    await runtime.loadTexts('staff');
    expect(runtime.hasCatalog('es')).toBe(true);
    expect(runtime.hasCatalog('en')).toBe(false);

    await runtime.loadLanguage('en');
    expect(runtime.hasCatalog('en')).toBe(true);
    expect(runtime.translate('en', 'teacher.area-title')).toBe('Teacher dashboard');
    expect(runtime.translate('en', 'solver.check-answer')).toBe('Check answer');
  });
});
