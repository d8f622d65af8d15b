/** A stylesheet imported as text (Vite's `?inline`): rendered inside each widget's shadow root. */
declare module '*.css?inline' {
  const css: string;
  export default css;
}

/** A file imported as text (Vite's `?raw`): the speech engine's rule maps. */
declare module '*.json?raw' {
  const text: string;
  export default text;
}
