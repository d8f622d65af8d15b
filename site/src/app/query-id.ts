/**
 * A positive whole id from the query string (`?problem=12`), or null when absent or malformed. It
 * imports nothing, so the page's head script can use it too.
 */
export function idParam(params: URLSearchParams, name: string): number | null {
  const raw = params.get(name);
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
