import { ApiError, type ApiClient } from '@kib/api-client';
import type { LtiSession } from '@kib/core';
import type { Language } from '@kib/i18n';
import { useEffect, useEffectEvent, useLayoutEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useApi } from '../../app/api';
import { useAuth } from '../../auth/auth';
import { useLanguage, useT } from '../../i18n/language';
import { Alert } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { LtiMain } from './lti-session';

/**
 * The exchange of each code, kept for the page's life: a code is spent on first use, so whatever
 * runs the page's effect again (React's strict mode, a language change, a re-render) must get the
 * same answer instead of asking again with a spent code.
 */
const exchanges = new Map<string, Promise<LtiSession>>();

function exchangeOnce(api: ApiClient, code: string): Promise<LtiSession> {
  let exchange = exchanges.get(code);
  if (!exchange) {
    exchange = api.endpoints.ltiSession({ body: { code } });
    exchanges.set(code, exchange);
  }
  return exchange;
}

/** The LMS pages a session may open; anything else falls back to the student page. */
function safeNext(next: string): string {
  return /^\/moodle(?:student|teacher)\?[\w=&%-]*$/.test(next) ? next : '/moodlestudent';
}

type LoginState = 'working' | 'missing' | 'invalid' | 'failed' | 'done';

/**
 * /moodlelogin?code=… (spec 03 "LTI screens"): where an LMS launch lands. The one-time code leaves
 * the address bar at once, is exchanged once for the session's access token (memory only: an LMS
 * frame may not keep cookies), and the page goes on to the activity. Messages: 'No access token
 * provided.', 'Invalid token.', 'Login successful. You are authenticated via Moodle.'
 */
export function MoodleLoginPage() {
  const t = useT();
  const api = useApi();
  const { adopt } = useAuth();
  const { setLanguage } = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [code] = useState(() => params.get('code'));
  // The launch's language, named by the server beside the code: the page speaks it from the first
  // paint, its error messages included, before the session says it.
  const [launchLanguage] = useState((): Language | null => {
    const lang = params.get('lang');
    return lang === 'es' || lang === 'en' ? lang : null;
  });
  const [state, setState] = useState<LoginState>(code ? 'working' : 'missing');
  const [failure, setFailure] = useState('');
  useDocumentTitle(t('lti.login-title'));

  useLayoutEffect(() => {
    if (launchLanguage) setLanguage(launchLanguage, { remember: false });
  }, [launchLanguage, setLanguage]);

  // Runs with the page's current translate, language and navigation, but is not what starts the
  // exchange: the LMS's language changes `t` on the way, and must not exchange the code again.
  const opened = useEffectEvent(async (session: LtiSession, alive: () => boolean) => {
    const user = await adopt(session.access);
    if (!alive()) return;
    // Inside the LMS, the LMS's language (launch_presentation_locale or the locale claim, kept on the
    // user) wins, for this page only: no cookie, which an LMS frame on another site may not keep.
    setLanguage(user.language, { remember: false });
    setState('done');
    navigate(safeNext(session.next), { replace: true });
  });
  const refused = useEffectEvent((error: unknown) => {
    if (error instanceof ApiError && error.status < 500) setState('invalid');
    else {
      setFailure(errorMessage(error, t));
      setState('failed');
    }
  });

  useEffect(() => {
    if (!code) return;
    // Out of the address bar and the history: the code must not linger where it can be copied.
    navigate('/moodlelogin', { replace: true });
    let alive = true;
    exchangeOnce(api, code)
      .then((session) => (alive ? opened(session, () => alive) : undefined))
      .catch((error: unknown) => {
        if (alive) refused(error);
      });
    return () => {
      alive = false;
    };
  }, [code, api, navigate]);

  return (
    <LtiMain>
      <h1>{t('lti.login-title')}</h1>
      {state === 'working' && (
        <p>
          <Spinner label={t('lti.login-working')} /> <span aria-hidden="true">{t('lti.login-working')}</span>
        </p>
      )}
      {state === 'done' && <Alert tone="success">{t('lti.login-success')}</Alert>}
      {state === 'missing' && (
        <Alert tone="danger">
          <p>{t('lti.login-missing')}</p>
          <p>{t('lti.login-again')}</p>
        </Alert>
      )}
      {state === 'invalid' && (
        <Alert tone="danger">
          <p>{t('lti.login-invalid')}</p>
          <p>{t('lti.login-again')}</p>
        </Alert>
      )}
      {state === 'failed' && <Alert tone="danger">{failure}</Alert>}
    </LtiMain>
  );
}
