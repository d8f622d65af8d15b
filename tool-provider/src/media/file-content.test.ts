import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pixelBombPng } from '../../testing/hostile-files';
import {
  checkPicturePixels,
  PictureTooLargeError,
  reencodePicture,
  UnreadablePictureError,
} from './file-content';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'kib-pictures-'));
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('pictures past the pixel limit', () => {
  it('refuses a decompression bomb by its header, never decoding it, and writes nothing', async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(100_000);
    const input = path.join(dir, 'bomb.png');
    const output = path.join(dir, 'bomb.clean.png');
    await fs.writeFile(input, bomb);
    const refused = await reencodePicture(input, output, 'png').catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(PictureTooLargeError);
    expect((refused as PictureTooLargeError).pixels).toBe(100_000_000);
    await expect(fs.stat(output)).rejects.toThrow();
  });

  it('counts every frame of an animated GIF', async () => {
    // Four frames of 100 × 100, each different (the encoder would merge equal ones).
    const frames = {
      width: 100,
      height: 400,
      pageHeight: 100,
      channels: 3 as const,
      background: '#fff',
      noise: { type: 'gaussian' as const, mean: 128, sigma: 30 },
    };
    const gif = await sharp({ create: frames }).gif().toBuffer();
    await expect(checkPicturePixels(gif, false, 30_000)).resolves.toBeUndefined();
    await expect(checkPicturePixels(gif, true, 30_000)).rejects.toBeInstanceOf(PictureTooLargeError);
    await expect(checkPicturePixels(gif, true, 40_000)).resolves.toBeUndefined();
  });

  it('re-encodes a picture under the limit, and calls a damaged one unreadable', async () => {
    const input = path.join(dir, 'small.png');
    await fs.writeFile(
      input,
      await sharp({ create: { width: 40, height: 30, channels: 3, background: '#123456' } })
        .png()
        .toBuffer(),
    );
    const size = await reencodePicture(input, path.join(dir, 'small.clean.png'), 'png');
    expect(size).toBeGreaterThan(0);
    const damaged = path.join(dir, 'damaged.png');
    await fs.writeFile(damaged, pixelBombPng(8).subarray(0, 30));
    await expect(reencodePicture(damaged, path.join(dir, 'damaged.clean.png'), 'png')).rejects.toBeInstanceOf(
      UnreadablePictureError,
    );
  });
});
