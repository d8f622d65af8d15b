import { useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../i18n/language';
import './session-expired-alert.css';

/** The custom property on <html> holding the notice's height, which the page leaves free above it. */
const HEIGHT_PROPERTY = '--session-expired-height';

/**
 * The notice of a session that expired mid-session (spec 01 §8 'Your session expired. Please reload
 * the window!'), pinned to the top of the window above the page the reader is on, which stays as it
 * is: it offers to reload and, for a session that came from Kib's login, to log in again in another
 * tab and carry on here. The page is pushed down by the notice's height (and a focused control is
 * scrolled into view below it), so nothing is hidden under it. It is announced but never takes the
 * focus, and it can be closed.
 */
export function SessionExpiredAlert({ canLogIn }: { canLogIn: boolean }) {
  const t = useT();
  const [closed, setClosed] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(HEIGHT_PROPERTY, `${element.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(HEIGHT_PROPERTY);
    };
  }, [closed]);

  if (closed) return null;
  return (
    <div className="session-expired" ref={box}>
      <div className="alert alert-danger" role="alert">
        <div className="alert-body">
          <p className="session-expired-title">{t('site.session-expired')}</p>
          <p>{t(canLogIn ? 'site.session-expired-log-in-hint' : 'site.session-expired-keep')}</p>
          <div className="session-expired-actions">
            <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
              {t('site.session-reload')}
            </button>
            {canLogIn ? (
              <a className="button button-secondary" href="/login" target="_blank" rel="noopener">
                {t('site.session-log-in-tab')}
              </a>
            ) : null}
          </div>
        </div>
        <button
          type="button"
          className="alert-close"
          onClick={() => setClosed(true)}
          aria-label={t('site.close')}
        >
          ×
        </button>
      </div>
    </div>
  );
}
