import { ApiError } from '@kib/api-client';
import type { PresignedUpload } from '@kib/core';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../app/api';
import { useT } from '../../i18n/language';
import { errorMessage } from '../../ui/error-message';

/** The content type a video is announced with: the browser's, or its extension's when the browser gives none. */
export function videoContentType(file: File): 'video/mp4' | 'video/quicktime' {
  if (file.type === 'video/mp4' || file.type === 'video/quicktime') return file.type;
  return file.name.toLowerCase().endsWith('.mov') ? 'video/quicktime' : 'video/mp4';
}

/** Headers a page may not set itself: the browser sends them. */
const BROWSER_HEADERS = new Set(['content-length', 'host', 'connection', 'expect']);

/** Why a PUT to a presigned address failed. */
export class UploadFailed extends Error {
  constructor(
    readonly reason: 'refused' | 'network' | 'aborted',
    readonly status = 0,
  ) {
    super(`upload ${reason}${status ? ` (${status})` : ''}`);
    this.name = 'UploadFailed';
  }
}

/**
 * PUTs `file` to a presigned address with its headers, reporting the bytes sent as they go (fetch
 * cannot say how much of a request body has left, XMLHttpRequest can). Resolves once the store
 * answered 2xx; rejects with {@link UploadFailed}.
 */
export function putWithProgress(
  upload: Pick<PresignedUpload, 'url' | 'method' | 'headers'>,
  file: Blob,
  onProgress: (sent: number, total: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new UploadFailed('aborted'));
      return;
    }
    const request = new XMLHttpRequest();
    request.open(upload.method, upload.url);
    for (const [name, value] of Object.entries(upload.headers))
      if (!BROWSER_HEADERS.has(name.toLowerCase())) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) =>
      onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    const abort = () => request.abort();
    signal.addEventListener('abort', abort, { once: true });
    const done = (error: UploadFailed | null) => {
      signal.removeEventListener('abort', abort);
      if (error) reject(error);
      else resolve();
    };
    request.onload = () =>
      done(
        request.status >= 200 && request.status < 300 ? null : new UploadFailed('refused', request.status),
      );
    request.onerror = () => done(new UploadFailed('network'));
    request.ontimeout = () => done(new UploadFailed('network'));
    request.onabort = () => done(new UploadFailed('aborted'));
    request.send(file);
  });
}

/** Where a presigned upload stands. */
export type VideoUploadState =
  | { phase: 'idle' }
  | { phase: 'uploading'; name: string; sent: number; total: number }
  | { phase: 'failed'; message: string };

/**
 * Uploads one large video straight to the store: asks get_presigned_url/ where to put it, PUTs it
 * there with its progress, then hands the key (which the server has checked by content, or checks
 * at the next save) and the file's name to `onStored`. Failures become a translated message; a cancel says nothing.
 */
export function usePresignedVideoUpload(onStored: (key: string, name: string) => void) {
  const api = useApi();
  const t = useT();
  const [state, setState] = useState<VideoUploadState>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);
  const stored = useRef(onStored);
  useEffect(() => {
    stored.current = onStored;
  });
  // Leaving the field (or the page) stops an upload under way.
  useEffect(() => () => running.current?.abort(), []);

  const start = async (file: File) => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setState({ phase: 'uploading', name: file.name, sent: 0, total: file.size });
    try {
      const upload = await api.endpoints.presignedUpload({
        body: { kind: 'video', contentType: videoContentType(file), size: file.size },
      });
      if (controller.signal.aborted) throw new UploadFailed('aborted');
      await putWithProgress(
        upload,
        file,
        (sent, total) => {
          if (!controller.signal.aborted) setState({ phase: 'uploading', name: file.name, sent, total });
        },
        controller.signal,
      );
      if (controller.signal.aborted) throw new UploadFailed('aborted');
      setState({ phase: 'idle' });
      stored.current(upload.key, file.name);
    } catch (error) {
      if (running.current !== controller) return;
      if (error instanceof UploadFailed && error.reason === 'aborted') setState({ phase: 'idle' });
      else setState({ phase: 'failed', message: uploadMessage(error, file.name, t) });
    } finally {
      if (running.current === controller) running.current = null;
    }
  };

  const cancel = () => {
    const controller = running.current;
    running.current = null;
    controller?.abort();
    setState({ phase: 'idle' });
  };

  return { state, start: (file: File) => void start(file), cancel, clear: () => setState({ phase: 'idle' }) };
}

/** What to say about a failed upload of `name`. */
function uploadMessage(error: unknown, name: string, t: ReturnType<typeof useT>): string {
  if (error instanceof UploadFailed)
    return error.reason === 'network'
      ? t('creator.video-upload-network', { name })
      : t('creator.video-upload-refused', { name, status: error.status });
  // The server's own words about the size or the type (they arrive translated).
  if (error instanceof ApiError) {
    const said = Object.values(error.fields).flat();
    if (said.length > 0) return said.join(' ');
  }
  return errorMessage(error, t);
}
