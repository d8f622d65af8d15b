import { PHONE_PHOTO_SOCKET_PATH, PHONE_PHOTO_TTL_SECONDS, type PhonePhotoMessage } from '@kib/core';
import { QueryTypes } from 'sequelize';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { startSecondInstance, startTestServer, TestClient, type TestServer } from '../../testing/test-server';

let server: TestServer;
let second: { url: string; close(): Promise<void> };
let numeral: number;
let jpeg: Buffer;

beforeAll(async () => {
  server = await startTestServer({}, {}, { seeded: true });
  second = await startSecondInstance(server);
  const [row] = await server.db.sequelize.query<{ id: number }>(
    `SELECT n.id FROM numerals n JOIN module_problems mp ON mp.problem_id = n.problem_id
     JOIN modules m ON m.id = mp.module_id WHERE m.name = 'Taller de álgebra' AND mp.numeration = '1'
     ORDER BY n.number, n.id LIMIT 1`,
    { type: QueryTypes.SELECT },
  );
  numeral = row!.id;
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#ffffff' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'camera-secret' } } })
    .jpeg()
    .toBuffer();
}, 120_000);
afterAll(async () => {
  await second?.close();
  await server?.close();
});

/** A socket that keeps every message it receives, and how it closed. */
function open(base: string, hello: { role: 'desktop' | 'phone'; token: string }) {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}${PHONE_PHOTO_SOCKET_PATH}`);
  const messages: PhonePhotoMessage[] = [];
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('message', (data) => messages.push(JSON.parse(String(data)) as PhonePhotoMessage));
  const ready = new Promise<void>((resolve, reject) => {
    socket.on('open', () => {
      socket.send(JSON.stringify(hello));
      resolve();
    });
    socket.on('error', reject);
  });
  const next = (match: (m: PhonePhotoMessage) => boolean, timeoutMs = 8000) =>
    vi.waitFor(
      () => {
        const found = messages.find(match);
        if (!found) throw new Error(`no such message in ${JSON.stringify(messages)}`);
        return found;
      },
      { timeout: timeoutMs },
    );
  return { socket, messages, closed, ready, next };
}

const phoneToken = (phoneUrl: string) => new URL(phoneUrl).hash.slice(1);

async function newLink(email = 'student2@demo.kib') {
  const c = await new TestClient(server.url).logIn(email);
  const res = await c.post<{ phone_url: string; desktop_token: string; expires_at: string }>(
    '/api/phone_photo/sessions/',
    { numeral_id: numeral },
  );
  expect(res.status).toBe(201);
  return res.body;
}

describe('POST /api/phone_photo/sessions/', () => {
  it('opens a link for a numeral the student may answer, expiring within minutes', async () => {
    const link = await newLink();
    expect(link.phone_url).toMatch(/\/photo#ey/);
    const ttl = (Date.parse(link.expires_at) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(PHONE_PHOTO_TTL_SECONDS - 60);
    expect(ttl).toBeLessThanOrEqual(PHONE_PHOTO_TTL_SECONDS);
  });

  it('refuses a caller without a session (401) and a numeral that does not exist (404)', async () => {
    const anonymous = await new TestClient(server.url).post('/api/phone_photo/sessions/', {
      numeral_id: numeral,
    });
    expect(anonymous.status).toBe(401);
    const c = await new TestClient(server.url).logIn('student2@demo.kib');
    const missing = await c.post('/api/phone_photo/sessions/', { numeral_id: 999_999 });
    expect(missing.status).toBe(404);
    const bad = await c.post('/api/phone_photo/sessions/', { numeral_id: 'x' });
    expect(bad.status).toBe(400);
  });
});

describe('the phone-photo socket', () => {
  it('carries a photo from the phone (one instance) to the desktop (another) with the statuses, as a stored picture without metadata', async () => {
    const link = await newLink();
    const desktop = open(second.url, { role: 'desktop', token: link.desktop_token });
    await desktop.ready;
    await desktop.next((m) => m.type === 'status' && m.status === 'not-connected');

    const phone = open(server.url, { role: 'phone', token: phoneToken(link.phone_url) });
    await phone.ready;
    await phone.next((m) => m.type === 'status' && m.status === 'connected');
    await desktop.next((m) => m.type === 'status' && m.status === 'connected');

    phone.socket.send(jpeg);
    await phone.next((m) => m.type === 'sent');
    const photo = await desktop.next((m) => m.type === 'photo');
    expect(photo).toMatchObject({ type: 'photo', latex: null, pictureKey: expect.stringMatching(/\.jpg$/) });
    expect(await desktop.closed).toBe(1000);

    const key = (photo as { pictureKey: string }).pictureKey;
    const stored = await fetch(`${server.url}/media/pictures/${key}`);
    expect(stored.status).toBe(200);
    const bytes = Buffer.from(await stored.arrayBuffer());
    expect(bytes.includes(Buffer.from('camera-secret'))).toBe(false);
    const rows = await server.db.sequelize.query<{ status: string; picture_key: string }>(
      `SELECT status, picture_key FROM phone_photos WHERE picture_key = :key`,
      { replacements: { key }, type: QueryTypes.SELECT },
    );
    expect(rows).toEqual([{ status: 'received', picture_key: key }]);
  });

  it('opens a phone token only once', async () => {
    const link = await newLink();
    const first = open(server.url, { role: 'phone', token: phoneToken(link.phone_url) });
    await first.next((m) => m.type === 'status' && m.status === 'connected');
    const again = open(second.url, { role: 'phone', token: phoneToken(link.phone_url) });
    expect(await again.next((m) => m.type === 'status')).toEqual({
      type: 'status',
      status: 'failed',
      reason: 'link-used',
    });
    expect(await again.closed).toBe(4410);
    first.socket.close();
  });

  it('refuses a forged token, a desktop token used as the phone, and an expired link', async () => {
    const link = await newLink();
    const forged = open(server.url, { role: 'phone', token: `${phoneToken(link.phone_url)}x` });
    expect(await forged.next((m) => m.type === 'status')).toMatchObject({
      status: 'failed',
      reason: 'link-invalid',
    });
    const swapped = open(server.url, { role: 'phone', token: link.desktop_token });
    expect(await swapped.next((m) => m.type === 'status')).toMatchObject({
      status: 'failed',
      reason: 'link-invalid',
    });

    const expired = await newLink();
    await server.db.sequelize.query(`UPDATE phone_photos SET expires_at = now() - interval '1 second'`);
    const late = open(server.url, { role: 'phone', token: phoneToken(expired.phone_url) });
    expect(await late.next((m) => m.type === 'status')).toMatchObject({
      status: 'failed',
      reason: 'link-used',
    });
  });

  it('refuses a photo that is not a picture by its content, and tells the desktop the link failed', async () => {
    const link = await newLink();
    const desktop = open(server.url, { role: 'desktop', token: link.desktop_token });
    const phone = open(server.url, { role: 'phone', token: phoneToken(link.phone_url) });
    await phone.next((m) => m.type === 'status' && m.status === 'connected');
    phone.socket.send(Buffer.from('%PDF-1.4 not a photo'));
    expect(await phone.next((m) => m.type === 'status' && m.status === 'failed')).toMatchObject({
      reason: 'photo-type-invalid',
    });
    expect(await desktop.next((m) => m.type === 'status' && m.status === 'failed')).toMatchObject({
      reason: 'photo-type-invalid',
    });
  });
});
