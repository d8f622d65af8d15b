import type { PhonePhotoMessage } from '@kib/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { PhonePhotoDialog } from './phone-photo-dialog';
import type { PhonePhotoCapability } from './phone-photo.logic';

const PHONE_URL = 'https://kib.example/photo#eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoicGhvbmUifQ.c2ln';
const PICTURE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"><rect width="160" height="90" fill="#fff"/><text x="20" y="55" font-size="28">x = 3</text></svg>',
  );

/**
 * The phone-photo socket as the server speaks it, scripted: it opens (unless `opens` is false),
 * records the desktop's hello and then sends `script`, one message after another.
 */
class ScriptedSocket extends EventTarget {
  readonly sent: string[] = [];
  constructor(
    private readonly script: PhonePhotoMessage[],
    opens: boolean,
  ) {
    super();
    if (opens) setTimeout(() => this.dispatchEvent(new Event('open')), 0);
  }
  send(data: string) {
    this.sent.push(data);
    this.script.forEach((message, i) =>
      setTimeout(
        () => this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(message) })),
        20 * (i + 1),
      ),
    );
  }
  close() {}
}

const sockets: ScriptedSocket[] = [];

/** A capability whose sessions open at once and whose socket plays `script`. */
function phonePhoto(script: PhonePhotoMessage[], opens = true): PhonePhotoCapability {
  return {
    openSession: fn(async (_numeralId: number) => ({
      phoneUrl: PHONE_URL,
      desktopToken: 'desktop-token',
      expiresAt: '2030-01-01T00:10:00.000Z',
    })),
    socketUrl: 'ws://kib.example/api/ws/photo',
    createSocket: (_url: string) => {
      const socket = new ScriptedSocket(script, opens);
      sockets.push(socket);
      return socket as unknown as WebSocket;
    },
  };
}

const meta = {
  title: 'Solver/Parts/PhonePhotoDialog',
  component: PhonePhotoDialog,
  args: {
    open: true,
    numeralId: 101,
    lang: 'es',
    phonePhoto: phonePhoto([{ type: 'status', status: 'not-connected' }]),
    onLatex: fn(),
    onClose: fn(),
  },
} satisfies Meta<typeof PhonePhotoDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

const status = (root: HTMLElement) =>
  within(root)
    .getAllByRole('status')
    .find((s) => s.classList.contains('kib-phone-photo__status'))!;

/** Waiting for the phone: the QR code and the address of the link, "not connected" in red. */
export const NotConnected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Teléfono no conectado'));
    await expect(status(canvasElement)).toHaveAttribute('data-status', 'not-connected');
    // The code's module loads when the dialog first shows it.
    await expect(
      await canvas.findByRole('img', { name: 'Código QR del enlace para tu teléfono' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: PHONE_URL })).toHaveAttribute('href', PHONE_URL);
    await expect(args.phonePhoto.openSession).toHaveBeenCalledWith(101);
    await expect(JSON.parse(sockets.at(-1)!.sent[0]!)).toEqual({ role: 'desktop', token: 'desktop-token' });
    await expect(canvas.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
  },
};

/** The socket is still opening. */
export const Connecting: Story = {
  args: { phonePhoto: phonePhoto([], false) },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Conectando…'));
    await expect(status(canvasElement)).toHaveAttribute('data-status', 'connecting');
  },
};

/** The phone opened the link. */
export const Connected: Story = {
  args: {
    phonePhoto: phonePhoto([
      { type: 'status', status: 'not-connected' },
      { type: 'status', status: 'connected' },
    ]),
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(status(canvasElement)).toHaveTextContent('Teléfono conectado: toma la foto en tu teléfono'),
    );
    await expect(status(canvasElement)).toHaveAttribute('data-status', 'connected');
  },
};

/** The link expired: failed, with the reason, and a new link on request. */
export const Failed: Story = {
  args: {
    lang: 'en',
    phonePhoto: phonePhoto([{ type: 'status', status: 'failed', reason: 'link-expired' }]),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(status(canvasElement)).toHaveTextContent('Connection failed: the link expired'),
    );
    await expect(canvas.queryByRole('img', { name: /QR code/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'New link' }));
    await waitFor(() => expect(args.phonePhoto.openSession).toHaveBeenCalledTimes(2));
  },
};

/** The photo was read as LaTeX: it goes into the answer. */
export const LatexArrived: Story = {
  args: {
    phonePhoto: phonePhoto([
      { type: 'status', status: 'connected' },
      { type: 'photo', latex: 'x^{2}+1', pictureKey: 'p.jpg', pictureUrl: PICTURE },
    ]),
  },
  play: async ({ canvasElement, args }) => {
    await waitFor(() =>
      expect(status(canvasElement)).toHaveTextContent(
        'Foto recibida: su expresión se añadió a tu respuesta.',
      ),
    );
    await expect(args.onLatex).toHaveBeenCalledWith('x^{2}+1');
  },
};

/** Without recognition the photo is attached for the teacher and shown. */
export const PictureAttached: Story = {
  args: {
    phonePhoto: phonePhoto([
      { type: 'status', status: 'connected' },
      { type: 'photo', latex: null, pictureKey: 'p.jpg', pictureUrl: PICTURE },
    ]),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await waitFor(() =>
      expect(status(canvasElement)).toHaveTextContent(
        'Foto recibida y adjuntada a tu respuesta para tu profesor.',
      ),
    );
    await expect(canvas.getByRole('img', { name: 'La foto de tu trabajo que enviaste' })).toHaveAttribute(
      'src',
      PICTURE,
    );
    await expect(args.onLatex).not.toHaveBeenCalled();
  },
};

/** The link could not be opened at all. */
export const SessionFailed: Story = {
  args: {
    phonePhoto: {
      openSession: fn(async () => Promise.reject(new Error('offline'))),
      socketUrl: 'ws://kib.example/api/ws/photo',
    },
  },
  play: async ({ canvasElement }) => {
    await waitFor(() =>
      expect(status(canvasElement)).toHaveTextContent('no se pudo abrir el enlace para tu teléfono'),
    );
  },
};

/** Escape closes it, and says so once. */
export const EscapeCloses: Story = {
  play: async ({ canvasElement, args }) => {
    await waitFor(() => expect(status(canvasElement)).toHaveTextContent('Teléfono no conectado'));
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
    await expect(canvasElement.querySelector('dialog')).not.toHaveAttribute('open');
  },
};
