import type { MathType, PublicMathTypeContent } from '@kib/core';
import type { ComponentType } from 'react';
import { ChoiceConsole } from './choice-console/index';
import { FunctionConsole } from './function-console/index';
import { IntervalConsole } from './interval-console/index';
import { LineConsole } from './line-console/index';
import { MathConsole } from './math-console/index';
import { NumberlineConsole } from './numberline-console/index';
import { PointsConsole } from './points-console/index';
import { PrimeConsole } from './prime-console/index';
import type { ConsoleProps } from './shared/console.types';
import { TableConsole } from './table-console/index';

/** A console as the solver and the registry see it: any data, answer and feedback. */
export type AnyConsole = ComponentType<ConsoleProps<never, never, never>>;

/** One answer console: its element name, component, the math types it answers, its empty answer. */
export interface ConsoleDescriptor {
  /** The custom element's tag. */
  tag: `kib-${string}-console`;
  /** Display name (stories, docs). */
  name: string;
  component: AnyConsole;
  mathTypes: readonly MathType[];
}

/** Every answer console (spec 02 §2 "Console chooser by math type"): one list for the solver, the elements and the docs. */
export const CONSOLES: readonly ConsoleDescriptor[] = [
  {
    tag: 'kib-math-console',
    name: 'MathConsole',
    component: MathConsole as unknown as AnyConsole,
    mathTypes: ['solve', 'simplify', 'functions', 'equationOfALine', 'findExpression'],
  },
  {
    tag: 'kib-function-console',
    name: 'FunctionConsole',
    component: FunctionConsole as unknown as AnyConsole,
    mathTypes: ['plotFunction'],
  },
  {
    tag: 'kib-line-console',
    name: 'LineConsole',
    component: LineConsole as unknown as AnyConsole,
    mathTypes: ['plotLinearEquation'],
  },
  {
    tag: 'kib-points-console',
    name: 'PointsConsole',
    component: PointsConsole as unknown as AnyConsole,
    mathTypes: ['setPointCartesianPlane', 'setMultiPointPlane'],
  },
  {
    tag: 'kib-interval-console',
    name: 'IntervalConsole',
    component: IntervalConsole as unknown as AnyConsole,
    mathTypes: ['intervals'],
  },
  {
    tag: 'kib-numberline-console',
    name: 'NumberlineConsole',
    component: NumberlineConsole as unknown as AnyConsole,
    mathTypes: ['numberlinePoints'],
  },
  {
    tag: 'kib-choice-console',
    name: 'ChoiceConsole',
    component: ChoiceConsole as unknown as AnyConsole,
    mathTypes: ['multipleChoice'],
  },
  {
    tag: 'kib-table-console',
    name: 'TableConsole',
    component: TableConsole as unknown as AnyConsole,
    mathTypes: ['tableSimple'],
  },
  {
    tag: 'kib-prime-console',
    name: 'PrimeConsole',
    component: PrimeConsole as unknown as AnyConsole,
    mathTypes: ['primeDecomposition'],
  },
];

/** The console of a math type, or undefined for an unknown type (which renders nothing). */
export function consoleFor(mathType: string): ConsoleDescriptor | undefined {
  return CONSOLES.find((c) => (c.mathTypes as readonly string[]).includes(mathType));
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
