import type { MathType, PublicMathTypeContent, PublicProblem } from '@kib/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadMathField } from './math-console/mathlive-setup';
import type { ConsoleProps } from './shared/console.types';
import { loadJsxGraph } from './shared/lazy';

/** A console as the solver and the registry see it: any data, answer and feedback. */
export type AnyConsole = ComponentType<ConsoleProps<never, never, never>>;

/**
 * One answer console: its element name, the math types it answers, and its component, loaded on
 * first render (a page, or a problem, only downloads the consoles it shows).
 */
export interface ConsoleDescriptor {
  /** The custom element's tag. */
  tag: `kib-${string}-console`;
  /** Display name (stories, docs). */
  name: string;
  mathTypes: readonly MathType[];
  /** Loads the component. */
  load: () => Promise<AnyConsole>;
  /** The component, lazy: render it inside a Suspense boundary. */
  component: LazyExoticComponent<AnyConsole>;
  /** The heavy library it draws with, if any: MathLive's math field or JSXGraph's board. */
  library?: 'mathField' | 'board';
}

function console_(
  tag: ConsoleDescriptor['tag'],
  name: string,
  mathTypes: readonly MathType[],
  load: () => Promise<unknown>,
  library?: ConsoleDescriptor['library'],
): ConsoleDescriptor {
  const loadComponent = load as () => Promise<AnyConsole>;
  return {
    tag,
    name,
    mathTypes,
    load: loadComponent,
    component: lazy(async () => ({ default: await loadComponent() })),
    ...(library ? { library } : {}),
  };
}

/** Every answer console (spec 02 §2 "Console chooser by math type"): one list for the solver, the elements and the docs. */
export const CONSOLES: readonly ConsoleDescriptor[] = [
  console_(
    'kib-math-console',
    'MathConsole',
    ['solve', 'simplify', 'functions', 'equationOfALine', 'findExpression'],
    () => import('./math-console/index').then((m) => m.MathConsole),
    'mathField',
  ),
  console_(
    'kib-function-console',
    'FunctionConsole',
    ['plotFunction'],
    () => import('./function-console/index').then((m) => m.FunctionConsole),
    'board',
  ),
  console_(
    'kib-line-console',
    'LineConsole',
    ['plotLinearEquation'],
    () => import('./line-console/index').then((m) => m.LineConsole),
    'board',
  ),
  console_(
    'kib-points-console',
    'PointsConsole',
    ['setPointCartesianPlane', 'setMultiPointPlane'],
    () => import('./points-console/index').then((m) => m.PointsConsole),
    'board',
  ),
  console_(
    'kib-interval-console',
    'IntervalConsole',
    ['intervals'],
    () => import('./interval-console/index').then((m) => m.IntervalConsole),
    'board',
  ),
  console_(
    'kib-numberline-console',
    'NumberlineConsole',
    ['numberlinePoints'],
    () => import('./numberline-console/index').then((m) => m.NumberlineConsole),
    'board',
  ),
  console_('kib-choice-console', 'ChoiceConsole', ['multipleChoice'], () =>
    import('./choice-console/index').then((m) => m.ChoiceConsole),
  ),
  console_('kib-table-console', 'TableConsole', ['tableSimple'], () =>
    import('./table-console/index').then((m) => m.TableConsole),
  ),
  console_('kib-prime-console', 'PrimeConsole', ['primeDecomposition'], () =>
    import('./prime-console/index').then((m) => m.PrimeConsole),
  ),
];

/** The console of a math type, or undefined for an unknown type (which renders nothing). */
export function consoleFor(mathType: string): ConsoleDescriptor | undefined {
  return CONSOLES.find((c) => (c.mathTypes as readonly string[]).includes(mathType));
}

/**
 * Starts downloading the libraries the consoles of a loaded problem's first numeral (and its steps)
 * draw with. Later numerals load theirs when shown: on a slow link a library they need would only
 * compete with the one the student needs now.
 */
export function preloadConsoles(problem: PublicProblem): void {
  const first = problem.numerals[0];
  if (!first) return;
  const contents: PublicMathTypeContent[] = [first, ...first.steps];
  const libraries = new Set(contents.map((c) => consoleFor(c.mathType)?.library));
  if (libraries.has('board')) loadJsxGraph().catch(() => undefined);
  if (libraries.has('mathField')) loadMathField().catch(() => undefined);
}

/**
 * The `data` prop a console gets for a numeral or step: the math type's public data; the text
 * console also gets the math type; multiple choice gets its choices and whether several are right.
 */
export function consoleData(content: PublicMathTypeContent): unknown {
  switch (content.mathType) {
    case 'multipleChoice':
      return { choices: content.choices, multipleSelection: content.multipleSelection };
    case 'solve':
    case 'simplify':
    case 'functions':
    case 'equationOfALine':
    case 'findExpression':
      return { mathType: content.mathType, ...(content.data ?? {}) };
    default:
      return content.data;
  }
}
