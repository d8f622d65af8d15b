import { HANDWRITING_MAX_BYTES } from '@kib/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSecondInstance, startTestServer, TestClient, type TestServer } from '../../testing/test-server';
import { startFakeMathpix } from '../../testing/fake-mathpix';

const KEYS = { appId: 'kib-api-test', appKey: 'api-secret' };
let fake: Awaited<ReturnType<typeof startFakeMathpix>>;
let server: TestServer;
let unconfigured: { url: string; close(): Promise<void> };
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  fake = await startFakeMathpix(KEYS);
  server = await startTestServer(
    {
      HANDWRITING_APP_ID: KEYS.appId,
      HANDWRITING_APP_KEY: KEYS.appKey,
      HANDWRITING_BASE_URL: fake.url,
    },
    {},
    { seeded: true },
  );
  unconfigured = await startSecondInstance(server, {}, { handwriting: null });
  const white = { create: { width: 300, height: 150, channels: 3 as const, background: '#ffffff' } };
  png = await sharp(white).png().toBuffer();
  jpeg = await sharp(white).jpeg().toBuffer();
}, 120_000);
afterAll(async () => {
  await unconfigured?.close();
  await server?.close();
  await fake?.close();
});

/** Sends a drawing as the pad does: picture_0 named canvas-image.png, with its formdata_0. */
async function convert(base: string, token: string | undefined, bytes: Buffer, lang = 'en') {
  const form = new FormData();
  form.append('picture_0', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'canvas-image.png');
  form.append('formdata_0', JSON.stringify({ name: 'canvas-image.png', type: 'numeral', id: '' }));
  const res = await fetch(`${base}/api/get_handwritten_latex/`, {
    method: 'POST',
    headers: { 'accept-language': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const student = () => new TestClient(server.url).logIn('student2@demo.kib');

describe('POST /api/get_handwritten_latex/', () => {
  it('reads a PNG drawing as LaTeX through the configured service', async () => {
    fake.answer({ body: JSON.stringify({ latex_styled: 'x^{2}-4=0' }) });
    const c = await student();
    const res = await convert(server.url, c.token, png);
    expect(res).toEqual({ status: 200, body: { latex: 'x^{2}-4=0' } });
    expect(String(fake.seen.at(-1)!.body.src)).toMatch(/^data:image\/png;base64,iVBOR/);
  });

  it('answers latex null (WrongLatex) when the service reads nothing', async () => {
    fake.answer({ body: JSON.stringify({ error: 'Content not found' }) });
    const res = await convert(server.url, (await student()).token, png);
    expect(res).toEqual({ status: 200, body: { latex: null } });
  });

  it('answers a translated 502 when the service fails, never a 500', async () => {
    fake.answer({ status: 500, body: 'oops' });
    const res = await convert(server.url, (await student()).token, png, 'es');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ code: 'handwriting-unavailable' });
    expect(String(res.body.detail)).toMatch(/reconocimiento de escritura/);
  });

  it('refuses a drawing that is not a PNG by its content (400), whatever its name', async () => {
    const res = await convert(server.url, (await student()).token, jpeg);
    expect(res.status).toBe(400);
    expect(res.body.fields).toMatchObject({ picture_0: [expect.stringMatching(/PNG/)] });
  });

  it('names the drawing as it was sent, not its form field, when its PNG does not decode', async () => {
    const damaged = Buffer.concat([png.subarray(0, 33), Buffer.from('not the rest of a PNG')]);
    const res = await convert(server.url, (await student()).token, damaged);
    expect(res.status).toBe(400);
    expect(res.body.fields).toEqual({
      picture_0: ['canvas-image.png could not be read as a picture: it is damaged or too large.'],
    });
  });

  it('refuses a drawing larger than the limit (413) before reading it', async () => {
    const big = Buffer.concat([png, Buffer.alloc(HANDWRITING_MAX_BYTES)]);
    const res = await convert(server.url, (await student()).token, big);
    expect(res.status).toBe(413);
  });

  it('refuses a caller without a session (401)', async () => {
    const res = await convert(server.url, undefined, png);
    expect(res.status).toBe(401);
  });

  it('says clearly when no service is configured (503), and config/ tells the pad', async () => {
    const c = await student();
    const res = await convert(unconfigured.url, c.token, png);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: 'handwriting-not-configured' });
    expect(String(res.body.detail)).toMatch(/not configured/);
    const off = await new TestClient(unconfigured.url).get('/api/config/');
    expect(off.body.handwriting).toBe(false);
    const on = await new TestClient(server.url).get('/api/config/');
    expect(on.body.handwriting).toBe(true);
  });
});
