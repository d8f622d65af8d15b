import { loadMathField } from './math-console/mathlive-setup';

/**
 * Starts downloading MathLive, set up for the math console, before the problem has arrived: a page
 * that will show the solver calls it as soon as its address is known. The problem's statement is
 * then rendered with MathLive's own converter, so the page downloads one math library, not two.
 * A failure is not reported here: the console that needs MathLive loads it again and says so.
 */
export function preloadSolver(): void {
  loadMathField().catch(() => undefined);
}
