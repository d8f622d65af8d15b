import type { BrowserContext } from 'playwright';

/**
 * Records every Content-Security-Policy violation of a context's pages into `into`, one line each:
 * the page, the directive, what it blocked and the script that tried. The listener is in place
 * before any script of a page runs, so a violation during load counts too (a library probing for
 * `eval` and swallowing the refusal logs nothing to the console, but still fires the event), and
 * each one reaches the test at once, also when the page navigates right after.
 */
export async function watchCspViolations(context: BrowserContext, into: string[]): Promise<void> {
  await context.exposeBinding('__kibCspViolation', ({ page }, line: string) => {
    into.push(`${new URL(page.url()).pathname}: ${line}`);
  });
  await context.addInitScript(() => {
    const report = (window as unknown as { __kibCspViolation: (line: string) => void }).__kibCspViolation;
    document.addEventListener('securitypolicyviolation', (event) => {
      const at = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}` : '';
      void report(`${event.effectiveDirective} refused ${event.blockedURI || 'inline code'}${at}`);
    });
  });
}
