import type { MediaConfig } from '../config';

/** The origins a page of Kib's must be allowed to reach for pictures, videos and direct uploads. */
export interface MediaOrigins {
  /** Where pictures are loaded from besides Kib itself (img-src). */
  pictures: string[];
  /** Where videos are played from besides Kib itself (media-src). */
  videos: string[];
  /** Where the creation tool uploads large files directly (connect-src): the bucket of a presigned PUT. */
  uploads: string[];
}

function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

/**
 * The address a presigned PUT goes to: the configured endpoint (the bucket in its path, or as a
 * sub-domain unless path style is forced), or AWS's regional virtual-hosted address.
 */
function bucketOrigin(s3: NonNullable<MediaConfig['s3']>): string[] {
  if (!s3.endpoint) return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`];
  const [origin] = originOf(s3.endpoint);
  if (!origin) return [];
  if (s3.forcePathStyle) return [origin];
  const url = new URL(origin);
  return [`${url.protocol}//${s3.bucket}.${url.host}`];
}

/**
 * The Content-Security-Policy additions that configured media need: a CDN or bucket serving
 * pictures and videos, and the bucket the browser uploads to. Nothing for the local default, whose
 * files are served by Kib itself.
 */
export function mediaOrigins(media: MediaConfig): MediaOrigins {
  return {
    pictures: originOf(media.pictureBaseUrl),
    videos: originOf(media.videoBaseUrl),
    uploads: media.s3 ? bucketOrigin(media.s3) : [],
  };
}

/**
 * Where browsers load one collection of stored files from: the configured CDN or bucket as it is,
 * or a root-relative path (`/media/pictures`) when Kib serves the files itself or the configured
 * address is on Kib's own origin anyway. A path resolves against whatever host the page was opened
 * at (`localhost` or `127.0.0.1`, a proxy's name, an instance's own address), where the page's
 * policy allows it as 'self'; PUBLIC_URL's absolute address would be another origin there, and
 * refused. On another site's page, the student detail resolves its photos against the API's
 * address, and an embedded solver is given Kib's absolute addresses by that page.
 */
export function mediaBaseUrl(
  configured: string | undefined,
  publicUrl: string,
  collection: 'pictures' | 'videos',
): string {
  if (!configured) return `/media/${collection}`;
  const [origin] = originOf(configured);
  const [own] = originOf(publicUrl);
  if (!origin || origin !== own) return configured;
  // Kib's own root is its site, not a folder of files: an address there stays absolute.
  return new URL(configured).pathname.replace(/\/+$/, '') || configured;
}
