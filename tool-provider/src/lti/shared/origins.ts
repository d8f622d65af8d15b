/**
 * An origin pattern as CSP writes it: `https://moodle.example`, `http://localhost:*` (any port) or
 * `https://*.example.org` (any subdomain). Nothing else: no path, no spaces, no `;` or `,`, so a
 * pattern can never add a directive to the Content-Security-Policy it is copied into.
 */
const ORIGIN_PATTERN =
  /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::(\d{1,5}|\*))?$/;

/** The pattern in its canonical form (lower case, no trailing slash), or null when it is not one. */
export function normaliseOriginPattern(value: string): string | null {
  const candidate = value.trim().toLowerCase().replace(/\/+$/, '');
  const match = ORIGIN_PATTERN.exec(candidate);
  if (!match) return null;
  const port = match[4];
  if (port && port !== '*' && (Number(port) < 1 || Number(port) > 65535)) return null;
  return candidate;
}

/** Does the URL's origin match one of the patterns (scheme, host or subdomain wildcard, port or `*`)? */
export function originAllowed(url: string, patterns: readonly string[]): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  const scheme = u.protocol.slice(0, -1);
  const host = u.hostname.toLowerCase();
  const port = u.port || (scheme === 'https' ? '443' : '80');
  return patterns.some((pattern) => {
    const match = ORIGIN_PATTERN.exec(pattern);
    if (!match || match[1] !== scheme) return false;
    const [, , wildcard, patternHost = '', patternPort] = match;
    const hostOk = wildcard ? host.endsWith(`.${patternHost}`) : host === patternHost;
    const portOk = patternPort === '*' || (patternPort ?? (scheme === 'https' ? '443' : '80')) === port;
    return hostOk && portOk;
  });
}
