import type { Page } from 'playwright';

/**
 * Watches a page's traffic with a site for cookies, to assert there are none: every Set-Cookie the
 * site answers and every Cookie sent to it lands in `into`, one line each, with its URL.
 */
export function watchCookies(page: Page, site: string, into: string[]): void {
  page.on('response', async (response) => {
    if (!response.url().startsWith(site)) return;
    const headers = await response.allHeaders().catch(() => ({}) as Record<string, string>);
    if (headers['set-cookie']) into.push(`${response.url()}: ${headers['set-cookie']}`);
  });
  page.on('request', async (request) => {
    if (!request.url().startsWith(site)) return;
    const cookie = (await request.allHeaders().catch(() => ({}) as Record<string, string>)).cookie;
    if (cookie) into.push(`${request.url()} sent ${cookie}`);
  });
}
