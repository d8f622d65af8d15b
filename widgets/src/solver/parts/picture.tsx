import { useState } from 'react';

/** Props of {@link Picture}. */
export interface PictureProps {
  /** The picture's address; null when there is none to show. */
  src: string | null;
  /** What the picture is, for a reader who cannot see it. */
  alt: string;
  className?: string;
}

/**
 * A picture of the problem's content (statement, question, hint, step): loaded when it comes near
 * the screen, and left out, rather than shown broken, when it has no address or does not load.
 */
export function Picture({ src, alt, className }: PictureProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) return null;
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      loading="lazy"
      decoding="async"
      onError={() => setFailedSrc(src)}
    />
  );
}
