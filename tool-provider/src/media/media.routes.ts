import { API } from '@kib/core';
import express, { type Request, type Response, type Router } from 'express';
import type { ApiRouter } from '../http/api-router';
import { AppError } from '../http/errors';
import type { Logger } from '../logger';
import type { MediaService } from './media.service';
import { mediaTypeOfKey, type ByteRange } from './storage';

/**
 * The API of the files: the public config (with which optional services are configured), a
 * picture's address, presigned uploads and Kib's own upload address.
 */
export function registerMediaRoutes(
  api: ApiRouter,
  media: MediaService,
  services: { handwriting: boolean } = { handwriting: false },
): void {
  api.handle(API.publicConfig, {
    handle: () => Promise.resolve({ body: { ...media.publicConfig(), ...services } }),
  });

  api.handle(API.pictureAddress, {
    async handle({ params }) {
      const url = await media.pictureUrl(params.id);
      if (!url) throw AppError.notFound();
      return { body: { url } };
    },
  });

  api.handle(API.presignedUpload, {
    handle: async ({ body, principal }) => ({ body: await media.presign(body, principal.userId) }),
  });

  api.handle(API.localUpload, {
    handle: async ({ params, req }) => ({ body: await media.acceptLocalUpload(params.token, req) }),
  });
}

const COLLECTIONS = { pictures: 'picture', videos: 'video' } as const;

/**
 * One byte range of `size` from a Range header (`bytes=a-b`, `bytes=a-`, `bytes=-n`); undefined when
 * there is none or it is not a single byte range (the whole file is sent), null when unsatisfiable.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (size === 0) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || start > end) return null;
  return { start, end };
}

/**
 * Serves stored files at /media/pictures/:key and /media/videos/:key, from whichever store holds
 * them: the type the content decided (from the key), never sniffed by the browser, shown inline,
 * sandboxed, cached for a year (a key never changes its bytes), byte ranges for seeking in videos.
 */
export function mediaFiles(media: MediaService, logger: Logger): Router {
  const router = express.Router();
  router.get('/media/:collection/:key', async (req: Request, res: Response) => {
    const kind = COLLECTIONS[req.params.collection as keyof typeof COLLECTIONS];
    const type = mediaTypeOfKey(String(req.params.key));
    const key = String(req.params.key);
    res.set('X-Content-Type-Options', 'nosniff');
    res.set('Content-Security-Policy', "default-src 'none'; sandbox");
    res.set('Cross-Origin-Resource-Policy', 'cross-origin');
    if (!kind || !type || type.kind !== kind) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    try {
      const head = await media.storage.head(key);
      if (!head) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      const range = parseRange(req.get('range'), head.size);
      res.set('Content-Type', type.contentType);
      res.set('Content-Disposition', 'inline');
      res.set('Cache-Control', 'public, max-age=31536000, immutable');
      res.set('Accept-Ranges', 'bytes');
      res.set('ETag', `"${key}"`);
      if (req.get('if-none-match') === `"${key}"`) {
        res.status(304).end();
        return;
      }
      if (range === null) {
        res.status(416).set('Content-Range', `bytes */${head.size}`).end();
        return;
      }
      const found = await media.storage.get(key, range);
      if (!found) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      if (range) {
        res.status(206);
        res.set('Content-Range', `bytes ${range.start}-${range.end}/${head.size}`);
        res.set('Content-Length', String(range.end - range.start + 1));
      } else {
        res.set('Content-Length', String(head.size));
      }
      if (req.method === 'HEAD') {
        found.body.destroy();
        res.end();
        return;
      }
      found.body.on('error', (err) => {
        logger.error({ err, key }, 'reading a stored file failed');
        res.destroy();
      });
      found.body.pipe(res);
    } catch (err) {
      logger.error({ err, key }, 'serving a stored file failed');
      if (!res.headersSent) res.status(503).type('text/plain').send('Unavailable');
      else res.destroy();
    }
  });
  return router;
}
