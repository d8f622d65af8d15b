import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from 'vitest/browser';
import { axeViolations, renderSite } from '../../test/render-site';

/** A JWT-shaped token whose payload expires at `exp` (seconds); the page reads only `exp`. */
function tokenExpiringAt(exp: number): string {
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ role: 'phone', exp })}.c2lnbmF0dXJl`;
}
const TOKEN = tokenExpiringAt(Math.floor(Date.now() / 1000) + 600);
const PNG = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], 'foto.png', {
    type: 'image/png',
  });

/**
 * A scripted phone-photo server: records what the page sends and answers as the real socket does
 * — `connected` after a phone's hello, then `sent` after a binary photo — or `failed` with `refuse`.
 */
class FakeSocket extends EventTarget {
  static last: FakeSocket | null = null;
  static refuse: string | null = null;
  readonly sent: unknown[] = [];
  binaryType = 'blob';
  constructor(readonly url: string) {
    super();
    FakeSocket.last = this;
    setTimeout(() => this.dispatchEvent(new Event('open')), 0);
  }
  send(data: unknown) {
    this.sent.push(data);
    const answer = (message: object) =>
      setTimeout(() => this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) })), 0);
    if (typeof data === 'string')
      answer(
        FakeSocket.refuse
          ? { type: 'status', status: 'failed', reason: FakeSocket.refuse }
          : { type: 'status', status: 'connected' },
      );
    else answer({ type: 'sent' });
  }
  close() {
    setTimeout(() => this.dispatchEvent(new CloseEvent('close', { code: 1000 })), 0);
  }
}

beforeEach(() => {
  FakeSocket.last = null;
  FakeSocket.refuse = null;
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await page.viewport(1024, 768);
});

describe('the phone page of a phone-photo link', () => {
  it('takes a photo, previews it and sends it on the socket with the link’s token', async () => {
    await page.viewport(360, 740);
    const { screen } = await renderSite(`/photo#${TOKEN}`);
    await expect.element(screen.getByRole('heading', { name: 'Envía una foto de tu trabajo' })).toBeVisible();
    await expect.element(screen.getByRole('status').filter({ hasText: 'No conectado' })).toBeVisible();
    await screen.getByLabelText('Tomar foto').upload(PNG());
    await expect.element(screen.getByRole('img', { name: 'La foto que vas a enviar' })).toBeVisible();
    await screen.getByRole('button', { name: 'Enviar foto' }).click();
    await expect.element(screen.getByText('Foto enviada: mira tu computador.')).toBeVisible();
    const socket = FakeSocket.last!;
    expect(socket.url).toBe(`ws://${location.host}/api/ws/photo`);
    expect(JSON.parse(socket.sent[0] as string)).toEqual({ role: 'phone', token: TOKEN });
    expect(new Uint8Array(socket.sent[1] as ArrayBuffer)).toEqual(new Uint8Array(await PNG().arrayBuffer()));
    // Nothing wider than a 360 px phone.
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(360);
    expect(await axeViolations()).toEqual([]);
  });

  it('says a used link is spent and how to get a new one', async () => {
    FakeSocket.refuse = 'link-used';
    const { screen } = await renderSite(`/photo#${TOKEN}`, { language: 'en' });
    await screen.getByLabelText('Take photo').upload(PNG());
    await screen.getByRole('button', { name: 'Send photo' }).click();
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('This link expired or was already used. Open a new one');
    expect(await axeViolations()).toEqual([]);
  });

  it('says a refused photo failed, with the reason', async () => {
    FakeSocket.refuse = 'photo-too-large';
    const { screen } = await renderSite(`/photo#${TOKEN}`);
    await screen.getByLabelText('Tomar foto').upload(PNG());
    await screen.getByRole('button', { name: 'Enviar foto' }).click();
    await expect
      .element(screen.getByRole('status').filter({ hasText: 'Falló la conexión' }))
      .toHaveTextContent('Esta foto pesa más de 8 MB.');
  });

  it('knows an expired link before a photo is taken', async () => {
    const { screen } = await renderSite(`/photo#${tokenExpiringAt(1_000_000)}`);
    await expect.element(screen.getByRole('alert')).toHaveTextContent('Este enlace caducó o ya se usó.');
    expect(screen.getByLabelText('Tomar foto').query()).toBeNull();
  });

  it('needs the link of a QR code', async () => {
    const { screen } = await renderSite('/photo');
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Esta página necesita el enlace del código QR');
    expect(await axeViolations()).toEqual([]);
  });

  it('refuses a file that is not a picture before sending it', async () => {
    const { screen } = await renderSite(`/photo#${TOKEN}`);
    await screen
      .getByLabelText('Tomar foto')
      .upload(new File(['%PDF'], 'notas.pdf', { type: 'application/pdf' }));
    await expect
      .element(screen.getByRole('alert'))
      .toHaveTextContent('Este archivo no es una imagen JPEG, PNG o GIF.');
    expect(screen.getByRole('button', { name: 'Enviar foto' }).query()).toBeNull();
    expect(FakeSocket.last).toBeNull();
  });
});
