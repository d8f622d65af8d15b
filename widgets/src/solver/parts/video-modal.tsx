import type { Language } from '@kib/i18n';
import { useState } from 'react';
import { useT } from '../../shared/i18n';
import { mediaUrl } from '../media';
import { ModalDialog } from './modal-dialog';
import css from './video-modal.css?inline';

/** Props of {@link VideoModal}. */
export interface VideoModalProps {
  /** The video's key on the content-delivery host; null when the numeral has none. */
  videoId: string | null;
  /** The content-delivery host's base address, e.g. `https://cdn.example.org/videos`; null: not configured. */
  videoBaseUrl?: string | null;
  open: boolean;
  /** Called when the student closes the dialog (button, Escape or backdrop). */
  onClose: () => void;
  /** Interface language; Spanish by default. */
  lang?: Language;
}

/**
 * The address of a video: `${base}/${id}`, with the id escaped as one path segment (see
 * {@link mediaUrl}); null without an id or without a base address.
 */
export function videoUrl(videoBaseUrl: string | null | undefined, videoId: string | null): string | null {
  return mediaUrl(videoBaseUrl, videoId);
}

/**
 * The video dialog (spec 02 §2): a modal that plays the numeral's video from the content-delivery
 * host, without a download button, picture-in-picture or context menu; 'not available' when there is
 * no video. The player exists only while the dialog is open, so closing stops it.
 */
export function VideoModal({ videoId, videoBaseUrl, open, onClose, lang }: VideoModalProps) {
  const t = useT(lang);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const src = videoUrl(videoBaseUrl, videoId);

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('solver.parts.video-title')}
      closeLabel={t('solver.parts.close')}
      block="kib-video-modal"
      css={css}
    >
      {({ titleId }) => (
        <div className="kib-dialog__body">
          {!open ? null : src ? (
            <>
              <video
                key={src}
                className="kib-video-modal__video"
                src={src}
                controls
                controlsList="nodownload"
                disablePictureInPicture
                playsInline
                preload="metadata"
                aria-labelledby={titleId}
                onContextMenu={(event) => event.preventDefault()}
                onError={() => setFailedSrc(src)}
              />
              {failedSrc === src ? (
                <p role="alert" className="kib-video-modal__message">
                  {t('solver.parts.video-error')}
                </p>
              ) : null}
            </>
          ) : (
            <p className="kib-video-modal__message">{t('solver.parts.video-not-available')}</p>
          )}
        </div>
      )}
    </ModalDialog>
  );
}
