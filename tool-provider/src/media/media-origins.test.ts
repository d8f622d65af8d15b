import { describe, expect, it } from 'vitest';
import type { MediaConfig } from '../config';
import { mediaBaseUrl, mediaOrigins } from './media-origins';

const S3 = {
  bucket: 'kib-media',
  region: 'us-east-1',
  endpoint: undefined,
  accessKeyId: 'id',
  secretAccessKey: 'secret',
  forcePathStyle: false,
};

describe('the origins configured media need in the page policy', () => {
  it('adds nothing for the local default, whose files Kib serves itself', () => {
    const local: MediaConfig = { s3: null, pictureBaseUrl: undefined, videoBaseUrl: undefined };
    expect(mediaOrigins(local)).toEqual({ pictures: [], videos: [], uploads: [] });
  });

  it('adds the origins of a CDN for pictures and videos, without their paths', () => {
    const cdn: MediaConfig = {
      s3: null,
      pictureBaseUrl: 'https://img.cdn.example.org/kib/pictures',
      videoBaseUrl: 'https://video.cdn.example.org:8443/v',
    };
    expect(mediaOrigins(cdn)).toEqual({
      pictures: ['https://img.cdn.example.org'],
      videos: ['https://video.cdn.example.org:8443'],
      uploads: [],
    });
  });

  it("lets the browser upload to AWS's regional bucket address", () => {
    const aws: MediaConfig = { s3: S3, pictureBaseUrl: undefined, videoBaseUrl: undefined };
    expect(mediaOrigins(aws).uploads).toEqual(['https://kib-media.s3.us-east-1.amazonaws.com']);
  });

  it('lets the browser upload to a compatible store, by path or by sub-domain', () => {
    const endpoint = 'http://minio.internal:9000/';
    const byPath: MediaConfig = {
      s3: { ...S3, endpoint, forcePathStyle: true },
      pictureBaseUrl: undefined,
      videoBaseUrl: undefined,
    };
    const byHost: MediaConfig = { ...byPath, s3: { ...S3, endpoint, forcePathStyle: false } };
    expect(mediaOrigins(byPath).uploads).toEqual(['http://minio.internal:9000']);
    expect(mediaOrigins(byHost).uploads).toEqual(['http://kib-media.minio.internal:9000']);
  });
});

describe('where browsers load stored files from', () => {
  const PUBLIC = 'http://localhost:8080';

  it("answers Kib's own files as root-relative paths, right at whatever host the page was opened at", () => {
    expect(mediaBaseUrl(undefined, PUBLIC, 'pictures')).toBe('/media/pictures');
    expect(mediaBaseUrl(undefined, PUBLIC, 'videos')).toBe('/media/videos');
  });

  it("turns a configured address on Kib's own origin into its path", () => {
    expect(mediaBaseUrl('http://localhost:8080/files/pictures/', PUBLIC, 'pictures')).toBe('/files/pictures');
  });

  it("keeps a CDN or bucket address (another origin), or Kib's bare root, as it is", () => {
    expect(mediaBaseUrl('http://localhost:8080', PUBLIC, 'videos')).toBe('http://localhost:8080');
    expect(mediaBaseUrl('https://img.cdn.example.org/kib', PUBLIC, 'pictures')).toBe(
      'https://img.cdn.example.org/kib',
    );
    expect(mediaBaseUrl('http://127.0.0.1:8080/media/pictures', PUBLIC, 'pictures')).toBe(
      'http://127.0.0.1:8080/media/pictures',
    );
  });
});
