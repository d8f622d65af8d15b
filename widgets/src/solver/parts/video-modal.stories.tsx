import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { VideoModal } from './video-modal';

let sample: Promise<{ videoBaseUrl: string; videoId: string } | null> | undefined;

/**
 * A short clip recorded in the browser, so the story plays a real video without a network. Its blob
 * address splits into a base and an id like a content-delivery address does.
 */
function sampleVideo() {
  sample ??= (async () => {
    if (typeof MediaRecorder === 'undefined') return null;
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext('2d');
    if (!context) return null;
    const recorder = new MediaRecorder(canvas.captureStream(24), { mimeType: 'video/webm' });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => (recorder.onstop = resolve));
    let frame = 0;
    const draw = () => {
      context.fillStyle = '#f4f4f8';
      context.fillRect(0, 0, 320, 180);
      context.fillStyle = '#c2185b';
      context.font = '28px sans-serif';
      context.fillText(`x = ${frame % 10}`, 110 + 5 * Math.sin(frame / 3), 100);
      frame += 1;
    };
    draw();
    recorder.start();
    const timer = setInterval(draw, 40);
    await new Promise((resolve) => setTimeout(resolve, 800));
    clearInterval(timer);
    recorder.stop();
    await stopped;
    const url = URL.createObjectURL(new Blob(chunks, { type: 'video/webm' }));
    const cut = url.lastIndexOf('/');
    return { videoBaseUrl: url.slice(0, cut), videoId: url.slice(cut + 1) };
  })();
  return sample;
}

const meta = {
  title: 'Solver/Parts/VideoModal',
  component: VideoModal,
  args: { open: true, videoId: null, lang: 'es', onClose: fn() },
} satisfies Meta<typeof VideoModal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Playing the numeral's video: controls, no download, no picture-in-picture, no context menu. */
export const Playing: Story = {
  loaders: [async () => ({ video: await sampleVideo() })],
  render: (args, { loaded }) => {
    const video = loaded.video as Awaited<ReturnType<typeof sampleVideo>>;
    return <VideoModal {...args} {...(video ?? { videoId: 'sample', videoBaseUrl: '/videos' })} />;
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('dialog', { name: 'Video explicativo' })).toBeVisible();
    const video = canvasElement.querySelector('video')!;
    await expect(video.getAttribute('controlslist')).toBe('nodownload');
    await expect(video.disablePictureInPicture).toBe(true);
    const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    video.dispatchEvent(menu);
    await expect(menu.defaultPrevented).toBe(true);
    if (typeof MediaRecorder !== 'undefined') {
      await waitFor(() => expect(video.readyState).toBeGreaterThan(0), { timeout: 5000 });
      await expect(canvas.queryByRole('alert')).toBeNull();
    }
  },
};

/** The numeral has no video. */
export const NotAvailable: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Video no disponible')).toBeVisible();
  },
};

/** The host could not deliver the video. */
export const LoadError: Story = {
  args: { videoId: 'missing', videoBaseUrl: '/no-such-videos' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getByRole('alert')).toHaveTextContent('El video no se pudo cargar.'), {
      timeout: 5000,
    });
  },
};

/** Escape closes it and tells the page. */
export const ClosedWithEscape: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Cerrar' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(args.onClose).toHaveBeenCalledTimes(1));
  },
};

/** Closed: nothing shows. */
export const Closed: Story = {
  args: { open: false },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('dialog')!.open).toBe(false);
  },
};

/** English. */
export const English: Story = {
  args: { lang: 'en' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('dialog', { name: 'Explanation video' })).toBeVisible();
    await expect(canvas.getByText('Video not available')).toBeVisible();
  },
};

/** On a 360 px phone. */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const dialog = canvasElement.querySelector('dialog')!;
    await expect(dialog.getBoundingClientRect().width).toBeLessThanOrEqual(window.innerWidth);
  },
};
