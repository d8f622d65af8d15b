import { DEFAULT_LANGUAGE, isLanguage, translate, type Language, type TranslationKey } from '@kib/i18n';
import { useCallback } from 'react';

/** Translates a key with params in one language: the `t` of a widget. */
export type Translate = (key: TranslationKey | (string & {}), params?: Record<string, unknown>) => string;

/** Reads a `lang` prop or attribute: one of the interface languages, else Spanish. */
export function widgetLanguage(lang: unknown): Language {
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/** The translate function of a widget for its `lang` prop. */
export function useT(lang: unknown): Translate {
  const language = widgetLanguage(lang);
  return useCallback((key, params) => translate(language, key, params), [language]);
}

/**
 * Renders a checker message: a `feedback.*` key with params (as the checker and the server send it),
 * or a plain text (an author's hint).
 */
export function messageText(
  t: Translate,
  message: { key: string; params?: Record<string, unknown> } | { text: string } | string | null | undefined,
): string {
  if (!message) return '';
  if (typeof message === 'string') return message.startsWith('feedback.') ? t(message) : message;
  if ('key' in message) return t(message.key, message.params ?? {});
  return message.text;
}
