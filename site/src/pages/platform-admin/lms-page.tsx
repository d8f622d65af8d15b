import { ApiError } from '@kib/api-client';
import { useState } from 'react';
import { useT } from '../../i18n/language';
import { Alert, StatusNotice } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { useRegistrations } from './lti-admin-data';
import { ConsumersSection } from './lms-consumers';
import { KeysSection } from './lms-keys';
import { PlatformsSection } from './lms-platforms';
import { ToolUrlsPanel } from './lms-urls';
import { NoAccess } from './platform-admin-layout';

/**
 * /platformAdmin/lms, "LMS connections": the LMSs connected to Kib over LTI 1.1 (consumers) and LTI
 * 1.3 (platforms), Kib's signing keys and the addresses to paste into Moodle; adding, disabling,
 * enabling and rotating (spec 03 platform administrator, docs/lti-moodle.md). A caller the server
 * refuses (403) is told the page is not for them.
 */
export function LmsPage() {
  const t = useT();
  const registrations = useRegistrations();
  const [notice, setNotice] = useState('');
  useDocumentTitle(t('platform-admin.lms-title'));

  if (registrations.error instanceof ApiError && registrations.error.status === 403) return <NoAccess />;
  const data = registrations.data;
  return (
    <div className="platform-admin-page">
      <h1>{t('platform-admin.lms-title')}</h1>
      <p className="lms-lead">{t('platform-admin.lms-lead')}</p>
      <StatusNotice className="lms-notice" notice={notice} onClose={() => setNotice('')} />
      {data ? (
        <>
          <ToolUrlsPanel urls={data.toolUrls} />
          <ConsumersSection consumers={data.consumers} onNotice={setNotice} />
          <PlatformsSection platforms={data.platforms} onNotice={setNotice} />
          <KeysSection keys={data.keys} onNotice={setNotice} />
        </>
      ) : registrations.isError ? (
        <Alert tone="danger">
          <p className="lms-alert-text">
            {t('platform-admin.load-failed')} {errorMessage(registrations.error, t)}
          </p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void registrations.refetch()}
            disabled={registrations.isFetching}
          >
            {t('platform-admin.retry')}
          </button>
        </Alert>
      ) : (
        <p className="lms-loading">
          <Spinner label={t('platform-admin.loading')} />
          <span aria-hidden="true">{t('platform-admin.loading')}</span>
        </p>
      )}
    </div>
  );
}
