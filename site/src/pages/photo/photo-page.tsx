import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { useDocumentTitle } from '../../ui/use-document-title';
import {
  photoProblem,
  photoSocketUrl,
  sendPhoto,
  tokenExpired,
  tokenOfHash,
  type PhoneStatus,
} from './photo-socket';
import './photo-page.css';

/** The reasons of a refused photo the page explains; a spent or expired link has its own message. */
const REASONS = [
  'link-invalid',
  'photo-type-invalid',
  'photo-too-large',
  'photo-unreadable',
  'storage-unavailable',
];
const SPENT = ['link-used', 'link-expired'];

/**
 * /photo#<token> (spec 03 §4): the page a phone opens from the QR code of a problem page, without
 * logging in. A large "Take photo" control opens the camera, the photo is previewed, and Send puts
 * it on the phone-photo socket with the link's single-use token; the link's status shows in colour
 * and words. An expired or spent link says so and how to get a new one.
 */
export function PhotoPage() {
  const t = useT();
  useDocumentTitle(t('photo.title'));
  const { hash } = useLocation();
  const [token] = useState(() => tokenOfHash(hash));
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<'not-image' | 'too-large' | null>(null);
  const [status, setStatus] = useState<PhoneStatus>('not-connected');
  const [reason, setReason] = useState<string | null>(null);
  const inputId = useId();

  useEffect(() => {
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const spent = !token ? false : tokenExpired(token) || (reason !== null && SPENT.includes(reason));

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    if (!file) return;
    const why = photoProblem(file);
    setProblem(why);
    setPhoto(why ? null : file);
  };

  const send = async () => {
    if (!token || !photo) return;
    setReason(null);
    const result = await sendPhoto(photoSocketUrl(window.location.origin), token, photo, setStatus);
    setReason(result.status === 'failed' ? (result.reason ?? 'other') : null);
  };

  const busy = status === 'connecting' || status === 'connected';
  const statusText =
    status === 'failed' && reason
      ? `${t('photo.status-failed')}. ${t(REASONS.includes(reason) ? `photo.reason-${reason}` : 'photo.reason-other')}`
      : t(`photo.status-${status}`);

  return (
    <div className="container page photo-page">
      <h1>{t('photo.title')}</h1>
      {!token ? (
        <Alert tone="danger">{t('photo.no-link')}</Alert>
      ) : spent ? (
        <Alert tone="danger">{t('photo.expired')}</Alert>
      ) : status === 'sent' ? (
        <div className="photo-done">
          <p role="status" className="photo-status" data-status="sent">
            <span className="photo-status-dot" aria-hidden="true" />
            {t('photo.status-sent')}
          </p>
          <p>{t('photo.sent-detail')}</p>
        </div>
      ) : (
        <>
          <p>{t('photo.intro')}</p>
          <p
            role="status"
            aria-live="polite"
            aria-atomic="true"
            className="photo-status"
            data-status={status}
          >
            <span className="photo-status-dot" aria-hidden="true" />
            {statusText}
          </p>
          <label className="button button-primary photo-take" htmlFor={inputId}>
            <span aria-hidden="true">📷</span>
            {photo ? t('photo.change') : t('photo.take')}
          </label>
          <input
            id={inputId}
            className="visually-hidden photo-input"
            type="file"
            accept="image/*"
            capture="environment"
            disabled={busy}
            onChange={choose}
          />
          {problem ? <Alert tone="danger">{t(`photo.${problem}`)}</Alert> : null}
          {preview && photo ? (
            <>
              <img className="photo-preview" src={preview} alt={t('photo.preview')} />
              <button
                type="button"
                className="button button-primary photo-send"
                disabled={busy}
                aria-busy={busy}
                onClick={() => void send()}
              >
                {busy ? t('photo.sending') : t('photo.send')}
              </button>
            </>
          ) : null}
        </>
      )}
    </div>
  );
}
