/**
 * A small bounded memo for values derived from a problem's own data (a parsed function, a parsed
 * points list): the same numeral is checked again and again, and parsing LaTeX is the costly part.
 * Oldest entries go first; the cache never changes a result, only its cost.
 */
export function memoize<V>(compute: (key: string) => V, capacity = 64): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    if (cache.size >= capacity) cache.delete(cache.keys().next().value as string);
    cache.set(key, value);
    return value;
  };
}
