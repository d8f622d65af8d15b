/**
 * The named functions the checker reads, in a module of its own with no imports, exported as
 * `@kib/checker/function-names` (the package index exports only the type): the widgets' math
 * console reads the list while the rest of the checker stays a lazy chunk, loaded on the first
 * offline check, and a bundle holds the list once, outside that chunk.
 */

/** Named functions the checker understands (evaluation, equivalence). */
export const FUNCTION_NAMES = [
  'sin',
  'cos',
  'tan',
  'cot',
  'sec',
  'csc',
  'arcsin',
  'arccos',
  'arctan',
  'sinh',
  'cosh',
  'tanh',
  'csch',
  'sech',
  'coth',
  'arsinh',
  'arcosh',
  'artanh',
  'arccot',
  'arcsec',
  'arccsc',
  'ln',
  'log',
  'exp',
  'abs',
  'factorial',
  'binom',
  'degrees',
] as const;

/**
 * One of FUNCTION_NAMES. `log` carries its base in `base` (10 when absent); `degrees` is x°; `binom`
 * takes two arguments (n, k); `factorial` of a non-integer is Γ(x + 1).
 */
export type FunctionName = (typeof FUNCTION_NAMES)[number];
