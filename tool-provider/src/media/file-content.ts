import fs from 'node:fs/promises';
import { PICTURE_MAX_PIXELS, type MediaKind } from '@kib/core';
import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';
import pLimit from 'p-limit';
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

/** The longest one picture is decoded and encoded again, in seconds; past it, it is refused. */
export const PICTURE_TIME_LIMIT_SECONDS = 20;

/**
 * Pictures decoded at once in one process. libvips decodes on its own threads, never on the event
 * loop, but a large picture takes its pixels in memory: one at a time bounds that to one picture's.
 */
const pictureTurns = pLimit(1);

/** A picture that could not be decoded: its content is damaged, or it took too long. */
export class UnreadablePictureError extends Error {
  constructor(cause: unknown) {
    super('the picture could not be decoded', { cause });
    this.name = 'UnreadablePictureError';
  }
}

/** A picture of more pixels than {@link PICTURE_MAX_PIXELS}: refused by its header, never decoded. */
export class PictureTooLargeError extends Error {
  constructor(readonly pixels: number) {
    super(`the picture has ${pixels} pixels, more than ${PICTURE_MAX_PIXELS}`);
    this.name = 'PictureTooLargeError';
  }
}

/**
 * The pixels a picture's header declares, every frame of an animated one counted, read without
 * decoding it; refuses ({@link PictureTooLargeError}) more than `maxPixels` (Kib's
 * {@link PICTURE_MAX_PIXELS}), and
 * ({@link UnreadablePictureError}) a header that does not read.
 */
export async function checkPicturePixels(
  input: string | Buffer,
  animated: boolean,
  maxPixels = PICTURE_MAX_PIXELS,
): Promise<void> {
  let pixels: number;
  try {
    const { width, height, pageHeight, pages } = await sharp(input, { animated }).metadata();
    if (!width || !height) throw new Error('a picture without sides');
    pixels = width * (animated ? (pageHeight ?? height) * (pages ?? 1) : height);
  } catch (err) {
    throw new UnreadablePictureError(err);
  }
  if (pixels > maxPixels) throw new PictureTooLargeError(pixels);
}

/**
 * Runs `work` on a picture in its turn (one picture at a time per process), its pixels checked by
 * the header first ({@link checkPicturePixels}).
 */
export function inPictureTurn<T>(
  input: string | Buffer,
  animated: boolean,
  work: () => Promise<T>,
): Promise<T> {
  return pictureTurns(async () => {
    await checkPicturePixels(input, animated);
    return work();
  });
}

/**
 * Re-encodes a picture in its own format, from `input` to `output`: the pixels only, turned upright
 * by its EXIF orientation, without any metadata (location, camera, comments) and without anything
 * hidden after the image data. An animated GIF keeps its frames. One picture at a time, at most
 * {@link PICTURE_MAX_PIXELS} and {@link PICTURE_TIME_LIMIT_SECONDS}. Answers the new file's size.
 */
export async function reencodePicture(
  input: string,
  output: string,
  ext: 'jpg' | 'png' | 'gif',
): Promise<number> {
  const animated = ext === 'gif';
  await inPictureTurn(input, animated, async () => {
    try {
      const image = sharp(input, { animated, limitInputPixels: PICTURE_MAX_PIXELS, failOn: 'error' }).timeout(
        {
          seconds: PICTURE_TIME_LIMIT_SECONDS,
        },
      );
      const oriented = animated ? image : image.rotate();
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
  });
  return (await fs.stat(output)).size;
}
