/**
 * `@kib/i18n`: the translation runtime with both catalogs loaded synchronously, as the server, the
 * widget bundle and the tests need them. A new area's texts are registered in `catalog.es.ts` and
 * `catalog.en.ts` (a staff area's in `catalog.staff.es.ts` and `catalog.staff.en.ts`).
 */
import { catalog as english } from './catalog.en';
import { catalog as spanish } from './catalog.es';
import { catalog as staffEnglish } from './catalog.staff.en';
import { catalog as staffSpanish } from './catalog.staff.es';
import { addCatalog, type Language } from './runtime';

export * from './runtime';

addCatalog('en', english);
addCatalog('es', staffSpanish, 'staff');
addCatalog('en', staffEnglish, 'staff');

/** Every text, by language. */
export const CATALOGS: Record<Language, Record<string, unknown>> = {
  es: { ...spanish, ...staffSpanish },
  en: { ...english, ...staffEnglish },
};
