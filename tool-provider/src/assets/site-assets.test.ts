import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../testing/builds';
import {
  allowScripts,
  DEFAULT_SITE_DIR,
  inlineScriptHashes,
  inlineScriptSource,
  PAGE_MODULES,
  siteAssets,
} from './site-assets';

/** The page's inline head script. */
const HEAD_SCRIPT = 'window.__kibBoot={answers:new Map()};';

/** The policy the app's helmet sets before the site answers. */
const POLICY = "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline'";

/** A script the build also wrote compressed with brotli. */
const SOLVER = `export const steps = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `paso ${i}`))};`;

/** The build's manifest: the solve page's chunk imports the entry and a helper; MathLive is a chunk of its own. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc123.js', isEntry: true },
  'src/pages/student/solve-page.tsx': {
    file: 'assets/solve-page-111.js',
    imports: ['index.html', '_helper-222.js'],
    css: ['assets/solve-page-111.css'],
  },
  '_helper-222.js': { file: 'assets/helper-222.js', imports: ['index.html'] },
  '../node_modules/mathlive/mathlive.min.mjs': { file: 'assets/mathlive.min-333.js', isDynamicEntry: true },
  'src/pages/login-page.tsx': { file: 'assets/login-444.js' },
};

describe('site assets', () => {
  let dir: string;
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    ensureBuilt('site');
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-site-'));
    await fs.mkdir(path.join(dir, 'assets'));
    await fs.writeFile(
      path.join(dir, 'index.html'),
      `<!doctype html><head><meta charset="UTF-8" /><script>${HEAD_SCRIPT}</script><title>Kib</title><script type="module" crossorigin src="/assets/index-abc123.js"></script></head>`,
    );
    await fs.mkdir(path.join(dir, '.vite'));
    await fs.writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    await fs.writeFile(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await fs.writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'export {};');
    await fs.writeFile(path.join(dir, 'assets', 'solver-def456.js'), SOLVER);
    await fs.writeFile(path.join(dir, 'assets', 'solver-def456.js.br'), zlib.brotliCompressSync(SOLVER));
    const app = express();
    app.use('/api', (_req, res) => void res.status(404).json({ code: 'route-not-found' }));
    app.use((_req, res, next) => {
      res.setHeader('Content-Security-Policy', POLICY);
      next();
    });
    app.use(siteAssets(dir));
    app.use((_req, res) => void res.status(404).end());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it.each(['/', '/student/solve?problem=3', '/password/reset/confirm/MQ/abc-123', '/no/such/page'])(
    'answers the page for %s, never cached, so the router resolves deep links after a reload',
    async (p) => {
      const r = await fetch(`${url}${p}`, { headers: { accept: 'text/html' } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/text\/html/);
      expect(r.headers.get('cache-control')).toBe('no-cache');
      expect(await r.text()).toContain('<title>Kib</title>');
    },
  );

  it("announces a solve page's chunks and MathLive in its head, once each, and nothing more on other pages", async () => {
    const links = (html: string) =>
      [
        ...html.matchAll(
          /<link rel="(?:modulepreload|preload" as="style)" crossorigin fetchpriority="low" href="([^"]+)">/g,
        ),
      ].map((m) => m[1]);
    for (const p of ['/student/solve?problem=3', '/demo/student/modules/solve?problem=1']) {
      const html = await (await fetch(`${url}${p}`, { headers: { accept: 'text/html' } })).text();
      expect(links(html)).toEqual([
        '/assets/solve-page-111.js',
        '/assets/solve-page-111.css',
        '/assets/helper-222.js',
        '/assets/mathlive.min-333.js',
      ]);
      // Below the page's own requests (the entry and the head script's): they are needed after the entry.
      expect(html).toContain(
        '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/solve-page-111.css">',
      );
      expect(html.match(/index-abc123\.js/g)).toHaveLength(1);
    }
    for (const p of ['/login', '/student', '/student/solved'])
      expect(links(await (await fetch(`${url}${p}`, { headers: { accept: 'text/html' } })).text())).toEqual(
        [],
      );
  });

  it("allows the page's head script by its hash, on every page, and no other inline script", async () => {
    const hash = inlineScriptSource(HEAD_SCRIPT);
    for (const p of ['/', '/student/solve?problem=3', '/teacher/classrooms']) {
      const r = await fetch(`${url}${p}`, { headers: { accept: 'text/html' } });
      expect(r.headers.get('content-security-policy')).toBe(
        `default-src 'self';script-src 'self' ${hash};style-src 'self' 'unsafe-inline'`,
      );
      expect(await r.text()).toContain(`<script>${HEAD_SCRIPT}</script>`);
    }
    // A script file is not hashed; a policy without script-src is left alone.
    expect(
      inlineScriptHashes('<script src="/a.js"></script><script type="module" src="/b.js"></script>'),
    ).toEqual([]);
    expect(allowScripts("default-src 'self'", [hash])).toBe("default-src 'self'");
  });

  it("the site's build carries the head script first in its head, which the browser's hash matches", async () => {
    const html = await fs.readFile(path.join(DEFAULT_SITE_DIR, 'index.html'), 'utf8');
    const script = /<meta charset="UTF-8" \/>\s*<script>([\s\S]+?)<\/script>/.exec(html)?.[1];
    expect(script).toContain('__kibBoot');
    // The value a browser computes for `script-src` (base64 SHA-256 of the script's text).
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script));
    expect(inlineScriptHashes(html)).toEqual([`'sha256-${Buffer.from(digest).toString('base64')}'`]);
  });

  it("does not serve the build's manifest", async () => {
    expect((await fetch(`${url}/.vite/manifest.json`)).status).toBe(404);
  });

  it('serves hashed assets as immutable and public files revalidated', async () => {
    const asset = await fetch(`${url}/assets/index-abc123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const icon = await fetch(`${url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('sends the brotli file the build wrote to a browser that accepts brotli, and the script to others', async () => {
    const br = await fetch(`${url}/assets/solver-def456.js`, {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(await br.text()).toBe(SOLVER);
    const plain = await fetch(`${url}/assets/solver-def456.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SOLVER);
  });

  it('leaves missing files, the API and requests for data to the next handler', async () => {
    expect((await fetch(`${url}/assets/missing-000.js`)).status).toBe(404);
    expect((await fetch(`${url}/api/nothing`, { headers: { accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${url}/student`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it("names modules the site's build has (the build runs before the tests)", async () => {
    const manifest = JSON.parse(
      await fs.readFile(path.join(DEFAULT_SITE_DIR, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, unknown>;
    for (const page of PAGE_MODULES)
      for (const source of page.sources) expect(manifest).toHaveProperty([source]);
  });
});
