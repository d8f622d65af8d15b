import { loadMathLive } from '../shared/lazy';
import { fontFacesFromCss } from './math-console.logic';

/** The MathLive module, as `loadMathLive()` gives it. */
export type MathLiveModule = Awaited<ReturnType<typeof loadMathLive>>;

let setup: Promise<MathLiveModule> | undefined;

/**
 * MathLive, ready for the console: no sounds, the virtual keyboard in this window, and its fonts
 * declared in the document. A font cannot
 * be declared inside a shadow root, and MathLive's own loader looks for its fonts beside its script,
 * which a bundler moves; so the fonts come from MathLive's fonts.css as the bundler rewrote it (a
 * lazy chunk too) and are added to `document.fonts`, where every shadow root sees them.
 */
export function loadMathField(): Promise<MathLiveModule> {
  setup ??= (async () => {
    const [mathLive, fonts] = await Promise.all([loadMathLive(), import('mathlive/fonts.css?inline')]);
    const { MathfieldElement } = mathLive;
    MathfieldElement.soundsDirectory = null;
    MathfieldElement.keypressSound = null;
    MathfieldElement.plonkSound = null;
    declareFonts(fonts.default);
    MathfieldElement.fontsDirectory = null;
    // MathLive's Spanish lacks the menu's tooltip.
    MathfieldElement.strings = { es: { 'tooltip.menu': 'Menú' } };
    // In a frame (an LMS page, Storybook) MathLive would send the virtual keyboard to the top
    // window, which has no MathLive: the keyboard lives in the widget's own window instead.
    mathLive.initVirtualKeyboardInCurrentBrowsingContext();
    return mathLive;
  })().catch((error: unknown) => {
    setup = undefined;
    throw error;
  });
  return setup;
}

const unquote = (family: string) => family.replace(/^["']|["']$/g, '');

function declareFonts(css: string): void {
  if (typeof FontFace === 'undefined' || !document.fonts) return;
  const present = new Set(
    Array.from(document.fonts, (f) => `${unquote(f.family)}|${f.style}|${String(f.weight)}`),
  );
  for (const rule of fontFacesFromCss(css)) {
    const weight = rule.weight === 'bold' ? '700' : rule.weight === 'normal' ? '400' : rule.weight;
    if (present.has(`${rule.family}|${rule.style}|${weight}`)) continue;
    document.fonts.add(
      new FontFace(rule.family, `url("${rule.url}") format("woff2")`, {
        style: rule.style,
        weight,
        display: 'swap',
      }),
    );
  }
}
