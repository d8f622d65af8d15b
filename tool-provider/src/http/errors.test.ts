import { resolveLanguage } from '@kib/i18n';
import express from 'express';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { DatabaseError, UniqueConstraintError } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from './errors';

/** A driver error as pg gives it: a message and a SQLSTATE. */
const pgError = (code: string, message: string) =>
  Object.assign(new Error(message), { code, sql: 'INSERT INTO attempts …' });

/** Node's own ENOSPC where the machine has /dev/full (a device that is always full), else its shape. */
async function noSpace(): Promise<unknown> {
  if (existsSync('/dev/full'))
    return fs.writeFile('/dev/full', 'x').then(
      () => new Error('/dev/full took a write'),
      (err) => err,
    );
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    syscall: 'write',
  });
}

/** What each route throws. */
const THROWN: Record<string, () => unknown | Promise<unknown>> = {
  enospc: noSpace,
  edquot: () => Object.assign(new Error('EDQUOT: disk quota exceeded, write'), { code: 'EDQUOT' }),
  erofs: () =>
    Object.assign(new Error("EROFS: read-only file system, open '/data/outbox/x.eml'"), { code: 'EROFS' }),
  'wrapped-enospc': async () => new Error('mail not written', { cause: await noSpace() }),
  'pg-disk-full': () =>
    new DatabaseError(pgError('53100', 'could not extend file "base/5/16385": No space left on device')),
  'pg-read-only': () =>
    new DatabaseError(pgError('25006', 'cannot execute INSERT in a read-only transaction')),
  // Sequelize keeps the driver error as `original` too; some wrappers carry only that one.
  'original-only': () =>
    Object.assign(new Error('wrapped'), { original: pgError('53100', 'could not extend file') }),
  'pg-unique': () => new UniqueConstraintError({ parent: pgError('23505', 'duplicate key') as never }),
  bug: () => new TypeError("Cannot read properties of undefined (reading 'id')"),
};

let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use((req, _res, next) => {
    req.language = resolveLanguage(null, req.get('accept-language'));
    next();
  });
  app.get('/throw/:what', async (req, _res, next) => next(await THROWN[req.params.what]!()));
  app.use(errorHandler(pino({ level: 'silent' })));
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

const get = async (what: string, language = 'es') => {
  const res = await fetch(`${url}/throw/${what}`, { headers: { 'accept-language': language } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
};

describe('the central error handler and a storage that takes no write', () => {
  it.each(['enospc', 'edquot', 'erofs', 'wrapped-enospc', 'pg-disk-full', 'pg-read-only', 'original-only'])(
    'answers %s with a translated 503 storage-unavailable and Retry-After, not a 500',
    async (what) => {
      expect(await get(what, 'es')).toEqual({
        status: 503,
        retryAfter: '60',
        body: {
          code: 'storage-unavailable',
          detail:
            'Kib no puede guardar nada en este momento: su almacenamiento está lleno o no admite escritura. No se guardó este cambio; intenta de nuevo en unos minutos.',
        },
      });
      expect((await get(what, 'en')).body.detail).toBe(
        'Kib cannot save anything right now: its storage is full or read-only. This change was not saved; try again in a few minutes.',
      );
    },
  );

  it.each(['pg-unique', 'bug'])('still answers %s as a bare 500 internal', async (what) => {
    const res = await get(what, 'en');
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('internal');
    expect(res.retryAfter).toBeNull();
  });
});
