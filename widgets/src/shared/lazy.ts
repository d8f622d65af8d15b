/**
 * The heavy libraries load only when a widget needs them, as separate chunks of the bundle:
 * MathLive (the math field, ~230 kB gzipped), its static converter (~110 kB) and JSXGraph (~250 kB).
 * Each loader is memoised, so every widget on a page shares one download.
 */
import type * as MathLive from 'mathlive';
import type * as MathLiveSsr from 'mathlive/ssr';
import type * as JsxGraph from 'jsxgraph';

type MathLiveModule = typeof MathLive;
type MathLiveSsrModule = typeof MathLiveSsr;
type JsxGraphModule = typeof JsxGraph;

let mathLive: Promise<MathLiveModule> | undefined;
let mathLiveSsr: Promise<MathLiveSsrModule> | undefined;
let jsxGraph: Promise<JsxGraphModule> | undefined;

/** MathLive with its `<math-field>` element defined. */
export function loadMathLive(): Promise<MathLiveModule> {
  mathLive ??= import('mathlive');
  return mathLive;
}

/** The LaTeX converters (to MathML and to speakable text), which MathLive and its static build share. */
export type MathConverters = Pick<MathLiveSsrModule, 'convertLatexToMathMl' | 'convertLatexToSpeakableText'>;

/**
 * MathLive's converters: MathLive's own when it is loaded or loading (a page with a math field, or
 * one that asked for it early), so such a page does not download the static build too; otherwise
 * the static build alone, which defines no element.
 */
export function loadMathConverters(): Promise<MathConverters> {
  if (mathLive) return mathLive;
  mathLiveSsr ??= import('mathlive/ssr');
  return mathLiveSsr;
}

/** JSXGraph. */
export function loadJsxGraph(): Promise<JsxGraphModule> {
  jsxGraph ??= import('jsxgraph');
  return jsxGraph;
}
