import fs from 'node:fs/promises';
import { parseLatex } from '@kib/checker';
import { HANDWRITING_MAX_SIDE, readRecognition } from '@kib/core';
import sharp from 'sharp';
import type { Principal } from '../http/access';
import { AppError } from '../http/errors';
import type { UploadedFile } from '../http/multipart';
import type { Limiter } from '../http/rate-limit';
import type { Logger } from '../logger';
import { sniffBuffer } from '../media/file-content';
import { RecognitionError, type HandwritingProvider, type RecognitionImage } from './handwriting-provider';

/** The key a solver's recognitions are counted under: their account, or their temporary student. */
export function solverKey(principal: Principal): string {
  return principal.tempStudent ? `t:${principal.tempStudent.id}` : `u:${principal.userId}`;
}

/** What the service is made of. */
export interface HandwritingServiceDeps {
  /** The configured recognition service, or null when none is. */
  provider: HandwritingProvider | null;
  /** Recognitions per solver. */
  limiter: Limiter;
  logger: Logger;
}

/** The most pixels a handwriting image may have (its sides are bounded too). */
const MAX_PIXELS = HANDWRITING_MAX_SIDE * HANDWRITING_MAX_SIDE;

/**
 * Handwriting recognition (spec 01 §5): checks the image, asks the configured service (bounded in
 * time and per solver), reads its answer as the spec says and keeps the LaTeX only when the
 * checker's parser reads it too, so the math field never receives what it cannot check.
 */
export class HandwritingService {
  constructor(private readonly deps: HandwritingServiceDeps) {}

  /** Whether a recognition service is configured. */
  get configured(): boolean {
    return this.deps.provider !== null;
  }

  /** Reads the pad's drawing (one PNG of the multipart request): its LaTeX, or null (WrongLatex). */
  async fromDrawing(principal: Principal, files: readonly UploadedFile[]): Promise<string | null> {
    if (!this.deps.provider) throw notConfigured();
    const file = files[0];
    if (!file) throw AppError.badRequest({ picture_0: [{ key: 'validation.required' }] });
    if (file.ext !== 'png')
      throw AppError.badRequest({
        [file.field]: [{ key: 'validation.handwriting-png', params: { detected: file.ext.toUpperCase() } }],
      });
    const bytes = await fs.readFile(file.path);
    await checkDimensions(bytes, file);
    return this.recognize(principal, { bytes, contentType: 'image/png' });
  }

  /**
   * Reads an image already checked by content (a phone photo): its LaTeX, or null when the service
   * read no expression. Throws when no service is configured, the solver's allowance is spent or
   * the service does not answer.
   */
  async recognize(principal: Principal, image: RecognitionImage): Promise<string | null> {
    const provider = this.deps.provider;
    if (!provider) throw notConfigured();
    await this.deps.limiter.hit(solverKey(principal));
    let text: string;
    try {
      text = await provider.recognize(image);
    } catch (err) {
      if (!(err instanceof RecognitionError)) throw err;
      this.deps.logger.warn({ reason: err.reason, cause: err.cause }, 'handwriting recognition failed');
      if (err.reason === 'timeout') throw new AppError(504, 'handwriting-timeout');
      throw new AppError(502, 'handwriting-unavailable');
    }
    return checkedLatex(text);
  }
}

/** The LaTeX of a recognition answer (spec 01 §5), when the checker's parser reads it; else null. */
export function checkedLatex(text: string): string | null {
  const latex = readRecognition(text)?.trim();
  if (!latex) return null;
  return parseLatex(latex).ok ? latex : null;
}

function notConfigured(): AppError {
  return new AppError(503, 'handwriting-not-configured');
}

/**
 * Refuses an image that does not decode (named as its sender named the file, not by its form field)
 * or whose sides are outside 1…{@link HANDWRITING_MAX_SIDE}.
 */
async function checkDimensions(bytes: Buffer, file: Pick<UploadedFile, 'field' | 'formdata'>): Promise<void> {
  const { field } = file;
  let width = 0;
  let height = 0;
  try {
    ({ width, height } = await sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).metadata());
  } catch {
    throw AppError.badRequest({
      [field]: [{ key: 'validation.picture-unreadable', params: { name: file.formdata.name } }],
    });
  }
  if (!width || !height || width > HANDWRITING_MAX_SIDE || height > HANDWRITING_MAX_SIDE)
    throw AppError.badRequest({
      [field]: [{ key: 'validation.handwriting-dimensions', params: { max: HANDWRITING_MAX_SIDE } }],
    });
}

/** The type of an image's bytes, when it is one a recognition service takes. */
export async function recognitionImage(bytes: Buffer): Promise<RecognitionImage | null> {
  const sniffed = await sniffBuffer(bytes.subarray(0, 4100));
  const contentType =
    sniffed.ext === 'png'
      ? 'image/png'
      : sniffed.ext === 'jpg'
        ? 'image/jpeg'
        : sniffed.ext === 'gif'
          ? 'image/gif'
          : null;
  return contentType ? { bytes, contentType } : null;
}
