import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import busboy from 'busboy';
import { FileFormDataSchema, type FileFormData, type MediaKind, type MultipartSpec } from '@kib/core';
import { kindOf, sniffFile } from '../media/file-content';
import type { MediaExtension } from '../media/storage';
import { AppError, fromZodError, type Message } from './errors';

/** A file of a multipart request, streamed to a temporary file and typed by its content. */
export interface UploadedFile {
  /** Its form field, e.g. `picture_0`. */
  field: string;
  /** What the field takes (`picture_{n}`: a picture; `video_{n}`: a video); the content agrees. */
  kind: MediaKind;
  /** The `{n}` of its field, which pairs it with `formdata_{n}`. */
  index: number;
  /** The temporary file holding its bytes; removed when the request ends. */
  path: string;
  size: number;
  /** Its type by content. */
  ext: MediaExtension;
  /** The JSON of `formdata_{n}`: its name, what it belongs to and that item's key. */
  formdata: FileFormData;
}

/** The text fields of a multipart request (JSON fields parsed) and its files. */
export interface MultipartInput {
  fields: Record<string, unknown>;
  files: UploadedFile[];
}

/** The largest text field (a draft's JSON), in bytes. */
export const MULTIPART_FIELD_MAX_BYTES = 4 * 1024 * 1024;
/** The most text fields one request may carry. */
const MAX_FIELDS = 400;
/** How much of a refused upload is read and thrown away so its sender sees the answer; past it the connection is cut. */
const DISCARD_MAX_BYTES = 512 * 1024 * 1024;

const FILE_FIELD = /^(picture|video)_(\d{1,4})$/;
const FORMDATA_FIELD = /^formdata_(\d{1,4})$/;

/** The most bytes a request to this endpoint may carry: its declared total, or one of each file plus the fields. */
export function multipartTotalLimit(spec: MultipartSpec): number {
  return spec.maxTotalBytes ?? spec.files.reduce((sum, f) => sum + f.maxBytes, MULTIPART_FIELD_MAX_BYTES);
}

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

function tooLarge(field: string, max: number): AppError {
  const message: Message = { key: 'errors.file-too-large', params: { field, max: megabytes(max) } };
  return new AppError(413, 'file-too-large', message, { [field]: [message] });
}

function invalid(field: string, key: string, params?: Record<string, unknown>): AppError {
  return AppError.badRequest({ [field]: [{ key, params }] });
}

/** True for a request whose body is multipart/form-data. */
export function isMultipart(req: Request): boolean {
  return /^multipart\/form-data\b/i.test(req.get('content-type') ?? '');
}

/**
 * Reads what is left of a refused request and throws it away, so its sender reads the answer
 * instead of a reset connection; a sender that goes on past {@link DISCARD_MAX_BYTES} is cut off.
 */
function discardRest(req: Request): void {
  let seen = 0;
  req.unpipe();
  req.removeAllListeners('data');
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > DISCARD_MAX_BYTES) req.destroy();
  });
  req.on('error', () => undefined);
  req.resume();
}

/**
 * Streams a multipart request into `dir`: each file of a declared field (`picture_{n}`, `video_{n}`)
 * to a temporary file within its field's limit, the JSON fields parsed, each file paired with its
 * `formdata_{n}` and typed by its content. Refuses, without reading on, a request larger than the
 * endpoint allows (413 `payload-too-large`), a file past its limit (413 `file-too-large`), more files
 * than declared (413 `too-many-files`); and with 400 a malformed body, unknown file fields, JSON that
 * does not parse, a file without its formdata or whose content is not of its field's kind.
 */
export async function readMultipart(req: Request, spec: MultipartSpec, dir: string): Promise<MultipartInput> {
  const total = multipartTotalLimit(spec);
  const declared = Number(req.get('content-length'));
  if (Number.isFinite(declared) && declared > total) {
    discardRest(req);
    throw new AppError(413, 'payload-too-large', {
      key: 'errors.upload-too-large',
      params: { max: megabytes(total) },
    });
  }
  const limits = new Map(spec.files.map((f) => [f.field, f.maxBytes]));
  const largest = Math.max(0, ...spec.files.map((f) => f.maxBytes));

  const raw = await new Promise<{
    fields: Map<string, string>;
    files: Omit<UploadedFile, 'ext' | 'formdata'>[];
  }>((resolve, reject) => {
    const fields = new Map<string, string>();
    const files: Omit<UploadedFile, 'ext' | 'formdata'>[] = [];
    const writing: Promise<void>[] = [];
    let received = 0;
    let failed = false;
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          fileSize: largest + 1,
          files: spec.maxFiles,
          fields: MAX_FIELDS,
          fieldSize: MULTIPART_FIELD_MAX_BYTES,
          parts: spec.maxFiles + MAX_FIELDS,
        },
      });
    } catch {
      reject(new AppError(400, 'multipart-invalid'));
      return;
    }
    const fail = (err: AppError) => {
      if (failed) return;
      failed = true;
      discardRest(req);
      reject(err);
    };
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > total && !failed)
        fail(
          new AppError(413, 'payload-too-large', {
            key: 'errors.upload-too-large',
            params: { max: megabytes(total) },
          }),
        );
    });
    req.on('aborted', () => fail(new AppError(400, 'multipart-invalid')));
    parser.on('field', (name, value, info) => {
      if (failed) return;
      if (info.valueTruncated) {
        const message: Message = {
          key: 'errors.field-too-large',
          params: { field: name, max: megabytes(MULTIPART_FIELD_MAX_BYTES) },
        };
        return fail(new AppError(413, 'payload-too-large', message, { [name]: [message] }));
      }
      if (FILE_FIELD.test(name)) return fail(invalid(name, 'validation.file-expected'));
      fields.set(name, value);
    });
    parser.on('file', (name, stream) => {
      const match = FILE_FIELD.exec(name);
      const kind = match?.[1] as MediaKind | undefined;
      const max = kind ? limits.get(kind) : undefined;
      if (failed || !match || max === undefined || files.some((f) => f.field === name)) {
        stream.resume();
        if (!failed)
          fail(
            invalid(
              name,
              files.some((f) => f.field === name) ? 'validation.file-twice' : 'validation.file-field-unknown',
            ),
          );
        return;
      }
      const file = { field: name, kind: kind!, index: Number(match[2]), path: path.join(dir, name), size: 0 };
      files.push(file);
      const counter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          file.size += chunk.length;
          if (file.size > max) done(tooLarge(name, max));
          else done(null, chunk);
        },
      });
      writing.push(
        pipeline(stream, counter, createWriteStream(file.path)).catch((err: unknown) => {
          stream.resume();
          fail(err instanceof AppError ? err : new AppError(400, 'multipart-invalid'));
        }),
      );
    });
    parser.on('filesLimit', () => {
      const message: Message = { key: 'errors.too-many-files', params: { max: spec.maxFiles } };
      fail(new AppError(413, 'too-many-files', message));
    });
    parser.on('fieldsLimit', () => fail(new AppError(413, 'payload-too-large')));
    parser.on('partsLimit', () => fail(new AppError(413, 'payload-too-large')));
    parser.on('error', () => fail(new AppError(400, 'multipart-invalid')));
    parser.on('close', () => {
      void Promise.all(writing).then(() => {
        if (!failed) resolve({ fields, files });
      });
    });
    req.pipe(parser);
  });

  const fields: Record<string, unknown> = {};
  const formdata = new Map<number, FileFormData>();
  const errors: Record<string, Message[]> = {};
  for (const [name, value] of raw.fields) {
    const pairing = FORMDATA_FIELD.exec(name);
    if (pairing) {
      const parsed = parseJson(value);
      const checked = parsed.ok ? FileFormDataSchema.safeParse(parsed.value) : null;
      if (checked?.success) formdata.set(Number(pairing[1]), checked.data);
      else if (checked) mergeFields(errors, name, fromZodError(checked.error).fields ?? {});
      else errors[name] = [{ key: 'validation.json-invalid' }];
      continue;
    }
    if (spec.jsonFields.includes(name)) {
      const parsed = parseJson(value);
      if (parsed.ok) fields[name] = parsed.value;
      else errors[name] = [{ key: 'validation.json-invalid' }];
      continue;
    }
    fields[name] = value;
  }
  const files: UploadedFile[] = [];
  for (const file of raw.files) {
    const paired = formdata.get(file.index);
    if (!paired) {
      errors[`formdata_${file.index}`] = [
        { key: 'validation.formdata-missing', params: { field: file.field } },
      ];
      continue;
    }
    if (raw.files.some((other) => other !== file && other.index === file.index)) {
      errors[file.field] = [{ key: 'validation.file-twice' }];
      continue;
    }
    if (file.size === 0) {
      errors[file.field] = [{ key: 'validation.file-empty' }];
      continue;
    }
    const sniffed = await sniffFile(file.path);
    if (!sniffed.ext || kindOf(sniffed.ext) !== file.kind) {
      errors[file.field] = [
        {
          key: file.kind === 'picture' ? 'validation.picture-type-invalid' : 'validation.video-type-invalid',
          params: { name: paired.name, detected: sniffed.detected?.toUpperCase() ?? '?' },
        },
      ];
      continue;
    }
    files.push({ ...file, ext: sniffed.ext, formdata: paired });
  }
  if (Object.keys(errors).length > 0) throw AppError.badRequest(errors);
  return { fields, files };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function mergeFields(
  into: Record<string, Message[]>,
  prefix: string,
  fields: Record<string, Message[]>,
): void {
  for (const [name, messages] of Object.entries(fields))
    (into[name === 'non_field_errors' ? prefix : `${prefix}.${name}`] ??= []).push(...messages);
}

/** A fresh temporary folder for one request's files. */
export function uploadDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'kib-upload-'));
}

/** Removes a request's temporary folder, whatever happened. */
export async function removeUploadDir(dir: string): Promise<void> {
  await fs.rm(dir, { recursive: true, force: true });
}
