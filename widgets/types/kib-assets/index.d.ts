/** A stylesheet imported as text (Vite's `?inline`): rendered inside each widget's shadow root. */
declare module '*.css?inline' {
  const css: string;
  export default css;
}
