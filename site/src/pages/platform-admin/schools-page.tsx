import { ApiError } from '@kib/api-client';
import type { SchoolCode } from '@kib/core';
import { useState } from 'react';
import { useT } from '../../i18n/language';
import { Alert, StatusNotice } from '../../ui/alert';
import { errorMessage } from '../../ui/error-message';
import { Spinner } from '../../ui/spinner';
import { useDocumentTitle } from '../../ui/use-document-title';
import { NoAccess } from './platform-admin-layout';
import { useSchoolCodes } from './schools-data';
import { CreatedCodeNotice, NewSchoolCodeForm } from './schools-form';
import { SchoolCodeSearchBox, SchoolCodesTable, Searching } from './schools-list';

/**
 * /platformAdmin/schools, "Schools", the platform admin's landing (spec 03 "Platform administrator
 * landing"): the form that makes a school code, the code just made (to copy and hand over), and
 * every code with its state and its school's use, searched and revoked here. A caller the server
 * refuses (403) is told the page is not for them.
 */
export function SchoolsPage() {
  const t = useT();
  const [search, setSearch] = useState('');
  const codes = useSchoolCodes(search);
  const [created, setCreated] = useState<SchoolCode | null>(null);
  const [notice, setNotice] = useState('');
  useDocumentTitle(t('platform-admin.schools-title'));

  if (codes.error instanceof ApiError && codes.error.status === 403) return <NoAccess />;
  const found = codes.data;
  return (
    <div className="platform-admin-page">
      <h1>{t('platform-admin.schools-title')}</h1>
      <p className="lms-lead">{t('platform-admin.schools-lead')}</p>

      <NewSchoolCodeForm
        onCreated={(code) => {
          setNotice('');
          setCreated(code);
        }}
      />
      <div role="status" className="lms-notice schools-notice">
        {created && <CreatedCodeNotice created={created} onClose={() => setCreated(null)} />}
      </div>

      <section className="lms-section" aria-labelledby="schools-codes">
        <h2 id="schools-codes">{t('platform-admin.schools-list-title')}</h2>
        <p className="lms-lead">{t('platform-admin.schools-list-lead')}</p>
        <SchoolCodeSearchBox onSearch={setSearch} />
        <StatusNotice className="lms-notice" notice={notice} onClose={() => setNotice('')} />
        {found ? (
          <>
            {codes.isPlaceholderData && <Searching />}
            {codes.isError && <ListFailure error={codes.error} onRetry={() => void codes.refetch()} />}
            <SchoolCodesTable found={found} onNotice={setNotice} />
          </>
        ) : codes.isError ? (
          <ListFailure error={codes.error} onRetry={() => void codes.refetch()} />
        ) : (
          <p className="lms-loading">
            <Spinner label={t('platform-admin.schools-loading')} />
            <span aria-hidden="true">{t('platform-admin.schools-loading')}</span>
          </p>
        )}
      </section>
    </div>
  );
}

/** The list could not be read: why, and a way to try again. */
function ListFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  return (
    <Alert tone="danger">
      <p className="lms-alert-text">
        {t('platform-admin.schools-load-failed')} {errorMessage(error, t)}
      </p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('platform-admin.retry')}
      </button>
    </Alert>
  );
}
