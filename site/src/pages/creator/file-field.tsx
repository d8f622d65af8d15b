import { useEffect, useId, useMemo, useState } from 'react';
import { useT } from '../../i18n/language';
import { usePublicConfig } from '../../app/public-config';
import { DEFAULT_UPLOADS } from './creator-data';
import { slotId, useCreatorDraft, useCreatorDraftStore, type FileSlot } from './creator-draft.store';
import { usePresignedVideoUpload } from './video-upload';

/** The extensions each kind of file may have (spec 02 §5). */
const EXTENSIONS = { picture: ['jpg', 'jpeg', 'png', 'gif'], video: ['mp4', 'mov'] } as const;
const ACCEPT = {
  picture: '.jpg,.jpeg,.png,.gif,image/jpeg,image/png,image/gif',
  video: '.mp4,.mov,video/mp4,video/quicktime',
};

/** Megabytes, as the limits are said. */
const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

/**
 * Why a file cannot go in a slot of `kind` (an i18n key and its params), or null when it can. A
 * video over the multipart limit can: it goes to a presigned address ({@link needsDirectUpload}),
 * whose own limit the server says.
 */
export function fileProblem(
  file: File,
  kind: FileSlot['kind'],
  uploads: typeof DEFAULT_UPLOADS,
): { key: string; params?: Record<string, unknown> } | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const allowed: readonly string[] = EXTENSIONS[kind];
  const types = kind === 'picture' ? uploads.pictureTypes : uploads.videoTypes;
  // The limits may name MIME types or extensions; the server checks the content again.
  const listed = file.type === '' || [file.type, extension, `.${extension}`].some((v) => types.includes(v));
  if (!allowed.includes(extension) || !listed)
    return { key: kind === 'picture' ? 'creator.file-not-picture' : 'creator.file-not-video' };
  if (kind === 'picture' && file.size > uploads.pictureMaxBytes)
    return { key: 'creator.file-too-large', params: { max: megabytes(uploads.pictureMaxBytes) } };
  return null;
}

/** Is this file a video too large to travel with the save, uploaded straight to the store instead? */
export function needsDirectUpload(
  file: File,
  kind: FileSlot['kind'],
  uploads: typeof DEFAULT_UPLOADS,
): boolean {
  return kind === 'video' && file.size > uploads.videoMaxBytes;
}

/**
 * A picture or video of the draft: the stored one (shown, with a button that takes it out), or the
 * file chosen and not uploaded yet (previewed, sent with the next save), and the file input that
 * chooses one. The type and size are checked against GET config/'s limits before the file is kept.
 * A video over the multipart limit is uploaded at once to the address get_presigned_url/ gives, its
 * progress shown (and cancellable), and its key then put in the draft.
 */
export function FileField({
  slot,
  stored,
  label,
  id,
  error,
}: {
  slot: FileSlot;
  /** The stored file's key in the draft, or null. */
  stored: string | null;
  label: string;
  /** The input's element id (the error summary links to it). */
  id: string;
  /** A server's or check's message about this file. */
  error?: string;
}) {
  const t = useT();
  const hintId = useId();
  const errorId = useId();
  const store = useCreatorDraftStore();
  const chosen = useCreatorDraft((s) => s.files[slotId(slot)]);
  const config = usePublicConfig();
  const uploads = config.data?.uploads ?? DEFAULT_UPLOADS;
  const [problem, setProblem] = useState<string | null>(null);
  const [inputKey, setInputKey] = useState(0);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const progressId = useId();
  const direct = usePresignedVideoUpload((key, name) => {
    store.getState().setStoredFile(slot, key);
    setUploaded(t('creator.video-uploaded', { name }));
  });
  const uploading = direct.state.phase === 'uploading' ? direct.state : null;
  const preview = useObjectUrl(slot.kind === 'picture' ? (chosen?.file ?? null) : null);
  const max = slot.kind === 'picture' ? uploads.pictureMaxBytes : uploads.videoMaxBytes;
  const shownError = problem ?? (direct.state.phase === 'failed' ? direct.state.message : null) ?? error;
  const storedUrl =
    stored && slot.kind === 'picture' && config.data ? `${config.data.pictureBaseUrl}/${stored}` : null;

  return (
    <div className="field creator-file">
      <label htmlFor={id}>{label}</label>
      {chosen ? (
        <div className="creator-file-current">
          {preview && <img src={preview} alt={t('creator.file-preview', { name: chosen.name })} />}
          <span className="creator-file-name">{t('creator.file-chosen', { name: chosen.name })}</span>
          <button
            type="button"
            className="button button-secondary modules-small"
            onClick={() => {
              store.getState().setFile(slot, null);
              setInputKey((k) => k + 1);
            }}
          >
            {t('creator.file-forget')}
            <span className="visually-hidden"> {label}</span>
          </button>
        </div>
      ) : stored ? (
        <div className="creator-file-current">
          {storedUrl && <img src={storedUrl} alt={t('creator.file-stored-alt', { label })} />}
          <span className="creator-file-name">{t('creator.file-stored', { name: stored })}</span>
          <button
            type="button"
            className="button button-secondary modules-small"
            onClick={() => store.getState().removeStoredFile(slot)}
          >
            {t('creator.file-remove')}
            <span className="visually-hidden"> {label}</span>
          </button>
        </div>
      ) : null}
      {uploading && (
        <div className="creator-file-upload">
          <span id={progressId} className="creator-file-upload-name">
            {t('creator.video-uploading', { name: uploading.name })}
          </span>
          <progress
            aria-labelledby={progressId}
            max={Math.max(uploading.total, 1)}
            value={uploading.sent}
            aria-valuetext={t('creator.video-upload-percent', { percent: percentOf(uploading) })}
          />
          <span aria-hidden="true">
            {t('creator.video-upload-percent', { percent: percentOf(uploading) })}
          </span>
          <button
            type="button"
            className="button button-secondary modules-small"
            onClick={() => {
              direct.cancel();
              setInputKey((k) => k + 1);
              setUploaded(t('creator.video-upload-cancelled', { name: uploading.name }));
            }}
          >
            {t('creator.video-upload-cancel')}
            <span className="visually-hidden"> {label}</span>
          </button>
        </div>
      )}
      <input
        key={inputKey}
        id={id}
        type="file"
        accept={ACCEPT[slot.kind]}
        aria-describedby={shownError ? `${errorId} ${hintId}` : hintId}
        aria-invalid={shownError ? true : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          const found = fileProblem(file, slot.kind, uploads);
          if (found) {
            setProblem(t(found.key, found.params));
            setInputKey((k) => k + 1);
            return;
          }
          setProblem(null);
          setUploaded(null);
          if (needsDirectUpload(file, slot.kind, uploads)) {
            store.getState().setFile(slot, null);
            direct.start(file);
            return;
          }
          direct.cancel();
          store.getState().setFile(slot, file);
        }}
      />
      {slot.kind === 'video' && (
        <div className="visually-hidden" role="status">
          {uploaded}
        </div>
      )}
      <div id={hintId} className="field-hint">
        {t(slot.kind === 'picture' ? 'creator.picture-hint' : 'creator.video-hint', { max: megabytes(max) })}
      </div>
      {shownError && (
        <div id={errorId} className="field-error">
          {shownError}
        </div>
      )}
    </div>
  );
}

/** How much of an upload has been sent, in whole percent. */
const percentOf = ({ sent, total }: { sent: number; total: number }) =>
  total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0;

/** An object URL of a chosen file for its preview, revoked when the file changes or the field goes. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}
