import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  PHONE_PHOTO_MAX_BYTES,
  PHONE_PHOTO_TTL_SECONDS,
  PICTURE_MAX_PIXELS,
  type PhonePhotoSession,
} from '@kib/core';
import { jwtVerify, SignJWT } from 'jose';
import sharp from 'sharp';
import type { Principal } from '../http/access';
import { AppError } from '../http/errors';
import { removeUploadDir, uploadDir } from '../http/multipart';
import type { Limiter } from '../http/rate-limit';
import type { Logger } from '../logger';
import type { HandwritingService } from '../handwriting/handwriting.service';
import { inPictureTurn, PICTURE_TIME_LIMIT_SECONDS, sniffBuffer } from '../media/file-content';
import type { MediaRepository } from '../media/media.repository';
import type { MediaService } from '../media/media.service';
import type { PhonePhotoRepository, PhonePhotoRow } from './phone-photo.repository';

/** Who a phone-photo token lets in. */
export type PhonePhotoRole = 'desktop' | 'phone';

const AUDIENCE = 'kib-phone-photo';
/** The longest side of the copy of a photo sent to handwriting recognition, in pixels. */
const RECOGNITION_MAX_SIDE = 2000;

/** Why a photo was refused, as the phone is told (kebab-case, an i18n key suffix). */
export class PhotoRefused extends Error {
  constructor(
    readonly reason: 'photo-type-invalid' | 'photo-too-large' | 'photo-unreadable' | 'storage-unavailable',
  ) {
    super(reason);
    this.name = 'PhotoRefused';
  }
}

/** What the phone-photo service is made of. */
export interface PhonePhotoServiceDeps {
  repo: PhonePhotoRepository;
  media: MediaService;
  mediaRepo: MediaRepository;
  handwriting: HandwritingService;
  /** Throws unless the caller may answer the numeral (the rules of an attempt). */
  assertMayAnswer: (principal: Principal, numeralId: number) => Promise<unknown>;
  limiter: Limiter;
  /** Signs the links' tokens (the server's secret). */
  secret: string;
  publicUrl: string;
  logger: Logger;
  now?: () => Date;
}

/**
 * The phone photo (spec 03 §4): a solver's problem page opens a short-lived link, their phone opens
 * it once (no login: the signed, single-use token of the QR code) and sends one photo, which is
 * stored like any picture (typed by content, re-encoded without metadata) and read as LaTeX when
 * handwriting recognition is configured. Every state lives in `phone_photos`, so the phone and the
 * desktop may be served by different instances.
 */
export class PhonePhotoService {
  private readonly key: Uint8Array;

  constructor(private readonly deps: PhonePhotoServiceDeps) {
    this.key = new TextEncoder().encode(deps.secret);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** Opens a link for a numeral the caller may answer: the phone's address and the desktop's token. */
  async open(principal: Principal, numeralId: number): Promise<PhonePhotoSession> {
    await this.deps.assertMayAnswer(principal, numeralId);
    await this.deps.limiter.hit(
      principal.tempStudent ? `t:${principal.tempStudent.id}` : `u:${principal.userId}`,
    );
    const id = randomUUID();
    const expiresAt = new Date(this.now().getTime() + PHONE_PHOTO_TTL_SECONDS * 1000);
    await this.deps.repo.create({
      id,
      solver: principal.tempStudent
        ? { tempStudentId: principal.tempStudent.id }
        : { userId: principal.userId },
      numeralId,
      expiresAt,
    });
    const phoneToken = await this.sign(id, 'phone', expiresAt);
    return {
      // In the fragment: the token never reaches a server log or a Referer header.
      phoneUrl: `${this.deps.publicUrl}/photo#${phoneToken}`,
      desktopToken: await this.sign(id, 'desktop', expiresAt),
      expiresAt: expiresAt.toISOString(),
    };
  }

  private sign(id: string, role: PhonePhotoRole, expiresAt: Date): Promise<string> {
    return new SignJWT({ role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(id)
      .setAudience(AUDIENCE)
      .setIssuedAt(Math.floor(this.now().getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(this.key);
  }

  /** The link a token names for `role`, or null when the token is forged, expired or for the other role. */
  async verify(token: string, role: PhonePhotoRole): Promise<string | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        audience: AUDIENCE,
        algorithms: ['HS256'],
        currentDate: this.now(),
      });
      return payload.role === role && typeof payload.sub === 'string' ? payload.sub : null;
    } catch {
      return null;
    }
  }

  /** The link as stored now. */
  find(id: string): Promise<PhonePhotoRow | null> {
    return this.deps.repo.find(id);
  }

  /** Spends the phone's single-use token; false when it was spent already or the link expired. */
  openPhone(id: string): Promise<boolean> {
    return this.deps.repo.openPhone(id, this.now());
  }

  /** Marks a link failed (the phone left without a photo, a photo was refused). */
  fail(id: string, reason: string): Promise<void> {
    return this.deps.repo.failed(id, reason);
  }

  /** True when the link can no longer be opened or used. */
  expired(row: PhonePhotoRow): boolean {
    return row.expiresAt.getTime() <= this.now().getTime();
  }

  /**
   * Takes the photo a phone sent on an open link: checks it by content and size, stores it like any
   * picture, reads it as LaTeX when handwriting recognition is configured (a failure there leaves
   * the picture for the teacher), and records it; the desktop then receives it.
   */
  async receive(id: string, bytes: Buffer): Promise<{ pictureKey: string; latex: string | null }> {
    const row = await this.deps.repo.find(id);
    if (!row || row.status !== 'connected') throw new AppError(404, 'not-found');
    if (bytes.length > PHONE_PHOTO_MAX_BYTES) throw new PhotoRefused('photo-too-large');
    const sniffed = await sniffBuffer(bytes.subarray(0, 4100));
    if (sniffed.ext !== 'jpg' && sniffed.ext !== 'png' && sniffed.ext !== 'gif')
      throw new PhotoRefused('photo-type-invalid');
    const dir = await uploadDir();
    try {
      const file = path.join(dir, 'photo');
      await fs.writeFile(file, bytes);
      let stored;
      try {
        [stored] = await this.deps.media.storeUploads([
          {
            field: 'photo',
            kind: 'picture',
            index: 0,
            path: file,
            size: bytes.length,
            ext: sniffed.ext,
            formdata: { name: 'phone-photo', type: 'numeral', id: String(row.numeralId) },
          },
        ]);
      } catch (err) {
        if (err instanceof AppError && err.status === 413) throw new PhotoRefused('photo-too-large');
        if (err instanceof AppError && err.status === 400) throw new PhotoRefused('photo-unreadable');
        if (err instanceof AppError) throw new PhotoRefused('storage-unavailable');
        throw err;
      }
      const { field: _field, ...media } = stored!;
      await this.deps.mediaRepo.insert({ ...media, createdBy: row.userId });
      const latex = await this.readLatex(row, file);
      await this.deps.repo.received(id, { pictureKey: media.key, latex }, this.now());
      return { pictureKey: media.key, latex };
    } finally {
      await removeUploadDir(dir);
    }
  }

  /** The LaTeX of a photo, when recognition is configured and reads it; null otherwise. */
  private async readLatex(row: PhonePhotoRow, file: string): Promise<string | null> {
    if (!this.deps.handwriting.configured) return null;
    const principal: Principal = row.tempStudentId
      ? { userId: 0, groups: [], tempStudent: { id: row.tempStudentId, moduleId: 0 } }
      : { userId: row.userId!, groups: [] };
    try {
      // A smaller copy without metadata: the camera's location never leaves Kib.
      const bytes = await inPictureTurn(file, false, () =>
        sharp(file, { failOn: 'error', limitInputPixels: PICTURE_MAX_PIXELS })
          .timeout({ seconds: PICTURE_TIME_LIMIT_SECONDS })
          .rotate()
          .resize({
            width: RECOGNITION_MAX_SIDE,
            height: RECOGNITION_MAX_SIDE,
            fit: 'inside',
            withoutEnlargement: true,
          })
          .jpeg({ quality: 85 })
          .toBuffer(),
      );
      return await this.deps.handwriting.recognize(principal, { bytes, contentType: 'image/jpeg' });
    } catch (err) {
      this.deps.logger.warn(
        { err, link: row.id },
        'a phone photo could not be read as LaTeX; kept as a picture',
      );
      return null;
    }
  }

  /** The address a stored picture is shown from. */
  pictureUrl(key: string): string {
    return `${this.deps.media.baseUrls().picture}/${key}`;
  }
}
