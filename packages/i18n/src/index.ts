/**
 * `@kib/i18n`: the translation runtime with both catalogs loaded synchronously, as the server, the
 * widget bundle and the tests need them. A new area's texts are registered in `catalog.es.ts` and
 * `catalog.en.ts`.
 */
import { catalog as english } from './catalog.en';
import { catalog as spanish } from './catalog.es';
import { addCatalog, type Language } from './runtime';

export * from './runtime';

addCatalog('en', english);

/** The catalogs by language. */
export const CATALOGS: Record<Language, Record<string, unknown>> = { es: spanish, en: english };
