/**
 * Math read aloud in the page's language. English comes from MathLive's own rules; Spanish from the
 * Speech Rule Engine's Spanish MathSpeak rules, which load (with their maps, as chunks of this
 * bundle, never from a CDN) only on a Spanish page that speaks math: a math field or the grapher.
 */
import type { Language } from '@kib/core';
import type * as SpeechRuleEngineModule from 'speech-rule-engine/mjs/index.js';
import { loadMathConverters } from './lazy';

/** LaTeX to the words a screen reader says. */
export type Speak = (latex: string) => string;

type SpeechRuleEngine = typeof SpeechRuleEngineModule;

/** The engine's settings on every set-up, MathLive's included: Spanish MathSpeak, maps from the bundle. */
const SPANISH = { locale: 'es', defaultLocale: 'es', domain: 'mathspeak', modality: 'speech' } as const;

/** The engine's rule maps, by its locale names: the base every locale builds on, and Spanish. */
function loadRuleMaps(locale: string): Promise<string> {
  return (
    locale === 'base'
      ? import('speech-rule-engine/lib/mathmaps/base.json?raw')
      : import('speech-rule-engine/lib/mathmaps/es.json?raw')
  ).then((m) => m.default);
}

declare global {
  // The engine reads its settings from this global at each set-up; MathLive looks for `SRE`.
  var SREfeature: Record<string, unknown> | undefined;
  var SRE: SpeechRuleEngine | undefined;
}

let spanish: Promise<SpeechRuleEngine> | undefined;

/** The Speech Rule Engine with its Spanish rules loaded. */
export function loadSpanishSpeech(): Promise<SpeechRuleEngine> {
  spanish ??= (async () => {
    // Set before the engine's first set-up, which runs as it loads: no map is ever fetched.
    globalThis.SREfeature = { ...SPANISH, custom: loadRuleMaps };
    const engine = await import('speech-rule-engine/mjs/index.js');
    await engine.setupEngine({ ...SPANISH });
    await engine.engineReady();
    return engine;
  })().catch((error: unknown) => {
    spanish = undefined;
    throw error;
  });
  return spanish;
}

/** How the engine should read a few symbols it reads literally (`\cdot` as "punto"). */
function forSpeech(latex: string): string {
  return latex.replace(/\\cdot(?![a-zA-Z])/g, '\\times');
}

/** The function that speaks LaTeX in `language`; the LaTeX itself when a reading fails. */
export async function loadSpeech(language: Language): Promise<Speak> {
  const converters = await loadMathConverters();
  if (language === 'en')
    return (latex) => withMathLiveRules(() => converters.convertLatexToSpeakableText(latex)).trim() || latex;
  const engine = await loadSpanishSpeech();
  return (latex) => {
    try {
      const mathMl = converters.convertLatexToMathMl(forSpeech(latex));
      return engine.toSpeech(`<math>${mathMl}</math>`).trim() || latex;
    } catch {
      return latex;
    }
  };
}

/**
 * Runs `read` with MathLive's own (English) rules: its converter follows the fields' setting, which
 * a Spanish field elsewhere on the page may have turned to the engine's.
 */
function withMathLiveRules<T>(read: () => T): T {
  const field = (globalThis as { MathfieldElement?: SpeakingField }).MathfieldElement;
  const rules = field?.textToSpeechRules;
  if (!field || rules === 'mathlive') return read();
  field.textToSpeechRules = 'mathlive';
  try {
    return read();
  } finally {
    field.textToSpeechRules = rules ?? 'mathlive';
  }
}

/** MathLive's static settings this module touches. */
interface SpeakingField {
  textToSpeechRules: 'mathlive' | 'sre';
}

/**
 * Makes MathLive's fields (their names and live announcements) speak `language`: the engine's
 * Spanish rules on a Spanish page, MathLive's English ones otherwise. Until the Spanish rules have
 * arrived the fields keep MathLive's rules.
 */
export async function speakFieldsIn(field: SpeakingField, language: Language): Promise<void> {
  fieldLanguage = language;
  if (language === 'en') {
    field.textToSpeechRules = 'mathlive';
    return;
  }
  // The rules are not needed to type: they load once the page has settled.
  await idle();
  const engine = await loadSpanishSpeech();
  // A page that turned English meanwhile keeps MathLive's rules.
  if (fieldLanguage !== language) return;
  globalThis.SRE = engine;
  field.textToSpeechRules = 'sre';
}

/** Resolves when the browser is idle (or after two seconds at most). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 0);
  });
}

/** The language the fields were last asked to speak. */
let fieldLanguage: Language | undefined;
