import type { SimplifyCheckData } from './simplify';

/** A simplify record with every list empty: tests override what they need. */
export const BASE: SimplifyCheckData = {
  startingExpression: '2(x+3)',
  target: '2x+6',
  constant: [],
  units: [],
  definedSymbols: [],
  functions: [],
  complementaryEquations: [],
  complementaryVariables: [],
  convertToDegrees: false,
  exactExpr: false,
  interval: null,
};
