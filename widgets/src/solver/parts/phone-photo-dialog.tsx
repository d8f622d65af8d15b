import type { Language } from '@kib/i18n';
import { lazy, Suspense, useEffect, useReducer, useRef, useState } from 'react';
import { useT } from '../../shared/i18n';
import { useAnnouncer } from '../../shared/use-announcer';
import { ModalDialog } from './modal-dialog';
import css from './phone-photo.css?inline';
import {
  parsePhonePhotoMessage,
  PHONE_PHOTO_INITIAL,
  phonePhotoReducer,
  reasonKey,
  type PhonePhotoCapability,
} from './phone-photo.logic';

/** qrcode.react stays out of the solver's chunk: only a student who opens this dialog needs it. */
const PhonePhotoQr = lazy(() => import('./phone-photo-qr'));

/** Props of {@link PhonePhotoDialog}. */
export interface PhonePhotoDialogProps {
  open: boolean;
  /** The numeral the photo is for. */
  numeralId: number;
  phonePhoto: PhonePhotoCapability;
  /**
   * Receives the photo's LaTeX when it was read and there is a math answer to put it in; absent:
   * the photo is only shown as attached for the teacher.
   */
  onLatex?: (latex: string) => void;
  /** Called when the student closes the dialog (button, Escape or backdrop). */
  onClose: () => void;
  /** Interface language; Spanish by default. */
  lang?: Language;
}

/**
 * "Take a photo with your phone" (spec 03 §4): a modal with the QR code of a short-lived link for the
 * phone (and the link itself, to copy), the link's status — not connected (red), connecting,
 * connected, failed — in colour and words, announced to screen readers, and the photo once it
 * arrives: its LaTeX goes into the answer when it was read, otherwise its picture is shown as
 * attached to the answer for the teacher. A new link is opened each time the dialog opens.
 */
export function PhonePhotoDialog({
  open,
  numeralId,
  phonePhoto,
  onLatex,
  onClose,
  lang,
}: PhonePhotoDialogProps) {
  const t = useT(lang);
  const { announce, region } = useAnnouncer();
  const [state, dispatch] = useReducer(phonePhotoReducer, PHONE_PHOTO_INITIAL);
  const [attempt, setAttempt] = useState(0);
  const onLatexRef = useRef(onLatex);
  useEffect(() => {
    onLatexRef.current = onLatex;
  }, [onLatex]);

  // Each opening (and each "new link") opens a link and its socket; closing ends both.
  useEffect(() => {
    if (!open) return;
    let live = true;
    let socket: WebSocket | null = null;
    dispatch({ type: 'reset' });
    phonePhoto.openSession(numeralId).then(
      (session) => {
        if (!live) return;
        dispatch({ type: 'session', session });
        dispatch({ type: 'socket-opening' });
        const created = (phonePhoto.createSocket ?? ((url: string) => new WebSocket(url)))(
          phonePhoto.socketUrl,
        );
        socket = created;
        created.addEventListener('open', () => {
          created.send(JSON.stringify({ role: 'desktop', token: session.desktopToken }));
        });
        created.addEventListener('message', (event: MessageEvent) => {
          const message = parsePhonePhotoMessage(event.data);
          if (!live || !message) return;
          dispatch({ type: 'message', message });
          if (message.type === 'photo' && message.latex !== null) onLatexRef.current?.(message.latex);
        });
        created.addEventListener('close', () => {
          if (live) dispatch({ type: 'socket-closed' });
        });
      },
      () => {
        if (live) dispatch({ type: 'session-failed' });
      },
    );
    return () => {
      live = false;
      socket?.close();
    };
  }, [open, attempt, numeralId, phonePhoto]);

  const inserted = state.result?.latex != null && onLatex !== undefined;
  const statusText = state.result
    ? inserted
      ? t('phone-photo.inserted')
      : t('phone-photo.attached')
    : state.sessionFailed
      ? t('phone-photo.session-failed')
      : state.status === 'failed'
        ? `${t('phone-photo.status-failed')}: ${t(reasonKey(state.reason))}`
        : t(`phone-photo.status-${state.status}`);

  const copy = async () => {
    if (!state.session) return;
    try {
      await navigator.clipboard.writeText(state.session.phoneUrl);
      announce(t('phone-photo.copied'));
    } catch {
      announce(t('phone-photo.copy-failed'));
    }
  };

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={t('phone-photo.title')}
      closeLabel={t('phone-photo.close')}
      block="kib-phone-photo"
      css={css}
      focusClose
    >
      {({ close }) => (
        <>
          <div className="kib-dialog__body">
            <div
              role="status"
              aria-live="polite"
              aria-atomic="true"
              className="kib-phone-photo__status"
              data-status={state.result ? 'received' : state.status}
            >
              <span className="kib-phone-photo__dot" aria-hidden="true" />
              <span>{statusText}</span>
            </div>
            {!open ? null : state.result ? (
              <div className="kib-phone-photo__result">
                {state.result.pictureUrl && !inserted ? (
                  <img
                    className="kib-phone-photo__thumbnail"
                    src={state.result.pictureUrl}
                    alt={t('phone-photo.thumbnail')}
                  />
                ) : null}
              </div>
            ) : state.session && state.status !== 'failed' ? (
              <div className="kib-phone-photo__link">
                <p className="kib-phone-photo__instructions">{t('phone-photo.instructions')}</p>
                <Suspense fallback={<div className="kib-phone-photo__qr" />}>
                  <PhonePhotoQr value={state.session.phoneUrl} label={t('phone-photo.qr')} />
                </Suspense>
                <p className="kib-phone-photo__address">
                  <span>{t('phone-photo.address')} </span>
                  <a href={state.session.phoneUrl} target="_blank" rel="noreferrer">
                    {state.session.phoneUrl}
                  </a>
                </p>
              </div>
            ) : !state.session && !state.sessionFailed ? (
              <p>{t('phone-photo.opening')}</p>
            ) : null}
          </div>
          <div className="kib-dialog__actions">
            {state.session && !state.result && state.status !== 'failed' ? (
              <button type="button" className="kib-button" onClick={() => void copy()}>
                {t('phone-photo.copy')}
              </button>
            ) : null}
            {state.status === 'failed' || state.result ? (
              <button type="button" className="kib-button" onClick={() => setAttempt((n) => n + 1)}>
                {state.result ? t('phone-photo.another') : t('phone-photo.retry')}
              </button>
            ) : null}
            <button type="button" className="kib-button kib-button--primary" onClick={close}>
              {state.result ? t('phone-photo.done') : t('phone-photo.cancel')}
            </button>
          </div>
          {region}
        </>
      )}
    </ModalDialog>
  );
}
