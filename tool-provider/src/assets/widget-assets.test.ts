import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { widgetAssets } from './widget-assets';

/** A chunk the build also wrote compressed with brotli. */
const SOLVER = `export const lines = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `línea ${i}`))};`;

describe('widget assets', () => {
  let dir: string;
  let url: string;
  let close: () => void;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-widgets-'));
    await fs.mkdir(path.join(dir, 'chunks'));
    await fs.writeFile(path.join(dir, 'kib-widgets.js'), 'export {};');
    await fs.writeFile(path.join(dir, 'chunks', 'mathlive-abc123.js'), 'export {};');
    await fs.writeFile(path.join(dir, 'chunks', 'solver-def456.js'), SOLVER);
    await fs.writeFile(path.join(dir, 'chunks', 'solver-def456.js.br'), zlib.brotliCompressSync(SOLVER));
    const app = express();
    app.use('/widgets', widgetAssets(dir));
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

  it('serves the bundle to any origin as a JavaScript module, revalidated', async () => {
    const r = await fetch(`${url}/widgets/kib-widgets.js`, { headers: { origin: 'https://moodle.example' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/javascript/);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(r.headers.get('cache-control')).toContain('must-revalidate');
  });

  it('keeps hashed chunks for a year', async () => {
    const r = await fetch(`${url}/widgets/chunks/mathlive-abc123.js`);
    expect(r.headers.get('cache-control')).toContain('immutable');
  });

  it('sends the brotli file to a page whose browser accepts brotli, with the same headers', async () => {
    const r = await fetch(`${url}/widgets/chunks/solver-def456.js`, {
      headers: { origin: 'https://moodle.example', 'accept-encoding': 'gzip, br' },
    });
    expect(r.headers.get('content-encoding')).toBe('br');
    expect(r.headers.get('content-type')).toMatch(/javascript/);
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expect(r.headers.get('cache-control')).toContain('immutable');
    expect(await r.text()).toBe(SOLVER);
  });

  it('answers 404 for what is not there, and never lists the folder', async () => {
    expect((await fetch(`${url}/widgets/nope.js`)).status).toBe(404);
    expect((await fetch(`${url}/widgets/`)).status).toBe(404);
  });
});
