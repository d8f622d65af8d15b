import fs from 'node:fs/promises';
import type { MediaKind } from '@kib/core';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import sharp from 'sharp';
import { MEDIA_TYPES, type MediaExtension } from './storage';

/** What a file's first bytes say it is: one of Kib's types, or the name of another (or null: unknown). */
export interface SniffedType {
  ext: MediaExtension | null;
  /** What the content is, as file-type names it (`png`, `pdf`…), for the error message. */
  detected: string | null;
}

const ACCEPTED: Record<string, MediaExtension> = {
  jpg: 'jpg',
  png: 'png',
  gif: 'gif',
  mp4: 'mp4',
  m4v: 'mp4',
  mov: 'mov',
};

function fromDetected(found: { ext: string } | undefined): SniffedType {
  if (!found) return { ext: null, detected: null };
  return { ext: ACCEPTED[found.ext] ?? null, detected: found.ext };
}

/** The type of a file by its content (magic bytes), never by its name. */
export async function sniffFile(path: string): Promise<SniffedType> {
  return fromDetected(await fileTypeFromFile(path));
}

/** The type of the first bytes of a file by their content. */
export async function sniffBuffer(bytes: Uint8Array): Promise<SniffedType> {
  return fromDetected(await fileTypeFromBuffer(bytes));
}

/** The kind of a type Kib takes. */
export function kindOf(ext: MediaExtension): MediaKind {
  return MEDIA_TYPES[ext].kind;
}

/** The most pixels Kib decodes in one picture (a decompression bomb is refused, not decoded). */
const MAX_PIXELS = 40_000_000;

/** A picture that could not be decoded: its content is damaged or too large to open. */
export class UnreadablePictureError extends Error {
  constructor(cause: unknown) {
    super('the picture could not be decoded', { cause });
    this.name = 'UnreadablePictureError';
  }
}

/**
 * Re-encodes a picture in its own format, from `input` to `output`: the pixels only, turned upright
 * by its EXIF orientation, without any metadata (location, camera, comments) and without anything
 * hidden after the image data. An animated GIF keeps its frames. Answers the new file's size.
 */
export async function reencodePicture(
  input: string,
  output: string,
  ext: 'jpg' | 'png' | 'gif',
): Promise<number> {
  try {
    const image = sharp(input, { animated: ext === 'gif', limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const oriented = ext === 'gif' ? image : image.rotate();
    const encoded =
      ext === 'jpg'
        ? oriented.jpeg({ quality: 90, mozjpeg: true })
        : ext === 'png'
          ? oriented.png({ compressionLevel: 9 })
          : oriented.gif();
    await encoded.toFile(output);
  } catch (err) {
    await fs.rm(output, { force: true });
    throw new UnreadablePictureError(err);
  }
  return (await fs.stat(output)).size;
}
