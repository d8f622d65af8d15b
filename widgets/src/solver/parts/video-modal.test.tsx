import { describe, expect, it, vi } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { VideoModal, videoUrl } from './video-modal';

const dialogOf = (screen: Awaited<ReturnType<typeof render>>) =>
  screen.container.querySelector('dialog') as HTMLDialogElement;

describe('videoUrl', () => {
  it('joins the base and the id as one path segment', () => {
    expect(videoUrl('https://cdn.test/videos/', 'abc 1')).toBe('https://cdn.test/videos/abc%201');
    expect(videoUrl('https://cdn.test', '../x')).toBe('https://cdn.test/..%2Fx');
    expect(videoUrl('/media/videos//', 'clip-0001.mp4')).toBe('/media/videos/clip-0001.mp4');
  });

  it('has no address without an id or without a base', () => {
    expect(videoUrl('https://cdn.test/videos', null)).toBeNull();
    expect(videoUrl(null, 'clip-0001.mp4')).toBeNull();
    expect(videoUrl(undefined, 'clip-0001.mp4')).toBeNull();
  });
});

describe('VideoModal', () => {
  it('opens as a modal and plays the video without download, picture-in-picture or context menu', async () => {
    const screen = await render(
      <VideoModal open videoId="v-42" videoBaseUrl="https://cdn.test/videos" onClose={vi.fn()} />,
    );
    await expect.element(screen.getByRole('dialog', { name: 'Video explicativo' })).toBeVisible();
    expect(dialogOf(screen).matches(':modal')).toBe(true);
    const video = screen.container.querySelector('video')!;
    expect(video.getAttribute('src')).toBe('https://cdn.test/videos/v-42');
    expect(video.controls).toBe(true);
    expect(video.getAttribute('controlslist')).toBe('nodownload');
    expect(video.disablePictureInPicture).toBe(true);
    const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    video.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
  });

  it.each([
    ['no video id', null, 'https://cdn.test'],
    ['no base address', 'v-1', undefined],
    ['a base address that is not configured', 'v-1', null],
  ])("says 'not available' with %s", async (_, videoId, base) => {
    const screen = await render(
      <VideoModal open videoId={videoId} videoBaseUrl={base} onClose={vi.fn()} lang="en" />,
    );
    await expect.element(screen.getByText('Video not available')).toBeVisible();
    expect(screen.container.querySelector('video')).toBeNull();
  });

  it('closes with Escape and with the close button, reporting it once each', async () => {
    const onClose = vi.fn();
    const screen = await render(<VideoModal open videoId={null} onClose={onClose} />);
    await expect.element(screen.getByRole('dialog')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => onClose.mock.calls.length).toBe(1);
    expect(dialogOf(screen).open).toBe(false);
    await screen.rerender(<VideoModal open={false} videoId={null} onClose={onClose} />);
    await screen.rerender(<VideoModal open videoId={null} onClose={onClose} />);
    await screen.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => onClose.mock.calls.length).toBe(2);
  });

  it('keeps the focus inside and removes the player when the parent closes it', async () => {
    const onClose = vi.fn();
    const screen = await render(
      <VideoModal open videoId="v" videoBaseUrl="https://cdn.test" onClose={onClose} lang="en" />,
    );
    await expect.element(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    // The dialog's close event, which the dialog handles before this listener (added after its own).
    const closed = new Promise((resolve) =>
      dialogOf(screen).addEventListener('close', resolve, { once: true }),
    );
    await screen.rerender(
      <VideoModal open={false} videoId="v" videoBaseUrl="https://cdn.test" onClose={onClose} />,
    );
    expect(dialogOf(screen).open).toBe(false);
    expect(screen.container.querySelector('video')).toBeNull();
    await closed;
    expect(onClose).not.toHaveBeenCalled();
  });

  it('tells the student when the video cannot be loaded', async () => {
    const screen = await render(
      <VideoModal open videoId="missing" videoBaseUrl="/no-such-videos" onClose={vi.fn()} lang="en" />,
    );
    await expect.element(screen.getByRole('alert')).toHaveTextContent('The video could not be loaded.');
  });
});
