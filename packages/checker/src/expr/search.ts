/**
 * One-dimensional searches shared by the numeric root finder (solve) and the breakpoint scan
 * (equivalence): bisection of a change and golden-section search of a minimum.
 */

/**
 * Narrows [a, b], where `pred` differs at the two ends, to the last bracket doubles can tell apart
 * (64 halvings at most): answers [l, r] with pred(l) = pred(a).
 */
export function bisect(a: number, b: number, pred: (x: number) => boolean): [number, number] {
  const pa = pred(a);
  for (let k = 0; k < 64; k++) {
    const m = (a + b) / 2;
    if (m === a || m === b) break;
    if (pred(m) === pa) a = m;
    else b = m;
  }
  return [a, b];
}

/**
 * A minimum of `g` on [a, b] by golden-section search, to a relative width of 10⁻¹⁵ (90 steps at
 * most), or earlier once `stop` holds for a value found: the best point and its value.
 */
export function goldenMinimum(
  g: (x: number) => number,
  a: number,
  b: number,
  stop: (value: number) => boolean = () => false,
): { x: number; value: number } {
  const phi = (Math.sqrt(5) - 1) / 2;
  let c = b - phi * (b - a);
  let d = a + phi * (b - a);
  let gc = g(c);
  let gd = g(d);
  for (let k = 0; k < 90 && b - a > 1e-15 * Math.max(1, Math.abs(a)); k++) {
    if (stop(gc) || stop(gd)) break;
    if (gc < gd) {
      b = d;
      d = c;
      gd = gc;
      c = b - phi * (b - a);
      gc = g(c);
    } else {
      a = c;
      c = d;
      gc = gd;
      d = a + phi * (b - a);
      gd = g(d);
    }
  }
  return gc < gd ? { x: c, value: gc } : { x: d, value: gd };
}
