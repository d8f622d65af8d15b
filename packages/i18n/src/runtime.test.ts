import { describe, expect, it } from 'vitest';
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
