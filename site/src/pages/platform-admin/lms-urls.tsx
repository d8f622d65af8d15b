import type { LtiToolUrls } from '@kib/core';
import { useT } from '../../i18n/language';
import { CopyButton } from '../../ui/copy-button';

/** Kib's addresses to paste into an LMS, each with a copy button. */
export function ToolUrlsPanel({ urls }: { urls: LtiToolUrls }) {
  const t = useT();
  const rows: { label: string; value: string }[] = [
    { label: t('platform-admin.url-lti11-launch'), value: urls.lti11LaunchUrl },
    { label: t('platform-admin.url-lti13-login'), value: urls.lti13LoginUrl },
    { label: t('platform-admin.url-lti13-redirect'), value: urls.lti13RedirectUri },
    { label: t('platform-admin.url-lti13-keyset'), value: urls.lti13KeysetUrl },
    { label: t('platform-admin.url-lti13-registration'), value: urls.lti13RegistrationUrl },
  ];
  return (
    <section className="lms-section card lms-urls" aria-labelledby="lms-urls">
      <h2 id="lms-urls">{t('platform-admin.urls-title')}</h2>
      <p className="lms-lead">{t('platform-admin.urls-lead')}</p>
      <dl>
        {rows.map((row) => (
          <div key={row.label} className="lms-url">
            <dt>{row.label}</dt>
            <dd>
              <code>{row.value}</code>
              <CopyButton text={row.value}>
                {t('site.copy')}
                <span className="visually-hidden"> {row.label}</span>
              </CopyButton>
            </dd>
          </div>
        ))}
      </dl>
      <p className="lms-note">
        {urls.dynamicRegistration === 'open'
          ? t('platform-admin.dynamic-registration-open')
          : t('platform-admin.dynamic-registration-closed')}
      </p>
    </section>
  );
}
